"""Stay Away! for `eldritch simulate --game stayaway` (its runner, named by the game registry): settings, bots, one seeded game.

A game's "win" is a win for The Thing's side (a true declaration, or The Thing infecting everyone);
the metrics count the Humans' wins, the turns, the eliminated and the infected. Game i of a run with
seed S is the game of seed S + i, `eldritch stayaway --seed S+i --players P --bots all` replays it;
the bot of seat k in the game of seed s is seeded s * 64 + k (kernel/stayaway/game/play.py). Note:
`eldritch simulate` accepts player counts up to 8; `eldritch stayaway simulate` goes to 12.
"""

from __future__ import annotations

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from eldritch.analysis.simgames import Setting

BOTS = {
    "random": "a uniformly random legal action",
    "heuristic": "suspicion from its view (kernel/stayaway/game/bots.py)",
    "search": "determinized search from its view (kernel/stayaway/game/search.py; slow)",
}
FLAGS = ("quick_start", "thing_in_pile", "flame_in_pile", "neighbour_only", "vengeful", "house_quarantine")


class StayAwayRunner:
    name = "stayaway"
    title = "Stay Away!"
    bots = BOTS
    default_bot = "heuristic"
    metrics = ("human_wins", "turns", "eliminated", "infected", "steps")
    tally_label = "result"

    def add_arguments(self, p) -> None:
        p.add_argument("--stayaway-options", default="", metavar="NAMES",
                       help="Stay Away!: options, comma-separated: " + ", ".join(FLAGS))

    def settings(self, args) -> list[Setting]:
        opts = []
        for name in (x.strip() for x in getattr(args, "stayaway_options", "").split(",")):
            if not name:
                continue
            if name not in FLAGS:
                raise KernelError("option", "--stayaway-options: no option '%s' (%s)" % (name, ", ".join(FLAGS)))
            opts.append((name, True))
        out = []
        for players in args.players:
            if not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
                raise KernelError("option", "--players: Stay Away! is for 4 to 12 players, not %d" % players)
            names = [x.strip() for x in (args.bots or self.default_bot).split(",") if x.strip()]
            if not names:
                raise KernelError("option", "--bots: %r names no bot (the bots: %s)" % (args.bots[:40], ", ".join(BOTS)))
            for n in names:
                if n not in BOTS:
                    raise KernelError("option", "--bots: no bot '%s' (the bots: %s)" % (n, ", ".join(BOTS)))
            seats = tuple(names[k] if k < len(names) else names[-1] for k in range(players))
            out.append(Setting(self.name, players, seats, tuple(opts)))
        return out

    def prepare(self, setting: Setting, backend=None) -> Rules:
        return Rules({k: v for k, v in setting.options})

    def play(self, setting: Setting, seed: int, rules: Rules) -> dict:
        s = play_game(rules, seed, setting.players, make_bots(list(setting.bots), seed, rules))
        thing = s.result in (D.R_DECLARED, D.R_THING_ALONE)
        humans = s.result in (D.R_BURNT, D.R_FALSE, D.R_FOUND) and any(s.returns())
        infected = sum(1 for p in range(s.players) if s.role[p] == D.INFECTED_ROLE)
        return {"win": 1 if thing else 0,
                "metrics": {"human_wins": 1 if humans else 0, "turns": s.turn,
                            "eliminated": s.players - core.living(s), "infected": infected, "steps": s.nlog},
                "tallies": {D.RESULT_NAMES[s.result]: [1, 1]}}

    def group(self, setting: Setting) -> tuple[str, int]:
        return "Stay Away!", setting.players


RUNNER = StayAwayRunner()
