# USB commands to check the sensors (fireboard.links_commands loads this for one
# command): sensors, wiring. The LEDs are in cmd_leds, calibration in
# cmd_calib: each command loads only its own code.
from fireboard.links_table import no_arg


def _states(states, order=None):
    # 49 digits in one small buffer (no string a hole)
    b = bytearray(49)
    for k in range(49):
        b[k] = 48 + states[order[k] if order else k]
    return b.decode()


def sensors(app, arg):
    """Each hole's last raw reading (pin level, or ADC value) and its
    debounced state (0 empty, 1 Fire, 2 Ice, 3 a peg)."""
    no_arg(arg)
    s = app.scanner
    app.irq_scans(False)  # (the readings of one scan, not of two: App.irq_scans)
    try:
        reply = {"front": app.cfg["front"], "raw": list(s.raw), "state": _states(app.deb.stable)}
    finally:
        app.irq_scans(True)
    if s.colour:
        reply["base"] = list(s.base)
        reply["threshold"] = s.threshold
    return reply


def wiring(app, arg):
    """The readings in scan order (island mux * 7 + channel), whatever the
    sensor map says: the way to find sensors wired to other holes."""
    no_arg(arg)
    s = app.scanner
    slot = s.slot
    app.irq_scans(False)  # (the readings of one scan: App.irq_scans)
    try:
        got = list(s.raw)
    finally:
        app.irq_scans(True)
    raw = [got[slot[k]] for k in range(49)]
    return {
        "front": app.cfg["front"],
        "slots": _states(app.deb.stable, slot),
        "raw": raw,
        "sensor_map": app.cfg["sensor_map"],
        "led_map": app.cfg["led_map"],
    }
