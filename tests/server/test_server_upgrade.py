"""An upgrade of a populated database: the first schema (0001, with the
mail branch) filled with an account, its token, a game in progress with
its moves and events, a challenge and an e-mail address; then the server
starts, which migrates to every head. Everything is still there and
works: the old token (now of the "all" scope), the game (its flag time
from its deadline), the address. On SQLite and on PostgreSQL."""

import asyncio
import hashlib
import json
import time

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import create_async_engine
from srvtest import PASSWORD, Player

from fireice_server import db as dbmod
from fireice_server import rules, security

TOKEN = "fit_an-old-token-made-before-scopes-existed-000"
SETUP = rules.setup(0, "fire", None)


def _old_schema(sync_conn, now):
    cfg = Config()
    cfg.set_main_option("script_location", dbmod._MIGRATIONS)
    cfg.attributes["connection"] = sync_conn
    command.upgrade(cfg, "0001")
    command.upgrade(cfg, "m001_mail")
    meta = sa.MetaData()
    meta.reflect(sync_conn)
    t = meta.tables
    hashed = security._hasher.hash(PASSWORD)
    for uid, name in ((1, "oldfire"), (2, "oldice")):
        sync_conn.execute(
            t["users"]
            .insert()
            .values(
                id=uid,
                username=name,
                username_lower=name,
                password_hash=hashed,
                created_at=now,
                rating=1500.0,
                rd=350.0,
                vol=0.06,
                games=0,
                event_seq=0,
            )
        )
    sync_conn.execute(
        t["tokens"]
        .insert()
        .values(user_id=1, token_hash=hashlib.sha256(TOKEN.encode()).hexdigest(), created_at=now)
    )
    game = dict(
        id="oldgame1",
        fire_id=1,
        ice_id=2,
        handicap=0,
        handicap_side="fire",
        seed=None,
        setup=SETUP,
        moves="D4-C4",
        ply=1,
        to_move="ice",
        status="started",
        winner=None,
        rated=True,
        days=None,
        clock_limit=600,
        clock_increment=5,
        ftime=600_000,
        itime=600_000,
        fvac=0,
        ivac=0,
        vac_year=0,
        turn_start=now,
        deadline=now + 600,
        created_at=now,
        ended_at=None,
        fire_rating=1500.0,
        ice_rating=1500.0,
        fire_diff=None,
        ice_diff=None,
        event_seq=1,
    )
    sync_conn.execute(t["games"].insert().values(**game))
    sync_conn.execute(t["games"].insert().values(dict(game, id="oldgame2", event_seq=0)))
    sync_conn.execute(
        t["moves"].insert().values(game_id="oldgame2", ply=0, move="D4-C4", side="fire", at=now)
    )
    sync_conn.execute(
        t["moves"].insert().values(game_id="oldgame1", ply=0, move="D4-C4", side="fire", at=now)
    )
    body = {"type": "gameState", "moves": "D4-C4", "to_move": "ice", "status": "started"}
    sync_conn.execute(
        t["events"].insert().values(stream="g:oldgame1", seq=1, body=json.dumps(body), at=now)
    )
    sync_conn.execute(
        t["mail_addresses"].insert().values(user_id=1, email="old@example.org", updated_at=now)
    )


async def _populate(url, now):
    engine = create_async_engine(dbmod.async_url(url))
    async with engine.begin() as conn:
        await conn.run_sync(_old_schema, now)
    await engine.dispose()


def test_upgrade_keeps_games_tokens_and_mail(make_server):
    srv = make_server()
    asyncio.run(_populate(srv.db_url, time.time()))
    srv.start()
    old = Player.__new__(Player)
    old.server, old.http = srv, srv.client()
    old.headers = {"Authorization": "Bearer " + TOKEN}
    me = old.get("/api/account")
    assert me.status_code == 200 and me.json()["username"] == "oldfire"
    assert me.json()["scope"] == "all"
    assert old.get("/api/account/email").json() == {"email": "old@example.org"}
    full = old.get("/api/game/oldgame1").json()
    assert full["state"]["moves"] == "D4-C4" and full["state"]["to_move"] == "ice"
    assert full["fromBoard"] == {"fire": False, "ice": False}
    assert 300_000 < full["state"]["itime"] <= 600_000  # the server took a while to start
    # the old game plays on; its seq goes on from the stored events
    r = srv.client().post("/api/token", json={"username": "oldice", "password": PASSWORD})
    ice = {"Authorization": "Bearer " + r.json()["token"]}
    r = srv.client().post("/api/board/game/oldgame1/move/D4-D5?ply=1", headers=ice)
    assert r.status_code == 200, r.text
    assert old.get("/api/game/oldgame1").json()["state"]["ply"] == 2
    # the old token may still do what only a full-scope token may
    assert old.get("/api/challenge").status_code == 200
    # the flag times: oldgame2's came from its deadline by the migration,
    # oldgame1's from the move; the sweeper finds both
    srv.advance(700)
    for gid, winner in (("oldgame2", "fire"), ("oldgame1", "ice")):
        for _ in range(40):
            state = old.get("/api/game/" + gid).json()["state"]
            if state["status"] != "started":
                break
            time.sleep(0.25)
        assert state["status"] == "outoftime" and state["winner"] == winner, (gid, state)
