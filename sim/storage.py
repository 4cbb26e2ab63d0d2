"""Desktop storage for the screens: named text files in one folder."""
import os


class DirStorage:
    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def _path(self, name):
        return os.path.join(self.folder, name)

    def read(self, name):
        try:
            with open(self._path(name)) as f:
                return f.read()
        except OSError:  # no such file (bytes that are not UTF-8 raise ValueError: damaged)
            return None

    def write(self, name, text):
        tmp = self._path(name + ".tmp")
        try:
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, self._path(name))
        except OSError:  # (a full disk, a folder in the way): no half-written copy left
            self.remove(name + ".tmp")
            raise

    def remove(self, name):
        try:
            os.remove(self._path(name))
        except OSError:
            pass

    def rename(self, old, new):
        os.replace(self._path(old), self._path(new))
