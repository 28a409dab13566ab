# The values that cross the board's modules, each defined here once: the
# tracker's phases (Tracker.phase: what the board waits for), the board's
# move while it thinks (Tracker.forced), and the kinds of the loop's parts
# that others tell apart without loading their module. For every module
# that acts on them: the tracker and its solitaire step, the lights, the
# first scan, the takeback, a new game and the status command. (A leaf,
# fireboard.mem.LEAVES: its importers copy the values.)

IDLE = 0  # the pegs match the game
LIFTED = 1  # one peg that may move is up (from_hole)
LANDED = 2  # duel: it stands on a legal hole to_hole, from_hole waits for the fill
BOTH = 3  # solitaire: capturer and captured are both up (from_hole, to_hole)
VICTIM = 4  # solitaire: a peg that can be captured is up (from_hole)
ERROR = 5  # something is wrong: fix is the first thing to put right
RESTORE = 6  # after a takeback, back to the game's position
SETUP = 7  # a new game: put the pegs where they belong
OVER = 8  # the game has ended

# their names, as the status command gives them
NAMES = ("idle", "lifted", "landed", "both", "victim", "error", "restore", "setup", "over")

# Tracker.fix_kind, the first thing to put right (ERROR, RESTORE, SETUP):
# a peg to remove, a peg to put in, a peg to change for one of the other
# colour; and their names, as the status command gives them
FIX_REMOVE = 1
FIX_PUT = 2
FIX_COLOUR = 3
FIX_NAMES = (None, "remove", "put", "colour")

# Tracker.forced while the board's opponent thinks: nothing may move
THINKING = -2
# Tracker.forced while a remote opponent's move has not come yet
# (fireboard.track_remote): nothing may move either. (Below THINKING: the
# lights pulse the turn LED for every forced value from THINKING down.)
WAITING = -3

# a part's kind (its `kind`): the solitaire's judge and the dealer of a
# graded deal (fireboard.track_judge), told apart by a new game; the
# remote opponent (fireboard.track_remote)
JUDGE = 1
DEALER = 2
REMOTE = 3
