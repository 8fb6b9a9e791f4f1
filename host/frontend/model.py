"""The neutral model of what a front end shows: a screen of titled panels of wrappable text, and a
decision as a *shape* of steps whose leaves are the kernel's own action integers.

    screen = Screen(status=[Line.of("Yog-Sothoth  doom 3/10")],
                    panels=[Panel("board", "board", [Line.of("1 The Curator  L L L | L I3")])],
                    focus=Panel("attempt", "The Curator", [...]))
    menu = Menu("what now?", [Option("complete task 1 (I3)", action=258, odds="30.43%", advised=True),
                              Option("reroll with a clue", then=Toggle(...))])
    json.dumps(screen.to_json()); json.dumps(menu.to_json())

Everything here is plain data (JSON-serialisable through `to_json`), written once and read by the
Textual app, the plain mode and the table server (host/serve/). Styles are a few names, not colours:
"bold", "dim", "good", "bad", "accent", "warn", "green", "yellow", "red" (the dice), "strike".
Lines are wrapped by whoever shows them, at spaces only: a card symbol ("I6", "L/P") has no space
in it, so it is never cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STYLES = ("", "bold", "dim", "good", "bad", "accent", "warn", "green", "yellow", "red", "strike")


@dataclass
class Span:
    """A run of text in one style (a space-separated style list: "bold good")."""
    text: str
    style: str = ""

    def to_json(self) -> dict:
        return {"text": self.text, "style": self.style}


@dataclass
class Line:
    """One wrappable line: spans, and an indent (in cells) kept on every wrapped part."""
    spans: list = field(default_factory=list)
    indent: int = 0

    @classmethod
    def of(cls, text: str = "", style: str = "", indent: int = 0) -> "Line":
        return cls([Span(text, style)] if text else [], indent)

    def add(self, text: str, style: str = "") -> "Line":
        if text:
            self.spans.append(Span(text, style))
        return self

    def plain(self) -> str:
        return "".join(s.text for s in self.spans)

    def to_json(self) -> dict:
        return {"spans": [s.to_json() for s in self.spans], "indent": self.indent}


@dataclass
class Panel:
    """A titled block of lines (the board, a seat's hand, the card being attempted...)."""
    key: str
    title: str
    lines: list = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(" " * l.indent + l.plain() for l in self.lines)

    def to_json(self) -> dict:
        return {"key": self.key, "title": self.title, "lines": [l.to_json() for l in self.lines]}


@dataclass
class Screen:
    """What one viewer sees: status lines, panels, and the focus panel (what the decision is about,
    shown beside the choices: the card attempted, its roll)."""
    status: list = field(default_factory=list)
    panels: list = field(default_factory=list)
    focus: Panel | None = None

    def text(self) -> str:
        parts = [l.plain() for l in self.status]
        if self.focus is not None:
            parts += ["[%s]" % self.focus.title, self.focus.text()]
        for p in self.panels:
            parts += ["[%s]" % p.title, p.text()]
        return "\n".join(parts)

    def to_json(self) -> dict:
        return {"status": [l.to_json() for l in self.status], "panels": [p.to_json() for p in self.panels],
                "focus": self.focus.to_json() if self.focus is not None else None}


# ----- decisions -----------------------------------------------------------------------------------

@dataclass
class Option:
    """A menu entry: a leaf (`action`, a kernel action integer) or a step further (`then`).
    `odds` is shown text ("72.41%"), `value` the exact fixed-point value it came from (or None),
    `advised` marks the advisor's choice (Enter takes it), `note` a short comment."""
    label: str
    action: int | None = None
    then: object = None
    odds: str = ""
    value: int | None = None
    advised: bool = False
    note: str = ""

    def to_json(self) -> dict:
        return {"label": self.label, "action": self.action,
                "then": self.then.to_json() if self.then is not None else None,
                "odds": self.odds, "advised": self.advised, "note": self.note}


@dataclass
class Menu:
    """Choose one option. `default` is the index Enter takes (the advised option, else the first)."""
    prompt: str
    options: list = field(default_factory=list)
    default: int = 0
    kind: str = "menu"

    def to_json(self) -> dict:
        return {"kind": "menu", "prompt": self.prompt, "default": self.default,
                "options": [o.to_json() for o in self.options]}


@dataclass
class Combo:
    """One set of toggled items of a Toggle and the action it is (with its odds)."""
    items: frozenset
    action: int
    label: str = ""
    odds: str = ""
    value: int | None = None
    advised: bool = False

    def to_json(self) -> dict:
        return {"items": sorted(self.items), "action": self.action, "label": self.label, "odds": self.odds,
                "advised": self.advised}


@dataclass
class Toggle:
    """Toggle items (dice, cards) on and off, then confirm: the set chosen names the action
    (`combos`; a set with no combo cannot be confirmed). `initial` is the advised set (or empty).
    Items of one `group` are alike (two dice showing I1): choosing either is the same, so a set is
    compared by how many of each group it holds (the combos name the first ones of each group)."""
    prompt: str
    items: list = field(default_factory=list)          # [(label, style)]
    combos: list = field(default_factory=list)
    initial: frozenset = frozenset()
    confirm: str = "confirm"
    groups: list = field(default_factory=list)          # a key per item (empty: every item its own)
    kind: str = "toggle"

    def canonical(self, chosen) -> frozenset:
        """The set with the same count of each group, made of each group's first items."""
        if not self.groups:
            return frozenset(chosen)
        want = {}
        for i in chosen:
            want[self.groups[i]] = want.get(self.groups[i], 0) + 1
        out = []
        for i, g in enumerate(self.groups):
            if want.get(g, 0) > 0:
                out.append(i)
                want[g] -= 1
        return frozenset(out)

    def combo(self, chosen) -> Combo | None:
        chosen = self.canonical(chosen)
        for c in self.combos:
            if c.items == chosen:
                return c
        return None

    def to_json(self) -> dict:
        return {"kind": "toggle", "prompt": self.prompt, "items": [{"label": l, "style": s} for l, s in self.items],
                "groups": [str(g) for g in self.groups], "combos": [c.to_json() for c in self.combos],
                "initial": sorted(self.initial), "confirm": self.confirm}


def leaves(step) -> list:
    """Every action integer a shape can reach (each legal action exactly once, shapes.check)."""
    out = []
    if step.kind == "toggle":
        return [c.action for c in step.combos]
    for o in step.options:
        if o.action is not None:
            out.append(o.action)
        if o.then is not None:
            out.extend(leaves(o.then))
    return out
