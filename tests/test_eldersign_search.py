"""Elder Sign's search bot is its strongest, the solver bot (host/eldersign/solverbot.py) under the
name every game's strongest bot has: `eldritch simulate --bots search`, a table's bot kind, `eldritch
play --bot search`. The same game for a seed, and more wins than the heuristic bot on seeded games."""

from eldritch import games
from eldritch.analysis.simgames import Setting
from eldritch.eldersign import playsave
from eldritch.eldersign.sim import RUNNER, play_game
from eldritch.kernel.eldersign.game.data import DEFAULT_SETS


def setting(bot, ao="Yog-Sothoth", players=1):
    return Setting("eldersign", players, (bot,) * players, (("ancient_one", ao), ("sets", tuple(DEFAULT_SETS))))


def test_search_is_the_solver_bot_in_the_registry_and_the_runner():
    assert "search" in games.get("eldersign").bot_kinds
    assert "solver" in RUNNER.bots["search"]
    s = setting("search")
    ctx = RUNNER.prepare(s)
    a = play_game(s, 4, ctx)[0].actions()
    b = play_game(setting("solver"), 4, RUNNER.prepare(setting("solver")))[0].actions()
    assert a == b


def test_search_bot_is_deterministic_for_a_seed():
    s = setting("search", players=2)
    ctx = RUNNER.prepare(s)
    first = play_game(s, 7, ctx)[0]
    again = play_game(s, 7, RUNNER.prepare(s))[0]
    assert first.actions() == again.actions()


def test_search_bot_beats_the_heuristic_bot_on_seeded_games():
    """Yog-Sothoth, 1 player, seeds 1-12: the heuristic bot wins 2, the search bot 6."""
    wins = {}
    for bot in ("heuristic", "search"):
        s = setting(bot)
        ctx = RUNNER.prepare(s)
        wins[bot] = sum(play_game(s, seed, ctx)[1]["win"] for seed in range(1, 13))
    assert wins["search"] >= wins["heuristic"] + 3, wins


def test_a_table_of_search_bots_saves_its_kind():
    g = games.new_game("eldersign", 3, 1, bots=(0,), kind="search")
    assert g.settings.kind == "search"
    doc = playsave.settings_doc(g.settings)
    assert doc["kind"] == "search"
    blob = playsave.dump(g.state, g.settings)
    assert playsave.loads(blob)[2].kind == "search"
    # a save of the kernel's own bot is written as before (no kind field)
    plain = games.new_game("eldersign", 3, 1, bots=(0,))
    assert "kind" not in playsave.settings_doc(plain.settings)
    a = g.bot_action(0)
    assert a in g.legal()
