"""Small statistics for simulation reports: the Wilson score interval of a win rate."""

import math


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% (by default) Wilson score interval of wins/games, as (low, high); (0, 1) for no games.

    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)
