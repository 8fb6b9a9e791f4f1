/*
 * eldersign.h -- the public API of Eldritch's C core: Elder Sign dice matching and the exact solver.
 *
 * The C core is the hot path of the kernel in kernel/eldersign/ (matching.py, solver.py, fixed.py)
 * with exactly the same semantics: same inputs, same canonical integer results (probabilities as
 * round(p * 2^48), every stored value an exact rational rounded once, half up).
 *
 * Rules of the core:
 *   - C99, no malloc/free, no global mutable state: every solver lives in a caller-provided workspace
 *     whose size comes from ess_workspace_size(). Reentrant and thread-safe (one workspace per thread).
 *   - Every entry point checks its inputs and returns an error code (ES_OK or a negative ES_E*)
 *     instead of reading or writing out of bounds.
 *
 * Modules and prefixes:
 *   es_   (es_core.c)   version, build flags, error texts
 *   esc_  (es_card.c)   card set-up: task-set states, face classes, minimal face sets
 *   esm_  (es_match.c)  minimal-way enumeration: splitting face sets among dice sources
 *   ess_  (es_solve.c)  the exact solver (values, roll values, clue expectations)
 *
 * Face codes (dice.py): I1 0, I2 1, I3 2, I4 3, Lore 4, Peril 5, Terror 6, Wild 7.
 * Colours: green 0, yellow 1, red 2. A roll or held set "by colour" is 24 counts at colour * 8 + face.
 */
#ifndef ELDERSIGN_H
#define ELDERSIGN_H

#include <stddef.h>
#include <stdint.h>

#define ES_NFACES 8
#define ES_MAX_TASKS 6
#define ES_MAX_STATES 64
#define ES_MAX_GREEN 8
#define ES_MAX_USES 4          /* focus, spells and clues: 0..4 each */
#define ES_MAX_HELD 12         /* held dice in a context, and the es_limits held bound */
#define ES_MAX_FACESETS 4096   /* minimal face sets per task */
#define ES_MAX_SYMBOLS 8       /* symbols of a task (card.py MAX_SYMBOLS) */
#define ESC_SCRATCH 2097152    /* scratch bytes esc_compile needs */
#define ES_ONE ((uint64_t)1 << 48)

/* Error codes: every entry point returns one of these (ES_OK is 0, errors are negative). */
#define ES_OK 0
#define ES_EARG (-1)      /* a NULL pointer or an argument out of its documented range */
#define ES_ECARD (-2)     /* the card description is inconsistent */
#define ES_ECTX (-3)      /* a context or roll outside the workspace's limits */
#define ES_EWS (-4)       /* workspace too small, misaligned (16 bytes) or not initialised */
#define ES_ENOMEM (-5)    /* the workspace filled up during a solve: retry with a larger scale */
#define ES_ENOTSUP (-6)   /* reserved: no longer returned (spells with clues are solved in C too) */
#define ES_EFULL (-7)     /* the caller's output buffer is too small (count still reported) */
#define ES_EINTR (-8)     /* the progress callback asked to stop: the memo keeps what was finished */
#define ES_ELIMIT (-9)    /* the work limit (ess_set_budget) was passed: the memo keeps what was finished */

/* Terror effects (solver.py TERROR_*). */
#define ES_TERROR_NONE 0
#define ES_TERROR_FAIL 1
#define ES_TERROR_DISCARD 2

/*
 * A compiled card, as the Python kernel's Solver set-up computes it:
 *   nstates, empty_state     task-set states (Solver.state_done order) and the all-done state
 *   terror                   ES_TERROR_*
 *   nclasses, class_face,    per colour the face classes: representative face and weight (the
 *   class_weight             number of the die's six faces in the class; weights sum to 6)
 *   nallowed, allowed        per task the (state, next state) pairs where it may be completed
 *   nfacesets, facesets      per task its minimal completable face multisets, 8 counts each,
 *                            concatenated task after task (matching.minimal_face_sets)
 */
typedef struct es_card {
    int32_t ntasks;
    int32_t nstates;
    int32_t empty_state;
    int32_t terror;
    int32_t nclasses[3];
    int32_t class_face[3][ES_NFACES];
    int32_t class_weight[3][ES_NFACES];
    int32_t nallowed[ES_MAX_TASKS];
    uint8_t allowed[ES_MAX_TASKS][ES_MAX_STATES][2];
    int32_t nfacesets[ES_MAX_TASKS];
    const uint8_t *facesets;
} es_card;

/* A card as written (card.py Task/Card), the input of esc_compile: per task its investigation
 * totals (1..36) and accepted-face bits (Lore 1, Peril 2, Terror 4; split symbols set several),
 * at least one dice symbol and at most ES_MAX_SYMBOLS, and its sanity and stamina costs; the card
 * ordered or not, its terror effect, and the investigator's sanity and stamina (0: no limit). */
typedef struct es_task_spec {
    int32_t ninv, inv[ES_MAX_SYMBOLS];
    int32_t nfaces, faces[ES_MAX_SYMBOLS];
    int32_t sanity, stamina;
} es_task_spec;

typedef struct es_spec {
    int32_t ntasks, ordered, terror, sanity, stamina;
    es_task_spec task[ES_MAX_TASKS];
} es_spec;

/* What esc_compile finds besides the es_card: the representative face of every face, the done-task
 * mask of every state, the state with no task done, and the face sets written. */
typedef struct es_setup {
    int32_t rep[ES_NFACES];
    int32_t state_done[ES_MAX_STATES];
    int32_t full_state, nfacesets;
} es_setup;

/* The contexts a workspace serves: green <= ES_MAX_GREEN, yellow and red 0/1, focus, spells and
 * clues <= ES_MAX_USES each, and two bounds that every move of the game keeps or lowers, so that
 * they hold for every context a solve reaches from the contexts asked:
 *   held   (0..ES_MAX_HELD)  most of (held dice + min(focus + spells, pool dice)) over the
 *                            contexts asked (uses can only hold dice the pool has);
 *   reach  (-12..10)         most of (pool dice - 2 * focus - spells) over the contexts asked
 *                            (a focus sets one die aside and holds another; a spell holds one).
 * The workspace is sized for the contexts inside these bounds (ess_estimate); scale (1..64)
 * multiplies the memo and arena sizes, a retry for a workspace that filled up anyway. */
typedef struct es_limits {
    int32_t green, yellow, red, focus, spells, clues, held, reach, scale;
} es_limits;

/* What a solve within limits may cost, from closed formulas (kernel/eldersign/budget.py computes
 * the same integers): contexts it may store, (context, roll) pairs it may evaluate, (partial roll,
 * state) steps of its clue sweeps, and the workspace bytes (0 when too large to address).
 * Counts saturate at 2^62. */
typedef struct es_estimate {
    uint64_t contexts, pairs, sweeps, bytes;
} es_estimate;

/* A work limit (ess_set_budget): the work done is per_pair x pairs + per_sweep x sweep steps +
 * per_frame x frames + per_context x contexts (the counters of es_work, since ess_init), in any
 * unit the caller chooses (the host uses nanoseconds of its cost model, kernel/eldersign/budget.py);
 * a solve stops with ES_ELIMIT once it is above `limit` (0: no limit). The check runs each time a
 * context or a node of a spell/clue chain is stored, so a stopped solve leaves the memo whole and
 * runs past the limit by at most one such unit of work. */
typedef struct es_budget {
    uint64_t per_pair, per_sweep, per_frame, per_context, limit;
} es_budget;

/* The work counters of a workspace since ess_init: (context, roll) pairs evaluated, contexts
 * stored, frames pushed (one per context and per node of a chain and clue level: a frame's set-up
 * prepares the fail options and the held dice's completions), clue-sweep steps (partial rolls
 * times states of the best_keep sweeps), and, in the board's compact layout, task-set states of a
 * context with spells or clues finished and kept for a call that was stopped (the next call
 * resumes after them; 0 in the host's layout). */
typedef struct es_work {
    uint64_t pairs, contexts, frames, sweeps, saved;
} es_work;

/* A progress callback: called every `every` pairs or so with the contexts solved and pairs
 * evaluated so far; a non-zero return stops the solve with ES_EINTR. */
typedef int (*es_progress_fn)(void *user, uint64_t contexts, uint64_t pairs);

/* A context (solver.py): pool (green count, yellow 0/1, red 0/1), held dice as counts by face
 * (a face another face represents, es_setup.rep, is worth what its representative is), focus,
 * spell and clue uses left. */
typedef struct es_ctx {
    int32_t green, yellow, red, focus, spells, clues;
    uint8_t held[ES_NFACES];
} es_ctx;

/* ---- es_core.c ---- */
const char *es_version(void);                 /* the C core's version */
const char *es_build_flags(void);             /* compiler and flags the core was built with */
const char *es_strerror(int code);            /* a short text for an error code */
int es_portable128(void);                     /* 1: 128-bit sums from 32-bit halves (es_u128.h), 0: __int128 */
int es_compact(void);                         /* 1: the board's compact layout (ES_COMPACT), 0: the host's */

/* ---- es_card.c ---- */

/* Compile a card: fills card (facesets points into the caller's buffer of cap face sets, 8 bytes
 * each) and setup. scratch: ESC_SCRATCH bytes, 8-byte aligned. ES_EARG for a bad spec, ES_EFULL
 * when cap is too small, ES_ECARD when a task has more than ES_MAX_FACESETS face sets. */
int esc_compile(const es_spec *spec, es_card *card, es_setup *setup, uint8_t *facesets, int32_t cap,
                void *scratch, size_t scratch_size);

/* ---- es_match.c ---- */

/* Every minimal way to complete a task (matching.ways_for_task, same ways in the same order).
 * facesets: nfacesets (0..ES_MAX_FACESETS) sets of 8 counts, each <= 10; roll, held: 24 counts
 * (colour * 8 + face), each <= 10. Writes the first min(ways, max_ways) ways to out (NULL allowed
 * when max_ways is 0), 48 bytes each (24 roll counts used, 24 held counts used), and the number of
 * ways to *nways, saturated at INT32_MAX (there can be more than 2^31 at these limits); ES_EFULL
 * when there were more than max_ways. Counting does not enumerate. */
int esm_ways(const uint8_t *facesets, int32_t nfacesets, const uint8_t *roll, const uint8_t *held,
             uint8_t *out, int32_t max_ways, int32_t *nways);

/* esm_ways for n rolls at once (rolls and helds: n x 24 counts, n >= 0): counts[i] is the number
 * of ways of roll i, saturated at INT32_MAX; each roll's first max_ways ways are written to out
 * (the same buffer for every roll; NULL with max_ways 0 to count only). The matching throughput
 * benchmark enumerates through it. */
int esm_ways_batch(const uint8_t *facesets, int32_t nfacesets, const uint8_t *rolls,
                   const uint8_t *helds, int32_t n, int32_t *counts, uint8_t *out, int32_t max_ways);

/* How many of the face sets are contained in the available counts (8 faces): a throughput probe. */
int esm_count_completable(const uint8_t *facesets, int32_t nfacesets, const uint8_t *avail,
                          int32_t *count);

/* ---- es_solve.c ---- */

/* Bytes of workspace for this card and these limits (0 when either is invalid or the size is
 * beyond 2^48). Covers the memo of every context within the limits, the roll tables a solve with
 * spells or clues keeps live at once, the completion lattice and the frame stack. */
size_t ess_workspace_size(const es_card *card, const es_limits *limits);

/* The smallest workspace ess_init takes for this card and these limits (0 as above). The host's
 * layout needs all of ess_workspace_size. The board's (the compact layout, es_compact) needs its
 * fixed part and room for two frames: its arena (the frames' stack and the tables of a context with
 * spells or clues) takes whatever the workspace has past the fixed part, ess_workspace_size's being
 * what a solve within the limits is expected to need (a solve that needs more stops with
 * ES_ENOMEM). */
size_t ess_workspace_least(const es_card *card, const es_limits *limits);

/* The estimate of a solve within these limits (the formulas of ess_workspace_size). */
int ess_estimate(const es_card *card, const es_limits *limits, es_estimate *out);

/* Set up a solver in ws (16-byte aligned, at least ess_workspace_least bytes: ess_workspace_size's
 * for the host's layout). Copies the card. */
int ess_init(void *ws, size_t size, const es_card *card, const es_limits *limits);

/* The value vector over task-set states of a context (Solver.values); out has room for nout values. */
int ess_values(void *ws, const es_ctx *ctx, uint64_t *out, int32_t nout);

/* The best value after a roll (Solver.roll_values): gfaces are green counts by representative
 * face of the card's green classes, yf and rf the yellow and red die's representative face (a face
 * of one of that colour's classes; -1 exactly when the context has no such die). */
int ess_roll_values(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf,
                    uint64_t *out, int32_t nout);

/* E[value with one clue fewer] when the dice not kept are rerolled (Solver.keep_value): gfaces the
 * kept green dice, yf/rf the kept yellow/red face or -1 when that die is rerolled (or absent). */
int ess_keep_value(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t unrolled_green,
                   int32_t yf, int32_t rf, uint64_t *out, int32_t nout);

/* keep_value for every kept part of one whole roll of ctx (gfaces the roll's green dice by class
 * face, yf/rf its yellow and red faces): the kept green counts by class as an odometer, class 0
 * turning fastest (count 0..the roll's), then the yellow kept (1) or rerolled (0) when ctx has it,
 * then the red likewise; entry i at out + i * nstates (the kept whole roll too: its own row). *count
 * is the number of entries (at most 576); ES_EFULL when nout is short of count * nstates. */
int ess_keep_all(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf, uint64_t *out,
                 int32_t nout, int32_t *count);

/* The work counter: (context, roll) pairs evaluated so far; and contexts solved. */
int ess_stats(const void *ws, uint64_t *pairs, uint64_t *contexts);

/* Report progress to fn(user, ...) about every `every` pairs (fn NULL: no reports). */
int ess_set_progress(void *ws, es_progress_fn fn, void *user, uint64_t every);

/* The memo out of a workspace and into another of the same card (host/eldersign/tablestore.py keeps
 * it between processes). The memo numbers its entries in the order they were stored (0, 1, ...;
 * ess_memo_used: how many so far). Export: the contexts stored at number `first` or later (0: all),
 * their packed keys ascending into keys, a check word of each entry into checks, and their value
 * vectors (nstates each, in the same order) into vals, when they fit cap entries (else ES_EFULL);
 * *count is their number either way. Import: stores each entry inside the workspace's limits that
 * is not stored yet (*added counts them), after verifying its check word; ES_EARG for a key, value
 * or check that cannot be this card's (a damaged input: entries stored before it stay, each verified),
 * ES_ENOMEM when the memo is full (entries stored so far stay). */
int ess_memo_export(void *ws, uint64_t first, uint64_t *keys, uint64_t *checks, uint64_t *vals, uint64_t cap,
                    uint64_t *count);
int ess_memo_import(void *ws, const uint64_t *keys, const uint64_t *checks, const uint64_t *vals, uint64_t count,
                    uint64_t *added);
int ess_memo_used(const void *ws, uint64_t *used);

/* The stored value of context ctx at one state, without solving anything: 1 with *value set when
 * the memo has the context, 0 when it has not (or ctx is outside the workspace's limits), or an
 * error. Reads only: the board's advice looks values up on its per-step path. */
int ess_memo_value(const void *ws, const es_ctx *ctx, int32_t state, uint64_t *value);

/* Set the work limit (budget NULL or limit 0: none) and read the work counters. */
int ess_set_budget(void *ws, const es_budget *budget);
int ess_work(const void *ws, es_work *out);

#endif
