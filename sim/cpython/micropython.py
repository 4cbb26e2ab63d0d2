"""CPython stand-in for MicroPython's `micropython` module.

Only on the desktop's import path (sim/ and the tests put this folder on sys.path); the device
and the npm MicroPython have the real, built-in module.
"""


def const(value):
    return value


def native(fn):
    raise ImportError("no native code on CPython")


def viper(fn):
    # Like a port without native code: importing a module that uses it fails, and the caller
    # (e.g. firmware/st7789.py) falls back to the module's plain twin.
    raise ImportError("no native code on CPython")
