# The game record on the board's flash: game.txt is the game being played,
# games/NNNN.txt the finished or abandoned ones.
#
# A completed move is appended to game.txt the moment it is made (one short
# append); takebacks and the end of a game rewrite the file in one step
# (store.write: new file, then rename). A power cut at any moment therefore
# leaves every completed move on flash, at worst with a half-written last
# word, which resuming drops (fireboard.gamefiles, loaded only then).
# Games.new is called with fireboard.newgame loaded (it made the game).
import gc

from fireice.geom import RESULT_NAMES, START, move_name

CURRENT = "game.txt"
ARCHIVE = "games"


class Games:
    def __init__(self, store):
        self.store = store
        self.tags = []  # the record's tags, [name, value]; the moves are the game's

    def new(self, game, tags):
        """Start the record of a new game (tags: list of [name, value]). The
        record is made before anything on flash changes, so running out of
        memory here leaves the old game and its record as they were."""
        from fireboard.newgame import archive

        tags = [["Game", "Fire and Ice"], ["Mode", "duel" if game.duel else "solitaire"]] + tags
        if not game.duel or game.position() != START:
            tags.append(["Setup", game.position()])
        text = self._text(game, tags)
        archive(self.store)
        self.tags = tags
        self.store.write(CURRENT, text)

    def save(self, game):
        """Write the whole record: the tags and the game's moves."""
        self.store.write(CURRENT, self._text(game, self.tags))

    def _text(self, game, tags):
        from fireice import forget, rec

        hist = game.hist
        moves = [move_name(hist[2 * k], hist[2 * k + 1]) for k in range(game.ply)]
        text = rec.format(rec.Record(tags, moves))
        rec = None
        forget("fireice.rec")  # rare: new games, takebacks, results
        gc.collect()
        return text

    def moved(self, text):
        self.store.append(CURRENT, " " + text)

    def undone(self, game):
        self._result(None)
        self.save(game)

    def ended(self, game):
        self._result(RESULT_NAMES[game.result])
        self.save(game)

    def _result(self, value):
        from fireice import forget, rec

        rec.Record(self.tags).set("Result", value)
        rec = None
        forget("fireice.rec")
        gc.collect()
