"""A slow, literal oracle of Reduce, PerElementOp, ConvertNV and TransposeNV: plain loops, one element at a time.

It follows the spec sentences, not the engine's grouping: for every result element it lists the
source elements the sentence names (in row-major order), and folds them one call at a time with a
scalar combine in the order the profile field's documentation defines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

ROW, COLUMN, ROW_AND_COLUMN, TWO_BY_TWO = 0x1, 0x2, 0x3, 0x4


def group_positions(mask: int, r: int, c: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The source (row, col) elements result element (r, c) combines, in row-major order."""
    if mask == ROW:            # every element of result row r is the combination of row r
        return [(r, j) for j in range(cols)]
    if mask == COLUMN:         # every element of result column c is the combination of column c
        return [(i, c) for i in range(rows)]
    if mask == ROW_AND_COLUMN:  # every element is the combination of the whole matrix
        return [(i, j) for i in range(rows) for j in range(cols)]
    assert mask == TWO_BY_TWO   # (2r, 2c), (2r+1, 2c), (2r, 2c+1), (2r+1, 2c+1), listed row-major
    return [(2 * r, 2 * c), (2 * r, 2 * c + 1), (2 * r + 1, 2 * c), (2 * r + 1, 2 * c + 1)]


def fold_in_order(items: Sequence[object], combine: Callable[[object, object], object], order: str,
                  permutation: Sequence[int] | None = None) -> object:
    """One group's reduction, one combine call at a time."""
    if order == "pairwise":
        level = list(items)
        while len(level) > 1:
            next_level = []
            for i in range(0, len(level) - 1, 2):
                next_level.append(combine(level[i], level[i + 1]))
            if len(level) % 2:
                next_level.append(level[-1])
            level = next_level
        return level[0]
    if order == "reversed":
        sequence = list(reversed(items))
    elif order == "seeded_shuffle":
        assert permutation is not None
        sequence = [items[p] for p in permutation]
    else:
        sequence = list(items)
    accumulator = sequence[0]
    for item in sequence[1:]:
        accumulator = combine(accumulator, item)
    return accumulator


def reduce_oracle(values: list, mask: int, result_shape: tuple[int, int], combine: Callable[[object, object], object],
                  order: str, permutations: Callable[[int, int, int], Sequence[int]] | None = None) -> list:
    """values[instance][row][col] -> result[instance][r][c] as nested lists.

    `permutations(instance, r, c)` gives the seeded_shuffle order of the group result (r, c) reads.
    """
    out = []
    for instance, matrix in enumerate(values):
        rows, cols = len(matrix), len(matrix[0])
        result = []
        for r in range(result_shape[0]):
            result_row = []
            for c in range(result_shape[1]):
                items = [matrix[i][j] for i, j in group_positions(mask, r, c, rows, cols)]
                permutation = permutations(instance, r, c) if permutations else None
                result_row.append(fold_in_order(items, combine, order, permutation))
            result.append(result_row)
        out.append(result)
    return out


def per_element_oracle(values: list, func: Callable[..., object], extras: Sequence[object],
                       is_matrix: Sequence[bool]) -> list:
    """result[i][r][c] = func(r, c, values[i][r][c], extra elements at (r, c) or the extra operand itself)."""
    out = []
    for instance, matrix in enumerate(values):
        result = []
        for r, row in enumerate(matrix):
            result_row = []
            for c, value in enumerate(row):
                arguments = [extra[instance][r][c] if matrix_operand else extra
                             for extra, matrix_operand in zip(extras, is_matrix, strict=True)]
                result_row.append(func(r, c, value, *arguments))
            result.append(result_row)
        out.append(result)
    return out


def transpose_oracle(values: list) -> list:
    """result[i][c][r] = values[i][r][c]."""
    out = []
    for matrix in values:
        rows, cols = len(matrix), len(matrix[0])
        out.append([[matrix[r][c] for r in range(rows)] for c in range(cols)])
    return out
