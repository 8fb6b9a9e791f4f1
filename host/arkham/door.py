"""Arkham Horror's front door functions (exported by `eldritch.arkham`): the typed view of a state or
of a view's bytes, and the legal actions with their words."""

from __future__ import annotations

from eldritch.doors import Action, actions as _actions, check_seat, check_state
from eldritch.kernel.arkham.game.defs import MAX_ACTIONS
from eldritch.kernel.arkham.game.rules import ArkhamGame
from eldritch.arkham import view as _view
from eldritch.arkham.view import decode_view, default_rules  # noqa: F401  (the door's names)

__all__ = ["read_view", "decode_view", "actions", "default_rules"]


def read_view(state: ArkhamGame, player: int) -> _view.ArkhamView:
    """What `player` (0-based) may know of `state`, typed (every seat sees the same in this game)."""
    check_state(state, ArkhamGame, "Arkham Horror")
    return _view.decode_on(state.view(check_seat(state, player)), state.board)


def actions(state: ArkhamGame) -> list[Action]:
    """The legal actions now (of the seat to act, or the chance node's roll), each with its text."""
    return _actions(check_state(state, ArkhamGame, "Arkham Horror"), MAX_ACTIONS)
