"""The virtual board under long random sequences of lifts, puts, button
presses and bounces, as a careless player would make them: it never crashes,
never accepts an illegal move, and the game it records always replays."""

import random

import pytest
from simrun import LiveSim

from fireice import record
from fireice.duel import Duel
from fireice.geom import hole_name
from fireice.geom import parse_position
from fireice.notation import parse_hole, parse_move
from fireice.solo import Solitaire
from fireice_tools.cli import replay_text
from fireice.moves import legal_moves

STEPS = 400
SIDE = {1: "fire", 2: "ice"}


def legal(game):
    buf = bytearray(600)
    n = legal_moves(game, buf)
    return [(buf[2 * k], buf[2 * k + 1]) for k in range(n)]


def game_of(status):
    to = {"fire": 1, "ice": 2, None: 0}[status["to_move"]]
    pos = status["position"]
    if status["mode"] == "duel":
        g = Duel(pos, to or 1)
    else:
        g = Solitaire(pos, to)
    return g


class Player:
    def __init__(self, sim, rnd):
        self.sim = sim
        self.rnd = rnd
        self.pegs = bytearray(49)  # what stands on the virtual board

    def act(self, d, gap=None):
        self.sim.at += gap if gap is not None else self.rnd.choice((3, 12, 40, 70))
        self.sim.send(d)

    def lift(self, h, bounce=0):
        self.pegs[h] = 0
        self.act({"lift": hole_name(h), "bounce": bounce})

    def put(self, h, side, bounce=0, colour=True):
        self.pegs[h] = side
        d = {"put": hole_name(h), "bounce": bounce}
        if colour:
            d["peg"] = SIDE[side]
        self.act(d)

    def settle(self):
        self.sim.at += 60  # longer than the debounce

    def follow(self, st):
        # do what the lights ask: one fix (status tells the hole the lights
        # show and what they ask for), then wait for the board to see it
        want = parse_position(st["target"])
        h = parse_hole(st["fix"]) if st["fix"] else None
        if h is None:
            # nothing shown yet (or, on the presence-only front end, a wrong
            # colour it cannot see): put the board right as a person would
            for k in range(49):
                if self.pegs[k] and self.pegs[k] != want[k]:
                    self.lift(k)
                    break
            else:
                for k in range(49):
                    if want[k] and not self.pegs[k]:
                        self.put(k, want[k])
                        break
        elif st["fix_kind"] == "remove" or st["fix_kind"] == "colour":
            self.lift(h)
        elif st["fix_kind"] == "put":
            self.put(h, want[h])
        self.settle()


def play(front, seed, flash):
    rnd = random.Random(seed)
    sim = LiveSim(front=front, flash=flash, seed=seed)
    me = Player(sim, rnd)
    colour = front == "colour"
    for _ in range(STEPS):
        st = sim.status()
        game = game_of(st)
        if st["phase"] in ("setup", "restore", "error"):
            me.follow(st)
            continue
        if st["phase"] != "idle" and st["phase"] != "over":
            # a peg up after a knock: put the board back to the game
            me.follow(dict(st, target=st["position"], fix=None))
            continue
        r = rnd.random()
        moves = legal(game) if not game.result else []
        if st["result"] or not moves:
            me.act({"press": "new", "ms": rnd.choice((80, 80, 1300))})
            me.settle()
        elif r < 0.55:
            h, t = rnd.choice(moves)
            side = game.cells[h]
            bounce = rnd.choice((0, 0, 0, 10))
            if isinstance(game, Duel):
                me.lift(h, bounce)
                me.put(t, side, bounce)
                me.put(h, 3 - side, bounce)
            elif rnd.random() < 0.5:
                me.lift(h, bounce)
                me.lift(t)
                me.put(t, side, bounce)
            else:
                me.lift(t, bounce)
                me.lift(h)
                me.put(t, side, bounce)
            me.settle()
        elif r < 0.65:
            # an illegal try: lift a peg and put it on a random hole
            full = [h for h in range(49) if me.pegs[h]]
            empty = [h for h in range(49) if not me.pegs[h]]
            h = rnd.choice(full)
            side = me.pegs[h]
            me.lift(h)
            me.put(
                rnd.choice(empty),
                side if rnd.random() < 0.8 else 3 - side,
                colour=colour or rnd.random() < 0.5,
            )
            me.settle()
        elif r < 0.75:
            # knock a peg out, or drop a stray one
            if rnd.random() < 0.5:
                me.lift(rnd.choice([h for h in range(49) if me.pegs[h]]), rnd.choice((0, 6)))
            else:
                me.put(rnd.choice([h for h in range(49) if not me.pegs[h]]), rnd.choice((1, 2)))
            me.settle()
        elif r < 0.85:
            me.act({"bounce": hole_name(rnd.randrange(49)), "ms": rnd.choice((5, 15, 30))})
        elif r < 0.95:
            me.act({"press": "undo"})
            me.settle()
        else:
            me.act({"press": "new", "ms": rnd.choice((80, 1300))})
            me.settle()
    return sim.close()


def check_events(events):
    """Every move the board announced was legal in the game it tracked."""
    game = None
    n = 0
    for e in events:
        ev = e.get("ev")
        if ev == "new":
            to = {"fire": 1, "ice": 2, None: 0}[e["to_move"]]
            game = (
                Duel(e["position"], to or 1)
                if e["mode"] == "duel"
                else Solitaire(e["position"], to)
            )
        elif ev == "move":
            frm, to = parse_move(e["move"])
            why = game.check(frm, to)
            assert why is None, (e, why)
            assert game.cells[frm] == (1 if e["by"] == "fire" else 2)
            game.push(frm, to)
            n += 1
        elif ev == "undo":
            frm, to = parse_move(e["move"])
            assert game.pop() == frm * 64 + to
        elif ev == "result":
            assert game.result
        elif e.get("re") == "status":
            assert e["position"] == game.position(), e
    return n


@pytest.mark.parametrize("front", ["digital", "colour"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play(front, seed, tmp_path):
    events = play(front, seed, tmp_path)
    assert events[0]["ev"] == "hello"
    failures = [e for e in events if e.get("ev") == "error" and "fail" in e["reason"]]
    assert not failures, failures
    assert check_events(events) >= 20  # the random play did play
    # the record on the virtual flash replays and holds the moves announced
    # since the last new game
    text = (tmp_path / "game.txt").read_text()
    summary, _ = replay_text(text)
    assert summary["error"] is None, (summary, text)
    since_new = []
    for e in events:
        if e.get("ev") == "new":
            since_new = []
        elif e.get("ev") == "move":
            since_new.append(e["move"])
        elif e.get("ev") == "undo":
            since_new.pop()
    assert record.parse(text).moves == since_new
    archived = sorted((tmp_path / "games").glob("*.txt")) if (tmp_path / "games").exists() else []
    for path in archived:
        s, _ = replay_text(path.read_text())
        assert s["error"] is None, (path, s)
