"""The documentation runs: the README's Python section and the docstring examples of the public API
(eldritch, eldritch.solving, eldritch.library, eldritch.stats) are doctests, on both backends."""

import doctest
import importlib
from pathlib import Path

import pytest

import eldritch
from eldritch import solving

REPO = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.fixture
def api_backend(backend, monkeypatch):
    """The public API answered by this backend (it is chosen once at import otherwise)."""
    monkeypatch.setattr(solving, "_BACKEND", backend)
    return backend


def test_readme_python_section_runs(api_backend):
    result = doctest.testfile(str(REPO / "README.md"), module_relative=False, optionflags=FLAGS,
                              globs={})
    assert result.attempted >= 15 and result.failed == 0


@pytest.mark.parametrize("name", ["eldritch", "eldritch.solving", "eldritch.library", "eldritch.stats"])
def test_docstring_examples_run(name, api_backend):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0


def test_the_front_door_exports_what_the_readme_promises():
    for name in ("Card", "parse_card", "Roll", "parse_roll", "Situation", "odds", "Odds", "advise",
                 "Option", "Solver", "library", "Game", "GameData", "KernelError", "backend_name",
                 "__version__"):
        assert hasattr(eldritch, name), name
    assert set(eldritch.__all__) >= {"odds", "advise", "Solver", "Situation", "library"}


def test_library_users_and_the_cli_get_the_same_number(capsys):
    """`python -c "...eldritch.odds(...).probability"` prints what `eldritch odds --json` prints."""
    import json
    from eldritch.cli import main
    assert main(["odds", "L L L | L I3", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = eldritch.odds(eldritch.parse_card("L L L | L I3"), eldritch.Situation())
    assert str(api.probability) == str(cli["probability"]) and api.percent == cli["percent"]
    assert "%d/%d" % (api.exact, 2 ** 48) == cli["exact"]
