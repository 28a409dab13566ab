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
  help        this text
  quit        leave (end of input does too)"""


class Session:
    def __init__(self, mode="duel", handicap=0, side=1, seed=0, out=print, clock=None):
        """clock() gives the local time a new game starts at (a datetime;
        None for no Date and Time); datetime.now by default."""
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
        self.record = rec
        self.seed += 1

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
            if self.game.ply:
                self.game.pop()
                self.record.moves.pop()
                self.record.set("Result", None)
                self.out(self.status())
            else:
                self.out("nothing to take back")
        elif low == "new":
            self.new()
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
            self.record.moves.append(move_name(frm, to))
            if self.game.result:
                self.record.set("Result", RESULT_NAMES[self.game.result])
            self.out(self.status())
        return True


def run(mode, handicap, side, seed, stdin=sys.stdin):
    s = Session(mode, handicap, side, seed)
    print("Fire and Ice on the terminal. Type help for the commands.\n")
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
