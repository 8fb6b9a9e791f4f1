"""Command-line robustness found by the fuzz (tests/test_cli_fuzz_all.py), one focused test each."""

import pytest

from clirun import run_cli


@pytest.mark.parametrize("argv", [["arkham", "odds", "sanity", "--sanity", "0", "--loss=--"],
                                  ["odds", "L", "--green=--"], ["simulate", "--games=--"],
                                  ["stayaway", "--seed=--"], ["mansions", "odds", "3", "--skill=--"]])
def test_an_option_given_dashdash_as_its_value_is_checked_like_any_value(argv):
    """Python 3.11's argparse turned `--loss=--` into an empty list that skipped the type check, and
    `a, b = args.loss` raised ValueError: now "--" is a value its type refuses, in one line."""
    code, out, err = run_cli(argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "'--'" in err, err


def test_a_failed_log_and_a_failed_save_are_said_on_one_line(tmp_path, monkeypatch):
    """At the end of a game both --log and --save may fail: one line on stderr says both (it was a
    line each, two lines for one exit 2), and the game is still in the autosave."""
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["arkham", "play", "--rounds", "3", "--log", ".", "--save", "/proc/x"])
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1, err
    assert "log not written" in lines[0] and "--save:" in lines[0] and "saved in" in lines[0], err


def test_serve_on_a_port_in_use_is_one_line(tmp_path):
    """uvicorn logged the bind error and exited 3 from inside its task; the server binds its socket
    itself, so a port in use is one line and exit 2."""
    import socket
    pytest.importorskip("uvicorn")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        code, out, err = run_cli(["serve", "--port", str(port), "--stop-after", "0", "--state-dir", str(tmp_path)])
    finally:
        taken.close()
    assert code == 2 and err.count("\n") == 1 and "cannot listen on 127.0.0.1 port %d" % port in err, err


# a path no UTF-8 stdout can print as it came (argv's byte 0xff arrives as the surrogate \udcff),
# with a line break and a terminal escape in it too: every message naming it shows it escaped
BAD_NAME = "\udcff\n\x1b[2J.txt"
SHOWN = "\\xff\\n\\x1b[2J.txt"
PLAYS = [["play"], ["arkham", "play"], ["mansions", "play"], ["stayaway", "play"]]


@pytest.mark.parametrize("play", PLAYS, ids=lambda p: p[0])
def test_a_log_path_that_is_not_utf8_is_shown_escaped_and_the_game_goes_on(play, tmp_path, monkeypatch):
    """A --log that cannot be written, named with bytes that are not UTF-8: said on stdout before a
    game with people (escaped, one line), the game goes on, and its end says it again on one line
    of stderr, exit 2 (it was a UnicodeEncodeError traceback)."""
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    bad = str(tmp_path / "no folder" / BAD_NAME)
    code, out, err = run_cli(play + ["--seed", "1", "--plain", "--log", bad])
    said = [line for line in out.splitlines() if line.startswith("--log: ")]
    assert len(said) == 1 and SHOWN in said[0] and "the game goes on" in said[0], out
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and SHOWN in lines[0], err


@pytest.mark.parametrize("play", PLAYS, ids=lambda p: p[0])
@pytest.mark.parametrize("flag,others", [("--log", ["--bots", "all", "--players", "4"]),
                                         ("--save", ["--bots", "all", "--players", "4"]),
                                         ("--load", ["--bots", "all"]),
                                         ("--state-dir", ["--plain"])])
def test_a_path_that_is_not_utf8_is_one_line_and_exit_2(play, flag, others, tmp_path, monkeypatch):
    """A bot game with a --log or --save it cannot write, a --load it cannot read, a game with
    people whose --state-dir cannot be made: one line on stderr naming the path escaped, exit 2."""
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    (tmp_path / "a file").write_text("")
    bad = str(tmp_path / "a file" / BAD_NAME)
    code, out, err = run_cli(play + ["--seed", "1", flag, bad] + others)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and SHOWN in lines[0], (out, err)


def test_save_at_the_prompt_names_a_path_that_is_not_utf8_escaped(tmp_path, monkeypatch):
    """`save PATH` typed at the prompt: the answer names the path escaped, one line."""
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    bad = str(tmp_path / "no folder" / "\udcff\x1b[2J.sav")
    code, out, err = run_cli(["arkham", "play", "--seed", "1", "--plain"], stdin_text="save %s\nquit\ny\n" % bad)
    said = [line for line in out.splitlines() if "not saved" in line]
    assert said and "\\xff\\x1b[2J.sav" in said[0] and "\x1b" not in said[0], out


def test_shown_escapes_what_a_terminal_would_not_print_as_it_is():
    from eldritch.saves.atomic import shown
    assert shown("/tmp/plain name.sav") == "/tmp/plain name.sav"
    assert shown("caf\u00e9") == "caf\u00e9"
    assert shown("a\udcffb\ud800\tc") == "a\\xffb\\ud800\\tc"
    assert shown(b"/tmp/\xff") == "/tmp/\\xff"
