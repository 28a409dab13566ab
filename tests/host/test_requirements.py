"""`make sim` installs only what the tools run on: every package the
`fireice` command imports (host_tools/, and the firmware's CPython side)
is pinned in requirements.txt, and the development tools are not there
but in requirements-dev.txt, which takes in the runtime set."""

import ast
import glob
import importlib.metadata
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEV_ONLY = ("pytest", "mypy", "ruff", "skidl", "playwright", "mkdocs", "mkdocs-material")


def pins(name):
    """{distribution name (normalised): version} of a requirements file,
    with the files it takes in (-r)."""
    out = {}
    path = os.path.join(ROOT, name)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line.startswith("-r "):
                out.update(
                    pins(os.path.relpath(os.path.join(os.path.dirname(path), line[3:]), ROOT))
                )
            elif line:
                dist, _, version = line.partition("==")
                assert version, "%s: %s is not pinned" % (name, line)
                out[normal(dist)] = version
    return out


def normal(dist):
    return re.sub(r"[-_.]+", "-", dist).lower()


def imported_modules():
    """The top-level modules the tools' code imports (anywhere in a file)."""
    files = glob.glob(os.path.join(ROOT, "host_tools", "fireice_tools", "*.py"))
    files += glob.glob(os.path.join(ROOT, "firmware", "cpython", "*.py"))
    out = set()
    for path in files:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
    return out


def test_what_the_tools_import_is_in_the_runtime_set():
    runtime = pins("requirements.txt")
    dists = importlib.metadata.packages_distributions()
    ours = {"fireice", "fireboard", "simboard", "fireice_tools", "fireice_server", "micropython"}
    missing = []
    for module in sorted(imported_modules() - ours - set(sys.stdlib_module_names)):
        for dist in dists.get(module, []):
            if normal(dist) not in runtime:
                missing.append("%s (import %s)" % (dist, module))
        if module not in dists:
            # a MicroPython-only module the firmware's CPython side never
            # loads (machine, vfs...) has no distribution: it is not ours to pin
            assert module in {"machine", "vfs", "rp2", "neopixel", "_thread"}, module
    assert not missing, "not in requirements.txt: %s" % ", ".join(missing)


def test_the_development_tools_are_only_in_the_development_set():
    runtime, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    for dist in DEV_ONLY:
        assert dist not in runtime, dist
        assert dist in dev, dist
    # the development set takes in the runtime set, at the same versions
    for dist, version in runtime.items():
        assert dev.get(dist) == version, dist


def test_the_makefile_installs_the_runtime_set_for_sim_and_play():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    assert re.search(r"^sim: \$\(RUN_STAMP\)$", text, re.M)
    assert re.search(r"^play: \$\(RUN_STAMP\)$", text, re.M)
    assert re.search(r"^test: \$\(STAMP\)", text, re.M)
    rule = re.search(r"^\$\(RUN_STAMP\):.*?(?=^\S)", text, re.M | re.S).group(0)
    assert "-r requirements.txt" in rule and "requirements-dev" not in rule
    rule = re.search(r"^\$\(STAMP\):.*?(?=^\S)", text, re.M | re.S).group(0)
    assert "-r requirements-dev.txt" in rule
