"""The games `eldritch simulate` and `eldritch sweep` can play, one line each.

A runner module exposes `RUNNER`, an object with:

    name, title                         "eldersign", "Elder Sign"
    bots                                {bot name: one-line description}
    default_bot                         the bot of a seat not named
    settings(args) -> [Setting]         the settings asked for on the command line (a grid)
    add_arguments(parser)               the game's own simulate options (called with every runner)
    prepare(setting) -> context         per process, once per setting: card data, solver caches
    play(setting, seed, context) -> dict    one game: {"win": 0|1, "metrics": {name: int},
                                        "tallies": {name: [attempts, successes]}}
    metrics                             the names of `metrics`, in report order
    tally_label                         what a tally counts ("adventure")

A game's runner module is its registry entry's `sim` (host/games.py); GAMES maps every game's name
to it (the module is imported only when asked for).
"""

from __future__ import annotations

import importlib

from eldritch import games
from eldritch.kernel.errors import KernelError

GAMES = {g.name: "eldritch." + g.sim for g in games.GAMES}


def grid(r, args) -> list:
    """The settings a command line asks for, each once, in the order first named.

    A repeated setting (`--players 1,1`, `--bots 'heuristic|heuristic'`, `--ancient-one Yig,Yig`) is
    the same computation: its games are seeded from the setting and the game number alone, so a
    second copy would play the very same games. Keeping it would print a duplicate row (simulate)
    or count every game twice (a sweep merges result files by setting); dropping it gives simulate
    and sweep the same report."""
    out: list = []
    seen: set = set()
    for s in r.settings(args):
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def runner(name: str):
    """The runner of a game (KernelError for an unknown name)."""
    if name not in GAMES:
        raise KernelError("option", "no simulation for game '%s' (the games: %s)" % (name, ", ".join(sorted(GAMES))))
    return importlib.import_module(GAMES[name]).RUNNER


class Setting:
    """One thing to simulate: a game, its options (a tuple of (name, value) pairs, sorted), the
    player count and the bot of every seat. Hashable and JSON-friendly (`as_dict`)."""

    def __init__(self, game: str, players: int, bots: tuple, options: tuple = ()):
        self.game = game
        self.players = players
        self.bots = tuple(bots)
        self.options = tuple(sorted((str(k), _freeze(v)) for k, v in options))

    def option(self, name: str, default=None):
        for k, v in self.options:
            if k == name:
                return v
        return default

    def as_dict(self) -> dict:
        return {"game": self.game, "players": self.players, "bots": list(self.bots),
                "options": {k: _thaw(v) for k, v in self.options}}

    @staticmethod
    def from_dict(d: dict) -> "Setting":
        return Setting(d["game"], d["players"], tuple(d["bots"]), tuple(d.get("options", {}).items()))

    def label(self) -> str:
        opts = " ".join("%s=%s" % (k, option_text(v)) for k, v in self.options)
        bots = self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)
        return "%s %dp %s%s" % (self.game, self.players, bots, (" " + opts) if opts else "")

    def key(self) -> tuple:
        return (self.game, self.players, self.bots, self.options)

    def __eq__(self, other):
        return isinstance(other, Setting) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "Setting(%s)" % self.label()


def _thaw(v):
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


def _freeze(v):
    """Lists (from JSON) become tuples, all the way down, so a Setting stays hashable."""
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def option_text(v) -> str:
    if isinstance(v, tuple):
        return ",".join(option_text(x) if not isinstance(x, tuple) else "=".join(option_text(y) for y in x) for x in v)
    return str(v)
