"""The table server under hostile input, in this process through Starlette's TestClient (which
raises any exception the server lets escape, so a traceback is a failure here): a WebSocket's
first message nested deep or sent as bytes gets an error frame and a documented close code; every
bad body of the host's API is a 400 with one line; bot seats are seats of the game; a passphrase
is a string; a table keeps its seal's identity, so an older export of it is refused unless the
host allows it, through the API and the command line alike."""

import base64
import json
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from serve_helpers import TestClient, make, create, token_of, join, receive, AUTH
from starlette.websockets import WebSocketDisconnect

from eldritch import saves
from eldritch.saves.atomic import SaveError
from eldritch.saves.seal import peek
from eldritch.saves import saveformat

DEEP = "[" * 1500 + "]" * 1500
WORDS = "three blind mice"


@pytest.fixture
def client(tmp_path):
    app, server = make(tmp_path / "serve", durable=False)
    with TestClient(app) as c:
        c.server = server
        yield c


def closed_with(ws) -> int:
    with pytest.raises(WebSocketDisconnect) as exc:
        receive(ws)
    return exc.value.code


# ----- the WebSocket's first message ----------------------------------------------------------------

def test_a_deeply_nested_first_message_gets_an_error_frame_and_1008(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_text(DEEP)
        msg = receive(ws)
        assert msg["type"] == "error" and msg["code"] == "bad_message" and "\n" not in msg["message"]
        assert closed_with(ws) == 1008


def test_a_deeply_nested_message_after_joining_is_refused_like_any_bad_message(client):
    doc = create(client, "stayaway", 4, [1, 2, 3])
    with client.websocket_connect("/ws") as ws:
        join(ws, token_of(doc, 0))
        ws.send_text("[" * 1000 + "]" * 1000)          # within the message size, nested past any use
        while True:
            msg = receive(ws)
            if msg["type"] == "error":
                assert msg["code"] == "bad_message"
                break


def test_a_binary_first_frame_gets_an_error_frame_and_1003(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_bytes(b"\x00\x01{}")
        msg = receive(ws)
        assert msg["type"] == "error" and msg["code"] == "bad_message"
        assert closed_with(ws) == 1003


def test_a_first_message_over_the_size_limit_is_1009(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "token": "x" * 5000}))
        msg = receive(ws)
        assert msg["type"] == "error" and msg["code"] == "too_big"
        assert closed_with(ws) == 1009


# ----- the host's API: a 400 with one line for every bad body ---------------------------------------------

def bad(r, words=""):
    assert r.status_code == 400, (r.status_code, r.text)
    error = r.json()["error"]
    assert isinstance(error, str) and "\n" not in error and words in error, error
    return error


def test_a_deeply_nested_api_body_is_a_400(client):
    bad(client.post("/api/tables", headers=AUTH, content=DEEP.encode()), "nested")
    doc = create(client, "eldersign", 1, [0])
    bad(client.post("/api/tables/%s/export" % doc["id"], headers=AUTH, content=DEEP.encode()), "nested")
    bad(client.post("/api/import", headers=AUTH, content=DEEP.encode()), "nested")


@pytest.mark.parametrize("bots", [[0, 1, 2, 3, 99], [-1], [1, "a"], [{}], [[1]], [True], [1.0], [1, 1], "all", 3,
                                  {"0": 1}])
def test_bot_seats_that_are_not_seats_of_the_game_are_a_400(client, bots):
    bad(client.post("/api/tables", headers=AUTH, json={"game": "stayaway", "players": 4, "bots": bots}), "bot")
    assert client.server.tables == {}


def test_a_table_of_bots_only_exports_a_save_that_loads(client):
    doc = create(client, "stayaway", 4, [0, 1, 2, 3])
    r = client.post("/api/tables/%s/export" % doc["id"], headers=AUTH, json={"passphrase": WORDS})
    assert r.status_code == 200, r.text
    save = saves.loads(r.content, "stayaway", WORDS, state_dir=client.server.store.folder)
    assert sorted(save.settings["bots"]) == [0, 1, 2, 3]


@pytest.mark.parametrize("field,value", [("players", "4"), ("players", 4.0), ("players", True), ("seed", "7"),
                                         ("seed", -1), ("seed", 1 << 40), ("seed", 1.5), ("game", ["stayaway"]),
                                         ("kind", 3), ("kind", "nonsense"), ("options", [1]), ("paused", "yes"),
                                         ("game", None)])
def test_a_create_body_field_of_the_wrong_kind_is_a_400(client, field, value):
    body = {"game": "stayaway", "players": 4, "bots": [1, 2, 3]}
    body[field] = value
    bad(client.post("/api/tables", headers=AUTH, json=body))
    assert client.server.tables == {}


@pytest.mark.parametrize("words", [["a"], 12345, True, {"a": 1}, 1.5, "", None, "x" * 2000])
def test_a_passphrase_that_is_not_a_string_of_words_is_a_400(client, words):
    doc = create(client, "stayaway", 4, [1, 2, 3])
    bad(client.post("/api/tables/%s/export" % doc["id"], headers=AUTH, json={"passphrase": words}), "passphrase")
    blob = base64.b64encode(b"x").decode()
    bad(client.post("/api/import", headers=AUTH, json={"game": "stayaway", "save": blob, "passphrase": words}))


@pytest.mark.parametrize("body", [{"seat": "0", "bot": True}, {"seat": 0, "bot": "yes"}, {"seat": 9, "bot": True},
                                  {"seat": True, "bot": True}, {"bot": True}])
def test_a_seat_control_of_the_wrong_kind_is_a_400(client, body):
    doc = create(client, "stayaway", 4, [1, 2, 3])
    bad(client.post("/api/tables/%s/seat" % doc["id"], headers=AUTH, json=body))
    assert client.server.tables[doc["id"]].meta["bots"] == [1, 2, 3]


@pytest.mark.parametrize("body", [{"game": "stayaway", "save": 3}, {"game": "stayaway", "save": "!!"},
                                  {"game": 1, "save": ""}, {"game": "stayaway", "save": "", "allow_older": "yes"}])
def test_an_import_body_of_the_wrong_kind_is_a_400(client, body):
    bad(client.post("/api/import", headers=AUTH, json=body))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70) | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
FIELDS = ("game", "players", "bots", "seed", "kind", "options", "paused", "passphrase", "save", "seat", "bot",
          "allow_older")


def bodies():
    known = st.dictionaries(st.sampled_from(FIELDS), JSON | st.sampled_from(["stayaway", "mansions", "eldersign", 4, 2,
                                                                              [0], [1, 2, 3], WORDS]), max_size=6)
    return st.one_of(known.map(lambda d: json.dumps(d).encode()), JSON.map(lambda d: json.dumps(d).encode()),
                     st.binary(max_size=40))


@pytest.fixture
def calm(tmp_path):
    """A server whose bots wait (a table made by a fuzzed body does not play on in the background)."""
    app, server = make(tmp_path / "calm", bot_delay=30, durable=False)
    with TestClient(app) as c:
        c.server = server
        yield c


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(body=bodies(), path=st.sampled_from(["tables", "tables/T/seat", "tables/T/pause", "tables/T/nope", "import",
                                            "tables/T/export", "tables/00000000/end"]))
def test_every_api_body_is_answered_200_or_400_with_one_line(calm, body, path):
    """Any body at every control: the answer is 200, or 400 with one line; never a 500 (TestClient
    raises what the server did not catch)."""
    if not getattr(calm, "fuzz_table", None):
        calm.fuzz_table = create(calm, "mansions", 2, [0, 1])["id"]
    if path == "tables/T/export" and b"passphrase" in body:
        return                                  # a valid one costs a key derivation; its kinds are tested above
    r = calm.post("/api/" + path.replace("T", calm.fuzz_table), headers=AUTH, content=body)
    if r.status_code != 200:
        bad(r)


# ----- a table's seal identity: older exports refused --------------------------------------------------------

def export(client, table_id):
    r = client.post("/api/tables/%s/export" % table_id, headers=AUTH, json={"passphrase": WORDS})
    assert r.status_code == 200, r.text
    return r.content


def advance(client, table_id, moves):
    """Let a table of bots play `moves` more moves, then pause it."""
    table = client.server.tables[table_id]
    goal = table.move + moves
    client.post("/api/tables/%s/resume" % table_id, headers=AUTH)
    deadline = time.time() + 60
    while table.move < goal:
        assert time.time() < deadline, "the bots did not move"
        time.sleep(0.02)
    client.post("/api/tables/%s/pause" % table_id, headers=AUTH)


def bots_table(client):
    r = client.post("/api/tables", headers=AUTH, json={"game": "stayaway", "players": 4, "bots": [0, 1, 2, 3],
                                                       "seed": 5, "paused": True})
    return r.json()["id"]


def sealed_body(blob):
    return saveformat.split(blob, "stayaway")[1]


def test_every_export_of_a_table_carries_its_identity_and_a_newer_number(client):
    table_id = bots_table(client)
    old = export(client, table_id)
    advance(client, table_id, 4)
    new = export(client, table_id)
    (t_old, n_old), (t_new, n_new) = peek(sealed_body(old)), peek(sealed_body(new))
    assert t_old == t_new and n_new > n_old


def test_an_older_export_is_refused_when_loaded_after_a_newer_one_unless_allowed(client, tmp_path):
    table_id = bots_table(client)
    old = export(client, table_id)
    advance(client, table_id, 4)
    new = export(client, table_id)
    player = str(tmp_path / "player-state")           # another account's counters: only the saves count
    saves.loads(new, "stayaway", WORDS, state_dir=player)
    with pytest.raises(SaveError, match="older save"):
        saves.loads(old, "stayaway", WORDS, state_dir=player)
    assert "by agreement" in saves.loads(old, "stayaway", WORDS, allow_older=True, state_dir=player).notice


def test_the_api_import_refuses_an_older_export_and_says_when_allowed(client):
    table_id = bots_table(client)
    old = export(client, table_id)
    advance(client, table_id, 4)
    export(client, table_id)
    body = {"game": "stayaway", "save": base64.b64encode(old).decode(), "passphrase": WORDS}
    bad(client.post("/api/import", headers=AUTH, json=body), "older save")
    r = client.post("/api/import", headers=AUTH, json=dict(body, allow_older=True))
    assert r.status_code == 200, r.text
    assert "by agreement" in r.json()["notice"]


def test_a_table_imported_from_a_sealed_save_keeps_its_identity(client):
    table_id = bots_table(client)
    first = export(client, table_id)
    r = client.post("/api/import", headers=AUTH, json={"game": "stayaway", "save": base64.b64encode(first).decode(),
                                                       "passphrase": WORDS})
    again = export(client, r.json()["id"])
    (t1, n1), (t2, n2) = peek(sealed_body(first)), peek(sealed_body(again))
    assert t1 == t2 and n2 > n1


def eldritch(*argv, **kw):
    return subprocess.run([sys.executable, "-m", "eldritch.cli"] + list(argv), capture_output=True, text=True,
                          timeout=120, **kw)


def test_serve_export_keeps_the_tables_identity_and_serve_import_refuses_an_older_one(tmp_path):
    folder = tmp_path / "serve"
    app, server = make(folder, durable=False)
    with TestClient(app) as c:
        c.server = server
        table_id = bots_table(c)
        advance(c, table_id, 2)
    words = tmp_path / "words.txt"
    words.write_text(WORDS + "\n")
    outs = []
    for name in ("old.sae", "new.sae"):
        with open(words) as f:
            r = eldritch("serve", "export", table_id, str(tmp_path / name), "--state-dir", str(folder),
                         "--passphrase-fd", str(f.fileno()), pass_fds=(f.fileno(),))
        assert r.returncode == 0, r.stderr
        outs.append((tmp_path / name).read_bytes())
    (t_old, n_old), (t_new, n_new) = peek(sealed_body(outs[0])), peek(sealed_body(outs[1]))
    assert t_old == t_new and n_new > n_old
    for name, allow, code in (("old.sae", [], 2), ("old.sae", ["--allow-older"], 0)):
        with open(words) as f:
            r = eldritch("serve", "import", "stayaway", str(tmp_path / name), "--state-dir", str(folder),
                         "--passphrase-fd", str(f.fileno()), *allow, pass_fds=(f.fileno(),))
        assert r.returncode == code, r.stderr
        if code == 2:
            assert r.stderr.count("\n") == 1 and "older save" in r.stderr
        else:
            assert "by agreement" in r.stdout + r.stderr
