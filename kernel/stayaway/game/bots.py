"""Bots that read only their view: random legal, and a heuristic that plays each role from what it
has seen (belief.py). The determinized search bot is search.py.

    bot = HeuristicBot(seed=3)
    action = bot.choose(state.view(p), legal)        # legal: the player's legal actions (a list)

A bot never sees the state: its view, and its own legal actions (which follow from its own hand and
role), are all it gets. Seeded with the kernel PRNG and deciding with integers only, a bot game is the
same on every runtime.

The heuristic, by role:
  Human     burns an adjacent player it suspects (belief.suspicious) or knows is The Thing; looks at
            suspects with Analysis and Suspicious; quarantines or locks out a suspect next to it;
            refuses exchanges offered by suspects; shows a clean hand in Revelations and with Whisky;
            discards Infected! cards (it may never pass them); gives away its least useful card.
            With `cards` (every card where it helps): an Axe on its own Quarantine or on a
            Locked door that keeps its Flamethrower from a suspect; Seduction on a player proven not
            The Thing instead of its exchange with a suspect; a swap away from a suspect it is about
            to exchange with, to a seat whose next player it trusts more.
  Infected  protects The Thing (never burns it, answers its offers, passes it spare Infected! cards),
            burns neighbours proven clean (likely Humans), hides its hand. With `cards`: Seduction or
            Watch your back to pass The Thing a spare Infected!; Missed! that hands a Human's offer
            to The Thing next in line; looks at unknown neighbours (a clean hand is a Human to burn);
            quarantines a neighbour proven clean; locks out a neighbour holding a Flamethrower; an
            Axe on its own Quarantine or on a door between it and The Thing; a swap that puts another
            player in its seat when that seat is the one The Thing exchanges with.
  The Thing offers and answers Infected! to Humans, burns adjacent Humans, gets rid of a
            Flamethrower at once (the game ends by itself when no Human is left: it never declares).
            With `cards`: never passes an Infected! face up (a Quarantine shows it to everyone);
            refuses a Human's offer (Scary, No thanks!, Missed!) rather than hand that neighbour the
            Flamethrower it must give while it holds one; an Axe on its own Quarantine or on a door
            between it and a Human it would exchange with; Watch your back when the Human is on the
            other side; a look (Analysis, Suspicious) on an adjacent Human rather than discarding
            it; Quarantine or a Locked door against a Human next to it known to hold a Flamethrower.
Left out on purpose (benchmarks/README.md, "Rule paths the strongest bot never takes"): Whisky and
revealing in Revelations as The Thing or an Infected (the hand always shows the role), declaring
(always false now), giving away a Flamethrower as a Human, no defence when holding one, and the
refusals that gain The Thing's side nothing.
"""

from ... import prng
from .defs import (NOBODY, NO_CARD, ACT_KIND, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND, A_ACCEPT, A_KEEP,
                   A_DECLARE, A_REVEAL, A_TARGET, A_FORGET, A_PASS, A_BLIND, GAP, SELF, HUMAN, INFECTED_ROLE,
                   THE_THING, THING, INFECTED, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY, RESOLUTE,
                   WATCH_BACK, SWAP_PLACES, BETTER_RUN, SEDUCTION, SCARY, COMFORTABLE, NO_THANKS, MISSED,
                   NO_BARBECUE, QUARANTINE, LOCKED_DOOR, GET_OUT, ONE_TWO, BETWEEN_US, FRIENDS, PH_PLAY,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, PH_OFFER, PH_ANSWER, PH_REVELATIONS,
                   PH_TARGET, PH_FORGET, PH_ROUND, PH_BLIND, NTYPES)
from .views import View
from .belief import Belief

# how much a player wants to keep each card (Human / Infected / The Thing): low values go first
KEEP_HUMAN = (100, -20, 9, 6, 3, 4, 3, 4, 2, 2, 2, 3, 6, 3, 6, 5, 8, 4, 4) + (0,) * 12
KEEP_INFECTED = (100, 7, 5, 3, 2, 3, 1, 3, 2, 2, 2, 3, 5, 3, 5, 5, 8, 3, 3) + (0,) * 12
KEEP_THING = (100, 10, -20, 4, 2, 3, 0, 3, 2, 3, 3, 6, 5, 3, 5, 5, 9, 2, 3) + (0,) * 12


def kind_of(action):
    return action - action % ACT_KIND


def arg_of(action):
    return action % ACT_KIND


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed=0):
        self.rng = prng.new_state(seed)

    def choose(self, view, legal):
        return legal[prng.die(self.rng, len(legal))]


class HeuristicBot:
    """Plays its role from suspicion tracked in its view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed=0, cards=(HUMAN, INFECTED_ROLE, THE_THING)):
        self.rng = prng.new_state(seed)
        self.belief = None
        # the roles that use the card uses of card_play (none: the plain heuristic; each role's gain is
        # measured in benchmarks/README.md)
        self.card_roles = cards

    def observe(self, view):
        """The view decoded and the belief brought up to date (kept between calls of one game)."""
        v = view if isinstance(view, View) else View(view)
        b = self.belief
        if b is None or not b.fits(v):
            b = Belief(v)
            self.belief = b
        else:
            b.update(v)
        return v, b

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        v, b = self.observe(view)
        return self.decide(v, b, legal)

    # ----- helpers -------------------------------------------------------------------------------

    def keep_table(self, v):
        return KEEP_THING if v.role == THE_THING else KEEP_INFECTED if v.role == INFECTED_ROLE else KEEP_HUMAN

    def value(self, v, t):
        table = self.keep_table(v)
        val = table[t]
        if v.role == INFECTED_ROLE and t == INFECTED and v.hand.count(INFECTED) <= 1:
            return 100
        return val

    def cheapest(self, v, legal, kind):
        """The legal action of this kind whose card the player least wants to keep."""
        best = None
        best_val = 0
        for a in legal:
            if kind_of(a) == kind:
                val = self.value(v, arg_of(a))
                if best is None or val < best_val:
                    best = a
                    best_val = val
        return best

    def pick(self, legal, candidates):
        good = [a for a in candidates if a in legal]
        if not good:
            return None
        return good[prng.die(self.rng, len(good))]

    def adjacent(self, v, p):
        return (v.neighbour(v.me, 0), v.neighbour(v.me, 1))

    def side_gaps(self, v, p, d):
        """The gaps between p and its neighbour in direction d (several when seats between are empty)."""
        n = v.players
        s = v.seat_of(p)
        t = v.seat_of(v.neighbour(p, d))
        out = []
        for _ in range(n):
            out.append(s if d == 0 else (s + n - 1) % n)
            s = (s + 1) % n if d == 0 else (s + n - 1) % n
            if s == t:
                break
        return out

    def door_side(self, v, p, d):
        """A Locked door lies between p and its neighbour in direction d."""
        for g in self.side_gaps(v, p, d):
            if v.doors[g]:
                return True
        return False

    def after_swap(self, v, q, d):
        """The player next to the viewer in direction d once it has swapped seats with q."""
        nxt = v.neighbour(q, d)
        return q if nxt == v.me else nxt

    def face_up(self, v, to):
        """An exchange between the viewer and `to` is shown to everyone (either is in Quarantine)."""
        return v.quarantine[v.me] or (to < v.players and v.quarantine[to])

    # ----- the decision --------------------------------------------------------------------------

    def decide(self, v, b, legal):
        role = v.role
        me = v.me
        ph = v.phase
        if A_DECLARE in legal:
            humans = [p for p in range(v.players) if v.alive[p] and v.roles[p] == HUMAN]
            if not humans:
                return A_DECLARE
            legal = [a for a in legal if a != A_DECLARE]
            if len(legal) == 1:
                return legal[0]
        if ph == PH_PLAY:
            return self.play_step(v, b, legal)
        if ph == PH_DEFEND_FLAME:
            return A_DEFEND + NO_BARBECUE if A_DEFEND + NO_BARBECUE in legal else A_ACCEPT
        if ph == PH_DEFEND_SWAP:
            if A_DEFEND + COMFORTABLE in legal and (role == HUMAN and b.suspicious(v.ctx_a, 4)):
                return A_DEFEND + COMFORTABLE
            return A_ACCEPT
        if ph == PH_RESOLUTE:
            best = None
            for a in legal:
                if best is None or self.value(v, arg_of(a)) > self.value(v, arg_of(best)):
                    best = a
            return best
        if ph == PH_OFFER:
            return self.offer(v, b, legal, v.ctx_b, A_OFFER)
        if ph == PH_ANSWER:
            return self.answer(v, b, legal)
        if ph == PH_ROUND:
            return self.offer(v, b, legal, v.neighbour(me, v.direction), A_PASS)
        if ph == PH_REVELATIONS:
            clean = INFECTED not in v.hand and THING not in v.hand
            if role == HUMAN and clean:
                return A_REVEAL + 1
            return A_REVEAL
        if ph == PH_FORGET or ph == PH_BLIND:
            return self.cheapest(v, legal, kind_of(legal[0]))
        if ph == PH_TARGET:
            return self.target(v, b, legal)
        return legal[prng.die(self.rng, len(legal))]

    def offer(self, v, b, legal, to, kind):
        role = v.role
        if role == THE_THING and v.roles[to] == HUMAN and kind + INFECTED in legal and \
                not (role in self.card_roles and self.face_up(v, to)):
            return kind + INFECTED
        if role == INFECTED_ROLE and to == v.thing and kind + INFECTED in legal:
            return kind + INFECTED
        if kind + FLAMETHROWER in legal and role == HUMAN and b.suspicious(to, 4):
            choices = [a for a in legal if kind_of(a) == kind and arg_of(a) != FLAMETHROWER]
            if choices:
                return self.cheapest(v, choices, kind)
        return self.cheapest(v, legal, kind)

    def answer(self, v, b, legal):
        role = v.role
        a = v.ctx_a
        if role == HUMAN and b.suspicious(a, 4):
            for d in (NO_THANKS, SCARY, MISSED):
                if A_DEFEND + d in legal:
                    return A_DEFEND + d
        if role == THE_THING and role in self.card_roles and v.roles[a] == HUMAN and A_ANSWER + FLAMETHROWER in legal:
            # it must give a Flamethrower it holds: refused, no Human next to it gets one, and its own
            # turn comes to discard it (Scary shows it the card offered)
            for d in (SCARY, NO_THANKS, MISSED):
                if A_DEFEND + d in legal:
                    return A_DEFEND + d
        if role == THE_THING and v.roles[a] == HUMAN and A_ANSWER + INFECTED in legal and \
                not (role in self.card_roles and self.face_up(v, a)):
            return A_ANSWER + INFECTED
        if role == INFECTED_ROLE and role in self.card_roles and A_DEFEND + MISSED in legal and a != v.thing and \
                v.neighbour(v.me, v.direction) == v.thing and not self.door_side(v, v.me, v.direction):
            # a Human's offer handed on to The Thing, next in line: it may infect the offerer
            return A_DEFEND + MISSED
        if role == INFECTED_ROLE and a == v.thing and A_ANSWER + INFECTED in legal:
            return A_ANSWER + INFECTED
        return self.offer(v, b, [x for x in legal if kind_of(x) == A_ANSWER] or legal, a, A_ANSWER)

    def target(self, v, b, legal):
        c = v.ctx_card
        role = v.role
        best = None
        best_score = 0
        for a in legal:
            q = arg_of(a)
            if c == BETWEEN_US or c == FRIENDS:
                score = -b.susp[q] if role == HUMAN else (5 if v.roles[q] == HUMAN and role == THE_THING else 0)
            else:       # a seat swap: Humans move away from suspects, The Thing towards Humans
                score = -b.susp[q] if role == HUMAN else 0
            score = score * 8 + prng.die(self.rng, 8)
            if best is None or score > best_score:
                best = a
                best_score = score
        return best

    def play_step(self, v, b, legal):
        role = v.role
        me = v.me
        plays = [a for a in legal if kind_of(a) == A_PLAY]

        def play_of(card):
            return [a for a in plays if (arg_of(a) >> 5) == card]

        def target(a):
            return arg_of(a) & 31

        flames = play_of(FLAMETHROWER)
        if flames:
            if role == HUMAN:
                for a in flames:
                    if b.suspicious(target(a)):
                        return a
            elif role == INFECTED_ROLE:
                for a in flames:
                    q = target(a)
                    if q != v.thing and b.clean_turn[q] >= 0:
                        return a
            else:
                humans = [a for a in flames if v.roles[target(a)] == HUMAN]
                if humans:
                    return humans[prng.die(self.rng, len(humans))]
        if role == THE_THING and A_DISCARD + FLAMETHROWER in legal:
            return A_DISCARD + FLAMETHROWER
        for card in (ANALYSIS, SUSPICIOUS):
            acts = play_of(card)
            if acts and role == HUMAN:
                best = None
                for a in acts:
                    q = target(a)
                    if not b.not_thing[q] and (best is None or b.susp[q] > b.susp[target(best)]):
                        best = a
                if best is not None:
                    return best
        if role == HUMAN:
            for card in (QUARANTINE, LOCKED_DOOR):
                for a in play_of(card):
                    t = target(a)
                    if card == QUARANTINE and b.suspicious(t, 4):
                        return a
                    if card == LOCKED_DOOR:
                        g = t - GAP
                        n = v.players
                        s = v.seat_of(me)
                        q = v.neighbour(me, 0) if g == s else v.neighbour(me, 1)
                        if b.suspicious(q, 4):
                            return a
            if play_of(WHISKY) and INFECTED not in v.hand:
                return play_of(WHISKY)[0]
            nxt = v.neighbour(me, v.direction)
            other = v.neighbour(me, 1 - v.direction)
            if play_of(WATCH_BACK) and b.suspicious(nxt, 4) and not b.suspicious(other, 4):
                return play_of(WATCH_BACK)[0]
        if role == THE_THING:
            seduce = [a for a in play_of(SEDUCTION) if v.roles[target(a)] == HUMAN]
            if seduce and INFECTED in v.hand:
                return seduce[prng.die(self.rng, len(seduce))]
            if v.roles[v.neighbour(me, v.direction)] != HUMAN:
                # move next to a Human: after a swap The Thing exchanges from the new seat
                moves = [a for a in play_of(BETTER_RUN) + play_of(SWAP_PLACES)
                         if v.roles[v.neighbour(target(a), v.direction)] == HUMAN]
                if moves:
                    return moves[prng.die(self.rng, len(moves))]
        cards = role in self.card_roles
        if cards:
            a = self.card_play(v, b, legal, play_of, target)
            if a is not None:
                return a
        if play_of(RESOLUTE):
            return play_of(RESOLUTE)[0]
        a = self.cheapest(v, legal, A_DISCARD)
        if cards and a is not None and arg_of(a) in (ANALYSIS, SUSPICIOUS):
            look = self.look_instead(v, b, play_of(arg_of(a)), target)
            if look is not None:
                return look
        return a or legal[prng.die(self.rng, len(legal))]

    # ----- the cards used where they help -------------------------------------------------------

    def card_play(self, v, b, legal, play_of, target):
        """The play step's card uses of `cards`, by role (see the module docstring); None when none
        applies."""
        role = v.role
        me = v.me
        d = v.direction
        partner = v.neighbour(me, d)
        exchange = partner != me and not self.door_side(v, me, d)
        axes = play_of(AXE)
        if role == HUMAN:
            flame = INFECTED not in v.hand and FLAMETHROWER in v.hand
            for a in axes:
                t = target(a)
                if t == me and flame:
                    return a                     # its own Quarantine: a Flamethrower it may use again
                if t >= GAP and (flame or ANALYSIS in v.hand or SUSPICIOUS in v.hand):
                    for side in (0, 1):
                        if side != d and (t - GAP) in self.side_gaps(v, me, side) and \
                                b.suspicious(v.neighbour(me, side), 4):
                            return a             # the door between it (a Flamethrower, a look) and a suspect
            if exchange and b.suspicious(partner, 4):
                # an exchange with a suspect ahead: Seduction on one proven not The Thing instead
                safe = [a for a in play_of(SEDUCTION) if b.not_thing[target(a)] and target(a) != partner]
                if safe:
                    return safe[0]
                if b.suspicious(partner, 6) and not play_of(FLAMETHROWER):
                    # or move away from it, to a seat whose next player it suspects less
                    best = None
                    best_susp = 0
                    for a in play_of(SWAP_PLACES) + play_of(BETTER_RUN):
                        q = target(a)
                        nxt = self.after_swap(v, q, d)
                        if q == partner or nxt == partner or b.suspicious(nxt, 4) or b.suspicious(q, 4):
                            continue
                        if best is None or b.susp[nxt] < best_susp:
                            best = a
                            best_susp = b.susp[nxt]
                    if best is not None:
                        return best
            return None
        thing = v.thing
        if role == INFECTED_ROLE:
            spare = v.hand.count(INFECTED) >= 2
            for a in axes:
                t = target(a)
                if t == me and spare:
                    return a                     # its own Quarantine: feed The Thing unseen again
                if t >= GAP and thing != NOBODY:
                    g = t - GAP
                    for side in (0, 1):
                        if spare and v.neighbour(me, side) == thing and g in self.side_gaps(v, me, side):
                            return a         # the door between it and The Thing: feed it again
                    if thing in (v.neighbour(me, 0), v.neighbour(me, 1)) and v.neighbour(thing, d) != me and \
                            g in self.side_gaps(v, thing, d):
                        return a             # the door that keeps The Thing from its next exchange
            if spare and thing != NOBODY:
                for a in play_of(SEDUCTION):
                    if target(a) == thing:
                        return a
                if play_of(WATCH_BACK) and partner != thing and v.neighbour(me, 1 - d) == thing and \
                        not self.door_side(v, me, 1 - d):
                    return play_of(WATCH_BACK)[0]
            if thing != NOBODY and v.neighbour(thing, d) == me and not v.quarantine[thing]:
                # its seat is the one The Thing exchanges with: put another player there
                best = None
                for a in play_of(SWAP_PLACES) + play_of(BETTER_RUN):
                    q = target(a)
                    if q != thing and (best is None or b.clean_turn[q] > b.clean_turn[target(best)]):
                        best = a
                if best is not None:
                    return best
            for a in play_of(QUARANTINE):
                q = target(a)
                if q != thing and b.clean_turn[q] >= 0:
                    return a                     # a Human next to it: no Flamethrower for two turns
            for a in play_of(LOCKED_DOOR):
                for side in (0, 1):
                    q = v.neighbour(me, side)
                    if q != thing and FLAMETHROWER in b.known[q] and (target(a) - GAP) in self.side_gaps(v, me, side):
                        return a
            return None
        # The Thing
        for a in axes:
            t = target(a)
            if t == me:
                return a                         # its own Quarantine: its exchanges are seen by all
            if t >= GAP and (t - GAP) in self.side_gaps(v, me, d) and partner != me and v.roles[partner] == HUMAN:
                return a                         # the door between it and the Human it would infect
        if play_of(WATCH_BACK) and INFECTED in v.hand:
            other = v.neighbour(me, 1 - d)
            if other != me and v.roles[other] == HUMAN and not self.door_side(v, me, 1 - d) and \
                    not v.quarantine[other] and (not exchange or v.roles[partner] != HUMAN):
                return play_of(WATCH_BACK)[0]
        for card in (QUARANTINE, LOCKED_DOOR):
            for a in play_of(card):
                for side in (0, 1):
                    q = v.neighbour(me, side)
                    if v.roles[q] != HUMAN or FLAMETHROWER not in b.known[q] or q == partner:
                        continue
                    if (card == QUARANTINE and target(a) == q) or \
                            (card == LOCKED_DOOR and (target(a) - GAP) in self.side_gaps(v, me, side)):
                        return a                 # a Human next to it known to hold a Flamethrower
        return None

    def look_instead(self, v, b, looks, target):
        """The look (Analysis, Suspicious) it was about to discard, played on a neighbour instead: The
        Thing on a Human (who holds a Flamethrower?), an Infected on a neighbour not known clean."""
        for a in looks:
            q = target(a)
            if v.role == THE_THING and v.roles[q] == HUMAN:
                return a
            if v.role == INFECTED_ROLE and q != v.thing and b.clean_turn[q] < 0:
                return a
        return None


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
