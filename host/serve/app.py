"""The ASGI application of `eldritch serve` (Starlette): the pages, the host's API and the players'
WebSocket, over one TableServer (tables.py).

    app = make_app(server, key)             # uvicorn.run(app, ...) or starlette.testclient.TestClient(app)

Routes:
    GET  /                      a short page: open the link the host gave you
    GET  /play                  the player's page (static/play.html); the seat's token is in the
                                link's #fragment, so it never reaches a server log or a Referer
    GET  /host                  the host's page (static/host.html); the host key is in its #fragment
    GET  /static/...            the pages' CSS and JavaScript (package data; no build step)
    WS   /ws                    a player or spectator: first {"type": "join", "token": T}, then
                                {"type": "act", "move": N, "action": A} (see tables.py, messages.py)
    /api/...                    the host's controls, with "Authorization: Bearer KEY": games, tables
                                (create, list, pause, resume, end, seat to bot or person, export as a
                                save, import a save), QR codes of the links

Every response carries a strict Content-Security-Policy (scripts from this server only), no
Referer, no framing and no caching of the API.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hmac
import json
import os
import time

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from eldritch.saves.atomic import SaveError
from eldritch import games
from eldritch.kernel.errors import KernelError
from eldritch.serve import messages
from eldritch.serve.qr import svg
from eldritch.serve.tables import Conn, Refused, pump, strike

STATIC = os.path.join(os.path.dirname(__file__), "static")
JOIN_SECONDS = 30
HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                      "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                                      "base-uri 'none'; form-action 'none'",
           "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}


def make_app(server, key: str, base_url: str = "") -> Starlette:
    """The application (see the module docstring); base_url: how players reach this server."""

    def page(name):
        async def endpoint(request):
            return FileResponse(os.path.join(STATIC, name))
        return endpoint

    def authorised(request) -> bool:
        got = request.headers.get("authorization", "")
        return hmac.compare_digest(got.encode(), ("Bearer " + key).encode())

    def api(fn):
        async def endpoint(request):
            if not authorised(request):
                return _json({"error": "the host's key is needed (the link printed by eldritch serve)"}, 403)
            try:
                return await fn(request)
            except (KernelError, SaveError, Refused) as exc:
                text = exc.message if isinstance(exc, Refused) else str(exc)
                return _json({"error": text}, 400)
        return endpoint

    def table_of(request):
        table = server.tables.get(request.path_params["table"])
        if table is None:
            raise KernelError("option", "no table %s" % request.path_params["table"][:20])
        return table

    async def body(request, limit=64 << 10):
        blob = await request.body()
        if len(blob) > limit:
            raise KernelError("option", "the request is larger than %d bytes" % limit)
        try:
            doc = json.loads(blob or b"{}")
        except ValueError:
            raise KernelError("option", "the request is not JSON")
        if not isinstance(doc, dict):
            raise KernelError("option", "the request is not a JSON object")
        return doc

    def link(token):
        return "%s/play#%s" % (base_url or "", token)

    def listing(table):
        doc = table.summary()
        for seat in doc["seats"]:
            seat["link"] = link(seat.pop("token"))
            seat["qr"] = svg(seat["link"]) if base_url else None
        doc["watch_link"] = link(doc.pop("watch"))
        return doc

    async def list_games(request):
        return _json({"games": [games.describe(g) for g in games.NAMES], "limits": server.limits.as_json(),
                      "bot_delay": server.bot_delay, "base_url": base_url})

    async def list_tables(request):
        return _json({"tables": [listing(t) for t in server.tables.values()], "notes": server.notes[-20:]})

    async def create_table(request):
        doc = await body(request)
        bots = doc.get("bots", [])
        if not isinstance(bots, list):
            raise KernelError("option", "bots must be a list of seats")
        seed = doc.get("seed")
        table = await server.create(str(doc.get("game", "")), doc.get("players"), bots, doc.get("options") or {},
                                    seed if type(seed) is int else None, str(doc.get("kind", "heuristic")),
                                    paused=doc.get("paused") is True)
        return _json(listing(table))

    async def table_action(request):
        table = table_of(request)
        verb = request.path_params["verb"]
        if verb == "pause":
            await server.pause(table, True)
        elif verb == "resume":
            await server.pause(table, False)
        elif verb == "end":
            await server.end(table)
        elif verb == "seat":
            doc = await body(request)
            await server.set_bot(table, doc.get("seat"), bool(doc.get("bot")))
        else:
            raise KernelError("option", "no control %r" % verb[:20])
        return _json(listing(table))

    async def export(request):
        table = table_of(request)
        doc = await body(request)
        blob = await server.export_save(table, doc.get("passphrase") or None)
        name = "%s-%s.%s" % (table.game.name, table.id, "sae" if games.get(table.game.name).hides else "sav")
        return Response(blob, media_type="application/octet-stream",
                        headers={"Content-Disposition": 'attachment; filename="%s"' % name, "Cache-Control": "no-store"})

    async def import_save(request):
        doc = await body(request, server.limits.upload_bytes * 2)
        try:
            blob = base64.b64decode(str(doc.get("save", "")), validate=True)
        except ValueError:
            raise KernelError("option", "the save must be base64")
        table = await server.import_save(blob, str(doc.get("game", "")), doc.get("passphrase") or None)
        return _json(listing(table))

    async def ws_endpoint(websocket: WebSocket):
        await websocket.accept()
        conn = None
        sender = None
        try:
            try:
                first = await asyncio.wait_for(websocket.receive_text(), JOIN_SECONDS)
            except asyncio.TimeoutError:
                await _refuse(websocket, "bad_message", "no join message: the link's page sends it")
                return
            doc = _parse(first, server.limits.message_bytes)
            if not isinstance(doc, dict) or doc.get("type") != "join":
                await _refuse(websocket, "bad_message", "the first message is {\"type\": \"join\", \"token\": T}")
                return
            try:
                table, reader = server.lookup(doc.get("token"))
                conn = Conn(table, reader, server.limits)
                await server.attach(conn)
            except Refused as exc:
                conn = None
                await _refuse(websocket, exc.code, exc.message)
                return
            sender = asyncio.get_running_loop().create_task(
                pump(conn, websocket.send_text, lambda code, reason: websocket.close(code, reason)))
            await _receive(websocket, conn, sender)
        except WebSocketDisconnect:
            pass
        finally:
            if conn is not None:
                server.detach(conn)
            if sender is not None and not sender.done():
                conn.close(1000, "")
                try:
                    await asyncio.wait_for(sender, 2)
                except Exception:
                    sender.cancel()

    async def _receive(websocket, conn, sender):
        limits = server.limits
        while conn.closing is None:
            receive = asyncio.ensure_future(websocket.receive())
            done, _ = await asyncio.wait({receive, sender}, return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:
                receive.cancel()
                return                               # the server dropped the client (closed by the pump)
            message = receive.result()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                conn.send(messages.error("bad_message", "messages are JSON text", conn.table.move))
                conn.close(1003, "messages are JSON text")
                return
            if len(text) > limits.message_bytes:
                conn.send(messages.error("too_big", "a message is at most %d bytes" % limits.message_bytes,
                                         conn.table.move))
                conn.close(1009, "message too big (at most %d bytes)" % limits.message_bytes)
                return
            try:
                if not conn.bucket.take(time.monotonic()):
                    raise Refused("rate", "too many messages: at most %g a second" % limits.rate)
                doc = _parse(text, limits.message_bytes)
                if doc is None:
                    raise Refused("bad_message", "that is not JSON")
                await server.submit(conn, doc)
                conn.strikes = 0
            except Refused as exc:
                strike(conn, exc)
        await asyncio.wait({sender}, timeout=2)

    routes = [
        Route("/", page("index.html")),
        Route("/play", page("play.html")),
        Route("/host", page("host.html")),
        Route("/favicon.ico", page("favicon.svg")),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        WebSocketRoute("/ws", ws_endpoint),
        Route("/api/games", api(list_games)),
        Route("/api/tables", api(list_tables), methods=["GET"]),
        Route("/api/tables", api(create_table), methods=["POST"]),
        Route("/api/tables/{table}/export", api(export), methods=["POST"]),
        Route("/api/tables/{table}/{verb}", api(table_action), methods=["POST"]),
        Route("/api/import", api(import_save), methods=["POST"]),
    ]

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


def _json(doc, status=200):
    return JSONResponse(doc, status, headers={"Cache-Control": "no-store"})


def _parse(text, limit):
    if len(text) > limit:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


async def _refuse(websocket, code, message):
    await websocket.send_text(json.dumps(messages.error(code, message)))
    await websocket.close(1008, message[:120])
