"""Tangled instructions and the user functions cooperative-matrix instructions call.

SPV_NV_cooperative_matrix2 revision 2 makes its six new instructions *tangled* (SPIR-V 2.2.5): every
invocation of the matrix's scope instance must execute them together, in uniform control flow of
that scope, and none may appear inside a DecodeFunc, Func or CombineFunc or anything those call.
Revision 1 (seed 000) did not list them. Two checks follow, for every surface to call:
- `check_uniform_control_flow`: given which lanes are active and which scope instance each lane
  belongs to, each instance must be wholly active or wholly inactive (undefined behaviour otherwise,
  reported in strict mode); `dxlinalg.coopmat.scope.require_uniform_scope` does the same from the running SIMT context.
- `require_not_in_callback`: coopmat code calls user functions (DecodeFunc, Func, CombineFunc)
  only inside `calling_user_function`, which marks the call in a context variable; a tangled
  instruction reached from there is rejected, however deep the call.
`user_function_values` is the other rule every user function shares: its result's type.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum

import ml_dtypes
import numpy as np

from dxlinalg.coopmat.matrix_type import Scope
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError

COOPMAT2 = "SPV_NV_cooperative_matrix2"
TANGLED_RULE = f"{COOPMAT2} revision 2: tangled instructions"

TANGLED_INSTRUCTIONS: tuple[str, ...] = (
    "OpCooperativeMatrixLoadTensorNV",
    "OpCooperativeMatrixStoreTensorNV",
    "OpCooperativeMatrixReduceNV",
    "OpCooperativeMatrixConvertNV",
    "OpCooperativeMatrixTransposeNV",
    "OpCooperativeMatrixPerElementOpNV",
)
"""The instructions revision 2 adds to SPIR-V's list of tangled instructions."""


class UserFunction(Enum):
    """The function operands of the coopmat2 instructions, named as the spec names them."""

    DecodeFunc = "DecodeFunc"     # OpCooperativeMatrixLoadTensorNV
    Func = "Func"                 # OpCooperativeMatrixPerElementOpNV
    CombineFunc = "CombineFunc"   # OpCooperativeMatrixReduceNV


_running: ContextVar[tuple[UserFunction, str] | None] = ContextVar("coopmat_user_function", default=None)


@contextmanager
def calling_user_function(function: UserFunction, op: str) -> Iterator[None]:
    """Mark the code inside as running `op`'s `function` operand (nested calls keep the innermost)."""
    token = _running.set((function, op))
    try:
        yield
    finally:
        _running.reset(token)


def running_user_function() -> tuple[UserFunction, str] | None:
    """(function operand, instruction) of the user function running now, or None outside one."""
    return _running.get()


def require_not_in_callback(op: str) -> None:
    """A tangled instruction may not run inside a DecodeFunc, Func or CombineFunc, nor below one."""
    running = _running.get()
    if running is not None:
        function, caller = running
        raise InvalidArgumentError(
            f"{op} is a tangled instruction and was reached inside the {function.value} of {caller}; tangled "
            f"instructions are not allowed in a function used as a DecodeFunc, Func or CombineFunc, nor in any "
            f"function it calls ({COOPMAT2}: validation rules; {TANGLED_RULE})")


# -- uniform control flow ---------------------------------------------------------------------------
def check_uniform_control_flow(active: np.ndarray, instance_of_lane: np.ndarray, op: str, *,
                               scope: Scope | str = "scope", strict: bool = True) -> np.ndarray:
    """(instances,) bool: which scope instances execute `op`.

    `active[lane]` says whether the lane executes the instruction now, `instance_of_lane[lane]` which
    instance of the matrix's scope (a subgroup, a workgroup) it belongs to, numbered from 0; lanes
    that returned count as inactive, since they do not execute it either. An instance with some but
    not all of its lanes active breaks the tangled rule: strict mode reports it; permissive mode lets
    the instance execute (as if all its lanes were there).
    """
    active = np.asarray(active)
    instance_of_lane = np.asarray(instance_of_lane)
    if active.dtype != np.bool_ or active.ndim != 1:
        raise InvalidArgumentError(f"{op}: the active mask must be a 1-D bool array, got {active.dtype} "
                                   f"{active.shape}")
    if (instance_of_lane.dtype.kind not in "iu" or instance_of_lane.shape != active.shape
            or (instance_of_lane.size and instance_of_lane.min() < 0)):
        raise InvalidArgumentError(
            f"{op}: instance_of_lane must give every lane's scope instance as a non-negative integer, one per "
            f"lane of the active mask ({active.shape[0]} lanes); got {instance_of_lane.dtype} "
            f"{instance_of_lane.shape}")
    instances = int(instance_of_lane.max()) + 1 if instance_of_lane.size else 0
    lanes = np.bincount(instance_of_lane, minlength=instances)
    executing = np.bincount(instance_of_lane[active], minlength=instances)
    partial = np.flatnonzero((executing > 0) & (executing < lanes))
    if strict and partial.size:
        instance = int(partial[0])
        name = scope.name if isinstance(scope, Scope) else scope
        raise UndefinedBehaviorError(
            f"{op}: {int(executing[instance])} of the {int(lanes[instance])} invocations of {name} instance "
            f"{instance} execute it; a tangled instruction must be executed in uniform control flow of the "
            f"matrix's scope, by every invocation of the instance or by none ({TANGLED_RULE})")
    return executing > 0


# -- what a user function returns -------------------------------------------------------------------
def _is_float(dtype: np.dtype) -> bool:
    return dtype.kind == "f" or dtype in (np.dtype(ml_dtypes.bfloat16), np.dtype(ml_dtypes.float8_e4m3fn),
                                          np.dtype(ml_dtypes.float8_e5m2))


def user_function_values(values: object, shape: tuple[int, ...], component: np.dtype, function: UserFunction,
                         op: str, rule: str) -> np.ndarray:
    """A user function's result as `shape` values of the matrix's component type.

    Functions are called vectorised, like numpy ufuncs: they get arrays and must return one value per
    element, an array of the arguments' shape. The spec requires their result type to be the
    component type. A result of another type of the same family (float for a float component,
    integer for an integer one) is converted to it with numpy's `astype`, as a shader function
    converting in its return statement would (floats round to nearest even, integers keep their low
    bits); any other result type (bool, float for an integer component, objects) is rejected.
    """
    result = np.asarray(values)
    if result.shape != shape:
        raise InvalidArgumentError(
            f"{op}: the {function.value} returned shape {result.shape} for arguments of shape {shape}; it is "
            f"called with arrays and must work elementwise, like a numpy ufunc, returning one value per element")
    if result.dtype == component:
        return result
    same_family = (_is_float(result.dtype) and _is_float(component)) or (
        result.dtype.kind in "iu" and component.kind in "iu")
    if not same_family:
        raise InvalidArgumentError(
            f"{op}: the {function.value} returned {result.dtype} values; {rule} ({component}; a float or integer "
            f"result of the same family is converted, nothing else is)")
    return result.astype(component)
