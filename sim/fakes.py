"""Stand-ins for the device's seams where no device is: a board description and storage in
memory. MicroPython-compatible (the bench and the framebuf parity trace use them there)."""


class Board:
    def __init__(self, name, width, height, buttons):
        self.name = name
        self.width = width
        self.height = height
        self.buttons = buttons


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


# The boards' sizes and buttons (UP DOWN LEFT RIGHT A B X Y are bits 0-7).
LCD_114 = Board("pico_lcd_114", 240, 135, 0x3F)
DISPLAY = Board("pico_display", 240, 135, 0xF0)
LCD_13 = Board("pico_lcd_13", 240, 240, 0xFF)


NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y")  # the logical buttons, bits 0-7


def bit(name):
    """The button called `name` ("UP", ... "Y"); 0 when there is none."""
    return 1 << NAMES.index(name) if name in NAMES else 0
