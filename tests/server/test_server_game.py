"""Whole games through the API, as players play them: every move judged
by the rules core, refused moves, the record, the ratings."""

import random

from fireice import seeded
from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, move_name

from srvtest import Player, legal, replay, start_game


def illegal_move(game):
    """A move of the right shape that the rules refuse here: onto a taken hole."""
    side = game.to_move
    mine = [h for h in range(49) if game.cells[h] == side]
    for h in mine:
        for t in range(49):
            if t != h and game.cells[t] and (t // 7 == h // 7 or t % 7 == h % 7):
                return move_name(h, t)
    return None


def play_out(fire, ice, gid, rng, refuse_every=3):
    """Play random legal moves to the end, each judged by the server and
    checked against the rules core; every few plies an illegal and an
    out-of-turn move are refused first. Returns the local game."""
    full = fire.get("/api/game/" + gid).json()
    game = Duel(full["setup"], 1)
    by_side = {"fire": fire, "ice": ice}
    played = []
    while game.to_move:
        side = SIDE_NAMES[game.to_move]
        me, them = by_side[side], by_side["ice" if side == "fire" else "fire"]
        if len(played) % refuse_every == 0:
            bad = illegal_move(game)
            if bad:
                r = me.move(gid, bad)
                assert r.status_code == 400 and "not empty" in r.json()["error"], r.text
            r = them.move(gid, legal(game)[0])
            assert r.status_code == 400 and "not your turn" in r.json()["error"], r.text
        m = rng.choice(legal(game))
        r = me.move(gid, m, ply=len(played))
        assert r.status_code == 200, r.text
        game.play_str(m)
        played.append(m)
        state = fire.get("/api/game/" + gid).json()["state"]
        assert state["moves"] == " ".join(played)
        assert state["to_move"] == SIDE_NAMES[game.to_move]
    return game, played


def test_handicap_game_to_the_end(players):
    fire, ice = players
    gid = start_game(fire, ice, handicap=4, handicap_side="fire", days=2)
    full = fire.get("/api/game/" + gid).json()
    assert full["handicap"] == 4 and full["handicap_side"] == "fire"
    # the set-up is the seeded placement recorded with the game: four Fire
    # pegs on four distinct islands other than D, D4 as at every start
    assert full["setup"] == seeded.handicap_position(4, 1, full["seed"])
    extra = [h for h in range(49) if full["setup"][h] == "#" and h != 24]
    assert len(extra) == 4 and len({h // 7 for h in extra}) == 4
    assert all(h // 7 != 3 for h in extra)
    game, played = play_out(fire, ice, gid, random.Random(26))
    state = fire.get("/api/game/" + gid).json()["state"]
    result = {1: "fire", 2: "ice", 3: None}[game.result]
    assert state["status"] == ("draw" if result is None else "won")
    assert state["winner"] == result and state["to_move"] is None
    # a move in the finished game is refused and changes nothing
    r = fire.move(gid, "D4-D5")
    assert r.status_code == 400 and "over" in r.json()["error"]
    assert fire.get("/api/game/" + gid).json()["state"]["moves"] == " ".join(played)


def test_record_replays(players, tmp_path):
    fire, ice = players
    gid = start_game(fire, ice, handicap=2, handicap_side="ice")
    game, played = play_out(fire, ice, gid, random.Random(5), refuse_every=100)
    text = fire.http.get("/api/game/%s/record" % gid).text
    assert '[Fire "%s"]' % fire.name in text and '[Ice "%s"]' % ice.name in text
    assert "[Date " in text and '[Handicap "2"]' in text and '[HandicapSide "ice"]' in text
    summary = replay(text, tmp_path)
    assert summary["error"] is None
    assert summary["result"] == {1: "fire", 2: "ice", 3: "draw"}[game.result]
    assert summary["position"] == game.position()


def test_resigned_record_and_ratings(players, tmp_path):
    fire, ice = players
    gid = start_game(fire, ice)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    r = ice.post("/api/board/game/%s/resign" % gid)
    assert r.status_code == 200, r.text
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["status"] == "resign" and state["winner"] == "fire"
    text = fire.http.get("/api/game/%s/record" % gid).text
    assert '[Termination "resign"]' in text and '[Winner "fire"]' in text
    assert replay(text, tmp_path)["error"] is None
    # Glicko-2 from 1500/350 each: the winner gains what the loser loses
    a, b = fire.get("/api/account").json(), ice.get("/api/account").json()
    assert a["rating"]["rating"] > 1500 > b["rating"]["rating"]
    assert a["rating"]["rating"] - 1500 == 1500 - b["rating"]["rating"]
    assert a["rating"]["rd"] < 350 and a["games"] == 1
    full = fire.get("/api/game/" + gid).json()
    assert full["fire"]["rating"] == a["rating"]["rating"]
    assert full["fire"]["ratingDiff"] > 0 > full["ice"]["ratingDiff"]
    info = fire.http.get("/api/user/" + ice.name).json()
    assert info["rating"] == b["rating"]
    # an unrated game leaves them
    gid2 = start_game(fire, ice, rated=False)
    assert ice.post("/api/board/game/%s/resign" % gid2).status_code == 200
    assert fire.get("/api/account").json()["rating"] == a["rating"]


def test_handicap_counts_in_ratings(server):
    """The handicap side's win gains less than an even game's win."""
    a, b, c, d = (Player(server) for _ in range(4))
    even = start_game(a, b)
    assert b.post("/api/board/game/%s/resign" % even).status_code == 200
    handicap = start_game(c, d, handicap=3)
    assert d.post("/api/board/game/%s/resign" % handicap).status_code == 200
    gain_even = a.get("/api/account").json()["rating"]["rating"] - 1500
    gain_handicap = c.get("/api/account").json()["rating"]["rating"] - 1500
    assert 0 < gain_handicap < gain_even


def test_foreign_and_unknown(players, server):
    fire, ice = players
    stranger = Player(server)
    gid = start_game(fire, ice)
    r = stranger.move(gid, "D4-C4")
    assert r.status_code == 403 and "do not play" in r.json()["error"]
    for path in ("resign", "abort", "claim-victory"):
        assert stranger.post("/api/board/game/%s/%s" % (gid, path)).status_code == 403
    r = fire.move("nosuchgame", "D4-C4")
    assert r.status_code == 404 and "no game" in r.json()["error"]
    assert fire.http.get("/api/game/nosuchgame").status_code == 404
    assert fire.http.get("/api/game/nosuchgame/record").status_code == 404
    r = fire.http.post("/api/board/game/%s/move/D4-C4" % gid)
    assert r.status_code == 401 and "token" in r.json()["error"]
    r = fire.move(gid, "Z9-C4")
    assert r.status_code == 400 and "not a hole" in r.json()["error"]
    assert fire.get("/api/game/" + gid).json()["state"]["moves"] == ""


def test_abort_and_games_list(players):
    fire, ice = players
    gid = start_game(fire, ice)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    r = ice.post("/api/board/game/%s/abort" % gid)
    assert r.status_code == 200, r.text
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["status"] == "aborted" and state["winner"] is None
    gid2 = start_game(ice, fire, color="ice")
    assert fire.move(gid2, "D4-C4", ply=0).status_code == 200
    assert ice.move(gid2, "D4-D5", ply=1).status_code == 200
    r = fire.post("/api/board/game/%s/abort" % gid2)
    assert r.status_code == 400 and "resign" in r.json()["error"]
    games = fire.http.get("/api/games/user/" + fire.name.upper()).json()
    assert [g["id"] for g in games] == [gid2, gid]  # newest first
    assert games[0]["isMyTurn"] is True and games[0]["color"] == "fire"
