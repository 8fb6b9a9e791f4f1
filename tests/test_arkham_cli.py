"""`eldritch arkham`: odds with --json (one object, the kernel's exact numbers), --help with examples,
bad input as one line on stderr with exit code 2, a game played at the terminal, saves; and the odds
half printing the very same numbers under MicroPython as under CPython."""

import json
import subprocess
import sys

import pytest

from eldritch.cli import main
from eldritch.kernel.arkham import odds


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_has_examples(capsys):
    with pytest.raises(SystemExit) as e:
        main(["arkham", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "eldritch arkham odds fight" in out and "--bots all --log" in out
    with pytest.raises(SystemExit):
        main(["arkham", "odds", "fight", "--help"])
    assert "examples:" in capsys.readouterr().out


def test_odds_fight_json_is_one_object_with_the_kernels_exact_numbers(capsys):
    code, out, err = run(["arkham", "odds", "fight", "--fight", "4", "--physical", "3", "--magical", "2",
                          "--strength", "9", "--immune", "magical", "--stamina", "4", "--rounds", "2", "--json"],
                         capsys)
    assert code == 0 and out.count("\n") == 1
    got = json.loads(out)
    win, ko, und, lost, den = odds.fight(7, 9, 4, 2)
    assert got["bonus"] == 7 and got["win"]["num"] == win and got["win"]["den"] == den == 36 ** 2
    assert got["win"]["exact"] == odds.fixed(win, den) and got["knocked_out"]["num"] == ko
    assert got["strength_lost"]["num"] == lost


@pytest.mark.parametrize("argv,key", [
    (["stealth", "--stealth", "3"], "passes"),
    (["sanity", "--sanity", "4", "--loss", "1/3"], "insane"),
    (["close", "--difficulty", "8", "--fight", "3", "--physical", "2", "--attempts", "3"], "closed"),
    (["reach", "--from", "Train Station", "--monster", "College Street=Zombie", "--to", "Market Street"], "spaces"),
    (["gates", "--open", "Woods", "--sealed", "Church"], "locations"),
])
def test_odds_json(argv, key, capsys):
    code, out, err = run(["arkham", "odds"] + argv + ["--json"], capsys)
    assert code == 0 and key in json.loads(out)


def test_odds_reach_matches_the_kernel(capsys):
    code, out, _ = run(["arkham", "odds", "reach", "--from", "Train Station", "--to", "Market Street", "--json"],
                       capsys)
    # Train Station - Station Square - Forest Lane or College Street - Market Street: 3 steps, so every
    # roll but a 2 (1 of 36)
    assert json.loads(out)["spaces"]["Market Street"] == {"num": 35, "den": 36, "exact": odds.fixed(35, 36),
                                                           "probability": 35 / 36}


@pytest.mark.parametrize("argv,what", [
    (["odds", "fight", "--strength", "x", "--stamina", "3"], "expected a strength N"),
    (["odds", "fight", "--strength", "14+E6", "--stamina", "3"], "or N+D6"),
    (["odds", "sanity", "--sanity", "3", "--loss", "2/D7+1"], "expected a/b"),
    (["odds", "fight", "--strength", "5", "--stamina", "0"], "stamina must be 1 to 30"),
    (["odds", "sanity", "--sanity", "3", "--loss", "13"], "expected a/b"),
    (["odds", "reach", "--from", "Nowhere"], "no space named 'Nowhere'"),
    (["odds", "reach", "--from", "Woods", "--monster", "Woods=Dragon"], "SPACE=KIND"),
    (["odds"], "give a roll"),
    (["play", "--players", "9"], "--players must be 1 to 8"),
    (["play", "--house", "free_beer"], "unknown house rule 'free_beer'"),
    (["play", "--board", "/nonexistent"], "cannot open"),
    ([], "give a command"),
])
def test_bad_input_is_one_line_and_exit_2(argv, what, capsys):
    try:
        code = main(["arkham"] + argv)
    except SystemExit as e:
        code = e.code
    err = capsys.readouterr().err
    assert code == 2 and what in err and err.count("\n") == 1, err


def test_a_corrupt_save_is_one_line_and_left_untouched(tmp_path, capsys):
    bad = tmp_path / "bad.sav"
    bad.write_bytes(b"AH\x01junk")
    code, out, err = run(["arkham", "play", "--load", str(bad)], capsys)
    assert code == 2 and "save" in err and err.count("\n") == 1 and bad.read_bytes() == b"AH\x01junk"


def test_play_at_the_terminal_with_a_bot_save_and_load(tmp_path, capsys, monkeypatch):
    sav = tmp_path / "g.sav"
    answers = iter(["1", "1", "board", "99", "save " + str(sav), "", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, err = run(["arkham", "play", "--seed", "3", "--players", "2", "--bots", "2", "--log",
                          str(tmp_path / "g.log"), "--state-dir", str(tmp_path / "state")], capsys)
    assert code == 0 and "pick Ada Brandt" in out and "round 0, setup phase" in out, out[-2000:]
    assert "saved to" in out and sav.exists() and "no choice 99" in out
    from eldritch import saves
    from eldritch.arkham.frontend import load, new_rules
    save = saves.read_save(str(sav), "arkham")
    _, game, settings = load(save.payload, save.settings, new_rules)
    assert game.nlog >= 1 and settings.bots == {1}
    log = (tmp_path / "g.log").read_text()
    assert log.startswith("# eldritch arkham log v2") and "> seat 1" in log
    assert not any(line.startswith("> ") and line[2].isdigit() for line in log.splitlines())   # words only
    answers = iter(["quit"])
    code, out, err = run(["arkham", "play", "--load", str(sav), "--bots", "2", "--state-dir",
                          str(tmp_path / "state")], capsys)
    assert code == 0


def test_physical_dice_are_typed_in(tmp_path, capsys, monkeypatch):
    # pick the first investigator; the gate roll: 7 (the range 2 to 7, its sixth); a move on foot;
    # the movement roll: 3 (the range 2 to 7, its second)
    answers = iter(["1", "2", "6", "2", "2", "2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, err = run(["arkham", "play", "--seed", "3", "--players", "1", "--dice", "table",
                          "--state-dir", str(tmp_path)], capsys)
    assert code == 0 and "gate roll: 7" in out and "movement roll: 3" in out, out[-3000:]


def test_a_physical_table_types_in_its_draws_too(tmp_path, capsys, monkeypatch):
    """--dice table: the setup gate roll 3 (the Woods) opens a gate; the table types in the gate card
    it drew (the third: Verdant Maze, difficulty 7) and the monster (the seventh kind: a Dark Young)."""
    answers = iter(["1", "2", "2", "2", "3", "2", "7", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, err = run(["arkham", "play", "--seed", "3", "--players", "1", "--dice", "table",
                          "--state-dir", str(tmp_path), "--plain"], capsys)
    assert code == 0
    assert "drawn: a gate to Verdant Maze (difficulty 7)" in out and "drawn: a Dark Young" in out
    assert "Dark Young #14 appears at Woods" in out, out[-3000:]


MP_ODDS = r'''
import sys
sys.path.insert(0, %(repo)r)
try:
    from eldritch.kernel.arkham import odds, reach, gatechance
    from eldritch.kernel.arkham.game.board import Board
except ImportError:
    from kernel.arkham import odds, reach, gatechance
    from kernel.arkham.game.board import Board
for args in ((3, 6, 5, 0, False), (1, 4, 3, 2, False), (0, 5, 4, 3, True), (5, 12, 6, 0, False)):
    r = odds.fight(*args)
    print(r, odds.fixed(r[0], r[4]), odds.percent100(r[0], r[4]))
print(odds.close_gate(7, 9, 5), odds.fixed(*odds.close_gate(7, 9, 5)), odds.sanity_check(3, 1, 2, 2), odds.stealth(4))
b = Board()
occ = bytearray(b.nspaces)
occ[b.space_index["Market Street"]] = reach.OCC_MONSTER
for mode in (0, 1, 2):
    print(reach.reach_odds(b, occ, b.space_index["Train Station"], mode, 1, False))
print(gatechance.gate_odds(b.gate_table, bytearray(b.nspaces), bytearray(b.nspaces), b.nspaces))
'''


def test_the_odds_are_the_same_under_micropython(tmp_path):
    from conftest import REPO, MICROPYTHON
    script = tmp_path / "odds.py"
    script.write_text(MP_ODDS % {"repo": str(REPO)})
    mp = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=300)
    cp = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert mp.returncode == 0 and cp.returncode == 0, mp.stderr + cp.stderr
    assert mp.stdout == cp.stdout and mp.stdout.count("\n") == 9
