"""What the terminal UI shows, as Rich renderables built from a Session: the status line (Ancient
One, doom track, elder signs, clock, mythos, locked dice), the board (adventures with their tasks,
monsters, who is there and the odds in reach; Other Worlds apart), the investigators (stats, cards,
trophies), and the adventure under way (tasks done, pool, last roll, held and locked dice).

Every kernel field the screen reads is read here (and nowhere else in the UI), so a change in the
game state's layout is one file to follow. Nothing here changes the game.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..kernel.eldersign.dice import GREEN, YELLOW, RED, NFACES
from ..kernel.eldersign.fixed import ONE
from ..kernel.eldersign.game import table as gametable, text as gametext
from ..kernel.eldersign.adventure import P_DECIDE
from ..kernel.eldersign.notation import format_task, format_roll
from ..kernel.eldersign.situation import TERROR_NAMES

COLOUR_STYLE = ("green", "yellow", "red")


def percent(value: int) -> str:
    """A fixed-point probability as a short percentage ("72.41%"); the exact figure is advise's."""
    return "%.2f%%" % (100.0 * value / ONE)


def _track(filled: int, total: int, on: str, off: str) -> str:
    return on * filled + off * max(total - filled, 0)


def status(session) -> Text:
    tb = gametable.snapshot(session.game)
    t = Text()
    t.append(tb.ao_name, style="bold magenta")
    t.append("  doom ")
    t.append(_track(tb.doom, tb.doom_top, "■", "·"), style="red")
    t.append(" %d/%d" % (tb.doom, tb.doom_top))
    t.append("  elder signs ")
    t.append(_track(tb.elder, tb.elder_need, "✶", "·"), style="bold cyan")
    t.append(" %d/%d" % (tb.elder, tb.elder_need))
    t.append("  %s" % ("final battle" if tb.battle else "clock %s" % tb.clock_text), style="bold")
    t.append("  turn %d" % session.log.turns)
    if tb.mythos is not None:
        t.append("\nmythos: ", style="dim")
        t.append(tb.mythos, style="italic")
        for name in tb.lasting:
            t.append(", " + name, style="italic dim")
    locks = locked_dice(tb)
    if locks:
        t.append("   locked: ", style="dim")
        t.append(", ".join(locks), style="red")
    return t


def locked_dice(tb) -> list[str]:
    return ["%s (%s)" % (colour, kind) for colour, kind in tb.locks]


def _tasks_text(adv, done: int) -> Text:
    t = Text()
    sep = " > " if adv.card.ordered else " | "
    for i, task in enumerate(adv.card.tasks):
        if i:
            t.append(sep, style="dim")
        if done & (1 << i):
            t.append("✓" + format_task(task), style="green strike")
        else:
            t.append(format_task(task))
    return t


def board(session, odds: dict) -> Table:
    """The adventures (and Other Worlds) in their slots; `odds` {slot: value} fills the odds column."""
    tb = gametable.snapshot(session.game)
    table = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    table.add_column("#", justify="right", style="dim", width=2)
    table.add_column("adventure", ratio=3, no_wrap=True, overflow="ellipsis")
    table.add_column("tasks", ratio=3)
    table.add_column("monsters", ratio=2, overflow="fold")
    table.add_column("here", width=5)
    table.add_column("odds", justify="right", width=7)
    for group, other in (("", False), ("Other Worlds", True)):
        rows = [v for v in tb.slots if v.other_world == other]
        if group:
            if not rows:
                continue
            table.add_row("", Text(group, style="bold"), "", "", "", "")
        for v in rows:
            done = v.adventure.done_mask() if v.attempted else 0
            name = Text(v.name, style="bold reverse" if v.attempted else "bold")
            extra = []
            if v.terror:
                extra.append("terror: %s" % TERROR_NAMES[v.terror])
            if v.lock >= 0:
                extra.append("locks %s" % COLOUR_STYLE[v.lock])
            extra.append("trophy %d" % v.trophy)
            name.append("\n" + ", ".join(extra), style="dim")
            table.add_row(str(v.slot + 1), name, _tasks_text(v.adventure, done), ", ".join(v.monsters),
                          ",".join(str(s + 1) for s in v.here), percent(odds[v.slot]) if v.slot in odds else "")
    return table


def investigators(session) -> Text:
    """Each seat: who, bot or not, sanity, stamina, clues, trophies, where, and the cards in hand."""
    g = session.game
    tb = gametable.snapshot(g)
    t = Text()
    active = tb.active_seat if not tb.over else -1
    for v in tb.seats:
        seat = v.seat
        if seat:
            t.append("\n")
        t.append("▶" if seat == active else " ", style="bold yellow")
        t.append("%d " % (seat + 1), style="dim")
        who = " (bot)" if seat in session.settings.bots else ""
        if v.name is None:
            t.append(gametext.seat_text(g, seat).split(": ", 1)[1] + who, style="dim")
            continue
        t.append(v.name, style="bold" if seat == active else "")
        t.append(who, style="dim")
        t.append("\n   sanity %d/%d  stamina %d/%d  clues %d  trophies %d  at %s" % (
            v.sanity, v.max_sanity, v.stamina, v.max_stamina, v.clues, v.trophies, v.where))
        if v.hand:
            t.append("\n   " + ", ".join(v.hand), style="dim")
    return t


def _die(d) -> str:
    counts = bytearray(3 * NFACES)
    counts[d] = 1
    return format_roll(counts)


def _dice(counts) -> Text:
    t = Text()
    for colour in (GREEN, YELLOW, RED):
        for f in range(NFACES):
            for _ in range(counts[colour * NFACES + f]):
                if t:
                    t.append(" ")
                t.append(_die(colour * NFACES + f), style="bold " + COLOUR_STYLE[colour])
    return t


def adventure(session, roll_value) -> Text:
    """The adventure or attack under way: card, tasks done, pool, roll, held and locked dice."""
    tb = gametable.snapshot(session.game)
    t = Text()
    attempt = tb.attempt
    if attempt is None:
        t.append("no adventure under way", style="dim")
        if session.last_roll:
            t.append("\nlast roll: %s" % session.last_roll, style="dim")
        return t
    adv = attempt.adventure
    if attempt.slot < 0:
        t.append("attacking %s" % attempt.name, style="bold magenta")
    else:
        t.append(attempt.name, style="bold")
        if attempt.terror:
            t.append("  terror: %s" % TERROR_NAMES[attempt.terror], style="red")
    t.append("\ntasks: ")
    t.append_text(_tasks_text(adv, adv.done_mask()))
    green, yellow, red = adv.pool_dice(GREEN), adv.pool_dice(YELLOW), adv.pool_dice(RED)
    t.append("\npool: %d green%s%s" % (green, " + yellow" if yellow else "", " + red" if red else ""))
    if adv.phase() == P_DECIDE:
        t.append("\nroll: ")
        t.append_text(_dice(adv.roll_counts))
    elif session.last_roll:
        t.append("\nlast roll: %s" % session.last_roll, style="dim")
    if any(adv.held):
        t.append("\nheld: ")
        t.append_text(_dice(adv.held))
    focus, spells, clues = adv.uses()
    t.append("\nfocus %d, spells %d, clues %d left" % (focus, spells, clues))
    locks = locked_dice(tb)
    if locks:
        t.append("\nlocked: " + ", ".join(locks), style="red")
    if roll_value is not None:
        t.append("\nodds of completing it from here: %s" % percent(roll_value), style="bold cyan")
    return t


def choice_prompt(choice, hints: bool, note: str = "") -> Text:
    """One choice line: key, words, odds and the best mark (or a note: a card's odds), default mark."""
    t = Text()
    t.append("%2d " % (choice.index + 1), style="bold")
    t.append(choice.text)
    if choice.value is not None and hints:
        t.append("  %s" % percent(choice.value), style="bold cyan" if choice.best else "cyan")
        if choice.best:
            t.append(" ★ best", style="bold yellow")
    if note:
        t.append("  " + note, style="cyan")
    if choice.default:
        t.append("  (Enter)", style="dim")
    return t
