"""The ability vocabulary: each kind of investigator ability the base game's investigators
have (kernel/eldersign/data/GAME.md, "Abilities"), one focused test per kind, each from a set-up
position (tests/game_positions.py) with the generic investigator that carries it."""

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.adventure import ACT_ROLL
from eldritch.kernel.eldersign.dice import GREEN, I1, I2, LORE, PERIL, TERROR
from eldritch.kernel.eldersign.game import machine as G, pool, effects as E
from eldritch.kernel.eldersign.game.data import GameData

from game_positions import (DATA, game, legal, of_kind, asked, active, clear_hand, give, clear_board, put,
                            move, roll, run, events, end_turn, fail_roll)


def seat(g, s):
    return g._seats.inv[s]


def test_ability_once_per_day_in_any_players_turn_for_an_investigator_of_ones_choice():
    """anyturn(any(sanity+1)): at the start of another player's turn its player is asked, picks
    whom it heals, and it is spent until midnight."""
    g = game(players=2, invs=("Generic Investigator B", "Generic Investigator I"))
    a, i = seat(g, 0), seat(g, 1)
    g._inv.san[a] -= 2
    g._inv.san[i] -= 1
    move(g, None)
    g.apply(G.A_AID + 0)                                    # seat 1 ends its turn: stamina +1
    end_turn(g)
    assert asked(g) == G.F_OFFER and g.current_player() == 1     # seat 2's ability, at seat 2's turn start
    g.apply(G.A_REACT + 1)
    assert asked(g) == G.F_WHO and g.current_player() == 1
    assert sorted(of_kind(g, G.A_WHO)) == [G.A_WHO + 0, G.A_WHO + 1]    # both are hurt
    san = g._inv.san[a]
    g.apply(G.A_WHO + 0)
    assert g._inv.san[a] == san + 1 and g._inv.ability_used[i] == 1
    assert asked(g) == G.F_MAIN                                  # spent for the day: not offered again
    g._inv.san[i] = g._inv.maxsan[i]
    g._inv.san[a] = g._inv.maxsan[a]
    run(g, "sanity-1", i)
    g._inv.refresh_day()
    g._stack.push(G.F_REACT, 0, 0)                               # the next turn's start
    run(g, "", i)
    assert asked(g) == G.F_OFFER
    g.apply(G.A_REACT + 1)                                       # only i is hurt: no question
    assert g._inv.san[i] == g._inv.maxsan[i]


def test_ability_once_per_day_reroll_of_another_players_roll():
    """anyroll(reroll+2): after any player's roll its player may reroll up to 2 of the dice."""
    g = game(players=2, invs=("Generic Investigator B", "Generic Investigator K"))
    k = seat(g, 1)
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    assert asked(g) == G.F_OFFER and g.current_player() == 1
    offers = of_kind(g, G.A_REACT)
    assert G.A_REACT in offers and len(offers) == 3          # not now, one I1, two I1
    g.apply(max(offers))                                     # reroll two dice
    assert g._inv.ability_used[k] == 1 and g.current_player() == G.CHANCE
    assert g._slots.adv[0].phase() == 0                      # the two dice are rolled again
    g.apply(ACT_ROLL)
    assert asked(g) == G.F_MAIN                              # once per day: not asked again


def test_ability_no_monster_appears_in_the_investigators_turn_but_at_midnight():
    """no_monsters+1: a monster that would appear during that investigator's turn does not; at
    midnight (not part of the turn) it does."""
    g = game(invs=("Generic Investigator L",))
    cup = g._decks.cup.n
    run(g, "monster+1", active(g))
    assert g._decks.cup.n == cup and G.EV_NOMONSTER in events(g)
    g._in_midnight = True
    run(g, "monster+1", active(g))
    assert g._decks.cup.n == cup - 1


def test_ability_rolls_the_locked_dice_too():
    """roll_locked+1: the rulebook's "Only Sister Mary may roll locked dice": a locked green die is
    rolled with the pool in that investigator's attempt, and stays on its icon."""
    g = game(invs=("Generic Investigator M",))
    pool.add_lock(g, GREEN, G.LK_MYTHOS, 0)
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")
    move(g, 0)
    g.apply(G.A_BEGIN)
    assert g._slots.adv[0].pool_dice(GREEN) == 6 and g._locks.count(GREEN) == 1


def test_ability_ignores_the_mythos_cards_ongoing_effects_in_ones_own_turn():
    """ignore_mythos+1: the active mythos card's terror effect and ongoing rule do not touch that
    investigator in their turn (Generic Mythos: Dread, sanity -1 on a terror)."""
    g = game(invs=("Generic Investigator M",), mythos="Generic Mythos: Dread")
    inv = active(g)
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")                        # no terror effect of its own
    move(g, 0)
    san = g._inv.san[inv]
    g.apply(G.A_BEGIN)
    roll(g, TERROR, I1, I1, I1, I1, I1)
    g.apply(G.A_FAIL)
    assert g._inv.san[inv] == san


def test_ability_starts_with_a_named_card():
    """card("Generic Ally") in the starting gear: that very card, from its deck."""
    g = game(invs=("Generic Investigator N",))
    inv = active(g)
    names = [DATA.cards[g._inv.card(inv, k)].name for k in range(G.MAX_HAND) if g._inv.card(inv, k) != G.NONE]
    assert "Generic Ally" in names


def test_ability_on_gaining_a_card_may_take_another_instead():
    """on_common(choose(...)): each common item gained (after setup) offers a trade; the trade's own
    gain does not trigger it again."""
    g = game(invs=("Generic Investigator N",))
    inv = active(g)
    clear_hand(g, inv)
    run(g, "common_item+1", inv)
    assert asked(g) == G.F_CHOOSE
    g.apply(G.A_CHOOSE + 1)                                  # lose it, take a unique item
    decks = sorted(DATA.cards[g._inv.card(inv, k)].deck for k in range(G.MAX_HAND)
                   if g._inv.card(inv, k) != G.NONE)
    assert decks == ["unique"] and asked(g) == G.F_MAIN


def test_ability_gaining_a_spell_draws_one_more_without_triggering_itself():
    g = game(invs=("Generic Investigator P",))
    inv = active(g)
    clear_hand(g, inv)
    run(g, "spell+1", inv)
    spells = [k for k in range(G.MAX_HAND) if g._inv.card(inv, k) != G.NONE]
    assert len(spells) == 2 and asked(g) == G.F_MAIN


def test_ability_focus_more_than_once_a_turn():
    """focus+1: a second focus in the same turn."""
    g = game(invs=("Generic Investigator O",))
    clear_board(g)
    put(g, 0, "Forgotten Knowledge")
    move(g, 0)
    g.apply(G.A_BEGIN)
    roll(g, I1, I1, I1, I1, I1, I1)
    fail_roll(g, keep=GREEN * 8 + I1)
    roll(g, LORE, I1, I1, I1)
    g.apply(G.A_FAIL)
    if asked(g) == G.F_ASIDE:
        g.apply(G.A_ASIDE + GREEN)
    assert asked(g) == G.F_KEEP and [a for a in legal(g) if G.A_KEEP < a < G.A_KEEP + 32]


def test_card_naming_a_card_the_items_table_lacks_is_refused_at_load(tmp_path):
    f = tmp_path / "mine.tsv"
    f.write_text("name\tsanity\tstamina\tstart\tability\tsource\nMine\t5\t5\tcard(\"No Such Card\")\t\tmine\n")
    with pytest.raises(KernelError) as e:
        GameData(extra=[f])
    assert "No Such Card" in str(e.value) and "line 2" in str(e.value)


def test_every_generic_investigator_kind_is_shipped():
    """The shipped generic investigators carry every ability kind of the vocabulary, so every path
    is played by the bots."""
    abilities = [i.ability for i in DATA.investigators]
    assert any(a.day for a in abilities) and any(a.anyturn for a in abilities)
    assert any(a.rerolls for a in abilities) and any(a.anyroll for a in abilities)
    for m in range(len(E.MODIFIERS)):
        if E.MODIFIERS[m] not in ("shop_cost", "aid_cost", "no_focus", "no_clues"):
            assert any(a.modifiers[m] for a in abilities), E.MODIFIERS[m]
    assert any(a.triggers[E.T_GAIN + 0] for a in abilities) and any(a.triggers[E.T_GAIN + 2] for a in abilities)
