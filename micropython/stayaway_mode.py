"""Stay Away! pass-and-play: the handheld is the table's referee, passed from player to player.

The display stays blank but for one public line (whose turn it is to look) until the player named
holds B; while B is held it shows that player's own view (kernel/stayaway/game/views.py) and the
buttons choose; releasing B blanks it again. When an action gives the decision to another player
the screen blanks at once, even with B still held, and names the next player.

While B is held:
  left/right   pages: Actions (your choices), Hand (your cards and role), Table (seats, Locked
               doors "|", Quarantine "q", the direction), News (your own log, newest last)
  up/down      the highlighted action / scroll the news
  A            do the highlighted action
With B released (the privacy screen): a long press on A leaves for the main menu (the game is
saved and can be resumed).

Setup: the number of players (left/right), then an 8-digit table PIN (up/down a digit, left/right the
place): every save is sealed with it and with the device's own key (kernel/stayaway/game/crypt.py:
Balloon-SHA256 over 16 KB the mode already holds, about 2.7 s on the RP2040 by the estimate in
micropython/README.md), so the save file tells nothing without both, and a save copied off the
device cannot be opened elsewhere; resuming asks for the PIN. The device key is 32 random bytes made
the first time a game is sealed and kept in the store beside the saves (DEVICE_KEY, power-cut safe);
it is never written anywhere else. If the newest save will not open but the one before it does (a
damaged record), the game goes on from that one. The game is saved after every action.

LEDs (nothing secret: who must act is public at the table):
  green   the active player's own turn (play, offer, Resolute, a Panic! card's choice)
  yellow  blinking: an exchange under way (a player answers an offer, or Round and round)
  red     someone answers a card aimed at them (a Flamethrower, a swap) or Revelations asks
  at the end: green blinks when the Humans won, red when The Thing's side won.

The screens are modescreen.py's (one key handler and one composer per screen: the tables ON and
SHOW; its notes, lists, end and saving); the player's screens take every event (raw_events).
Button handling and composing allocate nothing: the view is written into one bytearray
(`write_view`), the legal actions into one array, the screen into 8 x 16 bytes
(textscreen.py) from bytes constants.
An action's kernel step allocates nothing either; the save after it (state bytes, sealing) allocates.
"""

import gc

import buttons as btn
import leds as ledmod
import store
from textscreen import COLS, SPACE, quick
from modescreen import ModeScreen, list_top
from kernel.errors import KernelError
from kernel.stayaway.game import defs as D
from kernel.stayaway.game.views import (write_view, V_ME, V_ROLE, V_PHASE, V_ACTIVE, V_DIRECTION,
                                         V_TURN, V_SEATS, V_QUAR, V_DOOR, V_HAND_N, V_HAND, V_NEVENTS,
                                         V_EVENTS, V_CTX_A, V_CTX_B, V_CTX_CARD, V_RES, V_THING, V_PLAYERS)

M_SETUP, M_PIN, M_PRIVACY, M_PLAYER, M_OVER, M_NOTE, M_RESUME = range(7)
PAGES = (b"Acts", b"Hand", b"Tabl", b"News")
VERBS = (b"", b"Disc ", b"Play ", b"Offer ", b"Give ", b"Defend ", b"No defence", b"Keep ", b"DECLARE",
         b"", b"Target ", b"Forget ", b"Pass ", b"To pile ")
ROLE_SHORT = (b"Human", b"Infected", b"The Thing")
RESULT_SHORT = (b"Thing burnt", b"No Human left", b"Thing alone", b"False declare", b"Flame found",
                b"Vengeful end")
DIGITS = b"0123456789"
PIN_DIGITS = 8
DEVICE_KEY = "device.key"      # beside the saves: the store's records device.key.a / .b
RESERVE = 32 * 1024           # held from entering the mode until the game's big buffers are made
STATE_LOGS = D.MAX_EVENTS * D.EVENT_BYTES + 2 * D.MAX_LOG + 512   # a state's event and action logs
NEWS_ROWS = 6
NEWS_KEEP = 60                 # the newest events of the player's log the News page can scroll through
MAX_LIST = 5


class StayAwayMode(ModeScreen):
    """The pass-and-play screens. `handle(button, kind)` returns True to leave for the main menu."""

    raw_events = True          # the app forwards presses, releases and long presses (B is held)
    NOTE = M_NOTE

    def __init__(self, leds, save_path, rules=None, seed=None):
        self.leds = leds
        self.seed = seed               # None: a new game's seed comes from the device's randomness
        self.save_path = save_path
        self.rules = rules
        self.state = None
        self.sealer = None
        self.box = None
        # one contiguous block kept free for the save buffer and the state's logs (26 KB of them):
        # loading the kernel's modules afterwards leaves the heap in small pieces
        self.reserve = bytearray(RESERVE)
        super().__init__()
        self.view = bytearray(V_EVENTS + 4 * NEWS_KEEP)
        self.vlen = 0
        self.acts = None           # the state's own action buffer once there is a state (refresh)
        self.nacts = 0
        self.players = 5
        self.pin = bytearray(PIN_DIGITS)
        self.dkey = None
        self.pin_pos = 0
        self.screen = M_SETUP
        self.held = False
        self.page = 0
        self.cursor = 0
        self.scroll = 0
        self.note = b""             # why a game did not start or resume (compose_note)
        self.back = M_SETUP

    # ----- the game (everything that allocates) ---------------------------------------------------

    def _rules(self):
        if self.rules is None:
            from kernel.stayaway.game.rules import Rules
            self.rules = Rules()
        return self.rules

    def passphrase(self):
        return bytes([DIGITS[d] for d in self.pin])

    def device_key(self):
        """The device's own key: read from its store, or made (once, at the first sealed save) and
        kept there. A new key makes older saves unreadable, so one that is there is never replaced."""
        if self.dkey is None:
            from kernel.stayaway.game.crypt import new_device_key, DEVICE_KEY as N
            cut = self.save_path.rfind("/")
            path = self.save_path[:cut + 1] + DEVICE_KEY
            key = store.read(path)
            if key is None or len(key) != N:
                if store.exists(path):
                    raise KernelError("save", "the device key is damaged")
                store.save(path, new_device_key())
                key = store.read(path)
            self.dkey = bytes(key)
        return self.dkey

    def _sealer(self, scratch):
        """The keys for the table PIN (the derivation: about 4 s on an RP2040, with its progress)."""
        from kernel.stayaway.game.crypt import Sealer
        return quick(Sealer, self.passphrase(), device_key=self.device_key(), scratch=scratch,
                     progress=self._opening)

    def _opening(self, done, total):
        self.progress(b"Opening the seal", done, total)

    def start(self):
        import time
        seed = self.seed
        try:
            import os
            if seed is None:
                r = os.urandom(3)
                seed = (r[0] << 16) | (r[1] << 8) | r[2]
        except (AttributeError, NotImplementedError, OSError):
            seed = time.ticks_ms() & 0x3FFFFFFF if hasattr(time, "ticks_ms") else int(time.time()) & 0x3FFFFFFF
        self.state = None
        rules = self._rules()           # the modules first; then the big buffers, in the reserved block
        from kernel.stayaway.game import save       # noqa: F401 (before a new device key's garbage)
        self.device_key()
        self.alloc_box()
        # the state's buffers next, beside the box in the reserved block, before the key derivation's
        # garbage breaks up what is left of it
        self.state = rules.new_game(seed, self.players)
        self.sealer = self._sealer(self.box)    # the key derivation works in the (still empty) save buffer
        self.save()
        self.after_action()

    def resume_with_pin(self):
        """The sealed save read into the save buffer (store.read_into: the newest good record),
        checked, decrypted and loaded where it lies; if it will not open, the record before it."""
        from kernel.stayaway.game import save       # noqa: F401 (loaded before the big buffers)
        self.state = None
        rules = self._rules()           # the kernel's modules first, then the two big buffers
        dkey = self.device_key()
        self.alloc_box()
        blob, sealer = self._open_box(dkey)
        gc.collect()
        self.state = rules.deserialize(blob)
        self.sealer = sealer
        self.players = self.state.players
        self.after_action()

    def _open_box(self, dkey):
        """(the blob, its Sealer) of the newest record that opens, read into the save buffer.

        The state's two big buffers' room is held next to the box while the key derivation and the
        reading allocate (they would leave that room in pieces: a 6 KB log then fails on a heap
        with 40 KB free); it is also the derivation's 16 KB of scratch. It lives in this frame only:
        the board's GC scans the whole of a live frame, dead slots included, so a caller's frame that
        had passed it along would keep it."""
        from kernel.stayaway.game.crypt import unseal_in_place, sealer_for, MAGIC1, F_DEVICE, LOG2_SPACE
        box = self.box
        hold = bytearray(max(STATE_LOGS, 32 << LOG2_SPACE))     # also the derivation's scratch
        first = None
        sealer = None
        for which in (0, 1):
            n = store.read_into(self.save_path, box, which)
            if n < 0:
                break
            try:
                if bytes(box[:4]) == MAGIC1:
                    raise KernelError("save", "an old save (version 1)")
                if not box[6] & F_DEVICE:          # only what a device sealed with its own key
                    raise KernelError("save", "not sealed on this device")
                if sealer is None or not sealer.matches(box):
                    sealer = quick(sealer_for, memoryview(box)[:n], self.passphrase(), dkey, hold, self._opening)
                return quick(unseal_in_place, box, n, self.passphrase(), sealer, dkey, hold), sealer
            except KernelError as exc:
                first = first or exc
        raise first or KernelError("save", "no readable Stay Away! save")

    def alloc_box(self):
        """The save buffer, allocated once at the longest a sealed save can be (about 11 KB; 16 KB, the
        key derivation's scratch, at least), in the block reserved for it (released here, so the
        state's logs follow it there)."""
        if self.box is None:
            from kernel.stayaway.game.save import max_size
            from kernel.stayaway.game.crypt import HEAD, TAG, LOG2_SPACE
            # also the key derivation's scratch (2^LOG2_SPACE blocks of 32 bytes)
            size = max(HEAD + max_size() + TAG, 32 << LOG2_SPACE)
            self.reserve = None
            gc.collect()
            self.box = bytearray(size)

    def encode(self):
        """The sealed save (modescreen's save() stores it), in one buffer allocated once at the
        longest a save can be (16 KB, alloc_box): the state's bytes are written where the cipher
        reads them. A fresh buffer per save, a little longer each time as the log grows, leaves the
        heap full of holes just too small for the next."""
        from kernel.stayaway.game.save import dump, size
        from kernel.stayaway.game.crypt import HEAD, TAG
        n = size(self.state)
        need = HEAD + n + TAG
        self.alloc_box()
        dump(self.state, self.box, HEAD)
        quick(self.sealer.seal_in_place, self.box, n)
        return memoryview(self.box)[:need]

    def act(self, action):
        self.state.apply(action)
        self.save()
        self.after_action()

    def after_action(self):
        """Whose decision it is now: the same player stays revealed, another gets the privacy screen."""
        s = self.state
        if s.is_terminal():
            self.screen = M_OVER
            return
        p = s.current_player()
        if self.screen == M_PLAYER and p == self.view[V_ME] and self.held:
            self.refresh(p)
        else:
            self.screen = M_PRIVACY
            self.held = False
        self.cursor = 0

    def refresh(self, p):
        """The player's view and choices (no allocation)."""
        self.vlen = write_view(self.state, p, self.view, NEWS_KEEP)
        # the state's own buffer (is_legal's, MAX_ACTIONS long): an action is read from it before
        # apply, which may write it again, and the list is made afresh after every action
        self.acts = self.state.buf
        self.nacts = self.state.legal_actions(self.acts)
        if self.cursor >= self.nacts:
            self.cursor = 0

    # ----- modes entered from the app ---------------------------------------------------------------

    def new_game(self):
        self.screen = M_SETUP
        self.compose()

    def resume(self):
        self.pin_pos = 0
        self.screen = M_RESUME
        self.compose()

    # ----- buttons ------------------------------------------------------------------------------------

    def handle(self, b, kind):
        """One button event (press, release or long press); True asks the app for its main menu.
        The player's screens take every event (B held shows the view); the others a press."""
        s = self.screen
        if s == M_PLAYER or s == M_PRIVACY:
            if self._play(b, kind):
                return True
        elif kind == btn.PRESS and self.ON[s](self, b):
            return True
        self.compose()
        return False

    def _play(self, b, kind):
        if b == btn.B:
            if kind == btn.PRESS and self.screen == M_PRIVACY:
                self.held = True
                self.screen = M_PLAYER
                self.page = 0
                self.cursor = 0
                self.scroll = 0
                self.refresh(self.state.current_player())
            elif kind == btn.RELEASE:
                self.held = False
                self.screen = M_PRIVACY
            return False
        if self.screen == M_PRIVACY:
            return b == btn.A and kind == btn.LONG
        if kind != btn.PRESS:
            return False
        if b == btn.LEFT:
            self.page = (self.page + 3) % 4
            self.scroll = 0
        elif b == btn.RIGHT:
            self.page = (self.page + 1) % 4
            self.scroll = 0
        elif b == btn.UP:
            if self.page == 0 and self.cursor > 0:
                self.cursor -= 1
            elif self.page == 3:
                self.scroll += 1
        elif b == btn.DOWN:
            if self.page == 0 and self.cursor < self.nacts - 1:
                self.cursor += 1
            elif self.page == 3 and self.scroll > 0:
                self.scroll -= 1
        elif b == btn.A and self.page == 0 and self.nacts:
            self.act(self.acts[self.cursor])
        return False

    def _setup(self, b):
        if b == btn.LEFT and self.players > D.MIN_PLAYERS:
            self.players -= 1
        elif b == btn.RIGHT and self.players < D.MAX_PLAYERS:
            self.players += 1
        elif b == btn.A:
            self.pin_pos = 0
            self.screen = M_PIN
        elif b == btn.B:
            return True
        return False

    def _pin(self, b):
        k = self.pin_pos
        if b == btn.UP:
            self.pin[k] = (self.pin[k] + 1) % 10
        elif b == btn.DOWN:
            self.pin[k] = (self.pin[k] + 9) % 10
        elif b == btn.LEFT and k > 0:
            self.pin_pos -= 1
        elif b == btn.RIGHT and k < PIN_DIGITS - 1:
            self.pin_pos += 1
        elif b == btn.A:
            try:
                if self.screen == M_RESUME:
                    self.resume_with_pin()
                else:
                    self.start()
            except KernelError as exc:
                note = b"Cannot start"
                if exc.what == "save":
                    note = b"Old save: v1" if "version 1" in exc.detail else b"Wrong PIN, or"
                self.show_note(note, M_RESUME if self.screen == M_RESUME else M_SETUP)
            except btn.Cancelled:             # B while the seal opened: the PIN screen again
                self.state = None
                self.sealer = None
        elif b == btn.B:
            if self.screen == M_RESUME:
                return True
            self.screen = M_SETUP
        return False

    def _over(self, b):
        if b == btn.A:
            self.state = None
            return self.finish()
        return False

    # ----- composing (no allocation) -------------------------------------------------------------------

    def player(self, row, col, p):
        """"P3", or "you" for the viewer."""
        if p == self.view[V_ME]:
            return self.put(row, col, b"you")
        col = self.put(row, col, b"P")
        return self.num(row, col, p + 1)

    def card(self, row, col, c):
        if c >= D.NTYPES:
            return self.put(row, col, b"?")
        return self.put(row, col, D.CARD_SHORT[c])

    def compose_setup(self):
        self.put(0, 0, b"Stay Away!")
        self.put(2, 0, b"Players")
        self.num(2, 14, self.players)
        self.inv = 2
        self.put(4, 0, b"pass the device;")
        self.put(5, 0, b"hold B to look")
        self.put(7, 0, b"A:next B:back")

    def compose_pin(self):
        self.put(0, 0, b"Table PIN" if self.screen == M_PIN else b"Resume: PIN")
        for i in range(PIN_DIGITS):
            self.text[2 * COLS + 4 + i] = DIGITS[self.pin[i]]
            self.text[3 * COLS + 4 + i] = 94 if i == self.pin_pos else SPACE
        self.put(5, 0, b"seals the saves")
        self.put(7, 0, b"A:ok B:back")

    def compose_note(self):
        self.put(2, 0, self.note)
        self.put(3, 0, b"try again")
        self.put(7, 0, b"A:ok")

    def compose_privacy(self):
        p = self.state.current_player()
        self.put(3, 0, b"Pass to P")
        self.num(3, 9, p + 1)
        self.put(5, 0, b"hold B to look")

    def compose_player(self):
        v = self.view
        me = v[V_ME]
        col = self.put(0, 0, b"P")
        col = self.num(0, col, me + 1)
        col = self.put(0, col + 1, ROLE_SHORT[v[V_ROLE]])
        self.put(0, 12, PAGES[self.page])
        self.SHOW_PAGE[self.page](self)

    def compose_actions(self):
        n = self.nacts
        top = list_top(self.cursor, MAX_LIST)
        for k in range(MAX_LIST):
            i = top + k
            if i < n:
                self.action_line(1 + k, self.acts[i], False)
                if i == self.cursor:
                    self.inv = 1 + k
        if n:
            self.action_line(6, self.acts[self.cursor], True)
        self.put(7, 0, b"A:do </>:pages")

    def action_line(self, row, a, detail):
        """One action in 16 columns; with detail, what it aims at (or what is on offer)."""
        kind = a // D.ACT_KIND
        arg = a % D.ACT_KIND
        if detail:
            col = 0
            if kind == 2:
                t = arg & 31
                if t == D.SELF:
                    self.put(row, col, b"yourself")
                elif t >= D.GAP:
                    col = self.put(row, col, b"door ")
                    col = self.num(row, col, t - D.GAP + 1)
                    col = self.put(row, col, b"-")
                    self.num(row, col, (t - D.GAP + 1) % self.view[V_PLAYERS] + 1)
                else:
                    self.player(row, col, t)
            elif kind == 3:
                col = self.put(row, col, b"to ")
                self.player(row, col, self.view[V_CTX_B])
            elif kind == 4 or kind == 5:
                p = self.view[V_CTX_A]
                col = self.put(row, col, b"from ")
                col = self.player(row, col, p)
                c = self.view[V_CTX_CARD]
                if c != D.NO_CARD and p != self.view[V_ME]:
                    self.card(row, col + 1, c)
            elif kind == 10:
                self.player(row, col, arg)
            return
        if kind == 9:
            self.put(row, 0, b"Reveal hand" if arg else b"Keep hidden")
            return
        col = self.put(row, 0, VERBS[kind])
        if kind == 1 or kind == 3 or kind == 4 or kind == 5 or kind == 7 or kind == 11 or kind == 12 or kind == 13:
            self.card(row, col, arg)
        elif kind == 2:
            self.card(row, col, arg >> 5)
        elif kind == 10:
            self.player(row, col, arg)

    def compose_hand(self):
        v = self.view
        n = v[V_HAND_N]
        for i in range(n):
            self.card(1 + i if i < 6 else 6, 1, v[V_HAND + i])
        t = v[V_THING]
        if t != D.NOBODY and t != v[V_ME]:
            col = self.put(7, 0, b"Thing: ")
            self.player(7, col, t)
        elif v[V_PHASE] == D.PH_RESOLUTE and v[V_RES] != D.NO_CARD:
            self.put(7, 0, b"(drew 3: Actions)")

    def compose_table(self):
        v = self.view
        n = v[V_PLAYERS]
        row = 1
        col = 0
        for seat in range(n):
            q = v[V_SEATS + seat]
            if col > 11:
                row += 1
                col = 0
            if q == D.NOBODY:
                col = self.put(row, col, b"--")
            else:
                col = self.put(row, col, b"P")
                col = self.num(row, col, q + 1)
                if q == v[V_ME]:
                    col = self.put(row, col, b"*")
                if v[V_QUAR + q]:
                    col = self.put(row, col, b"q")
            col = self.put(row, col, b"|" if v[V_DOOR + seat] else b" ")
        self.put(6, 0, b"dir >>" if v[V_DIRECTION] == 0 else b"dir <<")
        col = self.put(7, 0, b"turn ")
        col = self.num(7, col, (v[V_TURN] << 8) | v[V_TURN + 1])
        col = self.put(7, col + 1, b"P")
        self.num(7, col, v[V_ACTIVE] + 1)

    def compose_news(self):
        v = self.view
        count = (v[V_NEVENTS] << 8) | v[V_NEVENTS + 1]
        last = count - self.scroll
        first = last - NEWS_ROWS
        if first < 0:
            first = 0
        row = 1
        for i in range(first, last):
            self.event_line(row, V_EVENTS + 4 * i)
            row += 1
        self.put(7, 0, b"up/dn: older")

    def event_line(self, row, k):
        """One event of the viewer's log in 16 columns."""
        v = self.view
        code = v[k] & 0x7F
        a = v[k + 1]
        b = v[k + 2]
        c = v[k + 3]
        if code == D.E_TURN:
            col = self.put(row, 0, b"-- ")
            self.player(row, col, a)
            return
        if code == D.E_END:
            self.put(row, 0, b"GAME OVER")
            return
        if code == D.E_RESHUFFLE:
            self.put(row, 0, b"pile reshuffled")
            return
        if code == D.E_BURY:
            self.put(row, 0, b"Panic! buried")
            return
        col = self.player(row, 0, a) if a < D.MAX_PLAYERS else 0
        col += 1
        if code == D.E_DRAW or code == D.E_TAKE or code == D.E_KEEP:
            col = self.put(row, col, b"+")
            self.card(row, col, c)
        elif code == D.E_DISCARD or code == D.E_TO_PILE:
            col = self.put(row, col, b"-")
            self.card(row, col, c)
        elif code == D.E_PANIC or code == D.E_PLAY or code == D.E_DEFEND:
            col = self.card(row, col, c)
            if code == D.E_PLAY and b < D.MAX_PLAYERS:
                self.player(row, col + 1, b)
        elif code == D.E_OFFER or code == D.E_GIVE:
            col = self.put(row, col - 1, b">")
            col = self.player(row, col, b)
            self.card(row, col + 1, c)
        elif code == D.E_SHOW:
            col = self.put(row, col, b"shows ")
            self.card(row, col, c)
        elif code == D.E_ELIMINATED or code == D.E_TOTAL:
            col = self.put(row, col, b"X ")
            self.player(row, col, b if code == D.E_ELIMINATED else a)
        elif code == D.E_SWAP:
            col = self.put(row, col, b"<> ")
            self.player(row, col, b)
        elif code == (D.E_INFECT & 0x7F):
            self.player(row, 0, b)
            self.put(row, 4, b"INFECTED")
        elif code == D.E_NO_REVEAL:
            self.put(row, col, b"hides hand")
        elif code == D.E_NO_EXCHANGE:
            self.put(row, col, b"no exchange")
        elif code == D.E_DIRECTION:
            self.put(row, col, b"reverses")
        elif code == D.E_QUARANTINE or code == D.E_QUARANTINE_END:
            col = self.put(row, col, b"Q " if code == D.E_QUARANTINE else b"Q off ")
            self.player(row, col, b)
        elif code == D.E_DOOR or code == D.E_DOOR_END:
            self.put(row, col, b"door" if code == D.E_DOOR else b"door off")
        elif code == D.E_DECLARE:
            self.put(row, col, b"DECLARES")
        elif code == D.E_ROLE:
            self.put(row, col, ROLE_SHORT[b] if b < 3 else b"?")
        else:
            self.card(row, col, c)

    def compose_over(self):
        s = self.state
        r = s.result
        self.put(0, 0, b"GAME OVER")
        self.put(1, 0, RESULT_SHORT[r] if r < len(RESULT_SHORT) else b"?")
        row = 2
        col = 0
        for q in range(s.players):
            if col > 8:
                row += 1
                col = 0
            if row > 6:
                break
            col = self.put(row, col, b"P")
            col = self.num(row, col, q + 1)
            col = self.put(row, col, b"T" if s.role[q] == D.THE_THING else b"i" if s.role[q] == D.INFECTED_ROLE
                           else b"h")
            col = self.put(row, col, b"+ " if s.returns_[q] else b"- ")
        self.put(7, 0, b"A:menu")

    def show_leds(self):
        leds = self.leds
        leds.all(ledmod.OFF)
        s = self.state
        sc = self.screen
        if s is None or sc == M_SETUP or sc == M_PIN or sc == M_RESUME:
            return
        if s.is_terminal():
            r = s.result
            humans = r == D.R_BURNT or r == D.R_FALSE or r == D.R_FOUND
            leds.set(ledmod.GREEN if humans else ledmod.RED, ledmod.BLINK)
            return
        ph = s.phase
        if ph == D.PH_ANSWER or ph == D.PH_ROUND:
            leds.set(ledmod.YELLOW, ledmod.BLINK)
        elif ph == D.PH_DEFEND_FLAME or ph == D.PH_DEFEND_SWAP or ph == D.PH_REVELATIONS:
            leds.set(ledmod.RED, ledmod.ON)
        else:
            leds.set(ledmod.GREEN, ledmod.ON)

    # the player's pages, in the order of PAGES
    SHOW_PAGE = (compose_actions, compose_hand, compose_table, compose_news)
    # the screens, in the order of M_SETUP ... M_RESUME (the player's two take every event: _play)
    ON = (_setup, _pin, None, None, _over, ModeScreen.on_back, _pin)
    SHOW = (compose_setup, compose_pin, compose_privacy, compose_player, compose_over, compose_note, compose_pin)
