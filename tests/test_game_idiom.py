"""The kernel's one idiom for game state (CONTRIBUTING.md, "The idiom for game state"): a game's
State holds the data and the surface and inherits from no mixins; its rule modules hold functions
over the state, no classes. The rule modules import one another in a cycle (module imports resolved
at call time), so whichever of the game's modules is imported first, the game must load and play
the same on CPython and on the MicroPython unix port."""

import ast
import subprocess
import sys

import pytest

from conftest import REPO, MICROPYTHON

# game -> (its game package, the modules that hold its rules, the module and name of its state class)
GAMES = {
    "stayaway": ("kernel/stayaway/game", ("core", "setup", "turn", "exchange", "cards", "panic", "legal"),
                 "rules", "State"),
    "arkham": ("kernel/arkham/game", ("turns", "movement", "encounters", "meetings", "combat", "mythos", "trade",
                                      "cards", "chance"), "rules", "ArkhamGame"),
}

# a seeded game of random legal moves, its actions' checksum printed (the same on every runtime)
PLAYOUT = r'''
import sys
sys.path.insert(0, %(repo)r)
import %(first)s
from array import array
from kernel import prng
from %(package)s.%(entry)s import Rules
rules = Rules()
crc = 0
for seed in range(3):
    s = rules.new_game(seed, rules.min_players + seed %% (rules.max_players - rules.min_players + 1))
    buf = array("i", [0] * rules.max_actions)
    rng = array("i", [1, 1])
    prng.seed(rng, seed)
    steps = 0
    while not s.is_terminal() and steps < 300:
        n = s.legal_actions(buf)
        s.apply(buf[prng.die(rng, n)])
        steps += 1
    for a in s.actions():
        crc = (crc * 31 + a) %% 1000000007
print("ok", crc)
'''


def _package(game):
    return GAMES[game][0].replace("/", ".")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rule_modules_hold_functions_over_the_state_and_no_classes(game):
    folder, rule_modules = GAMES[game][:2]
    for name in rule_modules:
        tree = ast.parse((REPO / folder / (name + ".py")).read_text())
        classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
        assert classes == [], (name, classes)
        functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
        assert functions, name
        for f in functions:
            assert f.args.args and f.args.args[0].arg != "self", (name, f.name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_state_inherits_no_mixins(game):
    import importlib
    module = importlib.import_module("eldritch." + _package(game) + "." + GAMES[game][2])
    assert getattr(module, GAMES[game][3]).__bases__ == (object,)


def _modules(game):
    folder = REPO / GAMES[game][0]
    return sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="the micropython executable is installed by make test")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_any_module_imported_first_the_game_loads_and_plays_the_same_on_both_runtimes(game, tmp_path):
    """Each of the game's modules imported first in a fresh interpreter (an import cycle met from
    every side), then seeded games played: the same actions on CPython and MicroPython."""
    package = _package(game)
    outputs = set()
    for name in _modules(game):
        script = tmp_path / ("first_%s.py" % name)
        script.write_text(PLAYOUT % {"repo": str(REPO), "first": package + "." + name, "package": package,
                                     "entry": GAMES[game][2]})
        for runtime in (str(MICROPYTHON), sys.executable):
            proc = subprocess.run([runtime, str(script)], capture_output=True, text=True, timeout=300)
            assert proc.returncode == 0, (name, runtime, proc.stderr[-2000:])
            outputs.add(proc.stdout)
    assert len(outputs) == 1, outputs
    assert outputs.pop().startswith("ok ")
