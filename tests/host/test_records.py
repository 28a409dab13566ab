"""The board's records against `fireice play`'s, and their dates (issue 12,
item 3), on the virtual board in the heap it ships with: a handicap game
and a solitaire deal recorded as `fireice play` records them (Handicap,
HandicapSide, Seed, Setup, the same order and text), the Date and Time of
a board whose clock the host set (kept through a soft reset, counted back
for the game in play), none on a board never set, and the host tools
setting the clock as they connect."""

import datetime
import json

import edges
import pytest
from ptysim import PtySim, fireice
from simrun import run_sim

from fireice import record
from fireice.geom import RESULT_NAMES, SIDE_NAMES, move_name
from fireice.seeded import deal, handicap_position
from fireice_tools.play import Session

WHEN = datetime.datetime(2026, 11, 23, 18, 5, 9)
CLOCK = {"cmd": "clock " + WHEN.isoformat()}


def play_record(mode, handicap, side, seed, moves, when=WHEN):
    """The record `fireice play` writes of these moves (from its clock at when)."""
    s = Session(mode, handicap, side, seed, out=lambda text: None, clock=lambda: when)
    for h, t in moves:
        assert s.command(move_name(h, t))
    return record.format(s.record)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("handicap,side,seed", [(3, 2, 5), (6, 1, 11), (1, 2, 0)])
def test_a_handicap_game_is_recorded_as_fireice_play_records_it(handicap, side, seed, tmp_path):
    pos = handicap_position(handicap, side, seed)
    moves, result = edges.random_duel(seed, pos)
    assert result  # played to its end: the record rewritten with its Result
    inputs = [
        CLOCK,
        {
            "cmd": "new",
            "mode": "duel",
            "handicap": handicap,
            "side": SIDE_NAMES[side],
            "seed": seed,
        },
        # the pegs put in after the new game began, as a digital board
        # counts them (issue 12, item 2)
        {"board": "-" * 49},
        {"board": pos},
    ]
    events = run_sim(edges.timed(inputs + edges.duel_inputs(pos, moves), start=0), flash=tmp_path)
    assert not [e for e in events if e.get("ev") == "error"]
    board = read(tmp_path / "game.txt")
    assert board == play_record("duel", handicap, side, seed, moves)
    tags = dict(record.parse(board).tags)
    assert tags["Handicap"] == str(handicap) and tags["HandicapSide"] == SIDE_NAMES[side]
    assert tags["Seed"] == str(seed) and tags["Setup"] == pos
    assert tags["Date"] == "2026.11.23" and tags["Time"] == "18:05:09"
    # and `fireice replay` reads it
    p = fireice("replay", "--json", str(tmp_path / "game.txt"))
    assert json.loads(p.stdout)["result"] == RESULT_NAMES[result]


def test_a_solitaire_deal_carries_its_seed_as_fireice_play_writes_it(tmp_path):
    inputs = [CLOCK, {"cmd": "new", "mode": "solitaire", "seed": 7, "grade": "any"}]
    run_sim(edges.timed(inputs, start=0), flash=tmp_path)
    board = read(tmp_path / "game.txt")
    assert board == play_record("solitaire", 0, 1, 7, [])
    assert '[Seed "7"]\n[Setup "%s"]' % deal(7) in board


def test_a_board_never_set_writes_no_date(tmp_path):
    pos = handicap_position(2, 1, 3)
    moves, _ = edges.random_duel(3, pos)
    inputs = [
        {"cmd": "clock"},
        {"cmd": "new", "handicap": 2, "side": "fire", "seed": 3},
        {"board": pos},
    ]
    inputs += edges.duel_inputs(pos, moves) + [{"cmd": "new"}, {"cmd": "reboot"}, {"cmd": "clock"}]
    events = run_sim(edges.timed(inputs), flash=tmp_path)
    clocks = [e for e in events if e.get("re") == "clock"]
    assert [c["clock"] for c in clocks] == [None, None]
    texts = [read(p) for p in [tmp_path / "game.txt"] + sorted((tmp_path / "games").iterdir())]
    assert len(texts) == 2
    for text in texts:
        assert "Date" not in text and "Time" not in text
        assert "1970" not in text and "2000" not in text and "2021" not in text
    assert read(tmp_path / "games" / "0001.txt") == play_record("duel", 2, 1, 3, moves, None)


def test_the_clock_runs_on_through_a_soft_reset_and_dates_the_game_in_play(tmp_path):
    events = run_sim(
        [
            {"at": 60000, "cmd": "clock 2026-12-31T23:59:30"},  # the first game: since 0
            {"at": 90000, "cmd": "reboot"},
            {"at": 95000, "cmd": "clock"},
            {"at": 96000, "cmd": "new"},
        ],
        flash=tmp_path,
    )
    replies = [e for e in events if e.get("re") == "clock"]
    assert replies[0] == {"re": "clock", "at": 60000, "clock": "2026-12-31T23:59:30", "dated": True}
    assert replies[1]["clock"] == "2027-01-01T00:00:05"
    assert '[Date "2027.01.01"]\n[Time "00:00:06"]\n' in read(tmp_path / "game.txt")
    # the game the board started with, a minute before the clock was set,
    # had no move: a new game does not keep it (nothing archived)
    assert not (tmp_path / "games").exists()


def test_bad_clock_settings_get_errors_and_change_nothing(tmp_path):
    bad = [
        "clock tomorrow",
        "clock 2026-11-31T10:00:00",
        "clock 2026-11-23T10:00",
        "clock 1970-01-01T00:00:00",
        "clock 2000-01-01T00:00:00",
        "clock 2026-11-23T25:00:00",
    ]
    events = run_sim(
        [{"at": 100, "cmd": c} for c in bad] + [{"at": 200, "cmd": "clock"}], flash=tmp_path
    )
    replies = [e for e in events if "re" in e]
    assert len(replies) == len(bad) + 1
    for c, r in zip(bad, replies):
        assert r["re"] == "clock" and r["error"], (c, r)
    assert replies[-1]["clock"] is None
    assert not [e for e in events if e.get("ev") == "error"]
    assert "Date" not in read(tmp_path / "game.txt")
    # a bad input line of the virtual board (not a command) is an error event
    events = run_sim([{"at": 100, "clock": "2026-11-23T10:00:00"}], flash=tmp_path)
    (err,) = [e for e in events if e.get("ev") == "error"]
    assert "unknown key" in err["reason"] or "one of" in err["reason"]


def test_the_host_tools_set_the_clock_when_they_connect(tmp_path):
    from fireice_tools.device import Board

    with PtySim(tmp_path / "flash") as sim:
        b = Board(sim.port, timeout=10.0)
        try:
            b.running(timeout=30.0, set_clock=False)
            assert b.command("clock")["clock"] is None  # a board just powered up
        finally:
            b.close()
        before = datetime.datetime.now().replace(microsecond=0)
        p = fireice("games", "--list", port=sim.port)
        assert p.returncode == 0, p.stderr
        after = datetime.datetime.now()
        b = Board(sim.port, timeout=10.0)
        try:
            b.running(timeout=30.0, set_clock=False)
            now = datetime.datetime.fromisoformat(b.command("clock")["clock"])
            assert before <= now <= after + datetime.timedelta(seconds=2)
            b.command("reboot")
        finally:
            b.close()
        # through the restart (a soft reset), the clock goes on
        b = Board(sim.port, timeout=10.0)
        try:
            b.running(timeout=30.0, set_clock=False)
            assert b.command("clock")["clock"] is not None
            b.command("new")
            text = b.command("game game.txt")["text"]
        finally:
            b.close()
        tags = dict(record.parse(text).tags)
        assert tags["Date"] in (before.strftime("%Y.%m.%d"), after.strftime("%Y.%m.%d"))
        p = fireice("games", "--dir", str(tmp_path / "got"), port=sim.port)
        assert p.returncode == 0, p.stderr
        assert "bytes, played %s at %s)" % (tags["Date"], tags["Time"]) in p.stdout, p.stdout


def test_replay_and_games_show_the_tags(tmp_path):
    text = play_record("duel", 3, 2, 5, [])
    path = tmp_path / "g.txt"
    path.write_text(text + "\n")
    p = fireice("replay", str(path))
    assert p.returncode == 0, p.stderr
    assert "Played 2026.11.23 at 18:05:09" in p.stdout
    assert "Handicap: 3 Ice pegs (seed 5)" in p.stdout
    p = fireice("replay", "--json", str(path))
    assert json.loads(p.stdout)["error"] is None


def test_the_simulator_page_sets_the_clock_as_it_starts(tmp_path):
    import time

    from fireice_tools import web

    sim = web.Simulator(flash=str(tmp_path), clock=lambda: WHEN)
    try:
        until = time.monotonic() + 30
        while time.monotonic() < until:
            with sim.cond:
                out = [c["text"] for c in sim.console if '"re": "clock"' in c["text"]]
            if out:
                break
            time.sleep(0.05)
        (reply,) = out
        assert json.loads(reply)["clock"] == WHEN.isoformat()
        assert sim.console[0]["text"] == "clock " + WHEN.isoformat()  # shown as sent
        assert '[Date "2026.11.23"]' in read(tmp_path / "game.txt")
    finally:
        sim.close()


@pytest.mark.parametrize("front", ["digital", "colour"])
def test_extra_tags_round_trip_on_the_board_up_to_the_4_kb_record(front, tmp_path):
    """A record near the board's 4 KB limit, most of it tags the board does
    not know (Hints, Grade, and more): resumed in the board's 64 KB budget,
    its last move played, rewritten with its Result and every tag in its
    place (copied from flash a line at a time: the tags are never all in
    the heap), and read again after a restart and by `fireice replay`."""
    from fireice.duel import Duel

    moves, result = edges.random_duel(1)
    head = ['[Game "Fire and Ice"]', '[Mode "duel"]', '[Date "2026.11.20"]', '[Time "18:30:00"]']
    head += ['[Hints "fire 2, ice 0"]', '[Grade "easy"]', '[Event "club \\"night\\" {1}"]']
    k = 0
    while len("\n".join(head)) < 3600:
        k += 1
        head.append('[Note%d "%s"]' % (k, "x" * 100))
    body = " ".join(move_name(*m) for m in moves[:-1])
    text = "\n".join(head) + "\n\n" + body + "\n"
    assert 3800 < len(text.encode()) < 4096 - 20, len(text)
    (tmp_path / "game.txt").write_text(text)
    game = Duel()
    for m in moves[:-1]:
        game.push(*m)
    inputs = [{"board": game.position()}] + edges.duel_inputs(game.position(), moves[-1:])
    inputs += [{"cmd": "reboot"}, {"cmd": "status"}]
    events = run_sim(edges.timed(inputs), front=front, flash=tmp_path, heapsize="64k")
    assert not [e for e in events if e.get("ev") == "error" or "error" in e], events
    assert [e["moves"] for e in events if e.get("ev") == "resumed"] == [
        len(moves) - 1,
        len(moves),
    ]
    after = read(tmp_path / "game.txt")
    rec = record.parse(after)
    assert [t[0] for t in rec.tags] == [t[1 : t.index(" ")] for t in head] + ["Result"]
    assert rec.get("Event") == 'club "night" {1}' and rec.get("Hints") == "fire 2, ice 0"
    assert rec.get("Result") == RESULT_NAMES[result]
    assert after.startswith("\n".join(head) + "\n")
    assert len(after.encode()) <= 4096
    p = fireice("replay", "--json", str(tmp_path / "game.txt"))
    assert json.loads(p.stdout)["error"] is None


def test_a_duels_hints_are_notes_every_reader_skips_and_a_restart_counts(tmp_path):
    # two hints in a duel (the engine's room: 96 KB), each saved as a
    # {hint MOVE} note appended to the move text; a restart keeps the count
    # (rationed to two: the third is refused); `fireice replay` and
    # `fireice analyse` read the record as the game it is
    from fireice.duel import Duel
    from fireice.geom import START
    from fireice.notation import parse_move
    from simrun import move_inputs

    g = Duel()
    inputs = [{"cmd": "set hints 2"}, {"board": START}, {"cmd": "hint"}]
    h, t = parse_move("D4-D1")
    inputs += move_inputs(h, t, 1)
    g.push(h, t)
    inputs.append({"cmd": "hint"})
    timed = [dict(i, at=500 + 400 * k) for k, i in enumerate(inputs)]
    events = run_sim(timed, flash=tmp_path, heapsize="96k")
    given = [e["move"] for e in events if e.get("ev") == "hint"]
    assert len(given) == 2 and all(given), events
    text = read(tmp_path / "game.txt")
    assert text.count("{hint ") == 2 and "{hint %s}" % given[1] in text, text
    assert "Hints" not in dict(record.parse(text).tags)
    assert record.parse(text).moves == ["D4-D1"]
    # the power comes back: the count is read from the record
    events = run_sim([{"at": 500, "cmd": "hint"}], flash=tmp_path, heapsize="96k")
    (e,) = [e for e in events if e.get("ev") == "hint"]
    assert e["move"] is None and e["reason"] == "no hints left (2 a game)", e
    p = fireice("replay", "--json", str(tmp_path / "game.txt"))
    out = json.loads(p.stdout)
    assert out["error"] is None and out["position"] == g.position(), out
    p = fireice("analyse", "--json", str(tmp_path / "game.txt"))
    assert p.returncode == 0 and len(json.loads(p.stdout)["moves"]) == 1, p.stdout[:500]
