"""The web pages' security, over HTTP against a real server: session cookies
HttpOnly and SameSite, forms and cookie-authenticated API calls refused
without the CSRF token or from another site's Origin, signing out revokes
the session, and a player cannot act in another player's game."""

import re

import httpx
import pytest

from pagesrv import start_pages_server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with start_pages_server(tmp_path_factory.mktemp("pages")) as url:
        yield url


def csrf_of(html):
    m = re.search(r'name="csrf" (?:value|content)="([^"]+)"', html)
    assert m, html[:500]
    return m.group(1)


def browser(url):
    return httpx.Client(base_url=url, follow_redirects=False, timeout=20)


def sign_up(url, name):
    """A browser signed up as name: (client, its CSRF token)."""
    c = browser(url)
    token = csrf_of(c.get("/signup").text)
    form = {"csrf": token, "username": name, "password": PASSWORD, "password2": PASSWORD}
    r = c.post("/signup", data=form)
    assert r.status_code == 303, r.text
    return c, csrf_of(c.get("/").text)


def set_cookies(response):
    return {v.split("=", 1)[0]: v for k, v in response.headers.multi_items() if k == "set-cookie"}


def attributes(set_cookie):
    return {a.strip().split("=")[0].lower(): a.strip() for a in set_cookie.split(";")[1:]}


def account(c):
    return c.get("/api/account")


def test_session_cookies_are_httponly_and_samesite(server):
    c = browser(server)
    r = c.get("/signin")
    pre = attributes(set_cookies(r)["fireice_pre"])
    assert "httponly" in pre and pre["samesite"] == "SameSite=Strict"
    form = {"csrf": csrf_of(r.text), "username": "cookie", "password": PASSWORD}
    form["password2"] = PASSWORD
    r = c.post("/signup", data=form)
    assert r.status_code == 303 and r.headers["location"] == "/"
    session = set_cookies(r)["fireice_session"]
    a = attributes(session)
    assert "httponly" in a and a["samesite"] == "SameSite=Lax" and a["path"] == "Path=/"
    # the cookie holds a token of the API (stored hashed by the server)
    token = session.split(";")[0].split("=", 1)[1]
    r = httpx.get(server + "/api/account", headers={"Authorization": "Bearer " + token})
    assert r.status_code == 200 and r.json()["username"] == "cookie"
    # the page never shows the token itself, only the CSRF token derived from it
    home = c.get("/").text
    assert token not in home and csrf_of(home) != token


def test_forms_without_the_csrf_token_are_refused(server):
    c = browser(server)
    c.get("/signup")  # the pre-session cookie, but no token in the form
    form = {"username": "nocsrf", "password": PASSWORD, "password2": PASSWORD}
    r = c.post("/signup", data=form)
    assert r.status_code == 403 and "security token" in r.text
    r = c.post("/signup", data=dict(form, csrf="0" * 40))
    assert r.status_code == 403
    # nothing was made: the account does not exist
    r = httpx.post(server + "/api/token", json={"username": "nocsrf", "password": PASSWORD})
    assert r.status_code == 401

    alice, token = sign_up(server, "csrf_alice")
    sign_up(server, "csrf_bob")
    for form in ({}, {"csrf": ""}, {"csrf": token[:-1] + "x"}):
        r = alice.post("/signout", data=form)
        assert r.status_code == 403
        r = alice.post("/challenge", data=dict(form, opponent="csrf_bob", days="3"))
        assert r.status_code == 403
    assert account(alice).status_code == 200  # still signed in
    # another browser's token does not pass either
    other, other_token = sign_up(server, "csrf_eve")
    assert alice.post("/signout", data={"csrf": other_token}).status_code == 403
    assert account(alice).status_code == 200


def test_another_sites_origin_is_refused(server):
    alice, token = sign_up(server, "origin_alice")
    sign_up(server, "origin_bob")
    evil = {"Origin": "http://evil.example"}
    r = alice.post("/signout", data={"csrf": token}, headers=evil)
    assert r.status_code == 403 and "another site" in r.text
    r = alice.post(
        "/api/challenge/origin_bob",
        json={"days": 3},
        headers=dict(evil, **{"X-CSRF-Token": token}),
    )
    assert r.status_code == 403
    # our own origin passes
    r = alice.post("/signout", data={"csrf": token}, headers={"Origin": server})
    assert r.status_code == 303


def test_the_api_takes_the_cookie_only_with_the_csrf_header(server):
    alice, token = sign_up(server, "api_alice")
    sign_up(server, "api_bob")
    assert account(alice).json()["username"] == "api_alice"  # a GET needs no token
    r = alice.post("/api/challenge/api_bob", json={"days": 3, "color": "fire"})
    assert r.status_code == 403 and "X-CSRF-Token" in r.json()["error"]
    r = alice.post(
        "/api/challenge/api_bob", json={"days": 3, "color": "fire"}, headers={"X-CSRF-Token": token}
    )
    assert r.status_code == 201, r.text


def test_signing_out_revokes_the_session(server):
    alice, token = sign_up(server, "out_alice")
    cookie = alice.cookies["fireice_session"]
    r = alice.post("/signout", data={"csrf": token})
    assert r.status_code == 303
    assert "Max-Age=0" in set_cookies(r)["fireice_session"]
    # the old cookie, kept by someone, no longer works
    r = httpx.get(server + "/api/account", cookies={"fireice_session": cookie})
    assert r.status_code == 401
    r = httpx.get(server + "/api/account", headers={"Authorization": "Bearer " + cookie})
    assert r.status_code == 401


def test_another_players_game_is_refused(server):
    alice, atok = sign_up(server, "own_alice")
    bob, btok = sign_up(server, "own_bob")
    carol, ctok = sign_up(server, "own_carol")
    r = alice.post(
        "/api/challenge/own_bob", json={"days": 3, "color": "fire"}, headers={"X-CSRF-Token": atok}
    )
    cid = r.json()["id"]
    # carol may not accept bob's challenge, by the page's form or the API
    r = carol.post("/challenge/%s/accept" % cid, data={"csrf": ctok})
    assert r.status_code in (403, 404)
    r = carol.post("/api/challenge/%s/accept" % cid, headers={"X-CSRF-Token": ctok})
    assert r.status_code in (403, 404)
    r = bob.post("/challenge/%s/accept" % cid, data={"csrf": btok})
    assert r.status_code == 303
    game = r.headers["location"].rsplit("/", 1)[1]
    # carol can neither move, resign nor abort in it
    for path in ("move/D4-D7?ply=0", "resign", "abort"):
        r = carol.post("/api/board/game/%s/%s" % (game, path), headers={"X-CSRF-Token": ctok})
        assert r.status_code in (403, 404), (path, r.text)
    # nor can bob with alice's CSRF token, nor alice on bob's turn
    r = bob.post("/api/board/game/%s/resign" % game, headers={"X-CSRF-Token": atok})
    assert r.status_code == 403
    r = alice.post("/api/board/game/%s/move/D4-D7?ply=0" % game, headers={"X-CSRF-Token": atok})
    assert r.status_code == 200
    r = alice.post("/api/board/game/%s/move/D4-D2?ply=1" % game, headers={"X-CSRF-Token": atok})
    assert r.status_code == 400
    state = httpx.get(server + "/api/game/" + game).json()["state"]
    assert state["moves"] == "D4-D7" and state["status"] == "started"


def test_pages_need_a_session_and_redirect_only_home(server):
    c = browser(server)
    r = c.get("/challenge")
    assert r.status_code == 303 and r.headers["location"].startswith("/signin")
    r = c.get("/signin", params={"next": "//evil.example/x"})
    assert 'name="next" value="/"' in r.text
    r = c.get("/signin", params={"next": "/challenge"})
    assert 'name="next" value="/challenge"' in r.text


def test_the_challenge_form_shows_the_apis_refusal(server):
    alice, token = sign_up(server, "form_alice")
    sign_up(server, "form_bob")
    form = {"csrf": token, "opponent": "form_bob", "timing": "days", "days": "3"}
    for bad, words in (({"handicap": "7"}, "handicap"), ({"handicap": "abc"}, "handicap")):
        r = alice.post("/challenge", data=dict(form, **bad))
        assert r.status_code == 400 and words in r.text, r.text
        assert 'id="error"' in r.text
    r = alice.post("/challenge", data=dict(form, opponent="nobody_here"))
    assert r.status_code == 404 and 'id="error"' in r.text
    assert alice.get("/api/challenge").json()["out"] == []  # nothing was sent
    r = alice.post("/challenge", data=dict(form, handicap="2", handicap_side="ice"))
    assert r.status_code == 303
    (sent,) = alice.get("/api/challenge").json()["out"]
    assert sent["handicap"] == 2 and sent["handicap_side"] == "ice" and sent["days"] == 3
    # names and text from players are escaped on the pages
    r = alice.get("/player/%3Cscript%3E")
    assert r.status_code == 404 and "<script>" not in r.text


def test_the_board_view_is_the_rules_cores(server):
    """/page/view: the position the game page draws, replayed by the rules
    core; moves that do not replay are refused with the reason."""
    start = "-" * 24 + "#" + "-" * 24
    r = httpx.get(server + "/page/view", params={"setup": start, "moves": "D4-C4 D4-D5"})
    v = r.json()
    assert r.status_code == 200 and v["to_move"] == "fire" and v["last"] == "D4-D5"
    # Fire on C4 (17) and on D4 (24), filled after Ice went from D4 to D5 (25)
    assert v["position"][17] == "#" and v["position"][24] == "#" and v["position"][25] == "O"
    assert v["supply"] == {"fire": 23, "ice": 24}
    for params, reason in (
        ({"setup": "abc"}, "49 characters"),
        ({"setup": "#" * 49}, "only 25"),
        ({"setup": start, "moves": "D4-C4 zz"}, "not a move"),
        ({"setup": start, "moves": "D4-C4 D4-C4"}, "C4 is not empty"),
    ):
        r = httpx.get(server + "/page/view", params=params)
        assert r.status_code == 400 and reason in r.json()["error"], (params, r.text)


def test_challenges_declined_and_canceled_by_the_forms(server):
    alice, atok = sign_up(server, "answer_alice")
    bob, btok = sign_up(server, "answer_bob")
    form = {"csrf": atok, "opponent": "answer_bob", "timing": "days", "days": "2"}
    for act, by, tok in (("decline", bob, btok), ("cancel", alice, atok)):
        assert alice.post("/challenge", data=form).status_code == 303
        (c,) = alice.get("/api/challenge").json()["out"]
        assert 'data-challenge="%s"' % c["id"] in bob.get("/").text  # listed for bob
        # only the right player may: bob cancels nothing of alice's, alice declines nothing
        wrong, wtok = (alice, atok) if by is bob else (bob, btok)
        r = wrong.post("/challenge/%s/%s" % (c["id"], act), data={"csrf": wtok})
        assert r.status_code in (403, 404) and alice.get("/api/challenge").json()["out"]
        r = by.post("/challenge/%s/%s" % (c["id"], act), data={"csrf": tok})
        assert r.status_code == 303 and r.headers["location"] == "/"
        assert alice.get("/api/challenge").json()["out"] == []
    r = bob.post("/challenge/%s/explode" % c["id"], data={"csrf": btok})
    assert r.status_code == 404


def test_device_page_pairs_a_board(server):
    """The /device form: signed in only, with the CSRF token; the board
    then gets its board:play token."""
    r = browser(server).get("/device")
    assert r.status_code == 303 and r.headers["location"].startswith("/signin")
    c, token = sign_up(server, "boardowner")
    code = httpx.post(server + "/api/device/code", json={"name": "hall board"}).json()
    page = c.get("/device")
    assert page.status_code == 200 and 'id="deviceForm"' in page.text
    r = c.post("/device", data={"user_code": code["user_code"]})
    assert r.status_code == 403 and "security token" in r.text
    r = c.post("/device", data={"csrf": token, "user_code": "A1 A2 A3"})
    assert r.status_code == 400 and "four holes" in r.text
    r = c.post("/device", data={"csrf": token, "user_code": code["user_code"].lower()})
    assert r.status_code == 200 and 'id="paired"' in r.text and "hall board" in r.text
    got = httpx.post(server + "/api/device/token", json={"device_code": code["device_code"]})
    assert got.status_code == 200 and got.json()["username"] == "boardowner"
    assert got.json()["scope"] == "board:play"


def test_away_button(server):
    """The home page's vacation card: away and back, with the CSRF token."""
    c, token = sign_up(server, "awayplayer")
    home = c.get("/").text
    assert 'id="awayButton"' in home and "I am away" in home and "7.0 vacation days" in home
    assert c.post("/away", data={"away": "yes"}).status_code == 403
    r = c.post("/away", data={"csrf": token, "away": "yes"})
    assert r.status_code == 303
    home = c.get("/").text
    assert "You are away" in home and "I am back" in home
    assert account(c).json()["away"] is True
    assert c.post("/away", data={"csrf": token, "away": "no"}).status_code == 303
    assert account(c).json()["away"] is False and "I am away" in c.get("/").text
