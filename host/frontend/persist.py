"""Every save, load, autosave and log file of the front end goes through here: one small module over
host/atomic.py (atomic, durable, refuses to replace what is not a save), so moving to the generic save
layer (host/saves.py, issue 24) is a change in this file only.

    p = Persist("stayaway", state_dir(), MAGIC, is_ours=looks_like_a_save)
    p.autosave(blob)              # None, or one line when it failed (each new failure once)
    p.save("~/game.sav", blob)    # one line: where it went, or why not
    blob = p.read(path, limit)    # SaveError (one line) when it cannot be read
    p.keep_previous()             # a new game keeps the unfinished one autosaved before
    box = seal(blob, sealer); blob = unseal(box, passphrase)   # games with hidden information

Sealing uses the kernel's passphrase seal (kernel/stayaway/game/crypt.py: keys derived once per
passphrase, a fresh nonce per save, HMAC checked before anything is decrypted): a hidden-information
game's saves and autosaves hold every hand, so they are written sealed or not at all.
"""

from __future__ import annotations

import os

from ..atomic import SaveError, write_atomic, read_capped, user_path, rename_durably, check_target
from .. import userdirs


def autosave_name(game: str) -> str:
    """Elder Sign keeps the name it always had; the other games have their own file."""
    return userdirs.AUTOSAVE if game == "eldersign" else "autosave-%s.sav" % game


def previous_name(game: str) -> str:
    return userdirs.PREVIOUS if game == "eldersign" else "autosave-%s-previous.sav" % game


class Persist:
    """The saves of one game in play (see the module docstring). `state` None: no autosave."""

    def __init__(self, game: str, state: str | None, is_ours=None):
        self.game = game
        self.state = state
        self.is_ours = is_ours or (lambda head: False)
        self._last_notice = None
        self.failed = False              # the last autosave failed

    @property
    def autosave_path(self) -> str | None:
        return None if self.state is None else os.path.join(self.state, autosave_name(self.game))

    @property
    def previous_path(self) -> str | None:
        return None if self.state is None else os.path.join(self.state, previous_name(self.game))

    @property
    def log_path(self) -> str | None:
        if self.state is None:
            return None
        name = userdirs.AUTOSAVE_LOG if self.game == "eldersign" else "autosave-%s.log" % self.game
        return os.path.join(self.state, name)

    def write(self, path: str, data: bytes) -> None:
        write_atomic(path, data)

    def autosave(self, blob: bytes | None) -> str | None:
        """Write the autosave; None, or one line the first time a new failure happens."""
        if self.state is None or blob is None:
            return None
        try:
            userdirs.ensure_state_dir(self.state)
            write_atomic(self.autosave_path, blob)
        except SaveError as exc:
            self.failed = True
            text = "autosave failed: %s" % exc
            if text == self._last_notice:
                return None
            self._last_notice = text
            return text
        self.failed = False
        self._last_notice = None
        return None

    def save(self, text: str, blob: bytes) -> str:
        """`save PATH`: one line saying where it went or why not (a file that is not a save of
        this game is never overwritten)."""
        path = user_path(text)
        if not path:
            return "save needs a file name: save PATH"
        if os.path.isfile(path) and not self._ours(path):
            return "%s exists and is not an Eldritch save: not overwritten" % path
        try:
            write_atomic(path, blob)
        except SaveError as exc:
            return str(exc)
        return "saved to %s" % path

    def _ours(self, path: str) -> bool:
        try:
            with open(path, "rb") as f:
                head = f.read(64)
        except OSError:
            return False
        return bool(self.is_ours(head))

    def read(self, path: str, limit: int, check_head=None, head: int = 0) -> bytes:
        return read_capped(path, limit, check_head=check_head, head=head, what="save")

    def keep_previous(self) -> str | None:
        """A new game would overwrite the autosave: keep that game as the previous one (renamed,
        not read). The line to show, or None."""
        path = self.autosave_path
        if path is None or not os.path.isfile(path):
            return None
        rename_durably(path, self.previous_path)
        return "the game autosaved before is kept in %s" % self.previous_path

    def write_log(self, path: str | None, text: str, autosave_text: str | None = None) -> str | None:
        """Write a log to path (and `autosave_text` beside the autosave); a one-line notice on failure."""
        notices = []
        if self.state is not None and autosave_text is not None:
            try:
                userdirs.ensure_state_dir(self.state)
                write_atomic(self.log_path, autosave_text.encode())
            except SaveError as exc:
                notices.append("log not written: %s" % exc)
        if path:
            try:
                write_atomic(path, text.encode())
            except SaveError as exc:
                notices.append("log not written: %s" % exc)
        return "; ".join(notices) or None


def target_problem(path: str) -> str | None:
    """Why a --log or --save path cannot be written, before playing (one line), or None."""
    return check_target(user_path(path)) if path else None


# ----- sealing ------------------------------------------------------------------------------------

def sealer_for(passphrase: str):
    """Keys for a passphrase (derived once; KernelError for an empty one)."""
    from ..kernel.stayaway.game.crypt import Sealer
    return Sealer(passphrase)


def seal(blob: bytes, sealer) -> bytes:
    return bytes(sealer.seal(blob))


def unseal(box: bytes, passphrase: str) -> bytes:
    """KernelError('save', ...) for a wrong passphrase or a changed byte."""
    from ..kernel.stayaway.game.crypt import unseal as _unseal
    return _unseal(box, passphrase)


def is_sealed(box: bytes) -> bool:
    return bytes(box[:4]) == b"SAE1"
