"""Drive the screens through a fixed key sequence and print a digest of the framebuffer after
each step. Runs on CPython (with sim/cpython/framebuf.py) and under the npm MicroPython (with
its real framebuf): tests/test_framebuf_parity.py compares the two outputs line by line."""
import sys

from engine.ui.app import App
from sim.bench.fakes import LCD_114, DISPLAY, LCD_13, MemStorage, bit


BOARDS = (LCD_114, DISPLAY, LCD_13)

# Title, menu, a new game, a few turns, the pause menu and rules, settings, the checker.
STEPS = ("A A A DOWN DOWN DOWN DOWN A RIGHT A RIGHT A A A A A A A B DOWN A RIGHT RIGHT B "
         "A B DOWN DOWN DOWN A DOWN DOWN DOWN DOWN DOWN A B B DOWN A A RIGHT A DOWN A B").split()


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
            for state in (bit(name), 0):
                app.frame(state, now)
                now += 33
            print("%s %d %s %06x" % (board.name, i, name, digest(app.buf)))


main()
sys.exit(0)
