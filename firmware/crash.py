# The crash screen: an unexpected error is shown with an offer to restart, and written to
# crash.txt. The saved game is untouched (saves are whole files, replaced atomically).
# Drawn with framebuf's built-in 8x8 font: it needs no font data and allocates almost
# nothing, so it works even after a MemoryError.
import framebuf
import sys
import time
from micropython import const
from engine.ui.keys import A
from engine.ui import palette as P

_MSG_MAX = const(180)


def _lines(text, width):
    out = []
    while text and len(out) < 6:
        out.append(text[:width])
        text = text[width:]
    return out


class Bare:
    """What the crash screen needs of the device when the error came before the device was
    made (a damaged file of the bundle: fonts.bin): the panel and the buttons, set up again."""

    def __init__(self, board, buf):
        from firmware import hw
        from firmware.buttons import Buttons
        self.board = board
        self.buf = buf
        self.display = hw.display(board)
        self.display.reset()
        self.display.palette(P.RGB565)
        self.display.init()
        self.buttons = Buttons(board.KEYS)


def show(dev, err):
    sys.print_exception(err)
    try:
        with open("crash.txt", "w") as f:
            sys.print_exception(err, f)
    except OSError:
        pass
    w = dev.board.WIDTH
    fb = framebuf.FrameBuffer(dev.buf, w, dev.board.HEIGHT, framebuf.GS4_HMSB)
    fb.fill(P.BG)
    fb.text("Something went wrong", 4, 6, P.GOLD)
    msg = ("%s: %s" % (type(err).__name__, err))[:_MSG_MAX]
    y = 24
    for line in _lines(msg, (w - 8) // 8):
        fb.text(line, 4, y, P.WHITE)
        y += 10
    fb.text("Your game is saved.", 4, y + 8, P.GREY)
    fb.text("A: restart", 4, y + 20, P.GOLD)
    dev.display.backlight(60)
    dev.display.sleep(False)
    dev.display.show(dev.buf)
    while dev.buttons.raw() & A:  # a key held at the crash does not restart at once
        time.sleep_ms(20)
    while not dev.buttons.raw() & A:
        time.sleep_ms(20)
    import machine
    machine.reset()
