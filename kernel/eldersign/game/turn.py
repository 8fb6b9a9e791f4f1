"""Turn flow: the three-phase turn (move, then an adventure or one entrance action, then the clock),
seats that lost their investigator picking a new one, the clock, midnight (at-midnight effects of
the adventures and of the mythos card, except in the first round; once-per-day abilities refresh)
and the next mythos card with its lock and immediate effect.
"""

from .defs import (P_MOVE, P_PREP, P_ENTRANCE, P_PICK, P_BATTLE_PREP, P_OVER, MAX_SLOTS, NONE,
                   LOC_ENTRANCE, LOC_AO, LK_MYTHOS, EV_TURN, EV_MOVE, EV_PICK, EV_OUT, EV_CLOCK,
                   EV_MIDNIGHT, EV_MYTHOS)


class Turn:
    """Mixin of Game: turn order, the clock, midnight and mythos."""

    # ----- turn -------------------------------------------------------------------------------

    def start_turn(self):
        """The active seat's turn begins (or, out of play, only the clock moves)."""
        while True:
            if self.result >= 0:
                self.phase = P_OVER
                return
            s = self.seat
            self.turn_yellow = 0
            self.turn_red = 0
            self.focus_used = False
            inv = self.seat_inv[s]
            self.event(EV_TURN, s, inv, self.turn)
            if inv == NONE:
                # out of the game: the clock still moves as if the player took a turn
                self.phase = P_MOVE
                self.clock_phase()
                if self.phase == P_PICK or self.result >= 0:
                    return
                continue
            self.phase = P_BATTLE_PREP if self.battle else P_MOVE
            return

    def do_move(self, loc):
        inv = self.active()
        self.loc[inv] = loc
        self.event(EV_MOVE, inv, loc)
        self.phase = P_ENTRANCE if loc == LOC_ENTRANCE else P_PREP

    def end_turn(self):
        """Phase 3: the clock, then midnight, picks, and the next seat."""
        if self.result >= 0:
            self.phase = P_OVER
            return
        self.clock_phase()
        if self.phase == P_PICK or self.result >= 0:
            if self.result >= 0:
                self.phase = P_OVER
            return
        self.start_turn()

    def clock_phase(self):
        self.advance_clock(1)
        self.finish_round_step()

    def finish_round_step(self):
        """After the clock: midnight (or the Ancient One's attack), picks, next seat."""
        if self.midnight_due and self.result < 0:
            self.midnight_due = False
            self.midnight()
        if self.result >= 0:
            self.phase = P_OVER
            return
        self.turn += 1
        if self.turn % self.players == 0:
            for i in range(self.ninv):
                self.assisted[i] = 0
        self.seat = (self.seat + 1) % self.players
        if self.pick_pending():
            return

    def pick_pending(self):
        for s in range(self.players):
            if self.seat_state[s] == 1:
                if self.inv_pool.n == 0 or self.battle:
                    self.seat_state[s] = 2
                    self.event(EV_OUT, s)
                    continue
                self.pick_seat = s
                self.phase = P_PICK
                return True
        self.check_all_out()
        return False

    def check_all_out(self):
        for s in range(self.players):
            if self.seat_state[s] != 2:
                return
        self.lose(0)

    def pick(self, inv):
        s = self.pick_seat
        self.seat_state[s] = 0
        # the chosen investigator comes out of the pool (kept in order)
        n = self.inv_pool.n
        for _ in range(n):
            c = self.inv_pool.draw()
            if c != inv:
                self.inv_pool.bottom(c)
        self.enter_investigator(s, inv)
        self.event(EV_PICK, s, inv)
        self.resolve_pending()
        if self.result >= 0:
            self.phase = P_OVER
            return
        if not self.pick_pending():
            self.start_turn()

    def enter_investigator(self, seat, inv):
        d = self.data.investigators[inv]
        self.seat_inv[seat] = inv
        self.seat_of[inv] = seat
        self.used[inv] = 1
        self.san[inv] = d.sanity
        self.sta[inv] = d.stamina
        self.maxsan[inv] = d.sanity
        self.maxsta[inv] = d.stamina
        self.clues[inv] = 0
        self.loc[inv] = LOC_AO if self.battle else LOC_ENTRANCE
        self.run(d.start, inv)

    def advance_clock(self, steps):
        for _ in range(steps):
            self.clock = (self.clock + 3) % 12
            self.event(EV_CLOCK, self.clock)
            if self.clock == 0:
                self.midnight_due = True

    # ----- midnight and mythos ----------------------------------------------------------------

    def midnight(self):
        self.event(EV_MIDNIGHT)
        if self.battle:
            self.ao_attack()
            return
        first_round = self.turn < self.players
        if not first_round:
            inv = self.active()
            if inv == NONE:
                inv = self.any_investigator()
            for s in range(MAX_SLOTS):
                if self.slot_on[s]:
                    self.run(self.data.adventures[self.slot_card[s]].midnight, inv)
            if self.mythos >= 0:
                self.run(self.data.mythos[self.mythos].midnight, inv)
        if self.result < 0 and not self.battle:
            self.next_mythos()
        # once per day abilities refresh
        for i in range(len(self.hand_flag)):
            self.hand_flag[i] = 0
        self.resolve_pending(True)

    def next_mythos(self):
        if self.mythos >= 0:
            self.free_locks(LK_MYTHOS, 0)
            self.mythos_deck.bottom(self.mythos)
        self.mythos = self.mythos_deck.draw()
        m = self.data.mythos[self.mythos]
        self.event(EV_MYTHOS, self.mythos)
        if m.lock_colour >= 0:
            self.add_lock(m.lock_colour, LK_MYTHOS, 0)
        inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        self.run(m.immediate, inv)
