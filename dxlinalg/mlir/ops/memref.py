"""The memref dialect (llvm-project `mlir/docs/Dialects/MemRef.md`, `MemRefOps.td`): allocation in workgroup and
private memory, load/store, and the views (subview, cast, expand/collapse_shape, reinterpret_cast) that change only
shape, strides and offset. Dynamic sizes must be the same on every lane (a view's offset may differ per lane).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.mlir.errors import MlirUnsupportedError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.memref import MemRef, PrivateMemory
from dxlinalg.mlir.ops.common import parse_operand_to_type, report, uniform
from dxlinalg.mlir.ops.registry import define, expect_counts, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.values import numpy_dtype
from dxlinalg.nvgpu.types import (
    INDEX,
    GpuAddressSpace,
    IntegerMemorySpace,
    MemRefType,
    is_shared_memory_space,
)

DYNAMIC = -9223372036854775808   # ShapedType::kDynamic in static_offsets/sizes/strides


def memory_space_of(type_: MemRefType) -> str:
    """'workgroup', 'private' or 'global' (IREE's #hal.descriptor_type and no space are global)."""
    space = type_.memory_space
    if is_shared_memory_space(space):  # type: ignore[arg-type]
        return "workgroup"
    if (isinstance(space, GpuAddressSpace) and space.name == "private") or (
            isinstance(space, IntegerMemorySpace) and space.value == 5):
        return "private"
    return "global"


def layout_of(type_: MemRefType) -> tuple[tuple[int | None, ...], int | None]:
    strided = type_.strides_and_offset()
    if strided is None:
        raise MlirUnsupportedError(f"memref type {type_}: only strided layouts are supported")
    return strided


def check_memref(op: Operation, type_: object, what: str) -> MemRefType:
    if not isinstance(type_, MemRefType):
        raise fail(op, f"{what} must be a ranked memref, got '{type_}'")
    return type_


# -- alloc / alloca / dealloc --------------------------------------------------------------------------------------------
def _parse_alloc(p: OpParser) -> None:
    """`%m = memref.alloc(%d0)[%s0] {alignment = 64} : memref<...>`."""
    dynamic = p.operand_list(")", INDEX) if p.accept("(") else []
    symbols = p.operand_list("]", INDEX) if p.accept("[") else []
    p.attributes["operandSegmentSizes"] = [len(dynamic), len(symbols)]
    p.attr_dict()
    p.expect(":", "before the memref type")
    p.result_types.append(p.type())


def _verify_alloc(op: Operation) -> None:
    expect_counts(op, None, 1)
    type_ = check_memref(op, op.result_types[0], "result")
    if len(op.operands) != sum(1 for size in type_.shape if size is None) + (
            (op.attributes.get("operandSegmentSizes") or [0, 0])[1]):
        raise fail(op, "dimension operand count does not equal the memref's dynamic dimension count")


def _lower_alloc(op: Operation, lw: Any) -> Any:
    type_ = op.result_types[0]
    assert isinstance(type_, MemRefType)
    if any(size is None for size in type_.shape):
        raise MlirUnsupportedError(at(op.location, f"'{op.name}': dynamic sizes ({type_}) are not supported"))
    space = "private" if op.name == "memref.alloca" else memory_space_of(type_)
    if space == "global":
        raise MlirUnsupportedError(at(op.location, f"'{op.name}' in global memory ({type_}): a kernel here allocates "
                                                   f"workgroup (#gpu.address_space<workgroup>, 3) or private memory"))
    strides, offset = layout_of(type_)
    if any(s is None for s in strides) or offset is None:
        raise MlirUnsupportedError(at(op.location, f"'{op.name}': dynamic strides or offset in {type_}"))
    dtype = numpy_dtype(type_.element)
    elements = int(np.prod(type_.shape, dtype=np.int64)) if type_.shape else 1
    span = offset + sum((n - 1) * s for n, s in zip(type_.shape, strides)) + 1 if elements else 0  # type: ignore[operator]
    size = int(span) * dtype.itemsize
    name = f"{op.results[0]} ({op.location})"

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        if space == "workgroup":
            used = machine.extras.get("workgroup_bytes", 0) + size
            limit = machine.profile.mlir.max_workgroup_bytes
            if used > limit:
                raise MlirUnsupportedError(at(op.location, f"'{op.name}': the kernel's workgroup memory grows to "
                                                           f"{used} bytes, more than the profile's "
                                                           f"mlir.max_workgroup_bytes {limit}"))
            machine.extras["workgroup_bytes"] = used
            memory: Any = GroupSharedMemory(machine.ctx, size, name=name)
        else:
            memory = PrivateMemory(machine.ctx, size, name)
        return (MemRef(memory, dtype, tuple(type_.shape), tuple(strides), int(offset), 0, name, space,  # type: ignore[arg-type]
                       int(span)),)
    return kernel


def _parse_dealloc(p: OpParser) -> None:
    p.operand()
    p.attr_dict()
    p.expect(":", "before the memref type")
    p.operand_types.append(p.type())


def _verify_dealloc(op: Operation) -> None:
    expect_counts(op, 1, 0)


def _lower_nothing(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return ()
    return kernel


# -- load / store ----------------------------------------------------------------------------------------------------------
def _parse_load(p: OpParser) -> None:
    """`%v = memref.load %m[%i, %j] {nontemporal = false} : memref<...>`."""
    p.operand()
    p.indices()
    p.attr_dict()
    p.expect(":", "before the memref type")
    type_ = p.type()
    p.operand_types.insert(0, type_)
    if isinstance(type_, MemRefType):
        p.result_types.append(type_.element)
    else:
        raise p.error(f"expected a memref type, got '{type_}'")


def _parse_store(p: OpParser) -> None:
    """`memref.store %v, %m[%i] : memref<...>`."""
    p.operand()
    p.expect(",", "after the stored value")
    p.operand()
    p.indices()
    p.attr_dict()
    p.expect(":", "before the memref type")
    type_ = p.type()
    if not isinstance(type_, MemRefType):
        raise p.error(f"expected a memref type, got '{type_}'")
    p.operand_types[:0] = [type_.element, type_]


def _verify_load(op: Operation) -> None:
    type_ = check_memref(op, op.operand_types[0], "memref")
    if len(op.operands) != 1 + type_.rank:
        raise fail(op, f"incorrect number of indices for load, expected {type_.rank} but got "
                       f"{len(op.operands) - 1}")
    if op.result_types != [type_.element]:
        raise fail(op, f"result type must be the memref's element type {type_.element}")


def _verify_store(op: Operation) -> None:
    type_ = check_memref(op, op.operand_types[1], "memref")
    if len(op.operands) != 2 + type_.rank:
        raise fail(op, f"store index operand count not equal to memref rank {type_.rank}")
    if op.operand_types[0] != type_.element:
        raise fail(op, f"value type {op.operand_types[0]} must be the memref's element type {type_.element}")


def _lower_load(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        offsets = memref.byte_offsets(machine, args[1:], op.location, op.name)
        return (memref.memory.load(memref.dtype, offsets, 1, what=f"{op.location}: {op.name}")[:, 0],)
    return kernel


def _lower_store(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value, memref = args[0], args[1]
        offsets = memref.byte_offsets(machine, args[2:], op.location, op.name)
        values = np.broadcast_to(np.asarray(value, memref.dtype).reshape(-1, 1), (machine.lanes, 1))
        memref.memory.store(offsets, np.ascontiguousarray(values), what=f"{op.location}: {op.name}")
        return ()
    return kernel


# -- views -------------------------------------------------------------------------------------------------------------------
def _parse_assume_alignment(p: OpParser) -> None:
    """`%r = memref.assume_alignment %m, 64 : memref<...>` (the result is new in MLIR 21; older forms have none)."""
    p.operand()
    p.expect(",", "before the alignment")
    value = p.scanner.integer()
    if value is None:
        raise p.error("expected the alignment (an integer)")
    from dxlinalg.mlir.syntax import TypedInt
    from dxlinalg.nvgpu.types import I32

    p.attributes["alignment"] = TypedInt(value, I32)
    p.attr_dict()
    p.expect(":", "before the memref type")
    type_ = p.type()
    p.operand_types.append(type_)
    if p.result_count:
        p.result_types.append(type_)


def _verify_assume_alignment(op: Operation) -> None:
    check_memref(op, op.operand_types[0], "memref")
    alignment = op.attributes.get("alignment")
    if not isinstance(alignment, int) or alignment <= 0 or alignment & (alignment - 1):
        raise fail(op, f"alignment must be a power of 2, got {alignment!r}")


def _lower_assume_alignment(op: Operation, lw: Any) -> Any:
    alignment = int(op.attributes["alignment"])  # type: ignore[call-overload]
    has_result = bool(op.result_types)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        address = memref.base + np.asarray(memref.offset) * memref.dtype.itemsize
        rng = getattr(memref.memory, "range", None)
        if rng is not None:
            address = address + rng.base_address
        report(machine, op, np.asarray(address % alignment != 0).reshape(-1),
               f"the memref's address is not {alignment}-byte aligned (undefined behaviour)")
        return (memref,) if has_result else ()
    return kernel


def _parse_subview(p: OpParser) -> None:
    """`%s = memref.subview %m[%o, 4] [16, 16] [1, 1] : memref<...> to memref<...>`."""
    p.operand()
    offsets = p.mixed_list()
    sizes = p.mixed_list()
    strides = p.mixed_list()
    p.attr_dict()
    p.expect(":", "before the types")
    source = p.type()
    p.expect_keyword("to", "between the source and result types")
    p.operand_types.insert(0, source)
    p.result_types.append(p.type())
    p.attributes["static_offsets"] = [DYNAMIC if v is None else v for v in offsets]
    p.attributes["static_sizes"] = [DYNAMIC if v is None else v for v in sizes]
    p.attributes["static_strides"] = [DYNAMIC if v is None else v for v in strides]
    p.attributes["operandSegmentSizes"] = [1, offsets.count(None), sizes.count(None), strides.count(None)]


def _verify_subview(op: Operation) -> None:
    source = check_memref(op, op.operand_types[0], "source")
    check_memref(op, op.result_types[0], "result")
    for key in ("static_offsets", "static_sizes", "static_strides"):
        values = op.attributes.get(key)
        if not isinstance(values, list) or len(values) != source.rank:
            raise fail(op, f"expected {source.rank} entries in {key}, got {values!r}")


def _mixed(static: list[int], dynamic: list[np.ndarray], machine: Any, op: Operation, per_lane: bool) -> list[Any]:
    values: list[Any] = []
    position = 0
    for value in static:
        if value == DYNAMIC:
            item = dynamic[position]
            position += 1
            if not per_lane:
                single = uniform(machine, item)
                if single is None:
                    raise MlirUnsupportedError(at(op.location, f"'{op.name}': sizes and strides must be the same "
                                                               f"on every lane"))
                values.append(int(single))
            else:
                values.append(np.asarray(item).reshape(-1))
        else:
            values.append(int(value))
    return values


def _lower_subview(op: Operation, lw: Any) -> Any:
    static_offsets = [int(v) for v in op.attributes["static_offsets"]]  # type: ignore[union-attr]
    static_sizes = [int(v) for v in op.attributes["static_sizes"]]  # type: ignore[union-attr]
    static_strides = [int(v) for v in op.attributes["static_strides"]]  # type: ignore[union-attr]
    result = op.result_types[0]
    assert isinstance(result, MemRefType)
    counts = [static_offsets.count(DYNAMIC), static_sizes.count(DYNAMIC)]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        dynamic = args[1:]
        offsets = _mixed(static_offsets, dynamic[:counts[0]], machine, op, True)
        sizes = _mixed(static_sizes, dynamic[counts[0]:counts[0] + counts[1]], machine, op, False)
        strides = _mixed(static_strides, dynamic[counts[0] + counts[1]:], machine, op, False)
        offset = memref.offset
        for value, stride in zip(offsets, memref.strides):
            offset = offset + value * stride
        if machine.strict:
            for axis, (value, size, step, extent) in enumerate(zip(offsets, sizes, strides, memref.shape)):
                last = np.asarray(value) + (size - 1) * step if size else np.asarray(value)
                report(machine, op, np.asarray((np.asarray(value) < 0) | (last >= extent if size else
                                                                          np.asarray(value) > extent)).reshape(-1),
                       f"the subview's dimension {axis} leaves the source's [0, {extent}) (undefined behaviour)")
        shape = list(sizes)
        new_strides = [s * t for s, t in zip(memref.strides, strides)]
        if len(shape) > result.rank:
            keep = _kept_dimensions(shape, result)
            shape = [shape[i] for i in keep]
            new_strides = [new_strides[i] for i in keep]
        if isinstance(offset, np.ndarray):
            offset = offset.astype(np.int64)
        return (memref.with_layout(tuple(shape), tuple(new_strides), offset),)
    return kernel


def _kept_dimensions(sizes: list[int], result: MemRefType) -> list[int]:
    """Rank-reducing subview: drop unit dimensions so the rest match the result's shape (from the left)."""
    drop = len(sizes) - result.rank
    keep: list[int] = []
    target = list(result.shape)
    for axis, size in enumerate(sizes):
        remaining_target = target[len(keep):]
        if drop and size == 1 and (not remaining_target or remaining_target[0] != 1 or
                                   len(sizes) - axis - 1 >= len(remaining_target)):
            drop -= 1
            continue
        keep.append(axis)
    return keep


def _verify_cast(op: Operation) -> None:
    source = check_memref(op, op.operand_types[0], "source")
    result = check_memref(op, op.result_types[0], "result")
    if source.rank != result.rank or source.element != result.element:
        raise fail(op, f"operand type '{source}' and result type '{result}' are cast incompatible")
    for a, b in zip(source.shape, result.shape):
        if a is not None and b is not None and a != b:
            raise fail(op, f"operand type '{source}' and result type '{result}' are cast incompatible")


def _lower_cast(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, MemRefType)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        for axis, (size, extent) in enumerate(zip(result.shape, memref.shape)):
            if size is not None and size != extent:
                report(machine, op, np.ones(1, bool), f"dimension {axis} is {extent}, the result type says {size}")
        return (memref,)
    return kernel


def _parse_reshape(p: OpParser) -> None:
    """`memref.expand_shape %m [[0, 1], [2]] output_shape [4, 8, 16] : T into U` / collapse_shape (no output_shape)."""
    p.operand()
    p.expect("[", "to open the reassociation")
    groups: list[list[int]] = []
    while True:
        groups.append(p.integer_list())
        if p.accept("]"):
            break
        p.expect(",", "between reassociation groups")
    p.attributes["reassociation"] = groups
    if p.accept_keyword("output_shape"):
        shape = p.mixed_list()
        p.attributes["static_output_shape"] = [DYNAMIC if v is None else v for v in shape]
    p.attr_dict()
    p.expect(":", "before the types")
    p.operand_types.insert(0, p.type())
    p.expect_keyword("into", "between the types")
    p.result_types.append(p.type())


def _verify_reshape(op: Operation) -> None:
    source = check_memref(op, op.operand_types[0], "source")
    result = check_memref(op, op.result_types[0], "result")
    groups = op.attributes.get("reassociation")
    expanded, collapsed = (result, source) if op.name == "memref.expand_shape" else (source, result)
    if not isinstance(groups, list) or len(groups) != collapsed.rank or \
            sorted(i for g in groups for i in g) != list(range(expanded.rank)):
        raise fail(op, f"reassociation {groups!r} must group the {expanded.rank} dimensions into {collapsed.rank}")


def _lower_reshape(op: Operation, lw: Any) -> Any:
    groups = [[int(i) for i in g] for g in op.attributes["reassociation"]]  # type: ignore[union-attr]
    result = op.result_types[0]
    assert isinstance(result, MemRefType)
    expand = op.name == "memref.expand_shape"

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        shape: list[int] = []
        strides: list[int] = []
        if expand:
            if any(size is None for size in result.shape):
                raise MlirUnsupportedError(at(op.location, f"'{op.name}': dynamic output sizes are not supported"))
            for axis, group in enumerate(groups):
                stride = memref.strides[axis]
                sizes = [int(result.shape[i]) for i in group]  # type: ignore[arg-type]
                inner = [int(np.prod(sizes[k + 1:], dtype=np.int64)) for k in range(len(sizes))]
                shape.extend(sizes)
                strides.extend(stride * s for s in inner)
        else:
            for group in groups:
                sizes = [memref.shape[i] for i in group]
                steps = [memref.strides[i] for i in group]
                for k in range(len(group) - 1):
                    if sizes[k + 1] != 1 and steps[k] != steps[k + 1] * sizes[k + 1] and sizes[k] != 1:
                        raise MlirUnsupportedError(at(op.location, f"'{op.name}': dimensions {group} are not "
                                                                   f"contiguous, so they cannot be collapsed"))
                shape.append(int(np.prod(sizes, dtype=np.int64)))
                strides.append(steps[-1])
        return (memref.with_layout(tuple(shape), tuple(strides), memref.offset),)
    return kernel


def _parse_reinterpret_cast(p: OpParser) -> None:
    """`memref.reinterpret_cast %m to offset: [0], sizes: [10, 2], strides: [2, 1] : T to U`."""
    p.operand()
    p.expect_keyword("to", "after the source")
    p.expect_keyword("offset", "after 'to'")
    p.expect(":", "after 'offset'")
    offsets = p.mixed_list()
    p.expect(",", "after the offset")
    p.expect_keyword("sizes", "after the offset")
    p.expect(":", "after 'sizes'")
    sizes = p.mixed_list()
    p.expect(",", "after the sizes")
    p.expect_keyword("strides", "after the sizes")
    p.expect(":", "after 'strides'")
    strides = p.mixed_list()
    p.attr_dict()
    p.expect(":", "before the types")
    p.operand_types.insert(0, p.type())
    p.expect_keyword("to", "between the types")
    p.result_types.append(p.type())
    p.attributes["static_offsets"] = [DYNAMIC if v is None else v for v in offsets]
    p.attributes["static_sizes"] = [DYNAMIC if v is None else v for v in sizes]
    p.attributes["static_strides"] = [DYNAMIC if v is None else v for v in strides]
    p.attributes["operandSegmentSizes"] = [1, offsets.count(None), sizes.count(None), strides.count(None)]


def _verify_reinterpret_cast(op: Operation) -> None:
    check_memref(op, op.operand_types[0], "source")
    result = check_memref(op, op.result_types[0], "result")
    if len(op.attributes.get("static_offsets") or []) != 1 or \
            len(op.attributes.get("static_sizes") or []) != result.rank:
        raise fail(op, "expects one offset and one size and stride per result dimension")


def _lower_reinterpret_cast(op: Operation, lw: Any) -> Any:
    static_offsets = [int(v) for v in op.attributes["static_offsets"]]  # type: ignore[union-attr]
    static_sizes = [int(v) for v in op.attributes["static_sizes"]]  # type: ignore[union-attr]
    static_strides = [int(v) for v in op.attributes["static_strides"]]  # type: ignore[union-attr]
    counts = [static_offsets.count(DYNAMIC), static_sizes.count(DYNAMIC)]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        dynamic = args[1:]
        offset = _mixed(static_offsets, dynamic[:counts[0]], machine, op, True)[0]
        sizes = _mixed(static_sizes, dynamic[counts[0]:counts[0] + counts[1]], machine, op, False)
        strides = _mixed(static_strides, dynamic[counts[0] + counts[1]:], machine, op, False)
        return (memref.with_layout(tuple(sizes), tuple(strides), offset),)
    return kernel


# -- memref.global / memref.get_global ---------------------------------------------------------------------------------
def _parse_global(p: OpParser) -> None:
    """`memref.global ["private"] [constant] @name : memref<...> [= dense<...> | = uninitialized] {attrs}`."""
    visibility = p.scanner.string_literal()
    if visibility is not None:
        p.attributes["sym_visibility"] = visibility
    if p.accept_keyword("constant"):
        p.attributes["constant"] = True
    p.attributes["sym_name"] = p.symbol_name()
    p.expect(":", "before the global's type")
    p.attributes["type"] = p.type()
    if p.accept("="):
        if p.accept_keyword("uninitialized"):
            p.attributes["initial_value"] = True
        elif p.scanner.peek_keyword("dense"):
            from dxlinalg.mlir.syntax import read_dense

            p.attributes["initial_value"] = read_dense(p.scanner, p.aliases, p.attributes["type"])  # type: ignore[arg-type]
        else:
            p.attributes["initial_value"] = p.attribute()
    p.attr_dict()


def _verify_global(op: Operation) -> None:
    check_memref(op, op.attributes.get("type"), "type")
    if not isinstance(op.attributes.get("sym_name"), str):
        raise fail(op, "requires a symbol name")


def _parse_get_global(p: OpParser) -> None:
    """`%m = memref.get_global @name : memref<...>`."""
    from dxlinalg.mlir.syntax import SymbolRef

    p.attributes["name"] = SymbolRef(p.symbol_name())
    p.attr_dict()
    p.expect(":", "before the type")
    p.result_types.append(p.type())


def _verify_get_global(op: Operation) -> None:
    expect_counts(op, 0, 1)
    check_memref(op, op.result_types[0], "result")


def _lower_get_global(op: Operation, lw: Any) -> Any:
    from dxlinalg.mlir.syntax import DenseAttr, SymbolRef

    reference = op.attributes.get("name")
    name = reference.name if isinstance(reference, SymbolRef) else None
    declaration = lw.globals.get(name)
    if declaration is None:
        raise fail(op, f"'{name}' does not reference a valid global memref")
    type_ = declaration.attributes["type"]
    if type_ != op.result_types[0]:
        raise fail(op, f"result type {op.result_types[0]} does not match type {type_} of the global memref @{name}")
    space = memory_space_of(type_)
    if any(size is None for size in type_.shape):
        raise MlirUnsupportedError(at(op.location, f"global @{name} of dynamic shape {type_}"))
    strides, offset = layout_of(type_)
    dtype = numpy_dtype(type_.element)
    elements = int(np.prod(type_.shape, dtype=np.int64)) if type_.shape else 1
    initial = declaration.attributes.get("initial_value")
    if space == "workgroup" and isinstance(initial, DenseAttr):
        raise MlirUnsupportedError(at(declaration.location, f"global @{name} in workgroup memory with an initial "
                                                            f"value (workgroup memory starts undefined)"))
    if space == "private":
        raise MlirUnsupportedError(at(declaration.location, f"global @{name} in private memory"))

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        cache = machine.extras.setdefault("globals", {}) if space == "global" else \
            machine.extras.setdefault("workgroup_globals", {})
        memref = cache.get(name)
        if memref is None:
            if space == "workgroup":
                used = machine.extras.get("workgroup_bytes", 0) + elements * dtype.itemsize
                if used > machine.profile.mlir.max_workgroup_bytes:
                    raise MlirUnsupportedError(at(op.location, f"workgroup memory grows to {used} bytes, more than "
                                                               f"the profile's mlir.max_workgroup_bytes"))
                machine.extras["workgroup_bytes"] = used
                memory: Any = GroupSharedMemory(machine.ctx, elements * dtype.itemsize, name=f"@{name}")
            else:
                values = np.zeros(elements, dtype)
                if isinstance(initial, DenseAttr):
                    values[:] = np.broadcast_to(initial.values, type_.shape).reshape(-1)
                from dxlinalg.gpu.typed_view import BufferMemory

                memory = BufferMemory(values.view(np.uint8).copy(), f"@{name}")
            memref = MemRef(memory, dtype, tuple(type_.shape), tuple(strides), int(offset or 0), 0,  # type: ignore[arg-type]
                            f"@{name}", space, elements)
            cache[name] = memref
        return (memref,)
    return kernel


def _register() -> None:
    define("memref.global", parse=_parse_global, verify=_verify_global, lower=_lower_nothing)
    define("memref.get_global", parse=_parse_get_global, verify=_verify_get_global, lower=_lower_get_global)
    define("memref.alloc", parse=_parse_alloc, verify=_verify_alloc, lower=_lower_alloc)
    define("memref.alloca", parse=_parse_alloc, verify=_verify_alloc, lower=_lower_alloc)
    define("memref.dealloc", parse=_parse_dealloc, verify=_verify_dealloc, lower=_lower_nothing)
    define("memref.load", parse=_parse_load, verify=_verify_load, lower=_lower_load)
    define("memref.store", parse=_parse_store, verify=_verify_store, lower=_lower_store)
    define("memref.assume_alignment", parse=_parse_assume_alignment, verify=_verify_assume_alignment,
           lower=_lower_assume_alignment)
    define("memref.subview", parse=_parse_subview, verify=_verify_subview, lower=_lower_subview)
    define("memref.cast", parse=parse_operand_to_type, verify=_verify_cast, lower=_lower_cast)
    define("memref.expand_shape", parse=_parse_reshape, verify=_verify_reshape, lower=_lower_reshape)
    define("memref.collapse_shape", parse=_parse_reshape, verify=_verify_reshape, lower=_lower_reshape)
    define("memref.reinterpret_cast", parse=_parse_reinterpret_cast, verify=_verify_reinterpret_cast,
           lower=_lower_reinterpret_cast)


_register()
