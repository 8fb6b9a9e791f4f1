"""The handheld app: choose an adventure, set the situation, see the odds, play it out with advice.

Thumby-style: `App(display, leds, data_dir, save_path)`, then `update(event, now_ms)` for each
button event (composes the screen's text lines; may allocate) and `draw()` (blits the composed lines
into the display's framebuf; allocates nothing). The adventure is saved after every action
(store.py: power-cut safe) and resumed from the menu.

"Companion game" hands the buttons and the display to companion.py (imported when first chosen, so
the adventure screens do not pay for the whole-game kernel); its save, companion.sav, sits beside
the adventure's save.
"""

import gc
from array import array

import buttons as btn
import leds as ledmod
import store
import compsave
from kernel.errors import KernelError
from kernel.eldersign import adventure as advmod
from kernel.eldersign.adventure import Adventure, MAX_ACTIONS, ACT_ROLL, ACT_ENTER, P_ROLL, P_DECIDE
from kernel.eldersign.dice import DIE_FACES, FACE_TEXT, COLOUR_TEXT, NFACES
from kernel.eldersign.notation import parse_card, format_card, format_roll
from kernel.eldersign.oddstable import OddsTable, SolvedCard, split, HALF
from kernel.eldersign.fixed import percent_text
from kernel.eldersign.situation import Situation, FIELDS, TOPS as SIT_TOPS, TERROR_NAMES

COLS = 16
ROWS = 8
S_MENU, S_SETS, S_CARDS, S_SEARCH, S_CUSTOM, S_SIT, S_ODDS, S_PLAY, S_ENTER, S_END, S_MSG, S_COMP = range(12)
TOKENS = ("I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8", "I9", "I10", "I12", "L", "P", "T", "L/P",
          "T/P", "T/L", "L/P/T", "S1", "S2", "H1", "H2", "C", "|", ">")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ '"
MAX_LIST = 40


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


class App:
    def __init__(self, display, leds, data_dir, save_path):
        self.display = display
        self.fb = display.fb
        self.leds = leds
        self.data_dir = data_dir
        self.save_path = save_path
        cut = save_path.rfind("/")
        self.comp_path = save_path[:cut + 1] + "companion.sav"
        self.ark_path = save_path[:cut + 1] + "arkham.sav"
        self.comp = None
        self.lines = [""] * ROWS
        self.inv = -1                           # highlighted row, -1 none
        self.actions = array("i", [0] * MAX_ACTIONS)
        self.halves = array("i", [0, 0])
        try:
            self.table = OddsTable(data_dir + "/odds.bin")
        except (OSError, KernelError):
            self.table = None
        self.sets = self._scan_sets()
        self.sit = bytearray((6, 0, 0, 1, 0, 0, 0, 0, 0))
        self.adv = None
        self.solver = None
        self.solved = None
        self.card_index = -1
        self.title = ""
        self.notation = ""
        self.tokens = []
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

    # ----- screens --------------------------------------------------------------------------------

    def goto(self, screen):
        self.screen = screen
        self.cursor = 0
        if screen == S_MENU:
            self.items = ["Library", "Search by name", "Custom card", "Companion game"]  # type: list
            if store.load(self.save_path, advmod.deserialize) is not None:
                self.items.append("Resume")
            if store.load(self.comp_path, compsave.decode) is not None:
                self.items.append("Resume companion")
            self.items.append("Arkham Horror")
            if store.load(self.ark_path, bytes) is not None:
                self.items.append("Resume Arkham")
            self.comp = None
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

    def compose(self):
        """Fill self.lines for the current screen (allocation allowed here)."""
        s = self.screen
        if s == S_COMP:
            self.comp.compose()
            return
        lines = [""] * ROWS
        self.inv = -1
        if s in (S_MENU, S_SETS, S_CARDS):
            head = "Eldritch" if s == S_MENU else "Sets" if s == S_SETS else self.list_title
            lines[0] = head[:COLS]
            top = self.cursor - 5 if self.cursor > 5 else 0
            for k in range(6):
                j = top + k
                if j < len(self.items):
                    item = self.items[j]
                    lines[k + 1] = (item if isinstance(item, str) else item[1])[:COLS]
                    if j == self.cursor:
                        self.inv = k + 1
            if not self.items:
                lines[2] = "(nothing found)"
            lines[7] = "A:ok B:back"
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
            lines[0] = self.title[:COLS]
            top = self.cursor - 5 if self.cursor > 5 else 0
            for k in range(6):
                j = top + k
                if j < len(FIELDS):
                    v = self.sit[j]
                    text = TERROR_NAMES[v] if j == 6 else ("yes" if v else "no") if j in (1, 2) else \
                        ("-" if v == 0 and j > 6 else str(v))
                    lines[k + 1] = "%-8s %s" % (FIELDS[j], text)
                    if j == self.cursor:
                        self.inv = k + 1
            lines[7] = "A:odds B:back"
        elif s == S_ODDS:
            lines[0] = self.title[:COLS]
            body = wrap(self.notation)
            for k in range(min(3, len(body))):
                lines[1 + k] = body[k]
            lines[4] = "odds %s%%" % percent_text(self.odds, 4)
            lines[5] = self.odds_source
            lines[7] = "A:play B:back"
        elif s == S_PLAY:
            self._compose_play(lines)
        elif s == S_ENTER:
            lines[0] = "Enter the roll"
            done = wrap(format_roll(self.entry) or "-")
            for k in range(min(3, len(done))):
                lines[1 + k] = done[k]
            if self.entry_pos < len(self.entry_colours):
                c = self.entry_colours[self.entry_pos]
                lines[5] = "die %d/%d: %s%s" % (self.entry_pos + 1, len(self.entry_colours),
                                             (COLOUR_TEXT[c] + ":") if c else "",
                                             FACE_TEXT[DIE_FACES[c][self.entry_face]])
            lines[7] = "A:next B:undo"
        elif s == S_END:
            won = self.adv.won()
            lines[0] = self.title[:COLS]
            lines[2] = "COMPLETED!" if won else "FAILED"
            lines[4] = "done %d of %d" % (bin(self.adv.done_mask()).count("1"), self.adv.ntasks)
            lines[7] = "A:menu"
        elif s == S_MSG:
            body = wrap(self.msg)
            for k in range(min(6, len(body))):
                lines[k] = body[k]
            lines[7] = "A:ok"
        self.lines = lines

    def _compose_play(self, lines):
        adv = self.adv
        g, y, r = adv.pool()
        f, sp, cl = adv.uses()
        lines[0] = ("%dG%s%s f%d s%d c%d" % (g, "Y" if y else "", "R" if r else "", f, sp, cl))[:COLS]
        done = adv.done_mask()
        lines[1] = "tasks " + "".join(["x" if done & (1 << t) else "." for t in range(adv.ntasks)])
        if adv.phase() == P_ROLL:
            lines[3] = "A: roll here"
            lines[4] = "B: enter roll"
            return
        roll = wrap(format_roll(adv.roll_counts) or "(no dice)")
        for k in range(min(2, len(roll))):
            lines[2 + k] = roll[k]
        if not self.options:
            return
        code, value = self.options[self.opt]
        lines[4] = "%d/%d %s%%" % (self.opt + 1, len(self.options), percent_text(value, 2)) \
            if value >= 0 else "%d/%d" % (self.opt + 1, len(self.options))
        body = wrap(adv.action_text(code))
        for k in range(min(3, len(body))):
            lines[5 + k] = body[k]
        self.inv = 4

    # ----- events ---------------------------------------------------------------------------------

    def update(self, ev, now_ms=0):
        """Handle one button event (press or long press); returns True when the screen changed."""
        if ev == btn.NONE:
            return False
        b = ev >> 2
        kind = ev & 3
        if kind == btn.RELEASE:
            return False
        try:
            self._handle(b, kind)
        except KernelError as exc:
            self.message(str(exc), self.screen)
        except MemoryError:
            self.message("out of memory" if self.screen == S_COMP or self.comp is not None
                         else "out of memory: fewer dice or uses", S_MENU)
        return True

    def _move(self, b, n):
        if b == btn.UP and self.cursor > 0:
            self.cursor -= 1
        elif b == btn.DOWN and self.cursor < n - 1:
            self.cursor += 1

    def _handle(self, b, kind):
        s = self.screen
        if kind == btn.LONG and b == btn.B:
            self.goto(S_MENU)
            return
        if kind == btn.LONG:
            return
        if s == S_COMP:
            if self.comp.handle(b, kind):
                self.goto(S_MENU)
            return
        if s == S_MENU:
            self._move(b, len(self.items))
            if b == btn.A:
                item = self.items[self.cursor]
                if item == "Library":
                    self.goto(S_SETS)
                elif item == "Search by name":
                    self.goto(S_SEARCH)
                elif item == "Custom card":
                    self.goto(S_CUSTOM)
                elif item == "Companion game" or item == "Resume companion":
                    self.companion(item == "Resume companion")
                elif item == "Arkham Horror" or item == "Resume Arkham":
                    self.arkham(item == "Resume Arkham")
                else:
                    self.resume()
                return
        elif s == S_SETS:
            self._move(b, len(self.items))
            if b == btn.A and self.items:
                name = self.items[self.cursor]
                self.list_title = name
                self._list(self._find(set_name=name))
                return
            if b == btn.B:
                self.goto(S_MENU)
                return
        elif s == S_CARDS:
            self._move(b, len(self.items))
            if b == btn.A and self.items:
                i, name, notation, terror = self.items[self.cursor]
                self.choose(name, notation, TERROR_NAMES.index(terror), i)
                return
            if b == btn.B:
                self.goto(S_MENU)
                return
        elif s == S_SEARCH:
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
                self._list(self._find(prefix=prefix))
                return
            elif b == btn.B:
                self.goto(S_MENU)
                return
        elif s == S_CUSTOM:
            if b == btn.UP:
                self.token = (self.token + 1) % len(TOKENS)
            elif b == btn.DOWN:
                self.token = (self.token - 1) % len(TOKENS)
            elif b == btn.RIGHT:
                self.tokens.append(TOKENS[self.token])
            elif b == btn.LEFT and self.tokens:
                self.tokens.pop()
            elif b == btn.A:
                text = " ".join(self.tokens)
                card = parse_card(text)
                self.choose("Custom", format_card(card), 0, -1)
                return
            elif b == btn.B:
                self.goto(S_MENU)
                return
        elif s == S_SIT:
            self._move(b, len(FIELDS))
            j = self.cursor
            if b == btn.RIGHT and self.sit[j] < SIT_TOPS[j]:
                self.sit[j] += 1
            elif b == btn.LEFT and self.sit[j] > 0:
                self.sit[j] -= 1
            elif b == btn.A:
                self.show_odds()
                return
            elif b == btn.B:
                self.goto(S_MENU)
                return
        elif s == S_ODDS:
            if b == btn.A:
                self.start()
                return
            if b == btn.B:
                self.screen = S_SIT
        elif s == S_PLAY:
            self._play(b)
            return
        elif s == S_ENTER:
            self._enter(b)
            return
        elif s == S_END:
            if b == btn.A:
                store.clear(self.save_path)
                self.goto(S_MENU)
                return
        elif s == S_MSG:
            if b == btn.A:
                self.screen = self.back
                if self.back == S_MENU:
                    self.goto(S_MENU)
                    return
        self.compose()

    def _list(self, items):
        self.items = items
        self.screen = S_CARDS
        self.cursor = 0
        self.compose()

    # ----- companion mode ---------------------------------------------------------------------------

    def companion(self, resume):
        """Enter companion mode (a new game or the saved one); the adventure's objects are let go."""
        self.adv = None
        self.solver = None
        self.solved = None
        gc.collect()
        if self.comp is None:
            from companion import Companion
            self.comp = Companion(self.leds, self.comp_path)
        if resume:
            self.comp.resume()
        else:
            self.comp.new_game()
        self.screen = S_COMP

    def arkham(self, resume):
        """The Arkham Horror companion (arkham_mode.py, imported when first chosen) in the S_COMP slot."""
        self.adv = None
        self.solver = None
        self.solved = None
        self.comp = None
        gc.collect()
        from arkham_mode import ArkhamMode
        self.comp = ArkhamMode(self.leds, self.ark_path)
        if resume:
            self.comp.resume()
        else:
            self.comp.new_game()
        self.screen = S_COMP

    # ----- the adventure --------------------------------------------------------------------------

    def choose(self, title, notation, terror, index):
        self.title = title
        self.notation = notation
        self.card_index = index
        self.sit[6] = terror
        self.solver = None
        self.solved = None
        self.screen = S_SIT
        self.cursor = 0
        self.compose()

    def _need_solver(self):
        if self.solver is None:
            from kernel.eldersign.solver import Solver, situation_value
            sit = self.situation()
            self.solver = Solver(parse_card(self.notation), sit.terror, sit.sanity, sit.stamina, lean=True)
            situation_value(self.solver, sit)
            self.solved = SolvedCard(self.solver)
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
            from kernel.eldersign.solver import situation_value
            self.odds = situation_value(self._need_solver(), sit)
            self.odds_source = "(solved here)"
        self.leds.band(self.odds >> 24)
        self.screen = S_ODDS
        self.compose()

    def start(self, seed=None):
        if seed is None:
            seed = self.card_index * 7919 + 1
        self.adv = Adventure(self.notation, self.situation(), seed)
        self.save()
        self.screen = S_PLAY
        self.options = []
        self.compose()

    def situation(self):
        """The Situation the menu has set (self.sit holds its values in situation.FIELDS order)."""
        return Situation.from_values(self.sit)

    def resume(self):
        adv = store.load(self.save_path, advmod.deserialize)
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
        self.after_action()

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
        if adv.phase() == P_DECIDE:
            self.advise_best()
        self.compose()

    def advise_best(self):
        """The best option first; from a solved card without allocation when no spells or clues."""
        self._need_solver()
        adv = self.adv
        n = adv.legal_actions(self.actions)
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

    def _play(self, b):
        adv = self.adv
        if adv.phase() == P_ROLL:
            if b == btn.A:
                adv.apply(ACT_ROLL)
                self.save()
                self.after_action()
            elif b == btn.B:
                self.begin_entry()
            return
        if b in (btn.DOWN, btn.UP):
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
        self.entry_pos = 0
        self.entry_face = 0
        self.screen = S_ENTER
        self.compose()

    def _enter(self, b):
        c = self.entry_colours[self.entry_pos] if self.entry_pos < len(self.entry_colours) else 0
        if b == btn.UP:
            self.entry_face = (self.entry_face + 1) % 6
        elif b == btn.DOWN:
            self.entry_face = (self.entry_face - 1) % 6
        elif b == btn.A:
            if self.entry_pos < len(self.entry_colours):
                self.entry[c * NFACES + DIE_FACES[c][self.entry_face]] += 1
                self.entry_pos += 1
                self.entry_face = 0
            if self.entry_pos >= len(self.entry_colours):
                self.adv.apply(ACT_ENTER + advmod.roll_code(self.entry))
                self.save()
                self.after_action()
                return
        elif b == btn.B:
            self.screen = S_PLAY
        self.compose()

    # ----- drawing ----------------------------------------------------------------------------------

    def screen_lines(self):
        """The text rows on the display (the simulator's frame log; allocates)."""
        if self.screen == S_COMP:
            return self.comp.screen_lines()
        return self.lines

    def draw(self):
        """Blit the composed lines into the framebuf and send it (allocates nothing)."""
        fb = self.fb
        if self.screen == S_COMP:
            self.comp.draw(fb)
            self.display.show()
            return
        fb.fill(0)
        lines = self.lines
        inv = self.inv
        for i in range(ROWS):
            if i == inv:
                fb.fill_rect(0, i * 8, 128, 8, 1)
                fb.text(lines[i], 0, i * 8, 0)
            else:
                fb.text(lines[i], 0, i * 8, 1)
        self.display.show()
