"""One focused test per rule of the Arkham Horror (1987) digest: the round, the mythos phase (gates,
monster movement and attacks), victory, both defeats, lost in time and space, the Honoured Citizen.
Set-up positions on the demonstration board, dice entered as physical rolls."""

import pytest

from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.defs import (K_STAY, K_ROLL, K_LOADOUT, K_PICK, K_RETURN, K_DISCARD, AT_POOL,
                                              AT_TROPHY, AT_WORLD)
from eldritch.kernel.surface import CHANCE, TERMINAL
from arkham_setup import BOARD, sp, inv, new, legal, roll, put, monster, gate, give, slot_of, events, \
    end_turn_staying, step_to
from eldritch.kernel.arkham.game import state

ALL = ("Silas", "Otto", "Nell", "Ada", "Iris", "Jonah", "Lena", "Abel")


def to_mythos(g):
    while g.phase == D.PH_INV and g.step == D.ST_MOVE:
        end_turn_staying(g)
    assert g.phase == D.PH_MYTHOS and g.step == D.CH_GATE


def open_gates_at(g, names):
    for n in names:
        gate(g, n)


# ----- the round ----------------------------------------------------------------------------------

def test_rule_a_round_is_each_investigator_in_seat_order_then_the_mythos_phase():
    g = new(players=3, invs=("Silas", "Otto", "Nell"))
    seen = []
    while g.phase == D.PH_INV:
        seen.append(g.actor)
        end_turn_staying(g)
    assert seen == [0, 1, 2] and g.phase == D.PH_MYTHOS and g.current_player() == CHANCE
    roll(g, 7)
    assert g.round == 2 and g.phase == D.PH_INV and g.actor == 0


# ----- gates and monsters appear ----------------------------------------------------------------------

def test_rule_the_gate_table_opens_a_face_down_gate_and_a_monster_and_the_doom_track_advances():
    g = new(invs=("Silas",))
    to_mythos(g)
    roll(g, 5)                                                    # Old Mill
    mill = sp("Old Mill")
    assert g.gate_at[mill] != 255 and g.doom == 1 and D.EV_GATE_OPENS in events(g)
    assert g.view(0)[-BOARD.nspaces + mill] == 254                # where it leads is not known
    assert sum(1 for m in range(BOARD.nmonsters) if g.m_at[m] != AT_POOL) == 1


def test_rule_a_location_that_has_a_gate_gets_a_monster_instead():
    g = new(invs=("Silas",))
    gate(g, "Old Mill")
    to_mythos(g)
    roll(g, 5)
    assert state.open_gates(g) == 1 and g.doom == 0 and D.EV_GATE_MONSTER in events(g)
    assert sum(1 for m in range(BOARD.nmonsters) if g.m_at[m] != AT_POOL) == 1


def test_rule_a_location_with_an_elder_sign_gets_neither_gate_nor_monster():
    g = new(invs=("Silas",))
    g.sealed[sp("Old Mill")] = 1
    to_mythos(g)
    roll(g, 5)
    assert state.open_gates(g) == 0 and g.doom == 0 and D.EV_SEALED_SPACE in events(g)
    assert all(g.m_at[m] == AT_POOL for m in range(BOARD.nmonsters))


# ----- monsters move ------------------------------------------------------------------------------------

def test_rule_left_and_right_handed_monsters_turn_left_and_right_at_crossings():
    g = new(invs=("Silas",))
    ghoul = monster(g, "Ghoul", "Forest Lane", head="Market Street")       # L2
    cultist = monster(g, "Cultist", "Forest Lane", head="Market Street")   # R2
    to_mythos(g)
    roll(g, 7)
    # heading east into Market Street: left is north (College Street), right is south (the General
    # Store, a city location: no), so the next street counter-clockwise, straight on (Museum Row)
    assert g.m_at[ghoul] == sp("College Street") and g.m_at[cultist] == sp("Museum Row")


def test_rule_a_monster_stops_on_reaching_an_investigator_and_attacks():
    g = new(invs=("Silas",))
    put(g, 0, "Market Street")
    ghoul = monster(g, "Ghoul", "Forest Lane", head="Market Street")
    to_mythos(g)
    roll(g, 7)
    assert g.m_at[ghoul] == sp("Market Street") and D.EV_ATTACKS in events(g)
    assert g.step == D.CH_SANITY and g.check_seat == 0


def test_rule_monsters_never_enter_city_locations_except_hounds():
    g = new(invs=("Silas",))
    put(g, 0, "Graveyard")
    byakhee = monster(g, "Byakhee", "Mill Street")                 # flies 3
    to_mythos(g)
    roll(g, 7)
    assert g.m_at[byakhee] == sp("Cemetery Road")                  # at the door, not inside
    g = new(invs=("Silas",))
    put(g, 0, "Graveyard")
    hound = monster(g, "Hound of Tindalos", "Mill Street")
    to_mythos(g)
    roll(g, 7)
    assert g.m_at[hound] == sp("Graveyard") and g.step == D.CH_SANITY


def test_rule_a_flying_monster_flies_toward_the_nearest_investigator_highest_fight_first():
    g = new(players=2, invs=("Silas", "Otto"))                     # Fight 3 and 4
    put(g, 0, "Forest Lane")
    put(g, 1, "Museum Row")
    b = monster(g, "Byakhee", "Market Street")                     # one step from each
    to_mythos(g)
    roll(g, 7)
    assert g.m_at[b] == sp("Museum Row") and g.check_seat == 1


def test_rule_a_flying_monster_tossing_a_coin_between_investigators_tied_on_fight():
    g = new(players=2, invs=("Silas", "Nell"))                     # Fight 3 and 3
    put(g, 0, "Forest Lane")
    put(g, 1, "Museum Row")
    b = monster(g, "Byakhee", "Market Street")
    to_mythos(g)
    roll(g, 7)
    assert g.step == D.CH_COIN and g.chance_outcomes() == [(D.K_OUTCOME, 1), (D.K_OUTCOME + 1, 1)]
    roll(g, 1)                                                     # the coin picks Nell
    assert g.m_at[b] == sp("Museum Row")


def test_rule_the_nearest_monster_moves_and_attacks_first():
    g = new(invs=("Silas",))
    put(g, 0, "Market Street")
    far = monster(g, "Zombie", "Crooked Lane")
    near = monster(g, "Cultist", "College Street", head="Market Street")
    to_mythos(g)
    roll(g, 7)
    moved = [g.ev[4 * i + 1] for i in range(g.nev // 4) if g.ev[4 * i] in (D.EV_MONSTER_MOVES, D.EV_ATTACKS)]
    assert moved[0] == near and g.cur_m == near and g.m_at[far] == sp("Crooked Lane")   # it waits


def test_rule_a_monster_attacks_the_highest_fight_first():
    g = new(players=2, invs=("Silas", "Otto"))
    put(g, 0, "Market Street")
    put(g, 1, "Market Street")
    monster(g, "Zombie", "Forest Lane", head="Market Street")
    to_mythos(g)
    roll(g, 7)
    assert g.check_seat == 1                                       # Otto, Fight 4


def test_rule_an_attacked_investigator_checks_sanity_then_strikes_back_until_one_is_beaten():
    g = new(invs=("Silas",))                                       # sanity 4, Fight 3, Revolver +2
    put(g, 0, "Market Street")
    m = monster(g, "Shoggoth", "Forest Lane", head="Market Street")   # R1, strength 7, SAN 3/4
    to_mythos(g)
    roll(g, 7)
    assert g.step == D.CH_SANITY
    roll(g, 1)
    assert g.san[0] == 1 and g.step == D.ST_LOADOUT and g.current_player() == 0
    g.apply(K_LOADOUT + (1 << slot_of(g, 0, "Revolver")))
    roll(g, 1)                                                     # 1 + 5 < 7
    roll(g, 1)                                                     # struck for 1
    assert g.sta[0] == 4 and g.step == D.ST_LOADOUT                # it keeps attacking
    g.apply(K_LOADOUT + (1 << slot_of(g, 0, "Revolver")))
    roll(g, 2)                                                     # 2 + 5 = 7: beaten
    assert g.m_at[m] == AT_TROPHY and g.round == 2


def test_rule_a_hound_of_tindalos_returns_to_the_pool_after_hurting_once():
    g = new(invs=("Silas",))
    put(g, 0, "Market Street")
    h = monster(g, "Hound of Tindalos", "College Street")
    to_mythos(g)
    roll(g, 7)
    roll(g, 1)                                                     # sanity check
    g.apply(K_LOADOUT)
    roll(g, 1, 2)                                                  # a miss, struck for 2
    assert g.m_at[h] == AT_POOL and g.sta[0] == 3 and g.round == 2


def test_rule_a_knocked_out_investigator_leaves_and_the_monster_attacks_the_next():
    g = new(players=2, invs=("Otto", "Silas"))
    put(g, 0, "Market Street")
    put(g, 1, "Market Street")
    g.sta[0] = 1
    g.touch()
    m = monster(g, "Shoggoth", "Forest Lane", head="Market Street")
    to_mythos(g)
    roll(g, 7)
    assert g.check_seat == 0
    roll(g, 1)                                                     # Otto's check: 3 lost, sanity 0
    assert g.pos[0] == sp("Asylum")                                # mad: the monster loses interest
    assert g.step == D.CH_SANITY and g.check_seat == 1             # and turns on Silas


# ----- victory and defeat ----------------------------------------------------------------------------------

def test_rule_victory_when_no_gate_is_open_at_the_end_of_a_round_from_the_second_on():
    g = new(invs=("Silas",))
    to_mythos(g)
    roll(g, 7)
    assert g.round == 2 and not g.is_terminal()                   # never at the end of round 1
    to_mythos(g)
    roll(g, 7)
    assert g.is_terminal() and g.result == D.RES_WON and g.returns() == [1]
    assert g.current_player() == TERMINAL and legal(g) == []


def test_rule_no_victory_while_a_gate_is_open():
    g = new(invs=("Silas",))
    gate(g, "Woods")
    to_mythos(g)
    roll(g, 7)
    to_mythos(g)
    roll(g, 7)
    assert not g.is_terminal() and g.round == 3


@pytest.mark.parametrize("players,limit", [(1, 8), (2, 8), (3, 7), (4, 7), (5, 6), (6, 6), (8, 6)])
def test_rule_defeat_when_too_many_gates_are_open_by_player_count(players, limit):
    g = new(players=players, invs=ALL)
    assert g.gate_limit == limit
    spots = ("Train Station", "General Store", "Woods", "Museum", "Harbour", "Graveyard", "Church", "Library")
    open_gates_at(g, spots[:limit - 1])
    to_mythos(g)
    roll(g, 2)                                                     # the Witch House
    assert g.is_terminal() and g.result == D.RES_LOST_GATES and g.returns() == [0] * players


def test_rule_the_seeds_literal_gate_limits_are_a_house_rule():
    assert new(players=3, invs=ALL).gate_limit == 7
    assert new(players=3, invs=ALL, house="seed_gate_limits").gate_limit == 8


def test_rule_the_doom_track_counts_every_gate_ever_opened_closed_ones_too():
    g = new(invs=("Silas",), doom=3)
    g.doom = 2                                                     # two gates opened and closed before
    g.touch()
    to_mythos(g)
    roll(g, 5)
    assert state.open_gates(g) == 1 and g.is_terminal() and g.result == D.RES_LOST_DOOM


def test_rule_the_doom_track_length_is_set_by_agreement():
    assert new(invs=("Silas",)).doom_length == BOARD.doom_length == 12
    assert new(invs=("Silas",), doom=20).doom_length == 20


@pytest.mark.parametrize("house", ["no_event_on_stay", "no_event_on_stay,defeat_at_round_end"])
def test_rule_defeat_is_checked_when_the_gate_opens_or_at_the_round_end_by_house_rule(house):
    g = new(invs=("Silas",), doom=1, house=house)
    monster(g, "Zombie", "Crooked Lane")
    to_mythos(g)
    roll(g, 5)                                                     # the first gate fills the track
    ev = events(g)
    assert g.result == D.RES_LOST_DOOM
    moved = D.EV_MONSTER_MOVES in ev[:ev.index(D.EV_RESULT)]
    assert moved == ("defeat_at_round_end" in house)               # the monsters moved first


def test_rule_rounds_are_unlimited_unless_the_players_agree_on_a_limit():
    g = new(invs=("Silas",), round_limit=2)
    gate(g, "Woods")
    for _ in range(2):
        to_mythos(g)
        roll(g, 7)
    assert g.result == D.RES_LOST_ROUNDS
    g = new(invs=("Silas",), round_limit=0)
    gate(g, "Woods")
    for _ in range(40):
        to_mythos(g)
        roll(g, 7)
    assert not g.is_terminal() and g.round == 41


def test_rule_the_honoured_citizen_closed_the_most_gates_ties_to_the_most_trophies():
    g = new(players=3, invs=("Silas", "Otto", "Nell"))
    g.gates_closed[0] = 1
    g.gates_closed[1] = 2
    g.gates_closed[2] = 2
    m = monster(g, "Zombie", "Woods")
    g.m_at[m] = AT_TROPHY
    g.m_owner[m] = 2
    assert g.honoured() == [2]
    g.m_owner[m] = 0                                               # a tie on both: they share it
    assert g.honoured() == [1, 2]
    g.touch()


# ----- lost in time and space ----------------------------------------------------------------------------

def test_rule_lost_in_time_and_space_returns_cards_and_trophies_and_a_new_investigator_is_picked():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    gate(g, "Library", "Verdant Maze")
    m = monster(g, "Zombie", "Woods")
    g.m_at[m] = AT_TROPHY
    g.m_owner[m] = 0
    cards = g.item_deck.n + g.spell_deck.n
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(D.K_GATE)
    roll(g, 6)                                                     # Verdant Maze 6: lost
    assert g.seat_inv[0] == 255 and g.m_at[m] == AT_POOL
    assert g.item_deck.n + g.spell_deck.n == cards + 1              # the Revolver went back
    assert g.step == D.ST_PICK and K_PICK + inv("Silas") not in legal(g)
    g.apply(K_PICK + inv("Nell"))
    assert g.pos[0] == sp("Woods") and g.phase == D.PH_MYTHOS


def test_rule_no_open_gate_back_means_lost_in_time_and_space():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    c = gate(g, "Library", "Sunken City")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(D.K_GATE)
    roll(g, 5)
    to_mythos(g)
    roll(g, 7)
    roll(g, 5)                                                     # area 1
    g.gate_at[sp("Library")] = 255                                 # someone closed it meanwhile
    g.gate_deck.push(c)
    gate(g, "Woods", "Verdant Maze")                               # (and the game goes on)
    to_mythos(g)
    roll(g, 7)
    assert g.seat_inv[0] == 255 and g.step == D.ST_PICK


def test_rule_a_face_down_gate_is_hidden_from_every_view_but_kept_in_the_save():
    g = new(players=2, invs=("Silas", "Otto"))
    c = gate(g, "Woods")
    w = sp("Woods")
    for p in range(2):
        assert g.view(p)[-BOARD.nspaces + w] == 254
    from eldritch.kernel.arkham.game.save import state_bytes
    assert c in state_bytes(g)


def test_rule_investigators_tied_on_fight_are_attacked_in_an_order_a_coin_decides():
    g = new(players=2, invs=("Silas", "Nell"))                     # Fight 3 and 3
    put(g, 0, "Market Street")
    put(g, 1, "Market Street")
    monster(g, "Zombie", "Forest Lane", head="Market Street")
    to_mythos(g)
    roll(g, 7)
    assert g.step == D.CH_COIN and len(g.chance_outcomes()) == 2
    roll(g, 1)
    assert g.check_seat == 1 and g.step == D.CH_SANITY
