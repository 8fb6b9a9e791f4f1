"""Golden Mansions of Madness games (tests/golden_games/mansions/): seeded heuristic-bot games written
by `eldritch mansions play --seed S --players P --bots all --log FILE --log-format transcript` (the
golden form; the default text log is in words), identical under the C and the Python backend and
under MicroPython, and rebuilt exactly by replaying their logged actions.

Regenerate (only when a rule change is intended): `.venv/bin/python tests/test_mansions_golden.py --write`.
"""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_games" / "mansions"
sys.path.insert(0, str(HERE))

from eldritch.cli import main  # noqa: E402
from eldritch.kernel.mansions.game.rules import Rules  # noqa: E402
from eldritch.kernel.mansions.game import playlog as gamelog, text  # noqa: E402

# (file, seed, players, choices): between them every end of the game and a swapped set of choices
GAMES = (
    ("s0_p2.log", 0, 2, ()),
    ("s1_p2.log", 1, 2, ()),
    ("s8_p3.log", 8, 3, ()),
    ("s2_p4.log", 2, 4, ()),
    ("s2_p5.log", 2, 5, ()),
    ("s4_p3_swapped.log", 4, 3, ("horror_checks=off", "stun=skip-turn", "keeper_card_uses=0")),
)
IDS = [g[0] for g in GAMES]


def cli_args(seed, players, choices, log):
    args = ["mansions", "play", "--seed", str(seed), "--players", str(players), "--bots", "all", "--log", str(log),
            "--log-format", "transcript"]
    for c in choices:
        args += ["--choice", c]
    return args


def options_of(choices):
    out = {}
    for c in choices:
        k, v = c.split("=")
        out[k] = int(v) if k == "keeper_card_uses" else v
    return out


@pytest.mark.parametrize("backend", ["python", "c"])
@pytest.mark.parametrize("name,seed,players,choices", GAMES, ids=IDS)
def test_golden_regenerates_on_both_backends(tmp_path, capsys, backend, name, seed, players, choices):
    log = tmp_path / "game.log"
    assert main(["--backend", backend] + cli_args(seed, players, choices, log)) == 0
    assert log.read_text() == (GOLDEN / name).read_text()


@pytest.mark.parametrize("name,seed,players,choices", GAMES, ids=IDS)
def test_golden_replays_from_its_action_log(name, seed, players, choices):
    golden = (GOLDEN / name).read_text().splitlines()
    rules = Rules(options_of(choices))
    st = rules.new_game(seed, players)
    out = golden[:6]
    for line in golden:
        if line.startswith("> "):
            a, who = int(line.split(" ")[1]), int(line.split(" ")[2])
            assert st.current_player() == who
            out.append("> %d %d %s" % (a, who, st.action_text(a)))
            st.apply(a)
            out += ["  " + e for e in text.events(st)]
    out.append(gamelog.result_line(st))
    assert out == golden


def test_golden_games_under_micropython(run_micropython):
    # one process plays every game; a game's lines, allocated as it went, lie all over the unix
    # port's 2 MB heap, so they are printed one by one (joined, they would need one block in a
    # fragmented heap) and let go before the next game
    body = ["from kernel.mansions.game.rules import Rules",
            "from kernel.mansions.game.playlog import bot_game"]
    for name, seed, players, choices in GAMES:
        body.append("out, st = bot_game(Rules(%r), %d, %d, ['heuristic'] * %d)" % (
            options_of(choices), seed, players, players))
        body.append("for line in out[1:]:\n    print(line)")
        body.append("out = st = None")
    lines = run_micropython("\n".join(body))
    want = []
    for name, seed, players, choices in GAMES:
        want += (GOLDEN / name).read_text().splitlines()[1:]
    assert lines == want


def test_golden_games_cover_every_end():
    ends = [(GOLDEN / g[0]).read_text().splitlines()[-1] for g in GAMES]
    assert any("the keeper wins" in e for e in ends)
    assert any("the investigators win" in e for e in ends)
    assert any("everyone loses" in e for e in ends)


def write():
    import tempfile
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, seed, players, choices in GAMES:
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "g.log"
            main(cli_args(seed, players, choices, log))
            (GOLDEN / name).write_text(log.read_text())
            print(name, log.read_text().splitlines()[-1])


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
