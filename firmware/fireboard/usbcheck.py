# USB commands to check the hardware (fireboard.usb loads this for one
# command): sensors, wiring, leds, calib.
from fireboard.usb import CommandError, no_arg, whole
from fireice.notation import parse_hole


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


def _test(app, walk_ms):
    # None: the game's lights again; 0: hold them for a test frame; N: walk
    # along the LED chain, N ms per LED (App._walk), then the game again
    app.hold = walk_ms is not None
    app.walk_ms = walk_ms or 0
    app.walk_at = app.now
    app.lights._seen = -1  # draw the game afresh when it comes back


def _rgb(words):
    if len(words) != 3:
        raise CommandError("a colour is three numbers R G B (0..255)")
    return [whole(w, 0, 255, "a colour value") for w in words]


def leds(app, arg):
    """leds walk [MS] | leds led N R G B | leds hole H R G B | leds all R G B
    | leds off. Test frames hold the game's lights until leds off."""
    w = arg.split()
    what = w[0] if w else ""
    lights = app.lights
    if what == "walk" and len(w) <= 2:
        ms = whole(w[1], 50, 5000, "ms per LED") if len(w) == 2 else 400
        _test(app, ms)
        return {"walk": 51, "ms": ms}
    if what == "off" and len(w) == 1:
        _test(app, None)
        return {"leds": "game"}
    if what == "all":
        rgb = _rgb(w[1:])
        holes = range(51)
    elif what == "led" and len(w) == 5:
        k = whole(w[1], 0, 50, "an LED number")
        rgb = _rgb(w[2:])
        holes = [h for h in range(51) if lights.pos[h] == k]
    elif what == "hole" and len(w) == 5:
        h = w[1]
        k = 49 if h == "turn-fire" else 50 if h == "turn-ice" else parse_hole(h)
        rgb = _rgb(w[2:])
        holes = [k]
    else:
        raise CommandError("leds walk [MS] | led N R G B | hole H R G B | all R G B | off")
    _test(app, 0)
    f = lights.frame
    for h in range(51):
        for c in range(3):
            f[3 * h + c] = rgb[c] if h in holes else 0
    lights.show()
    return {"leds": "test", "ma": lights.estimate_ma}


def calib(app, arg):
    """calib | calib take | calib threshold N | calib store (colour front end)."""
    s = app.scanner
    if not s.colour:
        raise CommandError("the digital front end needs no calibration")
    w = arg.split()
    if w == ["take"]:
        from array import array

        sums = array("i", bytes(4 * 49))
        scratch = bytearray(49)
        for _ in range(8):
            s.scan(scratch)
            for h in range(49):
                sums[h] += s.raw[h]
        for h in range(49):
            s.base[h] = sums[h] // 8
    elif len(w) == 2 and w[0] == "threshold":
        s.threshold = app.cfg["threshold"] = whole(w[1], 200, 30000, "threshold")
    elif w == ["store"]:
        from fireboard import calib as c
        from fireboard.usbset import store_setting
        from fireice import forget

        app.games.store.write(c.NAME, c._json(s.base), 3)
        forget("fireboard.calib")
        store_setting(app, "threshold", s.threshold)
    elif w:
        raise CommandError("calib | calib take | calib threshold N | calib store")
    return {"base": list(s.base[:49]), "threshold": s.threshold}
