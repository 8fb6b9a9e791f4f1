"""Bots for either side, reading only their seat's view (view.Reader) and the legal actions:

    bot = make_bot("heuristic", story, seat, seed)      # or "random"
    action = bot.choose(state.view(seat), buf, n)       # buf[:n] from state.legal_actions(buf)

`RandomBot` draws a legal action uniformly with its own kernel PRNG. `HeuristicBot` plays a plain
plan: investigators explore the nearest room with face-down cards, deal with what they meet, heal
when hurt, fight what shares their space, and chase their task once the objective is revealed; the
keeper places monsters near the investigators, moves them in, attacks the weakest, and plays its
mythos cards on the most hurt.

Where the rules reward it the heuristic bots use every card and ability: the keeper takes an objective
met at once (a spawn that puts the monster its objective needs into the objective's room), plays its
mythos and trauma cards and raises corpses near the investigators; an investigator spends a skill
point for his Luck, and cards and abilities that act before a roll, when the test is not nearly sure,
uses free and character abilities when hurt or in the dark, reads tomes and gains skill points when
nothing else is pressing, and does not go back to a puzzle whose test he can pass only on a natural 1. A bot never builds an action itself: it picks from the list it is
given, so it cannot play an illegal move. Allocates (not a per-step path of the kernel).
"""

from ... import prng
from .consts import (NONE, KEEPER, ST_ALIVE, PH_GUIDE, PH_PICK_INV, PH_PICK_TRAIT,
                     PH_ORDER, PH_TURN, PH_REROLL, PH_LOCK, PH_OBSTACLE, PH_PICKUP, PH_DROP, PH_TRADE,
                     PH_KEEPER, PH_KMOVE, PH_ATTACKS, A_MOVE, A_RUN, A_EXPLORE, A_ATTACK, A_DROP_DONE,
                     A_ABILITY, A_END, A_REROLL, A_UNLOCK, A_GIVE_UP, A_USE_KEY, A_PUZZLE, A_STOP,
                     A_TAKE, A_UNSTUN, A_TRADE_DONE, A_KCARD, A_MYTHOS, A_KEEPER_DONE, A_MSTEP, A_MSTOP,
                     A_MATTACK, A_ATTACKS_DONE, A_TRAIT, A_NEXT, E_SPAWN, E_MOVE, E_DRAW_MYTHOS,
                     E_HEAL, E_CALM, W_NONE, W_SPELL, W_FIREARM, C_ESCAPE, C_BRING, C_KILL, C_REACH,
                     R_CARD, K_OBSTACLE)
from .consts import (PH_PREROLL, PH_MYTHOS, PH_TRAUMA, PH_RAISE, A_LUCK, A_BOOST, A_ROLL_NOW, A_FREE, A_POWER,
                     A_NO_MYTHOS, A_TRAUMA, A_RAISE, E_LEARN, E_SKILL, E_LIGHT, E_RAISE, E_TRAUMA, R_PUZZLE, R_TEST,
                     POWER_BASE, PH_CHOOSE, E_HORROR_ONE, E_DAMAGE_ONE, E_SPAWN_WITH)
from . import view as viewmod
from .view import Reader, H_PHASE, H_REVEALED, H_OBJ, H_MOVES, H_KM_SLOT, H_T_TARGET

_MARKSMANSHIP = 1
_STRENGTH = 0


def kind_of(a):
    return a >> 16


def arg_a(a):
    return (a >> 8) & 255


def arg_b(a):
    return a & 255


class RandomBot:
    def __init__(self, story, seat, seed=0):
        self.story = story
        self.seat = seat
        self.rng = prng.new_state(seed * 31 + seat)

    def choose(self, view, buf, n):
        return buf[prng.die(self.rng, n)]


class HeuristicBot:
    def __init__(self, story, seat, seed=0):
        self.story = story
        self.seat = seat
        self.rng = prng.new_state(seed * 31 + seat + 7)

    def choose(self, view, buf, n):
        legal = [buf[i] for i in range(n)]
        if n == 1:
            return legal[0]
        r = Reader(self.story, view)
        ph = r.h(H_PHASE)
        if self.seat == KEEPER:
            a = self.keeper(r, ph, legal)
        else:
            a = self.investigator(r, ph, legal)
        if a is None or a not in legal:
            a = legal[prng.die(self.rng, n)]
        return a

    # ----- helpers ------------------------------------------------------------------------------------

    def first(self, legal, kind):
        for a in legal:
            if kind_of(a) == kind:
                return a
        return None

    def all_of(self, legal, kind):
        return [a for a in legal if kind_of(a) == kind]

    def pick(self, items):
        return items[prng.die(self.rng, len(items))] if items else None

    # ----- the investigators ------------------------------------------------------------------------------

    def investigator(self, r, ph, legal):
        story = self.story
        if ph == PH_PICK_INV:
            return self.pick(legal)
        if ph == PH_PICK_TRAIT:
            # a weapon or spell first, then the most skill points
            best = None
            score = -1
            for a in self.all_of(legal, A_TRAIT):
                t = arg_a(a)
                item = story.tr_item[t]
                s = story.tr_skill[t] + (5 if item != NONE and story.atk_kind[item] != W_NONE else 0)
                if s > score:
                    best, score = a, s
            return best
        if ph == PH_ORDER:
            # the most hurt goes last; otherwise the speaker goes first
            return self.first(legal, A_NEXT)
        if ph == PH_REROLL:
            return self.first(legal, A_REROLL)
        if ph == PH_PREROLL:
            return self.before_roll(r, legal)
        if ph == PH_LOCK:
            return self.first(legal, A_UNLOCK) or self.first(legal, A_PUZZLE) or self.first(legal, A_GIVE_UP)
        if ph == PH_OBSTACLE:
            key = self.first(legal, A_USE_KEY)
            if key is not None:
                return key
            room = story.space_room[r.seat(self.seat, 1)]
            pile = r.room(room)[4]
            if pile and pile[-1] < viewmod.OBSTACLE_BACK and self.hopeless_puzzle(r, pile[-1]):
                return self.first(legal, A_STOP)
            return self.first(legal, A_PUZZLE) or self.first(legal, A_STOP)
        if ph == PH_PICKUP:
            return self.first(legal, A_TAKE)
        if ph == PH_DROP:
            return self.first(legal, A_DROP_DONE)
        if ph == PH_TRADE:
            return self.first(legal, A_UNSTUN) or self.first(legal, A_TRADE_DONE)
        if ph == PH_TURN:
            return self.turn(r, legal)
        return None

    def before_roll(self, r, legal):
        """A card or ability that acts before a roll (a once-a-turn ability at once, a card to discard
        when the test is hard), the skill point for Luck when the test is not nearly sure."""
        t = r.h(H_T_TARGET)
        if t >= 9:
            return self.first(legal, A_ROLL_NOW)
        for a in self.all_of(legal, A_BOOST):
            if arg_a(a) >= POWER_BASE or t <= 5:
                return a
        luck = self.first(legal, A_LUCK)
        if luck is not None and t <= 6:
            return luck
        return self.first(legal, A_ROLL_NOW)

    def hopeless_puzzle(self, r, c):
        """A puzzle this investigator passes only on a natural 1 (or never, under clamped rolls)."""
        story = self.story
        return story.req_kind[c] == R_PUZZLE and r.attr(self.seat, story.puzzle_attr) - story.req_b[c] <= 0

    def ability_op(self, lst):
        """The first effect of an ability list after its timing and 'once'."""
        eff = self.story.eff
        return eff.first_op(lst)

    def helpful(self, r, lst, health, sanity, in_dark):
        if lst == 0xFFFF:
            return False
        op = self.ability_op(lst)
        return self.restores(r, lst, health, sanity) or (op == E_LIGHT and in_dark) or op == E_SKILL

    def restores(self, r, lst, health, sanity):
        """A heal or calm when none of it is wasted, or when health or sanity is low."""
        story = self.story
        eff = story.eff
        inv = r.seat(self.seat, 0)
        for i in range(eff.start[lst], eff.start[lst] + eff.count[lst]):
            if eff.op[i] == E_HEAL:
                return health <= 3 or story.inv_health[inv] - health >= eff.n[i]
            if eff.op[i] == E_CALM:
                return sanity <= 3 or story.inv_sanity[inv] - sanity >= eff.n[i]
        return False

    def hurt(self, r, s):
        inv = r.seat(s, 0)
        return self.story.inv_health[inv] - r.seat(s, 2), self.story.inv_sanity[inv] - r.seat(s, 3)

    def turn(self, r, legal):
        story = self.story
        me = self.seat
        space = r.seat(me, 1)
        inv = r.seat(me, 0)
        health, sanity = self.hurt(r, me)
        monsters_here = [m for m in r.monsters() if m[2] == space]
        attacks = self.all_of(legal, A_ATTACK)
        if monsters_here and attacks:
            if health <= 2:
                away = self.step_towards(r, legal, self.safe_spaces(r), A_RUN) or self.step_towards(
                    r, legal, self.safe_spaces(r), A_MOVE)
                if away:
                    return away
            return self.best_attack(r, attacks, inv)
        room = story.space_room[space]
        in_dark = bool(r.dark(room)) and r.room(room)[0] > 0
        # free abilities (no action) and character or trait abilities when they help
        for a in self.all_of(legal, A_FREE):
            if self.helpful(r, story.card_ability[arg_a(a)], health, sanity, in_dark):
                return a
        for a in self.all_of(legal, A_POWER):
            if self.helpful(r, self.power_list(r, arg_a(a)), health, sanity, in_dark):
                return a
        # heal or calm when it matters; a tome when he has nothing to attack with but his hands
        armed = any(story.atk_kind[c] != W_NONE for c in r.hand(me))
        for a in self.all_of(legal, A_ABILITY):
            k = story.card_ability[arg_a(a)]
            if self.restores(r, k, health, sanity) or (self.ability_op(k) == E_LEARN and not armed):
                return a
        goal = self.goal_spaces(r)
        explore = self.first(legal, A_EXPLORE)
        if explore and self.worth_exploring(r, room):
            if not goal or space in goal or r.h(H_REVEALED) == 0:
                return explore
        if goal and space not in goal:
            step = self.step_towards(r, legal, goal, A_MOVE)
            if step:
                return step
            if r.h(H_MOVES) == 0 or not self.first(legal, A_MOVE):
                step = self.step_towards(r, legal, goal, A_RUN)
                if step:
                    return step
        # nothing pressing: read a tome (a spell to attack with), gain skill points
        for a in self.all_of(legal, A_ABILITY):
            if self.ability_op(story.card_ability[arg_a(a)]) in (E_LEARN, E_SKILL):
                return a
        return self.first(legal, A_END)

    def power_list(self, r, k):
        """The effect list of this investigator's ability k (0: his character's, 1-2: his kept traits')."""
        story = self.story
        if k == 0:
            return story.inv_power[r.seat(self.seat, 0)]
        t = r.seat(self.seat, 7 + k)
        return story.tr_power[t] if t != NONE else 0xFFFF

    def best_attack(self, r, attacks, inv):
        story = self.story
        best = attacks[0]
        score = -99
        for a in attacks:
            c = arg_b(a)
            if c == NONE:
                s = story.inv_attr[inv * 7 + _STRENGTH] - 2
            elif story.atk_kind[c] == W_SPELL:
                s = story.inv_attr[inv * 7 + story.spell_attr] + story.atk_a[c] - 128 + story.atk_b[c]
            elif story.atk_kind[c] == W_FIREARM:
                s = story.inv_attr[inv * 7 + _MARKSMANSHIP] + story.atk_a[c]
            else:
                s = story.inv_attr[inv * 7 + _STRENGTH] + story.atk_a[c]
            if s > score:
                best, score = a, s
        return best

    def safe_spaces(self, r):
        taken = set(m[2] for m in r.monsters())
        return set(s for s in range(self.story.nspaces) if s not in taken)

    def worth_exploring(self, r, room):
        n, down, obstacles, lock, pile = r.room(room)
        if not n:
            return False
        top = pile[-1]
        if top < viewmod.OBSTACLE_BACK and self.story.card_kind[top] == K_OBSTACLE:
            return self.can_pass_obstacle(r, top)
        return True

    def can_pass_obstacle(self, r, ob):
        story = self.story
        if story.req_kind[ob] == R_PUZZLE:
            return not self.hopeless_puzzle(r, ob)
        for c in r.hand(self.seat):
            if story.card_opens[c] == ob:
                return True
        return False

    def lock_blocks(self, r, room):
        """A face-up lock that names a card this investigator does not hold, or whose puzzle or test he
        passes only on a natural 1."""
        story = self.story
        for c in range(story.ncards):
            w, d = r.card(c)
            if w == viewmod.CW_LOCK_UP and d == room:
                if story.req_kind[c] == R_CARD:
                    return story.req_a[c] not in r.hand(self.seat)
                if story.req_kind[c] == R_TEST:
                    return r.attr(self.seat, story.req_a[c]) + story.req_b[c] - 128 <= 0
                return self.hopeless_puzzle(r, c)
        return False

    def goal_spaces(self, r):
        """Where to go: the objective's place once revealed, else the spaces of the nearest rooms
        still holding cards worth exploring."""
        story = self.story
        me = self.seat
        if r.h(H_REVEALED):
            kind, a, b = story.obj_inv[r.h(H_OBJ)]
            if kind == C_ESCAPE:
                return set([a])
            if kind == C_BRING:
                w, d = r.card(a)
                if w == viewmod.CW_HAND and d == me:
                    return set(s for s in range(story.nspaces) if story.space_room[s] == b)
                if w == viewmod.CW_HAND:
                    return set([r.seat(d, 1)])
            if kind == C_KILL:
                spaces = set(m[2] for m in r.monsters() if m[1] == a)
                if spaces:
                    return spaces
        rooms = set()
        for k in range(story.nrooms):
            if self.worth_exploring(r, k) and not self.lock_blocks(r, k):
                rooms.add(k)
        return set(s for s in range(story.nspaces) if story.space_room[s] in rooms)

    def step_towards(self, r, legal, goal, kind):
        """The legal step of `kind` that brings this investigator nearest to the goal."""
        if not goal:
            return None
        dist = r.distances(goal)
        best = None
        score = dist[r.seat(self.seat, 1)]
        for a in self.all_of(legal, kind):
            d = dist[arg_a(a)]
            if d < score:
                best, score = a, d
        return best

    # ----- the keeper ---------------------------------------------------------------------------------

    def investigator_spaces(self, r):
        return [r.seat(s, 1) for s in range(1, r.players) if r.seat(s, 6) == ST_ALIVE]

    def nearest(self, r, space, targets):
        dist = r.distances(space)
        return min([dist[t] for t in targets] or [NONE])

    def towards(self, r, targets):
        """Distances from every space to the nearest target."""
        return r.distances(targets) if targets else bytearray([NONE] * self.story.nspaces)

    def keeper(self, r, ph, legal):
        story = self.story
        if ph == PH_GUIDE:
            return self.pick(legal)
        if ph == PH_CHOOSE:
            return self.effect_target(r, legal)
        if ph == PH_MYTHOS:
            return self.first(legal, A_MYTHOS) or self.first(legal, A_NO_MYTHOS)
        if ph == PH_TRAUMA:
            return self.first(legal, A_TRAUMA)
        if ph == PH_RAISE:
            near = self.towards(r, self.investigator_spaces(r))
            raises = self.all_of(legal, A_RAISE)
            return min(raises, key=lambda a: near[arg_a(a)]) if raises else None
        if ph == PH_ATTACKS:
            best = None
            score = 999
            for a in self.all_of(legal, A_MATTACK):
                health, sanity = self.hurt(r, arg_b(a))
                if min(health, sanity) < score:
                    best, score = a, min(health, sanity)
            return best or self.first(legal, A_ATTACKS_DONE)
        if ph == PH_KMOVE:
            m = r.h(H_KM_SLOT)
            t, space, dmg, att = r.monster(m)
            targets = self.keeper_targets(r, t)
            if space in targets:
                return self.first(legal, A_MSTOP)
            dist = self.towards(r, targets)
            best = None
            score = dist[space]
            for a in self.all_of(legal, A_MSTEP):
                d = dist[arg_a(a)]
                if d < score:
                    best, score = a, d
            return best or self.first(legal, A_MSTOP)
        if ph == PH_KEEPER:
            # mythos on the most hurt investigator
            best = None
            score = 999
            for a in self.all_of(legal, A_MYTHOS):
                health, sanity = self.hurt(r, arg_b(a))
                if min(health, sanity) < score:
                    best, score = a, min(health, sanity)
            if best is not None:
                return best
            inv_spaces = self.investigator_spaces(r)
            spawns = []
            moves = []
            draws = []
            others = []
            for a in self.all_of(legal, A_KCARD):
                k = arg_a(a)
                lst = story.kc_eff[k]
                op = story.eff.first_op(lst)
                if op == E_SPAWN:
                    # an objective met at once: the monster its objective needs, in the objective's room
                    if self.instant_reach(r, story.eff.a[story.eff.start[lst]], arg_b(a)):
                        return a
                    spawns.append(a)
                elif op == E_MOVE:
                    moves.append(a)
                elif op == E_DRAW_MYTHOS:
                    draws.append(a)
                elif op in (E_RAISE, E_TRAUMA):
                    others.append(a)
            # move a monster that is not with an investigator yet
            best = None
            score = 999
            for a in moves:
                t, space, dmg, att = r.monster(arg_b(a))
                d = self.towards(r, self.keeper_targets(r, t))[space]
                if 0 < d < score:
                    best, score = a, d
            if best is not None and score <= 3:
                return best
            # a corpse raised (a monster for less threat than placing one), a trauma card
            if others:
                return others[0]
            # the dearest monster, placed nearest an investigator
            best = None
            score = (999, 0)
            near = self.towards(r, inv_spaces)
            for a in spawns:
                k = arg_a(a)
                d = near[arg_b(a)]
                key = (d, -story.kc_cost[k])
                if key < score:
                    best, score = a, key
            if best is not None:
                return best
            if draws and r.h(viewmod.H_HAND) < 2:
                return draws[0]
            return self.first(legal, A_KEEPER_DONE)
        return None

    def effect_target(self, r, legal):
        """The keeper's choice an effect leaves him: the investigator nearest his end suffers; a monster
        placed on an investigator's space; the monster nearest (not yet with) an investigator moves,
        or none."""
        op, _ = r.choice()
        if op == E_HORROR_ONE or op == E_DAMAGE_ONE:
            return min(legal, key=lambda a: self.hurt(r, arg_a(a))[1 if op == E_HORROR_ONE else 0])
        if op == E_SPAWN_WITH:
            spaces = self.investigator_spaces(r)
            return ([a for a in legal if arg_a(a) in spaces] or legal)[0]
        best = None
        score = 999
        for a in legal:
            if arg_a(a) != NONE:
                t, space, _, _ = r.monster(arg_a(a))
                d = self.towards(r, self.keeper_targets(r, t))[space]
                if 0 < d < score:
                    best, score = a, d
        return best or legal[-1]

    def instant_reach(self, r, t, space):
        """True when a monster of type t placed in `space` meets the keeper's objective at once."""
        story = self.story
        obj = r.h(H_OBJ)
        if obj == NONE or space == NONE or space >= story.nspaces:
            return False
        kind, a, b = story.obj_keeper[obj]
        return kind == C_REACH and a == t and story.space_room[space] == b

    def keeper_targets(self, r, t):
        """Where a monster of type t should go: the objective's room for its type, else an
        investigator's space."""
        story = self.story
        kind, a, b = story.obj_inv[0] if r.h(H_OBJ) == NONE else story.obj_keeper[r.h(H_OBJ)]
        if kind == C_REACH and a == t:
            return [s for s in range(story.nspaces) if story.space_room[s] == b]
        return self.investigator_spaces(r) or [0]


BOTS = ("heuristic", "random", "search")


def make_bot(kind, story, seat, seed=0):
    """A bot by name (BOTS); the search bot (search.py) takes the state as choose's fourth argument
    (`wants_game`), only to copy what its seat sees."""
    if kind == "random":
        return RandomBot(story, seat, seed)
    if kind == "heuristic":
        return HeuristicBot(story, seat, seed)
    if kind == "search":
        from .search import SearchBot
        return SearchBot(story, seat, seed)
    raise ValueError("bot kind one of %s, not %r" % (", ".join(BOTS), kind))


def bot_choice(bot, state, seat, buf, n):
    """The bot's action for seat at state: its view (and the state for a bot that copies what its
    seat sees, `wants_game`)."""
    if getattr(bot, "wants_game", False):
        return bot.choose(state.view(seat), buf, n, state)
    return bot.choose(state.view(seat), buf, n)
