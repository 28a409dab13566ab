# A part of the engine (fireice.engine), in a module of its own so that
# the board can load the engine a small module a pass
# (fireboard.track_hinting: one import at Pico speed is held to about a
# scan period);
# the move opinions (gift, prior) and the random numbers (below),
# Engine's methods where named so.
import micropython

from fireice.geom import LINE_OF, LINES


@micropython.native
def gift(g, frm, o):
    """True when the peg of o that fills frm completes a line of islands for
    o: the move hands o the game."""
    i = frm // 7
    bi = 1 << i
    co = g.ctrl[o]
    if co & bi or not LINE_OF[co | bi]:
        return False
    return LINE_OF[g.im[8 * o + i] | (1 << (frm - 7 * i))] != 0


@micropython.native
def prior(g, frm, to, s, fill=True):
    """A quick opinion of the move frm -> to for s, 1..255 (64 is neutral):
    islands gained, kept, handed over or blocked, lines of two made. With
    fill False it forgets the opponent's peg that fills frm, as a beginner."""
    im = g.im
    ctrl = g.ctrl
    o = 3 - s
    i = frm // 7
    p = frm - 7 * i
    j = to // 7
    q = to - 7 * j
    bp = 1 << p
    bq = 1 << q
    bi = 1 << i
    bj = 1 << j
    cs = ctrl[s]
    co = ctrl[o]
    v = 64
    ms = im[8 * s + j]
    occ = im[j] | bq
    if i == j:
        ms ^= bp
    ms |= bq
    if not cs & bj and LINE_OF[ms]:
        v += 50
        if LINE_OF[cs | bj]:
            v += 60
    if i != j and cs & bi and not LINE_OF[im[8 * s + i] ^ bp]:
        v -= 40
    mo = im[8 * o + i] | bp
    if fill and not co & bi and LINE_OF[mo]:
        v -= 40
        if LINE_OF[co | bi]:
            return 1
    if not co & bj and LINE_OF[im[8 * o + j] | bq]:
        v += 30
        if LINE_OF[co | bj]:
            v += 60
    for k in range(7):
        ln = LINES[k]
        if ln & bq:
            x = ms & ln
            if x != bq and x != ln and not (occ & (ln ^ x)):
                v += 8
    if v < 1:
        return 1
    if v > 255:
        return 255
    return v


@micropython.native
def below(self, n):
    """A random integer in 0..n-1 (n below 30000)."""
    a = 171 * self.r1 % 30269
    b = 172 * self.r2 % 30307
    c = 170 * self.r3 % 30323
    self.r1 = a
    self.r2 = b
    self.r3 = c
    return (a + b + c) % n
