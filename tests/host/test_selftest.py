"""`fireice diag --self-test` (issue 12, item 4): a guided test that
compares the sensors with the pegs, not with the game. With the board
cleared it finds stuck-on and noisy sensors; the sensor walk (a peg in each
hole as it lights) finds stuck-off sensors, swapped wiring and, on the
colour front end, a sensor fitted upside down. Every fault kind the virtual
board injects (fireice sim --pty --fault) is found on both front ends, a
sound board gives none whatever stood on it before, and the walk ends with
the wiring map it found, ready to store. A scripted player plays the
person at the board; the terminal's prompts are tested through the
command line (Ctrl-C, end of input)."""

import json
import os
import signal
import subprocess
import time

import pytest
from ptysim import PtySim, fireice

from fireice.geom import START
from fireice.notation import parse_hole
from fireice_tools import diag, firmware


class ScriptedPlayer:
    """Does what the self-test asks, on the virtual board's world: the
    board cleared, a peg put in each lit hole and taken out again. It
    knows nothing of the faults."""

    def __init__(self, sim, colour):
        self.sim = sim
        self.colour = colour
        self.said = []
        self.puts = []
        self.agains = []

    def say(self, text):
        self.said.append(text)

    def clear(self):
        self.sim.world(board="-" * 49)
        time.sleep(0.1)  # the board's debounce

    def put(self, hole, peg):
        assert peg == ("a Fire" if self.colour else "a")
        self.puts.append(hole)
        self.sim.world(put=hole, peg="fire")

    def lift(self, hole):
        self.sim.world(lift=hole)

    def again(self, text):
        self.agains.append(text)
        return ""

    def done(self):
        pass


def colour_flash(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text('{"front": "colour"}')
    return flash


def run_test(sim, colour, walk=True, before=START):
    """The self-test on the board with the pegs of before standing (the
    player clears them first)."""
    b = sim.board()
    sim.world(board=before)
    time.sleep(0.1)
    player = ScriptedPlayer(sim, colour)
    try:
        report = diag.self_test(b, player=player, walk=walk)
    finally:
        b.close()
    return report, player


def kinds(report):
    return sorted((f["hole"], f["kind"]) for f in report["faults"])


FAULTS = ["stuck-on:C5", "stuck-off:D4", "noisy:E2", "swap:A1:G7"]


@pytest.mark.parametrize("front", ["digital", "colour"])
def test_the_guided_self_test_finds_every_fault_kind(front, tmp_path):
    colour = front == "colour"
    flash = colour_flash(tmp_path) if colour else tmp_path / "flash"
    faults = FAULTS + (["reversed:B3"] if colour else [])
    with PtySim(flash, faults=faults) as sim:
        report, player = run_test(sim, colour)
    assert player.puts == [diag.hole_name(h) for h in range(49)]  # each hole as it lit
    want = [
        ("A1", "swapped"),
        ("C5", "stuck-on"),
        ("D4", "stuck-off"),
        ("E2", "noisy"),
        ("G7", "swapped"),
    ]
    if colour:
        want.append(("B3", "reversed"))
    assert kinds(report) == sorted(want), report["faults"]
    assert not report["ok"] and report["walk"]
    by = {(f["hole"], f["kind"]): f for f in report["faults"]}
    # where each one answers: its island's mux, channel and GPIOs
    c5 = by[("C5", "stuck-on")]
    assert (c5["mux"], c5["channel"]) == ("C", 4)
    if colour:
        assert c5["pins"] == {"select": [2, 3, 4], "island_select": [13, 14, 15], "adc": 26}
    else:
        assert c5["pins"] == {"select": [2, 3, 4], "mux_out": 8}
    a1 = by[("A1", "swapped")]
    assert (a1["mux"], a1["channel"]) == ("G", 6)  # A1's sensor answers on G7's input
    assert a1["expected"] == {"mux": "A", "channel": 0} and a1["read_as"] == "G7"
    # the map found: A1 and G7 the other way round, ready to store
    m = list(range(49))
    m[0], m[48] = 48, 0
    assert report["sensor_map"] == m and report["map_changed"]
    # D4's sensor never answered (stuck off), C5's and E2's cannot: not whole
    assert not report["map_complete"] and report["store"] is None
    assert report["not_checked"] == ([] if colour else ["reversed"])
    # the stuck-off sensor was asked about once, and the player said it stands
    assert any("No sensor sees a peg in D4" in a for a in player.agains)
    text = diag.describe(report)
    assert "C5 stuck-on" in text and "island C mux, channel 4" in text and "GPIO" in text
    assert "A1 swapped" in text and "the board takes that input for G7" in text
    if not colour:
        assert "not checked: reversed: a presence sensor cannot tell" in text


@pytest.mark.parametrize("front", ["digital", "colour"])
def test_a_sound_board_with_the_last_games_pegs_standing_has_no_faults(front, tmp_path):
    # before: the start position's peg on D4 not yet placed (a fresh
    # board), or the pegs of a game played before a New: neither matters
    colour = front == "colour"
    flash = colour_flash(tmp_path) if colour else tmp_path / "flash"
    with PtySim(flash) as sim:
        standing = "#O#-O-#" * 3 + "-" * 28
        report, player = run_test(sim, colour, before=standing)
        assert report["ok"] and report["faults"] == [], report["faults"]
        assert report["sensor_map"] == list(range(49)) and not report["map_changed"]
        assert report["map_complete"] and report["store"] is None
        assert player.agains == []
        b = sim.board()
        assert b.command("leds off")["leds"] == "game"  # the game's lights are back
        b.close()


def test_swapped_wiring_alone_gives_a_whole_map_that_stores(tmp_path):
    with PtySim(tmp_path / "flash", faults=["swap:C5:E2"]) as sim:
        report, player = run_test(sim, False)
        assert kinds(report) == [("C5", "swapped"), ("E2", "swapped")]
        c5, e2 = parse_hole("C5"), parse_hole("E2")
        m = list(range(49))
        m[c5], m[e2] = e2, c5
        assert report["map_complete"] and report["sensor_map"] == m
        assert report["store"] == "set sensor_map " + json.dumps(m)
        assert "fireice diag --self-test --store" in diag.describe(report)
        b = sim.board()
        assert diag.store_map(b, report) and report["stored"]
        b.close()
        # restarted with the map: the self-test finds nothing more
        report, player = run_test(sim, False)
        assert report["ok"] and report["faults"] == [] and not report["map_changed"]


def test_without_the_walk_it_says_what_it_did_not_check(tmp_path):
    with PtySim(tmp_path / "flash", faults=["stuck-off:D4", "noisy:E2"]) as sim:
        report, player = run_test(sim, False, walk=False)
    assert kinds(report) == [("E2", "noisy")] and player.puts == []
    assert report["not_checked"] == ["stuck-off", "swapped"]
    assert report["sensor_map"] is None
    text = diag.describe(report)
    assert "not checked: stuck-off, swapped: they need the sensor walk" in text


class Forgetful(ScriptedPlayer):
    """Leaves the peg in A1 when A2 lights, and drops a stray one in G1 as
    A3 lights; takes each out when asked."""

    def lift(self, hole):
        if hole != "A1":
            ScriptedPlayer.lift(self, hole)

    def put(self, hole, peg):
        ScriptedPlayer.put(self, hole, peg)
        if hole == "A3":
            self.sim.world(put="G1")

    def again(self, text):
        ScriptedPlayer.again(self, text)
        if text.startswith("The peg in A1 is still seen"):
            self.sim.world(lift="A1")
        elif "only the one in A3" in text:
            self.sim.world(lift="G1")
        return ""


def test_pegs_left_in_are_asked_out_and_the_walk_goes_on(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        b = sim.board()
        player = Forgetful(sim, False)
        report = diag.self_test(b, player=player)
        b.close()
    assert len(player.agains) == 2, player.agains
    assert player.agains[0].startswith(
        "The peg in A1 is still seen: take it out (and put one in A2)"
    )
    assert player.agains[1].startswith("2 pegs are seen (in A3, G1, as the board's map names them)")
    assert report["ok"] and report["faults"] == [] and not report["map_changed"]


def test_the_terminal_players_prompts_carry_the_walk(tmp_path):
    # a person at a terminal: one Enter a hole, the peg before taken out in
    # the same step; here a script reads the prompts and does what they say
    with PtySim(tmp_path / "flash", faults=["swap:B2:F6"]) as sim:
        b = sim.board()
        sim.world(board=START)
        prompts = []
        said = []

        def ask(prompt):
            prompts.append(prompt)
            if prompt.startswith("Take every peg off"):
                sim.world(board="-" * 49)
            else:
                if prompt.startswith("Take the peg out of "):
                    sim.world(lift=prompt.split()[5].rstrip("."))
                if " is lit: put a peg in it" in prompt:
                    sim.world(put=prompt.split(" is lit")[0].split()[-1])
            time.sleep(0.05)
            return "\n"

        report = diag.self_test(b, player=diag.TerminalPlayer(ask, said.append))
        b.close()
    assert prompts[1] == "A1 is lit: put a peg in it, then press Enter: "
    assert prompts[2] == "Take the peg out of A1. A2 is lit: put a peg in it, then press Enter: "
    assert len(prompts) == 50 and said[-1] == "Take the peg out of G7."
    assert kinds(report) == [("B2", "swapped"), ("F6", "swapped")]
    assert report["map_complete"] and report["store"]


def _self_test(sim, *args):
    env = dict(os.environ, FIREICE_PORT=sim.port)
    return subprocess.Popen(
        [
            os.path.join(os.path.dirname(firmware.tool("micropython")), "fireice"),
            "diag",
            "--self-test",
            *args,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C reaches it even where this run was started with SIGINT
        # ignored (a shell's background job), which a child inherits
        preexec_fn=_sigint_default,
    )


def test_the_terminal_player_at_the_command_line(tmp_path):
    with PtySim(tmp_path / "flash", faults=["stuck-on:C5"]) as sim:
        sim.board().close()
        # end of input at the first prompt: said, no traceback
        p = fireice("diag", "--self-test", port=sim.port, input="")
        assert p.returncode == 1, p.stderr
        assert "Traceback" not in p.stderr
        assert "end of input: the self-test did not finish" in p.stderr
        assert "Take every peg off the board" in p.stderr and p.stdout == ""
        # q at a prompt stops it too
        p = fireice("diag", "--self-test", port=sim.port, input="q\n")
        assert p.returncode == 1 and "Traceback" not in p.stderr
        # the empty board only, answered with Enter: the JSON report alone on stdout
        p = fireice("diag", "--self-test", "--no-walk", "--json", port=sim.port, input="\n")
        assert p.returncode == 3, p.stderr
        report = json.loads(p.stdout)
        assert [(f["hole"], f["kind"]) for f in report["faults"]] == [("C5", "stuck-on")]
        # Ctrl-C during the walk's first prompt
        p = _self_test(sim)
        p.stdin.write("\n")  # the board is clear
        p.stdin.flush()
        err = ""
        until = time.monotonic() + 30
        while "A1 is lit" not in err and time.monotonic() < until:
            err += p.stderr.read(1)
        p.send_signal(signal.SIGINT)
        out, rest = p.communicate(timeout=30)
        assert p.returncode == 130, err + rest
        assert "Traceback" not in rest and "stopped: the self-test did not finish" in rest
        b = sim.board()
        assert b.command("status")["version"]  # the board goes on, lights its game
        b.close()


def test_bad_samples_is_a_clear_error():
    p = fireice("diag", "--self-test", "--samples", "1", port="/dev/null")
    assert p.returncode == 2 and "--samples takes 2 or more" in p.stderr


def _sigint_default():
    signal.signal(signal.SIGINT, signal.SIG_DFL)
