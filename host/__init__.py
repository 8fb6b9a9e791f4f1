"""Eldritch on CPython: backend selection, the CLI and host-side tools around the portable kernel."""

from .kernel import VERSION as __version__  # noqa: F401
