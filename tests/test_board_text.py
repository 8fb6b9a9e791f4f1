"""The simulated handheld: a plain text mode, and a seed that fixes every deal.

- `sim.py --text` draws the display's 16x8 character screen as plain text in a frame (the
  highlighted row in reverse video), the LEDs and the keys under it, in a terminal of 20x12 or
  more; a smaller one is told the size it needs. Run in a real terminal (a pty), it shows the menu
  and q quits.
- `sim.py --seed 3` deals Stay Away! the same on every run (the mode took its seed from os.urandom),
  and another seed deals otherwise.
"""

import os
import pty
import select
import subprocess
import sys
import time

from conftest import REPO

MP = REPO / "micropython"
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

TEXT = """
sys.path.insert(0, %(mp)r)
import sim
b = sim.Board(%(mp)r + "/data", %(dir)r + "/adv.sav", 5)
rows = sim.frame_rows(b, (24, 80), True)
for r in rows:
    print("row " + r.replace("\\x1b", "ESC"))
print("small " + " / ".join(sim.frame_rows(b, (10, 18), True)))
print("count %%d" %% len(sim.frame_rows(b, (12, 20), True)))
print("widest %%d" %% max([len(r.replace("\\x1b[7m", "").replace("\\x1b[0m", "")) for r in sim.text_rows(b)]))
"""


def test_text_frames_show_the_character_screen_plainly(run_micropython, tmp_path):
    out = run_micropython(TEXT % {"mp": str(MP), "dir": str(tmp_path)})
    rows = [line[4:] for line in out if line.startswith("row ")]
    assert rows[0] == rows[9] == "+" + "-" * 16 + "+"
    screen = rows[1:9]
    assert all(r.startswith("|") and r.endswith("|") for r in screen)
    assert any("Eldritch" in r for r in screen)
    assert sum("ESC[7m" in r for r in screen) == 1                  # the highlighted row, in reverse video
    assert rows[10].startswith("LEDs ")
    small = next(line for line in out if line.startswith("small "))
    assert "it needs 20x12" in small
    assert int(next(line for line in out if line.startswith("count ")).split()[1]) <= 12 + 3
    assert next(line for line in out if line.startswith("widest ")) == "widest 18"


def test_text_mode_in_a_terminal_shows_the_menu_and_quits(tmp_path):
    env = dict(os.environ, ELDRITCH_STATE=str(tmp_path), LINES="24", COLUMNS="80", TERM="xterm")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(MICROPYTHON, [MICROPYTHON, str(MP / "sim.py"), "--text", "--seed", "3"], env)
    out = b""
    deadline = time.time() + 60
    while time.time() < deadline and b"Eldritch" not in out:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q")
    status = None
    end = time.time() + 30
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                pass
    os.close(fd)
    assert b"+----------------+" in out and b"Eldritch" in out, out[-500:]
    assert status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, out[-500:]
    assert "\u2800".encode() not in out                          # no braille: plain characters


def stayaway_deal(tmp_path, seed):
    """P1's actions on the first look of a new Stay Away! game started with this seed."""
    frames = tmp_path / ("frames%d" % len(list(tmp_path.iterdir())))
    state = tmp_path / ("state%d" % len(list(tmp_path.iterdir())))
    state.mkdir()
    proc = subprocess.run([MICROPYTHON, str(MP / "sim.py"), "--seed", str(seed), "--text-only", "--frames",
                           str(frames), "--save", str(state / "adv.sav"), "--script",
                           "down down down down down down a a a hold-b"],
                          capture_output=True, text=True, timeout=300, env=dict(os.environ, ELDRITCH_STATE=str(state)))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = (frames / "frames.txt").read_text()
    last = text.split("frame ")[-1]
    assert "after hold-b" in last and "P1 " in last, last
    return last.split("\n", 1)[1]


def test_the_seed_fixes_stay_away_s_deal(tmp_path):
    first = stayaway_deal(tmp_path, 3)
    assert stayaway_deal(tmp_path, 3) == first
    assert any(stayaway_deal(tmp_path, s) != first for s in (4, 5))
