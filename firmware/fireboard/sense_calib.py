# Calibration of the colour front end: the empty-hole reading of every
# sensor, measured at start and kept in calib.json. Loaded for the job only.
import json

from fireboard.records_store import MISSING

NAME = "calib.json"


def stored(store):
    """(baselines kept on flash, an array of 49, or None; problem or None).
    A calib.json that cannot be used is set aside as calib.json.WHY."""
    if store.size(NAME) == MISSING:
        return None, None
    from fireboard import records_files as files

    why = None
    try:
        text = files.read(store, NAME, 512)
        if not text:
            return None, None
        try:
            base = json.loads(text)["base"]
            if len(base) == 49 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 65535 for v in base
            ):
                from array import array

                return array("H", base), None
        except MemoryError:
            raise
        except Exception:  # whatever the file holds
            pass
        why = "invalid"
        e = "not 49 baselines"
    except OSError as x:  # not text, too big, a folder
        why = getattr(x, "why", "unreadable")
        e = str(x)
    try:
        kept = "set aside as " + files.set_aside(store, NAME, why)
    except OSError:
        kept = "left as it is"
    return None, "%s %s (%s): measured anew" % (NAME, kept, e)


def baselines(scanner, sums, n, kept=None):
    """Set scanner.base from the sums of n scans of raw readings. A hole
    whose average is far from its kept baseline (a peg stands there) keeps
    the kept value."""
    for h in range(49):
        avg = sums[h] // n
        if kept is not None and abs(avg - kept[h]) > scanner.threshold // 2:
            scanner.base[h] = kept[h]
        else:
            scanner.base[h] = avg


def at_start(scan, store, n=4):
    """Measure the baselines of the colour scanner scan now and keep them on
    flash when they moved from the stored ones (this runs at start before
    the game's objects are made, while the heap is nearly empty). Returns a
    problem to report, or None."""
    from array import array

    kept, problem = stored(store)
    sums = array("i", bytes(4 * 49))
    scratch = bytearray(49)
    for _ in range(n):
        scan.scan(scratch)
        for h in range(49):
            sums[h] += scan.raw[h]
    baselines(scan, sums, n, kept)
    # rewritten only when a baseline moved by more than an eighth of the
    # threshold (the flash is not worn by the sensors' noise at every start)
    near = scan.threshold >> 3
    if kept is None or any(abs(kept[h] - scan.base[h]) > near for h in range(49)):
        try:
            save(store, scan.base)
        except OSError as e:
            said = "calibration not kept: %s" % e
            problem = problem + "; " + said if problem else said
    return problem


def save(store, base):
    """The baselines kept on flash (calib.json), in a block of their own
    and the two the game in play may need."""
    store.write(NAME, _json(base), 3)


def _json(base):
    # {"base": [...]} a piece at a time: no list of 49 numbers in the heap
    yield '{"base": ['
    for h in range(49):
        yield "%d%s" % (base[h], ", " if h < 48 else "]}")
