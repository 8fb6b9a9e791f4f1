"""The game's task table (game/tasks.py): a slot's adventure rebound from precomputed ids shows the same
card, and matches rolls the same way, as an Adventure built from the card's text the way the rules
say (printed tasks, a monster's task on a full or empty outline, monster task + kept symbols on a
partial one, monsters as extra tasks)."""

import random

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.situation import Situation
from eldritch.kernel.eldersign.adventure import Adventure, TaskTable, Workspace
from eldritch.kernel.eldersign.dice import DIE_FACES
from eldritch.kernel.eldersign.game.data import GameData, parse_outlines
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.eldersign.game import board
from eldritch.kernel.eldersign.notation import format_card, format_task, parse_card

DATA = GameData()


def reference_notation(card, monsters):
    """The slot's card text from the rules: monsters is a list of (monster id, outline or 100+k)."""
    texts = [format_task(t) for t in card.card.tasks]
    extra = []
    for m, at in monsters:
        mtext = DATA.monsters[m].task
        if at >= 100 or card.outlines[at][0] < 0:
            extra.append(mtext)
            continue
        t, kind, keep = card.outlines[at]
        if kind == 2:
            kept = " ".join(texts[t].split(" ")[:keep])
            texts[t] = mtext + (" " + kept if kept else "")
        else:
            texts[t] = mtext
    return format_card(parse_card((" > " if card.card.ordered else " | ").join(texts + extra)))


def random_roll(rng):
    counts = bytearray(24)
    for colour, n in ((0, rng.randint(0, 6)), (1, rng.randint(0, 1)), (2, rng.randint(0, 1))):
        for _ in range(n):
            counts[colour * 8 + rng.choice(DIE_FACES[colour])] += 1
    return counts


def same_matching(bound, notation, rng, rolls=20):
    fresh = Adventure(notation)
    assert bound.ntasks == fresh.ntasks and bound.ordered == fresh.card.ordered
    for _ in range(rolls):
        roll = random_roll(rng)
        held = random_roll(rng) if rng.random() < 0.3 else bytearray(24)
        ways = []
        for adv in (bound, fresh):
            adv.roll_counts[:] = roll
            adv.held[:] = held
            n = adv.match()
            ways.append(sorted((adv.way_task[i], bytes(adv.ways[i * 48:(i + 1) * 48])) for i in range(n)))
        assert ways[0] == ways[1]


def distinct_monsters():
    seen = {}
    for m, mon in enumerate(DATA.monsters):
        seen.setdefault(mon.task, m)
    return sorted(seen.values())


def place(g, s, monsters):
    g._slots.clear_monsters(s)
    for k, (m, at) in enumerate(monsters):
        g._slots.place(s, k, m, at)
    board.rebuild(g, s)


def test_every_adventure_with_every_monster_on_every_outline_matches_the_rules():
    g = Game(DATA, players=1, seed=5)
    rng = random.Random(7)
    s = 0
    checked = 0
    for c, card in enumerate(DATA.adventures):
        g._slots.card[s] = c
        g._slots.on[s] = 1
        place(g, s, [])
        assert g._slots.adv[s].notation == card.notation == reference_notation(card, [])
        same_matching(g._slots.adv[s], card.notation, rng, 5)
        for o in range(len(card.outlines)):
            for m in distinct_monsters():
                mons = [(m, o)]
                place(g, s, mons)
                want = reference_notation(card, mons)
                assert g._slots.adv[s].notation == want, (card.name, o, m)
                same_matching(g._slots.adv[s], want, rng, 5)
                checked += 1
        # two extra monsters on top of whatever fits
        extra = [(distinct_monsters()[0], 100), (distinct_monsters()[-1], 101)]
        if len(card.card.tasks) + 2 <= 6:
            place(g, s, extra)
            want = reference_notation(card, extra)
            assert g._slots.adv[s].notation == want
            same_matching(g._slots.adv[s], want, rng, 5)
    assert checked > 20


def test_rebinding_reuses_the_slot_adventure_and_resets_it():
    g = Game(DATA, players=1, seed=5)
    pool = list(g._slot_pool)
    for s in range(g._slots.n):
        if g._slots.on[s]:
            assert g._slots.adv[s] is pool[s]
    adv = g._slots.adv[0]
    adv.set_situation(Situation(3, 1, 0, 1))
    adv.reset()
    adv.roll()
    board.rebuild(g, 0)
    assert g._slots.adv[0] is adv and adv.phase() == 0 and adv.pool() == (6, 0, 0)
    assert sum(adv.roll_counts) == 0 and adv.seed == 0


def test_task_table_rows_are_the_minimal_face_sets():
    from eldritch.kernel.eldersign.matching import minimal_face_sets
    tasks = parse_card("I3 | L L P | T/P I8 S1 C").tasks
    table = TaskTable(tasks)
    for i, task in enumerate(tasks):
        rows = [bytes(table.store[8 * r:8 * r + 8]) for r in range(table.start[i], table.start[i] + table.count[i])]
        want = []
        for fs in minimal_face_sets(task):
            b = bytearray(8)
            for f, k in fs:
                b[f] = k
            want.append(bytes(b))
        assert rows == want
        assert (table.sanity[i], table.stamina[i], table.clock[i]) == (task.sanity, task.stamina, task.clock)


def test_set_card_binds_any_tasks_of_a_table_in_any_order():
    tasks = parse_card("L L | I3 | P T | I6").tasks
    table = TaskTable(tasks)
    adv = Adventure(None, work=Workspace())
    adv.set_card(table, bytes((3, 0, 2)), 3, True)
    assert adv.notation == "I6 > L L > P T" and adv.ntasks == 3
    same_matching(adv, "I6 > L L > P T", random.Random(3), 40)
    adv.set_card(table, bytes((1,)), 1, False)
    assert adv.notation == "I3"
    same_matching(adv, "I3", random.Random(4), 40)


def test_two_outlines_on_one_task_are_rejected_at_load():
    with pytest.raises(KernelError) as exc:
        parse_outlines("1:full,1:partial1", 2, "adventure 'X'")
    assert "two monster outlines on task 1" in str(exc.value)
    assert parse_outlines("1:full,2:partial1,slot:empty,slot:empty", 2, "X") == [
        (0, 0, 0), (1, 2, 1), (-1, 1, 0), (-1, 1, 0)]
