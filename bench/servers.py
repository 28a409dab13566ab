"""The game server(s) bench_server.py measures: `fireice server` processes
on 127.0.0.1 at free ports, on a SQLite file in a temporary folder or on a
throw-away PostgreSQL (the server tests' tests/server/srvpg.py); or servers
already running (--url)."""

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "server"))

START_TIMEOUT_S = 120


def _start(db_url, log):
    proc = subprocess.Popen(
        [sys.executable, "-m", "fireice_tools.cli", "server", "--port", "0", "--db", db_url],
        stdout=subprocess.PIPE,
        stderr=open(log, "w"),
        text=True,
    )
    line = []
    t = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
    t.start()
    t.join(START_TIMEOUT_S)
    if not line or "listening on http://" not in line[0]:
        proc.kill()
        with open(log) as f:
            raise SystemExit("the server did not start: %s" % f.read()[-2000:])
    u = urllib.parse.urlsplit(line[0].rsplit(" ", 1)[1].strip())
    return proc, (u.hostname, u.port)


@contextlib.contextmanager
def running(db, processes, urls=None):
    """([(host, port)], [pid]) of the servers, for as long as the block
    runs (no pids for servers already running)."""
    if urls:
        yield [(urllib.parse.urlsplit(u).hostname, urllib.parse.urlsplit(u).port) for u in urls], []
        return
    tmp = tempfile.mkdtemp(prefix="fireice-bench-")
    pg = None
    procs = []
    try:
        if db == "postgresql":
            from srvpg import Postgres

            pg = Postgres()
            why = pg.start()
            if why:
                raise SystemExit("no PostgreSQL: %s" % why)
            url = pg.new_database()
        else:
            url = "sqlite:///" + os.path.join(tmp, "bench.sqlite3")
        addrs = []
        for k in range(processes):
            # one after the other: the first runs the migrations
            proc, addr = _start(url, os.path.join(tmp, "server%d.log" % k))
            procs.append(proc)
            addrs.append(addr)
        yield addrs, [p.pid for p in procs]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if pg:
            pg.stop()
        _report_errors(tmp, processes)
        shutil.rmtree(tmp, ignore_errors=True)


def _report_errors(tmp, processes):
    """The end of each server's log, on standard error, when it logged an
    error (the log goes with the temporary folder)."""
    for k in range(processes):
        try:
            with open(os.path.join(tmp, "server%d.log" % k)) as f:
                text = f.read()
        except OSError:
            continue
        # requests that failed, less the streams cut at the end (uvicorn
        # logs those too when it stops)
        failed = [
            t
            for t in text.split("Exception in ASGI application")[1:]
            if "graceful shutdown exceeded" not in t
        ]
        if failed:
            print(
                "server %d logged %d failed requests; the first:%s"
                % (k, len(failed), failed[0][:4000]),
                file=sys.stderr,
            )


def cpu_s(pids):
    """The CPU time (user and system, s) the processes have used."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, ValueError, IndexError):
            pass
    return total
