"""How good a game looks for the investigators: the chance to win, as a search bot's rollout ends.

    p = value(game)          # 0 .. SCALE: a win SCALE, a loss 0, else the fitted chance to win

A game still going is scored by a logistic model over public features (features(), below: open
gates, doom, rounds left, the gate table's share that sealed or open gates keep from opening new
ones, investigators half way through a trip or back at their gate, health, weapons, monsters on
the board, investigators lost), its weights fitted on the planner's own games
(`benchmarks/arkham_value_fit.py`, which prints WEIGHTS and the command that made them). Its inputs
are public: the sheets, the board, the gates, never where a face-down gate leads.

Integers only, the same on every runtime: the weights are the logit's coefficients times 256, and
the logistic curve is a table (SIG, the chance times SCALE at every quarter of a logit unit from
-8 to 8) read with linear interpolation.
"""

from .board import NONE
from .defs import PH_OVER, RES_WON, AT_WORLD, MAX_POSS
from . import state

SCALE = 1000
NFEATURES = 20
FEATURE_NAMES = ("bias", "open gates", "open gates near the limit", "no gate open", "one gate open", "doom",
                 "doom near its end", "rounds left", "sealed share", "open share", "gate cards left",
                 "back at their gate", "in an Other World, area 2", "in an Other World, area 1",
                 "stranded in an Other World", "sanity", "strength", "at 2 or less", "weapon bonus",
                 "monsters on the board")
# fitted by benchmarks/arkham_value_fit.py (the command and the fit are in benchmarks/README.md)
WEIGHTS = (-2301, -343, -175, -147, 15, 52, -338, 67, 73, 47, -24, 162, 161, 244, 0, 24, 31, -77, -4, -40)

# sigmoid(x) * SCALE for x = -8, -7.75, ..., 8
SIG = (0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 4, 5, 7, 9, 11, 14, 18, 23, 29, 37, 47, 60, 76, 95, 119, 148, 182,
       223, 269, 321, 378, 438, 500, 562, 622, 679, 731, 777, 818, 852, 881, 905, 924, 940, 953, 963, 971,
       977, 982, 986, 989, 991, 993, 995, 996, 997, 998, 998, 998, 999, 999, 999, 999, 1000, 1000)


def features(game, out):
    """The public features of a game still going into out[0 .. NFEATURES-1] (FEATURE_NAMES)."""
    b = game.board
    gates = state.open_gates(game)
    out[0] = 1
    out[1] = gates
    near = gates - (game.gate_limit - 3)
    out[2] = near if near > 0 else 0
    out[3] = 1 if gates == 0 else 0
    out[4] = 1 if gates == 1 else 0
    out[5] = game.doom
    out[6] = 1 if game.doom_length - game.doom <= 2 else 0
    out[7] = (game.round_limit - game.round) if game.round_limit else 30
    sealed = 0
    gated = 0
    for v in range(2, 13):
        s = b.gate_table[v]
        if s != NONE:
            w = 6 - (v - 7 if v >= 7 else 7 - v)
            if game.sealed[s]:
                sealed += w
            elif game.gate_at[s] != NONE:
                gated += w
    out[8] = sealed
    out[9] = gated
    out[10] = game.gate_deck.n
    back = ow2 = ow1 = stranded = san = sta = low = bonus = 0
    for seat in range(game.players):
        if game.seat_inv[seat] == NONE:
            continue
        p = game.pos[seat]
        if p == AT_WORLD:
            way = False
            wld = game.ow_world[seat]
            for s in range(b.nspaces):
                g = game.gate_at[s]
                if g != NONE and game.gate_shown[g] and b.gate_world[g] == wld:
                    way = True
            if not way:
                stranded += 1
            elif game.ow_stage[seat] == 2:
                ow2 += 1
            else:
                ow1 += 1
        elif game.close_at[seat] == p and game.gate_at[p] != NONE:
            back += 1
        san += game.san[seat]
        sta += game.sta[seat]
        if game.san[seat] <= 2 or game.sta[seat] <= 2:
            low += 1
        k = 0
        for i in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + i]
            if c != NONE:
                k += b.i_bonus[b.card_kind[c]]
        bonus += k if k < 6 else 6
    out[11] = back
    out[12] = ow2
    out[13] = ow1
    out[14] = stranded
    out[15] = san
    out[16] = sta
    out[17] = low
    out[18] = bonus
    m = 0
    for i in range(b.nmonsters):
        if game.m_at[i] < b.nspaces:
            m += 1
    out[19] = m


def sigmoid(x256):
    """SCALE * 1 / (1 + e^-x) for a logit x given times 256 (an int), from the table."""
    q = x256 + 8 * 256               # quarter steps of 64 from -8
    if q <= 0:
        return SIG[0]
    i = q >> 6
    if i >= len(SIG) - 1:
        return SIG[len(SIG) - 1]
    f = q & 63
    return SIG[i] + ((SIG[i + 1] - SIG[i]) * f) // 64


def value(game, feat, w=WEIGHTS):
    """The chance to win (0 .. SCALE): SCALE for a win, 0 for a loss, else the model's. feat is
    the caller's scratch (a list or array of NFEATURES ints)."""
    if game.phase == PH_OVER:
        return SCALE if game.result == RES_WON else 0
    features(game, feat)
    x = 0
    for i in range(NFEATURES):
        x += w[i] * feat[i]
    return sigmoid(x)
