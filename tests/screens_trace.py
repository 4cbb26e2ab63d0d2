"""Drive the screens through a fixed key sequence and print a digest of the framebuffer after
each step. Runs on CPython (with sim/cpython/framebuf.py) and under the npm MicroPython (with
its real framebuf): tests/test_framebuf_parity.py compares the two outputs line by line."""
import sys

from engine.ui import keys as K
from engine.ui.app import App


class MemStorage:
    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        self.files[name] = text

    def remove(self, name):
        self.files.pop(name, None)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)


class Board:
    def __init__(self, name, w, h, buttons):
        self.name, self.width, self.height, self.buttons = name, w, h, buttons


BOARDS = (Board("pico_lcd_114", 240, 135, 0x3F), Board("pico_display", 240, 135, 0xF0),
          Board("pico_lcd_13", 240, 240, 0xFF))

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
        now = 0
        for i, name in enumerate(STEPS):
            for state in (K.bit(name), 0):
                app.frame(state, now)
                now += 33
            print("%s %d %s %06x" % (board.name, i, name, digest(app.buf)))


main()
sys.exit(0)
