"""The simulated board from the keyboard, driven as a player drives it: every key goes
through `sim.Board.key`, what the interactive terminal calls for each key it reads.

- A long press does its own action only: a long A on the main menu shows the legend and does not
  open the Library first; a long B does not also go back.
- Stay Away! can be played from the keyboard: a terminal has no key-up, so `h` holds B down until
  `h` (or a B key) again; while it is held the player sees their own view and the other keys choose;
  letting go blanks the screen.
- Companion setup: each table slot takes its own card; a card already on the table is marked `*` and
  refused for another slot (before, A filled all six slots with the same card).
"""

from conftest import REPO

MP = str(REPO / "micropython")

DRIVE = """
sys.path.insert(0, %(mp)r)
import sim, app as A
import buttons as btn

def board(name, seed=5):
    return sim.Board(%(mp)r + "/data", %(dir)r + "/" + name, seed)

def keys(b, text):
    for k in text.split():
        b.key({"enter": "\\r", "esc": "\\x1b"}.get(k, k))

def rows(b):
    return b.app.screen_lines()

def menu(b, label):
    for i in range(len(b.app.items)):
        if b.app.items[i] == label:
            keys(b, " ".join(["s"] * i) + " enter")
            return
    raise ValueError(label)
"""

LONG_PRESS = DRIVE + """
b = board("long.sav")
keys(b, "Z")                                   # a long A on the main menu
print("long_a", b.app.screen == A.S_HELP, b.app.help_back == A.S_MENU)
keys(b, "enter")
print("back", b.app.screen == A.S_MENU, b.app.cursor)
keys(b, "X")                                   # a long B on the menu: stays there, nothing else
print("long_b", b.app.screen == A.S_MENU)
keys(b, "enter")                               # a short A still opens the Library
print("short_a", b.app.screen == A.S_SETS)
"""


def test_a_long_press_does_not_also_fire_the_short_press(run_micropython, tmp_path):
    out = dict((line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in
               run_micropython(LONG_PRESS % {"mp": MP, "dir": str(tmp_path)}))
    assert out["long_a"] == "True True"            # before: the Library opened, then the legend over it
    assert out["back"] == "True 0"
    assert out["long_b"] == "True"
    assert out["short_a"] == "True"


STAYAWAY = DRIVE + """
import stayaway_mode as SM
b = board("sa.sav")
menu(b, "Stay Away!")
keys(b, "enter enter")                         # five players, then the table PIN 0000: the game starts
m = b.app.mode
print("privacy", m.screen == SM.M_PRIVACY, "|".join(rows(b)).strip("| "))
keys(b, "h")                                   # P1 holds B: their view
print("looking", m.screen == SM.M_PLAYER, b.held[btn.B], rows(b)[0])
keys(b, "d")                                   # right: the Hand page, role and cards
hand = rows(b)
print("hand", m.page, "Human" in " ".join(hand) or "Thing" in " ".join(hand) or "Infected" in " ".join(hand))
keys(b, "a")                                   # left: back to the actions
keys(b, "enter")                               # do the highlighted action, B still held
print("acted", m.state.actions() != [])
keys(b, "h")                                   # let go: blank
print("blank", m.screen == SM.M_PRIVACY, b.held[btn.B])
keys(b, "h esc")                               # hold, then a B key lets go as well
print("esc_lets_go", m.screen == SM.M_PRIVACY, b.held[btn.B])
print("legend", sim.frame_rows(b, (24, 80))[-1])
keys(b, "h")
print("held_row", sim.frame_rows(b, (24, 80))[-2].endswith("B held (h lets go)"))
"""


def test_stayaway_is_played_from_the_keyboard(run_micropython, tmp_path):
    out = dict((line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in
               run_micropython(STAYAWAY % {"mp": MP, "dir": str(tmp_path)}))
    assert out["privacy"].startswith("True")
    assert out["looking"].startswith("True 1")      # before: no key held B, the view never showed
    assert out["hand"] == "1 True"
    assert out["acted"] == "True"
    assert out["blank"] == "True 0"
    assert out["esc_lets_go"] == "True 0"
    assert "h hold B" in out["legend"] and out["legend"].endswith("q quit")
    assert out["held_row"] == "True"


COMPANION = DRIVE + """
import companion as C
b = board("comp.sav")
menu(b, "Companion game")
keys(b, "enter")                               # two players, the first Ancient One
m = b.app.mode
while m.screen == C.C_INV:
    keys(b, "enter")                           # each player's sheet as dealt
print("cards", m.screen == C.C_CARD, rows(b)[0])
keys(b, "enter")                               # slot 1: the highlighted card
first = m.slot_card(0)
print("slot2", m.slot, rows(b)[0], rows(b)[1][-1:])
keys(b, "enter")                               # the same card again, for slot 2: refused
print("refused", m.screen == C.C_NOTE, m.slot, m.slot_on(1))
keys(b, "enter s enter")                       # ok; the next card goes to slot 2
print("own_cards", m.slot_on(1), m.slot_card(1) != first, m.slot)
"""


def test_companion_setup_gives_each_slot_its_own_card(run_micropython, tmp_path):
    out = dict((line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in
               run_micropython(COMPANION % {"mp": MP, "dir": str(tmp_path)}))
    assert out["cards"].startswith("True Table slot 1?")
    assert out["slot2"] == "1 Table slot 2? *"       # the card placed is marked on the table
    assert out["refused"] == "True 1 0"              # before: slot 2 took the same card
    assert out["own_cards"] == "1 True 2"
