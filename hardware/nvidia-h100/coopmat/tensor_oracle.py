"""The seeds' tensor-addressing pseudocode for the probe's 16 x 16 matrices, literally, element by
element (the comparison the tensor runs are held to; slow and plain on purpose).

For a load it gives, per element, ('src', index relative to the base), ('clamp',) or ('object',)
(clipped: the matrix keeps its previous value); for a store, per element, ('dst', index) or
('discard',). 'undefined' marks what the spec leaves undefined (an Undefined-mode access out of
bounds, MirrorRepeat with a dimension of 1).
"""

from __future__ import annotations

ROWS = COLS = 16
U32 = 0xFFFFFFFF


def clamp_coordinate(c: int, dim: int, mode: str, store: bool):
    """One dimension's coordinate after the clamp mode; None: Constant (clamp value / discard)."""
    if 0 <= c < dim:
        return c
    if store and mode != "undefined":
        return None
    if mode == "undefined":
        return "undefined"
    if mode == "constant":
        return None
    if mode == "edge":
        return min(max(c, 0), dim - 1)
    if mode == "repeat":
        return c % dim
    period = 2 * dim - 2                                     # mirror
    if period == 0:
        return "undefined"
    c = c % period
    return period - c if c >= dim else c


def element(case: dict, row: int, col: int):
    """What (row, col) of the matrix reads or writes under the case's layout and view."""
    rank, store = case["rank"], case["store"]
    dims = list(case["dims"][:rank])
    offsets = list(case["offsets"][:rank])
    spans = list(case["spans"][:rank])
    if case.get("second_offsets"):
        offsets = [o + s for o, s in zip(offsets, case["second_offsets"][:rank])]
    strides = [1] * rank
    for d in range(rank - 2, -1, -1):
        strides[d] = strides[d + 1] * dims[d + 1]
    clip = case.get("clip")
    if clip is not None:
        row_offset, row_span, col_offset, col_span = clip
        if not row_offset <= row < (row_offset + row_span) & U32 or \
                not col_offset <= col < (col_offset + col_span) & U32:     # uint32 sums, as the seeds write them
            return ("discard",) if store else ("object",)
        row, col = row - row_offset, col - col_offset
        width = min(COLS, col_span)
        index = row * width + col
        # a default view: dims are the layout's spans, strides dense over them
        coords = []
        for d in range(rank - 1, -1, -1):
            coords.append(index % spans[d])
            index //= spans[d]
        coords.reverse()
        view_strides = [1] * rank
        for d in range(rank - 2, -1, -1):
            view_strides[d] = view_strides[d + 1] * spans[d + 1]
        index = sum(c * s for c, s in zip(coords, view_strides))
    else:
        index = row * COLS + col
    span_coords = []
    for d in range(rank - 1, -1, -1):
        span_coords.append(index % spans[d])
        index //= spans[d]
    span_coords.reverse()
    address = 0
    for d in range(rank):
        c = clamp_coordinate(span_coords[d] + offsets[d], dims[d], case["clamp"], store)
        if c == "undefined":
            return ("undefined",)
        if c is None:
            return ("discard",) if store else ("clamp",)
        address += c * strides[d]
    return ("dst", address) if store else ("src", address)


def expected(case: dict) -> list[list[tuple]]:
    return [[element(case, r, c) for c in range(COLS)] for r in range(ROWS)]
