"""What a game brings to the front end: one adapter object per game in play (host/<game>/frontend.py).

    class StayAwayGame(GameAdapter):
        name, title = "stayaway", "Stay Away!"
        hides_information = True
        def seat_name(self, seat): ...            # "P3"
        def acting_seat(self): ...                # the seat deciding now; None: chance, the machine's
        def legal(self): ...                      # the kernel's legal actions, as they are
        def bot_action(self, seat): ...           # the bot's (or chance's) action
        def play(self, action, by): ...           # apply; the step's Record (words per reader)
        def screen(self, viewer): ...             # the Screen a viewer sees (a seat, PUBLIC, REFEREE)
        def shape(self, seat, legal, hints): ...  # the decision shape (model.Menu / Toggle)
        def hint(self, seat): ...                 # the advice in words (optional)
        def save_payload(self): ...               # the kernel's save (the save layer wraps it)
        def save_settings(self, settings): ...    # the session's settings as the save's dict
        def table_bot(self, seat): ...            # a bot's action from the state alone (the server)

The table server (host/serve/) makes and opens games through the registry, host/games.py (each game
module's `table_game` and `table_load`), checks a submitted action with `is_legal`, lets bots play
through `table_bot` (the same action after a restart, for any seat a bot takes over) and shows the
kernel's whole log (`kernel_log`) once the game is over.

The kernel surface does the rules; the adapter only reads it: the renderer reads the seat's decoded
view (so it cannot show what the seat may not know), the shapes read the legal actions and words.
`log` is the game's log (frontend.gamelog.MultiLog, or Elder Sign's GameLog with the same methods).
"""

from __future__ import annotations



class GameAdapter:
    """The interface and its defaults (see the module docstring)."""

    name = "game"
    title = "a game"
    hides_information = False
    secrets = "what each player knows"   # what its sealed saves keep from the clear (in words)
    command = "eldritch"              # how to resume: "<command> --resume"

    log = None
    players = 0

    def seat_name(self, seat: int) -> str:
        return "seat %d" % (seat + 1)

    def acting_seat(self):
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def legal(self) -> list:
        raise NotImplementedError

    def bot_action(self, seat) -> int:
        raise NotImplementedError

    def play(self, action: int, by: str):
        raise NotImplementedError

    def screen(self, viewer):
        raise NotImplementedError

    def shape(self, seat: int, legal: list, hints: bool):
        raise NotImplementedError

    def hint(self, seat: int) -> str:
        return "no advice for this game's decisions"

    def summary(self) -> str:
        return self.log.summary()

    def save_payload(self) -> bytes:
        return bytes(self.state.serialize())

    def save_settings(self, settings) -> dict:
        return settings.as_json()

    def actions(self) -> list:
        return self.state.actions()

    def log_text(self, viewer, fmt: str = "text") -> str:
        """The log a reader may see, as text or JSON."""
        if fmt == "json":
            import json
            return json.dumps(self.log.json_doc(viewer), indent=1) + "\n"
        return self.log.text(viewer)

    def log_lines(self, viewer, since: int = 0) -> list:
        """The log's lines (setup and steps from `since`) a reader may see: the screen's log pane."""
        return self.log.lines(viewer, since)

    # ----- the table server (host/serve/) --------------------------------------------------------

    def is_legal(self, action: int) -> bool:
        """The kernel's own check that action may be applied now (by the seat whose turn it is)."""
        return bool(self.state.is_legal(action))

    def table_bot(self, seat) -> int:
        """A bot's action for seat (None: chance), as a function of the game's state alone: a
        server that restarts from its action log, or a bot taking over a seat that is away, plays
        what an uninterrupted bot would. The default is bot_action, for games whose bots keep no
        state of their own between moves."""
        return self.bot_action(seat)

    def kernel_log(self) -> str:
        """The kernel's whole log of the game (every card; the golden-file form): for the end only."""
        return self.log_text("referee", "transcript")
