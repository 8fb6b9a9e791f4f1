"""Investigator phase, part 1: movement.

At ST_MOVE the investigator may first give cards or dollars to investigators in its space (trade.py)
and play its cards' `use` (cards.py); then it stays, rolls 2D6 to move (plus an event's move_bonus),
calls a taxi (on a taxi space or with the Taxi Whistle, $1, to any city location, ending the move),
drives (a vehicle) or casts Mists of R'lyeh (its sanity cost). After the roll, ST_STEP takes one
step at a time (K_STEP + neighbour index), stops, or calls a taxi from a taxi space; reach.py's
`enterable` and `stops` decide, so the odds (`reach_odds`) and the game agree. A move whose last
point lands on a taxi space (without monsters) stays at ST_STEP with no step left: stop there, or
call the taxi. Leaving the gate an investigator came back through loses the right to close it
without another trip. Allocates nothing.
"""

from .board import NONE, SP_VEHICLE, SP_MISTS, SP_WHISTLE
from .cards import CAST_MISTS
from .defs import (ST_STEP, CH_MOVE, K_STAY, K_ROLL, K_TAXI, K_MODE, K_STEP, K_STOP, K_USE, MAX_POSS,
                   HR_NO_EVENT_ON_STAY, EV_MOVE, EV_TAXI, EV_MODE, EV_STAY, EV_SPEND)
from ..reach import MODE_FOOT, MODE_VEHICLE, MODE_MISTS, enterable, stops


class Movement:

    def taxi_ok(self, seat):
        """A taxi may be called now: $1, and a taxi space without monsters here or the Whistle."""
        if self.money[seat] < 1:
            return False
        s = self.pos[seat]
        if self.board.taxi[s] and not self.occ[s]:
            return True
        return self.has_special(seat, SP_WHISTLE) >= 0

    def list_taxis(self, buf, n, seat):
        locs = self.board.locations
        for i in range(len(locs)):
            if locs[i] != self.pos[seat]:
                buf[n] = K_TAXI + locs[i]
                n += 1
        return n

    def legal_move(self, buf):
        seat = self.seat
        self.fill_occupancy(seat)
        buf[0] = K_STAY
        buf[1] = K_ROLL
        n = 2
        if self.mode == MODE_FOOT and self.has_special(seat, SP_VEHICLE) >= 0:
            buf[n] = K_MODE + MODE_VEHICLE
            n += 1
        if self.mode != MODE_MISTS:
            k = self.has_special(seat, SP_MISTS)
            if k >= 0 and self.san[seat] > self.board.i_cost[self.board.card_kind[self.poss[seat * MAX_POSS + k]]]:
                buf[n] = K_MODE + MODE_MISTS
                n += 1
        if self.taxi_ok(seat):
            n = self.list_taxis(buf, n, seat)
        n = self.list_uses(buf, n, seat)
        return self.list_gifts(buf, n, seat)

    def legal_step(self, buf):
        seat = self.seat
        b = self.board
        self.fill_occupancy(seat)
        s = self.pos[seat]
        n = 0
        base = b.nbr_start[s]
        for i in range(b.nbr_count[s] if self.moves_left else 0):
            if enterable(b, self.occ, b.nbrs[base + i], self.mode):
                buf[n] = K_STEP + i
                n += 1
        buf[n] = K_STOP
        n += 1
        if self.taxi_ok(seat):
            n = self.list_taxis(buf, n, seat)
        return n

    def leave(self, seat):
        """The investigator leaves its space (the right to close the gate there goes)."""
        if self.close_at[seat] == self.pos[seat]:
            self.close_at[seat] = NONE

    def apply_move(self, kind, arg):
        seat = self.seat
        if kind == K_STAY:
            self.event(EV_STAY, seat, self.pos[seat], 0)
            # part 2, "events with investigators": one who waits in a city location has its event
            # too ("on empty spaces nothing happens"); house rule no_event_on_stay: entering only
            if not self.house & HR_NO_EVENT_ON_STAY and self.board.is_loc[self.pos[seat]]:
                self.entered = 1
            self.arrive()
        elif kind == K_ROLL:
            self.chance(CH_MOVE)
        elif kind == K_MODE:
            if arg == MODE_MISTS:
                k = self.has_special(seat, SP_MISTS)
                spell = self.board.card_kind[self.poss[seat * MAX_POSS + k]]
                cost = self.board.i_cost[spell]
                if cost:
                    self.san[seat] -= cost
                    self.event(EV_SPEND, seat, cost, self.san[seat])
                if self.board.i_cast[spell] != NONE:
                    self.casting(seat, CAST_MISTS, k)       # cast with a roll (cards.py)
                    return
            self.mode = arg
            self.event(EV_MODE, seat, arg, 0)
        elif kind == K_USE:
            self.apply_use(seat, arg)
        elif kind == K_TAXI:
            self.take_taxi(seat, arg)
        else:
            self.apply_give(kind, arg)              # a card or $1 to an investigator here

    def take_taxi(self, seat, dest):
        self.money[seat] -= 1
        self.leave(seat)
        self.pos[seat] = dest
        self.entered = 1
        self.event(EV_TAXI, seat, dest, 1)
        self.arrive()

    def on_move_roll(self, v):
        mod = self.move_mod[self.seat]
        if mod:
            # an event's modifier of this movement roll (effect move_bonus+N)
            self.move_mod[self.seat] = 0
            v += mod - 8
            if v < 0:
                v = 0
        self.moves_left = v
        self.decide(ST_STEP, self.seat)

    def apply_step(self, kind, arg):
        seat = self.seat
        b = self.board
        if kind == K_STOP:
            self.arrive()
            return
        if kind == K_TAXI:
            self.take_taxi(seat, arg)
            return
        self.fill_occupancy(seat)
        t = b.neighbour(self.pos[seat], arg)
        self.leave(seat)
        self.pos[seat] = t
        self.moves_left -= 1
        self.event(EV_MOVE, seat, t, self.moves_left)
        if b.is_loc[t]:
            self.entered = 1
            self.arrive()
        elif stops(b, self.occ, t, self.mode):
            self.arrive()
        elif self.moves_left == 0 and not self.taxi_ok(seat):
            self.arrive()
        # else the move goes on (ST_STEP); with no point left, only to stop or to call a taxi: "any
        # investigator who lands on a taxi space may call a taxi", the last point's space included
