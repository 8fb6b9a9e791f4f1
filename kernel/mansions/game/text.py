"""The game in words: actions, the events an apply caused (each shown only to the seats that may see
it), and a view rendered for a person (read through view.Reader, so it cannot show more than the
view holds). Allocates; never called by legal_actions or apply."""

from .consts import (NONE, KEEPER, CLASSES, PHASE_NAMES, PURPOSE_NAMES, AGAINST_NAMES,
                     ST_ALIVE, ST_KILLED, ST_INSANE,
                     A_ROLL, A_FACE, A_ANSWER, A_INVESTIGATOR, A_TRAIT, A_NEXT, A_MOVE, A_RUN,
                     A_EXPLORE, A_ATTACK, A_DROP, A_DROP_DONE, A_ABILITY, A_END, A_REROLL, A_ACCEPT,
                     A_UNLOCK, A_GIVE_UP, A_USE_KEY, A_PUZZLE, A_STOP, A_TAKE, A_LEAVE, A_GIVE, A_UNSTUN,
                     A_TRADE_DONE, A_KCARD, A_MYTHOS, A_KEEPER_DONE, A_MSTEP, A_MSTOP, A_MATTACK,
                     A_ATTACKS_DONE, A_LUCK, A_BOOST, A_ROLL_NOW, A_POWER, A_FREE, A_NO_MYTHOS, A_TRAUMA,
                     A_NO_TRAUMA, A_CHOOSE, A_HIDE, A_BARRICADE, POWER_BASE, E_SPAWN, E_MOVE, E_RAISE,
                     E_HORROR_ONE, E_DAMAGE_ONE, E_SPAWN_WITH, TRAUMA_TYPES, V_BARRIER, V_HIDE, V_HOLD,
                     V_REVEAL, V_TAKE, V_DISCARD, V_ROLL, V_PASS, V_FAIL, V_DAMAGE, V_HORROR, V_STUN,
                     V_KILLED, V_INSANE, V_SPAWN, V_MONSTER_HIT, V_MONSTER_DIES, V_COMBAT, V_THREAT,
                     V_TOKEN, V_EVENT, V_OBJECTIVE, V_WIN, V_SEAL, V_UNSEAL, V_LEARN, V_DRAW, V_MYTHOS,
                     V_HEAL, V_CALM, V_SKILL, V_DROP, V_GIVE, V_ENTER, V_MONSTER_MOVE, V_ROUND, V_STAY,
                     V_LOCKED_OUT, V_SHUFFLE, V_UNSTUN, V_BARRED, V_LUCK, V_BOOST, V_EVADED, V_FLAG, V_FIRE,
                     V_DARK, V_CORPSE, V_TRAUMA, V_MSTUN, V_POWER, V_FREE, V_FIRE_HURT, WIN_KEEPER,
                     WIN_INVESTIGATORS, WIN_NOBODY, K_LOCK, K_OBSTACLE)
from . import view as viewmod
from . import effects
from .state import G_TURN, G_T_SEAT


def phase_name(ph):
    return PHASE_NAMES[ph] if 0 <= ph < len(PHASE_NAMES) else "phase %d" % ph


def seat_name(st_or_players, s):
    return "keeper" if s == KEEPER else "investigator %d" % s


def _inv(st, s):
    i = st.s_inv[s]
    if i == NONE:
        return "seat %d" % s
    return st.story.inv_name[i]


def _monster(st, m):
    t = st.m_type[m]
    story = st.story
    if t == NONE:
        return "monster %d" % m
    return "%s (%d) in %s" % (story.type_name[t], m, story.space_name[st.m_space[m]])


def power_name(story, st, seat, k):
    """A seat's ability by where it comes from: the character, or a kept trait."""
    if seat == NONE or st.s_inv[seat] == NONE:
        return "ability %d" % k
    if k == 0:
        return "%s's ability" % story.inv_name[st.s_inv[seat]]
    t = st.s_trait[seat * 2 + k - 1]
    return "the trait %s" % story.tr_name[t] if t != NONE else "ability %d" % k


def action_text(st, action):
    """The action in words, as the acting player sees it (keeper's cards named only to him)."""
    kind = action >> 16
    a = (action >> 8) & 255
    b = action & 255
    words = _PLAIN_ACTIONS.get(kind)
    if words is not None:
        return words
    say = _ACTIONS.get(kind)
    if say is None:
        return "action %d" % action
    return say(st, st.story, a, b)


# actions whose words need no argument
_PLAIN_ACTIONS = {
    A_ROLL: "roll the d10", A_DROP_DONE: "done dropping", A_END: "end the turn",
    A_REROLL: "spend a skill point to reroll", A_ACCEPT: "accept the failure", A_GIVE_UP: "give up (stay)",
    A_PUZZLE: "attempt it (test or puzzle)", A_STOP: "stop exploring", A_TAKE: "take the dropped card",
    A_LEAVE: "leave the dropped card", A_UNSTUN: "discard a stun token", A_TRADE_DONE: "done trading",
    A_KEEPER_DONE: "done with keeper actions", A_MSTOP: "the monster stops",
    A_ATTACKS_DONE: "no more monster attacks", A_ROLL_NOW: "roll", A_NO_MYTHOS: "no mythos card now",
    A_NO_TRAUMA: "no trauma card", A_HIDE: "hide (the action)",
}


def _trait_words(st, story, a, b):
    item = story.tr_item[a]
    return "keep the trait %s (%d skill%s)" % (story.tr_name[a], story.tr_skill[a],
                                              ", " + story.card_name[item] if item != NONE else "")


def _explore_words(st, story, a, b):
    seat = st.g[G_TURN]
    return "explore the %s" % story.room_name[st.room_of(st.s_space[seat])] if seat != NONE else "explore"


def _choice_words(st, story, a, b):
    """The keeper's choice for the effect waiting for it."""
    i = effects.pending_at(st)
    eff = story.eff
    op, t, n = (eff.op[i], eff.a[i], eff.n[i]) if i >= 0 else (0, 0, 0)
    if op == E_HORROR_ONE:
        return "%d horror to %s" % (n, _inv(st, a))
    if op == E_DAMAGE_ONE:
        return "%d damage to %s" % (n, _inv(st, a))
    if op == E_SPAWN_WITH:
        return "the %s appears in %s" % (story.type_name[t], story.space_name[a])
    if op == E_MOVE:
        return "move %s (up to %d spaces)" % (_monster(st, a), n) if a != NONE else "move no monster"
    return "choose %d" % a


def _kcard_words(st, story, a, b):
    i = story.eff.start[story.kc_eff[a]]
    op = story.eff.op[i]
    where = ""
    if op == E_SPAWN:
        where = " in %s" % story.space_name[b]
    elif op == E_RAISE:
        where = ": the corpse in %s rises" % story.space_name[b]
    elif op == E_MOVE:
        where = ": %s" % _monster(st, b)
    return "%s (%d threat)%s" % (story.kc_name[a], story.kc_cost[a], where)


def _luck_words(st, story, a, b):
    seat = st.g[G_T_SEAT]
    return "spend a skill point: add Luck (%d) to the test" % (st.attr(seat, 6) if seat != NONE else 0)


def _boost_words(st, story, a, b):
    if a >= POWER_BASE:
        return "use %s before the roll" % power_name(story, st, st.g[G_T_SEAT], a - POWER_BASE)
    return "use %s before the roll: %s" % (story.card_name[a], story.card_text[a])


_ACTIONS = {
    A_FACE: lambda st, story, a, b: "the d10 shows %d" % b,
    A_ANSWER: lambda st, story, a, b: "guide question %d: %s" % (
        a + 1, story.answer_text.get((a, b), "answer %d" % (b + 1))),
    A_INVESTIGATOR: lambda st, story, a, b: "play %s" % story.inv_name[a],
    A_TRAIT: _trait_words,
    A_NEXT: lambda st, story, a, b: "%s takes the next turn" % _inv(st, a),
    A_MOVE: lambda st, story, a, b: "move to %s" % story.space_name[a],
    A_RUN: lambda st, story, a, b: "run to %s (the action)" % story.space_name[a],
    A_EXPLORE: _explore_words,
    A_ATTACK: lambda st, story, a, b: "attack %s with %s" % (
        _monster(st, a), "bare hands" if b == NONE else story.card_name[b]),
    A_DROP: lambda st, story, a, b: "drop %s" % story.card_name[a],
    A_ABILITY: lambda st, story, a, b: "use %s: %s" % (story.card_name[a], story.card_text[a]),
    A_UNLOCK: lambda st, story, a, b: "discard %s to get through" % story.card_name[a],
    A_USE_KEY: lambda st, story, a, b: "use %s on the obstacle" % story.card_name[a],
    A_GIVE: lambda st, story, a, b: "give %s to %s" % (story.card_name[a], _inv(st, b)),
    A_KCARD: _kcard_words,
    A_MYTHOS: lambda st, story, a, b: "mythos %s (%d threat) on %s" % (story.my_name[a], story.my_cost[a],
                                                                       _inv(st, b)),
    A_MSTEP: lambda st, story, a, b: "the monster steps to %s" % story.space_name[a],
    A_MATTACK: lambda st, story, a, b: "%s attacks %s" % (_monster(st, a), _inv(st, b)),
    A_LUCK: _luck_words,
    A_BOOST: _boost_words,
    A_POWER: lambda st, story, a, b: "use %s" % power_name(story, st, st.g[G_TURN], a),
    A_FREE: lambda st, story, a, b: "use %s (no action): %s" % (story.card_name[a], story.card_text[a]),
    A_TRAUMA: lambda st, story, a, b: "trauma %s on %s - %s" % (story.trauma_name[a], _inv(st, b),
                                                               story.trauma_text[a]),
    A_CHOOSE: _choice_words,
    A_BARRICADE: lambda st, story, a, b: "barricade the door %s (the action)" % _door_name(story, a),
}


def action_text_for(st, action, viewer):
    """The action as another seat sees it being played: the keeper's guide answers stay hidden from
    the investigators."""
    if action >> 16 == A_ANSWER and viewer != KEEPER:
        return "the keeper answers guide question %d" % (((action >> 8) & 255) + 1)
    return action_text(st, action)


def visible(st, kind, a, b, seat):
    """True when the event record may be shown to seat at all (every record is; event_text words
    the keeper's draws for him alone)."""
    return True


def event_text(st, kind, a, b, seat=KEEPER):
    say = _EVENTS.get(kind)
    if say is None:
        return "event %d %d %d" % (kind, a, b)
    return say(st, st.story, a, b, seat)


def _revealed_words(st, story, a, b, seat):
    c = story.card_kind[a]
    what = "lock" if c == K_LOCK else "obstacle" if c == K_OBSTACLE else "card"
    return "%s revealed: %s - %s" % (what, story.card_name[a], story.card_text[a])


def _spawn_words(st, story, a, b, seat):
    t = st.m_type[a]
    return "a %s appears in %s" % (story.type_name[t] if t != NONE else "monster", story.space_name[b])


def _door_name(story, d):
    return "%s - %s" % (story.space_name[story.door_a[d]], story.space_name[story.door_b[d]])


def _draw_words(st, story, a, b, seat):
    return "the keeper draws %s" % story.my_name[a] if seat == KEEPER else "the keeper draws a mythos card"


_WINNER_WORDS = {WIN_KEEPER: "the keeper wins", WIN_INVESTIGATORS: "the investigators win",
                 WIN_NOBODY: "the last event is resolved: everyone loses"}

# what happens to an investigator, the monsters and the cards
_FIGURE_EVENTS = {
    V_TAKE: lambda st, story, a, b, seat: "%s takes %s" % (_inv(st, b), story.card_name[a]),
    V_DISCARD: lambda st, story, a, b, seat: "%s discarded" % story.card_name[a],
    V_DAMAGE: lambda st, story, a, b, seat: "%s suffers %d damage" % (_inv(st, a), b),
    V_HORROR: lambda st, story, a, b, seat: "%s suffers %d horror" % (_inv(st, a), b),
    V_STUN: lambda st, story, a, b, seat: "%s is stunned" % _inv(st, a),
    V_KILLED: lambda st, story, a, b, seat: "%s is killed" % _inv(st, a),
    V_INSANE: lambda st, story, a, b, seat: "%s is driven out, insane" % _inv(st, a),
    V_SPAWN: _spawn_words,
    V_MONSTER_HIT: lambda st, story, a, b, seat: "the monster takes %d damage" % b,
    V_MONSTER_DIES: lambda st, story, a, b, seat: "the %s is killed" % story.type_name[a],
    V_LEARN: lambda st, story, a, b, seat: "%s learns %s" % (_inv(st, b), story.card_name[a]),
    V_HEAL: lambda st, story, a, b, seat: "%s heals %d" % (_inv(st, a), b),
    V_CALM: lambda st, story, a, b, seat: "%s recovers %d sanity" % (_inv(st, a), b),
    V_SKILL: lambda st, story, a, b, seat: "%s gains %d skill" % (_inv(st, a), b),
    V_DROP: lambda st, story, a, b, seat: "%s dropped in the %s" % (story.card_name[a], story.room_name[b]),
    V_GIVE: lambda st, story, a, b, seat: "%s given to %s" % (story.card_name[a], _inv(st, b)),
    V_ENTER: lambda st, story, a, b, seat: "%s enters %s" % (_inv(st, a), story.space_name[b]),
    V_MONSTER_MOVE: lambda st, story, a, b, seat: "monster %d moves to %s" % (a, story.space_name[b]),
    V_STAY: lambda st, story, a, b, seat: "%s stays (the step is spent)" % _inv(st, a),
    V_LOCKED_OUT: lambda st, story, a, b, seat: "%s cannot get through %s" % (_inv(st, a), story.card_name[b]),
    V_UNSTUN: lambda st, story, a, b, seat: "%s discards a stun token" % _inv(st, a),
    V_BARRED: lambda st, story, a, b, seat: "the %s is barred to %s for the rest of the turn" % (
        story.room_name[b], _inv(st, a)),
    V_LUCK: lambda st, story, a, b, seat: "%s spends a skill point: +%d (Luck)" % (_inv(st, a), b),
    V_BOOST: lambda st, story, a, b, seat: "%s: %+d to the test" % (
        "an ability" if a >= POWER_BASE else story.card_name[a], b - 128),
    V_EVADED: lambda st, story, a, b, seat: "%s has evaded monster %d this turn" % (_inv(st, a), b),
    V_FIRE_HURT: lambda st, story, a, b, seat: "%s is burnt (%d damage)" % (_inv(st, a), b),
    V_MSTUN: lambda st, story, a, b, seat: "monster %d is stunned" % a,
    V_POWER: lambda st, story, a, b, seat: "%s uses %s" % (_inv(st, a), power_name(story, st, a, b)),
    V_FREE: lambda st, story, a, b, seat: "%s uses %s" % (_inv(st, b), story.card_name[a]),
    V_HIDE: lambda st, story, a, b, seat: "%s %s" % (_inv(st, a), "hides" if b else "is no longer hiding"),
    V_HOLD: lambda st, story, a, b, seat: "the barricade on the door %s holds: monster %d stops" % (
        _door_name(story, b), a),
}

# tests, decks, the story and the board
_EVENTS = {
    V_REVEAL: _revealed_words,
    V_ROLL: lambda st, story, a, b, seat: "d10: %d (pass at %d or less)" % (a, b),
    V_PASS: lambda st, story, a, b, seat: "%s test passed" % PURPOSE_NAMES[a],
    V_FAIL: lambda st, story, a, b, seat: "%s test failed" % PURPOSE_NAMES[a],
    V_COMBAT: lambda st, story, a, b, seat: "combat card (%s, against %s): %s" % (
        CLASSES[story.cb_class[a]], AGAINST_NAMES[story.cb_against[a]], story.cb_text[a]),
    V_THREAT: lambda st, story, a, b, seat: "the keeper gains %d threat (%d)" % (a, b),
    V_TOKEN: lambda st, story, a, b, seat: "time token %d of %d on the event deck" % (a, b),
    V_EVENT: lambda st, story, a, b, seat: "event: %s - %s" % (story.ev_name[a], story.ev_text[a]),
    V_OBJECTIVE: lambda st, story, a, b, seat: "the keeper reveals his objective: %s - %s" % (
        story.obj_name[a], story.obj_text[a]),
    V_WIN: lambda st, story, a, b, seat: _WINNER_WORDS[a],
    V_SEAL: lambda st, story, a, b, seat: "the door %s is sealed" % _door_name(story, a),
    V_UNSEAL: lambda st, story, a, b, seat: "the door %s opens" % _door_name(story, a),
    V_DRAW: _draw_words,
    V_MYTHOS: lambda st, story, a, b, seat: "mythos: %s on %s - %s" % (story.my_name[a], _inv(st, b),
                                                                      story.my_text[a]),
    V_ROUND: lambda st, story, a, b, seat: "round %d" % a,
    V_SHUFFLE: lambda st, story, a, b, seat: "the %s combat deck is reshuffled" % CLASSES[a],
    V_FLAG: lambda st, story, a, b, seat: "%s: %s" % (story.flag_name[a], "set" if b else "cleared"),
    V_FIRE: lambda st, story, a, b, seat: "%s %s" % (story.space_name[a], "catches fire" if b else "stops burning"),
    V_DARK: lambda st, story, a, b, seat: "the %s %s" % (story.room_name[a], "goes dark" if b else "is lit"),
    V_CORPSE: lambda st, story, a, b, seat: "%s %s" % ("a corpse lies in" if b else "the corpse rises in",
                                                      story.space_name[a]),
    V_BARRIER: lambda st, story, a, b, seat: "the door %s is %s" % (
        _door_name(story, a), "barricaded" if b else "broken through: the barricade is gone"),
    V_TRAUMA: lambda st, story, a, b, seat: "%s trauma %s on %s - %s" % (
        TRAUMA_TYPES[story.trauma_type[a]], story.trauma_name[a], _inv(st, b), story.trauma_text[a]),
}
_EVENTS.update(_FIGURE_EVENTS)


def events(st, seat=KEEPER):
    """The events of the last apply, in words, as seat may see them."""
    out = []
    for i in range(st.ev_n):
        kind = st.ev[i * 3]
        a = st.ev[i * 3 + 1]
        b = st.ev[i * 3 + 2]
        if visible(st, kind, a, b, seat):
            out.append(event_text(st, kind, a, b, seat))
    return out


def describe(story, view):
    """A player's view as lines of text (what a terminal shows that player)."""
    r = viewmod.Reader(story, view)
    v = view
    me = r.viewer
    lines = []
    lines.append("%s - round %d, %s's view" % (story.title, v[viewmod.H_ROUND],
                                              "the keeper" if me == KEEPER else "investigator %d" % me))
    time = v[viewmod.H_TIME]
    lines.append("threat %d | event %d of %d: %d of %d time tokens | keeper's hand %d" % (
        r.threat, min(v[viewmod.H_EVENT] + 1, story.nevents), story.nevents, v[viewmod.H_TOKENS], time,
        v[viewmod.H_HAND]))
    obj = v[viewmod.H_OBJ]
    if obj != NONE:
        lines.append("objective%s: %s - %s" % ("" if v[viewmod.H_REVEALED] else " (secret)", story.obj_name[obj],
                                              story.obj_text[obj]))
    else:
        lines.append("objective: secret until clue 1 is found")
    for s in range(1, r.players):
        inv = r.seat(s, 0)
        if inv == NONE:
            continue
        state = r.seat(s, 6)
        status = {ST_ALIVE: "", ST_KILLED: " KILLED", ST_INSANE: " INSANE"}.get(state, "")
        status += " (hiding)" if r.hidden(s) else ""
        space = r.seat(s, 1)
        cards = ", ".join(story.card_name[c] for c in r.hand(s)) or "-"
        lines.append("%d %s%s at %s: damage %d/%d horror %d/%d skill %d stun %d | %s" % (
            s, story.inv_name[inv], status, story.space_name[space] if space != NONE else "-",
            r.seat(s, 2), story.inv_health[inv], r.seat(s, 3), story.inv_sanity[inv], r.seat(s, 4),
            r.seat(s, 5), cards))
    for m, t, space, dmg, att in r.monsters():
        lines.append("monster %d: %s (%s) at %s, damage %d/%d" % (
            m, story.type_name[t], CLASSES[story.type_class[t]], story.space_name[space], dmg, story.type_health[t]))
    for k in range(story.nrooms):
        n, down, obst, lock, pile = r.room(k)
        if not n and not lock:
            continue
        shown = []
        for c in reversed(pile):
            if c == viewmod.FACE_DOWN:
                shown.append("?")
            elif c == viewmod.OBSTACLE_BACK:
                shown.append("?obstacle")
            else:
                shown.append(story.card_name[c] + ("" if me != KEEPER or _up(r, c) else " (down)"))
        lk = ""
        if lock:
            lc = [c for c in range(story.ncards) if r.card(c)[0] in (viewmod.CW_LOCK_UP, viewmod.CW_LOCK_DOWN)
                  and r.card(c)[1] == k]
            lk = " lock: %s" % (story.card_name[lc[0]] if lc else "face down")
        lines.append("%s: %s%s" % (story.room_name[k], ", ".join(shown) if shown else "no cards", lk))
    tokens = []
    for sp in range(story.nspaces):
        if r.fire(sp):
            tokens.append("fire in %s" % story.space_name[sp])
        if r.corpse(sp):
            tokens.append("corpse in %s" % story.space_name[sp])
    for k in range(story.nrooms):
        if r.dark(k):
            tokens.append("the %s is dark" % story.room_name[k])
    for d in range(story.ndoors):
        if r.barrier(d):
            tokens.append("a barricade on the door %s" % _door_name(story, d))
    if tokens:
        lines.append("board: " + ", ".join(tokens))
    if me == KEEPER:
        e = v[viewmod.H_EVENT]
        if e < story.nevents:
            names = " / ".join(story.ev_name[i] for i in range(story.stage_first[e],
                                                               story.stage_first[e] + story.stage_rows[e]))
            lines.append("next event (keeper only): %s - %s" % (names, story.ev_text[story.stage_first[e]]))
        hand = [story.my_name[c] for c in range(story.nmythos) if r.mythos(c) == 1]
        lines.append("mythos hand: %s" % (", ".join(hand) or "-"))
    return lines


def intro(story):
    """The story's introduction, read to everyone at the start (story.tsv `intro` paragraphs)."""
    return list(story.intro)


def _up(r, c):
    return r.card(c)[0] == viewmod.CW_PILE_UP
