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


# C_SLOWDOWN: the same for compiled C code that does not go through the
# interpreter: the garbage collector (the virtual board's Pico time charges
# each collection in a pass at this factor: simboard.picotime). Also an
# estimate: CoreMark, a C benchmark, gives the Cortex-M0+ about 2.46 per MHz
# (ARM's figure for the core; RP2040 boards run from flash behind a 16 KB
# cache, so somewhat less), about 300 at 125 MHz, against about 13,000 to
# 16,000 for one core of a server x86-64 at 2.3 GHz like the development
# machine (5.5 to 7 per MHz): 40 to 55 times. A collection is memory-bound,
# and the Pico sweeps its heap in 16-byte blocks where this 64-bit port has
# 32-byte ones, twice the blocks for a heap of the same size: 100 allows for
# both, and errs on the side of a slower board (docs/engine.md, "The Pico's
# budget").
C_SLOWDOWN = 100
