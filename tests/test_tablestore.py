"""The solver bot's store of solved value tables: the same results with and without it,
on one core and a pool; a corrupt, truncated, stale or other-version store is detected and rebuilt,
never trusted; the size limit evicts whole cards, least recently used first.
"""

import os
import struct
import types

import pytest

from eldritch.analysis import simulate as sim
from eldritch.analysis import sweep
from eldritch.backend import available, get_backend
from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.situation import Situation
from eldritch.kernel.eldersign.fixed import ONE

pytestmark = pytest.mark.skipif("c" not in available(), reason="the store holds the C core's memo")

from eldritch.eldersign.solverbot import SolverCache  # noqa: E402
from eldritch.eldersign.tablestore import TableStore, HEADER, entry_check  # noqa: E402

CARDS = ["T/L L/P | I5 L/P/T | P T/P L", "I3 > P P > L L", "L L L | L I3"]
SITUATIONS = [(6, 1, 0, 1, 1, 2, 0, 0, 0), (5, 0, 1, 2, 0, 1, 0, 0, 0), (4, 1, 1, 0, 2, 0, 2, 0, 0)]


def chances(store):
    """Every card's chance at every situation through a SolverCache (a fresh one: a new process's)."""
    cache = SolverCache(get_backend("c"), store=store)
    out = [cache.chance(parse_card(text), sit) for text in CARDS for sit in SITUATIONS]
    cache.flush()
    return out


def plain():
    cache = SolverCache(get_backend("c"))
    return [cache.chance(parse_card(text), sit) for text in CARDS for sit in SITUATIONS]


def tables(root):
    out = []
    for folder, _, names in os.walk(root):
        out += [os.path.join(folder, n) for n in names if n.endswith(".tbl")]
    return sorted(out)


def test_store_gives_the_same_values_and_answers_from_its_tables(tmp_path):
    want = plain()
    assert chances(TableStore(str(tmp_path))) == want          # builds the store
    store = TableStore(str(tmp_path))
    cache = SolverCache(get_backend("c"), store=store)
    got = [cache.chance(parse_card(text), sit) for text in CARDS for sit in SITUATIONS]
    assert got == want
    # every situation was a look-up: the solvers stored contexts but solved none
    assert sum(s._solver.contexts for s in cache._solvers.values()) == 0
    assert store.stats["loaded"] >= len(CARDS) and store.stats["rejected"] == 0


def test_a_look_up_the_store_answers_builds_no_workspace(tmp_path):
    """A context the store holds is read from its mapped table (CSolver.memo_lookup): the solver
    never sizes a workspace nor imports the card's tables for it, and the values are the same."""
    want = plain()
    chances(TableStore(str(tmp_path)))
    cache = SolverCache(get_backend("c"), store=TableStore(str(tmp_path)))
    assert [cache.chance(parse_card(text), sit) for text in CARDS for sit in SITUATIONS] == want
    assert all(s._solver._ws is None for s in cache._solvers.values())


def test_table_find_is_every_entry_and_nothing_else(tmp_path):
    """Table.find against a scan of the file: each entry's key gives its value vector, a key between
    two entries or past the last gives None."""
    chances(TableStore(str(tmp_path)))
    store = TableStore(str(tmp_path))
    for path in tables(tmp_path):
        raw = open(path, "rb").read()
        magic, fmt, n, card, count = HEADER.unpack_from(raw, 0)
        keys = struct.unpack_from("<%dQ" % count, raw, HEADER.size)
        t = store._map(path, card, n)
        for i, key in enumerate(keys):
            assert t.find(key, n) == list(struct.unpack_from("<%dQ" % n, raw, HEADER.size + 16 * count + 8 * n * i))
        absent = sorted(set(k + 1 for k in keys) - set(keys))
        assert all(t.find(k, n) is None for k in absent)


def test_corrupt_store_file_is_rejected_and_rebuilt(tmp_path):
    """A bit flipped in every entry's values of one table: the first entry a workspace would take
    fails its check word, the table is deleted, its values are solved again."""
    want = plain()
    chances(TableStore(str(tmp_path)))
    path = tables(tmp_path)[0]
    good = open(path, "rb").read()
    data = bytearray(good)
    magic, fmt, n, card, count = HEADER.unpack_from(data, 0)
    for i in range(count):
        data[HEADER.size + 16 * count + 8 * n * i + 1] ^= 0x40
    open(path, "wb").write(bytes(data))
    store = TableStore(str(tmp_path))
    assert chances(store) == want
    # deleted, and rebuilt by the solves that replaced it: the same content, so the same name
    assert store.stats["rejected"] == 1 and open(path, "rb").read() == good


def test_truncated_store_file_is_rejected(tmp_path):
    want = plain()
    chances(TableStore(str(tmp_path)))
    path = tables(tmp_path)[-1]
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.truncate(size - 8)
    store = TableStore(str(tmp_path))
    assert chances(store) == want
    assert store.stats["rejected"] == 1


def test_a_fifo_named_like_a_store_file_is_refused_at_once(tmp_path):
    """A FIFO named like a table (*.tbl), an advice file (*.adv) or the size ledger blocked open()
    forever (a FIFO waits for a writer). The store opens without blocking and takes regular files
    only: the FIFOs are refused (as damaged files are) and the values are the same."""
    import threading
    want = plain()
    chances(TableStore(str(tmp_path)))
    card = os.path.dirname(tables(tmp_path)[0])
    root = os.path.dirname(card)
    advice = TableStore(str(tmp_path))._advice_root()
    os.makedirs(advice, exist_ok=True)
    fifos = [os.path.join(card, "0" * 40 + ".tbl"), os.path.join(root, ".size"), os.path.join(advice, "0" * 40 + ".adv")]
    for path in fifos:
        if os.path.exists(path):
            os.remove(path)
        os.mkfifo(path)
    got = []

    def use():
        store = TableStore(str(tmp_path))
        got.append(chances(store))
        assert store.advice_files() == []
        store.compact_all()
        got.append(store.stats["rejected"])
    worker = threading.Thread(target=use, daemon=True)
    worker.start()
    worker.join(60)
    try:
        assert not worker.is_alive(), "the store waited on a FIFO"
    finally:
        for path in fifos:                           # a reader still waiting (the test failing) is let go
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
    assert got[0] == want and got[1] >= 1


def test_other_version_is_never_read(tmp_path):
    want = plain()
    chances(TableStore(str(tmp_path), versions="kernel 0.0.1 core 0.9"))
    store = TableStore(str(tmp_path), versions="kernel 9 core 9")
    assert chances(store) == want
    assert store.stats["loaded"] == 0                    # the old version's tables have other names


def test_stale_store_is_caught_by_the_fresh_solve_sample_and_dropped(tmp_path):
    """A table with a wrong value under a valid checksum (a solver that computed differently under
    the same version): the sample solved afresh differs, every table is deleted, values are right."""
    want = plain()
    chances(TableStore(str(tmp_path)))
    for path in tables(tmp_path):
        data = bytearray(open(path, "rb").read())
        magic, fmt, n, card, count = HEADER.unpack_from(data, 0)
        keys, checks, vals = HEADER.size, HEADER.size + 8 * count, HEADER.size + 16 * count
        for i in range(count):                        # every non-final state's value off by one
            vec = list(struct.unpack_from("<%dQ" % n, data, vals + 8 * n * i))
            vec = [v - 1 if 0 < v < ONE else v for v in vec]
            struct.pack_into("<%dQ" % n, data, vals + 8 * n * i, *vec)
            key = struct.unpack_from("<Q", data, keys + 8 * i)[0]
            struct.pack_into("<Q", data, checks + 8 * i, entry_check(key, vec))   # a valid check
        open(path, "wb").write(bytes(data))
    store = TableStore(str(tmp_path))
    assert chances(store) == want
    assert store.stats["stale"] == 1 and store.stats["rejected"] == 0


def test_size_limit_evicts_the_least_recently_used_cards(tmp_path):
    chances(TableStore(str(tmp_path)))
    full = TableStore(str(tmp_path)).size()
    folders = sorted(os.path.dirname(p) for p in tables(tmp_path))
    oldest = folders[0]
    for k, folder in enumerate(folders):               # the first folder used longest ago
        os.utime(folder, (1000 + k, 1000 + k))
    small = TableStore(str(tmp_path), max_bytes=full - 1)
    small._evict()
    assert small.stats["evicted"] >= 1 and not os.path.exists(oldest)
    assert small.size() <= (full - 1) * 9 // 10 + 1
    assert chances(TableStore(str(tmp_path))) == plain()


def test_a_process_reads_the_size_from_the_ledger_and_walks_the_store_only_past_the_limit(tmp_path, monkeypatch):
    """settle() takes the store's size from its ledger (no walk of every file per process); a
    process that adds tables appends its bytes; a ledger past the limit makes the next process walk
    the store and evict, as a walk would have."""
    chances(TableStore(str(tmp_path)))                  # no ledger yet: walked, ledger written
    full = TableStore(str(tmp_path)).size()
    walks = []
    real_size = TableStore.size
    monkeypatch.setattr(TableStore, "size", lambda self: walks.append(1) or real_size(self))
    chances(TableStore(str(tmp_path)))                  # every value there: nothing added
    store = TableStore(str(tmp_path))
    cache = SolverCache(get_backend("c"), store=store)
    cache.chance(parse_card("L L L L | I5"), SITUATIONS[0])     # a new card: its table is added
    cache.flush()
    assert walks == [] and store.stats["published"] > 0
    assert store._read_ledger() > full                  # its bytes were appended
    small = TableStore(str(tmp_path), max_bytes=full // 2)
    SolverCache(get_backend("c"), store=small).flush()
    assert walks == [1] and small.stats["evicted"] >= 1 and small.size() <= full // 2


def test_the_check_word_is_the_cores():
    """tablestore.entry_check (the stale-sample test forges tables with it) is the C core's."""
    solver = get_backend("c").make_solver(parse_card("I3 > P P > L L"))
    solver.values((4, 1, 0, (), 1, 0, 1))
    n, keys, checks, vals = solver.export_memo()
    w = solver.nstates
    for i in range(n):
        key = struct.unpack_from("<Q", keys, 8 * i)[0]
        assert entry_check(key, struct.unpack_from("<%dQ" % w, vals, 8 * w * i)) == \
            struct.unpack_from("<Q", checks, 8 * i)[0]


def test_values_that_cannot_be_the_cards_are_refused_by_the_core():
    """A table whose key or values are garbage is refused by ess_memo_import (never stored)."""
    from eldritch.kernel.errors import KernelError
    solver = get_backend("c").make_solver(parse_card("I3 > P P > L L"))
    solver.reserve((5, 0, 0, (), 1, 0, 0))
    n = solver.nstates
    with pytest.raises(KernelError, match="store"):
        solver.import_memo(1, struct.pack("<Q", 1 << 63 | 3), struct.pack("<Q", 0),
                           struct.pack("<%dQ" % n, *([ONE + 1] * n)))


def _sweep(out, workers, store):
    args = types.SimpleNamespace(ancient_one="Yig", sets="", investigators="", weights="", players=[2],
                                 bots="solver", game="eldersign")
    from eldritch.analysis.simgames import runner
    settings = runner("eldersign").settings(args)
    tasks = sweep.simulate_tasks(settings, 2, 1, 1)
    st = sweep.run_sweep("simulate", tasks, str(out), {}, workers=workers, backend_name="c", solved=store)
    return [s.to_dict() for _, s in sweep.merged_simulate(st, tasks)]


def test_same_results_with_and_without_the_store_on_one_core_and_a_pool(tmp_path):
    """A solver sweep: no store, a store it builds (one core), the same store read by a pool of two:
    the merged results equal."""
    base = _sweep(tmp_path / "a", 1, None)
    assert _sweep(tmp_path / "b", 1, str(tmp_path / "solved")) == base
    assert tables(tmp_path / "solved")
    assert _sweep(tmp_path / "c", 2, str(tmp_path / "solved")) == base
    # the sweep left one table file a card (TableStore.compact_all)
    folders = [os.path.dirname(p) for p in tables(tmp_path / "solved")]
    assert len(folders) == len(set(folders))


def test_compact_all_merges_each_cards_tables_into_one_with_the_same_values(tmp_path):
    """Three processes' worth of tables of each card (different situations), merged: one file a card
    (a solver key: its folder),
    every entry of the tables before it (by key, with its values) in it, and the same chances."""
    want = plain()
    for sit in SITUATIONS:
        cache = SolverCache(get_backend("c"), store=TableStore(str(tmp_path)))
        for text in CARDS:
            cache.chance(parse_card(text), sit)
        cache.flush()

    def entries():
        out = {}
        for path in tables(tmp_path):
            raw = open(path, "rb").read()
            magic, fmt, n, card, count = HEADER.unpack_from(raw, 0)
            keys = struct.unpack_from("<%dQ" % count, raw, HEADER.size)
            for i, key in enumerate(keys):
                out[(card, key)] = raw[HEADER.size + 16 * count + 8 * n * i:HEADER.size + 16 * count + 8 * n * (i + 1)]
        return out
    before = entries()
    folders = [os.path.dirname(p) for p in tables(tmp_path)]
    several = [f for f in set(folders) if folders.count(f) > 1]
    assert several
    assert TableStore(str(tmp_path)).compact_all() == len(several)
    assert sorted(os.path.dirname(p) for p in tables(tmp_path)) == sorted(set(folders))
    assert entries() == before
    assert chances(TableStore(str(tmp_path))) == want


def test_simulate_with_a_store_matches_without(tmp_path):
    args = types.SimpleNamespace(ancient_one="Azathoth", sets="", investigators="", weights="", players=[2],
                                 bots="solver")
    from eldritch.eldersign.sim import RUNNER
    setting = RUNNER.settings(args)[0]
    a = sim.run_setting(setting, 1, 1)
    b = sim.run_setting(setting, 1, 1, store=sim.open_store(str(tmp_path)))
    c = sim.run_setting(setting, 1, 1, store=sim.open_store(str(tmp_path)))
    assert a == b == c


def test_situations_of_a_store_are_exact_fractions():
    """Sanity of the fixture: chances are floats of exact values (Situation's range checked)."""
    assert Situation(*SITUATIONS[0]).limits() == (0, 0, 0)


def test_simulate_command_with_a_store_prints_the_same_report(tmp_path, capsys):
    """`eldritch simulate --store DIR`: the same JSON as without (twice: building, then reading);
    a bad --store-size is one line and exit 2; another game ignores the store."""
    from eldritch.cli import main
    argv = ["simulate", "--games", "1", "--players", "2", "--ancient-one", "Yig", "--bots", "solver", "--json"]
    assert main(argv) == 0
    want = capsys.readouterr().out
    for _ in range(2):
        assert main(argv + ["--store", str(tmp_path / "s")]) == 0
        assert capsys.readouterr().out == want
    assert os.listdir(tmp_path / "s" / "v2")
    try:
        code = main(argv + ["--store", str(tmp_path / "s"), "--store-size", "lots"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--store-size" in err
    assert main(["simulate", "--game", "stayaway", "--games", "1", "--players", "4", "--json",
                 "--store", str(tmp_path / "t")]) == 0
