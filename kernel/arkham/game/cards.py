"""What the printed cards do besides a combat bonus: the roll to cast a spell, cards used once, banishing
a monster, and a card's `use` (items.tsv columns `cast`, `abilities`, `use`; special `auction` is
encounters.py's).

- Casting (`cast` SKILL+N): a spell is cast with a D6 at most that skill plus N (CH_CAST), its sanity
  cost paid whether it works or not. In a fight each spell of the loadout is rolled for in slot order
  before the attack; one that fails adds nothing. Mists of R'lyeh that fails leaves the move on
  foot; Bind Monster that fails binds nothing (in the mythos the monster attacks); a `use` that fails
  does nothing.
- `once`: the card goes back under its deck after it is used (a loadout, a use, a banishing).
- `banish`: used on a monster in the investigator's space (part 3, or instead of striking back in the
  mythos): the monster goes back to the pool and the investigator loses D6 strength (CH_BANISH); the
  Blue Watcher is shuffled back into its deck after it, as after closing a gate.
- `use`: an effect list (the events' vocabulary) the investigator may play before moving, once a turn
  each card, for the card's sanity cost; when it ends the move comes next (a terminal in it hands the
  turn on as an event's does).

Allocates nothing.
"""

from .board import NONE, ABIL_ONCE, ABIL_BANISH, SP_BLUE_WATCHER, SP_BIND
from .defs import (ST_MOVE, ST_LOADOUT, CH_CAST, CH_BANISH, CH_CLOSE, CH_FOE, CH_ATTACK, K_USE, MAX_POSS, AT_POOL,
                   PU_CLOSE, EV_CAST, EV_SPEND, EV_MODE, EV_USE, EV_BANISH, EV_DISCARD)
from ..reach import MODE_MISTS

CAST_LOADOUT = 1         # cast_for: the spells of a loadout (cast_mask: their slots)
CAST_MISTS = 2           # Mists of R'lyeh (cast_arg: its slot)
CAST_BIND_ENC = 3        # Bind Monster in part 3 (cast_arg: the monster)
CAST_BIND_COUNTER = 4    # Bind Monster instead of striking back in the mythos
CAST_USE = 5             # a card's use (cast_arg: its slot)
BANISH_ENC = 6           # during CH_BANISH: a banishing in part 3
BANISH_COUNTER = 7       # ... instead of striking back in the mythos
CTX_USE = 1              # encounters.py's prog_ctx of a card's use


class Cards:

    # ----- casting -------------------------------------------------------------------------------------

    def cast_level(self, seat, kind):
        """What the D6 to cast card kind `kind` must not exceed (NONE: it needs no roll)."""
        c = self.board.i_cast[kind]
        if c == NONE:
            return NONE
        v = self.skill_of(seat, c >> 4) + (c & 15) - 8
        return v if v > 0 else 0

    def casting(self, seat, what, arg):
        """A casting roll for `what` (CAST_*) is now pending."""
        self.cast_for = what
        self.cast_arg = arg
        self.cast_seat = seat
        self.chance(CH_CAST)

    def loadout_rolls(self):
        """After a loadout is chosen (and paid for): its casting rolls, then the cards used once go
        back under their decks, then the attack (on a gate, or the monster's strength dice first)."""
        seat = self.fighter()
        b = self.board
        if self.cast_mask:
            self.casting(seat, CAST_LOADOUT, 0)
            return
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if self.mask & (1 << k) and c != NONE and b.i_abil[b.card_kind[c]] & ABIL_ONCE:
                self.used_up(seat, k)
        if self.purpose == PU_CLOSE:
            self.chance(CH_CLOSE)
            return
        mk = b.mon_kind[self.target]
        self.foe_str = b.k_strength[mk]
        # a strength printed N+D6 is rolled at each attack
        self.chance(CH_FOE if b.k_str_dice[mk] else CH_ATTACK)

    def used_up(self, seat, k):
        """The card in slot k was used once: back under its deck."""
        c = self.poss[seat * MAX_POSS + k]
        self.poss[seat * MAX_POSS + k] = NONE
        self.return_card(c)
        self.event(EV_DISCARD, seat, self.board.card_kind[c], 2)

    def on_cast_roll(self, v):
        seat = self.cast_seat
        b = self.board
        what = self.cast_for
        if what == CAST_LOADOUT:
            k = 0
            while not self.cast_mask & (1 << k):
                k += 1
            self.cast_mask &= ~(1 << k)
            kind = b.card_kind[self.poss[seat * MAX_POSS + k]]
            ok = v <= self.cast_level(seat, kind)
            self.event(EV_CAST, seat, kind, 1 if ok else 0)
            if not ok:
                gate = self.purpose == PU_CLOSE
                self.bonus -= self.card_bonus(kind, 0 if gate else b.mon_kind[self.target], gate)
            self.loadout_rolls()
            return
        if what == CAST_MISTS or what == CAST_USE:
            kind = b.card_kind[self.poss[seat * MAX_POSS + self.cast_arg]]
        else:
            kind = b.card_kind[self.poss[seat * MAX_POSS + self.has_special(seat, SP_BIND)]]
        ok = v <= self.cast_level(seat, kind)
        self.event(EV_CAST, seat, kind, 1 if ok else 0)
        if what == CAST_MISTS:
            if ok:
                self.mode = MODE_MISTS
                self.event(EV_MODE, seat, MODE_MISTS, 0)
            self.decide(ST_MOVE, seat)
        elif what == CAST_USE:
            if ok:
                self.start_use(seat, self.cast_arg)
            else:
                self.decide(ST_MOVE, seat)
        else:
            m = self.cast_arg
            if ok:
                self.bound(seat, m)
            if what == CAST_BIND_COUNTER:
                if ok:
                    self.mythos_after_target()
                else:
                    self.decide(ST_LOADOUT, seat)      # it binds nothing: the monster attacks
            else:
                self.after_enc_change()

    # ----- a card's use, before moving --------------------------------------------------------------------

    def list_uses(self, buf, n, seat):
        """K_USE + slot for each card with a `use` not used this turn that the seat can pay for."""
        b = self.board
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and not self.used_mask & (1 << k):
                kind = b.card_kind[c]
                if b.use_len[kind] and self.san[seat] > b.i_cost[kind]:
                    buf[n] = K_USE + k
                    n += 1
        return n

    def apply_use(self, seat, k):
        b = self.board
        kind = b.card_kind[self.poss[seat * MAX_POSS + k]]
        self.used_mask |= 1 << k
        cost = b.i_cost[kind]
        if cost:
            self.san[seat] -= cost
            self.event(EV_SPEND, seat, cost, self.san[seat])
        if b.i_cast[kind] != NONE:
            self.casting(seat, CAST_USE, k)
        else:
            self.start_use(seat, k)

    def start_use(self, seat, k):
        b = self.board
        kind = b.card_kind[self.poss[seat * MAX_POSS + k]]
        self.event(EV_USE, seat, kind, 0)
        if b.i_abil[kind] & ABIL_ONCE:
            self.used_up(seat, k)
        self.prog_ctx = CTX_USE
        self.prog_pos = b.use_start[kind]
        self.prog_end = self.prog_pos + b.use_len[kind]
        self.run_effects()

    # ----- banishing ------------------------------------------------------------------------------------

    def banish_slot(self, seat):
        """The possession slot of a card that banishes a monster, or -1."""
        b = self.board
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and b.i_abil[b.card_kind[c]] & ABIL_BANISH:
                return k
        return -1

    def banish(self, seat, m, counter):
        """The banishing card sends monster m back to the pool; then its cost, D6 strength."""
        b = self.board
        k = self.banish_slot(seat)
        c = self.poss[seat * MAX_POSS + k]
        kind = b.card_kind[c]
        self.m_at[m] = AT_POOL
        self.m_flags[m] = 0
        self.event(EV_BANISH, seat, m, kind)
        if b.i_special[kind] == SP_BLUE_WATCHER:
            self.poss[seat * MAX_POSS + k] = NONE
            self.shuffle_back(c)
        elif b.i_abil[kind] & ABIL_ONCE:
            self.used_up(seat, k)
        self.cast_for = BANISH_COUNTER if counter else BANISH_ENC
        self.cast_seat = seat
        self.chance(CH_BANISH)

    def on_banish_roll(self, v):
        seat = self.cast_seat
        counter = self.cast_for == BANISH_COUNTER
        self.cast_for = 0
        if self.change_strength(seat, -v):
            return
        if counter:
            self.mythos_after_target()
        else:
            self.after_enc_change()

