"""Reading a client's JSON: its size and its nesting bounded before it is parsed, so that no text a
client sends (a WebSocket message, a body of the host's API) can raise anything but a refusal.

    doc = read_json(text, limit=4096)     # the value, or NotJson with one line saying why

`[` x 1500 is refused by its depth (counted outside strings, a linear scan: saveformat.depth), not
by a RecursionError from the parser; numbers too long for int() and bytes that are not UTF-8 are
refused the same way.
"""

from __future__ import annotations

import json

from eldritch.saves.saveformat import depth

MAX_DEPTH = 16            # the protocol and the API nest two or three levels


class NotJson(ValueError):
    """A text that is not a bounded JSON value; the message is one line for the client."""


def read_json(text, limit: int, max_depth: int = MAX_DEPTH):
    """The JSON value of text (str or bytes) of at most `limit` bytes; NotJson otherwise."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if len(raw) > limit:
        raise NotJson("larger than %d bytes" % limit)
    if depth(raw) > max_depth:
        raise NotJson("nested more than %d deep" % max_depth)
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise NotJson("not JSON")
