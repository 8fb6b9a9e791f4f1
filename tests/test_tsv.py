"""kernel/tsv.py reads lines in small chunks (the Pico's heap cannot always give 4 KB at once): the lines
and the line-length limit must be exactly those of a plain split, whatever the lengths around the chunk
and limit boundaries."""

import pytest
from hypothesis import given, settings, strategies as st

from eldritch.kernel import tsv
from eldritch.kernel.errors import KernelError

LENGTHS = st.sampled_from([0, 1, 5, tsv.CHUNK - 2, tsv.CHUNK - 1, tsv.CHUNK, tsv.CHUNK + 1, 2 * tsv.CHUNK,
                           tsv.MAX_LINE - 1, tsv.MAX_LINE, tsv.MAX_LINE + 1, tsv.MAX_LINE + tsv.CHUNK])


def oracle(data):
    """What reading `data` must give: the lines, or the number of the first line over the limit."""
    out = []
    pieces = data.split(b"\n")
    if pieces and pieces[-1] == b"":
        pieces.pop()
    for number, piece in enumerate(pieces, 1):
        if len(piece) > tsv.MAX_LINE:
            return ("too long", number, out)
        out.append((number, piece.decode("ascii").rstrip("\r")))
    return ("ok", None, out)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(LENGTHS, st.sampled_from(["\n", "\r\n"])), max_size=6), st.booleans())
def test_lines_match_a_plain_split(tmp_path_factory, shape, final_newline):
    body = b"".join(bytes([97 + i % 26]) * n + end.encode() for i, (n, end) in enumerate(shape))
    if not final_newline and body.endswith(b"\n"):
        body = body[:-1].rstrip(b"\r")
    path = tmp_path_factory.mktemp("tsv") / "f.tsv"
    path.write_bytes(body)
    status, bad, expected = oracle(body)
    got = []
    if status == "ok":
        got = list(tsv.lines(str(path), "cards"))
        assert got == expected
    else:
        with pytest.raises(KernelError, match="line %d: longer than" % bad):
            for item in tsv.lines(str(path), "cards"):
                got.append(item)
        assert got == expected


@given(st.lists(st.sampled_from(["a", "kernel", "game", "x.py", ".."]), min_size=1, max_size=5),
       st.sampled_from(["/", "\\"]), st.booleans())
def test_folder_of_is_the_path_without_its_last_part(parts, sep, absolute):
    """folder_of finds the data beside a module from its __file__, whichever separator the runtime
    uses: the path minus its last part and separator (so "" at the root: "" + "/data" is right), or "."
    for a bare name (and ".." above ".")."""
    lead = sep if absolute else ""
    path = lead + sep.join(parts)
    if len(parts) > 1:
        expected = lead + sep.join(parts[:-1])
    else:
        expected = "" if absolute else "."
    assert tsv.folder_of(path) == expected
    assert tsv.folder_of(".") == ".."
