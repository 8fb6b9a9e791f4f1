"""The adventure's features within the board's heap on the quick 64-bit unix port (issue 12, item 1):
the board's files compiled to .mpy and laid out as on the board (tools/boardfit.py), each feature run
to its end in the simulator under `-X heapsize=190k`. Objects and pointers are twice the RP2040's
there, so a fit here is a fit on the board; the board's own figures (every mode, companion mode for
8 players included) are measured on the 32-bit firmware (tests/test_firmware.py, micropython/README.md
"Memory"). A situation too big for the heap is stopped with a message and not offered again."""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402

PICO_KB = boardfit.BUDGET_KB          # 190: a Raspberry Pi Pico's free heap
# the adventure's features, which fit the Pico's heap even on the 64-bit port
FITS_THE_PICO = ("library_play", "library_spell", "custom_play", "resume")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    return boardfit.build(tmp_path_factory.mktemp("board") / "fs")


@pytest.mark.parametrize("feature", FITS_THE_PICO)
def test_feature_runs_in_the_pico_heap(board, feature, tmp_path):
    ok, last, err = boardfit.run(board, feature, PICO_KB, tmp_path)
    assert ok, "%s under %d KB:\n%s\n%s" % (feature, PICO_KB, last, err[-2000:])


def test_too_big_a_situation_is_stopped_and_not_offered_again(board, tmp_path):
    """In the Pico's heap The Curator with 7 green, yellow, red and focus 4 needs more: the solve
    stops with a message (no crash, no lost menu), and the focus the menu offers then stops below
    4, saying why."""
    boardfit.FEATURES["too_big"] = ("a a a right down right down right down right right right a a",
                                    ("max: memory",))
    try:
        ok, last, err = boardfit.run(board, "too_big", PICO_KB, tmp_path)
    finally:
        del boardfit.FEATURES["too_big"]
    frames = (tmp_path / ("frames_too_big_%d" % PICO_KB) / "frames.txt").read_text()
    assert "|Too big for this|" in frames
    assert "max: memory" in last and ">focus    3" in last, last + err
