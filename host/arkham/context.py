"""What an Arkham Horror decision or roll is about, with its exact odds from the kernel's odds module
(kernel/arkham/odds.py: the same numbers as `eldritch arkham odds` and the handheld's odds screens).

    odds, note = option_odds(game, action)     # "win 72.34%", "sanity check passes 66.67%" ("" when none)
    words = roll_words(game)                   # at a chance node: "attack roll, D6 + 3 against strength 4: ..."
    lines = pick_lines(game)                   # the investigators left to pick, with their sheets

- fight a monster: the chance to win the fight to its end (each exchange with the best items the
  investigator can use against it with no roll first; a monster's strength printed N+D6 rolled at
  each attack) and, when one is due, the sanity check's chance to pass (a loss printed with dice);
- the items to fight with: that attack's chance to hit (each spell that is cast with a roll weighed
  by its casting chance), and the fight's to the end with them; against a gate, the chance to close it;
- sneak past: the stealth check; attack a gate: the chance to close it with the best items; a
  spell that binds a monster, an Elder Sign or the Blue Watcher: certain, no roll (and its cost);
- a roll about to be made (the news and the log say it before its result): what it is against and
  its chance.

Percentages are the kernel's hundredths rounded half up once (`odds.percent100`), written "72.34%".
"""

from __future__ import annotations

from eldritch.kernel.arkham import odds
from eldritch.kernel.arkham.game import text, defs as D
from eldritch.kernel.arkham.game.board import (NONE, SPECIAL_HOUND, SKILL_STEALTH, RANDOM_ITEM, DECK_NAMES,
                                               MAX_START_ITEMS, MAX_SKILLS, SP_BIND)
from eldritch.kernel.arkham.game.cards import CAST_LOADOUT, CAST_MISTS, CAST_USE
from eldritch.kernel.arkham.game import cards, combat, meetings, state

LOADOUT_MASKS = 256


def percent(num: int, den: int) -> str:
    """An exact chance as the screen shows it: hundredths rounded half up once ("72.34%")."""
    whole, frac = divmod(odds.percent100(num, den), 100)
    return "%d.%02d%%" % (whole, frac)


def _hound(g, m) -> bool:
    return bool(g.board.k_special[g.board.mon_kind[m]] & SPECIAL_HOUND)


def cast_bits(g, seat, mask) -> int:
    """The slots of mask holding a spell that is cast with a roll (items.tsv 'cast')."""
    b = g.board
    bits = 0
    for k in range(D.MAX_POSS):
        c = g.poss[seat * D.MAX_POSS + k]
        if mask & (1 << k) and c != NONE and b.i_cast[b.card_kind[c]] != NONE:
            bits |= 1 << k
    return bits


def best_bonus(g, seat, kind, gate) -> int:
    """The highest bonus a legal choice of items gives seat against monster kind `kind` (or a gate)
    with no roll to make first (a spell that must be cast may add nothing)."""
    best = None
    for mask in range(LOADOUT_MASKS):
        if combat.loadout_ok(g, seat, mask) and not cast_bits(g, seat, mask):
            bonus = combat.loadout_bonus(g, seat, mask, kind, gate)
            if best is None or bonus > best:
                best = bonus
    return best if best is not None else combat.loadout_bonus(g, seat, 0, kind, gate)


def can_cast_more(g, seat) -> bool:
    """Some legal choice of items holds a spell that is cast with a roll."""
    return any(combat.loadout_ok(g, seat, mask) and cast_bits(g, seat, mask) for mask in range(LOADOUT_MASKS))


def fight_odds(g, seat, m, bonus):
    """(win, knocked out, den) of a fight to its end against monster m with this bonus each exchange
    (its printed strength's dice rolled at each attack)."""
    b = g.board
    k = b.mon_kind[m]
    win, ko, _, _, den = odds.fight(bonus, b.k_strength[k], max(g.sta[seat], 1), 0, _hound(g, m), b.k_str_dice[k])
    return win, ko, den


def sanity_level(g, seat) -> int:
    return g.maxsan[seat] if g.house & D.HR_SANITY_CHECK_MAX else g.san[seat]


def sanity_odds(g, seat, m):
    """(pass, insane, den) of the sanity check against monster m (a loss printed with dice rolled)."""
    b = g.board
    k = b.mon_kind[m]
    ok, insane, _, den = odds.sanity_check(sanity_level(g, seat), b.k_san_pass[k], b.k_san_fail[k],
                                           max(g.san[seat], 1), b.k_pass_dice[k], b.k_fail_dice[k])
    return ok, insane, den


def loadout_hit(g, seat, mask, gate):
    """(num, den) of the attack (or the closing attempt) with these items: every spell of them that is
    cast with a roll either works (its bonus counts) or not, each way weighed by its casting chance."""
    b = g.board
    kind = 0 if gate else b.mon_kind[g.target]
    spells = cast_bits(g, seat, mask)
    fixed = combat.loadout_bonus(g, seat, mask & ~spells, kind, gate)
    parts = []                             # (cast faces out of 6, bonus) of each spell to cast
    for k in range(D.MAX_POSS):
        if spells & (1 << k):
            card = b.card_kind[g.poss[seat * D.MAX_POSS + k]]
            parts.append((odds.faces_at_most(cards.cast_level(g, seat, card)), combat.card_bonus(g, card, kind, gate)))
    num = 0
    den = 0
    for works in range(1 << len(parts)):
        weight = 1
        bonus = fixed
        for i, (faces, extra) in enumerate(parts):
            if works >> i & 1:
                weight *= faces
                bonus += extra
            else:
                weight *= 6 - faces
        if gate:
            n, d = odds.close_gate(bonus, b.gate_diff[g.gate_at[g.pos[seat]]], 1)
        else:
            n, d = odds.hit_chance(bonus, b.k_strength[kind], b.k_str_dice[kind])
        num += weight * n
        den = d
    return num, den * 6 ** len(parts)


def option_odds(g, action) -> tuple:
    """(odds, note) of one legal action at a decision ("" when it has none)."""
    kind = action & ~D.ARG_MASK
    arg = action & D.ARG_MASK
    b = g.board
    if kind == D.K_FIGHT:
        seat = g.seat
        win, _, den = fight_odds(g, seat, arg, best_bonus(g, seat, b.mon_kind[arg], False))
        notes = []
        if meetings.need_check(g, seat, arg, True):
            ok, _, sden = sanity_odds(g, seat, arg)
            notes.append("sanity check first: passes %s" % percent(ok, sden))
        if can_cast_more(g, seat):
            notes.append("spells cast with a roll not counted")
        return "win %s" % percent(win, den), "; ".join(notes)
    if kind == D.K_LOADOUT and g.step == D.ST_LOADOUT:
        seat = combat.fighter(g)
        gate = g.purpose == D.PU_CLOSE
        num, den = loadout_hit(g, seat, arg, gate)
        if gate:
            return "closes %s" % percent(num, den), ""
        if cast_bits(g, seat, arg):
            return "hit %s" % percent(num, den), "spells cast first"
        win, _, fden = fight_odds(g, seat, g.target, combat.loadout_bonus(g, seat, arg, b.mon_kind[g.target], False))
        return "hit %s" % percent(num, den), "fight won %s" % percent(win, fden)
    if kind == D.K_SNEAK:
        num, den = odds.stealth(state.skill_of(g, g.seat, SKILL_STEALTH))
        return "passes %s" % percent(num, den), ""
    if kind == D.K_CLOSE:
        seat = g.seat
        num, den = odds.close_gate(best_bonus(g, seat, 0, True), b.gate_diff[g.gate_at[g.pos[seat]]], 1)
        return "closes %s" % percent(num, den), "with your best items"
    if kind == D.K_BIND:
        seat = combat.fighter(g) if g.step == D.ST_LOADOUT else g.seat
        k = state.has_special(g, seat, SP_BIND)
        if k < 0:
            return "", ""
        card = b.card_kind[g.poss[seat * D.MAX_POSS + k]]
        cost = b.i_cost[card]
        level = cards.cast_level(g, seat, card)
        paid = "; the spell costs %d sanity" % cost if cost else ""
        if level == NONE:
            return "certain", "no roll" + paid
        return "casts %s" % percent(odds.faces_at_most(level), 6), "at most %d to cast%s" % (level, paid)
    if kind in (D.K_SEAL, D.K_WATCHER):
        return "certain", "no roll"
    return "", ""


def roll_words(g) -> str:
    """At a chance node: what the roll is, what it is against and its chance ("" for the others)."""
    st = g.step
    b = g.board
    if st == D.CH_FOE:
        m = g.target
        k = b.mon_kind[m]
        num, den = odds.hit_chance(g.bonus, b.k_strength[k], b.k_str_dice[k])
        return "%s's strength roll (%s), then D6 + %d: %s to hit" % (
            text.monster_name(g, m), b.strength_text(k), g.bonus, percent(num, den))
    if st == D.CH_ATTACK:
        m = g.target
        hit = odds.hit_faces(g.bonus, g.foe_str)
        return "attack roll, D6 + %d against %s's strength %d: %s to hit" % (
            g.bonus, text.monster_name(g, m), g.foe_str, percent(hit, 6))
    if st == D.CH_CLOSE:
        diff = b.gate_diff[g.gate_at[g.pos[g.seat]]]
        num, den = odds.close_gate(g.bonus, diff, 1)
        return "closing roll, D6 + %d against difficulty %d: %s to close" % (g.bonus, diff, percent(num, den))
    if st == D.CH_STEALTH:
        skill = state.skill_of(g, g.seat, SKILL_STEALTH)
        num, den = odds.stealth(skill)
        return "stealth roll, at most %d to pass: %s" % (skill, percent(num, den))
    if st == D.CH_SANITY:
        seat, m = g.check_seat, g.check_m
        k = b.mon_kind[m]
        ok, _, den = sanity_odds(g, seat, m)
        return "sanity check against %s, at most %d to pass (SAN %s): %s" % (
            text.monster_name(g, m), sanity_level(g, seat), b.sanity_text(k), percent(ok, den))
    if st == D.CH_TEST:
        level = g.test_level
        num = odds.faces_at_most(level)
        return "skill test, at most %d to pass: %s" % (level, percent(num, 6))
    if st == D.CH_CAST:
        card = casting_card(g)
        if card is None:
            return ""
        level = cards.cast_level(g, g.cast_seat, card)
        return "casting roll for %s, at most %d to cast: %s" % (b.item_names[card], level,
                                                             percent(odds.faces_at_most(level), 6))
    return ""


def casting_card(g):
    """The card kind whose casting roll is pending (CH_CAST), or None."""
    b = g.board
    seat = g.cast_seat
    if g.cast_for == CAST_LOADOUT:
        for k in range(D.MAX_POSS):
            if g.cast_mask & (1 << k):
                return b.card_kind[g.poss[seat * D.MAX_POSS + k]]
        return None
    if g.cast_for in (CAST_MISTS, CAST_USE):
        slot = g.cast_arg
    else:
        slot = state.has_special(g, seat, SP_BIND)
    c = g.poss[seat * D.MAX_POSS + slot] if slot >= 0 else NONE
    return b.card_kind[c] if c != NONE else None


def pick_lines(g) -> list:
    """(name, sheet words) of every investigator a seat may still pick."""
    b = g.board
    taken = {g.seat_inv[s] for s in range(g.players)}
    out = []
    for i in range(b.ninv):
        if i in taken:
            continue
        skills = ["%s %d" % (b.skill_names[k], b.inv_skill[i * MAX_SKILLS + k])
                  for k in range(2, len(b.skill_names)) if b.inv_skill[i * MAX_SKILLS + k]]
        items = []
        for k in range(MAX_START_ITEMS):
            it = b.inv_items[i * MAX_START_ITEMS + k]
            if it == NONE:
                continue
            items.append("a random %s" % DECK_NAMES[it - RANDOM_ITEM] if it >= RANDOM_ITEM else b.item_names[it])
        words = "sanity %d  strength %d  fight %d  stealth %d  $%d  starts at %s" % (
            b.inv_sanity[i], b.inv_strength[i], b.inv_fight[i], b.inv_stealth[i], b.inv_money[i],
            b.space_names[b.inv_start[i]])
        extra = []
        if items:
            extra.append("cards: " + ", ".join(items))
        if skills:
            extra.append("skills: " + ", ".join(skills))
        if b.inv_split[i]:
            extra.append("divides %d points between sanity and strength" % b.inv_split[i])
        out.append((b.inv_names[i], words, "; ".join(extra)))
    return out
