"""Stay Away!'s numbers, declared once: cards and their kinds, roles, phases, action codes, event
codes, results and limits.

A card in the game is its type (0 .. NTYPES - 1): two copies of a card are interchangeable, so hands,
piles and actions hold types. The deck file (data/deck.tsv) names every type by its English name
(CARD_NAMES) and says how many copies are used with how many players; what a card does is code.

An action is kind * ACT_KIND + argument (argument < ACT_KIND): see the A_* constants. An event of the
referee log is 6 bytes: code, a, b, c, mask high, mask low; the mask says which players see the card
c (MASK_ALL: everyone). A code with the EV_PRIVATE bit exists only for the players in its mask (an
infection, say); every other event is public, its card hidden from players outside the mask.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# ----- cards --------------------------------------------------------------------------------------
THING = const(0)
INFECTED = const(1)
FLAMETHROWER = const(2)
ANALYSIS = const(3)
AXE = const(4)
SUSPICIOUS = const(5)
WHISKY = const(6)
RESOLUTE = const(7)
WATCH_BACK = const(8)
SWAP_PLACES = const(9)
BETTER_RUN = const(10)
SEDUCTION = const(11)
SCARY = const(12)
COMFORTABLE = const(13)
NO_THANKS = const(14)
MISSED = const(15)
NO_BARBECUE = const(16)
QUARANTINE = const(17)
LOCKED_DOOR = const(18)
REVELATIONS = const(19)
ROTTEN_ROPES = const(20)
GET_OUT = const(21)
FORGETFUL = const(22)
ONE_TWO = const(23)
THREE_FOUR = const(24)
PARTY = const(25)
BETWEEN_US = const(26)
ROUND_AND_ROUND = const(27)
FRIENDS = const(28)
BLIND_DATE = const(29)
OOPS = const(30)
NTYPES = const(31)
NO_CARD = const(255)

# the names the deck file uses (the English edition's; the Hungarian rulebook's in data/README.md)
CARD_NAMES = ("The Thing", "Infected!", "Flamethrower", "Analysis", "Axe", "Suspicious", "Whisky",
              "Resolute", "Watch your back", "Swap places!", "You'd better run!", "Seduction",
              "Scary", "I'm comfortable", "No thanks!", "Missed!", "No barbecue!", "Quarantine",
              "Locked door", "Revelations", "Rotten ropes", "Get out of here!", "Forgetful",
              "One, two...", "...three, four...", "Is this the party?", "Just between us...",
              "Round and round", "Can't we be friends?", "Blind date", "Oops!")
# at most 12 characters: the handheld's screen lines
CARD_SHORT = (b"The Thing", b"Infected!", b"Flamethrowr", b"Analysis", b"Axe", b"Suspicious",
              b"Whisky", b"Resolute", b"Watch back", b"Swap places", b"Better run!", b"Seduction",
              b"Scary", b"Comfortable", b"No thanks!", b"Missed!", b"No barbecue", b"Quarantine",
              b"Locked door", b"Revelations", b"Rotten rope", b"Get out!", b"Forgetful",
              b"One, two", b"Three, four", b"Party", b"Between us", b"Round&round", b"Friends?",
              b"Blind date", b"Oops!")

K_THING = const(0)
K_INFECTION = const(1)
K_ACTION = const(2)
K_DEFENSE = const(3)
K_OBSTACLE = const(4)
K_PANIC = const(5)
KIND_NAMES = ("thing", "infection", "action", "defense", "obstacle", "panic")
CARD_KIND = bytes((K_THING, K_INFECTION) + (K_ACTION,) * 10 + (K_DEFENSE,) * 5 + (K_OBSTACLE,) * 2
                  + (K_PANIC,) * 12)

# ----- roles, seats, limits -----------------------------------------------------------------------
HUMAN = const(0)
INFECTED_ROLE = const(1)
THE_THING = const(2)
ROLE_NAMES = ("Human", "Infected", "The Thing")
UNKNOWN = const(255)

MIN_PLAYERS = const(4)
MAX_PLAYERS = const(12)
NOBODY = const(255)
HAND_MAX = const(8)            # 5 in the play step; room for Forgetful and Resolute
DECK_MAX = const(160)          # a user deck may hold more than the 109 printed cards
MAX_EVENTS = const(1024)     # the event log is a ring of the newest events (core.py)
EVENT_BYTES = const(6)
MAX_LOG = const(2048)          # the action log's first room (it grows: core.log_action); no game
                               # of the 1,000 in tests/stayaway/test_stayaway_log.py reached it
MASK_ALL = const(0xFFF)
QUARANTINE_TURNS = const(2)    # the rulebook: "the next two rounds", counted as the target's turns
HOUSE_QUARANTINE_TURNS = const(3)

# ----- phases: whose decision it is and about what ------------------------------------------------
PH_PLAY = const(0)             # the active player discards or plays a card (turn step 2)
PH_DEFEND_FLAME = const(1)     # the Flamethrower's target: No barbecue! or not
PH_DEFEND_SWAP = const(2)      # a swap's target: I'm comfortable or not
PH_RESOLUTE = const(3)         # keep 1 of the 3 cards drawn
PH_OFFER = const(4)            # the offerer chooses the card offered face down
PH_ANSWER = const(5)           # the receiver answers with a card or a defence
PH_REVELATIONS = const(6)      # a player reveals the hand or not
PH_TARGET = const(7)           # a Panic! card's target (or side)
PH_FORGET = const(8)           # Forgetful: one of 3 discards
PH_ROUND = const(9)            # Round and round: a player's card for the next player
PH_BLIND = const(10)           # Blind date: the card swapped with the pile's top
PH_OVER = const(11)
PHASE_NAMES = ("play", "defend-flame", "defend-swap", "resolute", "offer", "answer", "revelations",
               "target", "forget", "round", "blind", "over")

# why an exchange is under way (ctx_kind while offering and answering)
X_TURN = const(0)              # the turn's step 3
X_SEDUCTION = const(1)         # Seduction: the turn ends after it
X_FRIENDS = const(2)           # Can't we be friends?: step 3 follows

# ----- actions: kind * ACT_KIND + argument -----------------------------------------------------------
ACT_KIND = const(1024)
A_DISCARD = const(1 * 1024)    # + card
A_PLAY = const(2 * 1024)       # + card * 32 + target (a player, GAP + gap for a door, SELF)
A_OFFER = const(3 * 1024)      # + card
A_ANSWER = const(4 * 1024)     # + card
A_DEFEND = const(5 * 1024)     # + defence card
A_ACCEPT = const(6 * 1024)     # no defence
A_KEEP = const(7 * 1024)       # + card (Resolute)
A_DECLARE = const(8 * 1024)    # The Thing: no Humans remain
A_REVEAL = const(9 * 1024)     # + 1 reveal the hand, 0 keep it hidden (Revelations)
A_TARGET = const(10 * 1024)    # + player (a Panic! card's target)
A_FORGET = const(11 * 1024)    # + card
A_PASS = const(12 * 1024)      # + card (Round and round)
A_BLIND = const(13 * 1024)     # + card (Blind date)
N_ACT_KINDS = const(14)
GAP = const(16)                # play target GAP + g: the door gap g (between seats g and g + 1)
SELF = const(31)               # play target: the player themself / no target
MAX_ACTIONS = const(256)

# ----- events (the referee log) --------------------------------------------------------------------
EV_PRIVATE = const(0x80)
E_TURN = const(1)              # a: the active player, b: turn number low byte
E_DRAW = const(2)              # a drew c; b: why (DR_*)
E_PANIC = const(3)             # a drew the Panic! card c and plays it
E_BURY = const(4)              # a Panic! card c discarded unseen while a drew
E_DISCARD = const(5)           # a discarded c face down (b: why, DR_*)
E_PLAY = const(6)              # a played c on b (b: player, GAP + gap, SELF)
E_DEFEND = const(7)            # a played the defence c against b
E_ELIMINATED = const(8)        # b eliminated by a's Flamethrower
E_TOTAL = const(9)             # a eliminated by total infection (the hand shown by E_SHOW)
E_SHOW = const(10)             # a showed c to the mask; b: why (SH_*)
E_OFFER = const(11)            # a offered c face down to b
E_GIVE = const(12)             # a gave c to b (an exchange, or a Round and round pass)
E_NO_EXCHANGE = const(13)      # no exchange between a and b (b NOBODY: nobody to exchange with)
E_SWAP = const(14)             # a and b swapped seats
E_DIRECTION = const(15)        # the direction is now b (0 clockwise, 1 anticlockwise)
E_QUARANTINE = const(16)       # a put b in Quarantine
E_QUARANTINE_END = const(17)   # b's Quarantine is discarded
E_DOOR = const(18)             # a put a Locked door on gap b
E_DOOR_END = const(19)         # the Locked door on gap b is discarded
E_INFECT = const(20 | 0x80)    # b became Infected (private: b and The Thing)
E_BECOME_THING = const(21 | 0x80)  # a drew The Thing and is The Thing now (private)
E_NO_REVEAL = const(22)        # a did not reveal (Revelations)
E_DECLARE = const(23)          # a, The Thing, declares that no Humans remain
E_END = const(24)              # the game is over; b: result (R_*)
E_RESHUFFLE = const(25)        # the discards became the draw pile
E_KEEP = const(26 | 0x80)      # a kept c of the Resolute draw (private to a)
E_FOUND = const(27)            # a Flamethrower was found in a's hand (The Thing's) outside its turn
E_NO_EFFECT = const(28)        # a's card c had no effect (no legal target)
E_TAKE = const(29)             # a took c from the pile's top (Blind date)
E_ROLE = const(30)             # at the end: a's role is b
E_TO_PILE = const(31)          # a put c face down on the pile (Blind date)
N_EVENT_CODES = const(32)

# why a card was drawn or discarded (E_DRAW / E_DISCARD b)
DR_TURN = const(0)
DR_REPLACE = const(1)          # after a defence card
DR_RESOLUTE = const(2)
DR_FORGETFUL = const(3)
DR_CARD = const(4)             # discarded in the play step / a Resolute card not kept
# why cards were shown (E_SHOW b)
SH_ANALYSIS = const(0)
SH_SUSPICIOUS = const(1)
SH_WHISKY = const(2)
SH_REVELATIONS = const(3)
SH_OOPS = const(4)
SH_BETWEEN = const(5)
SH_SCARY = const(6)
SH_TOTAL = const(7)

# ----- results -------------------------------------------------------------------------------------
R_PLAYING = const(255)
R_BURNT = const(0)             # The Thing eliminated: Humans in play win
R_DECLARED = const(1)          # no Human is left (the game ends at once): The Thing and the Infected in play win
R_THING_ALONE = const(2)       # no Human is left, everyone infected and no Human eliminated: The Thing alone wins
R_FALSE = const(3)             # a false declaration: the Humans in play win
R_FOUND = const(4)             # a Flamethrower in The Thing's hand: the Humans in play win
R_VENGEFUL = const(5)          # vengeful mode: the survivors win
RESULT_NAMES = ("The Thing was burnt", "no Human is left", "The Thing infected everyone",
                "The Thing declared, falsely", "a Flamethrower was found in The Thing's hand",
                "vengeful mode: the survivors win")
