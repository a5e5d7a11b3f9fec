"""C1: tensor-addressed cooperative-matrix loads and stores of many tiles, against numpy gathers of the same elements.

Ours is `dxlinalg.coopmat.load_tensor` / `store_tensor` as a tiled kernel uses them: one tensor layout
sliced at every tile origin (same shape, span and view, other offsets), all of it per call: the
operand checks, the seed's addressing pseudocode for every element (clamping the ragged edge tiles),
the bounds checks and the gather or scatter. The baseline is numpy indexing the same elements with
index arrays it already holds (`flat[index]`, `flat[index] = values`), the least any gather can
cost. The goal is for 256 x 256 tiles; a 16 x 16 tile is ~30 us of fixed per-call work (operand
checks, a few dozen small numpy calls) against numpy's ~0.3 us gather, so its row reports the ratio
without meeting it. The absolute time per tile is in the notes (the aim: under 1 ms for a 16 x 16
tile, under 3 ms for 256 x 256). Timed interleaved, best of N each.

    python -m benchmarks --only C1 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.coopmat import (
    ClampMode,
    TensorLayout,
    TensorView,
    createTensorLayoutNV,
    createTensorViewNV,
    load_tensor,
    setTensorLayoutDimensionNV,
    sliceTensorLayoutNV,
    store_tensor,
    tensor_element_addresses,
)

WORKLOAD = "C1"
TITLE = "coopmat LoadTensor/StoreTensor over many tiles vs numpy fancy-index gathers of the same elements"
GOAL = "<= 10x"

ROWS, COLS = 1000, 1000          # ragged: tiles of 16 and 256 hang over the last edge
REPEATS = {False: 5, True: 2}
TILES = {False: 64, True: 4}     # tiles per timed call, spread over the tensor


def _origins(tile: int, count: int) -> list[tuple[int, int]]:
    grid = [(r, c) for r in range(0, ROWS, tile) for c in range(0, COLS, tile)]
    step = max(len(grid) // count, 1)
    return grid[::step][:count]


def _case(name: str, tile: int, count: int, layout: TensorLayout, view: TensorView | None, store: bool,
          memory: np.ndarray, flat: np.ndarray, repeats: int) -> dict[str, object]:
    origins = _origins(tile, count)
    layouts = [sliceTensorLayoutNV(layout, r, tile, c, tile) for r, c in origins]
    addresses = [tensor_element_addresses((tile, tile), t, view, store=store) for t in layouts]
    indices = [a.index[a.accessed] for a in addresses]
    values = np.ones((tile, tile), flat.dtype)

    def ours() -> None:
        for t in layouts:
            if store:
                store_tensor(memory, values, t, view=view)
            else:
                load_tensor(memory, (tile, tile), t, flat.dtype, view=view)

    def numpy_gather() -> None:
        for index in indices:
            if store:
                flat[index] = values.flat[:index.size]
            else:
                flat[index]

    seconds = baseline = float("inf")
    for _ in range(repeats):
        seconds = min(seconds, best_time(ours, 1))
        baseline = min(baseline, best_time(numpy_gather, 1))
    return {"name": name, "seconds": seconds, "baseline_seconds": baseline, "ratio": seconds / baseline,
            "tiles": len(layouts), "tile": tile,
            "notes": f"{1e3 * seconds / len(layouts):.3f} ms per {tile}x{tile} tile "
                     f"({'store' if store else 'load'}), {len(layouts)} tiles; best of {repeats} interleaved"}


def run(quick: bool) -> list[dict[str, object]]:
    count, repeats = TILES[quick], REPEATS[quick]
    flat = np.random.default_rng(1).standard_normal(ROWS * COLS).astype(np.float16)
    memory = flat.view(np.uint8)
    clamped = setTensorLayoutDimensionNV(createTensorLayoutNV(2, ClampMode.Constant), ROWS, COLS)
    transposed = createTensorViewNV(2, False, 1, 0)
    rows = [_case("16x16 fp16 loads, Constant clamp", 16, count, clamped, None, False, memory, flat, repeats),
            _case("256x256 fp16 loads, Constant clamp", 256, count // 4 or 1, clamped, None, False, memory, flat,
                  repeats),
            _case("256x256 fp16 loads through a transposing view", 256, count // 4 or 1, clamped, transposed, False,
                  memory, flat, repeats),
            _case("256x256 fp16 stores, out of bounds discarded", 256, count // 4 or 1, clamped, None, True, memory,
                  flat, repeats)]
    return rows
