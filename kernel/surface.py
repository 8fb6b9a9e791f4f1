"""The surface every kernel game shares (OpenSpiel style), its two constants, and the plain is_legal scan.

Each game lives in `kernel/<game>/` (an odds half where it has one) and `kernel/<game>/game/` (the
whole game). A game's entry module (`kernel/<game>/game/rules.py`; Elder Sign's adventure:
`kernel/eldersign/adventure.py`) defines `Rules`, made once per setting (it may load card data and
allocate), which makes and loads states:

    rules = Rules(options)            # options: a dict of the game's settings, or None for defaults
    rules.name                        # "eldersign", "stayaway", ...
    rules.min_players, rules.max_players
    rules.max_actions                 # size of the buffer legal_actions writes into
    state = rules.new_game(seed, players)
    state = rules.deserialize(blob)   # KernelError on a bad blob

A state is data plus pure transitions. After setup, `legal_actions` and `apply` allocate nothing
(the conformance test runs them under micropython.heap_lock() on the unix port):

    state.players                     # seats
    state.current_player()            # a seat 0.., CHANCE at a chance node, TERMINAL at the end
    state.legal_actions(buf)          # writes action ints (0 <= a < 2^30) into buf (at least
                                      #   rules.max_actions long, else KernelError("buffer")),
                                      #   returns the count;
                                      #   at a chance node: the action(s) that let the state's own
                                      #   PRNG resolve it
    state.is_legal(action)            # True when apply(action) would be accepted now
    state.apply(action)               # KernelError("action", ...) when not legal, else the step
    state.chance_outcomes()           # at a chance node: [(action, weight)], integer weights > 0,
                                      #   each action legal (a physical roll entered, say);
                                      #   [] elsewhere. May allocate.
    state.is_terminal()
    state.returns()                   # one int per seat (1 win, 0 loss, or the game's scores)
    state.view(player)                # bytes: everything that player may know and nothing more
                                      #   (never the PRNG state, a deck's order, another's hand)
    state.action_text(action)         # the action in words, as the acting player may see it
    state.serialize()                 # bytes for a save: the whole state (hidden parts included)
    state.actions()                   # the actions applied since setup, in order
    state.replay(actions)             # back to the setup of the same seed, then apply each

Chance is explicit where a table supplies it (dice): the state reports CHANCE, lists the outcomes
with exact weights, and its seeded PRNG resolves it by default. Chance the rules resolve without a
player seeing it (a shuffle) may happen inside `apply` from the same PRNG. Same seed and actions,
same states, on every runtime. `tests/conformance.py` checks all of this for every game.
"""

from .errors import KernelError

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

CHANCE = const(-1)
TERMINAL = const(-4)


def in_legal_actions(state, buf, action):
    """True when action is one of state's legal actions now, written into buf (preallocated,
    rules.max_actions long) and scanned: the plain is_legal every game falls back on. Allocates
    nothing."""
    n = state.legal_actions(buf)
    for i in range(n):
        if buf[i] == action:
            return True
    return False


def check_buffer(buf, need):
    """KernelError("buffer", ...) unless buf can hold `need` actions: every legal_actions calls it
    first, so a short buffer is one clear error, never an IndexError halfway through. It compares
    the length once and allocates nothing (legal_actions runs under heap_lock on the board)."""
    try:
        n = len(buf)
    except TypeError:
        n = -1
    if n < need:
        raise KernelError("buffer", "legal_actions needs a buffer of at least %d ints, e.g. "
                          "array('i', [0] * rules.max_actions); got %s" % (need, _described(buf, n)))


def _described(buf, n):
    return "%s of length %d" % (type(buf).__name__, n) if n >= 0 else type(buf).__name__
