"""The log of a game in play, in words (for people) or JSON (for programs).

    log = GameLog(game, settings)          # a new game: its setup events
    step = log.play(game, action, "player")   # the one place a session applies an action
    text = log.text(); doc = log.json_doc()
    log = GameLog.replayed(game, data, settings)   # a loaded game: the log rebuilt from its actions

Every action of every mode (the terminal UI, the plain prompts, bot games) goes through `play`, so
the same seed and actions give the same log whichever mode played them. A text line never shows
an action's code: "> seat 1, Name: move to The Curator (slot 2)" and its events indented below;
the JSON log keeps the code of each action (to replay it) beside its words. The turn count of the
summary is the number of the last "turn N" line of the log.

`transcript` is the golden-playthrough form (tests/golden_games/eldersign): each action as "> CODE
words", the lines kernel/eldersign/game/playlog.py writes on every runtime.
"""

from __future__ import annotations

import json

from eldritch.kernel.eldersign.game import text as gametext
from eldritch.kernel.eldersign.game.machine import Game, EV_TURN
from eldritch.kernel.eldersign.game.playlog import HEADER as TRANSCRIPT_HEADER

TEXT_HEADER = "# eldritch play log v2"
FORMATS = ("text", "json", "transcript")


class Step:
    """One applied action: who did it, its words and code, and the events it caused."""

    def __init__(self, number, turn, seat, who, phase, by, action, text):
        self.number = number
        self.turn = turn
        self.seat = seat
        self.who = who
        self.phase = phase
        self.by = by
        self.action = action
        self.text = text
        self.events: list[str] = []

    def line(self) -> str:
        return "> %s: %s" % (self.who, self.text)

    def lines(self, viewer=None) -> list:
        """The step as the log shows it: its line, then its events indented."""
        return [self.line()] + ["  " + e for e in self.events]

    def as_json(self) -> dict:
        return {"step": self.number, "turn": self.turn, "seat": self.seat + 1, "who": self.who,
                "phase": self.phase, "by": self.by, "action": self.action, "text": self.text,
                "events": self.events}


def acting_seat(game) -> int:
    """The seat whose decision it is (the seat a question names; the active seat at a roll)."""
    return gametext.acting_seat(game)


class GameLog:
    """Header, setup events and steps of one game (see the module docstring)."""

    def __init__(self, game, settings=None, setup_events=None):
        self.seed = game.seed
        self.players = game.players
        self.ancient_one = gametext.ancient_one(game)
        self.bots = sorted(settings.bots) if settings is not None else []
        self.cards = [name for name, _ in settings.cards] if settings is not None else []
        if setup_events is None:
            setup_events = gametext.setup_events(game)
        self.setup = setup_events
        self.steps: list[Step] = []
        self.turns = 0
        self._count_turns(gametext.setup_event_codes(game))
        self.result: str | None = None

    @classmethod
    def replayed(cls, game, data, settings=None) -> "GameLog":
        """The log of a loaded game, rebuilt by replaying its actions from the seed (the kernel save
        keeps the actions, not who chose them: a seat the bot plays now is logged as the bot's)."""
        fresh = Game(data, players=game.players, seed=game.seed, ancient_one=gametext.ancient_one(game))
        log = cls(fresh, settings)
        bots = settings.bots if settings is not None else frozenset()
        for a in game.actions():
            log.play(fresh, a, "bot" if acting_seat(fresh) in bots else "player")
        return log

    def _count_turns(self, events):
        for code, a, b, c in events:
            if code == EV_TURN:
                self.turns = c + 1

    def play(self, game, action: int, by: str) -> Step:
        """Apply action to game (KernelError when it is not legal) and log it."""
        seat = acting_seat(game)
        step = Step(len(self.steps) + 1, self.turns, seat, gametext.seat_text(game, seat),
                    gametext.phase_name(game), by, action, gametext.action_text(game, action))
        game.apply(action)
        step.events = gametext.events(game)
        self._count_turns(gametext.event_codes(game))
        self.steps.append(step)
        if game.is_terminal():
            self.result = "win" if game.returns()[0] else "loss"
        return step

    # ----- renderings -------------------------------------------------------------------------

    def summary(self) -> str:
        if self.result is None:
            return "the game goes on (turn %d)" % self.turns
        return "the investigators %s after %d turns" % ("win" if self.result == "win" else "lose", self.turns)

    def lines(self, viewer=None, since: int = 0) -> list:
        """The setup's (when since is 0) and steps' lines, as the text log has them (Elder Sign is
        cooperative: every reader sees the same)."""
        out = ["  " + e for e in self.setup] if since == 0 else []
        for step in self.steps[since:]:
            out.append(step.line())
            out += ["  " + e for e in step.events]
        return out

    def text(self, viewer=None) -> str:
        out = [TEXT_HEADER, "seed %d" % self.seed, "players %d" % self.players,
               "ancient_one %s" % self.ancient_one,
               "bots %s" % (", ".join("seat %d" % (b + 1) for b in self.bots) or "none")]
        if self.cards:
            out.append("cards %s" % ", ".join(self.cards))
        out += ["  " + e for e in self.setup]
        for step in self.steps:
            out.append(step.line())
            out += ["  " + e for e in step.events]
        out.append("result %s" % (self.summary() if self.result else "none yet: %s" % self.summary()))
        return "\n".join(out) + "\n"

    def json_doc(self, viewer=None) -> dict:
        return {"format": "eldritch-play-log", "version": 1, "seed": self.seed, "players": self.players,
                "ancient_one": self.ancient_one, "bots": [b + 1 for b in self.bots], "cards": self.cards,
                "setup": self.setup, "steps": [s.as_json() for s in self.steps],
                "result": self.result, "turns": self.turns}

    def transcript(self) -> str:
        out = [TRANSCRIPT_HEADER, "seed %d" % self.seed, "players %d" % self.players,
               "ancient_one %s" % self.ancient_one]
        out += ["  " + e for e in self.setup]
        for step in self.steps:
            out.append("> %d %s" % (step.action, step.text))
            out += ["  " + e for e in step.events]
        if self.result:
            out.append("result %s" % self.result)
        return "\n".join(out) + "\n"

    def render(self, fmt: str) -> str:
        if fmt == "json":
            return json.dumps(self.json_doc(), indent=1) + "\n"
        if fmt == "transcript":
            return self.transcript()
        return self.text()
