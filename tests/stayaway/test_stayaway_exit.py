"""How `eldritch stayaway` ends when its players stop: input that ends (stdin closed, a
file, < /dev/null) at the privacy prompt or at a decision stops the game cleanly, and 'quit' is a
player's choice, so both exit 0 with no traceback, as `eldritch play` does."""

import subprocess
import sys

import pytest

ELDRITCH = [sys.executable, "-m", "eldritch.cli", "stayaway", "--seed", "4", "--players", "4"]


@pytest.mark.parametrize("stdin,where", [(None, "the privacy prompt"), ("\n", "a decision"),
                                         ("\n1\n", "a decision after a move")],
                         ids=["devnull", "after-enter", "after-a-move"])
def test_the_end_of_input_stops_the_game_cleanly(stdin, where):
    if stdin is None:
        with open("/dev/null") as null:
            proc = subprocess.run(ELDRITCH, stdin=null, capture_output=True, text=True, timeout=120)
    else:
        proc = subprocess.run(ELDRITCH, input=stdin, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", (where, proc.stderr[-2000:])
    assert proc.stdout.rstrip().splitlines()[-1].startswith("input ended"), proc.stdout[-500:]


def test_quit_is_a_clean_exit():
    proc = subprocess.run(ELDRITCH, input="\nquit\n", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr[-2000:]
    assert "input ended" not in proc.stdout
