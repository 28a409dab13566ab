"""A throw-away PostgreSQL for the server's tests: Debian's package
(installed with apt-get when missing and we are root), a cluster made
with initdb in a temporary directory and run by pg_ctl as an unprivileged
user (PostgreSQL refuses to run as root), on a free port."""

import glob
import os
import shutil
import socket
import subprocess
import tempfile


def _bin_dir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return os.path.dirname(found[-1]) if found else None


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """start() -> None or the reason it could not; url(db) for a new database."""

    def __init__(self):
        self.dir = None
        self.port = None
        self.bin = None
        self.user = None
        self.n = 0

    def _run(self, args, **kw):
        if self.user:
            args = ["runuser", "-u", self.user, "--"] + args
        return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)

    def start(self):
        self.bin = _bin_dir()
        if self.bin is None and os.geteuid() == 0 and shutil.which("apt-get"):
            subprocess.run(
                ["apt-get", "install", "-y", "--no-install-recommends", "postgresql"],
                capture_output=True,
                timeout=600,
            )
            self.bin = _bin_dir()
        if self.bin is None:
            return "PostgreSQL is not installed and apt-get could not install it"
        self.user = "nobody" if os.geteuid() == 0 else None
        self.dir = tempfile.mkdtemp(prefix="fireice-pg-")
        os.chmod(self.dir, 0o755)
        if self.user:
            shutil.chown(self.dir, self.user)
        data = os.path.join(self.dir, "data")
        r = self._run(
            [
                os.path.join(self.bin, "initdb"),
                "-D",
                data,
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
            ]
        )
        if r.returncode:
            return "initdb failed: %s" % r.stderr.strip()[-500:]
        self.port = _free_port()
        opts = "-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=200" % (
            self.port,
            self.dir,
        )
        r = self._run(
            [
                os.path.join(self.bin, "pg_ctl"),
                "-D",
                data,
                "-o",
                opts,
                "-l",
                os.path.join(self.dir, "log"),
                "-w",
                "start",
            ]
        )
        if r.returncode:
            return "pg_ctl start failed: %s" % (r.stderr or r.stdout).strip()[-500:]
        return None

    def new_database(self):
        self.n += 1
        name = "fireice_t%d" % self.n
        r = self._run(
            [
                os.path.join(self.bin, "psql"),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-c",
                "CREATE DATABASE %s" % name,
            ]
        )
        if r.returncode:
            raise RuntimeError("CREATE DATABASE failed: %s" % r.stderr)
        return "postgresql://postgres@127.0.0.1:%d/%s" % (self.port, name)

    def stop(self):
        if self.dir and self.port:
            self._run(
                [
                    os.path.join(self.bin, "pg_ctl"),
                    "-D",
                    os.path.join(self.dir, "data"),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ]
            )
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
