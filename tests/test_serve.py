"""The table server's protocol, in this process through Starlette's TestClient: a seat
plays a whole game through its socket; every kind of bad message (forged, replayed, stale, out of
turn, for another seat, oversized, not JSON, too many, a token of no seat, a spectator's) gets an
error and leaves the game, its move counter and the journal exactly as they were; the host's
controls (pause, end, a bot for a seat, export and import in the CLI's save format) need the host's
key; a slow bot holds only its own table; tables resume after a restart; `eldritch serve` on the
command line."""

import json
import os
import subprocess
import sys
import threading

import pytest

from serve_helpers import (TestClient, make, create, token_of, watch_token, join, receive, act, walk, leaves,
                           play_through, seeded, AUTH, Limits)
from starlette.websockets import WebSocketDisconnect

from eldritch import saves
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.serve.store import parse_journal, journal_line, JOURNAL


def snapshot(server, table_id):
    """What must not change when a message is refused: the move counter, the game's whole state,
    the journal's bytes."""
    table = server.tables[table_id]
    with open(os.path.join(server.store.folder, JOURNAL), "rb") as f:
        journal = f.read()
    return table.move, bytes(table.game.save_payload()), journal


def first_decision(ws, first=None):
    """The first frame of a seat (joined) whose turn it is."""
    while True:
        msg, first = (first, None) if first is not None else (receive(ws), None)
        if msg["type"] == "state" and msg["yours"] and msg["decision"]:
            return msg


@pytest.fixture
def client(tmp_path):
    app, server = make(tmp_path / "serve")
    with TestClient(app) as c:
        c.server = server
        yield c


def stayaway_table(client, humans=(0,), seed=7):
    doc = create(client, "stayaway", 4, [s for s in range(4) if s not in humans], seed=seed)
    return doc, client.server.tables[doc["id"]]


# ----- a whole game ---------------------------------------------------------------------------------

def test_a_seat_plays_a_whole_game_and_sees_the_kernels_log_only_at_the_end(client):
    doc, table = stayaway_table(client)
    frames = []
    with client.websocket_connect("/ws") as ws:
        last = play_through(ws, seeded(1), frames, first=join(ws, token_of(doc, 0)))
    states = [f for f in frames if f["type"] == "state"]
    assert all(f["kernel_log"] is None for f in states if not f["over"])
    replay = StayAwayRules().new_game(7, 4)
    for a in table.game.actions():
        replay.apply(a)
    assert last["kernel_log"] == replay.referee_log()
    assert all(f["decision"] is None for f in states if not f["yours"])
    assert not [f for f in frames if f["type"] == "error"]


# ----- refusals: a test per kind, each leaves the game as it was -------------------------------------

def refused(ws, code):
    while True:
        msg = receive(ws)
        if msg["type"] == "error":
            assert msg["code"] == code, msg
            return msg
        assert msg["type"] != "ack", "a bad message was taken"


def test_a_forged_action_is_refused_and_changes_nothing(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        before = snapshot(client.server, doc["id"])
        legal = set(leaves(frame["decision"]))
        forged = next(a for a in range(1, 1 << 20) if a not in legal)
        act(ws, frame["move"], forged)
        msg = refused(ws, "illegal")
        assert "not a legal move" in msg["message"]
        assert snapshot(client.server, doc["id"]) == before


def test_a_replayed_action_is_refused_and_changes_nothing(client):
    doc, table = stayaway_table(client, humans=(0, 1))
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        action = walk(frame["decision"])
        act(ws, frame["move"], action)
        while receive(ws)["type"] != "ack":
            pass
        before = snapshot(client.server, doc["id"])
        act(ws, frame["move"], action)                      # the same message again
        msg = refused(ws, "stale")
        assert "move %d" % frame["move"] in msg["message"]
        assert snapshot(client.server, doc["id"]) == before


def test_a_stale_move_counter_is_refused_and_changes_nothing(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        before = snapshot(client.server, doc["id"])
        act(ws, frame["move"] + 3, walk(frame["decision"]))      # a legal action, for another move
        refused(ws, "stale")
        assert snapshot(client.server, doc["id"]) == before


def test_an_out_of_turn_action_is_refused_and_changes_nothing(client):
    doc, table = stayaway_table(client, humans=(0, 1))
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        frame = first_decision(ws0, join(ws0, token_of(doc, 0)))                          # P1's turn
        join(ws1, token_of(doc, 1))
        before = snapshot(client.server, doc["id"])
        act(ws1, frame["move"], walk(frame["decision"]))     # P2 sends P1's legal move
        msg = refused(ws1, "not_your_turn")
        assert "P1's turn" in msg["message"]
        assert snapshot(client.server, doc["id"]) == before


def test_a_message_for_another_seat_than_the_tokens_is_refused_and_changes_nothing(client):
    doc, table = stayaway_table(client, humans=(0, 1))
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        frame = first_decision(ws0, join(ws0, token_of(doc, 0)))
        join(ws1, token_of(doc, 1))
        before = snapshot(client.server, doc["id"])
        act(ws1, frame["move"], walk(frame["decision"]), seat=0)    # seat 2's link claims seat 1
        refused(ws1, "wrong_seat")
        act(ws1, frame["move"], walk(frame["decision"]), table="00000000")
        refused(ws1, "wrong_seat")
        assert snapshot(client.server, doc["id"]) == before


def test_a_token_of_no_seat_is_refused(client):
    doc, table = stayaway_table(client)
    before = snapshot(client.server, doc["id"])
    with client.websocket_connect("/ws") as ws:
        msg = join(ws, token_of(doc, 0)[:-2] + "xx")
        assert msg["type"] == "error" and msg["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as exc:
            receive(ws)
        assert exc.value.code == 1008
    assert snapshot(client.server, doc["id"]) == before


def test_an_oversized_message_is_refused_and_the_client_dropped_with_the_reason(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        before = snapshot(client.server, doc["id"])
        ws.send_text(json.dumps({"type": "act", "move": frame["move"], "action": walk(frame["decision"]),
                                 "pad": "x" * 5000}))
        msg = refused(ws, "too_big")
        assert "4096" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as exc:
            receive(ws)
        assert exc.value.code == 1009 and "too big" in exc.value.reason
        assert snapshot(client.server, doc["id"]) == before


def test_messages_that_are_not_actions_are_refused_and_change_nothing(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        before = snapshot(client.server, doc["id"])
        for text in ("not json", json.dumps([1, 2]), json.dumps({"type": "act", "move": "1", "action": 3}),
                     json.dumps({"type": "act", "move": frame["move"], "action": -1}), json.dumps({"type": "undo"})):
            ws.send_text(text)
            refused(ws, "bad_message")
        assert snapshot(client.server, doc["id"]) == before


def test_a_client_that_floods_is_refused_then_disconnected_with_the_reason(tmp_path):
    app, server = make(tmp_path / "serve", limits=Limits(rate=1, burst=3))
    with TestClient(app) as c:
        doc = create(c, "stayaway", 4, [1, 2, 3])
        with c.websocket_connect("/ws") as ws:
            join(ws, token_of(doc, 0))
            for _ in range(12):
                ws.send_text(json.dumps({"type": "ping"}))
            codes = []
            with pytest.raises(WebSocketDisconnect) as exc:
                while True:
                    msg = receive(ws)
                    if msg["type"] == "error":
                        codes.append(msg["code"])
            assert exc.value.code == 1008 and "too many messages" in exc.value.reason
            assert codes and set(codes) == {"rate"}


def test_a_spectator_sees_the_public_screen_and_cannot_act(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as watch:
        frame = first_decision(ws0, join(ws0, token_of(doc, 0)))
        seen = join(watch, watch_token(doc))
        assert seen["you"]["seat"] is None and seen["decision"] is None
        assert seen["screen"] == table.game.screen("public").to_json()
        assert "your hand" not in json.dumps(seen)
        before = snapshot(client.server, doc["id"])
        act(watch, frame["move"], walk(frame["decision"]))
        refused(watch, "not_your_turn")
        assert snapshot(client.server, doc["id"]) == before


# ----- the host's controls ---------------------------------------------------------------------------

def test_the_hosts_api_needs_the_key_and_pages_carry_a_strict_policy(client):
    assert client.get("/api/tables").status_code == 403
    assert client.get("/api/tables", headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post("/api/tables", json={"game": "stayaway", "players": 4}).status_code == 403
    for path in ("/", "/play", "/host", "/static/play.js"):
        r = client.get(path)
        assert r.status_code == 200
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["referrer-policy"] == "no-referrer"
    r = client.post("/api/tables", headers=AUTH, json={"game": "stayaway", "players": 3})
    assert r.status_code == 400 and "4 to 12 players" in r.json()["error"]


def test_pause_holds_every_move_and_end_closes_the_table(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        frame = first_decision(ws, join(ws, token_of(doc, 0)))
        assert client.post("/api/tables/%s/pause" % doc["id"], headers=AUTH).json()["paused"]
        before = snapshot(client.server, doc["id"])
        act(ws, frame["move"], walk(frame["decision"]))
        refused(ws, "paused")
        assert snapshot(client.server, doc["id"]) == before
        client.post("/api/tables/%s/resume" % doc["id"], headers=AUTH)
        act(ws, frame["move"], walk(frame["decision"]))
        while receive(ws)["type"] != "ack":
            pass
        client.post("/api/tables/%s/end" % doc["id"], headers=AUTH)
        msg = receive(ws)
        while msg["type"] != "state" or not msg["ended"]:
            msg = receive(ws)
        act(ws, msg["move"], 1)
        refused(ws, "ended")


def test_a_table_made_paused_waits_for_the_host_to_resume_it(client):
    """A host makes a table paused (the seats' links handed out first): its bots do not move, even
    at a bot pace of 0 s, until the host resumes it."""
    import time
    doc = client.post("/api/tables", headers=AUTH, json={"game": "stayaway", "players": 4, "seed": 7,
                                                         "bots": [0, 1, 2, 3], "paused": True}).json()
    assert doc["paused"] and doc["move"] == 0
    before = snapshot(client.server, doc["id"])
    time.sleep(0.5)                                 # time enough for a bot at 0 s to move many times
    assert snapshot(client.server, doc["id"]) == before
    client.post("/api/tables/%s/resume" % doc["id"], headers=AUTH)
    deadline = time.time() + 60
    while client.server.tables[doc["id"]].move == 0:
        assert time.time() < deadline, "the resumed table's bots did not move"
        time.sleep(0.05)


def test_a_bot_takes_a_seat_for_the_host_and_gives_it_back(client):
    doc, table = stayaway_table(client, humans=(0, 1))
    r = client.post("/api/tables/%s/seat" % doc["id"], headers=AUTH, json={"seat": 0, "bot": True})
    assert r.json()["seats"][0]["bot"]
    with client.websocket_connect("/ws") as ws1:
        frame = first_decision(ws1, join(ws1, token_of(doc, 1)))                 # P1's move was made by the bot
        assert frame["move"] >= 1 and table.game.log.steps[0].by == "bot"
        client.post("/api/tables/%s/seat" % doc["id"], headers=AUTH, json={"seat": 0, "bot": False})
        assert not table.session.settings.bots & {0}


def test_a_bot_plays_for_a_seat_whose_page_is_closed(tmp_path):
    app, server = make(tmp_path / "serve", away_after=0.0)
    with TestClient(app) as c:
        doc = create(c, "stayaway", 4, [2, 3])
        with c.websocket_connect("/ws") as ws1:
            frame = first_decision(ws1, join(ws1, token_of(doc, 1)))              # P1 is away: a bot moved for them
        table = server.tables[doc["id"]]
        assert frame["move"] >= 1 and table.game.log.steps[0].by == "bot"
        assert table.is_human(0)                     # the seat stays theirs


def test_export_gives_the_clis_sealed_save_and_import_resumes_it(client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        first_decision(ws, join(ws, token_of(doc, 0)))
    r = client.post("/api/tables/%s/export" % doc["id"], headers=AUTH, json={})
    assert r.status_code == 400 and "sealed" in r.json()["error"]
    r = client.post("/api/tables/%s/export" % doc["id"], headers=AUTH, json={"passphrase": "three blind mice"})
    blob = r.content
    save = saves.loads(blob, "stayaway", "three blind mice", state_dir=client.server.store.folder)
    assert bytes(save.payload) == bytes(table.game.save_payload())
    with pytest.raises(Exception):
        saves.loads(blob, "stayaway", "wrong words", state_dir=client.server.store.folder)
    import base64
    r = client.post("/api/import", headers=AUTH, json={"game": "stayaway", "save": base64.b64encode(blob).decode(),
                                                       "passphrase": "three blind mice"})
    new = client.server.tables[r.json()["id"]]
    assert new.move == table.move and bytes(new.game.save_payload()) == bytes(table.game.save_payload())
    assert [s["token"] for s in new.summary()["seats"]] != [s["token"] for s in table.summary()["seats"]]


def test_a_slow_bot_holds_only_its_own_table(tmp_path):
    app, server = make(tmp_path / "serve")
    release = threading.Event()
    entered = threading.Event()
    with TestClient(app) as c:
        slow = create(c, "stayaway", 4, [0, 1, 2, 3], seed=3)
        game = server.tables[slow["id"]].game
        plain = game.table_bot

        def stuck(seat):
            entered.set()
            release.wait(60)                     # a solver that takes as long as the test wants
            return plain(seat)
        game.table_bot = stuck
        server.tables[slow["id"]].wake.set()
        assert entered.wait(30)
        held = server.tables[slow["id"]].move
        doc = create(c, "stayaway", 4, [1, 2, 3], seed=4)
        with c.websocket_connect("/ws") as ws:
            frame = first_decision(ws, join(ws, token_of(doc, 0)))
            act(ws, frame["move"], walk(frame["decision"]))
            while receive(ws)["type"] != "ack":
                pass                             # acknowledged while the other table's bot thinks
        assert server.tables[slow["id"]].move == held
        release.set()


def test_every_table_resumes_after_a_restart_with_the_same_links(tmp_path):
    folder = tmp_path / "serve"
    app, server = make(folder)
    with TestClient(app) as c:
        docs = [create(c, "stayaway", 4, [1, 2, 3], seed=5), create(c, "mansions", 3, [1, 2], seed=5),
                create(c, "eldersign", 1, [0], seed=5)]
        with c.websocket_connect("/ws") as ws:
            first = join(ws, token_of(docs[0], 0))
            for _ in range(3):
                frame = first_decision(ws, first)
                first = None
                act(ws, frame["move"], walk(frame["decision"]))
                while receive(ws)["type"] != "ack":
                    pass
        before = {d["id"]: (server.tables[d["id"]].move, bytes(server.tables[d["id"]].game.save_payload()))
                  for d in docs[:2]}
    app2, server2 = make(folder)
    with TestClient(app2) as c:
        for table_id, (move, payload) in before.items():
            t = server2.tables[table_id]
            assert t.move >= move and t.game.actions()[:move] == list(t.game.actions()[:move])
        t0 = server2.tables[docs[0]["id"]]
        assert (t0.move, bytes(t0.game.save_payload())) == before[docs[0]["id"]]     # waiting for P1
        with c.websocket_connect("/ws") as ws:
            frame = join(ws, token_of(docs[0], 0))
            assert frame["move"] == before[docs[0]["id"]][0] and frame["yours"]


def test_the_journal_keeps_what_was_durable_and_drops_a_torn_line():
    lines = [journal_line("0123abcd", n, 4096 + n, "bot") for n in range(3)]
    blob = b"".join(lines)
    assert parse_journal(blob)[0] == [("0123abcd", n, 4096 + n, "bot") for n in range(3)]
    for cut in range(1, len(lines[-1])):
        entries, good = parse_journal(blob[:-cut])
        assert len(entries) == 2 and good == len(lines[0]) + len(lines[1])
    damaged = blob.replace(b"4097", b"4098")
    assert len(parse_journal(damaged)[0]) == 1


# ----- the command line --------------------------------------------------------------------------------

def eldritch(*argv, **kw):
    return subprocess.run([sys.executable, "-m", "eldritch.cli"] + list(argv), capture_output=True, text=True,
                          timeout=120, **kw)


def test_serve_help_teaches_with_examples():
    r = eldritch("serve", "--help")
    assert r.returncode == 0
    assert "eldritch serve --table stayaway:4" in r.stdout and "what a player does" in r.stdout


def test_serve_refuses_a_bad_table_in_one_line(tmp_path):
    for spec, words in (("chess:4", "no game 'chess'"), ("stayaway:3", "4 to 12 players"),
                        ("stayaway:x", "players must be a number"), ("stayaway:4:nonsense", "no option")):
        r = eldritch("serve", "--state-dir", str(tmp_path), "--table", spec)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and words in r.stderr, (spec, r.stderr)


def test_serve_export_writes_a_save_the_game_command_loads(tmp_path, client):
    doc, table = stayaway_table(client)
    with client.websocket_connect("/ws") as ws:
        first_decision(ws, join(ws, token_of(doc, 0)))
    folder = client.server.store.folder
    client.__exit__(None, None, None)                 # the server stops (export reads its folder)
    words = tmp_path / "words.txt"
    words.write_text("three blind mice\n")
    out = tmp_path / "game.sae"
    with open(words) as f:
        r = eldritch("serve", "export", doc["id"], str(out), "--state-dir", folder, "--passphrase-fd",
                     str(f.fileno()), pass_fds=(f.fileno(),))
    assert r.returncode == 0, r.stderr
    save = saves.read_save(str(out), "stayaway", "three blind mice", state_dir=str(tmp_path / "other"))
    state = StayAwayRules().deserialize(save.payload)
    assert list(state.actions()) == list(table.game.actions())
    r = eldritch("serve", "list", "--state-dir", folder)
    assert doc["id"] in r.stdout and token_of(doc, 0) in r.stdout


def test_a_send_to_a_client_already_gone_ends_its_sender_quietly():
    """A phone dropped while a frame is on its way: the socket raises on send; the connection's
    sender stops without an exception (an exception left in its task would be logged as never
    retrieved, once per dropped client), and what is still queued is left alone."""
    import asyncio
    from eldritch.serve.transport import pump

    class Gone:
        closing = None

        def __init__(self):
            self.outbox = asyncio.Queue()

    async def send_text(text):
        raise WebSocketDisconnect(code=1006)

    async def close(code, reason):
        raise AssertionError("a gone client is not closed again")

    async def run():
        conn = Gone()
        conn.outbox.put_nowait("frame 1")
        conn.outbox.put_nowait("frame 2")
        await asyncio.wait_for(pump(conn, send_text, close), 5)
        return conn.outbox.qsize()

    assert asyncio.run(run()) == 1
