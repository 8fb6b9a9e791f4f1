"""The memory each menu feature needs on the board (issue 12, item 1), measured and held: the board's
files compiled to .mpy and laid out as on the board (tools/boardfit.py), each feature run to its end
in the simulator on the MicroPython unix port under `-X heapsize=` at its measured smallest heap
(micropython/README.md, "Memory"). The unix port is 64-bit (objects and pointers twice the RP2040's;
the solver's values in 8-byte arrays on both), so a fit here is a fit on the board.

These are not yet within a Pico's ~190 KB (BUDGET_KB): the test holds the figures the README gives
so that a change that needs more heap fails here, and checks that a situation too big for the heap
is stopped with a message and not offered again."""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402

# KB: the smallest heap in 20 KB steps in which the feature ran to its end (64-bit unix port)
MEASURED = {
    "library_play": 240,
    "library_spell": 480,
    "library_big_pool": 800,
    "custom_play": 260,
    "resume": 220,
    "companion8": 420,
}


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    return boardfit.build(tmp_path_factory.mktemp("board") / "fs")


def test_every_feature_has_a_figure():
    assert sorted(MEASURED) == sorted(boardfit.FEATURES)


@pytest.mark.parametrize("feature", sorted(MEASURED))
def test_feature_runs_in_its_measured_heap(board, feature, tmp_path):
    ok, last, err = boardfit.run(board, feature, MEASURED[feature], tmp_path)
    assert ok, "%s under %d KB:\n%s\n%s" % (feature, MEASURED[feature], last, err[-2000:])


def test_too_big_a_situation_is_stopped_and_not_offered_again(board, tmp_path):
    """In the heap where The Curator plays at 6 green and focus 1, 7 green, yellow, red and focus 4
    needs more: the solve stops with a message (no crash, no lost menu), and the focus the menu
    offers then stops below 4, saying why."""
    boardfit.FEATURES["too_big"] = ("a a a right down right down right down right right right a a",
                                    ("max: memory",))
    try:
        ok, last, err = boardfit.run(board, "too_big", MEASURED["library_play"], tmp_path)
    finally:
        del boardfit.FEATURES["too_big"]
    frames = (tmp_path / ("frames_too_big_%d" % MEASURED["library_play"]) / "frames.txt").read_text()
    assert "|Too big for this|" in frames
    assert "max: memory" in last and ">focus    3" in last, last + err
