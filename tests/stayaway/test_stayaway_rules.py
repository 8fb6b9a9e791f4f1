"""One focused test per rule of the digest (../shared/rules/stay-away.md: setup, the turn, roles, the end,
the advanced options) and of the kernel's own choices where the rulebook leaves room, each from a set-up
position or a seeded deal."""

import csv
from array import array
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core, turn
from eldritch.kernel.stayaway.game.defs import (THING, INFECTED, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY,
                                                WATCH_BACK, SWAP_PLACES, SEDUCTION, NO_THANKS, NO_BARBECUE,
                                                QUARANTINE, OOPS, GET_OUT, HUMAN, INFECTED_ROLE, THE_THING, NOBODY,
                                                CARD_KIND, K_PANIC, NTYPES)
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.deck import Deck
from eldritch.kernel.stayaway.game.views import View
from sa_positions import (position, legal, hand, play, door, discard, offer, answer, defend, events, view,
                          finish_turn_quietly)

F = WATCH_BACK
REPO = Path(__file__).resolve().parents[2]
DECK_TSV = REPO / "kernel" / "stayaway" / "data" / "deck.tsv"
SHARED_CSV = REPO.parent / "shared" / "data" / "stayaway-deck.csv"


def deck_rows():
    with open(DECK_TSV, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def all_cards(s):
    """Every card of a game, wherever it is (hands, pile, discards, table, in transit)."""
    counts = [0] * NTYPES
    for p in range(s.players):
        for c in hand(s, p):
            counts[c] += 1
        if s.quar[p]:
            counts[QUARANTINE] += 1
        if s.door[p]:
            counts[D.LOCKED_DOOR] += 1
        if s.passes[p] != D.NO_CARD:
            counts[s.passes[p]] += 1
    for i in range(s.pile_n):
        counts[s.pile[i]] += 1
    for i in range(s.disc_n):
        counts[s.disc[i]] += 1
    for i in range(s.res_n):
        counts[s.res[i]] += 1
    if s.offer_card != D.NO_CARD:
        counts[s.offer_card] += 1
    return counts


# ----- the deck and the setup -------------------------------------------------------------------------

def test_rule_deck_by_player_count():
    """Cards numbered above the player count go back to the box; The Thing is always in."""
    rows = deck_rows()
    rules = Rules()
    sizes = []
    for n in range(4, 13):
        s = rules.new_game(1, n)
        for r in rows:
            t = D.CARD_NAMES.index(r["card"])
            want = 1 if t == THING else sum(1 for x in r["numbers"].split() if int(x) <= n)
            assert s.counts[t] == want, (n, r["card"])
        assert all_cards(s) == list(s.counts)
        sizes.append(sum(s.counts))
    assert sizes == [35, 41, 54, 63, 69, 88, 95, 108, 108]


def test_rule_deck_file_is_the_shared_csv():
    """data/deck.tsv is the shared deck list, row for row (when ../shared is beside the repository)."""
    if not SHARED_CSV.exists():
        pytest.skip("no ../shared/data/stayaway-deck.csv beside the repository (a user's clone): nothing to compare with")
    with open(SHARED_CSV, newline="", encoding="utf-8") as f:
        shared = [(r["card"], r["kind"], r["numbers"], r["effect"]) for r in csv.DictReader(f)]
    mine = [(r["card"], r["kind"], r["numbers"], r["effect"]) for r in deck_rows()]
    assert mine == shared


def test_rule_deck_108_cards_one_action_short_of_the_rulebooks_109():
    deck = Deck()
    assert deck.total() == 108
    actions = sum(len(deck.numbers[t]) for t in range(NTYPES) if CARD_KIND[t] == D.K_ACTION)
    assert actions == 45            # the English box lists 46 Action cards (data/README.md)


def test_rule_ninth_suspicious_deck_option_the_109th_card():
    """The Hungarian rulebook counts 109 cards and one edition's data a ninth Suspicious (46 Action
    cards); no source here confirms it, so it is an option (data/README.md): the copy's number says
    from how many players it is used. Main had no such option."""
    rules = Rules({"ninth_suspicious": 11})
    for n, copies, total in ((10, 8, 95), (11, 9, 109), (12, 9, 109)):
        s = rules.new_game(3, n)
        assert s.counts[SUSPICIOUS] == copies and sum(s.counts) == total
        assert all_cards(s) == list(s.counts)
    assert sum(Rules({"ninth_suspicious": 4}).new_game(1, 4).counts) == 36
    assert Rules({"ninth_suspicious": 0}).options.ninth_suspicious == 0
    for bad in (3, 13, "11", True, 1.5):
        with pytest.raises(KernelError, match="ninth_suspicious"):
            Rules({"ninth_suspicious": bad})
    s = rules.new_game(3, 11)
    from eldritch.kernel.stayaway.game.save import options_of
    assert options_of(s.serialize()) == {"ninth_suspicious": 11}
    assert rules.deserialize(s.serialize()).counts[SUSPICIOUS] == 9
    with pytest.raises(KernelError, match="other options"):
        Rules().deserialize(s.serialize())
    assert "ninth_suspicious=11" in s.referee_log(request=True).splitlines()[2]


def test_rule_setup_deal():
    """The Thing is dealt; no Infected! or Panic! in the deal; 4 cards each; they go into the pile."""
    rules = Rules()
    for seed in range(40):
        s = rules.new_game(seed, 6)
        dealt = [c for p in range(6) for c in hand(s, p)]
        first = events(s, D.E_DRAW) + events(s, D.E_PANIC)
        drawn = first[0][3]
        if first[0][0] == D.E_DRAW:
            dealt.remove(drawn)
        assert dealt.count(THING) == 1 and INFECTED not in dealt
        assert not any(CARD_KIND[c] == K_PANIC for c in dealt)
        assert s.role[s.thing] == THE_THING and THING in hand(s, s.thing)
        assert sum(1 for p in range(6) if s.role[p] == THE_THING) == 1
        pile = list(s.pile[:s.pile_n]) + ([drawn] if first[0][0] == D.E_DRAW else [])
        assert pile.count(INFECTED) == s.counts[INFECTED]


def test_rule_quick_start():
    rules = Rules({"quick_start": True})
    for seed in range(20):
        s = rules.new_game(seed, 6)
        h = hand(s, s.thing)
        if s.thing == 0 and len(h) == 5:
            h.remove(events(s, D.E_DRAW)[0][3])
        assert h.count(THING) == 1 and h.count(INFECTED) >= 2
        others = [c for p in range(6) if p != s.thing for c in hand(s, p)]
        assert INFECTED not in others[:-1] or s.thing != 0
    with pytest.raises(KernelError):
        Rules({"quick_start": True, "thing_in_pile": True})


def test_rule_first_player_and_direction():
    s = Rules().new_game(3, 5)
    assert s.active == 0 and s.direction == 0 and events(s, D.E_TURN)[0][1] == 0


# ----- the turn ---------------------------------------------------------------------------------------

def test_rule_turn_draw_then_discard_or_play_then_exchange():
    s = position(5, hands={0: [AXE, D.SCARY, WHISKY, F]}, pile=[ANALYSIS])
    assert s.phase == D.PH_PLAY and ANALYSIS in hand(s, 0) and s.hand_n[0] == 5
    kinds = {a // D.ACT_KIND for a in legal(s)}
    assert kinds == {D.A_DISCARD // D.ACT_KIND, D.A_PLAY // D.ACT_KIND}
    s.apply(discard(AXE))
    assert s.phase == D.PH_OFFER and s.actor == 0 and s.ctx_b == 1
    s.apply(offer(WHISKY))
    assert s.phase == D.PH_ANSWER and s.actor == 1
    s.apply(answer(F))
    assert WHISKY in hand(s, 1) and s.active == 1


def test_rule_panic_is_played_at_once_and_never_held():
    s = position(5, hands={0: [AXE, F, F, F]}, pile=[OOPS])
    assert OOPS not in hand(s, 0) and s.hand_n[0] == 4
    assert (D.E_PANIC, 0, NOBODY, OOPS) in view(s, 3).events
    assert s.disc[s.disc_n - 1] == OOPS and s.phase == D.PH_OFFER      # no play step after a Panic!


def test_rule_hands_hold_four_at_the_end_of_every_turn():
    rules = Rules()
    buf = array("i", [0] * rules.max_actions)
    from eldritch.kernel import prng
    for seed in range(30):
        s = rules.new_game(seed, 6)
        rng = prng.new_state(seed)
        while not s.is_terminal() and s.nlog < 400:
            was = s.active
            n = s.legal_actions(buf)
            acts = [buf[i] for i in range(n) if buf[i] != D.A_DECLARE] or [buf[0]]
            s.apply(acts[prng.die(rng, len(acts))])
            if s.active != was and s.alive[was] and not s.is_terminal():
                assert s.hand_n[was] == 4, (seed, s.nlog)
            for p in range(6):
                if s.alive[p] and s.role[p] == INFECTED_ROLE:
                    assert INFECTED in hand(s, p) or s.offer_card == INFECTED or s.passes[p] == INFECTED
            assert all_cards(s) == list(s.counts)


def test_rule_no_exchange_across_a_locked_door():
    s = position(5, hands={0: [AXE, F, F, F]}, pile=[F, F], doors=[0])
    s.apply(discard(AXE))
    assert s.active == 1 and len(events(s, D.E_OFFER)) == 0
    assert events(s, D.E_NO_EXCHANGE)[0][1:3] == (0, 1)


def test_rule_discards_face_down_and_reshuffled_when_the_pile_is_empty():
    s = position(5, hands={0: [AXE, F, F, F]}, pile=[F], discards=[WHISKY, ANALYSIS])
    s.apply(discard(AXE))
    assert view(s, 2).events[-1] != (D.E_DISCARD, 0, D.DR_CARD, AXE)
    assert (D.E_DISCARD, 0, D.DR_CARD, D.NO_CARD) in view(s, 2).events
    finish_turn_quietly(s)                                  # P1 draws from the reshuffled discards
    assert events(s, D.E_RESHUFFLE) and s.disc_n == 0
    assert s.pile_n + s.hand_n[1] - 4 == 3


def test_rule_replacement_draw_discards_panic_unseen():
    s = position(5, hands={0: [AXE, F, F, F], 1: [NO_THANKS, F, F, F]}, pile=[F, OOPS, GET_OUT, ANALYSIS])
    s.apply(discard(F))
    s.apply(offer(AXE))
    s.apply(defend(NO_THANKS))
    assert ANALYSIS in hand(s, 1) or (D.E_DRAW, 1, D.DR_REPLACE, ANALYSIS) in view(s, 1).events
    buried = events(s, D.E_BURY)
    assert [e[3] for e in buried] == [OOPS, GET_OUT] and all(e[4] == 0 for e in buried)
    assert all(e[3] == D.NO_CARD for e in view(s, 0).events if e[0] == D.E_BURY)


def test_rule_cards_are_played_on_an_adjacent_player():
    s = position(6, hands={0: [ANALYSIS, SUSPICIOUS, FLAMETHROWER, QUARANTINE]}, pile=[F])
    targets = {a % 32 for a in legal(s) if a // D.ACT_KIND == 2 and (a % 1024) >> 5 != F}
    assert targets == {1, 5}


def test_rule_seat_swap_next_player():
    """The swapping player exchanges from the new seat; the one swapped with plays next, then the
    usual order from there."""
    s = position(6, hands={0: [D.BETTER_RUN, F, F, F]}, pile=[F] * 12)
    s.apply(play(D.BETTER_RUN, 3))
    s.apply(D.A_ACCEPT)
    assert s.ctx_b == 4
    finish_turn_quietly(s)
    assert s.active == 3 and s.seat_of[3] == 0
    s.apply(discard(F))
    finish_turn_quietly(s)
    assert s.active == 1                                    # the usual order from seat 0


def test_rule_locked_door_stays_where_it_lies_when_players_swap():
    s = position(5, hands={0: [SWAP_PLACES, F, F, F]}, pile=[F] * 4, doors=[2])
    s.apply(play(SWAP_PLACES, 1))
    s.apply(D.A_ACCEPT)
    assert s.door[2] == 1 and core.door_bars(s, 2, 3)


# ----- roles -----------------------------------------------------------------------------------------

def test_rule_human_drawing_infected_is_not_infected():
    s = position(5, pile=[INFECTED])
    assert INFECTED in hand(s, 0) and s.role[0] == HUMAN


def test_rule_only_the_thing_infects():
    # an Infected passing an Infected! to The Thing changes nothing; a Human gets one from The Thing only
    s = position(5, hands={0: [INFECTED, INFECTED, F, F], 1: [THING, F, F, F]},
                 roles={0: INFECTED_ROLE, 1: THE_THING}, pile=[F])
    s.apply(discard(F))
    s.apply(offer(INFECTED))
    s.apply(answer(F))
    assert s.role[1] == THE_THING and s.role[0] == INFECTED_ROLE
    # The Thing answering a Human's offer with an Infected! infects the Human
    s = position(5, hands={0: [AXE, F, F, F], 1: [THING, INFECTED, F, F]}, roles={1: THE_THING}, pile=[F])
    s.apply(discard(F))
    s.apply(offer(AXE))
    s.apply(answer(INFECTED))
    assert s.role[0] == INFECTED_ROLE


def test_rule_the_thing_knows_every_role_an_infected_knows_the_thing():
    s = position(5, hands={1: [THING, F, F, F]}, roles={1: THE_THING, 3: INFECTED_ROLE}, pile=[F])
    assert view(s, 1).roles == [HUMAN, THE_THING, HUMAN, INFECTED_ROLE, HUMAN]
    assert view(s, 3).roles == [D.UNKNOWN, THE_THING, D.UNKNOWN, INFECTED_ROLE, D.UNKNOWN]
    assert view(s, 0).roles == [HUMAN, D.UNKNOWN, D.UNKNOWN, D.UNKNOWN, D.UNKNOWN]


def test_rule_the_thing_must_not_keep_a_flamethrower():
    s = position(5, hands={0: [THING, FLAMETHROWER, AXE, F]}, roles={0: THE_THING}, pile=[F])
    s.apply(discard(AXE))
    assert [a for a in legal(s) if a != D.A_DECLARE] == [offer(FLAMETHROWER)]


def kept_flamethrower(look, looker_role=HUMAN):
    """The Thing (P0) holds a Flamethrower through its own turn: it discards another card and its
    offer (the Flamethrower, as it must) is refused with No thanks!, so the card comes back. Then P1,
    whose turn is next, holds `look` (Analysis or Suspicious) and plays it on P0."""
    s = position(5, hands={0: [THING, FLAMETHROWER, F, F], 1: [look, NO_THANKS, F, F]},
                 roles={0: THE_THING, 1: looker_role}, pile=[F, F, F])
    s.apply(discard(F))
    s.apply(offer(FLAMETHROWER))
    s.apply(defend(NO_THANKS))
    assert s.active == 1 and FLAMETHROWER in hand(s, 0) and not s.is_terminal()
    return s


def test_rule_flamethrower_found_when_a_human_learns_it_is_in_the_things_hand():
    """The rulebook (seed 002): "Ha a többi játékos rájön, hogy a Lángszóró a Dolog kezében van (nem
    a saját körében), azonnal elveszti a játékot": the others must find out that the Flamethrower is
    in The Thing's hand. Analysis shows the whole hand, The Thing card with it: found."""
    s = kept_flamethrower(ANALYSIS)
    s.apply(play(ANALYSIS, 0))
    assert s.is_terminal() and s.result == D.R_FOUND
    assert s.returns() == [0, 1, 1, 1, 1]
    assert (D.E_FOUND, 0, NOBODY, FLAMETHROWER) in view(s, 3).events


def suspicious_showing(s, card):
    """P1 plays Suspicious on P0 with the random pick set to show `card` (the PRNG state tried in turn
    on copies of the position)."""
    from eldritch.kernel import prng
    before = len(events(s, D.E_SHOW))
    for k in range(1, 200):
        t = s.clone()
        prng.seed(t.prng, k)
        t.apply(play(SUSPICIOUS, 0))
        shown = [e[3] for e in events(t, D.E_SHOW)[before:] if e[1] == 0]
        if shown == [card]:
            return t
    raise AssertionError("no PRNG state shows %d" % card)


def test_rule_flamethrower_alone_shown_tells_nobody_whose_hand_it_is():
    """Suspicious showing only the Flamethrower: the Human does not learn that the hand is The
    Thing's, so the game goes on (main ended it: R_FOUND)."""
    s = suspicious_showing(kept_flamethrower(SUSPICIOUS), FLAMETHROWER)
    assert not s.is_terminal() and s.phase == D.PH_OFFER


def test_rule_flamethrower_found_by_a_human_who_saw_the_thing_card_before():
    """A Human who has seen The Thing card in that hand knows whose it is: a Flamethrower shown later,
    even alone, is found. P1 looks at P0's hand before The Thing's first turn (a Flamethrower dealt at
    setup, not yet kept: no end), then The Thing keeps it through its turn, then P1's Suspicious shows
    it alone."""
    s = position(5, hands={0: [THING, FLAMETHROWER, F, F], 1: [ANALYSIS, SUSPICIOUS, NO_THANKS, F]},
                 roles={0: THE_THING}, pile=[F] * 12, active=1, doors=[4])
    s.apply(play(ANALYSIS, 0))                  # the Flamethrower dealt at setup: The Thing has had no turn
    assert not s.is_terminal()
    s.apply(offer(F))
    s.apply(answer(F))
    for p in (2, 3):                            # quiet turns; P4's exchange with P0 is barred by the door
        assert s.active == p
        s.apply(discard(F))
        s.apply(offer(F))
        s.apply(answer(F))
    s.apply(discard(F))
    assert s.active == 0
    s.apply(discard(F))
    s.apply(offer(FLAMETHROWER))
    s.apply(defend(NO_THANKS))
    assert s.active == 1 and not s.is_terminal()
    s = suspicious_showing(s, FLAMETHROWER)
    assert s.is_terminal() and s.result == D.R_FOUND and s.returns() == [0, 1, 1, 1, 1]


def test_rule_flamethrower_found_only_by_a_human():
    """An Infected who sees it knows whose hand it is, but is on The Thing's side: nobody finds it."""
    s = kept_flamethrower(ANALYSIS, looker_role=INFECTED_ROLE)
    s.apply(play(ANALYSIS, 0))
    assert not s.is_terminal()


def test_rule_flamethrower_not_yet_kept_is_not_found():
    """A Flamethrower The Thing has had no turn to get rid of is not kept: dealt at setup before its
    first turn (13 of 900 games were decided by this on main), or given to it since its turn."""
    s = position(5, hands={0: [ANALYSIS, F, F, F], 1: [THING, FLAMETHROWER, AXE, F]}, roles={1: THE_THING},
                 pile=[F])
    s.apply(play(ANALYSIS, 1))
    assert not s.is_terminal()
    # received in its own turn's exchange: P0 answers The Thing's offer with a Flamethrower
    s = position(5, hands={0: [THING, F, F, F], 1: [ANALYSIS, FLAMETHROWER, F, F]}, roles={0: THE_THING},
                 pile=[F, F])
    s.apply(discard(F))
    s.apply(offer(F))
    s.apply(answer(FLAMETHROWER))
    assert s.active == 1 and FLAMETHROWER in hand(s, 0)
    s.apply(play(ANALYSIS, 0))
    assert not s.is_terminal()


def test_rule_total_infection():
    s = position(5, hands={0: [INFECTED, INFECTED, INFECTED, INFECTED]}, pile=[INFECTED, F])
    s.apply(discard(INFECTED))
    assert not s.alive[0] and (D.E_TOTAL, 0, NOBODY, D.NO_CARD) in view(s, 2).events
    assert sorted(c for code, a, b, c in view(s, 2).events if code == D.E_SHOW and a == 0) == [INFECTED] * 4
    assert s.active == 1
    # an Infected exchanging with The Thing is not totally infected: it may pass those cards to it
    s = position(5, hands={0: [INFECTED] * 4, 1: [THING, F, F, F]}, roles={0: INFECTED_ROLE, 1: THE_THING},
                 pile=[INFECTED])
    s.apply(discard(INFECTED))
    assert s.alive[0] and offer(INFECTED) in legal(s)


# ----- the end ---------------------------------------------------------------------------------------

def test_rule_end_the_thing_eliminated():
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [THING, F, F, F]}, roles={1: THE_THING, 3: INFECTED_ROLE},
                 pile=[F])
    s.apply(play(FLAMETHROWER, 1))
    s.apply(D.A_ACCEPT)
    assert s.result == D.R_BURNT and s.returns() == [1, 0, 1, 0, 1]
    assert all(View(s.view(p)).roles == [HUMAN, THE_THING, HUMAN, INFECTED_ROLE, HUMAN] for p in range(5))


def test_rule_end_no_human_left_the_last_one_burnt():
    """The rulebook's end B, "Nem marad Ember a játékban": the game ends at once when no Human is left,
    without waiting for The Thing to declare (on main it went on)."""
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [THING, F, F, F]},
                 roles={1: THE_THING, 0: INFECTED_ROLE, 2: INFECTED_ROLE, 3: INFECTED_ROLE}, pile=[F, F])
    s.apply(play(FLAMETHROWER, 4))              # an Infected burns the last Human
    s.apply(D.A_ACCEPT)
    assert s.is_terminal() and s.result == D.R_DECLARED and s.returns() == [1, 1, 1, 1, 0]


def test_rule_end_no_human_left_at_once_so_nobody_burns_the_thing_after():
    """The last Human infected: the game is over at that exchange, so an Infected can no longer burn
    The Thing and make everyone lose (main waited for a declaration; P1 burnt P0 and the Humans' side,
    with no Human left, won nothing). P1, infected by that very exchange, still counts as a Human and
    loses; nobody was eliminated, so The Thing wins alone."""
    s = position(5, hands={0: [THING, INFECTED, F, F], 1: [FLAMETHROWER, F, F, F]}, pile=[F, F],
                 roles={0: THE_THING, 2: INFECTED_ROLE, 3: INFECTED_ROLE, 4: INFECTED_ROLE})
    s.apply(discard(F))
    s.apply(offer(INFECTED))
    s.apply(answer(F))                          # P1, the last Human, is infected
    assert s.role[1] == INFECTED_ROLE
    assert s.is_terminal() and s.result == D.R_THING_ALONE and s.returns() == [1, 0, 0, 0, 0]


def test_rule_end_last_infected_counts_as_human():
    s = position(5, hands={0: [THING, INFECTED, F, F]}, pile=[F, F],
                 roles={0: THE_THING, 3: INFECTED_ROLE, 4: INFECTED_ROLE})
    turn.eliminate(s, 2, 0)                           # a Human was burnt earlier: P1 is the last one
    assert not s.is_terminal()
    s.apply(discard(F))
    s.apply(offer(INFECTED))
    s.apply(answer(F))                          # P1, the last Human, is infected
    assert s.result == D.R_DECLARED and s.returns() == [1, 0, 0, 1, 1]


def test_rule_end_false_declaration():
    s = position(5, hands={0: [THING, F, F, F]}, roles={0: THE_THING, 2: INFECTED_ROLE}, pile=[F])
    assert D.A_DECLARE in legal(s)
    s.apply(D.A_DECLARE)
    assert s.result == D.R_FALSE and s.returns() == [0, 1, 0, 1, 1]


def test_rule_eliminated_players_lose():
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [THING, F, F, F]}, roles={1: THE_THING}, pile=[F, F])
    turn.eliminate(s, 3, 0)
    s.apply(play(FLAMETHROWER, 1))
    s.apply(D.A_ACCEPT)
    assert s.returns() == [1, 0, 1, 0, 1]


# ----- every decision is the player's ------------------------------------------------------------------

def test_rule_every_decision_is_the_players():
    """The target of a Flamethrower or a swap is asked even without a defence card (a pause tells
    nothing); The Thing may declare at any of its decisions; the receiver chooses the answer."""
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [AXE, WHISKY, F, F]}, pile=[F])
    s.apply(play(FLAMETHROWER, 1))
    assert s.current_player() == 1 and legal(s) == [D.A_ACCEPT]
    s = position(5, hands={0: [AXE, F, F, F], 1: [THING, AXE, WHISKY, F]}, roles={1: THE_THING}, pile=[F])
    s.apply(discard(F))
    s.apply(offer(AXE))
    acts = legal(s)
    assert D.A_DECLARE in acts and {answer(AXE), answer(WHISKY), answer(F)} <= set(acts)
    assert answer(THING) not in acts


# ----- advanced options --------------------------------------------------------------------------------

def test_rule_advanced_thing_in_pile():
    rules = Rules({"thing_in_pile": True})
    s = rules.new_game(5, 5)
    assert s.thing == NOBODY and all(THING not in hand(s, p) for p in range(5) if p != 0 or s.hand_n[0] == 4)
    s = position(5, pile=[THING], options={"thing_in_pile": True})
    assert s.thing == 0 and s.role[0] == THE_THING
    assert any(e[0] == D.E_BECOME_THING for e in view(s, 0).events)
    assert not any(e[0] == D.E_BECOME_THING for e in view(s, 1).events)


def test_rule_advanced_infected_count():
    assert Rules({"infected": 3}).new_game(1, 8).counts[INFECTED] == 3
    with pytest.raises(KernelError):
        Rules({"infected": -1})


def test_rule_advanced_flamethrower_and_analysis_in_the_pile():
    rules = Rules({"flame_in_pile": True})
    for seed in range(30):
        s = rules.new_game(seed, 9)
        dealt = [c for p in range(9) for c in hand(s, p)]
        first = events(s, D.E_DRAW)
        if first:
            dealt.remove(first[0][3])
        assert FLAMETHROWER not in dealt and ANALYSIS not in dealt


def test_rule_advanced_neighbour_only():
    s = position(6, hands={0: [SEDUCTION, F, F, F]}, pile=[F], options={"neighbour_only": True})
    assert {a % 32 for a in legal(s) if a // D.ACT_KIND == 2 and (a % 1024) >> 5 == SEDUCTION} == {1, 5}
    # both neighbours barred: any player again
    s = position(6, hands={0: [SEDUCTION, F, F, F]}, pile=[F], options={"neighbour_only": True},
                 doors=[0], quarantine={5: 1})
    assert {a % 32 for a in legal(s) if a // D.ACT_KIND == 2 and (a % 1024) >> 5 == SEDUCTION} == {2, 3, 4}


def test_rule_advanced_free_deck_building(tmp_path):
    text = DECK_TSV.read_text(encoding="utf-8").replace("Flamethrower\taction\t4 4 6 9 11",
                                                        "Flamethrower\taction\t4 4 4 4 4 4")
    path = tmp_path / "deck.tsv"
    path.write_text(text, encoding="utf-8")
    s = Rules({"deck": str(path)}).new_game(1, 4)
    assert s.counts[FLAMETHROWER] == 6 and sum(s.counts) == 35 + 4


@pytest.mark.parametrize("line,field", [
    ("Flamethrower\taction\t4 4 x", "numbers"),
    ("Flamethrowr\taction\t4", "card"),
    ("Flamethrower\tdefense\t4", "kind"),
    ("Flamethrower\taction", "count"),
    ("The Thing\tthing\t4", "numbers"),
    ("Axe\taction\t4 13", "numbers"),
])
def test_rule_deck_file_errors_name_file_line_and_field(tmp_path, line, field):
    rows = DECK_TSV.read_text(encoding="utf-8").splitlines()
    rows = [r for r in rows if not r.startswith(line.split("\t")[0] + "\t")] + [line]
    path = tmp_path / "bad.tsv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(KernelError) as err:
        Rules({"deck": str(path)})
    assert str(path) in str(err.value) and "line %d" % len(rows) in str(err.value) and field in str(err.value)


def test_rule_advanced_vengeful_mode():
    roles = {1: THE_THING, 3: INFECTED_ROLE}
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [THING, F, F, F]}, roles=roles, pile=[F] * 6,
                 options={"vengeful": True})
    s.apply(play(FLAMETHROWER, 1))
    s.apply(D.A_ACCEPT)
    assert not s.is_terminal()                  # Humans and an Infected remain: on it goes
    turn.eliminate(s, 3, 0)                           # the last Infected falls
    assert s.result == D.R_VENGEFUL and s.returns() == [1, 0, 1, 0, 1]


def test_rule_house_quarantine_three_turns_no_exchange():
    s = position(5, hands={0: [QUARANTINE, F, F, F]}, pile=[F] * 20, options={"house_quarantine": True})
    s.apply(play(QUARANTINE, 1))
    assert s.quar[1] == 3 and s.active == 1 and len(events(s, D.E_OFFER)) == 0
    s.apply(discard(F))
    assert s.active == 2 and len(events(s, D.E_OFFER)) == 0      # P1 in Quarantine: no exchange either


def test_rule_options_are_checked():
    for bad in ({"vengful": True}, {"vengeful": "yes"}, {"infected": 41}, "quick"):
        with pytest.raises(KernelError):
            Rules(bad)
    with pytest.raises(KernelError):
        Rules().new_game(1, 3)
    with pytest.raises(KernelError):
        Rules().new_game(1, 13)
