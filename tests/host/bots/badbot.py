"""A deliberately broken fie bot for the referee's tests.

    python badbot.py MODE
MODE: late (sleeps past any limit), illegal (always A1-A2), garbage (answers
'bestmove hello'), hog (grows to 200 MB before answering), exit (quits at
its first go), good (plays the first legal move: the control).
"""

import sys
import time

from fireice.moves import legal_moves
from fireice.geom import move_name
from fireice_tools.engine import ProtocolError, parse_position_cmd

mode = sys.argv[1]
game = None
hog = []


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "fie":
        say("id name badbot-" + mode)
        say("fieok")
    elif w[0] == "isready":
        say("readyok")
    elif w[0] == "quit":
        break
    elif w[0] == "position":
        try:
            game = parse_position_cmd(w[1:])
        except ProtocolError as e:
            say("error %s" % e)
    elif w[0] == "go":
        if mode == "late":
            time.sleep(30)
        elif mode == "illegal":
            say("bestmove A1-A2")
            continue
        elif mode == "garbage":
            say("bestmove hello")
            continue
        elif mode == "hog":
            for _ in range(200):
                hog.append(bytearray(1 << 20))
                time.sleep(0.002)
        elif mode == "exit":
            sys.exit(0)
        buf = bytearray(600)
        legal_moves(game, buf)
        say("bestmove " + move_name(buf[0], buf[1]))
