"""The Stay Away! cards played in turn step 2: actions and obstacles, their targets and effects, and
the two defences against a played card (No barbecue!, I'm comfortable).

Targets (the rulebook's card texts; "adjacent" means next to the player with no Locked door between):
  Flamethrower, Analysis, Suspicious: an adjacent player;   Whisky, Resolute, Watch your back: oneself;
  Axe: a Quarantine on oneself or an adjacent player, or a Locked door next to either;
  Swap places!: an adjacent player not in Quarantine;   You'd better run!: any player not in Quarantine,
  Locked doors ignored;   Seduction: any player not in Quarantine (not across a Locked door);
  Quarantine: an adjacent player not in Quarantine;   Locked door: a gap next to oneself with no door.
A player in Quarantine cannot play the Flamethrower or the two swap cards. With the advanced option
"neighbour_only", Seduction and You'd better run! (and the Panic! cards Get out of here! and Can't we be
friends?) reach only the two neighbours, unless Quarantine or Locked doors bar both of them.

Effects: the Flamethrower's target may answer with No barbecue!, else is eliminated (the hand discarded
unseen); a swap's target may answer with I'm comfortable (the swap is cancelled and the turn goes on to
its exchange), else the two change seats, the player exchanges from the new seat and the one swapped
with plays next. Quarantine lasts the target's next two turns (three, and no exchanges, with the house
rule). Played cards are discarded face up; obstacles stay on the table until removed.
"""

from ... import prng
from .defs import (NOBODY, NO_CARD, MASK_ALL, HAND_MAX, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY, RESOLUTE,
                   WATCH_BACK, SWAP_PLACES, BETTER_RUN, SEDUCTION, QUARANTINE, LOCKED_DOOR, A_PLAY, GAP, SELF,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, X_SEDUCTION, QUARANTINE_TURNS,
                   HOUSE_QUARANTINE_TURNS, E_PLAY, E_DEFEND, E_DIRECTION, E_QUARANTINE, E_QUARANTINE_END,
                   E_DOOR, E_DOOR_END, E_DRAW, E_KEEP, E_DISCARD, SH_ANALYSIS, SH_SUSPICIOUS, SH_WHISKY, DR_RESOLUTE,
                   DR_REPLACE, DR_CARD, THING, R_PLAYING)


class Cards:
    """Action and obstacle cards (a mixin of the State)."""

    # ----- targets -------------------------------------------------------------------------------

    def may_swap_with(self, p, q):
        return q != p and self.alive[q] and not self.quar[q] and not self.quar[p]

    def far_target_ok(self, p, q, swap):
        """A target a card may reach anywhere (Seduction, You'd better run!, Get out of here!, Can't we
        be friends?): alive, not p, not in Quarantine; across a door only for You'd better run! (swap 2)."""
        if q == p or not self.alive[q] or self.quar[q]:
            return False
        if swap != 2 and self.door_bars(p, q):
            return False
        if self.options.neighbour_only and self.neighbour_open(p):
            return self.neighbour_reach(p, q)
        return True

    def neighbour_open(self, p):
        """The neighbour-only variant: at least one neighbour is free of Quarantine and Locked doors."""
        return self.neighbour_reach(p, self.neighbour(p, 0)) or self.neighbour_reach(p, self.neighbour(p, 1))

    def neighbour_reach(self, p, q):
        if q == p or self.quar[q]:
            return False
        for d in range(2):
            if self.neighbour(p, d) == q and not self.blocked(p, d):
                return True
        return False

    def axe_gaps(self, p):
        """Bits of the gaps whose Locked door an Axe played by p may remove."""
        bits = 0
        for d in range(2):
            bits |= self.path_doors(p, d)
            q = self.neighbour(p, d)
            if q != p and self.adjacent_open(p, q):
                bits |= self.path_doors(q, 0) | self.path_doors(q, 1)
        return bits

    def path_doors(self, p, d):
        """Bits of the gaps with a door between p and their neighbour in direction d."""
        s = self.seat_of[p]
        t = self.seat_of[self.neighbour(p, d)]
        n = self.players
        bits = 0
        for _ in range(n):
            gap = s if d == 0 else (s + n - 1) % n
            if self.door[gap]:
                bits |= 1 << gap
            s = self.step_seat(s, d)
            if s == t:
                break
        return bits

    def play_targets(self, p, t, buf, n):
        """Append the A_PLAY actions of card t for player p to buf from n; return the new count."""
        base = A_PLAY + t * 32
        if t == FLAMETHROWER or t == ANALYSIS or t == SUSPICIOUS or t == QUARANTINE or t == SWAP_PLACES:
            if self.quar[p] and (t == FLAMETHROWER or t == SWAP_PLACES):
                return n
            for q in range(self.players):
                if self.alive[q] and self.adjacent_open(p, q):
                    if (t == QUARANTINE or t == SWAP_PLACES) and self.quar[q]:
                        continue
                    buf[n] = base + q
                    n += 1
        elif t == WHISKY or t == RESOLUTE or t == WATCH_BACK:
            buf[n] = base + SELF
            n += 1
        elif t == BETTER_RUN or t == SEDUCTION:
            if self.quar[p] and (t == BETTER_RUN or self.options.house_quarantine):
                return n
            for q in range(self.players):
                if self.far_target_ok(p, q, 2 if t == BETTER_RUN else 0):
                    buf[n] = base + q
                    n += 1
        elif t == AXE:
            for q in range(self.players):
                if self.quar[q] and self.alive[q] and (q == p or self.adjacent_open(p, q)):
                    buf[n] = base + q
                    n += 1
            bits = self.axe_gaps(p)
            for g in range(self.players):
                if bits & (1 << g):
                    buf[n] = base + GAP + g
                    n += 1
        elif t == LOCKED_DOOR:
            s = self.seat_of[p]
            for d in range(2):
                q = self.neighbour(p, d)
                if q == p or self.blocked(p, d):
                    continue
                g = s if d == 0 else (s + self.players - 1) % self.players
                buf[n] = base + GAP + g
                n += 1
        return n

    # ----- effects -------------------------------------------------------------------------------

    def play(self, t, target):
        p = self.active
        self.hand_remove(p, t)
        self.parted(p, t)
        self.event(E_PLAY, p, target, t, MASK_ALL)
        if t != QUARANTINE and t != LOCKED_DOOR:
            self.discard(t, True)
        if t == FLAMETHROWER or t == SWAP_PLACES or t == BETTER_RUN:
            self.ctx_a = p
            self.ctx_b = target
            self.ctx_card = t
            self.phase = PH_DEFEND_FLAME if t == FLAMETHROWER else PH_DEFEND_SWAP
            self.actor = target
            return
        if t == ANALYSIS:
            self.show_hand(target, 1 << p, SH_ANALYSIS)
        elif t == SUSPICIOUS:
            k = self.hand_n[target]
            if k:
                i = prng.die(self.prng, k)
                self.show(target, self.hand[target * HAND_MAX + i], 1 << p, SH_SUSPICIOUS)
        elif t == WHISKY:
            self.show_hand(p, MASK_ALL, SH_WHISKY)
        elif t == WATCH_BACK:
            self.direction ^= 1
            self.event(E_DIRECTION, p, self.direction, NO_CARD, MASK_ALL)
        elif t == AXE:
            if target < GAP:
                self.quar[target] = 0
                self.discard(QUARANTINE, True)
                self.event(E_QUARANTINE_END, p, target, QUARANTINE, MASK_ALL)
            else:
                self.door[target - GAP] = 0
                self.discard(LOCKED_DOOR, True)
                self.event(E_DOOR_END, p, target - GAP, LOCKED_DOOR, MASK_ALL)
        elif t == QUARANTINE:
            self.quar[target] = HOUSE_QUARANTINE_TURNS if self.options.house_quarantine else QUARANTINE_TURNS
            self.event(E_QUARANTINE, p, target, QUARANTINE, MASK_ALL)
        elif t == LOCKED_DOOR:
            self.door[target - GAP] = 1
            self.event(E_DOOR, p, target - GAP, LOCKED_DOOR, MASK_ALL)
        elif t == SEDUCTION:
            self.begin_offer(p, target, X_SEDUCTION)
            return
        elif t == RESOLUTE:
            self.res_n = 0
            for _ in range(3):
                c = self.draw_stay_away(p)
                if c == NO_CARD:
                    break
                self.res[self.res_n] = c
                self.res_n += 1
                self.event(E_DRAW, p, DR_RESOLUTE, c, self.mask_of(p))
            if self.res_n:
                self.phase = PH_RESOLUTE
                self.actor = p
                return
            self.begin_play()
            return
        if self.result == R_PLAYING:
            self.begin_exchange()

    def keep(self, t):
        """Resolute: keep t, discard the other two face down, then play or discard again."""
        p = self.active
        kept = 0
        for i in range(self.res_n):
            c = self.res[i]
            if c == t and not kept:
                kept = 1
                self.hand_add(p, c)
                self.event(E_KEEP, p, NOBODY, c, self.mask_of(p))
                self.check_thing_drawn(p, c)
            else:
                self.discard(c, self.quar[p] != 0)
                self.event(E_DISCARD, p, DR_CARD, c, self.mask_of(p))
        self.res_n = 0
        self.begin_play()

    def defend_play(self, t):
        """The target of a Flamethrower or a swap plays No barbecue! / I'm comfortable."""
        b = self.ctx_b
        self.hand_remove(b, t)
        self.discard(t, True)
        self.event(E_DEFEND, b, self.ctx_a, t, MASK_ALL)
        self.draw_into(b, DR_REPLACE)
        self.begin_exchange()

    def accept_play(self):
        """No defence: the Flamethrower eliminates, the swap is made."""
        a = self.ctx_a
        b = self.ctx_b
        if self.ctx_card == FLAMETHROWER:
            self.eliminate(b, a)
        else:
            self.swap_seats(a, b)
            self.partner = b
        self.begin_exchange()
