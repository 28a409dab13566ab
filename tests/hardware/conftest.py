# The hardware tests import the generator from hardware/ (not an installed package).
import sys
from pathlib import Path

import pytest

HW = Path(__file__).resolve().parents[2] / "hardware"
if str(HW) not in sys.path:
    sys.path.insert(0, str(HW))


@pytest.fixture(scope="session")
def generated():
    """(files, ERC results) of a fresh build in memory: every generated file."""
    from fireice_hw import outputs

    return outputs.generate()


@pytest.fixture(scope="session")
def netlists():
    """The committed netlists, parsed: {variant: Netlist}."""
    from fireice_hw import VARIANTS, netlist

    return {v: netlist.read(HW / f"fireice_{v}.net") for v in VARIANTS}
