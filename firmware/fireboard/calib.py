# Calibration of the colour front end: the empty-hole reading of every
# sensor, measured at start and kept in calib.json. Loaded for the job only.
import json

NAME = "calib.json"


def stored(store):
    """The baselines kept on flash (49 numbers), or None."""
    text = store.read(NAME)
    if not text:
        return None
    try:
        base = json.loads(text)["base"]
        if len(base) == 49 and all(isinstance(v, int) and 0 <= v <= 65535 for v in base):
            return base
    except (ValueError, KeyError, TypeError):
        pass
    return None


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


def at_start(scanner, store, n=4):
    """Measure the baselines now and keep them on flash."""
    from array import array

    sums = array("i", bytes(4 * 49))
    scratch = bytearray(49)
    for _ in range(n):
        scanner.scan(scratch)
        for h in range(49):
            sums[h] += scanner.raw[h]
    baselines(scanner, sums, n, stored(store))
    store.write(NAME, _json(scanner.base))


def _json(base):
    # {"base": [...]} a piece at a time: no list of 49 numbers in the heap
    yield '{"base": ['
    for h in range(49):
        yield "%d%s" % (base[h], ", " if h < 48 else "]}")
