"""Elder Sign on screen: the table snapshot (kernel/eldersign/game/table.py, everything a player at
the table sees: the game is cooperative) as a frontend Screen.

    screen = render(game, last_roll, bots, move_odds, roll_value)

- status: the Ancient One, doom and elder sign tracks, clock or final battle, turn, mythos, locks;
- the adventures panel: every slot (Other Worlds apart) with its full notation, tasks done, reward,
  penalty, terror effect, midnight effect, monsters, who is there, lock icon, and at the move phase
  the odds of completing it (a card no roll can complete says why);
- the investigators panel: stats, where, cards, ability (in words);
- at the pick, every investigator that can be taken: sanity, stamina, what they start with, ability;
- the focus (beside the choices): the adventure or attack under way (card, reward, penalty, pool,
  roll, held and locked dice, uses left, odds from here), or the move with the best card in reach.

Every line is words; symbols are never cut (the front end wraps at spaces).
"""

from __future__ import annotations

from eldritch.frontend.model import Screen, Panel, Line
from eldritch.kernel.eldersign.adventure import P_DECIDE
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, NFACES
from eldritch.kernel.eldersign.fixed import ONE
from eldritch.kernel.eldersign.game import table as gametable, text as gametext
from eldritch.kernel.eldersign.notation import format_task, format_roll
from eldritch.kernel.eldersign.game.words import effect_words
from eldritch.eldersign.people import ability_words, pick_lines

COLOURS = ("green", "yellow", "red")
TERROR_RULE = ("", "a Terror face fails the adventure", "dice showing Terror are lost")


def percent(value: int) -> str:
    """A fixed-point probability for the screen ("72.41%"); the exact figure is `advise`'s."""
    return "%.2f%%" % (100.0 * value / ONE)


def why_not(tb, slot) -> str:
    """Why no roll completes the card in `slot` for the investigator moving now (the move phase):
    too few dice for its tasks, or costs the investigator cannot pay; else the dice's faces."""
    v = next(x for x in tb.slots if x.slot == slot)
    me = tb.seats[tb.active_seat]
    pool = [tb.free_dice[GREEN], 1 if tb.item_dice[0] and tb.free_dice[YELLOW] else 0,
            1 if tb.item_dice[1] and tb.free_dice[RED] else 0]
    best = 4 if pool[1] or pool[2] else 3           # the highest Investigation a die shows
    done = v.adventure.done_mask() if v.attempted else 0
    tasks = [t for i, t in enumerate(v.adventure.card.tasks) if not done & (1 << i)]
    need = sum(len(t.faces) + sum((n + best - 1) // best for n in t.inv) for t in tasks)
    if need > sum(pool):
        return "its tasks need at least %d dice and you roll %d" % (need, sum(pool))
    sanity = sum(t.sanity for t in tasks)
    if me.name is not None and sanity >= me.sanity:
        return "its tasks cost %d sanity and you have %d" % (sanity, me.sanity)
    stamina = sum(t.stamina for t in tasks)
    if me.name is not None and stamina >= me.stamina:
        return "its tasks cost %d stamina and you have %d" % (stamina, me.stamina)
    return "no roll of your dice can complete its tasks"


def complete_text(tb, slot, value) -> str:
    """The odds of completing a card as the screen shows them; 0 says why, and a chance too small
    for two decimals says so instead of "0.00%"."""
    if value <= 0:
        return "0%%: %s" % why_not(tb, slot)
    text = percent(value)
    return "under 0.01%" if text == "0.00%" else text


def _track(filled, total, on, off):
    return on * filled + off * max(total - filled, 0)


def status(tb, turns) -> list:
    top = Line().add("turn %d  " % turns).add("final battle" if tb.battle else "clock %s" % tb.clock_text, "bold")
    top.add("  %s" % tb.ao_name, "bold accent").add("  doom %d/%d " % (tb.doom, tb.doom_top))
    top.add(_track(tb.doom, tb.doom_top, "■", "·"), "bad").add("  elder signs %d/%d " % (tb.elder, tb.elder_need))
    top.add(_track(tb.elder, tb.elder_need, "✶", "·"), "good")
    lines = [top]
    if tb.mythos is not None or tb.locks:
        second = Line()
        if tb.mythos is not None:
            second.add("mythos: ", "dim").add(", ".join([tb.mythos] + tb.lasting), "")
        if tb.locks:
            second.add("   locked: ", "dim").add(", ".join("%s (%s)" % (c, k) for c, k in tb.locks), "bad")
        lines.append(second)
    return lines


def tasks_line(adv, done, indent=2, label="tasks: ") -> Line:
    """The card's tasks, done ones marked: the full notation, task by task."""
    line = Line(indent=indent).add(label, "dim")
    sep = " > " if adv.card.ordered else " | "
    for i, task in enumerate(adv.card.tasks):
        if i:
            line.add(sep, "dim")
        if done & (1 << i):
            line.add("done:" + format_task(task), "good strike")
        else:
            line.add(format_task(task), "bold")
    return line


def card_lines(v, notes, indent=2) -> list:
    """A slot's card: tasks, reward, penalty, terror, midnight effect, monsters, lock."""
    done = v.adventure.done_mask() if v.attempted else 0
    lines = [tasks_line(v.adventure, done, indent)]
    reward = effect_words(v.reward, notes)
    penalty = effect_words(v.penalty, notes)
    lines.append(Line(indent=indent).add("reward: ", "dim").add(reward or "none", "good"))
    lines.append(Line(indent=indent).add("penalty: ", "dim").add(penalty or "none", "bad"))
    terror = effect_words(v.terror_effect, notes)
    rule = TERROR_RULE[v.terror] if 0 <= v.terror < len(TERROR_RULE) else ""
    if rule and terror == "the adventure fails":
        terror = ""
    if terror or rule:
        lines.append(Line(indent=indent).add("terror: ", "dim").add("; ".join(x for x in (rule, terror) if x), "warn"))
    for what, code in (("on entering", v.entry), ("at midnight", v.midnight)):
        words = effect_words(code, notes)
        if words:
            lines.append(Line(indent=indent).add("%s: " % what, "dim").add(words, "warn"))
    if v.monsters:
        lines.append(Line(indent=indent).add("monsters: ", "dim").add(", ".join(v.monsters), "bad"))
    if v.lock >= 0:
        lines.append(Line(indent=indent).add("while in play: locks the %s die" % COLOURS[v.lock], "warn"))
    return lines


def adventures(tb, odds, bots) -> Panel:
    lines = []
    for group, other in (("", False), ("Other Worlds", True)):
        rows = [v for v in tb.slots if v.other_world == other]
        if group and rows:
            lines.append(Line.of(group, "bold accent"))
        for v in rows:
            head = Line().add("%d " % (v.slot + 1), "dim").add(v.name, "bold")
            head.add("  trophy %d" % v.trophy, "dim")
            if v.here:
                head.add("  here: " + ", ".join("seat %d" % (s + 1) for s in v.here), "dim")
            if v.attempted:
                head.add("  (being attempted)", "accent")
            if v.slot in odds:
                value = odds[v.slot]
                if value > 0:
                    head.add("  %s to complete" % complete_text(tb, v.slot, value), "accent")
                else:
                    head.add("  cannot be completed: %s" % why_not(tb, v.slot), "warn")
            lines.append(head)
            lines.extend(card_lines(v, tb.notes))
    return Panel("adventures", "adventures (%d)" % len(tb.slots), lines)


def investigators(game, tb, bots) -> Panel:
    active = tb.active_seat if not tb.over else -1
    lines = []
    for v in tb.seats:
        who = " (bot)" if v.seat in bots else ""
        head = Line().add("▶ " if v.seat == active else "  ", "bold warn").add("%d " % (v.seat + 1), "dim")
        if v.name is None:
            head.add(gametext.seat_text(game, v.seat).split(": ", 1)[-1] + who, "dim")
            lines.append(head)
            continue
        head.add(v.name, "bold" if v.seat == active else "").add(who, "dim")
        lines.append(head)
        lines.append(Line(indent=4).add("sanity %d/%d  stamina %d/%d  clues %d  trophies %d  at %s" % (
            v.sanity, v.max_sanity, v.stamina, v.max_stamina, v.clues, v.trophies, v.where)))
        if v.hand:
            lines.append(Line(indent=4).add("cards: ", "dim").add(", ".join(v.hand)))
        if v.ability:
            ability = ability_words(game._data.investigators[v.inv].ability, game._data.notes) or v.ability
            lines.append(Line(indent=4).add("ability: ", "dim").add(ability, "dim"))
    return Panel("investigators", "investigators", lines)


def _die_text(d) -> str:
    counts = bytearray(3 * NFACES)
    counts[d] = 1
    return format_roll(counts)


def dice_line(label, counts, indent=2) -> Line:
    line = Line(indent=indent).add(label, "dim")
    first = True
    for colour in (GREEN, YELLOW, RED):
        for f in range(NFACES):
            for _ in range(counts[colour * NFACES + f]):
                line.add(("" if first else " ") + _die_text(colour * NFACES + f), "bold " + COLOURS[colour])
                first = False
    if first:
        line.add("none", "dim")
    return line


def attempt_panel(tb, last_roll, roll_value) -> Panel:
    """The adventure (or attack) under way: everything the decision is about."""
    attempt = tb.attempt
    adv = attempt.adventure
    lines = []
    if attempt.slot < 0:
        title = "attacking %s" % attempt.name
        lines.append(tasks_line(adv, adv.done_mask(), 0, "combat: "))
    else:
        title = "%s (slot %d)" % (attempt.name, attempt.slot + 1)
        v = next(s for s in tb.slots if s.slot == attempt.slot)
        lines.extend(card_lines(v, tb.notes, 0))
    green, yellow, red = adv.pool_dice(GREEN), adv.pool_dice(YELLOW), adv.pool_dice(RED)
    pool = Line().add("pool: ", "dim").add("%d green" % green, "green")
    if yellow:
        pool.add(" + yellow", "yellow")
    if red:
        pool.add(" + red", "red")
    focus, spells, clues = adv.uses()
    pool.add("   focus %d, spells %d, clues %d left" % (focus, spells, clues), "dim")
    lines.append(pool)
    if adv.phase() == P_DECIDE:
        lines.append(dice_line("roll: ", adv.roll_counts, 0))
    elif last_roll:
        lines.append(Line().add("last roll: ", "dim").add(last_roll, "dim"))
    if any(adv.held):
        lines.append(dice_line("held: ", adv.held, 0))
    if tb.locks:
        lines.append(Line().add("locked: ", "dim").add(", ".join("%s (%s)" % (c, k) for c, k in tb.locks), "bad"))
    if roll_value is not None:
        lines.append(Line().add("odds of completing it from here: %s" % percent(roll_value), "bold accent"))
    return Panel("attempt", title, lines)


def move_panel(game, tb, odds) -> Panel:
    me = tb.seats[tb.active_seat]
    lines = []
    if me.name is not None:
        lines.append(Line().add(me.name, "bold").add("  at %s" % me.where)
                     .add("  sanity %d/%d stamina %d/%d clues %d" % (me.sanity, me.max_sanity, me.stamina,
                                                                     me.max_stamina, me.clues), "dim"))
    dice = Line().add("dice to roll: ", "dim").add("%d green" % tb.free_dice[GREEN], "green")
    if tb.item_dice[0] and tb.free_dice[YELLOW]:
        dice.add(" + yellow", "yellow")
    if tb.item_dice[1] and tb.free_dice[RED]:
        dice.add(" + red", "red")
    lines.append(dice)
    if odds:
        best = max(odds, key=lambda s: (odds[s], -s))
        name = next(v.name for v in tb.slots if v.slot == best)
        lines.append(Line().add("best odds: ", "dim").add("%s (slot %d), %s" % (
            name, best + 1, complete_text(tb, best, odds[best])), "bold accent"))
    return Panel("move", "%s: move" % gametext.seat_text(game, tb.active_seat), lines)


def question_panel(game, tb, last_roll) -> Panel:
    seat = gametext.acting_seat(game)
    q = gametext.question(game) or gametext.phase_name(game) + " phase"
    lines = [Line.of(q, "bold")]
    if last_roll:
        lines.append(Line().add("last roll: ", "dim").add(last_roll))
    picks = pick_lines(game) if not tb.over else []
    if picks:
        lines.append(Line().add("the investigators you can take:", "dim"))
        for name, stats, start, ability in picks:
            lines.append(Line(indent=2).add(name, "bold").add("  " + stats, "dim"))
            if start:
                lines.append(Line(indent=4).add(start))
            if ability:
                lines.append(Line(indent=4).add("ability: ", "dim").add(ability))
    return Panel("question", gametext.seat_text(game, seat), lines)


def render(game, last_roll, bots, turns, odds=None, roll_value=None) -> Screen:
    tb = gametable.snapshot(game)
    odds = odds or {}
    if tb.attempt is not None:
        focus = attempt_panel(tb, last_roll, roll_value)
    elif tb.phase == "move" and not tb.over:
        focus = move_panel(game, tb, odds)
    else:
        focus = question_panel(game, tb, last_roll)
    return Screen(status(tb, turns), [adventures(tb, odds, bots), investigators(game, tb, bots)], focus)
