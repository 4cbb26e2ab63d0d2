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
#
# Here what a game in progress needs: the writing. Reading a file back and setting a damaged
# one aside is engine/ui/files_read.py, loaded by the menus and let go as a board opens
# (engine/ui/loading.py OFF_BOARD): its code is not in the heap while the computer thinks.
from binascii import crc32

VERSION = 2  # CRC-32, in C: a 4 KB save sealed in about 1 ms on the emulated Pico (Adler-32 in
# bytecode took 20)
SAVE = "game.sav"  # the game in progress (engine/ui/session.py)


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


def seal(text):
    data = text.encode()
    return _head(len(data), crc32(data)) + text


def _head(n, crc):
    """The seal's line over n bytes of text of CRC-32 crc."""
    return "ST%d %d %08x\n" % (VERSION, n, crc)


def _after(head, parts):
    yield head
    yield from parts


class Files:
    def __init__(self, raw):
        self.raw = raw
        self.damaged = []  # names set aside and not yet reported to the player
        self.kept_as = {}  # name: where its damaged copy was kept
        self.unsaved = []  # names whose last write failed and not yet reported to the player

    def read(self, name):
        """The text kept under `name`; None when there is none or it was damaged (then it is
        set aside)."""
        from engine.ui.files_read import read
        return read(self, name)

    def set_aside(self, name):
        """Keep a damaged file aside (engine/ui/files_read.py) and note it for the menu."""
        from engine.ui.files_read import set_aside
        set_aside(self, name)

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
