"""The host engine: one interface, two implementations (docs/engine.md, "The
native core").

- `NativeEngine`: the C core (`fireice_tools._native`, built by `make setup`
  with the system's C compiler): the same search as the Python engine, about
  a hundred times quicker on one core, on several cores with `threads`.
- `fireice.engine.Engine`: the Python engine, the board's. The host falls
  back on it when the C core was not built, and says so once on stderr.

`host_engine(level, seed)` gives the one to use. Both have the same methods
and attributes: think(game, playouts=0, ms=0) -> move (frm * 64 + to),
prove(game, depth, limit), seed(s), stop, and after a search score,
proven, mate, work, pv, pv_len; level, playouts, depth.
"""

import os
import sys

from fireice.engine import LEVELS, MAX_LEVEL, Engine


def _load():
    # FIREICE_NATIVE names another build of the core (`make test-asan`'s,
    # under AddressSanitizer), or is "none": run as a machine without a C
    # compiler does; else the one `make setup` built in place
    path = os.environ.get("FIREICE_NATIVE")
    if path == "none":
        return None
    if path:
        import importlib.util

        spec = importlib.util.spec_from_file_location("fireice_tools._native", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    try:
        from fireice_tools import _native as mod
    except ImportError:  # no C compiler when the package was installed
        return None
    return mod


_native = _load()

# Host levels above the board's engine's: (playouts, tree nodes, proof plies,
# care, grow), as fireice.engine.LEVELS. Each is a fixed work budget, so a
# level plays the same on every machine (at one thread).
HOST_LEVELS = LEVELS + (
    (40000, 1000000, 5, 100, 2),
    (160000, 4000000, 5, 100, 2),
)
# the exact endgame solver's plies at each level (the native core only):
# bounded by a quarter of the proof search's positions
SOLVER_PLIES = {7: 40, 8: 40}
HOST_MAX_LEVEL = len(HOST_LEVELS) - 1

FALLBACK = (
    "fireice: the engine's native core is not built (no C compiler when `make setup` ran); "
    "the host engine runs on the Python engine, about a hundred times slower"
)
_said = []


def core():
    """The C module, or None when it was not built."""
    return _native


def say_fallback():
    """Tell once, on stderr, that the Python engine stands in for the core."""
    if not _said:
        _said.append(True)
        print(FALLBACK, file=sys.stderr, flush=True)


def _level(level):
    if not 1 <= level <= HOST_MAX_LEVEL:
        raise ValueError("level must be 1 to %d, not %r" % (HOST_MAX_LEVEL, level))
    return HOST_LEVELS[level]


def _state(g):
    # what the core needs of a Duel: it checks all of it (ValueError)
    return (bytes(g.cells), bytes(g.pegs), g.count[1], g.count[2], g.to_move, g.result, g.ply)


class NativeEngine:
    """fireice.engine.Engine's interface on the C core. At one thread it
    plays the Python engine's moves for the same seed and level; threads > 1
    splits the playouts among that many trees (root parallelism)."""

    timed = True  # `go movetime` alone: search until the time is up

    def __init__(self, level=3, seed=1, nodes=0, threads=1):
        playouts, cap, depth, care, grow = _level(level)
        self.level = level
        self.playouts = playouts
        self.depth = depth
        self.care = care
        self.grow = grow
        self.threads = threads
        self._e = _native.Engine(
            level, playouts, nodes or cap, depth, care, grow, SOLVER_PLIES.get(level, 0)
        )
        self.cap = self._e.cap
        self.score = 500
        self.proven = 0
        self.mate = 0
        self.work = 0
        self.proof_nodes = 0
        self.pv = ()
        self.pv_len = 0
        self.seed(seed)

    def seed(self, seed):
        self._e.seed(int(seed))

    @property
    def stop(self):
        return self._e.stop

    @stop.setter
    def stop(self, value):
        self._e.stop = value

    def think(self, g, playouts=0, ms=0):
        mv = self._e.think(*_state(g), playouts, ms, self.threads)
        e = self._e
        self.score = e.score
        self.proven = e.proven
        self.mate = e.mate
        self.work = e.work
        self.pv = e.pv
        self.pv_len = len(self.pv)
        return mv

    def prove(self, g, depth, limit):
        mv = self._e.prove(*_state(g), depth, limit)
        self.proof_nodes = self._e.pnodes
        return mv

    def solve(self, g, plies, ms=0):
        """The exact solver: (value for the side to move, 1 win, -1 loss,
        0 draw, None undecided; plies; move or -1; positions searched)."""
        return self._e.solve(*_state(g), plies, ms)

    def playouts_from(self, g, n):
        """n playouts from g: (0, Fire's wins, Ice's wins, draws)."""
        return self._e.playouts(*_state(g), n, 0)


class PythonHostEngine(Engine):
    """The Python engine at a host level above the board's (the fallback
    when the core is not built): the same budgets, far slower."""

    def __init__(self, level=7, seed=1, nodes=0):
        playouts, cap, depth, care, grow = _level(level)
        Engine.__init__(self, MAX_LEVEL, seed, nodes or cap)
        self.level = level
        self.playouts = playouts
        self.depth = depth
        self.care = care
        self.grow = grow
        self.proof_lists = [bytearray(600 if d >= 2 else 0) for d in range(depth + 1)]


def host_engine(level=MAX_LEVEL, seed=1, nodes=0, threads=1):
    """The host's engine for level (1..HOST_MAX_LEVEL): native when built."""
    _level(level)
    if _native is not None:
        return NativeEngine(level, seed, nodes, threads)
    say_fallback()
    if level > MAX_LEVEL:
        return PythonHostEngine(level, seed, nodes)
    return Engine(level, seed, nodes)
