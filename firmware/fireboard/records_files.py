# Reading what is on the board's flash, trusting none of it: a folder where a
# file should be, a file larger than its reader's limit, bytes that are not
# UTF-8 all raise Unusable (with a short tag saying why), and set_aside()
# renames such an entry out of the way under a name that says why, so the
# board starts without it and loses nothing. Loaded for start-up and for
# commands, forgotten after.

from fireboard.records_store import FOLDER, MISSING


class Unusable(OSError):
    """An entry on flash the board cannot use; why: a short tag for its
    set-aside name ("folder", "too-big", "not-utf8", "invalid")."""

    def __init__(self, name, why, text):
        super().__init__("%s: %s" % (name, text))
        self.why = why


def _check(store, name, limit):
    n = store.size(name)
    if n == FOLDER:
        raise Unusable(name, "folder", "a folder, not a file")
    if n > limit:
        raise Unusable(name, "too-big", "%d bytes, more than %d" % (n, limit))
    return n


def _text(name, data):
    try:
        return data.decode()
    except UnicodeError:
        raise Unusable(name, "not-utf8", "not UTF-8 text") from None


def read(store, name, limit=4096):
    """The text of a file, or None when there is none. Unusable for a
    folder, a file over limit bytes, or one that is not UTF-8."""
    if _check(store, name, limit) < 0:
        return None
    with store.open(name) as f:
        data = f.read()
    return _text(name, data)


def lines(store, name, limit=4096):
    """The lines of a file one at a time, without their newline: only a
    line is in the heap at once. None when there is no file; Unusable as
    read(), also for a line longer than 600 bytes."""
    if _check(store, name, limit) < 0:
        return None
    return _lines(store, name)


def _lines(store, name):
    buf = bytearray(128)
    line = b""
    with store.open(name) as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            start = 0
            while True:
                k = buf.find(b"\n", start, n)
                if k < 0:
                    line += buf[start:n]
                    break
                yield _text(name, line + buf[start:k])
                line = b""
                start = k + 1
            if len(line) > 600:
                raise Unusable(name, "invalid", "a line longer than 600 bytes")
    if line:
        yield _text(name, line)


def set_aside(store, name, why):
    """Rename an unusable entry to NAME.WHY (NAME.WHY.2 ... if taken);
    returns the new name."""
    new = name + "." + why
    k = 1
    while store.size(new) != MISSING:
        k += 1
        new = "%s.%s.%d" % (name, why, k)
    store.rename(name, new)
    return new


def folder(store, name):
    """Make sure the folder is there (a file in its place is set aside)."""
    n = store.size(name)
    if n == FOLDER:
        return
    if n >= 0:
        set_aside(store, name, "file")
    store.mkdir(name)
