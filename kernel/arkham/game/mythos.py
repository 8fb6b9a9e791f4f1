"""The mythos phase: the gate roll, monsters moving and attacking; gates and monsters appearing.

1. Gates: 2D6 on the Gate Opening table. At the location it names a gate opens (a face-down gate
   card and a random monster from the pool; the doom track advances); a location that has a gate
   gets a monster instead; one with an Elder Sign gets neither. A roll may bring more monsters
   (gate_table.tsv `monsters`: at a place, or at every gate open before the roll).
2. and 3. Monsters, nearest to an investigator first (street distance; ties: the lower token): a
   monster already with investigators (or without a move) stays and does not attack ("a monster attacks if
   it enters a location with an investigator"); a left- or right-handed one moves its number of
   spaces along its heading, turning at crossings (Board.turn); a flying one (and a Hound of
   Tindalos, which may also enter city locations) flies along the streets toward the nearest
   investigator (ties: the higher Fight, then a coin). A monster has lost interest in an
   investigator it drove mad or knocked out ("monsters need only drive the hero mad, after which
   they lose all interest in him"): it neither hunts nor attacks nor stops for him. A monster never
   enters a city location (but a Hound) and stops on reaching investigators. It then attacks them,
   the highest Fight first (ties: a coin): a sanity check, then the investigator strikes back (a
   loadout and a D6) until one of them is beaten; a Hound leaves after hurting once.

Defeat: as soon as a gate opens, too many open gates (the player-count limit) or the doom track at
its end (house rule defeat_at_round_end: checked when the round ends). Allocates nothing.
"""

from ... import prng
from .board import NONE, MOVE_STILL, MOVE_LEFT, MOVE_RIGHT, SPECIAL_HOUND, GATE_EXTRA_GATES
from .defs import (SEAT_OUT, PH_SETUP, PH_MYTHOS, ST_LOADOUT, CH_GATE, CH_SANITY, CH_COIN, AT_POOL, AT_WORLD,
                   PU_COUNTER, RES_PLAYING, RES_LOST_GATES, RES_LOST_DOOM, HR_DEFEAT_AT_ROUND_END,
                   DRAW_MONSTER, DRAW_GATE, R_GATE_ROLL,
                   EV_MYTHOS, EV_NO_GATE, EV_SEALED_SPACE, EV_GATE_MONSTER, EV_GATE_OPENS, EV_MONSTER,
                   EV_NO_MONSTER, EV_MONSTER_MOVES, EV_ATTACKS)
from ..reach import UNREACHED
from .state import (F_MOVED, F_FOUGHT, F_EVADED, draws_done, event, next_drawn, open_gates, ready, want_draw)
from . import meetings, turns

COIN_FLY = 1
COIN_ATTACK = 2


# ----- gates and monsters appearing ----------------------------------------------------------------

def pool_size(game):
    n = 0
    for m in range(game.board.nmonsters):
        if game.m_at[m] == AT_POOL:
            n += 1
    return n


def place_monster(game, where, owner):
    """A random monster from the pool (in table mode, the one the table drew) to a space (or
    AT_OW with owner); NONE when the pool is empty."""
    b = game.board
    if game.table:
        m = next_drawn(game)
    else:
        n = pool_size(game)
        m = NONE
        if n:
            k = draw(game, n)
            for t in range(b.nmonsters):
                if game.m_at[t] == AT_POOL:
                    if k == 0:
                        m = t
                        break
                    k -= 1
    if m == NONE:
        event(game, EV_NO_MONSTER, where, 0, 0)
        return NONE
    game.m_at[m] = where
    game.m_owner[m] = owner
    game.m_checked[m] = 0
    game.m_flags[m] = 0
    game.m_spurned[m] = 0
    game.m_head[m] = b.first_street(where) if where < b.nspaces else NONE
    event(game, EV_MONSTER, m, where, 0)
    return m


def gate_monsters(game):
    """Monsters that come out of a gate opening now: the board's first_gate_monsters for the
    game's first gate (the published setup), else one."""
    return game.board.first_gate_monsters if game.doom == 0 else 1


def want_opening(game, s):
    """Table mode: the draws a gate opening (or a monster instead) at s needs."""
    if game.sealed[s]:
        return
    if game.gate_at[s] != NONE:
        want_draw(game, DRAW_MONSTER)
    elif game.gate_deck.n:
        want_draw(game, DRAW_GATE)
        for _ in range(gate_monsters(game)):
            want_draw(game, DRAW_MONSTER)


def draw(game, n):
    """A uniform draw 0 .. n-1 from the game's PRNG (a token from the pool)."""
    return prng.die(game.rng, n)


def open_gate(game, s):
    """A gate opens at s with a monster (the first gate of the game: first_gate_monsters); the
    doom track advances. False when no gate card is left."""
    nmon = gate_monsters(game)
    if game.table:
        g = next_drawn(game)
        if g != NONE:
            game.gate_deck.take(g)
    else:
        g = game.gate_deck.draw()
    if g == NONE:
        return False
    game.gate_at[s] = g
    game.gate_shown[g] = 0
    game.doom += 1
    event(game, EV_GATE_OPENS, s, game.doom, 0)
    for _ in range(nmon):
        place_monster(game, s, 0)
    if not game.house & HR_DEFEAT_AT_ROUND_END:
        check_defeat(game, False)
    return True


def limit_now(game):
    """The gate limit: by the players at the table, or (rules.tsv gate_limits_by investigators) by
    the seats that still have an investigator to play."""
    if not game.board.limit_by_investigators:
        return game.gate_limit
    n = 0
    for s in range(game.players):
        if game.seat_status[s] != SEAT_OUT:
            n += 1
    limits = game.board.gate_limit
    while n < len(limits) - 1 and not limits[n]:
        n += 1                                   # fewer than the board's least: its least's limit
    return limits[n]


def check_defeat(game, at_round_end):
    """Too many gates open, or the doom track at 'Arkham is doomed': the game is lost."""
    if open_gates(game) >= limit_now(game):
        turns.finish(game, RES_LOST_GATES)
        return True
    if game.doom >= game.doom_length:
        turns.finish(game, RES_LOST_DOOM)
        return True
    return False


def begin_mythos(game):
    game.phase = PH_MYTHOS
    event(game, EV_MYTHOS, game.round, 0, 0)
    turns.chance(game, CH_GATE)


def on_gate_roll(game, v):
    game.gate_roll = v
    s = game.board.gate_table[v]
    if s != NONE:
        want_opening(game, s)
    extra_monsters(game, v, 1)
    gate_roll_effects(game)


def extra_monsters(game, v, wanting):
    """The monsters gate roll v brings besides its gate (gate_table.tsv `monsters`): N at a place,
    or N at every gate open before the roll; none where an Elder Sign is. wanting: table mode's
    draws only (want_draw), else placed."""
    b = game.board
    n = b.gate_extra[v]
    if not n:
        return
    at = b.gate_extra_at[v]
    for s in range(b.nspaces):
        if (s == at or (at == GATE_EXTRA_GATES and game.gate_at[s] != NONE and s != game.fresh_gate)) and \
                not game.sealed[s]:
            for _ in range(n):
                if wanting:
                    want_draw(game, DRAW_MONSTER)
                else:
                    place_monster(game, s, 0)


def gate_roll_effects(game):
    """What the gate roll (gate_roll) names happens, once its draws are in (table mode)."""
    if not ready(game, R_GATE_ROLL):
        return
    b = game.board
    s = b.gate_table[game.gate_roll]
    v = game.gate_roll
    game.fresh_gate = NONE
    if s == NONE:
        event(game, EV_NO_GATE, v, 0, 0)
    elif game.sealed[s]:
        event(game, EV_SEALED_SPACE, s, 0, 0)
    elif game.gate_at[s] != NONE:
        event(game, EV_GATE_MONSTER, s, 0, 0)
        place_monster(game, s, 0)
    elif open_gate(game, s):
        game.fresh_gate = s                      # not "a gate open before the roll"
    if game.result == RES_PLAYING:
        extra_monsters(game, v, 0)
    game.fresh_gate = NONE
    draws_done(game)
    if game.result != RES_PLAYING:
        return
    if game.phase == PH_SETUP:
        game.setup_left -= 1
        if game.setup_left > 0:
            turns.chance(game, CH_GATE)
        else:
            turns.begin_round(game)
        return
    for m in range(b.nmonsters):
        game.m_flags[m] &= ~(F_MOVED | F_FOUGHT | F_EVADED)
    game.dist_dirty = 1
    mythos_next_monster(game)


# ----- distances ----------------------------------------------------------------------------------------

def bfs(game, off, start):
    """Street distances from `start` into seat_dist[off + space]. City locations are reached but not
    passed through (a monster cannot cross one); the start is left even when it is a location, so
    the distances are symmetric (the same from a monster to an investigator as back). No allocation."""
    b = game.board
    dist = game.seat_dist
    q = game.queue
    for s in range(b.nspaces):
        dist[off + s] = UNREACHED
    dist[off + start] = 0
    q[0] = start
    tail = 1
    head = 0
    while head < tail:
        s = q[head]
        head += 1
        d = dist[off + s]
        if d > 0 and b.is_loc[s]:
            continue
        base = b.nbr_start[s]
        for i in range(b.nbr_count[s]):
            t = b.nbrs[base + i]
            if dist[off + t] == UNREACHED:
                dist[off + t] = d + 1
                q[tail] = t
                tail += 1


def seat_distances(game):
    """seat_dist[seat * nspaces + s]: each investigator in Arkham's distance to every space (once
    a mythos phase, again after a knock-out moved someone)."""
    ns = game.board.nspaces
    for seat in range(game.players):
        if game.seat_inv[seat] != NONE and game.pos[seat] != AT_WORLD:
            bfs(game, seat * ns, game.pos[seat])
    game.dist_dirty = 0


def nearest(game, s):
    """The distance from space s to the nearest investigator in Arkham (UNREACHED if none)."""
    ns = game.board.nspaces
    best = UNREACHED
    for seat in range(game.players):
        if game.seat_inv[seat] != NONE and game.pos[seat] != AT_WORLD:
            d = game.seat_dist[seat * ns + s]
            if d < best:
                best = d
    return best


# ----- monsters move ------------------------------------------------------------------------------------

def mythos_next_monster(game):
    """The nearest unmoved monster on the board moves and attacks; the round ends after the last.
    A loop, not recursion: monsters that meet nobody are dealt with here one after another."""
    b = game.board
    while game.result == RES_PLAYING:
        if game.dist_dirty:
            seat_distances(game)
        best = NONE
        bd = 256
        for m in range(b.nmonsters):
            s = game.m_at[m]
            if s < b.nspaces and not game.m_flags[m] & F_MOVED:
                d = nearest(game, s)
                if d < bd:
                    bd = d
                    best = m
        if best == NONE:
            turns.end_round(game)
            return
        m = best
        game.m_flags[m] |= F_MOVED
        game.cur_m = m
        game.attacked = 0
        s = game.m_at[m]
        k = b.mon_kind[m]
        mode = b.k_mode[k]
        if prey_at(game, m, s) or mode == MOVE_STILL:
            # a monster without a move, or already with investigators, stays where it is; it
            # attacks only when it moves in on investigators
            continue
        if mode == MOVE_LEFT or mode == MOVE_RIGHT:
            walk(game, m, b.k_moves[k], mode)
            pending = monster_attacks(game)
        else:
            pending = choose_prey(game, m)
        if pending:
            return


def prey_at(game, m, s):
    """How many investigators at space s monster m has not lost interest in (m_spurned: the ones
    it drove mad or knocked out)."""
    n = 0
    for seat in range(game.players):
        if game.seat_inv[seat] != NONE and game.pos[seat] == s and not game.m_spurned[m] & (1 << seat):
            n += 1
    return n


def walk(game, m, steps, mode):
    b = game.board
    for _ in range(steps):
        cur = game.m_at[m]
        nxt = game.m_head[m]
        if nxt == NONE or not b.has_neighbour(cur, nxt) or b.is_loc[nxt]:
            nxt = b.first_street(cur)
        game.m_at[m] = nxt
        game.m_head[m] = b.turn(nxt, cur, mode)
        event(game, EV_MONSTER_MOVES, m, cur, nxt)
        if prey_at(game, m, nxt):
            return


def choose_prey(game, m):
    """A flying monster's (or a Hound's) target: the nearest investigator in Arkham, the highest
    Fight among the nearest, a coin among those still tied."""
    b = game.board
    ns = b.nspaces
    at = game.m_at[m]
    best_d = UNREACHED
    best_f = -1
    n = 0
    for seat in range(game.players):
        p = game.pos[seat]
        if game.seat_inv[seat] == NONE or p == AT_WORLD or game.m_spurned[m] & (1 << seat):
            continue
        d = game.seat_dist[seat * ns + at]
        f = game.fight[seat]
        if d < best_d or (d == best_d and f > best_f):
            best_d = d
            best_f = f
            n = 0
        if d == best_d and f == best_f:
            game.tied[n] = seat
            n += 1
    if best_d == UNREACHED:
        return monster_attacks(game)
    if n > 1:
        game.coin_n = n
        game.coin_for = COIN_FLY
        turns.chance(game, CH_COIN)
        return True
    return fly(game, m, game.tied[0])


def on_coin(game, v):
    seat = game.tied[v]
    if game.coin_for == COIN_FLY:
        if not fly(game, game.cur_m, seat):
            mythos_next_monster(game)
    else:
        attack(game, game.cur_m, seat)


def fly(game, m, seat):
    """Along a shortest street path toward the target; a monster that is not a Hound stops short
    of a city location, a Hound short of one without buildings (spaces.tsv flag `outdoor`)."""
    b = game.board
    game.fly_target = seat
    hound = b.k_special[b.mon_kind[m]] & SPECIAL_HOUND
    off = seat * b.nspaces
    dist = game.seat_dist
    for _ in range(b.k_moves[b.mon_kind[m]]):
        cur = game.m_at[m]
        d = dist[off + cur]
        if d == 0 or d == UNREACHED:
            break
        nxt = NONE
        for i in range(b.nbr_count[cur]):
            t = b.neighbour(cur, i)
            if dist[off + t] == d - 1 and (not b.is_loc[t] or (hound and not b.outdoor[t])):
                nxt = t
                break
        if nxt == NONE:
            break
        game.m_at[m] = nxt
        game.m_head[m] = b.first_street(nxt) if b.is_loc[nxt] else b.turn(nxt, cur, MOVE_LEFT)
        event(game, EV_MONSTER_MOVES, m, cur, nxt)
        if prey_at(game, m, nxt):
            break
    return monster_attacks(game)


# ----- monsters attack ---------------------------------------------------------------------------------

def monster_attacks(game):
    """The current monster attacks the next investigator in its space: the highest Fight first,
    a coin among ties; when none is left, its player may turn it. True when a roll or a decision
    is now pending, False when this monster is done (the caller goes on to the next)."""
    b = game.board
    m = game.cur_m
    s = game.m_at[m]
    if s >= b.nspaces:
        return False
    best_f = -1
    n = 0
    for seat in range(game.players):
        if game.seat_inv[seat] == NONE or game.pos[seat] != s or game.attacked & (1 << seat) or \
                game.m_spurned[m] & (1 << seat):
            continue
        f = game.fight[seat]
        if f > best_f:
            best_f = f
            n = 0
        if f == best_f:
            game.tied[n] = seat
            n += 1
    if n == 0:
        return turns.orient_pending(game, game.last_seat)
    if n > 1:
        game.coin_n = n
        game.coin_for = COIN_ATTACK
        turns.chance(game, CH_COIN)
        return True
    attack(game, m, game.tied[0])
    return True


def attack(game, m, seat):
    game.attacked |= 1 << seat
    game.last_seat = seat
    event(game, EV_ATTACKS, m, seat, 0)
    game.target = m
    game.check_m = m
    game.check_seat = seat
    game.purpose = PU_COUNTER
    game.m_flags[m] |= F_FOUGHT
    if meetings.need_check(game, seat, m, False):
        turns.chance(game, CH_SANITY)
    else:
        turns.decide(game, ST_LOADOUT, seat)


def mythos_after_target(game):
    """The current target is done with (beaten the monster, knocked out, the Hound left, bound,
    or carried off by a Nightgaunt and its Other World event over)."""
    game.seat = game.players
    if game.result != RES_PLAYING:
        return
    if not monster_attacks(game):
        mythos_next_monster(game)
