"""What an HTTPS connection of the WiFi link (fireboard.links_net_http over
fireboard.links_net_tls) costs in the board's heap, on the MicroPython unix
port (its ssl is mbedTLS, as on a Pico W, allocating in the MicroPython
heap). A certificate authority and a server certificate are made for the
run (openssl), a local HTTPS server streams NDJSON lines, and the board's
client connects with the certificate checked (CERT_REQUIRED).

Prints `name: value` lines, per kind of server key (rsa2048, ec256):
- client_bytes: the link's HTTP client (its line and receive buffers);
- context_*: the SSLContext with the authority loaded;
- held_*: a connection open, its handshake done, a line read (collected
  first: what stays while the stream is held);
- handshake_peak_c_heap_bytes: the most in use during the handshake;
- after_close_c_heap_bytes: what stays once it is closed (the context);
  each in the MicroPython heap (mp_heap) and in the C heap (c_heap, where
  the unix port's mbedTLS allocates: a Pico W's takes it from the
  MicroPython heap, so there the two add up);
- plain_held_*: the same connection without TLS;
- tls_wrong_ca_refused: 1 when a server signed by another authority is
  refused (the check is real).

    .venv/bin/python bench/bench_net_tls.py
"""

import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MP = os.path.join(os.path.dirname(sys.executable), "micropython")

DRIVER = r"""
import gc, sys, time
from fireboard.links_net_http import Http, address, LINE, DONE, FAIL
port, tls_on = int(sys.argv[1]), sys.argv[2] == "tls"

class Store:  # the flash: ca.der in this folder
    def size(self, name):
        import os
        try:
            return os.stat(name)[6]
        except OSError:
            return -1
    def open(self, name, mode="rb"):
        return open(name, mode)

import os

def mark(name):  # the C heap's use now and at its peak since the last mark (the shim)
    print("mark", name)
    os.system("kill -USR1 $PPID")

gc.collect()
mark("start")
f0 = gc.mem_free()
h = Http()
gc.collect()
f1 = gc.mem_free()
ctx = None
if tls_on:
    from fireboard.links_net_tls import context
    ctx = context(Store())
gc.collect()
f2 = gc.mem_free()
mark("context")
h.start(address("127.0.0.1", port), "localhost", "GET", "/stream", None, None, ctx, time.ticks_ms())
t0 = time.ticks_ms()
got = None
while time.ticks_diff(time.ticks_ms(), t0) < 20000:
    r = h.step(time.ticks_ms())
    if r == LINE:
        got = h.text()
        h.taken()
        break
    if r == DONE or r == FAIL:
        print("FAILED", h.why)
        sys.exit(0)
gc.collect()
f3 = gc.mem_free()
mark("held")
h.close()
gc.collect()
mark("closed")
print("client", f0 - f1)
print("context", f1 - f2)
print("held", f2 - f3)
print("line", got)
"""


# mbedTLS on the unix port allocates from the C heap (malloc), not from the
# MicroPython heap as on a Pico W (where MICROPY_TRACKED_ALLOC puts its
# buffers in the GC heap): a malloc shim preloaded into the interpreter
# counts the bytes in use, and at each SIGUSR1 (the driver's marks) says
# them and the peak since the last mark.
SHIM = r"""
#define _GNU_SOURCE
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
static size_t cur, peak;
static void up(void *p) { if (p) { cur += malloc_usable_size(p); if (cur > peak) peak = cur; } }
void *malloc(size_t n) { void *p = __libc_malloc(n); up(p); return p; }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); up(p); return p; }
void free(void *p) { if (p) cur -= malloc_usable_size(p); __libc_free(p); }
void *realloc(void *p, size_t n) {
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, n);
    if (q) { cur -= old; up(q); } else if (!n) cur -= old;
    return q;
}
static void said(int s) {
    char b[96];
    int k = snprintf(b, sizeof b, "C_HEAP %zu %zu\n", cur, peak);
    (void)s;
    if (write(2, b, k) < 0) return;
    peak = cur;
}
__attribute__((constructor)) static void init(void) { signal(SIGUSR1, said); }
"""


def build_shim(folder):
    src = os.path.join(folder, "shim.c")
    with open(src, "w") as f:
        f.write(SHIM)
    so = os.path.join(folder, "shim.so")
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", so, src], check=True)
    return so


def openssl(*args, cwd):
    subprocess.run(["openssl"] + list(args), cwd=cwd, check=True, capture_output=True)


def make_certs(folder, kind):
    """ca.der (the authority, DER, for the board), server.pem/key.pem."""
    key = ["-newkey", "rsa:2048"] if kind == "rsa2048" else ["-newkey", "ec"]
    if kind == "ec256":
        key += ["-pkeyopt", "ec_paramgen_curve:P-256"]
    openssl("req", "-x509", *key, "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
            "-days", "2", "-subj", "/CN=bench ca", cwd=folder)  # fmt: skip
    openssl("x509", "-in", "ca.pem", "-outform", "der", "-out", "ca.der", cwd=folder)
    openssl("req", "-new", *key, "-nodes", "-keyout", "key.pem", "-out", "server.csr",
            "-subj", "/CN=localhost", cwd=folder)  # fmt: skip
    with open(os.path.join(folder, "ext.cnf"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "ext.cnf",
            cwd=folder)  # fmt: skip


def serve(folder, tls):
    """A server streaming a chunked NDJSON line every 50 ms per client: its port."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    ctx = None
    if tls:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(os.path.join(folder, "server.pem"), os.path.join(folder, "key.pem"))

    def client(c):
        try:
            if ctx:
                c = ctx.wrap_socket(c, server_side=True)
            c.recv(4096)
            c.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in range(400):
                line = b'{"type": "gameState", "moves": "D4-C4"}\n'
                c.sendall(b"%x\r\n%s\r\n" % (len(line), line))
                time.sleep(0.05)
        except (OSError, ssl.SSLError):
            pass
        finally:
            c.close()

    def loop():
        while True:
            try:
                c, _ = srv.accept()
            except OSError:
                return
            threading.Thread(target=client, args=(c,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()
    return srv


def board(folder, port, mode, heap="512k", shim=None):
    drv = os.path.join(folder, "drive.py")
    with open(drv, "w") as f:
        f.write(DRIVER)
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    if shim:
        env["LD_PRELOAD"] = shim
    p = subprocess.run([MP, "-X", "heapsize=" + heap, drv, str(port), mode],
                       capture_output=True, text=True, timeout=120, cwd=folder, env=env)  # fmt: skip
    out = {}
    for line in p.stdout.splitlines():
        k, _, v = line.partition(" ")
        out[k] = v
    # the C heap at each mark: (in use, peak since the mark before)
    out["c_heap"] = [
        tuple(int(x) for x in line.split()[1:])
        for line in p.stderr.splitlines()
        if line.startswith("C_HEAP ")
    ]
    if p.returncode != 0:
        out["FAILED"] = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "exit"
    return out


def main():
    shim_dir = tempfile.mkdtemp(prefix="fireice-shim-")
    shim = build_shim(shim_dir)
    for kind in ("rsa2048", "ec256"):
        with tempfile.TemporaryDirectory() as folder:
            make_certs(folder, kind)
            srv = serve(folder, True)
            port = srv.getsockname()[1]
            out = board(folder, port, "tls", shim=shim)
            assert "line" in out, out
            c = out["c_heap"]  # marks: start, context, held, closed
            print("tls_%s_client_bytes: %s" % (kind, out["client"]))
            print("tls_%s_context_mp_heap_bytes: %s" % (kind, out["context"]))
            print("tls_%s_held_mp_heap_bytes: %s" % (kind, out["held"]))
            print("tls_%s_context_c_heap_bytes: %d" % (kind, c[1][0] - c[0][0]))
            print("tls_%s_held_c_heap_bytes: %d" % (kind, c[2][0] - c[1][0]))
            print("tls_%s_handshake_peak_c_heap_bytes: %d" % (kind, c[2][1] - c[1][0]))
            print("tls_%s_after_close_c_heap_bytes: %d" % (kind, c[3][0] - c[0][0]))
            srv.close()
    with tempfile.TemporaryDirectory() as folder:
        srv = serve(folder, False)
        out = board(folder, srv.getsockname()[1], "plain", shim=shim)
        c = out["c_heap"]
        print("plain_held_mp_heap_bytes: %s" % out["held"])
        print("plain_held_c_heap_bytes: %d" % (c[2][0] - c[1][0]))
        srv.close()
    # a server whose certificate another authority signed: refused
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        make_certs(a, "ec256")
        make_certs(b, "ec256")
        srv = serve(b, True)
        out = board(a, srv.getsockname()[1], "tls")
        print("tls_wrong_ca_refused: %d" % ("line" not in out))
        srv.close()


if __name__ == "__main__":
    main()
