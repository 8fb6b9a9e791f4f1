"""The Elder Sign card library for library users: 372 adventures of seven sets, by name and set.

    >>> from eldritch import library
    >>> card = library.get("curator")
    >>> card.name, card.set, card.notation, card.terror
    ('The Curator', 'Core', 'L L L | L I3', 'none')
    >>> [c.name for c in library.search("night", set="core")]
    ['Late Night Break-In', 'When Night Falls']
    >>> len(library.cards()), library.sets()[:2]
    (372, ['Core', 'Unseen Forces'])

Each card is a LibraryCard: `name`, `set`, `notation`, `terror`, `trophy` and the base game's facts
(`monsters`, `entry`, `midnight`, `reward`, `penalty`...), and `card()` gives its tasks as a Card
for `eldritch.odds` (which also takes the LibraryCard itself, terror effect included).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import library as _library
from eldritch.kernel.eldersign.library import LibraryCard

__all__ = ["LibraryCard", "cards", "sets", "search", "get"]


@lru_cache(maxsize=1)
def _all() -> tuple:
    return tuple(_library.load())


def cards() -> list[LibraryCard]:
    """Every adventure, in the library's order (Core first)."""
    return list(_all())


def sets() -> list[str]:
    """The set names, in the library's order."""
    return _library.sets(_all())


def _text(what: str, value, optional: bool = False):
    if not isinstance(value, str) and not (optional and value is None):
        raise KernelError("card", "%s is text, not %r" % (what, value))
    return value


def search(query: str = "", set: Optional[str] = None) -> list[LibraryCard]:
    """The adventures whose name contains `query` (any case; empty: all), optionally of one set
    (a prefix such as "core" or "gates" will do)."""
    return _library.search(list(_all()), _text("a query", query), _text("a set", set, True))


def get(name: str, set: Optional[str] = None) -> LibraryCard:
    """The one adventure named `name` (any case), else the one whose name contains it;
    KernelError when there is none or several."""
    return _library.get(list(_all()), _text("a card's name", name), _text("a set", set, True))
