"""The game's numbers, in one place: action codes, the work stack's frames, phases, limits, lock
sources and event codes.

Actions
-------
An action is an int below 2^30. Codes below G_BASE are the adventure kernel's own (adventure.py),
passed through to the adventure being rolled:

    (t << 8) | i          complete task t with way i of the roll (its dice listed in the way)
    ACT_REROLL + mask     spend a clue to reroll the dice of mask (over the roll's dice in order)
    ACT_ROLL              roll the pool with the state's PRNG (a chance node's action)
    ACT_ENTER + code      enter a physical roll (a chance node; adventure.roll_code)

Game actions are G_BASE + (kind << 16) + arg, arg < 2^16 (A_ARG_MASK); kind is A_xxx - G_BASE >> 16.
Who takes them: the active player (A), the seat a decision names (S), or chance (C):

    A_MOVE + loc          A  move: 0 the entrance, 1 + slot an adventure or Other World
    A_USE + i             A  use card i of the hand (item, spell, ally): any main step of the turn
    A_BEGIN               A  start rolling (an adventure, or the attack in the final battle)
    A_GIVEUP              A  fail the adventure now / end the attack
    A_AID + k             A  first aid: 0 +1 stamina, 1 +1 sanity, 2 all stamina for 2 trophies,
                             3 all sanity for 2, 4 both for 4
    A_LOSTFOUND           A  lost and found (then a die is rolled: A_FACE)
    A_SHOP + row          A  buy gift shop row
    A_PICK + inv          S  take investigator inv (setup, or after being devoured)
    A_DRAW                S  draw the top investigator of the shuffled pool instead
    A_CHOOSE + k          S  take alternative k of a choose(...) effect (only those one can pay)
    A_PLACE + slot*32+p   A  put the monster that appeared on slot's outline p (p < 31), or p = 31
                             as an extra task on that card
    A_TARGET + place      A  defeat the monster at place slot*MAX_MON + k (a card's effect)
    A_SPEND + j           S  spend trophy j (one at a time until the price is paid; no change)
    A_DISCARD + i         S  lose card i of the hand (an effect takes one card of a deck)
    A_LOSE + k            S  a helper of a failed adventure loses 0 stamina / 1 sanity
    A_FAIL                A  fail the roll (terror effects first, then A_ASIDE)
    A_ASIDE + colour      A  set aside a die of colour (0 green, 1 yellow, 2 red)
    A_KEEP + k            A  after setting aside: 0 keep nothing, 1 + die: focus that rolled die
    A_ASK + seat*32 + d   A  ask the investigator of seat to keep rolled die d (assistance)
    A_AGREE + k           S  the asked investigator: 1 agrees, 0 refuses
    A_HOLD + i*32 + d     A  put rolled die d on spell card i of the hand (holding spells)
    A_UNHOLD + k          A  take the die off spell-held die k to roll it with the pool
    A_HELD + k            A  a completed task used a held die of the code asked: 0 the one kept by
                             focus or assistance, 1 + k the one on spell-held die k
    A_LOCKDIE + k         A  a green lock icon takes: k < 24 the rolled die of code k, 24 + colour a
                             die of the pool not rolled yet, 32 + d the die of code d kept by focus
                             or assistance, 64 + k spell-held die k (pool.lock_choices)
    A_ABILITY             A  use the active investigator's once-per-day ability
    A_FREEROLL + mask     A  the investigator's once-per-roll reroll (like a clue, free)
    A_FACE + f            C  the lost-and-found die shows green face index f (0-5)
    A_DIEROLL             C  roll the lost-and-found die with the PRNG
    A_END                 A  the end of the turn's main step (items used): on to the clock phase
    A_REACT + k           S  an ability used in any player's turn (F_OFFER): 0 not now; at a turn's
                             start 1 use it; after a roll 256 + mask reroll the dice of mask
    A_WHO + seat          S  any(...): the effects go to the investigator of that seat

The legal actions of a state are those of the top frame of the game's work stack (stack.py): the
main step of the turn (F_MAIN: move, prepare, adventure, entrance, battle) or a decision a card
or a rule asks for. A decision with a single option is not asked: it resolves by itself.
"""

from ..card import MAX_TASKS

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

G_BASE = const(1 << 27)
A_KIND_SHIFT = const(16)
A_ARG_MASK = const(0xFFFF)
A_MOVE = const(G_BASE)
A_USE = const(G_BASE + (1 << 16))
A_BEGIN = const(G_BASE + (2 << 16))
A_GIVEUP = const(G_BASE + (3 << 16))
A_AID = const(G_BASE + (4 << 16))
A_LOSTFOUND = const(G_BASE + (5 << 16))
A_SHOP = const(G_BASE + (6 << 16))
A_PICK = const(G_BASE + (7 << 16))
A_DRAW = const(G_BASE + (8 << 16))
A_CHOOSE = const(G_BASE + (9 << 16))
A_PLACE = const(G_BASE + (10 << 16))
A_TARGET = const(G_BASE + (11 << 16))
A_SPEND = const(G_BASE + (12 << 16))
A_DISCARD = const(G_BASE + (13 << 16))
A_LOSE = const(G_BASE + (14 << 16))
A_FAIL = const(G_BASE + (15 << 16))
A_ASIDE = const(G_BASE + (16 << 16))
A_KEEP = const(G_BASE + (17 << 16))
A_ASK = const(G_BASE + (18 << 16))
A_AGREE = const(G_BASE + (19 << 16))
A_HOLD = const(G_BASE + (20 << 16))
A_UNHOLD = const(G_BASE + (21 << 16))
A_HELD = const(G_BASE + (22 << 16))
A_LOCKDIE = const(G_BASE + (23 << 16))
A_ABILITY = const(G_BASE + (24 << 16))
A_FREEROLL = const(G_BASE + (25 << 16))
A_FACE = const(G_BASE + (26 << 16))
A_DIEROLL = const(G_BASE + (27 << 16))
A_END = const(G_BASE + (28 << 16))
A_REACT = const(G_BASE + (29 << 16))
A_WHO = const(G_BASE + (30 << 16))
A_KINDS = const(31)
REACT_REROLL = const(256)      # A_REACT + REACT_REROLL + mask: an anyroll reroll
PLACE_EXTRA = const(31)        # A_PLACE: the monster goes as an extra task

# phases of the turn's main step (F_MAIN's a)
P_MOVE = const(0)
P_PREP = const(1)
P_ADV = const(2)
P_ENTRANCE = const(3)
P_END = const(4)          # after the adventure, entrance or attack, before the clock: items, abilities
P_BATTLE_PREP = const(5)
P_BATTLE = const(6)
PHASE_NAMES = ("move", "prepare", "adventure", "entrance", "end of turn", "battle-prepare", "battle")

# F_MIDNIGHT's stages (turn.py): 1 the adventures' at-midnight effects, 2 the mythos cards' and the
# abilities' (the game's first round starts at MN_MYTHOS), MN_MYTHOS the next mythos card,
# MN_REFRESH once-per-day abilities refresh, MN_ATTACK the final battle's attack (then MN_REFRESH)
MN_MYTHOS = const(3)
MN_REFRESH = const(4)
MN_ATTACK = const(5)

# frames of the work stack (stack.py). F_* below F_DECIDE run by themselves (engine.py); from
# F_DECIDE on they wait for an action of the seat they name (or of chance).
F_RUN = const(1)          # run an effect list: ref code, a pc, b end, c investigator, d top-level
F_EACH = const(2)         # one primitive (or choose) for each investigator: ref, a pc, b next seat, c actor
F_MONSTER = const(3)      # a monsters appear, one at a time
F_GATE = const(4)         # a Other Worlds open, one at a time
F_CLOCK = const(5)        # the turn's clock phase
F_NEXT = const(6)         # the next seat's turn
F_MIDNIGHT = const(7)     # a stage (MN_*), b index
F_END_ATTEMPT = const(8)  # a result (0 failed, 1 won, 2 interrupted), b stage, c helper index
F_ATTACK = const(9)       # the Ancient One attacks
F_MYTHOS = const(10)      # reveal the next mythos card
F_FAILED = const(11)      # after a failed roll's terror effects: ask for the set-aside
F_FIRE = const(12)        # fire trigger a for investigator c (sources one by one: b)
F_REACT = const(13)       # the abilities of any player's turn: a 0 at a turn's start, 1 after a roll;
                          # b the next seat to offer
F_FIRST = const(14)       # setup: the first player is drawn by lot (after the investigators are chosen)
RUN_NOGAIN = const(4)     # F_RUN d: its gains fire no on_common/.../on_clue trigger (start gear, and
                          # the lists those triggers run, so that a gain never triggers itself)
F_DECIDE = const(32)
F_MAIN = const(32)        # the turn's main step: a phase (P_END waits under the others)
F_PICK = const(33)        # a seat, b 1 at setup
F_CHOOSE = const(34)      # ref code, a pc of the choose, b investigator
F_PLACE = const(35)       # a monster id
F_TARGET = const(36)      # a investigator who defeats
F_SPEND = const(37)       # a investigator, b still to pay
F_DISCARD = const(38)     # a investigator, b deck
F_LOSE = const(39)        # a helper investigator
F_ASIDE = const(40)       # (the roll on the table has failed)
F_KEEP = const(41)        # a colour set aside, b seats that refused (bits)
F_AGREE = const(42)       # a asked seat, b die, c colour set aside, d refusals so far
F_HELD = const(43)        # a die code, b completion action
F_LOCKDIE = const(44)     # a colour (the lock just added)
F_FACE = const(45)        # chance: the lost-and-found die
F_OFFER = const(46)       # a seat, b 0 turn start / 1 after a roll, c investigator: use the ability?
F_WHO = const(47)         # any(...): ref code, a start, b end, c investigator who chooses

MAX_PLAYERS = const(8)
MAIN_SLOTS = const(6)
MAX_HAND = const(24)
MAX_MON = const(4)             # monsters on one card
MAX_SPELL_DICE = const(16)
MAX_LOCKS = const(32)
MAX_TROPHIES = const(48)       # trophy cards and tokens one investigator holds
MAX_CLUES = const(255)         # the clues an investigator can hold (a byte): no other cap
MAX_FRAMES = const(64)         # the work stack's depth (effects nest at most NEST_MAX deep)
# the adventure kernel's action buffer (adventure.MAX_ACTIONS, not imported: companion mode on the
# handheld does not load the adventure kernel; tests/test_game_modules.py checks the copy) and its
# phase "a roll is on the table" (adventure.P_DECIDE)
ADVENTURE_ACTIONS = const(1336)
ADVENTURE_DECIDE = const(1)
MAX_GAME_ACTIONS = ADVENTURE_ACTIONS + 1024    # the adventure's actions, free rerolls, hand, asks
MAX_LOG = const(8192)
MAX_EV = const(2048)           # event ints per step (4 per event)
MAX_TASKS_GAME = MAX_TASKS
NONE = const(255)
LOC_ENTRANCE = const(0)
LOC_AO = const(254)
LOC_NONE = const(255)

# house rules (bits of Game._house; Rules option "house", names in HOUSE_RULES order): readings of
# the rulebook a table may agree on instead of the kernel's default
HR_GIVEUP_SKIPS_TERROR = const(1)   # giving up after a roll that could complete a task resolves no terror
HOUSE_RULES = ("giveup_skips_terror",)
HOUSE_MASK = const(1)

# lock sources
LK_MYTHOS = const(1)           # src 0: the mythos card (and lock_* effects): freed at midnight
LK_MONSTER = const(2)          # src: monster place slot*MAX_MON + k
LK_ADVENTURE = const(3)        # src: adventure id

# trophies (people.py): kind << 12 | id
TR_ADVENTURE = const(1)
TR_MONSTER = const(2)
TR_TOKEN = const(3)            # a trophy an effect gives (id: its value)

# events: code, a, b, c (text.py renders them)
EV_TURN = const(1)          # seat, investigator, turn
EV_MOVE = const(2)          # inv, location
EV_BEGIN = const(3)         # slot, green, yellow*2+red
EV_ROLL = const(4)          # roll code
EV_TASK = const(5)          # slot, task
EV_TERROR = const(6)        # slot, 1 card has a terror effect | 2 a mythos card in effect has one, 1 card has a terror effect | 2 mythos card has one
EV_WON = const(7)           # slot, adventure id
EV_LOST = const(8)          # slot, adventure id
EV_STAT = const(9)          # inv, op, new value
EV_DRAW = const(10)         # inv, card id
EV_DISCARD = const(11)      # inv, card id, forced (1: the only card)
EV_DOOM = const(12)         # doom count
EV_ELDER = const(13)        # elder signs
EV_MONSTER = const(14)      # monster id, slot, place (NONE: no room, back to the cup)
EV_DEFEAT = const(15)       # monster id, inv
EV_REVEAL = const(16)       # adventure id, slot
EV_LOCK = const(17)         # colour, source kind
EV_FREE = const(18)         # colour, source kind
EV_CLOCK = const(19)        # hour (0 = XII)
EV_MIDNIGHT = const(20)
EV_MYTHOS = const(21)       # mythos id
EV_DEVOUR = const(22)       # inv, seat
EV_PICK = const(23)         # seat, inv, 1 drawn at random
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
EV_TROPHY = const(36)       # inv, total
EV_LOSTFOUND = const(37)    # face index
EV_SHOP = const(38)         # row
EV_AID = const(39)          # option
EV_GIVEUP = const(40)
EV_RETURN = const(41)       # card id back to its deck (spell emptied)
EV_CLUE = const(42)         # inv (a clue spent)
EV_CHOSE = const(43)        # inv, alternative, forced
EV_SPENT = const(44)        # inv, trophy code, forced
EV_LOSES = const(45)        # helper inv, 0 stamina / 1 sanity, forced
EV_ASIDE = const(46)        # colour, 0, forced
EV_REFUSE = const(47)       # seat
EV_UNHOLD = const(48)       # die code
EV_ABILITY = const(49)      # inv
EV_LOCKED_DIE = const(50)   # colour, where (0 idle, 1 pool, 2 kept, 3 spell), forced
EV_PLACED = const(51)       # slot, place, forced  (follows EV_MONSTER's draw)
EV_TARGET = const(52)       # slot*MAX_MON + k, 0, forced
EV_USED_HELD = const(53)    # die code, source (0 kept, 1 spell), forced
EV_LASTING = const(54)      # mythos id (stays in effect beyond the next card)
EV_EXPIRED = const(55)      # mythos id (a lasting card leaves)
EV_FREEROLL = const(56)     # inv
EV_CARD = const(57)         # inv, card id (card("Name") took that card)
EV_WHO = const(58)          # chooser inv, chosen inv, forced
EV_NOMONSTER = const(59)    # inv (no_monsters: a monster would have appeared in their turn)
EV_FIRST = const(60)        # seat (drawn by lot to play first)
