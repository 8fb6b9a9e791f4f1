"""A simple built-in bot for the game (portable, deterministic, no solver: same choice everywhere).

    a = choose(game, buf, n)    # buf holds the n legal actions of the state

It answers every question of the game, one function per question (CHOOSERS, by the top frame; the
turn's main step by its phase):

    move        healthy: the easiest adventure (an elder sign in the reward counts 4 easier); else
                the entrance
    prepare     add the yellow or red die with an item, then roll
    end         (after the adventure or entrance action) heal with a card or ability that only
                heals when a stat is below its maximum, else end the turn
    entrance    an elder sign from the gift shop when affordable; else heal what is lowest; else
                lost and found
    roll        complete a task with the fewest dice; else reroll everything (a free reroll first,
                then a clue); else fail the roll
    pick        draw an investigator at random
    choose      the first alternative that does not devour the investigator
    place       the first place not on the card being attempted
    target      a monster on the active investigator's card, else the first
    spend       the cheapest trophies that pay: the smallest total, then the fewest trophies
    discard     the first card
    lose        stamina when stamina >= sanity, else sanity
    aside       a green die, else yellow, else red
    keep        focus the best face, else ask the first helper, else nothing
    agree       yes unless the loss would devour the helper
    held        the die kept by focus or assistance before a spell's
    lock        a die not rolled yet, else the rolled die with the lowest face
    offer       an ability of any player's turn: at a turn's start use it (it is offered only when
                it does something); after a roll, reroll as many dice as it may when the roll
                completes nothing, else not now
    who         any(...): the investigator in play with the lowest sanity + stamina
"""

from . import effects as E
from ..adventure import ACT_HOLD, ACT_REROLL, ACT_ROLL, WAY_BYTES
from . import trophies, attempt
from .defs import (P_MOVE, P_PREP, P_ADV, P_ENTRANCE, P_END, P_BATTLE_PREP, P_BATTLE, A_MOVE, A_USE, A_BEGIN,
                   A_ABILITY, A_END, A_REACT, A_WHO, REACT_REROLL, F_OFFER, F_WHO,
                   A_AID, A_LOSTFOUND, A_SHOP, A_GIVEUP, A_DRAW, A_CHOOSE, A_PLACE, A_SPEND, A_LOSE,
                   A_ASIDE, A_KEEP, A_ASK, A_AGREE, A_HELD, A_LOCKDIE, A_FAIL, A_FREEROLL, A_ARG_MASK,
                   MAX_HAND, MAX_MON, NONE, F_MAIN, F_PICK, F_CHOOSE, F_PLACE, F_TARGET, F_SPEND,
                   F_LOSE, F_ASIDE, F_KEEP, F_AGREE, F_HELD, F_LOCKDIE)

FACE_SCORE = (1, 2, 3, 4, 5, 5, 4, 6)   # I1 I2 I3 I4 L P T W: what a kept die is worth


def difficulty(adv):
    d = 0
    for task in adv.card.tasks:
        for v in task.inv:
            d += v
        d += 3 * len(task.faces) + 2 * (task.sanity + task.stamina)
    return d


def choose(game, buf, n):
    """The bot's action among the n legal actions in buf."""
    st = game._stack
    if n == 1 or st.n == 0:
        return buf[0]
    op = st.op[st.n - 1]
    if op == F_MAIN:
        chooser = MAIN.get(st.a[st.n - 1])
    else:
        chooser = CHOOSERS.get(op)
    return chooser(game, buf, n) if chooser is not None else buf[0]


def _find(buf, n, action):
    for i in range(n):
        if buf[i] == action:
            return True
    return False


# ----- the turn's main step ---------------------------------------------------------------------

def _move(game, buf, n):
    inv = game._active()
    if game._inv.san[inv] <= 2 or game._inv.sta[inv] <= 2:
        return A_MOVE
    best = A_MOVE
    score = 999
    for s in range(game._slots.n):
        if game._slots.on[s]:
            d = difficulty(game._slots.adv[s])
            card = game._data.adventures[game._slots.card[s]]
            if E.has_op(card.reward, E.OP_ELDER):
                d -= 4
            if d < score:
                score = d
                best = A_MOVE + 1 + s
    return best


def _die_item(game, buf, n):
    inv = game._active()
    for i in range(n):
        a = buf[i]
        if A_USE <= a < A_USE + MAX_HAND:
            op = game._data.cards[game._inv.card(inv, a - A_USE)].use[0]
            if op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED:
                return a
    return -1


def _prepare(game, buf, n):
    a = _die_item(game, buf, n)
    return a if a >= 0 else A_BEGIN


def _entrance(game, buf, n):
    inv = game._active()
    shop = game._data.shop
    for i in range(n):
        a = buf[i]
        if A_SHOP <= a < A_SHOP + A_ARG_MASK and E.has_op(shop[a - A_SHOP].code, E.OP_ELDER):
            return a
    low_sta = game._inv.maxsta[inv] - game._inv.sta[inv]
    low_san = game._inv.maxsan[inv] - game._inv.san[inv]
    if low_sta or low_san:
        want = 0 if low_sta >= low_san else 1
        if low_sta and low_san and _find(buf, n, A_AID + 4):
            return A_AID + 4
        if max(low_sta, low_san) >= 2 and _find(buf, n, A_AID + 2 + want):
            return A_AID + 2 + want
        return A_AID + want
    return A_LOSTFOUND


def _roll(game, buf, n):
    adv = game._combat_adv if game._att.slot == -2 else game._slots.adv[game._att.slot]
    best = -1
    fewest = 99
    reroll = -1
    free = -1
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
        elif ACT_REROLL <= a < ACT_ROLL:
            if a > reroll:
                reroll = a
        elif A_FREEROLL <= a < A_FREEROLL + A_ARG_MASK:
            if a > free:
                free = a
    if best >= 0:
        return best
    if free >= 0:
        return free
    if reroll >= 0:
        return reroll
    return A_FAIL if _find(buf, n, A_FAIL) else A_GIVEUP


def _end(game, buf, n):
    inv = game._active()
    hurt = game._inv.san[inv] < game._inv.maxsan[inv] or game._inv.sta[inv] < game._inv.maxsta[inv]
    for i in range(n):
        a = buf[i]
        if A_USE <= a < A_USE + MAX_HAND:
            use = game._data.cards[game._inv.card(inv, a - A_USE)].use
        elif a == A_ABILITY:
            use = game._data.investigators[inv].ability.day
        else:
            continue
        if hurt and _heals_only(use):
            return a
    return A_END


def _heals_only(use):
    for k in range(0, len(use), 3):
        if (use[k] != E.OP_SANITY and use[k] != E.OP_STAMINA) or use[k + 1] <= 0:
            return False
    return len(use) > 0


MAIN = {P_MOVE: _move, P_PREP: _prepare, P_BATTLE_PREP: _prepare, P_ENTRANCE: _entrance, P_ADV: _roll,
        P_BATTLE: _roll, P_END: _end}


# ----- questions --------------------------------------------------------------------------------

def _pick(game, buf, n):
    return A_DRAW if _find(buf, n, A_DRAW) else buf[0]


def _choose(game, buf, n):
    """The first alternative that leaves sanity and stamina above 0."""
    st = game._stack
    i = st.n - 1
    code = st.ref[i]
    pc = st.a[i]
    inv = st.b[i]
    for k in range(n):
        alt = buf[k] - A_CHOOSE
        j = pc + 3
        for _ in range(alt):
            j += 3 + 3 * code[j + 1]
        san = game._inv.san[inv]
        sta = game._inv.sta[inv]
        for x in range(code[j + 1]):
            op = code[j + 3 + 3 * x]
            amount = code[j + 4 + 3 * x]
            if op == E.OP_SANITY:
                san += amount
            elif op == E.OP_STAMINA:
                sta += amount
            elif op == E.OP_MAX_SANITY and san > game._inv.maxsan[inv] + amount:
                san = game._inv.maxsan[inv] + amount
            elif op == E.OP_MAX_STAMINA and sta > game._inv.maxsta[inv] + amount:
                sta = game._inv.maxsta[inv] + amount
        if san > 0 and sta > 0:
            return buf[k]
    return buf[n - 1]


def _place(game, buf, n):
    for i in range(n):
        if (buf[i] - A_PLACE) >> 5 != game._att.slot:
            return buf[i]
    return buf[0]


def _target(game, buf, n):
    inv = game._active()
    if inv != NONE:
        for i in range(n):
            if (buf[i] & A_ARG_MASK) // MAX_MON == game._inv.loc[inv] - 1:
                return buf[i]
    return buf[0]


def _spend(game, buf, n):
    """A trophy of the cheapest set that pays: the smallest total >= the price, then the fewest
    trophies (searched over the listed trophies, each used at most once)."""
    st = game._stack
    inv = st.a[st.n - 1]
    need = st.b[st.n - 1]
    count = game._inv.ntroph[inv]
    best_total = 1 << 20
    best_cards = 99
    best_first = -1
    # trophies are few (MAX_TROPHIES): the totals of the subsets, smallest first, by a bounded search
    values = [trophies.trophy_value(game, game._inv.trophy(inv, j)) for j in range(count)]
    order = sorted(range(count), key=lambda j: values[j])
    for mask in range(1, 1 << min(count, 12)):
        total = 0
        cards = 0
        first = -1
        for k in range(min(count, 12)):
            if mask & (1 << k):
                total += values[order[k]]
                cards += 1
                if first < 0:
                    first = order[k]
        if total >= need and (total < best_total or (total == best_total and cards < best_cards)):
            best_total = total
            best_cards = cards
            best_first = first
    if best_first >= 0:
        want = trophies.trophy_value(game, game._inv.trophy(inv, best_first))
        for i in range(n):
            if trophies.trophy_value(game, game._inv.trophy(inv, buf[i] - A_SPEND)) == want:
                return buf[i]
    return buf[0]


def _lose(game, buf, n):
    st = game._stack
    h = st.a[st.n - 1]
    return A_LOSE if game._inv.sta[h] >= game._inv.san[h] else A_LOSE + 1


def _aside(game, buf, n):
    for c in range(3):
        if _find(buf, n, A_ASIDE + c):
            return A_ASIDE + c
    return buf[0]


def _keep(game, buf, n):
    best = A_KEEP
    score = 0
    for i in range(n):
        a = buf[i]
        if A_KEEP < a < A_KEEP + 32:
            sc = FACE_SCORE[(a - A_KEEP - 1) & 7] * 2 + 1        # one's own focus first
        elif A_ASK <= a < A_ASK + A_ARG_MASK:
            sc = FACE_SCORE[(a - A_ASK) & 7] * 2
        else:
            continue
        if sc > score:
            score = sc
            best = a
    return best


def _agree(game, buf, n):
    st = game._stack
    h = game._seats.inv[st.a[st.n - 1]]
    return A_AGREE + 1 if game._inv.sta[h] > 1 or game._inv.san[h] > 1 else A_AGREE


def _held(game, buf, n):
    return A_HELD if _find(buf, n, A_HELD) else buf[0]


def _lock(game, buf, n):
    best = buf[0]
    score = 99
    for i in range(n):
        arg = buf[i] - A_LOCKDIE
        sc = FACE_SCORE[arg & 7] if arg < 24 else (0 if arg < 32 else 8)
        if sc < score:
            score = sc
            best = buf[i]
    return best


def _offer(game, buf, n):
    st = game._stack
    if st.b[st.n - 1] == 0:
        return A_REACT + 1 if _find(buf, n, A_REACT + 1) else A_REACT
    if not attempt.completes_nothing(game):
        return A_REACT
    best = A_REACT
    most = 0
    for i in range(n):
        k = _bits(buf[i] - A_REACT - REACT_REROLL) if buf[i] >= A_REACT + REACT_REROLL else 0
        if k > most:
            most = k
            best = buf[i]
    return best


def _bits(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


def _who(game, buf, n):
    best = buf[0]
    low = 99
    for i in range(n):
        h = game._seats.inv[buf[i] - A_WHO]
        v = game._inv.san[h] + game._inv.sta[h]
        if v < low:
            low = v
            best = buf[i]
    return best


CHOOSERS = {F_PICK: _pick, F_CHOOSE: _choose, F_PLACE: _place, F_TARGET: _target, F_SPEND: _spend,
            F_LOSE: _lose, F_ASIDE: _aside, F_KEEP: _keep, F_AGREE: _agree, F_HELD: _held,
            F_LOCKDIE: _lock, F_OFFER: _offer, F_WHO: _who}
