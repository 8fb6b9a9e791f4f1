"""Elder Sign's whole-game front door functions (exported by `eldritch`): the typed view of a game
for a seat (`eldersign/view.py`) and the legal actions with their words."""

from __future__ import annotations

from eldritch.doors import Action, actions as _actions, check_state
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.eldersign.view import read_view  # noqa: F401  (the door's name)

__all__ = ["read_view", "actions"]


def actions(game: Game) -> list[Action]:
    """The legal actions now (of the seat to act, or the roll at a chance node), with their text."""
    return _actions(check_state(game, Game, "Elder Sign"), MAX_GAME_ACTIONS)
