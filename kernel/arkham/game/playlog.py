"""A seeded game with bots in every seat, and its text log: the same lines on every runtime.

    lines = bot_game(rules, seed, players, bot="heuristic")   # the log, one string per line
    game = replay_log(rules, lines)                            # the game the log's actions give

The log: a header (format, seed, players, bot), the setup's events, then for each action
"> CODE text" and its events indented by two spaces, then the result and the Honoured Citizen(s).
(Allocates: host, tests and the board's command line use it, never a per-step path.)
"""

from array import array

from ...errors import KernelError
from .bots import RandomBot, HeuristicBot
from .defs import RESULT_NAMES
from .text import action_text, events
from . import state

HEADER = "# eldritch arkham log v1"


def make_bot(rules, bot, seed):
    if bot == "heuristic":
        return HeuristicBot(rules.board)
    if bot == "random":
        return RandomBot(seed * 7919 + 1)
    raise KernelError("option", "bot must be heuristic or random, not %r" % bot)


def header(game, bot):
    return [HEADER, "seed %d" % game.seed, "players %d" % game.players, "bot %s" % bot]


def step_lines(game, a, out):
    """Apply a and append its log lines."""
    out.append("> %d %s" % (a, action_text(game, a)))
    game.apply(a)
    for e in events(game):
        out.append("  " + e)


def end_lines(game, out):
    if game.is_terminal():
        out.append("result %s after %d rounds (doom %d, open gates %d)" % (
            RESULT_NAMES[game.result], game.round, game.doom, state.open_gates(game)))
    else:
        out.append("stopped in round %d" % game.round)


def bot_game(rules, seed, players, bot="heuristic", max_steps=100000):
    """The full log of a game with the bot in every seat."""
    game = rules.new_game(seed, players)
    chooser = make_bot(rules, bot, seed)
    buf = array("i", [0] * rules.max_actions)
    out = header(game, bot)
    steps = 0
    while not game.is_terminal() and steps < max_steps:
        n = game.legal_actions(buf)
        step_lines(game, chooser.choose(game, buf, n), out)
        steps += 1
    end_lines(game, out)
    return out, game


def log_actions(lines):
    return [int(line.split(" ")[1]) for line in lines if line.startswith("> ")]


def replay_log(rules, lines):
    """(the log rebuilt by replaying its actions, the game): equal to the input for a sound log."""
    seed = players = None
    bot = "?"
    for line in lines[:4]:
        if line.startswith("seed "):
            seed = int(line[5:])
        elif line.startswith("players "):
            players = int(line[8:])
        elif line.startswith("bot "):
            bot = line[4:]
    if seed is None or players is None:
        raise KernelError("log", "not an eldritch arkham log (no seed or players line)")
    game = rules.new_game(seed, players)
    out = header(game, bot)
    for a in log_actions(lines):
        step_lines(game, a, out)
    end_lines(game, out)
    return out, game
