# USB command of the board's clock (fireboard.links_commands loads this for one
# command): clock, clock YYYY-MM-DDTHH:MM:SS. The host tools set the clock
# when they connect (fireice_tools.device); a board that knows the time
# dates each new game's record (fireboard.records_newgame), and the game in play,
# once, when its clock is first set.
from fireice.ticks import ticks_diff

from fireboard.links_table import CommandError
from fireice.geom import FireIceError


def clock(app, arg):
    """clock: {"clock": the board's local time, or null while it is not
    known}. clock YYYY-MM-DDTHH:MM:SS: set it (checked first: a bad
    setting changes nothing); "dated" says whether the game in play got its
    Date and Time now (a clock that was not known before, and a game
    started since the board did)."""
    from fireboard import clock as cal
    from fireboard.mem import done

    try:
        hw = app.games.hw
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
        now = cal.iso(t)
        add = _began(app, cal, day, secs) if was is None else None
    finally:
        cal = None
        done("clock")  # gone before the record is rewritten
    return {"clock": now, "dated": add is not None and _date_game(app, add)}


def _began(app, cal, day, secs):
    """The Date and Time tags of the game in play, counted back from the
    clock just set; None where it has no record or started before the
    board did (its start unknown)."""
    games = app.games
    if not games.recorded or app.tracker.game is None or games.began is None:
        return None
    ago = ticks_diff(app.now, games.began)
    if ago < 0:
        return None
    t = cal.fields(day, 1000 * secs - ago)
    return (
        ("Date", "%04d.%02d.%02d" % (t[0], t[1], t[2])),
        ("Time", "%02d:%02d:%02d" % (t[3], t[4], t[5])),
    )


def _date_game(app, add):
    """Give the game in play its Date and Time (add), and rewrite its record;
    False where it has a Date already, or the record could not be
    rewritten (it stays on flash as it was)."""
    games = app.games
    g = app.tracker.game
    try:
        if _dated(games):
            return False
        app._save(lambda game: games.save(game, add), g)
    except (OSError, MemoryError, FireIceError):
        return False  # the record on flash as it was
    return True


def _dated(games):
    """Whether the record's tags (on flash, read a line at a time) have a
    Date or a Time."""
    from fireboard.records_games import CURRENT

    with games.store.open(CURRENT) as f:
        for line in f:
            line = line.strip()
            if line and line[:1] != b"[" and line[:3] != b"\xef\xbb\xbf":
                return False  # the moves: no more tags
            name = line[1 : line.find(b'"')].strip()
            if name == b"Date" or name == b"Time":
                return True
    return False
