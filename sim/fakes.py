"""Stand-ins for the device's seams where no device is: the boards (as the screens see them,
from firmware/boards/, their one description) and storage in memory. MicroPython-compatible
(the bench and the framebuf parity trace use them there)."""
from engine.ui.app import Board


def board(name):
    """The board called `name`, from its description (firmware/boards/<name>.py)."""
    top = __import__("firmware.boards." + name)
    return Board(getattr(top.boards, name))


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


LCD_114 = board("pico_lcd_114")
DISPLAY = board("pico_display")
LCD_13 = board("pico_lcd_13")


NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y")  # the logical buttons, bits 0-7


def bit(name):
    """The button called `name` ("UP", ... "Y"); 0 when there is none."""
    return 1 << NAMES.index(name) if name in NAMES else 0
