"""The deck as data: `data/deck.tsv` (or a user's deck file in the same schema), validated at load.

    deck = Deck()                      # the kernel's deck file
    deck = Deck("my-deck.tsv")         # free deck building: a user's file replaces it
    deck.copies(INFECTED, 6)           # copies used with 6 players
    deck.numbers[FLAMETHROWER]         # the player-count number printed on each copy: b"\x04\x04\x06\x09\x0b"

The file has a header line `card<TAB>kind<TAB>numbers<TAB>effect`, then one line per card: its English
name (defs.CARD_NAMES), its kind (defs.KIND_NAMES), the number printed on each copy separated by spaces
(a copy numbered n is used with n or more players; The Thing has none and is always used once) and a
free text. What a card does is the kernel's code; how many copies are used with how many players is
the file's. Any mistake is one KernelError("deck", ...) naming the file, the line and the field.
"""

from ...errors import KernelError
from ...tsv import lines, folder_of
from .defs import (NTYPES, CARD_NAMES, CARD_KIND, KIND_NAMES, THING, DECK_MAX, MAX_PLAYERS)

HEADER = "card\tkind\tnumbers\teffect"


def default_path():
    """kernel/stayaway/data/deck.tsv (one level up from this module's folder)."""
    return folder_of(folder_of(__file__)) + "/data/deck.tsv"


def card_type(name):
    """The type of a card named as in CARD_NAMES (exact), else -1."""
    for t in range(NTYPES):
        if CARD_NAMES[t] == name:
            return t
    return -1


class Deck:
    """The copies of every card by player-count number, from a deck file."""

    def __init__(self, path=None):
        self.path = path if path is not None else default_path()
        self.numbers = [None] * NTYPES          # bytes of player counts per type; None: no line for it
        self._load()

    def _error(self, number, field, message):
        return KernelError("deck", "%s line %d, field %s: %s" % (self.path, number, field, message))

    def _load(self):
        seen_header = False
        total = 0
        for number, line in lines(self.path, "deck"):
            if not seen_header:
                if line.lstrip("\ufeff") != HEADER:
                    raise self._error(number, "header", "expected the header %r" % HEADER.replace("\t", " | "))
                seen_header = True
                continue
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4:
                raise self._error(number, "count", "%d tab-separated fields, expected 4 (card, kind, numbers, "
                                  "effect)" % len(fields))
            name, kind, nums, effect = fields
            t = card_type(name)
            if t < 0:
                raise self._error(number, "card", "unknown card %r (the kernel knows: %s)"
                                  % (name, ", ".join(CARD_NAMES)))
            if self.numbers[t] is not None:
                raise self._error(number, "card", "%r is listed twice" % name)
            if kind not in KIND_NAMES:
                raise self._error(number, "kind", "unknown kind %r (one of %s)" % (kind, ", ".join(KIND_NAMES)))
            if KIND_NAMES.index(kind) != CARD_KIND[t]:
                raise self._error(number, "kind", "%r is a %s card, not %s" % (name, KIND_NAMES[CARD_KIND[t]], kind))
            values = []
            for word in nums.split():
                try:
                    v = int(word)
                except ValueError:
                    raise self._error(number, "numbers", "%r is not a player count" % word)
                if not 1 <= v <= MAX_PLAYERS:
                    raise self._error(number, "numbers", "%d is not a player count 1 to %d" % (v, MAX_PLAYERS))
                values.append(v)
            if t == THING and values:
                raise self._error(number, "numbers", "The Thing has no number: it is always used once")
            total += 1 if t == THING else len(values)
            if total > DECK_MAX:
                raise self._error(number, "numbers", "the deck holds more than %d cards" % DECK_MAX)
            self.numbers[t] = bytes(values)
        if not seen_header:
            raise self._error(1, "header", "the file is empty")
        if self.numbers[THING] is None:
            raise KernelError("deck", "%s: no line for The Thing (it is always in the deck)" % self.path)
        for t in range(NTYPES):
            if self.numbers[t] is None:
                self.numbers[t] = b""

    def copies(self, t, players):
        """Copies of card type t used with this many players (The Thing: 1)."""
        if t == THING:
            return 1
        n = 0
        for v in self.numbers[t]:
            if v <= players:
                n += 1
        return n

    def total(self):
        """Every card of the file (The Thing included)."""
        n = 1
        for t in range(1, NTYPES):
            n += len(self.numbers[t])
        return n
