"""A story's monsters and decks: monsters.tsv (types and their values), trauma.tsv (optional),
keeper_actions.tsv and mythos.tsv (the keeper's cards), events.tsv (the event deck by stage, a
stage's cards picked by their conditions) and combat.tsv (a deck per monster class answering every
kind of attack). Each function takes the Story being loaded (story.py); a problem is a KernelError
naming file, line and field. Allocates (load time only).
"""

from array import array

from ...errors import KernelError
from . import vocab
from .vocab import fail, number, attribute
from .consts import (NONE, CLASSES, MAX_TYPES, MAX_MONSTERS, MAX_COMBAT, MAX_MYTHOS, MAX_KEEPER_CARDS,
                     MAX_EVENTS, MAX_TRAUMA, TRAUMA_TYPES, W_FIREARM, W_BLADED, W_BLUNT, W_UNARMED,
                     W_MONSTER, W_MELEE, W_HIDING, W_BARRIER, AGAINST_NAMES, E_HIT, E_HIT_HALF, E_BREAK,
                     E_HOLD, E_SPAWN, E_THREAT, E_TRAUMA, E_WIN, C_EVENT, C_NONE)
from .storyfiles import signed, empty, has_file
from .effectsets import HARM, ATTACK_PASS, ATTACK_FAIL, BARRIER, KEEPER_CARD, MYTHOS, EVENT, TRAUMA

AGAINST = {"firearm": W_FIREARM, "bladed": W_BLADED, "blunt": W_BLUNT, "unarmed": W_UNARMED,
           "monster": W_MONSTER, "melee": W_MELEE, "hiding": W_HIDING, "barrier": W_BARRIER}
# decks a story may add: when one class has a card against these, every class a monster uses has
OPTIONAL_DECKS = (W_HIDING, W_BARRIER)
# every class deck a monster type uses answers these
ANSWERED = (W_FIREARM, W_BLADED, W_BLUNT, W_UNARMED, W_MONSTER)


def answers(against, w):
    """True when a combat card drawn `against` answers an attack (or defence) of kind w: a melee card
    answers bladed and blunt weapons."""
    return against == w or (against == W_MELEE and (w == W_BLADED or w == W_BLUNT))


# ----- monsters.tsv ----------------------------------------------------------------------------------

def read_monsters(s):
    s.type_name = []
    s.type_index = {}
    s.type_text = []
    rows = []
    s.each("monsters.tsv", lambda where, row: rows.append(_monster(s, where, row)))
    if not s.type_name:
        s.missing("monsters.tsv: no monsters")
    s.ntypes = len(s.type_name)
    s.type_class = bytearray([r[0] for r in rows])
    s.type_count = bytearray([r[1] for r in rows])
    s.type_health = bytearray([r[2] for r in rows])
    s.type_damage = bytearray([r[3] for r in rows])
    s.type_horror = bytearray([r[4] for r in rows])
    s.type_hdamage = bytearray([r[5] for r in rows])
    s.type_aware = bytearray([r[6] for r in rows])


def _monster(s, where, row):
    """A monster type's values: (class, count, health, damage, horror + 128, horror damage,
    awareness + 128); its name registered."""
    name = row["name"]
    if not name or name in s.type_index:
        fail(where("name"), "empty or repeated monster name '%s'" % name)
    if len(s.type_name) >= MAX_TYPES:
        fail(where("name"), "more than %d monster types" % MAX_TYPES)
    values = (s.value(0, _monster_class, where, row["class"]),
              s.value(1, number, row["count"], where("count"), 1, MAX_MONSTERS),
              s.value(1, number, row["health"], where("health"), 1, 20),
              s.value(0, number, row["damage"], where("damage"), 0, 9),
              signed(s.value(0, number, row["horror"], where("horror"), -9, 9)),
              s.value(0, number, row["horror_damage"], where("horror_damage"), 0, 9),
              signed(s.value(0, number, row["awareness"], where("awareness"), -9, 9)))
    s.type_index[name] = len(s.type_name)
    s.type_name.append(name)
    s.type_text.append(row["text"])
    return values


def _monster_class(where, text):
    c = text.lower()
    if c not in CLASSES:
        fail(where("class"), "unknown class '%s' (one of %s)" % (text, ", ".join(CLASSES)))
    return CLASSES.index(c)


# ----- trauma.tsv (optional) -------------------------------------------------------------------------

def read_trauma(s):
    s.trauma_name = []
    s.trauma_text = []
    s.trauma_type = bytearray()
    s.trauma_threshold = bytearray()
    s.trauma_eff = array("H")
    if has_file(s.folder, "trauma.tsv"):
        s.each("trauma.tsv", lambda where, row: _trauma(s, where, row))
    s.ntrauma = len(s.trauma_name)


def _trauma(s, where, row):
    if len(s.trauma_name) >= MAX_TRAUMA:
        fail(where("name"), "more than %d trauma cards" % MAX_TRAUMA)
    if not row["name"]:
        fail(where("name"), "empty trauma card name")
    t = row["type"].lower()
    if t not in TRAUMA_TYPES:
        fail(where("type"), "unknown trauma type '%s' (physical or insanity)" % row["type"])
    threshold = number(row["threshold"], where("threshold"), 0, 20)
    effs = vocab.effects(row["effect"], s.names(), where("effect"), TRAUMA)
    s.trauma_name.append(row["name"])
    s.trauma_text.append(row["text"])
    s.trauma_type.append(TRAUMA_TYPES.index(t))
    s.trauma_threshold.append(threshold)
    s.trauma_eff.append(s.eff.add(effs))


# ----- keeper_actions.tsv, mythos.tsv ----------------------------------------------------------------

def read_keeper(s):
    s.kc_name = []
    s.kc_text = []
    s.kc_cost = bytearray()
    s.kc_eff = array("H")
    s.kc_when_kind = bytearray()
    s.kc_when_arg = bytearray()
    s.each("keeper_actions.tsv", lambda where, row: _keeper_card(s, where, row))
    if not s.kc_name:
        s.missing("keeper_actions.tsv: no keeper action cards")
    s.nkcards = len(s.kc_name)


def _keeper_card(s, where, row):
    if len(s.kc_name) >= MAX_KEEPER_CARDS:
        fail(where("name"), "more than %d keeper action cards" % MAX_KEEPER_CARDS)
    cost = number(row["cost"], where("cost"), 1, 20)
    effs = vocab.effects(row["effect"], s.names(), where("effect"), KEEPER_CARD)
    if len(effs) != 1:
        fail(where("effect"), "a keeper action card has one effect: spawn:MONSTER, move:N, "
             "draw_mythos:N, threat:N, raise:MONSTER, trauma, time:N, horror_one:N, damage_one:N or "
             "spawn_with:MONSTER")
    op, a, b, n = effs[0]
    if op == E_SPAWN and b != NONE:
        fail(where("effect"), "the keeper chooses where a keeper action card spawns: spawn:MONSTER")
    if op == E_THREAT and n >= cost:
        fail(where("effect"), "a keeper action card cannot gain as much threat as it costs")
    if op == E_TRAUMA and not s.ntrauma:
        fail(where("effect"), "a trauma keeper card needs the story's trauma.tsv")
    k, arg = vocab.condition_of(row["when"], s.names(), where("when"))
    s.kc_name.append(row["name"])
    s.kc_text.append(row["text"])
    s.kc_cost.append(cost)
    s.kc_eff.append(s.eff.add(effs))
    s.kc_when_kind.append(k)
    s.kc_when_arg.append(arg)


def read_mythos(s):
    s.my_name = []
    s.my_text = []
    s.my_cost = bytearray()
    s.my_eff = array("H")
    s.each("mythos.tsv", lambda where, row: _mythos_card(s, where, row))
    s.nmythos = len(s.my_name)


def _mythos_card(s, where, row):
    if len(s.my_name) >= MAX_MYTHOS:
        fail(where("name"), "more than %d mythos cards" % MAX_MYTHOS)
    cost = number(row["cost"], where("cost"), 0, 20)
    effs = vocab.effects(row["effect"], s.names(), where("effect"), MYTHOS)
    if not effs:
        fail(where("effect"), "a mythos card needs an effect")
    s.my_name.append(row["name"])
    s.my_text.append(row["text"])
    s.my_cost.append(cost)
    s.my_eff.append(s.eff.add(effs))


# ----- events.tsv ------------------------------------------------------------------------------------

def read_events(s):
    """Event cards (rows) and the deck's stages: a stage is one card's place in the deck (its back
    shows the time number); a stage with alternatives (3A/3B) resolves its first row whose `when`
    holds, and its last row has none."""
    s.ev_name = []
    s.ev_text = []
    s.ev_time = bytearray()
    s.ev_eff = array("H")
    s.ev_stage = bytearray()
    s.ev_when_kind = bytearray()
    s.ev_when_arg = bytearray()
    wheres = []
    staged = []             # [whether the file gives stages], set by its first card
    s.each("events.tsv", lambda where, row: _event_card(s, staged, wheres, where, row))
    if not s.ev_name:
        s.missing("events.tsv: no event cards")
        s.nrows = s.nevents = 0
        return
    s.guard(_check_stage_ends, s, wheres)
    _stages(s)
    s.guard(_check_event_objectives, s)


def _event_card(s, staged, wheres, where, row):
    if len(s.ev_name) >= MAX_EVENTS:
        fail(where("name"), "more than %d event cards" % MAX_EVENTS)
    time = s.value(s.ev_time[-1] if s.ev_time else 1, number, row["time"], where("time"), 1, 20)
    effs = s.value([], vocab.effects, row["effect"], s.names(), where("effect"), EVENT)
    has_stage = not empty(row["stage"])
    if not staged:
        staged.append(has_stage)
    elif staged[0] != has_stage:
        fail(where("stage"), "give every event card its stage, or none")
    k = number(row["stage"], where("stage"), 1, MAX_EVENTS) if has_stage else len(s.ev_name) + 1
    last = s.ev_stage[-1] if s.ev_stage else 0
    if k != last and k != last + 1:
        fail(where("stage"), "stages are numbered 1, 2, ... in deck order (the rows of a stage together)")
    if k == last and time != s.ev_time[-1]:
        fail(where("time"), "the cards of one stage share their back's time number")
    if k == last and s.ev_when_kind[-1] == 0:
        fail(wheres[-1]("when"), "only the last card of a stage goes without a condition")
    kind, arg = vocab.condition_of(row["when"], s.names(), where("when"))
    s.ev_time.append(time)
    s.ev_name.append(row["name"])
    s.ev_text.append(row["text"])
    s.ev_eff.append(s.eff.add(effs))
    s.ev_stage.append(k)
    s.ev_when_kind.append(kind)
    s.ev_when_arg.append(arg)
    wheres.append(where)


def _check_stage_ends(s, wheres):
    """The last card of every stage goes without a condition."""
    stage = s.ev_stage
    last = len(stage) - 1
    for i in [last] + list(range(last)):
        if (i == last or stage[i + 1] != stage[i]) and s.ev_when_kind[i] != 0:
            fail(wheres[i]("when"), "the last card of a stage goes without a condition")


def _stages(s):
    stage = s.ev_stage
    s.nrows = len(s.ev_name)
    n = stage[-1]
    s.nevents = n                     # the deck's stages
    s.stage_first = bytearray(n)
    s.stage_rows = bytearray(n)
    for i in range(len(stage) - 1, -1, -1):
        s.stage_first[stage[i] - 1] = i
        s.stage_rows[stage[i] - 1] += 1
    s.stage_time = bytearray([s.ev_time[s.stage_first[k]] for k in range(n)])


def _check_event_objectives(s):
    """An objective's event exists; an objective leaving a side's end to the events has an event
    that names a winner."""
    for k in range(len(s.obj_keeper)):
        kind, a, _ = s.obj_keeper[k]
        if kind == C_EVENT and a >= s.nevents:
            raise KernelError("story", "objectives.tsv: objective %d names event %d of %d" % (
                k + 1, a + 1, s.nevents))
    decides = any(op == E_WIN for i in range(s.nrows) for op, _, _, _ in s.eff.ops(s.ev_eff[i]))
    for k in range(len(s.obj_keeper)):
        if (s.obj_keeper[k][0] == C_NONE or s.obj_inv[k][0] == C_NONE) and not decides:
            raise KernelError("story", "objectives.tsv: objective %d leaves a side's end to the events "
                              "('-'), and no event card has win:SIDE" % (k + 1))


# ----- combat.tsv ------------------------------------------------------------------------------------

def read_combat(s):
    rows = []
    s.each("combat.tsv", lambda where, row: rows.append(_combat_card(s, rows, where, row)))
    # grouped by class, file order within a class
    order = []
    for k in range(len(CLASSES)):
        for r in rows:
            if r[0] == k:
                order.append(r)
    n = len(order)
    s.ncombat = n
    s.cb_class = bytearray([r[0] for r in order])
    s.cb_against = bytearray([r[1] for r in order])
    s.cb_attr = bytearray([r[2] for r in order])
    s.cb_mod = bytearray([signed(r[3]) for r in order])
    s.cb_pass = array("H", [r[4] for r in order])
    s.cb_fail = array("H", [r[5] for r in order])
    s.cb_text = [r[6] for r in order]
    _class_decks(s)
    s.guard(_check_decks_answer, s)
    s.has_hiding = _any_against(s, W_HIDING)
    s.has_barrier = _any_against(s, W_BARRIER)


def _combat_card(s, rows, where, row):
    """One combat card: (class, against, attribute, modifier, pass list, fail list, text)."""
    c = row["class"].lower()
    if c not in CLASSES:
        fail(where("class"), "unknown class '%s'" % row["class"])
    against = row["against"].lower()
    if against not in AGAINST:
        fail(where("against"), "unknown '%s' (firearm, bladed, blunt, melee, unarmed, monster, hiding or "
             "barrier)" % against)
    w = AGAINST[against]
    attr, mod = s.value((0, 0), _combat_test, w, row["test"], where("test"))
    names = s.names()
    if w == W_MONSTER or w == W_HIDING:
        passed = s.value([], vocab.effects, row["pass"], names, where("pass"), HARM)
        failed = s.value([], vocab.effects, row["fail"], names, where("fail"), HARM)
    elif w == W_BARRIER:
        passed = s.value([], _barrier, row["pass"], names, where("pass"))
        failed = s.value([], _nothing_on_failure, row["fail"], where("fail"))
    else:
        passed = s.value([], _strike, row["pass"], names, where("pass"))
        failed = s.value([], vocab.effects, row["fail"], names, where("fail"), ATTACK_FAIL)
    if len(rows) >= MAX_COMBAT:
        fail(where("class"), "more than %d combat cards" % MAX_COMBAT)
    return (CLASSES.index(c), w, attr, mod, s.eff.add(passed), s.eff.add(failed), row["text"])


def _combat_test(w, text, where):
    """(attribute, modifier) of a card's test; a barrier card tests no one ('-')."""
    if w == W_BARRIER:
        if not empty(text):
            fail(where, "a barrier card tests no one: '-' (its pass says whether the barricade holds)")
        return 0, 0
    parts = text.split(":")
    if len(parts) != 2:
        fail(where, "a combat card's test is ATTRIBUTE:MODIFIER")
    return attribute(parts[0], where), number(parts[1], where, -9, 9)


def _strike(text, names, where):
    """An investigator's combat card passed: the damage to the monster (hit:N, or hit_half:ATTRIBUTE
    for half the attacker's attribute), the weapon modifiers, a stun, and what it costs him."""
    passed = vocab.effects(text, names, where, ATTACK_PASS)
    if sum(1 for e in passed if e[0] == E_HIT or e[0] == E_HIT_HALF) != 1:
        fail(where, "an investigator's combat card hits when passed: one hit:N (or hit_half:ATTRIBUTE), "
             "with weapon:KIND:N, stun_monster and what it costs the attacker")
    return passed


def _barrier(text, names, where):
    """A barrier card: break (the barricade gives way) or hold (the monster's move ends)."""
    effs = vocab.effects(text, names, where, BARRIER)
    if sum(1 for e in effs if e[0] == E_BREAK or e[0] == E_HOLD) != 1:
        fail(where, "a barrier card says break (the barricade gives way) or hold (the monster stops), once")
    return effs


def _nothing_on_failure(text, where):
    if not empty(text):
        fail(where, "a barrier card tests no one, so it has no failure: '-'")
    return []


def _class_decks(s):
    """Where each class's deck starts among the cards (grouped by class) and how many it holds."""
    n = s.ncombat
    s.class_start = bytearray(len(CLASSES))
    s.class_count = bytearray(len(CLASSES))
    for k in range(len(CLASSES)):
        first = n
        count = 0
        for i in range(n):
            if s.cb_class[i] == k:
                first = min(first, i)
                count += 1
        s.class_start[k] = first if count else 0
        s.class_count[k] = count


def _any_against(s, w):
    """Some combat card answers w (a loop: MicroPython's bytearray has no `in` for an int)."""
    for i in range(s.ncombat):
        if s.cb_against[i] == w:
            return True
    return False


def _check_decks_answer(s):
    """Every class a monster type uses has a card against each kind of attack and the monster's, and
    against hiding and barriers when any class has one."""
    needed = ANSWERED + tuple(w for w in OPTIONAL_DECKS if _any_against(s, w))
    for t in range(s.ntypes):
        k = s.type_class[t]
        for w in needed:
            if not any(s.cb_class[i] == k and answers(s.cb_against[i], w) for i in range(s.ncombat)):
                raise KernelError("story", "combat.tsv: the %s deck (for '%s') has no card against %s" % (
                    CLASSES[k], s.type_name[t], AGAINST_NAMES[w]))
