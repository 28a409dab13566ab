"""`fireice server`: its options and its start (fireice_tools.cli calls
add_arguments and run)."""

import asyncio
import socket
import sys

from fireice_server import mail


def add_arguments(p):
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8026, help="port (8026; 0 picks a free one)")
    p.add_argument(
        "--db",
        metavar="URL",
        help="sqlite:///FILE or postgresql://USER@HOST:PORT/DB "
        "(default: a SQLite file in the user's data directory)",
    )
    p.add_argument("--keepalive", type=float, default=5.0, help="seconds between keep-alive lines")
    p.add_argument(
        "--send-timeout",
        type=float,
        default=10.0,
        help="seconds a stream's client may take to accept a line before it is dropped",
    )
    p.add_argument(
        "--gone-after",
        type=float,
        default=30.0,
        help="seconds a player's stream is away (on their turn) before opponentGone",
    )
    p.add_argument("--queue", type=int, default=64, help="events a stream may have waiting")
    p.add_argument(
        "--socket-buffer",
        type=int,
        default=0,
        metavar="BYTES",
        help="the send buffer of each connection (SO_SNDBUF; 0: the system's own, which grows "
        "to some MB): smaller finds a client that stopped reading sooner",
    )
    p.add_argument(
        "--clock-offset-file",
        metavar="FILE",
        help="for tests: the server's clock runs this file's number of seconds ahead",
    )
    p.add_argument(
        "--login-limit-account",
        type=int,
        default=10,
        metavar="N",
        help="failed logins of one account in 15 minutes before 429 (10)",
    )
    p.add_argument(
        "--login-limit-address",
        type=int,
        default=50,
        metavar="N",
        help="failed logins from one address in 15 minutes before 429 (50)",
    )
    p.add_argument(
        "--hash-memory",
        type=int,
        default=65536,
        metavar="KIB",
        help="memory of each new password hash, Argon2id (65536); lower only for tests",
    )
    p.add_argument("--log-level", default="warning", help="uvicorn's log level (warning)")
    mail.add_arguments(p)  # --smtp, --mail-from, --public-url


def run(args):
    import uvicorn

    from fireice_server import security
    from fireice_server.app import create_app
    from fireice_server.clock import Clock

    if args.hash_memory < 64:
        print("fireice server: --hash-memory: at least 64 KiB", file=sys.stderr)
        return 2
    if args.hash_memory != security.HASH_MEMORY_KIB:
        security.set_hash_memory(args.hash_memory)

    app = create_app(
        args.db,
        clock=Clock(args.clock_offset_file),
        keepalive=args.keepalive,
        send_timeout=args.send_timeout,
        gone_after=args.gone_after,
        queue_size=args.queue,
        login_limits=(args.login_limit_account, args.login_limit_address),
    )
    try:
        mail.install(app, args)
    except ValueError as e:
        print("fireice server: %s" % e, file=sys.stderr)
        return 2
    # bind here, so that port 0 gives a free port and the address printed
    # is the one listened on
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if args.socket_buffer:
        # accepted connections inherit it from the listening socket (Linux)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, args.socket_buffer)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:
        print(
            "fireice server: cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror),
            file=sys.stderr,
        )
        return 2
    sock.listen(1024)
    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(app, log_level=args.log_level, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)

    async def main():
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.02)
        if server.started:
            shown = "[%s]" % host if family == socket.AF_INET6 else host
            print("fireice server: listening on http://%s:%d" % (shown, port), flush=True)
        await task

    asyncio.run(main())
    return 0
