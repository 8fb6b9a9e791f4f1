"""The clock and the turn order: the hour (XII, III, VI, IX), the turn count and whose turn it is.

One place for the two steps every way of playing shares (the kernel's turn flow, turn.py, and the
table's, companion.py): `advance()` moves the hand 3 hours and says whether it struck midnight;
`next_seat()` passes the turn to the next seat and says whether a new round began (assistance is
then allowed again). Allocation-free.
"""


class Clock:
    """hour 0 (XII), 3, 6, 9; turn: turns taken since setup; seat: the active seat."""

    def __init__(self, players):
        self.players = players
        self.hour = 0
        self.turn = 0
        self.seat = 0

    def clear(self):
        self.hour = 0
        self.turn = 0
        self.seat = 0

    def advance(self):
        """3 hours on; True when the hand reaches XII (midnight follows the turn)."""
        self.hour = (self.hour + 3) % 12
        return self.hour == 0

    def next_seat(self):
        """The next seat's turn; True when it begins a new round."""
        self.turn += 1
        self.seat = (self.seat + 1) % self.players
        return self.turn % self.players == 0

    def first_round(self):
        """True during the game's first round (no at-midnight effects then)."""
        return self.turn < self.players
