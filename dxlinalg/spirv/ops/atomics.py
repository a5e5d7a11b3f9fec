"""Atomic instructions on buffer, Workgroup and PhysicalStorageBuffer memory, in a defined order.

The active lanes of a chunk perform their atomics one after another, so results are deterministic:
each lane's returned value is what memory held just before its operation. On buffer memory the
order is lane order (dispatch order, as chunks run in order; see `sequential`). Workgroup memory is
`dxlinalg.gpu`'s groupshared memory, so there the instruction is a `GroupSharedMemory.atomic`
(lanes land in the profile's `groupshared.store_order`, and strict mode reports plain accesses by
other invocations racing with it). Integer operations wrap; float adds round at every step, in the
order above. Scope and semantics operands must be constants; the executor has no weaker orderings
to model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.serial_atomics import AtomicOp, check_atomic_type
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.enums import StorageClass
from dxlinalg.spirv.errors import Location, SpirvUndefinedBehaviorError, at
from dxlinalg.spirv.memory_access import Region, gpu_lanes
from dxlinalg.spirv.ops.common import signed, unsigned
from dxlinalg.spirv.ops.memory import pointer_operand
from dxlinalg.spirv.pointers import SplitPointer
from dxlinalg.spirv.sequential import Chains, compare_exchange_chains, exchange_chains, run_chains
from dxlinalg.spirv.types import FloatType, IntType, PointerType

ATOMIC_STORAGE = frozenset({StorageClass.StorageBuffer, StorageClass.Uniform, StorageClass.Workgroup})
Update = Callable[[Chains, np.ndarray, list[np.ndarray]], tuple[np.ndarray, np.ndarray]]
SharedOperands = Callable[[list[np.ndarray]], tuple[object, np.ndarray | None]]


def _value_and_comparand(operands: list[np.ndarray]) -> tuple[object, np.ndarray | None]:
    return operands[0], operands[1] if len(operands) > 1 else None


@dataclass(frozen=True)
class SharedAtomic:
    """The instruction as a `GroupSharedMemory.atomic`: the operation, and its value and comparand from
    the instruction's (lanes,) operands."""

    op: AtomicOp
    operands: SharedOperands = _value_and_comparand


def _targets(f: Frame, pointer_type: PointerType, pointer: object, itemsize: int,
             where: Location) -> list[tuple[Region, np.ndarray, np.ndarray]]:
    """(region, lanes, byte offsets (lanes,)) for every region the active lanes' pointers fall in."""
    mask = f.mask
    if pointer_type.physical:
        return f.inv.physical.split(pointer, itemsize, mask, f.inv.strict, where)  # type: ignore[arg-type]
    if isinstance(pointer, SplitPointer):      # descriptor-array elements chosen per lane
        return [(part.region, mask & lanes, np.broadcast_to(part.offsets, mask.shape)) for lanes, part in pointer.parts]
    offsets = np.broadcast_to(pointer.offsets, mask.shape)  # type: ignore[attr-defined]
    return [(pointer.region, mask, offsets)]  # type: ignore[attr-defined]


def _element_indices(region: Region, lanes: np.ndarray, offsets: np.ndarray, itemsize: int, strict: bool,
                     where: Location) -> tuple[np.ndarray, np.ndarray]:
    """(active lane numbers, element index of each in the region's backing store) for lanes whose atomic
    is defined; out-of-bounds or misaligned ones are reported in strict mode and skipped otherwise."""
    active = np.flatnonzero(lanes)
    chosen = offsets[active].astype(np.int64)
    inside = (chosen >= 0) & (chosen <= region.size - itemsize)
    aligned = (region.base + chosen) % itemsize == 0
    bad = ~(inside & aligned)
    if bad.any():
        if strict:
            lane = int(active[np.argmax(bad)])
            offset = int(chosen[np.argmax(bad)])
            rule = "is outside" if not inside[np.argmax(bad)] else "is not aligned to its size in"
            raise SpirvUndefinedBehaviorError(at(where, f"atomic access at byte {offset} (lane {lane}) {rule} "
                                                        f"{region.name} of {region.size} bytes: undefined"))
        active, chosen = active[~bad], chosen[~bad]
    return active, (region.base + chosen) // itemsize


def _atomic(c: InstructionContext, dtype: np.dtype, operand_ids: list[int | np.ndarray], update: Update,
            shared: SharedAtomic, returns: bool = True) -> Compute:
    """The atomic `update` (on Workgroup memory: `shared`) through operand 0, with operands given by id
    (or as constants)."""
    pointer_type = pointer_operand(c, 0)
    if not (pointer_type.physical or pointer_type.storage in ATOMIC_STORAGE):
        raise c.unsupported(f"atomics on {pointer_type!r}: only StorageBuffer, Workgroup and "
                            f"PhysicalStorageBuffer memory is atomic here")
    if pointer_type.storage == StorageClass.Workgroup and not pointer_type.physical:
        try:
            check_atomic_type(shared.op, dtype, c.opname)
        except InvalidArgumentError as error:
            raise c.unsupported(f"on Workgroup memory: {error} (Vulkan atomics take 32/64-bit integers, or "
                                f"floats with VK_EXT_shader_atomic_float)") from None
    p = c.value(0)
    itemsize = dtype.itemsize
    where = c.loc
    result_dtype = pointer_type.pointee.dtype  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray | None:
        lanes_total = f.mask.shape[0]
        seen_all = np.zeros(lanes_total, dtype)
        operands = [np.broadcast_to(i if isinstance(i, np.ndarray) else f.values[i], (lanes_total,)).view(dtype)
                    for i in operand_ids]
        for region, lanes, offsets in _targets(f, pointer_type, f.values[p], itemsize, where):
            if not lanes.any():
                continue
            if not region.writable:
                raise c.fail(f"{region.name} is read-only")
            f.inv.ctx.settle_memory(region.data, precise=region.shared is None)
            if region.shared is not None:
                value, comparand = shared.operands(operands)
                with gpu_lanes(f.inv.ctx, lanes, where):
                    seen = region.shared.atomic(shared.op, dtype, offsets, value, comparand,
                                                what="Workgroup atomic")
                seen_all[lanes] = seen[lanes]
                continue
            active, index = _element_indices(region, lanes, offsets, itemsize, f.inv.strict, where)
            if active.size == 0:
                continue
            usable = region.data.shape[0] - region.data.shape[0] % itemsize
            elements = region.data[:usable].view(dtype)
            log = f.inv.ctx.state.accesses
            if log is not None:             # an atomic reads and writes its element (no race with other atomics)
                log.note_load(region.data, index * itemsize, itemsize)
                log.note_store(f.inv.ctx, region.data, index * itemsize, itemsize, active, region.name, "atomic",
                               atomic=True)
            chains = Chains.of(index)
            ordered_index = index[chains.order]
            heads = ordered_index[chains.start]
            seen, final = update(chains, elements[heads].copy(), [x[active][chains.order] for x in operands])
            elements[heads] = final
            seen_all[active[chains.order]] = seen
            region.mark_written()
        return seen_all.view(result_dtype) if returns else None
    return compute


def _scalar_pointee(c: InstructionContext, kinds: tuple[type, ...], widths: tuple[int, ...]) -> np.dtype:
    pointer_type = pointer_operand(c, 0)
    pointee = pointer_type.pointee
    if not isinstance(pointee, kinds) or pointee.width not in widths:  # type: ignore[attr-defined]
        raise c.fail(f"atomics here work on {'/'.join(str(w) for w in widths)}-bit "
                     f"{' or '.join(k.__name__.replace('Type', '').lower() for k in kinds)} scalars, not {pointee!r}")
    if c.result_type is not None:
        c.expect(c.result_type.id == pointee.id, f"result type must be the pointee type {pointee!r}")
    for k in (1, 2):
        c.constant_int(k, "Scope" if k == 1 else "Semantics")
    return pointee.dtype  # type: ignore[attr-defined,no-any-return]


_SHARED_OPS = {np.add: AtomicOp.ADD, np.minimum: AtomicOp.MIN, np.maximum: AtomicOp.MAX, np.fmin: AtomicOp.MIN,
               np.fmax: AtomicOp.MAX, np.bitwise_and: AtomicOp.AND, np.bitwise_or: AtomicOp.OR,
               np.bitwise_xor: AtomicOp.XOR}


def _accumulating(ufunc: np.ufunc) -> Update:
    return lambda chains, initial, operands: run_chains(chains, initial, operands[0],
                                                        lambda m: ufunc.accumulate(m, axis=1))


def _integer_update(c: InstructionContext, ufunc: np.ufunc, signedness: str, constant: int | None = None) -> Compute:
    """An integer read-modify-write; `constant` replaces the Value operand (increment, decrement)."""
    dtype = _scalar_pointee(c, (IntType,), (32, 64))
    work = signed(dtype) if signedness == "s" else unsigned(dtype)
    if constant is not None:
        operand: int | np.ndarray = np.array([constant], signed(dtype)).view(work)
    else:
        c.expect(c.value_type(3).id == c.result_type.id, "Value must have the result type")  # type: ignore[union-attr]
        operand = c.value(3)
    step = _accumulating(ufunc)
    shared = SharedAtomic(_SHARED_OPS[ufunc])
    if c.opname == "OpAtomicISub":
        def subtract(chains: Chains, initial: np.ndarray, operands: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
            return step(chains, initial, [np.negative(operands[0])])
        negated = SharedAtomic(AtomicOp.ADD, lambda operands: (np.negative(operands[0]), None))
        return _atomic(c, work, [operand], subtract, negated)
    return _atomic(c, work, [operand], step, shared)


register_opcode("OpAtomicIAdd")(lambda c: _integer_update(c, np.add, "u"))
register_opcode("OpAtomicISub")(lambda c: _integer_update(c, np.add, "u"))
register_opcode("OpAtomicIIncrement")(lambda c: _integer_update(c, np.add, "u", 1))
register_opcode("OpAtomicIDecrement")(lambda c: _integer_update(c, np.add, "u", -1))
register_opcode("OpAtomicSMin")(lambda c: _integer_update(c, np.minimum, "s"))
register_opcode("OpAtomicUMin")(lambda c: _integer_update(c, np.minimum, "u"))
register_opcode("OpAtomicSMax")(lambda c: _integer_update(c, np.maximum, "s"))
register_opcode("OpAtomicUMax")(lambda c: _integer_update(c, np.maximum, "u"))
register_opcode("OpAtomicAnd")(lambda c: _integer_update(c, np.bitwise_and, "u"))
register_opcode("OpAtomicOr")(lambda c: _integer_update(c, np.bitwise_or, "u"))
register_opcode("OpAtomicXor")(lambda c: _integer_update(c, np.bitwise_xor, "u"))


def _float_update(c: InstructionContext, ufunc: np.ufunc) -> Compute:
    dtype = _scalar_pointee(c, (FloatType,), (16, 32, 64))
    c.expect(c.value_type(3).id == c.result_type.id, "Value must have the result type")  # type: ignore[union-attr]
    return _atomic(c, dtype, [c.value(3)], _accumulating(ufunc), SharedAtomic(_SHARED_OPS[ufunc]))


register_opcode("OpAtomicFAddEXT")(lambda c: _float_update(c, np.add))
register_opcode("OpAtomicFMinEXT")(lambda c: _float_update(c, np.fmin))
register_opcode("OpAtomicFMaxEXT")(lambda c: _float_update(c, np.fmax))


@register_opcode("OpAtomicExchange")
def _exchange(c: InstructionContext) -> Compute:
    dtype = _scalar_pointee(c, (IntType, FloatType), (16, 32, 64))
    c.expect(c.value_type(3).id == c.result_type.id, "Value must have the result type")  # type: ignore[union-attr]
    return _atomic(c, dtype, [c.value(3)], lambda chains, initial, ops: exchange_chains(chains, initial, ops[0]),
                   SharedAtomic(AtomicOp.EXCHANGE))


@register_opcode("OpAtomicCompareExchange")
def _compare_exchange(c: InstructionContext) -> Compute:
    dtype = _scalar_pointee(c, (IntType,), (32, 64))
    c.constant_int(3, "Unequal semantics")
    for k in (4, 5):
        c.expect(c.value_type(k).id == c.result_type.id,  # type: ignore[union-attr]
                 "Value and Comparator must have the result type")
    return _atomic(c, unsigned(dtype), [c.value(4), c.value(5)],
                   lambda chains, initial, ops: compare_exchange_chains(chains, initial, ops[0], ops[1]),
                   SharedAtomic(AtomicOp.COMPARE_EXCHANGE))


@register_opcode("OpAtomicLoad")
def _atomic_load(c: InstructionContext) -> Compute:
    dtype = _scalar_pointee(c, (IntType, FloatType), (16, 32, 64))
    return _atomic(c, dtype, [], lambda chains, initial, _: (initial[chains.group_of], initial),
                   SharedAtomic(AtomicOp.COMPARE_EXCHANGE, _load_operands(dtype)))


def _load_operands(dtype: np.dtype) -> SharedOperands:
    """An atomic load as a compare-exchange of zero bits with zero bits: it returns the value and never
    changes memory."""
    zero = np.zeros((), dtype)
    return lambda _: (zero, zero)


@register_opcode("OpAtomicStore")
def _atomic_store(c: InstructionContext) -> Compute:
    pointer_type = pointer_operand(c, 0)
    pointee = pointer_type.pointee
    c.expect(isinstance(pointee, (IntType, FloatType)) and pointee.width in (16, 32, 64),
             f"atomic stores work on integer or float scalars, not {pointee!r}")
    c.constant_int(1, "Scope")
    c.constant_int(2, "Semantics")
    c.expect(c.value_type(3).id == pointee.id, "Value must have the pointee type")
    return _atomic(c, pointee.dtype, [c.value(3)],  # type: ignore[union-attr]
                   lambda chains, initial, ops: exchange_chains(chains, initial, ops[0]),
                   SharedAtomic(AtomicOp.EXCHANGE), returns=False)
