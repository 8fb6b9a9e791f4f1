"""The whole Elder Sign game as a state machine (OpenSpiel style), 1 to 8 players.

    g = Game(data, players=2, seed=7)       # setup: decks shuffled; seat 1 picks an investigator
    n = g.legal_actions(buf)                # buf: array('i', MAX_GAME_ACTIONS)
    g.apply(buf[0]); g.current_player(); g.is_terminal(); g.returns()

Every decision the rules give a player is an action of the player who makes it (defs.py lists
them): the active player's turn (move, then an adventure or one entrance action; items, allies,
spells and abilities at any of its steps, between rolls too and after the adventure or the entrance
action, before the clock), and every question a card or a rule
asks on the way (an investigator to pick, an alternative to choose for oneself, where a monster
goes, which trophies to spend, which card to lose, which die to set aside, whom to ask to keep a
die and whether to agree, which stat a helper loses...). `current_player()` says who: a seat, or
CHANCE when dice are to be rolled (an adventure's roll, the lost-and-found die): the chance node's
legal action rolls with the state's PRNG, and `chance_outcomes()` lists every roll with its exact
weight (entering any of them is legal too). Setup shuffles with the PRNG; each attempt's dice come
from a seed drawn from it; so seed + action log replays the game.

This module is the state machine's face and its dispatcher: the top frame of the work stack
(stack.py) is the question being asked; engine.py runs everything else. The rules, one module each:

    defs       action codes, frames, phases, limits, event codes (re-exported here)
    state      the components and the setup                        (GameState)
    engine     the work stack's driver, the awakening and cut turns
    turn       the turn, the clock, midnight, mythos, picks
    attempt    an attempt at an adventure, and the attack; failing a roll, helpers
    entrance   first aid, lost and found, gift shop
    battle     the awakening and the Ancient One's attack
    resolve    primitives, stats, devouring, choose(...), abilities in effect
    doom       the doom track, monsters (placing, defeating)
    board      the cards in the slots and their Adventures (tasks: tasks.py)
    cards      the hand, spells holding dice;   trophies: trophies as cards
    pool       where the dice go: locks, spells, the pool of the attempt
    anytime    abilities used in any player's turn; any(...)'s investigator
    inforce    the modifiers of the abilities in effect
Events are small-int records (4 ints: code, a, b, c) of the last step, rendered by text.py. After
setup, `legal_actions` and `apply` allocate nothing (the conformance test and the golden games run
them under micropython.heap_lock()).
"""

from ...errors import KernelError
from ...surface import CHANCE, TERMINAL, in_legal_actions, check_buffer
from ...checks import is_action, check_action, check_player, no_such_action
from ..adventure import ACT_ENTER, ACT_HOLD, ACT_REROLL, ACT_ROLL, P_ROLL
from .defs import *  # noqa: F401,F403 (the action codes, phases and limits a caller needs)
from .defs import (G_BASE, A_ARG_MASK, A_MOVE, A_USE, A_BEGIN, A_GIVEUP, A_AID, A_LOSTFOUND, A_SHOP,
                   A_FAIL, A_HOLD, A_UNHOLD, A_ABILITY, A_FREEROLL, A_FACE, A_AGREE, A_END,
                   P_MOVE, P_ADV, P_ENTRANCE, P_END, P_BATTLE, MAX_HAND, NONE,
                   MAX_LOG, MAX_GAME_ACTIONS, F_MAIN, F_FACE, F_CLOCK, F_NEXT, F_MIDNIGHT, F_MYTHOS, F_END_ATTEMPT,
                   F_FAILED, F_ATTACK, F_PICK, F_LOSE, F_ASIDE, F_KEEP, F_AGREE, F_HELD, F_RUN,
                   F_REACT, F_OFFER, F_WHO, F_FIRST,
                   EV_ABILITY)
from .state import GameState
from . import engine, turn, attempt, entrance, battle, cards, anytime


class Game(GameState):
    """The state of one game. `data` is a data.GameData; `players` 1-8; `ancient_one` its index or
    name. Public: the surface of kernel/surface.py (and `players`, `seed`); everything else is the
    game's own (a leading underscore)."""

    # ----- the surface ------------------------------------------------------------------------

    def current_player(self):
        """The seat to act, CHANCE when dice are to be rolled, TERMINAL at the end."""
        if self._result >= 0 or self._stack.n == 0:
            return TERMINAL
        i = self._stack.n - 1
        op = self._stack.op[i]
        if op == F_MAIN:
            ph = self._stack.a[i]
            if (ph == P_ADV or ph == P_BATTLE) and attempt.adv(self).phase() == P_ROLL:
                return CHANCE
            return self._clock.seat
        if op == F_FACE:
            return CHANCE
        return engine.seat_of(self, i)

    def chance_outcomes(self):
        """At a chance node: every outcome as an action with its exact weight (the number of ordered
        rolls giving it); [] at a player's node."""
        if self.current_player() != CHANCE:
            return []
        if self._stack.op[self._stack.n - 1] == F_FACE:
            return entrance.face_outcomes()
        return attempt.adv(self).chance_outcomes()

    def is_terminal(self):
        return self._result >= 0

    def returns(self):
        """One int per seat: everyone wins (1) or loses (0) together."""
        r = 1 if self._result == 1 else 0
        return [r] * self.players

    def view(self, player):
        """What seat `player` sees: everything but the order of the decks and the PRNG (the game
        is cooperative: hands, trophies and stats are on the table)."""
        from .save import view_bytes
        return view_bytes(self, check_player(player, self.players))

    def action_text(self, action):
        from .text import action_text
        try:
            return action_text(self, check_action(action))
        except (IndexError, KeyError):
            raise no_such_action(action)

    def serialize(self):
        from .save import serialize
        return serialize(self)

    def legal_actions(self, buf):
        """Write the legal actions into buf (array of MAX_GAME_ACTIONS); return the count."""
        check_buffer(buf, MAX_GAME_ACTIONS)
        if self._result >= 0 or self._stack.n == 0:
            return 0
        i = self._stack.n - 1
        op = self._stack.op[i]
        if op == F_MAIN:
            return self._main_options(i, buf)
        if op == F_FACE:
            return entrance.face_options(buf)
        return engine.options(self, i, buf)

    def is_legal(self, action):
        if self._result >= 0 or self._stack.n == 0 or not is_action(action):
            return False
        if in_legal_actions(self, self._buf, action):
            return True
        if self.current_player() != CHANCE:
            return False
        if self._stack.op[self._stack.n - 1] == F_FACE:
            return A_FACE <= action < A_FACE + 6
        return ACT_ENTER <= action < G_BASE and attempt.adv(self).is_legal(action)

    def apply(self, action):
        """Apply one action; KernelError('action', ...) when it is not legal now."""
        if self._result >= 0:
            raise KernelError("action", "the game is over")
        if self._nlog >= MAX_LOG:
            raise KernelError("action", "the game log is full")
        if not self.is_legal(action):
            raise KernelError("action", "%r is not a legal action now" % (action,))
        self._begin_events()
        self._log[self._nlog] = action
        self._nlog += 1
        i = self._stack.n - 1
        op = self._stack.op[i]
        if op == F_MAIN:
            self._main_answer(i, action)
        elif op == F_FACE:
            entrance.face(self, action)
        else:
            engine.answer(self, i, action, 0)
        engine.drive(self)
        while attempt.settle(self):
            engine.drive(self)

    def replay(self, actions):
        """Back to the setup of the same seed, then apply each action."""
        self._reset()
        for a in actions:
            self.apply(a)

    def actions(self):
        """The actions applied since setup, in order."""
        return [self._log[i] for i in range(self._nlog)]

    # ----- the turn's main step ---------------------------------------------------------------

    def _ability_usable(self, inv, ph):
        ab = self._data.investigators[inv].ability
        return ab.day and not self._inv.ability_used[inv] and cards.effects_usable(self, ab.day, ph, inv)

    def _main_options(self, i, buf):
        ph = self._stack.a[i]
        inv = self._active()
        if ph == P_ADV or ph == P_BATTLE:
            a = attempt.adv(self)
            if a.phase() == P_ROLL:
                buf[0] = ACT_ROLL
                return 1
            n = attempt.decide_options(self, buf)
        elif ph == P_MOVE:
            n = turn.move_options(self, buf, 0)
        elif ph == P_ENTRANCE:
            n = entrance.options(self, buf, 0)
        elif ph == P_END:
            buf[0] = A_END
            n = 1
        else:
            buf[0] = A_BEGIN
            n = 1
        for k in range(MAX_HAND):
            if cards.usable(self, inv, k, ph):
                buf[n] = A_USE + k
                n += 1
        if self._ability_usable(inv, ph):
            buf[n] = A_ABILITY
            n += 1
        if ph != P_MOVE and ph != P_ENTRANCE and ph != P_END:
            n = cards.unhold_options(self, buf, n)
        return n

    def _end_step_useful(self):
        """At the end of the main step (P_END): a card in hand or the ability can do something now."""
        inv = self._active()
        if inv == NONE:
            return False
        for k in range(MAX_HAND):
            if cards.usable(self, inv, k, P_END):
                return True
        return self._ability_usable(inv, P_END)

    def _main_answer(self, i, action):
        st = self._stack
        inv = self._active()
        kind = action - (action & A_ARG_MASK)
        arg = action & A_ARG_MASK
        if action < G_BASE:
            if action == ACT_ROLL or action >= ACT_ENTER:
                attempt.roll(self, action)
            elif action < ACT_HOLD:
                attempt.complete(self, action)
            elif ACT_REROLL <= action < ACT_ROLL:
                attempt.reroll(self, action, False)
        elif kind == A_USE:
            cards.use_card(self, inv, arg)
        elif kind == A_ABILITY:
            self._inv.ability_used[inv] = 1
            self._event(EV_ABILITY, inv)
            code = self._data.investigators[inv].ability.day
            st.push(F_RUN, 0, len(code), inv, 1, code)
        elif kind == A_UNHOLD:
            cards.unhold(self, arg)
        elif kind == A_MOVE:
            turn.move(self, i, arg)
        elif kind == A_BEGIN:
            attempt.begin(self, i)
        elif kind == A_FREEROLL:
            attempt.reroll(self, action, True)
        elif kind == A_HOLD:
            attempt.hold(self, action)
        elif kind == A_FAIL:
            attempt.fail(self)
        elif kind == A_GIVEUP:
            attempt.give_up(self, i)
        elif kind == A_AID:
            st.pop()
            entrance.first_aid(self, arg)
        elif kind == A_LOSTFOUND:
            st.pop()
            entrance.lost_and_found(self)
        elif kind == A_SHOP:
            st.pop()
            entrance.gift_shop(self, arg)
        elif kind == A_END:
            st.pop()

    # ----- the game's own frames and questions (engine.py calls these) -----------------------------

    def _frame(self, i, op):
        if op == F_CLOCK:
            turn.clock_step(self, i)
        elif op == F_NEXT:
            turn.next_step(self, i)
        elif op == F_MIDNIGHT:
            turn.midnight_step(self, i)
        elif op == F_MYTHOS:
            turn.mythos_step(self, i)
        elif op == F_END_ATTEMPT:
            attempt.end_step(self, i)
        elif op == F_FAILED:
            attempt.failed_step(self, i)
        elif op == F_ATTACK:
            battle.attack_step(self, i)
        elif op == F_REACT:
            anytime.react_step(self, i)
        elif op == F_FIRST:
            turn.first_step(self, i)
        else:
            raise KernelError("game", "unknown frame %d" % op)

    def _options(self, i, op, buf):
        if op == F_PICK:
            return turn.pick_options(self, buf)
        if op == F_LOSE:
            return attempt.lose_options(self, buf)
        if op == F_ASIDE:
            return attempt.aside_options(self, buf)
        if op == F_KEEP:
            return attempt.keep_options(self, i, buf)
        if op == F_AGREE:
            buf[0] = A_AGREE + 1
            buf[1] = A_AGREE
            return 2
        if op == F_HELD:
            return attempt.held_options(self, self._stack.a[i], buf)
        if op == F_OFFER:
            return anytime.offer_options(self, i, buf)
        if op == F_WHO:
            return anytime.who_options(self, i, buf)
        return 0

    def _answer(self, i, op, action, forced):
        if op == F_PICK:
            turn.pick(self, i, action)
        elif op == F_LOSE:
            attempt.helper_loses(self, i, action, forced)
        elif op == F_ASIDE:
            attempt.aside(self, i, action & A_ARG_MASK, forced)
        elif op == F_KEEP:
            attempt.keep(self, i, action, forced)
        elif op == F_AGREE:
            attempt.agree(self, i, action)
        elif op == F_HELD:
            attempt.held_answer(self, i, action, forced)
        elif op == F_OFFER:
            anytime.offer_answer(self, i, action)
        elif op == F_WHO:
            anytime.who_answer(self, i, action, forced)

    def _seat_of(self, i, op):
        st = self._stack
        if op == F_PICK or op == F_AGREE or op == F_OFFER:
            return st.a[i]
        if op == F_LOSE:
            return self._inv.seat_of[st.a[i]]
        if op == F_WHO:
            return self._inv.seat_of[st.c[i]]
        return self._decider_seat()
