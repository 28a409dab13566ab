# The rules core of the Fire and Ice board (see README.md).
#
# Code that a board needs only now and then (reading or rewriting a game
# record, dealing a new game) is imported when needed and forgotten after,
# so that it does not sit in the heap for the whole game.
import sys


def forget(name):
    """Drop an imported module so its code can be collected. On MicroPython
    only: CPython has memory to spare, and there a module's classes (its
    exceptions) stay the same objects for whoever imported them."""
    if sys.implementation.name == "cpython":
        return
    mod = sys.modules.pop(name, None)
    if mod is not None and "." in name:
        pkg, _, attr = name.rpartition(".")
        parent = sys.modules.get(pkg)
        if parent is not None and getattr(parent, attr, None) is mod:
            delattr(parent, attr)
