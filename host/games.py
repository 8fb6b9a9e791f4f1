"""Every game Eldritch plays, one entry each, and the game-by-name calls built on them.

The CLI, the front end, the save layer, the table server, `simulate`/`sweep` and the handheld's
mode list (`micropython/modes.py`, generated from here by `tools/boardmodes.py`) all read this
registry; none of them lists the games itself. A new game is its own folders (`kernel/<game>/`,
`host/<game>/`, a board mode) plus one entry in `GAMES`.

    >>> from eldritch import games
    >>> [g.name for g in games.GAMES]
    ['eldersign', 'arkham', 'mansions', 'stayaway']
    >>> games.get("stayaway").title, games.get("stayaway").hides
    ('Stay Away!', True)
    >>> games.describe("arkham")["max_players"]
    8

What an entry names (module paths are relative to the package `eldritch`):

- `command`: its `eldritch` subcommand, and `cli` the module that adds it (`add_parser`, `run`);
- `frontend`: its adapter for the shared front end and the table server (`table_game`,
  `table_load`, `TABLE_OPTIONS`, `PLAYERS` or `players_range()`);
- `sim`: its runner for `eldritch simulate` and `eldritch sweep` (`RUNNER`);
- `rules`: the kernel's entry module, whose `Rules(options)` makes games (the conformance test plays
  every game through it);
- `playlog`: the kernel's transcript module, the same functions in every game (`bot_game`,
  `replay_log`, `log_actions`, `chooser`, `state_bytes`, `HEADER`): a seeded bot game as the lines of
  `--log-format transcript`, and its replay (the golden-game harness, tests/test_golden.py, plays every
  game's golden files in tests/golden_games/<name>/ through it);
- `kernel_save`: the kernel's save module (`max_size()`); `save_magic` the host save's magic word,
  `bare_saves` the first bytes of the bare kernel saves still read, `bare_reader` a function that opens
  one that needs more than its bytes (a passphrase); `max_save` the largest save file when the save
  carries files (else worked out from the kernel's largest save);
- `hides`: hidden information between players: saves are sealed and every page is per seat;
- `bot_kinds`: the bots a seat can be given, the first the default; every game has "search", its
  strongest (Elder Sign's is the solver bot: exact odds for every roll, host/eldersign/solverbot.py);
- `board_modes`: the handheld's menu entries (menu label, resume label or None, module, class,
  save file).
"""

from __future__ import annotations

from importlib import import_module

from eldritch.kernel.errors import KernelError


class Game:
    """One game's entry (read-only by convention; the fields are described above)."""

    __slots__ = ("name", "title", "summary", "command", "cli", "frontend", "sim", "rules", "playlog", "kernel_save",
                 "save_magic", "bare_saves", "bare_reader", "max_save", "hides", "bot_kinds", "board_modes")

    def __init__(self, name, title, summary, *, command, cli, frontend, sim, rules, playlog, kernel_save, save_magic,
                 bare_saves, hides, bot_kinds, board_modes=(), bare_reader=None, max_save=None):
        self.name, self.title, self.summary = name, title, summary
        self.command, self.cli, self.frontend, self.sim, self.rules = command, cli, frontend, sim, rules
        self.playlog = playlog
        self.kernel_save, self.save_magic, self.bare_saves, self.bare_reader = (kernel_save, save_magic,
                                                                                bare_saves, bare_reader)
        self.max_save = max_save
        self.hides, self.bot_kinds, self.board_modes = hides, tuple(bot_kinds), tuple(board_modes)

    def __repr__(self):
        return "Game(%r)" % self.name

    def module(self, part: str):
        """One of the game's modules by its role ("cli", "frontend", "sim", "rules", "playlog", "kernel_save")."""
        return import_module("eldritch." + getattr(self, part))


GAMES = (
    Game("eldersign", "Elder Sign", "play a whole game in the terminal (human or bot seats)",
         command="play", cli="eldersign.play", frontend="eldersign.frontend", sim="eldersign.sim",
         rules="kernel.eldersign.game.rules", playlog="kernel.eldersign.game.playlog",
         kernel_save="kernel.eldersign.game.save", save_magic=b"PLAY", bare_saves=(b"EG\x02", b"EG\x03"),
         max_save=8 << 20, hides=False, bot_kinds=("heuristic", "search"),
         board_modes=(("Companion game", "Resume companion", "companion", "Companion", "companion.sav"),)),
    Game("arkham", "Arkham Horror", "Arkham Horror (1987): exact odds, a whole game, board files",
         command="arkham", cli="arkham.cli", frontend="arkham.frontend", sim="arkham.sim",
         rules="kernel.arkham.game.rules", playlog="kernel.arkham.game.playlog",
         kernel_save="kernel.arkham.game.save", save_magic=b"ARKHAM", bare_saves=(b"AH\x01", b"AH\x02"),
         hides=False, bot_kinds=("heuristic", "random", "search"),
         board_modes=(("Arkham Horror", "Resume Arkham", "arkham_mode", "ArkhamMode", "arkham.sav"),)),
    Game("mansions", "Mansions of Madness", "Mansions of Madness (1st edition): play a story, attribute odds",
         command="mansions", cli="mansions.cli", frontend="mansions.frontend", sim="mansions.sim",
         rules="kernel.mansions.game.rules", playlog="kernel.mansions.game.playlog",
         kernel_save="kernel.mansions.game.save", save_magic=b"MANSIONS", bare_saves=(b"M\x01", b"M\x02"),
         hides=True, bot_kinds=("heuristic", "random", "search"),
         board_modes=(("Mansions keeper", None, "mansions_mode", "MansionsMode", "mansions.sav"),)),
    Game("stayaway", "Stay Away!", "play Stay Away! (hidden roles, 4-12 players) or simulate it",
         command="stayaway", cli="stayaway.cli", frontend="stayaway.frontend", sim="stayaway.sim",
         rules="kernel.stayaway.game.rules", playlog="kernel.stayaway.game.playlog",
         kernel_save="kernel.stayaway.game.save", save_magic=b"STAYAWAY", bare_saves=(b"SAE1", b"SAE2"),
         bare_reader="stayaway.oldsave.open_bare", hides=True, bot_kinds=("heuristic", "random", "search"),
         board_modes=(("Stay Away!", "Resume Stay Away!", "stayaway_mode", "StayAwayMode", "stayaway.sav"),)),
)
NAMES = tuple(g.name for g in GAMES)
_BY_NAME = {g.name: g for g in GAMES}


def get(name) -> Game:
    """The entry of a game by name (KernelError naming the games for any other name)."""
    game = _BY_NAME.get(name) if isinstance(name, str) else None
    if game is None:
        raise KernelError("game", "no game %r: one of %s" % (str(name)[:20], ", ".join(NAMES)))
    return game


def by_command(command: str) -> Game | None:
    """The game whose CLI subcommand is `command`, or None."""
    for g in GAMES:
        if g.command == command:
            return g
    return None


# ----- a game at a table, by name: what the table server and the front end ask --------------------

def module(name: str):
    """The game's front-end module (its adapter, table options and players)."""
    return get(name).module("frontend")


def players_range(name: str) -> tuple:
    m = module(name)
    return tuple(m.PLAYERS) if hasattr(m, "PLAYERS") else tuple(m.players_range())


def describe(name: str) -> dict:
    """What a page needs to offer a new table of this game."""
    g = get(name)
    low, high = players_range(name)
    return {"name": name, "title": g.title, "min_players": low, "max_players": high,
            "hides": g.hides, "bot_kinds": list(g.bot_kinds),
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
            raise KernelError("option", "%s has no option %r" % (get(name).title, str(key)[:30]))
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
        raise KernelError("option", "%s has %d to %d players" % (get(name).title, low, high))
    return players


def check_bots(players: int, bots) -> frozenset:
    """The bot seats (0-based) as a set; KernelError for anything but distinct seats of the game."""
    if not isinstance(bots, (list, tuple, set, frozenset, range)):
        raise KernelError("option", "the bot seats must be a list of seats")
    seats = list(bots)
    if not all(type(b) is int and 0 <= b < players for b in seats):
        raise KernelError("option", "a bot seat that is not a seat of this game (seats 0 to %d)" % (players - 1))
    if len(set(seats)) != len(seats):
        raise KernelError("option", "a bot seat given twice")
    return frozenset(seats)


def new_game(name: str, seed: int, players: int, bots=(), options=None, kind: str = "heuristic"):
    """A new game's adapter (the options checked; bots: 0-based seats)."""
    g = get(name)
    if type(seed) is not int or not 0 <= seed < 1 << 30:
        raise KernelError("option", "the seed must be 0 to 2^30 - 1")
    check_players(name, players)
    if kind not in g.bot_kinds:
        raise KernelError("option", "%s's bots are %s" % (g.title, ", ".join(g.bot_kinds)))
    return module(name).table_game(seed, players, check_bots(players, bots), check_options(name, options), kind)


def open_save(name: str, payload: bytes, settings_doc: dict):
    """The adapter of a save the save layer has opened (KernelError when the kernel refuses it)."""
    return module(name).table_load(payload, settings_doc)
