"""What each Elder Sign rule fix changes in seeded bot games (run by hand, not a test: it lives beside
the tests because it reverts rules through the game's internal modules, as tests may).

For each fix, the same seeded games are played twice by the same bot: with the kernel as it is, and
with that one fix reverted (a monkeypatch restoring the old behaviour; everything else unchanged).
Printed per fix: the win rate both ways, how many games changed outcome, and how many ended otherwise
(outcome, doom, elder signs or turns: a fix can change games that every bot loses). Games that hit
the kernel's log cap count as losses and are reported.

    .venv/bin/python tests/es_rule_effects.py --games 250 --players 4-8 --bot heuristic
    .venv/bin/python tests/es_rule_effects.py --games 250 --players 1-8 --only other_world_deck --bot basic
    .venv/bin/python tests/es_rule_effects.py --games 250 --players 1-8 --only terror_before_give_up --bot random
    .venv/bin/python tests/es_rule_effects.py --games 250 --players 1-8 --bot heuristic \
        --only giveup_terror_on_any_roll,first_player_lot,one_yellow_die

Seeds 0 .. games-1; game k has 4 + k % 5 players for "4-8" (1 + k % 8 for "1-8"), and the Ancient One
k // (player counts) % 8 of the data.
"""

import argparse
import sys
import time
from array import array
from contextlib import contextmanager

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.kernel.eldersign.game import turn, attempt, engine, machine, bot as basic
from eldritch.kernel.eldersign.game import effects as E
from eldritch.kernel.eldersign.game.defs import EV_MIDNIGHT, MN_REFRESH, F_ATTACK, F_MIDNIGHT
from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot


# ----- the reverts -------------------------------------------------------------------------------

@contextmanager
def patched(obj, name, value):
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, old)


def revert_first_midnight():
    """Before: the first round's midnight skipped everything (no mythos card, no refresh of locks)."""
    orig = turn.midnight_step

    def old(g, i):
        st = g._stack
        if st.a[i] == 0 and not g._battle and g._clock.first_round():
            g._event(EV_MIDNIGHT)
            g._in_midnight = True
            st.a[i] = MN_REFRESH
            return
        orig(g, i)
    return patched(turn, "midnight_step", old)


def revert_battle_refresh():
    """Before: in the final battle midnight was the attack alone (no refresh of once-per-day abilities)."""
    orig = turn.midnight_step

    def old(g, i):
        st = g._stack
        if st.a[i] == 0 and g._battle:
            g._event(EV_MIDNIGHT)
            st.pop()
            st.push(F_ATTACK)
            return
        orig(g, i)

    orig_awakening = engine.awakening

    def old_awakening(g):
        orig_awakening(g)
        st = g._stack
        for k in range(st.n):
            if st.op[k] == F_MIDNIGHT and st.a[k] == 5:
                st.op[k] = F_ATTACK
                st.a[k] = 0

    @contextmanager
    def both():
        with patched(turn, "midnight_step", old), patched(engine, "awakening", old_awakening):
            yield
    return both()


def revert_terror_before_give_up():
    """Before: giving up skipped the terror effects of the roll on the table (any roll)."""
    from eldritch.kernel.eldersign.game.defs import F_END_ATTEMPT, EV_GIVEUP

    def old(g, i):
        g._event(EV_GIVEUP)
        g._stack.pop()
        if attempt.attacking(g):
            attempt.end_attack(g)
            return
        g._stack.push(F_END_ATTEMPT, 0)
    return patched(attempt, "give_up", old)


def revert_giveup_terror_on_any_roll():
    """Before (the house rule giveup_skips_terror): giving up resolved the terror of a roll that
    completed nothing only; a roll that could complete a task was not a failed roll."""
    from eldritch.kernel.eldersign.game.defs import HR_GIVEUP_SKIPS_TERROR
    orig = Game.__init__

    def init(self, *args, **kw):
        kw["house"] = HR_GIVEUP_SKIPS_TERROR
        orig(self, *args, **kw)
    return patched(Game, "__init__", init)


def revert_first_player_lot():
    """Before: the first player was always seat 1 (no lot at setup)."""
    from eldritch.kernel.eldersign.game.defs import EV_FIRST

    def old(g, i):
        g._stack.pop()
        g._event(EV_FIRST, g._clock.seat)
    return patched(turn, "first_step", old)


def revert_one_yellow_die():
    """Before: an item added the yellow (red) die when it was on no icon and no spell, whether or not
    the attempt in progress already had it."""
    from eldritch.kernel.eldersign.game import pool
    from eldritch.kernel.eldersign.dice import YELLOW

    def old(g, colour):
        return (g._turn_yellow if colour == YELLOW else g._turn_red) == 0 and pool.free_dice(g, colour) > 0
    return patched(pool, "item_die_free", old)


def revert_items_at_end_of_turn():
    """Before: no step after the adventure or the entrance action (items only at the main steps)."""
    return patched(machine.Game, "_end_step_useful", lambda self: False)


def revert_bot_card_use():
    """Before: the heuristic and solver bots used only die items (no allies, day abilities, healing,
    monster-defeating cards; the end-of-turn step always ended)."""
    def old(self, g, buf, n, ph):
        from eldritch.kernel.eldersign.game.defs import P_PREP, P_BATTLE_PREP, A_USE, MAX_HAND
        if ph != P_PREP and ph != P_BATTLE_PREP:
            return -1
        inv = g._active()
        for i in range(n):
            a = buf[i]
            if A_USE <= a < A_USE + MAX_HAND:
                op = g._data.cards[g._inv.card(inv, a - A_USE)].use[0]
                if op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED:
                    return a
        return -1
    return patched(HeuristicBot, "use_now", old)


OLD_ATTACKS = {"Yog-Sothoth": "each(choose(stamina-1;sanity-1)),doom+1",
               "Yig": "each(choose(stamina-1;sanity-1)),doom+1",
               "Ithaqua": "each(choose(clue-1;stamina-2)),doom+1",
               "Hastur": "each(choose(sanity-2;clue-1)),doom+1",
               "Nyarlathotep": "each(choose(clue-1;sanity-1,stamina-1)),doom+1",
               "Shub-Niggurath": "each(choose(stamina-1;sanity-1)),doom+1"}


def all_other_worlds(data):
    """Before: every Other World card of the default sets was dealt."""
    new = GameData.__new__(GameData)
    orig = GameData._deal

    def deal_all(self, card, stakes=True):
        self.adventures.append(card)
    GameData._deal = deal_all
    try:
        new.__init__()
    finally:
        GameData._deal = orig
    return new


def old_attacks(data):
    """Before: the generic attacks took stamina or sanity (not a maximum)."""
    new = GameData()
    for a in new.ancient_ones:
        if a.name in OLD_ATTACKS:
            a.attack = E.compile_effects(OLD_ATTACKS[a.name], a.name, new.notes)
    return new


KERNEL_REVERTS = {"first_midnight": revert_first_midnight, "battle_refresh": revert_battle_refresh,
                  "terror_before_give_up": revert_terror_before_give_up,
                  "items_at_end_of_turn": revert_items_at_end_of_turn, "bot_card_use": revert_bot_card_use,
                  "giveup_terror_on_any_roll": revert_giveup_terror_on_any_roll,
                  "first_player_lot": revert_first_player_lot, "one_yellow_die": revert_one_yellow_die}
DATA_REVERTS = {"other_world_deck": all_other_worlds, "attacks_lower_a_maximum": old_attacks}


# ----- playing ---------------------------------------------------------------------------------

class Basic:
    def __init__(self, seed):
        pass

    def choose(self, g, buf, n):
        return basic.choose(g, buf, n)


def make_bot(name, seed):
    if name == "basic":
        return Basic(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name == "random":
        from eldritch.kernel.eldersign.game.bots.randombot import RandomBot
        return RandomBot(seed)
    from eldritch.eldersign.solverbot import SolverBot, SolverCache
    global _CACHE
    if _CACHE is None:
        _CACHE = SolverCache()
    return SolverBot(seed, cache=_CACHE)


_CACHE = None


def outcomes(data, games, counts, bot_name):
    aos = [a.name for a in data.ancient_ones]
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    out = []
    for k in range(games):
        players = counts[k % len(counts)]
        ao = aos[(k // len(counts)) % len(aos)]
        g = Game(data, players=players, seed=k, ancient_one=ao)
        bots = [make_bot(bot_name, k * 9 + s + 1) for s in range(players)]
        try:
            while not g.is_terminal():
                n = g.legal_actions(buf)
                from eldritch.kernel.eldersign.game.bots import observe as O
                g.apply(bots[O.acting_seat(g)].choose(g, buf, n))
            out.append((g.returns()[0], g._doom, g._elder, g._clock.turn))
        except KernelError:
            out.append((-1, 0, 0, 0))   # the log cap: no result
    return out


def wins(results, v=1):
    return sum(1 for r in results if r[0] == v)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=250)
    p.add_argument("--players", default="4-8")
    p.add_argument("--bot", default="heuristic", choices=("basic", "heuristic", "solver", "random"))
    p.add_argument("--only", default="", help="comma-separated fixes (default: all)")
    args = p.parse_args(argv)
    lo, hi = (int(x) for x in args.players.split("-"))
    counts = list(range(lo, hi + 1))
    only = [x for x in args.only.split(",") if x]
    data = GameData()
    t = time.time()
    now = outcomes(data, args.games, counts, args.bot)
    print("%d games, %s players, bot %s: %d wins (%.1f%%), %d stopped by the log cap  [%.0f s]" % (
        args.games, args.players, args.bot, wins(now), 100.0 * wins(now) / args.games, wins(now, -1),
        time.time() - t))
    for name in list(KERNEL_REVERTS) + list(DATA_REVERTS):
        if only and name not in only:
            continue
        t = time.time()
        if name in KERNEL_REVERTS:
            with KERNEL_REVERTS[name]():
                before = outcomes(data, args.games, counts, args.bot)
        else:
            before = outcomes(DATA_REVERTS[name](data), args.games, counts, args.bot)
        changed = sum(1 for a, b in zip(before, now) if a[0] != b[0])
        differ = sum(1 for a, b in zip(before, now) if a != b)
        print("%-26s before %5.1f%% (%d capped)  now %5.1f%%  changed outcome: %d of %d (ended otherwise: "
              "%d)  [%.0f s]" % (name, 100.0 * wins(before) / args.games, wins(before, -1),
                                 100.0 * wins(now) / args.games, changed, args.games, differ, time.time() - t))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
