"""`eldritch serve`: a table server, so that each player plays from their own phone (issue 28).

    eldritch serve                                   127.0.0.1:8765; prints the host page's link
    eldritch serve --table stayaway:5 --table mansions:3:bots=1
    eldritch serve --host 0.0.0.0                    open to the local network (with a warning)
    eldritch serve list                              the tables in the server's folder, with their links
    eldritch serve export TABLE FILE                 a table as a save of the CLI (`eldritch GAME --load FILE`)
    eldritch serve import GAME FILE                  a save of the CLI as a new table (before starting)

Needs the optional extra: pip install 'eldritch[serve]' (Starlette, uvicorn, websockets, segno).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys

from eldritch.cliargs import FD, decimal, seconds, whole
from eldritch import games
from eldritch.kernel.errors import KernelError
from eldritch.saves.atomic import shown

EXAMPLES = """examples:
  eldritch serve                                    host page and seat links on http://127.0.0.1:8765
  eldritch serve --table stayaway:4                 a 4-player Stay Away! table, its 4 links and QR codes
  eldritch serve --table mansions:3:bots=1 --table eldersign:2:bots=2
                                                    Mansions (keeper human, investigator 1 a bot), Elder Sign
  eldritch serve --host 0.0.0.0 --port 8080         every device on the local network can reach it
  eldritch serve list                               the tables kept in the server's folder
  eldritch serve export 1a2b3c4d game.sae --passphrase-fd 3 3<words.txt
                                                    a table as a save: eldritch stayaway --load game.sae
  eldritch serve import stayaway game.sae --passphrase-fd 3 3<words.txt
what a player does: open the seat's link (or scan its QR code) on a phone; the page shows that seat's
board, hand and log, and its decisions as buttons when it is their turn. Tables survive a restart:
start eldritch serve again with the same --state-dir and every link works where it stopped."""

PORT = 8765


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("serve", help="a table server: each player plays from their own phone",
                       description="A local web server hosting tables of every game: each seat has its own "
                                   "link (and QR code) to a page that shows only what that seat may know.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", nargs="?", choices=("run", "list", "export", "import"), default="run",
                   help="run (default), list the kept tables, export one as a save, import a save")
    p.add_argument("args", nargs="*", metavar="ARG", help="export: TABLE FILE; import: GAME FILE")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens it to "
                        "the network)")
    p.add_argument("--port", type=whole(0, 65535, "--port"), default=PORT, help="the port (default %d; 0: a free one, named in the links)" % PORT)
    p.add_argument("--url", default=None,
                   help="the address players use in their links (default http://HOST:PORT, with this machine's "
                        "address when --host is 0.0.0.0)")
    p.add_argument("--state-dir", help="the folder of the server's tables (default: the per-user state folder's serve/)")
    p.add_argument("--table", action="append", default=[], metavar="GAME:PLAYERS[:bots=2,3][:seed=N]",
                   help="create a table at start (repeatable); games: %s" % ", ".join(games.NAMES))
    p.add_argument("--bot-delay", type=seconds(0, 60, "--bot-delay"), default=0.6, metavar="SECONDS",
                   help="seconds between the machine's moves, so people can follow them (default 0.6)")
    p.add_argument("--away-bot", type=seconds(0, 10 ** 6, "--away-bot"), default=None, metavar="SECONDS",
                   help="a bot plays for a seat whose page has been closed this long at its turn (default never)")
    p.add_argument("--max-tables", type=whole(1, 100000, "--max-tables"), default=256,
                   help="tables at most (default 256)")
    p.add_argument("--max-connections", type=whole(1, 100000, "--max-connections"), default=1024, metavar="N",
                   help="open connections at most (default 1024, or fewer when the file limit allows fewer)")
    p.add_argument("--per-address", type=whole(1, 100000, "--per-address"), default=256, metavar="N",
                   help="open connections from one address at most (default 256)")
    p.add_argument("--rate", type=decimal(0.01, 100000, "--rate"), default=10.0, metavar="N",
                   help="messages a second one page may send, sustained (default 10; bursts of 3 times that)")
    p.add_argument("--stop-after", type=seconds(0, 10 ** 7, "--stop-after"), default=None, metavar="SECONDS",
                   help="stop by itself this long after it is ready (a timed session, a script; default never)")
    p.add_argument("--no-qr", action="store_true", help="links as text only, no QR codes in the terminal")
    p.add_argument("--passphrase-fd", type=FD, default=None, metavar="N",
                   help="export/import: read the sealed save's passphrase from file descriptor N")
    p.add_argument("--allow-older", action="store_true",
                   help="import: take a sealed save older than the newest this server has made or taken of "
                        "its table (said on the terminal)")
    p.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    return p


def folder_of(args) -> str:
    from eldritch.saves.userdirs import state_dir
    return os.path.join(state_dir(args.state_dir), "serve") if not args.state_dir else os.path.expanduser(args.state_dir)


def parse_table(text: str) -> dict:
    """GAME:PLAYERS[:bots=2,3][:seed=N][:OPTION] as create()'s arguments (KernelError, one line)."""
    from eldritch import games
    parts = text.split(":")
    if len(parts) < 2:
        raise KernelError("option", "--table GAME:PLAYERS, e.g. stayaway:4, not %r" % text[:40])
    game = parts[0]
    if game not in games.NAMES:
        raise KernelError("option", "--table: no game %r (%s)" % (game[:20], ", ".join(games.NAMES)))
    if not parts[1].isascii() or not parts[1].isdigit():
        raise KernelError("option", "--table: players must be a number, not %r" % parts[1][:20])
    out = {"game": game, "players": int(parts[1]), "bots": [], "seed": None, "options": {}}
    for part in parts[2:]:
        name, _, value = part.partition("=")
        if name == "bots":
            from eldritch.frontend.botseats import bot_seats
            out["bots"] = sorted(bot_seats(value, out["players"]))
        elif name == "seed" and value.isascii() and value.isdigit():
            out["seed"] = int(value)
        elif value == "":
            out["options"][name] = True
        else:
            out["options"][name] = value
    games.check_players(game, out["players"])
    games.check_options(game, out["options"])
    return out


def listen_socket(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound here rather than by uvicorn so that a port in use or a
    host that does not resolve is one line and exit 2 (uvicorn logs it and exits with 3 from inside
    its task). Port 0 takes a free port; the socket's own port is then the one in the links."""
    if not 0 <= port <= 65535:
        raise KernelError("option", "--port must be 0 (a free port) to 65535")
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                          flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as exc:
        raise KernelError("option", "cannot listen on %s port %d: %s" % (host, port, getattr(exc, "strerror", None) or exc))
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as exc:
        sock.close()
        raise KernelError("option", "cannot listen on %s port %d: %s" % (host, port, exc.strerror or exc))
    sock.set_inheritable(True)
    return sock


def base_url(args) -> str:
    if args.url:
        return args.url.rstrip("/")
    host = args.host
    if host in ("0.0.0.0", "::", ""):
        try:
            host = socket.gethostbyname(socket.gethostname())     # no packet is sent
        except OSError:
            host = "127.0.0.1"
    if ":" in host:
        host = "[%s]" % host
    return "http://%s:%d" % (host, args.port)


def _passphrase(args):
    if args.passphrase_fd is None:
        return None
    from eldritch.saves.passphrase import from_fd
    return from_fd(args.passphrase_fd)


def _need_extra():
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import segno  # noqa: F401
    except ImportError as exc:
        raise KernelError("option", "eldritch serve needs its extra: .venv/bin/pip install -e '.[serve]' (%s)" % exc.name)


def print_links(out, table_doc, qr: bool) -> None:
    from eldritch.serve.qr import terminal
    out.write("table %s: %s, %d seats\n" % (table_doc["id"], table_doc["title"], len(table_doc["seats"])))
    for seat in table_doc["seats"]:
        out.write("  %-24s %s\n" % (seat["name"] + (" (bot)" if seat["bot"] else ""), seat["link"]))
        if qr and not seat["bot"]:
            out.write(terminal(seat["link"]))
    out.write("  %-24s %s\n" % ("spectators", table_doc["watch_link"]))


def run(args, backend=None) -> int:
    _need_extra()
    if args.mode == "list":
        return cmd_list(args)
    if args.mode == "export":
        return cmd_export(args)
    if args.mode == "import":
        return cmd_import(args)
    if args.args:
        raise KernelError("option", "eldritch serve takes no other words (did you mean --table %s?)" % args.args[0][:20])
    return cmd_run(args)


def _links(table_doc, url):
    doc = dict(table_doc)
    doc["seats"] = [dict(s, link="%s/play#%s" % (url, s["token"])) for s in doc["seats"]]
    doc["watch_link"] = "%s/play#%s" % (url, doc["watch"])
    return doc


def cmd_run(args) -> int:
    import uvicorn
    from eldritch.serve.app import make_app
    from eldritch.serve.connguard import ConnectionGuard
    from eldritch.serve.protocols import server_protocols
    from eldritch.serve.limits import Limits
    from eldritch.serve.store import Store
    from eldritch.serve.tables import TableServer
    wanted = [parse_table(t) for t in args.table]
    store = Store(folder_of(args))
    key = store.key()
    sock = listen_socket(args.host, args.port)
    args.port = sock.getsockname()[1]
    url = base_url(args)
    limits = Limits(max_tables=args.max_tables, rate=args.rate, burst=max(3, int(args.rate * 3)),
                    max_connections=args.max_connections, per_address=args.per_address)
    guard = ConnectionGuard(limits.max_connections, limits.per_address, limits.header_seconds)
    http_protocol, ws_protocol = server_protocols(guard)
    server = TableServer(store, limits, bot_delay=args.bot_delay, away_after=args.away_bot)
    app = make_app(server, key, url)
    out = sys.stdout

    async def announce():
        for spec in wanted:
            await server.create(spec["game"], spec["players"], spec["bots"], spec["options"], spec["seed"])
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            sys.stderr.write("eldritch: warning: listening on %s: every device that can reach this machine can open "
                             "the pages (the links' tokens are the only lock; the host page needs its key)\n" % args.host)
        for note in server.notes:
            sys.stderr.write("eldritch: %s\n" % note)
        if args.quiet:
            out.write("ready %s/host#%s\n" % (url, key))
            out.flush()
            return
        out.write("eldritch serve: %d tables in %s\n" % (len(server.tables), shown(store.folder)))
        out.write("the host's page (keep it to yourself): %s/host#%s\n" % (url, key))
        for table in server.tables.values():
            if table.game.is_terminal() or table.ended:
                continue
            print_links(out, _links(table.summary(), url), not args.no_qr)
        out.write("Ctrl-C stops the server; every table goes on where it was at the next start.\n")
        out.flush()

    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", access_log=False,
                            ws_max_size=limits.message_bytes * 4, lifespan="on", http=http_protocol,
                            ws=ws_protocol, backlog=guard.backlog)
    userver = uvicorn.Server(config)

    async def main():
        task = asyncio.ensure_future(userver.serve(sockets=[sock]))
        while not userver.started and not task.done():
            await asyncio.sleep(0.05)
        if userver.started:
            try:
                await announce()
                if args.stop_after is not None:
                    await asyncio.sleep(args.stop_after)
                    userver.should_exit = True          # a clean stop, as after Ctrl-C
            except KernelError as exc:
                sys.stderr.write("eldritch: %s\n" % exc)
                userver.should_exit = True
        await task
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0 if userver.started else 2


def cmd_list(args) -> int:
    from eldritch.serve.store import Store
    store = Store(folder_of(args))
    ids = store.table_ids()
    url = base_url(args)
    if not ids:
        print("no tables in %s" % shown(store.folder))
    for table_id in ids:
        meta = store.read_meta(table_id)
        print("table %s: %s, %d seats%s" % (table_id, meta["game"], meta["players"],
                                            ", ended" if meta.get("ended") else ""))
        for seat, token in enumerate(meta["tokens"]):
            print("  seat %-3d %s/play#%s" % (seat + 1, url, token))
    return 0


def _offline_table(args, table_id):
    """(the store, the table's meta, its game as it stands in the folder); the server must not be
    running on the folder."""
    from eldritch.serve.store import Store
    from eldritch.serve.tables import build_game
    from eldritch.frontend.session import Session
    store = Store(folder_of(args))
    if table_id not in store.table_ids():
        raise KernelError("option", "no table %s in %s" % (table_id[:20], shown(store.folder)))
    actions = store.recover()
    store.close()
    meta = store.read_meta(table_id)
    game = build_game(meta)
    session = Session(game, game.settings, None, autosave_every_action=False)
    for action, by in actions.get(table_id, []):
        session.play(action, by)
    return store, meta, game


def cmd_export(args) -> int:
    """A table as a save: a sealed game's save carries the table's identity and the next number of
    its saves (tables.export_blob), so an older export of it is refused as an older save."""
    from eldritch import saves
    from eldritch import games
    from eldritch.saves.tablecount import TableCounts
    from eldritch.serve.tables import export_blob, seal_identity, with_seal_identity
    if len(args.args) != 2:
        raise KernelError("option", "eldritch serve export TABLE FILE")
    from eldritch.saves.atomic import user_path
    table_id, path = args.args[0], user_path(args.args[1])
    store, meta, game = _offline_table(args, table_id)
    words = None
    if games.get(game.name).hides:
        words = _passphrase(args)
        if not words:
            raise KernelError("option", "%s's saves are sealed: --passphrase-fd N gives the passphrase" % game.title)
        if seal_identity(meta) is None:
            meta = with_seal_identity(meta)
            store.write_meta(table_id, meta)
    problem = saves.check_target(path, game.name)
    if problem:
        raise KernelError("option", problem)
    blob = export_blob(game, words, seal_identity(meta), TableCounts(store.folder))
    saves.write_blob(path, game.name, blob, words is not None)
    print("table %s saved to %s (%s)" % (table_id, shown(path), game.command + " --load " + shown(path)))
    return 0


def cmd_import(args) -> int:
    from eldritch import saves
    from eldritch import games
    from eldritch.serve.store import Store
    from eldritch.serve.tables import new_meta
    import base64
    if len(args.args) != 2:
        raise KernelError("option", "eldritch serve import GAME FILE")
    name, path = args.args
    if name not in games.NAMES:
        raise KernelError("option", "no game %r (%s)" % (name[:20], ", ".join(games.NAMES)))
    save = saves.read_save(path, name, lambda: _passphrase(args), args.allow_older, folder_of(args))
    game = games.open_save(name, bytes(save.payload), save.settings or {})
    store = Store(folder_of(args))
    from eldritch.serve.store import new_table_id
    table_id = new_table_id()
    base = {"payload": base64.b64encode(bytes(save.payload)).decode(), "settings": save.settings or {}}
    meta = new_meta(name, game.state.seed, game.players, sorted(game.settings.bots), {},
                    getattr(game.settings, "kind", "heuristic"), base,
                    save.seal.table if save.seal is not None else None)
    store.write_meta(table_id, meta)
    if save.notice:
        sys.stderr.write("eldritch: %s\n" % save.notice)
    print("table %s: %s from %s (%d moves played); eldritch serve hosts it" % (table_id, game.title, shown(path),
                                                                               len(game.actions())))
    return 0
