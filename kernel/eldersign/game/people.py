"""The investigators and the seats of the players, as fixed buffers with small methods.

`Investigators`, indexed by investigator id: sanity, stamina and their maxima, clues, location, seat,
whether chosen yet, whether they assisted this round, whether their once-per-day ability is used,
the cards in hand (with a used-today flag) and the trophies: the adventure cards and monster tokens
themselves (and tokens an effect gives), as codes kind << 12 | id (defs.TR_*). `Seats`, indexed by seat: the investigator playing there (NONE when devoured) and the
seat's state (playing, must pick a new investigator, out of the game). Nothing here emits events or
applies a rule: the rule modules do, through these methods.
"""

from array import array

from .defs import MAX_PLAYERS, MAX_HAND, MAX_TROPHIES, NONE

SEAT_PLAYING = 0
SEAT_MUST_PICK = 1
SEAT_OUT = 2


class Investigators:
    """Per investigator id: stats, clues, location, seat, hand and trophies."""

    def __init__(self, ninv):
        self.n = ninv
        self.san = bytearray(ninv)
        self.sta = bytearray(ninv)
        self.maxsan = bytearray(ninv)
        self.maxsta = bytearray(ninv)
        self.clues = bytearray(ninv)
        self.loc = bytearray(ninv)
        self.seat_of = bytearray(ninv)
        self.used = bytearray(ninv)          # 1 once chosen (in play or devoured)
        self.assisted = bytearray(ninv)      # assisted this round
        self.hand = bytearray(ninv * MAX_HAND)
        self.hand_flag = bytearray(ninv * MAX_HAND)   # 1 = used today (once-per-day cards)
        self.ability_used = bytearray(ninv)  # the once-per-day ability, used today
        self.troph = array("H", [0] * (ninv * MAX_TROPHIES))
        self.ntroph = bytearray(ninv)

    def clear(self):
        for b in (self.san, self.sta, self.maxsan, self.maxsta, self.clues, self.used, self.assisted,
                  self.hand_flag, self.ability_used, self.troph, self.ntroph):
            for i in range(len(b)):
                b[i] = 0
        for b in (self.loc, self.seat_of, self.hand):
            for i in range(len(b)):
                b[i] = NONE

    def enter(self, inv, seat, sanity, stamina, loc):
        """Investigator inv comes into play at seat with full sanity and stamina, no clues."""
        self.seat_of[inv] = seat
        self.used[inv] = 1
        self.san[inv] = sanity
        self.sta[inv] = stamina
        self.maxsan[inv] = sanity
        self.maxsta[inv] = stamina
        self.clues[inv] = 0
        self.loc[inv] = loc

    def clear_assisted(self):
        """A new round: everyone may assist again."""
        for i in range(self.n):
            self.assisted[i] = 0

    def refresh_day(self):
        """Midnight: once-per-day cards may be used again."""
        for i in range(len(self.hand_flag)):
            self.hand_flag[i] = 0
        for i in range(self.n):
            self.ability_used[i] = 0

    # ----- hand ------------------------------------------------------------------------------

    def card(self, inv, i):
        return self.hand[inv * MAX_HAND + i]

    def free_hand_slot(self, inv):
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            if self.hand[base + i] == NONE:
                return i
        return -1

    def put_card(self, inv, i, c):
        self.hand[inv * MAX_HAND + i] = c
        self.hand_flag[inv * MAX_HAND + i] = 0

    def drop_card(self, inv, i):
        """Card i leaves inv's hand; returns it."""
        c = self.hand[inv * MAX_HAND + i]
        self.hand[inv * MAX_HAND + i] = NONE
        return c

    def hand_count(self, inv):
        n = 0
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            if self.hand[base + i] != NONE:
                n += 1
        return n

    # ----- trophies --------------------------------------------------------------------------

    def add_trophy(self, inv, code):
        """A trophy (kind << 12 | id) for inv; False when inv holds MAX_TROPHIES already."""
        k = self.ntroph[inv]
        if k >= MAX_TROPHIES:
            return False
        self.troph[inv * MAX_TROPHIES + k] = code
        self.ntroph[inv] = k + 1
        return True

    def trophy(self, inv, j):
        return self.troph[inv * MAX_TROPHIES + j]

    def remove_trophy(self, inv, j):
        """Trophy j of inv goes (the later ones move up); returns its code."""
        base = inv * MAX_TROPHIES
        code = self.troph[base + j]
        n = self.ntroph[inv]
        for k in range(j, n - 1):
            self.troph[base + k] = self.troph[base + k + 1]
        self.troph[base + n - 1] = 0
        self.ntroph[inv] = n - 1
        return code


class Seats:
    """Per seat: its investigator (NONE when devoured or out) and its state (SEAT_*)."""

    def __init__(self):
        self.inv = bytearray(MAX_PLAYERS)
        self.state = bytearray(MAX_PLAYERS)

    def clear(self):
        for s in range(MAX_PLAYERS):
            self.inv[s] = NONE
            self.state[s] = SEAT_PLAYING

    def first_investigator(self, players):
        """The investigator of the lowest seat that has one, or NONE."""
        for s in range(players):
            if self.inv[s] != NONE:
                return self.inv[s]
        return NONE

    def all_out(self, players):
        for s in range(players):
            if self.state[s] != SEAT_OUT:
                return False
        return True
