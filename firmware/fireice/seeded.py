# Seeded set-ups: handicap placements and solitaire deals, from a generator
# that gives the same numbers on MicroPython and CPython, so a seed names the
# same set-up everywhere. Loaded only when a new game is set up.
# xorshift32 (Marsaglia 2003). Used at setup time only: on a 32-bit board its
# 32-bit intermediate values are heap integers, which is fine there.
from micropython import const


from fireice.geom import START, FireIceError

_MASK = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed):
        seed = int(seed)
        if seed < 0:
            raise ValueError("seed must be 0 or more, not %d" % seed)
        # Mix the seed so that 0, 1, 2 ... start far apart; never zero.
        x = (seed * 2654435761 + 0x9E3779B9) & _MASK
        self.x = x or 0x6D2B79F5
        for _ in range(8):
            self.next()

    def next(self):
        x = self.x
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.x = x
        return x

    def below(self, n):
        """Uniform integer in 0..n-1 (n >= 1), by rejection, no modulo bias."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = (_MASK + 1) - (_MASK + 1) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, seq):
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


def handicap_position(count, side=1, seed=0):
    """The start position plus count (1..6) pegs of side, one on each of count
    islands other than D, at positions drawn from a generator seeded with seed.
    Returns a 49-character position string."""
    if not 1 <= count <= 6:
        raise FireIceError("a handicap is 1 to 6 pegs, not %d" % count)
    if side != 1 and side != 2:
        raise FireIceError("the handicap side must be 1 (fire) or 2 (ice)")
    rng = Rng(seed)
    islands = [0, 1, 2, 4, 5, 6]
    rng.shuffle(islands)
    cells = bytearray(START, "ascii")
    for i in islands[:count]:
        cells[7 * i + rng.below(7)] = ord("#" if side == 1 else "O")
    return cells.decode()


def deal(seed, fire=14, ice=14):
    """A random solitaire deal from seed: 49-character position string."""
    if fire < 0 or ice < 0 or fire + ice > 49:
        raise FireIceError("cannot deal %d + %d pegs on 49 holes" % (fire, ice))
    holes = list(range(49))
    Rng(seed).shuffle(holes)
    cells = bytearray(b"-" * 49)
    for k in range(fire + ice):
        cells[holes[k]] = ord("#" if k < fire else "O")
    return cells.decode()
