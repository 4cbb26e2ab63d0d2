# Text from outside (kept files, records, the simulator's JSON lines and command line) read as
# numbers, and quoted back in errors: one reader, the same on the Pico and on the desktop.
#
# Not str.isdigit() and int(): CPython's take other scripts' digits ("٣"), superscripts ("²",
# where int() then raises), "1_000" and " 5", and raise on a number of thousands of digits;
# MicroPython's take ASCII digits only. Here every runtime reads the same numbers.
from micropython import const

TOP = const(0x3FFFFFFF)  # the largest number read by default: still a small int on the Pico
LONGEST = const(10)  # digits at most by default (TOP has 10)
_DIGITS = const("0123456789")
_QUOTED = const(40)  # characters of a refused text quoted in an error


def number(text, top=TOP, longest=LONGEST):
    """The value of `text` written in ASCII decimal digits only (no sign, space, underscore
    or other script's digits), of at most `longest` digits and at most `top`; None when it is
    not one. Read a digit at a time, never past `top`: below 2**30 it stays a small int."""
    if not 0 < len(text) <= longest:
        return None
    v = 0
    for c in text:
        d = _DIGITS.find(c)
        if d < 0 or v > (top - d) // 10:
            return None
        v = v * 10 + d
    return v


def quoted(text):
    """`text` quoted for an error, cut to a few dozen characters (a field of megabytes is
    named, not echoed)."""
    if len(text) <= _QUOTED:
        return repr(text)
    return repr(text[:_QUOTED]) + "... (%d characters)" % len(text)
