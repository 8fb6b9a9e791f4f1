"""The search bot's own policy: the heuristic bot's rules of thumb with a plan for the team.

    bot = PlannerBot(board); a = bot.choose(game, buf, n)

It reads what every player sees (the public board; never a deck's order or where a face-down gate
leads) and plays as HeuristicBot does, except where a team plan wins more gates:

- **one investigator a gate**: the investigators in Arkham share the open gates out in seat order,
  each taking the nearest one nobody holds (a gate is held by an investigator who came back through
  it and may close it, by one in the Other World it leads to while it is the way back, and by one
  that took it earlier in the share-out); a gate's location weighs by its chance on the gate table
  (sealing it keeps those gates away for good);
- **sanity first**: it picks the investigator with the most sanity (then strength and Fight):
  every sanity check, every trip and every seal costs sanity, and the Asylum costs turns;
- **fit for the trip**: it heals before stepping through a gate (an investigator knocked out in an
  Other World is lost in time and space), and goes through only when fit; it heals where the board
  heals (the location whose event table raises the stat most often, or whose service sells it when
  it can pay; the printed game's Asylum and Hospital sell their care), and never waits for healing
  no location gives; it makes no detour to shop (measured: 86 wins of 300 2-player games without
  it, 53 of 200 with it, and on the printed-size board a shop and a jail made investigators
  ping-pong between them for thousands of rounds);
- **round the monsters**: on foot it steps along streets without monsters (a meeting is a sanity
  check, fight or sneak), and takes the plain way only when there is no other;
- **back at its gate** it rolls and stops without a step, so it skips the location's event (waiting
  has one) and closes the gate that turn; it never steps through the gate it came back by;
- **seals** every gate it may seal while it keeps a sanity point, and closes the others;
- **never strands a partner**: it does not close (or seal) the only face-up gate back from an Other
  World where another investigator is; it waits there instead and closes it after their return;
- **the way back**: it comes back through the gate whose location weighs most on the gate table;
- **free moves** go to its target.

`override(seat, target)` makes a seat head for `target` for the rest of its current turn (the
search bot tries targets this way); `clear()` forgets it. Deterministic; allocates nothing per
choice but the heuristic's own scratch.
"""

from .board import NONE
from .bots import HeuristicBot
from . import state
from .effects import OP_SANITY, OP_STRENGTH, OP_DICE, OP_PAY, PAY_MONEY
from ..reach import UNREACHED, MODE_FOOT, OCC_MONSTER, OCC_HOUND
from .defs import (PH_INV, PH_OVER, CH_FIRST, ST_PICK, ST_MOVE, ST_STEP, ST_GATE_OR_EVENT, ST_CLOSE, ST_RETURN,
                   ST_DEST, K_SERVICE, K_PICK, K_STAY, K_ROLL, K_STOP, K_STEP, K_TAXI, K_GATE, K_EVENT, K_WATCHER, K_CLOSE,
                   K_SEAL, K_END, K_DEST, K_PASS, AT_WORLD, ARG_MASK)

FIT_SANITY = 3          # at least this sanity and strength to step through a gate
FIT_STRENGTH = 3
PICK_SANITY = 6         # an investigator's sheet, weighed to pick one (300 2-player planner games on the
PICK_STRENGTH = 2       # demonstration board: 6, 2, 2 won 86; 8, 2, 2 84; 6, 3, 1 81; 4, 2, 2 78; the
PICK_FIGHT = 2          # heuristic's weights, 2, 1, 2 and Stealth, 14)


def healers(board):
    """heal[2 * s + k]: how many rows of location s's event table raise sanity (k 0) or strength
    (k 1), 6 when its service sells it (price: its cost in dollars); a board's Asylum and Hospital may heal
    little or nothing (the printed game's sell their care)."""
    heal = bytearray(2 * board.nspaces)
    price = bytearray(2 * board.nspaces)
    prog = board.prog
    for s in board.locations:
        for r in range(6):
            k = s * 6 + r
            start = board.ev_start[k]
            for i in range(board.ev_len[k]):
                op = prog[2 * (start + i)]
                arg = prog[2 * (start + i) + 1]
                stat = _gain(op, arg)
                if stat >= 0:
                    heal[2 * s + stat] += 1
                    break
        start = board.svc_start[s]
        cost = 0
        for i in range(board.svc_len[s]):
            op = prog[2 * (start + i)]
            arg = prog[2 * (start + i) + 1]
            if op == OP_PAY and arg >> 5 == PAY_MONEY:
                cost = arg & 31
            stat = _gain(op, arg)
            if stat >= 0:
                heal[2 * s + stat] = 6
                price[2 * s + stat] = cost
    return heal, price


def _gain(op, arg):
    """0 when (op, arg) raises sanity, 1 strength, else -1 (a dice-valued gain counts)."""
    if op == OP_SANITY and arg > 128:
        return 0
    if op == OP_STRENGTH and arg > 128:
        return 1
    if op == OP_DICE and arg & 8:
        counter = arg >> 4
        return 0 if counter == 1 else 1 if counter == 2 else -1
    return -1


def gate_weights(board):
    """weight[space]: how many of the 36 gate rolls name the location (0 for the others)."""
    w = bytearray(board.nspaces)
    for v in range(2, 13):
        s = board.gate_table[v]
        if s != NONE:
            w[s] += 6 - (v - 7 if v >= 7 else 7 - v)
    return w


class PlannerBot(HeuristicBot):
    """The heuristic's rules with a team plan (see the module docstring)."""

    name = "planner"

    def __init__(self, board):
        HeuristicBot.__init__(self, board)
        self.weight = gate_weights(board)
        self.heal, self.price = healers(board)
        self.claim = bytearray(board.nspaces)       # scratch: gates held in the share-out
        self.plan_seat = NONE                       # override(): a seat's target this turn
        self.plan_target = NONE
        self.plan_round = 0

    # ----- the plan -----------------------------------------------------------------------------

    def override(self, seat, target, rnd):
        self.plan_seat = seat
        self.plan_target = target
        self.plan_round = rnd

    def clear(self):
        self.plan_seat = NONE

    def planned(self, game, seat):
        """The override's target while it holds (the seat's own turn of that round), else NONE."""
        if (self.plan_seat == seat and game.round == self.plan_round and game.phase == PH_INV
                and game.seat == seat):
            return self.plan_target
        return NONE

    def safe_bfs(self, game, t):
        """self.dist: steps from every space to t along streets without monsters (a space with a
        monster is never passed or entered, but t itself; city locations are ends)."""
        b = self.board
        state.fill_occupancy(game)
        occ = game.occ
        dist = self.dist
        q = self.queue
        for s in range(b.nspaces):
            dist[s] = UNREACHED
        dist[t] = 0
        q[0] = t
        head = 0
        tail = 1
        while head < tail:
            s = q[head]
            head += 1
            if dist[s] > 0 and b.is_loc[s]:
                continue
            for i in range(b.nbr_count[s]):
                u = b.neighbour(s, i)
                if dist[u] == UNREACHED and not occ[u] & (OCC_MONSTER | OCC_HOUND):
                    dist[u] = dist[s] + 1
                    q[tail] = u
                    tail += 1

    def safe_step(self, game, buf, n, seat, t):
        """A step toward t that meets no monster on the way (K_STOP when none gets nearer); NONE
        when no way round the monsters leads there."""
        b = self.board
        here = game.pos[seat]
        self.safe_bfs(game, t)
        dist = self.dist
        # here itself may hold a monster (met already): its distance is that of its best neighbour
        best = K_STOP
        bd = dist[here]
        if bd == UNREACHED:
            bd = 254
        found = False
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK == K_STEP:
                u = b.neighbour(here, a & ARG_MASK)
                if dist[u] != UNREACHED:
                    found = True
                    if dist[u] < bd:
                        bd = dist[u]
                        best = a
        if not found and dist[here] == UNREACHED:
            return NONE
        return best

    def heal_place(self, game, seat, k):
        """The location that heals sanity (k 0) or strength (k 1) best for the seat (the most rows
        that do, its service if it can pay, nearer first among equals), or NONE: nowhere does."""
        b = self.board
        arkham = game.pos[seat] < b.nspaces
        if arkham:
            self.bfs(game.pos[seat])
        best = NONE
        score = -1
        for s in b.locations:
            h = self.heal[2 * s + k]
            if h == 6 and game.money[seat] < self.price[2 * s + k] + 1:
                h = 0
            if h:
                d = self.dist[s] if arkham else 0
                sc = 16 * h - (d if d != UNREACHED else 15)
                if sc > score:
                    score = sc
                    best = s
        return best

    def needs(self, game, seat, k):
        """The seat should heal sanity (k 0) or strength (k 1) before a trip, and somewhere can."""
        v = game.san[seat] if k == 0 else game.sta[seat]
        top = game.maxsan[seat] if k == 0 else game.maxsta[seat]
        if not (self.low(v, top) or v < (FIT_SANITY if k == 0 else FIT_STRENGTH)) or v >= top:
            return False
        return self.heal_place(game, seat, k) != NONE

    def fit(self, game, seat):
        return not self.needs(game, seat, 0) and not self.needs(game, seat, 1)

    def return_world_busy(self, game, s, me):
        """Another investigator is in the Other World the face-up gate at s leads to, and s is the
        only face-up gate back from it."""
        b = self.board
        g = game.gate_at[s]
        if g == NONE or not game.gate_shown[g]:
            return False
        w = b.gate_world[g]
        waiting = False
        for t in range(game.players):
            if t != me and game.seat_inv[t] != NONE and game.pos[t] == AT_WORLD and game.ow_world[t] == w:
                waiting = True
        if not waiting:
            return False
        for s2 in range(b.nspaces):
            g2 = game.gate_at[s2]
            if s2 != s and g2 != NONE and game.gate_shown[g2] and b.gate_world[g2] == w:
                return False
        return True

    def share_out(self, game, me):
        """The gate assigned to seat `me` in the share-out (see the module docstring), or NONE."""
        b = self.board
        claim = self.claim
        for s in range(b.nspaces):
            claim[s] = 0
        for t in range(game.players):
            if game.seat_inv[t] == NONE:
                continue
            p = game.pos[t]
            if p == AT_WORLD:
                # the ways back from its world are its own (a face-up gate to that world)
                for s in range(b.nspaces):
                    g = game.gate_at[s]
                    if g != NONE and game.gate_shown[g] and b.gate_world[g] == game.ow_world[t]:
                        claim[s] = 1
            elif game.close_at[t] == p and p != NONE:
                claim[p] = 1
        mine = NONE
        for t in range(game.players):
            if game.seat_inv[t] == NONE or game.pos[t] == AT_WORLD:
                continue
            if t != me and (game.close_at[t] == game.pos[t] or not self.fit(game, t)):
                continue
            self.bfs(game.pos[t])
            best = NONE
            score = 9999
            for s in range(b.nspaces):
                if game.gate_at[s] != NONE and not claim[s] and self.dist[s] != 255:
                    sc = 4 * self.dist[s] - self.weight[s]
                    if sc < score:
                        score = sc
                        best = s
            if t == me:
                mine = best
                break
            if best != NONE:
                claim[best] = 1
        return mine

    def target(self, game, seat):
        """The plan's target, else: healing when not fit for a trip, a shop when it has the money
        and no weapon, its gate in the share-out, else the nearest gate, else a location."""
        p = self.planned(game, seat)
        if p != NONE:
            return p
        b = self.board
        for k in (0, 1):
            if self.needs(game, seat, k):
                return self.heal_place(game, seat, k)
        here = game.pos[seat]
        g = self.share_out(game, seat)
        if g != NONE:
            return g
        # no gate of its own: the nearest gate, else the nearest other location
        self.bfs(here)
        best = NONE
        bd = 255
        for s in range(b.nspaces):
            if game.gate_at[s] != NONE and self.dist[s] < bd:
                bd = self.dist[s]
                best = s
        if best != NONE:
            return best
        for s in range(b.nspaces):
            if b.is_loc[s] and s != here and self.dist[s] < bd:
                bd = self.dist[s]
                best = s
        return best

    def pick(self, buf, n):
        """The investigator with the most sanity (every check, every trip and every seal costs
        it), then strength and Fight."""
        b = self.board
        best = buf[0]
        score = -1
        for i in range(n):
            inv = buf[i] - K_PICK
            sc = PICK_SANITY * b.inv_sanity[inv] + PICK_STRENGTH * b.inv_strength[inv] + \
                PICK_FIGHT * b.inv_fight[inv] + b.inv_stealth[inv]
            if sc > score:
                score = sc
                best = buf[i]
        return best

    # ----- the choice ---------------------------------------------------------------------------

    def choose(self, game, buf, n):
        if game.phase == PH_OVER or game.step >= CH_FIRST:
            return HeuristicBot.choose(self, game, buf, n)
        st = game.step
        seat = game.actor
        if st == ST_PICK:
            return self.pick(buf, n)
        if st == ST_MOVE:
            here = game.pos[seat]
            if game.close_at[seat] == here and game.gate_at[here] != NONE:
                # to close it: a roll and no step skips the location's event (waiting has one)
                return K_ROLL
            t = self.target(game, seat)
            if t == here and self.planned(game, seat) == here:
                return K_STAY
        if st == ST_STEP:
            here = game.pos[seat]
            if game.close_at[seat] == here and game.gate_at[here] != NONE:
                return K_STOP
            t = self.target(game, seat)
            if t != NONE and t != here and game.mode == MODE_FOOT and not self.find(buf, n, K_TAXI + t):
                a = self.safe_step(game, buf, n, seat, t)
                if a != NONE:
                    return a
        if st == ST_GATE_OR_EVENT:
            here = game.pos[seat]
            care = self.find(buf, n, K_SERVICE) and (self.needs(game, seat, 0) or self.needs(game, seat, 1)) \
                and self.affords_service(game, seat)
            if game.close_at[seat] != here:
                if self.find(buf, n, K_WATCHER) and not self.return_world_busy(game, here, seat):
                    return K_WATCHER
                if self.find(buf, n, K_GATE) and self.fit(game, seat):
                    return K_GATE
            # back from its world it closes the gate, not a new trip; or its care, or the event
            return K_SERVICE if care else K_EVENT
        if st == ST_CLOSE:
            here = game.pos[seat]
            if self.return_world_busy(game, here, seat):
                return K_END
            if self.find(buf, n, K_SEAL) and game.san[seat] > 2:
                return K_SEAL
            if self.find(buf, n, K_WATCHER):
                return K_WATCHER
            if self.find(buf, n, K_CLOSE):
                return K_CLOSE
            return K_END
        if st == ST_RETURN:
            best = buf[0]
            bw = -1
            for i in range(n):
                s = buf[i] & ARG_MASK
                if self.weight[s] > bw:
                    bw = self.weight[s]
                    best = buf[i]
            return best
        if st == ST_DEST:
            t = self.target(game, seat)
            if t != NONE and self.find(buf, n, K_DEST + t):
                return K_DEST + t
            if self.find(buf, n, K_PASS):
                return K_PASS
            return buf[0]
        return HeuristicBot.choose(self, game, buf, n)
