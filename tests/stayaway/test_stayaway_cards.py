"""One focused test per Stay Away! card (the rulebook's card texts, digest "Stay Away! cards" and the deck
notes' Panic! cards), each from a set-up position (sa_positions.py). Players sit on seats 0.. in order;
clockwise (the starting direction) is seat + 1, so player 0's next player is 1 and its other neighbour
is the last player."""

from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core, turn
from eldritch.kernel.stayaway.game.defs import (THING, INFECTED, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY,
                                                RESOLUTE, WATCH_BACK, SWAP_PLACES, BETTER_RUN, SEDUCTION, SCARY,
                                                COMFORTABLE, NO_THANKS, MISSED, NO_BARBECUE, QUARANTINE, LOCKED_DOOR,
                                                REVELATIONS, ROTTEN_ROPES, GET_OUT, FORGETFUL, ONE_TWO, THREE_FOUR,
                                                PARTY, BETWEEN_US, ROUND_AND_ROUND, FRIENDS, BLIND_DATE, OOPS,
                                                HUMAN, INFECTED_ROLE, THE_THING, NOBODY)
from sa_positions import (position, legal, hand, play, door, discard, offer, answer, defend, events, view,
                          finish_turn_quietly)

F = WATCH_BACK            # the filler card in unnamed hands


def shown_to(s, p, owner, why):
    """The cards player p saw shown from owner's hand for this reason (their view's events)."""
    return sorted(c for code, a, b, c in view(s, p).events if code == D.E_SHOW and a == owner and b == why)


def test_card_the_thing_never_leaves_its_owner():
    s = position(5, hands={0: [THING, AXE, WHISKY, SCARY]}, roles={0: THE_THING}, pile=[SUSPICIOUS])
    acts = legal(s)
    assert discard(THING) not in acts and discard(AXE) in acts
    s.apply(discard(AXE))
    assert offer(THING) not in legal(s) and offer(WHISKY) in legal(s)
    # not even when a card asks: Forgetful and Blind date never take it
    s = position(5, hands={0: [THING, AXE, WHISKY, SCARY]}, roles={0: THE_THING}, pile=[FORGETFUL, F, F, F])
    assert D.A_FORGET + THING not in legal(s) and D.A_FORGET + AXE in legal(s)
    s = position(5, hands={0: [THING, AXE, WHISKY, SCARY]}, roles={0: THE_THING}, pile=[BLIND_DATE, F])
    assert D.A_BLIND + THING not in legal(s)


def test_card_infected_who_may_pass_and_discard_it():
    # a Human: may discard it, never pass it
    s = position(5, hands={0: [INFECTED, AXE, WHISKY, SCARY]}, pile=[F])
    assert discard(INFECTED) in legal(s)
    s.apply(discard(AXE))
    assert offer(INFECTED) not in legal(s)
    # an Infected with one: neither; with two: may discard one, pass one only to The Thing
    s = position(5, hands={0: [INFECTED, AXE, WHISKY, SCARY]}, roles={0: INFECTED_ROLE, 1: THE_THING}, pile=[F])
    assert discard(INFECTED) not in legal(s)
    s = position(5, hands={0: [INFECTED, INFECTED, WHISKY, SCARY]}, roles={0: INFECTED_ROLE, 1: THE_THING}, pile=[F])
    assert discard(INFECTED) in legal(s)
    s.apply(discard(WHISKY))
    assert offer(INFECTED) in legal(s)                      # P1 is The Thing
    s = position(5, hands={0: [INFECTED, INFECTED, WHISKY, SCARY]}, roles={0: INFECTED_ROLE, 2: THE_THING}, pile=[F])
    s.apply(discard(WHISKY))
    assert offer(INFECTED) not in legal(s)                  # P1 is not
    # The Thing passing it infects a Human: only they and The Thing learn it
    s = position(5, hands={0: [THING, INFECTED, WHISKY, SCARY]}, roles={0: THE_THING}, pile=[F])
    s.apply(discard(F))
    s.apply(offer(INFECTED))
    s.apply(answer(F))
    assert s.role[1] == INFECTED_ROLE
    assert any(e[0] == D.E_INFECT for e in view(s, 1).events)
    assert any(e[0] == D.E_INFECT for e in view(s, 0).events)
    assert not any(e[0] == D.E_INFECT for e in view(s, 2).events)
    assert view(s, 1).thing == 0 and view(s, 2).thing == NOBODY


def test_card_flamethrower_eliminates_an_adjacent_player():
    s = position(5, hands={0: [FLAMETHROWER, AXE, WHISKY, SCARY], 1: [AXE, SCARY, WHISKY, F]}, pile=[F])
    acts = legal(s)
    assert play(FLAMETHROWER, 1) in acts and play(FLAMETHROWER, 4) in acts and play(FLAMETHROWER, 2) not in acts
    s.apply(play(FLAMETHROWER, 1))
    assert s.current_player() == 1 and legal(s) == [D.A_ACCEPT]      # asked even with no defence
    before = s.disc_n
    s.apply(D.A_ACCEPT)
    assert not s.alive[1] and s.hand_n[1] == 0 and s.seat_player[1] == NOBODY
    assert s.disc_n == before + 4
    assert [c for code, a, b, c in view(s, 2).events if code == D.E_DISCARD and a == 1] == []
    assert s.phase == D.PH_OFFER and s.ctx_b == 2                        # the circle closes over the seat
    # not across a Locked door, not while in Quarantine
    s = position(5, hands={0: [FLAMETHROWER, AXE, WHISKY, SCARY]}, pile=[F], doors=[0])
    assert play(FLAMETHROWER, 1) not in legal(s) and play(FLAMETHROWER, 4) in legal(s)
    s = position(5, hands={0: [FLAMETHROWER, AXE, WHISKY, SCARY]}, pile=[F], quarantine={0: 2})
    assert not any(a // 1024 == 2 and (a % 1024) >> 5 == FLAMETHROWER for a in legal(s))


def test_card_analysis_shows_the_whole_hand_to_the_player_only():
    s = position(5, hands={0: [ANALYSIS, F, F, F], 1: [AXE, SCARY, WHISKY, INFECTED]}, pile=[F])
    s.apply(play(ANALYSIS, 1))
    assert shown_to(s, 0, 1, D.SH_ANALYSIS) == sorted([AXE, SCARY, WHISKY, INFECTED])
    assert shown_to(s, 2, 1, D.SH_ANALYSIS) == [D.NO_CARD] * 4


def test_card_axe_removes_a_quarantine_or_a_locked_door():
    s = position(5, hands={0: [AXE, F, F, F]}, pile=[F], quarantine={1: 2}, doors=[4])
    acts = legal(s)
    assert play(AXE, 1) in acts and play(AXE, door(4)) in acts      # gap 4: between seats 4 and 0
    s.apply(play(AXE, 1))
    assert s.quar[1] == 0 and s.door[4] == 1
    s = position(5, hands={0: [AXE, F, F, F]}, pile=[F], quarantine={0: 2, 3: 2}, doors=[4])
    acts = legal(s)
    assert play(AXE, 0) in acts and play(AXE, 3) not in acts       # oneself yes, a far player no
    s.apply(play(AXE, door(4)))
    assert s.door[4] == 0


def test_card_suspicious_shows_one_random_card():
    seen = {}
    for seed in range(120):
        s = position(5, hands={0: [SUSPICIOUS, F, F, F], 1: [AXE, SCARY, WHISKY, INFECTED]}, pile=[F])
        s.prng[0] = 1 + seed * 7919
        s.prng[1] = 1 + seed * 104729
        s.apply(play(SUSPICIOUS, 1))
        got = shown_to(s, 0, 1, D.SH_SUSPICIOUS)
        assert len(got) == 1 and got[0] in (AXE, SCARY, WHISKY, INFECTED)
        assert shown_to(s, 2, 1, D.SH_SUSPICIOUS) == [D.NO_CARD]
        seen[got[0]] = seen.get(got[0], 0) + 1
    assert len(seen) == 4 and min(seen.values()) >= 15       # each card about a quarter of the time


def test_card_whisky_shows_the_hand_to_everyone():
    s = position(5, hands={0: [WHISKY, AXE, SCARY, INFECTED]}, pile=[F])
    assert [a for a in legal(s) if (a % 1024) >> 5 == WHISKY and a // 1024 == 2] == [play(WHISKY)]
    s.apply(play(WHISKY))
    for p in range(5):
        assert shown_to(s, p, 0, D.SH_WHISKY) == sorted([AXE, SCARY, INFECTED, F])


def test_card_resolute_draws_three_keeps_one_then_plays_again():
    s = position(5, hands={0: [RESOLUTE, RESOLUTE, F, F]}, pile=[AXE, OOPS, WHISKY, SCARY, SUSPICIOUS, F])
    s.apply(play(RESOLUTE))
    assert [e[3] for e in events(s, D.E_BURY)] == [OOPS] and events(s, D.E_BURY)[0][4] == 0   # unseen
    assert s.phase == D.PH_RESOLUTE and sorted(s.res[:3]) == sorted([WHISKY, SCARY, SUSPICIOUS])
    assert view(s, 0).res and D.NO_CARD not in view(s, 0).res and view(s, 1).res == [D.NO_CARD] * 3
    s.apply(D.A_KEEP + SCARY)
    assert SCARY in hand(s, 0) and s.phase == D.PH_PLAY and s.hand_n[0] == 5
    assert play(RESOLUTE) in legal(s)                       # another Resolute the same turn
    s.apply(discard(F))
    assert s.phase == D.PH_OFFER and s.hand_n[0] == 4


def test_card_watch_your_back_reverses_the_direction():
    s = position(5, hands={0: [WATCH_BACK, AXE, SCARY, WHISKY]}, pile=[AXE])
    s.apply(play(WATCH_BACK))
    assert s.direction == 1 and s.ctx_b == 4               # the exchange goes to the other side
    finish_turn_quietly(s)
    assert s.active == 4


def test_card_swap_places_changes_seats_with_a_neighbour():
    s = position(5, hands={0: [SWAP_PLACES, AXE, SCARY, WHISKY]}, pile=[F])
    assert play(SWAP_PLACES, 1) in legal(s) and play(SWAP_PLACES, 2) not in legal(s)
    s.apply(play(SWAP_PLACES, 1))
    assert legal(s) == [D.A_ACCEPT]
    s.apply(D.A_ACCEPT)
    assert s.seat_of[0] == 1 and s.seat_of[1] == 0
    assert s.phase == D.PH_OFFER and s.ctx_b == 2            # the exchange from the new seat
    finish_turn_quietly(s)
    assert s.active == 1                                    # the player swapped with plays next
    # not with a player in Quarantine, not across a Locked door
    s = position(5, hands={0: [SWAP_PLACES, AXE, SCARY, WHISKY]}, pile=[F], quarantine={1: 1}, doors=[4])
    assert play(SWAP_PLACES, 1) not in legal(s) and play(SWAP_PLACES, 4) not in legal(s)


def test_card_youd_better_run_swaps_with_anyone_not_in_quarantine():
    s = position(6, hands={0: [BETTER_RUN, AXE, SCARY, WHISKY]}, pile=[F], doors=[0], quarantine={4: 1})
    acts = legal(s)
    assert play(BETTER_RUN, 3) in acts and play(BETTER_RUN, 1) in acts     # far, and across a door
    assert play(BETTER_RUN, 4) not in acts
    s.apply(play(BETTER_RUN, 3))
    s.apply(D.A_ACCEPT)
    assert s.seat_of[0] == 3 and s.seat_of[3] == 0 and s.ctx_b == 4
    finish_turn_quietly(s)
    assert s.active == 3


def test_card_seduction_exchanges_with_anyone_then_the_turn_ends():
    s = position(5, hands={0: [SEDUCTION, AXE, SCARY, WHISKY], 3: [NO_BARBECUE, F, F, F]}, pile=[F],
                 quarantine={2: 1})
    assert play(SEDUCTION, 3) in legal(s) and play(SEDUCTION, 2) not in legal(s)
    s.apply(play(SEDUCTION, 3))
    assert s.phase == D.PH_OFFER and s.ctx_b == 3
    s.apply(offer(AXE))
    s.apply(answer(NO_BARBECUE))
    assert NO_BARBECUE in hand(s, 0) and AXE in hand(s, 3)
    assert s.active == 1 and not events(s, D.E_OFFER)[1:]  # no second exchange: P1's turn now


def test_card_scary_refuses_and_sees_the_refused_card():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F], 1: [SCARY, F, F, F]}, pile=[F, NO_THANKS])
    s.apply(discard(F))
    s.apply(offer(WHISKY))
    assert view(s, 1).ctx_card == D.NO_CARD                 # face down: not seen before refusing
    s.apply(defend(SCARY))
    assert WHISKY in hand(s, 0) and shown_to(s, 1, 0, D.SH_SCARY) == [WHISKY]
    assert shown_to(s, 2, 0, D.SH_SCARY) == [D.NO_CARD]
    assert (D.E_DRAW, 1, D.DR_REPLACE, NO_THANKS) in view(s, 1).events     # the replacement draw
    assert (D.E_DRAW, 1, D.DR_REPLACE, D.NO_CARD) in view(s, 2).events


def test_card_im_comfortable_cancels_a_swap():
    s = position(5, hands={0: [SWAP_PLACES, AXE, SCARY, WHISKY], 1: [COMFORTABLE, F, F, F]}, pile=[F, AXE])
    s.apply(play(SWAP_PLACES, 1))
    assert defend(COMFORTABLE) in legal(s)
    s.apply(defend(COMFORTABLE))
    assert s.seat_of[0] == 0 and s.seat_of[1] == 1 and AXE in hand(s, 1)
    assert s.phase == D.PH_OFFER and s.ctx_b == 1            # the turn goes on to its exchange


def test_card_no_thanks_refuses_an_exchange():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F], 1: [NO_THANKS, F, F, F]}, pile=[F, ANALYSIS])
    s.apply(discard(F))
    s.apply(offer(AXE))
    s.apply(defend(NO_THANKS))
    assert AXE in hand(s, 0) and ANALYSIS in hand(s, 1) and s.active == 1
    assert shown_to(s, 1, 0, D.SH_SCARY) == []


def test_card_missed_passes_the_exchange_on_and_does_not_infect():
    s = position(5, hands={0: [THING, INFECTED, WHISKY, F], 1: [MISSED, F, F, F], 2: [AXE, F, F, F]},
                 roles={0: THE_THING}, pile=[F, SCARY])
    s.apply(discard(F))
    s.apply(offer(INFECTED))
    s.apply(defend(MISSED))
    assert s.phase == D.PH_ANSWER and s.actor == 2
    s.apply(answer(AXE))
    assert INFECTED in hand(s, 2) and s.role[2] == HUMAN and s.role[1] == HUMAN
    assert (D.E_GIVE, 0, 2, INFECTED) in view(s, 2).events            # they know where it came from
    assert SCARY in hand(s, 1)


def test_card_no_barbecue_cancels_a_flamethrower():
    s = position(5, hands={0: [FLAMETHROWER, F, F, F], 1: [NO_BARBECUE, F, F, F]}, pile=[F, REVELATIONS, AXE])
    s.apply(play(FLAMETHROWER, 1))
    s.apply(defend(NO_BARBECUE))
    assert s.alive[1] and AXE in hand(s, 1) and REVELATIONS not in hand(s, 1)
    assert [e[3] for e in events(s, D.E_BURY)] == [REVELATIONS]       # discarded unseen


def test_card_quarantine_plays_face_up_for_two_turns():
    s = position(5, hands={0: [QUARANTINE, AXE, SCARY, WHISKY], 1: [FLAMETHROWER, F, F, F]},
                 pile=[F, ANALYSIS, F, F, F, F, F, F, F, F])
    assert play(QUARANTINE, 1) in legal(s) and play(QUARANTINE, 2) not in legal(s)
    s.apply(play(QUARANTINE, 1))
    assert s.quar[1] == 2
    s.apply(offer(AXE))
    for p in range(5):                                     # the exchange is face up
        assert (D.E_OFFER, 0, 1, AXE) in view(s, p).events
    s.apply(answer(F))
    assert (D.E_DRAW, 1, D.DR_TURN, ANALYSIS) in view(s, 3).events      # P1 draws face up
    assert not any(a // 1024 == 2 and (a % 1024) >> 5 == FLAMETHROWER for a in legal(s))
    s.apply(discard(ANALYSIS))
    assert (D.E_DISCARD, 1, D.DR_CARD, ANALYSIS) in view(s, 4).events
    finish_turn_quietly(s)
    assert s.quar[1] == 1
    while s.active != 1:
        s.apply(discard(F))
        finish_turn_quietly(s)
    s.apply(discard(F))
    finish_turn_quietly(s)
    assert s.quar[1] == 0                                   # over after the target's second turn


def test_card_locked_door_blocks_both_sides_and_stays_put():
    s = position(5, hands={0: [LOCKED_DOOR, AXE, SCARY, WHISKY]}, pile=[F, F])
    assert play(LOCKED_DOOR, door(0)) in legal(s) and play(LOCKED_DOOR, door(4)) in legal(s)
    s.apply(play(LOCKED_DOOR, door(0)))
    assert s.door[0] and s.active == 1 and s.phase == D.PH_PLAY        # no exchange across it
    assert (D.E_NO_EXCHANGE, 0, 1, D.NO_CARD) in view(s, 2).events
    assert core.door_bars(s, 1, 0) and not core.adjacent_open(s, 1, 0)
    turn.swap_seats(s, 0, 2)                                     # players move, the door does not
    assert s.door[0] and core.door_bars(s, 1, 2) and not core.door_bars(s, 1, 0)


# ----- Panic! cards ---------------------------------------------------------------------------------

def test_card_revelations_stops_at_an_infected_card():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F], 2: [INFECTED, AXE, F, F]}, pile=[REVELATIONS])
    assert s.phase == D.PH_REVELATIONS and s.actor == 0
    s.apply(D.A_REVEAL + 1)
    assert shown_to(s, 3, 0, D.SH_REVELATIONS) == sorted([AXE, SCARY, WHISKY, F])
    assert s.actor == 1
    s.apply(D.A_REVEAL)
    assert (D.E_NO_REVEAL, 1, NOBODY, D.NO_CARD) in view(s, 4).events
    s.apply(D.A_REVEAL + 1)
    assert shown_to(s, 4, 2, D.SH_REVELATIONS) == [INFECTED]     # only that card, and it stops
    assert s.phase == D.PH_OFFER and s.actor == 0


def test_card_rotten_ropes_discards_every_quarantine():
    s = position(5, pile=[ROTTEN_ROPES], quarantine={1: 2, 3: 1}, doors=[2])
    assert s.quar[1] == 0 and s.quar[3] == 0 and s.door[2] == 1 and s.phase == D.PH_OFFER


def test_card_get_out_of_here_swaps_with_anyone_not_in_quarantine():
    s = position(6, pile=[GET_OUT], quarantine={3: 1})
    acts = legal(s)
    assert D.A_TARGET + 2 in acts and D.A_TARGET + 4 in acts and D.A_TARGET + 3 not in acts
    s.apply(D.A_TARGET + 4)
    assert s.seat_of[0] == 4 and s.ctx_b == 5
    finish_turn_quietly(s)
    assert s.active == 4


def test_card_forgetful_discards_three_and_draws_three():
    s = position(5, hands={0: [INFECTED, INFECTED, AXE, SCARY]}, roles={0: INFECTED_ROLE, 3: THE_THING},
                 pile=[FORGETFUL, OOPS, ANALYSIS, WHISKY, SUSPICIOUS])
    assert s.phase == D.PH_FORGET
    s.apply(D.A_FORGET + INFECTED)
    assert D.A_FORGET + INFECTED not in legal(s)            # the last Infected! stays
    s.apply(D.A_FORGET + AXE)
    s.apply(D.A_FORGET + SCARY)
    assert hand(s, 0) == sorted([INFECTED, ANALYSIS, WHISKY, SUSPICIOUS])
    assert [e[3] for e in events(s, D.E_BURY)] == [OOPS] and s.phase == D.PH_OFFER


def test_card_one_two_swaps_with_the_third_player_either_way():
    s = position(8, pile=[ONE_TWO], doors=[0, 1])
    assert legal(s) == [D.A_TARGET + 3, D.A_TARGET + 5]     # doors ignored
    s.apply(D.A_TARGET + 5)
    assert s.seat_of[0] == 5 and s.seat_of[5] == 0
    s = position(8, pile=[ONE_TWO], quarantine={3: 1})
    assert legal(s) == [D.A_TARGET + 5]


def test_card_three_four_discards_every_locked_door():
    s = position(5, pile=[THREE_FOUR], doors=[0, 3], quarantine={2: 1})
    assert not any(s.door[:5]) and s.quar[2] == 1 and s.phase == D.PH_OFFER and s.ctx_b == 1


def test_card_is_this_the_party_clears_the_table_and_swaps_pairs():
    s = position(5, pile=[PARTY], doors=[1], quarantine={4: 2})
    assert not any(s.door[:5]) and not any(s.quar[:5])
    assert [s.seat_player[i] for i in range(5)] == [1, 0, 3, 2, 4]     # the odd one out stays
    assert s.ctx_b == 3                                    # P0 exchanges from seat 1 with seat 2's player
    finish_turn_quietly(s)
    assert s.active == 1


def test_card_just_between_us_shows_the_hand_to_a_chosen_neighbour():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F]}, pile=[BETWEEN_US])
    assert legal(s) == [D.A_TARGET + 1, D.A_TARGET + 4]
    s.apply(D.A_TARGET + 4)
    assert shown_to(s, 4, 0, D.SH_BETWEEN) == sorted([AXE, SCARY, WHISKY, F])
    assert shown_to(s, 1, 0, D.SH_BETWEEN) == [D.NO_CARD] * 4


def test_card_round_and_round_everyone_passes_and_the_thing_infects():
    hands = {0: [AXE, F, F, F], 1: [THING, INFECTED, F, F], 2: [SCARY, F, F, F], 3: [WHISKY, F, F, F]}
    s = position(4, hands=hands, roles={1: THE_THING}, pile=[ROUND_AND_ROUND, F], doors=[0, 1])
    order = []
    while s.phase == D.PH_ROUND:
        order.append(s.actor)
        card = {0: AXE, 1: INFECTED, 2: SCARY, 3: WHISKY}[s.actor]
        s.apply(D.A_PASS + card)
    assert order == [0, 1, 2, 3]                           # doors do not stop it
    assert AXE in hand(s, 1) and INFECTED in hand(s, 2) and SCARY in hand(s, 3) and WHISKY in hand(s, 0)
    assert s.role[2] == INFECTED_ROLE
    assert s.active == 1 and len(events(s, D.E_OFFER)) == 0  # the turn ended: no exchange


def test_card_cant_we_be_friends_exchanges_then_the_turn_exchanges_too():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F], 3: [ANALYSIS, F, F, F]}, pile=[FRIENDS], quarantine={2: 1})
    assert D.A_TARGET + 2 not in legal(s) and D.A_TARGET + 3 in legal(s)
    s.apply(D.A_TARGET + 3)
    s.apply(offer(AXE))
    s.apply(answer(ANALYSIS))
    assert ANALYSIS in hand(s, 0) and s.phase == D.PH_OFFER and s.ctx_b == 1


def test_card_blind_date_swaps_a_card_with_the_pile_top():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, F]}, pile=[BLIND_DATE, OOPS, ANALYSIS, F])
    s.apply(D.A_BLIND + AXE)
    assert ANALYSIS in hand(s, 0) and AXE not in hand(s, 0)
    assert [e[3] for e in events(s, D.E_BURY)] == [OOPS]
    assert s.active == 1 and AXE in hand(s, 1)             # the turn ended; P1 drew the card put back


def test_card_oops_shows_the_hand_to_everyone():
    s = position(5, hands={0: [AXE, SCARY, WHISKY, INFECTED]}, pile=[OOPS])
    for p in range(5):
        assert shown_to(s, p, 0, D.SH_OOPS) == sorted([AXE, SCARY, WHISKY, INFECTED])
    assert s.phase == D.PH_OFFER
