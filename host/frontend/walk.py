"""Walking a decision shape a key at a time: the one place both faces (Textual, plain) turn keys into
an action, so the same keys take the same action in either.

    w = Walker(shape)
    w.rows()            # what to show now: [Row(key "1".., label, odds, advised, checked)]
    w.pick(i)           # a menu option (a leaf: its action; a step: goes in, None) or a toggle item
    w.enter()           # the default option (a menu) or confirm (a toggle): an action or None
    w.back()            # one step back (False at the top)

At a toggle the rows are the items (checked or not) and a last "confirm" row naming what the chosen
set does and its odds; a set that names no action cannot be confirmed (`problem` says why).
"""

from __future__ import annotations


class Row:
    """One line of the decision as shown: its key ("1".."9", "0" back, "Enter" confirm), label,
    odds text, advised mark, checked state (toggles: True/False, menus: None), default mark."""

    def __init__(self, key, label, odds="", advised=False, checked=None, default=False, note="", style=""):
        self.key = key
        self.label = label
        self.odds = odds
        self.advised = advised
        self.checked = checked
        self.default = default
        self.note = note
        self.style = style

    def text(self) -> str:
        """The row in plain words: "* 3. complete task 1 (I3)  [30.43% advised]"."""
        box = "" if self.checked is None else ("[x] " if self.checked else "[ ] ")
        marks = []
        if self.odds:
            marks.append(self.odds + (" advised" if self.advised else ""))
        elif self.advised:
            marks.append("advised")
        if self.note:
            marks.append(self.note)
        tail = ("  [%s]" % ", ".join(marks)) if marks else ""
        key = ("%s." % self.key) if self.key.isdigit() else self.key + ":"
        return "%s%3s %s%s%s" % ("*" if self.default else " ", key, box, self.label, tail)


class Walker:
    """The position in a decision shape (see the module docstring)."""

    def __init__(self, shape):
        self.root = shape
        self.stack = [shape]
        self.chosen = set(shape.initial) if shape.kind == "toggle" else set()
        self.problem = ""

    @property
    def step(self):
        return self.stack[-1]

    @property
    def depth(self) -> int:
        return len(self.stack) - 1

    def prompt(self) -> str:
        return self.step.prompt

    def count(self) -> int:
        """How many keys 1..n mean something here."""
        s = self.step
        return len(s.items) if s.kind == "toggle" else len(s.options)

    def rows(self) -> list:
        s = self.step
        out = []
        if s.kind == "toggle":
            for i, (label, style) in enumerate(s.items):
                out.append(Row(str(i + 1), label, checked=i in self.chosen, style=style))
            c = s.combo(self.chosen)
            if c is not None:
                out.append(Row("Enter", c.label or s.confirm, c.odds, c.advised, default=True))
            else:
                out.append(Row("Enter", "%s: %s" % (s.confirm, "choose a set that can be taken"), default=True))
        else:
            for i, o in enumerate(s.options):
                out.append(Row(str(i + 1), o.label + ("..." if o.then is not None and not o.label.endswith("...")
                                                      else ""), o.odds, o.advised, default=i == s.default,
                               note=o.note))
        if self.depth:
            out.append(Row("0", "back"))
        return out

    def _enter_step(self, step):
        self.stack.append(step)
        self.chosen = set(step.initial) if step.kind == "toggle" else set()

    def pick(self, i: int):
        """Key i+1: an action (a leaf), or None (went into a step, or toggled an item)."""
        self.problem = ""
        s = self.step
        if s.kind == "toggle":
            if not 0 <= i < len(s.items):
                self.problem = "no item %d: 1 to %d" % (i + 1, len(s.items))
                return None
            self.chosen ^= {i}
            return None
        if not 0 <= i < len(s.options):
            self.problem = "no choice %d: 1 to %d" % (i + 1, len(s.options))
            return None
        o = s.options[i]
        if o.action is not None:
            return o.action
        self._enter_step(o.then)
        return None

    def choose_set(self, items):
        """(tests, scripts) set a toggle's chosen items and confirm."""
        self.chosen = set(items)
        return self.enter()

    def enter(self):
        """Enter: the default option of a menu, or confirm a toggle's set."""
        self.problem = ""
        s = self.step
        if s.kind == "toggle":
            c = s.combo(self.chosen)
            if c is None:
                self.problem = ("choose at least one" if not self.chosen else
                                "that set cannot be taken: toggle items with their numbers")
                return None
            return c.action
        return self.pick(s.default)

    def back(self) -> bool:
        self.problem = ""
        if len(self.stack) == 1:
            return False
        self.stack.pop()
        s = self.step
        self.chosen = set(s.initial) if s.kind == "toggle" else set()
        return True

    def follow(self, path):
        """Apply shapes.path_to's inputs; the action reached."""
        action = None
        for kind, arg in path:
            action = self.pick(arg) if kind == "pick" else self.choose_set(arg)
        return action
