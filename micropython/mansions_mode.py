"""Mansions of Madness keeper's assistant: the handheld beside a physical game of the first edition.

The keeper keeps the real cards and figures; the device keeps the keeper's bookkeeping:
  - the threat pool, with each keeper turn's gain (one per investigator) and what is spent;
  - the event timer: time tokens against the top event card's time number (editable, so any story's
    deck can be followed), the event to resolve when they meet (when the deck's place holds two or
    more cards, 3A/3B, the keeper picks the one whose condition, shown in the story's words, holds),
    and the end: the last event, or a card that names the winner (the card and the winner shown);
  - the monsters on the board with their class, which of them may attack (those in an investigator's
    space, marked by the keeper) and the combat deck to draw from for each (the deck stays on the
    table);
  - a reminder of each of the five steps of the keeper's turn;
  - the exact odds of an investigator's attribute test under the first edition's rules (d10 at or
    below the attribute plus the modifier, a 1 always passing and a 10 always failing; a skill point
    spent before the roll adds the investigator's Luck, at most one a test): without and with the
    skill point, at a button press (kernel/mansions/odds.py, the kernel's defaults).

Like companion.py: `MansionsMode(leds, save_path)`, `new_game()`, `resume()`, `handle(button, kind)`
returning True to go back to the main menu, `compose()` into an 8 x 16 text buffer (textscreen.py), `draw(fb)`,
`screen_lines()`; the screens are modescreen.py's (one key handler and one composer per screen: the
tables ON and SHOW; its lists, end screen, saving and resuming). Composing and moving around
allocate nothing (bytes constants, small ints, the story's names turned into bytes once); a change
is saved at once with store.py (power-cut safe), and saving allocates (the file).

The story is the one the board holds: `mansions.story` beside the save names it (a story under
kernel/mansions/data/ by name, or a folder path), else the demonstration story; every name, time
number and card shown is that story's. A save remembers its story (a checksum of the title and the
deck's card names) and is not resumed under another.

LED rule: yellow on during the keeper's turn; red blinking when the next time token resolves an
event (red on after the last event); green on while the threat pool pays the cheapest keeper card.
"""

import buttons as btn
import leds as ledmod
import store
from textscreen import COLS, digits
from modescreen import ModeScreen, moved
from kernel.errors import KernelError
from kernel.binio import fletcher16
from kernel.mansions.lean import (LeanStory, ATTRIBUTES, CLASSES, WIN_NONE, WIN_KEEPER, WIN_INVESTIGATORS,
                                  WIN_NOBODY, WIN_DECIDES)
from kernel.mansions.odds import target, luck_target, percent_hundredths

NONE = 255
MAX_MON = 8
MAX_EV = 24
LUCK = 6              # ATTRIBUTES.index("luck")

M_SETUP, M_TURN, M_MENU, M_MONS, M_ADD, M_ODDS, M_ADJUST, M_EVENT, M_END, M_PICK = range(10)

# the save: fixed fields, then the event times, then the monsters (kind, engaged)
F_INV, F_ROUND, F_STEP, F_THREAT, F_GAIN, F_SPENT, F_EVENT, F_TOKENS, F_OVER, F_NMON, F_KC = range(11)
F_ODDS = 11           # inv, attribute, value, modifier + 10, luck
F_ROW = 16            # the event card resolved last (NONE: none yet)
F_STORY = 17          # two bytes: the story's checksum (a save is resumed only under its story)
NF = 20
MAGIC = 0x4B          # 'K'
VERSION = 2
SAVE_BYTES = 2 + NF + MAX_EV + MAX_MON * 2 + 2

ATTR_NAMES = tuple([a.encode() for a in ATTRIBUTES])
CLASS_NAMES = tuple([c.encode() for c in CLASSES])
GENERIC = (b"any humanoid", b"any beast", b"any eldritch")
MENU = (b"Monsters", b"Attribute odds", b"Threat & timer", b"Back to turn", b"New game", b"Main menu")
ADJUST = (b"Threat", b"Time tokens", b"Top card time", b"Event card")

STEP_TEXT = (
    (b"Investigators'", b"turns at the", b"table."),
    (b"1 Trade: same", b"space swaps;", b"stunned: -1 stun"),
    (b"2 Gain threat:", b"one for each", b"investigator:"),
    (b"3 Keeper actions", b"", b""),
    (b"4 Monster attack", b"each monster in", b"an inv. space"),
    (b"5 Event: put a", b"time token on", b"the event deck"),
)
# pages (textscreen.put_page): rows separated by newlines
END_TEXT = b"LAST EVENT\n\nresolved. If no\nside has met its\nobjective,\neveryone loses.\n\nA:main menu"
WINNER_TEXT = (b"", b"The keeper wins.", b"Investigators", b"Nobody wins.", b"Read it: it")
WINNER_MORE = (b"", b"", b"win.", b"", b"names the winner")
EVENT_TEXT = b"EVENT RESOLVES\n\nRead the event\ncard aloud and\nresolve it.\n\n\nA:ok"


def story_of(folder):
    """The story the board holds: the first line of `mansions.story` in `folder` (a story name or a
    folder path), else the demonstration story."""
    try:
        with open(folder + "mansions.story") as f:
            name = f.readline().strip()
    except OSError:
        return "demo"
    return name or "demo"


class MansionsMode(ModeScreen):
    """The keeper's assistant screens. `handle(button, kind)` returns True to leave for the menu."""

    NO_SAVE = "no readable keeper's assistant save"

    def __init__(self, leds, save_path, story=None):
        self.leds = leds
        self.save_path = save_path
        if story is None:
            story = story_of(save_path[:save_path.rfind("/") + 1])
        try:
            self.story = LeanStory(story)
        except OSError as exc:
            raise KernelError("story", "the story data is missing (%s)" % exc)
        st = self.story
        ident = bytearray(st.title)
        for name in st.ev_names:
            ident.extend(name)
        self.story_id = fletcher16(ident, len(ident))
        super().__init__()
        self.s = bytearray(NF + MAX_EV + MAX_MON * 2)
        self.blob = bytearray(SAVE_BYTES)
        self.screen = M_SETUP
        self.cursor = 0
        self.scroll = 0
        self.back = M_TURN
        self.event_name = b""
        self.has_save = store.load(save_path, self.decode) is not None
        self.reset(2)

    # ----- the tracked state ---------------------------------------------------------------------

    def reset(self, investigators):
        s = self.s
        for i in range(len(s)):
            s[i] = 0
        s[F_INV] = investigators
        s[F_ROUND] = 1
        s[F_ODDS] = 0
        s[F_ODDS + 1] = 0
        s[F_ODDS + 2] = self.attr_of(0, 0)
        s[F_ODDS + 3] = 10
        s[F_ODDS + 4] = self.attr_of(0, LUCK)
        s[F_ROW] = NONE
        s[F_STORY] = self.story_id >> 8
        s[F_STORY + 1] = self.story_id & 255
        st = self.story
        for e in range(MAX_EV):
            s[NF + e] = st.ev_time[e] if e < len(st.ev_time) else 0
        for m in range(MAX_MON):
            s[NF + MAX_EV + 2 * m] = NONE

    def attr_of(self, inv, a):
        st = self.story
        if inv >= len(st.inv_names):
            return 3
        return st.inv_attr[inv * len(ATTRIBUTES) + a]

    def nevents(self):
        return len(self.story.ev_time)

    def time_now(self):
        e = self.s[F_EVENT]
        return self.s[NF + e] if e < self.nevents() else 0

    def cheapest(self):
        low = 99
        for c in self.story.kc_cost:
            if c < low:
                low = c
        return low

    def mon_kind(self, m):
        return self.s[NF + MAX_EV + 2 * m]

    def mon_engaged(self, m):
        return self.s[NF + MAX_EV + 2 * m + 1]

    def mon_class(self, m):
        k = self.mon_kind(m)
        if k >= 100:
            return k - 100
        return self.story.type_class[k]

    def engaged(self):
        n = 0
        for m in range(self.s[F_NMON]):
            if self.mon_engaged(m):
                n += 1
        return n

    # ----- saving -------------------------------------------------------------------------------------

    def encode(self):
        b = self.blob
        b[0] = MAGIC
        b[1] = VERSION
        s = self.s
        for i in range(len(s)):
            b[2 + i] = s[i]
        c = fletcher16(b, SAVE_BYTES - 2)
        b[SAVE_BYTES - 2] = c >> 8
        b[SAVE_BYTES - 1] = c & 255
        return b

    def decode(self, blob):
        if len(blob) != SAVE_BYTES or blob[0] != MAGIC or blob[1] != VERSION:
            raise KernelError("save", "not a keeper's assistant save")
        if fletcher16(blob, SAVE_BYTES - 2) != (blob[SAVE_BYTES - 2] << 8) | blob[SAVE_BYTES - 1]:
            raise KernelError("save", "checksum mismatch")
        if not 1 <= blob[2 + F_INV] <= 4 or blob[2 + F_NMON] > MAX_MON:
            raise KernelError("save", "bad counts")
        if (blob[2 + F_STORY] << 8) | blob[2 + F_STORY + 1] != self.story_id:
            raise KernelError("save", "a save of another story")
        if blob[2 + F_EVENT] > self.nevents() or (blob[2 + F_ROW] != NONE and blob[2 + F_ROW] >= len(self.story.ev_names)):
            raise KernelError("save", "bad event")
        return blob

    # ----- entered from the app (resume(): modescreen's, with restore) --------------------------------

    def new_game(self):
        self.screen = M_SETUP
        self.reset(self.s[F_INV] or 2)
        self.compose()

    def restore(self, blob):
        s = self.s
        for i in range(len(s)):
            s[i] = blob[2 + i]
        self.screen = M_END if s[F_OVER] else M_TURN
        return None

    # ----- buttons ------------------------------------------------------------------------------------

    # ----- buttons (ON: one handler per screen) -------------------------------------------------------

    def _setup(self, b):
        if b == btn.LEFT and self.s[F_INV] > 1:
            self.s[F_INV] -= 1
        elif b == btn.RIGHT and self.s[F_INV] < 4:
            self.s[F_INV] += 1
        elif b == btn.A:
            self.reset(self.s[F_INV])
            self.save()
            self.screen = M_TURN
        elif b == btn.B:
            return True
        return False

    def _pick(self, b):
        e = self.s[F_EVENT]
        self.cursor = moved(b, self.cursor, self.story.stage_rows[e])
        if b == btn.A:
            self.resolve(self.story.stage_first[e] + self.cursor)
            self.save()

    def _end(self, b):
        """The end: A ends the game and leaves; B opens the keeper menu (to go on adjusting)."""
        if b == btn.A:
            return self.finish()
        if b == btn.B:
            self.screen = M_MENU
            self.cursor = 0
        return False

    def _turn(self, b):
        s = self.s
        step = s[F_STEP]
        if b == btn.B:
            self.screen = M_MENU
            self.cursor = 0
            return
        if step == 3:
            n = len(self.story.kc_names)
            if b == btn.LEFT:
                s[F_KC] = (s[F_KC] + n - 1) % n
            elif b == btn.RIGHT:
                s[F_KC] = (s[F_KC] + 1) % n
            elif b == btn.UP:
                cost = self.story.kc_cost[s[F_KC]]
                if s[F_THREAT] >= cost:
                    s[F_THREAT] -= cost
                    s[F_SPENT] += cost
                    self.save()
            elif b == btn.DOWN:
                if s[F_SPENT] > 0:
                    s[F_SPENT] -= 1
                    s[F_THREAT] += 1
                    self.save()
        if b != btn.A:
            return
        if step == 0:
            s[F_STEP] = 1
            s[F_SPENT] = 0
        elif step == 1:
            s[F_STEP] = 2
        elif step == 2:
            s[F_GAIN] = s[F_INV]
            v = s[F_THREAT] + s[F_INV]
            s[F_THREAT] = v if v < 250 else 250
            s[F_STEP] = 3
        elif step == 3:
            s[F_STEP] = 4
        elif step == 4:
            s[F_STEP] = 5
        else:
            self.place_token()
        self.save()

    def place_token(self):
        """Step 5: a time token; when the tokens reach the top card's time number the event resolves,
        the tokens are removed and the next card is on top; then a new round."""
        s = self.s
        s[F_TOKENS] += 1
        s[F_STEP] = 0
        s[F_ROUND] += 1
        for m in range(s[F_NMON]):
            s[NF + MAX_EV + 2 * m + 1] = 0        # the keeper marks who may attack next turn
        if s[F_TOKENS] >= self.time_now():
            e = s[F_EVENT]
            if e < self.nevents() and self.story.stage_rows[e] > 1:
                self.screen = M_PICK          # saved with the tokens; resumes at the turn's step 5
                self.cursor = 0
                s[F_STEP] = 5
                s[F_ROUND] -= 1
                s[F_TOKENS] -= 1
                return
            self.resolve(self.story.stage_first[e] if e < self.nevents() else NONE)

    def resolve(self, row):
        """The event card `row` resolves (the top stage's): the tokens are removed, the next stage is on
        top; the game is over after the last stage or when the card names the winner."""
        s = self.s
        st = self.story
        self.event_name = st.ev_names[row] if row != NONE else b"event"
        if s[F_STEP] == 5:                    # picked among a stage's cards: the token goes on now
            s[F_STEP] = 0
            s[F_ROUND] += 1
        s[F_ROW] = row
        s[F_TOKENS] = 0
        s[F_EVENT] += 1
        win = st.ev_win[row] if row != NONE else WIN_NONE
        if s[F_EVENT] >= self.nevents() or win == WIN_KEEPER or win == WIN_INVESTIGATORS or win == WIN_NOBODY:
            s[F_OVER] = 1
        self.back = M_END if s[F_OVER] else M_TURN
        self.screen = M_EVENT

    def _menu(self, b):
        self.cursor = moved(b, self.cursor, len(MENU))
        if b == btn.B:
            self.screen = M_END if self.s[F_OVER] else M_TURN
        elif b == btn.A:
            c = self.cursor
            self.cursor = 0
            self.scroll = 0
            if c == 0:
                self.screen = M_MONS
            elif c == 1:
                self.screen = M_ODDS
            elif c == 2:
                self.screen = M_ADJUST
            elif c == 3:
                self.screen = M_END if self.s[F_OVER] else M_TURN
            elif c == 4:
                self.screen = M_SETUP
            else:
                return True
        return False

    def _monsters(self, b):
        s = self.s
        n = s[F_NMON]
        self.cursor = moved(b, self.cursor, n + 1)
        if b == btn.B:
            self.screen = M_MENU
            self.cursor = 0
        elif b == btn.A:
            if self.cursor == n:
                if n < MAX_MON:
                    self.screen = M_ADD
                    self.cursor = 0
                    self.scroll = 0
            else:
                i = NF + MAX_EV + 2 * self.cursor + 1
                s[i] = 1 - s[i]
                self.save()
        elif b == btn.LEFT and self.cursor < n:
            base = NF + MAX_EV
            for m in range(self.cursor, n - 1):
                s[base + 2 * m] = s[base + 2 * m + 2]
                s[base + 2 * m + 1] = s[base + 2 * m + 3]
            s[base + 2 * (n - 1)] = NONE
            s[base + 2 * (n - 1) + 1] = 0
            s[F_NMON] = n - 1
            self.save()
        if self.cursor < self.scroll:
            self.scroll = self.cursor
        elif self.cursor > self.scroll + 5:
            self.scroll = self.cursor - 5

    def _add(self, b):
        total = len(self.story.type_names) + 3
        self.cursor = moved(b, self.cursor, total)
        if b == btn.B:
            self.screen = M_MONS
            self.cursor = self.s[F_NMON]
        elif b == btn.A:
            s = self.s
            n = s[F_NMON]
            nt = len(self.story.type_names)
            s[NF + MAX_EV + 2 * n] = self.cursor if self.cursor < nt else 100 + self.cursor - nt
            s[NF + MAX_EV + 2 * n + 1] = 0
            s[F_NMON] = n + 1
            self.save()
            self.screen = M_MONS
            self.cursor = n
        if self.cursor < self.scroll:
            self.scroll = self.cursor
        elif self.cursor > self.scroll + 5:
            self.scroll = self.cursor - 5

    def _odds(self, b):
        s = self.s
        o = F_ODDS
        ninv = len(self.story.inv_names)
        self.cursor = moved(b, self.cursor, 5)
        if b == btn.B or b == btn.A:
            self.screen = M_MENU
            self.cursor = 1
            self.save()
        elif b == btn.LEFT or b == btn.RIGHT:
            d = 1 if b == btn.RIGHT else -1
            f = self.cursor
            if f == 0:
                s[o] = (s[o] + d) % (ninv + 1)        # ninv: a custom value
                if s[o] < ninv:
                    s[o + 2] = self.attr_of(s[o], s[o + 1])
                    s[o + 4] = self.attr_of(s[o], LUCK)
            elif f == 1:
                s[o + 1] = (s[o + 1] + d) % len(ATTRIBUTES)
                if s[o] < ninv:
                    s[o + 2] = self.attr_of(s[o], s[o + 1])
            elif f == 2:
                v = s[o + 2] + d
                if 0 <= v <= 10:
                    s[o + 2] = v
                    s[o] = ninv
            elif f == 3:
                v = s[o + 3] + d
                if 1 <= v <= 19:
                    s[o + 3] = v
            else:
                v = s[o + 4] + d
                if 0 <= v <= 10:
                    s[o + 4] = v
                    s[o] = ninv

    def _adjust(self, b):
        s = self.s
        self.cursor = moved(b, self.cursor, len(ADJUST))
        if b == btn.B or b == btn.A:
            self.screen = M_MENU
            self.cursor = 2
            self.save()
        elif b == btn.LEFT or b == btn.RIGHT:
            d = 1 if b == btn.RIGHT else -1
            f = self.cursor
            if f == 0:
                v = s[F_THREAT] + d
                if 0 <= v <= 250:
                    s[F_THREAT] = v
            elif f == 1:
                v = s[F_TOKENS] + d
                if 0 <= v < self.time_now():
                    s[F_TOKENS] = v
            elif f == 2:
                f = s[F_EVENT]                  # the event (f's own slot: the frame stays on the C stack)
                if f < self.nevents():
                    v = s[NF + f] + d
                    if s[F_TOKENS] < v <= 20:
                        s[NF + f] = v
            else:
                v = s[F_EVENT] + d
                if 0 <= v < self.nevents():
                    s[F_EVENT] = v
                    s[F_TOKENS] = 0
                    s[F_OVER] = 0

    # ----- composing (no allocation) ---------------------------------------------------------------------

    def put_cut(self, row, col, s, width):
        """At most `width` characters of s."""
        t = self.text
        base = row * COLS
        n = len(s) if len(s) < width else width
        for i in range(n):
            if col < COLS:
                t[base + col] = s[i]
            col += 1
        return col

    def percent(self, row, col, h):
        """A percentage from hundredths, at most 5 characters: 40.00 (100 in full)."""
        if h >= 10000:
            return self.put(row, col, b"100")
        return self.hundredths(row, col, h)

    def compose_setup(self):
        self.put(0, 0, b"Mansions keeper")
        self.put(1, 0, self.story.title)
        self.put(3, 0, b"Investigators")
        self.num(3, 15, self.s[F_INV])
        self.inv = 3
        if self.has_save:
            self.put(5, 0, b"(replaces save)")
        self.put(7, 0, b"A:start B:back")

    def compose_menu(self):
        self.put(0, 0, b"Keeper menu")
        self.list_rows(1 << 8 | 1 << 4 | 6, MENU, self.cursor)
        self.put(7, 0, b"A:open B:back")

    def compose_event(self):
        self.put_page(EVENT_TEXT)
        self.put(1, 0, self.event_name)

    def compose_end(self):
        self.put_page(END_TEXT)
        row = self.s[F_ROW]
        st = self.story
        if row == NONE:
            return
        self.put_cut(1, 0, st.ev_names[row], COLS)
        win = st.ev_win[row]
        if win != WIN_NONE:
            self.put(2, 0, b"                ")
            self.put(3, 0, b"                ")
            self.put(4, 0, b"                ")
            self.put(5, 0, b"                ")
            self.put(3, 0, WINNER_TEXT[win])
            self.put(4, 0, WINNER_MORE[win])
            if self.s[F_EVENT] < self.nevents():
                self.put(0, 0, b"GAME OVER ")

    def compose_pick(self):
        """The top stage's cards: the keeper picks the one whose condition holds (the last has none)."""
        st = self.story
        e = self.s[F_EVENT]
        col = self.put(0, 0, b"EVENT ")
        col = self.frac(0, col, e + 1, self.nevents())
        self.put(0, col, b" which?")
        n = st.stage_rows[e]
        top = self.cursor - 2 if self.cursor > 2 else 0
        for r in range(3):
            i = top + r
            if i >= n:
                break
            row = st.stage_first[e] + i
            self.put_cut(1 + 2 * r, 0, st.ev_names[row], COLS)
            when = st.ev_when[row]
            if len(when):
                col = self.put(2 + 2 * r, 0, b" if ")
                self.put_cut(2 + 2 * r, col, when, COLS - col)
            else:
                self.put(2 + 2 * r, 0, b" otherwise")
            if i == self.cursor:
                self.inv = 1 + 2 * r
        self.put(7, 0, b"A:pick up/down")

    def compose_turn(self):
        s = self.s
        step = s[F_STEP]
        col = self.put(0, 0, b"Round ")
        self.num(0, col, s[F_ROUND])
        if step:
            self.put(0, 10, b"Step ")
            self.num(0, 15, step)
        col = self.put(1, 0, b"Threat ")
        col = self.num(1, col, s[F_THREAT])
        if s[F_GAIN]:
            col = self.put(1, col, b" (")
            col = self.signed(1, col, s[F_GAIN])
            self.put(1, col, b")")
        col = self.put(2, 0, b"Event ")
        col = self.frac(2, col, s[F_EVENT] + 1 if s[F_EVENT] < self.nevents() else self.nevents(),
                        self.nevents())
        col = self.put(2, col + 1, b"t ")
        self.frac(2, col, s[F_TOKENS], self.time_now())
        col = self.put(3, 0, b"Monsters ")
        col = self.num(3, col, s[F_NMON])
        col = self.put(3, col, b" att ")
        self.num(3, col, self.engaged())
        texts = STEP_TEXT[step]
        for r in range(3):
            self.put(4 + r, 0, texts[r])
        if step == 0:
            self.put(7, 0, b"A:keeper B:menu")
        elif step == 2:
            self.signed(6, 14, s[F_INV])
            self.put(7, 0, b"A:add B:menu")
        elif step == 3:
            k = s[F_KC]
            self.put(5, 0, b"<")
            self.put_cut(5, 1, self.story.kc_names[k], 12)
            self.num(5, 14 - digits(self.story.kc_cost[k]), self.story.kc_cost[k])
            self.put(5, 15, b">")
            col = self.put(6, 0, b"up:pay dn:undo ")
            self.put(7, 0, b"A:done B:menu")
        elif step == 4:
            row = 5
            shown = 0
            for m in range(s[F_NMON]):
                if self.mon_engaged(m) and shown < 2:
                    self.put(row, 0, b"                ")
                    col = self.put(row, 0, CLASS_NAMES[self.mon_class(m)])
                    self.put(row, col, b" deck")
                    row += 1
                    shown += 1
            if self.engaged() == 0:
                self.put(5, 0, b"none may attack ")
                self.put(6, 0, b"                ")
            elif self.engaged() > 2:
                col = self.put(6, 10, b"+")
                self.num(6, col, self.engaged() - 2)
            self.put(7, 0, b"A:next B:menu")
        elif step == 5:
            if s[F_TOKENS] + 1 >= self.time_now():
                self.put(6, 0, b"-> EVENT NOW    ")
            self.put(7, 0, b"A:token B:menu")
        else:
            self.put(7, 0, b"A:next B:menu")

    def compose_monsters(self):
        s = self.s
        n = s[F_NMON]
        self.put(0, 0, b"Monsters")
        for r in range(6):
            i = self.scroll + r
            if i > n:
                break
            if i == n:
                self.put(1 + r, 0, b"+ add monster")
            else:
                k = self.mon_kind(i)
                name = GENERIC[k - 100] if k >= 100 else self.story.type_names[k]
                self.put(1 + r, 0, b"*" if self.mon_engaged(i) else b" ")
                self.put_cut(1 + r, 1, name, 13)
                self.text[(1 + r) * COLS + 15] = CLASS_NAMES[self.mon_class(i)][0] - 32   # H B E
            if i == self.cursor:
                self.inv = 1 + r
        self.put(7, 0, b"A:*att lt:del")

    def compose_add(self):
        st = self.story
        nt = len(st.type_names)
        self.put(0, 0, b"Add a monster")
        for r in range(6):
            i = self.scroll + r
            if i >= nt + 3:
                break
            self.put(1 + r, 0, st.type_names[i] if i < nt else GENERIC[i - nt])
            if i == self.cursor:
                self.inv = 1 + r
        self.put(7, 0, b"A:add B:back")

    def compose_odds(self):
        s = self.s
        o = F_ODDS
        st = self.story
        self.put(0, 0, st.inv_names[s[o]] if s[o] < len(st.inv_names) else b"(any value)")
        self.put(1, 0, ATTR_NAMES[s[o + 1]])
        col = self.put(2, 0, b"value ")
        self.num(2, col, s[o + 2])
        col = self.put(3, 0, b"modifier ")
        self.signed(3, col, s[o + 3] - 10)
        col = self.put(4, 0, b"luck ")
        self.num(4, col, s[o + 4])
        t = target(s[o + 2], s[o + 3] - 10)
        col = self.put(4, 9, b"d10<=")
        self.num(4, col, t)
        self.put(5, 0, b"no skill")
        self.percent(5, 11, percent_hundredths(t))
        tl = luck_target(s[o + 2], s[o + 3] - 10, s[o + 4])
        col = self.put(6, 0, b"skill <=")
        self.num(6, col, tl)
        self.percent(6, 11, percent_hundredths(tl))
        self.inv = self.cursor
        self.put(7, 0, b"%/skill  B:back")

    def compose_adjust(self):
        s = self.s
        self.put(0, 0, b"Threat & timer")
        for i in range(len(ADJUST)):
            self.put(1 + i, 0, ADJUST[i])
        self.num(1, 14, s[F_THREAT])
        self.num(2, 14, s[F_TOKENS])
        self.num(3, 14, self.time_now())
        self.num(4, 14, s[F_EVENT] + 1)
        self.inv = 1 + self.cursor
        self.put(7, 0, b"lt/rt B:back")

    def show_leds(self):
        leds = self.leds
        leds.all(ledmod.OFF)
        s = self.s
        if self.screen == M_SETUP:
            return
        if s[F_OVER]:
            leds.set(ledmod.RED, ledmod.ON)
            return
        if s[F_STEP]:
            leds.set(ledmod.YELLOW, ledmod.ON)
        if s[F_TOKENS] + 1 >= self.time_now():
            leds.set(ledmod.RED, ledmod.BLINK)
        if s[F_THREAT] >= self.cheapest():
            leds.set(ledmod.GREEN, ledmod.ON)

    # the screens, in the order of M_SETUP ... M_PICK
    ON = (_setup, _turn, _menu, _monsters, _add, _odds, _adjust, ModeScreen.on_back, _end, _pick)
    SHOW = (compose_setup, compose_turn, compose_menu, compose_monsters, compose_add, compose_odds, compose_adjust,
            compose_event, compose_end, compose_pick)
