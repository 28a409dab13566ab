# Files on the board's flash (or, in the simulator, in a folder of the host).
# Whole files are replaced by writing a new file and renaming it over the old
# one, so a power cut leaves either the old or the new file, never half.
# Writes check the free space first. This is what stays in the heap while a
# game runs; reading and checking what is on flash is fireboard.records_files,
# loaded for start-up and for commands.
import os

BLOCK = 4096  # the flash file system's block (littlefs on a Pico)
# Store.size() of a name with no file: nothing there, or a folder
MISSING = -1
FOLDER = -2
FULL = "the flash is full: fetch the games and delete them over USB (fireice games --delete)"


class Store:
    def __init__(self, root=""):
        self.root = root.rstrip("/")

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def open(self, name, mode="rb"):
        return open(self.path(name), mode)

    def size(self, name):
        """The size of a file; MISSING when there is none, FOLDER for a folder."""
        try:
            st = os.stat(self.path(name))
        except OSError:
            return MISSING
        return FOLDER if st[0] & 0x4000 else st[6]

    def free(self):
        """Bytes free on the flash."""
        try:
            st = os.statvfs(self.root or "/")
            return st[0] * st[4]
        except (OSError, AttributeError):
            return 1 << 30  # a system that cannot tell: the write will

    def write(self, name, text, blocks=1):
        """Replace a file's text in one step (new file, then rename). text
        may also be an iterable of pieces, written one after the other (so
        a record is never whole in the heap). blocks: the free flash the
        write needs; without it, OSError before anything is written. On
        any error the old file is left as it was."""
        if self.free() < blocks * BLOCK:
            raise OSError(FULL)
        p = self.path(name)
        tmp = p + ".new"
        try:
            with open(tmp, "w") as f:
                if isinstance(text, str):
                    f.write(text)
                else:
                    for piece in text:
                        f.write(piece)
            try:
                os.rename(tmp, p)
            except OSError:
                # some file systems will not rename over a file
                os.remove(p)
                os.rename(tmp, p)
        except BaseException:
            self.remove(name + ".new")
            raise

    def append(self, name, text):
        """Add text at the end of a file in one write."""
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
        os.mkdir(self.path(name))

    def names(self, name):
        """The names in a folder, one at a time, in no order (no list of
        them in the heap); none when there is no such folder."""
        try:
            for e in os.ilistdir(self.path(name)):
                yield e[0]
        except AttributeError:  # CPython
            yield from os.listdir(self.path(name))
        except OSError:
            return
