"""The game's numbers, in one place: action codes, phases, limits, lock sources and event codes.

Game-level actions are G_BASE + kind + argument (the adventure kernel's own codes are all below
G_BASE); an event is 4 ints (code, a, b, c) in Game.ev, the comment after each code says what a, b
and c hold (text.py renders them).
"""

from ..adventure import MAX_ACTIONS
from ..card import MAX_TASKS

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

G_BASE = const(1 << 27)
A_MOVE = const(G_BASE)                 # + location: 0 entrance, 1 + slot
A_USE = const(G_BASE + 0x100)          # + hand index
A_BEGIN = const(G_BASE + 0x200)        # start rolling (adventure or attack)
A_GIVEUP = const(G_BASE + 0x300)       # fail the adventure now / end the attack
A_AID = const(G_BASE + 0x400)          # + 0 stamina+1, 1 sanity+1, 2 all stamina, 3 all sanity, 4 both
A_LOSTFOUND = const(G_BASE + 0x500)
A_SHOP = const(G_BASE + 0x600)         # + gift shop row
A_PICK = const(G_BASE + 0x700)         # + investigator
A_KIND_MASK = const(0x7F00)

P_MOVE = const(0)
P_PREP = const(1)
P_ADV = const(2)
P_ENTRANCE = const(3)
P_PICK = const(4)
P_BATTLE_PREP = const(5)
P_BATTLE = const(6)
P_OVER = const(7)
PHASE_NAMES = ("move", "prepare", "adventure", "entrance", "pick", "battle-prepare", "battle", "over")

MAX_PLAYERS = const(8)
MAX_SLOTS = const(12)          # 6 adventures + up to 6 Other Worlds
MAIN_SLOTS = const(6)
MAX_HAND = const(24)
MAX_MON = const(4)             # monsters on one card
MAX_SPELL_DICE = const(16)
MAX_LOCKS = const(16)
MAX_GAME_ACTIONS = MAX_ACTIONS + 64       # the adventure's actions, hand uses, A_GIVEUP
MAX_LOG = const(4096)
MAX_EV = const(1024)           # event ints per step (4 per event)
MAX_TASKS_GAME = MAX_TASKS
NONE = const(255)
LOC_ENTRANCE = const(0)
LOC_AO = const(254)
LOC_NONE = const(255)

# lock sources
LK_MYTHOS = const(1)
LK_MONSTER = const(2)
LK_ADVENTURE = const(3)

# events
EV_TURN = const(1)          # seat, investigator, turn
EV_MOVE = const(2)          # inv, location
EV_BEGIN = const(3)         # slot, green, yellow*2+red
EV_ROLL = const(4)          # roll code
EV_TASK = const(5)          # slot, task
EV_TERROR = const(6)        # slot, 1 card has a terror effect | 2 mythos card has one
EV_WON = const(7)           # slot, adventure id
EV_LOST = const(8)          # slot, adventure id
EV_STAT = const(9)          # inv, op, new value
EV_DRAW = const(10)         # inv, card id
EV_DISCARD = const(11)      # inv, card id
EV_DOOM = const(12)         # doom count
EV_ELDER = const(13)        # elder signs
EV_MONSTER = const(14)      # monster id, slot, task (NONE: back to the cup)
EV_DEFEAT = const(15)       # monster id, inv
EV_REVEAL = const(16)       # adventure id, slot
EV_LOCK = const(17)         # colour, source kind
EV_FREE = const(18)         # colour, source kind
EV_CLOCK = const(19)        # hour (0 = XII)
EV_MIDNIGHT = const(20)
EV_MYTHOS = const(21)       # mythos id
EV_DEVOUR = const(22)       # inv, seat
EV_PICK = const(23)         # seat, inv
EV_OUT = const(24)          # seat
EV_AWAKEN = const(25)
EV_ATTACK = const(26)
EV_HIT = const(27)          # doom left
EV_WIN = const(28)          # reason 0 elder signs, 1 battle
EV_LOSS = const(29)         # reason 0 all devoured, 1 awakening (Azathoth)
EV_NOTE = const(30)         # note index
EV_HOLD = const(31)         # die code, spell card id
EV_HELP = const(32)         # helper inv, die code
EV_FOCUS = const(33)        # die code
EV_EMPTY = const(34)        # inv, what (nothing to lose or draw)
EV_USE = const(35)          # inv, card id
EV_TROPHY = const(36)       # inv, value
EV_LOSTFOUND = const(37)    # face index
EV_SHOP = const(38)         # row
EV_AID = const(39)          # option
EV_GIVEUP = const(40)
EV_RETURN = const(41)       # card id back to its deck (spell emptied)
EV_CLUE = const(42)         # clue spent
