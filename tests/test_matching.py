"""Matching: every minimal way to complete a task, checked against a brute-force enumerator."""

from hypothesis import given, settings, strategies as st

from eldritch.kernel.eldersign.matching import match
from eldritch.kernel.eldersign.notation import parse_card, parse_roll, format_roll
from eldritch.kernel.eldersign.dice import FACE_TEXT, NFACES

import oracle

FACE_SYMBOLS = {"L": "L", "P": "P", "T": "T", "L/P": "LP", "T/P": "TP", "T/L": "TL", "L/P/T": "LPT"}


def oracle_task(text):
    syms = []
    for tok in text.split():
        if tok[0] == "I":
            syms.append(("I", int(tok[1:])))
        elif tok in FACE_SYMBOLS:
            syms.append(("F", set(FACE_SYMBOLS[tok])))
    return syms


def dice_list(counts, source):
    out = []
    for c, col in enumerate("gyr"):
        for f in range(NFACES):
            out += [(source, col, FACE_TEXT[f])] * counts[c * NFACES + f]
    return out


def way_key(roll_used, held_used):
    return tuple(sorted(dice_list(roll_used, "roll") + dice_list(held_used, "held")))


def test_examples_from_the_issue():
    card = parse_card("I2 I3")
    found = match(card, parse_roll("I3 I2"))
    assert [(t, [format_roll(w.roll_used) for w in ws]) for t, ws in found] == [(0, ["I2 I3"])]
    # a wildcard counts as I4, L, P or T
    for sym in ("I4", "L", "P", "T"):
        assert match(parse_card(sym), parse_roll("r:W"))
    # held dice combine with rolled ones
    found = match(parse_card("L P"), parse_roll("L"), parse_roll("P"))
    assert len(found) == 1 and format_roll(found[0][1][0].held_used) == "P"
    # ordered cards allow only the next task
    assert [t for t, _ in match(parse_card("I3 > L"), parse_roll("L"))] == []
    assert [t for t, _ in match(parse_card("I3 > L"), parse_roll("L"), done_mask=1)] == [1]
    # the excess on Investigation is lost but every die must be needed
    ways = match(parse_card("I3"), parse_roll("I2 I2 I1"))[0][1]
    assert sorted(format_roll(w.roll_used) for w in ways) == ["I1 I2", "I2 I2"]


def test_costs_limit_tasks():
    card = parse_card("L S2 | L")
    assert [t for t, _ in match(card, parse_roll("L"), sanity=2)] == [1]
    assert [t for t, _ in match(card, parse_roll("L"), sanity=3)] == [0, 1]


symbol = st.sampled_from(["I1", "I2", "I3", "I4", "I5", "I7", "L", "P", "T", "L/P", "T/P", "T/L", "L/P/T"])
green_face = st.sampled_from(["I1", "I2", "I3", "L", "P", "T"])


@settings(max_examples=150, deadline=None)
@given(st.lists(symbol, min_size=1, max_size=3),
       st.lists(green_face, max_size=4),
       st.sampled_from(["", "y:I1", "y:I4", "y:L", "y:P"]),
       st.sampled_from(["", "r:W", "r:I4", "r:L", "r:I2"]),
       st.lists(st.sampled_from(["I1", "I3", "L", "P", "T"]), max_size=1))
def test_matches_brute_force(symbols, greens, yellow, red, held):
    task_text = " ".join(symbols)
    roll = parse_roll(" ".join(greens + [yellow, red]))
    held_counts = parse_roll(" ".join(held))
    found = match(parse_card(task_text), roll, held_counts)
    got = sorted(way_key(w.roll_used, w.held_used) for _, ws in found for w in ws)
    dice = dice_list(roll, "roll") + dice_list(held_counts, "held")
    want = sorted(oracle.minimal_ways(oracle_task(task_text), dice))
    assert got == want
