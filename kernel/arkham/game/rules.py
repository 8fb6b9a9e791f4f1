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

ArkhamGame is the game: its fields (buffers made once, in the constructor) and the surface, each
method a hand-over to the rules. The rules are functions over the game, one module per part of the
rules (state, turns, movement, encounters, meetings, combat, mythos, trade, cards, chance); the
surface's two dispatchers, legal_actions and apply, hand each step to the function of its part.
After setup, legal_actions and apply allocate nothing.
"""

from array import array

from ...errors import KernelError
from ... import prng
from ...surface import CHANCE, TERMINAL, in_legal_actions, check_buffer
from ...checks import is_action, check_action, check_player, check_new_game, check_options, no_such_action
from .board import Board, MAX_PLAYERS, MAX_SKILLS
from .defs import (PH_OVER, ST_PICK, ST_RETURN, ST_MOVE, ST_STEP, ST_GATE_OR_EVENT, ST_ENC, ST_SNEAK_TO,
                   ST_LOADOUT, ST_CLOSE, ST_SHOP, ST_DEST, ST_DISCARD, ST_ORIENT, ST_SPLIT, ST_PAY, ST_SELL, ST_BID,
                   ST_CHOOSE, ST_BET, CH_FIRST, K_SHIFT, ARG_MASK, K_PICK, K_RESOLVE, K_OUTCOME, MAX_ACTIONS, MAX_LOG,
                   MAX_POSS, MAX_DRAWS, RES_WON, HOUSE_RULES, HR_SEED_GATE_LIMITS, OPT_TABLE_DRAWS, EV_ROLL)
from .state import Deck, ev_capacity, event, begin_events
from . import state, chance, turns, movement, encounters, meetings, combat, trade


class ArkhamGame:
    """One game. Made by Rules.new_game (the board is loaded once per Rules)."""

    def __init__(self, board, players, seed, house=0, round_limit=-1, doom_length=0):
        if not (board.min_players <= players <= board.max_players):
            raise KernelError("option", "this board is for %d to %d players, not %d" % (
                board.min_players, board.max_players, players))
        self.board = board
        self.players = players
        self.seed = seed & prng.SEED_MAX
        self.house = house
        self.round_limit = board.round_limit if round_limit < 0 else round_limit
        self.doom_length = doom_length or board.doom_length
        limit = board.gate_limit[players]
        if house & HR_SEED_GATE_LIMITS and players == 3:
            limit = board.gate_limit[1]     # the seed's text: "1-3 investigators ... 8 gates"
        self.gate_limit = limit
        b = board
        ns = b.nspaces
        nm = b.nmonsters
        self.rng = array("i", [1, 1])
        self.logb = bytearray(3 * MAX_LOG)      # the action log, 3 bytes an action (codes < 2^17)
        self.ev = array("i", [0] * ev_capacity(b))
        self.buf = array("i", [0] * MAX_ACTIONS)
        # seats
        self.seat_inv = bytearray(MAX_PLAYERS)
        self.seat_status = bytearray(MAX_PLAYERS)
        self.pos = bytearray(MAX_PLAYERS)
        self.ow_world = bytearray(MAX_PLAYERS)
        self.ow_stage = bytearray(MAX_PLAYERS)
        self.close_at = bytearray(MAX_PLAYERS)
        self.san = bytearray(MAX_PLAYERS)
        self.maxsan = bytearray(MAX_PLAYERS)
        self.sta = bytearray(MAX_PLAYERS)
        self.maxsta = bytearray(MAX_PLAYERS)
        self.fight = bytearray(MAX_PLAYERS)
        self.stealth = bytearray(MAX_PLAYERS)
        self.skill = bytearray(MAX_PLAYERS * MAX_SKILLS)   # the board's other skills (2..), base values
        self.lost_turns = bytearray(MAX_PLAYERS)
        self.retainer = bytearray(MAX_PLAYERS)
        self.boost_skill = bytearray(MAX_PLAYERS)   # an event's temporary skill bonus: the skill,
        self.boost_mod = bytearray(MAX_PLAYERS)     # its modifier + 128,
        self.boost_left = bytearray(MAX_PLAYERS)    # its turn starts left (2 when gained: this and the next)
        self.move_mod = bytearray(MAX_PLAYERS)      # its next movement roll's modifier + 8 (0: none)
        self.return_to = bytearray(MAX_PLAYERS)     # a round trip's way back (a space, NONE: none)
        self.money = array("H", [0] * MAX_PLAYERS)
        self.poss = bytearray(MAX_PLAYERS * MAX_POSS)
        self.gates_closed = bytearray(MAX_PLAYERS)
        self.used_inv = bytearray(b.ninv)
        self.tied = bytearray(MAX_PLAYERS)
        # monsters
        self.m_at = bytearray(nm)
        self.m_owner = bytearray(nm)
        self.m_head = bytearray(nm)
        self.m_checked = bytearray(nm)
        self.m_flags = bytearray(nm)
        self.m_spurned = bytearray(nm)
        self.fight_kinds = bytearray(b.nkinds)
        # gates, decks
        self.gate_at = bytearray(ns)
        self.sealed = bytearray(ns)
        self.gate_shown = bytearray(b.ngates)
        self.gate_keep = bytearray(b.ngates)
        self.gate_deck = Deck(b.ngates)
        self.item_deck = Deck(b.ncards)
        self.spell_deck = Deck(b.ncards)
        self.ally_deck = Deck(b.ncards)
        self.decks = (self.item_deck, self.spell_deck, self.ally_deck)
        # table mode: the draws an operation needs, entered one by one (CH_DRAW)
        self.draw_kinds = bytearray(MAX_DRAWS)
        self.drawn = bytearray(MAX_DRAWS)
        # scratch for paths (allocation-free BFS)
        self.occ = bytearray(ns)
        self.seat_dist = bytearray(MAX_PLAYERS * ns)
        self.queue = bytearray(ns)
        self.version = 0                # bumped by every change: view() and serialize() cache on it
        self._view = b""
        self._view_version = -1
        self._save = b""
        self._save_version = -1
        self.reset()

    def reset(self):
        """Back to the setup of the seed: decks shuffled, every seat to pick an investigator."""
        state.reset(self)

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
        return [s for s in range(self.players) if turns.is_honoured(self, s)]

    def actions(self):
        lb = self.logb
        return [lb[3 * i] << 16 | lb[3 * i + 1] << 8 | lb[3 * i + 2] for i in range(self.nlog)]

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    # ----- chance ------------------------------------------------------------------------------------------

    def chance_outcomes(self):
        """At a chance node every outcome as K_OUTCOME + value with its exact weight; else []."""
        return chance.chance_outcomes(self)

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
            return movement.legal_move(self, buf)
        if st == ST_STEP:
            return movement.legal_step(self, buf)
        if st == ST_ENC:
            return meetings.legal_enc(self, buf)
        if st == ST_LOADOUT:
            return combat.legal_loadout(self, buf)
        if st == ST_PICK:
            n = 0
            for i in range(self.board.ninv):
                if not self.used_inv[i]:
                    buf[n] = K_PICK + i
                    n += 1
            return n
        if st == ST_GATE_OR_EVENT:
            return encounters.legal_gate_or_event(self, buf)
        if st == ST_CLOSE:
            return combat.legal_close(self, buf)
        if st == ST_RETURN:
            return encounters.legal_return(self, buf)
        if st == ST_SNEAK_TO:
            return meetings.legal_sneak_to(self, buf)
        if st == ST_SHOP:
            return encounters.legal_shop(self, buf)
        if st == ST_DEST:
            return encounters.legal_dest(self, buf)
        if st == ST_DISCARD:
            return combat.legal_discard(self, buf)
        if st == ST_ORIENT:
            return combat.legal_orient(self, buf)
        if st == ST_SPLIT:
            return turns.legal_split(self, buf)
        if st == ST_PAY:
            return trade.legal_pay(self, buf)
        if st == ST_SELL:
            return trade.legal_sell(self, buf)
        if st == ST_BID:
            return trade.legal_bid(self, buf)
        if st == ST_CHOOSE:
            return encounters.legal_choose(self, buf)
        if st == ST_BET:
            return encounters.legal_bet(self, buf)
        return 0

    def is_legal(self, action):
        if self.phase == PH_OVER or not is_action(action):
            return False
        if self.step >= CH_FIRST:
            if action == K_RESOLVE:
                return True
            return action >> K_SHIFT == K_OUTCOME >> K_SHIFT and chance.outcome_ok(self, action & ARG_MASK)
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
        begin_events(self)
        self.version += 1
        state.record(self, action)
        st = self.step
        if st >= CH_FIRST:
            v = chance.roll(self) if action == K_RESOLVE else action & ARG_MASK
            self.last_roll = v
            event(self, EV_ROLL, st, v, 0)
            chance.resolve(self, st, v)
            return
        kind = action & ~ARG_MASK
        arg = action & ARG_MASK
        if st == ST_MOVE:
            movement.apply_move(self, kind, arg)
        elif st == ST_STEP:
            movement.apply_step(self, kind, arg)
        elif st == ST_ENC:
            meetings.apply_enc(self, kind, arg)
        elif st == ST_LOADOUT:
            combat.apply_loadout(self, kind, arg)
        elif st == ST_PICK:
            turns.picked(self, self.actor, arg)
        elif st == ST_GATE_OR_EVENT:
            encounters.apply_gate_or_event(self, kind)
        elif st == ST_CLOSE:
            combat.apply_close(self, kind)
        elif st == ST_RETURN:
            encounters.apply_return(self, arg)
        elif st == ST_SNEAK_TO:
            meetings.apply_sneak_to(self, arg)
        elif st == ST_SHOP:
            encounters.apply_shop(self, kind, arg)
        elif st == ST_DEST:
            encounters.apply_dest(self, kind, arg)
        elif st == ST_DISCARD:
            combat.apply_discard(self, arg)
        elif st == ST_ORIENT:
            combat.apply_orient(self, arg)
        elif st == ST_SPLIT:
            turns.apply_split(self, arg)
        elif st == ST_PAY:
            trade.apply_pay(self, kind)
        elif st == ST_SELL:
            trade.apply_sell(self, kind, arg)
        elif st == ST_BID:
            trade.apply_bid(self, kind)
        elif st == ST_CHOOSE:
            encounters.apply_choose(self, arg)
        elif st == ST_BET:
            encounters.apply_bet(self, kind, arg)

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
