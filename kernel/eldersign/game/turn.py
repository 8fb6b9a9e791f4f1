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

    def _start_turn(self):
        """The active seat's turn begins (or, out of play, only the clock moves)."""
        while True:
            if self._result >= 0:
                self._phase = P_OVER
                return
            s = self._clock.seat
            self._turn_yellow = 0
            self._turn_red = 0
            self._focus_used = False
            inv = self._seats.inv[s]
            self._event(EV_TURN, s, inv, self._clock.turn)
            if inv == NONE:
                # out of the game: the clock still moves as if the player took a turn
                self._phase = P_MOVE
                self._clock_phase()
                if self._phase == P_PICK or self._result >= 0:
                    return
                continue
            self._phase = P_BATTLE_PREP if self._battle else P_MOVE
            return

    def _do_move(self, loc):
        inv = self._active()
        self._inv.loc[inv] = loc
        self._event(EV_MOVE, inv, loc)
        self._phase = P_ENTRANCE if loc == LOC_ENTRANCE else P_PREP

    def _end_turn(self):
        """Phase 3: the clock, then midnight, picks, and the next seat."""
        if self._result >= 0:
            self._phase = P_OVER
            return
        self._clock_phase()
        if self._phase == P_PICK or self._result >= 0:
            if self._result >= 0:
                self._phase = P_OVER
            return
        self._start_turn()

    def _clock_phase(self):
        self._advance_clock(1)
        self._finish_round_step()

    def _finish_round_step(self):
        """After the clock: midnight (or the Ancient One's attack), picks, next seat."""
        if self._midnight_due and self._result < 0:
            self._midnight_due = False
            self._midnight()
        if self._result >= 0:
            self._phase = P_OVER
            return
        if self._clock.next_seat():
            self._inv.clear_assisted()
        if self._pick_pending():
            return

    def _pick_pending(self):
        for s in range(self.players):
            if self._seats.state[s] == 1:
                if self._decks.investigators.n == 0 or self._battle:
                    self._seats.state[s] = 2
                    self._event(EV_OUT, s)
                    continue
                self._pick_seat = s
                self._phase = P_PICK
                return True
        self._check_all_out()
        return False

    def _check_all_out(self):
        if self._seats.all_out(self.players):
            self._lose(0)

    def _pick(self, inv):
        s = self._pick_seat
        self._seats.state[s] = 0
        self._decks.investigators.take(inv)     # the others keep their order
        self._enter_investigator(s, inv)
        self._event(EV_PICK, s, inv)
        self._resolve_pending()
        if self._result >= 0:
            self._phase = P_OVER
            return
        if not self._pick_pending():
            self._start_turn()

    def _enter_investigator(self, seat, inv):
        d = self._data.investigators[inv]
        self._seats.inv[seat] = inv
        self._inv.enter(inv, seat, d.sanity, d.stamina, LOC_AO if self._battle else LOC_ENTRANCE)
        self._run(d.start, inv)

    def _advance_clock(self, steps):
        for _ in range(steps):
            if self._clock.advance():
                self._midnight_due = True
            self._event(EV_CLOCK, self._clock.hour)

    # ----- midnight and mythos ----------------------------------------------------------------

    def _midnight(self):
        self._event(EV_MIDNIGHT)
        if self._battle:
            self._ao_attack()
            return
        if not self._clock.first_round():
            inv = self._active()
            if inv == NONE:
                inv = self._seats.first_investigator(self.players)
            for s in range(MAX_SLOTS):
                if self._slots.on[s]:
                    self._run(self._data.adventures[self._slots.card[s]].midnight, inv)
            if self._mythos >= 0:
                self._run(self._data.mythos[self._mythos].midnight, inv)
        if self._result < 0 and not self._battle:
            self._next_mythos()
        # once per day abilities refresh
        self._inv.refresh_day()
        self._resolve_pending(True)

    def _next_mythos(self):
        if self._mythos >= 0:
            self._free_locks(LK_MYTHOS, 0)
            self._decks.mythos.bottom(self._mythos)
        self._mythos = self._decks.mythos.draw()
        m = self._data.mythos[self._mythos]
        self._event(EV_MYTHOS, self._mythos)
        if m.lock_colour >= 0:
            self._add_lock(m.lock_colour, LK_MYTHOS, 0)
        inv = self._active()
        if inv == NONE:
            inv = self._seats.first_investigator(self.players)
        self._run(m.immediate, inv)
