"""`eldritch play` in plain mode and its saves: every bad line typed at the prompt
is one line and the game goes on; bad arguments, saves and paths are one line (exit 2); the game is
autosaved after every action to the per-user state folder and `--resume` picks it up with its bot
seats, hint setting and card files; logs are in words (no action codes), JSON for programs, with
consistent turn counts and names for devoured seats; a real SIGINT leaves a loadable save and the
log and exits 130."""

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.saves import userdirs
from eldritch.eldersign import playsave
from eldritch.eldersign.gamelog import GameLog

REPO = Path(__file__).resolve().parents[1]
PROMPT = "choose 1-"


@pytest.fixture
def state(tmp_path, monkeypatch):
    folder = tmp_path / "state"
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(folder))
    return folder


def play(monkeypatch, capsys, argv, lines):
    """Run `eldritch play --plain ...` in-process with typed lines; (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(l + "\n" for l in lines)))
    code = main(["play", "--plain"] + argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def autosave(state):
    return playsave.load_file(str(state / userdirs.AUTOSAVE))


BAD_LINES = ["²", "0", "99", "-1", "١", "1.5", "abc", "save", "save /nonexistent/dir/x.sav",
             "save {tmp}", "save /proc/x.sav", "x" * 2000, "\x1b[A", "saveme", "quit now",
             "board extra", "\x00", "12345678901234567890"]


def test_every_bad_line_at_the_prompt_is_one_line_and_the_game_goes_on(state, tmp_path, monkeypatch, capsys):
    bad = [b.format(tmp=tmp_path) for b in BAD_LINES]
    before = sorted(os.listdir(tmp_path))
    code, out, err = play(monkeypatch, capsys, ["--seed", "3", "--players", "2", "--bots", "2"],
                          bad + ["1", "quit"])
    assert code == 0 and err == ""
    segments = out.split(PROMPT)
    for line, seg in zip(bad, segments[1:1 + len(bad)]):
        assert seg.count("\n") == 1, (line[:30], seg)
    assert "> seat 1" in segments[1 + len(bad)]             # "1" was then taken
    game, _, _ = autosave(state)
    assert len(game.actions()) >= 1 and not game.is_terminal()
    after = sorted(n for n in os.listdir(tmp_path) if n != "state")
    assert after == [n for n in before if n != "state"]       # nothing created, no stray .tmp
    assert not os.path.exists("/proc/x.sav")


def test_save_expands_tilde_and_answers_a_bad_path_in_one_line(state, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HOME", str(tmp_path))
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    code, out, _ = play(monkeypatch, capsys, ["--seed", "3"],
                        ["save ~/x.sav", "save ~/nodir/x.sav", "save %s" % other, "quit"])
    assert "saved to %s" % (tmp_path / "x.sav") in out
    assert "no folder %s" % (tmp_path / "nodir") in out and not (tmp_path / "nodir").exists()
    assert "exists and is not an Eldritch save: not overwritten" in out and other.read_text() == "mine"
    game, _, settings = playsave.load_file(str(tmp_path / "x.sav"))
    assert game.seed == 3 and settings.hints


def test_quit_saves_and_resume_keeps_bots_hints_and_card_files(state, tmp_path, monkeypatch, capsys):
    cards = tmp_path / "mine.tsv"
    cards.write_text("name\tcount\timmediate\tterror\tmidnight\tlock\tsource\n"
                     "My Mythos\t3\telder_sign+1\t\t\t\tmine\n")
    log = tmp_path / "game.log"
    code, out, _ = play(monkeypatch, capsys, ["--seed", "8", "--players", "2", "--bots", "2", "--no-hints",
                                              "--cards", str(cards), "--log", str(log)],
                        ["", "", "quit"])
    assert code == 0 and "%" not in out.split(PROMPT)[1]           # no odds with --no-hints
    game, data, settings = autosave(state)
    assert settings.bots == {1} and not settings.hints and settings.cards[0][0] == "mine.tsv"
    assert len(data.mythos) == 35                                  # the card file is in the save
    assert log.read_text().startswith("# eldritch play log v2") and "bots seat 2" in log.read_text()
    n = len(game.actions())
    cards.unlink()                                                 # the save does not need the file
    code, out, _ = play(monkeypatch, capsys, ["--resume"], ["", "", "quit"])   # (a two-step decision: Enter twice)
    assert code == 0
    game2, _, settings2 = autosave(state)
    assert len(game2.actions()) > n and game2.actions()[:n] == game.actions() and settings2 == settings


def test_resume_without_autosave_and_bad_loads_are_one_line(state, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "adir"
    folder.mkdir()
    for argv in (["--resume"], ["--load", "/dev/zero"], ["--load", str(folder)],
                 ["--load", str(tmp_path / "none.sav")], ["--resume", "--load", "x"]):
        start = time.perf_counter()
        code, out, err = play(monkeypatch, capsys, argv, [])
        assert code == 2 and err.count("\n") == 1 and err.startswith("eldritch: "), (argv, err)
        assert time.perf_counter() - start < 5


@pytest.mark.parametrize("argv", [["--bots", "²"], ["--bots", "1,²"], ["--seed", "²"], ["--players", "²"],
                                  ["--players", "١"], ["--seed", "9" * 400], ["--bots", "9"],
                                  ["--speed", "fast"]])
def test_bad_arguments_are_one_line_exit_2(state, monkeypatch, capsys, argv):
    argv = argv + ["--players", "2"] if "--players" not in argv else argv
    try:
        code, _, err = play(monkeypatch, capsys, argv, [])
    except SystemExit as exc:          # an argparse error: one line, exit 2
        code = exc.code
        err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err


def test_bots_digit_seat_outside_the_game_is_one_line(state, monkeypatch, capsys):
    code, _, err = play(monkeypatch, capsys, ["--players", "2", "--bots", "3"], [])
    assert code == 2 and err.count("\n") == 1 and "not a seat 1 to 2" in err


def test_bad_log_or_save_path_in_a_bot_game_is_one_line_before_playing(state, tmp_path, monkeypatch, capsys):
    for argv in (["--log", str(tmp_path / "no" / "x.log")], ["--save", str(tmp_path)],
                 ["--log", str(tmp_path)]):
        start = time.perf_counter()
        code, out, err = play(monkeypatch, capsys, ["--seed", "4", "--bots", "all"] + argv, [])
        assert code == 2 and err.count("\n") == 1 and out == "", (argv, err)
        assert time.perf_counter() - start < 2
    assert os.listdir(tmp_path) == []          # nothing created: no log, no save, no state folder


def test_log_to_dev_full_is_one_line(state, monkeypatch, capsys):
    code, out, err = play(monkeypatch, capsys, ["--seed", "4", "--bots", "all", "--log", "/dev/full"], [])
    assert code == 2 and err.count("\n") == 1 and "no space left" in err
    assert out.startswith("seed 4: the investigators")


def _last_turn(text):
    return max(int(m) for m in re.findall(r"^  turn (\d+):", text, re.M))


def test_logs_are_words_json_and_count_turns_consistently(state, tmp_path, monkeypatch, capsys):
    text_log, json_log = tmp_path / "g.log", tmp_path / "g.json"
    code, out, _ = play(monkeypatch, capsys, ["--seed", "6", "--players", "2", "--bots", "all",
                                              "--log", str(text_log)], [])
    text = text_log.read_text()
    assert code == 0 and not re.search(r"^> \d", text, re.M)          # no action codes
    assert "seat 1: no investigator (devoured, out of the game)" in text
    assert "terror effects" not in text and "a Terror face: no terror effect here" in text
    turns = _last_turn(text)
    assert "after %d turns" % turns in out and text.rstrip().endswith("after %d turns" % turns)
    play(monkeypatch, capsys, ["--seed", "6", "--players", "2", "--bots", "all", "--log", str(json_log),
                               "--log-format", "json"], [])
    doc = json.loads(json_log.read_text())
    assert doc["turns"] == turns and doc["result"] == "loss" and doc["bots"] == [1, 2]
    assert all(isinstance(s["action"], int) and s["text"] and s["by"] == "bot" for s in doc["steps"])
    steps = [l for l in text.splitlines() if l.startswith("> ")]
    assert [("> %s: %s" % (s["who"], s["text"])) for s in doc["steps"]] == steps


def test_new_game_keeps_an_unfinished_autosave(state, monkeypatch, capsys):
    play(monkeypatch, capsys, ["--seed", "3"], ["", "quit"])
    first, _, _ = autosave(state)
    code, out, _ = play(monkeypatch, capsys, ["--seed", "5"], ["quit"])
    assert "kept in %s" % (state / userdirs.PREVIOUS) in out
    kept, _, _ = playsave.load_file(str(state / userdirs.PREVIOUS))
    assert kept.seed == 3 and kept.actions() == first.actions()


def test_ctrl_c_in_a_subprocess_leaves_a_loadable_save_and_the_log(tmp_path):
    """kill -INT during a game (plain mode on a pipe: nobody to ask): exit 130, the autosave loads
    and the log is written."""
    state = tmp_path / "state"
    log = tmp_path / "game.log"
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(state), PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "eldritch.cli", "play", "--seed", "6", "--players", "2",
                             "--bots", "2", "--log", str(log)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(tmp_path))
    proc.stdin.write(b"\n\n")
    proc.stdin.flush()
    deadline = time.time() + 30
    while time.time() < deadline:
        if (state / userdirs.AUTOSAVE).exists() and len(playsave.load_file(str(state / userdirs.AUTOSAVE))[0].actions()) >= 2:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert b"Traceback" not in err and b"the game is saved in" in out
    game, data, settings = autosave(state)
    assert len(game.actions()) >= 2 and settings.bots == {1}
    text = log.read_text()
    assert text == GameLog.replayed(game, data, settings).text()


def test_sigint_during_a_bot_game_saves_and_exits_130(state, monkeypatch, capsys):
    """A SIGINT in the middle of an action is held until the action is done (a half-applied action
    would make an unloadable save), then the game is saved and the command exits 130."""
    from eldritch.frontend.session import Session
    real_play = Session.play
    calls = []

    def play_and_interrupt(self, action, by="player"):
        calls.append(action)
        if len(calls) == 10:
            os.kill(os.getpid(), signal.SIGINT)     # arrives while the action is being applied
        return real_play(self, action, by)
    monkeypatch.setattr(Session, "play", play_and_interrupt)
    code, out, err = play(monkeypatch, capsys, ["--seed", "1", "--players", "8", "--bots", "all"], [])
    assert code == 130 and err.count("\n") == 1 and "saved in" in err and out == ""
    game, _, settings = autosave(state)
    assert len(game.actions()) == 10 and len(settings.bots) == 8


def test_bad_log_path_in_an_interactive_game_is_one_line_and_the_game_goes_on(state, tmp_path, monkeypatch,
                                                                              capsys):
    code, out, err = play(monkeypatch, capsys, ["--seed", "3", "--log", str(tmp_path / "no" / "g.log")],
                          ["", "quit"])
    assert code == 2 and out.count("--log: cannot write") == 1 and "> seat 1" in out    # as every game: 2
    assert err.count("\n") == 1 and "log not written" in err and not (tmp_path / "no").exists()
    assert len(autosave(state)[0].actions()) >= 1


def test_gc_held_at_start_up_and_resumed(state, monkeypatch, capsys):
    """The collector is off from the command's start to the first prompt (gcpause.py), then on again;
    resume(freeze=True) moves what is alive to the permanent generation; a collector turned off by
    the caller stays off."""
    import gc
    from eldritch.frontend import gcpause
    from eldritch.eldersign import play as playmod
    seen = []
    from eldritch.frontend.plain import PlainUI
    real = PlainUI.run
    monkeypatch.setattr(PlainUI, "run", lambda self: seen.append(gc.isenabled()) or real(self))
    monkeypatch.setattr(playmod, "open_game", lambda *a, _o=playmod.open_game: seen.append(gc.isenabled()) or _o(*a))
    assert gc.isenabled()
    code, _, _ = play(monkeypatch, capsys, ["--seed", "3", "--players", "2", "--bots", "2"], ["quit"])
    assert code == 0 and seen == [False, True] and gc.isenabled()
    real_bots = playmod._run_bots
    monkeypatch.setattr(playmod, "_run_bots", lambda *a: seen.append(gc.isenabled()) or real_bots(*a))
    code, _, _ = play(monkeypatch, capsys, ["--seed", "3", "--players", "1", "--bots", "1", "--max-steps", "50"], [])
    assert seen[2:] == [False, True] and gc.isenabled()          # a bots-only game runs collected
    assert gcpause.hold() is True and not gc.isenabled()
    assert gcpause.hold() is False
    gcpause.resume(False)
    assert not gc.isenabled()
    try:
        gcpause.resume(True, freeze=True)
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()


def test_a_house_rule_is_kept_in_the_save_and_a_loaded_game_keeps_its_own(state, tmp_path, monkeypatch, capsys):
    """`--house giveup_skips_terror` plays the game under the house rule and its save holds it
    (data/GAME.md, "House rules"); a loaded game refuses another --house, and an unknown name is
    one line naming the house rules."""
    from eldritch.kernel.eldersign.game.machine import HR_GIVEUP_SKIPS_TERROR
    save = tmp_path / "house.sav"
    assert main(["play", "--seed", "4", "--players", "2", "--bots", "all", "--house", "giveup_skips_terror",
                 "--save", str(save)]) == 0
    game, _, _ = playsave.load_file(str(save))
    assert game._house == HR_GIVEUP_SKIPS_TERROR
    capsys.readouterr()
    code, _, err = play(monkeypatch, capsys, ["--load", str(save), "--house", "giveup_skips_terror"], [])
    assert code == 2 and "keeps its house rules" in err and err.count("\n") == 1
    code, _, err = play(monkeypatch, capsys, ["--house", "lenient"], [])
    assert code == 2 and "no house rule 'lenient'" in err and "giveup_skips_terror" in err
