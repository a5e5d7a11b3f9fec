"""The gpu dialect's ids and barrier (llvm-project `mlir/docs/Dialects/GPU.md`) and IREE's HAL interface operations
(`hal.interface.binding.subspan`, `hal.interface.workgroup.id/count/size`) that a dispatch function reads its
buffers and workgroup position with.

Ids come from the simulated GPU's lanes: thread_id is the thread's position in its workgroup (block), block_id the
workgroup's in the grid, lane_id the lane's in its wave (the profile's wave size; NVIDIA's is 32). `upper_bound`
promises a bound: a value at or above it is poison, which strict mode reports. gpu.barrier is a workgroup barrier
with workgroup-memory semantics (`dxlinalg.gpu.group_barrier`): all threads of the workgroup that have not returned
must reach it (strict mode reports divergent barriers), and it ends the window in which groupshared accesses race.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.gpu.barriers import MemorySemantics, group_barrier
from dxlinalg.mlir.errors import MlirArgumentError, MlirUnsupportedError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.memref import MemRef
from dxlinalg.mlir.ops.common import lanes_shaped, report, uniform
from dxlinalg.mlir.ops.memref import layout_of, memory_space_of
from dxlinalg.mlir.ops.registry import define, expect_counts, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.syntax import DialectAttr, TypedInt, skip_balanced
from dxlinalg.mlir.values import numpy_dtype
from dxlinalg.nvgpu.types import I1, I32, INDEX, MemRefType

DIMENSIONS = ("x", "y", "z")
_ID_OPS = ("thread_id", "block_id", "block_dim", "grid_dim", "global_id", "lane_id", "subgroup_size",
           "subgroup_id", "num_subgroups")


def _parse_id(p: OpParser) -> None:
    """`%t = gpu.thread_id x [upper_bound 128]` (lane_id and the subgroup ids take no dimension)."""
    if p.name in ("gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim", "gpu.global_id"):
        word = p.keyword()
        if word not in DIMENSIONS:
            raise p.error(f"expected the dimension x, y or z, got {word!r}")
        p.attributes["dimension"] = DialectAttr("gpu.dim", word)
    if p.accept_keyword("upper_bound"):
        value = p.scanner.integer()
        if value is None:
            raise p.error("expected an integer after upper_bound")
        p.attributes["upper_bound"] = TypedInt(value, INDEX)
    p.attr_dict()
    p.result_types.append(INDEX)


def dimension_of(op: Operation) -> int:
    value = op.attributes.get("dimension")
    if isinstance(value, DialectAttr):
        word = value.body.replace("dim", "").strip()
        if word in DIMENSIONS:
            return DIMENSIONS.index(word)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 3:
        return int(value)
    raise fail(op, f"requires a 'dimension' (x, y or z), got {value!r}")


def _verify_id(op: Operation) -> None:
    expect_counts(op, 0, 1)
    if op.result_types[0] != INDEX:
        raise fail(op, f"result must be index, got '{op.result_types[0]}'")
    if op.name in ("gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim", "gpu.global_id"):
        dimension_of(op)


def _lower_id(op: Operation, lw: Any) -> Any:
    kind = op.name.split(".", 1)[1]
    axis = dimension_of(op) if op.name in ("gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim",
                                           "gpu.global_id") else 0
    bound = op.attributes.get("upper_bound")

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        geometry = machine.ctx.geometry
        if kind == "thread_id":
            value = geometry.group_thread_id[:, axis]
        elif kind == "block_id":
            value = geometry.group_id[:, axis]
        elif kind == "global_id":
            value = geometry.dispatch_thread_id[:, axis]
        elif kind == "block_dim":
            value = np.array([machine.block_size[axis]])
        elif kind == "grid_dim":
            value = np.array([machine.workgroups[axis]])
        elif kind == "lane_id":
            value = geometry.lane_in_wave
        elif kind == "subgroup_size":
            value = np.array([machine.profile.wave_size])
        elif kind == "subgroup_id":
            value = geometry.group_index // machine.profile.wave_size
        else:
            threads = machine.block_size[0] * machine.block_size[1] * machine.block_size[2]
            value = np.array([-(-threads // machine.profile.wave_size)])
        value = np.asarray(value).astype(np.int64)
        if bound is not None:
            report(machine, op, value >= int(bound), f"the value reaches its upper_bound {int(bound)} (poison)")
        return (value,)
    return kernel


def _parse_barrier(p: OpParser) -> None:
    """`gpu.barrier [memfence [#gpu.address_space<workgroup>, ...]]`."""
    if p.accept_keyword("memfence"):
        p.attributes["address_spaces"] = p.attribute()
    p.attr_dict()


def _verify_barrier(op: Operation) -> None:
    expect_counts(op, 0, 0)


def _lower_barrier(op: Operation, lw: Any) -> Any:
    what = f"{op.location}: gpu.barrier"

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        group_barrier(execution=True, memory=MemorySemantics.ALL, what=what)
        return ()
    return kernel


# -- gpu.shuffle -----------------------------------------------------------------------------------------------------
SHUFFLE_MODES = ("xor", "up", "down", "idx")


def _parse_shuffle(p: OpParser) -> None:
    """`%r, %valid = gpu.shuffle xor %value, %offset, %width : f32`."""
    mode = p.keyword()
    if mode not in SHUFFLE_MODES:
        raise p.error(f"expected a shuffle mode ({', '.join(SHUFFLE_MODES)}), got {mode!r}")
    p.attributes["mode"] = DialectAttr("gpu.shuffle_mode", mode)
    for position in range(3):
        if position:
            p.expect(",", "between the operands")
        p.operand()
    p.attr_dict()
    p.expect(":", "before the type")
    type_ = p.type()
    p.operand_types.extend([type_, I32, I32])
    p.result_types.extend([type_, I1])


def _shuffle_mode(op: Operation) -> str:
    mode = op.attributes.get("mode")
    if isinstance(mode, DialectAttr):
        word = mode.body.replace("shuffle_mode", "").strip()
        if word in SHUFFLE_MODES:
            return word
    raise fail(op, f"requires a shuffle mode ({', '.join(SHUFFLE_MODES)}), got {mode!r}")


def _verify_shuffle(op: Operation) -> None:
    expect_counts(op, 3, 2)
    _shuffle_mode(op)
    if op.operand_types[1:] != [I32, I32] or op.result_types != [op.operand_types[0], I1]:
        raise fail(op, f"expects (T, i32 offset, i32 width) -> (T, i1), got ({', '.join(map(str, op.operand_types))})"
                       f" -> ({', '.join(map(str, op.result_types))})")


def _lower_shuffle(op: Operation, lw: Any) -> Any:
    mode = _shuffle_mode(op)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        ctx = machine.ctx
        value, offset, width = args
        value = lanes_shaped(machine, np.asarray(value))
        lane = ctx.geometry.lane_in_wave.astype(np.int64)
        base = np.arange(machine.lanes) - lane
        size = int(width.reshape(-1)[0]) if uniform(machine, width) is not None else None
        if size is None or size < 1 or size > machine.profile.wave_size or size & (size - 1):
            report(machine, op, np.ones(1, bool), f"width must be the same power of two on every lane, at most the "
                                                  f"subgroup size {machine.profile.wave_size}")
            size = machine.profile.wave_size
        shift = np.broadcast_to(np.asarray(offset, np.int64).reshape(-1), (machine.lanes,))
        source = {"xor": lane ^ shift, "up": lane - shift, "down": lane + shift, "idx": shift}[mode]
        valid = (lane < size) & (source >= 0) & (source < size)
        waves = ctx.wave_of_lane
        required = (lane < size)
        reached = np.zeros(len(ctx.wave_starts), bool)
        reached[waves[ctx.active]] = True
        missing = reached[waves] & required & ~ctx.active
        report(machine, op, missing, f"the first {size} lanes of the subgroup must all execute gpu.shuffle "
                                     f"(this lane does not)", any_lane=True)
        index = np.where(valid, base + source, np.arange(machine.lanes))
        index = np.clip(index, 0, machine.lanes - 1)
        return (value[index], valid)
    return kernel


# -- IREE's HAL interface --------------------------------------------------------------------------------------------
def _parse_subspan(p: OpParser) -> None:
    """`hal.interface.binding.subspan layout(...) binding(0) [alignment(64)] [offset(%o)] [flags(...)] :
    memref<...>[{%d0, ...}]`."""
    offset_count = 0
    while not p.peek(":"):
        word = p.keyword()
        if word is None:
            raise p.error(f"expected layout(...), binding(...), alignment(...), offset(...) or flags(...), found "
                          f"{p.scanner.found()}")
        if word == "offset":
            p.expect("(", "after offset")
            p.operand(INDEX)
            p.expect(")", "after the offset")
            offset_count = 1
        elif word in ("binding", "alignment"):
            p.expect("(", f"after {word}")
            value = p.scanner.integer()
            if value is None:
                raise p.error(f"expected an integer in {word}(...)")
            p.attributes[word] = TypedInt(value, INDEX)
            p.expect(")", f"after the {word}")
        elif word in ("layout", "flags", "set"):
            p.attributes[word] = skip_balanced(p.scanner, "(")
        else:
            raise p.error(f"unexpected '{word}' in hal.interface.binding.subspan")
    p.expect(":", "before the result type")
    p.result_types.append(p.type())
    dims = p.operand_list("}", INDEX) if p.accept("{") else []
    p.attributes["operandSegmentSizes"] = [offset_count, len(dims)]
    p.attr_dict()


def _verify_subspan(op: Operation) -> None:
    type_ = op.result_types[0] if op.result_types else None
    if not isinstance(type_, MemRefType):
        raise fail(op, f"result must be a memref, got '{type_}'")
    if not isinstance(op.attributes.get("binding"), int):
        raise fail(op, "requires attribute 'binding'")


def _lower_subspan(op: Operation, lw: Any) -> Any:
    type_ = op.result_types[0]
    assert isinstance(type_, MemRefType)
    binding = int(op.attributes["binding"])  # type: ignore[call-overload]
    segments = op.attributes.get("operandSegmentSizes") or [len(op.operands), 0]
    has_offset = bool(segments[0])  # type: ignore[index]
    strides, static_offset = layout_of(type_)
    dtype = numpy_dtype(type_.element)
    name = f"binding {binding}"

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        buffer = machine.buffers.get(binding)
        if buffer is None:
            raise MlirArgumentError(at(op.location, f"the kernel reads binding {binding}; pass it in "
                                                    f"buffers={{{binding}: ...}}"))
        offset = uniform(machine, args[0]) if has_offset else 0
        if offset is None or offset % dtype.itemsize:
            raise MlirUnsupportedError(at(op.location, f"binding offset {offset} must be uniform and a multiple of "
                                                       f"the element size {dtype.itemsize}"))
        dims = iter(int(uniform(machine, v)) for v in args[1 if has_offset else 0:])  # type: ignore[arg-type]
        shape = tuple(size if size is not None else next(dims) for size in type_.shape)
        row_strides = _row_major(shape) if any(s is None for s in strides) else tuple(strides)
        memory = buffer
        total = (memory.range.size - int(offset)) // dtype.itemsize
        view = MemRef(memory, dtype, shape, row_strides, int(static_offset or 0), int(offset), name,  # type: ignore[arg-type]
                      memory_space_of(type_), max(total, 0))
        return (view,)
    return kernel


def _row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, step = [], 1
    for extent in reversed(shape):
        strides.append(step)
        step *= extent
    return tuple(reversed(strides))


def _parse_workgroup(p: OpParser) -> None:
    """`%id = hal.interface.workgroup.id[0] [upper_bound 16] : index`."""
    p.expect("[", "before the dimension")
    value = p.scanner.integer()
    if value is None:
        raise p.error("expected the dimension (0, 1 or 2)")
    p.attributes["dimension"] = TypedInt(value, INDEX)
    p.expect("]", "after the dimension")
    if p.accept_keyword("upper_bound"):
        bound = p.scanner.integer()
        p.attributes["upper_bound"] = TypedInt(bound or 0, INDEX)
    p.attr_dict()
    p.expect(":", "before the result type")
    p.result_types.append(p.type())


def _lower_workgroup(op: Operation, lw: Any) -> Any:
    kind = op.name.rsplit(".", 1)[1]
    axis = dimension_of(op)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        if kind == "id":
            value = machine.ctx.geometry.group_id[:, axis].astype(np.int64)
        elif kind == "count":
            value = np.array([machine.workgroups[axis]], np.int64)
        else:
            value = np.array([machine.block_size[axis]], np.int64)
        return (value,)
    return kernel


def _register() -> None:
    for name in _ID_OPS:
        define(f"gpu.{name}", parse=_parse_id, verify=_verify_id, lower=_lower_id)
    define("gpu.barrier", parse=_parse_barrier, verify=_verify_barrier, lower=_lower_barrier)
    define("gpu.shuffle", parse=_parse_shuffle, verify=_verify_shuffle, lower=_lower_shuffle)
    define("hal.interface.binding.subspan", parse=_parse_subspan, verify=_verify_subspan, lower=_lower_subspan)
    for kind in ("id", "count", "size"):
        define(f"hal.interface.workgroup.{kind}", parse=_parse_workgroup, verify=_verify_id, lower=_lower_workgroup)


_register()
