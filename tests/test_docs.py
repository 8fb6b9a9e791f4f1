"""The documentation runs: the Python page's examples (docs/python.md) and the docstring examples of the public API
(eldritch, eldritch.eldersign.solving, eldritch.eldersign.library, eldritch.analysis.stats, eldritch.games,
and the four games' front doors with
their typed views and odds) are doctests, on both backends."""

import doctest
import importlib
from pathlib import Path

import pytest

import eldritch
from eldritch.eldersign import solving

REPO = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.fixture
def api_backend(backend, monkeypatch):
    """The public API answered by this backend (it is chosen once at import otherwise)."""
    monkeypatch.setattr(solving, "_BACKEND", backend)
    return backend


def run_page(path):
    """The doctest examples of a documentation page, run as written."""
    return doctest.testfile(str(path), module_relative=False, optionflags=FLAGS, globs={})


def test_the_python_page_examples_run(api_backend):
    result = run_page(REPO / "docs" / "python.md")
    assert result.attempted >= 40 and result.failed == 0


def test_a_wrong_example_on_the_python_page_fails(tmp_path):
    """The check can fail: the same page with one expected answer changed is caught."""
    text = (REPO / "docs" / "python.md").read_text()
    assert "('The Curator', 'L L L | L I3', 'none')" in text
    page = tmp_path / "python.md"
    page.write_text(text.replace("('The Curator', 'L L L | L I3', 'none')", "('The Curator', 'L L L | L I3', 'fail')"))
    result = run_page(page)
    assert result.failed == 1


DOORS = ["eldritch.stayaway", "eldritch.stayaway.view", "eldritch.arkham", "eldritch.arkham.view",
         "eldritch.arkham.odds", "eldritch.mansions", "eldritch.mansions.view", "eldritch.mansions.odds",
         "eldritch.eldersign.view", "eldritch.doors"]


@pytest.mark.parametrize("name", ["eldritch", "eldritch.eldersign.solving", "eldritch.eldersign.library", "eldritch.analysis.stats", "eldritch.games"] + DOORS)
def test_docstring_examples_run(name, api_backend):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0


def test_the_front_door_exports_what_the_docs_promise():
    for name in ("Card", "parse_card", "Roll", "parse_roll", "Situation", "odds", "Odds", "advise",
                 "Option", "Solver", "library", "Game", "GameData", "KernelError", "backend_name",
                 "__version__"):
        assert hasattr(eldritch, name), name
    assert set(eldritch.__all__) >= {"odds", "advise", "Solver", "Situation", "library", "read_view", "actions"}


@pytest.mark.parametrize("door,odds", [("stayaway", ()), ("mansions", ("attribute_test",)),
                                       ("arkham", ("fight", "stealth", "sanity_check", "close_gate", "reach",
                                                   "gate_chances"))])
def test_each_game_front_door_exports_its_surface(door, odds):
    mod = importlib.import_module("eldritch." + door)
    for name in ("Rules", "State", "read_view", "decode_view", "actions", "Action", "KernelError") + odds:
        assert hasattr(mod, name), (door, name)
    assert mod.KernelError is eldritch.KernelError
    assert "read_view" in mod.__doc__ and "KernelError" in mod.__doc__


def test_a_game_command_does_not_import_its_front_door():
    """`eldritch stayaway` (and arkham, mansions) import the package of the same name first: its
    front door stays lazy, so their start-up pays for no dataclass or view module."""
    import subprocess
    import sys
    code = ("import sys, eldritch.stayaway, eldritch.arkham, eldritch.mansions; "
            "print(sorted(m for m in sys.modules if m.endswith(('.view', '.door', '.odds', 'doors', 'dataclasses'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_library_users_and_the_cli_get_the_same_number(capsys):
    """`python -c "...eldritch.odds(...).probability"` prints what `eldritch odds --json` prints."""
    import json
    from eldritch.cli import main
    assert main(["odds", "L L L | L I3", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = eldritch.odds(eldritch.parse_card("L L L | L I3"), eldritch.Situation())
    assert str(api.probability) == str(cli["probability"]) and api.percent == cli["percent"]
    assert "%d/%d" % (api.exact, 2 ** 48) == cli["exact"]
