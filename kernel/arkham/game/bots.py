"""Two portable bots that answer through the same legal actions as a player.

    bot = RandomBot(seed); a = bot.choose(game, buf, n)     # uniform among the n legal actions
    bot = HeuristicBot(board); a = bot.choose(game, buf, n)

At a chance node both let the game's PRNG roll (K_RESOLVE). The heuristic bot reads only what a
player sees (the public sheets, cards and board: never a deck's order or where a face-down gate
leads). Its rules of thumb:

- picks the investigator with the best Fight, sanity, stealth and strength (sanity weighs double:
  a sanity check rolls against it); splits points evenly, a point more to sanity;
- heals in the Asylum or the Hospital when down to half or below 3 (the least it goes through a gate
  with; waiting there has the event), else heads for the nearest open gate, or for a shop (a
  location whose table has `shop` rows) when it has the money and no weapon; drives, takes a taxi
  for long trips, casts Mists of R'lyeh when monsters block every way to where it goes;
- at a gate it goes through when healthy, closes it with the Blue Watcher when it holds one, seals
  it with an Elder Sign when it can spare the sanity, else attacks it;
- meets monsters: faces a gate's guardians when it may close the gate, fights what it beats at even
  odds or better unless a failed sanity check would drive it mad, sneaks past the guardians into a
  gate it wants to cross, sneaks past two or more at once (one roll, one sanity check) and past
  what it cannot beat, binds what it can neither beat nor pass; in the mythos binds an attacker it
  would not beat; its loadout is the strongest that counts (the
  kernel's own sum: immunities, classes, a bound monster), the cheapest in sanity among equals;
- gives a weapon it cannot hold (more than two hands' worth) to an investigator in its space with a
  weaker hand, and a dollar to a penniless one (a taxi); pays a gate trophy to the Esoteric Order
  of Dagon (it has no other use), money or points it can spare; buys a weapon or a useful card it
  can afford (selling a spare card to afford it); bids up to a card's price less one; sells a spare
  card (a weapon its hands do not need, a second card of a special kind) when short of money.

Both are deterministic and allocate nothing per choice (their scratch is made once).
"""

from ... import prng
from ..odds import hit_faces
from .board import NONE, SP_VEHICLE, IMMUNE_PHYSICAL, SKILL_STEALTH
from .effects import (OP_SHOP, OP_MONEY, OP_SANITY, OP_STRENGTH, OP_DICE, OP_ITEM, OP_SPELL, OP_ALLY, OP_FIND,
                      OP_LOST, OP_GATE, OP_WORLD, OP_TRIP, OP_MONSTER, OP_JAIL, OP_LOSE_TURN, OP_STAY, OP_TEST, OP_PAY)
from .defs import (PH_OVER, CH_FIRST, ST_PICK, ST_MOVE, ST_STEP, ST_GATE_OR_EVENT, ST_ENC, ST_LOADOUT, ST_CLOSE,
                   ST_SHOP, ST_DEST, ST_DISCARD, K_RESOLVE, K_PICK, K_STAY, K_ROLL, K_TAXI, K_MODE, K_STEP,
                   K_STOP, K_GATE, K_EVENT, K_FIGHT, K_SNEAK, K_FACE, K_BIND, K_CLOSE, K_SEAL, K_WATCHER, K_END,
                   K_BUY, K_PASS, K_DEST, K_SELL, K_PAY, K_BID, K_LOADOUT, K_GIVE, K_GIVE_MONEY, ARG_MASK,
                   MAX_POSS, PU_CLOSE, PU_COUNTER, HR_NO_EVENT_ON_STAY, ST_SPLIT, ST_PAY, ST_SELL, ST_BID, AT_WORLD,
                   ST_CHOOSE, ST_BET, K_CHOOSE, K_SERVICE, K_USE, K_BANISH)
from ..reach import UNREACHED, MODE_VEHICLE, MODE_MISTS
from . import combat, state, trade


class RandomBot:
    """A uniformly random legal action, from its own seeded PRNG (the game's is left alone)."""

    def __init__(self, seed=0):
        self.rng = prng.new_state(seed)

    def choose(self, game, buf, n):
        if game.step >= CH_FIRST:
            return K_RESOLVE
        return buf[prng.die(self.rng, n)]


class HeuristicBot:
    """A rule-of-thumb player (see the module docstring)."""

    def __init__(self, board):
        self.board = board
        self.dist = bytearray(board.nspaces)
        self.queue = bytearray(board.nspaces)
        # the locations whose event table has a shop row (public: the board's tables)
        self.shops = bytearray(board.nspaces)
        for s in board.locations:
            for r in range(6):
                k = s * 6 + r
                for i in range(board.ev_len[k]):
                    if board.prog[2 * (board.ev_start[k] + i)] == OP_SHOP:
                        self.shops[s] = 1

    # ----- helpers ----------------------------------------------------------------------------------

    def bfs(self, start, occ=None):
        """self.dist: steps from every space to start (city locations are ends, never passed; with
        occ, streets with monsters are ends too)."""
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
            if dist[s] > 0 and (b.is_loc[s] or (occ is not None and occ[s])):
                continue
            for i in range(b.nbr_count[s]):
                t = b.neighbour(s, i)
                if dist[t] == UNREACHED:
                    dist[t] = dist[s] + 1
                    q[tail] = t
                    tail += 1

    @staticmethod
    def low(v, top):
        """Down to half, or below the 3 it wants before going through a gate: time to heal."""
        return v <= 2 or 2 * v <= top

    def target(self, game, seat):
        """Where the investigator wants to be: healing when low, a shop when it has the money and
        no weapon, else the nearest open gate, else the nearest other location."""
        b = self.board
        if self.low(game.san[seat], game.maxsan[seat]):
            return b.asylum
        if self.low(game.sta[seat], game.maxsta[seat]):
            return b.hospital
        here = game.pos[seat]
        self.bfs(here)
        best = NONE
        bd = 255
        if game.money[seat] >= 4 and self.weapon_bonus(game, seat) == 0:
            for s in range(b.nspaces):
                if self.shops[s] and self.dist[s] < bd:
                    bd = self.dist[s]
                    best = s
            if best != NONE:
                return best
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

    def weapon_bonus(self, game, seat):
        """The bonus of the weapons and combat cards it carries (any kind, hands not counted)."""
        b = self.board
        total = 0
        for k in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + k]
            if c != NONE:
                total += b.i_bonus[b.card_kind[c]]
        return total

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
            bonus = combat.loadout_bonus(game, seat, mask, mk, gate)
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
        if bind != NONE and hit_faces(bscore // 64 if bscore >= 0 else 0, b.strength_mean(mk)) < 3:
            return bind
        return best

    def best_bonus(self, game, seat, mk):
        """The bonus of the investigator's strongest hand-legal combination against monster kind
        mk (spells included; the kernel's card_counts says what counts)."""
        b = self.board
        total = 0 if b.k_immune[mk] & IMMUNE_PHYSICAL else state.skill_of(game, seat, 0)
        free = 0
        h0 = 0                  # the best weapons for the two hands: h0 >= h1, or h0 a two-hander
        h1 = 0
        for k in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + k]
            if c == NONE:
                continue
            kind = b.card_kind[c]
            v = combat.card_bonus(game, kind, mk, False)
            if not v:
                continue
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

    def hands_bonus(self, game, seat, skip):
        """The best weapons in two hands, leaving out slot `skip` (-1: none)."""
        b = self.board
        h0 = 0
        h1 = 0
        for k in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + k]
            if c == NONE or k == skip:
                continue
            kind = b.card_kind[c]
            v = b.i_bonus[kind]
            if not v or b.i_hands[kind] == 0:
                continue
            if b.i_hands[kind] == 2:
                if v > h0 + h1:
                    h0 = v
                    h1 = 0
            elif v > h1:
                h1 = v
                if h1 > h0:
                    t = h0
                    h0 = h1
                    h1 = t
        return h0 + h1

    def spare_weapon_gift(self, game, buf, n, seat):
        """A K_GIVE of a weapon the seat cannot hold with its best (its hands are full without it)
        to an investigator here whose hands gain more; NONE when there is none."""
        b = self.board
        mine = self.hands_bonus(game, seat, -1)
        best = NONE
        gain = 0
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK != K_GIVE:
                continue
            k = (a & ARG_MASK) >> 3
            t = a & 7
            kind = b.card_kind[game.poss[seat * MAX_POSS + k]]
            if not b.i_bonus[kind] or b.i_hands[kind] == 0 or self.hands_bonus(game, seat, k) < mine:
                continue
            before = self.hands_bonus(game, t, -1)
            # what the other investigator's hands would hold with it: the better of keeping its
            # best pair or taking this weapon into a hand
            with_it = b.i_bonus[kind] + (0 if b.i_hands[kind] == 2 else self.one_hand(game, t))
            if with_it - before > gain:
                gain = with_it - before
                best = a
        return best

    def one_hand(self, game, seat):
        """The best one-handed weapon the seat holds."""
        b = self.board
        best = 0
        for k in range(MAX_POSS):
            c = game.poss[seat * MAX_POSS + k]
            if c != NONE:
                kind = b.card_kind[c]
                if b.i_hands[kind] == 1 and b.i_bonus[kind] > best:
                    best = b.i_bonus[kind]
        return best

    def worth_paying(self, game, seat):
        """Pay an event's cost when it leaves the investigator sound: a gate trophy (no other use),
        money it can spare, sanity or strength above 3 after paying."""
        kind = game.pay_kind
        amount = game.pay_amount
        if kind == 3:
            return True
        if kind == 0:
            return game.money[seat] - amount >= 1
        if kind >= 4:
            # an item or a spell of its choice, or a named card: when what it buys is worth more
            return self.score(game, seat, game.prog_pos, game.prog_end) > 2
        left = (game.san[seat] if kind == 1 else game.sta[seat]) - amount
        return left >= 4

    def affords_service(self, game, seat):
        """The location's service is not a payment the bot would decline (worth_paying's rule: money
        to spare, points above 3), or is no payment at all."""
        b = self.board
        s = game.pos[seat]
        i = b.svc_start[s]
        if b.prog[2 * i] != OP_PAY:
            return True
        kind = b.prog[2 * i + 1] >> 5
        amount = b.prog[2 * i + 1] & 31
        if kind == 0:
            return game.money[seat] - amount >= 1
        if kind == 1 or kind == 2:
            return (game.san[seat] if kind == 1 else game.sta[seat]) - amount >= 4
        return False

    def score(self, game, seat, start, end):
        """A rule of thumb's worth of the effect ops prog[start:end] to the seat: gains and losses of
        money, sanity and strength (a loss that would knock it out weighs heavily), cards, and the
        terminals' dangers; a form counts as nothing."""
        b = self.board
        v = 0
        i = start
        while i < end:
            op = b.prog[2 * i]
            arg = b.prog[2 * i + 1]
            i += 1
            d = arg - 128
            if op == OP_MONEY:
                v += d
            elif op == OP_SANITY or op == OP_STRENGTH:
                left = (game.san[seat] if op == OP_SANITY else game.sta[seat]) + d
                v += 2 * d - (20 if left <= 0 else 0)
            elif op == OP_DICE:
                v += 7 if arg & 8 else -7
            elif op == OP_ITEM or op == OP_SPELL or op == OP_ALLY or op == OP_FIND:
                v += 3
            elif op == OP_LOST:
                v -= 50
            elif op == OP_GATE or op == OP_WORLD or op == OP_TRIP:
                v -= 5
            elif op == OP_MONSTER or op == OP_JAIL or op == OP_LOSE_TURN:
                v -= 3
            elif op == OP_STAY:
                v -= 2 * arg
            elif op >= OP_TEST:
                break
        return v

    def useful(self, game, c):
        """A card worth having: a bonus, a special, or a skill bonus."""
        b = self.board
        kind = b.card_kind[c]
        if b.i_bonus[kind] or b.i_special[kind]:
            return True
        for k in range(len(b.skill_names)):
            if b.i_skill[kind * 8 + k] > 128:
                return True
        return False

    def spare(self, game, seat, k):
        """The card in slot k adds nothing the investigator uses: a weapon its two hands do not need
        (they hold as much without it), or a second card of a special kind it already has."""
        b = self.board
        kind = b.card_kind[game.poss[seat * MAX_POSS + k]]
        if b.i_special[kind]:
            for j in range(MAX_POSS):
                c = game.poss[seat * MAX_POSS + j]
                if j != k and c != NONE and b.i_special[b.card_kind[c]] == b.i_special[kind]:
                    return True
            return False
        for sk in range(len(b.skill_names)):
            if b.i_skill[kind * 8 + sk] > 128:
                return False
        if b.i_hands[kind] == 0:
            return b.i_bonus[kind] == 0
        return self.hands_bonus(game, seat, k) == self.hands_bonus(game, seat, -1)

    def spare_sale(self, game, buf, n, seat):
        """A spare card (see spare) to sell, the dearest first, else stop."""
        best = K_PASS
        price = 0
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK == K_SELL and self.spare(game, seat, a & ARG_MASK):
                p = trade.sale_price(game, seat, a & ARG_MASK)
                if p > price:
                    price = p
                    best = a
        return best

    def find(self, buf, n, action):
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    def mists_help(self, game, seat, t):
        """Monsters stand on every short way to t (the way round them is much longer or none)."""
        state.fill_occupancy(game, seat)
        self.bfs(t)
        plain = self.dist[game.pos[seat]]
        self.bfs(t, game.occ)
        clear = self.dist[game.pos[seat]]
        return plain != UNREACHED and plain > 1 and (clear == UNREACHED or clear > plain + 3)

    def mad_risk(self, game, seat, m):
        """A failed sanity check against monster m would drive the investigator mad, and it fails
        more often than not (a check it already took this round costs nothing)."""
        b = self.board
        if game.m_checked[m] & (1 << seat):
            return False
        k = b.mon_kind[m]
        return b.loss_mean2(k, 0) >= 2 * game.san[seat] and game.san[seat] <= 3

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
                sc = 2 * b.inv_fight[inv] + b.inv_stealth[inv] + 2 * b.inv_sanity[inv] + b.inv_strength[inv]
                if sc > score:
                    score = sc
                    best = buf[i]
            return best
        if st == ST_MOVE:
            gift = self.spare_weapon_gift(game, buf, n, seat)
            if gift != NONE:
                return gift
            if game.money[seat] >= 3:
                for i in range(n):          # a dollar for a penniless investigator here (a taxi)
                    a = buf[i]
                    if a & ~ARG_MASK == K_GIVE_MONEY and game.money[a & ARG_MASK] == 0:
                        return a
            for i in range(n):                  # a card's use that is worth its cost
                a = buf[i]
                if a & ~ARG_MASK == K_USE:
                    kind = b.card_kind[game.poss[seat * MAX_POSS + (a & ARG_MASK)]]
                    if game.san[seat] - b.i_cost[kind] >= 3 and \
                            self.score(game, seat, b.use_start[kind], b.use_start[kind] + b.use_len[kind]) > 0:
                        return a
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
            if game.mode == 0 and state.has_special(game, seat, SP_VEHICLE) >= 0 and self.find(buf, n, K_MODE + MODE_VEHICLE):
                return K_MODE + MODE_VEHICLE
            if game.mode == 0 and self.find(buf, n, K_MODE + MODE_MISTS) and game.san[seat] >= 4 and \
                    self.mists_help(game, seat, t):
                return K_MODE + MODE_MISTS
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
            if self.find(buf, n, K_WATCHER):
                return K_WATCHER
            healthy = not self.low(game.san[seat], game.maxsan[seat]) and \
                not self.low(game.sta[seat], game.maxsta[seat])
            if self.find(buf, n, K_GATE) and healthy and game.san[seat] >= 3 and game.sta[seat] >= 3:
                return K_GATE
            if self.find(buf, n, K_SERVICE) and self.healing(game, seat) and self.affords_service(game, seat):
                return K_SERVICE                    # the Hospital's or the Sanitarium's care
            return K_EVENT
        if st == ST_CHOOSE:
            first = self.score(game, seat, game.prog_pos, game.test_pass_end)
            second = self.score(game, seat, game.test_pass_end, game.prog_end)
            return K_CHOOSE + (1 if second > first else 0)
        if st == ST_BET:
            return K_PASS                       # an even bet gains nothing on average
        if st == ST_ENC:
            return self.meet(game, buf, n, seat)
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
            price = b.i_price[b.card_kind[c]]
            if not self.useful(game, c):
                return K_PASS
            if self.find(buf, n, K_BUY) and game.money[seat] >= price + 1:
                return K_BUY
            for i in range(n):              # sell a spare card to afford a useful one
                a = buf[i]
                if a & ~ARG_MASK == K_SELL and self.spare(game, seat, a & ARG_MASK):
                    if game.money[seat] + trade.sale_price(game, seat, a & ARG_MASK) >= price + 1:
                        return a
            return K_PASS
        if st == ST_DEST:
            t = self.target(game, seat)
            if t != NONE and self.find(buf, n, K_DEST + t):
                return K_DEST + t
            if self.find(buf, n, K_PASS):
                return K_PASS          # the Sheldon Gang's ride, to nowhere it wants to go
            return buf[0]
        if st == ST_SPLIT:
            return buf[n // 2]                 # a balanced split (a point more to sanity when odd)
        if st == ST_PAY:
            return K_PAY if self.worth_paying(game, seat) else K_PASS
        if st == ST_SELL:
            return K_PASS if game.money[seat] >= 4 else self.spare_sale(game, buf, n, seat)
        if st == ST_BID:
            c = game.auction_card
            want = self.useful(game, c) and game.bid + 1 < b.i_price[b.card_kind[c]]
            return K_BID if want and game.money[seat] > game.bid + 1 else K_PASS
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

    def meet(self, game, buf, n, seat):
        """Part 3: monsters here (see the module docstring)."""
        b = self.board
        if self.find(buf, n, K_FACE):
            return K_FACE
        best = NONE
        faces = -1
        weakest = buf[0]
        wstr = 99
        strongest = NONE
        sstr = -1
        risky = False
        for i in range(n):
            a = buf[i]
            if a & ~ARG_MASK != K_FIGHT:
                continue
            m = a & ARG_MASK
            kind = b.mon_kind[m]
            h = hit_faces(self.best_bonus(game, seat, kind), b.strength_mean(kind))
            if self.mad_risk(game, seat, m):
                risky = True
            if h > faces:
                faces = h
                best = a
            if b.strength_mean(kind) < wstr:
                wstr = b.strength_mean(kind)
                weakest = a
            if b.strength_mean(kind) > sstr:
                sstr = b.strength_mean(kind)
                strongest = m
        stealth = state.skill_of(game, seat, SKILL_STEALTH)
        here = game.pos[seat]
        wants_gate = here != AT_WORLD and b.is_loc[here] and game.gate_at[here] != NONE and \
            game.close_at[seat] != here and game.san[seat] >= 3 and game.sta[seat] >= 3
        if wants_gate and self.find(buf, n, K_SNEAK + 1) and stealth >= 3 and faces < 5:
            return K_SNEAK + 1
        crowd = 0
        for i in range(n):
            if buf[i] & ~ARG_MASK == K_FIGHT:
                crowd += 1
        if crowd >= 2 and stealth >= 3 and self.find(buf, n, K_SNEAK):
            return K_SNEAK                     # one roll and one sanity check past them all
        if faces >= 3 and not risky:
            return best
        if self.find(buf, n, K_SNEAK) and stealth >= 2:
            return K_SNEAK
        if strongest != NONE and self.find(buf, n, K_BIND + strongest):
            return K_BIND + strongest
        if strongest != NONE and faces < 3 and game.sta[seat] >= 5 and self.find(buf, n, K_BANISH + strongest):
            return K_BANISH + strongest           # for D6 strength, when it can spare it
        return best if best != NONE else weakest
