"""Browser sessions for the server's web pages, and their protection against
cross-site requests.

A session is an API token (the server stores it hashed, as every token):
signing in through the page asks the API for a token and keeps it in an
HttpOnly cookie, so page scripts never see it; signing out revokes it.

Cross-site requests are refused in two ways, each enough on its own:

- The cookie is SameSite=Lax: another site's form post or fetch does not
  carry it. (Lax rather than Strict, so that a link in an e-mail "your
  turn in game 12" opens the game signed in; a GET changes nothing.)
- Every request that changes something must prove it comes from our own
  page: a form carries a hidden CSRF token, a page script sends it in the
  X-CSRF-Token header. The token is an HMAC of the session token, so it
  needs no storage, and another site cannot read or compute it. Before
  signing in (the sign-in and sign-up forms) it is the value of a random
  pre-session cookie, which the form must repeat.
  A request whose Origin header names another site is refused too.

The middleware here lets the JSON API accept the session cookie in place
of an `Authorization: Bearer` header, under the same CSRF rule for
anything but GET and HEAD.
"""

import hashlib
import hmac
import json
import secrets
from http.cookies import SimpleCookie

SESSION_COOKIE = "fireice_session"
PRE_COOKIE = "fireice_pre"  # the CSRF value of the signed-out forms
CSRF_HEADER = b"x-csrf-token"
CSRF_FIELD = "csrf"
SESSION_DAYS = 30
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def csrf_of(secret):
    """The CSRF token that goes with a session or pre-session cookie value."""
    return hmac.new(secret.encode(), b"fireice csrf", hashlib.sha256).hexdigest()[:40]


def new_pre_secret():
    return secrets.token_urlsafe(24)


def cookie_header(name, value, secure, max_age, same_site="Lax"):
    """A Set-Cookie value: HttpOnly always, SameSite, Secure over https."""
    parts = ["%s=%s" % (name, value), "Path=/", "HttpOnly", "SameSite=" + same_site]
    parts.append("Max-Age=%d" % max_age)
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def session_cookie(token, secure):
    return cookie_header(SESSION_COOKIE, token, secure, SESSION_DAYS * 86400)


def clear_session_cookie(secure):
    return cookie_header(SESSION_COOKIE, "", secure, 0)


def pre_cookie(secret, secure):
    # Strict: only our own pages ever post the sign-in form
    return cookie_header(PRE_COOKIE, secret, secure, 86400, "Strict")


def cookies_of(headers):
    """{name: value} of an ASGI scope's Cookie headers."""
    jar = SimpleCookie()
    for k, v in headers:
        if k == b"cookie":
            try:
                jar.load(v.decode("latin-1"))
            except Exception:
                continue  # a malformed cookie header is the same as none
    return {k: m.value for k, m in jar.items()}


def header(headers, name):
    for k, v in headers:
        if k == name:
            return v.decode("latin-1")
    return None


def same_origin(headers, scheme):
    """False when an Origin header names another site than the Host."""
    origin = header(headers, b"origin")
    if origin is None:  # browsers send it on every cross-site post
        return True
    host = header(headers, b"host")
    return host is not None and origin == "%s://%s" % (scheme, host)


def csrf_ok(expected_secret, given):
    if not expected_secret or not given:
        return False
    return hmac.compare_digest(csrf_of(expected_secret), given)


class CookieAuth:
    """ASGI middleware: a request to /api/ with no Authorization header but
    with a session cookie is passed on with the cookie's token as its
    bearer token, once it has shown the CSRF header (changes) and its
    Origin (if any) is ours. Other requests pass unchanged."""

    def __init__(self, app, prefix="/api/"):
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            return await self.app(scope, receive, send)
        headers = scope["headers"]
        if header(headers, b"authorization") is not None:
            return await self.app(scope, receive, send)
        token = cookies_of(headers).get(SESSION_COOKIE)
        if not token:
            return await self.app(scope, receive, send)
        if not same_origin(headers, scope.get("scheme", "http")):
            return await refuse(send, "the request comes from another site (Origin)")
        if scope["method"] not in SAFE_METHODS:
            if not csrf_ok(token, header(headers, CSRF_HEADER)):
                return await refuse(send, "the X-CSRF-Token header is missing or wrong")
        scope = dict(scope)
        scope["headers"] = list(headers) + [(b"authorization", b"Bearer " + token.encode())]
        return await self.app(scope, receive, send)


async def refuse(send, why):
    body = json.dumps({"error": why}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
