# The virtual board's stand-in for a Pico W's `network` module (`fireice sim
# --pty --net`): a WLAN whose sockets are the unix port's own, so the
# firmware's link (fireboard.links_net) reaches a real server on this
# machine. How the join goes is set by FIREICE_SIM_WLAN, for tests:
#   (unset), "now"     joined at once
#   "after:MS"         joined MS ms after connect()
#   "fail"             a wrong password (status STAT_WRONG_PASSWORD)
#   "noap"             no such network (STAT_NO_AP_FOUND)
# and FIREICE_SIM_WLAN_DOWN, a file: while it exists the network is gone
# (isconnected() False), as when the access point is switched off.
import os
from time import ticks_diff, ticks_ms

STA_IF = 0
AP_IF = 1
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3


class WLAN:
    def __init__(self, interface=STA_IF):
        self.interface = interface
        self.on = False
        self.ssid = None
        self.began = 0
        mode = os.getenv("FIREICE_SIM_WLAN") or "now"
        self.mode = mode
        self.delay = int(mode[6:]) if mode[:6] == "after:" else 0
        self.down = os.getenv("FIREICE_SIM_WLAN_DOWN")
        self.stat = STAT_IDLE

    def active(self, on=None):
        if on is None:
            return self.on
        self.on = bool(on)
        if not on:
            self.stat = STAT_IDLE
        return None

    def connect(self, ssid=None, key=None):
        if not self.on:
            raise OSError("the WLAN is not active")
        self.ssid = ssid
        self.began = ticks_ms()
        self.stat = STAT_CONNECTING

    def disconnect(self):
        self.stat = STAT_IDLE

    def status(self, param=None):
        if self.stat == STAT_CONNECTING:
            if self.mode == "fail":
                self.stat = STAT_WRONG_PASSWORD
            elif self.mode == "noap":
                self.stat = STAT_NO_AP_FOUND
            elif ticks_diff(ticks_ms(), self.began) >= self.delay:
                self.stat = STAT_GOT_IP
        if self.stat == STAT_GOT_IP and self.down:
            try:
                os.stat(self.down)
                return STAT_CONNECT_FAIL
            except OSError:
                pass
        return self.stat

    def isconnected(self):
        return self.status() == STAT_GOT_IP

    def ifconfig(self):
        return ("127.0.0.1", "255.0.0.0", "127.0.0.1", "127.0.0.1")
