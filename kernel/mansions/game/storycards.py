"""A story's cards and where the keeper's guide puts them: cards.tsv (exploration, obstacle, lock,
starting item and spell cards: types, clue numbers, keys, requirements, attacks, abilities, found
effects, spell decks), guide.tsv (the keeper's questions) and piles.tsv (each room's pile under every
combination of the guide's answers, the clues numbered 1 .. N once each). Each function takes the
Story being loaded (story.py); a problem is a KernelError naming file, line and field. Allocates
(load time only).
"""

from array import array

from ...errors import KernelError
from . import vocab
from .vocab import fail, number, attribute, lookup
from .consts import (NONE, MAX_CARDS, MAX_QUESTIONS, PILE_CAP, K_EXPLORATION, K_OBSTACLE, K_LOCK, K_ITEM,
                     K_SPELL, CARD_KINDS, TYPE_NAMES, T_CLUE, T_KEY, T_WEAPON, T_NOTHING, R_CARD, R_TEST,
                     R_PUZZLE, R_KEY, W_FIREARM, W_BLADED, W_BLUNT, W_SPELL, E_HEAL, E_CALM, E_SKILL,
                     E_LEARN, E_DISCARD, E_NOTHING, E_REVEAL, E_FLAG, E_UNFLAG, E_ONCE, E_LIGHT, E_BONUS,
                     E_MODIFY, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD, U_TEST, U_ALWAYS, U_NONE)
from .storyfiles import signed, empty
from .effectsets import FOUND

_ATTACK_KINDS = {"firearm": W_FIREARM, "bladed": W_BLADED, "blunt": W_BLUNT, "spell": W_SPELL}
_ABILITY = (E_HEAL, E_CALM, E_SKILL, E_LEARN, E_DISCARD, E_NOTHING, E_REVEAL, E_FLAG, E_UNFLAG, E_ONCE,
            E_LIGHT)
_TEST_ABILITY = (E_BONUS, E_DISCARD, E_ONCE, E_NOTHING)
_ALWAYS = (E_MODIFY, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD, E_NOTHING)
_UNRESOLVED = NONE - 1      # a card name resolved once every card is known


# ----- cards.tsv -------------------------------------------------------------------------------------

def read_cards(s):
    rows = []
    s.card_name = []
    s.card_index = {}
    s.deck_index = {}
    s.deck_name = []
    s.each("cards.tsv", lambda where, row: _card_name(s, rows, where, row))
    n = len(rows)
    s.ncards = n
    _card_tables(s, n)
    for c in range(n):
        s.card_text.append(rows[c][1]["text"])
        s.guard(_card_fields, s, c, rows[c][0], rows[c][1])
    s.ndecks = len(s.deck_name)
    for c in range(n):
        s.guard(_card_names, s, c, rows[c][0], rows[c][1])
    s.guard(_check_obstacle_keys, s)
    for c in range(n):
        s.guard(_check_learnt, s, c, rows[c][0])


def _card_name(s, rows, where, row):
    name = row["name"]
    if not name:
        fail(where("name"), "empty card name")
    if name in s.card_index:
        fail(where("name"), "card '%s' listed twice (give copies their own names)" % name)
    if len(rows) >= MAX_CARDS:
        fail(where("name"), "more than %d cards" % MAX_CARDS)
    s.card_index[name] = len(rows)
    s.card_name.append(name)
    rows.append((where, row))


def _card_tables(s, n):
    s.card_kind = bytearray(n)
    s.card_types = bytearray(n)
    s.card_clue = bytearray(n)
    s.card_opens = bytearray([NONE] * n)
    s.req_kind = bytearray(n)
    s.req_a = bytearray(n)
    s.req_b = bytearray(n)
    s.atk_kind = bytearray(n)
    s.atk_a = bytearray(n)
    s.atk_b = bytearray(n)
    s.atk_range = bytearray(n)
    s.card_ability = array("H", [0xFFFF] * n)
    s.card_use = bytearray([U_NONE] * n)
    s.card_found = array("H", [0xFFFF] * n)
    s.card_deck = bytearray([NONE] * n)
    s.card_text = []


def _card_fields(s, c, where, row):
    """Everything of card c that needs no other card's name (kind, types, clue, requirement, attack,
    spell deck)."""
    kind = row["kind"].lower()
    if kind not in CARD_KINDS:
        fail(where("kind"), "unknown kind '%s' (one of %s)" % (row["kind"], ", ".join(CARD_KINDS)))
    k = CARD_KINDS.index(kind)
    s.card_kind[c] = k
    types = _types(k, where, row["types"])
    s.card_types[c] = types
    _clue(s, c, types, where, row["clue"])
    _opens(s, c, types, where, row["opens"])
    _requirement(s, c, k, where, row["requires"])
    _attack(s, c, k, types, where, row["attack"])
    _deck(s, c, k, where, row["deck"])


def _types(k, where, text):
    types = 0
    if not empty(text):
        if k != K_EXPLORATION:
            fail(where("types"), "only exploration cards have types")
        for t in text.split(","):
            t = t.strip().lower()
            if t not in TYPE_NAMES:
                fail(where("types"), "unknown type '%s' (one of %s)" % (t, ", ".join(TYPE_NAMES)))
            types |= 1 << TYPE_NAMES.index(t)
    if k == K_EXPLORATION and not types:
        fail(where("types"), "an exploration card needs a type")
    if types & T_NOTHING and types != T_NOTHING:
        fail(where("types"), "'nothing' (of interest) cannot be combined with another type")
    return types


def _clue(s, c, types, where, text):
    if not empty(text):
        if not types & T_CLUE:
            fail(where("clue"), "a clue number on a card that is not a clue")
        s.card_clue[c] = number(text, where("clue"), 1, 20)
    elif types & T_CLUE:
        fail(where("clue"), "a clue card needs its number (1 is the last found)")


def _opens(s, c, types, where, text):
    if not empty(text):
        if not types & T_KEY:
            fail(where("opens"), "only a key opens a lock or an obstacle")
        s.card_opens[c] = _UNRESOLVED
    elif types & T_KEY:
        fail(where("opens"), "a key names the lock or obstacle it opens")


def _requirement(s, c, k, where, req):
    """What a lock or an obstacle requires: card:NAME, test:ATTRIBUTE:MODIFIER, puzzle:N or key."""
    if k != K_LOCK and k != K_OBSTACLE:
        if not empty(req):
            fail(where("requires"), "only locks and obstacles have requirements")
        return
    if empty(req):
        fail(where("requires"), "a %s says what it requires" % CARD_KINDS[k])
    parts = [p.strip() for p in req.split(":")]
    what = parts[0].lower()
    if k == K_LOCK and what == "card" and len(parts) == 2:
        s.req_kind[c] = R_CARD
        s.req_a[c] = _UNRESOLVED
    elif k == K_LOCK and what == "test" and len(parts) == 3:
        a = attribute(parts[1], where("requires"))
        s.req_b[c] = signed(number(parts[2], where("requires"), -9, 9))
        s.req_a[c] = a
        s.req_kind[c] = R_TEST
    elif what == "puzzle" and len(parts) == 2:
        s.req_b[c] = number(parts[1], where("requires"), 0, 9)
        s.req_kind[c] = R_PUZZLE
    elif k == K_OBSTACLE and what == "key" and len(parts) == 1:
        s.req_kind[c] = R_KEY
    else:
        fail(where("requires"), "a lock requires card:NAME, test:ATTRIBUTE:MODIFIER or "
             "puzzle:N; an obstacle key or puzzle:N (not '%s')" % req)


def _attack(s, c, k, types, where, atk):
    """A weapon (firearm|bladed|blunt:BONUS[:RANGE]) or an attack spell (spell:MODIFIER:DAMAGE[:RANGE])."""
    if empty(atk):
        if types & T_WEAPON:
            fail(where("attack"), "a weapon says how it attacks (firearm|bladed|blunt:BONUS)")
        return
    parts = [p.strip() for p in atk.split(":")]
    what = parts[0].lower()
    if what not in _ATTACK_KINDS:
        fail(where("attack"), "unknown attack '%s' (firearm, bladed, blunt or spell)" % what)
    w = _ATTACK_KINDS[what]
    if w == W_SPELL:
        if k != K_SPELL or len(parts) not in (3, 4):
            fail(where("attack"), "a spell card attacks with spell:MODIFIER:DAMAGE[:RANGE]")
    else:
        if k not in (K_EXPLORATION, K_ITEM) or len(parts) not in (2, 3):
            fail(where("attack"), "a weapon attacks with firearm|bladed|blunt:BONUS[:RANGE] (BONUS -9 .. 9)")
        if k == K_EXPLORATION and not types & T_WEAPON:
            fail(where("attack"), "an exploration card that attacks has the type weapon")
    s.atk_a[c] = signed(number(parts[1], where("attack"), -9, 9))
    if w == W_SPELL:
        s.atk_b[c] = number(parts[2], where("attack"), 1, 9)
    s.atk_kind[c] = w
    if len(parts) == (4 if w == W_SPELL else 3):
        s.atk_range[c] = number(parts[-1], where("attack"), 0, 9)


def _deck(s, c, k, where, d):
    if empty(d):
        return
    if k != K_SPELL:
        fail(where("deck"), "only spell cards belong to a spell deck")
    if d in s.card_index:
        fail(where("deck"), "a spell deck's name must differ from every card's ('%s')" % d)
    if d not in s.deck_index:
        s.deck_index[d] = len(s.deck_name)
        s.deck_name.append(d)
    s.card_deck[c] = s.deck_index[d]


def _card_names(s, c, where, row):
    """What of card c names other cards: the lock or obstacle a key opens, the card a lock asks for,
    its ability and its found effects."""
    if s.card_opens[c] == _UNRESOLVED:
        t = lookup(s.card_index, row["opens"], "card", where("opens"))
        if s.card_kind[t] not in (K_LOCK, K_OBSTACLE):
            fail(where("opens"), "'%s' is not a lock or an obstacle" % row["opens"])
        s.card_opens[c] = t
    if s.req_kind[c] == R_CARD:
        name = row["requires"].split(":", 1)[1].strip()
        s.req_a[c] = lookup(s.card_index, name, "card", where("requires"))
    if not empty(row["ability"]):
        if s.card_kind[c] not in (K_EXPLORATION, K_ITEM, K_SPELL):
            fail(where("ability"), "only carried cards have an ability")
        use, rest = vocab.use_of(row["ability"])
        s.card_ability[c] = ability(s, use, rest, where("ability"))
        s.card_use[c] = use
    if not empty(row["found"]):
        if s.card_kind[c] != K_EXPLORATION:
            fail(where("found"), "only exploration cards act when found")
        s.card_found[c] = s.eff.add(vocab.effects(row["found"], s.names(), where("found"), FOUND))


def _check_obstacle_keys(s):
    for c in range(s.ncards):
        if s.card_kind[c] == K_OBSTACLE and s.req_kind[c] == R_KEY:
            if not any(s.card_opens[k] == c for k in range(s.ncards)):
                raise KernelError("story", "cards.tsv: no key opens the obstacle '%s'" % s.card_name[c])


def _check_learnt(s, c, where):
    """A card's `learn:NAME` names a spell card (or a spell deck)."""
    k = s.card_ability[c]
    if k == 0xFFFF:
        return
    eff = s.eff
    for i in range(eff.start[k], eff.start[k] + eff.count[k]):
        if eff.op[i] == E_LEARN and eff.b[i] == 0 and s.card_kind[eff.a[i]] != K_SPELL:
            fail(where("ability"), "learn names a spell card or a spell deck, not '%s'" % s.card_name[eff.a[i]])


def ability(s, use, rest, where):
    """An ability's effect list for its timing (a carried card's, an investigator's, a trait's)."""
    allowed = _TEST_ABILITY if use == U_TEST else _ALWAYS if use == U_ALWAYS else _ABILITY
    effs = vocab.effects(rest, s.names(), where, allowed)
    if not effs:
        fail(where, "an ability needs effects after its timing")
    if use == U_TEST and not any(e[0] == E_BONUS for e in effs):
        fail(where, "a 'roll' ability adds to the test: bonus:N")
    return s.eff.add(effs)


def power(s, text, where):
    """An investigator's or a trait's ability: (effect list, timing), (0xFFFF, U_NONE) for none."""
    if empty(text):
        return 0xFFFF, U_NONE
    use, rest = vocab.use_of(text)
    return ability(s, use, rest, where), use


# ----- guide.tsv, piles.tsv --------------------------------------------------------------------------

def read_guide(s):
    answers = bytearray(MAX_QUESTIONS)
    s.answer_text = {}
    seen = bytearray(1)             # the highest question so far
    s.each("guide.tsv", lambda where, row: _answer(s, answers, seen, where, row))
    nq = seen[0]
    if nq == 0:
        raise KernelError("story", "guide.tsv: no questions (question 1 chooses the objective)")
    s.nquestions = nq
    s.answers = bytearray(answers[:nq])


def _answer(s, answers, seen, where, row):
    q = number(row["question"], where("question"), 1, MAX_QUESTIONS)
    a = number(row["answer"], where("answer"), 1, 9)
    if q > seen[0] + 1:
        fail(where("question"), "questions are numbered 1, 2, ... in order")
    if a != answers[q - 1] + 1:
        fail(where("answer"), "answers of question %d are numbered 1, 2, ... in order" % q)
    answers[q - 1] = a
    seen[0] = max(seen[0], q)
    s.answer_text[(q - 1, a - 1)] = row["text"]


def read_piles(s):
    s.pile_room = bytearray()
    s.pile_card = bytearray()
    s.pile_q = bytearray()
    s.pile_a = bytearray()
    wheres = []
    s.each("piles.tsv", lambda where, row: _pile_line(s, wheres, where, row))
    # every combination of answers gives valid piles; only the questions a pile line names can
    # change the piles, so the others are held at their first answer
    asked = [q for q in range(s.nquestions) if any(s.pile_q[i] == q for i in range(len(s.pile_card)))]
    combos = 1
    for q in asked:
        combos *= s.answers[q]
    chosen = bytearray(s.nquestions)
    for k in range(combos):
        x = k
        for q in asked:
            chosen[q] = x % s.answers[q]
            x //= s.answers[q]
        s.guard(_check_combination, s, chosen, wheres, asked)


def _pile_line(s, wheres, where, row):
    r = lookup(s.room_index, row["room"], "room", where("room"))
    c = lookup(s.card_index, row["card"], "card", where("card"))
    if s.card_kind[c] in (K_ITEM, K_SPELL):
        fail(where("card"), "'%s' is a starting %s, not a card for a room" % (row["card"], CARD_KINDS[s.card_kind[c]]))
    w = row["when"]
    if w in ("", "-", "always"):
        q, a = NONE, NONE
    else:
        parts = w.split("=")
        if len(parts) != 2:
            fail(where("when"), "write the guide's answer as QUESTION=ANSWER, e.g. 2=1")
        q = number(parts[0], where("when"), 1, s.nquestions) - 1
        a = number(parts[1], where("when"), 1, s.answers[q]) - 1
    s.pile_room.append(r)
    s.pile_card.append(c)
    s.pile_q.append(q)
    s.pile_a.append(a)
    wheres.append(where)


def _check_combination(s, chosen, wheres, asked):
    """The piles under one combination of the guide's answers: each card placed once, one lock a
    room, piles that fit, the clues numbered 1 .. N once each."""
    used = {}
    locks = bytearray(s.nrooms)
    sizes = bytearray(s.nrooms)
    clues = []
    text = ", ".join("%d=%d" % (q + 1, chosen[q] + 1) for q in asked) or "any"
    for i in range(len(s.pile_card)):
        if not s.placed(i, chosen):
            continue
        c = s.pile_card[i]
        r = s.pile_room[i]
        if c in used:
            fail(wheres[i]("card"), "'%s' is placed twice under the answers %s" % (s.card_name[c], text))
        used[c] = 1
        if s.card_kind[c] == K_LOCK:
            if locks[r]:
                fail(wheres[i]("card"), "a second lock card in '%s' under the answers %s" % (s.room_name[r], text))
            locks[r] = 1
        else:
            sizes[r] += 1
            if sizes[r] > PILE_CAP - 4:
                fail(wheres[i]("card"), "more than %d cards in '%s'" % (PILE_CAP - 4, s.room_name[r]))
        if s.card_types[c] & T_CLUE:
            clues.append(s.card_clue[c])
    clues.sort()
    if not clues or clues != list(range(1, len(clues) + 1)):
        raise KernelError("story", "piles.tsv: under the answers %s the clues placed are %s; they must be"
                          " numbered 1 .. N once each" % (text, clues))
