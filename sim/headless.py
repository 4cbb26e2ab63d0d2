"""The screens without a window: a virtual clock of 33 ms frames, key presses by name."""
from sim.fakes import bit
from engine.core.parse import number, quoted
from engine.ui.app import App, FRAME_MS
from sim import boards, png
from sim.storage import DirStorage

LONGEST_MS = 600000  # of a WAIT or a HOLD: ten minutes, far past any screen's timing


def set_language(app, code):
    """Speak `code` as if the player had chosen it (not written to the settings file)."""
    from engine.ui import lang
    lang.use(code)
    app.settings.lang = lang.code


class Runner:
    def __init__(self, board, folder, seed=1, lang=None, ask=False, cable=None):
        """lang: the screens' language whatever the settings say (None: theirs; when none was
        chosen yet, English, or with `ask` the power-on's question, as on a new device);
        cable: the link to another handheld (App's)."""
        self.board = boards.get(board)
        self.now = 0
        from engine.ui import unload
        from engine.ui.loading import game_modules
        unload(game_modules())  # (a power-on: no game's code is loaded yet)
        self.app = App(self.board, DirStorage(folder), seed, cable=cable)
        if lang or (self.app.settings.lang is None and not ask):
            set_language(self.app, lang or "en")
        self.app.start()
        self.frame(0)

    def frame(self, buttons=0):
        # (the text module paints into one screen's buffer, as a handheld has one: runners
        # side by side in one process, linked, point it at their own)
        from engine.ui import text, paint
        text.use(self.app.buf, self.app.w, self.app.h, paint.paint, paint.spell)
        self.app.frame(buttons, self.now)
        self.now += FRAME_MS

    def _button(self, name):
        """The bit of a button; 0 for one the board does not have (pressing it does nothing)."""
        b = bit(name)
        if not b:
            raise ValueError("unknown key %s" % quoted(name))
        return b & self.board.buttons

    def press(self, name):
        """Press a button for one frame and release it for one frame."""
        self.frame(self._button(name))
        self.frame(0)

    def hold(self, name, ms):
        b = self._button(name)
        for _ in range(max(1, ms // FRAME_MS)):
            self.frame(b)
        self.frame(0)

    def wait(self, ms):
        for _ in range(max(1, ms // FRAME_MS)):
            self.frame(0)

    def keys(self, spec, patient=False):
        """Run comma-separated keys: UP ... Y (a press each), WAIT:ms and HOLD:key:ms.
        patient: as a player would, each key waits until the screen has done its work (a
        Loading, the computer's thinking), and so does the last key's screen."""
        for word in spec.split(","):
            word = word.strip()
            if not word:
                continue
            if patient:
                self.settle()
            if word.upper().startswith("WAIT:"):
                ms = number(word[5:], LONGEST_MS)
                if ms is None:
                    raise ValueError("--keys: WAIT takes milliseconds up to %d, like "
                                     "WAIT:500, not %s" % (LONGEST_MS, quoted(word)))
                self.wait(ms)
            elif word.upper().startswith("HOLD:"):
                self._hold_word(word)
            else:
                self.press(word.upper())
        if patient:
            self.settle()

    def settle(self, frames=LONGEST_MS // FRAME_MS):
        """Frames without a key while the screen is busy (Screen.busy), `frames` at most;
        True once it is not."""
        for _ in range(frames):
            if not self.app.screen.busy():
                return True
            self.frame(0)
        return False

    def _hold_word(self, word):
        """HOLD:key:ms, the key held down for at least ms (whole frames), then released."""
        parts = word.split(":")
        ms = number(parts[2], LONGEST_MS) if len(parts) == 3 else None
        if ms is None:
            raise ValueError("--keys: HOLD takes a key and milliseconds up to %d, like "
                             "HOLD:X:600, not %s" % (LONGEST_MS, quoted(word)))
        self.held(parts[1].upper(), ms)

    def held(self, name, ms):
        """Hold a button until the screens have seen it down for at least ms (hold's last
        frame comes under ms after its first: its 600 would stay short of a long press)."""
        self.hold(name, (-(-ms // FRAME_MS) + 1) * FRAME_MS)

    def pixels(self):
        return png.rgb(self.app.buf, self.app.w, self.app.h)

    def save(self, path, scale=1):
        png.write(path, self.pixels(), self.app.w, self.app.h, scale)
