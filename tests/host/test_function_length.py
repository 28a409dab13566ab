"""Functions that fit a screen (issue 27): no function in firmware/ over
MAX_LINES lines, except those named in LONG, each with the length it has
today. LONG may only shrink: a new long function fails, a listed one that
grew fails, and one that was split or shortened fails until its line here
is removed or lowered, so that the list always tells the truth."""

import ast
import os

from fireice_tools import firmware

MAX_LINES = 80

# path:qualified name -> its length in lines (def line to last line)
LONG = {
    # a measured hot path (its comment says so): the colour scan in the
    # timer interrupt, one viper function with no call a sample
    "fireboard/sense_colour_scan.py:ColourScanner.scan": 83,
}


def long_functions(tree, path):
    """{path:qualname: lines} of the functions in the module tree longer
    than MAX_LINES, methods and nested functions by their dotted names."""
    out = {}

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    lines = child.end_lineno - child.lineno + 1
                    if lines > MAX_LINES:
                        out[path + ":" + name] = lines
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return out


def firmware_long_functions():
    root = firmware.firmware_dir()
    out = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(names):
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                rel = os.path.relpath(full, root).replace(os.sep, "/")
                with open(full) as f:
                    out.update(long_functions(ast.parse(f.read()), rel))
    return out


def length_problems(found, allowed):
    """What is wrong with the functions found against the list allowed."""
    out = []
    for key, lines in sorted(found.items()):
        if key not in allowed:
            out.append("%s: %d lines, over %d (split it)" % (key, lines, MAX_LINES))
        elif lines > allowed[key]:
            out.append("%s: %d lines, grew from %d" % (key, lines, allowed[key]))
    for key, lines in sorted(allowed.items()):
        if key not in found:
            out.append("%s: no longer over %d lines: remove it from LONG" % (key, MAX_LINES))
        elif found[key] < lines:
            out.append("%s: now %d lines: lower it in LONG" % (key, found[key]))
    return out


def test_no_new_function_over_80_lines_in_the_firmware():
    assert length_problems(firmware_long_functions(), LONG) == []


def _body(indent):
    return "\n".join(indent + "x = %d" % k for k in range(MAX_LINES))


def test_the_length_check_finds_a_new_a_grown_and_a_split_function():
    src = "def short():\n    pass\n\n\nclass K:\n    def long(self):\n%s\n" % _body(" " * 8)
    src += "\n\ndef outer():\n    def inner():\n%s\n" % _body(" " * 8)
    found = long_functions(ast.parse(src), "m.py")
    n = MAX_LINES
    assert found == {"m.py:K.long": n + 1, "m.py:outer": n + 2, "m.py:outer.inner": n + 1}
    allowed = {"m.py:K.long": n + 1, "m.py:outer": n, "m.py:gone": 90, "m.py:outer.inner": n + 5}
    assert length_problems(found, allowed) == [
        "m.py:outer: %d lines, grew from %d" % (n + 2, n),
        "m.py:gone: no longer over %d lines: remove it from LONG" % n,
        "m.py:outer.inner: now %d lines: lower it in LONG" % (n + 1),
    ]
    del allowed["m.py:K.long"]
    assert length_problems(found, allowed)[0] == "m.py:K.long: %d lines, over %d (split it)" % (
        n + 1,
        n,
    )
