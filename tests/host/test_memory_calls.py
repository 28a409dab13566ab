"""Memory work declared in one place (issue 27): the modules a job loads
and drops are named in fireboard.mem's table of jobs, and the board's code
runs a job by its name (mem.run) or ends a part's kept code by its name
(mem.done). forget(), which names modules itself, is called from a few
places only: FORGET_MAX, the sites of today; a new one fails, and one
taken out fails until the number here is lowered. done(), a declared
drop, is bounded the same way (DONE_MAX), so that neither grows back
into game code unnoticed. Every job named in a call exists in the table,
and each of its steps names a function or a value of a firmware module."""

import ast
import os

import modgraph
from fireice_tools import firmware

# forget() outside fireboard/mem.py: the start-up's leaves dropped twice
# (fireboard.board), the command dispatcher's tries (links_commands), the
# hint's code dropped a few modules a pass (track_hinting, 2), and the
# virtual board's soft reset (simboard.start)
FORGET_MAX = 6
# done(name): a part's code (the opponent's, the judge's, the remote's,
# the solver, the moves shown) or a list (the other kind of game's code,
# the record's, the clock's, the command code) dropped where the game
# decides it is no longer needed
DONE_MAX = 10


def calls(text, names):
    """(line, name) of every call of a function named in names, as a bare
    name or an attribute (mem.forget)."""
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
            if name in names:
                out.append((node.lineno, name))
    return out


def firmware_calls(names):
    """{path: [(line, name)]} of the calls outside fireboard/mem.py."""
    out = {}
    for rel in firmware.sources():
        if rel == "fireboard/mem.py":
            continue
        with open(os.path.join(firmware.firmware_dir(), rel)) as f:
            found = calls(f.read(), names)
        if found:
            out[rel] = found
    return out


def test_forget_is_called_from_a_handful_of_places():
    found = firmware_calls(("forget",))
    sites = sum(len(v) for v in found.values())
    assert sites == FORGET_MAX, (sites, found)


def test_done_is_called_from_the_places_counted():
    found = firmware_calls(("done",))
    sites = sum(len(v) for v in found.values())
    assert sites == DONE_MAX, (sites, found)


def test_the_counter_sees_every_form_of_call():
    text = "from fireboard import mem\nmem.forget()\nforget('a', failed=True)\nx.done('b')\n"
    assert calls(text, ("forget",)) == [(2, "forget"), (3, "forget")]
    assert calls(text, ("done",)) == [(4, "done")]
    assert calls("# forget('a') in a comment\n", ("forget",)) == []


def test_every_job_named_is_in_the_table_with_real_steps():
    # every run("job") and done("job") of the firmware names an entry of
    # fireboard.mem.jobs; a job's steps each name a module and a function
    # or value of it; a list names modules (checked on the source: the
    # host loads no firmware module for this)
    table = modgraph.mem_table()
    jobs = table["jobs"]
    named = set()
    for rel in firmware.sources():
        with open(os.path.join(firmware.firmware_dir(), rel)) as f:
            named |= set(modgraph.jobs_named(f.read(), ("run", "done")))
    assert len(named) > 20, named
    known = modgraph.modules()
    for name in sorted(named):
        spec = jobs(name)
        if not isinstance(spec[0], int):
            assert all(m in known for m in spec), (name, spec)
            continue
        assert spec[0] in (1, 2) and len(spec) >= 2, name
        for module, fn, drop in spec[1:]:
            assert module in known and all(m in known for m in drop), (name, module, drop)
            with open(os.path.join(firmware.firmware_dir(), known[module])) as f:
                tree = ast.parse(f.read())
            defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets}
            assert fn in defined, (name, module, fn)
    for name in table["KEEP"]:
        assert name in named, name  # (a kept job that nothing runs)
