"""Values that cross a module and are copied as a const() where they are
compared (issue 27, item 4): a const is folded into the code that uses it,
so a module that compares with one in a hot path, or that must not import
its home for the heap, keeps a copy. Each copy agrees with its home, and the
result names (fireice.geom.RESULT_NAMES) with the codes."""

import ast
import os

from fireice.geom import RESULT_NAMES

from fireice_tools import analyse, firmware

ROOT = firmware.firmware_dir()

# a copy's name -> (its home, the name there)
HOMES = {
    "_DRAW": ("fireice/duel.py", "_DRAW"),
    "_SOLO_WON": ("fireice/solo.py", "_WON"),
    "_SOLO_LOST": ("fireice/solo.py", "_LOST"),
}


_ARITHMETIC = (ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop)


def _value(expr):
    """The value of a const's argument: a number, or arithmetic on numbers."""
    assert all(isinstance(n, _ARITHMETIC) for n in ast.walk(expr)), ast.dump(expr)
    return eval(compile(ast.Expression(expr), "const", "eval"), {"__builtins__": {}})


def consts(src):
    """{name: value} of the module-level NAME = const(N) lines of src."""
    out = {}
    for node in ast.parse(src).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        if isinstance(call.func, ast.Name) and call.func.id == "const" and len(call.args) == 1:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = _value(call.args[0])
    return out


def module_consts(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return consts(f.read())


def test_consts_reads_the_const_lines_only():
    src = "from micropython import const\n_A = const(-2)\n_B = 3\n_C = const(1 << 4)\n"
    src += "def f():\n    _D = const(1)\n"
    assert consts(src) == {"_A": -2, "_C": 16}


def test_every_copy_agrees_with_its_home():
    homes = {copy: module_consts(home)[name] for copy, (home, name) in HOMES.items()}
    copies = 0
    for rel in firmware.sources():
        for name, value in module_consts(rel).items():
            if name in homes:
                copies += 1
                assert value == homes[name], (rel, name, value, homes[name])
    # the duel's own _DRAW, the engine's copies, the lights' and the judge's
    # solitaire results: the check saw them
    assert copies >= 6


def test_the_result_names_match_the_codes():
    duel = module_consts("fireice/duel.py")
    solo = module_consts("fireice/solo.py")
    assert RESULT_NAMES[duel["_DRAW"]] == "draw"
    assert RESULT_NAMES[solo["_WON"]] == "won"
    assert RESULT_NAMES[solo["_LOST"]] == "lost"
    # the host's analysis names the draw from the same table
    assert analyse._DRAW == duel["_DRAW"]
