"""The server's one clock, and the time rules of live and correspondence
games (docs/server.md, "Time").

Clock.now() is the time every rule is judged by. Tests move it on with
an offset file (`fireice server --clock-offset-file`): a number of
seconds added to the real time, read again when the file changes, so a
test can let days pass without sleeping."""

import os
import time

DAY_MS = 86_400_000
YEAR_S = 365 * 86400
VACATION_DAYS = 7  # a year, per player and game, spent before the days


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
    """(ftime, itime, fvac, ivac) at the start of a game."""
    if days:
        return days * DAY_MS, days * DAY_MS, vacation_ms(), vacation_ms()
    return limit * 1000, limit * 1000, 0, 0


def deadline(g, side):
    """When side, to move since g['turn_start'], runs out of time."""
    left = g["ftime"] if side == "fire" else g["itime"]
    if g["days"]:
        left += g["fvac"] if side == "fire" else g["ivac"]
    return g["turn_start"] + left / 1000.0


def after_move(g, side, now, increment=True):
    """The time columns after side moved at now (in time): the clock less
    the time used plus the increment (live); the vacation less the time
    used, the days whole again for the next turn (correspondence)."""
    used = max(0, int((now - g["turn_start"]) * 1000))
    out = {}
    if g["days"]:
        year = int((now - g["created_at"]) // YEAR_S)
        fvac, ivac = g["fvac"], g["ivac"]
        if year > g["vac_year"]:  # a new year of the game: fresh vacation days
            fvac = ivac = vacation_ms()
            out["vac_year"] = year
        key = "fvac" if side == "fire" else "ivac"
        left = fvac if side == "fire" else ivac
        out["fvac"], out["ivac"] = fvac, ivac
        out[key] = max(0, left - used)
    else:
        key = "ftime" if side == "fire" else "itime"
        out[key] = max(0, g[key] - used)
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
