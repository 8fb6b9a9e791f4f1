"""A story's two sides: objectives.tsv (the keeper's three objectives, how each side wins, what the
reveal sets up), investigators.tsv (health, sanity, the seven attributes, a character ability) and
traits.tsv (each investigator's trait cards: skill points, a starting item or spell, attributes, an
ability). Each function takes the Story being loaded (story.py); a problem is a KernelError naming
file, line and field. Allocates (load time only).
"""

from array import array

from ...errors import KernelError
from . import vocab
from .vocab import fail, number, attribute, lookup
from .consts import NONE, NATTR, ATTRIBUTES, MAX_INVESTIGATORS, MAX_TRAITS, K_ITEM, K_SPELL, U_NONE
from .storyfiles import empty
from .storycards import power
from .effectsets import REVEAL


# ----- objectives.tsv --------------------------------------------------------------------------------

def read_objectives(s):
    s.obj_name = []
    s.obj_text = []
    s.obj_keeper = []
    s.obj_inv = []
    s.obj_reveal = array("H")
    s.each("objectives.tsv", lambda where, row: _objective(s, where, row))
    if len(s.obj_name) != 3:
        s.missing("objectives.tsv: a story has three objectives, not %d" % len(s.obj_name))
    if s.answers[0] != 3:
        s.missing("guide.tsv: question 1 chooses the objective and needs 3 answers")


def _objective(s, where, row):
    a = number(row["answer"], where("answer"), 1, 9)
    if a != len(s.obj_name) + 1:
        fail(where("answer"), "objectives are numbered 1, 2, 3 in order")
    names = s.names()
    keeper = s.value((0, 0, 0), vocab.condition, row["keeper_wins"], names, where("keeper_wins"), "keeper")
    inv = s.value((0, 0, 0), vocab.condition, row["investigators_win"], names, where("investigators_win"),
                  "investigators")
    reveal = s.value([], vocab.effects, row["reveal"], names, where("reveal"), REVEAL)
    s.obj_name.append(row["name"])
    s.obj_text.append(row["text"])
    s.obj_keeper.append(keeper)
    s.obj_inv.append(inv)
    s.obj_reveal.append(s.eff.add(reveal))


# ----- investigators.tsv -----------------------------------------------------------------------------

def read_investigators(s):
    s.inv_name = []
    s.inv_text = []
    s.inv_index = {}
    s.inv_health = bytearray()
    s.inv_sanity = bytearray()
    s.inv_attr = bytearray()
    s.inv_power = array("H")
    s.inv_power_use = bytearray()
    s.each("investigators.tsv", lambda where, row: _investigator(s, where, row))
    if not s.inv_name:
        s.missing("investigators.tsv: no investigators")
    s.ninv = len(s.inv_name)


def _investigator(s, where, row):
    name = row["name"]
    if not name or name in s.inv_index:
        fail(where("name"), "empty or repeated investigator '%s'" % name)
    if len(s.inv_name) >= MAX_INVESTIGATORS:
        fail(where("name"), "more than %d investigators" % MAX_INVESTIGATORS)
    health = s.value(1, number, row["health"], where("health"), 1, 20)
    sanity = s.value(1, number, row["sanity"], where("sanity"), 1, 20)
    attrs = bytearray([s.value(0, number, row[a], where(a), 0, 10) for a in ATTRIBUTES])
    p, u = s.value((0xFFFF, U_NONE), power, s, row["ability"], where("ability"))
    s.inv_index[name] = len(s.inv_name)
    s.inv_name.append(name)
    s.inv_text.append(row["text"])
    s.inv_health.append(health)
    s.inv_sanity.append(sanity)
    s.inv_attr.extend(attrs)
    s.inv_power.append(p)
    s.inv_power_use.append(u)


# ----- traits.tsv ------------------------------------------------------------------------------------

def read_traits(s):
    s.tr_name = []
    s.tr_text = []
    s.tr_inv = bytearray()
    s.tr_skill = bytearray()
    s.tr_item = bytearray()
    s.tr_attr = bytearray()
    s.tr_power = array("H")
    s.tr_power_use = bytearray()
    per = bytearray(s.ninv)
    owner = {}
    s.each("traits.tsv", lambda where, row: _trait(s, per, owner, where, row))
    for i in range(s.ninv):
        if per[i] < 2:
            s.guard(_too_few_traits, s, i)
    s.ntraits = len(s.tr_name)


def _too_few_traits(s, i):
    raise KernelError("story", "traits.tsv: '%s' needs at least two trait cards" % s.inv_name[i])


def _trait(s, per, owner, where, row):
    i = lookup(s.inv_index, row["investigator"], "investigator", where("investigator"))
    if per[i] >= MAX_TRAITS:
        fail(where("name"), "more than %d traits for one investigator" % MAX_TRAITS)
    skill = number(row["skill"], where("skill"), 0, 9)
    item = _trait_item(s, owner, where, row["item"])
    values = _trait_attributes(where, row["attributes"])
    p, u = power(s, row["ability"], where("ability"))
    per[i] += 1
    if item != NONE:
        owner[item] = 1
    s.tr_name.append(row["name"])
    s.tr_text.append(row["text"])
    s.tr_inv.append(i)
    s.tr_skill.append(skill)
    s.tr_item.append(item)
    s.tr_attr.extend(values)
    s.tr_power.append(p)
    s.tr_power_use.append(u)


def _trait_item(s, owner, where, text):
    """The starting item or spell a trait gives (NONE: none); each belongs to one trait."""
    if text in ("", "-"):
        return NONE
    c = lookup(s.card_index, text, "card", where("item"))
    if s.card_kind[c] not in (K_ITEM, K_SPELL):
        fail(where("item"), "'%s' is not a starting item or spell" % text)
    if c in owner:
        fail(where("item"), "'%s' is already the item of another trait" % text)
    return c


def _trait_attributes(where, text):
    """The attributes a trait sets ('strength=3,dexterity=4'): NATTR bytes, NONE where not set."""
    values = bytearray([NONE] * NATTR)
    if empty(text):
        return values
    for part in text.split(","):
        kv = part.split("=")
        if len(kv) != 2:
            fail(where("attributes"), "write ATTRIBUTE=N, comma separated: strength=3,dexterity=4")
        a = attribute(kv[0], where("attributes"))
        if values[a] != NONE:
            fail(where("attributes"), "'%s' given twice" % ATTRIBUTES[a])
        values[a] = number(kv[1], where("attributes"), 0, 10)
    return values
