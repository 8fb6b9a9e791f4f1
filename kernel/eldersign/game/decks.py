"""Decks: card ids in a circular buffer (draw from the top, put back at the bottom), the game's set
of decks, and the setup shuffle.

A Deck allocates once (its buffer) and nothing after: draw, bottom, take and peek work in place.
`Decks` holds every deck of one game (adventures, Other Worlds, the four item decks, mythos, the
monster cup, the investigators not chosen yet). `shuffled` is Fisher-Yates with the kernel PRNG
(setup only: it makes a list).
"""

from array import array

from ... import prng


class Deck:
    """A deck as a circular buffer of card ids: draw from the top, put back at the bottom."""

    def __init__(self, cap):
        self.buf = array("H", [0] * (cap + 1))
        self.cap = cap + 1
        self.head = 0
        self.n = 0

    def clear(self):
        self.head = 0
        self.n = 0

    def draw(self):
        """The top card, removed; -1 when the deck is empty."""
        if self.n == 0:
            return -1
        c = self.buf[self.head]
        self.head = (self.head + 1) % self.cap
        self.n -= 1
        return c

    def at(self, i):
        """The i-th card from the top (0 is the top), not removed."""
        return self.buf[(self.head + i) % self.cap]

    def bottom(self, c):
        """Card c goes under the deck (ignored when the deck is full: it cannot be, by construction)."""
        if self.n < self.cap:
            self.buf[(self.head + self.n) % self.cap] = c
            self.n += 1

    def take(self, c):
        """Card c leaves the deck wherever it is, the others keeping their order; False if absent."""
        found = False
        n = self.n
        for _ in range(n):
            x = self.draw()
            if x == c and not found:
                found = True
            else:
                self.bottom(x)
        return found

    def count(self, c):
        k = 0
        for i in range(self.n):
            if self.at(i) == c:
                k += 1
        return k

    def state(self, out):
        """Append the deck (count, then ids top first, 2 bytes each) to bytearray out."""
        out.append(self.n & 255)
        out.append(self.n >> 8)
        for i in range(self.n):
            c = self.at(i)
            out.append(c & 255)
            out.append(c >> 8)


class Decks:
    """Every deck of a game: main adventures, Other Worlds, the item decks (common, unique, spell,
    ally), mythos, the monster cup and the investigators nobody has chosen."""

    def __init__(self, data, ninv):
        nadv = len(data.adventures)
        self.adventures = Deck(nadv)
        self.other_worlds = Deck(nadv)
        ncards = len(data.cards)
        self.items = (Deck(ncards), Deck(ncards), Deck(ncards), Deck(ncards))
        self.mythos = Deck(len(data.mythos))
        self.cup = Deck(len(data.monsters))
        self.investigators = Deck(ninv)

    def all(self):
        """Every deck, in the save's order (allocates a tuple)."""
        return (self.adventures, self.other_worlds, self.mythos, self.cup, self.investigators) + self.items

    def clear(self):
        for deck in self.all():
            deck.clear()


def shuffled(rng, ids):
    """Fisher-Yates with the kernel PRNG (setup only)."""
    ids = list(ids)
    for i in range(len(ids) - 1, 0, -1):
        j = prng.die(rng, i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    return ids
