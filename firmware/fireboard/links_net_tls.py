# The TLS context of the WiFi link (fireboard.links_net) for an https://
# server, made once and loaded only then. The server's certificate is
# checked (CERT_REQUIRED) against the certificate authority in ca.der on
# the board's flash (DER, as `openssl x509 -outform der` writes it): a
# board has no list of public authorities, so the owner puts there the one
# that signed the server's certificate. What a connection costs in the
# heap: bench/RESULTS-net.md.
CA = "ca.der"
CA_MAX = 4096


def context(store):
    """An SSLContext that checks the server's certificate; ValueError
    when ca.der is missing or cannot be read."""
    try:
        import tls  # (MicroPython 1.23 on; its ssl module is built on it)
    except ImportError:
        raise ValueError("https needs MicroPython 1.23 or later (the tls module)")

    n = store.size(CA)
    if n <= 0 or n > CA_MAX:
        raise ValueError("https needs the server's certificate authority in %s on the board" % CA)
    with store.open(CA, "rb") as f:
        der = f.read()
    ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)
    ctx.verify_mode = tls.CERT_REQUIRED
    ctx.load_verify_locations(der)  # (tls's: the DER bytes, positional)
    return ctx
