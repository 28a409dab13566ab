"""The game server's web pages in headless Chromium: two players in two
browser contexts sign up, one challenges the other, the other accepts, and
they play a whole game through the game page (moves typed and clicked)
until Fire wins; the record is downloaded from the page. Screenshots of
each step go to the run's artefacts (tests/chromium.py)."""

import re

import pytest

from playwright.sync_api import expect

from fireice import record
from chromium import launched, shot
from pagesrv import start_pages_server

# Fire wins this game from the start on islands A-D-F (as in tests/host/test_web.py)
WIN = (
    "D4-D7 D4-B4 D4-D2 B4-B3 D7-F7 D7-G7 F7-F1 F7-A7 "
    "F1-F6 F1-B1 F6-F3 D4-D3 B4-B2 A7-A4 B2-A2 A4-A6"
).split()
WAIT_MS = 10000

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with start_pages_server(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with launched() as b:
        yield b


def sign_up(page, url, name):
    page.goto(url + "/signup")
    page.fill("#username", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("#submit")
    page.wait_for_url(url + "/")
    assert page.locator("#meLink").inner_text() == name


def wait_moves(page, n):
    expect(page.locator("#game")).to_have_attribute("data-moves", str(n), timeout=WAIT_MS)


def click_move(page, move):
    frm, to = move.split("-")
    page.click("#hole-" + frm)
    expect(page.locator("#hole-" + frm)).to_have_class(re.compile(r"\bselected\b"))
    page.click("#hole-" + to)


def key_move(page, move):
    """A move by the keyboard on the board: focus a hole, Enter."""
    frm, to = move.split("-")
    page.focus("#hole-" + frm)
    page.keyboard.press("Enter")
    expect(page.locator("#hole-" + frm)).to_have_class(re.compile(r"\bselected\b"))
    page.focus("#hole-" + to)
    page.keyboard.press("Enter")


def type_move(page, move):
    page.fill("#moveInput", move.lower().replace("-", " - "))
    page.press("#moveInput", "Enter")


@pytest.fixture(scope="module")
def players(server, browser):
    """alice and bob, signed up, each in a browser context of their own:
    (alice's page, bob's page, the scripts' errors)."""
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in "ab"]
    alice, bob = (c.new_page() for c in contexts)
    errors = []
    for p in (alice, bob):
        p.set_default_timeout(WAIT_MS)
        p.on("pageerror", lambda e: errors.append(str(e)))
        # the pages' own scripts keep to their Content-Security-Policy
        p.on("console", lambda m: "Security Policy" in m.text and errors.append(m.text))
    try:
        sign_up(alice, server, "alice")
        sign_up(bob, server, "bob")
        shot(bob, "1-home.png")
        yield alice, bob, errors
    finally:
        for c in contexts:
            c.close()


def test_two_players_play_a_game_through_the_pages(server, players):
    alice, bob, errors = players
    # alice challenges bob from his page: she plays Fire, 3 days a move
    alice.goto(server + "/player/bob")
    alice.click("#challengeLink")
    assert alice.input_value("#opponent") == "bob"
    alice.check("#colorFire")
    alice.check("#timingDays")
    alice.fill("#days", "3")
    shot(alice, "2-challenge.png")
    alice.click("#send")
    alice.wait_for_url(server + "/?challenged=bob")

    # the challenge reaches bob's open home page through his event stream
    bob.wait_for_selector("li.challenge button[data-act=accept]", timeout=WAIT_MS)
    assert "alice" in bob.locator("li.challenge").inner_text()
    shot(bob, "3-challenged.png")
    bob.click("li.challenge button[data-act=accept]")
    bob.wait_for_url(server + "/game/*")
    game_url = bob.url

    # and the game's start reaches alice's home page
    alice.wait_for_selector("#playing li.game a", timeout=WAIT_MS)
    assert "your turn" in alice.locator("#playing li.game").inner_text()
    alice.click("#playing li.game a")
    alice.wait_for_url(game_url)
    for p, side in ((alice, "fire"), (bob, "ice")):
        wait_moves(p, 0)
        assert p.locator("#game").get_attribute("data-side") == side
        assert p.locator("#game").get_attribute("data-to-move") == "fire"
        assert p.locator("#hole-D4").get_attribute("data-peg") == "fire"
    assert alice.locator("#status").inner_text() == "Your move."

    # an illegal move is refused with the server's reason, and changes nothing
    type_move(alice, "D4-E5")
    expect(alice.locator("#message")).to_contain_text("D4-E5")
    # bob cannot move on Fire's turn
    type_move(bob, "D4-D7")
    expect(bob.locator("#message")).to_contain_text("D4-D7")
    wait_moves(alice, 0)
    assert alice.locator("#hole-D7").get_attribute("data-peg") == ""

    for k, move in enumerate(WIN):
        mover = alice if k % 2 == 0 else bob
        # bob clicks his moves; alice types hers, or picks the holes by
        # the keyboard (every third), or clicks them (every third)
        if mover is bob or k % 6 == 4:
            click_move(mover, move)
        elif k % 6 == 2:
            key_move(mover, move)
        else:
            type_move(mover, move)
        for p in (alice, bob):
            wait_moves(p, k + 1)
        # the opponent's board, moved by the stream, shows the peg arrived
        other = bob if mover is alice else alice
        who = "fire" if k % 2 == 0 else "ice"
        assert other.locator("#hole-" + move[3:]).get_attribute("data-peg") == who
        if k == 5:
            shot(alice, "4-playing.png")

    for p in (alice, bob):
        expect(p.locator("#game")).to_have_attribute("data-winner", "fire", timeout=WAIT_MS)
        assert p.locator("#game").get_attribute("data-status") == "won"
        assert p.locator("#status").inner_text() == "Fire wins."
        assert p.locator("#resign").is_disabled()
    shot(alice, "5-won-fire.png")
    shot(bob, "5-won-ice.png")

    # anyone may watch: a browser signed in as no one sees the same end
    watcher = alice.context.browser.new_context()
    try:
        w = watcher.new_page()
        w.goto(game_url)
        expect(w.locator("#game")).to_have_attribute("data-winner", "fire", timeout=WAIT_MS)
        assert w.locator("#moveForm").count() == 0 and w.locator("#resign").count() == 0
        position = alice.locator("#game").get_attribute("data-position")
        assert w.locator("#game").get_attribute("data-position") == position
    finally:
        watcher.close()

    # the record, downloaded from the page, replays to the same end
    with bob.expect_download() as dl:
        bob.click("#record")
    text = open(dl.value.path(), encoding="utf-8").read()
    rec = record.parse(text)
    assert rec.moves == WIN
    assert rec.get("Fire") == "alice" and rec.get("Ice") == "bob"
    game, error = record.replay(rec)
    assert error is None and game.result == 1 and game.position() == position

    # the games are listed with the result, on the home page and bob's page
    alice.goto(server + "/")
    assert "won" in alice.locator("li.game").first.inner_text()
    bob.goto(server + "/player/alice")
    assert "lost" not in bob.locator("#games").inner_text()
    assert "won" in bob.locator("#games").inner_text()
    # the rated game's winner gained from the 1500 every player starts at
    assert int(bob.locator("#rating").inner_text()) > 1500
    assert errors == []


def test_a_handicap_clock_game_resigned_through_the_pages(server, players):
    alice, bob, errors = players
    # bob challenges alice to a live game: Ice for him, Fire with 2 extra
    # pegs, 1 minute + 2 s, casual
    bob.goto(server + "/challenge")
    bob.fill("#opponent", "alice")
    bob.check("#colorIce")
    bob.fill("#handicap", "2")
    bob.select_option("#handicapSide", "fire")
    bob.check("#timingClock")
    bob.fill("#minutes", "1")
    bob.fill("#increment", "2")
    bob.uncheck("#rated")
    bob.click("#send")
    bob.wait_for_url(server + "/?challenged=alice")
    alice.goto(server + "/")
    assert "1 min + 2 s, handicap 2 for fire" in alice.locator("li.challenge").inner_text()
    alice.click("li.challenge button[data-act=accept]")
    alice.wait_for_url(server + "/game/*")
    bob.wait_for_selector("#playing li.game a")
    bob.click("#playing li.game a")
    bob.wait_for_url(alice.url)
    for p in (alice, bob):
        wait_moves(p, 0)
        assert p.locator("#terms").inner_text() == "1 min + 2 s · handicap 2 for Fire · casual"
        # the handicap's pegs, placed by the server off island D, drawn from the setup
        fire = p.locator(".hole[data-peg=fire]")
        assert fire.count() == 3
        islands = [fire.nth(k).get_attribute("data-hole")[0] for k in range(3)]
        assert islands.count("D") == 1 and len(set(islands)) == 3, islands
        assert p.locator("#pocket-fire").get_attribute("data-count") == "22"
    assert re.fullmatch(r"[01]:[0-5]\d", alice.locator("#clock-fire").inner_text())

    type_move(alice, WIN[0])
    for p in (alice, bob):
        wait_moves(p, 1)
    # Ice's clock runs on both pages, Fire's has the increment
    first = bob.locator("#clock-ice").inner_text()
    assert bob.locator("#clock-ice").get_attribute("class") == "clock running"
    expect(bob.locator("#clock-ice")).not_to_have_text(first)
    assert alice.locator("#clock-fire").get_attribute("class") == "clock"  # stopped
    shot(bob, "6-clock.png")

    bob.once("dialog", lambda d: d.accept())
    bob.click("#resign")
    for p in (alice, bob):
        expect(p.locator("#game")).to_have_attribute("data-status", "resign", timeout=WAIT_MS)
        assert p.locator("#status").inner_text() == "Fire wins (resignation)."
    shot(alice, "7-resigned.png")
    with alice.expect_download() as dl:
        alice.click("#record")
    rec = record.parse(open(dl.value.path(), encoding="utf-8").read())
    assert rec.moves == WIN[:1] and rec.get("Handicap") == "2"
    game, error = record.replay(rec)
    assert error is None and game.position() == alice.locator("#game").get_attribute(
        "data-position"
    )
    assert rec.get("Termination") == "resign" and rec.get("Winner") == "fire"
    alice.goto(server + "/")
    assert "won by resignation" in alice.locator("#done").inner_text()
    shot(alice, "8-home.png")
    assert errors == []
