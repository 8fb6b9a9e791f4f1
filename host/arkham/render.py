"""Arkham Horror (1987) on screen. The game is cooperative and its view is the same for every seat
(kernel/arkham/game/rules.py `view`: the decks' order and the PRNG are what it leaves out), so the
screen reads the public state through the kernel's text helpers (kernel/arkham/game/text.py).

    screen = render(game, seat)        # seat: whose sheet is the focus (the one deciding)

- status: the round and phase, doom, open gates against the limit, the round limit;
- the focus: the acting investigator's sheet (where, sanity, strength, fight, stealth, money, gates
  closed, trophies, cards) and what is being decided; at the pick, every investigator left with
  their sheet (sanity, strength, fight, stealth, money, start, cards, skills);
- panels: the other investigators, and every space with a gate, an Elder Sign or monsters.
"""

from __future__ import annotations

from eldritch.frontend.model import Screen, Panel, Line
from eldritch.kernel.arkham.game import text
from eldritch.kernel.arkham.game.board import NONE
from eldritch.kernel.arkham.game.defs import MAX_POSS, PHASE_NAMES, STEP_NAMES, ST_PICK
from eldritch.kernel.arkham.game import state
from eldritch.arkham.context import pick_lines


def status(g) -> list:
    line = Line().add("round %d, %s phase  " % (g.round, PHASE_NAMES[g.phase]), "bold")
    line.add("doom %d/%d  " % (g.doom, g.doom_length), "bad")
    line.add("open gates %d/%d" % (state.open_gates(g), g.gate_limit), "warn")
    return [line]


def sheet(g, seat, indent=0) -> list:
    if g.seat_inv[seat] == NONE:
        return [Line(indent=indent).add(text.seat_name(g, seat), "dim")]
    cards = [text.card_name(g, g.poss[seat * MAX_POSS + k]) for k in range(MAX_POSS)
             if g.poss[seat * MAX_POSS + k] != NONE]
    out = [Line(indent=indent).add(text.seat_name(g, seat), "bold").add("  at %s" % text.where(g, seat)),
           Line(indent=indent + 2).add("sanity %d/%d  strength %d/%d  fight %d  stealth %d  $%d" % (
               g.san[seat], g.maxsan[seat], g.sta[seat], g.maxsta[seat], g.fight[seat], g.stealth[seat],
               g.money[seat]), "dim"),
           Line(indent=indent + 2).add("gates closed %d  trophies %d" % (g.gates_closed[seat], state.trophies(g, seat)),
                                       "dim")]
    if cards:
        out.append(Line(indent=indent + 2).add("cards: ", "dim").add(", ".join(cards)))
    return out


def investigators(g, shown=None) -> Panel:
    """Every investigator but the one whose sheet is the focus (`shown`)."""
    lines = []
    for seat in range(g.players):
        if seat != shown:
            lines.extend(sheet(g, seat))
    if shown is None:
        return Panel("investigators", "investigators", lines)
    return Panel("investigators", "the other investigators", lines or [Line.of("none", "dim")])


def pick_panel_lines(g) -> list:
    """The investigators a seat may pick, each with its sheet (sanity, strength, skills, money,
    where it starts, its cards)."""
    lines = [Line().add("the investigators you can pick:", "dim")]
    for name, words, extra in pick_lines(g):
        lines.append(Line(indent=2).add(name, "bold"))
        lines.append(Line(indent=4).add(words, "dim"))
        if extra:
            lines.append(Line(indent=4).add(extra))
    return lines


def spaces(g) -> Panel:
    b = g.board
    lines = []
    for s in range(b.nspaces):
        bits = []
        c = g.gate_at[s]
        if c != NONE:
            bits.append(("gate to %s (difficulty %d)" % (b.world_names[b.gate_world[c]], b.gate_diff[c])
                         if g.gate_shown[c] else "a face-down gate", "bad"))
        if g.sealed[s]:
            bits.append(("Elder Sign", "good"))
        ms = [text.monster_name(g, m) for m in range(b.nmonsters) if g.m_at[m] == s]
        if ms:
            bits.append((", ".join(ms), "warn"))
        here = [text.seat_name(g, q) for q in range(g.players) if g.seat_inv[q] != NONE and g.pos[q] == s]
        if here:
            bits.append((", ".join(here), "accent"))
        if bits:
            line = Line().add(b.space_names[s], "bold").add(": ")
            for i, (words, style) in enumerate(bits):
                line.add(("; " if i else "") + words, style)
            lines.append(line)
    return Panel("board", "the board (spaces with something on them)", lines or [Line.of("nothing yet", "dim")])


def render(g, seat) -> Screen:
    focus = None
    shown = None
    if seat is not None and 0 <= seat < g.players:
        shown = seat
        lines = sheet(g, seat)
        lines.append(Line().add("now: ", "dim").add(STEP_NAMES.get(g.step, "?"), "bold"))
        if g.step == ST_PICK and g.seat_inv[seat] == NONE:
            lines.extend(pick_panel_lines(g))
        focus = Panel("me", text.seat_name(g, seat), lines)
    return Screen(status(g), [investigators(g, shown), spaces(g)], focus)
