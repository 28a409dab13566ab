"""`fireice remote`: play on a game server from the terminal, the way the
play-by-mail server's players did (docs/remote.md).

    fireice remote login URL
    fireice remote challenge [--handicap N] [--days N | --clock L+I] USER
    fireice remote accept ID / decline ID
    fireice remote games
    fireice remote show GAME
    fireice remote move GAME F6-C6

`login` keeps the server's address and the token in the user's config
directory (readable by the user alone); the other commands use them.
"""

import getpass
import json
import os
import sys

from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, FireIceError, move_name, parse_position, position_str
from fireice.notation import parse_move
from fireice_tools import pbmart
from fireice_tools.apiclient import ApiError, Client, ServerDown

DEFAULT_DAYS = 3
RUNNING = ("created", "started")


class RemoteError(Exception):
    """Something the user must put right; the message says what."""


def config_path():
    env = os.environ.get("FIREICE_REMOTE_CONFIG")
    if env:
        return env
    import platformdirs

    return os.path.join(platformdirs.user_config_dir("fireice", False), "remote.json")


def save_config(conf):
    """Written whole (a new file, then a rename) with mode 0600: the token
    is as good as the password for this server."""
    path = config_path()
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    tmp = path + ".new"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # also when an old .new file was there
        os.write(fd, (json.dumps(conf, indent=1) + "\n").encode())
    finally:
        os.close(fd)
    os.replace(tmp, path)
    return path


def load_config():
    path = config_path()
    try:
        with open(path, encoding="utf-8") as f:
            conf = json.load(f)
    except FileNotFoundError:
        raise RemoteError("not logged in: fireice remote login URL first")
    except (OSError, ValueError) as e:
        raise RemoteError("cannot read %s (%s): log in again" % (path, e))
    if not isinstance(conf, dict) or not all(
        isinstance(conf.get(k), str) for k in ("url", "token", "username")
    ):
        raise RemoteError("%s is not a login this command wrote: log in again" % path)
    return conf


def client():
    conf = load_config()
    return Client(conf["url"], conf["token"]), conf["username"]


def _ask_password(prompt):
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline()  # a password piped in (scripts, tests)
    return line.rstrip("\r\n")


def cmd_login(args):
    try:
        api = Client(args.url)
    except ValueError as e:
        raise RemoteError(str(e))
    username = args.username
    if not username:
        sys.stdout.write("username: ")
        sys.stdout.flush()
        username = sys.stdin.readline().strip()
    if not username:
        raise RemoteError("no username given")
    password = _ask_password("password: ")
    try:
        answer = api.request("POST", "/api/token", {"username": username, "password": password})
    except ApiError as e:
        if e.status == 401:
            raise RemoteError("%s refused the login: %s" % (api.url, e.message))
        raise
    path = save_config({"url": api.url, "username": username, "token": answer["token"]})
    print("logged in to %s as %s (the token is in %s)" % (api.url, username, path))
    return 0


def cmd_logout(args):
    api, _ = client()
    try:
        api.request("DELETE", "/api/token")
    except ApiError as e:
        print("fireice remote: the server did not revoke the token: %s" % e.message)
    os.remove(config_path())
    print("logged out")
    return 0


def parse_clock(text):
    """'300+5' -> {"limit": 300, "increment": 5} (seconds)."""
    limit, sep, inc = text.partition("+")
    try:
        out = {"limit": int(limit), "increment": int(inc) if sep else 0}
    except ValueError:
        raise RemoteError("--clock takes LIMIT+INCREMENT in seconds, such as 300+5, not %r" % text)
    if out["limit"] <= 0 or out["increment"] < 0:
        raise RemoteError("--clock: the limit must be over 0 and the increment 0 or more")
    return out


def cmd_challenge(args):
    api, _ = client()
    body = {"handicap": args.handicap, "color": args.color, "rated": not args.casual}
    if args.handicap_side:
        body["handicap_side"] = args.handicap_side
    if args.clock:
        body["clock"] = parse_clock(args.clock)
    else:
        body["days"] = args.days if args.days is not None else DEFAULT_DAYS
    answer = api.request("POST", "/api/challenge/%s" % args.user, body)
    what = "a clock of %s" % args.clock if args.clock else "%d days a move" % body["days"]
    print("challenge %s sent to %s (%s)" % (answer["id"], args.user, what))
    return 0


def cmd_answer(args):
    api, _ = client()
    api.request("POST", "/api/challenge/%s/%s" % (args.id, args.answer))
    print("challenge %s: %s" % (args.id, "accepted" if args.answer == "accept" else "declined"))
    return 0


def _name(who):
    """A player as the server gives one: {"name": ...} in a game, the bare
    name in a list of games."""
    return who.get("name", "?") if isinstance(who, dict) else str(who or "?")


def _names(game):
    return _name(game.get("fire")), _name(game.get("ice"))


def _state(game):
    state = game.get("state")
    return state if isinstance(state, dict) else game


def my_side(game, me):
    fire, ice = _names(game)
    if fire.lower() == me.lower():
        return "fire"
    if ice.lower() == me.lower():
        return "ice"
    return None


def turn_text(game, me):
    """Whose turn it is, or how the game ended, as the games list says it."""
    state = _state(game)
    status = state.get("status", game.get("status"))
    fire, ice = _names(game)
    if status in RUNNING:
        to_move = state.get("to_move")
        if not to_move:
            return status
        if to_move == my_side(game, me):
            return "your turn (%s)" % to_move
        return "%s's turn (%s)" % (fire if to_move == "fire" else ice, to_move)
    winner = state.get("winner", game.get("winner"))
    if winner:
        name = fire if winner == "fire" else ice
        return "%s: %s won%s" % (status, name, " (you)" if my_side(game, me) == winner else "")
    return status or "?"


def _terms(x):
    """A game's or challenge's time and handicap, in a few words."""
    out = "%s days" % x["days"] if x.get("days") else _clock_text(x.get("clock"))
    if x.get("handicap"):
        out += ", handicap %s for %s" % (x["handicap"], x.get("handicap_side", "fire"))
    return out


def cmd_games(args):
    api, me = client()
    # the challenges first: this request also checks the token
    open_ = api.request("GET", "/api/challenge") or {}
    for c in open_.get("in", []):
        print(
            "challenge %s from %s (%s, they play %s): fireice remote accept %s"
            % (c["id"], _name(c.get("challenger")), _terms(c), c.get("color"), c["id"])
        )
    for c in open_.get("out", []):
        print(
            "challenge %s to %s (%s): waiting for them"
            % (c["id"], _name(c.get("destUser")), _terms(c))
        )
    games = api.request("GET", "/api/games/user/%s" % me)
    if isinstance(games, dict):
        games = games.get("games", [])
    shown = [g for g in games if args.all or _state(g).get("status") in RUNNING]
    if not shown:
        print("no games%s" % ("" if args.all else " in progress (--all for the finished ones)"))
        return 0
    for g in shown:
        fire, ice = _names(g)
        print(
            "%s  %s (#) vs %s (O)  %s  %s" % (g.get("id"), fire, ice, _terms(g), turn_text(g, me))
        )
    return 0


def _clock_text(clock):
    if not isinstance(clock, dict):
        return "-"
    return "%s+%s" % (clock.get("limit"), clock.get("increment"))


def replay(game):
    """The game's Duel after its moves, from its set-up."""
    state = _state(game)
    setup = game.get("setup")
    try:
        duel = Duel(parse_position(setup), 1)
        for m in (state.get("moves") or "").split():
            duel.play(*parse_move(m))
    except (FireIceError, TypeError) as e:
        raise RemoteError("the server sent a game this tool cannot follow: %s" % e)
    return duel


def show_text(game, me):
    duel = replay(game)
    fire, ice = _names(game)
    state = _state(game)
    moves = (state.get("moves") or "").split()
    lines = [
        "game %s: %s (Fire, #) vs %s (Ice, O)%s"
        % (
            game.get("id"),
            fire,
            ice,
            ", handicap %s" % game["handicap"] if game.get("handicap") else "",
        ),
        "",
        pbmart.draw(position_str(duel.cells)),
        "",
        "moves: %s" % (" ".join(moves) if moves else "none yet"),
    ]
    if game.get("days"):
        lines.append("time: %s days a move" % game["days"])
    elif isinstance(game.get("clock"), dict):
        left = [state.get("ftime"), state.get("itime")]
        lines.append(
            "clock: %s; Fire %s, Ice %s left"
            % (_clock_text(game["clock"]), _seconds(left[0]), _seconds(left[1]))
        )
    lines.append(turn_text(game, me))
    return "\n".join(lines)


def _seconds(ms):
    if not isinstance(ms, (int, float)):
        return "?"
    s = int(ms // 1000)
    return "%d:%02d" % (s // 60, s % 60)


def cmd_show(args):
    api, me = client()
    game = api.request("GET", "/api/game/%s" % args.game)
    print(show_text(game, me))
    return 0


def cmd_move(args):
    try:
        frm, to = parse_move(args.move)
    except FireIceError as e:
        raise RemoteError("%s is not a move: %s (a move is like F6-C6)" % (args.move, e))
    api, me = client()
    game = api.request("GET", "/api/game/%s" % args.game)
    side = my_side(game, me)
    if side is None:
        raise RemoteError("game %s is not yours (%s vs %s)" % ((args.game,) + _names(game)))
    duel = replay(game)
    state = _state(game)
    if state.get("status") not in RUNNING or not duel.to_move:
        raise RemoteError("game %s is over: %s" % (args.game, turn_text(game, me)))
    if SIDE_NAMES[duel.to_move] != side:
        raise RemoteError("it is not your turn in game %s: %s" % (args.game, turn_text(game, me)))
    ply = len((state.get("moves") or "").split())
    try:
        path = "/api/board/game/%s/move/%s" % (args.game, move_name(frm, to))
        api.request("POST", path, params={"ply": ply})
    except ApiError as e:
        if e.status == 409:
            raise RemoteError(
                "game %s moved on while you chose (%s): fireice remote show %s"
                % (args.game, e.message, args.game)
            )
        if e.status == 400:
            raise RemoteError("%s refused in game %s: %s" % (args.move, args.game, e.message))
        raise
    duel.play(frm, to)
    after = "game over" if duel.result else "%s to move" % SIDE_NAMES[duel.to_move]
    print("played %s in game %s (%s)" % (move_name(frm, to), args.game, after))
    return 0


def add_arguments(p):
    sub = p.add_subparsers(dest="remote_command", required=True)
    lg = sub.add_parser("login", help="log in to a game server and keep the token")
    lg.add_argument("url", help="the server, such as http://HOST:PORT")
    lg.add_argument("--username", help="(default: asked)")
    lg.set_defaults(remote_func=cmd_login)
    sub.add_parser("logout", help="revoke the token and forget it").set_defaults(
        remote_func=cmd_logout
    )
    ch = sub.add_parser("challenge", help="challenge a player")
    ch.add_argument("user")
    ch.add_argument("--handicap", type=int, default=0, metavar="N", help="0-6 extra pegs")
    ch.add_argument("--handicap-side", choices=("fire", "ice"), help="who gets them (fire)")
    ch.add_argument(
        "--color", choices=("fire", "ice", "random"), default="random", help="your side"
    )
    when = ch.add_mutually_exclusive_group()
    when.add_argument(
        "--days", type=int, metavar="N", help="correspondence: 1-14 days a move (%d)" % DEFAULT_DAYS
    )
    when.add_argument("--clock", metavar="L+I", help="a live clock: seconds and increment")
    ch.add_argument("--casual", action="store_true", help="not rated")
    ch.set_defaults(remote_func=cmd_challenge)
    for answer in ("accept", "decline"):
        a = sub.add_parser(answer, help="%s a challenge" % answer)
        a.add_argument("id", help="the challenge's id")
        a.set_defaults(remote_func=cmd_answer, answer=answer)
    gm = sub.add_parser("games", help="your games, and whose turn it is")
    gm.add_argument("--all", action="store_true", help="the finished games too")
    gm.set_defaults(remote_func=cmd_games)
    sh = sub.add_parser("show", help="a game's board, as the play-by-mail server drew it")
    sh.add_argument("game")
    sh.set_defaults(remote_func=cmd_show)
    mv = sub.add_parser("move", help="play a move, such as F6-C6")
    mv.add_argument("game")
    mv.add_argument("move")
    mv.set_defaults(remote_func=cmd_move)


def run(args):
    try:
        return args.remote_func(args)
    except RemoteError as e:
        print("fireice remote: %s" % e, file=sys.stderr)
        return 1
    except ServerDown as e:
        print("fireice remote: %s" % e.message, file=sys.stderr)
        return 1
    except ApiError as e:
        if e.status == 401:
            msg = "the server refused your token (%s): fireice remote login URL again" % e.message
        else:
            msg = "the server refused: %s" % e.message
        print("fireice remote: %s" % msg, file=sys.stderr)
        return 1
