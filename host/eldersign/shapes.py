"""Elder Sign's decisions shaped for people, from the game's legal actions (never changed):

- at a roll: one option per task that the roll completes (the dice are placed for you: the best way
  first; a sub-menu when there are other ways), "reroll dice with a clue" and an ability's free
  reroll as toggles over the roll's dice (the best set chosen to start with; confirm with Enter), a
  spell's hold as a sub-menu of the dice it can hold, then failing the roll (the game then asks
  which die to set aside and which to keep: one step each), cards and abilities;
- at the move phase: each card in reach with its odds of being completed;
- elsewhere the game's own question, its options as they are (fitted to the keys 1-9).

    shape = decision(game, legal, values, advised, move_odds)

`values` {action: fixed-point odds} and `advised` (the action Enter takes) come from the adapter
(frontend.py): the advisor's best when hints are on, else the bot's choice.
"""

from __future__ import annotations

from eldritch.frontend.model import Combo
from eldritch.frontend.shapes import Leaf, menu_of, toggle_of
from eldritch.kernel.eldersign.adventure import ACT_HOLD, ACT_REROLL, ACT_ROLL, NDICE
from eldritch.kernel.eldersign.dice import NFACES
from eldritch.kernel.eldersign.game.machine import A_MOVE, A_HOLD, A_FREEROLL, A_ARG_MASK, G_BASE
from eldritch.kernel.eldersign.game import text as gametext, table as gametable
from eldritch.kernel.eldersign.notation import format_roll, format_task
from eldritch.eldersign.render import percent, complete_text, why_not

COLOURS = ("green", "yellow", "red")


def kind_of(a: int) -> int:
    return a - (a & A_ARG_MASK) if a >= G_BASE else -1


def is_clue_reroll(a: int) -> bool:
    return ACT_REROLL <= a < ACT_ROLL


def _die_text(d) -> str:
    counts = bytearray(3 * NFACES)
    counts[d] = 1
    return format_roll(counts)


def roll_dice(adv):
    """The roll's dice in the order reroll masks number them: (items, groups)."""
    items, groups = [], []
    for d in range(NDICE):
        for _ in range(adv.roll_counts[d]):
            items.append((_die_text(d), COLOURS[d // NFACES]))
            groups.append(d)
    return items, groups


def mask_items(mask: int) -> frozenset:
    return frozenset(i for i in range(32) if mask >> i & 1)


def _odds(values, a):
    v = values.get(a)
    return ("", None) if v is None else (percent(v), v)


def _reroll_toggle(game, adv, acts, values, advised, prompt, offset):
    items, groups = roll_dice(adv)
    combos = []
    for a in acts:
        odds, value = _odds(values, a)
        label = gametext.action_text(game, a)
        combos.append(Combo(mask_items(a - offset), a, label, odds, value, a == advised))
    return toggle_of(prompt, items, combos, "reroll", groups)


def decision(game, legal, values, advised, move_odds):
    """The decision shape of the seat to act (see the module docstring)."""
    tb = gametable.snapshot(game)
    seat = gametext.acting_seat(game)
    who = gametext.seat_text(game, seat)
    question = gametext.question(game)
    prompt = "%s: %s" % (who, question or gametext.phase_name(game) + " phase")
    adv = tb.attempt.adventure if tb.attempt is not None else None
    leaves = []
    clue, free = [], []
    for a in legal:
        kind = kind_of(a)
        if adv is not None and kind == -1 and is_clue_reroll(a):
            clue.append(a)
            continue
        if adv is not None and kind == A_FREEROLL:
            free.append(a)
            continue
        odds, value = _odds(values, a)
        text = gametext.action_text(game, a)
        leaf = Leaf(text, a, odds=odds, value=value, advised=a == advised)
        if adv is not None and kind == -1 and a < ACT_HOLD:
            t = a >> 8
            leaf.group = ("task", t)
            leaf.group_label = "complete task %d (%s)" % (t + 1, format_task(adv.card.tasks[t]))
            leaf.label = text.split(") ", 1)[-1] if ") " in text else text      # "with I3 L"
        elif kind == A_HOLD:
            card = text.split(" with ", 1)[-1]
            leaf.group = ("hold", a >> 5 & 0x7FF)
            leaf.group_label = "hold a die with %s" % card
        elif kind == A_MOVE and move_odds:
            slot = (a & A_ARG_MASK) - 1
            if slot in move_odds:
                leaf.value = move_odds[slot]
                if leaf.value > 0:
                    leaf.odds = complete_text(tb, slot, leaf.value)
                    leaf.note = "to complete"
                else:
                    leaf.odds = "0%"
                    leaf.note = "cannot be completed: " + why_not(tb, slot)
        leaves.append(leaf)
    _task_groups_first(leaves)
    if clue:
        t = _reroll_toggle(game, adv, clue, values, advised, "reroll with a clue: choose the dice to roll again",
                           ACT_REROLL)
        leaves.append(_toggle_leaf("reroll dice with a clue", t, clue, advised))
    if free:
        name = gametext.inv_name(game, game._seats.inv[tb.active_seat]) if tb.active_seat >= 0 else "ability"
        t = _reroll_toggle(game, adv, free, values, advised,
                           "%s's ability: choose the dice to reroll free" % name, A_FREEROLL)
        leaves.append(_toggle_leaf("%s's ability: reroll dice free" % name, t, free, advised))
    _order_for_roll(leaves)
    return menu_of(prompt, leaves, group_always=adv is not None)


def _toggle_leaf(label, toggle, acts, advised):
    best = [c for c in toggle.combos if c.value is not None]
    top = max(best, key=lambda c: c.value) if best else None
    return Leaf(label, None, odds=top.odds if top else "", value=top.value if top else None,
                advised=advised in acts, then=toggle, note="%d dice" % len(toggle.items))


def _task_groups_first(leaves):
    """A task completed in one way only is one option named after its task and dice."""
    counts = {}
    for l in leaves:
        if l.group is not None and l.group[0] == "task":
            counts[l.group] = counts.get(l.group, 0) + 1
    for l in leaves:
        if l.group is not None and l.group[0] == "task" and counts[l.group] == 1:
            l.label = "%s %s" % (l.group_label, l.label)


def _order_for_roll(leaves):
    """Completions first, then rerolls, holds, failing, the rest (stable within each)."""
    def rank(l):
        if l.group is not None and l.group[0] == "task":
            return 0
        if l.then is not None:
            return 1
        if l.group is not None and l.group[0] == "hold":
            return 2
        return 3
    leaves.sort(key=rank)
