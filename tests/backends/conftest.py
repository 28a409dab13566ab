# The backend tests import fireboard from firmware/ (not an installed package)
# and share tests/core/support.py with the other both-interpreter tests.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for path in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "core")):
    if path not in sys.path:
        sys.path.insert(0, path)
