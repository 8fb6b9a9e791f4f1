"""A connection flood against a live `eldritch serve` (a stress test: about 20 s; `make stress` runs it,
the main suite leaves it out): 1,100 slowloris connections from the loopback address (each sends a
request line, then one header line every 5 s, and connects again whenever the server drops it)
against a server whose file limit is 1024. While the flood goes on, a seat joins from the same
address and plays a move, acknowledged, within 2 s, and the host's API answers within 2 s; the
server's log holds no "Too many open files" and no traceback (connguard.py: a header timeout, caps
on connections in all and per address, the oldest waiting connection pushed out for a new one, and
descriptors in reserve)."""

import asyncio
import json
import resource
import threading
import time

import pytest

pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
from websockets.sync.client import connect  # noqa: E402

from serve_live import LiveServer  # noqa: E402
from serve_helpers import walk  # noqa: E402

pytestmark = pytest.mark.stress

FLOOD = 1100
FILE_LIMIT = 1024
LINE_EVERY = 5.0
WITHIN = 2.0


class Flood(threading.Thread):
    """FLOOD slow clients in one event loop of their own; counts how often the server dropped one."""

    def __init__(self, port):
        threading.Thread.__init__(self, daemon=True)
        self.port = port
        self.open = 0
        self.dropped = 0
        self.stopping = False

    def run(self):
        asyncio.run(self.main())

    async def main(self):
        await asyncio.gather(*[self.client(i) for i in range(FLOOD)])

    async def client(self, i):
        await asyncio.sleep(i * 0.001)
        while not self.stopping:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", self.port), 10)
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.2)
                continue
            self.open += 1
            try:
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                while not self.stopping:
                    try:
                        if not await asyncio.wait_for(reader.read(256), LINE_EVERY):
                            break                      # the server closed it
                    except asyncio.TimeoutError:
                        writer.write(b"X-Slow-%d: still coming\r\n" % i)
                        await writer.drain()
                        continue
                    break                              # an answer (503): it is closing
            except OSError:
                pass
            finally:
                self.open -= 1
                self.dropped += 1
                writer.close()


def test_a_slowloris_flood_under_a_1024_file_limit_leaves_a_seat_playing_within_2_s(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = FLOOD + 256                              # this process holds the flood's sockets
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(need, soft)), hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= need, "the test's own file limit is below %d" % need
    try:
        with LiveServer(tmp_path / "serve", "--bot-delay", "0.2", file_limit=FILE_LIMIT) as server:
            doc = server.api("tables", {"game": "stayaway", "players": 4, "bots": [1, 2, 3], "seed": 3})
            token = doc["seats"][0]["link"].split("#")[1]
            flood = Flood(server.port)
            flood.start()
            try:
                deadline = time.time() + 30
                while flood.open + flood.dropped < FLOOD:
                    assert time.time() < deadline, "the flood did not connect"
                    time.sleep(0.1)
                time.sleep(LINE_EVERY)                    # every slow client has sent a second line
                start = time.monotonic()
                with connect(server.ws_url(), open_timeout=WITHIN, close_timeout=1) as ws:
                    ws.send(json.dumps({"type": "join", "token": token}))
                    while True:
                        msg = json.loads(ws.recv(timeout=WITHIN))
                        if msg["type"] == "state" and msg["yours"] and msg["decision"]:
                            break
                    ws.send(json.dumps({"type": "act", "move": msg["move"], "action": walk(msg["decision"])}))
                    while json.loads(ws.recv(timeout=WITHIN))["type"] != "ack":
                        pass
                played = time.monotonic() - start
                start = time.monotonic()
                tables = server.api("tables", timeout=WITHIN)["tables"]
                listed = time.monotonic() - start
                held, dropped = flood.open, flood.dropped
            finally:
                flood.stopping = True
                flood.join(LINE_EVERY + 15)
            log = server.log()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert played < WITHIN, "the seat's join and move took %.1f s" % played
    assert listed < WITHIN and tables[0]["move"] >= 1
    assert dropped > 0 and held < FLOOD // 2, "the server held %d slow connections, dropped %d" % (held, dropped)
    assert "Too many open files" not in log and "Traceback" not in log, log[-3000:]
