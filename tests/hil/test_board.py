"""Hardware in the loop: the USB protocol and the sensors of a real board
(`pytest tests/hil --port /dev/ttyACM0`). Nothing here changes the game or
the board's files; take every peg off the board first. `make test` runs them
against the virtual board (tests/host/test_hil_on_sim.py)."""

import json
import time

import pytest

from fireice.version import VERSION

pytestmark = pytest.mark.hil


@pytest.fixture(scope="module")
def board(request):
    from fireice_tools.device import Board

    b = Board(request.config.getoption("--port"))
    b.running()
    yield b
    b.command("leds off")
    b.close()


def test_status_names_our_version_and_a_game(board):
    st = board.command("status")
    assert st["version"] == VERSION
    assert st["front"] in ("digital", "colour") and st["mode"] in ("duel", "solitaire")
    assert len(st["position"]) == 49 and st["heap_free"] > 4096


def test_bad_lines_get_errors_and_the_board_goes_on(board):
    before = board.command("status")
    for line in ("fly", "status now", "set brightness 999", "leds hole Z9 1 2 3", "x" * 300):
        assert "error" in board.ask(line), line
    after = board.command("status")
    for key in ("position", "moves", "mode", "to_move"):
        assert after[key] == before[key]


def test_every_sensor_reads_steadily_and_in_range(board):
    cfg = board.command("config")["config"]
    reads = []
    for _ in range(10):
        reads.append(board.command("sensors"))
        time.sleep(0.05)
    for h in range(49):
        raws = [r["raw"][h] for r in reads]
        states = {r["state"][h] for r in reads}
        assert len(states) == 1, "hole %d flickers: %s" % (h, states)
        if cfg["front"] == "digital":
            assert set(raws) <= {0, 1}
        else:
            assert 0 < min(raws) and max(raws) < 65535
            assert max(raws) - min(raws) < cfg["threshold"] // 2


def test_wiring_lists_every_slot(board):
    w = board.command("wiring")
    assert len(w["slots"]) == 49 and len(w["raw"]) == 49
    assert set(w["slots"]) <= set("0123")


def test_led_test_frames_and_walk_answer(board):
    r = board.command("leds hole D4 0 0 255")
    assert r["leds"] == "test" and r["ma"] > 0
    assert board.command("leds led 0 255 0 0")["leds"] == "test"
    assert board.command("leds walk 50")["walk"] == 51
    time.sleep(51 * 0.05 + 0.3)
    assert board.command("leds off")["leds"] == "game"


def test_config_reads_back_as_json(board):
    cfg = board.command("config")["config"]
    json.dumps(cfg)
    assert board.command("config brightness")["value"] == cfg["brightness"]
