# The application: the framebuffer, the input, the current screen, and the services the screens
# share (storage, settings, the seed of the next game). The device's main loop and the
# simulator both call `frame` once per 33 ms frame with the buttons held and the time.
import framebuf
from engine.ui import unload
from engine.ui.keys import Input
from engine.ui import palette
from engine.ui.files import Files
from engine.ui import lang

FRAME_MS = 33
STATS = "stats.txt"  # games and wins per level (engine/ui/options.py)


class Screen:
    """A screen reacts to key events, may do some work each frame, and draws itself."""

    def __init__(self, app):
        self.app = app

    def key(self, ev):
        pass

    def tick(self):
        pass

    def busy(self):
        """Has the screen work under way that needs no key (thinking, saving, loading)?"""
        return False

    def draw(self, fb):
        pass


class Board:
    """A board as the screens see it: a name, a size and the buttons it has, from its one
    description (a module of firmware/boards/, which the simulator reads too)."""

    def __init__(self, desc):
        self.name = desc.NAME
        self.width = desc.WIDTH
        self.height = desc.HEIGHT
        self.buttons = 0  # (a mask of keys.*)
        for _, bit in desc.KEYS:
            self.buttons |= bit


class App:
    """The host (firmware/device.py, sim/) makes it, calls start() once and frame() every 33
    ms, and reads brightness() and turn for its backlight and LED; nothing else."""

    def __init__(self, board, storage, seed=None, buf=None, paint=None, spare=None,
                 spent=None, cable=None):
        """board: a Board; storage: the raw
        storage (engine/ui/files.py), kept sealed through Files; seed: of the first new game
        (None: from the time of the first key press); buf: the framebuffer's bytes when the
        device allocated them early (w * h / 2 bytes); paint: the device's text code, a module
        with paint and spell (firmware/paint_viper.py; None: engine/ui/paint.py); spare: is
        there time left in this frame for more work (the computer's thinking)? The device
        answers from its clock; without it (the simulator's virtual frames) one slice of work
        a frame; spent: the ms of this frame taken so far (the device's clock; without it a
        frame is taken as full, so the simulator's frames are the same on every machine);
        cable: the link to another handheld, where there is one: cable() gives its transport
        and this build's stamp (engine/ui/linkgame.py)."""
        self.board = board
        self.w = board.width
        self.h = board.height
        self.buf = buf or bytearray(self.w * self.h // 2)
        self.fb = framebuf.FrameBuffer(self.buf, self.w, self.h, framebuf.GS4_HMSB)
        if paint is None:
            from engine.ui import paint
        from engine.ui import text
        text.use(self.buf, self.w, self.h, paint.paint, paint.spell)  # (into the buffer)
        self.input = Input(board.buttons)
        self.storage = Files(storage)
        self.seed = seed
        self.now = 0
        self.settings = Settings(self.storage)
        lang.use(self.settings.lang or "en")
        self.dirty = True
        self.queued = []  # key events for the next screen (a Loading keeps them)
        self.screen = None
        self.shown = None  # the screen whose drawing the framebuffer holds
        # set by a screen's draw: its drawing goes on in the next frame, and the display shows
        # none of it before (a half-drawn board never flashes on the panel)
        self.more = False
        self.turn = 0  # whose turn the board shows (1, 2), 0 elsewhere: for a board's LED
        # the frame's work stopped before a long step (run): the device's loop collects the
        # garbage then if the heap is nearly full (firmware/device.py), and clears it
        self.long_next = False
        self.spare = spare or _never
        self.spent = spent or _full
        self.cable = cable
        self.link = None  # the other handheld's, while a linked game is set up or played

    def start(self):
        """Show the title screen: the power-on; the first asks for the language."""
        from engine.ui.power_on import first_screen
        first_screen(self)
        unload(("engine.ui.power_on",))

    def brightness(self):
        """The backlight's level the settings ask for, 1-5."""
        return self.settings.brightness

    def unload(self, names):
        unload(names)

    def run(self, steps):
        """Work spread over frames: a step of `steps` (a generator), more while this frame has
        time, up to one that yields 1 (loading.py's FULL, the coach's True: the next step is
        long, begun in a frame of its own: long_next); StopIteration, with their result, at
        their end."""
        while next(steps) != 1:
            if not self.spare():
                return
        self.long_next = True

    def go(self, screen):
        lang.leave()
        self.screen = screen
        self.dirty = True
        self.turn = 0

    def frame(self, buttons, now):
        """Run one frame; True when the framebuffer changed (the display should show it)."""
        self.now = now
        if self.link:  # (the cable read every frame, whatever the screen: its news applied)
            self.link.poll(now)
        if self.queued:  # (keys pressed while a screen was opening: engine/ui/loading.py)
            queued = self.queued
            self.queued = []
            for ev in queued:
                self.screen.key(ev)
        for ev in self.input.update(buttons, now):
            if self.seed is None:
                self.seed = now & 0x3FFFFFF
            self.screen.key(ev)
        self.screen.tick()
        if self.link:  # (a turn that ended in this frame goes now)
            self.link.flush(now)
        drawn = self.dirty
        if drawn:
            self.dirty = False
            self.screen.draw(self.fb)
            self.shown = self.screen
            if self.more:
                self.more = False
                self.dirty = True
                drawn = False
        lang.settle()  # (words read in the frame, drawn or not: their files close)
        return drawn

    def new_seed(self):
        s = self.seed if self.seed is not None else self.now
        self.seed = (s * 69069 + 1) & 0x3FFFFFF  # the next game's, small-int arithmetic
        return s & 0x3FFFFFF

    def four(self):
        """True on a board with only A, B, X, Y (hints then name X/Y instead of arrows)."""
        return self.input.four

    def clear(self, fb):
        fb.fill(palette.BG)


def _never():
    return False


def _full():
    return FRAME_MS


class Settings:
    """Brightness (1-5), colour glyphs, claim hints, the coach, the hand's order (by clan, or by value:
    `by_value`), the language (lang.CODES; None: never chosen) and the new-game form's last
    choices (`form`), kept in storage as `key value...` lines."""

    NAME = "settings.txt"

    def __init__(self, storage):
        self.storage = storage
        self.brightness = 4
        self.glyphs = True
        self.hints = True
        self.coach = True  # the coach's hints and reviews (engine/ai/coach.py)
        self.by_value = False
        self.lang = None
        # the new-game form's last choices: opponent, game, then its rows' (expert, rounds,
        # role), each an index into the row's choices (engine/ui/newgame.py checks them)
        self.form = [1, 0, 0, 0, 0]
        from engine.ui.settings_file import read
        read(self, storage.read(self.NAME))
