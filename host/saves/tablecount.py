"""The newest save number each table has reached, kept in the per-user state folder, so that a
sealed save older than one already seen is refused (a table rolled back to a better moment).

    counts = TableCounts(state_dir)
    counts.seen("stayaway", table_id)        # 0 when this table was never seen here
    counts.note("stayaway", table_id, 7)     # remember 7 if it is the newest; a one-line notice on failure

One small file per table: STATE/tables/GAME-TABLEIDHEX, holding the number in decimal, written
atomically. What it protects against, and what not: a player who swaps in an older sealed save on
this account is refused (unless the table agrees: --allow-older, said aloud on the screen); a player
who deletes this folder, or plays from another account or machine, is not stopped. It raises the
bar for a quiet rollback; it is not a referee.
"""

from __future__ import annotations

import os

from eldritch.saves.atomic import SaveError, write_atomic, read_capped
from eldritch.saves.userdirs import ensure_state_dir

FOLDER = "tables"
MAX_BYTES = 32


class TableCounts:
    """The newest save number per (game, table id) on this account."""

    def __init__(self, state_dir: str):
        self.folder = os.path.join(state_dir, FOLDER)

    def _path(self, game: str, table: bytes) -> str:
        return os.path.join(self.folder, "%s-%s" % (game, table.hex()))

    def seen(self, game: str, table: bytes) -> int:
        """The newest number noted for this table (0 if none, or if the file is unreadable)."""
        path = self._path(game, table)
        if not os.path.exists(path):
            return 0
        try:
            text = read_capped(path, MAX_BYTES, what="table counter").decode("ascii").strip()
        except (SaveError, UnicodeDecodeError):
            return 0
        return int(text) if text.isdigit() else 0

    def note(self, game: str, table: bytes, number: int) -> str | None:
        """Remember number if it is newer than what was seen; a one-line notice when it cannot be."""
        if number <= self.seen(game, table):
            return None
        try:
            ensure_state_dir(os.path.dirname(self.folder))
            ensure_state_dir(self.folder)
            write_atomic(self._path(game, table), b"%d\n" % number, mode=0o600)
        except SaveError as exc:
            return "the table's save counter was not updated: %s" % exc
        return None
