"""One focused test per rule of the Arkham Horror (1987) digest (../shared/rules/arkham-1987.md), the
investigator phase: set-up positions on the demonstration board, dice entered as physical rolls.
(The mythos phase, the ends of the game and honour: test_arkham_rules_mythos.py.)"""

import pytest

from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.defs import (K_STAY, K_ROLL, K_TAXI, K_MODE, K_STOP, K_GATE, K_EVENT, K_FIGHT,
                                              K_SNEAK, K_FACE, K_BIND, K_LOADOUT, K_CLOSE, K_SEAL, K_WATCHER,
                                              K_END, K_BUY, K_PASS, K_DEST, K_DISCARD, K_ORIENT, K_RETURN,
                                              K_PICK, AT_POOL, AT_TROPHY, AT_WORLD, AT_OW, AT_BOUND)
from eldritch.kernel.surface import CHANCE
from arkham_setup import (BOARD, sp, new, legal, roll, put, monster, gate, give, slot_of, clear_poss, step_to,
                          events, end_turn_staying)
from eldritch.kernel.arkham.game import meetings, state


def loadout(g, *items):
    seat = g.check_seat if g.purpose == D.PU_COUNTER else g.seat
    mask = 0
    for it in items:
        if it == "bound":
            mask |= D.BOUND_BIT
        else:
            mask |= 1 << slot_of(g, seat, it)
    return K_LOADOUT + mask


# ----- part 1: movement ------------------------------------------------------------------------------

def test_rule_movement_rolls_2d6_and_moves_up_to_that_many():
    g = new(invs=("Silas",))
    assert K_STAY in legal(g) and K_ROLL in legal(g)          # stay, or roll
    g.apply(K_ROLL)
    assert g.current_player() == CHANCE and len(g.chance_outcomes()) == 11
    assert sorted(w for _, w in g.chance_outcomes()) == sorted([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
    roll(g, 3)
    assert K_STOP in legal(g)                                   # fewer, or not at all
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    assert g.moves_left == 1
    g.apply(step_to(g, "Market Street"))
    assert g.step != D.ST_STEP and g.pos[0] == sp("Market Street")   # the roll is used up: move over


def test_rule_entering_or_leaving_a_city_location_costs_one_and_entering_ends_the_move():
    g = new(invs=("Silas",))
    g.apply(K_ROLL)
    roll(g, 12)
    g.apply(step_to(g, "Station Square"))                       # leaving the Train Station: 1
    assert g.moves_left == 11
    g.apply(step_to(g, "College Street"))
    g.apply(step_to(g, "Library"))                               # entering the Library: 1, and stop
    assert g.pos[0] == sp("Library") and g.step == D.CH_EVENT


def test_rule_entering_a_monster_space_ends_the_move():
    g = new(invs=("Silas",))
    monster(g, "Zombie", "College Street")
    g.apply(K_ROLL)
    roll(g, 9)
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_ENC and g.moves_left == 7


def test_rule_a_vehicle_passes_monsters_but_not_a_blocking_one():
    g = new(invs=("Jonah",))
    monster(g, "Zombie", "College Street")
    monster(g, "Dark Young", "Church Street")
    g.apply(K_MODE + 1)
    g.apply(K_ROLL)
    roll(g, 9)
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_STEP                                   # drove past the Zombie
    assert step_to(g, "Church Street") not in legal(g)           # never through a blocking monster
    assert step_to(g, "Market Street") in legal(g)


def test_rule_mists_of_rlyeh_passes_every_monster():
    g = new(invs=("Lena",))
    put(g, 0, "Museum Row")
    monster(g, "Shoggoth", "Market Street")
    san = g.san[0]
    g.apply(K_MODE + 2)
    assert g.san[0] == san - 1                                   # the spell's sanity cost
    g.apply(K_ROLL)
    roll(g, 6)
    g.apply(step_to(g, "Market Street"))
    assert g.step == D.ST_STEP
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_STEP


def test_rule_a_street_with_only_a_hound_of_tindalos_does_not_stop_the_move():
    g = new(invs=("Silas",))
    monster(g, "Hound of Tindalos", "College Street")
    g.apply(K_ROLL)
    roll(g, 9)
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_STEP
    g = new(invs=("Silas",))
    monster(g, "Hound of Tindalos", "College Street")
    monster(g, "Zombie", "College Street")
    g.apply(K_ROLL)
    roll(g, 9)
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_ENC                                    # another monster there stops it


def test_rule_taxi_space_or_taxi_whistle_pays_one_dollar_to_any_location():
    g = new(invs=("Silas",))
    assert not [a for a in legal(g) if a & ~D.ARG_MASK == K_TAXI]   # not on a taxi space
    g.apply(K_ROLL)
    roll(g, 6)
    g.apply(step_to(g, "Station Square"))
    g.apply(step_to(g, "College Street"))
    g.apply(step_to(g, "Church Street"))                          # a taxi space, mid-move
    money = g.money[0]
    g.apply(K_TAXI + sp("Witch House"))
    assert g.money[0] == money - 1 and g.pos[0] == sp("Witch House") and g.step == D.CH_EVENT
    g = new(invs=("Mara",))                                      # the Taxi Whistle: from anywhere
    assert K_TAXI + sp("Graveyard") in legal(g)
    g.money[0] = 0
    g.touch()
    assert K_TAXI + sp("Graveyard") not in legal(g)               # but it still costs $1


def test_rule_a_free_move_from_an_event_cannot_be_refused_except_the_sheldon_gang():
    g = new(invs=("Silas",))
    put(g, 0, "Station Square")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Train Station"))
    roll(g, 2)                                                   # "a cab driver": free_move
    assert g.step == D.ST_DEST and K_PASS not in legal(g)
    g.apply(K_DEST + sp("Church"))
    assert g.pos[0] == sp("Church") and g.step == D.CH_EVENT      # its event follows (a free taxi)
    g = new(invs=("Silas",))
    put(g, 0, "Market Street")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "General Store"))
    roll(g, 6)                                                   # the Sheldon Gang
    assert g.step == D.ST_DEST and K_PASS in legal(g)
    g.apply(K_PASS)
    assert g.pos[0] == sp("General Store")


# ----- part 2: events ------------------------------------------------------------------------------

def test_rule_entering_a_city_location_rolls_d6_on_its_event_table():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    assert g.step == D.CH_EVENT and len(g.chance_outcomes()) == 6
    money = g.money[0]
    roll(g, 5)                                                   # Library 5: money+1
    assert g.money[0] == money + 1 and g.phase == D.PH_MYTHOS


@pytest.mark.parametrize("house", ["", "no_event_on_stay"])
def test_rule_an_investigator_waiting_in_a_location_has_its_event_in_part_2(house):
    """Part 2, "events with investigators": one who waits in a city location has its event too
    ("on empty spaces nothing happens"); house rule no_event_on_stay: only on entering (staying in
    the Asylum heals)."""
    g = new(invs=("Silas",), house=house)
    g.apply(K_STAY)
    assert (g.step == D.CH_EVENT) == (house == "")


def test_rule_with_a_gate_there_the_investigator_may_step_through_instead_of_the_event():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    c = gate(g, "Library", "Sunken City")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    assert sorted(legal(g)) == sorted([K_GATE, K_EVENT])
    assert g.view(0)[-BOARD.nspaces + sp("Library")] == 254       # face down until someone enters
    g.apply(K_GATE)
    assert g.gate_shown[c] and g.view(0)[-BOARD.nspaces + sp("Library")] == c
    assert g.pos[0] == AT_WORLD and g.ow_stage[0] == 2
    assert g.step == D.CH_EVENT and g.place == BOARD.nspaces + BOARD.world_names.index("Sunken City")


def test_rule_an_event_that_opens_a_gate_pulls_the_investigator_through_without_meeting_its_monster():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    doom = g.doom
    roll(g, 6)                                                   # Library 6: gate
    lib = sp("Library")
    assert g.gate_at[lib] != 255 and g.doom == doom + 1
    ms = [m for m in range(BOARD.nmonsters) if g.m_at[m] == lib]
    assert len(ms) == 1 and g.m_checked[ms[0]] == 0              # no sanity check against it
    assert g.pos[0] == AT_WORLD and g.step == D.CH_EVENT


def test_rule_one_gate_per_location_a_second_brings_a_monster_instead():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    gate(g, "Library")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_EVENT)
    doom = g.doom
    roll(g, 6)
    assert state.open_gates(g) == 1 and g.doom == doom
    assert g.step == D.ST_ENC and state.monsters_at(g, sp("Library")) == 1


def test_rule_money_paid_for_an_item_goes_to_the_bank():
    g = new(invs=("Silas",))
    put(g, 0, "Market Street")
    g.money[0] = 20
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "General Store"))
    roll(g, 1)                                                   # the shop
    c = g.shop_card
    price = BOARD.i_price[BOARD.card_kind[c]]
    g.apply(K_BUY)
    assert g.money[0] == 20 - price and c in g.poss[0:D.MAX_POSS]


# ----- part 3: monsters -------------------------------------------------------------------------------

def meet(g, kind, invs_space="Market Street"):
    """The investigator steps onto a street with a monster of `kind` (it must deal with it)."""
    put(g, 0, "Forest Lane")
    m = monster(g, kind, invs_space)
    g.apply(K_ROLL)
    roll(g, 5)
    g.apply(step_to(g, invs_space))
    assert g.step == D.ST_ENC
    return m


@pytest.mark.parametrize("face,loss", [(1, 1), (4, 1), (5, 2), (6, 2)])
def test_rule_a_sanity_check_loses_a_on_a_pass_and_b_on_a_failure(face, loss):
    g = new(invs=("Silas",))                                     # sanity 4: a D6 at most 4 passes
    m = meet(g, "Deep One")                                      # SAN 1/2
    g.apply(K_FIGHT + m)
    assert g.step == D.CH_SANITY
    roll(g, face)
    assert g.san[0] == 4 - loss and g.step == D.ST_LOADOUT


def test_rule_a_zero_zero_monster_costs_no_sanity():
    g = new(invs=("Silas",))
    m = meet(g, "Cultist")
    g.apply(K_FIGHT + m)
    roll(g, 6)
    assert g.san[0] == 4


def test_rule_a_sanity_check_once_per_monster_per_round_then_again_next_round():
    g = new(invs=("Ada",))
    clear_poss(g, 0)
    m = meet(g, "Shoggoth")                                      # strength 7: Ada cannot win
    g.apply(K_FIGHT + m)
    roll(g, 1)                                                   # sanity check (3 lost)
    g.apply(K_LOADOUT)
    roll(g, 1, 1)                                                # attack misses, 1 strength lost
    assert g.step == D.ST_ENC
    g.apply(K_FIGHT + m)
    assert g.step == D.ST_LOADOUT                                # no second check this round
    g.m_checked[m] = 0
    g.touch()
    assert meetings.need_check(g, 0, m, False)                             # (a new round clears it)


def test_rule_in_one_fight_one_sanity_check_per_monster_kind():
    g = new(invs=("Otto",))
    m1 = meet(g, "Ghoul")
    m2 = monster(g, "Ghoul", "Market Street")
    g.apply(K_FIGHT + m1)
    roll(g, 1)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 1)                                                   # 1 + 4 + 3 >= 3: a trophy
    assert g.m_at[m1] == AT_TROPHY and g.step == D.ST_ENC
    g.apply(K_FIGHT + m2)
    assert g.step == D.ST_LOADOUT                                # the same kind: no check


def test_rule_sneaking_past_several_monsters_is_one_stealth_roll_then_the_most_frightening():
    g = new(invs=("Nell",))                                      # stealth 4
    m1 = meet(g, "Zombie")                                       # 0/1
    m2 = monster(g, "Deep One", "Market Street")                 # 1/2: the most frightening
    g.apply(K_SNEAK)
    roll(g, 4)
    assert g.step == D.CH_SANITY and g.check_m == m2
    roll(g, 1)
    assert g.step == D.ST_SNEAK_TO and not g.m_checked[m1]


def test_house_rule_stealth_fail_strikes_a_failed_stealth_is_a_d6_strike_without_a_fight():
    g = new(invs=("Nell",), house="stealth_fail_strikes")
    m = meet(g, "Deep One")
    sta = g.sta[0]
    g.apply(K_SNEAK)
    roll(g, 5)                                                   # above stealth 4: noticed
    assert g.step == D.CH_SANITY and g.check_m == m
    roll(g, 1)
    assert g.step == D.CH_DAMAGE
    roll(g, 3)
    assert g.sta[0] == sta - 3 and g.step == D.ST_ENC              # fight it, or try again
    assert K_SNEAK in legal(g)


def test_rule_stealth_moves_to_an_adjacent_space_unless_monsters_hold_every_one():
    g = new(invs=("Nell",))
    m = meet(g, "Zombie")
    for street in ("College Street", "Museum Row", "Forest Lane"):
        monster(g, "Cultist", street)
    g.apply(K_SNEAK)
    roll(g, 1)
    roll(g, 1)                                                   # sanity check
    assert legal(g) == [step_to(g, "General Store")]             # the only free neighbour
    g.apply(step_to(g, "General Store"))
    assert g.pos[0] == sp("General Store") and g.step != D.CH_EVENT   # slipping away is no move
    g = new(invs=("Nell",))
    meet(g, "Zombie")
    for street, kind in (("College Street", "Cultist"), ("Museum Row", "Cultist"), ("Forest Lane", "Ghoul"),
                         ("General Store", "Ghoul")):
        monster(g, kind, street)
    assert K_SNEAK not in legal(g)


def test_rule_no_stealth_against_a_hound_of_tindalos():
    g = new(invs=("Nell",))
    m = meet(g, "Zombie")
    monster(g, "Hound of Tindalos", "Market Street")
    assert K_SNEAK not in legal(g) and K_FIGHT + m in legal(g)


def test_rule_stealth_in_an_other_world_sends_the_monster_away():
    g = new(invs=("Nell",))
    put(g, 0, "College Street")
    gate(g, "Library", "Verdant Maze")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_GATE)
    roll(g, 2)                                                   # Verdant Maze 2: a monster
    m = [m for m in range(BOARD.nmonsters) if g.m_at[m] == AT_OW][0]
    assert g.step == D.ST_ENC and g.m_owner[m] == 0
    g.apply(K_SNEAK)
    roll(g, 1)
    if g.step == D.CH_SANITY:
        roll(g, 1)
    assert g.m_at[m] == AT_POOL and g.phase == D.PH_MYTHOS        # gone; the turn ends there


def test_rule_losing_all_sanity_sends_to_the_asylum_discarding_a_spell():
    g = new(invs=("Iris",))                                      # Flame Word (spell), Old Amulet (item)
    g.san[0] = 1
    m = meet(g, "Deep One")
    g.apply(K_FIGHT + m)
    roll(g, 6)                                                   # fails: loses 2
    assert g.pos[0] == sp("Asylum") and g.san[0] == 4           # the demo board: half of 7, rounded up
    assert g.step == D.ST_DISCARD and legal(g) == [K_DISCARD + slot_of(g, 0, "Flame Word")]
    g.apply(legal(g)[0])
    assert slot_of(g, 0, "Flame Word") < 0 and slot_of(g, 0, "Old Amulet") >= 0
    assert g.step == D.ST_ORIENT                                 # the Deep One survived: turn it
    g.apply(legal(g)[0])
    assert g.phase == D.PH_MYTHOS                                # and the turn is over


# ----- part 4: combat --------------------------------------------------------------------------------

def test_rule_an_attack_is_d6_plus_fight_plus_weapons_in_at_most_two_hands():
    g = new(invs=("Otto",))                                      # Fight 4, Shotgun +3 (two hands)
    give(g, 0, "Knife")
    give(g, 0, "Old Amulet")                                      # no hands
    m = meet(g, "Dark Young")                                    # strength 6
    g.apply(K_FIGHT + m)
    roll(g, 1)
    options = legal(g)
    assert loadout(g, "Shotgun", "Old Amulet") in options
    assert loadout(g, "Knife", "Old Amulet") in options
    assert loadout(g, "Shotgun", "Knife") not in options         # three hands
    g.apply(loadout(g, "Shotgun", "Old Amulet"))
    roll(g, 1)                                                   # 1 + 4 + 3 + 1 = 9 >= 6
    assert g.m_at[m] == AT_TROPHY and g.m_owner[m] == 0


def test_rule_fight_and_physical_weapons_do_not_count_against_a_monster_immune_to_them():
    g = new(invs=("Otto",))
    give(g, 0, "Silver Dagger")
    m = meet(g, "Ghost")                                         # strength 4, immune to physical
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 3)                                                   # 3 + 0: misses
    assert g.m_at[m] == sp("Market Street") and g.step == D.CH_DAMAGE
    roll(g, 1)
    g.apply(K_FIGHT + m)
    g.apply(loadout(g, "Silver Dagger"))
    roll(g, 2)                                                   # 2 + 2 magical = 4
    assert g.m_at[m] == AT_TROPHY


def test_rule_magical_items_do_not_count_against_a_monster_immune_to_magic():
    g = new(invs=("Ada",))                                       # Fight 1, Knife, Ward (+1 magical)
    m = meet(g, "Formless Spawn")                                # strength 5, immune to magic
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(loadout(g, "Knife", "Ward"))
    assert g.bonus == 2                                          # Fight 1 + Knife 1; the Ward is void


def test_rule_an_attack_of_at_least_the_strength_makes_the_monster_a_trophy():
    g = new(invs=("Silas",))
    m = meet(g, "Deep One")                                      # strength 4
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1)                                                   # 1 + Fight 3 = 4
    assert g.m_at[m] == AT_TROPHY and state.trophies(g, 0) == 1


def test_rule_a_monster_that_survives_strikes_back_for_d6_strength():
    g = new(invs=("Silas",))
    m = meet(g, "Shoggoth")
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1)
    assert g.step == D.CH_DAMAGE
    roll(g, 4)
    assert g.sta[0] == 1 and g.step == D.ST_ENC
    assert K_FIGHT + m in legal(g) and K_SNEAK in legal(g)       # fight again, or sneak


def test_rule_every_monster_there_may_be_attacked_each_striking_back():
    g = new(invs=("Otto",))
    m1 = meet(g, "Zombie")
    m2 = monster(g, "Cultist", "Market Street")
    assert {K_FIGHT + m1, K_FIGHT + m2} <= set(legal(g))
    g.apply(K_FIGHT + m2)
    roll(g, 1)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 1)
    assert g.m_at[m2] == AT_TROPHY and legal(g).count(K_FIGHT + m1) == 1


def test_rule_out_of_strength_in_arkham_to_the_hospital_losing_an_item():
    g = new(invs=("Ada",))                                       # Knife (item), Ward (spell)
    g.sta[0] = 1
    m = meet(g, "Shoggoth")
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1, 2)
    assert g.pos[0] == sp("Hospital") and g.sta[0] == 2          # the demo board: half of 4
    assert legal(g) == [K_DISCARD + slot_of(g, 0, "Knife")]      # an item, not a spell


def test_rule_out_of_strength_in_an_other_world_the_investigator_is_lost():
    g = new(invs=("Ada",))
    put(g, 0, "College Street")
    gate(g, "Library", "Sunken City")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_GATE)
    g.sta[0] = 1
    g.touch()
    roll(g, 4)                                                   # Sunken City 4: strength-2
    assert g.seat_inv[0] == 255 and g.step == D.ST_PICK and g.actor == 0


# ----- gates ----------------------------------------------------------------------------------------

def through_to(g, world, seat=0, difficulty=None):
    """Seat 0 at College Street walks into the Library, whose gate leads to `world`, and through it."""
    put(g, seat, "College Street")
    c = gate(g, "Library", world, difficulty)
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_GATE)
    return c


def next_round(g, gate_roll=7):
    """Every other seat stays, the mythos rolls `gate_roll`; back to the next round's first turn."""
    while g.phase == D.PH_INV and g.step == D.ST_MOVE:
        end_turn_staying(g)
    assert g.phase == D.PH_MYTHOS and g.step == D.CH_GATE, (g.phase, g.step)
    roll(g, gate_roll)


def test_rule_the_trip_is_area_2_then_area_1_then_back_at_a_gate_to_that_world():
    g = new(invs=("Silas",))
    through_to(g, "Sunken City")
    assert g.ow_stage[0] == 2
    roll(g, 5)                                                   # area 2's event (none)
    next_round(g)
    assert g.ow_stage[0] == 1 and g.step == D.CH_EVENT           # round 2: area 1's event
    roll(g, 5)
    next_round(g)
    assert g.step == D.ST_RETURN and legal(g) == [K_RETURN + sp("Library")]   # round 3: back
    g.apply(K_RETURN + sp("Library"))
    assert g.pos[0] == sp("Library") and g.close_at[0] == sp("Library") and g.step == D.ST_MOVE


def returned(invs=("Otto",), world="Sunken City", difficulty=None, house="no_event_on_stay"):
    g = new(invs=invs, house=house)
    through_to(g, world, difficulty=difficulty)
    roll(g, 5)
    next_round(g)
    roll(g, 5)
    next_round(g)
    g.apply(K_RETURN + sp("Library"))
    return g


def test_rule_closing_a_gate_is_d6_plus_every_attack_against_its_difficulty_else_next_round():
    g = returned(world="Yellow Court", difficulty=9)
    g.apply(K_STAY)
    assert g.step == D.ST_CLOSE and K_CLOSE in legal(g)
    g.apply(K_CLOSE)
    g.apply(loadout(g, "Shotgun"))
    assert g.bonus == 4 + 3
    roll(g, 1)                                                  # 1 + 7 < 9
    assert g.gate_at[sp("Library")] != 255 and g.phase == D.PH_MYTHOS
    next_round(g)
    g.apply(K_STAY)
    g.apply(K_CLOSE)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 6)
    assert g.gate_at[sp("Library")] == 255 and g.gates_closed[0] == 1


def test_rule_leaving_before_closing_means_another_trip_unless_holding_the_dragons_eye():
    g = returned()
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "College Street"))
    g.apply(step_to(g, "Library"))
    assert g.close_at[0] == 255 and g.step == D.ST_GATE_OR_EVENT
    g = returned()
    give(g, 0, "Dragon's Eye")
    g.close_at[0] = 255
    g.touch()
    g.apply(K_STAY)
    assert K_CLOSE in legal(g) and K_SEAL not in legal(g)         # the Eye: closing without the trip


def test_rule_the_blue_watcher_closes_a_gate_outright_and_goes_back_into_the_deck():
    g = new(invs=("Silas",))
    put(g, 0, "Library")
    gate(g, "Library")
    give(g, 0, "Blue Watcher of the Pyramid")
    n = g.item_deck.n
    g.apply(K_STAY)
    g.apply(K_WATCHER)
    assert g.gate_at[sp("Library")] == 255 and g.item_deck.n == n + 1
    assert slot_of(g, 0, "Blue Watcher of the Pyramid") < 0


def test_rule_the_blue_watcher_closes_a_guarded_gate_at_once_without_sanity_checks():
    g = new(invs=("Silas",))
    put(g, 0, "College Street")
    gate(g, "Library")
    m = monster(g, "Deep One", "Library")
    give(g, 0, "Blue Watcher of the Pyramid")
    san = g.san[0]
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    assert K_WATCHER in legal(g)
    g.apply(K_WATCHER)
    assert g.gate_at[sp("Library")] == 255 and g.m_at[m] == AT_TROPHY and g.san[0] == san


def test_rule_an_elder_sign_costs_two_sanity_and_seals_the_location_for_good():
    g = returned(invs=("Iris",))
    san = g.san[0]
    g.apply(K_STAY)
    g.apply(K_SEAL)
    lib = sp("Library")
    assert g.sealed[lib] and g.gate_at[lib] == 255 and g.san[0] == san - 2 and g.gates_closed[0] == 1
    doom = g.doom
    g.apply(K_OUTCOME_GATE(10))                                   # the gate table names the Library
    assert g.gate_at[lib] == 255 and state.monsters_at(g, lib) == 0 and g.doom == doom


def K_OUTCOME_GATE(v):
    return D.K_OUTCOME + v


def test_rule_closing_pulls_in_the_guardians_and_sends_the_worlds_colour_back_to_the_pool():
    g = returned(world="Sunken City")                             # blue
    guard = monster(g, "Zombie", "Library")
    blue = monster(g, "Deep One", "Witch House")
    green = monster(g, "Ghoul", "Woods")
    g.apply(K_STAY)
    assert g.step == D.ST_ENC and K_FACE in legal(g)
    g.apply(K_FACE)
    roll(g, 1)                                                    # a sanity check against the guardian
    g.apply(K_CLOSE)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 6)
    assert g.m_at[guard] == AT_TROPHY and g.m_owner[guard] == 0
    assert g.m_at[blue] == AT_POOL and g.m_at[green] == sp("Woods")


def test_rule_monsters_never_follow_an_investigator_through_a_gate():
    g = new(invs=("Nell",))
    put(g, 0, "College Street")
    gate(g, "Library", "Sunken City")
    m = monster(g, "Zombie", "Library")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_SNEAK)
    roll(g, 1, 1)                                                 # past the guardian (and its check)
    g.apply(K_GATE)
    assert g.m_at[m] == sp("Library") and g.pos[0] == AT_WORLD


def test_rule_bind_monster_turns_one_monster_against_another():
    g = new(invs=("Abel",))                                       # Bind Monster (2 sanity)
    m1 = meet(g, "Deep One")
    m2 = monster(g, "Shoggoth", "Market Street")
    g.apply(K_BIND + m1)
    assert g.m_at[m1] == AT_BOUND and g.san[0] == 5
    g.apply(K_FIGHT + m2)
    roll(g, 1)
    g.apply(loadout(g, "bound"))
    assert g.bonus == 1 + 4 and g.m_at[m1] == AT_POOL             # Fight 1 + the Deep One's 4


def test_rule_a_monster_that_survives_a_fight_is_turned_by_the_player():
    g = new(invs=("Nell",))
    m = meet(g, "Formless Spawn")                                 # left-handed, strength 5
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1, 1)                                                 # a miss, 1 strength
    g.apply(K_SNEAK)
    roll(g, 1)
    g.apply(step_to(g, "College Street"))
    assert g.step == D.ST_ORIENT and g.actor == 0
    g.apply(legal(g)[0])
    assert g.m_head[m] in (sp("College Street"), sp("Museum Row"), sp("Forest Lane"))


@pytest.mark.parametrize("inv,start,mode,monsters", [
    ("Silas", "Train Station", 0, {"College Street": "Zombie"}),
    ("Jonah", "Market Street", 1, {"Museum Row": "Ghoul", "Forest Lane": "Dark Young"}),
    ("Lena", "Harbour Street", 2, {"Mill Street": "Shoggoth", "Crooked Lane": "Cultist"}),
    ("Silas", "Cemetery Road", 0, {"Forest Lane": "Hound of Tindalos", "Mill Street": "Zombie"}),
])
@pytest.mark.parametrize("r", [2, 4, 7])
def test_rule_the_game_moves_exactly_where_the_reach_odds_say(inv, start, mode, monsters, r):
    """Every end of a move the game's step-by-step actions allow (explored over all paths) is a space
    the odds' distances reach within the roll, and back."""
    from eldritch.kernel.arkham.reach import distances, UNREACHED
    from arkham_setup import rules
    g = new(invs=(inv,))
    put(g, 0, start)
    g.money[0] = 0
    for space, kind in monsters.items():
        monster(g, kind, space)
    if mode:
        g.apply(K_MODE + mode)
    g.apply(K_ROLL)
    roll(g, r)
    state.fill_occupancy(g)
    dist = bytearray(BOARD.nspaces)
    distances(BOARD, g.occ, sp(start), mode, dist, bytearray(BOARD.nspaces))
    want = {s for s in range(BOARD.nspaces) if dist[s] <= r}
    r_ = rules()
    ends = set()
    seen = set()
    stack = [g.serialize()]
    while stack:
        at = r_.deserialize(stack.pop())
        ends.add(at.pos[0])
        if at.step != D.ST_STEP or (at.pos[0], at.moves_left) in seen:
            continue
        seen.add((at.pos[0], at.moves_left))
        for a in legal(at):
            if a & ~D.ARG_MASK == D.K_STEP:
                nxt = r_.deserialize(at.serialize())
                nxt.apply(a)
                stack.append(nxt.serialize())
    assert ends == want


def test_rule_meeting_a_locations_monster_is_its_event_unless_the_investigator_sneaks_past():
    g = new(invs=("Otto",))
    put(g, 0, "College Street")
    m = monster(g, "Zombie", "Library")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(loadout(g, "Shotgun"))
    roll(g, 1)                                                    # beaten: the meeting was the event
    assert g.m_at[m] == AT_TROPHY and g.phase == D.PH_MYTHOS
    g = new(invs=("Nell",))
    put(g, 0, "College Street")
    monster(g, "Zombie", "Library")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_SNEAK)
    roll(g, 1, 1)                                                 # past it (and its sanity check)
    assert g.step == D.CH_EVENT and g.place == sp("Library")      # then the location's event
