"""The Ancient One's awakening and its attack.

Waking (engine.py decides when): its awakening effect (Azathoth's ends the game), the mythos cards
go (those lasting too; their locked dice are freed), dice locked on adventures or by monsters leave
the game, the board is cleared (monsters back to the cup, adventures to the box), the doom track is
filled and every investigator moves to it; nobody waiting for a replacement investigator is put out
(only the player whose devouring woke it, engine.py). The final battle's turn is prepare -> attack
-> clock (the attack is rolled like an adventure, attempt.py); at midnight the Ancient One attacks.
"""

from ..dice import GREEN, YELLOW
from . import pool, board
from .defs import NONE, LOC_AO, F_RUN, EV_AWAKEN, EV_DOOM, EV_ATTACK


def awaken(g):
    g._event(EV_AWAKEN)
    g._battle = True
    if g._mythos >= 0:
        pool.free_mythos_locks(g)
        g._decks.mythos.bottom(g._mythos)
        g._mythos = -1
    for k in range(g._nlasting):
        g._decks.mythos.bottom(g._lasting[k])
    g._nlasting = 0
    # dice locked on adventures or monsters leave the game
    locks = g._locks
    for i in range(locks.n):
        c = locks.col[i]
        if c == GREEN:
            g._green_gone += 1
        elif c == YELLOW:
            g._yellow_gone = True
        else:
            g._red_gone = True
    locks.clear()
    # the board goes to the box: monsters to the cup, adventures under their decks (never drawn again)
    for s in range(g._slots.n):
        if g._slots.on[s]:
            board.return_monsters(g, s)
            c = g._slots.card[s]
            if g._data.adventures[c].other_world:
                g._decks.other_worlds.bottom(c)
            else:
                g._decks.adventures.bottom(c)
            g._slots.empty(s)
    g._doom = g._ao.doom
    g._event(EV_DOOM, g._doom)
    for seat in range(g.players):
        inv = g._seats.inv[seat]
        if inv != NONE:
            g._inv.loc[inv] = LOC_AO
    if g._ao.awaken:
        # its awakening effect (Azathoth: the investigators lose) resolves next
        g._stack.push(F_RUN, 0, len(g._ao.awaken), g._decider_inv(), 1, g._ao.awaken)


def attack_step(g, i):
    """F_ATTACK: the Ancient One's attack (midnight in the final battle)."""
    g._stack.pop()
    g._event(EV_ATTACK)
    code = g._ao.attack
    if code:
        g._stack.push(F_RUN, 0, len(code), g._decider_inv(), 1, code)
