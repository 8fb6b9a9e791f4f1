"""What an Arkham Horror decision or roll is about, with its exact odds from the kernel's odds module
(kernel/arkham/odds.py: the same numbers as `eldritch arkham odds` and the handheld's odds screens).

    odds, note = option_odds(game, action)     # "win 72.34%", "sanity check passes 66.67%" ("" when none)
    words = roll_words(game)                   # at a chance node: "attack roll, D6 + 3 against strength 4: ..."
    lines = pick_lines(game)                   # the investigators left to pick, with their sheets

- fight a monster: the chance to win the fight to its end (each exchange with the best items the
  investigator can use against it) and, when one is due, the sanity check's chance to pass;
- the items to fight with: that attack's chance to hit, and the fight's to the end with them;
  against a gate, the chance to close it;
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
                                               MAX_START_ITEMS, MAX_SKILLS)

LOADOUT_MASKS = 256


def percent(num: int, den: int) -> str:
    """An exact chance as the screen shows it: hundredths rounded half up once ("72.34%")."""
    whole, frac = divmod(odds.percent100(num, den), 100)
    return "%d.%02d%%" % (whole, frac)


def _hound(g, m) -> bool:
    return bool(g.board.k_special[g.board.mon_kind[m]] & SPECIAL_HOUND)


def best_bonus(g, seat, kind, gate) -> int:
    """The highest bonus a legal choice of items gives seat against monster kind `kind` (or a gate)."""
    best = None
    for mask in range(LOADOUT_MASKS):
        if g.loadout_ok(seat, mask):
            bonus = g.loadout_bonus(seat, mask, kind, gate)
            if best is None or bonus > best:
                best = bonus
    return best if best is not None else g.loadout_bonus(seat, 0, kind, gate)


def fight_odds(g, seat, m, bonus):
    """(win, knocked out, den) of a fight to its end against monster m with this bonus each exchange."""
    b = g.board
    win, ko, _, _, den = odds.fight(bonus, b.k_strength[b.mon_kind[m]], max(g.sta[seat], 1), 0, _hound(g, m))
    return win, ko, den


def sanity_level(g, seat) -> int:
    return g.maxsan[seat] if g.house & D.HR_SANITY_CHECK_MAX else g.san[seat]


def sanity_odds(g, seat, m):
    """(pass, insane, den) of the sanity check against monster m."""
    k = g.board.mon_kind[m]
    ok, insane, _, den = odds.sanity_check(sanity_level(g, seat), g.board.k_san_pass[k], g.board.k_san_fail[k],
                                           max(g.san[seat], 1))
    return ok, insane, den


def option_odds(g, action) -> tuple:
    """(odds, note) of one legal action at a decision ("" when it has none)."""
    kind = action & ~D.ARG_MASK
    arg = action & D.ARG_MASK
    b = g.board
    if kind == D.K_FIGHT:
        seat = g.seat
        win, _, den = fight_odds(g, seat, arg, best_bonus(g, seat, b.mon_kind[arg], False))
        note = ""
        if g.need_check(seat, arg, True):
            ok, _, sden = sanity_odds(g, seat, arg)
            note = "sanity check first: passes %s" % percent(ok, sden)
        return "win %s" % percent(win, den), note
    if kind == D.K_LOADOUT and g.step == D.ST_LOADOUT:
        seat = g.fighter()
        if g.purpose == D.PU_CLOSE:
            bonus = g.loadout_bonus(seat, arg, 0, True)
            num, den = odds.close_gate(bonus, b.gate_diff[g.gate_at[g.pos[seat]]], 1)
            return "closes %s" % percent(num, den), ""
        m = g.target
        bonus = g.loadout_bonus(seat, arg, b.mon_kind[m], False)
        win, _, den = fight_odds(g, seat, m, bonus)
        return "hit %s" % percent(odds.hit_faces(bonus, b.k_strength[b.mon_kind[m]]), 6), \
            "fight won %s" % percent(win, den)
    if kind == D.K_SNEAK:
        num, den = odds.stealth(g.skill_of(g.seat, SKILL_STEALTH))
        return "passes %s" % percent(num, den), ""
    if kind == D.K_CLOSE:
        seat = g.seat
        num, den = odds.close_gate(best_bonus(g, seat, 0, True), b.gate_diff[g.gate_at[g.pos[seat]]], 1)
        return "closes %s" % percent(num, den), "with your best items"
    if kind == D.K_BIND:
        seat = g.fighter() if g.step == D.ST_LOADOUT else g.seat
        k = g.bind_slot(seat)
        cost = b.i_cost[b.card_kind[g.poss[seat * D.MAX_POSS + k]]] if k >= 0 else 0
        return "certain", "no roll; the spell costs %d sanity" % cost if cost else "no roll"
    if kind in (D.K_SEAL, D.K_WATCHER):
        return "certain", "no roll"
    return "", ""


def roll_words(g) -> str:
    """At a chance node: what the roll is, what it is against and its chance ("" for the others)."""
    st = g.step
    b = g.board
    if st == D.CH_ATTACK:
        m = g.target
        strength = b.k_strength[b.mon_kind[m]]
        hit = odds.hit_faces(g.bonus, strength)
        return "attack roll, D6 + %d against %s's strength %d: %s to hit" % (
            g.bonus, text.monster_name(g, m), strength, percent(hit, 6))
    if st == D.CH_CLOSE:
        diff = b.gate_diff[g.gate_at[g.pos[g.seat]]]
        num, den = odds.close_gate(g.bonus, diff, 1)
        return "closing roll, D6 + %d against difficulty %d: %s to close" % (g.bonus, diff, percent(num, den))
    if st == D.CH_STEALTH:
        skill = g.skill_of(g.seat, SKILL_STEALTH)
        num, den = odds.stealth(skill)
        return "stealth roll, at most %d to pass: %s" % (skill, percent(num, den))
    if st == D.CH_SANITY:
        seat, m = g.check_seat, g.check_m
        k = b.mon_kind[m]
        ok, _, den = sanity_odds(g, seat, m)
        return "sanity check against %s, at most %d to pass (SAN %d/%d): %s" % (
            text.monster_name(g, m), sanity_level(g, seat), b.k_san_pass[k], b.k_san_fail[k], percent(ok, den))
    if st == D.CH_TEST:
        level = g.test_level
        num = odds.faces_at_most(level)
        return "skill test, at most %d to pass: %s" % (level, percent(num, 6))
    return ""


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
