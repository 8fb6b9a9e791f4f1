"""The three-step turn, the end of a turn, who plays next, eliminations, cards shown and the ends
of the game.

A turn: (1) draw; a Panic! card is played at once (panic.py), a Stay Away! card goes to the hand and
(2) the player discards or plays a card (cards.py); (3) they offer a card to the next player in the
current direction, who answers (exchange.py); no exchange when a Locked door lies between them (or,
with the house rule, when either is in Quarantine). The next turn is the next player's from the
active player's seat, or, after a seat swap, the player swapped with (the rulebook's seat-swap rule).

The ends (the rulebook's "A játék vége", with both special cases):
  - The Thing eliminated: the Humans in play win (vengeful mode: play on while Humans and Infected
    both remain, then the survivors win);
  - no Human is left (The Thing in play): the game ends at once, as the rulebook's end B; The Thing
    and the Infected in play win, except the player whose infection removed the last Human (still
    counted a Human: they lose); if The Thing infected everyone and no Human was eliminated, The Thing
    alone wins. The Thing may still declare while Humans remain: a false declaration, the Humans in
    play win (the rulebook's special case 2);
  - a Flamethrower The Thing has kept, found in its hand outside its own turn by a Human who knows the
    hand is The Thing's (check_found): the Humans in play win.
No kernel limit ends a game: the event log is a ring (core.py), the action log grows as needed.
Eliminated players always lose.
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, CARD_KIND, K_PANIC, HUMAN, INFECTED_ROLE, THE_THING, HAND_MAX,
                   QUARANTINE, FLAMETHROWER, THING, PH_PLAY, PH_OVER, R_PLAYING, R_BURNT, R_DECLARED,
                   R_THING_ALONE, R_FALSE, R_FOUND, R_VENGEFUL, E_TURN, E_PANIC, E_NO_EXCHANGE,
                   E_QUARANTINE_END, E_ELIMINATED, E_TOTAL, E_INFECT, E_DECLARE, E_END, E_ROLE, E_FOUND,
                   E_SWAP, E_SHOW, DR_TURN, SH_TOTAL, X_TURN)
from .core import (blocked, count_in_hand, count_role, discard, draw_top, event, hand_add, living,
                   next_player, take_card)
from . import exchange, panic


def start_turn(st, p):
    st.active = p
    st.partner = NOBODY
    st.turn += 1
    event(st, E_TURN, p, st.turn & 255, NO_CARD, MASK_ALL)
    turn_flames(st, p)
    c = draw_top(st)
    if c != NO_CARD and CARD_KIND[c] == K_PANIC:
        event(st, E_PANIC, p, NOBODY, c, MASK_ALL)
        discard(st, c, True)
        panic.play_panic(st, c)
        return
    take_card(st, p, c, DR_TURN)
    turn_flames(st, p)            # a Flamethrower drawn now is one this turn can get rid of too
    begin_play(st)


def turn_flames(st, p):
    """The Thing's turn begins: every Flamethrower it holds is one it has this turn to discard,
    play or pass; from now on, found in its hand outside its turn, it loses (check_found)."""
    if p == st.thing:
        st.flame_old = count_in_hand(st, p, FLAMETHROWER)


def begin_play(st):
    st.phase = PH_PLAY
    st.actor = st.active


def begin_exchange(st):
    """Step 3: the active player offers a card to the next player, if nothing stops it."""
    if st.result != R_PLAYING:
        return
    p = st.active
    if not st.alive[p]:
        end_turn(st)
        return
    q = next_player(st, p)
    if q == p:
        event(st, E_NO_EXCHANGE, p, NOBODY, NO_CARD, MASK_ALL)
        end_turn(st)
        return
    if blocked(st, p, st.direction) or (st.options.house_quarantine and (st.quar[p] or st.quar[q])):
        event(st, E_NO_EXCHANGE, p, q, NO_CARD, MASK_ALL)
        end_turn(st)
        return
    exchange.begin_offer(st, p, q, X_TURN)


def end_turn(st):
    if st.result != R_PLAYING:
        return
    p = st.active
    if st.alive[p] and st.quar[p]:
        st.quar[p] -= 1
        if st.quar[p] == 0:
            discard(st, QUARANTINE, True)
            event(st, E_QUARANTINE_END, p, p, QUARANTINE, MASK_ALL)
    q = st.partner
    if q == NOBODY or not st.alive[q]:
        q = next_player(st, p)
    if not st.alive[q]:
        return
    start_turn(st, q)


# ----- seats --------------------------------------------------------------------------------

def swap_seats(st, a, b):
    """a and b change seats, hands in hand; the Locked doors stay where they lie."""
    sa = st.seat_of[a]
    sb = st.seat_of[b]
    st.seat_of[a] = sb
    st.seat_of[b] = sa
    st.seat_player[sa] = b
    st.seat_player[sb] = a
    event(st, E_SWAP, a, b, NO_CARD, MASK_ALL)


# ----- roles and eliminations -----------------------------------------------------------------

def infect(st, p):
    st.role[p] = INFECTED_ROLE
    event(st, E_INFECT, st.thing, p, NO_CARD, (1 << p) | (1 << st.thing))
    if count_role(st, HUMAN) == 0:
        st.last_infected = p
        no_human_left(st)


def no_human_left(st):
    """The rulebook's end B, "Nem marad Ember a játékban": the game ends at once when no Human is
    left while The Thing is in play (its declaration only says so)."""
    if st.result == R_PLAYING and st.thing != NOBODY and st.alive[st.thing]:
        end_game(st, R_DECLARED if st.ever_eliminated_human else R_THING_ALONE)


def eliminate(st, p, by):
    """p leaves the game: their hand is discarded unseen, their Quarantine goes, their seat empties."""
    base = p * HAND_MAX
    for i in range(st.hand_n[p]):
        discard(st, st.hand[base + i], False)
    st.hand_n[p] = 0
    if by != NOBODY:
        event(st, E_ELIMINATED, by, p, NO_CARD, MASK_ALL)
    if st.quar[p]:
        st.quar[p] = 0
        discard(st, QUARANTINE, True)
        event(st, E_QUARANTINE_END, p, p, QUARANTINE, MASK_ALL)
    st.alive[p] = 0
    st.seat_player[st.seat_of[p]] = NOBODY
    r = st.role[p]
    if r == HUMAN:
        st.ever_eliminated_human = 1
        if count_role(st, HUMAN) == 0:
            st.last_infected = NOBODY          # the last Human was burnt, not infected
            no_human_left(st)
            if st.result != R_PLAYING:
                return
    if r == THE_THING:
        if st.options.vengeful and count_role(st, HUMAN) > 0 and count_role(st, INFECTED_ROLE) > 0:
            return                               # vengeful mode: the fight goes on
        end_game(st, R_BURNT)
        return
    check_vengeful(st)
    if st.result == R_PLAYING and living(st) == 0:
        end_game(st, R_VENGEFUL)


def check_vengeful(st):
    if st.thing != NOBODY and not st.alive[st.thing] and \
            (count_role(st, HUMAN) == 0 or count_role(st, INFECTED_ROLE) == 0):
        end_game(st, R_VENGEFUL)


def total_infection(st, p):
    """p holds only cards they may not give: they show the hand and are eliminated."""
    show_hand(st, p, MASK_ALL, SH_TOTAL)
    event(st, E_TOTAL, p, NOBODY, NO_CARD, MASK_ALL)
    eliminate(st, p, NOBODY)


def check_found(st, p, c, mask):
    """The rulebook: "Ha a többi játékos rájön, hogy a Lángszóró a Dolog kezében van (nem a saját
    körében), azonnal elveszti a játékot az összes Fertőzött játékossal együtt" (if the other
    players find out that the Flamethrower is in The Thing's hand, not in its own turn, it loses at
    once with every Infected). So a Flamethrower shown from The Thing's hand outside its turn ends
    the game only when a Human it is shown to learns that the hand is The Thing's (The Thing card
    shown with it, or seen in that hand before: thing_known), and only a Flamethrower The Thing has
    kept: held since the start of one of its turns (flame_old), not one dealt at setup or received
    since, which it has had no turn to discard, play or pass."""
    if c != FLAMETHROWER or p != st.thing or st.active == p or not st.flame_old or \
            st.result != R_PLAYING:
        return
    learnt = mask & st.thing_known & ~(1 << p)
    for q in range(st.players):
        if learnt & (1 << q) and st.alive[q] and st.role[q] == HUMAN:
            event(st, E_FOUND, p, NOBODY, FLAMETHROWER, MASK_ALL)
            end_game(st, R_FOUND)
            return


# ----- cards shown (a Flamethrower found in The Thing's hand ends the game) -----------------

def show_hand(st, p, mask, why):
    """Every card of p's hand shown to the mask (one E_SHOW per card). The Thing card among them
    tells the mask whose hand it is before any of its cards is looked at (check_found)."""
    base = p * HAND_MAX
    if p == st.thing and count_in_hand(st, p, THING):
        st.thing_known |= mask & ~(1 << p)
    for i in range(st.hand_n[p]):
        show(st, p, st.hand[base + i], mask, why)


def show(st, p, c, mask, why):
    event(st, E_SHOW, p, why, c, mask | (1 << p))     # the owner sees which card was shown
    if c == THING and p == st.thing:
        st.thing_known |= mask & ~(1 << p)
    check_found(st, p, c, mask)            # a Flamethrower in The Thing's hand


# ----- the end ------------------------------------------------------------------------------

def declare(st):
    """The Thing declares that no Humans remain."""
    event(st, E_DECLARE, st.actor, NOBODY, NO_CARD, MASK_ALL)
    if count_role(st, HUMAN) > 0:
        end_game(st, R_FALSE)
    elif not st.ever_eliminated_human:
        end_game(st, R_THING_ALONE)
    else:
        end_game(st, R_DECLARED)


def end_game(st, result):
    """The game is over: everyone reveals their role; the returns by the rulebook's ends."""
    st.result = result
    st.phase = PH_OVER
    st.actor = NOBODY
    offer_card_back(st)
    for p in range(st.players):
        r = st.role[p]
        win = 0
        if st.alive[p]:
            if result == R_BURNT or result == R_FALSE or result == R_FOUND:
                win = r == HUMAN
            elif result == R_DECLARED:
                win = r == THE_THING or (r == INFECTED_ROLE and p != st.last_infected)
            elif result == R_THING_ALONE:
                win = r == THE_THING
            elif result == R_VENGEFUL:
                win = 1
        st.returns_[p] = 1 if win else 0
    event(st, E_END, NOBODY, result, NO_CARD, MASK_ALL)
    for p in range(st.players):
        event(st, E_ROLE, p, st.role[p], NO_CARD, MASK_ALL)


def offer_card_back(st):
    """A card in transit (offered, passed, drawn for Resolute) goes back to a hand at the end, so
    every card stays somewhere."""
    if st.offer_card != NO_CARD:
        hand_add(st, st.ctx_a, st.offer_card)
        st.offer_card = NO_CARD
