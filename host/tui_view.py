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

from .kernel.eldersign.dice import GREEN, YELLOW, RED, NFACES
from .kernel.eldersign.fixed import ONE
from .kernel.eldersign.game import text as gametext
from .kernel.eldersign.game.machine import (P_ADV, P_BATTLE, MAX_SLOTS, MAIN_SLOTS, MAX_MON, MAX_HAND,
                                            NONE, LOC_ENTRANCE, LOC_AO)
from .kernel.eldersign.adventure import P_DECIDE
from .kernel.eldersign.notation import format_task, format_roll
from .kernel.eldersign.solver import TERROR_NAMES

LOCK_KIND = ("", "mythos", "monster", "adventure")
COLOUR_STYLE = ("green", "yellow", "red")


def percent(value: int) -> str:
    """A fixed-point probability as a short percentage ("72.41%"); the exact figure is advise's."""
    return "%.2f%%" % (100.0 * value / ONE)


def _track(filled: int, total: int, on: str, off: str) -> str:
    return on * filled + off * max(total - filled, 0)


def status(session) -> Text:
    g = session.game
    ao = g.ao
    t = Text()
    t.append(ao.name, style="bold magenta")
    t.append("  doom ")
    t.append(_track(g.doom, ao.doom, "■", "·"), style="red")
    t.append(" %d/%d" % (g.doom, ao.doom))
    t.append("  elder signs ")
    t.append(_track(g.elder, ao.elder_signs, "✶", "·"), style="bold cyan")
    t.append(" %d/%d" % (g.elder, ao.elder_signs))
    t.append("  %s" % ("final battle" if g.battle else "clock %s" % gametext.CLOCK[g.clock // 3]),
             style="bold")
    t.append("  turn %d" % session.log.turns)
    if g.mythos >= 0:
        t.append("\nmythos: ", style="dim")
        t.append(g.data.mythos[g.mythos].name, style="italic")
    locks = locked_dice(g)
    if locks:
        t.append("   locked: ", style="dim")
        t.append(", ".join(locks), style="red")
    return t


def locked_dice(g) -> list[str]:
    return ["%s (%s)" % (COLOUR_STYLE[g.lock_col[i]], LOCK_KIND[g.lock_kind[i]]) for i in range(g.nlocks)]


def _here(g, slot) -> str:
    names = []
    for seat in range(g.players):
        inv = g.seat_inv[seat]
        if inv != NONE and g.loc[inv] == slot + 1:
            names.append(str(seat + 1))
    return ",".join(names)


def _monsters(g, s) -> str:
    out = []
    for k in range(MAX_MON):
        m = g.slot_mon[s * MAX_MON + k]
        if m != NONE:
            out.append(g.data.monsters[m].name)
    return ", ".join(out)


def _attempt_slot(g) -> int:
    """The slot of the adventure under way, or -1."""
    if g.phase == P_ADV:
        inv = g.active()
        if inv != NONE and 1 <= g.loc[inv] <= MAX_SLOTS:
            return g.loc[inv] - 1
    return -1


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
    g = session.game
    table = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    table.add_column("#", justify="right", style="dim", width=2)
    table.add_column("adventure", ratio=3, no_wrap=True, overflow="ellipsis")
    table.add_column("tasks", ratio=3)
    table.add_column("monsters", ratio=2, overflow="fold")
    table.add_column("here", width=5)
    table.add_column("odds", justify="right", width=7)
    current = _attempt_slot(g)
    for group, slots in (("", range(MAIN_SLOTS)), ("Other Worlds", range(MAIN_SLOTS, MAX_SLOTS))):
        rows = [s for s in slots if g.slot_on[s]]
        if group:
            if not rows:
                continue
            table.add_row("", Text(group, style="bold"), "", "", "", "")
        for s in rows:
            card = g.data.adventures[g.slot_card[s]]
            adv = g.slot_adv[s]
            done = g.cur_adv().done_mask() if s == current else 0
            name = Text(card.name, style="bold reverse" if s == current else "bold")
            extra = []
            if card.terror_code:
                extra.append("terror: %s" % TERROR_NAMES[card.terror_code])
            extra.append("trophy %d" % card.trophy)
            name.append("\n" + ", ".join(extra), style="dim")
            table.add_row(str(s + 1), name, _tasks_text(adv, done), _monsters(g, s), _here(g, s),
                          percent(odds[s]) if s in odds else "")
    return table


def investigators(session) -> Text:
    """Each seat: who, bot or not, sanity, stamina, clues, trophies, where, and the cards in hand."""
    g = session.game
    t = Text()
    active = g.seat if not g.is_terminal() else -1
    for seat in range(g.players):
        if seat:
            t.append("\n")
        inv = g.seat_inv[seat]
        t.append("▶" if seat == active else " ", style="bold yellow")
        t.append("%d " % (seat + 1), style="dim")
        who = " (bot)" if seat in session.settings.bots else ""
        if inv == NONE:
            t.append(gametext.seat_text(g, seat).split(": ", 1)[1] + who, style="dim")
            continue
        t.append(gametext.inv_name(g, inv), style="bold" if seat == active else "")
        t.append(who, style="dim")
        t.append("\n   sanity %d/%d  stamina %d/%d  clues %d  trophies %d  at %s" % (
            g.san[inv], g.maxsan[inv], g.sta[inv], g.maxsta[inv], g.clues[inv], g.trophy_total(inv),
            where(g, g.loc[inv])))
        cards = hand(g, inv)
        if cards:
            t.append("\n   " + ", ".join(cards), style="dim")
    return t


def hand(g, inv) -> list[str]:
    out = []
    for i in range(MAX_HAND):
        c = g.hand[inv * MAX_HAND + i]
        if c == NONE:
            continue
        name = g.data.cards[c].name
        for k in range(g.nsd):
            if g.sd_card[k] == c:
                name += " (holds %s)" % _die(g.sd_die[k])
        out.append(name)
    return out


def where(g, loc) -> str:
    if loc == LOC_ENTRANCE:
        return "entrance"
    if loc == LOC_AO:
        return g.ao.name
    if 1 <= loc <= MAX_SLOTS and g.slot_on[loc - 1]:
        return "%d %s" % (loc, g.data.adventures[g.slot_card[loc - 1]].name)
    return gametext.loc_name(g, loc)


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
    g = session.game
    t = Text()
    if g.phase not in (P_ADV, P_BATTLE):
        t.append("no adventure under way", style="dim")
        if session.last_roll:
            t.append("\nlast roll: %s" % session.last_roll, style="dim")
        return t
    adv = g.cur_adv()
    if g.phase == P_BATTLE:
        t.append("attacking %s" % g.ao.name, style="bold magenta")
    else:
        s = _attempt_slot(g)
        card = g.data.adventures[g.slot_card[s]]
        t.append(card.name, style="bold")
        if card.terror_code:
            t.append("  terror: %s" % TERROR_NAMES[card.terror_code], style="red")
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
    locks = locked_dice(g)
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
