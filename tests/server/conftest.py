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


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return "sqlite:///" + str(tmp_path / "server.sqlite3")
    pg = request.getfixturevalue("postgres")
    return pg.new_database()


@pytest.fixture
def server(db_url, tmp_path):
    s = Server(db_url, str(tmp_path)).start()
    yield s
    s.stop()


@pytest.fixture
def make_server(db_url, tmp_path):
    """Servers on the test's database, started by the test (stopped at its end)."""
    made = []

    def make(extra=()):
        s = Server(db_url, str(tmp_path), extra)
        made.append(s)
        return s

    yield make
    for s in made:
        s.stop()


@pytest.fixture
def players(server):
    return Player(server), Player(server)
