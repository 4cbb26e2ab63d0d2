# Power-on: which board this is, the escape hatch, the framebuffer, the device set up. The
# game then runs from main.py once this module has let go of itself (its code, 1 KB of heap,
# is not needed again).
import gc
import sys
from engine.ui.keys import B

BOARD_FILE = "board.txt"  # written by `make flash BOARD=...`
DEFAULT = "pico_lcd_114"
# what a board's module name is made of (not isalpha()/isdigit(): CPython's take any script's)
_NAME = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"


def board_name():
    """The board board.txt names; the default one when the file is missing or damaged (not
    text, or not a module name)."""
    try:
        with open(BOARD_FILE) as f:
            name = f.read(64).strip()
    except (OSError, ValueError):
        return DEFAULT
    if not name or not all(c in _NAME for c in name):
        return DEFAULT
    return name


def load_board(name):
    """The profile of board `name`; the default board's when this bundle has none of that
    name (board.txt edited by hand, or from another version)."""
    path = "firmware.boards." + name
    try:
        __import__(path)
    except ImportError:
        print("board.txt names no board of this bundle (%s): the %s is assumed" % (name, DEFAULT))
        path = "firmware.boards." + DEFAULT
        __import__(path)
    return sys.modules[path]


def _held_b(board):
    from firmware import hw  # a local name: the module can be unloaded once set up
    return hw.held(board, B)


def boot():
    """The device, set up to play (firmware/device.py Device.play); None when the game is not
    to start (B held) or could not (the crash screen shows why)."""
    _let_go()
    board = load_board(board_name())
    if _held_b(board):
        print("B held at power-on: the game is not started; the REPL is free.")
        return None
    gc.collect()
    # The framebuffer first, while the heap is in one piece: 16 KB (240x135) or 28 KB
    # (240x240) in one block.
    buf = bytearray(board.WIDTH * board.HEIGHT // 2)
    from firmware.device import Device
    try:
        dev = Device(board, buf)
    except Exception as e:  # noqa: BLE001 - before the game could start: the crash screen
        from firmware import crash
        crash.show(crash.Bare(board, buf), e)
        return None
    return dev


def _let_go():
    """This module out of sys.modules and its package: freed once boot() returns and main.py
    drops its name."""
    from engine.ui import unload
    unload(("firmware.start",))
