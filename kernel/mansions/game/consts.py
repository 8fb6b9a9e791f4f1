"""Every constant of the Mansions game declared once: limits, seats, phases, contexts, action kinds,
card kinds and types, requirements, attack kinds, effect opcodes, objective conditions and test
purposes. Codes that reach saves or views are append-only."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# ----- limits (buffers are sized by these at setup) ----------------------------------------------
MAX_SEATS = const(5)            # the keeper and up to four investigators
MAX_SPACES = const(64)
MAX_ROOMS = const(32)
MAX_DOORS = const(48)
MAX_CARDS = const(160)          # story cards: exploration, obstacle, lock, starting items, spells
PILE_CAP = const(12)            # cards on one room's pile (face down and face up)
MAX_MONSTERS = const(16)        # monsters on the board at once
MAX_TYPES = const(16)           # monster types
MAX_COMBAT = const(192)         # the published combat cards (base game and expansions) are 129
MAX_MYTHOS = const(64)          # the base game has 35
MAX_KEEPER_CARDS = const(40)    # a story lays out a few; a keeper choosing his own hand, more
MAX_EVENTS = const(16)          # event cards (rows); the stages of the deck are at most as many
MAX_INVESTIGATORS = const(12)
MAX_TRAITS = const(6)           # per investigator
MAX_QUESTIONS = const(6)        # published stories ask 3 to 6
MAX_EFFECTS = const(16)         # per effect list (branches included)
MAX_TRAUMA = const(48)          # the base game has 21, the expansions more
MAX_FLAGS = const(16)           # story flags, named in the data (flag:NAME)
MAX_POWERS = const(3)           # per seat: the character's ability and the two kept traits' 
MAX_LOG = const(6000)
MAX_ACTIONS = const(640)
EV_CAP = const(48)              # event records kept from one apply
HQ_CAP = const(24)              # pending horror checks
NONE = const(255)
KEEPER = const(0)               # the keeper's seat; investigators sit at 1 .. players - 1
NATTR = const(7)

ATTRIBUTES = ("strength", "marksmanship", "dexterity", "intellect", "lore", "will", "luck")
CLASSES = ("humanoid", "beast", "eldritch")

# ----- phases (who decides what) -----------------------------------------------------------------
PH_GUIDE = const(0)         # keeper: answer the keeper's guide question
PH_PICK_INV = const(1)      # an investigator player: choose an investigator
PH_PICK_TRAIT = const(2)    # that player: keep a trait card (twice)
PH_ORDER = const(3)         # the investigators: who takes the next turn
PH_TURN = const(4)          # an investigator's turn
PH_ROLL = const(5)          # chance: the d10 of an attribute test
PH_REROLL = const(6)        # the tested investigator: spend a skill point to reroll, or accept
PH_LOCK = const(7)          # the entering investigator: discard the card the lock names, or give up
PH_OBSTACLE = const(8)      # the explorer at an obstacle: use a key, try the puzzle, or stop
PH_PICKUP = const(9)        # the explorer at a dropped card: take it or leave it
PH_DROP = const(10)         # the dropping investigator: drop another card, or done
PH_TRADE = const(11)        # keeper step 1: an investigator gives cards, discards a stun token
PH_KEEPER = const(12)       # keeper step 3: keeper action cards and mythos cards
PH_KMOVE = const(13)        # the keeper moves a monster (a move card), step by step
PH_ATTACKS = const(14)      # keeper step 4: monster attacks
PH_OVER = const(15)
PH_PREROLL = const(16)      # the tested investigator before the d10: a skill point (+Luck), a card, or roll
PH_MYTHOS = const(17)       # the keeper at the start of an investigator's turn: a mythos card on him, or not
PH_TRAUMA = const(18)       # the keeper: a trauma card on an investigator who has just reached it, or not
PH_RAISE = const(19)        # the keeper: which corpse a raise card turns into a monster
PH_CHOOSE = const(20)       # the keeper: the target an effect leaves to him (an investigator, a space, a monster)
PHASE_NAMES = ("guide", "investigator", "trait", "order", "turn", "roll", "reroll", "lock",
               "obstacle", "pickup", "drop", "trade", "keeper", "monster move", "attacks", "over",
               "before the roll", "mythos", "trauma", "raise", "keeper's choice")

# contexts: where play resumes after a test or a horror check
CTX_TURN = const(0)
CTX_EXPLORE = const(1)
CTX_KEEPER = const(2)
CTX_KMOVE = const(3)
CTX_ATTACKS = const(4)
CTX_EVENT = const(5)
CTX_TURN_START = const(6)   # the mythos window before an investigator's turn: then the turn starts

# ----- actions: kind << 16 | a << 8 | b ------------------------------------------------------------
A_ROLL = const(1)           # chance: the state's PRNG rolls the d10
A_FACE = const(2)           # chance: a physical d10 entered, b = 1 .. 10
A_ANSWER = const(3)         # a = question, b = answer
A_INVESTIGATOR = const(4)   # a = investigator
A_TRAIT = const(5)          # a = trait (index in the story's trait table)
A_NEXT = const(6)           # a = the seat that takes the next turn
A_MOVE = const(7)           # a movement step, a = space
A_RUN = const(8)            # the run action, a = space
A_EXPLORE = const(9)
A_ATTACK = const(10)        # a = monster slot, b = weapon or spell card, NONE for bare hands
A_DROP = const(11)          # a = card (the first drop spends the action)
A_DROP_DONE = const(12)
A_ABILITY = const(13)       # a = card
A_END = const(14)           # end the turn
A_REROLL = const(15)
A_ACCEPT = const(16)
A_UNLOCK = const(17)        # a = the card the lock asks for
A_GIVE_UP = const(18)
A_USE_KEY = const(19)       # a = key card
A_PUZZLE = const(20)
A_STOP = const(21)          # stop exploring
A_TAKE = const(22)
A_LEAVE = const(23)
A_GIVE = const(24)          # a = card, b = seat
A_UNSTUN = const(25)
A_TRADE_DONE = const(26)
A_KCARD = const(27)         # a = keeper action card, b = space (spawn) / monster slot (move) / 0
A_MYTHOS = const(28)        # a = mythos card, b = target seat
A_KEEPER_DONE = const(29)
A_MSTEP = const(30)         # a = space
A_MSTOP = const(31)
A_MATTACK = const(32)       # a = monster slot, b = target seat
A_ATTACKS_DONE = const(33)
A_LUCK = const(34)          # before the roll: spend a skill point, the investigator's Luck added
A_BOOST = const(35)         # before the roll: a = card used (NONE + power: 240 + k)
A_ROLL_NOW = const(36)      # before the roll: roll as it stands
A_POWER = const(37)         # a = 0 the character's ability, 1 and 2 the kept traits'
A_FREE = const(38)          # a = card: its ability that costs no action (once a turn)
A_NO_MYTHOS = const(39)     # the mythos window passed
A_TRAUMA = const(40)        # a = trauma card, b = seat
A_NO_TRAUMA = const(41)
A_RAISE = const(42)         # a = the space of the corpse raised
A_CHOOSE = const(43)        # the keeper's choice for an effect: a = seat, space or monster slot (NONE: none)
A_HIDE = const(44)          # the hide action
A_BARRICADE = const(45)     # the barricade action, a = door
NKINDS = const(46)
POWER_BASE = const(240)     # A_BOOST a >= POWER_BASE: the seat's power a - POWER_BASE

# ----- story cards -----------------------------------------------------------------------------
K_EXPLORATION = const(0)
K_OBSTACLE = const(1)
K_LOCK = const(2)
K_ITEM = const(3)               # a starting item (from a trait card)
K_SPELL = const(4)
CARD_KINDS = ("exploration", "obstacle", "lock", "item", "spell")

# exploration card types (a bit each; a card may have several)
T_CLUE = const(1)
T_KEY = const(2)
T_EQUIPMENT = const(4)
T_ARTIFACT = const(8)
T_WEAPON = const(16)
T_TOME = const(32)
T_NOTHING = const(64)
T_LIGHT = const(128)            # a light source: exploring a dark room needs one
TYPE_NAMES = ("clue", "key", "equipment", "artifact", "weapon", "tome", "nothing", "light")

# lock and obstacle requirements
R_NONE = const(0)
R_CARD = const(1)       # discard the named card (a lock)
R_TEST = const(2)       # an attribute test (a lock)
R_PUZZLE = const(3)     # a puzzle of some difficulty (a lock or an obstacle)
R_KEY = const(4)        # a key card naming it, held by the explorer (an obstacle)

# attacks
W_NONE = const(0)
W_FIREARM = const(1)
W_BLADED = const(2)
W_BLUNT = const(3)
W_UNARMED = const(4)
W_MONSTER = const(5)    # a combat card for a monster's attack
W_SPELL = const(6)
W_MELEE = const(7)      # a combat card answering both bladed and blunt weapons
W_HIDING = const(8)     # a combat card for a monster's attack on a hiding investigator
W_BARRIER = const(9)    # a combat card for a monster moving through a barricaded door
W_ANY = const(10)       # a combat card's modifier for any weapon (firearm, bladed or blunt)
AGAINST_NAMES = ("", "firearm", "bladed", "blunt", "unarmed", "monster", "spell", "melee", "hiding", "barrier")

# when a carried card's (or a power's) ability is used
U_ACTION = const(0)     # an Action: the turn's action step
U_FREE = const(1)       # any time in the owner's turn, no action, once a turn
U_TEST = const(2)       # before one of the owner's attribute tests
U_ALWAYS = const(3)     # always in effect (modifiers)
U_NONE = const(255)
USE_NAMES = ("action", "free", "test", "always")

# where a story card is
WH_OUT = const(0)       # not in this game (another guide answer, an unchosen trait)
WH_PILE = const(1)      # on a room's pile (face down, or face up when `up`)
WH_LOCK = const(2)      # a room's lock card
WH_HAND = const(3)      # carried by an investigator (`owner`)
WH_DISCARD = const(4)

# investigator states
ST_UNSET = const(0)
ST_ALIVE = const(1)
ST_KILLED = const(2)
ST_INSANE = const(3)

# ----- effects (compiled from the data's vocabulary) ---------------------------------------------
E_DAMAGE = const(1)         # n damage to the target investigator
E_HORROR = const(2)
E_STUN = const(3)
E_HEAL = const(4)
E_CALM = const(5)           # sanity back
E_SKILL = const(6)          # skill points
E_DAMAGE_ALL = const(7)
E_HORROR_ALL = const(8)
E_THREAT = const(9)         # the keeper gains threat
E_SPAWN = const(10)         # a = monster type, b = space (NONE: the keeper's choice)
E_SEAL = const(11)          # a = door
E_UNSEAL = const(12)
E_LEARN = const(13)         # a = spell card
E_DRAW_MYTHOS = const(14)
E_MOVE = const(15)          # the keeper moves one monster up to n spaces
E_TEST = const(16)          # a = attribute, b = modifier + 128: the effects after it apply on failure
E_DISCARD = const(17)       # an ability: the card is discarded after use
E_HIT = const(18)           # a combat card passed: n damage to the monster
E_NOTHING = const(19)
E_REVEAL = const(20)        # the keeper reveals his objective
E_WIN = const(21)           # a = WIN_*: the game ends so
E_FLAG = const(22)          # a = story flag set
E_UNFLAG = const(23)
E_IF = const(24)            # a = condition kind (+128: negated), b = its argument; n = tokens to skip when false
E_ELSE = const(25)          # n = tokens to skip (the if-branch ran)
E_END = const(26)
E_FIRE = const(27)          # a = space set on fire
E_EXTINGUISH = const(28)    # a = space
E_SPREAD = const(29)        # fire spreads to the adjacent spaces of its room
E_DARK = const(30)          # a = room darkened
E_LIGHT = const(31)         # a = room lit again
E_CORPSE = const(32)        # a = space: a corpse token
E_RAISE = const(33)         # keeper card: a = monster type placed on a corpse (the keeper chooses which)
E_TRAUMA = const(34)        # keeper card: the keeper plays a trauma card on an investigator it fits
E_MSTUN = const(35)         # a combat card passed: the monster is stunned
E_WEAPON = const(36)        # a combat card passed: a = weapon kind, n = damage + 128 when attacking with it
E_BONUS = const(37)         # a test-time ability: n + 128 added to this test
E_MODIFY = const(38)        # an always ability or a trauma: a = attribute, n + 128 on its tests
E_ONCE = const(39)          # a power usable once a game
E_EVADE_MOD = const(40)     # always: n + 128 on evade tests
E_HORROR_MOD = const(41)    # always: n + 128 on horror checks
E_COMBAT_MOD = const(42)    # always: n + 128 on combat card tests
E_HORROR_ONE = const(43)    # n horror to one investigator the keeper chooses
E_DAMAGE_ONE = const(44)    # n damage to one investigator the keeper chooses
E_TIME = const(45)          # n time tokens on the event deck
E_SPAWN_WITH = const(46)    # a = monster type, placed in a room with an investigator (the keeper's space)
E_MONSTER_DAMAGE = const(47)    # combat: the monster's own damage value to the investigator
E_MONSTER_HORROR = const(48)    # combat: the monster's own horror damage to the investigator
E_DROP_WEAPON = const(49)   # combat: the weapon used is dropped, face up in the attacker's room
E_HIT_HALF = const(50)      # combat: damage to the monster of half the attacker's attribute a, rounded up
E_BREAK = const(51)         # a barrier card: the barricade gives way, the monster goes through
E_HOLD = const(52)          # a barrier card: the barricade holds, the monster's move ends
EFFECT_NAMES = ("", "damage", "horror", "stun", "heal", "calm", "skill", "damage_all", "horror_all",
                "threat", "spawn", "seal", "unseal", "learn", "draw_mythos", "move", "test", "discard",
                "hit", "none", "reveal", "win", "flag", "unflag", "if", "else", "end", "fire",
                "extinguish", "spread_fire", "dark", "light", "corpse", "raise", "trauma", "stun_monster",
                "weapon", "bonus", "modify", "once", "evade", "horror_check", "combat", "horror_one",
                "damage_one", "time", "spawn_with", "monster_damage", "monster_horror", "drop_weapon",
                "hit_half", "break", "hold")

# conditions (if:, events' when, keeper cards' when)
Q_CLUE = const(1)           # clue N found
Q_OBJECTIVE = const(2)      # the keeper's objective is K
Q_ANSWER = const(3)         # guide question Q answered A (b = Q * 16 + A)
Q_FLAG = const(4)           # a story flag is set
Q_EVENT = const(5)          # event stage N resolved
Q_REVEALED = const(6)       # the objective is revealed
Q_KILLED = const(7)         # N investigators killed
Q_DARK = const(8)           # some room is dark
Q_CORPSE = const(9)         # a corpse lies on the board
Q_FIRE = const(10)          # a space is on fire
Q_INSANE = const(11)        # an investigator is at zero sanity
Q_NOT = const(128)
QUERY_NAMES = ("", "clue", "objective", "answer", "flag", "event", "revealed", "killed", "dark", "corpse",
               "fire", "insane")

# trauma cards
TR_PHYSICAL = const(0)
TR_INSANITY = const(1)
TRAUMA_TYPES = ("physical", "insanity")

# objectives
C_NONE = const(0)
C_EVENT = const(1)          # keeper: event n resolves
C_KILLED = const(2)         # keeper: n investigators killed (or driven out)
C_REACH = const(3)          # keeper: a monster of type a in room b
C_KILL = const(4)           # investigators: a monster of type a killed after the reveal
C_ESCAPE = const(5)         # investigators: one of them in space a
C_BRING = const(6)          # investigators: one of them carrying card a in room b
COND_NAMES = ("", "event", "killed", "reach", "kill", "escape", "bring")    # C_NONE: "-" (an event decides)

WIN_NONE = const(0)
WIN_KEEPER = const(1)
WIN_INVESTIGATORS = const(2)
WIN_NOBODY = const(3)

# test purposes (the continuation of an attribute test)
P_LOCK_TEST = const(1)
P_LOCK_PUZZLE = const(2)
P_EVADE = const(3)
P_HORROR = const(4)
P_ATTACK = const(5)
P_SPELL = const(6)
P_DEFEND = const(7)
P_OBSTACLE = const(8)
P_MYTHOS = const(9)
P_EFFECT = const(10)        # a test inside any effect list (an event, a card found, a trauma)
PURPOSE_NAMES = ("", "lock", "puzzle", "evade", "horror", "attack", "spell", "defend", "puzzle",
                 "mythos", "test")

# event records (what an apply caused; rendered by text.py, shown per viewer by visible())
V_REVEAL = const(1)         # a = card, b = seat (explore / lock revealed)
V_TAKE = const(2)           # a = card, b = seat
V_DISCARD = const(3)        # a = card
V_ROLL = const(4)           # a = roll, b = target
V_PASS = const(5)           # a = purpose
V_FAIL = const(6)           # a = purpose
V_DAMAGE = const(7)         # a = seat, b = amount
V_HORROR = const(8)
V_STUN = const(9)
V_KILLED = const(10)        # a = seat
V_INSANE = const(11)
V_SPAWN = const(12)         # a = monster slot, b = space
V_MONSTER_HIT = const(13)   # a = slot, b = damage
V_MONSTER_DIES = const(14)  # a = monster type
V_COMBAT = const(15)        # a = combat card
V_THREAT = const(16)        # a = gained, b = pool
V_TOKEN = const(17)         # a = tokens, b = time number
V_EVENT = const(18)         # a = the event card (row of events.tsv) resolved for its stage
V_OBJECTIVE = const(19)     # a = objective
V_WIN = const(20)           # a = WIN_*
V_SEAL = const(21)          # a = door
V_UNSEAL = const(22)
V_LEARN = const(23)         # a = card, b = seat
V_DRAW = const(24)          # a = mythos card (keeper only)
V_MYTHOS = const(25)        # a = mythos card, b = seat
V_HEAL = const(26)
V_CALM = const(27)
V_SKILL = const(28)
V_DROP = const(29)          # a = card, b = room
V_GIVE = const(30)          # a = card, b = seat
V_ENTER = const(31)         # a = seat, b = space
V_MONSTER_MOVE = const(32)  # a = slot, b = space
V_ROUND = const(33)         # a = round
V_STAY = const(34)          # a = seat: the movement step is spent, the figure stays
V_LOCKED_OUT = const(35)    # a = seat: no way through the lock
V_SHUFFLE = const(36)       # a = class (a combat deck reshuffled)
V_UNSTUN = const(37)        # a = seat
V_BARRED = const(38)        # a = seat, b = room: no way in for the rest of the turn
V_LUCK = const(39)          # a = seat, b = Luck added
V_BOOST = const(40)         # a = card (or POWER_BASE + k), b = bonus + 128
V_EVADED = const(41)        # a = seat, b = monster slot: evaded (or not) for this turn
V_FLAG = const(42)          # a = flag, b = 1 set / 0 cleared
V_FIRE = const(43)          # a = space, b = 1 fire / 0 out
V_DARK = const(44)          # a = room, b = 1 dark / 0 lit
V_CORPSE = const(45)        # a = space, b = 1 placed / 0 raised
V_TRAUMA = const(46)        # a = trauma card, b = seat
V_MSTUN = const(47)         # a = monster slot
V_POWER = const(48)         # a = seat, b = power 0 .. 2
V_FREE = const(49)          # a = card, b = seat
V_FIRE_HURT = const(50)     # a = seat, b = damage
V_BARRIER = const(51)       # a = door, b = 1 barricaded / 0 broken through
V_HIDE = const(52)          # a = seat, b = 1 hiding / 0 found or out of hiding
V_HOLD = const(53)          # a = monster slot, b = door: the barricade holds
