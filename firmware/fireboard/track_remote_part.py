# A remote opponent's part of the loop (app.parts, docs/architecture.md):
# the other side of a remote game (fireboard.track_remote, which has the
# operations a link calls, and docs/protocol.md, "A remote opponent").
#
# The remote side is an opponent whose move comes from outside instead of
# from the engine: the part shows it as the board shows its own engine's
# move (fireboard.track_plays: the peg to lift blinks, the hole it goes to
# glows, a "plays" event), the player carries it out and puts the fill,
# and the move is saved, then announced ("move" with the remote side as
# "by"), as any other. Until the remote move comes, nothing may move
# (Tracker.forced WAITING: a peg lifted is guided back).
#
# Loaded while a remote game is played (fireboard.track_started.play_remote)
# and dropped with it; the operations' module is loaded for each one only.
# Its passes allocate nothing while the move is awaited or shown.
from fireice.geom import SIDE_NAMES, move_name

from fireboard.track_phases import ERROR, IDLE, LANDED, LIFTED, REMOTE, WAITING
from fireboard.track_plays import say, show
from fireboard.track_tracker import FREE


class Remote:
    kind = REMOTE

    def __init__(self, side, game, name):
        self.side = side  # the remote side: 1 Fire, 2 Ice
        self.game = game  # the server's game id
        self.name = name  # the opponent's name ("" when not known)
        self.state = "offline"  # the link's state (link)
        self.extra = None  # what the link said more: {"rating": ..., "clock": ...}
        # the moves from outside to show, in order, each (the ply it is
        # played at, frm * 64 + to): a remote move, or a sync's missing ones
        self.queue = []
        self.told = -1  # the move shown in this pass, said in the next
        self.ended = None  # the server's end of the game (end): its status
        self.resay = None  # a sync's local moves to say again: (from ply, to ply)

    def stop(self, app):
        """The remote game is no longer played here (a new game): the
        tracker takes any move again."""
        t = app.tracker
        if t.forced != FREE:
            t.force(FREE)
        t.plies = t.synced = False
        t.wait = None
        self.queue = []
        self.told = -1

    def tick(self, app, now):
        t = app.tracker
        if self.resay is not None:
            self._again(app)  # (after the sync's reply)
            return
        if self.told >= 0:
            mv = self.told
            self.told = -1
            if t.forced == mv:  # (still awaited: a sync meanwhile drops it)
                say(app, mv, t.game.to_move, True)
            return
        g = t.game
        q = self.queue
        while q and (g is None or q[0][0] < g.ply):
            q.pop(0)  # made
        if g is None or g.result:
            if t.forced != FREE:
                t.force(FREE)
            return
        f = t.forced
        if f >= 0:
            return  # a move shown: the hand carries it out
        if q:
            if q[0][0] != g.ply:  # (the game went on otherwise: not to be shown)
                self.queue = []
            elif t.phase == IDLE:  # the pegs match the game: show it
                mv = q[0][1]
                side = g.to_move
                t.synced = side != self.side
                if show(t, mv):
                    self.told = mv
                else:  # made at once (a colour board): said now, before the move is
                    say(app, mv, side, True)
            return
        if g.to_move == self.side:
            if f == FREE and t.phase in (IDLE, LIFTED, LANDED, ERROR):
                t.wait = "wait for %s's move" % (self.name or "the opponent")
                t.force(WAITING)
        elif f == WAITING:
            t.force(FREE)

    def due(self, app):
        """Whether the next pass has work for it (tick): the virtual board
        skips no scan then (simboard.idle)."""
        if self.told >= 0 or self.resay is not None:
            return True
        t = app.tracker
        g = t.game
        f = t.forced
        if g is None or g.result:
            return f != FREE
        if f >= 0:
            return False
        if self.queue:
            return self.queue[0][0] != g.ply or t.phase == IDLE
        if g.to_move == self.side:
            return f == FREE and t.phase in (IDLE, LIFTED, LANDED, ERROR)
        return f == WAITING

    def _again(self, app):
        # the local moves a sync found the server lacks, said again ("move"
        # events with "again" and their ply), in the pass after the sync,
        # so that they follow its reply
        span = self.resay
        self.resay = None
        g = app.tracker.game
        for j in range(span[0], span[1]):
            app._out(
                {
                    "ev": "move",
                    "move": move_name(g.hist[2 * j], g.hist[2 * j + 1]),
                    "by": SIDE_NAMES[3 - self.side],
                    "ply": j + 1,
                    "again": True,
                }
            )
