"""The database: an async SQLAlchemy engine on SQLite (aiosqlite) or
PostgreSQL (asyncpg), the migrations run at start-up, and the one way the
service writes: `async with db.write() as conn`, a transaction that holds
the database's write lock where it needs one.

SQLite: every write transaction starts with BEGIN IMMEDIATE (the file's
write lock, taken at once, so two transactions never both read and then
both write), behind an asyncio lock so that one process's writers queue
here rather than spin on the busy timeout. WAL journal, synchronous=FULL:
a commit is on disk before it returns, so an acknowledged move survives a
SIGKILL or a power cut.

PostgreSQL: READ COMMITTED transactions; the service locks the rows it
changes (SELECT ... FOR UPDATE on the game), which serialises the moves of
one game across processes."""

import asyncio
import contextlib
import os
from pathlib import Path

import platformdirs
from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

_MIGRATIONS = str(Path(__file__).parent / "migrations")


def default_url():
    """A SQLite file in the user's data directory."""
    folder = Path(platformdirs.user_data_dir("fireice"))
    folder.mkdir(parents=True, exist_ok=True)
    return "sqlite:///" + str(folder / "server.sqlite3")


def async_url(url):
    """The URL with its async driver: sqlite -> aiosqlite, postgresql -> asyncpg."""
    u = make_url(url)
    backend = u.get_backend_name()
    if backend == "sqlite":
        return u.set(drivername="sqlite+aiosqlite")
    if backend in ("postgresql", "postgres"):
        return u.set(drivername="postgresql+asyncpg")
    raise ValueError("--db: %s is neither a sqlite:/// nor a postgresql:// URL" % url)


class Database:
    def __init__(self, url):
        self.url = async_url(url)
        self.sqlite = self.url.get_backend_name() == "sqlite"
        if self.sqlite:
            path = self.url.database
            if path and path != ":memory:":
                Path(os.path.dirname(os.path.abspath(path))).mkdir(parents=True, exist_ok=True)
            self.engine = create_async_engine(self.url, connect_args={"timeout": 30})
            _sqlite_setup(self.engine.sync_engine, "BEGIN IMMEDIATE")
            # readers need no write lock: in WAL mode they read a snapshot
            # while a writer works
            self.reader = create_async_engine(self.url, connect_args={"timeout": 30})
            _sqlite_setup(self.reader.sync_engine, "BEGIN")
        else:
            self.engine = create_async_engine(self.url, pool_size=10, max_overflow=20)
            self.reader = self.engine
        self._write_lock = asyncio.Lock()

    @property
    def postgres(self):
        return not self.sqlite

    def dsn(self):
        """The plain postgresql:// DSN (for the LISTEN connection)."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=False)

    @contextlib.asynccontextmanager
    async def write(self):
        """A write transaction: committed when the block ends without an
        exception (and only then is anything acknowledged), rolled back
        otherwise."""
        if self.sqlite:
            async with self._write_lock:
                async with self.engine.begin() as conn:
                    yield conn
        else:
            async with self.engine.begin() as conn:
                yield conn

    @contextlib.asynccontextmanager
    async def read(self):
        async with self.reader.connect() as conn:
            yield conn

    async def migrate(self):
        """Bring the schema to the newest revision (several processes may
        start at once: on PostgreSQL an advisory lock lets one at a time)."""
        async with self.write() as conn:
            if self.postgres:
                await conn.execute(text("SELECT pg_advisory_xact_lock(260026)"))
            await conn.run_sync(_upgrade)

    async def close(self):
        await self.engine.dispose()
        if self.reader is not self.engine:
            await self.reader.dispose()


def _upgrade(sync_conn):
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", _MIGRATIONS)
    cfg.attributes["connection"] = sync_conn
    command.upgrade(cfg, "head")


def _sqlite_setup(sync_engine, begin_sql):
    @event.listens_for(sync_engine, "connect")
    def _connect(dbapi_conn, record):
        # let SQLAlchemy's begin event issue BEGIN itself (the driver's own
        # deferred BEGIN would take the write lock only at the first write)
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(sync_engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql(begin_sql)
