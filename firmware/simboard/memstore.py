# A flash that forgets everything at exit, for tests and benchmarks: the
# calls of fireboard.records_store.Store, the files kept in a dict, and a size
# (whole blocks a file) so that a full flash can be tested.
import io

from fireboard.records_store import BLOCK, FULL, Store


class MemStore(Store):
    def __init__(self, size=1 << 20):
        Store.__init__(self)
        self.files = {}
        self.capacity = size

    def open(self, name, mode="rb"):
        return io.BytesIO(self.files[name].encode())

    def read(self, name):
        """The text of a file, or None (for tests)."""
        return self.files.get(name)

    def size(self, name):
        if name in self.files:
            return len(self.files[name].encode())
        p = name + "/"
        for k in self.files:
            if k.startswith(p):
                return -2
        return -1

    def free(self):
        used = 0
        for v in self.files.values():
            used += (len(v) + BLOCK - 1) // BLOCK or 1
        return self.capacity - used * BLOCK

    def write(self, name, text, blocks=1):
        if self.free() < blocks * BLOCK:
            raise OSError(FULL)
        self.files[name] = text if isinstance(text, str) else "".join(text)

    def append(self, name, text):
        if self.free() < 0:
            raise OSError(FULL)
        self.files[name] = self.files.get(name, "") + text

    def remove(self, name):
        return self.files.pop(name, None) is not None

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def mkdir(self, name):
        pass

    def names(self, name):
        p = name + "/"
        for k in list(self.files):
            if k.startswith(p) and "/" not in k[len(p) :]:
                yield k[len(p) :]
