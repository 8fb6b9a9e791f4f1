"""A session's settings for the games other than Elder Sign (whose own are eldersign/playsave.py):
the bot seats (0-based), the bots' kind (or a kind per seat, where a game's command takes one),
hints (the advised option) on or off, the bots' speed on screen, and the game's options (house
rules, the board, the dice...). Saved beside the kernel save as the save layer's settings (a dict);
saves written by the commands before the front end (keys "bot" or "bot_kind", "dice") are read too."""

from __future__ import annotations

from eldritch.kernel.errors import KernelError

KINDS = ("heuristic", "random", "search")


class Settings:
    """See the module docstring."""

    def __init__(self, bots=(), kind: str = "heuristic", hints: bool = True, speed: float = 0.3, options=None,
                 seat_kinds=None):
        self.bots = frozenset(bots)
        self.kind = kind
        self.hints = bool(hints)
        self.speed = float(speed)
        self.options = dict(options or {})
        self.seat_kinds = tuple(seat_kinds) if seat_kinds else None

    def kind_of(self, seat: int) -> str:
        """The kind of the bot at seat (0-based): its own when the table gave each seat one."""
        if self.seat_kinds is not None and 0 <= seat < len(self.seat_kinds):
            return self.seat_kinds[seat]
        return self.kind

    def as_json(self) -> dict:
        doc = {"bots": sorted(self.bots), "kind": self.kind, "hints": self.hints, "speed": self.speed,
               "options": self.options}
        if self.seat_kinds is not None:
            doc["seat_kinds"] = list(self.seat_kinds)
        return doc

    @classmethod
    def from_json(cls, doc: dict, players: int) -> "Settings":
        """The settings of a save (KernelError('save', ...) when a field is not what it must be)."""
        doc = doc if isinstance(doc, dict) else {}
        bots = doc.get("bots", [])
        if not isinstance(bots, list) or not all(type(b) is int and 0 <= b < players for b in bots):
            raise KernelError("save", "bots must be a list of seats of this game")
        kind = doc.get("kind", doc.get("bot", doc.get("bot_kind", "heuristic")))
        if kind not in KINDS:
            raise KernelError("save", "the bots' kind must be one of %s" % ", ".join(KINDS))
        hints = doc.get("hints", True)
        speed = doc.get("speed", 0.3)
        if type(hints) is not bool or type(speed) not in (int, float) or not 0 <= speed <= 10:
            raise KernelError("save", "hints must be true or false and speed 0 to 10 seconds")
        options = doc.get("options", {})
        if not isinstance(options, dict):
            raise KernelError("save", "the options must be a table")
        options = dict(options)
        if "dice" in doc and "dice" not in options:
            options["dice"] = doc["dice"]
        seat_kinds = doc.get("seat_kinds")
        if seat_kinds is not None and not (isinstance(seat_kinds, list) and 1 <= len(seat_kinds) <= players
                                           and all(k in KINDS for k in seat_kinds)):
            raise KernelError("save", "seat_kinds must be a list of bot kinds, one per seat")
        return cls(bots, kind, hints, float(speed), options, seat_kinds)
