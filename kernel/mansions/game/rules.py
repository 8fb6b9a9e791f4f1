"""Mansions of Madness (first edition) as a kernel game: `Rules` and its `State`, the surface every
kernel game shares (kernel/surface.py).

    rules = Rules({"story": "demo"})          # options below; the story is read and checked once
    state = rules.new_game(seed, players)     # players: the keeper (seat 0) + 1 .. 4 investigators

Seat 0 is the keeper, a seat like any other (a person, a bot, or a person using the handheld's
assistant); seats 1 .. players - 1 are the investigators. Actions are ints kind << 16 | a << 8 | b
(consts.py); the d10 of every attribute test is an explicit chance node (A_ROLL lets the state's
PRNG roll; A_FACE + f enters a physical roll). `legal_actions` and `apply` allocate nothing.

Options (each a documented, swappable choice: game/choices.py, kernel/mansions/README.md). The
defaults are the first edition's published rules; the other values the engine's earlier choices:
    story            "demo" (a folder under kernel/mansions/data/, or a path to one)
    natural_rolls    "first-edition" (a 1 always passes, a 10 always fails) | "clamped"
    skill_points     "luck" (a point adds Luck before the roll, one a test) | "reroll" | "off"
    evade            "first-edition" (each monster, before leaving or any action but an attack; a
                     failure hurts and he goes on) | "leaving" | "off"
    horror_checks    "room" (sharing a room, once per monster per turn) | "space" | "off"
    mythos           "investigator-turns" (one before each investigator's turn) | "keeper-step"
    stun             "first-edition" (one movement step, -2 on tests; monsters too) | "no-action" |
                     "skip-turn"
    insanity         "trauma" (insane at zero sanity, trauma cards) | "out" | "ignored"
    traits           "attributes" (kept traits set attributes; abilities) | "character"
    keeper_card_uses 1 (default: each keeper action card once per keeper turn) | 0 (no limit)
"""

from ...errors import KernelError
from ...surface import CHANCE, TERMINAL, in_legal_actions, check_buffer
from ...checks import is_action, check_action, check_player, check_options as surface_options, no_such_action
from . import prepare, turn, keeper, board, checks, effects, victory, view, text, save
from .story import Story
from .choices import check_options, option_flags
from .consts import (NONE, MAX_ACTIONS, MAX_LOG, PH_PICK_TRAIT, PH_ROLL, PH_TRADE, PH_OVER, PH_KEEPER,
                     PH_KMOVE, PH_ATTACKS, PH_PREROLL, PH_MYTHOS, PH_TRAUMA, PH_CHOOSE, CTX_TURN, CTX_EXPLORE,
                     CTX_KEEPER, CTX_KMOVE, CTX_ATTACKS, CTX_EVENT, CTX_TURN_START, A_ROLL, A_FACE, A_TRAIT,
                     A_GIVE, A_UNSTUN, A_TRADE_DONE, A_KCARD, A_MYTHOS, A_KEEPER_DONE, A_MSTEP, A_MSTOP,
                     A_MATTACK, A_ATTACKS_DONE, A_LUCK, A_BOOST, A_ROLL_NOW, A_NO_MYTHOS, A_TRAUMA, A_NO_TRAUMA,
                     A_CHOOSE,
                     P_LOCK_TEST, P_LOCK_PUZZLE, P_EVADE, P_HORROR, P_ATTACK, P_SPELL, P_DEFEND, P_OBSTACLE,
                     P_MYTHOS, P_EFFECT, WIN_KEEPER, WIN_INVESTIGATORS)
from .state import (Base, G_PHASE, G_ACTOR, G_WINNER, G_HQ_N, G_CTX, G_T_SEAT, G_T_P1, G_T_P2, G_T_P3,
                    G_EVENT, G_EVENT_DUE, G_LAST_EVENT)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

PH_CONT = const(31)     # inside apply only: a step finished, the resume loop finds the next node
_KEEPER_PHASES = (PH_TRADE, PH_KEEPER, PH_KMOVE, PH_ATTACKS, PH_MYTHOS, PH_TRAUMA, PH_CHOOSE)
_KEEPER_KINDS = (A_GIVE, A_UNSTUN, A_TRADE_DONE, A_KCARD, A_MYTHOS, A_KEEPER_DONE, A_MSTEP, A_MSTOP, A_MATTACK,
                 A_ATTACKS_DONE, A_NO_MYTHOS, A_TRAUMA, A_NO_TRAUMA, A_CHOOSE)
_ROLL_KINDS = (A_LUCK, A_BOOST, A_ROLL_NOW)

class State(Base):
    """One game. See kernel/surface.py for the methods' contracts."""

    def __init__(self, story, options, seed, players):
        self.opt_insanity = options["insanity"] == "out"
        self.opt_trauma = options["insanity"] == "trauma"
        self.opt_horror = options["horror_checks"] == "space"
        self.opt_horror_room = options["horror_checks"] == "room"
        self.opt_evade_1e = options["evade"] == "first-edition"
        self.opt_evade_leaving = options["evade"] == "leaving"
        self.opt_rerolls = options["skill_points"] == "reroll"
        self.opt_luck = options["skill_points"] == "luck"
        self.opt_natural = options["natural_rolls"] == "first-edition"
        self.opt_stun_1e = options["stun"] == "first-edition"
        self.opt_stun_skips = options["stun"] == "skip-turn"
        self.opt_mythos_turns = options["mythos"] == "investigator-turns"
        self.opt_traits = options["traits"] == "attributes"
        self.opt_kuses = options["keeper_card_uses"]
        Base.__init__(self, story, options, seed, players)

    # ----- the surface -----------------------------------------------------------------------------

    def current_player(self):
        ph = self.g[G_PHASE]
        if ph == PH_OVER:
            return TERMINAL
        if ph == PH_ROLL:
            return CHANCE
        return self.g[G_ACTOR]

    def is_terminal(self):
        return self.g[G_PHASE] == PH_OVER

    def returns(self):
        w = self.g[G_WINNER]
        out = [0] * self.players
        if w == WIN_KEEPER:
            out[0] = 1
        elif w == WIN_INVESTIGATORS:
            for s in range(1, self.players):
                out[s] = 1
        return out

    def legal_actions(self, buf):
        check_buffer(buf, MAX_ACTIONS)
        ph = self.g[G_PHASE]
        if ph == PH_ROLL:
            buf[0] = A_ROLL << 16
            return 1
        if ph == PH_OVER:
            return 0
        if ph <= PH_PICK_TRAIT:
            return prepare.legal(self, ph, buf)
        if ph == PH_PREROLL:
            return checks.legal(self, buf)
        if ph in _KEEPER_PHASES:
            return keeper.legal(self, ph, buf)
        return turn.legal(self, ph, buf)

    def is_legal(self, action):
        if not is_action(action):
            return False
        if self.g[G_PHASE] == PH_ROLL:
            return action == A_ROLL << 16 or (action >> 8) == (A_FACE << 8) and 1 <= (action & 255) <= 10
        return in_legal_actions(self, self.scratch, action)

    def chance_outcomes(self):
        if self.g[G_PHASE] != PH_ROLL:
            return []
        return [((A_FACE << 16) | f, 1) for f in range(1, 11)]

    def apply(self, action):
        g = self.g
        ph = g[G_PHASE]
        if ph == PH_OVER:
            raise KernelError("action", "the game is over")
        if not self.is_legal(action):
            raise KernelError("action", "%r is not a legal action now (%s)" % (action, text.phase_name(ph)))
        if self.nlog >= MAX_LOG:
            raise KernelError("action", "the action log is full")
        self.log[self.nlog] = action
        self.nlog += 1
        self.ev_n = 0
        kind = action >> 16
        a = (action >> 8) & 255
        b = action & 255
        g[G_PHASE] = PH_CONT
        if kind == A_ROLL:
            checks.rolled(self, checks.roll_prng(self))
        elif kind == A_FACE:
            checks.rolled(self, b)
        elif kind <= A_TRAIT:
            prepare.act(self, ph, kind, a, b)
        elif kind in _ROLL_KINDS:
            checks.act(self, kind, a)
        elif kind in _KEEPER_KINDS:
            keeper.act(self, ph, kind, a, b)
        else:
            turn.act(self, ph, kind, a, b)
        if g[G_PHASE] == PH_CONT:
            self.resume()

    def view(self, player):
        return view.encode(self, check_player(player, self.players))

    def action_text(self, action):
        try:
            return text.action_text(self, check_action(action))
        except (IndexError, KeyError):
            raise no_such_action(action)

    def serialize(self):
        return save.serialize(self)

    def actions(self):
        return [self.log[i] for i in range(self.nlog)]

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    # ----- the flow between steps ----------------------------------------------------------------------

    def resume(self):
        """A step has finished: check the ends, run pending horror checks, resolve an event whose time
        tokens an effect completed, then continue where the context says, until a player's decision
        or a chance node is reached."""
        g = self.g
        while True:
            g[G_PHASE] = PH_CONT
            victory.check(self)
            if g[G_WINNER]:
                g[G_PHASE] = PH_OVER
                g[G_ACTOR] = NONE
                return
            if self.opt_trauma and keeper.trauma_window(self):
                return
            if g[G_HQ_N] and board.next_horror(self):
                return
            ctx = g[G_CTX]
            if g[G_EVENT_DUE]:
                g[G_EVENT_DUE] = 0
                keeper.resolve_top(self)
                if g[G_PHASE] != PH_CONT:
                    return
                continue
            if g[G_EVENT] >= self.story.nevents and ctx != CTX_EVENT and not g[G_LAST_EVENT]:
                g[G_LAST_EVENT] = 1             # the last event, resolved outside the keeper's step 5
                continue
            if ctx == CTX_TURN:
                turn.continue_turn(self)
            elif ctx == CTX_EXPLORE:
                turn.explore_next(self)
            elif ctx == CTX_KEEPER:
                keeper.continue_keeper(self)
            elif ctx == CTX_KMOVE:
                keeper.continue_move(self)
            elif ctx == CTX_ATTACKS:
                keeper.continue_attacks(self)
            elif ctx == CTX_TURN_START:
                turn.begin_turn(self)
            else:
                keeper.after_event(self)
            if g[G_PHASE] != PH_CONT:
                return

    def on_test(self, purpose, passed):
        """An attribute test is over: continue what it was for."""
        g = self.g
        if purpose == P_EVADE:
            if self.opt_evade_1e:
                board.evade_done(self, g[G_T_P1], passed)
            elif passed:
                board.after_evade(self)
            else:
                board.evade_failed(self, g[G_T_P1])
        elif purpose == P_LOCK_TEST:
            if passed:
                board.enter(self)
            else:
                board.locked_out(self)
        elif purpose == P_LOCK_PUZZLE:
            if passed:
                board.lock_solved(self)
            else:
                board.locked_out(self)
        elif purpose == P_HORROR:
            if not passed:
                board.horror_failed(self, g[G_T_SEAT], g[G_T_P2])
        elif purpose == P_ATTACK:
            turn.attack_done(self, passed)
        elif purpose == P_SPELL:
            turn.spell_done(self, passed)
        elif purpose == P_OBSTACLE:
            turn.obstacle_done(self, passed)
        elif purpose == P_DEFEND:
            keeper.defend_done(self, passed)
        elif purpose == P_MYTHOS or purpose == P_EFFECT:
            if not passed:
                effects.apply_list(self, g[G_T_P1], g[G_T_SEAT], g[G_T_P2], g[G_T_P3], purpose)

    def keeper_begin(self):
        keeper.begin(self)

    def perform(self, kind, a, b):
        """An investigator's action held for his evade tests (first edition), now taken."""
        turn.perform(self, kind, a, b)

    def horror_arrives(self, m, before):
        board.monster_arrives(self, m, before)

    def reveal_objective(self):
        victory.reveal(self)

    def start_round(self):
        turn.start_round(self)


class Rules:
    """Mansions of Madness on one story with one set of choices (see the module docstring)."""

    name = "mansions"
    min_players = 2
    max_actions = MAX_ACTIONS

    def __init__(self, options=None):
        self.options = check_options(surface_options(options))
        self.story = Story(self.options["story"])
        self.max_players = self.story.max_players
        self.flags = option_flags(self.options)

    def new_game(self, seed, players=2):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise KernelError("option", "the seed must be a whole number, not %r" % (seed,))
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise KernelError("option", "players must be %d to %d (the keeper and 1 to %d investigators), "
                              "not %r" % (self.min_players, self.max_players, self.max_players - 1, players))
        return State(self.story, self.options, seed, players)

    def deserialize(self, blob):
        return save.deserialize(self, blob)
