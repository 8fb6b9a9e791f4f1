"""Every choice the rulebook gives a player is that player's action, and the rules the game
bent are played as written. One test per rule, each from a set-up position (tests/game_positions.py),
each failing on the old kernel (which chose for the players, or bent the timing)."""

from eldritch.kernel.eldersign.adventure import ACT_REROLL, ACT_ROLL
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, I1, I2, I3, I4, LORE, PERIL, TERROR
from eldritch.kernel.eldersign.game import machine as G, pool, engine, resolve
from eldritch.kernel.eldersign.game.slots import EXTRA

from game_positions import (DATA, game, legal, of_kind, asked, phase, active, clear_hand, give, clear_board,
                            put, place, move, roll, run, events, event_rows, total_trophies, adventure_id,
                            inv_id, fail_roll, trophy_card)


def seat_inv(g, s):
    return g._seats.inv[s]


# ----- 1. player choices are actions --------------------------------------------------------------

def test_rule_each_investigator_chooses_their_own_alternative_inside_each():
    """The Ancient One's attack: every investigator lowers their own stamina or sanity maximum (the
    old kernel applied one investigator's affordable choice to everyone)."""
    g = game(players=2)
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    run(g, "each(choose(max_stamina-1;max_sanity-1))", a)
    assert asked(g) == G.F_CHOOSE and g.current_player() == 0
    g.apply(G.A_CHOOSE + 0)                                # seat 1: stamina
    assert asked(g) == G.F_CHOOSE and g.current_player() == 1
    sta, san = g._inv.maxsta[b], g._inv.maxsan[b]
    g.apply(G.A_CHOOSE + 1)                                # seat 2: sanity
    assert (g._inv.maxsta[b], g._inv.maxsan[b]) == (sta, san - 1)
    assert event_rows(g, G.EV_CHOSE) == [(b, 1, 0)]


def test_rule_an_alternative_one_cannot_pay_is_not_offered_to_that_player():
    """The Curator at midnight: trophies-2, or 1 stamina and 1 sanity; a player without 2 trophies
    is offered only the second, the one with trophies both."""
    g = game(players=2)
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    g._inv.add_trophy(b, (G.TR_TOKEN << 12) | 2)
    run(g, "each(choose(trophies-2;stamina-1,sanity-1))", a)
    # seat 1 cannot pay the trophies: its one alternative resolves by itself
    assert event_rows(g, G.EV_CHOSE)[0] == (a, 1, 1)
    assert asked(g) == G.F_CHOOSE and g.current_player() == 1
    assert of_kind(g, G.A_CHOOSE) == [G.A_CHOOSE, G.A_CHOOSE + 1]
    g.apply(G.A_CHOOSE)
    assert total_trophies(g, b) == 0 and g._inv.sta[b] == g._inv.maxsta[b]


def test_rule_active_player_places_the_monster_on_any_free_outline():
    g = game()
    clear_board(g)
    put(g, 0, "Late Night Break-In")                       # 1:full
    put(g, 1, "Yuggoth")                                   # 1:partial1
    run(g, "monster+1", active(g))
    assert asked(g) == G.F_PLACE and g.current_player() == 0
    options = of_kind(g, G.A_PLACE)
    assert sorted(options) == [G.A_PLACE + 0 * 32 + 0, G.A_PLACE + 1 * 32 + 0]
    g.apply(G.A_PLACE + 1 * 32 + 0)                        # the old rule took slot 1's
    assert g._slots.monsters(1) == 1 and g._slots.monsters(0) == 0


def test_rule_extra_monsters_spread_evenly_on_a_card_of_the_players_choice():
    g = game()
    clear_board(g)
    put(g, 0, "Hallway on Fire")                           # no outline
    put(g, 1, "The Hedge Maze")
    put(g, 2, "The Curator")
    place(g, 0, "Generic Cultist", EXTRA)                  # slot 1 has an extra monster already
    run(g, "monster+1", active(g))
    assert sorted(of_kind(g, G.A_PLACE)) == [G.A_PLACE + 32 + G.PLACE_EXTRA, G.A_PLACE + 64 + G.PLACE_EXTRA]
    g.apply(G.A_PLACE + 64 + G.PLACE_EXTRA)
    assert [g._slots.extras(s) for s in range(3)] == [1, 0, 1]


def test_rule_monster_may_go_on_the_card_being_attempted():
    """A monster appearing during an attempt may join the card being rolled: its task is added and
    the attempt goes on with it (the old kernel never put one there)."""
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Hallway on Fire")                           # P H1 > P H1: no outline
    put(g, 1, "The Curator")                               # no outline
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, PERIL, I1, I1, I1, I1, I1)
    run(g, "monster+1", inv)                               # (a terror effect, an item...)
    assert sorted(of_kind(g, G.A_PLACE)) == [G.A_PLACE + G.PLACE_EXTRA, G.A_PLACE + 32 + G.PLACE_EXTRA]
    g.apply(G.A_PLACE + G.PLACE_EXTRA)                     # on the card being rolled
    a = g._slots.adv[0]
    assert a.ntasks == 3 and a.phase() == 1 and a.done_mask() == 0       # still deciding
    assert [x for x in legal(g) if x < 2048 and x >> 8 == 0]             # task 1 still completes


def test_rule_helper_chooses_which_stat_to_lose():
    g = game(players=2)
    b = seat_inv(g, 1)
    clear_board(g)
    put(g, 0, "Ancient Relics")                            # L I3 | L I3
    g._inv.loc[b] = 1
    g._inv.sta[b] = 5
    g._inv.san[b] = 3
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, PERIL, PERIL, PERIL)
    g.apply(G.A_FAIL)                                      # (green is the only colour to set aside)
    g.apply(G.A_ASK + 1 * 32 + PERIL)
    assert g.current_player() == 1
    g.apply(G.A_AGREE + 1)
    roll(g, I1, I1, I1, I1)
    g.apply(G.A_GIVEUP)
    assert asked(g) == G.F_LOSE and g.current_player() == 1
    g.apply(G.A_LOSE + 1)                                  # sanity (the old kernel took stamina: 5 >= 3)
    assert (g._inv.sta[b], g._inv.san[b]) == (5, 2)


def _assisted_attempt(players=2):
    """Seat 1 attempts Ancient Relics with seat 2's investigator on the card keeping a die."""
    g = game(players=players)
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    clear_board(g)
    put(g, 0, "Ancient Relics")
    g._inv.loc[b] = 1
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I2, I1, I1, PERIL, PERIL, PERIL)
    g.apply(G.A_FAIL)
    g.apply(G.A_ASK + 1 * 32 + PERIL)
    g.apply(G.A_AGREE + 1)
    return g, a, b


def test_rule_helper_loses_when_the_active_investigator_is_devoured_during_the_attempt():
    g, a, b = _assisted_attempt()
    roll(g, I1, I1, I1, I1)
    sta, san = g._inv.sta[b], g._inv.san[b]
    g._inv.san[a] = 1
    run(g, "sanity-1", a)                                  # devoured mid-attempt (a terror effect, say)
    assert g._seats.inv[0] == G.NONE
    assert asked(g) == G.F_LOSE and g.current_player() == 1  # the old kernel skipped the loss
    g.apply(G.A_LOSE)
    assert g._inv.sta[b] == sta - 1 and g._inv.san[b] == san


def test_rule_helper_loses_when_the_ancient_one_wakes_during_the_attempt():
    g, a, b = _assisted_attempt()
    roll(g, I1, I1, I1, I1)
    g._doom = g._ao.doom - 1
    run(g, "doom+1", a)
    assert g._battle and asked(g) == G.F_LOSE and g.current_player() == 1
    g.apply(G.A_LOSE + 1)
    assert G.EV_LOSES in events(g)


def test_rule_any_investigator_on_the_card_may_assist_if_they_agree():
    """Five investigators on the card: the fourth helper is asked too (the old kernel took the first
    three in seat order), and one who refuses is not asked again after this roll."""
    g = game(players=5)
    for s in range(1, 5):
        g._inv.loc[seat_inv(g, s)] = 1
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, PERIL, PERIL, PERIL)
    g.apply(G.A_FAIL)
    asks = of_kind(g, G.A_ASK)
    assert {(a - G.A_ASK) >> 5 for a in asks} == {1, 2, 3, 4}
    g.apply(G.A_ASK + 4 * 32 + PERIL)
    assert g.current_player() == 4
    g.apply(G.A_AGREE)                                     # refuses
    assert asked(g) == G.F_KEEP and 4 not in {(a - G.A_ASK) >> 5 for a in of_kind(g, G.A_ASK)}
    g.apply(G.A_ASK + 3 * 32 + PERIL)
    g.apply(G.A_AGREE + 1)
    assert event_rows(g, G.EV_HELP) == [(seat_inv(g, 3), GREEN * 8 + PERIL, 0)]


def test_rule_player_chooses_which_held_die_a_task_uses():
    """A Lore kept by focus and a Lore on a spell: completing 'L' asks which (the old kernel always
    used the focused one)."""
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")                       # L | T I8
    spell = g._inv.drop_card(inv, give(g, inv, "Generic Holding Spell"))
    g._spells.hold(GREEN * 8 + LORE, spell, inv)
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, LORE, I1, I1, I1, I1)
    g.apply(G.A_FAIL)
    g.apply(G.A_KEEP + 1 + LORE)                           # focus the rolled Lore
    roll(g, I1, I1, I1)
    way = [a for a in legal(g) if a < 2048 and a >> 8 == 0][0]
    g.apply(way)
    assert asked(g) == G.F_HELD
    g.apply(G.A_HELD + 1)                                  # the spell's Lore
    assert g._spells.n == 0 and g._att.focus[LORE] == 1
    assert G.EV_RETURN in events(g)                        # the emptied spell goes back


def test_rule_card_that_defeats_a_monster_may_target_any_monster_in_play():
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Late Night Break-In")
    put(g, 1, "Yuggoth")
    place(g, 0, "Generic Cultist", 0)
    place(g, 1, "Generic Horror", 0)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Warding Charm")
    move(g, 0)                                             # standing on slot 1 (the old target)
    g.apply(G.A_USE + i)
    assert asked(g) == G.F_TARGET
    assert sorted(of_kind(g, G.A_TARGET)) == [G.A_TARGET + 0, G.A_TARGET + G.MAX_MON]
    g.apply(G.A_TARGET + G.MAX_MON)
    assert g._slots.monsters(1) == 0 and g._slots.monsters(0) == 1 and total_trophies(g, inv) == 2


def test_rule_player_chooses_which_trophies_to_spend():
    """Paying 2 with trophies worth 1, 1 and 2: the player hands them in (the old kernel spent the
    2 by its cheapest-first rule)."""
    g = game(ao="Yig")
    inv = active(g)
    koi = trophy_card(g)
    g._inv.add_trophy(inv, (G.TR_MONSTER << 12) | 0)
    g._decks.cup.take(0)
    g._inv.add_trophy(inv, (G.TR_TOKEN << 12) | 1)
    g._inv.add_trophy(inv, (G.TR_ADVENTURE << 12) | koi)
    g._inv.sta[inv] = 1
    move(g, None)
    g.apply(G.A_AID + 2)                                   # 2 trophies: all stamina
    assert asked(g) == G.F_SPEND and len(of_kind(g, G.A_SPEND)) == 3
    g.apply(G.A_SPEND + 0)                                 # the monster token (1)
    assert asked(g) == G.F_SPEND                           # 1 still to pay
    g.apply(G.A_SPEND + 0)                                 # the token (1)
    assert g._inv.ntroph[inv] == 1 and g._inv.trophy(inv, 0) & 0xFFF == koi
    assert g._decks.cup.at(g._decks.cup.n - 1) == 0        # the monster back in the cup


def test_rule_starting_investigators_are_chosen_or_drawn():
    from eldritch.kernel.eldersign.game.machine import Game
    g = Game(DATA, players=2, seed=4, ancient_one="Yig")
    assert asked(g) == G.F_PICK and g.current_player() == 0
    picks = of_kind(g, G.A_PICK)
    assert len(picks) == len(DATA.investigators) and G.A_DRAW in legal(g)
    g.apply(G.A_PICK + inv_id("Generic Investigator K"))
    assert g.current_player() == 1 and G.A_PICK + inv_id("Generic Investigator K") not in legal(g)
    top = g._decks.investigators.at(0)
    g.apply(G.A_DRAW)
    assert g._seats.inv[0] == inv_id("Generic Investigator K") and g._seats.inv[1] == top
    assert asked(g) == G.F_MAIN and G.EV_MYTHOS in events(g)


# ----- 2. timing as written -----------------------------------------------------------------------

def test_rule_items_may_be_used_between_rolls():
    """After seeing a roll the player adds the yellow die: it joins the pool and is rolled next (the
    old kernel allowed items only before the first roll)."""
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Common Item (yellow die)")
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, PERIL, PERIL, PERIL)
    assert G.A_USE + i in legal(g)
    g.apply(G.A_USE + i)
    a = g._slots.adv[0]
    assert a.pool_dice(YELLOW) == 1
    fail_roll(g)
    roll(g, LORE, I3, I1, I1, I1, y=I4)                    # the yellow die is rolled now
    assert a.roll_counts[YELLOW * 8 + I4] == 1


def test_rule_healing_between_rolls_affords_a_task_cost():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Tonic")
    clear_board(g)
    put(g, 0, "Hallway on Fire")                           # P H1 > P H1
    g._inv.sta[inv] = 1
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, PERIL, I1, I1, I1, I1, I1)
    assert not [a for a in legal(g) if a < 2048]
    g.apply(G.A_USE + i)                                   # +2 stamina between rolls
    assert [a for a in legal(g) if a < 2048]


def test_rule_awakening_at_midnight_stops_midnight_and_attacks_at_once():
    """The last doom token from the first at-midnight effect: no further at-midnight effect, no new
    mythos card, the Ancient One attacks at once (the old kernel resolved the whole midnight)."""
    g = game(players=2)
    clear_board(g)
    put(g, 0, "Transported By Magic")                      # at midnight: a doom per Other World
    put(g, 1, "Don't Fall Asleep")                         # at midnight: each loses 1 sanity
    put(g, 6, "Another Dimension")
    g._doom = g._ao.doom - 1
    sanity = [g._inv.san[seat_inv(g, s)] for s in range(2)]
    g._clock.turn = 5
    g._clock.hour = 9
    mythos = g._mythos
    move(g, None)
    g.apply(G.A_AID)
    codes = events(g)
    assert G.EV_AWAKEN in codes and G.EV_ATTACK in codes and G.EV_MYTHOS not in codes
    assert g._mythos == -1 and mythos in [g._decks.mythos.at(k) for k in range(g._decks.mythos.n)]
    # Don't Fall Asleep's -1 sanity never came; the attack asks each investigator
    assert asked(g) == G.F_CHOOSE
    assert [g._inv.san[seat_inv(g, s)] for s in range(2)] == sanity


def test_rule_devoured_outside_own_turn_picks_a_replacement_at_once():
    g = game(players=2)
    b = seat_inv(g, 1)
    g._inv.sta[b] = 1
    run(g, "each(stamina-1)", active(g))                   # in seat 1's turn
    assert g._seats.inv[1] == G.NONE
    assert asked(g) == G.F_PICK and g.current_player() == 1     # at once (old: after the turn)
    g.apply(G.A_DRAW)
    assert g._seats.inv[1] != G.NONE and phase(g) == G.P_MOVE and g._clock.seat == 0


def test_rule_active_player_devoured_picks_after_their_clock_phase():
    g = game(players=2)
    a = active(g)
    move(g, None)
    g._inv.sta[a] = 1
    run(g, "stamina-1", a)
    assert g._clock.hour == 3 and asked(g) == G.F_PICK and g.current_player() == 0


def test_rule_pending_replacement_is_not_put_out_at_the_awakening():
    """Seat 1's investigator devoured in their own turn (their pick waits for the clock phase), then
    another devouring wakes the Ancient One: seat 1 still picks (the old kernel put it out); only
    the player whose devouring woke it is out."""
    g = game(players=3, ao="Hastur")                       # no monster on the last doom spaces
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    move(g, None)
    g._inv.sta[a] = 1
    g._doom = g._ao.doom - 2
    g._inv.sta[b] = 1
    run(g, "stamina-1,each(stamina-1)", a)                 # a devoured (doom), then b (the last doom)
    assert g._battle and g._seats.state[1] == 2 and g._seats.state[0] == 1
    assert asked(g) == G.F_PICK and g.current_player() == 0
    g.apply(G.A_DRAW)
    assert g._seats.state[0] == 0 and g._inv.loc[g._seats.inv[0]] == G.LOC_AO


def test_rule_lock_takes_its_die_out_of_the_attempt_in_progress():
    """A monster with a lock icon appears during an attempt that rolls the yellow die: it leaves the
    pool at once (the old kernel took it only off spells)."""
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Common Item (yellow die)")
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_USE + i)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1, y=I4)
    m = [k for k in range(len(DATA.monsters)) if DATA.monsters[k].name == "Generic Horror"][0]
    g._decks.cup.take(m)
    g._decks.cup.buf[(g._decks.cup.head - 1) % g._decks.cup.cap] = m
    g._decks.cup.head = (g._decks.cup.head - 1) % g._decks.cup.cap
    g._decks.cup.n += 1
    run(g, "monster+1", inv)                               # Generic Horror: locks yellow
    a = g._slots.adv[0]
    assert a.pool_dice(YELLOW) == 0 and a.roll_counts[YELLOW * 8 + I4] == 0
    assert event_rows(g, G.EV_LOCKED_DIE)[-1][:2] == (YELLOW, 1)


def test_rule_die_may_be_taken_off_a_spell_to_be_rolled():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    spell = g._inv.drop_card(inv, give(g, inv, "Generic Holding Spell"))
    g._spells.hold(GREEN * 8 + I1, spell, inv)
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_BEGIN)
    a = g._slots.adv[0]
    assert a.pool_dice(GREEN) == 5 and a.held[I1] == 1
    roll(g, I1, I1, I1, I1, I1)
    assert G.A_UNHOLD + 0 in legal(g)
    g.apply(G.A_UNHOLD + 0)
    assert a.pool_dice(GREEN) == 6 and a.held[I1] == 0 and g._spells.n == 0


def test_rule_clues_reroll_as_often_as_the_player_has_clues():
    g = game()
    inv = active(g)
    g._inv.clues[inv] = 6
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")                       # L | T I8
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    for k in range(6):                                     # the old kernel stopped at 4
        rerolls = [a for a in legal(g) if ACT_REROLL <= a < ACT_ROLL]
        assert rerolls, k
        g.apply(max(rerolls))
        roll(g, I1, I1, I1, I1, I1, I1)
    assert g._inv.clues[inv] == 0 and not [a for a in legal(g) if ACT_REROLL <= a < ACT_ROLL]


def test_rule_first_aid_free_healing_at_full_health():
    g = game()
    inv = active(g)
    assert g._inv.sta[inv] == g._inv.maxsta[inv] and g._inv.san[inv] == g._inv.maxsan[inv]
    move(g, None)
    assert G.A_AID in legal(g) and G.A_AID + 1 in legal(g)
    g.apply(G.A_AID)
    assert g._clock.hour == 3                              # it still ends the turn


def test_rule_any_number_of_other_worlds_in_play():
    g = game()
    run(g, "gate+9", active(g))                            # the old board had 6 Other World slots
    assert sum(g._slots.on[s] for s in range(G.MAIN_SLOTS, g._slots.n)) == 9


def test_rule_devoured_investigators_spells_go_back_with_their_dice_freed():
    g = game(players=2)
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    clear_hand(g, b)
    spell = g._inv.drop_card(b, give(g, b, "Generic Holding Spell"))
    g._spells.hold(GREEN * 8 + LORE, spell, b)
    deck = g._decks.items[2].n
    assert pool.free_dice(g, GREEN) == 5
    g._inv.sta[b] = 1
    run(g, "each(stamina-1)", a)
    assert g._spells.n == 0 and g._decks.items[2].n == deck + 1 and pool.free_dice(g, GREEN) == 6


# ----- 3. cards as cards --------------------------------------------------------------------------

def test_rule_completed_adventure_and_defeated_monster_are_trophies_not_values():
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Late Night Break-In")                       # I3 (a full outline) | I6
    place(g, 0, "Generic Cultist", 0)                      # P P instead of I3
    cup = g._decks.cup.n
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, PERIL, PERIL, I3, I3, I1, I1)
    g.apply([x for x in legal(g) if x < 2048 and x >> 8 == 0][0])
    roll(g, I3, I3, I1, I1)
    g.apply([x for x in legal(g) if x < 2048 and x >> 8 == 1][0])
    codes = [g._inv.trophy(inv, j) for j in range(g._inv.ntroph[inv])]
    assert sorted(c >> 12 for c in codes) == [G.TR_ADVENTURE, G.TR_MONSTER]
    assert (G.TR_ADVENTURE << 12) | adventure_id("Late Night Break-In") in codes
    assert g._decks.cup.n == cup                           # the monster is not back in the cup


def test_rule_spent_trophies_go_under_their_deck_and_monsters_to_the_cup():
    g = game(ao="Yig")
    inv = active(g)
    koi = trophy_card(g)
    g._inv.add_trophy(inv, (G.TR_ADVENTURE << 12) | koi)
    g._decks.cup.take(3)
    g._inv.add_trophy(inv, (G.TR_MONSTER << 12) | 3)
    g._inv.sta[inv] = 1
    move(g, None)
    assert G.A_AID + 4 not in legal(g)                     # koi (2) and the monster (1): not 4
    g.apply(G.A_AID + 2)
    g.apply(G.A_SPEND + 1)                                 # the monster (1): 1 still to pay
    assert event_rows(g, G.EV_SPENT)[-1] == (inv, (G.TR_ADVENTURE << 12) | koi, 1)   # the card left
    adv = g._decks.adventures
    assert adv.at(adv.n - 1) == koi and g._decks.cup.at(g._decks.cup.n - 1) == 3


def test_rule_devoured_investigators_trophies_go_back():
    g = game(players=2)
    a, b = seat_inv(g, 0), seat_inv(g, 1)
    koi = trophy_card(g)
    g._inv.add_trophy(b, (G.TR_ADVENTURE << 12) | koi)
    g._inv.sta[b] = 1
    run(g, "each(stamina-1)", a)
    assert g._inv.ntroph[b] == 0 and g._decks.adventures.count(koi) == 1


# ----- 4. the missing rules -----------------------------------------------------------------------

def test_rule_ancient_one_ability_in_effect_all_game():
    """Yog-Sothoth's (generic) ability raises gift shop prices; Yig's adds a doom when one is
    devoured; Ithaqua's costs stamina at the entrance."""
    g = game(ao="Yog-Sothoth")
    inv = active(g)
    g._inv.add_trophy(inv, (G.TR_TOKEN << 12) | 8)
    move(g, None)
    assert [a for a in of_kind(g, G.A_SHOP) if DATA.shop[a - G.A_SHOP].key == "Elder sign"] == []
    g = game(ao="Yig", players=2)
    b = seat_inv(g, 1)
    g._inv.sta[b] = 1
    run(g, "each(stamina-1)", active(g))
    assert g._doom == 2                                    # the devouring's, and Yig's
    g = game(ao="Ithaqua")
    inv = active(g)
    move(g, None)
    sta = g._inv.sta[inv]
    g.apply(G.A_AID + 1)
    assert g._inv.sta[inv] == sta - 1


def test_rule_investigator_ability_once_per_roll():
    g = game(invs=("Generic Investigator A",))             # roll(reroll+1)
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")
    g._inv.clues[active(g)] = 0
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    free = of_kind(g, G.A_FREEROLL)
    assert free
    g.apply(max(free))
    roll(g, I1, I1, I1, I1, I1, I1)
    assert not of_kind(g, G.A_FREEROLL)                    # a reroll is part of the same roll
    fail_roll(g)
    roll(g, I1, I1, I1, I1, I1)
    assert of_kind(g, G.A_FREEROLL)                        # a new roll: once more


def test_rule_investigator_ability_once_per_day():
    g = game(invs=("Generic Investigator B",))             # day(clue+1)
    inv = active(g)
    clues = g._inv.clues[inv]
    assert G.A_ABILITY in legal(g)
    g.apply(G.A_ABILITY)
    assert g._inv.clues[inv] == clues + 1 and G.A_ABILITY not in legal(g)
    g._inv.refresh_day()
    assert G.A_ABILITY in legal(g)


def test_rule_mythos_ongoing_effect_beyond_terror_midnight_and_lock():
    g = game(mythos="Generic Mythos: Silence")             # no clue rerolls while it is active
    inv = active(g)
    g._inv.clues[inv] = 3
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    assert not [a for a in legal(g) if ACT_REROLL <= a < ACT_ROLL]
    g = game(players=2, mythos="Generic Mythos: Watchful Eyes")   # on_monster(sanity-1)
    inv = active(g)
    san = g._inv.san[inv]
    run(g, "monster+1", inv)
    while asked(g) == G.F_PLACE:
        g.apply(of_kind(g, G.A_PLACE)[0])
    assert g._inv.san[inv] == san - 1


def test_rule_mythos_effect_lasting_beyond_the_next_card():
    g = game(mythos="Generic Mythos: Fading Hope")         # no focus; lasts 2
    fading = g._mythos
    g._stack.push(G.F_MYTHOS)
    engine.drive(g)
    assert g._nlasting == 1 and g._lasting[0] == fading and resolve.modifier(g, 2) == 1
    while asked(g) != G.F_MAIN:
        g.apply(legal(g)[0])
    g._stack.push(G.F_MYTHOS)
    engine.drive(g)
    assert g._nlasting == 0 and resolve.modifier(g, 2) == 0
    deck = g._decks.mythos
    assert fading in [deck.at(k) for k in range(deck.n)]


def test_rule_transported_by_magic_adds_doom_per_other_world_at_midnight():
    """Its at-midnight effect (a doom token per Other World in play) is data now, not a note."""
    g = game()
    clear_board(g)
    put(g, 0, "Transported By Magic")
    put(g, 6, "Another Dimension")
    put(g, 7, "Lost Carcosa")
    card = DATA.adventures[adventure_id("Transported By Magic")]
    doom_before = g._doom
    g._begin_events()
    g._stack.push(G.F_RUN, 0, len(card.midnight), active(g), 1, card.midnight)
    engine.drive(g)
    assert g._doom == doom_before + 2 and event_rows(g, G.EV_NOTE) == []
    put(g, 8, "The Abyss")
    g._stack.push(G.F_RUN, 0, len(card.midnight), active(g), 1, card.midnight)
    engine.drive(g)
    while asked(g) != G.F_MAIN:                        # a monster space on the track: placed
        g.apply(legal(g)[0])
    assert g._doom == doom_before + 5


def test_rule_adventure_lock_icon_takes_a_die_until_completed():
    g = game()
    clear_board(g)
    put(g, 0, "Generic Adventure: Haunted Stair")          # lock green; P T | I5
    assert pool.free_dice(g, GREEN) == 5
    move(g, 0)
    g.apply(G.A_BEGIN)
    assert g._slots.adv[0].pool_dice(GREEN) == 5
    roll(g, PERIL, TERROR, I3, I2, I1)
    g.apply([a for a in legal(g) if a < 2048][0])
    roll(g, I3, I2, I1)
    g.apply([a for a in legal(g) if a < 2048][0])
    assert G.EV_WON in events(g) and pool.free_dice(g, GREEN) == 6


# ----- 5. the data fix ----------------------------------------------------------------------------

def test_rule_another_dimension_rewards_a_spell_an_item_and_an_elder_sign():
    from eldritch.kernel.eldersign.game import effects as E
    card = DATA.adventures[adventure_id("Another Dimension")]
    assert card.reward == E.compile_effects("spell+1,common_item+1,elder_sign+1", "t")
    assert card.penalty == E.compile_effects("sanity-1,stamina-2", "t")


GAINS = ("clue+", "common_item+", "unique_item+", "spell+", "ally+", "elder_sign+", "doom-", "gate+",
         "sanity+", "stamina+")
COSTS = ("sanity-", "stamina-", "doom+", "monster+", "clue-", "trophies-", "elder_sign-")


def test_no_card_rewards_only_costs_or_penalises_only_gains():
    """The slip Another Dimension had (reward and penalty swapped), checked on every card of the
    library that has both: a reward made only of costs, or a penalty made only of gains."""
    from eldritch.kernel.eldersign import library
    checked = 0
    for adv in library.load():
        if not adv.reward or not adv.penalty:
            continue
        reward = [p for p in adv.reward.split(",")]
        penalty = [p for p in adv.penalty.split(",")]
        only_costs = all(p.startswith(COSTS) for p in reward)
        only_gains = all(p.startswith(GAINS) for p in penalty)
        assert not only_costs and not only_gains, (adv.set, adv.name, adv.reward, adv.penalty)
        checked += 1
    assert checked >= 90


def test_rule_a_green_lock_in_an_attempt_takes_the_die_the_player_chooses():
    """Every green die is in the attempt (none idle): the active player says which one the lock
    takes (the old kernel took one off a spell, or none)."""
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, LORE, I3, I1, I1, PERIL, PERIL)
    run(g, "lock_green+1", inv)
    assert asked(g) == G.F_LOCKDIE and g.current_player() == 0
    takes = of_kind(g, G.A_LOCKDIE)
    assert sorted(a - G.A_LOCKDIE for a in takes) == sorted({LORE, I3, I1, PERIL})
    g.apply(G.A_LOCKDIE + I1)
    a = g._slots.adv[0]
    assert a.pool_dice(GREEN) == 5 and a.roll_counts[I1] == 1 and a.roll_counts[LORE] == 1


def test_a_user_card_file_gives_abilities_lock_icons_and_lasting_mythos(tmp_path):
    """Each kind of ability is data: an investigator's once-per-day ability, an Ancient One's ability,
    a mythos card lasting beyond the next card, an adventure's lock icon and ongoing trigger, and a
    new adventure, all from user card files."""
    from eldritch.kernel.eldersign.game.data import GameData, SCHEMAS
    from eldritch.kernel.eldersign.game import effects as E
    files = {
        "investigators": "Real Investigator\t5\t5\tclue+1\tday(stamina+2)\tuser: the real card",
        "ancient_ones": "Real One\t8\t9\tL L\t4\t\tdoom+1\t\tat_midnight(each(sanity-1)),shop_cost+2\tuser",
        "mythos": "Real Mythos\t1\t\t\t\t\ton_won(elder_sign+1)\t0\tuser",
        "adventure_rules": "Core\tThe Curator\t\t\t\t\t\t\t\t\t\tred\ton_failed(doom+1)\tuser: its lock icon\n"
                           "Core\tReal Adventure\tL L | P\tnone\t2\t\t\t\t\telder_sign+1\tsanity-1\t\t\tuser",
    }
    paths = []
    for name, rows in files.items():
        f = tmp_path / (name + ".tsv")
        f.write_text("\t".join(SCHEMAS[name]) + "\n" + rows + "\n")
        paths.append(f)
    data = GameData(extra=paths)
    inv = [i for i in data.investigators if i.name == "Real Investigator"][0]
    assert inv.ability.day == E.compile_effects("stamina+2", "t")
    ao = [a for a in data.ancient_ones if a.name == "Real One"][0]
    assert ao.ability.modifiers[E.M_SHOP_COST] == 2 and ao.ability.triggers[E.T_MIDNIGHT]
    myth = [m for m in data.mythos if m.name == "Real Mythos"][0]
    assert myth.lasts_n == 0 and myth.ongoing.triggers[E.T_WON]
    curator = [a for a in data.adventures if a.name == "The Curator"][0]
    assert curator.lock == RED and curator.ongoing.triggers[E.T_FAILED] and curator.notation == "L L L | L I3"
    assert [a.notation for a in data.adventures if a.name == "Real Adventure"] == ["L L | P"]


# ----- 6. interactive play asks -------------------------------------------------------------------

def test_interactive_play_shows_each_choice_with_the_players_options(monkeypatch, capsys, tmp_path):
    """`eldritch play --plain` asks seat 1 to choose or draw an investigator, listing the options in
    words; each question names the seat that answers; then the turn's steps."""
    import io
    import sys
    from eldritch.cli import main
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nquit\n"))      # 1: draw one at random (no terminal: quit is not asked)
    assert main(["play", "--plain", "--seed", "3", "--players", "2", "--bots", "2", "--no-hints"]) == 0
    out = capsys.readouterr().out
    assert "seat 1: no investigator yet: choose an investigator (or draw one):" in out
    assert "  2. take Generic Investigator A" in out and "1. draw an investigator at random" in out
    assert "> seat 2: no investigator yet: draw an investigator at random" in out     # the bot's
    assert ": move phase:" in out and "move to the entrance" in out
