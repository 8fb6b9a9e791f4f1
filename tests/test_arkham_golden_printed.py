"""Golden Arkham Horror games on a board folder with every encounter type the printed game needs (the
synthetic board of tests/arkham_synthetic.py: the sidewalk, choices, nested tests, stays, skill and
movement bonuses, bets, discards, payments in cards, round trips, services, sanity rolls; casting
rolls, cards used once, banishing, uses, auction cards; strengths and sanity losses with dice; a
20-round limit agreed): regenerated through the CLI on the C and the Python backend, replayed from
their action logs, and played again by the same bots under MicroPython (byte-identical, every step
under heap_lock). Regenerate (only on purpose): `.venv/bin/python tests/test_arkham_golden_printed.py --write`."""

import sys
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game import playlog
from arkham_synthetic import write_board

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_games" / "arkham" / "printed"
ROUNDS = 20
GAMES = ((3, 3, "random"), (36, 4, "random"), (7, 2, "heuristic"))
IDS = ["s%d_p%d_%s" % g for g in GAMES]
# every encounter type of the printed game, as the log words it (the cards' and monsters' too)
FEATURES = ("is put out on", "chooses the", "skill test", "stays here", "until the end of the next turn",
            "to the next movement roll", "bets $", "gives up", "pays a spell", "pays Field Guide",
            "will come back to", "uses the service", "casts ", "banishes", "uses Mend Flesh", "is used up",
            "the next item card is auctioned", "strength this attack", "sanity loss roll", "auction")


def path(seed, players, bot):
    return GOLDEN / ("s%d_p%d_%s.log" % (seed, players, bot))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_board(tmp_path_factory.mktemp("printed") / "board")


@pytest.mark.parametrize("seed,players,bot", GAMES, ids=IDS)
def test_printed_golden_cli_log_is_the_same_on_every_backend(seed, players, bot, folder, backend, tmp_path):
    log = tmp_path / "game.log"
    code = main(["--backend", backend.name, "arkham", "play", "--board", str(folder), "--rounds", str(ROUNDS),
                 "--seed", str(seed), "--players", str(players), "--bots", "all", "--bot", bot, "--log", str(log),
                 "--log-format", "transcript"])
    assert code == 0
    assert log.read_text() == path(seed, players, bot).read_text()


@pytest.mark.parametrize("seed,players,bot", GAMES, ids=IDS)
def test_printed_golden_replays_from_its_action_log(seed, players, bot, folder):
    lines = path(seed, players, bot).read_text().splitlines()
    again, _ = playlog.replay_log(Rules({"board": str(folder), "round_limit": ROUNDS}), lines)
    assert again == lines


def test_printed_golden_games_cover_the_printed_encounter_types():
    text = "".join(path(*g).read_text() for g in GAMES)
    for feature in FEATURES:
        assert feature in text, feature


MP_SCRIPT = r'''
import micropython
from array import array
from kernel.arkham.game.rules import Rules
from kernel.arkham.game.playlog import bot_game, make_bot
rules = Rules({"board": FOLDER, "round_limit": ROUNDS})
for seed, players, bot in GAMES:
    lines, g = bot_game(rules, seed, players, bot)
    print("\n".join(lines))
    print("=====")
    g = rules.new_game(seed, players)
    chooser = make_bot(rules, bot, seed)
    buf = array("i", [0] * rules.max_actions)
    steps = 0
    while not g.is_terminal():
        micropython.heap_lock()
        try:
            n = g.legal_actions(buf)
            g.apply(chooser.choose(g, buf, n))
        finally:
            micropython.heap_unlock()
        steps += 1
    print("locked", steps, g.result)
    print("=====")
'''


def test_printed_golden_games_are_byte_identical_under_micropython_with_every_step_locked(run_micropython, folder):
    out = run_micropython("GAMES = %r\nFOLDER = %r\nROUNDS = %d\n" % (GAMES, str(folder), ROUNDS) + MP_SCRIPT)
    parts = "\n".join(out).split("\n=====")
    for i, g in enumerate(GAMES):
        golden = path(*g).read_text()
        assert parts[2 * i].strip("\n") + "\n" == golden
        locked = parts[2 * i + 1].split()
        assert locked[0] == "locked" and int(locked[1]) == len(playlog.log_actions(golden.splitlines()))


def write():
    import tempfile
    folder = write_board(Path(tempfile.mkdtemp()) / "board")
    rules = Rules({"board": str(folder), "round_limit": ROUNDS})
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seed, players, bot in GAMES:
        lines, _ = playlog.bot_game(rules, seed, players, bot)
        path(seed, players, bot).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    if "--write" in sys.argv:
        sys.path.insert(0, str(HERE))
        write()
