"""The board's saves survive any sequence of power cuts: the simulator of
tests/powercut.py cuts a one-byte-per-step filesystem in random multi-cut sequences, on CPython and
on the MicroPython unix port, for both save kinds; zero losses and zero resurrections; the
same across the sequence number's wrap at 2^32; and a newest record the app refuses falls back to
the one before it (cuts at every step of the save it refuses)."""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "micropython"))
sys.path.insert(0, str(REPO / "tests"))

import powercut  # noqa: E402
import store  # noqa: E402

SEQUENCES = 1000


@pytest.mark.parametrize("kind", ["adventure", "companion"])
def test_rule_no_sequence_of_cuts_loses_or_resurrects_cpython(kind):
    sequences, cuts, losses, resurrections = powercut.run(kind, SEQUENCES, 2026)
    assert sequences == SEQUENCES and cuts >= SEQUENCES      # every sequence cut at least once on average
    assert (losses, resurrections) == (0, 0)


MP = """
sys.path.insert(0, %(mp)r)
sys.path.insert(0, %(tests)r)
import powercut
for kind in ("adventure", "companion"):
    print(kind, *powercut.run(kind, %(n)d, 2027))
print("wrap", *powercut.run("companion", %(n)d, 2028, 0xFFFFFFFD))
"""


def test_rule_no_sequence_of_cuts_loses_or_resurrects_micropython(run_micropython):
    lines = run_micropython(MP % {"mp": str(REPO / "micropython"), "tests": str(REPO / "tests"),
                                  "n": SEQUENCES})
    got = {line.split()[0]: [int(x) for x in line.split()[1:]] for line in lines}
    for kind in ("adventure", "companion", "wrap"):
        sequences, cuts, losses, resurrections = got[kind]
        assert sequences == SEQUENCES and cuts >= SEQUENCES
        assert (losses, resurrections) == (0, 0), kind


def test_rule_the_sequence_number_wraps_harmlessly():
    """Every sequence starts just below 2^32 (a cleared record numbered 0xFFFFFFFD), so its saves are
    numbered 0xFFFFFFFE, 0xFFFFFFFF, 0, 1...: nothing lost or resurrected across the wrap."""
    sequences, cuts, losses, resurrections = powercut.run("companion", SEQUENCES, 2026, 0xFFFFFFFD)
    assert sequences == SEQUENCES and cuts >= SEQUENCES
    assert (losses, resurrections) == (0, 0)
    fs = powercut.FakeFS()
    fs.files["/s.a"] = powercut.cleared_record(0xFFFFFFFF)
    store.save("/s", b"after the wrap", fs)
    assert store.read("/s", fs) == b"after the wrap"
    store.save("/s", b"and the next", fs)
    assert store.read("/s", fs) == b"and the next"


def test_the_wrap_test_catches_a_plain_comparison(monkeypatch):
    """With `a > b` instead of the modular comparison, the save numbered 0 hides behind the cleared
    record numbered 0xFFFFFFFF: the wrap run finds the losses."""
    monkeypatch.setattr(store, "newer", lambda a, b: a > b)
    _, _, losses, _ = powercut.run("companion", 200, 2026, 0xFFFFFFFD)
    assert losses > 0


def _refusing(bad):
    def check(blob):
        if bytes(blob) == bad:
            raise ValueError("an app that cannot read this record")
        return bytes(blob)
    return check


def test_rule_a_refused_newest_record_falls_back_to_the_one_before():
    """The newest record passes its checksum but the app's check refuses it: load gives the record
    before it (compsave.py's promise), at every cut point of the refused save, and never resurrects
    what a clear removed."""
    good, bad = b"the good save", b"a save the app refuses"
    check = _refusing(bad)
    for cut in range(0, len(bad) + 40):
        fs = powercut.FakeFS()
        store.save("/s", good, fs)
        fs.cut_at = fs.steps + cut
        try:
            store.save("/s", bad, fs)
        except powercut.PowerCut:
            pass
        fs.cut_at = -1
        assert store.load("/s", check, fs) == good, cut
    fs = powercut.FakeFS()
    store.save("/s", good, fs)
    store.save("/s", bad, fs)
    assert store.read("/s", fs) == bad and store.read("/s", fs, 1) == good
    buf = bytearray(64)
    assert buf[:store.read_into("/s", buf, 1, fs)] == good
    store.clear("/s", fs)
    assert store.load("/s", check, fs) is None and store.read("/s", fs, 1) is None


class OldStore:
    """A three-file protocol that loses saves (NAME.new, then NAME -> NAME.bak, NAME.new -> NAME), kept
    here to show that the simulator catches its losses and resurrections."""

    @staticmethod
    def save(path, blob, fs):
        f = fs.open(path + ".new", "wb")
        f.write(blob)
        f.close()
        if fs.exists(path):
            if fs.exists(path + ".bak"):
                fs.remove(path + ".bak")
            fs.step()                                           # a rename: one step
            fs.files[path + ".bak"] = fs.files.pop(path)
        fs.step()
        fs.files[path] = fs.files.pop(path + ".new")

    @staticmethod
    def load(path, check, fs):
        for name in (path, path + ".bak", path + ".new"):
            if fs.exists(name):
                try:
                    return check(bytes(fs.files[name]))
                except Exception:
                    continue
        return None

    @staticmethod
    def clear(path, fs):
        for name in (path, path + ".bak", path + ".new"):
            if fs.exists(name):
                fs.remove(name)


def test_the_simulator_catches_the_old_protocols_losses(monkeypatch):
    """The same sequences against the old three-file protocol find losses and resurrections."""
    monkeypatch.setattr(powercut, "store", OldStore)
    _, _, losses, resurrections = powercut.run("companion", 2000, 2026)
    assert losses > 0 and resurrections > 0


def test_clear_is_a_record_and_load_writes_nothing():
    fs = powercut.FakeFS()
    store.save("/s", b"one", fs)
    store.save("/s", b"two", fs)
    assert store.read("/s", fs) == b"two" and store.exists("/s", fs)
    store.clear("/s", fs)
    assert store.read("/s", fs) is None and not store.exists("/s", fs)
    assert sorted(fs.files) == ["/s.a", "/s.b"]         # the older slot still holds "two", unread
    steps = fs.steps
    store.load("/s", bytes, fs)
    assert fs.steps == steps
    store.save("/s", b"three", fs)
    assert store.read("/s", fs) == b"three"
