"""`fireice engine`: the engine behind a line protocol on stdin/stdout.

Two protocols (docs/engine.md):
- `fie`, shaped like UCI: fie, isready, setoption, newgame, position, go,
  stop, quit; every bad line gets one `error ...` line and the engine goes on;
- `--simple`, shaped like the Frostfire bot contest: the first line is the
  side (and an opening), then one line of moves before each of our moves.
"""

import queue
import sys
import threading
import time

from fireice.duel import Duel
from fireice.engine import LEVELS
from fireice.geom import START, FireIceError, move_name, parse_position
from fireice.notation import parse_move
from fireice.version import VERSION
from fireice_tools.native import HOST_MAX_LEVEL as MAX_LEVEL
from fireice_tools.native import host_engine

NAME = "fireice-engine"
DEFAULT_LEVEL = 6
MAX_THREADS = 64  # the native core's limit
TIMED = 1 << 29  # playouts for `go movetime` alone on the native core: the time decides


# The answer to `help`: the fie commands, for a person typing to the engine.
HELP = (
    """The fie commands (docs/engine.md), one a line:
  fie                          who the engine is and its options, then fieok
  isready                      answers readyok
  setoption name Level value N the level, 1 to %d
  setoption name Seed value N  the seed (the same seed plays the same)
  newgame                      a new game from the start
  position startpos [moves M1 M2 ...]
  position duel <49 chars> fire|ice [moves ...]
                               the position to think about
  go [level N] [movetime MS] [nodes N]
                               think, then: info ..., bestmove MOVE
  stop                         stop thinking and answer now
  quit                         leave
Moves are written D4-C4. Example: position startpos moves D4-C4, then go."""
    % MAX_LEVEL
)


class ProtocolError(ValueError):
    """A line the protocol cannot act on; the engine answers `error ...`."""


def parse_position_cmd(words):
    """The words after `position` -> Duel. Raises ProtocolError/FireIceError."""
    if not words:
        raise ProtocolError("position needs startpos or duel <49 chars> fire|ice")
    if words[0] == "startpos":
        g = Duel()
        rest = words[1:]
    elif words[0] == "duel":
        if len(words) < 3:
            raise ProtocolError("position duel needs <49 chars> and fire or ice")
        side = words[2].lower()
        if side not in ("fire", "ice"):
            raise ProtocolError("position duel: side must be fire or ice, not %r" % words[2])
        parse_position(words[1])  # a clear error for a bad position
        g = Duel(words[1], 1 if side == "fire" else 2)
        rest = words[3:]
    else:
        raise ProtocolError("position: expected startpos or duel, not %r" % words[0])
    if rest:
        if rest[0] != "moves":
            raise ProtocolError("position: expected 'moves', not %r" % rest[0])
        for k, m in enumerate(rest[1:]):
            try:
                frm, to = parse_move(m)
                g.play(frm, to)
            except FireIceError as e:
                raise ProtocolError("position: move %d (%s): %s" % (k + 1, m, e))
    return g


def _int_arg(words, k, name):
    try:
        v = int(words[k + 1])
    except (IndexError, ValueError):
        raise ProtocolError("go: %s needs a whole number" % name)
    if v < 0:
        raise ProtocolError("go: %s must be 0 or more" % name)
    return v


def info_line(player, g, ms):
    """The `info ...` line after a search."""
    s = g.to_move
    if player.proven and player.proven == s:
        score = "score win %d" % player.mate if player.mate else "score win"
    elif player.proven == 3:
        score = "score draw"
    elif player.proven:
        score = "score loss %d" % player.mate if player.mate else "score loss"
    else:
        score = "score chance %.3f" % (player.score / 1000)
    pv = ""
    n = getattr(player, "pv_len", 0)
    if n:
        pv = " pv " + " ".join(move_name(player.pv[k] >> 6, player.pv[k] & 63) for k in range(n))
    return "info %s nodes %d time %d%s" % (score, player.work, ms, pv)


class Server:
    def __init__(self, out, player=None, level=DEFAULT_LEVEL, seed=1):
        self.out = out
        self.fixed = player  # a player object given by the caller (the baseline)
        self.level = level
        self.seed = seed
        self.threads = 1  # the native core's search threads (the Threads option)
        self.player = player or host_engine(level, seed)
        self.game = Duel()
        self.active = self.player  # the player searching now, for stop
        self.stopped = False

    def say(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    def setoption(self, words):
        # setoption name Level value N
        low = [w.lower() for w in words]
        if len(words) != 4 or low[0] != "name" or low[2] != "value":
            raise ProtocolError("setoption name <Level|Seed|Threads> value <N>")
        try:
            v = int(words[3])
        except ValueError:
            raise ProtocolError("setoption: value must be a whole number, not %r" % words[3])
        if low[1] == "level":
            if not 1 <= v <= MAX_LEVEL:
                raise ProtocolError("setoption: Level is 1 to %d, not %d" % (MAX_LEVEL, v))
            self.level = v
            if not self.fixed:
                self.player = host_engine(v, self.seed, threads=self.threads)
        elif low[1] == "seed":
            if v < 0:
                raise ProtocolError("setoption: Seed must be 0 or more")
            self.seed = v
        elif low[1] == "threads":
            if not 1 <= v <= MAX_THREADS:
                raise ProtocolError("setoption: Threads is 1 to %d, not %d" % (MAX_THREADS, v))
            self.threads = v
            if hasattr(self.player, "threads"):
                self.player.threads = v  # the Python engine has one thread
        else:
            raise ProtocolError("setoption: no option %r (Level, Seed, Threads)" % words[1])

    def go(self, words):
        ms = nodes = 0
        level = None
        k = 0
        while k < len(words):
            w = words[k].lower()
            if w == "movetime":
                ms = _int_arg(words, k, "movetime")
            elif w == "nodes":
                nodes = _int_arg(words, k, "nodes")
            elif w == "level":
                level = _int_arg(words, k, "level")
                if not 1 <= level <= MAX_LEVEL:
                    raise ProtocolError("go: level is 1 to %d, not %d" % (MAX_LEVEL, level))
            else:
                raise ProtocolError("go: unknown argument %r (movetime, nodes, level)" % words[k])
            k += 2
        g = self.game
        if not g.to_move:
            self.say("bestmove none")
            return
        player = self.player
        if level is not None and not self.fixed and level != player.level:
            player = host_engine(level, self.seed, threads=self.threads)
        player.seed(self.seed * 1009 + g.ply)
        self.active = player
        player.stop = self.stopped
        t = time.perf_counter()
        if ms and not nodes and getattr(player, "timed", False):
            # the native core spends the whole time on the search (its
            # level's playouts take a fraction of it); the Python engine
            # stops at its level's playouts or the time, whichever comes first
            nodes = TIMED
        mv = player.think(g, nodes, ms)
        dt = int((time.perf_counter() - t) * 1000)
        self.say(info_line(player, g, dt))
        self.say("bestmove " + move_name(mv >> 6, mv & 63))

    def handle(self, line):
        """One command line; False on quit."""
        words = line.split()
        if not words:
            return True
        cmd = words[0].lower()
        try:
            if cmd == "fie":
                self.say("id name %s" % NAME)
                self.say("id version %s" % VERSION)
                self.say(
                    "option name Level type spin default %d min 1 max %d" % (self.level, MAX_LEVEL)
                )
                self.say("option name Seed type spin default %d min 0 max 1000000000" % self.seed)
                self.say("option name Threads type spin default 1 min 1 max %d" % MAX_THREADS)
                self.say("fieok")
            elif cmd == "isready":
                self.say("readyok")
            elif cmd == "setoption":
                self.setoption(words[1:])
            elif cmd == "newgame":
                self.game = Duel()
            elif cmd == "position":
                self.game = parse_position_cmd(words[1:])
            elif cmd == "go":
                self.go(words[1:])
            elif cmd == "stop":
                pass  # thinking is over by the time a command is read
            elif cmd == "quit":
                return False
            elif cmd == "help":
                for line in HELP.split("\n"):
                    self.say(line)
            else:
                raise ProtocolError("unknown command %r (help lists them)" % words[0])
        except (ProtocolError, FireIceError) as e:
            self.say("error %s" % e)
        return True


def _reader(inp, q, server):
    # stdin in a thread: `stop` reaches a search while it runs. `quit` does
    # not: it is read in turn, so that a script piped in whole (`go` lines
    # and a `quit` at its end) gets every search in full.
    for line in inp:
        w = line.split()
        if w and w[0].lower() == "stop":
            server.stopped = True
            server.active.stop = True
        q.put(line)
    q.put(None)


def serve_fie(inp, out, player=None, level=DEFAULT_LEVEL, seed=1):
    server = Server(out, player, level, seed)
    q = queue.Queue()
    threading.Thread(target=_reader, args=(inp, q, server), daemon=True).start()
    while True:
        line = q.get()
        if line is None:
            return 0
        w = line.split()
        if w and w[0].lower() == "stop":
            server.stopped = False  # a stop between searches stops nothing
        if not server.handle(line):
            return 0


def serve_simple(inp, out, player=None, level=DEFAULT_LEVEL, seed=1, ms=0):
    """The Frostfire-style protocol: first line `fire`/`ice` (or 1/2) and the
    moves already played; then a line of moves before each of our moves."""
    player = player or host_engine(level, seed)
    first = inp.readline()
    words = first.split()
    if not words or words[0].lower() not in ("fire", "ice", "1", "2"):
        out.write("error the first line must be fire, ice, 1 or 2\n")
        out.flush()
        return 2
    me = 1 if words[0].lower() in ("fire", "1") else 2
    g = Duel()

    def apply(ws):
        for m in ws:
            if m.lower() == "pass":
                continue
            frm, to = parse_move(m)
            g.play(frm, to)

    try:
        apply(words[1:])
        while True:
            if g.result:
                return 0
            if g.to_move == me:
                player.seed(seed * 1009 + g.ply)
                mv = player.think(g, 0, ms)
                g.push(mv >> 6, mv & 63)
                out.write(move_name(mv >> 6, mv & 63) + "\n")
                out.flush()
                if g.result:
                    return 0
            line = inp.readline()
            if not line:
                return 0
            apply(line.split())
    except FireIceError as e:
        out.write("error %s\n" % e)
        out.flush()
        return 1


def serve(inp, out, player=None, simple=False, level=DEFAULT_LEVEL, seed=1, ms=0):
    if simple:
        return serve_simple(inp, out, player, level, seed, ms)
    return serve_fie(inp, out, player, level, seed)


def main(args):
    if not 1 <= args.level <= MAX_LEVEL:
        print("fireice engine: --level is 1 to %d" % MAX_LEVEL, file=sys.stderr)
        return 2
    return serve(sys.stdin, sys.stdout, None, args.simple, args.level, args.seed, args.movetime)


__all__ = ["LEVELS", "START", "serve", "main", "parse_position_cmd"]
