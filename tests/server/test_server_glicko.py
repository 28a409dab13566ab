"""Glicko-2 against the worked example of Glickman's description, and the
handicap's rating offset."""

import pytest

from fireice_server import glicko


def test_glickman_example():
    # a 1500 / 200 / 0.06 player beats 1400/30, loses to 1550/100 and 1700/300
    r, rd, vol = glicko.update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r == pytest.approx(1464.06, abs=0.01)
    assert rd == pytest.approx(151.52, abs=0.01)
    assert vol == pytest.approx(0.05999, abs=0.00001)


def test_even_game_and_draw():
    start = (1500.0, 350.0, 0.06)
    fire, ice = glicko.game(start, start, "fire")
    assert fire[0] - 1500 == pytest.approx(1500 - ice[0])
    assert fire[0] > 1600 and fire[1] < 350
    fire, ice = glicko.game(start, start, None)
    assert fire[0] == pytest.approx(1500) and ice[0] == pytest.approx(1500)


def test_handicap_offset():
    """A 300-point-weaker Fire with 3 pegs plays as an equal: a draw moves
    nothing, a win by the stronger Ice gains it less than from an even game."""
    fire, ice = (1200.0, 200.0, 0.06), (1500.0, 200.0, 0.06)
    f, i = glicko.game(fire, ice, None, handicap=3, handicap_side="fire")
    assert f[0] == pytest.approx(1200) and i[0] == pytest.approx(1500)
    even = glicko.game((1500.0, 200.0, 0.06), ice, "ice")[1][0] - 1500
    with_pegs = glicko.game(fire, ice, "ice", handicap=3)[1][0] - 1500
    without = glicko.game(fire, ice, "ice")[1][0] - 1500
    assert with_pegs == pytest.approx(even)
    assert 0 < without < with_pegs
