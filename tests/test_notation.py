"""Card and roll notation: round trips, canonical forms, error positions, and a fuzz that only
ever sees the kernel's own error type."""

import pytest
from hypothesis import given, strategies as st, settings

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.notation import (parse_card, format_card, canonical_card,
                                                parse_roll, format_roll)

SYMBOLS = ["I1", "I3", "I12", "I36", "L", "P", "T", "L/P", "T/P", "T/L", "L/P/T", "S1", "H2", "C"]


@pytest.mark.parametrize("text, canonical", [
    ("L L L | L I3", "L L L | L I3"),
    ("I3 > P P > L L", "I3 > P P > L L"),
    ("  i3   >p p>l l ", "I3 > P P > L L"),
    ("p/l t/p l/t p/t/l", "L/P T/P T/L L/P/T"),
    ("I4 S1 H2 C|L", "I4 S1 H2 C | L"),
])
def test_canonical_forms(text, canonical):
    assert canonical_card(text) == canonical


@pytest.mark.parametrize("text, pos, words", [
    ("L X", 3, "expected a symbol"),
    ("I0", 2, "investigation must be 1 to 36"),
    ("I37", 2, "investigation must be 1 to 36"),
    ("I3x", 3, "expected a digit"),
    ("L | P > T", 7, "one kind of separator"),
    ("L |  | P", 4, "empty task"),
    ("S1", 1, "at least one symbol that takes dice"),
    ("L L L L L L L L L", 17, "at most 8 symbols"),
    ("L|L|L|L|L|L|L", 12, "at most 6 tasks"),
    ("L/L", 3, "repeated"),
    ("S0 L", 2, "sanity cost must be 1 to 9"),
])
def test_card_errors_name_position(text, pos, words):
    with pytest.raises(KernelError) as err:
        parse_card(text)
    assert err.value.pos + 1 == pos
    assert words in str(err.value)
    assert "position %d" % pos in str(err.value)


@pytest.mark.parametrize("text, pos, words", [
    ("I3 Q", 4, "expected a face"),
    ("r:I1", 3, "red die has no I1"),
    ("y:T", 3, "yellow die has no T"),
    ("W", 1, "green die has no W"),
    ("x:L", 1, "expected a colour"),
    ("y:L y:P", 5, "at most 1 yellow die"),
])
def test_roll_errors_name_position(text, pos, words):
    with pytest.raises(KernelError) as err:
        parse_roll(text)
    assert err.value.pos + 1 == pos and words in str(err.value)


def test_roll_round_trip_canonical_order():
    roll = parse_roll("r:W I3 y:I4 I1 l P t")
    assert format_roll(roll) == "I1 I3 L P T y:I4 r:W"
    assert parse_roll(format_roll(roll)) == roll


task_st = st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=8).filter(
    lambda syms: any(s[0] not in "SHC" for s in syms))


@given(st.lists(task_st, min_size=1, max_size=6), st.booleans())
def test_card_round_trip(tasks, ordered):
    text = (" > " if ordered else " | ").join(" ".join(t) for t in tasks)
    card = parse_card(text)
    assert format_card(card) == text
    assert parse_card(format_card(card)) == card
    assert len(card.tasks) == len(tasks) and card.ordered == (ordered and len(tasks) > 1)


@settings(max_examples=300)
@given(st.text(alphabet="ILPTSHCWGYR0123456789/|>: xq\t-", max_size=40))
def test_fuzz_card_only_kernel_errors(text):
    try:
        card = parse_card(text)
    except KernelError as exc:
        assert "\n" not in str(exc)
    else:
        assert parse_card(format_card(card)) == card


@settings(max_examples=300)
@given(st.text(alphabet="ILPTWGYRgyr01234:/ x", max_size=40))
def test_fuzz_roll_only_kernel_errors(text):
    try:
        roll = parse_roll(text)
    except KernelError as exc:
        assert "\n" not in str(exc)
    else:
        assert parse_roll(format_roll(roll)) == roll


def test_non_text_is_a_kernel_error():
    with pytest.raises(KernelError):
        parse_card(None)
    with pytest.raises(KernelError):
        parse_roll(3)
