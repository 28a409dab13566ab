# Helpers shared by the tests that run on both CPython (pytest) and MicroPython
# (tests/mprun.py).
import sys

MICROPYTHON = sys.implementation.name == "micropython"


class SkipTest(Exception):
    pass


def skip(reason):
    if MICROPYTHON:
        raise SkipTest(reason)
    import pytest

    pytest.skip(reason)


def raises(exc, fn, *args):
    """Call fn(*args); return the exception of type exc it raises, or fail."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s not raised by %r%r" % (exc.__name__, fn, args))


def read(path):
    with open(path) as f:
        return f.read()


def listdir(path):
    import os

    return sorted(os.listdir(path))
