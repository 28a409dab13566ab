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
        "jobs": "fireboard/mem.py",
        # a viper function's pointer casts: MicroPython's compiler makes
        # them; CPython gets them as builtins from its micropython stand-in
        "ptr8": "cpython/micropython.py",
        "ptr16": "cpython/micropython.py",
        "ptr32": "cpython/micropython.py",
    }
    assert {"ptr8", "ptr16", "ptr32"} <= defined("cpython/micropython.py")
    phases = defined("fireboard/track_phases.py")
    assert {"IDLE", "SETUP", "OVER", "NAMES"} <= phases
    for rel in firmware.sources():
        names = defined(rel)
        for name, home in homes.items():
            assert name not in names or rel == home, (rel, name)
        if rel != "fireboard/track_phases.py":
            # a phase is never numbered again elsewhere, nor under another name
            again = {n.lstrip("_") for n in names} & (phases - {"NAMES"})
            assert not again, (rel, again)
            assert not re.search(r"\.phase\s*[=!<>]=?\s*\d", source(rel)), rel
        # the MicroPython/CPython stand-ins come from their homes only
        if rel != "fireice/ticks.py":
            assert "except ImportError:  # CPython" not in source(rel), rel
    assert "micropython.py" in os.listdir(os.path.join(ROOT, "cpython"))
    assert not os.path.exists(os.path.join(ROOT, "fireice", "compat.py"))


# The board's modules are flat in fireboard (a package costs heap: a module
# object, its table and a sys.modules slot, made again in each job that
# loads one of its modules), each named by its step of the chain
STAGES = ("sense", "track", "records", "config", "links", "hw")
TOP = ("__init__", "app", "board", "lights", "clock", "mem")


def layout_problems(entries):
    """What breaks the flat, prefixed layout in a listing of fireboard/:
    entries are (name, is a folder)."""
    out = []
    for name, folder in entries:
        if name.startswith("__pycache__") or name.startswith("."):
            continue
        if folder:
            out.append("subpackage: " + name)
            continue
        if not name.endswith(".py"):
            out.append("not a module: " + name)
            continue
        mod = name[:-3]
        if mod not in TOP and not any(mod == s or mod.startswith(s + "_") for s in STAGES):
            out.append("no stage: " + name)
    return out


def test_the_board_is_flat_and_its_modules_name_the_pipeline():
    folder = os.path.join(ROOT, "fireboard")
    names = sorted(os.listdir(folder))
    assert layout_problems([(n, os.path.isdir(os.path.join(folder, n))) for n in names]) == []
    # every stage and top module is there, and the stages hold the chain
    for mod in TOP:
        assert mod + ".py" in names, mod
    for stage in STAGES:
        assert any(n.startswith(stage) for n in names), stage
    for mod in ("sense_debounce", "track_tracker", "records_store", "config_check"):
        assert mod + ".py" in names, mod
    assert "links_cmd_set.py" in names and "hw.py" in names and "hw_rp2.py" in names
    # and the firmware's sources agree: no module below fireboard/ but these
    for rel in firmware.sources():
        if rel.startswith("fireboard/"):
            assert rel.count("/") == 1, rel


def test_the_layout_check_finds_a_package_and_an_unnamed_module():
    bad = [("sense", True), ("tracker.py", False), ("track_tracker.py", False), ("hw.py", False)]
    bad += [("hwx.py", False), ("__pycache__", True), ("app.py", False)]
    assert layout_problems(bad) == ["subpackage: sense", "no stage: tracker.py", "no stage: hwx.py"]


def _casts_outside_viper(tree):
    # (line, name) of each pointer cast a module names outside a
    # @micropython.viper function, where MicroPython would look it up
    out = []

    def visit(node, viper):
        for child in ast.iter_child_nodes(node):
            inside = viper
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside = any(ast.unparse(d) == "micropython.viper" for d in child.decorator_list)
            if isinstance(child, ast.Name) and child.id in ("ptr8", "ptr16", "ptr32"):
                if not viper:
                    out.append((child.lineno, child.id))
            visit(child, inside)

    visit(tree, False)
    return out


def test_the_pointer_casts_are_named_only_in_viper_functions():
    # defined nowhere in the firmware (test_one_home_for_each_shim_and_constant),
    # so a cast outside a viper function would fail on the board
    bad = ast.parse("def f(b):\n    return ptr8(b)\n")
    assert _casts_outside_viper(bad) == [(2, "ptr8")]
    used = 0
    for rel in firmware.sources():
        tree = ast.parse(source(rel))
        assert _casts_outside_viper(tree) == [], rel
        used += "ptr8(" in source(rel) or "ptr32(" in source(rel)
    assert used >= 8


def test_the_cpython_stand_in_makes_the_casts_builtins():
    import builtins

    import micropython

    buf = bytearray(3)
    for name in ("ptr8", "ptr16", "ptr32"):
        assert getattr(builtins, name) is micropython.ptr8
    assert micropython.ptr8(buf) is buf


# The game layer: the tracker and what runs a game's lifecycle
# (fireboard.track_*), the loop's own modules that hold the game
GAME_LAYER = ("fireboard.track_", "fireboard.app", "fireboard.lights", "fireboard.board")


def layer_problems(g):
    """(module, import) of each records_* module in import graph g that
    imports the game layer: the records keep only the files."""
    out = []
    for name, deps in sorted(g.items()):
        if name.startswith("fireboard.records_"):
            out += [(name, d) for d in sorted(deps) if d.startswith(GAME_LAYER)]
    return out


def test_the_records_keep_only_the_files():
    assert layer_problems(modgraph.graph()) == []


def test_the_layer_check_finds_a_record_that_imports_the_game():
    g = {
        "fireboard.records_games": {"fireboard.records_store", "fireice.rec"},
        "fireboard.records_x": {"fireboard.track_tracker", "fireboard.records_files"},
        "fireboard.track_newgame": {"fireboard.records_newgame"},
        "fireboard.records_y": {"fireboard.app"},
    }
    assert layer_problems(g) == [
        ("fireboard.records_x", "fireboard.track_tracker"),
        ("fireboard.records_y", "fireboard.app"),
    ]
