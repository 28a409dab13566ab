# The tracker's solitaire part: loaded only while a solitaire is played.
# track() is Tracker.update's step for a solitaire (see fireboard.track_tracker).
from fireboard.track_phases import LIFTED, BOTH, VICTIM
from fireice.geom import TARGETS, hole_name


def track(self, g, p, n):
    cells = g.cells
    d = self.diff
    if n == 1:
        x = d[0]
        if p[x] == 0:
            if not self.colour and (x == self.moving_from or x == self.moving_to):
                # the other hole of the pair was filled: x's peg captured there
                y = self.moving_to if x == self.moving_from else self.moving_from
                why = g.check(x, y)
                return self._error(y, why) if why else self._commit(x, y)
            # the peg may capture (LIFTED), or be captured (VICTIM)?
            s = cells[x]
            for k in range(12 * x, 12 * x + 12):
                y = TARGETS[k]
                if cells[y] == 3 - s:
                    if not g.to_move or g.to_move == s:
                        return self._set(LIFTED, x)
                    return self._set(VICTIM, x)
            return self._error(x, "%s can neither capture nor be captured now" % hole_name(x))
    elif n == 2:
        a = d[0]
        b = d[1]
        if p[a] == 0 and p[b] == 0:
            if g.check(a, b) is None or g.check(b, a) is None:
                self.moving_from = a
                self.moving_to = b
                return self._set(BOTH, a, b)
            return self._error(
                b, "%s and %s cannot capture each other" % (hole_name(a), hole_name(b))
            )
        if self.colour:
            y, x = (a, b) if p[a] == 0 else (b, a)
            if p[y] == 0 and p[x] == cells[y]:
                why = g.check(y, x)
                return self._error(x, why) if why else self._commit(y, x)
    self._error(255, None)
