"""A minimal HTTP/1.1 client on asyncio streams, for bench_server.py: one
keep-alive connection per client and NDJSON streams read line by line,
with next to no work per request (the server under test shares the
machine's two cores with the clients)."""

import asyncio
import json
import time

# The server closes a keep-alive connection idle for 5 s (uvicorn's
# default): one idle longer than this is opened anew before a request.
IDLE_S = 3.0


class HttpError(Exception):
    pass


class Connection:
    """One keep-alive connection; requests on it go one after the other."""

    def __init__(self, host, port, token=None):
        self.host = host
        self.port = port
        self.token = token
        self.reader = None
        self.writer = None
        self.used = 0.0

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    def close(self):
        if self.writer:
            self.writer.close()
            self.writer = None

    def _head(self, method, path, length, extra=""):
        auth = "Authorization: Bearer %s\r\n" % self.token if self.token else ""
        return (
            "%s %s HTTP/1.1\r\nHost: %s:%d\r\n%s%sContent-Length: %d\r\n\r\n"
            % (method, path, self.host, self.port, auth, extra, length)
        ).encode()

    async def _status_and_headers(self):
        line = await self.reader.readline()
        if not line:
            raise HttpError("connection closed")
        parts = line.split(None, 2)
        status = int(parts[1])
        headers = {}
        while True:
            h = await self.reader.readline()
            if h in (b"\r\n", b"\n", b""):
                break
            k, _, v = h.decode("latin-1").partition(":")
            headers[k.strip().lower()] = v.strip()
        return status, headers

    async def _chunk(self):
        """The next chunk of a chunked body (b"" for the last)."""
        size = int((await self.reader.readline()).split(b";")[0], 16)
        data = await self.reader.readexactly(size + 2)
        return data[:-2]

    async def request(self, method, path, body=None):
        """(status, decoded JSON or None)."""
        if self.writer is not None and time.monotonic() - self.used > IDLE_S:
            self.close()
        if self.writer is None:
            await self.open()
        self.used = time.monotonic()
        data = b"" if body is None else json.dumps(body).encode()
        extra = "Content-Type: application/json\r\n" if body is not None else ""
        self.writer.write(self._head(method, path, len(data), extra) + data)
        status, headers = await self._status_and_headers()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            raw = b""
            while True:
                chunk = await self._chunk()
                if not chunk:
                    break
                raw += chunk
        else:
            raw = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        self.used = time.monotonic()
        try:
            answer = json.loads(raw) if raw.strip() else None
        except ValueError:
            answer = None
        return status, answer

    async def stream(self, path):
        """Yields each NDJSON object of a stream, and None for each
        keep-alive line (so that a reader can look at the time)."""
        if self.writer is None:
            await self.open()
        self.writer.write(self._head("GET", path, 0))
        status, headers = await self._status_and_headers()
        if status != 200:
            raise HttpError("stream refused: %d" % status)
        chunked = headers.get("transfer-encoding", "").lower() == "chunked"
        buf = b""
        while True:
            if chunked:
                data = await self._chunk()
                if not data:
                    return
                buf += data
            else:
                data = await self.reader.read(65536)
                if not data:
                    return
                buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield json.loads(line) if line.strip() else None
