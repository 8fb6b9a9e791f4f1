"""Companion mode: the handheld beside a physical Elder Sign game (issue 5, point 3).

The players keep the real cards on the table; the device tracks the clock, the doom track, the elder
signs, each investigator's sanity, stamina, clues and trophies, the adventures in play with their
monsters, and the locked dice, through the kernel's companion API (kernel/eldersign/game/companion.py).
What happened on the table is entered as entries: an effect printed on a physical card as primitives
of the effect vocabulary, an adventure revealed into a slot, an adventure won (its trophy, then its
reward) or failed (its penalty), the clock advanced 3 hours (a midnight prompt at XII), the next player.

Each entry is saved at once (store.py, power-cut safe) as the list of entries (compsave.py); after a
reset the game resumes by entering the same entries again on a fresh companion game. Undo drops the
last entry the same way.

The screens are modescreen.py's: one key handler and one composer per screen (the tables ON and
SHOW), its notes, lists, number fields, end screen, undo and resume. Button handling and drawing
allocate nothing: a screen is composed into one bytearray of 8 rows of 16 characters
(textscreen.py) from bytes constants and small ints, and drawn glyph by glyph. Entries (the kernel
call and the save), loading and undo allocate.

The device reads the game only through the kernel's `status` (a bytearray of counts, refreshed after
each entry, read by `compose_*`, `digest` and `show_leds`); whose turn it is, the turn, midnight
(mythos locks freed, nothing drawn), a completed adventure, a freed die and a devoured
investigator's replacement are kernel calls (kernel/eldersign/game/companion.py).

LED rule (`led_rule`):
  green   elder signs: on from half of the Ancient One's number, blinking when one short;
  red     doom: on when 3 or fewer tokens are left before the awakening, blinking when 1 is left,
          and blinking through the final battle;
  yellow  the clock: on at IX (the next advance strikes midnight), blinking on the midnight prompt;
  game over: green blinks alone after a win, red alone after a loss.
"""

import gc
from array import array

import buttons as btn
import leds as ledmod
import store
import compsave
from textscreen import COLS, digits, quick
from modescreen import ModeScreen, NOTE_NOTHING, moved, list_top
from kernel.errors import KernelError
from kernel.eldersign.game.data import GameData
from kernel.eldersign.game.companion import (new_companion, restart, enter_effect, put_adventure, complete_adventure,
                                             clock_step, next_player, free_die, replace_investigator,
                                             pending, options, answer, option_label, ao_attack,
                                             midnight_effects, slot_count, LEAN_OPTIONS, Q_CHOOSE,
                                             status, new_status, ST_CLOCK, ST_DOOM, ST_DOOM_TOP, ST_ELDER,
                                             ST_ELDER_NEED, ST_SEAT, ST_FIRST_ROUND, ST_BATTLE, ST_RESULT,
                                             ST_FREE, ST_MONSTERS, ST_TURN, ST_LOCKED, ST_POOL, ST_SEATS, SEAT_BYTES, SS_INV,
                                             SS_SAN, SS_MAXSAN, SS_STA, SS_MAXSTA, SS_CLUES, SS_TROPHIES,
                                             SS_STATE, ST_SLOTS, SLOT_BYTES, SL_ON, SL_CARD, SL_MONSTERS)

TYPE_CHECKING = False                 # mypy reads `if TYPE_CHECKING:` as true (by its name); the board never
if TYPE_CHECKING:                     # (a failed import on the board searches its filesystem: 1.8 M instructions)
    from typing import Any

NONE = 255                      # the kernel's "no investigator" in seat_inv

C_SETUP, C_INV, C_TURN, C_EFFECT, C_SLOT, C_CARD, C_BOARD, C_MIDNIGHT, C_END, C_NOTE, C_DIE, C_ASK = range(12)

# entries: kind, then three bytes (see _do)
K_EFFECT = 1        # primitive, amount + 128, seat
K_REVEAL = 2        # slot, adventure index high, low
K_WON = 3           # slot, 0, seat
K_NEXT = 4          # -
K_CLOCK = 5         # - (the turn's clock phase; saves before it used K_EFFECT clock+1, the same)
K_FREE = 6          # colour
K_REPLACE = 7       # seat
K_ANSWER = 8        # the answer's index among the kernel's options (a question the entries asked)
K_ATTACK = 9        # - (the Ancient One attacks: its card's attack, each investigator choosing)
K_MIDFX = 10        # - (the at-midnight effects of the adventures in play)

# the effect primitives: label, vocabulary name, lowest, highest amount, mode (0 plain, 1 each(...),
# 2 set =). Saves store the index: append new ones, never reorder. PICK is the picker's order.
PRIMS = (
    (b"sanity", "sanity", -5, 5, 0),
    (b"stamina", "stamina", -5, 5, 0),
    (b"clues", "clue", -5, 5, 0),
    (b"trophy", "trophies", -9, 9, 0),
    (b"doom", "doom", -5, 5, 0),
    (b"elder sign", "elder_sign", -3, 3, 0),
    (b"monster", "monster", 1, 3, 0),
    (b"lock green", "lock_green", 1, 1, 0),
    (b"lock yellow", "lock_yellow", 1, 1, 0),
    (b"lock red", "lock_red", 1, 1, 0),
    (b"all sanity", "sanity", -3, 3, 1),
    (b"all stamina", "stamina", -3, 3, 1),
    (b"max sanity", "max_sanity", -3, 3, 0),
    (b"max stamina", "max_stamina", -3, 3, 0),
    (b"clock +3h", "clock", 1, 1, 0),
    (b"gate", "gate", 1, 1, 0),
    (b"sanity =", "sanity", 1, 20, 2),          # setup only
    (b"stamina =", "stamina", 1, 20, 2),        # setup only
    (b"monster slain", "defeat_monster", 1, 1, 0),
)
PICK = (0, 1, 2, 3, 4, 5, 6, 18, 7, 8, 9, 10, 11, 12, 13, 14, 15)
N_PICK = 17
P_SANITY = 0
P_STAMINA = 1
P_CLUE = 2
P_CLOCK = 14
P_MAXSAN = 12
P_MAXSTA = 13
P_SETSAN = 16
P_SETSTA = 17
DEFAULT_AMOUNT = (-1, -1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, 1, 1, 1, 1, 1, 1, 1)

TURN_ITEMS = (b"Effect", b"Card revealed", b"Adventure won", b"Adventure failed", b"Clock +3 hours",
              b"Next player", b"Board", b"Undo last entry", b"Free a die", b"New investigator",
              b"Midnight effects", b"Ancient One atk")
T_EFFECT, T_REVEAL, T_WON, T_FAILED, T_CLOCK, T_NEXT, T_BOARD, T_UNDO, T_FREE, T_REPLACE, T_MIDFX, T_ATTACK = range(12)
# the title of each kind of question (pending(): Q_*)
ASK_TITLES = (b"Question", b"P? chooses:", b"Monster: where?", b"Defeat which?", b"Spend trophy:",
              b"Lose which card?", b"Lock takes:")
DIE_NAMES = (b"green", b"yellow", b"red")
CLOCK_TEXT = (b"XII", b"III", b"VI", b"IX")
INV_FIELDS = (b"Sanity", b"Stamina", b"Clues")
INV_AT = (0, 1, 2)              # where each is in a seat's three values (setv)
INV_TOP = (20, 20, 20)
INV_LOW = (1, 1, 0)
INV_FORM = (INV_FIELDS, INV_AT, INV_LOW, INV_TOP, 2, 1)  # the sheet from row 2, column 1 (modescreen.fields)

F_NONE, F_REVEAL, F_WON, F_FAILED, F_SETUP = range(5)
# where the effect picker starts: the library's most common reward (elder sign +1, on 51 cards) and
# penalty (sanity -1, on 60 cards), else the first primitive
PICK_REWARD = 5
PICK_PENALTY = 0

# the prompts and notes are pages (textscreen.put_page): rows separated by newlines
MIDNIGHT_TEXT = b"MIDNIGHT\n1 resolve every\n  at-midnight\n  effect in play\n2 reveal mythos,\n  enter its\n  effects\nA:ok"
MIDNIGHT_FIRST = (b"MIDNIGHT\nfirst round: no\nat-midnight\neffects.\nreveal the next\nmythos card and\n"
                  b"enter its effect\nA:ok")
MIDNIGHT_BATTLE = b"MIDNIGHT\n\nThe Ancient One\nattacks: enter\nits attack as\neffects\n\nA:ok"
NOTE_DIFFERS = (b"Resumed, but the\nreplay differs\nfrom the save:\ncard data or\nkernel changed?\n"
                b"Check the counts\n\nA:ok")
NOTE_EMPTY = b"\nThat slot has no\nadventure: reveal\none first\n\n\n\nA:ok"
NOTE_ON_TABLE = b"\nThat card is on\nthe table already\n(marked *):\nchoose the one\nin your hand\n\nA:ok"
NOTE_NOLOCK = b"\nNo die of that\ncolour is locked\n\n\n\n\nA:ok"
NOTE_NOTDEVOURED = b"\nThis player's\ninvestigator is\nnot devoured\n(or none is\nleft)\n\nA:ok"


def led_rule(leds, doom, top, elder, need, battle, over, won, clock, midnight):
    """Set the three LEDs from the tracked counts (the rule in the module docstring)."""
    leds.all(ledmod.OFF)
    if over:
        leds.set(ledmod.GREEN if won else ledmod.RED, ledmod.BLINK)
        return
    if battle:
        leds.set(ledmod.RED, ledmod.BLINK)
    else:
        left = top - doom
        if left <= 1:
            leds.set(ledmod.RED, ledmod.BLINK)
        elif left <= 3:
            leds.set(ledmod.RED, ledmod.ON)
        if elder >= need - 1:
            leds.set(ledmod.GREEN, ledmod.BLINK)
        elif 2 * elder >= need:
            leds.set(ledmod.GREEN, ledmod.ON)
    if midnight:
        leds.set(ledmod.YELLOW, ledmod.BLINK)
    elif clock == 9:
        leds.set(ledmod.YELLOW, ledmod.ON)


def effect_text(p, n):
    """The vocabulary text of picker primitive p with amount n (an entry: allocates)."""
    name = PRIMS[p][1]
    mode = PRIMS[p][4]
    if mode == 2:
        return "%s=%d" % (name, n)
    text = "%s%s%d" % (name, "+" if n >= 0 else "-", n if n >= 0 else -n)
    return "each(" + text + ")" if mode == 1 else text


class Companion(ModeScreen):
    """The companion screens. `handle(button, kind)` returns True to leave for the main menu."""

    NOTE = C_NOTE
    HOME = C_TURN
    NO_SAVE = "no readable companion save"
    decode = staticmethod(compsave.decode)

    def __init__(self, leds, save_path, data=None, folder=None, sets=None, library=True):
        """data: card data already read; else the lean card data of folder (the game's own,
        kernel/eldersign/data/, by default), its sets (GameData's default ones) and, unless library
        is False, the card library's adventures (a whole data set of one's own has none)."""
        super().__init__()
        self.leds = leds
        self.save_path = save_path
        if data is None:
            kw = {"sets": sets} if sets is not None else {}
            try:            # the library streamed line by line, with its progress
                data = quick(GameData, folder, lean=True, library=library, progress=self._loading, **kw)
            except OSError as exc:
                raise KernelError("data", "the card data is missing (%s)" % exc)
        self.data = data
        advs = data.adventures
        self.names = [a.name.encode() for a in advs]
        self.ao_names = [a.name.encode() for a in data.ancient_ones]
        self.inv_names = [i.name.encode() for i in data.investigators]
        main = [i for i in range(len(advs)) if not advs[i].other_world]
        ow = [i for i in range(len(advs)) if advs[i].other_world]
        self.main_cards = array("H", sorted(main, key=lambda i: advs[i].name.lower()))
        self.ow_cards = array("H", sorted(ow, key=lambda i: advs[i].name.lower()))
        self.cards = self.main_cards
        self.g = None                 # type: Any
        self.players = 2
        self.ao = 0
        self.nslots = slot_count(data)
        self.snap = bytearray(0)
        self.log = bytearray()
        self.ebuf = bytearray(4)
        self.st = new_status(data)
        self.obuf = array("i", [0] * LEAN_OPTIONS)
        self.ask_kind = 0
        self.ask_seat = 0
        self.ask_labels = []           # the pending question's answers as text (made when asked)
        self.opt = 0
        self.replacing = -1           # the seat whose new investigator's sheet is being entered
        self.die = 0
        self.screen = C_SETUP
        self.field = 0
        self.menu = 0
        self.prim = 0                 # position in PICK
        self.amounts = bytearray(len(PRIMS))
        for p in range(len(PRIMS)):
            self.amounts[p] = DEFAULT_AMOUNT[p] + 128
        self.last_prim = -1
        self.last_amount = 0
        self.setv = bytearray(8 * 3)
        self.setseat = 0
        self.flow = F_NONE
        self.slot = 0
        self.card = 0
        self.scroll = 0
        self.back = C_TURN
        self.note = NOTE_NOTHING
        self.has_save = store.load(save_path, compsave.decode) is not None
        self.screen = C_SETUP
        self.marquee = 0              # steps a long name on the selected card row has moved
        self.marquee_at = 0

    # ----- the game and its entries (everything that calls the kernel) --------------------------

    def start(self, players, ao):
        """A fresh companion game (reusing the allocated one when the options match)."""
        g = self.g
        if g is not None and self.players == players and self.ao == ao:
            restart(g)
        else:
            self.g = None
            g = None
            gc.collect()
            g = new_companion(self.data, players, ao, lean=True)
            self.g = g
        self.players = players
        self.ao = ao
        self.nslots = slot_count(self.data)
        self.snap = bytearray(9 + 7 * players + 2 * self.nslots)
        status(g, self.st)

    @property
    def seat(self):
        return self.st[ST_SEAT]

    def _do(self, kind, a, b, c):
        """Enter one entry into the kernel game (the only place entries reach the kernel)."""
        g = self.g
        if kind == K_EFFECT:
            if a >= len(PRIMS) or c >= self.players:
                raise KernelError("save", "bad effect entry %d for seat %d" % (a, c + 1))
            enter_effect(g, effect_text(a, b - 128), c)
        elif kind == K_REVEAL:
            i = (b << 8) | c
            if i >= len(self.data.adventures):
                raise KernelError("save", "no adventure %d in this card data" % i)
            put_adventure(g, a, i)
        elif kind == K_WON:
            if a >= self.nslots or c >= self.players:
                raise KernelError("save", "bad entry: slot %d, seat %d" % (a + 1, c + 1))
            complete_adventure(g, a, c)
        elif kind == K_NEXT:
            next_player(g)
        elif kind == K_CLOCK:
            clock_step(g)
        elif kind == K_FREE:
            if a > 2:
                raise KernelError("save", "bad die colour %d" % a)
            if not free_die(g, a):
                raise KernelError("option", "no %s die is locked" % DIE_NAMES[a].decode())
        elif kind == K_REPLACE:
            if a >= self.players:
                raise KernelError("save", "bad entry: seat %d" % (a + 1))
            replace_investigator(g, a)
        elif kind == K_ANSWER:
            n = options(g, self.obuf)
            if a >= n:
                raise KernelError("save", "bad answer %d of %d" % (a + 1, n))
            answer(g, self.obuf[a])
        elif kind == K_ATTACK:
            ao_attack(g)
        elif kind == K_MIDFX:
            midnight_effects(g)
        else:
            raise KernelError("save", "unknown companion entry %d" % kind)
        status(g, self.st)

    def _loading(self, lines):
        self.progress(b"Reading cards", lines)

    def replay(self):
        """The game from its options and the entries so far (resume and undo), with its progress."""
        self.start(self.players, self.ao)
        log = self.log
        n = len(log) // 4
        for i in range(0, len(log) - 3, 4):
            if not i & 63:
                self.progress(b"Replaying entries", i // 4, n)
            self._do(log[i], log[i + 1], log[i + 2], log[i + 3])

    def enter(self, kind, a, b, c, save=True):
        """Apply an entry, log it and save; on a kernel error the state is rebuilt from the log."""
        if len(self.log) >= compsave.MAX_ENTRIES * compsave.ENTRY:
            raise KernelError("save", "the companion log is full (%d entries)" % compsave.MAX_ENTRIES)
        clock = self.st[ST_CLOCK]
        try:
            self._do(kind, a, b, c)
        except KernelError:
            self.replay()
            raise
        e = self.ebuf
        e[0] = kind
        e[1] = a
        e[2] = b
        e[3] = c
        self.log.extend(e)
        if save:
            self.save()
        return clock != 0 and self.st[ST_CLOCK] == 0

    def encode(self):
        return compsave.encode(self.players, self.ao, self.log, self.digest())

    def digest(self):
        """A checksum of every count the device shows (resume compares it with the saved one)."""
        st = self.st
        s = self.snap
        s[0] = st[ST_CLOCK]
        s[1] = st[ST_DOOM]
        s[2] = st[ST_ELDER]
        s[3] = st[ST_BATTLE]
        s[4] = st[ST_RESULT]
        s[5] = st[ST_SEAT]
        s[6] = st[ST_TURN]
        s[7] = st[ST_FREE] * 16 + st[ST_FREE + 1] * 4 + st[ST_FREE + 2]
        s[8] = st[ST_MONSTERS]
        k = 9
        for seat in range(self.players):
            b = ST_SEATS + seat * SEAT_BYTES
            s[k] = st[b + SS_INV]
            s[k + 1] = st[b + SS_SAN]
            s[k + 2] = st[b + SS_STA]
            s[k + 3] = st[b + SS_MAXSAN]
            s[k + 4] = st[b + SS_MAXSTA]
            s[k + 5] = st[b + SS_CLUES]
            s[k + 6] = st[b + SS_TROPHIES]
            k += 7
        for slot in range(self.nslots):
            b = ST_SLOTS + slot * SLOT_BYTES
            s[k] = st[b + SL_ON]
            s[k + 1] = st[b + SL_CARD + 1]
            k += 2
        return compsave.fletcher16(s, k)

    def slot_on(self, slot):
        return self.st[ST_SLOTS + slot * SLOT_BYTES + SL_ON]

    def slot_card(self, slot):
        b = ST_SLOTS + slot * SLOT_BYTES + SL_CARD
        return (self.st[b] << 8) | self.st[b + 1]

    def monsters_on(self, slot):
        return self.st[ST_SLOTS + slot * SLOT_BYTES + SL_MONSTERS]

    def slot_of_card(self, i):
        """The slot holding adventure i, or -1 (each card is on the table once; no allocation)."""
        for slot in range(self.nslots):
            if self.slot_on(slot) and self.slot_card(slot) == i:
                return slot
        return -1

    def seat_field(self, seat, field):
        return self.st[ST_SEATS + seat * SEAT_BYTES + field]

    def over(self):
        return self.st[ST_RESULT] != 2

    # ----- modes entered from the app (resume(): modescreen's, with restore) --------------------------

    def new_game(self):
        self.screen = C_SETUP
        self.field = 0
        self.compose()

    def restore(self, got):
        """The saved entries entered again; the "replay differs" note when they reach other counts."""
        players, ao, entries, digest = got
        self.players = players
        self.ao = ao
        self.log = bytearray(entries)
        quick(self.replay)
        self.menu = 0
        self.after_entry(False)
        return NOTE_DIFFERS if self.digest() != digest else None

    def asking(self):
        """When the entries stopped at a question of the kernel's (where a monster goes, which
        alternative an investigator takes...): its answers as text, and the question screen."""
        q = pending(self.g)
        if q is None:
            return False
        self.ask_kind, self.ask_seat = q
        n = options(self.g, self.obuf)
        self.ask_labels = [option_label(self.g, self.obuf[k]).encode()[:COLS] for k in range(n)]
        self.opt = 0
        self.screen = C_ASK
        return True

    def after_entry(self, midnight):
        """The screen after an entry: a question, the end, the midnight prompt, or where the entry
        was made."""
        if self.over():
            self.screen = C_END
        elif pending(self.g) is not None:
            self.back = self.screen if self.screen in (C_TURN, C_EFFECT) else C_TURN
            self.asking()
        elif midnight:
            self.back = self.screen if self.screen in (C_TURN, C_EFFECT) else C_TURN
            self.screen = C_MIDNIGHT
        elif self.screen not in (C_EFFECT, C_TURN):
            self.screen = C_TURN

    def step_back(self):
        """The entries but the last entered again (modescreen's undo saves and says so)."""
        if len(self.log) < 4:
            return -1
        self.log = self.log[:len(self.log) - 4]
        quick(self.replay)
        if self.over():
            return C_END
        if self.asking():
            return C_ASK                   # the answer undone: the question again
        return C_TURN

    # ----- buttons -----------------------------------------------------------------------------------

    def tick(self, now_ms):
        """Between presses: a card name longer than the row moves along it (allocates nothing);
        True when the screen changed."""
        if self.screen != C_CARD or not len(self.cards):
            return False
        over = len(self.names[self.cards[self.card]]) - COLS
        if over <= 0 or now_ms - self.marquee_at < 350:
            return False
        self.marquee_at = now_ms
        self.marquee = self.marquee + 1 if self.marquee < over + 6 else 0
        self.compose()
        return True

    def handle(self, b, kind):
        """One button press; True asks the app for its main menu."""
        self.marquee = 0
        return ModeScreen.handle(self, b, kind)

    def _setup(self, b):
        if b == btn.UP or b == btn.DOWN:
            self.field = 1 - self.field
        elif b == btn.RIGHT or b == btn.LEFT:
            step = 1 if b == btn.RIGHT else -1
            if self.field == 0:
                self.players = (self.players - 1 + step) % 8 + 1
            else:
                self.ao = (self.ao + step) % len(self.ao_names)
        elif b == btn.A:
            self.start(self.players, self.ao)
            self.log = bytearray()
            for seat in range(self.players):
                self.sheet(seat)
            self.replacing = -1
            self.setseat = 0
            self.field = 0
            self.screen = C_INV
        elif b == btn.B:
            return True
        return False

    def _inv(self, b):
        if self.edit_field(b, INV_FORM, self.setv, self.setseat * 3):
            return
        if b == btn.A:
            if self.replacing >= 0:
                self.enter_sheet(self.replacing)
                self.replacing = -1
                self.save()
                self.screen = C_TURN
            elif self.setseat < self.players - 1:
                self.setseat += 1
                self.field = 0
            else:
                self.begin()
        elif b == btn.B and self.replacing >= 0:
            self.replacing = -1                 # the kernel's values stand
            self.screen = C_TURN
        elif b == btn.B:
            if self.setseat > 0:
                self.setseat -= 1
                self.field = 0
            else:
                self.field = 0
                self.screen = C_SETUP

    def sheet(self, seat):
        """The setup screen's values for seat: its investigator's maximum sanity, stamina and clues."""
        self.setv[seat * 3] = self.seat_field(seat, SS_MAXSAN)
        self.setv[seat * 3 + 1] = self.seat_field(seat, SS_MAXSTA)
        self.setv[seat * 3 + 2] = self.seat_field(seat, SS_CLUES)

    def enter_sheet(self, seat):
        """Seat's sanity, stamina and clues as on the sheet: entries for what differs."""
        v = self.setv
        want = v[seat * 3]
        have = self.seat_field(seat, SS_MAXSAN)
        if want != have:
            self.enter(K_EFFECT, P_MAXSAN, want - have + 128, seat, False)
        if want != self.seat_field(seat, SS_SAN):
            self.enter(K_EFFECT, P_SETSAN, want + 128, seat, False)
        want = v[seat * 3 + 1]
        have = self.seat_field(seat, SS_MAXSTA)
        if want != have:
            self.enter(K_EFFECT, P_MAXSTA, want - have + 128, seat, False)
        if want != self.seat_field(seat, SS_STA):
            self.enter(K_EFFECT, P_SETSTA, want + 128, seat, False)
        want = v[seat * 3 + 2]
        have = self.seat_field(seat, SS_CLUES)
        if want != have:
            self.enter(K_EFFECT, P_CLUE, want - have + 128, seat, False)

    def begin(self):
        """The investigators' sanity, stamina and clues as set up: entries for what differs."""
        for seat in range(self.players):
            self.enter_sheet(seat)
        self.save()
        self.menu = 0
        self.begin_table()

    def begin_table(self):
        """Setup's last step: the six adventures on the table, slot by slot (B leaves the rest empty, for "Card revealed" later)."""
        self.flow = F_SETUP
        self.slot = 0
        self.cards = self.main_cards
        self.card = 0
        self.screen = C_CARD

    def _turn(self, b):
        self.menu = moved(b, self.menu, len(TURN_ITEMS))
        if b == btn.A:
            m = self.menu
            if m == T_EFFECT or m == T_FAILED:
                self.flow = F_FAILED if m == T_FAILED else F_NONE
                if m == T_FAILED:
                    self.prim = PICK.index(PICK_PENALTY)
                self.screen = C_EFFECT
            elif m == T_REVEAL or m == T_WON:
                self.flow = F_WON if m == T_WON else F_REVEAL
                self.slot = 0
                self.screen = C_SLOT
            elif m == T_CLOCK:
                midnight = self.enter(K_CLOCK, 0, 0, 0)
                self.menu = T_NEXT
                self.after_entry(midnight)
            elif m == T_NEXT:
                self.enter(K_NEXT, 0, 0, 0)
                self.menu = 0
                self.after_entry(False)
            elif m == T_BOARD:
                self.scroll = 0
                self.screen = C_BOARD
            elif m == T_UNDO:
                self.undo()
            elif m == T_FREE:
                self.die = 0
                self.screen = C_DIE
            elif m == T_MIDFX or m == T_ATTACK:
                self.back = C_TURN
                self.enter(K_MIDFX if m == T_MIDFX else K_ATTACK, 0, 0, 0)
                self.after_entry(False)
            elif m == T_REPLACE:
                seat = self.seat
                if self.seat_field(seat, SS_STATE) != 1 or not self.st[ST_POOL]:
                    self.show_note(NOTE_NOTDEVOURED, C_TURN)
                    return
                self.enter(K_REPLACE, seat, 0, 0)
                self.sheet(seat)
                self.replacing = seat
                self.setseat = seat
                self.field = 0
                self.screen = C_INV

    def _ask(self, b):
        """The question screen: up/down an answer, A answers it, B undoes the entry that asked."""
        n = len(self.ask_labels)
        self.opt = moved(b, self.opt, n)
        if b == btn.A and n:
            self.enter(K_ANSWER, self.opt, 0, 0)
            if not self.asking():
                self.screen = self.back
                self.after_entry(False)
        elif b == btn.B:
            self.undo()

    def _die(self, b):
        self.die = moved(b, self.die, 3)
        if b == btn.A:
            if not self.st[ST_LOCKED + self.die]:
                self.show_note(NOTE_NOLOCK, C_DIE)
                return
            self.enter(K_FREE, self.die, 0, 0)
            self.screen = C_TURN
        elif b == btn.B:
            self.screen = C_TURN

    def _effect(self, b):
        p = PICK[self.prim]
        n = self.amounts[p] - 128
        if b == btn.UP or b == btn.DOWN:
            self.prim = (self.prim + (N_PICK - 1 if b == btn.UP else 1)) % N_PICK
        elif b == btn.RIGHT or b == btn.LEFT:
            n += 1 if b == btn.RIGHT else -1
            if n == 0:
                n += 1 if b == btn.RIGHT else -1
            if PRIMS[p][2] <= n <= PRIMS[p][3]:
                self.amounts[p] = n + 128
        elif b == btn.A:
            midnight = self.enter(K_EFFECT, p, n + 128, self.seat)
            self.last_prim = p
            self.last_amount = n
            self.after_entry(midnight)
        elif b == btn.B:
            self.last_prim = -1
            if self.flow == F_WON and self.slot < 6:
                self.cards = self.main_cards
                self.card = 0
                self.screen = C_CARD
            else:
                self.flow = F_NONE
                self.screen = C_TURN

    def _slot(self, b):
        self.slot = moved(b, self.slot, self.nslots)
        if b == btn.A:
            if self.flow == F_WON:
                if not self.slot_on(self.slot):
                    self.show_note(NOTE_EMPTY, C_SLOT)
                    return
                self.enter(K_WON, self.slot, 0, self.seat)
                self.last_prim = -1
                self.prim = PICK.index(PICK_REWARD)
                self.after_entry(False)
                if self.screen == C_TURN:
                    self.screen = C_EFFECT          # then the reward printed on the card
            else:
                self.cards = self.main_cards if self.slot < 6 else self.ow_cards
                self.card = 0
                self.screen = C_CARD
        elif b == btn.B:
            self.flow = F_NONE
            self.screen = C_TURN

    def _card(self, b):
        n = len(self.cards)
        if b == btn.UP:
            self.card = (self.card - 1) % n if n else 0
        elif b == btn.DOWN:
            self.card = (self.card + 1) % n if n else 0
        elif b == btn.LEFT:
            self.card = self.card - 6 if self.card >= 6 else 0
        elif b == btn.RIGHT:
            self.card = self.card + 6 if self.card + 6 < n else (n - 1 if n else 0)
        elif b == btn.A and n:
            i = self.cards[self.card]
            held = self.slot_of_card(i)
            if held >= 0 and held != self.slot:
                self.show_note(NOTE_ON_TABLE, C_CARD)     # one card, one slot: choose another
                return
            if self.flow == F_SETUP:
                self.enter(K_REVEAL, self.slot, i >> 8, i & 255)
                self.slot += 1                  # the list stays where it was: the next card is near
                if self.slot >= 6:
                    self.flow = F_NONE
                    self.screen = C_TURN
                return
            self.flow = F_NONE
            self.enter(K_REVEAL, self.slot, i >> 8, i & 255)
            self.screen = C_TURN
            self.after_entry(False)
        elif b == btn.B and self.flow == F_SETUP:
            self.flow = F_NONE                  # the slots not entered stay empty (the game deals none)
            self.screen = C_TURN
        elif b == btn.B:
            self.screen = C_SLOT if self.flow == F_REVEAL else C_TURN
            if self.flow != F_REVEAL:
                self.flow = F_NONE

    def _board(self, b):
        self.scroll = moved(b, self.scroll, self.nslots - 5)
        if b == btn.A or b == btn.B:
            self.screen = C_TURN

    # ----- composing (SHOW: one composer per screen; no allocation) -------------------------------------

    def put_from(self, row, s, start):
        """bytes s from index start at the row's start (a long name scrolled; no slice)."""
        t = self.text
        base = row * COLS
        for c in range(COLS):
            if start + c >= len(s):
                return
            t[base + c] = s[start + c]

    def compose_midnight(self):
        st = self.st
        self.put_page(MIDNIGHT_BATTLE if st[ST_BATTLE] else MIDNIGHT_FIRST if st[ST_FIRST_ROUND] else MIDNIGHT_TEXT)

    def compose_ask(self):
        kind = self.ask_kind
        self.put(0, 0, ASK_TITLES[kind] if kind < len(ASK_TITLES) else ASK_TITLES[0])
        if kind == Q_CHOOSE:
            self.num(0, 1, self.ask_seat + 1)
        self.list_rows(1 << 8 | 0 << 4 | 6, self.ask_labels, self.opt)
        self.put(7, 0, b"A:ok B:undo")

    def compose_setup(self):
        self.put(0, 0, b"Companion game")
        self.put(2, 0, b"Players")
        self.num(2, 15, self.players)
        self.put(3, 0, b"Ancient One:")
        self.put(4, 1, self.ao_names[self.ao])
        self.inv = 2 if self.field == 0 else 4
        if self.has_save:
            self.put(6, 0, b"(replaces save)")
        self.put(7, 0, b"A:next B:back")

    def compose_inv(self):
        seat = self.setseat
        col = self.put(0, 0, b"Player ")
        col = self.num(0, col, seat + 1)
        col = self.put(0, col, b" of ")
        self.num(0, col, self.players)
        inv = self.seat_field(seat, SS_INV)
        self.put(1, 0, self.inv_names[inv] if inv < len(self.inv_names) else b"(no investigator)")
        self.fields(INV_FORM, self.setv, seat * 3)
        self.put(6, 0, b"lt/rt change")
        self.put(7, 0, b"A:next B:back")

    def compose_player(self, row):
        """'P2/4' at the row's start; the column after it."""
        col = self.put(row, 0, b"P")
        col = self.num(row, col, self.seat + 1)
        col = self.put(row, col, b"/")
        return self.num(row, col, self.players)

    def compose_turn(self):
        st = self.st
        self.compose_player(0)
        clock = CLOCK_TEXT[st[ST_CLOCK] // 3]
        self.put(0, COLS - len(clock) - 6, b"clock ")
        self.put(0, COLS - len(clock), clock)
        if st[ST_BATTLE]:
            self.put(1, 0, b"Doom (battle)")
            self.frac_right(1, st[ST_DOOM], st[ST_DOOM_TOP])
            self.put(2, 0, b"FINAL BATTLE")
        else:
            self.put(1, 0, b"Doom")
            self.frac_right(1, st[ST_DOOM], st[ST_DOOM_TOP])
            self.put(2, 0, b"Elder signs")
            self.frac_right(2, st[ST_ELDER], st[ST_ELDER_NEED])
        b = ST_SEATS + self.seat * SEAT_BYTES
        if st[b + SS_INV] == NONE:
            self.put(3, 0, b"devoured")
            self.put(4, 0, b"(menu: New inv.)" if st[b + SS_STATE] == 1 and st[ST_POOL] else b"(no replacement)")
        else:
            col = self.put(3, 0, b"San ")
            col = self.frac(3, col, st[b + SS_SAN], st[b + SS_MAXSAN])
            col = self.put(3, col if col > 8 else 8, b" Sta ")
            self.frac(3, col, st[b + SS_STA], st[b + SS_MAXSTA])
            col = self.put(4, 0, b"Clues ")
            self.num(4, col, st[b + SS_CLUES])
            t = st[b + SS_TROPHIES]
            col = COLS - digits(t)
            self.put(4, col - 7, b"Trophy ")
            self.num(4, col, t)
        self.list_rows(5 << 8 | 0 << 4 | 3, TURN_ITEMS, self.menu)

    def compose_effect(self):
        col = self.put(0, 0, b"Penalty" if self.flow == F_FAILED else b"Reward" if self.flow == F_WON
                       else b"Effect")
        col = self.put(0, col, b" for ")
        self.compose_seat(0, col)
        top = list_top(self.prim, 5)
        for k in range(5):
            p = PICK[top + k]
            self.put(1 + k, 1, PRIMS[p][0])
            if top + k == self.prim:
                n = self.amounts[p] - 128
                self.signed(1 + k, COLS - 1 - digits(n if n > 0 else -n), n)
                self.inv = 1 + k
        if self.last_prim >= 0:
            col = self.put(6, 0, b"ok ")
            self.put(6, col, PRIMS[self.last_prim][0])
            n = self.last_amount
            self.signed(6, COLS - 1 - digits(n if n > 0 else -n), n)
        self.put(7, 0, b"A:enter B:done")

    def compose_seat(self, row, col):
        col = self.put(row, col, b"P")
        return self.num(row, col, self.seat + 1)

    def compose_slot_row(self, row, slot):
        col = self.num(row, 0, slot + 1)
        col += 1
        if self.slot_on(slot):
            self.put(row, col, self.names[self.slot_card(slot)])
            m = self.monsters_on(slot)
            if m:
                self.put(row, COLS - 3, b" m")
                self.num(row, COLS - 1, m)
        else:
            self.put(row, col, b"-" if slot < 6 else b"- other world")

    def compose_slot(self):
        self.put(0, 0, b"Won: which card?" if self.flow == F_WON else b"Revealed where?")
        top = list_top(self.slot, 6)
        for k in range(6):
            self.compose_slot_row(1 + k, top + k)
        self.inv = 1 + self.slot - top
        self.put(7, 0, b"A:ok B:back")

    def compose_card(self):
        col = self.put(0, 0, b"Table slot " if self.flow == F_SETUP else b"Slot ")
        col = self.num(0, col, self.slot + 1)
        self.put(0, col, b"?" if self.flow == F_SETUP else b": which?")
        n = len(self.cards)
        top = list_top(self.card, 6)
        for k in range(6):
            if top + k < n:
                name = self.names[self.cards[top + k]]
                if top + k == self.card and len(name) > COLS:
                    # the selected name scrolls: it rests 3 steps at each end
                    off = self.marquee - 3
                    over = len(name) - COLS
                    self.put_from(1 + k, name, 0 if off < 0 else over if off > over else off)
                else:
                    self.put(1 + k, 0, name)
                if self.slot_of_card(self.cards[top + k]) >= 0:
                    self.text[(1 + k) * COLS + COLS - 1] = 42      # "*": on the table already
        if n:
            self.inv = 1 + self.card - top
        else:
            self.put(2, 0, b"(no cards)")
        self.put(7, 0, b"A:ok lt/rt:page")

    def compose_board(self):
        st = self.st
        col = self.put(0, 0, b"Free dice ")
        col = self.num(0, col, st[ST_FREE])
        col = self.put(0, col, b"G")
        col = self.put(0, col, b" Y" if st[ST_FREE + 1] else b" -")
        self.put(0, col, b" R" if st[ST_FREE + 2] else b" -")
        for k in range(6):
            self.compose_slot_row(1 + k, self.scroll + k)
        self.put(7, 0, b"B:back up/dn")

    def compose_die(self):
        self.put(0, 0, b"Free which die?")
        self.list_rows(1 << 8 | 1 << 4 | 3, DIE_NAMES, self.die)
        for c in range(3):
            col = self.num(1 + c, 8, self.st[ST_LOCKED + c])
            self.put(1 + c, col, b" locked")
        self.put(7, 0, b"A:free B:back")

    def compose_end(self):
        st = self.st
        self.put(0, 0, b"GAME OVER")
        if st[ST_RESULT] == 1:
            self.put(2, 0, b"Investigators")
            self.put(3, 0, b"win!")
        else:
            self.put(2, 0, b"The Ancient One")
            self.put(3, 0, b"wins.")
        self.put(4, 0, b"Doom")
        self.frac_right(4, st[ST_DOOM], st[ST_DOOM_TOP])
        self.put(5, 0, b"Elder signs")
        self.frac_right(5, st[ST_ELDER], st[ST_ELDER_NEED])
        self.put(6, 0, b"B:undo last")
        self.put(7, 0, b"A:menu (ends it)")

    def show_leds(self):
        if self.g is None or self.screen == C_SETUP or self.screen == C_INV:
            self.leds.all(ledmod.OFF)
            return
        st = self.st
        over = self.over()
        led_rule(self.leds, st[ST_DOOM], st[ST_DOOM_TOP], st[ST_ELDER], st[ST_ELDER_NEED], st[ST_BATTLE], over,
                 over and st[ST_RESULT] == 1, st[ST_CLOCK], self.screen == C_MIDNIGHT)

    # the screens, in the order of C_SETUP ... C_ASK
    ON = (_setup, _inv, _turn, _effect, _slot, _card, _board, ModeScreen.on_back, ModeScreen.on_end,
          ModeScreen.on_back, _die, _ask)
    SHOW = (compose_setup, compose_inv, compose_turn, compose_effect, compose_slot, compose_card, compose_board,
            compose_midnight, compose_end, ModeScreen.compose_note, compose_die, compose_ask)
