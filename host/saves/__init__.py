"""The one save layer of every game: what the CLIs, the front end, the table server and the
handheld's host tools call to write, read and autosave a game.

    write_save(path, "arkham", kernel_save, settings={"bots": [1]})
    write_save(path, game, kernel_save, settings, seal=seal)              # sealed (seal.py)
    save = read_save(path, game, passphrase=lambda: ask())                # Save: payload, settings, seal
    auto = Autosaves(state_dir(), game)
    auto.write(kernel_save, settings, seal=seal)      # None, or one line saying why it failed
    auto.keep_current()       # a new game: the unfinished one is kept (never overwritten), its path
    auto.kept(); auto.discard(path); auto.read(passphrase=...)

What every write guarantees (atomic.py does the writing): the old file or the new one, never half,
after a power cut too; unique temporary names, so two writers to one path never collide; nothing
replaced but a save of the same game: a device, pipe, symlink, folder or a user's own file at the
path is refused in one line and left as it was. Sealed saves are written with mode 0600.

What every read guarantees: a regular file only (a FIFO, /dev/zero, /dev/urandom or a terminal is
refused in one line without waiting), at most the format's largest valid size, the SHA-256 line
checked, the JSON bounded (saveformat.py), then the kernel's own checks (CRC-32, every header
field's range, the replay). A sealed save's tag is checked before anything is decrypted, and its
number against the newest this table has reached on this account (tablecount.py): an older one is
refused unless allow_older, and then Save.notice says so.

Old saves (bare kernel saves written before this layer, their first bytes in the game's registry
entry) are read too: Save.legacy names them ("an Arkham Horror save of format version 1"). A game
whose old saves need more than their bytes names a reader in its entry (`bare_reader`: old sealed
saves open with their passphrase, their costs bounded before any key work).
"""

from __future__ import annotations

import math
import os
import re
from importlib import import_module

from eldritch import games
from eldritch.saves.atomic import SaveError, read_capped, write_atomic, remove_durably, user_path, describe, shown
from eldritch.saves import saveformat
from eldritch.saves.saveformat import NAMES
from eldritch.saves.seal import Seal, HEAD as SEAL_HEAD, TAG as SEAL_TAG, peek
from eldritch.saves.tablecount import TableCounts
from eldritch.saves.userdirs import ensure_state_dir, state_dir as default_state_dir

GAMES = tuple(saveformat.GAMES)
SEALED = tuple(g.name for g in games.GAMES if g.hides)      # hidden information between players: saved sealed
SETTINGS_MAX = 64 << 10                  # the settings of a game whose save carries no files


def _kernel_max(game: str) -> int:
    """The largest valid kernel save of a game (its save module's max_size)."""
    return games.get(game).module("kernel_save").max_size()


def _b64(n: int) -> int:
    return 4 * math.ceil(n / 3)


def max_bytes(game: str) -> int:
    """The largest valid save file of a game, plain or sealed: every read stops there."""
    entry = games.get(game)
    if entry.max_save is not None:           # a save that carries files (Elder Sign's: its card files)
        return entry.max_save
    doc = SETTINGS_MAX + _b64(_kernel_max(game)) + 64
    sealed = _b64(SEAL_HEAD + doc + SEAL_TAG)
    return len(saveformat.magic(game, True)) + max(doc, sealed) + 80


def _legacy_magic(game: str) -> tuple:
    """The first bytes of the bare kernel saves that today's code still reads (and may replace)."""
    return games.get(game).bare_saves


def is_save_head(head: bytes, game: str) -> bool:
    """True when a file starting with head is a save of this game (one this layer may replace)."""
    return saveformat.is_head(head, game) or head.startswith(_legacy_magic(game))


class Save:
    """A save as read: the kernel save (payload), the settings, and for a sealed save its Seal (ready
    for the table's next save). `legacy`: None, or the old format's name. `notice`: None, or one
    line the screen must show (an older save loaded by agreement)."""

    def __init__(self, game, payload, settings=None, seal=None, legacy=None, notice=None):
        self.game = game
        self.payload = payload
        self.settings = settings or {}
        self.seal = seal
        self.legacy = legacy
        self.notice = notice

    @property
    def sealed(self) -> bool:
        return self.seal is not None


def _state(folder):
    return folder if folder is not None else default_state_dir()


def dumps(game: str, payload: bytes, settings: dict | None = None, seal: Seal | None = None) -> bytes:
    """The bytes write_save writes (seal: its next number)."""
    if game not in saveformat.GAMES:
        raise SaveError("no game %r" % game)
    return saveformat.encode(game, settings, payload, seal)


def write_save(path: str, game: str, payload: bytes, settings: dict | None = None, seal: Seal | None = None,
               state_dir: str | None = None, fs=None) -> str | None:
    """Write a save of game at path (see the module docstring); SaveError (one line) when it cannot
    be, the old file then untouched. For a sealed save the table's counter is moved on: the return
    is None, or one line when that counter could not be written (the save itself is written)."""
    path = user_path(path) if path else path
    if seal is not None:
        counts = TableCounts(_state(state_dir))
        seal.number = max(seal.number, counts.seen(game, seal.table))
    blob = dumps(game, payload, settings, seal)
    try:
        write_blob(path, game, blob, seal is not None, fs)
    except SaveError:
        if seal is not None:
            seal.number -= 1           # not written: the next save takes this number
        raise
    if seal is not None:
        return counts.note(game, seal.table, seal.number)
    return None


def write_blob(path: str, game: str, blob: bytes, sealed: bool, fs=None) -> None:
    """Write a save dumps() made at path, with write_save's guarantees (atomic, replacing nothing
    but a save of this game; a sealed one with mode 0600); SaveError (one line) when it cannot be."""
    kw = {} if fs is None else {"fs": fs}
    write_atomic(path, blob, replace_only=lambda head: is_save_head(head, game),
                 what="an Eldritch %s save" % NAMES[game], mode=0o600 if sealed else None, **kw)


def check_target(path: str, game: str) -> str | None:
    """Why write_save(path, game, ...) would be refused before any game is played (no name, a NUL
    byte, a folder, a missing folder, a device, pipe, symlink or a file that is not a save of this
    game), as one line, or None. Lets a command refuse a bad --save up front."""
    from eldritch.saves.atomic import check_target as check_writable
    if not path:
        return "no file name given"
    problem = check_writable(path)
    if problem:
        return problem
    try:
        if os.path.islink(path):
            return "%s is a symbolic link: not replaced (give the file itself)" % shown(path)
        if os.path.exists(path):
            if not os.path.isfile(path):
                return "%s exists and is a device, pipe or socket: not replaced" % shown(path)
            head = _head(path)
            if not is_save_head(head, game):
                return "%s exists and is not an Eldritch %s save: not replaced" % (shown(path), NAMES[game])
    except (OSError, SaveError) as exc:
        return "cannot write %s: %s" % (shown(path), exc if isinstance(exc, SaveError) else describe(exc))
    return None


def _head(path: str) -> bytes:
    from eldritch.saves.atomic import REAL
    return REAL.read_head(path, 64)


def _check_head(game):
    def check(head: bytes) -> None:
        if not is_save_head(head, game):
            raise SaveError("not an Eldritch %s save" % NAMES[game])
    return check


def read_save(path: str, game: str, passphrase=None, allow_older: bool = False, state_dir: str | None = None,
              known: Seal | None = None) -> Save:
    """The save of game at path (see the module docstring); SaveError (one line) when it is not one.

    passphrase: the words, or a function returning them, called only when the save is sealed (so
    a plain save asks nothing). known: a Seal already derived for this table (no second scrypt)."""
    path = user_path(path) if path else path
    head = len(saveformat.magic(game, True))
    blob = read_capped(path, max_bytes(game), check_head=_check_head(game), head=head, what="save")
    return loads(blob, game, passphrase, allow_older, state_dir, known)


def loads(blob: bytes, game: str, passphrase=None, allow_older: bool = False, state_dir: str | None = None,
          known: Seal | None = None) -> Save:
    """read_save on bytes."""
    if len(blob) > max_bytes(game):
        raise SaveError("larger than any %s save" % NAMES[game])
    if not saveformat.is_head(blob, game):
        return _legacy(blob, game, passphrase)
    sealed, body = saveformat.split(blob, game)
    seal = None
    notice = None
    if sealed:
        peek(body)                                        # the header's shape and cost, before any work
        words = _words(passphrase)
        body, seal = Seal.open(body, words, context=saveformat.magic(game, True), known=known)
        counts = TableCounts(_state(state_dir))
        newest = counts.seen(game, seal.table)
        if seal.number < newest:
            if not allow_older:
                raise SaveError("an older save of this table (save %d; this table has reached save %d): "
                                "refused, or load it with --allow-older if the table agrees" % (seal.number, newest))
            notice = ("an older save of this table loaded by agreement (save %d; it had reached save %d)"
                      % (seal.number, newest))
            seal.number = newest            # the next save is newer than every save seen
        else:
            notice = counts.note(game, seal.table, seal.number)
    settings, payload = saveformat.decode_doc(body)
    return Save(game, payload, settings, seal, None, notice)


def _words(passphrase) -> str:
    if passphrase is None:
        raise SaveError("this save is sealed: it needs its passphrase")
    words = passphrase() if callable(passphrase) else passphrase
    if not words:
        raise SaveError("the passphrase is empty")
    return words


def _legacy(blob: bytes, game: str, passphrase) -> Save:
    """A bare kernel save of the formats before this layer (or of the kernel's current ones)."""
    name = NAMES[game]
    if not blob.startswith(_legacy_magic(game)):
        raise SaveError("not an Eldritch %s save" % name)
    reader = games.get(game).bare_reader
    if reader is not None:                      # a bare save that needs more than its bytes (a passphrase)
        module, function = reader.rsplit(".", 1)
        payload, legacy = getattr(import_module("eldritch." + module), function)(blob, lambda: _words(passphrase))
        return Save(game, payload, {}, None, legacy)
    magic = next(m for m in _legacy_magic(game) if blob.startswith(m))
    version = magic[-1]                          # the magic's last byte is the format's version
    return Save(game, bytes(blob), {}, None, "a bare %s kernel save of format version %d" % (name, version))


class Autosaves:
    """A game's autosave in the per-user state folder, and the unfinished games kept beside it.

    Elder Sign keeps its names (autosave.sav, autosave-previous.sav); the others are GAME-autosave.sav
    and GAME-autosave-previous.sav. A new game keeps the current autosave as the first free of
    BASE-previous.sav, BASE-previous-2.sav, ... so no unfinished game is ever overwritten: it stays
    until the player discards it (discard) or loads it."""

    def __init__(self, folder: str | None, game: str):
        if game not in saveformat.GAMES:
            raise SaveError("no game %r" % game)
        self.folder = _state(folder)
        self.game = game
        self.base = "autosave" if game == "eldersign" else game + "-autosave"
        self.path = os.path.join(self.folder, self.base + ".sav")
        self.saved: bool | None = None     # whether the last write succeeded; None before any
        self.error: str | None = None      # the last failure's line

    def write(self, payload: bytes, settings: dict | None = None, seal: Seal | None = None) -> str | None:
        """Autosave; None, or one line saying why it failed (the game goes on either way)."""
        try:
            ensure_state_dir(self.folder)
            notice = write_save(self.path, self.game, payload, settings, seal, state_dir=self.folder)
        except SaveError as exc:
            self.saved = False
            self.error = "autosave failed: %s" % exc
            return self.error
        self.saved = True
        self.error = None
        return notice

    def exists(self) -> bool:
        return os.path.isfile(self.path)

    def read(self, passphrase=None, allow_older: bool = False, known: Seal | None = None) -> Save:
        if not self.exists():
            raise SaveError("no autosaved %s game in %s" % (NAMES[self.game], shown(self.folder)))
        return read_save(self.path, self.game, passphrase, allow_older, self.folder, known)

    def _kept_name(self, k: int) -> str:
        return os.path.join(self.folder, "%s-previous%s.sav" % (self.base, "" if k == 1 else "-%d" % k))

    def kept(self) -> list:
        """The kept unfinished games' paths, oldest first."""
        pattern = re.compile(re.escape(self.base) + r"-previous(?:-([0-9]{1,9}))?\.sav\Z")
        found = []
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        for name in names:
            m = pattern.match(name)
            if m and os.path.isfile(os.path.join(self.folder, name)):
                found.append((int(m.group(1) or 1), os.path.join(self.folder, name)))
        return [p for _, p in sorted(found)]

    def keep_current(self) -> str | None:
        """A new game is starting: the current autosave (if any) is kept under the first free kept
        name (linked there, never over another file, then unlinked here; not read, so start-up stays
        fast). Its new path, or None. SaveError (one line) when it cannot be kept."""
        if not os.path.isfile(self.path):
            return None
        k = 1
        while True:
            keep = self._kept_name(k)
            try:
                os.link(self.path, keep)
            except FileExistsError:
                k += 1
                continue
            except FileNotFoundError:
                return None                      # another session kept it first
            except OSError as exc:
                raise SaveError("cannot keep the previous game %s: %s" % (shown(self.path), describe(exc)))
            break
        remove_durably(self.path)                # the folder is synced: both names are durable
        return keep

    def discard(self, path: str) -> None:
        """Remove a kept game (or the current autosave); only this game's files in this folder."""
        if path != self.path and path not in self.kept():
            raise SaveError("%s is not a kept %s game" % (shown(path), NAMES[self.game]))
        remove_durably(path)
