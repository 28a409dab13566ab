# USB command to test the LEDs (fireboard.links_commands loads this for one command):
# leds.
from fireboard.links_table import CommandError, whole
from fireice.notation import parse_hole


def _test(app, walk_ms):
    # None: the game's lights again; 0: hold them for a test frame; N: walk
    # along the LED chain, N ms per LED (App.tick's walk), then the game again
    app.hold = None if walk_ms is None else (walk_ms or 0, app.now)
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
