"""Independent reference implementation of the Fire and Ice rules and of the
game-record replay (docs/records.md), used by the tests to cross-check the
real engine.  Plain, slow, obvious Python: dicts, lists and sets only.

    python tests/reference/ref_rules.py FILE      # prints the replay JSON

Choices made where docs/rules.md / docs/records.md leave something open
------------------------------------------------------------------------
Record layout
  * The header is the run of lines at the start of the text that are blank or
    whose first non-blank character is `[` (so blank lines between tags are
    fine).  The first other line starts the move text.  A later line that
    looks like a tag is just move text (its tokens are not moves, so the
    replay stops there with a move error).
  * A header line starting with `[` must be exactly one tag,
    `[Name "value"]` (blanks allowed after `[`, between name and value and
    before `]`).  Name: a letter then letters/digits/underscores, compared
    case-sensitively (`mode` is an unknown tag, not `Mode`).  In the value
    only the escapes `\\"` and `\\\\` exist; any other backslash, a bare `"`,
    or trailing text after `]` make the line malformed -> header error.
  * Tag values are compared exactly (case-sensitive): `Mode "Duel"` is an
    error.  Empty values are invalid for Game, Mode, Setup, ToMove, Result.
  * Handicap, HandicapSide and Seed are informational and not validated;
    unknown tags are kept (in order) and never validated.
  * A text starting with a BOM has it ignored; `\\r` line ends are fine.
Move text
  * Comments `{...}` are removed before splitting into tokens (so a comment
    glued to a move, `D4-C4{good}`, separates tokens).  Comments do not nest:
    a `{` inside a comment, a `}` outside one and a `{` never closed are
    errors of the record as a whole (ply null), as docs/records.md says.
  * A token matching `digits` followed by one or more dots, alone, is a move
    number and is ignored.  Such a prefix glued to a token (`1.D4-C4`,
    `3...d4-c4`) is stripped once; the rest is the move token.  `1` (no dot)
    or `...` (no digits) are not move numbers: they are bad move tokens.
  * Every other token is a ply.  A move token is exactly `<hole>-<hole>`,
    hole = letter A-G (either case) + digit 1-7.  Anything else is an error
    at that ply; so is `D4-D4`.
  * A token (of any kind) after the game has ended is an error at that ply,
    whatever the token is.
  * PGN's `*` (the game goes on) as the very last token is not a ply; a `*`
    anywhere else is a bad move token.  `Result "*"` is allowed in both
    modes and means the moves must leave the game running.
Replay and errors
  * Header problems are checked before any move, and take precedence.  Only
    the first error found is reported.  For a header error the JSON has
    "result": null and "to_move": null (there is no game), "position" = the
    value of the (first) Setup tag when it is a valid 49-character position
    (whatever the mode or other errors), else the standard start; "control"
    is computed from that position.
  * A `Result` tag with a value outside the mode's set (`fire`/`ice`/`draw`
    for a duel, `won`/`lost` for solitaire) is a header error.  Agreement with
    the moves is checked only when every move was legal; a move error is
    reported in preference to a disagreeing Result.  For a disagreeing Result
    the other fields describe the final position with the result of the
    moves (null when still running).
  * For a move error, "result" / "to_move" describe the position before the
    move: a running game has result null and to_move the side whose turn it
    is (after forced passes); after the end, the result and to_move null.
  * Duel: the side named by ToMove (fire by default) is the nominal side to
    move; if it cannot move it passes, if neither can the game is drawn.  A
    setup in which a side already holds a line of islands is over with that
    result (both sides holding one is impossible on the Fano plane).  After a
    move, wins are checked for both sides (at most one can hold a line of
    islands), then the opponent moves, or passes, or the game is drawn.
  * A side cannot move when it has no peg with an empty destination, or when
    the opponent has all 25 pegs on the board (its supply is empty).  A duel
    setup with more than 25 pegs of one colour is a header error.  Supply is
    always 25 minus the pegs of that colour on the board.
  * Solitaire: any setup (any counts) is accepted.  With ToMove, colours
    alternate from it.  Without ToMove, the colour of the peg moved first
    fixes the alternation, and "to_move" is null before the first move as
    long as the game is not over; the game is over before the first move iff
    neither colour has a capture.  (Captures are symmetric: if a Fire peg
    can take an Ice peg, that Ice peg can take it back, so one colour having
    a capture while the other has none never happens.)  Otherwise the game
    ends when the colour to move has no capture.  Result `won` iff exactly
    one peg is left (an empty board is `lost`).
  * Draws: the rules allow them only when neither side can move.  Working
    it through (see gen_games.py), that happens only on the empty board, so
    no game is ever drawn after a move; the code does not assume this.
  * Move checks, in this order (only the reason text depends on the order):
    game over, syntax, same hole, empty source, wrong colour (the colour to
    move, when known), not same island/same position, then duel: occupied
    destination; solitaire: empty destination, destination of own colour.
"""

import json
import re
import sys

ISLANDS = "ABCDEFG"
POSITIONS = "1234567"
HOLES = [island + position for island in ISLANDS for position in POSITIONS]

# The seven lines, written out as in docs/rules.md.
POSITION_LINES = [
    ("1", "2", "5"),
    ("1", "3", "7"),
    ("5", "6", "7"),
    ("1", "4", "6"),
    ("3", "4", "5"),
    ("2", "4", "7"),
    ("2", "3", "6"),
]
ISLAND_LINES = [
    ("A", "B", "E"),
    ("A", "C", "G"),
    ("E", "F", "G"),
    ("A", "D", "F"),
    ("C", "D", "E"),
    ("B", "D", "G"),
    ("B", "C", "F"),
]

FIRE = "fire"
ICE = "ice"
COLOURS = (FIRE, ICE)
PEGS_PER_SIDE = 25

WRITE_SYMBOL = {FIRE: "#", ICE: "O", None: "-"}
READ_SYMBOL = {"#": FIRE, "O": ICE, "o": ICE, "0": ICE, "-": None, ".": None}

START_POSITION = "-" * 24 + "#" + "-" * 24

DUEL_RESULTS = ("fire", "ice", "draw")
SOLITAIRE_RESULTS = ("won", "lost")


class BadPosition(Exception):
    pass


def other(colour):
    if colour == FIRE:
        return ICE
    return FIRE


# ---------------------------------------------------------------- board


def read_position(text):
    """Turn a 49-character position string into a board dict hole -> colour."""
    if len(text) != 49:
        raise BadPosition("setup has %d characters, not 49" % len(text))
    board = {}
    for hole, char in zip(HOLES, text):
        if char not in READ_SYMBOL:
            raise BadPosition("setup has a bad character %r at %s" % (char, hole))
        board[hole] = READ_SYMBOL[char]
    return board


def write_position(board):
    return "".join(WRITE_SYMBOL[board[hole]] for hole in HOLES)


def count_pegs(board, colour):
    return sum(1 for hole in HOLES if board[hole] == colour)


def supply(board, colour):
    return PEGS_PER_SIDE - count_pegs(board, colour)


def lines_held(board, colour, island):
    """The position-lines (tuples) on which `colour` has all three pegs."""
    held = []
    for line in POSITION_LINES:
        if all(board[island + position] == colour for position in line):
            held.append(line)
    return held


def controlled_islands(board, colour):
    return [island for island in ISLANDS if lines_held(board, colour, island)]


def control_string(board, colour):
    return "".join(controlled_islands(board, colour))


def has_won(board, colour):
    controlled = set(controlled_islands(board, colour))
    for line in ISLAND_LINES:
        if all(island in controlled for island in line):
            return True
    return False


def reachable(source, target):
    """True when a peg may go from source to target (ignoring occupancy)."""
    if source == target:
        return False
    return source[0] == target[0] or source[1] == target[1]


def destinations(hole):
    result = []
    for position in POSITIONS:
        if position != hole[1]:
            result.append(hole[0] + position)
    for island in ISLANDS:
        if island != hole[0]:
            result.append(island + hole[1])
    return result


# ---------------------------------------------------------------- duel


def duel_moves(board, colour):
    """All legal (source, target) moves of `colour` in a duel position."""
    if supply(board, other(colour)) <= 0:
        return []
    moves = []
    for hole in HOLES:
        if board[hole] != colour:
            continue
        for target in destinations(hole):
            if board[target] is None:
                moves.append((hole, target))
    return moves


def duel_can_move(board, colour):
    return len(duel_moves(board, colour)) > 0


def duel_settle(board, nominal):
    """Given the side whose turn it is nominally, return (result, to_move)."""
    if has_won(board, FIRE):
        return "fire", None
    if has_won(board, ICE):
        return "ice", None
    if duel_can_move(board, nominal):
        return None, nominal
    if duel_can_move(board, other(nominal)):
        return None, other(nominal)
    return "draw", None


def duel_apply(board, colour, source, target):
    new_board = dict(board)
    new_board[target] = colour
    new_board[source] = other(colour)
    return new_board


# ---------------------------------------------------------------- solitaire


def solitaire_captures(board, colour):
    moves = []
    for hole in HOLES:
        if board[hole] != colour:
            continue
        for target in destinations(hole):
            if board[target] == other(colour):
                moves.append((hole, target))
    return moves


def solitaire_result(board):
    pegs = sum(1 for hole in HOLES if board[hole] is not None)
    if pegs == 1:
        return "won"
    return "lost"


def solitaire_settle(board, to_move):
    """to_move None means: before the first move, either colour may start."""
    if to_move is None:
        if not solitaire_captures(board, FIRE) and not solitaire_captures(board, ICE):
            return solitaire_result(board), None
        return None, None
    if not solitaire_captures(board, to_move):
        return solitaire_result(board), None
    return None, to_move


def solitaire_apply(board, source, target):
    new_board = dict(board)
    new_board[target] = board[source]
    new_board[source] = None
    return new_board


# ---------------------------------------------------------------- record text

TAG_LINE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\s*\]$')
MOVE_NUMBER = re.compile(r"^([0-9]+\.+)(.*)$")
MOVE_TOKEN = re.compile(r"^([A-Ga-g])([1-7])-([A-Ga-g])([1-7])$")


class HeaderError(Exception):
    pass


def unescape(raw):
    """Undo the \\" and \\\\ escapes of a tag value; None when malformed."""
    out = []
    i = 0
    while i < len(raw):
        char = raw[i]
        if char == "\\":
            if i + 1 < len(raw) and raw[i + 1] in ('"', "\\"):
                out.append(raw[i + 1])
                i += 2
                continue
            return None
        if char == '"':
            return None
        out.append(char)
        i += 1
    return "".join(out)


def split_record(text):
    """Return (tags, header_problems, move_text).

    tags: list of (name, value) in order of appearance (duplicates included);
    header_problems: list of reasons for malformed tag lines.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    tags = []
    problems = []
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if stripped == "":
            index += 1
            continue
        if not stripped.startswith("["):
            break
        match = TAG_LINE.match(stripped)
        value = None
        if match:
            value = unescape(match.group(2))
        if value is None:
            problems.append("malformed tag line: %s" % stripped)
        else:
            tags.append((match.group(1), value))
        index += 1
    move_text = "\n".join(lines[index:])
    return tags, problems, move_text


def remove_comments(move_text):
    """The move text with comments blanked out; HeaderError when the braces
    do not pair up."""
    out = []
    in_comment = False
    for char in move_text:
        if char == "{":
            if in_comment:
                raise HeaderError("a comment inside a comment")
            in_comment = True
            out.append(" ")
        elif char == "}":
            if not in_comment:
                raise HeaderError("a } that closes no comment")
            in_comment = False
            out.append(" ")
        elif not in_comment:
            out.append(char)
    if in_comment:
        raise HeaderError("a comment that is never closed")
    return "".join(out)


def move_tokens(move_text):
    """The plies of the move text, as written (move numbers removed)."""
    plies = []
    for token in remove_comments(move_text).split():
        match = MOVE_NUMBER.match(token)
        if match:
            rest = match.group(2)
            if rest == "":
                continue
            token = rest
        plies.append(token)
    if plies and plies[-1] == "*":
        plies.pop()
    return plies


def parse_move(token):
    """(source, target) in upper case, or None if the token is not a move."""
    match = MOVE_TOKEN.match(token)
    if not match:
        return None
    source = match.group(1).upper() + match.group(2)
    target = match.group(3).upper() + match.group(4)
    return source, target


# ---------------------------------------------------------------- replay


def answer(result, board, to_move, error):
    return {
        "result": result,
        "position": write_position(board),
        "control": {"fire": control_string(board, FIRE), "ice": control_string(board, ICE)},
        "to_move": to_move,
        "error": error,
    }


def check_header(tags, problems):
    """Validate the tags.  Returns (settings, setup_board_or_None, reason_or_None)."""
    first = {}
    reason = None
    if problems:
        reason = problems[0]
    for name, value in tags:
        if name in first:
            if reason is None:
                reason = "duplicate tag %s" % name
            continue
        first[name] = value

    setup_board = None
    setup_reason = None
    if "Setup" in first:
        try:
            setup_board = read_position(first["Setup"])
        except BadPosition as exc:
            setup_reason = str(exc)

    def fail(why):
        raise HeaderError(why)

    try:
        if reason is not None:
            fail(reason)
        if "Game" in first and first["Game"] != "Fire and Ice":
            fail('Game must be "Fire and Ice", not %r' % first["Game"])
        mode = first.get("Mode", "duel")
        if mode not in ("duel", "solitaire"):
            fail("bad Mode %r" % mode)
        if setup_reason is not None:
            fail(setup_reason)
        if "Setup" not in first:
            if mode == "solitaire":
                fail("a solitaire record needs a Setup")
            board = read_position(START_POSITION)
        else:
            board = setup_board
        to_move = first.get("ToMove")
        if to_move is not None and to_move not in COLOURS:
            fail("bad ToMove %r" % to_move)
        result_tag = first.get("Result")
        if result_tag is not None:
            allowed = DUEL_RESULTS if mode == "duel" else SOLITAIRE_RESULTS
            if result_tag not in allowed and result_tag != "*":
                fail("bad Result %r for a %s" % (result_tag, mode))
        if mode == "duel":
            for colour in COLOURS:
                if count_pegs(board, colour) > PEGS_PER_SIDE:
                    fail(
                        "duel setup has %d %s pegs (at most 25)"
                        % (count_pegs(board, colour), colour)
                    )
    except HeaderError as exc:
        return None, setup_board, str(exc)

    settings = {
        "mode": mode,
        "board": board,
        "to_move": to_move,
        "result_tag": result_tag,
        "tags": tags,
    }
    return settings, setup_board, None


def replay(text):
    tags, problems, move_text = split_record(text)
    settings, setup_board, reason = check_header(tags, problems)
    if reason is not None:
        board = setup_board
        if board is None:
            board = read_position(START_POSITION)
        return answer(None, board, None, {"ply": None, "move": None, "reason": reason})

    mode = settings["mode"]
    board = settings["board"]
    if mode == "duel":
        result, to_move = duel_settle(board, settings["to_move"] or FIRE)
    else:
        result, to_move = solitaire_settle(board, settings["to_move"])

    try:
        tokens = move_tokens(move_text)
    except HeaderError as exc:
        board = setup_board
        if board is None:
            board = read_position(START_POSITION)
        return answer(None, board, None, {"ply": None, "move": None, "reason": str(exc)})
    for ply, token in enumerate(tokens, start=1):

        def error(why):
            return answer(result, board, to_move, {"ply": ply, "move": token, "reason": why})

        if result is not None:
            return error("the game is over (%s)" % result)
        move = parse_move(token)
        if move is None:
            return error("not a move: %r" % token)
        source, target = move
        if source == target:
            return error("source and destination are the same hole")
        mover = board[source]
        if mover is None:
            return error("no peg on %s" % source)
        if to_move is not None and mover != to_move:
            return error("the peg on %s is %s's, but %s is to move" % (source, mover, to_move))
        if not reachable(source, target):
            return error(
                "%s is neither on the same island nor at the same position as %s" % (target, source)
            )
        if mode == "duel":
            if board[target] is not None:
                return error("%s is occupied" % target)
            if supply(board, other(mover)) <= 0:  # cannot happen: such a side passes
                return error("%s has no peg left for the fill" % other(mover))
            board = duel_apply(board, mover, source, target)
            result, to_move = duel_settle(board, other(mover))
        else:
            if board[target] is None:
                return error("%s is empty: a solitaire move must capture" % target)
            if board[target] == mover:
                return error("%s holds a %s peg: cannot capture own colour" % (target, mover))
            board = solitaire_apply(board, source, target)
            result, to_move = solitaire_settle(board, other(mover))

    result_tag = settings["result_tag"]
    if result_tag == "*":
        result_tag = None if result is None else "*"
    if result_tag is not None and result_tag != result:
        return answer(
            result,
            board,
            to_move,
            {
                "ply": None,
                "move": None,
                "reason": "Result %r disagrees with the moves (%s)"
                % (result_tag, result if result else "game not over"),
            },
        )
    return answer(result, board, to_move, None)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: ref_rules.py FILE\n")
        return 2
    if argv[1] == "-":
        text = sys.stdin.read()
    else:
        with open(argv[1], encoding="utf-8") as handle:
            text = handle.read()
    outcome = replay(text)
    print(json.dumps(outcome))
    return 1 if outcome["error"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
