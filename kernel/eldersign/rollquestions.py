"""One roll's questions for a context with spells or clues (advice): the best value after a roll,
E[value] of a kept part of a roll when the rest is rerolled with a clue, and every kept part's E at
once (the board's clue advice). Each builds the context's DAG (tables.py) with its successors
solved, and answers from the slices of one task-set state at a time.

Apart from tables.py so that a solve imports only what it runs: the board's unix-port stand-in
compiles each module from source when it is first imported, and the compiler's peak grows with the
module (the firmware has them frozen).
"""

from ..errors import KernelError
from .dice import YELLOW, RED, NFACES
from .rolls import FIELD, completions
from .tables import Dag, _addw


def _ready(solver, ctx):
    """The Dag of ctx, its successors solved, prepared (for one roll's values)."""
    dag = Dag(solver, ctx)
    for cx in dag.successors():
        solver._val(cx)
    dag.prepare()
    return dag


def _table_roll_values(solver, ctx, q, yi, ri):
    """The best value vector of one roll (green key q, yellow / red block indices) of a context with
    spells or clues."""
    dag = _ready(solver, ctx)
    top = dag.top
    b = (yi if yi >= 0 else 0) * top.nr + (ri if ri >= 0 else 0)
    lo = dag.gr.goff[top.g]
    out = [0] * solver.nstates
    # every state, the empty one too: a roll's value there is what its options give (0 when
    # Terror fails the roll), as the C core reports it
    for st in range(solver.nstates):
        dag.begin_state(st)
        t = dag.t_slice(top, ctx[6], b, st)
        out[st] = t[q - lo]
        dag.pool.give(t)
    dag.release()
    return out


def _kept_type_e(dag, yi, ri, st):
    """The E (by green key) of the kept sub-rolls with yellow class yi kept (-1: rerolled) and red
    class ri kept (-1: rerolled), at the DAG's level (the context's clues - 1): (a low table, a row
    table) of the pool as Dag.sweep_down leaves them; _e_at reads one, _give_e gives both back."""
    top = dag.top
    pool = dag.pool
    rows = dag.gr.goff[top.g + 1] - dag.gr.goff[top.g]
    solver = dag.solver
    y = top.y
    r = top.r
    nr = top.nr
    ycls = solver.classes[YELLOW]
    rcls = solver.classes[RED]
    k = dag.c
    sum_t = None
    extra = 0
    for yj in range(top.ny):
        if y and yi >= 0 and yj != yi:
            continue
        for rj in range(nr):
            if r and ri >= 0 and rj != ri:
                continue
            w = (ycls[yj][1] if y and yi < 0 else 1) * (rcls[rj][1] if r and ri < 0 else 1)
            t = dag.t_slice(top, k, yj * nr + rj, st)
            if sum_t is None:
                sum_t = pool.zeros(rows)
            _addw(sum_t, t, w, rows)
            pool.give(t)
    if y and yi < 0:
        extra += 1
    if r and ri < 0:
        extra += 1
    return dag.sweep_down(sum_t, top.g, extra), sum_t


def _e_at(dag, e, key):
    """E of green key `key` in _kept_type_e's answer."""
    lo = dag.gr.goff[dag.top.g]
    return e[0][key] if key < lo else e[1][key - lo]


def _give_e(dag, e):
    dag.pool.give_low(e[0])
    dag.pool.give(e[1])


def _table_keep_value(solver, ctx, q, yi, ri):
    """E[value with one clue fewer] of kept sub-roll (green key q, yellow / red class kept or -1)."""
    g, y, r, held, f, s, c = ctx
    dag = _ready(solver, (g, y, r, held, f, s, c - 1))
    out = [0] * solver.nstates
    for st in range(solver.nstates):
        dag.begin_state(st)
        e = _kept_type_e(dag, yi, ri, st)
        out[st] = _e_at(dag, e, q)
        _give_e(dag, e)
    dag.release()
    return out


def keep_values_at(solver, ctx, gfaces, yf, rf, st):
    """Solver.keep_values_at: every kept part's E at state st for one roll of a context with clues,
    one sweep per kind of kept part (yellow kept or rerolled, red kept or rerolled)."""
    g, y, r, held, f, s, c = ctx
    if c < 1:
        raise KernelError("option", "a reroll needs a clue")
    ctx = (g, y, r, solver.norm_held(held), f, s, c)
    q, k, yi, ri = read_roll(solver, ctx, gfaces, yf, rf, True)
    if st < 0 or st >= solver.nstates:
        raise KernelError("state", "no such state: %d" % st)
    dag = _ready(solver, (g, y, r, ctx[3], f, s, c - 1))
    gr = dag.gr
    subs = _sub_keys(gr, q)
    faces = []
    for p in subs:
        kept = [0] * NFACES
        for j in range(gr.m):
            kept[solver.gface[j]] = gr.count(p, j)
        faces.append(tuple(kept))
    out = {}
    dag.begin_state(st)
    for ykeep in ((1, 0) if y else (0,)):
        for rkeep in ((1, 0) if r else (0,)):
            e = _kept_type_e(dag, yi if ykeep else -1, ri if rkeep else -1, st)
            for i in range(len(subs)):
                out[(faces[i], ykeep, rkeep)] = _e_at(dag, e, subs[i])
            _give_e(dag, e)     # the next sweep takes the same tables
            e = None
    dag.release()
    return out


def _sub_keys(gr, q):
    """The green keys of every sub-multiset of green key q."""
    m = gr.m
    counts = [gr.count(q, j) for j in range(m)]
    # walk every sub-multiset by counts; find its key by its packed form (sizes are small)
    out = []
    cur = [0] * m
    while True:
        p = gr.guard
        k = 0
        for j in range(m):
            p += cur[j] << (5 * j)
            k += cur[j]
        out.append(gr.find(p, k))
        j = 0
        while j < m and cur[j] == counts[j]:
            cur[j] = 0
            j += 1
        if j == m:
            return out
        cur[j] += 1


def read_roll(solver, ctx, gfaces, yf, rf, exact):
    """(green key, yellow class index, red class index) of a roll given by representative face
    (-1: no such die, or rerolled); KernelError unless it is a roll of the context's pool (exact)
    or part of one."""
    g, y, r = ctx[0], ctx[1], ctx[2]
    gr = solver.green(g)
    p = solver.guard
    k = 0
    for face in range(NFACES):
        n = gfaces[face]
        if n:
            j = solver.gcls[face]
            if j < 0 or n > 15:
                raise KernelError("roll", "no green die shows face %d here" % face)
            p += n << (FIELD * j)
            k += n
    if k > g:
        raise KernelError("roll", "more green dice than the pool has")
    yi = _class_index(solver.classes[YELLOW], yf) if y and yf >= 0 else -1
    ri = _class_index(solver.classes[RED], rf) if r and rf >= 0 else -1
    if (yf >= 0 and yi < 0) or (rf >= 0 and ri < 0):
        raise KernelError("roll", "no such yellow or red die in this pool")
    if exact and (k != g or (y and yi < 0) or (r and ri < 0)):
        raise KernelError("roll", "the roll is not the context's pool")
    return gr.find(p, k), k, yi, ri


def _class_index(cls, face):
    for i in range(len(cls)):
        if cls[i][0] == face:
            return i
    return -1


def roll_values(solver, ctx, gfaces, yf, rf):
    """Solver.roll_values: the best value vector after this roll."""
    g, y, r, held, f, s, c = ctx
    ctx = (g, y, r, solver.norm_held(held), f, s, c)
    q, k, yi, ri = read_roll(solver, ctx, gfaces, yf, rf, True)
    if s or c:
        return _table_roll_values(solver, ctx, q, yi, ri)
    return row_best(solver, ctx, q, yi, ri)


def row_best(solver, ctx, q, yi, ri):
    """The best vector (a list) of roll (green key q, yellow / red class) in a context without
    spells or clues."""
    g, y, r, held, f, s, c = ctx
    nd = solver.node(g, y, r, held)
    yf, rf, bw, cands, always = nd.blocks[(yi if yi >= 0 else 0) * nd.nr + (ri if ri >= 0 else 0)]
    gr = solver.green(g)
    gp = gr.pk[q]
    guard = gr.guard
    cb = completions(cands, always, nd.sat(gp, guard))
    fkq = solver.fail_keys(f, gr)
    fv = solver.fail_vec(ctx, yf, rf, fkq[q] if fkq is not None else 0)
    cv = solver.comp_vec(ctx, nd.comps, cb)
    solver.tick(1)
    return [a if a > b else b for a, b in zip(fv, cv)]


def keep_value(solver, ctx, gfaces, unrolled_green, yf, rf):
    """Solver.keep_value: E[best value with one clue fewer] of a kept part of a roll."""
    g, y, r, held, f, s, c = ctx
    if c < 1:
        raise KernelError("option", "a reroll needs a clue")
    ctx = (g, y, r, solver.norm_held(held), f, s, c)
    q, k, yi, ri = read_roll(solver, ctx, gfaces, yf, rf, False)
    if unrolled_green < 0 or k + unrolled_green != g:
        raise KernelError("roll", "kept and rerolled green dice are not the pool")
    return _table_keep_value(solver, ctx, q, yi, ri)
