"""The Arkham Horror (1987) rules the audit found deviating from the seed
(../shared/seeds/003_*.txt) or missing, one focused test per rule, each from a set-up position on the
demonstration board (tests/arkham_setup.py), dice entered as physical rolls."""

import pytest

from eldritch.kernel.arkham.game import defs as D, save
from eldritch.kernel.arkham.game.defs import (K_STAY, K_ROLL, K_TAXI, K_STOP, K_FIGHT, K_SNEAK, K_LOADOUT)
from eldritch.kernel.arkham.reach import reach_odds, TWO_D6
from arkham_setup import BOARD, sp, new, legal, roll, put, monster, give, step_to
from eldritch.kernel.arkham.game import state


# ----- 26.12: a taxi on the move's last point ------------------------------------------------------

def test_rule_a_taxi_may_be_called_from_the_space_the_last_movement_point_reaches():
    g = new(invs=("Silas",))                     # $4
    put(g, 0, "Station Square")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "College Street"))
    g.apply(step_to(g, "Church Street"))         # a taxi space, with the last point
    assert g.step == D.ST_STEP and g.moves_left == 0
    acts = legal(g)
    assert K_STOP in acts and K_TAXI + sp("Hospital") in acts
    assert not [a for a in acts if a & ~D.ARG_MASK == D.K_STEP]     # no point left to step
    g.apply(K_TAXI + sp("Hospital"))
    assert g.pos[0] == sp("Hospital") and g.money[0] == 3


def test_rule_no_taxi_on_the_last_point_without_a_dollar_or_with_a_monster_there():
    g = new(invs=("Silas",))
    put(g, 0, "Station Square")
    g.money[0] = 0
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "College Street"))
    g.apply(step_to(g, "Church Street"))
    assert g.step != D.ST_STEP and g.pos[0] == sp("Church Street")  # the move is over


def _game_reach(g, base, start, money, mode, memo):
    """Per space, the 36ths of 2D6 rolls after which the game's own legal actions can end the move
    there (every path explored through apply), with staying and a taxi before the roll at 36."""
    def setup(pos, step, moves):
        save.load_state(g, base)
        g.pos[0] = pos
        g.money[0] = money
        g.step = step
        g.actor = 0
        g.mode = mode
        g.moves_left = moves
        g.nlog = 0
        g.touch()

    def ends(pos, moves):
        if (pos, moves) not in memo:
            out = set()
            setup(pos, D.ST_STEP, moves)
            for a in legal(g):
                setup(pos, D.ST_STEP, moves)
                g.apply(a)
                if g.step == D.ST_STEP:
                    out |= ends(g.pos[0], g.moves_left)
                else:
                    out.add(g.pos[0])
            memo[(pos, moves)] = out
        return memo[(pos, moves)]
    setup(start, D.ST_MOVE, 0)
    free = {start} | {a & D.ARG_MASK for a in legal(g) if a & ~D.ARG_MASK == K_TAXI}
    num = [0] * BOARD.nspaces
    for r in range(2, 13):
        for s in ends(start, r):
            num[s] += TWO_D6[r]
    for s in free:
        num[s] = 36
    return num


MONSTERS = {"Mill Street": "Zombie", "College Street": "Ghoul", "Forest Lane": "Hound of Tindalos",
            "Church Street": "Dark Young"}


@pytest.mark.parametrize("mode,money,monsters,whistle", [
    (0, 0, {}, False), (0, 3, {}, False), (0, 3, MONSTERS, False), (1, 1, MONSTERS, False),
    (2, 2, MONSTERS, False), (0, 1, MONSTERS, True)],
    ids=["foot-$0", "foot-$3", "foot-$3-monsters", "vehicle-$1-monsters", "mists-$2-monsters", "whistle"])
def test_rule_arkham_odds_reach_equals_the_game_over_every_start_and_target(mode, money, monsters, whistle):
    """`arkham odds reach` (reach_odds) against the game's own moves, exactly, for every start and
    every target of the demonstration board."""
    g = new(invs=("Silas",))
    for space, kind in monsters.items():
        monster(g, kind, space)
    if whistle:
        give(g, 0, "Taxi Whistle")
    base = save.state_bytes(g)
    state.fill_occupancy(g)
    occ = bytearray(g.occ)
    memo = {}
    for start in range(BOARD.nspaces):
        got = _game_reach(g, base, start, money, mode, memo)
        assert got == reach_odds(BOARD, occ, start, mode, money, whistle), BOARD.space_names[start]


# ----- 26.13: a failed stealth roll means a fight --------------------------------------------------

def _meet(g, kind, space="Market Street"):
    put(g, 0, "Forest Lane")
    m = monster(g, kind, space)
    g.apply(K_ROLL)
    roll(g, 5)
    g.apply(step_to(g, space))
    assert g.step == D.ST_ENC
    return m


def test_rule_failed_stealth_means_a_fight_with_the_sanity_check_first():
    """The seed: "if the stealth check fails, the investigator enters a fight and takes the sanity
    check before it begins". No free D6 strike: the investigator must attack (no sneak, no bind)."""
    g = new(invs=("Nell",))                                      # stealth 4, Fight 3
    m = _meet(g, "Formless Spawn")                               # strength 5, SAN 1/2
    sta = g.sta[0]
    g.apply(K_SNEAK)
    roll(g, 5)                                                   # noticed
    assert g.step == D.ST_ENC and g.sta[0] == sta
    assert legal(g) == [K_FIGHT + m]                             # the fight begins
    g.apply(K_FIGHT + m)
    assert g.step == D.CH_SANITY and g.check_m == m              # the sanity check before it
    roll(g, 1)
    assert g.step == D.ST_LOADOUT
    g.apply(K_LOADOUT)
    assert g.step == D.CH_ATTACK                                 # an attack roll, then a strike back
    roll(g, 1)
    roll(g, 2)
    assert g.sta[0] == sta - 2 and K_SNEAK in legal(g)           # after the exchange: fight or sneak


def test_rule_sneaking_past_a_gates_guardians_a_failure_costs_d6_strength_then_try_again():
    """The seed's gate case: "if sneaking failed, the investigator rolls a die and loses that much
    strength; then may try again to sneak to the gate, if still alive". A success goes through."""
    from arkham_setup import gate
    g = new(invs=("Nell",))
    put(g, 0, "Forest Lane")
    gate(g, "Woods", "Verdant Maze")
    m = monster(g, "Zombie", "Woods")
    g.apply(K_ROLL)
    roll(g, 3)
    g.apply(step_to(g, "Woods"))
    assert K_SNEAK + 1 in legal(g) and K_SNEAK in legal(g)
    sta = g.sta[0]
    g.apply(K_SNEAK + 1)
    roll(g, 6)                                                   # noticed
    assert g.step == D.CH_SANITY and g.check_m == m
    roll(g, 1)
    roll(g, 2)                                                   # D6 strength, no fight
    assert g.sta[0] == sta - 2 and g.step == D.ST_ENC and K_SNEAK + 1 in legal(g)
    g.apply(K_SNEAK + 1)
    roll(g, 1)                                                   # past them (checked this round)
    assert g.pos[0] == D.AT_WORLD and g.ow_stage[0] == 2 and g.step == D.CH_EVENT


# ----- 26.14: gate trophies; a lost investigator's cards shuffled back ---------------------------------

def _through_and_back(g, world, difficulty=None):
    """Seat 0 goes through the Library's gate to `world` and comes back (two rounds)."""
    from arkham_setup import gate
    put(g, 0, "College Street")
    c = gate(g, "Library", world, difficulty)
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(D.K_GATE)
    for _ in range(2):
        roll(g, 5)                                   # the Other World's event: none
        while g.phase == D.PH_INV and g.step >= D.CH_FIRST:
            roll(g, 1)
        assert g.phase == D.PH_MYTHOS, g.step
        roll(g, 7)                                   # no gate
    g.apply(D.K_RETURN + sp("Library"))
    return c


def test_rule_a_closed_gate_is_the_investigators_trophy_not_shuffled_back():
    """The seed: "also add to your trophies every gate your investigator closed"."""
    g = new(invs=("Otto",), house="no_event_on_stay")
    c = _through_and_back(g, "Sunken City", 6)
    n = g.gate_deck.n
    g.apply(K_STAY)
    g.apply(D.K_CLOSE)
    g.apply(K_LOADOUT + (1 << 0))                    # the Shotgun: 4 + 3
    roll(g, 6)
    assert g.gate_at[sp("Library")] == 255 and g.gates_closed[0] == 1
    assert g.gate_keep[c] == 0 and g.gate_deck.n == n
    assert c not in g.gate_deck.cards[:g.gate_deck.n]


def test_rule_a_lost_investigators_cards_and_gate_trophies_are_shuffled_back_into_their_decks():
    """The seed: "shuffle his cards back into the decks" (not under them)."""
    depths = set()
    for seed in range(8):
        g = new(invs=("Otto",), seed=seed)
        shotgun = g.poss[0]
        trophy = g.gate_deck.cards[0]
        g.gate_deck.take(trophy)
        g.gate_keep[trophy] = 0
        put(g, 0, "College Street")
        from arkham_setup import gate
        gate(g, "Library", "Verdant Maze")
        g.apply(K_ROLL)
        roll(g, 2)
        g.apply(step_to(g, "Library"))
        g.apply(D.K_GATE)
        roll(g, 6)                                   # Verdant Maze 6: lost in time and space
        assert g.seat_inv[0] == 255 and g.gate_keep[trophy] == 255
        assert trophy in g.gate_deck.cards[:g.gate_deck.n]
        depths.add(list(g.item_deck.cards[:g.item_deck.n]).index(shotgun))
    assert len(depths) > 2                           # shuffled in, not always under the deck


# ----- 26.15: the rules that were missing ---------------------------------------------------------

def _slot(g, seat, item):
    from arkham_setup import slot_of
    return slot_of(g, seat, item)


def test_rule_a_nightgaunt_carries_the_investigator_through_the_nearest_gate_and_nothing_happens_on_the_way():
    """The seed: "when a Nightgaunt grabs the investigator and carries him through locations into
    another world, nothing happens to him in those locations"."""
    from arkham_setup import gate
    g = new(invs=("Ada",))                                       # Fight 1
    put(g, 0, "Forest Lane")
    m = monster(g, "Nightgaunt", "Market Street")
    c = gate(g, "Museum", "Burning Desert")
    gate(g, "Witch House", "Sunken City")
    ghoul = monster(g, "Ghoul", "Museum Row")
    sta = g.sta[0]
    g.apply(K_ROLL)
    roll(g, 5)
    g.apply(step_to(g, "Market Street"))
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1)                                                   # 1 + 1 < 3: the Nightgaunt wins
    assert g.step == D.CH_EVENT and g.pos[0] == D.AT_WORLD and g.ow_world[0] == BOARD.world_names.index(
        "Burning Desert") and g.ow_stage[0] == 2                  # through the nearest gate, area 2 and its event
    assert g.sta[0] == sta and g.gate_shown[c] and not g.m_checked[ghoul]
    codes = [g.ev[4 * i] for i in range(g.nev // 4)]
    assert D.EV_CARRIED in codes and D.EV_HIT not in codes


def test_rule_a_nightgaunt_with_no_gate_open_strikes_for_d6():
    g = new(invs=("Ada",))
    put(g, 0, "Forest Lane")
    m = monster(g, "Nightgaunt", "Market Street")
    sta = g.sta[0]
    g.apply(K_ROLL)
    roll(g, 5)
    g.apply(step_to(g, "Market Street"))
    g.apply(K_FIGHT + m)
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1)
    roll(g, 2)
    assert g.sta[0] == sta - 2 and g.pos[0] == sp("Market Street")


def test_rule_a_nightgaunt_carries_off_in_the_mythos_phase_and_the_mythos_goes_on():
    from arkham_setup import gate
    g = new(players=2, invs=("Ada", "Silas"))
    put(g, 0, "Market Street")
    put(g, 1, "Harbour Street")
    m = monster(g, "Nightgaunt", "College Street")               # flies onto seat 0 and attacks
    monster(g, "Zombie", "Crooked Lane")                         # another monster still to move
    gate(g, "Museum", "Burning Desert")
    from arkham_setup import end_turn_staying
    end_turn_staying(g)
    end_turn_staying(g)
    roll(g, 7)                                                   # no gate
    assert g.step == D.CH_SANITY and g.check_seat == 0 and g.target == m
    roll(g, 1)
    g.apply(K_LOADOUT)
    roll(g, 1)                                                   # the counter-attack misses
    assert g.pos[0] == D.AT_WORLD and g.step == D.CH_EVENT and g.phase == D.PH_MYTHOS
    roll(g, 5)                                                   # Burning Desert 5: none
    from arkham_setup import events
    assert D.EV_MONSTER_MOVES in events(g)                       # the mythos went on: the Zombie moved
    assert g.round == 2 and g.pos[0] == D.AT_WORLD and g.ow_stage[0] == 1 and g.step == D.CH_EVENT  # area 1 next


def test_rule_a_gate_given_to_the_esoteric_order_of_dagon_leaves_play_and_still_counts_on_the_doom_track():
    """The seed: the doom track counts the gates closed and kept as trophies "or given to the
    Esoteric Order of Dagon". The demo's Harbour 5: pay a gate trophy for a spell and 2 sanity."""
    g = new(invs=("Otto",))
    trophy = g.gate_deck.cards[0]
    g.gate_deck.take(trophy)
    g.gate_keep[trophy] = 0
    g.doom = 1
    g.san[0] = 1
    put(g, 0, "Harbour Street")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Harbour"))
    roll(g, 5)
    assert legal(g) == [D.K_PAY, D.K_PASS]
    g.apply(D.K_PAY)
    assert g.gate_keep[trophy] == D.GATE_DAGON and g.doom == 1 and g.san[0] == 3 and state.count_poss(g, 0, 1) == 1
    assert trophy not in g.gate_deck.cards[:g.gate_deck.n]


def test_rule_selling_an_item_pays_the_seller_half_its_price():
    """The seed: "when a player sells his investigator's property, he gets the money". The demo's
    General Store (its shop) also buys: half the price, rounded down."""
    g = new(invs=("Otto",))                                      # a Shotgun ($5), $1
    put(g, 0, "Market Street")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "General Store"))
    roll(g, 1)                                                   # shop
    k = _slot(g, 0, "Shotgun")
    assert D.K_SELL + k in legal(g)
    g.apply(D.K_SELL + k)
    assert g.money[0] == 1 + 5 // 2 and _slot(g, 0, "Shotgun") < 0 and g.step == D.ST_SHOP


def test_rule_investigators_in_one_space_may_trade_cards_and_money():
    g = new(players=2, invs=("Otto", "Ada"))
    put(g, 0, "Market Street")
    put(g, 1, "Market Street")
    k = _slot(g, 0, "Shotgun")
    assert D.K_GIVE + k * 8 + 1 in legal(g) and D.K_GIVE_MONEY + 1 in legal(g)
    g.apply(D.K_GIVE + k * 8 + 1)
    g.apply(D.K_GIVE_MONEY + 1)
    assert _slot(g, 1, "Shotgun") >= 0 and g.money[0] == 0 and g.money[1] == 4 and g.step == D.ST_MOVE
    put(g, 1, "College Street")
    assert not [a for a in legal(g) if a & ~D.ARG_MASK in (D.K_GIVE, D.K_GIVE_MONEY)]


def test_rule_spells_and_magical_items_are_used_besides_two_hands_of_weapons():
    """The seed: "one or two items held in the hands, and also other magical items and spells"."""
    g = new(invs=("Iris",))                                      # Flame Word (+3), Old Amulet (+1)
    give(g, 0, "Revolver")
    give(g, 0, "Knife")
    m = _meet(g, "Shoggoth")
    g.apply(K_FIGHT + m)
    roll(g, 1)
    mask = sum(1 << _slot(g, 0, it) for it in ("Revolver", "Knife", "Flame Word", "Old Amulet"))
    assert K_LOADOUT + mask in legal(g)
    g.apply(K_LOADOUT + mask)
    assert g.bonus == 1 + 2 + 1 + 3 + 1


def test_rule_bind_monster_turns_a_mythos_attacker_against_another():
    """The seed puts it in the monsters' attack: "with Bind Monster one can make one monster attack
    another". When a mythos monster attacks, the investigator may bind it instead of fighting back."""
    from arkham_setup import end_turn_staying
    g = new(invs=("Abel",))                                      # Bind Monster, sanity 7
    put(g, 0, "College Street")
    m = monster(g, "Zombie", "Market Street", head="College Street")
    end_turn_staying(g)
    roll(g, 7)
    assert g.step == D.CH_SANITY and g.target == m
    roll(g, 1)
    assert D.K_BIND + m in legal(g)
    g.apply(D.K_BIND + m)
    assert g.m_at[m] == D.AT_BOUND and g.san[0] == 7 - 2 and g.round == 2


# ----- 26.16: the Asylum loop, and boards whose defeats cannot happen -------------------------------

def test_rule_waiting_in_the_asylum_has_its_event_so_an_investigator_recovers_there():
    g = new(invs=("Otto",), house="")
    put(g, 0, "Asylum")
    g.san[0] = 1
    g.apply(K_STAY)
    roll(g, 2)                                                   # Asylum 2: sanity +2
    assert g.san[0] == 3


def test_every_two_player_game_without_a_round_limit_ends():
    """With unlimited rounds every 2-player game ends (none loops with gates open and both
    investigators cycling through the Asylum): 40 seeded heuristic games."""
    from array import array
    from eldritch.kernel.arkham.game.rules import Rules
    from eldritch.kernel.arkham.game.bots import HeuristicBot
    rules = Rules({"round_limit": 0})
    bot = HeuristicBot(rules.board)
    buf = array("i", [0] * rules.max_actions)
    for seed in range(40):
        g = rules.new_game(seed, 2)
        while not g.is_terminal() and g.round < 200:
            g.apply(bot.choose(g, buf, g.legal_actions(buf)))
        assert g.is_terminal(), seed
