"""Investigator phase, part 4 (and the mythos' counter-attacks): combat, closing gates, knock-outs.

An attack is D6 + a bonus against the monster's strength (printed N+D6: N and a roll at each attack,
CH_FOE; a bound monster adds its N). The bonus is chosen as a loadout
(ST_LOADOUT, K_LOADOUT + mask over the possession slots, bit 7 the bound monster): weapons in hand
need at most two hands; Fight and physical weapons do not count against a monster immune to physical
attacks, magical items and spells not against one immune to magic; a spell's sanity cost is paid
when it is used (never the investigator's last sanity); a bound monster adds its strength and goes
back to the pool. A miss: the monster strikes back for D6 strength.

Closing a gate (after the trip, or with the Dragon's Eye) is D6 + Fight + every physical and
magical bonus (and a bound monster) against its difficulty, once a round; sealing it with an Elder
Sign costs 2 sanity ("having gone through the gate and returned, spend 2 sanity and put an Elder Sign
in place of the gate"; house rule elder_sign_card: an Elder Sign card too); the Blue Watcher
closes it outright and goes back into the item deck. A closed (or sealed) gate takes its guardians as
trophies, is a trophy itself (gate_keep: its card stays out of the gate deck; gates_closed counts the
closings for the Honoured Citizen), and every monster of its world's colour leaves the board.

A card whose bonus counts against one class of monster (items.tsv 'against') adds nothing against
the others; a monster immune to a card (monsters.tsv 'immune' names it) ignores that card's bonus.
When a mythos monster attacks, the investigator may instead cast Bind Monster on it ("Bind Monster
can make one monster attack another": it is bound, its strength added to a later attack). A
Nightgaunt (special 'carry') that hits does not wound: it carries the investigator along the streets
to the nearest open gate (the first listed among equally near ones) and through it, nothing
happening in the places passed; area 2 of that world and its event follow at once (in the mythos
phase too, then the mythos goes on). With no gate open it strikes for D6 as any monster.

Knock-outs: no sanity left - the Asylum (with the board's sanity_after_madness: 1 unless it says
more), discarding a spell of the player's choice; no strength - the Hospital (strength_after_knockout,
likewise), losing an item of the player's choice; either in an Other World - lost in time and space.
Allocates nothing.
"""

from .board import (NONE, DECK_ITEM, DECK_SPELL, ATTACK_PHYSICAL, ATTACK_MAGICAL, IMMUNE_PHYSICAL, IMMUNE_MAGICAL,
                    SPECIAL_HOUND, SPECIAL_CARRY, SPECIAL_WEAPONS_ONE, SPECIAL_STEALS, SP_DRAGONS_EYE, SP_BLUE_WATCHER,
                    SP_ELDER_SIGN, SKILL_FIGHT)
from .defs import (ST_LOADOUT, ST_CLOSE, ST_DISCARD, CH_ATTACK, CH_DAMAGE, K_LOADOUT, K_BIND, K_BANISH,
                   K_CLOSE, K_SEAL, K_WATCHER, K_END, K_DISCARD, K_ORIENT, AT_WORLD, AT_POOL, AT_TROPHY,
                   AT_BOUND, MAX_POSS, BOUND_BIT, PU_COUNTER, PU_CLOSE, EV_CARRIED,
                   HR_ELDER_SIGN_CARD, EV_ATTACK, EV_TROPHY, EV_HIT, EV_HOUND_LEAVES, EV_ASYLUM, EV_HOSPITAL,
                   EV_DISCARD, EV_CLOSE_TRY, EV_CLOSED, EV_TO_POOL, EV_SPEND, EV_WATCHER, EV_ORIENT, EV_FOE_STRENGTH)

from .state import F_FOUGHT

# what a discard is for (discard_spell) and what follows it (discard_then)
DISCARD_ITEM = 0
DISCARD_SPELL = 1
DISCARD_CARD = 2
THEN_KNOCKOUT = 0
THEN_FIGHT = 1
THEN_EFFECTS = 2

SEAL_SANITY = 2


class Combat:

    # ----- the loadout ------------------------------------------------------------------------------------

    def fighter(self):
        """The seat attacking now (the active one, or the one a mythos monster attacks)."""
        return self.check_seat if self.purpose == PU_COUNTER else self.seat

    def bound_monster(self, seat):
        for m in range(self.board.nmonsters):
            if self.m_at[m] == AT_BOUND and self.m_owner[m] == seat:
                return m
        return NONE

    def loadout_ok(self, seat, mask):
        """mask uses only combat cards the seat holds, at most two hands, and leaves it sanity."""
        b = self.board
        hands = 0
        cost = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if mask & (1 << k):
                c = self.poss[base + k]
                if c == NONE:
                    return False
                kind = b.card_kind[c]
                if b.i_bonus[kind] == 0:
                    return False
                hands += b.i_hands[kind]
                cost += b.i_cost[kind]
        if mask & BOUND_BIT and self.bound_monster(seat) == NONE:
            return False
        return hands <= 2 and cost < self.san[seat]

    def legal_loadout(self, buf):
        seat = self.fighter()
        b = self.board
        usable = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and b.i_bonus[b.card_kind[c]]:
                usable |= 1 << k
        if self.bound_monster(seat) != NONE:
            usable |= BOUND_BIT
        n = 0
        for mask in range(256):
            if mask & ~usable == 0 and self.loadout_ok(seat, mask):
                buf[n] = K_LOADOUT + mask
                n += 1
        if self.purpose == PU_COUNTER and self.bind_slot(seat) >= 0:
            buf[n] = K_BIND + self.target              # turn the attacker against another monster
            n += 1
        if self.purpose == PU_COUNTER and self.banish_slot(seat) >= 0:
            buf[n] = K_BANISH + self.target            # or banish it, for D6 strength
            n += 1
        return n

    def card_counts(self, kind, mk, gate):
        """Card kind `kind` adds its bonus against monster kind mk (gate: against a gate)."""
        return self.card_bonus(kind, mk, gate) > 0

    def card_bonus(self, kind, mk, gate):
        """What card kind `kind` adds against monster kind mk (gate: against a gate): its bonus, 0
        where an immunity or a class stops it, at most 1 for an item against a monster whose
        special is weapons_one_point; in full against one 'vulnerable' to it."""
        b = self.board
        bonus = b.i_bonus[kind]
        if gate:
            return bonus if b.i_against[kind] == NONE else 0
        if b.vulnerable_to_card(mk, kind):
            return bonus
        immune = b.k_immune[mk]
        a = b.i_attack[kind]
        if a == ATTACK_PHYSICAL and immune & IMMUNE_PHYSICAL or a == ATTACK_MAGICAL and immune & IMMUNE_MAGICAL:
            return 0
        if b.i_against[kind] != NONE and b.i_against[kind] != b.k_class[mk]:
            return 0
        if b.immune_to_card(mk, kind):
            return 0
        if bonus > 1 and b.k_special[mk] & SPECIAL_WEAPONS_ONE and b.i_deck[kind] == DECK_ITEM:
            return 1
        return bonus

    def loadout_bonus(self, seat, mask, mk, gate):
        """The bonus of a loadout against monster kind mk (its immunities and class), or against a
        gate (gate: every bonus counts but a class weapon's)."""
        b = self.board
        total = 0
        if gate or not b.k_immune[mk] & IMMUNE_PHYSICAL:
            total = self.skill_of(seat, SKILL_FIGHT)
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if mask & (1 << k):
                total += self.card_bonus(b.card_kind[self.poss[base + k]], mk, gate)
        if mask & BOUND_BIT:
            total += b.k_strength[b.mon_kind[self.bound_monster(seat)]]
        return total

    def apply_loadout(self, kind, mask):
        seat = self.fighter()
        b = self.board
        if kind == K_BIND:
            if not self.bind(seat, mask, 1):
                self.mythos_after_target()
            return
        if kind == K_BANISH:
            self.banish(seat, mask, 1)
            return
        gate = self.purpose == PU_CLOSE
        self.bonus = self.loadout_bonus(seat, mask, 0 if gate else b.mon_kind[self.target], gate)
        self.mask = mask
        cost = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if mask & (1 << k):
                cost += b.i_cost[b.card_kind[self.poss[base + k]]]
        if cost:
            self.san[seat] -= cost
            self.event(EV_SPEND, seat, cost, self.san[seat])
        if mask & BOUND_BIT:
            m = self.bound_monster(seat)
            self.m_at[m] = AT_POOL
            self.event(EV_TO_POOL, m, 1, 0)
        self.cast_mask = 0
        for k in range(MAX_POSS):
            if mask & (1 << k) and b.i_cast[b.card_kind[self.poss[base + k]]] != NONE:
                self.cast_mask |= 1 << k             # a spell cast with a roll (cards.py)
        self.loadout_rolls()

    def on_foe_roll(self, v):
        """The monster's strength dice (CH_FOE): its strength for this attack."""
        self.foe_str = self.board.k_strength[self.board.mon_kind[self.target]] + v
        self.event(EV_FOE_STRENGTH, self.target, self.foe_str, 0)
        self.chance(CH_ATTACK)

    # ----- attacks -------------------------------------------------------------------------------------------

    def on_attack_roll(self, v):
        seat = self.fighter()
        m = self.target
        total = v + self.bonus
        self.event(EV_ATTACK, seat, m, total)
        if total >= self.foe_str:
            self.m_at[m] = AT_TROPHY
            self.m_owner[m] = seat
            self.m_flags[m] = 0
            self.event(EV_TROPHY, seat, m, 0)
            if self.purpose == PU_COUNTER:
                self.mythos_after_target()
            else:
                self.after_enc_change()
            return
        self.strike()

    def nearest_gate(self, seat):
        """The open gate nearest the seat's space by the streets (the first listed among the
        nearest), or NONE."""
        b = self.board
        ns = b.nspaces
        self.bfs(seat * ns, self.pos[seat])
        self.dist_dirty = 1
        best = NONE
        bd = 256
        for s in range(ns):
            if self.gate_at[s] != NONE and self.seat_dist[seat * ns + s] < bd:
                bd = self.seat_dist[seat * ns + s]
                best = s
        return best

    def carried(self, seat, m):
        """A Nightgaunt carries the investigator through the nearest gate (True), if one is open."""
        if self.pos[seat] == AT_WORLD:
            return False
        s = self.nearest_gate(seat)
        if s == NONE:
            return False
        self.event(EV_CARRIED, seat, m, s)
        self.m_flags[m] &= ~F_FOUGHT                 # not "fought" any more: the fight is over
        if self.seat != seat:
            self.seat = seat                         # the mythos: this investigator's interlude
        self.event_done = 1
        self.through_gate(seat, s)
        return True

    def strike(self):
        """The monster (target) strikes the fighter: a Nightgaunt carries it off through a gate
        when one is open, any other monster (or a Nightgaunt without a gate) rolls D6 strength."""
        b = self.board
        m = self.target
        if b.k_special[b.mon_kind[m]] & SPECIAL_CARRY and self.carried(self.fighter(), m):
            return
        self.chance(CH_DAMAGE)

    def on_damage_roll(self, v):
        seat = self.fighter()
        m = self.target
        b = self.board
        self.event(EV_HIT, seat, m, v)
        sp = b.k_special[b.mon_kind[m]]
        leaves = sp & (SPECIAL_HOUND | SPECIAL_STEALS)
        if leaves:
            # a Hound of Tindalos (or a Mi-Go, taking an item) goes back to the pool once it has hurt
            self.m_at[m] = AT_POOL
            self.m_flags[m] = 0
            self.event(EV_HOUND_LEAVES, m, 1 if sp & SPECIAL_STEALS else 0, 0)
        if v >= self.sta[seat]:
            self.m_spurned[m] |= 1 << seat          # knocked out: the monster loses interest too
        if self.change_strength(seat, -v):
            return
        if sp & SPECIAL_STEALS and self.ask_discard(seat, DISCARD_ITEM, THEN_FIGHT):
            return                                   # the player gives up the item it takes
        self.after_hit(leaves)

    def after_hit(self, left):
        """After a monster's strike the investigator survived (`left`: the monster went back to the
        pool): the mythos attack goes on, or ends; in part 4 the choice comes back."""
        if self.purpose == PU_COUNTER:
            if left:
                self.mythos_after_target()
            else:
                self.decide(ST_LOADOUT, self.fighter())       # the monster keeps attacking its target
        else:
            self.after_enc_change()

    # ----- part 4: the gate ---------------------------------------------------------------------------------

    def can_seal(self, seat, s):
        if self.close_at[seat] != s or self.san[seat] < SEAL_SANITY:
            return False
        return not self.house & HR_ELDER_SIGN_CARD or self.has_special(seat, SP_ELDER_SIGN) >= 0

    def part4(self):
        """After the monsters and the event: the gate here, if this investigator can close it."""
        seat = self.seat
        s = self.pos[seat]
        if s != AT_WORLD and self.gate_at[s] != NONE and self.board.is_loc[s]:
            if (self.close_at[seat] == s or self.has_special(seat, SP_DRAGONS_EYE) >= 0
                    or self.has_special(seat, SP_BLUE_WATCHER) >= 0):
                self.decide(ST_CLOSE, seat)
                return
        self.end_turn()

    def legal_close(self, buf):
        seat = self.seat
        s = self.pos[seat]
        n = 0
        if self.close_at[seat] == s or self.has_special(seat, SP_DRAGONS_EYE) >= 0:
            buf[n] = K_CLOSE
            n += 1
        if self.can_seal(seat, s):
            buf[n] = K_SEAL
            n += 1
        if self.has_special(seat, SP_BLUE_WATCHER) >= 0:
            buf[n] = K_WATCHER
            n += 1
        buf[n] = K_END
        return n + 1

    def apply_close(self, kind):
        seat = self.seat
        s = self.pos[seat]
        if kind == K_CLOSE:
            self.purpose = PU_CLOSE
            self.decide(ST_LOADOUT, seat)
        elif kind == K_SEAL:
            if self.house & HR_ELDER_SIGN_CARD:
                k = self.has_special(seat, SP_ELDER_SIGN)
                self.poss[seat * MAX_POSS + k] = NONE      # the sign stays on the board for good
            self.close_gate(seat, s, 1)
            if not self.change_sanity(seat, -SEAL_SANITY):
                self.end_turn()
        elif kind == K_WATCHER:
            k = self.has_special(seat, SP_BLUE_WATCHER)
            c = self.poss[seat * MAX_POSS + k]
            self.poss[seat * MAX_POSS + k] = NONE
            self.shuffle_back(c)
            self.event(EV_WATCHER, seat, 0, 0)
            self.close_gate(seat, s, 0)
            self.end_turn()
        else:
            self.end_turn()

    def on_close_roll(self, v):
        seat = self.seat
        s = self.pos[seat]
        total = v + self.bonus
        self.event(EV_CLOSE_TRY, seat, s, total)
        if total >= self.board.gate_diff[self.gate_at[s]]:
            self.close_gate(seat, s, 0)
        self.end_turn()

    def close_gate(self, seat, s, seal):
        b = self.board
        g = self.gate_at[s]
        w = b.gate_world[g]
        self.gate_at[s] = NONE
        self.gate_shown[g] = 0
        self.gate_keep[g] = seat                    # "add to your trophies every gate you closed"
        self.gates_closed[seat] += 1
        if seal:
            self.sealed[s] = 1
        self.event(EV_CLOSED, seat, s, seal)
        for m in range(b.nmonsters):
            at = self.m_at[m]
            if at == s:
                self.m_at[m] = AT_TROPHY            # the guardians are pulled in
                self.m_owner[m] = seat
                self.m_flags[m] = 0
                self.event(EV_TROPHY, seat, m, 1)
            elif at < b.nspaces and b.k_colour[b.mon_kind[m]] == w:
                self.m_at[m] = AT_POOL              # the world's colour leaves the board
                self.m_flags[m] = 0
                self.event(EV_TO_POOL, m, 0, 0)
        for t in range(self.players):
            if self.close_at[t] == s:
                self.close_at[t] = NONE

    # ----- knock-outs -----------------------------------------------------------------------------------------

    def insane(self, seat):
        if self.pos[seat] == AT_WORLD:
            self.lose_investigator(seat)
            return
        self.leave(seat)
        self.pos[seat] = self.board.asylum
        self.san[seat] = self.board.recovered(self.board.sanity_kept, self.maxsan[seat])
        self.event(EV_ASYLUM, seat, 0, 0)
        self.knocked_out(seat, 1)

    def unconscious(self, seat):
        if self.pos[seat] == AT_WORLD:
            self.lose_investigator(seat)
            return
        self.leave(seat)
        self.pos[seat] = self.board.hospital
        self.sta[seat] = self.board.recovered(self.board.strength_kept, self.maxsta[seat])
        self.event(EV_HOSPITAL, seat, 0, 0)
        self.knocked_out(seat, 0)

    def knocked_out(self, seat, spell):
        self.close_at[seat] = NONE
        self.dist_dirty = 1
        if not self.ask_discard(seat, DISCARD_SPELL if spell else DISCARD_ITEM, THEN_KNOCKOUT):
            self.after_knockout()

    # ----- giving up a card: the knock-outs', a Mi-Go's, an event's ----------------------------------------------

    def discardable(self, seat, c, which):
        """Card c may be given up for `which`: DISCARD_SPELL a spell, DISCARD_ITEM an item (of the item
        deck), DISCARD_CARD any card."""
        if c == NONE:
            return False
        if which == DISCARD_CARD:
            return True
        return self.board.i_deck[self.board.card_kind[c]] == (DECK_SPELL if which == DISCARD_SPELL else DECK_ITEM)

    def ask_discard(self, seat, which, then):
        """The seat gives up a card of its choice (ST_DISCARD), then `then` goes on: True when that
        decision is now pending, False when it holds no such card."""
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if self.discardable(seat, self.poss[base + k], which):
                self.discard_spell = which
                self.discard_then = then
                self.decide(ST_DISCARD, seat)
                return True
        return False

    def legal_discard(self, buf):
        seat = self.actor
        n = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if self.discardable(seat, self.poss[base + k], self.discard_spell):
                buf[n] = K_DISCARD + k
                n += 1
        return n

    def apply_discard(self, k):
        seat = self.actor
        c = self.poss[seat * MAX_POSS + k]
        self.poss[seat * MAX_POSS + k] = NONE
        self.return_card(c)
        then = self.discard_then
        self.event(EV_DISCARD, seat, self.board.card_kind[c], 1 if then == THEN_FIGHT else 0)
        self.discard_then = THEN_KNOCKOUT
        if then == THEN_FIGHT:
            self.after_hit(1)
        elif then == THEN_EFFECTS:
            self.actor = self.seat
            self.run_effects()
        else:
            self.after_knockout()

    # ----- a monster that survived a fight -------------------------------------------------------------------

    def legal_orient(self, buf):
        b = self.board
        s = self.m_at[self.orient_m]
        n = 0
        for i in range(b.nbr_count[s]):
            if not b.is_loc[b.neighbour(s, i)]:
                buf[n] = K_ORIENT + i
                n += 1
        return n

    def apply_orient(self, i):
        m = self.orient_m
        t = self.board.neighbour(self.m_at[m], i)
        self.m_head[m] = t
        self.event(EV_ORIENT, m, t, 0)
        self.orient_m = NONE
        self.after_orient()
