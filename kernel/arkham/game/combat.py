"""Investigator phase, part 4 (and the mythos' counter-attacks): combat, closing gates, knock-outs.

An attack is D6 + a bonus against the monster's strength (printed N+D6: N and a roll at each attack,
CH_FOE; a bound monster adds its N). The bonus is chosen as a loadout
(ST_LOADOUT, K_LOADOUT + mask over the possession slots, bit 7 the bound monster): weapons in hand
need at most two hands; Fight and physical weapons do not count against a monster immune to physical
attacks, magical items and spells not against one immune to magic; a spell's sanity cost is paid
when it is used (never the investigator's last sanity); a bound monster adds its strength and goes
back to the pool. A miss: the monster strikes back for D6 strength.

Closing a gate (after the trip, or with the Dragon's Eye) is D6 + Fight + every physical and
magical bonus (and a bound monster) against its difficulty, once a round; sealing it with an Elder
Sign costs 2 sanity ("having gone through the gate and returned, spend 2 sanity and put an Elder Sign
in place of the gate"; house rule elder_sign_card: an Elder Sign card too); the Blue Watcher
closes it outright and goes back into the item deck. A closed (or sealed) gate takes its guardians as
trophies, is a trophy itself (gate_keep: its card stays out of the gate deck; gates_closed counts the
closings for the Honoured Citizen), and every monster of its world's colour leaves the board.

A card whose bonus counts against one class of monster (items.tsv 'against') adds nothing against
the others; a monster immune to a card (monsters.tsv 'immune' names it) ignores that card's bonus.
When a mythos monster attacks, the investigator may instead cast Bind Monster on it ("Bind Monster
can make one monster attack another": it is bound, its strength added to a later attack). A
Nightgaunt (special 'carry') that hits does not wound: it carries the investigator along the streets
to the nearest open gate (the first listed among equally near ones) and through it, nothing
happening in the places passed; area 2 of that world and its event follow at once (in the mythos
phase too, then the mythos goes on). With no gate open it strikes for D6 as any monster.

Knock-outs: no sanity left - the Asylum (with the board's sanity_after_madness: 1 unless it says
more), discarding a spell of the player's choice; no strength - the Hospital (strength_after_knockout,
likewise), losing an item of the player's choice; either in an Other World - lost in time and space.
Allocates nothing.
"""

from .board import (NONE, DECK_ITEM, DECK_SPELL, ATTACK_PHYSICAL, ATTACK_MAGICAL, IMMUNE_PHYSICAL, IMMUNE_MAGICAL,
                    SPECIAL_HOUND, SPECIAL_CARRY, SPECIAL_WEAPONS_ONE, SPECIAL_STEALS, SP_DRAGONS_EYE, SP_BLUE_WATCHER,
                    SP_ELDER_SIGN, SKILL_FIGHT)
from .defs import (ST_LOADOUT, ST_CLOSE, ST_DISCARD, CH_ATTACK, CH_DAMAGE, K_LOADOUT, K_BIND, K_BANISH,
                   K_CLOSE, K_SEAL, K_WATCHER, K_END, K_DISCARD, K_ORIENT, AT_WORLD, AT_POOL, AT_TROPHY,
                   AT_BOUND, MAX_POSS, BOUND_BIT, PU_COUNTER, PU_CLOSE, EV_CARRIED,
                   HR_ELDER_SIGN_CARD, EV_ATTACK, EV_TROPHY, EV_HIT, EV_HOUND_LEAVES, EV_ASYLUM, EV_HOSPITAL,
                   EV_DISCARD, EV_CLOSE_TRY, EV_CLOSED, EV_TO_POOL, EV_SPEND, EV_WATCHER, EV_ORIENT, EV_FOE_STRENGTH)
from .state import (F_FOUGHT, event, has_special, return_card, shuffle_back, skill_of)
from . import cards, encounters, meetings, movement, mythos, turns


# what a discard is for (discard_spell) and what follows it (discard_then)
DISCARD_ITEM = 0
DISCARD_SPELL = 1
DISCARD_CARD = 2
THEN_KNOCKOUT = 0
THEN_FIGHT = 1
THEN_EFFECTS = 2

SEAL_SANITY = 2


# ----- the loadout ------------------------------------------------------------------------------------

def fighter(game):
    """The seat attacking now (the active one, or the one a mythos monster attacks)."""
    return game.check_seat if game.purpose == PU_COUNTER else game.seat


def bound_monster(game, seat):
    for m in range(game.board.nmonsters):
        if game.m_at[m] == AT_BOUND and game.m_owner[m] == seat:
            return m
    return NONE


def loadout_ok(game, seat, mask):
    """mask uses only combat cards the seat holds, at most two hands, and leaves it sanity."""
    b = game.board
    hands = 0
    cost = 0
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if mask & (1 << k):
            c = game.poss[base + k]
            if c == NONE:
                return False
            kind = b.card_kind[c]
            if b.i_bonus[kind] == 0:
                return False
            hands += b.i_hands[kind]
            cost += b.i_cost[kind]
    if mask & BOUND_BIT and bound_monster(game, seat) == NONE:
        return False
    return hands <= 2 and cost < game.san[seat]


def legal_loadout(game, buf):
    seat = fighter(game)
    b = game.board
    usable = 0
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and b.i_bonus[b.card_kind[c]]:
            usable |= 1 << k
    if bound_monster(game, seat) != NONE:
        usable |= BOUND_BIT
    n = 0
    for mask in range(256):
        if mask & ~usable == 0 and loadout_ok(game, seat, mask):
            buf[n] = K_LOADOUT + mask
            n += 1
    if game.purpose == PU_COUNTER and meetings.bind_slot(game, seat) >= 0:
        buf[n] = K_BIND + game.target              # turn the attacker against another monster
        n += 1
    if game.purpose == PU_COUNTER and cards.banish_slot(game, seat) >= 0:
        buf[n] = K_BANISH + game.target            # or banish it, for D6 strength
        n += 1
    return n


def card_counts(game, kind, mk, gate):
    """Card kind `kind` adds its bonus against monster kind mk (gate: against a gate)."""
    return card_bonus(game, kind, mk, gate) > 0


def card_bonus(game, kind, mk, gate):
    """What card kind `kind` adds against monster kind mk (gate: against a gate): its bonus, 0
    where an immunity or a class stops it, at most 1 for an item against a monster whose
    special is weapons_one_point; in full against one 'vulnerable' to it."""
    b = game.board
    bonus = b.i_bonus[kind]
    if gate:
        return bonus if b.i_against[kind] == NONE else 0
    if b.vulnerable_to_card(mk, kind):
        return bonus
    immune = b.k_immune[mk]
    a = b.i_attack[kind]
    if a == ATTACK_PHYSICAL and immune & IMMUNE_PHYSICAL or a == ATTACK_MAGICAL and immune & IMMUNE_MAGICAL:
        return 0
    if b.i_against[kind] != NONE and b.i_against[kind] != b.k_class[mk]:
        return 0
    if b.immune_to_card(mk, kind):
        return 0
    if bonus > 1 and b.k_special[mk] & SPECIAL_WEAPONS_ONE and b.i_deck[kind] == DECK_ITEM:
        return 1
    return bonus


def loadout_bonus(game, seat, mask, mk, gate):
    """The bonus of a loadout against monster kind mk (its immunities and class), or against a
    gate (gate: every bonus counts but a class weapon's)."""
    b = game.board
    total = 0
    if gate or not b.k_immune[mk] & IMMUNE_PHYSICAL:
        total = skill_of(game, seat, SKILL_FIGHT)
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if mask & (1 << k):
            total += card_bonus(game, b.card_kind[game.poss[base + k]], mk, gate)
    if mask & BOUND_BIT:
        total += b.k_strength[b.mon_kind[bound_monster(game, seat)]]
    return total


def apply_loadout(game, kind, mask):
    seat = fighter(game)
    b = game.board
    if kind == K_BIND:
        if not meetings.bind(game, seat, mask, 1):
            mythos.mythos_after_target(game)
        return
    if kind == K_BANISH:
        cards.banish(game, seat, mask, 1)
        return
    gate = game.purpose == PU_CLOSE
    game.bonus = loadout_bonus(game, seat, mask, 0 if gate else b.mon_kind[game.target], gate)
    game.mask = mask
    cost = 0
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if mask & (1 << k):
            cost += b.i_cost[b.card_kind[game.poss[base + k]]]
    if cost:
        game.san[seat] -= cost
        event(game, EV_SPEND, seat, cost, game.san[seat])
    if mask & BOUND_BIT:
        m = bound_monster(game, seat)
        game.m_at[m] = AT_POOL
        event(game, EV_TO_POOL, m, 1, 0)
    game.cast_mask = 0
    for k in range(MAX_POSS):
        if mask & (1 << k) and b.i_cast[b.card_kind[game.poss[base + k]]] != NONE:
            game.cast_mask |= 1 << k             # a spell cast with a roll (cards.py)
    cards.loadout_rolls(game)


def on_foe_roll(game, v):
    """The monster's strength dice (CH_FOE): its strength for this attack."""
    game.foe_str = game.board.k_strength[game.board.mon_kind[game.target]] + v
    event(game, EV_FOE_STRENGTH, game.target, game.foe_str, 0)
    turns.chance(game, CH_ATTACK)


# ----- attacks -------------------------------------------------------------------------------------------

def on_attack_roll(game, v):
    seat = fighter(game)
    m = game.target
    total = v + game.bonus
    event(game, EV_ATTACK, seat, m, total)
    if total >= game.foe_str:
        game.m_at[m] = AT_TROPHY
        game.m_owner[m] = seat
        game.m_flags[m] = 0
        event(game, EV_TROPHY, seat, m, 0)
        if game.purpose == PU_COUNTER:
            mythos.mythos_after_target(game)
        else:
            meetings.after_enc_change(game)
        return
    strike(game)


def nearest_gate(game, seat):
    """The open gate nearest the seat's space by the streets (the first listed among the
    nearest), or NONE."""
    b = game.board
    ns = b.nspaces
    mythos.bfs(game, seat * ns, game.pos[seat])
    game.dist_dirty = 1
    best = NONE
    bd = 256
    for s in range(ns):
        if game.gate_at[s] != NONE and game.seat_dist[seat * ns + s] < bd:
            bd = game.seat_dist[seat * ns + s]
            best = s
    return best


def carried(game, seat, m):
    """A Nightgaunt carries the investigator through the nearest gate (True), if one is open."""
    if game.pos[seat] == AT_WORLD:
        return False
    s = nearest_gate(game, seat)
    if s == NONE:
        return False
    event(game, EV_CARRIED, seat, m, s)
    game.m_flags[m] &= ~F_FOUGHT                 # not "fought" any more: the fight is over
    if game.seat != seat:
        game.seat = seat                         # the mythos: this investigator's interlude
    game.event_done = 1
    encounters.through_gate(game, seat, s)
    return True


def strike(game):
    """The monster (target) strikes the fighter: a Nightgaunt carries it off through a gate
    when one is open, any other monster (or a Nightgaunt without a gate) rolls D6 strength."""
    b = game.board
    m = game.target
    if b.k_special[b.mon_kind[m]] & SPECIAL_CARRY and carried(game, fighter(game), m):
        return
    turns.chance(game, CH_DAMAGE)


def on_damage_roll(game, v):
    seat = fighter(game)
    m = game.target
    b = game.board
    event(game, EV_HIT, seat, m, v)
    sp = b.k_special[b.mon_kind[m]]
    leaves = sp & (SPECIAL_HOUND | SPECIAL_STEALS)
    if leaves:
        # a Hound of Tindalos (or a Mi-Go, taking an item) goes back to the pool once it has hurt
        game.m_at[m] = AT_POOL
        game.m_flags[m] = 0
        event(game, EV_HOUND_LEAVES, m, 1 if sp & SPECIAL_STEALS else 0, 0)
    if v >= game.sta[seat]:
        game.m_spurned[m] |= 1 << seat          # knocked out: the monster loses interest too
    if encounters.change_strength(game, seat, -v):
        return
    if sp & SPECIAL_STEALS and ask_discard(game, seat, DISCARD_ITEM, THEN_FIGHT):
        return                                   # the player gives up the item it takes
    after_hit(game, leaves)


def after_hit(game, left):
    """After a monster's strike the investigator survived (`left`: the monster went back to the
    pool): the mythos attack goes on, or ends; in part 4 the choice comes back."""
    if game.purpose == PU_COUNTER:
        if left:
            mythos.mythos_after_target(game)
        else:
            turns.decide(game, ST_LOADOUT, fighter(game))       # the monster keeps attacking its target
    else:
        meetings.after_enc_change(game)


# ----- part 4: the gate ---------------------------------------------------------------------------------

def can_seal(game, seat, s):
    if game.close_at[seat] != s or game.san[seat] < SEAL_SANITY:
        return False
    return not game.house & HR_ELDER_SIGN_CARD or has_special(game, seat, SP_ELDER_SIGN) >= 0


def part4(game):
    """After the monsters and the event: the gate here, if this investigator can close it."""
    seat = game.seat
    s = game.pos[seat]
    if s != AT_WORLD and game.gate_at[s] != NONE and game.board.is_loc[s]:
        if (game.close_at[seat] == s or has_special(game, seat, SP_DRAGONS_EYE) >= 0
                or has_special(game, seat, SP_BLUE_WATCHER) >= 0):
            turns.decide(game, ST_CLOSE, seat)
            return
    turns.end_turn(game)


def legal_close(game, buf):
    seat = game.seat
    s = game.pos[seat]
    n = 0
    if game.close_at[seat] == s or has_special(game, seat, SP_DRAGONS_EYE) >= 0:
        buf[n] = K_CLOSE
        n += 1
    if can_seal(game, seat, s):
        buf[n] = K_SEAL
        n += 1
    if has_special(game, seat, SP_BLUE_WATCHER) >= 0:
        buf[n] = K_WATCHER
        n += 1
    buf[n] = K_END
    return n + 1


def apply_close(game, kind):
    seat = game.seat
    s = game.pos[seat]
    if kind == K_CLOSE:
        game.purpose = PU_CLOSE
        turns.decide(game, ST_LOADOUT, seat)
    elif kind == K_SEAL:
        if game.house & HR_ELDER_SIGN_CARD:
            k = has_special(game, seat, SP_ELDER_SIGN)
            game.poss[seat * MAX_POSS + k] = NONE      # the sign stays on the board for good
        close_gate(game, seat, s, 1)
        if not encounters.change_sanity(game, seat, -SEAL_SANITY):
            turns.end_turn(game)
    elif kind == K_WATCHER:
        k = has_special(game, seat, SP_BLUE_WATCHER)
        c = game.poss[seat * MAX_POSS + k]
        game.poss[seat * MAX_POSS + k] = NONE
        shuffle_back(game, c)
        event(game, EV_WATCHER, seat, 0, 0)
        close_gate(game, seat, s, 0)
        turns.end_turn(game)
    else:
        turns.end_turn(game)


def on_close_roll(game, v):
    seat = game.seat
    s = game.pos[seat]
    total = v + game.bonus
    event(game, EV_CLOSE_TRY, seat, s, total)
    if total >= game.board.gate_diff[game.gate_at[s]]:
        close_gate(game, seat, s, 0)
    turns.end_turn(game)


def close_gate(game, seat, s, seal):
    b = game.board
    g = game.gate_at[s]
    w = b.gate_world[g]
    game.gate_at[s] = NONE
    game.gate_shown[g] = 0
    game.gate_keep[g] = seat                    # "add to your trophies every gate you closed"
    game.gates_closed[seat] += 1
    if seal:
        game.sealed[s] = 1
    event(game, EV_CLOSED, seat, s, seal)
    for m in range(b.nmonsters):
        at = game.m_at[m]
        if at == s:
            game.m_at[m] = AT_TROPHY            # the guardians are pulled in
            game.m_owner[m] = seat
            game.m_flags[m] = 0
            event(game, EV_TROPHY, seat, m, 1)
        elif at < b.nspaces and b.k_colour[b.mon_kind[m]] == w:
            game.m_at[m] = AT_POOL              # the world's colour leaves the board
            game.m_flags[m] = 0
            event(game, EV_TO_POOL, m, 0, 0)
    for t in range(game.players):
        if game.close_at[t] == s:
            game.close_at[t] = NONE


# ----- knock-outs -----------------------------------------------------------------------------------------

def insane(game, seat):
    if game.pos[seat] == AT_WORLD:
        turns.lose_investigator(game, seat)
        return
    movement.leave(game, seat)
    game.pos[seat] = game.board.asylum
    game.san[seat] = game.board.recovered(game.board.sanity_kept, game.maxsan[seat])
    event(game, EV_ASYLUM, seat, 0, 0)
    knocked_out(game, seat, 1)


def unconscious(game, seat):
    if game.pos[seat] == AT_WORLD:
        turns.lose_investigator(game, seat)
        return
    movement.leave(game, seat)
    game.pos[seat] = game.board.hospital
    game.sta[seat] = game.board.recovered(game.board.strength_kept, game.maxsta[seat])
    event(game, EV_HOSPITAL, seat, 0, 0)
    knocked_out(game, seat, 0)


def knocked_out(game, seat, spell):
    game.close_at[seat] = NONE
    game.dist_dirty = 1
    if not ask_discard(game, seat, DISCARD_SPELL if spell else DISCARD_ITEM, THEN_KNOCKOUT):
        turns.after_knockout(game)


# ----- giving up a card: the knock-outs', a Mi-Go's, an event's ----------------------------------------------

def discardable(game, seat, c, which):
    """Card c may be given up for `which`: DISCARD_SPELL a spell, DISCARD_ITEM an item (of the item
    deck), DISCARD_CARD any card."""
    if c == NONE:
        return False
    if which == DISCARD_CARD:
        return True
    return game.board.i_deck[game.board.card_kind[c]] == (DECK_SPELL if which == DISCARD_SPELL else DECK_ITEM)


def ask_discard(game, seat, which, then):
    """The seat gives up a card of its choice (ST_DISCARD), then `then` goes on: True when that
    decision is now pending, False when it holds no such card."""
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if discardable(game, seat, game.poss[base + k], which):
            game.discard_spell = which
            game.discard_then = then
            turns.decide(game, ST_DISCARD, seat)
            return True
    return False


def legal_discard(game, buf):
    seat = game.actor
    n = 0
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if discardable(game, seat, game.poss[base + k], game.discard_spell):
            buf[n] = K_DISCARD + k
            n += 1
    return n


def apply_discard(game, k):
    seat = game.actor
    c = game.poss[seat * MAX_POSS + k]
    game.poss[seat * MAX_POSS + k] = NONE
    return_card(game, c)
    then = game.discard_then
    event(game, EV_DISCARD, seat, game.board.card_kind[c], 1 if then == THEN_FIGHT else 0)
    game.discard_then = THEN_KNOCKOUT
    if then == THEN_FIGHT:
        after_hit(game, 1)
    elif then == THEN_EFFECTS:
        game.actor = game.seat
        encounters.run_effects(game)
    else:
        turns.after_knockout(game)


# ----- a monster that survived a fight -------------------------------------------------------------------

def legal_orient(game, buf):
    b = game.board
    s = game.m_at[game.orient_m]
    n = 0
    for i in range(b.nbr_count[s]):
        if not b.is_loc[b.neighbour(s, i)]:
            buf[n] = K_ORIENT + i
            n += 1
    return n


def apply_orient(game, i):
    m = game.orient_m
    t = game.board.neighbour(game.m_at[m], i)
    game.m_head[m] = t
    event(game, EV_ORIENT, m, t, 0)
    game.orient_m = NONE
    turns.after_orient(game)
