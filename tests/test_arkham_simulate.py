"""`eldritch simulate --game arkham` and `eldritch sweep simulate --game arkham` (every game's
bot paths): game i of a run is `eldritch arkham play --seed S+i --bots all`'s game, the interval,
the three output formats and the chart, the sweep's chunks merging into the serial run, and bad
options as one line."""

import json

import pytest

from eldritch import cli

from eldritch.analysis import simulate as sim

from eldritch.analysis import sweep as sw
from eldritch.arkham.sim import RUNNER, play_game
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game import playlog
from eldritch.analysis.stats import wilson


def run_cli(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_game_i_of_a_run_is_arkham_play_of_seed_s_plus_i(bot):
    rules = Rules(None)
    for i in range(3):
        seed = sim.game_seed(70, i)
        g = play_game(rules, seed, 2, (bot, bot))
        _, golden = playlog.bot_game(rules, seed, 2, bot)
        assert g.actions() == golden.actions()


def test_the_report_gives_the_win_rate_with_its_wilson_interval_and_the_metrics(capsys):
    code, out, _ = run_cli(capsys, "simulate", "--game", "arkham", "-n", "6", "--players", "1,3", "--json",
                           "--seed", "4")
    assert code == 0
    doc = json.loads(out)
    assert doc["game"] == "arkham" and [s["players"] for s in doc["settings"]] == [1, 3]
    for s in doc["settings"]:
        assert s["games"] == 6 and s["ci95"] == list(wilson(s["wins"], 6))
        assert set(s["metrics"]) == set(RUNNER.metrics) and s["top"]
    code, out, _ = run_cli(capsys, "simulate", "--game", "arkham", "-n", "3", "--players", "2", "--bots",
                           "heuristic|random", "--csv", "--arkham-rounds", "8")
    rows = out.strip().split("\n")
    assert code == 0 and len(rows) == 3 and "round_limit=8" in rows[1] and rows[2].split(",")[2] == "random random"
    code, out, _ = run_cli(capsys, "simulate", "--game", "arkham", "-n", "2", "--players", "2")
    assert code == 0 and out.startswith("arkham 2p heuristic: 2 games (seeds 1..2)") and "win rate" in out


def test_the_chart_is_a_png(capsys, tmp_path):
    path = tmp_path / "win.png"
    code, _, _ = run_cli(capsys, "simulate", "--game", "arkham", "-n", "2", "--players", "1,2", "--chart", str(path))
    assert code == 0 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_sweep_in_chunks_merges_into_the_serial_run(tmp_path):
    settings = RUNNER.settings(_args(players=[2, 4]))
    tasks = sw.simulate_tasks(settings, 6, 2, 11)
    store = sw.run_sweep("simulate", tasks, str(tmp_path / "sweep"), {})
    merged = sw.merged_simulate(store, tasks)
    for setting, summary in merged:
        assert summary == sim.run_setting(setting, 11, 6)


def test_a_board_folder_is_simulated_on_and_bad_options_are_one_line(capsys, tmp_path):
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from arkham_synthetic import write_board
    folder = write_board(tmp_path / "board")
    code, out, _ = run_cli(capsys, "simulate", "--game", "arkham", "-n", "2", "--players", "5", "--arkham-board",
                           str(folder), "--arkham-rounds", "6", "--json")
    assert code == 0 and json.loads(out)["settings"][0]["options"]["board"] == str(folder)
    for argv, words in ((["--arkham-house", "nope"], "unknown house rule 'nope'"),
                        (["--bots", "solver"], "no Arkham bot 'solver'"),
                        (["--arkham-board", str(tmp_path / "none")], "cannot open"),
                        (["--arkham-rounds", "5000"], "--arkham-rounds: expected a whole number -1 to 999")):
        code, out, err = run_cli(capsys, "simulate", "--game", "arkham", "-n", "1", *argv)
        assert code == 2 and words in err and len(err.strip().split("\n")) == 1, err


def _args(players=(1,), bots="", **kw):
    import argparse
    ns = argparse.Namespace(players=list(players), bots=bots, arkham_board=None, arkham_house="", arkham_rounds=-1)
    for k, v in kw.items():
        setattr(ns, k, v)
    return ns
