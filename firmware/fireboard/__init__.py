# The board: flat modules named by their stage of the chain, sense_*,
# track_*, records_*, config_*, links_*, hw and hw_*, beside the loop's own
# (app, board, lights, clock, mem). Flat, not subpackages: a package costs
# a module object, its table and a sys.modules slot, made again in each job
# that loads one of its modules (docs/architecture.md; bench/RESULTS.md,
# "Memory: the 64 KB heap").
#
# The sensor front ends' registry (fireboard.sense_fronts has its contract
# and the functions that read and extend it): its entries are kept here, in
# the package, which stays loaded while the board runs, so that fronts
# itself is loaded only for the jobs that need it (start-up, a setting
# checked) and dropped after them (fireboard.mem.LEAVES), and a front end
# registered before start-up stays registered all the same.
#
# Each entry: name, module, the most of the USB budget its LEDs may draw
# (mA, hardware/power.json: the sensors' own draw differs), whether it
# measures its empty readings at start (calib), and its debounce (ms) when
# the configuration leaves debounce_ms at null: the shortest with which the
# virtual board's bounced and knocked pegs still read right
# (tests/host/test_debounce.py, MIN_MS: 6 ms on the digital front end, 8 on
# the colour one at Pico speed), and 2 ms more. A Hall switch does not
# bounce; the 2 ms chatter of the virtual board's bounce (a reed contact, a
# peg that wobbles) sets the figure.
FRONTS = [
    "digital", "fireboard.sense_digital", 390, False, 8,
    "colour", "fireboard.sense_colour", 250, True, 10,
]  # fmt: skip
# an entry's items after its name, as front() takes them
FRONT_MODULE = 1
FRONT_CAP_MA = 2
FRONT_CALIB = 3
FRONT_DEBOUNCE_MS = 4


def front(name, item):
    """Of the front end registered as name, the item of its entry
    (FRONT_MODULE, FRONT_CAP_MA, FRONT_CALIB or FRONT_DEBOUNCE_MS); None if
    there is none of that name. (What the main loop's objects ask at
    start-up, without loading fireboard.sense_fronts among them.)"""
    for k in range(0, len(FRONTS), 5):
        if FRONTS[k] == name:
            return FRONTS[k + item]
    return None
