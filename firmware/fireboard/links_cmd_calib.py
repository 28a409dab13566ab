# USB command to calibrate the colour front end (fireboard.links_commands loads this
# for one command): calib.
from fireboard.links_table import CommandError, whole


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
        app.irq_scans(False)  # the scanner is this command's (App.irq_scans)
        try:
            for _ in range(8):
                s.scan(scratch)
                for h in range(49):
                    sums[h] += s.raw[h]
        finally:
            app.irq_scans(True)
        for h in range(49):
            s.base[h] = sums[h] // 8
    elif len(w) == 2 and w[0] == "threshold":
        s.threshold = app.cfg["threshold"] = whole(w[1], 200, 30000, "threshold")
    elif w == ["store"]:
        from fireboard.links_cmd_set import store_setting
        from fireboard.mem import run

        run("save calibration", app.games.store, s.base)
        store_setting(app, "threshold", s.threshold)
    elif w:
        raise CommandError("calib | calib take | calib threshold N | calib store")
    return {"base": list(s.base[:49]), "threshold": s.threshold}
