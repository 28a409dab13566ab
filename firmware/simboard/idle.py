# Idle time on the virtual board: simboard.board asks next_scan which
# scan must run next, and skips those between that provably change nothing.
# Loaded for one question, then forgotten: no room taken while the board works.
from fireice.ticks import ticks_diff

from os import getenv

from simboard.hw import _SWING

_BLINK_MS = 250  # fireboard.lights
_EVERY = "FIREICE_SIM_EVERY_SCAN"  # set: no scan is skipped (for the tests)


def next_scan(board, now, t, last):
    """After the scan at now, the next scan to run (a multiple of scan_ms):
    t, the next one, unless the scans up to a later one change nothing;
    never after last. A scan (fireboard.app.App.tick) reads the sensors,
    debounces them, polls the buttons and composes the lights. It changes
    nothing while each sensor reads what the last scan took in, no hole
    and no button is being debounced, no button is held towards a long
    press, no LED walk is on, no event or new game waits, no part is busy
    (a solve in slices, fireboard.track_judge; a hint being worked out,
    fireboard.track_hinting) or due (a remote move to show,
    fireboard.track_remote), and the lights
    are drawn for the game as it is and look the same in both blink
    phases; each of these that waits for a time gives that time."""
    app = board.app
    if app.asked is not None or app.reboot or app.tracker.events or getenv(_EVERY):
        return t
    for p in app.parts:
        # a part at work between scans: a solve, a hint (loading the
        # engine's code a module a pass, then thinking)
        if getattr(p, "busy", False) or getattr(p, "hinting", False):
            return t
        due = getattr(p, "due", None)  # a remote move to show (fireboard.track_remote)
        if due is not None and due(app):
            return t
    if app.tracker.forced == -2:  # the board thinks: its move comes at a scan
        return t
    hw = board.hw
    if not steady(app, hw):
        return t
    w = last
    for b in app.buttons:
        if b.pin.value() != b.level:  # pressed or released since
            return t
        d = ticks_diff(now, b.since)
        if d < b.debounce_ms:
            w = min(w, now + b.debounce_ms - d)
        elif b.down != (b.level == 0):
            return t
        elif b.down and not b.fired_long:
            w = min(w, now + b.long_ms - ticks_diff(now, b.pressed_at))
    lights = app.lights
    if app.hold:  # a test frame, or the LED walk
        ms, at = app.hold
        if ms:
            w = min(w, now + ms - ticks_diff(now, at) % ms)
    elif lights._seen != app.tracker.version:
        return t
    elif lights._blinks and not still(lights, app.tracker):
        w = min(w, now - now % _BLINK_MS + _BLINK_MS)  # the other blink phase
    w += (-w) % app.cfg["scan_ms"]  # the scan at or after w
    return max(t, min(w, last))


def steady(app, hw):
    """Whether every scan from now on takes in what the last one did (while
    nothing is put or lifted): no sensor reads noise, and every hole's state
    from the last scan is what its sensor gives, on the colour front end
    for every noise value simhw adds (with the hole's hysteresis)."""
    sc = app.scanner
    if hw.slot != sc.slot:
        return False
    raw = app.raw
    colour = sc.colour
    th = sc.threshold if colour else 0
    low = (th * 3) >> 2
    sign = sc.fire_sign if colour else 0
    for h in range(49):
        old = raw[h]
        v = hw.holes[h]
        if v == 3:
            return False
        if not colour:
            if old != (3 if v else 0):
                return False
            continue
        swing = 0
        if v:  # simhw.Hardware.reading
            swing = _SWING if (v == 1) == (hw.cfg["fire_sign"] > 0) else -_SWING
        for n in (0, 63):  # the noise; the state is monotonic in the reading
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


def still(lights, t):
    """Whether drawing the lights again, in either blink phase, gives the
    frame they show: then the blinking sends nothing. (The lights draw what
    the tracker holds, its pegs too, which change without a new version,
    so this is asked anew each time.) The lights are left as they were."""
    was = bytes(lights.frame)
    phase = lights._phase
    lights._draw(t, 1 - phase)
    same = bytes(lights.frame) == was
    lights._draw(t, phase)
    same = same and bytes(lights.frame) == was
    lights.frame[:] = was
    return same
