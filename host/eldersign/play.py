"""`eldritch play`: a whole Elder Sign game in the terminal, seats human or bot, with save and load.

    eldritch play --players 2 --bots 2                    # the board on screen (Textual), seat 2 a bot
    eldritch play --plain                                 # numbered prompts, line by line
    eldritch play --resume                                # go on with the last autosave
    eldritch play --seed 7 --players 4 --bots all --log game.log

The game is shown by the shared front end (host/frontend/: the Textual app, or the plain mode when
stdin or stdout is not a terminal, with --plain, or without Textual) over the Elder Sign adapter
(frontend.py: its renderer, decision shapes and advisor). Both faces drive one frontend Session: the
same seed and choices give the same log in either. Every action is autosaved to the per-user state
folder (userdirs.py) through frontend/persist.py; `quit` and Ctrl-C ask on a terminal, then save
and write the log; a Ctrl-C (SIGINT) anywhere else saves, writes the log and exits 130. Bad input of
any kind is one line: a typed line at the prompt (and the game goes on), or an argument, a save or a
card file (exit 2).

A save is a host save (playsave.py: the kernel's game save with the bot seats, hint setting, bot
speed and card files). A bot-only game (`--bots all`) is played straight through, printing one
summary line; it saves only with --save (or at Ctrl-C).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from eldritch.cliargs import SEED, seconds, whole
from eldritch.saves.atomic import SaveError, shown, user_path
from eldritch.eldersign.gamelog import GameLog, FORMATS, TRANSCRIPT_HEADER
from eldritch.frontend.botseats import bot_seats
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game, HOUSE_RULES
from eldritch.kernel.eldersign.game.rules import house_bits
from eldritch.kernel.eldersign.game import table as gametable
from eldritch.kernel.eldersign.game import text as gametext
from eldritch.frontend import gcpause
from eldritch.saves import userdirs
from eldritch.frontend.interrupt import InterruptGuard
from eldritch.frontend.cli import finish
from eldritch.frontend.persist import Persist, log_problem, save_problem
from eldritch.frontend.session import Session
from eldritch.eldersign import playsave
from eldritch.eldersign.frontend import ElderSignGame
from eldritch.eldersign.playsave import Settings

LOG_HEADER = TRANSCRIPT_HEADER
INTERRUPTED = 130

PLAY_EXAMPLES = """examples:
  eldritch play --players 2 --bots 2              you play seat 1, the bot seat 2
  eldritch play --resume                          go on with the last autosaved game
  eldritch play --seed 7 --players 4 --bots all --log game.log
                                                  a whole bot game, its seed and log in game.log
  eldritch play --load game.sav --plain           a saved game, as numbered prompts
  eldritch play --house giveup_skips_terror       a house rule (data/GAME.md, "House rules")
  eldritch play --data mine --bots all --seed 3  your own cards (eldritch template mine, filled in)
during play: a number (or a click) chooses, Enter takes the default, 'save PATH' saves, 'hint'
explains the best option, 'board' shows the board, 'quit' asks, then saves and stops.
The game is autosaved after every action to $XDG_STATE_HOME/eldritch (or ~/.local/state/eldritch;
--state-dir or $ELDRITCH_STATE_DIR to change it)."""




_speed = seconds(0, 10, "--speed")


def add_parser(sub):
    p = sub.add_parser("play", help="play a whole game in the terminal (human or bot seats)",
                       description="Play a whole Elder Sign game: the board on screen, the solver's odds "
                                   "at every roll, seats human or bot, autosave, save and load.",
                       epilog=PLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=SEED, default=None,
                   help="the game's seed (default: from the clock)")
    p.add_argument("--players", type=whole(1, 8, "--players"), default=None,
                   help="players, 1-8 (default 1)")
    p.add_argument("--ancient-one", default=None,
                   help="the Ancient One by name: Yog-Sothoth, Yig, Azathoth, Ithaqua, Cthulhu, Hastur, "
                        "Nyarlathotep or Shub-Niggurath (or one of --data's), or random (drawn from the seed; "
                        "default Yog-Sothoth, else the first of --data's)")
    p.add_argument("--bots", default=None, help="'all', or seats taken by the bot: '2,3' (default none)")
    p.add_argument("--bot", choices=("heuristic", "search"), default=None,
                   help="which bot: heuristic (the kernel's own, the default) or search (the solver bot: "
                        "exact odds for every roll, slower)")
    p.add_argument("--plain", action="store_true",
                   help="numbered prompts line by line (screen readers, pipes); the default when "
                        "stdin or stdout is not a terminal or Textual is not installed")
    p.add_argument("--no-hints", action="store_true", help="no odds, no best marks, no hint key")
    p.add_argument("--speed", type=_speed, default=None, metavar="SECONDS",
                   help="seconds per bot action on screen (default 0.3; 0 is instant)")
    p.add_argument("--log", help="write the log of the game to this file (at the end, at quit or Ctrl-C)")
    p.add_argument("--log-format", choices=FORMATS, default="text",
                   help="text (words, default), json (for programs) or transcript (golden files)")
    p.add_argument("--load", help="continue the game saved in this file")
    p.add_argument("--resume", action="store_true", help="continue the last autosaved game")
    p.add_argument("--save", help="save the game to this file when it ends or stops")
    p.add_argument("--state-dir", help="the folder for the autosave (default: the per-user state folder)")
    p.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="an extra card file (TSV, see kernel/eldersign/data/GAME.md); repeatable")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="a folder of your own card tables (eldritch template DIR; each table there replaces "
                        "the shipped one, a table it lacks is the shipped one; eldritch check DIR)")
    p.add_argument("--house", default=None, metavar="RULES",
                   help="house rules, comma separated: %s (data/GAME.md, 'House rules')" % ", ".join(HOUSE_RULES))
    p.add_argument("--max-steps", type=whole(1, 10 ** 7, "--max-steps"), default=200000,
                   help=argparse.SUPPRESS)
    p.add_argument("--exit-after-first-screen", action="store_true", help=argparse.SUPPRESS)
    return p


# ----- games and logs without a session (tests and golden files) -------------------------------


# ----- games and logs without a screen (tests and golden files) --------------------------------

def log_header(game):
    return [LOG_HEADER, "seed %d" % game.seed, "players %d" % game.players,
            "ancient_one %s" % gametext.ancient_one(game)]


def make_session(game, data, settings, backend=None, state=None, log=None, autosave_every_action=True):
    """A frontend Session on an Elder Sign game (state: the autosave folder, None for none)."""
    adapter = ElderSignGame(game, data, settings, backend, log)
    return Session(adapter, settings, Persist("eldersign", state), autosave_every_action)


def golden_log(seed, players, ancient_one, data=None, max_steps=200000):
    """The transcript of a bot game (what `--bots all --log-format transcript` writes) and the game."""
    data = data or GameData()
    game = Game(data, players=players, seed=seed, ancient_one=ancient_one)
    session = make_session(game, data, Settings(bots=range(players)), autosave_every_action=False)
    play_bots(session, max_steps)
    return session.game.log.transcript(), game


def play_bots(session, max_steps: int, guard=None, each=None) -> None:
    """Play with the bot until the game ends or a seat is not a bot's; each(record, notice) after each."""
    steps = 0
    game = session.game
    while not game.is_terminal() and session.bot_turn():
        if steps >= max_steps:
            raise KernelError("option", "the game did not end within %d steps" % max_steps)
        record, notice = session.play(session.bot_action(), "bot")
        if each is not None:
            each(record, notice)
        steps += 1
        if guard is not None:
            guard.check()


def say(text: str = "") -> None:
    print(text, flush=True)


# ----- run --------------------------------------------------------------------------------------

def _fail(message: str) -> int:
    sys.stderr.write("eldritch: %s\n" % message)
    return 2


def open_game(args, state):
    """(game, data, settings) from --resume, --load or a new game, with the command line's settings
    over the save's."""
    settings = None
    if args.resume or args.load:
        if args.resume and args.load:
            raise KernelError("option", "--resume or --load, not both")
        path = os.path.join(state, userdirs.AUTOSAVE) if args.resume else user_path(args.load)
        if args.resume and not os.path.exists(path):
            raise KernelError("option", "no autosaved game to resume in %s" % shown(state))
        if args.data is not None:
            raise KernelError("option", "--data: a saved game holds its own card tables")
        cards = playsave.read_card_files(args.cards)
        game, data, settings = playsave.load_file(path, cards)
        if settings is None:
            settings = Settings(cards=cards)
        elif args.cards:
            raise KernelError("option", "--cards: this save holds its own card files")
    else:
        cards = playsave.read_card_files(args.cards)
        tables = playsave.read_data_folder(args.data) if args.data is not None else ()
        data = playsave.game_data(cards, tables, args.data or "data")
        seed = args.seed
        if seed is None:
            seed = int(time.time()) & 0x3FFFFFFF
        ancient_one = args.ancient_one
        if ancient_one is None:         # the shipped game's default, else the data's first
            names = [a.name for a in data.ancient_ones]
            ancient_one = "Yog-Sothoth" if "Yog-Sothoth" in names else names[0]
        game = Game(data, players=args.players or 1, seed=seed, ancient_one=ancient_one,
                    house=house_bits(args.house or ""))
        settings = Settings(cards=cards, data=tables)
    bots = settings.bots
    if args.bots is not None:
        bots = bot_seats(args.bots, game.players)
    settings = Settings(bots, settings.hints and not args.no_hints,
                        settings.speed if args.speed is None else args.speed, settings.cards, settings.data,
                        settings.kind if getattr(args, "bot", None) is None else args.bot)
    return game, data, settings



def use_tui(args) -> bool:
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        sys.stderr.write("eldritch: Textual is not installed (pip install 'eldritch[tui]'): plain mode\n")
        return False
    return True



def run(args, backend=None) -> int:
    """The `play` command; an exit code (0, 2 for bad input, 130 after Ctrl-C)."""
    gc_was_on = gcpause.hold()          # until the first screen or prompt (gcpause.py)
    try:
        return _run(args, backend, gc_was_on)
    except SaveError as exc:
        return _fail(str(exc))
    finally:
        gcpause.resume(gc_was_on)


def _run(args, backend, gc_was_on=True) -> int:
    for flag, value in (("--load", args.load), ("--save", args.save), ("--log", args.log),
                        ("--state-dir", args.state_dir)):
        if value is not None and not value.strip():
            raise KernelError("option", "%s: no file name given" % flag)    # '' is not "none"
    if args.players is not None and (args.load or args.resume):
        raise KernelError("option", "--players: a loaded game keeps its players")
    if args.house is not None and (args.load or args.resume):
        raise KernelError("option", "--house: a loaded game keeps its house rules")
    state = userdirs.state_dir(args.state_dir)
    game, data, settings = open_game(args, state)
    all_bots = len(settings.bots) == game.players
    for option, path in (("--log", args.log), ("--save", args.save)):
        if option == "--save":          # never a user's file, symlink or device (the save layer)
            problem = save_problem(path, "eldersign") if path else None
        else:
            problem = log_problem(path) if path else None
        if problem and all_bots:
            raise KernelError("option", "%s: %s" % (option, problem))
        if problem:
            say("%s: %s (the game goes on; save PATH works at any time)" % (option, problem))
    fresh = not (args.load or args.resume)
    log = GameLog(game, settings) if not game.actions() else GameLog.replayed(game, data, settings)
    if all_bots:
        gcpause.resume(gc_was_on)       # no screen to wait for: a whole game runs now
        return _run_bots(args, game, data, settings, log, state)
    session = make_session(game, data, settings, backend, state, log)

    def first_save() -> list:
        """Keep the previous autosave and make the first one: the lines to show (the screen calls
        this right after its first paint, so disk syncs do not delay it)."""
        lines = [_keep_previous(session)] if fresh else []
        return [line for line in lines + [session.autosave()] if line]
    if use_tui(args):
        from eldritch.frontend.tui import run_tui
        code = run_tui(session, args, first_save, lambda: gcpause.resume(gc_was_on, freeze=True))
    else:
        gcpause.resume(gc_was_on)
        for line in first_save():
            say(line)
        from eldritch.frontend.plain import PlainUI
        with InterruptGuard() as guard:
            code = PlainUI(session, guard).run()
    return finish(session, args) or code


def _keep_previous(session) -> str | None:
    line = session.persist.keep_previous()
    return line + " (eldritch play --load it)" if line else None


def _run_bots(args, game, data, settings, log, state) -> int:
    session = make_session(game, data, settings, None, None, log, autosave_every_action=False)
    code = 0
    with InterruptGuard() as guard:
        try:
            play_bots(session, args.max_steps, guard)
        except KeyboardInterrupt:
            session.persist = Persist("eldersign", state)
            sys.stderr.write("eldritch: %s\n" % session.stop_message(interrupted=True))
            code = INTERRUPTED
    if code == 0:
        snap = gametable.snapshot(game)
        say("seed %d: %s (doom %d, elder signs %d)" % (game.seed, log.summary(), snap.doom, snap.elder))
    notice = session.write_log(user_path(args.log), args.log_format) if args.log else None
    if notice:
        sys.stderr.write("eldritch: %s\n" % notice)
        code = code or 2
    if args.save:
        message = session.save(args.save)
        if message.startswith("not saved: "):
            sys.stderr.write("eldritch: %s\n" % message[len("not saved: "):].replace(" (the game goes on)", ""))
            return 2 if code == 0 else code
    return code
