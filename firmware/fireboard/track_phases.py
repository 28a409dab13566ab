# The tracker's phases (Tracker.phase): what the board waits for. The one
# list of them, for every module that acts on a phase: the tracker and its
# solitaire step, the lights, the first scan, the takeback and the status
# command.
from micropython import const

IDLE = const(0)  # the pegs match the game
LIFTED = const(1)  # one peg that may move is up (h)
LANDED = const(2)  # duel: it stands on a legal hole t, h waits for the fill
BOTH = const(3)  # solitaire: capturer and captured are both up (h, t)
VICTIM = const(4)  # solitaire: a peg that can be captured is up (h)
ERROR = const(5)  # something is wrong: fix is the first thing to put right
RESTORE = const(6)  # after a takeback, back to the game's position
SETUP = const(7)  # a new game: put the pegs where they belong
OVER = const(8)  # the game has ended

# their names, as the status command gives them
NAMES = ("idle", "lifted", "landed", "both", "victim", "error", "restore", "setup", "over")
