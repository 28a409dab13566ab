# The board's firmware frozen into a MicroPython image for the Pico: its
# code then runs from flash and costs no heap (docs/frozen.md has the build
# steps). Frozen: every module a Pico runs, the same as `fireice flash`
# copies (tests/host/test_frozen.py checks that the two lists agree). Not
# main.py: a frozen main.py would run in place of the one on the flash,
# which the owner can no longer change then.
# ruff: noqa: F821 (include, package and module are the manifest's own)
import os

include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes itself
package("fireice", opt=3)  # the rules core, the engine and the solver
# every module of the board (one flat package: no subfolders) but the other
# kind of board's hardware backend (MicroPython's build runs this from this
# folder)
_OTHERS = ("hw_circuitpython.py",)
_FILES = sorted(f for f in os.listdir("fireboard") if f.endswith(".py"))
package("fireboard", files=[f for f in _FILES if f not in _OTHERS], opt=3)
