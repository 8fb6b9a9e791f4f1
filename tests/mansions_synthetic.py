"""A synthetic Mansions of Madness story at a published story's size, with every feature of the schema:
a 5-stage branching event deck (conditions on clues, the objective and flags; an event that reveals
the objective; events where the keeper draws mythos cards, picks the investigator who suffers, puts a
time token on the deck and places a monster in an investigator's room; the last event deciding the
winner by objective), the 129 combat cards of the published decks (melee cards and weapon modifiers,
weapon damage lowered, passes that cost the attacker, failures that still hurt the monster, weapons
dropped, the keeper moving a monster, monsters hurting with their own values, unarmed damage of half
the strength; 13 hiding and 13 barrier cards), 35 mythos and 30 trauma cards, 6 guide questions,
fire, darkness, corpses, a spell deck, conditional keeper cards, equipment of every timing, ranged
weapons and spells, rooms across tile edges. Every name is invented here; no published text.

`write_story(folder)` writes it; `ENDINGS` lists the last stage's endings (for the handheld's golden
frames)."""

from pathlib import Path

ROOMS = ("Brine Vestibule", "Orrery Hall", "Tidewell Gallery", "Lens Workshop", "Kelp Library",
         "Chart Room", "Ballast Cellar", "Salt Chapel", "Gull Loft", "Pump House", "Lamp Room",
         "Drowned Nave", "Barnacle Stair", "Coral Study", "Wrack Kitchen", "Fog Garden", "Well Shaft",
         "Copper Dome")
TILES = ("quay", "tower", "crypt", "dome")


def _tsv(folder, name, header, rows, comment=None):
    text = ("# %s\n" % comment if comment else "") + "\t".join(header) + "\n"
    text += "".join("\t".join(str(c) for c in row) + "\n" for row in rows)
    (Path(folder) / name).write_text(text, encoding="utf-8")


def _spaces():
    """Two spaces per room (A, B), four tiles; returns (space rows, link rows)."""
    spaces, links = [], []
    for i, room in enumerate(ROOMS):
        tile = TILES[i * len(TILES) // len(ROOMS)]
        spaces += [(room + " A", room, tile), (room + " B", room, tile)]
        links.append((room + " A", room + " B", "line"))
    for i in range(len(ROOMS) - 1):            # a chain of doors B -> next A
        links.append((ROOMS[i] + " B", ROOMS[i + 1] + " A", "door"))
    links += [(ROOMS[0] + " A", ROOMS[5] + " A", "door"), (ROOMS[3] + " A", ROOMS[9] + " B", "door"),
              (ROOMS[12] + " A", ROOMS[16] + " B", "door"),
              (ROOMS[4] + " B", ROOMS[8] + " A", "edge"),             # across the quay/tower edge
              (ROOMS[4] + " A", ROOMS[8] + " B", "edge-diagonal"),
              (ROOMS[2] + " A", ROOMS[7] + " A", "sealed-door"),
              (ROOMS[6] + " A", ROOMS[10] + " A", "wall")]
    return spaces, links


# cards: name kind types clue opens requires attack ability text found deck
CARDS = [
    ("Sextant Fragment", "exploration", "clue", 3, "-", "-", "-", "-", "A brass arc with a date scratched in.", "flag:sextant-read", "-"),
    ("Tide Table", "exploration", "clue", 2, "-", "-", "-", "-", "Low water is marked in red.", "-", "-"),
    ("Keeper's Log", "exploration", "clue", 1, "-", "-", "-", "-", "The last entry says what the tower wants.", "reveal", "-"),
    ("Verdigris Key", "exploration", "key", "-", "Sealed Hatch", "-", "-", "-", "Green with age.", "-", "-"),
    ("Gaff Hook", "exploration", "key,weapon", "-", "Fallen Rigging", "-", "bladed:1", "-", "Long and barbed.", "-", "-"),
    ("Signal Pistol", "exploration", "weapon", "-", "-", "-", "firearm:2:3", "-", "Range 3.", "-", "-"),
    ("Harpoon Gun", "exploration", "weapon", "-", "-", "-", "firearm:1:2", "-", "Range 2.", "-", "-"),
    ("Belaying Pin", "exploration", "weapon", "-", "-", "-", "blunt:1", "-", "Hardwood.", "-", "-"),
    ("Whaler's Flensing Knife", "exploration", "weapon", "-", "-", "-", "bladed:0", "-", "Curved.", "-", "-"),
    ("Oilskin Kit", "exploration", "equipment", "-", "-", "-", "-", "heal:2;discard", "Action: heal 2.", "-", "-"),
    ("Ammonia Vial", "exploration", "equipment", "-", "-", "-", "-", "free;calm:2;discard", "No action: recover 2 sanity.", "-", "-"),
    ("Bosun's Whistle", "exploration", "equipment", "-", "-", "-", "-", "always;evade:+1", "Always: +1 on evade tests.", "-", "-"),
    ("Storm Lamp", "exploration", "equipment,light", "-", "-", "-", "-", "free;light", "A light.", "-", "-"),
    ("Coral Talisman", "exploration", "artifact", "-", "-", "-", "-", "roll;bonus:2;discard", "Before a roll: +2.", "-", "-"),
    ("Black Pearl", "exploration", "artifact", "-", "-", "-", "-", "-", "Whoever finds it suffers 1 horror.", "horror:1", "-"),
    ("Pelagic Codex", "exploration", "tome", "-", "-", "-", "-", "learn:Undertow;discard", "Learn an Undertow spell.", "-", "-"),
    ("Almanac of Depths", "exploration", "tome", "-", "-", "-", "-", "learn:Brine Lash", "Learn Brine Lash.", "-", "-"),
    ("Fire Bucket", "exploration", "equipment", "-", "-", "-", "-", "action;skill:1;discard", "Action: gain a skill point.", "-", "-"),
] + [("Empty Crate (%d)" % i, "exploration", "nothing", "-", "-", "-", "-", "-", "Nothing of interest.", "-", "-")
     for i in range(1, 9)] + [
    ("Fallen Rigging", "obstacle", "-", "-", "-", "key", "-", "-", "A gaff hook would clear it.", "-", "-"),
    ("Tumbler Chest", "obstacle", "-", "-", "-", "puzzle:2", "-", "-", "A puzzle, difficulty 2.", "-", "-"),
    ("Sealed Hatch", "lock", "-", "-", "-", "card:Verdigris Key", "-", "-", "Discard the key to enter.", "-", "-"),
    ("Warped Door", "lock", "-", "-", "-", "test:strength:-1", "-", "-", "Test strength -1.", "-", "-"),
    ("Star Lock", "lock", "-", "-", "-", "puzzle:1", "-", "-", "A puzzle, difficulty 1.", "-", "-"),
    ("Brine Lash", "spell", "-", "-", "-", "-", "spell:-1:3", "-", "Attack spell.", "-", "-"),
    ("Undertow (reef)", "spell", "-", "-", "-", "-", "spell:0:2:1", "-", "Range 1.", "-", "Undertow"),
    ("Undertow (trench)", "spell", "-", "-", "-", "-", "spell:-2:4", "-", "In your space.", "-", "Undertow"),
    ("Undertow (current)", "spell", "-", "-", "-", "-", "spell:-1:3", "-", "In your space.", "-", "Undertow"),
]
ITEMS = ("Rope Coil", "Flare Gun", "Marlinspike", "Tin of Biscuits", "Sea Chart", "Oar", "Rum Ration",
         "Lantern Hook", "Boat Knife", "Compass", "Spyglass", "Whale Oil Flask")
ITEM_ROWS = [
    ("Rope Coil", "-", "calm:1"), ("Flare Gun", "firearm:0:2", "-"), ("Marlinspike", "bladed:1", "-"),
    ("Tin of Biscuits", "-", "heal:1;discard"), ("Sea Chart", "-", "free;skill:1;discard"),
    ("Oar", "blunt:1", "-"), ("Rum Ration", "-", "calm:2;discard"), ("Lantern Hook", "blunt:0", "-"),
    ("Boat Knife", "bladed:0", "-"), ("Compass", "-", "roll;bonus:1;discard"),
    ("Spyglass", "-", "always;evade:+1"), ("Whale Oil Flask", "-", "free;calm:1;discard")]
CARDS += [(n, "item", "-", "-", "-", "-", atk, ab, "A starting item.", "-", "-") for n, atk, ab in ITEM_ROWS]

# the rooms' piles from the top; clue 2 and the key move with the guide's questions 2-6
PILES = [(ROOMS[1], "Belaying Pin", "-"), (ROOMS[1], "Empty Crate (1)", "-"),
         (ROOMS[2], "Sextant Fragment", "-"), (ROOMS[2], "Empty Crate (2)", "-"),
         (ROOMS[3], "Verdigris Key", "3=1"), (ROOMS[3], "Storm Lamp", "-"),
         (ROOMS[4], "Whaler's Flensing Knife", "-"), (ROOMS[4], "Oilskin Kit", "4=1"),
         (ROOMS[5], "Ammonia Vial", "-"), (ROOMS[5], "Empty Crate (3)", "-"),
         (ROOMS[6], "Fallen Rigging", "-"), (ROOMS[6], "Tide Table", "2=1"), (ROOMS[6], "Pelagic Codex", "-"),
         (ROOMS[7], "Warped Door", "-"), (ROOMS[7], "Gaff Hook", "-"), (ROOMS[7], "Oilskin Kit", "4=2"),
         (ROOMS[8], "Verdigris Key", "3=2"), (ROOMS[8], "Bosun's Whistle", "-"),
         (ROOMS[9], "Tumbler Chest", "-"), (ROOMS[9], "Tide Table", "2=2"), (ROOMS[9], "Black Pearl", "-"),
         (ROOMS[10], "Harpoon Gun", "5=1"), (ROOMS[10], "Empty Crate (4)", "-"),
         (ROOMS[11], "Sealed Hatch", "-"), (ROOMS[11], "Signal Pistol", "-"), (ROOMS[11], "Coral Talisman", "-"),
         (ROOMS[12], "Almanac of Depths", "6=1"), (ROOMS[12], "Empty Crate (5)", "-"),
         (ROOMS[13], "Harpoon Gun", "5=2"), (ROOMS[13], "Fire Bucket", "-"),
         (ROOMS[14], "Almanac of Depths", "6=2"), (ROOMS[14], "Empty Crate (6)", "-"),
         (ROOMS[15], "Empty Crate (7)", "-"),
         (ROOMS[17], "Star Lock", "-"), (ROOMS[17], "Keeper's Log", "-"), (ROOMS[17], "Empty Crate (8)", "-")]
GUIDE = [(1, 1, "The lamp must be lit for the deep ones (objective 1)."),
         (1, 2, "The tower keeps its visitors (objective 2)."),
         (1, 3, "The black pearl must not leave (objective 3).")] + [
    (q, a, "Question %d, answer %d: a card's room." % (q, a)) for q in range(2, 7) for a in (1, 2)]
OBJECTIVES = [
    (1, "The Lit Beacon", "-", "kill:Tide Priest", "spawn:Tide Priest:%s A" % ROOMS[17],
     "The last event decides: the keeper wins unless the Tide Priest has died."),
    (2, "The Tower Keeps Them", "killed:2", "escape:%s A" % ROOMS[0], "-", "Keeper: two die. Investigators: leave."),
    (3, "The Black Pearl", "reach:Gillman:%s" % ROOMS[11], "bring:Black Pearl:%s" % ROOMS[0],
     "spawn:Gillman:%s B" % ROOMS[6], "Keeper: a gillman in the nave. Investigators: the pearl to the vestibule.")]
KEEPER = [("Lurk", 1, "move:2", "-"), ("Call the Faithful", 2, "spawn:Tide Acolyte", "-"),
          ("Rise from Brine", 3, "spawn:Gillman", "-"), ("Omen", 1, "draw_mythos:1", "-"),
          ("Wings of Salt", 4, "spawn:Gull Horror", "-"), ("Drowned Walk", 2, "raise:Gillman", "-"),
          ("Broken Mind", 2, "trauma", "-"), ("Fog Bank", 1, "move:1", "-"),
          ("Deep Call", 4, "spawn:Fog Thing", "-"), ("Undercurrent", 1, "move:3", "revealed"),
          ("Spring Tide", 2, "threat:1", "!revealed"), ("Last Rites", 3, "spawn:Tide Acolyte", "event:3")]
MYTHOS = [("Creaking Boards %d" % i, 1 + i % 3, eff, "Invented.") for i, eff in enumerate(
    ("horror:1", "test:dexterity:0;damage:2", "stun:1", "test:will:-1;horror:2", "test:intellect:-1;stun:1",
     "horror:1;damage:1", "damage:1", "test:luck:-1;horror:1", "test:strength:0;damage:1",
     "test:lore:-2;horror:2", "stun:1;horror:1", "test:marksmanship:0;damage:1", "time:1") * 3)][:35]
MONSTERS = [("Tide Acolyte", "humanoid", 4, 2, 1, 0, 1, 0), ("Tide Priest", "humanoid", 1, 5, 2, -1, 2, -1),
            ("Gillman", "beast", 3, 3, 2, -1, 1, 1), ("Reef Hound", "beast", 2, 2, 1, 0, 1, 1),
            ("Gull Horror", "eldritch", 1, 4, 2, -2, 2, -2), ("Fog Thing", "eldritch", 1, 3, 1, -1, 2, -1)]
ATTACKS = ("firearm", "bladed", "blunt", "melee", "unarmed", "monster")
INVESTIGATORS = [("Wren Halloway", 6, 8, (2, 3, 3, 5, 5, 4, 3), "-"),
                 ("Tobias Quell", 7, 6, (4, 5, 4, 4, 2, 3, 3), "-"),
                 ("Ines Marrow", 6, 7, (3, 2, 4, 5, 3, 4, 4), "action;once;heal:3"),
                 ("Corwin Blye", 8, 5, (5, 3, 5, 2, 2, 3, 5), "-"),
                 ("Dara Fenwick", 7, 7, (3, 4, 3, 4, 4, 4, 3), "free;once;calm:2"),
                 ("Hollis Varne", 6, 6, (4, 4, 4, 3, 3, 3, 4), "-")]
TRAUMA = [("Cracked Rib", "physical", 3, "modify:strength:-1"), ("Twisted Knee", "physical", 2, "stun:1;modify:dexterity:-1"),
          ("Salt Fever", "physical", 1, "modify:will:-1"), ("Drowning Dreams", "insanity", 2, "modify:will:-1"),
          ("Tidal Laughter", "insanity", 0, "stun:1;modify:intellect:-2"), ("Fear of Water", "insanity", 3, "modify:luck:-1")]
TRAUMA += [("%s (%d)" % (name, k), kind, threshold, effect)
           for k in range(2, 6) for name, kind, threshold, effect in TRAUMA[:6]]

# the event deck: stage, time, name, effect, when (the last card of a stage has none)
EVENTS = [
    (1, 3, "The Fog Rolls In", "threat:2;dark:%s;draw_mythos:3" % ROOMS[4], "-"),
    (2, 3, "Bodies on the Shingle", "corpse:%s A;spawn:Gillman:%s B" % (ROOMS[15], ROOMS[15]), "!clue:3"),
    (2, 3, "The Sextant Turns", "flag:sextant-turned;threat:1;horror_one:1", "-"),
    (3, 2, "The Beacon Flares", "reveal;fire:%s A;spread_fire" % ROOMS[16], "flag:sextant-turned"),
    (3, 2, "The Keeper Speaks", "reveal;horror_all:1;time:1", "-"),
    (4, 2, "High Water", "unseal:%s A:%s A;damage_all:1;damage_one:1" % (ROOMS[2], ROOMS[7]), "objective:1"),
    (4, 2, "Low Water", "seal:%s B:%s A;horror_all:1;spawn_with:Reef Hound" % (ROOMS[0], ROOMS[1]), "-"),
    (5, 2, "The Lamp Is Lit", "win:keeper", "objective:1"),
    (5, 2, "The Tide Turns", "if:killed:1;win:keeper;else;win:nobody;end", "-"),
]
ENDINGS = ("The Lamp Is Lit", "The Tide Turns")


def _attack_card(cls, i, against, attr, mod):
    """An investigator's attack card: its test, its pass (the damage, with the published decks' kinds
    of card in turn) and its failure."""
    test = ("marksmanship" if against == "firearm" else "strength") + ":%d" % mod
    hit = "hit:%d" % (1 + i % 3)
    fail = "damage:1" if i % 2 else "-"
    if against == "melee":
        hit += ";weapon:%s:+%d" % (("bladed", "blunt")[i % 2], 1 + i % 2)
    if against == "blunt" and i % 4 == 0:
        hit += ";stun_monster"
    if against == "firearm" and i % 12 == 0:
        hit = "hit:3;weapon:any:-1"                       # the weapon's damage lowered
    if against == "firearm" and i % 12 == 6:
        hit, fail = "hit:2;weapon:firearm:-2", "drop_weapon"
    if against == "bladed" and i % 12 == 1:
        fail = "hit:1;damage:1"                           # a failure that still hurts the monster
    if against == "blunt" and i % 12 == 2:
        fail = "move:2"                                   # the keeper may move any monster
    if against == "unarmed" and i % 12 == 4:
        hit = "hit:1;horror:1"                            # a pass that costs the attacker
    if against == "unarmed" and i % 12 == 10:
        hit = "hit_half:strength"                         # half the attacker's strength, rounded up
    return (cls, against, test, hit, fail, "Card %d of the %s deck." % (i + 1, cls))


def _monster_card(cls, i, attr, mod):
    test = ("dexterity:%d" % mod) if i % 2 else "%s:%d" % (attr, mod)
    fail = ("damage:%d" % (1 + i % 2)) if cls != "eldritch" else "horror:2;stun:1" if i % 4 == 0 else "horror:1"
    if i % 12 == 5:
        fail = "monster_damage" if cls != "eldritch" else "monster_horror;stun:1"   # its own values
    return (cls, "monster", test, "-", fail, "Card %d of the %s deck." % (i + 1, cls))


# (class, its regular cards, the attribute its monster cards test, hiding cards, barrier cards)
DECKS = (("humanoid", 35, "strength", 4, 5), ("beast", 34, "dexterity", 4, 4), ("eldritch", 34, "will", 5, 4))


def _combat():
    """The published decks' 129 combat cards: 103 answering attacks (35 humanoid, 34 beast, 34
    eldritch; every kind of attack answered, melee cards with weapon modifiers, stuns both ways, each
    kind of published card), 13 against hiding and 13 against barriers."""
    rows = []
    for cls, count, attr, hiding, barrier in DECKS:
        for i in range(count):
            against = ATTACKS[i % len(ATTACKS)]
            mod = -(i % 3)
            if against == "monster":
                rows.append(_monster_card(cls, i, attr, mod))
            else:
                rows.append(_attack_card(cls, i, against, attr, mod))
        for i in range(hiding):
            rows.append((cls, "hiding", "luck:%d" % -(i % 2), "-", "monster_damage" if i % 2 else "horror:1",
                         "Hiding card %d of the %s deck." % (i + 1, cls)))
        for i in range(barrier):
            rows.append((cls, "barrier", "-", "break" if i % 2 else "hold", "-",
                         "Barrier card %d of the %s deck." % (i + 1, cls)))
    return rows


def write_story(folder):
    """Write the synthetic story into `folder` (created); return its path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    spaces, links = _spaces()
    _tsv(folder, "story.tsv", ("key", "value"), [
        ("name", "synthetic"), ("title", "The Drowned Observatory"),
        ("label", "Synthetic story generated by the Eldritch tests (invented names)"),
        ("start", ROOMS[0] + " A"), ("threat", 1), ("evade_attribute", "dexterity"),
        ("horror_attribute", "will"), ("puzzle_attribute", "intellect"), ("spell_attribute", "lore"),
        ("fire_damage", 1), ("intro", "The lighthouse keeper stopped writing a week ago."),
        ("intro", "Tonight the lamp is lit, and nobody climbed the stair.")])
    _tsv(folder, "spaces.tsv", ("space", "room", "tile"), spaces)
    _tsv(folder, "links.tsv", ("a", "b", "kind"), links)
    _tsv(folder, "cards.tsv", ("name", "kind", "types", "clue", "opens", "requires", "attack", "ability", "text",
                               "found", "deck"), CARDS)
    _tsv(folder, "piles.tsv", ("room", "card", "when"), PILES)
    _tsv(folder, "guide.tsv", ("question", "answer", "text"), GUIDE)
    _tsv(folder, "objectives.tsv", ("answer", "name", "keeper_wins", "investigators_win", "reveal", "text"),
         OBJECTIVES)
    _tsv(folder, "keeper_actions.tsv", ("name", "cost", "effect", "text", "when"),
         [(n, c, e, "Invented.", w) for n, c, e, w in KEEPER])
    _tsv(folder, "mythos.tsv", ("name", "cost", "effect", "text"), MYTHOS)
    _tsv(folder, "events.tsv", ("time", "name", "effect", "text", "stage", "when"),
         [(t, n, e, "Invented event %s." % n, s, w) for s, t, n, e, w in EVENTS])
    _tsv(folder, "monsters.tsv", ("name", "class", "count", "health", "damage", "horror", "horror_damage",
                                  "awareness", "text"), [m + ("Invented.",) for m in MONSTERS])
    _tsv(folder, "combat.tsv", ("class", "against", "test", "pass", "fail", "text"), _combat())
    _tsv(folder, "investigators.tsv", ("name", "health", "sanity", "strength", "marksmanship", "dexterity",
                                       "intellect", "lore", "will", "luck", "text", "ability"),
         [(n, h, s) + a + ("Invented.", ab) for n, h, s, a, ab in INVESTIGATORS])
    traits = []
    for i, (name, *_rest) in enumerate(INVESTIGATORS):
        for k in range(3):
            item = ITEMS[(2 * i + k) % len(ITEMS)] if k < 2 else "-"
            attrs = "will=%d,lore=%d" % (3 + k, 2 + k) if k == 2 else "-"
            ability = "roll;bonus:1" if (i + k) % 4 == 0 else "always;horror_check:+1" if (i + k) % 4 == 1 else "-"
            if k == 2 and i == 0:
                item = "Brine Lash"
            traits.append((name, "%s trait %d" % (name.split()[0], k + 1), 1 + k % 2, item, "Invented.", attrs, ability))
    _tsv(folder, "traits.tsv", ("investigator", "name", "skill", "item", "text", "attributes", "ability"), traits)
    _tsv(folder, "trauma.tsv", ("name", "type", "threshold", "effect", "text"),
         [t + ("Invented.",) for t in TRAUMA])
    return folder
