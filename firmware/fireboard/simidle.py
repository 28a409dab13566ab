# Idle time on the virtual board: fireboard.simboard asks next_scan which
# scan must run next, skipping those that provably change nothing. Loaded
# for one question, then forgotten (no room taken while the board works).
try:
    from time import ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython
    from fireice.compat import ticks_diff

from fireboard.simhw import _SWING

_BLINK_MS = 250  # fireboard.lights


def next_scan(board, now, t, last):
    """After the scan at now, with no input since, the next scan to run: t
    (the next one) unless the scans up to a later one change nothing. A
    scan (fireboard.app.App.tick) reads the sensors, debounces them, polls
    the buttons and composes the lights; it changes nothing while the
    readings stay the same, no hole or button is being debounced, no button
    is held towards a long press, no LED walk is on, no event waits, and the
    lights are drawn for the game as it is and look the same in both blink
    phases. Each of these that is waiting gives the time it ends."""
    app = board.app
    if app.asked is not None or app.reboot or app.tracker.events:
        return t
    if board.steady is None:  # known until the next input
        board.steady = steady(app, board.hw)
    if not board.steady:
        return t
    w = last
    for b in (app.undo_button, app.new_button):
        d = ticks_diff(now, b.since)
        if d < b.debounce_ms:
            w = min(w, now + b.debounce_ms - d)
        elif b.down and not b.fired_long:
            w = min(w, now + b.long_ms - ticks_diff(now, b.pressed_at))
    lights = app.lights
    if app.hold:  # a test frame, or the LED walk
        if app.walk_ms:
            d = ticks_diff(now, app.walk_at)
            w = min(w, now + app.walk_ms - d % app.walk_ms)  # the next LED
    elif lights._seen != app.tracker.version:
        return t
    elif lights._blinks and not still(board):
        w = min(w, now - now % _BLINK_MS + _BLINK_MS)  # the other blink phase
    period = app.cfg["scan_ms"]
    w += (-w) % period  # the scan at or after w
    return max(t, min(w, last))


def steady(app, hw):
    """Whether every scan from now on reads what the last one did, as long
    as nothing is put or lifted: no sensor reads noise and, on the colour
    front end, every hole's reading stays on the same side of the threshold
    (with the hole's hysteresis) for every noise value simhw gives."""
    if hw.holes.find(b"\x03") >= 0:
        return False
    sc = app.scanner
    if not sc.colour:
        return True
    if hw.slot != sc.slot:
        return False
    raw = app.raw
    th = sc.threshold
    low = (th * 3) >> 2
    sign = sc.fire_sign
    for h in range(49):
        old = raw[h]
        v = hw.holes[h]
        swing = 0
        if v:  # simhw.Hardware.reading
            swing = _SWING if (v == 1) == (hw.cfg["fire_sign"] > 0) else -_SWING
        for n in (0, 63):  # the noise; the class is monotonic in the reading
            d = (min(65535, max(0, hw.base[h] + swing + n - 32)) - sc.base[h]) * sign
            if d > th or (old == 1 and d > low):
                c = 1
            elif d < -th or (old == 2 and d < -low):
                c = 2
            else:
                c = 0
            if c != old:
                return False
    return True


def still(board):
    """Whether the lights look the same in both blink phases: then the
    blinking sends nothing. Known once per tracker version; the lights are
    drawn as they were afterwards."""
    app = board.app
    t = app.tracker
    if getattr(board, "seen", -1) != t.version:
        lights = app.lights
        phase = lights._phase
        lights._draw(t, 0)
        first = bytes(lights.frame)
        lights._draw(t, 1)
        board.same = first == bytes(lights.frame)
        lights._draw(t, phase)
        board.seen = t.version
    return board.same
