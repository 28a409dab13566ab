"""Worst-case fixtures for the virtual board, from seeded generators: the
longest two-player games (with and without handicap), a won and a lost
solitaire, and the inputs a player makes to play them on the board."""

import random

from simrun import move_inputs

from fireice.duel import Duel
from fireice.geom import START, hole_name
from fireice.moves import legal_moves
from fireice.seeded import deal, handicap_position
from fireice.solo import Solitaire

GAP = 200  # ms between two inputs


def random_play(game, seed):
    """(moves, result): game played to its end by uniformly random legal
    moves (a duel, or a solitaire's captures)."""
    rnd = random.Random(seed)
    buf = bytearray(600)
    moves = []
    while True:
        n = legal_moves(game, buf)
        if not n:
            break
        k = rnd.randrange(n)
        moves.append((buf[2 * k], buf[2 * k + 1]))
        game.push(*moves[-1])
    return moves, game.result


def random_duel(seed, position=START):
    """(moves, result) of a game of uniformly random legal moves."""
    return random_play(Duel(position), seed)


def longest_duel(games=300, seed=0):
    """The longest of games random games from START: (seed, moves)."""
    best = None
    for s in range(seed, seed + games):
        moves, _ = random_duel(s)
        if best is None or len(moves) > len(best[1]):
            best = (s, moves)
    return best


def longest_handicap(games=150, seed=0):
    """The longest of random games with a handicap (1..6 pegs, either side):
    (new-game settings, position, moves)."""
    best = None
    for s in range(seed, seed + games):
        count, side = 1 + s % 6, 1 + s // 6 % 2
        pos = handicap_position(count, side, s)
        moves, _ = random_duel(s, pos)
        if best is None or len(moves) > len(best[2]):
            settings = {"handicap": count, "side": "fire" if side == 1 else "ice", "seed": s}
            best = (settings, pos, moves)
    return best


def won_solitaire(seed=0):
    """(deal seed, position, winning captures) of the first winnable deal
    from seed on, found by a depth-first search with a table of dead ends."""
    for s in range(seed, seed + 50):
        pos = deal(s)
        line = _solve(Solitaire(pos), set(), bytearray(600))
        if line is not None:
            return s, pos, line
    raise AssertionError("no winnable deal")


def _solve(game, dead, buf):
    if game.result:
        return [] if game.result == 4 else None
    key = (game.position(), game.to_move)
    if key in dead:
        return None
    n = legal_moves(game, buf)
    moves = [(buf[2 * k], buf[2 * k + 1]) for k in range(n)]
    for m in moves:
        game.push(*m)
        line = _solve(game, dead, buf)
        game.pop()
        if line is not None:
            return [m] + line
    dead.add(key)
    return None


def lost_solitaire(seed=0):
    """(deal seed, position, captures) of random play that loses."""
    for s in range(seed, seed + 50):
        pos = deal(s)
        moves, result = random_play(Solitaire(pos), s)
        if result == 5:
            return s, pos, moves
    raise AssertionError("no lost game")


def duel_inputs(position, moves):
    """The inputs that play moves on the board from position (the pegs put
    in place first), GAP ms apart from at=GAP."""
    game = Duel(position)
    out = []
    for m in moves:
        out += move_inputs(m[0], m[1], game.cells[m[0]])
        game.push(*m)
    return out


def solo_inputs(position, moves):
    """The inputs of captures: the capturing peg lifted, then the captured
    one, then the capturer put into the captured one's hole."""
    game = Solitaire(position)
    out = []
    for h, t in moves:
        side = "fire" if game.cells[h] == 1 else "ice"
        out += [{"lift": hole_name(h)}, {"lift": hole_name(t)}, {"put": hole_name(t), "peg": side}]
        game.push(h, t)
    return out


def timed(inputs, start=GAP, gap=GAP):
    """Give each input a time, gap ms apart."""
    out = []
    at = start
    for i in inputs:
        i = dict(i)
        i.setdefault("at", at)
        at = i["at"] + gap
        out.append(i)
    return out
