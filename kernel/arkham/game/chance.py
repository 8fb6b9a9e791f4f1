"""The chance nodes: the outcomes of the pending roll or draw with their weights, the state's PRNG
resolving one, and the rule each outcome goes to; in table mode, a draw the table entered and the
operation it resumes once every draw it wanted is in. Functions over the game (rules.ArkhamGame).
"""

from ... import prng
from .board import NONE
from .defs import (PH_OVER, CH_FIRST, CH_MOVE, CH_EVENT, CH_TEST, CH_STEALTH, CH_SANITY, CH_ATTACK, CH_DAMAGE,
                   CH_CLOSE, CH_GATE, CH_COIN, CH_AMOUNT, CH_DRAW, CH_FOE, CH_LOSS, CH_BET, CH_CAST, CH_BANISH,
                   K_OUTCOME, AT_POOL, DRAW_MONSTER, DRAW_GATE, DRAW_DECK, R_EFFECTS, R_GATE_ROLL, R_PICK,
                   R_AUCTION, EV_DRAWN)
from .state import event, ready, reserved, draw_count, draw_range, draw_total
from . import turns, movement, encounters, meetings, combat, mythos, trade, cards


def two_dice(game):
    """The chance node rolls 2D6 (movement, the gate table, a 2D6 amount, a monster's N+2D6
    strength or a 2D6 sanity loss)."""
    st = game.step
    if st == CH_MOVE or st == CH_GATE:
        return True
    if st == CH_AMOUNT:
        return game.dice_op & 7 == 2
    b = game.board
    if st == CH_FOE:
        return b.k_str_dice[b.mon_kind[game.target]] == 2
    if st == CH_LOSS:
        k = b.mon_kind[game.check_m]
        return (b.k_pass_dice[k] if game.check_ok else b.k_fail_dice[k]) == 2
    return False


def outcome_ok(game, v):
    st = game.step
    if two_dice(game):
        return 2 <= v <= 12
    if st == CH_COIN:
        return 0 <= v < game.coin_n
    if st == CH_DRAW:
        return 0 <= v < draw_range(game) and draw_count(game, v) > 0
    return 1 <= v <= 6


def chance_outcomes(game):
    """At a chance node every outcome as K_OUTCOME + value with its exact weight; else []."""
    if game.phase == PH_OVER or game.step < CH_FIRST:
        return []
    st = game.step
    if two_dice(game):
        return [(K_OUTCOME + v, 6 - (v - 7 if v >= 7 else 7 - v)) for v in range(2, 13)]
    if st == CH_COIN:
        return [(K_OUTCOME + v, 1) for v in range(game.coin_n)]
    if st == CH_DRAW:
        out = []
        for v in range(draw_range(game)):
            w = draw_count(game, v)
            if w:
                out.append((K_OUTCOME + v, w))
        return out
    return [(K_OUTCOME + v, 1) for v in range(1, 7)]


def roll(game):
    """The state's PRNG resolves the chance node (a 2D6 is two dice; a draw is weighted by how
    many of each kind can be drawn)."""
    st = game.step
    if two_dice(game):
        return prng.die(game.rng, 6) + prng.die(game.rng, 6) + 2
    if st == CH_COIN:
        return prng.die(game.rng, game.coin_n)
    if st == CH_DRAW:
        k = prng.die(game.rng, draw_total(game))
        for v in range(draw_range(game)):
            w = draw_count(game, v)
            if k < w:
                return v
            k -= w
    return prng.die(game.rng, 6) + 1


def resolve(game, st, v):
    if st == CH_EVENT:
        encounters.on_event_roll(game, v)
    elif st == CH_ATTACK:
        combat.on_attack_roll(game, v)
    elif st == CH_DAMAGE:
        combat.on_damage_roll(game, v)
    elif st == CH_SANITY:
        meetings.on_sanity_roll(game, v)
    elif st == CH_MOVE:
        movement.on_move_roll(game, v)
    elif st == CH_STEALTH:
        meetings.on_stealth_roll(game, v)
    elif st == CH_GATE:
        mythos.on_gate_roll(game, v)
    elif st == CH_TEST:
        encounters.on_test_roll(game, v)
    elif st == CH_CLOSE:
        combat.on_close_roll(game, v)
    elif st == CH_COIN:
        mythos.on_coin(game, v)
    elif st == CH_AMOUNT:
        encounters.on_amount_roll(game, v)
    elif st == CH_DRAW:
        on_drawn(game, v)
    elif st == CH_FOE:
        combat.on_foe_roll(game, v)
    elif st == CH_LOSS:
        meetings.on_loss_roll(game, v)
    elif st == CH_BET:
        encounters.on_bet_roll(game, v)
    elif st == CH_CAST:
        cards.on_cast_roll(game, v)
    elif st == CH_BANISH:
        cards.on_banish_roll(game, v)


def on_drawn(game, v):
    """The table drew something of kind v: take one such token or card (the first not yet
    reserved), then ask for the next draw or resume the operation."""
    b = game.board
    dk = game.draw_kinds[game.ndrawn]
    got = NONE
    if dk == DRAW_MONSTER:
        for m in range(b.nmonsters):
            if got == NONE and game.m_at[m] == AT_POOL and b.mon_kind[m] == v and not reserved(game, m, dk):
                got = m
    elif dk == DRAW_GATE:
        deck = game.gate_deck
        for i in range(deck.n):
            g = deck.cards[i]
            if got == NONE and b.gate_row[g] == v and not reserved(game, g, dk):
                got = g
    else:
        deck = game.decks[dk - DRAW_DECK]
        for i in range(deck.n):
            c = deck.cards[i]
            if got == NONE and b.card_kind[c] == v and not reserved(game, c, dk):
                got = c
    game.drawn[game.ndrawn] = got
    game.ndrawn += 1
    event(game, EV_DRAWN, dk, v, 0)
    if ready(game, game.resume):
        resume_operation(game)


def resume_operation(game):
    """Every draw an operation wanted is in (table mode): it runs again and takes them."""
    r = game.resume
    game.resume = 0
    if r == R_EFFECTS:
        encounters.run_effects(game)
    elif r == R_GATE_ROLL:
        mythos.gate_roll_effects(game)
    elif r == R_PICK:
        turns.picked(game, game.actor, game.pick_inv)
    elif r == R_AUCTION:
        trade.start_auction(game, game.seat)

