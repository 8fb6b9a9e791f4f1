"""The game's state: its components, made once by the constructor, and the setup from the seed.

GameState owns the components (people.py: investigators and seats; slots.py: the board; locks.py:
locked and spell-held dice; decks.py: every deck; clock.py: hour and turn order; stack.py: the work
still to do and the question waiting; the attempt in progress, attempt.py), the scalars of the
rules (doom, elder signs, battle, the active and the lasting mythos cards...), the Adventures of the
slots and of the final battle, the PRNG, the action log and the events of the last step.
`_reset()` is the rulebook's setup (shuffles, the monster cup with the masks only when the Ancient
One uses them, six adventures, each player choosing or drawing an investigator, the first player
drawn by lot, the first mythos card, revealed by the first player) and the only part that
allocates. `_house` holds the house rules agreed on (defs.HOUSE_RULES; 0: the rulebook's readings).

Everything is private (a leading underscore) except `players` and `seed`: the state machine's
surface is in machine.py, and the other modules of the game read the rest.
"""

from array import array

from ...errors import KernelError
from ... import prng
from .defs import (MAX_PLAYERS, MAIN_SLOTS, MAX_GAME_ACTIONS, MAX_LOG, MAX_EV, MAX_TASKS_GAME, NONE,
                   F_NEXT, F_MYTHOS, F_PICK, F_FIRST, HOUSE_MASK)
from .data import RANDOM
from .decks import Decks, shuffled
from .locks import Locks, SpellDice
from .people import Investigators, Seats
from .slots import Slots
from .clock import Clock
from .stack import Stack
from .attempt_state import AttemptState
from . import board, resolve, engine, battle

MAX_LASTING = 8        # mythos cards in effect beyond the next card at once
AO_STREAM = 0x15A4E35  # the random Ancient One's draw: its own PRNG stream of the seed


def random_ancient_one(data, seed):
    """The Ancient One drawn for `seed` (an `--ancient-one random` game): a stream of its own, so
    the game's shuffles are those of the same seed with that Ancient One named."""
    rng = prng.new_state((seed ^ AO_STREAM) & prng.SEED_MAX)
    return prng.die(rng, len(data.ancient_ones))


class GameState:
    """The components and scalars of one game, and its setup; the rules are in the modules the
    engine and the Game (machine.py) call."""

    def __init__(self, data, players=1, seed=0, ancient_one=0, companion=False, house=0):
        if not isinstance(house, int) or house & ~HOUSE_MASK:
            raise KernelError("option", "house rules must be bits of %d, not %r" % (HOUSE_MASK, house))
        if not isinstance(players, int) or not (1 <= players <= MAX_PLAYERS):
            raise KernelError("option", "players must be 1 to 8, not %r" % (players,))
        if not isinstance(seed, int):
            raise KernelError("option", "the seed must be a whole number, not %r" % (seed,))
        if isinstance(ancient_one, str):
            ancient_one = data.ancient_one(ancient_one)
        if ancient_one == RANDOM and isinstance(seed, int):
            ancient_one = random_ancient_one(data, seed)
        if not isinstance(ancient_one, int) or not (0 <= ancient_one < len(data.ancient_ones)):
            raise KernelError("option", "no Ancient One %r" % (ancient_one,))
        if len(data.investigators) < players:
            raise KernelError("option", "%d players need %d investigators" % (players, players))
        self.players = players
        self.seed = seed & prng.SEED_MAX
        self._data = data
        self._ao_index = ancient_one
        self._ao = data.ancient_ones[ancient_one]
        self._companion = companion
        self._house = house
        self._lean = False
        self._strict = False
        ninv = len(data.investigators)
        self._ninv = ninv
        self._inv = Investigators(ninv)
        self._seats = Seats()
        self._slots = Slots(MAIN_SLOTS + data.other_worlds())
        self._locks = Locks()
        self._spells = SpellDice()
        self._att = AttemptState()
        self._decks = Decks(data, ninv)
        self._clock = Clock(players)
        self._stack = Stack()
        self._lasting = bytearray(MAX_LASTING)
        self._lasting_left = bytearray(MAX_LASTING)
        self._rng = array("i", [1, 1])
        self._play_buffers(data)
        self._rebuilds = 0
        self._reset()

    def _play_buffers(self, data):
        """What playing the adventures needs: every task the cards can show, one Adventure per slot
        sharing one ways workspace, the final battle's Adventure, the action log, the events and
        the legal-actions buffers. (A companion game, companion.py, makes lean stand-ins: it never
        loads the adventure kernel, hence the imports here.)"""
        from ..adventure import Adventure, Workspace
        from ..notation import parse_card
        from ..situation import Situation
        from .tasks import for_data
        self._tasks = for_data(data)
        self._sit = Situation()         # refilled (allocation-free) before each attempt
        self._work = Workspace()
        self._slot_pool = [Adventure(None, work=self._work) for _ in range(self._slots.n)]
        for adv in self._slot_pool:
            adv.logging = False
        self._tids = array("H", [0] * MAX_TASKS_GAME)
        self._combat_adv = Adventure(parse_card(self._ao.combat), work=self._work)
        self._combat_adv.logging = False
        self._log = array("i", [0] * MAX_LOG)
        self._ev = array("i", [0] * MAX_EV)
        self._buf = array("i", [0] * MAX_GAME_ACTIONS)
        self._dbuf = array("i", [0] * MAX_GAME_ACTIONS)

    def _reset_play(self):
        combat = self._combat_adv
        combat.set_situation(self._sit.set(6, 0, 0, 0, 0, 0, 0, 0, 0))
        combat.set_seed(0)
        combat.reset()

    # ----- setup ------------------------------------------------------------------------------

    def _reset(self):
        """Setup from the seed (rulebook setup steps 1-9); allocates (it is the setup)."""
        d = self._data
        prng.seed(self._rng, self.seed)
        self._nlog = 0
        self._nev = 0
        self._rebuilds = 0
        # every component back to what the constructor made, so a replay in place reaches the
        # same state (and the same save digest) as a new game
        self._inv.clear()
        self._seats.clear()
        self._slots.clear()
        self._locks.clear()
        self._spells.clear()
        self._att.clear()
        self._decks.clear()
        self._clock.clear()
        self._stack.clear()
        for i in range(MAX_LASTING):
            self._lasting[i] = 0
            self._lasting_left[i] = 0
        self._nlasting = 0
        self._reset_play()
        self._doom = 0
        self._elder = 0
        self._result = -1          # -1 playing, 1 won, 0 lost
        self._battle = False
        self._mythos = -1
        self._midnight_due = False
        self._in_midnight = False
        self._awaken_due = False
        self._awaken_seat = NONE
        self._green_gone = 0        # dice removed from the game at the awakening
        self._yellow_gone = False
        self._red_gone = False
        self._turn_yellow = 0       # 0 unused, 1 in the pool, 2 given back this turn
        self._turn_red = 0
        self._focus_used = 0          # focus taken this turn
        self._ended_by = -1
        self._setup_events = 0
        decks = self._decks
        main = [i for i in range(len(d.adventures)) if not d.adventures[i].other_world]
        ow = [i for i in range(len(d.adventures)) if d.adventures[i].other_world]
        for c in shuffled(self._rng, main):
            decks.adventures.bottom(c)
        for c in shuffled(self._rng, ow):
            decks.other_worlds.bottom(c)
        for k in range(4):
            for c in shuffled(self._rng, d.decks[k]):
                decks.items[k].bottom(c)
        for c in shuffled(self._rng, range(len(d.mythos))):
            decks.mythos.bottom(c)
        # the masks (monsters marked `mask`) go into the cup only when the Ancient One uses them
        cup = [m for m in range(len(d.monsters)) if self._ao.masks or not d.monsters[m].mask]
        for c in shuffled(self._rng, cup):
            decks.cup.bottom(c)
        for c in shuffled(self._rng, range(self._ninv)):
            decks.investigators.bottom(c)
        self._begin_events()
        if self._companion:
            # the table revealed its own adventures (the device enters them: companion.put_adventure)
            # and chose its investigators (the device enters their sheets)
            for seat in range(self.players):
                resolve.enter_investigator(self, seat, decks.investigators.draw())
        else:
            for s in range(MAIN_SLOTS):
                board.reveal(self, s)
            st = self._stack
            st.push(F_NEXT, 1)
            st.push(F_MYTHOS)
            st.push(F_FIRST)
            for seat in range(self.players - 1, -1, -1):
                st.push(F_PICK, seat, 1)
        engine.drive(self)
        self._setup_events = self._nev

    # ----- events -----------------------------------------------------------------------------

    def _begin_events(self):
        self._nev = 0

    def _event(self, code, a=0, b=0, c=0):
        n = self._nev
        ev = self._ev
        if n + 4 <= len(ev):
            ev[n] = code
            ev[n + 1] = a
            ev[n + 2] = b
            ev[n + 3] = c
            self._nev = n + 4

    # ----- queries ----------------------------------------------------------------------------

    def _active(self):
        """The active investigator, or NONE."""
        return self._seats.inv[self._clock.seat]

    def _decider_seat(self):
        """The seat whose player makes the active player's decisions: the active seat, or when it
        has no investigator (out of the game), the first seat that has one."""
        s = self._clock.seat
        if self._seats.inv[s] != NONE:
            return s
        for k in range(self.players):
            if self._seats.inv[k] != NONE:
                return k
        return s

    def _decider_inv(self):
        return self._seats.inv[self._decider_seat()]

    def _awaken(self):
        battle.awaken(self)

    # the game's own frames and questions (machine.Game answers them; a companion game has none)

    def _frame(self, i, op):
        raise KernelError("game", "frame %d has no rule here" % op)

    def _options(self, i, op, buf):
        return 0

    def _answer(self, i, op, action, forced):
        raise KernelError("game", "question %d has no rule here" % op)

    def _seat_of(self, i, op):
        return self._decider_seat()

    def _end_step_useful(self):
        return False
