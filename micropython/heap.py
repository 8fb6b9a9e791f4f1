"""The board's collection policy around work that makes many short-lived values.

The app collects early (gc.threshold every 4 KB allocated, app.GC_THRESHOLD) so that a solve's
long-lived values stay packed in MicroPython's non-moving heap. Work whose values nearly all die at
once (a key derivation, a cipher, reading card data line by line, replaying a save) pays for that
in time and gains nothing: on the 32-bit firmware the collections were two thirds to four fifths of
it (Stay Away!'s start 2.6 G instructions, companion mode's card data 253 M against 87 M). `quick`
runs such work with the threshold off and puts it back after.
"""

import gc


def quick(f, *args, **kw):
    """f(*args, **kw) with the early collections off (then as they were)."""
    if not hasattr(gc, "threshold"):
        return f(*args, **kw)
    old = gc.threshold()  # type: ignore[attr-defined]
    gc.threshold(-1)  # type: ignore[attr-defined]
    try:
        return f(*args, **kw)
    finally:
        gc.threshold(old)  # type: ignore[attr-defined]
