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
from .state import F_MOVED, F_FOUGHT, F_EVADED
from ..reach import UNREACHED

COIN_FLY = 1
COIN_ATTACK = 2


class Mythos:

    # ----- gates and monsters appearing ----------------------------------------------------------------

    def pool_size(self):
        n = 0
        for m in range(self.board.nmonsters):
            if self.m_at[m] == AT_POOL:
                n += 1
        return n

    def place_monster(self, where, owner):
        """A random monster from the pool (in table mode, the one the table drew) to a space (or
        AT_OW with owner); NONE when the pool is empty."""
        b = self.board
        if self.table:
            m = self.next_drawn()
        else:
            n = self.pool_size()
            m = NONE
            if n:
                k = self.draw(n)
                for t in range(b.nmonsters):
                    if self.m_at[t] == AT_POOL:
                        if k == 0:
                            m = t
                            break
                        k -= 1
        if m == NONE:
            self.event(EV_NO_MONSTER, where, 0, 0)
            return NONE
        self.m_at[m] = where
        self.m_owner[m] = owner
        self.m_checked[m] = 0
        self.m_flags[m] = 0
        self.m_spurned[m] = 0
        self.m_head[m] = b.first_street(where) if where < b.nspaces else NONE
        self.event(EV_MONSTER, m, where, 0)
        return m

    def gate_monsters(self):
        """Monsters that come out of a gate opening now: the board's first_gate_monsters for the
        game's first gate (the published setup), else one."""
        return self.board.first_gate_monsters if self.doom == 0 else 1

    def want_opening(self, s):
        """Table mode: the draws a gate opening (or a monster instead) at s needs."""
        if self.sealed[s]:
            return
        if self.gate_at[s] != NONE:
            self.want_draw(DRAW_MONSTER)
        elif self.gate_deck.n:
            self.want_draw(DRAW_GATE)
            for _ in range(self.gate_monsters()):
                self.want_draw(DRAW_MONSTER)

    def draw(self, n):
        """A uniform draw 0 .. n-1 from the game's PRNG (a token from the pool)."""
        return prng.die(self.rng, n)

    def open_gate(self, s):
        """A gate opens at s with a monster (the first gate of the game: first_gate_monsters); the
        doom track advances. False when no gate card is left."""
        nmon = self.gate_monsters()
        if self.table:
            g = self.next_drawn()
            if g != NONE:
                self.gate_deck.take(g)
        else:
            g = self.gate_deck.draw()
        if g == NONE:
            return False
        self.gate_at[s] = g
        self.gate_shown[g] = 0
        self.doom += 1
        self.event(EV_GATE_OPENS, s, self.doom, 0)
        for _ in range(nmon):
            self.place_monster(s, 0)
        if not self.house & HR_DEFEAT_AT_ROUND_END:
            self.check_defeat(False)
        return True

    def limit_now(self):
        """The gate limit: by the players at the table, or (rules.tsv gate_limits_by investigators) by
        the seats that still have an investigator to play."""
        if not self.board.limit_by_investigators:
            return self.gate_limit
        n = 0
        for s in range(self.players):
            if self.seat_status[s] != SEAT_OUT:
                n += 1
        limits = self.board.gate_limit
        while n < len(limits) - 1 and not limits[n]:
            n += 1                                   # fewer than the board's least: its least's limit
        return limits[n]

    def check_defeat(self, at_round_end):
        """Too many gates open, or the doom track at 'Arkham is doomed': the game is lost."""
        if self.open_gates() >= self.limit_now():
            self.finish(RES_LOST_GATES)
            return True
        if self.doom >= self.doom_length:
            self.finish(RES_LOST_DOOM)
            return True
        return False

    def begin_mythos(self):
        self.phase = PH_MYTHOS
        self.event(EV_MYTHOS, self.round, 0, 0)
        self.chance(CH_GATE)

    def on_gate_roll(self, v):
        self.gate_roll = v
        s = self.board.gate_table[v]
        if s != NONE:
            self.want_opening(s)
        self.extra_monsters(v, 1)
        self.gate_roll_effects()

    def extra_monsters(self, v, wanting):
        """The monsters gate roll v brings besides its gate (gate_table.tsv `monsters`): N at a place,
        or N at every gate open before the roll; none where an Elder Sign is. wanting: table mode's
        draws only (want_draw), else placed."""
        b = self.board
        n = b.gate_extra[v]
        if not n:
            return
        at = b.gate_extra_at[v]
        for s in range(b.nspaces):
            if (s == at or (at == GATE_EXTRA_GATES and self.gate_at[s] != NONE and s != self.fresh_gate)) and \
                    not self.sealed[s]:
                for _ in range(n):
                    if wanting:
                        self.want_draw(DRAW_MONSTER)
                    else:
                        self.place_monster(s, 0)

    def gate_roll_effects(self):
        """What the gate roll (gate_roll) names happens, once its draws are in (table mode)."""
        if not self.ready(R_GATE_ROLL):
            return
        b = self.board
        s = b.gate_table[self.gate_roll]
        v = self.gate_roll
        self.fresh_gate = NONE
        if s == NONE:
            self.event(EV_NO_GATE, v, 0, 0)
        elif self.sealed[s]:
            self.event(EV_SEALED_SPACE, s, 0, 0)
        elif self.gate_at[s] != NONE:
            self.event(EV_GATE_MONSTER, s, 0, 0)
            self.place_monster(s, 0)
        elif self.open_gate(s):
            self.fresh_gate = s                      # not "a gate open before the roll"
        if self.result == RES_PLAYING:
            self.extra_monsters(v, 0)
        self.fresh_gate = NONE
        self.draws_done()
        if self.result != RES_PLAYING:
            return
        if self.phase == PH_SETUP:
            self.setup_left -= 1
            if self.setup_left > 0:
                self.chance(CH_GATE)
            else:
                self.begin_round()
            return
        for m in range(b.nmonsters):
            self.m_flags[m] &= ~(F_MOVED | F_FOUGHT | F_EVADED)
        self.dist_dirty = 1
        self.mythos_next_monster()

    # ----- distances ----------------------------------------------------------------------------------------

    def bfs(self, off, start):
        """Street distances from `start` into seat_dist[off + space]. City locations are reached but not
        passed through (a monster cannot cross one); the start is left even when it is a location, so
        the distances are symmetric (the same from a monster to an investigator as back). No allocation."""
        b = self.board
        dist = self.seat_dist
        q = self.queue
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

    def seat_distances(self):
        """seat_dist[seat * nspaces + s]: each investigator in Arkham's distance to every space (once
        a mythos phase, again after a knock-out moved someone)."""
        ns = self.board.nspaces
        for seat in range(self.players):
            if self.seat_inv[seat] != NONE and self.pos[seat] != AT_WORLD:
                self.bfs(seat * ns, self.pos[seat])
        self.dist_dirty = 0

    def nearest(self, s):
        """The distance from space s to the nearest investigator in Arkham (UNREACHED if none)."""
        ns = self.board.nspaces
        best = UNREACHED
        for seat in range(self.players):
            if self.seat_inv[seat] != NONE and self.pos[seat] != AT_WORLD:
                d = self.seat_dist[seat * ns + s]
                if d < best:
                    best = d
        return best

    # ----- monsters move ------------------------------------------------------------------------------------

    def mythos_next_monster(self):
        """The nearest unmoved monster on the board moves and attacks; the round ends after the last.
        A loop, not recursion: monsters that meet nobody are dealt with here one after another."""
        b = self.board
        while self.result == RES_PLAYING:
            if self.dist_dirty:
                self.seat_distances()
            best = NONE
            bd = 256
            for m in range(b.nmonsters):
                s = self.m_at[m]
                if s < b.nspaces and not self.m_flags[m] & F_MOVED:
                    d = self.nearest(s)
                    if d < bd:
                        bd = d
                        best = m
            if best == NONE:
                self.end_round()
                return
            m = best
            self.m_flags[m] |= F_MOVED
            self.cur_m = m
            self.attacked = 0
            s = self.m_at[m]
            k = b.mon_kind[m]
            mode = b.k_mode[k]
            if self.prey_at(m, s) or mode == MOVE_STILL:
                # a monster without a move, or already with investigators, stays where it is; it
                # attacks only when it moves in on investigators
                continue
            if mode == MOVE_LEFT or mode == MOVE_RIGHT:
                self.walk(m, b.k_moves[k], mode)
                pending = self.monster_attacks()
            else:
                pending = self.choose_prey(m)
            if pending:
                return

    def prey_at(self, m, s):
        """How many investigators at space s monster m has not lost interest in (m_spurned: the ones
        it drove mad or knocked out)."""
        n = 0
        for seat in range(self.players):
            if self.seat_inv[seat] != NONE and self.pos[seat] == s and not self.m_spurned[m] & (1 << seat):
                n += 1
        return n

    def walk(self, m, steps, mode):
        b = self.board
        for _ in range(steps):
            cur = self.m_at[m]
            nxt = self.m_head[m]
            if nxt == NONE or not b.has_neighbour(cur, nxt) or b.is_loc[nxt]:
                nxt = b.first_street(cur)
            self.m_at[m] = nxt
            self.m_head[m] = b.turn(nxt, cur, mode)
            self.event(EV_MONSTER_MOVES, m, cur, nxt)
            if self.prey_at(m, nxt):
                return

    def choose_prey(self, m):
        """A flying monster's (or a Hound's) target: the nearest investigator in Arkham, the highest
        Fight among the nearest, a coin among those still tied."""
        b = self.board
        ns = b.nspaces
        at = self.m_at[m]
        best_d = UNREACHED
        best_f = -1
        n = 0
        for seat in range(self.players):
            p = self.pos[seat]
            if self.seat_inv[seat] == NONE or p == AT_WORLD or self.m_spurned[m] & (1 << seat):
                continue
            d = self.seat_dist[seat * ns + at]
            f = self.fight[seat]
            if d < best_d or (d == best_d and f > best_f):
                best_d = d
                best_f = f
                n = 0
            if d == best_d and f == best_f:
                self.tied[n] = seat
                n += 1
        if best_d == UNREACHED:
            return self.monster_attacks()
        if n > 1:
            self.coin_n = n
            self.coin_for = COIN_FLY
            self.chance(CH_COIN)
            return True
        return self.fly(m, self.tied[0])

    def on_coin(self, v):
        seat = self.tied[v]
        if self.coin_for == COIN_FLY:
            if not self.fly(self.cur_m, seat):
                self.mythos_next_monster()
        else:
            self.attack(self.cur_m, seat)

    def fly(self, m, seat):
        """Along a shortest street path toward the target; a monster that is not a Hound stops short
        of a city location, a Hound short of one without buildings (spaces.tsv flag `outdoor`)."""
        b = self.board
        self.fly_target = seat
        hound = b.k_special[b.mon_kind[m]] & SPECIAL_HOUND
        off = seat * b.nspaces
        dist = self.seat_dist
        for _ in range(b.k_moves[b.mon_kind[m]]):
            cur = self.m_at[m]
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
            self.m_at[m] = nxt
            self.m_head[m] = b.first_street(nxt) if b.is_loc[nxt] else b.turn(nxt, cur, MOVE_LEFT)
            self.event(EV_MONSTER_MOVES, m, cur, nxt)
            if self.prey_at(m, nxt):
                break
        return self.monster_attacks()

    # ----- monsters attack ---------------------------------------------------------------------------------

    def monster_attacks(self):
        """The current monster attacks the next investigator in its space: the highest Fight first,
        a coin among ties; when none is left, its player may turn it. True when a roll or a decision
        is now pending, False when this monster is done (the caller goes on to the next)."""
        b = self.board
        m = self.cur_m
        s = self.m_at[m]
        if s >= b.nspaces:
            return False
        best_f = -1
        n = 0
        for seat in range(self.players):
            if self.seat_inv[seat] == NONE or self.pos[seat] != s or self.attacked & (1 << seat) or \
                    self.m_spurned[m] & (1 << seat):
                continue
            f = self.fight[seat]
            if f > best_f:
                best_f = f
                n = 0
            if f == best_f:
                self.tied[n] = seat
                n += 1
        if n == 0:
            return self.orient_pending(self.last_seat)
        if n > 1:
            self.coin_n = n
            self.coin_for = COIN_ATTACK
            self.chance(CH_COIN)
            return True
        self.attack(m, self.tied[0])
        return True

    def attack(self, m, seat):
        self.attacked |= 1 << seat
        self.last_seat = seat
        self.event(EV_ATTACKS, m, seat, 0)
        self.target = m
        self.check_m = m
        self.check_seat = seat
        self.purpose = PU_COUNTER
        self.m_flags[m] |= F_FOUGHT
        if self.need_check(seat, m, False):
            self.chance(CH_SANITY)
        else:
            self.decide(ST_LOADOUT, seat)

    def mythos_after_target(self):
        """The current target is done with (beaten the monster, knocked out, the Hound left, bound,
        or carried off by a Nightgaunt and its Other World event over)."""
        self.seat = self.players
        if self.result != RES_PLAYING:
            return
        if not self.monster_attacks():
            self.mythos_next_monster()
