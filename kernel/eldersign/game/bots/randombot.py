"""RandomBot: a uniformly random legal action, from its own kernel PRNG (seeded, so a game of
random bots replays from the two seeds). Dice are rolled when the game offers a roll (the roll is
chance, not a choice); every other decision, giving up included, is a uniform draw."""

from array import array

from .... import prng
from ...adventure import ACT_ROLL


class RandomBot:
    name = "random"

    def __init__(self, seed=0):
        self.rng = array("i", [1, 1])
        prng.seed(self.rng, seed & prng.SEED_MAX)

    def choose(self, game, buf, n):
        for i in range(n):
            if buf[i] == ACT_ROLL:
                return ACT_ROLL
        return buf[prng.die(self.rng, n)]
