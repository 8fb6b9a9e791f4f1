"""Every game the front end can put on a table, by name: how many seats it has, its table options,
a new game and a game opened from a save, each as the game's adapter (adapter.py). The table
server (host/serve/) makes and opens games only through here, never through game-specific code.

    describe("stayaway")        # {"name", "title", "min_players", "max_players", "hides", "options": [...]}
    options = check_options("stayaway", {"vengeful": True})          # KernelError on a bad one
    game = new_game("stayaway", seed=7, players=4, bots={1, 2}, options=options)
    game = open_save("mansions", kernel_payload, settings_doc)       # what saves.loads gave

Each game module (host/<game>/frontend.py) gives `TABLE_OPTIONS` (a list of {name, kind "bool" or
"choice", default, label, choices}), `PLAYERS` (min, max) or `players_range()`, and
`table_game(seed, players, bots, options, kind)` / `table_load(payload, settings_doc)`.
"""

from __future__ import annotations

from importlib import import_module

from ..kernel.errors import KernelError

GAMES = ("eldersign", "stayaway", "arkham", "mansions")
TITLES = {"eldersign": "Elder Sign", "stayaway": "Stay Away!", "arkham": "Arkham Horror",
          "mansions": "Mansions of Madness"}
HIDES = {"eldersign": False, "stayaway": True, "arkham": False, "mansions": True}
BOT_KINDS = {"eldersign": ("heuristic",), "stayaway": ("heuristic", "random", "search"),
             "arkham": ("heuristic", "random"), "mansions": ("heuristic", "random")}


def module(name: str):
    if name not in GAMES:
        raise KernelError("game", "no game %r: one of %s" % (str(name)[:20], ", ".join(GAMES)))
    return import_module("..%s.frontend" % name, __package__)


def players_range(name: str) -> tuple:
    m = module(name)
    return tuple(m.PLAYERS) if hasattr(m, "PLAYERS") else tuple(m.players_range())


def describe(name: str) -> dict:
    low, high = players_range(name)
    return {"name": name, "title": TITLES[name], "min_players": low, "max_players": high,
            "hides": HIDES[name], "bot_kinds": list(BOT_KINDS[name]),
            "options": [dict(o) for o in module(name).TABLE_OPTIONS]}


def check_options(name: str, options) -> dict:
    """The options with every one of the game's filled in; KernelError("option", ...) for a name the
    game does not have or a value of the wrong kind."""
    spec = {o["name"]: o for o in module(name).TABLE_OPTIONS}
    options = options if options is not None else {}
    if not isinstance(options, dict):
        raise KernelError("option", "the options must be a table of name: value")
    for key in options:
        if key not in spec:
            raise KernelError("option", "%s has no option %r" % (TITLES[name], str(key)[:30]))
    out = {}
    for key, o in spec.items():
        value = options.get(key, o["default"])
        if o["kind"] == "bool" and type(value) is not bool:
            raise KernelError("option", "%s must be true or false" % key)
        if o["kind"] == "choice" and value not in o["choices"]:
            raise KernelError("option", "%s must be one of %s" % (key, ", ".join(o["choices"])))
        out[key] = value
    return out


def check_players(name: str, players) -> int:
    low, high = players_range(name)
    if type(players) is not int or not low <= players <= high:
        raise KernelError("option", "%s has %d to %d players" % (TITLES[name], low, high))
    return players


def new_game(name: str, seed: int, players: int, bots=(), options=None, kind: str = "heuristic"):
    """A new game's adapter (the options checked; bots: 0-based seats)."""
    if type(seed) is not int or not 0 <= seed < 1 << 30:
        raise KernelError("option", "the seed must be 0 to 2^30 - 1")
    check_players(name, players)
    if kind not in BOT_KINDS[name]:
        raise KernelError("option", "%s's bots are %s" % (TITLES[name], ", ".join(BOT_KINDS[name])))
    bots = frozenset(bots)
    if not all(type(b) is int and 0 <= b < players for b in bots):
        raise KernelError("option", "a bot seat that is not a seat of this game")
    return module(name).table_game(seed, players, bots, check_options(name, options), kind)


def open_save(name: str, payload: bytes, settings_doc: dict):
    """The adapter of a save the save layer has opened (KernelError when the kernel refuses it)."""
    return module(name).table_load(payload, settings_doc)
