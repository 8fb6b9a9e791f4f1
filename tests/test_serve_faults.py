"""Nothing lost: `eldritch serve` killed with SIGKILL at random points of 200 games and
started again, until every game is over.

200 tables (95 of Stay Away!, 95 of Mansions of Madness, 5 of Elder Sign and 5 of Arkham Horror;
bots in every seat but one person's seat at 20 of the hidden-information ones, played by a client
thread that reconnects by itself after each kill) run in one server process, its machine moves
unpaced. The tables are made paused and then all resumed at once, so that the games run side by
side (not one after another as they are made). The server is killed with SIGKILL at a random moment
(seeded), KILLS times, and restarted each time; then the games run to their end. Most games must have
been cut in their middle by a kill (else the test would prove little). After each kill, read from the server's folder as the
next start will read it: every table holds at least every action a client saw acknowledged, and its
actions are the start of the uninterrupted game's. At the end every game equals the uninterrupted
one: the same seed with the same deterministic bots (table_bot) and the person playing the advised
option at each decision (Enter, Enter), all in this process without a server.
"""

import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
from websockets.sync.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from eldritch import games  # noqa: E402
from eldritch.frontend.session import Session  # noqa: E402
from eldritch.frontend.shapes import advised_action  # noqa: E402
from eldritch.serve.store import parse_journal, ACTIONS, JOURNAL, META  # noqa: E402

from serve_helpers import walk  # noqa: E402

TABLES = int(os.environ.get("SERVE_FAULT_GAMES", "200"))
PEOPLE = min(20, TABLES // 4)
KILLS = 6
REPO = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`eldritch serve` in a subprocess on a free loopback port."""

    def __init__(self, folder, port):
        self.folder = folder
        self.port = port
        self.proc = None
        self.key = None

    def start(self):
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen([sys.executable, "-m", "eldritch.cli", "serve", "--state-dir", str(self.folder),
                                      "--port", str(self.port), "--bot-delay", "0", "--quiet", "--max-tables", "400",
                                      "--rate", "10000"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        ready, _, _ = select.select([self.proc.stdout], [], [], 120)      # a bounded wait for "ready"
        if not ready:
            self.proc.kill()
        line = self.proc.stdout.readline()
        assert line.startswith("ready "), line + self.proc.stderr.read()[:2000]
        self.key = line.rsplit("#", 1)[1].strip()

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.proc.stdout.close()
        self.proc.stderr.close()

    def api(self, path, body=None):
        req = urllib.request.Request("http://127.0.0.1:%d/api/%s" % (self.port, path),
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + self.key,
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())


def spec(i):
    """(game, players, the person's seat or None) of table i."""
    game = ("eldersign", "arkham")[i % 2] if i >= TABLES - 10 else ("stayaway", "mansions")[i % 2]
    players = {"stayaway": 4, "mansions": 2, "eldersign": 1, "arkham": 1}[game]
    person = (i // 2) % players if i < PEOPLE else None
    return game, players, person


def reference(game, seed, players, person):
    """The uninterrupted game's actions: bots by table_bot, the person by the advised option, an
    only legal action by the machine (as the server does)."""
    g = games.new_game(game, seed, players, [s for s in range(players) if s != person])
    session = Session(g, g.settings, None, autosave_every_action=False)
    while not g.is_terminal():
        seat = g.acting_seat()
        if seat is not None and seat == person and not session.forced():
            action = advised_action(session.decision())
        elif seat == person:
            action = session.legal()[0]
        else:
            action = g.table_bot(seat)
        session.play(action, "bot")
    return list(g.actions())


def on_disk(folder):
    """{table: actions} as the next start will read them (actions.txt, then the journal's good lines)."""
    out = {}
    for name in os.listdir(folder):
        if os.path.isfile(os.path.join(folder, name, META)):
            path = os.path.join(folder, name, ACTIONS)
            out[name] = [int(line.split()[0]) for line in open(path)] if os.path.exists(path) else []
    with open(os.path.join(folder, JOURNAL), "rb") as f:
        entries, _ = parse_journal(f.read())
    for table, n, action, _ in entries:
        if table in out and n == len(out[table]):
            out[table].append(action)
    return out


class Person(threading.Thread):
    """A client at one seat: plays the advised option, reconnects after every drop, records the
    move counter of every acknowledgement."""

    def __init__(self, port, token):
        threading.Thread.__init__(self, daemon=True)
        self.port = port
        self.token = token
        self.acked = 0
        self.over = False
        self.stop = False
        self.errors = []

    def run(self):
        while not self.over and not self.stop:
            try:
                with connect("ws://127.0.0.1:%d/ws" % self.port, open_timeout=5, close_timeout=1) as ws:
                    ws.send(json.dumps({"type": "join", "token": self.token}))
                    acted = -1
                    while True:
                        msg = json.loads(ws.recv(timeout=30))
                        if msg["type"] == "ack":
                            self.acked = max(self.acked, msg["move"])
                        elif msg["type"] == "error" and msg["code"] != "stale":
                            self.errors.append(msg)
                        elif msg["type"] == "state":
                            if msg["over"]:
                                self.over = True
                                return
                            if msg["yours"] and msg["decision"] and msg["move"] != acted:
                                acted = msg["move"]
                                ws.send(json.dumps({"type": "act", "move": msg["move"],
                                                    "action": walk(msg["decision"])}))
            except (OSError, ConnectionClosed, TimeoutError):
                time.sleep(0.1)


@pytest.mark.slow
def test_sigkill_at_random_points_of_200_games_loses_and_changes_nothing(tmp_path):
    folder = tmp_path / "serve"
    server = Server(folder, free_port())
    server.start()
    rng = random.Random(28)
    tables = {}
    people = []
    try:
        for i in range(TABLES):
            game, players, person = spec(i)
            bots = [s for s in range(players) if s != person]
            doc = server.api("tables", {"game": game, "players": players, "bots": bots, "seed": 500 + i,
                                        "paused": True})
            tables[doc["id"]] = (game, 500 + i, players, person)
            if person is not None:
                p = Person(server.port, doc["seats"][person]["link"].split("#")[1])
                p.table = doc["id"]
                p.start()
                people.append(p)
        with ThreadPoolExecutor(16) as pool:
            list(pool.map(lambda t: server.api("tables/%s/resume" % t, {}), tables))
        kills = 0
        midway = set()                      # tables a kill cut in the middle of their game
        while kills < KILLS:
            time.sleep(rng.uniform(0.3, 2.5))
            server.kill()
            kills += 1
            disk = on_disk(folder)
            for p in people:
                assert len(disk[p.table]) >= p.acked, "an acknowledged action was lost"
            for table_id, actions in disk.items():
                game, seed, players, person = tables[table_id]
                want = REFERENCES.setdefault(table_id, reference(game, seed, players, person))
                assert actions == want[:len(actions)], "table %s went another way" % table_id
                if 0 < len(actions) < len(want):
                    midway.add(table_id)
            server.start()
        deadline = time.time() + 600
        while not all(d["over"] for d in server.api("tables")["tables"]):
            assert time.time() < deadline, "the games did not end"
            time.sleep(0.5)
        server.kill()
    finally:
        for p in people:
            p.stop = True
        if server.proc.poll() is None:
            server.kill()
    assert len(midway) >= TABLES // 2, "the kills cut only %d games in the middle" % len(midway)
    disk = on_disk(folder)
    for table_id, (game, seed, players, person) in tables.items():
        want = REFERENCES.get(table_id) or reference(game, seed, players, person)
        assert disk[table_id] == want, "table %s's finished game differs from the uninterrupted one" % table_id
    for p in people:
        p.join(10)
        assert p.over and not p.errors, p.errors


REFERENCES = {}
