"""The server's one clock, and the time rules of live and correspondence
games (docs/server.md, "Time").

Clock.now() is the time every rule is judged by. Tests move it on with
an offset file (`fireice server --clock-offset-file`): a number of
seconds added to the real time, read again when the file changes, so a
test can let days pass without sleeping."""

import os
import time

DAY_MS = 86_400_000
# a calendar year (UTC), per account: while the player is away (PUT
# /api/account/away) the vacation runs, and the days of their
# correspondence turns wait until it is spent
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


def allowance(account, now):
    """ms of vacation the account (a users row) had as it last went away,
    or has now when it is not away: a new year gives the whole allowance."""
    since = account.get("away_since")
    year = vacation_year(since if since is not None else now)
    if account["vac_year"] != year:
        return vacation_ms()
    return account["vac_ms"]


def vacation_left(account, now):
    """ms of vacation the account has left at now (it runs while away)."""
    left = allowance(account, now)
    since = account.get("away_since")
    if since is not None:
        left -= int(max(0.0, now - since) * 1000)
    return max(0, left)


def away_window(account, now):
    """(from, to): the time the account's correspondence turns are held by
    its vacation, or None when it is not away."""
    since = account.get("away_since")
    if since is None:
        return None
    return since, since + allowance(account, now) / 1000.0


def days_used(g, side, now):
    """Seconds of side's days its turn (begun at g['turn_start']) has used
    by now: the time outside its player's away window (g's fwin, iwin)."""
    start = g["turn_start"]
    used = max(0.0, now - start)
    win = g.get(side[0] + "win")
    if win:
        used -= max(0.0, min(now, win[1]) - max(start, win[0]))
    return max(0.0, used)


def deadline(g, side):
    """When side, to move since g['turn_start'], runs out of time. For a
    correspondence game whose player is away, the days wait until the
    vacation is spent (g's fwin/iwin: the away windows)."""
    left = (g["ftime"] if side == "fire" else g["itime"]) / 1000.0
    start = g["turn_start"]
    win = g.get(side[0] + "win") if g["days"] else None
    if not win or win[1] <= start:
        return start + left
    before = max(0.0, win[0] - start)  # days that ran before going away
    if left <= before:
        return start + left
    return max(win[1], start) + left - before


def after_move(g, side, now, increment=True):
    """The clock columns after side moved at now (in time). A live game:
    the clock less the time used plus the increment. Correspondence: the
    days are whole again for side's next turn."""
    key = "ftime" if side == "fire" else "itime"
    if g["days"]:
        return {key: g["days"] * DAY_MS}
    used = max(0, int((now - g["turn_start"]) * 1000))
    out = {key: max(0, g[key] - used)}
    if increment:
        out[key] += 1000 * (g["clock_increment"] or 0)
    return out


def times_left(g, now):
    """(ftime, itime): each side's ms left now; the side to move's runs
    down while the game runs (for correspondence: its days, and first the
    vacation while its player is away)."""
    out = []
    for side in ("fire", "ice"):
        left = g["ftime"] if side == "fire" else g["itime"]
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
