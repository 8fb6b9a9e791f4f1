"""`eldritch mansions check DIR` and `eldritch mansions template DIR` (host/mansions/storycheck.py):
every problem of a story folder on its own line naming the file, the line and the field (the same
words the game's loader gives for the first one), a summary when it passes, JSON for scripts; the
template a small story that checks, plays and shows every field."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game.story import Story, data_folder, FILES, SCHEMAS, OPTIONAL

import test_mansions_data as D

DEMO = Path(data_folder()) / "demo"
ELDRITCH = Path(sys.executable).parent / "eldritch"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", ["demo", "template"])
def test_check_summarises_a_story_that_passes(capsys, name):
    code, out, err = run(capsys, "mansions", "check", name)
    story = Story(name)
    assert code == 0 and not err
    assert out.startswith("%s: %s - %d spaces in %d rooms" % (name, story.title, story.nspaces, story.nrooms))
    assert "%d combat cards" % story.ncombat in out and "players 2-%d" % story.max_players in out
    code, out, _ = run(capsys, "mansions", "check", name, "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["problems"] == [] and data["summary"]["event_stages"] == story.nevents


def test_check_passes_the_published_size_synthetic_story(capsys, tmp_path):
    from mansions_synthetic import write_story
    folder = str(write_story(tmp_path / "drowned"))
    code, out, err = run(capsys, "mansions", "check", folder)
    assert code == 0 and "The Drowned Observatory" in out and not err


# several problems in several files at once: (file, old, new, the problem's place, words in it)
MANY = [
    ("links.tsv", "Hall NW\tStudy\tdoor", "Hall NW\tStudyy\tdoor", "field b", "unknown space 'Studyy'"),
    ("monsters.tsv", "Ghoul\tbeast\t2\t3", "Ghoul\tfish\t2\tthree", "field class", "unknown class 'fish'"),
    ("cards.tsv", "Brass Key\texploration", "Brass Key\tgadget", "field kind", "unknown kind 'gadget'"),
    ("events.tsv", "threat:2", "teleport:2", "field effect", "unknown effect 'teleport'"),
    ("keeper_actions.tsv", "Stalk\t1", "Stalk\t0", "field cost", "0 is not in 1 .. 20"),
    ("investigators.tsv", "Agnes Thorne\t6\t8\t2", "Agnes Thorne\t6\t8\t12", "field strength", "not in 0 .. 10"),
]


def test_check_names_every_problem_on_its_own_line(capsys, tmp_path):
    """Six problems in six files: six lines (one more for the Ghoul's health, a second problem on
    its line), each 'FOLDER: FILE line N, field F: ...', exit code 2, nothing on stdout."""
    folder = D._copy(tmp_path)
    want = []
    for file, old, new, field, words in MANY:
        line = D._edit(folder, file, old, new)
        want.append(("%s line %d, %s: " % (file, line, field), words))
    code, out, err = run(capsys, "mansions", "check", str(folder))
    lines = err.splitlines()
    assert code == 2 and out == ""
    assert all(line.startswith("%s: " % folder) for line in lines)
    for place, words in want:
        assert any(place in line and words in line for line in lines), (place, lines)
    assert any("monsters.tsv line" in line and "field health: 'three' is not a number" in line for line in lines)
    assert len(lines) == len(MANY) + 1, lines
    code, out, _ = run(capsys, "mansions", "check", str(folder), "--json")
    data = json.loads(out)
    assert code == 2 and not data["ok"] and data["summary"] is None
    assert {(p["file"], p["field"]) for p in data["problems"]} >= {(m[0], m[3][6:]) for m in MANY}
    assert all(p["line"] > 0 for p in data["problems"])


@pytest.mark.parametrize("file,old,new,field,message", D.BAD, ids=[b[0] + ":" + b[3] for b in D.BAD])
def test_check_gives_the_loaders_words_for_each_kind_of_problem(capsys, tmp_path, file, old, new, field, message):
    """Each kind of bad line the loader refuses is the check's one line, in the loader's words."""
    folder = D._copy(tmp_path)
    D._edit(folder, file, old, new)
    with pytest.raises(KernelError) as e:
        Story(str(folder))
    code, out, err = run(capsys, "mansions", "check", str(folder))
    assert code == 2 and err.splitlines()[0] == "%s: %s" % (folder, e.value.detail)


@pytest.mark.parametrize("file,old,new,message", D.WHOLE, ids=[w[0] for w in D.WHOLE])
def test_check_reports_a_story_wide_problem(capsys, tmp_path, file, old, new, message):
    folder = D._copy(tmp_path)
    D._edit(folder, file, old, new)
    if file == "combat.tsv":                # as the loader's test: no beast card against a monster's attack
        p = folder / file
        p.write_text("\n".join(l for l in p.read_text().splitlines() if not l.startswith("beast\tmonster")) + "\n")
        message = "the beast deck (for 'Ghoul') has no card against monster"
    code, out, err = run(capsys, "mansions", "check", str(folder))
    assert code == 2 and err and all(line.startswith(str(folder) + ": ") for line in err.splitlines())
    assert message in err


def test_check_of_a_missing_folder_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "mansions", "check", str(tmp_path / "nowhere"))
    assert code == 2 and "is not a story folder" in err and err.count("\n") == 1


def test_check_of_a_folder_without_a_story_is_one_line(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("not a story\n")
    code, out, err = run(capsys, "mansions", "check", str(tmp_path))
    assert code == 2 and err.startswith("eldritch: ") and "no story.tsv" in err and err.count("\n") == 1


@pytest.mark.parametrize("blank", ["", " "])
def test_check_of_no_story_named_is_one_line(capsys, blank):
    """An empty argument names no story (not the stories' own folder, whose files are not a story)."""
    code, out, err = run(capsys, "mansions", "check", blank)
    assert code == 2 and err.startswith("eldritch: ") and "give a story" in err and err.count("\n") == 1


def test_template_writes_a_story_that_checks_and_plays(capsys, tmp_path):
    dest = tmp_path / "mine"
    code, out, err = run(capsys, "mansions", "template", str(dest))
    assert code == 0 and "eldritch mansions check %s" % dest in out
    assert set(p.name for p in dest.iterdir()) >= set(FILES)
    code, out, err = run(capsys, "mansions", "check", str(dest))
    assert code == 0 and not err
    code, out, err = run(capsys, "mansions", "play", "--story", str(dest), "--seed", "3", "--players", "2",
                         "--bots", "all")
    assert code == 0 and "result" in out


def test_template_refuses_a_folder_that_is_not_empty(capsys, tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "keep.txt").write_text("mine")
    code, out, err = run(capsys, "mansions", "template", str(tmp_path / "x"))
    assert code == 2 and "not an empty folder" in err and (tmp_path / "x" / "keep.txt").read_text() == "mine"


def test_template_names_every_column_of_every_file():
    """Each file of the template names each of its columns, the optional ones too (in its header or
    its '#' lines)."""
    folder = Path(data_folder()) / "template"
    for file in FILES + ("trauma.tsv",):
        text = (folder / file).read_text()
        for column in SCHEMAS[file] + OPTIONAL.get(file, ()):
            assert column in text, (file, column)


# the fields the published decks brought: each shown in the template by an example line
NEW_FIELDS = ("draw_mythos:", "horror_one:", "damage_one:", "time:", "spawn_with:", "monster_damage", "monster_horror",
              "drop_weapon", "hit_half:", "weapon:any:", "\thiding\t", "\tbarrier\t", "\tbreak\t", "hold",
              "move:2\t", "hit:1;damage:1")


def _examples(folder):
    """file -> the template's example lines (a '#' and then the line, no space between)."""
    out = {}
    for path in Path(folder).glob("*.tsv"):
        out[path.name] = [line[1:] for line in path.read_text().splitlines()
                          if line.startswith("#") and line[1:2] not in ("", " ", "#")]
    return out


def test_template_shows_every_new_field_with_an_example():
    examples = _examples(Path(data_folder()) / "template")
    lines = [line for rows in examples.values() for line in rows]
    for field in NEW_FIELDS:
        assert any(field in line for line in lines), field
    assert all(len(rows) <= 8 for rows in examples.values())        # a line each, not a manual


def test_template_examples_fit_together_and_play(capsys, tmp_path):
    """Every example line of the template uncommented at once: the story checks, and seeded bot games
    on it (both kinds of bot) end with no illegal move, meeting the new cards."""
    from array import array
    from eldritch.kernel.surface import CHANCE
    from eldritch.kernel.mansions.game import consts as K
    from eldritch.kernel.mansions.game.rules import Rules
    from eldritch.kernel.mansions.game.bots import make_bot
    folder = D.template_with_examples(tmp_path)
    code, out, err = run(capsys, "mansions", "check", str(folder))
    assert code == 0, err
    story = Story(str(folder))
    assert story.has_hiding and story.has_barrier and story.ndecks == 1 and story.nevents == 2
    r = Rules({"story": str(folder)})
    buf = array("i", [0] * K.MAX_ACTIONS)
    seen = set()
    for seed in range(16):
        st = r.new_game(seed, 2 + seed % 2)
        bots = [make_bot("random" if (seed + s) % 2 else "heuristic", r.story, s, seed) for s in range(st.players)]
        while not st.is_terminal():
            who = st.current_player()
            n = st.legal_actions(buf)
            a = buf[0] if who == CHANCE else bots[who].choose(st.view(who), buf, n)
            assert st.is_legal(a)
            seen.add(a >> 16)
            st.apply(a)
    assert {K.A_HIDE, K.A_BARRICADE} <= seen


@pytest.mark.parametrize("argv", [["mansions", "check", "--help"], ["mansions", "template", "--help"]])
def test_check_and_template_help_have_examples(argv):
    proc = subprocess.run([str(ELDRITCH)] + argv, capture_output=True, text=True)
    assert proc.returncode == 0 and "examples:" in proc.stdout and "eldritch mansions check" in proc.stdout


def test_a_folder_here_is_a_story_folder_even_without_a_slash(capsys, tmp_path, monkeypatch):
    """`template my_story` then `check my_story` and `play --story my_story` in the same folder: a
    folder that exists is the story, not a name under kernel/mansions/data."""
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "mansions", "template", "my_story")[0] == 0
    code, out, err = run(capsys, "mansions", "check", "my_story")
    assert code == 0 and out.startswith("my_story: A Story Template")
    code, out, err = run(capsys, "mansions", "play", "--story", "my_story", "--seed", "1", "--bots", "all")
    assert code == 0 and "result" in out
