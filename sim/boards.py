"""The three boards as the screens see them: a name, a size and the buttons it has. (Pins and
panel details live in firmware/boards/, which the desktop never needs.)"""
from engine.ui import keys as K

JOYSTICK = K.UP | K.DOWN | K.LEFT | K.RIGHT


class Board:
    def __init__(self, name, width, height, buttons):
        self.name = name
        self.width = width
        self.height = height
        self.buttons = buttons


BOARDS = {
    "pico_lcd_114": Board("pico_lcd_114", 240, 135, JOYSTICK | K.A | K.B),
    "pico_display": Board("pico_display", 240, 135, K.A | K.B | K.X | K.Y),
    "pico_lcd_13": Board("pico_lcd_13", 240, 240, JOYSTICK | K.A | K.B | K.X | K.Y),
}
DEFAULT = "pico_lcd_114"


def get(name):
    if name not in BOARDS:
        raise ValueError("unknown board %r (known: %s)" % (name, ", ".join(BOARDS)))
    return BOARDS[name]
