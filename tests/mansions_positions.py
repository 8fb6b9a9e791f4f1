"""Set-up positions of the demonstration story for the rule tests (tests/test_mansions_*.py).

`game()` plays the setup through legal actions (the keeper's guide answers, investigators and
traits by name) and returns the state at the start of round 1; the helpers then place figures,
monsters and cards directly into the state's buffers (a set-up position, as a tutor lays out the
board), and act / roll through `apply` so every step under test is the kernel's own.
"""

import shutil
from array import array
from pathlib import Path

from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import text

RULES = {}


def rules(options=None):
    key = repr(sorted((options or {}).items()))
    if key not in RULES:
        RULES[key] = Rules(options)
    return RULES[key]


def act_code(kind, a=0, b=0):
    return (kind << 16) | (a << 8) | b


def game(investigators=("Silas Crane",), traits=None, answers=(0, 0), seed=0, options=None, story=None):
    """A game at round 1 after the setup (players = 1 + investigators); `story` a folder (the demo by
    default)."""
    if story is not None:
        options = dict(options or {}, story=story)
    r = rules(options)
    story = r.story
    st = r.new_game(seed, 1 + len(investigators))
    for q, a in enumerate(answers):
        st.apply(act_code(K.A_ANSWER, q, a))
    for i, name in enumerate(investigators):
        inv = story.inv_index[name]
        st.apply(act_code(K.A_INVESTIGATOR, inv))
        mine = [t for t in range(story.ntraits) if story.tr_inv[t] == inv]
        chosen = (traits or {}).get(name) or [story.tr_name[t] for t in mine[:2]]
        for tname in chosen:
            t = [t for t in mine if story.tr_name[t] == tname][0]
            st.apply(act_code(K.A_TRAIT, t))
    return st


def variant(tmp_path, edits, name="variant"):
    """A copy of the demonstration story with text replaced: edits [(file, old, new)]; its folder."""
    from eldritch.kernel.mansions.game.story import data_folder
    folder = Path(tmp_path) / name
    shutil.copytree(Path(data_folder()) / "demo", folder)
    for file, old, new in edits:
        p = folder / file
        text_ = p.read_text()
        assert old in text_, (file, old)
        p.write_text(text_.replace(old, new, 1))
    return str(folder)


def space(st, name):
    return st.story.space_index[name]


def room(st, name):
    return st.story.room_index[name]


def card(st, name):
    return st.story.card_index[name]


def mtype(st, name):
    return st.story.type_index[name]


def legal(st):
    buf = array("i", [0] * K.MAX_ACTIONS)
    n = st.legal_actions(buf)
    return [buf[i] for i in range(n)]


def kinds(st):
    return set(a >> 16 for a in legal(st))


def act(st, kind, a=0, b=0):
    st.apply(act_code(kind, a, b))
    return text.events(st)


def to_roll(st):
    """Past the tested investigator's moment before the roll, spending nothing (his skill point for
    Luck, his cards and abilities that act before a roll): at the chance node."""
    if st.g[S.G_PHASE] == K.PH_PREROLL:
        st.apply(act_code(K.A_ROLL_NOW))
    assert st.current_player() == -1, "not at a chance node"


def roll(st, face):
    """Enter a physical d10 at the chance node (passing the moment before the roll unspent)."""
    to_roll(st)
    st.apply(act_code(K.A_FACE, 0, face))
    return text.events(st)


def place(st, seat, name):
    st.s_space[seat] = space(st, name)


def give(st, seat, cname):
    st.to_hand(card(st, cname), seat)


def take_away(st, cname):
    c = card(st, cname)
    st.c_where[c] = K.WH_OUT
    st.c_owner[c] = K.NONE


def put_monster(st, tname, where):
    """A monster placed directly (no horror check: a set-up position)."""
    m = st.free_slot()
    t = mtype(st, tname)
    st.m_type[m] = t
    st.m_space[m] = space(st, where)
    st.m_damage[m] = 0
    st.m_attacked[m] = 0
    st.t_left[t] -= 1
    return m


def turn_of(st, seat):
    """Give seat the turn (choosing it in the order phase, or ending the turns before it)."""
    for _ in range(20):
        if st.g[S.G_PHASE] == K.PH_TURN and st.g[S.G_TURN] == seat:
            return
        if st.g[S.G_PHASE] == K.PH_ORDER:
            st.apply(act_code(K.A_NEXT, seat))
        elif st.g[S.G_PHASE] == K.PH_TURN:
            st.apply(act_code(K.A_END))
        else:
            raise AssertionError("cannot reach the turn of seat %d from phase %d" % (seat, st.g[S.G_PHASE]))
    raise AssertionError("no turn for seat %d" % seat)


def end_investigator_turns(st):
    """End every remaining investigator turn: the keeper's turn begins."""
    for _ in range(20):
        ph = st.g[S.G_PHASE]
        if ph == K.PH_ORDER:
            st.apply(legal(st)[0])
        elif ph == K.PH_TURN:
            st.apply(act_code(K.A_END))
        else:
            return


def to_keeper_actions(st):
    """From the investigators' turns to step 3 of the keeper's turn (trades passed)."""
    end_investigator_turns(st)
    for _ in range(20):
        if st.g[S.G_PHASE] == K.PH_TRADE:
            st.apply(act_code(K.A_TRADE_DONE))
        else:
            break
    assert st.g[S.G_PHASE] == K.PH_KEEPER, st.g[S.G_PHASE]


def view_of(st, seat):
    from eldritch.kernel.mansions.game.view import Reader
    return Reader(st.story, st.view(seat))
