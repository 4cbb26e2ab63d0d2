"""The three boards as the screens see them: a name, a size and the buttons it has, read from
their descriptions in firmware/boards/ (sim/fakes.py, which also runs under MicroPython)."""
from sim.fakes import LCD_114, DISPLAY, LCD_13

BOARDS = {b.name: b for b in (LCD_114, DISPLAY, LCD_13)}
DEFAULT = "pico_lcd_114"


def get(name):
    if name not in BOARDS:
        from engine.core.parse import quoted
        raise ValueError("unknown board %s (known: %s)" % (quoted(name), ", ".join(BOARDS)))
    return BOARDS[name]
