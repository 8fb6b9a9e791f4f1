"""`--bots` of the CLIs whose seats are numbered from 1 (`play`, `arkham`, `stayaway`): which seats the
bots take. One parser, so every game accepts and rejects the same text with the same one line."""

from __future__ import annotations

from eldritch.kernel.errors import KernelError
from eldritch.kernel.numbers import is_count


def bot_seats(text: str, players: int) -> set:
    """The 0-based seats named by text: "all", or seat numbers 1..players separated by commas.

    Only ASCII digits count (is_count: "²" passes str.isdigit() and then breaks int()); a bad part
    raises KernelError("option", ...) showing at most 20 of its characters."""
    if text.strip() == "all":
        return set(range(players))
    seats = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if not is_count(part) or not 1 <= int(part) <= players:
            raise KernelError("option", "--bots: '%s' is not a seat 1 to %d (or 'all')" % (part[:20], players))
        seats.add(int(part) - 1)
    return seats
