"""What the server sends: one JSON frame per reader, built from what that reader may know only.

    frame = seat_frame(table_view, reader, log_from)    # a dict; json.dumps(frame) goes on the wire

A reader is a seat (0-based) or SPECTATOR. A frame holds:
- `screen`: the game's renderer of that reader's own view (adapter.screen(seat): the seat's decoded
  view; a spectator's is the public screen), as model.Screen.to_json();
- `log`: that reader's log lines (adapter.log_lines(seat, since)) from step `log_from` on;
- `news`: what happened since that reader's last decision (frontend/news.py, the panel the
  terminal shows above the decision): lines of that reader's own log, nothing more;
- `turn`: whose decision it is (a seat name the table knows), and `decision` (the shape built from
  the legal actions, with their words and odds) and `hint` only in the frame of the seat whose turn
  it is, when a person holds that seat and has more than one legal action (the only one is taken
  by the machine);
- `kernel_log`: the kernel's whole log (every card) once the game is over, and never before.

Never in a frame: the seed, the PRNG, another seat's screen, hand or log, the referee's log before
the end. This module reads the adapter only through those calls, so what a frame may hold is what
the renderer, the per-reader log and the shapes already show that reader (tests/test_serve_leaks.py
checks every frame of 100 games of each hidden-information game against re-drawn hidden states).
"""

from __future__ import annotations

from eldritch.frontend.gamelog import PUBLIC
from eldritch.frontend.news import news_panel

SPECTATOR = "spectator"


def reader_key(reader):
    """The adapter's viewer for a reader: a seat, or PUBLIC for a spectator."""
    return PUBLIC if reader == SPECTATOR else reader


def turn_info(table) -> dict | None:
    """Whose turn it is, as every reader may know it (None at the end or at chance)."""
    game = table.game
    if game.is_terminal():
        return None
    seat = game.acting_seat()
    if seat is None:
        return {"seat": None, "name": "the dice", "bot": True}
    return {"seat": seat, "name": game.seat_name(seat), "bot": not table.is_human(seat)}


def seat_frame(table, reader, log_from: int, decision: bool = True) -> dict:
    """The frame for reader (see the module docstring); `log_from`: the steps already sent."""
    game = table.game
    viewer = reader_key(reader)
    over = game.is_terminal()
    turn = turn_info(table)
    mine = (not over and reader != SPECTATOR and turn is not None and turn["seat"] == reader
            and table.is_human(reader) and not table.session.forced())     # a forced move is the machine's
    frame = {
        "type": "state",
        "table": table.id,
        "game": game.name,
        "title": game.title,
        "you": {"seat": None if reader == SPECTATOR else reader,
                "name": "spectator" if reader == SPECTATOR else game.seat_name(reader)},
        "seats": [{"name": game.seat_name(s), "bot": not table.is_human(s), "online": table.online(s)}
                  for s in range(game.players)],
        "move": table.move,
        "turn": turn,
        "yours": mine,
        "paused": table.paused,
        "ended": table.ended,
        "over": over,
        "result": game.summary() if over else None,
        "screen": game.screen(viewer).to_json(),
        "log": {"from": log_from, "lines": game.log_lines(viewer, log_from)},
        "news": news_panel(game, viewer, None if reader == SPECTATOR else reader).to_json(),
        "decision": None,
        "hint": None,
        "kernel_log": game.kernel_log() if over else None,
    }
    if mine and decision and not table.paused and not table.ended:
        frame["decision"] = table.session.decision().to_json()
        if table.session.hints:
            frame["hint"] = table.session.hint()
    return frame


def log_steps(table) -> int:
    """How many steps the game's log holds (the `log_from` of the next frame)."""
    return len(table.game.log.steps)


def error(code: str, message: str, move=None) -> dict:
    """A refusal: `code` for programs (stale, not_your_turn, illegal, bad_message, too_big, rate,
    bad_token, paused, ended, over, full, storage), `message` one line for people."""
    return {"type": "error", "code": code, "message": message, "move": move}
