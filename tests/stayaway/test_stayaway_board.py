"""Stay Away! pass-and-play on the simulated board (micropython/stayaway_mode.py): the privacy screen
between players, the view shown only while B is held, the LEDs, resume with the table PIN, button
handling and drawing under heap_lock, mpy-cross for the RP2040, and a whole pass-and-play game in the
Pico's heap (190 KB) on the unix port.

Regenerate the golden frames after a deliberate screen change with ELDRITCH_GOLDEN=update.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.kernel.stayaway.game import crypt, defs as D
from eldritch.kernel.stayaway.game.rules import Rules

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MP = REPO / "micropython"
MICROPYTHON = Path(sys.executable).parent / "micropython"
MPY_CROSS = Path(sys.executable).parent / "mpy-cross"
GOLDEN = REPO / "tests" / "golden" / "stayaway"
PIN = "12340000"

# the main menu: Library, Search, Custom card, Companion game, Arkham Horror, Mansions keeper,
# Stay Away!, Resume Stay Away!
SESSION = """
down down down down down down down a     # Resume Stay Away!
up right up up right up up up right up up up up a   # PIN 1 2 3 4 0 0 0 0
hold-b                         # P1 looks: their actions
right right right              # hand, table, news
right                          # back to the actions
down a                         # the second action
release-b                      # blank again
hold-b a a                     # P1 (or the next player) goes on
release-b
hold-b right release-b         # the page resets when the next player looks
long-a                         # the privacy screen: back to the main menu (saved)
"""


def _words(text):
    return " ".join(line.split("#")[0].strip() for line in text.strip().splitlines())


def _sealed_game(path, seed=21, players=5, steps=3):
    """A sealed save of a seeded game a few steps in (so the frames do not depend on the device's
    randomness)."""
    from array import array
    rules = Rules()
    s = rules.new_game(seed, players)
    buf = array("i", [0] * D.MAX_ACTIONS)
    for _ in range(steps):
        s.legal_actions(buf)
        s.apply(buf[0])
    sys.path.insert(0, str(MP))
    import store
    key = bytes(range(32))                                      # the simulated device's own key
    store.save(str(path.parent / "device.key"), key)
    store.save(str(path), crypt.seal(s.serialize(), PIN, device_key=key))
    return s


def _frames(tmp_path):
    _sealed_game(tmp_path / "stayaway.sav")
    script = tmp_path / "script.txt"
    script.write_text(_words(SESSION))
    frames = tmp_path / "frames"
    proc = subprocess.run([str(MICROPYTHON), str(MP / "sim.py"), "--script", "@" + str(script),
                           "--frames", str(frames), "--save", str(tmp_path / "adv.sav")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return frames


def _log(frames):
    out = []
    lines = (frames / "frames.txt").read_text().splitlines()
    for i in range(0, len(lines), 9):
        head = lines[i].split()
        out.append((head[3], head[5] if len(head) > 5 else "", [r[1:-1].rstrip() for r in lines[i + 1:i + 9]]))
    return out


def test_pass_and_play_session_frames_match_golden(tmp_path):
    frames = _frames(tmp_path)
    if os.environ.get("ELDRITCH_GOLDEN") == "update":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(frames, GOLDEN)
    assert (frames / "frames.txt").read_text() == (GOLDEN / "frames.txt").read_text()
    assert sorted(p.name for p in frames.iterdir()) == sorted(p.name for p in GOLDEN.iterdir())


def test_display_blank_until_b_is_held(tmp_path):
    """Every frame with B up shows at most the public line naming who looks next; a hand shows only
    while B is held, and it is the named player's."""
    log = _log(_frames(tmp_path))
    card_names = [c.decode() for c in D.CARD_SHORT]
    held = False
    named = None
    looked = 0
    for word, leds, rows in log:
        if word == "hold-b":
            held = True
        elif word == "release-b":
            held = False
        text = [r for r in rows if r]
        if not held and rows[3].startswith("Pass to P"):
            named = rows[3].split()[-1]
            assert text == [rows[3], "hold B to look"], rows
        if held and rows[0].startswith("P") and rows[0][1:3].strip().isdigit():
            looked += 1
            assert rows[0].split()[0] == named, (rows, named)
        if not held and named is not None and "Pass to" in " ".join(rows):
            assert not any(name in r for r in rows for name in card_names), rows
    assert looked >= 4


DRIVE = """
import sys, gc
sys.path.insert(0, %(mp)r)
import micropython
import buttons as btn
from leds import Leds
import stayaway_mode as M
from kernel.stayaway.game import defs as D


class Pin:
    def __init__(self, level=0):
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class FB:
    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def text(self, s, x, y, c):
        pass


leds = Leds([Pin(0), Pin(0), Pin(0)])
m = M.StayAwayMode(leds, %(path)r, seed=%(seed)d)
fb = FB()
m.new_game()
m.players = %(players)d
m.handle(btn.A, btn.PRESS)
m.handle(btn.A, btn.PRESS)
"""

LOCKED = DRIVE + """
steps = 0
locked = 0
seen = set()
KEYS = (btn.RIGHT, btn.RIGHT, btn.UP, btn.DOWN, btn.RIGHT, btn.UP, btn.DOWN, btn.RIGHT, btn.DOWN)
while m.screen != M.M_OVER and steps < 300:
    gc.collect()
    micropython.heap_lock()
    try:
        m.handle(btn.B, btn.PRESS)
        for b in KEYS:
            m.handle(b, btn.PRESS)
            m.draw(fb)
            locked += 1
        m.handle(btn.B, btn.LONG)
        k = steps %% 3
        while k and m.cursor < m.nacts - 1:
            m.handle(btn.DOWN, btn.PRESS)
            k -= 1
        while m.nacts > 1 and m.acts[m.cursor] == D.A_DECLARE:
            m.handle(btn.UP, btn.PRESS)
        phase = m.state.phase
        leds.update(steps * 10)
    finally:
        micropython.heap_unlock()
    seen.add(phase)
    m.handle(btn.A, btn.PRESS)          # the action and its sealed save allocate
    micropython.heap_lock()
    try:
        m.handle(btn.B, btn.RELEASE)
        m.draw(fb)
    finally:
        micropython.heap_unlock()
    steps += 1
print("ok", steps, locked, len(seen))
"""


@pytest.mark.slow
def test_button_handling_and_drawing_do_not_allocate(run_micropython, tmp_path):
    """Looking (B), paging, scrolling, moving the cursor, the privacy screen and drawing run under
    heap_lock at every decision of whole games; only the action (kernel step plus sealed save) runs
    outside it."""
    for seed, players in ((3, 5), (8, 9)):
        lines = run_micropython(LOCKED % {"mp": str(MP), "path": str(tmp_path / "s.sav"), "seed": seed,
                                          "players": players})
        ok = [ln for ln in lines if ln.startswith("ok ")][0].split()
        assert int(ok[1]) > 20 and int(ok[2]) > 200 and int(ok[3]) >= 3, lines


LEDS = DRIVE + """
def led():
    return "".join(["-oB"[x] for x in leds.mode])

out = []
steps = 0
while m.screen != M.M_OVER and steps < 900:
    out.append((m.state.phase, led()))
    m.handle(btn.B, btn.PRESS)
    while steps < 150 and m.nacts > 1 and m.acts[m.cursor] == D.A_DECLARE:
        m.handle(btn.DOWN, btn.PRESS)                # no declaration for a while: exchanges happen
    m.handle(btn.A, btn.PRESS)
    m.handle(btn.B, btn.RELEASE)
    steps += 1
while m.screen != M.M_OVER:                           # then The Thing declares at its next decision
    m.handle(btn.B, btn.PRESS)
    while m.cursor < m.nacts - 1 and m.acts[m.cursor] != D.A_DECLARE:
        m.handle(btn.DOWN, btn.PRESS)
    m.handle(btn.A, btn.PRESS)
    m.handle(btn.B, btn.RELEASE)
out.append((99, led()))
print(out)
"""


@pytest.mark.slow
def test_leds_show_whose_turn_and_an_exchange(run_micropython, tmp_path):
    lines = run_micropython(LEDS % {"mp": str(MP), "path": str(tmp_path / "s.sav"), "seed": 11, "players": 6})
    seen = eval(lines[-1])
    for phase, led in seen[:-1]:
        if phase == D.PH_ANSWER:
            assert led == "-B-"                  # an exchange under way: yellow blinks
        elif phase in (D.PH_DEFEND_FLAME, D.PH_DEFEND_SWAP, D.PH_REVELATIONS):
            assert led == "--o"
        elif phase in (D.PH_PLAY, D.PH_OFFER):
            assert led == "o--"                  # the active player's own turn
    assert any(p == D.PH_ANSWER for p, _ in seen)
    assert seen[-1][1] in ("B--", "--B")         # the end: green for the Humans, red for The Thing


RESUME = DRIVE + """
for i in range(12):
    m.handle(btn.B, btn.PRESS)
    m.handle(btn.A, btn.PRESS)
    m.handle(btn.B, btn.RELEASE)
before = m.state.serialize()
n = M.StayAwayMode(leds, %(path)r)
n.resume()
n.handle(btn.A, btn.PRESS)                       # PIN 00000000, the one the game was started with
print(n.screen == M.M_PRIVACY and n.state.serialize() == before)
w = M.StayAwayMode(leds, %(path)r)
w.resume()
w.handle(btn.UP, btn.PRESS)                      # PIN 10000000: wrong
w.handle(btn.A, btn.PRESS)
print(w.screen == M.M_NOTE and w.state is None and w.screen_lines()[2] == "Wrong PIN, or")
import store
raw = store.read(%(path)r)
print(raw[:4] == b"SAE2" and raw[6] == 1 and before[:40] not in raw)
"""


def test_resume_needs_the_table_pin(run_micropython, tmp_path):
    lines = run_micropython(RESUME % {"mp": str(MP), "path": str(tmp_path / "s.sav"), "seed": 4, "players": 5})
    assert lines[-3:] == ["True", "True", "True"], lines


GAME = DRIVE + """
steps = 0
peak = 0
while m.screen != M.M_OVER and steps < 500:
    m.handle(btn.B, btn.PRESS)
    k = steps %% 3
    while k and m.cursor < m.nacts - 1:
        m.handle(btn.DOWN, btn.PRESS)
        k -= 1
    while m.nacts > 1 and m.acts[m.cursor] == D.A_DECLARE:
        m.handle(btn.UP, btn.PRESS)
    m.handle(btn.A, btn.PRESS)
    m.handle(btn.B, btn.RELEASE)
    steps += 1
    if steps %% 25 == 0:
        gc.collect()
        peak = max(peak, gc.mem_alloc())
st = m.state
print("state", st.nlog, st.nev, st.phase, st.actor, st.result)
print("game", steps, st.nev, peak)
"""

POWER_CUT = DRIVE.split("m = M.StayAwayMode")[0] + """
m = M.StayAwayMode(leds, %(path)r)          # a fresh device resumes the sealed save
m.resume()
m.handle(btn.A, btn.PRESS)                  # PIN 00000000
st = m.state
print("state", st.nlog, st.nev, st.phase, st.actor, st.result)
"""


def _mpy_tree(dest):
    """The kernel and the mode compiled with mpy-cross for the unix port's machine (x64), the way
    `make mpy` compiles them for the RP2040 (armv6m): no compiler memory on the device."""
    files = [p for p in (REPO / "kernel").rglob("*.py")]
    files += [MP / n for n in ("buttons.py", "leds.py", "store.py", "textscreen.py", "modescreen.py",
                               "stayaway_mode.py")]
    for f in files:
        rel = f.relative_to(REPO)
        out = dest / rel.with_suffix(".mpy")
        out.parent.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([str(MPY_CROSS), "-march=x64", "-o", str(out), str(f)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
    (dest / "kernel" / "stayaway" / "data").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "kernel" / "stayaway" / "data" / "deck.tsv", dest / "kernel" / "stayaway" / "data")
    return dest


@pytest.mark.slow
def test_a_whole_game_runs_in_the_picos_heap(tmp_path):
    """Pass-and-play games of 5, 8 and 12 players (hundreds of actions, each sealed and saved), then
    a resume of the sealed save on a fresh mode, in a 190 KB heap on the 64-bit unix port, from
    mpy-cross output (the board's deployment, `make mpy`)."""
    tree = _mpy_tree(tmp_path / "mpy")

    def run(template, **values):
        code = (template % dict(values, mp=str(tree / "micropython"), path=str(tmp_path / "h.sav"))).replace(
            "import sys, gc\n", "import sys, gc\nsys.path.insert(0, %r)\n" % str(tree))
        script = tmp_path / "game.py"
        script.write_text(code)
        proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=190k", str(script)], capture_output=True,
                              text=True, timeout=600, cwd=str(tmp_path))
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        return proc.stdout

    for seed, players in ((6, 12), (9, 8), (2, 5)):
        out = run(GAME, seed=seed, players=players)
        m = re.search(r"game (\d+) (\d+) (\d+)", out)
        assert m and int(m.group(1)) >= 50, out
        again = run(POWER_CUT, seed=0, players=players)
        assert re.search(r"state .*", again).group(0) == re.search(r"state .*", out).group(0)
        print(players, "players:", m.group(1), "actions,", m.group(2), "events, live heap", m.group(3))


def test_every_file_compiles_for_the_rp2040(tmp_path):
    files = list((REPO / "kernel" / "stayaway").rglob("*.py")) + [MP / "stayaway_mode.py", MP / "textscreen.py",
                                                                   MP / "modescreen.py", MP / "app.py", MP / "sim.py"]
    for f in files:
        proc = subprocess.run([str(MPY_CROSS), "-march=armv6m", "-o", str(tmp_path / (f.stem + ".mpy")), str(f)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, (f, proc.stderr)
