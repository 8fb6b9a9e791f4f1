"""Every registered game's golden games (tests/golden_games/<game>/cases.tsv, tests/golden_cases.py), as
OpenSpiel's playthrough tests iterate over its registered games: each transcript

- regenerates through the CLI (`eldritch ... --bots all --log FILE --log-format transcript`) on
  every backend, and through the kernel's `playlog.bot_game`;
- replays from its logged actions (`playlog.replay_log` gives the same lines);
- is byte-identical under the MicroPython unix port, where the same game is played again with every
  step's legal_actions and apply under heap_lock (and the bots' choice, where it allocates nothing);
- round-trips every reached state through the save format, and replays in place to any point;
- ends as its row says, and the games of a folder show the words of its features.txt.

The heavy halves (every state's save round trip, MicroPython but for each game's first golden game)
are marked slow; each has a fast sibling in `make check`. A game in the registry with a cases.tsv
gets all of this with no test file of its own.

Regenerate a game's golden files (only when a rule change is intended, saying which in the commit):
`ELDRITCH_GOLDEN=update .venv/bin/python -m pytest tests/test_golden.py -k bot_game`.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch import games
from eldritch.cli import main
from golden_cases import GOLDEN, REPO, all_cases, feature_files, make_folder, micropython_script

MICROPYTHON = Path(sys.executable).parent / "micropython"
CASES = all_cases()
FIRST = {game.name: next((c for c in CASES if c.game is game), None) for game in games.GAMES}
UPDATE = os.environ.get("ELDRITCH_GOLDEN") == "update"
SAMPLED_STATES = 8          # the fast round trip's states per game (and the last)


def params(slow_but_first=False, slow=False):
    out = []
    for case in CASES:
        heavy = slow or (slow_but_first and FIRST[case.game.name] is not case)
        out.append(pytest.param(case, id=case.id, marks=[pytest.mark.slow] if heavy else []))
    return out


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """`{module.function}` -> the folder it writes (once per module)."""
    made = {}
    parent = tmp_path_factory.mktemp("golden_folders")

    def folder(placeholder):
        if placeholder not in made:
            made[placeholder] = make_folder(placeholder, parent)
        return made[placeholder]
    return folder


# ----- the cases themselves -------------------------------------------------------------------------

def test_every_golden_folder_is_a_registered_game_and_every_file_a_case():
    """No golden file is left out of its game's cases.tsv, and no folder names a game the registry
    does not have (its files would never be checked)."""
    for folder in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        assert folder.name in games.NAMES, "%s: not a game of host/games.py" % folder
        listed = {c.path for c in CASES if c.folder == folder}
        assert {p for p in folder.rglob("*.log")} == listed, folder
    assert len({c.id for c in CASES}) == len(CASES)
    assert {c.game.name for c in CASES} == set(games.NAMES)


@pytest.mark.parametrize("case", params())
def test_golden_game_ends_as_its_row_says(case):
    lines = case.lines()
    last = max(i for i, line in enumerate(lines) if line.startswith("> "))
    assert case.ends and case.ends in "\n".join(lines[last + 1:]), case.where


@pytest.mark.parametrize("game", [g for g in games.GAMES if feature_files(g)], ids=lambda g: g.name)
def test_golden_games_show_the_features_they_were_chosen_for(game):
    for path, words in feature_files(game):
        text = "".join(c.text() for c in CASES if c.game is game and c.path.parent == path.parent)
        assert text, "%s: no golden game in its folder" % path
        missing = [w for w in words if w not in text]
        assert not missing, "%s: %s" % (path, missing)


# ----- regenerated, replayed --------------------------------------------------------------------------

@pytest.mark.parametrize("case", params())
def test_golden_bot_game_regenerates_in_the_kernel(case, folders):
    lines, state = case.playlog().bot_game(case.rules(folders), case.seed, case.players, case.bots)
    text = "\n".join(lines) + "\n"
    if UPDATE:
        case.path.parent.mkdir(parents=True, exist_ok=True)
        case.path.write_text(text)
    assert state.is_terminal()
    assert text == case.text()


@pytest.mark.parametrize("case", params())
def test_golden_replays_from_its_logged_actions(case, folders):
    lines = case.lines()
    again, state = case.playlog().replay_log(case.rules(folders), lines)
    assert again == lines
    assert state.actions() == case.actions()


@pytest.mark.parametrize("case", params())
def test_golden_regenerates_through_the_cli(case, folders, backend, tmp_path, capsys):
    log = tmp_path / "game.log"
    code = main(["--backend", backend.name] + case.cli_args(folders, log))
    assert code == 0, capsys.readouterr().err
    assert log.read_text() == case.text()


# ----- MicroPython ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", params(slow_but_first=True))
def test_golden_is_byte_identical_under_micropython_with_every_step_locked(case, folders, tmp_path):
    assert MICROPYTHON.exists(), "the MicroPython unix port is missing (.venv/bin/micropython)"
    script = tmp_path / "golden.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\n" % str(REPO) + micropython_script(case, folders))
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=64m", str(script)], capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    out = proc.stdout.splitlines()
    assert out[0] == "control memoryerror"
    marker = out.index("=====")
    assert "\n".join(out[1:marker]) + "\n" == case.text()
    locked, steps, same, what = out[marker + 1].split(" ")
    total = len(case.actions())
    assert (locked, int(steps), int(same)) == ("locked", total, total)
    if case.game.name == "arkham":
        assert what == "bots"           # its bots choose under the lock too


# ----- saves ----------------------------------------------------------------------------------------------

def check_round_trip(rules, playlog, state):
    """The save of state loads into the same state: its bytes, save, actions, player to act and views."""
    blob = state.serialize()
    back = rules.deserialize(blob)
    assert back.serialize() == blob
    assert playlog.state_bytes(back) == playlog.state_bytes(state)
    assert back.actions() == state.actions()
    assert back.current_player() == state.current_player()
    for p in range(state.players):
        assert bytes(back.view(p)) == bytes(state.view(p))


def round_trips(case, folders, every):
    rules, playlog, actions = case.rules(folders), case.playlog(), case.actions()
    chosen = set(range(0, len(actions) + 1, every)) | {len(actions)}
    state = rules.new_game(case.seed, case.players)
    checked = 0
    for i in range(len(actions) + 1):
        if i in chosen:
            check_round_trip(rules, playlog, state)
            checked += 1
        if i < len(actions):
            state.apply(actions[i])
    assert state.is_terminal()
    return checked


@pytest.mark.parametrize("case", params())
def test_golden_sampled_states_round_trip_through_the_save(case, folders):
    every = max(1, len(case.actions()) // SAMPLED_STATES)
    assert round_trips(case, folders, every) >= min(SAMPLED_STATES, len(case.actions()))


@pytest.mark.parametrize("case", params(slow=True))
def test_golden_every_reached_state_round_trips_through_the_save(case, folders):
    assert round_trips(case, folders, 1) == len(case.actions()) + 1


@pytest.mark.parametrize("case", params())
def test_golden_replay_in_place_reaches_the_state_of_a_new_game(case, folders):
    """state.replay(actions) on a played game reaches the state a new game would (reset restores
    every field setup made), so a loaded save's replay is sound."""
    rules, playlog, actions = case.rules(folders), case.playlog(), case.actions()
    state = rules.new_game(case.seed, case.players)
    state.replay(actions)
    for cut in (0, len(actions) // 3, len(actions) - 1):
        state.replay(actions[:cut])
        fresh = rules.new_game(case.seed, case.players)
        for a in actions[:cut]:
            fresh.apply(a)
        assert playlog.state_bytes(state) == playlog.state_bytes(fresh)
        assert state.serialize() == fresh.serialize()
        state.replay(actions)
    assert state.is_terminal()


def test_the_heap_lock_check_can_fail():
    """The MicroPython script fails when a locked step allocates: Arkham's locked run with a chooser
    that allocates is a MemoryError (so its 'locked' line is earned)."""
    assert MICROPYTHON.exists()
    case = FIRST["arkham"]
    line = "choose = playlog.chooser(rules, SEED, PLAYERS, BOTS)"
    script = micropython_script(case, None)
    assert script.count(line) == 1
    script = script.replace(line, "choose = lambda st, buf, n: buf[0] + len(bytearray(8)) * 0")
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=64m", "-c", "import sys\nsys.path.insert(0, %r)\n%s"
                           % (str(REPO), script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0 and "MemoryError" in proc.stdout + proc.stderr, proc.stderr[-2000:]


def test_the_harness_reads_placeholders_and_builds_the_cli_line(tmp_path):
    case = next(c for c in CASES if "{" in c.command)
    args = case.cli_args(lambda p: tmp_path / "board", tmp_path / "game.log")
    assert str(tmp_path / "board") in args and "{" not in " ".join(args)
    assert args[-8:] == ["--players", str(case.players), "--bots", "all", "--log", str(tmp_path / "game.log"),
                         "--log-format", "transcript"]
    assert case.options(lambda p: "X")["board"] == "X"
