"""uvicorn's protocols as `eldritch serve` runs them: its h11 HTTP protocol and its websockets
(sans-I/O) WebSocket protocol, each reporting to the connection guard (connguard.py) when a
connection opens, when its request's headers are in and when it closes; and a text frame that is
not UTF-8 closed with 1007 in silence (uvicorn logs a traceback for it).

    http, ws = server_protocols(guard)
    uvicorn.Config(app, http=http, ws=ws, backlog=guard.backlog, ...)
"""

from __future__ import annotations

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

NOT_UTF8 = 1007


def server_protocols(guard) -> tuple:
    """(HTTP protocol class, WebSocket protocol class) for uvicorn.Config(http=..., ws=...)."""

    class GuardedHttp(H11Protocol):
        def connection_made(self, transport):
            super().connection_made(transport)
            guard.admit(transport, self.loop)

        def handle_events(self):
            before = self.cycle
            super().handle_events()
            if self.cycle is not before:
                guard.started(self.transport)

        def handle_websocket_upgrade(self, event):
            guard.started(self.transport)
            super().handle_websocket_upgrade(event)

        def on_response_complete(self):
            guard.waiting_again(self.transport, self.loop)    # before a pipelined request starts
            super().on_response_complete()

        def connection_lost(self, exc):
            guard.release(self.transport)
            super().connection_lost(exc)

    class GuardedSocket(WebSocketsSansIOProtocol):
        def send_receive_event_to_app(self):
            if not self.close_sent and self.curr_msg_data_type == "text":
                data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
                try:
                    bytes(data).decode("utf-8")
                except UnicodeDecodeError:
                    self.frames = []
                    self.conn.send_close(NOT_UTF8, "messages are UTF-8 text")
                    self.handle_parser_exception()
                    return
            super().send_receive_event_to_app()

        def connection_lost(self, exc):
            guard.release(self.transport)
            super().connection_lost(exc)

    return GuardedHttp, GuardedSocket
