"""The board's slots as fixed buffers: the card in each slot, the monsters on it and where each sits.

Slot s holds an adventure id (`card`), `on` when a card is there, up to MAX_MON monsters (`mon`, with
`at`: the outline index they cover, or EXTRA + k for the k-th extra task, and `seq`: the order they
arrived in), and for each task of the slot's current card the monster place it belongs to
(`task_mon`). `adv[s]` is the slot's bound
Adventure (board.py rebinds it). The queries here read only these buffers; placing and defeating
monsters are rules (doom.py).
"""

from array import array

from .defs import MAX_MON, MAX_TASKS_GAME, NONE

EXTRA = 100            # `at` of a monster that is an extra task: EXTRA + its number on the card


class Slots:
    """The board: n slots (MAIN_SLOTS adventures, then Other Worlds)."""

    def __init__(self, n):
        self.n = n
        self.card = array("H", [0] * n)
        self.on = bytearray(n)
        self.mon = bytearray(n * MAX_MON)
        self.at = bytearray(n * MAX_MON)
        self.task_mon = bytearray(n * MAX_TASKS_GAME)
        self.seq = bytearray(n * MAX_MON)          # arrival order of the monsters on a card
        self.adv = [None] * n

    def clear(self):
        for i in range(self.n):
            self.card[i] = 0
            self.on[i] = 0
            self.adv[i] = None
        for i in range(len(self.mon)):
            self.mon[i] = NONE
            self.at[i] = 0
            self.seq[i] = 0
        for i in range(len(self.task_mon)):
            self.task_mon[i] = NONE

    def empty(self, s):
        """Slot s has no card (its monsters must have gone already)."""
        self.on[s] = 0
        self.adv[s] = None
        self.clear_monsters(s)

    def clear_monsters(self, s):
        for k in range(MAX_MON):
            self.mon[s * MAX_MON + k] = NONE

    def outline_taken(self, s, o):
        for k in range(MAX_MON):
            if self.mon[s * MAX_MON + k] != NONE and self.at[s * MAX_MON + k] == o:
                return True
        return False

    def free_place(self, s):
        """The first free monster place of slot s, or -1."""
        for k in range(MAX_MON):
            if self.mon[s * MAX_MON + k] == NONE:
                return k
        return -1

    def extras(self, s):
        """Monsters on slot s as extra tasks."""
        n = 0
        for k in range(MAX_MON):
            if self.mon[s * MAX_MON + k] != NONE and self.at[s * MAX_MON + k] >= EXTRA:
                n += 1
        return n

    def monsters(self, s):
        n = 0
        for k in range(MAX_MON):
            if self.mon[s * MAX_MON + k] != NONE:
                n += 1
        return n

    def place(self, s, k, m, at):
        """Monster m on slot s, place k, at outline `at` (or EXTRA + n); it arrives after the others."""
        top = 0
        for j in range(MAX_MON):
            if self.mon[s * MAX_MON + j] != NONE and self.seq[s * MAX_MON + j] >= top:
                top = self.seq[s * MAX_MON + j] + 1
        self.mon[s * MAX_MON + k] = m
        self.at[s * MAX_MON + k] = at
        self.seq[s * MAX_MON + k] = top
