"""Alembic migrations of the server's database, run at start-up
(fireice_server.db.migrate); the same revisions serve SQLite and PostgreSQL."""
