# The files the game keeps (the game in progress, settings, statistics), sealed.
#
# Each file starts with a line `ST<version> <length> <checksum>` over the text that follows
# (length in bytes, checksum in hex: CRC-32 in version 2, Adler-32 in version 1, the files of
# earlier builds, still read). A file whose seal does not match - a write cut short by a power
# loss on a file system without atomic rename, a worn flash block, a hand edit - is renamed
# aside (`game.sav` -> `game.bad`) and listed in `damaged` so the menu can tell the player; it
# is never read as good and never crashes the game.
#
# Below this sits the device's (or the simulator's) raw storage: read(name) -> text or None,
# write(name, text) replacing the file atomically (temporary file, then rename), remove(name),
# rename(old, new); and, where writing is slow (the Pico's flash), write_steps(name, parts): the
# same write as a generator, a part of the work a next().
from binascii import crc32
from engine.core.parse import number

VERSION = 2  # CRC-32, in C: a 4 KB save sealed in about 1 ms on the emulated Pico (Adler-32 in
# bytecode took 20)
_MOD = 65521
SAVE = "game.sav"  # the game in progress (engine/ui/session.py)


def checksum(data):
    """CRC-32 of bytes as 8 hex digits (the same as zlib.crc32)."""
    return "%08x" % crc32(data)


def crc_rest(f):
    """The CRC-32 of what is left to read of open file f, read 256 bytes at a time (a whole
    copy would take its size of heap)."""
    crc = 0
    chunk = bytearray(256)
    while True:
        n = f.readinto(chunk)
        if not n:
            return crc
        crc = crc32(memoryview(chunk)[:n], crc)


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


def seal(text):
    data = text.encode()
    return _head(len(data), crc32(data)) + text


def _head(n, crc):
    """The seal's line over n bytes of text of CRC-32 crc."""
    return "ST%d %d %08x\n" % (VERSION, n, crc)


def _after(head, parts):
    yield head
    yield from parts


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


KEEP = 8  # damaged copies kept of each file (a few KB each: they cannot fill the flash)


def aside(name, n=1):
    """Where the n-th damaged copy of a file goes: game.sav -> game.bad, game2.bad, ..."""
    dot = name.rfind(".")
    return (name[:dot] if dot > 0 else name) + (str(n) if n > 1 else "") + ".bad"


class Files:
    def __init__(self, raw):
        self.raw = raw
        self.damaged = []  # names set aside and not yet reported to the player
        self.kept_as = {}  # name: where its damaged copy was kept
        self.unsaved = []  # names whose last write failed and not yet reported to the player

    def read(self, name):
        """The text kept under `name`; None when there is none or it was damaged (then it is
        set aside)."""
        try:
            text = self.raw.read(name)
        except (OSError, ValueError):  # unreadable bytes (e.g. not UTF-8): damaged too
            text = ""
        if text is None:
            return None
        body = unseal(text)
        if body is None:
            self.set_aside(name)
        return body

    def write(self, name, text):
        for _ in self.write_steps(name, text):
            pass

    def has_save(self):
        """Is a game saved (for Continue)? Asked by the menus, which thus need not load the
        session's code."""
        return self.read(SAVE) is not None

    def write_steps(self, name, text):
        """write() as a generator, a part of the work a next(), for the screens to spread over
        frames (the Pico's flash chip erases a 4 KB sector in about 45 ms, typically, and a
        write may need several). `text`: a string, a list of strings written one after the other, or a
        function making such strings afresh at each call (a long record: gone through twice,
        for its seal and to be written, a part at a time, never whole in the heap)."""
        parts = text if callable(text) else (lambda: [text] if isinstance(text, str) else text)
        crc, n = 0, 0
        for part in parts():
            data = part.encode()
            n += len(data)
            crc = crc32(data, crc)
            yield
        head = _head(n, crc)
        steps = getattr(self.raw, "write_steps", None)
        try:
            if steps is None:
                self.raw.write(name, head + "".join(parts()))
            else:
                yield from steps(name, _after(head, parts()))
        except OSError:
            self._unwritten(name)

    def _unwritten(self, name):
        """A write that failed (the flash full, a folder in the file's place): the file is as
        it was (the raw storage replaces it only at a write's end, and leaves no half-written
        copy); the menu says so."""
        if name not in self.unsaved:
            self.unsaved.append(name)

    def remove(self, name):
        self.raw.remove(name)

    def set_aside(self, name):
        """Keep a damaged file under the first free aside name (game.bad, game2.bad, ... up to
        KEEP; once all are taken the last holds the newest) and note it for the menu."""
        for n in range(1, KEEP + 1):
            bad = aside(name, n)
            if not self._taken(bad):
                break
        self.raw.remove(bad)
        self.raw.rename(name, bad)
        self.kept_as[name] = bad
        if name not in self.damaged:
            self.damaged.append(name)

    def _taken(self, name):
        try:
            return self.raw.read(name) is not None
        except (OSError, ValueError):  # there, though unreadable
            return True
