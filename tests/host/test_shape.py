"""The firmware's shape (docs/architecture.md): no import cycle, the rules
core apart from the board, the board apart from the virtual board, and one
copy of each shim and constant."""

import ast
import os
import re

import modgraph

from fireice_tools import firmware

ROOT = firmware.firmware_dir()


def source(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def test_no_import_cycle():
    assert modgraph.cycles(modgraph.graph()) == []


def test_the_cycle_finder_finds_one():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert modgraph.cycles(g) == [["a", "b", "c"], ["e"]]


def test_the_rules_core_never_imports_the_board_and_the_board_never_the_simulator():
    for name, deps in modgraph.graph().items():
        if name.startswith("fireice"):
            assert all(d.startswith("fireice") for d in deps), (name, deps)
        if name.startswith("fireboard"):
            assert not any(d.startswith("simboard") for d in deps), (name, deps)


def defined(rel):
    """Names a module defines at its top level (functions, classes, assignments)."""
    out = set()
    for node in ast.parse(source(rel)).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def test_one_home_for_each_shim_and_constant():
    homes = {
        "ticks_diff": "fireice/ticks30.py",
        "forget": "fireboard/mem.py",
        "job": "fireboard/mem.py",
    }
    phases = defined("fireboard/track/phases.py")
    assert {"IDLE", "SETUP", "OVER", "NAMES"} <= phases
    for rel in firmware.sources():
        names = defined(rel)
        for name, home in homes.items():
            assert name not in names or rel == home, (rel, name)
        if rel != "fireboard/track/phases.py":
            # a phase is never numbered again elsewhere, nor under another name
            again = {n.lstrip("_") for n in names} & (phases - {"NAMES"})
            assert not again, (rel, again)
            assert not re.search(r"\.phase\s*[=!<>]=?\s*\d", source(rel)), rel
        # the MicroPython/CPython stand-ins come from their homes only
        if rel != "fireice/ticks.py":
            assert "except ImportError:  # CPython" not in source(rel), rel
    assert "micropython.py" in os.listdir(os.path.join(ROOT, "cpython"))
    assert not os.path.exists(os.path.join(ROOT, "fireice", "compat.py"))


def test_the_packages_name_the_pipeline():
    packages = sorted(
        d
        for d in os.listdir(os.path.join(ROOT, "fireboard"))
        if os.path.isdir(os.path.join(ROOT, "fireboard", d)) and not d.startswith("_")
    )
    assert packages == ["config", "hw", "links", "records", "sense", "track"]
    for d in packages:
        assert os.path.exists(os.path.join(ROOT, "fireboard", d, "__init__.py")), d
