"""Virtual-time latency of the board (make bench): a scripted game of random
legal moves on the virtual board; for each action (a lift or a put), the
time from that hole change to the first LED frame that answers it. First
with free loops (an infinitely fast board), then at Pico speed
(`fireice sim --pico-time`: each pass of the main loop costs the firmware's
CPU time here times fireice.pico.SLOWDOWN, an estimate, its hardware
operations their Pico cost and each LED frame its wire time:
simboard.picotime), with the loop's time and the scan period it keeps.
Prints "name: value" lines; pico_latency_worst_ms_FRONT,
pico_scan_period_ms_FRONT and the others after them keep their names for
tools. Pico-time figures are measured on this machine's clock, less the
time it gave other processes, and each is of RUNS runs of the same input
(below; `bench_latency.py N` for N runs)."""

import random
import statistics
import sys

sys.path.insert(0, "tests/host")

from simrun import random_move, run_sim  # noqa: E402

from fireice.duel import Duel  # noqa: E402
from fireice.geom import START  # noqa: E402


def script(seed, moves=30):
    rnd = random.Random(seed)
    game = Duel()
    out = [{"at": 0, "board": START}]
    at = 0
    buf = bytearray(600)
    for _ in range(moves):
        inputs = random_move(game, rnd, buf)
        if inputs is None:
            break
        for d in inputs:
            at += rnd.choice((97, 150, 233))
            d["at"] = at
            out.append(d)
    return out


# Pico time is measured on this machine's clock: a pass that the host
# interrupts (another process, the hypervisor, an interrupt: the run delay
# taken off covers only the first) is charged the interruption x the Pico
# factor, tens of ms for a fraction of a ms here. A board's passes take the
# same time each run of the same input, the host's interruptions fall at
# other places in each run: so the Pico figures are of RUNS runs of the same
# input, each action's latency the median of its RUNS (one run's stall is
# then set aside unless it falls on the same action in most of them), the
# period, the loop's figures and the scans the median run's (by its period).
# Each run's worst latency and period are printed too. Three runs left a
# stall standing now and then on a machine at a load of 6 to 9 (two of
# them on the same action); five have not.
RUNS = 5


def latencies(inputs, events):
    frames = [e["at"] for e in events if e["ev"] == "leds"]
    lat = []
    for d in inputs[1:]:
        after = [f for f in frames if f >= d["at"]]
        lat.append(after[0] - d["at"] if after else float("inf"))
    return lat


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    for pico in (False, True):
        for front in ("digital", "colour"):
            inputs = script(7)
            lats = []
            timings = []
            for _ in range(runs if pico else 1):
                events = run_sim(inputs, front=front, pico_time=pico)
                lats.append(latencies(inputs, events))
                timings += [e for e in events if e["ev"] == "timing"]
            # each action's median over the runs
            lat = [statistics.median(each) for each in zip(*lats)]
            name = front + ("_pico" if pico else "")
            print("%s_actions: %d" % (name, len(lat)))
            print("%s_latency_median_ms: %g" % (name, statistics.median(lat)))
            print("%s_latency_worst_ms: %g" % (name, max(lat)))
            if pico:
                print("%s_runs: %d" % (name, runs))
                print(
                    "%s_latency_worst_ms_each_run: %s"
                    % (name, ", ".join("%g" % max(each) for each in lats))
                )
                print(
                    "%s_scan_period_ms_each_run: %s"
                    % (name, ", ".join("%g" % round(t["period_ms_mean"], 1) for t in timings))
                )
            # the median run, by its period
            timings.sort(key=lambda t: t["period_ms_mean"])
            for t in timings[len(timings) // 2 :][:1]:
                print("%s_slowdown: %d" % (name, t["slowdown"]))
                for key in ("loop_ms_median", "loop_ms_p99", "loop_ms_worst", "period_ms_mean"):
                    print("%s_%s: %g" % (name, key, round(t[key], 1)))
                print("%s_scan_ms_set: %d" % (name, t["scan_ms"]))
                # the scans (the timer interrupt's, fireboard.sense_irqscan;
                # or each pass's and the scan points' within long passes,
                # fireboard.app.App.sense): how many, the longest gap
                print("%s_scans: %d" % (name, t["scans"]))
                print("%s_passes: %d" % (name, t["passes"]))
                print("%s_scan_gap_ms_worst: %d" % (name, t["scan_gap_ms_worst"]))
                if t.get("irq_scans"):  # the scans from the timer interrupt
                    print("%s_irq_us_mean: %.0f" % (name, t["irq_us_mean"]))
                    print("%s_irq_us_worst: %d" % (name, t["irq_us_worst"]))
                # the collections in passes, charged at the C factor (simboard.picotime)
                print("%s_collections: %d" % (name, t["collections"]))
                print("%s_gc_us_each_here: %g" % (name, round(t["gc_us_mean"], 1)))
                print(
                    "%s_gc_ms_each_pico: %g"
                    % (name, round(t["gc_us_mean"] * t["c_slowdown"] / 1000, 2))
                )
                # the virtual hardware's calibration in this run (ns here per
                # pin call, register read, ADC read, register write, settle
                # call, store through a pointer, and the colour scan's
                # conversion through the ADC's registers and settle on
                # TIMERAWL: simboard.picotime.calibrate),
                # each taken off the pass
                # for each such operation; run to run it moves by a few
                # percent, and a colour scan's estimate by 0.1 ms for each
                # 10 ns of the ADC's or the write's
                ns = t["hw_ns"]
                print(
                    "%s_hw_ns_each: pin %d, read %d, adc %d, write %d, settle %d, store %d,"
                    " conversion %d, timerawl settle %d"
                    % (name, ns[0], ns[1], ns[2], ns[4], ns[5], ns[6], ns[7], ns[8])
                )
                # the figures tools read (issue 17), under fixed names
                print("pico_latency_worst_ms_%s: %g" % (front, max(lat)))
                print("pico_latency_median_ms_%s: %g" % (front, statistics.median(lat)))
                print("pico_scan_period_ms_%s: %g" % (front, round(t["period_ms_mean"], 1)))
                print("pico_loop_ms_median_%s: %g" % (front, t["loop_ms_median"]))
                print("pico_loop_ms_mean_%s: %g" % (front, round(t["loop_ms_mean"], 2)))


main()
