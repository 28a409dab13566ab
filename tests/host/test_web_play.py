"""The simulator page as a new player meets it (issue 29), in headless
Chromium: a takeback against the host's engine takes the player's move back
too and puts the pegs back; the prompt on the engine's turn; a game against
the host's engine kept by the page's server; the pegs set up for the
player; wrong colours refused; the fixed default port; hole names, the
flipped board, the rules and "How to play". Screenshots go to the run's
artefacts (tests/chromium.py)."""

import socket
import urllib.error
import urllib.request

import pytest
from chromium import shot

from fireice.geom import START
from test_web import (
    WAIT_MS,
    browser,  # noqa: F401 (a fixture)
    get_state,
    open_page,
    post,
    start_server,
    stop_server,
    wait_body,
    wait_state,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    p, url = start_server("--flash", str(tmp_path_factory.mktemp("flash")))
    try:
        yield url
    finally:
        stop_server(p)


def watch_text(page, element, name):
    # every text element shows from now on, in window[name]
    page.evaluate(
        """([id, name]) => {
        window[name] = [];
        const e = document.getElementById(id);
        new MutationObserver(() => window[name].push(e.textContent))
            .observe(e, {childList: true, characterData: true, subtree: true});
    }""",
        [element, name],
    )


def test_takeback_against_the_host_engine(server, browser):  # noqa: F811
    page, errors = open_page(browser, server)
    # a game against the host's engine, level 5, from the form
    page.select_option("#newMode", "duel")
    page.select_option("#newHandicap", "0")
    page.select_option("#newVs", "ice")
    page.select_option("#newLevel", "5")
    page.click("#btnStart")
    st = wait_state(server, lambda s: s["phase"] == "setup" and s["host_vs"])
    assert st["host_vs"] == {"side": "ice", "level": 5}
    # the page sets the pegs up
    page.click("#btnArrange")
    wait_state(server, lambda s: s["phase"] == "idle" and s["pegs"] == START)
    wait_body(page, "phase", "idle")
    watch_text(page, "hint", "prompts")
    page.fill("#moveInput", "D4-C4")
    page.press("#moveInput", "Enter")
    st = wait_state(server, lambda s: len(s["moves"]) == 2 and s["phase"] == "idle", 30)
    assert st["moves"][1]["by"] == "ice"
    wait_body(page, "moves", "2")
    page.wait_for_function("!document.body.dataset.engine", timeout=WAIT_MS)
    shot(page, "engine_replied.png")
    # on the engine's turn the prompt spoke of the engine, never as if to the player
    prompts = page.evaluate("window.prompts")
    engine = [t for t in prompts if "the engine" in t]
    assert any("the engine is thinking" in t for t in engine), prompts
    assert any("(the engine) plays %s" % st["moves"][1]["move"] in t for t in engine), prompts
    for t in prompts:
        assert "swap it" not in t, t
    after = prompts[prompts.index(engine[0]) :]
    for t in after[: len(engine)]:
        assert "click one of your pegs" not in t and "You hold" not in t, after
        assert "Now fill" not in t, after
    # the record says who played Ice; another page of the server (no
    # storage of its own) sees the same game against the engine
    assert '[Ice "engine level 5"]' in st["record"]
    other = browser.new_context()
    page2 = other.new_page()
    page2.goto(server)
    page2.wait_for_function(
        "document.getElementById('vsText').textContent.includes('level 5, on the host')",
        timeout=WAIT_MS,
    )
    other.close()
    # Takeback: the engine's move and the player's own, the pegs put back
    page.click("#btnUndo")
    wait_state(server, lambda s: not s["moves"] and s["phase"] == "idle" and s["pegs"] == START, 30)
    wait_body(page, "moves", "0")
    page.wait_for_timeout(1500)  # Fire (the player) to move: the engine stays still
    assert get_state(server)["moves"] == []
    shot(page, "taken_back.png")
    page.close()
    assert not errors, errors


def test_pegs_set_up_for_the_player_and_wrong_colours_refused(server, browser):  # noqa: F811
    from fireice_tools import web

    page, errors = open_page(browser, server)
    assert post(server, {"board": "-" * 49})[0] == 200
    # a wrong colour where the lights show what belongs: refused, nothing changes
    assert post(server, {"cmd": "new", "mode": "duel", "handicap": 0})[0] == 200
    wait_state(
        server,
        lambda s: s["phase"] == "setup" and web.hue(s["leds"].get("D4", (0, 0, 0))) == "fire",
    )
    status, answer = post(server, {"put": "D4", "peg": "ice"})
    assert status == 400, answer
    assert answer["error"] == "the board lights D4 for Fire: put a Fire peg there, not an Ice one"
    assert get_state(server)["pegs"] == "-" * 49
    # a two-player game set up by the page; a move typed while the board
    # waits for pegs to be put back (after a takeback): a clear message, and
    # nothing half done
    page.select_option("#newVs", "")
    page.click("#btnStart")
    wait_state(server, lambda s: s["phase"] == "setup" and not s["host_vs"] and not s["moves"])
    page.wait_for_selector("#btnArrange:not([hidden])", timeout=WAIT_MS)
    page.click("#btnArrange")
    wait_state(server, lambda s: s["phase"] == "idle" and s["pegs"] == START)
    wait_body(page, "phase", "idle")
    page.fill("#moveInput", "D4-C4")
    page.press("#moveInput", "Enter")
    wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle")
    page.click("#btnUndo")
    wait_body(page, "phase", "restore")
    page.fill("#moveInput", "C4-C1")
    page.press("#moveInput", "Enter")
    page.wait_for_function(
        "document.getElementById('messages').textContent.includes('waits for pegs to be put back')",
        timeout=WAIT_MS,
    )
    st = get_state(server)
    assert st["hand"] is None and st["phase"] == "restore"
    assert "not None" not in page.inner_text("#messages")
    assert page.inner_text("#btnArrange") == "Put the pegs back for me"
    shot(page, "typed_while_restoring.png")
    page.click("#btnArrange")
    wait_state(server, lambda s: s["phase"] == "idle" and s["pegs"] == START)
    page.wait_for_selector("#btnArrange", state="hidden", timeout=WAIT_MS)
    # a solitaire: the page deals the pegs out (here on an empty board: a
    # full one takes twice the steps, each peg lifted first)
    assert post(server, {"board": "-" * 49})[0] == 200
    assert post(server, {"cmd": "new", "mode": "solitaire", "grade": "any", "seed": 3})[0] == 200
    st = wait_state(server, lambda s: s["mode"] == "solitaire" and s["phase"] == "setup")
    wait_body(page, "phase", "setup")
    page.wait_for_selector("#btnArrange:not([hidden])", timeout=WAIT_MS)
    assert page.inner_text("#btnArrange") == "Set up the pegs for me"
    page.click("#btnArrange")
    st = wait_state(server, lambda s: s["phase"] != "setup", 90)
    assert st["pegs"].count("#") == st["pegs"].count("O") == 14, st["pegs"]
    page.wait_for_selector("#btnArrange", state="hidden", timeout=WAIT_MS)
    shot(page, "set_up_for_me.png")
    page.close()
    assert not errors, errors


def test_the_page_keeps_its_port_and_falls_back_when_taken():
    from fireice_tools import cli, web

    assert cli.build_parser().parse_args(["sim"]).http_port is None  # web.DEFAULT_PORT
    # the default port taken by another program: another one, and a word why
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", web.DEFAULT_PORT))
        holder.listen()
    except OSError:
        pass  # already taken by someone else: the same case
    try:
        httpd = web.bind(None, None)
        try:
            assert httpd.server_address[1] not in (0, web.DEFAULT_PORT)
        finally:
            httpd.server_close()
    finally:
        holder.close()
    httpd = web.bind(None, 0)  # 0: any free port, as asked
    httpd.server_close()


def test_hole_names_flip_rules_and_how_to_play(server, browser):  # noqa: F811
    page, errors = open_page(browser, server)
    assert page.locator("#hole-D4 .coord").is_visible()
    assert page.text_content("#hole-D4 .coord") == "D4"
    shot(page, "coordinates.png")
    page.uncheck("#optCoords")
    assert page.locator("#hole-D4 .coord").is_hidden()
    page.check("#optCoords")
    # Ice at the bottom: island A (top) goes to the bottom, its names upright
    a1, e5 = (page.locator("#hole-%s .hit" % h).bounding_box()["y"] for h in ("A1", "E5"))
    assert a1 < e5
    page.check("#optFlip")
    a1f, e5f = (page.locator("#hole-%s .hit" % h).bounding_box()["y"] for h in ("A1", "E5"))
    assert a1f > e5f
    shot(page, "flipped.png")
    page.reload()  # the choice is kept
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    assert page.is_checked("#optFlip")
    page.uncheck("#optFlip")
    # the rules, served by the page's server when the repository has them
    assert page.get_attribute("#rulesLink", "href") == "/rules"
    try:
        with urllib.request.urlopen(server + "rules", timeout=10) as r:
            assert "Fire" in r.read().decode()
    except urllib.error.HTTPError as e:
        assert e.code == 404 and "rules.md is missing" in e.read().decode()
    # How to play: a picture of a move, on a board of its own
    page.click("#howto summary")
    page.wait_for_selector("#howtoBoard .arrow", timeout=WAIT_MS)
    assert page.locator("#howtoBoard .hole").count() == 49
    assert page.locator("#howto-hole-D4").get_attribute("data-peg") == "fire"
    page.locator("#howto").scroll_into_view_if_needed()
    shot(page, "how_to_play.png")
    page.click("#howto summary")
    # the details' toggle event, which takes the small board away, comes after the click
    page.wait_for_function(
        "document.querySelectorAll('#howtoBoard .hole').length === 0", timeout=WAIT_MS
    )
    page.close()
    assert not errors, errors


def test_layout_record_view_bar_and_form(browser, tmp_path):  # noqa: F811
    from fireice_tools.web import record_text
    from test_web import long_game

    flash = tmp_path / "full"
    flash.mkdir()
    (flash / "game.txt").write_text(record_text("duel", START, "fire", long_game(44), None))
    p, url = start_server("--flash", str(flash))
    try:
        wait_state(url, lambda s: len(s["moves"]) == 44)
        page, errors = open_page(browser, url, 1366, 800)
        wait_body(page, "moves", "44")
        # the New game form within the window, without scrolling
        start = page.locator("#btnStart").bounding_box()
        assert start["y"] + start["height"] <= 800, start
        # every move of the record whole in its cell, not clipped
        clipped = page.evaluate(
            """() => [...document.querySelectorAll('#moves .mv')].filter(e => {
                const li = e.closest('li').getBoundingClientRect();
                const b = e.getBoundingClientRect();
                return e.scrollWidth > e.clientWidth || b.right > li.right + 0.5;
            }).map(e => e.textContent)"""
        )
        assert clipped == [], clipped
        # the record text breaks between moves, never inside one
        page.click(".record summary")
        broken = page.evaluate(
            """() => [...document.querySelectorAll('#recordText .tok')]
                .filter(e => e.getClientRects().length > 1).map(e => e.textContent)"""
        )
        assert page.locator("#recordText .tok").count() > 44 and broken == [], broken
        # the viewing bar leaves the board's holes free
        page.click("#moves [data-ply='3']")
        wait_body(page, "viewing", "3")
        bar = page.locator("#viewBar").bounding_box()
        for name in ("A1", "A2", "A3", "E5", "F6", "G7"):
            h = page.locator("#hole-%s .hit" % name).bounding_box()
            apart = (
                bar["y"] >= h["y"] + h["height"]
                or h["y"] >= bar["y"] + bar["height"]
                or bar["x"] >= h["x"] + h["width"]
                or h["x"] >= bar["x"] + bar["width"]
            )
            assert apart, (name, bar, h)
        shot(page, "layout_1366x800_viewing.png")
        page.keyboard.press("Escape")
        # Start keeps the turn card in view
        page.click("#btnStart")
        wait_body(page, "phase", "setup")
        turn = page.locator("#turn").bounding_box()
        assert 0 <= turn["y"] and turn["y"] + turn["height"] <= 800, turn
        # on a phone the form comes right after the board and the turn card
        phone, errors2 = open_page(browser, url, 390, 844)
        form = phone.evaluate("document.getElementById('newForm').getBoundingClientRect().top")
        board = phone.locator("#board").bounding_box()
        assert form < board["y"] + board["height"] + 400, (form, board)
        shot(phone, "layout_phone.png")
        page.close()
        phone.close()
        assert not errors and not errors2, errors + errors2
    finally:
        stop_server(p)


def test_sounds_the_engine_move_glides_and_a_position_link(server, browser):  # noqa: F811
    import json
    from urllib.parse import quote

    from test_web import ENDGAME

    page, errors = open_page(browser, server)
    assert post(server, {"board": "-" * 49})[0] == 200
    # a link opens a position as a new game (the address then loses it,
    # so that a reload does not start it again)
    page.goto(server + "?position=" + quote(ENDGAME) + "&to_move=fire")
    st = wait_state(server, lambda s: s["phase"] == "setup" and s["target"] == ENDGAME)
    assert page.evaluate("location.search") == ""
    page.wait_for_selector("#btnArrange:not([hidden])", timeout=WAIT_MS)
    page.click("#btnArrange")
    wait_state(server, lambda s: s["phase"] == "idle" and s["pegs"] == ENDGAME, 30)
    wait_body(page, "phase", "idle")
    want = "?position=" + quote(ENDGAME, safe="-") + "&to_move=fire"
    page.wait_for_function(
        "w => document.getElementById('positionLink').href.endsWith(w)", arg=want, timeout=WAIT_MS
    )
    # sounds switched off: a move makes none
    page.uncheck("#optSound")
    count = page.evaluate("document.body.dataset.soundCount || '0'")
    page.fill("#moveInput", "D1-D2")
    page.press("#moveInput", "Enter")
    wait_body(page, "moves", "1")
    assert page.evaluate("document.body.dataset.soundCount || '0'") == count
    page.check("#optSound")
    # the engine's move glides from hole to hole, with a sound
    assert post(server, {"board": "-" * 49})[0] == 200
    msg = {"cmd": "new", "position": ENDGAME, "to_move": "ice", "vs": "ice", "level": 4}
    assert post(server, msg)[0] == 200
    wait_state(server, lambda s: s["phase"] == "setup" and s["target"] == ENDGAME)
    page.wait_for_selector("#btnArrange:not([hidden])", timeout=WAIT_MS)
    page.click("#btnArrange")
    st = wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle", 30)
    wait_body(page, "animated", st["moves"][0]["move"])
    wait_body(page, "sound", "move")
    page.wait_for_function("!document.body.dataset.engine", timeout=WAIT_MS)
    with urllib.request.urlopen(server + "coach?level=2", timeout=30) as r:
        win = json.loads(r.read())["move"]
    page.fill("#moveInput", win)
    page.press("#moveInput", "Enter")
    wait_body(page, "result", "fire")
    wait_body(page, "sound", "win")
    page.close()
    assert not errors, errors


def test_analysis_graph_has_axes_a_level_and_progress_and_the_hint_an_arrow(
    server,
    browser,  # noqa: F811
):
    from test_web import ENDGAME, new_position, position_of

    page, errors = open_page(browser, server)
    # the hint: lit on the board and drawn as an arrow
    new_position(server, ENDGAME, "fire")
    wait_body(page, "phase", "idle")
    page.click("#btnHint")
    st = wait_state(server, lambda s: s["hint"])
    page.wait_for_selector("#board .arrow[data-move='%s']" % st["hint"], timeout=WAIT_MS)
    shot(page, "hint_arrow.png")
    # a game to analyse, at the level chosen, its progress shown
    pos = position_of("C1 C2 C5 D1 D2 D5 E5 E6 G7", "A1 A2 A5 B1 B2 B5 E1 E2")
    new_position(server, pos, "fire")
    wait_body(page, "phase", "idle")
    page.fill("#moveInput", "E5-E3")
    page.press("#moveInput", "Enter")
    wait_body(page, "result", "ice")
    watch_text(page, "reviewText", "said")
    page.select_option("#reviewLevel", "2")
    page.click("#btnReview")
    page.wait_for_selector("#reviewGraph circle.blunder", timeout=WAIT_MS)
    said = page.evaluate("window.said")
    assert any(t.startswith("The engine (level 2) looks at 1 move") for t in said), said
    assert page.locator("#reviewGraph .axis").count() == 2
    ticks = page.locator("#reviewGraph .tick").all_text_contents()
    assert {"0%", "50%", "100%", "Fire's chance", "1"} <= set(ticks), ticks
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "analysis_axes.png")
    page.close()
    assert not errors, errors


def test_resign_against_the_engine(server, browser):  # noqa: F811
    from test_web import ENDGAME, new_position

    page, errors = open_page(browser, server)
    # Ice (the engine, level 4) to move first: after its move, Fire resigns
    new_position(server, ENDGAME, "ice", vs="ice", level=4)
    wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle", 30)
    page.wait_for_selector("#btnResign:not([hidden])", timeout=WAIT_MS)
    page.click("#btnResign")
    assert page.inner_text("#btnResign") == "Resign? Click again"
    assert get_state(server)["resigned"] is None  # one click asks only
    page.click("#btnResign")
    st = wait_state(server, lambda s: s["resigned"] == "fire")
    assert '[Resigned "fire"]' in st["record"] and "[Result" not in st["record"]
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT_MS)
    assert page.inner_text("#bannerText") == "Ice wins: Fire resigned"
    assert "Ice wins: Fire resigned" in page.inner_text("#turnText")
    # the game is over: a move is refused, and a new game clears it
    page.fill("#moveInput", "D1-D2")
    page.press("#moveInput", "Enter")
    page.wait_for_function(
        "document.getElementById('messages').textContent.includes('The game is over')",
        timeout=WAIT_MS,
    )
    shot(page, "resigned.png")
    status, answer = post(server, {"resign": "ice"})
    assert status == 400 and "no two-player game going on" in answer["error"]
    page.click("#bannerNew")
    wait_state(server, lambda s: s["resigned"] is None and s["phase"] == "setup")
    page.close()
    assert not errors, errors


def test_one_page_carries_out_each_engine_move(server):
    from test_web import ENDGAME, new_position

    new_position(server, ENDGAME, "fire")

    def ask(name):
        try:
            with urllib.request.urlopen(server + "coach?level=1&claim=" + name, timeout=30) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    assert ask("pageA")[0] == 200
    status, body = ask("pageB")  # another page open on the same game
    assert status == 409 and b"another page carries out the engine's move" in body
    assert ask("pageA")[0] == 200  # the first page keeps it
