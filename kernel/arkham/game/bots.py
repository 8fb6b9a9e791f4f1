"""Two portable bots that answer through the same legal actions as a player.

    bot = RandomBot(seed); a = bot.choose(game, buf, n)     # uniform among the n legal actions
    bot = HeuristicBot(board); a = bot.choose(game, buf, n)

At a chance node both let the game's PRNG roll (K_RESOLVE). The heuristic bot reads only what a
player sees (the public sheets and board: never a deck's order or where a face-down gate leads): it
heads for the nearest open gate while healthy (the Asylum or the Hospital when not), drives, takes a
taxi for long trips, goes through gates, fights what it can beat at even odds or better with its best
loadout and sneaks past the rest, seals with an Elder Sign when it can afford it, else closes. Both
are deterministic and allocate nothing per choice (their scratch is made once).
"""

from ... import prng
from ..odds import hit_faces
from .board import NONE, SP_VEHICLE, IMMUNE_PHYSICAL
from .defs import (PH_OVER, CH_FIRST, ST_PICK, ST_MOVE, ST_STEP, ST_GATE_OR_EVENT, ST_ENC, ST_LOADOUT, ST_CLOSE,
                   ST_SHOP, ST_DEST, ST_DISCARD, K_RESOLVE, K_PICK, K_STAY, K_ROLL, K_TAXI, K_MODE, K_STEP,
                   K_STOP, K_GATE, K_EVENT, K_FIGHT, K_SNEAK, K_FACE, K_BIND, K_CLOSE, K_SEAL, K_WATCHER, K_END,
                   K_BUY, K_PASS, K_DEST, K_SELL, K_PAY, K_BID, K_LOADOUT, ARG_MASK, MAX_POSS, PU_CLOSE, PU_COUNTER,
                   HR_NO_EVENT_ON_STAY, ST_SPLIT, ST_PAY, ST_SELL, ST_BID)
from ..reach import UNREACHED, MODE_VEHICLE


class RandomBot:
    """A uniformly random legal action, from its own seeded PRNG (the game's is left alone)."""

    def __init__(self, seed=0):
        self.rng = prng.new_state(seed)

    def choose(self, game, buf, n):
        if game.step >= CH_FIRST:
            return K_RESOLVE
        return buf[prng.die(self.rng, n)]


class HeuristicBot:
    """A simple rule-of-thumb player (see the module docstring)."""

    def __init__(self, board):
        self.board = board
        self.dist = bytearray(board.nspaces)
        self.queue = bytearray(board.nspaces)

    # ----- helpers ----------------------------------------------------------------------------------

    def bfs(self, start):
        """self.dist: steps from every space to start (city locations are ends, never passed)."""
        b = self.board
        dist = self.dist
        q = self.queue
        for s in range(b.nspaces):
            dist[s] = UNREACHED
        dist[start] = 0
        q[0] = start
        head = 0
        tail = 1
        while head < tail:
            s = q[head]
            head += 1
            if dist[s] > 0 and b.is_loc[s]:
                continue
            for i in range(b.nbr_count[s]):
                t = b.neighbour(s, i)
                if dist[t] == UNREACHED:
                    dist[t] = dist[s] + 1
                    q[tail] = t
                    tail += 1

    def target(self, game, seat):
        """Where the investigator wants to be: healing when weak, else the nearest open gate (or the
        store with money, or the Church)."""
        b = self.board
        if game.san[seat] <= 2:
            return b.asylum
        if game.sta[seat] <= 2:
            return b.hospital
        here = game.pos[seat]
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

    def healing(self, game, seat):
        """Weak, in the Asylum or the Hospital: its event is what heals."""
        here = game.pos[seat]
        b = self.board
        return (here == b.asylum and game.san[seat] < game.maxsan[seat]) or \
            (here == b.hospital and game.sta[seat] < game.maxsta[seat])

    def best_loadout(self, game, buf, n, mk, gate):
        """The legal loadout with the highest bonus that counts (the kernel's own sum: immunities,
        classes), ties: the lowest sanity cost, then the fewest cards; or Bind Monster on a mythos
        attacker the loadout would not beat at even odds."""
        b = self.board
        seat = game.check_seat if game.purpose == PU_COUNTER else game.seat
        best = buf[0]
        bscore = -1
        bind = NONE
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK != K_LOADOUT:
                bind = a
                continue
            mask = a & ARG_MASK
            bonus = game.loadout_bonus(seat, mask, mk, gate)
            cost = 0
            cards = 0
            for k in range(MAX_POSS):
                if mask & (1 << k):
                    cost += b.i_cost[b.card_kind[game.poss[seat * MAX_POSS + k]]]
                    cards += 1
            score = bonus * 64 - cost * 8 - cards
            if score > bscore:
                bscore = score
                best = a
        if bind != NONE and hit_faces(bscore // 64 if bscore >= 0 else 0, b.k_strength[mk]) < 3:
            return bind
        return best

    def best_bonus(self, game, seat, mk):
        """The bonus of the investigator's strongest hand-legal combination against monster kind
        mk (spells included; the kernel's card_counts says what counts)."""
        b = self.board
        total = 0 if b.k_immune[mk] & IMMUNE_PHYSICAL else game.skill_of(seat, 0)
        free = 0
        h0 = 0                  # the best weapons for the two hands: h0 >= h1, or h0 a two-hander
        h1 = 0
        for k in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + k]
            if c == NONE:
                continue
            kind = b.card_kind[c]
            if not b.i_bonus[kind] or not game.card_counts(kind, mk, False):
                continue
            v = b.i_bonus[kind]
            if b.i_hands[kind] == 0:
                free += v
            elif b.i_hands[kind] == 2:
                if v > h0 + h1:
                    h0 = v
                    h1 = 0
            elif v > h1:
                h1 = v
                if h1 > h0:
                    t = h0
                    h0 = h1
                    h1 = t
        return total + free + h0 + h1

    def worth_paying(self, game, seat):
        """Pay an event's cost when it leaves the investigator sound: a gate trophy (no other use),
        money it can spare, sanity or strength above 3 after paying."""
        kind = game.pay_kind
        amount = game.pay_amount
        if kind == 3:
            return True
        if kind == 0:
            return game.money[seat] - amount >= 1
        left = (game.san[seat] if kind == 1 else game.sta[seat]) - amount
        return left >= 4

    def spare_sale(self, game, buf, n, seat):
        """The card worth the least in a fight (and no special use) to sell, else stop."""
        b = self.board
        best = K_PASS
        low = 99
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK != K_SELL:
                continue
            kind = b.card_kind[game.poss[seat * MAX_POSS + (a & ARG_MASK)]]
            if b.i_special[kind] or b.i_bonus[kind] >= 2:
                continue
            if b.i_bonus[kind] < low:
                low = b.i_bonus[kind]
                best = a
        return best

    def find(self, buf, n, action):
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    # ----- the choice -------------------------------------------------------------------------------

    def choose(self, game, buf, n):
        if game.phase == PH_OVER or game.step >= CH_FIRST:
            return K_RESOLVE
        b = self.board
        st = game.step
        seat = game.actor
        if st == ST_PICK:
            best = buf[0]
            score = -1
            for i in range(n):
                inv = buf[i] - K_PICK
                sc = 2 * b.inv_fight[inv] + b.inv_stealth[inv] + b.inv_sanity[inv] + b.inv_strength[inv]
                if sc > score:
                    score = sc
                    best = buf[i]
            return best
        if st == ST_MOVE:
            here = game.pos[seat]
            if game.close_at[seat] == here and game.gate_at[here] != NONE:
                return K_STAY
            t = self.target(game, seat)
            if t == NONE or (t == here and not self.healing(game, seat)):
                return K_STAY
            if t == here:
                # waiting has the event (part 2); with no_event_on_stay, step out and back in
                return K_ROLL if game.house & HR_NO_EVENT_ON_STAY else K_STAY
            self.bfs(t)
            if self.dist[here] > 4 and self.find(buf, n, K_TAXI + t):
                return K_TAXI + t
            if game.mode == 0 and game.has_special(seat, SP_VEHICLE) >= 0 and self.find(buf, n, K_MODE + MODE_VEHICLE):
                return K_MODE + MODE_VEHICLE
            return K_ROLL
        if st == ST_STEP:
            here = game.pos[seat]
            t = self.target(game, seat)
            if t == here and not game.entered and self.healing(game, seat) and game.moves_left:
                return K_STEP          # out to the street; the next step comes back in
            if t == NONE or t == here:
                return K_STOP
            if self.find(buf, n, K_TAXI + t):
                return K_TAXI + t
            self.bfs(t)
            best = K_STOP
            bd = self.dist[here]
            for i in range(n):
                a = buf[i]
                if a & ~ARG_MASK == K_STEP:
                    d = self.dist[b.neighbour(here, a & ARG_MASK)]
                    if d < bd:
                        bd = d
                        best = a
            return best
        if st == ST_GATE_OR_EVENT:
            return K_GATE if game.san[seat] >= 3 and game.sta[seat] >= 3 else K_EVENT
        if st == ST_ENC:
            if self.find(buf, n, K_FACE):
                return K_FACE
            best = NONE
            faces = -1
            weakest = buf[0]
            wstr = 99
            for i in range(n):
                a = buf[i]
                if a & ~ARG_MASK != K_FIGHT:
                    continue
                kind = b.mon_kind[a & ARG_MASK]
                h = hit_faces(self.best_bonus(game, seat, kind), b.k_strength[kind])
                if h > faces:
                    faces = h
                    best = a
                if b.k_strength[kind] < wstr:
                    wstr = b.k_strength[kind]
                    weakest = a
            if faces >= 3:
                return best
            if self.find(buf, n, K_SNEAK) and game.skill_of(seat, 1) >= 2:
                return K_SNEAK
            for i in range(n):
                if buf[i] & ~ARG_MASK == K_BIND:
                    return buf[i]
            return best if best != NONE else weakest
        if st == ST_LOADOUT:
            gate = game.purpose == PU_CLOSE
            return self.best_loadout(game, buf, n, 0 if gate else b.mon_kind[game.target], gate)
        if st == ST_CLOSE:
            if self.find(buf, n, K_SEAL) and game.san[seat] >= 4:
                return K_SEAL
            if self.find(buf, n, K_WATCHER):
                return K_WATCHER
            if self.find(buf, n, K_CLOSE):
                return K_CLOSE
            return K_END
        if st == ST_SHOP:
            c = game.shop_card
            if self.find(buf, n, K_BUY) and game.money[seat] >= b.i_price[b.card_kind[c]] + 1:
                return K_BUY
            return K_PASS
        if st == ST_DEST:
            t = self.target(game, seat)
            if t != NONE and self.find(buf, n, K_DEST + t):
                return K_DEST + t
            return buf[0]
        if st == ST_SPLIT:
            return buf[n // 2]                 # a balanced split
        if st == ST_PAY:
            return K_PAY if self.worth_paying(game, seat) else K_PASS
        if st == ST_SELL:
            return K_PASS if game.money[seat] >= 3 else self.spare_sale(game, buf, n, seat)
        if st == ST_BID:
            c = game.auction_card
            return K_BID if game.bid + 1 <= b.i_price[b.card_kind[c]] and game.money[seat] > game.bid + 1 else K_PASS
        if st == ST_DISCARD:
            best = buf[0]
            low = 999
            for i in range(n):
                kind = b.card_kind[game.poss[seat * MAX_POSS + (buf[i] & ARG_MASK)]]
                v = b.i_price[kind] + 2 * b.i_bonus[kind]
                if v < low:
                    low = v
                    best = buf[i]
            return best
        return buf[0]
