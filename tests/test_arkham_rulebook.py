"""The Arkham Horror (1987) rules a later audit found deviating from the rulebook
(../shared/seeds/003_*.txt), one focused test per rule, each quoting the line it relies on, from set-up
positions on the demonstration board (tests/arkham_setup.py), dice entered as physical rolls."""

from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.defs import K_STAY, K_ROLL, K_LOADOUT, K_SEAL, K_CLOSE, K_RETURN, K_GATE
from arkham_setup import sp, new, legal, roll, put, monster, gate, give, slot_of, events, step_to, \
    end_turn_staying


def to_mythos(g):
    while g.phase == D.PH_INV and g.step == D.ST_MOVE:
        end_turn_staying(g)
    assert g.phase == D.PH_MYTHOS and g.step == D.CH_GATE


# ----- monsters attack only when they move in ------------------------------------------------------------

def test_rule_a_monster_already_with_an_investigator_stays_and_does_not_attack():
    """"Монстр нападает, если заходит в локацию с сыщиком" (a monster attacks if it enters a location
    with an investigator); "Монстр атакует, когда перемещается в локацию с сыщиком или сыщиками" (a
    monster attacks when it moves into a location with investigators). A Zombie that shares Otto's
    street when the mythos phase begins has not moved in on him: it neither moves nor attacks."""
    g = new(invs=("Otto",))
    put(g, 0, "Market Street")
    to_mythos(g)
    zombie = monster(g, "Zombie", "Market Street", head="Forest Lane")        # L1
    roll(g, 7)                                                                # no gate
    assert D.EV_ATTACKS not in events(g) and g.m_at[zombie] == sp("Market Street")
    assert g.round == 2 and g.step == D.ST_MOVE


def test_rule_a_monster_without_a_move_never_attacks_in_the_mythos_phase():
    """The same lines: a monster with no move (the Dark Young, move 0) never moves into a location,
    so it never attacks in the mythos phase; an investigator meets it by moving in (part 3)."""
    g = new(invs=("Otto",))                                   # starts at the Harbour
    to_mythos(g)
    young = monster(g, "Dark Young", "Harbour")
    roll(g, 7)
    assert D.EV_ATTACKS not in events(g) and g.m_at[young] == sp("Harbour") and g.round == 2
    g.apply(K_STAY)                                           # waiting with it: the meeting is part 3's
    assert g.step == D.ST_ENC


def test_rule_a_monster_that_moves_in_on_an_investigator_still_attacks():
    """"Монстр атакует, когда перемещается в локацию с сыщиком": moving in, it attacks."""
    g = new(invs=("Otto",))
    put(g, 0, "Market Street")
    to_mythos(g)
    zombie = monster(g, "Zombie", "Forest Lane", head="Market Street")
    roll(g, 7)
    assert g.m_at[zombie] == sp("Market Street") and D.EV_ATTACKS in events(g) and g.step == D.CH_SANITY


# ----- a monster loses interest in whom it drove mad -------------------------------------------------------

def hound_drives_mad(g):
    """Seat 0 waits in the Asylum with sanity 1; a Hound of Tindalos hunts it down in the mythos phase
    and its sanity check drives it mad: it is sent to the Asylum, where the Hound now stands."""
    put(g, 0, "Asylum")
    g.san[0] = 1
    gate(g, "Witch House")                                    # a gate stays open: no victory
    to_mythos(g)
    hound = monster(g, "Hound of Tindalos", "Hill Road")
    roll(g, 7)
    assert g.m_at[hound] == sp("Asylum") and g.step == D.CH_SANITY
    roll(g, 6)                                                # failed: 3 lost, mad
    assert D.EV_ASYLUM in events(g) and g.pos[0] == sp("Asylum")
    return hound


def test_rule_a_monster_loses_interest_in_the_investigator_it_drove_mad():
    """"Как помнят почитатели Лавкрафта, монстрам достаточно свести героя с ума, после чего они
    теряют к нему всякий интерес" (monsters need only drive the hero mad, after which they lose all
    interest in him). The Hound that drove Otto mad stays in the Asylum but he does not meet it again
    when his turn comes, and it does not attack him in the next mythos phase."""
    g = new(invs=("Otto",))
    hound = hound_drives_mad(g)
    assert g.round == 2 and g.step == D.ST_MOVE and g.m_at[hound] == sp("Asylum")
    g.apply(K_STAY)                                           # no meeting with the Hound
    assert g.step != D.ST_ENC and D.EV_SANCHECK not in events(g)
    to_mythos(g)
    roll(g, 7)
    assert D.EV_ATTACKS not in events(g) and g.round == 3


def test_rule_a_monster_keeps_its_interest_in_the_other_investigators():
    """Only the investigator driven mad is ignored: the same Hound attacks the next one it finds."""
    g = new(players=2, invs=("Otto", "Silas"))
    hound = hound_drives_mad(g)
    put(g, 1, "Hill Road")
    while g.phase == D.PH_INV and g.step == D.ST_MOVE:
        if g.seat == 1:
            g.apply(K_STAY)
            assert g.step == D.ST_MOVE or g.phase == D.PH_MYTHOS
        else:
            end_turn_staying(g)
    roll(g, 7)
    assert g.m_at[hound] == sp("Hill Road") and g.step == D.CH_SANITY and g.check_seat == 1


def test_rule_a_monster_loses_interest_in_the_investigator_it_knocked_out():
    """The same line, for an investigator knocked out in Arkham (to the Hospital): the Star Vampire
    that struck the last blow waits at the Hospital's door, but it lets Ada pass (it does not end her
    move there) and does not attack her when she stops by it."""
    g = new(invs=("Ada",))                                    # Fight 1, a Knife, the Ward spell
    put(g, 0, "Infirmary Road")
    g.sta[0] = 1
    gate(g, "Witch House")
    to_mythos(g)
    vampire = monster(g, "Star Vampire", "Hill Road")          # F2, strength 5, immune to physical
    roll(g, 7)
    assert g.m_at[vampire] == sp("Infirmary Road") and g.step == D.CH_SANITY
    roll(g, 1)                                                # passed: 2 lost
    g.apply(K_LOADOUT)
    roll(g, 1, 3)                                             # 1 < 5, struck for 3: knocked out
    assert D.EV_HOSPITAL in events(g) and g.pos[0] == sp("Hospital")
    g.apply(legal(g)[0])                                      # the item lost at the Hospital
    assert g.round == 2 and g.step == D.ST_MOVE and g.m_at[vampire] == sp("Infirmary Road")
    g.apply(K_ROLL)
    roll(g, 4)
    g.apply(step_to(g, "Infirmary Road"))                     # not stopped by it
    assert g.step == D.ST_STEP and g.moves_left == 3
    g.apply(D.K_STOP)                                         # stopping there: no meeting
    assert g.step != D.ST_ENC and D.EV_SANCHECK not in events(g)
    assert g.phase == D.PH_MYTHOS
    roll(g, 7)
    assert D.EV_ATTACKS not in events(g) and g.round == 3


# ----- sealing a gate: the rulebook's text ------------------------------------------------------------------

def returned(house="no_event_on_stay"):
    """Otto went through the Library's gate to the Sunken City, and is back at the Library."""
    g = new(invs=("Otto",), house=house)
    put(g, 0, "College Street")
    gate(g, "Library", "Sunken City")
    g.apply(K_ROLL)
    roll(g, 2)
    g.apply(step_to(g, "Library"))
    g.apply(K_GATE)
    roll(g, 5)                                                # area 2: nothing
    for _ in range(2):
        to_mythos(g)
        roll(g, 7)
        if g.step == D.CH_EVENT:
            roll(g, 5)                                        # area 1: nothing
    g.apply(K_RETURN + sp("Library"))
    return g


def test_rule_sealing_takes_two_sanity_and_no_card_by_default():
    """"Пройдя через врата и вернувшись, потратьте 2 очка рассудка и поместите в локацию вместо врат
    Знак Древних" (having gone through the gate and returned, spend 2 sanity and put an Elder Sign in
    place of the gate): no Elder Sign card is named, so none is needed."""
    g = returned()
    assert slot_of(g, 0, "Elder Sign") < 0
    san = g.san[0]
    g.apply(K_STAY)
    assert K_SEAL in legal(g)
    g.apply(K_SEAL)
    lib = sp("Library")
    assert g.sealed[lib] and g.gate_at[lib] == 255 and g.san[0] == san - 2


def test_house_rule_elder_sign_card_sealing_takes_an_elder_sign_card_too():
    g = returned(house="no_event_on_stay,elder_sign_card")
    g.apply(K_STAY)
    assert K_SEAL not in legal(g) and K_CLOSE in legal(g)
    g = returned(house="no_event_on_stay,elder_sign_card")
    give(g, 0, "Elder Sign")
    g.apply(K_STAY)
    g.apply(K_SEAL)
    assert g.sealed[sp("Library")] and slot_of(g, 0, "Elder Sign") < 0      # the card stays on the board
