# The tracker's phases (Tracker.phase): what the board waits for. The one
# list of them, for every module that acts on a phase: the tracker and its
# solitaire step, the lights, the first scan, the takeback and the status
# command.

IDLE = 0  # the pegs match the game
LIFTED = 1  # one peg that may move is up (h)
LANDED = 2  # duel: it stands on a legal hole t, h waits for the fill
BOTH = 3  # solitaire: capturer and captured are both up (h, t)
VICTIM = 4  # solitaire: a peg that can be captured is up (h)
ERROR = 5  # something is wrong: fix is the first thing to put right
RESTORE = 6  # after a takeback, back to the game's position
SETUP = 7  # a new game: put the pegs where they belong
OVER = 8  # the game has ended

# their names, as the status command gives them
NAMES = ("idle", "lifted", "landed", "both", "victim", "error", "restore", "setup", "over")
