"""The JSON shapes of the API (docs/server.md) and the game record, built
from table rows (dicts)."""

import time

from fireice_server import clock, rules


def player(user):
    return {"name": user["username"], "rating": round(user["rating"])}


def rating(user):
    return {"rating": round(user["rating"]), "rd": round(user["rd"])}


def user_info(user):
    return {
        "username": user["username"],
        "rating": rating(user),
        "games": user["games"],
        "createdAt": int(user["created_at"] * 1000),
    }


def time_control(row, out):
    if row["days"]:
        out["days"] = row["days"]
    else:
        out["clock"] = {"limit": row["clock_limit"], "increment": row["clock_increment"]}
    return out


def challenge(ch, challenger, dest):
    return time_control(
        ch,
        {
            "id": ch["id"],
            "status": ch["status"],
            "challenger": player(challenger),
            "destUser": player(dest),
            "handicap": ch["handicap"],
            "handicap_side": ch["handicap_side"],
            "color": ch["color"],
            "rated": bool(ch["rated"]),
            "createdAt": int(ch["created_at"] * 1000),
        },
    )


def state(g, now):
    ftime, itime = clock.times_left(g, now)
    return {
        "type": "gameState",
        "moves": g["moves"],
        "ply": g["ply"],
        "to_move": g["to_move"],
        "status": g["status"],
        "winner": g["winner"],
        "ftime": ftime,
        "itime": itime,
        "fromBoard": from_board(g),
    }


def from_board(g):
    """Which sides play from a wooden board (they posted carried)."""
    return {"fire": bool(g["fboard"]), "ice": bool(g["iboard"])}


def game_full(g, fire, ice, now):
    out = {
        "type": "gameFull",
        "id": g["id"],
        "fire": player(fire),
        "ice": player(ice),
        "handicap": g["handicap"],
        "handicap_side": g["handicap_side"],
        "seed": g["seed"],
        "setup": g["setup"],
        "rated": bool(g["rated"]),
        "createdAt": int(g["created_at"] * 1000),
        "fromBoard": from_board(g),
    }
    time_control(g, out)
    if g["fire_diff"] is not None:
        out["fire"]["ratingDiff"] = round(g["fire_diff"])
        out["ice"]["ratingDiff"] = round(g["ice_diff"])
    out["state"] = state(g, now)
    return out


def game_summary(g, fire_name, ice_name, now):
    """A game in a list (GET /api/games/user/..., the event stream)."""
    ftime, itime = clock.times_left(g, now)
    return time_control(
        g,
        {
            "id": g["id"],
            "fire": fire_name,
            "ice": ice_name,
            "status": g["status"],
            "winner": g["winner"],
            "to_move": g["to_move"],
            "ply": g["ply"],
            "handicap": g["handicap"],
            "handicap_side": g["handicap_side"],
            "rated": bool(g["rated"]),
            "ftime": ftime,
            "itime": itime,
            "fromBoard": from_board(g),
            "createdAt": int(g["created_at"] * 1000),
        },
    )


def for_player(summary, side):
    """A game summary as one player sees it (gameStart, gameFinish)."""
    out = dict(summary)
    out["color"] = side
    out["opponent"] = summary["ice"] if side == "fire" else summary["fire"]
    out["isMyTurn"] = summary["status"] == "started" and summary["to_move"] == side
    return out


def record(g, fire_name, ice_name):
    """The game as a record (docs/records.md). Date and Time are when the
    game started, in UTC. A game the moves did not end (a resignation,
    a timeout, an abort) has no Result but a Termination and a Winner."""
    t = time.gmtime(g["created_at"])
    tags = [
        ["Date", time.strftime("%Y.%m.%d", t)],
        ["Time", time.strftime("%H:%M:%S", t)],
        ["Fire", fire_name],
        ["Ice", ice_name],
    ]
    if g["handicap"]:
        tags += [
            ["Handicap", str(g["handicap"])],
            ["HandicapSide", g["handicap_side"]],
            ["Seed", str(g["seed"])],
            ["Setup", g["setup"]],
        ]
    tags.append(["TimeControl", "%d days" % g["days"] if g["days"] else _clock_text(g)])
    status = g["status"]
    if status in ("resign", "outoftime", "aborted"):
        tags.append(["Termination", status])
        if g["winner"]:
            tags.append(["Winner", g["winner"]])
    elif status == "won":
        tags.append(["Result", g["winner"]])
    elif status == "draw":
        tags.append(["Result", "draw"])
    return rules.record_text(tags, g["moves"])


def _clock_text(g):
    return "%d+%d" % (g["clock_limit"], g["clock_increment"])
