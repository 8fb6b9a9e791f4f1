"""Exchanges: the offer face down, the answer, the defence cards against an exchange, Missed!, and
infection.

An exchange (turn step 3, Seduction, Can't we be friends?) is two decisions: the offerer chooses the
card they offer (it lies face down between the two: `offer_card`), then the receiver, who has not seen
it, answers with a card of their own or refuses with No thanks!, Scary (and sees the refused card) or
Missed! (the next player after them exchanges instead; an Infected! received that way does not
infect). A defence card is discarded face up and its player draws a replacement at once. Cards a
player may not give (defs/core.may_give) are never offered or answered with; a player left with none
(only Infected! cards) shows the hand and is eliminated: total infection.

Both cards become known to both players when the exchange is made; when either player is in
Quarantine, both are shown to everyone. Only The Thing infects: a Human who receives an Infected! from
The Thing (offered or answered) becomes Infected.
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, INFECTED, HUMAN, THE_THING, SCARY, MISSED, PH_OFFER, PH_ANSWER,
                   R_PLAYING, X_FRIENDS, E_OFFER, E_GIVE, E_DEFEND, E_SHOW, E_NO_EXCHANGE, SH_SCARY, DR_REPLACE)


class Exchange:
    """Offers and answers (a mixin of the State)."""

    def begin_offer(self, a, b, kind):
        self.ctx_kind = kind
        self.ctx_a = a
        self.ctx_b = b
        self.ctx_flag = 0
        if not self.can_give_any(a, b):
            self.total_infection(a)
            self.after_exchange()
            return
        self.phase = PH_OFFER
        self.actor = a

    def offer(self, t):
        a = self.ctx_a
        b = self.ctx_b
        self.hand_remove(a, t)
        self.offer_card = t
        self.event(E_OFFER, a, b, t, MASK_ALL if (self.quar[a] or self.quar[b]) else (1 << a))
        self.begin_answer(b)

    def begin_answer(self, b):
        self.ctx_b = b
        if not self.can_give_any(b, self.ctx_a):
            self.total_infection(b)
            self.return_offer()
            self.after_exchange()
            return
        self.phase = PH_ANSWER
        self.actor = b

    def answer(self, t):
        a = self.ctx_a
        b = self.ctx_b
        c = self.offer_card
        self.offer_card = NO_CARD
        self.hand_remove(b, t)
        self.parted(a, c)
        self.parted(b, t)
        self.hand_add(b, c)
        self.hand_add(a, t)
        mask = MASK_ALL if (self.quar[a] or self.quar[b]) else ((1 << a) | (1 << b))
        self.event(E_GIVE, a, b, c, mask)
        self.event(E_GIVE, b, a, t, mask)
        role = self.role
        if c == INFECTED and role[a] == THE_THING and role[b] == HUMAN and not self.ctx_flag:
            self.infect(b)
        if t == INFECTED and role[b] == THE_THING and role[a] == HUMAN:
            self.infect(a)
        self.after_exchange()

    def defend_exchange(self, t):
        a = self.ctx_a
        b = self.ctx_b
        self.hand_remove(b, t)
        self.discard(t, True)
        self.event(E_DEFEND, b, a, t, MASK_ALL)
        if t == SCARY:
            self.event(E_SHOW, a, SH_SCARY, self.offer_card, (1 << b) | (1 << a))
        self.draw_into(b, DR_REPLACE)
        if t == MISSED:
            c = self.next_player(b)
            blocked = self.blocked(b, self.direction) or \
                (self.options.house_quarantine and self.quar[c] != 0)
            if c == a or c == b or blocked:
                self.event(E_NO_EXCHANGE, a, c, NO_CARD, MASK_ALL)
            else:
                self.ctx_flag = 1
                self.event(E_OFFER, a, c, self.offer_card,
                           MASK_ALL if (self.quar[a] or self.quar[c]) else (1 << a))
                self.begin_answer(c)
                return
        self.return_offer()
        self.after_exchange()

    def return_offer(self):
        if self.offer_card != NO_CARD:
            self.hand_add(self.ctx_a, self.offer_card)
            self.offer_card = NO_CARD

    def after_exchange(self):
        if self.result != R_PLAYING:
            return
        if self.ctx_kind == X_FRIENDS:
            self.ctx_kind = 0
            self.begin_exchange()
        else:
            self.end_turn()
