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
from .defs import (ST_STEP, CH_MOVE, K_STAY, K_ROLL, K_TAXI, K_MODE, K_STEP, K_STOP, K_USE, MAX_POSS,
                   HR_NO_EVENT_ON_STAY, EV_MOVE, EV_TAXI, EV_MODE, EV_STAY, EV_SPEND)
from ..reach import MODE_FOOT, MODE_VEHICLE, MODE_MISTS, enterable, stops
from .state import (event, fill_occupancy, has_special)
from . import cards, encounters, trade, turns


def taxi_ok(game, seat):
    """A taxi may be called now: $1, and a taxi space without monsters here or the Whistle."""
    if game.money[seat] < 1:
        return False
    s = game.pos[seat]
    if game.board.taxi[s] and not game.occ[s]:
        return True
    return has_special(game, seat, SP_WHISTLE) >= 0


def list_taxis(game, buf, n, seat):
    locs = game.board.locations
    for i in range(len(locs)):
        if locs[i] != game.pos[seat]:
            buf[n] = K_TAXI + locs[i]
            n += 1
    return n


def legal_move(game, buf):
    seat = game.seat
    fill_occupancy(game, seat)
    buf[0] = K_STAY
    buf[1] = K_ROLL
    n = 2
    if game.mode == MODE_FOOT and has_special(game, seat, SP_VEHICLE) >= 0:
        buf[n] = K_MODE + MODE_VEHICLE
        n += 1
    if game.mode != MODE_MISTS:
        k = has_special(game, seat, SP_MISTS)
        if k >= 0 and game.san[seat] > game.board.i_cost[game.board.card_kind[game.poss[seat * MAX_POSS + k]]]:
            buf[n] = K_MODE + MODE_MISTS
            n += 1
    if taxi_ok(game, seat):
        n = list_taxis(game, buf, n, seat)
    n = cards.list_uses(game, buf, n, seat)
    return trade.list_gifts(game, buf, n, seat)


def legal_step(game, buf):
    seat = game.seat
    b = game.board
    fill_occupancy(game, seat)
    s = game.pos[seat]
    n = 0
    base = b.nbr_start[s]
    for i in range(b.nbr_count[s] if game.moves_left else 0):
        if enterable(b, game.occ, b.nbrs[base + i], game.mode):
            buf[n] = K_STEP + i
            n += 1
    buf[n] = K_STOP
    n += 1
    if taxi_ok(game, seat):
        n = list_taxis(game, buf, n, seat)
    return n


def leave(game, seat):
    """The investigator leaves its space (the right to close the gate there goes)."""
    if game.close_at[seat] == game.pos[seat]:
        game.close_at[seat] = NONE


def apply_move(game, kind, arg):
    seat = game.seat
    if kind == K_STAY:
        event(game, EV_STAY, seat, game.pos[seat], 0)
        # part 2, "events with investigators": one who waits in a city location has its event
        # too ("on empty spaces nothing happens"); house rule no_event_on_stay: entering only
        if not game.house & HR_NO_EVENT_ON_STAY and game.board.is_loc[game.pos[seat]]:
            game.entered = 1
        encounters.arrive(game)
    elif kind == K_ROLL:
        turns.chance(game, CH_MOVE)
    elif kind == K_MODE:
        if arg == MODE_MISTS:
            k = has_special(game, seat, SP_MISTS)
            spell = game.board.card_kind[game.poss[seat * MAX_POSS + k]]
            cost = game.board.i_cost[spell]
            if cost:
                game.san[seat] -= cost
                event(game, EV_SPEND, seat, cost, game.san[seat])
            if game.board.i_cast[spell] != NONE:
                cards.casting(game, seat, cards.CAST_MISTS, k)       # cast with a roll (cards.py)
                return
        game.mode = arg
        event(game, EV_MODE, seat, arg, 0)
    elif kind == K_USE:
        cards.apply_use(game, seat, arg)
    elif kind == K_TAXI:
        take_taxi(game, seat, arg)
    else:
        trade.apply_give(game, kind, arg)              # a card or $1 to an investigator here


def take_taxi(game, seat, dest):
    game.money[seat] -= 1
    leave(game, seat)
    game.pos[seat] = dest
    game.entered = 1
    event(game, EV_TAXI, seat, dest, 1)
    encounters.arrive(game)


def on_move_roll(game, v):
    mod = game.move_mod[game.seat]
    if mod:
        # an event's modifier of this movement roll (effect move_bonus+N)
        game.move_mod[game.seat] = 0
        v += mod - 8
        if v < 0:
            v = 0
    game.moves_left = v
    turns.decide(game, ST_STEP, game.seat)


def apply_step(game, kind, arg):
    seat = game.seat
    b = game.board
    if kind == K_STOP:
        encounters.arrive(game)
        return
    if kind == K_TAXI:
        take_taxi(game, seat, arg)
        return
    fill_occupancy(game, seat)
    t = b.neighbour(game.pos[seat], arg)
    leave(game, seat)
    game.pos[seat] = t
    game.moves_left -= 1
    event(game, EV_MOVE, seat, t, game.moves_left)
    if b.is_loc[t]:
        game.entered = 1
        encounters.arrive(game)
    elif stops(b, game.occ, t, game.mode):
        encounters.arrive(game)
    elif game.moves_left == 0 and not taxi_ok(game, seat):
        encounters.arrive(game)
    # else the move goes on (ST_STEP); with no point left, only to stop or to call a taxi: "any
    # investigator who lands on a taxi space may call a taxi", the last point's space included
