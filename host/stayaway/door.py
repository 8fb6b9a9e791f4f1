"""Stay Away!'s front door functions (exported by `eldritch.stayaway`): the typed view of a state
and the legal actions with their words. Stay Away! has no odds functions: its chance is the deck's
order and the choices of hidden roles, which no closed formula answers (the simulator and the bots'
search estimate win rates instead: `eldritch stayaway simulate`)."""

from __future__ import annotations

from eldritch.doors import Action, actions as _actions, check_seat, check_state
from eldritch.kernel.stayaway.game.defs import MAX_ACTIONS
from eldritch.kernel.stayaway.game.rules import State
from eldritch.stayaway.view import StayAwayView, decode_view

__all__ = ["read_view", "actions"]


def read_view(state: State, player: int) -> StayAwayView:
    """What `player` (0-based) may know of `state`, typed: decode_view(state.view(player))."""
    check_state(state, State, "Stay Away!")
    return decode_view(state.view(check_seat(state, player)))


def actions(state: State) -> list[Action]:
    """The legal actions now (of the player `state.current_player()`), each with its text."""
    return _actions(check_state(state, State, "Stay Away!"), MAX_ACTIONS)
