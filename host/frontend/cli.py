"""The parts of a game's `play` command that every game shares: its options, opening a saved game
(sealed or not), choosing the face (Textual on a terminal, plain otherwise), and what happens at
the end (the autosave is current, the log and --save are written).

    add_play_args(parser)                      # --plain --speed --no-hints --resume --state-dir ...
    code = play_session(session, args, fresh)  # the game on screen, then finish()
    code = bot_game(session, args)             # every seat a bot: straight through

`--log` while the game can go on holds what everyone may read (the public log in a game that hides
information); once the game is over, the referee's log.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from ..atomic import SaveError, user_path
from ..kernel.errors import KernelError
from .. import userdirs
from . import persist as persistmod
from .interrupt import InterruptGuard

INTERRUPTED = 130
LOG_FORMATS = ("text", "json")


def _speed(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("--speed must be seconds, e.g. 0.3, not %r" % text[:20])
    if not 0 <= v <= 10:
        raise argparse.ArgumentTypeError("--speed must be 0 to 10 seconds")
    return v


def add_play_args(p, hints: bool = True) -> None:
    """The front end's options of a play command."""
    p.add_argument("--plain", action="store_true",
                   help="numbered prompts line by line (screen readers, pipes); the default when stdin or "
                        "stdout is not a terminal or Textual is not installed")
    p.add_argument("--speed", type=_speed, default=None, metavar="SECONDS",
                   help="seconds per bot action on screen (default 0.3; 0 is instant)")
    if hints:
        p.add_argument("--no-hints", action="store_true", help="no advised option, no hint key")
    p.add_argument("--resume", action="store_true", help="continue the last autosaved game of this game")
    p.add_argument("--state-dir", help="the folder for the autosave (default: the per-user state folder)")
    p.add_argument("--log-format", choices=LOG_FORMATS, default="text",
                   help="text (words, default) or json (for programs: each action's code beside its words)")


def use_tui(args) -> bool:
    if getattr(args, "plain", False) or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        sys.stderr.write("eldritch: Textual is not installed (.venv/bin/pip install -e '.[tui]'): plain mode\n")
        return False
    return True


def state_folder(args) -> str:
    return userdirs.state_dir(getattr(args, "state_dir", None))


def read_save(persist, args, load, limit: int = 1 << 20):
    """(state, settings, sealer or None) from --resume or --load: the file read capped, unsealed with
    the passphrase (--passphrase, else asked) when sealed, then load(blob). KernelError or SaveError
    (one line) when it cannot be."""
    if args.resume and args.load:
        raise KernelError("option", "--resume or --load, not both")
    if args.resume:
        path = persist.autosave_path
        if not os.path.exists(path):
            raise KernelError("option", "no autosaved game to resume in %s" % persist.state)
    else:
        path = user_path(args.load)
        if not path:
            raise KernelError("option", "--load needs a file name")
    try:
        box = persist.read(path, limit)
    except SaveError as exc:
        raise KernelError("save", str(exc))
    sealer = None
    if persistmod.is_sealed(box):
        words = getattr(args, "passphrase", None)
        if words is None:
            words = getpass.getpass("passphrase for %s: " % path)
        blob = persistmod.unseal(box, words)
        sealer = persistmod.sealer_for(words)
    else:
        blob = box
    state, settings = load(blob)
    return state, settings, sealer


def play_session(session, args, fresh: bool) -> int:
    """The game on screen (Textual or plain) until it ends or the players stop; then finish()."""

    def first_save() -> list:
        lines = []
        if fresh and session.persist is not None and not session.needs_passphrase():
            try:
                kept = session.persist.keep_previous()
            except SaveError as exc:
                kept = "the previous autosave was not kept: %s" % exc
            lines.append(kept)
        lines.append(session.autosave())
        return [line for line in lines if line]
    if use_tui(args):
        from .tui import run_tui
        code = run_tui(session, args, first_save)
    else:
        from .plain import PlainUI
        for line in first_save():
            print(line, flush=True)
        with InterruptGuard() as guard:
            code = PlainUI(session, guard, getpass=getpass.getpass).run()
    finish(session, args)
    return code


def finish(session, args) -> None:
    """At the end, quit or Ctrl-C: the autosave is current; write --log and --save (one line each
    on stderr when they fail)."""
    session.autosave()
    log = getattr(args, "log", None)
    notice = session.write_log(user_path(log) if log else None, getattr(args, "log_format", "text"))
    if notice:
        sys.stderr.write("eldritch: %s\n" % notice)
    save = getattr(args, "save", None)
    if save:
        message = session.save(save)
        if not message.startswith("saved to"):
            sys.stderr.write("eldritch: %s\n" % message)


def bot_game(session, args, max_steps: int = 1000000) -> int:
    """Every seat a bot: play to the end, then the log and --save; 130 after Ctrl-C."""
    steps = 0
    code = 0
    with InterruptGuard() as guard:
        try:
            while not session.game.is_terminal() and steps < max_steps:
                session.play(session.bot_action(), "bot")
                steps += 1
                guard.check()
        except KeyboardInterrupt:
            sys.stderr.write("eldritch: interrupted\n")
            code = INTERRUPTED
    log = getattr(args, "log", None)
    if log:
        notice = session.write_log(user_path(log), getattr(args, "log_format", "text"))
        if notice:
            sys.stderr.write("eldritch: %s\n" % notice)
            code = code or 2
    save = getattr(args, "save", None)
    if save:
        message = session.save(save)
        if not message.startswith("saved to"):
            sys.stderr.write("eldritch: %s\n" % message)
            code = code or 2
    return code


def check_paths(args, all_bots: bool) -> list:
    """Refuse a bad --log or --save before a bot game; before a game with people, say it and go on."""
    lines = []
    for option in ("log", "save"):
        path = getattr(args, option, None)
        problem = persistmod.target_problem(path) if path else None
        if problem and all_bots:
            raise KernelError("option", "--%s: %s" % (option, problem))
        if problem:
            lines.append("--%s: %s (the game goes on; save PATH works at any time)" % (option, problem))
    return lines
