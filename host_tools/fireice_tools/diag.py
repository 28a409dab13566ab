"""`fireice diag`: the board seen from the host over its USB protocol: a
live view of every sensor, the LED walk, a self-test that names faulty
sensors, a guided calibration (colour front end) and a guided wiring map."""

import json
import sys
import time

from fireice.geom import hole_name

from fireice.notation import parse_hole
from fireice_tools.device import DeviceError

STATE_CHARS = ".FIo"  # empty, Fire, Ice, a peg (digital front end)
# islands in rows as on the board: A; B C; D; E F G
_ROWS = ((0,), (1, 2), (3,), (4, 5, 6))
# an island's holes in rows: 1; 2 3; 4; 5 6 7 (centred in three cells)
_HOLE_ROWS = ((None, 0, None), (1, None, 2), (None, 3, None), (4, 5, 6))
_CELL = 10


def render(sensors, status=None, marks=None):
    """The board as text: each hole with its state and raw reading, laid out
    island by island. marks: {hole: char} drawn after the reading."""
    raw = sensors["raw"]
    state = sensors["state"]
    marks = marks or {}
    width = 3 * _CELL + 2
    out = []
    for row in _ROWS:
        pad = " " * ((3 - len(row)) * width // 2)
        for hole_row in _HOLE_ROWS:
            line = pad
            for i in row:
                for p in hole_row:
                    if p is None:
                        line += " " * _CELL
                        continue
                    h = 7 * i + p
                    cell = "%s%s%d%s" % (
                        hole_name(h),
                        STATE_CHARS[int(state[h])],
                        raw[h],
                        marks.get(h, ""),
                    )
                    line += cell[:_CELL].ljust(_CELL)
                line += "  "
            out.append(line.rstrip())
        out.append("")
    if status:
        out.append(
            "%s front end, %s, %s to move, phase %s, %d moves, heap free %s"
            % (
                status.get("front"),
                status.get("mode"),
                status.get("to_move"),
                status.get("phase"),
                status.get("moves", 0),
                status.get("heap_free"),
            )
        )
    out.append("state: . empty, F Fire, I Ice, o a peg; the number is the raw reading")
    return "\n".join(out)


def live(board, out=sys.stdout, frames=None, period=0.25):
    """Redraw the view until Ctrl-C (or frames times)."""
    clear = out.isatty()
    n = 0
    try:
        while frames is None or n < frames:
            sensors = board.command("sensors")
            status = board.command("status")
            text = render(sensors, status)
            out.write(("\x1b[H\x1b[2J" if clear else "") + text + "\n")
            out.flush()
            n += 1
            if frames is None or n < frames:
                time.sleep(period)
    except KeyboardInterrupt:
        pass
    return 0


def walk(board, ms=400, out=sys.stdout):
    """Light each LED of the chain in turn; say which hole it should be."""
    cfg = board.command("config")["config"]
    led_map = cfg.get("led_map")
    board.command("leds walk %d" % ms)
    for k in range(51):
        h = led_map[k] if led_map else k
        name = hole_name(h) if h < 49 else ("Fire turn LED" if h == 49 else "Ice turn LED")
        out.write("LED %2d: should light %s\n" % (k, name))
        out.flush()
        time.sleep(ms / 1000)
    return 0


def _slot_of(cfg):
    """hole -> scan slot (island mux * 7 + channel), from the sensor map."""
    m = cfg.get("sensor_map") or list(range(49))
    where = [0] * 49
    for k in range(49):
        where[m[k]] = k
    return where


def self_test(board, samples=25, period=0.04):
    """Sample the sensors; returns the report dict (faults: hole, kind,
    mux, channel, pin, and what was seen)."""
    status = board.command("status")
    cfg = board.command("config")["config"]
    reads = []
    for _ in range(samples):
        reads.append(board.command("sensors"))
        time.sleep(period)
    colour = cfg["front"] == "colour"
    want = status.get("position") or "-" * 49
    where = _slot_of(cfg)
    faults = []
    for h in range(49):
        raws = [r["raw"][h] for r in reads]
        states = [r["state"][h] for r in reads]
        flips = sum(1 for a, b in zip(raws, raws[1:]) if a != b)
        state_flips = sum(1 for a, b in zip(states, states[1:]) if a != b)
        spread = max(raws) - min(raws)
        kind = None
        seen = {"spread": spread, "flips": flips}
        if colour:
            th = reads[-1]["threshold"]
            base = reads[-1]["base"][h]
            seen["base"] = base
            if state_flips >= 2 or spread > th:
                kind = "noisy"
            elif spread >= th * 3 // 4 or base - th < 0 or base + th > 65535:
                kind = "overlap"  # the empty band reaches a colour's band
        elif flips >= 3 or state_flips >= 2:
            kind = "noisy"
        if kind is None:
            on = all(s != "0" for s in states)
            off = all(s == "0" for s in states)
            if on and want[h] == "-":
                kind = "stuck-on"
            elif off and want[h] != "-":
                kind = "stuck-off"
        if kind:
            k = where[h]
            fault = {"hole": hole_name(h), "kind": kind, "mux": "ABCDEFG"[k // 7], "channel": k % 7}
            pins = cfg["pins"]
            if colour:
                fault["pins"] = {"adc": pins["adc"]}
            else:
                fault["pins"] = {"mux_out": pins["digital_mux_out"][k // 7]}
            fault["seen"] = seen
            faults.append(fault)
    return {
        "ok": not faults,
        "front": cfg["front"],
        "samples": samples,
        "position": want,
        "faults": faults,
    }


_WHY = {
    "stuck-on": "reads a peg where the game has none (a sensor stuck on, or a stray peg)",
    "stuck-off": "reads empty where the game has a peg (a sensor stuck off, or a peg missing)",
    "noisy": "reading jumps about (a loose wire, or a sensor failing)",
    "overlap": "its empty reading comes too close to the threshold: calibrate (diag --calibrate)",
}


def describe(report):
    lines = []
    for f in report["faults"]:
        lines.append(
            "%s %-9s %s; island %s mux, channel %d (S2..S0 = %s), %s"
            % (
                f["hole"],
                f["kind"],
                _WHY[f["kind"]],
                f["mux"],
                f["channel"],
                format(f["channel"], "03b"),
                ", ".join("GPIO %d (%s)" % (v, k) for k, v in f["pins"].items()),
            )
        )
    lines.append(
        "self-test: %s (%d samples of all 49 sensors)"
        % (
            "no faults found" if report["ok"] else "%d faults" % len(report["faults"]),
            report["samples"],
        )
    )
    return "\n".join(lines)


def _one_peg(board):
    """The scan slot of the one peg on the board, or None (none, or several)."""
    slots = board.command("wiring")["slots"]
    on = [k for k in range(49) if slots[k] != "0"]
    return on[0] if len(on) == 1 else None


def wiring_map(board, ask=input, say=print):
    """Guided, for a board whose sensors or LEDs are wired in another order:
    the player puts a peg in each named hole, then in each lit hole, and
    presses Enter each time. The maps are stored and the board restarts.
    Returns (sensor_map, led_map)."""
    say("Wiring map: take every peg off the board.")
    sensor_map = [None] * 49
    for h in range(49):
        while True:
            ask("Put a peg in %s (only there), then press Enter: " % hole_name(h))
            k = _one_peg(board)
            if k is None:
                say("  I need exactly one peg on the board, in %s." % hole_name(h))
            elif sensor_map[k] is not None:
                say(
                    "  that sensor already answered for %s: take that peg out"
                    % hole_name(sensor_map[k])
                )
            else:
                break
        sensor_map[k] = h
        say(
            "  %s: island %s mux, channel %d. Take the peg out."
            % (hole_name(h), "ABCDEFG"[k // 7], k % 7)
        )
    led_map = [None] * 51
    for k in range(51):
        board.command("leds led %d 160 160 160" % k)
        while True:
            text = ask(
                "LED %d is lit: put a peg in that hole and press Enter (f or i and Enter for a turn LED): "
                % k
            )
            text = text.strip().lower()[:1]
            if text in ("f", "i"):
                hole = 49 if text == "f" else 50
            else:
                slot = _one_peg(board)
                hole = None if slot is None else sensor_map[slot]
            if hole is None:
                say("  I need exactly one peg on the board, in the lit hole.")
            elif hole in led_map:
                say("  LED %d was already that hole" % led_map.index(hole))
            else:
                break
        led_map[k] = hole
    board.command("leds off")
    board.command("set sensor_map " + json.dumps(sensor_map))
    board.command("set led_map " + json.dumps(led_map))
    say("Stored; the board restarts with the new maps.")
    board.command("reboot")
    return sensor_map, led_map


def calibrate(board, ask=input, say=print):
    """Guided, colour front end: the empty readings, then a peg of each
    colour sets the threshold halfway to the weaker swing."""
    cfg = board.command("config")["config"]
    if cfg["front"] != "colour":
        raise DeviceError("the digital front end needs no calibration")
    say("Take every peg off the board, then press Enter.")
    ask("")
    base = board.command("calib take")["base"]
    swings = []
    for name in ("Fire", "Ice"):
        say("Put a %s peg in D4, then press Enter." % name)
        ask("")
        raw = board.command("sensors")["raw"][parse_hole("D4")]
        swings.append(abs(raw - base[parse_hole("D4")]))
        say("Take it out, then press Enter.")
        ask("")
    th = max(200, min(30000, min(swings) // 2))
    board.command("calib threshold %d" % th)
    board.command("calib store")
    say(
        "Baselines and threshold %d stored (Fire swing %d, Ice swing %d)."
        % (th, swings[0], swings[1])
    )
    return th
