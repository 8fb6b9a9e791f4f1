"""eldritch simulate: seeded games that replay, summaries that merge exactly, the three output
formats, the progress line, the game registry, the charts."""

import csv
import io
import json
import struct
import sys
import types

import pytest
from hypothesis import given, settings, strategies as st

from eldritch import cli, games
from eldritch.games import GAMES

from eldritch.analysis import simgames

from eldritch.analysis import simulate as sim
from eldritch.kernel.errors import KernelError
from eldritch.eldersign.play import golden_log
from eldritch.eldersign.sim import RUNNER, play_game, Context
from eldritch.kernel.eldersign.game.bots import observe as O
from eldritch.kernel.eldersign.game.data import DEFAULT_SETS
from eldritch.analysis.simgames import Setting
from eldritch.analysis.stats import wilson


def run_cli(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:           # a usage error (argparse)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_game_i_of_a_run_is_the_game_of_seed_plus_i():
    """simulate's game i (basic bot) is `eldritch play --seed S+i --bots all`'s game."""
    setting = Setting("eldersign", 2, ("basic", "basic"), (("ancient_one", "Yig"), ("sets", DEFAULT_SETS)))
    ctx = Context(setting)
    for i in range(3):
        game, record = play_game(setting, sim.game_seed(40, i), ctx)
        _, golden = golden_log(40 + i, 2, "Yig")
        assert game.actions() == golden.actions()
        assert record["win"] == O.won(golden) and record["metrics"]["turns"] == O.turns(golden)


def test_the_same_seed_gives_the_same_summary_and_another_seed_another():
    s = RUNNER.settings(_args(players=[1], bots="heuristic", ancient_one="Ithaqua"))[0]
    a = sim.run_setting(s, 5, 6)
    b = sim.run_setting(s, 5, 6)
    c = sim.run_setting(s, 6, 6)
    assert a == b and a.games == 6
    assert a != c


records = st.builds(lambda w, t, d, tallies: {"win": w, "metrics": {"turns": t, "doom": d}, "tallies": tallies},
                    st.integers(0, 1), st.integers(0, 200), st.integers(0, 12),
                    st.dictionaries(st.sampled_from("abcde"), st.tuples(st.integers(1, 5), st.integers(0, 1)).map(list),
                                    max_size=3))


@settings(max_examples=60, deadline=None)
@given(st.lists(records, max_size=30), st.integers(0, 30))
def test_summaries_of_parts_merge_into_the_summary_of_the_whole(recs, cut):
    whole = sim.Summary(("turns", "doom"))
    for r in recs:
        whole.add(r)
    left, right = sim.Summary(("turns", "doom")), sim.Summary(("turns", "doom"))
    for r in recs[:cut]:
        left.add(r)
    for r in recs[cut:]:
        right.add(r)
    assert left.merge(right) == whole
    assert sim.Summary.from_dict(json.loads(json.dumps(whole.to_dict()))) == whole
    if recs:
        assert whole.mean("turns") == sum(r["metrics"]["turns"] for r in recs) / len(recs)
        assert whole.metrics["turns"][2] == min(r["metrics"]["turns"] for r in recs)


def test_report_gives_the_wilson_interval_and_the_most_attempted_adventures(capsys):
    code, out, _ = run_cli(capsys, "simulate", "--games", "4", "--ancient-one", "Yig", "--json", "--seed", "3")
    assert code == 0
    doc = json.loads(out)
    rep = doc["settings"][0]
    assert rep["games"] == 4 and rep["options"]["ancient_one"] == "Yig"
    assert rep["ci95"] == list(wilson(rep["wins"], 4))
    assert set(rep["metrics"]) >= {"turns", "devoured", "elder_signs", "doom"}
    tops = [t["attempts"] for t in rep["top"]]
    assert tops == sorted(tops, reverse=True) and tops
    for t in rep["top"]:
        assert 0 <= t["successes"] <= t["attempts"]


def test_text_and_csv_outputs(capsys):
    code, out, _ = run_cli(capsys, "simulate", "-n", "3", "--ancient-one", "Yig,Ithaqua", "--players", "1,2", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["players"], "Yig" in r["options"]) for r in rows] == [("1", True), ("2", True), ("1", False), ("2", False)]
    assert all(float(r["ci95_low"]) <= float(r["win_rate"]) <= float(r["ci95_high"]) for r in rows)
    code, out, _ = run_cli(capsys, "simulate", "-n", "2", "--bots", "random|heuristic")
    assert code == 0 and "1p random" in out and "1p heuristic" in out and "win rate" in out


@pytest.mark.parametrize("argv", [["--players", "9"], ["--players", "13"], ["--ancient-one", "Tsathoggua"], ["--bots", "genius"],
                                  ["--games", "0"], ["--weights", "elder_sign=x"], ["--investigators", "zzz"]])
def test_bad_simulate_options_are_one_line_and_exit_2(capsys, argv):
    code, out, err = run_cli(capsys, "simulate", "-n", "1", *argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith("eldritch:")


def test_player_counts_past_eight_reach_the_game_that_seats_them(capsys):
    """Stay Away! seats 4 to 12: the shared --players bound lets its counts through to its runner."""
    code, out, err = run_cli(capsys, "simulate", "--game", "stayaway", "-n", "1", "--players", "9,12", "--json")
    assert code == 0, err
    assert [s["players"] for s in json.loads(out)["settings"]] == [9, 12]


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_game_simulates_with_its_search_bot(capsys, game):
    """`--bots search` names every game's strongest bot (Elder Sign's is the solver bot)."""
    players = games.players_range(game)[0]
    code, out, err = run_cli(capsys, "simulate", "--game", game, "-n", "1", "--players", str(players),
                             "--bots", "search", "--json")
    assert code == 0, err
    row = json.loads(out)["settings"][0]
    assert row["bots"] == ["search"] * players and row["games"] == 1


def test_progress_line_shows_rate_and_eta():
    p = sim.Progress(10)
    p.start -= 2.0
    p.done = 4
    line = p.line()
    assert "4/10 games" in line and "games/s" in line and "ETA 0:0" in line


def test_a_game_plugs_in_with_one_line(monkeypatch, capsys):
    """A runner module named in GAMES is all `simulate` needs: here a coin-flip game."""
    mod = types.ModuleType("coinflip_runner")

    class Coin:
        name, title, bots, default_bot, metrics, tally_label = "coin", "Coin", {"fair": "x"}, "fair", ("flips",), "side"

        def add_arguments(self, p):
            pass

        def settings(self, args):
            return [Setting("coin", n, ("fair",) * n) for n in args.players]

        def prepare(self, setting, backend=None):
            return None

        def play(self, setting, seed, ctx):
            return {"win": seed % 2, "metrics": {"flips": seed % 5}, "tallies": {"heads" if seed % 2 else "tails": [1, 1]}}

        def group(self, setting):
            return "coin", setting.players

    mod.RUNNER = Coin()
    monkeypatch.setitem(sys.modules, "coinflip_runner", mod)
    monkeypatch.setitem(simgames.GAMES, "coin", "coinflip_runner")
    code, out, _ = run_cli(capsys, "simulate", "--game", "coin", "-n", "10", "--json")
    assert code == 0
    rep = json.loads(out)["settings"][0]
    assert rep["game"] == "coin" and rep["wins"] == 5 and rep["games"] == 10
    with pytest.raises(KernelError):
        simgames.runner("nope")


def _png_size(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24]), len(data)


def _texts(fig):
    from matplotlib.text import Text
    return {t.get_text() for t in fig.findobj(Text) if t.get_text()}


def test_win_rate_chart_is_a_png_with_its_axis_labels(tmp_path):
    from eldritch.analysis import charts
    from PIL import Image
    settings_ = RUNNER.settings(_args(players=[1, 2], bots="heuristic", ancient_one="Yig,Ithaqua"))
    results = [(s, sim.run_setting(s, 1, 2)) for s in settings_]
    path = tmp_path / "win.png"
    fig = charts.win_rate_chart(results, RUNNER, str(path))
    (w, h), size = _png_size(path)
    assert (w, h) == (700, 450) and size > 10_000
    img = Image.open(path).convert("L")
    lo, hi = img.getextrema()
    assert hi - lo > 100                                   # not a blank image
    texts = _texts(fig)
    assert "players" in texts and "win rate (%), 95% Wilson interval" in texts
    assert any("Yig" in t for t in texts) and any("Ithaqua" in t for t in texts)


def test_simulate_chart_option_writes_the_png(tmp_path, capsys):
    path = tmp_path / "c.png"
    code, _, err = run_cli(capsys, "simulate", "-n", "2", "--players", "1,2", "--chart", str(path))
    assert code == 0 and "chart written" in err
    (w, h), size = _png_size(path)
    assert w > 100 and h > 100 and size > 5000


def test_table_heatmap_is_a_png_with_its_axis_labels(tmp_path, capsys):
    from eldritch.analysis import charts
    path = tmp_path / "heat.png"
    code, out, _ = run_cli(capsys, "table", "--query", "hall", "--set", "core", "--focus", "0", "--dice", "5G,6G+Y,7G+Y+R",
                           "--chart", str(path), "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][-3:] == ["5G", "6G+Y", "7G+Y+R"]
    (w, h), size = _png_size(path)
    assert w > 300 and h > 200 and size > 10_000
    fig = charts.heatmap(["a", "b"], ["5G", "6G"], [[0.1, 0.2], [0.5, 0.9]], str(tmp_path / "h2.png"), "t")
    texts = _texts(fig)
    assert {"dice set", "card", "5G", "6G", "a", "b", "probability of completing (%)"} <= texts


def _args(**kw):
    base = dict(ancient_one="Yog-Sothoth", sets="", investigators="", weights="", players=[1], bots="")
    base.update(kw)
    return types.SimpleNamespace(**base)
