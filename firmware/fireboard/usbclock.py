# USB command of the board's clock (fireboard.usb loads this for one
# command): clock, clock YYYY-MM-DDTHH:MM:SS. The host tools set the clock
# when they connect (fireice_tools.device); a board that knows the time
# dates each new game's record (fireboard.newgame), and the game in play,
# once, when its clock is first set.
try:
    from time import ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython
    from fireice.compat import ticks_diff

from fireboard.usb import CommandError
from fireice.geom import FireIceError


def clock(app, arg):
    """clock: {"clock": the board's local time, or null while it is not
    known}. clock YYYY-MM-DDTHH:MM:SS: set it (checked first: a bad
    setting changes nothing); "dated" says whether the game in play got its
    Date and Time now (a clock that was not known before, and a game
    started since the board did)."""
    from fireboard import clock as cal
    from fireice import forget

    try:
        hw = app.hw
        if not arg:
            t = hw.clock()
            return {"clock": None if t is None else cal.iso(t)}
        try:
            day, secs = cal.parse(arg)
        except ValueError as e:
            raise CommandError(str(e)) from None
        was = hw.clock()
        y, m, d = cal.date(day)
        hw.set_clock(y, m, d, secs // 3600, secs // 60 % 60, secs % 60, cal.weekday(day))
        t = hw.clock()
        if t is None:  # (a backend that lost it at once)
            raise CommandError("the clock did not take the setting")
        dated = was is None and _date_game(app, cal, day, secs)
        return {"clock": cal.iso(t), "dated": dated}
    finally:
        cal = None
        forget("fireboard.clock")


def _date_game(app, cal, day, secs):
    """Give the game in play the Date and Time it started at, counted back
    from the clock just set, and rewrite its record; False where it has a
    Date, no record, or started before the board did (its start unknown)."""
    games = app.games
    old = games.tags
    g = app.tracker.game
    if old is None or g is None or app.began is None:
        return False
    k = 0  # where the date goes: after Game and Mode
    for i in range(len(old)):
        name = old[i][0]
        if name == "Date" or name == "Time":
            return False
        if name == "Game" or name == "Mode":
            k = i + 1
    ago = ticks_diff(app.now, app.began)
    if ago < 0:
        return False
    t = cal.fields(day, 1000 * secs - ago)
    games.tags = old[:k] + [
        ["Date", "%04d.%02d.%02d" % (t[0], t[1], t[2])],
        ["Time", "%02d:%02d:%02d" % (t[3], t[4], t[5])],
    ]
    games.tags += old[k:]
    try:
        app._save(games.save, g)
    except (OSError, MemoryError, FireIceError):
        games.tags = old  # the record on flash as it was
        return False
    return True
