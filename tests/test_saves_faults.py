"""The fault test of the save layer: every game's save under SIGKILL at random
points, under concurrent writers, and on a full filesystem. Nothing is lost (the file is always the
old save or the new one, whole, and it loads), nothing foreign is replaced, and no temporary file
outlives the next save.

- SIGKILL: a child process saves one game's real states in a loop (sealed for Stay Away! and
  Mansions); the test kills it at random times, checks the file, then lets a new child go on.
- Concurrent writers: three processes save different states of one game to the same path while this
  process reads it in a loop.
- Full filesystem: a 96 KB tmpfs mounted for the test (CI runs as root); where mounting is not
  allowed, a child process under RLIMIT_FSIZE stands in for it (the reason is printed with -s).
"""

import os
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eldritch import saves
from eldritch.saves.atomic import SaveError

from test_saves import STATES, GAMES

PYTHON = sys.executable
WORDS = "fault words"

WRITER = r"""
import os, pickle, sys
from eldritch import saves
from eldritch.saves.seal import Seal
game, path, blobs, count = sys.argv[1], sys.argv[2], pickle.load(open(sys.argv[3], "rb")), int(sys.argv[4])
seal = Seal.new(%(words)r, log2n=10) if game in saves.SEALED else None
tag = os.getpid()
i = 0
while count < 0 or i < count:
    k = i %% len(blobs)
    saves.write_save(path, game, blobs[k], {"k": k, "writer": tag}, seal=seal)
    i += 1
    if i == 1:
        print("first", flush=True)
print("done", i, flush=True)
""" % {"words": WORDS}


def _blobs(game, tmp_path, n=6):
    """n distinct real states of game (pickled for the children), and the list itself."""
    out = []
    for steps in range(2, 2 + 3 * n, 3):
        g, load = STATES[game](steps)
        out.append(g.serialize())
    assert len(set(out)) == n
    path = tmp_path / ("%s.blobs" % game)
    path.write_bytes(pickle.dumps(out))
    return out, path


def _check(path, game, blobs, state):
    """The file at path is a whole save of one of blobs, loadable by the game's kernel; its index."""
    got = saves.read_save(str(path), game, passphrase=WORDS, allow_older=True, state_dir=str(state))
    k = got.settings["k"]
    assert got.payload == blobs[k]
    STATES[game](0)[1](got.payload)              # the kernel loads it (replays where it replays)
    return k


def _env(state):
    return dict(os.environ, ELDRITCH_STATE_DIR=str(state))


@pytest.mark.parametrize("game", GAMES)
def test_rule_sigkill_at_random_points_leaves_the_old_save_or_the_new(game, tmp_path):
    blobs, blobs_file = _blobs(game, tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    state = tmp_path / "state"
    foreign = folder / "notes.txt"
    foreign.write_text("a player's own notes")
    path = folder / "game.sav"
    rng = random.Random(hash(game) & 0xFFFF)
    kills = 0
    for _ in range(6):
        child = subprocess.Popen([PYTHON, "-c", WRITER, game, str(path), str(blobs_file), "-1"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(state))
        assert child.stdout.readline().strip() == b"first", child.stderr.read()
        time.sleep(rng.uniform(0.0, 0.25))            # somewhere inside some save of the loop
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
        kills += 1
        _check(path, game, blobs, state)              # whole, one of the states, loads
        assert foreign.read_text() == "a player's own notes"
    # the next save cleans whatever temporary file a kill left
    saves.write_save(str(path), game, blobs[0], {"k": 0}, seal=None if game not in saves.SEALED else
                     __import__("eldritch.saves.seal", fromlist=["Seal"]).Seal.new(WORDS, log2n=10),
                     state_dir=str(state))
    assert sorted(os.listdir(folder)) == ["game.sav", "notes.txt"]
    assert kills == 6


@pytest.mark.parametrize("game", GAMES)
def test_rule_concurrent_writers_never_show_a_torn_save(game, tmp_path):
    blobs, blobs_file = _blobs(game, tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    state = tmp_path / "state"
    path = folder / "game.sav"
    writers = [subprocess.Popen([PYTHON, "-c", WRITER, game, str(path), str(blobs_file), "40"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(state))
               for _ in range(3)]
    reads = 0
    writer_ids = set()
    while any(w.poll() is None for w in writers):
        if path.exists():
            got = saves.read_save(str(path), game, passphrase=WORDS, allow_older=True, state_dir=str(state))
            assert got.payload == blobs[got.settings["k"]]
            writer_ids.add(got.settings["writer"])
            reads += 1
    for w in writers:
        out, err = w.communicate(timeout=60)
        assert w.returncode == 0 and out.split()[-2:] == [b"done", b"40"], err
    _check(path, game, blobs, state)
    assert reads > 0 and len(writer_ids) >= 1
    assert os.listdir(folder) == ["game.sav"]               # no temporary file left behind


def _mount_tmpfs(folder, size="96k"):
    if os.geteuid() != 0:
        return "not root"
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s" % size, "tmpfs", str(folder)],
                          capture_output=True, text=True)
    return None if proc.returncode == 0 else (proc.stderr.strip() or "mount failed")


def _fill(folder):
    """Fill the filesystem to its last byte."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (4096, 512, 1):
            try:
                while os.write(fd, b"\0" * size):
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)


def test_rule_a_full_filesystem_keeps_the_old_save_of_every_game(tmp_path, capsys):
    disk = tmp_path / "disk"
    disk.mkdir()
    why = _mount_tmpfs(disk)
    if why is not None:
        with capsys.disabled():
            print("\nfull filesystem: no tmpfs (%s): RLIMIT_FSIZE stands in" % why)
        _full_by_rlimit(tmp_path)
        return
    try:
        state = tmp_path / "state"
        olds = {}
        for game in GAMES:
            blobs, _ = _blobs(game, tmp_path, 2)
            seal = __import__("eldritch.saves.seal", fromlist=["Seal"]).Seal.new(WORDS, log2n=10) \
                if game in saves.SEALED else None
            saves.write_save(str(disk / (game + ".sav")), game, blobs[0], {"k": 0}, seal=seal, state_dir=str(state))
            olds[game] = (blobs, seal)
        _fill(disk)
        for game in GAMES:
            blobs, seal = olds[game]
            path = disk / (game + ".sav")
            before = path.read_bytes()
            with pytest.raises(SaveError) as exc:
                saves.write_save(str(path), game, blobs[1] * 4, {"k": 1}, seal=seal, state_dir=str(state))
            assert "no space left" in str(exc.value) and "\n" not in str(exc.value)
            assert path.read_bytes() == before
            assert _check(path, game, blobs, state) == 0
            auto = saves.Autosaves(str(disk / "st"), game)
            note = auto.write(blobs[1] * 4, {"k": 1}, seal=seal)
            assert auto.saved is False and note.startswith("autosave failed")
        assert not [n for n in os.listdir(disk) if n.endswith(".tmp")]
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


RLIMITED = r"""
import resource, signal, sys
from eldritch import saves
from eldritch.saves.atomic import SaveError
path, game, a, b = sys.argv[1], sys.argv[2], open(sys.argv[3], "rb").read(), open(sys.argv[4], "rb").read()
saves.write_save(path, game, a, {"k": 0})
size = len(open(path, "rb").read())
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 8, size + 8))
try:
    saves.write_save(path, game, b, {"k": 1})
    print("written")
except SaveError as exc:
    print("refused:", exc)
"""


def _full_by_rlimit(tmp_path):
    blobs, _ = _blobs("arkham", tmp_path, 2)
    (tmp_path / "a").write_bytes(blobs[0])
    (tmp_path / "b").write_bytes(blobs[1] * 4)
    path = tmp_path / "g.sav"
    proc = subprocess.run([PYTHON, "-c", RLIMITED, str(path), "arkham", str(tmp_path / "a"), str(tmp_path / "b")],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.startswith("refused:") and "larger than allowed" in proc.stdout, proc.stdout + proc.stderr
    assert saves.read_save(str(path), "arkham").payload == blobs[0]
