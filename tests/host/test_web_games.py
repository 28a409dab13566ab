"""The page's games in (issue 29): a record imported by pasting or from a
file (a bad one named, and nothing lost), the games on the virtual board's
flash, a link to a whole game, free variations with a way back, the
engine's best line as arrows, the analysis followed move by move; and the
move of another page (as a remote opponent's) glides from hole to hole.
In headless Chromium; screenshots go to the run's artefacts
(tests/chromium.py)."""

import pytest
from chromium import shot

from fireice.geom import START
from fireice_tools.web import record_text
from test_web import (
    WAIT_MS,
    browser,  # noqa: F401 (a fixture)
    get_state,
    long_game,
    open_page,
    post,
    start_server,
    stop_server,
    wait_body,
    wait_state,
)
from test_web_play import watch_text

GAME = long_game(20)
RECORD = record_text("duel", START, "fire", GAME, None)


def replay_positions(moves):
    """The position after each move (the rules core), the start first."""
    from fireice.duel import Duel
    from fireice.notation import parse_move

    game = Duel()
    out = [game.position()]
    for m in moves:
        game.push(*parse_move(m["move"]))
        out.append(game.position())
    return out


POSITIONS = replay_positions(GAME)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # a board whose flash keeps two finished games
    flash = tmp_path_factory.mktemp("flash")
    (flash / "games").mkdir()
    (flash / "games" / "0001.txt").write_text(RECORD)
    short = record_text("duel", START, "fire", GAME[:6], None)
    (flash / "games" / "0002.txt").write_text(short)
    p, url = start_server("--flash", str(flash))
    try:
        yield url
    finally:
        stop_server(p)


def request(url, path, body=None):
    # a request of the page's review (webgames): (status, answer)
    return post(url, body, path.lstrip("/"))


def board_position(page):
    # what the page draws in the holes, as 49 characters
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#board .hole'))
            .map((g) => ({fire: '#', ice: 'O'})[g.dataset.peg] || '-').join('')"""
    )


def test_the_record_answers(server):
    # the server's side: a replay, a variation, bad records named, the games
    code, rep = request(server, "/replay", {"text": RECORD})
    assert code == 200 and [m["move"] for m in rep["moves"]] == [m["move"] for m in GAME]
    assert [p["position"] for p in rep["plies"]] == POSITIONS
    code, rep = request(server, "/replay", {"text": RECORD, "ply": 2, "moves": ["C4-C1"]})
    assert code == 400 and "variation move 1, C4-C1" in rep["error"], rep
    bad = RECORD.replace(GAME[5]["move"], "D4-D9", 1)
    code, rep = request(server, "/replay", {"text": bad})
    assert code == 400 and "move 6, D4-D9" in rep["error"], rep
    code, rep = request(server, "/replay", {"text": '[Game "Fire and Ice"\n'})
    assert code == 400 and "line 1" in rep["error"], rep
    code, rep = request(server, "/replay", {"text": "   "})
    assert code == 400 and "empty" in rep["error"], rep
    code, rep = request(server, "/games")
    names = [g["name"] for g in rep["games"]]
    assert "games/0001.txt" in names and "games/0002.txt" in names, names
    assert {g["name"]: g["moves"] for g in rep["games"]}["games/0001.txt"] == 20
    code, rep = request(server, "/game?name=../../etc/passwd")
    assert code == 400 and "no game record" in rep["error"]
    assert get_state(server)["moves"] == []  # nothing of it touched the board's game


def open_games(page):
    page.click("#gamesCard > summary")
    page.wait_for_function("document.body.dataset.games", timeout=WAIT_MS)


def test_import_review_variation_line_and_analysis(server, browser, tmp_path):  # noqa: F811
    page, errors = open_page(browser, server)
    open_games(page)
    # the board's games, as `fireice games` lists them
    items = page.locator("#boardGames [data-game]").all_inner_texts()
    assert "games/0001.txt" in items and "games/0002.txt" in items, items
    # a bad record: named, the text kept, nothing opened
    bad = RECORD.replace(GAME[5]["move"], "D4-D9", 1)
    page.fill("#importText", bad)
    page.click("#btnImport")
    page.wait_for_function("document.body.dataset.importError", timeout=WAIT_MS)
    said = page.inner_text("#importError")
    assert "move 6, D4-D9" in said and "not a hole" in said, said
    assert page.input_value("#importText") == bad
    assert page.evaluate("document.body.dataset.loaded || ''") == ""
    # the same from a file
    path = tmp_path / "broken.txt"
    path.write_text('[Game "Fire and Ice"]\n[Mode "duel"\n')
    page.set_input_files("#importFile", str(path))
    page.wait_for_function(
        "document.getElementById('importError').textContent.includes('line 2')", timeout=WAIT_MS
    )
    assert page.input_value("#importText").startswith('[Game "Fire and Ice"]')
    # a good record pasted: the game shown at its end, the board's own untouched
    page.fill("#importText", RECORD)
    page.click("#btnImport")
    wait_body(page, "loaded", "an imported record")
    wait_body(page, "viewing", "20")
    assert page.locator("#moves [data-ply]").count() == 20
    assert board_position(page) == POSITIONS[20]
    page.click("#moves [data-ply='10']")
    wait_body(page, "viewing", "10")
    assert board_position(page) == POSITIONS[10]
    # a variation from move 10: a peg of the side to move, then a hole
    from fireice.duel import Duel
    from fireice.geom import hole_name
    from fireice.moves import legal_moves
    from fireice.notation import parse_move

    game = Duel()
    for m in GAME[:10]:
        game.push(*parse_move(m["move"]))
    buf = bytearray(600)
    legal_moves(game, buf)
    frm, to = hole_name(buf[0]), hole_name(buf[1])
    page.click("#hole-%s .hit" % frm, force=True)
    page.click("#hole-%s .hit" % to, force=True)
    wait_body(page, "variation", "%s-%s" % (frm, to))
    assert "a variation from move 10" in page.inner_text("#viewText")
    game.push(buf[0], buf[1])
    assert board_position(page) == game.position()
    # a step back out of it, and on into it again
    page.keyboard.press("ArrowLeft")
    wait_body(page, "variation", "")
    wait_body(page, "viewing", "10")
    assert board_position(page) == POSITIONS[10]
    page.keyboard.press("ArrowRight")
    wait_body(page, "variation", "%s-%s" % (frm, to))
    # the engine's best line from there, drawn as arrows
    page.click("#btnLine")
    page.wait_for_function(
        "document.querySelectorAll('#board .arrows line').length > 0", timeout=WAIT_MS * 3
    )
    line = page.evaluate(
        "Array.from(document.querySelectorAll('#board .arrows line')).map((l) => l.dataset.move)"
    )
    assert page.inner_text("#lineText") == "Best line: " + " ".join(line)
    shot(page, "variation_best_line.png")
    # the way back: to the game's move 10 (the arrows were of the variation)
    page.click("#viewEnd")
    wait_body(page, "variation", "")
    wait_body(page, "viewing", "10")
    assert board_position(page) == POSITIONS[10]
    page.wait_for_function("document.querySelectorAll('#board .arrows line').length === 0")
    # the same variation typed (lower case, a space for the dash)
    page.fill("#moveInput", "%s %s" % (frm.lower(), to.lower()))
    page.press("#moveInput", "Enter")
    wait_body(page, "variation", "%s-%s" % (frm, to))
    page.click("#viewEnd")
    wait_body(page, "variation", "")
    # the analysis, move by move
    watch_text(page, "reviewText", "progress")
    page.select_option("#reviewLevel", "5")
    page.click("#btnReview")
    page.wait_for_function(
        "!document.getElementById('review').hidden && !document.body.dataset.review",
        timeout=WAIT_MS * 8,
    )
    said = page.evaluate("window.progress")
    seen = {t.split("move ")[1].split(" ")[0] for t in said if "has looked at move" in t}
    assert len(seen) >= 2 and any(k != "20" for k in seen), said
    assert "Fire" in page.inner_text("#reviewText")
    # a link to the whole game opens it, for review, in another page
    link = page.get_attribute("#gameLink", "href")
    assert "moves=" in link
    other, errors2 = open_page(browser, link)
    wait_body(other, "loaded", "the game of the link")
    wait_body(other, "viewing", "20")
    assert board_position(other) == POSITIONS[20]
    other.close()
    # a game of the board's flash, opened from the list
    page.click("#boardGames [data-game='games/0002.txt']")
    wait_body(page, "loaded", "games/0002.txt")
    wait_body(page, "viewing", "6")
    assert board_position(page) == POSITIONS[6]
    shot(page, "board_game_opened.png")
    # back to the board's game, which nothing changed
    page.click("#loadedClose")
    wait_body(page, "loaded", "")
    page.wait_for_function("document.body.dataset.viewing === ''", timeout=WAIT_MS)
    assert page.locator("#moves [data-ply]").count() == 0
    assert get_state(server)["moves"] == []
    page.close()
    assert not errors and not errors2, errors + errors2


def test_another_pages_move_glides(server, browser):  # noqa: F811
    # a move this page did not make (another page's, as a remote
    # opponent's) glides from its hole to the other, as the engine's does
    assert post(server, {"cmd": "new", "mode": "duel", "handicap": 0})[0] == 200
    page, errors = open_page(browser, server)
    page.click("#btnArrange")
    wait_state(server, lambda s: s["phase"] == "idle" and s["pegs"] == START)
    other, errors2 = open_page(browser, server)
    page.evaluate(
        """() => { window.glided = [];
        new MutationObserver(() => window.glided.push(document.body.dataset.animated))
          .observe(document.body, {attributes: true, attributeFilter: ['data-animated']}); }"""
    )
    other.fill("#moveInput", "D4-C4")
    other.press("#moveInput", "Enter")
    wait_state(server, lambda s: len(s["moves"]) == 1)
    page.wait_for_function("window.glided.includes('D4-C4')", timeout=WAIT_MS)
    # the page that made it does not glide it again
    assert other.evaluate("document.body.dataset.animated || ''") == ""
    # a remote opponent's move glides as the board shows it (its "plays"
    # event, docs/protocol.md): the page's own function, given a state with one
    shown = other.evaluate(
        """async () => {
        const { app } = await import('/ctx.js');
        const { moveTick } = await import('/sound.js');
        const plays = {ev: 'plays', move: 'C4-C1', by: 'ice', remote: true, at: 1e9};
        moveTick({...app.state, events: app.state.events.concat([plays])});
        return document.body.dataset.animated; }"""
    )
    assert shown == "C4-C1"
    other.close()
    page.close()
    assert not errors and not errors2, errors + errors2


def test_no_function_of_the_page_server_is_over_80_lines():
    # the page's server stays readable: small methods, one job each
    import ast

    from fireice_tools import web, webgames

    for mod in (web, webgames):
        with open(mod.__file__, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        long = [
            (n.name, n.end_lineno - n.lineno + 1)
            for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.end_lineno - n.lineno + 1 > 80
        ]
        assert not long, (mod.__name__, long)
