# The game record on the board's flash: game.txt is the game being played,
# games/NNNN.txt the finished or abandoned ones.
#
# A completed move is appended to game.txt the moment it is made (one short
# append); takebacks and the end of a game rewrite the file in one step
# (store.write: new file, then rename). A power cut at any moment therefore
# leaves every completed move on flash, at worst with a half-written last
# word, which resume() drops. The record reader and writer are loaded only
# for these rare moments, and forgotten after.
from fireice.geom import RESULT_NAMES, START, FireIceError
from fireice.lazy import forget


def _record():
    from fireice import record

    return record


def _rec():
    from fireice import rec

    return rec


CURRENT = "game.txt"
ARCHIVE = "games"


class Games:
    def __init__(self, store):
        self.store = store
        self.rec = None

    def new(self, game, tags):
        """Start the record of a new game (tags: list of [name, value])."""
        self._archive()
        rec = _rec().Record()
        for name, value in tags:
            rec.set(name, value)
        if not game.duel:
            rec.set("Mode", "solitaire")
            rec.set("Setup", game.position())
        else:
            rec.set("Mode", "duel")
            if game.position() != START:
                rec.set("Setup", game.position())
        self.rec = rec
        self._save()

    def _save(self):
        self.store.write(CURRENT, _rec().format(self.rec))

    def moved(self, text):
        self.rec.moves.append(text)
        self.store.append(CURRENT, " " + text)

    def undone(self):
        self.rec.moves.pop()
        self.rec.set("Result", None)
        self._save()

    def ended(self, game):
        self.rec.set("Result", RESULT_NAMES[game.result])
        self._save()

    def _archive(self):
        # keep the current game (if it has moves) as games/NNNN.txt
        text = self.store.read(CURRENT)
        if text is None:
            return
        # a record with moves (or one that cannot be read) is kept
        keep = text.find("\n\n") < 0 or bool(text[text.find("\n\n") :].strip())
        if keep:
            self.store.mkdir(ARCHIVE)
            self.store.rename(CURRENT, "%s/%04d.txt" % (ARCHIVE, self.next_number()))
        else:
            self.store.remove(CURRENT)

    def next_number(self):
        n = 0
        for name in self.store.listdir(ARCHIVE):
            if name.endswith(".txt") and name[:-4].isdigit():
                n = max(n, int(name[:-4]))
        return n + 1

    def resume(self):
        """The saved game, replayed: (game or None, problem or None). A bad
        last word (a write cut short) is dropped; a record that cannot be
        read at all is kept as games/NNNN-bad.txt and None returned."""
        text = self.store.read(CURRENT)
        if text is None:
            return None, None
        record = _record()
        try:
            rec = record.parse(text)
            game = record.new_game(rec)
        except FireIceError as e:
            self.store.mkdir(ARCHIVE)
            name = "%s/%04d-bad.txt" % (ARCHIVE, self.next_number())
            self.store.rename(CURRENT, name)
            forget("fireice.record")
            return None, "saved game unreadable (%s), kept as %s" % (e, name)
        game, err = record.replay(rec, game)
        problem = None
        if err is not None:
            if err[0] is None:
                rec.set("Result", RESULT_NAMES[game.result] if game.result else None)
                problem = "saved game: %s; fixed" % err[2]
            else:
                dropped = len(rec.moves) - err[0] + 1
                rec.moves = rec.moves[: err[0] - 1]
                problem = "saved game: ply %d (%s) %s; %d word%s dropped" % (
                    err[0],
                    err[1],
                    err[2],
                    dropped,
                    "" if dropped == 1 else "s",
                )
        self.rec = rec
        if err is not None:
            self._save()
        forget("fireice.record")
        return game, problem


def new_game(mode, handicap=0, side=1, seed=0, position=None, to_move=None):
    """(game, tags) for a new game; raises FireIceError on bad settings."""
    tags = []
    if mode == "solitaire":
        from fireice.solo import Solitaire

        if position is None:
            from fireice.seeded import deal

            position = deal(seed)
            forget("fireice.seeded")
            tags.append(["Seed", str(seed)])
        if to_move:
            tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
        return Solitaire(position, to_move or 0), tags
    from fireice.duel import Duel

    if mode != "duel":
        raise FireIceError("mode must be duel or solitaire, not %r" % mode)
    if position is None:
        if handicap:
            from fireice.seeded import handicap_position

            position = handicap_position(handicap, side, seed)
            forget("fireice.seeded")
            tags.append(["Handicap", str(handicap)])
            tags.append(["HandicapSide", "fire" if side == 1 else "ice"])
            tags.append(["Seed", str(seed)])
        else:
            position = START
    if to_move:
        tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
    return Duel(position, to_move or 1), tags
