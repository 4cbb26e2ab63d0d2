# The crash screen: an unexpected error is shown with an offer to restart, and written to
# crash.txt. The saved game is untouched (saves are whole files, replaced atomically).
# Drawn with framebuf's built-in 8x8 font: it needs no font data and allocates almost
# nothing, so it works even after a MemoryError. Its words are in the player's language when
# the language and the game's fonts still work (_say), in English otherwise; the error itself
# is said as the code raised it (English, as in crash.txt).
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


def _say(dev, fb, key, x, y, colour):
    """Draw English `key` at (x, y): in the player's language, with the game's small font (the
    8x8 font knows only ASCII), when the language and the fonts are loaded and working (an
    error there, a damaged lang file or no memory left: in English, with the 8x8 font). Loads
    no module of its own."""
    try:
        lang = sys.modules.get("engine.ui.lang")
        text = sys.modules.get("engine.ui.text")
        if lang and lang.code != "en" and text and getattr(text, "_buf", None) is dev.buf:
            words = lang.t(key)
            if words != key:
                text.SMALL.draw(fb, words, x, y, colour)
                return
    except Exception:  # noqa: BLE001 - any failure of the language's: the English words
        fb.fill_rect(0, y, dev.board.WIDTH, 8, P.BG)  # (anything drawn before it failed)
    fb.text(key, x, y, colour)


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
    _say(dev, fb, "Something went wrong", 4, 6, P.GOLD)  # keys
    msg = ("%s: %s" % (type(err).__name__, err))[:_MSG_MAX]
    y = 24
    for line in _lines(msg, (w - 8) // 8):
        fb.text(line, 4, y, P.WHITE)
        y += 10
    _say(dev, fb, "Your game is saved.", 4, y + 8, P.GREY)  # keys
    _say(dev, fb, "A: restart", 4, y + 20, P.GOLD)  # keys
    dev.display.backlight(60)
    dev.display.sleep(False)
    dev.display.show(dev.buf)
    while dev.buttons.raw() & A:  # a key held at the crash does not restart at once
        time.sleep_ms(20)
    while not dev.buttons.raw() & A:
        time.sleep_ms(20)
    import machine
    machine.reset()
