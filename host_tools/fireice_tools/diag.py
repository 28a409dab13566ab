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
        remote = status.get("remote")
        if remote:
            out.append(link_line(remote))
    out.append("state: . empty, F Fire, I Ice, o a peg; the number is the raw reading")
    return "\n".join(out)


def link_line(remote):
    """A remote game's line of the view: the link's state (connected,
    waiting for the opponent, the opponent gone, offline), the server's game
    and the opponent, the remote move shown, and what the link said more."""
    words = {"waiting": "waiting for the opponent", "gone": "the opponent gone"}
    state = remote.get("state")
    line = "remote game %s against %s (%s), link %s" % (
        remote.get("game"),
        remote.get("opponent") or "?",
        remote.get("side"),
        words.get(state, state),
    )
    if remote.get("rating") is not None:
        line += ", rating %s" % remote["rating"]
    if remote.get("clock") is not None:
        line += ", clock %s" % remote["clock"]
    if remote.get("shown"):
        line += ", its move %s shown" % remote["shown"]
    elif remote.get("waiting"):
        line += ", its move awaited"
    if remote.get("ended"):
        line += ", ended (%s)" % remote["ended"]
    return line


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
    m = _map_of(cfg)
    where = [0] * 49
    for k in range(49):
        where[m[k]] = k
    return where


def _map_of(cfg):
    """The sensor map the board runs: scan slot -> hole."""
    return list(cfg.get("sensor_map") or range(49))


class Stopped(Exception):
    """The player stopped the guided test (q at a prompt)."""


class TerminalPlayer:
    """The person at the board, at a terminal: each step is said, and Enter
    says it is done. Prompts go to standard error, so that standard output
    holds only the report (--json). Ctrl-C (KeyboardInterrupt) and the end
    of input (EOFError) come out of every method; q stops (Stopped)."""

    def __init__(self, ask=None, say=None):
        self._ask = ask or self._read
        self._say = say or (lambda text: print(text, file=sys.stderr, flush=True))
        self.out = None  # a peg to take out first (said with the next step)

    @staticmethod
    def _read(prompt):
        sys.stderr.write(prompt)
        sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def ask(self, prompt):
        answer = self._ask(prompt).strip().lower()
        if answer == "q":
            raise Stopped("stopped at the player's word")
        return answer

    def say(self, text):
        self._say(text)

    def clear(self):
        self.ask("Take every peg off the board, then press Enter (q stops): ")

    def put(self, hole, peg):
        first = "Take the peg out of %s. " % self.out if self.out else ""
        self.out = None
        self.ask("%s%s is lit: put %s peg in it, then press Enter: " % (first, hole, peg))

    def lift(self, hole):
        self.out = hole

    def again(self, text):
        """Something to check or put right before the test looks again."""
        return self.ask(text + " ")

    def done(self):
        if self.out:
            self.say("Take the peg out of %s." % self.out)
            self.out = None


# what the guided test can find on each front end
CHECKS = {
    "digital": ("stuck-on", "noisy", "stuck-off", "swapped"),
    "colour": ("stuck-on", "noisy", "overlap", "stuck-off", "swapped", "reversed"),
}
WALK_CHECKS = ("stuck-off", "swapped", "reversed")
POLL_S = 0.03  # between two readings while waiting for a peg
WAIT_S = 1.5  # for a peg to be seen after the player says it is in


def _fault(cfg, hole, kind, slot, seen, **more):
    """One fault: the hole, what is wrong, and where its sensor answers:
    island mux, channel, select lines and GPIOs (slot: island mux * 7 +
    channel)."""
    pins = cfg["pins"]
    f = {"hole": hole_name(hole), "kind": kind}
    f.update(_where(slot))
    if cfg["front"] == "colour":
        f["pins"] = {
            "select": list(pins["mux_select"]),
            "island_select": list(pins["analog_island_select"]),
            "adc": pins["adc"],
        }
    else:
        f["pins"] = {
            "select": list(pins["mux_select"]),
            "mux_out": pins["digital_mux_out"][slot // 7],
        }
    f.update(more)
    f["seen"] = seen
    return f


def _where(slot):
    return {"mux": "ABCDEFG"[slot // 7], "channel": slot % 7}


def _cleared(board, cfg, samples, period):
    """The board without pegs, sampled: faults of the sensors that read a
    peg all the same (stuck-on) or jump about (noisy; colour: overlap too).
    Returns (faults, the slots whose readings cannot be used)."""
    colour = cfg["front"] == "colour"
    reads = []
    for _ in range(samples):
        reads.append(board.command("wiring"))
        time.sleep(period)
    sensors = board.command("sensors") if colour else None
    if colour:  # the empty readings of most sensors lie close together
        middle = sorted(sensors["base"])[24]
    m = _map_of(cfg)
    faults = []
    bad = set()
    for k in range(49):
        h = m[k]
        raws = [r["raw"][k] for r in reads]
        states = [r["slots"][k] for r in reads]
        flips = sum(1 for a, b in zip(raws, raws[1:]) if a != b)
        state_flips = sum(1 for a, b in zip(states, states[1:]) if a != b)
        spread = max(raws) - min(raws)
        seen = {"spread": spread, "flips": flips, "states": "".join(states)}
        kind = None
        if colour:
            th = sensors["threshold"]
            base = sensors["base"][h]
            seen["base"] = base
            if state_flips >= 2 or spread > th:
                kind = "noisy"
            elif all(s != "0" for s in states) or abs(base - middle) > th:
                # reads a peg; or did when its empty reading was taken (at
                # start, or by calib take), so that a peg now changes nothing
                kind = "stuck-on"
            elif spread >= th * 3 // 4 or base - th < 0 or base + th > 65535:
                kind = "overlap"  # the empty band reaches a colour's band
        elif flips >= 3 or state_flips >= 2:
            kind = "noisy"
        elif all(s != "0" for s in states):
            kind = "stuck-on"
        if kind:
            faults.append(_fault(cfg, h, kind, k, seen))
            if kind != "overlap":
                bad.add(k)
    return faults, bad


def _pegs_seen(board, good):
    """The slots (among good) that read a peg now, with their states."""
    slots = board.command("wiring")["slots"]
    return {k: slots[k] for k in good if slots[k] != "0"}


def _answer(board, player, hole, good, names, prev=None):
    """The one slot that answers for the peg the player put in hole:
    (slot, state) or None when no sensor sees it. names: slot -> hole, as
    the board's map has it (to say where stray pegs are seen). prev: (slot,
    hole) of the peg put before, which the player takes out now: while its
    sensor still sees it, it is no answer (the board may not have seen it
    go yet, nor the new one come)."""
    asked = 0
    while True:
        until = time.monotonic() + WAIT_S
        last = None
        while True:
            on = _pegs_seen(board, good)
            if len(on) == 1 and on == last and (prev is None or prev[0] not in on):
                return next(iter(on.items()))
            if time.monotonic() >= until:
                break
            last = on
            time.sleep(POLL_S)
        asked += 1
        if prev is not None and prev[0] in on:
            if asked > 3:
                return None
            player.again(
                "The peg in %s is still seen: take it out (and put one in %s), then press Enter."
                % (hole_name(prev[1]), hole_name(hole))
            )
        elif not on:
            if asked > 1:
                return None
            player.again(
                "No sensor sees a peg in %s: check it stands in the lit hole, then press Enter."
                % hole_name(hole)
            )
        else:
            if asked > 3:
                return None
            player.again(
                "%d pegs are seen (in %s, as the board's map names them): only the one in %s"
                " may stand. Take the others out, then press Enter."
                % (
                    len(on),
                    ", ".join(hole_name(names[k]) for k in sorted(on)),
                    hole_name(hole),
                )
            )


def _walk(board, cfg, player, bad):
    """The sensor walk: a peg in each hole as it lights, one at a time.
    Returns {hole: (slot, state)} for the holes a sensor answered for."""
    colour = cfg["front"] == "colour"
    good = [k for k in range(49) if k not in bad]
    peg = "a Fire" if colour else "a"
    found = {}
    names = _map_of(cfg)
    prev = None
    for h in range(49):
        board.command("leds hole %s 160 160 160" % hole_name(h))  # only it lit
        player.put(hole_name(h), peg)
        got = _answer(board, player, h, good, names, prev)
        if got is not None:
            found[h] = got
        prev = None if got is None else (got[0], h)
        player.lift(hole_name(h))
    board.command("leds all 0 0 0")
    player.done()
    return found


def _found_map(configured, found):
    """The sensor map the walk found (scan slot -> hole), completed from
    the configured one where the walk found nothing; and whether every
    hole was found."""
    new = [None] * 49
    taken = set()
    for h, (k, _) in found.items():
        if new[k] is None:
            new[k] = h
            taken.add(h)
    for k in range(49):  # the configured hole, if no other slot has it
        if new[k] is None and configured[k] not in taken:
            new[k] = configured[k]
            taken.add(configured[k])
    left = iter(sorted(set(range(49)) - taken))
    for k in range(49):
        if new[k] is None:
            new[k] = next(left)
    return new, len(found) == 49 and len(set(k for k, _ in found.values())) == 49


def self_test(board, player=None, samples=25, period=0.04, walk=True):
    """The guided self-test: the board cleared (stuck-on, noisy sensors),
    then the sensor walk (stuck-off, swapped wiring; colour: a reversed
    sensor). player: who does what is asked (TerminalPlayer by default; a
    test's scripted player). Returns the report: faults (hole, kind, mux,
    channel, pins, what was seen), the wiring map found and what was and
    was not checked. The game's lights come back at the end, also when
    the player stops (the exception then goes on)."""
    player = player or TerminalPlayer()
    cfg = board.command("config")["config"]
    front = cfg["front"]
    configured = _map_of(cfg)
    try:
        board.command("leds all 0 0 0")  # the game's lights held
        player.say(
            "Self-test (%s front end): first the board without pegs, then a peg in each hole"
            " as it lights%s." % (front, "" if walk else " (skipped: --no-walk)")
        )
        player.clear()
        faults, bad = _cleared(board, cfg, samples, period)
        found = _walk(board, cfg, player, bad) if walk else {}
    finally:
        try:
            board.command("leds off")
        except DeviceError:
            pass
    checks = CHECKS[front]
    if walk:
        where = _slot_of(cfg)
        bad_holes = {configured[k] for k in bad}
        reversed_ = [h for h, (k, state) in found.items() if front == "colour" and state == "2"]
        flipped_all = len(found) >= 2 and len(reversed_) == len(found)
        for h in range(49):
            if h not in found:
                if h not in bad_holes:  # its sensor already named as stuck or noisy
                    faults.append(_fault(cfg, h, "stuck-off", where[h], {"answered": None}))
                continue
            k, state = found[h]
            if k != where[h]:
                faults.append(
                    _fault(
                        cfg,
                        h,
                        "swapped",
                        k,
                        {"answered": _where(k)},
                        expected=_where(where[h]),
                        read_as=hole_name(configured[k]),
                    )
                )
            if h in reversed_ and not flipped_all:
                faults.append(_fault(cfg, h, "reversed", k, {"state": "ice"}))
        not_checked = [c for c in WALK_CHECKS if c not in checks]
    else:
        flipped_all = False
        not_checked = [c for c in WALK_CHECKS if c in checks]
    faults.sort(key=lambda f: (parse_hole(f["hole"]), f["kind"]))
    new_map, complete = _found_map(configured, found) if walk else (configured, False)
    changed = walk and new_map != configured
    report = {
        "ok": not faults and not flipped_all,
        "front": front,
        "samples": samples,
        "walk": walk,
        "checked": [c for c in checks if c not in not_checked],
        "not_checked": not_checked,
        "faults": faults,
        "fire_sign_reversed": flipped_all,
        "sensor_map": new_map if walk else None,
        "map_complete": complete,
        "map_changed": changed,
        "store": "set sensor_map " + json.dumps(new_map) if changed and complete else None,
        "stored": False,
    }
    return report


def store_map(board, report):
    """Store the wiring map the walk found (as --wiring does), and restart
    the board with it. Only a whole map, and only one that differs."""
    if not report["store"]:
        return False
    board.command(report["store"])
    board.command("reboot")
    report["stored"] = True
    return True


_WHY = {
    "stuck-on": "reads a peg on an empty board, or read one when its empty reading was taken"
    " (a sensor stuck on, a magnet near it, or a peg left in it)",
    "stuck-off": "reads nothing with a peg in it (a sensor stuck off, its wire, or its pull-up)",
    "noisy": "its reading jumps about (a loose wire, or a sensor failing)",
    "overlap": "its empty reading comes too close to the threshold: calibrate (diag --calibrate)",
    "swapped": "its sensor answers on another mux input (wired to another hole's)",
    "reversed": "reads Ice for a Fire peg (the sensor upside down, or the peg's magnet)",
}


def describe(report):
    lines = []
    for f in report["faults"]:
        pins = f["pins"]
        gpios = ["GPIO %d (%s)" % (v, k) for k, v in pins.items() if not isinstance(v, list)]
        sel = pins.get("select")
        line = "%s %-9s %s; island %s mux, channel %d (S2..S0 = %s; select GPIO %s), %s" % (
            f["hole"],
            f["kind"],
            _WHY[f["kind"]],
            f["mux"],
            f["channel"],
            format(f["channel"], "03b"),
            "/".join(str(g) for g in reversed(sel)) if sel else "?",
            ", ".join(gpios),
        )
        if f["kind"] == "swapped":
            e = f["expected"]
            line += (
                "; the board takes that input for %s, and expects %s's on island %s mux, channel %d"
                % (
                    f["read_as"],
                    f["hole"],
                    e["mux"],
                    e["channel"],
                )
            )
        lines.append(line)
    if report.get("fire_sign_reversed"):
        lines.append(
            "every Fire peg reads as Ice: the magnets or the sensors are the other way round;"
            " set fire_sign to -1 (over USB: set fire_sign -1)"
        )
    summary = "no faults found" if report["ok"] else "%d faults" % len(report["faults"])
    lines.append(
        "self-test: %s (%d samples of all 49 sensors on the empty board%s)"
        % (summary, report["samples"], ", and the sensor walk" if report["walk"] else "")
    )
    lines.append("checked: %s" % ", ".join(report["checked"]))
    if report["not_checked"]:
        why = (
            "they need the sensor walk (without --no-walk)"
            if not report["walk"]
            else "a presence sensor cannot tell"
        )
        lines.append("not checked: %s: %s" % (", ".join(report["not_checked"]), why))
    if report["walk"]:
        if report["stored"]:
            lines.append("the wiring map found is stored; the board restarts with it")
        elif report["map_changed"] and report["store"]:
            lines.append(
                "the wiring map found differs from the board's: to store it, run"
                " fireice diag --self-test --store, or send over USB:"
            )
            lines.append(report["store"])
        elif report["map_changed"]:
            lines.append(
                "the wiring map found differs from the board's, but the walk did not find every"
                " sensor: fix the faults above first (or use fireice diag --wiring)"
            )
        else:
            lines.append("the wiring map found is the board's own: nothing to store")
        lines.append("sensor_map %s" % json.dumps(report["sensor_map"]))
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
