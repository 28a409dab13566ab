"""`fireice play`: play Fire and Ice (or the solitaire) on the terminal,
with the rules core that runs on the board checking every move."""

import datetime
import sys

from fireice import art, record
from fireice.duel import Duel
from fireice.geom import RESULT_NAMES, SIDE_NAMES, FireIceError, islands_str, move_name
from fireice.notation import parse_move
from fireice.seeded import deal, handicap_position
from fireice.solo import Solitaire
from fireice.moves import legal_moves

HELP = """Type a move such as D4-C4 (a peg's hole, then where it goes).
Other commands:
  moves       list the legal moves
  undo        take back the last move
  new         start a new game of the same kind
  record      print the game record
  hint        the engine's best move for the side to move
  help        this text
  quit        leave (end of input does too)"""


HINT_LEVEL = 4  # the engine's level for hints (quick on the host)


class Session:
    def __init__(
        self, mode="duel", handicap=0, side=1, seed=0, out=print, clock=None, vs=0, level=3
    ):
        """clock() gives the local time a new game starts at (a datetime;
        None for no Date and Time); datetime.now by default. vs: the side
        the engine plays (1 Fire, 2 Ice, 0 none), at level."""
        self.vs = vs
        self.level = level
        self.engines = {}
        self.hints = 0
        self.mode = mode
        self.handicap = handicap
        self.side = side
        self.seed = seed
        self.out = out
        self.clock = clock or datetime.datetime.now
        self.new()

    def new(self):
        # the tags as the board writes them, in its order (docs/records.md)
        rec = record.Record()
        rec.set("Mode", self.mode)
        when = self.clock()
        if when is not None:
            rec.set("Date", when.strftime("%Y.%m.%d"))
            rec.set("Time", when.strftime("%H:%M:%S"))
        if self.mode == "solitaire":
            setup = deal(self.seed)
            rec.set("Seed", str(self.seed))
            rec.set("Setup", setup)
            self.game = Solitaire(setup)
        elif self.handicap:
            setup = handicap_position(self.handicap, self.side, self.seed)
            rec.set("Handicap", str(self.handicap))
            rec.set("HandicapSide", SIDE_NAMES[self.side])
            rec.set("Seed", str(self.seed))
            rec.set("Setup", setup)
            self.game = Duel(setup)
        else:
            self.game = Duel()
        if self.vs and self.mode == "duel":
            # who played which side: the engine's, as `fireice match` names them
            rec.set(SIDE_NAMES[self.vs].capitalize(), "engine level %d" % self.level)
        self.record = rec
        self.seed += 1

    def engine(self, level):
        from fireice_tools.native import host_engine

        if level not in self.engines:
            self.engines[level] = host_engine(level, 1)
        e = self.engines[level]
        e.seed(1009 * self.seed + self.game.ply)
        return e

    def engine_moves(self):
        """The engine plays while it is its turn (a forced pass may give it
        two moves in a row); its moves are printed."""
        g = self.game
        played = False
        while self.vs and self.mode == "duel" and not g.result and g.to_move == self.vs:
            mv = self.engine(self.level).think(g)
            frm, to = mv >> 6, mv & 63
            g.play(frm, to)
            self._recorded(frm, to)
            self.out(
                "%s (the engine, level %d) plays %s"
                % (SIDE_NAMES[self.vs].capitalize(), self.level, move_name(frm, to))
            )
            played = True
        return played

    def _recorded(self, frm, to):
        self.record.moves.append(move_name(frm, to))
        if self.game.result:
            self.record.set("Result", RESULT_NAMES[self.game.result])

    def hint(self):
        g = self.game
        if self.mode != "duel":
            return "hints are for the two-player game"
        if g.result:
            return "the game is over"
        e = self.engine(HINT_LEVEL)
        mv = e.think(g)
        self.hints += 1
        if e.proven == g.to_move:
            why = "a forced win%s" % (" in %d plies" % e.mate if e.mate else "")
        elif e.proven:
            why = "every move loses against best play"
        else:
            why = "%s's win chance about %d%%" % (SIDE_NAMES[g.to_move].capitalize(), e.score // 10)
        return "hint: %s (%s; hints used: %d)" % (move_name(mv >> 6, mv & 63), why, self.hints)

    def status(self):
        g = self.game
        if isinstance(g, Duel):
            lines = [art.render(g.cells, (g.supply(1), g.supply(2))), ""]
            lines.append(
                "Fire controls: %s   Ice controls: %s"
                % (islands_str(g.ctrl[1]) or "-", islands_str(g.ctrl[2]) or "-")
            )
        else:
            lines = [art.render(g.cells), ""]
            lines.append("Pegs left: %d" % (g.count[1] + g.count[2]))
        if g.result in (1, 2):
            lines.append(
                "%s wins on islands %s. Type new or quit."
                % (SIDE_NAMES[g.result].capitalize(), record.winning_islands(g))
            )
        elif g.result == 3:
            lines.append("Draw: neither side can move. Type new or quit.")
        elif g.result:
            left = g.count[1] + g.count[2]
            lines.append(
                "Solitaire %s with %d peg%s left. Type new or quit."
                % ("won" if g.result == 4 else "lost", left, "" if left == 1 else "s")
            )
        elif g.to_move:
            lines.append("%s to move." % SIDE_NAMES[g.to_move].capitalize())
        else:
            lines.append("Either colour may start.")
        return "\n".join(lines)

    def prompt(self):
        g = self.game
        return (SIDE_NAMES[g.to_move] or ("game over" if g.result else "either")) + "> "

    def legal(self):
        buf = bytearray(600)
        n = legal_moves(self.game, buf)
        return sorted(move_name(buf[2 * k], buf[2 * k + 1]) for k in range(n))

    def command(self, line):
        """Handle one input line; False to quit."""
        word = line.strip()
        low = word.lower()
        if not word:
            return True
        if low in ("quit", "exit", "q"):
            return False
        if low == "help":
            self.out(HELP)
        elif low == "moves":
            self.out(" ".join(self.legal()) or "no legal move")
        elif low == "undo":
            g = self.game
            if g.ply:
                # against the engine: back to before your last move (and the
                # engine's answers to it)
                while g.ply:
                    g.pop()
                    self.record.moves.pop()
                    if not self.vs or g.to_move != self.vs:
                        break
                self.record.set("Result", None)
                if self.engine_moves():
                    self.out("(no move of yours to take back)")
                self.out(self.status())
            else:
                self.out("nothing to take back")
        elif low == "hint":
            self.out(self.hint())
        elif low == "new":
            self.new()
            self.engine_moves()
            self.out(self.status())
        elif low == "record":
            self.out(record.format(self.record).rstrip())
        else:
            try:
                frm, to = parse_move(word)
                self.game.play(frm, to)
            except FireIceError as e:
                self.out("not played: %s (type help for help)" % e)
                return True
            self._recorded(frm, to)
            self.engine_moves()
            self.out(self.status())
        return True


def run(mode, handicap, side, seed, stdin=sys.stdin, vs=0, level=3):
    s = Session(mode, handicap, side, seed, vs=vs, level=level)
    print("Fire and Ice on the terminal. Type help for the commands.\n")
    if vs:
        print("The engine plays %s at level %d.\n" % (SIDE_NAMES[vs].capitalize(), level))
        s.engine_moves()
    print(s.status())
    while True:
        if stdin.isatty():
            try:
                line = input(s.prompt())
            except EOFError:
                print()
                break
        else:
            line = stdin.readline()
            if not line:
                break
            print(s.prompt() + line.rstrip())
        if not s.command(line):
            break
    return 0
