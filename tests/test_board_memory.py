"""Every feature the menu offers, run within the board's heap (issue 12, item 1): the board's files
compiled to .mpy and laid out as on the board (tools/boardfit.py), each feature run to its end in the
simulator on the MicroPython unix port under `-X heapsize=`. The unix port is 64-bit (objects and
pointers twice the RP2040's; the lean solver's values in 8-byte arrays and its memo keys small ints
on both), so a fit in the Pico's 190 KB here is a fit on the board.

Companion mode for 8 players does not fit 190 KB on the 64-bit port: its 64-bit peak is held here,
with a 32-bit estimate from what it allocates by kind (boardfit.estimate_32), and micropython/README.md
names the Raspberry Pi Pico 2 (RP2350, 520 KB) as its reference board, with the reason. A situation
too big for the heap is stopped with a message and not offered again. Figures: micropython/README.md,
"Memory"."""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402

PICO_KB = boardfit.BUDGET_KB          # 190: a Raspberry Pi Pico's free heap
PICO2_KB = 520                        # the Pico 2's RAM, companion mode's reference board
# KB, 64-bit unix port, smallest heap found by bisection (tools/boardfit.py); the README's table
MEASURED = {
    "library_play": 175,
    "library_spell": 183,
    "custom_play": 159,
    "resume": 175,
    "companion8": 361,
}
FITS_THE_PICO = ("library_play", "library_spell", "custom_play", "resume")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    return boardfit.build(tmp_path_factory.mktemp("board") / "fs")


def test_every_feature_has_a_figure():
    assert sorted(MEASURED) == sorted(f for f in boardfit.FEATURES if f != "library_big_pool")


@pytest.mark.parametrize("feature", FITS_THE_PICO)
def test_feature_runs_in_the_pico_heap(board, feature, tmp_path):
    ok, last, err = boardfit.run(board, feature, PICO_KB, tmp_path)
    assert ok, "%s under %d KB:\n%s\n%s" % (feature, PICO_KB, last, err[-2000:])


def test_companion_mode_for_8_players_peak_and_32_bit_estimate(board, tmp_path):
    """It runs a little above its 64-bit peak (fragmentation moves the exact edge with the lengths of
    the paths) and not 40 KB below it (the figure is a peak, not a guess); the 32-bit estimate by
    kind is over the Pico's 190 KB and well within the Pico 2's RAM (the README's figures)."""
    ok, last, err = boardfit.run(board, "companion8", MEASURED["companion8"] + 16, tmp_path)
    assert ok, last + err[-2000:]
    assert not boardfit.run(board, "companion8", MEASURED["companion8"] - 40, tmp_path)[0]
    est = boardfit.estimate_32(board, tmp_path, MEASURED["companion8"])
    assert est["live32"] < est["live64"]
    assert PICO_KB * 1024 < est["peak32"] <= 280 * 1024 < PICO2_KB * 1024, est


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
