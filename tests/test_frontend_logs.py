"""Logs in words: 200 seeded bot games of each game, their text logs (every reader's: the
public log, each seat's, the referee's) scanned for raw action integers. A person never reads an
action's code: no step line starts with a number, no line holds the decimal form of an action played
in that game (the header's seed aside), and no text falls back to "action N" or "event N".

Bot games are cheap (a few ms each, all in this process); Elder Sign's are cut at STEPS actions
(their logs are long and alike; the whole games are in test_play_host and the golden files).
"""

import re

import pytest

from eldritch.frontend.gamelog import PUBLIC, REFEREE
from eldritch.frontend.settings import Settings
from eldritch.frontend.session import Session
from eldritch.frontend.shapes import check as check_shape
from eldritch.eldersign.play import make_session
from eldritch.eldersign.playsave import Settings as ElderSignSettings
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.stayaway.frontend import StayAwayGame
from eldritch.mansions.frontend import MansionsGame
from eldritch.arkham.frontend import ArkhamGame, new_rules

GAMES = 200
STEPS = 120
FALLBACK = re.compile(r"\b(action|event) \d+")
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
DATA = GameData()
SA_RULES = StayAwayRules()
M_RULES = MansionsRules()
A_RULES = new_rules({})


def eldersign(seed):
    players = 1 + seed % 3
    game = Game(DATA, players=players, seed=seed)
    return make_session(game, DATA, ElderSignSettings(bots=range(players)), autosave_every_action=False)


def stayaway(seed):
    players = 4 + seed % 5
    settings = Settings(range(players), "heuristic" if seed % 2 else "random")
    return Session(StayAwayGame(SA_RULES.new_game(seed, players), settings), settings)


def mansions(seed):
    players = 2 + seed % 4
    settings = Settings(range(players), "heuristic" if seed % 2 else "random")
    return Session(MansionsGame(M_RULES, M_RULES.new_game(seed, players), settings), settings)


def arkham(seed):
    players = 1 + seed % 4
    settings = Settings(range(players), "heuristic" if seed % 3 else "random", options={})
    return Session(ArkhamGame(A_RULES, A_RULES.new_game(seed, players), settings), settings)


def scan(text, actions):
    codes = {str(a) for a in actions if a >= 100}
    for line in text.splitlines():
        if line.startswith(("seed ", "# ")):
            continue
        assert not re.match(r"\s*>\s*\d", line), line
        assert not FALLBACK.search(line), line
        hits = set(NUMBER.findall(line)) & codes
        assert not hits, (line, hits)


@pytest.mark.parametrize("make,limit", [(eldersign, STEPS), (stayaway, None), (mansions, None), (arkham, None)],
                         ids=["eldersign", "stayaway", "mansions", "arkham"])
@pytest.mark.slow
def test_no_raw_action_integers_in_200_seeded_logs(make, limit):
    shaped = 0
    for seed in range(GAMES):
        session = make(seed)
        steps = 0
        while not session.game.is_terminal() and (limit is None or steps < limit):
            if seed % 20 == 0 and make is not eldersign and session.acting_seat() is not None:
                # the shapes reach every legal action
                check_shape(session.decision(), session.legal())
                shaped += 1
            session.play(session.bot_action(), "bot")
            steps += 1
        actions = session.game.state.actions()
        readers = [PUBLIC, REFEREE] + list(range(session.game.players))
        for viewer in readers:
            scan(session.game.log_text(viewer), actions)
        assert limit is not None or session.game.is_terminal()
    assert make is eldersign or shaped > 50
