"""The join links as QR codes (segno): text blocks for the terminal, SVG for the host page.

    print(terminal("http://192.168.1.5:8765/play#TOKEN"))     # 21 lines for a link this long
    svg("http://...")                                         # an <svg> element, black on white
"""

from __future__ import annotations

import io
from functools import lru_cache

import segno


def terminal(url: str) -> str:
    """The QR code in half blocks (two modules a character row): scannable from a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


@lru_cache(maxsize=4096)
def svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
