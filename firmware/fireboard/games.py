# The game record on the board's flash: game.txt is the game being played,
# games/NNNN.txt the finished or abandoned ones.
#
# A completed move is appended to game.txt the moment it is made (one short
# append); takebacks and the end of a game rewrite the file in one step
# (store.write: new file, then rename). A power cut at any moment therefore
# leaves every completed move on flash, at worst with a half-written last
# word, which resuming drops (fireboard.gamefiles, loaded only then).
#
# Records are written a piece at a time (fireice.rec.pieces): however long
# the game, its text is never whole in the heap. Every write either happens
# whole or raises, leaving the flash as it was; the App announces a move,
# a takeback or a result only once it is written. A new game's record is
# started by fireboard.newgame.

from fireboard.store import FULL
from fireice.geom import RESULT_NAMES

CURRENT = "game.txt"
NEXT = "game.new"  # a new game's record, until it replaces game.txt
ARCHIVE = "games"
# there while a new game's pegs are being set up (removed when they match):
# after a restart, a digital board has the pegs standing put in afresh
SETTING = "game.setup"
NO_RECORD = "this game has no record: " + FULL


class Games:
    def __init__(self, store):
        self.store = store
        # the record's tags, [name, value] (the moves are the game's); None
        # when the game has no record (it could not be started)
        self.tags = []
        self.setting = False  # SETTING is on flash
        self.marks = True  # a new game writes SETTING (digital front end)

    def placed(self):
        """The pegs stand as the game begins: the set-up is over."""
        if self.setting:
            self.setting = False
            self.store.remove(SETTING)

    def save(self, game):
        """Write the whole record in one step: the tags, the game's moves
        and its result (a takeback takes the result away). Raises, with
        the record on flash and these tags as they were, if it cannot."""
        if self.tags is None:  # its record could not be started
            raise OSError(NO_RECORD)
        from fireice import forget, rec

        tags = [t for t in self.tags if t[0] != "Result"]
        if game.result:
            tags.append(["Result", RESULT_NAMES[game.result]])
        try:
            self.store.write(CURRENT, rec.pieces(tags, rec.moves(game)))
        finally:
            rec = None
            forget("fireice.rec")  # rare: new games, takebacks, results
        self.tags = tags

    def moved(self, text):
        """A move, appended to the record."""
        if self.tags is None:
            raise OSError(NO_RECORD)
        self.store.append(CURRENT, " " + text)
