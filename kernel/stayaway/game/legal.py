"""The legal actions of each phase, written into a caller's buffer in a fixed order (by action kind,
then card type, then target), and the dispatcher that applies one.

The list depends only on what the deciding player knows: their hand, their role (an Infected knows
The Thing: it infected them), the table, and the pending decision. The Thing may declare at any of its
decisions, so nobody learns anything from when it is asked. A target with no defence card is still
asked (accepting is its one action), so a pause never tells who holds one.
"""

from .defs import (NTYPES, CARD_KIND, K_ACTION, K_OBSTACLE, NOBODY, THING, THE_THING, NO_BARBECUE, COMFORTABLE,
                   NO_THANKS, SCARY, MISSED, ACT_KIND, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND,
                   A_ACCEPT, A_KEEP, A_DECLARE, A_REVEAL, A_TARGET, A_FORGET, A_PASS, A_BLIND, PH_PLAY,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, PH_OFFER, PH_ANSWER, PH_REVELATIONS,
                   PH_TARGET, PH_FORGET, PH_ROUND, PH_BLIND, R_PLAYING, DR_CARD, MAX_ACTIONS)
from ...surface import in_legal_actions, check_buffer


class Legal:
    """legal_actions, is_legal and the step dispatcher (a mixin of the State)."""

    def legal_actions(self, buf):
        """Write the legal actions into buf (at least MAX_ACTIONS long); return their count."""
        check_buffer(buf, MAX_ACTIONS)
        if self.result != R_PLAYING:
            return 0
        ph = self.phase
        p = self.actor
        n = 0
        tc = self.tally(p)
        if ph == PH_PLAY:
            for t in range(NTYPES):
                if not tc[t]:
                    continue
                if self.may_part(p, t, NOBODY):
                    buf[n] = A_DISCARD + t
                    n += 1
                k = CARD_KIND[t]
                if k == K_ACTION or k == K_OBSTACLE:
                    n = self.play_targets(p, t, buf, n)
        elif ph == PH_DEFEND_FLAME or ph == PH_DEFEND_SWAP:
            buf[0] = A_ACCEPT
            n = 1
            d = NO_BARBECUE if ph == PH_DEFEND_FLAME else COMFORTABLE
            if tc[d]:
                buf[1] = A_DEFEND + d
                n = 2
        elif ph == PH_RESOLUTE:
            thing = False
            for i in range(self.res_n):
                if self.res[i] == THING:
                    thing = True
            for t in range(NTYPES):
                for i in range(self.res_n):
                    if self.res[i] == t and (t == THING or not thing):
                        buf[n] = A_KEEP + t
                        n += 1
                        break
        elif ph == PH_OFFER or ph == PH_ANSWER or ph == PH_ROUND:
            if ph == PH_OFFER:
                to = self.ctx_b
                base = A_OFFER
            elif ph == PH_ANSWER:
                to = self.ctx_a
                base = A_ANSWER
            else:
                to = self.next_player(p)
                base = A_PASS
            for t in range(NTYPES):
                if tc[t] and self.may_give(p, t, to):
                    buf[n] = base + t
                    n += 1
            if ph == PH_ANSWER:
                for t in range(SCARY, MISSED + 1):       # Scary, No thanks!, Missed!
                    if t != COMFORTABLE and tc[t]:
                        buf[n] = A_DEFEND + t
                        n += 1
        elif ph == PH_REVELATIONS:
            buf[0] = A_REVEAL
            buf[1] = A_REVEAL + 1
            n = 2
        elif ph == PH_TARGET:
            n = self.panic_targets(self.active, self.ctx_card, buf, 0)
        elif ph == PH_FORGET or ph == PH_BLIND:
            base = A_FORGET if ph == PH_FORGET else A_BLIND
            for t in range(NTYPES):
                if tc[t] and self.may_part(p, t, NOBODY):
                    buf[n] = base + t
                    n += 1
        if self.role[p] == THE_THING and self.alive[p]:
            buf[n] = A_DECLARE
            n += 1
        return n

    def is_legal(self, action):
        # the checks of kernel/checks.py written out: on the handheld every module imported costs
        # heap this mode does not have (its Pico test runs at the edge)
        return isinstance(action, int) and not isinstance(action, bool) and 0 <= action <= 0x3FFFFFFF \
            and in_legal_actions(self, self.buf, action)

    def step(self, action):
        """Apply a legal action (the caller checked it)."""
        kind = action - action % ACT_KIND
        arg = action % ACT_KIND
        if kind == A_DISCARD:
            self.discard_from(self.active, arg, DR_CARD)
            self.begin_exchange()
        elif kind == A_PLAY:
            self.play(arg >> 5, arg & 31)
        elif kind == A_OFFER:
            self.offer(arg)
        elif kind == A_ANSWER:
            self.answer(arg)
        elif kind == A_DEFEND:
            if self.phase == PH_ANSWER:
                self.defend_exchange(arg)
            else:
                self.defend_play(arg)
        elif kind == A_ACCEPT:
            self.accept_play()
        elif kind == A_KEEP:
            self.keep(arg)
        elif kind == A_DECLARE:
            self.declare()
        elif kind == A_REVEAL:
            self.reveal(arg)
        elif kind == A_TARGET:
            self.panic_target(arg)
        elif kind == A_FORGET:
            self.forget(arg)
        elif kind == A_PASS:
            self.pass_card(arg)
        elif kind == A_BLIND:
            self.blind(arg)
