"""Arkham Horror (1987) on the handheld: a companion for the physical game (issue 16, point 4).

The board, the cards and the dice stay on the table. The device keeps the round, whose turn it is and
which part of the phase (the investigator phase's four parts for each player in turn, then the mythos
phase's three parts, each with its prompt), the gates open against the player-count limit (8 with 1-2
investigators, 7 with 3-4, 6 with 5 or more; the seed's literal 1-3/3-4 reading as an option), the
doom track (every gate ever opened), the gates each player closed (for the Honoured Citizen), and it
calls victory (no gate open at the end of a round from the second on) and defeat.

The board's data leads: the player range, the gate limit for each player count and the doom track
come from the loaded board's rules.tsv, and the odds screens name its monsters (monsters.tsv: choose
one and its strength, immunity and SAN a/b fill in, or "any monster" to set them by hand), read by
kernel/arkham/tables.py (not the whole board: a Pico's heap). The board is the folder `arkham_board`
beside the save when there is one (an owner's own board, copied to the device), else the
demonstration board.

Each investigator's sheet (Fight, Stealth, sanity and strength, the bonus of physical weapons and of
magical items and spells) is entered once; at a button press the Odds screen answers, exactly (the
kernel's kernel/arkham/odds.py), a fight against a monster (strength, immunity, within k exchanges or
to the end: hit, win, knocked out, expected strength lost), a stealth check, a sanity check (SAN a/b:
pass, madness) or a gate closing (difficulty, within k rounds).

The screens are modescreen.py's: one key handler and one composer per screen (the tables ON and
SHOW), its notes, lists, number fields, end screen and undo. Button handling and drawing allocate
nothing: the screen is composed into one bytearray of 8 rows of 16 characters (textscreen.py) from
bytes constants and small ints. Working out odds (long ints) and saving allocate. The state is one
bytearray, saved after each entry with the state before it (store.py, power-cut safe, a
Fletcher-16); Undo steps back one entry, after a reset too.

LED rule: red on with one gate or doom space short of defeat, blinking at the last; yellow on in the
mythos phase, blinking on its prompts; green blinks after a victory, red after a defeat.
"""

import buttons as btn
import leds as ledmod
import store
from textscreen import COLS, digits
from modescreen import ModeScreen, moved
from kernel.binio import fletcher16
from kernel.arkham import odds
from kernel.arkham.tables import BoardTables

A_SETUP, A_SHEET, A_TRACK, A_PROMPT, A_ODDS, A_PARAM, A_LEVELS, A_END, A_NOTE = range(9)

# the state bytearray
S_PLAYERS = 0
S_DOOM_LEN = 1
S_FLAGS = 2          # bit 0: the seed's literal gate limits
S_ROUND = 3          # round, 1..255
S_SEAT = 4
S_PHASE = 5          # 0 investigators, 1 mythos, 2 won, 3 lost (gates), 4 lost (doom)
S_PART = 6           # 1..4 (investigators), 1..3 (mythos)
S_GATES = 7          # open now
S_DOOM = 8
S_SEALED = 9
S_SHEETS = 10
SHEET = 9            # fight, stealth, max sanity, sanity, max strength, strength, physical, magical, closed
F_FIGHT, F_STEALTH, F_MAXSAN, F_SAN, F_MAXSTA, F_STA, F_PHYS, F_MAGIC, F_CLOSED = range(9)
STATE = S_SHEETS + 8 * SHEET
MAGIC = b"AK"
VERSION = 1

SHEET_NAMES = (b"Fight", b"Stealth", b"Sanity", b"Strength", b"Weapons +", b"Magic +")
SHEET_FIELD = (F_FIGHT, F_STEALTH, F_MAXSAN, F_MAXSTA, F_PHYS, F_MAGIC)
SHEET_LOW = (0, 0, 1, 1, 0, 0)
SHEET_TOP = (9, 9, 20, 20, 20, 20)
SHEET_DEFAULT = (2, 2, 5, 5, 0, 0)
SHEET_FORM = (SHEET_NAMES, SHEET_FIELD, SHEET_LOW, SHEET_TOP, 1, 0)     # the sheet from row 1 (modescreen.fields)

INV_PARTS = (b"1 Movement", b"2 Events", b"3 Monsters", b"4 Fight/gate")
MYTHOS_PARTS = (b"1 Gates", b"2 Move", b"3 Attack")
MENU = (b"Next part", b"Gate opened", b"Gate closed", b"Gate sealed", b"Odds", b"Sanity/strength",
        b"Sheet", b"Undo", b"Main menu")
M_NEXT, M_OPENED, M_CLOSED, M_SEALED, M_ODDS, M_LEVELS, M_SHEET, M_UNDO, M_MAIN = range(9)

PROMPTS = (      # pages (textscreen.put_page): rows separated by newlines
    b"MYTHOS 1: GATES\nRoll 2D6 on the\nGate Opening\ntable. A gate:\nGate opened, and\na monster. Gate\n"
    b"there: a monster\nElder Sign: none",
    b"MYTHOS 2: MOVE\nNearest monster\nfirst. L/R turn\nat crossings;\nflyers to the\nnearest (Fight,\n"
    b"then a coin).\nNot into places",
    b"MYTHOS 3: FIGHT\nOn investigators\nit attacks: the\nhighest Fight\nfirst. Sanity\ncheck, then D6+\n"
    b"Fight+items. A\nhound hurts once",
)
ODDS_KINDS = (b"Fight a monster", b"Stealth", b"Sanity check", b"Close a gate")
K_FIGHT, K_STEALTH, K_SANITY, K_CLOSE = range(4)
IMMUNE_NAMES = (b"none", b"physical", b"magical", b"both")
NOTE_NO_GATE = b"\nNo gate is open\n\n\n\n\n\nA:ok"
DICE = (b"", b"D6", b"2D6")                      # a printed value's dice: 14+D6, SAN D6+1
DICE_PLUS = (b"", b"+D6", b"+2D6")


def gate_limit(tables, players, flags):
    """The board's gate limit for the player count (the seed's literal text "1-3 investigators: 8"
    gives 3 players the limit of one)."""
    if players == 3 and flags & 1 and tables.min_players <= 1:
        return tables.gate_limit[1]
    return tables.gate_limit[players]


def board_folder(save_path):
    """The owner's board beside the save (`arkham_board/`), or None (the demonstration board)."""
    import os
    cut = max(save_path.rfind("/"), save_path.rfind("\\"))
    folder = save_path[:cut + 1] + "arkham_board"
    try:
        os.stat(folder + "/rules.tsv")
    except OSError:
        return None
    return folder


SAVE = 4 + 2 * STATE + 2     # magic, version, has_prev, state, the state before the last entry, checksum


def _sane(st):
    return 1 <= st[S_PLAYERS] <= 8 and st[S_SEAT] < st[S_PLAYERS] and st[S_PHASE] <= 4 and \
        1 <= st[S_PART] <= 4 and st[S_DOOM_LEN] >= 1


def decode(blob):
    """(state, previous state or None) of a save; ValueError when it is not one (store.load tries the
    next file)."""
    if len(blob) != SAVE or blob[0:2] != MAGIC or blob[2] != VERSION:
        raise ValueError("not an Arkham companion save")
    if fletcher16(blob, len(blob) - 2) != (blob[-2] << 8) | blob[-1]:
        raise ValueError("checksum")
    st = bytearray(blob[4:4 + STATE])
    prev = bytearray(blob[4 + STATE:4 + 2 * STATE]) if blob[3] else None
    if not _sane(st) or (prev is not None and not _sane(prev)):
        raise ValueError("out of range")
    return st, prev


class ArkhamMode(ModeScreen):
    """The Arkham companion's screens. `handle(button, kind)` returns True to leave for the main menu."""

    NOTE = A_NOTE
    HOME = A_TRACK
    NO_SAVE = "no readable Arkham companion save"
    decode = staticmethod(decode)

    def __init__(self, leds, save_path, board=None):
        self.leds = leds
        self.save_path = save_path
        self.tables = BoardTables(board or board_folder(save_path))
        super().__init__()
        self.st = bytearray(STATE)
        self.prev = bytearray(STATE)
        self.has_prev = False
        self.blob = bytearray(SAVE)
        self.screen = A_SETUP
        self.field = 0
        self.menu = 0
        self.sheet_seat = 0
        self.sheet_back = A_TRACK
        self.back = A_TRACK
        self.note = NOTE_NO_GATE
        self.kind = 0
        self.param = 0
        # odds parameters and results (small ints: hundredths of a percent, hundredths of a point)
        self.monster = self.tables.nkinds     # a monster kind of the board, nkinds: any (by hand)
        self.strength = 4
        self.immune = 0
        self.rounds = 0
        self.san_pass = 1
        self.san_fail = 2
        self.dice = bytearray(3)              # printed dice: strength N+D6, SAN a/b's two sides (2/D6+1)
        self.difficulty = 6
        self.attempts = 1
        self.res = bytearray(8)
        self.res_n = 0
        self.r0 = 0
        self.r1 = 0
        self.r2 = 0
        self.r3 = 0
        self.has_save = store.load(save_path, decode) is not None
        self.defaults()

    # ----- state ---------------------------------------------------------------------------------

    def defaults(self):
        st = self.st
        for i in range(STATE):
            st[i] = 0
        t = self.tables
        st[S_PLAYERS] = 2 if t.min_players <= 2 <= t.max_players else t.min_players
        st[S_DOOM_LEN] = t.doom_length
        st[S_ROUND] = 1
        st[S_PART] = 1
        for seat in range(8):
            self.sheet_defaults(seat)

    def sheet_defaults(self, seat):
        base = S_SHEETS + seat * SHEET
        for k in range(6):
            self.st[base + SHEET_FIELD[k]] = SHEET_DEFAULT[k]
        self.st[base + F_SAN] = self.st[base + F_MAXSAN]
        self.st[base + F_STA] = self.st[base + F_MAXSTA]
        self.st[base + F_CLOSED] = 0

    def field_of(self, seat, f):
        return self.st[S_SHEETS + seat * SHEET + f]

    def limit(self):
        return gate_limit(self.tables, self.st[S_PLAYERS], self.st[S_FLAGS])

    def over(self):
        return self.st[S_PHASE] >= 2

    def remember(self):
        """Keep the state before an entry (Undo goes back to it)."""
        self.prev[:] = self.st
        self.has_prev = True

    def encode(self):
        b = self.blob
        b[0] = MAGIC[0]
        b[1] = MAGIC[1]
        b[2] = VERSION
        b[3] = 1 if self.has_prev else 0
        b[4:4 + STATE] = self.st
        b[4 + STATE:4 + 2 * STATE] = self.prev
        c = fletcher16(b, SAVE - 2)
        b[SAVE - 2] = c >> 8
        b[SAVE - 1] = c & 255
        return b

    # ----- the app's entry points (resume(): modescreen's, with restore) ------------------------------

    def new_game(self):
        self.defaults()
        self.has_prev = False
        self.field = 0
        self.screen = A_SETUP
        self.compose()

    def restore(self, got):
        self.st[:] = got[0]
        self.has_prev = got[1] is not None
        if self.has_prev:
            self.prev[:] = got[1]
        self.menu = 0
        self.screen = A_END if self.over() else A_TRACK
        return None

    # ----- entries (each saved) -----------------------------------------------------------------------

    def next_part(self):
        st = self.st
        self.remember()
        if st[S_PHASE] == 0:
            if st[S_PART] < 4:
                st[S_PART] += 1
            elif st[S_SEAT] < st[S_PLAYERS] - 1:
                st[S_SEAT] += 1
                st[S_PART] = 1
            else:
                st[S_PHASE] = 1
                st[S_PART] = 1
                self.show_prompt()
        elif st[S_PART] < 3:
            st[S_PART] += 1
            self.show_prompt()
        else:
            # the round ends: victory when no gate is open, from the second round on
            if st[S_ROUND] >= 2 and st[S_GATES] == 0:
                st[S_PHASE] = 2
                self.screen = A_END
            else:
                if st[S_ROUND] < 255:
                    st[S_ROUND] += 1
                st[S_PHASE] = 0
                st[S_SEAT] = 0
                st[S_PART] = 1
        self.save()

    def show_prompt(self):
        self.back = A_TRACK
        self.screen = A_PROMPT

    def gate_opened(self):
        st = self.st
        self.remember()
        st[S_GATES] += 1
        if st[S_DOOM] < 255:
            st[S_DOOM] += 1
        if st[S_GATES] >= self.limit():
            st[S_PHASE] = 3
            self.screen = A_END
        elif st[S_DOOM] >= st[S_DOOM_LEN]:
            st[S_PHASE] = 4
            self.screen = A_END
        self.save()

    def gate_closed(self, sealed):
        st = self.st
        if st[S_GATES] == 0:
            self.show_note(NOTE_NO_GATE, A_TRACK)
            return
        self.remember()
        st[S_GATES] -= 1
        base = S_SHEETS + st[S_SEAT] * SHEET
        st[base + F_CLOSED] += 1
        if sealed:
            st[S_SEALED] += 1
        self.save()

    def step_back(self):
        if not self.has_prev:
            return -1
        self.st[:] = self.prev
        self.has_prev = False
        return A_TRACK

    def honoured(self, seat):
        """The most gates closed (ties share the title: the device does not count trophies)."""
        mine = self.field_of(seat, F_CLOSED)
        for s in range(self.st[S_PLAYERS]):
            if self.field_of(s, F_CLOSED) > mine:
                return False
        return True

    # ----- odds (kernel calls: these allocate) -----------------------------------------------------------

    def work_out(self):
        """The answer for the odds screen, as small ints r0..r3 (hundredths of a percent or of a point)."""
        seat = self.st[S_SEAT]
        fight = self.field_of(seat, F_FIGHT)
        k = self.kind
        if k == K_FIGHT:
            bonus = odds.attack_bonus(fight, self.field_of(seat, F_PHYS), self.field_of(seat, F_MAGIC), self.immune)
            sta = self.field_of(seat, F_STA)
            win, ko, und, lost, den = odds.fight(bonus, self.strength, sta if sta else 1, self.rounds, False,
                                                 self.dice[0])
            num, hden = odds.hit_chance(bonus, self.strength, self.dice[0])
            self.r0 = odds.percent100(num, hden)
            self.r1 = odds.percent100(win, den)
            self.r2 = odds.percent100(ko, den)
            self.r3 = odds.percent100(lost, den) // 100
        elif k == K_STEALTH:
            num, den = odds.stealth(self.field_of(seat, F_STEALTH))
            self.r0 = odds.percent100(num, den)
        elif k == K_SANITY:
            san = self.field_of(seat, F_SAN)
            ok, mad, lost, den = odds.sanity_check(san, self.san_pass, self.san_fail, san if san else 1,
                                                   self.dice[1], self.dice[2])
            self.r0 = odds.percent100(ok, den)
            self.r1 = odds.percent100(mad, den)
            self.r3 = odds.percent100(lost, den) // 100
        else:
            bonus = fight + self.field_of(seat, F_PHYS) + self.field_of(seat, F_MAGIC)
            num, den = odds.close_gate(bonus, self.difficulty, 1)
            self.r0 = odds.percent100(num, den)
            num, den = odds.close_gate(bonus, self.difficulty, self.attempts)
            self.r1 = odds.percent100(num, den)

    def params(self):
        """How many parameters the chosen roll has (a fight and a sanity check begin with the monster)."""
        k = self.kind
        return 4 if k == K_FIGHT else (0 if k == K_STEALTH else (3 if k == K_SANITY else 2))

    def choose_monster(self, step):
        """The next (or previous) monster kind of the board; its figures fill in."""
        t = self.tables
        self.monster = (self.monster + step) % (t.nkinds + 1)
        k = self.monster
        if k < t.nkinds:
            self.strength = t.strength[k]
            self.immune = t.immune[k]
            self.san_pass = t.san_pass[k]
            self.san_fail = t.san_fail[k]
            d = self.dice
            d[0] = t.str_dice[k]
            d[1] = t.pass_dice[k]
            d[2] = t.fail_dice[k]

    def change_param(self, step):
        k = self.kind
        p = self.param
        if p == 0 and (k == K_FIGHT or k == K_SANITY):
            self.choose_monster(step)
        elif k == K_FIGHT:
            self.monster = self.tables.nkinds              # changed by hand: any monster
            if p == 1:
                self.strength = min(40, max(1, self.strength + step))
                self.dice[0] = 0
            elif p == 2:
                self.immune = (self.immune + step) % 4
            else:
                self.rounds = min(9, max(0, self.rounds + step))
        elif k == K_SANITY:
            self.monster = self.tables.nkinds
            if p == 1:
                self.san_pass = min(9, max(0, self.san_pass + step))
                self.dice[1] = 0
            else:
                self.san_fail = min(9, max(0, self.san_fail + step))
                self.dice[2] = 0
        elif k == K_CLOSE:
            if p == 0:
                self.difficulty = min(20, max(1, self.difficulty + step))
            else:
                self.attempts = min(9, max(1, self.attempts + step))

    # ----- buttons (ON: one handler per screen) -------------------------------------------------------

    def _setup(self, b):
        st = self.st
        self.field = moved(b, self.field, 3)
        if b == btn.RIGHT or b == btn.LEFT:
            step = 1 if b == btn.RIGHT else -1
            if self.field == 0:
                t = self.tables
                span = t.max_players - t.min_players + 1
                st[S_PLAYERS] = (st[S_PLAYERS] - t.min_players + step) % span + t.min_players
            elif self.field == 1:
                st[S_DOOM_LEN] = min(99, max(1, st[S_DOOM_LEN] + step))
            else:
                st[S_FLAGS] ^= 1
        elif b == btn.A:
            self.sheet_seat = 0
            self.field = 0
            self.sheet_back = A_SETUP
            self.screen = A_SHEET
        elif b == btn.B:
            return True
        return False

    def _sheet(self, b):
        st = self.st
        base = S_SHEETS + self.sheet_seat * SHEET
        if self.edit_field(b, SHEET_FORM, st, base):
            return
        if b == btn.A:
            st[base + F_SAN] = st[base + F_MAXSAN]
            st[base + F_STA] = st[base + F_MAXSTA]
            if self.sheet_back == A_SETUP and self.sheet_seat < st[S_PLAYERS] - 1:
                self.sheet_seat += 1
                self.field = 0
                return
            self.field = 0
            self.menu = 0
            self.screen = A_TRACK
            self.save()
        elif b == btn.B:
            if self.sheet_back == A_SETUP and self.sheet_seat > 0:
                self.sheet_seat -= 1
            else:
                self.field = 0
                self.screen = self.sheet_back

    def _track(self, b):
        self.menu = moved(b, self.menu, len(MENU))
        if b == btn.B:
            return True
        if b == btn.A:
            m = self.menu
            if m == M_NEXT:
                self.next_part()
            elif m == M_OPENED:
                self.gate_opened()
            elif m == M_CLOSED or m == M_SEALED:
                self.gate_closed(m == M_SEALED)
            elif m == M_ODDS:
                self.kind = 0
                self.screen = A_ODDS
            elif m == M_LEVELS:
                self.field = 0
                self.screen = A_LEVELS
            elif m == M_SHEET:
                self.sheet_seat = self.st[S_SEAT]
                self.field = 0
                self.sheet_back = A_TRACK
                self.screen = A_SHEET
            elif m == M_UNDO:
                self.undo()
            else:
                return True
        return False

    def _odds(self, b):
        self.kind = moved(b, self.kind, len(ODDS_KINDS))
        if b == btn.A:
            self.param = 0
            self.work_out()
            self.screen = A_PARAM
        elif b == btn.B:
            self.screen = A_TRACK

    def _param(self, b):
        n = self.params()
        self.param = moved(b, self.param, n)
        if (b == btn.RIGHT or b == btn.LEFT) and n:
            self.change_param(1 if b == btn.RIGHT else -1)
            self.work_out()
        elif b == btn.B or b == btn.A:
            self.screen = A_ODDS

    def _levels(self, b):
        st = self.st
        base = S_SHEETS + st[S_SEAT] * SHEET
        i = base + (F_SAN if self.field == 0 else F_STA)
        top = st[base + (F_MAXSAN if self.field == 0 else F_MAXSTA)]
        if b == btn.UP or b == btn.DOWN:
            self.field = 1 - self.field
        elif b == btn.RIGHT and st[i] < top:
            self.remember()
            st[i] += 1
            self.save()
        elif b == btn.LEFT and st[i] > 0:
            self.remember()
            st[i] -= 1
            self.save()
        elif b == btn.A or b == btn.B:
            self.screen = A_TRACK

    # ----- composing (SHOW: one composer per screen; no allocation) -------------------------------------

    def compose_setup(self):
        st = self.st
        self.put(0, 0, b"Arkham Horror")
        self.put(2, 0, b"Players")
        self.num(2, 14, st[S_PLAYERS])
        self.put(3, 0, b"Doom track")
        self.num(3, COLS - digits(st[S_DOOM_LEN]), st[S_DOOM_LEN])
        self.put(4, 0, b"Seed limits")
        self.put(4, 13, b"yes" if st[S_FLAGS] & 1 else b" no")
        self.put(5, 0, b"gate limit")
        self.num(5, 14, self.limit())
        self.inv = 2 + self.field
        if self.has_save:
            self.put(6, 0, b"(replaces save)")
        self.put(7, 0, b"A:next B:back")

    def compose_sheet(self):
        seat = self.sheet_seat
        col = self.put(0, 0, b"Player ")
        col = self.num(0, col, seat + 1)
        self.put(0, col, b" sheet")
        self.fields(SHEET_FORM, self.st, S_SHEETS + seat * SHEET)
        self.put(7, 0, b"lt/rt A:ok")

    def compose_track(self):
        st = self.st
        col = self.put(0, 0, b"Round ")
        self.num(0, col, st[S_ROUND])
        self.put(0, 11, b"P")
        self.frac(0, 12, st[S_SEAT] + 1, st[S_PLAYERS])
        if st[S_PHASE] == 0:
            self.put(1, 0, b"Inv ")
            self.put(1, 4, INV_PARTS[st[S_PART] - 1])
        else:
            self.put(1, 0, b"Myth ")
            self.put(1, 5, MYTHOS_PARTS[st[S_PART] - 1])
        self.put(2, 0, b"Gates")
        self.frac(2, 6, st[S_GATES], self.limit())
        self.put(2, 11, b"D")
        self.frac(2, 12, st[S_DOOM], st[S_DOOM_LEN])
        self.list_rows(3 << 8 | 0 << 4 | 5, MENU, self.menu)

    def compose_prompt(self):
        self.put_page(PROMPTS[self.st[S_PART] - 1])

    def compose_odds(self):
        col = self.put(0, 0, b"Odds for P")
        self.num(0, col, self.st[S_SEAT] + 1)
        self.list_rows(1 << 8 | 1 << 4 | 4, ODDS_KINDS, self.kind)
        self.put(7, 0, b"A:choose B:back")

    def monster_name(self):
        t = self.tables
        return t.names[self.monster] if self.monster < t.nkinds else b"any monster"

    def loss_value(self, row, base, dice):
        """A sanity loss at the row's end: 3, or D6+1 (dice printed)."""
        if not dice:
            self.num(row, 14, base)
            return
        col = self.put(row, 12 - dice // 2 - (1 if base else -1), DICE[dice])
        if base:
            self.num(row, self.put(row, col, b"+"), base)

    def compose_param(self):
        k = self.kind
        self.put(0, 0, ODDS_KINDS[k])
        if k == K_FIGHT:
            self.put(1, 0, self.monster_name())
            self.put(2, 0, b"strength")
            if self.dice[0]:
                self.put(2, self.num(2, 11, self.strength), DICE_PLUS[self.dice[0]])
            else:
                self.num(2, 14, self.strength)
            self.put(3, 0, b"immune")
            self.put(3, 8, IMMUNE_NAMES[self.immune])
            self.put(4, 0, b"rounds")
            if self.rounds:
                self.num(4, 14, self.rounds)
            else:
                self.put(4, 13, b"end")
            self.put(5, 0, b"hit")
            self.hundredths(5, 8, self.r0, True)
            self.put(6, 0, b"win")
            self.hundredths(6, 8, self.r1, True)
            col = self.put(7, 0, b"KO ")
            col = self.hundredths(7, col, self.r2, True)
            col = self.put(7, col, b" -")
            self.hundredths(7, col, self.r3, False)
            self.inv = 1 + self.param
            return
        elif k == K_STEALTH:
            self.put(1, 0, b"stealth")
            self.num(1, 14, self.field_of(self.st[S_SEAT], F_STEALTH))
            self.put(4, 0, b"pass")
            self.hundredths(4, 8, self.r0, True)
            self.put(5, 0, b"(never a hound)")
        elif k == K_SANITY:
            self.put(1, 0, self.monster_name())
            self.put(2, 0, b"SAN pass loss")
            self.loss_value(2, self.san_pass, self.dice[1])
            self.put(3, 0, b"SAN fail loss")
            self.loss_value(3, self.san_fail, self.dice[2])
            self.put(4, 0, b"pass")
            self.hundredths(4, 8, self.r0, True)
            self.put(5, 0, b"mad")
            self.hundredths(5, 8, self.r1, True)
            self.put(6, 0, b"lose")
            self.hundredths(6, 8, self.r3, False)
        else:
            self.put(1, 0, b"difficulty")
            self.num(1, 14, self.difficulty)
            self.put(2, 0, b"rounds")
            self.num(2, 14, self.attempts)
            self.put(4, 0, b"1 try")
            self.hundredths(4, 8, self.r0, True)
            self.put(5, 0, b"in time")
            self.hundredths(5, 8, self.r1, True)
        if self.params():
            self.inv = 1 + self.param
        self.put(7, 0, b"lt/rt B:back")

    def compose_levels(self):
        st = self.st
        seat = st[S_SEAT]
        col = self.put(0, 0, b"Player ")
        self.num(0, col, seat + 1)
        self.put(2, 0, b"Sanity")
        self.frac(2, 10, self.field_of(seat, F_SAN), self.field_of(seat, F_MAXSAN))
        self.put(3, 0, b"Strength")
        self.frac(3, 10, self.field_of(seat, F_STA), self.field_of(seat, F_MAXSTA))
        self.inv = 2 + self.field
        self.put(5, 0, b"0 sanity: Asylum")
        self.put(6, 0, b"0 str.: Hospital")
        self.put(7, 0, b"lt/rt A:ok")

    def compose_end(self):
        st = self.st
        self.put(0, 0, b"GAME OVER")
        ph = st[S_PHASE]
        self.put(1, 0, b"Investigators" if ph == 2 else b"Defeat:")
        self.put(2, 0, b"win!" if ph == 2 else (b"too many gates" if ph == 3 else b"Arkham is doomed"))
        self.put(3, 0, b"Honoured: most")
        self.put(4, 0, b"gates closed:")
        col = 0
        for seat in range(st[S_PLAYERS]):
            if self.honoured(seat):
                col = self.put(5, col, b"P")
                col = self.num(5, col, seat + 1)
                col += 1
        self.put(6, 0, b"B:undo")
        self.put(7, 0, b"A:menu (ends it)")

    def show_leds(self):
        leds = self.leds
        leds.all(ledmod.OFF)
        s = self.screen
        if s == A_SETUP or s == A_SHEET:
            return
        st = self.st
        ph = st[S_PHASE]
        if ph >= 2:
            leds.set(ledmod.GREEN if ph == 2 else ledmod.RED, ledmod.BLINK)
            return
        gates_left = self.limit() - st[S_GATES]
        doom_left = st[S_DOOM_LEN] - st[S_DOOM]
        left = gates_left if gates_left < doom_left else doom_left
        if left <= 1:
            leds.set(ledmod.RED, ledmod.BLINK)
        elif left == 2:
            leds.set(ledmod.RED, ledmod.ON)
        if s == A_PROMPT:
            leds.set(ledmod.YELLOW, ledmod.BLINK)
        elif ph == 1:
            leds.set(ledmod.YELLOW, ledmod.ON)

    # the screens, in the order of A_SETUP ... A_NOTE
    ON = (_setup, _sheet, _track, ModeScreen.on_back, _odds, _param, _levels, ModeScreen.on_end,
          ModeScreen.on_back)
    SHOW = (compose_setup, compose_sheet, compose_track, compose_prompt, compose_odds, compose_param,
            compose_levels, compose_end, ModeScreen.compose_note)
