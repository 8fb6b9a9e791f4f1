"""Ctrl-C only at safe points, for the plain mode and bot games.

    with InterruptGuard() as guard:
        line = guard.input("choose: ")     # a Ctrl-C here raises KeyboardInterrupt at once
        session.play(a); guard.check()     # a Ctrl-C while applying waits until the step is done

While an action is applied or a save written, a SIGINT is held (a half-applied action would make an
unloadable save) and raised at the next check or input.
"""

from __future__ import annotations

import signal


class InterruptGuard:
    """See the module docstring."""

    def __init__(self):
        self.pending = False
        self.safe = False
        self._old = None

    def __enter__(self):
        self._old = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc):
        signal.signal(signal.SIGINT, self._old)
        return False

    def _handler(self, signum, frame):
        if self.safe:
            raise KeyboardInterrupt
        self.pending = True

    def check(self):
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt

    def input(self, prompt: str, read=input) -> str:
        """read(prompt) that a Ctrl-C interrupts (KeyboardInterrupt)."""
        self.check()
        self.safe = True
        try:
            return read(prompt)
        finally:
            self.safe = False


class NoGuard:
    """The guard's interface without signal handling (tests, an embedding program)."""

    pending = False

    def check(self):
        pass

    def input(self, prompt: str, read=input) -> str:
        return read(prompt)
