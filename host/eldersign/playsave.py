"""The host's save of a game in play: the kernel's game save plus the session's settings.

    blob = dump(game, settings)                  # bytes
    game, data, settings = load_file(path, extra_cards)

A file is three lines of UTF-8 text:

    ELDRITCH PLAY SAVE v1
    {"bots": [1], "hints": true, "speed": 0.3, "cards": [{"name": "mine.tsv", "text": "..."}],
     "data": [{"name": "investigators.tsv", "text": "..."}], "game": "<base64 of the kernel save>"}

(and "kind": "search" when the bot seats play the search bot, the solver bot, rather than the
kernel's own bot: absent, the kernel's bot).
    sha256 <hex digest of the two lines above, newlines included>

The kernel save (kernel/eldersign/game/save.py) is the seed, the options and the action log, checked
by replaying; around it the host keeps what the kernel does not know: which seats the bot plays,
the hint setting and bot speed, the text of every extra card file the game was started with, and
the tables of the card folder of one's own it was started with (`--data DIR`; "data" is left out
when there is none), so a save loads on another machine, and the card files can change or vanish
without breaking it.
The header is checked before anything else is read and the size is capped (MAX_BYTES), so
`--load /dev/zero` or a huge file is one line. A bare kernel save (what `--save` wrote before this
format) still loads, with default settings. This is the save layer's format for Elder Sign
(host/saves/saveformat.py writes and checks the three lines; its JSON is depth-checked before parsing,
so a crafted save of `[` x 100000 with a valid sha256 is one line, not a RecursionError).
"""

from __future__ import annotations

import os
import tempfile

from eldritch.saves.atomic import SaveError, read_capped, shown
from eldritch.saves import saveformat
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game import save as gamesave

MAGIC = saveformat.magic("eldersign")           # b"ELDRITCH PLAY SAVE v1\n"
KERNEL_MAGIC = b"EG"
MAX_BYTES = 8 << 20          # a save with its card files; a game's own save is a few KB
MAX_CARD_FILES = 32
MAX_NAME = 255


KINDS = ("heuristic", "search")        # the kernel's own bot; the search bot (the solver bot)


class Settings:
    """What a session keeps besides the game: bot seats (0-based), hints, bot speed (seconds per
    bot action), the extra card files and the tables of a card folder of one's own, each as
    (name, text) pairs, and the bots' kind (KINDS)."""

    def __init__(self, bots=(), hints: bool = True, speed: float = 0.3, cards=(), data=(), kind: str = "heuristic"):
        self.bots = frozenset(bots)
        self.hints = bool(hints)
        self.speed = float(speed)
        self.cards = tuple(cards)
        self.data = tuple(data)
        self.kind = kind

    def __eq__(self, other):
        return (isinstance(other, Settings) and self.bots == other.bots and self.hints == other.hints
                and self.speed == other.speed and self.cards == other.cards and self.data == other.data
                and self.kind == other.kind)

    def __repr__(self):
        return "Settings(bots=%r, hints=%r, speed=%r, cards=%r, data=%r, kind=%r)" % (
            sorted(self.bots), self.hints, self.speed, [c[0] for c in self.cards], [d[0] for d in self.data],
            self.kind)


def read_card_files(paths) -> tuple:
    """(name, text) of each --cards file, read strictly as UTF-8 (one line on failure)."""
    out = []
    for path in paths:
        blob = read_capped(path, MAX_BYTES, what="card file")
        try:
            text = blob.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("%s is not UTF-8 text" % shown(path))
        out.append((os.path.basename(path) or "cards.tsv", text))
    if len(out) > MAX_CARD_FILES:
        raise SaveError("at most %d card files" % MAX_CARD_FILES)
    return tuple(out)


def read_data_folder(folder) -> tuple:
    """(name, text) of every table (.tsv file) of a card folder of one's own (`--data DIR`), read
    strictly as UTF-8; the kernel checks the names and the rows (GameData)."""
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".tsv"))
    except OSError as exc:
        raise SaveError("%s: not a folder of card tables (%s)" % (shown(folder), exc.strerror or exc))
    if len(names) > MAX_CARD_FILES:
        raise SaveError("%s: more than %d .tsv files" % (shown(folder), MAX_CARD_FILES))
    out = read_card_files([os.path.join(folder, n) for n in names])
    if not out:
        raise SaveError("%s: no card table in it (eldritch template DIR writes them)" % shown(folder))
    return out


def game_data(cards, data=(), data_name="data", lean=False) -> GameData:
    """The card data of a game: the built-in cards (or the tables `data` of a card folder of one's
    own, named data_name in messages) plus the (name, text) card files.

    GameData reads files, so the texts are written to a private temporary folder for the load and
    removed at once (the names in error messages are the original file names)."""
    if not cards and not data:
        return GameData(lean=lean)
    with tempfile.TemporaryDirectory(prefix="eldritch-cards-") as folder:
        paths = []
        for i, (name, text) in enumerate(cards):
            sub = os.path.join(folder, str(i))
            os.mkdir(sub)
            path = os.path.join(sub, os.path.basename(name) or "cards.tsv")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            paths.append(path)
        tables = None
        if data:
            tables = os.path.join(folder, "data")
            os.mkdir(tables)
            for name, text in data:
                base = os.path.basename(name)
                if not base.endswith(".tsv") or base.startswith("."):
                    raise KernelError("data", "%s: not a card table's file name" % shown(name[:80]))
                with open(os.path.join(tables, base), "w", encoding="utf-8", newline="") as f:
                    f.write(text)
        try:
            return GameData(tables, extra=paths, lean=lean)
        except KernelError as exc:
            detail = exc.detail
            for i, path in enumerate(paths):
                detail = detail.replace(path, cards[i][0])
            if tables:
                detail = detail.replace(tables, data_name.rstrip("/") or "/")
            raise KernelError(exc.what, detail)


def settings_doc(settings: Settings) -> dict:
    """The settings as the save's JSON fields (in the file's order)."""
    doc = {"bots": sorted(settings.bots), "hints": settings.hints, "speed": settings.speed,
           "cards": [{"name": n, "text": t} for n, t in settings.cards]}
    if settings.data:
        doc["data"] = [{"name": n, "text": t} for n, t in settings.data]
    if settings.kind != "heuristic":
        doc["kind"] = settings.kind
    return doc


def dump(game, settings: Settings) -> bytes:
    """The save file's bytes."""
    return saveformat.encode("eldersign", settings_doc(settings), gamesave.serialize(game))


def _check_head(head: bytes) -> None:
    if not (head == MAGIC or head.startswith(KERNEL_MAGIC)):
        raise SaveError("not an Eldritch game save")


def load_file(path: str, extra_cards=()):
    """(game, data, settings or None) of a save file; settings is None for a bare kernel save (which
    is played with extra_cards, the --cards files). SaveError or KernelError (one line) when the file
    is not a good save; the file is never changed."""
    blob = read_capped(path, MAX_BYTES, check_head=_check_head, head=len(MAGIC), what="save")
    return loads(blob, extra_cards)


def loads(blob: bytes, extra_cards=()):
    """load_file on bytes."""
    if blob.startswith(KERNEL_MAGIC):
        data = game_data(extra_cards)
        return gamesave.deserialize(blob, data), data, None
    settings, kernel_blob = parse(blob)
    data = game_data(settings.cards, settings.data)
    game = gamesave.deserialize(kernel_blob, data)
    for seat in settings.bots:
        if seat >= game.players:
            raise KernelError("save", "bot seat %d but the game has %d players" % (seat + 1, game.players))
    return game, data, settings


def parse(blob: bytes):
    """(Settings, kernel save bytes) of a host save, every field checked; KernelError('save', ...)."""
    try:
        sealed, line = saveformat.split(blob, "eldersign")
        if sealed:
            raise SaveError("a sealed save: Elder Sign's saves are not sealed")
        doc, kernel_blob = saveformat.decode_doc(line)
    except SaveError as exc:
        raise KernelError("save", str(exc).replace("Eldritch Elder Sign save", "Eldritch game save"))
    if set(doc) - {"data", "kind"} != {"bots", "hints", "speed", "cards"}:
        raise KernelError("save", "the settings line does not have the expected fields")
    kind = doc.get("kind", "heuristic")
    if kind not in KINDS:
        raise KernelError("save", "the bots' kind must be one of %s" % ", ".join(KINDS))
    bots = doc["bots"]
    if not isinstance(bots, list) or not all(type(b) is int and 0 <= b < 8 for b in bots):
        raise KernelError("save", "bots must be a list of seats 0 to 7")
    if type(doc["hints"]) is not bool:
        raise KernelError("save", "hints must be true or false")
    speed = doc["speed"]
    if type(speed) not in (int, float) or not 0 <= speed <= 10:
        raise KernelError("save", "speed must be 0 to 10 seconds")
    return Settings(bots, doc["hints"], speed, _files(doc["cards"], "cards"), _files(doc.get("data", []), "data"),
                    kind), kernel_blob


def _files(entries, key):
    """The (name, text) pairs of a save's list of files, every entry checked."""
    if not isinstance(entries, list) or len(entries) > MAX_CARD_FILES:
        raise KernelError("save", "%s must be a list of at most %d files" % (key, MAX_CARD_FILES))
    pairs = []
    for c in entries:
        if (not isinstance(c, dict) or set(c) != {"name", "text"} or not isinstance(c["name"], str)
                or not isinstance(c["text"], str) or len(c["name"]) > MAX_NAME):
            raise KernelError("save", "a card file entry must be {name, text}")
        pairs.append((c["name"], c["text"]))
    return pairs
