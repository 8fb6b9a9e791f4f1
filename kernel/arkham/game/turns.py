"""The round's frame: setup picks, rounds, each investigator's turn in seat order, the end of a turn
(a fought monster turned by its player), knock-outs handing play on, the end of the game.

Flow functions set `step` (and `actor` for a decision) and return; apply() calls the one that
follows the action just taken. Allocates nothing.
"""

from .board import NONE, MOVE_LEFT, MOVE_RIGHT
from .defs import (PH_SETUP, PH_INV, PH_MYTHOS, PH_OVER, ST_PICK, ST_MOVE, ST_RETURN, ST_ORIENT, ST_SPLIT, K_SPLIT,
                   CH_EVENT, CH_GATE, AT_WORLD, AT_POOL, AT_TROPHY, AT_BOUND, AT_OW, SEAT_PICK, SEAT_OUT,
                   MAX_POSS, RES_PLAYING, RES_LOST_NOBODY, RES_WON, RES_LOST_ROUNDS, HR_DEFEAT_AT_ROUND_END,
                   EV_ROUND, EV_TURN, EV_OW_STAGE, EV_NO_RETURN, EV_LOST, EV_OUT, EV_RESULT, EV_HONOUR,
                   EV_TO_POOL, EV_LOSES_TURN, EV_MONEY, EV_SPLIT, EV_RETURN)
from .state import F_EVADED, F_FOUGHT


class Turns:

    def decide(self, step, seat):
        self.step = step
        self.actor = seat

    def chance(self, step):
        self.step = step

    # ----- setup --------------------------------------------------------------------------------------

    def picked_at_setup(self):
        """After a seat's pick at setup: the next seat picks, then the setup gates, then round 1."""
        for s in range(self.players):
            if self.seat_status[s] == SEAT_PICK:
                self.decide(ST_PICK, s)
                return
        if self.setup_left > 0:
            self.chance(CH_GATE)
            return
        self.begin_round()

    # ----- rounds and turns --------------------------------------------------------------------------

    def begin_round(self):
        self.round += 1
        self.phase = PH_INV
        for m in range(self.board.nmonsters):
            self.m_checked[m] = 0
        self.event(EV_ROUND, self.round, 0, 0)
        self.seat = 0
        self.begin_turn()

    def begin_turn(self):
        while True:
            while self.seat < self.players and self.seat_inv[self.seat] == NONE:
                self.seat += 1
            if self.seat >= self.players:
                self.begin_mythos()
                return
            seat = self.seat
            if self.boost_left[seat]:
                self.boost_left[seat] -= 1          # an event's boost lasts to the end of its next turn
            r = self.retainer[seat]
            if r:
                m = self.money[seat] + r
                self.money[seat] = m if m < 999 else 999
                self.event(EV_MONEY, seat, r + 128, self.money[seat])
            if not self.lost_turns[seat]:
                break
            self.lost_turns[seat] -= 1                  # a lost turn (an event, or jail)
            self.event(EV_LOSES_TURN, seat, 0, 0)
            self.seat += 1
        self.mode = 0
        self.moves_left = 0
        self.used_mask = 0
        self.prog_ctx = 0
        self.entered = 0
        self.met = 0
        self.snuck = 0
        self.must_fight = 0
        self.sneak_gate = 0
        self.event_done = 0
        for m in range(self.board.nmonsters):
            self.m_flags[m] &= ~(F_EVADED | F_FOUGHT)
        for k in range(self.board.nkinds):
            self.fight_kinds[k] = 0
        self.event(EV_TURN, seat, 0, 0)
        if self.pos[seat] == AT_WORLD:
            if self.ow_stage[seat] == 2:
                # the second round of the trip: area 1 and its event
                self.ow_stage[seat] = 1
                self.event(EV_OW_STAGE, seat, self.ow_world[seat], 1)
                self.place = self.board.nspaces + self.ow_world[seat]
                self.event_done = 1
                self.chance(CH_EVENT)
                return
            # the third round: back where a round trip left, or to Arkham through a gate to that world
            back = self.return_to[seat]
            if back != NONE:
                self.return_to[seat] = NONE
                self.pos[seat] = back
                self.ow_stage[seat] = 0
                self.event(EV_RETURN, seat, back, 0)
                self.decide(ST_MOVE, seat)
                return
            if self.return_gates(seat):
                self.decide(ST_RETURN, seat)
                return
            self.event(EV_NO_RETURN, seat, self.ow_world[seat], 0)
            self.lose_investigator(seat)
            return
        self.decide(ST_MOVE, seat)

    def return_gates(self, seat):
        """How many face-up gates lead to the seat's Other World."""
        b = self.board
        n = 0
        for s in range(b.nspaces):
            g = self.gate_at[s]
            if g != NONE and self.gate_shown[g] and b.gate_world[g] == self.ow_world[seat]:
                n += 1
        return n

    def end_turn(self):
        if self.phase == PH_MYTHOS:
            # an investigator carried off in the mythos phase had its Other World event: go on
            self.mythos_after_target()
            return
        if self.orient_pending(self.seat):
            return
        self.seat += 1
        self.begin_turn()

    def orient_pending(self, seat):
        """A left- or right-handed monster that survived a fight on a street is turned by the player
        who fought it (ST_ORIENT); True when that decision is now pending."""
        b = self.board
        for m in range(b.nmonsters):
            if self.m_flags[m] & F_FOUGHT:
                self.m_flags[m] &= ~F_FOUGHT
                s = self.m_at[m]
                mode = b.k_mode[b.mon_kind[m]]
                if s < b.nspaces and not b.is_loc[s] and (mode == MOVE_LEFT or mode == MOVE_RIGHT):
                    self.orient_m = m
                    self.decide(ST_ORIENT, seat)
                    return True
        return False

    def after_orient(self):
        if self.phase == PH_INV:
            self.end_turn()
        else:
            self.mythos_next_monster()

    def after_knockout(self):
        """An investigator went to the Asylum or the Hospital, or was lost: play goes on."""
        if self.result != RES_PLAYING:
            return
        if self.phase == PH_MYTHOS:
            self.mythos_after_target()
        else:
            self.end_turn()

    # ----- lost in time and space ---------------------------------------------------------------------

    def lose_investigator(self, seat):
        """Lost in time and space (or out of sanity or strength in an Other World): "shuffle his
        cards back into their decks" (items, spells and the gate trophies), monster trophies and
        bound or met monsters back to the pool; the player picks a new investigator (or the seat is
        out when none is left)."""
        b = self.board
        self.event(EV_LOST, seat, self.seat_inv[seat], 0)
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE:
                self.shuffle_back(c)
                self.poss[base + k] = NONE
        for g in range(b.ngates):
            if self.gate_keep[g] == seat:
                self.gate_keep[g] = NONE
                self.gate_deck.insert_random(self.rng, g)
        for m in range(b.nmonsters):
            at = self.m_at[m]
            if (at == AT_TROPHY or at == AT_BOUND or at == AT_OW) and self.m_owner[m] == seat:
                self.m_at[m] = AT_POOL
                self.event(EV_TO_POOL, m, 0, 0)
        self.seat_inv[seat] = NONE
        self.pos[seat] = NONE
        self.ow_stage[seat] = 0
        self.return_to[seat] = NONE
        self.close_at[seat] = NONE
        self.gates_closed[seat] = 0
        for i in range(b.ninv):
            if not self.used_inv[i]:
                self.seat_status[seat] = SEAT_PICK
                self.decide(ST_PICK, seat)
                return
        self.seat_status[seat] = SEAT_OUT
        self.event(EV_OUT, seat, 0, 0)
        for s in range(self.players):
            if self.seat_status[s] != SEAT_OUT:
                self.after_knockout()
                return
        self.finish(RES_LOST_NOBODY)

    def picked(self, seat, inv):
        """Seat took investigator inv (its random cards drawn, in table mode entered first); then
        its split of sanity and strength, when its sheet has one; then play goes on."""
        if not self.put_investigator(seat, inv):
            return
        if self.board.inv_split[inv]:
            self.decide(ST_SPLIT, seat)
            return
        self.after_pick()

    def after_pick(self):
        if self.phase == PH_SETUP:
            self.picked_at_setup()
        else:
            self.after_knockout()

    def legal_split(self, buf):
        """Every sanity of the seat's split: each of sanity and strength at least the board's
        split_minimum (1 unless it says) and at most its sheet's (no tuple: this runs per step, under
        heap_lock on the board)."""
        b = self.board
        inv = self.seat_inv[self.actor]
        t = b.inv_split[inv]
        least = b.split_min                      # rules.tsv split_minimum: the least on either side
        lo = t - b.inv_strength[inv]
        hi = t - least
        if lo < least:
            lo = least
        if hi > b.inv_sanity[inv]:
            hi = b.inv_sanity[inv]
        n = 0
        for v in range(lo, hi + 1):
            buf[n] = K_SPLIT + v
            n += 1
        return n

    def apply_split(self, v):
        seat = self.actor
        t = self.board.inv_split[self.seat_inv[seat]]
        self.san[seat] = self.maxsan[seat] = v
        self.sta[seat] = self.maxsta[seat] = t - v
        self.event(EV_SPLIT, seat, v, t - v)
        self.after_pick()

    # ----- the end ----------------------------------------------------------------------------------------

    def end_round(self):
        if self.house & HR_DEFEAT_AT_ROUND_END and self.check_defeat(True):
            return
        if self.round >= 2 and self.open_gates() == 0:
            self.finish(RES_WON)
            return
        if self.round_limit and self.round >= self.round_limit:
            self.finish(RES_LOST_ROUNDS)
            return
        self.begin_round()

    def finish(self, result):
        self.result = result
        self.phase = PH_OVER
        self.step = 0
        self.event(EV_RESULT, result, 0, 0)
        for seat in range(self.players):
            if self.is_honoured(seat):
                self.event(EV_HONOUR, seat, self.gates_closed[seat], self.trophies(seat))

    def is_honoured(self, seat):
        """The Honoured Citizen, win or lose: the most gates closed, then the most monster trophies;
        investigators still tied share the title. A seat without an investigator has none."""
        if self.seat_inv[seat] == NONE:
            return False
        g = self.gates_closed[seat]
        t = self.trophies(seat)
        for s in range(self.players):
            if s == seat or self.seat_inv[s] == NONE:
                continue
            g2 = self.gates_closed[s]
            if g2 > g or (g2 == g and self.trophies(s) > t):
                return False
        return True
