"""OpCooperativeMatrixReduceNV: combine the elements of each row, column, 2x2 block or whole matrix.

SPV_NV_cooperative_matrix2 (revision 2): 'Matrix' and 'Result Type' are Accumulator matrices with
the same component type and scope. Row: every element of result row r is the combination of row r
(same number of rows, any number of columns); Column: the same for columns; Row|Column: every
element is the combination of the whole matrix (any result size); 2x2: result (r, c) combines
(2r, 2c), (2r+1, 2c), (2r, 2c+1) and (2r+1, 2c+1) (half the rows and columns). 2x2 does not go
with Row or Column.

The order in which CombineFunc meets the elements is the implementation's: the profile's
`coopmat.reduce_order` (docs/coopmat-reduce.md). The combine function is called vectorised: each call
combines one step of every group at once, so a reduction of k-element groups makes k-1 calls (about
log2 k for `pairwise` and `lane_butterfly`) whatever the number of groups and instances.
`lane_butterfly` (the H100's trees, `reduce_butterfly`) gives each result element its own tree; it
needs the scope's size and falls back to `pairwise` where no measured rule covers the shape.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from enum import IntFlag

import numpy as np

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.coopmat.operand_rules import (
    COOPMAT2,
    check_same,
    check_use,
    require_call_index,
    require_matrix,
    require_result_type,
)
from dxlinalg.coopmat.ownership import WARP
from dxlinalg.coopmat.reduce_butterfly import butterfly_plan, evaluate_plan
from dxlinalg.coopmat.tangled import (
    UserFunction,
    calling_user_function,
    require_not_in_callback,
    user_function_values,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings

OP = "OpCooperativeMatrixReduceNV"
OPCODE = 5366
WORD_COUNT = 6          # opcode, Result Type, Result, Matrix, Reduce, CombineFunc (seed 000 and the registry say 5)
CAPABILITY = 5430       # CooperativeMatrixReductionsNV

REDUCE_ORDERS = ("sequential", "reversed", "pairwise", "seeded_shuffle", "lane_butterfly")   # coopmat.reduce_order
COMBINE_RESULT_RULE = "CombineFunc's result type must match the component type of 'Matrix'"


class ReduceMask(IntFlag):
    """Cooperative Matrix Reduce Mode (SPIR-V calls the 0x4 bit `2x2`)."""

    Row = 0x1
    Column = 0x2
    Reduce2x2 = 0x4


gl_CooperativeMatrixReduceRowNV = 0x1
gl_CooperativeMatrixReduceColumnNV = 0x2
gl_CooperativeMatrixReduceRowAndColumnNV = 0x3
gl_CooperativeMatrixReduce2x2NV = 0x4

#: combine(a, b) -> the combination, elementwise over numpy arrays of the component type (like a ufunc).
CombineFunc = Callable[[np.ndarray, np.ndarray], np.ndarray]


# -- rules ------------------------------------------------------------------------------------------
def check_reduce_mask(mask: object, op: str = OP) -> ReduceMask:
    """Reduce is a mask of Row, Column and 2x2; 2x2 does not go with Row or Column."""
    if isinstance(mask, bool) or not isinstance(mask, numbers.Integral):
        raise InvalidArgumentError(f"{op}: Reduce {mask!r} must be an integer mask (Cooperative Matrix Reduce Mode)")
    number = int(mask)
    valid = int(ReduceMask.Row | ReduceMask.Column | ReduceMask.Reduce2x2)
    if number <= 0 or number & ~valid:
        raise InvalidArgumentError(
            f"{op}: Reduce {number:#x} must combine Row 0x1, Column 0x2 and 2x2 0x4, with at least one set "
            f"({COOPMAT2}: Cooperative Matrix Reduce Mode)")
    reduce = ReduceMask(number)
    if ReduceMask.Reduce2x2 in reduce and reduce & (ReduceMask.Row | ReduceMask.Column):
        raise InvalidArgumentError(
            f"{op}: Reduce {number:#x} combines 2x2 with Row or Column ({COOPMAT2}: it is invalid to combine "
            f"2x2 with Row or Column; Row and Column can be used together)")
    return reduce


def check_reduce_types(matrix_type: CoopMatType, result_type: CoopMatType, op: str = OP) -> None:
    """Both are Accumulator matrices with the same component type and scope."""
    check_use(matrix_type, (MatrixUse.MatrixAccumulatorKHR,), "Matrix", op)
    check_use(result_type, (MatrixUse.MatrixAccumulatorKHR,), "Result Type", op)
    check_same("component", matrix_type, result_type, op)
    check_same("scope", matrix_type, result_type, op)


def check_reduce_result_shape(reduce: ReduceMask, matrix_type: CoopMatType, result_type: CoopMatType,
                              op: str = OP) -> None:
    """2x2: half the rows and columns; Row: the same rows; Column: the same columns; both: any shape."""
    rows, cols = matrix_type.shape
    if reduce == ReduceMask.Reduce2x2:
        if (2 * result_type.rows, 2 * result_type.cols) != (rows, cols):
            raise InvalidArgumentError(
                f"{op}: a 2x2 reduction of a {rows}x{cols} matrix cannot give a {result_type.rows}x"
                f"{result_type.cols} result ({COOPMAT2}: if Reduce includes 2x2, the dimensions of Result Type "
                f"must be half of the dimensions of Matrix)")
    elif reduce == ReduceMask.Row and result_type.rows != rows:
        raise InvalidArgumentError(
            f"{op}: a Row reduction of a {rows}x{cols} matrix needs a result with {rows} rows, not "
            f"{result_type.rows} ({COOPMAT2}: if Reduce equals Row, Result Type must have the same number of rows "
            f"as Matrix)")
    elif reduce == ReduceMask.Column and result_type.cols != cols:
        raise InvalidArgumentError(
            f"{op}: a Column reduction of a {rows}x{cols} matrix needs a result with {cols} columns, not "
            f"{result_type.cols} ({COOPMAT2}: if Reduce equals Column, Result Type must have the same number of "
            f"columns as Matrix)")


# -- the groups ------------------------------------------------------------------------------------
def group_elements(values: np.ndarray, reduce: ReduceMask) -> np.ndarray:
    """(groups, k) copy of `values` (instances, rows, cols): each group's elements in row-major order.

    Groups are instance-major: Row gives instances*rows groups of a row each, Column
    instances*cols groups of a column (top to bottom), Row|Column one group per instance, 2x2
    instances*(rows/2)*(cols/2) groups ordered (2r,2c), (2r,2c+1), (2r+1,2c), (2r+1,2c+1).
    """
    instances, rows, cols = values.shape
    if reduce == ReduceMask.Row:
        grouped = values.reshape(-1, cols)
    elif reduce == ReduceMask.Column:
        grouped = values.transpose(0, 2, 1).reshape(-1, rows)
    elif reduce == ReduceMask.Reduce2x2:
        grouped = values.reshape(instances, rows // 2, 2, cols // 2, 2).transpose(0, 1, 3, 2, 4).reshape(-1, 4)
    else:
        grouped = values.reshape(instances, rows * cols)
    return np.array(grouped, copy=True)


def spread(reduced: np.ndarray, reduce: ReduceMask, instances: int, result_type: CoopMatType) -> np.ndarray:
    """(instances, result rows, result cols): each group's value wherever the result holds it."""
    shape = (instances, result_type.rows, result_type.cols)
    if reduce == ReduceMask.Row:
        placed = reduced.reshape(instances, -1, 1)
    elif reduce == ReduceMask.Column:
        placed = reduced.reshape(instances, 1, -1)
    elif reduce == ReduceMask.Reduce2x2:
        placed = reduced.reshape(shape)
    else:
        placed = reduced.reshape(instances, 1, 1)
    return np.array(np.broadcast_to(placed, shape), copy=True)


# -- the orders ------------------------------------------------------------------------------------
def fold(groups: np.ndarray, combine: Callable[[np.ndarray, np.ndarray], np.ndarray], order: str,
         rng: np.random.Generator | None = None) -> np.ndarray:
    """(groups,) the reduction of each row of `groups` (groups, k), combined in `order`.

    sequential: ((e0 . e1) . e2) ... ; reversed: ((e[k-1] . e[k-2]) . e[k-3]) ... ; pairwise: level by
    level, (e0 . e1), (e2 . e3), ... with an odd last element carried to the next level unchanged;
    seeded_shuffle: sequential over each group's own permutation, drawn from `rng`. `combine` gets
    one step of every group at once.
    """
    if order == "lane_butterfly":
        order = "pairwise"                  # its shape where the measured trees do not apply
    if order not in REDUCE_ORDERS:
        raise InvalidArgumentError(f"reduce order {order!r} is not one of {', '.join(REDUCE_ORDERS)}")
    if order == "seeded_shuffle" and rng is None:
        raise InvalidArgumentError("the seeded_shuffle reduce order needs a random generator (rng)")
    k = groups.shape[1]
    if groups.shape[0] == 0:
        return groups[:, 0]
    if order == "pairwise":
        level = groups
        while level.shape[1] > 1:
            pairs = level.shape[1] // 2
            combined = combine(level[:, 0:2 * pairs:2], level[:, 1:2 * pairs:2])
            level = np.concatenate([combined, level[:, 2 * pairs:]], axis=1)
        return level[:, 0]
    if rng is not None and order == "seeded_shuffle":
        permutation = rng.permuted(np.broadcast_to(np.arange(k), groups.shape), axis=1)
        groups = np.take_along_axis(groups, permutation, axis=1)
    positions = range(k - 1, -1, -1) if order == "reversed" else range(k)
    columns = iter(positions)
    accumulator = groups[:, next(columns)]
    for j in columns:
        accumulator = combine(accumulator, groups[:, j])
    return accumulator


def reduce_matrix(matrix: CoopMatrix, result_type: CoopMatType, mask: int, combine: CombineFunc,
                  settings: CooperativeMatrixSettings, *, call_index: int = 0,
                  scope_size: int | None = None) -> CoopMatrix:
    """OpCooperativeMatrixReduceNV of `matrix` into a `result_type` matrix, per `mask` (ReduceMask).

    `combine(a, b)` must work elementwise on numpy arrays of the component type (any shape), like a
    ufunc, and return the combinations (see `tangled.user_function_values` for other result types).
    `settings.reduce_order` picks the order; `seeded_shuffle` draws a permutation per group from
    `settings.reduce_seed` and `call_index` (a surface numbers its Reduce calls); `lane_butterfly`
    uses `scope_size`, the invocations per instance (None: one subgroup of 32).
    """
    require_not_in_callback(OP)
    matrix = require_matrix(matrix, "Matrix", OP)
    result_type = require_result_type(result_type, OP)
    if not isinstance(settings, CooperativeMatrixSettings):
        raise InvalidArgumentError(f"{OP}: settings must be a CooperativeMatrixSettings (a profile's coopmat), got "
                                   f"{type(settings).__name__}")
    if not callable(combine):
        raise InvalidArgumentError(f"{OP}: CombineFunc {combine!r} must be callable ({COOPMAT2}: CombineFunc must "
                                   f"be an OpFunction)")
    call_index = require_call_index(call_index, OP)
    if scope_size is not None and (isinstance(scope_size, bool) or not isinstance(scope_size, numbers.Integral)
                                   or scope_size < 1):
        raise InvalidArgumentError(f"{OP}: scope_size {scope_size!r} must be a positive integer (invocations per "
                                   f"scope instance)")
    reduce = check_reduce_mask(mask)
    check_reduce_types(matrix.type, result_type)
    check_reduce_result_shape(reduce, matrix.type, result_type)

    component = matrix.type.component

    def combine_step(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        with calling_user_function(UserFunction.CombineFunc, OP):
            values = combine(a, b)
        return user_function_values(values, a.shape, component, UserFunction.CombineFunc, OP, COMBINE_RESULT_RULE)

    if settings.reduce_order == "lane_butterfly":
        plan = butterfly_plan(int(reduce), matrix.type.rows, matrix.type.cols, result_type.rows, result_type.cols,
                              WARP if scope_size is None else int(scope_size))
        if plan is not None:
            values = matrix.values.reshape(matrix.instances, -1)
            return CoopMatrix(result_type, evaluate_plan(values, plan, combine_step))
    rng = (np.random.default_rng([settings.reduce_seed, call_index])
           if settings.reduce_order == "seeded_shuffle" else None)
    reduced = fold(group_elements(matrix.values, reduce), combine_step, settings.reduce_order, rng)
    return CoopMatrix(result_type, spread(reduced, reduce, matrix.instances, result_type))
