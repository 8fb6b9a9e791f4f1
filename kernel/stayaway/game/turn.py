"""The three-step turn, the end of a turn, who plays next, eliminations and the ends of the game.

A turn: (1) draw; a Panic! card is played at once (panic.py), a Stay Away! card goes to the hand and
(2) the player discards or plays a card (cards.py); (3) they offer a card to the next player in the
current direction, who answers (exchange.py); no exchange when a Locked door lies between them (or,
with the house rule, when either is in Quarantine). The next turn is the next player's from the
active player's seat, or, after a seat swap, the player swapped with (the rulebook's seat-swap rule).

The ends (the rulebook's "A játék vége", with both special cases):
  - The Thing eliminated: the Humans in play win (vengeful mode: play on while Humans and Infected
    both remain, then the survivors win);
  - The Thing declares that no Humans remain: if true, The Thing and the Infected in play win, except
    the player whose infection removed the last Human (still counted a Human: they lose); if The Thing
    infected everyone and no Human was eliminated, The Thing alone wins; if false, the Humans in play win;
  - a Flamethrower seen in The Thing's hand outside its own turn: the Humans in play win;
  - the kernel's own limit: the action or event log full (thousands of turns) stops the game, nobody wins.
Eliminated players always lose.
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, CARD_KIND, K_PANIC, HUMAN, INFECTED_ROLE, THE_THING, HAND_MAX,
                   QUARANTINE, FLAMETHROWER, PH_PLAY, PH_OFFER, PH_OVER, R_PLAYING, R_BURNT, R_DECLARED,
                   R_THING_ALONE, R_FALSE, R_FOUND, R_VENGEFUL, E_TURN, E_PANIC, E_NO_EXCHANGE,
                   E_QUARANTINE_END, E_ELIMINATED, E_TOTAL, E_INFECT, E_DECLARE, E_END, E_ROLE, E_FOUND,
                   E_SWAP, DR_TURN, SH_TOTAL, X_TURN, R_CUT)


class Turn:
    """Turn flow and the ends (a mixin of the State)."""

    def start_turn(self, p):
        self.active = p
        self.partner = NOBODY
        self.turn += 1
        self.event(E_TURN, p, self.turn & 255, NO_CARD, MASK_ALL)
        c = self.draw_top()
        if c != NO_CARD and CARD_KIND[c] == K_PANIC:
            self.event(E_PANIC, p, NOBODY, c, MASK_ALL)
            self.discard(c, True)
            self.play_panic(c)
            return
        self.take_card(p, c, DR_TURN)
        self.begin_play()

    def begin_play(self):
        self.phase = PH_PLAY
        self.actor = self.active

    def begin_exchange(self):
        """Step 3: the active player offers a card to the next player, if nothing stops it."""
        if self.result != R_PLAYING:
            return
        p = self.active
        if not self.alive[p]:
            self.end_turn()
            return
        q = self.next_player(p)
        if q == p:
            self.event(E_NO_EXCHANGE, p, NOBODY, NO_CARD, MASK_ALL)
            self.end_turn()
            return
        if self.blocked(p, self.direction) or (self.options.house_quarantine and (self.quar[p] or self.quar[q])):
            self.event(E_NO_EXCHANGE, p, q, NO_CARD, MASK_ALL)
            self.end_turn()
            return
        self.begin_offer(p, q, X_TURN)

    def end_turn(self):
        if self.result != R_PLAYING:
            return
        p = self.active
        if self.alive[p] and self.quar[p]:
            self.quar[p] -= 1
            if self.quar[p] == 0:
                self.discard(QUARANTINE, True)
                self.event(E_QUARANTINE_END, p, p, QUARANTINE, MASK_ALL)
        q = self.partner
        if q == NOBODY or not self.alive[q]:
            q = self.next_player(p)
        if not self.alive[q]:
            return
        self.start_turn(q)

    # ----- seats --------------------------------------------------------------------------------

    def swap_seats(self, a, b):
        """a and b change seats, hands in hand; the Locked doors stay where they lie."""
        sa = self.seat_of[a]
        sb = self.seat_of[b]
        self.seat_of[a] = sb
        self.seat_of[b] = sa
        self.seat_player[sa] = b
        self.seat_player[sb] = a
        self.event(E_SWAP, a, b, NO_CARD, MASK_ALL)

    # ----- roles and eliminations -----------------------------------------------------------------

    def infect(self, p):
        self.role[p] = INFECTED_ROLE
        self.event(E_INFECT, self.thing, p, NO_CARD, (1 << p) | (1 << self.thing))
        if self.count_role(HUMAN) == 0:
            self.last_infected = p

    def eliminate(self, p, by):
        """p leaves the game: their hand is discarded unseen, their Quarantine goes, their seat empties."""
        base = p * HAND_MAX
        for i in range(self.hand_n[p]):
            self.discard(self.hand[base + i], False)
        self.hand_n[p] = 0
        if by != NOBODY:
            self.event(E_ELIMINATED, by, p, NO_CARD, MASK_ALL)
        if self.quar[p]:
            self.quar[p] = 0
            self.discard(QUARANTINE, True)
            self.event(E_QUARANTINE_END, p, p, QUARANTINE, MASK_ALL)
        self.alive[p] = 0
        self.seat_player[self.seat_of[p]] = NOBODY
        r = self.role[p]
        if r == HUMAN:
            self.ever_eliminated_human = 1
            if self.count_role(HUMAN) == 0:
                self.last_infected = NOBODY          # the last Human was burnt, not infected
        if r == THE_THING:
            if self.options.vengeful and self.count_role(HUMAN) > 0 and self.count_role(INFECTED_ROLE) > 0:
                return                               # vengeful mode: the fight goes on
            self.end_game(R_BURNT)
            return
        self.check_vengeful()
        if self.result == R_PLAYING and self.living() == 0:
            self.end_game(R_VENGEFUL)

    def check_vengeful(self):
        if self.thing != NOBODY and not self.alive[self.thing] and \
                (self.count_role(HUMAN) == 0 or self.count_role(INFECTED_ROLE) == 0):
            self.end_game(R_VENGEFUL)

    def total_infection(self, p):
        """p holds only cards they may not give: they show the hand and are eliminated."""
        self.show_hand(p, MASK_ALL, SH_TOTAL)
        self.event(E_TOTAL, p, NOBODY, NO_CARD, MASK_ALL)
        self.eliminate(p, NOBODY)

    def check_found(self, p, c, mask):
        """A Flamethrower shown from The Thing's hand to another player outside its turn."""
        if c == FLAMETHROWER and p == self.thing and self.active != p and (mask & ~(1 << p)) and \
                self.result == R_PLAYING:
            self.event(E_FOUND, p, NOBODY, FLAMETHROWER, MASK_ALL)
            self.end_game(R_FOUND)

    # ----- the end ------------------------------------------------------------------------------

    def declare(self):
        """The Thing declares that no Humans remain."""
        self.event(E_DECLARE, self.actor, NOBODY, NO_CARD, MASK_ALL)
        if self.count_role(HUMAN) > 0:
            self.end_game(R_FALSE)
        elif not self.ever_eliminated_human:
            self.end_game(R_THING_ALONE)
        else:
            self.end_game(R_DECLARED)

    def end_game(self, result):
        """The game is over: everyone reveals their role; the returns by the rulebook's ends."""
        self.result = result
        self.phase = PH_OVER
        self.actor = NOBODY
        self.offer_card_back()
        for p in range(self.players):
            r = self.role[p]
            win = 0
            if self.alive[p]:
                if result == R_BURNT or result == R_FALSE or result == R_FOUND:
                    win = r == HUMAN
                elif result == R_DECLARED:
                    win = r == THE_THING or (r == INFECTED_ROLE and p != self.last_infected)
                elif result == R_THING_ALONE:
                    win = r == THE_THING
                elif result == R_VENGEFUL:
                    win = 1
            self.returns_[p] = 1 if win else 0
        self.event(E_END, NOBODY, result, NO_CARD, MASK_ALL)
        for p in range(self.players):
            self.event(E_ROLE, p, self.role[p], NO_CARD, MASK_ALL)

    def offer_card_back(self):
        """A card in transit (offered, passed, drawn for Resolute) goes back to a hand at the end, so
        every card stays somewhere."""
        if self.offer_card != NO_CARD:
            self.hand_add(self.ctx_a, self.offer_card)
            self.offer_card = NO_CARD

    def cut(self):
        """The kernel's limit: no room left in the log. Nobody wins."""
        self.end_game(R_CUT)
        for p in range(self.players):
            self.returns_[p] = 0
