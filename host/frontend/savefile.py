"""The host save of a game in play for Stay Away!, Arkham and Mansions: the kernel's save plus the
session's settings, in the shape Elder Sign's playsave uses.

    blob = dump("arkham", {"bots": [1], "speed": 0.3, ...}, state.serialize())
    settings, kernel_blob = parse(blob, "arkham")      # KernelError('save', ...) when it is not one

Three lines of text: `ELDRITCH ARKHAM SAVE v1`, one JSON object (the settings and the base64 kernel
save under "game"), `sha256 <hex of the two lines above>`. A game that hides information seals these
bytes (persist.seal) before they touch a disk.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json

from ..kernel.errors import KernelError

MAX_BYTES = 4 << 20


def magic(game: str) -> bytes:
    return b"ELDRITCH %s SAVE v1\n" % game.upper().encode("ascii")


def dump(game: str, settings: dict, kernel_blob: bytes) -> bytes:
    doc = dict(settings)
    doc["game"] = base64.b64encode(bytes(kernel_blob)).decode("ascii")
    body = magic(game) + json.dumps(doc, ensure_ascii=True, sort_keys=True, separators=(",", ":")).encode() + b"\n"
    return body + b"sha256 " + hashlib.sha256(body).hexdigest().encode("ascii") + b"\n"


def is_host_save(blob: bytes, game: str) -> bool:
    return bytes(blob[:len(magic(game))]) == magic(game)


def parse(blob: bytes, game: str):
    """(settings dict without "game", kernel save bytes); KernelError('save', ...) when damaged."""
    blob = bytes(blob)
    if not is_host_save(blob, game):
        raise KernelError("save", "not an Eldritch %s save" % game)
    if len(blob) > MAX_BYTES:
        raise KernelError("save", "the save is too large")
    lines = blob.split(b"\n")
    if len(lines) != 4 or lines[3] != b"" or not lines[2].startswith(b"sha256 "):
        raise KernelError("save", "a truncated or damaged save (expected three lines)")
    body = lines[0] + b"\n" + lines[1] + b"\n"
    if hashlib.sha256(body).hexdigest().encode("ascii") != lines[2][7:]:
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    try:
        doc = json.loads(lines[1].decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise KernelError("save", "the settings line is not JSON")
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise KernelError("save", "the settings line does not hold a game")
    try:
        kernel_blob = base64.b64decode(doc.pop("game"), validate=True)
    except (binascii.Error, ValueError):
        raise KernelError("save", "game is not base64")
    return doc, kernel_blob


def check_bots(doc: dict, players: int) -> list:
    bots = doc.get("bots", [])
    if not isinstance(bots, list) or not all(type(b) is int and 0 <= b < players for b in bots):
        raise KernelError("save", "bots must be a list of seats of this game")
    return bots


def check_speed(doc: dict) -> float:
    speed = doc.get("speed", 0.3)
    if type(speed) not in (int, float) or not 0 <= speed <= 10:
        raise KernelError("save", "speed must be 0 to 10 seconds")
    return float(speed)


class Settings:
    """A session's settings for the games other than Elder Sign: bot seats (0-based), bot kind,
    hints (advice on or off), speed (seconds per bot action on screen) and the game's options."""

    def __init__(self, bots=(), kind: str = "heuristic", hints: bool = True, speed: float = 0.3, options=None):
        self.bots = frozenset(bots)
        self.kind = kind
        self.hints = bool(hints)
        self.speed = float(speed)
        self.options = dict(options or {})

    def as_json(self) -> dict:
        return {"bots": sorted(self.bots), "kind": self.kind, "hints": self.hints, "speed": self.speed,
                "options": self.options}

    @classmethod
    def from_json(cls, doc: dict, players: int) -> "Settings":
        kind = doc.get("kind", "heuristic")
        options = doc.get("options", {})
        if not isinstance(kind, str) or not isinstance(options, dict) or type(doc.get("hints", True)) is not bool:
            raise KernelError("save", "the settings line does not have the expected fields")
        return cls(check_bots(doc, players), kind, doc.get("hints", True), check_speed(doc), options)
