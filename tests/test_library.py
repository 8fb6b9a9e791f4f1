"""The card library: the generated adventures.tsv, its generator, and the kernel's library API."""

import collections
import re
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.notation import format_card, parse_card

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
TSV = REPO_ROOT / "kernel" / "eldersign" / "data" / "adventures.tsv"
MICROPYTHON = Path(sys.executable).parent / "micropython"

SET_COUNTS = {"Core": 47, "Other Worlds": 18, "Unseen Forces": 41, "Gates of Arkham": 80,
              "Omens of Ice": 64, "Omens of the Pharaoh": 58, "Omens of the Deep": 64}
FILE_SET_ORDER = ["Core", "Unseen Forces", "Other Worlds", "Omens of Ice", "Omens of the Pharaoh",
                  "Omens of the Deep", "Gates of Arkham"]
CSV_TERROR_COUNTS = {"none": 363, "fail": 5, "discard": 4}
EFFECT_COLUMNS = ("terror_text", "entry", "midnight", "reward", "penalty")


@pytest.fixture(scope="module")
def adventures():
    return library.load()


# --- the data -------------------------------------------------------------------------------------------


def test_372_adventures_with_the_per_set_counts(adventures):
    assert len(adventures) == 372
    assert collections.Counter(a.set for a in adventures) == SET_COUNTS


def test_set_and_name_are_unique(adventures):
    keys = [(a.set, a.name.lower()) for a in adventures]
    assert len(set(keys)) == len(keys)


def test_every_notation_round_trips_through_the_parser(adventures):
    for adventure in adventures:
        assert format_card(parse_card(adventure.notation)) == adventure.notation, adventure.name
        assert adventure.card() == parse_card(adventure.notation)


def test_terror_effects_are_the_three_words_with_the_csv_counts(adventures):
    assert collections.Counter(a.terror for a in adventures) == CSV_TERROR_COUNTS


def test_the_curator_keeps_the_csv_second_task_and_notes_the_json(adventures):
    curator = library.get(adventures, "The Curator")
    assert curator.notation == "L L L | L I3"
    assert curator.card().tasks[1] == parse_card("L I3").tasks[0]
    assert curator.source == "csv+json; tasks differ, json had: L L L | L I2"


def test_json_costs_and_facts_are_merged(adventures):
    elder_sign = library.get(adventures, "The Elder Sign")
    assert elder_sign.set == "Unseen Forces"
    assert elder_sign.notation == "L S1 > L H1 > I2 L"
    assert elder_sign.trophy == 2
    assert elder_sign.source == "csv+json; json set: Core"
    assert elder_sign.reward == "doom-1,elder_sign+1,clue+1,clue+1"
    office = library.get(adventures, "Administration Office")
    assert office.source == "csv+json; json name: We need to find help"
    assert office.penalty == "sanity-1,clue-1"


def test_source_and_csv_only_rows(adventures):
    by_source = collections.Counter(a.source.split(";")[0] for a in adventures)
    assert by_source == {"csv": 274, "csv+json": 98}
    for adventure in adventures:
        if adventure.source == "csv":
            assert adventure.trophy is None
            assert adventure.monsters == adventure.reward == adventure.penalty == ""


def test_trophy_is_an_int_or_none(adventures):
    assert {type(a.trophy) for a in adventures} == {int, type(None)}


def test_monster_outlines_have_the_documented_form(adventures):
    for adventure in adventures:
        for item in filter(None, adventure.monsters.split(",")):
            assert re.fullmatch(r"(\d+|slot|\?):(full|empty|partial\d+)", item), (adventure.name, item)
            number = item.split(":")[0]
            if number.isdigit():
                assert 1 <= int(number) <= len(adventure.card().tasks)


def _effect_items(text):
    """Split an effect list on the commas outside parentheses and quotes."""
    items, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "()":
            depth += 1 if ch == "(" else -1
        elif not quoted and depth == 0 and ch == ",":
            items.append(text[start:i])
            start = i + 1
    return items + [text[start:]] if text else items


EFFECT_ITEM = re.compile(r'[a-z_]+[+-]\d+|[a-z_]+=\d+|(unmodelled|special):"[^"\t]*"|(each|choose)\(.+\)')


def test_effects_have_the_documented_form(adventures):
    for adventure in adventures:
        for column in EFFECT_COLUMNS:
            for item in _effect_items(getattr(adventure, column)):
                assert EFFECT_ITEM.fullmatch(item), (adventure.name, column, item)


# --- the generator --------------------------------------------------------------------------------------


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="no ../shared/data beside the repository to regenerate from")
def test_the_generator_reproduces_the_committed_tsv_byte_for_byte():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import datagen

    assert datagen.generate(SHARED_DATA) == TSV.read_bytes()


# --- the API --------------------------------------------------------------------------------------------


def test_load_returns_a_fresh_list_each_time(adventures):
    again = library.load()
    assert again is not adventures
    assert [a.name for a in again] == [a.name for a in adventures]
    assert library.load(str(TSV))[0].name == adventures[0].name


def test_load_rejects_a_bad_file(tmp_path):
    header = "\t".join(library.COLUMNS) + "\n"
    bad_header = tmp_path / "header.tsv"
    bad_header.write_text("set\tname\n")
    with pytest.raises(KernelError, match="header") as error:
        library.load(str(bad_header))
    assert error.value.what == "library"
    short = tmp_path / "short.tsv"
    short.write_text(header + "Core\tX\tL\n")
    with pytest.raises(KernelError, match="line 2 has 3 fields, expected 12"):
        library.load(str(short))
    terror = tmp_path / "terror.tsv"
    terror.write_text(header + "\t".join(["Core", "X", "L", "maybe"] + [""] * 8) + "\n")
    with pytest.raises(KernelError, match="unknown terror effect 'maybe'"):
        library.load(str(terror))


def test_sets_in_file_order(adventures):
    assert library.sets(adventures) == FILE_SET_ORDER


@pytest.mark.parametrize("text, expected", [
    ("core", "Core"), ("CORE", "Core"), ("other", "Other Worlds"), ("gates", "Gates of Arkham"),
    ("Omens of the Deep", "Omens of the Deep"), ("omens of i", "Omens of Ice"), ("unseen", "Unseen Forces"),
    ("pharaoh", "Omens of the Pharaoh"),
])
def test_resolve_set(adventures, text, expected):
    assert library.resolve_set(adventures, text) == expected


@pytest.mark.parametrize("text, message", [
    ("omens", "'omens' could be Omens of Ice, Omens of the Pharaoh, Omens of the Deep"),
    ("dunwich", "no set named 'dunwich'"),
    ("", "expected a set name"),
])
def test_resolve_set_errors(adventures, text, message):
    with pytest.raises(KernelError, match=re.escape(message)) as error:
        library.resolve_set(adventures, text)
    assert error.value.what == "set"


def test_search(adventures):
    assert len(library.search(adventures, "")) == 372
    night_in_core = library.search(adventures, "NIGHT", "core")
    assert [a.name for a in night_in_core] == ["Late Night Break-In", "When Night Falls"]
    assert {a.set for a in library.search(adventures, "", "ice")} == {"Omens of Ice"}
    assert len(library.search(adventures, "", "other")) == 18
    assert library.search(adventures, "no such card") == []
    with pytest.raises(KernelError):
        library.search(adventures, "x", "omens")


def test_get(adventures):
    assert library.get(adventures, "the curator").name == "The Curator"
    habitat = library.get(adventures, "Unnatural Habitat", "ice")
    assert (habitat.set, habitat.notation) == ("Omens of Ice", "T/P T/P P | I1")
    assert library.get(adventures, "unnatural habitat", "Core").notation == "P P I3"


def test_get_a_name_in_several_sets(adventures):
    message = "'Unnatural Habitat' is in several sets: Core, Omens of Ice; give a set"
    with pytest.raises(KernelError, match=re.escape(message)) as error:
        library.get(adventures, "Unnatural Habitat")
    assert error.value.what == "card"


def test_get_takes_the_one_card_whose_name_contains_it(adventures):
    """`--name curator` is The Curator: no "did you mean" when only one card fits."""
    assert library.get(adventures, "curator").name == "The Curator"
    assert library.get(adventures, "  KOI ").name == "Koi Pond"
    with pytest.raises(KernelError, match="did you mean"):
        library.get(adventures, "night")            # several names contain it: still asked


def test_get_an_unknown_name_suggests_up_to_three(adventures):
    with pytest.raises(KernelError) as error:
        library.get(adventures, "night")
    assert str(error.value) == ("card: no adventure named 'night'; did you mean "
                                "'Late Night Break-In', 'When Night Falls', 'Midnight Visitor'?")
    with pytest.raises(KernelError, match=r"^card: no adventure named 'zzz'$"):
        library.get(adventures, "zzz")
    with pytest.raises(KernelError, match="no adventure named 'The Curator' in Omens of Ice"):
        library.get(adventures, "The Curator", "ice")


# --- MicroPython ----------------------------------------------------------------------------------------

MICROPYTHON_PROLOGUE = """
import sys
sys.path.insert(0, %r)
from kernel.eldersign import library
from kernel.errors import KernelError
adventures = library.load()
"""


def run_micropython(tmp_path, body):
    """Run body under the MicroPython unix port with the repository's kernel importable; its output lines."""
    script = tmp_path / "library_check.py"
    script.write_text(MICROPYTHON_PROLOGUE % str(REPO_ROOT) + body)
    result = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.splitlines()


needs_micropython = pytest.mark.skipif(not MICROPYTHON.exists(), reason="no micropython beside the venv's python")


@needs_micropython
def test_the_library_runs_under_micropython(tmp_path):
    body = """
print(len(adventures))
print(library.get(adventures, 'The Curator').notation)
print(library.get(adventures, 'The Curator').card().tasks[1].inv[0])
print(len(library.search(adventures, 'night', 'core')))
print(library.resolve_set(adventures, 'gates'))
"""
    assert run_micropython(tmp_path, body) == ["372", "L L L | L I3", "3", "2", "Gates of Arkham"]


@needs_micropython
def test_library_errors_under_micropython(tmp_path):
    body = """
try:
    library.get(adventures, 'Unnatural Habitat')
except KernelError as e:
    print(e)
"""
    assert run_micropython(tmp_path, body) == [
        "card: 'Unnatural Habitat' is in several sets: Core, Omens of Ice; give a set"]
