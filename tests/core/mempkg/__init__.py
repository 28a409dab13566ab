# A package for tests/core/test_mem.py: it goes with the last of its modules.
