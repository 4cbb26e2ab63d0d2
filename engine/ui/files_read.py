# The kept files read back (engine/ui/files.py's Files.read): the seal checked, either
# version's, and a damaged file set aside, never deleted. Loaded by the menus and Continue,
# let go as a board opens (engine/ui/loading.py OFF_BOARD): a game in progress only writes.
from micropython import const
from binascii import crc32
from engine.core.parse import number

_MOD = const(65521)
KEEP = 8  # damaged copies kept of each file (a few KB each: they cannot fill the flash)


def checksum(data):
    """CRC-32 of bytes as 8 hex digits (the same as zlib.crc32)."""
    return "%08x" % crc32(data)


def _adler(data):
    """Adler-32 of bytes as 8 hex digits: version 1's seal. Summed in blocks of 256 bytes so
    the sums stay small integers on the Pico."""
    a, b = 1, 0
    mv = memoryview(data)
    for i in range(0, len(data), 256):
        for c in mv[i:i + 256]:
            a += c
            b += a
        a %= _MOD
        b %= _MOD
    return "%04x%04x" % (b, a)


def unseal(text):
    """The body of a sealed file (either version), or None when the seal does not match."""
    head, nl, body = text.partition("\n")
    words = head.split()
    if not nl or len(words) != 3 or words[0] not in ("ST1", "ST2"):
        return None
    data = body.encode()
    if len(data) != number(words[1]):
        return None
    return body if (checksum if words[0] == "ST2" else _adler)(data) == words[2] else None


def aside(name, n=1):
    """Where the n-th damaged copy of a file goes: game.sav -> game.bad, game2.bad, ..."""
    dot = name.rfind(".")
    return (name[:dot] if dot > 0 else name) + (str(n) if n > 1 else "") + ".bad"


def read(files, name):
    """Files.read: the text kept under `name`; None when there is none or it was damaged
    (then it is set aside)."""
    try:
        text = files.raw.read(name)
    except (OSError, ValueError):  # unreadable bytes (e.g. not UTF-8): damaged too
        text = ""
    if text is None:
        return None
    body = unseal(text)
    if body is None:
        set_aside(files, name)
    return body


def set_aside(files, name):
    """Keep a damaged file under the first free aside name (game.bad, game2.bad, ... up to
    KEEP; once all are taken the last holds the newest) and note it for the menu."""
    raw = files.raw
    for n in range(1, KEEP + 1):
        bad = aside(name, n)
        if not _taken(raw, bad):
            break
    raw.remove(bad)
    raw.rename(name, bad)
    files.kept_as[name] = bad
    if name not in files.damaged:
        files.damaged.append(name)


def _taken(raw, name):
    try:
        return raw.read(name) is not None
    except (OSError, ValueError):  # there, though unreadable
        return True
