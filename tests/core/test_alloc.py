# The hot paths allocate nothing: run them with the heap locked (MicroPython
# raises MemoryError on any allocation while micropython.heap_lock() holds).
from fireice.duel import Duel
from fireice.seeded import deal
from fireice.solo import Solitaire
from fireice.moves import legal_moves, random_move
from support import MICROPYTHON, skip


class Lcg:
    """A tiny generator whose numbers stay small ints (no allocation)."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 75 + 74) % 65537
        return self.x % n


def locked(fn, a, b=None, c=None):
    import micropython

    micropython.heap_lock()
    try:
        return fn(a, b, c)
    finally:
        micropython.heap_unlock()


def duel_hot_paths(g, randbelow, buf):
    # a whole game: generation, random choice, move, checks, takeback
    plies = 0
    while not g.result:
        n = legal_moves(g, buf)
        mv = random_move(g, randbelow)
        frm = mv >> 6
        to = mv & 63
        g.push(frm, to)
        g.pop()
        g.push(frm, to)
        g.can_move(1)
        g.can_move(2)
        plies += n > 0
    while g.ply:
        g.pop()
    return plies


def solo_hot_paths(g, buf, _):
    while not g.result:
        n = legal_moves(g, buf)
        g.push(buf[0], buf[1])
        g.pop()
        g.push(buf[2 * n - 2], buf[2 * n - 1])
        g.has_capture(1)
    while g.ply:
        g.pop()
    return g.ply


def test_duel_hot_paths_allocate_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    g = Duel()
    randbelow = Lcg(5).below  # bound once: binding allocates
    buf = bytearray(600)
    for _ in range(20):
        assert locked(duel_hot_paths, g, randbelow, buf) > 10
        assert g.ply == 0 and g.to_move == 1


def test_solitaire_hot_paths_allocate_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    buf = bytearray(600)
    for seed in range(10):
        g = Solitaire(deal(seed))
        assert locked(solo_hot_paths, g, buf) == 0


def test_the_lock_does_catch_an_allocation():
    # proves the tests above can fail: building a list under the lock raises
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    try:
        locked(lambda a, b, c: [a, b, c], 1)
    except MemoryError:
        return
    raise AssertionError("heap_lock() did not stop an allocation")
