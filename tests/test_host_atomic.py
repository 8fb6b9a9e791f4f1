"""host/saves/atomic.py, the host's one save routine: bad targets are one line
and leave nothing behind, reads are capped with the header checked first, and two processes saving
to one file 1,000 times while a third reads it never show a partial file."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eldritch.saves.atomic import (write_atomic, read_capped, remove_durably, check_target, SaveError,
                             user_path)
from eldritch.eldersign import playsave

REPO = Path(__file__).resolve().parents[1]


def _no_tmp(folder):
    return [n for n in os.listdir(folder) if n.endswith(".tmp")] == []


def test_write_atomic_writes_and_replaces(tmp_path):
    target = tmp_path / "a.sav"
    write_atomic(str(target), b"one")
    write_atomic(str(target), b"two")
    assert target.read_bytes() == b"two" and _no_tmp(tmp_path)


def test_write_atomic_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "a.sav"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    write_atomic(str(target), b"new")
    assert (os.stat(target).st_mode & 0o777) == 0o640


@pytest.mark.parametrize("path,words", [
    ("{tmp}/missing/dir/x.sav", "no folder"),
    ("{tmp}", "is a folder"),
    ("/proc/x.sav", "cannot write /proc/x.sav"),
    ("", "no file name"),
])
def test_bad_targets_are_one_line_and_create_nothing(tmp_path, path, words):
    path = path.format(tmp=tmp_path)
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(SaveError) as exc:
        write_atomic(path, b"data")
    assert words in str(exc.value) and "\n" not in str(exc.value)
    assert sorted(os.listdir(tmp_path)) == before
    assert not (tmp_path / "missing").exists()


def test_dev_full_is_one_line(tmp_path):
    with pytest.raises(SaveError) as exc:
        write_atomic("/dev/full", b"x" * 10000)
    assert "no space left" in str(exc.value)
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")   # never replaced


def test_a_device_is_written_in_place_not_replaced():
    write_atomic("/dev/null", b"anything")
    assert not os.path.isfile("/dev/null")


def test_check_target_refuses_up_front(tmp_path):
    assert check_target(str(tmp_path)).endswith("is a folder: give a file name")
    assert "no folder" in check_target(str(tmp_path / "no" / "x.log"))
    assert check_target(str(tmp_path / "x.log")) is None


def test_user_path_expands_tilde(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_path("  ~/x.sav ") == str(tmp_path / "x.sav")


def test_stale_temp_files_of_a_cut_are_removed_by_the_next_save(tmp_path):
    stale = tmp_path / ".a.sav.0123456789ab.tmp"
    stale.write_bytes(b"half")
    other = tmp_path / ".b.sav.0123456789ab.tmp"      # another file's: not ours to remove
    other.write_bytes(b"x")
    write_atomic(str(tmp_path / "a.sav"), b"whole")
    assert not stale.exists() and other.exists()


def test_remove_durably(tmp_path):
    target = tmp_path / "a.sav"
    target.write_bytes(b"x")
    remove_durably(str(target))
    remove_durably(str(target))          # already gone: nothing to do
    assert not target.exists()


def test_read_capped_checks_the_header_before_reading_on(tmp_path):
    """A huge foreign file (a sparse 1 TB file of zeros): refused after the header's few bytes, not
    read to exhaustion."""
    seen = []

    def check(head):
        seen.append(head)
        raise SaveError("not an Eldritch game save")
    huge = tmp_path / "huge"
    with open(huge, "wb") as f:
        f.truncate(1 << 40)
    with pytest.raises(SaveError):
        read_capped(str(huge), 1 << 41, check_head=check, head=22)
    assert seen == [b"\0" * 22]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/full", "/dev/null"])
def test_read_capped_refuses_devices_before_reading(device):
    """A device is not a save; refused in one line before any read."""
    with pytest.raises(SaveError) as exc:
        read_capped(device, 1 << 40, check_head=lambda head: None, head=22, what="save")
    assert "not a regular file" in str(exc.value) and "\n" not in str(exc.value)


def test_read_capped_caps_the_size(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"ELDRITCH PLAY SAVE v1\n" + b"x" * 5000)
    with pytest.raises(SaveError) as exc:
        read_capped(str(big), 1000, what="save")
    assert "larger than 1000 bytes" in str(exc.value)
    with pytest.raises(SaveError) as exc:
        read_capped(str(tmp_path), 1000)
    assert "folder" in str(exc.value)


RACE_WRITER = r"""
import sys
from eldritch.saves.atomic import write_atomic
target, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
blobs = [open(p, "rb").read() for p in sys.argv[4:]]
for i in range(n):
    write_atomic(target, blobs[i % len(blobs)])
print("done", tag)
"""

RACE_READER = r"""
import os, sys
from eldritch.eldersign import playsave
target, stop = sys.argv[1], sys.argv[2]
reads = bad = 0
while not os.path.exists(stop):
    try:
        blob = open(target, "rb").read()
    except FileNotFoundError:
        continue
    reads += 1
    try:
        playsave.parse(blob)
    except Exception:
        bad += 1
print(reads, bad)
"""


@pytest.mark.slow
def test_two_processes_saving_1000_times_never_show_a_partial_file(tmp_path):
    """Two writers alternate 500 saves each into one file while a reader reads it in a loop: every
    read is a whole save (its checksum holds), and no temporary file is left."""
    from eldritch.kernel.eldersign.game.data import GameData
    from eldritch.kernel.eldersign.game.machine import Game
    game = Game(GameData(), players=2, seed=4)
    blobs = []
    for i, bots in enumerate(([0], [1], [0, 1])):
        p = tmp_path / ("blob%d" % i)
        p.write_bytes(playsave.dump(game, playsave.Settings(bots=bots, cards=[("c.tsv", "x" * (3000 * i))])))
        blobs.append(str(p))
    target = str(tmp_path / "shared.sav")
    stop = str(tmp_path / "stop")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    reader = subprocess.Popen([sys.executable, "-c", RACE_READER, target, stop], stdout=subprocess.PIPE,
                              text=True, env=env)
    writers = [subprocess.Popen([sys.executable, "-c", RACE_WRITER, target, tag, "500"] + blobs[k:] + blobs[:k],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for k, tag in enumerate(("a", "b"))]
    for w in writers:
        out, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
    Path(stop).write_text("")
    out, _ = reader.communicate(timeout=60)
    reads, bad = map(int, out.split())
    assert bad == 0 and reads > 0
    assert playsave.parse(Path(target).read_bytes())
    assert _no_tmp(tmp_path)
