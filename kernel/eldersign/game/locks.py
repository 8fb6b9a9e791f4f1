"""Where the dice are when they are not rolled: locked on an icon, or held on a spell.

`Locks`: the dice locked by lock icons, in arrival order (colour, kind of icon, its source), so a
die locked twice sits on the first icon and moves to the next when freed. `SpellDice`: dice held
on spell cards across turns (die code colour*8+face, the spell card, its owner). Both are fixed
buffers; their methods allocate nothing. The rules around them (a lock taking a die at once, a
spell going back to its deck) are in doom.py and cards.py.
"""

from array import array

from .defs import MAX_LOCKS, MAX_SPELL_DICE, NONE


class Locks:
    """Locked dice in arrival order: colour, kind (LK_*) and source id of each lock."""

    def __init__(self):
        self.col = bytearray(MAX_LOCKS)
        self.kind = bytearray(MAX_LOCKS)
        self.src = array("H", [0] * MAX_LOCKS)
        self.n = 0

    def clear(self):
        for i in range(MAX_LOCKS):
            self.col[i] = 0
            self.kind[i] = 0
            self.src[i] = 0
        self.n = 0

    def add(self, colour, kind, src):
        """A new lock; False when the buffer is full (it cannot be: MAX_LOCKS covers every icon)."""
        i = self.n
        if i >= MAX_LOCKS:
            return False
        self.col[i] = colour
        self.kind[i] = kind
        self.src[i] = src
        self.n = i + 1
        return True

    def find(self, kind, src):
        """The index of the first lock of that kind and source, or -1."""
        for i in range(self.n):
            if self.kind[i] == kind and self.src[i] == src:
                return i
        return -1

    def latest(self, colour):
        """The index of the newest lock of that colour, or -1."""
        i = self.n - 1
        while i >= 0:
            if self.col[i] == colour:
                return i
            i -= 1
        return -1

    def first_of_kind(self, kind):
        for i in range(self.n):
            if self.kind[i] == kind:
                return i
        return -1

    def remove(self, i):
        """Lock i goes (the later ones move up, keeping their order)."""
        for k in range(i, self.n - 1):
            self.col[k] = self.col[k + 1]
            self.kind[k] = self.kind[k + 1]
            self.src[k] = self.src[k + 1]
        self.n -= 1

    def count(self, colour):
        """Locks of colour (for yellow and red, more than one still locks the one die)."""
        k = 0
        for i in range(self.n):
            if self.col[i] == colour:
                k += 1
        return k


class SpellDice:
    """Dice held on spells: die code, spell card id and the owner (investigator) of each."""

    def __init__(self):
        self.die = bytearray(MAX_SPELL_DICE)
        self.card = bytearray(MAX_SPELL_DICE)
        self.owner = bytearray(MAX_SPELL_DICE)
        self.n = 0

    def clear(self):
        for i in range(MAX_SPELL_DICE):
            self.die[i] = 0
            self.card[i] = 0
            self.owner[i] = NONE
        self.n = 0

    def hold(self, d, card, owner):
        i = self.n
        if i >= MAX_SPELL_DICE:
            return False
        self.die[i] = d
        self.card[i] = card
        self.owner[i] = owner
        self.n = i + 1
        return True

    def remove(self, k):
        """Held die k leaves its spell; returns the spell card when it holds no die any more, else -1."""
        card = self.card[k]
        for j in range(k, self.n - 1):
            self.die[j] = self.die[j + 1]
            self.card[j] = self.card[j + 1]
            self.owner[j] = self.owner[j + 1]
        self.n -= 1
        return -1 if self.busy(card) else card

    def busy(self, card):
        """True while spell card holds a die."""
        for k in range(self.n):
            if self.card[k] == card:
                return True
        return False

    def find(self, d):
        """The index of the first held die of code d, or -1."""
        for k in range(self.n):
            if self.die[k] == d:
                return k
        return -1

    def count(self, colour):
        k = 0
        for i in range(self.n):
            if self.die[i] >> 3 == colour:
                k += 1
        return k
