"""The handheld app: choose an adventure, set the situation, see the odds, play it out with advice;
or hand the device to a game mode (companion mode, and each mode listed in modes.py).

Thumby-style: `App(display, leds, data_dir, save_path)`, then `update(event, now_ms)` for each
button event (one handler per screen composes the screen's text lines; may allocate), `tick(now_ms)`
between events (scrolls a long name on the selected row) and `draw()` (blits the composed lines into
the display's framebuf; allocates nothing). The adventure is saved after every action (store.py:
power-cut safe) and resumed from the menu.

Buttons everywhere: up/down move, left/right change or scroll, A confirms, B goes back one level,
a long B returns to the menu, a long A shows the screen's legend (HELP).

Randomness: an adventure's dice are seeded from os.urandom (on the RP2040 the ring oscillator, in the
simulator the host's entropy) unless the app was made with a fixed `seed` (tests, golden frames);
the seed is in the save, so a resumed adventure replays exactly.
"""

import gc
import os
from array import array

try:                                  # for mypy only: MicroPython has no typing module
    from typing import Any
except ImportError:
    pass

import buttons as btn
import leds as ledmod
import store
from modes import MODES               # the game modes beside the adventure screens (generated: modes.py)
from kernel.errors import KernelError
from kernel.prng import SEED_MAX
from kernel.eldersign import adventure as advmod
from kernel.eldersign.adventure import Adventure, MAX_ACTIONS, ACT_ROLL, ACT_ENTER, P_ROLL, P_DECIDE
from kernel.eldersign.dice import DIE_FACES, FACE_TEXT, COLOUR_TEXT, NFACES
from kernel.eldersign.notation import parse_card, format_card, format_roll
from kernel.eldersign.oddstable import OddsTable, SolvedCard
from kernel.eldersign.fixed import percent_text
from kernel.eldersign.situation import Situation, FIELDS, TOPS as SIT_TOPS, TERROR_NAMES

COLS = 16
ROWS = 8
BODY = 7                # rows 0..6 of a scrolling screen; row 7 holds its keys
(S_MENU, S_SETS, S_CARDS, S_SEARCH, S_CUSTOM, S_SIT, S_ODDS, S_PLAY, S_ENTER, S_END, S_MSG, S_MODE,
 S_HELP, S_ASK) = range(14)
S_COMP = S_MODE         # the mode screen's first name (a mode entered by an older enter(app) sets it)
TOKENS = ("I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8", "I9", "I10", "I12", "L", "P", "T", "L/P",
          "T/P", "T/L", "L/P/T", "S1", "S2", "H1", "H2", "C", "|", ">")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ '"
MAX_LIST = 40
# The board's solver keeps at most this much heap free while it works (below it, the solve stops
# and the menu learns that the situation is too big for this board, before a MemoryError would)
RESERVE = 12 * 1024
# A solve estimated longer than this (by the Pico's time model) is asked about first: the screen
# shows the estimate, A solves, B goes back
ASK_MS = 10000
# The C core's workspace (the firmware's escore module) is one block, taken when a card is chosen
# while the heap is in one piece, at most BLOCK_MOST bytes and leaving BLOCK_KEEP free for the rest
# of the adventure (its screens, the save, the advice); every solve of that card uses it. A card
# whose set-up finds no room beside the block is set up first and the block taken again from what is
# left (nativesolver.solver_beside_block). A question only the pure-Python solver can answer lets the
# block go first (nativesolver.py).
BLOCK_MOST = 160 * 1024
BLOCK_KEEP = 28 * 1024
# Collect after every 4 KB allocated: a solve makes many small long-lived values among short-lived
# garbage, and MicroPython's first-fit heap never moves an object, so waiting for a full heap leaves
# long-lived values scattered and no 1 KB block free in a heap a third empty. Collecting early keeps
# them packed at the bottom (The Curator with a spell: 440 KB of heap without this, 190 KB with it).
# The price is time: a collection of a Pico's heap every 4 KB a solve allocates.
GC_THRESHOLD = 4096
MARQUEE_MS = 350        # a long name on the selected row moves one character per step
MARQUEE_PAUSE = 3       # steps it rests at each end

# menu actions
M_LIBRARY, M_SEARCH, M_CUSTOM, M_RESUME, M_MODE, M_MODE_RESUME = range(6)

# The legends (long A) are in DATA/help.txt, read a page at a time: "== name" then 8 rows per page
HELP_PAGES = {S_MENU: "menu", S_SETS: "sets", S_CARDS: "cards", S_SEARCH: "search", S_CUSTOM: "custom",
              S_SIT: "situation", S_ODDS: "odds", S_PLAY: "play", S_ENTER: "roll", S_END: "end", S_MSG: "message",
              S_ASK: "ask"}


Cancelled = btn.Cancelled       # B pressed during a long solve


def progress_done(done, estimated):
    """A solve's percentage: contexts solved of the estimate's (99 at most until it ends: the
    estimate may count contexts the solve never needs)."""
    pct = done * 100 // estimated if estimated > 0 else 0
    return pct if pct < 99 else 99


class TooBig(Exception):
    """A solve that would not fit in the heap (stopped before it runs out)."""


class AskFirst(Exception):
    """A solve estimated over ASK_MS: the player is asked first (ms: the estimate)."""

    def __init__(self, ms):
        super().__init__()
        self.ms = ms


def wrap(text, width=COLS):
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def random_seed():
    """A seed from the hardware's entropy (os.urandom; on the RP2040 the ring oscillator)."""
    try:
        b = os.urandom(4)
        return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) & SEED_MAX
    except (AttributeError, NotImplementedError, OSError):
        import time
        return (time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000000)) & SEED_MAX


class App:
    def __init__(self, display, leds, data_dir, save_path, seed=None):
        if hasattr(gc, "threshold"):
            # a 48th of the heap, at least 4 KB: a Pico's heap gets 4 KB; a roomy one (the unix
            # port's 2 MB default) is not fragmented by a solve and would only pay for collections
            heap = gc.mem_free() + gc.mem_alloc()  # type: ignore[attr-defined]
            gc.threshold(max(GC_THRESHOLD, heap // 48))
        self.display = display
        self.fb = display.fb
        self.leds = leds
        self.data_dir = data_dir
        self.save_path = save_path
        self.fixed_seed = seed
        self.mode = None                        # type: Any
        # (the running game mode's object)
        self.mode_index = -1
        self.mode_tick = None
        self.cancel_pressed = None              # set by the board loop: True when B was pressed
        self.refresh = None                     # called after a progress frame (the simulator)
        self.lines = [""] * ROWS
        self.inv = -1                           # highlighted row, -1 none
        self.scroll_row = -1                    # the row whose long text scrolls
        self.marquee = 0
        self.marquee_at = 0
        # A and B act when they are let go, unless they were held long: a long press is its own
        # action (the legend, the menu), never the short one as well. armed[b]: b went down on a
        # screen of the app (not eaten by a solve's cancel check) and has not acted long.
        self.armed = bytearray(btn.NBUTTONS)
        self.actions = array("i", range(MAX_ACTIONS))     # sized from the range: no list on the way
        # matching's buffers, made once while the heap is whole: every adventure played shares them
        self.work = advmod.Workspace()
        self.halves = array("i", [0, 0])
        try:
            self.table = OddsTable(data_dir + "/odds.bin")
        except (OSError, KernelError):
            self.table = None
        self.sets = self._scan_sets()
        self.sit = bytearray((6, 0, 0, 1, 0, 0, 0, 0, 0))
        self.adv = None
        self.solver = None
        self.plan = None                        # the solve in progress: _plan
        self.solved = None
        self.block = None                       # the C core's workspace while a card is played
        self.asked = None                       # (notation, situation) the player said to solve
        self.ask_ms = 0
        self.ask_back = S_MENU                  # the screen whose A asked for the long solve
        self.ask_cursor = 0
        self.card_index = -1
        self.title = ""
        self.notation = ""
        self.tokens = []
        self.too_big = None                     # the smallest situation found too big for this card
        self.items = []
        self.acts = []                          # the menu's (action, mode) per item
        self.list_from = S_SETS
        self.sit_from = S_CARDS
        self.top = 0                            # first body row shown on a scrolling screen
        self.follow = True                      # keep the chosen option's advice in view
        self.options = []
        self.opt = 0
        self.help_back = S_MENU
        self.help_page = 0
        self.all_options = False
        self.entry = bytearray(3 * NFACES)      # the roll being entered die by die
        self.entry_colours = []                 # type: list
        self.entry_dice = bytearray(0)          # the die codes in the order entered (undo)
        self.entry_pos = 0
        self.entry_face = 0
        self.msg = ""
        self.back = S_MENU
        self.odds = 0
        self.odds_source = ""
        self.list_title = ""
        self.set_cursor = 0
        self.card_cursor = 0
        self.prefix = ""
        self.letter = 0
        self.token = 0
        self.handlers = (self._on_menu, self._on_sets, self._on_cards, self._on_search, self._on_custom,
                         self._on_sit, self._on_odds, self._on_play, self._on_enter, self._on_end,
                         self._on_msg, self._on_mode, self._on_help, self._on_ask)
        self.goto(S_MENU)

    # ----- data ---------------------------------------------------------------------------------

    def _cards(self):
        """Yield (index, set, name, notation, terror) streaming cards.tsv."""
        f = open(self.data_dir + "/cards.tsv", "rb")
        try:
            i = 0
            for raw in f:
                parts = raw.decode().rstrip("\r\n").split("\t")
                if len(parts) == 4:
                    yield i, parts[0], parts[1], parts[2], parts[3]
                i += 1
        finally:
            f.close()

    def _scan_sets(self):
        names = []
        try:
            for _, s, _, _, _ in self._cards():
                if s not in names:
                    names.append(s)
        except OSError:
            pass
        return names

    def _find(self, set_name=None, prefix=None):
        out = []
        for i, s, name, notation, terror in self._cards():
            if set_name is not None and s != set_name:
                continue
            if prefix:
                low = name.lower()
                ok = low.startswith(prefix)
                if not ok:
                    for w in low.split(" "):
                        if w.startswith(prefix):
                            ok = True
                            break
                if not ok:
                    continue
            out.append((i, name, notation, terror))
            if len(out) >= MAX_LIST:
                break
        return out

    def mode_path(self, i):
        cut = self.save_path.rfind("/")
        return self.save_path[:cut + 1] + MODES[i][4]

    # ----- screens --------------------------------------------------------------------------------

    def goto(self, screen):
        self.screen = screen
        self.cursor = 0
        self.marquee = 0
        if screen == S_MENU:
            # the labels in self.items, what each does in self.acts
            items = ["Library", "Search by name", "Custom card"]
            acts = [(M_LIBRARY, 0), (M_SEARCH, 0), (M_CUSTOM, 0)]
            if store.exists(self.save_path):
                items.append("Resume")
                acts.append((M_RESUME, 0))
            for i in range(len(MODES)):             # each mode, then its Resume when it has a save
                items.append(MODES[i][0])
                acts.append((M_MODE, i))
                if MODES[i][1] is not None and store.exists(self.mode_path(i)):
                    items.append(MODES[i][1])
                    acts.append((M_MODE_RESUME, i))
            self.items = items
            self.acts = acts
            self.mode = None
            self.mode_index = -1
            self.solver = None
            self.solved = None
            self.block = None
            gc.collect()
            self.leds.all(ledmod.OFF)
        elif screen == S_SETS:
            self.items = list(self.sets)
        elif screen == S_SEARCH:
            self.prefix = ""
            self.letter = 0
        elif screen == S_CUSTOM:
            self.tokens = []
            self.token = 0
        self.compose()

    def message(self, text, back):
        self.msg = text
        self.back = back
        self.screen = S_MSG
        self.compose()

    def _list_lines(self, lines, head, texts):
        """A title row, six rows of a list with the cursor's row highlighted, the keys row."""
        lines[0] = head
        top = self.cursor - 5 if self.cursor > 5 else 0
        for k in range(6):
            j = top + k
            if j < len(texts):
                lines[k + 1] = texts[j]
                if j == self.cursor:
                    self.inv = k + 1
                    self.scroll_row = k + 1
        if not texts:
            lines[2] = "(nothing found)"
        lines[7] = "A:ok B:back"

    def _body_lines(self, lines, body, keys):
        """A body taller than the screen scrolls (left/right); the keys stay on row 7."""
        top = self.top
        if top > len(body) - BODY:
            top = len(body) - BODY if len(body) > BODY else 0
            self.top = top
        for k in range(BODY):
            if top + k < len(body):
                lines[k] = body[top + k]
        more = ("^" if top > 0 else "") + ("v" if top + BODY < len(body) else "")
        lines[7] = keys + " " * (COLS - len(keys) - len(more)) + more if more else keys
        return top

    def compose(self):
        """Fill self.lines for the current screen (allocation allowed here)."""
        s = self.screen
        self.inv = -1
        self.scroll_row = -1
        if s == S_MODE:
            self.mode.compose()
            return
        lines = [""] * ROWS
        if s == S_MENU:
            self._list_lines(lines, "Eldritch", self.items)
        elif s == S_SETS:
            self._list_lines(lines, "Sets", self.items)
        elif s == S_CARDS:
            self._list_lines(lines, self.list_title, [it[1] for it in self.items])
        elif s == S_SEARCH:
            lines[0] = "Search by name"
            lines[2] = (self.prefix + "[" + LETTERS[self.letter] + "]")[-COLS:]
            lines[4] = "up/dn letter"
            lines[5] = "rt:add lt:del"
            lines[7] = "A:find B:back"
        elif s == S_CUSTOM:
            lines[0] = "Custom card"
            body = wrap(" ".join(self.tokens + ["[" + TOKENS[self.token] + "]"]))
            for k in range(min(4, len(body))):
                lines[1 + k] = body[len(body) - min(4, len(body)) + k]
            lines[6] = "rt:add lt:del"
            lines[7] = "A:done B:back"
        elif s == S_SIT:
            self._compose_sit(lines)
        elif s == S_ODDS:
            lines[0] = self.title
            self.scroll_row = 0
            body = wrap(self.notation)
            for k in range(min(3, len(body))):
                lines[1 + k] = body[k]
            lines[4] = "odds %s%%" % percent_text(self.odds, 4)
            lines[5] = self.odds_source
            lines[7] = "A:play B:back"
        elif s == S_PLAY:
            self._compose_play(lines)
        elif s == S_ENTER:
            self._compose_enter(lines)
        elif s == S_END:
            won = self.adv.won()
            lines[0] = self.title
            self.scroll_row = 0
            lines[2] = "COMPLETED!" if won else "FAILED"
            lines[4] = "tasks done %d/%d" % (bin(self.adv.done_mask()).count("1"), self.adv.ntasks)
            lines[7] = "A:menu"
        elif s == S_MSG:
            body = wrap(self.msg)
            for k in range(min(7, len(body))):
                lines[k] = body[k]
            lines[7] = "A:ok"
        elif s == S_ASK:
            from kernel.eldersign.budget import text_seconds
            lines[0] = self.title
            self.scroll_row = 0
            lines[2] = "Solving takes"
            lines[3] = "about " + text_seconds(self.ask_ms)
            lines[5] = "A: solve"
            lines[6] = "B: back"
            lines[7] = "A:solve B:back"
        elif s == S_HELP:
            page = self.help_text(HELP_PAGES.get(self.help_back, "menu") + ("2" if self.help_page else ""))
            for k in range(min(ROWS, len(page))):
                lines[k] = page[k]
        self.lines = lines

    def _compose_sit(self, lines):
        lines[0] = self.title
        self.scroll_row = 0
        top = self.cursor - 4 if self.cursor > 4 else 0
        for k in range(5):
            j = top + k
            if j < len(FIELDS):
                v = self.sit[j]
                text = TERROR_NAMES[v] if j == 6 else ("yes" if v else "no") if j in (1, 2) else \
                    ("-" if v == 0 and j > 6 else str(v))
                lines[k + 1] = "%-8s %s" % (FIELDS[j], text)
                if j == self.cursor:
                    self.inv = k + 1
        lines[6] = self.sit_note()
        lines[7] = "A:odds B:back"

    def sit_note(self):
        """What the situation screen says under the values: why a value stops where it does."""
        j = self.cursor
        if 3 <= j <= 5 and self.sit[j] >= self.sit_top(j) and self.sit_top(j) < SIT_TOPS[j]:
            return "max: memory"
        return ""

    def _compose_play(self, lines):
        adv = self.adv
        g, y, r = adv.pool()
        f, sp, cl = adv.uses()
        body = ["%dG%s%s f%d s%d c%d" % (g, "+Y" if y else "", "+R" if r else "", f, sp, cl)]
        done = adv.done_mask()
        body.append("tasks " + "".join(["x" if done & (1 << t) else "." for t in range(adv.ntasks)]))
        held = format_roll(adv.held)
        if held:
            body.extend(wrap("held " + held))
        opt_row = -1
        if adv.phase() == P_ROLL:
            kept = format_roll(adv.kept)
            if kept:
                body.extend(wrap("kept " + kept))
            body.append("A: roll here")
            body.append("B: enter roll")
        else:
            body.extend(wrap("roll " + (format_roll(adv.roll_counts) or "(no dice)")))
            if self.options:
                code, value = self.options[self.opt]
                opt_row = len(body)
                body.append("%d/%d %s%%" % (self.opt + 1, len(self.options), percent_text(value, 2))
                            if value >= 0 else "%d/%d" % (self.opt + 1, len(self.options)))
                body.extend(wrap(adv.action_text(code)))
        if self.follow and opt_row >= 0:
            # the option and its whole advice in view (the status rows scroll away first)
            self.top = opt_row if opt_row < len(body) - BODY else len(body) - BODY
            if self.top < 0:
                self.top = 0
        top = self._body_lines(lines, body, "A:roll B:enter" if opt_row < 0 else "A:ok ud:option")
        if top <= opt_row < top + BODY:
            self.inv = opt_row - top

    def _compose_enter(self, lines):
        lines[0] = "Enter the roll"
        done = wrap(format_roll(self.entry) or "-")
        for k in range(min(3, len(done))):
            lines[1 + k] = done[len(done) - min(3, len(done)) + k]
        if self.entry_pos < len(self.entry_colours):
            c = self.entry_colours[self.entry_pos]
            lines[5] = "die %d/%d: %s%s" % (self.entry_pos + 1, len(self.entry_colours),
                                         (COLOUR_TEXT[c] + ":") if c else "",
                                         FACE_TEXT[DIE_FACES[c][self.entry_face]])
            self.inv = 5
        lines[7] = "A:next B:undo"

    # ----- events ---------------------------------------------------------------------------------

    def update(self, ev, now_ms=0):
        """Handle one button event; returns True when the screen changed. The arrows act when
        pressed; A and B when released after a short press, or at the long press (and not again
        when released); a raw_events mode gets every event as it comes."""
        if ev == btn.NONE:
            return False
        b = ev >> 2
        kind = ev & 3
        if not (self.screen == S_MODE and getattr(self.mode, "raw_events", 0)) and (b == btn.A or b == btn.B):
            if kind == btn.PRESS:
                self.armed[b] = 1
                return False
            if kind == btn.LONG:
                if not self.armed[b]:
                    return False
                self.armed[b] = 0
            elif kind == btn.RELEASE:
                if not self.armed[b]:
                    return False
                self.armed[b] = 0
                kind = btn.PRESS               # a short press, now that it is over
        elif kind == btn.RELEASE:
            if not (self.screen == S_MODE and getattr(self.mode, "raw_events", 0)):
                return False
        else:
            self.armed[b] = 0
        self.marquee = 0
        self.marquee_at = now_ms
        try:
            self._handle(b, kind)
        except KernelError as exc:
            self.message(str(exc), self.screen if self.screen != S_MODE else S_MENU)
        except TooBig:
            self._too_big()
        except AskFirst as ask:
            self.ask_ms = ask.ms
            self.ask_back = self.screen
            self.ask_cursor = self.cursor
            self.screen = S_ASK
            self.compose()
        except Cancelled:
            self.solver = None
            self.solved = None
            gc.collect()
            self.message("Solve cancelled.", S_SIT)
        except MemoryError:
            in_mode = self.mode is not None
            self.mode = None
            if not in_mode and self.screen in (S_SIT, S_ODDS):
                self._too_big()             # a solve ran out before the reserve check saw it
            else:
                self.solver = None
                self.solved = None
                gc.collect()
                self.message("Out of memory.", S_MENU)
        return True

    def _too_big(self):
        """A solve that does not fit: let it go, remember the situation (the menu stops below it)
        and say so."""
        self.solver = None
        self.solved = None
        self.too_big = bytes(self.sit)
        gc.collect()
        self._clamp_uses()
        self.message("Too big for this board's memory: %s, focus %d, spells %d, clues %d. The menu "
                     "now stops below it." % (Situation.from_values(self.too_big).pool_text(),
                                              self.too_big[3], self.too_big[4], self.too_big[5]), S_SIT)

    def tick(self, now_ms):
        """Between events: move a long name on the selected row; True when a redraw is due."""
        if self.screen == S_MODE:
            return self.mode_tick is not None and self.mode_tick(now_ms)
        if self.scroll_row < 0:
            return False
        over = len(self.lines[self.scroll_row]) - COLS
        if over <= 0 or now_ms - self.marquee_at < MARQUEE_MS:
            return False
        self.marquee_at = now_ms
        self.marquee += 1
        if self.marquee > over + 2 * MARQUEE_PAUSE:
            self.marquee = 0
        return True

    def marquee_offset(self):
        over = len(self.lines[self.scroll_row]) - COLS if self.scroll_row >= 0 else 0
        if over <= 0:
            return 0
        k = self.marquee - MARQUEE_PAUSE
        return 0 if k < 0 else over if k > over else k

    def _move(self, b, n):
        if b == btn.UP and self.cursor > 0:
            self.cursor -= 1
        elif b == btn.DOWN and self.cursor < n - 1:
            self.cursor += 1

    def _handle(self, b, kind):
        if self.screen == S_MODE and getattr(self.mode, "raw_events", 0):
            if self.mode.handle(b, kind):
                self.goto(S_MENU)
            return
        if kind == btn.LONG:
            if b == btn.B:
                self.goto(S_MENU)
            elif b == btn.A and self.screen != S_MODE and self.screen != S_HELP:
                self.help_back = self.screen
                self.help_page = 0
                self.screen = S_HELP
                self.compose()
            return
        self.handlers[self.screen](b)

    def _on_menu(self, b):
        self._move(b, len(self.items))
        if b == btn.A:
            action, i = self.acts[self.cursor]
            if action == M_LIBRARY:
                self.goto(S_SETS)
            elif action == M_SEARCH:
                self.goto(S_SEARCH)
            elif action == M_CUSTOM:
                self.goto(S_CUSTOM)
            elif action == M_RESUME:
                self.resume()
            else:
                resume = action == M_MODE_RESUME or (MODES[i][1] is None and store.exists(self.mode_path(i)))
                self.start_mode(i, resume)
            return
        self.compose()

    def _on_sets(self, b):
        self._move(b, len(self.items))
        if b == btn.A and self.items:
            name = self.items[self.cursor]
            self.list_title = name
            self.list_from = S_SETS
            self.set_cursor = self.cursor
            self._list(self._find(set_name=name))
            return
        if b == btn.B:
            self.goto(S_MENU)
            return
        self.compose()

    def _on_cards(self, b):
        self._move(b, len(self.items))
        if b == btn.A and self.items:
            self.card_cursor = self.cursor
            i, name, notation, terror = self.items[self.cursor]
            self.sit_from = S_CARDS
            self.choose(name, notation, TERROR_NAMES.index(terror), i)
            return
        if b == btn.B:
            if self.list_from == S_SETS:
                self.goto(S_SETS)
                self.cursor = self.set_cursor
                self.compose()
            else:
                self.screen = S_SEARCH
                self.compose()
            return
        self.compose()

    def _on_search(self, b):
        if b == btn.UP:
            self.letter = (self.letter + 1) % len(LETTERS)
        elif b == btn.DOWN:
            self.letter = (self.letter - 1) % len(LETTERS)
        elif b == btn.RIGHT:
            self.prefix += LETTERS[self.letter]
        elif b == btn.LEFT:
            self.prefix = self.prefix[:-1]
        elif b == btn.A:
            prefix = (self.prefix or LETTERS[self.letter]).lower()
            self.list_title = "'" + prefix + "'"
            self.list_from = S_SEARCH
            self._list(self._find(prefix=prefix))
            return
        elif b == btn.B:
            self.goto(S_MENU)
            return
        self.compose()

    def _on_custom(self, b):
        if b == btn.UP:
            self.token = (self.token + 1) % len(TOKENS)
        elif b == btn.DOWN:
            self.token = (self.token - 1) % len(TOKENS)
        elif b == btn.RIGHT:
            self.tokens.append(TOKENS[self.token])
        elif b == btn.LEFT and self.tokens:
            self.tokens.pop()
        elif b == btn.A:
            card = parse_card(" ".join(self.tokens))
            self.sit_from = S_CUSTOM
            self.choose("Custom", format_card(card), 0, -1)
            return
        elif b == btn.B:
            self.goto(S_MENU)
            return
        self.compose()

    def _on_sit(self, b):
        self._move(b, len(FIELDS))
        j = self.cursor
        if b == btn.RIGHT and self.sit[j] < self.sit_top(j):
            self.sit[j] += 1
        elif b == btn.LEFT and self.sit[j] > 0:
            self.sit[j] -= 1
        elif b == btn.A:
            if self._too_big_now():
                raise TooBig()
            self.show_odds()
            return
        elif b == btn.B:
            if self.sit_from == S_CARDS:
                self.screen = S_CARDS
                self.cursor = self.card_cursor
            else:
                self.screen = S_CUSTOM
            self.compose()
            return
        self._clamp_uses()
        self.compose()

    def _on_odds(self, b):
        if b == btn.A:
            self.start()
            return
        if b == btn.B:
            self.screen = S_SIT
        self.compose()

    def _on_play(self, b):
        adv = self.adv
        if b == btn.LEFT or b == btn.RIGHT:
            self.follow = False
            if b == btn.RIGHT:
                self.top += 1
            elif self.top > 0:
                self.top -= 1
            self.compose()
            return
        if adv.phase() == P_ROLL:
            if b == btn.A:
                adv.apply(ACT_ROLL)
                self.save()
                self.after_action()
            elif b == btn.B:
                self.begin_entry()
            return
        if b == btn.DOWN or b == btn.UP:
            self.follow = True
            if not self.all_options:
                self.advise_all()
            if b == btn.DOWN and self.opt < len(self.options) - 1:
                self.opt += 1
            elif b == btn.UP and self.opt > 0:
                self.opt -= 1
            self.compose()
        elif b == btn.A and self.options:
            adv.apply(self.options[self.opt][0])
            self.save()
            self.after_action()

    def _on_enter(self, b):
        c = self.entry_colours[self.entry_pos] if self.entry_pos < len(self.entry_colours) else 0
        if b == btn.UP:
            self.entry_face = (self.entry_face + 1) % 6
        elif b == btn.DOWN:
            self.entry_face = (self.entry_face - 1) % 6
        elif b == btn.A:
            if self.entry_pos < len(self.entry_colours):
                d = c * NFACES + DIE_FACES[c][self.entry_face]
                self.entry[d] += 1
                self.entry_dice[self.entry_pos] = d
                self.entry_pos += 1
                self.entry_face = 0
            if self.entry_pos >= len(self.entry_colours):
                self.adv.apply(ACT_ENTER + advmod.roll_code(self.entry))
                self.save()
                self.after_action()
                return
        elif b == btn.B:
            if self.entry_pos == 0:
                self.screen = S_PLAY
            else:                                  # undo: the last die entered only
                self.entry_pos -= 1
                self.entry[self.entry_dice[self.entry_pos]] -= 1
                self.entry_face = 0
        self.compose()

    def _on_end(self, b):
        if b == btn.A or b == btn.B:
            store.clear(self.save_path)
            self.goto(S_MENU)

    def _on_msg(self, b):
        if b == btn.A or b == btn.B:
            if self.back == S_MENU:
                self.goto(S_MENU)
                return
            self.screen = self.back
            self.compose()

    def _on_ask(self, b):
        """A long solve asked about: A solves (the action that asked, again), B goes back."""
        if b == btn.A:
            self.asked = (self.notation, bytes(self.sit))
            self.screen = self.ask_back
            self.cursor = self.ask_cursor
            self.handlers[self.screen](btn.A)
        elif b == btn.B:
            self.screen = self.ask_back
            self.cursor = self.ask_cursor
            self.compose()

    def _on_mode(self, b):
        if self.mode.handle(b, btn.PRESS):
            self.goto(S_MENU)

    def help_text(self, name):
        """The 8 rows of legend page `name` from DATA/help.txt (streamed: no legend stays in memory)."""
        rows = []
        try:
            f = open(self.data_dir + "/help.txt")
            try:
                found = False
                for line in f:
                    line = line.rstrip("\r\n")
                    if line.startswith("== "):
                        if found:
                            break
                        found = line[3:] == name
                    elif found:
                        rows.append(line)
            finally:
                f.close()
        except OSError:
            rows = ["(no help.txt)"]
        return rows

    def _on_help(self, b):
        if self.help_back == S_PLAY and not self.help_page:
            self.help_page = 1
        else:
            self.screen = self.help_back
        self.compose()

    def _list(self, items):
        self.items = items
        self.screen = S_CARDS
        self.cursor = 0
        self.compose()

    # ----- game modes -------------------------------------------------------------------------------

    def start_mode(self, i, resume):
        """Enter mode i (a new game or its save); the adventure's objects are let go first."""
        self.adv = None
        self.solver = None
        self.solved = None
        self.block = None
        gc.collect()
        cls = getattr(__import__(MODES[i][2]), MODES[i][3])
        # a long start (companion mode reads its card data) shows its progress; B goes back. The
        # class lends the progress frames to the constructor only: held there, they would keep
        # this app (and all it holds) alive past a power cycle of the simulator.
        cls.busy = self._mode_busy
        try:
            mode = cls(self.leds, self.mode_path(i))
        except Cancelled:
            self.goto(S_MENU)
            return
        finally:
            cls.busy = None
        mode.busy = self._mode_busy
        if self.fixed_seed is not None and hasattr(mode, "seed"):
            mode.seed = self.fixed_seed         # the simulator's --seed deals a mode's game too
        self.mode = mode
        self.mode_tick = getattr(mode, "tick", None)      # a mode may scroll long names too
        self.mode_index = i
        self.screen = S_MODE
        try:
            if resume:
                mode.resume()
            else:
                mode.new_game()
        except Cancelled:
            self.goto(S_MENU)

    def companion(self, resume):
        """Companion mode (kept for callers of the first version)."""
        self.start_mode(0, resume)

    @property
    def comp(self):
        return self.mode

    @comp.setter
    def comp(self, mode):
        self.mode = mode
        self.mode_tick = getattr(mode, "tick", None) if mode is not None else None

    # ----- the adventure --------------------------------------------------------------------------

    def choose(self, title, notation, terror, index):
        self.title = title
        self.notation = notation
        self.card_index = index
        self.sit[6] = terror
        self.solver = None
        self.solved = None
        self._take_block()
        self.screen = S_SIT
        self.cursor = 0
        self.too_big = None
        self._clamp_uses()
        self.compose()

    def sit_top(self, j):
        """The highest value the menu offers for field j: the situation's range, and below a
        situation that was found too big for this board's memory (focus, spells and clues: the
        others at least the big one's)."""
        top = SIT_TOPS[j]
        big = self.too_big
        if big is not None and 3 <= j <= 5:
            sit = self.sit
            for i in range(6):
                if i != j and sit[i] < big[i]:
                    return top
            return big[j] - 1 if big[j] > 0 else 0
        return top

    def _too_big_now(self):
        big = self.too_big
        if big is None:
            return False
        for j in range(6):
            if self.sit[j] < big[j]:
                return False
        return True

    def _clamp_uses(self):
        for j in (3, 4, 5):
            top = self.sit_top(j)
            if self.sit[j] > top:
                self.sit[j] = top

    def _progress(self, pairs):
        """A long solve: how far it is and the time left on the display, B cancels."""
        if self.cancel_pressed is not None and self.cancel_pressed():
            raise Cancelled()
        if gc.mem_free() < RESERVE:  # type: ignore[attr-defined]
            gc.collect()
            if gc.mem_free() < RESERVE:  # type: ignore[attr-defined]
                raise TooBig()
        lines = [""] * ROWS
        lines[0] = "Solving..."
        plan = self.plan
        if plan is not None and plan[0] is not None:
            done = progress_done(plan[0].contexts, plan[1])
            lines[2] = "%d%% done" % done
            lines[3] = "[" + "#" * (done * 14 // 100) + "." * (14 - done * 14 // 100) + "]"
            lines[4] = "%s left" % plan[2](plan[3] - plan[3] * done // 100)
        else:
            lines[2] = "%d rolls" % pairs
        lines[6] = "B: cancel"
        self.lines = lines
        self.inv = -1
        self.scroll_row = -1
        self.draw()
        if self.refresh is not None:
            self.refresh()

    def _take_block(self):
        """The C core's workspace for the card chosen (BLOCK_MOST), when the firmware has the core
        and the app does not hold one already."""
        from kernel.eldersign import nativesolver
        if self.block is None and nativesolver.escore is not None:
            gc.collect()
            self.block = nativesolver.take_block(BLOCK_MOST, BLOCK_KEEP)

    def _plan(self, solver, sit):
        """Before a solve: the board's estimate of it (kernel/eldersign/boardcost.py; with the C
        core, its own time and the block). A question the C core cannot answer in the block lets the
        block go first (the pure-Python solver needs the heap). One estimated over ASK_MS is asked
        about first (AskFirst) unless the player said to solve it; else the progress frames show the
        contexts solved of the estimate's and the time left by the Pico's time model. (The heap
        estimate errs high, up to twice the need: the app solves whatever fits and stops, in one
        line, at the reserve.) self.plan: (solver, contexts estimated, text of a duration, the whole
        solve's milliseconds), or None past the C core's limits, which the estimate shares."""
        from kernel.eldersign import budget
        ctx = (sit.green, sit.yellow, sit.red, (), sit.focus, sit.spells, sit.clues)
        try:
            est = solver.estimate(ctx)
            if getattr(est, "core", "python") != "c" and self.block is not None:
                solver.use_block(None)
                self.block = None
                gc.collect()
                est = solver.estimate(ctx)
        except KernelError:
            self.plan = None
            return
        ms = est.milliseconds("rp2040")
        if ms > ASK_MS and self.asked != (self.notation, bytes(self.sit)):
            raise AskFirst(ms)
        self.plan = (solver, est.contexts, budget.text_seconds, ms)

    def _mode_busy(self, mode):
        """A mode's progress frame (textscreen.TextScreen.progress): drawn at once; B, read on the
        board's clock, cancels the action (btn.Cancelled, which the mode catches)."""
        if self.cancel_pressed is not None and self.cancel_pressed():
            raise Cancelled()
        mode.draw(self.fb)
        self.display.show()
        if self.refresh is not None:
            self.refresh()

    def _need_solver(self):
        if self.solver is None:
            from kernel.eldersign.solver import situation_value
            from kernel.eldersign.nativesolver import board_solver, solver_beside_block
            sit = self.situation()
            # the C core's solver when the firmware has it (in the block), else the kernel's (lean)
            solver = solver_beside_block(
                lambda block: board_solver(parse_card(self.notation), sit.terror, sit.sanity, sit.stamina, block),
                self, BLOCK_MOST, BLOCK_KEEP)
            solver.progress = self._progress
            self._plan(solver, sit)
            try:
                situation_value(solver, sit)
            finally:
                self.plan = None
            self.solver = solver
            self.solved = None          # flattened at the first advice it answers (advise_best)
        return self.solver

    def show_odds(self):
        sit = self.situation()
        self.odds = -1
        if self.table is not None and self.card_index >= 0:
            k = self.table.find_set(sit)
            if k >= 0:
                self.table.lookup(self.card_index, k, self.halves)
                self.odds = (self.halves[0] << 24) | self.halves[1]
                self.odds_source = "(table)"
        if self.odds < 0:
            self.solver = None
            self.solved = None
            gc.collect()
            from kernel.eldersign.solver import situation_value
            self.odds = situation_value(self._need_solver(), sit)
            self.odds_source = "(solved here)"
        self.leds.band(self.odds >> 24)
        self.screen = S_ODDS
        self.top = 0
        self.compose()

    def start(self, seed=None):
        if seed is None:
            seed = self.fixed_seed if self.fixed_seed is not None else random_seed()
        adv = Adventure(self.notation, self.situation(), seed, self.work)
        self._need_solver()                     # before the save: a situation too big stops here
        self.adv = adv
        self.save()
        self.top = 0
        self.after_action()

    def situation(self):
        """The Situation the menu has set (self.sit holds its values in situation.FIELDS order)."""
        return Situation.from_values(self.sit)

    def resume(self):
        adv = store.load(self.save_path, self._deserialize)
        if adv is None:
            self.message("no readable save", S_MENU)
            return
        self.adv = adv
        self.notation = adv.notation
        self.title = "Resumed"
        for i in range(9):
            self.sit[i] = adv.sit[i]
        self.solver = None
        self.card_index = -1
        self._take_block()
        self.top = 0
        self.after_action()

    def _deserialize(self, blob):
        return advmod.deserialize(blob, self.work)

    def save(self):
        store.save(self.save_path, self.adv.serialize())

    def after_action(self):
        adv = self.adv
        if adv.is_terminal():
            self.screen = S_END
            self.leds.all(ledmod.OFF)
            self.leds.set(ledmod.GREEN if adv.won() else ledmod.RED, ledmod.BLINK)
            self.compose()
            return
        self.screen = S_PLAY
        self.options = []
        self.opt = 0
        self.top = 0
        self.follow = True
        if adv.phase() == P_DECIDE:
            self.advise_best()
        self.screen = S_PLAY
        self.compose()

    def advise_best(self):
        """The best option first; from a solved card without allocation when no spells or clues."""
        self._need_solver()
        adv = self.adv
        n = adv.legal_actions(self.actions)
        i = -1
        if not (adv.st[6] or adv.st[7]):
            if self.solved is None:
                # flattened from the solver's values when it first answers, not beside the odds
                # solve's peak: with spells or clues left it answers nothing (advise_all does), and
                # Lights Out's first roll with a clue (6G+Y+R, focus 1) fits a Pico's heap only
                # without it (the C core's solver reads its own memo instead: solved_card)
                solved_card = getattr(self.solver, "solved_card", None)
                self.solved = solved_card() if solved_card is not None else SolvedCard(self.solver)
            i = self.solved.best(adv, self.actions, n, self.halves)
        if i >= 0:
            self.options = [(self.actions[i], (self.halves[0] << 24) | self.halves[1])]
            self.all_options = False
        else:
            self.advise_all()
        self.leds.band(self.options[0][1] >> 24 if self.options else 0)

    def advise_all(self):
        from kernel.eldersign.advice import advise
        adv = self.adv
        n = adv.legal_actions(self.actions)
        codes = {}
        for k in range(n):
            codes[adv.action_text(self.actions[k])] = self.actions[k]
        f, sp, cl = adv.uses()
        now = Situation(0, 0, 0, f, sp, cl, adv.sit[6], adv.sit[7], adv.sit[8])
        opts = advise(self.solver, adv.roll_counts, now, adv.held, adv.done_mask()) if sum(adv.pool()) else []
        out = []
        for o in opts:
            if o.text in codes:
                out.append((codes.pop(o.text), o.value))
        for k in range(n):             # what advice does not list (a lost fail): last, value 0
            a = self.actions[k]
            if adv.action_text(a) in codes:
                out.append((a, 0))
        self.options = out
        self.all_options = True

    def begin_entry(self):
        adv = self.adv
        self.entry = bytearray(adv.kept)
        colours = []
        g, y, r = adv.pool()
        counts = (g, y, r)
        for c in range(3):
            left = counts[c]
            for f in range(NFACES):
                left -= adv.kept[c * NFACES + f]
            colours.extend([c] * left)
        self.entry_colours = colours
        self.entry_dice = bytearray(len(colours))
        self.entry_pos = 0
        self.entry_face = 0
        self.screen = S_ENTER
        self.compose()

    # ----- drawing ----------------------------------------------------------------------------------

    def screen_lines(self):
        """The text rows on the display (the simulator's frame log; allocates)."""
        if self.screen == S_MODE:
            return self.mode.screen_lines()
        out = []
        for i in range(ROWS):
            line = self.lines[i]
            if i == self.scroll_row:
                k = self.marquee_offset()
                line = line[k:]
            out.append(line[:COLS])
        return out

    def draw(self):
        """Blit the composed lines into the framebuf and send it (allocates nothing): a long line
        is drawn from a negative x so the framebuf clips it (the selected row's moves)."""
        fb = self.fb
        if self.screen == S_MODE:
            self.mode.draw(fb)
            self.display.show()
            return
        fb.fill(0)
        lines = self.lines
        inv = self.inv
        for i in range(ROWS):
            x = -8 * self.marquee_offset() if i == self.scroll_row else 0
            if i == inv:
                fb.fill_rect(0, i * 8, 128, 8, 1)
                fb.text(lines[i], x, i * 8, 0)
            else:
                fb.text(lines[i], x, i * 8, 1)
        self.display.show()
