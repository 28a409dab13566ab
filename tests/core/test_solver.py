# The solitaire solver against a plain brute-force search written here, on
# small positions; its lines replayed by the rules (fireice.solo); slices;
# graded deals. Runs on CPython and MicroPython.
from fireice.geom import FireIceError, move_name
from fireice.seeded import Rng
from fireice.solo import Solitaire
from fireice.solver import LOST, RUNNING, WON, Solver, can_start, grade_deal, solve
from support import MICROPYTHON, raises


def brute(cells, to_move):
    # every capture sequence, no pruning, no table: can one peg be left?
    pegs = [h for h in range(49) if cells[h]]
    if len(pegs) == 1:
        return True
    for f in pegs:
        s = cells[f]
        if to_move and s != to_move:
            continue
        for t in pegs:
            if cells[t] == 3 - s and (f // 7 == t // 7 or f % 7 == t % 7):
                cells[t] = s
                cells[f] = 0
                ok = brute(cells, 3 - s)
                cells[f] = s
                cells[t] = 3 - s
                if ok:
                    return True
    return False


def small_position(rng):
    # 4..9 pegs on the first 3..5 islands and positions, so they meet
    span = 3 + rng.below(3)
    n = 4 + rng.below(6)
    cells = bytearray(49)
    holes = [7 * i + p for i in range(span) for p in range(span)]
    rng.shuffle(holes)
    for h in holes[:n]:
        cells[h] = 1 + rng.below(2)
    return cells


def replays_to_a_win(cells, to_move, line):
    g = Solitaire(cells, to_move)
    for f, t in line:
        g.play(f, t)
    return g.result == 4


def test_agrees_with_brute_force_on_small_positions():
    rng = Rng(2024)
    n = 1000 if MICROPYTHON else 3000
    exact = Solver(0, 512)
    board = Solver(64, 256)  # a tiny table: slots overwritten all the time
    wins = 0
    for _ in range(n):
        cells = small_position(rng)
        to_move = rng.below(3)
        want = brute(bytearray(cells), to_move)
        for sv in (exact, board):
            sv.start(cells, to_move)
            st = sv.run(1 << 20)
            assert st == (WON if want else LOST), (cells, to_move, st)
            if want:
                assert replays_to_a_win(cells, to_move, sv.line())
        wins += want
    # both verdicts are common in the sample
    assert n // 10 < wins < n - n // 10, wins


def test_slices_give_the_same_answer_as_one_run():
    from fireice.seeded import deal

    one = Solver(0, 1024)
    sliced = Solver(0, 1024)
    for seed in (0, 6, 11):
        one.clear()
        one.start(deal(seed))
        assert one.run(1 << 20) == WON
        sliced.clear()
        sliced.start(deal(seed))
        runs = 0
        while sliced.run(3) == RUNNING:
            runs += 1
        assert sliced.status == WON and runs >= 8
        assert sliced.line() == one.line() and sliced.nodes == one.nodes
        assert replays_to_a_win(deal(seed), 0, one.line())


def _positions(games):
    # the positions after every capture of a random player's games (one move
    # ahead), with the colour to move: deals and the positions a board solves
    from fireice.seeded import Rng, deal
    from fireice.solver import _step

    walker = Solver(1, 400)
    out = []
    for seed in range(games):
        rng = Rng(seed)
        walker.start(deal(seed))
        to_move = 0
        out.append((deal(seed), 0))
        while True:
            s = _step(walker, rng, to_move)
            if not s or walker.cnt[1] + walker.cnt[2] == 1:
                break
            to_move = 3 - s
            out.append((bytearray(walker.cells), to_move))
    return out


def _bounded(sv, cells, to_move, budget):
    # a board's solve: calls of run() until the answer or budget nodes; the
    # status and the most work units a call spent
    sv.clear()
    sv.start(cells, to_move)
    most = 0
    left = budget
    while True:
        n = sv.nodes
        st = sv.run(left)
        most = max(most, sv.spent)
        left -= sv.nodes - n
        if st != RUNNING or left <= 0:
            return st, most


def test_work_bounds_each_call_and_changes_no_answer():
    # Solver.work (a board's slices between scans): every call spends at
    # most work units (or one step, when work is less than a step), and the
    # search is the same however the work cuts it: status, nodes, line
    from fireice import solver as m
    from fireice.solver import BOARD_TABLE

    step = max(m.W_ORDER + 4, m.W_NODE, m.W_GEN, m.W_BACK, m.W_UNDO, m.W_PREP)
    one = Solver(BOARD_TABLE)
    cut = Solver(BOARD_TABLE)
    positions = _positions(2 if MICROPYTHON else 6)
    assert len(positions) > 40
    for work in (1, 9, 20):
        cut.work = work
        for cells, to_move in positions:
            one.clear()
            one.start(cells, to_move)
            want = one.run(2000)
            st, most = _bounded(cut, cells, to_move, 2000)
            assert (st, cut.nodes) == (want, one.nodes), (work, cells, to_move)
            assert cut.line() == one.line()
            assert 0 < most <= max(work, step), (work, most)
            if want == WON:
                assert replays_to_a_win(cells, to_move, cut.line())
        assert cut.spent <= max(work, step)


def test_a_bounded_start_is_the_same_start():
    # with work set, start() only reads the position and run() makes the
    # rest in steps: one peg is won, pegs apart are lost, bad cells named
    sv = Solver(64, 256)
    sv.work = 1
    sv.start("-" * 48 + "#")
    assert sv.status == RUNNING and sv.prep
    calls = 0
    while sv.run(10) == RUNNING:
        calls += 1
    assert sv.status == WON and sv.line() == [] and calls == 6  # 7 islands, a step each
    sv.start("#" + "-" * 7 + "O" + "-" * 40)
    while sv.run(10) == RUNNING:
        pass
    assert sv.status == LOST and sv.nodes == 0
    sv.start("#O" + "-" * 47, 2)
    while sv.run(10) == RUNNING:
        pass
    assert sv.status == WON and sv.line() == [(1, 0)]
    bad = bytearray(49)
    bad[48] = 3
    e = raises(FireIceError, sv.start, bad, 0)
    assert "hole 48 holds 3" in str(e)


def test_keys_made_a_few_at_a_time_are_the_same_keys():
    # the board makes a new solver's keys 40 a pass (fireboard.track_judge)
    whole = Solver(64, 256)
    parts = Solver(64, 256, False)
    assert parts.keyed == 0 and not parts.keys(40) and parts.keyed == 40
    while not parts.keys(40):
        pass
    assert parts.keyed == 200 and list(parts.z) == list(whole.z)
    assert parts.keys(40)  # (done: nothing more)


def test_budget_gives_unknown_and_the_search_goes_on():
    from fireice.seeded import deal

    v, line, nodes = solve(deal(3), 0, 5)
    assert v is None and line == [] and nodes == 5
    v, line, nodes = solve(deal(3))
    assert v is True and len(line) == 27


def test_plain_cases():
    one = "-" * 48 + "#"
    assert solve(one) == (True, [], 0)
    # two pegs that share no island and no position: never one peg
    assert solve("#" + "-" * 7 + "O" + "-" * 40)[0] is False
    # A1 (Fire) and A2 (Ice): either may capture; only Fire when Fire moves
    v, line, _ = solve("#O" + "-" * 47, 1)
    assert v and line == ["A1-A2"]
    v, line, _ = solve("#O" + "-" * 47, 2)
    assert v and line == ["A2-A1"]
    # colour counts: Fire to move with two Fire and one Ice cannot win
    assert not can_start(2, 1, 1) and can_start(1, 2, 1) and can_start(2, 2, 2)
    assert solve("##O" + "-" * 46, 1)[0] is False
    assert solve("##O" + "-" * 46, 2)[0] is True


def test_bad_input_is_named():
    e = raises(FireIceError, solve, "#O", 0)
    assert "49" in str(e)
    e = raises(FireIceError, solve, "#O" + "-" * 47, 3)
    assert "to_move" in str(e)
    e = raises(FireIceError, grade_deal, 1, "tricky")
    assert "tricky" in str(e)
    e = raises(FireIceError, grade_deal, -1, "easy")
    assert "-1" in str(e)


def test_graded_deal_is_the_same_everywhere_and_won_by_its_line():
    pos, line, safe = grade_deal(0, "easy")
    assert pos == "-#O-OO##-OOOO#----##OO--O#O-O--###-O-#------##O-#", pos
    assert safe >= 88 and len(line) == 27
    assert replays_to_a_win(pos, 0, line)
    assert move_name(line[0][0], line[0][1]) == "A2-A6"


def test_grader_in_slices_gives_grade_deal():
    from fireice.seeded import deal
    from fireice.solver import Grader

    for seed, grade in ((1, "hard"), (2, "hard"), (5749, "any"), (3, "any")):
        want = grade_deal(seed, grade)
        g = Grader(seed, grade)
        steps = 0
        while g.step(50) is None:
            steps += 1
        assert g.result == want, (seed, grade)
        if grade == "hard":
            assert steps > 5 and want[2] < 80 and replays_to_a_win(want[0], 0, want[1])
    # the rulebook's deal 5749 cannot be won (B2 shares no line with a peg)
    assert grade_deal(5749, "any") == (deal(5749), [], -1)
    assert grade_deal(3, "any")[0] == deal(3)


def test_a_graders_pieces_deal_as_seeded_deal_and_empty_the_table():
    # the candidate's shuffle in pieces of SWAPS swaps deals fireice.seeded's
    # deal; the table is emptied before its search (a block of zeros a copy)
    from fireice.seeded import deal
    from fireice.solver import SWAPS, BOARD_TABLE, Grader

    sv = Solver(BOARD_TABLE)
    sv.work = 16
    for seed in (0, 1, 7, 5749, 123456):
        for k in range(sv.table):
            sv.t2[k] = k + 1
        g = Grader(seed, "any", sv)
        pieces = 0
        while g.todo:
            i = g.i if g.todo == 1 else 0
            g._piece()
            if i > 0:
                assert 0 < i - g.i <= SWAPS and g.i >= 0  # at most SWAPS swaps
            pieces += 1
        assert g.pos == deal(seed), seed
        assert bytes(sv.src) == bytes(".#O".index(c) if c in "#O" else 0 for c in g.pos)
        assert sv.known_lost() == 0 and pieces > 48 // SWAPS


def test_the_random_players_capture_in_pieces_is_steps():
    # Grader._choose, a piece at a time (a half of a colour's captures made,
    # or at most TRIED of them tried), chooses the capture _step chooses, with
    # the same draws
    from fireice.seeded import deal
    from fireice.solver import TRIED, Grader, _step

    g = Grader(0, "easy")
    w = g.walker
    ref = Solver(1, 400)
    tried = [0]
    score = w._score

    def counted(f, t, s):
        tried[0] += 1
        return score(f, t, s)

    w._score = counted
    for seed in range(12):
        to_move = 0
        ref.start(deal(seed), 0)
        w.start(deal(seed), 0)
        while w.prep:
            w._prep()
        r1 = Rng(seed)
        g.rng = Rng(seed)
        g.safe = 0
        g.walks = 0
        while True:
            s = _step(ref, r1, to_move)
            g.to_move = to_move
            g.ph = g.n = 0
            g.todo = 3
            while g.todo == 3:
                tried[0] = 0
                g._choose()
                assert tried[0] <= TRIED
            if not s:
                assert g.kept == 0
                break
            assert g.todo == 4 and 3 - g.to_move == s
            assert bytes(w.cells) == bytes(ref.cells) and g.rng.x == r1.x
            to_move = 3 - s


def test_a_board_graders_slices_give_grade_deal_and_each_call_is_bounded():
    # with the solver's work set (a board), each call makes one piece or one
    # slice of the search, and the deal is the same as grade_deal's
    from fireice.solver import BOARD_TABLE, Grader

    for seed, grade in ((0, "easy"), (3, "any")):
        want = grade_deal(seed, grade)
        sv = Solver(BOARD_TABLE)
        sv.work = 16
        g = Grader(seed, grade, sv)
        runs = [0]
        run = sv.run

        def counted(budget, runs=runs, run=run):
            runs[0] += 1
            return run(budget)

        sv.run = counted
        calls = 0
        while True:
            before = g.todo
            runs[0] = 0
            r = g.step(1)
            calls += 1
            if before:
                assert runs[0] == 0  # a piece: no search in the same call
            else:
                assert runs[0] == 1 and sv.spent <= 16  # one slice, its work bounded
            if r is not None:
                break
        assert r == want and calls > 500
