"""The game's numbers: phases, steps, action codes, places of monsters, limits and event codes.

An action is KIND << 12 | ARG (every code below 2^17). Chance nodes list K_RESOLVE (the state's
PRNG rolls) and accept K_OUTCOME | value (a physical roll entered: a D6 face 1-6, a 2D6 sum 2-12,
or the index of a coin toss among tied investigators).
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

NONE = const(255)

# ----- phases ---------------------------------------------------------------------------------------
PH_SETUP = const(0)
PH_INV = const(1)
PH_MYTHOS = const(2)
PH_OVER = const(3)
PHASE_NAMES = ("setup", "investigators", "mythos", "over")

# ----- steps: player decisions -----------------------------------------------------------------------
ST_PICK = const(1)        # choose an investigator (setup, or after one is lost)
ST_RETURN = const(2)      # back from an Other World: which gate to come out of
ST_MOVE = const(3)        # part 1: stay, roll to move, taxi, vehicle, Mists of R'lyeh
ST_STEP = const(4)        # part 1: one step of the move at a time, stop, taxi
ST_GATE_OR_EVENT = const(5)   # part 2: step through the gate here or have the location's event
ST_ENC = const(6)         # part 3: monsters here: fight one, sneak past, face the gate, bind one
ST_SNEAK_TO = const(7)    # part 3: after sneaking on a street, the space to slip into
ST_LOADOUT = const(8)     # part 4 and the mythos: which items and spells to use (a hands-checked mask)
ST_CLOSE = const(9)       # part 4: attack the gate, seal it, use the Blue Watcher, or end the turn
ST_SHOP = const(10)       # an event's shop: buy the card shown or not
ST_DEST = const(11)       # an event's free move: where to (Sheldon Gang: may refuse)
ST_DISCARD = const(12)    # Asylum: the spell to discard; Hospital: the item to lose
ST_ORIENT = const(13)     # a monster that survived a fight: the way it faces
ST_SPLIT = const(14)      # a new investigator's sanity / strength split (its sheet's points)
ST_PAY = const(15)        # an event's payment: pay it for what it gives, or decline
ST_SELL = const(16)       # an event's buyer: sell cards at half their price, one at a time, or stop
ST_BID = const(17)        # an auction: raise the bid by $1, or drop out
ST_CHOOSE = const(18)     # an event's choice between two lists
ST_BET = const(19)        # an event's bet: the stake, or none
# ----- steps: chance ----------------------------------------------------------------------------------
CH_FIRST = const(32)
CH_MOVE = const(32)       # 2D6 movement
CH_EVENT = const(33)      # D6 on a location's or an Other World's event table
CH_TEST = const(34)       # D6 skill test of an event
CH_STEALTH = const(35)    # D6 stealth
CH_SANITY = const(36)     # D6 sanity check
CH_ATTACK = const(37)     # D6 attack (the investigator's, or the counter-attack in the mythos)
CH_DAMAGE = const(38)     # D6 strength lost to a monster
CH_CLOSE = const(39)      # D6 gate closing
CH_GATE = const(40)       # 2D6 on the Gate Opening table
CH_COIN = const(41)       # a coin among investigators tied on Fight
CH_AMOUNT = const(42)     # the D6 (or 2D6) of a dice-valued gain or loss
CH_DRAW = const(43)       # table mode: the card, gate or monster the table drew (by kind, weighted)
CH_FOE = const(44)        # the D6 (or 2D6) of a monster's printed strength N+D6, rolled at each attack
CH_LOSS = const(45)       # the D6 (or 2D6) of a sanity loss printed with dice (SAN 2/D6+1)
CH_BET = const(46)        # the D6 of a bet: 4-6 wins the stake, 1-3 loses it
CH_CAST = const(47)       # the D6 to cast a spell (items.tsv 'cast': at most the skill plus its modifier)
CH_BANISH = const(48)     # the D6 strength a banishing card costs
STEP_NAMES = {ST_PICK: "pick", ST_RETURN: "return", ST_MOVE: "move", ST_STEP: "step",
              ST_GATE_OR_EVENT: "gate or event", ST_ENC: "monsters", ST_SNEAK_TO: "slip away",
              ST_LOADOUT: "items", ST_CLOSE: "close", ST_SHOP: "shop", ST_DEST: "free move",
              ST_DISCARD: "discard", ST_ORIENT: "turn monster", ST_SPLIT: "split", ST_PAY: "pay",
              ST_SELL: "sell", ST_BID: "bid", ST_CHOOSE: "choose", ST_BET: "bet", CH_BET: "bet roll",
              CH_CAST: "casting roll", CH_BANISH: "banishing cost", CH_AMOUNT: "amount roll", CH_DRAW: "draw",
              CH_MOVE: "movement roll",
              CH_EVENT: "event roll", CH_TEST: "skill test", CH_STEALTH: "stealth roll",
              CH_SANITY: "sanity check", CH_ATTACK: "attack roll", CH_DAMAGE: "damage roll",
              CH_CLOSE: "closing roll", CH_GATE: "gate roll", CH_COIN: "coin toss", CH_FOE: "monster's strength roll",
              CH_LOSS: "sanity loss roll", 0: "none"}

# ----- actions -----------------------------------------------------------------------------------------
K_SHIFT = const(12)
ARG_MASK = const(4095)
K_PICK = const(1 << 12)
K_RETURN = const(2 << 12)
K_STAY = const(3 << 12)
K_RESOLVE = const(4 << 12)
K_TAXI = const(5 << 12)
K_MODE = const(6 << 12)       # + MODE_VEHICLE or MODE_MISTS
K_STEP = const(7 << 12)       # + neighbour index
K_STOP = const(8 << 12)
K_GATE = const(9 << 12)
K_EVENT = const(10 << 12)
K_FIGHT = const(11 << 12)     # + monster token
K_SNEAK = const(12 << 12)
K_FACE = const(13 << 12)
K_BIND = const(14 << 12)      # + monster token
K_LOADOUT = const(15 << 12)   # + mask over the seat's possession slots (bit 7: the bound monster)
K_CLOSE = const(16 << 12)
K_SEAL = const(17 << 12)
K_WATCHER = const(18 << 12)
K_END = const(19 << 12)
K_BUY = const(20 << 12)
K_PASS = const(21 << 12)
K_DEST = const(22 << 12)      # + space
K_DISCARD = const(23 << 12)   # + possession slot
K_ORIENT = const(24 << 12)    # + neighbour index
K_OUTCOME = const(25 << 12)   # + value
K_ROLL = const(26 << 12)
K_GIVE = const(28 << 12)      # + slot * 8 + seat: a card to an investigator in the same space
K_GIVE_MONEY = const(29 << 12)  # + seat: $1 to an investigator in the same space
K_SELL = const(30 << 12)      # + possession slot
K_PAY = const(31 << 12)
K_BID = const(32 << 12)
K_SPLIT = const(33 << 12)     # + sanity (the rest of the points is strength)
K_CHOOSE = const(34 << 12)    # + 0 (the first list) or 1 (the second)
K_BET = const(35 << 12)       # + the stake in dollars
K_SERVICE = const(36 << 12)   # the location's service instead of its event
K_USE = const(37 << 12)       # + possession slot: a card's `use` (before moving)
K_BANISH = const(38 << 12)    # + monster token: a banishing card (D6 strength)
BOUND_BIT = const(128)

# ----- where a monster token is (m_at); a space id otherwise --------------------------------------
AT_POOL = const(250)
AT_OW = const(251)        # with the investigator of m_owner in an Other World
AT_TROPHY = const(252)    # a trophy of m_owner
AT_BOUND = const(253)     # bound by m_owner's Bind Monster
AT_WORLD = const(251)     # an investigator's pos while in an Other World
GATE_DAGON = const(253)   # gate_keep: a gate trophy given to the Esoteric Order of Dagon (out of play)

# ----- seats ---------------------------------------------------------------------------------------------
SEAT_PLAYING = const(0)
SEAT_PICK = const(1)
SEAT_OUT = const(2)

# ----- purposes of a sanity check, an attack, a damage roll, a loadout --------------------------------
PU_FIGHT = const(1)        # the investigator's own attack in part 4
PU_SNEAK_OK = const(2)     # after a successful stealth roll
PU_SNEAK_FAIL = const(3)   # after a failed stealth roll: then the monster strikes
PU_FACE = const(4)         # facing the gate's guardians
PU_COUNTER = const(5)      # the mythos: a monster attacks, the investigator strikes back
PU_CLOSE = const(6)        # attacking a gate

# ----- table mode: what a pending draw takes (draw_kind), and the operation it resumes ----------------
DRAW_MONSTER = const(1)
DRAW_GATE = const(2)
DRAW_DECK = const(3)       # + DECK_* (item, spell, ally)
R_EFFECTS = const(1)       # the event's effect program
R_GATE_ROLL = const(2)     # a gate roll's gate and monsters (mythos or setup)
R_PICK = const(3)          # a new investigator's random starting cards
R_AUCTION = const(4)       # an auction card was drawn: the next item card, then the auction
MAX_DRAWS = const(24)      # draws one operation needs at most (a gate, its monsters, a roll's extra ones)

# ----- results ---------------------------------------------------------------------------------------
RES_PLAYING = const(0)
RES_WON = const(1)
RES_LOST_GATES = const(2)      # too many gates open at once
RES_LOST_DOOM = const(3)       # the doom track reached "Arkham is doomed"
RES_LOST_ROUNDS = const(4)     # the agreed round limit passed
RES_LOST_NOBODY = const(5)     # no investigator left to play
RESULT_NAMES = ("playing", "won: every gate closed or sealed", "lost: too many gates open",
                "lost: Arkham is doomed", "lost: the agreed round limit", "lost: no investigator left")

# ----- limits -----------------------------------------------------------------------------------------
MAX_POSS = const(7)
MAX_LOG = const(30000)
MAX_EV = const(512)            # event ints per step (4 each), at least; more on a board with more monsters
MAX_ACTIONS = const(264)

# ----- house rules (bits of State.house) ---------------------------------------------------------
HR_SEED_GATE_LIMITS = const(1)   # the seed's literal limits: 1-3 investigators 8 gates, 3-4... 7
HR_NO_EVENT_ON_STAY = const(2)   # only entering a city location gives its event, not staying there
HR_SANITY_CHECK_MAX = const(4)   # a sanity check rolls against the printed (maximum) sanity
HR_DEFEAT_AT_ROUND_END = const(8)  # the gate-limit and doom defeats are checked at the round's end
HR_ELDER_SIGN_CARD = const(16)     # sealing takes an Elder Sign card besides the 2 sanity
HR_STEALTH_FAIL_STRIKES = const(32)  # a failed stealth roll: the monster strikes for D6, no fight
OPT_TABLE_DRAWS = const(128)      # not a house rule: every draw is entered as the table drew it
HOUSE_RULES = ("seed_gate_limits", "no_event_on_stay", "sanity_check_max", "defeat_at_round_end",
               "elder_sign_card", "stealth_fail_strikes")

# ----- events (records of 4 ints: code, a, b, c) --------------------------------------------------
EV_ROUND = const(1)        # round
EV_TURN = const(2)         # seat
EV_PICK = const(3)         # seat, investigator, start space
EV_ROLL = const(4)         # chance step, value
EV_MOVE = const(5)         # seat, space
EV_TAXI = const(6)         # seat, space, paid (0 free)
EV_EVENT = const(7)        # seat, place, roll
EV_MONEY = const(8)        # seat, delta + 128, now
EV_SANITY = const(9)       # seat, delta + 128, now
EV_STRENGTH = const(10)    # seat, delta + 128, now
EV_CARD = const(11)        # seat, item kind (gained)
EV_NO_CARD = const(12)     # seat (the deck had none)
EV_MONSTER = const(13)     # monster, space (AT_OW: in an Other World)
EV_GATE_OPENS = const(14)  # space, doom
EV_GATE_MONSTER = const(15)  # space (a second gate: a monster instead)
EV_SEALED_SPACE = const(16)  # space (an Elder Sign: nothing appears)
EV_THROUGH = const(17)     # seat, world, space
EV_OW_STAGE = const(18)    # seat, world, stage
EV_RETURN = const(19)      # seat, space
EV_STEALTH = const(20)     # seat, ok
EV_SANCHECK = const(21)    # seat, monster, loss
EV_ATTACK = const(22)      # seat, monster, total
EV_TROPHY = const(23)      # seat, monster
EV_HIT = const(24)         # seat, monster, strength lost
EV_ASYLUM = const(25)      # seat
EV_HOSPITAL = const(26)    # seat
EV_LOST = const(27)        # seat, investigator
EV_DISCARD = const(28)     # seat, item kind
EV_CLOSE_TRY = const(29)   # seat, space, total
EV_CLOSED = const(30)      # seat, space, sealed
EV_TO_POOL = const(31)     # monster (sent back to the pool)
EV_MONSTER_MOVES = const(32)  # monster, from, to
EV_ATTACKS = const(33)     # monster, seat
EV_HOUND_LEAVES = const(34)  # monster
EV_RESULT = const(35)      # result
EV_HONOUR = const(36)      # seat (Honoured Citizen)
EV_BIND = const(37)        # seat, monster
EV_BUY = const(38)         # seat, item kind, price
EV_TEST = const(39)        # seat, skill, ok
EV_NO_MONSTER = const(40)  # space (the pool is empty)
EV_PASSED = const(41)      # seat (refused the Sheldon Gang, or bought nothing)
EV_ORIENT = const(42)      # monster, space faced
EV_MODE = const(43)        # seat, mode
EV_SPEND = const(44)       # seat, sanity spent on spells
EV_NO_GATE = const(45)     # (the gate table names no location)
EV_MYTHOS = const(46)      # round
EV_WATCHER = const(47)     # seat (the Blue Watcher goes back to its deck)
EV_STAY = const(48)        # seat
EV_NO_RETURN = const(49)   # seat, world (no gate leads back)
EV_GATE_REVEAL = const(50)  # space, world (a face-down gate is turned up)
EV_OUT = const(51)         # seat (no investigator left to pick)
EV_LOSES_TURN = const(53)  # seat (the turn is lost)
EV_RETAINER = const(54)    # seat, dollars a turn (0: ended)
EV_GIVE = const(55)        # seat, to seat, item kind (NONE: $1)
EV_SELL = const(56)        # seat, item kind, price
EV_PAY = const(57)         # seat, cost kind, amount
EV_DAGON = const(58)       # seat, world (a gate trophy given to the Esoteric Order of Dagon)
EV_BID = const(59)         # seat, bid (0: drops out)
EV_AUCTION = const(60)     # seat (NONE: no bidder), item kind, price
EV_JAIL = const(61)        # seat, space
EV_CARRIED = const(62)     # seat, monster, space (through the gate there)
EV_WORLD_SHIFT = const(63)  # seat, world
EV_SPLIT = const(64)       # seat, sanity, strength
EV_CHARITY = const(65)     # seat, now
EV_DRAWN = const(66)       # draw kind, the kind drawn (table mode)
EV_SHOWN = const(67)       # item kind (the shop's or the auction's card, turned up)
EV_FOE_STRENGTH = const(68)  # monster, its strength this attack (printed N+D6: N and the roll)
EV_CHOSE = const(69)       # seat, list (0 the first, 1 the second)
EV_BET = const(70)         # seat, stake, won
EV_CAST = const(71)        # seat, item kind, ok
EV_BANISH = const(72)      # seat, monster, item kind
EV_BOOST = const(73)       # seat, skill, mod + 128 (until the end of its next turn)
EV_STREET = const(74)      # seat, space (put out on the street)
EV_SERVICE = const(75)     # seat, place
EV_USE = const(76)         # seat, item kind
EV_STAYS = const(77)       # seat, turns (it stays where it is)
EV_MOVE_MOD = const(78)    # seat, mod + 128 (its next movement roll)
EV_TRIP = const(79)        # seat, world, space it comes back to
EV_AUCTION_CARD = const(80)  # item kind (an auction card: it goes under the deck, the next card is auctioned)
