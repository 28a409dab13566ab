"""A remote opponent on the virtual board (`fireice sim --headless`, the
firmware as .mpy in the board's 64 KB heap), driven by data: the longest
game as a remote game, the longest sync carried out move by move, and a
power cut between a remote move's arrival and its being carried out. Each
run in 64 KB must give the events it gives in 72 KB (simrun.ROOMY)."""

import edges
import pytest
from simrun import move_inputs, run_sim
from test_edges import CLOCK, FRONTS, errors, kinds, twin

from fireice.duel import Duel
from fireice.geom import START, move_name

NEW = {"cmd": "new", "vs": "ice", "remote": True, "game": "abc12345", "opponent": "bob"}
EMPTY = "-" * 49


def remote_game_inputs(moves, remote=2):
    """The inputs of a remote game from START: each remote move comes as a
    `remote` command, then the player carries it out, as each local move."""
    g = Duel(START)
    out = [CLOCK, NEW, {"board": EMPTY}, {"board": START}]
    for m in moves:
        side = g.cells[m[0]]
        if g.to_move == remote:
            out.append({"cmd": "remote " + move_name(*m)})
        out += move_inputs(m[0], m[1], side)
        g.push(*m)
    return out


@pytest.mark.parametrize("front", FRONTS)
def test_the_longest_game_as_a_remote_game_in_64k(front, tmp_path):
    _, moves = edges.longest_duel()
    names = [move_name(*m) for m in moves]
    inputs = edges.timed(remote_game_inputs(moves))
    # then the longest sync: the server has every move, nothing to do
    inputs += edges.timed(
        [{"cmd": 'remote sync "%s"' % " ".join(names)}, {"cmd": "status"}],
        inputs[-1]["at"] + 500,
    )
    ev = twin(inputs, front, tmp_path)
    assert not errors(ev), errors(ev)
    said = kinds(ev, "move")
    assert [e["move"] for e in said] == names
    assert [e["ply"] for e in said] == list(range(1, len(names) + 1))
    plays = kinds(ev, "plays")
    assert all(p["remote"] for p in plays) and len(plays) == sum(
        1 for e in said if e["by"] == "ice"
    )
    assert kinds(ev, "result")
    sync = [e for e in ev if e.get("re") == "remote" and "sync" in e][0]
    assert (sync["sync"], sync["missing"], sync["again"], sync["replaced"]) == (
        len(names),
        0,
        0,
        False,
    )
    st = [e for e in ev if e.get("re") == "status"][-1]
    assert st["remote"]["game"] == "abc12345" and st["remote"]["side"] == "ice"
    text = (tmp_path / "small" / "game.txt").read_text()
    assert '[Remote "ice"]' in text and '[RemoteGame "abc12345"]' in text


def test_the_longest_sync_is_shown_move_by_move_in_64k(tmp_path):
    front = "digital"  # (the longest game above covers both front ends)
    # a board that lost every move (a new remote game), the server's whole
    # list in one sync: each shown in turn, carried out, said with its ply
    _, moves = edges.longest_duel()
    names = [move_name(*m) for m in moves]
    inputs = [CLOCK, NEW, {"board": EMPTY}, {"board": START}]
    inputs.append({"cmd": 'remote sync "%s"' % " ".join(names)})
    inputs += edges.duel_inputs(START, moves)
    ev = twin(edges.timed(inputs), front, tmp_path)
    assert not errors(ev), errors(ev)
    sync = [e for e in ev if e.get("re") == "remote"][0]
    assert sync["missing"] == len(names) and sync["replaced"] is False
    said = kinds(ev, "move")
    assert [e["move"] for e in said] == names
    assert [e["move"] for e in kinds(ev, "plays")] == names
    # the local side's moves shown from the server are not to be posted
    assert all(e.get("synced") is (True if e["by"] == "fire" else None) for e in said)


@pytest.mark.parametrize("front", FRONTS)
def test_a_power_cut_between_a_remote_moves_arrival_and_its_carrying_out(front, tmp_path):
    seed, moves = edges.longest_duel()
    moves = moves[:5]
    names = [move_name(*m) for m in moves]
    g = Duel(START)
    for m in moves[:3]:
        g.push(*m)
    assert g.to_move == 2  # the remote side's move is the fourth
    first = remote_game_inputs(moves[:3]) + [{"cmd": "remote " + names[3]}]
    # the fourth move's peg lifted, then the power goes
    first.append({"lift": names[3][:2]})
    ev = run_sim(edges.timed(first), front=front, flash=tmp_path)
    assert kinds(ev, "plays")[-1]["move"] == names[3]
    # the board again, the pegs as they stood (the peg still up)
    pegs = list(g.position())
    pegs[moves[3][0]] = "-"
    again = [
        {"board": "".join(pegs)},
        {"cmd": 'remote sync "%s"' % " ".join(names[:4])},
        {"put": names[3][:2], "peg": "ice"},
    ]
    again += move_inputs(moves[3][0], moves[3][1], 2)
    ev = run_sim(edges.timed(again), front=front, flash=tmp_path)
    res = kinds(ev, "resumed")[0]
    assert (res["remote"], res["game"], res["opponent"], res["moves"]) == (
        "ice",
        "abc12345",
        "bob",
        3,
    )
    sync = [e for e in ev if e.get("re") == "remote"][0]
    assert (sync["missing"], sync["again"], sync["replaced"]) == (1, 0, False)
    mv = kinds(ev, "move")[-1]
    assert (mv["move"], mv["by"], mv["ply"]) == (names[3], "ice", 4)
    text = (tmp_path / "game.txt").read_text()
    assert " ".join(names[:4]) in " ".join(text.split())
