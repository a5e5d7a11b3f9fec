"""OpCooperativeMatrixPerElementOpNV: a user function applied to every element of a matrix.

SPV_NV_cooperative_matrix2: Func(row, col, element, extra...) is called for each element, with the
row and column as 32-bit integers; extra cooperative-matrix operands must have the type of 'Matrix'
(revision 2) and give their element at (row, col), any other extra operand is passed as it is.
The return value is the result's element. "The calls are considered unordered against each other,
and calls may occur more than once": the profile's `coopmat.per_element_calls` says how
(docs/coopmat-reduce.md), so an impure function that relies on order or count is caught.

Func is called vectorised, like a numpy ufunc: one call gets the elements of every instance at
once as 1-D arrays (row, col, value and each matrix operand's element), in the order of the
profile's choice, and returns one value per entry.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable

import numpy as np

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType
from dxlinalg.coopmat.operand_rules import COOPMAT2, require_call_index, require_matrix
from dxlinalg.coopmat.ownership import WARP, ownership_map
from dxlinalg.coopmat.tangled import (
    UserFunction,
    calling_user_function,
    require_not_in_callback,
    user_function_values,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings

OP = "OpCooperativeMatrixPerElementOpNV"
OPCODE = 5369
WORD_COUNT = 5          # at least: opcode, Result Type, Result, Matrix, Func; one more word per extra operand
CAPABILITY = 5432       # CooperativeMatrixPerElementOperationsNV

FUNC_RESULT_RULE = "Func's return type must match the component type of 'Matrix'"
REPEATED_FRACTION = 4   # shuffled_repeated calls one element in REPEATED_FRACTION (rounded up) twice

#: func(row, col, value, *extra) -> values, elementwise over 1-D arrays (row and col are uint32).
ElementFunc = Callable[..., np.ndarray]


def check_extra_operand_type(matrix_type: CoopMatType, extra_type: CoopMatType, position: int,
                             op: str = OP) -> None:
    """An extra cooperative-matrix operand has exactly the type of 'Matrix' (revision 2)."""
    if extra_type != matrix_type:
        raise InvalidArgumentError(
            f"{op}: extra operand {position} is {extra_type}, 'Matrix' is {matrix_type}; additional cooperative "
            f"matrix operands must have the same type as 'Matrix' ({COOPMAT2} revision 2: "
            f"OpCooperativeMatrixPerElementOpNV)")


def holder_order(matrix_type: CoopMatType, instances: int, scope_size: int,
                 settings: CooperativeMatrixSettings) -> np.ndarray:
    """once_per_holder: the element numbers of every (invocation, index) slot that holds one, per
    instance, element index by element index and invocations ascending (an element held by several
    invocations comes once per holder)."""
    slots = ownership_map(matrix_type, scope_size, settings).element_of_slot.T.reshape(-1)
    held = slots[slots >= 0]
    return (np.arange(instances)[:, None] * (matrix_type.rows * matrix_type.cols) + held[None, :]).reshape(-1)


def call_order(count: int, settings: CooperativeMatrixSettings, call_index: int) -> np.ndarray:
    """The element numbers (instance-major, then row-major) Func gets, in the order it gets them.

    once_in_order: each element once, in order. shuffled_repeated: each element once plus
    ceil(count / REPEATED_FRACTION) distinct elements a second time, all in one seeded shuffle drawn
    from `per_element_seed` and `call_index`; the later call's value is the one kept.
    (once_per_holder needs the matrix type and scope: `holder_order`.)
    """
    if settings.per_element_calls in ("once_in_order", "once_per_holder") or count == 0:
        return np.arange(count)
    rng = np.random.default_rng([settings.per_element_seed, call_index])
    repeated = rng.choice(count, size=-(-count // REPEATED_FRACTION), replace=False)
    return rng.permutation(np.concatenate([np.arange(count), repeated]))


def per_element_op(matrix: CoopMatrix, func: ElementFunc, *extra: object, settings: CooperativeMatrixSettings,
                   call_index: int = 0, scope_size: int | None = None) -> CoopMatrix:
    """OpCooperativeMatrixPerElementOpNV: the matrix of func(row, col, element, extra...) per element.

    `extra` operands that are CoopMatrix values must have `matrix`'s type and pass their element;
    others (scalars, arrays standing for structs) are passed unchanged to the call. The result has
    `matrix`'s type; `call_index` numbers this surface's calls, seeding shuffled_repeated;
    `scope_size` (invocations per instance; None: one subgroup of 32) places once_per_holder's calls.
    """
    require_not_in_callback(OP)
    matrix = require_matrix(matrix, "Matrix", OP)
    if not callable(func):
        raise InvalidArgumentError(f"{OP}: Func {func!r} must be callable ({COOPMAT2}: Func must be an OpFunction)")
    if not isinstance(settings, CooperativeMatrixSettings):
        raise InvalidArgumentError(f"{OP}: settings must be a CooperativeMatrixSettings (a profile's coopmat), got "
                                   f"{type(settings).__name__}")
    call_index = require_call_index(call_index, OP)
    if scope_size is not None and (isinstance(scope_size, bool) or not isinstance(scope_size, numbers.Integral)
                                   or scope_size < 1):
        raise InvalidArgumentError(f"{OP}: scope_size {scope_size!r} must be a positive integer (invocations per "
                                   f"scope instance)")
    for position, operand in enumerate(extra):
        if isinstance(operand, CoopMatrix):
            check_extra_operand_type(matrix.type, operand.type, position)
            if operand.instances != matrix.instances:
                raise InvalidArgumentError(
                    f"{OP}: extra operand {position} holds {operand.instances} matrix instances and 'Matrix' "
                    f"{matrix.instances}; both must hold one matrix per scope instance of the same execution")

    instances, rows, cols = matrix.values.shape
    count = instances * rows * cols
    if settings.per_element_calls == "once_per_holder":
        order = holder_order(matrix.type, instances, WARP if scope_size is None else int(scope_size), settings)
    else:
        order = call_order(count, settings, call_index)
    row = ((order // cols) % rows).astype(np.uint32)
    col = (order % cols).astype(np.uint32)
    arguments = [operand.values.reshape(-1)[order] if isinstance(operand, CoopMatrix) else operand
                 for operand in extra]
    with calling_user_function(UserFunction.Func, OP):
        returned = func(row, col, matrix.values.reshape(-1)[order], *arguments)
    values = user_function_values(returned, order.shape, matrix.type.component, UserFunction.Func, OP,
                                  FUNC_RESULT_RULE)
    last_call = np.zeros(count, np.int64)
    np.maximum.at(last_call, order, np.arange(order.size))
    return CoopMatrix(matrix.type, values[last_call].reshape(instances, rows, cols))
