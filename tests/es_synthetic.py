"""A synthetic Elder Sign data set at the published base game's size with every feature of the schema:
invented names only, no published text. `write(folder)` writes the seven card tables
(data/GAME.md) into `folder`; the game loads it with `GameData(folder, sets=SETS, library=False)`.
`check_every_feature(data)` asserts that card data uses every feature below (tests/es_owner.py's
owner's folder reuses these cards).

Sizes (the rulebook's component list, p.2): 8 Ancient Ones, 16 investigators, 48 adventures and 8 Other
Worlds, 12 common items, 12 unique items, 12 spells, 8 allies, 32 mythos cards, 22 monsters and 5
masks. Features: every effect primitive and compound form (each, choose, per_other_world, any, card,
notes), every ability item, trigger and modifier, lock icons on adventures, mythos cards and monsters,
every monster outline (full, empty, partial, on a line of its own), ordered cards, task costs (sanity,
stamina, clock), every terror code, entry and at-midnight effects, lasting mythos cards, every item
limit, masks with an Ancient One that uses them, an awakening that is defeat.
"""

SETS = ("Synthetic", "Other Worlds")
NAMES = ("Ash", "Brine", "Cinder", "Dusk", "Ember", "Fen", "Gloam", "Hollow", "Iris", "Juniper", "Kestrel",
         "Lantern", "Marrow", "Nettle", "Oriel", "Pewter")

TABLES = {
    "ancient_ones": ("name", "doom", "elder_signs", "combat", "monster_spaces", "masks", "attack", "awaken",
                     "ability", "source"),
    "investigators": ("name", "sanity", "stamina", "start", "ability", "source"),
    "items": ("deck", "name", "count", "use", "limit", "source"),
    "mythos": ("name", "count", "immediate", "terror", "midnight", "lock", "ongoing", "lasts", "source"),
    "monsters": ("name", "count", "task", "trophy", "lock", "mask", "defeat", "source"),
    "entrance": ("section", "key", "cost", "effect", "source"),
    "adventure_rules": ("set", "name", "notation", "terror", "trophy", "monsters", "terror_text", "entry",
                        "midnight", "reward", "penalty", "lock", "ongoing", "source"),
}

ATTACK = "each(choose(max_stamina-1;max_sanity-1,sanity-1)),doom+1"

ANCIENT_ONES = [
    ("Synthetic Sleeper", 10, 10, "L L I3", "3,6,9", "", ATTACK, "", "shop_cost+1,aid_cost+1"),
    ("Synthetic Serpent", 8, 10, "P P", "3,6", "", ATTACK, "", "on_devoured(doom+1)"),
    ("Synthetic Chaos", 12, 14, "I4", "4,8", "", "doom+1", "lose_game+1", "at_midnight(each(sanity-1))"),
    ("Synthetic Wind", 9, 11, "I3 T P", "3,5,8", "", "each(choose(clue-1,max_sanity-1;stamina-2,max_stamina-1)),doom+1",
     "", "at_entrance(stamina-1)"),
    ("Synthetic Dreamer", 13, 13, "L P T", "4,8,11", "", "each(choose(max_stamina-1;max_sanity-1)),doom+1", "",
     "on_failed(sanity-1),turn_end(clue-1)"),
    ("Synthetic King", 12, 12, "L L P", "4,8", "", ATTACK, "", "on_terror(sanity-1),no_clues+1"),
    ("Synthetic Messenger", 11, 11, "L T I3", "3,6,9", "1", ATTACK, "", "on_monster(clue-1),on_won(doom-1)"),
    ("Synthetic Mother", 12, 12, "P P T", "3,6,9", "", ATTACK, "", "on_monster(stamina-1),no_focus+1"),
]

INVESTIGATORS = [
    ("roll(reroll+1)", "common_item+1,clue+1"),
    ("day(clue+1)", "unique_item+1"),
    ("day(sanity+1)", "spell+1,clue+1"),
    ("day(stamina+1)", "common_item+2"),
    ("day(die_yellow+1)", "common_item+1,spell+1"),
    ("on_won(clue+1)", "unique_item+1,clue+1"),
    ("at_entrance(sanity+1)", "ally+1,clue+1"),
    ("anyturn(any(sanity+1))", "common_item+1,clue+1"),
    ("anyturn(any(stamina+1))", "unique_item+1"),
    ("anyroll(reroll+2)", "spell+1,clue+1"),
    ("no_monsters+1", "common_item+2"),
    ("roll_locked+1,ignore_mythos+1", "clue+2,spell+1"),
    ('on_common(choose(clue+0;common_item-1,unique_item+1))', 'card("Synthetic Ally: Old Friend"),clue+1'),
    ("focus+1", "common_item+1,spell+1"),
    ("on_spell(spell+1),on_clue(sanity+1)", "ally+1,clue+1"),
    ("on_unique(stamina+1),on_ally(clue+1),turn_end(clue+0)", "clue+1"),
]

ITEMS = [
    ("common", "Synthetic Lamp", 8, "die_yellow+1", "discard"),
    ("common", "Synthetic Salve", 2, "stamina+2", "discard"),
    ("common", "Synthetic Keepsake", 1, "", "keep"),
    ("common", "Synthetic Map", 1, "clue+1,die_yellow+1", "discard"),
    ("unique", "Synthetic Relic", 8, "die_red+1", "discard"),
    ("unique", "Synthetic Seal", 2, "defeat_monster+1", "discard"),
    ("unique", "Synthetic Lens", 2, "die_red+1,any(sanity+1)", "discard"),
    ("spell", "Synthetic Binding", 8, "hold_die+1", "hold"),
    ("spell", "Synthetic Mending", 2, "sanity+1,stamina+1", "discard"),
    ("spell", "Synthetic Warding", 2, "defeat_monster+1", "discard"),
    ("ally", "Synthetic Ally: Old Friend", 4, "clue+1", "day"),
    ("ally", "Synthetic Ally: Nurse", 2, "any(stamina+1)", "day"),
    ("ally", "Synthetic Ally: Driver", 2, "die_yellow+1", "day"),
]

MYTHOS = [
    ("Doom Gathers", 7, "doom+1", "", "", "", "", ""),
    ("Time Slips", 1, "clock+1", "", "", "", "", ""),
    ("A Shape Moves", 5, "monster+1", "", "", "", "", ""),
    ("Cold Whisper", 4, "each(sanity-1)", "", "", "", "", ""),
    ("Dread Hour", 3, "", "sanity-1", "", "", "", ""),
    ("Night Creeps", 3, "", "", "doom+1", "", "", ""),
    ("Sealed Door", 2, "clue+1", "", "", "green", "", ""),
    ("Red Eclipse", 1, "", "", "", "red", "", ""),
    ("Amber Fog", 1, "lock_yellow+1", "", "", "yellow", "", ""),
    ("Hush", 1, "", "", "", "", "no_clues+1", ""),
    ("Faltering Mind", 1, "", "", "", "", "no_focus+1", "2"),
    ("Lucky Star", 1, "", "", "", "", "on_won(clue+1),shop_cost-1", ""),
    ("Watchers", 1, "gate+1", "", "", "", "on_monster(sanity-1)", "3"),
    ("Long Night", 1, 'unmodelled:"a long night"', "stamina-1", "per_other_world(doom+1)", "", "aid_cost+1", "0"),
]

MONSTERS = [
    ("Synthetic Cultist", 6, "P P", 1, "", "", ""),
    ("Synthetic Ghast", 6, "T I3", 1, "", "", ""),
    ("Synthetic Flier", 4, "L P", 1, "", "", ""),
    ("Synthetic Horror", 4, "I6", 2, "yellow", "", ""),
    ("Synthetic Elder", 2, "L L P", 2, "red", "", "clue+1"),
    ("Synthetic Mask 1", 1, "L T I3", 2, "", "1", ""),
    ("Synthetic Mask 2", 1, "P P T", 2, "", "1", "clue+1"),
    ("Synthetic Mask 3", 1, "T T I4", 2, "green", "1", ""),
    ("Synthetic Mask 4", 1, "L L", 2, "", "1", ""),
    ("Synthetic Mask 5", 1, "I6 P", 3, "", "1", "spell+1"),
]

ENTRANCE = [("lost_found", "I1", 0, "stamina-1"), ("lost_found", "I2", 0, ""), ("lost_found", "I3", 0, "clue+1"),
            ("lost_found", "L", 0, "spell+1"), ("lost_found", "P", 0, "common_item+1"), ("lost_found", "T", 0, "doom+1"),
            ("gift_shop", "Clue", 2, "clue+1"), ("gift_shop", "Common item", 2, "common_item+1"),
            ("gift_shop", "Spell", 4, "spell+1"), ("gift_shop", "Unique item", 4, "unique_item+1"),
            ("gift_shop", "Ally", 6, "ally+1"), ("gift_shop", "Elder sign", 8, "elder_sign+1")]

TASKS = ("I3 | L P", "P T | I5", "L L > I4", "T | T T", "I2 L P | I3 S1", "P H1 > P H1", "L I3 | L I3",
         "I6 | L L", "I3 > L P I2", "T T/P > L T/L", "P | T | I7", "L/P I2 | I4 C", "I4 T | I3 T L", "P P | T P")
TERRORS = (("none", ""), ("none", "sanity-1"), ("fail", "fail_adventure+1"), ("discard", "discard_terror_dice+1"),
           ("none", "doom+1"), ("none", "monster+1"), ("none", "choose(stamina-1;sanity-1)"))
REWARDS = ("elder_sign+1,clue+1", "common_item+1,unique_item+1", "spell+1,elder_sign+1", "clue+2", "ally+1",
           "elder_sign+2,monster+1", "gate+1,clue+1", "each(sanity+1),trophies+1", "doom-1,spell+1",
           "choose(elder_sign+1;clue+2)", "heal_all+1,unique_item+1", "any(stamina+2),elder_sign+1")
PENALTIES = ("sanity-1", "stamina-1", "doom+1", "sanity-1,stamina-1", "choose(trophies-2;sanity-2)",
             "common_item-1,monster+1", "clue-1", "max_stamina-1", "lock_green+1", "each(stamina-1)")
SPECIAL_PENALTIES = {30: "awaken+1", 31: "stamina=2", 32: "sanity=1,lock_red+1", 33: "clock_hours+1,doom+1"}
OUTLINES = ("", "1:full", "slot:empty", "2:partial1", "", "1:partial1")


def adventures():
    rows = []
    for k in range(48):
        terror, text = TERRORS[k % len(TERRORS)]
        notation = TASKS[k % len(TASKS)]
        outline = OUTLINES[k % len(OUTLINES)]
        if outline.startswith("2:") and "|" not in notation and ">" not in notation:
            outline = ""
        entry = "sanity-1" if k % 11 == 3 else ("clue+1" if k % 13 == 5 else "")
        midnight = "each(sanity-1)" if k % 9 == 4 else ("per_other_world(doom+1)" if k == 17 else "")
        lock = ("green", "yellow", "red")[k % 3] if k % 7 == 2 else ""
        ongoing = ("turn_end(sanity-1)", "on_terror(stamina-1)", "on_won(clue+1)")[k % 3] if k % 10 == 6 else ""
        penalty = SPECIAL_PENALTIES.get(k, PENALTIES[k % len(PENALTIES)])
        rows.append(("Synthetic", "%s Room %d" % (NAMES[k % 16], k + 1), notation, terror, str(1 + k % 3), outline,
                     text, entry, midnight, REWARDS[k % len(REWARDS)], penalty, lock, ongoing))
    for k in range(8):
        notation = ("L L | T P P", "T T T | I5", "P L I3", "P T | I8", "L I1 | T P", "I1 I1 | L L P T", "P T | L L P",
                    "T | L | I6")[k]
        rows.append(("Other Worlds", "Synthetic Realm of %s" % NAMES[k], notation, ("discard", "none")[k % 2],
                     "2", ("1:partial1", "1:full", "")[k % 3], ("discard_terror_dice+1", "")[k % 2], "",
                     "doom+1" if k == 0 else "", "elder_sign+%d,clue+1" % (1 + k % 2), "sanity-%d" % (1 + k % 2),
                     "red" if k == 3 else "", ""))
    return rows


def write(folder):
    """The seven tables into folder (a pathlib.Path); returns folder."""
    def table(name, rows):
        lines = ["\t".join(TABLES[name])]
        for r in rows:
            lines.append("\t".join(str(x) for x in r) + "\tsynthetic")
        (folder / (name + ".tsv")).write_text("\n".join(lines) + "\n", encoding="utf-8")
    table("ancient_ones", ANCIENT_ONES)
    table("investigators", [("Synthetic Investigator %s" % NAMES[k], 4 + k % 4, 4 + (k * 3) % 4,
                             INVESTIGATORS[k][1], INVESTIGATORS[k][0]) for k in range(16)])
    table("items", ITEMS)
    table("mythos", [("Synthetic Mythos: %s" % m[0],) + m[1:] for m in MYTHOS])
    table("monsters", MONSTERS)
    table("entrance", ENTRANCE)
    table("adventure_rules", adventures())
    return folder


def _ops(code):
    out = set()
    i = 0
    while i < len(code):
        out.add(code[i])
        i += 3
    return out


def check_every_feature(data):
    """Assert that the card data uses every effect primitive and compound form, every ability item,
    trigger and modifier, every item limit, lock icons everywhere, every outline and terror code,
    ordered cards, task costs, lasting mythos cards, masks and an awakening."""
    from eldritch.kernel.eldersign.game import effects as E
    from eldritch.kernel.eldersign.game.data import LIMITS, COLOURS
    lists = []
    abilities = [a.ability for a in data.ancient_ones] + [i.ability for i in data.investigators] + \
        [m.ongoing for m in data.mythos] + [a.ongoing for a in data.adventures]
    for a in data.ancient_ones:
        lists += [a.attack, a.awaken]
    for i in data.investigators:
        lists += [i.start, i.ability.day, i.ability.anyturn]
    for ab in abilities:
        lists += list(ab.triggers)
    for k in data.kinds:
        lists.append(k.use)
    for m in data.mythos:
        lists += [m.immediate, m.terror, m.midnight]
    for m in data.monsters:
        lists.append(m.defeat)
    lists += data.lost_found + [r.code for r in data.shop]
    for a in data.adventures:
        lists += [a.terror, a.entry, a.midnight, a.reward, a.penalty]
    ops = set()
    for code in lists:
        ops |= _ops(code)
    for name, op in E.NAMES.items():
        assert op in ops, name
    for op in (E.OP_CHOOSE, E.OP_PER_OW, E.OP_ANY, E.OP_CARD, E.OP_NOTE):
        assert op in ops, E.OP_TEXT[op]
    assert any(E.SC_EACH in code[2::3] for code in lists)
    for t in range(len(E.TRIGGERS)):
        assert any(ab.triggers[t] for ab in abilities), E.TRIGGERS[t]
    for m in range(len(E.MODIFIERS)):
        assert any(ab.modifiers[m] for ab in abilities), E.MODIFIERS[m]
    assert any(ab.day for ab in abilities) and any(ab.anyturn for ab in abilities)
    assert any(ab.rerolls for ab in abilities) and any(ab.anyroll for ab in abilities)
    assert set(k.limit for k in data.kinds) == set(LIMITS)
    assert set(a.lock for a in data.adventures) == {-1, 0, 1, 2}
    assert {m.lock_colour for m in data.mythos} >= {0, 1, 2} and {m.lock_colour for m in data.monsters} >= {0, 1, 2}
    assert {m.lasts_n for m in data.mythos} >= {0, 1, 2, 3}
    kinds = {(t < 0, kind) for a in data.adventures for t, kind, _ in a.outlines}
    assert kinds >= {(False, 0), (True, 1), (False, 2)}                # full, on a line of its own, partial
    assert {a.terror_code for a in data.adventures} == {0, 1, 2}
    assert any(a.card.ordered for a in data.adventures)
    tasks = [t for a in data.adventures for t in a.card.tasks]
    assert any(t.sanity for t in tasks) and any(t.stamina for t in tasks) and any(t.clock for t in tasks)
    assert [a.name for a in data.ancient_ones if a.masks] and [a for a in data.ancient_ones if a.awaken]
    assert len(set(COLOURS)) == 3
