"""One focused test per rule of the digest (../shared/rules/mansions-1e.md), each named after it, on
set-up positions of the demonstration story (tests/mansions_positions.py)."""

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import view as V
from eldritch.kernel.mansions.game import text as T
from eldritch.kernel.mansions.game.rules import Rules

import mansions_positions as P
from mansions_positions import act, roll, place, give, put_monster, legal, kinds, space, card


def moves(st):
    return set(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_MOVE)


# ----- setup and sides --------------------------------------------------------------------------

def test_rule_setup_keeper_prepares_hidden_while_investigators_prepare():
    """The keeper's choices are made without the investigators seeing them: their legal actions and
    views are the same whatever objective the keeper chose."""
    r = P.rules()
    seen = set()
    for objective in range(3):
        st = r.new_game(5, 2)
        assert st.current_player() == K.KEEPER and kinds(st) == {K.A_ANSWER}
        act(st, K.A_ANSWER, 0, objective)
        act(st, K.A_ANSWER, 1, 0)
        assert st.current_player() == 1
        seen.add((tuple(legal(st)), st.view(1)))
    assert len(seen) == 1


def test_rule_setup_investigator_keeps_two_traits():
    st = P.game(("Agnes Thorne",), traits={"Agnes Thorne": ["Occultist", "Devout"]})
    story = st.story
    assert st.holds(1, card(st, "Shrivelling")) and st.holds(1, card(st, "Pocket Bible"))
    assert st.c_where[card(st, "Bandages")] == K.WH_OUT          # the returned trait's item
    assert st.s_skill[1] == 1 + 1
    assert sorted(story.tr_name[t] for t in st.s_trait[2:4]) == ["Devout", "Occultist"]


def test_rule_setup_trait_not_kept_twice_and_investigator_not_taken_twice():
    r = P.rules()
    st = r.new_game(0, 3)
    act(st, K.A_ANSWER, 0, 0)
    act(st, K.A_ANSWER, 1, 0)
    act(st, K.A_INVESTIGATOR, 1)
    first = legal(st)[0]
    st.apply(first)
    assert first not in legal(st)
    st.apply(legal(st)[0])
    assert P.act_code(K.A_INVESTIGATOR, 1) not in legal(st) and st.current_player() == 2


def test_rule_setup_figures_start_on_the_story_start_space():
    st = P.game(("Silas Crane", "Eli Marsh"))
    assert st.s_space[1] == st.s_space[2] == space(st, "Foyer West") == st.story.start


def test_rule_setup_keeper_seeds_rooms_per_guide():
    for answer, where in ((0, "Library"), (1, "Cellar")):
        st = P.game(answers=(0, answer))
        c = card(st, "Torn Map")
        assert st.c_where[c] == K.WH_PILE and st.c_room[c] == P.room(st, where)
    st = P.game()
    study = P.room(st, "Study")
    assert st.lock[study] == card(st, "Locked Study Door") and st.pile_n[study] == 3
    # the first card listed for a room is the top of its pile
    garden = P.room(st, "Garden")
    assert st.pile[garden * K.PILE_CAP + st.pile_n[garden] - 1] == card(st, "Brass Key")
    assert st.g[S.G_OBJ] == 0


# ----- the round ------------------------------------------------------------------------------------

def test_rule_round_investigators_choose_their_order():
    st = P.game(("Silas Crane", "Eli Marsh", "Ruth Okafor"))
    assert st.g[S.G_PHASE] == K.PH_ORDER and st.current_player() == 1
    assert kinds(st) == {K.A_NEXT} and len(legal(st)) == 3
    act(st, K.A_NEXT, 3)
    assert st.g[S.G_TURN] == 3 and st.current_player() == 3


def test_rule_round_every_investigator_then_the_keeper():
    st = P.game(("Silas Crane", "Eli Marsh"))
    act(st, K.A_NEXT, 2)
    act(st, K.A_END)
    assert st.g[S.G_TURN] == 1 and st.current_player() == 1       # the last one goes without asking
    act(st, K.A_END)
    # the keeper's turn: step 1 (the two share a space, so they may trade), then his actions
    assert st.g[S.G_KSTEP] == 1 and st.g[S.G_PHASE] == K.PH_TRADE
    act(st, K.A_TRADE_DONE)
    act(st, K.A_TRADE_DONE)
    assert st.g[S.G_KSTEP] == 3 and st.current_player() == K.KEEPER


def test_rule_round_repeats_until_an_end():
    st = P.game()
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    assert st.g[S.G_ROUND] == 2 and st.current_player() == 1 and st.g[S.G_PHASE] == K.PH_TURN


# ----- the investigator's turn ----------------------------------------------------------------------

def test_rule_turn_two_movement_steps_and_one_action_in_any_order():
    st = P.game()
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert st.g[S.G_MOVES] == 1
    act(st, K.A_RUN, space(st, "Foyer West"))          # the action between the two movements
    assert st.g[S.G_ACTIONS] == 0 and K.A_EXPLORE not in kinds(st) and K.A_RUN not in kinds(st)
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert st.s_space[1] == space(st, "Foyer East")
    assert st.g[S.G_ROUND] == 1 and st.current_player() == K.KEEPER   # all three spent: the turn ends


def test_rule_turn_no_step_is_mandatory():
    st = P.game()
    assert K.A_END in kinds(st)
    act(st, K.A_END)
    assert st.current_player() == K.KEEPER and st.s_space[1] == space(st, "Foyer West")


def test_rule_move_adjacent_across_a_white_line():
    st = P.game()
    assert space(st, "Foyer East") in moves(st)


def test_rule_move_diagonally_adjacent_spaces():
    st = P.game()
    place(st, 1, "Hall NW")
    assert space(st, "Hall SE") in moves(st)


def test_rule_move_through_a_door_costs_nothing_extra():
    st = P.game()
    place(st, 1, "Foyer East")
    act(st, K.A_MOVE, space(st, "Hall SW"))
    assert st.s_space[1] == space(st, "Hall SW") and st.g[S.G_MOVES] == 1 and st.g[S.G_ACTIONS] == 1


def test_rule_rooms_bounded_by_a_tile_edge_and_diagonals_across_tiles(tmp_path):
    """The rulebook: a room is bounded by walls, doors 'or the edge of the map tile', and
    spaces that look diagonally adjacent across two tiles are: links `edge` and `edge-diagonal`; a
    room entered across an edge still resolves its lock card."""
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Study")
    assert P.act_code(K.A_MOVE, space(st, "Library South")) in legal(st)     # diagonal across two tiles
    act(st, K.A_MOVE, space(st, "Library South"))
    assert st.s_space[1] == space(st, "Library South")
    act(st, K.A_MOVE, space(st, "Cellar North"))           # across the tiles' edge: the cellar's lock
    assert st.g[S.G_T_PURPOSE] == K.P_LOCK_TEST
    for old, new, message in (("Hall NW\tHall NE\tline", "Hall NW\tHall NE\tedge", "one room"),
                              ("Hall NE\tLibrary South\tdoor", "Hall NE\tLibrary South\tedge", "one tile")):
        folder = P.variant(tmp_path, [("links.tsv", old, new)] + (
            [("spaces.tsv", "Library South\tLibrary\teast wing", "Library South\tLibrary\tentrance"),
             ("spaces.tsv", "Library North\tLibrary\teast wing", "Library North\tLibrary\tentrance")]
            if message == "one tile" else []), name=message.replace(" ", "_"))
        with pytest.raises(KernelError) as err:
            Rules({"story": folder})
        assert "links.tsv line" in str(err.value) and message in str(err.value)


def test_rule_attacks_have_the_range_their_card_states():
    """The Revolver (range 2) fires at a monster up to two spaces away, through open
    doors; bare hands and a range-0 weapon reach only the monster in the space."""
    st = P.game()                                          # Silas Crane: the Derringer (range 0)
    give(st, 1, "Revolver")
    near = put_monster(st, "Cultist", "Hall SW")           # two steps: Foyer East, Hall SW
    far = put_monster(st, "Ghoul", "Hall NE")              # three steps
    attacks = set((a >> 8 & 255, a & 255) for a in legal(st) if a >> 16 == K.A_ATTACK)
    assert attacks == {(near, card(st, "Revolver"))}
    act(st, K.A_ATTACK, near, card(st, "Revolver"))
    assert st.story.cb_against[st.g[S.G_COMBAT]] == K.W_FIREARM
    st = P.game()
    give(st, 1, "Revolver")
    put_monster(st, "Ghoul", "Cellar South")               # one step, through the sealed door
    assert K.A_ATTACK not in kinds(st)


def test_rule_introductory_story_text_exists():
    """The story's introduction (story.tsv `intro`), read to everyone at the start."""
    story = P.rules().story
    assert len(story.intro) == 2 and story.intro[0].startswith("A letter from your old tutor")
    assert T.intro(story) == story.intro


def test_rule_an_event_or_a_card_reveals_the_objective(tmp_path):
    """`reveal` in an event card (the demo's The Map Speaks) or in a card's `found`
    effects shows the keeper's objective before clue 1."""
    st = P.game(answers=(1, 0))
    give(st, 1, "Torn Map")
    st.g[S.G_EVENT] = 2
    st.g[S.G_TOKENS] = 1
    P.to_keeper_actions(st)
    events = act(st, K.A_KEEPER_DONE)
    assert any(e.startswith("event: The Map Speaks") for e in events) and st.g[S.G_REVEALED]
    assert V.Reader(st.story, st.view(1)).h(V.H_OBJ) == 1
    folder = P.variant(tmp_path, [("cards.tsv", "Scorched Diary\texploration\tclue\t3", "Scorched Diary\texploration\tclue\t3"),
                                  ("cards.tsv", "\tflag:diary-read\t", "\treveal;flag:diary-read\t")])
    st = P.game(answers=(1, 0), story=folder)
    place(st, 1, "Hall NE")
    events = act(st, K.A_EXPLORE)
    assert any(e.startswith("the keeper reveals his objective") for e in events) and st.g[S.G_REVEALED]


def test_rule_equipment_says_when_it_is_used_and_whether_it_costs_an_action():
    """The rulebook: cards 'say when they are used and whether they cost an action': the
    First Aid Kit is an Action; the Smelling Salts are used at any time in the turn, no action; the
    Elder Sign Charm before a roll."""
    st = P.game()
    st.s_damage[1] = 3
    st.s_horror[1] = 3
    give(st, 1, "First Aid Kit")
    give(st, 1, "Smelling Salts")
    give(st, 1, "Elder Sign Charm")
    assert P.act_code(K.A_ABILITY, card(st, "First Aid Kit")) in legal(st)
    assert P.act_code(K.A_FREE, card(st, "Smelling Salts")) in legal(st)
    assert not any(a >> 8 & 255 == card(st, "Elder Sign Charm") for a in legal(st) if a >> 16 in (K.A_ABILITY, K.A_FREE))
    act(st, K.A_ABILITY, card(st, "First Aid Kit"))
    assert st.s_damage[1] == 1 and st.g[S.G_ACTIONS] == 0
    act(st, K.A_FREE, card(st, "Smelling Salts"))          # no action left: still usable
    assert st.s_horror[1] == 1 and not st.holds(1, card(st, "Smelling Salts"))
    place(st, 1, "Hall SE")
    st.s_skill[1] = 0
    act(st, K.A_MOVE, space(st, "Cellar North"))           # strength 4 - 1
    assert P.act_code(K.A_BOOST, card(st, "Elder Sign Charm")) in legal(st)
    act(st, K.A_BOOST, card(st, "Elder Sign Charm"))
    assert st.g[S.G_T_TARGET] == 4 - 1 + 3 and not st.holds(1, card(st, "Elder Sign Charm"))


def test_rule_move_a_wall_without_door_separates():
    st = P.game()
    place(st, 1, "Foyer East")
    assert space(st, "Hall SE") not in moves(st)          # diagonal across a wall
    place(st, 1, "Library North")
    assert space(st, "Study") not in moves(st)


def test_rule_move_never_through_a_sealed_door():
    st = P.game()
    place(st, 1, "Foyer East")
    assert space(st, "Cellar South") not in moves(st)
    st.sealed[st.story.door_index[(space(st, "Foyer East"), space(st, "Cellar South"))]] = 0
    assert space(st, "Cellar South") in moves(st)


def test_rule_lock_card_revealed_before_entering():
    st = P.game()
    place(st, 1, "Hall NW")
    study = P.room(st, "Study")
    assert V.Reader(st.story, st.view(1)).room(study)[3] == 1      # a lock, face down
    events = act(st, K.A_MOVE, space(st, "Study"))
    assert any(e.startswith("lock revealed: Locked Study Door") for e in events)
    assert st.lock_up[study] and st.s_space[1] == space(st, "Hall NW")


def test_rule_lock_discard_the_named_card_to_enter():
    st = P.game()
    place(st, 1, "Hall NW")
    give(st, 1, "Brass Key")
    act(st, K.A_MOVE, space(st, "Study"))
    assert st.g[S.G_PHASE] == K.PH_LOCK and P.act_code(K.A_UNLOCK, card(st, "Brass Key")) in legal(st)
    act(st, K.A_UNLOCK, card(st, "Brass Key"))
    assert st.s_space[1] == space(st, "Study")
    assert st.c_where[card(st, "Brass Key")] == K.WH_DISCARD and st.lock[P.room(st, "Study")] == K.NONE


def test_rule_lock_failure_spends_the_movement_step():
    st = P.game()
    place(st, 1, "Hall NW")
    events = act(st, K.A_MOVE, space(st, "Study"))
    assert st.s_space[1] == space(st, "Hall NW") and st.g[S.G_MOVES] == 1
    assert "Silas Crane stays (the step is spent)" in events


def test_rule_lock_attribute_test():
    for face, inside in ((1, True), (10, False)):
        st = P.game(("Eli Marsh",))
        st.s_skill[1] = 0
        place(st, 1, "Hall SE")
        act(st, K.A_MOVE, space(st, "Cellar North"))
        assert st.g[S.G_T_TARGET] == 5 - 1 and st.g[S.G_T_ATTR] == 0      # strength 5, -1
        roll(st, face)
        assert (st.s_space[1] == space(st, "Cellar North")) == inside


def test_rule_lock_puzzle():
    st = P.game(("Agnes Thorne",))
    st.s_skill[1] = 0
    place(st, 1, "Library North")
    act(st, K.A_MOVE, space(st, "Chapel"))
    assert st.g[S.G_T_PURPOSE] == K.P_LOCK_PUZZLE
    roll(st, 2)
    assert st.s_space[1] == space(st, "Chapel") and st.lock[P.room(st, "Chapel")] == K.NONE


def test_rule_lock_resolved_whichever_door_is_used():
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    st.sealed[st.story.door_index[(space(st, "Foyer East"), space(st, "Cellar South"))]] = 0
    place(st, 1, "Foyer East")
    act(st, K.A_MOVE, space(st, "Cellar South"))
    assert st.current_player() == -1 and st.g[S.G_T_PURPOSE] == K.P_LOCK_TEST
    roll(st, 10)
    assert st.s_space[1] == space(st, "Foyer East")


def test_rule_revealed_lock_stays_face_up_while_in_effect():
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    act(st, K.A_MOVE, space(st, "Cellar North"))
    roll(st, 10)
    cellar = P.room(st, "Cellar")
    r = V.Reader(st.story, st.view(1))
    assert r.room(cellar)[3] == 2 and r.card(card(st, "Stuck Cellar Door"))[0] == V.CW_LOCK_UP


def test_rule_failed_lock_bars_the_room_for_the_rest_of_the_turn():
    """The rulebook: unable to meet the lock, 'he cannot enter the room this turn'; the
    step is spent and no other step or run tries again before his next turn."""
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    place(st, 1, "Hall SE")
    events = act(st, K.A_MOVE, space(st, "Cellar North"))
    roll(st, 10)                                          # the Stuck Cellar Door holds
    assert st.s_space[1] == space(st, "Hall SE") and st.g[S.G_MOVES] == 1 and st.barred[P.room(st, "Cellar")]
    barred = [P.act_code(k, space(st, "Cellar North")) for k in (K.A_MOVE, K.A_RUN)]
    assert not set(barred) & set(legal(st))
    act(st, K.A_MOVE, space(st, "Hall NE"))               # elsewhere, as before
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    place(st, 1, "Hall SE")
    assert P.act_code(K.A_MOVE, space(st, "Cellar North")) in legal(st)      # his next turn: try again


def test_rule_lock_naming_a_card_bars_the_room_when_he_gives_up():
    st = P.game()
    place(st, 1, "Hall NW")
    act(st, K.A_MOVE, space(st, "Study"))                 # Locked Study Door: the Brass Key, not held
    assert st.s_space[1] == space(st, "Hall NW") and st.barred[P.room(st, "Study")]
    assert P.act_code(K.A_MOVE, space(st, "Study")) not in legal(st)


def test_rule_monsters_ignore_lock_cards():
    st = P.game()
    m = put_monster(st, "Cultist", "Hall NW")
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 5
    act(st, K.A_KCARD, 0, m)                          # Stalk: move one monster up to 2
    assert P.act_code(K.A_MSTEP, space(st, "Study")) in legal(st)
    act(st, K.A_MSTEP, space(st, "Study"))
    assert st.m_space[m] == space(st, "Study") and st.lock[P.room(st, "Study")] != K.NONE


def test_rule_run_action_is_one_more_movement():
    st = P.game()
    act(st, K.A_MOVE, space(st, "Foyer East"))
    act(st, K.A_MOVE, space(st, "Hall SW"))
    assert K.A_MOVE not in kinds(st)
    assert P.act_code(K.A_RUN, space(st, "Hall SE")) in legal(st)
    assert P.act_code(K.A_RUN, space(st, "Foyer West")) not in legal(st)       # adjacency still applies
    act(st, K.A_RUN, space(st, "Hall SE"))
    assert st.s_space[1] == space(st, "Hall SE")


def test_rule_card_ability_action():
    st = P.game()
    st.s_damage[1] = 3
    give(st, 1, "First Aid Kit")
    act(st, K.A_ABILITY, card(st, "First Aid Kit"))
    assert st.s_damage[1] == 1 and st.c_where[card(st, "First Aid Kit")] == K.WH_DISCARD
    assert st.g[S.G_ACTIONS] == 0


def test_rule_drop_action_puts_cards_face_up_on_the_pile():
    st = P.game()
    foyer = P.room(st, "Foyer")
    give(st, 1, "Revolver")
    act(st, K.A_DROP, card(st, "Derringer"))
    act(st, K.A_DROP, card(st, "Revolver"))
    act(st, K.A_DROP_DONE)
    n = st.pile_n[foyer]
    top = [st.pile[foyer * K.PILE_CAP + i] for i in range(n)]
    assert top[-2:] == [card(st, "Derringer"), card(st, "Revolver")]        # in the order chosen
    assert st.c_up[card(st, "Revolver")] and st.g[S.G_ACTIONS] == 0


def test_rule_dropped_cards_picked_up_by_a_later_explorer():
    st = P.game()
    act(st, K.A_DROP, card(st, "Derringer"))
    act(st, K.A_DROP_DONE)
    st.g[S.G_ACTIONS] = 1
    act(st, K.A_EXPLORE)
    assert st.g[S.G_PHASE] == K.PH_PICKUP
    act(st, K.A_TAKE)
    assert st.holds(1, card(st, "Derringer")) and st.holds(1, card(st, "Crowbar"))


def test_rule_attack_with_a_weapon_draws_the_combat_card_of_the_monster_class():
    st = P.game()
    give(st, 1, "Revolver")
    m = put_monster(st, "Ghoul", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Revolver"))
    cb = st.g[S.G_COMBAT]
    assert st.story.cb_class[cb] == 1 and st.story.cb_against[cb] == K.W_FIREARM   # beast, firearm
    P.to_roll(st)
    assert st.current_player() == -1 and st.g[S.G_T_ATTR] == 1                     # marksmanship


def test_rule_attack_with_bare_hands():
    st = P.game()
    m = put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_ATTACK, m, K.NONE)
    assert st.story.cb_against[st.g[S.G_COMBAT]] == K.W_UNARMED


def test_rule_attack_with_a_spell():
    st = P.game(("Agnes Thorne",))
    m = put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_ATTACK, m, card(st, "Shrivelling"))
    assert st.g[S.G_COMBAT] == K.NONE and st.g[S.G_T_PURPOSE] == K.P_SPELL
    roll(st, 1)
    assert st.m_type[m] == K.NONE                    # 3 damage kills a cultist (health 2)


def test_rule_attack_a_monster_in_the_same_space_only():
    st = P.game()
    put_monster(st, "Cultist", "Foyer East")
    assert K.A_ATTACK not in kinds(st)


def test_rule_monster_in_space_attack_is_the_only_action_unless_he_evades():
    """The seed: with a monster in his space an investigator's only action is an attack, unless he
    evades it (first edition: every other action first evades; option evade=leaving: attack only)."""
    st = P.game(options={"evade": "leaving"})
    give(st, 1, "First Aid Kit")
    put_monster(st, "Cultist", "Foyer West")
    assert kinds(st) == {K.A_MOVE, K.A_RUN, K.A_ATTACK, K.A_END}
    st = P.game()
    st.s_skill[1] = 0
    give(st, 1, "First Aid Kit")
    put_monster(st, "Cultist", "Foyer West")
    assert {K.A_EXPLORE, K.A_DROP, K.A_ABILITY} <= kinds(st)
    act(st, K.A_ABILITY, card(st, "First Aid Kit"))
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE and st.s_damage[1] == 0     # the evade comes first


def test_rule_monster_in_space_evade_to_leave():
    st = P.game()
    st.s_skill[1] = 0
    put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE
    roll(st, 1)
    assert st.s_space[1] == space(st, "Foyer East") and K.A_EXPLORE in kinds(st)


def test_rule_evaded_investigator_may_take_other_actions_in_a_monster_space():
    """With a monster in his space, an investigator who has evaded it may explore, drop
    or use a card (first edition: the evade comes first, failed or not, then the action)."""
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    put_monster(st, "Cultist", "Foyer West")
    assert {K.A_EXPLORE, K.A_DROP} <= kinds(st)
    act(st, K.A_EXPLORE)
    assert st.g[S.G_T_PURPOSE] == K.P_EVADE
    roll(st, 1)
    assert st.holds(1, card(st, "Crowbar")) and st.g[S.G_ACTIONS] == 0
    st = P.game(("Eli Marsh",))
    st.s_skill[1] = 0
    put_monster(st, "Cultist", "Foyer West")
    act(st, K.A_DROP, card(st, "Hunting Knife"))
    roll(st, 10)                                           # failed: 1 damage, and he drops the knife
    assert st.s_damage[1] == 1 and st.c_where[card(st, "Hunting Knife")] == K.WH_PILE
    assert st.g[S.G_PHASE] == K.PH_DROP


def test_rule_explore_from_any_space_of_the_room():
    st = P.game()
    place(st, 1, "Hall NE")
    events = act(st, K.A_EXPLORE)
    assert events[0].startswith("card revealed: Scorched Diary")


def test_rule_explore_reveals_cards_one_by_one_from_the_top():
    st = P.game()
    place(st, 1, "Garden West")
    events = act(st, K.A_EXPLORE)
    revealed = [e.split(":")[1].split(" - ")[0].strip() for e in events if e.startswith("card revealed")]
    assert revealed == ["Brass Key", "Storm Lantern", "First Aid Kit", "Nothing of Interest (garden)"]


def test_rule_explore_nothing_of_interest_is_discarded():
    st = P.game()
    place(st, 1, "Garden West")
    act(st, K.A_EXPLORE)
    assert st.c_where[card(st, "Nothing of Interest (garden)")] == K.WH_DISCARD
    assert st.holds(1, card(st, "First Aid Kit")) and st.pile_n[P.room(st, "Garden")] == 0


def test_rule_explore_any_number_of_cards_carried():
    st = P.game()
    for name in ("Revolver", "Kitchen Knife", "Smelling Salts", "Silver Chalice", "Elder Sign Charm"):
        give(st, 1, name)
    place(st, 1, "Garden West")
    act(st, K.A_EXPLORE)
    assert sum(1 for c in range(st.story.ncards) if st.holds(1, c)) == 2 + 5 + 3


def test_rule_obstacle_blocks_exploring():
    st = P.game()
    take_crowbar = card(st, "Crowbar")
    place(st, 1, "Library South")
    act(st, K.A_EXPLORE)
    assert st.g[S.G_PHASE] == K.PH_OBSTACLE and P.act_code(K.A_USE_KEY, take_crowbar) not in legal(st)
    act(st, K.A_STOP)
    library = P.room(st, "Library")
    assert st.pile_n[library] == 3 and st.c_up[card(st, "Collapsed Shelves")]
    assert st.c_where[card(st, "Torn Map")] == K.WH_PILE


def test_rule_obstacle_key_must_be_held_by_the_explorer():
    st = P.game(("Silas Crane", "Eli Marsh"))
    act(st, K.A_NEXT, 1)
    give(st, 2, "Crowbar")
    place(st, 1, "Library South")
    place(st, 2, "Library South")
    act(st, K.A_EXPLORE)
    assert not [a for a in legal(st) if a >> 16 == K.A_USE_KEY]


def test_rule_obstacle_dealt_with_by_its_key():
    st = P.game()
    give(st, 1, "Crowbar")
    place(st, 1, "Library South")
    act(st, K.A_EXPLORE)
    act(st, K.A_USE_KEY, card(st, "Crowbar"))
    assert st.c_where[card(st, "Collapsed Shelves")] == K.WH_DISCARD
    assert st.holds(1, card(st, "Torn Map")) and st.holds(1, card(st, "Smelling Salts"))


def test_rule_obstacle_dealt_with_by_a_puzzle():
    st = P.game(("Agnes Thorne",), answers=(0, 1))
    st.s_skill[1] = 0
    place(st, 1, "Cellar North")
    act(st, K.A_EXPLORE)
    assert P.act_code(K.A_PUZZLE) in legal(st)
    act(st, K.A_PUZZLE)
    assert st.g[S.G_T_TARGET] == 5 - 2
    roll(st, 3)
    assert st.holds(1, card(st, "Torn Map")) and st.c_where[card(st, "Rusted Strongbox")] == K.WH_DISCARD


def test_rule_obstacle_discarded_only_when_dealt_with():
    st = P.game()
    place(st, 1, "Library South")
    act(st, K.A_EXPLORE)
    act(st, K.A_STOP)
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    act(st, K.A_EXPLORE)
    assert st.g[S.G_PHASE] == K.PH_OBSTACLE and st.c_where[card(st, "Collapsed Shelves")] == K.WH_PILE


# ----- the keeper's turn ---------------------------------------------------------------------------

def test_rule_keeper_trade_between_investigators_in_one_space():
    st = P.game(("Silas Crane", "Eli Marsh", "Ruth Okafor"))
    place(st, 3, "Garden West")
    P.end_investigator_turns(st)
    assert st.g[S.G_PHASE] == K.PH_TRADE and st.current_player() == 1
    gives = [a for a in legal(st) if a >> 16 == K.A_GIVE]
    assert gives and all(a & 255 == 2 for a in gives)            # only to the one in the same space
    act(st, K.A_GIVE, card(st, "Derringer"), 2)
    assert st.holds(2, card(st, "Derringer"))


def test_rule_keeper_turn_stunned_investigator_discards_one_stun_token():
    st = P.game()
    st.s_stun[1] = 2
    P.end_investigator_turns(st)
    assert st.g[S.G_PHASE] == K.PH_TRADE and P.act_code(K.A_UNSTUN) in legal(st)
    act(st, K.A_UNSTUN)
    assert st.s_stun[1] == 1 and st.g[S.G_PHASE] == K.PH_KEEPER      # one token only


def test_rule_keeper_gains_threat_per_investigator_added_to_unspent():
    st = P.game(("Silas Crane", "Eli Marsh", "Ruth Okafor"))
    st.g[S.G_THREAT] = 2
    P.to_keeper_actions(st)
    assert st.g[S.G_THREAT] == 2 + 3


def test_rule_keeper_actions_paid_with_threat():
    st = P.game()
    put_monster(st, "Cultist", "Chapel")
    P.to_keeper_actions(st)                       # 1 threat
    cards = set(a >> 8 & 255 for a in legal(st) if a >> 16 == K.A_KCARD)
    assert cards == {0, 3}                        # Stalk and Dark Prayer cost 1; the rest more
    act(st, K.A_KCARD, 3, 0)
    assert st.g[S.G_THREAT] == 0 and sum(1 for c in range(st.story.nmythos) if st.my_where[c] == 1) == 1


def test_rule_keeper_one_attack_per_monster():
    st = P.game(("Silas Crane", "Eli Marsh"))
    m = put_monster(st, "Cultist", "Foyer West")
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    assert set(a >> 16 for a in legal(st)) == {K.A_MATTACK, K.A_ATTACKS_DONE} and len(legal(st)) == 3
    act(st, K.A_MATTACK, m, 1)
    roll(st, 1)
    assert st.g[S.G_PHASE] != K.PH_ATTACKS or P.act_code(K.A_MATTACK, m, 2) not in legal(st)


def test_rule_keeper_monster_attacks_only_investigators_in_its_space():
    st = P.game()
    put_monster(st, "Cultist", "Foyer East")
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    assert st.g[S.G_TOKENS] == 1 and st.g[S.G_ROUND] == 2          # no attack step to decide


def test_rule_keeper_event_time_token_resolves_at_the_time_number():
    st = P.game()
    for rnd in range(3):
        P.to_keeper_actions(st)
        events = act(st, K.A_KEEPER_DONE)
        assert any(e.startswith("time token %d of 3" % (rnd + 1)) for e in events)
    assert any(e.startswith("event: Storm Rising") for e in events)
    assert st.g[S.G_TOKENS] == 0 and st.g[S.G_EVENT] == 1


# ----- victory ---------------------------------------------------------------------------------------

def test_rule_objective_secret_until_clue_one():
    st = P.game(answers=(2, 0))
    assert V.Reader(st.story, st.view(1)).h(V.H_OBJ) == K.NONE
    assert V.Reader(st.story, st.view(0)).h(V.H_OBJ) == 2


def test_rule_objective_revealed_when_clue_one_is_found():
    st = P.game(("Agnes Thorne",), answers=(1, 0))
    chapel = P.room(st, "Chapel")
    st.lock[chapel] = K.NONE
    place(st, 1, "Chapel")
    events = act(st, K.A_EXPLORE)
    assert any(e.startswith("the keeper reveals his objective") for e in events)
    assert V.Reader(st.story, st.view(1)).h(V.H_OBJ) == 1


def test_rule_keeper_wins_by_his_objective():
    st = P.game(answers=(0, 0))                  # the rite: the fourth event resolves
    st.g[S.G_EVENT] = 3
    st.g[S.G_TOKENS] = 1
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    assert st.is_terminal() and st.returns() == [1, 0]


def test_rule_keeper_wins_when_every_investigator_is_killed():
    st = P.game(answers=(1, 0))
    st.s_damage[1] = st.story.inv_health[st.s_inv[1]] - 1
    m = put_monster(st, "Cultist", "Foyer West")      # its attack cards deal damage
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    act(st, K.A_MATTACK, m, 1)
    while not st.is_terminal() and st.g[S.G_PHASE] in (K.PH_ROLL, K.PH_PREROLL):
        roll(st, 10)
        if st.g[S.G_PHASE] == K.PH_REROLL:
            act(st, K.A_ACCEPT)
    assert st.is_terminal() and st.returns() == [1, 0]


def test_rule_investigators_win_by_the_revealed_objective():
    st = P.game(answers=(1, 0))                  # flight: reach the front door after the reveal
    place(st, 1, "Foyer East")
    st.g[S.G_REVEALED] = 1
    act(st, K.A_MOVE, space(st, "Foyer West"))
    assert st.is_terminal() and st.returns() == [0, 1]


def test_rule_last_event_resolved_everyone_loses():
    st = P.game(answers=(1, 0))                  # objective 2: no event condition
    st.g[S.G_EVENT] = 3
    st.g[S.G_TOKENS] = 1
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    assert st.is_terminal() and st.returns() == [0, 0] and st.g[S.G_WINNER] == K.WIN_NOBODY


def test_rule_illegal_actions_refused():
    st = P.game()
    with pytest.raises(KernelError):
        act(st, K.A_MOVE, space(st, "Chapel"))
    with pytest.raises(KernelError):
        act(st, K.A_KEEPER_DONE)
