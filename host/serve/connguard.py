"""Limits on the server's connections themselves, below the application, so that a flood of
connections (slowloris: many sockets, each sending a header line now and then) cannot hold every
file descriptor, and a player's join and the host's page still answer while it lasts.

    guard = ConnectionGuard(max_connections=1024, per_address=256)
    guard.admit(transport, loop) / started(transport) / waiting_again(transport, loop) / release(transport)

uvicorn's protocols report to it (protocols.py).

What it holds to:
- a header timeout: a request's headers must all arrive within `header_seconds` of the connection
  (or of the previous response, on a kept-alive connection), else the connection is closed; a
  trickle of header lines does not extend it;
- a cap on open connections (`max_connections`, lowered to what the file limit allows: the soft
  RLIMIT_NOFILE less the descriptors open at start and a reserve) and on the connections from one
  address (`per_address`);
- at either cap a new connection pushes out the oldest connection still waiting for its headers
  (the oldest from the same address, at the address's cap): a flood of slow connections churns
  itself while a request that comes at once (a player's WebSocket, the host's API) gets in. Only
  when no connection is waiting is the new one answered 503 and closed;
- the reserve: descriptors kept free for the server's own files (the journal, table files, static
  files) and for the sockets the event loop accepts in one go before the guard sees them (it accepts
  up to `backlog` at each wake-up, and a few wake-ups can pass before a new socket's protocol runs).
  Accepting then never fails with "Too many open files".

A connection that has sent its headers (a request being answered, a WebSocket) is never pushed out;
a WebSocket that never joins is closed by transport.py after its JOIN_SECONDS.
"""

from __future__ import annotations

import collections
import os

HEADER_SECONDS = 10.0
PER_ADDRESS = 256
BACKLOG = 64
OWN_FILES = 64                      # the server's own descriptors beyond those open at start
ACCEPT_WAKEUPS = 3                  # accept bursts that can land before a protocol sees its socket
BUSY = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


def descriptor_budget(reserve: int) -> int:
    """How many connections the file limit leaves room for: the soft RLIMIT_NOFILE less the
    descriptors open now and `reserve` (at least 16)."""
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 1 << 20
    if soft == getattr(resource, "RLIM_INFINITY", -1) or soft <= 0:
        return 1 << 20
    try:
        in_use = len(os.listdir("/proc/self/fd"))
    except OSError:
        in_use = 32
    return max(16, soft - in_use - reserve)


class ConnectionGuard:
    """Every open connection of one server, by address, and those still waiting for their headers
    (see the module docstring)."""

    def __init__(self, max_connections: int = 1024, per_address: int = PER_ADDRESS,
                 header_seconds: float = HEADER_SECONDS, backlog: int = BACKLOG):
        self.backlog = backlog
        self.reserve = OWN_FILES + ACCEPT_WAKEUPS * backlog
        self.max_connections = min(max_connections, descriptor_budget(self.reserve))
        self.per_address = per_address
        self.header_seconds = header_seconds
        self.address: dict = {}                              # transport -> its peer's address
        self.count: collections.Counter = collections.Counter()     # address -> open connections
        self.waiting: collections.OrderedDict = collections.OrderedDict()   # transport -> timer, oldest first
        self.stats = collections.Counter()                   # refused, pushed_out, timed_out

    # ----- what the protocols report --------------------------------------------------------------

    def admit(self, transport, loop) -> bool:
        """A new connection: True when it may stay (then it waits for its headers); False when it
        was answered 503 and closed (every slot taken by a connection past its headers)."""
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else ""
        if self.count[address] >= self.per_address and not self._push_out(address):
            return self._refuse(transport)
        if len(self.address) >= self.max_connections and not self._push_out(None):
            return self._refuse(transport)
        self.address[transport] = address
        self.count[address] += 1
        self._wait(transport, loop)
        return True

    def started(self, transport) -> None:
        """The connection's request headers are in (a request, or a WebSocket's upgrade)."""
        timer = self.waiting.pop(transport, None)
        if timer is not None:
            timer.cancel()

    def waiting_again(self, transport, loop) -> None:
        """A response is done on a kept-alive connection: the next request's headers are timed."""
        if transport in self.address and transport not in self.waiting:
            self._wait(transport, loop)

    def release(self, transport) -> None:
        """The connection is closed (idempotent)."""
        self.started(transport)
        address = self.address.pop(transport, None)
        if address is not None:
            self.count[address] -= 1
            if self.count[address] <= 0:
                del self.count[address]

    @property
    def open(self) -> int:
        return len(self.address)

    # ----- inside -----------------------------------------------------------------------------------

    def _wait(self, transport, loop) -> None:
        self.waiting[transport] = loop.call_later(self.header_seconds, self._expire, transport)

    def _expire(self, transport) -> None:
        if transport in self.waiting:
            self.stats["timed_out"] += 1
            self._drop(transport)

    def _push_out(self, address) -> bool:
        """Close the oldest connection waiting for its headers (from `address`, or from anywhere
        for None); False when there is none."""
        for transport in self.waiting:
            if address is None or self.address.get(transport) == address:
                self.stats["pushed_out"] += 1
                self._drop(transport)
                return True
        return False

    def _drop(self, transport) -> None:
        self.release(transport)
        transport.abort()                    # no reply: its request never came

    def _refuse(self, transport) -> bool:
        self.stats["refused"] += 1
        try:
            transport.write(BUSY)
        finally:
            transport.close()
        return False
