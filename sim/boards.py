"""The three boards as the screens see them: a name, a size and the buttons it has, read from
their descriptions in firmware/boards/ (sim/fakes.py, which also runs under MicroPython)."""
from sim.fakes import LCD_114, DISPLAY, LCD_13

BOARDS = {b.name: b for b in (LCD_114, DISPLAY, LCD_13)}
DEFAULT = "pico_lcd_114"


def get(name):
    if name not in BOARDS:
        raise ValueError("unknown board %r (known: %s)" % (name, ", ".join(BOARDS)))
    return BOARDS[name]
