"""The board at its edges (issue 11), on both front ends, in the 64 KB heap
the virtual board ships with, each run compared with the same run in 72 KB
(simrun.ROOMY: more room, and still none for the solitaire's solver, so the
same board) where the two can be compared: the longest games to their end, a takeback
at every depth, a restart after every move, a `reboot` command with the
longest game in play, every USB command at the end
of the longest game, the archive at its largest, a full flash, corrupted
files and hostile settings. The games come from seeded generators
(tests/host/edges.py), so nothing is tuned to one game."""

import datetime
import json
import os
import subprocess
import sys

import edges
import pytest
from simrun import HEAP, ROOMY, run_sim

from fireice.duel import Duel
from fireice.geom import START, hole_name

FRONTS = ["digital", "colour"]
SMALL = HEAP  # the heap the virtual board ships with (64 KB)
BIG = ROOMY


def heaps(case):
    """pytest params (front, heap) of a case: both front ends, in the heap
    the virtual board ships with. (Cases that did not fit yet were marked
    here, to fail strictly in it and pass in more; none is left: bench/RESULTS.md,
    "Memory".)"""
    return [pytest.param(front, SMALL, id=front) for front in FRONTS]


def twin(inputs, front, tmp_path, small=SMALL, **kw):
    """The events of inputs in 64 KB (or small), which must be those of
    72 KB (ROOMY)."""
    big = run_sim(inputs, front=front, flash=tmp_path / "big", heapsize=BIG, **kw)
    small = run_sim(inputs, front=front, flash=tmp_path / "small", heapsize=small, **kw)
    for e in small + big:
        e.pop("heap_free", None)  # status tells the heap's size, of course
    assert errors(small) == errors(big)
    assert small == big
    return small


def errors(events):
    return [e for e in events if e.get("ev") == "error" or "error" in e]


def kinds(events, *names):
    return [e for e in events if e.get("ev") in names]


def replay(path):
    """`fireice replay --json` of a record on the flash."""
    p = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "fireice"), "replay", "--json", str(path)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    return json.loads(p.stdout)


# the host sets the board's clock first, as the host tools do when they
# connect: the records carry Date and Time (docs/records.md)
CLOCK = {"cmd": "clock 2026-11-23T10:00:00"}


def game_cases():
    seed, moves = edges.longest_duel()
    settings, pos, hmoves = edges.longest_handicap()
    wseed, wpos, wmoves = edges.won_solitaire()
    lseed, lpos, lmoves = edges.lost_solitaire()
    return {
        "duel": ([CLOCK, {"board": START}] + edges.duel_inputs(START, moves), len(moves), None),
        "handicap": (
            [CLOCK, dict(cmd="new", **settings), {"board": pos}] + edges.duel_inputs(pos, hmoves),
            len(hmoves),
            None,
        ),
        "solitaire-won": (
            [
                CLOCK,
                {"cmd": "new", "mode": "solitaire", "seed": wseed, "grade": "any"},
                {"board": wpos},
            ]
            + edges.solo_inputs(wpos, wmoves),
            len(wmoves),
            "won",
        ),
        "solitaire-lost": (
            [
                CLOCK,
                {"cmd": "new", "mode": "solitaire", "seed": lseed, "grade": "any"},
                {"board": lpos},
            ]
            + edges.solo_inputs(lpos, lmoves),
            len(lmoves),
            "lost",
        ),
    }


GAMES = game_cases()


@pytest.mark.parametrize(
    "kind,front,heap",
    [pytest.param(k, *p.values, marks=p.marks) for k in sorted(GAMES) for p in heaps(k)],
)
def test_the_longest_games_end_and_are_recorded(kind, front, heap, tmp_path):
    inputs, plies, want = GAMES[kind]
    events = twin(edges.timed(inputs), front, tmp_path, heap)
    assert not errors(events), errors(events)
    assert len(kinds(events, "move")) == plies
    (result,) = kinds(events, "result")
    if want:
        assert result["result"] == want
    rec = replay(tmp_path / "small" / "game.txt")
    assert rec["result"] == result["result"] and rec["error"] is None
    with open(tmp_path / "small" / "game.txt") as f:
        text = f.read()
    assert '[Result "%s"]' % result["result"] in text
    # dated when the game began: a new game GAP ms after the clock was set
    # to 10:00:00; the game the board started with, GAP ms before (dated
    # back when the clock is set)
    began = "09:59:59" if kind == "duel" else "10:00:00"
    assert '[Date "2026.11.23"]\n[Time "%s"]\n' % began in text, text[:300]


@pytest.mark.parametrize("front", FRONTS)
def test_the_longest_game_with_the_scans_from_the_timer_in_64k(front, tmp_path):
    """At Pico time the virtual board scans from the timer interrupt, as a
    Pico does (fireboard.sense_irqscan: its buffers and debouncer beside
    the game's): the longest duel still ends and is recorded in 64 KB.

    This is a test of memory, and the board runs at a quarter of the
    Pico factor (fireice sim --pico-factor 50) so that the host's speed,
    which Pico time multiplies, cannot decide it: at 200, a host stall of
    3 ms within a pass that the run delay does not show (a hypervisor's)
    once put two inputs 600 ms apart into one scan on CI; and the colour
    scan's Pico estimate varied from 3.0 to 3.7 ms between runs of this
    test on one quiet machine (the virtual hardware's time taken off it
    varies), so that a slow run on CI took it past the ticks' 4 ms
    period (ColourScanner.irq_ms): the ticks took all of every pass's
    time and a peg lifted and put down went unseen. The scans' timing at
    the Pico factor is measured by `make bench` (bench_latency,
    bench_versus)."""
    inputs, plies, _ = GAMES["duel"]
    events = run_sim(
        edges.timed(inputs, gap=1500), front=front, flash=tmp_path, heapsize=SMALL, pico_time=50
    )
    assert not errors(events), errors(events)
    (t,) = kinds(events, "timing")
    # (the collector's factor scaled alike: fireice.pico's 100 of 200)
    assert t["slowdown"] == 50 and t["c_slowdown"] == 25
    assert t["irq_scans"] > 0 and t["irq_scans"] == t["scans"]
    assert len(kinds(events, "move")) == plies
    (result,) = kinds(events, "result")
    assert replay(tmp_path / "game.txt")["result"] == result["result"]


@pytest.mark.parametrize("front", FRONTS)
def test_a_takeback_at_every_depth(front, tmp_path):
    _, moves = edges.longest_duel()
    game = Duel()
    inputs = [{"board": START}]
    for h, t in moves:
        mover = "fire" if game.cells[h] == 1 else "ice"
        step = edges.duel_inputs(game.position(), [(h, t)])
        # the move, taken back, the pegs put back, the move again
        inputs += step
        inputs += [
            {"press": "undo"},
            {"lift": hole_name(t)},
            {"lift": hole_name(h)},
            {"put": hole_name(h), "peg": mover},
        ]
        inputs += step
        game.push(h, t)
    events = twin(edges.timed(inputs), front, tmp_path)
    assert not errors(events), errors(events)
    assert len(kinds(events, "undo")) == len(moves)
    assert len(kinds(events, "move")) == 2 * len(moves)
    (result,) = kinds(events, "result")[-1:]
    assert replay(tmp_path / "small" / "game.txt")["result"] == result["result"]
    # the record matches the game after every takeback: no result left behind
    with open(tmp_path / "small" / "game.txt") as f:
        assert f.read().count("Result") == 1


@pytest.mark.parametrize("front", FRONTS)
def test_a_restart_after_every_move(front, tmp_path):
    """The board stopped after each move of the longest game and started
    again on the same flash: it resumes the game at that move, and plays
    the next one."""
    _, moves = edges.longest_duel()
    flash = tmp_path / "flash"
    game = Duel()
    run_sim(edges.timed([{"board": START}]), front=front, flash=flash)
    for k, (h, t) in enumerate(moves):
        inputs = [{"board": game.position()}] + edges.duel_inputs(game.position(), [(h, t)])
        events = run_sim(edges.timed(inputs), front=front, flash=flash, heapsize=SMALL)
        assert not errors(events), (k, errors(events))
        assert kinds(events, "resumed") == [{"ev": "resumed", "moves": k, "at": 0}]
        (move,) = kinds(events, "move")
        assert move["move"] == "%s-%s" % (hole_name(h), hole_name(t))
        game.push(h, t)
    assert replay(flash / "game.txt")["position"] == game.position()


@pytest.mark.parametrize("front,heap", heaps("reboot"))
def test_a_reboot_in_the_longest_game(front, heap, tmp_path):
    """`reboot` over USB with the longest game in play (its last move still
    to come): the command is answered, not refused for room (it sets the
    App's one attribute that a class default stands for until then), the
    board starts again and resumes the game at that move, and the last move
    is played, all as in 72 KB."""
    _, moves = edges.longest_duel()
    game = Duel()
    for m in moves[:-1]:
        game.push(*m)
    for name in ("big", "small"):  # twin's two flashes
        (tmp_path / name).mkdir()
        (tmp_path / name / "game.txt").write_text(record_text(moves[:-1]))
    inputs = [{"board": game.position(), "at": 100}, {"cmd": "reboot", "at": 1000}]
    inputs += edges.timed(edges.duel_inputs(game.position(), moves[-1:]), start=3000)
    events = twin(inputs, front, tmp_path, heap)
    assert not errors(events), errors(events)
    assert [e for e in events if e.get("re") == "reboot"] == [{"re": "reboot", "at": 1000}]
    resumed = kinds(events, "resumed")
    assert [e["moves"] for e in resumed] == [len(moves) - 1] * 2, resumed
    (move,) = kinds(events, "move")
    assert move["move"] == "%s-%s" % (hole_name(moves[-1][0]), hole_name(moves[-1][1]))
    game.push(*moves[-1])
    assert replay(tmp_path / "small" / "game.txt")["position"] == game.position()


COMMANDS = [
    "help",
    "status",
    "sensors",
    "wiring",
    "leds all 255 255 255",
    "leds led 5 0 0 9",
    "leds hole D4 9 9 9",
    "leds walk 50",
    "leds off",
    "games",
    "game game.txt",
    "config",
    "config brightness",
    "set brightness 50",
    "set debounce_ms 25",
    "calib",
    "calib take",
    "calib threshold 5000",
    "calib store",
    "nonsense",
    "undo",
    "clock",
    "clock 2026-02-30T10:00:00",
    "clock 2026-11-23T23:59:59",
    "new",
    "games",
    "game games/0001.txt",
    "delete games/0001.txt",
    'new {"mode": "solitaire", "seed": 3}',
    "status",
]


@pytest.mark.parametrize("front,heap", heaps("commands"))
def test_every_command_at_the_end_of_the_longest_game(front, heap, tmp_path):
    inputs, plies, _ = GAMES["duel"]
    inputs = edges.timed(inputs)
    at = inputs[-1]["at"]
    for c in COMMANDS:
        at += 300
        inputs.append({"cmd": c, "at": at})
    events = twin(inputs, front, tmp_path, heap)
    replies = [e for e in events if "re" in e]
    set_first = replies.pop(0)  # the clock, set before the game (GAMES)
    assert set_first["clock"] == "2026-11-23T10:00:00" and set_first["dated"]
    assert [r["re"] for r in replies] == [
        c.split()[0] if c != "nonsense" else None for c in COMMANDS
    ]
    bad = [r for r in replies if "error" in r]
    want_bad = ["nonsense", "clock"] + (["calib"] * 4 if front == "digital" else [])
    assert sorted(r["re"] or "nonsense" for r in bad) == sorted(want_bad), bad
    assert not kinds(events, "error"), kinds(events, "error")
    assert [e["move"] for e in kinds(events, "undo")] == [kinds(events, "move")[-1]["move"]]
    assert len(kinds(events, "new")) == 3
    clocks = [r for r in replies if r["re"] == "clock"]
    ran = datetime.timedelta(seconds=(clocks[0]["at"] - inputs[0]["at"]) // 1000)
    assert clocks[0]["clock"] == (datetime.datetime(2026, 11, 23, 10) + ran).isoformat()
    assert clocks[2]["clock"] == "2026-11-23T23:59:59" and not clocks[2]["dated"]


def record_text(moves=()):
    game = Duel()
    text = '[Game "Fire and Ice"]\n[Mode "duel"]\n\n'
    names = []
    for h, t in moves:
        names.append("%s-%s" % (hole_name(h), hole_name(t)))
        game.push(h, t)
    return text + " ".join(names) + "\n"


def test_the_archive_at_its_largest(tmp_path):
    """9,999 archived games (games/0001.txt .. 9999.txt, the most the board
    numbers): listed a page at a time, fetched and deleted in 64 KB, and a
    new game refused with the reason, the game in play kept."""
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    _, moves = edges.longest_duel()
    text = record_text(moves[:10])
    for k in range(1, 10000):
        (flash / "games" / ("%04d.txt" % k)).write_text(text)
    (flash / "game.txt").write_text(record_text(moves[:4]))
    game = Duel()
    for m in moves[:4]:
        game.push(*m)
    inputs = [
        {"board": game.position()},
        {"cmd": "games"},
        {"cmd": "games games/5000.txt"},
        {"cmd": "games games/9990.txt"},
        {"cmd": "game games/9999.txt"},
        {"cmd": "new"},
        {"cmd": "status"},
        {"cmd": "delete games/0001.txt"},
        {"cmd": "new"},
        {"cmd": "games"},
    ]
    events = run_sim(edges.timed(inputs), flash=flash, heapsize=SMALL, timeout=300)
    replies = [e for e in events if "re" in e]
    assert replies[0]["games"] == ["game.txt"] + ["games/%04d.txt" % k for k in range(1, 16)]
    assert replies[0]["more"] is True
    assert replies[1]["games"] == ["games/%04d.txt" % k for k in range(5001, 5017)]
    assert replies[2] == {
        "re": "games",
        "games": ["games/%04d.txt" % k for k in range(9991, 10000)],
        "more": False,
        "at": replies[2]["at"],
    }
    assert replies[3]["text"] == text
    full = kinds(events, "error")[0]["reason"]
    assert "archive is full" in full and "fireice games --delete" in full
    assert replies[5]["moves"] == 4 and replies[5]["mode"] == "duel"
    assert replies[6]["deleted"] == "games/0001.txt"
    # room again: the game in play archived under the free number
    assert kinds(events, "new")
    assert "games/0001.txt" in replies[8]["games"]
    assert (flash / "games" / "0001.txt").read_text() == record_text(moves[:4])


@pytest.mark.parametrize("front,heap", heaps("full-flash"))
def test_a_full_flash(front, heap, tmp_path, monkeypatch):
    """A flash of 64 KB (16 blocks): games are archived until it is full;
    then a new game is refused with what to do, the game in play goes on
    and keeps its record, and deleting a game makes room again."""
    monkeypatch.setenv("FIREICE_FLASH_KB", "64")
    flash = tmp_path / "flash"
    _, moves = edges.longest_duel()
    inputs = [{"board": START}] + edges.duel_inputs(START, moves[:2])
    game = Duel()
    for m in moves[:2]:
        game.push(*m)
    for _ in range(14):
        inputs.append({"cmd": "new"})
        # the board cleared and set up again: a digital board counts only
        # the pegs put in after the new game began (issue 12, item 2)
        inputs.append({"board": "-" * 49})
        inputs.append({"board": START})
        inputs += edges.duel_inputs(START, moves[:2])
    inputs += edges.duel_inputs(game.position(), moves[2:6])
    inputs += [{"cmd": "games"}, {"cmd": "delete games/0001.txt"}, {"cmd": "new"}]
    events = run_sim(edges.timed(inputs), front=front, flash=flash, heapsize=heap)
    refused = [e for e in kinds(events, "error") if "no new game" in e["reason"]]
    assert refused and all("flash is full" in e["reason"] for e in refused)
    assert "fireice games --delete" in refused[0]["reason"]
    assert len(kinds(events, "error")) == len(refused)
    # every move announced was saved: the record holds the game in play
    said = [e["move"] for e in kinds(events, "move", "new")[-7:] if "move" in e]
    assert said[-4:] == ["%s-%s" % (hole_name(h), hole_name(t)) for h, t in moves[2:6]]
    assert kinds(events, "new")[-1]["at"] > refused[-1]["at"]  # room again


def latin1(name):
    return {
        "game.txt": '[Game "Fire and Ice"]\n[Event "Caf\xe9"]\n\nD4-C4\n'.encode("latin-1"),
        "config.json": '{"brightness": 40, "x": "\xe9"}'.encode("latin-1"),
        "calib.json": b'{"base": [\xe9]}',
    }[name]


def corrupt(flash, name, kind):
    p = flash / name
    if kind == "latin1":
        p.write_bytes(latin1(name))
    elif kind == "folder":
        p.mkdir()
        (p / "inside").write_text("x")
    elif kind == "huge":
        p.write_bytes(b"[" * (1 << 20))
    elif kind == "nested":
        p.write_text("[" * 3000 + "]" * 3000)
    elif kind == "garbage":
        p.write_bytes(bytes(range(1, 256)) * 4)


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("kind", ["latin1", "folder", "huge", "nested", "garbage"])
@pytest.mark.parametrize("name", ["game.txt", "config.json", "calib.json"])
def test_any_file_on_the_flash_is_survived(name, kind, front, tmp_path):
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    kept = record_text(edges.longest_duel()[1][:6])
    (flash / "games" / "0001.txt").write_text(kept)
    corrupt(flash, name, kind)
    events = run_sim(
        edges.timed([{"cmd": "status"}, {"cmd": "games"}]),
        front=front,
        flash=flash,
        heapsize=SMALL,
    )
    said = " ".join(e["reason"] for e in kinds(events, "error"))
    replies = [e for e in events if "re" in e]
    assert replies[0]["re"] == "status" and "error" not in replies[0]
    assert "games/0001.txt" in replies[1]["games"]
    assert (flash / "games" / "0001.txt").read_text() == kept  # nothing else lost
    if name == "calib.json" and front == "digital":
        return  # the digital front end never reads it
    aside = [n for n in os.listdir(flash) if n.startswith(name + ".")]
    if name == "game.txt" and kind in ("nested", "garbage") and not aside:
        # text that is no record: kept in the archive as unreadable
        assert "kept as games/0002-bad.txt" in said, said
        return
    assert len(aside) == 1, (os.listdir(flash), said)
    assert "set aside as " + aside[0] in said, said
    if name == "config.json":
        assert "default settings" in said


HOSTILE = [
    ("led_cap_ma", {"digital": 3000, "colour": 3000}),
    ("led_channel_ma", 0.001),
    ("led_channel_ma", 0),
    ("led_idle_ma", 0),
    ("led_idle_ma", 100),
    ("pins", {"neopixel": 23}),
    ("pins", {"button_undo": 24}),
    ("pins", {"adc": 25}),
    ("pins", {"mux_select": [2, 3, 29]}),
    ("fire_sign", True),
    ("brightness", True),
    ("scan_ms", 1e9),
]


@pytest.mark.parametrize("front,heap", heaps("hostile-set"))
def test_hostile_settings_are_refused(front, heap, tmp_path):
    inputs = [{"cmd": "set %s %s" % (k, json.dumps(v))} for k, v in HOSTILE]
    inputs.append({"cmd": "config"})
    events = twin(edges.timed(inputs), front, tmp_path, heap)
    replies = [e for e in events if "re" in e]
    assert all("error" in r for r in replies[:-1]), replies
    assert not (tmp_path / "small" / "config.json").exists()
    cfg = replies[-1]["config"]
    assert cfg["led_cap_ma"] == {"digital": 390, "colour": 250}


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("key,value", HOSTILE)
def test_a_hostile_stored_setting_gives_a_safe_start(key, value, front, tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text(json.dumps({"debounce_ms": 25, key: value}))
    events = run_sim(
        edges.timed([{"board": START}, {"cmd": "config debounce_ms"}]),
        front=front,
        flash=flash,
        heapsize=SMALL,
    )
    (err,) = kinds(events, "error")
    assert "config.json set aside as config.json.invalid" in err["reason"]
    assert "default settings" in err["reason"]
    # the default, not the file's 25: null, the front end's own (fireboard.sense_fronts)
    assert [e for e in events if e.get("re")][-1]["value"] is None
    assert kinds(events, "ready")
    # the brightest frame stays under the cap (leds events are what was sent)
    cap = 390 if front == "digital" else 250
    for e in kinds(events, "leds"):
        total = sum(sum(c) for c in e["rgb"])
        assert 51 * 1.0 + total / 255 * 12.0 <= cap
