"""The bots use the cards where they help: one set-up position per card use, each a decision a bot
without the card uses gets wrong (the heuristic Human never plays Axe, The Thing answers with the
Flamethrower it holds, passes Infected! face up from Quarantine and discards its looks, an Infected
never plays Seduction to feed The Thing). The whole tally over 1,000 seeded games is
benchmarks/sa_bot_paths.py (benchmarks/README.md, "Rule paths the strongest bot never takes")."""

from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.bots import HeuristicBot
from eldritch.kernel.stayaway.game.search import SearchBot
from sa_positions import position, legal, play, discard, offer, defend, answer

W = D.WATCH_BACK


def choice(bot, s):
    p = s.current_player()
    moves = legal(s)
    a = bot.choose(s.view(p), moves)
    assert a in moves
    return a


def thing_offered_a_card_while_holding_a_flamethrower():
    """5 players, The Thing in seat 0 holds a Flamethrower and Scary; the Human in seat 4 offers it a
    card: its only card to give back is the Flamethrower."""
    s = position(5, hands={0: [D.THING, D.FLAMETHROWER, D.SCARY, W], 4: [D.WHISKY, W, W, W, W]},
                 roles={0: D.THE_THING}, active=4, draw=False)
    s.apply(discard(D.WHISKY))
    s.apply(offer(W))
    assert s.current_player() == 0 and answer(D.FLAMETHROWER) in legal(s)
    return s


def test_bot_human_axes_its_own_quarantine_to_use_its_flamethrower():
    """A Human in Quarantine holding a Flamethrower and an Axe cuts itself free (it may burn again
    next turn); it used to discard a filler and keep the Axe unplayed."""
    s = position(5, hands={0: [D.FLAMETHROWER, D.AXE, W, W, W]}, roles={2: D.THE_THING}, quarantine={0: 2},
                 draw=False)
    assert choice(HeuristicBot(3), s) == play(D.AXE, 0)
    assert choice(HeuristicBot(3, cards=()), s) != play(D.AXE, 0)      # the bot before the card uses


def test_bot_thing_refuses_a_humans_offer_rather_than_hand_over_its_flamethrower():
    """The Thing must answer with the Flamethrower it holds: it refuses with Scary instead, so no
    Human next to it gets a Flamethrower (heuristic and search bots alike)."""
    assert choice(HeuristicBot(3), thing_offered_a_card_while_holding_a_flamethrower()) == defend(D.SCARY)
    assert choice(SearchBot(thing_offered_a_card_while_holding_a_flamethrower().rules, 3),
                  thing_offered_a_card_while_holding_a_flamethrower()) == defend(D.SCARY)


def test_bot_thing_never_passes_an_infected_face_up():
    """In Quarantine its exchanges are shown to everyone: an Infected! offered would give it away."""
    s = position(5, hands={0: [D.THING, D.INFECTED, W, W, D.WHISKY]}, roles={0: D.THE_THING}, quarantine={0: 2},
                 draw=False)
    s.apply(discard(D.WHISKY))
    assert offer(D.INFECTED) in legal(s)
    assert choice(HeuristicBot(3), s) == offer(W)


def test_bot_infected_seduces_the_thing_to_pass_it_a_spare_infected():
    """An Infected with two Infected! cards (one is spare) and Seduction exchanges with The Thing,
    not its neighbour, to feed it; it used to discard a filler."""
    s = position(5, hands={0: [D.INFECTED, D.INFECTED, D.SEDUCTION, W, W]},
                 roles={0: D.INFECTED_ROLE, 2: D.THE_THING}, draw=False)
    assert choice(HeuristicBot(3), s) == play(D.SEDUCTION, 2)


def test_search_thing_plays_a_look_on_an_adjacent_human_rather_than_discard_it():
    """The search bot as The Thing about to discard Analysis plays it on a Human next to it instead:
    the card goes to the discards all the same and tells it whether that Human holds a Flamethrower."""
    s = position(5, hands={0: [D.THING, D.ANALYSIS, W, W, W]}, roles={0: D.THE_THING}, draw=False)
    assert choice(SearchBot(s.rules, 3), s) in (play(D.ANALYSIS, 1), play(D.ANALYSIS, 4))
