"""`fireice match`: the referee. Two engine commands play each other over
balanced openings, each opening twice with the colours swapped, under a time
limit per move and a memory limit per engine; every game is written as a
record; the score, Elo with its 95% interval and an SPRT verdict are printed.

A bot loses the game when it answers late, plays an illegal move, answers
something that is not a move, exits, or grows past the memory limit; the
reason is recorded in the game's Termination tag.
"""

import math
import os
import queue
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from fireice.record import Record, format as format_record
from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, START, FireIceError, move_name
from fireice.notation import parse_move
from fireice_tools.openings import two_move

STARTUP_S = 10.0  # time for a bot to start and answer fie / its first line
POLL_S = 0.01  # memory samples


def openings(pairs, seed=2026):
    """pairs balanced openings as (setup, [moves]): the start and one move of
    each side (far too early for either side to be near a win), drawn from
    all two-move openings in a fixed, seeded order."""
    out = [[move_name(f1, t1), move_name(f2, t2)] for f1, t1, f2, t2 in two_move()]
    random.Random(seed).shuffle(out)
    if pairs > len(out):
        raise ValueError("at most %d openings" % len(out))
    return [(START, m) for m in out[:pairs]]


class Forfeit(Exception):
    """A bot lost the game by a fault: reason says which."""


class MatchError(Exception):
    """A match that cannot be played (an engine command that does not run):
    the message names the engine and its command."""


def command_argv(cmd, label):
    """The argument list of an engine's command. A first word that is not
    on PATH is an error naming the engine (label, A or B) and the command,
    except `fireice`, which is this program (so that the examples work from
    the project's .venv without it on PATH)."""
    try:
        argv = shlex.split(cmd)
    except ValueError as e:
        raise MatchError("engine %s: cannot read the command %r: %s" % (label, cmd, e))
    if not argv:
        raise MatchError("engine %s: the command is empty" % label)
    exe = argv[0]
    if os.sep in exe:
        if not os.access(exe, os.X_OK) or os.path.isdir(exe):
            raise MatchError("engine %s: %r: %s is not a program that can run" % (label, cmd, exe))
    elif shutil.which(exe) is None:
        if exe != "fireice":
            raise MatchError("engine %s: %r: %s is not a command on PATH" % (label, cmd, exe))
        here = os.path.join(os.path.dirname(sys.executable), "fireice")
        own = [here] if os.access(here, os.X_OK) else [sys.executable, "-m", "fireice_tools.cli"]
        argv = own + argv[1:]
    return argv


def _rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _children(pid):
    out = []
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, tid)) as f:
                out += [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        pass
    return out


class Bot:
    """One engine process for one game."""

    def __init__(self, cmd, proto, mem_mb, name, argv=None, label="A"):
        self.cmd = cmd
        self.proto = proto
        self.mem_kb = int(mem_mb * 1024)
        self.name = name
        self.peak_kb = 0
        self.over = False
        self.lines = queue.Queue()
        try:
            self.proc = subprocess.Popen(
                argv or command_argv(cmd, label),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise MatchError("engine %s: %r does not start: %s" % (label, cmd, e))
        threading.Thread(target=self._read, daemon=True).start()
        self._alive = True
        threading.Thread(target=self._watch, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def rss_kb(self):
        """Resident memory of the bot and the processes it started."""
        total = 0
        todo = [self.proc.pid]
        seen = 0
        while todo and seen < 64:
            pid = todo.pop()
            seen += 1
            total += _rss_kb(pid)
            todo += _children(pid)
        return total

    def _watch(self):
        while self._alive and self.proc.poll() is None:
            kb = self.rss_kb()
            self.peak_kb = max(self.peak_kb, kb)
            if kb > self.mem_kb:
                self.over = True
                self.proc.kill()
                return
            time.sleep(POLL_S)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Forfeit(self._gone())

    def _gone(self):
        if self.over:
            return "memory: over %d MB of resident memory" % (self.mem_kb // 1024)
        return "the bot exited"

    def read(self, deadline, what):
        """The next line before deadline (perf_counter), else Forfeit."""
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise Forfeit("late: no %s within the time limit" % what)
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                raise Forfeit("late: no %s within the time limit" % what)
            if self.over:
                raise Forfeit(self._gone())
            if line is None:
                raise Forfeit(self._gone())
            return line

    def close(self):
        self._alive = False
        if self.proc.poll() is None:
            try:
                if self.proto == "fie":
                    self.proc.stdin.write("quit\n")
                    self.proc.stdin.flush()
                self.proc.stdin.close()
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Player:
    """How to run one side: its command, protocol and go arguments."""

    def __init__(self, cmd, proto="fie", go=None, name=None, label="A"):
        if proto not in ("fie", "simple"):
            raise ValueError("protocol must be fie or simple, not %r" % proto)
        self.cmd = cmd
        self.proto = proto
        self.go = go
        self.name = name or cmd
        self.label = label  # A or B, for the errors

    def argv(self):
        """The command's argument list; MatchError when it cannot run."""
        return command_argv(self.cmd, self.label)


def _start(bot):
    if bot.proto == "fie":
        deadline = time.perf_counter() + STARTUP_S
        bot.send("fie")
        while bot.read(deadline, "fieok") != "fieok":
            pass
        bot.send("newgame")
        bot.send("isready")
        while bot.read(deadline, "readyok") != "readyok":
            pass


def _ask(bot, player, g, setup, first_side, moves, since, first_line, limit_s):
    # the bot's move text, or Forfeit
    deadline = time.perf_counter() + limit_s
    if bot.proto == "fie":
        if setup == START and first_side == 1:
            pos = "position startpos"
        else:
            pos = "position duel %s %s" % (setup, SIDE_NAMES[first_side])
        if moves:
            pos += " moves " + " ".join(moves)
        bot.send(pos)
        go = player.go or "movetime %d" % int(limit_s * 900)
        bot.send("go " + go)
        said = ""
        while True:
            try:
                line = bot.read(deadline, "bestmove")
            except Forfeit as f:
                raise Forfeit(str(f) + (" (it said: %s)" % said if said else ""))
            w = line.split()
            if w and w[0] == "error":
                said = line
            if w and w[0] == "bestmove":
                if len(w) < 2:
                    raise Forfeit("illegal: 'bestmove' without a move")
                return w[1]
    else:
        if first_line is not None:
            bot.send(first_line)
        else:
            bot.send(" ".join(since) if since else "pass")
        line = bot.read(deadline, "move").strip()
        return line


def play_game(a, b, a_side, setup, opening, limit_s, mem_mb):
    """One game: a plays a_side (1 Fire, 2 Ice). Returns a dict with the
    record (fireice.record.Record), result (1, 2, 3 or the side that won by forfeit),
    termination text, the opening, and the peak memory of both bots."""
    players = {a_side: a, 3 - a_side: b}
    g = Duel(setup, 1)
    moves = list(opening)
    for m in opening:
        g.play(*parse_move(m))
    bots = {}
    record = Record()
    record.set("Mode", "duel")
    if setup != START:
        record.set("Setup", setup)
    record.set("Fire", players[1].name)
    record.set("Ice", players[2].name)
    record.set("Opening", " ".join(opening))
    last = {1: len(moves), 2: len(moves)}  # index into moves since a bot's last look
    started = {1: False, 2: False}
    result = 0
    why = ""
    side = 0
    try:
        for s in (1, 2):
            side = s
            p = players[s]
            bots[s] = Bot(p.cmd, p.proto, mem_mb, p.name, p.argv(), p.label)
            _start(bots[s])
            if players[s].proto == "simple":
                last[s] = 0
        while not g.result:
            side = g.to_move
            bot = bots[side]
            first_line = None
            if bot.proto == "simple" and not started[side]:
                first_line = " ".join([SIDE_NAMES[side]] + moves)
                last[side] = len(moves)
            since = moves[last[side] :]
            started[side] = True
            text = _ask(bot, players[side], g, setup, 1, moves, since, first_line, limit_s)
            if text.lower() == "none":
                raise Forfeit("illegal: bestmove none while the game goes on")
            try:
                frm, to = parse_move(text)
            except FireIceError as e:
                raise Forfeit("illegal: %s" % e)
            why = g.check(frm, to)
            if why:
                raise Forfeit("illegal: %s: %s" % (move_name(frm, to), why))
            g.play(frm, to)
            moves.append(move_name(frm, to))
            last[side] = len(moves)
            if bot.over:
                raise Forfeit(bot._gone())
        result = g.result
        why = "normal"
        record.set("Result", ("", "fire", "ice", "draw")[result])
    except Forfeit as f:
        result = 3 - side
        why = "%s (%s) %s" % (SIDE_NAMES[side], players[side].name, f)
        record.set("Winner", SIDE_NAMES[result])
    finally:
        for bot in bots.values():
            bot.close()
    record.set("Termination", why)
    record.moves = moves
    peaks = {s: bots[s].peak_kb if s in bots else 0 for s in (1, 2)}
    return {
        "record": record,
        "result": result,
        "termination": why,
        "a_side": a_side,
        "peak_kb": peaks,
    }


def elo(score):
    """Elo difference for a score fraction (clamped away from 0 and 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return 0.0 - 400 * math.log10(1 / score - 1)  # 0.0 -: an even score is +0, not -0


def elo_interval(points):
    """Elo and its 95% interval from per-game points (1, 0.5, 0) of one side:
    the normal approximation of the mean score; when every game ended the
    same way (no spread), the Wilson interval of that score instead."""
    n = len(points)
    mean = sum(points) / n
    var = sum((x - mean) ** 2 for x in points) / n
    if var == 0:
        z = 1.96
        d = 1 + z * z / n
        c = (mean + z * z / (2 * n)) / d
        half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / d
        lo, hi = c - half, c + half
    else:
        half = 1.96 * math.sqrt(var / n)
        lo, hi = mean - half, mean + half
    return elo(mean), elo(lo), elo(hi)


def sprt(points, elo0, elo1, alpha=0.05, beta=0.05):
    """Generalised SPRT on per-game points (normal approximation): returns
    (llr, lower, upper, verdict) with verdict 'H1' (elo1 holds), 'H0' (elo0
    holds) or 'continue'."""
    n = len(points)
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    mean = sum(points) / n
    var = sum((x - mean) ** 2 for x in points) / n
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    if var <= 0:
        var = 1e-3
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    verdict = "H1" if llr >= upper else "H0" if llr <= lower else "continue"
    return llr, lower, upper, verdict


def run_match(a, b, games=20, limit_s=2.0, mem_mb=20.0, out_dir=None, progress=None):
    """a and b (Player) play `games` games (an even number: pairs). Returns
    the list of game dicts; records go to out_dir when given."""
    if games < 2 or games % 2:
        raise ValueError("games must be an even number, 2 or more")
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    done = []
    for setup, opening in openings(games // 2):
        for a_side in (1, 2):
            gm = play_game(a, b, a_side, setup, opening, limit_s, mem_mb)
            done.append(gm)
            if out_dir:
                path = os.path.join(out_dir, "game%03d.txt" % len(done))
                with open(path, "w", encoding="utf-8") as f:
                    f.write(format_record(gm["record"]))
            if progress:
                progress(len(done), games, gm)
    return done


def points_of_a(done):
    pts = []
    for gm in done:
        r = gm["result"]
        pts.append(0.5 if r == 3 else 1.0 if r == gm["a_side"] else 0.0)
    return pts


def main(args):
    try:
        a = Player(args.engine_a, args.proto_a, args.go_a, args.name_a)
        b = Player(args.engine_b, args.proto_b, args.go_b, args.name_b)
    except ValueError as e:
        print("fireice match: %s" % e, file=sys.stderr)
        return 2
    if args.games < 2 or args.games % 2:
        print("fireice match: --games must be an even number (pairs)", file=sys.stderr)
        return 2
    sprt_args = None
    if args.sprt:
        try:
            e0, e1 = (float(x) for x in args.sprt.split(","))
            sprt_args = (e0, e1)
        except ValueError:
            print("fireice match: --sprt takes elo0,elo1 such as 0,50", file=sys.stderr)
            return 2
    out = args.records

    def progress(n, total, gm):
        pts = points_of_a(done_so_far + [gm])
        done_so_far.append(gm)
        r = gm["result"]
        res = "draw" if r == 3 else ("A" if r == gm["a_side"] else "B") + " won"
        if gm["termination"] == "normal":
            how = "%s in %d moves" % (res, len(gm["record"].moves))
        else:
            how = "%s by forfeit (%s)" % (res, gm["termination"])
        print(
            "game %d/%d: A plays %s, %s; A %.1f/%d"
            % (n, total, SIDE_NAMES[gm["a_side"]], how, sum(pts), n),
            flush=True,
        )

    done_so_far = []
    try:
        a.label, b.label = "A", "B"
        a.argv()
        b.argv()
        if not out:
            # outside the project: a folder of its own under the system's temporary one
            out = tempfile.mkdtemp(prefix="fireice-match-")
        done = run_match(a, b, args.games, args.time, args.memory, out, progress)
    except (OSError, ValueError, MatchError) as e:
        print("fireice match: %s" % e, file=sys.stderr)
        return 2
    print_summary(done, a, b, sprt_args)
    print("records: %s" % out)
    # a match in which no game was played to its end measured nothing
    return 0 if played_out(done) else 1


def played_out(done):
    """How many games ended on the board (not by a forfeit)."""
    return sum(1 for gm in done if gm["termination"] == "normal")


def print_summary(done, a, b, sprt_args=None, out=sys.stdout):
    pts = points_of_a(done)
    n = len(pts)
    wins = sum(1 for p in pts if p == 1)
    draws = sum(1 for p in pts if p == 0.5)
    e, lo, hi = elo_interval(pts)
    forfeits = [gm["termination"] for gm in done if gm["termination"] != "normal"]
    w = out.write
    w("games: %d\n" % n)
    w(
        "score: A %.1f - B %.1f (A won %d, drew %d, lost %d)\n"
        % (sum(pts), n - sum(pts), wins, draws, n - wins - draws)
    )
    w("score_fraction: %.3f\n" % (sum(pts) / n))
    ended = played_out(done)
    if not ended:
        w("elo: none (no game was played to its end: every game was forfeited)\n")
    elif sum(pts) == n:
        # no finite estimate: only the interval's lower end says something
        w("elo: none (A won every game; 95%%: %+.0f or more)\n" % lo)
    elif sum(pts) == 0:
        w("elo: none (B won every game; 95%%: %+.0f or less)\n" % hi)
    else:
        w("elo: %+.0f (95%%: %+.0f to %+.0f)\n" % (e, lo, hi))
    w("played_out: %d\n" % ended)
    w("forfeits: %d\n" % len(forfeits))
    for f in forfeits:
        w("forfeit: %s\n" % f)
    peak_a = max(gm["peak_kb"][gm["a_side"]] for gm in done)
    peak_b = max(gm["peak_kb"][3 - gm["a_side"]] for gm in done)
    w("peak_rss_a_kb: %d\npeak_rss_b_kb: %d\n" % (peak_a, peak_b))
    if sprt_args:
        llr, lower, upper, verdict = sprt(pts, *sprt_args)
        w(
            "sprt: elo0 %g elo1 %g llr %.2f bounds %.2f %.2f verdict %s\n"
            % (sprt_args[0], sprt_args[1], llr, lower, upper, verdict)
        )
