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
