# The board as an opponent on the virtual board (`fireice sim --headless`), on
# both front ends: whole games against it, played by following its events
# and lights, in the heap of a game with the engine (96 KB: the game's 64 KB
# and the engine's 32 KB); a restart while it thinks; bad `new` settings.
import json
import queue
import threading

import pytest
from fireice_tools import simhost

from fireice.duel import Duel
from fireice.engine import BOARD_LEVELS
from fireice.geom import START, hole_name
from fireice.moves import legal_moves
from fireice.notation import parse_move
from simrun import hue, move_inputs, run_sim, spawn

HEAP_ENGINE = simhost.HEAP_ENGINE


class Sim:
    """`fireice sim --headless`, driven a line at a time: the test answers
    the board's events as a player would."""

    def __init__(self, front="digital", flash=None, heap=HEAP_ENGINE, pico_time=False):
        args = ["sim", "--headless", "--front", front, "--heapsize", heap]
        if flash:
            args += ["--flash", str(flash)]
        if pico_time:
            args.append("--pico-time")
        self.p = spawn(args)
        self.q = queue.Queue()
        self.events = []
        self.leds = None  # the last frame
        threading.Thread(target=self._read, daemon=True).start()
        self.at = 0
        # ms between inputs: at Pico speed a pass of the loop takes this
        # machine's time times 200, which a busy machine makes long
        self.step = 2000 if pico_time else 100

    def _read(self):
        for line in self.p.stdout:
            self.q.put(json.loads(line))
        self.q.put(None)

    def send(self, **msg):
        self.at += self.step
        msg.setdefault("at", self.at)
        self.at = msg["at"]
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def until(self, fn, timeout=60):
        """Events until one for which fn is true (returned)."""
        while True:
            e = self.q.get(timeout=timeout)
            assert e is not None, "the board stopped: %s" % self.p.stderr.read()[-2000:]
            if e.get("ev") == "leds":
                self.leds = e["rgb"]
                continue
            self.events.append(e)
            if fn(e):
                return e

    def close(self):
        self.p.stdin.close()
        rest = []
        while True:
            e = self.q.get(timeout=60)
            if e is None:
                break
            if e.get("ev") != "leds":
                rest.append(e)
        assert self.p.wait(timeout=60) == 0, self.p.stderr.read()[-2000:]
        self.events += rest
        return rest

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.p.poll() is None:  # (a failed test: the board is stopped)
            self.p.kill()

    def clean(self):
        """Every event the board said, checked for errors and illegal moves."""
        bad = [e for e in self.events if e.get("ev") in ("error", "illegal")]
        assert not bad, self.events
        return self.events

    def evs(self, kind):
        return [e for e in self.events if e.get("ev") == kind]


def _tick(sim, ms=300):
    # let time run on: the board scans, tracks, thinks
    sim.send(at=sim.at + max(ms, sim.step))


def _play(sim, h, t, side):
    for msg in move_inputs(h, t, side):
        sim.send(**msg)
    _tick(sim)  # the fill is taken in: the move is made


def _sync(sim):
    # the events and frames so far read (a status reply marks the end)
    sim.send(cmd="status")
    sim.until(lambda e: e.get("re") == "status")


def play_game(front, level, vs="ice", heap=HEAP_ENGINE, pico_time=False):
    """A whole game against the board, the player making the first legal
    move each time and carrying out the board's as its events and lights
    say; returns (events, the events after the input ended)."""
    with Sim(front, heap=heap, pico_time=pico_time) as sim:
        sim.send(cmd="new", vs=vs, level=level)
        r = sim.until(lambda e: e.get("re") == "new")
        assert r == {"re": "new", "mode": "duel", "vs": vs, "level": level, "at": r["at"]}, r
        new = sim.until(lambda e: e.get("ev") == "new")
        assert (new["vs"], new["level"]) == (vs, level)
        sim.send(board=START)
        _tick(sim)
        g = Duel()
        board = 1 if vs == "fire" else 2
        buf = bytearray(600)
        plays = 0
        while not g.result:
            if g.to_move != board:
                assert legal_moves(g, buf)
                h, t = buf[0], buf[1]
                _play(sim, h, t, g.to_move)
                g.push(h, t)
                continue
            seen = len(sim.events)
            for _ in range(100):  # time runs on until it has played
                p = [e for e in sim.events[seen:] if e.get("ev") in ("plays", "result", "error")]
                if p:
                    p = p[0]
                    break
                _tick(sim, 500)
                _sync(sim)
            else:
                raise AssertionError("no move from the board: %s" % sim.events[seen - 5 :][:20])
            assert p["ev"] == "plays" and p["by"] == vs, p
            h, t = parse_move(p["move"])
            assert g.check(h, t) is None
            # its lights, as the player follows them: the peg to lift blinks
            # in the board's colour, the hole it goes to glows in it
            _tick(sim, 260)
            _sync(sim)
            assert hue(sim.leds[t]) == vs, sim.leds[t]
            _play(sim, h, t, board)
            m = sim.until(lambda e: e.get("ev") == "move" and e["by"] == vs)
            assert m["move"] == p["move"]
            g.push(h, t)
            plays += 1
        _tick(sim)
        sim.until(lambda e: e.get("ev") == "result")
        rest = sim.close()
    events = sim.clean()
    assert plays >= 4
    return events, rest


@pytest.mark.parametrize("front", ["digital", "colour"])
@pytest.mark.parametrize("level", [1, BOARD_LEVELS])
def test_a_whole_game_against_the_board_in_96k(front, level):
    events, _ = play_game(front, level)
    assert [e for e in events if e.get("ev") == "thinking"][0]["level"] == level


def test_the_board_plays_fire_and_moves_first():
    events, _ = play_game("digital", 2, vs="fire")
    # its first move comes before any of the player's
    kinds = [e["ev"] for e in events if e.get("ev") in ("plays", "move")]
    assert kinds[:2] == ["plays", "move"]


def test_a_game_of_two_players_still_fits_64k():
    # no engine loaded: the board's budget of 64 KB holds (tests/host/test_heap_64k.py)
    inputs = [{"at": 0, "board": START}]
    inputs += [dict(m, at=100 * (k + 1)) for k, m in enumerate(move_inputs(24, 17, 1))]
    inputs += [{"at": 1000, "cmd": "status"}]
    events = run_sim(inputs)
    assert not [e for e in events if e.get("ev") in ("error", "thinking")]


def test_a_restart_while_it_thinks_resumes_and_it_thinks_again(tmp_path):
    # Pico time: the thinking takes its time at Pico speed (second core)
    with Sim("digital", flash=tmp_path, pico_time=True) as sim:
        sim.send(cmd="new", vs="ice", level=BOARD_LEVELS)
        sim.send(board=START)
        for msg in move_inputs(24, 17, 1):  # D4-C4
            sim.send(**msg)
        # the fill taken in after 20 ms, then it thinks (seconds at Pico
        # speed): the board starts again just after it began
        sim.send(at=sim.at + 100)
        think = sim.until(lambda e: e.get("ev") == "thinking")
        sim.send(cmd="reboot", at=think["at"] + 200)
        sim.until(lambda e: e.get("re") == "reboot")
        resumed = sim.until(lambda e: e.get("ev") == "resumed")
        assert resumed["moves"] == 1 and resumed["vs"] == "ice", resumed
        _tick(sim, 8000)
        p = sim.until(lambda e: e.get("ev") == "plays")
        assert p["by"] == "ice" and p["at"] > resumed["at"]
        rest = sim.close()
    k = sim.events.index(think)
    before_reboot = [e for e in sim.events[k:] if e.get("re") == "reboot" or e.get("ev") == "plays"]
    assert before_reboot[0].get("re") == "reboot"  # it had not played yet
    assert len(sim.evs("thinking")) == 2
    timing = [e for e in rest if e.get("ev") == "timing"][0]
    assert timing["thinks"] >= 1 and timing["think_ms_worst"] > 0
    # the scans went on while it thought: many passes, none charged with the search
    assert timing["passes_thinking"] >= 10, timing
    assert timing["loop_ms_worst_thinking"] > 0
    text = (tmp_path / "game.txt").read_text()
    assert '[Ice "board level %d"]' % BOARD_LEVELS in text


def test_bad_new_settings_get_an_error_and_change_nothing():
    inputs = [{"at": 0, "board": START}]
    bad = [
        {"vs": "water"},
        {"vs": "ice", "level": 0},
        {"vs": "ice", "level": BOARD_LEVELS + 1},
        {"vs": "ice", "level": 1.5},
        {"level": 2},
        {"vs": "fire", "mode": "solitaire"},
        {"vs": 2},
    ]
    for k, b in enumerate(bad):
        inputs.append(dict(b, cmd="new", at=100 * (k + 1)))
    inputs.append({"at": 2000, "cmd": "status"})
    events = run_sim(inputs)
    replies = [e for e in events if e.get("re") == "new" or ("error" in e and "re" in e)]
    assert len(replies) == len(bad), replies
    assert all("error" in r for r in replies), replies
    assert not [e for e in events if e.get("ev") in ("new", "thinking")][1:]
    st = [e for e in events if e.get("re") == "status"][0]
    assert st["moves"] == 0


def test_a_player_who_moves_another_peg_is_guided_back():
    with Sim("digital") as sim:
        sim.send(cmd="new", vs="ice", level=1)
        sim.send(board=START)
        _play(sim, 24, 17, 1)  # D4-C4 (C4 is hole 17)
        p = sim.until(lambda e: e.get("ev") == "plays")
        h, t = parse_move(p["move"])
        g = Duel()
        g.push(24, 17)
        wrong = next(x for x in range(49) if g.cells[x] == 0 and x != t)
        sim.send(lift=hole_name(h))
        sim.send(put=hole_name(wrong), peg="ice")
        _tick(sim)
        ill = sim.until(lambda e: e.get("ev") == "illegal")
        assert ill["reason"].startswith("the board plays %s" % p["move"]), ill
        sim.send(lift=hole_name(wrong))
        sim.send(put=hole_name(t), peg="ice")
        sim.send(put=hole_name(h), peg="fire")
        _tick(sim)
        m = sim.until(lambda e: e.get("ev") == "move" and e["by"] == "ice")
        assert m["move"] == p["move"]
        sim.close()


def test_in_the_game_budget_alone_it_says_it_cannot_think():
    # 64 KB (simhost.HEAP) has no room for the engine: said, and the player
    # moves the board's pegs; nothing breaks
    inputs = [
        {"at": 0, "cmd": "new", "vs": "ice", "level": BOARD_LEVELS},
        {"at": 100, "board": START},
    ]
    inputs += [dict(m, at=200 + 100 * k) for k, m in enumerate(move_inputs(24, 17, 1))]
    inputs += [dict(m, at=1000 + 100 * k) for k, m in enumerate(move_inputs(24, 25, 2))]
    inputs.append({"at": 2000, "cmd": "status"})
    events = run_sim(inputs, heapsize=simhost.HEAP)
    err = [e for e in events if e.get("ev") == "error"]
    # its code does not load (said as the game starts), or it loads but the
    # search finds no room (said on its turn): once, either way
    assert len(err) == 1, err
    reason = err[0]["reason"]
    assert reason in (
        "the board cannot play (out of memory): move its pegs for it",
        "the board cannot think (out of memory): move its pegs for it",
    ), reason
    assert [e["move"] for e in events if e.get("ev") == "move"] == ["D4-C4", "D4-D5"]
    assert [e for e in events if e.get("re") == "status"][0]["moves"] == 2
