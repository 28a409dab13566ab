"""Random game records for cross-checking the engine against ref_rules.

    python tests/reference/gen_games.py --seed S --count N --out DIR

writes DIR/00000.txt ... and next to each DIR/00000.json, the answer of
ref_rules.replay (the expected `fireice replay --json` output).

generate(seed, count) returns the record texts.  The kinds of record cycle
in a fixed order (shuffled once by the seed), so every kind appears as soon
as count >= len(KINDS); everything else is drawn from random.Random(seed).

Note on draws: a duel is drawn only when neither side can move.  A side is
stuck either because the opponent has all 25 pegs on the board, or because
every hole its pegs could reach is full.  Both sides stuck in the second way
forces an empty board; one side out of supply (25 pegs on the board) and the
other stuck makes every island that has pegs complete or won, and such
positions are always decided.  So the only drawn position is the empty board
(a move always leaves pegs, so no game is drawn after a move); the generator
uses that one, and builds forced passes deliberately in both ways.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_rules as R  # noqa: E402

FIRE, ICE = R.FIRE, R.ICE


class GeneratorMismatch(Exception):
    pass


# ---------------------------------------------------------------- helpers


def empty_board():
    return {hole: None for hole in R.HOLES}


def board_from_pegs(fire_holes, ice_holes):
    board = empty_board()
    for hole in fire_holes:
        board[hole] = FIRE
    for hole in ice_holes:
        board[hole] = ICE
    return board


def start_board():
    return R.read_position(R.START_POSITION)


def decided(board):
    return R.has_won(board, FIRE) or R.has_won(board, ICE)


def move_text(source, target):
    return "%s-%s" % (source, target)


def escape(value):
    return value.replace("\\", "\\\\").replace('"', '\\"')


def random_position_string(rng, board):
    """The board written with the alternative symbols now and then."""
    text = R.write_position(board)
    if rng.random() < 0.8:
        return text
    out = []
    for char in text:
        if char == "O":
            out.append(rng.choice("Oo0"))
        elif char == "-":
            out.append(rng.choice("-."))
        else:
            out.append(char)
    return "".join(out)


# ---------------------------------------------------------------- playing


class Played:
    """A sequence of legal moves with the positions before each of them."""

    def __init__(self, mode, board, to_move_tag):
        self.mode = mode
        self.setup = dict(board)
        self.to_move_tag = to_move_tag
        self.moves = []  # "D4-C4"
        self.states = []  # (board, to_move, result) before each move, plus the final one
        if mode == "duel":
            result, to_move = R.duel_settle(board, to_move_tag or FIRE)
        else:
            result, to_move = R.solitaire_settle(board, to_move_tag)
        self.states.append((dict(board), to_move, result))

    @property
    def board(self):
        return self.states[-1][0]

    @property
    def to_move(self):
        return self.states[-1][1]

    @property
    def result(self):
        return self.states[-1][2]

    def legal_moves(self):
        board, to_move, result = self.states[-1]
        if result is not None:
            return []
        if self.mode == "duel":
            return R.duel_moves(board, to_move)
        if to_move is None:
            return R.solitaire_captures(board, FIRE) + R.solitaire_captures(board, ICE)
        return R.solitaire_captures(board, to_move)

    def play(self, source, target):
        board, to_move, result = self.states[-1]
        assert result is None
        mover = board[source]
        if self.mode == "duel":
            assert mover == to_move and board[target] is None
            board = R.duel_apply(board, mover, source, target)
            result, to_move = R.duel_settle(board, R.other(mover))
        else:
            assert board[target] == R.other(mover)
            board = R.solitaire_apply(board, source, target)
            result, to_move = R.solitaire_settle(board, R.other(mover))
        self.moves.append(move_text(source, target))
        self.states.append((board, to_move, result))

    def play_random(self, rng, limit=None):
        while self.result is None and (limit is None or len(self.moves) < limit):
            moves = self.legal_moves()
            source, target = rng.choice(moves)
            self.play(source, target)
        return self


# ---------------------------------------------------------------- records


class Record:
    def __init__(self, tags, plies):
        self.tags = list(tags)  # (name, value)
        self.plies = list(plies)  # tokens as they will be written


def render(rng, record, style=None):
    """Write a record: tags, then move text in one of several styles."""
    lines = []
    for name, value in record.tags:
        lines.append('[%s "%s"]' % (name, escape(value)))
        if rng.random() < 0.05:
            lines.append("")
    if style is None:
        style = rng.choice(["plain", "plain", "numbered", "glued", "messy"])
    plies = record.plies
    words = []
    if style == "plain":
        words = list(plies)
    elif style in ("numbered", "glued"):
        start_black = rng.random() < 0.2
        number = 1
        for index, ply in enumerate(plies):
            if start_black:
                white = index % 2 == 1
                number = (index + 1) // 2 + 1
            else:
                white = index % 2 == 0
                number = index // 2 + 1
            prefix = None
            if white:
                prefix = "%d." % number
            elif index == 0:
                prefix = "%d..." % number
            if prefix is None:
                words.append(ply)
            elif style == "glued":
                words.append(prefix + ply)
            else:
                words.append(prefix)
                words.append(ply)
    else:  # messy: numbers, comments, odd white space
        for index, ply in enumerate(plies):
            roll = rng.random()
            if roll < 0.15:
                words.append("%d." % (index // 2 + 1))
            elif roll < 0.22:
                words.append("%d..." % (index // 2 + 1))
            if rng.random() < 0.2:
                words.append(random_comment(rng))
            if rng.random() < 0.1 and words:
                # glue a comment on one side only (same tokens either way)
                words.append(ply + random_comment(rng))
            elif rng.random() < 0.1:
                words.append(random_comment(rng) + ply)
            elif rng.random() < 0.1:
                words.append("%d.%s" % (index // 2 + 1, ply))
            else:
                words.append(ply)
        if rng.random() < 0.3:
            words.append(random_comment(rng))
    text_lines = []
    current = []
    for word in words:
        current.append(word)
        if len(current) >= rng.randint(6, 14):
            text_lines.append(join_words(rng, current, style))
            current = []
    if current:
        text_lines.append(join_words(rng, current, style))
    if record.tags and (text_lines or rng.random() < 0.5):
        lines.append("")
    lines.extend(text_lines)
    text = "\n".join(lines)
    if rng.random() < 0.9:
        text += "\n"
    return text


def join_words(rng, words, style):
    if style != "messy":
        return " ".join(words)
    out = words[0]
    for word in words[1:]:
        out += rng.choice([" ", " ", "  ", "\t", " \t ", "\n", "\n\n"]) + word
    return out


COMMENT_TEXTS = [
    "good move",
    "a blunder?",
    "Fire threatens B-C-F",
    "see 12. D4-C4",
    '[Result "fire"]',
    "1. D4-C4 D4-D5",
    "only move",
    "pass?",
    "ice\nspans two lines",
    "",
    "  ",
    "A1-B2 is not played here",
    "forced: the other side passes",
    "\u00e8 una mossa",
]


def random_comment(rng):
    return "{" + rng.choice(COMMENT_TEXTS) + "}"


def vary_case(rng, token):
    """Lower-case some letters of a (legal-looking) move token."""
    roll = rng.random()
    if roll < 0.5:
        return token.lower()
    return "".join(c.lower() if c.isalpha() and rng.random() < 0.5 else c for c in token)


def maybe_lowercase(rng, plies, probability):
    if rng.random() >= probability:
        return list(plies)
    per_move = rng.choice([0.2, 1.0])
    return [vary_case(rng, p) if rng.random() < per_move else p for p in plies]


def extra_tags(rng):
    tags = []
    candidates = [
        ("Event", "Club night"),
        ("Site", "Kitchen table"),
        ("Date", "2024.04.16"),
        ("Round", "3"),
        ("Annotator", 'Marino "the teacher" C.'),
        ("Note", 'back\\slash and "quotes"'),
        ("Board", "wooden"),
    ]
    for name, value in candidates:
        if rng.random() < 0.12:
            tags.append((name, value))
    return tags


def arrange_tags(rng, tags):
    tags = list(tags)
    if rng.random() < 0.3:
        rng.shuffle(tags)
    return tags


def duel_tags(rng, played, setup=True, to_move=None, result=None, force_setup=False, extra=()):
    tags = []
    if rng.random() < 0.85:
        tags.append(("Game", "Fire and Ice"))
    if rng.random() < 0.6:
        tags.append(("Mode", "duel"))
    if force_setup or (setup and rng.random() < 0.5):
        tags.append(("Setup", random_position_string(rng, played.setup)))
    if to_move is not None:
        tags.append(("ToMove", to_move))
    tags.extend(extra)
    if result is not None:
        tags.append(("Result", result))
    tags.extend(extra_tags(rng))
    return arrange_tags(rng, tags)


def solitaire_tags(rng, played, result=None, extra=()):
    tags = []
    if rng.random() < 0.85:
        tags.append(("Game", "Fire and Ice"))
    tags.append(("Mode", "solitaire"))
    tags.append(("Setup", random_position_string(rng, played.setup)))
    if played.to_move_tag is not None:
        tags.append(("ToMove", played.to_move_tag))
    tags.extend(extra)
    if result is not None:
        tags.append(("Result", result))
    tags.extend(extra_tags(rng))
    return arrange_tags(rng, tags)


def tags_for(rng, played, result=None):
    if played.mode == "solitaire":
        return solitaire_tags(rng, played, result=result)
    standard = R.write_position(played.setup) == R.START_POSITION
    to_move = played.to_move_tag
    if to_move is None and rng.random() < 0.2:
        to_move = FIRE
    return duel_tags(
        rng, played, setup=True, to_move=to_move, result=result, force_setup=not standard
    )


# ---------------------------------------------------------------- positions


def random_setup(rng, fire_count, ice_count):
    chosen = rng.sample(R.HOLES, fire_count + ice_count)
    return board_from_pegs(chosen[:fire_count], chosen[fire_count:])


def handicap_board(rng, side, count):
    islands = rng.sample([i for i in R.ISLANDS if i != "D"], count)
    board = start_board()
    for island in islands:
        board[island + rng.choice(R.POSITIONS)] = side
    return board


def solitaire_deal(rng, fire=14, ice=14):
    return random_setup(rng, fire, ice)


def decided_board(rng, winner):
    """A legal duel position in which `winner` holds a line of islands."""
    while True:
        island_line = rng.choice(R.ISLAND_LINES)
        board = empty_board()
        for island in island_line:
            for position in rng.choice(R.POSITION_LINES):
                board[island + position] = winner
        free = [h for h in R.HOLES if board[h] is None]
        rng.shuffle(free)
        extra_winner = rng.randint(0, 12)
        extra_loser = rng.randint(0, 20)
        for hole in free[:extra_winner]:
            board[hole] = winner
        for hole in free[extra_winner : extra_winner + extra_loser]:
            board[hole] = R.other(winner)
        if R.has_won(board, winner):
            return board


def supply_pass_board(rng, full_side):
    """full_side has all 25 pegs on the board: the other side must pass."""
    for _ in range(10000):
        board = random_setup(rng, 0, 0)
        holes = rng.sample(R.HOLES, 25 + rng.randint(0, 15))
        for hole in holes[:25]:
            board[hole] = full_side
        for hole in holes[25:]:
            board[hole] = R.other(full_side)
        if decided(board):
            continue
        if R.duel_can_move(board, full_side):
            return board
    raise RuntimeError("no supply-pass board found")


def blocked_board(rng, stuck_side):
    """stuck_side has pegs but every hole they reach is full."""
    for _ in range(10000):
        board = empty_board()
        pegs = rng.sample(R.HOLES, rng.randint(1, 3))
        for hole in pegs:
            board[hole] = stuck_side
        for hole in pegs:
            for target in R.destinations(hole):
                if board[target] is None:
                    board[target] = R.other(stuck_side) if rng.random() < 0.8 else stuck_side
        # the stuck side's extra pegs must be blocked too: recheck below
        free = [h for h in R.HOLES if board[h] is None]
        rng.shuffle(free)
        for hole in free[: rng.randint(0, 8)]:
            board[hole] = R.other(stuck_side)
        if any(R.count_pegs(board, c) > 25 for c in R.COLOURS):
            continue
        if decided(board):
            continue
        if R.duel_can_move(board, stuck_side):
            continue
        if R.duel_can_move(board, R.other(stuck_side)):
            return board
    raise RuntimeError("no blocked board found")


# ---------------------------------------------------------------- illegal moves

BAD_HOLE_TOKENS = ["Z9-A1", "H1-A1", "A8-A1", "A0-B0", "D4-D8", "Q4-C4", "A1-B9", "I1-I2"]
GARBAGE_TOKENS = [
    "xyz",
    "D4",
    "D4-",
    "-C4",
    "D4--C4",
    "D4-C4-",
    "D44-C4",
    "D4:C4",
    "O-O",
    "*",
    "1-0",
    "D4xC4",
    "Result",
    "A1-B2-C3",
    "pass",
    "--",
    "d4c4",
    "D4/C4",
    "4D-4C",
    "#",
]
# PGN's "*" (the game goes on) is no move in the middle of the moves, but as
# the last word it is allowed (docs/records.md): not garbage there
GARBAGE_LAST = [t for t in GARBAGE_TOKENS if t != "*"]


def illegal_move(rng, mode, board, to_move, kind):
    """An illegal token of the given kind in this position, or None."""
    if kind == "nodash":
        holes = rng.sample(R.HOLES, 2)
        return holes[0] + holes[1]
    if kind == "badhole":
        return rng.choice(BAD_HOLE_TOKENS)
    if kind == "samehole":
        hole = rng.choice(R.HOLES)
        return move_text(hole, hole)
    if kind == "garbage":
        return rng.choice(GARBAGE_LAST)
    empties = [h for h in R.HOLES if board[h] is None]
    if kind == "fromempty":
        if not empties:
            return None
        source = rng.choice(empties)
        return move_text(source, rng.choice(R.destinations(source)))
    if to_move is None:
        movers = [h for h in R.HOLES if board[h] is not None]
    else:
        movers = [h for h in R.HOLES if board[h] == to_move]
    if kind == "otherside":
        if to_move is None:
            return None
        theirs = [h for h in R.HOLES if board[h] == R.other(to_move)]
        options = []
        for source in theirs:
            for target in R.destinations(source):
                wanted = None if mode == "duel" else to_move
                if board[target] == wanted:
                    options.append((source, target))
        if not options:
            return None
        return move_text(*rng.choice(options))
    options = []
    for source in movers:
        colour = board[source]
        for target in R.HOLES:
            if target == source:
                continue
            near = R.reachable(source, target)
            if kind == "occupied" and mode == "duel":
                ok = near and board[target] is not None
            elif kind == "unreachable":
                wanted = None if mode == "duel" else R.other(colour)
                ok = (not near) and board[target] == wanted
            elif kind == "toempty" and mode == "solitaire":
                ok = near and board[target] is None
            elif kind == "owncolour" and mode == "solitaire":
                ok = near and board[target] == colour
            else:
                ok = False
            if ok:
                options.append((source, target))
    if not options:
        return None
    return move_text(*rng.choice(options))


DUEL_ILLEGAL = [
    "nodash",
    "badhole",
    "samehole",
    "garbage",
    "fromempty",
    "otherside",
    "occupied",
    "unreachable",
]
SOLITAIRE_ILLEGAL = [
    "nodash",
    "badhole",
    "samehole",
    "garbage",
    "fromempty",
    "otherside",
    "unreachable",
    "toempty",
    "owncolour",
]


# ---------------------------------------------------------------- games


def random_duel(rng):
    return Played("duel", start_board(), None).play_random(rng)


def random_handicap(rng, limit=None):
    side = FIRE if rng.random() < 0.7 else ICE
    count = rng.randint(1, 6)
    played = Played("duel", handicap_board(rng, side, count), FIRE)
    played.handicap = (count, side)
    return played.play_random(rng, limit)


def handicap_tags(rng, played, result=None):
    count, side = played.handicap
    extra = [("Handicap", str(count))]
    if side == ICE or rng.random() < 0.5:
        extra.append(("HandicapSide", side))
    extra.append(("Seed", str(rng.randint(0, 2**31))))
    return duel_tags(rng, played, to_move=FIRE, result=result, force_setup=True, extra=extra)


def random_solitaire(rng, limit=None, deal=None):
    board = deal if deal is not None else solitaire_deal(rng)
    to_move_tag = None
    if rng.random() < 0.5:
        to_move_tag = rng.choice(R.COLOURS)
    return Played("solitaire", board, to_move_tag).play_random(rng, limit)


def random_played(rng):
    """Any legal game, finished or not, of any kind."""
    roll = rng.random()
    if roll < 0.4:
        played = random_duel(rng)
    elif roll < 0.6:
        played = random_handicap(rng)
    else:
        played = random_solitaire(rng)
    return played


def record_for(rng, played, result=None, plies=None, lowercase=0.15):
    if getattr(played, "handicap", None):
        tags = handicap_tags(rng, played, result)
    else:
        tags = tags_for(rng, played, result)
    if plies is None:
        plies = played.moves
    return Record(tags, maybe_lowercase(rng, plies, lowercase))


# Each kind returns (text, expectation); expectation is a dict of fields the
# replay must give (checked by generate, to catch generator/reference slips).


def kind_duel_full(rng):
    played = random_duel(rng)
    result = played.result if rng.random() < 0.5 else None
    record = record_for(rng, played, result)
    return render(rng, record), {"result": played.result, "error": None}


def kind_duel_truncated(rng):
    full = random_duel(rng)
    cut = rng.randrange(0, len(full.moves))
    played = Played("duel", start_board(), None)
    for move in full.moves[:cut]:
        played.play(*move.split("-"))
    record = record_for(rng, played)
    return render(rng, record), {"result": None, "error": None, "to_move": played.to_move}


def kind_handicap(rng):
    limit = None if rng.random() < 0.7 else rng.randint(0, 30)
    played = random_handicap(rng, limit)
    result = played.result if (played.result and rng.random() < 0.5) else None
    record = record_for(rng, played, result)
    return render(rng, record), {"result": played.result, "error": None}


def kind_midgame_setup(rng):
    if rng.random() < 0.7:
        base = Played("duel", start_board(), None)
    else:
        side = FIRE if rng.random() < 0.7 else ICE
        base = Played("duel", handicap_board(rng, side, rng.randint(1, 6)), FIRE)
    base.play_random(rng, rng.randint(1, 30))
    to_move = base.to_move
    if to_move is None or rng.random() < 0.2:
        to_move = rng.choice(R.COLOURS)
    played = Played("duel", base.board, to_move)
    limit = None if rng.random() < 0.6 else rng.randint(0, 10)
    played.play_random(rng, limit)
    result = played.result if (played.result and rng.random() < 0.5) else None
    tags = duel_tags(rng, played, to_move=to_move, result=result, force_setup=True)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.15))
    return render(rng, record), {"result": played.result, "error": None}


def kind_random_setup(rng):
    while True:
        fire_count = rng.randint(0, 25)
        ice_count = rng.randint(0, 25)
        if fire_count + ice_count <= 49:
            break
    board = random_setup(rng, fire_count, ice_count)
    to_move = rng.choice([None, FIRE, ICE])
    played = Played("duel", board, to_move)
    limit = None if rng.random() < 0.5 else rng.randint(0, 8)
    played.play_random(rng, limit)
    result = played.result if (played.result and rng.random() < 0.5) else None
    tags = duel_tags(rng, played, to_move=to_move, result=result, force_setup=True)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.15))
    return render(rng, record), {"result": played.result, "error": None}


def kind_decided_setup(rng):
    winner = rng.choice(R.COLOURS)
    board = decided_board(rng, winner)
    played = Played("duel", board, rng.choice([None, FIRE, ICE]))
    assert played.result == winner
    roll = rng.random()
    plies = []
    expect = {"result": winner, "error": None}
    if roll < 0.4:
        result_tag = winner
    elif roll < 0.55:
        result_tag = R.other(winner)
        expect = {"result": winner, "error_ply": None}
    elif roll < 0.7:
        result_tag = "draw"
        expect = {"result": winner, "error_ply": None}
    else:
        result_tag = None
        if rng.random() < 0.5:
            # a move after the end: any move at all is an error at ply 1
            colour = rng.choice(R.COLOURS)
            moves = R.duel_moves(board, colour)
            token = move_text(*rng.choice(moves)) if moves else "A1-A2"
            plies = [token]
            expect = {"result": winner, "error_ply": 1}
    tags = duel_tags(rng, played, to_move=played.to_move_tag, result=result_tag, force_setup=True)
    record = Record(tags, plies)
    return render(rng, record), expect


def kind_supply_pass(rng):
    full_side = rng.choice(R.COLOURS)
    board = supply_pass_board(rng, full_side)
    stuck = R.other(full_side)
    played = Played("duel", board, stuck)
    assert played.to_move == full_side
    limit = None if rng.random() < 0.6 else rng.randint(1, 6)
    played.play_random(rng, limit)
    result = played.result if (played.result and rng.random() < 0.5) else None
    tags = duel_tags(rng, played, to_move=stuck, result=result, force_setup=True)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.1))
    return render(rng, record), {"result": played.result, "error": None}


def kind_blocked_pass(rng):
    stuck = rng.choice(R.COLOURS)
    board = blocked_board(rng, stuck)
    played = Played("duel", board, stuck)
    assert played.to_move == R.other(stuck)
    limit = None if rng.random() < 0.6 else rng.randint(1, 6)
    played.play_random(rng, limit)
    result = played.result if (played.result and rng.random() < 0.5) else None
    tags = duel_tags(rng, played, to_move=stuck, result=result, force_setup=True)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.1))
    return render(rng, record), {"result": played.result, "error": None}


def kind_draw(rng):
    board = empty_board()
    to_move = rng.choice([None, FIRE, ICE])
    played = Played("duel", board, to_move)
    assert played.result == "draw"
    roll = rng.random()
    plies = []
    expect = {"result": "draw", "error": None}
    if roll < 0.4:
        result_tag = "draw"
    elif roll < 0.6:
        result_tag = rng.choice(["fire", "ice"])
        expect = {"result": "draw", "error_ply": None}
    else:
        result_tag = None
        if rng.random() < 0.5:
            plies = [rng.choice(["D4-C4", "A1-A2", "G7-F7"])]
            expect = {"result": "draw", "error_ply": 1}
    tags = duel_tags(rng, played, to_move=to_move, result=result_tag, force_setup=True)
    return render(rng, Record(tags, plies)), expect


def kind_solitaire(rng):
    played = random_solitaire(rng)
    result = played.result if rng.random() < 0.5 else None
    extra = [("Seed", str(rng.randint(0, 10**6)))] if rng.random() < 0.5 else []
    tags = solitaire_tags(rng, played, result=result, extra=extra)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.15))
    return render(rng, record), {"result": played.result, "error": None}


def kind_solitaire_truncated(rng):
    full = random_solitaire(rng)
    cut = rng.randrange(0, max(1, len(full.moves)))
    played = Played("solitaire", full.setup, full.to_move_tag)
    for move in full.moves[:cut]:
        played.play(*move.split("-"))
    tags = solitaire_tags(rng, played)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.15))
    return render(rng, record), {"result": played.result, "error": None}


def kind_solitaire_small(rng):
    """Tiny deals: immediate ends, one-colour captures, short wins."""
    size = rng.randint(0, 6)
    fire_count = rng.randint(0, size)
    board = random_setup(rng, fire_count, size - fire_count)
    if rng.random() < 0.5 and size >= 2:
        # put everything on one island or one position so captures exist
        if rng.random() < 0.5:
            island = rng.choice(R.ISLANDS)
            holes = rng.sample([island + p for p in R.POSITIONS], size)
        else:
            position = rng.choice(R.POSITIONS)
            holes = rng.sample([i + position for i in R.ISLANDS], size)
        board = board_from_pegs(holes[:fire_count], holes[fire_count:])
    to_move_tag = rng.choice([None, None, FIRE, ICE])
    played = Played("solitaire", board, to_move_tag).play_random(rng)
    result = played.result if rng.random() < 0.5 else None
    tags = solitaire_tags(rng, played, result=result)
    return render(rng, Record(tags, played.moves)), {"result": played.result, "error": None}


def won_solitaire_deal(rng):
    """A 14 + 14 deal together with a winning line of 27 captures, built
    backwards from the last peg: undoing a capture by colour c at hole d
    moves the c peg back to an empty hole s it can reach from d and puts a
    peg of the other colour on d.  The first mover is the last peg's colour
    and makes 14 captures, the other colour 13, so the deal is 14 + 14."""
    while True:
        first = rng.choice(R.COLOURS)
        board = empty_board()
        board[rng.choice(R.HOLES)] = first
        path = []
        mover = first
        for _ in range(27):
            options = [
                (source, target)
                for target in R.HOLES
                if board[target] == mover
                for source in R.destinations(target)
                if board[source] is None
            ]
            if not options:
                break
            source, target = rng.choice(options)
            board[source] = mover
            board[target] = R.other(mover)
            path.insert(0, (source, target))
            mover = R.other(mover)
        if len(path) == 27:
            return board, path, first


def kind_solitaire_won(rng):
    """A full 14 + 14 deal played to a win (27 captures)."""
    deal, path, first = won_solitaire_deal(rng)
    to_move_tag = rng.choice([None, None, first])
    played = Played("solitaire", deal, to_move_tag)
    for source, target in path:
        played.play(source, target)
    result = played.result if rng.random() < 0.6 else None
    tags = solitaire_tags(rng, played, result=result)
    record = Record(tags, maybe_lowercase(rng, played.moves, 0.15))
    return render(rng, record), {"result": "won", "error": None}


def kind_wrong_result(rng):
    if rng.random() < 0.6:
        played = random_played(rng)
    else:
        played = random_played(rng)
        cut = rng.randrange(0, max(1, len(played.moves)))
        replayed = Played(played.mode, played.setup, played.to_move_tag)
        if getattr(played, "handicap", None):
            replayed.handicap = played.handicap
        for move in played.moves[:cut]:
            replayed.play(*move.split("-"))
        played = replayed
    choices = list(R.DUEL_RESULTS if played.mode == "duel" else R.SOLITAIRE_RESULTS)
    wrong = [c for c in choices if c != played.result]
    record = record_for(rng, played, rng.choice(wrong))
    return render(rng, record), {"result": played.result, "error_ply": None}


def kind_illegal(rng, kind=None):
    for _ in range(100):
        played = random_played(rng)
        if not played.moves:
            continue
        index = rng.randrange(len(played.moves))
        board, to_move, result = played.states[index]
        pool = DUEL_ILLEGAL if played.mode == "duel" else SOLITAIRE_ILLEGAL
        wanted = kind or rng.choice(pool)
        if wanted not in pool:
            wanted = rng.choice(pool)
        token = illegal_move(rng, played.mode, board, to_move, wanted)
        if token is None:
            continue
        plies = list(played.moves[:index])
        plies.append(token)
        if rng.random() < 0.5:
            plies.extend(played.moves[index + 1 :])
        plies = maybe_lowercase(rng, plies[:index], 0.15) + plies[index:]
        record = record_for(rng, played, None, plies=plies, lowercase=0)
        return render(rng, record), {
            "error_ply": index + 1,
            "error_move": token,
            "position": R.write_position(board),
        }
    raise RuntimeError("could not place an illegal move")


def kind_after_end(rng):
    while True:
        played = random_played(rng)
        if played.result is not None:
            break
    extra = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.7:
            # a move that would be legal for someone if the game went on
            board = played.board
            if played.mode == "duel":
                options = R.duel_moves(board, FIRE) + R.duel_moves(board, ICE)
            else:
                options = []
            if options:
                extra.append(move_text(*rng.choice(options)))
            else:
                extra.append(move_text(*rng.sample(R.HOLES, 2)))
        else:
            extra.append(rng.choice(GARBAGE_LAST))
    record = record_for(rng, played, None, plies=played.moves + extra)
    ply = len(played.moves) + 1
    return render(rng, record), {"error_ply": ply, "result": played.result}


def kind_garbage(rng):
    played = random_played(rng)
    index = rng.randint(0, len(played.moves))
    if played.result is not None and index == len(played.moves):
        index = max(0, index - 1)
    garbage = GARBAGE_TOKENS if index < len(played.moves) else GARBAGE_LAST
    token = rng.choice(garbage + BAD_HOLE_TOKENS)
    plies = played.moves[:index] + [token] + played.moves[index:]
    record = record_for(rng, played, None, plies=plies)
    return render(rng, record), {"error_ply": index + 1}


def kind_messy_legal(rng):
    """A legal game written with numbers, comments, odd spacing, lower case."""
    played = random_played(rng)
    result = played.result if rng.random() < 0.5 else None
    record = record_for(rng, played, result, lowercase=0.6)
    return render(rng, record, style="messy"), {"result": played.result, "error": None}


def kind_header_error(rng):
    played = random_duel(rng)
    cut = rng.randrange(0, len(played.moves) + 1)
    plies = played.moves[:cut]
    setup = R.START_POSITION
    if rng.random() < 0.5:
        # a mid-game position, so that "the setup if it could be read" shows
        setup = R.write_position(played.states[rng.randrange(len(played.states))][0])
        plies = []
    tags = [("Game", "Fire and Ice"), ("Mode", "duel"), ("Setup", setup)]
    problem = rng.choice(
        [
            "setup_short",
            "setup_long",
            "setup_char",
            "mode",
            "duplicate",
            "too_many",
            "game",
            "tomove",
            "result",
            "solitaire_no_setup",
            "malformed",
            "too_many_ice",
        ]
    )
    raw_lines = None
    expect_position = setup
    if problem == "setup_short":
        tags[2] = ("Setup", setup[:48])
        expect_position = R.START_POSITION
    elif problem == "setup_long":
        tags[2] = ("Setup", setup + rng.choice("-#O"))
        expect_position = R.START_POSITION
    elif problem == "setup_char":
        pos = rng.randrange(49)
        tags[2] = ("Setup", setup[:pos] + rng.choice("XxI*+ @1") + setup[pos + 1 :])
        expect_position = R.START_POSITION
    elif problem == "mode":
        tags[1] = ("Mode", rng.choice(["Duel", "chess", "", "DUEL", "solo"]))
    elif problem == "duplicate":
        name, value = rng.choice(tags + [("Event", "x")])
        if name == "Event":
            tags.append((name, value))
        tags.append((name, value))
    elif problem in ("too_many", "too_many_ice"):
        colour = FIRE if problem == "too_many" else ICE
        count = rng.randint(26, 30)
        other_count = rng.randint(0, 49 - count)
        board = random_setup(
            rng, count if colour == FIRE else other_count, count if colour == ICE else other_count
        )
        expect_position = R.write_position(board)
        tags[2] = ("Setup", expect_position)
    elif problem == "game":
        tags[0] = ("Game", rng.choice(["Fire & Ice", "fire and ice", "Chess", ""]))
    elif problem == "tomove":
        tags.append(("ToMove", rng.choice(["Fire", "red", "white", "both", ""])))
    elif problem == "result":
        tags.append(("Result", rng.choice(["won", "lost", "1-0", "Fire", "**"])))
    elif problem == "solitaire_no_setup":
        tags = [("Mode", "solitaire")]
        plies = []
        expect_position = R.START_POSITION
    elif problem == "malformed":
        raw_lines = rng.choice(
            [
                "[Mode duel]",
                '[Mode "duel"] extra',
                '[Mode "du\\el"]',
                '[Mode "duel"',
                '[ "duel"]',
                '[Event "a"b"]',
                '[1Mode "duel"]',
            ]
        )
    tags = arrange_tags(rng, tags)
    text = render(rng, Record(tags, plies), style="plain")
    if raw_lines is not None:
        text = raw_lines + "\n" + text
    return text, {"error_ply": None, "position": expect_position}


KINDS = [
    kind_duel_full,
    kind_duel_full,
    kind_duel_truncated,
    kind_handicap,
    kind_handicap,
    kind_midgame_setup,
    kind_random_setup,
    kind_decided_setup,
    kind_supply_pass,
    kind_blocked_pass,
    kind_draw,
    kind_solitaire,
    kind_solitaire,
    kind_solitaire_truncated,
    kind_solitaire_small,
    kind_solitaire_won,
    kind_wrong_result,
    kind_illegal,
    kind_illegal,
    kind_illegal,
    kind_after_end,
    kind_garbage,
    kind_messy_legal,
    kind_header_error,
]


def check(expect, answer, text):
    """Compare the generator's intent with the reference replay."""
    error = answer["error"]
    problems = []
    if "error" in expect and expect["error"] is None and error is not None:
        problems.append("unexpected error")
    if "error_ply" in expect:
        if error is None:
            problems.append("expected an error")
        elif error["ply"] != expect["error_ply"]:
            problems.append("error at ply %r, expected %r" % (error["ply"], expect["error_ply"]))
    if "error_move" in expect and error is not None and error["move"] != expect["error_move"]:
        problems.append("error move %r" % error["move"])
    for field in ("result", "position", "to_move"):
        if field in expect and answer[field] != expect[field]:
            problems.append("%s %r, expected %r" % (field, answer[field], expect[field]))
    if problems:
        raise GeneratorMismatch("%s\n%s\n%s" % ("; ".join(problems), answer, text))


def generate(seed, count):
    rng = random.Random(seed)
    kinds = list(KINDS)
    rng.shuffle(kinds)
    texts = []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        text, expect = kind(rng)
        check(expect, R.replay(text), text)
        texts.append(text)
    return texts


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for n, text in enumerate(generate(args.seed, args.count)):
        base = os.path.join(args.out, "%05d" % n)
        with open(base + ".txt", "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        with open(base + ".json", "w", encoding="utf-8", newline="\n") as handle:
            handle.write(json.dumps(R.replay(text)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
