# How much slower the board is than this machine: the one constant the
# engine's estimates (bench/bench_engine.py) and the simulator's Pico timing use.
#
# SLOWDOWN: seconds of MicroPython on a Raspberry Pi Pico (RP2040, Cortex-M0+
# at 125 MHz) per second of the MicroPython unix port on the development
# machine, for the same code. An estimate, not a measurement on a board:
# published comparisons of MicroPython on the RP2040 with desktop CPUs give
# roughly 150 to 250 times (docs/engine.md, "The Pico's budget", lists the
# sources and the reasoning). 200 is the middle of that range.
SLOWDOWN = 200


def pico_seconds(host_seconds):
    """Estimated Pico seconds for work that took host_seconds on the unix port."""
    return host_seconds * SLOWDOWN
