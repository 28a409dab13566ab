# A seeded generator that gives the same numbers on MicroPython and CPython,
# so a seed names the same handicap placement or solitaire deal everywhere.
# xorshift32 (Marsaglia 2003). Used at setup time only: on a 32-bit board its
# 32-bit intermediate values are heap integers, which is fine there.
try:
    from micropython import const
except ImportError:  # CPython
    from fireice.compat import const


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
