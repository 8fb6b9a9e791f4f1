"""The solver bot's advice kept in the store of solved tables (host/eldersign/advicestore.py, issue
29.1): a new process reads the answers an earlier one published instead of asking advice again, with
the same results; a process writes one advice file; a damaged, truncated or stale advice file is
detected and never trusted; advice files are merged past MAX_FILES and by compact_all; a colliding
question hash, or another card's answer, is no answer.
"""

import os
import types

import pytest

from eldritch.analysis import simulate as sim
from eldritch.backend import available

pytestmark = pytest.mark.skipif("c" not in available(), reason="the store holds the C core's answers")

from eldritch.eldersign import advicestore, solverbot  # noqa: E402
from eldritch.eldersign.advicestore import ADVICE_HEADER, advice_body  # noqa: E402
from eldritch.eldersign.tablestore import TableStore, MAX_FILES  # noqa: E402


def _setting(ao="Azathoth", players=2):
    from eldritch.eldersign.sim import RUNNER
    args = types.SimpleNamespace(ancient_one=ao, sets="", investigators="", weights="", players=[players],
                                 bots="solver")
    return RUNNER.settings(args)[0]


def _advice_files(root):
    out = []
    for folder, _, names in os.walk(root):
        out += [os.path.join(folder, n) for n in names if n.endswith(".adv")]
    return sorted(out)


class _Count:
    """Counts the solver bot's calls of advice (all of them, and those of the stale-store sample)."""

    def __init__(self, monkeypatch):
        self.asked = 0
        self.sampled = 0
        advise, fresh = solverbot.advise, solverbot.StoredAdvice.fresh

        def counted(*a, **k):
            self.asked += 1
            return advise(*a, **k)

        def counted_fresh(s, q):
            self.sampled += 1
            return fresh(s, q)
        monkeypatch.setattr(solverbot, "advise", counted)
        monkeypatch.setattr(solverbot.StoredAdvice, "fresh", counted_fresh)


def test_a_new_process_reads_the_stored_advice_and_plays_the_same_games(tmp_path, monkeypatch):
    setting = _setting()
    want = sim.run_setting(setting, 2, 1)
    count = _Count(monkeypatch)
    assert sim.run_setting(setting, 2, 1, store=sim.open_store(str(tmp_path))) == want
    built = count.asked
    assert built > 0 and len(_advice_files(tmp_path)) == 1         # one file a process, every card's
    count.asked = 0
    store = sim.open_store(str(tmp_path))
    assert sim.run_setting(setting, 2, 1, store=store) == want
    # every roll question was answered by the store: advice was asked only for the fresh-solve sample
    assert count.asked == count.sampled and count.sampled <= 2 * 6
    assert store.stats["stale"] == 0 and store.stats["rejected"] == 0


def test_a_damaged_advice_file_is_deleted_and_its_questions_asked_again(tmp_path):
    setting = _setting()
    want = sim.run_setting(setting, 1, 1)
    sim.run_setting(setting, 1, 1, store=sim.open_store(str(tmp_path)))
    paths = _advice_files(tmp_path)
    for path in paths:                      # a byte flipped in the last record of every file
        data = bytearray(open(path, "rb").read())
        data[-3] ^= 0x20
        open(path, "wb").write(bytes(data))
    store = sim.open_store(str(tmp_path))
    assert sim.run_setting(setting, 1, 1, store=store) == want
    assert store.stats["rejected"] >= 1 and store.stats["stale"] == 0


def test_a_truncated_advice_file_is_rejected(tmp_path):
    setting = _setting()
    want = sim.run_setting(setting, 1, 1)
    sim.run_setting(setting, 1, 1, store=sim.open_store(str(tmp_path)))
    path = _advice_files(tmp_path)[0]
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) - 5)
    store = sim.open_store(str(tmp_path))
    assert sim.run_setting(setting, 1, 1, store=store) == want
    assert store.stats["rejected"] >= 1


@pytest.mark.slow
def test_stale_advice_is_caught_by_the_fresh_sample_and_the_store_dropped(tmp_path):
    """Every stored answer's values off by one under valid check words (advice from a solver that
    computed differently under the same versions): the sample asked afresh differs, the store of
    this version is deleted, and the games are the same."""
    setting = _setting()
    want = sim.run_setting(setting, 1, 1)
    sim.run_setting(setting, 1, 1, store=sim.open_store(str(tmp_path)))
    for path in _advice_files(tmp_path):
        raw = open(path, "rb").read()
        magic, fmt, count = ADVICE_HEADER.unpack_from(raw, 0)
        f = advicestore.AdviceFile(path, count, memoryview(raw), None)
        records = {q: [(k, v + 1) for k, v in pairs] for q, pairs in f.records().items()}
        n, body = advice_body(records)
        os.remove(path)
        open(path, "wb").write(ADVICE_HEADER.pack(magic, fmt, n) + body)
    store = sim.open_store(str(tmp_path))
    assert sim.run_setting(setting, 1, 1, store=store) == want
    assert store.stats["stale"] == 1


def _question(i):
    roll = bytearray(24)
    roll[i % 6] = 1 + i % 3
    return (bytes(roll), bytes(24), i % 3, 0, i % 5, i % 4)


def test_advice_files_are_merged_past_max_files_and_by_compact_all(tmp_path):
    store = TableStore(str(tmp_path), check=False)
    key = ("a card", 0, 0, 0)
    other = ("another card", 0, 0, 0)
    want = {}
    for i in range(MAX_FILES + 1):
        rec = {_question(i): [(("reroll", bytes([i]) * 24), 100 + i), (("fail", None), 7)]}
        want.update(rec)
        store.publish_advice({key: rec})
    assert len(_advice_files(tmp_path)) < MAX_FILES + 1
    store.publish_advice({key: {_question(50): [(("fail", None), 1)]}, other: {_question(50): [(("fail", None), 2)]}})
    want[_question(50)] = [(("fail", None), 1)]
    assert len(_advice_files(tmp_path)) > 1
    store.compact_all()
    assert len(_advice_files(tmp_path)) == 1
    fresh = TableStore(str(tmp_path), check=False)
    for q, pairs in want.items():
        assert fresh.find_advice(key, q) == pairs
    assert fresh.find_advice(other, _question(50)) == [(("fail", None), 2)]
    assert fresh.find_advice(key, _question(51)) is None and fresh.find_advice(other, _question(1)) is None


def test_a_colliding_question_hash_is_not_an_answer(tmp_path, monkeypatch):
    monkeypatch.setattr(advicestore, "question_hash", lambda d, q: 42)
    monkeypatch.setattr("eldritch.eldersign.tablestore.question_hash", lambda d, q: 42)
    store = TableStore(str(tmp_path), check=False)
    key = ("a card", 0, 0, 0)
    other = ("another card", 0, 0, 0)
    recs = {_question(i): [(("fail", None), i)] for i in range(5)}
    store.publish_advice({key: recs, other: {_question(0): [(("fail", None), 99)]}})
    fresh = TableStore(str(tmp_path), check=False)
    for q, pairs in recs.items():
        assert fresh.find_advice(key, q) == pairs
    assert fresh.find_advice(other, _question(0)) == [(("fail", None), 99)]
    assert fresh.find_advice(key, _question(9)) is None and fresh.find_advice(other, _question(1)) is None
