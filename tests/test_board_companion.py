"""Companion mode on the simulated board (micropython/companion.py): golden frames of a short session
at the table (setup, effects, a revealed card, an adventure won and one failed, the clock to
midnight, a reset and resume, the board, undo), resume and undo giving back exactly the tracked
state, saves surviving a cut, the midnight prompts, the awakening and both ends, the LED rule.

Regenerate the golden frames after a deliberate screen change with ELDRITCH_GOLDEN=update.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, MICROPYTHON

GOLDEN = REPO / "tests" / "golden" / "companion"
MP = str(REPO / "micropython")

# One word per button press (sim.py); comments are for the reader and stripped before the run.
SESSION = """
down down down a            # main menu: Companion game
down right a                # players 2, Ancient One Yig
right a a                   # player 1 has 8 sanity; player 2 as dealt
a down a down a down a down a down a   # the six adventures on the table, slot by slot
a a down down down down a b # Effect for P1: sanity -1, then doom +1
down a a down down down down down down a   # Card revealed: slot 1, the seventh card of the list (the first six are on the table)
down a a a b a              # Adventure won in slot 1: its trophy, the reward picker starts on elder sign +1, its replacement
down a down a b             # Adventure failed: the picker starts on sanity -1; penalty stamina -1
down a a                    # clock III, next player
down down down down a a     # clock VI, next player
down down down down a a     # clock IX (yellow on), next player
down down down down a a     # clock XII: the midnight prompt (yellow blinks), dismissed
reset                       # power cycle
down down down down a       # main menu: Resume companion
down down down down down down a down b   # the board, scrolled
down a a                    # undo the last entry (the clock back to IX)
long-b                      # the main menu
"""


def _script_words(text):
    return " ".join(line.split("#")[0].strip() for line in text.strip().splitlines())


def _frames(tmp_path, words, name="frames"):
    script = tmp_path / (name + ".txt")
    script.write_text(words)
    frames = tmp_path / name
    # the script goes in a file: the unix port aborts on a command-line argument over 256 bytes
    proc = subprocess.run([str(MICROPYTHON), MP + "/sim.py", "--script", "@" + str(script),
                           "--frames", str(frames), "--save", str(tmp_path / "adv.sav")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return frames


def _log(frames):
    """frames.txt as a list of (word, leds, rows)."""
    out = []
    lines = (frames / "frames.txt").read_text().splitlines()
    for i in range(0, len(lines), 9):
        head = lines[i].split()
        out.append((head[3], head[5] if len(head) > 5 else "", [r[1:-1].rstrip() for r in lines[i + 1:i + 9]]))
    return out


def test_session_frames_match_golden(tmp_path):
    frames = _frames(tmp_path, _script_words(SESSION))
    if os.environ.get("ELDRITCH_GOLDEN") == "update":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(frames, GOLDEN)
    got = sorted(p.name for p in frames.iterdir())
    assert got == sorted(p.name for p in GOLDEN.iterdir())
    for name in got:
        assert (frames / name).read_bytes() == (GOLDEN / name).read_bytes(), name


def test_session_resumes_the_same_counts_and_prompts_midnight(tmp_path):
    log = _log(_frames(tmp_path, _script_words(SESSION)))
    words = [w for w, _, _ in log]
    cut = words.index("reset")
    before = log[cut - 1][2]
    resumed = log[cut + 5][2]
    assert resumed[0].startswith("P2/2") and resumed[:5] == before[:5], (before, resumed)
    assert "Doom         1/8" in resumed and "Elder signs 1/10" in resumed
    midnight = [k for k in range(len(log)) if log[k][2][0] == "MIDNIGHT"]
    assert len(midnight) == 1 and log[midnight[0]][1] == ".Y.*"
    assert log[midnight[0] - 1][1] == ".Y." and "clock IX" in log[midnight[0] - 1][2][0]
    assert log[midnight[0]][2][1] == "1 resolve every"
    undone = [k for k in range(len(log)) if log[k][2][1:3] == ["Last entry", "undone."]]
    assert undone and "clock IX" in log[undone[0] + 1][2][0]
    assert log[-1][2][5] == "Resume companion"


DRIVE = """
sys.path.insert(0, %(mp)r)
import os
import buttons as btn
import companion as C
import store, compsave
from kernel.errors import KernelError
from leds import Leds
from simio import Pin
W = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B}
path = %(dir)r + "/companion.sav"
store.clear(path)
leds = Leds([Pin(16, Pin.OUT), Pin(17, Pin.OUT), Pin(18, Pin.OUT)])

def press(c, words):
    for w in words.split():
        if c.handle(W[w], btn.PRESS):
            return True
    return False

def answer_all(c):
    # questions the kernel asked (where a monster goes...): the first answer each time
    while c.screen == C.C_ASK:
        press(c, "a")

def show(c):
    counts = " doom %%d elder %%d" %% (c.st[C.ST_DOOM], c.st[C.ST_ELDER]) if c.g is not None else ""
    return "|".join(c.screen_lines()) + counts + " leds " + "".join(["-oB"[m] for m in leds.mode])
"""

RESUME = DRIVE + """
import random
c = C.Companion(leds, path)
c.new_game()
press(c, "right right a a a a b")                    # four players, no table entered
random.seed(5)
for i in range(120):
    k = random.getrandbits(3)
    if k <= 2:
        c.prim = random.getrandbits(4)
        c.screen = C.C_EFFECT
        press(c, "a b")
    elif k == 3:
        c.menu = C.T_CLOCK
        press(c, "a")
        if c.screen == C.C_MIDNIGHT:
            press(c, "a")
    elif k == 4:
        c.menu = C.T_NEXT
        press(c, "a")
    elif k == 5:
        c.menu = C.T_REVEAL
        press(c, "a " + "down " * random.getrandbits(3) + "a " + "down " * random.getrandbits(4) + "a")
    if c.screen != C.C_TURN:
        c.screen = C.C_TURN
    if c.over():
        break
c.compose()
live = show(c), c.digest(), len(c.log)
d = C.Companion(leds, path, c.data)
d.resume()
d.compose()
print(live == (show(d), d.digest(), len(d.log)), live[2] // 4)
# undo == the same entries without the last one
c.undo()
press(c, "a")
e = C.Companion(leds, path, c.data)
e.resume()
e.compose()
print(show(c) == show(e) and c.digest() == e.digest())
# a cut in the middle of the next save (the slot it writes holds half a record): the last save loads
i = store._newest(store.REAL, path)[0]
f = open(store._slots(path)[1 - i], "wb"); f.write(b"ES\x01\x00\x00\x00\x00\x09" + compsave.encode(4, 0, c.log, 0)[:9]); f.close()
got = store.load(path, compsave.decode)
print(got is not None and len(got[2]) == len(c.log))
try:
    compsave.decode(compsave.encode(4, 0, c.log, 0)[:-1])
    print(False)
except ValueError:
    print(True)
# a save whose replay differs (other card data or kernel): resumed with a warning
store.clear(path)
store.save(path, compsave.encode(4, 0, c.log, c.digest() ^ 1))
f = C.Companion(leds, path, c.data)
f.resume()
print(f.screen == C.C_NOTE and f.screen_lines()[1] == "replay differs" and f.digest() == c.digest())
# a save naming a card this data lacks: a one-line error, the save left as it was
blob = compsave.encode(4, 0, bytes(c.log) + bytes((C.K_REVEAL, 0, 255, 255)), 0)
store.clear(path)
store.save(path, blob)
try:
    f.resume()
    print(False)
except KernelError as exc:
    print("no adventure 65535" in str(exc) and store.read(path) == blob)
"""


def test_resume_and_undo_give_back_the_same_state_and_saves_survive_a_cut(run_micropython, tmp_path):
    """120 random entries (effects, clock, next player, revealed cards) on four players: a fresh
    device resuming the save shows the same screen, LEDs and tracked-state digest; undo equals
    the save without the last entry; a save cut half-way leaves the last one; a save that replays
    differently resumes with a warning; one that cannot replay is an error and stays untouched."""
    lines = run_micropython(RESUME % {"mp": MP, "dir": str(tmp_path)})
    first = lines[-6].split()
    assert first[0] == "True" and int(first[1]) > 60, lines
    assert lines[-5:] == ["True"] * 5, lines


STORY = DRIVE + """
c = C.Companion(leds, path)
c.new_game()
press(c, "right right down right a a a a a b")        # four players, Yig (doom 8, elder signs 10)
print("start", show(c))
for t in range(3):
    c.menu = C.T_CLOCK
    press(c, "a a")                                   # clock, next player
c.menu = C.T_CLOCK
press(c, "a")
print("first", show(c))                                # the 4th turn of 4: first round
press(c, "a")
c.menu = C.T_WON
press(c, "a down down down down down down a")          # slot 7: an empty Other World
print("empty", show(c))
press(c, "a b")
c.menu = C.T_REVEAL
press(c, "a " + "down " * 6 + "a")
print("ow", c.cards is c.ow_cards, show(c))
press(c, "a")
c.menu = C.T_EFFECT
press(c, "a " + "down " * 4 + "right right right right a")   # doom +5 (a monster appears)
answer_all(c)
print("doom5", show(c))
press(c, "right right left left left a")                      # doom +2: 7 of 8 (a monster)
answer_all(c)
print("doom7", show(c))
press(c, "right a b")                                         # doom +1: the awakening
print("battle", show(c))
c.menu = C.T_CLOCK
press(c, "a a down down down down a a down down down down a a down down down down a")
print("attack", show(c))
press(c, "a")
c.menu = C.T_EFFECT
press(c, "a " + "left " * 9 + "a")                            # doom -5
press(c, "right right a")                                     # doom -3: sealed in battle
print("won", show(c))
press(c, "b")                                                 # undo: the note
print("undone", show(c))
# a second game: elder signs win, a devoured investigator
press(c, "a")                                                 # the note
c.new_game()
press(c, "left left a a a b")                                 # two players
c.menu = C.T_EFFECT
c.prim = C.P_SANITY
press(c, "a left left left left a a b")                       # P1 sanity -5 twice
print("devoured", show(c))
c.menu = C.T_EFFECT
press(c, "a down down down down down right right a a a")      # elder signs +3 x3 = 9 of 10
print("elder9", show(c))
press(c, "left left a")                                        # +1: sealed
print("sealed", show(c))
print("menu", press(c, "a"), store.load(path, compsave.decode))
"""


def test_midnight_prompts_awakening_battle_and_both_ends(run_micropython, tmp_path):
    out = {}
    for line in run_micropython(STORY % {"mp": MP, "dir": str(tmp_path)}):
        key, _, rest = line.partition(" ")
        out[key] = rest
    assert "P1/4" in out["start"] and "Doom         0/8" in out["start"] and out["start"].endswith("leds ---")
    assert out["first"].startswith("MIDNIGHT|first round: no") and out["first"].endswith("leds -B-")
    assert "That slot has no" in out["empty"]
    assert out["ow"].startswith("True Slot 7: which?")
    assert "doom 5 elder 0" in out["doom5"] and out["doom5"].endswith("leds --o")
    assert "doom 7 elder 0" in out["doom7"] and out["doom7"].endswith("leds --B")
    assert "FINAL BATTLE" in out["battle"] and "Doom (battle)8/8" in out["battle"]
    assert out["battle"].endswith("leds --B")
    assert out["attack"].startswith("MIDNIGHT||The Ancient One|attacks")
    assert out["won"].startswith("GAME OVER||Investigators|win!") and out["won"].endswith("leds B--")
    assert out["undone"].startswith("|Last entry|undone.") and "leds --B" in out["undone"]
    assert "devoured" in out["devoured"]
    assert "doom 1 elder 9" in out["elder9"] and out["elder9"].endswith("leds B--")
    assert out["sealed"].startswith("GAME OVER||Investigators|win!")
    assert out["menu"] == "True None"


LEDS = DRIVE + """
cases = [
    # doom, top, elder, need, battle, over, won, clock, midnight
    (0, 10, 0, 10, False, False, False, 0, False),
    (7, 10, 5, 10, False, False, False, 9, False),
    (9, 10, 9, 10, False, False, False, 3, True),
    (10, 10, 0, 10, True, False, False, 6, False),
    (4, 10, 9, 10, False, True, True, 0, False),
    (4, 10, 2, 10, False, True, False, 0, False),
]
for case in cases:
    C.led_rule(leds, *case)
    print("".join(["-oB"[m] for m in leds.mode]))
"""


def test_led_rule(run_micropython, tmp_path):
    """green, yellow, red: off/on/Blink, per the rule in companion.py and the README."""
    assert run_micropython(LEDS % {"mp": MP, "dir": str(tmp_path)}) == ["---", "ooo", "BBB", "--B", "B--", "--B"]


def test_companion_modules_type_check_against_rp2_stubs():
    """The same mypy check as test_board_sim.py's, for the companion modules."""
    mypy = Path(sys.executable).parent / "mypy"
    if not mypy.exists():
        pytest.skip("mypy not installed")
    proc = subprocess.run([str(mypy), "--ignore-missing-imports", "--follow-imports=silent", "--no-error-summary",
                           "--check-untyped-defs", "companion.py", "compsave.py"],
                          capture_output=True, text=True, cwd=MP, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


NEW_ENTRIES = DRIVE + """
c = C.Companion(leds, path)
c.new_game()
press(c, "a a a b")                                           # two players
c.menu = C.T_EFFECT
c.prim = 9                                                    # PICK[9]: lock yellow
press(c, "a a b")
print("locked", c.st[C.ST_LOCKED + 1], c.st[C.ST_FREE + 1])
c.menu = C.T_FREE
press(c, "a")
print("die", "|".join(c.screen_lines()))
press(c, "a")                                                 # green: none locked
print("none", c.screen_lines()[1])
press(c, "a down a")                                          # yellow
print("freed", c.screen, c.st[C.ST_LOCKED + 1], c.st[C.ST_FREE + 1])
c.menu = C.T_EFFECT
c.prim = C.P_SANITY
press(c, "a " + "left " * 4 + "a a b")                        # P1 sanity -5 twice: devoured
print("devoured", c.screen_lines()[3], c.screen_lines()[4])
c.menu = C.T_REPLACE
press(c, "a")
print("sheet", c.screen, c.screen_lines()[0])
press(c, "right a")                                           # one more sanity than printed
print("replaced", c.screen_lines()[3].startswith("San "), c.seat_field(0, 0) != 255)
d = C.Companion(leds, path, c.data)
d.resume()
print("resumed", d.digest() == c.digest(), d.screen_lines()[3] == c.screen_lines()[3])
"""


def test_free_a_die_and_a_new_investigator_for_a_devoured_one(run_micropython, tmp_path):
    out = {}
    for line in run_micropython(NEW_ENTRIES % {"mp": MP, "dir": str(tmp_path)}):
        key, _, rest = line.partition(" ")
        out[key] = rest
    assert out["locked"] == "1 0"
    assert out["die"].startswith("Free which die?| green  0 locked| yellow 1 locked| red    0 locked")
    assert out["none"] == "No die of that"
    assert out["freed"] == "%d 0 1" % 2     # C_TURN
    assert out["devoured"].startswith("devoured (menu: New inv.)")
    assert out["sheet"] == "1 Player 1 of 2"
    assert out["replaced"] == "True True"
    assert out["resumed"] == "True True"


ASK = DRIVE + """
c = C.Companion(leds, path)
c.new_game()
press(c, "a a a b")                                           # two players, Yog-Sothoth (no table entered)
c.menu = C.T_REVEAL
press(c, "a a a")                                             # slot 1: A Peculiar Specimen
c.menu = C.T_REVEAL
press(c, "a down a down a")                                   # slot 2: A Secret Gathering
c.menu = C.T_EFFECT
c.prim = 6                                                    # PICK[6]: monster +1
press(c, "a a")
print("place", c.screen == C.C_ASK, "|".join(c.screen_lines()))
press(c, "down a")                                            # the second card
print("placed", c.screen, c.monsters_on(0), c.monsters_on(1))
press(c, "b")                                                 # back from the effect screen
before = [c.seat_field(s, f) for s in (0, 1) for f in (C.SS_STA, C.SS_SAN)]
c.menu = C.T_ATTACK
press(c, "a")
print("p1", "|".join(c.screen_lines()))
press(c, "a")                                                 # P1: stamina
print("p2", "|".join(c.screen_lines()))
press(c, "down a")                                            # P2: sanity
after = [c.seat_field(s, f) for s in (0, 1) for f in (C.SS_STA, C.SS_SAN)]
print("done", c.screen, [b - a for a, b in zip(after, before)], c.st[C.ST_DOOM])
d = C.Companion(leds, path, c.data)
d.resume()
print("resumed", d.digest() == c.digest(), d.monsters_on(1), len(d.log) == len(c.log))
c.undo()
press(c, "a")                                                 # the note: back to P2's question
print("undone", c.screen == C.C_ASK, c.screen_lines()[0])
"""


def test_the_handheld_asks_where_a_monster_goes_and_each_investigators_alternative(run_micropython, tmp_path):
    """Companion mode asks the questions the physical game needs answered: where the monster that
    appeared goes (two cards: the table chooses the second), and, at the Ancient One's attack, whether
    each investigator loses stamina or sanity (each answers for themselves); the answers are entries, so a
    resume replays them and undo asks again."""
    out = {}
    for line in run_micropython(ASK % {"mp": MP, "dir": str(tmp_path)}):
        key, _, rest = line.partition(" ")
        out[key] = rest
    assert out["place"].startswith("True Monster: where?|1+ A Peculiar Sp|2+ A Secret Gath")
    assert out["placed"] == "3 0 1"                # back on the effect screen (C_EFFECT)
    assert out["p1"].startswith("P1 chooses:|max_stamina-1|max_sanity-1")    # the (generic) attack
    assert out["p2"].startswith("P2 chooses:|max_stamina-1|max_sanity-1")
    assert out["done"] == "2 [1, 0, 0, 1] 1"       # the turn screen; each lowered their own; a doom
    assert out["resumed"] == "True 1 True"
    assert out["undone"] == "True P2 chooses:"
