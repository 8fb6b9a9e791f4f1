"""A situation too big for the heap is stopped with a message and not offered again,
on the quick 64-bit unix port: the board's files compiled to .mpy and laid out as on the board
(tools/boardfit.py), the simulator under `-X heapsize=190k`.

Whether each feature fits the Pico's heap, and its peak, is measured on the 32-bit firmware
(tests/test_firmware.py, micropython/README.md "Memory"): the 64-bit port's objects and pointers are
twice the board's, and 190 KB runs of the adventure's features on it are at the edge for reasons that
do not exist on the board."""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402

PICO_KB = boardfit.BUDGET_KB          # 190: a Raspberry Pi Pico's free heap


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    return boardfit.build(tmp_path_factory.mktemp("board") / "fs")


@pytest.mark.slow
def test_too_big_a_situation_is_stopped_and_not_offered_again(board, tmp_path):
    """In the Pico's heap The Curator with 7 green, yellow, red and focus 4 needs more: the solve
    stops with a message naming the situation, its clues too (no crash, no lost menu), and the focus
    the menu offers then stops below 4, saying why."""
    boardfit.FEATURES["too_big"] = ("a a a right down right down right down right right right a a",
                                    ("max: memory",))
    try:
        ok, last, err = boardfit.run(board, "too_big", PICO_KB, tmp_path)
    finally:
        del boardfit.FEATURES["too_big"]
    frames = (tmp_path / ("frames_too_big_%d" % PICO_KB) / "frames.txt").read_text()
    assert "|Too big for this|" in frames
    assert "|7G+Y+R, focus 4,|\n|spells 0, clues |\n|0. The menu now |" in frames   # the whole situation
    assert "max: memory" in last and ">focus    3" in last, last + err
