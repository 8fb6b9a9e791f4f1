"""One focused test per rule of digest sections 5-8 (../shared/rules/elder-sign.md), each named by
its rule; scenarios are set up by writing the game state, then driven through apply()."""

from array import array

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game import effects as E
from eldritch.kernel.eldersign.adventure import ACT_ENTER, ACT_HOLD, ACT_FAIL, ACT_ROLL, roll_code
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, I1, I2, I3, LORE, PERIL, TERROR
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game import machine as G
from eldritch.kernel.eldersign.game.machine import Game

DATA = GameData()
BUF = array("i", [0] * G.MAX_GAME_ACTIONS)


def new(players=1, seed=3, ao="Yog-Sothoth"):
    return Game(DATA, players=players, seed=seed, ancient_one=ao)


def legal(g):
    n = g.legal_actions(BUF)
    return [BUF[i] for i in range(n)]


def card_kind(name):
    for i, c in enumerate(DATA.cards):
        if c.name == name:
            return i
    raise KeyError(name)


def give(g, inv, name):
    base = inv * G.MAX_HAND
    cid = card_kind(name)
    for i in range(G.MAX_HAND):
        if g.hand[base + i] == G.NONE:
            g.hand[base + i] = cid
            return i


def clear_hand(g, inv):
    for i in range(G.MAX_HAND):
        g.hand[inv * G.MAX_HAND + i] = G.NONE


def roll(g, *faces, y=None, r=None):
    counts = bytearray(24)
    for f in faces:
        counts[GREEN * 8 + f] += 1
    if y is not None:
        counts[8 + y] = 1
    if r is not None:
        counts[16 + r] = 1
    g.apply(ACT_ENTER + roll_code(counts))


def adventure_named(name):
    for i, a in enumerate(DATA.adventures):
        if a.name == name:
            return i
    raise KeyError(name)


def put(g, slot, name):
    g.put_card(slot, adventure_named(name))


def at_adventure(g, slot, name):
    put(g, slot, name)
    g.apply(G.A_MOVE + 1 + slot)


# ----- section 5 --------------------------------------------------------------------------------

def test_rule_5_common_item_adds_yellow_unique_adds_red():
    g = new()
    inv = g.active()
    clear_hand(g, inv)
    i = give(g, inv, "Generic Common Item (yellow die)")
    j = give(g, inv, "Generic Unique Item (red die)")
    at_adventure(g, 0, "Hallway on Fire")
    g.apply(G.A_USE + i)
    g.apply(G.A_USE + j)
    assert g.hand[inv * G.MAX_HAND + i] == G.NONE          # discarded
    g.apply(G.A_BEGIN)
    adv = g.cur_adv()
    assert adv.sit[1] == 1 and adv.sit[2] == 1


def test_rule_5_die_given_back_cannot_be_regained_this_turn():
    g = new()
    inv = g.active()
    clear_hand(g, inv)
    give(g, inv, "Generic Common Item (yellow die)")
    give(g, inv, "Generic Common Item (yellow die)")
    at_adventure(g, 0, "Hallway on Fire")
    g.apply(G.A_USE + 0)
    assert G.A_USE + 1 not in legal(g)                      # the yellow die is already in the pool
    g.turn_yellow = 2                                       # given back this turn
    assert G.A_USE + 1 not in legal(g)


def test_rule_5_healing_never_above_maximum():
    g = new()
    inv = g.active()
    clear_hand(g, inv)
    i = give(g, inv, "Generic Tonic")
    g.sta[inv] = g.maxsta[inv] - 1
    g.apply(G.A_MOVE)                                      # entrance
    g.apply(G.A_USE + i)
    assert g.sta[inv] == g.maxsta[inv]


def test_rule_5_item_defeats_a_monster_partial_symbols_remain():
    g = new()
    inv = g.active()
    put(g, 0, "Yuggoth")                                   # 1:partial1 on "P T"
    for s in range(1, G.MAX_SLOTS):
        g.slot_on[s] = 0
    g.monster_appears()
    assert g.slot_mon[0] != G.NONE
    tasks = g.slot_adv[0].card.tasks
    clear_hand(g, inv)
    i = give(g, inv, "Generic Warding Charm")
    g.apply(G.A_MOVE + 1)
    g.apply(G.A_USE + i)
    assert g.slot_mon[0] == G.NONE
    assert g.trophy_total(inv) >= 1
    from eldritch.kernel.eldersign.notation import format_card
    assert format_card(g.slot_adv[0].card) == "P T | I8"


def test_rule_5_spell_holds_a_die_any_player_may_use_it_later():
    g = new(players=2)
    a = g.active()
    clear_hand(g, a)
    give(g, a, "Generic Holding Spell")
    at_adventure(g, 0, "Don't Fall Asleep")                # T | T T
    g.apply(G.A_BEGIN)
    g.apply(ACT_ROLL)
    roll_faces = g.cur_adv().roll_counts
    d = next(k for k in range(24) if roll_faces[k])
    g.apply(ACT_HOLD + d)
    assert g.nsd == 1 and g.sd_die[0] == d
    g.apply(G.A_GIVEUP)
    assert g.nsd == 1                                       # the spell keeps its die after the phase
    b = g.active()
    assert b != a
    g.apply(G.A_MOVE + 1)
    g.apply(G.A_BEGIN)
    assert g.cur_adv().held[d] == 1                         # usable by the next player
    assert g.free_dice(GREEN) == 5 if d < 8 else True


def test_rule_5_spell_returns_to_deck_when_its_last_die_is_gone():
    g = new()
    spell = card_kind("Generic Holding Spell")
    g.sd_die[0] = GREEN * 8 + TERROR
    g.sd_card[0] = spell
    g.nsd = 1
    before = g.item_decks[2].n
    g.drop_spell_die(0)
    assert g.nsd == 0 and g.item_decks[2].n == before + 1


def test_rule_5_clue_rerolls_and_is_spent():
    g = new()
    inv = g.active()
    g.clues[inv] = 2
    at_adventure(g, 0, "Ancient Relics")
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, PERIL, PERIL, PERIL)
    rerolls = [a for a in legal(g) if 8192 <= a < 16384]
    assert rerolls
    g.apply(rerolls[0])
    assert g.clues[inv] == 1


def test_rule_5_lock_takes_the_die_at_once_even_from_a_spell():
    g = new()
    g.nlocks = 0
    g.sd_die[0] = YELLOW * 8 + 3
    g.sd_card[0] = card_kind("Generic Holding Spell")
    g.nsd = 1
    g.add_lock(YELLOW, G.LK_MONSTER, 5)
    assert g.nsd == 0 and g.free_dice(YELLOW) == 0


def test_rule_5_locked_twice_moves_to_the_second_icon_when_freed():
    g = new()
    g.nlocks = 0
    g.add_lock(RED, G.LK_MYTHOS, 0)
    g.add_lock(RED, G.LK_MONSTER, 7)
    assert g.free_dice(RED) == 0
    g.free_locks(G.LK_MYTHOS, 0)
    assert g.free_dice(RED) == 0                           # now on the monster
    g.free_locks(G.LK_MONSTER, 7)
    assert g.free_dice(RED) == 1


def test_rule_5_mythos_lock_freed_at_next_midnight():
    g = new()
    g.nlocks = 0
    g.mythos = next(i for i, m in enumerate(DATA.mythos) if m.lock_colour == GREEN)
    g.add_lock(GREEN, G.LK_MYTHOS, 0)
    g.next_mythos()
    assert all(g.lock_kind[i] != G.LK_MYTHOS or DATA.mythos[g.mythos].lock_colour >= 0 for i in range(g.nlocks))
    assert g.nlocks == (1 if DATA.mythos[g.mythos].lock_colour >= 0 else 0)


# ----- section 6 --------------------------------------------------------------------------------

def test_rule_6_move_to_any_revealed_adventure_other_world_entrance_or_stay():
    g = new()
    g.open_gate()
    moves = [a for a in legal(g) if G.A_MOVE <= a < G.A_MOVE + 256]
    assert G.A_MOVE in moves                               # entrance (where it stands: stay)
    assert G.A_MOVE + 1 + G.MAIN_SLOTS in moves            # the Other World below the six
    assert len(moves) == 1 + 7


def test_rule_6_clock_advances_three_hours_per_turn_midnight_at_xii():
    g = new()
    g.apply(G.A_MOVE)
    g.apply(G.A_AID + 0 if G.A_AID + 0 in legal(g) else G.A_LOSTFOUND)
    assert g.clock == 3
    mythos = g.mythos
    for _ in range(3):
        g.apply(G.A_MOVE)
        g.apply(G.A_LOSTFOUND)
        if g.is_terminal():
            return
    assert g.clock == 0 and g.mythos != mythos or DATA.mythos.count(DATA.mythos[mythos]) > 1


def test_rule_6_no_midnight_effects_in_the_first_round():
    g = new(players=4)
    for s in range(G.MAIN_SLOTS):
        put(g, s, "Don't Fall Asleep")                    # at midnight: each loses 1 sanity
    sanity = [g.san[g.seat_inv[s]] for s in range(4)]
    for _ in range(4):                                     # round 1 ends at XII
        g.apply(G.A_MOVE)
        g.apply(G.A_LOSTFOUND)
    if g.is_terminal():
        pytest.skip("the game ended")
    assert g.clock == 0
    lost = [sanity[s] - g.san[g.seat_inv[s]] for s in range(4) if g.seat_inv[s] != G.NONE]
    assert max(lost) <= 1                                 # at most a lost-and-found or mythos loss, not 6


def test_rule_6_midnight_effects_after_the_first_round():
    g = new(players=1)
    for _ in range(4):
        g.apply(G.A_MOVE)
        g.apply(G.A_LOSTFOUND)
    put(g, 0, "Don't Fall Asleep")
    inv = g.active()
    g.san[inv] = g.maxsan[inv]
    g.turn = 7
    g.clock = 9
    g.apply(G.A_MOVE)
    g.apply(G.A_LOSTFOUND)
    assert g.san[inv] <= g.maxsan[inv] - 1


def test_rule_6_mythos_old_to_bottom_next_revealed_immediate_effect():
    g = new()
    old = g.mythos
    n = g.mythos_deck.n
    doom = g.doom
    g.midnight()
    assert g.mythos_deck.buf[(g.mythos_deck.head + g.mythos_deck.n - 1) % g.mythos_deck.cap] == old
    assert g.mythos_deck.n == n
    if DATA.mythos[g.mythos].name == "Generic Mythos: Doom Stirs":
        assert g.doom == doom + 1


def test_rule_6_once_per_day_abilities_refresh_at_midnight():
    g = new()
    inv = g.active()
    clear_hand(g, inv)
    i = give(g, inv, "Generic Ally")
    g.apply(G.A_MOVE)
    g.apply(G.A_USE + i)
    assert G.A_USE + i not in legal(g)
    g.midnight()
    assert G.A_USE + i in legal(g)


def test_rule_6_first_aid_options_and_trophy_prices():
    g = new()
    inv = g.active()
    g.sta[inv] = 1
    g.san[inv] = 1
    g.troph[inv * 10 + 3] = 1                              # one trophy worth 3
    g.apply(G.A_MOVE)
    assert G.A_AID + 4 not in legal(g)                     # 4 trophies needed
    g.apply(G.A_AID + 2)                                   # 2 trophies: all stamina, no change given
    assert g.sta[inv] == g.maxsta[inv] and g.trophy_total(inv) == 0


def test_rule_6_lost_and_found_rolls_one_green_die():
    g = new()
    g.apply(G.A_MOVE)
    g.apply(G.A_LOSTFOUND)
    codes = [g.ev[4 * k] for k in range(g.nev // 4)]
    assert G.EV_LOSTFOUND in codes


def test_rule_6_gift_shop_buys_one_thing_no_change():
    g = new()
    inv = g.active()
    g.troph[inv * 10 + 9] = 1
    g.apply(G.A_MOVE)
    shop = [a for a in legal(g) if G.A_SHOP <= a < G.A_SHOP + 256]
    elder = next(a for a in shop if DATA.shop[a - G.A_SHOP].key == "Elder sign")
    g.apply(elder)
    assert g.elder == 1 and g.trophy_total(inv) == 0       # 9 paid for 8


def test_rule_6_gate_reward_places_an_other_world_below_the_six():
    g = new()
    g.run(E.compile_effects("gate+1", "t"), g.active())
    assert g.slot_on[G.MAIN_SLOTS] and DATA.adventures[g.slot_card[G.MAIN_SLOTS]].other_world


def test_rule_6_completed_other_world_is_not_replaced():
    g = new()
    g.open_gate()
    g.slot_adv[G.MAIN_SLOTS] = g.slot_adv[G.MAIN_SLOTS]
    inv = g.active()
    g.apply(G.A_MOVE + 1 + G.MAIN_SLOTS)
    g.loc[inv] = 1 + G.MAIN_SLOTS
    g.att_done = 0
    g.phase = G.P_ADV
    g.att_slot = G.MAIN_SLOTS
    g.end_adventure(True)
    assert not g.slot_on[G.MAIN_SLOTS]


def test_rule_6_task_costs_are_paid_and_block_the_task_at_zero():
    g = new()
    inv = g.active()
    at_adventure(g, 0, "Hallway on Fire")                  # P H1 > P H1
    g.sta[inv] = 1
    g.apply(G.A_BEGIN)
    roll(g, PERIL, PERIL, I1, I1, I1, I1)
    assert not [a for a in legal(g) if a < ACT_HOLD]       # would bring stamina to 0
    g = new()
    inv = g.active()
    at_adventure(g, 0, "Hallway on Fire")
    g.sta[inv] = 3
    g.apply(G.A_BEGIN)
    roll(g, PERIL, PERIL, I1, I1, I1, I1)
    done = [a for a in legal(g) if a < ACT_HOLD]
    g.apply(done[0])
    assert g.sta[inv] == 2


def test_rule_6_terror_effects_of_card_and_mythos_on_a_failed_roll():
    g = new()
    inv = g.active()
    g.mythos = next(i for i, m in enumerate(DATA.mythos) if m.terror)
    at_adventure(g, 0, "Late Night Break-In")              # terror: trophies-1; mythos: sanity-1
    san = g.san[inv]
    g.apply(G.A_BEGIN)
    roll(g, TERROR, I1, I1, I1, I1, I1)
    fails = [a for a in legal(g) if ACT_FAIL <= a < ACT_FAIL + 96]
    g.apply(fails[0])
    assert g.san[inv] == san - 1


# ----- section 7 --------------------------------------------------------------------------------

def test_rule_7_doom_monster_space_makes_a_monster_appear():
    g = new()
    g.doom = 2                                             # Yog-Sothoth: space 3 has a monster icon
    n = g.cup.n
    g.add_doom(1)
    assert g.cup.n == n - 1


def test_rule_7_last_doom_wakes_the_ancient_one():
    g = new()
    g.doom = g.ao.doom - 1
    g.run(E.compile_effects("doom+1", "t"), g.active())
    g.resolve_pending()
    assert g.battle and g.doom == g.ao.doom


def test_rule_7_last_elder_sign_with_last_doom_wins():
    g = new()
    g.doom = g.ao.doom - 1
    g.elder = g.ao.elder_signs - 1
    g.run(E.compile_effects("doom+1,elder_sign+1", "t"), g.active())
    g.resolve_pending()
    assert g.result == 1 and not g.battle


def test_rule_7_monster_on_empty_outline_is_an_additional_task():
    g = new()
    for s in range(G.MAX_SLOTS):
        g.slot_on[s] = 0
    card = next(a for a in DATA.adventures if "slot:empty" in ",".join("%d:%d" % (o[0], o[1]) for o in a.outlines) or any(o[0] < 0 for o in a.outlines))
    put(g, 0, card.name)
    before = len(g.slot_adv[0].card.tasks)
    g.monster_appears()
    assert len(g.slot_adv[0].card.tasks) == before + 1


def test_rule_7_monster_on_full_outline_replaces_the_task():
    g = new()
    for s in range(G.MAX_SLOTS):
        g.slot_on[s] = 0
    put(g, 0, "Late Night Break-In")                       # 1:full on I3
    g.monster_appears()
    m = DATA.monsters[g.slot_mon[0]]
    from eldritch.kernel.eldersign.notation import format_task
    assert format_task(g.slot_adv[0].card.tasks[0]) == m.task
    assert len(g.slot_adv[0].card.tasks) == 2


def test_rule_7_monster_on_partial_outline_adds_the_outside_symbols():
    g = new()
    for s in range(G.MAX_SLOTS):
        g.slot_on[s] = 0
    put(g, 0, "Yuggoth")                                   # 1:partial1 on "P T": P stays
    g.monster_appears()
    m = DATA.monsters[g.slot_mon[0]]
    from eldritch.kernel.eldersign.notation import format_task, parse_card
    assert g.slot_adv[0].card.tasks[0] == parse_card(m.task + " P").tasks[0]


def test_rule_7_extra_monsters_spread_evenly_and_last_on_ordered_cards():
    g = new()
    for s in range(G.MAX_SLOTS):
        g.slot_on[s] = 0
    put(g, 0, "Hallway on Fire")                           # ordered, no outline
    put(g, 1, "The Hedge Maze")
    g.monster_appears()
    g.monster_appears()
    extras = [sum(1 for k in range(G.MAX_MON) if g.slot_mon[s * G.MAX_MON + k] != G.NONE) for s in (0, 1)]
    assert extras == [1, 1]
    adv = g.slot_adv[0]
    assert adv.card.ordered and len(adv.card.tasks) == 3
    assert g.slot_task_mon[0 * G.MAX_TASKS_GAME + 2] != G.NONE  # the extra task comes last


def test_rule_7_defeated_monster_is_a_trophy_even_if_the_adventure_fails():
    g = new()
    for s in range(G.MAX_SLOTS):
        g.slot_on[s] = 0
    put(g, 0, "Late Night Break-In")
    g.monster_appears()
    inv = g.active()
    g.apply(G.A_MOVE + 1)
    g.apply(G.A_BEGIN)
    g.att_done = 1                                          # the monster task (task 1) was completed
    g.apply(G.A_GIVEUP)
    assert g.trophy_total(inv) >= 1 and g.slot_mon[0] == G.NONE


def test_rule_7_devoured_adds_doom_returns_everything_and_picks_anew():
    g = new(players=2)
    inv = g.active()
    g.clues[inv] = 3
    g.troph[inv * 10 + 2] = 1
    doom = g.doom
    g.apply(G.A_MOVE)
    g.sta[inv] = 1
    g.run(E.compile_effects("stamina-1", "t"), inv)
    assert g.doom >= doom + 1 and g.seat_inv[0] == G.NONE
    assert g.clues[inv] == 0 and g.trophy_total(inv) == 0 and g.hand_count(inv) == 0
    g.after_effects_in_turn()
    assert g.clock == 3                                    # the devoured active investigator's clock
    assert g.phase == G.P_PICK
    pick = legal(g)[0]
    g.apply(pick)
    assert g.seat_inv[0] == pick - G.A_PICK and g.san[pick - G.A_PICK] == g.maxsan[pick - G.A_PICK]


# ----- section 8 --------------------------------------------------------------------------------

def awake(players=2, ao="Yog-Sothoth"):
    g = new(players=players, ao=ao)
    g.add_lock(YELLOW, G.LK_MONSTER, 3)
    g.doom = g.ao.doom - 1
    g.add_doom(1)
    g.resolve_pending()
    g.phase = G.P_BATTLE_PREP            # as after the clock phase of the turn it woke in
    g.begin_events()
    return g


def test_rule_8_awakening_clears_board_and_dice_locked_there_leave():
    g = awake()
    assert g.battle and g.mythos == -1 and not any(g.slot_on)
    assert g.yellow_gone and g.free_dice(YELLOW) == 0
    assert all(g.loc[g.seat_inv[s]] == G.LOC_AO for s in range(g.players))


def test_rule_8_awakening_during_a_turn_goes_to_the_clock_phase():
    g = new()
    g.doom = g.ao.doom - 1
    inv = g.active()
    g.apply(G.A_MOVE)
    clear_hand(g, inv)
    g.run(E.compile_effects("doom+1", "t"), inv)
    g.resolve_pending()
    g.after_effects_in_turn()
    assert g.battle and g.clock == 3 and g.phase == G.P_BATTLE_PREP


def test_rule_8_awakening_at_midnight_attacks_at_once():
    g = new(players=2)
    g.doom = g.ao.doom - 1
    g.mythos_deck.buf[g.mythos_deck.head] = next(i for i, m in enumerate(DATA.mythos) if m.immediate == (E.OP_DOOM, 1, 0))
    g.turn = 5
    g.midnight()
    codes = [g.ev[4 * k] for k in range(g.nev // 4)]
    assert G.EV_AWAKEN in codes and G.EV_ATTACK in codes


def test_rule_8_each_success_removes_a_doom_token_no_focus():
    g = awake()
    g.apply(G.A_BEGIN)
    adv = g.cur_adv()
    assert adv.sit[3] == 0                                 # no focus, no assistance
    doom = g.doom
    roll(g, LORE, LORE, I3, I1, I1, I1) if g.free_dice(GREEN) == 6 else None
    hits = [a for a in legal(g) if a < ACT_HOLD]
    g.apply(hits[0])
    assert g.doom == doom - 1
    assert g.phase == G.P_BATTLE                           # rolls the remaining dice again


def test_rule_8_midnight_in_battle_attacks_instead_of_mythos():
    g = awake()
    g.midnight()
    codes = [g.ev[4 * k] for k in range(g.nev // 4)]
    assert G.EV_ATTACK in codes and G.EV_MYTHOS not in codes and g.mythos == -1


def test_rule_8_devoured_in_battle_adds_doom_and_is_out():
    g = awake()
    g.doom = 3
    inv = g.seat_inv[1]
    g.sta[inv] = 1
    g.change(E.OP_STAMINA, -1, inv)
    assert g.doom == 4 and g.seat_state[1] == 2


def test_rule_8_last_doom_removed_in_battle_wins():
    g = awake()
    g.doom = 1
    g.add_doom(-1)
    assert g.result == 1 and g.ended_by == 1


def test_rule_8_last_investigator_devoured_loses():
    g = awake(players=1)
    inv = g.seat_inv[0]
    g.sta[inv] = 1
    g.change(E.OP_STAMINA, -1, inv)
    assert g.result == 0


def test_rule_8_elder_signs_reaching_the_number_win():
    g = new()
    g.elder = g.ao.elder_signs - 1
    g.run(E.compile_effects("elder_sign+1", "t"), g.active())
    assert g.result == 1 and g.ended_by == 0


def test_rule_8_azathoth_awakening_is_defeat():
    g = awake(ao="Azathoth")
    assert g.result == 0 and g.ended_by == 1


def test_rulebook_devouring_that_wakes_the_ancient_one_puts_that_player_out():
    g = new(players=2)
    g.doom = g.ao.doom - 1
    inv = g.seat_inv[1]
    g.sta[inv] = 1
    g.change(E.OP_STAMINA, -1, inv)
    g.resolve_pending()
    assert g.battle and g.seat_state[1] == 2


def test_illegal_action_is_a_kernel_error():
    g = new()
    with pytest.raises(KernelError):
        g.apply(G.A_BEGIN)
