"""Mansions of Madness on screen, from one seat's view (the kernel's Reader, kernel/mansions/game/
view.py): the bytes hold what that seat may know, so an investigator's screen cannot show the
keeper's objective before clue 1 reveals it, his guide answers, his hand or the next event.

    screen = render(story, state.view(seat), state=state)    # state: the pick's investigators

- status: the round, the keeper's threat, the event deck (event k of n, time tokens), the keeper's
  hand size;
- the focus: the keeper's secrets for the keeper (objective, next event, mythos hand), or the
  investigator's own sheet (space, damage, horror, skill, stun, cards); at the pick, the
  investigators left to play with their sheets and abilities;
- panels: the other investigators (the viewer's own is the focus), the monsters, the rooms with
  their cards (face-down cards as "?").
"""

from __future__ import annotations

from eldritch.frontend.model import Screen, Panel, Line
from eldritch.kernel.mansions.game import view as viewmod
from eldritch.kernel.mansions.game.consts import NONE, KEEPER, CLASSES, ST_KILLED, ST_INSANE, PH_PICK_INV
from eldritch.kernel.mansions.game.state import G_PHASE
from eldritch.mansions.context import pick_lines

STATE_WORDS = {ST_KILLED: "killed", ST_INSANE: "insane, out of the game"}


def _status(story, r, v) -> list:
    line = Line().add("round %d  " % v[viewmod.H_ROUND], "bold").add("threat %d  " % r.threat, "bad")
    e = v[viewmod.H_EVENT]
    line.add("event %d of %d: %d of %d time tokens  " % (min(e + 1, story.nevents), story.nevents,
                                                          v[viewmod.H_TOKENS], v[viewmod.H_TIME]))
    line.add("keeper's hand %d" % v[viewmod.H_HAND], "dim")
    out = [line]
    obj = v[viewmod.H_OBJ]
    if obj != NONE and v[viewmod.H_REVEALED]:
        out.append(Line().add("objective: ", "dim").add("%s - %s" % (story.obj_name[obj], story.obj_text[obj]), "warn"))
    return out


def _seat_lines(story, r, s) -> list:
    inv = r.seat(s, 0)
    if inv == NONE:
        return [Line().add("%d " % s, "dim").add("no investigator yet", "dim")]
    space = r.seat(s, 1)
    state = r.seat(s, 6)
    head = Line().add("%d " % s, "dim").add(story.inv_name[inv], "bold")
    head.add("  at %s" % (story.space_name[space] if space != NONE else "-"))
    if state in STATE_WORDS:
        head.add("  " + STATE_WORDS[state], "bad")
    elif r.insane(s):
        head.add("  insane", "bad")
    if r.hidden(s):
        head.add("  hiding", "warn")
    stats = Line(indent=2).add("damage %d/%d  horror %d/%d  skill %d  stun %d" % (
        r.seat(s, 2), story.inv_health[inv], r.seat(s, 3), story.inv_sanity[inv], r.seat(s, 4), r.seat(s, 5)), "dim")
    cards = [story.card_name[c] for c in r.hand(s)]
    trauma = [story.trauma_name[t] for t in (r.trauma_held(s, 0), r.trauma_held(s, 1)) if t != NONE]
    if trauma:
        cards += ["trauma: " + t for t in trauma]
    out = [head, stats]
    if cards:
        out.append(Line(indent=2).add("cards: ", "dim").add(", ".join(cards)))
    return out


def investigators(story, r, me=None) -> Panel:
    """Every investigator but the viewer's own (`me`, shown in the focus)."""
    lines = []
    for s in range(1, r.players):
        if s != me:
            lines.extend(_seat_lines(story, r, s))
    if me is None or me == KEEPER:
        return Panel("investigators", "investigators", lines)
    return Panel("investigators", "the other investigators", lines or [Line.of("none", "dim")])


def pick_lines_of(st) -> list:
    """The investigators a seat may still play, each with its sheet and ability."""
    lines = [Line().add("the investigators you can play:", "dim")]
    for name, words, ability in pick_lines(st):
        lines.append(Line(indent=2).add(name, "bold"))
        lines.append(Line(indent=4).add(words, "dim"))
        if ability:
            lines.append(Line(indent=4).add(ability))
    return lines


def monsters(story, r) -> Panel:
    lines = []
    for m, t, space, dmg, att in r.monsters():
        stunned = r.monster_marks(m)[0]
        lines.append(Line().add("%s" % story.type_name[t], "bad bold")
                     .add(" (%s) in %s, damage %d/%d%s" % (CLASSES[story.type_class[t]], story.space_name[space], dmg,
                                                           story.type_health[t], ", stunned" if stunned else "")))
    tokens = ["fire in %s" % story.space_name[sp] for sp in range(story.nspaces) if r.fire(sp)]
    tokens += ["a corpse in %s" % story.space_name[sp] for sp in range(story.nspaces) if r.corpse(sp)]
    tokens += ["a barricade on the door %s - %s" % (story.space_name[story.door_a[d]],
                                                     story.space_name[story.door_b[d]])
               for d in range(story.ndoors) if r.barrier(d)]
    if tokens:
        lines.append(Line().add("board: ", "dim").add(", ".join(tokens), "warn"))
    return Panel("monsters", "monsters", lines or [Line.of("none on the board", "dim")])


def rooms(story, r, me) -> Panel:
    lines = []
    for k in range(story.nrooms):
        n, down, obst, lock, pile = r.room(k)
        if not n and not lock:
            continue
        shown = []
        for c in reversed(pile):
            if c == viewmod.FACE_DOWN:
                shown.append("?")
            elif c == viewmod.OBSTACLE_BACK:
                shown.append("? (obstacle)")
            else:
                up = r.card(c)[0] == viewmod.CW_PILE_UP
                shown.append(story.card_name[c] + ("" if me != KEEPER or up else " (face down)"))
        line = Line().add(story.room_name[k], "bold").add(": " + (", ".join(shown) if shown else "no cards"))
        if r.dark(k):
            line.add("  dark", "warn")
        if lock:
            named = [c for c in range(story.ncards) if r.card(c)[0] in (viewmod.CW_LOCK_UP, viewmod.CW_LOCK_DOWN)
                     and r.card(c)[1] == k]
            line.add("  lock: %s" % (story.card_name[named[0]] if named else "face down"), "warn")
        lines.append(line)
    return Panel("rooms", "rooms", lines or [Line.of("no cards left in the rooms", "dim")])


def keeper_panel(story, r, v) -> Panel:
    lines = []
    obj = v[viewmod.H_OBJ]
    if obj != NONE:
        lines.append(Line().add("objective%s: " % ("" if v[viewmod.H_REVEALED] else " (secret)"), "dim")
                     .add("%s - %s" % (story.obj_name[obj], story.obj_text[obj]), "warn"))
    e = v[viewmod.H_EVENT]
    if e < story.nevents:
        first = story.stage_first[e]
        names = " / ".join(story.ev_name[i] for i in range(first, first + story.stage_rows[e]))
        lines.append(Line().add("next event: ", "dim").add("%s - %s" % (names, story.ev_text[first])))
    hand = [story.my_name[c] for c in range(story.nmythos) if r.mythos(c) == 1]
    lines.append(Line().add("mythos hand: ", "dim").add(", ".join(hand) or "none"))
    lines.append(Line().add("threat: %d" % r.threat, "bad"))
    return Panel("keeper", "the keeper's secrets (keeper only)", lines)


def render(story, view, public: bool = False, state=None) -> Screen:
    """The screen of a seat's view (public: the table only, no seat's own panel). `state`, when
    given, adds the investigators left to play at a seat's pick (their printed sheets: public)."""
    r = viewmod.Reader(story, view)
    me = r.viewer
    panels = [investigators(story, r, None if public else me), monsters(story, r), rooms(story, r, me)]
    if public:
        focus = None
    elif me == KEEPER:
        focus = keeper_panel(story, r, view)
    else:
        lines = _seat_lines(story, r, me)
        if state is not None and r.seat(me, 0) == NONE and state.g[G_PHASE] == PH_PICK_INV:
            lines.extend(pick_lines_of(state))
        focus = Panel("me", "investigator %d" % me, lines)
    return Screen(_status(story, r, view), panels, focus)
