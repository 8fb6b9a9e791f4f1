"""Arkham Horror (1987)'s host side: the `eldritch arkham` commands."""
