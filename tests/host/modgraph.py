"""The firmware's import graph, read from its sources with ast: every import
statement, at the top of a module or inside a function, the command
modules the command table names (fireboard.links_commands loads them by
name), and the modules of the jobs a module runs (fireboard.mem.run("job"):
the table fireboard.mem.jobs names them: each step's module)."""

import ast
import os
import re

from fireice_tools import firmware


def name_of(rel):
    """The module a source file is: "fireboard/sense_digital.py" ->
    "fireboard.sense_digital", "fireice/__init__.py" -> "fireice"."""
    name = rel[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def modules():
    """{module name: source file} of every firmware module."""
    return {name_of(rel): rel for rel in firmware.sources()}


def imports(rel, known=None):
    """The firmware modules that source file rel imports, with the packages
    each import goes through."""
    known = known or modules()
    with open(os.path.join(firmware.firmware_dir(), rel)) as f:
        text = f.read()
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            bases = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            bases = [node.module] + [node.module + "." + a.name for a in node.names]
        else:
            continue
        for base in bases:
            parts = base.split(".")
            for k in range(1, len(parts) + 1):
                found.add(".".join(parts[:k]))
    for job in jobs_named(text):
        found |= job_modules(job)
    if rel == "fireboard/links_commands.py":
        found |= {"fireboard.links_cmd_" + m for m in re.findall(r" [a-z]+:([a-z]+)\b", text)}
    return {m for m in found if m in known and m != name_of(rel)}


def mem_table():
    """fireboard.mem's namespace, run from its source (it imports only gc
    and sys): its jobs table for the host's checks."""
    path = os.path.join(firmware.firmware_dir(), "fireboard", "mem.py")
    with open(path) as f:
        space = {"__name__": "mem_table"}
        exec(compile(f.read(), path, "exec"), space)
    return space


def jobs_named(text, calls=("run",)):
    """The job names a source passes to fireboard.mem's run (or to the
    functions named in calls): a string constant as the first argument of
    a call of run or mem.run, or either string of a conditional there."""
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
            arg = node.args[0]
            if name in calls and isinstance(arg, ast.Constant):
                out.append(arg.value)
            elif name in calls and isinstance(arg, ast.IfExp):
                out += [v.value for v in (arg.body, arg.orelse) if isinstance(v, ast.Constant)]
    return out


def job_modules(job, table=None):
    """The modules the job named loads for its steps (each step's module;
    what a step's module imports is that module's own edge)."""
    spec = (table or mem_table())["jobs"](job)
    return {step[0] for step in spec[1:]}


def graph():
    """{module: the firmware modules it imports}."""
    known = modules()
    return {name: imports(rel, known) for name, rel in known.items()}


def cycles(g):
    """The import cycles of graph g, each as a list of modules (strongly
    connected components of more than one module, or a module importing
    itself)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in g.get(v, ()):
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out
