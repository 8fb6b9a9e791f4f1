"""The Arkham search bot: determinized rollouts over the engine's own legal actions.

    bot = SearchBot(board, seed=7, worlds=6, rounds=1)
    a = bot.choose(game, buf, n)

At a decision that matters (where to go, what to do at a gate, monsters, the way back from an
Other World, a free move, a shop, a payment) it takes the candidate moves, and for each of
`worlds` imagined games (worlds.py: built from its seat's view, the hidden decks and face-down
gates drawn from its own PRNG, never read from the true state) plays every candidate on with the
planner policy (planner.py) in every seat, the same dice for every candidate in a world (common
random numbers), until the round ends (`rounds` 1; 2: the next round too; or the game ends); it
scores each end with value.py (the chance to win, fitted on the planner's games) and takes the
candidate with the best total, the policy's own move on ties. A short horizon measured best: the
value model already says what the planner makes of a round's start (100 2-player games: 39 wins
with 4 worlds and 1 round, 7 of 40 with 2 rounds). Its other
decisions, and the steps of a move it chose, are the policy's.

A move's candidates are targets, not single steps: stay, or head for a location (an open gate,
the Asylum, the Hospital, a shop, the policy's own target), by taxi where a taxi goes there; the
steps that follow head for the chosen target for the rest of the turn (the policy's override).
At most `candidates` are tried, the policy's first.

The budget is worlds x candidates rollouts a decision, each at most `rounds` rounds (and
`max_steps` actions). Deterministic for a seed: its worlds and rollouts draw from its own PRNG.
Integers only; it runs unchanged on MicroPython (slowly: it is a host bot). Allocates per
decision (the candidates' list), never in the game's own per-step paths.
"""

from array import array

from ... import prng
from .board import NONE
from .defs import (PH_OVER, PH_INV, CH_FIRST, MAX_ACTIONS, ST_MOVE, ST_ENC, ST_GATE_OR_EVENT, ST_CLOSE,
                   ST_RETURN, ST_DEST, ST_SHOP, ST_PAY, K_STAY, K_ROLL, K_TAXI, K_RESOLVE, K_DEST, ARG_MASK)
from .planner import PlannerBot
from .value import value, WEIGHTS, NFEATURES
from .worlds import new_world, determinize, copy_state

SEARCHED = (ST_MOVE, ST_ENC, ST_GATE_OR_EVENT, ST_CLOSE, ST_RETURN, ST_DEST, ST_SHOP, ST_PAY)


class SearchBot(PlannerBot):
    """Determinized rollouts at the decisions that matter (see the module docstring)."""

    name = "search"

    def __init__(self, board, seed=0, worlds=6, rounds=1, candidates=6, max_steps=600, weights=WEIGHTS,
                 steps=SEARCHED):
        PlannerBot.__init__(self, board)
        self.steps = steps
        self.rng = prng.new_state(seed ^ 0x2A2A2)
        self.worlds = worlds
        self.rounds = rounds
        self.max_candidates = candidates
        self.max_steps = max_steps
        self.weights = weights
        self.policy = PlannerBot(board)         # every seat's rollout policy
        self.buf = array("i", [0] * MAX_ACTIONS)
        self.feat = [0] * NFEATURES
        self.world = None
        self.work = None
        self.searched = 0                       # decisions searched, and those the search changed
        self.overrides = 0
        self.by_step = {}                       # step: [searched, overridden]
        self.last = None                        # the last search: (candidates, targets, scores)

    # ----- the decision -------------------------------------------------------------------------

    def choose(self, game, buf, n):
        if game.phase == PH_OVER or game.step >= CH_FIRST:
            return K_RESOLVE
        if n == 1:
            return buf[0]
        st = game.step
        first = PlannerBot.choose(self, game, buf, n)
        if st not in self.steps or self.worlds == 0:
            return first
        cands, targets = self.candidates(game, buf, n, first)
        if len(cands) < 2:
            return first
        best = self.search(game, cands, targets)
        self.searched += 1
        tally = self.by_step.setdefault(st, [0, 0])
        tally[0] += 1
        tally[1] += 1 if cands[best] != first else 0
        if cands[best] != first or targets[best] != NONE:
            if cands[best] != first:
                self.overrides += 1
            if st == ST_MOVE and targets[best] != NONE:
                self.override(game.actor, targets[best], game.round)
        return cands[best]

    def candidates(self, game, buf, n, first):
        """(actions, targets): the policy's move first; at a move, a target per candidate."""
        st = game.step
        if st != ST_MOVE:
            out = [first]
            for i in range(n):
                if buf[i] != first and len(out) < self.max_candidates:
                    out.append(buf[i])
            return out, [NONE] * len(out)
        seat = game.actor
        b = self.board
        here = game.pos[seat]
        own = self.target(game, seat)
        places = [own]
        for s in range(b.nspaces):
            if game.gate_at[s] != NONE and s not in places:
                places.append(s)
        for s in (b.asylum, b.hospital):
            if s not in places:
                places.append(s)
        acts = [first]
        tgts = [own if first != K_STAY else here]
        if first != K_STAY:
            acts.append(K_STAY)
            tgts.append(here)
        for s in places:
            if len(acts) >= self.max_candidates:
                break
            if s == NONE or s == here:
                continue
            a = K_TAXI + s if self.find(buf, n, K_TAXI + s) else K_ROLL
            dup = False
            for i in range(len(acts)):
                if acts[i] == a and tgts[i] == s:
                    dup = True
            if not dup:
                acts.append(a)
                tgts.append(s)
        return acts, tgts

    def search(self, game, cands, targets):
        """The index of the candidate with the best total over the worlds (the first on ties)."""
        if self.world is None or self.world.players != game.players:
            self.world = new_world(self.board, game)
            self.work = new_world(self.board, game)
        seat = game.actor
        view = game.view(seat)
        scores = [0] * len(cands)
        for _ in range(self.worlds):
            determinize(self.world, view, self.rng)
            r0 = prng.next15(self.rng)
            r1 = prng.next15(self.rng)
            for i in range(len(cands)):
                w = self.work
                copy_state(w, self.world)
                prng.seed(w.rng, (r0 << 15) | r1)
                self.policy.clear()
                if targets[i] != NONE:
                    self.policy.override(seat, targets[i], game.round)
                w.apply(cands[i])
                scores[i] += self.rollout(w)
        best = 0
        for i in range(1, len(cands)):
            if scores[i] > scores[best]:
                best = i
        self.last = (cands, targets, scores)
        return best

    def rollout(self, w):
        """The imagined game played on by the policy until `rounds` rounds have ended (or the
        game has), scored."""
        stop = w.round + self.rounds
        buf = self.buf
        pol = self.policy
        steps = 0
        while w.phase != PH_OVER and w.round < stop and steps < self.max_steps:
            n = w.legal_actions(buf)
            if w.step >= CH_FIRST:
                w.apply(K_RESOLVE)
            else:
                w.apply(pol.choose(w, buf, n))
            steps += 1
        return value(w, self.feat, self.weights)
