# The board's clock and the dates of its records (issue 12, item 3): the
# calendar of fireboard.clock, the clock command (fireboard.links_cmd_clock), the
# Date and Time of a new game's record, the game in play dated back once the
# clock is first set, and a board that never knew the time writing none. On
# the virtual board's hardware with a flash in memory, both interpreters.
from support import MICROPYTHON, raises


def test_day_numbers_and_weekdays():
    from fireboard.clock import date, day_number, weekday

    # (date, days since 2000-01-01, weekday 0 = Monday), from CPython's datetime
    for ymd, n, wd in (
        ((2000, 1, 1), 0, 5),
        ((2000, 3, 1), 60, 2),
        ((2025, 1, 1), 9132, 2),
        ((2026, 11, 23), 9823, 0),
        ((2028, 2, 29), 10286, 1),
        ((2099, 12, 31), 36524, 3),
        ((2100, 3, 1), 36584, 0),
    ):
        assert day_number(*ymd) == n, ymd
        assert date(n) == ymd, n
        assert weekday(n) == wd, ymd
    # every day of the century, there and back
    step = 7 if MICROPYTHON else 1
    for n in range(0, 36600, step):
        assert day_number(*date(n)) == n, n


def test_the_calendar_agrees_with_cpython():
    if MICROPYTHON:
        return  # (datetime is CPython's)
    import datetime

    from fireboard.clock import date, day_number, fields

    d0 = datetime.date(2000, 1, 1)
    for n in range(0, 36600, 13):
        d = d0 + datetime.timedelta(days=n)
        assert date(n) == (d.year, d.month, d.day)
        assert day_number(d.year, d.month, d.day) == n
    t0 = datetime.datetime(2026, 11, 23)
    for ms in (-86400001, -1000, -1, 0, 999, 1000, 59999, 86399999, 86400000, 40 * 86400000):
        t = t0 + datetime.timedelta(milliseconds=ms)
        got = fields(day_number(2026, 11, 23), ms)
        want = (t.year, t.month, t.day, t.hour, t.minute, t.second, t.weekday())
        assert got == want, (ms, got, want)


def test_a_clock_setting_is_checked():
    from fireboard.clock import parse

    assert parse("2026-11-23T10:00:05") == (9823, 36005)
    assert parse("2026-11-23 23:59:59") == (9823, 86399)
    assert parse("2028-02-29T00:00:00") == (10286, 0)
    assert parse("2025-01-01T00:00:00")[0] == 9132
    for bad in (
        "",
        "now",
        "2026-11-23",
        "2026-11-23T10:00",
        "2026-11-23T10:00:00Z",
        "2026-11-23t10:00:00",
        "2026/11/23T10:00:00",
        "2026-1-23T10:00:000",
        "2026-11-23T1O:00:00",
        "+026-11-23T10:00:00",
        "2026-00-10T10:00:00",
        "2026-13-10T10:00:00",
        "2026-11-00T10:00:00",
        "2026-11-31T10:00:00",
        "2026-02-29T10:00:00",
        "2100-02-29T10:00:00",
        "2026-11-23T24:00:00",
        "2026-11-23T10:60:00",
        "2026-11-23T10:00:60",
        "2024-12-31T23:59:59",  # before FIRST: a clock nobody set
        "2100-01-01T00:00:00",
        "1970-01-01T00:00:00",
        "2000-01-01T00:00:00",
    ):
        e = raises(ValueError, parse, bad)
        assert str(e), bad


def board(store=None, pegs=((24, 1),)):
    """A board started on store (a new one by default) with pegs (hole,
    side) standing."""
    from fireboard.board import start
    from simboard.memstore import MemStore
    from simboard.hw import Hardware

    events = []
    store = store or MemStore()
    app, hw, started = start(store, lambda cfg: Hardware(cfg, 0), events.append, 0, "digital")
    app.begin(0, *started)
    for h, side in pegs:
        hw.holes[h] = side
    app.settle()
    return app, hw, events


def ask(app, line):
    from fireboard import links_commands as usb

    out = []
    usb.handle(app, line, out.append)
    assert len(out) == 1, out
    return out[0]


def at(app, hw, ms):
    # virtual time runs on to ms (the board between two scans)
    app.now = hw.now = ms


def tags(app):
    from fireice import record

    return [t for t in record.parse(app.games.store.files["game.txt"]).tags]


def test_a_board_never_set_writes_no_date():
    app, hw, events = board()
    assert ask(app, "clock") == {"re": "clock", "clock": None}
    assert hw.clock() is None
    at(app, hw, 90000)
    app.new_game("duel", 3, 2, 5)
    assert [t[0] for t in tags(app)] == [
        "Game",
        "Mode",
        "Handicap",
        "HandicapSide",
        "Seed",
        "Setup",
    ]
    app.new_game("solitaire", seed=7, grade="any")
    assert [t[0] for t in tags(app)] == ["Game", "Mode", "Seed", "Setup"]
    for text in app.games.store.files.values():
        assert "Date" not in text and "Time" not in text


def test_bad_settings_change_nothing():
    app, hw, events = board()
    files = dict(app.games.store.files)
    for line in (
        "clock 2026-11-23",
        "clock 2026-02-30T10:00:00",
        "clock 1970-01-01T00:00:00",
        "clock 2026-11-23T10:00:00 extra",
        'clock {"at": 5}',
    ):
        r = ask(app, line)
        assert r["re"] == "clock" and r["error"], (line, r)
    assert hw.clock() is None and hw.wall is None
    assert app.games.store.files == files


def test_a_set_clock_dates_new_games_and_the_game_in_play():
    app, hw, events = board()
    at(app, hw, 5000)
    r = ask(app, "clock 2026-11-23T10:00:00")
    assert r == {"re": "clock", "clock": "2026-11-23T10:00:00", "dated": True}
    # the game the board started with (at 0) is dated back, 5 s before
    assert tags(app)[:4] == [
        ["Game", "Fire and Ice"],
        ["Mode", "duel"],
        ["Date", "2026.11.23"],
        ["Time", "09:59:55"],
    ]
    before = dict(app.games.store.files)
    at(app, hw, 7500)
    r = ask(app, "clock 2026-11-23T10:00:03")  # set again: the date stays
    assert r == {"re": "clock", "clock": "2026-11-23T10:00:03", "dated": False}
    assert app.games.store.files == before
    at(app, hw, 8500)
    assert ask(app, "clock")["clock"] == "2026-11-23T10:00:04"
    # a new game: dated as it starts, in the tag order of docs/records.md
    at(app, hw, 8500 + 14 * 3600 * 1000)  # past midnight
    app.new_game("duel", 3, 2, 5)
    assert tags(app) == [
        ["Game", "Fire and Ice"],
        ["Mode", "duel"],
        ["Date", "2026.11.24"],
        ["Time", "00:00:04"],
        ["Handicap", "3"],
        ["HandicapSide", "ice"],
        ["Seed", "5"],
        ["Setup", app.tracker.game.position()],
    ]
    app.new_game("solitaire", seed=7, grade="any")
    assert [t[0] for t in tags(app)] == ["Game", "Mode", "Date", "Time", "Seed", "Setup"]


def test_a_resumed_game_is_not_dated_back():
    from simboard.memstore import MemStore

    store = MemStore()
    store.write("game.txt", '[Game "Fire and Ice"]\n[Mode "duel"]\n\nD4-C4\n')
    app, hw, events = board(store)
    assert app.games.began is None  # it started before this run: when is not known
    at(app, hw, 3000)
    r = ask(app, "clock 2026-11-23T10:00:00")
    assert r["dated"] is False and r["clock"] == "2026-11-23T10:00:00"
    assert "Date" not in store.files["game.txt"]
    app.new_game()
    assert ["Date", "2026.11.23"] in tags(app)


def test_extra_tags_survive_a_rewrite():
    """Tags the board does not know (Hints, Grade, an Event) are kept, in
    their order, through a takeback's rewrite of the record."""
    from simboard.memstore import MemStore

    head = (
        '[Game "Fire and Ice"]\n[Mode "duel"]\n[Date "2026.11.20"]\n[Time "18:30:00"]\n'
        '[Event "club \\"night\\""]\n[Hints "2"]\n[Grade "easy"]\n'
    )
    store = MemStore()
    store.write("game.txt", head + "\nD4-C4 D4-D5\n")
    app, hw, events = board(store, ((17, 1), (24, 1), (25, 2)))  # C4, D4 Fire; D5 Ice
    assert app.tracker.phase == 0, events
    at(app, hw, 1000)
    assert ask(app, "clock 2026-11-23T10:00:00")["dated"] is False  # it has a Date
    app.undo()
    assert any(e["ev"] == "undo" for e in events), events
    assert store.files["game.txt"] == head + "\nD4-C4\n"
