"""The determinized search bot: for a decision that matters, it imagines worlds consistent with its
view (sample.py: hidden hands and roles drawn from what it has seen, never from the true state), tries
each candidate action in every world, plays each imagined game on with a fast rollout policy, and
takes the action that won most often. Decisions it does not search are the heuristic's (bots.py).

    bot = SearchBot(rules, seed=5, worlds=8)
    action = bot.choose(state.view(p), legal)

The rollout policy plays the imagined game's truth the way the table plays: The Thing infects the
Humans it meets, declares when none is left and burns Humans; an Infected feeds The Thing Infected!
cards; a Human, who does not know, burns a neighbour now and then, far more often one whose hand holds
Infected! cards or The Thing (standing in for the evidence a real table notices), and refuses some
exchanges;
everyone defends with the defence cards they hold. Games longer than `horizon` actions are scored by
how many Humans are left. Integers and the kernel PRNG only: the same choices on every runtime.
"""

from array import array

from ... import prng
from .defs import (ACT_KIND, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND, A_ACCEPT, A_DECLARE, A_PASS,
                   HUMAN, INFECTED_ROLE, THE_THING, INFECTED, THING, FLAMETHROWER, PH_PLAY, PH_OFFER, PH_ANSWER,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_ROUND, PH_TARGET, R_PLAYING, MAX_ACTIONS)
from .bots import HeuristicBot, kind_of, arg_of
from .sample import determinize

SEARCHED = (PH_PLAY, PH_OFFER, PH_ANSWER, PH_TARGET, PH_DEFEND_SWAP, PH_ROUND)
WIN = 1000


def rollout_choice(s, buf, n, rng, burn_bad=5, burn_other=1):
    """The rollout policy on an imagined game's full state (see the module docstring). A Human with a
    Flamethrower burns a neighbour holding Infected! or The Thing burn_bad times in 10, any other
    burn_other times in 10."""
    p = s.actor
    role = s.role[p]
    ph = s.phase
    declare = False
    m = 0
    for i in range(n):               # keep the declaration out, decide it first
        a = buf[i]
        if a == A_DECLARE:
            declare = True
        else:
            buf[m] = a
            m += 1
    if declare and s.count_role(HUMAN) == 0:
        return A_DECLARE
    if m == 0:
        return A_DECLARE
    if m == 1:
        return buf[0]
    if ph == PH_DEFEND_FLAME or ph == PH_DEFEND_SWAP:
        return buf[1] if kind_of(buf[1]) == A_DEFEND else buf[0]
    if ph == PH_PLAY:
        flame = -1
        for i in range(m):
            a = buf[i]
            if kind_of(a) == A_PLAY and (arg_of(a) >> 5) == FLAMETHROWER:
                q = arg_of(a) & 31
                if role == HUMAN:
                    # evidence stands in for what a Human would have seen: a hand holding Infected!
                    # cards (or The Thing) gets noticed and burnt far more often
                    bad = s.count_in_hand(q, INFECTED) + s.count_in_hand(q, THING)
                    if prng.die(rng, 10) < (burn_bad if bad else burn_other):
                        return a
                elif s.role[q] == HUMAN:
                    flame = a
            elif role == THE_THING and a == A_DISCARD + FLAMETHROWER:
                return a
            elif role == HUMAN and a == A_DISCARD + INFECTED:
                return a
        if flame >= 0 and prng.die(rng, 2) == 0:
            return flame
        # mostly a discard: the cheap, common move
        if prng.die(rng, 3):
            k = 0
            for i in range(m):
                if kind_of(buf[i]) == A_DISCARD:
                    buf[k] = buf[i]
                    k += 1
            if k:
                return buf[prng.die(rng, k)]
        return buf[prng.die(rng, m)]
    if ph == PH_OFFER or ph == PH_ANSWER or ph == PH_ROUND:
        to = s.ctx_b if ph == PH_OFFER else s.ctx_a if ph == PH_ANSWER else s.next_player(p)
        base = A_OFFER if ph == PH_OFFER else A_ANSWER if ph == PH_ANSWER else A_PASS
        if (role == THE_THING and s.role[to] == HUMAN) or (role == INFECTED_ROLE and s.role[to] == THE_THING):
            for i in range(m):
                if buf[i] == base + INFECTED:
                    return buf[i]
        if ph == PH_ANSWER and role == HUMAN and prng.die(rng, 4) == 0:
            for i in range(m):
                if kind_of(buf[i]) == A_DEFEND:
                    return buf[i]
        k = 0
        for i in range(m):
            if kind_of(buf[i]) != A_DEFEND and arg_of(buf[i]) != INFECTED:
                buf[k] = buf[i]
                k += 1
        if k:
            return buf[prng.die(rng, k)]
    return buf[prng.die(rng, m)]


class SearchBot(HeuristicBot):
    """Determinized search over the heuristic's candidate moves (see the module docstring)."""

    name = "search"

    def __init__(self, rules, seed=0, worlds=8, candidates=6, horizon=160, margin=WIN // 10, burn=(5, 1)):
        HeuristicBot.__init__(self, seed)
        self.margin = margin
        self.burn_bad = burn[0]
        self.burn_other = burn[1]
        self.roll_rng = prng.new_state(seed ^ 0x5A5A5)
        self.rules = rules
        self.worlds = worlds
        self.max_candidates = candidates
        self.horizon = horizon
        self.buf = array("i", [0] * MAX_ACTIONS)
        self.world = None
        self.work = None

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        v, b = self.observe(view)
        first = self.decide(v, b, legal)
        if v.phase not in SEARCHED:
            return first
        cands = self.candidates(v, legal, first)
        if len(cands) == 1:
            return cands[0]
        if self.world is None or self.world.players != v.players:
            from .rules import State
            self.world = State(self.rules, 0, v.players, deal=False)
            self.work = State(self.rules, 0, v.players, deal=False)
        scores = [0] * len(cands)
        me = v.me
        roll = self.roll_rng
        for _ in range(self.worlds):
            world = determinize(self.rules, v, b, self.rng, self.world)
            # common random numbers: every candidate's game in this world draws the same numbers
            r0 = prng.next15(self.rng)
            r1 = prng.next15(self.rng)
            for i in range(len(cands)):
                w = self.work
                w.copy_from(world, False)
                prng.seed(roll, (r0 << 15) | r1)
                w.apply_listed(cands[i])
                scores[i] += self.rollout(w, me)
        best = 0
        for i in range(1, len(cands)):
            if scores[i] > scores[best]:
                best = i
        # the heuristic's move stands unless another is clearly better
        if scores[best] - scores[0] <= self.margin * self.worlds:
            return cands[0]
        return cands[best]

    def candidates(self, v, legal, first):
        """The heuristic's move first, then the others (declaring only when the heuristic would)."""
        out = [first]
        for a in legal:
            if a != first and a != A_DECLARE:
                out.append(a)
        if len(out) > self.max_candidates:
            # keep a spread: the heuristic's choice and a seeded sample of the rest
            rest = out[1:]
            keep = [first]
            while len(keep) < self.max_candidates:
                keep.append(rest.pop(prng.die(self.rng, len(rest))))
            out = keep
        return out

    def rollout(self, s, me):
        buf = self.buf
        rng = self.roll_rng
        steps = 0
        while s.result == R_PLAYING and steps < self.horizon:
            n = s.legal_actions(buf)
            s.apply_listed(rollout_choice(s, buf, n, rng, self.burn_bad, self.burn_other))
            steps += 1
        if s.result != R_PLAYING:
            return WIN if s.returns_[me] else 0
        # cut short: the share of the table on the bot's side
        humans = s.count_role(HUMAN)
        alive = s.living()
        if s.role[me] == HUMAN:
            return WIN * humans // (2 * alive) if alive else 0
        return WIN * (alive - humans) // (2 * alive) if alive else 0
