"""The game server with its pages, for the pages' tests: a real server
process on 127.0.0.1 (a free port), on a SQLite file of the test's own."""

import contextlib
import selectors
import signal
import subprocess
import sys
import urllib.request


def server_command(tmp_path):
    """`fireice server` on a free port and a SQLite file of the test's own."""
    db = "sqlite:///" + str(tmp_path / "server.sqlite3")
    return [sys.executable, "-m", "fireice_tools.cli", "server", "--port", "0", "--db", db]


@contextlib.contextmanager
def start_pages_server(tmp_path):
    """Yield the server's base URL (no trailing slash); stop it after."""
    p = subprocess.Popen(
        server_command(tmp_path) + ["--gone-after", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        sel = selectors.DefaultSelector()
        sel.register(p.stdout, selectors.EVENT_READ)
        url = None
        lines = []
        while url is None:
            assert sel.select(timeout=60), "the server printed no address: %s" % lines
            line = p.stdout.readline()
            assert line, "the server stopped: %s" % lines
            lines.append(line)
            for word in line.split():
                if word.startswith("http://127.0.0.1:"):
                    url = word.rstrip("/")
        with urllib.request.urlopen(url + "/", timeout=10) as r:
            assert r.status == 200
        yield url
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
