/*
 * escore.c -- the MicroPython module `escore`: the C core's solver (csrc/, the host's own source
 * files) for the board. Built into the firmwares as a user C module (micropython.mk,
 * micropython.cmake), or as a dynamic native module (Makefile: py/dynruntime.mk and mpy_ld.py),
 * from the same file; micropython/README.md says which the board uses and why.
 *
 * The module allocates nothing for a solve: the caller (kernel/eldersign/nativesolver.py) passes
 * the workspace as a bytearray from the MicroPython heap, sized by escore.size (the core's own
 * formulas), and an array('Q') for the answers. Every call checks its buffers' lengths; the core
 * checks the rest (its return codes come back as they are: 0 ok, negative an ES_E* of eldersign.h).
 *
 * A long solve runs in slices: with `every` > 0, a call stops (ES_EINTR) once `every` more
 * (context, roll) pairs are done and at least one new context is stored (or a state of a context
 * with spells or clues kept) since the call began, so that the caller can draw its progress, let B
 * cancel, and call again; the memo keeps every context finished and the core the places of the
 * open ones (es_solve.c, sl_successors and sl_solve), so each call gets further.
 * No Python code runs inside the core: the garbage collector never sees its stack.
 *
 * The card arrives packed (nativesolver.pack_card): 67 int32 (ntasks, nstates, empty state,
 * terror, nclasses[3], class_face[3][8], class_weight[3][8], nallowed[6], nfacesets[6]), then the
 * allowed pairs (6 x 64 x 2 bytes), then the face sets (8 counts each). A context is 14 bytes
 * (green, yellow, red, focus, spells, clues, held counts by face); limits 9 int32 (es_limits).
 */
#include "py/runtime.h"
#if MICROPY_ENABLE_DYNRUNTIME
#include "py/dynruntime.h"
#endif
#include "eldersign.h"

#define CARD_INTS 67
#define CARD_FIXED (CARD_INTS * 4 + ES_MAX_TASKS * ES_MAX_STATES * 2)
#define CTX_BYTES 14

#if MICROPY_ENABLE_DYNRUNTIME
/* the core's string.h calls, through the firmware's own */
void *memcpy(void *dst, const void *src, size_t n)
{
    return mp_fun_table.memmove_(dst, src, n);
}

void *memmove(void *dst, const void *src, size_t n)
{
    return mp_fun_table.memmove_(dst, src, n);
}

void *memset(void *s, int c, size_t n)
{
    return mp_fun_table.memset_(s, c, n);
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}
#endif

static int32_t rd32(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/* The es_card of a packed card (its face sets point into the caller's bytes); 0 if malformed. */
static int read_card(mp_obj_t obj, es_card *card)
{
    mp_buffer_info_t b;
    const uint8_t *p;
    int c, j, t, k, total = 0;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_READ);
    p = (const uint8_t *)b.buf;
    if (b.len < CARD_FIXED)
        return 0;
    card->ntasks = rd32(p);
    card->nstates = rd32(p + 4);
    card->empty_state = rd32(p + 8);
    card->terror = rd32(p + 12);
    p += 16;
    for (c = 0; c < 3; c++, p += 4)
        card->nclasses[c] = rd32(p);
    for (c = 0; c < 3; c++)
        for (j = 0; j < ES_NFACES; j++, p += 4)
            card->class_face[c][j] = rd32(p);
    for (c = 0; c < 3; c++)
        for (j = 0; j < ES_NFACES; j++, p += 4)
            card->class_weight[c][j] = rd32(p);
    for (t = 0; t < ES_MAX_TASKS; t++, p += 4)
        card->nallowed[t] = rd32(p);
    for (t = 0; t < ES_MAX_TASKS; t++, p += 4) {
        card->nfacesets[t] = rd32(p);
        if (card->nfacesets[t] < 0 || card->nfacesets[t] > ES_MAX_FACESETS)
            return 0;
        total += card->nfacesets[t];
    }
    for (t = 0; t < ES_MAX_TASKS; t++)
        for (k = 0; k < ES_MAX_STATES; k++, p += 2) {
            card->allowed[t][k][0] = p[0];
            card->allowed[t][k][1] = p[1];
        }
    if (b.len != (size_t)CARD_FIXED + (size_t)total * ES_NFACES)
        return 0;
    card->facesets = p;
    return 1;
}

static int read_limits(mp_obj_t obj, es_limits *lim)
{
    mp_buffer_info_t b;
    const uint8_t *p;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_READ);
    if (b.len != 9 * 4)
        return 0;
    p = (const uint8_t *)b.buf;
    lim->green = rd32(p);
    lim->yellow = rd32(p + 4);
    lim->red = rd32(p + 8);
    lim->focus = rd32(p + 12);
    lim->spells = rd32(p + 16);
    lim->clues = rd32(p + 20);
    lim->held = rd32(p + 24);
    lim->reach = rd32(p + 28);
    lim->scale = rd32(p + 32);
    return 1;
}

/* The workspace: the bytearray's first 16-byte boundary (the heap does not move it, so the same
 * place every call), and its bytes from there. */
static void *workspace(mp_obj_t obj, size_t *size)
{
    mp_buffer_info_t b;
    uintptr_t at, pad;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_WRITE);
    at = (uintptr_t)b.buf;
    pad = (16 - (at & 15u)) & 15u;
    *size = b.len > pad ? b.len - pad : 0;
    return (void *)(at + pad);
}

static int read_ctx(mp_obj_t obj, es_ctx *x)
{
    mp_buffer_info_t b;
    const uint8_t *p;
    int j;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_READ);
    if (b.len != CTX_BYTES)
        return 0;
    p = (const uint8_t *)b.buf;
    x->green = p[0];
    x->yellow = p[1];
    x->red = p[2];
    x->focus = p[3];
    x->spells = p[4];
    x->clues = p[5];
    for (j = 0; j < ES_NFACES; j++)
        x->held[j] = p[6 + j];
    return 1;
}

/* 8 green counts by face */
static const uint8_t *read_faces(mp_obj_t obj)
{
    mp_buffer_info_t b;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_READ);
    return b.len == ES_NFACES ? (const uint8_t *)b.buf : 0;
}

static uint64_t *read_out(mp_obj_t obj, int32_t *nout)
{
    mp_buffer_info_t b;
    mp_get_buffer_raise(obj, &b, MP_BUFFER_WRITE);
    if (((uintptr_t)b.buf & 7u) || b.len > 0x7FFFFFF8u)
        return 0;
    *nout = (int32_t)(b.len / 8);
    return (uint64_t *)b.buf;
}

/* Slices (see the top): stop once, past the slice's pairs, something is kept that the next call
 * need not do again: a context stored, or a state of a context with spells or clues (es_work's
 * saved: the core resumes after it). */
typedef struct {
    void *ws;
    uint64_t kept0;
} slice_state;

static uint64_t kept(void *ws)
{
    es_work wk;
    return ess_work(ws, &wk) == ES_OK ? wk.contexts + wk.saved : 0;
}

static int slice_progress(void *user, uint64_t contexts, uint64_t pairs)
{
    slice_state *st = (slice_state *)user;
    (void)contexts, (void)pairs;
    return kept(st->ws) > st->kept0;
}

static int start_slice(void *ws, mp_obj_t every_obj, slice_state *st)
{
    uint64_t pairs, contexts;
    mp_int_t every = mp_obj_get_int(every_obj);
    int rc = ess_stats(ws, &pairs, &contexts);
    if (rc != ES_OK)
        return rc;
    st->ws = ws;
    st->kept0 = kept(ws);
    return ess_set_progress(ws, every > 0 ? slice_progress : 0, st, every > 0 ? (uint64_t)every : 1);
}

#define RC(x) mp_obj_new_int(x)

/* size(card, limits) -> workspace bytes (0: the card or limits are invalid, or too large) */
static mp_obj_t escore_size(mp_obj_t card_obj, mp_obj_t lim_obj)
{
    es_card card;
    es_limits lim;
    if (!read_card(card_obj, &card) || !read_limits(lim_obj, &lim))
        return RC(0);
    return mp_obj_new_int_from_uint((mp_uint_t)ess_workspace_size(&card, &lim));
}
static MP_DEFINE_CONST_FUN_OBJ_2(escore_size_obj, escore_size);

/* least(card, limits) -> the smallest workspace init takes (the compact layout's arena takes what
 * the workspace has past it; size is what a solve within the limits is expected to need) */
static mp_obj_t escore_least(mp_obj_t card_obj, mp_obj_t lim_obj)
{
    es_card card;
    es_limits lim;
    if (!read_card(card_obj, &card) || !read_limits(lim_obj, &lim))
        return RC(0);
    return mp_obj_new_int_from_uint((mp_uint_t)ess_workspace_least(&card, &lim));
}
static MP_DEFINE_CONST_FUN_OBJ_2(escore_least_obj, escore_least);

/* init(ws, card, limits) -> rc */
static mp_obj_t escore_init(mp_obj_t ws_obj, mp_obj_t card_obj, mp_obj_t lim_obj)
{
    es_card card;
    es_limits lim;
    size_t size;
    void *ws = workspace(ws_obj, &size);
    if (!read_card(card_obj, &card) || !read_limits(lim_obj, &lim))
        return RC(ES_EARG);
    return RC(ess_init(ws, size, &card, &lim));
}
static MP_DEFINE_CONST_FUN_OBJ_3(escore_init_obj, escore_init);

/* values(ws, ctx, out, every) -> rc */
static mp_obj_t escore_values(size_t n_args, const mp_obj_t *args)
{
    es_ctx x;
    size_t size;
    int32_t nout;
    slice_state st;
    void *ws = workspace(args[0], &size);
    uint64_t *out = read_out(args[2], &nout);
    int rc;
    (void)n_args;
    if (!read_ctx(args[1], &x) || !out)
        return RC(ES_EARG);
    if ((rc = start_slice(ws, args[3], &st)) != ES_OK)
        return RC(rc);
    return RC(ess_values(ws, &x, out, nout));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_values_obj, 4, 4, escore_values);

/* roll_values(ws, ctx, gfaces, yf, rf, out, every) -> rc */
static mp_obj_t escore_roll_values(size_t n_args, const mp_obj_t *args)
{
    es_ctx x;
    size_t size;
    int32_t nout;
    slice_state st;
    void *ws = workspace(args[0], &size);
    const uint8_t *gf = read_faces(args[2]);
    uint64_t *out = read_out(args[5], &nout);
    int rc;
    (void)n_args;
    if (!read_ctx(args[1], &x) || !gf || !out)
        return RC(ES_EARG);
    if ((rc = start_slice(ws, args[6], &st)) != ES_OK)
        return RC(rc);
    return RC(ess_roll_values(ws, &x, gf, mp_obj_get_int(args[3]), mp_obj_get_int(args[4]), out, nout));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_roll_values_obj, 7, 7, escore_roll_values);

/* keep_value(ws, ctx, gfaces, unrolled_green, yf, rf, out, every) -> rc */
static mp_obj_t escore_keep_value(size_t n_args, const mp_obj_t *args)
{
    es_ctx x;
    size_t size;
    int32_t nout;
    slice_state st;
    void *ws = workspace(args[0], &size);
    const uint8_t *gf = read_faces(args[2]);
    uint64_t *out = read_out(args[6], &nout);
    int rc;
    (void)n_args;
    if (!read_ctx(args[1], &x) || !gf || !out)
        return RC(ES_EARG);
    if ((rc = start_slice(ws, args[7], &st)) != ES_OK)
        return RC(rc);
    return RC(ess_keep_value(ws, &x, gf, mp_obj_get_int(args[3]), mp_obj_get_int(args[4]),
                             mp_obj_get_int(args[5]), out, nout));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_keep_value_obj, 8, 8, escore_keep_value);

/* keep_all(ws, ctx, gfaces, yf, rf, out, every) -> entries (>= 0) or rc (< 0) */
static mp_obj_t escore_keep_all(size_t n_args, const mp_obj_t *args)
{
    es_ctx x;
    size_t size;
    int32_t nout, count = 0;
    slice_state st;
    void *ws = workspace(args[0], &size);
    const uint8_t *gf = read_faces(args[2]);
    uint64_t *out = read_out(args[5], &nout);
    int rc;
    (void)n_args;
    if (!read_ctx(args[1], &x) || !gf || !out)
        return RC(ES_EARG);
    if ((rc = start_slice(ws, args[6], &st)) != ES_OK)
        return RC(rc);
    rc = ess_keep_all(ws, &x, gf, mp_obj_get_int(args[3]), mp_obj_get_int(args[4]), out, nout, &count);
    return RC(rc == ES_OK ? count : rc);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_keep_all_obj, 7, 7, escore_keep_all);

/* work(ws, out) -> rc: out (4 words) = pairs, contexts, frames, sweeps since init */
static mp_obj_t escore_work(mp_obj_t ws_obj, mp_obj_t out_obj)
{
    size_t size;
    int32_t nout;
    es_work wk;
    void *ws = workspace(ws_obj, &size);
    uint64_t *out = read_out(out_obj, &nout);
    int rc;
    if (!out || nout < 4)
        return RC(ES_EARG);
    if ((rc = ess_work(ws, &wk)) != ES_OK)
        return RC(rc);
    out[0] = wk.pairs;
    out[1] = wk.contexts;
    out[2] = wk.frames;
    out[3] = wk.sweeps;
    return RC(ES_OK);
}
static MP_DEFINE_CONST_FUN_OBJ_2(escore_work_obj, escore_work);

/* memo_value(ws, key, state, out) -> 1 with out[0], out[1] the value's 24-bit halves, or 0 (not
 * stored; out untouched), or rc < 0. key: the context as a small int (oddstable.context_key: green,
 * yellow, red, focus, spells, clues in bits 0-14, the held dice's representative faces from bit 15
 * as base-9 digits face + 1); out: an array('i') of 2. Allocates nothing: the board's advice calls
 * it on its per-step path (nativesolver.NativeSolvedCard). */
static mp_obj_t escore_memo_value(size_t n_args, const mp_obj_t *args)
{
    size_t size;
    void *ws = workspace(args[0], &size);
    mp_int_t key = mp_obj_get_int(args[1]), code;
    mp_buffer_info_t b;
    es_ctx x;
    uint64_t value;
    int rc, j;
    (void)n_args;
    mp_get_buffer_raise(args[3], &b, MP_BUFFER_WRITE);
    if (b.len < 8 || ((uintptr_t)b.buf & 3u) || key < 0)
        return RC(ES_EARG);
    x.green = (int32_t)(key & 15);
    x.yellow = (int32_t)(key >> 4 & 1);
    x.red = (int32_t)(key >> 5 & 1);
    x.focus = (int32_t)(key >> 6 & 7);
    x.spells = (int32_t)(key >> 9 & 7);
    x.clues = (int32_t)(key >> 12 & 7);
    for (j = 0; j < ES_NFACES; j++)
        x.held[j] = 0;
    for (code = key >> 15; code > 0; code /= 9) {
        mp_int_t face = code % 9 - 1;
        if (face < 0 || face >= ES_NFACES || x.held[face] >= ES_MAX_HELD)
            return RC(0);
        x.held[face]++;
    }
    rc = ess_memo_value(ws, &x, (int32_t)mp_obj_get_int(args[2]), &value);
    if (rc == 1) {
        ((int32_t *)b.buf)[0] = (int32_t)(value >> 24);
        ((int32_t *)b.buf)[1] = (int32_t)(value & 0xFFFFFFu);
    }
    return RC(rc);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_memo_value_obj, 4, 4, escore_memo_value);

/* portable() -> 1 when the 128-bit sums are made from 32-bit halves (es_u128.h) */
static mp_obj_t escore_portable(void)
{
    return RC(es_portable128());
}
static MP_DEFINE_CONST_FUN_OBJ_0(escore_portable_obj, escore_portable);

#if !MICROPY_ENABLE_DYNRUNTIME && MICROPY_STACK_CHECK
/* The C stack's deepest use, measured by painting (tools/stackdepth.py bounds it from the compiler's
 * figures; tests/test_board_native.py measures it on the firmware). stack_paint([depth]) fills
 * the stack from its floor (the top less the port's stack size, or less depth bytes) to a little
 * below its own frame with a pattern, and returns the bytes in use at the call; stack_peak([depth])
 * returns the most bytes in use since: from the top to the deepest byte no longer the pattern. */
#define STACK_PAINT 0xA5u

static unsigned char *stack_floor(void)
{
    return (unsigned char *)MP_STATE_THREAD(stack_top) -
           (MP_STATE_THREAD(stack_limit) + MICROPY_STACK_CHECK_MARGIN);
}

static mp_obj_t escore_stack_paint(size_t n_args, const mp_obj_t *args)
{
    volatile unsigned char here = 0;
    volatile unsigned char *p = stack_floor();
    if (n_args)     /* deeper than the port's stack size: only where the RAM below has the room */
        p = (unsigned char *)MP_STATE_THREAD(stack_top) - mp_obj_get_int(args[0]);
    /* this frame's callees stay above end (an address, not a pointer into `here`) */
    uintptr_t end = (uintptr_t)&here - 128;
    for (; (uintptr_t)p < end; p++)
        *p = STACK_PAINT;
    return mp_obj_new_int((int)((char *)MP_STATE_THREAD(stack_top) - (char *)&here));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_stack_paint_obj, 0, 1, escore_stack_paint);

static mp_obj_t escore_stack_peak(size_t n_args, const mp_obj_t *args)
{
    const volatile unsigned char *p = stack_floor();
    if (n_args)
        p = (const unsigned char *)MP_STATE_THREAD(stack_top) - mp_obj_get_int(args[0]);
    const unsigned char *top = (const unsigned char *)MP_STATE_THREAD(stack_top);
    while (p < top && *p == STACK_PAINT)
        p++;
    return mp_obj_new_int((int)(top - (const unsigned char *)p));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(escore_stack_peak_obj, 0, 1, escore_stack_peak);
#endif

#if MICROPY_ENABLE_DYNRUNTIME

mp_obj_t mpy_init(mp_obj_fun_bc_t *self, size_t n_args, size_t n_kw, mp_obj_t *args)
{
    MP_DYNRUNTIME_INIT_ENTRY
    mp_store_global(MP_QSTR_size, MP_OBJ_FROM_PTR(&escore_size_obj));
    mp_store_global(MP_QSTR_least, MP_OBJ_FROM_PTR(&escore_least_obj));
    mp_store_global(MP_QSTR_init, MP_OBJ_FROM_PTR(&escore_init_obj));
    mp_store_global(MP_QSTR_values, MP_OBJ_FROM_PTR(&escore_values_obj));
    mp_store_global(MP_QSTR_roll_values, MP_OBJ_FROM_PTR(&escore_roll_values_obj));
    mp_store_global(MP_QSTR_keep_value, MP_OBJ_FROM_PTR(&escore_keep_value_obj));
    mp_store_global(MP_QSTR_keep_all, MP_OBJ_FROM_PTR(&escore_keep_all_obj));
    mp_store_global(MP_QSTR_work, MP_OBJ_FROM_PTR(&escore_work_obj));
    mp_store_global(MP_QSTR_memo_value, MP_OBJ_FROM_PTR(&escore_memo_value_obj));
    mp_store_global(MP_QSTR_portable, MP_OBJ_FROM_PTR(&escore_portable_obj));
    MP_DYNRUNTIME_INIT_EXIT
}

#else

static const mp_rom_map_elem_t escore_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_escore) },
    { MP_ROM_QSTR(MP_QSTR_size), MP_ROM_PTR(&escore_size_obj) },
    { MP_ROM_QSTR(MP_QSTR_least), MP_ROM_PTR(&escore_least_obj) },
    { MP_ROM_QSTR(MP_QSTR_init), MP_ROM_PTR(&escore_init_obj) },
    { MP_ROM_QSTR(MP_QSTR_values), MP_ROM_PTR(&escore_values_obj) },
    { MP_ROM_QSTR(MP_QSTR_roll_values), MP_ROM_PTR(&escore_roll_values_obj) },
    { MP_ROM_QSTR(MP_QSTR_keep_value), MP_ROM_PTR(&escore_keep_value_obj) },
    { MP_ROM_QSTR(MP_QSTR_keep_all), MP_ROM_PTR(&escore_keep_all_obj) },
    { MP_ROM_QSTR(MP_QSTR_work), MP_ROM_PTR(&escore_work_obj) },
    { MP_ROM_QSTR(MP_QSTR_memo_value), MP_ROM_PTR(&escore_memo_value_obj) },
    { MP_ROM_QSTR(MP_QSTR_portable), MP_ROM_PTR(&escore_portable_obj) },
#if MICROPY_STACK_CHECK
    { MP_ROM_QSTR(MP_QSTR_stack_paint), MP_ROM_PTR(&escore_stack_paint_obj) },
    { MP_ROM_QSTR(MP_QSTR_stack_peak), MP_ROM_PTR(&escore_stack_peak_obj) },
#endif
};
static MP_DEFINE_CONST_DICT(escore_globals, escore_globals_table);

const mp_obj_module_t escore_user_cmodule = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&escore_globals,
};

MP_REGISTER_MODULE(MP_QSTR_escore, escore_user_cmodule);

#endif
