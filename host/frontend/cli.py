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

from eldritch.cliargs import FD, seconds
from eldritch.saves.atomic import SaveError, shown, user_path
from eldritch.kernel.errors import KernelError
from eldritch.saves import userdirs
from eldritch.frontend import persist as persistmod
from eldritch.frontend.interrupt import InterruptGuard

INTERRUPTED = 130
LOG_FORMATS = ("text", "json", "transcript")


_speed = seconds(0, 10, "--speed")


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
                   help="text (words, default), json (for programs: each action's code beside its words) or "
                        "transcript (the golden-file form of tests/golden_games: each action's code, replayable)")


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


def read_save(persist, args, load):
    """(state, settings, seal or None, notice or None) from --resume or --load through the save
    layer: a sealed save asks its passphrase (--passphrase-fd N, else at the terminal: one line when
    there is neither), an older save of its table needs --allow-older; then load(payload, settings
    dict) gives the game. KernelError (one line) when it cannot be."""
    from eldritch.saves.passphrase import obtain
    if args.resume and args.load:
        raise KernelError("option", "--resume or --load, not both")
    fd = getattr(args, "passphrase_fd", None)
    allow = getattr(args, "allow_older", False)

    def ask():
        return obtain(fd, "the table's passphrase: ")
    try:
        if args.resume:
            if not os.path.exists(persist.autosave_path):
                raise KernelError("option", "no autosaved game to resume in %s" % shown(persist.state))
            save = persist.read_autosave(ask, allow)
        else:
            save = persist.read(user_path(args.load), ask, allow)
    except SaveError as exc:
        raise KernelError("save", str(exc))
    state, settings = load(save.payload, save.settings)
    return state, settings, save.seal, save.notice


def new_seal(args):
    """A new table's Seal from --passphrase-fd N (None without it: asked when first needed)."""
    fd = getattr(args, "passphrase_fd", None)
    if fd is None:
        return None
    from eldritch.saves.passphrase import from_fd
    from eldritch.saves.seal import Seal
    try:
        return Seal.new(from_fd(fd))
    except SaveError as exc:
        raise KernelError("option", str(exc))


def check_names(args, flags=("load", "save", "log", "state_dir")) -> None:
    """An empty file name is refused, not taken for 'none' (one line)."""
    for flag in flags:
        value = getattr(args, flag, None)
        if value is not None and not value.strip():
            raise KernelError("option", "--%s: no file name given" % flag.replace("_", "-"))


def add_passphrase_args(p) -> None:
    """The sealed games' options: the passphrase from a descriptor (never argv), older saves."""
    from eldritch.saves.passphrase import NoPassphraseOnArgv
    p.add_argument("--passphrase-fd", type=FD, default=None, metavar="N",
                   help="read the table's passphrase from file descriptor N (default: asked when first needed; "
                        "never on the command line, where every user of the machine can read it)")
    p.add_argument("--passphrase", action=NoPassphraseOnArgv, help=argparse.SUPPRESS)
    p.add_argument("--allow-older", action="store_true",
                   help="load a save older than the newest this table has made (said on the screen)")


def play_session(session, args, fresh: bool, notices=()) -> int:
    """The game on screen (Textual or plain) until it ends or the players stop; then finish()."""

    def first_save() -> list:
        lines = list(notices)
        if fresh and session.persist is not None:
            try:
                lines.append(session.persist.keep_previous())
            except SaveError as exc:
                lines.append("the previous autosave was not kept: %s" % exc)
        lines.append(session.autosave())
        return [line for line in lines if line]
    if use_tui(args):
        from eldritch.frontend.tui import run_tui
        code = run_tui(session, args, first_save)
    else:
        from eldritch.frontend.plain import PlainUI
        for line in first_save():
            print(line, flush=True)
        with InterruptGuard() as guard:
            code = PlainUI(session, guard, getpass=_ask_twice).run()
    return finish(session, args) or code


def _ask_twice(question: str) -> str:
    """A new table's passphrase at the terminal, without echo, typed twice (passphrase.prompt);
    nothing typed: no save."""
    words = getpass.getpass(question)
    if words and getpass.getpass("the same again: ") != words:
        raise SaveError("the two passphrases differ: not sealed")
    return words


def finish(session, args) -> int:
    """At the end, quit or Ctrl-C: the autosave is current; write --log and --save (when they fail,
    one line on stderr says each failure, and a failed --save says where the game is instead). 0, or
    2 when --log or --save failed, or when the game is saved nowhere (its autosave failed and no
    --save was written): a script that checks the exit code never takes a lost game for saved."""
    session.autosave()
    problems = _write_outputs(session, args, people=True)
    persist = session.persist
    if persist is not None and persist.state is not None and persist.saved is False and \
            not any(p.startswith("--save: ") for p in problems) and not getattr(args, "save", None):
        problems.insert(0, "the game could NOT be saved (%s)" % (persist.error or "autosave failed"))
    if problems:
        sys.stderr.write("eldritch: %s\n" % "; ".join(problems))
        return 2
    return 0


def _write_outputs(session, args, people: bool) -> list:
    """Write --log and --save; the problems, each a phrase (so that they are said on one line). A
    game with people also keeps its log beside the autosave, and a failed --save says where the game
    is instead."""
    problems = []
    log = getattr(args, "log", None)
    if log or people:
        notice = session.write_log(user_path(log) if log else None, getattr(args, "log_format", "text"))
        if notice:
            problems.append(notice)
    save = getattr(args, "save", None)
    if save:
        message = session.save(save)
        if message.startswith("not saved: "):
            reason = message[len("not saved: "):].replace(" (the game goes on)", "")
            if people:
                reason += ("; the game is saved in %s instead" % shown(session.autosave_path)
                           if session.persist is not None and session.persist.saved else "; the game is not saved")
            problems.append("--save: %s" % reason)
    return problems


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
    problems = _write_outputs(session, args, people=False)
    if problems:
        sys.stderr.write("eldritch: %s\n" % "; ".join(problems))
        code = code or 2
    return code


def check_paths(args, game: str, all_bots: bool) -> list:
    """Refuse a --save that would replace what is not a save of this game (a user's file, symlink,
    device), always, up front; a bad --log before a bot game; before a game with people, a bad --log
    is said and the game goes on."""
    lines = []
    save = getattr(args, "save", None)
    problem = persistmod.save_problem(save, game) if save else None
    if problem:
        raise KernelError("option", "--save: %s" % problem)
    log = getattr(args, "log", None)
    problem = persistmod.log_problem(log) if log else None
    if problem and all_bots:
        raise KernelError("option", "--log: %s" % problem)
    if problem:
        lines.append("--log: %s (the game goes on; save PATH works at any time)" % problem)
    return lines
