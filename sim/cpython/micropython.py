"""CPython stand-in for MicroPython's `micropython` module.

Only on the desktop's import path (sim/ and the tests put this folder on sys.path); the device
and the npm MicroPython have the real, built-in module.
"""


def const(value):
    return value


def native(fn):
    return fn


def viper(fn):
    return fn
