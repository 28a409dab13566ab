"""What quiet streams cost the server: N event streams held open with
nothing happening, and the server's CPU time over S seconds. Before the
streams waited for events, each woke every second to look at the time.

    python bench/bench_stream_idle.py [--streams 500] [--seconds 30]

Prints `name: value` lines: streams, seconds, keep-alive lines received,
server CPU (s, and ms a stream a minute)."""

import argparse
import asyncio
import json
import os
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import servers  # noqa: E402

PASSWORD = "bench-password-1"


def _post(addr, path, body):
    req = urllib.request.Request(
        "http://%s:%d%s" % (addr[0], addr[1], path),
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


async def _hold(addr, token, stop, beats):
    reader, writer = await asyncio.open_connection(*addr)
    writer.write(
        (
            "GET /api/stream/event HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer %s\r\n\r\n"
            % token
        ).encode()
    )
    await writer.drain()
    while not stop.is_set():
        try:
            data = await asyncio.wait_for(reader.read(4096), 1.0)
        except TimeoutError:
            continue
        if not data:
            break
        beats[0] += data.count(b"\n\r\n")  # an empty NDJSON line in its chunk
    writer.close()


async def _run(addr, pid, n, seconds):
    _post(addr, "/api/account", {"username": "idle", "password": PASSWORD})
    token = _post(addr, "/api/token", {"username": "idle", "password": PASSWORD})["token"]
    stop = asyncio.Event()
    beats = [0]
    tasks = [asyncio.create_task(_hold(addr, token, stop, beats)) for _ in range(n)]
    await asyncio.sleep(10)  # every stream open and past its first lines
    beats[0] = 0
    cpu0, t0 = servers.cpu_s([pid]), time.monotonic()
    await asyncio.sleep(seconds)
    cpu, elapsed = servers.cpu_s([pid]) - cpu0, time.monotonic() - t0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print("streams: %d" % n)
    print("seconds: %.0f" % elapsed)
    print("keepalive_lines: %d" % beats[0])
    print("server_cpu_s: %.2f" % cpu)
    print("server_cpu_ms_per_stream_minute: %.2f" % (1000 * cpu / n / (elapsed / 60)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--streams", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=30)
    args = ap.parse_args()
    print("load_average_before: %.1f" % os.getloadavg()[0])
    with servers.running("sqlite", 1) as (addrs, pids):
        asyncio.run(_run(addrs[0], pids[0], args.streams, args.seconds))


if __name__ == "__main__":
    main()
