# A module whose import runs out of memory (tests/core/test_hinting.py:
# a hint whose code finds no room).
raise MemoryError("no room for this module (a test's)")
