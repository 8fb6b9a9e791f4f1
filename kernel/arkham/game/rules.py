"""Arkham Horror (1987) on the kernel's surface (kernel/surface.py): Rules and ArkhamGame.

    rules = Rules({"board": None, "house": "no_event_on_stay", "round_limit": 30})
    state = rules.new_game(seed, players)     # every seat picks an investigator first
    n = state.legal_actions(buf); state.apply(buf[0]); ...

Options: "board" (a folder of TSV files, default the demonstration board), "house" (comma-separated
house-rule names, see defs.HOUSE_RULES and the README), "round_limit" (the players' agreed limit,
0 for none; default the board's), "doom" (the doom track's length by agreement; default the board's),
"draws" ("deck", the default: the game shuffles and draws; "table": every draw of a monster, a gate
card or a card is a chance node whose outcomes are what can be drawn, weighted by how many there
are, so the game follows a physical table: the table enters what it drew, or K_RESOLVE draws).

ArkhamGame combines one mixin per part of the rules; this module is its face: legal_actions,
is_legal, apply (the dispatcher by step), the chance nodes, views and the log. After setup,
legal_actions and apply allocate nothing.
"""

from ...errors import KernelError
from ... import prng
from ...surface import CHANCE, TERMINAL, in_legal_actions, check_buffer
from ...checks import is_action, check_action, check_player, check_new_game, check_options, no_such_action
from .board import Board
from .defs import (PH_OVER, ST_PICK, ST_RETURN, ST_MOVE, ST_STEP, ST_GATE_OR_EVENT, ST_ENC, ST_SNEAK_TO,
                   ST_LOADOUT, ST_CLOSE, ST_SHOP, ST_DEST, ST_DISCARD, ST_ORIENT, ST_SPLIT, ST_PAY, ST_SELL, ST_BID,
                   ST_CHOOSE, ST_BET, CH_BET, CH_CAST, CH_BANISH, R_AUCTION,
                   CH_FIRST, CH_MOVE, CH_EVENT, CH_TEST, CH_STEALTH, CH_SANITY, CH_ATTACK, CH_DAMAGE, CH_CLOSE,
                   CH_GATE, CH_COIN, CH_AMOUNT, CH_DRAW, CH_FOE, CH_LOSS, K_SHIFT, ARG_MASK, K_PICK, K_RESOLVE,
                   K_OUTCOME,
                   MAX_ACTIONS, MAX_LOG, RES_WON, HOUSE_RULES, OPT_TABLE_DRAWS, R_EFFECTS, R_GATE_ROLL, R_PICK,
                   EV_ROLL)
from .state import State
from .turns import Turns
from .movement import Movement
from .encounters import Encounters
from .meetings import Meetings
from .combat import Combat
from .mythos import Mythos
from .trade import Trade
from .cards import Cards


class ArkhamGame(State, Turns, Movement, Encounters, Meetings, Combat, Mythos, Trade, Cards):
    """One game. Made by Rules.new_game (the board is loaded once per Rules)."""

    # ----- the surface -------------------------------------------------------------------------------------

    def current_player(self):
        if self.phase == PH_OVER:
            return TERMINAL
        if self.step >= CH_FIRST:
            return CHANCE
        return self.actor

    def is_terminal(self):
        return self.phase == PH_OVER

    def returns(self):
        """Everyone wins or loses together: 1 for each seat on a win, else 0 (the Honoured Citizen
        is told apart by honoured())."""
        won = 1 if self.result == RES_WON else 0
        return [won] * self.players

    def honoured(self):
        """The seats whose investigators are Honoured Citizens (at the end; ties share it)."""
        return [s for s in range(self.players) if self.is_honoured(s)]

    def actions(self):
        lb = self.logb
        return [lb[3 * i] << 16 | lb[3 * i + 1] << 8 | lb[3 * i + 2] for i in range(self.nlog)]

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    # ----- chance ------------------------------------------------------------------------------------------

    def two_dice(self):
        """The chance node rolls 2D6 (movement, the gate table, a 2D6 amount, a monster's N+2D6
        strength or a 2D6 sanity loss)."""
        st = self.step
        if st == CH_MOVE or st == CH_GATE:
            return True
        if st == CH_AMOUNT:
            return self.dice_op & 7 == 2
        b = self.board
        if st == CH_FOE:
            return b.k_str_dice[b.mon_kind[self.target]] == 2
        if st == CH_LOSS:
            k = b.mon_kind[self.check_m]
            return (b.k_pass_dice[k] if self.check_ok else b.k_fail_dice[k]) == 2
        return False

    def _outcome_ok(self, v):
        st = self.step
        if self.two_dice():
            return 2 <= v <= 12
        if st == CH_COIN:
            return 0 <= v < self.coin_n
        if st == CH_DRAW:
            return 0 <= v < self.draw_range() and self.draw_count(v) > 0
        return 1 <= v <= 6

    def chance_outcomes(self):
        """At a chance node every outcome as K_OUTCOME + value with its exact weight; else []."""
        if self.phase == PH_OVER or self.step < CH_FIRST:
            return []
        st = self.step
        if self.two_dice():
            return [(K_OUTCOME + v, 6 - (v - 7 if v >= 7 else 7 - v)) for v in range(2, 13)]
        if st == CH_COIN:
            return [(K_OUTCOME + v, 1) for v in range(self.coin_n)]
        if st == CH_DRAW:
            out = []
            for v in range(self.draw_range()):
                w = self.draw_count(v)
                if w:
                    out.append((K_OUTCOME + v, w))
            return out
        return [(K_OUTCOME + v, 1) for v in range(1, 7)]

    def roll(self):
        """The state's PRNG resolves the chance node (a 2D6 is two dice; a draw is weighted by how
        many of each kind can be drawn)."""
        st = self.step
        if self.two_dice():
            return prng.die(self.rng, 6) + prng.die(self.rng, 6) + 2
        if st == CH_COIN:
            return prng.die(self.rng, self.coin_n)
        if st == CH_DRAW:
            k = prng.die(self.rng, self.draw_total())
            for v in range(self.draw_range()):
                w = self.draw_count(v)
                if k < w:
                    return v
                k -= w
        return prng.die(self.rng, 6) + 1

    # ----- legal actions -------------------------------------------------------------------------------------

    def legal_actions(self, buf):
        check_buffer(buf, MAX_ACTIONS)
        if self.phase == PH_OVER:
            return 0
        st = self.step
        if st >= CH_FIRST:
            buf[0] = K_RESOLVE
            return 1
        if st == ST_MOVE:
            return self.legal_move(buf)
        if st == ST_STEP:
            return self.legal_step(buf)
        if st == ST_ENC:
            return self.legal_enc(buf)
        if st == ST_LOADOUT:
            return self.legal_loadout(buf)
        if st == ST_PICK:
            n = 0
            for i in range(self.board.ninv):
                if not self.used_inv[i]:
                    buf[n] = K_PICK + i
                    n += 1
            return n
        if st == ST_GATE_OR_EVENT:
            return self.legal_gate_or_event(buf)
        if st == ST_CLOSE:
            return self.legal_close(buf)
        if st == ST_RETURN:
            return self.legal_return(buf)
        if st == ST_SNEAK_TO:
            return self.legal_sneak_to(buf)
        if st == ST_SHOP:
            return self.legal_shop(buf)
        if st == ST_DEST:
            return self.legal_dest(buf)
        if st == ST_DISCARD:
            return self.legal_discard(buf)
        if st == ST_ORIENT:
            return self.legal_orient(buf)
        if st == ST_SPLIT:
            return self.legal_split(buf)
        if st == ST_PAY:
            return self.legal_pay(buf)
        if st == ST_SELL:
            return self.legal_sell(buf)
        if st == ST_BID:
            return self.legal_bid(buf)
        if st == ST_CHOOSE:
            return self.legal_choose(buf)
        if st == ST_BET:
            return self.legal_bet(buf)
        return 0

    def is_legal(self, action):
        if self.phase == PH_OVER or not is_action(action):
            return False
        if self.step >= CH_FIRST:
            if action == K_RESOLVE:
                return True
            return action >> K_SHIFT == K_OUTCOME >> K_SHIFT and self._outcome_ok(action & ARG_MASK)
        return in_legal_actions(self, self.buf, action)

    # ----- apply ---------------------------------------------------------------------------------------------

    def apply(self, action):
        """Apply one action; KernelError('action', ...) when it is not legal now (nothing changes)."""
        if self.phase == PH_OVER:
            raise KernelError("action", "the game is over")
        if self.nlog >= MAX_LOG:
            raise KernelError("action", "the game log is full (%d actions)" % MAX_LOG)
        if not self.is_legal(action):
            raise KernelError("action", "%r is not a legal action now" % (action,))
        self.begin_events()
        self.version += 1
        self.record(action)
        st = self.step
        if st >= CH_FIRST:
            v = self.roll() if action == K_RESOLVE else action & ARG_MASK
            self.last_roll = v
            self.event(EV_ROLL, st, v, 0)
            self.resolve(st, v)
            return
        kind = action & ~ARG_MASK
        arg = action & ARG_MASK
        if st == ST_MOVE:
            self.apply_move(kind, arg)
        elif st == ST_STEP:
            self.apply_step(kind, arg)
        elif st == ST_ENC:
            self.apply_enc(kind, arg)
        elif st == ST_LOADOUT:
            self.apply_loadout(kind, arg)
        elif st == ST_PICK:
            self.picked(self.actor, arg)
        elif st == ST_GATE_OR_EVENT:
            self.apply_gate_or_event(kind)
        elif st == ST_CLOSE:
            self.apply_close(kind)
        elif st == ST_RETURN:
            self.apply_return(arg)
        elif st == ST_SNEAK_TO:
            self.apply_sneak_to(arg)
        elif st == ST_SHOP:
            self.apply_shop(kind, arg)
        elif st == ST_DEST:
            self.apply_dest(kind, arg)
        elif st == ST_DISCARD:
            self.apply_discard(arg)
        elif st == ST_ORIENT:
            self.apply_orient(arg)
        elif st == ST_SPLIT:
            self.apply_split(arg)
        elif st == ST_PAY:
            self.apply_pay(kind)
        elif st == ST_SELL:
            self.apply_sell(kind, arg)
        elif st == ST_BID:
            self.apply_bid(kind)
        elif st == ST_CHOOSE:
            self.apply_choose(arg)
        elif st == ST_BET:
            self.apply_bet(kind, arg)

    def record(self, action):
        """Append an action to the log (3 bytes) and its running checksum."""
        i = 3 * self.nlog
        lb = self.logb
        lb[i] = action >> 16
        lb[i + 1] = (action >> 8) & 255
        lb[i + 2] = action & 255
        self.nlog += 1
        a = self.log_a
        b = self.log_b
        for k in range(3):
            a = (a + lb[i + k]) % 255
            b = (b + a) % 255
        self.log_a = a
        self.log_b = b

    def resolve(self, st, v):
        if st == CH_EVENT:
            self.on_event_roll(v)
        elif st == CH_ATTACK:
            self.on_attack_roll(v)
        elif st == CH_DAMAGE:
            self.on_damage_roll(v)
        elif st == CH_SANITY:
            self.on_sanity_roll(v)
        elif st == CH_MOVE:
            self.on_move_roll(v)
        elif st == CH_STEALTH:
            self.on_stealth_roll(v)
        elif st == CH_GATE:
            self.on_gate_roll(v)
        elif st == CH_TEST:
            self.on_test_roll(v)
        elif st == CH_CLOSE:
            self.on_close_roll(v)
        elif st == CH_COIN:
            self.on_coin(v)
        elif st == CH_AMOUNT:
            self.on_amount_roll(v)
        elif st == CH_DRAW:
            self.on_drawn(v)
        elif st == CH_FOE:
            self.on_foe_roll(v)
        elif st == CH_LOSS:
            self.on_loss_roll(v)
        elif st == CH_BET:
            self.on_bet_roll(v)
        elif st == CH_CAST:
            self.on_cast_roll(v)
        elif st == CH_BANISH:
            self.on_banish_roll(v)

    def resume_operation(self):
        """Every draw an operation wanted is in (table mode): it runs again and takes them."""
        r = self.resume
        self.resume = 0
        if r == R_EFFECTS:
            self.run_effects()
        elif r == R_GATE_ROLL:
            self.gate_roll_effects()
        elif r == R_PICK:
            self.picked(self.actor, self.pick_inv)
        elif r == R_AUCTION:
            self.start_auction(self.seat)

    # ----- views, text, saves ------------------------------------------------------------------------------

    def touch(self):
        """Forget the cached save and view (after editing fields directly, as tests set up positions)."""
        self.version += 1

    def view(self, player):
        """Everything a player may know: the whole board and every sheet (public in this game), the
        step and its context; not the PRNG, the decks' order or where a face-down gate leads. (The
        same for every seat; cached until the state changes.)"""
        check_player(player, self.players)
        if self._view_version != self.version:
            from .save import public_bytes
            self._view = public_bytes(self)
            self._view_version = self.version
        return self._view

    def action_text(self, action):
        from .text import action_text
        try:
            return action_text(self, check_action(action))
        except (IndexError, KeyError):
            raise no_such_action(action)

    def serialize(self):
        if self._save_version != self.version:
            from .save import serialize
            self._save = serialize(self)
            self._save_version = self.version
        return self._save


class Rules:
    """Arkham Horror (1987) over a board given as data (see the module docstring for options)."""

    name = "arkham"
    max_actions = MAX_ACTIONS

    def __init__(self, options=None):
        options = dict(check_options(options) or {})
        board = options.pop("board", None)
        house = options.pop("house", "")
        draws = options.pop("draws", "deck")
        self.round_limit = options.pop("round_limit", -1)
        self.doom = options.pop("doom", 0)
        if options:
            raise KernelError("option", "unknown option(s): %s" % ", ".join(sorted(options)))
        self.house = house_bits(house)
        if draws not in ("deck", "table"):
            raise KernelError("option", "draws must be 'deck' (the game draws) or 'table' (entered as drawn), "
                                        "not %r" % (draws,))
        if draws == "table":
            self.house |= OPT_TABLE_DRAWS
        if not isinstance(self.round_limit, int) or self.round_limit < -1 or self.round_limit > 999:
            raise KernelError("option", "round_limit must be 0 (none) to 999")
        if not isinstance(self.doom, int) or not (0 <= self.doom <= 99):
            raise KernelError("option", "doom must be 1 to 99 (0: the board's)")
        self.board = board if isinstance(board, Board) else Board(board)
        self.min_players = self.board.min_players
        self.max_players = self.board.max_players

    def new_game(self, seed, players=1):
        check_new_game(seed, players, self.min_players, self.max_players)
        return ArkhamGame(self.board, players, seed, self.house, self.round_limit, self.doom)

    def deserialize(self, blob):
        from .save import deserialize
        return deserialize(self, blob)


def house_bits(names):
    """The house-rule bits of a comma-separated string (or a list) of names (not OPT_TABLE_DRAWS)."""
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    bits = 0
    for n in names:
        if n not in HOUSE_RULES:
            raise KernelError("option", "unknown house rule '%s' (known: %s)" % (n, ", ".join(HOUSE_RULES)))
        bits |= 1 << HOUSE_RULES.index(n)
    return bits
