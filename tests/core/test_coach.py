# The coach's danger lights on the board (fireboard.track_coach), on both
# interpreters: a lifted peg's destinations that lose at once glow violet
# (a gift through the fill at full strength, a win left to the opponent at
# half), the safe ones in the side's colour; on by the danger setting, or
# in a game against the board at level 1; off in a game of two players.
import json

from test_danger import ICE_NEAR, position
from test_versus import Board

from fireice.notation import parse_hole

_VIOLET = (170, 0, 255)  # fireboard.lights._WRONG
_FIRE = (255, 24, 0)


def colour(b, name):
    f = b.app.lights.frame
    x = 3 * parse_hole(name)
    return (f[x], f[x + 1], f[x + 2])


FRONTS = ("digital", "colour")


def game(config, fire, ice, front="digital"):
    b = Board(config=json.dumps(config) if config is not None else None, front=front)
    reply = b.command(
        "new " + json.dumps({"position": position(fire, ice), "to_move": "fire", "vs": None})
    )
    assert "error" not in reply, reply
    b.set_up()
    return b


def test_a_lift_shows_the_gifts_and_threats_among_its_destinations():
    for front in FRONTS:
        _gifts_and_threats(front)


def _gifts_and_threats(front):
    b = game({"danger": True}, "D4 E5 F1 G1", ICE_NEAR, front)
    assert [type(p).__name__ for p in b.app.parts] == ["Coach"]
    # E5 lifted: the fill puts Ice on E5, which wins the game for Ice
    b.put(parse_hole("E5"), 0)
    assert colour(b, "E6") == _VIOLET and colour(b, "G5") == _VIOLET
    marks = b.app.lights.danger
    assert marks[parse_hole("E6")] == 2  # 1 + fireice.danger.GIFT
    # put back: the marks go
    b.put(parse_hole("E5"), 1)
    assert not any(marks)
    # E5 empty: D4 lifted, every destination leaves Ice C5-E5, a win at once
    b = game({"danger": True}, "D4 F1 G1", ICE_NEAR, front)
    b.put(parse_hole("D4"), 0)
    half = tuple(c * 2 >> 2 for c in _VIOLET)
    marks = b.app.lights.danger
    assert colour(b, "D1") == half and marks[parse_hole("D1")] == 3  # THREAT


def test_a_safe_destination_keeps_the_sides_colour():
    b = game({"danger": True}, "D4 F5 G1", ICE_NEAR)
    b.put(parse_hole("F5"), 0)
    assert colour(b, "E5") == _FIRE  # the block: safe
    assert b.app.lights.danger[parse_hole("E5")] == 1


def test_off_in_a_game_of_two_players_by_default():
    b = game(None, "D4 E5 F1 G1", ICE_NEAR)
    assert not b.app.parts and b.app.lights.danger is None
    b.put(parse_hole("E5"), 0)
    assert colour(b, "E6") == _FIRE


def test_on_by_default_against_the_board_at_level_1_only():
    for level, on in ((1, True), (2, False)):
        b = Board()
        b.command('new {"vs": "ice", "level": %d}' % level)
        names = [type(p).__name__ for p in b.app.parts]
        assert ("Coach" in names) == on, (level, names)
    b = Board(config=json.dumps({"danger": False}))
    b.command('new {"vs": "ice", "level": 1}')
    assert "Coach" not in [type(p).__name__ for p in b.app.parts]


def test_the_danger_setting_is_null_true_or_false_only():
    b = Board()
    for bad in ("1", "0", '"yes"', "[]"):
        assert "danger must be null, true or false" in b.command("set danger " + bad)["error"]
    assert b.command("set danger false")["value"] is False
