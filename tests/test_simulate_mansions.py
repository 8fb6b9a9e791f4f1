"""`eldritch simulate --game mansions` (host/mansions/sim.py): game i is the seeded bot game of seed
S + i (the same as kernel/mansions/game/playlog.bot_game), the Wilson interval and the chart, the
rules' choices and the story as options, bad options in one line, and `eldritch sweep simulate`
merging to the same report as one run."""

import json

import pytest

from eldritch import cli

from eldritch.analysis import simulate as sim
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game.playlog import bot_game
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.mansions.sim import RUNNER
from eldritch.analysis.simgames import Setting


def run_cli(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_game_i_of_a_mansions_run_is_the_bot_game_of_seed_plus_i():
    setting = Setting("mansions", 3, ("heuristic", "random", "heuristic"), ())
    rules = RUNNER.prepare(setting)
    for i in range(3):
        record = RUNNER.play(setting, sim.game_seed(20, i), rules)
        _, st = bot_game(Rules(), 20 + i, 3, ["heuristic", "random", "heuristic"])
        w = st.g[S.G_WINNER]
        assert record["win"] == (w == K.WIN_INVESTIGATORS)
        assert record["metrics"]["keeper_wins"] == (w == K.WIN_KEEPER)
        assert record["metrics"]["rounds"] == st.g[S.G_ROUND] and record["metrics"]["steps"] == st.nlog


def test_mansions_simulate_reports_the_interval_per_player_count(capsys):
    code, out, err = run_cli(capsys, "simulate", "--game", "mansions", "-n", "6", "--players", "2,4", "--json")
    assert code == 0, err
    data = json.loads(out)
    from eldritch.analysis.stats import wilson
    rows = data["settings"]
    assert data["game"] == "mansions" and [r["players"] for r in rows] == [2, 4]
    for r in rows:
        assert r["games"] == 6 and list(r["ci95"]) == list(wilson(r["wins"], 6))
        assert set(r["metrics"]) == set(RUNNER.metrics)
        # every game ends one way: the investigators' wins, the keeper's and nobody's add up
        assert r["wins"] + round(6 * r["metrics"]["keeper_wins"]["mean"]) + round(6 * r["metrics"]["nobody_wins"]["mean"]) == 6
    code2, out2, _ = run_cli(capsys, "simulate", "--game", "mansions", "-n", "6", "--players", "2,4", "--json")
    assert out2 == out


def test_mansions_options_and_story_change_the_games(capsys, tmp_path):
    from mansions_synthetic import write_story
    base = RUNNER.settings(_args())[0]
    other = RUNNER.settings(_args(mansions_options="evade=leaving,natural_rolls=clamped,keeper_card_uses=0"))[0]
    assert dict(other.options) == {"evade": "leaving", "natural_rolls": "clamped", "keeper_card_uses": 0}
    a, b = sim.run_setting(base, 1, 8), sim.run_setting(other, 1, 8)
    assert a != b
    story = str(write_story(tmp_path / "drowned"))
    s = RUNNER.settings(_args(mansions_story=story))[0]
    assert RUNNER.group(s) == ("Mansions (drowned)", 3)
    assert sim.run_setting(s, 1, 4).games == 4


@pytest.mark.parametrize("argv", [["--players", "6"], ["--bots", "genius"], ["--mansions-options", "evade=sometimes"],
                                  ["--mansions-options", "nonsense"], ["--mansions-story", "/nowhere/at/all"]])
def test_bad_mansions_simulate_options_are_one_line_and_exit_2(capsys, argv):
    code, out, err = run_cli(capsys, "simulate", "--game", "mansions", "-n", "1", *argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith("eldritch:"), err


def test_mansions_chart_and_sweep(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "m.png"
    code, one, err = run_cli(capsys, "simulate", "--game", "mansions", "-n", "4", "--players", "2,3", "--json",
                             "--chart", str(chart))
    assert code == 0 and chart.stat().st_size > 5000, err
    code, swept, err = run_cli(capsys, "sweep", "simulate", "--game", "mansions", "--games", "4", "--chunk", "2",
                               "--players", "2,3", "--json", "--out", str(tmp_path / "sw"))
    assert code == 0, err
    assert json.loads(swept) == json.loads(one)


def _args(**kw):
    class A:
        players = [3]
        bots = None
        mansions_options = ""
        mansions_story = "demo"
    a = A()
    for k, v in kw.items():
        setattr(a, k, v)
    return a
