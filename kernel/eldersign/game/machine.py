"""The whole Elder Sign game as a state machine (OpenSpiel style), 1 to 8 players.

    g = Game(data, players=2, seed=7)       # setup: decks shuffled, first mythos card revealed
    n = g.legal_actions(buf)                # buf: array('i', MAX_GAME_ACTIONS)
    g.apply(buf[0]); g.is_terminal(); g.returns()

A turn is move -> (adventure | one entrance action) -> clock; after the Ancient One wakes it is
prepare -> attack -> clock. Game-level actions are G_BASE + kind + arg (move, use a card, begin
rolling, give up, first aid, lost and found, gift shop, pick an investigator); the adventure
kernel's own action codes (all below G_BASE) pass through to the adventure being played. Chance is
the state's PRNG (kernel/prng.py): shuffles at setup, and each adventure attempt is seeded from it,
so seed + action log replays the game. Events are small-int records in `ev` (4 ints: code, a, b,
c) rendered as text by text.py. After setup, `legal_actions` and `apply` allocate nothing (the
golden games run every step under micropython.heap_lock()).

This module is the state machine's face: `legal_actions`, `is_legal`, `apply` (the dispatcher),
`replay`. Game combines one part of the rules per module:

    defs       action codes, phases, limits, event codes (re-exported here)
    state      the buffers, setup from the seed, queries             (GameState)
    turn       turn flow, clock, midnight and mythos                 (Turn)
    attempt    an attempt at an adventure, around adventure.py       (Attempt)
    board      cards in the board slots, their Adventures            (Board; tasks: tasks.py)
    doom       doom track, monsters, locked dice                     (Doom)
    cards      cards in hand, spells holding dice, trophies          (Cards)
    entrance   first aid, lost and found, gift shop                  (Entrance)
    resolve    effect lists, investigators' stats, the end           (Resolve)
    battle     the awakening and the final battle                    (Battle)
"""

from ...errors import KernelError
from ..adventure import ACT_ENTER, ACT_HOLD
from .defs import *  # noqa: F401,F403 (the game's numbers stay importable from here)
from .defs import (G_BASE, A_MOVE, A_USE, A_BEGIN, A_GIVEUP, A_AID, A_LOSTFOUND, A_SHOP, A_PICK,
                   A_KIND_MASK, P_MOVE, P_PREP, P_ADV, P_ENTRANCE, P_PICK, P_BATTLE_PREP, P_BATTLE,
                   PHASE_NAMES, MAX_SLOTS, MAX_HAND, MAX_LOG, NONE, EV_GIVEUP)
from .state import GameState, Deck, shuffled  # noqa: F401
from .turn import Turn
from .attempt import Attempt, roll_code  # noqa: F401
from .board import Board
from .doom import Doom
from .cards import Cards
from .entrance import Entrance
from .resolve import Resolve
from .battle import Battle


class Game(GameState, Turn, Attempt, Board, Doom, Cards, Entrance, Battle, Resolve):
    """The state of one game. `data` is a data.GameData (see GameState for the fields)."""

    # ----- legal actions ----------------------------------------------------------------------

    def legal_actions(self, buf):
        """Write the legal actions into buf (array of MAX_GAME_ACTIONS); return the count."""
        ph = self.phase
        inv = self.active()
        n = 0
        if ph == P_MOVE:
            buf[0] = A_MOVE
            n = 1
            for s in range(MAX_SLOTS):
                if self.slot_on[s]:
                    buf[n] = A_MOVE + 1 + s
                    n += 1
            return n
        if ph == P_PREP or ph == P_BATTLE_PREP or ph == P_ENTRANCE:
            if ph != P_ENTRANCE:
                buf[0] = A_BEGIN
                n = 1
            base = inv * MAX_HAND
            for i in range(MAX_HAND):
                c = self.hand[base + i]
                if c != NONE and self.usable(inv, i, ph):
                    buf[n] = A_USE + i
                    n += 1
            if ph == P_ENTRANCE:
                for k in range(5):
                    if self.aid_ok(inv, k):
                        buf[n] = A_AID + k
                        n += 1
                buf[n] = A_LOSTFOUND
                n += 1
                tt = self.trophy_total(inv)
                shop = self.data.shop
                for k in range(len(shop)):
                    if shop[k].cost_n <= tt:
                        buf[n] = A_SHOP + k
                        n += 1
            return n
        if ph == P_PICK:
            for i in range(self.ninv):
                if not self.used[i]:
                    buf[n] = A_PICK + i
                    n += 1
            return n
        if ph == P_ADV or ph == P_BATTLE:
            adv = self.cur_adv()
            m = adv.legal_actions(buf)
            for i in range(m):
                a = buf[i]
                if a < ACT_HOLD and ph == P_ADV and not self.cost_ok(adv, a >> 8):
                    continue
                buf[n] = a
                n += 1
            buf[n] = A_GIVEUP
            return n + 1
        return 0

    def is_legal(self, action):
        buf = self.buf
        n = self.legal_actions(buf)
        for i in range(n):
            if buf[i] == action:
                return True
        if action >= ACT_ENTER and action < G_BASE and (self.phase == P_ADV or self.phase == P_BATTLE):
            return self.cur_adv().is_legal(action)
        return False

    # ----- apply ------------------------------------------------------------------------------

    def apply(self, action):
        """Apply one action; KernelError('action', ...) when it is not legal now."""
        if self.result >= 0:
            raise KernelError("action", "the game is over")
        if self.nlog >= MAX_LOG:
            raise KernelError("action", "the game log is full")
        if not self.is_legal(action):
            raise KernelError("action", "%d is not a legal action now (%s phase)" % (action, PHASE_NAMES[self.phase]))
        self.begin_events()
        self.log[self.nlog] = action
        self.nlog += 1
        ph = self.phase
        if action < G_BASE:
            if ph == P_BATTLE:
                self.battle_step(action)
            else:
                self.adventure_step(action)
        else:
            kind = action & A_KIND_MASK
            arg = action & 0xFF
            if kind == A_MOVE - G_BASE:
                self.do_move(arg)
            elif kind == A_USE - G_BASE:
                self.use_card(self.active(), arg)
                self.resolve_pending()
                self.after_effects_in_turn()
            elif kind == A_BEGIN - G_BASE:
                if ph == P_PREP:
                    self.begin_adventure()
                else:
                    self.begin_attack()
            elif kind == A_GIVEUP - G_BASE:
                self.event(EV_GIVEUP)
                if ph == P_BATTLE:
                    self.end_attack()
                else:
                    self.end_adventure(False)
            elif kind == A_AID - G_BASE:
                self.first_aid(arg)
                self.end_turn()
            elif kind == A_LOSTFOUND - G_BASE:
                self.lost_and_found()
            elif kind == A_SHOP - G_BASE:
                self.gift_shop(arg)
            elif kind == A_PICK - G_BASE:
                self.pick(arg)

    # ----- replay -----------------------------------------------------------------------------

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    def actions(self):
        return [self.log[i] for i in range(self.nlog)]
