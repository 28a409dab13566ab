"""The Fire and Ice game server (`fireice server`, docs/server.md).

Modules, one job each:
  app.py           create_app(db_url, clock=..., ...): the FastAPI app, error
                   format ({"error"}), the body checks (64 KB, UTF-8)
  cli.py           `fireice server` options (add_arguments) and start (run)
  service.py       Service: the game logic, HTTP-free: accounts, tokens, login
                   limits, challenges, move/resign/abort/claim_victory, the end
                   of a game and ratings, events; call it from anything
  routes_*.py      the HTTP routers (account, challenge, game + streams,
                   device pairing, mail)
  device.py        pairing a board: device codes, approval, board:play tokens
  errors.py        ServiceError, a refused request
  deps.py          who is asking (bearer token -> user row) and the token's
                   scope (User: full scope; BoardUser: board:play too)
  models.py        request bodies (pydantic, strict)
  streams.py       NDJSON responses: keep-alive, seq, dropping slow clients
  hub.py           in-process subscriptions and presence; PostgreSQL LISTEN
  db.py            the engine (SQLite / PostgreSQL), write transactions,
                   migrations at start-up (migrations/versions)
  schema.py        the tables (SQLAlchemy Core)
  rules.py         the rules core (fireice) as the server uses it
  views.py         the JSON shapes of games, challenges, users; the record
  clock.py         the one clock (injectable) and the time rules: live
                   clocks, days, vacation while away, the board's clock hold
  glicko.py        Glicko-2 ratings, the handicap's rating offset
  security.py      names, passwords (Argon2id off the event loop), tokens
"""
