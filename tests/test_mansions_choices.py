"""One test per documented choice (kernel/mansions/game/choices.py, README "Choices"), named
test_choice_<name>, on set-up positions of the demonstration story (tests/mansions_positions.py); a
swappable choice is tested every way. The defaults are the first edition's published rules (issue
26.22); the engine's earlier choices stay as options. A last test checks every choice has its test,
its README section, its status and its source."""

import re
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import view as V
from eldritch.kernel.mansions.game import text as T
from eldritch.kernel.mansions.game import effects, checks
from eldritch.kernel.mansions.game.choices import CHOICES, OPTION_VALUES, DEFAULTS, ENGINE_BEFORE, check_options
from eldritch.kernel.mansions.game.rules import Rules

import mansions_positions as P
from mansions_positions import act, roll, place, give, put_monster, legal, kinds, space, card

REPO = Path(__file__).resolve().parents[1]
STRENGTH, MARKSMANSHIP, DEXTERITY, INTELLECT, LORE, WILL, LUCK = range(7)


def _lock_test(options=None, strength=None):
    """Eli Marsh (no skill point left) forcing the Stuck Cellar Door (strength -1) from the hall."""
    st = P.game(("Eli Marsh",), options=options)
    st.s_skill[1] = 0
    if strength is not None:
        st.s_attr[1 * 7 + STRENGTH] = strength
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    return st


def test_choice_attribute_test():
    """d10 at or below attribute + modifier; the story names each check's attribute."""
    st = _lock_test()
    assert st.g[S.G_T_TARGET] == 4                          # strength 5, -1
    roll(st, 4)
    assert st.s_space[1] == space(st, "Cellar North")
    st = _lock_test()
    roll(st, 5)
    assert st.s_space[1] == space(st, "Hall SE")
    assert st.story.evade_attr == DEXTERITY and st.story.horror_attr == WILL          # story.tsv
    assert P.rules().story.puzzle_attr == INTELLECT and P.rules().story.spell_attr == LORE


@pytest.mark.parametrize("rolls", ["first-edition", "clamped"])
def test_choice_natural_rolls(rolls):
    """First edition: a 1 always passes and a 10 always fails (the target kept in 1 .. 9)."""
    st = _lock_test({"natural_rolls": rolls}, strength=11)          # 11 - 1: every face would pass
    assert st.g[S.G_T_TARGET] == (9 if rolls == "first-edition" else 10)
    roll(st, 10)
    assert (st.s_space[1] == space(st, "Hall SE")) == (rolls == "first-edition")
    st = _lock_test({"natural_rolls": rolls}, strength=0)           # 0 - 1: no face would pass
    assert st.g[S.G_T_TARGET] == (1 if rolls == "first-edition" else 0)
    roll(st, 1)
    assert (st.s_space[1] == space(st, "Cellar North")) == (rolls == "first-edition")


@pytest.mark.parametrize("points", ["luck", "reroll", "off"])
def test_choice_skill_points(points):
    """First edition: before the roll one skill point adds Luck, at most one a test; option reroll: a
    point rerolls a failure; off: no use."""
    st = P.game(("Eli Marsh",), options={"skill_points": points})     # Brawler + Lucky: 4 points, Luck 5
    skill = st.s_skill[1]
    assert skill == 4
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    if points == "luck":
        assert st.g[S.G_PHASE] == K.PH_PREROLL and st.current_player() == 1
        assert kinds(st) == {K.A_LUCK, K.A_ROLL_NOW}
        act(st, K.A_LUCK)
        assert st.s_skill[1] == skill - 1 and st.g[S.G_T_TARGET] == 4 + 5
        assert st.current_player() == -1                             # no second point on this test
        roll(st, 9)
        assert st.s_space[1] == space(st, "Cellar North")
        return
    assert st.current_player() == -1                                 # nothing before the roll
    roll(st, 10)
    if points == "reroll":
        assert st.g[S.G_PHASE] == K.PH_REROLL and kinds(st) == {K.A_REROLL, K.A_ACCEPT}
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


@pytest.mark.parametrize("evade", ["first-edition", "leaving", "off"])
def test_choice_evade(evade):
    st = P.game(("Eli Marsh",), options={"evade": evade})
    st.s_skill[1] = 0
    ghoul = put_monster(st, "Ghoul", "Foyer West")
    if evade == "first-edition":
        cultist = put_monster(st, "Cultist", "Foyer West")
        assert K.A_EXPLORE in kinds(st)                        # any action, after evading
        act(st, K.A_EXPLORE)
        assert st.g[S.G_T_PURPOSE] == K.P_EVADE and st.g[S.G_T_P1] == ghoul and st.g[S.G_T_ATTR] == DEXTERITY
        assert st.g[S.G_T_TARGET] == 5 + 1                     # dexterity 5, the ghoul's awareness +1
        roll(st, 10)                                           # failed: its damage, and he goes on
        assert st.s_damage[1] == 2 and st.g[S.G_T_P1] == cultist
        roll(st, 1)
        assert st.holds(1, card(st, "Crowbar"))                # the explore happened
        act(st, K.A_MOVE, space(st, "Foyer East"))             # both evaded this turn: no more tests
        assert st.s_space[1] == space(st, "Foyer East") and st.s_damage[1] == 2
        return
    assert K.A_EXPLORE not in kinds(st)                        # attack is the only action there
    act(st, K.A_MOVE, space(st, "Foyer East"))
    if evade == "off":
        assert st.s_space[1] == space(st, "Foyer East")
        return
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE and st.g[S.G_T_TARGET] == 5 + 1
    roll(st, 10)
    assert st.s_space[1] == space(st, "Foyer West") and st.s_damage[1] == 2 and st.g[S.G_MOVES] == 1


@pytest.mark.parametrize("checks_", ["room", "space", "off"])
def test_choice_horror_check(checks_):
    st = P.game(("Eli Marsh",), options={"horror_checks": checks_})
    st.s_skill[1] = 0
    if checks_ == "room":
        put_monster(st, "Cultist", "Hall NE")
        put_monster(st, "Ghoul", "Hall SE")
        act(st, K.A_MOVE, space(st, "Foyer East"))
        act(st, K.A_MOVE, space(st, "Hall SW"))                # the hall: both monsters share his room
        tested = 0
        while st.g[S.G_PHASE] in (K.PH_ROLL, K.PH_PREROLL):
            assert st.g[S.G_T_PURPOSE] == K.P_HORROR and st.g[S.G_T_ATTR] == WILL
            roll(st, 10)
            tested += 1
        assert tested == 2 and st.s_horror[1] == 1 + 1
        st.g[S.G_MOVES] = 2
        act(st, K.A_MOVE, space(st, "Foyer East"))
        act(st, K.A_MOVE, space(st, "Hall SW"))                # once per monster per turn
        assert st.g[S.G_PHASE] == K.PH_TURN and st.s_horror[1] == 2
        return
    put_monster(st, "Cultist", "Foyer East")
    put_monster(st, "Ghoul", "Foyer East")
    act(st, K.A_MOVE, space(st, "Foyer East"))
    if checks_ == "off":
        assert st.g[S.G_PHASE] == K.PH_TURN and st.s_horror[1] == 0
        return
    tested = 0
    while st.current_player() == -1:
        assert st.g[S.G_T_PURPOSE] == K.P_HORROR and st.g[S.G_T_ATTR] == WILL
        roll(st, 10)
        tested += 1
    assert tested == 2 and st.s_horror[1] == 1 + 1       # one per monster, each its horror damage


def _top_of_deck(st, cb):
    """Put combat card cb next in its class deck."""
    story = st.story
    k = story.cb_class[cb]
    start = story.class_start[k]
    i = [st.cdeck[start + j] for j in range(story.class_count[k])].index(cb)
    top = start + st.ctop[k]
    st.cdeck[start + i], st.cdeck[top] = st.cdeck[top], st.cdeck[start + i]


def test_choice_combat_card():
    st = P.game()
    give(st, 1, "Revolver")                              # firearm +1
    m = put_monster(st, "Cult Leader", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Revolver"))
    cb = st.g[S.G_COMBAT]
    k = st.story.cb_pass[cb]
    hit = st.story.eff.n[st.story.eff.start[k]]
    events = roll(st, 1)
    assert "the monster takes %d damage" % (hit + 1) in events
    # a failed card applies its failure effects to the attacker
    st = P.game()
    m = put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_ATTACK, m, K.NONE)                        # humanoid, unarmed: failure 1 damage
    roll(st, 10)
    assert st.s_damage[1] == 1 and st.m_damage[m] == 0
    # the cards that do not answer the attack are passed over
    story = st.story
    humanoid = [st.cdeck[story.class_start[0] + i] for i in range(story.class_count[0])]
    assert story.cb_against[st.g[S.G_COMBAT]] == K.W_UNARMED
    assert st.ctop[0] == humanoid.index(st.g[S.G_COMBAT]) + 1
    # a melee card answers a bladed weapon, with its modifier for bladed weapons
    st = P.game(("Eli Marsh",))                           # Brawler: the Hunting Knife, bladed +1
    m = put_monster(st, "Cult Leader", "Foyer West")
    melee = [c for c in range(story.ncombat) if story.cb_against[c] == K.W_MELEE and story.cb_class[c] == 0][0]
    _top_of_deck(st, melee)
    act(st, K.A_ATTACK, m, card(st, "Hunting Knife"))
    assert st.g[S.G_COMBAT] == melee
    roll(st, 1)
    assert st.m_damage[m] == 1 + 1 + 1                    # its hit, +1 bladed, the knife's +1


def test_choice_killed():
    st = P.game(("Silas Crane", "Eli Marsh"))
    act(st, K.A_NEXT, 1)
    effects.hurt(st, 1, 7, 0)
    assert st.s_state[1] == K.ST_KILLED and st.g[S.G_KILLED] == 1
    d = card(st, "Derringer")
    assert st.c_where[d] == K.WH_PILE and st.c_up[d] and st.c_room[d] == P.room(st, "Foyer")


@pytest.mark.parametrize("insanity", ["trauma", "out", "ignored"])
def test_choice_insanity(insanity):
    st = P.game(("Silas Crane", "Eli Marsh"), options={"insanity": insanity})
    effects.hurt(st, 1, 0, 9)                            # sanity 6
    if insanity == "trauma":
        assert st.s_state[1] == K.ST_ALIVE and st.s_horror[1] == 6 and st.insane(1) and st.s_due[1]
        assert V.Reader(st.story, st.view(2)).insane(1)
        effects.calm(st, 1, 1)
        assert not st.insane(1)                          # sane again above zero sanity
    elif insanity == "out":
        assert st.s_state[1] == K.ST_INSANE
    else:
        assert st.s_state[1] == K.ST_ALIVE and st.s_horror[1] == 9


def _trauma(st, name):
    return st.story.trauma_name.index(name)


def test_choice_trauma():
    """Trauma cards: free on an insane investigator, once a keeper turn; when he would suffer horror;
    through a keeper card that says trauma, any card on anyone it fits; one of each type held."""
    st = P.game(("Silas Crane", "Eli Marsh"), options={"mythos": "keeper-step"})
    st.s_horror[1] = 6                                   # Silas: insane
    P.to_keeper_actions(st)
    threat = st.g[S.G_THREAT]
    plays = set((a >> 8 & 255, a & 255) for a in legal(st) if a >> 16 == K.A_TRAUMA)
    assert plays == {(_trauma(st, "Night Terrors"), 1), (_trauma(st, "Hollow Laughter"), 1)}
    act(st, K.A_TRAUMA, _trauma(st, "Hollow Laughter"), 1)
    assert st.g[S.G_THREAT] == threat and st.s_trauma[1 * 2 + 1] == _trauma(st, "Hollow Laughter")
    assert st.s_stun[1] == 1 and checks.standing(st, 1, INTELLECT, 0) == -2 - 2    # the card, and stunned
    assert not any(a >> 16 == K.A_TRAUMA for a in legal(st))          # once a keeper turn
    st.my_where[0] = 1                                                 # Creeping Dread: 1 horror
    st.g[S.G_THREAT] = 5
    act(st, K.A_MYTHOS, 0, 1)
    assert st.g[S.G_PHASE] == K.PH_TRAUMA and st.g[S.G_TR_SEAT] == 1 and st.current_player() == K.KEEPER
    assert set(a >> 16 for a in legal(st)) == {K.A_TRAUMA, K.A_NO_TRAUMA}
    act(st, K.A_TRAUMA, _trauma(st, "Night Terrors"), 1)               # replaces Hollow Laughter
    assert st.tr_where[_trauma(st, "Hollow Laughter")] == 254 and st.s_trauma[3] == _trauma(st, "Night Terrors")
    # a keeper card: a physical trauma on an investigator hurt enough
    st.s_damage[2] = 6                                                 # Eli: 2 health left
    st.g[S.G_THREAT] = 5
    shatter = st.story.kc_name.index("Shattered Nerves")
    act(st, K.A_KCARD, shatter, 0)
    assert st.g[S.G_PHASE] == K.PH_TRAUMA and st.g[S.G_TR_SEAT] == K.NONE
    plays = set((a >> 8 & 255, a & 255) for a in legal(st))
    assert (_trauma(st, "Sprained Ankle"), 2) in plays and (_trauma(st, "Broken Wrist"), 2) in plays
    assert all(s == 2 or st.story.trauma_type[t] == K.TR_INSANITY for t, s in plays)
    act(st, K.A_TRAUMA, _trauma(st, "Broken Wrist"), 2)
    assert st.s_trauma[2 * 2] == _trauma(st, "Broken Wrist") and checks.standing(st, 2, STRENGTH, 0) == -1


@pytest.mark.parametrize("stun", ["first-edition", "no-action", "skip-turn"])
def test_choice_stun(stun):
    st = P.game(("Silas Crane", "Eli Marsh"), options={"stun": stun})
    st.s_stun[1] = 1
    act(st, K.A_NEXT, 1)
    if stun == "skip-turn":
        assert st.g[S.G_TURN] == 2                       # seat 1's turn passed at once
        return
    assert st.g[S.G_MOVES] == (1 if stun == "first-edition" else 2) and st.g[S.G_ACTIONS] == 0
    assert kinds(st) == {K.A_MOVE, K.A_END}
    assert checks.standing(st, 1, STRENGTH, 0) == (-2 if stun == "first-edition" else 0)
    # monsters are stunned by a card that says so (first edition): no attack, no move, until the turn ends
    st = P.game(("Silas Crane",), options={"stun": stun}, traits={"Silas Crane": ["Tough", "Armed"]})
    m = put_monster(st, "Cult Leader", "Foyer West")
    story = st.story
    stunning = [c for c in range(story.ncombat) if story.cb_class[c] == 0 and
                K.E_MSTUN in [op for op, _, _, _ in story.eff.ops(story.cb_pass[c])]][0]
    _top_of_deck(st, stunning)
    act(st, K.A_ATTACK, m, card(st, "Walking Cane"))       # blunt
    roll(st, 1)
    assert st.m_stun[m] == (1 if stun == "first-edition" else 0)
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 5
    stalk = P.act_code(K.A_KCARD, 0, m)
    assert (stalk in legal(st)) == (stun != "first-edition")
    act(st, K.A_KEEPER_DONE)
    if stun == "first-edition":
        assert st.g[S.G_KSTEP] == 0 and st.m_stun[m] == 0 and st.g[S.G_ROUND] == 2   # no attack; recovered
    else:
        assert st.g[S.G_PHASE] == K.PH_ATTACKS


@pytest.mark.parametrize("traits", ["attributes", "character"])
def test_choice_traits(traits):
    """The kept traits set the attributes they give; character and trait abilities exist."""
    st = P.game(("Silas Crane", "Ruth Okafor"), options={"traits": traits},
                traits={"Silas Crane": ["Tough", "Observant"]})
    if traits == "attributes":
        assert (st.attr(1, STRENGTH), st.attr(1, DEXTERITY)) == (5, 3)          # Tough
    else:
        assert (st.attr(1, STRENGTH), st.attr(1, DEXTERITY)) == (4, 4)          # the character's line
    act(st, K.A_NEXT, 2)
    st.s_damage[2] = 4
    power = P.act_code(K.A_POWER, 0, 0)                  # Ruth Okafor: action, once a game: heal 3
    assert (power in legal(st)) == (traits == "attributes")
    if traits == "attributes":
        act(st, K.A_POWER, 0)
        assert st.s_damage[2] == 1 and st.g[S.G_ACTIONS] == 0 and st.s_power[2 * 3] == 2
    act(st, K.A_END)
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))          # a strength test: Observant's +1 before the roll
    if traits == "attributes":
        assert st.g[S.G_PHASE] == K.PH_PREROLL and kinds(st) == {K.A_BOOST, K.A_ROLL_NOW}
        act(st, K.A_BOOST, K.POWER_BASE + 2)
        assert st.g[S.G_T_TARGET] == 5 - 1 + 1 and st.current_player() == -1    # once a turn
    else:
        assert st.current_player() == -1 and st.g[S.G_T_TARGET] == 4 - 1


def test_choice_puzzle():
    st = P.game(("Agnes Thorne",))
    place(st, 1, "Library North")
    act(st, K.A_MOVE, space(st, "Chapel"))               # difficulty 1, intellect 5
    assert st.g[S.G_T_ATTR] == INTELLECT and st.g[S.G_T_TARGET] == 4


def test_choice_spell():
    st = P.game(("Agnes Thorne",))
    st.s_skill[1] = 0
    m = put_monster(st, "Ghoul", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Shrivelling"))      # lore 5, -1
    assert st.g[S.G_T_ATTR] == LORE and st.g[S.G_T_TARGET] == 4
    roll(st, 9)
    assert st.s_horror[1] == 1 and st.m_damage[m] == 0
    # a tome teaching a spell deck: one of its cards, at random
    learnt = set()
    for seed in range(12):
        st = P.game(("Agnes Thorne",), seed=seed)
        give(st, 1, "Liber Umbrarum")
        act(st, K.A_ABILITY, card(st, "Liber Umbrarum"))
        got = [c for c in range(st.story.ncards) if st.holds(1, c) and st.story.card_deck[c] != K.NONE]
        assert len(got) == 1 and not st.holds(1, card(st, "Liber Umbrarum"))
        learnt.add(st.story.card_name[got[0]])
    assert learnt == {"Dread Curse (bones)", "Dread Curse (ashes)"}


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
    # a keeper card with a condition: only while it holds (Hunting Horn: once the objective is revealed)
    horn = st.story.kc_name.index("Hunting Horn")
    put_monster(st, "Ghoul", "Chapel")
    assert not any(a >> 16 == K.A_KCARD and a >> 8 & 255 == horn for a in legal(st))
    st.g[S.G_REVEALED] = 1
    assert any(a >> 16 == K.A_KCARD and a >> 8 & 255 == horn for a in legal(st))


@pytest.mark.parametrize("mythos", ["investigator-turns", "keeper-step"])
def test_choice_mythos(mythos):
    st = P.game(("Silas Crane", "Eli Marsh"), options={"mythos": mythos})
    st.s_skill[2] = 0
    st.my_where[1] = 1                                     # Rotten Floorboards in hand
    st.g[S.G_THREAT] = 5
    if mythos == "investigator-turns":
        act(st, K.A_NEXT, 2)                               # before Eli's turn, the keeper's window
        assert st.g[S.G_PHASE] == K.PH_MYTHOS and st.current_player() == K.KEEPER
        assert set(legal(st)) == {P.act_code(K.A_MYTHOS, 1, 2), P.act_code(K.A_NO_MYTHOS)}   # on him only
        act(st, K.A_MYTHOS, 1, 2)
        assert st.g[S.G_THREAT] == 3 and st.g[S.G_T_ATTR] == DEXTERITY
        roll(st, 10)
        assert st.s_damage[2] == 2 and st.my_where[1] == 2
        assert st.g[S.G_PHASE] == K.PH_TURN and st.g[S.G_TURN] == 2 and st.g[S.G_MOVES] == 2
        act(st, K.A_END)
        st.my_where[2] = 1                                 # at most one per investigator per turn
        assert st.g[S.G_PHASE] == K.PH_TURN and st.g[S.G_TURN] == 1
        P.to_keeper_actions(st)
        assert not any(a >> 16 == K.A_MYTHOS for a in legal(st))           # not in step 3
        return
    act(st, K.A_NEXT, 2)
    assert st.g[S.G_PHASE] == K.PH_TURN
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 5
    mythos_ = [a for a in legal(st) if a >> 16 == K.A_MYTHOS]
    assert sorted(a & 255 for a in mythos_) == [1, 2]      # on any living investigator
    act(st, K.A_MYTHOS, 1, 2)
    assert st.g[S.G_THREAT] == 3 and st.g[S.G_T_ATTR] == DEXTERITY
    roll(st, 10)
    assert st.s_damage[2] == 2 and st.my_where[1] == 2 and st.g[S.G_PHASE] == K.PH_KEEPER


def test_choice_monsters():
    st = P.game(options={"horror_checks": "off"})
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 10
    spawns = set(a & 255 for a in legal(st) if a >> 16 == K.A_KCARD and a >> 8 & 255 == 1)
    assert space(st, "Foyer West") not in spawns and space(st, "Chapel") in spawns
    act(st, K.A_KCARD, 1, space(st, "Foyer East"))
    m = st.monster_in(space(st, "Foyer East"))
    act(st, K.A_KCARD, 0, m)                               # Stalk
    steps = set(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_MSTEP)
    assert space(st, "Cellar South") not in steps          # a sealed door stops monsters too
    act(st, K.A_MSTOP)
    left = st.t_left[P.mtype(st, "Cultist")]
    effects.hit_monster(st, m, 5)
    assert st.t_left[P.mtype(st, "Cultist")] == left + 1   # back to the supply
    # a corpse raised where the keeper chooses
    raise_ = st.story.kc_name.index("Raise the Dead")
    assert not any(a >> 16 == K.A_KCARD and a >> 8 & 255 == raise_ for a in legal(st))
    st.corpse[space(st, "Garden West")] = 1
    act(st, K.A_KCARD, raise_, space(st, "Garden West"))
    g = st.monster_in(space(st, "Garden West"))
    assert st.m_type[g] == P.mtype(st, "Ghoul") and not st.corpse[space(st, "Garden West")]


def test_choice_board_tokens():
    """Fire burns who enters and spreads through its room; a dark room is explored only with a light;
    a corpse waits for a keeper card (test_choice_monsters raises one)."""
    st = P.game()
    st.fire[space(st, "Foyer East")] = 1
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert st.s_damage[1] == st.story.fire_damage == 1
    effects.spread_fire(st)
    assert st.fire[space(st, "Foyer West")] and not st.fire[space(st, "Hall SW")]     # its room only
    st = P.game()
    place(st, 1, "Garden West")
    st.dark[P.room(st, "Garden")] = 1
    assert K.A_EXPLORE not in kinds(st)
    give(st, 1, "Storm Lantern")
    assert K.A_EXPLORE in kinds(st) and K.A_FREE in kinds(st)
    act(st, K.A_FREE, card(st, "Storm Lantern"))           # it lights the room, no action spent
    assert not st.dark[P.room(st, "Garden")] and st.g[S.G_ACTIONS] == 1


def _to_event_stage(st, stage):
    st.g[S.G_EVENT] = stage
    st.g[S.G_TOKENS] = st.story.stage_time[stage] - 1
    P.to_keeper_actions(st)
    return act(st, K.A_KEEPER_DONE)


def test_choice_event_branches():
    """A stage resolves its first card whose condition holds; if/else inside an effect list."""
    st = P.game()
    events = _to_event_stage(st, 2)                        # clue 2 not found: The Lights Fail
    assert any(e.startswith("event: The Lights Fail") for e in events) and st.dark[P.room(st, "Library")]
    assert st.ev_row[2] == st.story.stage_first[2]
    st = P.game()
    give(st, 1, "Torn Map")                                # clue 2 found: the other card of the stage
    events = _to_event_stage(st, 2)
    assert any(e.startswith("event: The Map Speaks") for e in events) and st.g[S.G_REVEALED]
    for read in (False, True):                             # the last event: horror unless the diary was read
        st = P.game(answers=(1, 0))
        st.flags[st.story.flag_name.index("diary-read")] = int(read)
        _to_event_stage(st, 3)
        assert (st.s_damage[1], st.s_horror[1]) == (1, 0 if read else 1)


def test_choice_objective_precedence():
    st = P.game(answers=(2, 0))                            # reach: ghoul in chapel / bring: chalice
    st.lock[P.room(st, "Chapel")] = K.NONE
    st.g[S.G_REVEALED] = 1
    give(st, 1, "Silver Chalice")
    place(st, 1, "Library North")
    put_monster(st, "Ghoul", "Chapel")
    st.opt_horror_room = False
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
    for name, (choice, option, status, source) in CHOICES.items():
        assert "`%s`" % name in readme, name
        assert status in ("seed", "published", "reading") and source, name
        assert option == "" or option in OPTION_VALUES, name


def test_options_default_to_the_first_edition_and_keep_the_engines_earlier_choices():
    assert check_options(None)["stun"] == "first-edition"
    for key, value in ENGINE_BEFORE.items():
        assert DEFAULTS[key] != value and value in OPTION_VALUES[key]
    with pytest.raises(KernelError):
        Rules({"stun": "sometimes"})
    with pytest.raises(KernelError):
        Rules({"colour": "red"})


def test_choice_keeper_picks(tmp_path):
    """An effect's choice waits for the keeper's action: a monster for an investigator's room in any of
    its spaces (his own too); a monster to move, or none; play goes back where it was."""
    from test_mansions_decks import story_with, choices
    folder = story_with(tmp_path, [("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tspawn_with:Cultist;threat:1")])
    st = P.game(story=folder)
    place(st, 1, "Study")
    st.g[S.G_TOKENS] = 2
    P.to_keeper_actions(st)
    threat = st.g[S.G_THREAT]
    act(st, K.A_KEEPER_DONE)
    assert choices(st) == [space(st, "Study")] and st.g[S.G_THREAT] == threat      # the list waits
    act(st, K.A_CHOOSE, space(st, "Study"))
    assert st.monster_in(space(st, "Study")) != K.NONE and st.g[S.G_THREAT] == threat + 1
    folder = story_with(tmp_path, combat=[("humanoid", "unarmed", "strength:-1", "hit:1", "move:1", "Shove.")],
                        name="move")
    st = P.game(story=folder)
    m = put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_ATTACK, m, K.NONE)
    roll(st, 10)
    assert choices(st) == sorted([m, K.NONE])
    act(st, K.A_CHOOSE, m)
    act(st, K.A_MSTEP, space(st, "Foyer East"))
    assert st.m_space[m] == space(st, "Foyer East") and st.g[S.G_PHASE] == K.PH_TURN and st.g[S.G_TURN] == 1


def test_choice_time_tokens(tmp_path):
    """Tokens go on one by one; the one reaching the number resolves the event, and the effect's
    others are not placed."""
    from test_mansions_decks import story_with
    folder = story_with(tmp_path, [("mythos.tsv", "Creeping Dread\t1\thorror:1", "Creeping Dread\t1\ttime:3")])
    st = P.game(("Silas Crane", "Eli Marsh"), story=folder)
    st.g[S.G_TOKENS] = 1
    st.g[S.G_THREAT] = 5
    dread = st.story.my_name.index("Creeping Dread")
    st.my_where[dread] = 1
    act(st, K.A_NEXT, 2)
    events = act(st, K.A_MYTHOS, dread, 2)
    assert [e for e in events if e.startswith("time token")] == ["time token 2 of 3 on the event deck",
                                                                 "time token 3 of 3 on the event deck"]
    assert st.g[S.G_EVENT] == 1 and st.g[S.G_TOKENS] == 0


def test_choice_hiding(tmp_path):
    """Hiding is an action, after the evade tests any action needs; a movement step ends it."""
    from test_mansions_decks import story_with, HIDING
    st = P.game(story=story_with(tmp_path, combat=HIDING))
    put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_HIDE)
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE                  # the cultist is evaded first
    roll(st, 1)
    assert st.s_hidden[1] and st.g[S.G_ACTIONS] == 0 and K.A_HIDE not in kinds(st)
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert not st.s_hidden[1]


def test_choice_barricade(tmp_path):
    """A barricade stops monsters (a barrier card decides), not investigators; a sealed door cannot be
    barricaded."""
    from test_mansions_decks import story_with, BARRIER
    st = P.game(story=story_with(tmp_path, combat=BARRIER))
    place(st, 1, "Foyer East")
    doors = sorted(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_BARRICADE)
    sealed = st.story.door_index[(space(st, "Foyer East"), space(st, "Cellar South"))]
    assert doors == [st.story.door_index[(space(st, "Foyer East"), space(st, "Hall SW"))]] and sealed not in doors
    act(st, K.A_BARRICADE, doors[0])
    st.g[S.G_ACTIONS] = 1
    act(st, K.A_MOVE, space(st, "Hall SW"))
    assert st.s_space[1] == space(st, "Hall SW") and st.barrier[doors[0]]
