# The rules core of the Fire and Ice board (see README.md).
#
# Code that a board needs only now and then (reading or rewriting a game
# record, dealing a new game) is imported when needed and forgotten after,
# so that it does not sit in the heap for the whole game.
import sys


def forget(*names, failed=False):
    """Drop imported modules so their code can be collected, and collect:
    MicroPython collects only when an allocation fails, and the garbage of
    the job would otherwise be there when the next long-lived objects come,
    which then land among it and leave the free room in pieces. On
    MicroPython only: CPython has memory to spare, and there a module's
    classes (its exceptions) stay the same objects for whoever imported
    them.

    failed: after memory ran out. A module whose import failed has left
    sys.modules, but MicroPython keeps its pointer in the emptied slot,
    which keeps the whole half-loaded module alive: a value put under the
    name takes that slot over, and goes with it."""
    if sys.implementation.name == "cpython":
        return
    mods = sys.modules
    for name in names:
        mod = mods.get(name)
        if failed and mod is None:
            mods[name] = None  # type: ignore[assignment]
        if name in mods:
            mods.pop(name)
        if mod is not None and "." in name:
            pkg, _, attr = name.rpartition(".")
            parent = mods.get(pkg)
            if parent is not None and getattr(parent, attr, None) is mod:
                delattr(parent, attr)
    mod = parent = None
    del mods
    import gc

    gc.collect()
