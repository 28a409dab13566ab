"""Reference hardware of the Fire and Ice board, described as code.

One source for everything under hardware/: the circuit (SKiDL), the KiCad
netlists, the electrical rules check, the bill of materials, the power budget,
the drawings and the wiring lists. ``python hardware/build.py`` regenerates it all.
"""

from pathlib import Path

HW_DIR = Path(__file__).resolve().parent.parent
PINMAP_PATH = HW_DIR / "pinmap.json"

# The two sensor front ends the firmware supports; a builder populates one.
VARIANTS = ("digital", "colour")
