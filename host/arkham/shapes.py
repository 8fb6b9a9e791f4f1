"""Arkham Horror's decisions shaped for people, from the legal actions (never changed): when they do
not fit the keys 1-9, a taxi's or a free move's destinations, the investigators to pick, the cards
to give up, the monsters to fight or bind become sub-menus; a roll typed in by the table is two
keys (its range, then the roll); choosing the items to fight with is a toggle over the
investigator's cards (every legal combination, the advised one chosen to start with). Fights,
sneaks, the items chosen and gate closing carry their exact odds (context.py); a roll the table
types in names what it is against and its chance in the prompt.

    shape = decision(adapter, seat, legal, advised)      # advised: the action Enter takes, or None
"""

from __future__ import annotations

from eldritch.frontend.model import Combo
from eldritch.frontend.shapes import Leaf, menu_of, toggle_of
from eldritch.arkham.context import option_odds, roll_words
from eldritch.kernel.arkham.game import text, defs as D
from eldritch.kernel.surface import CHANCE

GROUPS = {D.K_TAXI: "take a taxi ($1)...", D.K_DEST: "ride to...", D.K_PICK: "pick an investigator...",
          D.K_DISCARD: "give up a card...", D.K_OUTCOME: "type the roll...", D.K_FIGHT: "fight...",
          D.K_BIND: "cast Bind Monster...", D.K_RETURN: "come back through a gate...", D.K_ORIENT: "turn the monster..."}


def decision(adapter, seat, legal, advised):
    g = adapter.state
    chance = g.current_player() == CHANCE
    leaves = []
    loadouts = []
    outcomes = [x & D.ARG_MASK for x in legal if x & ~D.ARG_MASK == D.K_OUTCOME]
    for a in legal:
        kind = a & ~D.ARG_MASK
        if kind == D.K_LOADOUT:
            loadouts.append(a)
            continue
        leaf = Leaf(adapter.action_text(a), a, advised=a == advised)
        if not chance:
            leaf.odds, leaf.note = option_odds(g, a)
        if kind == D.K_OUTCOME and g.step == D.CH_DRAW:
            leaf.group = (kind,)
            leaf.group_label = "the table drew..."
        elif kind == D.K_OUTCOME and g.step != D.CH_COIN:
            if len(outcomes) > 7:                  # 2D6: two ranges, a key for the range, one for the roll
                lo, hi = outcomes[0], outcomes[-1]
                mid = (lo + hi) // 2
                first = (a & D.ARG_MASK) <= mid
                leaf.group = (kind, first)
                leaf.group_label = "the roll is %d to %d..." % ((lo, mid) if first else (mid + 1, hi))
        elif kind in GROUPS:
            leaf.group = (kind,)
            leaf.group_label = GROUPS[kind]
        leaves.append(leaf)
    if len(loadouts) > 1:
        leaves.insert(0, Leaf("choose the items to use...", None, advised=advised in loadouts,
                              then=loadout_toggle(adapter, loadouts, advised)))
    elif loadouts:
        leaves.insert(0, Leaf(adapter.action_text(loadouts[0]), loadouts[0], advised=loadouts[0] == advised))
    who = text.seat_name(g, seat) if seat is not None else "the table"
    step = "type in the %s" % D.STEP_NAMES.get(g.step, "roll") if chance else D.STEP_NAMES.get(g.step, "decide")
    about = roll_words(g) if chance else ""
    return menu_of("%s: %s%s" % (who, step, " (%s)" % about if about else ""), leaves, group_always=chance)


def loadout_toggle(adapter, loadouts, advised):
    g = adapter.state
    seat = g.check_seat if g.purpose == D.PU_COUNTER else g.seat
    bits = sorted({k for a in loadouts for k in range(8) if (a & D.ARG_MASK) >> k & 1})
    items = []
    for k in bits:
        if (1 << k) == D.BOUND_BIT:
            items.append(("the bound monster", "warn"))
        else:
            items.append((text.card_name(g, g.poss[seat * D.MAX_POSS + k]), ""))
    combos = []
    for a in loadouts:
        mask = a & D.ARG_MASK
        chosen = frozenset(i for i, k in enumerate(bits) if mask >> k & 1)
        chance, note = option_odds(g, a)
        combos.append(Combo(chosen, a, adapter.action_text(a), odds=", ".join(x for x in (chance, note) if x),
                            advised=a == advised))
    return toggle_of("the items to use (toggle, then Enter)", items, combos, "fight")
