"""The server's web pages (docs/server-pages.md).

Sign up, sign in and out, challenge a player, the list of my games with
whose turn it is, the game page and a player's page. The pages hold no
game logic and no storage of their own: what they show and do goes through
the server's JSON API, called in-process with the session's token (so a
page sees and may do exactly what the player's own API client would). The
game page's script calls the same API from the browser, with the session
cookie (websession.CookieAuth) and the CSRF header.

The board is drawn by the simulator page's own module, served from the
fireice_tools web folder under /board/: one copy of the board's geometry
and drawing for both pages.

install(app) mounts all of it on the server's app.
"""

import os
from urllib.parse import parse_qs, quote, urlencode

import httpx
import jinja2
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from fireice.duel import Duel
from fireice.geom import RESULT_NAMES, SIDE_NAMES, FireIceError, islands_str
from fireice.notation import parse_move
import fireice_tools
from fireice_server import websession as ws

HERE = os.path.dirname(os.path.abspath(__file__))
# the simulator page's folder: its board.js and board.css are the board's one drawing
BOARD_STATIC = os.path.join(os.path.dirname(os.path.abspath(fireice_tools.__file__)), "web")
MAX_FORM = 16 * 1024
SIDES = ("fire", "ice")
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
)

templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(os.path.join(HERE, "templates")),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


def challenge_terms(c, mine):
    """A challenge in words: the side I would play, the time, the handicap."""
    side = c.get("color", "random")
    if not mine and side in SIDES:
        side = "ice" if side == "fire" else "fire"
    words = ["you play %s" % side]
    if c.get("clock"):
        words.append("%d min + %d s" % (c["clock"]["limit"] // 60, c["clock"]["increment"]))
    else:
        words.append("%s days a move" % c.get("days"))
    if c.get("handicap"):
        words.append("handicap %d for %s" % (c["handicap"], c.get("handicap_side", "fire")))
    words.append("rated" if c.get("rated", True) else "casual")
    return ", ".join(words)


templates.globals["challenge_terms"] = challenge_terms


class PageError(Exception):
    """A refusal that the page shows as it is (status, text)."""

    def __init__(self, status, text):
        Exception.__init__(self, text)
        self.status = status


# --- the session ---------------------------------------------------------------


def secure(request):
    return request.url.scheme == "https"


def session_token(request):
    return request.cookies.get(ws.SESSION_COOKIE)


async def api(request, method, path, body=None, token=None, with_headers=False):
    """The JSON API, in-process: (status, JSON answer). The player's address
    goes with it, so the API's per-address login limits count the browser,
    not the page."""
    client = request.client or ("127.0.0.1", 0)
    transport = httpx.ASGITransport(app=request.app, client=(client[0], client[1]))
    headers = {"Authorization": "Bearer " + token} if token else {}
    async with httpx.AsyncClient(transport=transport, base_url="http://pages") as c:
        r = await c.request(method, path, json=body, headers=headers)
    try:
        answer = r.json()
    except ValueError:
        answer = {"error": r.text[:200]}
    if with_headers:
        return r.status_code, answer, r.headers
    return r.status_code, answer


async def whoami(request):
    """The signed-in player's account ({"username", "rating", ...}) or None."""
    token = session_token(request)
    if not token:
        return None
    status, account = await api(request, "GET", "/api/account", token=token)
    return account if status == 200 else None


def csrf_secret(request):
    """What the CSRF token of this browser derives from: the session, else
    the pre-session cookie."""
    return session_token(request) or request.cookies.get(ws.PRE_COOKIE)


async def read_form(request):
    """The posted form as {name: value}, after the CSRF and Origin checks."""
    if not ws.same_origin(request.scope["headers"], request.url.scheme):
        raise PageError(403, "This form was posted from another site.")
    body = await request.body()
    if len(body) > MAX_FORM:
        raise PageError(413, "The form is too large.")
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True)
    except UnicodeDecodeError:
        raise PageError(400, "The form is not UTF-8.")
    form = {k: v[0] for k, v in fields.items()}
    if not ws.csrf_ok(csrf_secret(request), form.get(ws.CSRF_FIELD)):
        raise PageError(
            403, "The form's security token is missing or out of date: reload the page."
        )
    return form


def render(request, template, me=None, status=200, pre=None, **values):
    secret = pre or csrf_secret(request)
    html = templates.get_template(template).render(
        me=me, csrf=ws.csrf_of(secret) if secret else "", **values
    )
    r = HTMLResponse(html, status_code=status)
    r.headers["Cache-Control"] = "no-store"
    r.headers["X-Frame-Options"] = "DENY"
    # scripts only from our own files: a name or text that slipped past the
    # escaping still could not run
    r.headers["Content-Security-Policy"] = CSP
    r.headers["Referrer-Policy"] = "same-origin"
    if pre:
        r.headers.append("Set-Cookie", ws.pre_cookie(pre, secure(request)))
    return r


def signed_out_form(request, name, status=200, **values):
    """A sign-in or sign-up form: its CSRF token comes from the pre-session
    cookie, made here when the browser has none."""
    pre = request.cookies.get(ws.PRE_COOKIE)
    return render(request, name, status=status, pre=pre or ws.new_pre_secret(), **values)


def to(path):
    return RedirectResponse(path, status_code=303)


def local(path):
    """path when it is one of our own pages, else "/" (no open redirect)."""
    ok = path.startswith("/") and not path.startswith("//") and "\\" not in path
    return path if ok else "/"


def need_signed_in(me):
    if me is None:
        raise PageError(401, "Sign in first.")


# --- sign up, sign in, sign out ---------------------------------------------------


async def signup(request):
    if request.method == "GET":
        return signed_out_form(request, "signup.html", error=None, username="")
    form = await read_form(request)
    username, password = form.get("username", ""), form.get("password", "")
    if password != form.get("password2", ""):
        return signed_out_form(
            request, "signup.html", 400, error="The passwords differ.", username=username
        )
    body = {"username": username, "password": password}
    status, answer = await api(request, "POST", "/api/account", body)
    if status != 201:
        error = answer.get("error", "The account was not made (%d)." % status)
        return signed_out_form(request, "signup.html", status, error=error, username=username)
    return await start_session(request, body, "/")


async def signin(request):
    if request.method == "GET":
        where = local(request.query_params.get("next", "/"))
        return signed_out_form(request, "signin.html", error=None, username="", next=where)
    form = await read_form(request)
    body = {"username": form.get("username", ""), "password": form.get("password", "")}
    return await start_session(request, body, local(form.get("next", "/")))


async def start_session(request, body, where):
    status, answer, headers = await api(request, "POST", "/api/token", body, with_headers=True)
    if status != 200:
        error = answer.get("error", "Signing in failed (%d)." % status)
        r = signed_out_form(
            request, "signin.html", status, error=error, username=body["username"], next=where
        )
        if "retry-after" in headers:  # too many failures: the API's wait
            r.headers["Retry-After"] = headers["retry-after"]
        return r
    r = to(where)
    r.headers.append("Set-Cookie", ws.session_cookie(answer["token"], secure(request)))
    return r


async def signout(request):
    await read_form(request)
    token = session_token(request)
    if token:
        await api(request, "DELETE", "/api/token", token=token)
    r = to("/")
    r.headers.append("Set-Cookie", ws.clear_session_cookie(secure(request)))
    return r


# --- home: my games and challenges -------------------------------------------------


def name_of(player):
    """A player of a game: {"name", ...} in a full game, a name in a list."""
    return player.get("name", "?") if isinstance(player, dict) else player or "?"


def my_side(game, me):
    for side in SIDES:
        if name_of(game.get(side)).lower() == me.lower():
            return side
    return None


def game_line(game, me):
    """A game of a list, as player me sees it: the opponent, the side,
    whose turn it is or how it ended."""
    side = my_side(game, me)
    other = "ice" if side == "fire" else "fire"
    state = game.get("state") or game
    status, to_move, winner = state.get("status"), state.get("to_move"), state.get("winner")
    if status == "started":
        turn = "your turn" if to_move == side else "their turn"
    elif status == "aborted":
        turn = "aborted"
    elif status == "draw":
        turn = "drawn"
    else:
        how = {"resign": " by resignation", "outoftime": " on time"}.get(status, "")
        turn = ("won" if winner == side else "lost") + how
    return {
        "id": game.get("id"),
        "side": side,
        "opponent": name_of(game.get(other)),
        "status": status,
        "turn": turn,
        "mine": status == "started" and to_move == side,
    }


async def read(request, path):
    """A public GET of the API: its answer, or the API's refusal as the page's."""
    status, answer = await api(request, "GET", path)
    if status != 200:
        raise PageError(status, answer.get("error", "%s answered %d" % (path, status)))
    return answer


async def games_of(request, username):
    return await read(request, "/api/games/user/" + quote(username, safe=""))


async def home(request):
    me = await whoami(request)
    if me is None:
        return render(request, "welcome.html")
    games = [game_line(g, me["username"]) for g in await games_of(request, me["username"])]
    playing = [g for g in games if g["status"] in ("created", "started")]
    playing.sort(key=lambda g: not g["mine"])  # my turn first
    done = [g for g in games if g not in playing]
    status, open_ = await api(request, "GET", "/api/challenge", token=session_token(request))
    if status != 200:
        open_ = {}
    return render(
        request,
        "home.html",
        me=me,
        playing=playing,
        done=done,
        incoming=open_.get("in", []),
        outgoing=open_.get("out", []),
    )


async def away(request):
    """The home page's vacation button: away, or back (PUT /api/account/away)."""
    me = await whoami(request)
    need_signed_in(me)
    form = await read_form(request)
    body = {"away": form.get("away") == "yes"}
    status, answer = await api(
        request, "PUT", "/api/account/away", body, token=session_token(request)
    )
    if status != 200:
        raise PageError(status, answer.get("error", "Refused (%d)." % status))
    return to("/")


# --- challenges -------------------------------------------------------------------


def challenge_body(form):
    """The API's challenge from the form's fields. The API judges them."""
    body = {
        "handicap": number(form.get("handicap", "0"), "handicap"),
        "handicap_side": form.get("handicap_side", "fire"),
        "color": form.get("color", "random"),
        "rated": form.get("rated") == "on",
    }
    if form.get("timing") == "clock":
        body["clock"] = {
            "limit": number(form.get("minutes", ""), "minutes") * 60,
            "increment": number(form.get("increment", "0"), "increment"),
        }
    else:
        body["days"] = number(form.get("days", ""), "days")
    return body


def number(text, name):
    try:
        return int(text)
    except ValueError:
        raise PageError(400, "%s is a whole number, not %r." % (name, text))


async def challenge(request):
    me = await whoami(request)
    need_signed_in(me)
    if request.method == "GET":
        opponent = request.query_params.get("to", "")
        return render(request, "challenge.html", me=me, opponent=opponent, error=None)
    form = await read_form(request)
    opponent = form.get("opponent", "").strip()
    try:
        body = challenge_body(form)
    except PageError as e:
        return render(request, "challenge.html", me=me, opponent=opponent, error=str(e), status=400)
    path = "/api/challenge/" + quote(opponent, safe="")
    status, answer = await api(request, "POST", path, body, token=session_token(request))
    if status != 201:
        error = answer.get("error", "The challenge was refused (%d)." % status)
        return render(
            request, "challenge.html", me=me, opponent=opponent, error=error, status=status
        )
    return to("/?challenged=" + quote(opponent))


async def challenge_answer(request):
    """Accept, decline or cancel a challenge from a form (the home page's
    script does the same through the API)."""
    me = await whoami(request)
    need_signed_in(me)
    await read_form(request)
    cid, action = request.path_params["id"], request.path_params["action"]
    if action not in ("accept", "decline", "cancel"):
        raise PageError(404, "A challenge is answered by accept, decline or cancel.")
    path = "/api/challenge/%s/%s" % (quote(cid, safe=""), action)
    status, answer = await api(request, "POST", path, {}, token=session_token(request))
    if status != 200:
        raise PageError(status, answer.get("error", "Refused (%d)." % status))
    return to("/game/%s" % quote(cid) if action == "accept" else "/")


# --- pairing a board -----------------------------------------------------------------


async def device_page(request):
    """The owner enters the four holes the board shows (fireice_server.device)."""
    me = await whoami(request)
    need_signed_in(me)
    if request.method == "GET":
        code = request.query_params.get("code", "")[:40]
        return render(request, "device.html", me=me, code=code, error=None, paired=None)
    form = await read_form(request)
    code = form.get("user_code", "")[:40]
    body = {"user_code": code}
    status, answer = await api(
        request, "POST", "/api/device/approve", body, token=session_token(request)
    )
    if status != 200:
        error = answer.get("error", "The board was not paired (%d)." % status)
        return render(
            request, "device.html", me=me, code=code, error=error, paired=None, status=status
        )
    return render(request, "device.html", me=me, code="", error=None, paired=answer["name"])


# --- the game and a player ------------------------------------------------------------


async def game_page(request):
    me = await whoami(request)
    gid = request.path_params["id"]
    game = await read(request, "/api/game/" + quote(gid, safe=""))
    side = my_side(game, me["username"]) if me else None
    names = {s: (game.get(s) or {}).get("name", "?") for s in SIDES}
    return render(request, "game.html", me=me, game=game, gid=gid, side=side or "", names=names)


async def player_page(request):
    me = await whoami(request)
    name = request.path_params["name"]
    info = await read(request, "/api/user/" + quote(name, safe=""))
    name = info["username"]
    games = [game_line(g, name) for g in await games_of(request, name)]
    return render(request, "player.html", me=me, name=name, info=info, games=games)


async def view(request):
    """The position after a game's moves, by the rules core: what the game
    page draws. ?setup=<49 chars>&moves=D4-C4 D4-D5 (Fire moves first)."""
    q = request.query_params
    moves = q.get("moves", "").split()
    try:
        game = Duel(q.get("setup", ""), 1)
        for text in moves:
            frm, to_hole = parse_move(text)
            why = game.check(frm, to_hole)
            if why:
                raise FireIceError("%s: %s" % (text, why))
            game.push(frm, to_hole)
    except FireIceError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    control = {}
    for s in (1, 2):
        for isl in islands_str(game.control(s)):
            control[isl] = SIDE_NAMES[s]
    return JSONResponse(
        {
            "position": game.position(),
            "supply": {SIDE_NAMES[s]: game.supply(s) for s in (1, 2)},
            "control": control,
            "to_move": SIDE_NAMES[game.to_move],
            "result": RESULT_NAMES[game.result],
            "last": moves[-1] if moves else None,
        }
    )


# --- errors and mounting ----------------------------------------------------------------


def guarded(handler):
    async def page(request):
        try:
            return await handler(request)
        except PageError as e:
            if e.status == 401:
                return to("/signin?" + urlencode({"next": request.url.path}))
            return render(
                request, "error.html", me=await whoami(request), status=e.status, error=str(e)
            )

    return page


ROUTES = [
    Route("/", guarded(home)),
    Route("/signup", guarded(signup), methods=["GET", "POST"]),
    Route("/signin", guarded(signin), methods=["GET", "POST"]),
    Route("/signout", guarded(signout), methods=["POST"]),
    Route("/challenge", guarded(challenge), methods=["GET", "POST"]),
    Route(
        "/challenge/{id}/{action:str}",
        guarded(challenge_answer),
        methods=["POST"],
    ),
    Route("/device", guarded(device_page), methods=["GET", "POST"]),
    Route("/away", guarded(away), methods=["POST"]),
    Route("/game/{id}", guarded(game_page)),
    Route("/player/{name}", guarded(player_page)),
    Route("/page/view", view),
    Mount("/static", StaticFiles(directory=os.path.join(HERE, "static")), name="pagestatic"),
    Mount("/board", StaticFiles(directory=BOARD_STATIC), name="board"),
]


def install(app):
    """Mount the pages on the server's Starlette app, and let its API take
    the session cookie."""
    app.router.routes.extend(ROUTES)
    app.add_middleware(ws.CookieAuth)
