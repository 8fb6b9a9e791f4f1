"""Elder Sign's advice at the table: the advisor weighs every option the rules
offer, an investigator's free reroll included, and never advises spending a clue where the free
reroll is as good; at the move phase Enter takes the card the hint names.

- Generic Investigator A rerolls once per roll for free (ability roll(reroll+1)). At each of their
  decisions where both the free reroll and a clue's are offered: every free reroll has odds, equal
  to `eldritch advise` with one clue more for the same dice (the free reroll spends none); it is
  never worth less than the clue's of the same dice; the advised option is never a clue's reroll
  when a free one is worth as much; the shape's reroll toggles show the odds of every set.
- Every move decision of seeded games: the default (Enter, then Enter) is the move to the card the
  hint names, whose odds the hint quotes.
"""

import json

from eldritch.backend import get_backend
from eldritch.cli import main
from eldritch.eldersign.advisor import question
from eldritch.eldersign.play import make_session
from eldritch.eldersign.playsave import Settings
from eldritch.eldersign.render import percent
from eldritch.kernel.eldersign.adventure import ACT_REROLL, ACT_ROLL
from eldritch.kernel.eldersign.fixed import exact_text, percent_text
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game, A_PICK, A_FREEROLL, A_MOVE, A_ARG_MASK, G_BASE
from eldritch.kernel.eldersign.game import table as gametable, text as gametext

DATA = GameData()
BACKEND = get_backend()
INVESTIGATOR_A = 0          # "Generic Investigator A": roll(reroll+1)


def session_with(seed, players=1, pick=None):
    game = Game(DATA, players=players, seed=seed)
    s = make_session(game, DATA, Settings(bots=range(1, players), hints=True, speed=0), BACKEND)
    if pick is not None:
        s.play(A_PICK + pick)
    return s


def is_free(a):
    return a >= G_BASE and a - (a & A_ARG_MASK) == A_FREEROLL


def is_clue(a):
    return ACT_REROLL <= a < ACT_ROLL


def reroll_cli(args, clues, capsys):
    """`eldritch advise` with `clues` clues: {"reroll X with a clue": exact}."""
    args = list(args)
    args[args.index("--clues") + 1] = str(clues)
    assert main(["advise"] + args + ["--json"]) == 0
    return {o["action"]: o["exact"] for o in json.loads(capsys.readouterr().out)["options"]}


def test_a_free_reroll_has_odds_and_a_clue_is_not_advised_when_the_free_one_is_as_good(capsys):
    s = session_with(0, pick=INVESTIGATOR_A)
    adapter = s.game
    checked = advised_free = 0
    while not adapter.is_terminal():
        legal = s.legal()
        free = [a for a in legal if is_free(a)]
        clue = [a for a in legal if is_clue(a)]
        if free and clue and len(legal) > 1 and checked < 12:
            values = adapter.values()
            q = question(adapter.state)
            clues = gametable.snapshot(adapter.state).attempt.adventure.uses()[2]
            more = reroll_cli(q.advise_args(), min(clues + 1, 4), capsys)
            by_dice = {}
            for a in clue:
                by_dice[gametext.action_text(adapter.state, a).split(" with a clue")[0]] = a
            for a in free:
                assert a in values, "a free reroll without odds"
                words = gametext.action_text(adapter.state, a).split("ability: ", 1)[1].replace(" free", "")
                assert exact_text(values[a]) == more[words + " with a clue"], words
                twin = by_dice.get(words)
                if twin is not None:
                    assert values[a] >= values[twin], words
            best = s.default_action()
            if is_clue(best):
                assert all(values[a] < values[best] for a in free), "a clue advised over a free reroll as good"
            advised_free += is_free(best)
            shape = s.decision()
            toggles = [o.then for o in shape.options if o.then is not None and o.then.kind == "toggle"]
            assert len(toggles) == 2
            for t in toggles:
                assert all(c.odds == percent(values[c.action]) for c in t.combos)
            checked += 1
        s.play(s.default_action())
    assert checked >= 10 and advised_free >= 1


def test_enter_at_the_move_phase_takes_the_card_the_hint_names():
    moves = 0
    for seed in (1, 2, 3):
        s = session_with(seed, players=2)
        adapter = s.game
        while not adapter.is_terminal() and moves < 60:
            if s.bot_turn():
                s.play(s.bot_action(), "bot")
                continue
            tb = gametable.snapshot(adapter.state)
            legal = s.legal()
            if tb.phase == "move" and len(legal) > 1:
                slot, value = adapter.advisor.best_move(adapter.state)
                assert s.default_action() == A_MOVE + slot + 1
                hint = s.hint()
                name = next(v.name for v in tb.slots if v.slot == slot)
                assert hint.startswith("Best odds: %s (slot %d), %s%%" % (name, slot + 1, percent_text(value)))
                moves += 1
            s.play(s.default_action())
    assert moves >= 20

