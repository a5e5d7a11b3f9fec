"""Variables, loads, stores, copies and access chains over the three kinds of pointer.

Function and Private variables hold logical values (`pointers.Cell`); buffers, push constants and
Workgroup memory are bytes with a layout (`MemoryPointer`); PhysicalStorageBuffer pointers are
device addresses resolved per access. An access-chain index outside a sized array, vector or
matrix is undefined: strict mode reports it; permissive mode makes loads through such a pointer
read 0 and stores through it do nothing (for variables) or lets it address the bytes it computes
(in memory, where the region's bounds still apply).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.enums import Decoration, StorageClass
from dxlinalg.spirv.errors import SpirvValidationError, at
from dxlinalg.spirv.lanes import merge
from dxlinalg.spirv.layout import Layout
from dxlinalg.spirv.memory_access import load, load_physical, store, store_physical, uniform_load
from dxlinalg.spirv.ops.common import first, report, signed
from dxlinalg.spirv.pointers import (
    ELEMENT,
    MEMBER,
    Cell,
    DescriptorArray,
    ElementPointer,
    LogicalPointer,
    MemoryPointer,
    SplitPointer,
)
from dxlinalg.spirv.types import (
    MAX_VARIABLE_ELEMENTS,
    ArrayType,
    IntType,
    MatrixType,
    PointerType,
    RuntimeArrayType,
    SpvType,
    StructType,
    VectorType,
    element_count,
    zero_value,
)

LOGICAL_STORAGE = frozenset({StorageClass.Function, StorageClass.Private, StorageClass.Input})
MEMORY_STORAGE = frozenset({StorageClass.StorageBuffer, StorageClass.Uniform, StorageClass.PushConstant,
                            StorageClass.Workgroup})
_ALIGNED = 0x2


def pointer_operand(c: InstructionContext, k: int) -> PointerType:
    """Operand `k`'s type, checked to be a pointer of a storage class this executor addresses."""
    spv_type = c.value_type(k)
    if not isinstance(spv_type, PointerType):
        raise c.fail(f"operand {k} must be a pointer, not a value of type {spv_type!r}")
    if spv_type.storage not in LOGICAL_STORAGE | MEMORY_STORAGE and not spv_type.physical:
        raise c.unsupported(f"pointers into storage class {StorageClass(spv_type.storage).name} are not supported")
    return spv_type


def is_descriptor_array(spv_type: SpvType) -> bool:
    """An array of Block (or BufferBlock) structs: in StorageBuffer or Uniform storage, an arrayed binding."""
    return isinstance(spv_type, (ArrayType, RuntimeArrayType)) and isinstance(spv_type.element, StructType) and \
        (spv_type.element.block or spv_type.element.buffer_block)


def loadable(c: InstructionContext, spv_type: SpvType) -> None:
    if is_descriptor_array(spv_type):
        raise c.unsupported(f"{spv_type!r} is a descriptor array: index it with OpAccessChain, it cannot be loaded "
                            f"or stored as a whole")
    if isinstance(spv_type, RuntimeArrayType) or (isinstance(spv_type, StructType) and spv_type.members and
                                                  isinstance(spv_type.members[-1], RuntimeArrayType)):
        raise c.fail(f"{spv_type!r} has no fixed size: it cannot be loaded or stored as a whole")
    if isinstance(spv_type, PointerType) and not spv_type.physical:
        raise c.unsupported("loading or storing pointers to logical variables (variable pointers) is not supported")


def memory_alignment(c: InstructionContext, start: int) -> int | None:
    """The Aligned literal of the memory-access operands starting at operand `start` (None if absent)."""
    if len(c.args) <= start:
        return None
    mask = c.args[start]
    if not mask & _ALIGNED:
        return None
    return c.arg(start + 1)


def _physical_layout(c: InstructionContext, pointer: PointerType) -> Layout:
    layout = c.program.pointer_layout(pointer)
    if layout is None:
        raise c.fail(f"{pointer!r} has no memory layout")
    return layout


def _check_alignment(c: InstructionContext, f: Frame, addresses: np.ndarray, alignment: int | None) -> None:
    if alignment and f.inv.strict:
        report(c, f, addresses % np.uint64(alignment) != 0,
               lambda lane: f"PhysicalStorageBuffer address 0x{int(np.broadcast_to(addresses, f.mask.shape)[lane]):x} "
                            f"(lane {lane}) is not {alignment}-byte aligned as the Aligned memory operand promises")


def _physical_needs_alignment(c: InstructionContext, pointer: PointerType, start: int) -> int | None:
    alignment = memory_alignment(c, start)
    if pointer.physical and alignment is None:
        raise c.fail("an access through a PhysicalStorageBuffer pointer needs the Aligned memory operand")
    return alignment


@register_opcode("OpVariable")
def _variable(c: InstructionContext) -> Compute:
    pointer = c.result_type
    c.expect(isinstance(pointer, PointerType), "result type must be a pointer type")
    storage = c.literal(0)
    if storage != StorageClass.Function:
        raise c.fail(f"a variable inside a function has storage class Function, not {storage}")
    pointee = pointer.pointee  # type: ignore[union-attr]
    loadable(c, pointee)
    if element_count(pointee) > MAX_VARIABLE_ELEMENTS:
        raise c.unsupported(f"a Function variable of {element_count(pointee)} components exceeds this executor's "
                            f"limit of {MAX_VARIABLE_ELEMENTS} per invocation")
    initial: Any = zero_value(pointee)
    if len(c.args) > 1:
        initial = c.constant_of(c.value(1))
        c.expect(initial is not None and c.value_type(1).id == pointee.id,
                 "the initializer must be a constant of the variable's type")
    name = c.describe(c.result) if c.result else "variable"

    def compute(f: Frame) -> LogicalPointer:
        return LogicalPointer(Cell(initial, name, owner=f), (), pointee)
    return compute


@register_opcode("OpLoad")
def _load(c: InstructionContext) -> Compute:
    pointer = pointer_operand(c, 0)
    c.expect(c.result_type is not None and pointer.pointee.id == c.result_type.id,
             f"result type {c.result_type!r} differs from the pointee type {pointer.pointee!r}")
    loadable(c, pointer.pointee)
    p = c.value(0)
    where = c.loc
    if pointer.physical:
        layout = _physical_layout(c, pointer)
        alignment = _physical_needs_alignment(c, pointer, 1)
        pointee = pointer.pointee

        def physical(f: Frame) -> Any:
            addresses = f.values[p]
            _check_alignment(c, f, addresses, alignment)
            zero = zero_value(pointee, (f.mask.shape[0],))
            return load_physical(f.inv.physical, layout, addresses, f.mask, f.inv.strict, where, zero)
        return physical
    if pointer.storage in LOGICAL_STORAGE:
        pointee = pointer.pointee

        def logical(f: Frame) -> Any:
            ptr = f.values[p]
            value = ptr.cell.read(ptr.path)
            if ptr.valid is not None:
                value = merge(ptr.valid, value, zero_value(pointee))
            return value
        return logical

    pointee = pointer.pointee

    def memory(f: Frame) -> Any:
        ptr = f.values[p]
        if isinstance(ptr, SplitPointer):
            return _split_load(f, ptr, pointee, where)
        region = ptr.region
        if region.constant and ptr.offsets.shape[0] == 1 and f.full:    # full: some lane is active
            return uniform_load(region, ptr.layout, int(ptr.offsets[0]), f.mask, f.inv.strict, where)
        f.inv.ctx.settle_memory(region.data, precise=True)           # the load logs its bytes
        return load(region, ptr.layout, ptr.offsets, f.mask, f.inv.strict, where)
    return memory


def _split_load(f: Frame, ptr: SplitPointer, pointee: SpvType, where: Any) -> Any:
    """A load through a pointer into several descriptor-array elements: one load per element; lanes whose
    element is not bound (permissive mode) read zero."""
    result = zero_value(pointee, (f.mask.shape[0],))
    for lanes, part in ptr.parts:
        f.inv.ctx.settle_memory(part.region.data, precise=True)
        result = merge(lanes, load(part.region, part.layout, part.offsets, f.mask & lanes, f.inv.strict, where),
                       result)
    return result


def store_through(c: InstructionContext, pointer: PointerType, p: int, alignment: int | None) -> Any:
    """A function (frame, value) storing through the pointer value with id `p` on the active lanes."""
    where = c.loc
    if pointer.physical:
        layout = _physical_layout(c, pointer)

        def physical(f: Frame, value: Any) -> None:
            addresses = f.values[p]
            _check_alignment(c, f, addresses, alignment)
            store_physical(f.inv.physical, layout, addresses, value, f.mask, f.inv.strict, where)
        return physical
    if pointer.storage == StorageClass.Input:
        raise c.fail("Input variables are read-only")
    if pointer.storage in LOGICAL_STORAGE:
        def logical(f: Frame, value: Any) -> None:
            ptr = f.values[p]
            cell = ptr.cell
            mask = None if cell.owner is f and f.full else f.mask     # see pointers.Cell.owner
            if ptr.valid is not None:
                mask = ptr.valid & (f.mask if mask is None else mask)
            cell.write(ptr.path, value, mask)
        return logical
    if pointer.storage == StorageClass.PushConstant:
        raise c.fail("push constants are read-only")

    def memory(f: Frame, value: Any) -> None:
        ptr = f.values[p]
        parts = ptr.parts if isinstance(ptr, SplitPointer) else [(None, ptr)]
        for lanes, part in parts:
            region = part.region
            if not region.writable:
                raise SpirvValidationError(at(where, f"{region.name} is read-only (a uniform block or push "
                                                     f"constants)"))
            f.inv.ctx.settle_memory(region.data, precise=True)       # the store logs its bytes
            store(region, part.layout, part.offsets, value, f.mask if lanes is None else f.mask & lanes,
                  f.inv.strict, where, None if f.inv.strict else f.inv.store_order())
    return memory


@register_opcode("OpStore")
def _store(c: InstructionContext) -> Compute:
    pointer = pointer_operand(c, 0)
    value_type = c.value_type(1)
    c.expect(pointer.pointee.id == value_type.id,
             f"Object has type {value_type!r}; the pointer points to {pointer.pointee!r}")
    loadable(c, pointer.pointee)
    write = store_through(c, pointer, c.value(0), _physical_needs_alignment(c, pointer, 2))
    v = c.value(1)

    def compute(f: Frame) -> None:
        write(f, f.values[v])
    return compute


@register_opcode("OpCopyMemory")
def _copy_memory(c: InstructionContext) -> Compute:
    target, source = pointer_operand(c, 0), pointer_operand(c, 1)
    c.expect(target.pointee.id == source.pointee.id, "Target and Source must point to the same type")
    loadable(c, source.pointee)
    first_access = 2
    read_alignment = _physical_needs_alignment(c, source, first_access) if source.physical else None
    write = store_through(c, target, c.value(0), memory_alignment(c, first_access) if target.physical else None)
    s = c.value(1)
    reader = _loader_for(c, source, s, read_alignment)

    def compute(f: Frame) -> None:
        write(f, reader(f))
    return compute


def _loader_for(c: InstructionContext, pointer: PointerType, p: int, alignment: int | None) -> Any:
    where = c.loc
    pointee = pointer.pointee
    if pointer.physical:
        layout = _physical_layout(c, pointer)
        return lambda f: load_physical(f.inv.physical, layout, f.values[p], f.mask, f.inv.strict, where,
                                       zero_value(pointee, (f.mask.shape[0],)))
    if pointer.storage in LOGICAL_STORAGE:
        return lambda f: f.values[p].cell.read(f.values[p].path)

    def memory(f: Frame) -> Any:
        ptr = f.values[p]
        if isinstance(ptr, SplitPointer):
            return _split_load(f, ptr, pointee, where)
        return load(ptr.region, ptr.layout, ptr.offsets, f.mask, f.inv.strict, where)
    return memory


# -- access chains ------------------------------------------------------------------------------------
class Step:
    """One index of an access chain: a struct member (constant) or an element (constant or per lane)."""

    __slots__ = ("constant", "index_id", "length", "member")

    def __init__(self, member: bool, constant: int | None, index_id: int, length: int | None) -> None:
        self.member = member
        self.constant = constant
        self.index_id = index_id
        self.length = length


def chain_steps(c: InstructionContext, base: SpvType, first_index: int) -> tuple[SpvType, list[Step]]:
    steps = []
    spv_type = base
    for k in range(first_index, len(c.args)):
        index_id = c.value(k)
        index_type = c.type_of(index_id)
        if not isinstance(index_type, IntType):
            raise c.fail(f"index operand %{index_id} must be an integer scalar, not {index_type!r}")
        constant = c.constant_of(index_id)
        constant_value = int(constant[0]) if isinstance(constant, np.ndarray) else None
        if isinstance(spv_type, StructType):
            if constant_value is None or not 0 <= constant_value < len(spv_type.members):
                raise c.fail(f"a struct index must be a constant in [0, {len(spv_type.members)}); got "
                             f"{'a per-lane value' if constant_value is None else constant_value}")
            steps.append(Step(True, constant_value, index_id, None))
            spv_type = spv_type.members[constant_value]
            continue
        if isinstance(spv_type, ArrayType):
            length, child = spv_type.length, spv_type.element
        elif isinstance(spv_type, RuntimeArrayType):
            length, child = None, spv_type.element
        elif isinstance(spv_type, VectorType):
            length, child = spv_type.count, spv_type.component
        elif isinstance(spv_type, MatrixType):
            length, child = spv_type.columns, spv_type.column
        else:
            raise c.fail(f"cannot index into {spv_type!r}")
        if constant_value is not None and length is not None and not 0 <= constant_value < length:
            raise c.fail(f"constant index {constant_value} is outside {spv_type!r} ({length} elements)")
        steps.append(Step(False, constant_value, index_id, length))
        spv_type = child
    return spv_type, steps


def _uniform_index(f: Frame, step: Step) -> int | None:
    """The step's index where it is the same on every lane and inside the array (or the array is
    unsized), as a Python int: no per-lane arrays, checks or reports needed. None otherwise."""
    raw = f.values[step.index_id]
    if raw.shape[0] != 1:
        return None
    if step.length is None:
        return int(raw.view(signed(raw.dtype))[0])
    index = int(raw[0])        # read unsigned, an index of 2^(bits-1) or more is out of range as well
    return index if 0 <= index < step.length else None


def _index(f: Frame, step: Step, c: InstructionContext) -> np.ndarray:
    raw = f.values[step.index_id]
    index = raw.view(signed(raw.dtype)).astype(np.int64)
    if step.length is not None and f.inv.strict:          # below 0 or from the length on, in one comparison
        report(c, f, index.view(np.uint64) >= np.uint64(step.length),
               lambda lane: f"index {first(index, lane)} (lane {lane}) is outside an array of {step.length} "
                            f"elements: undefined")
    return index


def _memory_chain(c: InstructionContext, steps: list[Step]) -> Any:
    """A function (frame, base offsets, base layout) -> (offsets, layout) walking the steps."""
    plans: dict[int, tuple[Layout, list[tuple[int, Step | None]], Layout]] = {}

    def plan(layout: Layout) -> tuple[list[tuple[int, Step | None]], Layout]:
        """Byte steps: (constant offset, None) or (stride, dynamic step); consecutive constants folded."""
        found = plans.get(id(layout))
        if found is not None and found[0] is layout:
            return found[1], found[2]
        parts: list[tuple[int, Step | None]] = []
        constant_offset = 0
        current = layout
        for step in steps:
            try:
                step_bytes, current = current.child(step.constant if step.member else 0)  # type: ignore[attr-defined]
            except (ValueError, AttributeError) as error:
                raise c.fail(f"cannot follow the access chain through this memory layout: {error}") from None
            if step.member or step.constant is not None:
                constant_offset += step_bytes * (1 if step.member else step.constant)  # type: ignore[operator]
            else:
                parts.append((step_bytes, step))
        parts.append((constant_offset, None))
        plans[id(layout)] = (layout, parts, current)
        return parts, current

    def walk(f: Frame, offsets: np.ndarray, layout: Layout) -> tuple[np.ndarray, Layout]:
        """offsets + every step's bytes, in wrapping int64: the steps the same on every lane summed as one
        number, the per-lane ones into one fresh array (in place), the base added last (one pass when it is
        one value, as a variable's pointer is)."""
        parts, final = plan(layout)
        constant = np.int64(0)
        lanes: np.ndarray | None = None
        for amount, step in parts:
            if step is None:
                constant = constant + np.int64(amount)
                continue
            uniform = _uniform_index(f, step)
            if uniform is not None:
                constant = constant + np.int64(uniform * amount)
                continue
            term = _index(f, step, c)                     # a fresh int64 array
            np.multiply(term, amount, out=term)
            lanes = term if lanes is None else _add(lanes, term)
        if lanes is None:
            return (offsets + constant if constant else offsets), final
        if offsets.shape[0] == 1:
            return np.add(lanes, offsets[0] + constant, out=lanes), final
        lanes = _add(lanes, offsets)
        return (np.add(lanes, constant, out=lanes) if constant else lanes), final
    return walk


def _add(fresh: np.ndarray, other: np.ndarray) -> np.ndarray:
    """fresh + other, into `fresh` (an array the caller made) where the shapes agree."""
    return np.add(fresh, other, out=fresh) if fresh.shape == other.shape else fresh + other


def _logical_chain(c: InstructionContext, steps: list[Step]) -> Any:
    pointee: SpvType = c.result_type.pointee  # type: ignore[union-attr]
    if all(step.member or step.constant is not None for step in steps):     # the same path on every run
        suffix = tuple((MEMBER if step.member else ELEMENT, step.constant) for step in steps)
        return lambda f, ptr: LogicalPointer(ptr.cell, ptr.path + suffix, pointee, ptr.valid)

    def walk(f: Frame, ptr: LogicalPointer) -> LogicalPointer:
        path = list(ptr.path)
        valid = ptr.valid
        for step in steps:
            if step.member:
                path.append((MEMBER, step.constant))
            elif step.constant is not None:
                path.append((ELEMENT, step.constant))
            elif (uniform := _uniform_index(f, step)) is not None:
                path.append((ELEMENT, uniform))
            else:
                index = _index(f, step, c)
                assert step.length is not None
                outside = (index < 0) | (index >= step.length)
                if outside.any():
                    inside = ~outside
                    valid = inside if valid is None else valid & inside
                    index = np.clip(index, 0, step.length - 1)
                path.append((ELEMENT, index))
        return LogicalPointer(ptr.cell, tuple(path), pointee, valid)
    return walk


def _access_chain(c: InstructionContext, with_element: bool) -> Compute:
    pointer = pointer_operand(c, 0)
    result = c.result_type
    first_index = 2 if with_element else 1
    reached, steps = chain_steps(c, pointer.pointee, first_index)
    if not isinstance(result, PointerType) or result.storage != pointer.storage or result.pointee.id != reached.id:
        raise c.fail(f"result type {result!r} must be a pointer to {reached!r} in the base's storage class")
    base = c.value(0)
    element_id = c.value(1) if with_element else None
    if with_element:
        element_type = c.type_of(element_id)  # type: ignore[arg-type]
        c.expect(isinstance(element_type, IntType), "Element must be an integer scalar")
        if pointer.storage in LOGICAL_STORAGE:
            raise c.unsupported("OpPtrAccessChain on Function/Private variables is not supported")
        if pointer.stride is None:
            raise c.fail(f"the base pointer type {pointer!r} needs an ArrayStride decoration for Element")
    stride = pointer.stride or 0

    def element_offset(f: Frame) -> np.ndarray:
        raw = f.values[element_id]
        return raw.view(signed(raw.dtype)).astype(np.int64) * stride

    if pointer.physical:
        walk = _memory_chain(c, steps)
        layout = _physical_layout(c, pointer)

        def physical(f: Frame) -> np.ndarray:
            addresses = f.values[base].astype(np.int64)
            if with_element:
                addresses = addresses + element_offset(f)
            offsets, _ = walk(f, addresses, layout)
            return offsets.astype(np.uint64)
        return physical
    if pointer.storage in LOGICAL_STORAGE:
        logical_walk = _logical_chain(c, steps)
        return lambda f: logical_walk(f, f.values[base])
    if is_descriptor_array(pointer.pointee):
        if with_element:
            raise c.unsupported("OpPtrAccessChain on a descriptor array is not supported")
        if not steps:
            raise c.fail("an access chain into a descriptor array needs an index (the element)")
        return _descriptor_array_chain(c, base, steps[0], _memory_chain(c, steps[1:]))
    walk = _memory_chain(c, steps)

    def part(f: Frame, ptr: MemoryPointer) -> MemoryPointer:
        offsets = ptr.offsets
        if with_element:
            offsets = offsets + element_offset(f)
        offsets, layout = walk(f, offsets, ptr.layout)
        return type(ptr)(ptr.region, offsets, layout)         # a MemoryPointer or an ElementPointer

    def memory(f: Frame) -> MemoryPointer:
        ptr = f.values[base]
        if isinstance(ptr, SplitPointer):
            parts = [(lanes, part(f, p)) for lanes, p in ptr.parts]
            return SplitPointer(parts, parts[0][1].layout if parts else ptr.layout)
        return part(f, ptr)
    return memory


def _descriptor_array_chain(c: InstructionContext, base: int, element: Step, walk: Any) -> Compute:
    """OpAccessChain into a descriptor array: the first index picks the block, the rest walk inside it.

    Vulkan needs the index dynamically uniform (the same on every invocation of a workgroup) unless it is
    decorated NonUniform (and the device enables the matching *ArrayNonUniformIndexing feature); a varying
    undecorated index is reported in strict mode. Lanes are grouped by element: one pointer per element
    some active lane chose (a `SplitPointer` when there are several). An index outside the array or to an
    element the host did not bind is undefined: reported in strict mode; permissive mode drops those
    lanes (their loads read zero, their stores do nothing)."""
    module = c.program.module
    non_uniform = any(module.decoration(i, Decoration.NonUniform) is not None
                      for i in (c.result, element.index_id) if i is not None)

    def pointer_to(f: Frame, array: DescriptorArray, index: int, lanes: np.ndarray) -> MemoryPointer | None:
        region = array.region(index)
        if region is None:
            if f.inv.strict:
                lane = int(np.argmax(lanes & f.mask)) if lanes.shape[0] == f.mask.shape[0] else 0
                outside = array.length is not None and not 0 <= index < array.length
                rule = f"is outside the array of {array.length} blocks" if outside else "is not bound"
                raise c.undefined(f"element {index} of the descriptor array {array.label} (lane {lane}) {rule}: "
                                  f"an access through it is undefined")
            return None
        offsets, layout = walk(f, np.zeros(1, np.int64), array.layout)
        return ElementPointer(region, offsets, layout)

    def compute(f: Frame) -> MemoryPointer:
        array = f.values[base]
        if element.constant is not None:
            index: np.ndarray = np.array([element.constant], np.int64)
        else:
            raw = f.values[element.index_id]
            index = raw.view(signed(raw.dtype)).astype(np.int64)
        active = f.mask
        chosen = index if index.shape[0] == 1 else index[active]
        if chosen.size == 0 or (chosen == chosen[0]).all():
            value = int(chosen[0]) if chosen.size else 0
            found = pointer_to(f, array, value, active)
            return found if found is not None else SplitPointer([], array.layout)
        if not non_uniform and f.inv.strict:
            _check_uniform_per_workgroup(c, f, index, array)
        parts: list[tuple[np.ndarray, MemoryPointer]] = []
        for value in np.unique(chosen):
            lanes = index == value
            found = pointer_to(f, array, int(value), lanes)
            if found is not None:
                parts.append((lanes, found))
        if len(parts) == 1 and parts[0][0][active].all():
            return parts[0][1]
        return SplitPointer(parts, parts[0][1].layout if parts else array.layout)
    return compute


def _check_uniform_per_workgroup(c: InstructionContext, f: Frame, index: np.ndarray, array: DescriptorArray) -> None:
    """Report (strict mode) a workgroup whose active invocations index a descriptor array differently without
    the NonUniform decoration (Vulkan: the index must then be dynamically uniform)."""
    threads = int(f.inv.extras.get("threads_per_group", 1))
    lanes = f.mask.shape[0]
    if lanes % threads:
        return
    groups = (lanes // threads, threads)
    low = np.where(f.mask, index, np.iinfo(np.int64).max).reshape(groups).min(axis=1)
    high = np.where(f.mask, index, np.iinfo(np.int64).min).reshape(groups).max(axis=1)
    mixed = np.flatnonzero(low < high)
    if mixed.size:
        group = int(mixed[0])
        raise c.undefined(f"the index into the descriptor array {array.label} differs between invocations of one "
                          f"workgroup ({int(low[group])} and {int(high[group])}, lanes {group * threads} to "
                          f"{(group + 1) * threads - 1}) without the NonUniform decoration: Vulkan requires a "
                          f"dynamically uniform index there (decorate it NonUniform, GLSL nonuniformEXT)")


register_opcode("OpAccessChain", "OpInBoundsAccessChain")(lambda c: _access_chain(c, False))
register_opcode("OpPtrAccessChain", "OpInBoundsPtrAccessChain")(lambda c: _access_chain(c, True))


@register_opcode("OpArrayLength")
def _array_length(c: InstructionContext) -> Compute:
    pointer = pointer_operand(c, 0)
    struct = pointer.pointee
    member = c.literal(1)
    c.expect(isinstance(struct, StructType) and member == len(struct.members) - 1 and
             isinstance(struct.members[-1], RuntimeArrayType),
             "Structure must point to a struct whose last member (the Array member) is a runtime array")
    c.expect(isinstance(c.result_type, IntType) and c.result_type.width == 32 and not c.result_type.signed,
             "result type must be a 32-bit unsigned integer")
    if pointer.storage not in (StorageClass.StorageBuffer, StorageClass.Uniform):
        raise c.unsupported("OpArrayLength needs a pointer to a bound storage buffer")
    p = c.value(0)

    def length(ptr: MemoryPointer) -> np.ndarray:
        offset, array = ptr.layout.child(member)
        available = ptr.region.size - int(np.max(ptr.offsets)) - offset
        return np.array([max(available, 0) // array.stride], np.uint32)

    def compute(f: Frame) -> np.ndarray:
        ptr = f.values[p]
        if not isinstance(ptr, SplitPointer):
            return length(ptr)
        result = np.zeros(f.mask.shape[0], np.uint32)
        for lanes, part in ptr.parts:
            result = np.where(lanes, length(part), result)
        return result
    return compute
