# (tests/core/test_mem.py)
NAME = "b"
