"""The host's API of `eldritch serve`: every route under /api/, each behind the host's key
("Authorization: Bearer KEY"), each body read and checked here before the tables see it.

    routes = api_routes(server, key, base_url)      # Starlette routes; app.py mounts them

    GET  /api/games                     the games, their options and players; the server's limits
    GET  /api/tables                    every table (its seats' links and QR codes) and the notes
    POST /api/tables                    {"game", "players", "bots": [seat, ...], "seed", "kind",
                                         "options": {name: value}, "paused"}: a new table
    POST /api/tables/ID/pause|resume|end
    POST /api/tables/ID/seat            {"seat": N, "bot": true|false}
    POST /api/tables/ID/export          {"passphrase": "words"}: the table as the CLI's save
    POST /api/import                    {"game", "save": base64, "passphrase", "allow_older"}

A body is a JSON object of at most BODY_BYTES (an import: twice the largest upload), nested at most
jsonin.MAX_DEPTH deep; each field has one kind (a whole number in its range, a string, true or
false, a list of seats) and anything else is a 400 naming the field, in one line. A passphrase is a
string of words, never a number or a list. No body, whatever it holds, makes a 500.
"""

from __future__ import annotations

import base64
import binascii
import hmac

from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eldritch import games
from eldritch.kernel.errors import KernelError
from eldritch.saves.atomic import SaveError
from eldritch.serve.jsonin import NotJson, read_json
from eldritch.serve.qr import svg
from eldritch.serve.tables import Refused

BODY_BYTES = 64 << 10
PASSPHRASE_CHARS = 1024
SEED_LIMIT = 1 << 30
NO_KEY = "the host's key is needed (the link printed by eldritch serve)"


class BadBody(Exception):
    """A body the API refuses: a 400 with this one line."""


class Body:
    """A request's JSON object, read field by field with the field's kind checked."""

    def __init__(self, doc: dict):
        self.doc = doc

    def _get(self, name, default):
        return self.doc.get(name, default)

    def text(self, name: str, default: str | None = None, limit: int = 64) -> str | None:
        value = self._get(name, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str) or len(value) > limit:
            raise BadBody("%s must be a string of at most %d characters" % (name, limit))
        return value

    def whole(self, name: str, low: int, high: int, default=None, required: bool = False):
        value = self._get(name, default)
        if value is None and not required:
            return None
        if type(value) is not int or not low <= value <= high:
            raise BadBody("%s must be a whole number %d to %d" % (name, low, high))
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        value = self._get(name, default)
        if type(value) is not bool:
            raise BadBody("%s must be true or false" % name)
        return value

    def seats(self, name: str) -> list:
        value = self._get(name, [])
        if not isinstance(value, list) or not all(type(s) is int for s in value):
            raise BadBody("%s must be a list of seat numbers" % name)
        return value

    def table(self, name: str) -> dict:
        value = self._get(name, {})
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise BadBody("%s must be a table of name: value" % name)
        return value

    def passphrase(self, name: str = "passphrase") -> str | None:
        """The words (a string), or None when absent or empty."""
        value = self._get(name, None)
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            raise BadBody("the passphrase must be a string of words, not %s" % type(value).__name__)
        if len(value) > PASSPHRASE_CHARS or not value.strip():
            raise BadBody("the passphrase must be 1 to %d characters, not only spaces" % PASSPHRASE_CHARS)
        return value


async def read_body(request, limit: int = BODY_BYTES) -> Body:
    """The request's body as a Body; BadBody when it is larger than limit, not JSON, nested too
    deep or not an object. No body at all reads as {}."""
    size = request.headers.get("content-length", "")
    if size.isascii() and size.isdigit() and int(size) > limit:
        raise BadBody("the request is larger than %d bytes" % limit)
    blob = bytearray()
    async for chunk in request.stream():           # stops reading past the limit
        blob += chunk
        if len(blob) > limit:
            raise BadBody("the request is larger than %d bytes" % limit)
    if not blob.strip():
        return Body({})
    try:
        doc = read_json(bytes(blob), limit)
    except NotJson as exc:
        raise BadBody("the request is %s" % exc)
    if not isinstance(doc, dict):
        raise BadBody("the request is not a JSON object")
    return Body(doc)


def _json(doc, status=200):
    return JSONResponse(doc, status, headers={"Cache-Control": "no-store"})


def api_routes(server, key: str, base_url: str = "") -> list:
    """The API's routes over one TableServer (see the module docstring)."""

    def authorised(request) -> bool:
        got = request.headers.get("authorization", "")
        return hmac.compare_digest(got.encode(), ("Bearer " + key).encode())

    def guarded(fn):
        async def endpoint(request):
            if not authorised(request):
                return _json({"error": NO_KEY}, 403)
            try:
                return await fn(request)
            except BadBody as exc:
                return _json({"error": str(exc)}, 400)
            except (KernelError, SaveError) as exc:
                return _json({"error": str(exc)}, 400)
            except Refused as exc:
                return _json({"error": exc.message}, 400)
        return endpoint

    def table_of(request):
        table = server.tables.get(request.path_params["table"])
        if table is None:
            raise BadBody("no table %s" % request.path_params["table"][:20])
        return table

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
        body = await read_body(request)
        game = body.text("game", "")
        if game not in games.NAMES:
            raise BadBody("game must be one of %s" % ", ".join(games.NAMES))
        players = body.whole("players", 0, 64, required=True)
        bots = body.seats("bots")
        seed = body.whole("seed", 0, SEED_LIMIT - 1)
        kind = body.text("kind", "heuristic")
        table = await server.create(game, players, bots, body.table("options"), seed, kind,
                                    paused=body.flag("paused"))
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
            body = await read_body(request)
            seat = body.whole("seat", 0, len(table.tokens) - 1, required=True)
            await server.set_bot(table, seat, body.flag("bot"))
        else:
            raise BadBody("no control %r" % verb[:20])
        return _json(listing(table))

    async def export(request):
        table = table_of(request)
        body = await read_body(request)
        blob = await server.export_save(table, body.passphrase())
        name = "%s-%s.%s" % (table.game.name, table.id, "sae" if games.get(table.game.name).hides else "sav")
        return Response(blob, media_type="application/octet-stream",
                        headers={"Content-Disposition": 'attachment; filename="%s"' % name, "Cache-Control": "no-store"})

    async def import_save(request):
        upload = server.limits.upload_bytes
        body = await read_body(request, upload * 2)
        game = body.text("game", "")
        if game not in games.NAMES:
            raise BadBody("game must be one of %s" % ", ".join(games.NAMES))
        try:
            blob = base64.b64decode(body.text("save", "", limit=upload * 2), validate=True)
        except (binascii.Error, ValueError):
            raise BadBody("the save must be base64")
        table, notice = await server.import_save(blob, game, body.passphrase(), body.flag("allow_older"))
        return _json(dict(listing(table), notice=notice))

    return [
        Route("/api/games", guarded(list_games)),
        Route("/api/tables", guarded(list_tables), methods=["GET"]),
        Route("/api/tables", guarded(create_table), methods=["POST"]),
        Route("/api/tables/{table}/export", guarded(export), methods=["POST"]),
        Route("/api/tables/{table}/{verb}", guarded(table_action), methods=["POST"]),
        Route("/api/import", guarded(import_save), methods=["POST"]),
    ]
