"""The game's modules (kernel/eldersign/game/*.py): each says what it is for at the top, imports only
relatively (plus array and micropython), imports under the MicroPython unix port, and Game keeps
the public API the host, the bot, the companion and the save format use."""

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


def test_game_keeps_its_public_api():
    from eldritch.kernel.eldersign.game import machine as G
    for name in ("Game", "MAX_GAME_ACTIONS", "MAX_LOG", "MAX_HAND", "MAX_SLOTS", "MAX_MON", "MAX_TASKS_GAME",
                 "NONE", "G_BASE", "A_MOVE", "A_USE", "A_BEGIN", "A_GIVEUP", "A_AID", "A_LOSTFOUND", "A_SHOP",
                 "A_PICK", "A_KIND_MASK", "P_MOVE", "P_PREP", "P_ADV", "P_ENTRANCE", "P_PICK", "P_BATTLE_PREP",
                 "P_BATTLE", "P_OVER", "PHASE_NAMES", "LOC_ENTRANCE", "LOC_AO", "LOC_NONE", "EV_TURN", "EV_CLUE",
                 "roll_code", "Deck"):
        assert hasattr(G, name), name
    for method in ("legal_actions", "apply", "is_legal", "is_terminal", "returns", "current_player",
                   "active", "reset", "replay", "actions", "begin_events", "run", "resolve_pending",
                   "put_card", "rebuild", "monster_appears", "free_mon", "add_lock", "free_dice",
                   "trophy_total", "cur_adv", "defeat", "change"):
        assert callable(getattr(G.Game, method)), method
