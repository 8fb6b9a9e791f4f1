"""What the printed cards do besides a combat bonus: the roll to cast a spell, cards used once, banishing
a monster, and a card's `use` (items.tsv columns `cast`, `abilities`, `use`; special `auction` is
encounters.py's).

- Casting (`cast` SKILL+N): a spell is cast with a D6 at most that skill plus N (CH_CAST), its sanity
  cost paid whether it works or not. In a fight each spell of the loadout is rolled for in slot order
  before the attack; one that fails adds nothing. Mists of R'lyeh that fails leaves the move on
  foot; Bind Monster that fails binds nothing (in the mythos the monster attacks); a `use` that fails
  does nothing.
- `once`: the card goes back under its deck after it is used (a loadout, a use, a banishing).
- `banish`: used on a monster in the investigator's space (part 3, or instead of striking back in the
  mythos): the monster goes back to the pool and the investigator loses D6 strength (CH_BANISH); the
  Blue Watcher is shuffled back into its deck after it, as after closing a gate.
- `use`: an effect list (the events' vocabulary) the investigator may play before moving, once a turn
  each card, for the card's sanity cost; when it ends the move comes next (a terminal in it hands the
  turn on as an event's does).

Allocates nothing.
"""

from .board import NONE, ABIL_ONCE, ABIL_BANISH, SP_BLUE_WATCHER, SP_BIND
from .defs import (ST_MOVE, ST_LOADOUT, CH_CAST, CH_BANISH, CH_CLOSE, CH_FOE, CH_ATTACK, K_USE, MAX_POSS, AT_POOL,
                   PU_CLOSE, EV_CAST, EV_SPEND, EV_MODE, EV_USE, EV_BANISH, EV_DISCARD)
from ..reach import MODE_MISTS
from .state import (event, has_special, return_card, shuffle_back, skill_of)
from . import combat, encounters, meetings, mythos, turns

CAST_LOADOUT = 1         # cast_for: the spells of a loadout (cast_mask: their slots)
CAST_MISTS = 2           # Mists of R'lyeh (cast_arg: its slot)
CAST_BIND_ENC = 3        # Bind Monster in part 3 (cast_arg: the monster)
CAST_BIND_COUNTER = 4    # Bind Monster instead of striking back in the mythos
CAST_USE = 5             # a card's use (cast_arg: its slot)
BANISH_ENC = 6           # during CH_BANISH: a banishing in part 3
BANISH_COUNTER = 7       # ... instead of striking back in the mythos
CTX_USE = 1              # encounters.py's prog_ctx of a card's use


# ----- casting -------------------------------------------------------------------------------------

def cast_level(game, seat, kind):
    """What the D6 to cast card kind `kind` must not exceed (NONE: it needs no roll)."""
    c = game.board.i_cast[kind]
    if c == NONE:
        return NONE
    v = skill_of(game, seat, c >> 4) + (c & 15) - 8
    return v if v > 0 else 0


def casting(game, seat, what, arg):
    """A casting roll for `what` (CAST_*) is now pending."""
    game.cast_for = what
    game.cast_arg = arg
    game.cast_seat = seat
    turns.chance(game, CH_CAST)


def loadout_rolls(game):
    """After a loadout is chosen (and paid for): its casting rolls, then the cards used once go
    back under their decks, then the attack (on a gate, or the monster's strength dice first)."""
    seat = combat.fighter(game)
    b = game.board
    if game.cast_mask:
        casting(game, seat, CAST_LOADOUT, 0)
        return
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if game.mask & (1 << k) and c != NONE and b.i_abil[b.card_kind[c]] & ABIL_ONCE:
            used_up(game, seat, k)
    if game.purpose == PU_CLOSE:
        turns.chance(game, CH_CLOSE)
        return
    mk = b.mon_kind[game.target]
    game.foe_str = b.k_strength[mk]
    # a strength printed N+D6 is rolled at each attack
    turns.chance(game, CH_FOE if b.k_str_dice[mk] else CH_ATTACK)


def used_up(game, seat, k):
    """The card in slot k was used once: back under its deck."""
    c = game.poss[seat * MAX_POSS + k]
    game.poss[seat * MAX_POSS + k] = NONE
    return_card(game, c)
    event(game, EV_DISCARD, seat, game.board.card_kind[c], 2)


def on_cast_roll(game, v):
    seat = game.cast_seat
    b = game.board
    what = game.cast_for
    if what == CAST_LOADOUT:
        k = 0
        while not game.cast_mask & (1 << k):
            k += 1
        game.cast_mask &= ~(1 << k)
        kind = b.card_kind[game.poss[seat * MAX_POSS + k]]
        ok = v <= cast_level(game, seat, kind)
        event(game, EV_CAST, seat, kind, 1 if ok else 0)
        if not ok:
            gate = game.purpose == PU_CLOSE
            game.bonus -= combat.card_bonus(game, kind, 0 if gate else b.mon_kind[game.target], gate)
        loadout_rolls(game)
        return
    if what == CAST_MISTS or what == CAST_USE:
        kind = b.card_kind[game.poss[seat * MAX_POSS + game.cast_arg]]
    else:
        kind = b.card_kind[game.poss[seat * MAX_POSS + has_special(game, seat, SP_BIND)]]
    ok = v <= cast_level(game, seat, kind)
    event(game, EV_CAST, seat, kind, 1 if ok else 0)
    if what == CAST_MISTS:
        if ok:
            game.mode = MODE_MISTS
            event(game, EV_MODE, seat, MODE_MISTS, 0)
        turns.decide(game, ST_MOVE, seat)
    elif what == CAST_USE:
        if ok:
            start_use(game, seat, game.cast_arg)
        else:
            turns.decide(game, ST_MOVE, seat)
    else:
        m = game.cast_arg
        if ok:
            meetings.bound(game, seat, m)
        if what == CAST_BIND_COUNTER:
            if ok:
                mythos.mythos_after_target(game)
            else:
                turns.decide(game, ST_LOADOUT, seat)      # it binds nothing: the monster attacks
        else:
            meetings.after_enc_change(game)


# ----- a card's use, before moving --------------------------------------------------------------------

def list_uses(game, buf, n, seat):
    """K_USE + slot for each card with a `use` not used this turn that the seat can pay for."""
    b = game.board
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and not game.used_mask & (1 << k):
            kind = b.card_kind[c]
            if b.use_len[kind] and game.san[seat] > b.i_cost[kind]:
                buf[n] = K_USE + k
                n += 1
    return n


def apply_use(game, seat, k):
    b = game.board
    kind = b.card_kind[game.poss[seat * MAX_POSS + k]]
    game.used_mask |= 1 << k
    cost = b.i_cost[kind]
    if cost:
        game.san[seat] -= cost
        event(game, EV_SPEND, seat, cost, game.san[seat])
    if b.i_cast[kind] != NONE:
        casting(game, seat, CAST_USE, k)
    else:
        start_use(game, seat, k)


def start_use(game, seat, k):
    b = game.board
    kind = b.card_kind[game.poss[seat * MAX_POSS + k]]
    event(game, EV_USE, seat, kind, 0)
    if b.i_abil[kind] & ABIL_ONCE:
        used_up(game, seat, k)
    game.prog_ctx = CTX_USE
    game.prog_pos = b.use_start[kind]
    game.prog_end = game.prog_pos + b.use_len[kind]
    encounters.run_effects(game)


# ----- banishing ------------------------------------------------------------------------------------

def banish_slot(game, seat):
    """The possession slot of a card that banishes a monster, or -1."""
    b = game.board
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and b.i_abil[b.card_kind[c]] & ABIL_BANISH:
            return k
    return -1


def banish(game, seat, m, counter):
    """The banishing card sends monster m back to the pool; then its cost, D6 strength."""
    b = game.board
    k = banish_slot(game, seat)
    c = game.poss[seat * MAX_POSS + k]
    kind = b.card_kind[c]
    game.m_at[m] = AT_POOL
    game.m_flags[m] = 0
    event(game, EV_BANISH, seat, m, kind)
    if b.i_special[kind] == SP_BLUE_WATCHER:
        game.poss[seat * MAX_POSS + k] = NONE
        shuffle_back(game, c)
    elif b.i_abil[kind] & ABIL_ONCE:
        used_up(game, seat, k)
    game.cast_for = BANISH_COUNTER if counter else BANISH_ENC
    game.cast_seat = seat
    turns.chance(game, CH_BANISH)


def on_banish_roll(game, v):
    seat = game.cast_seat
    counter = game.cast_for == BANISH_COUNTER
    game.cast_for = 0
    if encounters.change_strength(game, seat, -v):
        return
    if counter:
        mythos.mythos_after_target(game)
    else:
        meetings.after_enc_change(game)

