"""100,000 random and malformed command lines to the virtual board over its
USB port: every one gets an error reply, in order, the firmware never
restarts, and the game, the configuration and the records are as before."""

import os
import random
import time

from ptysim import PtySim

from fireice.geom import START

LINES = int(os.environ.get("FIREICE_FUZZ_LINES", "100000"))
BATCH = 40  # lines written before their replies are read

# commands with arguments made bad; the firmware must refuse every one
_BAD_ARGS = {
    "help": ["x", "1", "help"],
    "status": ["now", "{}", "1 2"],
    "sensors": ["all", "-1"],
    "wiring": ["check"],
    "games": ["*", "games/"],
    "undo": ["2"],
    "reboot": ["now", "0"],
    "game": ["../config.json", "games/0001.txt", "/game.txt", "", "game.txt x"],
    "delete": ["game.txt", "config.json", "..", "games", "main.py"],
    "config": ["nope", "pins.adc", "brightness x"],
    "set": [
        "brightness 999",
        "brightness -1",
        "front analog",
        "x 1",
        "brightness",
        "led_map [1, 2]",
        'pins {"adc": 3}',
        "scan_ms 0",
        'threshold "a"',
        "brightness {",
    ],
    "new": [
        "{",
        "[1]",
        "5",
        '{"mode": "chess"}',
        '{"handicap": 9}',
        '{"seed": -1}',
        '{"position": "xx"}',
        '{"side": "water"}',
        "null",
    ],
    "leds": [
        "",
        "walk 1",
        "walk x",
        "led 51 0 0 0",
        "hole Z9 1 2 3",
        "all 1 2",
        "all 256 0 0",
        "hole D4 1 2",
        "dance",
        "off now",
        "walk 10 10",
    ],
    "calib": ["", "take", "store", "threshold 9"],  # the digital front end has none
}
_NAMES = sorted(_BAD_ARGS)
_JUNK = bytes(b for b in range(256) if b not in (3, 10, 13))


def bad_line(rnd):
    kind = rnd.random()
    if kind < 0.35:  # a command with a bad argument; or its name mangled
        name = rnd.choice(_NAMES)
        arg = rnd.choice(_BAD_ARGS[name]).encode()
        if rnd.random() < 0.3:
            k = rnd.randrange(len(name) + 1)
            return (
                name[:k].encode() + bytes([rnd.choice(_JUNK[33:])]) + name[k:].encode() + b" " + arg
            )
        return name.encode() + b" " + arg
    if kind < 0.75:  # random bytes, not starting with a command's letters
        n = rnd.randint(1, 120)
        return bytes([rnd.choice(b"0123456789{[!#@ \t\x00\x7f\xff")]) + bytes(
            rnd.choice(_JUNK) for _ in range(n)
        )
    if kind < 0.79:  # too long
        return bytes(rnd.choice(b"abcdefgh ") for _ in range(rnd.randint(241, 700)))
    if kind < 0.95:  # a near miss of a command name
        name = rnd.choice(_NAMES)
        k = rnd.randrange(len(name))
        return (name[:k] + rnd.choice("xyzQ_") + name[k + 1 :]).encode()
    return b" \t " if rnd.random() < 0.5 else b"\xc3\x28 status"  # blank; bad UTF-8


def test_100000_bad_lines_change_nothing(tmp_path):
    rnd = random.Random(2026)
    flash = tmp_path / "flash"
    with PtySim(flash) as sim:
        b = sim.board()
        sim.world(board=START)
        b.command("set brightness 70")
        until = time.monotonic() + 10
        while b.command("status")["phase"] != "idle" and time.monotonic() < until:
            time.sleep(0.05)
        before = b.command("status")
        assert before["phase"] == "idle"
        b.events.clear()  # the start's (its hello may come late): a restart is looked for from here
        config = (flash / "config.json").read_text()
        games = b.command("games")["games"]
        record = (flash / "game.txt").read_text()
        sent = errors = 0
        while sent < LINES:
            batch = [bad_line(rnd) for _ in range(min(BATCH, LINES - sent))]
            b.serial.write(b"".join(line + b"\n" for line in batch))
            for line in batch:
                reply = b.ask_read(timeout=20.0)
                assert "error" in reply, (line, reply)
                errors += 1
            sent += len(batch)
        after = b.command("status")
        assert errors == LINES
        for key in ("position", "moves", "mode", "phase", "to_move", "version"):
            assert after[key] == before[key], key
        assert not [e for e in b.events if e.get("ev") == "hello"]  # no restart
        assert b.command("games")["games"] == games
        assert (flash / "config.json").read_text() == config
        assert (flash / "game.txt").read_text() == record
        b.close()
