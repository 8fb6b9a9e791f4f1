"""The host's game saves against power cuts (the board's are test_board_powercut.py's):
host/saves/atomic.py's one save routine run on a simulated disk that writes one byte per step and
can lose power at any step.

The disk (FakeDisk) is one folder. A file's bytes are durable once fsynced; the folder's entries
(create, rename, unlink) once the folder is fsynced. At a cut, every file keeps its durable bytes
plus any prefix of what was written after them, and the folder keeps its durable entries plus any
prefix of the changes made since (a journal replayed in order): what a real disk may do when
nothing forces the rest. 1,000 random sequences of saves and removals, each with several cuts
(during a save, during the first save, right after a cut while the next save cleans up, during a
removal), check after every cut that the file holds the last acknowledged save or the one being
written (never an older one: no resurrection; never missing or garbled: no loss), and that a
removal once acknowledged stays removed.
"""

import errno
import random

import pytest

from eldritch.saves.atomic import write_atomic, remove_durably, SaveError
from eldritch.eldersign import playsave
from eldritch.eldersign.playsave import Settings
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.eldersign.game import bot as gamebot
from eldritch.kernel.eldersign.game.machine import MAX_GAME_ACTIONS
from array import array

FOLDER = "/fake-disk"
TARGET = FOLDER + "/game.sav"
SEQUENCES = 1000


class PowerCut(Exception):
    pass


class Inode:
    def __init__(self):
        self.data = bytearray()     # what a reader sees now
        self.durable = b""          # what survives a cut for sure


class FakeDisk:
    """One folder on a disk that loses unsynced work at a cut (see the module docstring)."""

    def __init__(self, rng):
        self.rng = rng
        self.entries = {}           # name -> Inode, as a reader sees the folder now
        self.durable = {}           # name -> Inode, as of the last folder fsync
        self.journal = []           # folder changes since then, in order
        self.steps = 0
        self.cut_at = None
        self.fds = {}
        self.next_fd = 3

    # the power
    def step(self):
        self.steps += 1
        if self.cut_at is not None and self.steps >= self.cut_at:
            self.cut_at = None
            raise PowerCut()

    def crash(self):
        """The power comes back: unsynced work partly kept, in order."""
        k = self.rng.randint(0, len(self.journal))
        entries = dict(self.durable)
        for op in self.journal[:k]:
            self._apply(entries, op)
        for inode in set(entries.values()) | set(self.entries.values()):
            extra = len(inode.data) - len(inode.durable)
            keep = self.rng.randint(0, extra) if extra > 0 else 0
            inode.data = bytearray(inode.durable + bytes(inode.data[len(inode.durable):len(inode.durable) + keep]))
            inode.durable = bytes(inode.data)
        self.entries = entries
        self.durable = dict(entries)
        self.journal = []
        self.fds = {}

    @staticmethod
    def _apply(entries, op):
        if op[0] == "link":
            entries[op[1]] = op[2]
        elif op[0] == "unlink":
            entries.pop(op[1], None)
        else:
            _, src, dst = op
            if src in entries:
                entries[dst] = entries.pop(src)

    def _change(self, op):
        self._apply(self.entries, op)
        self.journal.append(op)

    @staticmethod
    def _name(path):
        if not path.startswith(FOLDER + "/"):
            raise OSError(errno.ENOENT, "not on the fake disk")
        return path[len(FOLDER) + 1:]

    # the FileSystem interface of eldritch.saves.atomic
    def kind(self, path):
        self.step()
        if path == FOLDER:
            return "dir"
        if path.startswith(FOLDER + "/") and self._name(path) in self.entries:
            return "file"
        return "missing"

    def open_dir(self, folder):
        self.step()
        return -1

    def lock(self, dirfd):
        self.step()

    def unlock(self, dirfd):
        self.step()

    def close_dir(self, dirfd):
        pass

    def fsync_dir(self, dirfd):
        self.step()
        self.durable = dict(self.entries)
        self.journal = []

    def listdir(self, folder):
        self.step()
        return list(self.entries)

    def unlink(self, path):
        self.step()
        name = self._name(path)
        if name not in self.entries:
            raise FileNotFoundError(errno.ENOENT, "no such file")
        self._change(("unlink", name))

    def create_temp(self, folder, prefix):
        self.step()
        name = "%s%012x.tmp" % (prefix, self.rng.getrandbits(48))
        inode = Inode()
        self._change(("link", name, inode))
        fd = self.next_fd
        self.next_fd += 1
        self.fds[fd] = inode
        return fd, FOLDER + "/" + name

    def write(self, fd, data):
        self.step()
        self.fds[fd].data.append(data[0])       # one byte per step
        return 1

    def fsync(self, fd):
        self.step()
        inode = self.fds[fd]
        inode.durable = bytes(inode.data)

    def close(self, fd):
        self.fds.pop(fd, None)

    def chmod_like(self, fd, path):
        self.step()

    def replace(self, src, dst):
        self.step()
        self._change(("rename", self._name(src), self._name(dst)))

    def write_in_place(self, path, data):
        raise AssertionError("the fake disk has no devices")

    def read_file(self, name):
        inode = self.entries.get(name)
        return None if inode is None else bytes(inode.data)


def host_saves(n=12):
    """Real host game saves of one game at n points (small: a few hundred bytes each)."""
    data = GameData()
    game = Game(data, players=1, seed=11)
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    settings = Settings(bots=[0], hints=False)
    out = [playsave.dump(game, settings)]
    while len(out) < n:
        k = game.legal_actions(buf)
        game.apply(gamebot.choose(game, buf, k))
        out.append(playsave.dump(game, settings))
    return out, data


SAVES, DATA = host_saves()


def test_host_saves_are_real_and_distinct():
    """The blobs the power-cut runs write are host game saves that load, each a different state."""
    assert len(set(SAVES)) == len(SAVES)
    for i, blob in enumerate(SAVES):
        game, _, settings = playsave.loads(blob)
        assert len(game.actions()) == i and settings.bots == {0}


def _run_sequence(seed):
    """One random sequence of saves and removals with cuts; (losses, resurrections, cuts)."""
    rng = random.Random(seed)
    disk = FakeDisk(rng)
    acked = None            # the content the file must hold at least: a save, or None once removed
    losses = resurrections = cuts = 0
    version = 0
    for _ in range(rng.randint(3, 7)):
        remove = acked is not None and rng.random() < 0.15
        blob = None if remove else SAVES[version % len(SAVES)]
        version += 0 if remove else 1
        cuts_here = rng.choice((0, 1, 1, 2, 3))   # several cuts may hit the same operation
        while True:
            disk.cut_at = disk.steps + rng.randint(1, 2 * len(blob or b"x") + 40) if cuts_here else None
            try:
                if remove:
                    remove_durably(TARGET, fs=disk)
                else:
                    write_atomic(TARGET, blob, fs=disk)
            except PowerCut:
                disk.crash()
                now = disk.read_file("game.sav")
                cuts += 1
                if now != acked and now != blob:
                    if now is None or now not in SAVES:
                        losses += 1
                    else:
                        resurrections += 1
                cuts_here -= 1
                if now == blob:
                    acked = blob        # it got through before the cut: the new baseline
                continue                # tried again once the power is back (stray temps cleaned then)
            except SaveError as exc:     # pragma: no cover - the fake disk never refuses
                raise AssertionError(str(exc))
            break
        acked = blob
        now = disk.read_file("game.sav")
        if now != acked:
            losses += 1
        # after a completed save or removal, no temporary file is left on the disk
        assert not [n for n in disk.entries if n.endswith(".tmp")], disk.entries.keys()
    return losses, resurrections, cuts


def test_host_save_power_cuts_lose_nothing_and_resurrect_nothing():
    losses = resurrections = cuts = 0
    for seed in range(SEQUENCES):
        lo, re_, cu = _run_sequence(seed)
        losses += lo
        resurrections += re_
        cuts += cu
    assert (losses, resurrections) == (0, 0)
    assert cuts > 2 * SEQUENCES          # several cuts per sequence on average


class UnsafeWrites(FakeDisk):
    """The same disk under a save routine that forgets the fsyncs: the test must catch it."""

    def fsync(self, fd):
        self.step()

    def fsync_dir(self, dirfd):
        self.step()


def test_power_cut_simulator_catches_a_save_without_fsync():
    """A test that cannot fail is a defect: without fsync the simulated disk loses saves that were
    acknowledged."""
    lost = 0
    for seed in range(200):
        disk = UnsafeWrites(random.Random(seed))
        write_atomic(TARGET, SAVES[0], fs=disk)
        write_atomic(TARGET, SAVES[1], fs=disk)
        disk.crash()
        if disk.read_file("game.sav") != SAVES[1]:
            lost += 1
    assert lost > 0


@pytest.mark.parametrize("seed", [3, 17])
def test_cut_during_first_save_leaves_nothing_or_the_save(seed):
    """The first save of a game (no file yet): a cut leaves no file or the whole save, and the
    next save cleans the temporary file the cut left."""
    for cut in range(1, 2 * len(SAVES[0]) + 40):
        disk = FakeDisk(random.Random(seed * 1000 + cut))
        disk.cut_at = cut
        try:
            write_atomic(TARGET, SAVES[0], fs=disk)
        except PowerCut:
            disk.crash()
        disk.cut_at = None
        assert disk.read_file("game.sav") in (None, SAVES[0])
        write_atomic(TARGET, SAVES[1], fs=disk)
        assert disk.read_file("game.sav") == SAVES[1]
        assert list(disk.entries) == ["game.sav"]
