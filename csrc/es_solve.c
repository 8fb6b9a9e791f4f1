/*
 * es_solve.c -- prefix ess_: the exact optimal-play solver of kernel/eldersign/solver.py in C.
 *
 * Same model, same canonical integers. A context is (pool g/y/r, held dice by face, focus, spells,
 * clues); its value is a vector over task-set states: round(sum over rolls of weight * best option
 * / 6^dice), rounded once, half up. The best option after a roll is the max over
 *   - failing: the terror effect, set a die aside, maybe focus another (opt_fail);
 *   - completing an allowed task with a minimal face set drawn from the roll (opt_complete) or
 *     from the roll and the held dice (opt_held);
 *   - holding a die with a spell, then the same roll minus that die (spell_merge);
 *   - a clue reroll: the best over kept sub-rolls K of E(K) = round(N(K) / 6^u) (best_keep).
 *
 * Organisation (read in this order):
 *   sizing        the closed formulas of ess_estimate: contexts, pairs and bytes of a solve within
 *                 limits; kernel/eldersign/budget.py computes the same integers.
 *   set-up        green roll multisets over the card's face classes (ranked with the combinatorial
 *                 number system, with +1/-1 neighbour tables), face sets packed 8 counts a word.
 *   memo          open addressing over the keys; the values are stored densely in insertion order and
 *                 never move (pointers into them stay valid).
 *   lattice       for every partial roll (green multiset, yellow class or none, red class or none)
 *                 and task, the bits (green used, yellow used, red used) of the minimal face sets it
 *                 contains exactly: filled lazily per pool, one OR over neighbours per entry, so a
 *                 roll's completions cost one load per task instead of a scan of the face sets.
 *   frames        what one context's rolls share: the fail options' maxima precomputed per focused
 *                 face, successor pointers, and the residual face sets of the held dice.
 *   options       the per-roll work: opt_fail, opt_complete, opt_held, combined by roll_best.
 *   tables        contexts with spells or clues: roll tables built level by level over a DAG of
 *                 spell-held dice (chain), with the clue sweeps of best_keep.
 *   entry points  argument checks and the public API.
 *
 * Exactness: values are at most 2^48; weighted sums are kept as two 64-bit halves (value >> 24 and
 * value & (2^24 - 1), each sum below 2^51), in one 64-bit word where they provably fit (the clue
 * sweeps' sums over at most six rerolled dice, below 2^48 * 6^6) or in 128 bits (es_u128.h:
 * unsigned __int128 where the compiler has it, else two words multiplied from 32-bit halves, the
 * same integers), and divided once.
 */
#include "eldersign.h"
#include "es_u128.h"
#include <string.h>

typedef uint64_t v2u __attribute__((vector_size(16)));   /* two words at once (clue sweeps) */

#define WS_MAGIC 0x456c6472744332ULL /* "EldrtC2" */
#define TERROR_FACE 6
#define ALIGN16(n) (((n) + 15u) & ~(uint64_t)15u)
/* The board's build keeps each way of solving a context out of get_values' frame: the solve
 * nests once per open context, and one way's locals on each level, not the sum of all, fit the
 * board's 8 KB C stack (tools/stackdepth.py) */
#if defined(ES_COMPACT) && defined(__GNUC__)
#define ES_DEEP_NOINLINE __attribute__((noinline))
#else
#define ES_DEEP_NOINLINE
#endif
#define MAX_SPLITS 64
#define SAT ((uint64_t)1 << 62)          /* counts saturate here */
#define MAX_BYTES ((uint64_t)1 << 48)    /* no workspace is larger */
#define BLK 4                            /* states per clue sweep (best_keep unrolls 4) */
#define M24 ((uint64_t)0xFFFFFF)

/* The layout's sizes. The host's (the default) spends memory on speed: a completion lattice of
 * every partial roll, hundreds of cached signatures and fail vectors per frame, large residual and
 * signature-number caches. The board's (ES_COMPACT: the MicroPython module, micropython/escore/)
 * has a heap of 190 KB: the lattice entries of a roll are computed when the roll is (roll_lat),
 * the fail option with focus too (fail_vec), a frame keeps a few signatures, and the caches are
 * small; a frame's per-roll scratch vectors live in the frame, not on the C stack. The values are
 * the same integers either way (tests/test_board_native.py runs the parity corpus on the compact
 * host build, micropython/qemu/harness.py on the firmware). */
#ifdef ES_COMPACT
#define WS_HEADER ALIGN16(sizeof(wsh))  /* bytes of the header (wsh) */
#define RES_MAX 24                       /* residual face sets of held dice per frame */
#define GRP_MAX 8                        /* (task, held dice used) groups per frame */
#define HC 8                             /* direct-mapped successor cache of held completions */
#define NSLOT 4                          /* roll signatures cached per frame */
#define NFAIL 0                          /* fail vectors cached per frame: none, made per roll */
#define SIGW 8                           /* words of a signature */
#define FRAME_SLACK 2                    /* frames beyond the nesting bound (entry recursion) */
#define IDS_POOLS 1                      /* largest pools' signature numbers the ids cache holds */
#define IDS_DIR 16                       /* entries of the ids cache's directory (a power of 2) */
#define RC_DIR 32                        /* most entries of the residual cache's directory */
#define RC_BYTES ((uint64_t)1 << 12)     /* its store of residual groups (frame_held) */
#define FSCR_VECS 5                      /* a frame's scratch vectors (FSCR) */
#define SNODE_BYTES 224u                 /* bytes reserved per node of a slice DAG (snode) */
#define RS_DEPTH 24                      /* open contexts whose first pass resumes where it stopped */
#else
#define WS_HEADER 8192u                  /* bytes reserved for the header (wsh) */
#define FRAME_HDR 24576u                 /* bytes reserved for a frame's fixed part */
#define RES_MAX 1024                     /* residual face sets of held dice per frame */
#define GRP_MAX 128                      /* (task, held dice used) groups per frame */
#define HC 64                            /* direct-mapped successor cache of held completions */
#define NSLOT 256                        /* roll signatures cached per frame */
#define NFAIL 100                        /* fail vectors with focus cached per frame (fail_vec) */
#define SIGW 24                          /* words of a signature */
#define IDS_POOLS 16                     /* largest pools' signature numbers the ids cache holds */
#define IDS_DIR 1024                     /* entries of the ids cache's directory (a power of 2) */
#define RC_DIR 8192                      /* most entries of the residual cache's directory (see rc_dir) */
#define RC_BYTES ((uint64_t)1 << 20)     /* its store of residual groups (frame_held) */
#define FRAME_SLACK 8                    /* frames beyond the nesting bound (entry recursion) */
#define FSCR_VECS 0
#endif

typedef struct {
    int g, y, r, f, s, c;
    uint32_t hp;                 /* held dice: 4-bit count per face, face 0 lowest */
} ictx;

#define HELD(x, face) ((int)((x)->hp >> (4 * (face)) & 15u))
#define HOLD(face) ((uint32_t)1 << (4 * (face)))

typedef struct {
    uint64_t magic;
    uint64_t size;
    es_limits lim;
    int ntasks, nstates, empty, terror;
    int ncls[3];
    int cface[3][ES_NFACES];
    uint64_t cw[3][ES_NFACES];
    int tcls;                              /* green class of the Terror face, or -1 */
    uint64_t ypack[ES_NFACES], rpack[ES_NFACES];
    int nallowed[ES_MAX_TASKS];
    uint8_t allowed[ES_MAX_TASKS][ES_MAX_STATES][2];
    int active[ES_MAX_TASKS], nactive;     /* tasks with allowed transitions */
    int fsoff[ES_MAX_TASKS + 1];
    int ngm;                               /* green multisets of size 0..gmax */
    uint32_t pascal[ES_MAX_GREEN + ES_NFACES + 2][ES_NFACES + 1];   /* C(n, k) for ranks */
    int lw;                                /* words per lattice entry (see "the completion lattice") */
    int lpk;                               /* 1: two task masks a word (32 bits each), 0: one */
    int lbits;                             /* a mask's bits in a word: 31 (two a word) or 63 */
    uint64_t lact[ES_MAX_TASKS];           /* per entry word, the bits of active tasks' masks */
    int goff[ES_MAX_GREEN + 2];
    uint64_t pow6[24];
    uint64_t dmagic[11];                   /* ceil(2^(58 + l) / 6^u), l = ceil(log2 6^u) */
    int dshift[11];                        /* 58 + l: see div_round */
    uint64_t nmagic[7];                    /* div_narrow: 2^64 (2^l - 6^u) / 6^u + 1 */
    int nshift[7];                         /* l - 1 */
    uint64_t fsh_mask;
    uint32_t fs_sizes;                     /* bit d set: some minimal face set has d dice */
    uint32_t useful_hp;                    /* 0xF in the nibbles (ictx.hp) of faces some face set has */
    uint64_t rdelta[ES_NFACES];            /* rpack[j] - rpack[j - 1] */
    uint64_t off_fs, off_fsn, off_fsh;
    uint64_t off_gcnt, off_gw, off_gadd, off_gsub, off_gpack, off_gpres, off_gsize;
    int lny, lnr;                          /* lattice yellow/red dimension (class count + none) */
    int nlat;                              /* lattices: the roll's own, then one per held face */
    int lat_of_face[ES_NFACES];            /* lattice of completions using one held die of a face */
    uint64_t lat_hv[1 + ES_NFACES];        /* face counts each lattice adds (its held die) */
    int lat_k[1 + ES_NFACES][2][2];        /* largest green size filled per yellow/red region */
    uint64_t off_lat, lat_size;            /* lattices are lat_size words apart */
    uint64_t memo_cap, memo_used, off_mkeys, off_midx, off_mvals, off_empty;
    uint64_t memo_vals;                    /* value vectors the memo has room for */
    uint64_t off_nscr;
    uint64_t off_cache;
    uint64_t cache_key;
    uint64_t off_ids, ids_bytes, ids_head; /* the ids cache (table_options): ring of numbers */
    uint64_t off_rc, rc_top, rc_dir;       /* the residual cache (frame_held): place, store's top, entries */
    uint32_t rc_gen;                       /* its entries of this generation are valid */
    uint64_t off_arena, arena_bytes, arena_top, arena_peak;
    uint64_t off_frames, frame_bytes, frame_cap, frame_top, slot_off, slot_bytes, fail_off;
    uint64_t scr_off;                      /* a frame's scratch vectors (ES_COMPACT; FSCR) */
    uint64_t res_off, grp_off, latv_off;   /* its residuals, groups, lattice entries (ES_COMPACT) */
    int res_max, grp_max;                  /* residuals and groups a frame has room for */
    uint64_t frame_last;                   /* the top frame (ES_COMPACT: offset in the arena's stack; 0 none) */
#ifdef ES_COMPACT
    /* where the first pass of each open context with spells or clues was (sl_successors), by
     * depth, kept across a stopped call so that the next one resumes there */
    int sl_depth;
    uint64_t rs_key[RS_DEPTH];
    uint32_t rs_cell[RS_DEPTH], rs_row[RS_DEPTH];
    /* the context in its states (sl_solve) when a call stopped: the next state, and its level
     * sums so far at off_sums ((clues + 1) x states x 2 words) */
    uint64_t st_key, off_sums;
    int st_next;
    /* sl_number's scratch (a roll's signature, the bits any signature uses, the blocks' first
     * numbers): here rather than on the C stack, whose 8 KB on the board the nesting shares
     * (tools/stackdepth.py); sl_number never nests, so one copy serves */
    uint64_t sn_sig[1 + 6 * (1 + ES_NFACES) + GRP_MAX], sn_used[1 + 6 * (1 + ES_NFACES) + GRP_MAX];
    uint32_t sn_bb[ES_NFACES * ES_NFACES + 1];
#endif
    uint64_t gen;                          /* frames pushed so far: stamps valid slots */
    uint64_t frame_hwm;                    /* frames whose slots were ever cleared */
    uint64_t pairs, contexts;
    uint64_t frames, sweeps;               /* frames pushed; clue-sweep steps (partial rolls x states) */
    uint64_t saved;                        /* states kept for a stopped call (ES_COMPACT: sl_solve) */
    es_budget budget;                      /* the work limit (ess_set_budget; limit 0: none) */
    int lift;                              /* missing contexts are solved at this clue level */
    es_progress_fn progress;
    void *user;
    uint64_t every, next_report;
} wsh;

typedef char wsh_fits_header[sizeof(wsh) <= 8192u ? 1 : -1];

/* A frame: what every roll of one context shares (see "frames" below). */
enum { HELD_NONE, HELD_RESID, HELD_SPLIT };

typedef struct {
    uint64_t v;                  /* residual face counts, 8 bits per face */
    uint32_t nd;                 /* its dice */
    uint32_t pad;
} resid;

typedef struct {
    int t;                       /* task */
    uint32_t hsub;               /* held dice used (packed like ictx.hp) */
    int start, end;              /* its residuals */
} rgroup;

typedef struct {
    ictx x;
    int mode, nres, ngrp, focus;
    int cached;                  /* rolls are looked up by signature (see roll_slot) */
    int nhl;                     /* held faces whose one-die completions come from a lattice */
    int hl_lat[ES_NFACES];       /* their lattices */
    uint32_t hl_hsub[ES_NFACES]; /* the held die each uses (packed like ictx.hp) */
    int slot_shift;              /* 64 - log2(slots used): fewer for small pools */
    int sig_words;               /* signature length of this frame's rolls */
    uint64_t slot_bytes;         /* slot stride: header, signature, vector */
    uint64_t gen;
    uint64_t gclr;               /* generation stamps cleared at this stack position */
    int fail_clr;                /* its fail cache cleared */
    uint64_t hbytes;             /* 0xFF in the bytes of the held faces */
    const uint64_t *comp[36];    /* by completion bit: green used * 4 + yellow * 2 + red (<= 35) */
    uint64_t hkey[HC];
    const uint64_t *hval[HC];
#ifdef ES_COMPACT
    /* in the frame's trailing parts, sized by the workspace's limits (frame_layout) */
    resid *res;
    rgroup *grp;
    uint64_t *latv;              /* the lattice entries of the roll being evaluated (roll_lat) */
    uint64_t mark;               /* the arena's top before the frame was taken from it */
    uint64_t prev;               /* the frame below (offset in the workspace; 0: none) */
#else
    resid res[RES_MAX];
    rgroup grp[GRP_MAX];
#endif
} frame;

#ifdef ES_COMPACT
#define FRAME_HDR ALIGN16(sizeof(frame)) /* bytes of a frame's fixed part */
#else
typedef char frame_fits_header[sizeof(frame) <= FRAME_HDR ? 1 : -1];
#endif

#define PTR(w, off, type) ((type *)((unsigned char *)(w) + (off)))

/* The green multisets' tables (fill_green): GCNT the count of class j in multiset gi, GADD the
 * multiset with one more die of class j (for the sizes below the workspace's largest). The
 * compact layout keeps no count table (the counts are read from the packed faces, gpack) and no
 * table of the multisets with one die fewer (green_sub finds one when asked), and its GADD rows
 * have room for the six classes a green die can have, not eight. */
/* Byte k (0..7) of a packed word: on a 32-bit board a 64-bit shift by a variable amount is a
 * dozen instructions, a word's pick and a 32-bit shift two */
static inline __attribute__((always_inline)) int byte_of(uint64_t v, int k)
{
    uint32_t h = k < 4 ? (uint32_t)v : (uint32_t)(v >> 32);
    return (int)(h >> (8 * (k & 3)) & 255);
}

#ifdef ES_COMPACT
#define GSTRIDE 6
#define GCNT(w, gi, j)                                                                                 \
    ((j) < (w)->ncls[0] ? byte_of(PTR(w, (w)->off_gpack, uint64_t)[gi], (w)->cface[0][j]) : 0)
#else
#define GSTRIDE ES_NFACES
#define GCNT(w, gi, j) ((int)PTR(w, (w)->off_gcnt, uint8_t)[(uint64_t)(gi) * ES_NFACES + (uint64_t)(j)])
#endif
#define GADD(w, gi, j) (PTR(w, (w)->off_gadd, int16_t)[(uint64_t)(gi) * GSTRIDE + (uint64_t)(j)])

/* round(num / 6^u), half up, for num < 2^75 and 1 <= u <= 10 (6^10 < 2^26): the quotient is taken
 * 32 bits at a time; each step divides some x < 2^58 by multiplying with dmagic[u] =
 * ceil(2^(58 + l) / 6^u), l = ceil(log2 6^u), and shifting right by 58 + l, which is exact for every
 * x < 2^58 because 2^l >= 6^u (Granlund and Montgomery, 1994). dmagic < 2^59, so each product fits
 * in 128 bits. The same integer as (num + 6^u / 2) / 6^u. */
static inline uint64_t div_round(const wsh *w, u128 num, int u)
{
    uint64_t den = w->pow6[u], mg = w->dmagic[u];
    int sh = w->dshift[u];
    u128 m = u128_add64(num, den / 2);
    uint64_t a = u128_shr_lo(m, 32), b = u128_lo(m) & 0xFFFFFFFFu;
    uint64_t q1 = u128_shr_lo(u128_mul64(a, mg), sh), r1 = a - q1 * den;
    uint64_t q2 = u128_shr_lo(u128_mul64((r1 << 32) | b, mg), sh);
    return (q1 << 32) + q2;
}

/* round(x / 6^u), half up, for x <= 2^48 * 6^u and 1 <= u <= 6 (best_keep's 64-bit sums): y = x +
 * 6^u / 2 < 2^64, and floor(y / 6^u) by one multiply-high with the 64-bit magic of Granlund and
 * Montgomery (1994, figure 4.1: t = mulhi(m', y), q = (t + (y - t) / 2) >> (l - 1), with
 * l = ceil(log2 6^u) and m' = floor(2^64 (2^l - 6^u) / 6^u) + 1), exact for every y < 2^64. */
static inline uint64_t div_narrow(const wsh *w, uint64_t x, int u)
{
    uint64_t y = x + w->pow6[u] / 2;
    uint64_t t = u128_hi(u128_mul64(y, w->nmagic[u]));
    return (((y - t) >> 1) + t) >> w->nshift[u];
}

/* ----- small maths ------------------------------------------------------------------------- */

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a >= SAT || b >= SAT || a + b >= SAT ? SAT : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    if (a >= SAT || b >= SAT || a > SAT / b)
        return SAT;
    return a * b;
}

/* C(n, k) for the small arguments of this file (n <= 30): exact in 64 bits. */
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

/* Rank of a multiset (counts over m classes) among the multisets of its size: the combinatorial
 * number system, sum of C(p_i + i - 1, i) over the prefix sums p_i (Pascal's triangle in w). */
#define MRANK(w, c, m) mrank_t((w)->pascal, (c), (m))
static int mrank_t(const uint32_t (*pascal)[ES_NFACES + 1], const uint8_t *c, int m)
{
    int i, p = 0;
    uint32_t r = 0;
    for (i = 1; i < m; i++) {
        p += c[i - 1];
        r += pascal[p + i - 1][i];
    }
    return (int)r;
}


static inline void vmax(uint64_t *best, const uint64_t *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        best[i] = v[i] > best[i] ? v[i] : best[i];
}

/* STMT(c) with c a constant for the common state counts (2, 4 and 8: most cards have 2 tasks, or 3
 * in order, so 4 states), else STMT(n): the loops over a vector's states unroll for those. */
#define N_CASES(n, STMT)                                                                               \
    do {                                                                                               \
        switch (n) {                                                                                   \
        case 2:                                                                                        \
            STMT(2);                                                                                   \
            break;                                                                                     \
        case 4:                                                                                        \
            STMT(4);                                                                                   \
            break;                                                                                     \
        case 8:                                                                                        \
            STMT(8);                                                                                   \
            break;                                                                                     \
        default:                                                                                       \
            STMT(n);                                                                                   \
            break;                                                                                     \
        }                                                                                              \
    } while (0)

/* ----- checks ------------------------------------------------------------------------------ */

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
            if (card->facesets[(size_t)k * ES_NFACES + j] > 10)
                return ES_ECARD;
            nd += card->facesets[(size_t)k * ES_NFACES + j];
        }
        /* a minimal face set needs at least one die (else completing it would not change the
         * context) and at most 15 (no pool is larger) */
        if (nd < 1 || nd > 15)
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
        l->held > ES_MAX_HELD || l->reach < -3 * ES_MAX_USES || l->reach > ES_MAX_GREEN + 2 ||
        l->scale < 1 || l->scale > 64)
        return ES_EARG;
    return ES_OK;
}

/* ----- sizing ----------------------------------------------------------------------------------
 *
 * A solve starting inside the limits stays inside them: every move keeps or lowers
 *   sigma = held dice + min(focus + spells, pool dice)  (a focus or a spell moves a use and a pool
 *           die into a held die; the min because uses can only hold dice the pool has), and
 *   rho   = pool dice - 2 focus - spells                (a focus costs two dice: aside and held).
 * So the contexts a workspace can meet are, for each (focus f, spells s, clues c), the pools of
 * k <= rho + 2f + s dice times the held multisets of at most sigma - min(f + s, k) dice over the
 * card's representative faces. Every (pool, held, focus, spells) is solved once, at the top clue level C
 * (lifting, see get_values): C + 1 levels of a roll table for every node of its spell DAG (the
 * pools left after holding up to s dice; without spells the DAG is the pool alone). The formulas
 * below are mirrored line for line by kernel/eldersign/budget.py; tests compare them.
 */

typedef struct {
    int n, nt, m, ny, nr, nrep, nfs;
} shape;

static void shape_of(const es_card *card, shape *sh)
{
    int seen[ES_NFACES] = {0}, c, j, t;
    sh->n = card->nstates;
    sh->nt = card->ntasks;
    sh->m = card->nclasses[0];
    sh->ny = card->nclasses[1];
    sh->nr = card->nclasses[2];
    sh->nrep = 0;
    for (c = 0; c < 3; c++)
        for (j = 0; j < card->nclasses[c]; j++)
            seen[card->class_face[c][j]] = 1;
    for (j = 0; j < ES_NFACES; j++)
        sh->nrep += seen[j];
    sh->nfs = 0;
    for (t = 0; t < ES_MAX_TASKS; t++)
        sh->nfs += card->nfacesets[t];
}

static uint64_t rows_of(const shape *sh, int g, int y, int r)
{
    return binom(g + sh->m - 1, sh->m - 1) * (uint64_t)(y ? sh->ny : 1) * (uint64_t)(r ? sh->nr : 1);
}

/* partial rolls of a pool (green size 0..g, yellow and red each a class or not rolled) */
static uint64_t keys_of(const shape *sh, int g, int y, int r)
{
    return binom(g + sh->m, sh->m) * (uint64_t)(y ? sh->ny + 1 : 1) * (uint64_t)(r ? sh->nr + 1 : 1);
}

/* The spell DAG of pool (g, y, r) with s spells: one node per multiset of held dice (dg green of
 * any classes, maybe the yellow, maybe the red, at most s in all). kind 0: rows, 1: partial-roll
 * keys, 2: table bytes (n states) including the node grid, 3: nodes, 4: the grid's cells. */
static uint64_t dag_sum(const shape *sh, int g, int y, int r, int s, int kind)
{
    uint64_t tot = 0;
    int dg, dy, dr;
    for (dg = 0; dg <= g && dg <= s; dg++)
        for (dy = 0; dy <= y; dy++)
            for (dr = 0; dr <= r; dr++) {
                uint64_t nodes, each;
                if (dg + dy + dr > s)
                    continue;
                nodes = binom(dg + sh->m - 1, sh->m - 1) * (uint64_t)(dy ? sh->ny : 1) *
                        (uint64_t)(dr ? sh->nr : 1);
                if (kind == 3)
                    each = 1;
                else if (kind == 0)
                    each = rows_of(sh, g - dg, y - dy, r - dr);
                else if (kind == 1)
                    each = keys_of(sh, g - dg, y - dy, r - dr);
                else    /* its table and its rows' signature numbers (table_options) */
                    each = ALIGN16(rows_of(sh, g - dg, y - dy, r - dr) * (uint64_t)sh->n * 8) +
                           ALIGN16(rows_of(sh, g - dg, y - dy, r - dr) * 4);
                tot += nodes * each;
            }
    if (kind == 4) {            /* the DAG's grid: every cell, a node or not */
        int d = g < s ? g : s;
        return binom(d + sh->m, sh->m) * (uint64_t)(y ? sh->ny + 1 : 1) * (uint64_t)(r ? sh->nr + 1 : 1);
    }
    if (kind == 2) {
        /* the node grids (tables, signature numbers), and the vectors of one node's signatures
         * while a level is built (at most one per row of the largest node, the root) */
        int d = g < s ? g : s;
        tot += 2 * ALIGN16(binom(d + sh->m, sh->m) * (uint64_t)(y ? sh->ny + 1 : 1) *
                           (uint64_t)(r ? sh->nr + 1 : 1) * 8) +
               ALIGN16(rows_of(sh, g, y, r) * (uint64_t)sh->n * 8);
    }
    return tot;
}

typedef struct {
    uint64_t contexts, pairs, sweeps;
    uint64_t off_fs, off_fsn, off_fsh, fsh_cap;
    uint64_t off_gcnt, off_gw, off_gadd, off_gsub, off_gpack, off_gpres, off_gsize, off_lat;
    uint64_t memo_cap, memo_vals, off_mkeys, off_midx, off_mvals, off_empty, off_nscr, off_cache, off_ids, ids_bytes;
    uint64_t off_rc, rc_dir;
    uint64_t off_arena, arena_bytes, off_frames, frame_bytes, frame_cap, total;
    uint64_t least;              /* the smallest workspace ess_init takes */
    uint64_t off_sums;           /* the level sums of a context in its states (ES_COMPACT) */
    int ngm;
} layout;

/* Words per lattice entry: one task mask a word, ntasks rounded up to even; or, when every mask
 * fits 32 bits (green <= 7: bits up to 7 * 4 + 3), two task masks a word (see lat_mask). */
static int lat_words(int ntasks, int green)
{
    return green <= 7 ? (ntasks + 1) / 2 : ntasks + (ntasks & 1);
}

/* A frame's parts: the fixed part, the fail vectors (f0, green, yellow, red classes), the scratch
 * vectors, the signature cache's stamps and slots, the fail cache; in the compact layout then the
 * residuals and groups of held dice (room only where the limits allow two held dice: one held die
 * is a lattice's, see frame_held) and the roll's lattice entries (its own and one per held face). */
typedef struct {
    uint64_t scr, slot, slot_bytes, fail, res, grp, latv, bytes;
    int res_max, grp_max;
} flayout;

static void frame_layout(const shape *sh, const es_limits *l, flayout *o)
{
    uint64_t n = (uint64_t)sh->n, at;
    o->scr = FRAME_HDR + ALIGN16((uint64_t)(1 + sh->m + sh->ny + sh->nr) * n * 8);
    o->slot = o->scr + FSCR_VECS * n * 8;
    o->slot_bytes = (1 + SIGW + n) * 8;
    o->fail = o->slot + NSLOT * 8 + NSLOT * o->slot_bytes;     /* stamps, slots */
    at = o->fail + NFAIL * (2 + n) * 8;
#ifdef ES_COMPACT
    {
        int held = l->held < ES_NFACES ? l->held : ES_NFACES;
        o->res_max = l->held >= 2 ? RES_MAX : 0;
        o->grp_max = l->held >= 2 ? GRP_MAX : 0;
        o->res = at;
        o->grp = o->res + (uint64_t)o->res_max * sizeof(resid);
        o->latv = o->grp + (uint64_t)o->grp_max * sizeof(rgroup);
        at = o->latv + (uint64_t)lat_words(sh->nt, l->green) * (uint64_t)(1 + held) * 8;
    }
#else
    (void)l;
    o->res_max = RES_MAX;
    o->grp_max = GRP_MAX;
    o->res = o->grp = o->latv = 0;
#endif
    o->bytes = ALIGN16(at);
}

static uint64_t add_area(uint64_t *off, uint64_t bytes)
{
    uint64_t at = *off;
    *off = sat_add(*off, ALIGN16(bytes < SAT ? bytes : SAT));
    return at;
}

#ifdef ES_COMPACT
/* The compact layout's arena holds the frames (the deepest nesting, see plan) and above them one
 * slice DAG at a time (see "slices"), for the largest context with spells or clues the limits
 * allow (every term below grows with the pool, the spells and the clues). Per node of its spell
 * DAG: its struct, a byte per row (the rows' numbers), its signatures, a word a block and a level's
 * completion values; a row table (a word per green roll of the top pool) for each U table of each
 * node and level below the top (the yellow die rerolled per red class, the red die rerolled) and
 * for the slices in the making along the deepest recursion (spells, then clue levels); the sweeps'
 * sums; the top's level sums; the entry points' keep sums.
 *
 * The signatures are the one term not known before the rolls are numbered: a block's rolls
 * complete few distinct things, fewer the larger the pool (the library's largest nodes, 16,000
 * rows and more, have at most one signature per 3 rows; nodes of 1,000 rows up to one per 2; small
 * ones up to one per row), so this counts min(rows, 32 sqrt(rows) + 16) per node, a word each. A
 * solve whose signatures need more stops with ES_ENOMEM (the host retries at a larger scale; the
 * board answers that question with the pure-Python solver); a larger workspace than this is
 * welcome: ess_init gives the arena every byte past the layout. */
static uint64_t isqrt(uint64_t n)
{
    uint64_t r = 0, b = (uint64_t)1 << 30;
    while (b > n)
        b >>= 2;
    for (; b; b >>= 2) {
        if (n >= r + b) {
            n -= r + b;
            r = (r >> 1) + b;
        } else {
            r >>= 1;
        }
    }
    return r;
}

static uint64_t slice_bytes(const shape *sh, const es_limits *l, int terror)
{
    int g = l->green, y = l->yellow, r = l->red, s = l->spells, c = l->clues, m = sh->m, dg, dy, dr;
    uint64_t G = binom(g + m - 1, m - 1), ntc = terror == ES_TERROR_DISCARD ? (uint64_t)g + 1 : 1;
    uint64_t npm = l->focus ? (uint64_t)1 << m : 1, ptr = sizeof(void *), tot = 0, nn = 0, ntab, u;
    if (!s && !c)
        return 0;
    for (dg = 0; dg <= g && dg <= s; dg++)
        for (dy = 0; dy <= y; dy++)
            for (dr = 0; dr <= r; dr++) {
                uint64_t nodes, rows, nb, nsig, each;
                if (dg + dy + dr > s)
                    continue;
                nodes = binom(dg + m - 1, m - 1) * (uint64_t)(dy ? sh->ny : 1) * (uint64_t)(dr ? sh->nr : 1);
                rows = rows_of(sh, g - dg, y - dy, r - dr);
                nb = rows / binom(g - dg + m - 1, m - 1);
                nsig = 32 * isqrt(rows) + 16;
                if (nsig > rows)
                    nsig = rows;
                each = SNODE_BYTES + ALIGN16(rows) + ALIGN16(nsig * 8) + ALIGN16((nb + 1) * 4) + 144 +
                       ALIGN16(((uint64_t)c + 1) * 64 * 8) + ALIGN16(((uint64_t)c + 1) * ntc * npm * 8) +
                       ALIGN16(((uint64_t)c + 1) * ntc * nb * 8) +
                       ALIGN16(((uint64_t)c * (uint64_t)sh->nr + 1) * ptr) + 3 * ALIGN16(((uint64_t)c + 1) * ptr);
                tot = sat_add(tot, sat_mul(nodes, each));
                nn += nodes;
            }
    /* U tables per node and level below the top: a red class's (yellow rerolled) each, the red
     * rerolled; with both dice one more (both rerolled) while they are made */
    u = (uint64_t)(y ? sh->nr : 0) + (uint64_t)(r ? 1 : 0);
    ntab = nn * (uint64_t)c * u + (y && r ? 1 : 0) + (uint64_t)s + 2 * (uint64_t)c + 2;
    tot = sat_add(tot, sat_mul(ntab, ALIGN16(G * 8)));
    tot += ALIGN16(dag_sum(sh, g, y, r, s, 4) * 2);
    if (g > 0)
        tot += ALIGN16(binom(g - 1 + m, m) * 8) + 2 * ALIGN16(binom(g - 2 + m, m - 1) * sizeof(u128));
    tot += ALIGN16(((uint64_t)c + 1) * (uint64_t)sh->n * 16) + (c ? ALIGN16(576 * sizeof(u128)) : 0);
    return tot;
}
#endif

static void plan(const es_card *card, const es_limits *l, layout *p)
{
    shape sh;
    int f, s, c, g, y, r, k, dmax;
    uint64_t off, hk[3 * ES_MAX_GREEN], depth = 0, arena = 0, cap = 64, need;
    int chains = l->spells > 0 || l->clues > 0;
    shape_of(card, &sh);
    p->contexts = p->pairs = p->sweeps = 0;
    dmax = l->green + l->yellow + l->red;
    if (l->reach + 2 * l->focus + l->spells < dmax)
        dmax = l->reach + 2 * l->focus + l->spells;
    if (dmax < 0)
        dmax = 0;
    for (k = 0; k <= dmax; k++)
        hk[k] = 0;
    for (f = 0; f <= l->focus; f++)
        for (s = 0; s <= l->spells; s++) {
            int kmax = l->reach + 2 * f + s;
            if (kmax < 0)
                continue;
            for (k = 0; k <= dmax && k <= kmax; k++) {
                int j = l->held - (f + s < k ? f + s : k);
                if (j >= 0 && (uint64_t)j + 1 > hk[k])
                    hk[k] = (uint64_t)j + 1;
            }
            for (c = 0; c <= l->clues; c++)
                for (g = 0; g <= l->green; g++)
                    for (y = 0; y <= l->yellow; y++)
                        for (r = 0; r <= l->red; r++) {
                            int k = g + y + r, j = l->held - (f + s < k ? f + s : k);
                            uint64_t hs;
                            if (k == 0 || k > kmax || j < 0)
                                continue;
                            hs = binom(j + sh.nrep, sh.nrep);
                            p->contexts = sat_add(p->contexts, hs);
                            /* lifting builds each context's tables once, at the top clue
                             * level: count its levels 0..clues with the c == clues context */
                            if (c < l->clues)
                                continue;
                            p->pairs = sat_add(p->pairs, sat_mul(hs, sat_mul((uint64_t)c + 1,
                                                                dag_sum(&sh, g, y, r, s, 0))));
                            p->sweeps = sat_add(p->sweeps,
                                                sat_mul(hs, sat_mul((uint64_t)c * (uint64_t)sh.n,
                                                                    dag_sum(&sh, g, y, r, s, 1))));
                        }
        }
    /* Nesting: along the solve stack (pool dice, held dice) falls strictly in lexicographic
     * order, so at most hk[k] contexts with k pool dice are open at once; each open context
     * holds one frame and, with spells or clues, the tables of its spell DAG. */
    for (k = 0; k <= dmax; k++) {
        uint64_t big = 0;
        depth += hk[k];
        if (!chains)
            continue;
        for (g = 0; g <= l->green; g++)
            for (y = 0; y <= l->yellow; y++)
                for (r = 0; r <= l->red; r++)
                    if (g + y + r == k) {
                        uint64_t b = dag_sum(&sh, g, y, r, l->spells, 2);
                        if (b > big)
                            big = b;
                    }
        arena = sat_add(arena, sat_mul(hk[k], big));
    }
#ifdef ES_COMPACT
    (void)arena;         /* set below: the frames and one slice DAG */
#else
    p->arena_bytes = sat_mul(arena, (uint64_t)l->scale);
#endif
    need = sat_mul(p->contexts, (uint64_t)l->scale);
#ifdef ES_COMPACT
    /* the compact memo: keys at most 7/8 full, and value vectors for the contexts the limits
     * allow (no more can be stored), not for every slot */
    while (cap < SAT && sat_mul(cap, 7) < sat_add(sat_mul(need, 8), 8))
        cap <<= 1;
    p->memo_vals = need;
#else
    while (cap < SAT && sat_mul(cap, 3) < sat_add(sat_mul(need, 4), 4))
        cap <<= 1;
    p->memo_vals = cap / 4 * 3;
#endif
    p->memo_cap = cap;
    p->ngm = (int)binom(l->green + sh.m, sh.m);
    p->fsh_cap = 16;
    while (p->fsh_cap < 2 * (uint64_t)sh.nfs)
        p->fsh_cap <<= 1;
    {
        flayout fl;
        frame_layout(&sh, l, &fl);
        p->frame_bytes = fl.bytes;
    }
    p->frame_cap = depth + FRAME_SLACK;
#ifdef ES_COMPACT
    /* Frames nest one per open context. Along the solve stack every move lowers the pool dice
     * (failing, focusing, completing with rolled dice, a spell node's successors) except a
     * completion with held dice alone, which lowers the held dice; held dice come only from the
     * dice held at the start and from uses spent on pool dice (each a pool die), at most the held
     * bound sigma in all. So at most dmax + sigma + 1 contexts are open at once, a tighter bound
     * than the host's per pool size (the frames are the arena's here, so every byte counts). */
    p->frame_cap = (uint64_t)dmax + (uint64_t)l->held + 1 + FRAME_SLACK;
    /* the arena is the frames' stack too (frame_push): the deepest nesting of frames, and above
     * them the slices of one context */
    p->arena_bytes = sat_mul(sat_add(sat_mul(p->frame_cap, p->frame_bytes), slice_bytes(&sh, l, card->terror)),
                             (uint64_t)l->scale);
#endif
    off = WS_HEADER;
    p->off_fs = add_area(&off, (uint64_t)sh.nfs * 8);
    p->off_fsn = add_area(&off, (uint64_t)sh.nfs);
    p->off_fsh = add_area(&off, p->fsh_cap * 16);
#ifdef ES_COMPACT
    p->off_gcnt = add_area(&off, 0);
    p->off_gw = add_area(&off, (uint64_t)p->ngm * 8);
    p->off_gadd = add_area(&off, binom(l->green - 1 + sh.m, sh.m) * GSTRIDE * 2);
    p->off_gsub = add_area(&off, 0);
#else
    p->off_gcnt = add_area(&off, (uint64_t)p->ngm * ES_NFACES);
    p->off_gw = add_area(&off, (uint64_t)p->ngm * 8);
    p->off_gadd = add_area(&off, (uint64_t)p->ngm * ES_NFACES * 2);
    p->off_gsub = add_area(&off, (uint64_t)p->ngm * ES_NFACES * 2);
#endif
    p->off_gpack = add_area(&off, (uint64_t)p->ngm * 8);
    p->off_gpres = add_area(&off, (uint64_t)p->ngm);
    p->off_gsize = add_area(&off, (uint64_t)p->ngm);
#ifdef ES_COMPACT
    p->off_lat = add_area(&off, 0);        /* no lattice: roll_lat computes a roll's entries */
#else
    p->off_lat = add_area(&off, (uint64_t)p->ngm * (uint64_t)(l->yellow ? sh.ny + 1 : 1) *
                                    (uint64_t)(l->red ? sh.nr + 1 : 1) * (uint64_t)lat_words(sh.nt, l->green) * 8 *
                                    (uint64_t)(1 + (l->held > 0 ? sh.nrep : 0)));
#endif
    p->off_mkeys = add_area(&off, sat_mul(p->memo_cap, 8));
    /* the memo's values are stored densely in insertion order (a solve touches the pages of the
     * contexts it stores, not pages scattered by the hash): at most 3/4 of the slots are used */
    p->off_midx = add_area(&off, sat_mul(p->memo_cap, 4));
    p->off_mvals = add_area(&off, sat_mul(p->memo_vals, (uint64_t)sh.n * 8));
    p->off_empty = add_area(&off, (uint64_t)sh.n * 8);
#ifdef ES_COMPACT
    /* no clue sweeps over every partial roll, no root table, no ids cache: the slices, and the
     * level sums of the context in its states kept across calls (sl_solve) */
    p->off_nscr = p->off_cache = p->off_ids = add_area(&off, 0);
    p->ids_bytes = 0;
    p->off_sums = add_area(&off, chains ? ((uint64_t)l->clues + 1) * (uint64_t)sh.n * 16 : 0);
#else
    p->off_sums = 0;
    p->off_nscr = add_area(&off, l->clues > 0 ? keys_of(&sh, l->green, l->yellow, l->red) * BLK * 16 : 0);
    p->off_cache = add_area(&off, chains ? rows_of(&sh, l->green, l->yellow, l->red) * (uint64_t)sh.n * 8 : 0);
    /* the ids cache: a directory, then a ring of IDS_POOLS times the largest pool's numbers */
    p->ids_bytes = l->clues > 0 ? IDS_POOLS * ALIGN16(rows_of(&sh, l->green, l->yellow, l->red) * 4) : 0;
    p->off_ids = add_area(&off, l->clues > 0 ? IDS_DIR * 24 + p->ids_bytes : 0);
#endif
    /* the residual cache of frame_held: a directory and a store, with held dice possible */
    /* its directory: a quarter of the contexts, 256 to RC_DIR entries (it is cleared at set-up,
     * so a small workspace keeps a small one) */
    p->rc_dir = RC_DIR < 256 ? RC_DIR : 256;
    while (p->rc_dir < RC_DIR && p->rc_dir * 4 < p->contexts)
        p->rc_dir <<= 1;
    p->off_rc = add_area(&off, l->held > 0 ? p->rc_dir * 16 + RC_BYTES : 0);
#ifdef ES_COMPACT
    /* the arena (with the frames) last: ess_init gives it the workspace's bytes past the layout */
    p->off_frames = add_area(&off, 0);
    p->off_arena = add_area(&off, p->arena_bytes);
#else
    p->off_arena = add_area(&off, p->arena_bytes);
    p->off_frames = add_area(&off, sat_mul(p->frame_cap, p->frame_bytes));
#endif
    p->total = off;
#ifdef ES_COMPACT
    p->least = sat_add(p->off_arena, 2 * p->frame_bytes);
#else
    p->least = p->total;
#endif
}

size_t ess_workspace_size(const es_card *card, const es_limits *limits)
{
    layout p;
    if (check_card(card) != ES_OK || check_limits(limits) != ES_OK)
        return 0;
    plan(card, limits, &p);
    if (p.total >= MAX_BYTES || p.total > (uint64_t)SIZE_MAX)
        return 0;
    return (size_t)p.total;
}

size_t ess_workspace_least(const es_card *card, const es_limits *limits)
{
    layout p;
    if (check_card(card) != ES_OK || check_limits(limits) != ES_OK)
        return 0;
    plan(card, limits, &p);
    if (p.total >= MAX_BYTES || p.total > (uint64_t)SIZE_MAX)
        return 0;
    return (size_t)p.least;
}

int ess_estimate(const es_card *card, const es_limits *limits, es_estimate *out)
{
    layout p;
    int rc;
    if (!out)
        return ES_EARG;
    if ((rc = check_card(card)) != ES_OK)
        return rc;
    if ((rc = check_limits(limits)) != ES_OK)
        return rc;
    plan(card, limits, &p);
    out->contexts = p.contexts;
    out->pairs = p.pairs;
    out->sweeps = p.sweeps;
    out->bytes = p.total >= MAX_BYTES || p.total > (uint64_t)SIZE_MAX ? 0 : p.total;
    return ES_OK;
}

/* ----- set-up ------------------------------------------------------------------------------------- */

/* Record every multiset of `k` dice over the m green classes whose first j counts are set. */
static void gen_green(wsh *w, uint8_t *c, int j, int left, int k, const uint64_t *fact)
{
    int m = w->ncls[0], q, e;
    if (j == m - 1) {
        int idx;
        uint64_t wt = fact[k], pack = 0;
        uint8_t pres = 0;
        c[j] = (uint8_t)left;
        idx = w->goff[k] + MRANK(w, c, m);
#ifndef ES_COMPACT
        for (q = 0; q < ES_NFACES; q++)
            PTR(w, w->off_gcnt, uint8_t)[(size_t)idx * ES_NFACES + q] = q < m ? c[q] : 0;
#endif
        for (q = 0; q < m; q++) {
            wt /= fact[c[q]];
            for (e = 0; e < c[q]; e++)
                wt *= w->cw[0][q];
            pack += (uint64_t)c[q] << (8 * w->cface[0][q]);
            if (c[q])
                pres |= (uint8_t)(1u << q);
        }
        PTR(w, w->off_gw, uint64_t)[idx] = wt;
        PTR(w, w->off_gpack, uint64_t)[idx] = pack;
        PTR(w, w->off_gpres, uint8_t)[idx] = pres;
        PTR(w, w->off_gsize, uint8_t)[idx] = (uint8_t)k;
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
            c[j] = (uint8_t)GCNT(w, i, j);
            size += c[j];
        }
        for (j = 0; j < GSTRIDE; j++) {
            if (size < gmax) {           /* the largest size's rows are not kept (compact) */
                GADD(w, i, j) = -1;
                if (j < m) {
                    c[j]++;
                    GADD(w, i, j) = (int16_t)(w->goff[size + 1] + MRANK(w, c, m));
                    c[j]--;
                }
            }
#ifndef ES_COMPACT
            else
                GADD(w, i, j) = -1;
            PTR(w, w->off_gsub, int16_t)[i * ES_NFACES + j] = -1;
            if (j < m && c[j]) {
                c[j]--;
                PTR(w, w->off_gsub, int16_t)[i * ES_NFACES + j] = (int16_t)(w->goff[size - 1] + MRANK(w, c, m));
                c[j]++;
            }
#endif
        }
    }
}

/* The face-set hash: packed face counts -> bit mask of the tasks having it as a minimal face set. */
static uint64_t fsh_slot(const wsh *w, uint64_t key)
{
    return (key * 0x9E3779B97F4A7C15ULL >> 17) & w->fsh_mask;
}

static void fsh_add(wsh *w, uint64_t key, int t)
{
    uint64_t *tab = PTR(w, w->off_fsh, uint64_t), h = fsh_slot(w, key);
    for (;;) {
        if (tab[2 * h] == key || tab[2 * h] == 0) {
            tab[2 * h] = key;
            tab[2 * h + 1] |= 1ULL << t;
            return;
        }
        h = (h + 1) & w->fsh_mask;
    }
}

#ifndef ES_COMPACT
static uint64_t fsh_tasks(const wsh *w, uint64_t key)
{
    const uint64_t *tab = PTR(w, w->off_fsh, uint64_t);
    uint64_t h = fsh_slot(w, key);
    while (tab[2 * h]) {
        if (tab[2 * h] == key)
            return tab[2 * h + 1];
        h = (h + 1) & w->fsh_mask;
    }
    return 0;
}

#endif

int ess_init(void *ws, size_t size, const es_card *card, const es_limits *limits)
{
    layout p;
    wsh *w = (wsh *)ws;
    int rc, c, j, t, k, total = 0;
    uint64_t *fs, i;
    if (!ws)
        return ES_EARG;
    if ((rc = check_card(card)) != ES_OK)
        return rc;
    if ((rc = check_limits(limits)) != ES_OK)
        return rc;
    if (((uintptr_t)ws & 15u) != 0)
        return ES_EWS;
    plan(card, limits, &p);
    if (p.total >= MAX_BYTES || (uint64_t)size < p.least)
        return ES_EWS;
    w->magic = 0;
    w->size = size;
    w->lim = *limits;
    w->ntasks = card->ntasks;
    w->nstates = card->nstates;
    w->empty = card->empty_state;
    w->terror = card->terror;
    w->tcls = -1;
    for (c = 0; c < 3; c++) {
        w->ncls[c] = card->nclasses[c];
        for (j = 0; j < ES_NFACES; j++) {
            w->cface[c][j] = j < card->nclasses[c] ? card->class_face[c][j] : 0;
            w->cw[c][j] = j < card->nclasses[c] ? (uint64_t)card->class_weight[c][j] : 0;
        }
    }
    for (j = 0; j < w->ncls[0]; j++)
        if (w->cface[0][j] == TERROR_FACE)
            w->tcls = j;
    for (j = 0; j < ES_NFACES; j++) {
        w->ypack[j] = j < w->ncls[1] ? 1ULL << (8 * w->cface[1][j]) : 0;
        w->rpack[j] = j < w->ncls[2] ? 1ULL << (8 * w->cface[2][j]) : 0;
    }
    w->nactive = 0;
    for (t = 0; t < ES_MAX_TASKS; t++) {
        w->nallowed[t] = card->nallowed[t];
        for (k = 0; k < ES_MAX_STATES; k++) {
            w->allowed[t][k][0] = k < card->nallowed[t] ? card->allowed[t][k][0] : 0;
            w->allowed[t][k][1] = k < card->nallowed[t] ? card->allowed[t][k][1] : 0;
        }
        if (t < card->ntasks && card->nallowed[t] > 0)
            w->active[w->nactive++] = t;
        w->fsoff[t] = total;
        total += card->nfacesets[t];
    }
    w->fsoff[ES_MAX_TASKS] = total;
    w->off_fs = p.off_fs;
    w->off_fsn = p.off_fsn;
    w->off_fsh = p.off_fsh;
    w->fsh_mask = p.fsh_cap - 1;
    w->off_gcnt = p.off_gcnt;
    w->off_gw = p.off_gw;
    w->off_gadd = p.off_gadd;
    w->off_gsub = p.off_gsub;
    w->off_gpack = p.off_gpack;
    w->off_gpres = p.off_gpres;
    w->off_gsize = p.off_gsize;
    w->off_lat = p.off_lat;
    w->lny = limits->yellow ? w->ncls[1] + 1 : 1;
    w->lnr = limits->red ? w->ncls[2] + 1 : 1;
    /* one lattice for completions from the roll alone, and with held dice possible one per
     * representative face for completions that use one held die of that face */
    w->nlat = 1;
    w->lat_hv[0] = 0;
    for (j = 0; j < ES_NFACES; j++) {
        int seen = 0;
        w->lat_of_face[j] = -1;
        for (c = 0; c < 3; c++)
            for (k = 0; k < w->ncls[c]; k++)
                seen |= w->cface[c][k] == j;
        if (seen && limits->held > 0) {
            w->lat_of_face[j] = w->nlat;
            w->lat_hv[w->nlat++] = 1ULL << (8 * j);
        }
    }
    w->lpk = limits->green <= 7;
    w->lw = lat_words(w->ntasks, limits->green);
    w->lbits = w->lpk ? 31 : 63;
    for (j = 0; j < ES_MAX_TASKS; j++)
        w->lact[j] = 0;
    for (j = 0; j < w->nactive; j++)
        w->lact[w->active[j] >> w->lpk] |= w->lpk ? 0xFFFFFFFFULL << (32 * (w->active[j] & 1)) : ~0ULL;
#ifdef ES_COMPACT
    w->lat_size = (uint64_t)w->lw;        /* a roll's entries one after another (roll_lat) */
#else
    w->lat_size = (uint64_t)p.ngm * (uint64_t)w->lny * (uint64_t)w->lnr * (uint64_t)w->lw;
#endif
    for (t = 0; t < 1 + ES_NFACES; t++)
        for (c = 0; c < 2; c++)
            for (j = 0; j < 2; j++)
                w->lat_k[t][c][j] = -1;
    w->memo_cap = p.memo_cap;
    w->memo_vals = p.memo_vals;
    w->memo_used = 0;
    w->off_mkeys = p.off_mkeys;
    w->off_midx = p.off_midx;
    w->off_mvals = p.off_mvals;
    w->off_empty = p.off_empty;
    w->off_nscr = p.off_nscr;
    w->off_cache = p.off_cache;
    w->cache_key = 0;
    w->off_ids = p.off_ids;
    w->ids_bytes = p.ids_bytes;
    w->ids_head = 0;
    if (w->ids_bytes)
        for (k = 0; k < IDS_DIR * 3; k++)
            PTR(w, w->off_ids, uint64_t)[k] = 0;
    w->off_rc = p.off_rc;
    w->rc_dir = p.rc_dir;
    w->rc_top = 0;
    w->rc_gen = 1;
    if (limits->held > 0)
        for (k = 0; k < (int)w->rc_dir * 2; k++)
            PTR(w, w->off_rc, uint64_t)[k] = 0;
    w->off_arena = p.off_arena;
#ifdef ES_COMPACT
    w->arena_bytes = (uint64_t)size - p.off_arena;
#else
    w->arena_bytes = p.arena_bytes;
#endif
    w->arena_top = 0;
    w->arena_peak = 0;
    w->off_frames = p.off_frames;
    w->frame_bytes = p.frame_bytes;
    {
        shape sh;
        flayout fl;
        shape_of(card, &sh);
        frame_layout(&sh, limits, &fl);
        w->scr_off = fl.scr;
        w->slot_off = fl.slot;
        w->slot_bytes = fl.slot_bytes;
        w->fail_off = fl.fail;
        w->res_off = fl.res;
        w->grp_off = fl.grp;
        w->latv_off = fl.latv;
        w->res_max = fl.res_max;
        w->grp_max = fl.grp_max;
        w->frame_last = 0;
    }
#ifdef ES_COMPACT
    w->sl_depth = 0;
    for (k = 0; k < RS_DEPTH; k++)
        w->rs_key[k] = 0;
    w->st_key = 0;
    w->st_next = 0;
    w->off_sums = p.off_sums;
#endif
    w->frame_cap = p.frame_cap;
    w->frame_top = 0;
    w->frame_hwm = 0;
    w->gen = 0;
    w->lift = 0;
    w->pairs = 0;
    w->contexts = 0;
    w->frames = 0;
    w->sweeps = 0;
    w->saved = 0;
    memset(&w->budget, 0, sizeof w->budget);
    w->progress = 0;
    w->user = 0;
    w->every = 0;
    w->next_report = 0;
    w->pow6[0] = 1;
    for (k = 1; k < 24; k++)
        w->pow6[k] = w->pow6[k - 1] * 6u;
    for (k = 0; k < 11; k++) {
        int l = 0;
        while (((uint64_t)1 << l) < w->pow6[k])
            l++;
        w->dshift[k] = 58 + l;
        w->dmagic[k] = u128_div64(u128_add64(u128_shl(u128_from(1), 58 + l), w->pow6[k] - 1), w->pow6[k]);
        if (k >= 1 && k <= 6) {
            w->nmagic[k] = u128_div64(u128_make(((uint64_t)1 << l) - w->pow6[k], 0), w->pow6[k]) + 1;
            w->nshift[k] = l - 1;
        }
    }
    for (k = 0; k < ES_MAX_GREEN + ES_NFACES + 2; k++)
        for (j = 0; j <= ES_NFACES; j++)
            w->pascal[k][j] = (uint32_t)binom(k, j);
    fs = PTR(w, w->off_fs, uint64_t);
    w->fs_sizes = 0;
    for (j = 0; j < ES_NFACES; j++)
        w->rdelta[j] = j > 0 && j < w->ncls[2] ? w->rpack[j] - w->rpack[j - 1] : 0;
    for (i = 0; i < p.fsh_cap * 2; i++)
        PTR(w, w->off_fsh, uint64_t)[i] = 0;
    for (t = 0; t < ES_MAX_TASKS; t++)
        for (k = w->fsoff[t]; k < w->fsoff[t + 1]; k++) {
            uint64_t v = 0;
            int nd = 0;
            for (j = 0; j < ES_NFACES; j++) {
                v |= (uint64_t)card->facesets[(size_t)k * ES_NFACES + j] << (8 * j);
                nd += card->facesets[(size_t)k * ES_NFACES + j];
            }
            fs[k] = v;
            PTR(w, w->off_fsn, uint8_t)[k] = (uint8_t)nd;
            fsh_add(w, v, t);
            w->fs_sizes |= 1u << nd;
        }
    fill_green(w);
    w->useful_hp = 0;
    for (k = 0; k < total; k++)
        for (j = 0; j < ES_NFACES; j++)
            if (fs[k] >> (8 * j) & 255)
                w->useful_hp |= 15u << (4 * j);
    for (i = 0; i < w->memo_cap; i++)
        PTR(w, w->off_mkeys, uint64_t)[i] = 0;
    for (k = 0; k < w->nstates; k++)
        PTR(w, w->off_empty, uint64_t)[k] = k == w->empty ? ES_ONE : 0;
    w->magic = WS_MAGIC;
    return ES_OK;
}

/* ----- the memo, the arena and the frame stack ----------------------------------------------------- */

/* The memo key of a context. Held dice of a face that no minimal face set has are left out: such a
 * die can never be used (a way draws a minimal face set; a failed roll, a spell or a clue treats
 * rolled dice only), so every option of the context, and by induction every context after it, is
 * the same with and without it, and so is the value vector, integer for integer. Such contexts are
 * common (a focus or a spell may hold a blank die: the solver weighs every choice), and they share
 * the memo entry, and so the solve, of the context without the useless die. */
static inline uint64_t pack(const wsh *w, const ictx *x)
{
    return (uint64_t)x->g | (uint64_t)x->y << 4 | (uint64_t)x->r << 5 | (uint64_t)x->f << 6 |
           (uint64_t)x->s << 9 | (uint64_t)x->c << 12 | (uint64_t)(x->hp & w->useful_hp) << 16 | (1ULL << 63);
}

static inline uint64_t *memo_find(wsh *w, uint64_t key, int insert)
{
    uint64_t *keys = PTR(w, w->off_mkeys, uint64_t);
    uint64_t mask = w->memo_cap - 1;
    uint64_t h = ((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
    for (;;) {
        if (keys[h] == key)
            return PTR(w, w->off_mvals, uint64_t) + PTR(w, w->off_midx, uint32_t)[h] * (uint64_t)w->nstates;
        if (keys[h] == 0) {
            if (!insert || w->memo_used >= w->memo_vals || w->memo_used >= UINT32_MAX)
                return 0;
            keys[h] = key;
            PTR(w, w->off_midx, uint32_t)[h] = (uint32_t)w->memo_used;
            return PTR(w, w->off_mvals, uint64_t) + w->memo_used++ * (uint64_t)w->nstates;
        }
        h = (h + 1) & mask;
    }
}

static void *arena_alloc(wsh *w, uint64_t bytes)
{
    uint64_t need = ALIGN16(bytes);
    void *p;
    if (w->arena_top + need > w->arena_bytes)
        return 0;
    p = PTR(w, w->off_arena + w->arena_top, void);
    w->arena_top += need;
    if (w->arena_top > w->arena_peak)
        w->arena_peak = w->arena_top;
    return p;
}

/* Rows of the roll table of pool (g, y, r). */
static uint64_t pool_rows(const wsh *w, int g, int y, int r)
{
    return (uint64_t)(w->goff[g + 1] - w->goff[g]) * (uint64_t)(y ? w->ncls[1] : 1) *
           (uint64_t)(r ? w->ncls[2] : 1);
}

static int get_values(wsh *w, const ictx *x, const uint64_t **out);

/* The work done so far in the budget's units (its weights times the counters), saturating. */
static uint64_t work_done(const wsh *w)
{
    return sat_add(sat_add(sat_mul(w->pairs, w->budget.per_pair), sat_mul(w->sweeps, w->budget.per_sweep)),
                   sat_add(sat_mul(w->frames, w->budget.per_frame), sat_mul(w->contexts, w->budget.per_context)));
}

/* Between two units of work (a context or a node of a chain stored): stop with ES_ELIMIT past the
 * work limit, and report progress (a non-zero answer from the callback stops the solve). The
 * limit is checked here, at the points where everything finished so far is stored, so a stopped
 * solve leaves the memo whole, as ES_EINTR does. */
static int tick(wsh *w)
{
    if (w->budget.limit && work_done(w) > w->budget.limit)
        return ES_ELIMIT;
    if (w->progress && w->pairs >= w->next_report) {
        w->next_report = w->pairs + w->every;
        if (w->progress(w->user, w->contexts, w->pairs))
            return ES_EINTR;
    }
    return ES_OK;
}

/* ----- the completion lattice -------------------------------------------------------------------------
 *
 * A way to complete a task without held dice uses a sub-roll (some green dice, maybe the yellow,
 * maybe the red) whose faces are exactly one of the task's minimal face sets; what matters for
 * the successor is only how many green dice it uses and whether it uses the yellow and the red:
 * bit (green used * 4 + yellow used * 2 + red used). So the completion bits of a roll are the OR,
 * over its sub-rolls, of "this sub-roll is a minimal face set", and every partial roll's bits are
 * its own plus those of its neighbours with one die fewer: one pass over the partial rolls in
 * order of size. Partial rolls are indexed like the clue sweeps' keys: (green multiset, yellow
 * class or `none`, red class or `none`); the lattice covers the workspace's largest pool and is
 * filled lazily, region by region (yellow none/some, red none/some), up to the green size a pool
 * needs, so a solve touches only the part its pools use.
 *
 * With held dice, a way may also use some of them. A way using exactly one held die of face f is a
 * sub-roll whose faces plus f are a minimal face set: the same OR over neighbours with "exactly" tested
 * on faces + f. So the workspace keeps one more lattice per representative face (lat_of_face), and only
 * ways using two held dice or more, or one held die of a face that represents no class (asked held
 * by the caller: it has no lattice), are found by scanning residual face sets (frame_held).
 *
 * Words: an entry holds the task masks of a partial roll, lw words. A mask has bits up to
 * green used * 4 + 3, so while the workspace's pools have at most 7 green dice every mask fits 32
 * bits and a word holds two of them (lpk: task t in word t / 2, bits 32 (t % 2) up); with 8 green
 * dice a word holds one (lpk 0, ntasks rounded up to even words). Two masks a word halve the
 * lattices' memory (the pages a first solve touches) and the words every roll's signature copies,
 * hashes and compares (roll_sig, roll_slot); only the readers of single masks (lat_mask) unpack.
 */

/* STMT(c) for the constant c equal to lw (1, 2, 3, 4 or 6), so that loops over an entry's words
 * unroll. */
#define LW_CASES(lw, STMT)                                                                             \
    do {                                                                                               \
        switch (lw) {                                                                                  \
        case 1:                                                                                        \
            STMT(1);                                                                                   \
            break;                                                                                     \
        case 2:                                                                                        \
            STMT(2);                                                                                   \
            break;                                                                                     \
        case 3:                                                                                        \
            STMT(3);                                                                                   \
            break;                                                                                     \
        case 4:                                                                                        \
            STMT(4);                                                                                   \
            break;                                                                                     \
        default:                                                                                       \
            STMT(6);                                                                                   \
            break;                                                                                     \
        }                                                                                              \
    } while (0)

/* For every completion in a lattice entry (or a signature's copy of one) of an active task (one
 * with allowed transitions): its task t and bit, word by word (j, mask: the word's bits left),
 * whether a word holds one mask or two: bit b of word j is task (j << lpk) + b / 32, bit b % 32
 * with two a word, and task j, bit b with one. */
#define FOR_LAT_BITS(w, entry, j, mask, t, bit)                                                        \
    for ((j) = 0; (j) < (w)->lw; (j)++)                                                                \
        for ((mask) = (entry)[j] & (w)->lact[j];                                                       \
             (mask) && ((bit) = __builtin_ctzll(mask), (t) = ((j) << (w)->lpk) + ((bit) >> 5 & (w)->lpk), \
                        (bit) &= (w)->lbits, (mask) &= (mask) - 1, 1);)

#define LKEY(w, gi, ys, rs) (((uint64_t)(gi) * (uint64_t)(w)->lny + (uint64_t)(ys)) * (uint64_t)(w)->lnr + (uint64_t)(rs))

#ifndef ES_COMPACT
static inline __attribute__((always_inline)) void lat_fill_keys(wsh *w, int L, int ym, int rm, int k,
                                                                const int lw)
{
    int yn = w->lny - 1, rn = w->lnr - 1, m = w->ncls[0], lpk = w->lpk;
    int gi, ys, rs, j, t, q, nn;
    int ylo = ym ? 0 : yn, yhi = ym ? w->ncls[1] - 1 : yn;
    int rlo = rm ? 0 : rn, rhi = rm ? w->ncls[2] - 1 : rn;
    uint64_t ystride = (uint64_t)w->lnr * (uint64_t)lw, gstride = (uint64_t)w->lny * ystride;
    uint64_t *lat = PTR(w, w->off_lat, uint64_t) + (uint64_t)L * w->lat_size;
    uint64_t bit = 1ULL << (k * 4 + ym * 2 + rm), hv = w->lat_hv[L];
    int hn = L > 0;
    const uint64_t *gpack = PTR(w, w->off_gpack, uint64_t);
    const uint8_t *gpres = PTR(w, w->off_gpres, uint8_t);
    const int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    /* only partial rolls with as many dice as some face set can be one */
    int exact = w->fs_sizes >> (k + ym + rm + hn) & 1;
    uint64_t back[ES_NFACES + 2];
    for (gi = w->goff[k]; gi < w->goff[k + 1]; gi++) {
        uint64_t *gbase = lat + (uint64_t)gi * gstride;
        /* neighbours with one green die fewer: the same yellow/red cell of another multiset */
        nn = 0;
        for (j = 0; j < m; j++)
            if (gpres[gi] >> j & 1)
                back[nn++] = (uint64_t)(gi - gsub[gi * ES_NFACES + j]) * gstride;
        for (ys = ylo; ys <= yhi; ys++) {
            uint64_t *row = gbase + (uint64_t)ys * ystride + (uint64_t)rlo * (uint64_t)lw;
            for (rs = rlo; rs <= rhi; rs++, row += lw) {
                /* accumulated in registers (lw <= 6 words, a constant here), stored once: every
                 * neighbour read (one green die fewer, no yellow, no red) was filled before */
                uint64_t d[6] = {0, 0, 0, 0, 0, 0}, tm = 0;
                const uint64_t *o;
                if (exact)
                    tm = fsh_tasks(w, gpack[gi] + (ym ? w->ypack[ys] : 0) + (rm ? w->rpack[rs] : 0) + hv);
                for (t = 0; tm; t++, tm >>= 1)
                    if (tm & 1)
                        d[t >> lpk] |= bit << (32 * (t & lpk));
                for (q = 0; q < nn; q++)
                    for (o = row - back[q], j = 0; j < lw; j++)
                        d[j] |= o[j];
                if (ym)         /* the same roll without the yellow die */
                    for (o = row + (uint64_t)(yn - ys) * ystride, j = 0; j < lw; j++)
                        d[j] |= o[j];
                if (rm)         /* without the red die */
                    for (o = row + (uint64_t)(rn - rs) * (uint64_t)lw, j = 0; j < lw; j++)
                        d[j] |= o[j];
                for (j = 0; j < lw; j++)
                    row[j] = d[j];
            }
        }
    }
}

/* lw is 1, 2, 3 (two masks a word) or 2, 4, 6 (one). */
static void lat_fill_size(wsh *w, int L, int ym, int rm, int k)
{
    switch (w->lw) {
    case 1:
        lat_fill_keys(w, L, ym, rm, k, 1);
        break;
    case 2:
        lat_fill_keys(w, L, ym, rm, k, 2);
        break;
    case 3:
        lat_fill_keys(w, L, ym, rm, k, 3);
        break;
    case 4:
        lat_fill_keys(w, L, ym, rm, k, 4);
        break;
    default:
        lat_fill_keys(w, L, ym, rm, k, 6);
        break;
    }
}

#endif

/* Make the lattice cover pool (g, y, r): regions in the order none/none, none/red, yellow/none,
 * yellow/red, so every neighbour is filled before it is read. */
static void lat_fill(wsh *w, int L, int g, int y, int r)
{
#ifdef ES_COMPACT
    (void)w, (void)L, (void)g, (void)y, (void)r;        /* no lattice: roll_lat */
#else
    int ym, rm, k;
    for (ym = 0; ym <= y; ym++)
        for (rm = 0; rm <= r; rm++) {
            for (k = w->lat_k[L][ym][rm] + 1; k <= g; k++)
                lat_fill_size(w, L, ym, rm, k);
            if (g > w->lat_k[L][ym][rm])
                w->lat_k[L][ym][rm] = g;
        }
#endif
}

/* ----- frames ---------------------------------------------------------------------------------------------
 *
 * A frame holds what every roll of one context shares, so that a roll costs a few vector maxima:
 *   - the fail options' maxima over the die set aside: f0 without focus, and, with focus left, one
 *     vector per face the focus may hold (green classes, the yellow's, the red's);
 *   - successor pointers of completions without held dice, by their bit;
 *   - with held dice: the residual face sets (a minimal face set minus the held dice it uses), in
 *     groups per (task, held dice used); a roll completes a group when it contains a residual
 *     exactly (the same bits as the lattice). Past RES_MAX residuals, the frame falls back to
 *     splitting every face set that meets the held dice among the sources (split_rec).
 * Frames live in a stack inside the workspace (their size depends on the card).
 */

/* (the frame's types are with the workspace header's, above) */

/* Fail vectors of a frame: f0, then green classes, yellow classes, red classes; then the signature
 * cache: NSLOT generation stamps (GEN: slot k is filled when its stamp is the frame's generation),
 * then the slots, each a header and a vector at the frame's stride. The stamps have a place of
 * their own, whatever the stride, so a stale word there is always an older generation or zero. */
typedef struct {
    uint64_t wt;                 /* weight of the rolls aggregated in the slot */
    uint64_t sig[SIGW];          /* only the frame's sig_words are there; its vector follows */
} slot_hdr;
#define GEN(w, fr) ((uint64_t *)((unsigned char *)(fr) + (w)->slot_off))
#define SLOT(w, fr, k) ((slot_hdr *)((unsigned char *)(fr) + (w)->slot_off + NSLOT * 8 + (uint64_t)(k) * (fr)->slot_bytes))
#define SVEC(fr, sl) ((uint64_t *)(sl) + 1 + (fr)->sig_words)
#define FVEC(w, fr, k) ((uint64_t *)((unsigned char *)(fr) + FRAME_HDR) + (uint64_t)(k) * (uint64_t)(w)->nstates)
/* scratch vector k (< FSCR_VECS) of a frame: 0, 1 the sums of its rolls (hi, lo), 2 a roll's best,
 * 3, 4 its fail option's two parts (ES_COMPACT; the host keeps these on the C stack or cached) */
#define FSCR(w, fr, k) ((uint64_t *)((unsigned char *)(fr) + (w)->scr_off) + (uint64_t)(k) * (uint64_t)(w)->nstates)

static int take_max(wsh *w, const ictx *x, uint64_t *best)
{
    const uint64_t *v;
    int rc = get_values(w, x, &v);
    if (rc == ES_OK)
        vmax(best, v, w->nstates);
    return rc;
}

/* The residual groups of the held dice of a frame. A group is (task, non-empty sub-multiset H of
 * the held dice); its residuals are the task's minimal face sets that contain H, minus H, that a
 * roll of the pool can still complete (no more dice left than the pool has). Groups come in the
 * odometer order of H (face 0's count turning fastest), then by task, a group's residuals in
 * face-set order; past RES_MAX residuals or GRP_MAX groups the frame is HELD_SPLIT.
 *
 * Finding them scans every face set once per sub-multiset of the held dice: up to 63 x the face
 * sets. On typed cards (hundreds of face sets) with spells, where a context's chain pushes a frame
 * per node of its spell DAG, that scan was three quarters of a solve (353,000 frames for 3,166
 * distinct held multisets and pool sizes on one 5G+Y+R spells-4 question). So the groups of a
 * (held multiset, pool size) are scanned once (frame_scan) into the residual cache and each frame
 * with them copies them (rc_copy): the same groups in the same order. (Keyed by the held dice
 * alone, the groups before the pool-size filter averaged about 40 times the 9 residuals a frame
 * keeps.) The cache is a direct-mapped directory (RC_DIR entries: held dice, pool size,
 * generation, place, length, HELD_SPLIT or not) over a store of RC_BYTES, emptied whole (a new
 * generation) when a scan might not fit. */

typedef struct {
    uint32_t hp, gen, off;
    uint8_t dice, split;
    uint16_t nrec;               /* records: group headers and residuals */
} rc_entry;

typedef char rc_entry_is_16[sizeof(rc_entry) == 16 ? 1 : -1];
typedef char resid_is_16[sizeof(resid) == 16 && sizeof(rgroup) == 16 ? 1 : -1];

/* The held faces' one-die lattices of fr (filled for its pool). */
static void frame_lattices(wsh *w, frame *fr)
{
    const ictx *x = &fr->x;
    int i;
    fr->hbytes = 0;
    fr->nhl = 0;
    for (i = 0; i < ES_NFACES; i++) {
        if (!HELD(x, i))
            continue;
        fr->hbytes |= (uint64_t)255 << (8 * i);
        if (w->lat_of_face[i] > 0) {
            fr->hl_lat[fr->nhl] = w->lat_of_face[i];
            fr->hl_hsub[fr->nhl] = HOLD(i);
            fr->nhl++;
            lat_fill(w, w->lat_of_face[i], x->g, x->y, x->r);
        }
    }
}

/* The scan: the groups of held dice hp, each a header followed by its residuals, written as
 * 16-byte records to out (room for cap records), keeping only residuals of at most `dice` dice.
 * One held die of a face in lhp (HOLD(face) per face with a one-die lattice, frame_lattices) is
 * left to its lattice; one held die of any other face has a group here like two dice or more: a
 * held face need not be a class's representative (a context asked with an I4 held where I3
 * stands for both), and no lattice has its ways. Returns the records written with the residual
 * and group counts, or -1 past cap, maxres residuals or maxgrp groups. */
static int frame_scan(const wsh *w, uint32_t hp, uint32_t lhp, int dice, resid *out, int cap, int maxres,
                      int maxgrp, int *nres, int *ngrp)
{
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    const uint8_t *fsn = PTR(w, w->off_fsn, uint8_t);
    int hc[ES_NFACES], sub[ES_NFACES], i, q, a, top = 0;
    *nres = 0;
    *ngrp = 0;
    for (i = 0; i < ES_NFACES; i++) {
        hc[i] = (int)(hp >> (4 * i) & 15u);
        sub[i] = 0;
    }
    /* every non-empty sub-multiset of the held dice, as an odometer */
    for (;;) {
        uint64_t hv = 0;
        uint32_t hsub = 0;
        int hn = 0;
        for (i = 0; i < ES_NFACES && sub[i] == hc[i]; i++)
            sub[i] = 0;
        if (i == ES_NFACES)
            return top;
        sub[i]++;
        for (i = 0; i < ES_NFACES; i++) {
            hv |= (uint64_t)sub[i] << (8 * i);
            hsub |= (uint32_t)sub[i] << (4 * i);
            hn += sub[i];
        }
        if (hn == 1 && (hsub & lhp))
            continue;                                 /* one held die: its lattice has the ways */
        for (a = 0; a < w->nactive; a++) {
            int t = w->active[a], head = top, k = 0;
            rgroup *gp;
            for (q = w->fsoff[t]; q < w->fsoff[t + 1]; q++) {
                const uint64_t H = 0x8080808080808080ULL;
                if ((((fs[q] | H) - hv) & H) != H)
                    continue;                         /* does not contain the held dice */
                if ((int)fsn[q] - hn > dice)
                    continue;                         /* no roll of this pool can give the rest */
                if (k == 0) {                         /* the group's header goes first */
                    if (*ngrp == maxgrp || top == cap)
                        return -1;
                    top++;
                    (*ngrp)++;
                }
                if (*nres == maxres || top == cap)
                    return -1;
                out[top].v = fs[q] - hv;
                out[top].nd = (uint32_t)(fsn[q] - hn);
                out[top].pad = 0;
                top++;
                k++;
                (*nres)++;
            }
            if (k > 0) {
                gp = (rgroup *)&out[head];
                gp->t = t;
                gp->hsub = hsub;
                gp->start = 0;
                gp->end = k;
            }
        }
    }
}

/* The frame's groups from records (a header, then its residuals; see frame_scan), keeping the
 * residuals of at most `dice` dice; HELD_SPLIT past the frame's room for residuals or groups. */
static void rc_copy(const wsh *w, frame *fr, const resid *rec, int nrec, int dice)
{
    int e = 0;
    while (e < nrec) {
        const rgroup *gp = (const rgroup *)&rec[e];
        int k, start = fr->nres;
        for (k = 1; k <= gp->end; k++) {
            const resid *r = &rec[e + k];
            if ((int)r->nd > dice)
                continue;
            if (fr->nres == w->res_max) {
                fr->mode = HELD_SPLIT;
                return;
            }
            fr->res[fr->nres++] = *r;
        }
        e += 1 + gp->end;
        if (fr->nres > start) {
            if (fr->ngrp == w->grp_max) {
                fr->mode = HELD_SPLIT;
                return;
            }
            fr->grp[fr->ngrp].t = gp->t;
            fr->grp[fr->ngrp].hsub = gp->hsub;
            fr->grp[fr->ngrp].start = start;
            fr->grp[fr->ngrp].end = fr->nres;
            fr->ngrp++;
        }
    }
}

/* The residual groups of the held dice of fr->x (HELD_SPLIT when they do not fit). */
static void frame_held(wsh *w, frame *fr)
{
    const ictx *x = &fr->x;
    uint32_t hp = x->hp;
    uint32_t lhp = 0;
    int dice = x->g + x->y + x->r, nres, ngrp, q;
    rc_entry *dir, *en;
    resid *store;
    fr->nres = 0;
    fr->ngrp = 0;
    fr->mode = hp ? HELD_RESID : HELD_NONE;
    frame_lattices(w, fr);
    if (!hp)
        return;
    for (q = 0; q < fr->nhl; q++)
        lhp |= fr->hl_hsub[q];
    dir = PTR(w, w->off_rc, rc_entry);
    store = PTR(w, w->off_rc + w->rc_dir * 16, resid);
    en = &dir[(uint32_t)((((uint64_t)hp << 4 | (uint64_t)dice) * 0x9E3779B97F4A7C15ULL) >> 40) & (w->rc_dir - 1)];
    if (en->gen != w->rc_gen || en->hp != hp || en->dice != dice) {
        uint64_t room = RC_BYTES / 16, need = RES_MAX + GRP_MAX;
        int nrec;
        if (w->rc_top + need > room) {               /* a scan might not fit: empty the store */
            w->rc_top = 0;
            if (++w->rc_gen == 0) {                  /* (after 2^32 generations) */
                int k;
                for (k = 0; k < (int)w->rc_dir; k++)
                    dir[k].gen = 0;
                w->rc_gen = 1;
            }
        }
        nrec = frame_scan(w, hp, lhp, dice, store + w->rc_top, (int)need, RES_MAX, GRP_MAX, &nres, &ngrp);
        en->hp = hp;
        en->dice = (uint8_t)dice;
        en->gen = w->rc_gen;
        en->off = (uint32_t)w->rc_top;
        en->split = nrec < 0;
        en->nrec = (uint16_t)(nrec < 0 ? 0 : nrec);
        w->rc_top += en->nrec;
    }
    if (en->split)
        fr->mode = HELD_SPLIT;
    else
        rc_copy(w, fr, store + en->off, en->nrec, dice);
}

/* A failed roll sets one die aside: a = 0 a green die, 1 the yellow, 2 the red. 0 when the pool has
 * no such die (that choice does not exist), else 1 with c changed. */
static inline int set_aside(ictx *c, int a)
{
    if (a == 0) {
        if (c->g == 0)
            return 0;
        c->g--;
    } else if (a == 1) {
        if (!c->y)
            return 0;
        c->y = 0;
    } else {
        if (!c->r)
            return 0;
        c->r = 0;
    }
    return 1;
}

/* The fail vectors of context x (rolls without a Terror that matters). */
static int frame_fail(wsh *w, frame *fr)
{
    const ictx *x = &fr->x;
    int n = w->nstates, m = w->ncls[0], ny = w->ncls[1], nr = w->ncls[2], a, j, rc, k;
    for (k = 0; k < 1 + m + ny + nr; k++) {
        uint64_t *v = FVEC(w, fr, k);
        for (j = 0; j < n; j++)
            v[j] = 0;
    }
    /* aside 0: a green die, 1: the yellow, 2: the red */
    for (a = 0; a < 3; a++) {
        ictx c = *x;
        if (!set_aside(&c, a))
            continue;
        if ((rc = take_max(w, &c, FVEC(w, fr, 0))) != ES_OK)
            return rc;
        if (x->f == 0)
            continue;
        c.f--;
        /* focus a green die (another green die than the one set aside must be left) */
        for (j = 0; j < m && c.g > 0; j++) {
            ictx d = c;
            if (w->terror != ES_TERROR_NONE && j == w->tcls)
                continue;        /* rolls showing a Terror that matters take the slow path */
            d.g--;
            d.hp += HOLD(w->cface[0][j]);
            if ((rc = take_max(w, &d, FVEC(w, fr, 1 + j))) != ES_OK)
                return rc;
        }
        for (j = 0; j < ny && c.y; j++) {
            ictx d = c;
            d.y = 0;
            d.hp += HOLD(w->cface[1][j]);
            if ((rc = take_max(w, &d, FVEC(w, fr, 1 + m + j))) != ES_OK)
                return rc;
        }
        for (j = 0; j < nr && c.r; j++) {
            ictx d = c;
            d.r = 0;
            d.hp += HOLD(w->cface[2][j]);
            if ((rc = take_max(w, &d, FVEC(w, fr, 1 + m + ny + j))) != ES_OK)
                return rc;
        }
    }
    return ES_OK;
}

/* Push the frame of context x: lattice, held residuals, fail vectors. */
static int frame_push(wsh *w, const ictx *x, frame **out)
{
    frame *fr;
    int i, rc;
#ifdef ES_COMPACT
    /* from the arena, whose other allocations nest with the frames (a solve's tables are taken
     * and released between its frames' pushes and pops), so it is one stack: no frame count is
     * reserved in advance, and a frame is where the last one left off */
    uint64_t mark = w->arena_top;
    if (!(fr = (frame *)arena_alloc(w, w->frame_bytes)))
        return ES_ENOMEM;
    fr->mark = mark;
    fr->prev = w->frame_last;
    w->frame_last = (uint64_t)((unsigned char *)fr - (unsigned char *)w);
    fr->res = (resid *)((unsigned char *)fr + w->res_off);
    fr->grp = (rgroup *)((unsigned char *)fr + w->grp_off);
    fr->latv = (uint64_t *)((unsigned char *)fr + w->latv_off);
    fr->gclr = 0;                /* a new place: nothing cleared */
    fr->fail_clr = 0;
    w->frame_top++;
    if (w->frame_top > w->frame_hwm)
        w->frame_hwm = w->frame_top;
#else
    if (w->frame_top >= w->frame_cap)
        return ES_ENOMEM;
    fr = PTR(w, w->off_frames + w->frame_top * w->frame_bytes, frame);
    w->frame_top++;
    if (w->frame_top > w->frame_hwm) {
        /* the workspace is not cleared by the caller: a stack position used for the first time
         * has nothing cleared yet (gclr and fail_clr survive later pushes at this position) */
        fr->gclr = 0;
        fr->fail_clr = 0;
        w->frame_hwm = w->frame_top;
    }
#endif
    w->frames++;
    fr->x = *x;
    fr->x.hp &= w->useful_hp;    /* a useless held die changes nothing (see pack): not in the frame */
    fr->focus = x->f > 0;
    for (i = 0; i < 36; i++)
        fr->comp[i] = 0;
    for (i = 0; i < HC; i++) {
        fr->hkey[i] = 0;
        fr->hval[i] = 0;
    }
    lat_fill(w, 0, x->g, x->y, x->r);
    frame_held(w, fr);
    fr->sig_words = 1 + w->lw * (1 + fr->nhl) + fr->ngrp;
    fr->cached = fr->mode != HELD_SPLIT && fr->sig_words <= SIGW;
    fr->slot_bytes = (uint64_t)(1 + fr->sig_words + w->nstates) * 8;
    /* a new generation empties every slot without touching them; a small pool uses few slots
     * (about twice its rolls), which keeps its working set small. Generations carry bit 63,
     * which no value of the fail cache has (values <= 2^48), so a stale word there never looks
     * valid; the slots' stamps (GEN) hold nothing but generations. */
    fr->gen = ++w->gen | (1ULL << 63);
    {
        uint64_t rows = pool_rows(w, x->g, x->y, x->r), used = 4;
        int bits = 2;
        while (used < NSLOT && used < 2 * rows) {
            used <<= 1;
            bits++;
        }
        fr->slot_shift = 64 - bits;
        /* stamp empty, once per stack position, the stamps of the slots this frame uses and no
         * frame here used before (a small pool touches only a few pages); the stamps below
         * gclr are zero or older generations */
        if (fr->cached && used > fr->gclr) {
            memset(GEN(w, fr) + fr->gclr, 0, (size_t)((used - fr->gclr) * 8));
            fr->gclr = used;
        }
        if (fr->focus && !fr->fail_clr) {       /* the fail cache is used with focus only */
            memset((unsigned char *)fr + w->fail_off, 0, (size_t)(NFAIL * (2 + (uint64_t)w->nstates) * 8));
            fr->fail_clr = 1;
        }
    }
    if ((rc = frame_fail(w, fr)) != ES_OK)
        return rc;
    *out = fr;
    return ES_OK;
}

static void frame_pop(wsh *w)
{
#ifdef ES_COMPACT
    frame *fr = PTR(w, w->frame_last, frame);
    w->arena_top = fr->mark;
    w->frame_last = fr->prev;
#endif
    w->frame_top--;
}

/* ----- options of one roll ----------------------------------------------------------------------------
 *
 * A roll is (gi: the global index of its green multiset, yi, ri: the yellow and red class or -1).
 * roll_best(fr, roll) = max(opt_fail, opt_complete, opt_held); spells and clues are added on the
 * roll tables (section "tables") because they need other rolls' values.
 */

typedef struct {
    int gi, yi, ri;
    int yf, rf;                  /* the yellow/red representative face, or -1 */
    uint64_t avail;              /* face counts of the roll (without held dice) */
    const uint64_t *lat;         /* its lattice entry: completion bits per task */
#ifdef ES_COMPACT
    frame *fr;                   /* the frame whose latv holds the entries (roll_lat) */
#endif
} roll;

/* The lattice entry of the roll's held face q (the lattice of completions with one held die of
 * the frame's q-th held face). */
#ifdef ES_COMPACT
#define ROLL_FRAME(ro, f) ((ro)->fr = (f))
#define HLAT(w, fr, ro, q) ((ro)->lat + (uint64_t)(1 + (q)) * (uint64_t)(w)->lw)
#else
#define ROLL_FRAME(ro, f) ((void)0)
#define HLAT(w, fr, ro, q) ((ro)->lat + (uint64_t)(fr)->hl_lat[q] * (w)->lat_size)
#endif

static inline void fast_bits(uint64_t *mask, uint64_t v, int nd, int yf, int rf, int gy, int gr);

#ifdef ES_COMPACT
/* The roll's lattice entries, computed (the compact layout has no lattice): for lattice 0 and each
 * held face of the frame, every active task's completion bits, the OR over its minimal face sets v
 * (containing the held die, which is then taken out) contained in the roll of the bits of drawing
 * v exactly from the roll's dice (fast_bits): what the lattice's OR over sub-rolls holds. */
static void roll_lat(const wsh *w, roll *ro)
{
    const uint64_t HB = 0x8080808080808080ULL;
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    const uint8_t *fsn = PTR(w, w->off_fsn, uint8_t);
    frame *fr = ro->fr;
    uint64_t gp = PTR(w, w->off_gpack, uint64_t)[ro->gi], *out = fr->latv;
    int gy = ro->yf >= 0 ? (int)(gp >> (8 * ro->yf) & 255) : 0;
    int gr = ro->rf >= 0 ? (int)(gp >> (8 * ro->rf) & 255) : 0;
    int L, a, q, j, lw = w->lw;
    for (L = 0; L <= fr->nhl; L++, out += lw) {
        uint64_t hv = L ? w->lat_hv[fr->hl_lat[L - 1]] : 0;
        int hn = L > 0;
        for (j = 0; j < lw; j++)
            out[j] = 0;
        for (a = 0; a < w->nactive; a++) {
            int t = w->active[a];
            uint64_t mask = 0;
            for (q = w->fsoff[t]; q < w->fsoff[t + 1]; q++) {
                uint64_t v = fs[q];
                if (hn) {
                    if ((((v | HB) - hv) & HB) != HB)
                        continue;                    /* no die of the held face */
                    v -= hv;
                }
                if ((((ro->avail | HB) - v) & HB) != HB)
                    continue;                        /* not in the roll */
                fast_bits(&mask, v, (int)fsn[q] - hn, ro->yf, ro->rf, gy, gr);
            }
            out[t >> w->lpk] |= mask << (32 * (t & w->lpk));
        }
    }
    ro->lat = fr->latv;
}
#endif

static void roll_set(const wsh *w, roll *ro, int gi, int yi, int ri)
{
    ro->gi = gi;
    ro->yi = yi;
    ro->ri = ri;
    ro->yf = yi >= 0 ? w->cface[1][yi] : -1;
    ro->rf = ri >= 0 ? w->cface[2][ri] : -1;
    ro->avail = PTR(w, w->off_gpack, uint64_t)[gi] + (yi >= 0 ? w->ypack[yi] : 0) +
                (ri >= 0 ? w->rpack[ri] : 0);
#ifdef ES_COMPACT
    roll_lat(w, ro);
#else
    ro->lat = PTR(w, w->off_lat, uint64_t) +
              LKEY(w, gi, yi >= 0 ? yi : w->lny - 1, ri >= 0 ? ri : w->lnr - 1) * (uint64_t)w->lw;
#endif
}

/* The rolls of a pool in table order (green multiset, yellow class, red class), with weights:
 * roll_first / roll_next keep the lattice row and face counts up to date incrementally. */
typedef struct {
    int g0, g1, NY, NR, y, r;
    uint64_t wt, wgy;            /* the roll's weight; green times yellow weight */
} roll_iter;

static void roll_first(const wsh *w, const ictx *x, roll_iter *it, roll *ro)
{
    it->g0 = w->goff[x->g];
    it->g1 = w->goff[x->g + 1];
    it->y = x->y;
    it->r = x->r;
    it->NY = x->y ? w->ncls[1] : 1;
    it->NR = x->r ? w->ncls[2] : 1;
    roll_set(w, ro, it->g0, x->y ? 0 : -1, x->r ? 0 : -1);
    it->wgy = PTR(w, w->off_gw, uint64_t)[ro->gi] * (x->y ? w->cw[1][0] : 1);
    it->wt = it->wgy * (x->r ? w->cw[2][0] : 1);
}

/* Advance to the next roll; 0 after the last. */
static inline int roll_next(const wsh *w, roll_iter *it, roll *ro)
{
    if (it->r && ro->ri + 1 < it->NR) {
        ro->ri++;
        ro->rf = w->cface[2][ro->ri];
        ro->avail += w->rdelta[ro->ri];
#ifdef ES_COMPACT
        roll_lat(w, ro);
#else
        ro->lat += w->lw;
#endif
        it->wt = it->wgy * w->cw[2][ro->ri];
        return 1;
    }
    if (it->y && ro->yi + 1 < it->NY)
        roll_set(w, ro, ro->gi, ro->yi + 1, it->r ? 0 : -1);
    else if (ro->gi + 1 < it->g1)
        roll_set(w, ro, ro->gi + 1, it->y ? 0 : -1, it->r ? 0 : -1);
    else
        return 0;
    it->wgy = PTR(w, w->off_gw, uint64_t)[ro->gi] * (it->y ? w->cw[1][ro->yi] : 1);
    it->wt = it->wgy * (it->r ? w->cw[2][0] : 1);
    return 1;
}

/* Failing with k Terror dice discarded: the pool shrinks first, so nothing precomputed applies. */
static int fail_discard(wsh *w, const ictx *x, const roll *ro, int k, uint64_t *best)
{
    const uint8_t *pres = PTR(w, w->off_gpres, uint8_t);
    int a, j, rc, m = w->ncls[0];
    for (a = 0; a < 3; a++) {
        ictx c = *x;
        c.g -= k;
        if (!set_aside(&c, a))
            continue;
        if ((rc = take_max(w, &c, best)) != ES_OK)
            return rc;
        if (x->f == 0)
            continue;
        c.f--;
        for (j = 0; j < m && c.g > 0; j++)
            if (j != w->tcls && (pres[ro->gi] >> j & 1)) {
                ictx d = c;
                d.g--;
                d.hp += HOLD(w->cface[0][j]);
                if ((rc = take_max(w, &d, best)) != ES_OK)
                    return rc;
            }
        if (c.y && ro->yf >= 0) {
            ictx d = c;
            d.y = 0;
            d.hp += HOLD(ro->yf);
            if ((rc = take_max(w, &d, best)) != ES_OK)
                return rc;
        }
        if (c.r && ro->rf >= 0) {
            ictx d = c;
            d.r = 0;
            d.hp += HOLD(ro->rf);
            if ((rc = take_max(w, &d, best)) != ES_OK)
                return rc;
        }
    }
    return ES_OK;
}

/* A fail-cache entry of the frame: a generation stamp, a spare word, then the vector. */
#define FAIL_ENTRY(w, fr, k) ((uint64_t *)((unsigned char *)(fr) + (w)->fail_off) + (uint64_t)(k) * (uint64_t)(2 + (w)->nstates))

/* The fail option of a roll (the terror effect, set aside one die, then maybe focus another) as the
 * maximum of one or two vectors *a and *b (b null when one): the frame's f0 without focus; with
 * focus max(G[green classes present], YR[yellow class, red class]); on the slow path (a Terror that
 * matters) computed into tmp. The pointers are good until the next call on this frame.
 *
 * With focus the option is the max of f0 and of the focus vectors of the faces the roll shows; max
 * is associative, so it splits exactly into a green part G (f0 and the present green classes: at
 * most 64 subsets, since a die has at most 6 classes) and a yellow/red part YR (at most 6 x 6
 * pairs), each cached in the frame by its exact index (the first 64 entries, then 36), filled on
 * first use and stamped with the frame's generation. A roll's option is then two loads of cached
 * vectors whatever order the rows come in, where one cache keyed by (classes, yellow, red) missed
 * on most rows of large pools. */
static inline __attribute__((always_inline)) int fail_vec(wsh *w, frame *fr, const roll *ro, uint64_t *tmp,
                                                           const uint64_t **a, const uint64_t **b)
{
    int n = w->nstates, m = w->ncls[0], i, j;
    int tk = w->tcls >= 0 ? GCNT(w, ro->gi, w->tcls) : 0;
    *b = 0;
    if (w->terror != ES_TERROR_NONE && tk > 0) {
        *a = tmp;
        for (i = 0; i < n; i++)
            tmp[i] = 0;
        if (w->terror == ES_TERROR_FAIL)
            return ES_OK;            /* the adventure fails: no fail option is worth anything */
        return fail_discard(w, &fr->x, ro, tk, tmp);
    }
    *a = FVEC(w, fr, 0);
    if (!fr->focus)
        return ES_OK;
#ifdef ES_COMPACT
    {
        /* no cache: the maxima of this roll made in the frame's scratch vectors 3 and 4 */
        unsigned pres = PTR(w, w->off_gpres, uint8_t)[ro->gi];
        if (pres) {
            uint64_t *g = FSCR(w, fr, 3);
            const uint64_t *f0 = FVEC(w, fr, 0);
            for (i = 0; i < n; i++)
                g[i] = f0[i];
            for (j = 0; j < m; j++)
                if (pres >> j & 1)
                    vmax(g, FVEC(w, fr, 1 + j), n);
            *a = g;
        }
        if (ro->yi >= 0 && ro->ri >= 0) {
            uint64_t *yr = FSCR(w, fr, 4);
            const uint64_t *fy = FVEC(w, fr, 1 + m + ro->yi);
            const uint64_t *fr_ = FVEC(w, fr, 1 + m + w->ncls[1] + ro->ri);
            for (i = 0; i < n; i++)
                yr[i] = fy[i] > fr_[i] ? fy[i] : fr_[i];
            *b = yr;
        } else if (ro->yi >= 0) {
            *b = FVEC(w, fr, 1 + m + ro->yi);
        } else if (ro->ri >= 0) {
            *b = FVEC(w, fr, 1 + m + w->ncls[1] + ro->ri);
        }
    }
#else
    {
        unsigned pres = PTR(w, w->off_gpres, uint8_t)[ro->gi];
        if (pres) {
            uint64_t *e = FAIL_ENTRY(w, fr, pres), *g = e + 2;
            if (e[0] != fr->gen) {
                const uint64_t *f0 = FVEC(w, fr, 0);
                for (i = 0; i < n; i++)
                    g[i] = f0[i];
                for (j = 0; j < m; j++)
                    if (pres >> j & 1)
                        vmax(g, FVEC(w, fr, 1 + j), n);
                e[0] = fr->gen;
            }
            *a = g;
        }
        if (ro->yi >= 0 && ro->ri >= 0) {
            uint64_t *e = FAIL_ENTRY(w, fr, 64 + ro->yi * 6 + ro->ri), *yr = e + 2;
            if (e[0] != fr->gen) {
                const uint64_t *fy = FVEC(w, fr, 1 + m + ro->yi);
                const uint64_t *fr_ = FVEC(w, fr, 1 + m + w->ncls[1] + ro->ri);
                for (i = 0; i < n; i++)
                    yr[i] = fy[i] > fr_[i] ? fy[i] : fr_[i];
                e[0] = fr->gen;
            }
            *b = yr;
        } else if (ro->yi >= 0) {
            *b = FVEC(w, fr, 1 + m + ro->yi);
        } else if (ro->ri >= 0) {
            *b = FVEC(w, fr, 1 + m + w->ncls[1] + ro->ri);
        }
    }
#endif
    return ES_OK;
}

/* The fail option into best. */
static inline __attribute__((always_inline)) int opt_fail(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    const uint64_t *a, *b;
    int i, rc = fail_vec(w, fr, ro, best, &a, &b);
    if (rc != ES_OK)
        return rc;
    if (b) {
        for (i = 0; i < w->nstates; i++)
            best[i] = a[i] > b[i] ? a[i] : b[i];
    } else if (a != best) {
        for (i = 0; i < w->nstates; i++)
            best[i] = a[i];
    }
    return ES_OK;
}

/* best[i] = max(best[i], v[j]) over the (i, j) transitions of task t. */
static inline void apply_task(const wsh *w, int t, const uint64_t *v, uint64_t *best)
{
    int q, na = w->nallowed[t];
    for (q = 0; q < na; q++) {
        uint64_t val = v[w->allowed[t][q][1]];
        int si = w->allowed[t][q][0];
        if (val > best[si])
            best[si] = val;
    }
}

/* The values of the context left after the roll's dice of completion class `bit` (green count in
 * bits 2+, yellow bit 1, red bit 0) complete a task: cached per frame, solved on first use. */
static inline int comp_values(wsh *w, frame *fr, int bit, const uint64_t **out)
{
    const uint64_t *v = fr->comp[bit];
    if (!v) {
        ictx sc = fr->x;
        int rc;
        sc.g -= bit >> 2;
        sc.y -= bit >> 1 & 1;
        sc.r -= bit & 1;
        if ((rc = get_values(w, &sc, &v)) != ES_OK)
            return rc;
        fr->comp[bit] = v;
    }
    *out = v;
    return ES_OK;
}

/* Complete a task with dice of the roll only: the lattice gives the bits per task. */
static int opt_complete(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    int rc;
    const uint64_t *row = ro->lat;
    int j, t, bit;
    uint64_t mask;
    FOR_LAT_BITS(w, row, j, mask, t, bit) {
        const uint64_t *v;
        if ((rc = comp_values(w, fr, bit, &v)) != ES_OK)
            return rc;
        apply_task(w, t, v, best);
    }
    return ES_OK;
}

/* The bits (green used * 4 + yellow used * 2 + red used) of drawing face set v (nd dice) exactly
 * from the roll's dice: the yellow and red die may or may not supply their face. */
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

/* The fallback for many held dice: every split of a face set among the six sources. */
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

/* The successor of using (gu, yu, ru) roll dice and the held dice hu, cached by a 64-bit key. */
static inline __attribute__((always_inline)) int held_succ(wsh *w, frame *fr, uint64_t key, int gu, int yu, int ru, uint32_t hu,
                     const uint64_t **out)
{
    int h = (int)((key * 0x9E3779B97F4A7C15ULL) >> 58 & (HC - 1)), rc;
    ictx s = fr->x;
    if (fr->hkey[h] == (key | 1ULL << 63)) {
        *out = fr->hval[h];
        return ES_OK;
    }
    s.g -= gu;
    s.y -= yu;
    s.r -= ru;
    s.hp -= hu;
    if ((rc = get_values(w, &s, out)) != ES_OK)
        return rc;
    fr->hkey[h] = key | 1ULL << 63;
    fr->hval[h] = *out;
    return ES_OK;
}

/* Complete tasks with the roll and held die q (a one-die lattice completion): lat_mask(masks, t) is the
 * completion classes per task, as a lattice row or a signature's words for q. */
static inline int held_complete(wsh *w, frame *fr, int q, const uint64_t *masks, uint64_t *best)
{
    int rc, j, t, bit;
    uint64_t mask;
    FOR_LAT_BITS(w, masks, j, mask, t, bit) {
        const uint64_t *v;
        if ((rc = held_succ(w, fr, (uint64_t)bit | (uint64_t)q << 6 | (uint64_t)1 << 61,
                            bit >> 2, bit >> 1 & 1, bit & 1, fr->hl_hsub[q], &v)) != ES_OK)
            return rc;
        apply_task(w, t, v, best);
    }
    return ES_OK;
}

static int apply_splits(wsh *w, frame *fr, int t, split_walk *sw, uint64_t *best)
{
    int q, rc;
    for (q = 0; q < sw->nkeys; q++) {
        uint64_t key = sw->keys[q];
        const uint64_t *v;
        if ((rc = held_succ(w, fr, key, (int)(key & 15), (int)(key >> 4 & 1), (int)(key >> 5 & 1),
                            (uint32_t)(key >> 8), &v)) != ES_OK)
            return rc;
        apply_task(w, t, v, best);
    }
    sw->nkeys = 0;
    return ES_OK;
}

static int held_split(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    const uint64_t HB = 0x8080808080808080ULL;
    const ictx *x = &fr->x;
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    uint64_t avail = ro->avail;
    uint8_t hc[ES_NFACES], gf[ES_NFACES];
    int i, a, q, face, rc;
    for (i = 0; i < ES_NFACES; i++) {
        hc[i] = (uint8_t)HELD(x, i);
        avail += (uint64_t)hc[i] << (8 * i);
        gf[i] = (uint8_t)(PTR(w, w->off_gpack, uint64_t)[ro->gi] >> (8 * i));
    }
    for (a = 0; a < w->nactive; a++) {
        int t = w->active[a];
        split_walk sw;
        sw.gf = gf;
        sw.yf = ro->yf;
        sw.rf = ro->rf;
        sw.hc = hc;
        sw.nkeys = 0;
        sw.overflow = 0;
        for (q = w->fsoff[t]; q < w->fsoff[t + 1]; q++) {
            uint64_t v = fs[q];
            if (!(v & fr->hbytes) || (((avail | HB) - v) & HB) != HB)
                continue;     /* no held face (the lattice has it), or not contained */
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
                if ((rc = apply_splits(w, fr, t, &sw, best)) != ES_OK)
                    return rc;
                if (sw.overflow) {
                    sw.overflow = 0;
                    split_rec(&sw, 0, 0, 0, 0, 0);
                    if (sw.overflow)
                        return ES_ENOMEM;
                }
            }
        }
        if ((rc = apply_splits(w, fr, t, &sw, best)) != ES_OK)
            return rc;
    }
    return ES_OK;
}

/* Complete a task using held dice: each residual group (task t, held dice used) is completed when
 * the roll contains one of its residuals exactly. */
static int opt_held(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    const uint64_t HB = 0x8080808080808080ULL;
    int q, e, rc, gy, gr;
    if (fr->mode == HELD_NONE)
        return ES_OK;
    if (fr->mode == HELD_SPLIT)
        return held_split(w, fr, ro, best);
    for (q = 0; q < fr->nhl; q++) {
        if ((rc = held_complete(w, fr, q, HLAT(w, fr, ro, q), best)) != ES_OK)
            return rc;
    }
    gy = ro->yf >= 0 ? (int)(PTR(w, w->off_gpack, uint64_t)[ro->gi] >> (8 * ro->yf) & 255) : 0;
    gr = ro->rf >= 0 ? (int)(PTR(w, w->off_gpack, uint64_t)[ro->gi] >> (8 * ro->rf) & 255) : 0;
    for (q = 0; q < fr->ngrp; q++) {
        const rgroup *gp = &fr->grp[q];
        uint64_t mask = 0;
        for (e = gp->start; e < gp->end; e++) {
            uint64_t v = fr->res[e].v;
            if ((((ro->avail | HB) - v) & HB) == HB)
                fast_bits(&mask, v, (int)fr->res[e].nd, ro->yf, ro->rf, gy, gr);
        }
        while (mask) {
            int bit = __builtin_ctzll(mask);
            const uint64_t *v;
            mask &= mask - 1;
            if ((rc = held_succ(w, fr, (uint64_t)bit | (uint64_t)q << 6 | (uint64_t)1 << 62,
                                bit >> 2, bit >> 1 & 1, bit & 1, gp->hsub, &v)) != ES_OK)
                return rc;
            apply_task(w, gp->t, v, best);
        }
    }
    return ES_OK;
}

/* The best value after a roll without the spell and clue options, computed directly. */
static int roll_best(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    int rc;
    if ((rc = opt_fail(w, fr, ro, best)) != ES_OK)
        return rc;
    if ((rc = opt_complete(w, fr, ro, best)) != ES_OK)
        return rc;
    return opt_held(w, fr, ro, best);
}

/* Roll signatures. A roll's completions depend only on its lattice masks and, with held dice, on
 * which residuals of each group it contains (one mask per group); without focus its fail option
 * depends only on the Terror dice that matter. So the words (terror key, lattice masks, group
 * masks) determine the best value of a roll without focus, and its completion part with focus.
 * The frame caches NSLOT signatures; without focus a slot also sums the weights of its rolls, so a
 * context's average costs one multiply per distinct signature instead of one per roll (exact: the
 * integer sums only regroup). */
/* The signature of roll ro into sig, and its hash: the Terror key, the lattice words of the roll
 * and of each held face's lattice, then the residual groups' masks. Returns its length. */
static inline __attribute__((always_inline)) int roll_sig(const wsh *w, const frame *fr, const roll *ro,
                                                          uint64_t *sig, uint64_t *hash)
{
    const uint64_t HB = 0x8080808080808080ULL, K = 0x9E3779B97F4A7C15ULL;
    int n = 1, q, e, t, lw = w->lw;
    uint64_t key = 0, h;
    if (!fr->focus && w->terror != ES_TERROR_NONE && w->tcls >= 0) {
        int tk = GCNT(w, ro->gi, w->tcls);
        key = w->terror == ES_TERROR_FAIL ? (uint64_t)(tk > 0) : (uint64_t)tk;
    }
    sig[0] = key;
    h = key * K;
    /* the lattice entries' words (lw: unrolled for each, as in roll_slot) */
#define SIG_COPY(c)                                                                                    \
    for (t = 0; t < (c); t++) {                                                                        \
        sig[n + t] = s_[t];                                                                            \
        h = (h ^ s_[t]) * K;                                                                           \
    }
#define SIG_ROW(src)                                                                                   \
    do {                                                                                               \
        const uint64_t *s_ = (src);                                                                    \
        LW_CASES(lw, SIG_COPY);                                                                        \
        n += lw;                                                                                       \
    } while (0)
    SIG_ROW(ro->lat);
    for (q = 0; q < fr->nhl; q++)
        SIG_ROW(HLAT(w, fr, ro, q));
#undef SIG_ROW
#undef SIG_COPY
    if (fr->ngrp > 0) {
        int gy = ro->yf >= 0 ? (int)(PTR(w, w->off_gpack, uint64_t)[ro->gi] >> (8 * ro->yf) & 255) : 0;
        int gr = ro->rf >= 0 ? (int)(PTR(w, w->off_gpack, uint64_t)[ro->gi] >> (8 * ro->rf) & 255) : 0;
        for (q = 0; q < fr->ngrp; q++) {
            uint64_t mask = 0;
            for (e = fr->grp[q].start; e < fr->grp[q].end; e++) {
                uint64_t v = fr->res[e].v;
                if ((((ro->avail | HB) - v) & HB) == HB)
                    fast_bits(&mask, v, (int)fr->res[e].nd, ro->yf, ro->rf, gy, gr);
            }
            sig[n++] = mask;
            h = (h ^ mask) * K;
        }
    }
    *hash = h;
    return n;
}

/* Max into best the completions a signature lists (lattice bits per task, then held groups). */
static int sig_comp(wsh *w, frame *fr, const uint64_t *sig, uint64_t *best)
{
    int q, rc, j, t, bit;
    uint64_t mask;
    FOR_LAT_BITS(w, sig + 1, j, mask, t, bit) {
        const uint64_t *v;
        if ((rc = comp_values(w, fr, bit, &v)) != ES_OK)
            return rc;
        apply_task(w, t, v, best);
    }
    for (q = 0; q < fr->nhl; q++) {
        if ((rc = held_complete(w, fr, q, sig + 1 + w->lw * (1 + q), best)) != ES_OK)
            return rc;
    }
    for (q = 0; fr->mode == HELD_RESID && q < fr->ngrp; q++) {
        uint64_t mask = sig[1 + w->lw * (1 + fr->nhl) + q];
        while (mask) {
            int bit = __builtin_ctzll(mask);
            const uint64_t *v;
            mask &= mask - 1;
            if ((rc = held_succ(w, fr, (uint64_t)bit | (uint64_t)q << 6 | (uint64_t)1 << 62,
                                bit >> 2, bit >> 1 & 1, bit & 1, fr->grp[q].hsub, &v)) != ES_OK)
                return rc;
            apply_task(w, fr->grp[q].t, v, best);
        }
    }
    return ES_OK;
}

static void slot_flush(const wsh *w, const frame *fr, slot_hdr *sl, uint64_t *hi, uint64_t *lo)
{
    const uint64_t *v = SVEC(fr, sl);
    int i;
    for (i = 0; i < w->nstates; i++) {
        hi[i] += sl->wt * (v[i] >> 24);
        lo[i] += sl->wt * (v[i] & M24);
    }
    sl->wt = 0;
}

/* The slot of roll ro's signature, computed on a miss (the slot it replaces is flushed into hi/lo
 * first when it carries weights). Without focus the slot's vector is the roll's best value, with
 * focus its completion part. */
static inline __attribute__((always_inline)) int roll_slot(wsh *w, frame *fr, const roll *ro, uint64_t *hi,
                                                              uint64_t *lo, slot_hdr **out)
{
    uint64_t sig[SIGW], h, *v, *gen;
    int len, k, i, rc;
    slot_hdr *sl;
    if (fr->nhl == 0 && fr->ngrp == 0) {
        /* no held dice (every context at focus 0): the signature is the Terror key and the roll's
         * lattice row, hashed as roll_sig does and compared in place; copied only on a miss */
        const uint64_t K = 0x9E3779B97F4A7C15ULL, *lat = ro->lat;
        uint64_t key = 0;
        int lw = w->lw;
        if (!fr->focus && w->terror != ES_TERROR_NONE && w->tcls >= 0) {
            int tk = GCNT(w, ro->gi, w->tcls);
            key = w->terror == ES_TERROR_FAIL ? (uint64_t)(tk > 0) : (uint64_t)tk;
        }
        uint64_t diff;
        /* the hash chain and the comparison unrolled for each lw */
#define SIG_HASH(n) for (k = 0; k < (n); k++) h = (h ^ lat[k]) * K
#define SIG_DIFF(n) for (k = 0; k < (n); k++) diff |= sl->sig[1 + k] ^ lat[k]
        h = key * K;
        LW_CASES(lw, SIG_HASH);
        sl = SLOT(w, fr, h >> fr->slot_shift);
        gen = GEN(w, fr) + (h >> fr->slot_shift);
        if (*gen == fr->gen && sl->sig[0] == key) {
            diff = 0;
            LW_CASES(lw, SIG_DIFF);
            if (!diff) {
                *out = sl;
                return ES_OK;
            }
        }
#undef SIG_HASH
#undef SIG_DIFF
        sig[0] = key;
        for (k = 0; k < lw; k++)
            sig[1 + k] = lat[k];
        len = 1 + lw;
    } else {
        len = roll_sig(w, fr, ro, sig, &h);
        sl = SLOT(w, fr, h >> fr->slot_shift);
        gen = GEN(w, fr) + (h >> fr->slot_shift);
        if (*gen == fr->gen) {
            for (k = 0; k < len && sl->sig[k] == sig[k]; k++)
                ;
            if (k == len) {
                *out = sl;
                return ES_OK;
            }
        }
    }
    if (*gen == fr->gen && sl->wt && hi)
        slot_flush(w, fr, sl, hi, lo);
    *gen = 0;
    for (k = 0; k < len; k++)
        sl->sig[k] = sig[k];
    v = SVEC(fr, sl);
    if (fr->focus) {
        for (i = 0; i < w->nstates; i++)
            v[i] = 0;
    } else if ((rc = opt_fail(w, fr, ro, v)) != ES_OK) {
        return rc;
    }
    if ((rc = sig_comp(w, fr, sl->sig, v)) != ES_OK)
        return rc;
    *gen = fr->gen;
    sl->wt = 0;
    *out = sl;
    return ES_OK;
}

/* The best value of one roll into best. */
static int roll_value(wsh *w, frame *fr, const roll *ro, uint64_t *best)
{
    slot_hdr *sl;
    int rc, i;
    w->pairs++;
    if (!fr->cached)
        return roll_best(w, fr, ro, best);
    if ((rc = roll_slot(w, fr, ro, 0, 0, &sl)) != ES_OK)
        return rc;
    if (fr->focus) {
        const uint64_t *fa, *fb, *sv = SVEC(fr, sl);
        if ((rc = fail_vec(w, fr, ro, best, &fa, &fb)) != ES_OK)
            return rc;
        if (fb)
            for (i = 0; i < w->nstates; i++) {
                uint64_t f = fa[i] > fb[i] ? fa[i] : fb[i];
                best[i] = f > sv[i] ? f : sv[i];
            }
        else
            for (i = 0; i < w->nstates; i++)
                best[i] = fa[i] > sv[i] ? fa[i] : sv[i];
    } else {
        for (i = 0; i < w->nstates; i++)
            best[i] = SVEC(fr, sl)[i];
    }
    return ES_OK;
}

/* Add wt times the best value of one roll to the sums hi/lo (24-bit halves). */
static int roll_add(wsh *w, frame *fr, const roll *ro, uint64_t wt, uint64_t *hi, uint64_t *lo)
{
#ifdef ES_COMPACT
    uint64_t *best = FSCR(w, fr, 2);
#else
    uint64_t best[ES_MAX_STATES];
#endif
    slot_hdr *sl;
    int rc, i;
    if (fr->cached && !fr->focus) {
        w->pairs++;
        if ((rc = roll_slot(w, fr, ro, hi, lo, &sl)) != ES_OK)
            return rc;
        sl->wt += wt;
        return ES_OK;
    }
    if ((rc = roll_value(w, fr, ro, best)) != ES_OK)
        return rc;
    for (i = 0; i < w->nstates; i++) {
        hi[i] += wt * (best[i] >> 24);
        lo[i] += wt * (best[i] & M24);
    }
    return ES_OK;
}

/* Flush every slot's weights into hi/lo (the end of a context's rolls). */
static void slots_flush(const wsh *w, frame *fr, uint64_t *hi, uint64_t *lo)
{
    const uint64_t *gen = GEN(w, fr);
    int k;
    if (!fr->cached)
        return;             /* no slot was used (nor are its stamps cleared) */
    for (k = 0; k < 1 << (64 - fr->slot_shift); k++) {
        slot_hdr *sl = SLOT(w, fr, k);
        if (gen[k] == fr->gen && sl->wt)
            slot_flush(w, fr, sl, hi, lo);
    }
}

/* ----- contexts without spells or clues --------------------------------------------------------------- */

/* Store round(acc / 6^dice) for context x; acc is kept as 24-bit halves (hi * 2^24 + lo). */
static int store_acc(wsh *w, const ictx *x, const uint64_t *hi, const uint64_t *lo)
{
    uint64_t *slot;
    int i;
    slot = memo_find(w, pack(w, x), 1);
    if (!slot)
        return ES_ENOMEM;
    for (i = 0; i < w->nstates; i++)
        slot[i] = div_round(w, u128_add64(u128_shl(u128_from(hi[i]), 24), lo[i]), x->g + x->y + x->r);
    slot[w->empty] = ES_ONE;
    w->contexts++;
    return ES_OK;
}

#ifdef ES_COMPACT
/* ----- contexts without spells or clues in the compact layout: by needs, not by roll ---------------
 *
 * The roll-by-roll solve (solve_plain's loop) makes each roll's signature from its lattice entries,
 * and the compact layout has no lattice: roll_lat scans every minimal face set for every roll. So
 * a plain context is solved here the pure-Python solver's way (kernel/eldersign/options.py
 * _solve_plain, rolls.py Node and block_ways), in one walk over its minimal face sets, not one per
 * (yellow class, red class) block:
 *
 *   - the ways (pn_ways): every way to complete an active task with a minimal face set drawn from
 *     the yellow die, the red die, the held dice and green dice (the same splits as block_ways,
 *     with the yellow and red dice showing any face they have: a way using the yellow die on face
 *     f belongs to the blocks whose yellow class shows f, one using neither to every block). A way
 *     is a completion (task, green, yellow and red dice used, held dice used: the successor) and a
 *     green need (the green dice it draws, packed by face as gpack);
 *   - the node (solve_plain_needs): distinct completions are numbered (at most 64: a word of
 *     bits) and distinct needs too (at most 64 x PN_SATW, through a hash in the arena); past that,
 *     or past the arena, the context is solved roll by roll;
 *   - the weights: per green multiset its fail key (the Terror dice and, with focus, the classes
 *     present) and its "sat", the bits of the needs it holds, its weight summed per distinct
 *     (sat, fail key) (sorted and merged: few distinct pairs for hundreds of multisets);
 *   - per pair: the completions of its ways whose need is in sat, gathered once by the block
 *     classes they need (none, a yellow class, a red class, both); per block the union of those
 *     that apply, their best value (cached by completion bits), the fail option of the key in that
 *     block, the larger of the two times the pair's weight times the block's.
 *
 * The same integers: a context's value is round(sum over rolls of weight x best / 6^dice), and the
 * sum only regroups. The successors are solved first (a pass over the ways and the fail options,
 * nothing kept), so the node, the pairs and the caches are the arena's only while this context
 * alone is at work: they never nest.
 */

#define PN_MAX 64                /* completions of a node (a word of bits) */
#define PN_SATW 8                /* words of a multiset's sat: at most 512 needs */
#define PN_NONE 0xFFFFu          /* a way's need when it draws no green die */

typedef struct {
    int t, gu, yu, ru;
    uint32_t hu;                 /* held dice used (packed like ictx.hp) */
} pcomp;

typedef struct {
    const ictx *x;
    int t, nf, rc;
    int8_t gcls[ES_NFACES];      /* green class of a face, or -1 */
    int8_t ycls[ES_NFACES];      /* yellow class of a face when the context has the yellow die, or -1 */
    int8_t rcls[ES_NFACES];      /* red class likewise */
    uint8_t face[ES_NFACES], need[ES_NFACES];
    uint8_t rest[ES_NFACES + 1]; /* the faces from i on: their dice past the held ones */
    int (*fn)(wsh *, void *, int, int, int, int, uint32_t, uint64_t);
    wsh *w;
    void *user;
} pwalk;

/* Every split of face set (pw->face, pw->need)[i..] among the yellow die, the red die, the held dice
 * and green dice (block_ways' _splits, the dice of every block at once): fn(task, green dice used,
 * yellow class used or -1, red class used or -1, held dice used, green need). cls carries the
 * classes used so far: the yellow's + 1 in its low 4 bits, the red's + 1 above. */
static void pn_split(pwalk *pw, int i, int gu, int cls, uint32_t hu, uint64_t req)
{
    int face, k, topy, topr, h, b, c, d;
    if (pw->rc)
        return;
    if (i == pw->nf) {
        if (gu <= pw->x->g)
            pw->rc = pw->fn(pw->w, pw->user, pw->t, gu, (cls & 15) - 1, (cls >> 4) - 1, hu, req);
        return;
    }
    /* the green dice the faces left need at least (the yellow and red dice, when still free, take
     * one each at most): none of these splits fits a pool that has fewer */
    if (gu + pw->rest[i] - !(cls & 15) - !(cls >> 4) > pw->x->g)
        return;
    face = pw->face[i];
    k = pw->need[i];
    topy = !(cls & 15) && pw->ycls[face] >= 0;
    topr = !(cls >> 4) && pw->rcls[face] >= 0;
    h = HELD(pw->x, face);
    for (b = 0; b <= topy; b++)
        for (c = 0; c <= topr; c++) {
            int left = k - b - c, ncls = cls;
            if (left < 0)
                continue;
            if (b)
                ncls |= pw->ycls[face] + 1;
            if (c)
                ncls |= (pw->rcls[face] + 1) << 4;
            for (d = 0; d <= h && d <= left; d++) {
                int green = left - d;
                if (green && pw->gcls[face] < 0)
                    continue;
                pn_split(pw, i + 1, gu + green, ncls, hu + ((uint32_t)d << (4 * face)),
                         req + ((uint64_t)green << (8 * face)));
            }
        }
}

/* Every way of context x (pw->fn and pw->user set by the caller). */
static int pn_ways(wsh *w, const ictx *x, pwalk *pw)
{
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    int a, q, f;
    pw->x = x;
    pw->w = w;
    pw->rc = 0;
    for (f = 0; f < ES_NFACES; f++)
        pw->gcls[f] = pw->ycls[f] = pw->rcls[f] = -1;
    for (f = 0; f < w->ncls[0]; f++)
        pw->gcls[w->cface[0][f]] = (int8_t)f;
    for (f = 0; x->y && f < w->ncls[1]; f++)
        pw->ycls[w->cface[1][f]] = (int8_t)f;
    for (f = 0; x->r && f < w->ncls[2]; f++)
        pw->rcls[w->cface[2][f]] = (int8_t)f;
    for (a = 0; a < w->nactive && !pw->rc; a++) {
        pw->t = w->active[a];
        for (q = w->fsoff[pw->t]; q < w->fsoff[pw->t + 1] && !pw->rc; q++) {
            pw->nf = 0;
            for (f = 0; f < ES_NFACES; f++)
                if (byte_of(fs[q], f)) {
                    pw->face[pw->nf] = (uint8_t)f;
                    pw->need[pw->nf++] = (uint8_t)byte_of(fs[q], f);
                }
            pw->rest[pw->nf] = 0;
            for (f = pw->nf; f-- > 0;) {
                int past = pw->need[f] - HELD(x, pw->face[f]);
                pw->rest[f] = (uint8_t)(pw->rest[f + 1] + (past > 0 ? past : 0));
            }
            pn_split(pw, 0, 0, 0, 0, 0);
        }
    }
    return pw->rc;
}

/* A way as the node keeps it: its need (then its number, or PN_NONE), its completion (then its
 * number) and the block classes it needs (-1: any). */
typedef struct {
    uint64_t req;
    uint32_t hu;
    uint16_t need;
    int8_t t, gu, yi, ri;
    uint8_t comp;
} pway;

/* The node of a context: its completions, their successors, and its ways (in the arena). */
typedef struct {
    int ncomp, nreq, full;       /* full: past PN_MAX completions or the arena */
    pcomp comp[PN_MAX];
    const uint64_t *succ[PN_MAX];
    pway *way;
    uint32_t nway, cap;
} pnode;

static int pn_add_way(wsh *w, void *user, int t, int gu, int yi, int ri, uint32_t hu, uint64_t req)
{
    pnode *nd = (pnode *)user;
    pway *p;
    (void)w;
    if (nd->nway == nd->cap) {
        nd->full = 1;
        return 1;
    }
    p = &nd->way[nd->nway++];
    p->req = req;
    p->hu = hu;
    p->t = (int8_t)t;
    p->gu = (int8_t)gu;
    p->yi = (int8_t)yi;
    p->ri = (int8_t)ri;
    return 0;
}

/* Number the node's completions (nd->comp) and needs (into req, nd->nreq of them, through a hash of
 * hbits bits in hash): 0, or 1 when past PN_MAX completions or 64 x PN_SATW needs. */
static int pn_number(pnode *nd, uint64_t *req, uint16_t *hash, int hbits)
{
    uint32_t i, hmask = ((uint32_t)1 << hbits) - 1;
    int ci;
    nd->ncomp = nd->nreq = 0;
    for (i = 0; i <= hmask; i++)
        hash[i] = PN_NONE;
    for (i = 0; i < nd->nway; i++) {
        pway *p = &nd->way[i];
        int yu = p->yi >= 0, ru = p->ri >= 0;
        uint32_t h;
        for (ci = 0; ci < nd->ncomp; ci++)
            if (nd->comp[ci].t == p->t && nd->comp[ci].gu == p->gu && nd->comp[ci].yu == yu &&
                nd->comp[ci].ru == ru && nd->comp[ci].hu == p->hu)
                break;
        if (ci == nd->ncomp) {
            if (ci == PN_MAX)
                return 1;
            nd->comp[ci].t = p->t;
            nd->comp[ci].gu = p->gu;
            nd->comp[ci].yu = yu;
            nd->comp[ci].ru = ru;
            nd->comp[ci].hu = p->hu;
            nd->ncomp++;
        }
        p->comp = (uint8_t)ci;
        if (p->req == 0) {
            p->need = PN_NONE;
            continue;
        }
        /* open addressing by a multiplicative hash of the need */
        for (h = (uint32_t)((p->req * 0x9E3779B97F4A7C15ULL) >> (64 - hbits));; h = (h + 1) & hmask) {
            if (hash[h] == PN_NONE) {
                if (nd->nreq == 64 * PN_SATW)
                    return 1;
                req[nd->nreq] = p->req;
                hash[h] = (uint16_t)nd->nreq++;
            }
            if (req[hash[h]] == p->req)
                break;
        }
        p->need = hash[h];
    }
    return 0;
}

/* The fail parts of context x with tc Terror dice discarded (fail_parts): base, each green class
 * focused (not the Terror's), each yellow and red class focused, n words each, into v (1 + m + ny
 * + nr vectors); 0 where a choice does not exist. */
static int pn_fail_parts(wsh *w, const ictx *x, int tc, uint64_t *v)
{
    int n = w->nstates, m = w->ncls[0], ny = w->ncls[1], nr = w->ncls[2], a, j, rc;
    for (j = 0; j < (1 + m + ny + nr) * n; j++)
        v[j] = 0;
    for (a = 0; a < 3; a++) {
        ictx c = *x;
        c.g -= tc;
        if (!set_aside(&c, a))
            continue;
        if ((rc = take_max(w, &c, v)) != ES_OK)
            return rc;
        if (x->f == 0)
            continue;
        c.f--;
        for (j = 0; j < m && c.g > 0; j++)
            if (j != w->tcls) {
                ictx d = c;
                d.g--;
                d.hp += HOLD(w->cface[0][j]);
                if ((rc = take_max(w, &d, v + (1 + j) * n)) != ES_OK)
                    return rc;
            }
        for (j = 0; j < ny && c.y; j++) {
            ictx d = c;
            d.y = 0;
            d.hp += HOLD(w->cface[1][j]);
            if ((rc = take_max(w, &d, v + (1 + m + j) * n)) != ES_OK)
                return rc;
        }
        for (j = 0; j < nr && c.r; j++) {
            ictx d = c;
            d.r = 0;
            d.hp += HOLD(w->cface[2][j]);
            if ((rc = take_max(w, &d, v + (1 + m + ny + j) * n)) != ES_OK)
                return rc;
        }
    }
    return ES_OK;
}

/* The best of the node's completions in bits (each its task applied to its successor's values),
 * from a direct-mapped cache of PN_MAX vectors keyed by the bits; 0 for no completion. */
static const uint64_t *pn_best(const wsh *w, const pnode *nd, uint64_t *ckey, uint64_t *cvec, uint64_t bits)
{
    uint64_t slot = (bits * 0x9E3779B97F4A7C15ULL) >> 58, *v = cvec + slot * (uint64_t)w->nstates;
    int i;
    if (!bits)
        return 0;
    if (ckey[slot] != bits) {
        for (i = 0; i < w->nstates; i++)
            v[i] = 0;
        for (ckey[slot] = bits; bits; bits &= bits - 1)
            apply_task(w, nd->comp[__builtin_ctzll(bits)].t, nd->succ[__builtin_ctzll(bits)], v);
    }
    return v;
}

/* max(base, focus part fp (or none), the completions in bits): base itself when that is base,
 * else v holding it */
static const uint64_t *pn_class(const wsh *w, const pnode *nd, uint64_t *ckey, uint64_t *cvec,
                                const uint64_t *base, const uint64_t *fp, uint64_t bits, uint64_t *v)
{
    const uint64_t *cv = pn_best(w, nd, ckey, cvec, bits);
    int i, same = 1;
    if (!fp && !cv)
        return base;
    for (i = 0; i < w->nstates; i++) {
        uint64_t b = base[i];
        if (fp && fp[i] > b)
            b = fp[i];
        if (cv && cv[i] > b)
            b = cv[i];
        same &= b == base[i];
        v[i] = b;
    }
    return same ? base : v;
}

/* Add wt times v to the sums hi/lo (24-bit halves): wt is rolls of a pool, below 6^10 < 2^32 */
static void pn_acc(uint64_t *hi, uint64_t *lo, const uint64_t *v, uint32_t wt, int n)
{
    int i;
    if (!wt)
        return;
    for (i = 0; i < n; i++) {
        hi[i] += (uint64_t)wt * (uint32_t)(v[i] >> 24);
        lo[i] += (uint64_t)wt * (uint32_t)(v[i] & M24);
    }
}

/* The successors of completing minimal face set v in context x, solved: every (held dice used,
 * yellow die used, red die used) some split of v has (pn_split's splits, without telling apart
 * the faces the yellow and red dice show: the successor does not depend on them). With the held
 * dice used chosen (an odometer over the faces), a face's dice left, rem, are green dice but for
 * those the yellow and red dice take; the faces without a green class must be theirs (sN dice in
 * all, at most two: the first such face n1, a second n2). ycls, rcls: the classes of the yellow
 * and red dice the context has (-1: none). */
static int pn_succ_set(wsh *w, const ictx *x, uint64_t v, const int8_t *gcls, const int8_t *ycls,
                       const int8_t *rcls)
{
    uint8_t face[ES_NFACES], need[ES_NFACES], use[ES_NFACES];
    int nf = 0, i, rc;
    for (i = 0; i < ES_NFACES; i++)
        if (byte_of(v, i)) {
            face[nf] = (uint8_t)i;
            need[nf] = (uint8_t)byte_of(v, i);
            use[nf++] = 0;
        }
    for (;;) {
        /* cy, cr: faces with a die left the yellow (red) die can show; yf, rf the last of them;
         * both2: a face both can show with two dice left */
        int tot = 0, sN = 0, n1 = -1, n2 = -1, cy = 0, cr = 0, yf = -1, rf = -1, both2 = 0, yu, ru;
        uint32_t hu = 0;
        for (i = 0; i < nf; i++) {
            int f = face[i], rem = need[i] - use[i];
            hu += (uint32_t)use[i] << (4 * f);
            tot += rem;
            if (rem > 0 && gcls[f] < 0) {
                sN += rem;
                if (n1 < 0)
                    n1 = f;
                else
                    n2 = f;
            }
            if (rem > 0 && ycls[f] >= 0) {
                cy++;
                yf = f;
            }
            if (rem > 0 && rcls[f] >= 0) {
                cr++;
                rf = f;
            }
            if (rem > 1 && ycls[f] >= 0 && rcls[f] >= 0)
                both2 = 1;
        }
        for (yu = 0; sN <= 2 && yu <= x->y; yu++)
            for (ru = 0; ru <= x->r; ru++) {
                int ok, gu = tot - yu - ru;
                if (yu + ru < sN || gu > x->g)
                    continue;
                if (!yu && !ru)
                    ok = 1;                                  /* sN == 0 */
                else if (!ru)
                    ok = sN ? ycls[n1] >= 0 : cy > 0;        /* sN <= 1: the yellow covers n1 */
                else if (!yu)
                    ok = sN ? rcls[n1] >= 0 : cr > 0;
                else if (sN == 0)                            /* two faces, or one with two dice */
                    ok = cy > 0 && cr > 0 && (cy > 1 || cr > 1 || yf != rf || both2);
                else if (sN == 1)                            /* one covers n1, the other a die elsewhere */
                    ok = (ycls[n1] >= 0 && cr - (rcls[n1] >= 0) > 0) ||
                         (rcls[n1] >= 0 && cy - (ycls[n1] >= 0) > 0);
                else if (n2 < 0)                             /* n1 has both dice left */
                    ok = ycls[n1] >= 0 && rcls[n1] >= 0;
                else
                    ok = (ycls[n1] >= 0 && rcls[n2] >= 0) || (ycls[n2] >= 0 && rcls[n1] >= 0);
                if (ok) {
                    ictx s = *x;
                    const uint64_t *sv;
                    s.g -= gu;
                    s.y -= yu;
                    s.r -= ru;
                    s.hp -= hu;
                    if ((rc = get_values(w, &s, &sv)) != ES_OK)
                        return rc;
                }
            }
        for (i = 0; i < nf; i++) {          /* the next held dice used */
            if (use[i] < need[i] && use[i] < HELD(x, face[i])) {
                use[i]++;
                break;
            }
            use[i] = 0;
        }
        if (i == nf)
            return ES_OK;
    }
}

/* Step 1 of solving plain context x by needs, in a function of its own: the fail options'
 * contexts (frame_push) and every way's successor solved, nothing kept. It is where the solve
 * nests, so only its small frame (not solve_plain_needs') is on the C stack at each level. */
ES_DEEP_NOINLINE static int pn_successors(wsh *w, const ictx *x)
{
    const uint64_t *fs = PTR(w, w->off_fs, uint64_t);
    int8_t gcls[ES_NFACES], ycls[ES_NFACES], rcls[ES_NFACES];
    int rc, a, q, f;
    frame *fr;
    if ((rc = frame_push(w, x, &fr)) != ES_OK)
        return rc;
    for (f = 0; f < ES_NFACES; f++)
        gcls[f] = ycls[f] = rcls[f] = -1;
    for (f = 0; f < w->ncls[0]; f++)
        gcls[w->cface[0][f]] = (int8_t)f;
    for (f = 0; x->y && f < w->ncls[1]; f++)
        ycls[w->cface[1][f]] = (int8_t)f;
    for (f = 0; x->r && f < w->ncls[2]; f++)
        rcls[w->cface[2][f]] = (int8_t)f;
    for (a = 0; a < w->nactive; a++) {
        int t = w->active[a];
        for (q = w->fsoff[t]; q < w->fsoff[t + 1]; q++)
            if ((rc = pn_succ_set(w, &fr->x, fs[q], gcls, ycls, rcls)) != ES_OK)
                return rc;
    }
    frame_pop(w);
    return ES_OK;
}

/* Solve plain context x by needs (see the section's comment): ES_OK with x stored, 1 when the node
 * is too large for its words of bits or the arena (the caller solves it roll by roll), or an
 * error. */
ES_DEEP_NOINLINE static int solve_plain_needs(wsh *w, const ictx *x)
{
    int n = w->nstates, m = w->ncls[0], ny = w->ncls[1], nr = w->ncls[2], NY = x->y ? ny : 1, NR = x->r ? nr : 1;
    int b, c, i, j, k, rc, ne, ntc, W, hbits, nparts = 1 + m + ny + nr, tcls = w->terror != ES_TERROR_NONE ? w->tcls : -1;
    int gi0 = w->goff[x->g], G = w->goff[x->g + 1] - w->goff[x->g];
    uint64_t mark = w->arena_top, *parts, *hi, *lo, *base, *yv, *rv, *ckey, *cvec, *req, *sat, *pwt, *cb, *fit, *always;
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    const uint8_t *gpres = PTR(w, w->off_gpres, uint8_t);
    uint32_t *fk, *nstart, wbase, wy[ES_NFACES], wr[ES_NFACES];
    const uint64_t *ypt[ES_NFACES], *rpt[ES_NFACES];   /* each class's vector, or base */
    uint16_t *hash, *wl;
    pnode *nd;
    pwalk pw;
    frame *fr;
    /* step 1 (pn_successors) has solved every way's successor; the frame's fail options again */
    if ((rc = frame_push(w, x, &fr)) != ES_OK)
        return rc;
    ntc = w->terror == ES_TERROR_DISCARD ? x->g + 1 : 1;
    /* step 2: the node, the fail parts per Terror count, the sums, in the arena above the frame;
     * the ways at the arena's top, as many as it has room for */
    nd = (pnode *)arena_alloc(w, sizeof(pnode));
    parts = (uint64_t *)arena_alloc(w, (uint64_t)ntc * (uint64_t)nparts * (uint64_t)n * 8);
    hi = (uint64_t *)arena_alloc(w, (3 + (uint64_t)ny + (uint64_t)nr) * (uint64_t)n * 8);
    ckey = (uint64_t *)arena_alloc(w, PN_MAX * 8);
    cvec = (uint64_t *)arena_alloc(w, PN_MAX * (uint64_t)n * 8);
    if (!nd || !parts || !hi || !ckey || !cvec)
        goto roll_by_roll;
    lo = hi + n;
    base = lo + n;
    yv = base + n;
    rv = yv + (uint64_t)ny * (uint64_t)n;
    for (k = 0; k < ntc; k++) {
        uint64_t *p = parts + (uint64_t)k * (uint64_t)nparts * (uint64_t)n;
        if (k == 0)
            memcpy(p, FVEC(w, fr, 0), (size_t)nparts * (size_t)n * 8);
        else if ((rc = pn_fail_parts(w, &fr->x, k, p)) != ES_OK)
            return rc;
    }
    nd->full = 0;
    nd->nway = 0;
    nd->way = PTR(w, w->off_arena + w->arena_top, pway);
    nd->cap = (uint32_t)((w->arena_bytes - w->arena_top) / sizeof(pway));
    if (nd->cap > 16384)
        nd->cap = 16384;
    pw.fn = pn_add_way;
    pw.user = nd;
    if ((rc = pn_ways(w, &fr->x, &pw)) < 0)
        return rc;
    if (nd->full)
        goto roll_by_roll;
    w->arena_top += ALIGN16((uint64_t)nd->nway * sizeof(pway));
    /* step 3: the completions and the needs numbered, the completions' successors found */
    for (hbits = 4; ((uint32_t)1 << hbits) < 2 * nd->nway; hbits++)
        ;
    req = (uint64_t *)arena_alloc(w, (uint64_t)nd->nway * 8 + 8);
    hash = (uint16_t *)arena_alloc(w, (uint64_t)2 << hbits);
    if (!req || !hash || pn_number(nd, req, hash, hbits))
        goto roll_by_roll;
    for (i = 0; i < nd->ncomp; i++) {
        ictx s = fr->x;
        s.g -= nd->comp[i].gu;
        s.y -= nd->comp[i].yu;
        s.r -= nd->comp[i].ru;
        s.hp -= nd->comp[i].hu;
        if ((rc = get_values(w, &s, &nd->succ[i])) != ES_OK)
            return rc;
    }
    /* step 4, the ways by need: a way's block-class slot (cb's layout: none, each yellow class,
     * each red class, each yellow and red pair) and completion as slot << 8 | completion, those of
     * need j at wl[nstart[j]..nstart[j + 1]); the ways needing no green die in always */
    nstart = (uint32_t *)arena_alloc(w, ((uint64_t)nd->nreq + 1) * 4);
    wl = (uint16_t *)arena_alloc(w, (uint64_t)nd->nway * 2 + 2);
    cb = (uint64_t *)arena_alloc(w, (uint64_t)(1 + ny + nr + ny * nr) * 16);
    if (!nstart || !wl || !cb)
        goto roll_by_roll;
    always = cb + 1 + ny + nr + ny * nr;
    for (j = 0; j < 1 + ny + nr + ny * nr; j++)
        always[j] = 0;
    for (j = 0; j <= nd->nreq; j++)
        nstart[j] = 0;
    for (k = 0; k < (int)nd->nway; k++)
        if (nd->way[k].need != PN_NONE)
            nstart[nd->way[k].need + 1]++;
    for (j = 0; j < nd->nreq; j++)
        nstart[j + 1] += nstart[j];
    for (k = 0; k < (int)nd->nway; k++) {
        const pway *p = &nd->way[k];
        int slot = p->yi < 0 ? (p->ri < 0 ? 0 : 1 + ny + p->ri)
                             : (p->ri < 0 ? 1 + p->yi : 1 + ny + nr + p->yi * nr + p->ri);
        if (p->need == PN_NONE)
            always[slot] |= (uint64_t)1 << p->comp;
        else
            wl[nstart[p->need]++] = (uint16_t)(slot << 8 | p->comp);
    }
    for (j = nd->nreq; j > 0; j--)      /* each start moved to the next need's: moved back */
        nstart[j] = nstart[j - 1];
    nstart[0] = 0;
    /* step 5, the pairs: per green multiset its sat (W words) and fail key; multisets of the same
     * (sat, key) merged through a hash: pair k's sat at sat[k * W], its key fk[k], its weight the
     * sum pwt[k] */
    W = (nd->nreq + 63) / 64;
    if (W == 0)
        W = 1;
    for (hbits = 4; ((uint32_t)1 << hbits) < 2 * (uint32_t)G; hbits++)
        ;
    sat = (uint64_t *)arena_alloc(w, (uint64_t)G * (uint64_t)W * 8);
    pwt = (uint64_t *)arena_alloc(w, (uint64_t)G * 8);
    fk = (uint32_t *)arena_alloc(w, (uint64_t)G * 4);
    hash = (uint16_t *)arena_alloc(w, (uint64_t)2 << hbits);
    fit = (uint64_t *)arena_alloc(w, (uint64_t)m * (uint64_t)(x->g + 1) * (uint64_t)W * 8);
    if (!sat || !pwt || !fk || !hash || !fit || G > 32767)
        goto roll_by_roll;
    /* fit[(c * (g + 1) + k) * W ..]: the needs with at most k dice of green class c */
    for (c = 0; c < m; c++)
        for (k = 0; k <= x->g; k++) {
            uint64_t *mk = fit + ((uint64_t)c * (uint64_t)(x->g + 1) + (uint64_t)k) * (uint64_t)W;
            for (j = 0; j < W; j++)
                mk[j] = 0;
            for (j = 0; j < nd->nreq; j++)
                if (byte_of(req[j], w->cface[0][c]) <= k)
                    mk[j >> 6] |= (uint64_t)1 << (j & 63);
        }
    for (i = 0; i < 1 << hbits; i++)
        hash[i] = PN_NONE;
    for (i = 0, ne = 0; i < G; i++) {
        int gi = gi0 + i, tk = tcls >= 0 ? GCNT(w, gi, tcls) : 0;
        unsigned pm = x->f > 0 ? gpres[gi] : 0;
        uint64_t *s = sat + (uint64_t)ne * (uint64_t)W, h;
        uint32_t key, hb;
        /* the needs it holds: those holding no more of each green class than it has */
        for (c = 0; c < m; c++) {
            const uint64_t *mk = fit + ((uint64_t)c * (uint64_t)(x->g + 1) + (uint64_t)GCNT(w, gi, c)) * (uint64_t)W;
            for (j = 0; j < W; j++)
                s[j] = c ? s[j] & mk[j] : mk[j];
        }
        if (w->terror == ES_TERROR_FAIL)
            key = tk ? 64u : pm;
        else if (w->terror == ES_TERROR_DISCARD)
            key = (uint32_t)tk << 6 | (pm & ~(1u << tcls));
        else
            key = pm;
        for (h = key, j = 0; j < W; j++)
            h = (h ^ s[j]) * 0x9E3779B97F4A7C15ULL;
        for (hb = (uint32_t)(h >> (64 - hbits));; hb = (hb + 1) & (((uint32_t)1 << hbits) - 1)) {
            const uint64_t *t;
            if (hash[hb] == PN_NONE) {       /* a new (sat, key): kept where it was made */
                hash[hb] = (uint16_t)ne;
                fk[ne] = key;
                pwt[ne++] = gw[gi];
                break;
            }
            t = sat + (uint64_t)hash[hb] * (uint64_t)W;
            for (j = 0; j < W && t[j] == s[j]; j++)
                ;
            if (fk[hash[hb]] == key && j == W) {
                pwt[hash[hb]] += gw[gi];
                break;
            }
        }
    }
    w->pairs += (uint64_t)G * (uint64_t)(NY * NR);
    /* step 6, per pair and block: max(fail option, best completion) x weight. Both are maxima
     * (the completions' of their values, the fail option's of its parts), so a pair's parts are
     * taken once: base the fail option's green part and the completions every block has, yv[yi]
     * the yellow class's (its focus part, its completions), rv[ri] the red's; a block then takes
     * the max of base, its yellow and red classes' and its own pair's completions. */
    for (i = 0; i < n; i++)
        hi[i] = lo[i] = 0;
    for (k = 0; k < PN_MAX; k++)
        ckey[k] = ~(uint64_t)0;
    for (k = 0; k < ne; k++) {
        const uint64_t *s = sat + (uint64_t)k * (uint64_t)W, *p, *cv;
        uint32_t key = fk[k];
        int tc = (int)(key >> 6), fails = tc && w->terror == ES_TERROR_FAIL;
        unsigned pm = key & 63;
        for (j = 0; j < 1 + ny + nr + ny * nr; j++)
            cb[j] = always[j];
        for (j = 0; j < W; j++) {
            uint64_t bits;
            for (bits = s[j]; bits; bits &= bits - 1) {
                int q = 64 * j + __builtin_ctzll(bits);
                uint32_t e;
                for (e = nstart[q]; e < nstart[q + 1]; e++)
                    cb[wl[e] >> 8] |= (uint64_t)1 << (wl[e] & 63);
            }
        }
        /* base: Terror fails the roll (no fail option), else the base part and the focused
         * green classes' the key allows; with the completions of every block */
        p = parts + (uint64_t)tc * (uint64_t)nparts * (uint64_t)n;
        cv = pn_best(w, nd, ckey, cvec, cb[0]);
        for (i = 0; i < n; i++) {
            uint64_t v = fails ? 0 : p[i];
            unsigned left = fails ? 0 : pm;
            for (j = 1; left; j++, left >>= 1)
                if ((left & 1) && p[j * n + i] > v)
                    v = p[j * n + i];
            base[i] = cv && cv[i] > v ? cv[i] : v;
        }
        /* ypt[yi] = max(base, the yellow class's parts): base itself when that is base, else
         * its vector yv[yi]; so for rpt and rv */
        for (j = 0; x->y && j < ny; j++) {
            ypt[j] = pn_class(w, nd, ckey, cvec, base, x->f > 0 && !fails ? p + (uint64_t)(1 + m + j) * (uint64_t)n : 0,
                              cb[1 + j], yv + (uint64_t)j * (uint64_t)n);
            wy[j] = 0;
        }
        for (j = 0; x->r && j < nr; j++) {
            rpt[j] = pn_class(w, nd, ckey, cvec, base, x->f > 0 && !fails ? p + (uint64_t)(1 + m + ny + j) * (uint64_t)n : 0,
                              cb[1 + ny + j], rv + (uint64_t)j * (uint64_t)n);
            wr[j] = 0;
        }
        /* a block whose value is base, or its yellow (red) class's vector alone, adds its weight
         * to that vector's (wbase, wy, wr: each added once after the blocks); the others add
         * max(yellow, red, their own completions) */
        wbase = 0;
        for (b = 0; b < NY * NR; b++) {
            int yi = b / NR, ri = b % NR;
            /* a weight is rolls of the pool, at most 6^10 < 2^32, and a half below 2^24: on the
             * board each product is one 32 x 32 -> 64-bit multiply-accumulate */
            uint32_t wt = (uint32_t)(pwt[k] * (x->y ? w->cw[1][yi] : 1) * (x->r ? w->cw[2][ri] : 1));
            const uint64_t *y = x->y ? ypt[yi] : base, *r = x->r ? rpt[ri] : base;
            const uint64_t *both = x->y && x->r ? pn_best(w, nd, ckey, cvec, cb[1 + ny + nr + b]) : 0;
            int yd = y == base, rd = r == base;
            if (!both) {
                if (yd && rd) {
                    wbase += wt;
                    continue;
                }
                if (rd) {
                    wy[yi] += wt;
                    continue;
                }
                if (yd) {
                    wr[ri] += wt;
                    continue;
                }
                both = base;
            }
#define PN_ACC(N)                                                                                      \
    for (i = 0; i < (N); i++) {                                                                        \
        uint64_t best = y[i] > r[i] ? y[i] : r[i];                                                     \
        best = both[i] > best ? both[i] : best;                                                        \
        hi[i] += (uint64_t)wt * (uint32_t)(best >> 24);                                                \
        lo[i] += (uint64_t)wt * (uint32_t)(best & M24);                                                \
    }
            N_CASES(n, PN_ACC);
#undef PN_ACC
        }
        pn_acc(hi, lo, base, wbase, n);
        for (j = 0; x->y && j < ny; j++)
            pn_acc(hi, lo, ypt[j], wy[j], n);
        for (j = 0; x->r && j < nr; j++)
            pn_acc(hi, lo, rpt[j], wr[j], n);
    }
    frame_pop(w);
    /* the sums are above the frame's place: store_acc takes nothing from the arena */
    rc = store_acc(w, x, hi, lo);
    w->arena_top = mark;
    return rc;
roll_by_roll:
    frame_pop(w);
    w->arena_top = mark;
    return 1;
}
#endif

ES_DEEP_NOINLINE static int solve_plain(wsh *w, const ictx *x)
{
    int n = w->nstates, i, rc;
#ifdef ES_COMPACT
    uint64_t *hi, *lo;          /* in the frame: popped before store_acc, untouched until a push */
#else
    uint64_t hi[ES_MAX_STATES], lo[ES_MAX_STATES];
#endif
    frame *fr;
    roll ro;
    roll_iter it;
    if ((rc = frame_push(w, x, &fr)) != ES_OK)
        return rc;
#ifdef ES_COMPACT
    hi = FSCR(w, fr, 0);
    lo = FSCR(w, fr, 1);
#endif
    for (i = 0; i < n; i++)
        hi[i] = lo[i] = 0;
    ROLL_FRAME(&ro, fr);
    roll_first(w, x, &it, &ro);
    do {
        if ((rc = roll_add(w, fr, &ro, it.wt, hi, lo)) != ES_OK)
            return rc;
    } while (roll_next(w, &it, &ro));
    slots_flush(w, fr, hi, lo);
    frame_pop(w);
    return store_acc(w, x, hi, lo);
}

#ifndef ES_COMPACT
/* ----- tables: contexts with spells or clues -----------------------------------------------------------
 *
 * Such a context is solved through roll tables: T[row] is the best value of every roll of its pool
 * (rows ordered green multiset, yellow class, red class), and its value the weighted average.
 *   - Clues: level c of the table is level c - 1 turned into the clue option (best_keep: the best
 *     kept sub-roll of every roll at once, by two sweeps over the partial rolls), maxed with the
 *     options of the roll at c clues.
 *   - Spells: holding die j of a roll leaves the same roll minus j in the context (pool - j,
 *     held + j, one spell fewer); its table is that of a node of the spell DAG, the multisets D of
 *     dice held this way (at most s). A node's table at level c takes, row by row, the max with its
 *     children's (D + j) tables at level c at the row minus j (spell_merge).
 * chain builds every node's table in the arena and advances them together one clue level at a
 * time, deepest nodes first, so no table is built twice; each node's average at each level is a
 * context value the memo keeps. With clues each node also keeps its rows' signature numbers from
 * level 0, so the higher levels evaluate each distinct signature once (table_options).
 */

/* Replace each row of T (roll values one clue fewer, pool g/y/r) by the best over kept sub-rolls
 * of E(K) = round(N(K) / 6^u): N exact top-down, then the best over subsets bottom-up.
 *
 * The partial rolls K are keys (green multiset, yellow class or U, red class or U), U meaning "not
 * kept, rerolled". Top-down, N(K) for a key with a die not kept is the weighted sum over that die's
 * classes of N(K plus the die); bottom-up, a key's best is the max of its own E and the bests of
 * the keys with one kept die fewer. States are swept BLK at a time (lanes past the last state are
 * zeros, so every loop over lanes has BLK steps); a green multiset's keys are one contiguous
 * block, so its neighbours are found once per block rather than per key and state.
 * State `skip` (or none, -1) is left as it is.
 *
 * Width: N(K) <= 2^48 * 6^u, which fits 64 bits while u <= 6 (6^6 < 2^16). Every key of green size
 * k has u <= g - k + y + r, so the sizes k >= g + y + r - 6 ("narrow", nearly all keys) keep N in
 * one 64-bit word per (key, state), and their top-down sums are whole-block vector sums of the
 * neighbours, each multiplied by its class weight (1..6) with shifts and adds; only the smallest
 * green sizes of large pools ("wide") keep N in two words (low, high) summed in 128 bits. A green
 * multiset's block has room for the wide form (16 bytes per key and state, as BLK * 16 bytes per
 * key are reserved); a narrow size uses its first half. Bottom-up, a key's best (<= 2^48) replaces
 * its word (narrow) or its low word (wide), where the larger keys read it. */
static inline v2u mul_small(v2u x, uint64_t wt)
{
    switch (wt) {
    case 1:
        return x;
    case 2:
        return x << 1;
    case 3:
        return (x << 1) + x;
    case 4:
        return x << 2;
    case 5:
        return (x << 2) + x;
    default:
        return (x << 2) + (x << 1);      /* 6: class weights are 1..6 */
    }
}

/* dst = sum over j < nsrc of wt[j] * src[j], over nv pairs of words (narrow top-down sums). */
static void sum_weighted(v2u *restrict dst, const v2u *const *src, const uint64_t *wt, int nsrc, uint64_t nv)
{
    uint64_t c;
    int j;
    for (c = 0; c < nv; c++)
        dst[c] = mul_small(src[0][c], wt[0]);
    for (j = 1; j < nsrc; j++) {
        const v2u *restrict s = src[j];
        uint64_t k = wt[j];
        if (k == 1)
            for (c = 0; c < nv; c++)
                dst[c] += s[c];
        else
            for (c = 0; c < nv; c++)
                dst[c] += mul_small(s[c], k);
    }
}

#define MAXL(d, o, st)                                                                                 \
    do {                                                                                               \
        for (b = 0; b < BLK; b++)                                                                      \
            d[b] = (o)[b * (st)] > d[b] ? (o)[b * (st)] : d[b];                                        \
    } while (0)

/* The AVX2 build of the sweeps (x86-64 with GCC, chosen at run time; every other build, and x86-64
 * without AVX2, runs the plain code): the four lanes of a narrow key in one 256-bit register, and the
 * narrow top-down sums four words at a time. The maxima compare signed: every word they compare is
 * a best value (<= ES_ONE = 2^48), so it is below 2^63 and the signed and unsigned orders agree. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define ES_AVX2 1
#include <immintrin.h>
typedef int64_t v4i __attribute__((vector_size(32), aligned(8)));
typedef uint64_t v4u __attribute__((vector_size(32), aligned(8)));
#define VMAX4(d, p)                                                                                    \
    do {                                                                                               \
        v4i o_ = *(const v4i *)(p), m_ = o_ > (d);                                                     \
        (d) = (o_ & m_) | ((d) & ~m_);                                                                 \
    } while (0)
/* dst = sum over j < nsrc of wt[j] * src[j], over nq quadruples of words */
#define SUM4_LOOP(expr)                                                                                \
    for (c = 0; c < nq; c++) {                                                                         \
        v4u x_ = s[c];                                                                                 \
        dst[c] += (expr);                                                                              \
    }
static inline __attribute__((always_inline)) void sum_weighted4(v4u *restrict dst, const v4u *const *src,
                                                                const uint64_t *wt, int nsrc, uint64_t nq)
{
    uint64_t c;
    int j;
    for (c = 0; c < nq; c++)
        dst[c] = (v4u){0, 0, 0, 0};
    for (j = 0; j < nsrc; j++) {
        const v4u *restrict s = src[j];
        switch (wt[j]) {
        case 1:
            SUM4_LOOP(x_);
            break;
        case 2:
            SUM4_LOOP(x_ << 1);
            break;
        case 3:
            SUM4_LOOP((x_ << 1) + x_);
            break;
        case 4:
            SUM4_LOOP(x_ << 2);
            break;
        case 5:
            SUM4_LOOP((x_ << 2) + x_);
            break;
        default:
            SUM4_LOOP((x_ << 2) + (x_ << 1));
            break;
        }
    }
}
#undef SUM4_LOOP
#endif

static inline __attribute__((always_inline)) void best_keep_body(wsh *w, int g, int y, int r, uint64_t *T,
                                                                 int skip, int vec)
{
    int n = w->nstates, i0, b, nb, j, k, gi, ys2, rs2, yi, ri, q, ns, nst = 0, st[ES_MAX_STATES];
    int ny = w->ncls[1], nr = w->ncls[2], m = w->ncls[0];
    int NY = y ? ny : 1, NR = r ? nr : 1, NYS = y ? ny + 1 : 1, NRS = r ? nr + 1 : 1;
    int YU = y ? ny : -1, RU = r ? nr : -1;
    int kw = g + y + r - 6;              /* green sizes below kw are wide */
    uint64_t sy = (uint64_t)NRS * BLK, half = (uint64_t)NYS * sy, sg = 2 * half, c;
    uint64_t *N = PTR(w, w->off_nscr, uint64_t);
    const int16_t *gadd = PTR(w, w->off_gadd, int16_t);
    const int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    const uint8_t *gpres = PTR(w, w->off_gpres, uint8_t);
    const uint64_t *nb_ptr[ES_NFACES];
    const v2u *vsrc[ES_NFACES];
    /* the (yellow, red) cells of a green multiset in bottom-up order (not-kept first): index,
     * not-kept dice, and the indices of the cells without the yellow / red die (or -1) */
    int ncell = 0, cc, cu[(ES_NFACES + 1) * (ES_NFACES + 1)];
    int64_t cidx[(ES_NFACES + 1) * (ES_NFACES + 1)], cyo[(ES_NFACES + 1) * (ES_NFACES + 1)];
    int64_t cro[(ES_NFACES + 1) * (ES_NFACES + 1)];
    (void)vec;                           /* read by the AVX2 build only */
    for (ys2 = 0; ys2 < NYS; ys2++) {
        int ys = y ? (ys2 == 0 ? YU : ys2 - 1) : 0;
        for (rs2 = 0; rs2 < NRS; rs2++, ncell++) {
            int rs = r ? (rs2 == 0 ? RU : rs2 - 1) : 0;
            cu[ncell] = (ys == YU) + (rs == RU);
            cidx[ncell] = (int64_t)((uint64_t)ys * sy + (uint64_t)rs * BLK);
            cyo[ncell] = y && ys != YU ? (int64_t)((uint64_t)YU * sy + (uint64_t)rs * BLK) : -1;
            cro[ncell] = r && rs != RU ? (int64_t)((uint64_t)ys * sy + (uint64_t)RU * BLK) : -1;
        }
    }
    for (k = 0; k < n; k++)
        if (k != skip)
            st[nst++] = k;
    for (i0 = 0; i0 < nst; i0 += BLK) {
        const uint64_t *row = T;
        nb = nst - i0 < BLK ? nst - i0 : BLK;
        /* full rolls (narrow: u <= 2 here), and their sums over the red and the yellow die */
        for (gi = w->goff[g]; gi < w->goff[g + 1]; gi++) {
            uint64_t *base = N + (uint64_t)gi * sg;
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++, row += n) {
                    uint64_t *dst = base + (uint64_t)yi * sy + (uint64_t)ri * BLK;
                    if (skip < 0 && nb == BLK) {
                        memcpy(dst, row + i0, BLK * 8);     /* the block's states are consecutive */
                        continue;
                    }
                    for (b = 0; b < BLK; b++)
                        dst[b] = b < nb ? row[st[i0 + b]] : 0;
                }
            if (r)
                for (yi = 0; yi < NY; yi++) {
                    uint64_t *dst = base + (uint64_t)yi * sy + (uint64_t)RU * BLK;
                    const uint64_t *src = base + (uint64_t)yi * sy;
#ifdef ES_AVX2
                    if (vec) {          /* the red classes' cells are consecutive, BLK words each */
                        const v4u *qsrc[ES_NFACES];
                        for (j = 0; j < nr; j++)
                            qsrc[j] = (const v4u *)(src + (uint64_t)j * BLK);
                        sum_weighted4((v4u *)dst, qsrc, w->cw[2], nr, 1);
                        continue;
                    }
#endif
                    for (b = 0; b < BLK; b++) {
                        uint64_t t = 0;
                        for (j = 0; j < nr; j++)
                            t += w->cw[2][j] * src[(uint64_t)j * BLK + (uint64_t)b];
                        dst[b] = t;
                    }
                }
            if (y) {
                for (j = 0; j < ny; j++)
                    vsrc[j] = (const v2u *)(base + (uint64_t)j * sy);
                sum_weighted((v2u *)(base + (uint64_t)YU * sy), vsrc, w->cw[1], ny, sy / 2);
            }
        }
        /* top-down: a green die not kept is the weighted sum over its classes */
        for (k = g - 1; k >= 0; k--)
            for (gi = w->goff[k]; gi < w->goff[k + 1]; gi++) {
                uint64_t *dst = N + (uint64_t)gi * sg;
                if (k >= kw) {
#ifdef ES_AVX2
                    if (vec) {
                        const v4u *qsrc[ES_NFACES];
                        for (j = 0; j < m; j++)
                            qsrc[j] = (const v4u *)(N + (uint64_t)gadd[gi * ES_NFACES + j] * sg);
                        sum_weighted4((v4u *)dst, qsrc, w->cw[0], m, half / 4);
                        continue;
                    }
#endif
                    for (j = 0; j < m; j++)
                        vsrc[j] = (const v2u *)(N + (uint64_t)gadd[gi * ES_NFACES + j] * sg);
                    sum_weighted((v2u *)dst, vsrc, w->cw[0], m, half / 2);
                    continue;
                }
                for (j = 0; j < m; j++)
                    nb_ptr[j] = N + (uint64_t)gadd[gi * ES_NFACES + j] * sg;
                for (c = 0; c < half; c++) {
                    u128 t = u128_from(0);
                    for (j = 0; j < m; j++)
                        t = u128_add(t, k + 1 >= kw ? u128_mul64(nb_ptr[j][c], w->cw[0][j]) :
                                            u128_mul_small(u128_make(nb_ptr[j][2 * c + 1], nb_ptr[j][2 * c]),
                                                           w->cw[0][j]));
                    dst[2 * c] = u128_lo(t);
                    dst[2 * c + 1] = u128_hi(t);
                }
            }
        /* bottom-up best over subsets; the not-kept states of yellow and red come first. A key's
         * word of lane b is at its index + b (narrow) or 2 * (index + b) (wide): shift wk */
        for (k = 0; k <= g; k++) {
            int wk = k < kw, wg = k - 1 < kw;
            for (gi = w->goff[k]; gi < w->goff[k + 1]; gi++) {
                uint64_t *base = N + (uint64_t)gi * sg;
                ns = 0;
                for (j = 0; j < m; j++)
                    if (gpres[gi] >> j & 1)
                        nb_ptr[ns++] = N + (uint64_t)gsub[gi * ES_NFACES + j] * sg;
#ifdef ES_AVX2
                if (vec && !wg) {
                    /* narrow keys and neighbours (nearly every key), in three passes over the
                     * multiset's cells (consecutive, BLK words each): E(K) of every cell; the
                     * maxima with the green neighbours (final: one die fewer), cell after cell
                     * without per-cell work; then, in bottom-up order, the maxima with the
                     * cells without the yellow or the red die, final by then (max is
                     * associative, so the order of the maxima does not change a word) */
                    v4i *cell = (v4i *)base;
                    for (cc = 0; cc < ncell; cc++) {
                        int u = (g - k) + cu[cc];
                        uint64_t *key = base + cidx[cc];
                        if (u)
                            *(v4i *)key = (v4i){(int64_t)div_narrow(w, key[0], u), (int64_t)div_narrow(w, key[1], u),
                                                (int64_t)div_narrow(w, key[2], u), (int64_t)div_narrow(w, key[3], u)};
                    }
                    for (q = 0; q < ns; q++)
                        for (cc = 0; cc < ncell; cc++)
                            VMAX4(cell[cc], nb_ptr[q] + (uint64_t)cc * BLK);
                    for (cc = 0; cc < ncell; cc++)
                        if (cyo[cc] >= 0 || cro[cc] >= 0) {
                            v4i dv = *(const v4i *)(base + cidx[cc]);
                            if (cyo[cc] >= 0)
                                VMAX4(dv, base + cyo[cc]);
                            if (cro[cc] >= 0)
                                VMAX4(dv, base + cro[cc]);
                            *(v4i *)(base + cidx[cc]) = dv;
                        }
                    continue;
                }
#endif
                for (cc = 0; cc < ncell; cc++) {
                    {
                        int u = (g - k) + cu[cc];
                        uint64_t idx = cidx[cc], d[BLK];
                        uint64_t *key = base + (idx << wk);
                        if (!wg) {
                            /* narrow key, narrow neighbours (nearly every key): four lanes in
                             * registers */
                            uint64_t d0, d1, d2, d3;
                            const uint64_t *o;
#ifdef ES_AVX2
                            if (vec) {
                                v4i dv;
                                if (u)
                                    dv = (v4i){(int64_t)div_narrow(w, key[0], u), (int64_t)div_narrow(w, key[1], u),
                                               (int64_t)div_narrow(w, key[2], u), (int64_t)div_narrow(w, key[3], u)};
                                else
                                    dv = *(const v4i *)key;
                                for (q = 0; q < ns; q++)
                                    VMAX4(dv, nb_ptr[q] + idx);
                                if (cyo[cc] >= 0)
                                    VMAX4(dv, base + cyo[cc]);
                                if (cro[cc] >= 0)
                                    VMAX4(dv, base + cro[cc]);
                                *(v4i *)key = dv;
                                continue;
                            }
#endif
                            if (u) {
                                d0 = div_narrow(w, key[0], u);
                                d1 = div_narrow(w, key[1], u);
                                d2 = div_narrow(w, key[2], u);
                                d3 = div_narrow(w, key[3], u);
                            } else {
                                d0 = key[0];
                                d1 = key[1];
                                d2 = key[2];
                                d3 = key[3];
                            }
#define MAX4(p)                                                                                        \
    do {                                                                                               \
        o = (p);                                                                                       \
        d0 = o[0] > d0 ? o[0] : d0;                                                                    \
        d1 = o[1] > d1 ? o[1] : d1;                                                                    \
        d2 = o[2] > d2 ? o[2] : d2;                                                                    \
        d3 = o[3] > d3 ? o[3] : d3;                                                                    \
    } while (0)
                            for (q = 0; q < ns; q++)
                                MAX4(nb_ptr[q] + idx);
                            if (cyo[cc] >= 0)
                                MAX4(base + cyo[cc]);
                            if (cro[cc] >= 0)
                                MAX4(base + cro[cc]);
#undef MAX4
                            key[0] = d0;
                            key[1] = d1;
                            key[2] = d2;
                            key[3] = d3;
                            continue;
                        }
                        if (wk)
                            for (b = 0; b < BLK; b++)
                                d[b] = div_round(w, u128_make(key[2 * b + 1], key[2 * b]), u);
                        else
                            for (b = 0; b < BLK; b++)
                                d[b] = u ? div_narrow(w, key[b], u) : key[b];
                        for (q = 0; q < ns; q++)
                            MAXL(d, nb_ptr[q] + (idx << wg), 1 << wg);
                        if (cyo[cc] >= 0)
                            MAXL(d, base + ((uint64_t)cyo[cc] << wk), 1 << wk);
                        if (cro[cc] >= 0)
                            MAXL(d, base + ((uint64_t)cro[cc] << wk), 1 << wk);
                        for (b = 0; b < BLK; b++)
                            key[b << wk] = d[b];
                    }
                }
            }
        }
        for (gi = w->goff[g]; gi < w->goff[g + 1]; gi++) {
            const uint64_t *base = N + (uint64_t)gi * sg;
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++) {
                    uint64_t *dst = T + (((uint64_t)(gi - w->goff[g]) * (uint64_t)NY + (uint64_t)yi) * (uint64_t)NR +
                                         (uint64_t)ri) * (uint64_t)n;
                    const uint64_t *src = base + (uint64_t)yi * sy + (uint64_t)ri * BLK;
                    if (skip < 0 && nb == BLK) {
                        memcpy(dst + i0, src, BLK * 8);
                        continue;
                    }
                    for (b = 0; b < nb; b++)
                        dst[st[i0 + b]] = src[b];
                }
        }
    }
}
#undef MAXL

static void best_keep_plain(wsh *w, int g, int y, int r, uint64_t *T, int skip)
{
    best_keep_body(w, g, y, r, T, skip, 0);
}

#ifdef ES_AVX2
static __attribute__((target("avx2"))) void best_keep_avx2(wsh *w, int g, int y, int r, uint64_t *T, int skip)
{
    best_keep_body(w, g, y, r, T, skip, 1);
}
#endif

static void best_keep(wsh *w, int g, int y, int r, uint64_t *T, int skip)
{
#ifdef ES_AVX2
    if (__builtin_cpu_supports("avx2")) {
        best_keep_avx2(w, g, y, r, T, skip);
        return;
    }
#endif
    best_keep_plain(w, g, y, r, T, skip);
}

/* Average a roll table into a value vector and store it for context x (if not stored yet). */
static inline __attribute__((always_inline)) void table_sum(const wsh *w, const ictx *x, const uint64_t *T,
                                                           uint64_t *hi, uint64_t *lo, const int n)
{
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    int i, gi, yi, ri, NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1;
    for (gi = w->goff[x->g]; gi < w->goff[x->g + 1]; gi++)
        for (yi = 0; yi < NY; yi++)
            for (ri = 0; ri < NR; ri++, T += n) {
                uint64_t wt = gw[gi] * (x->y ? w->cw[1][yi] : 1) * (x->r ? w->cw[2][ri] : 1);
                for (i = 0; i < n; i++) {
                    hi[i] += wt * (T[i] >> 24);
                    lo[i] += wt * (T[i] & M24);
                }
            }
}

#ifdef ES_AVX2
/* table_sum of a 4- or 8-state table (n) in AVX2: a row is one or two registers; a roll weight is at
 * most 6^10 < 2^26 and both halves of a value are below 2^32, so each product is one exact
 * 32 x 32 -> 64-bit multiply. */
static __attribute__((target("avx2"))) void table_sum_avx2(const wsh *w, const ictx *x, const uint64_t *T,
                                                           uint64_t *hi, uint64_t *lo, int n)
{
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    int gi, yi, ri, NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1;
    __m256i h0 = _mm256_setzero_si256(), l0 = h0, h1 = h0, l1 = h0, m24 = _mm256_set1_epi64x((int64_t)M24);
    for (gi = w->goff[x->g]; gi < w->goff[x->g + 1]; gi++)
        for (yi = 0; yi < NY; yi++)
            for (ri = 0; ri < NR; ri++, T += n) {
                uint64_t wt = gw[gi] * (x->y ? w->cw[1][yi] : 1) * (x->r ? w->cw[2][ri] : 1);
                __m256i wv = _mm256_set1_epi64x((int64_t)wt), t = _mm256_loadu_si256((const __m256i *)T);
                h0 = _mm256_add_epi64(h0, _mm256_mul_epu32(_mm256_srli_epi64(t, 24), wv));
                l0 = _mm256_add_epi64(l0, _mm256_mul_epu32(_mm256_and_si256(t, m24), wv));
                if (n == 8) {
                    t = _mm256_loadu_si256((const __m256i *)(T + 4));
                    h1 = _mm256_add_epi64(h1, _mm256_mul_epu32(_mm256_srli_epi64(t, 24), wv));
                    l1 = _mm256_add_epi64(l1, _mm256_mul_epu32(_mm256_and_si256(t, m24), wv));
                }
            }
    _mm256_storeu_si256((__m256i *)hi, h0);
    _mm256_storeu_si256((__m256i *)lo, l0);
    if (n == 8) {
        _mm256_storeu_si256((__m256i *)(hi + 4), h1);
        _mm256_storeu_si256((__m256i *)(lo + 4), l1);
    }
}
#endif

static int store_average(wsh *w, const ictx *x, const uint64_t *T)
{
    uint64_t hi[ES_MAX_STATES], lo[ES_MAX_STATES];
    int n = w->nstates, i;
    if (x->g + x->y + x->r == 0 || memo_find(w, pack(w, x), 0))
        return ES_OK;
#ifdef ES_AVX2
    if ((n == 4 || n == 8) && __builtin_cpu_supports("avx2")) {
        table_sum_avx2(w, x, T, hi, lo, n);
        return store_acc(w, x, hi, lo);
    }
#endif
    for (i = 0; i < n; i++)
        hi[i] = lo[i] = 0;
#define SUM_N(c) table_sum(w, x, T, hi, lo, c)
    N_CASES(n, SUM_N);
#undef SUM_N
    return store_acc(w, x, hi, lo);
}

/* The ids cache. Level 0 of a table numbers its rows' signatures (table_options), and those numbers
 * depend only on the pool, the held dice and whether focus is left (focus drops the Terror key from
 * the signature): the card's lattices, the frame's residual groups and its slot count are functions
 * of those, and the numbering is deterministic. Contexts that share them and differ in focus count,
 * spells or clues are common (a die focused after a failed roll and the same die held by a spell
 * give the same pool and held dice), so the numbers of recent pools are kept in a ring of
 * IDS_POOLS times the largest pool's rows, found through a direct-mapped directory of IDS_DIR
 * entries (key, absolute ring position, rows; key 0 is empty).
 *
 * Positions are absolute: ids_head counts every byte the ring has advanced, a wrap skipping to the
 * next lap (a multiple of ids_bytes). An entry written at absolute A is intact until a later lap
 * writes over its bytes, which needs the head past A + ids_bytes, so "head <= A + ids_bytes" tells
 * whether it is still there without scanning the directory on every store. A context found there
 * builds level 0 as the higher levels do: each number evaluated once, at its first row, with no
 * signature and no cache probe per row. */
static uint64_t *ids_entry(const wsh *w, uint64_t key)
{
    return PTR(w, w->off_ids, uint64_t) + 3 * ((key * 0x9E3779B97F4A7C15ULL) >> 54 & (IDS_DIR - 1));
}

static const uint32_t *ids_find(const wsh *w, uint64_t key, uint64_t rows)
{
    const uint64_t *e;
    if (!w->ids_bytes)
        return 0;
    e = ids_entry(w, key);
    if (e[0] != key || e[2] != rows || w->ids_head > e[1] + w->ids_bytes)
        return 0;
    return (const uint32_t *)PTR(w, w->off_ids + IDS_DIR * 24 + e[1] % w->ids_bytes, unsigned char);
}

static void ids_store(wsh *w, uint64_t key, const uint32_t *ids, uint64_t rows)
{
    uint64_t len = ALIGN16(rows * 4), *e;
    if (!w->ids_bytes || len > w->ids_bytes)
        return;
    if (w->ids_head % w->ids_bytes + len > w->ids_bytes)
        w->ids_head += w->ids_bytes - w->ids_head % w->ids_bytes;      /* next lap */
    e = ids_entry(w, key);
    e[0] = key;
    e[1] = w->ids_head;
    e[2] = rows;
    memcpy(PTR(w, w->off_ids + IDS_DIR * 24 + w->ids_head % w->ids_bytes, unsigned char), ids,
           (size_t)(rows * 4));
    w->ids_head += len;
}

/* best = max(best, v) over 4 or 8 states in AVX2 registers (vec, in the AVX2 builds) or n words. */
static inline __attribute__((always_inline)) void vmax_v(uint64_t *best, const uint64_t *v, const int n,
                                                         const int vec)
{
#ifdef ES_AVX2
    if (vec && (n == 4 || n == 8)) {
        int h;
        for (h = 0; h < n; h += 4) {
            v4i d = *(const v4i *)(best + h);
            VMAX4(d, v + h);
            *(v4i *)(best + h) = d;
        }
        return;
    }
#endif
    (void)vec;
    vmax(best, v, n);
}

/* T = max(sv, fv, fb) at level 0, T = max(T, sv, fv, fb) above (fv, fb: 0 when absent). */
static inline __attribute__((always_inline)) void row_max(uint64_t *T, const uint64_t *sv, const uint64_t *fv,
                                                          const uint64_t *fb, int lev, const int n, const int vec)
{
    int i;
    (void)vec;                           /* read by the AVX2 build only */
#ifdef ES_AVX2
    if (vec && (n == 4 || n == 8)) {  /* every word is a value (<= 2^48): VMAX4's signed order holds */
        int h;
        for (h = 0; h < n; h += 4) {
            v4i d = *(const v4i *)(sv + h);
            if (fv)
                VMAX4(d, fv + h);
            if (fb)
                VMAX4(d, fb + h);
            if (lev)
                VMAX4(d, T + h);
            *(v4i *)(T + h) = d;
        }
        return;
    }
#endif
    if (fb && lev == 0)
        for (i = 0; i < n; i++) {
            uint64_t a = fv[i] > fb[i] ? fv[i] : fb[i];
            T[i] = a > sv[i] ? a : sv[i];
        }
    else if (fb)
        for (i = 0; i < n; i++) {
            uint64_t a = fv[i] > fb[i] ? fv[i] : fb[i], c = sv[i] > T[i] ? sv[i] : T[i];
            T[i] = a > c ? a : c;
        }
    else if (lev == 0 && fv)
        for (i = 0; i < n; i++)
            T[i] = fv[i] > sv[i] ? fv[i] : sv[i];
    else if (lev == 0)
        for (i = 0; i < n; i++)
            T[i] = sv[i];
    else if (fv)
        for (i = 0; i < n; i++) {
            uint64_t a = fv[i] > sv[i] ? fv[i] : sv[i];
            T[i] = a > T[i] ? a : T[i];
        }
    else
        vmax(T, sv, n);
}

/* One level of the roll options of context x into T: set (level 0) or max (higher levels).
 *
 * The levels of a node differ only in the clue count, so a roll's signature (roll_sig) is the same
 * at every level: level 0 looks rolls up in the frame's signature cache as solve_plain does and
 * records in ids[row] the number of the slot's signature (numbered in order of first appearance;
 * a signature evicted and met again just gets another number), and a higher level evaluates each
 * number once, at its first row, into the scratch vectors D (one per number, in the arena), so its
 * rows cost the fail option and a vector maximum instead of a signature and a cache probe. Frames
 * that do not cache (split held dice, long signatures) evaluate every roll at every level. */
static inline __attribute__((always_inline)) int table_options_body(wsh *w, const ictx *x, uint64_t *T, int lev,
                                                                     uint32_t *ids, const int vec)
{
    int n = w->nstates, i, rc;
#ifdef ES_COMPACT
    uint64_t *best;
#else
    uint64_t best[ES_MAX_STATES];
#endif
    uint64_t *D = 0, mark = w->arena_top, rows = pool_rows(w, x->g, x->y, x->r);
    uint64_t ikey = 0;
    uint32_t nid = 0, row = 0;
    int numbered = lev > 0;      /* ids[] already holds this pool's signature numbers */
    frame *fr;
    slot_hdr *sl;
    roll ro;
    roll_iter it;
    if ((rc = frame_push(w, x, &fr)) != ES_OK)
        return rc;
#ifdef ES_COMPACT
    best = FSCR(w, fr, 2);
#endif
    if (lev == 0 && ids && fr->cached) {
        const uint32_t *got;
        ictx k = *x;
        k.f = k.f > 0;
        k.s = k.c = 0;
        ikey = pack(w, &k);
        if ((got = ids_find(w, ikey, rows)) != 0) {
            memcpy(ids, got, (size_t)(rows * 4));
            numbered = 1;
        }
    }
    if (numbered && fr->cached && !(D = (uint64_t *)arena_alloc(w, rows * (uint64_t)n * 8)))
        return ES_ENOMEM;
    ROLL_FRAME(&ro, fr);
    roll_first(w, x, &it, &ro);
    do {
        const uint64_t *fv = 0, *fb = 0, *sv;
        if (!fr->cached) {
            if ((rc = roll_value(w, fr, &ro, best)) != ES_OK)
                return rc;
            sv = best;
        } else if (!numbered) {
            w->pairs++;
            if ((rc = roll_slot(w, fr, &ro, 0, 0, &sl)) != ES_OK)
                return rc;
            if (!sl->wt)                 /* a new signature (the table path has no weights) */
                sl->wt = ++nid;
            if (ids)
                ids[row] = (uint32_t)(sl->wt - 1);
            sv = SVEC(fr, sl);
        } else {
            uint64_t *v = D + (uint64_t)ids[row] * (uint64_t)n;
            w->pairs++;
            if (ids[row] == nid) {       /* first row of this signature */
                uint64_t sig[SIGW], h;
                roll_sig(w, fr, &ro, sig, &h);
                if (fr->focus) {
                    for (i = 0; i < n; i++)
                        v[i] = 0;
                } else if ((rc = opt_fail(w, fr, &ro, v)) != ES_OK) {
                    return rc;
                }
                if ((rc = sig_comp(w, fr, sig, v)) != ES_OK)
                    return rc;
                nid++;
            }
            sv = v;
        }
        /* with focus a cached vector is the completion part: max in the fail option */
        if (fr->cached && fr->focus && (rc = fail_vec(w, fr, &ro, best, &fv, &fb)) != ES_OK)
            return rc;
#define ROW_N(c) row_max(T, sv, fv, fb, lev, c, vec)
        N_CASES(n, ROW_N);
#undef ROW_N
        T += n;
        row++;
    } while (roll_next(w, &it, &ro));
    if (ikey && !numbered)
        ids_store(w, ikey, ids, rows);
    frame_pop(w);
    w->arena_top = mark;
    return ES_OK;
}

static int table_options_plain(wsh *w, const ictx *x, uint64_t *T, int lev, uint32_t *ids)
{
    return table_options_body(w, x, T, lev, ids, 0);
}

#ifdef ES_AVX2
static __attribute__((target("avx2"))) int table_options_avx2(wsh *w, const ictx *x, uint64_t *T, int lev,
                                                              uint32_t *ids)
{
    return table_options_body(w, x, T, lev, ids, 1);
}
#endif

/* The AVX2 build (chosen at run time, like best_keep's) keeps a 4-state row in one register (an
 * 8-state row in two). */
static int table_options(wsh *w, const ictx *x, uint64_t *T, int lev, uint32_t *ids)
{
#ifdef ES_AVX2
    if ((w->nstates == 4 || w->nstates == 8) && __builtin_cpu_supports("avx2"))
        return table_options_avx2(w, x, T, lev, ids);
#endif
    return table_options_plain(w, x, T, lev, ids);
}

/* The spell DAG of one chain: node (dgi, dys, drs) holds green multiset dgi, the yellow class dys
 * and the red class drs (dys == ny / drs == nr: none). */
typedef struct {
    ictx top;
    int ng, ndy, ndr, smax;
    uint64_t **tab;              /* node grid -> table (0: no such node) */
    uint32_t **ids;              /* node grid -> signature numbers of its rows (with clues) */
} dag;

#define NODE(d, gi, ys, rs) (((uint64_t)(gi) * (uint64_t)(d)->ndy + (uint64_t)(ys)) * (uint64_t)(d)->ndr + (uint64_t)(rs))

/* The context of node (dgi, dys, drs). */
static void node_ctx(const wsh *w, const dag *d, int dgi, int dys, int drs, ictx *x)
{
    const uint8_t *gcnt = PTR(w, w->off_gcnt, uint8_t);
    int j, size = PTR(w, w->off_gsize, uint8_t)[dgi];
    *x = d->top;
    x->g -= size;
    for (j = 0; j < w->ncls[0]; j++)
        x->hp += (uint32_t)gcnt[(uint64_t)dgi * ES_NFACES + j] * HOLD(w->cface[0][j]);
    if (dys < d->ndy - 1) {
        x->y = 0;
        x->hp += HOLD(w->cface[1][dys]);
        size++;
    }
    if (drs < d->ndr - 1) {
        x->r = 0;
        x->hp += HOLD(w->cface[2][drs]);
        size++;
    }
    x->s -= size;
}

/* Max into node table T (context x) of its children's tables at the row minus the held die. */
static inline __attribute__((always_inline)) void spell_merge_n(wsh *w, const dag *d, int dgi, int dys, int drs,
                                                                 const ictx *x, uint64_t *T, const int n,
                                                                 const int vec)
{
    int g = x->g, m = w->ncls[0], j, yi, ri, gl;
    int NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1;
    int G = w->goff[g + 1] - w->goff[g];
    const int16_t *gsub = PTR(w, w->off_gsub, int16_t);
    const int16_t *gadd = PTR(w, w->off_gadd, int16_t);
    const uint8_t *gpres = PTR(w, w->off_gpres, uint8_t);
#define TROW(gl, yi, ri) (T + ((((uint64_t)(gl) * (uint64_t)NY + (uint64_t)(yi)) * (uint64_t)NR + (uint64_t)(ri)) * (uint64_t)n))
    for (j = 0; g > 0 && j < m; j++) {
        const uint64_t *S = d->tab[NODE(d, gadd[dgi * ES_NFACES + j], dys, drs)];
        for (gl = 0; gl < G; gl++) {
            int gi = w->goff[g] + gl, sl;
            if (!(gpres[gi] >> j & 1))
                continue;
            sl = gsub[gi * ES_NFACES + j] - w->goff[g - 1];
            for (yi = 0; yi < NY; yi++)
                for (ri = 0; ri < NR; ri++)
                    vmax_v(TROW(gl, yi, ri),
                           S + (((uint64_t)sl * (uint64_t)NY + (uint64_t)yi) * (uint64_t)NR + (uint64_t)ri) * (uint64_t)n,
                           n, vec);
        }
    }
    for (j = 0; x->y && j < w->ncls[1]; j++) {
        const uint64_t *S = d->tab[NODE(d, dgi, j, drs)];
        for (gl = 0; gl < G; gl++)
            for (ri = 0; ri < NR; ri++)
                vmax_v(TROW(gl, j, ri), S + ((uint64_t)gl * (uint64_t)NR + (uint64_t)ri) * (uint64_t)n, n, vec);
    }
    for (j = 0; x->r && j < w->ncls[2]; j++) {
        const uint64_t *S = d->tab[NODE(d, dgi, dys, j)];
        for (gl = 0; gl < G; gl++)
            for (yi = 0; yi < NY; yi++)
                vmax_v(TROW(gl, yi, j), S + ((uint64_t)gl * (uint64_t)NY + (uint64_t)yi) * (uint64_t)n, n, vec);
    }
#undef TROW
}

#ifdef ES_AVX2
static __attribute__((target("avx2"))) void spell_merge4_avx2(wsh *w, const dag *d, int dgi, int dys, int drs,
                                                              const ictx *x, uint64_t *T)
{
    spell_merge_n(w, d, dgi, dys, drs, x, T, 4, 1);
}

static __attribute__((target("avx2"))) void spell_merge8_avx2(wsh *w, const dag *d, int dgi, int dys, int drs,
                                                              const ictx *x, uint64_t *T)
{
    spell_merge_n(w, d, dgi, dys, drs, x, T, 8, 1);
}
#endif

static void spell_merge(wsh *w, const dag *d, int dgi, int dys, int drs, const ictx *x, uint64_t *T)
{
#ifdef ES_AVX2
    if ((w->nstates == 4 || w->nstates == 8) && __builtin_cpu_supports("avx2")) {
        if (w->nstates == 4)
            spell_merge4_avx2(w, d, dgi, dys, drs, x, T);
        else
            spell_merge8_avx2(w, d, dgi, dys, drs, x, T);
        return;
    }
#endif
#define MERGE_N(c) spell_merge_n(w, d, dgi, dys, drs, x, T, c, 0)
    N_CASES(w->nstates, MERGE_N);
#undef MERGE_N
}

/* Build the roll tables of context top (levels 0..top->c) over its spell DAG; the root's table
 * goes to `root` when given (the entry points' cache), else to the arena. The caller releases the
 * arena. Every node's value at every level is stored in the memo. */
static int chain(wsh *w, const ictx *top, uint64_t *root)
{
    dag d;
    int dgi, dys, drs, size, lev, rc;
    const uint8_t *gsize = PTR(w, w->off_gsize, uint8_t);
    uint64_t cells, q;
    d.top = *top;
    d.smax = top->s;
    d.ng = w->goff[(top->g < top->s ? top->g : top->s) + 1];
    d.ndy = top->y ? w->ncls[1] + 1 : 1;
    d.ndr = top->r ? w->ncls[2] + 1 : 1;
    cells = (uint64_t)d.ng * (uint64_t)d.ndy * (uint64_t)d.ndr;
    d.tab = (uint64_t **)arena_alloc(w, cells * sizeof(uint64_t *));
    d.ids = (uint32_t **)arena_alloc(w, cells * sizeof(uint32_t *));
    if (!d.tab || !d.ids)
        return ES_ENOMEM;
    for (q = 0; q < cells; q++) {
        d.tab[q] = 0;
        d.ids[q] = 0;
    }
    for (dgi = 0; dgi < d.ng; dgi++)
        for (dys = 0; dys < d.ndy; dys++)
            for (drs = 0; drs < d.ndr; drs++) {
                ictx x;
                size = gsize[dgi] + (dys < d.ndy - 1) + (drs < d.ndr - 1);
                if (size > d.smax)
                    continue;
                node_ctx(w, &d, dgi, dys, drs, &x);
                if (size == 0 && root)
                    d.tab[NODE(&d, dgi, dys, drs)] = root;
                else if (!(d.tab[NODE(&d, dgi, dys, drs)] = (uint64_t *)arena_alloc(
                               w, pool_rows(w, x.g, x.y, x.r) * (uint64_t)w->nstates * 8)))
                    return ES_ENOMEM;
                /* signature numbers: the higher clue levels read them, and level 0 shares
                 * them through the ids cache (dag_sum counts them for every chain) */
                if (!(d.ids[NODE(&d, dgi, dys, drs)] = (uint32_t *)arena_alloc(
                                        w, pool_rows(w, x.g, x.y, x.r) * 4)))
                    return ES_ENOMEM;
            }
    for (lev = 0; lev <= top->c; lev++)
        for (size = d.smax; size >= 0; size--)
            for (dgi = 0; dgi < d.ng; dgi++)
                for (dys = 0; dys < d.ndy; dys++)
                    for (drs = 0; drs < d.ndr; drs++) {
                        uint64_t *T = d.tab[NODE(&d, dgi, dys, drs)];
                        ictx x;
                        if (!T || gsize[dgi] + (dys < d.ndy - 1) + (drs < d.ndr - 1) != size)
                            continue;
                        node_ctx(w, &d, dgi, dys, drs, &x);
                        x.c = lev;
                        /* the empty state's column is read only from the entry points' table
                         * (root): inside a context's own chain its average is ONE anyway, and a
                         * column's sweep reads no other column, so it is skipped there, but only
                         * when that saves a block of BLK states (n % BLK == 1): otherwise the
                         * blocks are full either way, and with every state swept a block's
                         * states are consecutive, copied in and out whole */
                        if (lev > 0) {
                            best_keep(w, x.g, x.y, x.r, T, root || w->nstates % BLK != 1 ? -1 : w->empty);
                            w->sweeps += (uint64_t)w->goff[x.g + 1] * (uint64_t)(x.y ? w->ncls[1] + 1 : 1) *
                                         (uint64_t)(x.r ? w->ncls[2] + 1 : 1) * (uint64_t)w->nstates;
                        }
                        if ((rc = table_options(w, &x, T, lev, d.ids[NODE(&d, dgi, dys, drs)])) != ES_OK)
                            return rc;
                        if (size < d.smax)
                            spell_merge(w, &d, dgi, dys, drs, &x, T);
                        if ((rc = store_average(w, &x, T)) != ES_OK)
                            return rc;
                        if ((rc = tick(w)) != ES_OK)
                            return rc;
                    }
    return ES_OK;
}

#endif

#ifdef ES_COMPACT
/* ----- slices: contexts with spells or clues in the compact layout -------------------------------------
 *
 * The host's tables (chain, above) keep the value of every roll of a spell node for every state
 * (rows x states words a node), the clue sweeps' sums over every partial roll, and they nest: a
 * context's tables stay in the arena while the contexts its rolls lead to are solved. Lights Out at
 * 6 green + yellow + red with a clue needs 4.6 MB that way. The compact layout solves such a
 * context in the order of the pure-Python solver (kernel/eldersign/tables.py: its docstring is the
 * reference for the maths; the functions below carry the names of its methods), in four steps:
 *
 *   1. successors (sl_successors): every context a roll of any spell node can lead to is solved
 *      first, by a pass over each node's rolls at the top clue level (each of those contexts stores
 *      its lower levels on the way), while nothing of this context is in the arena: the arena then
 *      holds one context's slices at a time instead of one per open context;
 *   2. signatures (sl_number): each node's rolls are numbered by what they complete (roll_sig's
 *      words after the Terror word), block by block (a block: the rolls with one yellow class and one
 *      red class); the fail option is not in a signature, it comes from the roll's fail key (the
 *      Terror dice and, with focus left, the green classes present);
 *   3. a task-set state st (sl_state): each node's scalars at st for every clue level: the fail
 *      option by fail key and block, and each signature's best completion, from one frame each;
 *   4. slices (sl_slice): the values at st of one block's rolls, one word per green roll, for one
 *      node and clue level: the roll's own options, then spells (each child's slice, pushed up one
 *      die: sl_slice of the child), then a clue (the best kept sub-roll: the same block one clue
 *      fewer swept over its green sub-multisets, sl_keep, and the kept parts that reroll the yellow
 *      or the red die, which average over blocks: the U tables, sl_utables and sl_red).
 *
 * So the arena holds the signatures and a state's scalars per node, a few dozen row tables (one
 * word per green roll of the top pool, carved on demand and handed round on a free list: sl_take,
 * sl_give) and one sweep's sums: tens of kilobytes where the host's tables take megabytes, for more
 * arithmetic (a level's slices are made again for every state, and for each level above). The
 * values are the same integers: every rounding is the same round(N / 6^u) of the same exact sums,
 * and maxima do not depend on the order they are taken in.
 */

typedef struct {
    ictx x;                      /* the node's context (x.c: set to the level asked) */
    int G, NY, NR, nb;           /* green rows; yellow and red classes of its blocks (1: no such die); blocks */
    int split;                   /* 1: HELD_SPLIT frames have no signatures: each row is its own */
    int sw;                      /* words of a signature */
    int packed;                  /* 1: a signature is one word, bit r the completion cmap[r] */
    int ids8;                    /* 1: the rows' numbers are bytes, else 2-byte words */
    int ncv;                     /* completions valued per level: packed, their number; else sw * 64 */
    int npm;                     /* fail keys' green part: 1 << classes with focus left, else 1 */
    int ntc;                     /* Terror counts the fail tables cover */
    uint32_t nsig;
    void *ids;                   /* block b's green row q: its signature's number in the block, at b * G + q */
    uint32_t *bbase;             /* block b's signatures are bbase[b] .. bbase[b + 1] - 1 */
    uint64_t *sigs;              /* the signatures, sw words each (packed: one) */
    uint16_t *cmap;              /* packed: completion r is bit (cmap[r] & 63) of word cmap[r] >> 6 */
    uint64_t *usedw;             /* not packed: the bits some signature has, per word */
    int16_t gsub[ES_NFACES];     /* the node a spell holding a green die of class j leads to, or -1 */
    int16_t ysub[ES_NFACES];     /* holding the yellow die of class j, or -1 */
    int16_t rsub[ES_NFACES];     /* holding the red die of class j, or -1 */
    uint64_t *cval;              /* per level, per completion: its value at the state (split: per row) */
    uint64_t *fpm;               /* per level, Terror count and green classes: the fail option */
    uint64_t *yb;                /* per level, Terror count and block: the yellow or red die focused */
    uint64_t **uy;               /* per level below the top, per red class: the yellow die rerolled */
    uint64_t **ur;               /* per level below the top: the red die rerolled (yellow class uri) */
    int8_t *uri;
    uint8_t *uok;                /* per level below the top: its U tables are made for the state */
} snode;

typedef char snode_fits[sizeof(snode) <= SNODE_BYTES ? 1 : -1];

typedef struct {
    ictx top;
    int c, nn, st, topi;             /* levels 0..c, nodes, the state, the top's node */
    int dep;                         /* the depth of its first pass's record (sl_successors) */
    snode *nd;
    uint64_t rows;               /* words of a row table: the top's green rows */
    uint64_t *free;              /* row tables handed back, a list through their first words */
    int maxtab;                  /* row tables carved */
    uint64_t *low;               /* a low table: one word per green multiset below the top's size */
    u128 *sa, *sb;               /* a sweep's sums of two sizes of sub-multisets */
    int nxt[ES_MAX_TASKS];       /* the state completing task t leads to from the state, or -1 */
} sdag;

/* The arena's room for one more allocation, as arena_alloc would find it. */
static uint64_t arena_room(const wsh *w)
{
    return w->arena_bytes > w->arena_top ? w->arena_bytes - w->arena_top : 0;
}

/* A row table: one handed back, else a new one from the arena. Its words are undefined. */
static int sl_take(wsh *w, sdag *d, uint64_t **t)
{
    if (d->free) {
        *t = d->free;
        d->free = (uint64_t *)(uintptr_t)d->free[0];
        return ES_OK;
    }
    if (!(*t = (uint64_t *)arena_alloc(w, d->rows * 8)))
        return ES_ENOMEM;
    d->maxtab++;
    return ES_OK;
}

/* Hand a row table back: it heads the free list, its first word the rest of the list. */
static void sl_give(sdag *d, uint64_t *t)
{
    if (t) {
        t[0] = (uint64_t)(uintptr_t)d->free;
        d->free = t;
    }
}

static int sl_zeros(wsh *w, sdag *d, int n, uint64_t **t)
{
    int rc = sl_take(w, d, t), q;
    if (rc == ES_OK)
        for (q = 0; q < n; q++)
            (*t)[q] = 0;
    return rc;
}

/* The context of grid cell (dgi, dys, drs) of top's spell DAG (node_ctx's rule). */
static void sl_cell_ctx(const wsh *w, const ictx *top, int ndy, int ndr, int dgi, int dys, int drs, ictx *x)
{
    int j, size = PTR(w, w->off_gsize, uint8_t)[dgi];
    *x = *top;
    x->g -= size;
    for (j = 0; j < w->ncls[0]; j++)
        x->hp += (uint32_t)GCNT(w, dgi, j) * HOLD(w->cface[0][j]);
    if (dys < ndy - 1) {
        x->y = 0;
        x->hp += HOLD(w->cface[1][dys]);
        size++;
    }
    if (drs < ndr - 1) {
        x->r = 0;
        x->hp += HOLD(w->cface[2][drs]);
        size++;
    }
    x->s -= size;
}

/* The spell DAG's grid: green multisets of at most min(g, s) dice, the yellow class held or none
 * (ndy - 1), the red likewise; a cell is a node when it holds at most s dice. */
#define SL_GRID(w, top, ng, ndy, ndr)                                                                   \
    int ng = (w)->goff[((top)->g < (top)->s ? (top)->g : (top)->s) + 1];                                \
    int ndy = (top)->y ? (w)->ncls[1] + 1 : 1, ndr = (top)->r ? (w)->ncls[2] + 1 : 1
#define SL_HELD(w, dgi, dys, drs, ndy, ndr)                                                             \
    (PTR(w, (w)->off_gsize, uint8_t)[dgi] + ((dys) < (ndy) - 1) + ((drs) < (ndr) - 1))

/* Step 1: solve every context a roll of a node of top's DAG leads to (failing or completing a
 * task), at top's clue level: one pass over each node's rolls, evaluating its options.
 *
 * A call stopped by its caller (ES_EINTR: the board draws its progress and reads B between calls;
 * ES_ELIMIT) unwinds every open context, and the next call solves them again from their start.
 * The pass is where nearly all of a large context's time goes (the contexts it solves on its way),
 * and redoing it (every row's options, its successors found stored) cost Lights Out's question a
 * third more on the board; so each open context's place in its pass (cell of its DAG's grid, row
 * in it) is kept by depth, and a pass that finds its own context's record at its depth starts
 * after the rows already done. The path down to the context that was stopped is the same the next
 * time (the rows before a place had every successor stored), so each depth's record is met again
 * by its own context. */
static int sl_successors(wsh *w, const ictx *top)
{
    SL_GRID(w, top, ng, ndy, ndr);
    int rc, dep = w->sl_depth, yi, ri;
    uint32_t q, cells = (uint32_t)ng * (uint32_t)ndy * (uint32_t)ndr, cell0 = 0, row0 = 0, row, rows;
    uint64_t key = pack(w, top);
    if (dep < RS_DEPTH) {
        if (w->rs_key[dep] == key) {
            cell0 = w->rs_cell[dep];
            row0 = w->rs_row[dep];
        } else {
            w->rs_key[dep] = key;
            w->rs_cell[dep] = 0;
            w->rs_row[dep] = 0;
        }
    }
    w->sl_depth++;
    for (q = cell0; q < cells; q++) {
        int dgi = (int)(q / ((uint32_t)ndy * (uint32_t)ndr)), dys = (int)(q / (uint32_t)ndr % (uint32_t)ndy);
        int drs = (int)(q % (uint32_t)ndr);
        ictx x;
        frame *fr;
        roll ro;
        if (SL_HELD(w, dgi, dys, drs, ndy, ndr) > top->s)
            continue;
        sl_cell_ctx(w, top, ndy, ndr, dgi, dys, drs, &x);
        if ((rc = frame_push(w, &x, &fr)) != ES_OK)
            return rc;
        ROLL_FRAME(&ro, fr);
        rows = (uint32_t)pool_rows(w, x.g, x.y, x.r);
        for (row = q == cell0 ? row0 : 0; row < rows; row++) {
            uint32_t nyr = (uint32_t)(x.y ? w->ncls[1] : 1) * (uint32_t)(x.r ? w->ncls[2] : 1);
            yi = x.y ? (int)(row % nyr / (uint32_t)(x.r ? w->ncls[2] : 1)) : -1;
            ri = x.r ? (int)(row % (uint32_t)w->ncls[2]) : -1;
            roll_set(w, &ro, w->goff[x.g] + (int)(row / nyr), yi, ri);
            w->pairs++;
            if ((rc = roll_best(w, fr, &ro, FSCR(w, fr, 2))) != ES_OK)
                return rc;
            if (dep < RS_DEPTH) {
                w->rs_cell[dep] = q;
                w->rs_row[dep] = row + 1;
            }
        }
        frame_pop(w);
        if ((rc = tick(w)) != ES_OK)
            return rc;
    }
    if (dep < RS_DEPTH) {
        w->rs_cell[dep] = cells;         /* done: a call after a stop skips the pass (sl_solve */
        w->rs_row[dep] = 0;              /* lets go of the record once the context is stored) */
    }
    w->sl_depth--;
    return ES_OK;
}

/* Step 2 for one node (its frame fr): the signature number of every row, block by block. A
 * block's distinct signatures are found through an open-addressing table of 2-byte numbers at the
 * arena's far end (it needs no room once the block is numbered); the signatures themselves are
 * appended at the arena's top. Then, made smaller: the rows' numbers (relative to their block's
 * first signature) become bytes when no block has more than 256 signatures, and when the node's
 * signatures have at most 64 distinct completion bits in all (words x bits set in some signature)
 * each signature becomes one word over those (cmap). Everything is laid out from the arena's top
 * as it was when called: rows' numbers, signatures, block bases, cmap. */
static int sl_number(wsh *w, snode *nd, frame *fr)
{
    const uint64_t K = 0x9E3779B97F4A7C15ULL;
    uint64_t *sig = w->sn_sig, h, hb, *store, *used = w->sn_used;
    uint64_t base = w->arena_top, rows = (uint64_t)nd->G * (uint64_t)nd->nb, q64;
    uint16_t *tab, *ids;
    uint32_t hmask = 15, *bb = w->sn_bb, s0;
    int b, q, k, i, gi0 = w->goff[nd->x.g], nbits = 0, small = 1;
    roll ro;
    nd->nsig = 0;
    nd->packed = 0;
    nd->ids8 = 0;
    nd->cmap = 0;
    nd->usedw = 0;
    nd->bbase = 0;
    if (fr->mode == HELD_SPLIT) {
        nd->split = 1;
        nd->sw = 0;
        nd->ids = 0;
        nd->sigs = 0;
        nd->nsig = (uint32_t)rows;
        nd->ncv = (int)rows;
        return ES_OK;
    }
    nd->split = 0;
    nd->sw = w->lw * (1 + fr->nhl) + fr->ngrp;
    if (!(ids = (uint16_t *)arena_alloc(w, rows * 2)))
        return ES_ENOMEM;
    while (hmask + 1 < 2 * (uint32_t)nd->G)
        hmask = 2 * hmask + 1;
    hb = ALIGN16((uint64_t)(hmask + 1) * 2);
    if (arena_room(w) < hb)
        return ES_ENOMEM;
    tab = PTR(w, w->off_arena + w->arena_bytes - hb, uint16_t);
    store = PTR(w, w->off_arena + w->arena_top, uint64_t);
    for (i = 0; i < nd->sw; i++)
        used[i] = 0;
    ROLL_FRAME(&ro, fr);
    for (b = 0; b < nd->nb; b++) {
        bb[b] = nd->nsig;
        for (q = 0; q <= (int)hmask; q++)
            tab[q] = 0;
        for (q = 0; q < nd->G; q++) {
            uint32_t slot;
            roll_set(w, &ro, gi0 + q, nd->x.y ? b / nd->NR : -1, nd->x.r ? b % nd->NR : -1);
            roll_sig(w, fr, &ro, sig, &h);
            for (h = 0, k = 1; k <= nd->sw; k++)
                h = (h ^ sig[k]) * K;
            for (slot = (uint32_t)(h >> 40) & hmask;; slot = (slot + 1) & hmask) {
                uint32_t id = tab[slot];
                if (id == 0) {                 /* a new signature */
                    uint64_t need = (uint64_t)(nd->nsig + 1) * (uint64_t)nd->sw * 8;
                    if (nd->nsig - bb[b] >= 65535 || w->arena_top + ALIGN16(need) + hb > w->arena_bytes)
                        return ES_ENOMEM;
                    memcpy(store + (uint64_t)nd->nsig * (uint64_t)nd->sw, sig + 1, (size_t)nd->sw * 8);
                    for (k = 0; k < nd->sw; k++)
                        used[k] |= sig[1 + k];
                    tab[slot] = (uint16_t)(++nd->nsig - bb[b]);
                    id = tab[slot];
                } else if (memcmp(store + (uint64_t)(bb[b] + id - 1) * (uint64_t)nd->sw, sig + 1,
                                  (size_t)nd->sw * 8)) {
                    continue;                  /* another signature in this slot */
                }
                ids[b * nd->G + q] = (uint16_t)(id - 1);
                break;
            }
        }
        if (nd->nsig - bb[b] > 256)
            small = 0;
    }
    bb[nd->nb] = nd->nsig;
    if (w->arena_top + ALIGN16((uint64_t)nd->nsig * (uint64_t)nd->sw * 8) + hb > w->arena_peak)
        w->arena_peak = w->arena_top + ALIGN16((uint64_t)nd->nsig * (uint64_t)nd->sw * 8) + hb;
    for (i = 0; i < nd->sw; i++)
        nbits += __builtin_popcountll(used[i]);
    /* the rows' numbers as bytes, then the signatures moved down after them */
    nd->ids8 = small;
    if (small) {
        uint8_t *ids8 = (uint8_t *)ids;
        for (q64 = 0; q64 < rows; q64++)
            ids8[q64] = (uint8_t)ids[q64];
    }
    {
        uint64_t at = base + ALIGN16(rows * (small ? 1 : 2));
        uint64_t *dst = PTR(w, w->off_arena + at, uint64_t);
        memmove(dst, store, (size_t)((uint64_t)nd->nsig * (uint64_t)nd->sw * 8));
        store = dst;
        w->arena_top = at;
    }
    nd->ids = ids;
    nd->sigs = store;
    if (nbits <= 64) {
        /* one word a signature: bit r for the r-th (word, bit) set in some signature */
        uint16_t map[64];
        int r = 0;
        for (i = 0; i < nd->sw; i++)
            for (q64 = used[i]; q64; q64 &= q64 - 1)
                map[r++] = (uint16_t)(i << 6 | __builtin_ctzll(q64));
        for (s0 = 0; s0 < nd->nsig; s0++) {
            const uint64_t *src = store + (uint64_t)s0 * (uint64_t)nd->sw;
            uint64_t word = 0;
            for (r = 0; r < nbits; r++)
                if (src[map[r] >> 6] >> (map[r] & 63) & 1)
                    word |= (uint64_t)1 << r;
            store[s0] = word;          /* s0 <= s0 * sw: reads ahead of writes */
        }
        nd->packed = 1;
        nd->ncv = nbits;
        w->arena_top += ALIGN16((uint64_t)nd->nsig * 8);
        if (!(nd->cmap = (uint16_t *)arena_alloc(w, (uint64_t)nbits * 2 + 2)))
            return ES_ENOMEM;
        memcpy(nd->cmap, map, (size_t)nbits * 2);
    } else {
        nd->ncv = nd->sw * 64;
        w->arena_top += ALIGN16((uint64_t)nd->nsig * (uint64_t)nd->sw * 8);
        if (!(nd->usedw = (uint64_t *)arena_alloc(w, (uint64_t)nd->sw * 8)))
            return ES_ENOMEM;
        memcpy(nd->usedw, used, (size_t)nd->sw * 8);
    }
    if (!(nd->bbase = (uint32_t *)arena_alloc(w, ((uint64_t)nd->nb + 1) * 4)))
        return ES_ENOMEM;
    memcpy(nd->bbase, bb, ((size_t)nd->nb + 1) * 4);
    return ES_OK;
}

/* Steps 1 and 2: top's DAG in the arena, its successors solved, every node numbered; the arrays of
 * a state's scalars, the free list and the sweeps' room set aside. The caller releases the arena
 * (arena_top back to where it was). */
static int sl_open(wsh *w, const ictx *top, sdag *d)
{
    SL_GRID(w, top, ng, ndy, ndr);
    int dgi, dys, drs, i, j, rc, c = top->c, m = w->ncls[0];
    int16_t *grid;
    uint64_t cells = (uint64_t)ng * (uint64_t)ndy * (uint64_t)ndr, q, G;
    d->dep = w->sl_depth;
    if ((rc = sl_successors(w, top)) != ES_OK)
        return rc;
    d->top = *top;
    d->c = c;
    d->nn = 0;
    d->st = -1;
    d->topi = -1;
    if (!(grid = (int16_t *)arena_alloc(w, cells * 2)))
        return ES_ENOMEM;
    for (q = 0; q < cells; q++) {
        dgi = (int)(q / ((uint64_t)ndy * (uint64_t)ndr));
        dys = (int)(q / (uint64_t)ndr % (uint64_t)ndy);
        drs = (int)(q % (uint64_t)ndr);
        grid[q] = SL_HELD(w, dgi, dys, drs, ndy, ndr) > top->s ? -1 : (int16_t)d->nn++;
        if (dgi == 0 && dys == ndy - 1 && drs == ndr - 1)
            d->topi = grid[q];
    }
    if (!(d->nd = (snode *)arena_alloc(w, (uint64_t)d->nn * sizeof(snode))))
        return ES_ENOMEM;
#define CELL(gi, ys, rs) (((uint64_t)(gi) * (uint64_t)ndy + (uint64_t)(ys)) * (uint64_t)ndr + (uint64_t)(rs))
    for (q = 0; q < cells; q++) {
        snode *nd;
        if (grid[q] < 0)
            continue;
        dgi = (int)(q / ((uint64_t)ndy * (uint64_t)ndr));
        dys = (int)(q / (uint64_t)ndr % (uint64_t)ndy);
        drs = (int)(q % (uint64_t)ndr);
        nd = &d->nd[grid[q]];
        sl_cell_ctx(w, top, ndy, ndr, dgi, dys, drs, &nd->x);
        nd->G = w->goff[nd->x.g + 1] - w->goff[nd->x.g];
        nd->NY = nd->x.y ? w->ncls[1] : 1;
        nd->NR = nd->x.r ? w->ncls[2] : 1;
        nd->nb = nd->NY * nd->NR;
        for (j = 0; j < ES_NFACES; j++)
            nd->gsub[j] = nd->ysub[j] = nd->rsub[j] = -1;
        if (nd->x.s > 0) {
            for (j = 0; j < m && nd->x.g > 0; j++)
                nd->gsub[j] = grid[CELL(GADD(w, dgi, j), dys, drs)];
            for (j = 0; nd->x.y && j < w->ncls[1]; j++)
                nd->ysub[j] = grid[CELL(dgi, j, drs)];
            for (j = 0; nd->x.r && j < w->ncls[2]; j++)
                nd->rsub[j] = grid[CELL(dgi, dys, j)];
        }
    }
#undef CELL
    for (i = 0; i < d->nn; i++) {
        snode *nd = &d->nd[i];
        frame *fr;
        uint64_t mark = w->arena_top, base, len;
        nd->x.c = c;
        if ((rc = frame_push(w, &nd->x, &fr)) != ES_OK)
            return rc;
        /* the numbers and signatures are made above the frame, then moved down to where the
         * frame was (the arena is the frames' stack too) */
        base = w->arena_top;
        rc = sl_number(w, nd, fr);
        len = w->arena_top - base;
        frame_pop(w);
        if (rc != ES_OK)
            return rc;
        memmove(PTR(w, w->off_arena + mark, unsigned char), PTR(w, w->off_arena + base, unsigned char), (size_t)len);
        w->arena_top = mark + len;
#define SL_DOWN(p, type) if (p) p = (type *)((unsigned char *)(p) - (base - mark))
        SL_DOWN(nd->ids, void);
        SL_DOWN(nd->sigs, uint64_t);
        SL_DOWN(nd->bbase, uint32_t);
        SL_DOWN(nd->cmap, uint16_t);
        SL_DOWN(nd->usedw, uint64_t);
#undef SL_DOWN
    }
    for (i = 0; i < d->nn; i++) {
        snode *nd = &d->nd[i];
        uint64_t L = (uint64_t)c + 1;
        nd->npm = nd->x.f > 0 ? 1 << m : 1;
        nd->ntc = w->terror == ES_TERROR_DISCARD ? nd->x.g + 1 : 1;
        nd->cval = (uint64_t *)arena_alloc(w, L * (uint64_t)nd->ncv * 8);
        nd->fpm = (uint64_t *)arena_alloc(w, L * (uint64_t)nd->ntc * (uint64_t)nd->npm * 8);
        nd->yb = (uint64_t *)arena_alloc(w, L * (uint64_t)nd->ntc * (uint64_t)nd->nb * 8);
        nd->uy = (uint64_t **)arena_alloc(w, ((uint64_t)c * (uint64_t)nd->NR + 1) * sizeof(uint64_t *));
        nd->ur = (uint64_t **)arena_alloc(w, ((uint64_t)c + 1) * sizeof(uint64_t *));
        nd->uri = (int8_t *)arena_alloc(w, (uint64_t)c + 1);
        nd->uok = (uint8_t *)arena_alloc(w, (uint64_t)c + 1);
        if (!nd->cval || !nd->fpm || !nd->yb || !nd->uy || !nd->ur || !nd->uri || !nd->uok)
            return ES_ENOMEM;
        for (j = 0; j < c * nd->NR; j++)
            nd->uy[j] = 0;
        for (j = 0; j < c; j++) {
            nd->ur[j] = 0;
            nd->uri[j] = -1;
            nd->uok[j] = 0;
        }
    }
    G = (uint64_t)(w->goff[top->g + 1] - w->goff[top->g]);
    d->rows = G;
    d->free = 0;
    d->maxtab = 0;
    if (top->g > 0) {
        uint64_t mid = (uint64_t)(w->goff[top->g] - w->goff[top->g - 1]);
        d->low = (uint64_t *)arena_alloc(w, (uint64_t)w->goff[top->g] * 8);
        d->sa = (u128 *)arena_alloc(w, mid * sizeof(u128));
        d->sb = (u128 *)arena_alloc(w, mid * sizeof(u128));
        if (!d->low || !d->sa || !d->sb)
            return ES_ENOMEM;
    }
    return ES_OK;
}

/* The value at d->st of completion bit b of signature word i (roll_sig's words after the Terror
 * word: the lattice's, each held face's lattice's, the residual groups'), at the level of frame fr:
 * the successor's value in the state completing the bit's task leads to, or 0 where that task is
 * not allowed. */
static int sl_bit_at(wsh *w, const sdag *d, frame *fr, int i, int b, uint64_t *out)
{
    const uint64_t *v;
    int lw = w->lw, t, bit, rc;
    uint64_t key;
    uint32_t hsub;
    *out = 0;
    if (i < lw * (1 + fr->nhl)) {
        int j = i % lw, q = i / lw - 1;
        if (!(w->lact[j] >> b & 1))
            return ES_OK;
        t = (j << w->lpk) + (b >> 5 & w->lpk);
        bit = b & w->lbits;
        if (d->nxt[t] < 0)
            return ES_OK;
        if (q < 0) {
            if ((rc = comp_values(w, fr, bit, &v)) != ES_OK)
                return rc;
            *out = v[d->nxt[t]];
            return ES_OK;
        }
        key = (uint64_t)bit | (uint64_t)q << 6 | (uint64_t)1 << 61;
        hsub = fr->hl_hsub[q];
    } else {
        int q = i - lw * (1 + fr->nhl);
        t = fr->grp[q].t;
        bit = b;
        if (d->nxt[t] < 0)
            return ES_OK;
        key = (uint64_t)bit | (uint64_t)q << 6 | (uint64_t)1 << 62;
        hsub = fr->grp[q].hsub;
    }
    if ((rc = held_succ(w, fr, key, bit >> 2, bit >> 1 & 1, bit & 1, hsub, &v)) != ES_OK)
        return rc;
    *out = v[d->nxt[t]];
    return ES_OK;
}

/* The fail options at d->st of node nd at the level of frame fr with tc Terror dice discarded
 * first: base (no focus), per green class, yellow class and red class focused (fail_parts). With
 * tc 0 they are the frame's fail vectors; with Terror dice discarded, read from the contexts as
 * fail_discard reads them (a Terror class is never focused: those dice are gone). */
static int sl_fail_parts(wsh *w, const sdag *d, frame *fr, const ictx *x, int tc, uint64_t *base, uint64_t *gv,
                         uint64_t *yv, uint64_t *rv)
{
    int m = w->ncls[0], ny = w->ncls[1], nr = w->ncls[2], a, j, rc, st = d->st;
    const uint64_t *v;
    if (tc == 0) {
        *base = FVEC(w, fr, 0)[st];
        for (j = 0; j < m; j++)
            gv[j] = FVEC(w, fr, 1 + j)[st];
        for (j = 0; j < ny; j++)
            yv[j] = FVEC(w, fr, 1 + m + j)[st];
        for (j = 0; j < nr; j++)
            rv[j] = FVEC(w, fr, 1 + m + ny + j)[st];
        return ES_OK;
    }
    *base = 0;
    for (j = 0; j < m; j++)
        gv[j] = 0;
    for (j = 0; j < ny; j++)
        yv[j] = 0;
    for (j = 0; j < nr; j++)
        rv[j] = 0;
    for (a = 0; a < 3; a++) {
        ictx c = *x;
        c.g -= tc;
        if (!set_aside(&c, a))
            continue;
        if ((rc = get_values(w, &c, &v)) != ES_OK)
            return rc;
        *base = v[st] > *base ? v[st] : *base;
        if (x->f == 0)
            continue;
        c.f--;
        for (j = 0; j < m && c.g > 0; j++)
            if (j != w->tcls) {
                ictx e = c;
                e.g--;
                e.hp += HOLD(w->cface[0][j]);
                if ((rc = get_values(w, &e, &v)) != ES_OK)
                    return rc;
                gv[j] = v[st] > gv[j] ? v[st] : gv[j];
            }
        for (j = 0; j < ny && c.y; j++) {
            ictx e = c;
            e.y = 0;
            e.hp += HOLD(w->cface[1][j]);
            if ((rc = get_values(w, &e, &v)) != ES_OK)
                return rc;
            yv[j] = v[st] > yv[j] ? v[st] : yv[j];
        }
        for (j = 0; j < nr && c.r; j++) {
            ictx e = c;
            e.r = 0;
            e.hp += HOLD(w->cface[2][j]);
            if ((rc = get_values(w, &e, &v)) != ES_OK)
                return rc;
            rv[j] = v[st] > rv[j] ? v[st] : rv[j];
        }
    }
    return ES_OK;
}

/* Node nd's scalars at d->st and clue level k (begin_state): the fail option of every fail key
 * (fpm: the best of failing without focus and of focusing each green class of the key, built up
 * one class at a time; yb: focusing the block's yellow or red die) and the value of every
 * completion the signatures have (cval; a split node's rows are evaluated one by one). */
static int sl_scalars(wsh *w, const sdag *d, snode *nd, int k)
{
    int tc, pm, b, rc, st = d->st;
    uint32_t i;
    uint64_t base, gv[ES_NFACES], yv[ES_NFACES], rv[ES_NFACES];
    uint64_t *fpm = nd->fpm + (uint64_t)k * (uint64_t)nd->ntc * (uint64_t)nd->npm;
    uint64_t *yb = nd->yb + (uint64_t)k * (uint64_t)nd->ntc * (uint64_t)nd->nb;
    uint64_t *cval = nd->cval + (uint64_t)k * (uint64_t)nd->ncv;
    ictx x = nd->x;
    frame *fr;
    x.c = k;
    if ((rc = frame_push(w, &x, &fr)) != ES_OK)
        return rc;
    for (tc = 0; tc < nd->ntc; tc++, fpm += nd->npm, yb += nd->nb) {
        if ((rc = sl_fail_parts(w, d, fr, &fr->x, tc, &base, gv, yv, rv)) != ES_OK)
            return rc;
        fpm[0] = base;
        for (pm = 1; pm < nd->npm; pm++) {
            int j = __builtin_ctz((unsigned)pm);
            uint64_t v = fpm[pm & (pm - 1)];
            fpm[pm] = gv[j] > v ? gv[j] : v;
        }
        for (b = 0; b < nd->nb; b++) {
            uint64_t v = 0;
            if (x.f > 0 && x.y)
                v = yv[b / nd->NR];
            if (x.f > 0 && x.r && rv[b % nd->NR] > v)
                v = rv[b % nd->NR];
            yb[b] = v;
        }
    }
    if (nd->split) {
        /* each row's completions evaluated (opt_complete, opt_held) into the frame's scratch */
        uint64_t *v = FSCR(w, fr, 0);
        int n = w->nstates, j;
        roll ro;
        ROLL_FRAME(&ro, fr);
        for (i = 0; i < nd->nsig; i++) {
            b = (int)(i / (uint32_t)nd->G);
            roll_set(w, &ro, w->goff[x.g] + (int)(i % (uint32_t)nd->G), x.y ? b / nd->NR : -1,
                     x.r ? b % nd->NR : -1);
            for (j = 0; j < n; j++)
                v[j] = 0;
            if ((rc = opt_complete(w, fr, &ro, v)) != ES_OK || (rc = opt_held(w, fr, &ro, v)) != ES_OK)
                return rc;
            cval[i] = v[st];
        }
    } else if (nd->packed) {
        for (i = 0; i < (uint32_t)nd->ncv; i++)
            if ((rc = sl_bit_at(w, d, fr, nd->cmap[i] >> 6, nd->cmap[i] & 63, &cval[i])) != ES_OK)
                return rc;
    } else {
        /* every bit of every word; those no signature has are never read (and may not be a
         * completion of this pool: they are not evaluated) */
        for (i = 0; i < (uint32_t)nd->ncv; i++) {
            cval[i] = 0;
            if (nd->usedw[i >> 6] >> (i & 63) & 1 &&
                (rc = sl_bit_at(w, d, fr, (int)(i >> 6), (int)(i & 63), &cval[i])) != ES_OK)
                return rc;
        }
    }
    frame_pop(w);
    return ES_OK;
}

/* Step 3: set the DAG up for state st (the U tables of the state before handed back). */
static int sl_state(wsh *w, sdag *d, int st)
{
    int t, q, i, k, rc;
    d->st = st;
    for (t = 0; t < ES_MAX_TASKS; t++) {
        d->nxt[t] = -1;
        for (q = 0; t < w->ntasks && q < w->nallowed[t]; q++)
            if (w->allowed[t][q][0] == st)
                d->nxt[t] = w->allowed[t][q][1];
    }
    for (i = 0; i < d->nn; i++) {
        snode *nd = &d->nd[i];
        for (q = 0; q < d->c * nd->NR; q++) {
            sl_give(d, nd->uy[q]);
            nd->uy[q] = 0;
        }
        for (k = 0; k < d->c; k++) {
            sl_give(d, nd->ur[k]);
            nd->ur[k] = 0;
            nd->uri[k] = -1;
            nd->uok[k] = 0;
        }
        for (k = 0; k <= d->c; k++)
            if ((rc = sl_scalars(w, d, nd, k)) != ES_OK)
                return rc;
    }
    return ES_OK;
}

/* t = max(t, s) over n words */
static void sl_max(uint64_t *t, const uint64_t *s, int n)
{
    int q;
    for (q = 0; q < n; q++)
        t[q] = s[q] > t[q] ? s[q] : t[q];
}

/* t += k s over n words */
static void sl_addw(uint64_t *t, const uint64_t *s, uint64_t k, int n)
{
    int q;
    for (q = 0; q < n; q++)
        t[q] += k * s[q];
}

/* bk_full: the best kept sub-roll at each full green roll of size g, in place. t holds the sums
 * over `extra` rerolled yellow/red dice of the rows' values (below 2^48 6^extra).
 *
 * Top-down (sweep_down), N(K) of each green sub-multiset K of size k < g is the sum over the
 * classes j of a die put back of weight(j) N(K + j), the sums of the size above (d->sa, d->sb in
 * turn; the rows' own for size g - 1), and E(K) = round(N(K) / 6^u), u = g - k + extra rerolled
 * dice, into the low table. N(K) <= 2^48 6^u fits a word while u <= 6 ("narrow": summed and
 * divided in 64 bits, div_narrow), else it is summed in 128 bits (div_round). The rows themselves
 * are then scaled to their own E (t / 6^extra). Bottom-up (bk_sweep), each sub-multiset's best
 * (its E or the best of one die fewer) is pushed into those with one more die, the last size into
 * the rows. */
static void sl_keep(wsh *w, sdag *d, uint64_t *t, int g, int extra)
{
    const int16_t *gadd = PTR(w, w->off_gadd, int16_t);
    int m = w->ncls[0], k, j, q;
    uint64_t *e = d->low;
    u128 *prev = 0, *cur = d->sa;
    if (g == 0) {
        if (extra)
            t[0] = div_narrow(w, t[0], extra);
        return;
    }
    for (k = g - 1; k >= 0; k--) {
        int u = g - k + extra, a = w->goff[k], z = w->goff[k + 1];
        w->sweeps += (uint64_t)(z - a);
        for (q = a; q < z; q++) {
            const int16_t *add = gadd + q * GSTRIDE;
            if (u <= 6) {
                uint64_t s = 0;
                for (j = 0; j < m; j++)
                    s += w->cw[0][j] * (prev ? u128_lo(prev[add[j] - z]) : t[add[j] - z]);
                cur[q - a] = u128_from(s);
                e[q] = div_narrow(w, s, u);
            } else {
                u128 s = u128_from(0);
                for (j = 0; j < m; j++)
                    s = u128_add(s, u128_mul_small(prev ? prev[add[j] - z] : u128_from(t[add[j] - z]), w->cw[0][j]));
                cur[q - a] = s;
                e[q] = div_round(w, s, u);
            }
        }
        prev = cur;
        cur = cur == d->sa ? d->sb : d->sa;
    }
    if (extra)
        for (q = 0; q < w->goff[g + 1] - w->goff[g]; q++)
            t[q] = div_narrow(w, t[q], extra);
    /* bottom-up: sizes below g - 1 within the low table, the last into the rows */
    for (q = 0; q < w->goff[g]; q++) {
        uint64_t v = e[q];
        const int16_t *add = gadd + q * GSTRIDE;
        int base = q < w->goff[g - 1] ? 0 : w->goff[g];
        uint64_t *dst = q < w->goff[g - 1] ? e : t;
        for (j = 0; j < m; j++)
            if (v > dst[add[j] - base])
                dst[add[j] - base] = v;
    }
}

static int sl_utables(wsh *w, sdag *d, int i, int k, uint64_t *hi, uint64_t *lo);
static int sl_red(wsh *w, sdag *d, int i, int k, int yi, uint64_t **out);

/* Step 4, t_slice: the values at d->st, clue level k, of node i's block b, by green row, into a
 * row table from the free list (the caller gives it back). */
static int sl_slice(wsh *w, sdag *d, int i, int k, int b, uint64_t **out)
{
    snode *nd = &d->nd[i];
    const uint8_t *gpres = PTR(w, w->off_gpres, uint8_t);
    int g = nd->x.g, G = nd->G, gi0 = w->goff[g], q, j, rc, tcls = w->terror != ES_TERROR_NONE ? w->tcls : -1;
    int yi = b / nd->NR, ri = b % nd->NR;
    const uint64_t *fpm = nd->fpm + (uint64_t)k * (uint64_t)nd->ntc * (uint64_t)nd->npm;
    const uint64_t *yb = nd->yb + (uint64_t)k * (uint64_t)nd->ntc * (uint64_t)nd->nb;
    const uint64_t *cval = nd->cval + (uint64_t)k * (uint64_t)nd->ncv;
    uint64_t *T, *S, *bv = 0;
    unsigned pmask = nd->npm > 1 ? (unsigned)nd->npm - 1 : 0;
    if (tcls >= 0)
        pmask &= ~(1u << tcls);
    if ((rc = sl_take(w, d, &T)) != ES_OK)
        return rc;
    if (!nd->split) {
        /* the block's signatures' best completions (block_values), by number in the block */
        uint32_t s0, s1 = nd->bbase[b + 1];
        if ((rc = sl_take(w, d, &bv)) != ES_OK)
            return rc;
        for (s0 = nd->bbase[b]; s0 < s1; s0++) {
            uint64_t best = 0;
            if (nd->packed) {
                uint64_t m = nd->sigs[s0];
                for (; m; m &= m - 1)
                    if (cval[__builtin_ctzll(m)] > best)
                        best = cval[__builtin_ctzll(m)];
            } else {
                const uint64_t *sg = nd->sigs + (uint64_t)s0 * (uint64_t)nd->sw;
                for (j = 0; j < nd->sw; j++) {
                    uint64_t m = sg[j];
                    for (; m; m &= m - 1)
                        if (cval[j * 64 + __builtin_ctzll(m)] > best)
                            best = cval[j * 64 + __builtin_ctzll(m)];
                }
            }
            bv[s0 - nd->bbase[b]] = best;
        }
    }
    /* the roll's own options: max(fail option of its fail key, its signature's best completion) */
    for (q = 0; q < G; q++) {
        int gi = gi0 + q, tc = tcls >= 0 ? GCNT(w, gi, tcls) : 0;
        uint64_t a = 0, c = nd->split ? cval[b * G + q] :
                            bv[nd->ids8 ? ((const uint8_t *)nd->ids)[b * G + q] : ((const uint16_t *)nd->ids)[b * G + q]];
        if (!(tc && w->terror == ES_TERROR_FAIL)) {
            const uint64_t *f = fpm + (uint64_t)tc * (uint64_t)nd->npm;
            a = f[gpres[gi] & pmask];
            if (yb[tc * nd->nb + b] > a)
                a = yb[tc * nd->nb + b];
        }
        T[q] = a > c ? a : c;
    }
    sl_give(d, bv);
    if (nd->x.s > 0) {
        /* spells: a held green die of class j leaves the roll minus j in the child, so the
         * child's row q is this node's row q + j; a held yellow (red) die leaves the same green
         * dice in a child without that die */
        for (j = 0; j < w->ncls[0]; j++) {
            int lo1, n1;
            if (nd->gsub[j] < 0)
                continue;
            if ((rc = sl_slice(w, d, nd->gsub[j], k, b, &S)) != ES_OK)
                return rc;
            lo1 = w->goff[g - 1];
            n1 = gi0 - lo1;
            for (q = 0; q < n1; q++) {
                int p = GADD(w, lo1 + q, j) - gi0;
                if (S[q] > T[p])
                    T[p] = S[q];
            }
            sl_give(d, S);
        }
        if (nd->x.y && nd->ysub[yi] >= 0) {
            if ((rc = sl_slice(w, d, nd->ysub[yi], k, ri, &S)) != ES_OK)
                return rc;
            sl_max(T, S, G);
            sl_give(d, S);
        }
        if (nd->x.r && nd->rsub[ri] >= 0) {
            if ((rc = sl_slice(w, d, nd->rsub[ri], k, yi, &S)) != ES_OK)
                return rc;
            sl_max(T, S, G);
            sl_give(d, S);
        }
    }
    if (k > 0) {
        /* a clue: keep the yellow and red dice (this block one clue fewer, swept), or reroll
         * one or both (the U tables of the level below) */
        if ((rc = sl_slice(w, d, i, k - 1, b, &S)) != ES_OK)
            return rc;
        sl_keep(w, d, S, g, 0);
        sl_max(T, S, G);
        sl_give(d, S);
        if (!nd->uok[k - 1] && (rc = sl_utables(w, d, i, k - 1, 0, 0)) != ES_OK)
            return rc;
        if (nd->x.y)
            sl_max(T, nd->uy[(k - 1) * nd->NR + ri], G);
        if (nd->x.r) {
            if (nd->x.y && (rc = sl_red(w, d, i, k - 1, yi, &S)) != ES_OK)
                return rc;
            sl_max(T, nd->x.y ? S : nd->ur[k - 1], G);
        }
    }
    *out = T;
    return ES_OK;
}

/* u_tables: node i's U tables at level k for the state (uy: per red class, the yellow die
 * rerolled, or both dice; with no yellow die, ur: the red die rerolled), and, with hi/lo, the sum
 * over every roll of weight x value at level k (24-bit halves): the node's value before the
 * division. With both dice the red-rerolled tables are made per yellow class when asked (sl_red). */
static int sl_utables(wsh *w, sdag *d, int i, int k, uint64_t *hi, uint64_t *lo)
{
    snode *nd = &d->nd[i];
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    int g = nd->x.g, G = nd->G, y = nd->x.y, r = nd->x.r, NR = nd->NR, b, q, rc, gi0 = w->goff[g];
    uint64_t **sy = nd->uy + (uint64_t)k * (uint64_t)NR, *sr = 0, *su = 0, *T;
    for (q = 0; y && q < NR; q++)
        if ((rc = sl_zeros(w, d, G, &sy[q])) != ES_OK)
            return rc;
    if (r && !y && (rc = sl_zeros(w, d, G, &sr)) != ES_OK)
        return rc;
    if (y && r && (rc = sl_zeros(w, d, G, &su)) != ES_OK)
        return rc;
    for (b = 0; b < nd->nb; b++) {
        int yi = b / NR, ri = b % NR;
        uint64_t yw = y ? w->cw[1][yi] : 1, rw = r ? w->cw[2][ri] : 1;
        if ((rc = sl_slice(w, d, i, k, b, &T)) != ES_OK)
            return rc;
        if (hi) {
            uint64_t h = 0, l = 0;
            for (q = 0; q < G; q++) {
                uint64_t wt = gw[gi0 + q] * yw * rw;
                h += wt * (T[q] >> 24);
                l += wt * (T[q] & M24);
            }
            *hi += h;
            *lo += l;
        }
        if (y)
            sl_addw(sy[ri], T, yw, G);
        if (sr)
            sl_addw(sr, T, rw, G);
        if (su)
            sl_addw(su, T, yw * rw, G);
        sl_give(d, T);
    }
    for (q = 0; y && q < NR; q++)
        sl_keep(w, d, sy[q], g, 1);
    if (sr) {
        sl_keep(w, d, sr, g, 1);
        nd->ur[k] = sr;
        nd->uri[k] = 0;
    }
    if (su) {
        sl_keep(w, d, su, g, 2);
        for (q = 0; q < NR; q++)
            sl_max(sy[q], su, G);
        sl_give(d, su);
    }
    nd->uok[k] = 1;
    return ES_OK;
}

/* red_rerolled: node i's U table at level k of yellow class yi with the red die rerolled (kept for
 * one yellow class at a time: blocks come yellow class by yellow class). */
static int sl_red(wsh *w, sdag *d, int i, int k, int yi, uint64_t **out)
{
    snode *nd = &d->nd[i];
    uint64_t *acc, *T;
    int ri, rc;
    if (nd->ur[k] && nd->uri[k] == yi) {
        *out = nd->ur[k];
        return ES_OK;
    }
    sl_give(d, nd->ur[k]);
    nd->ur[k] = 0;
    if ((rc = sl_zeros(w, d, nd->G, &acc)) != ES_OK)
        return rc;
    for (ri = 0; ri < nd->NR; ri++) {
        if ((rc = sl_slice(w, d, i, k, yi * nd->NR + ri, &T)) != ES_OK)
            return rc;
        sl_addw(acc, T, w->cw[2][ri], nd->G);
        sl_give(d, T);
    }
    sl_keep(w, d, acc, nd->x.g, 1);
    nd->ur[k] = acc;
    nd->uri[k] = (int8_t)yi;
    *out = acc;
    return ES_OK;
}

/* A context with spells or clues (tables.solve): per state but the empty one, the top node's value
 * sums at every clue level (level_values), then each level's vector stored. The sums are kept in
 * the workspace's own place (off_sums) with the next state, so that a call stopped between two
 * states resumes after the finished ones (the stopped context is the innermost open one: its
 * ancestors are in their first passes, which keep their own places). */
ES_DEEP_NOINLINE static int sl_solve(wsh *w, const ictx *x)
{
    sdag d;
    int n = w->nstates, c = x->c, st, k, b, q, rc, dice = x->g + x->y + x->r, gi0 = w->goff[x->g], done = 0;
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    uint64_t *hi = PTR(w, w->off_sums, uint64_t), *lo = hi + ((uint64_t)c + 1) * (uint64_t)n, *T, rows;
    uint64_t key = pack(w, x);
    if ((rc = sl_open(w, x, &d)) != ES_OK)
        return rc;
    if (w->st_key != key) {
        w->st_key = key;
        w->st_next = 0;
        for (q = 0; q < 2 * (c + 1) * n; q++)
            hi[q] = 0;
    }
    /* the work counter: the rows of every node once per clue level, as the host's tables count
     * them (the estimate's pairs); the pass of step 1 counted one level, the states count the
     * others in equal parts as they are done */
    for (k = 0, rows = 0; k < d.nn; k++)
        rows += (uint64_t)d.nd[k].G * (uint64_t)d.nd[k].nb;
    for (st = 0; st < n; st++) {
        snode *top = &d.nd[d.topi];
        if (st == w->empty)
            continue;
        if (st < w->st_next) {
            done++;
            continue;
        }
        w->pairs += rows * (uint64_t)c * (uint64_t)(done + 1) / (uint64_t)(n - 1) -
                    rows * (uint64_t)c * (uint64_t)done / (uint64_t)(n - 1);
        done++;
        if ((rc = sl_state(w, &d, st)) != ES_OK)
            return rc;
        for (k = 0; k < c; k++)
            if ((rc = sl_utables(w, &d, d.topi, k, &hi[k * n + st], &lo[k * n + st])) != ES_OK)
                return rc;
        for (b = 0; b < top->nb; b++) {
            uint64_t wb = (x->y ? w->cw[1][b / top->NR] : 1) * (x->r ? w->cw[2][b % top->NR] : 1);
            if ((rc = sl_slice(w, &d, d.topi, c, b, &T)) != ES_OK)
                return rc;
            for (q = 0; q < top->G; q++) {
                hi[c * n + st] += gw[gi0 + q] * wb * (T[q] >> 24);
                lo[c * n + st] += gw[gi0 + q] * wb * (T[q] & M24);
            }
            sl_give(&d, T);
        }
        w->st_next = st + 1;
        w->saved++;
        if ((rc = tick(w)) != ES_OK)
            return rc;
    }
    for (k = 0; k <= c; k++) {
        ictx xk = *x;
        xk.c = k;
        if (dice == 0 || memo_find(w, pack(w, &xk), 0))
            continue;
        if ((rc = store_acc(w, &xk, hi + k * n, lo + k * n)) != ES_OK)
            return rc;
    }
    w->st_key = 0;
    if (d.dep < RS_DEPTH && w->rs_key[d.dep] == key)
        w->rs_key[d.dep] = 0;
    return ES_OK;
}

/* The entry points' questions on a context with clues (ess_roll_values, ess_keep_value,
 * ess_keep_all; rollquestions.py): the DAG of the context (roll values) or of the context one clue
 * fewer (keep values), then every state in turn. */

/* The value vector of roll (green index gi, yellow / red class yi, ri) of x. */
static int sl_roll_values(wsh *w, const ictx *x, int gi, int yi, int ri, uint64_t *out)
{
    sdag d;
    int st, rc, b;
    uint64_t *T;
    if ((rc = sl_open(w, x, &d)) != ES_OK)
        return rc;
    b = (x->y ? yi : 0) * d.nd[d.topi].NR + (x->r ? ri : 0);
    for (st = 0; st < w->nstates; st++) {
        if ((rc = sl_state(w, &d, st)) != ES_OK || (rc = sl_slice(w, &d, d.topi, x->c, b, &T)) != ES_OK)
            return rc;
        out[st] = T[gi - w->goff[x->g]];
        sl_give(&d, T);
    }
    return ES_OK;
}

/* Kept part p of a keep question: its kept green counts by class (kg of them), and the yellow and red
 * class kept (-1: rerolled). One part (single: kept1, yk1, rk1), or every part of a roll with green
 * counts cnt and dice yi0, ri0 in ess_keep_all's order (total parts). */
typedef struct {
    int single, total, ny2, nr2, yi0, ri0;
    uint8_t cnt[ES_NFACES], kept1[ES_NFACES];
} keep_parts;

static void keep_part(const wsh *w, const ictx *x, const keep_parts *kp, int p, uint8_t *kept, int *kg, int *yi,
                      int *ri)
{
    int j, per, t, rest;
    *kg = 0;
    if (kp->single) {
        for (j = 0; j < ES_NFACES; j++) {
            kept[j] = kp->kept1[j];
            *kg += kept[j];
        }
        *yi = kp->yi0;
        *ri = kp->ri0;
        return;
    }
    per = kp->total / (kp->ny2 * kp->nr2);
    rest = p / per;
    t = p % per;
    for (j = 0; j < ES_NFACES; j++) {
        kept[j] = j < w->ncls[0] ? (uint8_t)(t % (kp->cnt[j] + 1)) : 0;
        if (j < w->ncls[0])
            t /= kp->cnt[j] + 1;
        *kg += kept[j];
    }
    *yi = x->y && rest % 2 ? kp->yi0 : -1;
    *ri = x->r && rest / kp->ny2 ? kp->ri0 : -1;
}

/* For each kept part and state: E[value] of x (one clue fewer than asked) when the dice not kept
 * are rerolled, the sum over their outcomes of weight x the row of x's slice (keep_sum), summed in
 * 128 bits block by block, then divided: entry p at out + p * nstates. */
static int sl_keep_values(wsh *w, const ictx *x, const keep_parts *kp, int parts, uint64_t *out)
{
    sdag d;
    int n = w->nstates, m = w->ncls[0], st, rc, b, p, kg, yi, ri, yj, rj, j, ci;
    uint8_t kept[ES_NFACES], c[ES_NFACES];
    const uint64_t *gw = PTR(w, w->off_gw, uint64_t);
    u128 *acc;
    uint64_t *T;
    if ((rc = sl_open(w, x, &d)) != ES_OK)
        return rc;
    if (!(acc = (u128 *)arena_alloc(w, (uint64_t)parts * sizeof(u128))))
        return ES_ENOMEM;
    for (st = 0; st < n; st++) {
        snode *top;
        if ((rc = sl_state(w, &d, st)) != ES_OK)
            return rc;
        top = &d.nd[d.topi];
        for (p = 0; p < parts; p++)
            acc[p] = u128_from(0);
        for (b = 0; b < top->nb; b++) {
            yj = b / top->NR;
            rj = b % top->NR;
            if ((rc = sl_slice(w, &d, d.topi, x->c, b, &T)) != ES_OK)
                return rc;
            for (p = 0; p < parts; p++) {
                uint64_t yw = 1, rw = 1;
                keep_part(w, x, kp, p, kept, &kg, &yi, &ri);
                if (x->y) {
                    if (yi >= 0 && yj != yi)
                        continue;
                    yw = yi >= 0 ? 1 : w->cw[1][yj];
                }
                if (x->r) {
                    if (ri >= 0 && rj != ri)
                        continue;
                    rw = ri >= 0 ? 1 : w->cw[2][rj];
                }
                for (ci = w->goff[x->g - kg]; ci < w->goff[x->g - kg + 1]; ci++) {
                    for (j = 0; j < ES_NFACES; j++)
                        c[j] = (uint8_t)(kept[j] + GCNT(w, ci, j));
                    acc[p] = u128_add(acc[p], u128_mul64(gw[ci] * yw * rw, T[MRANK(w, c, m)]));
                }
            }
            sl_give(&d, T);
        }
        for (p = 0; p < parts; p++) {
            int u;
            keep_part(w, x, kp, p, kept, &kg, &yi, &ri);
            u = x->g - kg + (x->y && yi < 0) + (x->r && ri < 0);
            out[(uint64_t)p * (uint64_t)n + (uint64_t)st] = u ? div_round(w, acc[p], u) : u128_lo(acc[p]);
        }
    }
    return ES_OK;
}
#endif

static int solve(wsh *w, const ictx *x)
{
    uint64_t mark = w->arena_top;
    int rc;
    if (x->s == 0 && x->c == 0) {
#ifdef ES_COMPACT
        /* by needs, else roll by roll: called from here, not from solve_plain, so that only one
         * of the two frames is on the C stack while the context's successors are solved */
        rc = pn_successors(w, x);
        if (rc == ES_OK)
            rc = solve_plain_needs(w, x);
        if (rc == 1)
            rc = solve_plain(w, x);
#else
        rc = solve_plain(w, x);
#endif
    } else {
        int lift = w->lift;
        w->lift = x->c;
#ifdef ES_COMPACT
        /* the first pass (every successor solved, which is where the solve nests) before
         * sl_solve and sl_open take their large frames: a level of the nesting then holds only
         * small frames on the board's 8 KB C stack (tools/stackdepth.py); sl_open's own call
         * finds the pass done (its record by depth) */
        rc = sl_successors(w, x);
        if (rc == ES_OK)
            rc = sl_solve(w, x);
#else
        rc = chain(w, x, 0);
#endif
        w->lift = lift;
        w->arena_top = mark;
    }
    if (rc == ES_OK)
        rc = tick(w);
    return rc;
}

/* The value vector of context x, solving it if needed. Lifting: inside a chain at clue level c, a
 * context missing at a lower level is solved at level c instead (its chain stores every level on
 * the way), because the chain asks for the same context at level c too; so a context's tables are
 * built once, not once per clue level. */
static int get_values(wsh *w, const ictx *x, const uint64_t **out)
{
    uint64_t *v;
    int rc;
    if (x->g + x->y + x->r == 0) {
        *out = PTR(w, w->off_empty, uint64_t);
        return ES_OK;
    }
    v = memo_find(w, pack(w, x), 0);
    if (!v) {
        ictx up = *x;
        up.hp &= w->useful_hp;
        if (up.c < w->lift)
            up.c = w->lift;
        if ((rc = solve(w, &up)) != ES_OK)
            return rc;
        v = memo_find(w, pack(w, x), 0);
        if (!v)
            return ES_ENOMEM;
    }
    *out = v;
    return ES_OK;
}

/* ----- entry points ------------------------------------------------------------------------------------------ */

static int check_ws(void *ws)
{
    if (!ws || ((uintptr_t)ws & 15u) != 0)
        return ES_EARG;
    if (((wsh *)ws)->magic != WS_MAGIC)
        return ES_EWS;
    return ES_OK;
}

/* A context inside the workspace's limits (see es_limits: sigma and rho bound every context a
 * solve reaches from the ones asked). */
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
    {
        int dice = c->green + c->yellow + c->red, uses = c->focus + c->spells;
        if (h + (uses < dice ? uses : dice) > w->lim.held || dice - 2 * c->focus - c->spells > w->lim.reach)
            return ES_ECTX;
    }
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

/* After an error mid-solve the memo holds only finished contexts; arena and frames are released. */
static int finish(wsh *w, int rc)
{
    w->arena_top = 0;
    w->frame_top = 0;
    w->frame_last = 0;
#ifdef ES_COMPACT
    w->sl_depth = 0;
#endif
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
    w->lift = x.c;
    if ((rc = get_values(w, &x, &v)) != ES_OK)
        return finish(w, rc);
    copy_out(w, v, out);
    return finish(w, ES_OK);
}

static int class_of(const wsh *w, int colour, int face)
{
    int j;
    for (j = 0; j < w->ncls[colour]; j++)
        if (w->cface[colour][j] == face)
            return j;
    return -1;
}

/* Green counts by face -> the global index of the class multiset (its size in *size), or -1 when a
 * face is not one of the green classes' or there are more dice than the limits allow. */
static int green_index(const wsh *w, const uint8_t *gfaces, int *size)
{
    uint8_t c[ES_NFACES];
    int f, j, k = 0;
    for (j = 0; j < ES_NFACES; j++)
        c[j] = 0;
    for (f = 0; f < ES_NFACES; f++) {
        if (!gfaces[f])
            continue;
        j = class_of(w, 0, f);
        if (j < 0 || gfaces[f] > ES_MAX_GREEN)
            return -1;
        c[j] = gfaces[f];
        k += gfaces[f];
    }
    if (k > w->lim.green)
        return -1;
    *size = k;
    return w->goff[k] + MRANK(w, c, w->ncls[0]);
}

/* Every entry point reads a roll the same way: green faces of green classes, a yellow (red) face
 * of a yellow (red) class; `need` 1: exactly the context's dice, 0: a kept part of them (yf/rf -1
 * for a die rerolled). Returns the class indices, or ES_ECTX. */
static int read_roll(const wsh *w, const ictx *x, const uint8_t *gfaces, int32_t yf, int32_t rf,
                     int exact, int *gi, int *gsize, int *yi, int *ri)
{
    *yi = -1;
    *ri = -1;
    if ((*gi = green_index(w, gfaces, gsize)) < 0)
        return ES_ECTX;
    if (yf < -1 || yf >= ES_NFACES || rf < -1 || rf >= ES_NFACES)
        return ES_ECTX;
    if (yf >= 0 && (!x->y || (*yi = class_of(w, 1, yf)) < 0))
        return ES_ECTX;
    if (rf >= 0 && (!x->r || (*ri = class_of(w, 2, rf)) < 0))
        return ES_ECTX;
    if (exact && (*gsize != x->g || (x->y && yf < 0) || (x->r && rf < 0)))
        return ES_ECTX;
    return ES_OK;
}

#ifndef ES_COMPACT
/* Fill the cache with the roll table of context x (unless it holds it already). */
static int cache_table(wsh *w, const ictx *x, uint64_t **T)
{
    uint64_t key = pack(w, x);
    int rc;
    *T = PTR(w, w->off_cache, uint64_t);
    if (w->lim.clues == 0 && w->lim.spells == 0)
        return ES_ECTX;
    if (w->cache_key == key)
        return ES_OK;
    w->cache_key = 0;
    w->lift = x->c;
    if ((rc = chain(w, x, *T)) != ES_OK)
        return rc;
    w->cache_key = key;
    return ES_OK;
}
#endif

/* The green multiset gi with one die of class j fewer (it has one). */
static int green_sub(const wsh *w, int gi, int j)
{
#ifdef ES_COMPACT
    uint8_t c[ES_NFACES];
    int q, size = 0;
    for (q = 0; q < ES_NFACES; q++) {
        c[q] = (uint8_t)GCNT(w, gi, q);
        size += c[q];
    }
    c[j]--;
    return w->goff[size - 1] + MRANK(w, c, w->ncls[0]);
#else
    return PTR(w, w->off_gsub, int16_t)[gi * ES_NFACES + j];
#endif
}

/* One roll's value in context x without clues: its options, and with spells left the value of
 * every held die's sub-roll (recursively, one roll at a time). */
static int roll_single(wsh *w, const ictx *x, int gi, int yi, int ri, uint64_t *out)
{
    int n = w->nstates, j, rc, m = w->ncls[0];
    frame *fr;
    roll ro;
    uint64_t tmp[ES_MAX_STATES];
    if ((rc = frame_push(w, x, &fr)) != ES_OK)
        return rc;
    ROLL_FRAME(&ro, fr);
    roll_set(w, &ro, gi, yi, ri);
    if ((rc = roll_value(w, fr, &ro, out)) != ES_OK)
        return rc;
    frame_pop(w);
    if (x->s == 0)
        return ES_OK;
    for (j = 0; j < m; j++)
        if (PTR(w, w->off_gpres, uint8_t)[gi] >> j & 1) {
            ictx sub = *x;
            sub.g--;
            sub.hp += HOLD(w->cface[0][j]);
            sub.s--;
            if ((rc = roll_single(w, &sub, green_sub(w, gi, j), yi, ri,
                                  tmp)) != ES_OK)
                return rc;
            vmax(out, tmp, n);
        }
    if (yi >= 0) {
        ictx sub = *x;
        sub.y = 0;
        sub.hp += HOLD(w->cface[1][yi]);
        sub.s--;
        if ((rc = roll_single(w, &sub, gi, -1, ri, tmp)) != ES_OK)
            return rc;
        vmax(out, tmp, n);
    }
    if (ri >= 0) {
        ictx sub = *x;
        sub.r = 0;
        sub.hp += HOLD(w->cface[2][ri]);
        sub.s--;
        if ((rc = roll_single(w, &sub, gi, yi, -1, tmp)) != ES_OK)
            return rc;
        vmax(out, tmp, n);
    }
    return ES_OK;
}

int ess_roll_values(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf,
                    uint64_t *out, int32_t nout)
{
    wsh *w = (wsh *)ws;
    ictx x;
    int rc, gi, size, yi, ri;
    uint64_t *T, row;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!out || !gfaces)
        return ES_EARG;
    if (nout < w->nstates)
        return ES_EFULL;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    if ((rc = read_roll(w, &x, gfaces, yf, rf, 1, &gi, &size, &yi, &ri)) != ES_OK)
        return rc;
    if (x.c == 0) {
        uint64_t best[ES_MAX_STATES];
        w->lift = 0;
        rc = roll_single(w, &x, gi, yi, ri, best);
        if (rc == ES_OK)
            copy_out(w, best, out);
        return finish(w, rc);
    }
#ifdef ES_COMPACT
    (void)T, (void)row;
    w->lift = x.c;
    return finish(w, sl_roll_values(w, &x, gi, yi, ri, out));
#else
    if ((rc = cache_table(w, &x, &T)) != ES_OK)
        return finish(w, rc);
    row = ((uint64_t)(gi - w->goff[x.g]) * (uint64_t)(x.y ? w->ncls[1] : 1) + (uint64_t)(x.y ? yi : 0)) *
              (uint64_t)(x.r ? w->ncls[2] : 1) + (uint64_t)(x.r ? ri : 0);
    copy_out(w, T + row * (uint64_t)w->nstates, out);
    return finish(w, ES_OK);
#endif
}

#ifndef ES_COMPACT
/* E[value with one clue fewer] of keeping green dice kept[] (counts by class) and the yellow and
 * red of classes yi0/ri0 (-1: rerolled when x, already at one clue fewer, has that die), the other
 * unrolled_green green dice rerolled: sum over their outcomes of weight x the row of table T. */
static void keep_sum(const wsh *w, const ictx *x, const uint64_t *T, const uint8_t *kept, int unrolled_green,
                     int yi0, int ri0, uint64_t *out)
{
    int m = w->ncls[0], NY = x->y ? w->ncls[1] : 1, NR = x->r ? w->ncls[2] : 1, n = w->nstates, ci, i, j, u;
    u128 acc[ES_MAX_STATES];
    for (i = 0; i < n; i++)
        acc[i] = u128_from(0);
    for (ci = w->goff[unrolled_green]; ci < w->goff[unrolled_green + 1]; ci++) {
        uint8_t c[ES_NFACES];
        const uint8_t *add = PTR(w, w->off_gcnt, uint8_t) + (uint64_t)ci * ES_NFACES;
        uint64_t gwt = PTR(w, w->off_gw, uint64_t)[ci];
        int full, yi, ri;
        for (j = 0; j < ES_NFACES; j++)
            c[j] = (uint8_t)(kept[j] + add[j]);
        full = MRANK(w, c, m);
        for (yi = 0; yi < NY; yi++) {
            uint64_t yw = 1;
            if (x->y) {
                if (yi0 >= 0 && yi != yi0)
                    continue;
                yw = yi0 >= 0 ? 1 : w->cw[1][yi];
            }
            for (ri = 0; ri < NR; ri++) {
                uint64_t rw = 1;
                const uint64_t *row;
                if (x->r) {
                    if (ri0 >= 0 && ri != ri0)
                        continue;
                    rw = ri0 >= 0 ? 1 : w->cw[2][ri];
                }
                row = T + (((uint64_t)full * (uint64_t)NY + (uint64_t)yi) * (uint64_t)NR + (uint64_t)ri) * (uint64_t)n;
                for (i = 0; i < n; i++)
                    acc[i] = u128_add(acc[i], u128_mul64(gwt * yw * rw, row[i]));
            }
        }
    }
    u = unrolled_green + (x->y && yi0 < 0) + (x->r && ri0 < 0);
    for (i = 0; i < n; i++)
        out[i] = u ? div_round(w, acc[i], u) : u128_lo(acc[i]);
}
#endif

int ess_keep_value(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t unrolled_green,
                   int32_t yf, int32_t rf, uint64_t *out, int32_t nout)
{
    wsh *w = (wsh *)ws;
    ictx x;
    int rc, size, gi, j, yi0, ri0;
    uint64_t *T;
    uint8_t kept[ES_NFACES];
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!out || !gfaces)
        return ES_EARG;
    if (nout < w->nstates)
        return ES_EFULL;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    if (x.c < 1)
        return ES_ECTX;
    if ((rc = read_roll(w, &x, gfaces, yf, rf, 0, &gi, &size, &yi0, &ri0)) != ES_OK)
        return rc;
    if (unrolled_green < 0 || size + unrolled_green != x.g)
        return ES_ECTX;
    x.c--;
    for (j = 0; j < ES_NFACES; j++)
        kept[j] = (uint8_t)GCNT(w, gi, j);
#ifdef ES_COMPACT
    {
        keep_parts kp;
        (void)T;
        kp.single = 1;
        kp.yi0 = yi0;
        kp.ri0 = ri0;
        for (j = 0; j < ES_NFACES; j++)
            kp.kept1[j] = kept[j];
        w->lift = x.c;
        return finish(w, sl_keep_values(w, &x, &kp, 1, out));
    }
#else
    if ((rc = cache_table(w, &x, &T)) != ES_OK)
        return finish(w, rc);
    keep_sum(w, &x, T, kept, unrolled_green, yi0, ri0, out);
    return finish(w, ES_OK);
#endif
}

int ess_keep_all(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf, uint64_t *out,
                 int32_t nout, int32_t *count)
{
    wsh *w = (wsh *)ws;
    ictx x;
    int rc, size, gi, j, yi0, ri0, m, total, idx, ny, nr;
    uint64_t *T;
    uint8_t cnt[ES_NFACES], kept[ES_NFACES];
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!gfaces || !count)
        return ES_EARG;
    if ((rc = to_ictx(w, ctx, &x)) != ES_OK)
        return rc;
    if (x.c < 1)
        return ES_ECTX;
    if ((rc = read_roll(w, &x, gfaces, yf, rf, 1, &gi, &size, &yi0, &ri0)) != ES_OK)
        return rc;
    m = w->ncls[0];
    total = 1;
    for (j = 0; j < ES_NFACES; j++) {
        cnt[j] = (uint8_t)GCNT(w, gi, j);
        total *= cnt[j] + 1;
    }
    ny = x.y ? 2 : 1;
    nr = x.r ? 2 : 1;
    total *= ny * nr;
    *count = total;
    if (!out || (int64_t)nout < (int64_t)total * w->nstates)
        return ES_EFULL;
    x.c--;
#ifdef ES_COMPACT
    {
        keep_parts kp;
        (void)T, (void)kept, (void)idx, (void)m;
        kp.single = 0;
        kp.total = total;
        kp.ny2 = ny;
        kp.nr2 = nr;
        kp.yi0 = yi0;
        kp.ri0 = ri0;
        for (j = 0; j < ES_NFACES; j++)
            kp.cnt[j] = cnt[j];
        w->lift = x.c;
        return finish(w, sl_keep_values(w, &x, &kp, total, out));
    }
#else
    if ((rc = cache_table(w, &x, &T)) != ES_OK)
        return finish(w, rc);
    for (j = 0; j < ES_NFACES; j++)
        kept[j] = 0;
    /* kept counts as an odometer, class 0 turning fastest; then the yellow kept or not, then the red */
    for (idx = 0; idx < total; idx++) {
        int rest = idx / (total / (ny * nr)), kg = 0, yk, rk;
        int t = idx % (total / (ny * nr));
        for (j = 0; j < m; j++) {
            kept[j] = (uint8_t)(t % (cnt[j] + 1));
            t /= cnt[j] + 1;
            kg += kept[j];
        }
        yk = x.y ? rest % 2 : 0;
        rk = x.r ? rest / ny : 0;
        keep_sum(w, &x, T, kept, size - kg, yk ? yi0 : -1, rk ? ri0 : -1, out + (uint64_t)idx * w->nstates);
    }
    return finish(w, ES_OK);
#endif
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

int ess_set_progress(void *ws, es_progress_fn fn, void *user, uint64_t every)
{
    wsh *w = (wsh *)ws;
    int rc;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    w->progress = fn;
    w->user = user;
    w->every = every ? every : 1;
    w->next_report = w->pairs + w->every;
    return ES_OK;
}

int ess_set_budget(void *ws, const es_budget *budget)
{
    wsh *w = (wsh *)ws;
    int rc;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (budget)
        w->budget = *budget;
    else
        memset(&w->budget, 0, sizeof w->budget);
    return ES_OK;
}

int ess_work(const void *ws, es_work *out)
{
    const wsh *w = (const wsh *)ws;
    if (!ws || ((uintptr_t)ws & 15u) != 0 || !out)
        return ES_EARG;
    if (w->magic != WS_MAGIC)
        return ES_EWS;
    out->pairs = w->pairs;
    out->contexts = w->contexts;
    out->frames = w->frames;
    out->sweeps = w->sweeps;
    out->saved = w->saved;
    return ES_OK;
}

/* ----- memo export and import ------------------------------------------------------------------
 *
 * A solved memo outlives its workspace: ess_memo_export writes every stored context (its packed key,
 * keys ascending, so the same contexts give the same bytes whatever order they were solved in) and
 * its value vector; ess_memo_import stores such entries into a workspace of the same card, those
 * inside its limits, so that a new workspace (a larger one, another process) starts with what an
 * earlier solve found. The host keeps them in a store shared between processes
 * (host/eldersign/tablestore.py). A key is pack(): green, yellow, red, focus, spells and clues in
 * bits 0-14, the useful held dice's nibbles in bits 16-47, bit 63 set. Each entry carries a check
 * word (entry_check) that import verifies for every entry it stores: a store file damaged anywhere
 * is refused at the first damaged entry a workspace would take, and no reader has to read (or
 * checksum) the entries it does not take. */

/* A 64-bit check of an entry: the key and the values folded by an odd multiply (a bijection of the
 * word) and a xor-shift (another), so that changing any one word changes the check. */
static uint64_t entry_check(uint64_t key, const uint64_t *v, int n)
{
    uint64_t h = (key ^ 0x5851F42D4C957F2DULL) * 0x9E3779B97F4A7C15ULL;
    int i;
    for (i = 0; i < n; i++) {
        h = (h ^ v[i]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

/* Sift-down of a binary max-heap of keys (heapsort below). */
static void heap_sift(uint64_t *a, uint64_t start, uint64_t end)
{
    uint64_t root = start;
    while (2 * root + 1 < end) {
        uint64_t child = 2 * root + 1, t;
        if (child + 1 < end && a[child] < a[child + 1])
            child++;
        if (a[root] >= a[child])
            return;
        t = a[root];
        a[root] = a[child];
        a[child] = t;
        root = child;
    }
}

int ess_memo_export(void *ws, uint64_t first, uint64_t *keys, uint64_t *checks, uint64_t *vals, uint64_t cap,
                    uint64_t *count)
{
    wsh *w = (wsh *)ws;
    const uint64_t *mk;
    const uint32_t *mi;
    uint64_t h, k, n;
    int rc;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!count)
        return ES_EARG;
    *count = first < w->memo_used ? w->memo_used - first : 0;
    if (*count > cap)
        return ES_EFULL;
    if (*count && (!keys || !vals || !checks))
        return ES_EARG;
    mk = PTR(w, w->off_mkeys, uint64_t);
    mi = PTR(w, w->off_midx, uint32_t);
    for (h = 0, k = 0; h < w->memo_cap; h++)
        if (mk[h] && mi[h] >= first)        /* stored at or after insertion `first` */
            keys[k++] = mk[h];
    n = k;
    for (k = n / 2; k-- > 0;)                 /* heapsort: the keys ascending */
        heap_sift(keys, k, n);
    for (k = n; k-- > 1;) {
        uint64_t t = keys[0];
        keys[0] = keys[k];
        keys[k] = t;
        heap_sift(keys, 0, k);
    }
    for (k = 0; k < n; k++) {
        const uint64_t *v = memo_find(w, keys[k], 0);
        memcpy(vals + k * (uint64_t)w->nstates, v, (size_t)w->nstates * 8);
        checks[k] = entry_check(keys[k], v, w->nstates);
    }
    return ES_OK;
}

int ess_memo_import(void *ws, const uint64_t *keys, const uint64_t *checks, const uint64_t *vals, uint64_t count,
                    uint64_t *added)
{
    wsh *w = (wsh *)ws;
    uint64_t k;
    int rc, i;
    if ((rc = check_ws(ws)) != ES_OK)
        return rc;
    if (!added || (count && (!keys || !vals || !checks)))
        return ES_EARG;
    *added = 0;
    for (k = 0; k < count; k++) {
        uint64_t key = keys[k], *slot;
        const uint64_t *v = vals + k * (uint64_t)w->nstates;
        ictx x;
        int dice, uses, held = 0;
        /* a key of this card's form (the useless held faces masked out): anything else is not
         * this card's memo */
        if (!(key >> 63) || (key >> 48 & 0x7FFF) || (key >> 15 & 1) ||
            ((uint32_t)(key >> 16) & ~w->useful_hp))
            return ES_EARG;
        x.g = (int)(key & 15);
        x.y = (int)(key >> 4 & 1);
        x.r = (int)(key >> 5 & 1);
        x.f = (int)(key >> 6 & 7);
        x.s = (int)(key >> 9 & 7);
        x.c = (int)(key >> 12 & 7);
        x.hp = (uint32_t)(key >> 16);
        for (i = 0; i < ES_NFACES; i++)
            held += HELD(&x, i);
        dice = x.g + x.y + x.r;
        uses = x.f + x.s;
        /* only contexts inside this workspace's limits (its memo is sized for those) */
        if (dice == 0 || x.g > w->lim.green || x.y > w->lim.yellow || x.r > w->lim.red ||
            x.f > w->lim.focus || x.s > w->lim.spells || x.c > w->lim.clues ||
            held + (uses < dice ? uses : dice) > w->lim.held || dice - 2 * x.f - x.s > w->lim.reach)
            continue;
        if (memo_find(w, key, 0))
            continue;
        /* values that are probabilities with the all-done state certain (read only for the
         * entries taken: a store's entries outside the limits cost their key alone, not the
         * pages of their values) */
        if (v[w->empty] != ES_ONE)
            return ES_EARG;
        for (i = 0; i < w->nstates; i++)
            if (v[i] > ES_ONE)
                return ES_EARG;
        if (entry_check(key, v, w->nstates) != checks[k])
            return ES_EARG;                   /* damaged: never stored */
        if (!(slot = memo_find(w, key, 1)))
            return ES_ENOMEM;
        memcpy(slot, v, (size_t)w->nstates * 8);
        (*added)++;
    }
    return ES_OK;
}

int ess_memo_value(const void *ws, const es_ctx *ctx, int32_t state, uint64_t *value)
{
    wsh *w = (wsh *)ws;
    ictx x;
    const uint64_t *v;
    int rc;
    if ((rc = check_ws((void *)ws)) != ES_OK)
        return rc;
    if (!value || state < 0 || state >= w->nstates)
        return ES_EARG;
    if (to_ictx(w, ctx, &x) != ES_OK)
        return 0;
    if (x.g + x.y + x.r == 0)
        v = PTR(w, w->off_empty, uint64_t);
    else if (!(v = memo_find(w, pack(w, &x), 0)))
        return 0;
    *value = v[state];
    return 1;
}

int ess_memo_used(const void *ws, uint64_t *used)
{
    const wsh *w = (const wsh *)ws;
    if (!ws || ((uintptr_t)ws & 15u) != 0 || !used)
        return ES_EARG;
    if (w->magic != WS_MAGIC)
        return ES_EWS;
    *used = w->memo_used;
    return ES_OK;
}
