"""cffi build script (API, out-of-line mode) for `eldritch._core`, the C core in csrc/.

Used by setup.py through `cffi_modules=["host/_core_build.py:ffibuilder"]`, and by `make sanitize`
(`python host/_core_build.py --sanitize DIR` builds an ASan/UBSan copy of the module into DIR).
The cdef is the public API of csrc/eldersign.h; the flags the core is compiled with are recorded in
the binary (es_build_flags()) so that `eldritch info` can print them.
"""

import os
import sys

from cffi import FFI

SOURCES = ["es_core.c", "es_match.c", "es_solve.c"]

CDEF = """
#define ES_NFACES 8
#define ES_MAX_TASKS 6
#define ES_MAX_STATES 64
#define ES_MAX_GREEN 8
#define ES_MAX_USES 4
#define ES_MAX_HELD 12
#define ES_MAX_FACESETS 4096
#define ES_OK 0
#define ES_EARG -1
#define ES_ECARD -2
#define ES_ECTX -3
#define ES_EWS -4
#define ES_ENOMEM -5
#define ES_ENOTSUP -6
#define ES_EFULL -7

typedef struct es_card {
    int32_t ntasks;
    int32_t nstates;
    int32_t empty_state;
    int32_t terror;
    int32_t nclasses[3];
    int32_t class_face[3][8];
    int32_t class_weight[3][8];
    int32_t nallowed[6];
    uint8_t allowed[6][64][2];
    int32_t nfacesets[6];
    const uint8_t *facesets;
} es_card;

typedef struct es_limits {
    int32_t green, yellow, red, focus, spells, clues, held, scale;
} es_limits;

typedef struct es_ctx {
    int32_t green, yellow, red, focus, spells, clues;
    uint8_t held[8];
} es_ctx;

const char *es_version(void);
const char *es_build_flags(void);
const char *es_strerror(int code);

int esm_ways(const uint8_t *facesets, int32_t nfacesets, const uint8_t *roll, const uint8_t *held,
             uint8_t *out, int32_t max_ways, int32_t *nways);
int esm_ways_batch(const uint8_t *facesets, int32_t nfacesets, const uint8_t *rolls,
                   const uint8_t *helds, int32_t n, int32_t *counts);
int esm_count_completable(const uint8_t *facesets, int32_t nfacesets, const uint8_t *avail,
                          int32_t *count);

size_t ess_workspace_size(const es_card *card, const es_limits *limits);
int ess_init(void *ws, size_t size, const es_card *card, const es_limits *limits);
int ess_values(void *ws, const es_ctx *ctx, uint64_t *out, int32_t nout);
int ess_roll_values(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t yf, int32_t rf,
                    uint64_t *out, int32_t nout);
int ess_keep_value(void *ws, const es_ctx *ctx, const uint8_t *gfaces, int32_t unrolled_green,
                   int32_t yf, int32_t rf, uint64_t *out, int32_t nout);
int ess_stats(const void *ws, uint64_t *pairs, uint64_t *contexts);
"""

OPT_FLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra"]
SAN_FLAGS = ["-std=c99", "-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
             "-fno-sanitize-recover=undefined", "-Wall", "-Wextra"]


def make_ffi(module="eldritch._core", flags=OPT_FLAGS, link=(), root=""):
    import sysconfig
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    info = "%s %s" % (cc, " ".join(flags))
    ffi = FFI()
    ffi.cdef(CDEF)
    ffi.set_source(
        module,
        '#include "eldersign.h"\n',
        # relative to the project root for setuptools; absolute for the sanitizer build
        sources=[os.path.join(root, "csrc", s) for s in SOURCES],
        include_dirs=[os.path.join(root, "csrc")],
        extra_compile_args=list(flags),
        extra_link_args=list(link),
        define_macros=[("ES_BUILD_FLAGS", '"%s"' % info)],
    )
    return ffi


ffibuilder = make_ffi()


def build_sanitized(target_dir):
    """Compile an ASan/UBSan copy of the module as `eldritch_san._core` under target_dir."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ffi = make_ffi("_core", SAN_FLAGS, ["-fsanitize=address,undefined"], root)
    os.makedirs(target_dir, exist_ok=True)
    return ffi.compile(tmpdir=target_dir, verbose=False)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--sanitize":
        print(build_sanitized(sys.argv[2]))
    else:
        ffibuilder.compile(tmpdir="build/core", verbose=True)   # never into the source tree
