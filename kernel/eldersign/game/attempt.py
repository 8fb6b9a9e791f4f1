"""The adventure phase: the adventure kernel (adventure.py) wrapped with what surrounds an attempt,
and the final battle's attack, which is rolled the same way.

Beginning an attempt sets the slot's Adventure up from the game (free dice, item dice, the spell-
held dice of every player, the card's terror code) and seeds it from the game's PRNG. Each roll is
a chance node. After a roll, the active player may complete a task (paying its costs; when a held
die of that face could come from a focus or from a spell, they say which), put a rolled die on a
holding spell, reroll with a clue as often as they have clues (or with their once-per-roll
ability), use items, allies, spells and abilities (the yellow or red die joins the pool for the
next roll), take a die off a spell into the pool, give up, or fail the roll. Failing a roll: the
terror effects first (the card's, the mythos cards', the abilities'), then the player sets aside a
die of the colour they choose, then they may focus a rolled die or ask any investigator on the card
who has not assisted this round to keep one (that player agrees or refuses). Giving up with a roll
that shows Terror fails that roll first ("cannot or will not" complete a task): its terror effects
resolve, then the adventure fails (house rule giveup_skips_terror: only a roll that completes
nothing).

The end of the phase (F_END_ATTEMPT): the monsters whose tasks were done (or that a card defeated)
become trophies, then the trophy card and the reward, or the penalty; then every helper of an
adventure not completed this turn chooses to lose 1 stamina or 1 sanity (also when the attempt was
cut short by the active investigator's devouring or by the awakening, which skip the penalty); the
yellow and red dice go back. `roll_code` is adventure.roll_code without allocating.
"""

from ... import prng
from ..adventure import (ACT_HOLD, ACT_FAIL, ACT_FAIL_LOST, ACT_REROLL, ACT_ROLL, P_WON,
                         P_DECIDE, WAY_BYTES)
from ..dice import GREEN, YELLOW, RED, TERROR, NFACES, DIE_FACES
from . import effects as E
from . import pool, board, doom, cards, trophies, resolve, inforce
from .defs import (F_REACT, P_ADV, P_BATTLE, MAX_MON, MAX_TASKS_GAME, NONE, LOC_ENTRANCE,
                   TR_ADVENTURE, F_RUN, F_MAIN, F_END_ATTEMPT, F_FAILED, F_ASIDE, F_KEEP,
                   F_AGREE, F_HELD, F_LOSE, A_GIVEUP, A_FAIL, A_ASIDE, A_KEEP, A_ASK,
                   A_HELD, A_LOSE, A_FREEROLL, A_ARG_MASK, EV_BEGIN, EV_ROLL, EV_TASK, EV_TERROR, EV_WON,
                   EV_LOST, EV_HELP, EV_FOCUS, EV_CLUE, EV_GIVEUP, EV_ASIDE, EV_REFUSE, EV_LOSES,
                   EV_USED_HELD, EV_FREEROLL, EV_HIT, HR_GIVEUP_SKIPS_TERROR)

_GF = DIE_FACES[GREEN]
_YF = DIE_FACES[YELLOW]
_RF = DIE_FACES[RED]
TERROR_DIE = GREEN * NFACES + TERROR


def roll_code(counts):
    """adventure.roll_code without allocating (the same code: decode it with adventure.decode_roll)."""
    code = 0
    i = 5
    while i >= 0:
        code = code * 9 + counts[_GF[i]]
        i -= 1
    k = 6
    for i in range(6):
        if counts[NFACES + _YF[i]]:
            k = i
    code = code * 7 + k
    k = 6
    for i in range(6):
        if counts[2 * NFACES + _RF[i]]:
            k = i
    return code * 7 + k


def adv(g):
    return pool.attempt_adv(g)


def attacking(g):
    return g._att.slot == pool.ATTACKING


# ----- beginning ------------------------------------------------------------------------------

def _item_die(g, colour):
    """1 when an item added the die of colour this turn and it is free (0 after a lock took it,
    unless the investigator rolls locked dice)."""
    used = g._turn_yellow if colour == YELLOW else g._turn_red
    return 1 if used == 1 and pool.free_dice(g, colour) + _locked_rolled(g, colour) > 0 else 0


def _locked_rolled(g, colour):
    """The locked dice of colour an investigator with `roll_locked` rolls too (they stay on their
    icons: the rulebook's "Only Sister Mary may roll locked dice")."""
    if inforce.own(g, E.M_ROLL_LOCKED) <= 0:
        return 0
    n = g._locks.count(colour)
    return 1 if colour != GREEN and n else n


def _preload_spell_dice(g, a):
    """After a.reset(): every die held on a spell (any player's) is held in this attempt."""
    for k in range(g._spells.n):
        d = g._spells.die[k]
        a.add_held(d)
        g._att.spell[d] += 1


def begin(g, i):
    """A_BEGIN: the attempt at the card the active investigator is on (or the attack)."""
    inv = g._active()
    g._att.clear()
    if g._battle:
        g._att.slot = pool.ATTACKING
        a = g._combat_adv
        terror = 0
    else:
        s = g._inv.loc[inv] - 1
        g._att.slot = s
        a = g._slots.adv[s]
        terror = g._data.adventures[g._slots.card[s]].terror_code
    green = pool.free_dice(g, GREEN) + _locked_rolled(g, GREEN)
    yellow = _item_die(g, YELLOW)
    red = _item_die(g, RED)
    _start(g, a, green, yellow, red, terror)
    g._event(EV_BEGIN, NONE if g._battle else g._att.slot, green, yellow * 2 + red)
    g._stack.a[i] = P_BATTLE if g._battle else P_ADV


def _start(g, a, green, yellow, red, terror):
    g._att.colours |= (yellow << YELLOW) | (red << RED)
    a.set_situation(g._sit.set(green, yellow, red, 0, 0, 0, terror, 0, 0))
    a.set_seed((prng.next15(g._rng) << 15) | prng.next15(g._rng))
    a.reset()
    _preload_spell_dice(g, a)
    set_uses(g)


def eligible_helper(g, h):
    """Investigator h may keep a die for the active player: on the card, not assisted this round."""
    inv = g._active()
    return (h != NONE and h != inv and g._att.slot >= 0 and g._inv.loc[h] == g._att.slot + 1
            and not g._inv.assisted[h])


def focus_allowed(g):
    """Focus is allowed: not in the attack, no card forbids it, not yet done this turn (or as many
    more times as a `focus` modifier allows)."""
    return (not attacking(g) and resolve.modifier(g, E.M_NO_FOCUS) <= 0
            and g._focus_used < 1 + resolve.modifier(g, E.M_FOCUS))


def set_uses(g):
    """The adventure's uses from the game: a keep when focus or an assist is possible, the holding
    spells in hand, the investigator's clues (none while clues may not be spent)."""
    a = adv(g)
    if a is None:
        return
    inv = g._active()
    if inv == NONE:
        return
    keep = 1 if focus_allowed(g) else 0
    if not keep and not attacking(g):
        for s in range(g.players):
            if eligible_helper(g, g._seats.inv[s]):
                keep = 1
    spells = cards.hold_spells(g, inv)
    clues = 0 if resolve.modifier(g, E.M_NO_CLUES) > 0 else g._inv.clues[inv]
    a.set_uses(keep, spells if spells < 255 else 255, clues)


# ----- the roll on the table ------------------------------------------------------------------

def cost_ok(g, a, t):
    inv = g._active()
    return g._inv.san[inv] > a.task_sanity[t] and g._inv.sta[inv] > a.task_stamina[t]


def decide_options(g, buf):
    """After a roll: completions the investigator can pay, clue rerolls, holds, the free reroll,
    failing the roll, giving up (the main step adds cards, abilities and spell dice)."""
    a = adv(g)
    m = a.legal_actions(buf)
    n = 0
    for k in range(m):
        x = buf[k]
        if x < ACT_HOLD:
            if attacking(g) or cost_ok(g, a, x >> 8):
                buf[n] = x
                n += 1
        elif ACT_REROLL <= x < ACT_ROLL:
            buf[n] = x
            n += 1
    if a.st[6]:                     # holding spells in hand (the adventure's spell uses)
        n = cards.hold_options(g, g._active(), a, buf, n)
    inv = g._active()
    if g._data.investigators[inv].ability.rerolls and not g._att.rerolled & 1:
        start = n
        n = a._rerolls(buf, n)
        for k in range(start, n):
            buf[k] = A_FREEROLL + (buf[k] - ACT_REROLL)
    buf[n] = A_FAIL
    buf[n + 1] = A_GIVEUP
    return n + 2


def roll(g, action):
    """A chance action: the pool is rolled (ACT_ROLL) or a physical roll entered (ACT_ENTER)."""
    a = adv(g)
    a.apply(action)
    # once per roll: a reroll is part of the roll it rerolls (rulebook), a new roll is not
    g._att.rerolled = g._att.rerolled & 1 if g._att.rerolled & 2 else 0
    g._event(EV_ROLL, roll_code(a.roll_counts))
    if g._data.anyroll:
        g._stack.push(F_REACT, 1, 0)          # the abilities usable after any player's roll


def reroll(g, action, free):
    a = adv(g)
    inv = g._active()
    g._att.rerolled |= 2
    if free:
        g._att.rerolled |= 1
        a.set_uses(a.st[5], a.st[6], 1)
        a.apply(ACT_REROLL + (action - A_FREEROLL))
        g._event(EV_FREEROLL, inv)
        set_uses(g)
        return
    a.apply(action)
    g._inv.clues[inv] -= 1
    g._event(EV_CLUE, inv)


def hold(g, action):
    """A_HOLD + i*32 + d: rolled die d onto holding spell i of the active investigator's hand."""
    arg = action & A_ARG_MASK
    i = arg >> 5
    d = arg & 31
    a = adv(g)
    a.apply(ACT_HOLD + d)
    cards.hold(g, g._active(), i, d)
    g._att.spell[d] += 1


# ----- completing a task: which held die --------------------------------------------------------

def _spell_kinds(g, d, buf, n):
    """Spell-held dice of code d the attempt holds, one per spell kind (A_HELD + 1 + k)."""
    sp = g._spells
    for k in range(sp.n):
        if sp.die[k] != d:
            continue
        same = False
        for j in range(k):
            if sp.die[j] == d and g._data.cards[sp.card[j]] is g._data.cards[sp.card[k]]:
                same = True
        if not same:
            buf[n] = A_HELD + 1 + k
            n += 1
    return n


def held_options(g, d, buf):
    n = 0
    if g._att.focus[d]:
        buf[n] = A_HELD
        n += 1
    return _spell_kinds(g, d, buf, n)


def _use_held(g, d, choice, forced):
    """One held die of code d placed on the task: a kept one (choice 0) or spell die choice - 1."""
    if choice == 0:
        g._att.focus[d] -= 1
        g._event(EV_USED_HELD, d, 0, forced)
    else:
        pool.spell_die_used(g, choice - 1)
        g._event(EV_USED_HELD, d, 1, forced)


def complete(g, action):
    """A completion was chosen: attribute the held dice it uses (asking where both a kept die and a
    spell's die, or dice on different spells, could be the one), then complete the task."""
    _attribute(g, action, 0, 0)


def _attribute(g, action, d0, left0):
    a = adv(g)
    base = (action & 255) * WAY_BYTES
    d = d0
    left = left0
    while d < 24:
        if left == 0:
            left = a.ways[base + 24 + d]
        while left > 0:
            kept = g._att.focus[d]
            spells = g._att.spell[d]
            n = held_options(g, d, g._dbuf)
            if n > 1 and left < kept + spells:
                g._stack.push(F_HELD, d, action, left)
                return
            _use_held(g, d, 0 if kept else (g._dbuf[0] - A_HELD), 1)
            left -= 1
        d += 1
    _complete_task(g, action)


def held_answer(g, i, action, forced):
    st = g._stack
    d = st.a[i]
    completion = st.b[i]
    left = st.c[i]
    st.pop()
    _use_held(g, d, action - A_HELD, forced)
    if left - 1 > 0:
        _attribute(g, completion, d, left - 1)
    else:
        _attribute(g, completion, d + 1, 0)


def _complete_task(g, action):
    a = adv(g)
    t = action >> 8
    inv = g._active()
    a.apply(action)
    if attacking(g):
        _hit(g)
        return
    s = g._att.slot
    g._event(EV_TASK, s, t)
    if a.task_sanity[t]:
        resolve.change(g, E.OP_SANITY, -a.task_sanity[t], inv)
    if a.task_stamina[t]:
        resolve.change(g, E.OP_STAMINA, -a.task_stamina[t], inv)
    if a.task_clock[t]:
        resolve.advance_clock(g, a.task_clock[t])


# ----- failing a roll ---------------------------------------------------------------------------

def fail(g):
    """A_FAIL: the roll fails; with a Terror showing, the terror effects first (F_FAILED waits)."""
    a = adv(g)
    g._stack.push(F_FAILED)
    if attacking(g) or not a.roll_counts[TERROR_DIE]:
        return
    _terror_effects(g)


def _terror_effects(g):
    """The terror effects of a failed roll showing Terror, pushed: the abilities' on_terror
    triggers, the mythos cards' (the active one and those lasting), the card's own (run first)."""
    st = g._stack
    s = g._att.slot
    inv = g._active()
    resolve.fire(g, E.T_TERROR, inv)
    flags = 0
    for k in range(g._nlasting if not inforce.mythos_ignored(g) else -1, -1, -1):
        m = g._mythos if k == 0 else g._lasting[k - 1]
        if m >= 0 and g._data.mythos[m].terror:
            code = g._data.mythos[m].terror
            st.push(F_RUN, 0, len(code), inv, 1, code)
            flags = 2
    code = g._data.adventures[g._slots.card[s]].terror
    if code:
        st.push(F_RUN, 0, len(code), inv, 1, code)
        flags |= 1
    g._event(EV_TERROR, s, flags)


def failed_step(g, i):
    """F_FAILED (after the terror effects): a terror that fails the adventure fails it; else the
    set-aside is asked (F_ASIDE), or the adventure fails with no die left to set aside."""
    st = g._stack
    st.pop()
    a = adv(g)
    if a is None or a.is_terminal() or a.phase() != P_DECIDE:
        return
    if a.sit[6] == 1 and a.roll_counts[TERROR_DIE]:
        a.apply(ACT_FAIL_LOST)
        return
    if aside_options(g, g._dbuf) == 0:
        a.apply(ACT_FAIL_LOST)
        return
    st.push(F_ASIDE)


def aside_options(g, buf):
    a = adv(g)
    n = 0
    for c in range(3):
        if a._legal_decision(ACT_FAIL + c * 32):
            buf[n] = A_ASIDE + c
            n += 1
    return n


def aside(g, i, c, forced):
    """A die of colour c is set aside; then the keep is asked (or the roll is done)."""
    st = g._stack
    st.pop()
    g._event(EV_ASIDE, c, 0, forced)
    g._att.refused = 0
    st.push(F_KEEP, c)


def keep_options(g, i, buf):
    """A_KEEP + 0 (nothing); A_KEEP + 1 + d: focus rolled die d; A_ASK + seat*32 + d: ask that
    seat's investigator (on the card, not assisted this round, not refused this roll) to keep d."""
    c = g._stack.a[i]
    a = adv(g)
    buf[0] = A_KEEP
    n = 1
    if a.st[5] == 0:
        return n
    focus = focus_allowed(g)
    for d in range(24):
        if not a.roll_counts[d] or not a._legal_decision(ACT_FAIL + c * 32 + 1 + d):
            continue
        if focus:
            buf[n] = A_KEEP + 1 + d
            n += 1
        for s in range(g.players):
            if eligible_helper(g, g._seats.inv[s]) and not g._att.refused & (1 << s):
                buf[n] = A_ASK + s * 32 + d
                n += 1
    return n


def _apply_fail(g, c, d):
    a = adv(g)
    a.apply(ACT_FAIL + c * 32 + (1 + d if d >= 0 else 0))
    g._att.refused = 0
    set_uses(g)


def keep(g, i, action, forced):
    st = g._stack
    c = st.a[i]
    arg = action & A_ARG_MASK
    if action - arg == A_ASK:
        st.push(F_AGREE, arg >> 5, arg & 31, c)
        return
    st.pop()
    if arg == 0:
        _apply_fail(g, c, -1)
        return
    d = arg - 1
    g._focus_used += 1
    g._att.focus[d] += 1
    g._event(EV_FOCUS, d)
    _apply_fail(g, c, d)


def agree(g, i, action):
    """The asked seat agrees (its investigator keeps the die; they may lose a stat at the end) or
    refuses (the active player chooses again)."""
    st = g._stack
    seat = st.a[i]
    d = st.b[i]
    c = st.c[i]
    st.pop()
    if action & A_ARG_MASK == 0:
        g._att.refused |= 1 << seat
        g._event(EV_REFUSE, seat)
        return
    st.pop()                         # the F_KEEP under it
    h = g._seats.inv[seat]
    g._att.helpers[g._att.nhelp] = h
    g._att.nhelp += 1
    g._inv.assisted[h] = 1
    g._att.focus[d] += 1
    g._event(EV_HELP, h, d)
    _apply_fail(g, c, d)


def completes_nothing(g):
    """The roll on the table completes no task the investigator can pay for (with the held dice)."""
    a = adv(g)
    buf = g._dbuf
    m = a.legal_actions(buf)
    for k in range(m):
        x = buf[k]
        if x < ACT_HOLD and cost_ok(g, a, x >> 8):
            return False
    return True


def give_up(g, i):
    """A_GIVEUP: the adventure fails now (the attack ends). Giving up with a roll on the table that
    shows Terror fails that roll: its terror effects resolve first, then the penalty (rulebook p.9:
    a roll after which the player "cannot or will not" complete any task is a failed roll). Under
    the house rule giveup_skips_terror only a roll that completes nothing the investigator can pay
    for is a failed roll."""
    g._event(EV_GIVEUP)
    g._stack.pop()
    if attacking(g):
        end_attack(g)
        return
    a = adv(g)
    g._stack.push(F_END_ATTEMPT, 0)
    if a.phase() == P_DECIDE and a.roll_counts[TERROR_DIE] and (
            not g._house & HR_GIVEUP_SKIPS_TERROR or completes_nothing(g)):
        _terror_effects(g)


def settle(g):
    """After an action: an attempt whose adventure is over (completed, or no die left) ends; the
    adventure's uses follow the game (clues gained, spells drawn, helpers arrived)."""
    st = g._stack
    if g._result >= 0 or not st.n or st.op[st.n - 1] != F_MAIN:
        return False
    i = st.n - 1
    if st.a[i] != P_ADV and st.a[i] != P_BATTLE:
        return False
    a = adv(g)
    if a is None:
        return False
    if not a.is_terminal():
        set_uses(g)
        return False
    st.pop()
    if attacking(g):
        end_attack(g)
    else:
        st.push(F_END_ATTEMPT, 1 if a.phase() == P_WON else 0)
    return True


# ----- the end of the phase ---------------------------------------------------------------------

def end_step(g, i):
    """F_END_ATTEMPT a: 0 failed, 1 completed, 2 cut short; b: the stage (module docstring)."""
    st = g._stack
    result = st.a[i]
    stage = st.b[i]
    s = g._att.slot
    inv = g._active()
    if stage == 0:
        st.b[i] = 1
        if result != 2 and inv != NONE and s >= 0 and g._slots.on[s]:
            _defeated_monsters(g, s, inv)
        return
    if stage == 1:
        st.b[i] = 2
        st.c[i] = 0
        if result == 2 or inv == NONE or s < 0 or not g._slots.on[s]:
            g._att.slot = -1
            if s >= 0 and g._slots.on[s]:
                board.rebuild(g, s)
            return
        c = g._slots.card[s]
        card = g._data.adventures[c]
        if result == 1:
            g._event(EV_WON, s, c)
            for seat in range(g.players):
                h = g._seats.inv[seat]
                if h != NONE and g._inv.loc[h] == s + 1:
                    g._inv.loc[h] = LOC_ENTRANCE
            resolve.fire(g, E.T_WON, inv)
            if card.reward:
                st.push(F_RUN, 0, len(card.reward), inv, 1, card.reward)
            g._att.slot = -1
            board.leave(g, s)
            trophies.add_trophy(g, inv, (TR_ADVENTURE << 12) | c)
            if s < 6:
                board.put_card(g, s, g._decks.adventures.draw(), inv)
        else:
            g._event(EV_LOST, s, c)
            resolve.fire(g, E.T_FAILED, inv)
            if card.penalty:
                st.push(F_RUN, 0, len(card.penalty), inv, 1, card.penalty)
            g._att.slot = -1
            board.rebuild(g, s)
        return
    if stage == 2:
        k = st.c[i]
        if result != 1:
            while k < g._att.nhelp:
                h = g._att.helpers[k]
                k += 1
                if resolve.in_play(g, h):
                    st.c[i] = k
                    st.push(F_LOSE, h)
                    return
        st.b[i] = 3
        return
    if g._turn_yellow == 1:
        g._turn_yellow = 2
    if g._turn_red == 1:
        g._turn_red = 2
    g._att.clear()
    st.pop()


def _defeated_monsters(g, s, inv):
    """Monsters whose tasks were done, and those a card defeated, are defeated now: trophies."""
    a = g._slots.adv[s]
    done = a.done_mask()
    tb = s * MAX_TASKS_GAME
    beaten = g._att.defeated
    for t in range(a.ntasks):
        k = g._slots.task_mon[tb + t]
        if k != NONE and done & (1 << t):
            beaten |= 1 << k
    for k in range(MAX_MON):
        if beaten & (1 << k) and g._slots.mon[s * MAX_MON + k] != NONE:
            doom.defeat(g, s * MAX_MON + k, inv)
    g._att.defeated = 0


def lose_options(g, buf):
    buf[0] = A_LOSE
    buf[1] = A_LOSE + 1
    return 2


def helper_loses(g, i, action, forced):
    """The helper chooses: 1 stamina (A_LOSE + 0) or 1 sanity (A_LOSE + 1)."""
    st = g._stack
    h = st.a[i]
    st.pop()
    k = action & A_ARG_MASK
    g._event(EV_LOSES, h, k, forced)
    resolve.change(g, E.OP_SANITY if k else E.OP_STAMINA, -1, h)


# ----- the final battle's attack ---------------------------------------------------------------

def _hit(g):
    """A completed combat target: one doom token off; the attack goes on with the dice left."""
    a = g._combat_adv
    g._event(EV_HIT, g._doom - 1)
    doom.add_doom(g, -1)
    if g._result >= 0:
        return
    green = a.pool_dice(GREEN)
    yellow = a.pool_dice(YELLOW)
    red = a.pool_dice(RED)
    if green + yellow + red == 0:
        return                       # settle() ends the attack (the adventure is won)
    for d in range(24):
        g._att.spell[d] = 0
    _start(g, a, green, yellow, red, 0)


def end_attack(g):
    if g._turn_yellow == 1:
        g._turn_yellow = 2
    if g._turn_red == 1:
        g._turn_red = 2
    g._att.clear()
