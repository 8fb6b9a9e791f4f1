"""Golden games: one seeded bot game per player count (4 to 12), each step's action and every player's
view checksum, the logs and the whole referee log, identical to the files in tests/golden_games/stayaway/
on CPython with either backend and on the MicroPython unix port.

Regenerate after a deliberate rules change with ELDRITCH_GOLDEN=update (and say why in the commit).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sa_golden

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
GOLDEN = REPO / "tests" / "golden_games" / "stayaway"
MICROPYTHON = Path(sys.executable).parent / "micropython"
# (players, seed): games of a few hundred steps with every kind of ending among them
GAMES = [(4, 32), (5, 36), (6, 43), (7, 49), (8, 57), (9, 65), (10, 81), (11, 78), (12, 89)]


def golden_path(players):
    return GOLDEN / ("players_%02d.txt" % players)


def cpython_text(players, seed):
    lines = []
    sa_golden.transcript(players, seed, None, lines.append)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players,seed", GAMES, ids=["%dp" % g[0] for g in GAMES])
def test_golden_game_cpython(players, seed):
    text = cpython_text(players, seed)
    if os.environ.get("ELDRITCH_GOLDEN") == "update":
        GOLDEN.mkdir(parents=True, exist_ok=True)
        golden_path(players).write_text(text)
    assert text == golden_path(players).read_text()


def _run_all(cmd_prefix, env=None):
    code = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\nimport sa_golden\n"
            "for n, seed in %r:\n    print('=== %%d' %% n)\n    sa_golden.transcript(n, seed)\n"
            % (str(REPO), str(HERE), GAMES))
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
        for players, _ in GAMES:
            assert parts[players] == golden_path(players).read_text(), players
