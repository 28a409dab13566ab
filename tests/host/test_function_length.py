"""Functions that fit a screen (issue 27): no function in firmware/ or
host_tools/ over MAX_LINES lines, except those named in LONG, each with the
length it has today. LONG may only shrink: a new long function fails, a
listed one that grew fails, and one that was split or shortened fails until
its line here is removed or lowered, so that the list always tells the
truth. At most MAX_LONG of them, each a measured hot path whose comment
says so."""

import ast
import os

from fireice_tools import firmware

MAX_LINES = 80
MAX_LONG = 2
# the folders checked, below the repository's top
FOLDERS = ("firmware", "host_tools")

# path:qualified name -> its length in lines (def line to last line)
LONG = {
    # a measured hot path (its comment says so): the colour scan in the
    # timer interrupt, one viper function with no call a sample
    "firmware/fireboard/sense_colour_scan.py:ColourScanner.scan": 83,
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


TOP = os.path.dirname(firmware.firmware_dir())


def python_files():
    """The .py files of FOLDERS, as paths relative to TOP."""
    out = []
    for top in FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(TOP, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for name in sorted(names):
                if name.endswith(".py"):
                    full = os.path.join(folder, name)
                    out.append(os.path.relpath(full, TOP).replace(os.sep, "/"))
    return out


def read(rel):
    with open(os.path.join(TOP, rel)) as f:
        return f.read()


def all_long_functions():
    out = {}
    for rel in python_files():
        out.update(long_functions(ast.parse(read(rel)), rel))
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


def test_no_new_function_over_80_lines_in_the_firmware_and_the_host_tools():
    files = python_files()
    # both folders are read (a wrong TOP would find nothing to check)
    assert "firmware/fireboard/app.py" in files
    assert "host_tools/fireice_tools/device.py" in files
    assert length_problems(all_long_functions(), LONG) == []


def hot_path_said(src, qualname):
    """True when the function qualname of the module source src says, in
    the comment lines just above it (its decorators' too) or in its body,
    that it is a hot path."""
    lines = src.splitlines()
    node = ast.parse(src)
    for name in qualname.split("."):
        node = next(n for n in ast.iter_child_nodes(node) if getattr(n, "name", None) == name)
    first = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
    while first > 0 and lines[first - 1].strip().startswith("#"):
        first -= 1
    return "hot path" in "\n".join(lines[first : node.end_lineno])


def test_the_long_ones_are_few_and_each_a_hot_path_that_says_so():
    assert len(LONG) <= MAX_LONG
    for key in LONG:
        rel, _, qualname = key.partition(":")
        assert hot_path_said(read(rel), qualname), key


def test_the_hot_path_check_wants_the_words():
    src = "class K:\n    # the hot path of the scan\n    @deco\n    def f(self):\n        pass\n"
    src += "\n    def g(self):\n        pass\n"
    assert hot_path_said(src, "K.f")
    assert not hot_path_said(src, "K.g")


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
