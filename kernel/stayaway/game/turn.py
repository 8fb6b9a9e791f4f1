"""The three-step turn, the end of a turn, who plays next, eliminations and the ends of the game.

A turn: (1) draw; a Panic! card is played at once (panic.py), a Stay Away! card goes to the hand and
(2) the player discards or plays a card (cards.py); (3) they offer a card to the next player in the
current direction, who answers (exchange.py); no exchange when a Locked door lies between them (or,
with the house rule, when either is in Quarantine). The next turn is the next player's from the
active player's seat, or, after a seat swap, the player swapped with (the rulebook's seat-swap rule).

The ends (the rulebook's "A játék vége", with both special cases):
  - The Thing eliminated: the Humans in play win (vengeful mode: play on while Humans and Infected
    both remain, then the survivors win);
  - no Human is left (The Thing in play): the game ends at once, as the rulebook's end B; The Thing
    and the Infected in play win, except the player whose infection removed the last Human (still
    counted a Human: they lose); if The Thing infected everyone and no Human was eliminated, The Thing
    alone wins. The Thing may still declare while Humans remain: a false declaration, the Humans in
    play win (the rulebook's special case 2);
  - a Flamethrower The Thing has kept, found in its hand outside its own turn by a Human who knows the
    hand is The Thing's (check_found): the Humans in play win.
No kernel limit ends a game: the event log is a ring (core.py), the action log grows as needed.
Eliminated players always lose.
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, CARD_KIND, K_PANIC, HUMAN, INFECTED_ROLE, THE_THING, HAND_MAX,
                   QUARANTINE, FLAMETHROWER, PH_PLAY, PH_OFFER, PH_OVER, R_PLAYING, R_BURNT, R_DECLARED,
                   R_THING_ALONE, R_FALSE, R_FOUND, R_VENGEFUL, E_TURN, E_PANIC, E_NO_EXCHANGE,
                   E_QUARANTINE_END, E_ELIMINATED, E_TOTAL, E_INFECT, E_DECLARE, E_END, E_ROLE, E_FOUND,
                   E_SWAP, DR_TURN, SH_TOTAL, X_TURN)


class Turn:
    """Turn flow and the ends (a mixin of the State)."""

    def start_turn(self, p):
        self.active = p
        self.partner = NOBODY
        self.turn += 1
        self.event(E_TURN, p, self.turn & 255, NO_CARD, MASK_ALL)
        self.turn_flames(p)
        c = self.draw_top()
        if c != NO_CARD and CARD_KIND[c] == K_PANIC:
            self.event(E_PANIC, p, NOBODY, c, MASK_ALL)
            self.discard(c, True)
            self.play_panic(c)
            return
        self.take_card(p, c, DR_TURN)
        self.turn_flames(p)            # a Flamethrower drawn now is one this turn can get rid of too
        self.begin_play()

    def turn_flames(self, p):
        """The Thing's turn begins: every Flamethrower it holds is one it has this turn to discard,
        play or pass; from now on, found in its hand outside its turn, it loses (check_found)."""
        if p == self.thing:
            self.flame_old = self.count_in_hand(p, FLAMETHROWER)

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
            self.no_human_left()

    def no_human_left(self):
        """The rulebook's end B, "Nem marad Ember a játékban": the game ends at once when no Human is
        left while The Thing is in play (its declaration only says so)."""
        if self.result == R_PLAYING and self.thing != NOBODY and self.alive[self.thing]:
            self.end_game(R_DECLARED if self.ever_eliminated_human else R_THING_ALONE)

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
                self.no_human_left()
                if self.result != R_PLAYING:
                    return
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
        """The rulebook: "Ha a többi játékos rájön, hogy a Lángszóró a Dolog kezében van (nem a saját
        körében), azonnal elveszti a játékot az összes Fertőzött játékossal együtt" (if the other
        players find out that the Flamethrower is in The Thing's hand, not in its own turn, it loses at
        once with every Infected). So a Flamethrower shown from The Thing's hand outside its turn ends
        the game only when a Human it is shown to learns that the hand is The Thing's (The Thing card
        shown with it, or seen in that hand before: thing_known), and only a Flamethrower The Thing has
        kept: held since the start of one of its turns (flame_old), not one dealt at setup or received
        since, which it has had no turn to discard, play or pass."""
        if c != FLAMETHROWER or p != self.thing or self.active == p or not self.flame_old or \
                self.result != R_PLAYING:
            return
        learnt = mask & self.thing_known & ~(1 << p)
        for q in range(self.players):
            if learnt & (1 << q) and self.alive[q] and self.role[q] == HUMAN:
                self.event(E_FOUND, p, NOBODY, FLAMETHROWER, MASK_ALL)
                self.end_game(R_FOUND)
                return

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
