"""Drive the screens through a fixed key sequence and print a digest of the framebuffer after
each step. Runs on CPython (with sim/cpython/framebuf.py) and under the npm MicroPython (with
its real framebuf): tests/test_framebuf_parity.py compares the two outputs line by line."""
import sys

from engine.ui.app import App
from sim.fakes import LCD_114, DISPLAY, LCD_13, MemStorage, bit


BOARDS = (LCD_114, DISPLAY, LCD_13)

# Segments, each from where the last one left off (on pico_lcd_114; the other boards lack some
# buttons and wander elsewhere, which is compared all the same). Turns of a two-player game:
# A (the hand-over), card moves, A (the card), stone moves, A (played). WAIT: frames without a
# key until the screen's work is done (a screen's modules loading, made and drawn).
STEPS = " ".join((
    # the title, the menus, a new two-player classic game and four turns
    "A A A A DOWN DOWN DOWN DOWN A WAIT  A A RIGHT A  A RIGHT A A  A RIGHT RIGHT A DOWN A",
    "A LEFT A RIGHT A",
    # the pause menu, the rules and back, quit to the menu
    "A B DOWN A RIGHT DOWN DOWN B DOWN DOWN DOWN A WAIT",
    # settings (two changed), statistics, the claim checker
    "DOWN DOWN DOWN DOWN A WAIT A DOWN A B WAIT DOWN DOWN DOWN DOWN DOWN A WAIT B WAIT",
    "DOWN DOWN A WAIT A RIGHT A A DOWN A A A B WAIT",
    # continue the saved game for a turn, quit from the pause menu
    "A WAIT A A RIGHT A A B UP A WAIT",
    # a new tactical two-player game (over the saved one): turns with the deck to draw from
    # (the tactic deck once), a Joker played, the pause menu
    "DOWN A WAIT A A DOWN A DOWN DOWN DOWN A DOWN A WAIT  A A A RIGHT A  A RIGHT A A A",
    "A RIGHT RIGHT A A A  A A A A  A A A RIGHT A  A A B B",
)).split()
SCREENS = ("Menu", "Play", "Rules", "Statistics", "Checker", "TacticalPlay")  # all visited


def digest(buf):
    h = 0
    for b in buf:
        h = (h * 31 + b) & 0xFFFFFF
    return h


def main():
    for board in BOARDS:
        app = App(board, MemStorage(), 7)
        app.start()
        now = 0
        for i, name in enumerate(STEPS):
            for state in ((0,) * 30 if name == "WAIT" else (bit(name), 0)):
                app.frame(state, now)
                now += 33
            print("%s %d %s %06x %s" % (board.name, i, name, digest(app.buf),
                                        type(app.screen).__name__))


if __name__ == "__main__":
    main()
    sys.exit(0)
