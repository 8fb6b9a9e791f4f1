"""One focused test per rule of digest sections 5-8 (../shared/rules/elder-sign.md), each named by
its rule; scenarios are set up by writing the game state (tests/game_positions.py), then driven
through apply(). The rules the rulebook gives players a choice in are tested in
tests/test_game_choices.py."""

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.surface import CHANCE
from eldritch.kernel.eldersign.adventure import ACT_ROLL, ACT_REROLL, ACT_HOLD
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, I1, I2, I3, I4, LORE, PERIL, TERROR
from eldritch.kernel.eldersign.notation import format_card, format_task, parse_card
from eldritch.kernel.eldersign.game import machine as G, pool, engine, board, doom, text as gametext
from eldritch.kernel.eldersign.game.machine import Game

from game_positions import (DATA, game, legal, of_kind, asked, phase, active, clear_hand, give, clear_board,
                            put, place, move, roll, run, events, total_trophies, adventure_id, end_turn,
                            answer_choices, fail_roll)


# ----- section 5 --------------------------------------------------------------------------------

def test_rule_5_common_item_adds_yellow_unique_adds_red():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Common Item (yellow die)")
    j = give(g, inv, "Generic Unique Item (red die)")
    put(g, 0, "Hallway on Fire")
    move(g, 0)
    g.apply(G.A_USE + i)
    g.apply(G.A_USE + j)
    assert g._inv.card(inv, i) == G.NONE                   # discarded
    g.apply(G.A_BEGIN)
    a = g._slots.adv[0]
    assert a.pool_dice(YELLOW) == 1 and a.pool_dice(RED) == 1


def test_rule_5_die_given_back_cannot_be_regained_this_turn():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    give(g, inv, "Generic Common Item (yellow die)")
    give(g, inv, "Generic Common Item (yellow die)")
    put(g, 0, "Hallway on Fire")
    move(g, 0)
    g.apply(G.A_USE + 0)
    assert G.A_USE + 1 not in legal(g)                      # the yellow die is already in the pool
    g._turn_yellow = 2                                      # given back this turn
    assert G.A_USE + 1 not in legal(g)


def _die_off_a_spell_into_the_pool(colour, face, item):
    """A game whose active investigator holds `item` and rolls with the die of colour taken off a
    spell into the pool after the first roll; returns (game, the item's hand index)."""
    g = game()
    inv = active(g)
    g._locks.clear()
    clear_hand(g, inv)
    i = give(g, inv, item)
    spell = g._inv.drop_card(inv, give(g, inv, "Generic Holding Spell"))
    g._spells.hold(colour * 8 + face, spell, inv)
    clear_board(g)
    put(g, 0, "Hallway on Fire")
    move(g, 0)
    assert G.A_USE + i not in legal(g)                      # the die is on the spell
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    g.apply(of_kind(g, G.A_UNHOLD)[0])
    assert g._slots.adv[0].pool_dice(colour) == 1
    return g, i


def test_rule_5_one_yellow_and_one_red_die_an_item_adds_no_second():
    """Rulebook p.2, components: "6 zöld dobókocka, sárga dobókocka, vörös dobókocka" (six green
    dice, the yellow die, the red die); p.12: common items add "the yellow die", unique items "the
    red die" to the pool. A yellow (red) die taken off a spell into the pool is that die: a Common
    (Unique) Item is not offered, and no effect adds the die a second time."""
    for colour, face, item in ((YELLOW, I4, "Generic Common Item (yellow die)"),
                               (RED, I4, "Generic Unique Item (red die)")):
        g, i = _die_off_a_spell_into_the_pool(colour, face, item)
        assert G.A_USE + i not in legal(g)
        run(g, ("die_yellow+1" if colour == YELLOW else "die_red+1"), active(g))
        assert g._slots.adv[0].pool_dice(colour) == 1


def test_rule_5_die_set_aside_is_lost_for_the_adventure_no_item_brings_it_back():
    """Rulebook p.9: a failed roll sets a die aside ("félre kell tennie egy kockát"), and a die
    set aside is out of the adventure; the yellow die set aside is not added again by an item."""
    g, i = _die_off_a_spell_into_the_pool(YELLOW, I4, "Generic Common Item (yellow die)")
    fail_roll(g, colour=YELLOW)
    assert g._slots.adv[0].pool_dice(YELLOW) == 0
    roll(g, I1, I1, I1, I1, I1, I1)                        # items are used after a roll
    assert G.A_USE + i not in legal(g)


def test_rule_5_healing_never_above_maximum():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Tonic")
    g._inv.sta[inv] = g._inv.maxsta[inv] - 1
    move(g, None)
    g.apply(G.A_USE + i)
    assert g._inv.sta[inv] == g._inv.maxsta[inv]


def test_rule_5_item_defeats_a_monster_partial_symbols_remain():
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Yuggoth")                                   # 1:partial1 on "P T"
    place(g, 0, "Generic Horror", 0)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Warding Charm")
    move(g, 0)
    g.apply(G.A_USE + i)                                   # the only monster in play: no question
    assert g._slots.mon[0] == G.NONE and total_trophies(g, inv) >= 2
    assert format_card(g._slots.adv[0].card) == "P T | I8"


def test_rule_5_spell_holds_a_die_any_player_may_use_it_later():
    g = game(players=2)
    a = active(g)
    clear_hand(g, a)
    spell = give(g, a, "Generic Holding Spell")
    clear_board(g)
    put(g, 0, "Don't Fall Asleep")                         # T | T T
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, TERROR, I1, I1, I1, I1, I1)
    g.apply(G.A_HOLD + spell * 32 + GREEN * 8 + TERROR)
    assert g._spells.n == 1 and g._spells.die[0] == TERROR
    g.apply(G.A_GIVEUP)
    end_turn(g)
    assert g._spells.n == 1                                 # the spell keeps its die after the phase
    b = active(g)
    assert b != a
    move(g, 0)
    g.apply(G.A_BEGIN)
    assert g._slots.adv[0].held[TERROR] == 1                # usable by the next player
    assert g._slots.adv[0].pool_dice(GREEN) == 5


def test_rule_5_spell_returns_to_deck_when_its_last_die_is_gone():
    g = game()
    inv = active(g)
    i = give(g, inv, "Generic Holding Spell")
    spell = g._inv.drop_card(inv, i)
    g._spells.hold(GREEN * 8 + TERROR, spell, inv)
    before = g._decks.items[2].n
    pool.drop_spell_die(g, 0)
    assert g._spells.n == 0 and g._decks.items[2].n == before + 1


def test_rule_5_clue_rerolls_and_is_spent():
    g = game()
    inv = active(g)
    g._inv.clues[inv] = 2
    clear_board(g)
    put(g, 0, "Ancient Relics")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, PERIL, PERIL, PERIL)
    rerolls = [a for a in legal(g) if ACT_REROLL <= a < ACT_ROLL]
    assert rerolls
    g.apply(rerolls[0])
    assert g._inv.clues[inv] == 1


def test_rule_5_lock_takes_the_die_at_once_even_from_a_spell():
    g = game()
    inv = active(g)
    g._locks.clear()
    spell = g._inv.drop_card(inv, give(g, inv, "Generic Holding Spell"))
    g._spells.hold(YELLOW * 8 + 3, spell, inv)
    pool.add_lock(g, YELLOW, G.LK_MONSTER, 5)
    assert g._spells.n == 0 and pool.free_dice(g, YELLOW) == 0


def test_rule_5_locked_twice_moves_to_the_second_icon_when_freed():
    g = game()
    g._locks.clear()
    pool.add_lock(g, RED, G.LK_MYTHOS, 0)
    pool.add_lock(g, RED, G.LK_MONSTER, 7)
    assert pool.free_dice(g, RED) == 0
    pool.free_locks(g, G.LK_MYTHOS, 0)
    assert pool.free_dice(g, RED) == 0                      # now on the monster
    pool.free_locks(g, G.LK_MONSTER, 7)
    assert pool.free_dice(g, RED) == 1


def test_rule_5_mythos_lock_freed_at_next_midnight():
    g = game(mythos="Generic Mythos: Sealed Fate")          # locks the green die
    assert [g._locks.kind[i] for i in range(g._locks.n)].count(G.LK_MYTHOS) == 1
    g._stack.push(G.F_MYTHOS)                               # the next card (midnight)
    engine.drive(g)
    kinds = [g._locks.kind[i] for i in range(g._locks.n)]
    assert kinds.count(G.LK_MYTHOS) == (1 if DATA.mythos[g._mythos].lock_colour >= 0 else 0)


# ----- section 6 --------------------------------------------------------------------------------

def test_rule_6_move_to_any_revealed_adventure_other_world_entrance_or_stay():
    g = game()
    board.open_gate(g, G.NONE)
    moves = of_kind(g, G.A_MOVE)
    assert G.A_MOVE in moves                               # entrance (where it stands: stay)
    assert G.A_MOVE + 1 + G.MAIN_SLOTS in moves            # the Other World below the six
    assert len(moves) == 1 + 7


def test_rule_6_clock_advances_three_hours_per_turn_midnight_at_xii():
    g = game()
    move(g, None)
    g.apply(G.A_AID)
    assert g._clock.hour == 3
    mythos = g._mythos
    for _ in range(3):
        move(g, None)
        g.apply(G.A_AID)
    assert g._clock.hour == 0 and G.EV_MIDNIGHT in events(g) and G.EV_MYTHOS in events(g)
    assert g._mythos != mythos or DATA.mythos.count(DATA.mythos[mythos]) > 1


def _setup_events(players, seed):
    """A new game's setup, the investigators drawn (and any question of the first mythos card
    answered with its first option): its events (code, a) up to the first turn, and the game."""
    g = Game(DATA, players=players, seed=seed)
    seen = [(g._ev[4 * k], g._ev[4 * k + 1]) for k in range(g._nev // 4)]
    for _ in range(players):
        g.apply(G.A_DRAW)
        seen += [(g._ev[4 * k], g._ev[4 * k + 1]) for k in range(g._nev // 4)]
    while G.EV_TURN not in [c for c, _ in seen]:
        assert asked(g) != G.F_MAIN and g.current_player() == g._clock.seat     # the first player answers
        g.apply(legal(g)[0])
        seen += [(g._ev[4 * k], g._ev[4 * k + 1]) for k in range(g._nev // 4)]
    return seen, g


def test_rule_setup_the_first_player_is_drawn_by_lot():
    """Rulebook setup step 8: "A kezdőjátékos: A nyomozók jelzőit felhasználva sorsoljátok ki, hogy ki
    lesz a kezdőjátékos" (the first player: draw lots with the investigators' markers to decide who
    plays first); step 9: the first player reveals the first mythos card; "A játék a kezdőjátékos
    körével kezdődik" (the game begins with the first player's turn). The lot is chance from the
    seeded PRNG, drawn once the investigators are chosen: over 200 seeds of a 4-player game every
    seat plays first at least 30 times, the first turn and the first mythos card are that seat's,
    and the same seed draws the same seat."""
    firsts = [0] * 4
    for seed in range(200):
        seen, g = _setup_events(4, seed)
        codes = [c for c, _ in seen]
        first = [a for c, a in seen if c == G.EV_FIRST]
        assert len(first) == 1
        assert codes.index(G.EV_FIRST) > max(k for k, c in enumerate(codes) if c == G.EV_PICK)
        assert codes.index(G.EV_FIRST) < codes.index(G.EV_MYTHOS) < codes.index(G.EV_TURN)
        assert [a for c, a in seen if c == G.EV_TURN] == first and g._clock.seat == first[0]
        if seed < 10:
            assert _setup_events(4, seed)[1]._clock.seat == first[0]
        firsts[first[0]] += 1
    assert min(firsts) >= 30, firsts
    seen, g = _setup_events(1, 5)
    assert [a for c, a in seen if c == G.EV_FIRST] == [0] and g._clock.seat == 0


def test_rule_6_no_midnight_effects_in_the_first_round():
    g = game(players=4)
    clear_board(g)
    for s in range(G.MAIN_SLOTS):
        put(g, s, ("Don't Fall Asleep", "The Curator", "Koi Pond", "Ancient Relics", "Hallway on Fire",
                   "The Hedge Maze")[s])
    sanity = [g._inv.san[g._seats.inv[s]] for s in range(4)]
    _top_mythos(g, "Generic Mythos: The Night Deepens")    # the card midnight reveals asks nothing
    for _ in range(4):                                     # round 1 ends at XII
        move(g, None)
        g.apply(G.A_AID + 1)
        end_turn(g)
    assert g._clock.hour == 0 and G.EV_MIDNIGHT in events(g)
    assert [g._inv.san[g._seats.inv[s]] for s in range(4)] == sanity   # Don't Fall Asleep did nothing
    assert asked(g) == G.F_MAIN                            # nobody asked to choose (The Curator)


def test_rule_6_midnight_effects_after_the_first_round():
    g = game(players=1)
    clear_board(g)
    put(g, 0, "Don't Fall Asleep")                         # at midnight: each loses 1 sanity
    inv = active(g)
    g._inv.san[inv] = g._inv.maxsan[inv] - 1
    g._clock.turn = 7
    g._clock.hour = 9
    move(g, None)
    g.apply(G.A_AID + 1)                                   # +1 sanity, then midnight: -1
    rows = [text for text in gametext.events(g)]
    assert rows[rows.index("midnight") + 1].endswith("sanity now %d" % (g._inv.maxsan[inv] - 1))


def test_rule_6_mythos_old_to_bottom_next_revealed_immediate_effect():
    g = game()
    old = g._mythos
    n = g._decks.mythos.n
    g._stack.push(G.F_MYTHOS)
    engine.drive(g)
    deck = g._decks.mythos
    assert deck.at(deck.n - 1) == old and deck.n == n


def test_rule_6_once_per_day_abilities_refresh_at_midnight():
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Ally")
    move(g, None)
    g.apply(G.A_USE + i)
    assert G.A_USE + i not in legal(g)
    g._inv.refresh_day()
    assert G.A_USE + i in legal(g)


def test_rule_6_first_aid_options_and_trophy_prices():
    g = game()
    inv = active(g)
    g._inv.sta[inv] = 1
    g._inv.san[inv] = 1
    g._inv.add_trophy(inv, (G.TR_ADVENTURE << 12) | adventure_id("Koi Pond"))    # worth 2
    move(g, None)
    assert G.A_AID + 4 not in legal(g)                     # 4 trophies needed
    g.apply(G.A_AID + 2)                                   # 2 trophies: all stamina, no change given
    assert g._inv.sta[inv] == g._inv.maxsta[inv] and total_trophies(g, inv) == 0


def test_rule_6_lost_and_found_rolls_one_green_die():
    g = game()
    move(g, None)
    g.apply(G.A_LOSTFOUND)
    assert g.current_player() == CHANCE
    assert [w for _, w in g.chance_outcomes()] == [1] * 6
    g.apply(G.A_FACE + 2)                                  # I3: a clue
    assert G.EV_LOSTFOUND in events(g)


def test_rule_6_gift_shop_buys_one_thing_no_change():
    g = game(ao="Yig")                                     # Yog-Sothoth raises the prices
    inv = active(g)
    g._inv.add_trophy(inv, (G.TR_TOKEN << 12) | 9)
    move(g, None)
    elder = [a for a in of_kind(g, G.A_SHOP) if DATA.shop[a - G.A_SHOP].key == "Elder sign"][0]
    g.apply(elder)
    assert g._elder == 1 and total_trophies(g, inv) == 0    # 9 paid for 8


def test_rule_6_gate_reward_places_an_other_world_below_the_six():
    g = game()
    run(g, "gate+1", active(g))
    assert g._slots.on[G.MAIN_SLOTS] and DATA.adventures[g._slots.card[G.MAIN_SLOTS]].other_world


def test_rule_6_completed_other_world_is_not_replaced():
    g = game()
    clear_board(g)
    put(g, 6, "Another Dimension")                         # L I1 | T P
    move(g, 6)
    g.apply(G.A_BEGIN)
    roll(g, LORE, I1, TERROR, PERIL, I2, I2)
    g.apply([a for a in legal(g) if a < 2048][0])
    roll(g, TERROR, PERIL, I2, I2)
    g.apply([a for a in legal(g) if a < 2048][0])
    assert G.EV_WON in events(g) and not g._slots.on[6]


def test_rule_6_task_costs_are_paid_and_block_the_task_at_zero():
    g = game()
    inv = active(g)
    clear_board(g)
    put(g, 0, "Hallway on Fire")                           # P H1 > P H1
    move(g, 0)
    g._inv.sta[inv] = 1
    g.apply(G.A_BEGIN)
    roll(g, PERIL, PERIL, I1, I1, I1, I1)
    assert not [a for a in legal(g) if a < 2048]           # would bring stamina to 0
    g._inv.sta[inv] = 3
    done = [a for a in legal(g) if a < 2048]
    g.apply(done[0])
    assert g._inv.sta[inv] == 2


def test_rule_6_terror_effects_of_card_and_mythos_on_a_failed_roll():
    g = game(mythos="Generic Mythos: Dread")               # terror: sanity-1
    inv = active(g)
    clear_board(g)
    put(g, 0, "Late Night Break-In")                       # its terror: trophies-1
    move(g, 0)
    san = g._inv.san[inv]
    g.apply(G.A_BEGIN)
    roll(g, TERROR, I1, I1, I1, I1, I1)
    g.apply(G.A_FAIL)
    assert g._inv.san[inv] == san - 1


# ----- section 7 --------------------------------------------------------------------------------

def test_rule_7_doom_monster_space_makes_a_monster_appear():
    g = game()
    g._doom = 2                                            # Yog-Sothoth: space 3 has a monster icon
    n = g._decks.cup.n
    run(g, "doom+1", active(g))
    assert G.EV_MONSTER in events(g) and g._decks.cup.n == n - 1


def test_rule_7_last_doom_wakes_the_ancient_one():
    g = game()
    g._doom = g._ao.doom - 1
    run(g, "doom+1", active(g))
    assert g._battle and g._doom == g._ao.doom


def test_rule_7_last_elder_sign_with_last_doom_wins():
    g = game()
    g._doom = g._ao.doom - 1
    g._elder = g._ao.elder_signs - 1
    run(g, "doom+1,elder_sign+1", active(g))
    assert g._result == 1 and not g._battle


def test_rule_7_monster_on_empty_outline_is_an_additional_task():
    g = game()
    clear_board(g)
    put(g, 0, "Generic Adventure: Sealed Vault")           # slot:empty: a line of its own
    before = g._slots.adv[0].ntasks
    run(g, "monster+1", active(g))
    assert g._slots.adv[0].ntasks == before + 1


def test_rule_7_monster_on_full_outline_replaces_the_task():
    g = game()
    clear_board(g)
    put(g, 0, "Late Night Break-In")                       # 1:full on I3
    run(g, "monster+1", active(g))
    m = DATA.monsters[g._slots.mon[0]]
    assert format_task(g._slots.adv[0].card.tasks[0]) == m.task
    assert g._slots.adv[0].ntasks == 2


def test_rule_7_monster_on_partial_outline_adds_the_outside_symbols():
    g = game()
    clear_board(g)
    put(g, 0, "Yuggoth")                                   # 1:partial1 on "P T": P stays
    run(g, "monster+1", active(g))
    m = DATA.monsters[g._slots.mon[0]]
    assert g._slots.adv[0].card.tasks[0] == parse_card(m.task + " P").tasks[0]


def test_rule_7_extra_monsters_go_last_on_ordered_cards():
    g = game()
    clear_board(g)
    put(g, 0, "Hallway on Fire")                           # ordered, no outline
    run(g, "monster+1", active(g))
    adv = g._slots.adv[0]
    assert adv.card.ordered and adv.ntasks == 3
    assert g._slots.task_mon[0 * G.MAX_TASKS_GAME + 2] != G.NONE  # the extra task comes last


def test_rule_7_defeated_monster_is_a_trophy_even_if_the_adventure_fails():
    g = game()
    clear_board(g)
    put(g, 0, "Late Night Break-In")                       # I3 (full outline) | ...
    place(g, 0, "Generic Cultist", 0)                      # P P on task 1
    inv = active(g)
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, PERIL, PERIL, I1, I1, I1, I1)
    g.apply([a for a in legal(g) if a < 2048 and a >> 8 == 0][0])
    roll(g, I1, I1, I1, I1)
    g.apply(G.A_GIVEUP)
    assert total_trophies(g, inv) == 1 and g._slots.mon[0] == G.NONE


def test_rule_7_devoured_adds_doom_returns_everything_and_picks_anew():
    g = game(players=2)
    inv = active(g)
    g._inv.clues[inv] = 3
    g._inv.add_trophy(inv, (G.TR_TOKEN << 12) | 2)
    doom_before = g._doom
    move(g, None)
    g._inv.sta[inv] = 1
    run(g, "stamina-1", inv)
    assert g._doom >= doom_before + 1 and g._seats.inv[0] == G.NONE
    assert g._inv.clues[inv] == 0 and total_trophies(g, inv) == 0 and g._inv.hand_count(inv) == 0
    assert g._clock.hour == 3                              # the devoured active investigator's clock
    assert asked(g) == G.F_PICK and g.current_player() == 0
    pick = of_kind(g, G.A_PICK)[0]
    g.apply(pick)
    new = pick - G.A_PICK
    assert g._seats.inv[0] == new and g._inv.san[new] == g._inv.maxsan[new]


# ----- section 8 --------------------------------------------------------------------------------

def awake(players=2, ao="Yog-Sothoth"):
    g = game(players=players, ao=ao)
    pool.add_lock(g, YELLOW, G.LK_MONSTER, 3)
    g._doom = g._ao.doom - 1
    run(g, "doom+1", active(g))
    return g


def test_rule_8_awakening_clears_board_and_dice_locked_there_leave():
    g = awake()
    assert g._battle and g._mythos == -1 and not any(g._slots.on)
    assert g._yellow_gone and pool.free_dice(g, YELLOW) == 0
    assert all(g._inv.loc[g._seats.inv[s]] == G.LOC_AO for s in range(g.players))


def test_rule_8_awakening_during_a_turn_goes_to_the_clock_phase():
    g = game()
    g._doom = g._ao.doom - 1
    inv = active(g)
    move(g, None)
    run(g, "doom+1", inv)                                  # a card used in the turn adds the last
    assert g._battle and g._clock.hour == 3 and phase(g) == G.P_BATTLE_PREP


def test_rule_8_awakening_at_midnight_attacks_at_once():
    g = game(players=2)
    g._doom = g._ao.doom - 1
    doom_stirs = [i for i, m in enumerate(DATA.mythos) if m.name == "Generic Mythos: Doom Stirs"][0]
    g._decks.mythos.take(doom_stirs)
    g._decks.mythos.buf[g._decks.mythos.head] = doom_stirs
    g._clock.turn = 5
    g._clock.hour = 9
    move(g, None)
    g.apply(G.A_AID)
    codes = events(g)
    assert G.EV_AWAKEN in codes and G.EV_ATTACK in codes
    assert codes.index(G.EV_ATTACK) > codes.index(G.EV_AWAKEN)


def test_rule_8_each_success_removes_a_doom_token_no_focus():
    g = awake()
    g.apply(G.A_BEGIN)
    doom_now = g._doom
    roll(g, LORE, LORE, I3, I1, I1, I1)
    hits = [a for a in legal(g) if a < 2048]
    g.apply(hits[0])
    assert g._doom == doom_now - 1
    assert phase(g) == G.P_BATTLE                           # rolls the remaining dice again
    assert g.current_player() == CHANCE


def test_rule_8_midnight_in_battle_attacks_instead_of_mythos():
    g = awake()
    g._stack.push(G.F_MIDNIGHT, 0, 0)
    g._begin_events()
    engine.drive(g)
    codes = events(g)
    assert G.EV_ATTACK in codes and G.EV_MYTHOS not in codes and g._mythos == -1


def test_rule_8_devoured_in_battle_adds_doom_and_is_out():
    g = awake()
    g._doom = 3
    inv = g._seats.inv[1]
    g._inv.sta[inv] = 1
    run(g, "stamina-1", inv)
    assert g._doom == 4 and g._seats.state[1] == 2


def test_rule_8_last_doom_removed_in_battle_wins():
    g = awake()
    g._doom = 1
    doom.add_doom(g, -1)
    assert g._result == 1 and g._ended_by == 1


def test_rule_8_last_investigator_devoured_loses():
    g = awake(players=1)
    inv = g._seats.inv[0]
    g._inv.sta[inv] = 1
    run(g, "stamina-1", inv)
    assert g._result == 0


def test_rule_8_elder_signs_reaching_the_number_win():
    g = game()
    g._elder = g._ao.elder_signs - 1
    run(g, "elder_sign+1", active(g))
    assert g._result == 1 and g._ended_by == 0


def test_rule_8_azathoth_awakening_is_defeat():
    g = awake(ao="Azathoth")
    assert g._result == 0 and g._ended_by == 1


def test_rulebook_devouring_that_wakes_the_ancient_one_puts_that_player_out():
    g = game(players=2)
    g._doom = g._ao.doom - 1
    inv = g._seats.inv[1]
    g._inv.sta[inv] = 1
    run(g, "stamina-1", inv)
    assert g._battle and g._seats.state[1] == 2


def test_illegal_action_is_a_kernel_error():
    g = game()
    with pytest.raises(KernelError):
        g.apply(G.A_BEGIN)


# ----- the rulebook's timing and wording where a kernel easily bends them: midnight, terror, items --

def _top_mythos(g, name):
    """The mythos card `name` on top of the mythos deck (the next one revealed)."""
    deck = g._decks.mythos
    m = [k for k in range(len(DATA.mythos)) if DATA.mythos[k].name == name and deck.count(k)][0]
    assert deck.take(m)
    deck.head = (deck.head - 1) % deck.cap
    deck.buf[deck.head] = m
    deck.n += 1
    return m


def test_rule_first_midnight_reveals_a_mythos_card_and_skips_only_at_midnight_effects():
    """Rulebook p.15, midnight: "2. Fel kell csapnotok egy mítoszkártyát és végre kell hajtanotok
    annak azonnali hatását" ... "Fontos: A játék legelső körében az éjfélkor -hatások nem jönnek
    létre." Only the at-midnight effects are skipped in the first round: with 4 players its midnight
    still reveals the next mythos card, and the setup card's lock is freed."""
    g = game(players=4, mythos="Generic Mythos: Sealed Fate")       # the setup card locks a green die
    setup = g._mythos
    assert g._locks.count(GREEN) == 1
    nxt = _top_mythos(g, "Generic Mythos: The Night Deepens")
    clear_board(g)
    put(g, 0, "Don't Fall Asleep")                          # at midnight: each loses 1 sanity
    sanity = [g._inv.san[g._seats.inv[s]] for s in range(4)]
    for _ in range(4):                                      # the first round ends at XII
        move(g, None)
        g.apply(G.A_AID)
        end_turn(g)
    codes = events(g)
    assert G.EV_MIDNIGHT in codes and G.EV_MYTHOS in codes
    assert g._mythos == nxt and g._mythos != setup and g._locks.count(GREEN) == 0
    assert [g._inv.san[g._seats.inv[s]] for s in range(4)] == sanity   # no at-midnight effect


def test_rule_once_per_day_abilities_refresh_at_midnight_in_the_final_battle():
    """Rulebook p.19: "Ha azonban éjfélt üt az óra, nem kerül sor mítoszkártya felcsapására, hanem a
    Mérhetetlen Vén lapján olvasható támadást kell végrehajtani." The attack replaces only the mythos
    card (step 2 of midnight, p.15); step 3 still happens: "A naponta egyszer -jellegű
    nyomozóképességek újra használhatók." """
    g = awake()
    inv = active(g)
    g._inv.ability_used[inv] = 1
    g._stack.push(G.F_MIDNIGHT, 0, 0)
    g._begin_events()
    engine.drive(g)
    assert G.EV_ATTACK in events(g)
    answer_choices(g)                                       # the attack: each loses stamina or sanity
    assert g._inv.ability_used[inv] == 0


def test_rule_awakening_at_midnight_attacks_and_refreshes_once_per_day_abilities():
    """Rulebook p.19: "Ha a Mérhetetlen Vén pont éjfélkor ébred fel, a Mérhetetlen Vén támadását
    nyomban végre kell hajtani": the attack is that midnight's, so its once-per-day abilities
    refresh after it (p.15, step 3)."""
    g = game(players=2)
    g._doom = g._ao.doom - 1
    _top_mythos(g, "Generic Mythos: Doom Stirs")
    g._clock.turn = 5
    g._clock.hour = 9
    inv = active(g)
    g._inv.ability_used[inv] = 1
    move(g, None)
    g.apply(G.A_AID)
    end_turn(g)
    codes = events(g)
    assert G.EV_AWAKEN in codes and G.EV_ATTACK in codes
    answer_choices(g)
    assert g._inv.ability_used[inv] == 0


def test_rule_terror_effects_resolve_before_the_player_gives_up():
    """Rulebook p.9: "Ha a játékos elrontja dobását és legalább egy kockájával iszonyatot dobott,
    végre kell hajtania a kalandlap, valamint a játékban lévő mítoszkártya összes iszonyathatását."
    A roll that completes nothing and shows Terror is a failed roll: its terror effects (Gala in the
    Great Hall: doom +1) resolve before the player may abandon the adventure ("Fontos: Az aktív
    játékos bármikor dönthet úgy, hogy elbukta a kalandot"); then its penalty (doom +1)."""
    g = game()
    clear_board(g)
    put(g, 0, "Gala in the Great Hall")                    # I2 L P | I3 S1; terror doom+1
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, TERROR, TERROR, TERROR, TERROR, TERROR, I1)     # completes nothing
    doom_before = g._doom
    g.apply(G.A_GIVEUP)
    codes = events(g)
    assert G.EV_TERROR in codes and G.EV_LOST in codes and codes.index(G.EV_TERROR) < codes.index(G.EV_LOST)
    assert g._doom == doom_before + 2                       # the terror's token and the penalty's


def _give_up_a_roll_that_completes_a_task(house=0):
    """Gala in the Great Hall (terror doom+1, penalty doom+1) rolled I1 I1 I1 L P T, which
    completes "I2 L P"; the player gives up at once. Returns (game, doom before giving up)."""
    g = game()
    g._house = house
    clear_board(g)
    put(g, 0, "Gala in the Great Hall")                    # I2 L P | I3 S1; terror doom+1
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, TERROR, I1, I1, I1, LORE, PERIL)
    assert any(a < ACT_HOLD for a in legal(g))             # a completion is offered
    doom_before = g._doom
    g.apply(G.A_GIVEUP)
    return g, doom_before


def test_rule_giving_up_a_roll_that_could_complete_a_task_resolves_its_terror():
    """Rulebook p.9: "Ha az aktív játékos dobása után a kaland egy feladatát sem tudja vagy akarja
    teljesíteni, a dobás elrontottnak számít" (if after the roll the player cannot or will not
    complete any task, the roll is failed), and "Ha a játékos elrontja dobását és legalább egy
    kockájával iszonyatot dobott, végre kell hajtania ... összes iszonyathatását". Giving up with a
    roll that could complete a task is a roll the player will not complete a task with: a failed
    roll, so its Terror resolves (doom +1), then the penalty (doom +1)."""
    g, doom_before = _give_up_a_roll_that_completes_a_task()
    codes = events(g)
    assert G.EV_TERROR in codes and G.EV_LOST in codes and codes.index(G.EV_TERROR) < codes.index(G.EV_LOST)
    assert g._doom == doom_before + 2


def test_house_rule_giveup_skips_terror_a_completable_roll_given_up_is_not_failed():
    """The house rule giveup_skips_terror keeps the other reading: a roll that could complete a task
    is not a failed roll unless the player fails it, so giving up at once resolves only the penalty;
    a roll that completes nothing still resolves its terror (the test above it)."""
    g, doom_before = _give_up_a_roll_that_completes_a_task(G.HR_GIVEUP_SKIPS_TERROR)
    assert G.EV_TERROR not in events(g) and g._doom == doom_before + 1
    g = game()
    g._house = G.HR_GIVEUP_SKIPS_TERROR
    clear_board(g)
    put(g, 0, "Gala in the Great Hall")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, TERROR, TERROR, TERROR, TERROR, TERROR, I1)     # completes nothing
    g.apply(G.A_GIVEUP)
    assert G.EV_TERROR in events(g)


def test_rule_items_may_be_used_after_the_entrance_action_before_the_clock_and_midnight():
    """Rulebook p.13: "Az aktív játékos saját körében használja a tárgyat" and "Egy játékos csak
    saját nyomait, tárgyait, varázslatait, társait használhatja, és csak a saját körében": any time
    in one's own turn, so after the entrance action and before the clock phase and its midnight
    (here a Healing Spell before a midnight card that takes 1 sanity from everyone)."""
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    i = give(g, inv, "Generic Healing Spell")
    _top_mythos(g, "Generic Mythos: Whispers in the Dark")  # each(sanity-1)
    g._clock.turn = 7
    g._clock.hour = 9
    g._inv.san[inv] = 1
    move(g, None)
    g.apply(G.A_AID)                                         # first aid: +1 stamina
    assert phase(g) == G.P_END and G.A_USE + i in legal(g) and G.A_END in legal(g)
    g.apply(G.A_USE + i)
    assert g._inv.san[inv] == 2
    g.apply(G.A_END)
    assert G.EV_MIDNIGHT in events(g) and g._inv.san[inv] == 1 and active(g) == inv


def test_rule_items_may_be_used_after_the_adventure_phase():
    """The same rule after an adventure: its reward is in hand (a Tonic) before the clock moves."""
    g = game()
    inv = active(g)
    clear_hand(g, inv)
    clear_board(g)
    put(g, 0, "Late Night Break-In")                         # I3 | I6; penalty: 1 stamina
    g._inv.sta[inv] = 2
    i = give(g, inv, "Generic Tonic")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, TERROR, TERROR, TERROR, TERROR, TERROR, I1)
    g.apply(G.A_GIVEUP)
    assert phase(g) == G.P_END and G.A_USE + i in legal(g) and g._inv.sta[inv] == 1
    g.apply(G.A_USE + i)
    codes = events(g)
    assert g._inv.sta[inv] == 3 and codes.index(G.EV_STAT) < codes.index(G.EV_CLOCK)   # before the clock


def test_rule_the_other_world_deck_holds_the_cards_with_a_reward_or_a_penalty():
    """Rulebook p.10: "Idegen dimenziók ... Kapuikonok révén kerülnek a játékba": an Other World is
    played for its reward (its elder signs). The 8 CSV-only Other World rows have no reward, no
    penalty and no trophy value: they stay out of the deck, and a gate deals only the others."""
    g = game()
    deck = g._decks.other_worlds
    cards = [DATA.adventures[deck.at(k)] for k in range(deck.n)]
    assert len(cards) == 11 and all(c.reward or c.penalty for c in cards)
    assert sorted(DATA.left_out) == sorted(["City of Gugs", "Ancient Sarnath", "Lost in Time and Space",
                                            "The Vaults of Zin", "Far Side of the Moon", "Ancient Egypt",
                                            "Unknown Kadath", "The Great Temple"])
    run(g, "gate+1", active(g))
    s = [s for s in range(G.MAIN_SLOTS, g._slots.n) if g._slots.on[s]][0]
    assert DATA.adventures[g._slots.card[s]].reward


def test_rule_masks_go_into_the_cup_only_against_nyarlathotep():
    """Rulebook p.4, setup 3: "Ha a Mérhetetlen Vén Nyarlathotep, maszkjait (ezek a maszkszimbólumos
    szörnyek) is rakjátok a szörnytárolóba; ha nem ő a Mérhetetlen Vén, a maszkokat rakjátok vissza a
    játék dobozába"."""
    masks = [m for m in range(len(DATA.monsters)) if DATA.monsters[m].mask]
    assert len(masks) == 5
    for ao in [a.name for a in DATA.ancient_ones]:
        g = game(ao=ao)
        cup = [g._decks.cup.at(k) for k in range(g._decks.cup.n)]
        in_cup = [m for m in masks if m in cup]
        assert in_cup == (masks if ao == "Nyarlathotep" else []), ao


def test_rule_the_ancient_one_may_be_drawn_at_random():
    """Rulebook p.4, setup 2: "Válasszatok (vagy a megkevert lapok közül véletlenszerűen húzzatok) egy
    Mérhetetlen Vént": `--ancient-one random` draws it from the game's seed (the same seed, the same
    one), over all eight."""
    from eldritch.kernel.eldersign.game.machine import Game
    drawn = [Game(DATA, players=1, seed=s, ancient_one="random")._ao.name for s in range(200)]
    assert drawn == [Game(DATA, players=1, seed=s, ancient_one="RANDOM")._ao.name for s in range(200)]
    assert sorted(set(drawn)) == sorted(a.name for a in DATA.ancient_ones) and len(DATA.ancient_ones) == 8


def test_core_has_47_adventures_because_the_card_csv_files_the_elder_sign_under_unseen_forces():
    """Rulebook p.2: "48 kalandlap". The card CSV files "The Elder Sign" under Unseen Forces (the JSON
    has it in Core): the library keeps the CSV's set and records the JSON's, so the default game
    deals 47 Core adventures."""
    core = [a for a in DATA.adventures if a.set == "Core"]
    assert len(core) == 47 and "The Elder Sign" not in [a.name for a in core]
    from eldritch.kernel.eldersign import library
    row = [a for a in library.load() if a.name == "The Elder Sign"][0]
    assert row.set == "Unseen Forces" and "json set: Core" in row.source
