"""Golden games: one seeded bot game per player count (4 to 12), each step's action and every player's
view checksum, the logs and the whole referee log (kernel/stayaway/game/playlog.py), identical to the
files in tests/golden_games/stayaway/ on CPython with either backend and on the MicroPython unix port.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.kernel.stayaway.game import playlog
from eldritch.kernel.stayaway.game.rules import Rules

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
GOLDEN = REPO / "tests" / "golden_games" / "stayaway"
MICROPYTHON = Path(sys.executable).parent / "micropython"
# (players, seed): games of a few hundred steps with every kind of ending among them
GAMES = [(4, 32), (5, 36), (6, 43), (7, 49), (8, 57), (9, 65), (10, 81), (11, 78), (12, 89)]


def kinds(players):
    return ",".join("heuristic" if p % 3 else "random" for p in range(players))


def golden_path(players, seed):
    return GOLDEN / ("s%d_p%d.log" % (seed, players))


@pytest.mark.parametrize("players,seed", GAMES, ids=["%dp" % g[0] for g in GAMES])
def test_golden_game_cpython(players, seed):
    lines, _ = playlog.bot_game(Rules(None), seed, players, kinds(players))
    assert "\n".join(lines) + "\n" == golden_path(players, seed).read_text()


def _run_all(cmd_prefix, env=None):
    code = ("import sys\nsys.path.insert(0, %r)\nfrom kernel.stayaway.game import playlog\n"
            "from kernel.stayaway.game.rules import Rules\n"
            "for n, seed, kinds in %r:\n    print('=== %%d' %% n)\n"
            "    print('\\n'.join(playlog.bot_game(Rules(None), seed, n, kinds)[0]))\n"
            % (str(REPO), [(n, s, kinds(n)) for n, s in GAMES]))
    proc = subprocess.run(cmd_prefix + ["-c", code], capture_output=True, text=True, timeout=900, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    parts = {}
    for block in proc.stdout.split("=== ")[1:]:
        head, _, body = block.partition("\n")
        parts[int(head)] = body
    return parts


def test_golden_games_micropython_and_both_backends():
    """The same games on the unix port and under CPython with the Python backend forced."""
    runs = [_run_all([sys.executable], dict(os.environ, ELDRITCH_BACKEND="python"))]
    if not MICROPYTHON.exists():
        pytest.fail("the MicroPython unix port is missing (.venv/bin/micropython)")
    runs.append(_run_all([str(MICROPYTHON), "-X", "heapsize=64m"]))
    for parts in runs:
        for players, seed in GAMES:
            assert parts[players] == golden_path(players, seed).read_text(), players
