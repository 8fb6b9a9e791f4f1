"""The eldritch CLI: JSON outputs, exit codes, one-line errors without tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.cli import main

ELDRITCH = Path(sys.executable).parent / "eldritch"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def bk(backend):
    return ["--backend", backend.name]


def test_odds_json(capsys, bk):
    code, out, _ = run(capsys, *bk, "odds", "p p > l l", "--green", "6", "--yellow", "--red", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["card"] == "P P > L L"
    assert data["percent"] == "65.468503"
    assert 0 <= data["probability"] <= 1 and abs(data["probability"] - 0.65468503) < 1e-8
    num, den = data["exact"].split("/")
    assert int(den) == 2 ** 48 and abs(int(num) / int(den) - data["probability"]) < 1e-15
    assert data["backend"] == bk[1]


def test_odds_by_name_takes_the_library_terror(capsys, bk):
    code, out, _ = run(capsys, *bk, "odds", "--name", "koi pond", "--focus", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["name"] == "Koi Pond" and data["terror"] == "fail"
    assert data["card"] == "T | T P P"


def test_advise_json_best_first(capsys, bk):
    code, out, _ = run(capsys, *bk, "advise", "I3 > P P > L L", "--roll", "I3 I1 P P T L y:I4 r:W",
                       "--json")
    data = json.loads(out)
    probs = [o["probability"] for o in data["options"]]
    assert code == 0 and probs == sorted(probs, reverse=True)
    assert data["options"][0]["action"].startswith("complete task 1")
    assert {"action", "probability"} <= set(data["options"][0])


def test_cards_and_table(capsys, bk):
    code, out, _ = run(capsys, *bk, "cards", "curator", "--json")
    assert code == 0 and json.loads(out)[0]["card"] == "L L L | L I3"
    code, out, _ = run(capsys, *bk, "table", "--set", "core", "--query", "hallway", "--focus", "0",
                       "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["dice_sets"][0] == "5G" and len(data["cards"]) == 1
    assert data["cards"][0]["name"] == "Hallway on Fire" and len(data["cards"][0]["probability"]) == 6
    code, out, _ = run(capsys, *bk, "table", "--set", "core", "--query", "hallway", "--format", "csv")
    assert out.splitlines()[0] == "set,name,card,terror,5G,6G,6G+Y,6G+R,6G+Y+R,7G+Y+R"


@pytest.mark.parametrize("argv, words", [
    (["odds", "L X"], "card: expected a symbol"),
    (["odds", "L", "--green", "9"], "green dice must be 0 to 8"),
    (["odds", "L", "--green", "many"], "expected a whole number"),
    (["odds", "--name", "No Such Card"], "no adventure named"),
    (["odds"], "give a card notation or --name"),
    (["odds", "L", "--terror", "maybe"], "invalid choice"),
    (["advise", "L", "--roll", "r:I1"], "red die has no I1"),
    (["advise", "L > P", "--roll", "L", "--done", "7"], "--done takes task numbers"),
    (["table", "--set", "nowhere"], "set"),
    (["--backend", "fortran", "info"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    with pytest.raises(SystemExit) if argv[0] == "--backend" or "--terror" in argv or "many" in argv \
            else _nothing() as ctx:
        code = main(argv)
    if ctx is not None and hasattr(ctx, "value"):
        code = ctx.value.code
    _, err = capsys.readouterr()
    lines = [ln for ln in err.splitlines() if "fallback" not in ln]
    assert code == 2 and len(lines) == 1 and words in lines[0] and "Traceback" not in err


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def test_console_script_help_and_errors():
    out = subprocess.run([str(ELDRITCH), "odds", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "--focus" in out.stdout and "examples:" in out.stdout
    bad = subprocess.run([str(ELDRITCH), "odds", "I99"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().splitlines()[-1].startswith("eldritch: card:")


def test_lazy_command_help_lines_are_the_modules():
    """`eldritch --help` lists every command with its module's own help line, and so does the error
    for a word that is no command, though that parser imports no command's module (build_parser
    with an unknown `only`); a known `only` makes that command's parser alone."""
    from eldritch.cli import build_parser, COMMAND_HELP
    whole, lazy = build_parser(), build_parser(only="no-such-command")
    assert lazy.format_help() == whole.format_help()
    listed = {a.dest: a.help for a in whole._subparsers._group_actions[0]._choices_actions}
    assert listed == COMMAND_HELP
    alone = build_parser(only="play")._subparsers._group_actions[0]
    assert list(alone.choices) == ["play"] and alone.choices["play"].format_help() == \
        whole._subparsers._group_actions[0].choices["play"].format_help()


def test_a_word_that_is_no_command_is_one_line(capsys):
    code = None
    try:
        main(["plya", "--seed", "1"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "invalid choice: 'plya'" in err and "play" in err


def test_play_imports_no_other_game():
    """A command line naming `play` builds its parser without the other games' modules."""
    code = ("import sys; from eldritch import cli; cli.build_parser(cli.asked_command(['--backend', 'c', 'play', "
            "'--help'])); print(sorted(m for m in sys.modules if m in ('eldritch.analysis.simulate', 'eldritch.analysis.sweep', 'eldritch.analysis.atlas', "
            "'eldritch.arkham.cli', 'eldritch.mansions.cli', 'eldritch.stayaway.cli', 'eldritch.eldersign.play', "
            "'eldritch.eldersign.solving')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['eldritch.eldersign.play']"


@pytest.mark.parametrize("option", ["--backend", "--back", "--b"])
def test_an_abbreviated_backend_option_still_finds_the_command(option, capsys):
    """argparse takes `--back c` for `--backend c`; the lazy parser must skip its value too, or the
    command's own options go unrecognised."""
    assert main([option, "python", "odds", "L L", "--json"]) == 0
    assert "probability" in capsys.readouterr().out
