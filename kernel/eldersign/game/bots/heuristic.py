"""HeuristicBot: rules of thumb with the shared value function (value.py), no solver.

It picks the adventure (or the entrance) with the best expected value: an estimated chance of
completing the card (`estimate`: the dice, focus, spells and clues it brings against the symbols
the card asks for) times the value of the reward and trophy, plus the chance of failing times the
value of the penalty; staying at the entrance is worth healing, an elder sign from the gift shop,
or a little. It buys elder signs as soon as its trophies pay, heals what is lowest, picks the
sturdiest investigator, and plays rolls like the built-in bot (complete a task with the fewest
dice, else its free reroll, else reroll with a clue, else fail setting a green die aside and
focusing the most useful face). Every other question a card or a rule asks (where a monster goes,
which alternative, which trophies, ...) gets the built-in bot's answer (bot.py), but an alternative of choose(...) is
the one of the best value that does not devour the investigator. The solver bot
(eldritch/solverbot.py) is this bot with exact odds and exact roll play.

Cards and abilities (`use_now`), at every step of its own turn: a once-per-day ability or ally that
gains something is used at once (it comes back at midnight); a die item or ability before rolling;
a card that defeats a monster before rolling at a card with a monster on it; healing when it is not
wasted (the whole amount heals) or a stat is low, a once-per-day healing also at the end of the
turn when hurt at all; and before rolling, a die held on a spell whose face the card cannot use is
taken off to be rolled again.

Arithmetic is floating point (+ - * / only), deterministic on CPython and the MicroPython unix
port (both doubles).
"""

from array import array

from .... import prng
from .. import effects as E
from .. import bot as basic
from ..defs import (P_MOVE, P_PREP, P_ADV, P_ENTRANCE, P_END, P_BATTLE_PREP, P_BATTLE, A_MOVE, A_USE,
                    A_BEGIN, A_SHOP, A_PICK, A_ABILITY, A_END, A_UNHOLD, A_CHOOSE, A_ARG_MASK, MAX_HAND,
                    F_MAIN, F_PICK, F_ASIDE, F_KEEP, F_OFFER, F_CHOOSE)
from ...dice import GREEN, YELLOW, RED
from . import observe as O
from .value import Weights, effects_value, alt_value

FACE_BITS = (0, 0, 0, 0, 1, 2, 4, 7)    # dice faces I1..I4, L, P, T, W: the symbol bits they fit
ENTRANCE_BASE = 0.3         # what a turn at the entrance is worth with nothing to heal or buy
LOW_STAT = 2                # at or below this sanity or stamina, the entrance is preferred


def estimate(card, dice, focus, spells, clues):
    """A rough chance (0..1) of completing `card` with this many dice and helps: each task asks
    about one die per symbol plus one per 2.5 investigation points; each extra die, focus, spell
    or clue is slack; the chance rises with the slack (a rational sigmoid, no exp)."""
    need = 0.0
    for task in card.tasks:
        need += len(task.faces) * 1.25
        for v in task.inv:
            need += v / 2.5
    ntasks = len(card.tasks)
    supply = dice + 0.7 * focus + 0.8 * spells + 1.0 * clues
    x = (supply - need - 0.6 * ntasks) * 0.6
    p = 0.5 + 0.5 * x / (1.0 + (x if x > 0 else -x))
    return p


class HeuristicBot:
    """Rule-of-thumb bot; `weights` overrides value.DEFAULTS."""

    name = "heuristic"

    def __init__(self, seed=0, weights=None):
        self.w = Weights(weights)
        self.rng = array("i", [1, 1])           # breaks ties between equally sturdy investigators
        prng.seed(self.rng, seed & prng.SEED_MAX)

    # ----- the dispatcher ---------------------------------------------------------------------

    def choose(self, game, buf, n):
        q = O.question(game)
        ph = O.phase(game)
        use = self.use_now(game, buf, n, ph) if q == F_MAIN else -1
        if use >= 0:
            a = use
        elif q == F_MAIN and ph == P_END:
            a = A_END
        elif q == F_MAIN and ph == P_MOVE:
            a = self.move(game, buf, n)
        elif q == F_MAIN and (ph == P_PREP or ph == P_BATTLE_PREP):
            a = self.prepare(game, buf, n)
        elif q == F_MAIN and ph == P_ENTRANCE:
            a = self.entrance(game, buf, n)
        elif q == F_MAIN and (ph == P_ADV or ph == P_BATTLE):
            a = self.roll(game, buf, n)
        elif q == F_PICK:
            a = self.pick(game, buf, n)
        elif q == F_ASIDE or q == F_KEEP:   # the steps of a failed roll
            a = self.roll(game, buf, n)
        elif q == F_OFFER:                  # an ability of any player's turn
            a = self.offer(game, buf, n)
        elif q == F_CHOOSE:
            a = self.alternative(game, buf, n)
        else:                               # every other question: the built-in bot's answer
            a = basic.choose(game, buf, n)
        for i in range(n):          # never an illegal move: an unknown case takes the first action
            if buf[i] == a:
                return a
        return buf[0]

    # ----- cards and abilities -----------------------------------------------------------------

    def use_now(self, g, buf, n, ph):
        """The card or ability (A_USE + k, A_ABILITY) worth using now, or -1 (module docstring); before
        rolling, a spell-held die whose face the card cannot use is taken off to be rolled (A_UNHOLD)."""
        inv = O.active(g)
        for i in range(n):
            a = buf[i]
            if A_UNHOLD <= a < A_UNHOLD + A_ARG_MASK and (ph == P_PREP or ph == P_BATTLE_PREP):
                if not self.face_useful(g, inv, O.spell_die(g, a - A_UNHOLD) & 7, ph):
                    return a
            if A_USE <= a < A_USE + MAX_HAND:
                kind = O.hand_card(g, inv, a - A_USE)
                if kind.limit != "keep" and self.helps(g, inv, kind.use, kind.limit == "day", ph):
                    return a
            elif a == A_ABILITY:
                if self.helps(g, inv, O.day_ability(g, inv), True, ph):
                    return a
        return -1

    def face_useful(self, g, inv, face, ph):
        """True when a die showing `face` can go on a symbol of the card about to be rolled."""
        card = O.combat_card(g) if ph == P_BATTLE_PREP else O.slot_adventure(g, O.location(g, inv) - 1).card
        bit = FACE_BITS[face]
        for task in card.tasks:
            if face <= 3 and task.inv:
                return True
            for f in task.faces:
                if f & bit:
                    return True
        return face == 7                    # the wildcard fits anything

    def helps(self, g, inv, use, daily, ph):
        """True when the effect list `use` is worth using now (see use_now)."""
        op = use[0]
        before_roll = ph == P_PREP or ph == P_BATTLE_PREP
        if op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED:
            return before_roll
        if op == E.OP_DEFEAT_MONSTER:
            return ph == P_PREP and O.slot_monsters(g, O.location(g, inv) - 1) > 0
        if O.heals_only(use):
            hurt_san = O.max_sanity(g, inv) - O.sanity(g, inv)
            hurt_sta = O.max_stamina(g, inv) - O.stamina(g, inv)
            low = min(O.sanity(g, inv), O.stamina(g, inv)) <= LOW_STAT
            if low and (hurt_san or hurt_sta):
                return True
            whole = True
            for k in range(0, len(use), 3):
                hurt = hurt_san if use[k] == E.OP_SANITY else hurt_sta
                if hurt < use[k + 1]:
                    whole = False
            return whole or (daily and ph == P_END and (hurt_san or hurt_sta) > 0)
        return effects_value(g, self.w, use, inv) > 0

    # ----- whole-game choices -----------------------------------------------------------------

    def situation_at(self, g, s, inv):
        """(green, yellow, red, focus, spells, clues, terror, sanity, stamina) of an attempt at slot
        s begun this turn by inv (items it holds add their dice)."""
        return (O.free_dice(g, GREEN), O.item_die_available(g, inv, YELLOW, P_PREP),
                O.item_die_available(g, inv, RED, P_PREP), min(O.focus(g) + O.helpers_at(g, s, inv), 4),
                O.spell_holds(g, inv), min(O.clues(g, inv), 4), O.slot_card(g, s).terror_code,
                min(O.sanity(g, inv), 20), min(O.stamina(g, inv), 20))

    def chance(self, g, s, inv):
        """The chance of completing the card in slot s (rough; the solver bot's is exact)."""
        v = self.situation_at(g, s, inv)
        return estimate(O.slot_adventure(g, s).card, v[0] + v[1] + v[2], v[3], v[4], v[5])

    def adventure_value(self, g, s, inv):
        card = O.slot_card(g, s)
        p = self.chance(g, s, inv)
        win = effects_value(g, self.w, card.reward, inv) + self.w["card_trophy"] * card.trophy
        lose = effects_value(g, self.w, card.penalty, inv)
        return p * win + (1.0 - p) * lose

    def entrance_value(self, g, inv):
        best = ENTRANCE_BASE
        if O.trophies(g, inv) >= self.elder_price(g):
            best = self.w["elder_sign"]
        hurt = (O.max_sanity(g, inv) - O.sanity(g, inv)) + (O.max_stamina(g, inv) - O.stamina(g, inv))
        low = min(O.sanity(g, inv), O.stamina(g, inv))
        heal = (1.0 + 4.0 / (low + 0.5)) * (1 if hurt else 0)
        return best if best > heal else heal

    def elder_price(self, g):
        for row in O.shop(g):
            if E.has_op(row.code, E.OP_ELDER):
                return row.cost_n
        return 999

    def move(self, g, buf, n):
        inv = O.active(g)
        if O.sanity(g, inv) <= LOW_STAT or O.stamina(g, inv) <= LOW_STAT:
            return A_MOVE
        best = A_MOVE
        score = self.entrance_value(g, inv)
        for i in range(n):
            a = buf[i]
            if A_MOVE < a < A_USE:
                v = self.adventure_value(g, a - A_MOVE - 1, inv)
                if v > score:
                    score = v
                    best = a
        return best

    def prepare(self, g, buf, n):
        """Roll (the cards worth using before it are use_now's)."""
        return A_BEGIN

    def entrance(self, g, buf, n):
        """An elder sign when affordable; else heal what is lowest; else lost and found (the basic bot's
        healing choice)."""
        shop = O.shop(g)
        for i in range(n):
            a = buf[i]
            if A_SHOP <= a < A_SHOP + A_ARG_MASK and E.has_op(shop[a - A_SHOP].code, E.OP_ELDER):
                return a
        return basic.choose(g, buf, n)

    def pick(self, g, buf, n):
        """One of the sturdiest investigators left (most sanity + stamina), a tie broken with the
        bot's own seeded PRNG (so that every kind of ability gets played)."""
        score = -1
        ties = 0
        for i in range(n):
            a = buf[i]
            if A_PICK <= a < A_PICK + A_ARG_MASK:
                san, sta = O.investigator_stats(g, a - A_PICK)
                if san + sta > score:
                    score = san + sta
                    ties = 0
                if san + sta == score:
                    ties += 1
        if ties == 0:
            return buf[0]
        k = prng.die(self.rng, ties)
        for i in range(n):
            a = buf[i]
            if A_PICK <= a < A_PICK + A_ARG_MASK:
                san, sta = O.investigator_stats(g, a - A_PICK)
                if san + sta == score:
                    if k == 0:
                        return a
                    k -= 1
        return buf[0]

    def alternative(self, g, buf, n):
        """choose(...): the alternative of the best value (value.py) for the investigator choosing,
        among those that do not devour them (the built-in bot's first such one when values tie)."""
        safe = basic.choose(g, buf, n)
        code, pc, inv = O.choose_frame(g)
        best = safe
        top = None
        for i in range(n):
            a = buf[i]
            start, end = O.alternative_range(code, pc, a - A_CHOOSE)
            v = alt_value(g, self.w, code, start, end, inv)
            if O.devours(g, code, start, end, inv):
                continue
            if top is None or v > top:
                top = v
                best = a
        return best

    def offer(self, g, buf, n):
        """An ability offered in any player's turn: the built-in bot's answer (the solver bot values
        a reroll of another player's roll exactly)."""
        return basic.choose(g, buf, n)

    def roll(self, g, buf, n):
        """A roll on the table, or the steps of failing it: the built-in bot's play (the solver bot
        plays them exactly)."""
        return basic.choose(g, buf, n)
