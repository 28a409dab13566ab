"""The board as an opponent, and a duel's hints (make bench): a whole game
against the board at each of its levels on the virtual board at Pico speed
(`fireice sim --pico-time --heapsize 96k`), then a game of two players who
ask for hints and follow them: the engine's thinking time per move, in
virtual time (estimated Pico ms: this machine's CPU time times
fireice.pico.SLOWDOWN), the worst pass of the main loop meanwhile, and how
late a scan started: the virtual board at Pico time scans from the timer
interrupt, as a Pico does (fireboard.sense_irqscan), and a tick is late by
what held it back (an LED frame on the wire); where the loop scans,
against the loop's schedule (the scans fall due scan_ms apart,
fireboard.app.App.due, so a scan is late by what the passes before it
took beyond their share). The engine is made and searches beside the loop
(fireboard.track_think), as on the Pico's second core, so a pass is
charged only for starting it and taking its answer in.

The lateness is printed three ways (simboard.picoboard's timing event):
scan_late_ms_worst_while_thinking is over the passes (and the ticks
within them) that began and ended
with the search under way (what the issue bounds by one scan period);
..._after_start after the pass that starts a search (for the board's move,
the pass that also takes the player's move in, saves and announces it; for
a hint, the pass that loads the hint's code); ..._after_answer after the
pass that takes the answer in (the board's move shown; the hint lit and
written into the record's Hints tag). collections_while_thinking counts
the garbage collections in the first of those (passes that began and ended
with the search under way), collections those in all passes. Prints
"name: value" lines;
wall-clock measurements: run it on an otherwise idle machine."""

import sys

sys.path.insert(0, "tests/host")

from test_hint_host import hint_game  # noqa: E402
from test_versus_host import play_game  # noqa: E402

from fireice.engine import BOARD_LEVELS  # noqa: E402


def lateness(key, t):
    print(key + "scan_late_ms_worst_while_thinking: %.1f" % t["late_ms_worst_thinking"])
    print(key + "scans_later_than_one_period_while_thinking: %d" % t["late_over_period_thinking"])
    print(key + "scan_late_ms_worst_after_start: %.1f" % t["late_ms_worst_think_start"])
    print(key + "scan_late_ms_worst_after_answer: %.1f" % t["late_ms_worst_think_end"])
    print(key + "scan_late_ms_worst: %.1f" % t["late_ms_worst"])
    print(key + "collections_while_thinking: %d" % t["collections_thinking"])
    print(key + "collections: %d" % t["collections"])


def main():
    fronts = sys.argv[1:] or ["digital"]
    for front in fronts:
        for level in range(1, BOARD_LEVELS + 1):
            key = "versus_%s_level%d_" % (front, level)
            try:
                _, rest = play_game(front, level, pico_time=True)
            except Exception as e:  # a busy machine: passes so long that inputs merge
                print(key + "failed: %r" % (e,))
                continue
            t = [e for e in rest if e.get("ev") == "timing"][0]
            print(key + "moves_thought: %d" % t["thinks"])
            print(key + "think_pico_ms_mean: %.0f" % t["think_ms_mean"])
            print(key + "think_pico_ms_worst: %.0f" % t["think_ms_worst"])
            print(key + "loop_passes_while_thinking: %d" % t["passes_thinking"])
            print(key + "loop_pico_ms_worst_while_thinking: %.1f" % t["loop_ms_worst_thinking"])
            lateness(key, t)
            print(key + "loop_pico_ms_worst: %.1f" % t["loop_ms_worst"])
            print(key + "loop_pico_ms_p99: %d" % t["loop_ms_p99"])
            print(
                key + "scan_period_ms_mean: %.1f (scan_ms %d)" % (t["period_ms_mean"], t["scan_ms"])
            )
        key = "hint_%s_" % front
        try:
            _, rest, given = hint_game(front, hints=6, pico_time=True)
        except Exception as e:
            print(key + "failed: %r" % (e,))
            continue
        t = [e for e in rest if e.get("ev") == "timing"][0]
        print(key + "hints: %d" % len(given))
        print(key + "think_pico_ms_mean: %.0f" % t["think_ms_mean"])
        print(key + "think_pico_ms_worst: %.0f" % t["think_ms_worst"])
        print(key + "loop_passes_while_thinking: %d" % t["passes_thinking"])
        lateness(key, t)


main()
