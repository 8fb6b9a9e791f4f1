"""The Honour Roll (host/arkham/honour.py): "the investigator who closed the most gates is proclaimed
Honoured Citizen, and his name is entered in the Honour Roll together with the player's name"; a game
that ends with people at the table enters its Honoured Citizens once, `eldritch arkham honour` shows
the roll."""

import datetime
import json
from array import array

from eldritch.cli import main
from eldritch import saves
from eldritch.arkham.honour import HonourRoll, COLUMNS, FILE
from eldritch.frontend.settings import Settings
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.bots import HeuristicBot

RULES = Rules(None)


def finished(seed=97, players=4):
    g = RULES.new_game(seed, players)
    bot = HeuristicBot(RULES.board)
    buf = array("i", [0] * RULES.max_actions)
    while not g.is_terminal():
        g.apply(bot.choose(g, buf, g.legal_actions(buf)))
    return g


def test_rule_the_honoured_citizen_is_entered_in_the_honour_roll_with_the_players_name(tmp_path):
    """"...он провозглашается Почётным Гражданином, его имя заносят в Список Почёта вместе с именем
    игрока" (he is proclaimed Honoured Citizen, his name is entered in the Honour Roll together with the
    player's name)."""
    g = finished()
    honoured = g.honoured()
    assert honoured
    roll = HonourRoll(str(tmp_path))
    added = roll.enter_game(g, ["Ann", "Bo", "Cy", "Di"], today=datetime.date(1926, 10, 31))
    assert [r["player"] for r in added] == [["Ann", "Bo", "Cy", "Di"][s] for s in honoured]
    assert [r["investigator"] for r in added] == [RULES.board.inv_names[g.seat_inv[s]] for s in honoured]
    assert roll.entries() == added and added[0]["entered"] == "1926-10-31"
    assert added[0]["gates_closed"] == str(g.gates_closed[honoured[0]])
    assert roll.enter_game(g, ["Ann"]) == [] and len(roll.entries()) == len(added)     # once per game
    assert (tmp_path / FILE).read_text().splitlines()[0].split("\t") == list(COLUMNS)


def test_a_game_still_going_is_not_entered(tmp_path):
    g = RULES.new_game(1, 2)
    assert HonourRoll(str(tmp_path)).enter_game(g) == [] and not (tmp_path / FILE).exists()


def test_a_finished_game_at_the_table_is_entered_and_arkham_honour_lists_it(tmp_path, capsys, monkeypatch):
    g = finished()
    sav = tmp_path / "done.sav"
    saves.write_save(str(sav), "arkham", g.serialize(), Settings(frozenset(), "heuristic").as_json())
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    state = tmp_path / "state"
    code = main(["arkham", "play", "--load", str(sav), "--plain", "--state-dir", str(state), "--names", "Ann,Bo"])
    out = capsys.readouterr().out
    assert code == 0 and "Honour Roll: " in out, out[-2000:]
    assert main(["arkham", "honour", "--state-dir", str(state), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["entries"]
    assert [r["player"] for r in rows] == [["Ann", "Bo", "seat 3", "seat 4"][s] for s in g.honoured()]
    code = main(["arkham", "play", "--load", str(sav), "--plain", "--state-dir", str(state)])
    assert code == 0 and "Honour Roll: " not in capsys.readouterr().out          # not twice
    assert main(["arkham", "honour", "--state-dir", str(state)]) == 0
    assert capsys.readouterr().out.count("\n") == len(rows)


def test_the_empty_roll_and_a_foreign_file_are_one_line(tmp_path, capsys):
    assert main(["arkham", "honour", "--state-dir", str(tmp_path)]) == 0
    assert "The Honour Roll is empty" in capsys.readouterr().out
    (tmp_path / FILE).write_text("not a roll\n")
    assert main(["arkham", "honour", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is not an Honour Roll" in err and err.count("\n") == 1


def test_bad_names_are_refused_in_one_line(capsys):
    assert main(["arkham", "play", "--players", "2", "--bots", "all", "--names", "Ann,,Bo"]) == 2
    assert "--names" in capsys.readouterr().err
