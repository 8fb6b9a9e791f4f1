/*
 * es_card.c -- prefix esc_: compile a card for the solver, the C twin of the kernel Solver's set-up
 * (solver.py _setup_states and _setup_classes, matching.minimal_face_sets), with the same results
 * in the same order, so that a host never runs that set-up in Python.
 *
 *   task-set states   ordered card: state i = the first i tasks done (n + 1 states); unordered:
 *                     state m = the tasks not in m done (2^n states). For each task, the (state,
 *                     next state) pairs where it may be attempted (matching.allowed_tasks: an
 *                     ordered card allows only its first task left; sanity and stamina limits
 *                     forbid a task whose costs would bring either to 0).
 *   face classes      faces the card cannot tell apart (the same investigation value capped at
 *                     the card's largest, the same symbols the card asks for, wild or not) merged
 *                     into the lowest; per colour the classes in the order of the die's faces.
 *   minimal face sets per task: every face multiset satisfying all its symbols at once (within
 *                     what ten dice can show), then those containing no other, sorted as the
 *                     kernel sorts its tuples of (face, count).
 * The face-set work needs scratch memory from the caller (ESC_SCRATCH bytes; the core never
 * allocates).
 */
#include "eldersign.h"

#define MAX_DICE 10
#define FSCAP 65536                  /* distinct face vectors of at most ten dice: < 43,758 */
#define HBITS 17                     /* hash slots: 2^17 */

static const int FACE_CAP[ES_NFACES] = {9, 10, 10, 2, 10, 10, 8, 1};
static const int INV_VALUE[ES_NFACES] = {1, 2, 3, 4, 0, 0, 0, 4};
static const int FACE_SYMBITS[ES_NFACES] = {0, 0, 0, 0, 1, 2, 4, 7};
static const int DIE_FACES[3][6] = {{0, 1, 2, 4, 5, 6}, {0, 1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 7}};

/* ----- states --------------------------------------------------------------------------------- */

static int task_allowed(const es_spec *sp, int done, int t, int first_left)
{
    int k, spent_s = 0, spent_h = 0;
    if (sp->ordered && t != first_left)
        return 0;
    for (k = 0; k < sp->ntasks; k++)
        if (done >> k & 1) {
            spent_s += sp->task[k].sanity;
            spent_h += sp->task[k].stamina;
        }
    return (!sp->sanity || sp->sanity - spent_s - sp->task[t].sanity > 0) &&
           (!sp->stamina || sp->stamina - spent_h - sp->task[t].stamina > 0);
}

static void setup_states(const es_spec *sp, es_card *card, es_setup *su)
{
    int n = sp->ntasks, full = (1 << n) - 1, i, t, ns;
    int index[1 << ES_MAX_TASKS];
    ns = sp->ordered ? n + 1 : 1 << n;
    for (i = 0; i < ns; i++) {
        su->state_done[i] = sp->ordered ? (1 << i) - 1 : full ^ i;
        index[su->state_done[i]] = i;
    }
    for (; i < ES_MAX_STATES; i++)
        su->state_done[i] = 0;
    card->nstates = ns;
    su->full_state = index[0];
    card->empty_state = index[full];
    for (t = 0; t < ES_MAX_TASKS; t++)
        card->nallowed[t] = 0;
    for (i = 0; i < ns; i++) {
        int done = su->state_done[i], first_left = -1;
        if (i == card->empty_state)
            continue;
        for (t = 0; t < n && first_left < 0; t++)
            if (!(done >> t & 1))
                first_left = t;
        for (t = 0; t < n; t++) {
            if ((done >> t & 1) || !task_allowed(sp, done, t, first_left))
                continue;
            card->allowed[t][card->nallowed[t]][0] = (uint8_t)i;
            card->allowed[t][card->nallowed[t]][1] = (uint8_t)index[done | 1 << t];
            card->nallowed[t]++;
        }
    }
}

/* ----- classes ------------------------------------------------------------------------------------ */

static void setup_classes(const es_spec *sp, es_card *card, es_setup *su)
{
    int inv_max = 0, symbits = 0, t, k, face, other, c, j;
    int feat[ES_NFACES];
    for (t = 0; t < sp->ntasks; t++) {
        for (k = 0; k < sp->task[t].ninv; k++)
            if (sp->task[t].inv[k] > inv_max)
                inv_max = sp->task[t].inv[k];
        for (k = 0; k < sp->task[t].nfaces; k++)
            symbits |= sp->task[t].faces[k];
    }
    if (sp->terror != ES_TERROR_NONE)
        symbits |= 4;
    for (face = 0; face < ES_NFACES; face++) {
        int inv = INV_VALUE[face] > inv_max ? inv_max : INV_VALUE[face];
        feat[face] = inv * 64 + (FACE_SYMBITS[face] & symbits) * 2 + (face == 7);
    }
    for (face = 0; face < ES_NFACES; face++)
        for (other = 0; other <= face; other++)
            if (feat[other] == feat[face]) {
                su->rep[face] = other;
                break;
            }
    for (c = 0; c < 3; c++) {
        int m = 0;
        for (j = 0; j < ES_NFACES; j++) {
            card->class_face[c][j] = 0;
            card->class_weight[c][j] = 0;
        }
        for (k = 0; k < 6; k++) {
            int rep = su->rep[DIE_FACES[c][k]];
            for (j = 0; j < m && card->class_face[c][j] != rep; j++)
                ;
            if (j == m) {
                card->class_face[c][m] = rep;
                m++;
            }
            card->class_weight[c][j]++;
        }
        card->nclasses[c] = m;
    }
}

/* ----- minimal face sets ---------------------------------------------------------------------------------
 *
 * A face vector is 8 counts in one 64-bit word (face f in bits 8f..8f+7). Symbol by symbol, every
 * partial vector grows by each option of the symbol (a face symbol: one die of an accepted face or
 * a Wildcard; an investigation symbol: each minimal multiset of values I1..I4 reaching its total,
 * an I4 possibly a Wildcard), kept when ten dice can show it; duplicates are merged with a hash.
 */

typedef struct {
    uint64_t *cur, *next, *hash;
    int ncur, nnext;
} grow_state;

/* Minimal multisets of investigation values summing to at least n (matching._inv_sets order). */
static int inv_options(int n, uint64_t *opts, int cap)
{
    int c1, c2, c3, c4, k = 0, w;
    for (c4 = 0; c4 <= MAX_DICE; c4++)
        for (c3 = 0; c3 <= MAX_DICE - c4; c3++)
            for (c2 = 0; c2 <= MAX_DICE - c4 - c3; c2++)
                for (c1 = 0; c1 <= MAX_DICE - c4 - c3 - c2; c1++) {
                    int total = c1 + 2 * c2 + 3 * c3 + 4 * c4;
                    int low = c1 ? 1 : c2 ? 2 : c3 ? 3 : c4 ? 4 : 0;
                    if (total < n)
                        continue;
                    if (low && total - low < n)
                        for (w = 0; w <= (c4 < 1 ? c4 : 1); w++) {
                            if (k == cap)
                                return -1;
                            opts[k++] = (uint64_t)c1 | (uint64_t)c2 << 8 | (uint64_t)c3 << 16 |
                                        (uint64_t)(c4 - w) << 24 | (uint64_t)w << 56;
                        }
                    break;      /* a larger c1 only adds surplus */
                }
    return k;
}

static int fits(uint64_t v)
{
    int f, sum = 0;
    for (f = 0; f < ES_NFACES; f++) {
        int c = (int)(v >> (8 * f) & 255);
        if (c > FACE_CAP[f])
            return 0;
        sum += c;
    }
    return sum <= MAX_DICE;
}

static void grow(grow_state *g, const uint64_t *opts, int nopts)
{
    uint64_t want = (uint64_t)g->ncur * (uint64_t)nopts * 2, mask, h;
    int i, k, bits = 4;
    uint64_t *tmp;
    /* a hash just large enough for this step's candidates, cleared before use */
    while (bits < HBITS && ((uint64_t)1 << bits) < want)
        bits++;
    mask = ((uint64_t)1 << bits) - 1;
    for (h = 0; h <= mask; h++)
        g->hash[h] = 0;
    g->nnext = 0;
    for (i = 0; i < g->ncur; i++)
        for (k = 0; k < nopts; k++) {
            uint64_t s = g->cur[i] + opts[k];
            if (!fits(s))
                continue;
            for (h = (s * 0x9E3779B97F4A7C15ULL) >> (64 - bits); g->hash[h]; h = (h + 1) & mask)
                if (g->hash[h] == s + 1)
                    break;
            if (g->hash[h])
                continue;
            g->hash[h] = s + 1;
            g->next[g->nnext++] = s;
        }
    tmp = g->cur;
    g->cur = g->next;
    g->next = tmp;
    g->ncur = g->nnext;
}

/* The kernel's order: tuples of (face, count) over the non-zero faces, compared lexicographically. */
static int pair_cmp(uint64_t a, uint64_t b)
{
    int fa = 0, fb = 0;
    for (;;) {
        int ca, cb;
        while (fa < ES_NFACES && !(a >> (8 * fa) & 255))
            fa++;
        while (fb < ES_NFACES && !(b >> (8 * fb) & 255))
            fb++;
        if (fa == ES_NFACES || fb == ES_NFACES)
            return (fa == ES_NFACES ? 0 : 1) - (fb == ES_NFACES ? 0 : 1);
        if (fa != fb)
            return fa < fb ? -1 : 1;
        ca = (int)(a >> (8 * fa) & 255);
        cb = (int)(b >> (8 * fb) & 255);
        if (ca != cb)
            return ca < cb ? -1 : 1;
        fa++;
        fb++;
    }
}

static int task_sets(const es_task_spec *ts, grow_state *g, uint8_t *out, int cap)
{
    const uint64_t H = 0x8080808080808080ULL;
    uint64_t opts[512];
    int k, i, j, nopts, nmin = 0;
    g->cur[0] = 0;
    g->ncur = 1;
    for (k = 0; k < ts->nfaces; k++) {
        static const int BIT_FACE[3][2] = {{1, 4}, {2, 5}, {4, 6}};
        nopts = 0;
        for (i = 0; i < 3; i++)
            if (ts->faces[k] & BIT_FACE[i][0])
                opts[nopts++] = (uint64_t)1 << (8 * BIT_FACE[i][1]);
        opts[nopts++] = (uint64_t)1 << 56;
        grow(g, opts, nopts);
    }
    for (k = 0; k < ts->ninv; k++) {
        if ((nopts = inv_options(ts->inv[k], opts, 512)) < 0)
            return ES_ECARD;
        grow(g, opts, nopts);
    }
    /* keep the vectors containing no other (SWAR: a contains b when no byte of a - b borrows) */
    for (i = 0; i < g->ncur; i++) {
        uint64_t s = g->cur[i];
        int dominated = 0;
        for (j = 0; j < g->ncur && !dominated; j++)
            dominated = j != i && (((s | H) - g->cur[j]) & H) == H;
        if (!dominated)
            g->next[nmin++] = s;
    }
    if (nmin > cap)
        return ES_EFULL;
    /* insertion sort into the kernel's order (the lists are short) */
    for (i = 1; i < nmin; i++) {
        uint64_t v = g->next[i];
        for (j = i; j > 0 && pair_cmp(g->next[j - 1], v) > 0; j--)
            g->next[j] = g->next[j - 1];
        g->next[j] = v;
    }
    for (i = 0; i < nmin; i++)
        for (k = 0; k < ES_NFACES; k++)
            out[(size_t)i * ES_NFACES + k] = (uint8_t)(g->next[i] >> (8 * k));
    return nmin;
}

/* ----- entry point ------------------------------------------------------------------------------------------- */

static int check_spec(const es_spec *sp)
{
    int t, k;
    if (sp->ntasks < 1 || sp->ntasks > ES_MAX_TASKS || sp->ordered < 0 || sp->ordered > 1 ||
        sp->terror < 0 || sp->terror > 2 || sp->sanity < 0 || sp->sanity > 255 || sp->stamina < 0 ||
        sp->stamina > 255)
        return ES_EARG;
    for (t = 0; t < sp->ntasks; t++) {
        const es_task_spec *ts = &sp->task[t];
        if (ts->ninv < 0 || ts->nfaces < 0 || ts->ninv + ts->nfaces < 1 ||
            ts->ninv + ts->nfaces > ES_MAX_SYMBOLS || ts->sanity < 0 || ts->sanity > 255 ||
            ts->stamina < 0 || ts->stamina > 255)
            return ES_EARG;
        for (k = 0; k < ts->ninv; k++)
            if (ts->inv[k] < 1 || ts->inv[k] > 36)
                return ES_EARG;
        for (k = 0; k < ts->nfaces; k++)
            if (ts->faces[k] < 1 || ts->faces[k] > 7)
                return ES_EARG;
    }
    return ES_OK;
}

int esc_compile(const es_spec *spec, es_card *card, es_setup *setup, uint8_t *facesets, int32_t cap,
                void *scratch, size_t scratch_size)
{
    grow_state g;
    int rc, t, total = 0;
    if (!spec || !card || !setup || !facesets || !scratch || cap < 0)
        return ES_EARG;
    if ((rc = check_spec(spec)) != ES_OK)
        return rc;
    if (scratch_size < ESC_SCRATCH || ((uintptr_t)scratch & 7u))
        return ES_EWS;
    g.hash = (uint64_t *)scratch;
    g.cur = g.hash + ((size_t)1 << HBITS);
    g.next = g.cur + FSCAP;
    card->ntasks = spec->ntasks;
    card->terror = spec->terror;
    setup_states(spec, card, setup);
    setup_classes(spec, card, setup);
    for (t = 0; t < ES_MAX_TASKS; t++) {
        int n = 0;
        if (t < spec->ntasks) {
            n = task_sets(&spec->task[t], &g, facesets + (size_t)total * ES_NFACES, cap - total);
            if (n < 0)
                return n;
            if (n > ES_MAX_FACESETS)
                return ES_ECARD;
        }
        card->nfacesets[t] = n;
        total += n;
    }
    card->facesets = facesets;
    setup->nfacesets = total;
    return ES_OK;
}
