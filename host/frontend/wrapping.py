"""Styled text wrapped at spaces into rows of a known width, for the Textual face, which lays out its
fixed rows (status, news, prompt, options, notices) itself so that it knows how many rows each takes
and nothing is cut without a marker.

    rows = wrap_spans([("3 ", "bold"), ("move to The Guided Tour", ""), (glue("73.96% ★ advised"), "cyan")],
                      width=40, hang=3)
    # [[("3 ", "bold"), ("move to The Guided Tour", "")], [("   ", ""), ("73.96% ★ advised", "cyan")]]

A line breaks only at a space, never inside a word (a card symbol such as "I6" or "L/P" is one word);
a run of words `glue`d together breaks as one word (an option's odds and its "★ advised" mark stay
on one row). A wrapped part starts `hang` cells in (a hanging indent under the first row's text). A
word longer than the whole width is cut into pieces of the width (nothing is ever lost off the edge).
"""

from __future__ import annotations

from rich.cells import cell_len

GLUE = "\u00a0"          # a space that does not break (shown as a space)


def glue(text: str) -> str:
    """The text as one unbreakable word (its spaces kept, shown as spaces)."""
    return text.replace(" ", GLUE)


def _words(spans):
    """(word, style, spaces before it) for every word of the spans, in order."""
    out = []
    pending = 0
    for text, style in spans:
        parts = text.split(" ")
        for i, part in enumerate(parts):
            if i:
                pending += 1
            if part:
                out.append((part, style, pending))
                pending = 0
    return out


def _cut(word: str, width: int) -> list:
    """A word longer than width in pieces of at most width cells."""
    pieces, cur = [], ""
    for ch in word:
        if cur and cell_len(cur + ch) > width:
            pieces.append(cur)
            cur = ""
        cur += ch
    return pieces + ([cur] if cur else [])


def wrap_spans(spans, width: int, indent: int = 0, hang: int = 2) -> list:
    """Rows of (text, style) runs, each at most `width` cells (see the module docstring): the first
    starts `indent` cells in, the others `indent + hang`."""
    width = max(width, 8)
    rows: list = []
    start = min(indent, width - 1)
    row: list = [(" " * start, "")] if start else []
    used = start

    def next_row():
        nonlocal row, used, start
        rows.append(row)
        start = min(indent + hang, width - 1)
        row = [(" " * start, "")] if start else []
        used = start

    for word, style, space in _words(spans):
        shown = word.replace(GLUE, " ")
        w = cell_len(shown)
        gap = space if used > start else 0
        if used + gap + w > width and used > start:
            next_row()
            gap = 0
        if start + w > width:               # longer than a whole row: cut into pieces
            rest = shown
            while rest:
                if used > start:
                    next_row()
                piece = _cut(rest, width - used)[0]
                row.append((piece, style))
                used += cell_len(piece)
                rest = rest[len(piece):]
            continue
        if gap:
            row.append((" " * gap, ""))
        row.append((shown, style))
        used += gap + w
    rows.append(row)
    return rows


def wrap_text(text: str, width: int, indent: int = 0, hang: int = 2, style: str = "") -> list:
    """wrap_spans for one plain text: the rows as strings."""
    return ["".join(t for t, _ in r) for r in wrap_spans([(text, style)], width, indent, hang)]
