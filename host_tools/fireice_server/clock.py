"""The server's one clock, and the time rules of live and correspondence
games (docs/server.md, "Time").

Clock.now() is the time every rule is judged by. Tests move it on with
an offset file (`fireice server --clock-offset-file`): a number of
seconds added to the real time, read again when the file changes, so a
test can let days pass without sleeping."""

import os
import time

DAY_MS = 86_400_000
# a calendar year (UTC), per account: shared by all its correspondence games
VACATION_DAYS = 7
# The clock hold (docs/server.md, "Time"): the time from the opponent's
# move until the player's board says it stands on the board (carried) is
# not charged, up to this many seconds a move.
HOLD_LIVE = 30
HOLD_DAYS = 300


class Clock:
    def __init__(self, offset_file=None):
        self.offset_file = offset_file
        self._stamp = None
        self._offset = 0.0

    def now(self):
        if self.offset_file:
            self._read_offset()
        return time.time() + self._offset

    def _read_offset(self):
        try:
            st = os.stat(self.offset_file)
        except OSError:
            self._offset = 0.0
            return
        stamp = (st.st_mtime_ns, st.st_size)
        if stamp != self._stamp:
            try:
                with open(self.offset_file) as f:
                    self._offset = float(f.read().strip() or 0)
            except (OSError, ValueError):
                self._offset = 0.0
            self._stamp = stamp


def vacation_ms():
    return VACATION_DAYS * DAY_MS


def new_times(days, limit):
    """(ftime, itime, fvac, ivac) at the start of a game; the vacation is
    the accounts' (vacation_left), filled in by the service."""
    if days:
        return days * DAY_MS, days * DAY_MS, 0, 0
    return limit * 1000, limit * 1000, 0, 0


def vacation_year(now):
    return time.gmtime(now).tm_year


def vacation_left(account, now):
    """ms of vacation the account (a users row) has left in now's year."""
    if account["vac_year"] != vacation_year(now):
        return vacation_ms()  # a new year: the whole allowance
    return account["vac_ms"]


def vacation_after(g, now, left):
    """The vacation left after a correspondence turn, begun at
    g['turn_start'], ended at now: the time beyond the move's days comes
    off it."""
    used = max(0, int((now - g["turn_start"]) * 1000))
    return max(0, left - max(0, used - g["days"] * DAY_MS))


def deadline(g, side):
    """When side, to move since g['turn_start'], runs out of time (g's
    fvac/ivac: the players' vacation left, for correspondence)."""
    left = g["ftime"] if side == "fire" else g["itime"]
    if g["days"]:
        left += g["fvac"] if side == "fire" else g["ivac"]
    return g["turn_start"] + left / 1000.0


def after_move(g, side, now, increment=True):
    """The clock columns after side moved at now (in time), for a live
    game: the clock less the time used plus the increment. Correspondence
    days are whole again each turn (the vacation is the account's)."""
    if g["days"]:
        return {}
    used = max(0, int((now - g["turn_start"]) * 1000))
    key = "ftime" if side == "fire" else "itime"
    out = {key: max(0, g[key] - used)}
    if increment:
        out[key] += 1000 * (g["clock_increment"] or 0)
    return out


def times_left(g, now):
    """(ftime, itime): each side's ms left now (vacation included); the side
    to move's runs down while the game runs."""
    out = []
    for side in ("fire", "ice"):
        left = g["ftime"] if side == "fire" else g["itime"]
        if g["days"]:
            left += g["fvac"] if side == "fire" else g["ivac"]
        if g["status"] == "started" and g["to_move"] == side:
            left = max(0, int((deadline(g, side) - now) * 1000))
        out.append(left)
    return out[0], out[1]


def hold_limit(g):
    """Seconds of one move's clock hold in game g."""
    return HOLD_DAYS if g["days"] else HOLD_LIVE


def hold_pending(g):
    """The side to move plays from a board and has not posted carried for
    this ply: it may still take its hold."""
    side = g["to_move"]
    if g["status"] != "started" or side is None or g["held_ply"] == g["ply"]:
        return False
    return bool(g["fboard"] if side == "fire" else g["iboard"])


def flag_time(g):
    """When the side to move's flag falls: its deadline, or later by the
    hold limit while a hold it may still take would give that time back
    (the server must not end a game on a clock it then refunds)."""
    if g["deadline"] is None:
        return None
    return g["deadline"] + (hold_limit(g) if hold_pending(g) else 0)


def hold(g, now):
    """Seconds the side to move is not charged when its board says, at now,
    that the opponent's move stands on it: the time since its turn began,
    at most the hold limit."""
    return min(max(0.0, now - g["turn_start"]), hold_limit(g))
