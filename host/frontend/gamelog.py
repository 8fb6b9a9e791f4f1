"""A game's log as each reader may see it: the public log, each seat's own, and the referee's.

    log = MultiLog(["# eldritch stayaway log v2", "seed 7", ...], setup=Record(...))
    log.add(Record(seat=0, who="P1", by="player", action=a,
                   public=["> P1: offers a card to P2"], seats={0: ["> P1: offer Axe to P2"]},
                   referee=["> P1: offer Axe to P2", "  seen by P1,P2"]))
    log.text(PUBLIC); log.text(0); log.text(REFEREE); log.json_doc(PUBLIC)

Every line is words: a step's line is "> WHO: WHAT", its events indented by two spaces below it; the
action's integer is kept only in the JSON form (`action`), for programs. A seat's lines default to
the public ones (`seats` holds only the steps where that seat knows more); the referee's default to
the public ones too. Open games (Elder Sign, Arkham) give only `public`.
"""

from __future__ import annotations

PUBLIC = "public"
REFEREE = "referee"


class Record:
    """One step (or the setup) as each reader sees it (see the module docstring)."""

    def __init__(self, seat=None, who="", by="", action=None, public=(), seats=None, referee=None):
        self.seat = seat
        self.who = who
        self.by = by
        self.action = action
        self.public = list(public)
        self.seats = seats or {}
        self.referee = list(referee) if referee is not None else None

    def lines(self, viewer) -> list:
        if viewer == REFEREE:
            return self.referee if self.referee is not None else self.public
        if viewer == PUBLIC or viewer is None:
            return self.public
        return self.seats.get(viewer, self.public)

    def as_json(self, number, viewer) -> dict:
        lines = self.lines(viewer)
        head = lines[0] if lines and lines[0].startswith("> ") else ""
        return {"step": number, "seat": None if self.seat is None else self.seat + 1, "who": self.who,
                "by": self.by, "action": self.action, "text": head.split(": ", 1)[1] if ": " in head else head,
                "events": [l.strip() for l in lines if not l.startswith("> ")]}


class MultiLog:
    """The header, the setup and the steps of one game, with a result line at the end."""

    def __init__(self, header, setup=None, referee_header=None):
        self.header = list(header)
        self.referee_header = list(referee_header) if referee_header is not None else self.header
        self.setup = setup or Record()
        self.steps: list = []
        self.result: str | None = None        # one line once the game is over

    def add(self, record: Record) -> Record:
        self.steps.append(record)
        return record

    def lines(self, viewer, since: int = 0) -> list:
        """The setup's and steps' lines a viewer may read (from step `since` on; the setup when 0)."""
        out = list(self.setup.lines(viewer)) if since == 0 else []
        for r in self.steps[since:]:
            out.extend(r.lines(viewer))
        return out

    def summary(self) -> str:
        return self.result or "the game goes on (%d steps)" % len(self.steps)

    def text(self, viewer=PUBLIC) -> str:
        out = (self.referee_header if viewer == REFEREE else self.header) + self.lines(viewer)
        out.append("result %s" % (self.result if self.result else "none yet: " + self.summary()))
        return "\n".join(out) + "\n"

    def json_doc(self, viewer=PUBLIC) -> dict:
        return {"format": "eldritch-log", "version": 2, "viewer": str(viewer),
                "header": self.referee_header if viewer == REFEREE else self.header,
                "setup": [l.strip() for l in self.setup.lines(viewer)],
                "steps": [r.as_json(i + 1, viewer) for i, r in enumerate(self.steps)],
                "result": self.result}
