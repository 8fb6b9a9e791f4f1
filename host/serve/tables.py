"""Tables, seats and their tokens, and the one place an action is checked, made durable and applied.

    server = TableServer(Store(folder), Limits(), bot_delay=0.6)
    await server.start()                          # every table in the folder resumes
    table = await server.create("stayaway", players=4, bots=[2, 3])
    table.tokens[0]                               # seat 1's join token (secrets.token_urlsafe)
    await server.submit(conn, {"type": "act", "move": 12, "action": 4099})
    await server.stop()

A table holds a front-end Session over the game's adapter (host/frontend/): the kernel is the
referee, the adapter renders each seat's own view and builds the decision shapes. Every kernel call
of a table runs in the server's thread pool under that table's lock, so a slow bot (a search, a
solver) holds only its own table, never the event loop nor the other tables.

An action from a client is taken only when: the client's token is a seat of the table (spectators
never act), the table is neither paused nor ended nor over, the move counter the client echoes is
the table's (a stale or replayed message names an older move), that seat is the one to decide and a
person holds it, and the kernel's `is_legal` accepts the action. Anything else is refused with an
error naming why, and changes nothing. A taken action is written to the journal and made durable
(store.py) before it is applied and acknowledged; the machine's moves (bots, chance, a seat's only
legal action, a bot standing in for a seat that is away) go the same way.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import secrets
import time

from eldritch.saves.atomic import SaveError
from eldritch import games
from eldritch.frontend.session import Session
from eldritch.kernel.errors import KernelError
from eldritch.serve.limits import Bucket, Limits
from eldritch.serve import messages
from eldritch.serve.messages import SPECTATOR

SEAL_TABLE = 16                             # bytes of a sealed save's table id (saves/seal.py)


class Refused(Exception):
    """A client's message that is not taken: `code` for programs, the message for people."""

    def __init__(self, code: str, message: str):
        Exception.__init__(self, message)
        self.code = code
        self.message = message


class Conn:
    """One client connection: the table, the reader (a seat or SPECTATOR), the log steps it has
    been sent, its outbox (frames as text; a full outbox drops the client) and its rate bucket."""

    def __init__(self, table, reader, limits: Limits):
        self.table = table
        self.reader = reader
        self.log_from = 0
        self.outbox: asyncio.Queue = asyncio.Queue(limits.queue)
        self.bucket = Bucket(limits.rate, limits.burst)
        self.strikes = 0
        self.closing = None                   # (code, reason) once the server drops it

    def send(self, doc) -> None:
        """Queue a frame (a dict, or text already made); a client too slow to read is dropped."""
        if self.closing is not None:
            return
        text = doc if isinstance(doc, str) else json.dumps(doc, separators=(",", ":"))
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "too slow: %d frames were waiting" % self.outbox.qsize())

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason[:120])
            try:
                self.outbox.put_nowait(None)
            except asyncio.QueueFull:
                pass


class Table:
    """One game at a table (see the module docstring). Kernel calls only under `lock`, in the pool."""

    def __init__(self, table_id: str, meta: dict, game, base: int):
        self.id = table_id
        self.meta = meta
        self.session = Session(game, game.settings, None, autosave_every_action=False)
        self.base = base                       # actions inside the save it started from
        self.move = len(game.actions())        # the move counter clients echo
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.conns: set = set()
        self.driver = None
        self.since = time.monotonic()          # when the decision now began

    @property
    def game(self):
        return self.session.game

    @property
    def paused(self) -> bool:
        return bool(self.meta.get("paused"))

    @property
    def ended(self) -> bool:
        return bool(self.meta.get("ended"))

    @property
    def tokens(self) -> list:
        return self.meta["tokens"]

    def is_human(self, seat) -> bool:
        return seat is not None and seat not in self.session.settings.bots

    def online(self, seat) -> bool:
        return any(c.reader == seat for c in self.conns)

    # ----- under the lock, in the pool ------------------------------------------------------------

    def machine_delay(self, bot_delay: float, away_after) -> float | None:
        """Seconds until the machine moves (a bot, chance, a forced move, a bot for a seat away), or
        None when a person is to decide (or nothing can happen)."""
        if self.ended or self.paused or self.game.is_terminal():
            return None
        seat = self.game.acting_seat()
        if seat is None or not self.is_human(seat):
            return bot_delay
        if self.session.forced():
            return 0.0
        if away_after is not None and not self.online(seat):
            return max(0.0, away_after - (time.monotonic() - self.since))
        return None

    def machine_action(self) -> tuple:
        """(action, by) the machine takes now."""
        seat = self.game.acting_seat()
        if self.is_human(seat) and self.session.forced():
            return self.session.legal()[0], "player"
        return self.game.table_bot(seat), "bot"

    def check(self, seat, move, action) -> None:
        """Refused unless seat may take action at move now (see the module docstring)."""
        if self.ended:
            raise Refused("ended", "the host has ended this table")
        if self.game.is_terminal():
            raise Refused("over", "the game is over")
        if self.paused:
            raise Refused("paused", "the host has paused the table: wait for it to go on")
        if move != self.move:
            raise Refused("stale", "that was for move %d; the table is at move %d (the screen is updated)"
                          % (move, self.move))
        acting = self.game.acting_seat()
        if acting != seat:
            who = "the dice" if acting is None else self.game.seat_name(acting)
            raise Refused("not_your_turn", "it is %s's turn, not yours" % who)
        if not self.is_human(seat):
            raise Refused("not_your_turn", "a bot holds your seat: ask the host to give it back")
        if not self.game.is_legal(action):
            raise Refused("illegal", "that is not a legal move now")

    def apply(self, action: int, by: str) -> list:
        """Apply a durable action; every reader's new frame ([(conn, text)])."""
        self.session.play(action, by)
        self.move += 1
        self.since = time.monotonic()
        return self.frames(list(self.conns))

    def frames(self, conns) -> list:
        """[(conn, frame text)] for conns, each from its own reader's view; moves each log_from on."""
        out = []
        steps = messages.log_steps(self)
        for c in conns:
            frame = messages.seat_frame(self, c.reader, c.log_from)
            c.log_from = steps
            out.append((c, json.dumps(frame, separators=(",", ":"))))
        return out

    def summary(self) -> dict:
        """What the host page lists (no hidden information: names, whose turn, counters, links)."""
        g = self.game
        over = g.is_terminal()
        return {"id": self.id, "game": g.name, "title": g.title, "players": g.players, "move": self.move,
                "turn": messages.turn_info(self), "paused": self.paused, "ended": self.ended, "over": over,
                "result": g.summary() if over else None, "watch": self.meta["watch"],
                "seats": [{"seat": s, "name": g.seat_name(s), "bot": not self.is_human(s), "online": self.online(s),
                           "token": t} for s, t in enumerate(self.tokens)]}


def new_meta(game: str, seed: int, players: int, bots, options: dict, kind: str, base=None,
             seal_table: bytes | None = None) -> dict:
    """A table's settings. `seal`: the identity its sealed exports carry (a game that hides
    information): the id of the save it was imported from, or a new one."""
    meta = {"format": "eldritch-table", "version": 1, "game": game, "seed": seed, "players": players,
            "bots": sorted(bots), "options": options, "kind": kind, "base": base,
            "tokens": [secrets.token_urlsafe(16) for _ in range(players)],
            "watch": secrets.token_urlsafe(16), "paused": False, "ended": False, "created": int(time.time())}
    if games.get(game).hides:
        meta["seal"] = {"table": (seal_table or os.urandom(SEAL_TABLE)).hex()}
    return meta


def seal_identity(meta: dict) -> bytes | None:
    """The id a table's sealed exports carry, or None (a table written before tables had one: the
    caller gives it one, new_seal_identity, and writes the meta)."""
    try:
        table = bytes.fromhex(meta["seal"]["table"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return table if len(table) == SEAL_TABLE else None


def with_seal_identity(meta: dict) -> dict:
    """meta with an identity for its sealed exports (a new one when it has none)."""
    if seal_identity(meta) is not None:
        return meta
    return dict(meta, seal={"table": os.urandom(SEAL_TABLE).hex()})


def export_blob(game, passphrase: str | None, table_id: bytes | None, counts) -> bytes:
    """The game as the CLI's save: sealed where the game hides information, with the table's
    identity and the next number of its saves (noted in `counts`, a TableCounts, before the save is
    made: no two exports of a table share a number, and a later one is always newer)."""
    from eldritch import saves
    from eldritch.saves.seal import Seal, SALT
    if not games.get(game.name).hides:
        return saves.dumps(game.name, game.save_payload(), game.save_settings(game.settings))
    if not passphrase:
        raise KernelError("option", "%s's saves are sealed: give a passphrase" % game.title)
    number = counts.seen(game.name, table_id) + 1
    problem = counts.note(game.name, table_id, number)
    if problem:
        raise SaveError(problem)
    seal = Seal(passphrase, os.urandom(SALT), table_id, number - 1)
    return saves.dumps(game.name, game.save_payload(), game.save_settings(game.settings), seal)


def build_game(meta: dict):
    """The table's game at its start (a new game, or the save it was imported from)."""
    if meta.get("base"):
        import base64
        base = meta["base"]
        game = games.open_save(meta["game"], base64.b64decode(base["payload"]), base["settings"])
    else:
        game = games.new_game(meta["game"], meta["seed"], meta["players"], (), meta["options"], meta["kind"])
    game.settings.bots = frozenset(meta["bots"])
    return game


class TableServer:
    """Every table of one server (see the module docstring)."""

    def __init__(self, store, limits: Limits | None = None, bot_delay: float = 0.6, away_after=None,
                 workers: int = 4):
        self.store = store
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.away_after = away_after
        self.pool = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="eldritch-table")
        self.tables: dict = {}
        self.by_token: dict = {}               # token -> (table, reader)
        self.connections = 0
        self.notes: list = []                  # lines for the terminal (tables that could not resume)
        self.create_lock = asyncio.Lock()

    async def run(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    # ----- start and stop -------------------------------------------------------------------------

    async def start(self) -> None:
        actions = await self.run(self.store.recover)
        for table_id in sorted(actions):
            table = await self.run(self._resume, table_id, actions[table_id])
            self._register(table)

    def _resume(self, table_id: str, actions: list):
        try:
            meta = self.store.read_meta(table_id)
            game = build_game(meta)
            base = len(game.actions())
            session = Session(game, game.settings, None, autosave_every_action=False)
            for action, by in actions:
                session.play(action, by)
        except (SaveError, KernelError, KeyError, ValueError, TypeError) as exc:
            self.notes.append("table %s could not be resumed (its files are left as they are): %s" % (table_id, exc))
            return None
        return Table(table_id, meta, game, base)

    def _register(self, table) -> None:
        if table is None:
            return
        self.tables[table.id] = table
        for seat, token in enumerate(table.tokens):
            self.by_token[token] = (table, seat)
        self.by_token[table.meta["watch"]] = (table, SPECTATOR)
        table.driver = asyncio.get_running_loop().create_task(self._drive(table))
        table.wake.set()

    async def stop(self) -> None:
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        for table in self.tables.values():
            for c in list(table.conns):
                c.close(1001, "the server is stopping")
        await asyncio.sleep(0)
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    # ----- tables ---------------------------------------------------------------------------------

    async def create(self, game: str, players: int, bots=(), options=None, seed=None, kind="heuristic",
                     base=None, paused=False, seal_table: bytes | None = None):
        """A new table (KernelError, one line, for a bad game, count, seat, kind or option); paused:
        nobody, bot or person, moves until the host resumes it (say, when every seat has joined).
        seal_table: the identity of the sealed save it is imported from."""
        async with self.create_lock:
            if len(self.tables) >= self.limits.max_tables:
                raise KernelError("option", "this server holds %d tables at most (end one first)"
                                  % self.limits.max_tables)
            entry = games.get(game)
            if seed is None:
                seed = secrets.randbelow(1 << 30)
            games.check_players(game, players)
            bots = games.check_bots(players, bots)
            if kind not in entry.bot_kinds:
                raise KernelError("option", "%s's bots are %s" % (entry.title, ", ".join(entry.bot_kinds)))
            if base is None:
                options = games.check_options(game, options)
            meta = new_meta(game, seed, players, bots, options or {}, kind, base, seal_table)
            meta["paused"] = bool(paused)
            game_obj = await self.run(build_game, meta)
            table_id = self.store_id()
            await self.run(self.store.write_meta, table_id, meta)
            table = Table(table_id, meta, game_obj, len(game_obj.actions()))
            self._register(table)
            return table

    def store_id(self) -> str:
        from eldritch.serve.store import new_table_id
        while True:
            table_id = new_table_id()
            if table_id not in self.tables and not os.path.exists(os.path.join(self.store.folder, table_id)):
                return table_id

    async def import_save(self, blob: bytes, game: str, passphrase: str | None, allow_older: bool = False):
        """(a table from a save in the CLI's format, the save layer's notice or None). A sealed save
        needs its passphrase, and one older than the newest this server has seen of its table
        (made or taken in) is refused unless allow_older, as `eldritch GAME --load` refuses it."""
        import base64
        from eldritch import saves
        if game not in games.NAMES:
            raise KernelError("option", "no game %r" % str(game)[:20])
        save = await self.run(lambda: saves.loads(blob, game, passphrase or None, allow_older, self.store.folder))
        base = {"payload": base64.b64encode(bytes(save.payload)).decode(), "settings": save.settings or {}}
        probe = await self.run(games.open_save, game, bytes(save.payload), save.settings or {})
        bots = sorted(probe.settings.bots)
        kind = getattr(probe.settings, "kind", "heuristic")
        table = await self.create(game, probe.players, bots, {}, probe.state.seed, kind, base,
                                  seal_table=save.seal.table if save.seal is not None else None)
        return table, save.notice

    async def export_save(self, table, passphrase: str | None) -> bytes:
        """The table as a save in the CLI's format (`eldritch GAME --load`): sealed with the
        passphrase where the game hides information, carrying the table's identity and the next
        number of its saves (export_blob), so an older export of it is refused as an older save."""
        from eldritch.saves.tablecount import TableCounts
        if games.get(table.game.name).hides and not passphrase:
            raise KernelError("option", "%s's saves are sealed: give a passphrase" % table.game.title)
        async with table.lock:
            if games.get(table.game.name).hides and seal_identity(table.meta) is None:
                meta = with_seal_identity(table.meta)
                await self.run(self.store.write_meta, table.id, meta)
                table.meta = meta
            counts = TableCounts(self.store.folder)
            return await self.run(export_blob, table.game, passphrase, seal_identity(table.meta), counts)

    def lookup(self, token) -> tuple:
        """(table, reader) of a join token; Refused("bad_token") for anything else."""
        if not isinstance(token, str) or token not in self.by_token:
            raise Refused("bad_token", "this link is not a seat of any table here: ask the host for yours")
        return self.by_token[token]

    # ----- the host's controls --------------------------------------------------------------------

    async def set_meta(self, table, **changes) -> None:
        async with table.lock:
            meta = dict(table.meta, **changes)
            await self.run(self.store.write_meta, table.id, meta)
            table.meta = meta
            if "bots" in changes:
                table.session.settings.bots = frozenset(meta["bots"])
                table.session._shape = None
            table.since = time.monotonic()
            await self._broadcast(table)
        table.wake.set()

    async def pause(self, table, on: bool) -> None:
        await self.set_meta(table, paused=bool(on))

    async def end(self, table) -> None:
        await self.set_meta(table, ended=True)

    async def set_bot(self, table, seat: int, on: bool) -> None:
        if type(seat) is not int or not 0 <= seat < len(table.tokens):
            raise KernelError("option", "no seat %r at this table" % seat)
        bots = set(table.meta["bots"])
        (bots.add if on else bots.discard)(seat)
        await self.set_meta(table, bots=sorted(bots))

    # ----- clients --------------------------------------------------------------------------------

    async def attach(self, conn) -> None:
        """A client joined: the limits checked, then its first frame (its whole log)."""
        table = conn.table
        if self.connections >= self.limits.max_connections:
            raise Refused("full", "the server has too many connections now")
        if conn.reader == SPECTATOR and sum(c.reader == SPECTATOR for c in table.conns) >= self.limits.spectators:
            raise Refused("full", "this table has %d spectators already" % self.limits.spectators)
        if conn.reader != SPECTATOR and sum(c.reader == conn.reader for c in table.conns) >= 4:
            raise Refused("full", "this seat is open on 4 devices already")
        self.connections += 1
        async with table.lock:
            table.conns.add(conn)
            for c, text in await self.run(table.frames, [conn]):
                c.send(text)
            others = [c for c in table.conns if c is not conn]
            for c, text in await self.run(table.frames, others):
                c.send(text)               # the seat shows as online
        table.wake.set()

    def detach(self, conn) -> None:
        table = conn.table
        if conn in table.conns:
            table.conns.discard(conn)
            self.connections -= 1
            table.wake.set()

    async def submit(self, conn, doc) -> None:
        """A client's message: an action is checked, made durable, applied and acknowledged (an
        "ack" frame naming the new move, then every reader's frame); Refused otherwise."""
        kind = doc.get("type") if isinstance(doc, dict) else None
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind != "act":
            raise Refused("bad_message", "a message is {\"type\": \"act\", \"move\": N, \"action\": A}")
        move, action = doc.get("move"), doc.get("action")
        if type(move) is not int or type(action) is not int or not 0 <= action < 1 << 30:
            raise Refused("bad_message", "an action message needs the move and the action as whole numbers")
        if conn.reader == SPECTATOR:
            raise Refused("not_your_turn", "spectators watch; they do not play")
        table = conn.table
        if ("seat" in doc and doc["seat"] != conn.reader) or ("table" in doc and doc["table"] != table.id):
            raise Refused("wrong_seat", "this link is %s's at table %s: it acts for no other seat or table"
                          % (table.game.seat_name(conn.reader), table.id))
        async with table.lock:
            await self.run(table.check, conn.reader, move, action)
            frames = await self._commit(table, action, "player")
            conn.send({"type": "ack", "move": table.move, "id": doc.get("id") if type(doc.get("id")) is int else None})
            for c, text in frames:
                c.send(text)
        table.wake.set()

    # ----- inside a table's lock ------------------------------------------------------------------

    async def _commit(self, table, action: int, by: str) -> list:
        """Durable first (the journal), then applied: every reader's new frame."""
        n = table.move - table.base
        try:
            await asyncio.wrap_future(self.store.journal.append(table.id, n, action, by))
        except SaveError as exc:
            raise Refused("storage", "not taken: the server cannot save it (%s)" % exc)
        return await self.run(table.apply, action, by)

    async def _broadcast(self, table) -> None:
        if table.conns:
            for c, text in await self.run(table.frames, list(table.conns)):
                c.send(text)

    async def _drive(self, table) -> None:
        """The machine's moves of one table, one at a time, paced by bot_delay."""
        while True:
            async with table.lock:
                delay = table.machine_delay(self.bot_delay, self.away_after)
            if delay is None:
                await table.wake.wait()
                table.wake.clear()
                continue
            if delay > 0:
                table.wake.clear()
                try:
                    await asyncio.wait_for(table.wake.wait(), delay)
                    continue                    # something changed: look again
                except asyncio.TimeoutError:
                    pass
            try:
                async with table.lock:
                    if table.machine_delay(self.bot_delay, self.away_after) is None:
                        continue
                    action, by = await self.run(table.machine_action)
                    for c, text in await self._commit(table, action, by):
                        c.send(text)
            except Refused as exc:                 # the journal cannot be written: wait and try again
                self.notes.append("table %s: %s" % (table.id, exc.message))
                await asyncio.sleep(1.0)
