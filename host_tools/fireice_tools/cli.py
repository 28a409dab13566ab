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
    from fireice_tools import play

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
        return simdev.serve(args.flash, args.heapsize, faults, sys.stdin, blank=args.blank)
    if args.fault or args.blank:
        print("fireice sim: --fault and --blank go with --pty", file=sys.stderr)
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
            sys.stdin, args.front, args.flash, args.seed, args.heapsize, args.code, args.pico_time
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


def build_parser():
    p = argparse.ArgumentParser(prog="fireice", description=__doc__)
    p.add_argument("--version", action="version", version="fireice " + VERSION)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a game record and show where it ends")
    r.add_argument("file", help="record file, or - for standard input")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--ply",
        type=int,
        metavar="N",
        help="the position after the first N moves (0: the start, -1: the last move)",
    )
    r.add_argument(
        "--step",
        action="store_true",
        help="step through the game: n (Enter) next, p previous, q quit (from --ply N, or the start)",
    )
    r.set_defaults(func=cmd_replay)
    a = sub.add_parser("analyse", help="the engine rates every move of a game record")
    a.add_argument("file", help="record file, or - for standard input")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.add_argument("--level", type=int, help="the engine's level, 1-6 (default 5)")
    a.add_argument(
        "--quick", action="store_true", help="a quicker, rougher analysis: level 4 (as the page)"
    )
    a.add_argument(
        "--nodes",
        type=int,
        default=0,
        metavar="N",
        help="playouts a position instead of the level's (as the engine's go nodes N)",
    )
    a.add_argument(
        "--seed", type=int, default=1, help="the engine's seed (the same gives the same)"
    )
    a.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="progress on standard error (the default when it is a terminal)",
    )
    a.add_argument("--quiet", dest="progress", action="store_false", help="no progress")
    a.set_defaults(func=cmd_analyse)
    s = sub.add_parser("show", help="draw a 49-character position")
    s.add_argument("position")
    s.set_defaults(func=cmd_show)
    g = sub.add_parser("play", help="play on the terminal (two players, or the solitaire)")
    g.add_argument("--solitaire", action="store_true", help="the one-player variant")
    g.add_argument("--handicap", type=int, default=0, metavar="N", help="1-6 extra pegs")
    g.add_argument("--side", choices=("fire", "ice"), default="fire", help="who gets the handicap")
    g.add_argument("--seed", type=int, default=None, help="seed for the deal or handicap")
    g.add_argument("--vs", choices=("fire", "ice"), help="the engine plays this side")
    g.add_argument(
        "--level", type=int, default=3, help="with --vs: the engine's level, 1-6 (default 3)"
    )
    g.set_defaults(func=cmd_play)
    b = sub.add_parser("build", help="the firmware for CircuitPython boards, or as a ROMFS image")
    b.add_argument("--circuitpython", metavar="DIR", help="write the files to DIR")
    b.add_argument(
        "--romfs",
        metavar="FILE",
        help="write what a Pico runs as a ROMFS image to FILE (docs/frozen.md)",
    )
    b.set_defaults(func=cmd_build)
    f = sub.add_parser("flash", help="put the firmware on the board over USB")
    f.add_argument("--port", help="serial port (default: $FIREICE_PORT, or the one board attached)")
    f.add_argument("--wipe", action="store_true", help="also delete its configuration and games")
    f.set_defaults(func=cmd_flash)
    d = sub.add_parser("diag", help="the board's sensors and LEDs, live, and a self-test")
    d.add_argument("--port", help="serial port (default: $FIREICE_PORT, or the one board attached)")
    d.add_argument(
        "--self-test",
        action="store_true",
        help="guided: stuck, noisy, swapped and (colour) reversed sensors, and the wiring map",
    )
    d.add_argument("--json", action="store_true", help="with --self-test: one JSON object")
    d.add_argument("--samples", type=int, default=25, help="with --self-test: readings taken")
    d.add_argument(
        "--no-walk",
        action="store_true",
        help="with --self-test: the empty board only, no sensor walk (finds stuck-on and noisy)",
    )
    d.add_argument(
        "--store",
        action="store_true",
        help="with --self-test: store the wiring map the walk found (when whole and different)",
    )
    d.add_argument("--walk", type=int, nargs="?", const=400, metavar="MS", help="LED walk")
    d.add_argument("--calibrate", action="store_true", help="guided calibration (colour)")
    d.add_argument("--wiring", action="store_true", help="guided sensor and LED wiring map")
    d.add_argument("--frames", type=int, help="live view: stop after N frames")
    d.set_defaults(func=cmd_diag)
    gm = sub.add_parser("games", help="download the game records from the board")
    gm.add_argument(
        "--port", help="serial port (default: $FIREICE_PORT, or the one board attached)"
    )
    gm.add_argument(
        "--dir", default="games-from-board", help="where to put them (a folder per board)"
    )
    gm.add_argument(
        "--board",
        metavar="NAME",
        help="the board's folder name (default: its USB serial number)",
    )
    gm.add_argument("--list", action="store_true", help="only list them")
    gm.add_argument("--delete", nargs="+", metavar="NAME", help="delete these from the board")
    gm.set_defaults(func=cmd_games)
    m = sub.add_parser(
        "sim",
        help="the virtual board (the firmware on MicroPython): a page in the browser, "
        "or --headless, or --pty",
    )
    m.add_argument("--headless", action="store_true", help="JSON lines on stdin and stdout")
    m.add_argument("--http-port", type=int, default=0, help="the page's port (default: a free one)")
    m.add_argument("--no-browser", action="store_true", help="print the page's address only")
    m.add_argument(
        "--pty",
        action="store_true",
        help="the board as a USB device: prints its port, then runs until killed",
    )
    m.add_argument(
        "--blank",
        action="store_true",
        help="with --pty: a new flash gets no firmware (MicroPython only, for fireice flash)",
    )
    m.add_argument(
        "--fault",
        action="append",
        default=[],
        metavar="KIND:HOLE",
        help="with --pty: a faulty sensor, stuck-on:C5, stuck-off:C5 or noisy:C5; "
        "one fitted upside down, reversed:C5 (the colour front end reads Fire as Ice); "
        "or two sensors wired the wrong way round, swap:C5:C6",
    )
    m.add_argument("--front", choices=("digital", "colour"), help="sensor front end")
    m.add_argument(
        "--flash",
        metavar="DIR",
        help="folder used as the board's flash (the page's default: a folder in the "
        "user's data directory, so games are kept; --headless and --pty: a temporary one)",
    )
    m.add_argument("--seed", type=int, default=0, help="seed for deals, handicaps, sensor noise")
    m.add_argument(
        "--heapsize",
        help="MicroPython heap (default 64k, the board's budget, for the game: the "
        "code is in ROM; 96k with --pty or --code heap, 256k with --code source)",
    )
    m.add_argument(
        "--code",
        choices=("rom", "heap", "source"),
        default="rom",
        help="with --headless: where the firmware's code is: in ROM as on a board built "
        "for the product (docs/frozen.md; the default), the .mpy files in the heap as on "
        "a Pico running what `fireice flash` copied, or the .py sources compiled in the heap",
    )
    m.add_argument(
        "--source", dest="code", action="store_const", const="source", help="--code source"
    )
    m.add_argument(
        "--pico-time",
        action="store_true",
        help="with --headless: each pass of the main loop takes its CPU time here times the "
        "Pico factor (fireice/pico.py), and each LED frame its wire time, in virtual time; "
        "a timing event at the end",
    )
    m.set_defaults(func=cmd_sim)
    e = sub.add_parser("engine", help="the engine on stdin/stdout (fie protocol, or --simple)")
    e.add_argument("--level", type=int, default=6, help="1-6 (1-3 fit the board; default 6)")
    e.add_argument("--seed", type=int, default=1, help="seed: the same seed plays the same")
    e.add_argument("--simple", action="store_true", help="Frostfire-style: side, then moves")
    e.add_argument("--movetime", type=int, default=0, metavar="MS", help="with --simple")
    e.set_defaults(func=cmd_engine)
    mt = sub.add_parser("match", help="the referee: two engine commands play paired games")
    mt.add_argument("engine_a", help="command of engine A, e.g. 'fireice engine --level 3'")
    mt.add_argument("engine_b", help="command of engine B")
    mt.add_argument("--games", type=int, default=20, help="an even number (default 20)")
    mt.add_argument("--time", type=float, default=2.0, help="seconds per move (default 2)")
    mt.add_argument("--memory", type=float, default=20.0, help="MB of RSS per engine (20)")
    mt.add_argument(
        "--records", metavar="DIR", help="records folder (default: a new temporary one)"
    )
    mt.add_argument("--sprt", metavar="ELO0,ELO1", help="SPRT verdict, e.g. 0,50")
    for x in ("a", "b"):
        X = x.upper()
        mt.add_argument(
            "--proto-" + x,
            choices=("fie", "simple"),
            default="fie",
            help="engine %s's protocol" % X,
        )
        mt.add_argument(
            "--go-" + x,
            metavar="ARGS",
            help="engine %s's go arguments (default: movetime, 0.9 times --time)" % X,
        )
        mt.add_argument("--name-" + x, help="engine %s's name in the records" % X)
    mt.set_defaults(func=cmd_match)
    from fireice_tools import solitaire

    solitaire.add_commands(sub)  # solve, deal
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
    args = build_parser().parse_args(_positions_are_not_options(argv))
    try:
        return args.func(args)
    except BrokenPipeError:
        # the reader went away (fireice ... | head): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
