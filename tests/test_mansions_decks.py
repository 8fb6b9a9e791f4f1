"""The published decks' cards the story format holds (kernel/mansions/data/README.md), one focused rule
test each, on variants of the demonstration story (tests/mansions_positions.py): events where the
keeper draws mythos cards, chooses the investigator who suffers, puts a time token on the event deck
or places a monster in an investigator's room; combat cards whose pass also costs the attacker, that
lower a weapon's damage, that hurt the monster on a failure, that make the attacker drop his weapon,
that let the keeper move any monster, whose monster hurts with its own values, or that deal half the
attacker's strength; the Monster vs. Hiding and Monster vs. Barrier cards with the hide and barricade
actions. Every choice is the action of the player who makes it. Each new field is checked at load,
naming the file, the line and the field."""

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import view as V
from eldritch.kernel.mansions.game.story import Story

import mansions_positions as P
from mansions_positions import act, roll, place, give, put_monster, legal, kinds, space, card

STRENGTH = 0


def story_with(tmp_path, edits=(), combat=(), name="variant"):
    """A copy of the demonstration story with text replaced (edits [(file, old, new)]) and, for each
    (class, against) of `combat`'s rows, that class's cards against it replaced by the rows given."""
    folder = P.variant(tmp_path, edits, name)
    if combat:
        path = folder + "/combat.tsv"
        lines = open(path).read().splitlines()
        replaced = {(r[0], r[1]) for r in combat}
        lines = [l for l in lines if tuple(l.split("\t")[:2]) not in replaced]
        lines += ["\t".join(r) for r in combat]
        open(path, "w").write("\n".join(lines) + "\n")
    return folder


def game_on(folder, investigators=("Silas Crane",), **kw):
    return P.game(investigators, story=folder, **kw)


def to_event_step(st):
    """From the investigators' turns through the keeper's turn to his step 5 (no attacks)."""
    P.to_keeper_actions(st)
    return act(st, K.A_KEEPER_DONE)


def mythos_hand(st):
    return sum(1 for c in range(st.story.nmythos) if st.my_where[c] == 1)


def choices(st):
    assert st.g[S.G_PHASE] == K.PH_CHOOSE and st.current_player() == K.KEEPER
    return sorted((a >> 8) & 255 for a in legal(st))


# ----- events ----------------------------------------------------------------------------------------

def test_rule_event_the_keeper_draws_mythos_cards(tmp_path):
    """'The keeper draws 3 Mythos cards' on an event: three cards to his hidden hand (its size public)."""
    st = game_on(story_with(tmp_path, [("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tdraw_mythos:3")]))
    st.g[S.G_TOKENS] = 2
    events = to_event_step(st)
    assert any(e.startswith("event: Storm Rising") for e in events)
    assert mythos_hand(st) == 3
    assert V.Reader(st.story, st.view(1)).h(V.H_HAND) == 3
    assert V.Reader(st.story, st.view(1)).mythos(st.mdeck[0]) == 0          # which ones: the keeper's


def test_rule_event_one_investigator_the_keeper_chooses_suffers_horror(tmp_path):
    """'1 horror to one investigator of the keeper's choice': the keeper chooses (his action, among the
    living investigators), and only that one suffers."""
    st = game_on(story_with(tmp_path, [("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\thorror_one:1")]),
                 ("Silas Crane", "Eli Marsh"))
    st.g[S.G_TOKENS] = 2
    to_event_step(st)
    assert choices(st) == [1, 2]
    assert V.Reader(st.story, st.view(1)).choice() == (K.E_HORROR_ONE, 1)
    act(st, K.A_CHOOSE, 2)
    assert (st.s_horror[1], st.s_horror[2]) == (0, 1)
    assert st.g[S.G_ROUND] == 2 and st.g[S.G_PHASE] != K.PH_CHOOSE          # the round goes on


def test_rule_event_puts_a_time_token_on_the_event_deck(tmp_path):
    """'Place a time token on the event deck' on an event: the next event is a token nearer."""
    st = game_on(story_with(tmp_path, [("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tthreat:2;time:1")]))
    st.g[S.G_TOKENS] = 2
    events = to_event_step(st)
    assert st.g[S.G_EVENT] == 1 and st.g[S.G_TOKENS] == 1
    assert events[-2:][0].startswith("time token 1 of 3") or any(e == "time token 1 of 3 on the event deck"
                                                                 for e in events)


def test_rule_time_tokens_reaching_the_time_number_resolve_the_event_at_once(tmp_path):
    """A token placed by a card (here a mythos card, in an investigator's turn) that brings the tokens
    to the top card's number resolves that event then, as the keeper's step 5 does."""
    folder = story_with(tmp_path, [("mythos.tsv", "Creeping Dread\t1\thorror:1", "Creeping Dread\t1\ttime:1")])
    st = game_on(folder, ("Silas Crane", "Eli Marsh"))
    st.g[S.G_TOKENS] = 2
    st.g[S.G_THREAT] = 5
    dread = st.story.my_name.index("Creeping Dread")
    st.my_where[dread] = 1
    act(st, K.A_NEXT, 2)
    assert st.g[S.G_PHASE] == K.PH_MYTHOS
    events = act(st, K.A_MYTHOS, dread, 2)
    assert "time token 3 of 3 on the event deck" in events
    assert any(e.startswith("event: Storm Rising") for e in events)
    assert st.g[S.G_EVENT] == 1 and st.g[S.G_TOKENS] == 0 and st.g[S.G_PHASE] == K.PH_TURN


def test_rule_the_last_event_resolved_by_a_time_token_ends_the_game(tmp_path):
    folder = story_with(tmp_path, [("mythos.tsv", "Creeping Dread\t1\thorror:1", "Creeping Dread\t1\ttime:2")])
    st = game_on(folder, ("Silas Crane", "Eli Marsh"), answers=(1, 0))      # objective 2: no event wins
    st.g[S.G_EVENT] = 3
    st.g[S.G_THREAT] = 5
    dread = st.story.my_name.index("Creeping Dread")
    st.my_where[dread] = 1
    act(st, K.A_NEXT, 2)
    act(st, K.A_MYTHOS, dread, 2)
    assert st.is_terminal() and st.g[S.G_WINNER] == K.WIN_NOBODY


def test_rule_event_spawns_a_monster_in_any_investigators_room(tmp_path):
    """'Place a ghoul in any investigator's room': the keeper chooses a space of a room holding an
    investigator (any of its spaces, his own too); the horror check follows."""
    st = game_on(story_with(tmp_path, [("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tspawn_with:Ghoul")]),
                 ("Silas Crane", "Eli Marsh"))
    place(st, 1, "Foyer West")
    place(st, 2, "Hall SE")
    st.g[S.G_TOKENS] = 2
    to_event_step(st)
    names = sorted(st.story.space_name[s] for s in choices(st))
    assert names == sorted(["Foyer West", "Foyer East", "Hall NW", "Hall NE", "Hall SW", "Hall SE"])
    act(st, K.A_CHOOSE, space(st, "Hall NE"))
    ghoul = P.mtype(st, "Ghoul")
    assert any(st.m_type[m] == ghoul and st.m_space[m] == space(st, "Hall NE") for m in range(K.MAX_MONSTERS))
    assert st.g[S.G_T_PURPOSE] == K.P_HORROR and st.g[S.G_T_SEAT] == 2          # Eli shares the hall


# ----- combat ----------------------------------------------------------------------------------------

def attack(st, m, weapon, face):
    act(st, K.A_ATTACK, m, card(st, weapon) if weapon else K.NONE)
    return roll(st, face)


def test_rule_combat_a_pass_that_also_costs_the_attacker(tmp_path):
    """'If you pass, the monster takes 1 damage and you take 1 horror.'"""
    folder = story_with(tmp_path, combat=[("eldritch", "unarmed", "will:-2", "hit:1;horror:1", "horror:2", "Touch.")])
    st = game_on(folder)
    m = put_monster(st, "Byakhee", "Foyer West")
    st.m_evaded[m] = 1
    attack(st, m, None, 1)
    assert st.m_damage[m] == 1 and st.s_horror[1] == 1


def test_rule_combat_negative_weapon_damage(tmp_path):
    """A card lowering the weapon's damage ('-1 damage with any weapon', '-3 with a firearm'): with the
    Revolver (+1) the card's 2 stay 2; with bare hands the weapon's -1 does not count; a total below
    nothing does nothing (it never heals the monster)."""
    folder = story_with(tmp_path, combat=[
        ("beast", "firearm", "marksmanship:0", "hit:2;weapon:any:-1", "-", "Graze."),
        ("beast", "unarmed", "strength:0", "hit:2;weapon:any:-1", "-", "Punch."),
        ("eldritch", "firearm", "marksmanship:0", "hit:1;weapon:firearm:-3", "-", "Through it.")])
    st = game_on(folder)
    give(st, 1, "Revolver")
    m = put_monster(st, "Ghoul", "Foyer West")
    st.m_evaded[m] = 1
    attack(st, m, "Revolver", 1)
    assert st.m_damage[m] == 2                       # 2 - 1 + the Revolver's 1
    st = game_on(folder)
    m = put_monster(st, "Ghoul", "Foyer West")
    attack(st, m, None, 1)
    assert st.m_damage[m] == 2                       # bare hands: no weapon
    st = game_on(folder)
    give(st, 1, "Revolver")
    m = put_monster(st, "Byakhee", "Foyer West")
    st.m_damage[m] = 1
    events = attack(st, m, "Revolver", 1)
    assert st.m_damage[m] == 1 and not any("takes" in e and "damage" in e for e in events)


def test_rule_combat_a_failed_attack_still_damages_the_monster(tmp_path):
    folder = story_with(tmp_path, combat=[("beast", "bladed", "strength:-1", "hit:2", "hit:1;damage:1", "Cut.")])
    st = game_on(folder, ("Ruth Okafor",), traits={"Ruth Okafor": ["Steady Hands", "Calm"]})
    m = put_monster(st, "Ghoul", "Foyer West")
    attack(st, m, "Scalpel", 10)
    assert st.m_damage[m] == 1 and st.s_damage[1] == 1          # no weapon bonus on a failure


def test_rule_combat_drop_this_weapon(tmp_path):
    """'Drop this weapon': it leaves his hand face up on his room's pile, where a later explorer finds it."""
    folder = story_with(tmp_path, combat=[("humanoid", "firearm", "marksmanship:0", "hit:2", "drop_weapon",
                                           "It jams; you drop it.")])
    st = game_on(folder)
    give(st, 1, "Revolver")
    m = put_monster(st, "Cultist", "Foyer West")
    events = attack(st, m, "Revolver", 10)
    revolver = card(st, "Revolver")
    foyer = P.room(st, "Foyer")
    assert not st.holds(1, revolver) and st.c_where[revolver] == K.WH_PILE and st.c_room[revolver] == foyer
    assert st.c_up[revolver] and "Revolver dropped in the Foyer" in events


def test_rule_combat_the_keeper_may_move_any_monster(tmp_path):
    """'The keeper may move any monster 2 spaces': the keeper picks the monster (or none), moves it
    step by step, and the investigator's turn goes on."""
    folder = story_with(tmp_path, combat=[("beast", "blunt", "strength:-1", "hit:2", "move:2", "It howls.")])
    st = game_on(folder, ("Silas Crane",), traits={"Silas Crane": ["Armed", "Tough"]})
    ghoul = put_monster(st, "Ghoul", "Foyer West")
    cultist = put_monster(st, "Cultist", "Chapel")
    attack(st, ghoul, "Walking Cane", 10)
    assert choices(st) == sorted([ghoul, cultist, K.NONE])
    act(st, K.A_CHOOSE, cultist)
    assert st.g[S.G_PHASE] == K.PH_KMOVE and st.current_player() == K.KEEPER
    act(st, K.A_MSTEP, space(st, "Library North"))
    act(st, K.A_MSTEP, space(st, "Library South"))
    assert st.m_space[cultist] == space(st, "Library South")
    assert st.g[S.G_PHASE] == K.PH_TURN and st.g[S.G_TURN] == 1 and st.g[S.G_ACTIONS] == 0
    st = game_on(folder, ("Silas Crane",), traits={"Silas Crane": ["Armed", "Tough"]})
    ghoul = put_monster(st, "Ghoul", "Foyer West")
    attack(st, ghoul, "Walking Cane", 10)
    act(st, K.A_CHOOSE, K.NONE)                      # he may let them be
    assert st.m_space[ghoul] == space(st, "Foyer West") and st.g[S.G_PHASE] == K.PH_TURN


def test_rule_combat_the_monster_damages_you_with_its_own_values(tmp_path):
    """'The monster damages you': its own damage value (a ghoul 2, a cultist 1); its horror value too."""
    folder = story_with(tmp_path, combat=[
        ("beast", "monster", "dexterity:-1", "-", "monster_damage", "It bites."),
        ("humanoid", "monster", "dexterity:-1", "-", "monster_damage;monster_horror", "He strikes.")])
    for monster, damage, horror in (("Ghoul", 2, 0), ("Cult Leader", 2, 2), ("Cultist", 1, 1)):
        st = game_on(folder)
        m = put_monster(st, monster, "Foyer West")
        P.to_keeper_actions(st)
        act(st, K.A_KEEPER_DONE)
        act(st, K.A_MATTACK, m, 1)
        roll(st, 10)
        assert (st.s_damage[1], st.s_horror[1]) == (damage, horror), monster


def test_rule_combat_unarmed_damage_is_half_the_strength_rounded_up(tmp_path):
    folder = story_with(tmp_path, combat=[("beast", "unarmed", "strength:0", "hit_half:strength", "-", "Fists.")])
    for strength, damage in ((5, 3), (4, 2), (1, 1)):
        st = game_on(folder)
        st.s_attr[1 * 7 + STRENGTH] = strength
        m = put_monster(st, "Ghoul", "Foyer West")
        st.m_evaded[m] = 1
        attack(st, m, None, 1)
        assert st.m_damage[m] == min(damage, 2) or st.m_type[m] == K.NONE
        assert (st.m_type[m] == K.NONE) == (damage >= 3), (strength, damage)


HIDING = [("humanoid", "hiding", "luck:0", "-", "monster_damage", "He searches the room."),
          ("beast", "hiding", "luck:-1", "-", "monster_damage", "It sniffs you out."),
          ("eldritch", "hiding", "will:0", "-", "horror:1", "It sees through walls.")]


def test_rule_monster_vs_hiding(tmp_path):
    """The hide action (where the story has hiding cards): a monster attacking a hiding investigator
    draws a hiding card; passed, he stays hidden and unhurt; failed, he is found and suffers it.
    Hiding ends at his next turn, or when he leaves his space."""
    st = game_on(story_with(tmp_path, combat=HIDING), ("Silas Crane", "Eli Marsh"))
    place(st, 2, "Chapel")
    act(st, K.A_NEXT, 1)
    assert K.A_HIDE in kinds(st)
    act(st, K.A_HIDE)
    assert st.s_hidden[1] and V.Reader(st.story, st.view(0)).hidden(1)
    m = put_monster(st, "Ghoul", "Foyer West")
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    act(st, K.A_MATTACK, m, 1)
    assert st.story.cb_against[st.g[S.G_COMBAT]] == K.W_HIDING
    roll(st, 1)
    assert st.s_hidden[1] and st.s_damage[1] == 0 and st.g[S.G_PHASE] == K.PH_ORDER
    act(st, K.A_NEXT, 1)
    assert not st.s_hidden[1]                        # his next turn: out of hiding
    st = game_on(story_with(tmp_path, combat=HIDING, name="again"))
    act(st, K.A_HIDE)
    m = put_monster(st, "Ghoul", "Foyer West")
    P.to_keeper_actions(st)
    act(st, K.A_KEEPER_DONE)
    act(st, K.A_MATTACK, m, 1)
    roll(st, 10)
    assert not st.s_hidden[1] and st.s_damage[1] == 2
    st = game_on(story_with(tmp_path, combat=HIDING, name="moves"))
    act(st, K.A_HIDE)
    act(st, K.A_MOVE, space(st, "Foyer East"))
    assert not st.s_hidden[1]
    st = game_on(P.variant(tmp_path, [], "plain"))
    assert K.A_HIDE not in kinds(st)                 # no hiding cards, no hiding


BARRIER = [("humanoid", "barrier", "-", "hold", "-", "The door holds."),
           ("beast", "barrier", "-", "break", "-", "It smashes through."),
           ("eldritch", "barrier", "-", "hold;stun_monster", "-", "It beats at the door and reels.")]


def test_rule_monster_vs_barrier(tmp_path):
    """The barricade action on a door of his space: a monster the keeper moves through it draws a
    barrier card; it gives way (the monster goes through, the barricade gone) or holds (the monster
    stays, its move over)."""
    folder = story_with(tmp_path, combat=BARRIER)
    st = game_on(folder)
    place(st, 1, "Hall SE")
    door = st.story.door_index[(space(st, "Hall SE"), space(st, "Cellar North"))]
    assert P.act_code(K.A_BARRICADE, door) in legal(st)
    act(st, K.A_BARRICADE, door)
    assert st.barrier[door] and V.Reader(st.story, st.view(0)).barrier(door)
    cultist = put_monster(st, "Cultist", "Cellar North")
    ghoul = put_monster(st, "Ghoul", "Cellar South")
    st.g[S.G_THREAT] = 1
    P.to_keeper_actions(st)
    act(st, K.A_KCARD, 0, cultist)                   # Stalk: move up to two spaces
    events = act(st, K.A_MSTEP, space(st, "Hall SE"))
    assert st.m_space[cultist] == space(st, "Cellar North") and st.barrier[door]
    assert any("holds" in e for e in events) and st.g[S.G_PHASE] == K.PH_KEEPER
    act(st, K.A_KEEPER_DONE)
    st = game_on(story_with(tmp_path, combat=BARRIER, name="again"))
    place(st, 1, "Hall SE")
    act(st, K.A_BARRICADE, door)
    ghoul = put_monster(st, "Ghoul", "Cellar North")
    P.to_keeper_actions(st)
    act(st, K.A_KCARD, 0, ghoul)
    act(st, K.A_MSTEP, space(st, "Hall SE"))
    assert st.m_space[ghoul] == space(st, "Hall SE") and not st.barrier[door]


# ----- the new fields checked at load ----------------------------------------------------------------

BAD = [
    ("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\thorror_one:x", "field effect", "'x' is not a number"),
    ("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tspawn_with:Gool", "field effect", "unknown monster 'Gool'"),
    ("events.tsv", "Storm Rising\tthreat:2", "Storm Rising\tdrop_weapon", "field effect",
     "effect 'drop_weapon' is not allowed here"),
    ("mythos.tsv", "Creeping Dread\t1\thorror:1", "Creeping Dread\t1\tspawn_with:Ghoul", "field effect",
     "effect 'spawn_with' is not allowed here"),
    ("combat.tsv", "beast\tunarmed\tstrength:-2\thit:1", "beast\tunarmed\tstrength:-2\thit_half:agility",
     "field pass", "unknown attribute 'agility'"),
    ("combat.tsv", "beast\tunarmed\tstrength:-2\thit:1", "beast\tunarmed\tstrength:-2\thit:1;hit_half:strength",
     "field pass", "one hit:N (or hit_half:ATTRIBUTE)"),
    ("combat.tsv", "beast\tfirearm\tmarksmanship:-1\thit:2", "beast\tfirearm\tmarksmanship:-1\thit:2;weapon:sword:-1",
     "field pass", "weapon takes a kind"),
    ("combat.tsv", "beast\tmonster\twill:0\t-\thorror:1;stun:1", "beast\tmonster\twill:0\t-\tdrop_weapon",
     "field fail", "effect 'drop_weapon' is not allowed here"),
    ("combat.tsv", "beast\tmonster\twill:0", "beast\tbarrier\twill:0", "field test", "a barrier card tests no one"),
    ("combat.tsv", "beast\tmonster\twill:0\t-\thorror:1;stun:1", "beast\tbarrier\t-\tbreak;hold\t-",
     "field pass", "break (the barricade gives way) or hold"),
    ("combat.tsv", "beast\tmonster\twill:0\t-\thorror:1;stun:1", "beast\tbarrier\t-\thold\thorror:1",
     "field fail", "no failure"),
    ("combat.tsv", "beast\tmonster\twill:0", "beast\tspoon\twill:0", "field against", "hiding or barrier"),
]


@pytest.mark.parametrize("file,old,new,field,message", BAD, ids=[b[1][:12] + ":" + b[4][:20] for b in BAD])
def test_new_fields_are_checked_naming_file_line_and_field(tmp_path, file, old, new, field, message):
    folder = P.variant(tmp_path, [])
    path = folder + "/" + file
    text = open(path).read()
    line = text[:text.index(old)].count("\n") + 1
    open(path, "w").write(text.replace(old, new, 1))
    with pytest.raises(KernelError) as e:
        Story(folder)
    assert str(e.value).startswith("story: %s line %d, %s: " % (file, line, field)), str(e.value)
    assert message in str(e.value)


def test_a_hiding_or_barrier_deck_answers_for_every_class_in_play(tmp_path):
    """One class with hiding cards: every class a monster uses needs them too (else a monster could
    attack a hiding investigator with no card to draw)."""
    folder = story_with(tmp_path, combat=HIDING[:2])
    with pytest.raises(KernelError, match="the eldritch deck \\(for 'Byakhee'\\) has no card against hiding"):
        Story(folder)


def test_a_save_of_format_3_still_loads():
    """tests/golden/oldsaves/mansions-v3.bin, a bare save written by the kernel before hiding,
    barricades and the keeper's choices in effects were part of the state: its game replays the same
    and its digest (over the state that format had) matches; a new save is format 4 and round-trips."""
    from pathlib import Path
    from eldritch.kernel.mansions.game.rules import Rules
    from eldritch.kernel.mansions.game import save
    blob = (Path(__file__).resolve().parent / "golden" / "oldsaves" / "mansions-v3.bin").read_bytes()
    assert blob[1] == 3
    st = Rules().deserialize(blob)
    assert st.nlog == 140 and st.seed == 5 and st.players == 3
    again = st.serialize()
    assert again[1] == save.VERSION == 4 and Rules().deserialize(again).view(0) == st.view(0)
    forged = bytearray(blob)
    forged[-6] ^= 1                                  # the stored digest: a state that does not match
    from eldritch.kernel.binio import put_crc32
    body = forged[:-4]
    put_crc32(body, len(body))
    with pytest.raises(KernelError, match="does not match its action log"):
        Rules().deserialize(bytes(body))


def test_the_screen_shows_who_hides_and_the_barricades(tmp_path):
    """The front end's screen (host/mansions/render.py) of any seat: 'hiding' by the investigator,
    the barricaded door among the board's tokens."""
    from eldritch.mansions.render import render
    st = game_on(story_with(tmp_path, combat=HIDING + BARRIER))
    place(st, 1, "Hall SE")
    door = st.story.door_index[(space(st, "Hall SE"), space(st, "Cellar North"))]
    act(st, K.A_BARRICADE, door)
    st.s_hidden[1] = 1                               # as after a hide action in an earlier turn
    for seat in (0, 1):
        text = render(st.story, st.view(seat)).text()
        assert "Silas Crane" in text and "hiding" in text
        assert "a barricade on the door Hall SE - Cellar North" in text


def test_a_keeper_card_with_the_keepers_choice(tmp_path):
    """A keeper action card 'place a ghoul in any investigator's room': played, he picks the space; not
    offered when no ghoul is left to place."""
    folder = story_with(tmp_path, [("keeper_actions.tsv", "Call of the Pit\t3\tspawn:Ghoul",
                                    "Call of the Pit\t3\tspawn_with:Ghoul")])
    st = game_on(folder)
    st.g[S.G_THREAT] = 5
    P.to_keeper_actions(st)
    pit = st.story.kc_name.index("Call of the Pit")
    assert P.act_code(K.A_KCARD, pit, 0) in legal(st)
    act(st, K.A_KCARD, pit, 0)
    act(st, K.A_CHOOSE, space(st, "Foyer East"))
    assert st.monster_in(space(st, "Foyer East")) != K.NONE and st.g[S.G_PHASE] != K.PH_CHOOSE
    st = game_on(folder)
    st.g[S.G_THREAT] = 5
    st.t_left[P.mtype(st, "Ghoul")] = 0
    P.to_keeper_actions(st)
    assert P.act_code(K.A_KCARD, pit, 0) not in legal(st)
