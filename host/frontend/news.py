"""What happened since a seat's last decision, in words: the panel every face shows above the
decision (the Textual app, and the table server's page through its frames).

    panel = news_panel(game, viewer, seat)      # a NewsPanel: model.Panel("news", title, lines) + head

The lines are the viewer's own log lines (each step's `lines(viewer)`, as `game.log_lines` reads
them), so a seat reads every
public event and only its own private ones, exactly as its log has them, and nothing a log does not
already show that reader. `since` is the step of the seat's last decision (a person's step, that
step included: it says what the seat did, and the lines after it what came of it and what the others
did since). A seat that has not decided yet reads everything so far; a reader with no seat (a
spectator) reads since the last decision of anyone.

`head` counts the first lines that are the seat's own step and the rolls that settled it (the
steps of the dice right after it): what came of the decision. A face short of room keeps those
first, then the newest lines, and says how many it left out between them; the panel itself keeps
at most MAX_LINES lines that way, so nothing is cut without a word.
"""

from __future__ import annotations

from eldritch.frontend.model import Line, Panel

MAX_LINES = 40


class NewsPanel(Panel):
    """The news: a Panel, and `head`, the number of its first lines that tell what came of the
    seat's own last decision."""

    def __init__(self, key, title, lines, head=0):
        Panel.__init__(self, key, title, lines)
        self.head = head

    def to_json(self) -> dict:
        doc = Panel.to_json(self)
        doc["head"] = self.head
        return doc


def last_decision(log, seat) -> int | None:
    """The index of the last step a person took for `seat` (any seat when seat is None), or None."""
    steps = log.steps
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if step.by == "player" and (seat is None or step.seat == seat):
            return i
    return None


def left_out_line(count: int) -> str:
    return "(%d line%s left out here: the log has them all)" % (count, "" if count == 1 else "s")


def cut(lines: list, head: int, room: int, marker) -> list:
    """At most `room` items of `lines`: the first `head` (leaving room for the marker and the
    newest), marker(count) in place of those left out, then the newest."""
    if len(lines) <= room:
        return list(lines)
    keep_head = max(min(head, room - 2), 0)
    keep_tail = room - 1 - keep_head
    left = len(lines) - keep_head - keep_tail
    return lines[:keep_head] + [marker(left)] + (lines[len(lines) - keep_tail:] if keep_tail > 0 else [])


def news_text(game, viewer, seat) -> tuple:
    """(lines, head): the viewer's log lines since seat's last decision (see the module docstring)."""
    log = game.log
    start = last_decision(log, seat)
    if start is None:
        return game.log_lines(viewer, 0), 0
    end = start + 1
    while end < len(log.steps) and log.steps[end].seat is None:
        end += 1                        # the dice that settled the decision
    head = [line for step in log.steps[start:end] for line in step.lines(viewer)]
    return head + [line for step in log.steps[end:] for line in step.lines(viewer)], len(head)


def as_line(text: str) -> Line:
    """A log line as a model line: a step ("> WHO: WHAT") in bold, an event indented as in the log."""
    if text.startswith("> "):
        return Line.of(text, "bold")
    stripped = text.lstrip(" ")
    return Line.of(stripped, indent=len(text) - len(stripped))


def title_for(game, seat) -> str:
    if last_decision(game.log, seat) is None:
        return "what happened so far"
    if seat is None:
        return "what happened since the last decision"
    return "what happened since your last decision"


def news_panel(game, viewer, seat) -> NewsPanel:
    """The panel of what happened (see the module docstring); no lines when nothing did."""
    lines, head = news_text(game, viewer, seat)
    out = [as_line(t) for t in lines]
    if len(out) > MAX_LINES:
        out = cut(out, head, MAX_LINES, lambda n: Line.of(left_out_line(n), "dim"))
        head = max(min(head, MAX_LINES - 2), 0)
    return NewsPanel("news", title_for(game, seat), out, head)
