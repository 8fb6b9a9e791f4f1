"""Saving a game, and what each player may see of it.

    blob = serialize(game); game2 = deserialize(rules, blob, verify=False)

Layout (version 4): 'A' 'H' version, players, house-rule bits (and OPT_TABLE_DRAWS), round limit (2
bytes), doom length, the board's digest (2), seed (4), action count n (4), the actions (3 bytes
each), the state's length (2), the state (state_bytes), a CRC-32 of everything before it (4).
Versions 2 and 3 had the same layout under earlier rules; version 1 had a
Fletcher-16 of the actions (2) before the state's length and a Fletcher-16 of the rest at the end
(a byte changed from 0x00 to 0xFF passes Fletcher-16, hence CRC-32, binio.py). Saves of versions 1
to 3 are read as far as their header's range checks, then refused with a message saying why: their
games were played under earlier rules, so their logs do not replay under these.

Every header field is range-checked before it is used (players on this board, known house rules,
a round limit of at most 999, a doom track of 1 to 99, a seed within the PRNG's range), so a
damaged header is refused, never played as another game.

deserialize restores the state from its bytes (checked field by field: a value out of range is a
KernelError, never a crash later), so loading is as fast as saving; with verify=True it also
replays the log from the seed on the same board and checks that it reaches the stored state (the
host's --load does). Anything wrong is KernelError('save', ...) and nothing is changed.

`state_bytes` is every field (hidden ones included: the PRNG, the decks' order, where face-down gates
lead); `public_bytes` leaves those out and is every player's view (all sheets and the whole board are
public in this game): a head (VIEW_HEAD bytes: players, house-rule bits, round limit in 2 bytes), the
common fields, each deck's count, then each space's gate (HIDDEN_GATE for a face-down one).
`read_view(board, view)` reads a view back into a plain object, field by field from the same lists,
so saving, loading and reading cannot drift apart.
"""

from ...errors import KernelError
from ...binio import put32, get32, put_crc32, crc32_at
from ...checks import check_blob
from ... import prng
from .board import NONE
from .defs import (MAX_LOG, HOUSE_RULES, GATE_DAGON, OPT_TABLE_DRAWS, AT_POOL, AT_OW, AT_TROPHY, AT_BOUND, AT_WORLD,
                   PH_OVER, PH_INV, CH_COIN, CH_FIRST, CH_ATTACK, CH_DAMAGE, CH_SANITY, CH_CLOSE, CH_FOE, CH_LOSS,
                   ST_LOADOUT, ST_ORIENT,
                   ST_SHOP, ST_PICK, ST_CLOSE, PU_CLOSE, STEP_NAMES)

MAGIC0 = 0x41   # 'A'
MAGIC1 = 0x48   # 'H'
VERSION = 4
OLD_VERSION = 1
RULES_VERSION = 4       # saves of an older version were played under earlier rules
HIDDEN_GATE = 254
HEAD = 18
VIEW_HEAD = 4
MAX_ROUND_LIMIT = 999
MAX_DOOM = 99
MAX_STATE = 1 << 16


def max_size():
    """The longest a save can be (a full action log, the longest state)."""
    return HEAD + 3 * MAX_LOG + 2 + 2 + MAX_STATE + 4

# one byte each (values 0-255)
SCALARS = ("phase", "step", "actor", "seat", "result", "doom", "gate_limit", "doom_length", "setup_left",
           "mode", "moves_left", "entered", "met", "snuck", "event_done", "target", "purpose", "mask", "bonus",
           "check_m", "check_seat", "place", "shop_card", "dest_optional", "discard_spell", "orient_m",
           "coin_n", "coin_for", "cur_m", "fly_target", "last_roll", "attacked", "last_seat", "must_fight",
           "sneak_gate", "draw_want", "ndrawn", "draw_used", "resume", "known_top", "gate_roll", "dice_op",
           "pick_inv", "pay_kind", "pay_amount", "auction_card", "bidder", "bidders", "foe_str", "loss_base",
           "check_ok", "discard_then", "bet_max", "bet_stake", "cast_mask", "cast_for", "cast_arg", "cast_seat",
           "prog_ctx", "used_mask")
# two bytes each (test_level is stored + 128: it can be below 0)
WIDE = ("round", "prog_pos", "prog_end", "test_pass_end", "test_level", "bid")
BUFFERS = ("seat_inv", "seat_status", "pos", "ow_world", "ow_stage", "close_at", "san", "maxsan", "sta",
           "maxsta", "fight", "stealth", "skill", "lost_turns", "retainer", "boost_skill", "boost_mod", "boost_left",
           "move_mod", "return_to", "draw_kinds", "drawn", "poss",
           "gates_closed", "used_inv", "tied", "m_at", "m_owner", "m_head", "m_checked", "m_flags", "m_spurned",
           "fight_kinds",
           "sealed", "gate_shown", "gate_keep")
# not saved: seat_dist, a cache of distances that is valid whenever dist_dirty is 0 (a loaded game
# recomputes it: the same values)


def _common(g, out):
    for name in SCALARS:
        out.append(getattr(g, name) & 255)
    for name in WIDE:
        v = getattr(g, name) + (128 if name == "test_level" else 0)
        out.append((v >> 8) & 255)
        out.append(v & 255)
    for name in BUFFERS:
        out.extend(getattr(g, name))
    for s in range(len(g.money)):
        out.append(g.money[s] >> 8)
        out.append(g.money[s] & 255)
    for deck in (g.gate_deck, g.item_deck, g.spell_deck, g.ally_deck):
        out.append(deck.n)


def buffer_sizes(board):
    """The length of each of BUFFERS (in order) on this board, as State.__init__ makes them."""
    from .board import MAX_PLAYERS, MAX_SKILLS
    from .defs import MAX_POSS, MAX_DRAWS
    b = board
    sizes = []
    for name in BUFFERS:
        if name == "poss":
            sizes.append(MAX_PLAYERS * MAX_POSS)
        elif name == "skill":
            sizes.append(MAX_PLAYERS * MAX_SKILLS)
        elif name == "draw_kinds" or name == "drawn":
            sizes.append(MAX_DRAWS)
        elif name == "used_inv":
            sizes.append(b.ninv)
        elif name[:2] == "m_":
            sizes.append(b.nmonsters)
        elif name == "fight_kinds":
            sizes.append(b.nkinds)
        elif name == "sealed":
            sizes.append(b.nspaces)
        elif name == "gate_shown" or name == "gate_keep":
            sizes.append(b.ngates)
        else:
            sizes.append(MAX_PLAYERS)
    return sizes


class ViewFields:
    """A view read back by read_view: `players`, `house`, `round_limit`, every name of SCALARS and WIDE
    (ints), of BUFFERS (bytes, as long as the state's), `money` (a list per seat), the decks' counts
    `gate_deck_n`, `item_deck_n`, `spell_deck_n`, `ally_deck_n`, and `gate_at` (bytes per space: a gate card,
    NONE, or HIDDEN_GATE when face down)."""


def read_view(board, view):
    """The fields of a view (public_bytes) of a game on `board`; KernelError('view', ...) when the
    bytes are not one (the wrong length for this board, or a head out of range). Allocates."""
    from .board import MAX_PLAYERS
    v = bytes(view)
    sizes = buffer_sizes(board)
    want = VIEW_HEAD + len(SCALARS) + 2 * len(WIDE) + sum(sizes) + 2 * MAX_PLAYERS + 4 + board.nspaces
    if len(v) != want:
        raise KernelError("view", "not an Arkham Horror view of this board (%d bytes, expected %d)" % (len(v), want))
    f = ViewFields()
    f.players = v[0]
    f.house = v[1]
    f.round_limit = v[2] << 8 | v[3]
    if not board.min_players <= f.players <= board.max_players:
        raise KernelError("view", "not an Arkham Horror view of this board (%d players)" % f.players)
    i = VIEW_HEAD
    for name in SCALARS:
        setattr(f, name, v[i])
        i += 1
    for name in WIDE:
        w = v[i] << 8 | v[i + 1]
        setattr(f, name, w - 128 if name == "test_level" else w)
        i += 2
    for k in range(len(BUFFERS)):
        setattr(f, BUFFERS[k], v[i:i + sizes[k]])
        i += sizes[k]
    f.money = [v[i + 2 * s] << 8 | v[i + 2 * s + 1] for s in range(MAX_PLAYERS)]
    i += 2 * MAX_PLAYERS
    f.gate_deck_n = v[i]
    f.item_deck_n = v[i + 1]
    f.spell_deck_n = v[i + 2]
    f.ally_deck_n = v[i + 3]
    f.gate_at = v[i + 4:i + 4 + board.nspaces]
    return f


def public_bytes(g):
    """What every player sees (kernel/surface.py view): where a face-down gate leads is left out."""
    out = bytearray((g.players, g.house, (g.round_limit >> 8) & 255, g.round_limit & 255))
    _common(g, out)
    for s in range(g.board.nspaces):
        c = g.gate_at[s]
        out.append(HIDDEN_GATE if c != NONE and not g.gate_shown[c] else c)
    return bytes(out)


def state_bytes(g):
    """Every field of the state, hidden ones included, in a fixed order (not the log)."""
    out = bytearray()
    _common(g, out)
    out.extend(g.gate_at)
    for deck in (g.gate_deck, g.item_deck, g.spell_deck, g.ally_deck):
        out.extend(deck.cards)
    put32(out, g.rng[0])
    put32(out, g.rng[1])
    return bytes(out)


def _fletcher(data, start, end, ab):
    a = ab & 255
    b = ab >> 8
    for i in range(start, end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


def serialize(g):
    b = g.board
    head = bytearray((MAGIC0, MAGIC1, VERSION, g.players, g.house, g.round_limit >> 8, g.round_limit & 255,
                      g.doom_length, b.digest >> 8, b.digest & 255))
    put32(head, g.seed)
    put32(head, g.nlog)
    sb = state_bytes(g)
    out = head
    out.extend(memoryview(g.logb)[:3 * g.nlog])
    out.append(len(sb) >> 8)
    out.append(len(sb) & 255)
    out.extend(sb)
    put_crc32(out, len(out))
    return bytes(out)


def _bad(message):
    raise KernelError("save", message)


def deserialize(rules, blob, verify=False):
    """The game a save holds, on rules' board; KernelError('save', ...) when it is not one."""
    from .rules import ArkhamGame
    b = check_blob(blob)
    if len(b) < HEAD + 6 or b[0] != MAGIC0 or b[1] != MAGIC1:
        _bad("not an Eldritch Arkham Horror save")
    if not OLD_VERSION <= b[2] <= VERSION:
        _bad("save format version %d, this kernel reads %d to %d" % (b[2], OLD_VERSION, VERSION))
    if len(b) > max_size():
        _bad("%d bytes: longer than any Arkham Horror save (%d)" % (len(b), max_size()))
    old = b[2] == OLD_VERSION
    n = get32(b, 14)
    extra = 2 if old else 0          # version 1: the actions' Fletcher-16
    check = 2 if old else 4
    if n > MAX_LOG or len(b) < HEAD + 3 * n + extra + 2 + check:
        _bad("the action count does not match the file's length (a truncated save?)")
    t = HEAD + 3 * n                 # the end of the actions
    s0 = t + extra + 2               # the start of the state
    nstate = b[s0 - 2] << 8 | b[s0 - 1]
    if len(b) != s0 + nstate + check:
        _bad("the file's length does not match its contents (a truncated save?)")
    if old:
        c = _fletcher(b, t, s0 + nstate, _fletcher(b, 0, HEAD, 0))
        ok = c == (b[-2] << 8) | b[-1] and _fletcher(b, HEAD, t, 0) == (b[t] << 8) | b[t + 1]
    else:
        ok = crc32_at(b, len(b) - 4)
    if not ok:
        _bad("checksum mismatch (a corrupt save)")
    players = b[3]
    house = b[4]
    round_limit = b[5] << 8 | b[6]
    doom = b[7]
    seed = get32(b, 10)
    board = rules.board
    if not board.min_players <= players <= board.max_players:
        _bad("the header says %d players; this board takes %d to %d" % (players, board.min_players,
                                                                        board.max_players))
    if (house & ~OPT_TABLE_DRAWS) >> len(HOUSE_RULES):
        _bad("the header has unknown house-rule bits (%d)" % house)
    if round_limit > MAX_ROUND_LIMIT:
        _bad("the header's round limit %d is out of range (0 to %d)" % (round_limit, MAX_ROUND_LIMIT))
    if not 1 <= doom <= MAX_DOOM:
        _bad("the header's doom track %d is out of range (1 to %d)" % (doom, MAX_DOOM))
    if seed > prng.SEED_MAX:
        _bad("the header's seed is out of range")
    if b[2] < RULES_VERSION:
        _bad("a save of format version %d, from before the rules were brought to the rulebook (gate trophies, "
             "events when waiting, failed stealth, the taxi; monsters that attack only on moving in and lose interest in whom they drove mad, and more): "
             "its game cannot go on under these rules; its action log replays with an older Eldritch" % b[2])
    if (b[8] << 8 | b[9]) != rules.board.digest:
        _bad("the save was made on another board (or another version of it)")
    try:
        g = ArkhamGame(board, players, seed, house, round_limit, doom)
    except KernelError as exc:
        _bad("bad options: %s" % exc.detail)
    g.logb[:3 * n] = b[HEAD:t]
    g.nlog = n
    if old:
        g.log_b = b[t]
        g.log_a = b[t + 1]
    else:
        _log_sums(g)
    state = b[s0:s0 + nstate]
    if len(state) != len(state_bytes(g)):
        _bad("the stored state has the wrong size for this board")
    load_state(g, state)
    if verify:
        again = ArkhamGame(board, players, g.seed, g.house, g.round_limit, g.doom_length)
        try:
            again.replay(g.actions())
        except KernelError as exc:
            _bad("does not replay: %s" % exc.detail)
        if state_bytes(again) != state:
            _bad("the stored state does not match its action log")
    return g


def _log_sums(g):
    """The game's running Fletcher sums of its action log (log_a, log_b), which version 2 no longer
    stores: recomputed from the log, as the game keeps them while it appends."""
    a = 0
    b = 0
    lb = g.logb
    for i in range(3 * g.nlog):
        a = (a + lb[i]) % 255
        b = (b + a) % 255
    g.log_a = a
    g.log_b = b


def load_state(g, state):
    """Restore every field from state_bytes' layout, checking each value's range."""
    b = g.board
    i = 0
    for name in SCALARS:
        setattr(g, name, state[i])
        i += 1
    for name in WIDE:
        v = state[i] << 8 | state[i + 1]
        setattr(g, name, v - 128 if name == "test_level" else v)
        i += 2
    for name in BUFFERS:
        buf = getattr(g, name)
        buf[:] = state[i:i + len(buf)]
        i += len(buf)
    for s in range(len(g.money)):
        g.money[s] = state[i] << 8 | state[i + 1]
        i += 2
    for deck in (g.gate_deck, g.item_deck, g.spell_deck, g.ally_deck):
        deck.n = state[i]
        i += 1
    g.gate_at[:] = state[i:i + b.nspaces]
    i += b.nspaces
    for deck in (g.gate_deck, g.item_deck, g.spell_deck, g.ally_deck):
        deck.cards[:] = state[i:i + len(deck.cards)]
        i += len(deck.cards)
    r0 = get32(state, i)
    r1 = get32(state, i + 4)
    if r0 >= 1 << 30 or r1 >= 1 << 30:
        _bad("the stored state is corrupt (the PRNG)")
    g.rng[0] = r0
    g.rng[1] = r1
    g.dist_dirty = 1
    g.touch()
    _check(g)
    try:
        g.legal_actions(g.buf)
        g.view(0)
    except (IndexError, ValueError, KeyError):
        _bad("the stored state is corrupt (inconsistent)")


def _check(g):
    """Every restored value in its range (a corrupt save fails here, not later in play)."""
    b = g.board
    ns = b.nspaces

    def need(ok, what):
        if not ok:
            _bad("the stored state is corrupt (%s)" % what)
    from ... import prng
    need(prng.valid(g.rng), "the PRNG")
    need(g.phase <= PH_OVER and (g.step in STEP_NAMES), "phase or step")
    need(g.actor < g.players and g.seat <= g.players, "seats")
    need(g.coin_n <= g.players and (g.step != CH_COIN or g.coin_n > 0), "a coin toss")
    need(g.gate_deck.n <= b.ngates and g.item_deck.n <= b.ncards and g.spell_deck.n <= b.ncards and
         g.ally_deck.n <= b.ncards, "deck sizes")
    for s in range(g.players):
        p = g.pos[s]
        need(p < ns or p == AT_WORLD or (p == NONE and g.seat_inv[s] == NONE), "a position")
        need(g.seat_inv[s] < b.ninv or g.seat_inv[s] == NONE, "an investigator")
        need(g.ow_world[s] < b.nworlds and g.ow_stage[s] <= 2, "an Other World")
        need(g.close_at[s] < ns or g.close_at[s] == NONE, "a gate to close")
    for k in range(len(g.poss)):
        need(g.poss[k] < b.ncards or g.poss[k] == NONE, "a card")
    for m in range(b.nmonsters):
        at = g.m_at[m]
        need(at < ns or at == AT_POOL or at == AT_OW or at == AT_TROPHY or at == AT_BOUND, "a monster")
        need(g.m_owner[m] < 8 and (g.m_head[m] < ns or g.m_head[m] == NONE), "a monster")
        need(g.m_spurned[m] >> g.players == 0, "a monster")
    for s in range(ns):
        need(g.gate_at[s] < b.ngates or g.gate_at[s] == NONE, "a gate")
    for c in range(b.ngates):
        k = g.gate_keep[c]
        need(k < g.players or k == NONE or k == GATE_DAGON, "a gate trophy")
    for name in ("target", "check_m", "cur_m", "orient_m"):
        v = getattr(g, name)
        need(v < b.nmonsters or v == NONE, name)
    need(g.shop_card < b.ncards or g.shop_card == NONE, "the shop")
    st = g.step
    need(g.must_fight <= 1 and g.sneak_gate <= 1, "a sneak")
    need(g.discard_spell <= 2 and g.discard_then <= 2, "a discard")
    need(g.cast_for <= 7 and g.cast_seat < g.players and g.prog_ctx <= 1, "a card in use")
    for s in range(g.players):
        need(g.return_to[s] == NONE or g.return_to[s] < ns, "a round trip")
        need(g.boost_skill[s] < 8 and g.boost_left[s] <= 2 and g.move_mod[s] <= 14, "an event's bonus")
    from .defs import MAX_DRAWS, ST_SPLIT, CH_DRAW, ST_BID, DRAW_MONSTER, DRAW_DECK
    need(g.draw_used <= g.ndrawn <= g.draw_want <= MAX_DRAWS and g.resume <= 4 and g.known_top < 8, "a draw")
    for k in range(g.draw_want):
        need(DRAW_MONSTER <= g.draw_kinds[k] <= DRAW_DECK + 2, "a draw")
    need(g.pick_inv < b.ninv or g.pick_inv == NONE, "a pick")
    need(g.auction_card < b.ncards or g.auction_card == NONE, "an auction")
    need(g.bidder < g.players or g.bidder == NONE, "an auction")
    need(g.bid <= 999, "an auction")
    if st == CH_DRAW:
        need(g.ndrawn < g.draw_want and g.resume >= 1, "a draw")
    if st == ST_SPLIT:
        need(g.seat_inv[g.actor] < b.ninv and b.inv_split[g.seat_inv[g.actor]] > 0, "a split")
    if st == ST_BID:
        need(g.auction_card < b.ncards, "an auction")
    need(g.place < ns + b.nworlds and g.prog_pos <= g.prog_end <= len(b.prog) // 2
         and g.test_pass_end <= len(b.prog) // 2, "the event in progress")
    st = g.step
    # the registers the pending step reads
    if st == CH_ATTACK or st == CH_DAMAGE or st == CH_FOE or (st == ST_LOADOUT and g.purpose != PU_CLOSE):
        need(g.target < b.nmonsters, "the monster fought")
    if st == CH_SANITY or st == CH_LOSS:
        need(g.check_m < b.nmonsters and g.check_seat < g.players and g.check_ok <= 1, "the sanity check")
    if st == CH_LOSS:
        k = b.mon_kind[g.check_m]
        need(b.k_pass_dice[k] if g.check_ok else b.k_fail_dice[k], "the sanity check")
    if st == CH_FOE:
        need(b.k_str_dice[b.mon_kind[g.target]], "the monster fought")
    if st == ST_ORIENT:
        need(g.orient_m < b.nmonsters and g.m_at[g.orient_m] < ns, "the monster to turn")
    if st == ST_SHOP:
        need(g.shop_card < b.ncards, "the shop")
    if st == CH_CLOSE or st == ST_CLOSE or (st == ST_LOADOUT and g.purpose == PU_CLOSE):
        need(g.seat < g.players and g.pos[g.seat] < ns and g.gate_at[g.pos[g.seat]] != NONE, "the gate attacked")
    for s in range(g.players):
        need(g.close_at[s] == NONE or g.gate_at[g.close_at[s]] != NONE, "a gate to close")
    if st == CH_COIN:
        need(g.cur_m < b.nmonsters, "the coin toss")
        for k in range(g.coin_n):
            need(g.tied[k] < g.players, "the coin toss")
    if g.phase != PH_OVER and st != 0 and st < CH_FIRST:
        need(g.seat_inv[g.actor] != NONE or st == ST_PICK, "the player to act")
    picking = st == ST_PICK or (st == CH_DRAW and g.resume == 3)        # R_PICK: its random cards
    if g.phase == PH_INV and not picking:
        need(g.seat < g.players and g.seat_inv[g.seat] != NONE, "the investigator whose turn it is")
    for deck, top in ((g.gate_deck, b.ngates), (g.item_deck, b.ncards), (g.spell_deck, b.ncards),
                      (g.ally_deck, b.ncards)):
        for k in range(deck.n):
            need(deck.cards[k] < top, "a deck")
