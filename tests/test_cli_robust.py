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
