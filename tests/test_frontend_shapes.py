"""The shared decision shapes and their walk (host/frontend/shapes.py, walk.py, model.py), against
brute force: for any list of legal actions with any groups, odds and advice, the shape reaches
every action exactly once, no menu holds more than the keys 1-9, Enter after Enter reaches the
advised action, the keys path_to gives take each action, and the whole shape survives JSON.
A toggle takes any set of alike items as the same set (two dice showing I1 are the same choice).
"""

import pytest
import json

from hypothesis import given, settings, strategies as st

from eldritch.frontend.model import Combo, Toggle
from eldritch.frontend.shapes import Leaf, menu_of, check, advised_action, path_to, MAX_OPTIONS
from eldritch.frontend.walk import Walker


@st.composite
def leaf_lists(draw):
    n = draw(st.integers(1, 60))
    actions = draw(st.lists(st.integers(0, 1 << 30), min_size=n, max_size=n, unique=True))
    groups = draw(st.lists(st.one_of(st.none(), st.integers(0, 5)), min_size=n, max_size=n))
    values = draw(st.lists(st.one_of(st.none(), st.integers(0, 1 << 48)), min_size=n, max_size=n))
    advised = draw(st.one_of(st.none(), st.sampled_from(actions)))
    always = draw(st.booleans())
    leaves = [Leaf("option %d" % i, a, group=None if g is None else ("g", g), group_label="group %s..." % g,
                   odds="" if v is None else "%d" % v, value=v, advised=a == advised)
              for i, (a, g, v) in enumerate(zip(actions, groups, values))]
    return leaves, actions, advised, always


@pytest.mark.slow
@given(leaf_lists())
@settings(max_examples=300, deadline=None)
def test_a_shape_reaches_every_legal_action_once_in_menus_that_fit(case):
    leaves, actions, advised, always = case
    shape = menu_of("choose", leaves, group_always=always)
    check(shape, actions)                         # every action exactly once, no menu over 9
    if advised is not None:
        assert advised_action(shape) == advised
    assert len(Walker(shape).rows()) <= MAX_OPTIONS
    for a in actions:
        assert Walker(shape).follow(path_to(shape, a)) == a
    json.dumps(shape.to_json())


def test_a_toggle_takes_alike_items_as_one_set_and_refuses_a_set_that_is_no_action():
    # dice I1 I1 L: rerolling one I1 is one action whichever I1 is toggled
    items = [("I1", "green"), ("I1", "green"), ("L", "green")]
    combos = [Combo(frozenset({0}), 10, "reroll I1"), Combo(frozenset({0, 1}), 11, "reroll I1 I1"),
              Combo(frozenset({2}), 12, "reroll L", advised=True)]
    t = Toggle("reroll", items, combos, frozenset({2}), "reroll", groups=[1, 1, 2])
    w = Walker(t)
    assert w.enter() == 12                         # the advised set to start with
    w = Walker(t)
    w.pick(2)                                      # L off
    assert w.enter() is None and w.problem         # nothing chosen: no action
    w.pick(1)                                      # the second I1 on
    assert w.enter() == 10
    w.pick(0)
    assert w.enter() == 11
    w.pick(5)
    assert w.problem.startswith("no item 6")
    assert json.loads(json.dumps(t.to_json()))["combos"][2]["advised"] is True


def test_walking_back_and_a_single_group_is_its_own_menu():
    leaves = [Leaf("a %d" % i, i, group=("g",), group_label="all...") for i in range(12)]
    shape = menu_of("pick", leaves)
    assert shape.prompt == "pick" and len(shape.options) == MAX_OPTIONS    # no step for the one group
    w = Walker(shape)
    assert w.pick(8) is None and w.depth == 1      # "more..."
    assert w.rows()[-1].key == "0" and w.back() and w.depth == 0 and not w.back()


def test_plain_mode_never_imports_textual(tmp_path):
    """Plain mode is for pipes and screen readers, and for machines without the tui extra: the four
    games' play commands in plain mode run without importing Textual."""
    import subprocess
    import sys
    code = ("import sys\nfrom eldritch import cli\n"
            "for argv in (['play'], ['stayaway', 'play'], ['arkham', 'play'], ['mansions', 'play']):\n"
            "    cli.main(argv + ['--plain', '--seed', '1', '--state-dir', sys.argv[1]])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], input="", capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
