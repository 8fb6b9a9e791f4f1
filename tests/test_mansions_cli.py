"""`eldritch mansions`: odds as text and JSON, play with humans and bots on either side, save and load,
help with examples, and bad input as one line on stderr with exit code 2."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from eldritch.cli import main

ELDRITCH = Path(sys.executable).parent / "eldritch"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_text_and_json(capsys):
    """The first edition's defaults: a skill point adds Luck, a 1 passes and a 10 fails."""
    code, out, _ = run(capsys, "mansions", "odds", "4", "--modifier", "-1", "--skill", "1", "--luck", "3")
    assert code == 0 and "30.00%" in out and "60.00%" in out and "Luck 3 added" in out
    code, out, _ = run(capsys, "mansions", "odds", "9", "--modifier", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["target"] == 9 and data["rows"][0]["percent"] == "90.00"     # a 10 fails
    code, out, _ = run(capsys, "mansions", "odds", "5", "--skill", "1", "--json", "--choice", "skill_points=reroll")
    data = json.loads(out)
    assert code == 0 and data["target"] == 5 and len(data["rows"]) == 2
    row = data["rows"][1]
    assert Fraction(row["numerator"], row["denominator"]) == Fraction(75, 100) and row["percent"] == "75.00"
    assert row["exact"] == (3 * 2 ** 48 + 2) // 4
    code, out, _ = run(capsys, "mansions", "odds", "9", "--modifier", "2", "--choice", "natural_rolls=clamped")
    assert code == 0 and "100.00%" in out


@pytest.mark.parametrize("argv,message", [
    (["mansions", "odds", "11"], "the attribute must be 0 to 10"),
    (["mansions", "odds", "4", "--skill", "9"], "--skill must be 0 to 8"),
    (["mansions", "odds", "4", "--modifier", "12"], "--modifier must be -9 to 9"),
    (["mansions", "odds", "4", "--skill", "1"], "give it with --luck"),
    (["mansions", "odds", "4", "--luck", "11"], "--luck must be 0 to 10"),
    (["mansions", "odds", "4", "--choice", "stun=off"], "the odds follow natural_rolls and skill_points"),
    (["mansions", "play", "--players", "6"], "--players must be 2 to 5"),
    (["mansions", "play", "--players", "3", "--bots", "7"], "--bots: '7' is not a seat"),
    (["mansions", "play", "--choice", "stun"], "--choice takes NAME=VALUE"),
    (["mansions", "play", "--choice", "stun=never"], "stun must be one of"),
    (["mansions", "play", "--story", "/nowhere/at/all"], "cannot open"),
    (["mansions"], "give a command"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_usage_error_is_one_line_and_exit_2():
    proc = subprocess.run([str(ELDRITCH), "mansions", "odds", "four"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1


@pytest.mark.parametrize("argv", [["mansions", "--help"], ["mansions", "play", "--help"],
                                  ["mansions", "odds", "--help"]])
def test_help_has_examples(argv):
    proc = subprocess.run([str(ELDRITCH)] + argv, capture_output=True, text=True)
    assert proc.returncode == 0 and "examples:" in proc.stdout and "eldritch mansions" in proc.stdout


def words_fd(words="table words"):
    import os
    r, w = os.pipe()
    os.write(w, words.encode() + b"\n")
    os.close(w)
    return r


def test_play_humans_against_the_bot_keeper(capsys, monkeypatch, tmp_path):
    """Two human investigators (typing numbers, a handoff between them) against the bot keeper, a
    bad line, a sealed save, quit; the save loads with the passphrase and goes on."""
    import os
    answers = iter(["", "1", "1", "1", "", "2", "1", "1", "board", "1", "x", "save %s" % (tmp_path / "mid.sav"),
                    "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    r = words_fd()
    code, out, err = run(capsys, "mansions", "play", "--seed", "3", "--players", "3", "--bots", "keeper",
                         "--save", str(tmp_path / "end.sav"), "--passphrase-fd", str(r),
                         "--state-dir", str(tmp_path / "state"))
    os.close(r)
    assert code == 0 and "investigator 1: investigator:" in out and "=" * 40 in out     # a handoff
    assert "'x' is not a choice" in out and "sealed into" in out
    assert "the keeper answers guide question 1" in out and "objective 1)" not in out     # hidden
    for name in ("mid.sav", "end.sav"):
        assert (tmp_path / name).read_bytes().startswith(b"ELDRITCH MANSIONS SEALED SAVE v1")
    answers = iter(["", "quit"])
    r = words_fd()
    code, out, _ = run(capsys, "mansions", "play", "--load", str(tmp_path / "end.sav"), "--passphrase-fd", str(r),
                       "--state-dir", str(tmp_path / "state"))
    os.close(r)
    assert code == 0 and "You" not in out and "investigator 1" in out
    r = words_fd("wrong")
    code, out, err = run(capsys, "mansions", "play", "--load", str(tmp_path / "end.sav"), "--passphrase-fd", str(r),
                         "--state-dir", str(tmp_path / "state"))
    os.close(r)
    assert code == 2 and "wrong passphrase" in err


def test_play_human_keeper_against_bot_investigators(capsys, monkeypatch, tmp_path):
    answers = iter(["1", "2", "quit", ""])     # quit, then no passphrase: not saved
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "mansions", "play", "--seed", "1", "--players", "2", "--bots", "1",
                       "--state-dir", str(tmp_path))
    assert code == 0 and "the keeper: guide:" in out and "guide question 1:" in out
    assert "next event: " in out                      # the keeper's secrets on the keeper's screen


def test_bot_game_log_is_written(capsys, tmp_path):
    log = tmp_path / "g.log"
    code, out, _ = run(capsys, "mansions", "play", "--seed", "5", "--players", "3", "--bots", "all",
                       "--bot-kind", "random", "--log", str(log))
    text = log.read_text().splitlines()
    assert code == 0 and text[0] == "# eldritch mansions log v2" and text[2] == "seed 5"
    assert text[-1].startswith("result ") and out.startswith("seed 5: result")
    assert not any(line.startswith("> ") and line[2].isdigit() for line in text)       # words, no codes


def test_corrupt_or_foreign_save_is_refused(capsys, tmp_path):
    bad = tmp_path / "bad.sav"
    bad.write_bytes(b"M\x01garbage")
    code, _, err = run(capsys, "mansions", "play", "--load", str(bad))
    assert code == 2 and err.startswith("eldritch: save:")
    code, _, err = run(capsys, "mansions", "play", "--load", str(tmp_path / "missing.sav"))
    assert code == 2 and "cannot read" in err


def test_save_round_trip_and_refusals():
    """A save replays to the same state; another story's or other choices' save, a truncated or
    corrupted one, is one KernelError('save', ...)."""
    from eldritch.kernel.errors import KernelError
    from eldritch.kernel.mansions.game.rules import Rules
    from eldritch.kernel.mansions.game.playlog import bot_game
    rules = Rules()
    _, st = bot_game(rules, 2, 3, ["random"] * 3)
    blob = st.serialize()
    back = rules.deserialize(blob)
    assert back.serialize() == blob and back.view(1) == st.view(1)
    for bad, message in ((blob[:-7] + blob[-2:], "checksum"), (b"X" + blob[1:], "not a Mansions"),
                         (blob[:20], "checksum")):
        with pytest.raises(KernelError) as e:
            rules.deserialize(bad)
        assert e.value.what == "save" and message in str(e.value)
    with pytest.raises(KernelError) as e:
        Rules({"stun": "skip-turn"}).deserialize(blob)
    assert "other rule choices" in str(e.value)
    with pytest.raises(KernelError) as e:
        Rules({"story": "template"}).deserialize(blob)
    assert "the story 'demo'" in str(e.value)
