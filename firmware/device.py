# The device's main loop: buttons in, one frame of the screens, the framebuffer out to the
# panel, the backlight and LED kept in step with the settings and the power state.
import gc
import time
from micropython import const
from engine.ui.app import App, Board, FRAME_MS
from engine.ui import palette, unload
from firmware import power
from firmware.buttons import Buttons
from firmware.storage import FlashStorage, kept_folder

try:
    from firmware import paint_viper as paint
except (ImportError, SyntaxError, ValueError, NameError):  # no native code here: the twin
    from engine.ui import paint  # type: ignore[no-redef]  # (a module like the other)

_DIMMED = const(8)  # backlight percent when dimmed
_LED = const(15)  # LED percent (it is bright)
# Of each 33 ms frame (FRAME_MS), what the computer's thinking may take before the frame is
# drawn: all but 3 ms, about one slice of its work, which the last slice started may run
# over. A thinking frame draws nothing else but, every 200 ms, the spinner's dots: a few rows
# of the hint line, drawn, hashed and pushed in about 3 ms, so that frame runs a little long.
_WORK_MS = const(30)
# Garbage is collected in a frame's spare time once some has piled up since the last
# collection (one takes 10-25 ms on the emulated Pico), so that the collector seldom stops a
# frame's own work: a module's import, a block of words decoded (7 KB for a moment), the
# board drawn. After the computer's thinking the heap is full of its garbage: the first frame
# with time to spare collects it, not the player's next key.
_COLLECT_MS = const(12)  # the spare time a collection is given
_PILED = const(16384)  # bytes allocated since the last collection that make one
# When the heap is nearly full, a frame whose work stopped before a long step (App.long_next)
# collects it too, spare time or not: a review's frames leave none, and the collector running
# of itself inside one of its long steps (a valuation: some 55 ms on the emulated Pico) made
# a frame of 70-90 ms. (Only then: collecting early after every frame of the computer's
# thinking would collect more often, each 20-25 ms of its time.)
_LOW = const(16384)  # bytes free that make one

# A linked game's rest between frames looks at the cable every _LOOK_MS; once bytes come it
# waits _WHOLE_MS more: a turn's message (about 24 bytes) takes 2 ms at 115200 baud. A frame
# lasts _SHORTEST_MS at least (contacts bounce for 1-5 ms).
_LOOK_MS = const(2)
_WHOLE_MS = const(3)
_SHORTEST_MS = const(10)


def _cable():
    """The link's cable (engine/ui/linkgame.py), its module loaded only for a linked game."""
    from firmware.uart_link import cable
    return cable()


class Device:
    def __init__(self, board, buf):
        """board: the profile (firmware/boards/); buf: the framebuffer's bytes, allocated
        first thing at power-on while the heap is still in one piece."""
        from firmware import hw  # only to set up (unloaded below)
        self.board = board
        self.buf = buf
        self.display = hw.display(board)
        # The panel's reset first: it then takes no command for 120 ms, time the loading
        # below covers (the palette, the title screen's module and fonts, the statistics
        # file: ~120 ms on the emulated Pico, more on silicon); init, after it, waits only
        # what is left of the 120 ms.
        self.display.reset()
        self.display.palette(palette.RGB565)
        self.buttons = Buttons(board.KEYS)
        self.led = None
        if board.LED:
            from firmware.led import Led
            self.led = Led(board.LED)
        self.lit = -1
        self.began = 0
        self.app = App(Board(board), FlashStorage(kept_folder()), None, buf, paint, self._spare,
                       self._spent, _cable)
        self.power = power.Power(0)
        self.shown = None  # (power state, brightness) the backlight was last set for
        self.app.start()
        self.display.init()
        unload(("firmware.hw",))  # set up: its code back to the heap

    def _spare(self):
        return time.ticks_diff(time.ticks_ms(), self.began) < _WORK_MS

    def _spent(self):
        return time.ticks_diff(time.ticks_ms(), self.began)

    def frame(self, now):
        """One frame at time `now` (ms)."""
        self.began = time.ticks_ms()
        app = self.app
        keys = self.power.update(self.buttons.read(), now)
        self._backlight()
        if app.frame(keys, now) and self.power.state != power.OFF:
            self.display.show(self.buf)
        if self.led:
            self._led()

    def _rest(self, ms):
        """What is left of the frame (`ms`), asleep; in a linked game woken by the other
        handheld's bytes: the next frame begins as they come (_WHOLE_MS after, for the rest of
        a turn's message), so that the other's move is shown up to a frame sooner; but never
        before _SHORTEST_MS of this frame, so that two reads of the buttons are never as close
        as a contact's bounces (firmware/buttons.py)."""
        if self.app.link is None:
            time.sleep_ms(ms)
            return
        line = _cable()[0]
        spent = FRAME_MS - ms
        t = time.ticks_ms()
        while True:
            gone = time.ticks_diff(time.ticks_ms(), t)
            if gone >= ms:
                return
            if spent + gone >= _SHORTEST_MS and line.any():
                break
            time.sleep_ms(min(ms - gone, _LOOK_MS))
        time.sleep_ms(_WHOLE_MS)

    def _backlight(self):
        state = self.power.state
        level = self.app.brightness()
        if self.shown == (state, level):
            return
        was = self.shown[0] if self.shown else power.ON
        self.shown = (state, level)
        if state == power.OFF:
            self.display.backlight(0)
            self.display.sleep(True)
            return
        if was == power.OFF:
            self.display.sleep(False)
            # what the screens drew while the panel slept: every row (the driver pushes the
            # whole frame after a wake)
            self.display.show(self.buf)
        percent = level * 20
        self.display.backlight(min(percent, _DIMMED) if state == power.DIM else percent)

    def _led(self):
        turn = self.app.turn if self.power.state == power.ON else 0
        if turn != self.lit:
            self.lit = turn
            colour = palette.RGB565[palette.ME if turn == 1 else palette.THEM]
            self.led.show(colour, _LED if turn else 0)

    def play(self):
        """The game until the power is cut: the device's frames, or its host's (an emulated
        or virtual Pico's harness: the board profile's `host`); anything unexpected shows
        the crash screen."""
        host = getattr(self.board, "host", None)
        if host:
            host(self)
            return
        try:
            self.run()
        except Exception as e:  # noqa: BLE001 - anything unexpected: the crash screen
            from firmware import crash
            crash.show(self, e)

    def run(self):
        """Frames every 33 ms, for ever. The clock counts elapsed ms from power-on (ticks_ms
        itself wraps around)."""
        now = 0
        t = time.ticks_ms()
        clean = gc.mem_alloc()  # (the heap in use after the last collection)
        while True:
            self.frame(now)
            spent = time.ticks_diff(time.ticks_ms(), t)
            used = gc.mem_alloc()
            if used < clean:  # (the heap ran full and the collector ran of itself)
                clean = used
            if spent < FRAME_MS - _COLLECT_MS and used - clean > _PILED or \
                    self.app.long_next and gc.mem_free() < _LOW:
                gc.collect()
                clean = gc.mem_alloc()
                spent = time.ticks_diff(time.ticks_ms(), t)
            self.app.long_next = False
            if spent < FRAME_MS:
                self._rest(FRAME_MS - spent)
            t2 = time.ticks_ms()
            now += time.ticks_diff(t2, t)
            t = t2
