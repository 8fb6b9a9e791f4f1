"""cffi build script (API, out-of-line mode) for `eldritch._core`, the C core in csrc/.

Used by setup.py through `cffi_modules=["host/backend/_core_build.py:ffibuilder"]`, and by `make sanitize`
(`python host/backend/_core_build.py --sanitize DIR` builds an ASan/UBSan copy of the module into DIR).
`--portable DIR` builds the optimised module with the portable 128-bit arithmetic forced
(-DES_PORTABLE128, csrc/es_u128.h: the board's path, where the compiler has no __int128), and
`--sanitize DIR --portable` its ASan/UBSan copy; `--board DIR` the board's build (the compact
layout of es_solve.c, ES_COMPACT, with the portable arithmetic: what micropython/escore/ compiles
into the firmware), `--sanitize DIR --board` its copy; the same tests run against them
(ELDRITCH_CORE_DIR, `make portable`).
The cdef is generated from csrc/eldersign.h at build time (cdef_from_header), so the binding
cannot drift from the header; the flags the core is compiled with are recorded in
the binary (es_build_flags()) so that `eldritch info` can print them.
"""

import os
import sys

from cffi import FFI

SOURCES = ["es_core.c", "es_card.c", "es_match.c", "es_solve.c"]

# the repository root: host/backend/_core_build.py -> ../..
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(REPO, "csrc", "eldersign.h")

# The progress callback the host passes to ess_set_progress (cbackend.py defines it with
# @ffi.def_extern): a Python function C can call, not part of the C header.
CALLBACKS = """
extern "Python" int es_py_progress(void *user, uint64_t contexts, uint64_t pairs);
"""


def cdef_from_header(text):
    """The cffi declarations of csrc/eldersign.h, generated from the header itself (never a hand
    copy that could drift): comments, include guards and includes dropped; integer #defines kept
    (cffi reads `#define NAME 8`) and substituted into array sizes, which cffi cannot evaluate;
    #defines that are not plain integers (ES_ONE) dropped."""
    import re
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    consts = {}
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            m = re.match(r"#define\s+(\w+)\s+\(?\s*(-?\d+)\s*\)?\s*$", stripped)
            if m:
                consts[m.group(1)] = m.group(2)
                out.append("#define %s %s" % (m.group(1), m.group(2)))
            continue
        out.append(line)
    body = "\n".join(out)
    for name, value in consts.items():
        body = re.sub(r"\[\s*%s\s*\]" % name, "[%s]" % value, body)
    return re.sub(r"\n\s*\n+", "\n", body).strip() + "\n"


def read_cdef(path=HEADER):
    with open(path) as f:
        return cdef_from_header(f.read())

OPT_FLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra"]
SAN_FLAGS = ["-std=c99", "-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
             "-fno-sanitize-recover=undefined", "-Wall", "-Wextra"]


def make_ffi(module="eldritch._core", flags=OPT_FLAGS, link=(), root=""):
    import sysconfig
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    info = "%s %s" % (cc, " ".join(flags))
    ffi = FFI()
    ffi.cdef(read_cdef(os.path.join(root, "csrc", "eldersign.h") if root else HEADER) + CALLBACKS)
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


PORTABLE = ["-DES_PORTABLE128"]


def build_sanitized(target_dir, portable=False):
    """Compile an ASan/UBSan copy of the module as `_core` under target_dir (portable
    "--portable": with the portable 128-bit arithmetic forced; "--board": the board's build)."""
    root = REPO
    extra = {False: [], True: PORTABLE, "--portable": PORTABLE, "--board": BOARD}[portable]
    ffi = make_ffi("_core", SAN_FLAGS + extra, ["-fsanitize=address,undefined"], root)
    os.makedirs(target_dir, exist_ok=True)
    return ffi.compile(tmpdir=target_dir, verbose=False)


# The board's build of the core (micropython/escore/): the compact layout (es_solve.c ES_COMPACT)
# and the portable 128-bit arithmetic, as the firmware compiles it
BOARD = ["-DES_COMPACT", "-DES_PORTABLE128"]


def build_portable(target_dir, board=False):
    """Compile the optimised module with the portable 128-bit arithmetic forced, as `_core`
    (board: the board's build, the compact layout too)."""
    root = REPO
    ffi = make_ffi("_core", OPT_FLAGS + (BOARD if board else PORTABLE), (), root)
    os.makedirs(target_dir, exist_ok=True)
    return ffi.compile(tmpdir=target_dir, verbose=False)


USAGE = "usage: _core_build.py [--sanitize DIR [--portable | --board] | --portable DIR | --board DIR]"

if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) in (2, 3) and args[0] == "--sanitize" and args[2:] in ([], ["--portable"], ["--board"]):
        print(build_sanitized(args[1], portable=args[2] if len(args) == 3 else False))
    elif len(args) == 2 and args[0] in ("--portable", "--board"):
        print(build_portable(args[1], board=args[0] == "--board"))
    elif args:
        sys.stderr.write(USAGE + "\n")
        sys.exit(2)
    else:
        ffibuilder.compile(tmpdir="build/core", verbose=True)   # never into the source tree
