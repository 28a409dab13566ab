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
from fireice.geom import RESULT_NAMES, move_name

CURRENT = "game.txt"
NEXT = "game.new"  # a new game's record, until it replaces game.txt
ARCHIVE = "games"


class Games:
    def __init__(self, store):
        self.store = store
        # the record's tags, [name, value] (the moves are the game's); None
        # when the game has no record (it could not be started)
        self.tags = []

    def save(self, game):
        """Write the whole record: the tags and the game's moves."""
        self._recorded()
        self.store.write(CURRENT, self._pieces(game, self.tags))

    def _pieces(self, game, tags):
        from fireice import forget, rec

        yield from rec.pieces(tags, _moves(game))
        rec = None
        forget("fireice.rec")  # rare: new games, takebacks, results

    def _recorded(self):
        if self.tags is None:  # its record could not be started
            raise OSError("this game has no record: " + FULL)

    def moved(self, text):
        self._recorded()
        self.store.append(CURRENT, " " + text)

    def undone(self, game):
        self._result(None)
        self.save(game)

    def ended(self, game):
        """The record with the last move and the result, in one rewrite."""
        self._result(RESULT_NAMES[game.result])
        try:
            self.save(game)
        except BaseException:
            self._result(None)
            raise

    def _result(self, value):
        for t in self.tags:
            if t[0] == "Result":
                self.tags.remove(t)
                break
        if value is not None:
            self.tags.append(["Result", value])


def _moves(game):
    hist = game.hist
    for k in range(game.ply):
        yield move_name(hist[2 * k], hist[2 * k + 1])
