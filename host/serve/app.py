"""The ASGI application of `eldritch serve` (Starlette), put together from its three parts: the
host's API (api.py), the players' WebSocket (transport.py) and the tables behind both (tables.py:
the one place a move is checked, made durable and applied), as boardgame.io keeps its API, its
transport and its master apart.

    app = make_app(server, key)             # uvicorn.run(app, ...) or starlette.testclient.TestClient(app)

Routes:
    GET  /                      a short page: open the link the host gave you
    GET  /play                  the player's page (static/play.html); the seat's token is in the
                                link's #fragment, so it never reaches a server log or a Referer
    GET  /host                  the host's page (static/host.html); the host key is in its #fragment
    GET  /static/...            the pages' CSS and JavaScript (package data; no build step)
    WS   /ws                    a player or spectator (transport.py)
    /api/...                    the host's controls, with "Authorization: Bearer KEY" (api.py)

Every response carries a strict Content-Security-Policy (scripts from this server only), no
Referer, no framing and no caching of the API. The limits on connections themselves (how many, from
one address, how long a request's headers may take) are the server's: connguard.py.
"""

from __future__ import annotations

import contextlib
import os

from starlette.applications import Starlette
from starlette.responses import FileResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from eldritch.serve.api import api_routes
from eldritch.serve.transport import socket_endpoint

STATIC = os.path.join(os.path.dirname(__file__), "static")
HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                      "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                                      "base-uri 'none'; form-action 'none'",
           "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}


def make_app(server, key: str, base_url: str = "") -> "SecurityHeaders":
    """The application (see the module docstring); base_url: how players reach this server."""

    def page(name):
        async def endpoint(request):
            return FileResponse(os.path.join(STATIC, name))
        return endpoint

    routes = [
        Route("/", page("index.html")),
        Route("/play", page("play.html")),
        Route("/host", page("host.html")),
        Route("/favicon.ico", page("favicon.svg")),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        WebSocketRoute("/ws", socket_endpoint(server)),
    ] + api_routes(server, key, base_url)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return SecurityHeaders(app)


class SecurityHeaders:
    """Every HTTP response with HEADERS (pages, static files and the API alike)."""

    def __init__(self, app):
        self.app = app
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items() if k.lower().encode() not in have]
                message = dict(message, headers=list(message.get("headers", [])) + extra)
            await send(message)
        return await self.app(scope, receive, with_headers)
