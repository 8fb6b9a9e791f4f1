/*
 * es_solve.c -- prefix ess_: the exact optimal-play solver of kernel/eldersign/solver.py in C.
 *
 * Same model, same canonical integers. A context is (pool g/y/r, held dice by face, focus, spells,
 * clues); its value is a vector over task-set states: round(sum over rolls of weight * best option
 * / 6^dice), rounded once, half up, with weighted sums in unsigned __int128. The best option after a
 * roll is the max over: failing (terror effect, set a die aside, maybe focus another), completing an
 * allowed task with a minimal face set split among green/yellow/red/held dice, holding a die with a
 * spell (then the same roll minus that die), and a clue reroll (best over kept sub-rolls K of
 * E(K) = round(N(K) / 6^u), N exact).
 *
 * Organisation. Contexts are memoised in an open-addressing table inside the workspace (values never
 * move). Green rolls are multisets over the card's green face classes, ranked with the combinatorial
 * number system, with +1/-1 neighbour tables. A context with clues is solved as a chain of "roll
 * tables" (the best value of every roll of the pool, one row per roll): level 0 is the context with
 * no clue, and level c adds the clue option, computed for every roll at once by two sweeps over the
 * partial rolls (exact N top-down, then best-over-subsets bottom-up), one state column at a time.
 * Nested tables come from a stack arena in the workspace. With spells and clues together, level c
 * also holds each die of every roll with a spell: the roll table of the sub-context (pool minus that
 * die, held plus it, one spell fewer, c clues) is built in the arena and its rows are merged into the
 * rows of the rolls that contain the die.
 *
 * Arena bound: every live arena table belongs to a context on the solve stack, and along that stack
 * the pool never grows (failing, focusing, completing and holding remove dice) while contexts with
 * the same pool differ by strictly fewer held dice (a task done with held dice only). So at most
 * held + 1 tables per pool are live at once, which is what plan() reserves (held + 2, times scale).
 */
#include "eldersign.h"

__extension__ typedef unsigned __int128 u128;

#define WS_MAGIC 0x456c6472744331ULL /* "EldrtC1" */
#define TERROR_FACE 6
#define ALIGN16(n) (((n) + 15u) & ~(size_t)15u)
#define MAX_SPLITS 64

typedef struct {
    int g, y, r, f, s, c;
    uint32_t hp;                 /* held dice: 4-bit count per face, face 0 lowest */
} ictx;

#define HELD(x, face) ((int)((x)->hp >> (4 * (face)) & 15u))
#define HOLD(face) ((uint32_t)1 << (4 * (face)))

typedef struct {
    uint64_t magic;
    size_t size;
    es_limits lim;
    int ntasks, nstates, empty, terror;
    int ncls[3];
    int cface[3][ES_NFACES];
    uint64_t cw[3][ES_NFACES];
    int nallowed[ES_MAX_TASKS];
    uint8_t allowed[ES_MAX_TASKS][ES_MAX_STATES][2];
    int fsoff[ES_MAX_TASKS + 1];
    int ngm;                               /* green multisets of size 0..gmax */
    int goff[ES_MAX_GREEN + 2];
    uint64_t pow6[24];
    size_t off_fs, off_fsn, off_gcnt, off_gw, off_gadd, off_gsub;
    size_t memo_cap, memo_used, off_mkeys, off_mvals, off_empty;
    size_t off_nscr, nkeys_max;
    size_t off_cache, cache_rows;
    uint64_t cache_key;
    size_t off_arena, arena_bytes, arena_top;
    uint64_t pairs, contexts;
} wsh;

#define PTR(w, off, type) ((type *)((unsigned char *)(w) + (off)))

/* ----- small maths ------------------------------------------------------------------------- */

static uint64_t binom(int n, int k)
{
    uint64_t r = 1;
    int i;
    if (k < 0 || n < 0 || k > n)
        return 0;
    for (i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* Rank of a multiset (counts over m classes) among the multisets of its size. */
static int mrank(const uint8_t *c, int m)
{
    int i, p = 0;
    uint64_t r = 0;
    for (i = 1; i < m; i++) {
        p += c[i - 1];
        r += binom(p + i - 1, i);
    }
    return (int)r;
}

/* ----- sizing ----------------------------------------------------------------------------------- */

static int check_card(const es_card *card)
{
    int c, j, t, k, total = 0;
    if (!card)
        return ES_EARG;
    if (card->ntasks < 1 || card->ntasks > ES_MAX_TASKS || card->nstates < 1 ||
        card->nstates > ES_MAX_STATES || card->empty_state < 0 ||
        card->empty_state >= card->nstates || card->terror < 0 || card->terror > 2)
        return ES_ECARD;
    for (c = 0; c < 3; c++) {
        int sum = 0;
        if (card->nclasses[c] < 1 || card->nclasses[c] > 6)
            return ES_ECARD;
        for (j = 0; j < card->nclasses[c]; j++) {
            if (card->class_face[c][j] < 0 || card->class_face[c][j] >= ES_NFACES ||
                card->class_weight[c][j] < 1 || card->class_weight[c][j] > 6)
                return ES_ECARD;
            for (k = 0; k < j; k++)
                if (card->class_face[c][k] == card->class_face[c][j])
                    return ES_ECARD;
            sum += card->class_weight[c][j];
        }
        if (sum != 6)
            return ES_ECARD;
    }
    for (t = 0; t < ES_MAX_TASKS; t++) {
        if (card->nallowed[t] < 0 || card->nallowed[t] > card->nstates ||
            card->nfacesets[t] < 0 || card->nfacesets[t] > ES_MAX_FACESETS)
            return ES_ECARD;
        if (t >= card->ntasks && (card->nallowed[t] || card->nfacesets[t]))
            return ES_ECARD;
        for (k = 0; k < card->nallowed[t]; k++)
            if (card->allowed[t][k][0] >= card->nstates || card->allowed[t][k][1] >= card->nstates)
                return ES_ECARD;
        total += card->nfacesets[t];
    }
    if (total > 0 && !card->facesets)
        return ES_ECARD;
    for (k = 0; k < total; k++) {
        int nd = 0;
        for (j = 0; j < ES_NFACES; j++) {
            if (card->facesets[k * ES_NFACES + j] > 10)
                return ES_ECARD;
            nd += card->facesets[k * ES_NFACES + j];
        }
        if (nd > 15)
            return ES_ECARD;
    }
    return ES_OK;
}

static int check_limits(const es_limits *l)
{
    if (!l)
        return ES_EARG;
    if (l->green < 0 || l->green > ES_MAX_GREEN || l->yellow < 0 || l->yellow > 1 || l->red < 0 ||
        l->red > 1 || l->focus < 0 || l->focus > ES_MAX_USES || l->spells < 0 ||
        l->spells > ES_MAX_USES || l->clues < 0 || l->clues > ES_MAX_USES || l->held < 0 ||
        l->held > ES_MAX_HELD || l->scale < 1 || l->scale > 64)
        return ES_EARG;
    return ES_OK;
}

typedef struct {
    size_t off_fs, off_fsn, off_gcnt, off_gw, off_gadd, off_gsub, off_mkeys, off_mvals, off_empty;
    size_t off_nscr, off_cache, off_arena, total;
    size_t memo_cap, nkeys_max, cache_rows, arena_bytes;
    int ngm;
} layout;

static size_t nrows_of(const es_card *card, int g, int y, int r)
{
    return (size_t)binom(g + card->nclasses[0] - 1, card->nclasses[0] - 1) *
           (size_t)(y ? card->nclasses[1] : 1) * (size_t)(r ? card->nclasses[2] : 1);
}

static void plan(const es_card *card, const es_limits *l, layout *p)
{
    int t, total = 0, f, s, g, y, r, nrep = 0, face, c, j;
    size_t bound = 0, cap = 64, off, arena = 0;
    int seen[ES_NFACES] = {0};
    for (t = 0; t < ES_MAX_TASKS; t++)
        total += card->nfacesets[t];
    for (c = 0; c < 3; c++)
        for (j = 0; j < card->nclasses[c]; j++)
            seen[card->class_face[c][j]] = 1;
    for (face = 0; face < ES_NFACES; face++)
        nrep += seen[face];
    p->ngm = (int)binom(l->green + card->nclasses[0], card->nclasses[0]);
    /* contexts: pools x uses x held multisets (held grows by one per focus or spell used) */
    for (f = 0; f <= l->focus; f++)
        for (s = 0; s <= l->spells; s++) {
            int h = l->held - f - s;
            if (h < 0)
                h = 0;
            bound += (size_t)binom(h + nrep, nrep);
        }
    bound *= (size_t)(l->green + 1) * (size_t)(l->yellow + 1) * (size_t)(l->red + 1) *
             (size_t)(l->clues + 1);
    bound = bound * 2 * (size_t)l->scale;
    while (cap < bound)
        cap <<= 1;
    p->memo_cap = cap;
    p->nkeys_max = (size_t)p->ngm * (size_t)(l->yellow ? card->nclasses[1] + 1 : 1) *
                   (size_t)(l->red ? card->nclasses[2] + 1 : 1);
    p->cache_rows = nrows_of(card, l->green, l->yellow, l->red);
    if (l->clues > 0) {
        for (g = 0; g <= l->green; g++)
            for (y = 0; y <= l->yellow; y++)
                for (r = 0; r <= l->red; r++)
                    arena += ALIGN16(nrows_of(card, g, y, r) * (size_t)card->nstates * 8);
        arena *= (size_t)(l->held + 2) * (size_t)l->scale;
    }
    p->arena_bytes = arena;
    off = ALIGN16(sizeof(wsh));
    p->off_fs = off;
    off = ALIGN16(off + (size_t)total * 8);
    p->off_fsn = off;
    off = ALIGN16(off + (size_t)total);
    p->off_gcnt = off;
    off = ALIGN16(off + (size_t)p->ngm * ES_NFACES);
    p->off_gw = off;
    off = ALIGN16(off + (size_t)p->ngm * 8);
    p->off_gadd = off;
    off = ALIGN16(off + (size_t)p->ngm * ES_NFACES * 2);
    p->off_gsub = off;
    off = ALIGN16(off + (size_t)p->ngm * ES_NFACES * 2);
    p->off_mkeys = off;
    off = ALIGN16(off + p->memo_cap * 8);
    p->off_mvals = off;
    off = ALIGN16(off + p->memo_cap * (size_t)card->nstates * 8);
    p->off_empty = off;
    off = ALIGN16(off + (size_t)card->nstates * 8);
    p->off_nscr = off;
    off = ALIGN16(off + (l->clues > 0 ? p->nkeys_max * 16 : 0));
    p->off_cache = off;
    off = ALIGN16(off + (l->clues > 0 ? p->cache_rows * (size_t)card->nstates * 8 : 0));
    p->off_arena = off;
    off = ALIGN16(off + p->arena_bytes);
    p->total = off;
}

size_t ess_workspace_size(const es_card *card, const es_limits *limits)
{
    layout p;
    if (check_card(card) != ES_OK || check_limits(limits) != ES_OK)
        return 0;
    plan(card, limits, &p);
    return p.total;
}

/* ----- set-up ------------------------------------------------------------------------------------- */

/* Record every multiset of `k` dice over the m green classes whose first j counts are set. */
static void gen_green(wsh *w, uint8_t *c, int j, int left, int k, const uint64_t *fact)
{
    int m = w->ncls[0], q, e;
    if (j == m - 1) {
        int idx;
        uint64_t wt = fact[k];
        uint8_t *gcnt = PTR(w, w->off_gcnt, uint8_t);
        c[j] = (uint8_t)left;
        idx = w->goff[k] + mrank(c, m);
        for (q = 0; q < ES_NFACES; q++)
            gcnt[(size_t)idx * ES_NFACES + q] = q < m ? c[q] : 0;
        for (q = 0; q < m; q++) {
            wt /= fact[c[q]];
            for (e = 0; e < c[q]; e++)
                wt *= w->cw[0][q];
        }
        PTR(w, w->off_gw, uint64_t)[idx] = wt;
        return;
    }
    for (q = 0; q <= left; q++) {
        c[j] = (uint8_t)q;
        gen_green(w, c, j + 1, left - q, k, fact);
    }
}

static void fill_green(wsh *w)
{
    int m = w->ncls[0], gmax = w->lim.green, k, j, i;
    const uint8_t *gcnt = PTR(w, w->off_gcnt, uint8_t);
    int16_t *gadd = PTR(w, w->off_gadd, int16_t);
    int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    uint64_t fact[ES_MAX_GREEN + 1];
    uint8_t c[ES_NFACES];
    fact[0] = 1;
    for (i = 1; i <= ES_MAX_GREEN; i++)
        fact[i] = fact[i - 1] * (uint64_t)i;
    /* goff[k]: multisets of size < k, C(k - 1 + m, m) */
    for (k = 0; k <= gmax + 1; k++)
        w->goff[k] = k == 0 ? 0 : (int)binom(k - 1 + m, m);
    w->ngm = w->goff[gmax + 1];
    for (j = 0; j < ES_NFACES; j++)
        c[j] = 0;
    for (k = 0; k <= gmax; k++)
        gen_green(w, c, 0, k, k, fact);
    for (i = 0; i < w->ngm; i++) {
        int size = 0;
        for (j = 0; j < ES_NFACES; j++) {
            c[j] = gcnt[(size_t)i * ES_NFACES + j];
            size += c[j];
        }
        for (j = 0; j < ES_NFACES; j++) {
            gadd[i * ES_NFACES + j] = -1;
            gsub[i * ES_NFACES + j] = -1;
            if (j >= m)
                continue;
            if (size < gmax) {
                c[j]++;
                gadd[i * ES_NFACES + j] = (int16_t)(w->goff[size + 1] + mrank(c, m));
                c[j]--;
            }
            if (c[j]) {
                c[j]--;
                gsub[i * ES_NFACES + j] = (int16_t)(w->goff[size - 1] + mrank(c, m));
                c[j]++;
            }
        }
    }
}

int ess_init(void *ws, size_t size, const es_card *card, const es_limits *limits)
{
    layout p;
    wsh *w = (wsh *)ws;
    int rc, c, j, t, k, total = 0;
    uint64_t *fs;
    size_t i;
    if (!ws)
        return ES_EARG;
    if ((rc = check_card(card)) != ES_OK)
        return rc;
    if ((rc = check_limits(limits)) != ES_OK)
        return rc;
    if (((uintptr_t)ws & 15u) != 0)
        return ES_EWS;
    plan(card, limits, &p);
    if (size < p.total)
        return ES_EWS;
    w->magic = 0;
    w->size = size;
    w->lim = *limits;
    w->ntasks = card->ntasks;
    w->nstates = card->nstates;
    w->empty = card->empty_state;
    w->terror = card->terror;
    for (c = 0; c < 3; c++) {
        w->ncls[c] = card->nclasses[c];
        for (j = 0; j < ES_NFACES; j++) {
            w->cface[c][j] = j < card->nclasses[c] ? card->class_face[c][j] : 0;
            w->cw[c][j] = j < card->nclasses[c] ? (uint64_t)card->class_weight[c][j] : 0;
        }
    }
    for (t = 0; t < ES_MAX_TASKS; t++) {
        w->nallowed[t] = card->nallowed[t];
        for (k = 0; k < ES_MAX_STATES; k++) {
            w->allowed[t][k][0] = k < card->nallowed[t] ? card->allowed[t][k][0] : 0;
            w->allowed[t][k][1] = k < card->nallowed[t] ? card->allowed[t][k][1] : 0;
        }
        w->fsoff[t] = total;
        total += card->nfacesets[t];
    }
    w->fsoff[ES_MAX_TASKS] = total;
    w->off_fs = p.off_fs;
    w->off_fsn = p.off_fsn;
    w->off_gcnt = p.off_gcnt;
    w->off_gw = p.off_gw;
    w->off_gadd = p.off_gadd;
    w->off_gsub = p.off_gsub;
    w->memo_cap = p.memo_cap;
    w->memo_used = 0;
    w->off_mkeys = p.off_mkeys;
    w->off_mvals = p.off_mvals;
    w->off_empty = p.off_empty;
    w->off_nscr = p.off_nscr;
    w->nkeys_max = p.nkeys_max;
    w->off_cache = p.off_cache;
    w->cache_rows = p.cache_rows;
    w->cache_key = 0;
    w->off_arena = p.off_arena;
    w->arena_bytes = p.arena_bytes;
    w->arena_top = 0;
    w->pairs = 0;
    w->contexts = 0;
    w->pow6[0] = 1;
    for (k = 1; k < 24; k++)
        w->pow6[k] = w->pow6[k - 1] * 6u;
    fs = PTR(w, w->off_fs, uint64_t);
    for (k = 0; k < total; k++) {
        uint64_t v = 0;
        int nd = 0;
        for (j = 0; j < ES_NFACES; j++) {
            v |= (uint64_t)card->facesets[k * ES_NFACES + j] << (8 * j);
            nd += card->facesets[k * ES_NFACES + j];
        }
        fs[k] = v;
        PTR(w, w->off_fsn, uint8_t)[k] = (uint8_t)nd;
    }
    fill_green(w);
    for (i = 0; i < w->memo_cap; i++)
        PTR(w, w->off_mkeys, uint64_t)[i] = 0;
    for (k = 0; k < w->nstates; k++)
        PTR(w, w->off_empty, uint64_t)[k] = k == w->empty ? ES_ONE : 0;
    w->magic = WS_MAGIC;
    return ES_OK;
}

/* ----- the memo ----------------------------------------------------------------------------------- */

static inline uint64_t pack(const ictx *x)
{
    return (uint64_t)x->g | (uint64_t)x->y << 4 | (uint64_t)x->r << 5 | (uint64_t)x->f << 6 |
           (uint64_t)x->s << 9 | (uint64_t)x->c << 12 | (uint64_t)x->hp << 16 | (1ULL << 63);
}

static inline uint64_t *memo_find(wsh *w, uint64_t key, int insert)
{
    uint64_t *keys = PTR(w, w->off_mkeys, uint64_t);
    size_t mask = w->memo_cap - 1;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
    for (;;) {
        if (keys[h] == key)
            return PTR(w, w->off_mvals, uint64_t) + h * (size_t)w->nstates;
        if (keys[h] == 0) {
            if (!insert || (w->memo_used + 1) * 4 > w->memo_cap * 3)
                return 0;
            keys[h] = key;
            w->memo_used++;
            return PTR(w, w->off_mvals, uint64_t) + h * (size_t)w->nstates;
        }
        h = (h + 1) & mask;
    }
}

static void *arena_alloc(wsh *w, size_t bytes)
{
    size_t need = ALIGN16(bytes);
    void *p;
    if (w->arena_top + need > w->arena_bytes)
        return 0;
    p = PTR(w, w->off_arena + w->arena_top, void);
    w->arena_top += need;
    return p;
}

/* ----- per-roll evaluation ------------------------------------------------------------------------- */

static int get_values(wsh *w, const ictx *x, const uint64_t **out);

static void vmax(uint64_t *best, const uint64_t *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (v[i] > best[i])
            best[i] = v[i];
}

/* Successor vectors already looked up while solving one context (pointers into the memo, which
 * never moves): fails by (aside, focused die), completions without held dice by (g, y, r used), and
 * completions with held dice in a small direct-mapped table. */
#define HCACHE 64
typedef struct {
    const uint64_t *fail[3][25];
    const uint64_t *comp[64];
    uint64_t hkey[HCACHE];
    const uint64_t *hval[HCACHE];
} frame;

static void frame_reset(frame *fr)
{
    int a, i;
    for (a = 0; a < 3; a++)
        for (i = 0; i < 25; i++)
            fr->fail[a][i] = 0;
    for (i = 0; i < 64; i++)
        fr->comp[i] = 0;
    for (i = 0; i < HCACHE; i++) {
        fr->hkey[i] = 0;
        fr->hval[i] = 0;
    }
}

static int take(wsh *w, const ictx *x, const uint64_t **slot, uint64_t *best)
{
    const uint64_t *v;
    int rc;
    if (slot && *slot) {
        vmax(best, *slot, w->nstates);
        return ES_OK;
    }
    rc = get_values(w, x, &v);
    if (rc == ES_OK) {
        vmax(best, v, w->nstates);
        if (slot)
            *slot = v;
    }
    return rc;
}

typedef struct {
    int nf;
    uint8_t face[ES_NFACES], need[ES_NFACES];
    const uint8_t *gf;
    int yf, rf;
    const uint8_t *hc;
    uint64_t keys[MAX_SPLITS];
    int nkeys;
    int overflow;
} split_walk;

static void split_rec(split_walk *sw, int i, int gu, int yu, int ru, uint32_t hu)
{
    int face, k, topy, topr, hc, b, cc, d;
    if (i == sw->nf) {
        uint64_t key = (uint64_t)gu | (uint64_t)yu << 4 | (uint64_t)ru << 5 | (uint64_t)hu << 8;
        int q;
        for (q = 0; q < sw->nkeys; q++)
            if (sw->keys[q] == key)
                return;
        if (sw->nkeys < MAX_SPLITS)
            sw->keys[sw->nkeys++] = key;
        else
            sw->overflow = 1;
        return;
    }
    face = sw->face[i];
    k = sw->need[i];
    topy = sw->yf == face;
    topr = sw->rf == face;
    hc = sw->hc[face];
    if (!(topy || topr || hc)) {
        split_rec(sw, i + 1, gu + k, yu, ru, hu);
        return;
    }
    for (b = 0; b <= topy; b++)
        for (cc = 0; cc <= topr; cc++) {
            int left = k - b - cc, top;
            if (left < 0)
                continue;
            top = hc < left ? hc : left;
            for (d = 0; d <= top; d++)
                if (left - d <= sw->gf[face])
                    split_rec(sw, i + 1, gu + left - d, yu + b, ru + cc,
                              hu + ((uint32_t)d << (4 * face)));
        }
}

static int apply_splits(wsh *w, frame *fr, const ictx *x, int t, split_walk *sw, uint64_t *best)
{
    int q, k, rc;
    for (q = 0; q < sw->nkeys; q++) {
        uint64_t key = sw->keys[q];
        ictx s = *x;
        const uint64_t *v = 0;
        int h = (int)((key * 0x9E3779B97F4A7C15ULL) >> 58);
        if (fr && fr->hkey[h] == (key | 1ULL << 63))
            v = fr->hval[h];
        if (!v) {
            s.g -= (int)(key & 15);
            s.y -= (int)(key >> 4 & 1);
            s.r -= (int)(key >> 5 & 1);
            s.hp -= (uint32_t)(key >> 8);
            if ((rc = get_values(w, &s, &v)) != ES_OK)
                return rc;
            if (fr) {
                fr->hkey[h] = key | 1ULL << 63;
                fr->hval[h] = v;
            }
        }
        for (k = 0; k < w->nallowed[t]; k++) {
            uint64_t val = v[w->allowed[t][k][1]];
            int i = w->allowed[t][k][0];
            if (val > best[i])
                best[i] = val;
        }
    }
    sw->nkeys = 0;
    return ES_OK;
}

/* The ways of face set v (nd dice) without held dice, as bits (g used * 4 + y used * 2 + r used). */
static inline void fast_bits(uint64_t *mask, uint64_t v, int nd, int yf, int rf, int gy, int gr)
{
    int ky = yf >= 0 ? (int)(v >> (8 * yf) & 255) : 0;
    int kr = rf >= 0 ? (int)(v >> (8 * rf) & 255) : 0;
    int b, cc;
    for (b = 0; b <= (ky > 0); b++)
        for (cc = 0; cc <= (kr > 0); cc++) {
            if (yf >= 0 && yf == rf) {
                int left = ky - b - cc;
                if (left < 0 || left > gy)
                    continue;
            } else if (ky - b > gy || kr - cc > gr) {
                continue;
            }
            *mask |= 1ULL << ((nd - b - cc) * 4 + b * 2 + cc);
        }
}

/* The best value after roll (gf by face, yf, rf) in context x, without the clue option. */
static int rv(wsh *w, frame *fr, const ictx *x, const uint8_t *gf, int yf, int rf, uint64_t *best)
{
    const uint64_t HB = 0x8080808080808080ULL;
    int n = w->nstates, i, face, aside, t, rc;
    int g = x->g;
    uint8_t gfl[ES_NFACES];
    uint64_t avail = 0;
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    w->pairs++;
    for (i = 0; i < n; i++)
        best[i] = 0;
    for (i = 0; i < ES_NFACES; i++)
        gfl[i] = gf[i];
    /* fail the roll */
    if (!(w->terror == ES_TERROR_FAIL && gf[TERROR_FACE])) {
        const uint64_t *(*fc)[25] = fr ? fr->fail : 0;
        if (w->terror == ES_TERROR_DISCARD && gf[TERROR_FACE]) {
            g -= gfl[TERROR_FACE];
            gfl[TERROR_FACE] = 0;
            fc = 0;     /* the pool differs from the frame's */
        }
        for (aside = 0; aside < 3; aside++) {
            ictx c = *x;
            c.g = g;
            if (aside == 0) {
                if (c.g == 0)
                    continue;
                c.g--;
            } else if (aside == 1) {
                if (!c.y)
                    continue;
                c.y = 0;
            } else {
                if (!c.r)
                    continue;
                c.r = 0;
            }
            if ((rc = take(w, &c, fc ? &fc[aside][0] : 0, best)) != ES_OK)
                return rc;
            if (x->f == 0)
                continue;
            c.f--;
            for (face = 0; face < ES_NFACES; face++)
                if (gfl[face] && c.g > 0) {
                    ictx d = c;
                    d.g--;
                    d.hp += HOLD(face);
                    if ((rc = take(w, &d, fc ? &fc[aside][1 + face] : 0, best)) != ES_OK)
                        return rc;
                }
            if (c.y && yf >= 0) {
                ictx d = c;
                d.y = 0;
                d.hp += HOLD(yf);
                if ((rc = take(w, &d, fc ? &fc[aside][9 + yf] : 0, best)) != ES_OK)
                    return rc;
            }
            if (c.r && rf >= 0) {
                ictx d = c;
                d.r = 0;
                d.hp += HOLD(rf);
                if ((rc = take(w, &d, fc ? &fc[aside][17 + rf] : 0, best)) != ES_OK)
                    return rc;
            }
        }
    }
    /* complete a task */
    {
        uint8_t av[ES_NFACES];
        for (i = 0; i < ES_NFACES; i++)
            av[i] = (uint8_t)(gf[i] + HELD(x, i));
        if (yf >= 0)
            av[yf]++;
        if (rf >= 0)
            av[rf]++;
        for (i = 0; i < ES_NFACES; i++)
            avail |= (uint64_t)av[i] << (8 * i);
    }
    {
        const uint8_t *fsn = PTR(w, w->off_fsn, uint8_t);
        int gy = yf >= 0 ? gf[yf] : 0, gr = rf >= 0 ? gf[rf] : 0;
        uint64_t hbytes = 0;
        uint8_t hc[ES_NFACES];
        for (i = 0; i < ES_NFACES; i++) {
            hc[i] = (uint8_t)HELD(x, i);
            if (hc[i])
                hbytes |= (uint64_t)255 << (8 * i);
        }
        for (t = 0; t < w->ntasks; t++) {
            int q;
            uint64_t mask = 0;
            split_walk sw;
            if (!w->nallowed[t])
                continue;
            sw.gf = gf;
            sw.yf = yf;
            sw.rf = rf;
            sw.hc = hc;
            sw.nkeys = 0;
            sw.overflow = 0;
            for (q = w->fsoff[t]; q < w->fsoff[t + 1]; q++) {
                uint64_t v = fs[q];
                if ((((avail | HB) - v) & HB) != HB)
                    continue;
                if (!(v & hbytes)) {
                    fast_bits(&mask, v, fsn[q], yf, rf, gy, gr);
                    continue;
                }
                sw.nf = 0;
                for (face = 0; face < ES_NFACES; face++) {
                    int k = (int)(v >> (8 * face) & 255);
                    if (k) {
                        sw.face[sw.nf] = (uint8_t)face;
                        sw.need[sw.nf] = (uint8_t)k;
                        sw.nf++;
                    }
                }
                split_rec(&sw, 0, 0, 0, 0, 0);
                if (sw.overflow || sw.nkeys > MAX_SPLITS - 16) {
                    /* evaluate what is collected, then go on: duplicates only cost time */
                    if ((rc = apply_splits(w, fr, x, t, &sw, best)) != ES_OK)
                        return rc;
                    if (sw.overflow) {
                        sw.overflow = 0;
                        split_rec(&sw, 0, 0, 0, 0, 0);
                        if (sw.overflow)
                            return ES_ENOMEM;
                    }
                }
            }
            while (mask) {
                int bit = __builtin_ctzll(mask);
                ictx sc = *x;
                const uint64_t *v = fr ? fr->comp[bit] : 0;
                mask &= mask - 1;
                if (!v) {
                    sc.g -= bit >> 2;
                    sc.y -= bit >> 1 & 1;
                    sc.r -= bit & 1;
                    if ((rc = get_values(w, &sc, &v)) != ES_OK)
                        return rc;
                    if (fr)
                        fr->comp[bit] = v;
                }
                for (q = 0; q < w->nallowed[t]; q++) {
                    uint64_t val = v[w->allowed[t][q][1]];
                    int si = w->allowed[t][q][0];
                    if (val > best[si])
                        best[si] = val;
                }
            }
            if ((rc = apply_splits(w, fr, x, t, &sw, best)) != ES_OK)
                return rc;
        }
    }
    /* hold a die with a spell, then the same roll minus that die (with clues left the sub-roll's
     * value has a clue option too: table_chain merges those from the sub-context's roll table) */
    if (x->s > 0 && x->c == 0) {
        uint64_t tmp[ES_MAX_STATES];
        for (face = 0; face < ES_NFACES; face++)
            if (gf[face]) {
                ictx sub = *x;
                uint8_t g2[ES_NFACES];
                for (i = 0; i < ES_NFACES; i++)
                    g2[i] = gf[i];
                g2[face]--;
                sub.g--;
                sub.hp += HOLD(face);
                sub.s--;
                if ((rc = rv(w, 0, &sub, g2, yf, rf, tmp)) != ES_OK)
                    return rc;
                vmax(best, tmp, n);
            }
        if (yf >= 0) {
            ictx sub = *x;
            sub.y = 0;
            sub.hp += HOLD(yf);
            sub.s--;
            if ((rc = rv(w, 0, &sub, gf, -1, rf, tmp)) != ES_OK)
                return rc;
            vmax(best, tmp, n);
        }
        if (rf >= 0) {
            ictx sub = *x;
            sub.r = 0;
            sub.hp += HOLD(rf);
            sub.s--;
            if ((rc = rv(w, 0, &sub, gf, yf, -1, tmp)) != ES_OK)
                return rc;
            vmax(best, tmp, n);
        }
    }
    return ES_OK;
}

/* ----- roll tables and clue rerolls ---------------------------------------------------------------- */

static void roll_of(const wsh *w, const ictx *x, size_t row, uint8_t *gf, int *yf, int *rf,
                    uint64_t *weight)
{
    int NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1, j;
    int ri = (int)(row % (size_t)NR);
    int yi = (int)(row / (size_t)NR % (size_t)NY);
    int gidx = w->goff[x->g] + (int)(row / (size_t)NR / (size_t)NY);
    const uint8_t *cnt = PTR(w, w->off_gcnt, uint8_t) + (size_t)gidx * ES_NFACES;
    uint64_t wt = PTR(w, w->off_gw, uint64_t)[gidx];
    for (j = 0; j < ES_NFACES; j++)
        gf[j] = 0;
    for (j = 0; j < w->ncls[0]; j++)
        gf[w->cface[0][j]] = cnt[j];
    *yf = -1;
    *rf = -1;
    if (x->y) {
        *yf = w->cface[1][yi];
        wt *= w->cw[1][yi];
    }
    if (x->r) {
        *rf = w->cface[2][ri];
        wt *= w->cw[2][ri];
    }
    *weight = wt;
}

/* Replace each row of T (roll values one clue fewer) by the best over kept sub-rolls of E(K). */
static void best_keep(wsh *w, const ictx *x, uint64_t *T)
{
    int n = w->nstates, g = x->g, i, j, k, gi, ys2, rs2;
    int ny = w->ncls[1], nr = w->ncls[2];
    int NY = x->y ? ny : 1, NR = x->r ? nr : 1;
    int NYS = x->y ? ny + 1 : 1, NRS = x->r ? nr + 1 : 1;
    int YU = x->y ? ny : -1, RU = x->r ? nr : -1;
    u128 *N = PTR(w, w->off_nscr, u128);
    const int16_t *gadd = PTR(w, w->off_gadd, int16_t);
    const int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    const uint8_t *gcnt = PTR(w, w->off_gcnt, uint8_t);
    int m = w->ncls[0];
#define KEY(gidx, ys, rs) (((size_t)(gidx) * (size_t)NYS + (size_t)(ys)) * (size_t)NRS + (size_t)(rs))
#define ROW(gidx, yi, ri) (((size_t)((gidx) - w->goff[g]) * (size_t)NY + (size_t)(yi)) * (size_t)NR + (size_t)(ri))
    for (i = 0; i < n; i++) {
        for (gi = w->goff[g]; gi < w->goff[g + 1]; gi++) {
            int yi, ri;
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++)
                    N[KEY(gi, yi, ri)] = T[ROW(gi, yi, ri) * (size_t)n + (size_t)i];
            if (x->r)
                for (yi = 0; yi < NY; yi++) {
                    u128 s = 0;
                    for (j = 0; j < nr; j++)
                        s += (u128)w->cw[2][j] * N[KEY(gi, yi, j)];
                    N[KEY(gi, yi, RU)] = s;
                }
            if (x->y)
                for (ri = 0; ri < NRS; ri++) {
                    u128 s = 0;
                    for (j = 0; j < ny; j++)
                        s += (u128)w->cw[1][j] * N[KEY(gi, j, ri)];
                    N[KEY(gi, YU, ri)] = s;
                }
        }
        for (k = g - 1; k >= 0; k--)
            for (gi = w->goff[k]; gi < w->goff[k + 1]; gi++)
                for (ys2 = 0; ys2 < NYS; ys2++)
                    for (rs2 = 0; rs2 < NRS; rs2++) {
                        u128 s = 0;
                        for (j = 0; j < m; j++)
                            s += (u128)w->cw[0][j] * N[KEY(gadd[gi * ES_NFACES + j], ys2, rs2)];
                        N[KEY(gi, ys2, rs2)] = s;
                    }
        /* best over subsets, bottom-up; the unrolled states of yellow and red come first */
        for (k = 0; k <= g; k++)
            for (gi = w->goff[k]; gi < w->goff[k + 1]; gi++)
                for (ys2 = 0; ys2 < NYS; ys2++) {
                    int ys = x->y ? (ys2 == 0 ? YU : ys2 - 1) : 0;
                    for (rs2 = 0; rs2 < NRS; rs2++) {
                        int rs = x->r ? (rs2 == 0 ? RU : rs2 - 1) : 0;
                        int u = (g - k) + (ys == YU) + (rs == RU);
                        size_t key = KEY(gi, ys, rs);
                        uint64_t d, e;
                        if (u) {
                            uint64_t den = w->pow6[u];
                            e = (uint64_t)((N[key] + den / 2) / den);
                        } else {
                            e = (uint64_t)N[key];
                        }
                        d = e;
                        for (j = 0; j < m; j++)
                            if (gcnt[gi * ES_NFACES + j]) {
                                uint64_t o = (uint64_t)N[KEY(gsub[gi * ES_NFACES + j], ys, rs)];
                                if (o > d)
                                    d = o;
                            }
                        if (x->y && ys != YU && (uint64_t)N[KEY(gi, YU, rs)] > d)
                            d = (uint64_t)N[KEY(gi, YU, rs)];
                        if (x->r && rs != RU && (uint64_t)N[KEY(gi, ys, RU)] > d)
                            d = (uint64_t)N[KEY(gi, ys, RU)];
                        N[key] = d;
                    }
                }
        for (gi = w->goff[g]; gi < w->goff[g + 1]; gi++) {
            int yi, ri;
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++)
                    T[ROW(gi, yi, ri) * (size_t)n + (size_t)i] = (uint64_t)N[KEY(gi, yi, ri)];
        }
    }
#undef KEY
#undef ROW
}

/* Average a roll table into a value vector and store it for context x (if not stored yet). */
static int store_average(wsh *w, const ictx *x, const uint64_t *T, size_t nrows)
{
    u128 acc[ES_MAX_STATES];
    int n = w->nstates, i, yf, rf;
    size_t row;
    uint8_t gf[ES_NFACES];
    uint64_t wt, den = w->pow6[x->g + x->y + x->r];
    uint64_t *slot;
    uint64_t key = pack(x);
    if (memo_find(w, key, 0))
        return ES_OK;
    for (i = 0; i < n; i++)
        acc[i] = 0;
    for (row = 0; row < nrows; row++) {
        roll_of(w, x, row, gf, &yf, &rf, &wt);
        for (i = 0; i < n; i++)
            acc[i] += (u128)wt * T[row * (size_t)n + (size_t)i];
    }
    slot = memo_find(w, key, 1);
    if (!slot)
        return ES_ENOMEM;
    for (i = 0; i < n; i++)
        slot[i] = (uint64_t)((acc[i] + den / 2) / den);
    slot[w->empty] = ES_ONE;
    w->contexts++;
    return ES_OK;
}

static int table_chain(wsh *w, const ictx *top, uint64_t *T);

/* Rows of the roll table of pool (g, y, r). */
static size_t pool_rows(const wsh *w, int g, int y, int r)
{
    return (size_t)(w->goff[g + 1] - w->goff[g]) * (size_t)(y ? w->ncls[1] : 1) *
           (size_t)(r ? w->ncls[2] : 1);
}

/* The roll table of a held-die sub-context, built on top of the arena (released by the caller). */
static int sub_table(wsh *w, const ictx *sub, uint64_t **S)
{
    *S = (uint64_t *)arena_alloc(w, pool_rows(w, sub->g, sub->y, sub->r) * (size_t)w->nstates * 8);
    if (!*S)
        return ES_ENOMEM;
    return table_chain(w, sub, *S);
}

/* The spell option of roll table T (context x with spells and clues left): for every die a roll may
 * hold, the roll table S of the sub-context is built (in the arena, levels 0..x->c) and each row of
 * T whose roll has that die takes the max with S at the roll minus the die (solver.py
 * _spell_options, whose roll_values of the sub-context include its clue option). */
static int spell_merge(wsh *w, const ictx *x, uint64_t *T)
{
    int n = w->nstates, g = x->g, m = w->ncls[0], j, yi, ri, rc;
    int NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1;
    int G = w->goff[g + 1] - w->goff[g];
    const int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    const uint8_t *gcnt = PTR(w, w->off_gcnt, uint8_t);
    size_t mark = w->arena_top;
    int gl;
#define TROW(gl, yi, ri) (T + ((((size_t)(gl) * (size_t)NY + (size_t)(yi)) * (size_t)NR + (size_t)(ri)) * (size_t)n))
    for (j = 0; g > 0 && j < m; j++) {
        ictx sub = *x;
        uint64_t *S;
        sub.g--;
        sub.hp += HOLD(w->cface[0][j]);
        sub.s--;
        if ((rc = sub_table(w, &sub, &S)) != ES_OK)
            return rc;
        for (gl = 0; gl < G; gl++) {
            int gi = w->goff[g] + gl, sl;
            if (!gcnt[(size_t)gi * ES_NFACES + (size_t)j])
                continue;
            sl = gsub[gi * ES_NFACES + j] - w->goff[g - 1];
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++)
                    vmax(TROW(gl, yi, ri),
                         S + (((size_t)sl * (size_t)NY + (size_t)yi) * (size_t)NR + (size_t)ri) * (size_t)n,
                         n);
        }
        w->arena_top = mark;
    }
    for (j = 0; x->y && j < w->ncls[1]; j++) {
        ictx sub = *x;
        uint64_t *S;
        sub.y = 0;
        sub.hp += HOLD(w->cface[1][j]);
        sub.s--;
        if ((rc = sub_table(w, &sub, &S)) != ES_OK)
            return rc;
        for (gl = 0; gl < G; gl++)
            for (ri = 0; ri < NR; ri++)
                vmax(TROW(gl, j, ri), S + ((size_t)gl * (size_t)NR + (size_t)ri) * (size_t)n, n);
        w->arena_top = mark;
    }
    for (j = 0; x->r && j < w->ncls[2]; j++) {
        ictx sub = *x;
        uint64_t *S;
        sub.r = 0;
        sub.hp += HOLD(w->cface[2][j]);
        sub.s--;
        if ((rc = sub_table(w, &sub, &S)) != ES_OK)
            return rc;
        for (gl = 0; gl < G; gl++)
            for (yi = 0; yi < NY; yi++)
                vmax(TROW(gl, yi, j), S + ((size_t)gl * (size_t)NY + (size_t)yi) * (size_t)n, n);
        w->arena_top = mark;
    }
#undef TROW
    return ES_OK;
}

/* The roll table of context x (every roll of its pool, levels 0..x->c of clues) into T. Level 0 is
 * rv (spells included, by recursion over sub-rolls); level c >= 1 is the best kept sub-roll of level
 * c - 1, then rv without spells, then spell_merge. Every level's average is stored in the memo. */
static int table_chain(wsh *w, const ictx *top, uint64_t *T)
{
    ictx x = *top;
    size_t nrows, row;
    int n = w->nstates, lev, i, yf, rf, rc;
    uint8_t gf[ES_NFACES];
    uint64_t wt, tmp[ES_MAX_STATES];
    frame fr;
    nrows = pool_rows(w, x.g, x.y, x.r);
    for (lev = 0; lev <= top->c; lev++) {
        x.c = lev;
        frame_reset(&fr);
        if (lev > 0)
            best_keep(w, &x, T);
        for (row = 0; row < nrows; row++) {
            uint64_t *dst = T + row * (size_t)n;
            roll_of(w, &x, row, gf, &yf, &rf, &wt);
            if ((rc = rv(w, &fr, &x, gf, yf, rf, tmp)) != ES_OK)
                return rc;
            if (lev == 0)
                for (i = 0; i < n; i++)
                    dst[i] = tmp[i];
            else
                vmax(dst, tmp, n);
        }
        if (lev > 0 && x.s > 0 && (rc = spell_merge(w, &x, T)) != ES_OK)
            return rc;
        if (x.g + x.y + x.r > 0 && (rc = store_average(w, &x, T, nrows)) != ES_OK)
            return rc;
    }
    return ES_OK;
}

static int solve(wsh *w, const ictx *x)
{
    int n = w->nstates, i, rc, yf, rf;
    if (x->c == 0) {
        u128 acc[ES_MAX_STATES];
        uint64_t best[ES_MAX_STATES], wt, den = w->pow6[x->g + x->y + x->r];
        uint8_t gf[ES_NFACES];
        size_t nrows, row;
        uint64_t *slot;
        nrows = (size_t)(w->goff[x->g + 1] - w->goff[x->g]) * (size_t)(x->y ? w->ncls[1] : 1) *
                (size_t)(x->r ? w->ncls[2] : 1);
        frame fr;
        frame_reset(&fr);
        for (i = 0; i < n; i++)
            acc[i] = 0;
        for (row = 0; row < nrows; row++) {
            roll_of(w, x, row, gf, &yf, &rf, &wt);
            if ((rc = rv(w, &fr, x, gf, yf, rf, best)) != ES_OK)
                return rc;
            for (i = 0; i < n; i++)
                acc[i] += (u128)wt * best[i];
        }
        slot = memo_find(w, pack(x), 1);
        if (!slot)
            return ES_ENOMEM;
        for (i = 0; i < n; i++)
            slot[i] = (uint64_t)((acc[i] + den / 2) / den);
        slot[w->empty] = ES_ONE;
        w->contexts++;
        return ES_OK;
    }
    {
        size_t nrows = (size_t)(w->goff[x->g + 1] - w->goff[x->g]) *
                       (size_t)(x->y ? w->ncls[1] : 1) * (size_t)(x->r ? w->ncls[2] : 1);
        size_t mark = w->arena_top;
        uint64_t *T = (uint64_t *)arena_alloc(w, nrows * (size_t)n * 8);
        if (!T)
            return ES_ENOMEM;
        rc = table_chain(w, x, T);
        w->arena_top = mark;
        return rc;
    }
}

static int get_values(wsh *w, const ictx *x, const uint64_t **out)
{
    uint64_t *v;
    int rc;
    if (x->g + x->y + x->r == 0) {
        *out = PTR(w, w->off_empty, uint64_t);
        return ES_OK;
    }
    v = memo_find(w, pack(x), 0);
    if (!v) {
        if ((rc = solve(w, x)) != ES_OK)
            return rc;
        v = memo_find(w, pack(x), 0);
        if (!v)
            return ES_ENOMEM;
    }
    *out = v;
    return ES_OK;
}

/* ----- entry points --------------------------------------------------------------------------------- */

static int check_ws(void *ws)
{
    if (!ws || ((uintptr_t)ws & 15u) != 0)
        return ES_EARG;
    if (((wsh *)ws)->magic != WS_MAGIC)
        return ES_EWS;
    return ES_OK;
}

static int to_ictx(const wsh *w, const es_ctx *c, ictx *x)
{
    int i, h = 0;
    if (!c)
        return ES_EARG;
    if (c->green < 0 || c->green > w->lim.green || c->yellow < 0 || c->yellow > w->lim.yellow ||
        c->red < 0 || c->red > w->lim.red || c->focus < 0 || c->focus > w->lim.focus ||
        c->spells < 0 || c->spells > w->lim.spells || c->clues < 0 || c->clues > w->lim.clues)
        return ES_ECTX;
    x->hp = 0;
    for (i = 0; i < ES_NFACES; i++) {
        if (c->held[i] > ES_MAX_HELD)
            return ES_ECTX;
        h += c->held[i];
        x->hp |= (uint32_t)c->held[i] << (4 * i);
    }
    if (h + c->focus + c->spells > w->lim.held)
        return ES_ECTX;
    x->g = c->green;
    x->y = c->yellow;
    x->r = c->red;
    x->f = c->focus;
    x->s = c->spells;
    x->c = c->clues;
    return ES_OK;
}

static void copy_out(wsh *w, const uint64_t *v, uint64_t *out)
{
    int i;
    for (i = 0; i < w->nstates; i++)
        out[i] = v[i];
}

/* After an error mid-solve the memo holds only finished contexts; the arena is released. */
static int finish(wsh *w, int rc)
{
    w->arena_top = 0;
    return rc;
}

int ess_values(void *ws, const es_ctx *ctx, uint64_t *out, int32_t nout)
{
    wsh *w = (wsh *)ws;
    ictx x;
    const uint64_t *v;
    int rc;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!out)
        return ES_EARG;
    if (nout < w->nstates)
        return ES_EFULL;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    if ((rc = get_values(w, &x, &v)) != ES_OK)
        return finish(w, rc);
    copy_out(w, v, out);
    return finish(w, ES_OK);
}

/* Green counts by face -> the rank-global index of the class multiset, or -1. */
static int green_index(const wsh *w, const uint8_t *gfaces, int *size)
{
    uint8_t c[ES_NFACES];
    int f, j, k = 0;
    for (j = 0; j < ES_NFACES; j++)
        c[j] = 0;
    for (f = 0; f < ES_NFACES; f++) {
        int found = -1;
        if (!gfaces[f])
            continue;
        for (j = 0; j < w->ncls[0]; j++)
            if (w->cface[0][j] == f)
                found = j;
        if (found < 0 || gfaces[f] > ES_MAX_GREEN)
            return -1;
        c[found] = gfaces[f];
        k += gfaces[f];
    }
    if (k > w->lim.green)
        return -1;
    *size = k;
    return w->goff[k] + mrank(c, w->ncls[0]);
}

static int class_of(const wsh *w, int colour, int face)
{
    int j;
    for (j = 0; j < w->ncls[colour]; j++)
        if (w->cface[colour][j] == face)
            return j;
    return -1;
}

/* Fill the cache with the roll table of context x (unless it holds it already). */
static int cache_table(wsh *w, const ictx *x, uint64_t **T)
{
    uint64_t key = pack(x);
    int rc;
    *T = PTR(w, w->off_cache, uint64_t);
    if (w->lim.clues == 0)
        return ES_ECTX;
    if (w->cache_key == key)
        return ES_OK;
    w->cache_key = 0;
    if ((rc = table_chain(w, x, *T)) != ES_OK)
        return rc;
    w->cache_key = key;
    return ES_OK;
}

int ess_roll_values(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf,
                    uint64_t *out, int32_t nout)
{
    wsh *w = (wsh *)ws;
    ictx x;
    int rc, i, k = 0;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!out || !gfaces)
        return ES_EARG;
    if (nout < w->nstates)
        return ES_EFULL;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    for (i = 0; i < ES_NFACES; i++)
        k += gfaces[i];
    if (k != x.g || yf < -1 || yf >= ES_NFACES || rf < -1 || rf >= ES_NFACES ||
        (yf >= 0 && !x.y) || (rf >= 0 && !x.r))
        return ES_ECTX;
    if (x.c == 0) {
        uint64_t best[ES_MAX_STATES];
        rc = rv(w, 0, &x, gfaces, yf, rf, best);
        if (rc == ES_OK)
            copy_out(w, best, out);
        return finish(w, rc);
    }
    {
        int size, gi, yi = 0, ri = 0;
        size_t row;
        uint64_t *T;
        gi = green_index(w, gfaces, &size);
        if (gi < 0 || (x.y && (yf < 0 || (yi = class_of(w, 1, yf)) < 0)) ||
            (x.r && (rf < 0 || (ri = class_of(w, 2, rf)) < 0)))
            return ES_ECTX;
        if ((rc = cache_table(w, &x, &T)) != ES_OK)
            return finish(w, rc);
        row = ((size_t)(gi - w->goff[x.g]) * (size_t)(x.y ? w->ncls[1] : 1) + (size_t)yi) *
                  (size_t)(x.r ? w->ncls[2] : 1) + (size_t)ri;
        copy_out(w, T + row * (size_t)w->nstates, out);
        return finish(w, ES_OK);
    }
}

int ess_keep_value(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t unrolled_green,
                   int32_t yf, int32_t rf, uint64_t *out, int32_t nout)
{
    wsh *w = (wsh *)ws;
    ictx x;
    int rc, size, gi, i, j, yi0 = -1, ri0 = -1, u, n;
    uint64_t *T;
    u128 acc[ES_MAX_STATES];
    uint8_t kept[ES_NFACES];
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!out || !gfaces)
        return ES_EARG;
    if (nout < w->nstates)
        return ES_EFULL;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    n = w->nstates;
    if (x.c < 1)
        return ES_ECTX;
    gi = green_index(w, gfaces, &size);
    if (gi < 0 || unrolled_green < 0 || size + unrolled_green != x.g || yf < -1 || rf < -1 ||
        (yf >= 0 && (!x.y || (yi0 = class_of(w, 1, yf)) < 0)) ||
        (rf >= 0 && (!x.r || (ri0 = class_of(w, 2, rf)) < 0)))
        return ES_ECTX;
    x.c--;
    if ((rc = cache_table(w, &x, &T)) != ES_OK)
        return finish(w, rc);
    for (j = 0; j < ES_NFACES; j++)
        kept[j] = PTR(w, w->off_gcnt, uint8_t)[(size_t)gi * ES_NFACES + j];
    for (i = 0; i < n; i++)
        acc[i] = 0;
    {
        int m = w->ncls[0], NY = x.y ? w->ncls[1] : 1, NR = x.r ? w->ncls[2] : 1, ci;
        for (ci = w->goff[unrolled_green]; ci < w->goff[unrolled_green + 1]; ci++) {
            uint8_t c[ES_NFACES];
            const uint8_t *add = PTR(w, w->off_gcnt, uint8_t) + (size_t)ci * ES_NFACES;
            uint64_t gwt = PTR(w, w->off_gw, uint64_t)[ci];
            int full, yi, ri;
            for (j = 0; j < ES_NFACES; j++)
                c[j] = (uint8_t)(kept[j] + add[j]);
            full = mrank(c, m);
            for (yi = 0; yi < NY; yi++) {
                uint64_t yw = 1;
                if (x.y) {
                    if (yi0 >= 0 && yi != yi0)
                        continue;
                    yw = yi0 >= 0 ? 1 : w->cw[1][yi];
                }
                for (ri = 0; ri < NR; ri++) {
                    uint64_t rw = 1;
                    const uint64_t *row;
                    if (x.r) {
                        if (ri0 >= 0 && ri != ri0)
                            continue;
                        rw = ri0 >= 0 ? 1 : w->cw[2][ri];
                    }
                    row = T + (((size_t)full * (size_t)NY + (size_t)yi) * (size_t)NR + (size_t)ri) *
                                  (size_t)n;
                    for (i = 0; i < n; i++)
                        acc[i] += (u128)(gwt * yw * rw) * row[i];
                }
            }
        }
    }
    u = unrolled_green + (x.y && yf < 0) + (x.r && rf < 0);
    for (i = 0; i < n; i++) {
        uint64_t den = w->pow6[u];
        out[i] = (uint64_t)((acc[i] + den / 2) / den);
    }
    return finish(w, ES_OK);
}

int ess_stats(const void *ws, uint64_t *pairs, uint64_t *contexts)
{
    const wsh *w = (const wsh *)ws;
    if (!ws || ((uintptr_t)ws & 15u) != 0 || !pairs || !contexts)
        return ES_EARG;
    if (w->magic != WS_MAGIC)
        return ES_EWS;
    *pairs = w->pairs;
    *contexts = w->contexts;
    return ES_OK;
}
