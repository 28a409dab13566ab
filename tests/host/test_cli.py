import json
import os
import re
import subprocess
import sys

import pytest

from fireice_tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "reference", "fixtures")
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
START = "-" * 24 + "#" + "-" * 24
SEED000 = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"


def run(*args, stdin=None):
    return subprocess.run([FIREICE, *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_replay_json_of_the_seed_000_game():
    p = run("replay", "--json", os.path.join(FIXTURES, "seed000.txt"))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out == {
        "result": "ice",
        "position": SEED000,
        "control": {"fire": "BEF", "ice": "ACDG"},
        "to_move": None,
        "error": None,
    }


def test_replay_text_of_the_seed_002_game():
    p = run("replay", os.path.join(FIXTURES, "seed002.txt"))
    assert p.returncode == 0, p.stderr
    assert "Result: Fire wins on islands BCF" in p.stdout
    assert "FIRE #:" in p.stdout and "ICE O:" in p.stdout
    lines = p.stdout.splitlines()
    assert any(line.startswith("Fire controls: ") and "B" in line for line in lines)


def test_replay_from_standard_input_and_illegal_move():
    p = run("replay", "-", stdin="D4-C4 D4-D5 C4-C1 D4-D2\n")
    assert p.returncode == 1
    assert "error: ply 4, D4-D2: D4 holds a fire peg and ice is to move" in p.stderr
    assert "Game goes on: Ice to move" in p.stdout
    p = run("replay", "--json", "-", stdin="D4-C4 D4-D5 C4-C1 D4-D2\n")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["error"]["ply"] == 4 and out["error"]["move"] == "D4-D2"
    assert out["to_move"] == "ice" and out["result"] is None


def test_replay_header_error_and_missing_file(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Mode "chess"]\nD4-C4\n')
    p = run("replay", "--json", str(bad))
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["error"]["ply"] is None and "chess" in out["error"]["reason"]
    p = run("replay", str(tmp_path / "nothing.txt"))
    assert p.returncode == 2 and "cannot read" in p.stderr


def test_show_draws_a_position():
    p = run("show", SEED000)
    assert p.returncode == 0
    assert p.stdout.count("#") == 21 + 1 and p.stdout.count("O") == 20 + 1  # + the key
    p = run("show", "xyz")
    assert p.returncode == 1 and "49 characters" in p.stderr


def test_play_on_the_terminal():
    script = "D4-C4\nZ9-A1\nmoves\nundo\nundo\nD4-D7\nrecord\nquit\n"
    p = run("play", "--seed", "1", stdin=script)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "not played: not a hole: 'Z9'" in out
    assert "ice> moves" in out and "D4-A4" in out
    assert "nothing to take back" in out
    # dated with the host's clock, as the board dates its records
    assert re.search(
        r'\[Mode "duel"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]\n\[Time "\d\d:\d\d:\d\d"\]\n\nD4-D7', out
    ), out


def test_play_solitaire_and_handicap():
    p = run("play", "--solitaire", "--seed", "3", stdin="moves\nquit\n")
    assert p.returncode == 0 and "Either colour may start." in p.stdout
    p = run("play", "--handicap", "3", "--side", "ice", "--seed", "3", stdin="record\n")
    assert '[Handicap "3"]' in p.stdout and '[HandicapSide "ice"]' in p.stdout
    p = run("play", "--handicap", "9", stdin="")
    assert p.returncode == 2


def test_main_in_process(capsys):
    assert cli.main(["replay", "--json", os.path.join(FIXTURES, "seed000.txt")]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == "ice"
    with pytest.raises(SystemExit):
        cli.main(["frobnicate"])


def test_show_takes_a_position_that_starts_with_a_dash():
    # the start position of the README: argparse must not take it for an option
    p = run("show", START)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("#") == 1 + 1  # D4 and the key
    p = run("show", "-" * 49)
    assert p.returncode == 0, p.stderr
    p = run("show", "--", START)
    assert p.returncode == 0, p.stderr
    p = run("show", "-" * 10)  # still a position, and a wrong one
    assert p.returncode == 1 and "49 characters" in p.stderr


def test_replay_of_a_file_that_is_not_text(tmp_path):
    bad = tmp_path / "photo.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 JFIF")
    for args in (("replay", str(bad)), ("replay", "--json", str(bad))):
        p = run(*args)
        assert p.returncode == 2, p.stderr
        assert "Traceback" not in p.stderr
        assert "not UTF-8 text (byte 0xff at offset 0)" in p.stderr and p.stdout == ""
    p = subprocess.run(
        [FIREICE, "replay", "-"], input=b"D4-C4 \xe9", capture_output=True, timeout=60
    )
    assert p.returncode == 2 and b"standard input is not UTF-8" in p.stderr


def test_replay_of_an_empty_file_is_an_error(tmp_path):
    empty = tmp_path / "empty.txt"
    for text in ("", "\n  \n"):
        empty.write_text(text)
        p = run("replay", str(empty))
        assert p.returncode == 1 and "error: the record is empty" in p.stderr
        assert p.stdout == ""
        p = run("replay", "--json", str(empty))
        assert p.returncode == 1
        assert json.loads(p.stdout)["error"]["reason"].startswith("the record is empty")


def test_replay_of_a_bad_header_shows_only_the_error(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Mode "chess"]\nD4-C4\n')
    p = run("replay", str(bad))
    assert p.returncode == 1
    assert p.stdout == ""  # no empty board, no "Game goes on"
    assert p.stderr == "error: tag Mode is 'chess', not duel or solitaire\n"


def test_replay_takes_the_pgn_star():
    p = run("replay", "-", stdin='[Result "*"]\n1. D4-C4 D4-D5 *\n')
    assert p.returncode == 0, p.stderr
    assert "Game goes on: Fire to move" in p.stdout


def test_downloaded_games_never_overwrite(tmp_path):
    # the names fireice games picks: the first free one, or one with the same text
    path, same = cli._free_name(str(tmp_path), "games-0001.txt", "A")
    assert path == str(tmp_path / "games-0001.txt") and not same
    (tmp_path / "games-0001.txt").write_text("A")
    assert cli._free_name(str(tmp_path), "games-0001.txt", "A") == (path, True)
    path, same = cli._free_name(str(tmp_path), "games-0001.txt", "B")
    assert path == str(tmp_path / "games-0001-2.txt") and not same
    (tmp_path / "games-0001-2.txt").write_text("B")
    path, same = cli._free_name(str(tmp_path), "games-0001.txt", "C")
    assert path == str(tmp_path / "games-0001-3.txt") and not same


def test_the_board_is_named_by_its_usb_serial_number(monkeypatch, tmp_path):
    from serial.tools import list_ports

    from fireice_tools import device

    class Port:
        def __init__(self, dev, sn):
            self.device, self.serial_number = dev, sn

    link = tmp_path / "pico"
    link.symlink_to("/dev/ttyACM7")
    monkeypatch.setattr(
        list_ports,
        "comports",
        lambda: [Port("/dev/ttyACM3", "E6614C311B7A1234"), Port("/dev/ttyACM7", "DF6050")],
    )
    assert device.usb_serial_number("/dev/ttyACM3") == "E6614C311B7A1234"
    assert device.usb_serial_number(str(link)) == "DF6050"  # a link to the port
    assert device.usb_serial_number("/dev/pts/4") is None
    assert device.safe_name("../a b/c") == "a-b-c"


def test_sim_pty_has_no_page():
    p = run("sim", "--pty", "--http-port", "8123")
    assert p.returncode == 2 and "--pty has no page" in p.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--pico-time", "--pico-factor", "0"],
        ["--pico-time", "--pico-factor", "-200"],
        ["--pico-factor", "50"],  # (without --pico-time: no Pico time to set)
    ],
)
def test_sim_refuses_a_pico_factor_it_cannot_use(argv, capsys):
    assert cli.main(["sim", "--headless"] + argv) == 2
    assert "--pico-factor is a whole number, 1 or more, with --pico-time" in capsys.readouterr().err
