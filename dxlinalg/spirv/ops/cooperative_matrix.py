"""SPV_KHR_cooperative_matrix in the executor: operands in, `dxlinalg.coopmat` out, fragments back.

A cooperative-matrix value is each lane's fragment (`coopmat_type`). A whole-matrix instruction
gathers the fragments of every scope instance of the chunk into a `CoopMatrix` through the
profile's ownership map, calls the surface-neutral function (`load_matrix`, `store_matrix`,
`cooperative_matrix_muladd`, the `ARITHMETIC` and `CONVERSIONS` tables) and scatters the result
back. The instructions are tangled: `active_instances` reports (strict mode) a scope instance only
some of whose invocations run them. Nothing here re-implements a rule or an arithmetic.

Arithmetic and conversion opcodes keep their existing handlers for every other type: the
handlers registered before this module are wrapped, and take over only when an operand or the
result is a cooperative matrix.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.coopmat import matrix_memory, muladd
from dxlinalg.coopmat.conversions import CONVERSIONS
from dxlinalg.coopmat.elementwise import ARITHMETIC
from dxlinalg.coopmat.matrix_enums import StorageClass as CoopStorage
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.ownership import (
    OwnershipMap,
    from_fragments,
    ownership_map,
    to_fragments,
)
from dxlinalg.coopmat.scope import (
    ScopeInstances,
    active_instances,
    scope_instances,
    uniform_per_instance,
)
from dxlinalg.errors import DxLinalgError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.spirv.compiler import (
    HANDLERS,
    Compute,
    Factory,
    Frame,
    InstructionContext,
    opcode_of,
    register_opcode,
)
from dxlinalg.spirv.coopmat_type import (
    EXTENSION,
    CooperativeMatrixType,
    is_cooperative_matrix,
    require_declared,
)
from dxlinalg.spirv.enums import Capability
from dxlinalg.spirv.ops import arithmetic as _arithmetic_ops  # noqa: F401  (registered first: wrapped below)
from dxlinalg.spirv.ops import composite as _composite  # noqa: F401
from dxlinalg.spirv.ops import conversion as _conversion_ops  # noqa: F401
from dxlinalg.spirv.ops.cooperative_vector import buffer_range, lanes_of, located
from dxlinalg.spirv.pointers import MemoryPointer
from dxlinalg.spirv.types import FloatType, IntType, PointerType, VectorType

LOAD, STORE, MULADD, LENGTH = 4457, 4458, 4459, 4460
#: Memory operands whose meaning does not change what an emulated access reads or writes.
MEMORY_OPERAND_WORDS = {0x2: 1, 0x8: 1, 0x10: 1}      # Aligned, MakePointerAvailable, MakePointerVisible
MAKE_POINTER_AVAILABLE, MAKE_POINTER_VISIBLE = 0x8, 0x10


# -- fragments <-> whole matrices ---------------------------------------------------------------------
class Scoped:
    """The scope instances of the running chunk for one matrix type, and their ownership map."""

    def __init__(self, ctx: ExecutionContext, spv_type: CooperativeMatrixType, op: str) -> None:
        self.ctx = ctx
        self.type = spv_type
        self.instances: ScopeInstances = scope_instances(ctx, spv_type.matrix.scope, op)
        self.map: OwnershipMap = ownership_map(spv_type.matrix, self.instances.size, ctx.profile.coopmat)
        if self.map.length != spv_type.count:
            raise DxLinalgError(f"{op}: {spv_type.describe()} was specialized for Length {spv_type.count}, but the "
                                f"running profile's scope of {self.instances.size} gives {self.map.length}")

    def gather(self, fragments: np.ndarray) -> CoopMatrix:
        """Every scope instance's matrix from its invocations' fragments (lanes, Length)."""
        lanes = np.broadcast_to(fragments, (self.ctx.lanes, self.type.count))
        shaped = np.ascontiguousarray(lanes).reshape(self.instances.count, self.instances.size, self.type.count)
        return from_fragments(shaped, self.map)

    def scatter(self, matrix: CoopMatrix) -> np.ndarray:
        """(lanes, Length): each invocation's fragment of its instance's matrix."""
        return to_fragments(matrix, self.map).reshape(self.ctx.lanes, self.type.count)

    def active(self, mask: np.ndarray, op: str) -> np.ndarray:
        """(instances,) bool: the instances running the instruction (all their lanes, or strict mode reports)."""
        with lanes_of(self.ctx, mask):
            return active_instances(self.ctx, self.instances, op)

    def uniform(self, mask: np.ndarray, values: object, operand: str, op: str) -> np.ndarray:
        """(instances,) each instance's value of a per-lane operand (a constant has one row for all lanes)."""
        array = np.asarray(values)
        if array.ndim and array.shape[0] == 1:
            return np.broadcast_to(array[0], (self.instances.count, *array.shape[1:]))
        with lanes_of(self.ctx, mask):
            return uniform_per_instance(self.ctx, values, self.instances, operand, op)


def matrix_operand(c: InstructionContext, k: int, what: str) -> CooperativeMatrixType:
    found = c.value_type(k)
    if not isinstance(found, CooperativeMatrixType):
        raise c.fail(f"{what} has type {found!r}; it must be a cooperative matrix ({EXTENSION})")
    return found


def result_matrix(c: InstructionContext) -> CooperativeMatrixType:
    if not isinstance(c.result_type, CooperativeMatrixType):
        raise c.fail(f"Result Type {c.result_type!r} must be a cooperative matrix type ({EXTENSION})")
    return c.result_type


def guarded(c: InstructionContext, compute: Callable[[Frame], Any]) -> Compute:
    """Core errors reported as the executor's, naming the instruction."""
    def run(f: Frame) -> Any:
        try:
            return compute(f)
        except DxLinalgError as error:
            raise located(c, error) from None
    return run


# -- OpCooperativeMatrixLengthKHR ---------------------------------------------------------------------
@register_opcode(LENGTH)
def _length(c: InstructionContext) -> Compute:
    """Length of the Type operand (a type id, not a value): the fragment's size, fixed when specialized."""
    require_declared(c.program.module, Capability.CooperativeMatrixKHR, "OpCooperativeMatrixLengthKHR", c.loc)
    if not isinstance(c.result_type, IntType) or c.result_type.width != 32 or c.result_type.signed:
        raise c.fail(f"Result Type {c.result_type!r} must be a 32-bit unsigned integer ({EXTENSION}: "
                     f"OpCooperativeMatrixLengthKHR)")
    spv_type = c.program.type_by_id(c.arg(0))
    if not isinstance(spv_type, CooperativeMatrixType):
        raise c.fail(f"Type %{c.arg(0)} is {spv_type!r}; it must be a cooperative matrix type ({EXTENSION})")
    value = np.array([spv_type.count], np.uint32)
    return lambda f: value


# -- Load / Store -----------------------------------------------------------------------------------
def _pointer(c: InstructionContext, k: int, op: str) -> tuple[int, np.dtype, int, int]:
    """Pointer operand `k`: its id, its pointee's scalar dtype and component count, and its storage class."""
    spv_type = c.value_type(k)
    pointee = spv_type.pointee if isinstance(spv_type, PointerType) else None
    if not isinstance(pointee, (IntType, FloatType, VectorType)) or isinstance(pointee, CooperativeMatrixType):
        raise c.fail(f"Pointer has type {spv_type!r}; it must point to a scalar or vector of numerical type "
                     f"({EXTENSION}: {op})")
    assert isinstance(spv_type, PointerType)
    if spv_type.storage not in (CoopStorage.StorageBuffer, CoopStorage.PhysicalStorageBuffer, CoopStorage.Workgroup):
        raise c.fail(f"Pointer points into storage class {spv_type.storage}; it must be StorageBuffer, "
                     f"PhysicalStorageBuffer or Workgroup ({EXTENSION}: {op})")
    components = pointee.count if isinstance(pointee, VectorType) else 1
    return c.value(k), np.dtype(pointee.dtype), components, spv_type.storage


def memory_operands(c: InstructionContext, start: int, op: str, *, store: bool) -> int:
    """Memory Operands at `start` (if present): checked, none changes an emulated access; the position after them.

    SPV_NV_cooperative_matrix2 amends Memory Operands: MakePointerAvailable is not valid with the
    cooperative-matrix loads, MakePointerVisible not with the stores."""
    if len(c.args) <= start:
        return len(c.args)
    mask = c.args[start]
    if mask & ~(0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20):
        raise c.unsupported(f"{op}: Memory Operands {mask:#x} has bits this executor does not know")
    name, forbidden = ("MakePointerVisible", MAKE_POINTER_VISIBLE) if store else ("MakePointerAvailable",
                                                                                 MAKE_POINTER_AVAILABLE)
    if mask & forbidden:
        raise c.fail(f"{op}: Memory Operands {mask:#x} include {name}, which is not valid with {op} "
                     f"(SPV_NV_cooperative_matrix2: Memory Operands)")
    return start + 1 + sum(words for bit, words in MEMORY_OPERAND_WORDS.items() if mask & bit)


def _memory_operands(c: InstructionContext, start: int, op: str, store: bool) -> None:
    """The KHR Load/Store's optional Memory Operands, which end the instruction."""
    end = memory_operands(c, start, op, store=store)
    if len(c.args) != end:
        raise c.fail(f"{op}: Memory Operands {c.args[start]:#x} needs {end - start - 1} more words, the instruction "
                     f"has {len(c.args) - start - 1}")


def _constant_layout(c: InstructionContext, k: int, op: str) -> int:
    found = c.constant_of(c.value(k))
    value_type = c.value_type(k)
    if found is None or not isinstance(value_type, IntType) or value_type.width != 32:
        raise c.fail(f"MemoryLayout must be a 32-bit integer constant instruction ({EXTENSION}: {op})")
    return int(found[0])


@dataclass(frozen=True)
class _Part:
    """The memory some active scope instances' Pointers point into, and where (in pointees)."""

    memory: matrix_memory.MatrixMemory      # over `instances`, in order
    instances: np.ndarray                   # (k,) instance numbers
    element: np.ndarray                     # (k,) element offsets, in pointees
    tracker: Any = None                     # Workgroup memory: its race tracker


def _in_pointees(offsets: np.ndarray, itemsize: int, op: str) -> np.ndarray:
    offsets = np.asarray(offsets, np.int64)
    if np.any(offsets % itemsize):
        raise DxLinalgError(f"{op}: Pointer byte offset {int(offsets[np.flatnonzero(offsets % itemsize)[0]])} is "
                            f"not a whole number of pointees of {itemsize} bytes")
    return offsets // itemsize


def _parts(c: InstructionContext, f: Frame, pointer_id: int, storage: int, scoped: Scoped, active: np.ndarray,
           itemsize: int, op: str) -> list[_Part]:
    """StorageBuffer: one buffer; PhysicalStorageBuffer: each buffer the instances' addresses fall in;
    Workgroup: each instance's own group's bytes."""
    pointer = f.values[pointer_id]
    lanes = scoped.ctx.lanes
    chosen = np.flatnonzero(active)
    if storage == CoopStorage.PhysicalStorageBuffer:
        addresses = scoped.uniform(f.mask, np.broadcast_to(pointer, (lanes,)), "Pointer", op).astype(np.int64)
        parts = []
        for region, inside, offsets in f.inv.physical.split(addresses, 1, active.copy(), f.inv.strict, c.loc):
            picked = np.flatnonzero(inside)
            memory = matrix_memory.buffer_memory(buffer_range(region), picked.size,
                                                 storage_class=CoopStorage.PhysicalStorageBuffer)
            parts.append(_Part(memory, picked, _in_pointees(offsets[picked], itemsize, op)))
        return parts
    assert isinstance(pointer, MemoryPointer)
    offsets = np.broadcast_to(pointer.offsets, (lanes,))
    region = pointer.region
    if storage == CoopStorage.Workgroup:
        shared = region.shared
        if shared is None:
            raise DxLinalgError(f"{op}: the Workgroup pointer has no groupshared memory behind it")
        in_group = scoped.uniform(f.mask, offsets, "Pointer", op)
        memory = matrix_memory.workgroup_memory(shared.data, scoped.instances.group_of_instance[chosen],
                                                size=shared.size, name=region.name)
        return [_Part(memory, chosen, _in_pointees(in_group[chosen], itemsize, op), shared.tracker)]
    in_buffer = scoped.uniform(f.mask, offsets, "Pointer", op)
    memory = matrix_memory.buffer_memory(buffer_range(region), chosen.size)
    return [_Part(memory, chosen, _in_pointees(in_buffer[chosen], itemsize, op))]


def _track(f: Frame, scoped: Scoped, part: _Part, matrix_type: Any, layout: int, stride: np.ndarray | None,
           pointee: np.dtype, components: int, is_store: bool, op: str) -> None:
    """Workgroup memory: the accesses go to the groupshared race tracker (barriers, races, unwritten reads)."""
    if part.tracker is None:
        return
    access = matrix_memory.element_offsets(part.memory, matrix_type, layout, None if stride is None else stride,
                                           part.element, pointee, components, is_store, f.inv.strict, op)
    matrix_memory.track_groupshared(part.tracker, matrix_type, scoped.instances.size,
                                    scoped.instances.first_lane[part.instances],
                                    part.memory.origin[:, None, None] + access.offsets, access.inside,
                                    scoped.ctx.profile.coopmat, is_store, op)


@register_opcode(LOAD)
def _load(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixLoadKHR"
    require_declared(c.program.module, Capability.CooperativeMatrixKHR, op, c.loc)
    result = result_matrix(c)
    pointer_id, pointee, components, storage = _pointer(c, 0, op)
    layout = _constant_layout(c, 1, op)
    stride_id = c.value(2) if len(c.args) > 2 else None
    _memory_operands(c, 3, op, False)

    def compute(f: Frame) -> np.ndarray:
        scoped = Scoped(f.inv.ctx, result, op)
        active = scoped.active(f.mask, op)
        stride = None if stride_id is None else scoped.uniform(f.mask, f.values[stride_id], "Stride", op)
        count = scoped.instances.count
        whole = None
        for part in _parts(c, f, pointer_id, storage, scoped, active, pointee.itemsize * components, op):
            strides = None if stride is None else stride[part.instances]
            _track(f, scoped, part, result.matrix, layout, strides, pointee, components, False, op)
            loaded = matrix_memory.load_matrix(
                part.memory, result.matrix, layout=layout, stride=strides, element_offset=part.element,
                pointee=pointee, pointee_components=components, strict=f.inv.strict)
            if whole is None and part.instances.size == count:      # every instance, in order (flatnonzero)
                whole = loaded.values
                continue
            if whole is None:
                whole = np.zeros((count, *result.matrix.shape), result.matrix.component)
            whole[part.instances] = loaded.values
        if whole is None:
            whole = np.zeros((count, *result.matrix.shape), result.matrix.component)
        return scoped.scatter(CoopMatrix(result.matrix, whole))
    return guarded(c, compute)


@register_opcode(STORE)
def _store(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixStoreKHR"
    require_declared(c.program.module, Capability.CooperativeMatrixKHR, op, c.loc)
    pointer_id, pointee, components, storage = _pointer(c, 0, op)
    object_type = matrix_operand(c, 1, "Object")
    object_id = c.value(1)
    layout = _constant_layout(c, 2, op)
    stride_id = c.value(3) if len(c.args) > 3 else None
    _memory_operands(c, 4, op, True)

    def compute(f: Frame) -> None:
        scoped = Scoped(f.inv.ctx, object_type, op)
        active = scoped.active(f.mask, op)
        stride = None if stride_id is None else scoped.uniform(f.mask, f.values[stride_id], "Stride", op)
        matrix = scoped.gather(f.values[object_id])
        for part in _parts(c, f, pointer_id, storage, scoped, active, pointee.itemsize * components, op):
            strides = None if stride is None else stride[part.instances]
            _track(f, scoped, part, object_type.matrix, layout, strides, pointee, components, True, op)
            matrix_memory.store_matrix(
                part.memory, CoopMatrix(matrix.type, matrix.values[part.instances]), layout=layout,
                stride=strides, element_offset=part.element, pointee=pointee, pointee_components=components,
                strict=f.inv.strict)
    return guarded(c, compute)


# -- MulAdd -------------------------------------------------------------------------------------------
@register_opcode(MULADD)
def _muladd(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixMulAddKHR"
    require_declared(c.program.module, Capability.CooperativeMatrixKHR, op, c.loc)
    result = result_matrix(c)
    types = [matrix_operand(c, k, name) for k, name in enumerate("ABC")]
    ids = [c.value(k) for k in range(3)]
    operands = c.args[3] if len(c.args) > 3 else 0

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        scoped = [Scoped(ctx, t, op) for t in types]
        out = Scoped(ctx, result, op)
        out.active(f.mask, op)
        a, b, acc = (s.gather(f.values[i]) for s, i in zip(scoped, ids))
        product = muladd.cooperative_matrix_muladd(a, b, acc, result.matrix, operands, profile=ctx.profile,
                                                   strict=f.inv.strict)
        return out.scatter(product)
    return guarded(c, compute)


# -- construct: all elements one value ----------------------------------------------------------------
def _wrap(name: str, factory: Callable[[InstructionContext], Compute | None], *, result_only: bool = False) -> None:
    """Route `name` to `factory` when a cooperative matrix is involved (with `result_only`, when the
    result is one), else to its existing handler."""
    number = opcode_of(name)
    original: Factory = HANDLERS[number]

    def dispatch(c: InstructionContext) -> Compute | None:
        involved = is_cooperative_matrix(c.result_type) or (not result_only and any(
            is_cooperative_matrix(c.program.type_of(a)) for a in c.args if c.program.type_of(a) is not None))
        return factory(c) if involved else original(c)
    HANDLERS[number] = dispatch


def _construct(c: InstructionContext) -> Compute:
    """OpCompositeConstruct of a cooperative matrix: one constituent, every element that value."""
    result = result_matrix(c)
    if len(c.args) != 1 or c.value_type(0).id != result.component.id:
        raise c.fail(f"constructing {result.describe()} takes exactly one constituent of its component type "
                     f"({EXTENSION}: OpCompositeConstruct)")
    value_id = c.value(0)
    count = result.count
    return lambda f: np.repeat(np.asarray(f.values[value_id])[:, None], count, axis=1)


def _arithmetic(c: InstructionContext) -> Compute:
    """An ARITHMETIC instruction on cooperative matrices: the core's function on each instance's matrices."""
    function = ARITHMETIC.get(c.opname)
    if function is None:
        raise c.fail(f"{c.opname} does not take cooperative-matrix operands ({EXTENSION}: the arithmetic "
                     f"instructions on cooperative matrices are {', '.join(sorted(ARITHMETIC))})")
    result = result_matrix(c)
    if c.opname == "OpMatrixTimesScalar":
        matrix_type = matrix_operand(c, 0, "Matrix")
        matrix_id, scalar_id = c.value(0), c.value(1)

        def times(f: Frame) -> np.ndarray:
            scoped = Scoped(f.inv.ctx, matrix_type, c.opname)
            scalar = scoped.uniform(f.mask, f.values[scalar_id], "Scalar", c.opname)
            return Scoped(f.inv.ctx, result, c.opname).scatter(function(scoped.gather(f.values[matrix_id]), scalar))
        return guarded(c, times)
    types = [matrix_operand(c, k, f"Operand {k + 1}") for k in range(len(c.args))]
    ids = [c.value(k) for k in range(len(c.args))]
    strict_kw = c.opname in ("OpSDiv", "OpUDiv")

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        matrices = [Scoped(ctx, t, c.opname).gather(f.values[i]) for t, i in zip(types, ids)]
        value = function(*matrices, strict=f.inv.strict, by_zero=ctx.profile.shader.integer_division_by_zero) \
            if strict_kw else function(*matrices)
        return Scoped(ctx, result, c.opname).scatter(value)
    return guarded(c, compute)


_FLOAT_RESULT = frozenset({"OpFConvert", "OpConvertSToF", "OpConvertUToF"})
_STRICT = frozenset({"OpConvertFToS", "OpConvertFToU"})


def _conversion(c: InstructionContext) -> Compute:
    """A CONVERSIONS instruction on a cooperative matrix (Use may change from Accumulator to A or B,
    except through OpBitcast: the core's rules): gathered with the source's map, scattered with the result's."""
    function = CONVERSIONS[c.opname]
    result = result_matrix(c)
    source = matrix_operand(c, 0, "Value")
    value_id = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        ctx = f.inv.ctx
        matrix = Scoped(ctx, source, c.opname).gather(f.values[value_id])
        if c.opname in _FLOAT_RESULT:
            converted = function(matrix, result.matrix, profile=ctx.profile)
        elif c.opname in _STRICT:
            converted = function(matrix, result.matrix, strict=f.inv.strict)
        else:
            converted = function(matrix, result.matrix)
        return Scoped(ctx, result, c.opname).scatter(converted)
    return guarded(c, compute)


# SPV_KHR_cooperative_matrix restricts OpCompositeConstruct only when the *result* is a cooperative
# matrix; a struct or array whose members are matrices is built as any composite (Slang's tuples).
_wrap("OpCompositeConstruct", _construct, result_only=True)
for _name in ("OpFNegate", "OpSNegate", "OpFAdd", "OpFSub", "OpFMul", "OpFDiv", "OpIAdd", "OpISub", "OpIMul",
              "OpSDiv", "OpUDiv", "OpMatrixTimesScalar", "OpFRem", "OpFMod", "OpSRem", "OpSMod", "OpUMod"):
    _wrap(_name, _arithmetic)
for _name in CONVERSIONS:
    _wrap(_name, _conversion)
