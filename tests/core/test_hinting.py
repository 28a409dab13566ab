# A duel's hint (fireboard.track.hinting), on both interpreters: the
# engine's move for the side to move, said and lit, counted in the record;
# rationed by the hints setting; never for the board's own turn.
import json

from test_versus import Board

from fireice.geom import move_name


def hints_of(b):
    return [e for e in b.events if e.get("ev") == "hint"]


def test_a_hint_in_a_game_of_two_players_is_a_legal_move_lit_and_counted():
    for front in ("digital", "colour"):
        _hint(front)


def _hint(front):
    b = Board(front=front)
    b.set_up()
    g = b.app.tracker.game
    reply = b.command("hint")
    assert "error" not in reply, reply
    (e,) = hints_of(b)
    assert e["move"] is not None
    frm, to = e["move"].split("-")
    names = {move_name(m >> 6, m & 63) for m in _legal(g)}
    assert e["move"] in names
    assert b.app.games.hints() == 1
    # lit: the peg to lift in Fire's colour (blinking), the hole to go to at half
    f = b.app.lights.frame
    from fireice.notation import parse_hole

    x = 3 * parse_hole(to)
    assert (f[x], f[x + 1], f[x + 2]) == (127, 12, 0)


def _legal(g):
    from fireice.moves import legal_moves

    buf = bytearray(2 * 600)
    n = legal_moves(g, buf)
    return [buf[2 * k] * 64 + buf[2 * k + 1] for k in range(n)]


def test_hints_are_rationed_by_the_setting():
    for front in ("digital", "colour"):
        _rationed(front)


def _rationed(front):
    b = Board(config=json.dumps({"hints": 1}), front=front)
    b.set_up()
    b.command("hint")
    b.command("hint")
    first, second = hints_of(b)
    assert first["move"] and second["move"] is None and "1 a game" in second["reason"]
    b = Board(config=json.dumps({"hints": 0}), front=front)
    b.set_up()
    b.command("hint")
    (e,) = hints_of(b)
    assert e["move"] is None and "off" in e["reason"]


def test_no_hint_for_the_boards_own_turn():
    b = Board()
    b.command('new {"vs": "fire", "level": 1}')  # the board plays Fire, to move
    b.app.hint()
    assert hints_of(b)[-1]["move"] is None
    assert hints_of(b)[-1]["reason"] == "the board is to move"
