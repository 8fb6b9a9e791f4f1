"""The row tables of a question in progress (tables.py's slices and sweeps), cut from the heap once.

A table is one 8-byte value per green roll of the largest pool the solver's green tables cover
(a "row table"), or per green key of the smaller sizes (a "low table"). The solver holds the pool
(Solver.rowpool) while a question with spells or clues is answered; the DAG that made it lets go
of it when it is done, and Solver.values / forget drop what is left.
"""

from array import array


class RowPool:
    """Row tables for the question in progress: handed out to the slices and sweeps of every
    context's DAG and taken back when they are done with, so that each is cut from the heap once.

    Why: every task-set state of every context needs the same few tables again. Made afresh, each
    needs a contiguous block, and on the board's heap the memo's small vectors, stored as the solve
    goes, leave the free memory in holes between them: Lights Out at 6 green + yellow + red with a
    clue failed on a 3.7 KB table with 61 KB free. Pooled, the tables are cut while the heap is
    still in one piece, and are the same blocks for the rest of the question. One size serves every
    pool size: a table of g green dice is the first rows of one made for the largest pool the
    green tables cover, so a smaller context reuses the larger one's tables.

    take() / low(): a row table (one value per green roll of the largest size) / a low table (one
    value per green key of the smaller sizes), contents undefined: the taker writes every entry it
    reads. give() / give_low() hand one back; a table must not be used after it is given back."""

    def __init__(self, gr):
        self.gr = gr
        top = gr.top
        self.nrows = gr.goff[top + 1] - gr.goff[top]
        self.nlow = gr.goff[top]
        self._rows = []
        self._low = []

    def take(self):
        if self._rows:
            return self._rows.pop()
        return array("q", bytes(8 * self.nrows))

    def zeros(self, n):
        """A row table whose first n rows are 0."""
        a = self.take()
        for q in range(n):
            a[q] = 0
        return a

    def give(self, a):
        self._rows.append(a)

    def low(self):
        if self._low:
            return self._low.pop()
        return array("q", bytes(8 * self.nlow))

    def give_low(self, a):
        self._low.append(a)


def open_pool(solver, gr):
    """The solver's row pool for the green tables gr, made if it has none for them; returns
    (pool, True when this call made it: the caller lets go of it when done, close_pool)."""
    pool = solver.rowpool
    if pool is not None and pool.gr is gr:
        return pool, False
    pool = RowPool(gr)
    solver.rowpool = pool
    return pool, True


def close_pool(solver, pool, made):
    if made and solver.rowpool is pool:
        solver.rowpool = None
