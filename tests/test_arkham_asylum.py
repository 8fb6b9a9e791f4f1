"""The share of one-player turns that start in the Asylum (benchmarks/arkham_asylum.py, recorded in
benchmarks/README.md), bounded over seeded bot games on the demonstration board: with the monsters'
rules brought to the rulebook (they attack only on moving in, and lose interest in whom they drove
mad), the Asylum's back door and the board's `sanity_after_madness half`, it fell from 71% (main's
rules and board, 100 games) to about 53%. Seeded, no timing: the bounds leave a few points for later
bot changes, not for the trap coming back."""

import importlib.util
from pathlib import Path

import pytest

from eldritch.kernel.arkham.game.board import Board, RECOVER_HALF

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("arkham_asylum", ROOT / "benchmarks" / "arkham_asylum.py")
ASYLUM = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ASYLUM)


@pytest.mark.parametrize("bot,bound", [("heuristic", 0.58), ("random", 0.52)])
def test_the_share_of_turns_starting_in_the_asylum_is_bounded(bot, bound):
    c = ASYLUM.asylum_share(200, players=1, bot_name=bot)
    assert c["turns"] > 4000
    assert c["asylum"] / c["turns"] < bound, ASYLUM.report(c)


def test_the_demonstration_asylum_has_two_ways_out_and_heals_half():
    b = Board()
    assert b.nbr_count[b.asylum] == 2 and b.sanity_kept == RECOVER_HALF and b.strength_kept == RECOVER_HALF
