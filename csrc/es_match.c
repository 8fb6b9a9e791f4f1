/*
 * es_match.c -- prefix esm_: the minimal ways to complete a task from a roll plus held dice.
 *
 * A task is compiled (by the kernel, matching.minimal_face_sets) into its minimal completable face
 * multisets. A way draws one such multiset from the dice's six sources (green, yellow and red dice
 * of the roll, and held dice of each colour). esm_ways lists the ways exactly as
 * matching.ways_for_task does: face sets in the given order, faces in increasing order, and for
 * each face every split among the sources with the first source's count increasing first.
 *
 * Ways are enumerated only into the caller's buffer: when they all fit, their number is the count;
 * when the buffer fills, enumeration stops and the count comes from a formula instead (the ways of
 * a face set are the product over its faces of the splits of that face's need among the six
 * sources, summed over the face sets in 64 bits that saturate). At the documented limits (every
 * count 10) a face set can have more than 2^31 ways; the counts reported saturate at INT32_MAX.
 */
#include "eldersign.h"

#define COUNT_SAT ((uint64_t)1 << 62)

typedef struct {
    uint8_t face[ES_NFACES];
    uint8_t need[ES_NFACES];
    int nf;
    const uint8_t *roll;
    const uint8_t *held;
    uint8_t ru[24];
    uint8_t hu[24];
    uint8_t *out;
    int32_t max_ways;
    int32_t n;
    int cut;                     /* a way did not fit the buffer: count by formula */
} way_walk;

static void combine(way_walk *w, int i);

/* Split the need of face i among sources src..5 (roll g, y, r, held g, y, r); `left` still to place. */
static void split_face(way_walk *w, int i, int src, int left)
{
    int f = w->face[i];
    int cap = src < 3 ? w->roll[src * ES_NFACES + f] : w->held[(src - 3) * ES_NFACES + f];
    uint8_t *slot = src < 3 ? &w->ru[src * ES_NFACES + f] : &w->hu[(src - 3) * ES_NFACES + f];
    int k, top;
    if (src == 5) {
        if (left <= cap) {
            *slot = (uint8_t)left;
            combine(w, i + 1);
            *slot = 0;
        }
        return;
    }
    top = cap < left ? cap : left;
    for (k = 0; k <= top; k++) {
        *slot = (uint8_t)k;
        split_face(w, i, src + 1, left - k);
    }
    *slot = 0;
}

/* Write ways until the buffer is full (then every caller returns at once). */
static void combine(way_walk *w, int i)
{
    int k;
    if (w->n >= w->max_ways) {
        w->cut = 1;
        return;
    }
    if (i < w->nf) {
        int f = w->face[i];
        /* a face only green dice of the roll show: one split */
        if (!w->roll[ES_NFACES + f] && !w->roll[2 * ES_NFACES + f] && !w->held[f] &&
            !w->held[ES_NFACES + f] && !w->held[2 * ES_NFACES + f]) {
            w->ru[f] = w->need[i];
            combine(w, i + 1);
            w->ru[f] = 0;
            return;
        }
    }
    if (i == w->nf) {
        uint8_t *o = w->out + (size_t)w->n * 48;
        for (k = 0; k < 24; k++) {
            o[k] = w->ru[k];
            o[24 + k] = w->hu[k];
        }
        w->n++;
        return;
    }
    split_face(w, i, 0, w->need[i]);
}

/* The number of ways to draw `need` dice from six sources with caps cap[0..5] (each cap <= 20). */
static uint64_t split_count(int need, const int *cap)
{
    uint64_t c[6 * 20 + 1], d[6 * 20 + 1];
    int s, k, j, top = 0;
    for (k = 0; k <= need; k++)
        c[k] = k == 0;
    for (s = 0; s < 6; s++) {
        top += cap[s];
        for (k = 0; k <= need; k++) {
            uint64_t sum = 0;
            for (j = 0; j <= cap[s] && j <= k; j++)
                sum += c[k - j];
            d[k] = sum;
        }
        for (k = 0; k <= need; k++)
            c[k] = d[k];
    }
    return need <= top ? c[need] : 0;
}

static uint64_t sat_mul64(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    return a > COUNT_SAT / b ? COUNT_SAT : a * b;
}

static int check_facesets(const uint8_t *facesets, int32_t nfacesets)
{
    int32_t s;
    if (!facesets || nfacesets < 0 || nfacesets > ES_MAX_FACESETS)
        return ES_EARG;
    for (s = 0; s < nfacesets * ES_NFACES; s++)
        if (facesets[s] > 10)
            return ES_EARG;
    return ES_OK;
}

/* esm_ways for face sets already checked: enumerate what fits, count exactly (by the ways written
 * when they all fitted, else by the formula). */
static int ways_one(const uint8_t *facesets, int32_t nfacesets, const uint8_t *roll, const uint8_t *held,
                    uint8_t *out, int32_t max_ways, int32_t *nways)
{
    way_walk w;
    int avail[ES_NFACES];
    int32_t s;
    int f, c;
    uint64_t total = 0;
    for (f = 0; f < ES_NFACES; f++)
        avail[f] = 0;
    for (c = 0; c < 24; c++) {
        if (roll[c] > 10 || held[c] > 10)
            return ES_EARG;
        avail[c % ES_NFACES] += roll[c] + held[c];
    }
    w.roll = roll;
    w.held = held;
    w.out = out;
    w.max_ways = max_ways;
    w.n = 0;
    w.cut = 0;
    for (c = 0; c < 24; c++) {
        w.ru[c] = 0;
        w.hu[c] = 0;
    }
    for (s = 0; s < nfacesets; s++) {
        const uint8_t *fs = facesets + (size_t)s * ES_NFACES;
        int ok = 1;
        w.nf = 0;
        for (f = 0; f < ES_NFACES && ok; f++) {
            if (!fs[f])
                continue;
            ok = avail[f] >= fs[f];
            w.face[w.nf] = (uint8_t)f;
            w.need[w.nf] = fs[f];
            w.nf++;
        }
        if (ok)
            combine(&w, 0);
    }
    if (!w.cut) {
        total = (uint64_t)w.n;
    } else {
        for (s = 0; s < nfacesets; s++) {
            const uint8_t *fs = facesets + (size_t)s * ES_NFACES;
            uint64_t ways = 1;
            for (f = 0; f < ES_NFACES && ways; f++) {
                int cap[6];
                if (!fs[f])
                    continue;
                if (avail[f] < fs[f]) {
                    ways = 0;
                    break;
                }
                for (c = 0; c < 3; c++) {
                    cap[c] = roll[c * ES_NFACES + f];
                    cap[3 + c] = held[c * ES_NFACES + f];
                }
                ways = sat_mul64(ways, split_count(fs[f], cap));
            }
            total = total + ways > COUNT_SAT ? COUNT_SAT : total + ways;
        }
    }
    *nways = total > (uint64_t)INT32_MAX ? INT32_MAX : (int32_t)total;
    return total > (uint64_t)max_ways ? ES_EFULL : ES_OK;
}

int esm_ways(const uint8_t *facesets, int32_t nfacesets, const uint8_t *roll, const uint8_t *held,
             uint8_t *out, int32_t max_ways, int32_t *nways)
{
    int rc;
    if (!roll || !held || !nways || max_ways < 0 || (max_ways > 0 && !out))
        return ES_EARG;
    if ((rc = check_facesets(facesets, nfacesets)) != ES_OK)
        return rc;
    return ways_one(facesets, nfacesets, roll, held, out, max_ways, nways);
}

int esm_count_completable(const uint8_t *facesets, int32_t nfacesets, const uint8_t *avail,
                          int32_t *count)
{
    const uint64_t H = 0x8080808080808080ULL;
    uint64_t a = 0;
    int32_t s, n = 0;
    int f;
    if (!facesets || !avail || !count || nfacesets < 0 || nfacesets > ES_MAX_FACESETS)
        return ES_EARG;
    for (f = 0; f < ES_NFACES; f++) {
        if (avail[f] > 100)
            return ES_EARG;
        a |= (uint64_t)avail[f] << (8 * f);
    }
    for (s = 0; s < nfacesets; s++) {
        uint64_t v = 0;
        for (f = 0; f < ES_NFACES; f++) {
            if (facesets[(size_t)s * ES_NFACES + f] > 100)
                return ES_EARG;
            v |= (uint64_t)facesets[(size_t)s * ES_NFACES + f] << (8 * f);
        }
        if ((((a | H) - v) & H) == H)
            n++;
    }
    *count = n;
    return ES_OK;
}

int esm_ways_batch(const uint8_t *facesets, int32_t nfacesets, const uint8_t *rolls,
                   const uint8_t *helds, int32_t n, int32_t *counts, uint8_t *out, int32_t max_ways)
{
    int32_t i;
    int rc;
    if (!rolls || !helds || !counts || n < 0 || max_ways < 0 || (max_ways > 0 && !out))
        return ES_EARG;
    if ((rc = check_facesets(facesets, nfacesets)) != ES_OK)
        return rc;
    for (i = 0; i < n; i++) {
        rc = ways_one(facesets, nfacesets, rolls + (size_t)i * 24, helds + (size_t)i * 24, out, max_ways,
                      &counts[i]);
        if (rc != ES_OK && rc != ES_EFULL)
            return rc;
    }
    return ES_OK;
}
