"""Stories as data (kernel/mansions/data/README.md): the demonstration story uses every feature of the
schema, the template loads and plays, every kind of bad data is one KernelError naming the file, the
line and the field, and the handheld's lean reader agrees with the full loader."""

import shutil
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game.story import Story, data_folder, LINK_KINDS
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.lean import LeanStory
from eldritch.kernel.mansions.game.rules import Rules

DEMO = Path(data_folder()) / "demo"


def test_demo_story_is_labelled_as_the_projects_own():
    s = Story("demo")
    assert "Eldritch project" in s.label and "not a published" in s.label


def test_demo_story_exercises_every_feature():
    s = Story("demo")
    links = set(line.split("\t")[2].strip() for line in (DEMO / "links.tsv").read_text().splitlines()
                if line and not line.startswith("#") and not line.startswith("a\t"))
    assert links == set(LINK_KINDS)
    assert set(s.card_kind) == set(range(len(K.CARD_KINDS)))
    types = 0
    for t in s.card_types:
        types |= t
    assert types == (1 << len(K.TYPE_NAMES)) - 1
    reqs = set((s.card_kind[c], s.req_kind[c]) for c in range(s.ncards) if s.req_kind[c])
    assert reqs == {(K.K_LOCK, K.R_CARD), (K.K_LOCK, K.R_TEST), (K.K_LOCK, K.R_PUZZLE),
                    (K.K_OBSTACLE, K.R_KEY), (K.K_OBSTACLE, K.R_PUZZLE)}
    assert set(s.atk_kind) >= {K.W_FIREARM, K.W_BLADED, K.W_BLUNT, K.W_SPELL}
    # every effect but these few, which the synthetic full-size story exercises
    # (tests/test_mansions_synthetic.py::test_synthetic_story_uses_every_feature)
    left = {K.E_COMBAT_MOD, K.E_ELSE, K.E_EXTINGUISH, K.E_FIRE, K.E_HORROR_MOD, K.E_NOTHING, K.E_SKILL, K.E_SPREAD,
            K.E_UNFLAG, K.E_WIN, K.E_HORROR_ONE, K.E_DAMAGE_ONE, K.E_TIME, K.E_SPAWN_WITH, K.E_MONSTER_DAMAGE,
            K.E_MONSTER_HORROR, K.E_DROP_WEAPON, K.E_HIT_HALF, K.E_BREAK, K.E_HOLD}
    assert set(s.eff.op) == set(range(1, len(K.EFFECT_NAMES))) - left
    conds = set(c[0] for c in s.obj_keeper) | set(c[0] for c in s.obj_inv)
    assert conds == set(range(1, len(K.COND_NAMES)))
    assert set(s.type_class) == {0, 1, 2} and s.nquestions == 2 and any(s.door_sealed)
    assert s.ninv == 4 and s.nevents >= 3 and s.nmythos and s.nkcards
    # the first edition's parts: intro, tiles, ranges, timings, trait attributes and abilities, a spell
    # deck, trauma of both types, an event stage with two cards, a conditional keeper card, melee cards
    assert len(s.intro) == 2 and all(t != K.NONE for t in s.space_tile)
    assert max(s.atk_range) == 2 and set(s.card_use) >= {K.U_ACTION, K.U_FREE, K.U_TEST}
    assert any(v != K.NONE for v in s.tr_attr) and K.U_ALWAYS in s.tr_power_use and K.U_ACTION in s.inv_power_use
    assert s.ndecks == 1 and set(s.trauma_type) == {K.TR_PHYSICAL, K.TR_INSANITY}
    assert s.nrows == s.nevents + 1 and any(s.ev_when_kind) and any(s.kc_when_kind)
    assert K.W_MELEE in set(s.cb_against)


def test_template_story_loads_and_plays():
    r = Rules({"story": "template"})
    from eldritch.kernel.mansions.game.playlog import bot_game
    out, st = bot_game(r, 3, 2, ["heuristic", "heuristic"])
    assert st.is_terminal() and out[-1].startswith("result")


def _copy(tmp_path):
    folder = tmp_path / "story"
    shutil.copytree(DEMO, folder)
    return folder


def _edit(folder, file, old, new):
    p = folder / file
    text = p.read_text()
    assert old in text, (file, old)
    p.write_text(text.replace(old, new, 1))
    before = text[:text.index(old)]
    return before.count("\n") + 1


BAD = [
    ("cards.tsv", "Brass Key\texploration", "Brass Key\tgadget", "field kind", "unknown kind 'gadget'"),
    ("cards.tsv", "card:Brass Key", "card-Brass Key", "field requires", "a lock requires"),
    ("cards.tsv", "\tfirearm:1:2\t", "\tfirearm:x:2\t", "field attack", "not a number"),
    ("monsters.tsv", "Ghoul\tbeast\t2\t3", "Ghoul\tbeast\t2\tthree", "field health", "not a number"),
    ("monsters.tsv", "Ghoul\tbeast", "Ghoul\tfish", "field class", "unknown class"),
    ("links.tsv", "Hall NW\tStudy\tdoor", "Hall NW\tStudy\tline", "field kind", "different rooms"),
    ("links.tsv", "Hall NW\tStudy\tdoor", "Hall NW\tStudyy\tdoor", "field b", "unknown space"),
    ("events.tsv", "spawn:Ghoul:Cellar South", "spawn:Gool:Cellar South", "field effect", "unknown monster"),
    ("events.tsv", "threat:2", "teleport:2", "field effect", "unknown effect"),
    ("objectives.tsv", "escape:Foyer West", "escape:Roof", "field investigators_win", "unknown space"),
    ("objectives.tsv", "event:4", "flee:4", "field keeper_wins", "not a keeper condition"),
    ("keeper_actions.tsv", "Stalk\t1", "Stalk\t0", "field cost", "not in 1 .. 20"),
    ("keeper_actions.tsv", "Dark Prayer\t1\tdraw_mythos:1", "Dark Prayer\t1\tthreat:2", "field effect",
     "cannot gain as much threat as it costs"),
    ("mythos.tsv", "test:dexterity:0", "test:agility:0", "field effect", "unknown attribute"),
    ("investigators.tsv", "Agnes Thorne\t6\t8\t2", "Agnes Thorne\t6\t8\t12", "field strength", "not in 0 .. 10"),
    ("traits.tsv", "Occultist\t1\tShrivelling", "Occultist\t1\tBroom", "field item", "unknown card"),
    ("piles.tsv", "Chapel\tThe Final Page\t-", "Chapel\tThe Final Page\t-\textra", "fields", "4 fields, expected 3"),
    ("piles.tsv", "Library\tTorn Map\t2=1", "Library\tTorn Map\t3=1", "field when", "not in 1 .. 2"),
    ("combat.tsv", "eldritch\tbladed", "eldritch\tspoon", "field against", "unknown 'spoon'"),
]


@pytest.mark.parametrize("file,old,new,field,message", BAD, ids=[b[0] + ":" + b[3] for b in BAD])
def test_bad_data_names_file_line_and_field(tmp_path, file, old, new, field, message):
    folder = _copy(tmp_path)
    line = _edit(folder, file, old, new)
    with pytest.raises(KernelError) as e:
        Story(str(folder))
    text = str(e.value)
    assert text.startswith("story: %s line %d" % (file, line)), text
    assert field in text and message in text, text
    assert "\n" not in text


WHOLE = [
    ("piles.tsv", "Chapel\tThe Final Page\t-\n", "", "the clues placed are [2, 3]"),
    ("cards.tsv", "Crowbar\texploration\tkey,weapon\t-\tCollapsed Shelves", "Crowbar\texploration\tweapon\t-\t-",
     "no key opens the obstacle 'Collapsed Shelves'"),
    ("combat.tsv", "beast\tmonster\twill:0", "humanoid\tmonster\twill:0", ""),
    ("objectives.tsv", "3\tThe Silver Chalice", "#", "three objectives"),
    ("spaces.tsv", "space\troom", "space\troom\tsize", "the header must be"),
]


@pytest.mark.parametrize("file,old,new,message", WHOLE, ids=[w[0] for w in WHOLE])
def test_bad_story_as_a_whole_is_one_clear_error(tmp_path, file, old, new, message):
    folder = _copy(tmp_path)
    _edit(folder, file, old, new)
    if file == "combat.tsv":
        # take every beast card against the monster's attack away
        p = folder / file
        p.write_text("\n".join(l for l in p.read_text().splitlines() if not l.startswith("beast\tmonster")) + "\n")
        message = "the beast deck (for 'Ghoul') has no card against monster"
    with pytest.raises(KernelError) as e:
        Story(str(folder))
    assert message in str(e.value) and str(e.value).startswith("story: ")


def test_missing_story_folder_is_a_kernel_error(tmp_path):
    with pytest.raises(KernelError) as e:
        Story(str(tmp_path / "nowhere"))
    assert "cannot open" in str(e.value)


def readme_story(tmp_path):
    """The demonstration story with kernel/mansions/data/README.md's example blocks added (the objective
    block replacing its answer); its folder."""
    folder = tmp_path / "mine"
    shutil.copytree(DEMO, folder)
    for name, rows in _readme_blocks():
        path = folder / name
        old = path.read_text().splitlines()
        if name == "objectives.tsv":                 # replaces the objective of the same answer, in place
            by_answer = {r.split("\t")[0]: r for r in rows}
            old, rows = [by_answer.get(line.split("\t")[0], line) for line in old], []
        path.write_text("\n".join(old + rows) + "\n")
    return folder


def template_with_examples(tmp_path):
    """The template story with every example line of its files uncommented; its folder."""
    folder = tmp_path / "template-all"
    shutil.copytree(Path(data_folder()) / "template", folder)
    for path in folder.glob("*.tsv"):
        lines = path.read_text().splitlines()
        path.write_text("\n".join(l[1:] if l.startswith("#") and l[1:2] not in ("", " ", "#") else l
                                  for l in lines) + "\n")
    return folder


def _win_of(story, row):
    """What the lean reader calls an event card's end: WIN_NONE, the side its one win:SIDE names, or
    WIN_DECIDES for several."""
    from eldritch.kernel.mansions import lean
    wins = [a for op, a, _, _ in story.eff.ops(story.ev_eff[row]) if op == K.E_WIN]
    return lean.WIN_NONE if not wins else wins[0] if len(wins) == 1 else lean.WIN_DECIDES


STORIES = ["demo", "template", "template with every example", "synthetic", "readme examples"]


@pytest.mark.parametrize("name", STORIES)
def test_lean_reader_agrees_with_the_full_loader(name, tmp_path):
    """The handheld's reader (kernel/mansions/lean.py) gives the full loader's names and numbers, the
    event deck by stage with each card's condition and end, on every story the tests hold: the demo,
    the template (bare and with every example), the synthetic published-size story and the README's
    examples."""
    if name == "synthetic":
        from mansions_synthetic import write_story
        name = str(write_story(tmp_path / "drowned"))
    elif name == "template with every example":
        name = str(template_with_examples(tmp_path))
    elif name == "readme examples":
        name = str(readme_story(tmp_path))
    s = Story(name)
    lean = LeanStory(name)
    assert [n.decode() for n in lean.inv_names] == s.inv_name
    assert bytes(lean.inv_attr) == bytes(s.inv_attr)
    assert [n.decode() for n in lean.type_names] == s.type_name and bytes(lean.type_class) == bytes(s.type_class)
    assert bytes(lean.ev_time) == bytes(s.stage_time) and [n.decode() for n in lean.ev_names] == s.ev_name
    assert bytes(lean.stage_first) == bytes(s.stage_first) and bytes(lean.stage_rows) == bytes(s.stage_rows)
    assert [bool(w) for w in lean.ev_when] == [k != 0 for k in s.ev_when_kind]
    assert list(lean.ev_win) == [_win_of(s, row) for row in range(s.nrows)]
    assert [n.decode() for n in lean.kc_names] == s.kc_name and bytes(lean.kc_cost) == bytes(s.kc_cost)
    assert lean.title.decode() == s.title


def test_every_mansions_module_imports_under_micropython(run_micropython):
    root = Path(data_folder()).parent
    names = sorted("kernel.mansions." + str(p.relative_to(root))[:-3].replace("/", ".")
                   for p in root.rglob("*.py"))
    names = [n[:-len(".__init__")] if n.endswith(".__init__") else n for n in names]
    assert "kernel.mansions.game.rules" in names and len(names) >= 20
    lines = run_micropython("\n".join("import " + n for n in names) + "\nprint('ok', %d)" % len(names))
    assert lines == ["ok %d" % len(names)]


def _readme_blocks():
    """The README's example blocks: (file, lines), from ```tsv FILE fences."""
    text = (Path(__file__).resolve().parent.parent / "kernel" / "mansions" / "data" / "README.md").read_text()
    blocks = []
    for part in text.split("```tsv ")[1:]:
        head, _, rest = part.partition("\n")
        blocks.append((head.strip(), rest.split("```")[0].strip("\n").splitlines()))
    return blocks


def test_readme_examples_load_and_play(tmp_path):
    """Issue 27.5: kernel/mansions/data/README.md's field-by-field examples (one card of each kind,
    invented text) added to a copy of the demonstration story load, and seeded bot games play them."""
    from array import array
    from eldritch.kernel.surface import CHANCE
    from eldritch.kernel.mansions.game import consts as K
    from eldritch.kernel.mansions.game.rules import Rules
    from eldritch.kernel.mansions.game.bots import make_bot
    files = {f for f, _ in _readme_blocks()}
    assert {"cards.tsv", "events.tsv", "combat.tsv", "monsters.tsv", "investigators.tsv", "traits.tsv",
            "mythos.tsv", "keeper_actions.tsv", "trauma.tsv", "objectives.tsv", "guide.tsv", "piles.tsv",
            "spaces.tsv", "links.tsv", "story.tsv"} <= files
    folder = readme_story(tmp_path)
    st = Story(str(folder))
    assert {"Ledger of Tolls", "Whisper (high)", "Pocket Watch", "Duck Gun"} <= set(st.card_name)
    assert "Mara Quist" in st.inv_name and "Mire Hag" in st.type_name and st.nevents == 6
    assert st.ev_name[-3:] == ["The Ferry Arrives", "The Water Rises", "The Drowned Bell"] and st.nquestions == 3
    assert st.has_hiding and st.has_barrier and "Clock Strikes" in st.my_name and "Marked One" in st.kc_name
    r = Rules({"story": str(folder)})
    buf = array("i", [0] * K.MAX_ACTIONS)
    for seed in range(20):
        g = r.new_game(seed, 2 + seed % 4)
        bots = [make_bot("heuristic" if seed % 2 else "random", r.story, s, seed) for s in range(g.players)]
        while not g.is_terminal():
            who = g.current_player()
            n = g.legal_actions(buf)
            a = buf[0] if who == CHANCE else bots[who].choose(g.view(who), buf, n)
            assert g.is_legal(a)
            g.apply(a)
