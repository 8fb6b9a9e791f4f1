"""Every Panic! card: drawn in the draw step, played at once, discarded (the card texts are in the deck
file's notes; choices the card gives are the players' actions).

  Revelations         from the active player on, in order, each player reveals the hand or not; it
                      stops at the first who shows an Infected! (only that card is shown)
  Rotten ropes        every Quarantine is discarded
  Get out of here!    swap seats with any player not in Quarantine (not if the player is in Quarantine)
  Forgetful           discard 3 cards (one at a time), draw 3 Stay Away! cards
  One, two...         swap seats with the 3rd player to the left or the right (the player's choice),
                      Locked doors ignored; not with a player in Quarantine, nor while in Quarantine
  ...three, four...   every Locked door is discarded
  Is this the party?  every Quarantine and Locked door is discarded; then from the active player,
                      clockwise, players swap seats in pairs (the last stays when the count is odd)
  Just between us...  show the hand to an adjacent player of the player's choice
  Round and round     everyone, in order, chooses a card; all pass at once to the next player in the
                      current direction, obstacles ignored, no defence; The Thing infects this way;
                      the turn ends (no exchange)
  Can't we be friends? exchange a card with any player not in Quarantine; then the turn's exchange
  Blind date          swap a card of the hand with the pile's top card (Panic! cards on top discarded
                      unseen); the turn ends
  Oops!               show the hand to everyone
Seat swaps follow the rulebook's rule: the player exchanges from the new seat, and the player swapped
with plays next. A card with no possible target has no effect (E_NO_EFFECT).
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, HAND_MAX, INFECTED, HUMAN, THE_THING, QUARANTINE, LOCKED_DOOR,
                   REVELATIONS, ROTTEN_ROPES, GET_OUT, FORGETFUL, ONE_TWO, THREE_FOUR, PARTY, BETWEEN_US,
                   ROUND_AND_ROUND, FRIENDS, BLIND_DATE, OOPS, PH_REVELATIONS, PH_TARGET, PH_FORGET, PH_ROUND,
                   PH_BLIND, R_PLAYING, X_FRIENDS, E_NO_REVEAL, E_QUARANTINE_END, E_DOOR_END, E_NO_EFFECT,
                   E_GIVE, E_TO_PILE, E_TAKE, SH_REVELATIONS, SH_OOPS, SH_BETWEEN, DR_FORGETFUL, A_TARGET)


class Panic:
    """Panic! cards (a mixin of the State)."""

    def play_panic(self, c):
        p = self.active
        self.ctx_card = c
        if c == REVELATIONS:
            self.ctx_a = p
            self.ctx_n = 0
            self.phase = PH_REVELATIONS
            self.actor = p
            return
        if c == GET_OUT or c == ONE_TWO or c == BETWEEN_US or c == FRIENDS:
            if self.panic_targets(p, c, None, 0):
                self.phase = PH_TARGET
                self.actor = p
                return
            self.event(E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
        elif c == FORGETFUL:
            self.ctx_n = 3
            self.ctx_flag = 0
            if self.forget_options(p):
                self.phase = PH_FORGET
                self.actor = p
                return
            self.event(E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
        elif c == ROTTEN_ROPES:
            self.clear_quarantines(p)
        elif c == THREE_FOUR:
            self.clear_doors(p)
        elif c == PARTY:
            self.clear_quarantines(p)
            self.clear_doors(p)
            self.party(p)
        elif c == OOPS:
            self.show_hand(p, MASK_ALL, SH_OOPS)
        elif c == ROUND_AND_ROUND:
            self.begin_round(p)
            return
        elif c == BLIND_DATE:
            if self.forget_options(p):
                self.phase = PH_BLIND
                self.actor = p
                return
            self.event(E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
            self.end_turn()
            return
        self.begin_exchange()

    # ----- targets -------------------------------------------------------------------------------

    def panic_targets(self, p, c, buf, n):
        """With buf None: the number of targets of Panic! card c for p; else append A_TARGET actions."""
        count = 0
        if c == ONE_TWO:
            if self.quar[p]:
                return n if buf is not None else 0
            left = self.nth_neighbour(p, 0, 3)
            right = self.nth_neighbour(p, 1, 3)
            for q in range(self.players):
                if (q == left or q == right) and q != p and self.alive[q] and not self.quar[q]:
                    if buf is not None:
                        buf[n] = A_TARGET + q
                        n += 1
                    count += 1
            return n if buf is not None else count
        for q in range(self.players):
            if not self.alive[q] or q == p:
                continue
            if c == BETWEEN_US:
                ok = self.adjacent_open(p, q)
            elif c == GET_OUT:
                ok = not self.quar[p] and self.far_target_ok(p, q, 1)
            else:   # FRIENDS
                ok = self.far_target_ok(p, q, 0) and not (self.options.house_quarantine and self.quar[p])
            if ok:
                if buf is not None:
                    buf[n] = A_TARGET + q
                    n += 1
                count += 1
        return n if buf is not None else count

    def panic_target(self, q):
        p = self.active
        c = self.ctx_card
        if c == GET_OUT or c == ONE_TWO:
            self.swap_seats(p, q)
            self.partner = q
        elif c == BETWEEN_US:
            self.show_hand(p, 1 << q, SH_BETWEEN)
        elif c == FRIENDS:
            self.begin_offer(p, q, X_FRIENDS)
            return
        self.begin_exchange()

    # ----- Revelations ---------------------------------------------------------------------------

    def reveal(self, yes):
        q = self.actor
        if yes:
            if self.count_in_hand(q, INFECTED):
                self.show(q, INFECTED, MASK_ALL, SH_REVELATIONS)
                self.begin_exchange()
                return
            self.show_hand(q, MASK_ALL, SH_REVELATIONS)
            if self.result != R_PLAYING:
                return
        else:
            self.event(E_NO_REVEAL, q, NOBODY, NO_CARD, MASK_ALL)
        self.ctx_n += 1
        nxt = self.next_player(q)
        if nxt == self.ctx_a or self.ctx_n >= self.living():
            self.begin_exchange()
            return
        self.actor = nxt

    # ----- Forgetful and Blind date --------------------------------------------------------------

    def forget_options(self, p):
        base = p * HAND_MAX
        for i in range(self.hand_n[p]):
            if self.may_part(p, self.hand[base + i], NOBODY):
                return True
        return False

    def forget(self, t):
        p = self.active
        self.discard_from(p, t, DR_FORGETFUL)
        self.ctx_n -= 1
        self.ctx_flag += 1
        if self.ctx_n and self.forget_options(p):
            return
        for _ in range(self.ctx_flag):
            self.draw_into(p, DR_FORGETFUL)
        self.begin_exchange()

    def blind(self, t):
        p = self.active
        self.hand_remove(p, t)
        self.parted(p, t)
        c = self.draw_stay_away(p)
        self.pile[self.pile_n] = t
        self.pile_n += 1
        self.event(E_TO_PILE, p, NOBODY, t, self.mask_of(p))
        if c != NO_CARD:
            self.hand_add(p, c)
            self.event(E_TAKE, p, NOBODY, c, self.mask_of(p))
            self.check_thing_drawn(p, c)
        self.end_turn()

    # ----- the table -----------------------------------------------------------------------------

    def clear_quarantines(self, p):
        for q in range(self.players):
            if self.quar[q]:
                self.quar[q] = 0
                self.discard(QUARANTINE, True)
                self.event(E_QUARANTINE_END, p, q, QUARANTINE, MASK_ALL)

    def clear_doors(self, p):
        for g in range(self.players):
            if self.door[g]:
                self.door[g] = 0
                self.discard(LOCKED_DOOR, True)
                self.event(E_DOOR_END, p, g, LOCKED_DOOR, MASK_ALL)

    def party(self, p):
        """From p clockwise, pairs of players swap seats; the player swapped with p plays next."""
        a = p
        for _ in range(self.living() // 2):
            b = self.neighbour(a, 0)
            nxt = self.neighbour(b, 0)
            self.swap_seats(a, b)
            if a == p:
                self.partner = b
            a = nxt

    # ----- Round and round -----------------------------------------------------------------------

    def begin_round(self, p):
        """Players who could pass nothing (only Infected! cards) are out first: total infection."""
        again = True
        while again and self.result == R_PLAYING:
            again = False
            for q in range(self.players):
                if self.alive[q] and self.result == R_PLAYING and not self.can_give_any(q, self.next_player(q)):
                    self.total_infection(q)
                    again = True
        if self.result != R_PLAYING:
            return
        for q in range(self.players):
            self.passes[q] = NO_CARD
        first = p if self.alive[p] else self.next_player(p)
        self.ctx_a = first
        self.ctx_n = 0
        self.phase = PH_ROUND
        self.actor = first

    def pass_card(self, t):
        q = self.actor
        self.hand_remove(q, t)
        self.passes[q] = t
        self.ctx_n += 1
        nxt = self.next_player(q)
        if nxt != self.ctx_a and self.ctx_n < self.living():
            self.actor = nxt
            return
        # every card passes at once
        for g in range(self.players):
            if self.alive[g] and self.passes[g] != NO_CARD:
                r = self.next_player(g)
                c = self.passes[g]
                self.parted(g, c)
                self.hand_add(r, c)
                mask = MASK_ALL if (self.quar[g] or self.quar[r]) else ((1 << g) | (1 << r))
                self.event(E_GIVE, g, r, c, mask)
        for g in range(self.players):
            c = self.passes[g]
            self.passes[g] = NO_CARD
            if c == INFECTED and self.alive[g] and self.role[g] == THE_THING:
                r = self.next_player(g)
                if self.role[r] == HUMAN:
                    self.infect(r)
        self.end_turn()
