"""The ASGI application: create_app(db_url, ...) builds it (FastAPI), with
the routers, the service (fireice_server.service) started and stopped
with the app, the body checks, and every error as {"error": "..."}."""

import contextlib
import json
import logging

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from fireice_server import clock as timing
from fireice_server import (
    pages,
    routes_account,
    routes_challenge,
    routes_device,
    routes_game,
    routes_mail,
    streams,
)
from fireice_server.db import Database, default_url
from fireice_server.hub import Hub
from fireice_server.service import Service, ServiceError

MAX_BODY = 64 * 1024
DRAIN_LIMIT = 1024 * 1024  # a larger refused body: the connection is closed unread
log = logging.getLogger("fireice_server")


def create_app(
    db_url=None,
    clock=None,
    keepalive=5.0,
    send_timeout=10.0,
    gone_after=30.0,
    queue_size=64,
    sweep_every=0.5,
    login_limits=None,
):
    """The server's app on the database at db_url (the SQLite file in the
    user's data directory by default). clock: a fireice_server.clock.Clock
    (tests give one with an offset). login_limits: failed logins in 15
    minutes (per account, per address) before a 429."""
    options = streams.Options()
    options.keepalive = keepalive
    options.send_timeout = send_timeout
    service = Service(
        Database(db_url or default_url()),
        clock=clock or timing.Clock(),
        hub=Hub(queue_size),
        gone_after=gone_after,
        sweep_every=sweep_every,
        stream_options=options,
        login_limits=login_limits or Service.DEFAULT_LOGIN_LIMITS,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(
        title="Fire and Ice game server",
        version="1",
        description="Play Fire and Ice with anyone: docs/server.md.",
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.service = service
    for r in (routes_account, routes_challenge, routes_game, routes_mail, routes_device):
        app.include_router(r.router)
    _errors(app)
    _openapi_errors(app)
    app.add_middleware(BodyCheck)
    pages.install(app)  # the web pages, and the session cookie for the API
    return app


def _openapi_errors(app):
    """The OpenAPI document says what the server does: a bad request is a
    400 with {"error"} (FastAPI's own document would say 422)."""
    made = app.openapi

    def openapi():
        if app.openapi_schema is None:
            doc = made()
            schemas = doc.setdefault("components", {}).setdefault("schemas", {})
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
            schemas["Error"] = {
                "type": "object",
                "properties": {"error": {"type": "string"}},
                "required": ["error"],
            }
            ref = {
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
            }
            for ops in doc.get("paths", {}).values():
                for op in ops.values():
                    responses = op.setdefault("responses", {})
                    responses.pop("422", None)
                    responses["400"] = dict(ref, description="bad request: what was wrong")
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi


def error(status, message, headers=None, extra=None):
    return JSONResponse(dict(extra or {}, error=message), status_code=status, headers=headers)


def _errors(app):
    @app.exception_handler(ServiceError)
    async def service_error(request, exc):
        return error(exc.status, exc.message, exc.headers, exc.extra)

    @app.exception_handler(Exception)
    async def crash(request, exc):
        log.exception("%s %s", request.method, request.url.path)
        return error(500, "internal error: %s" % type(exc).__name__)

    @app.exception_handler(RequestValidationError)
    async def invalid(request, exc):
        kind = request.headers.get("content-type", "").split(";")[0].strip()
        api = request.url.path.startswith("/api/")
        if api and kind and kind != "application/json" and request.method not in ("GET", "HEAD"):
            # curl -d and HTML forms send form fields; every body here is JSON
            return error(
                400, "the body must be JSON (Content-Type: application/json), not %s" % kind
            )
        return error(400, validation_message(exc.errors()))

    @app.exception_handler(HTTPException)
    async def http_error(request, exc):
        text = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail)
        if exc.status_code == 404 and text == "Not Found":
            text = "no such request: %s %s" % (request.method, request.url.path)
        return error(exc.status_code, text, getattr(exc, "headers", None))


def validation_message(errors):
    """pydantic's errors as one sentence naming the fields."""
    parts = []
    for e in errors:
        if e.get("type") == "json_invalid":
            ctx = e.get("ctx") or {}
            return "the body is not valid JSON: %s" % ctx.get("error", e.get("msg"))
        loc = [str(x) for x in e.get("loc", ()) if x not in ("body", "query", "path")]
        where = ".".join(loc) or "the body"
        if e.get("type") == "missing" and not loc:
            parts.append("the body is missing (JSON expected)")
        else:
            parts.append("%s: %s" % (where, e.get("msg")))
    return "; ".join(parts) or "bad request"


class BodyCheck:
    """Refuses a body over 64 KB (413) and one that is not UTF-8 (400)
    before any route sees it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _drain(receive)
            return await _send_error(send, 413, "the body is larger than 64 KB")
        chunks = []
        size = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                if msg.get("more_body", False):
                    await _drain(receive)
                return await _send_error(send, 413, "the body is larger than 64 KB")
            chunks.append(chunk)
            more = msg.get("more_body", False)
        body = b"".join(chunks)
        try:
            body.decode("utf-8")
        except UnicodeDecodeError as e:
            return await _send_error(
                send, 400, "the body is not UTF-8 (byte 0x%02x at %d)" % (body[e.start], e.start)
            )
        if body and b"content-type" not in dict(scope["headers"]):
            # a body without a type is taken for the JSON every request uses
            scope = dict(scope)
            scope["headers"] = list(scope["headers"]) + [(b"content-type", b"application/json")]
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _drain(receive, limit=DRAIN_LIMIT):
    """Read and drop a refused body, up to limit bytes: a client still
    sending it then reads the answer, not a reset connection."""
    size = 0
    while size <= limit:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            return
        size += len(msg.get("body", b""))
        if not msg.get("more_body", False):
            return


async def _send_error(send, status, message):
    data = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
