"""Start-up of `eldritch play` to its first screen (the target: under half a second).

The game runs in a real terminal (a pty, 120x40) as a player starts it, with the hidden
`--exit-after-first-screen`: the app draws its first screen (board, investigators, choices; the
log pane's lines and the solver's odds come right after) and leaves. The time is from the
process's start to the terminal receiving the first screen's last part (seat 1's "draw an
investigator at random"), so it includes the interpreter, the imports (Textual's included), the
card data and the first paint; the app's exit after that is not timed (each round's process is
read to its end and reaped before the next round starts). The plain mode to its first prompt is
timed alongside for comparison (to its exit: it reads end-of-input at the prompt and leaves). Run:

    .venv/bin/python -m pytest benchmarks/test_play_startup_bench.py --benchmark-only \
        --benchmark-columns=min,median,rounds -q
"""

import os
import pty
import select
import subprocess
import sys
import time

MARKER = b"draw an investigator at random"


def _env(tmp_path):
    """As a player runs it: bytecode caches allowed (the warm-up round writes them)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(ELDRITCH_STATE_DIR=str(tmp_path / "state"), TERM="xterm-256color", COLUMNS="120", LINES="40")
    return env


def _read(fd, out, until=None):
    """out plus what the terminal receives until `until` is in it (or the process closes it)."""
    while until is None or until not in out:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


RUNNING = []        # the round's process, read to its end and reaped untimed (finish_tui)
CPU = []            # the app's CPU seconds to its first screen, per round


def start_tui(tmp_path):
    """(timed) Spawn the game in a pty; return when the terminal has received its first screen
    (the choices' last line, seat 1's "draw an investigator at random", is the last part painted)."""
    env = _env(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "eldritch.cli", "play", "--seed", "1",
                                   "--players", "2", "--bots", "2", "--exit-after-first-screen"], env)
    RUNNING.append((pid, fd, _read(fd, b"", MARKER)))


def finish_tui(*args):
    """(untimed) The last round's process: its output to the end, its exit status, its CPU line;
    returns the next round's arguments (a pedantic setup)."""
    while RUNNING:
        pid, fd, out = RUNNING.pop()
        assert MARKER in out, "the first screen never came"
        out = _read(fd, out)
        _, status, _ = os.wait4(pid, 0)
        os.close(fd)
        assert os.WEXITSTATUS(status) == 0
        CPU.append(float(out.split(b"first screen after ")[1].split(b" ")[0]))
    return args, {}


def start_plain(tmp_path):
    out = subprocess.run([sys.executable, "-m", "eldritch.cli", "play", "--plain", "--seed", "1",
                          "--players", "2", "--bots", "2"], input=b"", capture_output=True,
                         env=_env(tmp_path), check=True).stdout
    assert b"choose 1-" in out


def test_tui_first_screen(benchmark, tmp_path):
    """Wall time to the first screen; extra_info: the process's CPU seconds to its first screen
    (as the app reports it), which a busy machine inflates much less than the wall time."""
    CPU.clear()
    benchmark.pedantic(start_tui, setup=lambda: finish_tui(tmp_path), rounds=5, warmup_rounds=1)
    finish_tui()
    benchmark.extra_info["cpu_to_first_screen_s"] = sorted(CPU)


def test_plain_first_prompt(benchmark, tmp_path):
    benchmark.pedantic(start_plain, args=(tmp_path,), rounds=5, iterations=1, warmup_rounds=1)
