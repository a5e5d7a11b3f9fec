"""A float matrix product whose every row is the same bits however many rows are multiplied with it.

A float BLAS product `x @ w` need not sum a row of `x` in the same order for every number of rows: OpenBLAS
multiplies small products (few rows, a narrow `w` such as the 64 x 3 last layer of the inference MLP) with other
kernels than large ones, and their float32 sums round differently (measured: 8,192 x 64 @ 64 x 3 against the same
rows as two halves of 4,096 differ in 20,343 of 24,576 elements). A lane's MatVec result would then depend on how
many lanes share its chunk, so a dispatch's bytes would change with its chunking, and a parallel dispatch
(`dxlinalg.gpu.parallel`, whose ranges cut chunks differently) would differ from the serial run. Multiplying in
blocks of `rows` rows, the last one padded with zeros, makes every call the same shape: each row is summed by
the same kernel in the same order wherever it lies. A dispatch fixes `rows` for all its chunks
(`DispatchState.product_rows`: 8,192, a default chunk's lanes, so such a chunk is one call as before; more calls
would each pay the BLAS threads' start, which on a loaded 2-core machine made W1 4x slower with blocks of 1,024).
"""

from __future__ import annotations

import numpy as np


def row_stable_matmul(x: np.ndarray, w: np.ndarray, rows: int | None,
                      out: np.ndarray | None = None) -> np.ndarray:
    """x @ w for float (n, k) x and (k, m) w, each row computed in a (rows, k) @ (k, m) product (None: one
    product of all n rows, for lanes outside a dispatch)."""
    if rows is None:
        return np.matmul(x, w, out=out)
    n, k = x.shape
    m = w.shape[1]
    dtype = np.result_type(x, w)
    if out is None:
        out = np.empty((n, m), dtype)
    full = n - n % rows
    if full:
        blocks = np.ascontiguousarray(x[:full]).reshape(full // rows, rows, k)
        if out.flags.c_contiguous:
            np.matmul(blocks, w, out=out[:full].reshape(full // rows, rows, m))
        else:
            out[:full] = np.matmul(blocks, w).reshape(full, m)
    if n > full:
        padded = np.zeros((rows, k), dtype)
        padded[: n - full] = x[full:]
        out[full:] = (padded @ w)[: n - full]
    return out
