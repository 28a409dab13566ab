# The virtual board's flash with the size of a real one (a folder of the host
# with a capacity, in whole 4 KB blocks as littlefs counts them), so that a
# full flash can be played: FIREICE_FLASH_KB in the environment of
# `fireice sim`. Writes past the capacity fail with errno 28 (ENOSPC), as
# on a board. Only the virtual board loads this.
import os

from fireboard.records_store import BLOCK, Store


def _blocks(n):
    return (n + BLOCK - 1) // BLOCK or 1


class SimFlash(Store):
    def __init__(self, root, kb):
        Store.__init__(self, root)
        self.capacity = kb * 1024

    def _used(self, path):
        n = 1  # the folder itself
        for e in os.ilistdir(path):
            p = path + "/" + e[0]
            if e[1] & 0x4000:
                n += self._used(p)
            else:
                n += _blocks(os.stat(p)[6])
        return n

    def free(self):
        return self.capacity - self._used(self.root) * BLOCK

    def _room(self, name, grow):
        # grow: bytes the file gains
        n = self.size(name)
        old = _blocks(n) if n >= 0 else 0
        if _blocks(max(n, 0) + grow) - old > self.free() // BLOCK:
            raise OSError(28)

    def append(self, name, text):
        self._room(name, len(text))
        Store.append(self, name, text)

    def mkdir(self, name):
        if self.free() < BLOCK:
            raise OSError(28)
        Store.mkdir(self, name)
