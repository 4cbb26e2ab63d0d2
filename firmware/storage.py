# The device's storage: named text files on the Pico's flash (littlefs), in one folder.
#
# A write goes to `name.tmp`, is closed, then renamed over the old file: littlefs renames
# atomically, so after a power loss at any moment either the old or the new file is there
# whole. (engine/ui/files.py seals each file with a checksum on top of this.)
import os
from micropython import const

_PART = const(1024)  # bytes written a step: at most one new block (one erase) in each
# The kept files (the saved game, settings, statistics, damaged copies) have a folder of their
# own: littlefs compacts a folder's log of changes when it fills (every few saves), and that of
# the top level, which lists the game's own files as well, took 20 ms longer, in one frame.
FOLDER = "data"
_EARLIER = const(("game.sav", "settings.txt", "stats.txt"))  # kept at the top level by earlier builds


def kept_folder():
    """FOLDER, made at the first power-on of this build, the kept files of an earlier build
    moved into it from the top level."""
    try:
        os.stat(FOLDER)
        return FOLDER
    except OSError:
        pass
    os.mkdir(FOLDER)
    for name in os.listdir():
        if name in _EARLIER or name.endswith(".bad"):
            os.rename(name, FOLDER + "/" + name)
    return FOLDER


class FlashStorage:
    def __init__(self, folder=""):
        self.prefix = folder + "/" if folder else ""

    def read(self, name):
        try:
            f = open(self.prefix + name)
        except OSError:  # no such file
            return None
        try:
            return f.read()
        finally:
            f.close()

    def write(self, name, text):
        for _ in self.write_steps(name, [text]):
            pass

    def write_steps(self, name, parts):
        """write() of the strings in `parts`, one after the other, as a generator: littlefs
        may erase a sector (about 45 ms) when the file is created, closed or renamed, and as
        the writing reaches each new 4 KB block, so each of those is a step of its own: the
        text goes in quarters of a block, a step each, apart from the making of the parts
        (a record's are made as they are asked for: 13 ms each on the emulated Pico). A
        write that fails (the flash full, a folder in the way) leaves the file as it was and
        no half-written copy."""
        try:
            yield from self._write_steps(name, parts)
        except OSError:
            self.remove(name + ".tmp")
            raise

    def _write_steps(self, name, parts):
        path = self.prefix + name
        f = open(path + ".tmp", "w")
        try:
            yield
            for text in parts:  # (a part may be made as it is asked for: in a step)
                yield
                n = len(text)
                for i in range(0, n, _PART):  # (each write in a step: it may erase a block)
                    if i:
                        yield
                    f.write(text if n <= _PART else text[i:i + _PART])
                yield
        finally:  # also when the caller gives up a save that a newer one replaces
            f.close()
        yield
        try:
            os.rename(path + ".tmp", path)
        except OSError:  # a file system that will not rename over a file (not littlefs)
            self.remove(name)
            os.rename(path + ".tmp", path)

    def remove(self, name):
        try:
            os.remove(self.prefix + name)
        except OSError:
            pass

    def rename(self, old, new):
        os.rename(self.prefix + old, self.prefix + new)
