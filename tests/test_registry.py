"""The game registry (host/games.py) is the one list of games: every part that serves every game reads
it, each entry's modules exist with the surface their callers use, and the handheld's generated mode
list matches it."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch import games
from eldritch.kernel.errors import KernelError

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", games.GAMES, ids=games.NAMES)
def test_each_entry_names_modules_with_the_surface_their_callers_use(game):
    cli = game.module("cli")
    assert callable(cli.add_parser) and callable(cli.run)
    front = game.module("frontend")
    assert callable(front.table_game) and callable(front.table_load) and isinstance(front.TABLE_OPTIONS, list)
    low, high = games.players_range(game.name)
    assert 1 <= low <= high
    assert game.module("sim").RUNNER.name == game.name
    assert game.module("kernel_save").max_size() > 0
    log = game.module("playlog")
    assert log.HEADER.startswith("# eldritch ")
    for name in ("bot_game", "replay_log", "log_actions", "chooser", "state_bytes"):
        assert callable(getattr(log, name)), name
    assert game.bot_kinds and all(isinstance(k, str) for k in game.bot_kinds)
    assert game.save_magic.isupper() and game.bare_saves


def test_names_commands_save_words_and_board_modes_are_unique():
    for field in ("name", "title", "command", "save_magic"):
        values = [getattr(g, field) for g in games.GAMES]
        assert len(set(values)) == len(values), field
    modules = [m[2] for g in games.GAMES for m in g.board_modes]
    assert len(set(modules)) == len(modules)


def test_an_unknown_game_is_one_kernel_error_naming_the_games():
    with pytest.raises(KernelError) as err:
        games.get("chess")
    assert all(name in str(err.value) for name in games.NAMES)
    with pytest.raises(KernelError):
        games.get(["eldersign"])


def test_the_boards_mode_list_is_generated_from_the_registry():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "boardmodes.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    namespace: dict = {}
    exec((REPO / "micropython" / "modes.py").read_text(), namespace)
    assert list(namespace["MODES"]) == [m for g in games.GAMES for m in g.board_modes]
    for mode in namespace["MODES"]:
        assert (REPO / "micropython" / (mode[2] + ".py")).is_file()


def test_the_cli_offers_every_games_command():
    from eldritch import cli
    for g in games.GAMES:
        assert cli.COMMAND_MODULES[g.command] == g.cli
        assert cli.COMMAND_HELP[g.command] == g.summary


# A file "names a game" when it holds the game's name or title (any case, any spacing).
GAME_WORDS = {"eldersign": r"elder[ _]?sign", "stayaway": r"stay[ _]?away", "arkham": r"arkham",
              "mansions": r"mansions"}
# The only source files outside kernel/ and tests/ that may name every game, and why each must:
NAMING_ALLOWED = {
    "host/games.py": "the registry",
    "host/__init__.py": "the front door (its docstring says what the package holds)",
    "tools/boardfit.py": "the maintainer's table of each mode's measured board session",
}


def _files_naming_every_game():
    files = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    sources = {f for f in files if not f.startswith(("tests/", "kernel/")) and not f.endswith(
        (".md", ".tsv", ".log", ".txt", ".png", ".csv", ".json", ".svg")) and f != "LICENSE"}
    sources.add("micropython/modes.py")                  # generated from the registry: counted too
    naming = set()
    for f in sources:
        path = REPO / f
        if path.is_file():
            text = path.read_text(errors="replace").lower()
            if all(re.search(word, text) for word in GAME_WORDS.values()):
                naming.add(f)
    return naming


def test_at_most_three_source_files_outside_the_kernel_name_every_game():
    """Adding a game is its own folders plus one registry entry: no other source file outside the
    kernel lists the games (a list by hand is one a new game must be added to)."""
    naming = _files_naming_every_game()
    assert "host/games.py" in naming                     # the check finds the registry itself
    assert naming <= set(NAMING_ALLOWED), sorted(naming - set(NAMING_ALLOWED))
    assert len(NAMING_ALLOWED) <= 3
