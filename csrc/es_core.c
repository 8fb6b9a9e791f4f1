/*
 * es_core.c -- prefix es_: the C core's version, the flags it was built with, and error texts.
 * ES_BUILD_FLAGS is defined by the build (host/backend/_core_build.py) as a string literal.
 * es_portable128 says which 128-bit arithmetic the solver was built with (es_u128.h), es_compact
 * which memory layout (es_solve.c: the host's, or the board's compact one, ES_COMPACT).
 */
#include "eldersign.h"
#include "es_u128.h"

#ifndef ES_BUILD_FLAGS
#define ES_BUILD_FLAGS "unknown"
#endif

const char *es_version(void)
{
    return "1.0.0";
}

const char *es_build_flags(void)
{
    return ES_BUILD_FLAGS;
}

int es_portable128(void)
{
    return ES_U128_PORTABLE;
}

int es_compact(void)
{
#ifdef ES_COMPACT
    return 1;
#else
    return 0;
#endif
}

const char *es_strerror(int code)
{
    switch (code) {
    case ES_OK: return "ok";
    case ES_EARG: return "bad argument";
    case ES_ECARD: return "inconsistent card description";
    case ES_ECTX: return "context or roll outside the workspace limits";
    case ES_EWS: return "workspace too small, misaligned or not initialised";
    case ES_ENOMEM: return "workspace exhausted during the solve";
    case ES_ENOTSUP: return "not supported by the C core (reserved, no longer returned)";
    case ES_EFULL: return "output buffer too small";
    case ES_EINTR: return "stopped by the progress callback";
    case ES_ELIMIT: return "stopped at the work limit";
    default: return "unknown error";
    }
}
