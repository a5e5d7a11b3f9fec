"""Wave and ThreadGroup matrices on the cooperative-matrix core: scope instances, uniformity, ownership, MulAdd.

0035's Wave scope is the cooperative-matrix core's Subgroup scope and ThreadGroup its Workgroup scope: a
matrix value is one matrix per scope instance of the chunk (`ScopedMatrix`, like `coopmat.CoopMatrix`).
Operations must be reached in control flow "at least as uniform as the matrix scope" and their operands
are uniform in it: a partly active instance or a differing operand is undefined behaviour (strict mode
reports it; permissive mode runs the instances with an active thread and takes the first active thread's
operand). The profile's `linalg_matrix` section picks the element ownership and the MulAdd model; they
are handed to the core as cooperative-matrix settings (`core_profile`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from dxlinalg.coopmat.matrix_type import CoopMatType, Scope
from dxlinalg.coopmat.matrix_type import MatrixUse as CoopUse
from dxlinalg.coopmat.ownership import OwnershipMap, ownership_map
from dxlinalg.coopmat.scope import ScopeInstances, scope_instances
from dxlinalg.dxil.linalg_matrix.types import MatrixScope, MatrixType, MatrixUse
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.profile.model import DeviceProfile

UNIFORM_RULE = "0035 Matrix Scope: operations must be called in control flow at least as uniform as the matrix scope"
_CORE_SCOPES = {MatrixScope.Wave: Scope.Subgroup, MatrixScope.ThreadGroup: Scope.Workgroup}
_CORE_USES = {MatrixUse.A: CoopUse.MatrixAKHR, MatrixUse.B: CoopUse.MatrixBKHR,
              MatrixUse.Accumulator: CoopUse.MatrixAccumulatorKHR}


@dataclass
class ScopedMatrix:
    """A Wave or ThreadGroup matrix: values[instance, row, col] for every scope instance of the chunk."""

    type: MatrixType
    values: np.ndarray
    instances: ScopeInstances

    def __post_init__(self) -> None:
        expected = (self.instances.count, self.type.m, self.type.n)
        if self.values.shape != expected or self.values.dtype != self.type.dtype:
            raise InvalidArgumentError(f"{self.type}: values {self.values.dtype} {self.values.shape}, expected "
                                       f"{self.type.dtype} {expected}")


def core_type(matrix: MatrixType, use: MatrixUse | None = None) -> CoopMatType:
    """The cooperative-matrix core's type of a Wave/ThreadGroup matrix (optionally under another use)."""
    return CoopMatType(matrix.dtype, _CORE_SCOPES[matrix.scope], matrix.m, matrix.n,
                       _CORE_USES[matrix.use if use is None else use])


def instances_of(ctx: ExecutionContext, matrix: MatrixType, op: str) -> ScopeInstances:
    return scope_instances(ctx, _CORE_SCOPES[matrix.scope], op)


def executing_instances(ctx: ExecutionContext, instances: ScopeInstances, op: str) -> np.ndarray:
    """(instances,) bool: instances with an active thread; strict mode reports one only partly active."""
    active = np.bincount(instances.instance_of_lane, weights=ctx.active, minlength=instances.count)
    partial = (active > 0) & (active < instances.size)
    if partial.any() and ctx.strict:
        i = int(np.flatnonzero(partial)[0])
        raise UndefinedBehaviorError(
            f"{op}: {int(active[i])} of the {instances.size} threads of {instances.scope.name} instance {i} "
            f"execute it ({UNIFORM_RULE}; a non-uniform call is undefined behaviour)")
    return active > 0


def uniform_operand(ctx: ExecutionContext, value: object, instances: ScopeInstances, operand: str,
                    op: str, *, first_active: bool = False) -> np.ndarray:
    """(instances, ...) each instance's value of a scalar or per-lane operand.

    `first_active` (Splat): the first active thread's value, as `WaveReadLaneFirst` (0035: Splat). Otherwise
    the operand must be uniform in the instance: strict mode reports a difference among active threads."""
    array = np.asarray(value)
    if array.ndim == 0:
        return np.broadcast_to(array, (instances.count,)).copy()
    if array.shape[0] != ctx.lanes:
        raise InvalidArgumentError(f"{op}: '{operand}' has shape {array.shape}; give a scalar or one value per "
                                   f"thread ({ctx.lanes}, ...)")
    active = ctx.active
    lanes = np.arange(ctx.lanes)
    key = np.where(active, lanes, ctx.lanes + lanes)                     # active threads first, in lane order
    first = np.full(instances.count, ctx.lanes * 2, np.int64)
    np.minimum.at(first, instances.instance_of_lane, key)
    first = np.where(first >= ctx.lanes, first - ctx.lanes, first)
    chosen = array[first]
    if not first_active:
        bits = np.ascontiguousarray(array).view(np.uint8).reshape(ctx.lanes, -1)
        differs = active & np.any(bits != bits[first][instances.instance_of_lane], axis=1)
        if differs.any() and ctx.strict:
            lane = int(np.flatnonzero(differs)[0])
            raise UndefinedBehaviorError(
                f"{op}: '{operand}' differs between the threads of {instances.scope.name} instance "
                f"{int(instances.instance_of_lane[lane])} ({UNIFORM_RULE}: the operands are uniform in the scope)")
    return chosen


# -- the profile's choices, as the core's settings ---------------------------------------------------------------
_CORE_PROFILES: dict[int, tuple[DeviceProfile, DeviceProfile]] = {}
_LOCK = threading.Lock()


def core_profile(profile: DeviceProfile) -> DeviceProfile:
    """`profile` with its cooperative-matrix settings replaced by the `linalg_matrix` choices (ownership,
    MulAdd model) and no Vulkan property lists (which answer Vulkan's queries, not D3D12's)."""
    with _LOCK:
        cached = _CORE_PROFILES.get(id(profile))
        if cached is not None and cached[0] is profile:
            return cached[1]
    settings = profile.linalg_matrix
    ownership = "scrambled" if settings.ownership == "scrambled_shared" else settings.ownership
    coopmat = profile.coopmat.model_copy(update={
        "ownership": ownership, "ownership_seed": settings.ownership_seed,
        "muladd_sum": settings.muladd_sum, "muladd_k_step_bits": settings.muladd_k_step_bits,
        "muladd_properties": [], "flexible_properties": [], "unlisted_muladd": "run"})
    derived = profile.model_copy(update={"coopmat": coopmat})
    with _LOCK:
        _CORE_PROFILES[id(profile)] = (profile, derived)
    return derived


@dataclass(frozen=True)
class ThreadElements:
    """Which elements each thread of a scope instance holds, index by index (0035: Length, GetCoordinate).

    `element[invocation, index]` is the row-major element number, -1 past the thread's Length; a thread's
    Length is the number of elements it holds, so it differs where the map pads or replicates."""

    element: np.ndarray      # (scope size, slots) int64
    length: np.ndarray       # (scope size,) int64


def thread_elements(profile: DeviceProfile, matrix: MatrixType, scope_size: int) -> ThreadElements:
    """The profile's map for `matrix` (an Accumulator is held as an A or B matrix by accumulator_layout)."""
    use = matrix.use
    if use == MatrixUse.Accumulator and profile.linalg_matrix.accumulator_layout == "B":
        use = MatrixUse.B
    owners: OwnershipMap = ownership_map(core_type(matrix, use), scope_size, core_profile(profile).coopmat)
    slots = owners.element_of_slot
    if profile.linalg_matrix.ownership == "scrambled_shared":
        slots = np.concatenate([slots, shared_copies(slots)], axis=1)
    valid = slots >= 0
    order = np.argsort(~valid, axis=1, kind="stable")                   # each thread's held slots first
    element = np.take_along_axis(slots, order, axis=1)
    return ThreadElements(element, valid.sum(axis=1).astype(np.int64))


def shared_copies(element_of_slot: np.ndarray) -> np.ndarray:
    """(scope size, 1): each thread's extra slot under scrambled_shared, the next thread's first held element
    (-1 where that thread holds none), so those elements have two holders (0035: an element may belong to
    several threads)."""
    held = element_of_slot >= 0
    first = np.where(held.any(axis=1), element_of_slot[np.arange(element_of_slot.shape[0]), held.argmax(axis=1)], -1)
    return np.roll(first, -1)[:, None]
