"""The rules core (fireice) as the server uses it: set-ups, judging a
move, and the game record. The rules are fireice's; nothing here
re-implements them."""

from fireice import record, seeded
from fireice.duel import Duel
from fireice.geom import RESULT_NAMES, SIDE_NAMES, START, FireIceError, move_name
from fireice.notation import parse_move


class IllegalMove(Exception):
    pass


def setup(handicap, side, seed):
    """The position before the first move (handicap 0: the start)."""
    if not handicap:
        return START
    return seeded.handicap_position(handicap, 1 if side == "fire" else 2, seed)


def replay(setup_text, moves_text):
    """The game after the moves (a space-separated string) from the setup."""
    game = Duel(setup_text, 1)
    for m in moves_text.split():
        frm, to = parse_move(m)
        game.push(frm, to)
    return game


def judge(game, text):
    """The move's canonical text (F6-C6) once it is found legal in game;
    IllegalMove with the reason otherwise. Makes the move."""
    try:
        frm, to = parse_move(text)
    except FireIceError as e:
        raise IllegalMove(str(e))
    why = game.check(frm, to)
    if why:
        raise IllegalMove("%s: %s" % (move_name(frm, to), why))
    game.push(frm, to)
    return move_name(frm, to)


def to_move(game):
    return SIDE_NAMES[game.to_move]


def result(game):
    """'fire', 'ice', 'draw' or None while the game goes on."""
    return RESULT_NAMES[game.result]


def record_text(tags, moves_text):
    """A record (docs/records.md) from [name, value] tags (Game first is
    added) and the moves."""
    rec = record.Record([["Game", "Fire and Ice"]] + tags, moves_text.split())
    return record.format(rec)
