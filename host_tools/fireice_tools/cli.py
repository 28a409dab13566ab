"""The `fireice` command: host tools for the Fire and Ice board."""

import argparse
import json
import os
import sys

from fireice import art, record
from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, START, FireIceError
from fireice.notation import parse_move
from fireice.position import Position
from fireice.version import VERSION
from fireice_tools import perft, play, solitaire


class NotText(ValueError):
    """A record file that is not UTF-8 text."""


def _read(path):
    """The text of a record file (- for standard input). OSError when it
    cannot be read, NotText when it is not UTF-8."""
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotText(
            "%s is not UTF-8 text (byte 0x%02x at offset %d): is it a game record?"
            % ("standard input" if path == "-" else path, data[e.start], e.start)
        ) from None


def replay_text(text):
    """Replay record text. Returns (summary dict, game or None): None when
    there is no game to play (an empty text, a bad header)."""
    try:
        if not text.strip():
            raise record.RecordError("the record is empty: no tags and no moves")
        rec = record.parse(text)
        game = record.new_game(rec)
    except FireIceError as e:
        # No game to play: show the setup if it can be read, else the start.
        summary = record.summary(_setup_of(text), (None, None, str(e)))
        summary["result"] = summary["to_move"] = None
        return summary, None
    game, err = record.replay(rec, game)
    return record.summary(game, err), game


def _setup_of(text):
    # The position of the Setup tag of a record whose header failed, if any.
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("[Setup"):
            try:
                return Position(record._tag(line, 0)[1])
            except FireIceError:
                break
    return Position(START)


def about(text):
    """What a record's information tags say (docs/records.md), as lines for
    the replay report: when it was played, how the handicap or the deal
    was made. Nothing for a record whose header cannot be read."""
    try:
        rec = record.parse(text)
    except FireIceError:
        return []
    out = []
    date, when = rec.get("Date"), rec.get("Time")
    if date:
        out.append("Played %s%s" % (date, " at " + when if when else ""))
    pegs, side, seed = rec.get("Handicap"), rec.get("HandicapSide"), rec.get("Seed")
    if pegs:
        out.append(
            "Handicap: %s %s peg%s%s"
            % (
                pegs,
                (side or "").capitalize() or "extra",
                "" if pegs == "1" else "s",
                " (seed %s)" % seed if seed else "",
            )
        )
    elif seed and rec.get("Mode") == "solitaire":
        grade = rec.get("Grade")
        out.append("Deal: seed %s%s" % (seed, ", grade " + grade if grade else ""))
    return out


def describe(summary, game):
    """The human-readable replay report."""
    out = []
    pos = summary["position"]
    duel = game is None or isinstance(game, Duel)
    if isinstance(game, Duel):
        out.append(art.render(pos, (game.supply(1), game.supply(2))))
    else:
        out.append(art.render(pos))
    out.append("")
    if duel:
        out.append("Fire controls: %s" % (summary["control"]["fire"] or "no island"))
        out.append("Ice controls:  %s" % (summary["control"]["ice"] or "no island"))
    result = summary["result"]
    if result in ("fire", "ice"):
        out.append(
            "Result: %s wins on islands %s"
            % (result.capitalize(), record.winning_islands(game) if game else "")
        )
    elif result == "draw":
        out.append("Result: draw (neither side can move)")
    elif result in ("won", "lost"):
        left = sum(1 for c in pos if c != "-")
        out.append("Result: solitaire %s, %d peg%s left" % (result, left, "" if left == 1 else "s"))
    elif summary["to_move"]:
        out.append("Game goes on: %s to move" % summary["to_move"].capitalize())
    else:
        out.append("Game goes on: either colour may start")
    return "\n".join(out)


def cmd_replay(args):
    try:
        text = _read(args.file)
    except OSError as e:
        print("fireice replay: cannot read %s: %s" % (args.file, e.strerror), file=sys.stderr)
        return 2
    except NotText as e:
        print("fireice replay: %s" % e, file=sys.stderr)
        return 2
    if args.ply is not None or args.step:
        return _replay_steps(args, text)
    summary, game = replay_text(text)
    err = summary["error"]
    if args.json:
        print(json.dumps(summary))
    else:
        if game is not None:
            # with no game (a bad header, an empty file) there is no board
            # to show and nothing goes on: only the error
            for line in about(text):
                print(line)
            print(describe(summary, game))
        if err:
            if err["ply"] is None:
                print("error: %s" % err["reason"], file=sys.stderr)
            else:
                print(
                    "error: ply %d, %s: %s" % (err["ply"], err["move"], err["reason"]),
                    file=sys.stderr,
                )
    return 1 if err else 0


def _print_error(err):
    if err["ply"] is None:
        print("error: %s" % err["reason"], file=sys.stderr)
    else:
        print("error: ply %d, %s: %s" % (err["ply"], err["move"], err["reason"]), file=sys.stderr)


def game_at(rec, ply):
    """(game, last move text, who made it) after a record's first ply moves;
    the moves must replay (record.replay found no error before them)."""
    game = record.new_game(rec)
    last = by = None
    for text in rec.moves[:ply]:
        frm, to = parse_move(text)
        by = game.cells[frm] if game.duel else game.to_move or game.cells[frm]
        game.push(frm, to)
        last = text.upper()
    return game, last, by


def step_view(rec, ply, plies):
    """The text shown at one step of `fireice replay --ply/--step`."""
    game, last, by = game_at(rec, ply)
    summary = record.summary(game)
    if ply == 0:
        head = "Ply 0 of %d: the start" % plies
    else:
        head = "Ply %d of %d: %s (%s)" % (ply, plies, last, SIDE_NAMES[by].capitalize())
    return head + "\n" + describe(summary, game)


def _replay_steps(args, text):
    # --ply N: the position after N moves; --step: n/p/q through the game
    summary, game = replay_text(text)
    err = summary["error"]
    if game is None:
        _print_error(err)
        return 1
    rec = record.parse(text)
    # the moves that replay (all of them, or those before the error)
    plies = len(rec.moves) if not err or err["ply"] is None else err["ply"] - 1
    if args.step:
        if args.json or args.ply is not None and not 0 <= args.ply <= plies:
            print("fireice replay: --step shows text, one position at a time", file=sys.stderr)
            return 2
        status = _step(rec, plies, args.ply or 0)
        if err:
            _print_error(err)
        return status or (1 if err else 0)
    ply = args.ply if args.ply >= 0 else plies + 1 + args.ply
    if not 0 <= ply <= plies:
        print(
            "fireice replay: --ply %d: the record has %d move%s%s (0 is the start; -1 the last)"
            % (args.ply, plies, "" if plies == 1 else "s", " that replay" if err else ""),
            file=sys.stderr,
        )
        return 2
    if args.json:
        game, last, by = game_at(rec, ply)
        out = record.summary(game)
        out.update(ply=ply, plies=plies, move=last, by=SIDE_NAMES[by] if by else None)
        print(json.dumps(out))
    else:
        print(step_view(rec, ply, plies))
    if err:
        _print_error(err)
    return 1 if err else 0


STEP_HELP = "n (or Enter) next, p previous, a number goes to that ply, s start, e end, q quit"


def _step(rec, plies, ply):
    """Step through a game from standard input's commands."""
    print(step_view(rec, ply, plies))
    while True:
        print("[%d/%d] %s> " % (ply, plies, STEP_HELP if ply == 0 else "n/p/q"), end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            return 0
        word = line.strip().lower()
        if word in ("q", "quit", "exit"):
            return 0
        if word in ("", "n", "next"):
            want = ply + 1
        elif word in ("p", "prev", "previous", "b", "back"):
            want = ply - 1
        elif word in ("s", "start"):
            want = 0
        elif word in ("e", "end"):
            want = plies
        elif word.isdigit():
            want = int(word)
        else:
            print("? %s" % STEP_HELP)
            continue
        if not 0 <= want <= plies:
            print("(ply %d is not in the game: 0 to %d)" % (want, plies))
            continue
        ply = want
        print(step_view(rec, ply, plies))


def cmd_analyse(args):
    from fireice_tools import analyse

    try:
        text = _read(args.file)
    except OSError as e:
        print("fireice analyse: cannot read %s: %s" % (args.file, e.strerror), file=sys.stderr)
        return 2
    except NotText as e:
        print("fireice analyse: %s" % e, file=sys.stderr)
        return 2
    return analyse.run(args, text)


def cmd_show(args):
    try:
        print(art.render(args.position))
    except FireIceError as e:
        print("fireice show: %s" % e, file=sys.stderr)
        return 1
    return 0


def cmd_play(args):
    side = 1 if args.side == "fire" else 2
    if args.handicap and not 1 <= args.handicap <= 6:
        print("fireice play: --handicap takes 1 to 6 pegs", file=sys.stderr)
        return 2
    seed = args.seed
    if seed is None:
        import random

        seed = random.randrange(1 << 30)
    mode = "solitaire" if args.solitaire else "duel"
    vs = {"fire": 1, "ice": 2}.get(args.vs, 0)
    if vs and args.solitaire:
        print("fireice play: --vs is for the two-player game", file=sys.stderr)
        return 2
    if not 1 <= args.level <= 6:
        print("fireice play: --level is 1 to 6", file=sys.stderr)
        return 2
    return play.run(mode, args.handicap, side, seed, vs=vs, level=args.level)


def cmd_sim(args):
    from fireice_tools import simhost

    if args.pty:
        from fireice_tools import simdev

        if args.http_port:
            # two ways to run the board: the page (with the board's console
            # in it), or a USB device for programs, with no page
            print(
                "fireice sim: --pty has no page (its console is the pseudo-terminal); "
                "the page shows its own board's console: run `fireice sim` for it",
                file=sys.stderr,
            )
            return 2

        try:
            faults = [simdev.parse_fault(f) for f in args.fault]
        except FireIceError as e:
            print("fireice sim: --fault: %s" % e, file=sys.stderr)
            return 2
        return simdev.serve(
            args.flash, args.heapsize, faults, sys.stdin, blank=args.blank, net=args.net
        )
    if args.fault or args.blank or args.net:
        print("fireice sim: --fault, --blank and --net go with --pty", file=sys.stderr)
        return 2
    if args.pico_factor is not None and (args.pico_factor < 1 or not args.pico_time):
        print(
            "fireice sim: --pico-factor is a whole number, 1 or more, with --pico-time",
            file=sys.stderr,
        )
        return 2
    if not args.headless:
        from fireice_tools import web

        try:
            return web.serve(
                args.front or "digital",
                args.flash,
                args.seed,
                args.heapsize,
                args.http_port,
                not args.no_browser,
            )
        except OSError as e:
            print("fireice sim: %s" % e, file=sys.stderr)
            return 1
    try:
        return simhost.run_headless(
            sys.stdin,
            args.front,
            args.flash,
            args.seed,
            args.heapsize,
            args.code,
            args.pico_factor or args.pico_time,
        )
    except KeyboardInterrupt:
        return 130


def cmd_build(args):
    from fireice_tools import firmware

    if args.romfs:
        n = firmware.pico_romfs(args.romfs)
        size = os.path.getsize(args.romfs)
        print(
            "%s: %d modules, %d bytes (then: mpremote romfs deploy %s)"
            % (args.romfs, n, size, args.romfs)
        )
        return 0
    if not args.circuitpython:
        print("fireice build: say --circuitpython DIR or --romfs FILE", file=sys.stderr)
        return 2
    files = firmware.circuitpython_tree(args.circuitpython)
    print(
        "%d files written to %s (copy them to the CIRCUITPY drive)"
        % (len(files), args.circuitpython)
    )
    return 0


def _device(port, fn, running=True):
    """A board command: fn(Board) on the board at port (found if None),
    with its firmware answering; or fn(port) when not running. Device
    errors are one line on stderr and exit status 1."""
    from fireice_tools import device

    try:
        port = device.find_port(port)
        if not running:
            return fn(port)
        board = device.Board(port)
        try:
            board.running()
            return fn(board)
        finally:
            board.close()
    except device.DeviceError as e:
        print("fireice: %s" % e, file=sys.stderr)
        return 1


def cmd_flash(args):
    from fireice_tools import device

    def run(port):
        device.flash(port, wipe=args.wipe)
        return 0

    return _device(args.port, run, running=False)


def cmd_diag(args):
    from fireice_tools import diag
    from fireice_tools.device import DeviceError

    if args.self_test and args.samples < 2:
        print("fireice diag: --samples takes 2 or more", file=sys.stderr)
        return 2

    def run(board):
        if args.self_test:
            try:
                report = diag.self_test(board, samples=args.samples, walk=not args.no_walk)
            except (KeyboardInterrupt, EOFError, diag.Stopped) as e:
                why = {KeyboardInterrupt: "stopped", EOFError: "end of input"}.get(
                    type(e), "stopped"
                )
                print("\nfireice diag: %s: the self-test did not finish" % why, file=sys.stderr)
                return 130 if isinstance(e, KeyboardInterrupt) else 1
            if args.store:
                diag.store_map(board, report)
            print(json.dumps(report) if args.json else diag.describe(report))
            return 0 if report["ok"] else 3
        if args.walk:
            return diag.walk(board, args.walk)
        if args.calibrate or args.wiring:
            what = "calibration" if args.calibrate else "wiring map"
            try:
                if args.calibrate:
                    diag.calibrate(board)
                else:
                    diag.wiring_map(board)
            except (KeyboardInterrupt, EOFError) as e:
                why = "stopped" if isinstance(e, KeyboardInterrupt) else "end of input"
                print("\nfireice diag: %s: the %s was not stored" % (why, what), file=sys.stderr)
                try:
                    board.command("leds off", timeout=1.0)  # the game's lights again
                except DeviceError:
                    pass
                return 130 if isinstance(e, KeyboardInterrupt) else 1
            return 0
        return diag.live(board, frames=args.frames)

    return _device(args.port, run)


def game_names(board):
    """Every record name on the board: `games` gives them a page at a time
    (docs/protocol.md), each page after the last name of the one before."""
    names = []
    while True:
        page = board.command("games " + names[-1] if names else "games")
        names += page["games"]
        if not page.get("more") or not page["games"]:
            return names


def cmd_games(args):
    from fireice_tools import device

    def run(board):
        if args.delete:
            for name in args.delete:
                board.command("delete " + name)
                print("deleted %s" % name)
            return 0
        names = game_names(board)
        if args.list:
            print("\n".join(names))
            return 0
        who = args.board
        if not who:
            who = device.usb_serial_number(board.port)
            if who:
                print("board %s (its USB serial number)" % who)
            else:
                who = "unknown-board"
                print(
                    "%s reports no USB serial number: its games go under %s/ "
                    "(--board NAME names the board)" % (board.port, who)
                )
        folder = os.path.join(args.dir, device.safe_name(who))
        os.makedirs(folder, exist_ok=True)
        for name in names:
            text = board.command("game " + name)["text"]
            dst, same = _free_name(folder, name.replace("/", "-"), text)
            if same:
                print("%s: already in %s (the same text)" % (name, dst))
                continue
            # "x": never over a file that is there
            with open(dst, "x", encoding="utf-8") as f:
                f.write(text)
            print("%s -> %s (%d bytes%s)" % (name, dst, len(text.encode()), _played(text)))
        return 0

    return _device(args.port, run)


def _played(text):
    """', played DATE TIME' of a record that says when it was played, else ''."""
    lines = about(text)
    return ", " + lines[0][0].lower() + lines[0][1:] if lines and lines[0][:7] == "Played " else ""


def _free_name(folder, name, text):
    """(path, same) for a downloaded game: the first of name, name-2,
    name-3 ... (before the extension) that is free, or one that already
    holds exactly this text (same True). A file is never overwritten."""
    stem, ext = os.path.splitext(name)
    n = 1
    while True:
        path = os.path.join(folder, name if n == 1 else "%s-%d%s" % (stem, n, ext))
        try:
            with open(path, encoding="utf-8", newline="") as f:
                if f.read() == text:
                    return path, True
        except FileNotFoundError:
            return path, False
        except (OSError, UnicodeDecodeError):
            pass  # something else is there: keep it, take the next name
        n += 1


def cmd_engine(args):
    from fireice_tools import engine

    return engine.main(args)


def cmd_match(args):
    from fireice_tools import match

    return match.main(args)


# --- the subcommands -----------------------------------------------------------
#
# Each subcommand is one row of COMMANDS: Command(name, summary, about,
# arguments, run). `summary` is its line in `fireice --help`; `about` is
# the text of its own --help: what it does, then examples; `arguments(p)`
# adds its options to its parser p; `run(args)` does it and returns the
# exit status. A new subcommand is a new row (and its two functions).


class Command:
    def __init__(self, name, summary, about, arguments, run):
        self.name = name
        self.summary = summary
        self.about = about
        self.arguments = arguments
        self.run = run


PORT_HELP = "serial port (default: $FIREICE_PORT, or the one board attached)"


def _replay_args(p):
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--ply",
        type=int,
        metavar="N",
        help="the position after the first N moves (0: the start, -1: the last move)",
    )
    p.add_argument(
        "--step",
        action="store_true",
        help="step through the game: n (Enter) next, p previous, q quit (from --ply N, or the start)",
    )


def _analyse_args(p):
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--level", type=int, help="the engine's level, 1-6 (default 5)")
    p.add_argument(
        "--quick", action="store_true", help="a quicker, rougher analysis: level 4 (as the page)"
    )
    p.add_argument(
        "--nodes",
        type=int,
        default=0,
        metavar="N",
        help="playouts a position instead of the level's (as the engine's go nodes N)",
    )
    p.add_argument(
        "--seed", type=int, default=1, help="the engine's seed (the same gives the same)"
    )
    p.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="progress on standard error (the default when it is a terminal)",
    )
    p.add_argument("--quiet", dest="progress", action="store_false", help="no progress")


def _show_args(p):
    p.add_argument(
        "position",
        help="49 characters, the holes A1..A7, B1..B7, ... G1..G7 in order: # a Fire "
        "peg, O an Ice peg, - an empty hole; the start is 24 '-', '#', 24 '-'",
    )


def _play_args(p):
    p.add_argument("--solitaire", action="store_true", help="the one-player variant")
    p.add_argument("--handicap", type=int, default=0, metavar="N", help="1-6 extra pegs")
    p.add_argument("--side", choices=("fire", "ice"), default="fire", help="who gets the handicap")
    p.add_argument("--seed", type=int, default=None, help="seed for the deal or handicap")
    p.add_argument("--vs", choices=("fire", "ice"), help="the engine plays this side")
    p.add_argument(
        "--level", type=int, default=3, help="with --vs: the engine's level, 1-6 (default 3)"
    )


def _build_args(p):
    p.add_argument("--circuitpython", metavar="DIR", help="write the files to DIR")
    p.add_argument(
        "--romfs",
        metavar="FILE",
        help="write what a Pico runs as a ROMFS image to FILE (docs/frozen.md)",
    )


def _flash_args(p):
    p.add_argument("--port", help=PORT_HELP)
    p.add_argument("--wipe", action="store_true", help="also delete its configuration and games")


def _diag_args(p):
    p.add_argument("--port", help=PORT_HELP)
    p.add_argument(
        "--self-test",
        action="store_true",
        help="guided: stuck, noisy, swapped and (colour) reversed sensors, and the wiring map",
    )
    p.add_argument("--json", action="store_true", help="with --self-test: one JSON object")
    p.add_argument("--samples", type=int, default=25, help="with --self-test: readings taken")
    p.add_argument(
        "--no-walk",
        action="store_true",
        help="with --self-test: the empty board only, no sensor walk (finds stuck-on and noisy)",
    )
    p.add_argument(
        "--store",
        action="store_true",
        help="with --self-test: store the wiring map the walk found (when whole and different)",
    )
    p.add_argument("--walk", type=int, nargs="?", const=400, metavar="MS", help="LED walk")
    p.add_argument("--calibrate", action="store_true", help="guided calibration (colour)")
    p.add_argument("--wiring", action="store_true", help="guided sensor and LED wiring map")
    p.add_argument("--frames", type=int, help="live view: stop after N frames")


def _games_args(p):
    p.add_argument("--port", help=PORT_HELP)
    p.add_argument(
        "--dir", default="games-from-board", help="where to put them (a folder per board)"
    )
    p.add_argument(
        "--board", metavar="NAME", help="the board's folder name (default: its USB serial number)"
    )
    p.add_argument("--list", action="store_true", help="only list them")
    p.add_argument("--delete", nargs="+", metavar="NAME", help="delete these from the board")


def _sim_args(p):
    p.add_argument("--headless", action="store_true", help="JSON lines on stdin and stdout")
    p.add_argument(
        "--http-port",
        type=int,
        default=None,
        help="the page's port (default 8049, or a free one when it is taken; 0: any free one)",
    )
    p.add_argument("--no-browser", action="store_true", help="print the page's address only")
    p.add_argument(
        "--pty",
        action="store_true",
        help="the board as a USB device: prints its port, then runs until killed",
    )
    p.add_argument(
        "--blank",
        action="store_true",
        help="with --pty: a new flash gets no firmware (MicroPython only, for fireice flash)",
    )
    p.add_argument(
        "--fault",
        action="append",
        default=[],
        metavar="KIND:HOLE",
        help="with --pty: a faulty sensor, stuck-on:C5, stuck-off:C5 or noisy:C5; "
        "one fitted upside down, reversed:C5 (the colour front end reads Fire as Ice); "
        "or two sensors wired the wrong way round, swap:C5:C6",
    )
    p.add_argument(
        "--net",
        action="store_true",
        help="with --pty: a Pico W, its WiFi the `network` stand-in (simboard/network.py) "
        "on this machine's sockets (FIREICE_SIM_WLAN: now, after:MS, fail, noap)",
    )
    p.add_argument("--front", choices=("digital", "colour"), help="sensor front end")
    p.add_argument(
        "--flash",
        metavar="DIR",
        help="folder used as the board's flash (the page's default: a folder in the "
        "user's data directory, so games are kept; --headless and --pty: a temporary one)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed for deals, handicaps, sensor noise")
    p.add_argument(
        "--heapsize",
        help="MicroPython heap (default 64k, the board's budget, for the game: the "
        "code is in ROM; 96k with --pty or --code heap, 256k with --code source)",
    )
    p.add_argument(
        "--code",
        choices=("rom", "keep", "heap", "source"),
        default="rom",
        help="with --headless: where the firmware's code is: in ROM as on a board built "
        "for the product (docs/frozen.md; the default), in ROM with no module ever dropped "
        "(keep: what dropping saves), the .mpy files in the heap as on "
        "a Pico running what `fireice flash` copied, or the .py sources compiled in the heap",
    )
    p.add_argument(
        "--source", dest="code", action="store_const", const="source", help="--code source"
    )
    p.add_argument(
        "--pico-time",
        action="store_true",
        help="with --headless: each pass of the main loop takes its CPU time here times the "
        "Pico factor (fireice/pico.py), and each LED frame its wire time, in virtual time; "
        "a timing event at the end",
    )
    p.add_argument(
        "--pico-factor",
        type=int,
        metavar="N",
        help="with --pico-time: the Pico's seconds per second of this machine's MicroPython "
        "(default: fireice/pico.py's 200; the garbage collector's factor scaled alike). "
        "A smaller factor is a faster board, for runs whose point is the firmware's "
        "behaviour or memory rather than its speed, which the host's own hiccups, x 200, "
        "would otherwise decide",
    )


def _engine_args(p):
    p.add_argument("--level", type=int, default=6, help="1-6 (1-3 fit the board; default 6)")
    p.add_argument("--seed", type=int, default=1, help="seed: the same seed plays the same")
    p.add_argument("--simple", action="store_true", help="Frostfire-style: side, then moves")
    p.add_argument("--movetime", type=int, default=0, metavar="MS", help="with --simple")


def _match_args(p):
    p.add_argument("engine_a", help="command of engine A, e.g. 'fireice engine --level 3'")
    p.add_argument("engine_b", help="command of engine B")
    p.add_argument("--games", type=int, default=20, help="an even number (default 20)")
    p.add_argument("--time", type=float, default=2.0, help="seconds per move (default 2)")
    p.add_argument("--memory", type=float, default=20.0, help="MB of RSS per engine (20)")
    p.add_argument("--records", metavar="DIR", help="records folder (default: a new temporary one)")
    p.add_argument("--sprt", metavar="ELO0,ELO1", help="SPRT verdict, e.g. 0,50")
    for x in ("a", "b"):
        X = x.upper()
        p.add_argument(
            "--proto-" + x,
            choices=("fie", "simple"),
            default="fie",
            help="engine %s's protocol" % X,
        )
        p.add_argument(
            "--go-" + x,
            metavar="ARGS",
            help="engine %s's go arguments (default: movetime, 0.9 times --time)" % X,
        )
        p.add_argument("--name-" + x, help="engine %s's name in the records" % X)


PLAY_ABOUT = (
    "Play Fire and Ice on the terminal, with the rules core that runs on the\n"
    "board checking every move: two players at one keyboard, against the\n"
    "engine (--vs), or the solitaire. `record` prints the game record.\n\n"
    "In the game:\n" + play.HELP + "\n\n"
    "examples:\n"
    "  fireice play                        two players\n"
    "  fireice play --vs ice --level 5     you are Fire, the engine plays Ice\n"
    "  fireice play --handicap 2 --side ice\n"
    "  fireice play --solitaire --seed 7"
)


def _server_args(p):
    from fireice_server import cli as server_cli

    server_cli.add_arguments(p)


# What the game server imports beyond the tools' own packages: make sim
# does not install them (requirements-server.txt; make server does)
SERVER_MODULES = ("fastapi", "uvicorn", "sqlalchemy", "aiosqlite", "alembic", "argon2", "jinja2")


def _server_run(args):
    import importlib.util

    from fireice_server import cli as server_cli

    missing = [m for m in SERVER_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        print(
            "fireice server: the game server's packages are not installed (%s): "
            "`make server` installs them (requirements-server.txt) and starts it"
            % ", ".join(missing),
            file=sys.stderr,
        )
        return 1
    return server_cli.run(args)


def _remote_args(p):
    from fireice_tools import remote

    remote.add_arguments(p)


def _remote_run(args):
    from fireice_tools import remote

    return remote.run(args)


def _bot_args(p):
    from fireice_tools import bot

    bot.add_arguments(p)


def _bot_run(args):
    from fireice_tools import bot

    return bot.run(args)


def _link_args(p):
    from fireice_tools import link

    link.add_arguments(p)


def _link_run(args):
    from fireice_tools import link

    return link.run(args)


COMMANDS = [
    Command(
        "play",
        "play on the terminal: two players, against the engine, or the solitaire",
        PLAY_ABOUT,
        _play_args,
        cmd_play,
    ),
    Command(
        "sim",
        "the virtual board (the firmware on MicroPython): a page in the browser, "
        "or --headless, or --pty",
        "Run the board's own firmware on the MicroPython interpreter, with\n"
        "simulated sensors, buttons and lights. By default it serves a page on\n"
        "localhost that shows the board (its address is printed first); --headless\n"
        "speaks JSON lines on stdin and stdout instead, and --pty makes it a USB\n"
        "device that fireice flash, diag and games can talk to.\n\n"
        "examples:\n"
        "  fireice sim                          the page (make sim does this)\n"
        "  fireice sim --front colour --no-browser\n"
        "  fireice sim --pty --fault stuck-on:C5",
        _sim_args,
        cmd_sim,
    ),
    Command(
        "show",
        "draw a 49-character position",
        "Draw a position as a picture of the board.\n\n"
        "A position is 49 characters, one a hole, in the order A1..A7, B1..B7, ...\n"
        "G1..G7: # a Fire peg, O an Ice peg, - an empty hole. The start is 24 '-',\n"
        "'#' (the Fire peg on D4), 24 '-'. A position may start with '-'.\n\n"
        "example:\n"
        "  fireice show ------------------------#------------------------",
        _show_args,
        cmd_show,
    ),
    Command(
        "replay",
        "replay a game record and show where it ends",
        "Replay a game record (docs/records.md) with the rules core, and show the\n"
        "position it ends in, who holds which island and the result; or stop at the\n"
        "first illegal move (exit status 1), naming the move and why.\n\n"
        "examples:\n"
        "  fireice replay game.txt\n"
        "  fireice replay game.txt --ply 12     the position after 12 moves\n"
        "  fireice replay game.txt --step       step through it\n"
        "  echo 'D4-C4 D4-D5' | fireice replay -",
        _replay_args,
        cmd_replay,
    ),
    Command(
        "analyse",
        "the engine rates every move of a game record",
        "Have the engine rate every move of a game record: its best move, the\n"
        "mover's chance of winning before and after, the mistakes and blunders,\n"
        "and what it proved (docs/review.md). --quick (level 4) is about four times quicker.\n\n"
        "examples:\n"
        "  fireice analyse game.txt\n"
        "  fireice analyse game.txt --quick\n"
        "  fireice analyse game.txt --level 4 --json",
        _analyse_args,
        cmd_analyse,
    ),
    Command(
        "solve",
        "can a solitaire position be won? a winning line",
        "Decide whether a solitaire position can still be won, and print a winning\n"
        "line (docs/solitaire.md). The target is a 49-character position or a file\n"
        "(a position, or a record: solved from where it ends). Put -- before a\n"
        "position that starts with '-'.\n\n"
        "examples:\n"
        "  fireice solve -- --#O##O#-##---O--O-----O##O-OOOOO#-O#--#-O#--##-O\n"
        "  fireice solve games-from-board/BOARD/game.txt --json",
        solitaire.solve_args,
        solitaire.solve_cmd,
    ),
    Command(
        "deal",
        "a solitaire deal, winnable and graded, with its line",
        "Deal a solitaire that can be won, of a grade (easy, medium, hard), with\n"
        "its winning line; `any` is the rulebook's random deal, which may not be\n"
        "winnable. The same seed and grade give the board's deal.\n\n"
        "example:\n"
        "  fireice deal --grade easy --seed 7",
        solitaire.deal_args,
        solitaire.deal_cmd,
    ),
    Command(
        "engine",
        "the engine on stdin/stdout (fie protocol, or --simple)",
        "Run the engine behind a line protocol on standard input and output, for\n"
        "other programs (docs/engine.md): `fie`, shaped like chess's UCI (type\n"
        "`help` for its commands), or --simple, Frostfire-style: the side on the\n"
        "first line, then one line of moves before each of its own.\n\n"
        "examples:\n"
        "  printf 'position startpos\\ngo level 3\\nquit\\n' | fireice engine\n"
        "  fireice engine --simple --level 2",
        _engine_args,
        cmd_engine,
    ),
    Command(
        "match",
        "the referee: two engine commands play paired games",
        "Referee a match between two engine commands: paired openings, a time and\n"
        "memory limit a move (a late, illegal or oversized engine loses), every\n"
        "game written as a record, then the score, Elo with its 95% interval and\n"
        "an SPRT verdict (docs/engine.md).\n\n"
        "example:\n"
        "  fireice match '.venv/bin/fireice engine --level 2' \\\n"
        "                '.venv/bin/fireice engine --level 3' --games 10 --time 1",
        _match_args,
        cmd_match,
    ),
    Command(
        "flash",
        "put the firmware on the board over USB",
        "Compile the firmware for the board's CPU, copy what changed onto the board\n"
        "attached by USB, restart it and check that it answers. The board's\n"
        "settings, calibration and games are kept unless --wipe.\n\n"
        "examples:\n"
        "  fireice flash\n"
        "  fireice flash --port /dev/ttyACM0",
        _flash_args,
        cmd_flash,
    ),
    Command(
        "diag",
        "the board's sensors and LEDs, live, and a self-test",
        "Look inside a board attached by USB: every hole's reading, live, on the\n"
        "island layout; or a guided self-test that names each faulty sensor by\n"
        "hole, mux and GPIO; the LED walk; the wiring map; the colour front\n"
        "end's calibration (docs/maker.md).\n\n"
        "examples:\n"
        "  fireice diag\n"
        "  fireice diag --self-test\n"
        "  fireice diag --walk",
        _diag_args,
        cmd_diag,
    ),
    Command(
        "games",
        "download the game records from the board",
        "Copy the game records from a board attached by USB into a folder named by\n"
        "the board's USB serial number. A file already there is never overwritten.\n\n"
        "examples:\n"
        "  fireice games\n"
        "  fireice games --list",
        _games_args,
        cmd_games,
    ),
    Command(
        "build",
        "the firmware for CircuitPython boards, or as a ROMFS image",
        "Write the firmware for a CircuitPython board (copy the folder to the\n"
        "CIRCUITPY drive), or what a Pico runs as a ROMFS image (docs/frozen.md).\n\n"
        "examples:\n"
        "  fireice build --circuitpython out/\n"
        "  fireice build --romfs fireice.romfs",
        _build_args,
        cmd_build,
    ),
    Command(
        "perft",
        "count move sequences (the native core; --check: and the rules core)",
        "Count the move sequences of DEPTH plies from a position, as chess engines\n"
        "do: a game that ends before the depth adds nothing, and a forced pass is\n"
        "not a ply. One line a depth, `perft N: COUNT`, from the native core (the\n"
        "rules core where the native core is not built); --check counts again with\n"
        "the rules core and says where they differ (exit status 1).\n\n"
        "examples:\n"
        "  fireice perft 4\n"
        "  fireice perft 3 --check",
        perft.arguments,
        perft.run,
    ),
    Command(
        "server",
        "the game server: play anyone over HTTP (docs/server.md)",
        "Serve Fire and Ice games over HTTP: accounts, challenges with a handicap,\n"
        "live and correspondence games, ratings, web pages and an API shaped like\n"
        "lichess's Board API (docs/server.md). It keeps its games in a SQLite file\n"
        "in your data directory, or in PostgreSQL (--db), where several server\n"
        "processes can serve the same players. It prints its address first.\n\n"
        "examples:\n"
        "  fireice server\n"
        "  fireice server --host 0.0.0.0 --port 8026\n"
        "  fireice server --db postgresql://fireice@localhost/fireice",
        _server_args,
        _server_run,
    ),
    Command(
        "remote",
        "play on the game server from the terminal, as by mail",
        "Play on a game server from the terminal, one command a move, like the\n"
        "play-by-mail server Fire and Ice began on (docs/remote.md): sign in once,\n"
        "challenge, list your games, draw a game's board, and move.\n\n"
        "examples:\n"
        "  fireice remote login http://localhost:8026\n"
        "  fireice remote challenge --handicap 2 alice\n"
        "  fireice remote games\n"
        "  fireice remote show GAME\n"
        "  fireice remote move GAME F6-C6",
        _remote_args,
        _remote_run,
    ),
    Command(
        "bot",
        "an engine plays on the game server as a bot account",
        "Connect an engine that speaks the fie protocol (ours by default, at\n"
        "--level) to a game server as a bot account: it accepts challenges, plays\n"
        "its games to the end, and carries on when the server or the connection\n"
        "goes away (docs/remote.md).\n\n"
        "examples:\n"
        "  fireice bot --server http://localhost:8026 --token TOKEN\n"
        "  fireice bot --server http://localhost:8026 --token TOKEN --engine 'awk -f bot.awk'",
        _bot_args,
        _bot_run,
    ),
    Command(
        "link",
        "the board plays on the game server through this computer (USB)",
        "Join the board at a USB port to a game server: its games in progress\n"
        "and those that start are played on the board, the opponent's moves on its\n"
        "lights and the board's moves posted; it connects again by itself when the\n"
        "server, the network or the cable goes away (docs/online.md).\n\n"
        "examples:\n"
        "  fireice link --server http://localhost:8026 --token TOKEN\n"
        "  fireice link --server http://localhost:8026 --token TOKEN --port /dev/ttyACM0 --game ID",
        _link_args,
        _link_run,
    ),
]


def build_parser(only=None):
    """The whole parser; with only (a command's name), that command's
    options alone: some commands' options import large packages (the
    server's), which a bot such as fireice engine, held to a memory limit
    by fireice match, must not carry."""
    p = argparse.ArgumentParser(prog="fireice", description=__doc__)
    p.add_argument("--version", action="version", version="fireice " + VERSION)
    sub = p.add_subparsers(dest="command", required=True)
    for c in COMMANDS:
        s = sub.add_parser(
            c.name,
            help=c.summary,
            description=c.about,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if only in (None, c.name):
            c.arguments(s)
        s.set_defaults(func=c.run)
    return p


_POSITION_CHARS = frozenset("#Oo0-.")


def _positions_are_not_options(argv):
    """`fireice show ------...`: a position may start with "-", which
    argparse would take for an option. Put "--" before such a word (any
    word of position characters only, three or more, after show)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    words = [w for w in argv if not w.startswith("-")]
    if not words or words[0] != "show" or "--" in argv:
        return argv
    k = argv.index("show")
    for j in range(k + 1, len(argv)):
        word = argv[j]
        if word.startswith("-") and len(word) >= 3 and set(word) <= _POSITION_CHARS:
            return argv[:j] + ["--"] + argv[j:]
    return argv


def main(argv=None):
    argv = _positions_are_not_options(argv)
    words = [w for w in argv if not w.startswith("-")]
    named = words[0] if words and words[0] in {c.name for c in COMMANDS} else None
    args = build_parser(named).parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # the reader went away (fireice ... | head): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
