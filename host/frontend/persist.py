"""Every save, load, autosave and log file of the front end goes through here: one small module over
the save layer (host/saves/__init__.py: atomic and durable, refuses to replace anything but a save of that
game, bounded reads, sealed saves numbered per table), so a change of the layer is a change here.

    p = Persist("stayaway", state_dir())
    p.autosave(payload, settings, seal)     # None, or one line when it failed (each new failure once)
    p.save("~/game.sav", payload, settings, seal)   # one line: where it went, or why not
    save = p.read(path, passphrase, allow_older)    # saves.Save (payload, settings, seal, notice)
    p.keep_previous()                       # a new game keeps the unfinished one autosaved before
    p.write_log(path, text, autosave_text)  # --log, and the log beside the autosave

`payload` is the kernel's save, `settings` the session's (a dict), `seal` the table's Seal for a
game that hides information (host/saves/seal.py, from the table's passphrase: host/saves/passphrase.py).
"""

from __future__ import annotations

import os

from eldritch.saves.atomic import SaveError, write_atomic, user_path, check_target, check_path, shown
from eldritch import saves
from eldritch.saves import userdirs


class Persist:
    """The saves of one game in play (see the module docstring). `state` None: no autosave."""

    def __init__(self, game: str, state: str | None):
        self.game = game
        self.state = state
        self.auto = saves.Autosaves(state, game) if state is not None else None
        self._last_notice = None

    @property
    def autosave_path(self) -> str | None:
        return self.auto.path if self.auto is not None else None

    @property
    def saved(self) -> bool | None:
        """Whether the last autosave succeeded (None before any)."""
        return self.auto.saved if self.auto is not None else None

    @property
    def error(self) -> str | None:
        return self.auto.error if self.auto is not None else None

    @property
    def log_path(self) -> str | None:
        if self.state is None:
            return None
        name = userdirs.AUTOSAVE_LOG if self.game == "eldersign" else "%s-autosave.log" % self.game
        return os.path.join(self.state, name)

    def autosave(self, payload: bytes, settings: dict, seal=None) -> str | None:
        """Write the autosave; None, or one line the first time a new failure happens."""
        if self.auto is None:
            return None
        text = self.auto.write(payload, settings, seal)
        if self.auto.saved:
            self._last_notice = None
            return text                     # None, or the table counter's own line
        if text == self._last_notice:
            return None
        self._last_notice = text
        return text

    def save(self, text: str, payload: bytes, settings: dict, seal=None) -> str:
        """`save PATH`: one line saying where it went, or why not (the game goes on)."""
        path = user_path(text)
        if not path:
            return "save needs a file name: save PATH"
        try:
            check_path(path)
            if os.path.isfile(path) and not os.path.islink(path) and not _is_save(path, self.game):
                return "%s exists and is not an Eldritch save: not overwritten" % shown(path)
            note = saves.write_save(path, self.game, payload, settings, seal, state_dir=self.state)
        except SaveError as exc:
            return "not saved: %s (the game goes on)" % exc
        done = ("sealed into %s" if seal is not None else "saved to %s") % shown(path)
        return done + ("; " + note if note else "")

    def read(self, path: str, passphrase=None, allow_older: bool = False, known=None):
        """saves.Save of a file (SaveError, one line, when it cannot be read or opened)."""
        return saves.read_save(path, self.game, passphrase, allow_older, self.state, known)

    def read_autosave(self, passphrase=None, allow_older: bool = False):
        if self.auto is None:
            raise SaveError("no state folder")
        return self.auto.read(passphrase, allow_older)

    def keep_previous(self) -> str | None:
        """A new game would replace the autosave: the game there is kept under a name of its own.
        The line to show, or None."""
        if self.auto is None:
            return None
        keep = self.auto.keep_current()
        if keep is None:
            return None
        kept = self.auto.kept()
        more = " (%d unfinished games are kept there)" % len(kept) if len(kept) > 1 else ""
        return "the game autosaved before is kept in %s%s" % (shown(keep), more)

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


def _is_save(path: str, game: str) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return False
    return saves.is_save_head(head, game)


def log_problem(path: str) -> str | None:
    """Why a --log path cannot be written, before playing (one line), or None."""
    return check_target(user_path(path)) if path else None


def save_problem(path: str, game: str) -> str | None:
    """Why a --save path would be refused, before playing: a folder, a missing folder, a device, a
    pipe, a symlink or a file that is not a save of this game (one line), or None."""
    return saves.check_target(user_path(path), game) if path else None
