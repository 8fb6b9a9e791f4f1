"""Start-up of `eldritch play` to its first screen (issue 13: under half a second).

The game runs in a real terminal (a pty, 120x40) as a player starts it, with the hidden
`--exit-after-first-screen`: the app draws its first screen (board, investigators, choices; the
solver's odds come right after) and leaves. The time is from the process's start to its exit, so it
includes the interpreter, the imports (Textual's included), the card data and the first paint.
The plain mode to its first prompt is timed alongside for comparison. Run:

    .venv/bin/python -m pytest benchmarks/test_play_startup_bench.py --benchmark-only \
        --benchmark-columns=min,median,rounds -q
"""

import os
import pty
import select
import subprocess
import sys
import time



def _env(tmp_path):
    """As a player runs it: bytecode caches allowed (the warm-up round writes them)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(ELDRITCH_STATE_DIR=str(tmp_path / "state"), TERM="xterm-256color", COLUMNS="120", LINES="40")
    return env


def start_tui(tmp_path):
    """Spawn the game in a pty; seconds until the terminal has received its first screen (the
    choices' last line, seat 1's "draw an investigator at random", is the last part painted)."""
    env = _env(tmp_path)
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "eldritch.cli", "play", "--seed", "1",
                                   "--players", "2", "--bots", "2", "--exit-after-first-screen"], env)
    out = b""
    elapsed = None
    while True:
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
        if elapsed is None and b"draw an investigator at random" in out:
            elapsed = time.perf_counter() - start
    _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    assert os.WEXITSTATUS(status) == 0 and elapsed is not None
    CPU.append(float(out.split(b"first screen after ")[1].split(b" ")[0]))
    return elapsed


def start_plain(tmp_path):
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "eldritch.cli", "play", "--plain", "--seed", "1",
                          "--players", "2", "--bots", "2"], input=b"", capture_output=True,
                         env=_env(tmp_path), check=True).stdout
    assert b"choose 1-" in out
    return time.perf_counter() - start


CPU = []


def test_tui_first_screen(benchmark, tmp_path):
    """Wall time to the first screen; extra_info: the process's CPU seconds to its first screen
    (as the app reports it), which a busy machine inflates much less than the wall time."""
    CPU.clear()
    benchmark.pedantic(start_tui, args=(tmp_path,), rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info["cpu_to_first_screen_s"] = sorted(CPU)


def test_plain_first_prompt(benchmark, tmp_path):
    benchmark.pedantic(start_plain, args=(tmp_path,), rounds=5, iterations=1, warmup_rounds=1)
