"""The board as an opponent (make bench): a whole game against the board at
each of its levels on the virtual board at Pico speed (`fireice sim
--pico-time --heapsize 96k`): the engine's thinking time per move, in
virtual time (estimated Pico ms: this machine's CPU time times
fireice.pico.SLOWDOWN), and the worst pass of the main loop meanwhile (the
engine is made and searches beside the loop, as on the Pico's second core,
so a pass is charged only for starting it and giving its memory back). Then the smallest
playout: what one slice of a search between two scans would cost at the
least. Prints "name: value" lines; wall-clock measurements: run it on an
otherwise idle machine."""

import sys

sys.path.insert(0, "tests/host")

from test_versus_host import play_game  # noqa: E402

from fireice.engine import BOARD_LEVELS  # noqa: E402


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
            print(key + "loop_pico_ms_worst: %.1f" % t["loop_ms_worst"])
            print(key + "loop_pico_ms_p99: %d" % t["loop_ms_p99"])
            print(
                key + "scan_period_ms_mean: %.1f (scan_ms %d)" % (t["period_ms_mean"], t["scan_ms"])
            )


main()
