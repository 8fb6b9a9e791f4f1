"""No kernel limit ends a Stay Away! game: the event log is a ring of the newest
MAX_EVENTS events, each player's view numbered from the events they have lost from it, the action log
grows, and a save keeps every action, which replays the whole game from the seed.

On main the 2048-event log stopped a game with nobody winning (R_CUT): 41 of the first 100 games below
(with every advanced rule but the ninth Suspicious, an option main lacks) ended so."""

import time
from array import array

import pytest

from eldritch.kernel import prng
from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from eldritch.kernel.stayaway.game.views import View, write_view, VIEW_MAX
from eldritch.kernel.stayaway.game import save

# every advanced rule: 1 The Thing in the pile, 2 fewer Infected! (16 of 20), 3 Flamethrower and
# Analysis in the pile, 4 neighbours only, 5 a deck of one's own (the ninth Suspicious), 6 vengeful
EVERY_ADVANCED = {"thing_in_pile": True, "infected": 16, "flame_in_pile": True, "neighbour_only": True,
                  "ninth_suspicious": 4, "vengeful": True}
OLD_EVENT_CAP = 2048 - 96          # main stopped a game past this many events, or at 2048 actions
WINNING_ENDS = {D.R_BURNT, D.R_DECLARED, D.R_THING_ALONE, D.R_FALSE, D.R_FOUND, D.R_VENGEFUL}


@pytest.mark.slow
@pytest.mark.parametrize("first", [0, 500])
def test_rule_no_kernel_limit_ends_a_game_1000_twelve_player_games_every_advanced_rule(first):
    """1,000 seeded 12-player games of heuristic bots (two halves, one per test worker; about 25 s of
    CPU each): every one ends by a rule of the game, with a winner."""
    rules = Rules(EVERY_ADVANCED)
    start = time.process_time()
    past_old_cap = 0
    for seed in range(first, first + 500):
        s = play_game(rules, seed, 12, make_bots(["heuristic"] * 12, seed, rules))
        assert s.is_terminal() and s.result in WINNING_ENDS, (seed, s.result)
        assert any(s.returns()), seed
        past_old_cap += s.nev > OLD_EVENT_CAP or s.nlog >= 2048
    print("500 games from seed %d: %.1f s of CPU, %d past main's limits"
          % (first, time.process_time() - start, past_old_cap))
    assert past_old_cap >= 100


def long_game(seed, players=6, steps=2600):
    """A seeded game nobody ends soon: random legal actions, but no Flamethrower, no declaration and
    no infection (The Thing never passes an Infected!), so it runs past the ring and the action log's
    first room. Every new event is collected as it is logged (the ring keeps only the newest)."""
    s = Rules().new_game(seed, players)
    rng = prng.new_state(seed)
    buf = array("i", [0] * D.MAX_ACTIONS)
    seen = []
    done = 0
    for _ in range(steps):
        if s.is_terminal():
            break
        n = s.legal_actions(buf)
        acts = [buf[i] for i in range(n) if buf[i] != D.A_DECLARE and (buf[i] % D.ACT_KIND) >> 5 != D.FLAMETHROWER
                and not (buf[i] // D.ACT_KIND in (D.A_OFFER // D.ACT_KIND, D.A_ANSWER // D.ACT_KIND,
                                                  D.A_PASS // D.ACT_KIND) and buf[i] % D.ACT_KIND == D.INFECTED
                         and s.role[s.actor] == D.THE_THING)]
        s.apply(acts[prng.die(rng, len(acts))] if acts else buf[0])
        for i in range(done, s.nev):
            e = core.ev_at(s, i)
            seen.append(bytes(s.ev[e:e + D.EVENT_BYTES]))
        done = s.nev
        yield s, seen


def log_of(seen, p):
    """Player p's whole log since setup, from every event (what views.write_log keeps for p)."""
    out = []
    for e in seen:
        mask = (e[4] << 8) | e[5]
        if mask & (1 << p) or not e[0] & D.EV_PRIVATE:
            out.append((e[0], e[1], e[2], e[3] if mask & (1 << p) else D.NO_CARD))
    return out


def test_rule_event_log_is_a_ring_and_each_view_the_newest_events_numbered_since_setup():
    buf = bytearray(VIEW_MAX)
    wrapped = checked = 0
    for s, seen in long_game(3):
        if s.nlog % 97:
            continue
        wrapped += s.nev > D.MAX_EVENTS
        for p in range(s.players):
            v = View(s.view(p))
            mine = log_of(seen, p)
            assert v.end == len(mine) and v.events == mine[v.first:]
            assert v.nevents == len(mine) if s.nev <= D.MAX_EVENTS else v.first > 0
            n = write_view(s, p, buf)                       # the board's path: the same bytes
            assert bytes(buf[:n]) == s.view(p)
            n = write_view(s, p, buf, 40)                   # and its short log: the newest 40
            short = View(buf[:n])
            assert short.events == mine[-40:] and short.first == len(mine) - len(short.events)
            checked += 1
    assert wrapped > 5 and checked > 50


def test_rule_action_log_keeps_every_action_and_the_save_replays_the_whole_game():
    for s, seen in long_game(2, steps=2300):
        pass
    assert s.nlog > D.MAX_LOG and s.nev > 2 * D.MAX_EVENTS and not s.is_terminal()
    blob = s.serialize()
    assert len(blob) == save.size(s)
    back = s.rules.deserialize(blob)
    assert back.serialize() == blob and back.actions() == s.actions()
    again = s.rules.new_game(s.seed, s.players)
    again.replay(s.actions())                               # from the seed, every action
    assert again.serialize() == blob
    assert all(View(again.view(p)).events == View(s.view(p)).events for p in range(s.players))
    assert s.referee_log(request=True).count("\n") > s.nlog   # the whole game, by replay


def test_rule_saves_of_the_older_formats_are_refused_in_one_line():
    blob = bytearray(Rules().new_game(2, 5).serialize())
    for version in (1, 2):
        blob[2] = version
        with pytest.raises(KernelError) as err:
            Rules().deserialize(bytes(blob))
        assert "older format (version %d)" % version in str(err.value) and "\n" not in str(err.value)
    blob[2] = 9
    with pytest.raises(KernelError, match="version 9"):
        Rules().deserialize(bytes(blob))


def test_rule_a_damaged_long_save_is_refused():
    for s, seen in long_game(7, steps=1300):
        pass
    blob = bytearray(s.serialize())
    for i in (20, len(blob) // 3, len(blob) - 10):
        bad = bytearray(blob)
        bad[i] ^= 0x40
        with pytest.raises(KernelError):
            s.rules.deserialize(bytes(bad))
    with pytest.raises(KernelError):
        s.rules.deserialize(bytes(blob[:-7]))
