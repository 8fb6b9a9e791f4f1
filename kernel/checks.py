"""Argument checks of the game surface's entry points (kernel/surface.py), shared by every game:
an action, a seat, a save, options, a new game's seed and player count, each seat's bot kind. Each
raises one KernelError naming what was wrong; none allocates on success (apply and is_legal call
is_action per step).
A module of its own, apart from surface.py: the handheld's adventure imports the surface and none
of these, and every kilobyte of its heap counts."""

from .errors import KernelError


def is_action(action):
    """True when `action` is an int an action can be (0 <= action < 2^30; not a bool): every
    is_legal says False, and apply and action_text raise KernelError, for anything else."""
    return isinstance(action, int) and not isinstance(action, bool) and 0 <= action <= 0x3FFFFFFF


def check_action(action):
    """action when is_action(action), else KernelError("action", ...)."""
    if not is_action(action):
        raise KernelError("action", "an action is a whole number 0 to 2^30 - 1, not %r" % (action,))
    return action


def no_such_action(action):
    """The KernelError of an action code that names nothing in this game (action_text's, when the
    code's parts index no card, space or seat)."""
    return KernelError("action", "%d is not an action of this game" % action)


def check_player(player, players):
    """player when it is a seat 0 .. players - 1, else KernelError("player", ...)."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
        raise KernelError("player", "no player %r in a %d-player game" % (player, players))
    return player


def check_new_game(seed, players, low, high):
    """KernelError("option", ...) unless seed is a whole number and players one in low .. high."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise KernelError("option", "the seed must be a whole number, not %r" % (seed,))
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise KernelError("option", "players must be %d to %d, not %r" % (low, high, players))


def check_options(options):
    """options when it is a dict or None (every Rules takes a dict of settings), else KernelError."""
    if options is not None and not isinstance(options, dict):
        raise KernelError("option", "options must be a dict (or None), not %r" % (options,))
    return options


def check_blob(blob):
    """blob as bytes when it is bytes, a bytearray or a memoryview (a save), else KernelError."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise KernelError("save", "a save is bytes, not %s" % type(blob).__name__)
    return bytes(blob)


def seat_kinds(kinds, players):
    """One bot kind per seat from a kind, a comma-separated kind per seat, or a list."""
    if isinstance(kinds, str):
        kinds = kinds.split(",")
    kinds = list(kinds)
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise KernelError("option", "%d bot kinds for %d seats (one kind, or one per seat)"
                          % (len(kinds), players))
    return kinds
