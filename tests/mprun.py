# Runs the test_* functions of tests/<dir>/test_*.py on MicroPython, the way
# pytest collects them on CPython. Usage:
#     micropython tests/mprun.py [-k PART] [--shard K/N] DIR...
# (with DIR and firmware/ on MICROPYPATH). -k: only the tests whose name has
# PART; --shard K/N: only the K-th of every N test files, so that N
# interpreters share the files (make test-mp runs two, one a core). Ends with
# "N passed, N failed".
import gc
import os
import sys

from support import SkipTest


def run(dirs, pattern=None, shard=1, shards=1):
    passed = failed = skipped = 0
    n = 0
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if not (name.startswith("test_") and name.endswith(".py")):
                continue
            n += 1
            if n % shards != shard % shards:
                continue
            before = set(sys.modules)
            mod = __import__(name[:-3])
            for attr in sorted(dir(mod)):
                if not attr.startswith("test_") or (pattern and pattern not in attr):
                    continue
                fn = getattr(mod, attr)
                gc.collect()
                try:
                    fn()
                    passed += 1
                except SkipTest as e:
                    skipped += 1
                    print("SKIP %s::%s: %s" % (name, attr, e))
                except Exception as e:  # report every failure, go on
                    failed += 1
                    print("FAIL %s::%s" % (name, attr))
                    sys.print_exception(e)
            # forget the test module, and the firmware modules it loaded, so
            # the next one has the heap
            mod = fn = None
            for m in [m for m in sys.modules if m not in before]:
                del sys.modules[m]
    print("micropython: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return failed


if __name__ == "__main__":
    args = sys.argv[1:]
    pattern = None
    if "-k" in args:
        k = args.index("-k")
        pattern = args[k + 1]
        args = args[:k] + args[k + 2 :]
    shard = shards = 1
    if "--shard" in args:
        k = args.index("--shard")
        shard, shards = [int(x) for x in args[k + 1].split("/")]
        if not 1 <= shard <= shards:
            print("mprun: --shard K/N needs 1 <= K <= N, not %s" % args[k + 1])
            sys.exit(2)
        args = args[:k] + args[k + 2 :]
    sys.exit(1 if run(args or ["tests/core"], pattern, shard, shards) else 0)
