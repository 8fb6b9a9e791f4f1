"""A byte that is not UTF-8 (0xFF typed or pasted into the terminal) must not end a Textual game.

Textual 8.2's input threads (LinuxDriver, LinuxInlineDriver, WebDriver) decode the terminal's bytes
with `codecs.getincrementaldecoder("utf-8")()`, strict: one invalid byte raises UnicodeDecodeError
in the input thread, which Textual turns into a panic, and the app exits with Textual's traceback
(upstream issue Textualize/textual#6456, open; our reproduction: tools/upstream/textual-invalid-utf8/).

`tolerate_invalid_utf8()` gives those driver modules a decoder factory whose decoders replace an
invalid byte with U+FFFD instead, which Textual's key parser then treats as an ordinary character
(our screens ignore it, as any key they do not bind). The factory is the one name each driver looks
up when its input thread starts, so nothing else in Textual changes; when Textual fixes the bug
upstream this becomes a no-op and can go.
"""

from __future__ import annotations

import codecs
import importlib
import sys

DRIVER_MODULES = ("textual.drivers.linux_driver", "textual.drivers.linux_inline_driver",
                  "textual.drivers.web_driver")


def _replacing_decoder(encoding: str):
    """codecs.getincrementaldecoder, with errors='replace' unless the caller asks otherwise."""
    factory = codecs.getincrementaldecoder(encoding)

    def make(errors: str = "replace"):
        return factory(errors)
    return make


def tolerate_invalid_utf8() -> list[str]:
    """Patch the Linux driver (the one our apps run on; importing it now costs nothing, App.run
    imports it anyway) and any other driver already imported; returns their module names."""
    patched = []
    for name in DRIVER_MODULES:
        module = sys.modules.get(name)
        if module is None and name == DRIVER_MODULES[0]:
            try:
                module = importlib.import_module(name)
            except Exception:       # a platform without termios: Textual uses another driver there
                continue
        if module is None:
            continue
        if getattr(module, "getincrementaldecoder", None) in (codecs.getincrementaldecoder, _replacing_decoder):
            module.getincrementaldecoder = _replacing_decoder
            patched.append(name)
    return patched
