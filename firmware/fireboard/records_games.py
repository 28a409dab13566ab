# The game record on the board's flash: game.txt is the game being played,
# games/NNNN.txt the finished or abandoned ones.
#
# A completed move is appended to game.txt the moment it is made (one short
# append); takebacks and the end of a game rewrite the file in one step
# (store.write: new file, then rename). A power cut at any moment therefore
# leaves every completed move on flash, at worst with a half-written last
# word, which resuming drops (fireboard.records_resume, loaded only then).
#
# Records are written a piece at a time (fireice.rec.pieces, rec.rewrite):
# however long the game and however many its tags, its text is never whole
# in the heap, nor are its tags: they are on flash only. Every write either
# happens whole or raises, leaving the flash as it was; the App announces a
# move, a takeback or a result only once it is written. A new game's record
# is started by fireboard.records_newgame.

from fireboard.records_store import FULL
from fireice.geom import RESULT_NAMES

CURRENT = "game.txt"
NEXT = "game.new"  # a new game's record, until it replaces game.txt
ARCHIVE = "games"
# there while a new game's pegs are being set up (removed when they match):
# after a restart, a digital board has the pegs standing put in afresh
SETTING = "game.setup"
NO_RECORD = "this game has no record: " + FULL
# the hints noted in the move text (14 bytes each) past which a hint
# rewrites the record (hinted): the longest game's record with every tag
# is under 1 KB, and a board reads back at most 4 KB
NOTED_MAX = 64


class Games:
    def __init__(self, store):
        self.store = store
        # False when the game has no record (it could not be started); its
        # tags are on flash only, read a line at a time when it is rewritten
        self.recorded = True
        self.hw = None  # the board's hardware: its clock dates the records
        self.began = None  # when the game in play was started (None: resumed)
        self.setting = False  # SETTING is on flash
        self.marks = True  # a new game writes SETTING (digital front end)
        # the game's opponent, from its record: None (two players), or
        # (the side the board plays, its level) (tag Fire or Ice)
        self.vs = None
        # a remote game's opponent, from its record: None, or (the remote
        # side, the server's game id, the opponent's name) (tags Remote,
        # RemoteGame and the remote side's Fire or Ice)
        self.remote = None
        # the hints noted in the record's move text since it was last
        # written whole (hinted; counted by resuming)
        self.noted = 0

    def placed(self):
        """The pegs stand as the game begins: the set-up is over."""
        if self.setting:
            self.setting = False
            self.store.remove(SETTING)

    def save(self, game, add=(), result=-1):
        """Rewrite the record in one step: its tags as on flash, copied a
        line at a time (the tags the board does not know stay as they are,
        and never all in the heap), add ([name, value] tags, after Game and
        Mode), the Hints tag with every hint counted (the hints noted in the
        move text move into it: hinted), the game's result (a takeback takes
        it away; result: the Result tag's text instead, as a game ended by
        its remote opponent's server has it) and its moves. Raises, with the record on flash as it was,
        if it cannot."""
        if not self.recorded:  # its record could not be started
            raise OSError(NO_RECORD)
        from fireboard.mem import done
        from fireice import rec

        tag, noted = self._count()
        last = (("Hints", str(tag + noted)),) if noted else ()
        head = None
        try:
            head = self.store.open(CURRENT)
            self.store.write(
                CURRENT,
                rec.rewrite(
                    head,
                    add,
                    RESULT_NAMES[game.result] if result == -1 else result,
                    rec.moves(game),
                    72,
                    last,
                ),
            )
            self.noted = 0
        finally:
            if head is not None:
                head.close()  # (closed already once its tags are read)
            head = rec = None
            done("record")  # rare: new games, takebacks, results

    def ended(self, how):
        """A remote game ended by its server (fireboard.track_remote.end):
        how is (game, the Result tag's text: fire, ice, draw or * for none,
        the server's status), the status kept as a Termination tag."""
        game, result, status = how
        self.save(game, (("Termination", status),), result)

    def hints(self):
        """How many hints the game in play has had, read from flash: its
        record's Hints tag (0 without one) and the hints noted in its move
        text since the record was last rewritten (hinted)."""
        tag, noted = self._count()
        return tag + noted

    def _count(self):
        # (the Hints tag's value, the {hint ...} comments in the move text);
        # a comment cut short by a power cut (no "}") is no hint: it was
        # never announced
        tag = noted = 0
        with self.store.open(CURRENT) as f:
            for line in f:
                if line.startswith(b"["):
                    if line.startswith(b'[Hints "'):
                        v = line[8 : line.find(b'"', 8)]
                        tag = int(v) if v.isdigit() else 0
                    continue
                k = line.count(b"{hint")
                if k and line.rfind(b"{") > line.rfind(b"}"):
                    k -= 1
                noted += k
        return tag, noted

    def hint_saved(self, game, move, out):
        """The hint noted (hinted) before it is shown and said: True; or,
        if it cannot be saved, the hint refused with the reason (out: the
        App's events) and False."""
        try:
            self.hinted(game, move)
            return True
        except (OSError, MemoryError) as e:
            out({"ev": "hint", "move": None, "reason": "the hint could not be saved (%s)" % e})
            return False

    def hinted(self, game, move):
        """One more hint in the record, written before it is announced (so
        a restart keeps the count): a comment {hint D4-D1} (move: the
        hint's move) appended to the move text, one short append, as a
        move is; the next rewrite (save) counts it into the Hints tag.
        Raises if it cannot (a failed append may leave part of the
        comment, which counts for nothing and resuming drops)."""
        if not self.recorded:
            raise OSError(NO_RECORD)
        self.store.append(CURRENT, " {hint %s}\n" % move)
        self.noted += 1
        if self.noted > NOTED_MAX:
            # a record grown long with hints: they go into its tag, so that
            # it stays well within what a board reads back (4 KB); the hint
            # is saved already if this fails
            try:
                self.save(game)
            except (OSError, MemoryError):
                pass

    def moved(self, text):
        """A move, appended to the record."""
        if not self.recorded:
            raise OSError(NO_RECORD)
        self.store.append(CURRENT, " " + text)
