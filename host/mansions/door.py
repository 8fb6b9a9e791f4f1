"""Mansions of Madness's front door functions (exported by `eldritch.mansions`): the typed view of a
state or of a view's bytes, and the legal actions with their words."""

from __future__ import annotations

from eldritch.doors import Action, actions as _actions, check_seat, check_state
from eldritch.kernel.mansions.game.consts import MAX_ACTIONS
from eldritch.kernel.mansions.game.rules import State
from eldritch.mansions import view as _view
from eldritch.mansions.view import decode_view, default_rules  # noqa: F401  (the door's names)

__all__ = ["read_view", "decode_view", "actions", "default_rules"]


def read_view(state: State, player: int) -> _view.MansionsView:
    """What seat `player` (0 the keeper, 1.. the investigators) may know of `state`, typed."""
    check_state(state, State, "Mansions of Madness")
    return _view.decode_on(state.view(check_seat(state, player)), state.story)


def actions(state: State) -> list[Action]:
    """The legal actions now (of the seat to act, or the chance node's roll), each with its text."""
    return _actions(check_state(state, State, "Mansions of Madness"), MAX_ACTIONS)
