"""The Honour Roll: "the investigator who closed the most gates is proclaimed Honoured Citizen, and his
name is entered in the Honour Roll together with the player's name" (the rulebook, win or lose).

    roll = HonourRoll(state_folder)            # <state folder>/arkham-honour-roll.tsv
    added = roll.enter_game(game, names)       # the game's Honoured Citizens (once per game)
    rows = roll.entries()                      # every entry, oldest first (dicts of COLUMNS)

A game is entered when it ends with people at the table (`eldritch arkham play`; a game of bots only
is not: it honours nobody's investigator); `eldritch arkham honour` shows the roll. The file is UTF-8
TSV with a header, rewritten atomically (host/saves/atomic.py) in the per-user state folder; a game is
keyed by its seed, action count and a CRC-32 of its action log, so loading a finished game again
does not enter it twice. Errors are one line (KernelError).
"""

from __future__ import annotations

import datetime
import os
import zlib

from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game.defs import RESULT_NAMES, RES_WON
from eldritch.saves.atomic import SaveError, write_atomic, read_capped, shown
from eldritch.saves.userdirs import ensure_state_dir
from eldritch.kernel.arkham.game import state

FILE = "arkham-honour-roll.tsv"
COLUMNS = ("entered", "investigator", "player", "gates_closed", "monster_trophies", "result", "rounds",
           "board", "game")
MAX_BYTES = 1 << 22


def game_key(game) -> str:
    """The seed, the action count and a CRC-32 of the action log: one game, however often loaded."""
    n = game.nlog
    return "%d-%d-%08x" % (game.seed, n, zlib.crc32(bytes(game.logb[:3 * n])))


def _clean(text) -> str:
    """A field without tabs or line breaks."""
    return " ".join(str(text).replace("\t", " ").split())


class HonourRoll:
    """The Honour Roll file in a state folder (see the module docstring)."""

    def __init__(self, folder: str):
        self.folder = folder
        self.path = os.path.join(folder, FILE)

    def entries(self) -> list:
        if not os.path.exists(self.path):
            return []
        try:
            data = read_capped(self.path, MAX_BYTES, what="Honour Roll")
        except SaveError as exc:
            raise KernelError("honour", str(exc))
        rows = []
        lines = data.decode("utf-8", "replace").splitlines()
        if not lines or tuple(lines[0].split("\t")) != COLUMNS:
            raise KernelError("honour", "%s is not an Honour Roll (its first line must be the columns %s)" % (
                shown(self.path), ", ".join(COLUMNS)))
        for number, line in enumerate(lines[1:], 2):
            fields = line.split("\t")
            if len(fields) != len(COLUMNS):
                raise KernelError("honour", "%s line %d: %d fields, expected %d"
                                  % (shown(self.path), number, len(fields), len(COLUMNS)))
            rows.append(dict(zip(COLUMNS, fields)))
        return rows

    def enter_game(self, game, names=(), board="demonstration", today=None) -> list:
        """Enter the finished game's Honoured Citizens (every one of them when tied) with their
        players' names (`names` by seat, else "seat N"); the rows added ([] when the game is not over
        or was entered before)."""
        if not game.is_terminal():
            return []
        key = game_key(game)
        old = self.entries()
        if any(row["game"] == key for row in old):
            return []
        b = game.board
        date = (today or datetime.date.today()).isoformat()
        result = "won" if game.result == RES_WON else RESULT_NAMES[game.result]
        added = []
        for seat in game.honoured():
            player = names[seat] if seat < len(names) and names[seat] else "seat %d" % (seat + 1)
            added.append({"entered": date, "investigator": b.inv_names[game.seat_inv[seat]], "player": player,
                          "gates_closed": str(game.gates_closed[seat]), "monster_trophies": str(state.trophies(game, seat)),
                          "result": result, "rounds": str(game.round), "board": board, "game": key})
        if not added:
            return []
        lines = ["\t".join(COLUMNS)] + ["\t".join(_clean(row[c]) for c in COLUMNS) for row in old + added]
        try:
            ensure_state_dir(self.folder)
            write_atomic(self.path, ("\n".join(lines) + "\n").encode("utf-8"), what="Honour Roll")
        except SaveError as exc:
            raise KernelError("honour", str(exc))
        return added


def entry_line(row: dict) -> str:
    return "%s: %s (%s), %s gates closed, %s monster trophies; %s in round %s on %s" % (
        row["entered"], row["investigator"], row["player"], row["gates_closed"], row["monster_trophies"],
        row["result"], row["rounds"], row["board"])
