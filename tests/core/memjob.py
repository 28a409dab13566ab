# A module for tests/core/test_mem.py to load for a job: it counts how often
# it was loaded, and runs out of memory on its first call when asked to.
import sys

state = sys.modules.get("memjob_state")
SIZE = 7  # a value a job takes (a step that names no function)


def work(x, fail_first):
    state.calls += 1
    if fail_first and state.calls == 1:
        raise MemoryError("the heap is full (a test)")
    return x * 2
