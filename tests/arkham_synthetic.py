"""A synthetic Arkham Horror (1987) board at least the published game's size, with every feature of
the schema (kernel/arkham/data/README.md): 68 streets, 3 taxi stands, 26 city locations of which 3
have a back door, a jail, 8 Other Worlds, 16 gates, 55 monster tokens of 41 kinds (the published
game has 49 of 37: write_board(kinds=PRINTED_KINDS) writes those), with values as tokens print them
(strength 30, 24, 23, 14+D6, SAN 2/D6+1; classes, immunities to physical and magical attacks and to
a named card, Hounds, blocking monsters, a Nightgaunt that carries), 37 item cards, 24 spell cards
and 11 allies (skill bonuses, class weapons), 16 investigators with the board's five skills, random
starting cards and a sanity/strength split, 3 monsters on the first gate, and event rows using every
effect. Every name and text is invented here.

    from arkham_synthetic import write_board
    folder = write_board(tmp_path / "synthetic")        # a folder of the nine TSV files
"""

from pathlib import Path

STREET_ROWS = 4
STREET_COLS = 17                    # 68 streets in a 4 x 17 grid; neighbours clockwise N, E, S, W
TAXI = ((0, 3), (2, 9), (3, 15))
WORDS = ("Ash", "Birch", "Cinder", "Dusk", "Ember", "Fallow", "Gloam", "Hollow", "Ivy", "Juniper", "Kestrel",
         "Lantern", "Marrow", "Nettle", "Onyx", "Pewter", "Quill")
ROWS = ("Row", "Lane", "Walk", "Way")
LOCATIONS = ("Quarry Office", "Lamp Works", "Rook Chapel", "Calder Asylum", "Tinner Hall", "Vesper Hospital",
             "Glass Market", "Salt Exchange", "Reed Archive", "Moth House", "Ferry Sheds", "Bell Tower",
             "Crow Inn", "Wax Museum", "Cistern", "Orchard Barn", "Coil Mill", "Gaol House", "Signal Hut",
             "Lichen Court", "Velvet Club", "Tallow Works", "Brine Docks", "Order of the Deep Hall", "Carrow Hill",
             "Mossy Well")
BACK_DOORS = ("Glass Market", "Wax Museum", "Brine Docks")
WORLDS = (("Amber Waste", "amber"), ("Bone Shore", "bone"), ("Cobalt Deep", "cobalt"), ("Dim Orchard", "dim"),
          ("Ember Spire", "ember"), ("Frost Hollow", "frost"), ("Grey Market", "grey"), ("Hush Garden", "hush"))
SKILLS = "fast_talk,knowledge,luck"


def street(r, c):
    return "%s %s" % (WORDS[c], ROWS[r])


def _spaces():
    """Streets in a grid, each location beside one street (three with a second, back door)."""
    nbrs = {}
    for r in range(STREET_ROWS):
        for c in range(STREET_COLS):
            out = []
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):           # clockwise
                if 0 <= r + dr < STREET_ROWS and 0 <= c + dc < STREET_COLS:
                    out.append(street(r + dr, c + dc))
            nbrs[street(r, c)] = out
    loc_nbrs = {}
    for i, name in enumerate(LOCATIONS):
        r, c = i % STREET_ROWS, (i * 5) % STREET_COLS
        doors = [street(r, c)]
        if name in BACK_DOORS:
            doors.append(street((r + 1) % STREET_ROWS, c))
        for d in doors:
            nbrs[d].append(name)
        loc_nbrs[name] = doors
    lines = ["name\tkind\tneighbours\tflags"]
    for r in range(STREET_ROWS):
        for c in range(STREET_COLS):
            flag = "taxi" if (r, c) in TAXI else "-"
            lines.append("%s\tstreet\t%s\t%s" % (street(r, c), ",".join(nbrs[street(r, c)]), flag))
    flags = {"Calder Asylum": "asylum", "Vesper Hospital": "hospital", "Gaol House": "jail"}
    flags.update({name: "outdoor" for name in OUTDOOR})
    for name in LOCATIONS:
        lines.append("%s\tlocation\t%s\t%s" % (name, ",".join(loc_nbrs[name]), flags.get(name, "-")))
    return lines


# (name, count, strength, sanity, move, colour index or None, immune, special, class): the first 37 kinds
# are 49 tokens (the printed game's count), with values as tokens print them (strength 30, 24, 23, 14+D6,
# SAN 2/D6+1); write_board(kinds=None) adds four more kinds (41, 55 tokens): more than the printed game.
MONSTERS = [
    ("Pale Stalker", 3, 3, "0/1", "L2", 0, "-", "-", "undead"),
    ("Reed Cultist", 3, 2, "0/0", "R2", 1, "-", "-", "cultist"),
    ("Brine Thing", 2, 4, "1/2", "L1", 2, "-", "-", "-"),
    ("Cinder Wing", 2, 4, "1/2", "F3", 3, "-", "-", "-"),
    ("Night Glider", 2, 3, "1/1", "F2", None, "-", "carry", "-"),
    ("Angle Hound", 1, 5, "2/3", "F3", 4, "-", "hound", "-"),
    ("Root Colossus", 1, 6, "2/3", "0", 5, "-", "blocking", "-"),
    ("Mist Wraith", 2, 4, "1/3", "R1", None, "physical", "-", "undead"),
    ("Shapeless Mass", 1, 14, "2/D6+1", "L1", 6, "magical", "-", "-"),
    ("Deep Titan", 1, 30, "3/2D6", "R1", 7, "both", "blocking", "-"),
    ("Grave Walker", 2, 2, "0/1", "L1", None, "-", "-", "undead"),
    ("Star Leech", 1, 5, "2/2", "F2", 0, "physical", "-", "-"),
    ("Choir Mask", 1, 3, "1/1", "R2", 1, "Ward Sigil", "-", "cultist"),
    ("Dune Crawler", 1, 4, "1/2", "L2", 3, "-", "-", "-"),
    ("Frost Eater", 1, 5, "2/2", "F1", 5, "-", "-", "-"),
    ("Hollow Choir", 1, 3, "1/2", "R1", 6, "-", "-", "cultist"),
    ("Greylock", 1, 6, "2/3", "L1", 7, "magical", "-", "-"),
    ("Old Leviathan", 1, 24, "D6/D6+2", "0", 2, "-", "blocking", "-"),
    ("Sky Tyrant", 1, 23, "2/D6+1", "F1", 3, "physical", "-", "-"),
    ("Ooze Shoggoth", 1, "14+D6", "1/D6", "R1", 2, "-", "weapons_one_point", "-"),
    ("Tallow Ghoul", 2, 3, "0/1", "L1", 0, "-", "-", "undead"),
    ("Marsh Hag", 2, 4, "1/2", "R2", 1, "-", "-", "-"),
    ("Lamp Moth", 2, 2, "0/1", "F2", 3, "-", "-", "-"),
    ("Bell Ringer", 1, 3, "1/1", "L2", 4, "-", "-", "cultist"),
    ("Kiln Imp", 1, 3, "0/2", "R1", 5, "-", "steals_item", "-"),
    ("Weir Eel", 1, 4, "1/1", "L1", 2, "-", "-", "-"),
    ("Rook Shade", 1, 4, "1/3", "F2", None, "physical", "-", "undead"),
    ("Salt Golem", 1, "8+D6", "0/1", "0", 6, "-", "blocking", "-"),
    ("Glass Spider", 1, 5, "1/2", "L2", 7, "-", "-", "-"),
    ("Coil Serpent", 1, 5, "2/2", "R1", 0, "-", "weapons_one_point", "-"),
    ("Vesper Bat", 1, 2, "0/1", "F3", 1, "-", "-", "-"),
    ("Quarry Troll", 1, 7, "1/2", "L1", 4, "-", "-", "-"),
    ("Ash Wight", 1, 4, "1/D6", "R1", None, "magical", "-", "undead"),
    ("Gloam Priest", 1, 3, "1/1", "L1", 6, "-", "-", "cultist"),
    ("Fen Lurker", 1, 5, "1/2", "R2", 3, "-", "-", "-"),
    ("Tinner Wraith", 1, 4, "1/3", "F1", 5, "both", "-", "-"),
    ("Moth Queen", 1, "10+2D6", "2/D6+1", "F2", 7, "-", "-", "-"),
    ("Crow Herald", 2, 3, "0/1", "F2", 0, "-", "-", "-"),
    ("Dusk Hound", 1, 5, "2/3", "F2", None, "-", "hound", "-"),
    ("Bog Body", 2, 3, "0/1", "L1", 2, "-", "-", "undead"),
    ("Pit Thing", 1, 9, "2/D6", "0", 4, "-", "-", "-"),
]
PRINTED_KINDS = 37                                    # 49 tokens; all 41 kinds: 55 tokens

# (name, deck, count, attack, bonus, hands, cost, price, special, skills, against, cast, abilities, use)
ITEMS = [
    ("Bent Knife", "item", 5, "physical", 1, 1, 0, 1, "-", "-", "-", "-", "-", "-"),
    ("Long Pistol", "item", 4, "physical", 2, 1, 0, 3, "-", "-", "-", "-", "-", "-"),
    ("Scattergun", "item", 2, "physical", 3, 2, 0, 5, "-", "-", "-", "-", "-", "-"),
    ("Silvered Blade", "item", 2, "magical", 2, 1, 0, 4, "-", "-", "-", "-", "-", "-"),
    ("Chapel Water", "item", 2, "magical", 4, 1, 0, 3, "-", "-", "undead", "-", "once", "-"),
    ("Carved Charm", "item", 2, "magical", 1, 0, 0, 3, "-", "-", "-", "-", "-", "-"),
    ("Old Roadster", "item", 1, "-", 0, 0, 0, 6, "vehicle", "-", "-", "-", "-", "-"),
    ("Brass Whistle", "item", 2, "-", 0, 0, 0, 2, "taxi_whistle", "-", "-", "-", "-", "-"),
    ("Lidless Eye", "item", 1, "-", 0, 0, 0, 8, "dragons_eye", "-", "-", "-", "banish", "-"),
    ("Azure Idol", "item", 1, "-", 0, 0, 0, 8, "blue_watcher", "-", "-", "-", "banish", "-"),
    ("Star Stone", "item", 3, "-", 0, 0, 0, 9, "elder_sign", "-", "-", "-", "-", "-"),
    ("Soft Shoes", "item", 3, "-", 0, 0, 0, 2, "-", "stealth+1", "-", "-", "-", "-"),
    ("Field Guide", "item", 3, "-", 0, 0, 0, 2, "-", "knowledge+1,luck+1", "-", "-", "-", "-"),
    ("Cursed Coin", "item", 2, "-", 0, 0, 0, 2, "-", "luck-1,fast_talk+2", "-", "-", "-", "-"),
    ("Silver Nail", "item", 1, "physical", 3, 1, 0, 4, "-", "-", "-", "-", "-", "-"),
    ("Warm Stone", "item", 1, "-", 0, 0, 0, 5, "-", "-", "-", "-", "-", "strength+1"),
    ("Auction Bill", "item", 2, "-", 0, 0, 0, 0, "auction", "-", "-", "-", "-", "-"),
    ("Fire Word", "spell", 4, "magical", 3, 0, 1, 0, "-", "-", "-", "knowledge+0", "-", "-"),
    ("Ward Sigil", "spell", 5, "magical", 1, 0, 0, 0, "-", "-", "-", "-", "-", "-"),
    ("Grey Veil", "spell", 4, "-", 0, 0, 1, 0, "mists", "-", "-", "knowledge+1", "-", "-"),
    ("Binding Word", "spell", 3, "-", 0, 0, 2, 0, "bind", "-", "-", "knowledge-1", "-", "-"),
    ("Bone Litany", "spell", 3, "magical", 2, 0, 1, 0, "-", "-", "undead", "-", "-", "-"),
    ("Quiet Step", "spell", 3, "-", 0, 0, 0, 0, "-", "stealth+2", "-", "-", "-", "-"),
    ("Mend Flesh", "spell", 2, "-", 0, 0, 1, 0, "-", "-", "-", "knowledge+0", "-", "strength+2; sanity-1"),
    ("Rook Hawk", "ally", 3, "-", 0, 0, 0, 0, "-", "fight+1", "-", "-", "-", "-"),
    ("Old Librarian", "ally", 3, "-", 0, 0, 0, 0, "-", "knowledge+2", "-", "-", "-", "-"),
    ("Dock Brawler", "ally", 3, "physical", 1, 0, 0, 0, "-", "-", "-", "-", "-", "-"),
    ("Silent Cat", "ally", 2, "-", 0, 0, 0, 0, "-", "stealth+1,luck+1", "-", "-", "-", "-"),
]                                                     # 37 items, 24 spells, 11 allies

FIRST = ("Ada", "Bram", "Cora", "Dov", "Esme", "Finch", "Greta", "Hob", "Ines", "Jory", "Kit", "Lune", "Mags",
         "Nico", "Oona", "Per")
LAST = ("Vane", "Thorpe", "Ashdown", "Merrow", "Quell", "Harrow", "Sallow", "Brack", "Fenwick", "Gorse", "Holt",
        "Ivers", "Jessop", "Kell", "Larch", "Mote")

EFFECTS_ARKHAM = [
    "money+2", "sanity-D6", "strength+1; sanity+1", "item", "spell", "ally", "monster", "gate", "free_move",
    "sheldon", "shop", "sell", "auction", "jail", "lose_turn", "retainer:2", "charity+3", "money-2D6",
    "test fast_talk +0: money+3 / money-1", "test knowledge -1: spell / sanity-1", "test luck +1: item / none",
    "test stealth +0: find:Star Stone / strength-2", "test fight -1: monster / strength-D6",
    "pay money 3: ally", "pay sanity 1: spell", "pay strength 2: item; money+1", "world:Grey Market",
    "move:Crow Inn", "strength+D6", "none",
    "street", "choose: money+3 / spell; sanity+1", "test sanity -1: item / sanity-1",
    "test luck +0: (test knowledge -1: spell / none) / money-1", "stay:1; sanity+2", "boost:luck+2; money+1",
    "move_bonus+2", "bet:3", "discard:item; money+3", "pay item: ally", "pay spell: money+4",
    "pay card Field Guide: money+5", "trip:Hush Garden", "has vehicle: money+2 / money-1",
    "has Star Stone: sanity+1 / test strength +0: none / strength-1", "gate",
]
EFFECTS_WORLD = ["sanity-1", "monster", "strength-D6", "item", "money+2D6", "none", "lost", "world:Amber Waste",
                 "test luck +0: spell / lose_turn", "ally", "sanity+1", "test fight +0: none / monster",
                 "test strength -1: none / strength-1", "choose: sanity-1 / strength-1"]
SERVICES = {"Vesper Hospital": "pay money 2: strength+2", "Calder Asylum": "pay money 2: sanity+2"}
OUTDOOR = ("Carrow Hill", "Mossy Well")


def write_board(folder, kinds=None):
    """Write the synthetic board's nine tables into `folder` (made if needed); the folder. kinds: the
    first so many monster kinds (PRINTED_KINDS: the printed game's 49 tokens of 37 kinds), else all."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    head = "# A synthetic board at the published game's size: every name and text invented (tests).\n"
    files = {}
    files["rules"] = ["key\tvalue", "players\t1-8", "doom_length\t13", "gate_limits\t1-2:8,3-4:7,5-8:6",
                      "round_limit\t0", "setup_gates\t1", "skills\t" + SKILLS, "first_gate_monsters\t3",
                      "split_minimum\t3", "sale_price\thalf_up", "gate_limits_by\tinvestigators",
                      "sanity_after_madness\thalf", "strength_after_knockout\t2"]
    files["spaces"] = _spaces()
    files["worlds"] = ["name\tcolour"] + ["%s\t%s" % w for w in WORLDS]
    files["gates"] = ["world\tdifficulty\tcount"] + ["%s\t%d\t2" % (WORLDS[w][0], 5 + w % 4) for w in range(8)]
    gate_locs = [n for n in LOCATIONS if n not in ("Calder Asylum", "Vesper Hospital", "Gaol House", "Crow Inn")]
    extra = {7: "1@gates", 4: "1", 10: "1"}               # the extra monsters of the printed gate rolls
    files["gate_table"] = ["roll\tlocation\tmonsters"] + [
        "%d\t%s\t%s" % (r, "-" if r == 7 else gate_locs[r], extra.get(r, "-")) for r in range(2, 13)]
    files["monsters"] = ["name\tcount\tstrength\tsanity\tmove\tcolour\timmune\tspecial\tclass\tvulnerable"] + [
        "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s" % (n, k, s, san, mv, "-" if col is None else WORLDS[col][1], im, sp,
                                                  cl, "Silver Nail" if sp == "weapons_one_point" else "-")
        for n, k, s, san, mv, col, im, sp, cl in MONSTERS[:kinds]]
    files["items"] = ["name\tdeck\tcount\tattack\tbonus\thands\tcost\tprice\tspecial\tskills\tagainst\tcast\t"
                      "abilities\tuse"] + ["\t".join(str(x) for x in row) for row in ITEMS]
    inv = ["name\tsanity\tstrength\tfight\tstealth\tmoney\tstart\titems\tskills\tsplit"]
    starts = [n for n in LOCATIONS if n not in ("Calder Asylum", "Vesper Hospital", "Gaol House")]
    for i in range(16):
        cards = ["Long Pistol", "item", "spell"] if i % 3 == 0 else (["Bent Knife", "item", "item", "spell"]
                                                                    if i % 3 == 1 else ["ally", "spell", "Soft Shoes"])
        split = str(10) if i % 2 == 0 else "-"
        inv.append("%s %s\t%d\t%d\t%d\t%d\t13\t%s\t%s\tfast_talk=%d,knowledge=%d,luck=%d\t%s" % (
            FIRST[i], LAST[i], 4 + i % 4, 4 + (i + 2) % 4, 1 + i % 4, 1 + (i + 1) % 4, starts[i % len(starts)],
            ",".join(cards), i % 4, (i + 1) % 5, (i + 2) % 4, split))
    files["investigators"] = inv
    ev = ["place\troll\teffects\ttext"]
    k = 0
    for name in LOCATIONS:
        for r in range(1, 7):
            e = EFFECTS_ARKHAM[k % len(EFFECTS_ARKHAM)]
            k += 1
            if name in ("Calder Asylum", "Vesper Hospital") and e == "gate":
                e = "sanity+2" if name == "Calder Asylum" else "strength+2"
            if name == "Crow Inn" and e == "move:Crow Inn":
                e = "move:Reed Archive"
            if name == "Order of the Deep Hall" and r == 1:
                e = "pay gate: spell; sanity+3"             # the Order takes gate trophies
            ev.append("%s\t%d\t%s\tSynthetic event %d at %s." % (name, r, e, r, name))
        if name in SERVICES:
            ev.append("%s\tservice\t%s\tSynthetic care at %s, paid each turn." % (name, SERVICES[name], name))
    k = 0
    for w, _ in WORLDS:
        for r in range(1, 7):
            e = EFFECTS_WORLD[k % len(EFFECTS_WORLD)]
            k += 1
            if e == "world:Amber Waste" and w == "Amber Waste":
                e = "world:Bone Shore"
            ev.append("%s\t%d\t%s\tSynthetic event %d in %s." % (w, r, e, r, w))
    files["events"] = ev
    for name, lines in files.items():
        (folder / (name + ".tsv")).write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    return folder
