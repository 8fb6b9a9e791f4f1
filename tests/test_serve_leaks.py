"""The server's leak test: every frame the server sends to each reader over 100 seeded
bot-and-human games of Stay Away! and of Mansions of Madness, recorded at the clients (Starlette's
WebSocket test client, one thread per person and one spectator per table), holds nothing that
reader's view does not, checked the way the kernel's view tests check views:

- At the move each frame was sent, the true state is re-drawn in everything that reader may not
  know (Stay Away!: the kernel leak test's `resample`, which deals the other hands, the pile, the
  unseen discards, the roles and every unseen card of the event log again; Mansions: the view
  test's mutations of the deck orders, the PRNG and, for an investigator, the keeper's hand,
  objective, guide answers, face-down cards and locks). The server's own frame builder run on the
  re-drawn state must give the same screen, turn, decision with its words and odds, and hint.
  A spectator's frame must not change whichever single seat's secrets are re-drawn.
- The log lines a reader was sent, in order, equal the ones rebuilt step by step from re-drawn
  states with the kernel's own words (the actor's own text for its move, the public text for the
  others', the events as that reader may read them).
- No frame holds the kernel's whole log before the game is over, nor a seed.
- What happened (the frame's `news`, the panel above the decision) holds only lines of that
  reader's own log as sent so far: the first part a run of it, the rest its newest lines, with at
  most one line saying how many are left out between them.

`test_the_check_finds_a_planted_leak` shows the check can fail: a server that sent each seat its
neighbour's screen is caught.
"""

import json
import random
from array import array
import sys
import threading
from pathlib import Path

import pytest

from serve_helpers import TestClient, Limits, make, create, token_of, watch_token, join, play_through

from eldritch.frontend.gamelog import MultiLog, PUBLIC
from eldritch.frontend.session import Session
from eldritch.frontend.settings import Settings
from eldritch.kernel.stayaway.game import defs as SD
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.stayaway.game.text import event_lines, player_name, public_action_text
from eldritch.kernel.mansions.game import text as MT
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.mansions.frontend import MansionsGame, head_words as mansions_head_words, seat_name as mansions_seat_name
from eldritch.serve import messages
from eldritch.stayaway.frontend import StayAwayGame

sys.path.insert(0, str(Path(__file__).resolve().parent / "stayaway"))
from test_stayaway_leaks import resample  # noqa: E402  the kernel leak test's re-drawing
from test_mansions_views import mutate_chance, mutate_keeper_secrets  # noqa: E402

GAMES = int(__import__("os").environ.get("SERVE_LEAK_GAMES", "100"))
SPECTATOR = messages.SPECTATOR
NOW = ("screen", "turn", "yours", "decision", "hint", "seats", "move", "over", "paused", "ended", "you", "title")


class Twin:
    """A table around a re-drawn state: what messages.seat_frame reads of a Table."""

    def __init__(self, table_id, game, settings, move, online):
        self.id = table_id
        self.session = Session(game, settings, None, autosave_every_action=False)
        self.move = move
        self.paused = False
        self.ended = False
        self._online = online

    @property
    def game(self):
        return self.session.game

    def is_human(self, seat):
        return seat is not None and seat not in self.session.settings.bots

    def online(self, seat):
        return self._online[seat]


# ----- the two games ------------------------------------------------------------------------------------

class StayAway:
    name = "stayaway"

    def setup(self, g):
        players = 4 + g % 3
        rng = random.Random(g)
        humans = sorted(rng.sample(range(players), 1 + g % 2))
        return players, humans

    def new_game(self, seed, players):
        return StayAwayRules().new_game(seed, players)

    def twins(self, s, reader, rng):
        """Re-drawn states for reader (two for a spectator: one seat's secrets re-drawn, then another's)."""
        if reader == SPECTATOR:
            return [resample(s, 0, rng), resample(s, 1, rng)]
        return [resample(s, reader, rng)]

    def adapter(self, s, settings):
        return StayAwayGame(s, settings, log=MultiLog([]))

    def setup_lines(self, t, reader):
        return ["  " + e for e in event_lines(t, 0, SD.NOBODY if reader == SPECTATOR else reader)]

    def head(self, t, action, reader):
        """The step's first line as reader reads it, from a re-drawn state before the step."""
        actor = t.current_player()
        return "> %s: %s" % (player_name(actor), t.action_text(action) if actor == reader
                             else public_action_text(t, action))

    def events(self, t, nev, reader):
        """The step's events as reader reads them, from a re-drawn state after it."""
        return ["  " + e for e in event_lines(t, nev, SD.NOBODY if reader == SPECTATOR else reader)]


class Mansions:
    name = "mansions"

    def __init__(self):
        self.rules = MansionsRules()
        self.scratch = {}

    def setup(self, g):
        players = 2 + g % 3
        rng = random.Random(g)
        humans = sorted(rng.sample(range(players), 1 + g % 2))
        if g % 4 == 0 and 0 not in humans:
            humans = [0] + humans[1:]                       # the keeper a person in a quarter at least
        return players, humans

    def new_game(self, seed, players):
        return self.rules.new_game(seed, players)

    def twins(self, s, reader, rng):
        from eldritch.kernel import prng
        t = self.copy(s, reader)
        r = prng.new_state(rng.randrange(1, 1 << 20))
        mutate_chance(t, r)
        if reader != 0:                                     # an investigator or a spectator
            mutate_keeper_secrets(t, r)
        return [t]

    def copy(self, s, reader):
        """s copied into a scratch state of reader's (State.clone allocates every buffer: slow here)."""
        t = self.scratch.get((reader, s.players))
        if t is None:
            t = self.scratch[(reader, s.players)] = s.clone()
        for name, value in vars(s).items():
            if isinstance(value, (array, bytearray)):
                getattr(t, name)[:] = value
            elif isinstance(value, int):
                setattr(t, name, value)
        return t

    def adapter(self, s, settings):
        return MansionsGame(self.rules, s, settings, log=MultiLog([]))

    def viewer(self, t, reader):
        return (1 if t.players > 1 else 0) if reader == SPECTATOR else reader

    def setup_lines(self, t, reader):
        return []

    def head(self, t, action, reader):
        actor = t.current_player()
        who = "the d10" if actor < 0 else mansions_seat_name(t.story, t, actor)
        return "> %s: %s" % (who, mansions_head_words(t, action, self.viewer(t, reader)))

    def events(self, t, nev, reader):
        return ["  " + e for e in MT.events(t, self.viewer(t, reader))]


# ----- playing and checking -------------------------------------------------------------------------------

def play_games(folder, kind, games, seed0=0):
    """[(table doc, seed, {reader: frames}, final actions, settings)] of games played through the server
    (its journal not fsynced: durability is test_serve_faults.py's)."""
    app, server = make(folder, durable=False, limits=Limits(rate=10000, burst=10000))   # clients faster than people
    out = []
    with TestClient(app) as c:
        for g in range(seed0, seed0 + games):
            players, humans = kind.setup(g)
            doc = create(c, kind.name, players, [s for s in range(players) if s not in humans], seed=1000 + g)
            frames = {r: [] for r in humans + [SPECTATOR]}
            errors = []

            def person(reader):
                try:
                    with c.websocket_connect("/ws") as ws:
                        token = watch_token(doc) if reader == SPECTATOR else token_of(doc, reader)
                        play_through(ws, random.Random(g * 31 + (7 if reader == SPECTATOR else reader)),
                                     frames[reader], first=join(ws, token))
                except Exception as exc:           # noqa: BLE001  reported below
                    errors.append(exc)
            threads = [threading.Thread(target=person, args=(r,)) for r in frames]
            for t in threads:
                t.start()
            for t in threads:
                t.join(120)
            assert not errors, errors
            table = server.tables[doc["id"]]
            assert table.game.is_terminal()
            out.append((doc, 1000 + g, frames, list(table.game.actions()), table.session.settings))
    return out


def check_news(news, log, reader):
    """The news of a frame is made of the reader's log as sent so far (see the module docstring)."""
    texts = [" " * line["indent"] + "".join(sp["text"] for sp in line["spans"]) for line in news["lines"]]
    markers = [i for i, t in enumerate(texts) if t.startswith("(") and "left out here" in t]
    assert len(markers) <= 1, "reader %s: more than one gap in the news" % reader
    head, tail = (texts[:markers[0]], texts[markers[0] + 1:]) if markers else ([], texts)
    assert not tail or log[len(log) - len(tail):] == tail, "reader %s: the news is not its log's newest lines" % reader
    assert not head or any(log[i:i + len(head)] == head for i in range(len(log))), \
        "reader %s: the news holds a line its log does not" % reader


def check_game(kind, doc, seed, frames, actions, settings, rng):
    """Every frame of one game against re-drawn states, move by move (see the module docstring);
    how many frames were checked."""
    at = {r: {} for r in frames}
    got_log = {}
    for reader, got in frames.items():
        log = []
        for f in got:
            assert f["type"] in ("state", "ack"), f
            if f["type"] != "state":
                continue
            if not f["over"]:
                assert f["kernel_log"] is None, "the kernel's log before the end"
                assert "seed" not in json.dumps(f["screen"]) + "".join(f["log"]["lines"])
            if f["log"]["from"] == 0:
                log = []
            log += f["log"]["lines"]
            check_news(f["news"], log, reader)
            at[reader].setdefault(f["move"], []).append(f)
        got_log[reader] = log
    s = kind.new_game(seed, len(doc["seats"]))
    want_log = {r: None for r in frames}
    checked = 0
    nev = 0
    for m in range(len(actions) + 1):
        for reader in frames:
            twins = kind.twins(s, reader, rng)
            for f in at[reader].get(m, ()):
                online = [x["online"] for x in f["seats"]]
                for t in twins:
                    again = messages.seat_frame(Twin(doc["id"], kind.adapter(t, settings), settings, m, online),
                                                reader, f["log"]["from"])
                    for key in NOW:
                        if not (f["over"] and key == "screen"):        # at the end every card is shown
                            assert again[key] == f[key], \
                                "reader %s, move %d: %s depends on a hidden part" % (reader, m, key)
                checked += 1
            lines = set()
            for t in twins:
                part = kind.setup_lines(t, reader) if m == 0 else kind.events(t, nev, reader)
                if m < len(actions):
                    part = part + [kind.head(t, actions[m], reader)]
                lines.add(tuple(part))
            assert len(lines) == 1, "reader %s, move %d: the log's words depend on a hidden part" % (reader, m)
            want_log[reader] = (want_log[reader] or []) + list(lines.pop())
        if m < len(actions):
            nev = getattr(s, "nev", 0)
            s.apply(actions[m])
    for reader in frames:
        assert got_log[reader] == want_log[reader], "reader %s's log" % reader
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("kind", [StayAway(), Mansions()], ids=["stayaway", "mansions"])
def test_no_frame_holds_more_than_its_readers_view(tmp_path, kind):
    played = play_games(tmp_path / "serve", kind, GAMES)
    rng = random.Random(28)
    checked = 0
    for doc, seed, frames, actions, settings in played:
        checked += check_game(kind, doc, seed, frames, actions, settings, rng)
    assert checked > GAMES * 20


def test_the_check_finds_a_planted_leak(tmp_path, monkeypatch):
    """A server that drew each seat's screen from its neighbour's view is caught."""
    original = messages.reader_key

    def neighbour(reader):
        return original(reader) if reader == SPECTATOR else (reader + 1) % 4
    monkeypatch.setattr(messages, "reader_key", neighbour)
    kind = StayAway()
    played = play_games(tmp_path / "serve", kind, 1, seed0=2)
    monkeypatch.setattr(messages, "reader_key", original)
    doc, seed, frames, actions, settings = played[0]
    with pytest.raises(AssertionError, match="depends on a hidden part"):
        check_game(kind, doc, seed, frames, actions, settings, random.Random(1))


@pytest.mark.slow
def test_the_check_finds_news_from_another_seat(tmp_path, monkeypatch):
    """A server whose 'what happened' came from the neighbour's log is caught."""
    original = messages.news_panel

    def neighbours(game, viewer, seat):
        return original(game, viewer if viewer == PUBLIC else (viewer + 1) % game.players, seat)
    monkeypatch.setattr(messages, "news_panel", neighbours)
    kind = StayAway()
    played = play_games(tmp_path / "serve", kind, 1, seed0=2)
    monkeypatch.setattr(messages, "news_panel", original)
    doc, seed, frames, actions, settings = played[0]
    with pytest.raises(AssertionError, match="the news"):
        check_game(kind, doc, seed, frames, actions, settings, random.Random(1))
