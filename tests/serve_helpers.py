"""Helpers of the table server's tests: a server in this process behind Starlette's
TestClient, the host's API, WebSocket clients that join with a seat's token, and a player that walks
a decision shape the way the page does (a seeded choice at each step, or Enter at each step)."""

import json
import random
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient.*")    # starlette >= 1.x prefers httpx2

pytest.importorskip("starlette", reason="the serve extra (starlette) is not installed")
pytest.importorskip("segno", reason="the serve extra (segno) is not installed")

from starlette.testclient import TestClient  # noqa: E402

from eldritch.serve.app import make_app  # noqa: E402
from eldritch.serve.limits import Limits  # noqa: E402
from eldritch.serve.store import Store  # noqa: E402
from eldritch.serve.tables import TableServer  # noqa: E402

KEY = "test-key-" + "k" * 24
AUTH = {"Authorization": "Bearer " + KEY}


def make(folder, bot_delay=0.0, limits=None, away_after=None, durable=True):
    """(app, server) over a Store in folder (durable=False: no fsync, for tests of other things)."""
    server = TableServer(Store(str(folder), durable), limits or Limits(), bot_delay=bot_delay, away_after=away_after)
    return make_app(server, KEY, "http://testserver"), server


def create(client, game, players, bots=(), seed=1, options=None):
    r = client.post("/api/tables", headers=AUTH, json={"game": game, "players": players, "bots": list(bots),
                                                       "seed": seed, "options": options or {}})
    assert r.status_code == 200, r.text
    return r.json()


def token_of(table_doc, seat):
    return table_doc["seats"][seat]["link"].split("#", 1)[1]


def watch_token(table_doc):
    return table_doc["watch_link"].split("#", 1)[1]


def join(ws, token):
    ws.send_text(json.dumps({"type": "join", "token": token}))
    return receive(ws)


def receive(ws):
    return json.loads(ws.receive_text())


def act(ws, move, action, **extra):
    ws.send_text(json.dumps(dict({"type": "act", "move": move, "action": action}, **extra)))


def leaves(step):
    """Every action a shape (as JSON) reaches."""
    if step["kind"] == "toggle":
        return [c["action"] for c in step["combos"]]
    out = []
    for o in step["options"]:
        if o["action"] is not None:
            out.append(o["action"])
        if o["then"] is not None:
            out.extend(leaves(o["then"]))
    return out


def walk(shape, rng=None):
    """The action the page takes: at each menu the default option (rng None: Enter, Enter...) or a
    seeded one; at a toggle its initial set, or a seeded combo."""
    step = shape
    while True:
        if step["kind"] == "toggle":
            if rng is None:
                key = sorted(step["initial"])
                for c in step["combos"]:
                    if sorted(c["items"]) == key:
                        return c["action"]
            return rng.choice(step["combos"])["action"]
        i = step["default"] if rng is None else rng.randrange(len(step["options"]))
        o = step["options"][i]
        if o["action"] is not None:
            return o["action"]
        step = o["then"]


def play_through(ws, rng=None, frames=None, limit=5000, first=None):
    """Play a seat (first: the frame its join gave) until the game is over; every frame received
    appended to frames. The last frame."""
    acted = -1
    for _ in range(limit):
        msg, first = (first, None) if first is not None else (receive(ws), None)
        if frames is not None:
            frames.append(msg)
        if msg["type"] != "state":
            continue
        if msg["over"]:
            return msg
        if msg["yours"] and msg["decision"] and msg["move"] != acted:
            acted = msg["move"]
            act(ws, msg["move"], walk(msg["decision"], rng))
    raise AssertionError("the game did not end")


def seeded(n):
    return random.Random(n)


__all__ = ["TestClient", "make", "create", "token_of", "watch_token", "join", "receive", "act", "walk", "leaves",
           "play_through", "seeded", "AUTH", "KEY", "Limits"]
