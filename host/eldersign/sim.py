"""Elder Sign for `eldritch simulate` and `eldritch sweep`: settings, bots and one seeded game.

A setting is an Ancient One, a player count, a bot per seat, the adventure sets and (optionally)
investigators the bots prefer when they pick one. Game i of a run with seed S is the game of seed
S + i, so `eldritch play --seed S+i --players P --ancient-one A --bots all` replays it with the
built-in bot (the `basic` bot here). A bot of seat k in the game of seed s is seeded s * 9 + k + 1.

Bots: random, basic (the kernel's built-in bot), heuristic (bots/heuristic.py) and solver (exact odds
on the host, solverbot.py); search is the solver bot by the name every game's strongest bot has. Every decision the game asks is answered by the bot of the acting seat;
a roll of the dice (chance) is applied as the game offers it.
"""

from __future__ import annotations

from array import array

from eldritch.kernel.errors import KernelError
from eldritch.kernel import prng
from eldritch.kernel.eldersign.game.data import GameData, DEFAULT_SETS
from eldritch.kernel.eldersign.game.machine import (Game, MAX_GAME_ACTIONS, F_PICK, A_PICK, EV_WON, EV_LOST,
    EV_DEVOUR)
from eldritch.kernel.eldersign.game import bot as basic_bot
from eldritch.kernel.eldersign.game.bots import observe as O
from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot
from eldritch.kernel.eldersign.game.bots.randombot import RandomBot
from eldritch.kernel.eldersign import library
from eldritch.analysis.simgames import Setting

MAX_STEPS = 100_000

BOTS = {
    "random": "a uniformly random legal action",
    "basic": "the kernel's built-in bot (game/bot.py)",
    "heuristic": "rules of thumb with the value function (bots/heuristic.py)",
    "solver": "exact odds for every roll and the adventure choice (solverbot.py, C core)",
    "search": "the strongest bot: the solver bot (the same games as 'solver')",
}


class BasicBot:
    name = "basic"

    def __init__(self, seed=0, weights=None):
        pass

    def choose(self, game, buf, n):
        return basic_bot.choose(game, buf, n)


class Context:
    """What one process keeps for a setting: the card data, the solver cache, the preferred
    investigators' indices."""

    def __init__(self, setting: Setting, backend=None, store=None):
        sets = setting.option("sets", DEFAULT_SETS)
        self.data = GameData(sets=tuple(sets))
        self.ancient_one = self.data.ancient_one(setting.option("ancient_one", "Yog-Sothoth"))
        self.weights = dict(setting.option("weights", ()) or ())
        self.cache = None
        if "solver" in setting.bots or "search" in setting.bots:
            from eldritch.eldersign.solverbot import SolverCache
            self.cache = SolverCache(backend, store=store)
        self.prefer = []
        for name in setting.option("investigators", ()) or ():
            found = [i for i, r in enumerate(self.data.investigators) if name.lower() in r.name.lower()]
            if len(found) != 1:
                raise KernelError("option", "--investigators: '%s' names %d investigators, not one" % (name, len(found)))
            self.prefer.append(found[0])

    def flush(self) -> None:
        """Publish what the solver bots solved to the store of solved tables (if any)."""
        if self.cache is not None:
            self.cache.flush()

    def make_bot(self, name: str, seed: int):
        if name == "random":
            return RandomBot(seed)
        if name == "basic":
            return BasicBot(seed)
        if name == "heuristic":
            return HeuristicBot(seed, self.weights)
        if name == "solver" or name == "search":
            from eldritch.eldersign.solverbot import SolverBot
            return SolverBot(seed, self.weights, cache=self.cache)
        raise KernelError("option", "no bot '%s' (the bots: %s)" % (name, ", ".join(BOTS)))


def play_game(setting: Setting, seed: int, ctx: Context, on_step=None) -> tuple[Game, dict]:
    """Play one game to its end; returns the game and its record (see simgames)."""
    seed &= prng.SEED_MAX
    game = Game(ctx.data, players=setting.players, seed=seed, ancient_one=ctx.ancient_one)
    bots = [ctx.make_bot(setting.bots[k], (seed * 9 + k + 1) & prng.SEED_MAX) for k in range(setting.players)]
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    tallies: dict = {}
    devoured = 0
    steps = 0
    while not game.is_terminal():
        if steps >= MAX_STEPS:
            raise KernelError("game", "seed %d did not end within %d steps" % (seed, MAX_STEPS))
        n = game.legal_actions(buf)
        seat = O.acting_seat(game)
        a = None
        if ctx.prefer and O.question(game) == F_PICK:
            for inv in ctx.prefer:
                for i in range(n):
                    if buf[i] == A_PICK + inv:
                        a = buf[i]
                        break
                if a is not None:
                    break
        if a is None:
            a = bots[seat].choose(game, buf, n)
        game.apply(a)
        steps += 1
        for code, x, y, _ in O.step_events(game):
            if code == EV_WON or code == EV_LOST:
                t = tallies.setdefault(O.adventure_name(game, y), [0, 0])
                t[0] += 1
                t[1] += 1 if code == EV_WON else 0
            elif code == EV_DEVOUR:
                devoured += 1
        if on_step is not None:
            on_step(game, a)
    record = {"win": O.won(game),
              "metrics": {"turns": O.turns(game), "devoured": devoured, "elder_signs": O.elder_signs(game),
                          "doom": O.doom(game), "steps": steps},
              "tallies": tallies}
    return game, record


class EldersignRunner:
    name = "eldersign"
    title = "Elder Sign"
    bots = BOTS
    default_bot = "heuristic"
    metrics = ("turns", "devoured", "elder_signs", "doom", "steps")
    tally_label = "adventure"
    uses_store = True               # prepare() takes the solver bot's store of solved tables

    def add_arguments(self, p) -> None:
        p.add_argument("--ancient-one", default="Yog-Sothoth", metavar="NAMES",
                       help="Elder Sign: Ancient Ones, comma-separated, 'all', or 'random' (each game "
                            "draws one from its seed; default Yog-Sothoth)")
        p.add_argument("--sets", default="", metavar="SETS",
                       help="Elder Sign: adventure sets, comma-separated prefixes (default: the game's, Core,Other Worlds,Generic)")
        p.add_argument("--investigators", default="", metavar="NAMES",
                       help="Elder Sign: investigators the bots pick first when they pick one (comma-separated)")
        p.add_argument("--weights", default="", metavar="NAME=V,...",
                       help="Elder Sign: value function weights for the heuristic and solver bots "
                            "(kernel/eldersign/game/bots/value.py)")

    def ancient_ones(self) -> list[str]:
        return [a.name for a in GameData().ancient_ones]

    def settings(self, args) -> list[Setting]:
        names = self.ancient_ones()
        wanted = names if args.ancient_one == "all" else [x.strip() for x in args.ancient_one.split(",") if x.strip()]
        for w in wanted:
            if w not in names and w.lower() != "random":
                raise KernelError("option", "--ancient-one: no Ancient One '%s' (%s, or random: drawn "
                                  "from each game's seed)" % (w, ", ".join(names)))
        sets = list(DEFAULT_SETS)
        if args.sets:
            adventures = library.load()
            sets = [library.resolve_set(adventures, s.strip()) for s in args.sets.split(",") if s.strip()]
        options = [("sets", tuple(sets))]
        if args.investigators:
            options.append(("investigators", tuple(x.strip() for x in args.investigators.split(",") if x.strip())))
        if args.weights:
            options.append(("weights", tuple(sorted(parse_weights(args.weights).items()))))
        out = []
        for players in args.players:
            if not 1 <= players <= 8:
                raise KernelError("option", "--players: Elder Sign is for 1 to 8 players, not %d" % players)
        for ao in wanted:
            for players in args.players:
                for bots in seat_bots(args.bots, players, self):
                    out.append(Setting(self.name, players, bots, tuple(options) + (("ancient_one", ao),)))
        return out

    def prepare(self, setting: Setting, backend=None, store=None) -> Context:
        """What a process keeps for a setting; `store` a tablestore.TableStore for the solver bot."""
        return Context(setting, backend, store)

    def play(self, setting: Setting, seed: int, ctx: Context) -> dict:
        return play_game(setting, seed, ctx)[1]

    def group(self, setting: Setting) -> tuple[str, int]:
        """(row, column) of a chart: Ancient One and player count."""
        return setting.option("ancient_one"), setting.players


def parse_weights(text: str) -> dict:
    from eldritch.kernel.eldersign.game.bots.value import DEFAULTS
    out = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in DEFAULTS:
            raise KernelError("option", "--weights: '%s' is not NAME=NUMBER with a name of %s" % (part, ", ".join(sorted(DEFAULTS))))
        try:
            out[name] = float(value)
        except ValueError:
            raise KernelError("option", "--weights: '%s' is not a number" % value)
    return out


def seat_bots(text: str, players: int, runner) -> list[tuple]:
    """The bots of the seats: 'solver' (every seat), 'solver,heuristic' (seat by seat, the last
    repeated), or 'a|b' alternatives (one setting each)."""
    out = []
    for alt in (text or runner.default_bot).split("|"):
        names = [x.strip() for x in alt.split(",") if x.strip()]
        if not names:
            raise KernelError("option", "--bots: %r names no bot (the bots: %s)" % (text[:40], ", ".join(runner.bots)))
        for n in names:
            if n not in runner.bots:
                raise KernelError("option", "--bots: no bot '%s' (the bots: %s)" % (n, ", ".join(runner.bots)))
        seats = tuple(names[k] if k < len(names) else names[-1] for k in range(players))
        out.append(seats)
    return out


RUNNER = EldersignRunner()
