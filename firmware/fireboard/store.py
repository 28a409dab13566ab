# Files on the board's flash (or, in the simulator, in a folder of the host).
# Whole files are replaced by writing a new file and renaming it over the old
# one, so a power cut leaves either the old or the new file, never half.
import os


def _isdir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


class Store:
    def __init__(self, root=""):
        self.root = root.rstrip("/")

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def read(self, name):
        """The text of a file, or None when there is none."""
        try:
            with open(self.path(name)) as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, text):
        """Replace a file's text in one step (new file, then rename). text
        may also be an iterable of pieces, written one after the other."""
        p = self.path(name)
        tmp = p + ".new"
        with open(tmp, "w") as f:
            if isinstance(text, str):
                f.write(text)
            else:
                for piece in text:
                    f.write(piece)
        self._replace(tmp, p)

    def _replace(self, tmp, p):
        try:
            os.rename(tmp, p)
        except OSError:
            # some file systems will not rename over a file
            os.remove(p)
            os.rename(tmp, p)

    def append(self, name, text):
        with open(self.path(name), "a") as f:
            f.write(text)

    def remove(self, name):
        try:
            os.remove(self.path(name))
            return True
        except OSError:
            return False

    def rename(self, old, new):
        os.rename(self.path(old), self.path(new))

    def mkdir(self, name):
        if not _isdir(self.path(name)):
            os.mkdir(self.path(name))

    def listdir(self, name=""):
        p = self.path(name) if name else self.root
        try:
            return sorted(os.listdir(p) if p else os.listdir())
        except OSError:
            return []
