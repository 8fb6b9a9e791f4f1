"""The Mansions search bot, for the keeper or an investigator: determinized rollouts to the end.

    bot = SearchBot(story, seat, seed, worlds=4)
    action = bot.choose(state.view(seat), buf, n, state)

At a decision that shapes the game (the keeper's guide answers, his action, mythos and trauma cards,
moves and attacks; an investigator's turn, locks, obstacles and rolls' preparations) it takes the
heuristic bot's move and up to `candidates` - 1 others, and for each of `worlds` imagined games
(worlds.py: the game as its seat may know it, every hidden part drawn again from the bot's own
PRNG) plays every candidate on to the end with the heuristic bot in every seat, the same dice for
every candidate in a world (common random numbers). It takes the candidate that won its side the
most imagined games, the heuristic's move unless another won more; every other decision is the
heuristic's. The state is handed to it only to be copied as its seat sees it (worlds.py); a test
changes every hidden part of a game and checks its decision does not move.

Deterministic for a seed; integers and the kernel PRNG only. Allocates (worlds, views): a host bot,
never a per-step path of the kernel.
"""

from ... import prng
from .consts import (KEEPER, PH_OVER, PH_GUIDE, PH_TURN, PH_LOCK, PH_OBSTACLE, PH_PREROLL, PH_KEEPER,
                     PH_KMOVE, PH_ATTACKS, PH_MYTHOS, PH_TRAUMA, PH_RAISE, PH_CHOOSE, WIN_KEEPER, WIN_INVESTIGATORS, MAX_ACTIONS, A_DROP, A_DROP_DONE, A_END)
from ...surface import CHANCE
from .bots import HeuristicBot
from .state import G_WINNER
from .worlds import world
from .query import clue_found

SEARCHED = (PH_GUIDE, PH_TURN, PH_LOCK, PH_OBSTACLE, PH_PREROLL, PH_KEEPER, PH_KMOVE, PH_ATTACKS, PH_MYTHOS,
            PH_TRAUMA, PH_RAISE, PH_CHOOSE)
WIN = 1000
# moves never tried instead of the heuristic's: dropping a card (the first edition has no hand
# limit), ending a turn early
NEVER = (A_DROP, A_DROP_DONE, A_END)
CLUE = 60               # an investigator's rollout lost: this much for every clue found


class SearchBot(HeuristicBot):
    """Rollouts of the heuristic over imagined games (see the module docstring)."""

    name = "search"
    wants_game = True           # choose() takes the state as its fourth argument

    def __init__(self, story, seat, seed=0, worlds=4, candidates=5, max_steps=4000, margin=0):
        HeuristicBot.__init__(self, story, seat, seed)
        self.search_rng = prng.new_state((seed * 41 + seat * 7 + 3) & 0x3FFFFFFF)
        self.worlds = worlds
        self.max_candidates = candidates
        self.max_steps = max_steps
        self.margin = margin                # another move must win more than this many imagined games more
        self.searched = 0                   # decisions searched, and those the search changed
        self.overrides = 0
        self.buf = None
        self.top_clue = 0
        for c in range(story.ncards):
            if story.card_clue[c] > self.top_clue:
                self.top_clue = story.card_clue[c]

    def choose(self, view, buf, n, game=None):
        first = HeuristicBot.choose(self, view, buf, n)
        if game is None or n < 2 or self.worlds == 0 or game.g[0] not in SEARCHED:
            return first
        cands = [first]
        rest = [buf[i] for i in range(n) if buf[i] != first and (buf[i] >> 16) not in NEVER]
        while rest and len(cands) < self.max_candidates:
            cands.append(rest.pop(prng.die(self.search_rng, len(rest))))
        scores = [0] * len(cands)
        for _ in range(self.worlds):
            base = world(game, self.seat, self.search_rng)
            r = (prng.next15(self.search_rng) << 15) | prng.next15(self.search_rng)
            for i in range(len(cands)):
                w = base.clone()
                prng.seed(w.rng, r)
                w.apply(cands[i])
                scores[i] += self.rollout(w, r)
        best = 0
        for i in range(1, len(cands)):
            if scores[i] > scores[best]:
                best = i
        if scores[best] - scores[0] <= self.margin * WIN:
            best = 0
        self.searched += 1
        if best:
            self.overrides += 1
        self.last = (cands, scores)
        return cands[best]

    def rollout(self, w, seed):
        """The imagined game played to its end by the heuristic in every seat: WIN when this seat's
        side won it, else 0."""
        if self.buf is None:
            from array import array
            self.buf = array("i", [0] * MAX_ACTIONS)
        buf = self.buf
        bots = [HeuristicBot(self.story, s, seed + s) for s in range(w.players)]
        steps = 0
        while w.g[0] != PH_OVER and steps < self.max_steps:
            n = w.legal_actions(buf)
            who = w.current_player()
            if who == CHANCE or n == 1:
                w.apply(buf[0])
            else:
                w.apply(bots[who].choose(w.view(who), buf, n))
            steps += 1
        won = w.g[G_WINNER]
        if self.seat == KEEPER:
            return WIN if won == WIN_KEEPER else 0
        if won == WIN_INVESTIGATORS:
            return WIN
        # a lost game: how far the investigators got (the story's clues found), so that rollouts the
        # heuristic investigators mostly lose still tell moves apart
        found = 0
        for k in range(1, self.top_clue + 1):
            if clue_found(w, k):
                found += 1
        return CLUE * found
