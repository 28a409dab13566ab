"""The board over USB, on the virtual board as a device (fireice sim --pty):
flash, the command protocol, mpremote, diag's self-test, games and replay."""

import json
import os
import random
import signal
import subprocess
import time

import modgraph
import pytest
from ptysim import BIN, PtySim, fireice
from simrun import move_inputs

from fireice import record
from fireice.duel import Duel
from fireice.geom import START, hole_name
from fireice.moves import legal_moves
from fireice.version import VERSION
from fireice_tools import firmware
from fireice_tools.device import DeviceError


def wait_for(fn, timeout=10.0):
    until = time.monotonic() + timeout
    while True:
        v = fn()
        if v or time.monotonic() > until:
            return v
        time.sleep(0.05)


def start_position(sim):
    """The firmware answering, and the peg of the start position in D4."""
    sim.board().close()
    sim.world(board=START)
    time.sleep(0.3)


def test_flash_a_blank_board_then_only_what_changed(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    with PtySim(flash, blank=True) as sim:
        # a board with MicroPython and nothing else: no firmware answers
        p = fireice("diag", "--self-test", port=sim.port)
        assert p.returncode == 1 and "does not answer" in p.stderr
        p = fireice("flash", port=sim.port)
        assert p.returncode == 0, p.stderr
        assert "34 of 34 files changed" in p.stdout or "files changed" in p.stdout
        assert "the board runs fireice %s" % VERSION in p.stdout
        assert (flash / "main.py").exists() and (flash / "fireice" / "duel.mpy").exists()
        # only what this board runs: the unix port's backend, no other
        on_board = sorted(
            os.path.relpath(os.path.join(d, n), flash)[:-4]
            for d, _, names in os.walk(flash)
            for n in names
            if n.endswith(".mpy")
        )
        assert on_board == sorted(r[:-3] for r in firmware.board_sources("unix"))
        for name in ("simboard/board", "simboard/memstore", "fireboard/hw_rp2"):
            assert not (flash / (name + ".mpy")).exists(), name
        assert "%d of %d files changed" % (len(on_board) + 1, len(on_board) + 1) in p.stdout
        board = sim.board()
        assert board.command("status")["version"] == VERSION
        board.command("set brightness 50")
        board.close()
        # again: nothing to copy; the configuration and the game stay
        (flash / "fireboard" / "old_module.mpy").write_bytes(b"M")
        # and what a board flashed before the flat layout has: its folder goes
        (flash / "fireboard" / "sense").mkdir()
        (flash / "fireboard" / "sense" / "debounce.mpy").write_bytes(b"M")
        p = fireice("flash", "--port", sim.port)
        assert p.returncode == 0, p.stderr
        assert " 0 of " in p.stdout and "2 to remove" in p.stdout
        assert not (flash / "fireboard" / "old_module.mpy").exists()
        assert not (flash / "fireboard" / "sense").exists()
        assert (flash / "fireboard" / "app.mpy").exists()
        assert json.loads((flash / "config.json").read_text()) == {"brightness": 50}
        assert (flash / "game.txt").exists()
        # its first game's pegs not put yet: the mark of the set-up stays too
        assert (flash / "game.setup").exists()
        p = fireice("flash", "--wipe", port=sim.port)
        assert p.returncode == 0, p.stderr
        assert not (flash / "config.json").exists()


def test_no_port_is_a_clear_error():
    p = fireice("flash", "--port", "/dev/nonexistent-board")
    assert p.returncode == 1 and "cannot" in p.stderr.lower()


def test_commands_over_the_port(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        b = sim.board()
        st = b.command("status")
        assert st["phase"] == "setup" and st["target"] == START
        sim.world(board=START)
        assert wait_for(lambda: b.command("status")["phase"] == "idle")
        s = b.command("sensors")
        assert s["state"][24] == "3" and s["state"].count("0") == 48
        assert b.command("leds walk 60") == {"re": "leds", "walk": 51, "ms": 60}
        assert b.command("leds hole C5 0 255 0")["leds"] == "test"
        assert b.command("leds off")["leds"] == "game"
        with pytest.raises(DeviceError, match="unknown command"):
            b.command("dance")
        assert b.ask("set brightness 900")["error"].startswith("brightness must be")
        assert b.command("games")["games"] == ["game.txt"]
        assert b.command('new {"mode": "solitaire", "seed": 2}')["mode"] == "solitaire"
        assert b.command("games")["games"] == ["game.txt"]  # no moves: not archived
        # reboot: the board answers, restarts, and takes the same game up
        b.command("reboot")
        b.close()
        b = sim.board()
        assert b.command("status")["mode"] == "solitaire"
        b.close()


def test_mpremote_reaches_the_repl_and_the_game_goes_on_after(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        sim.board().close()
        mpremote = BIN + "/mpremote"
        p = subprocess.run(
            [mpremote, "connect", sim.port, "resume", "exec", "print(6 * 7)"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert p.returncode == 0 and p.stdout.strip() == "42", p.stderr
        b = sim.board()  # the firmware sat at the REPL: a soft reset starts it
        assert b.command("status")["version"] == VERSION
        b.close()


@pytest.mark.parametrize("fault,hole", [("stuck-on", "C5"), ("noisy", "E2")])
def test_self_test_names_the_faulty_hole(tmp_path, fault, hole):
    # the command line, the board cleared (Enter at the prompt), no walk:
    # the faults an empty board shows (the walk's: tests/host/test_selftest.py)
    with PtySim(tmp_path / "flash", faults=["%s:%s" % (fault, hole)]) as sim:
        sim.board().close()
        p = fireice("diag", "--self-test", "--no-walk", "--json", port=sim.port, input="\n")
        report = json.loads(p.stdout)
        assert p.returncode == 3 and not report["ok"]
        assert [(f["hole"], f["kind"]) for f in report["faults"]] == [(hole, fault)]
        f = report["faults"][0]
        assert f["mux"] == hole[0] and f["channel"] == int(hole[1]) - 1
        text = fireice("diag", "--self-test", "--no-walk", port=sim.port, input="\n").stdout
        assert text.startswith("%s %s" % (hole, fault)) and "island %s mux" % hole[0] in text


def test_self_test_of_a_sound_board_finds_nothing(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        sim.board().close()
        p = fireice("diag", "--self-test", "--no-walk", "--json", port=sim.port, input="\n")
        assert p.returncode == 0 and json.loads(p.stdout)["faults"] == []
        # a peg left on the board when asked to clear it: named, with why
        start_position(sim)
        p = fireice("diag", "--self-test", "--no-walk", port=sim.port, input="\n")
        assert p.returncode == 3 and p.stdout.startswith("D4 stuck-on")
        assert "or a peg left in it" in p.stdout


def test_diag_live_view_draws_every_hole(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        start_position(sim)
        p = fireice("diag", "--frames", "1", port=sim.port)
        assert p.returncode == 0, p.stderr
        for h in range(49):
            assert hole_name(h) in p.stdout
        assert "D4o0" in p.stdout  # a peg, pin pulled low
        assert "A1.1" in p.stdout


def test_games_fetched_from_the_board_replay(tmp_path):
    rnd = random.Random(4)
    with PtySim(tmp_path / "flash") as sim:
        b = sim.board()
        sim.world(board=START)
        assert wait_for(lambda: b.command("status")["phase"] == "idle")
        game = Duel()
        buf = bytearray(600)
        played = []
        for _ in range(6):
            n = legal_moves(game, buf)
            k = rnd.randrange(n)
            h, t = buf[2 * k], buf[2 * k + 1]
            for d in move_inputs(h, t, game.cells[h]):
                sim.world(**d)
                time.sleep(0.08)
            played.append("%s-%s" % (hole_name(h), hole_name(t)))
            game.push(h, t)
            assert wait_for(lambda: b.command("status")["moves"] == len(played))
        b.close()
        fetched = tmp_path / "fetched"
        out = fetched / "unknown-board"  # a pseudo-terminal has no USB serial number
        p = fireice("games", "--dir", str(fetched), port=sim.port)
        assert p.returncode == 0, p.stderr
        assert "reports no USB serial number" in p.stdout
        assert "game.txt -> %s (" % (out / "game.txt") in p.stdout
        p = fireice("replay", "--json", str(out / "game.txt"))
        summary = json.loads(p.stdout)
        assert summary["error"] is None
        assert summary["position"] == game.position()
        assert record.parse((out / "game.txt").read_text()).moves == played
        first = (out / "game.txt").read_text()
        # again: the same text is not written twice
        p = fireice("games", "--dir", str(fetched), port=sim.port)
        assert "game.txt: already in %s" % (out / "game.txt") in p.stdout
        assert sorted(os.listdir(out)) == ["game.txt"]
        # one more move: the longer game goes beside the first download
        b = sim.board()
        n = legal_moves(game, buf)
        h, t = buf[0], buf[1]
        for d in move_inputs(h, t, game.cells[h]):
            sim.world(**d)
            time.sleep(0.08)
        assert wait_for(lambda: b.command("status")["moves"] == len(played) + 1)
        b.close()
        p = fireice("games", "--dir", str(fetched), port=sim.port)
        assert "game.txt -> %s (" % (out / "game-2.txt") in p.stdout
        assert (out / "game.txt").read_text() == first
        assert len(record.parse((out / "game-2.txt").read_text()).moves) == len(played) + 1
        # another board, named: a folder of its own
        p = fireice("games", "--dir", str(fetched), "--board", "club/2", port=sim.port)
        assert (fetched / "club-2" / "game.txt").read_text() == (out / "game-2.txt").read_text()


def test_fireice_games_pages_through_a_large_archive(tmp_path):
    """40 archived games: the board lists them 16 a reply, fireice games
    asks page after page and fetches them all."""
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    for k in range(1, 41):
        (flash / "games" / ("%04d.txt" % k)).write_text(
            '[Game "Fire and Ice"]\n[Mode "duel"]\n[Seed "%d"]\n\nD4-C4\n' % k
        )
    with PtySim(flash) as sim:
        b = sim.board()
        first = b.command("games")
        assert len(first["games"]) == 16 and first["more"] is True
        b.close()
        p = fireice("games", "--list", port=sim.port)
        assert p.returncode == 0, p.stderr
        assert p.stdout.split() == ["game.txt"] + ["games/%04d.txt" % k for k in range(1, 41)]
        p = fireice("games", "--dir", str(tmp_path / "got"), "--board", "b", port=sim.port)
        assert p.returncode == 0, p.stderr
        assert len(os.listdir(tmp_path / "got" / "b")) == 41
        assert '[Seed "40"]' in (tmp_path / "got" / "b" / "games-0040.txt").read_text()


def test_guided_wiring_map_finds_swapped_sensors(tmp_path):
    # the sensors under C5 and E2 are wired to each other's mux inputs; a
    # scripted player follows the prompts: a peg in each named hole, then in
    # each lit hole (the LED chain here is in order)
    from fireice_tools import diag

    with PtySim(tmp_path / "flash", faults=["swap:C5:E2"]) as sim:
        b = sim.board()
        pegs = set()
        said = []

        def place(hole):
            for h in list(pegs):
                sim.world(lift=h)
                pegs.discard(h)
            if hole:
                sim.world(put=hole)
                pegs.add(hole)
            time.sleep(0.08)  # the board's debounce

        def ask(prompt):
            said.append(prompt)
            if prompt.startswith("Put a peg in "):
                place(prompt.split()[4])
                return ""
            k = int(prompt.split()[1])  # "LED k is lit ..."
            if k >= 49:
                place(None)
                return "f" if k == 49 else "i"
            place(hole_name(k))
            return ""

        sensor_map, led_map = diag.wiring_map(b, ask=ask, say=said.append)
        b.close()
        c5, e2 = 7 * 2 + 4, 7 * 4 + 1
        want = list(range(49))
        want[c5], want[e2] = e2, c5
        assert sensor_map == want and led_map == list(range(51))
        b = sim.board()  # restarted with the maps: a peg on C5 reads as C5
        place("C5")
        assert b.command("sensors")["state"][c5] == "3"
        assert b.command("config sensor_map")["value"] == want
        b.close()


def test_guided_calibration_of_the_colour_front_end(tmp_path):
    from fireice_tools import diag

    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text('{"front": "colour"}')
    with PtySim(flash) as sim:
        b = sim.board()
        said = []

        def ask(prompt):
            text = said[-1]
            if text.startswith("Put a Fire peg"):
                sim.world(put="D4", peg="fire")
            elif text.startswith("Put a Ice peg"):
                sim.world(put="D4", peg="ice")
            elif text.startswith("Take it out"):
                sim.world(lift="D4")
            time.sleep(0.1)
            return ""

        th = diag.calibrate(b, ask=ask, say=said.append)
        # the virtual sensors swing by about 14000 either way: half of it
        assert 6000 <= th <= 7500, th
        assert b.command("config threshold")["value"] == th
        assert json.loads((flash / "config.json").read_text())["threshold"] == th
        base = json.loads((flash / "calib.json").read_text())["base"]
        assert len(base) == 49 and all(18000 < v < 22000 for v in base)
        with pytest.raises(DeviceError, match="digital"):
            b.command('set front "digital"')
            b.command("reboot")
            b.close()
            diag.calibrate(sim.board(), ask=ask, say=said.append)


@pytest.mark.parametrize("kind", ["micropython", "circuitpython", "unix"])
def test_a_board_gets_what_it_runs_and_no_more(kind):
    files = firmware.board_sources(kind)
    have = {modgraph.name_of(rel) for rel in files}
    if kind != "unix":
        assert not any(rel.startswith("simboard/") for rel in files)
    backend = firmware.BACKENDS[kind][0]
    assert backend in files
    others = [b[0] for k, b in firmware.BACKENDS.items() if k != kind]
    assert not set(others) & set(files)
    # every module they import is there, from main.py on
    need = {"fireboard.board", modgraph.name_of(backend)}
    known = modgraph.modules()
    for rel in files:
        need |= modgraph.imports(rel, known)
    missing = need - have
    assert not missing, missing
    assert len(files) < len(firmware.sources())


def _wiring(sim, **kw):
    env = dict(os.environ, FIREICE_PORT=sim.port)
    return subprocess.Popen(
        [
            os.path.join(os.path.dirname(firmware.tool("micropython")), "fireice"),
            "diag",
            "--wiring",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C reaches it even where this run was started with SIGINT
        # ignored (a shell's background job), which a child inherits
        preexec_fn=_sigint_default,
        **kw,
    )


def test_wiring_map_stops_cleanly_on_end_of_input_and_ctrl_c(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        sim.board().close()
        # end of input at the first prompt
        p = fireice("diag", "--wiring", port=sim.port, input="")
        assert p.returncode == 1, p.stderr
        assert "Traceback" not in p.stderr
        assert "end of input: the wiring map was not stored" in p.stderr
        # Ctrl-C at the first prompt
        p = _wiring(sim)
        line = ""
        until = time.monotonic() + 30
        while "Wiring map" not in line and time.monotonic() < until:
            line = p.stdout.readline()
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        # its input kept open until it has gone (communicate closes it: an
        # end of input that could come before the signal on a busy machine)
        p.wait(timeout=30)
        out, err = p.communicate(timeout=30)
        assert p.returncode == 130, err
        assert "Traceback" not in err and "stopped: the wiring map was not stored" in err
        # nothing stored: the board still answers with its old maps
        b = sim.board()
        assert b.command("config sensor_map")["value"] is None
        b.close()


def _sigint_default():
    signal.signal(signal.SIGINT, signal.SIG_DFL)
