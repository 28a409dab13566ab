"""Fixtures of the server's tests: a real `fireice server` process on
127.0.0.1 (a free port) on a temporary SQLite file or on a throw-away
PostgreSQL (srvpg.py), and players that talk to it over HTTP."""

import pytest
from srvpg import Postgres
from srvtest import Player, Server


@pytest.fixture(scope="session")
def postgres():
    pg = Postgres()
    why = pg.start()
    if why:
        pg.stop()
        pytest.skip("no PostgreSQL for the server tests: " + why)
    yield pg
    pg.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def backend(request):
    return request.param


def new_db_url(request, backend, folder):
    """A new, empty database of the backend."""
    if backend == "sqlite":
        return "sqlite:///" + str(folder / "server.sqlite3")
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture(scope="module")
def server(request, backend, tmp_path_factory):
    """One server for the tests of a module (each makes its own players),
    with the module's SERVER_OPTIONS."""
    folder = tmp_path_factory.mktemp("server")
    extra = getattr(request.module, "SERVER_OPTIONS", ())
    s = Server(new_db_url(request, backend, folder), str(folder), extra).start()
    yield s
    s.stop()


@pytest.fixture
def make_server(request, backend, tmp_path):
    """make(extra=(), db_url=None): a server (not started) on a database of
    its own for this test, or on db_url; stopped at the test's end."""
    made = []
    url = new_db_url(request, backend, tmp_path)

    def make(extra=(), db_url=None):
        s = Server(db_url or url, str(tmp_path), extra)
        made.append(s)
        return s

    yield make
    for s in made:
        s.stop()


@pytest.fixture
def players(server):
    return Player(server), Player(server)
