"""Movement over the street graph: which spaces a 2D6 move can reach, and the exact probability.

The rules (the seed's part 1; README "Arkham Horror"): every step to a neighbouring space costs 1
(entering or leaving a city location included); entering a city location ends the move; entering a
space with a monster ends it too, except by vehicle (a blocking monster's space cannot be entered at
all), under Mists of R'lyeh, or on a street whose only monsters are Hounds of Tindalos. A taxi space
without monsters on the way (or the start) lets the investigator pay $1 and go to any city location.

`occupancy` is a bytearray per space: OCC_MONSTER (a monster that is not a Hound), OCC_BLOCKING,
OCC_HOUND bits. `board` is anything with nspaces, is_loc, taxi, nbr_start, nbr_count, nbrs (the game's
Board). The game's step-by-step movement asks the same two questions (`enterable`, `stops`), so the
odds and the game agree by construction; the tests check both against brute-force path enumeration.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

OCC_MONSTER = const(1)
OCC_BLOCKING = const(2)
OCC_HOUND = const(4)

MODE_FOOT = const(0)
MODE_VEHICLE = const(1)
MODE_MISTS = const(2)

UNREACHED = const(255)
# 2D6: the number of ways (of 36) to roll each sum 0..12
TWO_D6 = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)


def enterable(board, occupancy, s, mode):
    """May the mover step into space s at all (a vehicle never enters a blocking monster's space)."""
    return not (mode == MODE_VEHICLE and occupancy[s] & OCC_BLOCKING)


def stops(board, occupancy, s, mode):
    """Does entering space s end the move (a city location; a monster's space on foot)."""
    if board.is_loc[s]:
        return True
    if mode != MODE_FOOT:
        return False
    return (occupancy[s] & OCC_MONSTER) != 0


def distances(board, occupancy, start, mode, dist, queue):
    """Fill dist (bytearray nspaces) with the fewest steps from start to each space, UNREACHED where
    no move gets there; a space that stops the mover is reached but not passed. `queue` is a
    bytearray of nspaces (scratch). Allocates nothing."""
    n = board.nspaces
    for s in range(n):
        dist[s] = UNREACHED
    dist[start] = 0
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        s = queue[head]
        head += 1
        if s != start and stops(board, occupancy, s, mode):
            continue
        d = dist[s] + 1
        base = board.nbr_start[s]
        for i in range(board.nbr_count[s]):
            t = board.nbrs[base + i]
            if dist[t] == UNREACHED and enterable(board, occupancy, t, mode):
                dist[t] = d
                queue[tail] = t
                tail += 1


def taxi_steps(board, occupancy, dist):
    """The fewest steps to a taxi space without monsters (where a taxi can be called), or UNREACHED."""
    best = UNREACHED
    for s in range(board.nspaces):
        if board.taxi[s] and not occupancy[s] and dist[s] < best:
            best = dist[s]
    return best


def roll_weight_at_least(d):
    """The number of 2D6 rolls (of 36) that give at least d steps."""
    total = 0
    for r in range(12, 1, -1):
        if r >= d:
            total += TWO_D6[r]
    return total


def reach_odds(board, occupancy, start, mode=MODE_FOOT, money=0, whistle=False):
    """[num over 36 for each space]: the probability that a 2D6 move from start can end on it.

    The start counts as reached (the mover may stay). With $1 and a Taxi Whistle every city location
    is reached without a roll; with $1 and a taxi space within the roll, every city location too."""
    n = board.nspaces
    dist = bytearray(n)
    queue = bytearray(n)
    distances(board, occupancy, start, mode, dist, queue)
    taxi = UNREACHED
    if money >= 1:
        taxi = 0 if whistle else taxi_steps(board, occupancy, dist)
    out = []
    for s in range(n):
        d = dist[s]
        if board.is_loc[s] and taxi < d:
            d = taxi
        if d == UNREACHED:
            out.append(0)
        elif d == 0:
            out.append(36)
        else:
            out.append(roll_weight_at_least(d))
    return out
