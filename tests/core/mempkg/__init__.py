# A package for tests/core/test_mem.py: its modules are dropped, it stays.
