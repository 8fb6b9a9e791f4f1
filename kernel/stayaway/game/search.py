"""The determinized search bot: for a decision that matters, it imagines worlds consistent with its
view (sample.py: hidden hands and roles drawn from what it has seen, never from the true state), tries
each candidate action in every world, plays each imagined game on with a fast rollout policy, and
takes the action that won most often. Decisions it does not search are the heuristic's (bots.py).

    bot = SearchBot(rules, seed=5, worlds=8)
    action = bot.choose(state.view(p), legal)

The rollout policy plays the imagined game the way the table plays, Humans reacting to what they
themselves saw: each player holds evidence against each other, started from what the bot's view
tells (initial_evidence: its own suspicion, and the shows it knows others saw) and raised, for the
players who see it, when the imagined game shows an Infected! card in someone's hand (+4), passes one
face up or to a Human who stays Human (+6, +8), shows one refused with Scary (+6), or a player keeps
the hand hidden in Revelations (+2); The Thing card seen is proof. So a witness who is infected or
burnt takes what they saw with them. (For a Human or an Infected bot the evidence is shared by the
whole table, `shared`: it weighs suspects rather than witnesses, and measured better.) A Human with a Flamethrower burns a neighbour it holds 6 or more
against `burn_bad` times in 10, any other `burn_other` times in 10, and refuses exchanges offered by
a player it holds 4 or more against; The Thing infects the Humans it meets, burns Humans, declares
when none is left; an Infected feeds The Thing Infected! cards; everyone defends with the cards they
hold. Games longer than `horizon` actions are scored by how many Humans are left. Integers and the
kernel PRNG only: the same choices on every runtime.

As The Thing the bot starts from a better move than the heuristic's where its own view says so
(thing_first): the Humans that saw The Thing card in its hand (witnesses(): the player of an Analysis
or Suspicious that showed it, a Scary refuser, its Just between us neighbour, everyone for Oops!) burn
it at their first Flamethrower, so it burns an adjacent witness first, else quarantines it, locks it
out or moves away; Just between us goes to an Infected or an old witness. Witnesses hold proof in its
rollouts. It never hands a Human a look at its hand (Analysis, Suspicious) or a Flamethrower in an
exchange, and discards a look before any other card. With an Infected! card it seduces a witness,
else a neighbour (only a neighbour can look at its hand or burn it; an Infected one never does).
Passing Infected! to a Human is never searched: the rollouts are too short and noisy to weigh an
infection, and searching it let noise talk the bot out of infecting.

Every role searches from what its own seat knows: a Human, an Infected and The Thing each imagine
the hands and roles their view leaves open (sample.py), never the true ones. An Axe is always among
the candidates, and an Axe the rules play (its own Quarantine with a Flamethrower, a door between it
and the player it must reach) stands unsearched: what it buys comes turns later. A declaration is
never a candidate: the game ends by itself when no Human is left, so one made while the game goes
on is false (the Humans win); The Thing knows every role, so it never needs to guess.

Searching every decision of The Thing cost it games against the heuristic Humans (measured: 8
players, its rules alone won more), so with `critical` it searches only its critical decisions
(critical_candidates: whom to burn or whether to, a Panic! card's target, a defence against a swap)
with that many worlds, and follows its rules elsewhere; with `mimic` its rollouts' Humans play as the
heuristic Humans do (human_play_as_heuristic). A Human seat never uses either.

As The Thing its worlds come from a generator of their own (search_rng), so its decisions outside the
search, and the searched ones where it keeps its rules' move, are exactly those of its rules alone:
the search bot and the same bot with the search off differ only where the search overrode a move,
which is what an ablation measures. Two options for The Thing, measured in benchmarks/README.md:
`policy`, rollouts where every other seat is a heuristic bot reading its own view of the imagined
game (RolloutViews), its suspicion started from what the Thing's view says it holds; `wide`, searching
every play step and the card it passes when it does not infect.
"""

from array import array

from ... import prng
from .defs import (ACT_KIND, A_DISCARD, A_PLAY, A_TARGET, A_OFFER, A_ANSWER, A_DEFEND, A_DECLARE, A_PASS, HUMAN,
                   INFECTED_ROLE, THE_THING, INFECTED, THING, FLAMETHROWER, PH_PLAY, PH_OFFER, PH_ANSWER,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_ROUND, PH_TARGET, R_PLAYING, MAX_ACTIONS, EVENT_BYTES, MAX_EVENTS,
                   MASK_ALL, E_SHOW, E_GIVE, E_NO_REVEAL, E_PLAY, E_DEFEND, SH_SCARY, SH_ANALYSIS,
                   SH_SUSPICIOUS, SH_BETWEEN, NOBODY, PH_TARGET, BETWEEN_US, QUARANTINE, LOCKED_DOOR, GAP,
                   SWAP_PLACES, BETTER_RUN, ANALYSIS, SUSPICIOUS, SEDUCTION, AXE)
from .bots import HeuristicBot, kind_of, arg_of
from .sample import determinize
from .views import V_EVENTS, V_NEVENTS
from .core import ev_first, count_role, next_player, living

LOOKS = (ANALYSIS, SUSPICIOUS)        # the cards that show The Thing's hand to a Human who plays them
# the Thing's plays that change who can find or burn whom (critical_candidates)
CRITICAL = (FLAMETHROWER,)
SEARCHED = (PH_PLAY, PH_OFFER, PH_ANSWER, PH_TARGET, PH_DEFEND_SWAP, PH_ROUND)
WIN = 1000
PROOF = 50


def evidence_from_events(s, start, evid, shared=False):
    """Raise evid (evid[o * players + q]: what observer o holds against q) by the imagined game's
    events from `start`, each for the players who saw it (for everyone when `shared`); return the new
    start."""
    ev = s.ev
    n = s.players
    if start < ev_first(s):
        start = ev_first(s)
    for i in range(start, s.nev):
        e = (i % MAX_EVENTS) * EVENT_BYTES
        code = ev[e]
        a = ev[e + 1]
        c = ev[e + 3]
        mask = MASK_ALL if shared else (ev[e + 4] << 8) | ev[e + 5]
        if code == E_SHOW and (c == THING or c == INFECTED):
            add = PROOF if c == THING else 6 if ev[e + 2] == SH_SCARY else 4
            for o in range(n):
                if o != a and mask & (1 << o):
                    evid[o * n + a] += add
        elif code == E_GIVE and c == INFECTED:
            b = ev[e + 2]
            if mask == MASK_ALL:
                for o in range(n):
                    evid[o * n + a] += 6
            elif s.role[b] == HUMAN:
                if shared:
                    for o in range(n):
                        evid[o * n + a] += 8
                else:
                    evid[b * n + a] += 8
        elif code == E_NO_REVEAL:
            for o in range(n):
                evid[o * n + a] += 2
    return s.nev


def human_play_as_heuristic(s, buf, m, evid):
    """A rollout Human's play step the way the heuristic Human plays it (bots.py): burn an adjacent
    player it holds 6 or more against, look (Analysis, Suspicious) at the adjacent player it holds
    most against, quarantine one it holds 4 or more against; -1: none of these (a discard follows)."""
    p = s.actor
    n = s.players
    look = -1
    look_e = -1
    quar = -1
    for i in range(m):
        a = buf[i]
        if kind_of(a) != A_PLAY:
            continue
        card = arg_of(a) >> 5
        q = arg_of(a) & 31
        if q >= n:
            continue
        e = evid[p * n + q]
        if card == FLAMETHROWER:
            if e >= 6:
                return a
        elif card == ANALYSIS or card == SUSPICIOUS:
            if e < PROOF and e > look_e:
                look = a
                look_e = e
        elif card == QUARANTINE and e >= 4:
            quar = a
    if look >= 0:
        return look
    return quar


def rollout_choice(s, buf, n, rng, evid, burn_bad=8, burn_other=1, mimic=False):
    """The rollout policy on an imagined game's full state (see the module docstring). `mimic`: the
    Humans play as the heuristic Humans do (human_play_as_heuristic, no refusal without evidence)."""
    p = s.actor
    role = s.role[p]
    ph = s.phase
    declare = False
    m = 0
    for i in range(n):               # keep the declaration out, decide it first
        a = buf[i]
        if a == A_DECLARE:
            declare = True
        else:
            buf[m] = a
            m += 1
    if declare and count_role(s, HUMAN) == 0:
        return A_DECLARE
    if m == 0:
        return A_DECLARE
    if m == 1:
        return buf[0]
    if ph == PH_DEFEND_FLAME or ph == PH_DEFEND_SWAP:
        return buf[1] if kind_of(buf[1]) == A_DEFEND else buf[0]
    if ph == PH_PLAY:
        if mimic and role == HUMAN:
            a = human_play_as_heuristic(s, buf, m, evid)
            if a >= 0:
                return a
            k = 0                       # else a discard, Infected! first, as the heuristic does
            for i in range(m):
                a = buf[i]
                if kind_of(a) == A_DISCARD:
                    if a == A_DISCARD + INFECTED:
                        return a
                    buf[k] = a
                    k += 1
            if k:
                return buf[prng.die(rng, k)]
        flame = -1
        for i in range(m):
            a = buf[i]
            if kind_of(a) == A_PLAY and (arg_of(a) >> 5) == FLAMETHROWER:
                q = arg_of(a) & 31
                if role == HUMAN:
                    if prng.die(rng, 10) < (burn_bad if evid[p * s.players + q] >= 6 else burn_other):
                        return a
                elif s.role[q] == HUMAN:
                    flame = a
            elif role == THE_THING and a == A_DISCARD + FLAMETHROWER:
                return a
            elif role == HUMAN and a == A_DISCARD + INFECTED:
                return a
        if flame >= 0 and prng.die(rng, 2) == 0:
            return flame
        # mostly a discard: the cheap, common move
        if prng.die(rng, 3):
            k = 0
            for i in range(m):
                if kind_of(buf[i]) == A_DISCARD:
                    buf[k] = buf[i]
                    k += 1
            if k:
                return buf[prng.die(rng, k)]
        return buf[prng.die(rng, m)]
    if ph == PH_OFFER or ph == PH_ANSWER or ph == PH_ROUND:
        to = s.ctx_b if ph == PH_OFFER else s.ctx_a if ph == PH_ANSWER else next_player(s, p)
        base = A_OFFER if ph == PH_OFFER else A_ANSWER if ph == PH_ANSWER else A_PASS
        if (role == THE_THING and s.role[to] == HUMAN) or (role == INFECTED_ROLE and s.role[to] == THE_THING):
            for i in range(m):
                if buf[i] == base + INFECTED:
                    return buf[i]
        if ph == PH_ANSWER and role == HUMAN and (evid[p * s.players + to] >= 4 or (not mimic and prng.die(rng, 8) == 0)):
            for i in range(m):
                if kind_of(buf[i]) == A_DEFEND:
                    return buf[i]
        k = 0
        for i in range(m):
            if kind_of(buf[i]) != A_DEFEND and arg_of(buf[i]) != INFECTED:
                buf[k] = buf[i]
                k += 1
        if k:
            return buf[prng.die(rng, k)]
    return buf[prng.die(rng, m)]


class RolloutViews:
    """Views of an imagined game for its players, the log appended event by event (views.write_log)
    rather than rewritten at every step (views.write_view rewrites it: most of a policy rollout's time)."""

    def __init__(self, players):
        from .views import VIEW_MAX
        self.buf = [bytearray(VIEW_MAX) for _ in range(players)]
        self.reset()

    def reset(self):
        n = len(self.buf)
        self.k = [V_EVENTS] * n
        self.count = [0] * n
        self.next = [0] * n

    def view(self, s, p):
        from .views import View, write_head, write_log
        buf = self.buf[p]
        write_head(s, p, buf)
        if s.nev < self.next[p]:            # the log was cut: write it again
            self.k[p] = V_EVENTS
            self.count[p] = 0
            self.next[p] = 0
        k = write_log(s, p, buf, self.k[p], self.count[p], self.next[p])
        self.k[p] = k
        self.count[p] = (buf[V_NEVENTS] << 8) | buf[V_NEVENTS + 1]
        self.next[p] = s.nev
        return View(memoryview(buf)[:k])


def initial_evidence(v, belief, shared=False):
    """What each player holds against each other at the decision, as far as the bot's view tells:
    its own suspicion for itself; for the others, the shows and passes it saw and knows they saw
    (a whole hand shown to everyone, a card of its own shown to the player who played Analysis or
    Suspicious on it or refused its offer with Scary, an Infected! passed face up, a hidden hand in
    Revelations). evid[o * players + q]. With `shared`, every observer holds what the viewer holds
    (its suspicion of the others) and what it knows was shown of itself."""
    n = v.players
    me = v.me
    evid = [0] * (n * n)
    looker = NOBODY
    for i in range(v.nevents):
        code, a, b, c = v.event(i)
        if code == E_PLAY or code == E_DEFEND:
            looker = a
        elif code == E_SHOW and (c == THING or c == INFECTED):
            add = PROOF if c == THING else 6 if b == SH_SCARY else 4
            if b == SH_ANALYSIS or b == SH_SUSPICIOUS or b == SH_SCARY:
                if looker != NOBODY and looker < n and looker != a:
                    evid[looker * n + a] += add
            elif b != SH_BETWEEN:
                for o in range(n):
                    if o != a:
                        evid[o * n + a] += add
        elif code == E_GIVE and c == INFECTED and a != me and b != me:
            for o in range(n):                  # seen by the viewer though not its own: face up
                evid[o * n + a] += 6
        elif code == E_NO_REVEAL:
            for o in range(n):
                evid[o * n + a] += 2
    if v.role == HUMAN:
        for q in range(n):
            evid[me * n + q] = belief.susp[q] if belief.susp[q] > 0 else 0
            if belief.thing == q:
                evid[me * n + q] = PROOF
    if shared:
        mine = 0
        for o in range(n):
            if evid[o * n + me] > mine:
                mine = evid[o * n + me]
        for o in range(n):
            for q in range(n):
                evid[o * n + q] = mine if q == me else evid[me * n + q]
    return evid


class SearchBot(HeuristicBot):
    """Determinized search over the heuristic's candidate moves (see the module docstring)."""

    name = "search"

    def __init__(self, rules, seed=0, worlds=8, candidates=6, horizon=160, margin=WIN // 10, burn=(8, 1),
                 shared=None, thing_margin=0, mimic=True, critical=16, policy=False, wide=False, burns=False, reps=1):
        HeuristicBot.__init__(self, seed)
        # The Thing's search draws its worlds from its own generator, so that its decisions outside the
        # search (and the search's agreement with its rules) play exactly as its rules alone
        self.search_rng = prng.new_state(seed ^ 0x3C3C3)
        # as The Thing, rollouts where every other seat is a heuristic bot reading its imagined view
        self.policy = policy
        # as The Thing, search every play step and the card it passes when it does not infect too
        self.wide = wide
        # as The Thing, whether its critical search includes the play step with a Flamethrower (whom to
        # burn or whether to): the referee found no value there, only in a Panic! card's target. Off
        # since the run of 2026-12-01 (benchmarks/README.md, branch thing3): 6000 fresh paired seeds,
        # search on 3717 wins, its rules alone 3633, sign test p = 0.005
        self.burns = burns
        # rollouts per imagined world, each with its own rollout seed, the same for every candidate
        self.reps = reps
        self.extra_witnesses = []        # a rollout's own seat: the witnesses its real self knew
        self.views = None                # a policy rollout's views (RolloutViews)
        self.searched = 0                # decisions searched, and how many overrode the rules
        self.overrides = 0
        self.shared = shared            # None: per observer for The Thing, shared for the others
        self.rules = rules
        self.worlds = worlds
        self.max_candidates = candidates
        self.horizon = horizon
        self.margin = margin
        # The Thing's override margin. It was 400 (two fifths of a win a world) when it searched every
        # decision and its overrides lost games; at its critical decisions only, 400 made it override
        # almost never (the search was its rules), and the referee's values of the searched
        # decisions (benchmarks/stayaway_decisions.py) favoured taking the best move outright: 0
        self.thing_margin = thing_margin
        self.mimic = mimic
        # as The Thing, search only its critical decisions, with this many worlds (0: every decision)
        self.critical = critical
        self.burn_bad = burn[0]
        self.burn_other = burn[1]
        self.roll_rng = prng.new_state(seed ^ 0x5A5A5)
        self.buf = array("i", [0] * MAX_ACTIONS)
        self.world = None
        self.work = None
        self.shown_to = []              # as The Thing: whom it showed its hand to with Just between us

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        v, b = self.observe(view)
        a = self.search(v, b, legal)
        if v.role == THE_THING and v.phase == PH_TARGET and v.ctx_card == BETWEEN_US and kind_of(a) == A_TARGET:
            self.shown_to.append(arg_of(a))        # the one it chose, searched or not
        return a

    def search(self, v, b, legal):
        """The move: the heuristic's (and The Thing's rules), overridden where the search finds
        one clearly better."""
        first = self.decide(v, b, legal)
        if v.role == THE_THING:
            first = self.thing_first(v, legal, first)
        if v.phase not in SEARCHED:
            return first
        if v.role == THE_THING and arg_of(first) == INFECTED and kind_of(first) in (A_OFFER, A_ANSWER, A_PASS):
            # The Thing passing Infected! on (offer, answer, Round and round) is how it wins; its
            # rollouts are too short and noisy to weigh that, and measured, searching it let noise
            # talk it out of infecting a third of the time
            return first
        if kind_of(first) == A_PLAY and (arg_of(first) >> 5) == AXE:
            # an Axe where the rules say it pays (its own Quarantine with a Flamethrower, a door
            # between it and the player it must reach) stands: what it buys is a burn or an
            # exchange turns later, beyond what a rollout weighs (a set-up position: 8 worlds
            # overrode it in 3 of 5 seeds, on noise)
            return first
        worlds = self.worlds
        if v.role == THE_THING and worlds == 0 and self.critical == 0:
            return first
        if v.role != THE_THING and worlds == 0:
            # search off as a Human or an Infected: the heuristic's move, before candidates() draws from
            # the generator the heuristic shares, so it plays move for move as the heuristic bot
            return first
        if v.role == THE_THING and self.critical:
            cands = self.critical_candidates(v, legal, first)
            worlds = self.critical
        else:
            cands = self.candidates(v, legal, first)
        if len(cands) == 1 or worlds == 0:
            return cands[0]
        if self.world is None or self.world.players != v.players:
            from .rules import State
            self.world = State(self.rules, 0, v.players, deal=False)
            self.work = State(self.rules, 0, v.players, deal=False)
        me = v.me
        shared = self.shared if self.shared is not None else v.role != THE_THING
        evid0 = initial_evidence(v, b, shared)
        if v.role == THE_THING:
            n = v.players
            for q in self.witnesses(v):
                for o in (q,) if not shared else range(n):
                    evid0[o * n + me] = PROOF
        scores = [0] * len(cands)
        mimic = self.mimic and v.role == THE_THING
        roll = self.roll_rng
        rng = self.search_rng if v.role == THE_THING else self.rng
        policy = self.policy and v.role == THE_THING
        if policy:
            known = self.witnesses(v)
        self.searched += 1
        for _ in range(worlds):
            world = determinize(self.rules, v, b, rng, self.world)
            for _ in range(self.reps):
                # common random numbers: every candidate's game in this world draws the same numbers
                r0 = prng.next15(rng)
                r1 = prng.next15(rng)
                for i in range(len(cands)):
                    w = self.work
                    w.copy_from(world, False)
                    w.record = True                 # the rollout reads its own events for evidence
                    prng.seed(roll, (r0 << 15) | r1)
                    w.apply_listed(cands[i])
                    if policy:
                        scores[i] += self.policy_rollout(w, me, evid0, known, (r0 << 15) | r1)
                    else:
                        scores[i] += self.rollout(w, me, list(evid0), shared, mimic)
        self.last = (cands, scores, worlds * self.reps)      # for benchmarks/stayaway_decisions.py
        best = 0
        for i in range(1, len(cands)):
            if scores[i] > scores[best]:
                best = i
        # the heuristic's move stands unless another is clearly better
        margin = self.thing_margin if v.role == THE_THING else self.margin
        if scores[best] - scores[0] <= margin * worlds * self.reps:
            return cands[0]
        self.overrides += 1
        return cands[best]

    # ----- The Thing: who has seen its card, and the moves that keep them from using it -----------

    def witnesses(self, v):
        """The living Humans who have seen The Thing card in this player's hand, from its own view:
        the player of an Analysis or Suspicious that showed it, the refuser who looked with Scary,
        the neighbour it chose for Just between us, everyone for a hand shown to all."""
        n = v.players
        me = v.me
        seen = [False] * n
        looker = NOBODY
        between = 0
        for i in range(v.nevents):
            code, a, b, c = v.event(i)
            if code == E_PLAY or code == E_DEFEND:
                looker = a
            elif code == E_SHOW and a == me and c == THING:
                if b == SH_ANALYSIS or b == SH_SUSPICIOUS or b == SH_SCARY:
                    if looker < n and looker != me:
                        seen[looker] = True
                elif b == SH_BETWEEN:
                    if between < len(self.shown_to):
                        seen[self.shown_to[between]] = True
                    between += 1
                else:
                    for q in range(n):
                        seen[q] = q != me
        for q in self.extra_witnesses:
            seen[q] = True
        return [q for q in range(n) if seen[q] and v.alive[q] and v.roles[q] == HUMAN]

    def thing_first(self, v, legal, first):
        """The Thing's starting move: its witness rules (thing_rules), then Seduction on a witness or
        a neighbour (seduce_first)."""
        a = self.thing_rules(v, legal, first)
        if v.phase == PH_PLAY:
            a = self.seduce_first(v, legal, a)
        return a

    def seduce_first(self, v, legal, first):
        """With an Infected! card to give, Seduction goes to a Human that has seen The Thing card,
        else to a Human next to it (the heuristic seduces any Human): only a neighbour can look at
        its hand (Analysis, Suspicious) or burn it, and an Infected neighbour never does. A burn
        stands. Measured with the rules alone (8 players, 600 paired games, seeds 2000-2599): 340 to
        362 wins; Seduction on a witness alone, 355."""
        if INFECTED not in v.hand or (kind_of(first) == A_PLAY and (arg_of(first) >> 5) == FLAMETHROWER):
            return first
        me = v.me
        adjacent = (v.neighbour(me, 0), v.neighbour(me, 1))
        known = self.witnesses(v)
        best = None
        for a in legal:
            if kind_of(a) != A_PLAY or (arg_of(a) >> 5) != SEDUCTION:
                continue
            q = arg_of(a) & 31
            if v.roles[q] != HUMAN:
                continue
            if q in known:
                return a
            if best is None and q in adjacent:
                best = a
        return first if best is None else best

    def thing_rules(self, v, legal, first):
        """The Thing's witness rules, better than the heuristic's where its own view says so: a
        Human that has seen The Thing card burns it at the first Flamethrower, so The Thing burns
        such a witness first, shuts it out (Quarantine: it cannot eliminate; a Locked door: it cannot
        target), or moves away from it; it shows its hand (Just between us) to an Infected, or to a
        Human that has already seen it, rather than to a new one."""
        me = v.me
        if v.phase == PH_TARGET and v.ctx_card == BETWEEN_US:
            known = self.witnesses(v)
            # only the targets: the declaration is legal here too, and its argument is not a player
            # (reading it as one declared falsely in 7 of 300 games at 8 players)
            targets = [a for a in legal if kind_of(a) == A_TARGET]
            for a in targets:
                if v.roles[arg_of(a)] != HUMAN:
                    return a
            for a in targets:
                if arg_of(a) in known:
                    return a
            return first
        k = kind_of(first)
        if k == A_OFFER or k == A_ANSWER or k == A_PASS:
            return self.keep_looks_from_humans(v, legal, first)
        if v.phase != PH_PLAY:
            return first
        if k == A_DISCARD:
            for c in LOOKS:         # a discarded look is one no Human draws from the pile soon
                if A_DISCARD + c in legal:
                    first = A_DISCARD + c
                    break
            if arg_of(first) in LOOKS and v.role in self.card_roles:
                # played on an adjacent Human it goes to the discards just the same, and tells The
                # Thing whether that Human holds a Flamethrower (the heuristic's card uses)
                look = self.look_instead(v, self.belief, [a for a in legal if kind_of(a) == A_PLAY and
                                                          (arg_of(a) >> 5) == arg_of(first)], lambda a: arg_of(a) & 31)
                if look is not None:
                    first = look
        known = self.witnesses(v)
        left = v.neighbour(me, 0)
        right = v.neighbour(me, 1)
        near = [q for q in known if q == left or q == right]
        if not near:
            return first
        for a in legal:              # burn the witness
            if kind_of(a) == A_PLAY and (arg_of(a) >> 5) == FLAMETHROWER and (arg_of(a) & 31) in near:
                return a
        if kind_of(first) == A_PLAY and (arg_of(first) >> 5) == FLAMETHROWER:
            return first
        for a in legal:              # shut it out
            if kind_of(a) != A_PLAY:
                continue
            card = arg_of(a) >> 5
            t = arg_of(a) & 31
            if card == QUARANTINE and t in near:
                return a
            if card == LOCKED_DOOR:
                q = left if t - GAP == v.seat_of(me) else right
                if q in near:
                    return a
        for a in legal:              # move away from it
            if kind_of(a) != A_PLAY or (arg_of(a) >> 5) not in (SWAP_PLACES, BETTER_RUN):
                continue
            q = arg_of(a) & 31
            after = (v.neighbour(q, 0), v.neighbour(q, 1))
            if not any(x in known for x in after if x != me):
                return a
        return first

    def keep_looks_from_humans(self, v, legal, first):
        """Never hand a Human the means to look at this hand (Analysis, Suspicious) or a
        Flamethrower: a Human plays a look on the suspect next to it, and one that shows The Thing
        card (or a Flamethrower in The Thing's hand) is how The Thing is found. The heuristic would
        give them away as cards The Thing has little use for."""
        k = kind_of(first)
        if arg_of(first) not in LOOKS and arg_of(first) != FLAMETHROWER:
            return first
        ph = v.phase
        to = v.ctx_b if ph == PH_OFFER else v.ctx_a if ph == PH_ANSWER else v.neighbour(v.me, v.direction)
        if v.roles[to] != HUMAN:
            return first
        alt = [a for a in legal if kind_of(a) == k and arg_of(a) not in LOOKS and arg_of(a) != FLAMETHROWER
               and arg_of(a) != THING]
        return self.cheapest(v, alt, k) if alt else first

    def critical_candidates(self, v, legal, first):
        """As The Thing, the decisions worth a search and their candidates: a play step where it
        holds a card that changes who finds or burns whom (CRITICAL), its rules' move against those
        plays; a Panic! card's target; a defence against a swap. Elsewhere only its rules' move."""
        ph = v.phase
        if self.wide and ph == PH_PLAY:
            return self.candidates(v, legal, first, self.search_rng)
        if self.wide and (ph == PH_OFFER or ph == PH_ANSWER or ph == PH_ROUND):
            # which card to pass when it is not an infection: never a look or a Flamethrower to a Human
            to = v.ctx_b if ph == PH_OFFER else v.ctx_a if ph == PH_ANSWER else v.neighbour(v.me, v.direction)
            k = kind_of(first)
            out = [first]
            for a in legal:
                if a != first and kind_of(a) == k and arg_of(a) != THING and not (
                        v.roles[to] == HUMAN and (arg_of(a) in LOOKS or arg_of(a) == FLAMETHROWER)):
                    out.append(a)
            return out[:self.max_candidates]
        if ph == PH_PLAY:
            out = [first]
            if not self.burns:
                return out
            for a in legal:
                if a != first and kind_of(a) == A_PLAY and (arg_of(a) >> 5) in CRITICAL:
                    out.append(a)
            return out
        if ph == PH_TARGET or ph == PH_DEFEND_SWAP:
            return self.candidates(v, legal, first, self.search_rng)
        return [first]

    def candidates(self, v, legal, first, rng=None):
        """The heuristic's move first, then every Axe, then the others (never a declaration: the
        game ends by itself when no Human is left, so a declaration is always false)."""
        out = [first]
        axes = 0
        for a in legal:
            if a != first and kind_of(a) == A_PLAY and (arg_of(a) >> 5) == AXE:
                out.append(a)
                axes += 1
        for a in legal:
            if a != first and a != A_DECLARE and not (kind_of(a) == A_PLAY and (arg_of(a) >> 5) == AXE):
                out.append(a)
        if len(out) > self.max_candidates:
            # keep a spread: the heuristic's choice, the Axes and a seeded sample of the rest
            keep = out[:1 + axes]
            rest = out[1 + axes:]
            while len(keep) < self.max_candidates and rest:
                keep.append(rest.pop(prng.die(self.rng if rng is None else rng, len(rest))))
            out = keep
        return out

    def policy_rollout(self, s, me, evid0, known, seed):
        """The Thing's imagined game played on by the policies it meets: every other seat a heuristic
        bot reading its own view of the imagined game, its suspicion started from what the real
        Thing's view says that player holds (evid0: witnesses hold proof), and its own seat its rules
        without search (knowing its real witnesses). Scored to the end: a win or not."""
        from .belief import Belief
        n = s.players
        views = self.views
        if views is None or len(views.buf) != n:
            views = self.views = RolloutViews(n)
        views.reset()
        bots = []
        for q in range(n):
            if q == me:
                bot = SearchBot(self.rules, seed + q, worlds=0, critical=0)
                bot.extra_witnesses = known
                bot.shown_to = list(self.shown_to)
            else:
                bot = HeuristicBot(seed + q)
                if s.alive[q]:
                    bel = Belief(views.view(s, q))
                    for t in range(n):
                        e = evid0[q * n + t]
                        bel.susp[t] = e
                        if e >= PROOF and s.role[t] == THE_THING and s.role[q] == HUMAN:
                            bel.found_thing = t
                            bel.thing = t
                    bot.belief = bel
            bots.append(bot)
        buf = self.buf
        steps = 0
        while s.result == R_PLAYING and steps < self.horizon:
            m = s.legal_actions(buf)
            p = s.actor
            if m == 1:
                a = buf[0]
            else:
                a = bots[p].choose(views.view(s, p), [buf[i] for i in range(m)])
            s.apply_listed(a)
            steps += 1
        if s.result != R_PLAYING:
            return WIN if s.returns_[me] else 0
        humans = count_role(s, HUMAN)
        alive = living(s)
        return WIN * (alive - humans) // (2 * alive) if alive else 0

    def rollout(self, s, me, evid, shared=False, mimic=False):
        buf = self.buf
        rng = self.roll_rng
        steps = 0
        done = evidence_from_events(s, 0, evid, shared)
        while s.result == R_PLAYING and steps < self.horizon:
            n = s.legal_actions(buf)
            s.apply_listed(rollout_choice(s, buf, n, rng, evid, self.burn_bad, self.burn_other, mimic))
            done = evidence_from_events(s, done, evid, shared)
            steps += 1
        if s.result != R_PLAYING:
            return WIN if s.returns_[me] else 0
        # cut short: the share of the table on the bot's side
        humans = count_role(s, HUMAN)
        alive = living(s)
        if s.role[me] == HUMAN:
            return WIN * humans // (2 * alive) if alive else 0
        return WIN * (alive - humans) // (2 * alive) if alive else 0
