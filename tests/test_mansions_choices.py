"""One test per documented choice (kernel/mansions/game/choices.py, README "Choices"), named
test_choice_<name>, on set-up positions of the demonstration story; a swappable choice is tested
both ways. A last test checks every choice has its test and its README section."""

import re
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import view as V
from eldritch.kernel.mansions.game import text as T
from eldritch.kernel.mansions.game.choices import CHOICES, check_options
from eldritch.kernel.mansions.game.rules import Rules

import mansions_positions as P
from mansions_positions import act, roll, place, give, put_monster, legal, kinds, space, card

REPO = Path(__file__).resolve().parents[1]


def test_choice_attribute_test():
    """d10 at or below attribute + modifier, clamped; the story names each check's attribute."""
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))          # strength 5, -1
    assert st.g[S.G_T_TARGET] == 4
    roll(st, 4)
    assert st.s_space[1] == space(st, "Cellar North")
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    roll(st, 5)
    assert st.s_space[1] == space(st, "Hall SE")
    assert st.story.evade_attr == 2 and st.story.horror_attr == 5     # dexterity, will (story.tsv)
    assert P.rules().story.puzzle_attr == 3 and P.rules().story.spell_attr == 4


@pytest.mark.parametrize("rerolls", ["on", "off"])
def test_choice_skill_reroll(rerolls):
    st = P.game(("Eli Marsh",), options={"skill_rerolls": rerolls})
    skill = st.s_skill[1]
    assert skill > 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    roll(st, 10)
    if rerolls == "on":
        assert st.g[S.G_PHASE] == K.PH_REROLL and st.current_player() == 1
        assert kinds(st) == {K.A_REROLL, K.A_ACCEPT}
        act(st, K.A_REROLL)
        assert st.s_skill[1] == skill - 1 and st.current_player() == -1
        roll(st, 1)
        assert st.s_space[1] == space(st, "Cellar North")
    else:
        assert st.s_space[1] == space(st, "Hall SE") and st.s_skill[1] == skill


def test_choice_setup_order():
    st = P.rules().new_game(1, 3)
    assert st.current_player() == K.KEEPER
    act(st, K.A_ANSWER, 0, 0)
    act(st, K.A_ANSWER, 1, 1)
    assert st.current_player() == 1 and kinds(st) == {K.A_INVESTIGATOR}
    st.apply(legal(st)[0])
    st.apply(legal(st)[0])
    st.apply(legal(st)[0])
    assert st.current_player() == 2


def test_choice_turn_order():
    st = P.game(("Silas Crane", "Eli Marsh", "Ruth Okafor"))
    act(st, K.A_NEXT, 1)
    act(st, K.A_END)
    assert st.g[S.G_PHASE] == K.PH_ORDER and st.current_player() == 2      # the lowest seat yet to play
    assert set(a >> 8 & 255 for a in legal(st)) == {2, 3}


@pytest.mark.parametrize("evade", ["on", "off"])
def test_choice_evade(evade):
    st = P.game(options={"evade": evade})
    st.s_skill[1] = 0
    put_monster(st, "Ghoul", "Foyer West")
    act(st, K.A_MOVE, space(st, "Foyer East"))
    if evade == "off":
        assert st.s_space[1] == space(st, "Foyer East")
        return
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE and st.g[S.G_T_ATTR] == 2
    assert st.g[S.G_T_TARGET] == 4 + 1                 # dexterity 4, the ghoul's awareness +1
    roll(st, 10)
    assert st.s_space[1] == space(st, "Foyer West") and st.s_damage[1] == 2 and st.g[S.G_MOVES] == 1


@pytest.mark.parametrize("checks", ["on", "off"])
def test_choice_horror_check(checks):
    st = P.game(options={"horror_checks": checks})
    st.s_skill[1] = 0
    put_monster(st, "Cultist", "Foyer East")
    put_monster(st, "Ghoul", "Foyer East")
    act(st, K.A_MOVE, space(st, "Foyer East"))
    if checks == "off":
        assert st.g[S.G_PHASE] == K.PH_TURN and st.s_horror[1] == 0
        return
    tested = 0
    while st.current_player() == -1:
        assert st.g[S.G_T_PURPOSE] == K.P_HORROR and st.g[S.G_T_ATTR] == 5
        roll(st, 10)
        tested += 1
    assert tested == 2 and st.s_horror[1] == 1 + 1       # one per monster, each its horror damage


def test_choice_combat_card():
    st = P.game()
    give(st, 1, "Revolver")                              # firearm +1
    m = put_monster(st, "Cult Leader", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Revolver"))
    cb = st.g[S.G_COMBAT]
    k = st.story.cb_pass[cb]
    hit = st.story.eff.n[st.story.eff.start[k]]
    roll(st, 1)
    assert st.m_damage[m] == hit + 1
    # a failed card applies its failure effects to the attacker
    st = P.game()
    st.s_skill[1] = 0
    m = put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_ATTACK, m, K.NONE)                        # humanoid, unarmed: failure 1 damage
    roll(st, 10)
    assert st.s_damage[1] == 1 and st.m_damage[m] == 0
    # the cards that do not answer the attack are passed over
    story = st.story
    humanoid = [st.cdeck[story.class_start[0] + i] for i in range(story.class_count[0])]
    assert story.cb_against[st.g[S.G_COMBAT]] == K.W_UNARMED
    assert st.ctop[0] == humanoid.index(st.g[S.G_COMBAT]) + 1


def test_choice_killed():
    st = P.game(("Silas Crane", "Eli Marsh"))
    act(st, K.A_NEXT, 1)
    from eldritch.kernel.mansions.game import effects
    effects.hurt(st, 1, 7, 0)
    assert st.s_state[1] == K.ST_KILLED and st.g[S.G_KILLED] == 1
    d = card(st, "Derringer")
    assert st.c_where[d] == K.WH_PILE and st.c_up[d] and st.c_room[d] == P.room(st, "Foyer")


@pytest.mark.parametrize("insanity", ["out", "ignored"])
def test_choice_insanity(insanity):
    st = P.game(("Silas Crane", "Eli Marsh"), options={"insanity": insanity})
    from eldritch.kernel.mansions.game import effects
    effects.hurt(st, 1, 0, 6)                            # sanity 6
    assert st.s_state[1] == (K.ST_INSANE if insanity == "out" else K.ST_ALIVE)


@pytest.mark.parametrize("stun", ["no-action", "skip-turn"])
def test_choice_stun(stun):
    st = P.game(("Silas Crane", "Eli Marsh"), options={"stun": stun})
    st.s_stun[1] = 1
    act(st, K.A_NEXT, 1)
    if stun == "skip-turn":
        assert st.g[S.G_TURN] == 2                       # seat 1's turn passed at once
        return
    assert st.g[S.G_MOVES] == 2 and st.g[S.G_ACTIONS] == 0
    assert kinds(st) == {K.A_MOVE, K.A_END}


def test_choice_puzzle():
    st = P.game(("Agnes Thorne",))
    place(st, 1, "Library North")
    act(st, K.A_MOVE, space(st, "Chapel"))               # difficulty 1, intellect 5
    assert st.g[S.G_T_ATTR] == 3 and st.g[S.G_T_TARGET] == 4


def test_choice_spell():
    st = P.game(("Agnes Thorne",))
    st.s_skill[1] = 0
    m = put_monster(st, "Ghoul", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Shrivelling"))      # lore 5, -1
    assert st.g[S.G_T_ATTR] == 4 and st.g[S.G_T_TARGET] == 4
    roll(st, 9)
    assert st.s_horror[1] == 1 and st.m_damage[m] == 0


def test_choice_lock_card():
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    roll(st, 1)
    cellar = P.room(st, "Cellar")
    assert st.lock[cellar] == card(st, "Stuck Cellar Door")           # a test lock stays
    act(st, K.A_MOVE, space(st, "Hall SE"))
    st.g[S.G_ACTIONS] = 1
    act(st, K.A_RUN, space(st, "Cellar North"))
    assert st.current_player() == -1 and st.g[S.G_T_PURPOSE] == K.P_LOCK_TEST   # tested again


def test_choice_obstacle():
    st = P.game()
    give(st, 1, "Crowbar")
    place(st, 1, "Library South")
    act(st, K.A_EXPLORE)
    act(st, K.A_USE_KEY, card(st, "Crowbar"))
    assert st.holds(1, card(st, "Crowbar"))                            # the key is kept
    st = P.game(answers=(0, 1))
    st.s_skill[1] = 0
    place(st, 1, "Cellar North")
    act(st, K.A_EXPLORE)
    act(st, K.A_PUZZLE)
    roll(st, 10)
    assert st.g[S.G_PHASE] == K.PH_TURN and st.c_up[card(st, "Rusted Strongbox")]


def test_choice_dropped_cards():
    st = P.game()
    act(st, K.A_DROP, card(st, "Derringer"))
    act(st, K.A_DROP_DONE)
    st.g[S.G_ACTIONS] = 1
    act(st, K.A_EXPLORE)
    act(st, K.A_LEAVE)
    foyer = P.room(st, "Foyer")
    assert st.holds(1, card(st, "Crowbar")) and st.pile_n[foyer] == 1
    assert st.pile[foyer * K.PILE_CAP] == card(st, "Derringer") and st.c_up[card(st, "Derringer")]


def test_choice_trade():
    st = P.game(("Agnes Thorne", "Eli Marsh"), traits={"Agnes Thorne": ["Occultist", "Careful"]})
    P.end_investigator_turns(st)
    assert st.current_player() == 1
    gives = set(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_GIVE)
    assert card(st, "Shrivelling") not in gives and card(st, "Bandages") in gives     # no spells
    act(st, K.A_GIVE, card(st, "Bandages"), 2)
    assert st.current_player() == 2                       # nothing more for seat 1 to give
    assert P.act_code(K.A_GIVE, card(st, "Bandages"), 1) not in legal(st)          # once per turn


@pytest.mark.parametrize("uses", [1, 0])
def test_choice_keeper_cards(uses):
    st = P.game(options={"keeper_card_uses": uses})
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 10
    act(st, K.A_KCARD, 3, 0)                               # Dark Prayer
    assert (P.act_code(K.A_KCARD, 3, 0) in legal(st)) == (uses == 0)
    with pytest.raises(KernelError):
        Rules({"keeper_card_uses": 2})


def test_choice_mythos():
    st = P.game(("Silas Crane", "Eli Marsh"))
    st.s_skill[1] = 0
    st.my_where[1] = 1                                     # Rotten Floorboards in hand
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 5
    mythos = [a for a in legal(st) if a >> 16 == K.A_MYTHOS]
    assert sorted(a & 255 for a in mythos) == [1, 2]       # on any living investigator
    act(st, K.A_MYTHOS, 1, 1)
    assert st.g[S.G_THREAT] == 3 and st.g[S.G_T_ATTR] == 2  # test dexterity
    roll(st, 10)
    assert st.s_damage[1] == 2 and st.my_where[1] == 2 and st.g[S.G_PHASE] == K.PH_KEEPER


def test_choice_monsters():
    st = P.game()
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 10
    spawns = set(a & 255 for a in legal(st) if a >> 16 == K.A_KCARD and a >> 8 & 255 == 1)
    assert space(st, "Foyer West") not in spawns and space(st, "Chapel") in spawns
    act(st, K.A_KCARD, 1, space(st, "Foyer East"))
    m = st.monster_in(space(st, "Foyer East"))
    act(st, K.A_KCARD, 0, m)                               # Stalk
    steps = set(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_MSTEP)
    assert space(st, "Cellar South") not in steps          # a sealed door stops monsters too
    from eldritch.kernel.mansions.game import effects
    left = st.t_left[P.mtype(st, "Cultist")]
    effects.hit_monster(st, m, 5)
    assert st.t_left[P.mtype(st, "Cultist")] == left + 1   # back to the supply


def test_choice_objective_precedence():
    st = P.game(answers=(2, 0))                            # reach: ghoul in chapel / bring: chalice
    st.lock[P.room(st, "Chapel")] = K.NONE
    st.g[S.G_REVEALED] = 1
    give(st, 1, "Silver Chalice")
    place(st, 1, "Library North")
    put_monster(st, "Ghoul", "Chapel")
    st.opt_horror = False
    act(st, K.A_MOVE, space(st, "Chapel"))
    assert st.returns() == [1, 0]


def test_choice_public_monsters():
    st = P.game()
    m = put_monster(st, "Byakhee", "Chapel")
    st.m_damage[m] = 1
    r = V.Reader(st.story, st.view(1))
    assert r.monster(m)[:3] == (P.mtype(st, "Byakhee"), space(st, "Chapel"), 1)


def test_choice_event_knowledge():
    st = P.game()
    inv = "\n".join(T.describe(st.story, st.view(1)))
    keeper = "\n".join(T.describe(st.story, st.view(0)))
    assert "Storm Rising" not in inv and "0 of 3 time tokens" in inv
    assert "next event (keeper only): Storm Rising" in keeper


def test_every_choice_has_its_test_and_its_readme_section():
    names = set(re.findall(r"^def test_choice_(\w+)\(", Path(__file__).read_text(), re.M))
    assert names == set(CHOICES)
    readme = (REPO / "kernel" / "mansions" / "README.md").read_text()
    for name in CHOICES:
        assert "`%s`" % name in readme, name


def test_options_are_checked():
    assert check_options(None)["stun"] == "no-action"
    with pytest.raises(KernelError):
        Rules({"stun": "sometimes"})
    with pytest.raises(KernelError):
        Rules({"colour": "red"})
