# One HTTP request at a time over a non-blocking socket, advanced a step a
# pass (fireboard.links_net, the Pico W's own link): a step never waits.
# It connects, sends, then hands over the answer a line at a time (the
# NDJSON streams of docs/server.md, and a JSON answer as one line), in
# buffers made once: while nothing comes, a step allocates nothing (it
# asks poll, which answers from the socket's state).
#
# The answer may be chunked (HTTP/1.1), sized (Content-Length) or end with
# the connection; a line longer than the line buffer is cut off and said
# (step gives TOO_LONG, then the rest of it is skipped). Over TLS
# (fireboard.links_net_tls makes the context) the same steps run on the
# wrapped socket, whose handshake goes on within the reads and writes.
import select
import socket

from fireice.ticks import ticks_diff

# what step() gives
NOTHING = 0  # nothing yet
LINE = 1  # a line of the body is in line[:n] (status has the answer's code)
DONE = 2  # the answer is over; the connection is closed
FAIL = 3  # the request failed (why); the connection is closed
TOO_LONG = 4  # a line was longer than the buffer: its start is in line[:n]

# where the reading is
_CONNECT = 0
_SEND = 1
_HEAD = 2
_BODY = 3
_CLOSED = 4
# in a chunked body
_SIZE = 0
_DATA = 1
_CRLF = 2

POLLIN = select.POLLIN
POLLOUT = select.POLLOUT
_BAD = select.POLLERR | select.POLLHUP
EINPROGRESS = 115  # (MicroPython's errno for it, on lwIP as on unix)


class Http:
    def __init__(self, line_size=2048, rx_size=256):
        self.line = bytearray(line_size)  # the line being put together
        self.n = 0
        self.rx = bytearray(rx_size)  # what the socket gave, not yet taken
        self.rxv = memoryview(self.rx)
        self.linev = memoryview(self.line)
        self.i = self.j = 0  # rx[i:j] is still to be taken
        self.poll = select.poll()
        self.sock = None
        self.raw = None  # the TCP socket under a TLS one
        self.state = _CLOSED
        self.out = None  # the request's bytes still to be sent
        self.sent = 0
        self.status = 0
        self.why = None
        # the body's framing: left, its bytes still to come (the chunk's,
        # when chunked), or -1 up to the connection's close
        self.left = -1
        self.chunked = False
        self.mode = _DATA  # in a chunked body: _SIZE, _DATA or _CRLF
        self.size = 0  # the chunk size read so far
        self.hexed = True  # still in the size's hex digits
        self.ended = False  # the body is over (its last line handed over)
        self.skip = False  # in the rest of a line too long
        self.last = 0  # when the socket last gave bytes (ticks ms)
        self.quiet_ms = 20000  # no byte for this long: the request fails

    def busy(self):
        return self.state != _CLOSED

    def start(self, addr, host, method, path, token=None, body=None, tls=None, now=0):
        """Begin a request. addr: from socket.getaddrinfo; host: the Host
        header's (and TLS's server name); tls: an SSLContext, or None for
        plain HTTP. Raises OSError when the socket cannot be made."""
        self.close()
        head = "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n" % (method, path, host)
        if token:
            head += "Authorization: Bearer %s\r\n" % token
        if body is not None:
            head += "Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
        self.out = (head + "\r\n" + (body or "")).encode()
        self.sent = 0
        self.n = self.i = self.j = 0
        self.status = 0
        self.why = None
        self.left = -1
        self.chunked = self.skip = self.ended = False
        self.mode = _DATA
        self.last = now
        s = socket.socket()
        self.raw = s
        s.setblocking(False)
        try:
            s.connect(addr)
        except OSError as e:
            if e.errno != EINPROGRESS:
                self.raw = None
                s.close()
                raise
        self.sock = s
        self.tls = tls
        self.host = host
        self.poll.register(s, POLLOUT)
        self.state = _CONNECT

    def close(self):
        s = self.sock
        if s is not None:
            try:
                self.poll.unregister(s)
            except (OSError, KeyError, ValueError):
                pass
            s.close()
            if self.raw is not None and self.raw is not s:
                self.raw.close()
        self.sock = self.raw = None
        self.state = _CLOSED
        self.out = None

    def _fail(self, why):
        self.why = why
        self.close()
        return FAIL

    def step(self, now):
        """One step of the request: at most one line handed over."""
        st = self.state
        if st == _CLOSED:
            return NOTHING
        if self.ended:  # the body's last line was handed over
            self.close()
            return DONE
        if st >= _HEAD and self.i < self.j:  # bytes taken in before, not yet looked at
            return self._take()
        ev = 0
        for _, got in self.poll.ipoll(0):
            ev = got
        if not ev:
            if ticks_diff(now, self.last) > self.quiet_ms:
                return self._fail("no answer for %d s" % (self.quiet_ms // 1000))
            return NOTHING
        self.last = now
        if st == _CONNECT:
            if ev & _BAD and not ev & POLLOUT:
                return self._fail("cannot connect")
            self.state = _SEND
            if self.tls is not None:
                # the handshake goes on in the reads and writes that follow
                self.poll.unregister(self.sock)
                self.sock = self.tls.wrap_socket(
                    self.raw, server_hostname=self.host, do_handshake_on_connect=False
                )
                self.poll.register(self.sock, POLLOUT)
            return NOTHING
        if st == _SEND:
            try:
                k = self.sock.write(memoryview(self.out)[self.sent :])
            except OSError as e:
                return self._fail("cannot send (%s)" % e)
            if k:
                self.sent += k
            if self.sent >= len(self.out):
                self.out = None
                self.state = _HEAD
                self.poll.modify(self.sock, POLLIN)
            return NOTHING
        try:
            k = self.sock.readinto(self.rx)
        except OSError as e:
            return self._fail("connection lost (%s)" % e)
        if k is None:  # (TLS: a record not whole yet)
            return NOTHING
        if not k:  # the connection's end
            if st == _BODY and self.left == -1 and self.mode == _DATA:
                # a body framed by the close: its last line, then done
                if self.n:
                    self.ended = True
                    return LINE
                self.close()
                return DONE
            return self._fail("the connection closed early")
        self.i = 0
        self.j = k
        return self._take()

    def _take(self):
        # bytes of rx[i:j] taken in, up to a line's end or the body's
        rx = self.rx
        while self.i < self.j:
            i = self.i
            mode = self.mode
            if self.state == _BODY and mode != _DATA:
                self._frame()  # a chunk's size line, or the end of its data
                if self.ended:  # the last chunk: a line not ended by \n, then done
                    if self.n and not self.skip:
                        return LINE
                    self.close()
                    return DONE
                continue
            j = self.j
            sized = self.state == _BODY and self.left >= 0
            if sized:
                j = min(j, i + self.left)
            k = rx.find(b"\n", i, j)
            end = k + 1 if k >= 0 else j
            if sized:
                self.left -= end - i
            got = self._keep(i, k if k >= 0 else j)
            self.i = end
            if k >= 0:
                got = self._line()
                if got != NOTHING:
                    return got
            elif got == TOO_LONG:
                return got
            if sized and not self.left:
                if self.chunked:  # the chunk's data over (a line goes on in the next)
                    self.mode = _CRLF
                else:  # the body's end: its last line, then done
                    if not self.n:
                        self.close()
                        return DONE
                    self.ended = True
                    return LINE
        return NOTHING

    def _frame(self):
        # a chunk's framing, a byte at a time (a few bytes a chunk): its
        # size in hex (then anything up to the line's end), or the \r\n
        # after its data
        rx = self.rx
        while self.i < self.j:
            c = rx[self.i]
            self.i += 1
            if c == 10:  # \n
                if self.mode == _SIZE:
                    if not self.size:  # the last chunk
                        self.ended = True
                        return
                    self.left = self.size
                    self.mode = _DATA
                else:
                    self.mode = _SIZE
                    self.size = 0
                    self.hexed = True
                return
            if self.mode == _SIZE and self.hexed:
                d = c - 48 if 48 <= c <= 57 else (c | 32) - 87 if 97 <= (c | 32) <= 102 else -1
                if d < 0:
                    self.hexed = False  # (an extension, or the \r)
                else:
                    self.size = self.size * 16 + d

    def _keep(self, i, end):
        # rx[i:end] onto the line; TOO_LONG when it does not fit (the rest
        # of the line is skipped)
        if self.skip:
            return NOTHING
        n = self.n
        m = end - i
        if n + m > len(self.line):
            m = len(self.line) - n
            self.linev[n : n + m] = self.rxv[i : i + m]
            self.n = n + m
            self.skip = True
            return TOO_LONG
        if m:
            self.linev[n : n + m] = self.rxv[i:end]
            self.n = n + m
        return NOTHING

    def _line(self):
        # a whole line in line[:n] (its \n taken off)
        n = self.n
        if n and self.line[n - 1] == 13:  # \r
            n -= 1
        self.n = n
        if self.skip:
            self.skip = False
            self.n = 0
            return NOTHING
        if self.state == _HEAD:
            return self._header(n)
        return LINE  # (the caller takes line[:n], then calls taken)

    def taken(self):
        """The line handed over has been read: the next one starts."""
        self.n = 0

    def text(self):
        """The line handed over, as a str (allocates)."""
        return bytes(self.linev[: self.n]).decode()

    def _header(self, n):
        line = self.line
        self.n = 0
        if not self.status:
            # "HTTP/1.1 200 OK"
            try:
                self.status = int(bytes(line[9:12]))
            except ValueError:
                return self._fail("not an HTTP answer")
            return NOTHING
        if not n:  # the headers' end
            self.state = _BODY
            if self.chunked:
                self.mode = _SIZE
                self.size = 0
                self.hexed = True
            elif not self.left:  # an empty body
                self.close()
                return DONE
            return NOTHING
        h = bytes(line[:n]).lower()
        if h.startswith(b"transfer-encoding:") and b"chunked" in h:
            self.chunked = True
        elif h.startswith(b"content-length:"):
            self.left = int(h[15:])
        return NOTHING


def address(host, port):
    """The socket address of host:port (a name is looked up: the one call
    that may wait, made once a connection)."""
    return socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)[0][-1]


def split_url(url):
    """(tls, host, port) of "http://host[:port]" or "https://...";
    ValueError otherwise."""
    tls = url.startswith("https://")
    if not tls and not url.startswith("http://"):
        raise ValueError("server must begin with http:// or https://")
    rest = url[8 if tls else 7 :].rstrip("/")
    if "/" in rest or not rest:
        raise ValueError("server is http(s)://host[:port], with no path")
    host, _, port = rest.partition(":")
    if not host:
        raise ValueError("server names no host")
    port = int(port) if port else (443 if tls else 80)
    if not 0 < port < 65536:
        raise ValueError("server's port must be 1..65535")
    return tls, host, port
