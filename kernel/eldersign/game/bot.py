"""A simple built-in bot for the game (portable, deterministic, no solver: same choice everywhere).

    a = choose(game, buf, n)    # buf holds n legal actions of game

Moves to the easiest adventure while healthy, else to the entrance; uses item dice; completes a
task with the fewest dice whenever it can; rerolls everything with a clue when nothing completes;
on a failed roll sets aside a green die and focuses the best face.
"""

from . import effects as E
from ..adventure import ACT_HOLD, ACT_FAIL, ACT_FAIL_LOST, ACT_REROLL, ACT_ROLL, WAY_BYTES
from ..dice import INV_VALUE
from .machine import (P_MOVE, P_PREP, P_ADV, P_ENTRANCE, P_PICK, P_BATTLE_PREP, P_BATTLE, A_MOVE, A_USE,
                      A_BEGIN, A_AID, A_LOSTFOUND, A_SHOP, A_GIVEUP, MAX_HAND, MAX_SLOTS, NONE)

FACE_SCORE = (1, 2, 3, 4, 5, 5, 4, 6)   # I1 I2 I3 I4 L P T W: what a focused die is worth


def difficulty(adv):
    d = 0
    for task in adv.card.tasks:
        for v in task.inv:
            d += v
        d += 3 * len(task.faces) + 2 * (task.sanity + task.stamina)
    return d


def choose(game, buf, n):
    ph = game.phase
    inv = game.active()
    if ph == P_MOVE:
        if game.san[inv] <= 2 or game.sta[inv] <= 2:
            return A_MOVE
        best = A_MOVE
        score = 999
        for s in range(MAX_SLOTS):
            if game.slot_on[s]:
                d = difficulty(game.slot_adv[s])
                card = game.data.adventures[game.slot_card[s]]
                if E.has_op(card.reward, E.OP_ELDER):
                    d -= 4
                if d < score:
                    score = d
                    best = A_MOVE + 1 + s
        return best
    if ph == P_PREP or ph == P_BATTLE_PREP:
        for i in range(n):
            a = buf[i]
            if A_USE <= a < A_USE + MAX_HAND:
                op = game.data.cards[game.hand[inv * MAX_HAND + a - A_USE]].use[0]
                if op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED:
                    return a
        return A_BEGIN
    if ph == P_ENTRANCE:
        shop = game.data.shop
        for i in range(n):
            a = buf[i]
            if A_SHOP <= a < A_SHOP + 256 and E.has_op(shop[a - A_SHOP].code, E.OP_ELDER):
                return a
        low_sta = game.maxsta[inv] - game.sta[inv]
        low_san = game.maxsan[inv] - game.san[inv]
        want = -1
        if low_sta or low_san:
            want = 0 if low_sta >= low_san else 1
            if low_sta and low_san:
                for i in range(n):
                    if buf[i] == A_AID + 4:
                        return buf[i]
            if max(low_sta, low_san) >= 2:
                for i in range(n):
                    if buf[i] == A_AID + 2 + want:
                        return buf[i]
            for i in range(n):
                if buf[i] == A_AID + want:
                    return buf[i]
        return A_LOSTFOUND
    if ph == P_PICK:
        return buf[0]
    if ph == P_ADV or ph == P_BATTLE:
        adv = game.cur_adv()
        best = -1
        fewest = 99
        reroll = -1
        fail = -1
        fail_score = -1
        for i in range(n):
            a = buf[i]
            if a == ACT_ROLL:
                return a
            if a < ACT_HOLD:
                base = (a & 255) * WAY_BYTES
                k = 0
                for d in range(WAY_BYTES):
                    k += adv.ways[base + d]
                if k < fewest:
                    fewest = k
                    best = a
            elif ACT_REROLL <= a < ACT_REROLL + (1 << 24):
                if a > reroll:
                    reroll = a
            elif ACT_FAIL <= a < ACT_REROLL:
                if a == ACT_FAIL_LOST:
                    sc = 0
                else:
                    code = a - ACT_FAIL
                    aside = code >> 5
                    k = code & 31
                    sc = 10 if aside == 0 else (5 if aside == 1 else 1)
                    if k:
                        sc += FACE_SCORE[(k - 1) & 7]
                if sc > fail_score:
                    fail_score = sc
                    fail = a
        if best >= 0:
            return best
        if reroll >= 0:
            return reroll
        if fail >= 0:
            return fail
        return A_GIVEUP
    return buf[0]
