"""The Mansions keeper's assistant on the handheld (micropython/mansions_mode.py): a session on the
simulated board through the app's menu (the keeper's five steps, threat, the event timer to its
event, monsters that may attack with their combat deck, the attribute odds equal to the kernel's,
a power cycle and resume), no allocation while moving around and composing (heap_lock), and a
whole session with saves inside the Pico's budget, `-X heapsize=190k` on the unix port."""

import subprocess

from conftest import REPO, MICROPYTHON
from eldritch.kernel.mansions import odds

MP = str(REPO / "micropython")


def _menu_downs(tmp_path):
    """How many 'down' presses reach "Mansions keeper" in the app's main menu (other games may add
    items before it)."""
    script = tmp_path / "menu.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\nfrom sim import Board\n"
                      "b = Board(%r, %r)\nprint(b.app.items.index('Mansions keeper'))\n" % (
                          str(REPO), MP, MP + "/data", str(tmp_path / "adv.sav")))
    proc = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return int(proc.stdout.split()[-1])


def _frames(tmp_path, words):
    script = tmp_path / "words.txt"
    script.write_text(words)
    frames = tmp_path / "frames"
    proc = subprocess.run([str(MICROPYTHON), MP + "/sim.py", "--script", "@" + str(script), "--frames",
                           str(frames), "--save", str(tmp_path / "adv.sav")], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = (frames / "frames.txt").read_text().splitlines()
    out = []
    for i in range(0, len(lines), 9):
        head = lines[i].split()
        out.append((head[3], head[5] if len(head) > 5 else "", [r[1:-1].rstrip() for r in lines[i + 1:i + 9]]))
    return out


SESSION = """
a right a            # setup: 3 investigators, start (round 1, the investigators' turns)
a a a                # keeper turn: step 1, step 2 (gain +3), step 3
up right up          # pay Stalk (1), then Summon Cultist (2)
b a a down a         # menu, Monsters, + add monster, the Cult Leader
a                    # mark it: it may attack
b b                  # back to the menu, back to the turn
a a                  # step 4 (one may attack: humanoid deck), step 5
a                    # a time token: 1 of 3, round 2
a a a a a a          # round 2's keeper turn to its time token (2 of 3)
a a a a a a          # round 3: the third token resolves the first event
a                    # dismiss the event
b down a             # menu, Attribute odds
right right down down right   # Ruth Okafor, her strength 3, then the value: custom 4
down left left       # modifier -2
down right right     # luck: Ruth's 4, +2
b                    # back to the menu
reset                # power cycle
DOWNS a              # the main menu: Mansions keeper resumes
"""


def _words(text, downs):
    words = " ".join(line.split("#")[0].strip() for line in text.strip().splitlines())
    return words.replace("DOWNS", " ".join(["down"] * downs))


def test_keeper_session_on_the_simulated_board(tmp_path):
    downs = _menu_downs(tmp_path)
    frames = _frames(tmp_path, _words(SESSION.replace("\na right a", "\n" + "down " * downs + "a right a"), downs))
    screens = [f[2] for f in frames]
    by_word = frames
    # the setup screen and the start
    assert any(s[0] == "Mansions keeper" and s[3] == "Investigators  3" for s in screens)
    assert any(s[0] == "Round 1   Step 2" and s[6].endswith("+3") for s in screens)
    # threat: 3 gained, 1 + 2 spent
    assert any(s[0] == "Round 1   Step 3" and s[1] == "Threat 0 (+3)" for s in screens)
    # monsters: the Cult Leader may attack, draw from the humanoid deck
    assert any(s[0] == "Monsters" and s[1].startswith("*Cult Leader") and s[1].endswith("H") for s in screens)
    step4 = [s for s in screens if s[0] == "Round 1   Step 4"]
    assert step4 and step4[-1][5] == "humanoid deck" and step4[-1][3] == "Monsters 1 att 1"
    # the event timer: the third token resolves Storm Rising (time 3)
    assert any(s[0] == "Round 2" and s[2] == "Event 1/4 t 1/3" for s in screens)
    event = [s for s in screens if s[0] == "EVENT RESOLVES"]
    assert event and event[0][1] == "Storm Rising"
    assert any(s[0] == "Round 4" and s[2] == "Event 2/4 t 0/3" for s in screens)
    # odds: custom value 4, modifier -2, luck 6, equal to the kernel's first-edition odds: the roll
    # alone and with a skill point adding Luck before it
    odds_screens = [s for s in screens if s[3] == "modifier -2" and s[4].startswith("luck 6")]
    assert odds_screens
    last = odds_screens[-1]
    t, tl = odds.target(4, -2), odds.luck_target(4, -2, 6)
    assert (t, tl) == (2, 8)
    assert last[2] == "value 4" and last[4] == "luck 6   d10<=2"
    assert last[5] == "no skill   %s" % odds.percent_text(odds.percent_hundredths(t))
    assert last[6] == "skill <=8  %s" % odds.percent_text(odds.percent_hundredths(tl))
    # after the power cycle the saved game resumes where it was
    assert by_word[-1][0] == "a" and screens[-1][0] == "Round 4" and screens[-1][1].startswith("Threat ")
    leds_in_keeper_turn = [f[1] for f in frames if f[2][0].startswith("Round 1   Step")]
    assert all("Y" in l for l in leds_in_keeper_turn)


LOCKED = """
import sys, gc, micropython
sys.path.insert(0, %(mp)r)
import buttons as btn
from leds import Leds
from framebuf import FrameBuffer, MONO_VLSB


class Pin:
    def __init__(self):
        self.v = 0

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v


from mansions_mode import MansionsMode
leds = Leds([Pin(), Pin(), Pin()])
fb = FrameBuffer(bytearray(1024), 128, 64, MONO_VLSB)
mode = MansionsMode(leds, %(save)r)
mode.new_game()
for b in (btn.RIGHT, btn.A, btn.A, btn.A, btn.A):       # start, steps 1-3 (saves: allowed)
    mode.handle(b, btn.PRESS)
mode.handle(btn.B, btn.PRESS)
mode.handle(btn.A, btn.PRESS)          # monsters
mode.handle(btn.A, btn.PRESS)          # + add
mode.handle(btn.A, btn.PRESS)          # a cultist
mode.handle(btn.B, btn.PRESS)
# no allocation from here: the menu, the odds screen, the monster list, the turn screen's card picker
presses = [btn.DOWN, btn.A] + [btn.RIGHT, btn.DOWN, btn.RIGHT, btn.DOWN, btn.RIGHT, btn.LEFT, btn.DOWN,
           btn.LEFT, btn.DOWN, btn.RIGHT, btn.RIGHT, btn.UP, btn.UP, btn.UP] * 3
menu = (btn.DOWN, btn.DOWN, btn.UP, btn.DOWN, btn.DOWN, btn.DOWN, btn.UP, btn.UP, btn.UP,
        btn.UP, btn.UP, btn.UP, btn.UP, btn.UP, btn.A,         # the monster list
        btn.DOWN, btn.A, btn.DOWN, btn.DOWN, btn.UP, btn.B,     # the add picker, back
        btn.UP, btn.B, btn.DOWN, btn.DOWN, btn.DOWN, btn.A,     # the menu, back to the turn
        btn.LEFT, btn.RIGHT, btn.RIGHT)                         # step 3's keeper action cards


def locked(seq, n):
    # each button of seq pressed and drawn under heap_lock (in a function: new module-level
    # names would grow the globals dict)
    gc.collect()
    micropython.heap_lock()
    try:
        for i in range(len(seq)):
            mode.handle(seq[i], btn.PRESS)
            mode.draw(fb)
            leds.update(n * 10)
            n += 1
    finally:
        micropython.heap_unlock()
    return n


n = locked(presses, 0)                 # the menu, the odds screen (values changed), back and forth
mode.handle(btn.B, btn.PRESS)          # leaves the odds screen (saves)
n = locked(menu, n)                    # the keeper menu, the monsters, the turn screen
print("ok", n, mode.screen_lines()[5])
"""


def test_moving_around_and_composing_allocate_nothing(run_micropython, tmp_path):
    lines = run_micropython(LOCKED % {"mp": MP, "save": str(tmp_path / "mansions.sav")})
    assert lines[-1].startswith("ok ") and int(lines[-1].split()[1]) > 60
    assert lines[-1].endswith(">") and "Summon" in lines[-1]          # step 3, a keeper card picked


HEAP = """
import sys
sys.path.insert(0, %(root)r)
sys.path.insert(0, %(mp)r)
import buttons as btn
from leds import Leds


class Pin:
    def value(self, v=None):
        return 0


from mansions_mode import MansionsMode
leds = Leds([Pin(), Pin(), Pin()])
mode = MansionsMode(leds, %(save)r)
mode.new_game()
P = {"u": btn.UP, "d": btn.DOWN, "l": btn.LEFT, "r": btn.RIGHT, "a": btn.A, "b": btn.B}
script = "raaaaurubaadaabbaaa" + "aaaaaa" * 9 + "bdarrdrdlldrrb" + "bdddaurrb"
for ch in script:
    mode.handle(P[ch], btn.PRESS)
mode = None
mode = MansionsMode(leds, %(save)r)
mode.resume()
import gc
gc.collect()
print("ok", mode.screen_lines()[0], gc.mem_alloc())
"""


def test_assistant_runs_in_the_picos_heap(tmp_path):
    """A whole session (setup, eleven keeper turns with saves, monsters, odds, the timer adjusted,
    a resume) on the unix port with a 190 KB heap, the Pico's budget."""
    script = tmp_path / "heap.py"
    script.write_text(HEAP % {"root": str(REPO), "mp": MP, "save": str(tmp_path / "m.sav")})
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=190k", str(script)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    words = proc.stdout.split()
    assert words[0] == "ok" and words[1] in ("Round", "LAST", "Keeper")


def test_assistant_type_checks_against_rp2_stubs():
    """The same mypy check as the companion's (tests/test_board_companion.py)."""
    import sys
    from pathlib import Path
    mypy = Path(sys.executable).parent / "mypy"
    proc = subprocess.run([str(mypy), "--ignore-missing-imports", "--follow-imports=silent", "--no-error-summary",
                           "--check-untyped-defs", "mansions_mode.py"],
                          capture_output=True, text=True, cwd=MP, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ----- the assistant follows the story the board holds (a 5-stage branching deck) -------------------

GOLDEN = REPO / "tests" / "golden" / "mansions_board"


def _synthetic_session(tmp_path, picks):
    """The synthetic story (tests/mansions_synthetic.py) named in mansions.story beside the save; a
    keeper's session through every stage of its deck, `picks[e]` the card chosen at each stage with two
    (0: the first, whose condition holds). Returns the frames."""
    from mansions_synthetic import write_story, EVENTS
    folder = write_story(tmp_path / "drowned")
    (tmp_path / "mansions.story").write_text(str(folder) + "\n")
    downs = _menu_downs(tmp_path)
    words = ["down"] * downs + ["a", "a"]           # the main menu, Mansions keeper, start (2 investigators)
    stages = []
    for s, t, *_ in EVENTS:
        if s > len(stages):
            stages.append([t, 0])
        stages[s - 1][1] += 1
    for e, (time, cards) in enumerate(stages):
        for _ in range(time):
            words += ["a"] * 6                       # the keeper's five steps and a time token
        if cards > 1:
            words += ["down"] * picks[e] + ["a"]     # which card of the stage resolves
        words.append("a")                            # the event read and resolved
    return _frames(tmp_path, " ".join(words))


def _check_golden(name, frame):
    text = "leds %s\n" % frame[1] + "\n".join(frame[2]) + "\n"
    path = GOLDEN / ("%s.txt" % name)
    if __import__("os").environ.get("ELDRITCH_GOLDEN") == "update":
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), "%s: %r" % (name, frame)


ENDINGS = {"lamp-is-lit": (0, 0, 0, 0, 0), "tide-turns": (0, 1, 1, 1, 1)}


def test_assistant_follows_a_branching_story_to_each_ending(tmp_path):
    """The assistant reads the story the board holds (its title, its deck of 5
    stages, 4 of them with two cards and a condition each), asks at each such stage which card
    resolves (its condition in the story's words), and ends at each of the last stage's cards with
    its winner: a golden frame per ending."""
    for name, picks in ENDINGS.items():
        run = tmp_path / name
        run.mkdir()
        frames = _synthetic_session(run, picks)
        screens = [f[2] for f in frames]
        assert any(s[0] == "Mansions keeper" and s[1] == "The Drowned Observa" [:16] for s in screens)
        assert any(s[0] == "Round 1" and s[2] == "Event 1/5 t 0/3" for s in screens)
        pick = [s for s in screens if s[0].startswith("EVENT 2/5")]
        assert pick and pick[0][1] == "Bodies on the Sho" [:16] and pick[0][2] == " if !clue:3"
        assert pick[0][4] == " otherwise"
        resolved = [s[1] for s in screens if s[0] == "EVENT RESOLVES"]
        assert len(resolved) == 5 and resolved[0] == "The Fog Rolls In"
        _check_golden(name, frames[-1])
    lamp = (GOLDEN / "lamp-is-lit.txt").read_text().splitlines()
    tide = (GOLDEN / "tide-turns.txt").read_text().splitlines()
    assert lamp[2] == "The Lamp Is Lit" and lamp[4] == "The keeper wins."
    assert tide[2] == "The Tide Turns" and tide[4] == "Read it: it"


def test_a_save_of_another_story_is_not_resumed(tmp_path):
    """The save remembers its story: under another story the assistant starts a new game."""
    from mansions_synthetic import write_story
    script = tmp_path / "s.py"
    folder = write_story(tmp_path / "drowned")
    script.write_text(
        "import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\nimport buttons as btn\nfrom leds import Leds\n"
        "from simio import Pin\nfrom mansions_mode import MansionsMode\nleds = Leds([Pin(0), Pin(0), Pin(0)])\n"
        "m = MansionsMode(leds, %r)\nm.new_game()\nm.handle(btn.A, btn.PRESS)\n"
        "print(MansionsMode(leds, %r).has_save, MansionsMode(leds, %r, %r).has_save)\n"
        % (str(REPO), MP, str(tmp_path / "m.sav"), str(tmp_path / "m.sav"), str(tmp_path / "m.sav"), str(folder)))
    proc = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["True", "False"]


HEAP_STORY = """
import sys
sys.path.insert(0, %(root)r)
sys.path.insert(0, %(mp)r)
import gc
import buttons as btn
from leds import Leds


class Pin:
    def value(self, v=None):
        return 0


from mansions_mode import MansionsMode
P = {"d": btn.DOWN, "a": btn.A}
leds = Leds([Pin(), Pin(), Pin()])
mode = MansionsMode(leds, %(save)r)
mode.new_game()
for ch in %(first)r:
    mode.handle(P[ch], btn.PRESS)
mode = None
gc.collect()
mode = MansionsMode(leds, %(save)r)
mode.resume()
for ch in %(rest)r:
    mode.handle(P[ch], btn.PRESS)
gc.collect()
print("ok", mode.screen_lines()[0], mode.screen_lines()[1], gc.mem_alloc())
"""


def test_assistant_runs_the_published_size_story_in_the_picos_heap(tmp_path):
    """The assistant on the synthetic published-size story (its 9 event cards in 5
    stages, 6 monster types, 12 keeper cards, 6 investigators), a whole game to its last event with a
    pick at each branching stage and a power cycle halfway, in the Pico's 190 KB heap."""
    from mansions_synthetic import write_story
    folder = write_story(tmp_path / "drowned")
    (tmp_path / "mansions.story").write_text(str(folder) + "\n")
    # setup; per stage its tokens (6 presses each), a pick where it has two cards, the event dismissed
    first = "a" + "aaaaaa" * 3 + "a" + "aaaaaa" * 3 + "da" + "a" + "aaaaaa" * 2 + "aa"
    rest = "aaaaaa" * 2 + "da" + "a" + "aaaaaa" * 2 + "aa"
    script = tmp_path / "heap.py"
    script.write_text(HEAP_STORY % {"root": str(REPO), "mp": MP, "save": str(tmp_path / "m.sav"), "first": first,
                                    "rest": rest})
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=190k", str(script)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split()[:7] == ["ok", "LAST", "EVENT", "The", "Lamp", "Is", "Lit"], proc.stdout


PICK_LOCKED = """
import sys, gc, micropython
sys.path.insert(0, %(root)r)
sys.path.insert(0, %(mp)r)
import buttons as btn
from leds import Leds
from framebuf import FrameBuffer, MONO_VLSB


class Pin:
    def value(self, v=None):
        return 0


from mansions_mode import MansionsMode, M_PICK
leds = Leds([Pin(), Pin(), Pin()])
fb = FrameBuffer(bytearray(1024), 128, 64, MONO_VLSB)
mode = MansionsMode(leds, %(save)r)
mode.new_game()
for ch in "a" + "aaaaaa" * 3 + "a" + "aaaaaa" * 3:      # to the second stage's pick
    mode.handle(btn.A, btn.PRESS)
assert mode.screen == M_PICK
seq = (btn.DOWN, btn.UP, btn.DOWN, btn.DOWN, btn.UP)


def locked():
    gc.collect()
    micropython.heap_lock()
    try:
        for b in seq:
            mode.handle(b, btn.PRESS)
            mode.draw(fb)
    finally:
        micropython.heap_unlock()


locked()
print("ok", mode.screen_lines()[0])
"""


def test_the_event_pick_screen_allocates_nothing(run_micropython, tmp_path):
    """Moving between a stage's cards and drawing the pick screen runs under heap_lock."""
    from mansions_synthetic import write_story
    folder = write_story(tmp_path / "drowned")
    (tmp_path / "mansions.story").write_text(str(folder) + "\n")
    lines = run_micropython(PICK_LOCKED % {"root": str(REPO), "mp": MP, "save": str(tmp_path / "m.sav")})
    assert lines[-1] == "ok EVENT 2/5 which?"
