"""The solver at the table: exact odds for the decisions of a game in play, and hints in words.

    adv = Advisor(backend)
    values = adv.decision_values(game, actions)   # {action: fixed-point value} at an adventure roll
    odds = adv.move_odds(game)                    # {slot: value} of every card in reach, move phase
    text = adv.hint(game, choices)

At an adventure decision the question is exactly `eldritch advise` for the adventure being played:
the card as it stands (monsters included), its terror effect, the roll on the table, the dice held
aside (focus and spells), the tasks done, the focus, spells and clues left (`situation` returns
these, and the parity test feeds them to the CLI). Each option of `advice.advise` is matched to the
game's legal action by what it does (task and dice, die held, dice rerolled, die set aside and
kept), never by position. The game asks a failed roll in steps: failing it is worth its best
option, setting a colour aside the best option with that colour, keeping a die (focus, or a helper
keeping it) the option that keeps it. Giving up is worth 0. An investigator's free reroll (an
ability, once per roll) is worth what rerolling the same dice with a clue is worth with one clue
more: the same dice roll again and no clue is spent (the solver's question with clues + 1, at most
its 4). Cards and other abilities get no value (the solver does not model them). Among options of
equal value the cheaper is best (`best_action`): a free reroll before a clue's, nothing spent
before a spell or a clue. At the move phase each card's odds are the solver's value before the first
roll for the dice the investigator would roll now, focus (plus helpers on that card), free spells,
clues and the dice spells already hold. Solvers are cached per (card, terror, sanity, stamina).
"""

from __future__ import annotations

from eldritch.kernel.eldersign.advice import advise, COMPLETE, HOLD, REROLL, FAIL
from eldritch.kernel.eldersign.adventure import (ACT_HOLD, ACT_FAIL, ACT_FAIL_LOST, ACT_REROLL, P_DECIDE,
    P_ROLL, WAY_BYTES, NDICE)
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, NFACES
from eldritch.kernel.eldersign.fixed import percent_text
from eldritch.kernel.eldersign.game.machine import (A_GIVEUP, A_FAIL, A_ASIDE, A_KEEP, A_ASK, A_HOLD,
    A_ARG_MASK, A_FREEROLL, G_BASE, NONE)
from eldritch.kernel.eldersign.game import table as gametable
from eldritch.kernel.eldersign.notation import format_roll, format_card
from eldritch.kernel.eldersign.situation import Situation, TERROR_NAMES, MAX_USES


class Question:
    """The question an adventure decision asks the solver (what `eldritch advise` takes)."""

    def __init__(self, card, terror, roll, held, done, focus, spells, clues, sanity, stamina):
        self.card = card
        self.terror = terror
        self.roll = bytes(roll)
        self.held = bytes(held)
        self.done = done
        self.focus = focus
        self.spells = spells
        self.clues = clues
        self.sanity = sanity
        self.stamina = stamina

    def advise_args(self) -> list[str]:
        """The `eldritch advise` arguments that ask the same question."""
        done = ",".join(str(t + 1) for t in range(len(self.card.tasks)) if self.done & (1 << t))
        return [format_card(self.card), "--roll", format_roll(self.roll), "--held", format_roll(self.held),
                "--done", done, "--focus", str(self.focus), "--spells", str(self.spells),
                "--clues", str(self.clues), "--terror", TERROR_NAMES[self.terror],
                "--sanity", str(self.sanity), "--stamina", str(self.stamina)]


def _adventure(game, tb=None):
    """The adventure being attempted (not the final battle's attack), or None."""
    tb = tb or gametable.snapshot(game)
    if tb.attempt is None or tb.attempt.slot < 0:
        return None
    return tb.attempt.adventure


def question(game) -> Question | None:
    """The solver's question at the current adventure decision (a roll on the table), else None."""
    adv = _adventure(game)
    if adv is None or adv.phase() != P_DECIDE or not any(adv.roll_counts):
        return None         # (a spell took the last die: `advise` has no roll to answer for)
    focus, spells, clues = (min(u, MAX_USES) for u in adv.uses())   # more clues than the solver takes: 4
    return Question(adv.card, adv.sit[6], adv.roll_counts, adv.held, adv.done_mask(), focus, spells,
                    clues, adv.sit[7], adv.sit[8])


def action_key(adv, action):
    """What a legal adventure action does, in the terms advice options use (see option_key)."""
    if action < ACT_HOLD:
        base = (action & 255) * WAY_BYTES
        return (COMPLETE, action >> 8, bytes(adv.ways[base:base + NDICE]),
                bytes(adv.ways[base + NDICE:base + 2 * NDICE]))
    if action < ACT_FAIL:
        return (HOLD, action - ACT_HOLD)
    if action < ACT_REROLL:
        if action == ACT_FAIL_LOST:
            return (FAIL, None)
        code = action - ACT_FAIL
        k = code & 31
        return (FAIL, code >> 5, k - 1 if k else -1)
    return (REROLL, bytes(adv.rerolled_dice(action, bytearray(NDICE))))


def option_key(option):
    if option.kind == COMPLETE:
        t, way = option.data
        return (COMPLETE, t, bytes(way.roll_used), bytes(way.held_used))
    if option.kind == HOLD:
        colour, face = option.data
        return (HOLD, colour * NFACES + face)
    if option.kind == REROLL:
        return (REROLL, bytes(option.data))
    if option.data is None:
        return (FAIL, None)
    aside, colour, face = option.data
    return (FAIL, aside, colour * NFACES + face if colour >= 0 else -1)


def action_values(adv, aside, options, actions) -> dict:
    """{action: value} of the game's legal `actions` at a roll of adventure `adv`, from advice's
    `options` for that roll (see the module docstring); `aside` is the colour set aside while a keep
    is asked (table.Table.aside), else -1. Actions the solver does not model get no entry."""
    return keyed_action_values(adv, aside, keyed_options(options), actions)


def keyed_options(options) -> list:
    """[(option_key, value)] of advice's options, in their order: all that action_values and the
    solver bot read of them (the form the store of solved tables keeps advice in)."""
    return [(option_key(o), o.value) for o in options]


def keyed_action_values(adv, aside, keyed, actions) -> dict:
    """action_values from keyed_options' pairs."""
    by_key = {}
    fails = []
    for key, value in keyed:
        by_key.setdefault(key, value)
        if key[0] == FAIL and key[1] is not None:
            fails.append((key[1], key[2], value))
    out = {}
    slots = None
    for a in actions:
        kind = a - (a & A_ARG_MASK) if a >= G_BASE else -1
        arg = a & A_ARG_MASK
        if a == A_GIVEUP:
            out[a] = 0
        elif ACT_REROLL <= a < G_BASE:
            # a reroll's dice from its mask (a bit per rolled die): the die code of every bit once
            # per roll, instead of adventure.rerolled_dice's walk over all the dice per action
            if slots is None:
                roll = adv.roll_counts
                slots = [d for d in range(NDICE) for _ in range(roll[d])]
            dice = bytearray(NDICE)
            mask = a - ACT_REROLL
            while mask:
                low = mask & -mask
                dice[slots[low.bit_length() - 1]] += 1
                mask ^= low
            v = by_key.get((REROLL, bytes(dice)))
            if v is not None:
                out[a] = v
        elif a < G_BASE:
            v = by_key.get(action_key(adv, a))
            if v is not None:
                out[a] = v
        elif kind == A_HOLD:
            v = by_key.get((HOLD, arg & 31))
            if v is not None:
                out[a] = v
        elif kind == A_FAIL:
            best = [v for _, _, v in fails] or [by_key.get((FAIL, None))]
            if best[0] is not None:
                out[a] = max(best)
        elif kind == A_ASIDE:
            vals = [v for colour, _, v in fails if colour == arg]
            if vals:
                out[a] = max(vals)
        elif kind == A_KEEP or kind == A_ASK:
            die = (arg - 1 if arg else -1) if kind == A_KEEP else arg & 31
            v = by_key.get((FAIL, aside, die))
            if v is not None:
                out[a] = v
    return out


class Advisor:
    """Exact odds for a game in play, from one backend's solvers (see the module docstring)."""

    def __init__(self, backend):
        self.backend = backend
        self._solvers: dict = {}

    def solver(self, card, terror, sanity, stamina):
        key = (format_card(card), terror, sanity, stamina)
        s = self._solvers.get(key)
        if s is None:
            if len(self._solvers) > 64:
                self._solvers.clear()
            s = self.backend.make_solver(card, terror, sanity, stamina)
            self._solvers[key] = s
        return s

    def options(self, q: Question):
        """advice.advise for a question: every option, best first (what `eldritch advise` lists)."""
        solver = self.solver(q.card, q.terror, q.sanity, q.stamina)
        sit = Situation(0, False, False, q.focus, q.spells, q.clues, q.terror, q.sanity, q.stamina)
        return advise(solver, bytearray(q.roll), sit, bytearray(q.held), q.done)

    def decision_values(self, game, actions) -> dict:
        """{action: value} for the legal actions at an adventure decision ({} elsewhere): see the
        module docstring."""
        tb = gametable.snapshot(game)
        q = question(game)
        if q is None:
            return {}
        adv = tb.attempt.adventure
        out = action_values(adv, tb.aside, self.options(q), actions)
        free = [a for a in actions if a >= G_BASE and a - (a & A_ARG_MASK) == A_FREEROLL]
        if free:
            more = Question(q.card, q.terror, q.roll, q.held, q.done, q.focus, q.spells,
                            min(adv.uses()[2] + 1, MAX_USES), q.sanity, q.stamina)
            rerolls = {option_key(o): o.value for o in self.options(more) if o.kind == REROLL}
            for a in free:
                v = rerolls.get(action_key(adv, ACT_REROLL + (a & A_ARG_MASK)))
                if v is not None:
                    out[a] = v
        return out

    def roll_value(self, game) -> int | None:
        """Before a roll in an adventure: the odds of completing the card from here, else None."""
        adv = _adventure(game)
        if adv is None or adv.phase() != P_ROLL or any(adv.kept):
            return None
        solver = self.solver(adv.card, adv.sit[6], adv.sit[7], adv.sit[8])
        state = solver.state_index(adv.done_mask())
        held = _held_reps(solver, adv.held)
        focus, spells, clues = (min(u, MAX_USES) for u in adv.uses())
        g = adv.pool_dice(GREEN)
        y = adv.pool_dice(YELLOW)
        r = adv.pool_dice(RED)
        return solver.values((g, y, r, held, focus, spells, clues))[state]

    def move_odds(self, game) -> dict:
        """{slot: value} of each card on the board for the active investigator now (move phase)."""
        tb = gametable.snapshot(game)
        if tb.phase != "move" or tb.over:
            return {}
        me = tb.seats[tb.active_seat]
        if me.inv == NONE:
            return {}
        green = tb.free_dice[GREEN]
        yellow = 1 if tb.item_dice[0] and tb.free_dice[YELLOW] else 0
        red = 1 if tb.item_dice[1] and tb.free_dice[RED] else 0
        spells = min(me.hold_spells, 4)
        clues = min(me.clues, 4)
        sanity = min(me.sanity, 20)
        stamina = min(me.stamina, 20)
        out = {}
        for v in tb.slots:
            helpers = gametable.helpers_on(game, v.slot)
            focus = min((0 if tb.focus_used else 1) + min(helpers, 3), 4)
            solver = self.solver(v.adventure.card, v.terror, sanity, stamina)
            held = tuple(sorted(solver.rep[d & 7] for d, _, _ in tb.spell_dice))
            out[v.slot] = solver.values((green, yellow, red, held, focus, spells, clues))[solver.full_state]
        return out

    # ----- hints in words ---------------------------------------------------------------------

    def best_move(self, game):
        """(slot, value) of the card the move-phase hint names (best odds, then the lowest slot)."""
        odds = self.move_odds(game)
        if not odds:
            return None
        best = max(odds, key=lambda s: (odds[s], -s))
        return best, odds[best]

    def hint(self, game, choices) -> str:
        """The best option and why, in words (choices: objects with action, text, value)."""
        tb = gametable.snapshot(game)
        if tb.phase == "move":
            odds = self.move_odds(game)
            if not odds:
                return "no card in reach"
            best = max(odds, key=lambda s: (odds[s], -s))
            name = [v.name for v in tb.slots if v.slot == best][0]
            ranked = sorted(odds.values(), reverse=True)
            text = "Best odds: %s (slot %d), %s%% to complete it with the dice, focus, spells and clues you have" % (
                name, best + 1, percent_text(odds[best]))
            if len(ranked) > 1:
                text += "; the next best card is at %s%%" % percent_text(ranked[1])
            return text + ". Rewards and penalties matter too: the odds only say how likely you are to finish."
        valued = [c for c in choices if c.value is not None]
        if not valued:
            value = self.roll_value(game)
            if value is not None:
                return "Roll: from here you complete this card %s%% of the time with best play." % percent_text(value)
            return "No odds for this decision: the solver answers adventure rolls and the move phase."
        ranked = sorted(valued, key=lambda c: (-c.value, cost(c.action)))
        best = ranked[0]
        text = "Best: %s, %s%% to complete the card from there with best play after it" % (
            best.text, percent_text(best.value))
        if len(ranked) > 1:
            second = ranked[1]
            if second.value == best.value:
                text += "; %s is just as good" % second.text
            else:
                text += "; the next best (%s) gives %s%%" % (second.text, percent_text(second.value))
        return text + ". " + _why(best)


def cost(action: int) -> int:
    """What an option spends: 1 for a clue's reroll or a spell's hold, else 0 (ties go to the cheaper)."""
    if ACT_REROLL <= action < ACT_REROLL * 2:
        return 1
    if action >= G_BASE and action - (action & A_ARG_MASK) == A_HOLD:
        return 1
    return 0


def best_action(values: dict, legal: list):
    """The best valued legal action: the highest value, then the cheapest, then the first listed
    (None when nothing is valued)."""
    best = None
    for i, a in enumerate(legal):
        v = values.get(a)
        if v is None:
            continue
        key = (v, -cost(a), -i)
        if best is None or key > best[0]:
            best = (key, a)
    return None if best is None else best[1]


def _why(choice) -> str:
    t = choice.text
    if t.startswith("complete task"):
        return "Completing a task now banks it: the dice it uses are gone, the rest roll again."
    if t.startswith("reroll"):
        return "Nothing here is worth keeping as it is: a clue rerolls the dice that help least."
    if t.startswith("hold"):
        return "A spell keeps that die's face for a later task while the others roll again."
    if "focus" in t or t.startswith("ask ") or t.startswith("set aside"):
        return "No task fits this roll: fail it, losing the least useful die, and focus the face you will need."
    if t.startswith("fail"):
        return "No task fits this roll: fail it and lose the least useful die."
    return ""


def _held_reps(solver, held):
    out = []
    for c in (GREEN, YELLOW, RED):
        for f in range(NFACES):
            out.extend([solver.rep[f]] * held[c * NFACES + f])
    return tuple(sorted(out))

