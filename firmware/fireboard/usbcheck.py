# USB commands to check the sensors (fireboard.usb loads this for one
# command): sensors, wiring. The LEDs are in usbleds, calibration in
# usbcalib: each command loads only its own code.
from fireboard.usb import no_arg


def _states(app):
    return "".join(chr(48 + v) for v in app.deb.stable)


def sensors(app, arg):
    """Each hole's last raw reading (pin level, or ADC value) and its
    debounced state (0 empty, 1 Fire, 2 Ice, 3 a peg)."""
    no_arg(arg)
    s = app.scanner
    reply = {"front": app.cfg["front"], "raw": list(s.raw[:49]), "state": _states(app)}
    if s.colour:
        reply["base"] = list(s.base[:49])
        reply["threshold"] = s.threshold
    return reply


def wiring(app, arg):
    """The readings in scan order (island mux * 7 + channel), whatever the
    sensor map says: the way to find sensors wired to other holes."""
    no_arg(arg)
    s = app.scanner
    slot = s.slot
    st = app.deb.stable
    return {
        "front": app.cfg["front"],
        "slots": "".join(chr(48 + st[slot[k]]) for k in range(49)),
        "raw": [s.raw[slot[k]] for k in range(49)],
        "sensor_map": app.cfg["sensor_map"],
        "led_map": app.cfg["led_map"],
    }
