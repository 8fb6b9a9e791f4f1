"""Investigator phase, part 3: meeting monsters - sanity checks and stealth.

With monsters in its space (met on arriving, staying, or brought by an event) the investigator
fights one (part 4), sneaks past them all (one stealth roll, then one sanity check against the most
frightening), sneaks past a gate's guardians through the gate, faces the gate it may close (a sanity
check against each guardian, then part 4), closes it at once with the Blue Watcher (no check), or
binds one with Bind Monster. A sanity check is taken once per monster per round (m_checked), and in
one fight once per monster kind (fight_kinds).

A failed stealth roll "means a fight, with the sanity check before it" (the seed): the investigator
must attack one of the monsters there (must_fight; the sanity check against the one attacked comes
first, as before every attack); after that exchange the choice comes back. Sneaking past a gate's
guardians to step through it is the seed's own case: a failure costs D6 strength (after the sanity
check against the most frightening), and the investigator may try again; a success takes it
through the gate. House rule stealth_fail_strikes: every failed roll is that D6 strike, no fight.
Stealth never works against a Hound of Tindalos; on a street it needs a neighbouring space without
monsters to slip into; in an Other World a success sends the monster back to the pool. Allocates
nothing.
"""

from .board import NONE, SPECIAL_HOUND, SP_BIND, SP_DRAGONS_EYE, SP_BLUE_WATCHER, SKILL_STEALTH
from .cards import CAST_BIND_ENC, CAST_BIND_COUNTER
from .defs import (ST_ENC, ST_LOADOUT, ST_SNEAK_TO, CH_SANITY, CH_STEALTH, CH_LOSS, K_FIGHT, K_SNEAK, K_BANISH,
                   K_FACE, K_BIND, K_WATCHER, K_STEP, AT_WORLD, AT_OW, AT_POOL, AT_BOUND, MAX_POSS, PU_FIGHT,
                   PU_SNEAK_OK, PU_SNEAK_FAIL, PU_FACE, PU_COUNTER, HR_SANITY_CHECK_MAX, HR_STEALTH_FAIL_STRIKES,
                   EV_STEALTH, EV_SANCHECK,
                   EV_TO_POOL, EV_BIND, EV_SPEND, EV_MOVE)
from .state import F_EVADED, F_FOUGHT


class Meetings:

    def here(self, seat, m):
        """Monster m is in the seat's space (in Arkham, or with it in an Other World) and has not
        lost interest in its investigator (m_spurned: one it drove mad or knocked out)."""
        if self.m_spurned[m] & (1 << seat):
            return False
        at = self.m_at[m]
        if self.pos[seat] == AT_WORLD:
            return at == AT_OW and self.m_owner[m] == seat
        return at == self.pos[seat]

    def unevaded(self, seat):
        n = 0
        for m in range(self.board.nmonsters):
            if self.here(seat, m) and not self.m_flags[m] & F_EVADED:
                n += 1
        return n

    def most_frightening(self, seat):
        """The unevaded monster here with the highest sanity loss on a failure (then on a pass)."""
        b = self.board
        best = NONE
        score = -1
        for m in range(b.nmonsters):
            if self.here(seat, m) and not self.m_flags[m] & F_EVADED:
                k = b.mon_kind[m]
                sc = b.loss_mean2(k, 0) * 64 + b.loss_mean2(k, 1)
                if sc > score:
                    score = sc
                    best = m
        return best

    def need_check(self, seat, m, in_fight):
        if self.m_checked[m] & (1 << seat):
            return False
        return not (in_fight and self.fight_kinds[self.board.mon_kind[m]])

    def can_face(self, seat):
        s = self.pos[seat]
        if s == AT_WORLD or self.gate_at[s] == NONE:
            return False
        return (self.close_at[seat] == s or self.has_special(seat, SP_DRAGONS_EYE) >= 0
                or self.has_special(seat, SP_BLUE_WATCHER) >= 0)

    def sneak_space(self, seat, i):
        """Neighbour i of the seat's street may be slipped into (no monster there)."""
        return self.occ[self.board.neighbour(self.pos[seat], i)] == 0

    def can_sneak(self, seat):
        b = self.board
        for m in range(b.nmonsters):
            if self.here(seat, m) and not self.m_flags[m] & F_EVADED and b.k_special[b.mon_kind[m]] & SPECIAL_HOUND:
                return False
        s = self.pos[seat]
        if s == AT_WORLD or b.is_loc[s]:
            return True
        self.fill_occupancy()
        for i in range(b.nbr_count[s]):
            if self.sneak_space(seat, i):
                return True
        return False

    def can_sneak_to_gate(self, seat):
        """Sneaking past the guardians of the gate here, to step through it (a city location in
        Arkham with a gate; never past a Hound)."""
        s = self.pos[seat]
        return s != AT_WORLD and self.board.is_loc[s] and self.gate_at[s] != NONE and self.can_sneak(seat)

    def bind_slot(self, seat):
        """The possession slot of a Bind Monster spell that can be cast now, or -1."""
        k = self.has_special(seat, SP_BIND)
        if k < 0:
            return -1
        for m in range(self.board.nmonsters):
            if self.m_at[m] == AT_BOUND and self.m_owner[m] == seat:
                return -1
        cost = self.board.i_cost[self.board.card_kind[self.poss[seat * MAX_POSS + k]]]
        return k if self.san[seat] > cost else -1

    def legal_enc(self, buf):
        seat = self.seat
        b = self.board
        n = 0
        bind = self.bind_slot(seat) >= 0
        banish = self.banish_slot(seat) >= 0
        for m in range(b.nmonsters):
            if self.here(seat, m) and not self.m_flags[m] & F_EVADED:
                buf[n] = K_FIGHT + m
                n += 1
                if bind and not self.must_fight:
                    buf[n] = K_BIND + m
                    n += 1
                if banish and not self.must_fight:
                    buf[n] = K_BANISH + m
                    n += 1
        if self.must_fight:
            return n                       # a failed stealth roll: the fight begins
        if self.can_sneak(seat):
            buf[n] = K_SNEAK
            n += 1
            if self.can_sneak_to_gate(seat):
                buf[n] = K_SNEAK + 1       # past the guardians, through the gate
                n += 1
        if self.can_face(seat):
            buf[n] = K_FACE
            n += 1
            if self.has_special(seat, SP_BLUE_WATCHER) >= 0:
                buf[n] = K_WATCHER         # "closes it at once, avoiding every danger"
                n += 1
        return n

    def apply_enc(self, kind, arg):
        seat = self.seat
        self.must_fight = 0
        if kind == K_FIGHT:
            self.target = arg
            self.purpose = PU_FIGHT
            self.m_flags[arg] |= F_FOUGHT
            if self.need_check(seat, arg, True):
                self.check_m = arg
                self.check_seat = seat
                self.chance(CH_SANITY)
            else:
                self.decide(ST_LOADOUT, seat)
        elif kind == K_SNEAK:
            self.sneak_gate = arg
            self.chance(CH_STEALTH)
        elif kind == K_FACE:
            self.purpose = PU_FACE
            self.face_next()
        elif kind == K_WATCHER:
            self.apply_close(K_WATCHER)
        elif kind == K_BANISH:
            self.banish(seat, arg, 0)
        elif not self.bind(seat, arg, 0):
            self.after_enc_change()

    def bind(self, seat, m, counter):
        """Cast Bind Monster on monster m: its sanity cost, then m leaves the board, bound by seat; or
        first a casting roll (items.tsv `cast`, cards.py): True when that roll is now pending."""
        k = self.bind_slot(seat)
        kind = self.board.card_kind[self.poss[seat * MAX_POSS + k]]
        cost = self.board.i_cost[kind]
        if cost:
            self.san[seat] -= cost
            self.event(EV_SPEND, seat, cost, self.san[seat])
        if self.board.i_cast[kind] != NONE:
            self.casting(seat, CAST_BIND_COUNTER if counter else CAST_BIND_ENC, m)
            return True
        self.bound(seat, m)
        return False

    def bound(self, seat, m):
        self.m_at[m] = AT_BOUND
        self.m_owner[m] = seat
        self.m_flags[m] = 0
        self.event(EV_BIND, seat, m, 0)

    def face_next(self):
        """Facing the gate: a sanity check against each guardian not yet checked, then part 4."""
        seat = self.seat
        for m in range(self.board.nmonsters):
            if self.here(seat, m) and not self.m_flags[m] & F_EVADED:
                if self.need_check(seat, m, False):
                    self.check_m = m
                    self.check_seat = seat
                    self.chance(CH_SANITY)
                    return
                self.m_flags[m] |= F_EVADED
        self.part4()

    def after_enc_change(self):
        if self.unevaded(self.seat) > 0:
            self.decide(ST_ENC, self.seat)
        else:
            self.after_monsters()

    # ----- the rolls ----------------------------------------------------------------------------------------

    def on_sanity_roll(self, v):
        seat = self.check_seat
        m = self.check_m
        b = self.board
        k = b.mon_kind[m]
        level = self.maxsan[seat] if self.house & HR_SANITY_CHECK_MAX else self.san[seat]
        ok = v <= level
        self.m_checked[m] |= 1 << seat
        if self.purpose == PU_FIGHT:
            self.fight_kinds[k] = 1
        self.check_ok = 1 if ok else 0
        self.loss_base = b.k_san_pass[k] if ok else b.k_san_fail[k]
        if (b.k_pass_dice[k] if ok else b.k_fail_dice[k]):
            self.chance(CH_LOSS)                 # a loss printed with dice (SAN 2/D6+1)
            return
        self.take_loss(self.loss_base)

    def on_loss_roll(self, v):
        self.take_loss(self.loss_base + v)

    def take_loss(self, loss):
        """The sanity check against check_m cost `loss`; then what the check was for."""
        seat = self.check_seat
        m = self.check_m
        self.event(EV_SANCHECK, seat, m, loss)
        if loss >= self.san[seat]:
            # "monsters need only drive the hero mad, after which they lose all interest in him"
            self.m_spurned[m] |= 1 << seat
        if loss and self.change_sanity(seat, -loss):
            return
        pu = self.purpose
        if pu == PU_FIGHT or pu == PU_COUNTER:
            self.decide(ST_LOADOUT, seat)
        elif pu == PU_SNEAK_OK:
            self.finish_sneak()
        elif pu == PU_SNEAK_FAIL:
            self.strike()
        else:
            self.m_flags[m] |= F_EVADED
            self.face_next()

    def on_stealth_roll(self, v):
        seat = self.seat
        ok = v <= self.skill_of(seat, SKILL_STEALTH)
        self.event(EV_STEALTH, seat, 1 if ok else 0, 0)
        m = self.most_frightening(seat)
        self.target = m
        self.check_m = m
        self.check_seat = seat
        if ok:
            self.purpose = PU_SNEAK_OK
            if self.need_check(seat, m, False):
                self.chance(CH_SANITY)
            else:
                self.finish_sneak()
        elif self.sneak_gate or self.house & HR_STEALTH_FAIL_STRIKES:
            # at a gate (the seed: "loses D6 strength, then may try again"), or the house rule
            self.purpose = PU_SNEAK_FAIL
            if self.need_check(seat, m, False):
                self.chance(CH_SANITY)
            else:
                self.strike()
        else:
            # "the investigator enters a fight, and takes the sanity check before it begins"
            self.must_fight = 1
            self.decide(ST_ENC, seat)

    def finish_sneak(self):
        seat = self.seat
        b = self.board
        self.snuck = 1
        if self.sneak_gate:
            for m in range(b.nmonsters):
                if self.here(seat, m):
                    self.m_flags[m] |= F_EVADED
            self.event_done = 1
            self.through_gate(seat, self.pos[seat])
            return
        if self.pos[seat] == AT_WORLD:
            for m in range(b.nmonsters):
                if self.here(seat, m):
                    self.m_at[m] = AT_POOL
                    self.event(EV_TO_POOL, m, 0, 0)
            self.after_enc_change()
            return
        for m in range(b.nmonsters):
            if self.here(seat, m):
                self.m_flags[m] |= F_EVADED
        if b.is_loc[self.pos[seat]]:
            self.after_monsters()
        else:
            self.fill_occupancy()
            self.decide(ST_SNEAK_TO, seat)

    def legal_sneak_to(self, buf):
        seat = self.seat
        b = self.board
        self.fill_occupancy()
        n = 0
        for i in range(b.nbr_count[self.pos[seat]]):
            if self.sneak_space(seat, i):
                buf[n] = K_STEP + i
                n += 1
        return n

    def apply_sneak_to(self, arg):
        seat = self.seat
        t = self.board.neighbour(self.pos[seat], arg)
        self.leave(seat)
        self.pos[seat] = t
        self.event(EV_MOVE, seat, t, 0)      # slipping away is not a move: no event there
        self.part4()
