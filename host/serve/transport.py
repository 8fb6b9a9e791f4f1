"""The players' WebSocket (/ws): a connection joins a table with its link's token, then sends
actions; each reader's frames go out through its own outbox (tables.Conn). Every message a client
sends is read here and either handed to the tables (tables.TableServer.submit) or refused.

    WebSocketRoute("/ws", socket_endpoint(server))       # app.py mounts it

The protocol: the first message is {"type": "join", "token": T} within JOIN_SECONDS; then
{"type": "act", "move": N, "action": A} or {"type": "ping"}. A refused message gets an error frame
({"type": "error", "code": ..., "message": one line}: messages.error). A connection is closed
with one of CLOSE_CODES, and with no other, whatever a client sends:

    1000  the connection ends normally (the client left, the server closed an ended table's socket)
    1001  the server is stopping
    1002  a frame the WebSocket layer cannot parse (the websockets library's own check)
    1003  a binary frame: messages are JSON text
    1007  a text frame that is not UTF-8 (the WebSocket layer's own check)
    1008  refused: a first message that is not a join (not JSON, nested too deep, another type), a
          token of no seat, a full table or server, no join in time, STRIKES bad messages in a row,
          a client too slow to read its frames
    1009  a message larger than the limit (Limits.message_bytes; the WebSocket layer refuses frames
          past four times that before they reach here)
    1011  a client that does not answer the server's pings (the WebSocket layer's keepalive)

A refusal before the join is an error frame and the close; after it, an error frame, and the close
after STRIKES in a row (limits.py). A client already gone when its frame or close is sent is let
go quietly: nothing a client does is logged as a traceback.
"""

from __future__ import annotations

import asyncio
import json
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from eldritch.serve import messages
from eldritch.serve.jsonin import NotJson, read_json
from eldritch.serve.limits import STRIKES
from eldritch.serve.tables import Conn, Refused

JOIN_SECONDS = 30
CLOSE_CODES = (1000, 1001, 1002, 1003, 1007, 1008, 1009, 1011)
SEND_ERRORS = (WebSocketDisconnect, OSError, RuntimeError)     # the client is gone (closed, reset, dropped)


class Dropped(Exception):
    """The client closed its side before or while it joined."""


def socket_endpoint(server):
    """The /ws endpoint over one TableServer (see the module docstring)."""

    async def endpoint(websocket: WebSocket):
        await websocket.accept()
        conn = None
        sender = None
        try:
            doc = await _first_message(websocket, server.limits)
            if doc is None:
                return
            try:
                table, reader = server.lookup(doc.get("token"))
                conn = Conn(table, reader, server.limits)
                await server.attach(conn)
            except Refused as exc:
                conn = None
                await _refuse(websocket, exc.code, exc.message, 1008)
                return
            sender = asyncio.get_running_loop().create_task(
                pump(conn, websocket.send_text, lambda code, reason: websocket.close(code, reason)))
            await _receive(websocket, conn, sender, server)
        except (Dropped, WebSocketDisconnect):
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
    return endpoint


async def _next(websocket) -> dict:
    """The client's next message (Dropped once it has gone)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise Dropped()
    return message


async def _first_message(websocket, limits):
    """The join message as a dict, or None after refusing whatever came instead."""
    try:
        message = await asyncio.wait_for(_next(websocket), JOIN_SECONDS)
    except asyncio.TimeoutError:
        await _refuse(websocket, "bad_message", "no join message: the link's page sends it", 1008)
        return None
    text = message.get("text")
    if text is None:
        await _refuse(websocket, "bad_message", "messages are JSON text", 1003)
        return None
    if len(text) > limits.message_bytes:
        await _refuse(websocket, "too_big", "a message is at most %d bytes" % limits.message_bytes, 1009)
        return None
    try:
        doc = read_json(text, 4 * limits.message_bytes)      # at most 4 UTF-8 bytes a character
    except NotJson:
        doc = None
    if not isinstance(doc, dict) or doc.get("type") != "join":
        await _refuse(websocket, "bad_message", "the first message is {\"type\": \"join\", \"token\": T}", 1008)
        return None
    return doc


async def _receive(websocket, conn, sender, server):
    """The joined client's messages until it leaves or is dropped."""
    limits = server.limits
    while conn.closing is None:
        receive = asyncio.ensure_future(_next(websocket))
        done, _ = await asyncio.wait({receive, sender}, return_when=asyncio.FIRST_COMPLETED)
        if receive not in done:
            receive.cancel()
            return                               # the server dropped the client (closed by the pump)
        message = receive.result()               # Dropped when the client left
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
            try:
                doc = read_json(text, 4 * limits.message_bytes)
            except NotJson as exc:
                raise Refused("bad_message", "that is %s" % exc)
            await server.submit(conn, doc)
            conn.strikes = 0
        except Refused as exc:
            strike(conn, exc)
    await asyncio.wait({sender}, timeout=2)


async def _refuse(websocket, code: str, message: str, close_code: int) -> None:
    """An error frame, then the close (a client already gone is let go)."""
    try:
        await websocket.send_text(json.dumps(messages.error(code, message)))
        await websocket.close(close_code, message[:120])
    except SEND_ERRORS:
        pass


async def pump(conn, send_text, close) -> None:
    """Send a connection's outbox until it is closed (then close the socket with the reason). A
    client already gone (a dropped phone) makes the socket raise, whatever its kind: sending stops
    quietly, and the receiving side sees the drop and detaches the connection."""
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                code, reason = conn.closing or (1000, "")
                await close(code, reason)
                return
            await send_text(text)
    except Exception:
        return


def strike(conn, exc: Refused) -> None:
    """A refused message: the error to the client; too many in a row, dropped with the reason."""
    conn.send(messages.error(exc.code, exc.message, conn.table.move))
    if exc.code in ("bad_message", "rate"):
        conn.strikes += 1
        if conn.strikes >= STRIKES:
            conn.close(1008, "disconnected: %s" % exc.message)
