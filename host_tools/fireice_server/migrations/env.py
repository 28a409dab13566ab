"""Alembic's environment: the server runs the migrations itself on a
connection it opened (fireice_server.db.migrate), passed in the config's
attributes; there is no alembic.ini."""

from alembic import context

from fireice_server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
