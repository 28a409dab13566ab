"""The smallest heap each mode of the board runs in, and each operation at
its worst case (make bench).

Every scripted scenario (tests/scenarios), on each front end it is written
for, runs on the virtual board (`fireice sim --headless`, the firmware as
.mpy, on the MicroPython unix port: 64-bit, so objects are bigger than on
the board's 32-bit CPU), its code in ROM as on a board built for the
product (docs/frozen.md). The run in a 72 KB heap gives the reference
events (the most room without the solitaire's solver, which a 96 KB board
runs beside the game: docs/protocol.md, "Solitaire help"; its events would
differ). Printed for each: the smallest heap (to 1 KB) from which every
larger one up to 72 KB gives exactly those events (no out-of-memory, nothing
else different); then the runs that fail in 64 KB, the target (bench/RESULTS.md,
"Memory"). Then the worst cases (tests/host/test_edges.py) alike. Every
board built with MicroPython, frozen, ROMFS or .mpy files, drops a job's
modules after it (fireboard.mem.DROP); with the code in ROM, these are the
figures of the frozen build, the one the budget is for. Then the four worst
of them again with the code in the heap, as on a Pico running the .mpy
files `fireice flash` copies, and with the code in ROM and no module ever
dropped (`fireice sim --code keep`: what dropping saves).

    python bench/bench_heap.py [--micropython PATH] [SCENARIO-NAME-PART ...]

--micropython PATH: the virtual board runs on that MicroPython unix port
instead of the installed one (fireice_tools.firmware.interpreter), its
native code compiled for the architecture it reports: a 32-bit build
measures objects of the Pico's size (bench/RESULTS-heap.md says how one is
built).
"""

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "host"))

from test_scenarios import DIR, load  # noqa: E402

FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
TARGET_KB = 64
HI_KB = 72  # the largest heap tried
REF_KB = 72  # the reference run: more room than any tried, none for the solver
# the largest heap tried with the code in the heap, or nothing dropped
HEAP_KB = 100


def run(inputs, front, kb, files=None, code="rom"):
    """The board's output lines for the inputs, in a kb KB heap (None when it
    stopped with an error status). files: {name: text} on its flash first.
    code: where the firmware's code is (`fireice sim --code`)."""
    text = "".join(json.dumps(i) + "\n" for i in inputs)
    argv = [FIREICE, "sim", "--headless", "--front", front, "--heapsize", "%dk" % kb]
    argv += ["--code", code]
    with tempfile.TemporaryDirectory() as flash:  # a board with its flash, as the tests
        for name, body in (files or {}).items():
            with open(os.path.join(flash, name), "w") as f:
                f.write(body)
        argv += ["--flash", flash]
        p = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return None
    out = []
    for line in p.stdout.splitlines():
        e = json.loads(line)
        e.pop("heap_free", None)  # the status reply tells the heap's size, of course
        out.append(e)
    return out


def smallest(inputs, front, hi=HI_KB, files=None, code="rom", ref=REF_KB):
    """(the smallest heap in KB from which every size up to hi KB gives the
    reference events of a run in ref KB (REF_KB), whether TARGET_KB gives them). Sizes
    are tried downwards, two at a time, until one fails: not a bisection,
    as what fits depends on how the free space is cut up, so a heap can fail
    where a smaller one passes."""
    want = run(inputs, front, ref, files, code)
    assert want is not None, "the board fails even in %d KB" % ref
    good = hi + 1
    at_target = None
    with ThreadPoolExecutor(2) as pool:
        kb = hi
        while kb > 8:
            sizes = [kb, kb - 1]
            ok = list(pool.map(lambda k: run(inputs, front, k, files, code) == want, sizes))
            for k, passed in zip(sizes, ok):
                if k == TARGET_KB:
                    at_target = passed
                if not passed:
                    break
                good = k
            else:
                kb -= 2
                continue
            break
    if at_target is None:  # stopped above the target
        at_target = good <= TARGET_KB or run(inputs, front, TARGET_KB, files, code) == want
    return good, at_target


def edge_cases():
    """(name, inputs, files) of each worst case."""
    import edges
    from test_edges import COMMANDS, GAMES

    from fireice import rec
    from fireice.record import Record
    from fireice.record import format as format_record

    out = []
    for kind in sorted(GAMES):
        out.append(("end_" + kind.replace("-", "_"), edges.timed(GAMES[kind][0]), None))
    duel = edges.timed(GAMES["duel"][0])
    _, moves = edges.longest_duel()
    out.append(("takeback_last", duel + [{"press": "undo", "at": duel[-1]["at"] + 300}], None))
    from fireice.duel import Duel

    game = Duel()
    for m in moves:
        game.push(*m)
    record = format_record(Record([["Game", rec.GAME], ["Mode", "duel"]], list(rec.moves(game))))
    out.append(
        ("start_resume_longest", [{"board": game.position(), "at": 100}], {"game.txt": record})
    )
    for c in COMMANDS:
        name = "cmd_" + "".join(ch if ch.isalnum() else "_" for ch in c).strip("_")
        if name not in [o[0] for o in out]:
            out.append((name, duel + [{"cmd": c, "at": duel[-1]["at"] + 300}], None))
    out += remote_cases(moves)
    return out


def remote_cases(moves):
    """A remote game's worst cases (fireboard.track_remote, no engine: the
    game's 64 KB): the longest game as a remote game, its whole move list
    synced at the end; and the longest sync into a board that has none of
    it, each move then shown and carried out."""
    import edges
    from test_remote_host import EMPTY, NEW, remote_game_inputs

    from fireice.geom import START, move_name

    names = " ".join(move_name(*m) for m in moves)
    game = edges.timed(remote_game_inputs(moves))
    game += [{"cmd": 'remote sync "%s"' % names, "at": game[-1]["at"] + 300}]
    sync = [NEW, {"board": EMPTY}, {"board": START}, {"cmd": 'remote sync "%s"' % names}]
    sync = edges.timed(sync + edges.duel_inputs(START, moves))
    return [("remote_longest", game, None), ("remote_sync_longest", sync, None)]


def use_interpreter(argv):
    """argv less `--micropython PATH`, which is set for the `fireice sim`
    runs (in the environment they inherit); prints the architecture the
    board's code is compiled for."""
    from fireice_tools import firmware

    argv = list(argv)
    if "--micropython" in argv:
        k = argv.index("--micropython")
        if k + 1 == len(argv):
            raise SystemExit("bench_heap: --micropython needs the path of a MicroPython")
        os.environ[firmware.INTERPRETER_ENV] = os.path.abspath(argv[k + 1])
        del argv[k : k + 2]
    print("heap_interpreter_arch: %s" % firmware.sim_arch(), flush=True)
    return argv


def main(parts):
    worst = 0
    over = []
    for name in sorted(os.listdir(DIR)):
        if not name.endswith(".jsonl") or (parts and not any(p in name for p in parts)):
            continue
        fronts, lines = load(name)
        inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
        for front in fronts:
            kb, at_target = smallest(inputs, front)
            worst = max(worst, kb)
            if not at_target:
                over.append("%s-%s" % (name[:-6], front))
            print("heap_kb_%s_%s: %d" % (name[:-6], front, kb), flush=True)
    print("heap_kb_worst: %d" % worst)
    print("heap_fails_at_%dk: %s" % (TARGET_KB, " ".join(over) if over else "none"))
    most = (0, None)
    over = []
    ranked = []
    for name, inputs, files in edge_cases():
        if parts and not any(p in name for p in parts):
            continue
        for front in ("digital", "colour"):
            kb, at_target = smallest(inputs, front, files=files)
            ranked.append((kb, name, front, inputs, files))
            if kb > most[0]:
                most = (kb, "%s_%s" % (name, front))
            if not at_target:
                over.append("%s_%s" % (name, front))
            print("heap_kb_worst_case_%s_%s: %d" % (name, front, kb), flush=True)
    if most[1]:
        print("heap_worst_case_operation: %s" % most[1])
        print("heap_worst_case_kb: %d" % most[0])
        print("heap_worst_cases_failing_at_%dk: %s" % (TARGET_KB, " ".join(over) or "none"))
    # the four worst again in the two other ways a board could hold its
    # code and modules: the code in the heap, as on a Pico running the .mpy
    # files `fireice flash` copied (a stock MicroPython build); and the
    # code in ROM with no module ever dropped (fireboard.mem.DROP false),
    # which is what dropping saves
    ranked.sort(key=lambda r: -r[0])
    for code, label in (("heap", "code_in_heap"), ("keep", "kept")):
        most = (0, None)
        over = []
        for _, name, front, inputs, files in ranked[:4]:
            kb, at_target = smallest(inputs, front, HEAP_KB, files, code, HEAP_KB)
            print("heap_%s_kb_%s_%s: %d" % (label, name, front, kb), flush=True)
            if not at_target:
                over.append("%s_%s" % (name, front))
            if kb > most[0]:
                most = (kb, "%s_%s" % (name, front))
        if most[1]:
            print("heap_%s_worst_case_operation: %s" % (label, most[1]))
            print("heap_%s_worst_case_kb: %d" % (label, most[0]))
            print("heap_%s_failing_at_%dk: %s" % (label, TARGET_KB, " ".join(over) or "none"))
    # the game and the Pico W's own link together, the link's worst case
    # (the longest move list in a sync), against a real server: the budget
    # is the engine's 96 KB (bench_net_heap.py says how it runs)
    if not parts or "net" in parts:
        import bench_net_heap

        bench_net_heap.main(["digital", "colour"])


if __name__ == "__main__":
    main(use_interpreter(sys.argv[1:]))
