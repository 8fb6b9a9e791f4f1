"""The connection guard's rules (connguard.py) on stand-in transports and a stand-in clock: a new
connection pushes out the oldest one still waiting for its headers (from its own address at the
per-address cap, from anywhere at the total cap), never one past its headers; with none waiting it
is answered 503 and closed; a connection whose headers do not all come within the header timeout
is closed, and a kept-alive one is timed again for its next request; the cap is lowered to what
the file limit leaves. (The live flood: tests/test_serve_flood.py, marked slow.)"""

import subprocess
import sys

import pytest

pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")

from eldritch.serve.connguard import BUSY, ConnectionGuard  # noqa: E402


class Clock:
    """loop.call_later on a clock the test moves."""

    def __init__(self):
        self.now = 0.0
        self.timers = []

    def call_later(self, delay, fn, *args):
        timer = Timer(self.now + delay, fn, args)
        self.timers.append(timer)
        return timer

    def advance(self, seconds):
        self.now += seconds
        for timer in list(self.timers):
            if not timer.cancelled and timer.at <= self.now:
                timer.cancelled = True
                timer.fn(*timer.args)


class Timer:
    def __init__(self, at, fn, args):
        self.at, self.fn, self.args, self.cancelled = at, fn, args, False

    def cancel(self):
        self.cancelled = True


class Transport:
    def __init__(self, address, name):
        self.address = address
        self.name = name
        self.written = b""
        self.closed = self.aborted = False

    def get_extra_info(self, key):
        return (self.address, 40000) if key == "peername" else None

    def write(self, data):
        self.written += data

    def close(self):
        self.closed = True

    def abort(self):
        self.aborted = True

    def __repr__(self):
        return self.name


def guard(**kw):
    g = ConnectionGuard(**kw)
    g.max_connections = kw.get("max_connections", g.max_connections)     # the file limit left out
    return g


def test_at_the_per_address_cap_the_oldest_waiting_connection_of_that_address_is_pushed_out():
    g, clock = guard(per_address=2), Clock()
    a1, b1, a2, a3 = (Transport(ip, n) for ip, n in (("10.0.0.1", "a1"), ("10.0.0.2", "b1"), ("10.0.0.1", "a2"),
                                                     ("10.0.0.1", "a3")))
    for t in (a1, b1, a2):
        assert g.admit(t, clock)
    assert g.admit(a3, clock)
    assert a1.aborted and not b1.aborted and not a2.aborted
    assert g.count["10.0.0.1"] == 2 and g.open == 3


def test_at_the_total_cap_the_oldest_waiting_connection_anywhere_is_pushed_out_never_a_started_one():
    g, clock = guard(max_connections=3), Clock()
    t = [Transport("10.0.0.%d" % i, "t%d" % i) for i in range(5)]
    for x in t[:3]:
        assert g.admit(x, clock)
    g.started(t[0])                                  # its request came: it stays
    assert g.admit(t[3], clock) and t[1].aborted and not t[0].aborted
    assert g.admit(t[4], clock) and t[2].aborted
    assert g.open == 3


def test_with_every_connection_past_its_headers_a_new_one_is_answered_503_and_closed():
    g, clock = guard(max_connections=2), Clock()
    a, b, c = Transport("1.1.1.1", "a"), Transport("1.1.1.2", "b"), Transport("1.1.1.3", "c")
    for x in (a, b):
        g.admit(x, clock)
        g.started(x)
    assert not g.admit(c, clock)
    assert c.written == BUSY and c.closed and not (a.aborted or b.aborted)
    g.release(a)
    assert g.admit(Transport("1.1.1.4", "d"), clock)


def test_headers_that_do_not_all_come_within_the_timeout_close_the_connection():
    g, clock = guard(header_seconds=10), Clock()
    slow, quick = Transport("1.1.1.1", "slow"), Transport("1.1.1.1", "quick")
    g.admit(slow, clock)
    g.admit(quick, clock)
    clock.advance(5)
    g.started(quick)
    clock.advance(5)
    assert slow.aborted and not quick.aborted and g.open == 1
    g.waiting_again(quick, clock)                    # a response done, kept alive: the next request is timed
    clock.advance(9.9)
    assert not quick.aborted
    clock.advance(0.2)
    assert quick.aborted and g.open == 0


def test_release_is_idempotent_and_frees_the_address():
    g, clock = guard(per_address=1), Clock()
    a = Transport("1.1.1.1", "a")
    g.admit(a, clock)
    g.release(a)
    g.release(a)
    assert g.open == 0 and g.count == {}
    assert g.admit(Transport("1.1.1.1", "b"), clock)


def test_the_cap_is_lowered_to_what_the_file_limit_leaves():
    code = ("import resource\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))\n"
            "from eldritch.serve.connguard import ConnectionGuard\n"
            "g = ConnectionGuard(max_connections=100000)\n"
            "print(g.max_connections, g.reserve)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    cap, reserve = map(int, out.stdout.split())
    assert cap + reserve < 1024 and cap > 500, (cap, reserve)
