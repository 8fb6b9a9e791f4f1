"""Bots that read only their view: random legal, and a heuristic that plays each role from what it
has seen (belief.py). The determinized search bot is search.py.

    bot = HeuristicBot(seed=3)
    action = bot.choose(state.view(p), legal)        # legal: the player's legal actions (a list)

A bot never sees the state: its view, and its own legal actions (which follow from its own hand and
role), are all it gets. Seeded with the kernel PRNG and deciding with integers only, a bot game is the
same on every runtime.

The heuristic, by role:
  Human     burns an adjacent player it suspects (belief.suspicious) or knows is The Thing; looks at
            suspects with Analysis and Suspicious; quarantines or locks out a suspect next to it;
            refuses exchanges offered by suspects; shows a clean hand in Revelations and with Whisky;
            discards Infected! cards (it may never pass them); gives away its least useful card.
  Infected  protects The Thing (never burns it, answers its offers, passes it spare Infected! cards),
            burns neighbours proven clean (likely Humans), hides its hand.
  The Thing offers and answers Infected! to Humans, burns adjacent Humans, gets rid of a
            Flamethrower at once, declares as soon as no Human remains.
"""

from ... import prng
from .defs import (NOBODY, NO_CARD, ACT_KIND, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND, A_ACCEPT, A_KEEP,
                   A_DECLARE, A_REVEAL, A_TARGET, A_FORGET, A_PASS, A_BLIND, GAP, SELF, HUMAN, INFECTED_ROLE,
                   THE_THING, THING, INFECTED, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY, RESOLUTE,
                   WATCH_BACK, SWAP_PLACES, BETTER_RUN, SEDUCTION, SCARY, COMFORTABLE, NO_THANKS, MISSED,
                   NO_BARBECUE, QUARANTINE, LOCKED_DOOR, GET_OUT, ONE_TWO, BETWEEN_US, FRIENDS, PH_PLAY,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, PH_OFFER, PH_ANSWER, PH_REVELATIONS,
                   PH_TARGET, PH_FORGET, PH_ROUND, PH_BLIND, NTYPES)
from .views import View
from .belief import Belief

# how much a player wants to keep each card (Human / Infected / The Thing): low values go first
KEEP_HUMAN = (100, -20, 9, 6, 3, 4, 3, 4, 2, 2, 2, 3, 6, 3, 6, 5, 8, 4, 4) + (0,) * 12
KEEP_INFECTED = (100, 7, 5, 3, 2, 3, 1, 3, 2, 2, 2, 3, 5, 3, 5, 5, 8, 3, 3) + (0,) * 12
KEEP_THING = (100, 10, -20, 4, 2, 3, 0, 3, 2, 3, 3, 6, 5, 3, 5, 5, 9, 2, 3) + (0,) * 12


def kind_of(action):
    return action - action % ACT_KIND


def arg_of(action):
    return action % ACT_KIND


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed=0):
        self.rng = prng.new_state(seed)

    def choose(self, view, legal):
        return legal[prng.die(self.rng, len(legal))]


class HeuristicBot:
    """Plays its role from suspicion tracked in its view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed=0):
        self.rng = prng.new_state(seed)
        self.belief = None

    def observe(self, view):
        """The view decoded and the belief brought up to date (kept between calls of one game)."""
        v = view if isinstance(view, View) else View(view)
        b = self.belief
        if b is None or not b.fits(v):
            b = Belief(v)
            self.belief = b
        else:
            b.update(v)
        return v, b

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        v, b = self.observe(view)
        return self.decide(v, b, legal)

    # ----- helpers -------------------------------------------------------------------------------

    def keep_table(self, v):
        return KEEP_THING if v.role == THE_THING else KEEP_INFECTED if v.role == INFECTED_ROLE else KEEP_HUMAN

    def value(self, v, t):
        table = self.keep_table(v)
        val = table[t]
        if v.role == INFECTED_ROLE and t == INFECTED and v.hand.count(INFECTED) <= 1:
            return 100
        return val

    def cheapest(self, v, legal, kind):
        """The legal action of this kind whose card the player least wants to keep."""
        best = None
        best_val = 0
        for a in legal:
            if kind_of(a) == kind:
                val = self.value(v, arg_of(a))
                if best is None or val < best_val:
                    best = a
                    best_val = val
        return best

    def pick(self, legal, candidates):
        good = [a for a in candidates if a in legal]
        if not good:
            return None
        return good[prng.die(self.rng, len(good))]

    def adjacent(self, v, p):
        return (v.neighbour(v.me, 0), v.neighbour(v.me, 1))

    # ----- the decision --------------------------------------------------------------------------

    def decide(self, v, b, legal):
        role = v.role
        me = v.me
        ph = v.phase
        if A_DECLARE in legal:
            humans = [p for p in range(v.players) if v.alive[p] and v.roles[p] == HUMAN]
            if not humans:
                return A_DECLARE
            legal = [a for a in legal if a != A_DECLARE]
            if len(legal) == 1:
                return legal[0]
        if ph == PH_PLAY:
            return self.play_step(v, b, legal)
        if ph == PH_DEFEND_FLAME:
            return A_DEFEND + NO_BARBECUE if A_DEFEND + NO_BARBECUE in legal else A_ACCEPT
        if ph == PH_DEFEND_SWAP:
            if A_DEFEND + COMFORTABLE in legal and (role == HUMAN and b.suspicious(v.ctx_a, 4)):
                return A_DEFEND + COMFORTABLE
            return A_ACCEPT
        if ph == PH_RESOLUTE:
            best = None
            for a in legal:
                if best is None or self.value(v, arg_of(a)) > self.value(v, arg_of(best)):
                    best = a
            return best
        if ph == PH_OFFER:
            return self.offer(v, b, legal, v.ctx_b, A_OFFER)
        if ph == PH_ANSWER:
            return self.answer(v, b, legal)
        if ph == PH_ROUND:
            return self.offer(v, b, legal, v.neighbour(me, v.direction), A_PASS)
        if ph == PH_REVELATIONS:
            clean = INFECTED not in v.hand and THING not in v.hand
            if role == HUMAN and clean:
                return A_REVEAL + 1
            return A_REVEAL
        if ph == PH_FORGET or ph == PH_BLIND:
            return self.cheapest(v, legal, kind_of(legal[0]))
        if ph == PH_TARGET:
            return self.target(v, b, legal)
        return legal[prng.die(self.rng, len(legal))]

    def offer(self, v, b, legal, to, kind):
        role = v.role
        if role == THE_THING and v.roles[to] == HUMAN and kind + INFECTED in legal:
            return kind + INFECTED
        if role == INFECTED_ROLE and to == v.thing and kind + INFECTED in legal:
            return kind + INFECTED
        if kind + FLAMETHROWER in legal and role == HUMAN and b.suspicious(to, 4):
            choices = [a for a in legal if kind_of(a) == kind and arg_of(a) != FLAMETHROWER]
            if choices:
                return self.cheapest(v, choices, kind)
        return self.cheapest(v, legal, kind)

    def answer(self, v, b, legal):
        role = v.role
        a = v.ctx_a
        if role == HUMAN and b.suspicious(a, 4):
            for d in (NO_THANKS, SCARY, MISSED):
                if A_DEFEND + d in legal:
                    return A_DEFEND + d
        if role == THE_THING and v.roles[a] == HUMAN and A_ANSWER + INFECTED in legal:
            return A_ANSWER + INFECTED
        if role == INFECTED_ROLE and a == v.thing and A_ANSWER + INFECTED in legal:
            return A_ANSWER + INFECTED
        return self.offer(v, b, [x for x in legal if kind_of(x) == A_ANSWER] or legal, a, A_ANSWER)

    def target(self, v, b, legal):
        c = v.ctx_card
        role = v.role
        best = None
        best_score = 0
        for a in legal:
            q = arg_of(a)
            if c == BETWEEN_US or c == FRIENDS:
                score = -b.susp[q] if role == HUMAN else (5 if v.roles[q] == HUMAN and role == THE_THING else 0)
            else:       # a seat swap: Humans move away from suspects, The Thing towards Humans
                score = -b.susp[q] if role == HUMAN else 0
            score = score * 8 + prng.die(self.rng, 8)
            if best is None or score > best_score:
                best = a
                best_score = score
        return best

    def play_step(self, v, b, legal):
        role = v.role
        me = v.me
        plays = [a for a in legal if kind_of(a) == A_PLAY]

        def play_of(card):
            return [a for a in plays if (arg_of(a) >> 5) == card]

        def target(a):
            return arg_of(a) & 31

        flames = play_of(FLAMETHROWER)
        if flames:
            if role == HUMAN:
                for a in flames:
                    if b.suspicious(target(a)):
                        return a
            elif role == INFECTED_ROLE:
                for a in flames:
                    q = target(a)
                    if q != v.thing and b.clean_turn[q] >= 0:
                        return a
            else:
                humans = [a for a in flames if v.roles[target(a)] == HUMAN]
                if humans:
                    return humans[prng.die(self.rng, len(humans))]
        if role == THE_THING and A_DISCARD + FLAMETHROWER in legal:
            return A_DISCARD + FLAMETHROWER
        for card in (ANALYSIS, SUSPICIOUS):
            acts = play_of(card)
            if acts and role == HUMAN:
                best = None
                for a in acts:
                    q = target(a)
                    if not b.not_thing[q] and (best is None or b.susp[q] > b.susp[target(best)]):
                        best = a
                if best is not None:
                    return best
        if role == HUMAN:
            for card in (QUARANTINE, LOCKED_DOOR):
                for a in play_of(card):
                    t = target(a)
                    if card == QUARANTINE and b.suspicious(t, 4):
                        return a
                    if card == LOCKED_DOOR:
                        g = t - GAP
                        n = v.players
                        s = v.seat_of(me)
                        q = v.neighbour(me, 0) if g == s else v.neighbour(me, 1)
                        if b.suspicious(q, 4):
                            return a
            if play_of(WHISKY) and INFECTED not in v.hand:
                return play_of(WHISKY)[0]
            nxt = v.neighbour(me, v.direction)
            other = v.neighbour(me, 1 - v.direction)
            if play_of(WATCH_BACK) and b.suspicious(nxt, 4) and not b.suspicious(other, 4):
                return play_of(WATCH_BACK)[0]
        if role == THE_THING:
            seduce = [a for a in play_of(SEDUCTION) if v.roles[target(a)] == HUMAN]
            if seduce and INFECTED in v.hand:
                return seduce[prng.die(self.rng, len(seduce))]
            if v.roles[v.neighbour(me, v.direction)] != HUMAN:
                # move next to a Human: after a swap The Thing exchanges from the new seat
                moves = [a for a in play_of(BETTER_RUN) + play_of(SWAP_PLACES)
                         if v.roles[v.neighbour(target(a), v.direction)] == HUMAN]
                if moves:
                    return moves[prng.die(self.rng, len(moves))]
        if play_of(RESOLUTE):
            return play_of(RESOLUTE)[0]
        return self.cheapest(v, legal, A_DISCARD) or legal[prng.die(self.rng, len(legal))]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
