"""The host's save file around a kernel save, the same three lines for every game.

    blob = encode("arkham", {"bots": [1]}, kernel_save)                  # a plain save
    blob = encode("mansions", settings, kernel_save, seal=seal)          # a sealed one (seal.py)
    sealed, body = split(blob, "arkham")        # magic and SHA-256 checked; SaveError otherwise
    settings, kernel_save = decode_doc(body)     # the JSON line, bounded, its "game" field decoded

A plain save:

    ELDRITCH ARKHAM SAVE v1                      (the word is the registry entry's save_magic)
    {"bots":[1],"game":"<base64 of the kernel save>"}
    sha256 <hex digest of the two lines above, line ends included>

A sealed save (the games with hidden information between players, `hides` in the registry):

    ELDRITCH MANSIONS SEALED SAVE v1
    <base64 of the sealed box (seal.py); inside, the JSON line of a plain save>
    sha256 <hex digest of the two lines above>

The SHA-256 line catches a damaged file (any changed byte, a cut); the seal's HMAC catches
tampering. The JSON line is parsed only after its nesting depth is checked (MAX_DEPTH, counted
outside strings), so `[` x 100000 is one line, never a RecursionError; its size is bounded by the
file's cap (saves.py).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re

from eldritch import games
from eldritch.saves.atomic import SaveError

GAMES = {g.name: g.save_magic for g in games.GAMES}          # the magic word of each game's saves
NAMES = {g.name: g.title for g in games.GAMES}
MAX_DEPTH = 8
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(rb"[\[\]{}]")


def magic(game: str, sealed: bool = False) -> bytes:
    """The first line of a save of this game, with its line end."""
    return b"ELDRITCH " + GAMES[game] + (b" SEALED" if sealed else b"") + b" SAVE v1\n"


def is_head(head: bytes, game: str) -> bool:
    """True when head (a file's first bytes) starts like a host save of this game."""
    return head.startswith(magic(game)) or head.startswith(magic(game, True))


def encode_doc(settings: dict | None, payload: bytes) -> bytes:
    """The JSON line (no line end): the settings and "game", the kernel save in base64."""
    doc = dict(settings or {})
    doc["game"] = base64.b64encode(payload).decode("ascii")
    return json.dumps(doc, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii")


def encode(game: str, settings: dict | None, payload: bytes, seal=None) -> bytes:
    """The save file's bytes; sealed with seal (a seal.Seal: its next number) when given."""
    line = encode_doc(settings, payload)
    head = magic(game, seal is not None)
    if seal is not None:
        line = base64.b64encode(seal.seal(line, context=head))
    body = head + line + b"\n"
    return body + b"sha256 " + hashlib.sha256(body).hexdigest().encode("ascii") + b"\n"


def split(blob: bytes, game: str) -> tuple[bool, bytes]:
    """(sealed, the second line) of a save of this game, its SHA-256 checked; SaveError otherwise.
    For a sealed save the line is the box itself (base64 decoded)."""
    if blob.startswith(magic(game)):
        sealed = False
    elif blob.startswith(magic(game, True)):
        sealed = True
    else:
        raise SaveError("not an Eldritch %s save" % NAMES[game])
    lines = blob.split(b"\n")
    if len(lines) != 4 or lines[3] != b"" or not lines[2].startswith(b"sha256 "):
        raise SaveError("a truncated or damaged save (expected three lines)")
    body = lines[0] + b"\n" + lines[1] + b"\n"
    if hashlib.sha256(body).hexdigest().encode("ascii") != lines[2][7:]:
        raise SaveError("checksum mismatch (a corrupt or truncated save)")
    if not sealed:
        return False, lines[1]
    try:
        return True, base64.b64decode(lines[1], validate=True)
    except (binascii.Error, ValueError):
        raise SaveError("the sealed part is not base64")


def depth(text: bytes) -> int:
    """The deepest nesting of [ and { in a JSON text, strings left out (a linear scan, no recursion)."""
    deepest = level = 0
    for m in _BRACKET.finditer(_STRING.sub(b'""', text)):
        if m.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def parse_json(text: bytes, what: str = "the settings line"):
    """json.loads of a bounded text: its depth checked first; SaveError (one line) on anything wrong."""
    if depth(text) > MAX_DEPTH:
        raise SaveError("%s is nested more than %d deep: not a save" % (what, MAX_DEPTH))
    try:
        return json.loads(text.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError("%s is not JSON" % what)


def decode_doc(line: bytes) -> tuple[dict, bytes]:
    """(settings, kernel save) of a JSON line: an object with "game" in base64."""
    doc = parse_json(line)
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise SaveError("the settings line does not have the expected fields")
    try:
        payload = base64.b64decode(doc.pop("game"), validate=True)
    except (binascii.Error, ValueError):
        raise SaveError("the game is not base64")
    return doc, payload
