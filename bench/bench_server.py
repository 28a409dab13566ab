"""The game server under load (make bench-server): many games at once
through the API, each player a client with its own connections (its game's
stream and one for its moves), playing random legal moves.

    python bench/bench_server.py [--db sqlite|postgresql] [--processes N]
        [--correspondence 1000] [--live 200] [--seconds 120]

Correspondence games move slowly (a move every --corr-think seconds on
average), live games quickly (--live-think); a live game that ends is
followed by a new one between the same two players, so that --live games
run all the time. At the end every move the server acknowledged is looked
for in the game as the API gives it. Prints `name: value` lines:
concurrent games held, moves a second, the time from a move's POST to the
opponent's stream (median, 99th percentile), errors, moves lost.

The server runs as a separate process (or processes, on PostgreSQL, the
players of each game on different ones), on 127.0.0.1 at free ports.
"""

import argparse
import asyncio
import os
import random
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rawhttp import Connection, HttpError  # noqa: E402

from fireice.duel import Duel  # noqa: E402
from fireice.geom import move_name, parse_position  # noqa: E402
from fireice.moves import random_move  # noqa: E402
from fireice.notation import parse_move  # noqa: E402

FINISHED = ("won", "resign", "outoftime", "aborted", "draw")
PASSWORD = "bench-password-1"
OPENING = 32  # streams being opened at once


class Stats:
    def __init__(self):
        self.latencies = []
        self.acked = {}  # game id -> {ply: move}
        self.posted = {}  # (game id, ply) -> (perf_counter at the POST, the poster's side)
        self.errors = 0
        self.error_kinds = {}
        self.held = 0
        self.held_max = 0
        self.moves = 0
        self.games_finished = 0
        self.opening = asyncio.Semaphore(OPENING)

    def error(self, what):
        self.errors += 1
        self.error_kinds[what] = self.error_kinds.get(what, 0) + 1


class Player:
    """One side of one game: its stream, and its moves posted on a
    connection of its own."""

    def __init__(self, addr, token, name, stats):
        self.addr = addr
        self.token = token
        self.name = name
        self.stats = stats

    async def play(self, gid, think, until, held):
        stats = self.stats
        # a few streams open at a time: players come one by one, not all
        # in the same millisecond
        opening = stats.opening
        await opening.acquire()
        waiting = True
        stream = Connection(*self.addr, token=self.token)
        post = Connection(*self.addr, token=self.token)
        side = None
        game = None
        answered = -1
        counted = False
        try:
            async for ev in stream.stream("/api/board/game/stream/%s" % gid):
                now = time.perf_counter()
                if waiting:
                    waiting = False
                    opening.release()
                if ev is None:
                    if now > until:
                        return False
                    continue
                kind = ev.get("type")
                if kind == "gameFull":
                    side = "fire" if ev["fire"]["name"] == self.name else "ice"
                    game = ev
                    state = ev["state"]
                    if not counted:
                        counted = True
                        held[0] += 1
                        if held[0] == 2:
                            stats.held += 1
                            stats.held_max = max(stats.held_max, stats.held)
                elif kind == "gameState":
                    state = ev
                else:
                    continue
                moves = (state.get("moves") or "").split()
                n = len(moves)
                sent = stats.posted.get((gid, n - 1)) if n else None
                if sent is not None and sent[1] != side:
                    del stats.posted[(gid, n - 1)]
                    stats.latencies.append(now - sent[0])  # the opponent's move reached us
                if state.get("status") in FINISHED:
                    stats.games_finished += side == "fire"
                    return True
                if state.get("to_move") != side or n <= answered or time.perf_counter() > until:
                    if time.perf_counter() > until:
                        return False
                    continue
                delay = random.uniform(0.5, 1.5) * think
                await asyncio.sleep(min(delay, until - time.perf_counter() + 0.01))
                if time.perf_counter() > until:
                    return False
                duel = Duel(parse_position(game["setup"]), 1)
                for m in moves:
                    duel.play(*parse_move(m))
                mv = random_move(duel, random.randrange)
                text = move_name(mv >> 6, mv & 63)
                stats.posted[(gid, n)] = (time.perf_counter(), side)
                try:
                    status, answer = await post.request(
                        "POST", "/api/board/game/%s/move/%s?ply=%d" % (gid, text, n)
                    )
                except (OSError, HttpError, asyncio.IncompleteReadError) as e:
                    stats.error("move: %s" % type(e).__name__)
                    post.close()
                    post = Connection(*self.addr, token=self.token)
                    stats.posted.pop((gid, n), None)
                    continue
                if status == 200:
                    answered = n
                    stats.acked.setdefault(gid, {})[n] = text
                    stats.moves += 1
                else:
                    stats.posted.pop((gid, n), None)
                    stats.error("move: %d %s" % (status, (answer or {}).get("error", "")[:60]))
            stats.error("stream ended")
            return False
        except HttpError as e:
            stats.error("stream: %s" % e)
            return False
        except (OSError, asyncio.IncompleteReadError, ValueError) as e:
            stats.error("stream: %s" % type(e).__name__)
            return False
        finally:
            if waiting:
                opening.release()
            if counted:
                if held[0] == 2:
                    stats.held -= 1
                held[0] -= 1
            stream.close()
            post.close()


async def new_game(addr, a, b, body, stats):
    """A challenge from a to b, accepted: the game's id (a plays Fire)."""
    ca = Connection(*addr, token=a[1])
    cb = Connection(*addr, token=b[1])
    try:
        status, ans = await ca.request("POST", "/api/challenge/%s" % b[0], body)
        if status != 201:
            stats.error("challenge: %d %s" % (status, (ans or {}).get("error", "")[:60]))
            return None
        gid = ans["id"]
        status, ans = await cb.request("POST", "/api/challenge/%s/accept" % gid)
        if status != 200:
            stats.error("accept: %d %s" % (status, (ans or {}).get("error", "")[:60]))
            return None
        return gid
    finally:
        ca.close()
        cb.close()


async def one_game(addrs, a, b, body, think, until, stats):
    gid = await new_game(addrs[0], a, b, body, stats)
    if gid is None:
        return False
    held = [0]
    pa = Player(addrs[0], a[1], a[0], stats)
    pb = Player(addrs[-1], b[1], b[0], stats)
    done = await asyncio.gather(pa.play(gid, think, until, held), pb.play(gid, think, until, held))
    return all(done)


async def live_slot(addrs, a, b, think, until, stats):
    body = {"color": "fire", "clock": {"limit": 3600, "increment": 10}, "rated": False}
    while time.perf_counter() < until:
        if not await one_game(addrs, a, b, body, think, until, stats):
            return


async def accounts(addr, n, tag, stats):
    """n accounts with their tokens: [(name, token)]."""
    out = []
    sem = asyncio.Semaphore(8)

    async def one(k):
        name = "b%s%04d" % (tag, k)
        async with sem:
            c = Connection(*addr)
            try:
                status, ans = await c.request(
                    "POST", "/api/account", {"username": name, "password": PASSWORD}
                )
                if status not in (201, 409):
                    stats.error("account: %d" % status)
                status, ans = await c.request(
                    "POST", "/api/token", {"username": name, "password": PASSWORD}
                )
                if status != 200:
                    raise SystemExit("token for %s: %d %s" % (name, status, ans))
                out.append((name, ans["token"]))
            finally:
                c.close()

    await asyncio.gather(*(one(k) for k in range(n)))
    return sorted(out)


async def verify(addr, stats):
    """Acknowledged moves not in their game as the API gives it."""
    lost = 0
    sem = asyncio.Semaphore(16)

    async def one(gid, acked):
        nonlocal lost
        async with sem:
            c = Connection(*addr)
            try:
                status, game = await c.request("GET", "/api/game/%s" % gid)
            finally:
                c.close()
        if status != 200:
            stats.error("verify: %d" % status)
            lost += len(acked)
            return
        moves = (game.get("state", game).get("moves") or "").split()
        lost += sum(1 for ply, mv in acked.items() if ply >= len(moves) or moves[ply] != mv)

    await asyncio.gather(*(one(g, a) for g, a in stats.acked.items()))
    return lost


async def make_games(addrs, people, args, stats):
    """The games, made before the clock starts (within --setup-seconds):
    [(game id, a, b, live)], a playing Fire."""
    pairs = len(people) // 2
    end = time.perf_counter() + args.setup_seconds
    sem = asyncio.Semaphore(8)
    made = []

    async def one(k, live):
        a, b = people[2 * (k % pairs)], people[2 * (k % pairs) + 1]
        if live:
            body = {"color": "fire", "clock": {"limit": 3600, "increment": 10}, "rated": False}
        else:
            body = {"color": "fire", "days": 3, "rated": False}
        async with sem:
            if time.perf_counter() > end:
                return
            gid = await new_game(addrs[0], a, b, body, stats)
        if gid is not None:
            made.append((gid, a, b, live))

    # both kinds in proportion, so that a setup cut short has some of each
    order = [(k / max(1, args.correspondence), k, False) for k in range(args.correspondence)]
    order += [(k / max(1, args.live), k, True) for k in range(args.live)]
    await asyncio.gather(*(one(k, live) for _, k, live in sorted(order)))
    return made


async def run(addrs, pids, args):
    import servers

    stats = Stats()
    tag = "%x" % (int(time.time()) % 0xFFFFF)
    t0 = time.perf_counter()
    people = await accounts(addrs[0], max(2, args.accounts // 2 * 2), tag, stats)
    print("setup_accounts: %d in %.1f s" % (len(people), time.perf_counter() - t0), flush=True)
    t0 = time.perf_counter()
    made = await make_games(addrs, people, args, stats)
    n_live = sum(1 for g in made if g[3])
    print(
        "setup_games: %d correspondence, %d live in %.1f s"
        % (len(made) - n_live, n_live, time.perf_counter() - t0),
        flush=True,
    )
    until_start = time.perf_counter()
    until = until_start + args.seconds
    cpu0 = servers.cpu_s(pids)

    async def play(gid, a, b, live):
        held = [0]
        think = args.live_think if live else args.corr_think
        pa = Player(addrs[0], a[1], a[0], stats)
        pb = Player(addrs[-1], b[1], b[0], stats)
        done = await asyncio.gather(
            pa.play(gid, think, until, held), pb.play(gid, think, until, held)
        )
        if live and all(done):  # the live game ended in time: the next one
            await live_slot(addrs, a, b, think, until, stats)

    await asyncio.gather(*(play(*g) for g in made))
    elapsed = time.perf_counter() - until_start
    cpu = servers.cpu_s(pids) - cpu0
    print("load_average_during: %.1f" % os.getloadavg()[0])
    lost = await verify(addrs[0], stats)
    lat = sorted(stats.latencies)
    print("concurrent_games_held: %d" % stats.held_max)
    print("moves: %d" % stats.moves)
    print("moves_per_s: %.1f" % (stats.moves / elapsed))
    if lat:
        print("latency_ms_median: %.1f" % (1000 * statistics.median(lat)))
        print("latency_ms_p99: %.1f" % (1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))]))
        print("latency_ms_worst: %.1f" % (1000 * lat[-1]))
    if pids:
        print("server_cpu_s: %.1f" % cpu)
        print("server_cpu_ms_per_move: %.1f" % (1000 * cpu / max(1, stats.moves)))
    print("games_finished: %d" % stats.games_finished)
    print("errors: %d" % stats.errors)
    for what, n in sorted(stats.error_kinds.items()):
        print("error: %s x%d" % (what, n))
    print("moves_acknowledged: %d" % sum(len(a) for a in stats.acked.values()))
    print("moves_lost: %d" % lost)
    return 0 if not lost else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--correspondence", type=int, default=1000)
    ap.add_argument("--live", type=int, default=200)
    ap.add_argument("--accounts", type=int, default=20, help="players the games share")
    ap.add_argument("--seconds", type=float, default=120, help="the games played for this long")
    ap.add_argument("--setup-seconds", type=float, default=120, help="most time to make games")
    ap.add_argument("--corr-think", type=float, default=20.0, help="s a correspondence move")
    ap.add_argument("--live-think", type=float, default=1.0, help="s a live move")
    ap.add_argument("--url", action="append", help="a server already running (no start)")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    import servers

    with servers.running(args.db, args.processes, args.url) as (addrs, pids):
        print("load_average_before: %.1f" % os.getloadavg()[0])
        print("db: %s" % args.db)
        print("processes: %d" % len(addrs))
        print("seconds: %.0f" % args.seconds)
        print("correspondence_games: %d" % args.correspondence)
        print("live_games: %d" % args.live)
        return asyncio.run(run(addrs, pids, args))


if __name__ == "__main__":
    sys.exit(main())
