"""The golden games of every registered game (host/games.py), as data: what tests/test_golden.py checks.

A game's golden games live in tests/golden_games/<name>/ beside its `cases.tsv`, one row per game
(tab-separated; `#` starts a comment line):

    file      the transcript, relative to the folder (`printed/s3_p3_random.log`)
    seed      the game's seed
    players   its players
    bots      the bot kind of every seat, or one per seat separated by commas
    options   the kernel's Rules options as a JSON object (`{}`: the defaults)
    command   the `eldritch` words that play it, before the common flags the harness adds:
              `--seed S --players P --bots all --log FILE --log-format transcript`
    ends      words the transcript shows at its end (how the game ended), or empty

A value may name a folder a test module writes, `{module.function}` (tests/module.py's function,
called with an empty folder, returns the folder): `{arkham_synthetic.write_board}`.
A `features.txt` in a game's folder (or a subfolder) lists words, one a line, that the golden games
in that folder show between them (the rules the set of games is chosen to cover).

Each game's kernel module `playlog` (the registry's `Game.playlog`) plays and replays the games:
`bot_game`, `replay_log`, `log_actions`, `chooser`, `state_bytes`, and `ALLOCATION_FREE_BOTS` (the
bot kinds whose choice allocates nothing) where it has such bots.
"""

from __future__ import annotations

import csv
import importlib
import json
import re
import shlex
import sys
from pathlib import Path

from eldritch import games

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
GOLDEN = HERE / "golden_games"
COLUMNS = ("file", "seed", "players", "bots", "options", "command", "ends")
FOLDER_PLACEHOLDER = re.compile(r"\{(\w+)\.(\w+)\}")


class Case:
    """One golden game: its registry entry and its row of cases.tsv."""

    def __init__(self, game, folder: Path, row: dict, line: int):
        self.game = game
        self.folder = folder
        self.where = "%s line %d" % (folder / "cases.tsv", line)
        self.path = folder / row["file"]
        self.seed = int(row["seed"])
        self.players = int(row["players"])
        self.bots = row["bots"]
        self.options_text = row["options"] or "{}"
        self.command = row["command"]
        self.ends = row["ends"] or ""

    @property
    def id(self) -> str:
        name = self.path.relative_to(self.folder).with_suffix("").as_posix()
        return "%s-%s" % (self.game.name, name.replace("/", "-"))

    def playlog(self):
        return self.game.module("playlog")

    def rules_module(self):
        return self.game.module("rules")

    def options(self, folders) -> dict | None:
        """The Rules options, every `{module.function}` made a folder (folders(placeholder) -> path)."""
        options = json.loads(_fill(self.options_text, folders))
        return options or None

    def rules(self, folders):
        return self.rules_module().Rules(self.options(folders))

    def cli_args(self, folders, log: Path) -> list:
        """`eldritch` arguments that play the game with bots in every seat and log its transcript."""
        return shlex.split(_fill(self.command, folders)) + [
            "--seed", str(self.seed), "--players", str(self.players), "--bots", "all", "--log", str(log),
            "--log-format", "transcript"]

    def text(self) -> str:
        return self.path.read_text()

    def lines(self) -> list:
        return self.text().splitlines()

    def actions(self) -> list:
        return self.playlog().log_actions(self.lines())


def _fill(text: str, folders) -> str:
    return FOLDER_PLACEHOLDER.sub(lambda m: str(folders(m.group(0))), text)


def make_folder(placeholder: str, parent: Path) -> Path:
    """The folder `{module.function}` names, written into parent (tests/module.py on sys.path)."""
    module, function = FOLDER_PLACEHOLDER.fullmatch(placeholder).groups()
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    return Path(getattr(importlib.import_module(module), function)(parent / ("%s.%s" % (module, function))))


def read_cases(game) -> list:
    """The golden cases of a game (none when it has no tests/golden_games/<name>/cases.tsv)."""
    folder = GOLDEN / game.name
    table = folder / "cases.tsv"
    if not table.exists():
        return []
    rows = [(i + 1, line) for i, line in enumerate(table.read_text().splitlines())
            if line.strip() and not line.startswith("#")]
    out = []
    for line, values in zip((n for n, _ in rows), csv.reader([text for _, text in rows], delimiter="\t",
                                                             quoting=csv.QUOTE_NONE)):
        if len(values) != len(COLUMNS):
            raise ValueError("%s line %d: %d columns, not %d (%s)" % (table, line, len(values), len(COLUMNS),
                                                                     ", ".join(COLUMNS)))
        out.append(Case(game, folder, dict(zip(COLUMNS, values)), line))
    return out


def all_cases() -> list:
    return [case for game in games.GAMES for case in read_cases(game)]


def feature_files(game) -> list:
    """(features.txt, the words it lists) under a game's golden folder."""
    folder = GOLDEN / game.name
    out = []
    for path in sorted(folder.rglob("features.txt")) if folder.exists() else []:
        words = [w.strip() for w in path.read_text().splitlines() if w.strip() and not w.startswith("#")]
        out.append((path, words))
    return out


# ----- what runs under MicroPython ----------------------------------------------------------------

MP_SCRIPT = r'''
import micropython
from array import array
from %(rules)s import Rules
import %(playlog)s as playlog
SEED, PLAYERS, BOTS, ACTIONS = %(seed)d, %(players)d, %(bots)r, %(actions)r
rules = Rules(%(options)r)
# the control: under heap_lock an allocation is a MemoryError on this port (every name the locked
# parts bind is bound first: a new global may grow the module's dict)
control = ""
a = n = steps = same = 0
micropython.heap_lock()
try:
    bytearray(8)
    control = "no-error"
except MemoryError:
    control = "memoryerror"
micropython.heap_unlock()
print("control", control)
# the transcript, printed line by line (joined it would need one block of a fragmented heap)
lines, st = playlog.bot_game(rules, SEED, PLAYERS, BOTS)
for line in lines:
    print(line)
lines = st = None
print("=====")
# the same game again with every step's legal_actions and apply (and the bots' choice, when they
# allocate nothing) under heap_lock
locked_bots = all(k in getattr(playlog, "ALLOCATION_FREE_BOTS", ()) for k in BOTS.split(","))
st = rules.new_game(SEED, PLAYERS)
choose = playlog.chooser(rules, SEED, PLAYERS, BOTS)
buf = array("i", [0] * rules.max_actions)
steps = same = 0
while not st.is_terminal():
    a = -1
    micropython.heap_lock()
    try:
        n = st.legal_actions(buf)
        if locked_bots:
            a = choose(st, buf, n)
    finally:
        micropython.heap_unlock()
    if a < 0:
        a = choose(st, buf, n)
    micropython.heap_lock()
    try:
        st.apply(a)
    finally:
        micropython.heap_unlock()
    if steps < len(ACTIONS) and ACTIONS[steps] == a:
        same += 1
    steps += 1
print("locked", steps, same, "bots" if locked_bots else "steps")
'''


def micropython_script(case, folders) -> str:
    return MP_SCRIPT % {"rules": case.game.rules, "playlog": case.game.playlog, "seed": case.seed,
                        "players": case.players, "bots": case.bots, "actions": case.actions(),
                        "options": case.options(folders)}
