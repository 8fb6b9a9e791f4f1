"""The game's modules (kernel/eldersign/game/*.py): each says what it is for at the top, imports only
relatively (plus array and micropython), imports under the MicroPython unix port; a Game shows
only the state machine's surface, and nothing outside the game imports its internal modules."""

import ast
from pathlib import Path

import pytest

from conftest import REPO

MODULES = sorted(p for p in (REPO / "kernel" / "eldersign" / "game").glob("*.py"))
ALLOWED_ABSOLUTE = {"array", "micropython"}


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_module_has_a_docstring_and_relative_imports_only(path: Path):
    tree = ast.parse(path.read_text())
    doc = ast.get_docstring(tree)
    assert doc and len(doc.splitlines()[0]) > 20, path.name
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level > 0 or node.module in ALLOWED_ABSOLUTE, (path.name, node.module)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name in ALLOWED_ABSOLUTE, (path.name, alias.name)


def test_every_game_module_imports_under_micropython(run_micropython):
    from conftest import MICROPYTHON
    if not MICROPYTHON.exists():
        pytest.skip("no micropython")
    names = [p.stem for p in MODULES]
    lines = run_micropython("import %s\nprint('ok', %d)" % (
        ", ".join("kernel.eldersign.game." + n for n in names), len(names)))
    assert lines == ["ok %d" % len(names)]


SURFACE = {"players", "seed", "current_player", "legal_actions", "is_legal", "apply", "chance_outcomes",
           "is_terminal", "returns", "view", "action_text", "serialize", "actions", "replay"}
ENTRY_POINTS = {"rules", "machine", "data", "save", "text", "words", "table", "bot", "companion", "bots", "playlog"}


def test_a_game_shows_only_the_state_machine_surface():
    """Everything a Game has beyond the surface of kernel/surface.py is private (a leading
    underscore); the surface behaves as documented on a new game."""
    from eldritch.kernel.eldersign.game.rules import Rules
    from eldritch.kernel.surface import CHANCE, TERMINAL
    from array import array
    rules = Rules({"ancient_one": "Yig"})
    g = rules.new_game(5, 3)
    public = {n for n in dir(g) if not n.startswith("_")}
    assert public == SURFACE
    assert (rules.name, rules.min_players, rules.max_players) == ("eldersign", 1, 8)
    buf = array("i", [0] * rules.max_actions)
    n = g.legal_actions(buf)
    assert n > 0 and all(g.is_legal(buf[i]) for i in range(n))
    assert g.current_player() not in (CHANCE, TERMINAL) and 0 <= g.current_player() < 3
    assert g.chance_outcomes() == [] and not g.is_terminal() and g.actions() == []
    assert isinstance(g.view(0), bytes) and rules.deserialize(g.serialize()).serialize() == g.serialize()


def _imports_of(path):
    """The game modules a file outside the game imports: names after `eldersign.game.`, and the
    modules of `from ...eldersign.game import x` (absolute or relative)."""
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.endswith("eldersign.game") or module == "game":
                found.update(alias.name for alias in node.names)
            elif "eldersign.game." in module:
                found.add(module.split("eldersign.game.")[1].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if "eldersign.game." in alias.name:
                    found.add(alias.name.split("eldersign.game.")[1].split(".")[0])
    return found


def test_nothing_outside_the_game_imports_its_internal_modules():
    """Product code (host, board app, kernel, tools, benchmarks) reaches the game only through its
    documented entry points (game/__init__.py); the tests of the rules may set up positions
    through any module."""
    init = (REPO / "kernel" / "eldersign" / "game" / "__init__.py").read_text()
    for name in ENTRY_POINTS:
        assert "%s.py" % name in init or "%s/" % name in init, name
    roots = [REPO / d for d in ("host", "micropython", "kernel", "tools", "benchmarks")]
    game_dir = REPO / "kernel" / "eldersign" / "game"
    checked = 0
    for root in roots:
        for path in root.rglob("*.py"):
            if game_dir in path.parents:
                continue
            bad = _imports_of(path) - ENTRY_POINTS
            assert not bad, (str(path.relative_to(REPO)), bad)
            checked += 1
    assert checked > 20
