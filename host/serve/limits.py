"""The server's bounds: how many tables, connections (in all and from one address) and spectators,
how long a request's headers may take, how large a message, how many messages a second; and the
per-connection rate bucket.

    limits = Limits(max_tables=64)
    bucket = Bucket(limits.rate, limits.burst)
    if not bucket.take(now): ...refused: "too many messages"

A client that breaks a bound gets an error naming it; one that keeps on (STRIKES refusals in a
row, or any message over `message_bytes`) is disconnected with the reason as the close reason.
"""

from __future__ import annotations

STRIKES = 5


class Limits:
    """Every bound in one place (the command line sets them; tests make them small)."""

    def __init__(self, max_tables: int = 256, max_connections: int = 1024, spectators: int = 16,
                 message_bytes: int = 4096, rate: float = 10.0, burst: int = 30, queue: int = 256,
                 upload_bytes: int = 8 << 20, per_address: int = 256, header_seconds: float = 10.0):
        self.max_tables = max_tables
        self.max_connections = max_connections  # open connections (connguard.py), and joined clients
        self.per_address = per_address          # open connections from one address (connguard.py)
        self.header_seconds = header_seconds    # for a request's headers to arrive (connguard.py)
        self.spectators = spectators            # per table
        self.message_bytes = message_bytes      # a client's message, as text
        self.rate = rate                        # messages a second, sustained
        self.burst = burst                      # and at once
        self.queue = queue                      # frames waiting for a slow client before it is dropped
        self.upload_bytes = upload_bytes        # an imported save

    def as_json(self) -> dict:
        return dict(self.__dict__)


class Bucket:
    """A token bucket: `rate` tokens a second up to `burst`; each message takes one."""

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = None

    def take(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
