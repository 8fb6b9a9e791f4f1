"""The players' WebSocket protocol fuzzed against a live `eldritch serve` on loopback: hypothesis
writes a first message and a few later ones (joins with real, wrong and missing tokens, actions
with numbers of every kind, nesting up to thousands deep, sizes past the limits, binary frames,
text frames that are not UTF-8, unknown fields) and sends them over a real socket. Whatever is
sent, every frame the server answers is a JSON frame of the protocol, a close carries a code of
transport.CLOSE_CODES, and the server's log never holds a traceback. Then a seat still joins and
plays. Bounded: at most BUDGET seconds of examples (the rest pass at once), about 40 s in all."""

import json
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from serve_live import LiveServer  # noqa: E402
from serve_helpers import walk  # noqa: E402
from eldritch.serve.transport import CLOSE_CODES  # noqa: E402

EXAMPLES = int(os.environ.get("SERVE_FUZZ_EXAMPLES", "150"))
BUDGET = 35.0                      # seconds of examples; later ones return at once (make test: under 60 s)
QUIET = 0.25                       # seconds without a frame after the last message: the answer is in
FRAME_TYPES = {"state", "ack", "error", "pong"}
LOG_WORDS = ("Traceback", "Exception in ASGI", "Error", "error:")
pytestmark = pytest.mark.xdist_group("serve_fuzz")       # one server for the module's tests


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz") / "serve"
    with LiveServer(folder, "--bot-delay", "0.3") as server:
        doc = server.api("tables", {"game": "stayaway", "players": 4, "bots": [1, 2, 3], "seed": 11})
        server.tokens = [doc["seats"][0]["link"].split("#")[1], doc["watch_link"].split("#")[1]]
        server.started = time.monotonic()
        yield server


# ----- what is sent -----------------------------------------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers(-(1 << 40), 1 << 40) | st.integers(-(1 << 200), 1 << 200)
           | st.floats() | st.text(max_size=30))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                       max_size=4), max_leaves=10)


def deep(n, opener, closer):
    return opener * n + closer * n


@st.composite
def texts(draw, tokens):
    """A text frame's content."""
    kind = draw(st.sampled_from(["join", "act", "ping", "json", "deep", "big", "raw"]))
    if kind == "join":
        token = draw(st.sampled_from(tokens) | st.text(max_size=30) | JSON)
        doc = {"type": "join", "token": token}
        doc.update(draw(st.dictionaries(st.sampled_from(["seat", "table", "move", "x"]), JSON, max_size=2)))
        return json.dumps(doc)
    if kind == "act":
        doc = {"type": "act", "move": draw(SCALARS), "action": draw(SCALARS)}
        doc.update(draw(st.dictionaries(st.sampled_from(["seat", "table", "id", "extra"]), JSON, max_size=2)))
        return json.dumps(doc)
    if kind == "ping":
        return json.dumps({"type": "ping"})
    if kind == "json":
        return json.dumps(draw(JSON))
    if kind == "deep":
        n = draw(st.sampled_from([17, 100, 1500, 5000]))
        return draw(st.sampled_from([deep(n, "[", "]"), deep(n, '{"a":', "}").replace('{"a":}', '{"a":1}'),
                                     '{"type": "act", "move": ' + deep(n, "[", "]") + "}"]))
    if kind == "big":
        return json.dumps({"type": draw(st.sampled_from(["join", "act"])),
                           "pad": "x" * draw(st.sampled_from([4090, 5000, 20000]))})
    return draw(st.text(max_size=50))


@st.composite
def frames(draw, tokens):
    """(kind, payload): a text frame, a binary frame, or bytes sent as a text frame (maybe not UTF-8)."""
    kind = draw(st.sampled_from(["text"] * 6 + ["binary", "badtext"]))
    if kind == "text":
        return "text", draw(texts(tokens))
    if kind == "binary":
        return "binary", draw(st.binary(max_size=64) | st.just(json.dumps({"type": "join", "token": tokens[0]}).encode()))
    return "badtext", draw(st.binary(min_size=1, max_size=16)) + b"\xff"


def conversations(tokens):
    return st.tuples(frames(tokens), st.lists(frames(tokens), max_size=5))


def send(ws, frame):
    kind, payload = frame
    if kind == "text":
        ws.send(payload)
    elif kind == "binary":
        ws.send(payload)
    else:
        ws.send(payload, text=True)                  # bytes in a text frame: not checked by the client


def drain(ws, received):
    """Frames until QUIET seconds pass with none; the close code once the server closes."""
    while True:
        try:
            received.append(ws.recv(timeout=QUIET))
        except TimeoutError:
            return None
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else 1006


# ----- the fuzz ---------------------------------------------------------------------------------------

def test_the_protocol_fuzz_is_given_tokens(live):
    assert len(live.tokens) == 2


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.data_too_large])
@given(data=st.data())
def test_any_messages_get_protocol_frames_a_documented_close_and_no_traceback(live, data):
    if time.monotonic() - live.started > BUDGET:
        return
    first, later = data.draw(conversations(live.tokens))
    seen = len(live.log())
    received = []
    code = None
    try:
        with connect(live.ws_url(), open_timeout=10, close_timeout=2, max_size=None) as ws:
            for frame in [first] + later:
                try:
                    send(ws, frame)
                except ConnectionClosed as exc:
                    code = exc.rcvd.code if exc.rcvd is not None else 1006
                    break
                code = drain(ws, received)
                if code is not None:
                    break
    except InvalidHandshake as exc:
        pytest.fail("the WebSocket was refused: %s" % exc)
    for text in received:
        msg = json.loads(text)
        assert msg["type"] in FRAME_TYPES, msg
        if msg["type"] == "error":
            assert isinstance(msg["message"], str) and "\n" not in msg["message"]
    assert code is None or code in CLOSE_CODES, (code, first, later)
    log = live.log()[seen:]
    assert not any(w in log for w in LOG_WORDS), log[-3000:]


def test_after_the_fuzz_a_seat_still_joins_and_plays(live):
    with connect(live.ws_url(), open_timeout=10, close_timeout=2) as ws:
        ws.send(json.dumps({"type": "join", "token": live.tokens[0]}))
        deadline = time.time() + 60
        while True:
            assert time.time() < deadline
            msg = json.loads(ws.recv(timeout=30))
            if msg["type"] == "state" and msg["over"]:
                return                                  # the bots and the fuzz's moves ended it
            if msg["type"] == "state" and msg["yours"] and msg["decision"]:
                break
        ws.send(json.dumps({"type": "act", "move": msg["move"], "action": walk(msg["decision"])}))
        while True:
            msg = json.loads(ws.recv(timeout=30))
            if msg["type"] == "ack" or (msg["type"] == "error" and msg["code"] == "stale"):
                break
    assert not any(w in live.log() for w in LOG_WORDS)
