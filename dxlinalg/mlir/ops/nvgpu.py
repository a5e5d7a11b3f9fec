"""The six nvgpu operations inside a kernel: verified by `dxlinalg.nvgpu.verifier`, executed by `dxlinalg.nvgpu`'s
own functions (mma_sync, mma_sp_sync, ldmatrix, device_async_copy/create_group/wait), never a second copy.

Custom forms: what current MLIR prints (`nvgpu.mma.sync(%a, %b, %c) mmaShape = [16, 8, 16] : ...`, properties
without braces) and the older `{mmaShape = [16, 8, 16]}` dictionary; both give the same attributes. A memref operand
is handed to nvgpu as a flat view of its allocation indexed by element offset, after this runner has checked the
indices against the memref's own shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirVerifyError
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.memref import MemRef
from dxlinalg.mlir.ops.common import lanes_shaped
from dxlinalg.mlir.ops.registry import define, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.syntax import TypedInt
from dxlinalg.nvgpu import (
    device_async_copy,
    device_async_create_group,
    device_async_wait,
    ldmatrix,
    mma_sp_sync,
    mma_sync,
    verifier,
)
from dxlinalg.nvgpu.types import DEVICE_ASYNC_TOKEN, I64, INDEX, VectorType
from dxlinalg.nvgpu.verifier import SPARSE_METADATA_TYPE, NvgpuVerifierError


def _properties(p: OpParser) -> None:
    p.inline_properties()
    _declared_integer_types(p)


def _declared_integer_types(p: OpParser) -> None:
    """An integer property written inline has its declared type (`numTiles = 4` is `4 : i32`)."""
    for key, value in list(p.attributes.items()):
        declared = verifier.INLINE_INTEGER_TYPES.get((p.name, key))
        if declared is not None and isinstance(value, TypedInt) and value.type == I64:
            p.attributes[key] = TypedInt(int(value), declared)


def _parse_mma(p: OpParser) -> None:
    """`nvgpu.mma.sync(%a, %b, %c) [metadata(%m)] mmaShape = [16, 8, 16] : (A, B, C) -> D`."""
    p.expect("(", "to open the operands")
    p.operand_list(")")
    if p.name == verifier.MMA_SP_SYNC:
        p.expect_keyword("metadata", "after the operands of nvgpu.mma.sp.sync")
        p.expect("(", "after metadata")
        p.operand()
        p.expect(")", "after the metadata operand")
    _properties(p)
    p.expect(":", "before the types")
    p.expect("(", "to open the operand types")
    types = p.type_list()
    p.expect(")", "after the operand types")
    if len(types) != 3:
        raise p.error(f"expected the three operand types, got {len(types)}")
    p.expect("->", "before the result type")
    p.operand_types.extend(types)
    if p.name == verifier.MMA_SP_SYNC:
        p.operand_types.append(SPARSE_METADATA_TYPE)
    p.result_types.append(p.type())


def _parse_ldmatrix(p: OpParser) -> None:
    """`%r = nvgpu.ldmatrix %m[%i, %j] numTiles = 4 : i32, transpose = false : memref<...> -> vector<4x2xf16>`
    (or with `{numTiles = 4 : i32, transpose = false}`)."""
    p.operand()
    p.indices()
    _properties(p)
    p.expect(":", "before the types")
    p.operand_types.insert(0, p.type())
    p.expect("->", "before the result type")
    p.result_types.append(p.type())


def _parse_copy(p: OpParser) -> None:
    """`%t = nvgpu.device_async_copy %src[%i], %dst[%j], 4 [, %n] [bypassL1] : memref<...> to memref<..., 3>`."""
    p.operand()
    source_indices = p.indices()
    p.expect(",", "after the source indices")
    p.operand()
    destination_indices = p.indices()
    p.expect(",", "after the destination indices")
    count = p.scanner.integer()
    if count is None:
        raise p.error("expected the number of destination elements (an integer)")
    p.attributes["dstElements"] = TypedInt(count, INDEX)
    has_source_elements = False
    if p.accept(","):
        p.operand(INDEX)
        has_source_elements = True
    _properties(p)
    p.expect(":", "before the types")
    source = p.type()
    p.expect_keyword("to", "between the memref types")
    destination = p.type()
    # operands in ODS order: dst, dstIndices, src, srcIndices, srcElements
    names = p.operands
    src, dst = names[0], names[1 + len(source_indices)]
    p.operands = [dst, *destination_indices, src, *source_indices] + (names[-1:] if has_source_elements else [])
    p.operand_types = [destination] + [INDEX] * len(destination_indices) + [source] + [INDEX] * len(
        source_indices) + ([INDEX] if has_source_elements else [])
    p.attributes["operandSegmentSizes"] = [1, len(destination_indices), 1, len(source_indices),
                                           int(has_source_elements)]
    p.result_types.append(DEVICE_ASYNC_TOKEN)


def _parse_create_group(p: OpParser) -> None:
    p.operand_list(type_=DEVICE_ASYNC_TOKEN)
    _properties_optional(p)
    p.result_types.append(DEVICE_ASYNC_TOKEN)


def _parse_wait(p: OpParser) -> None:
    p.operand_list(type_=DEVICE_ASYNC_TOKEN)
    _properties_optional(p)


def _properties_optional(p: OpParser) -> None:
    """Properties after an operand list, ending at the line's end (no ':' follows these operations)."""
    p.properties()
    scanner = p.scanner
    while True:
        saved = scanner.pos
        key = scanner.bare_id()
        if key is None:
            break
        if not p.accept("="):
            scanner.pos = saved
            break
        p.attributes[key] = p.attribute()
    p.attr_dict()
    _declared_integer_types(p)


def _wrap(op: Operation, function: Any) -> None:
    try:
        function()
    except NvgpuVerifierError as error:
        raise MlirVerifyError(f"{op.location}: {error.message}") from None


def _verify_mma(op: Operation) -> None:
    if len(op.operand_types) < 3 or len(op.result_types) != 1:
        raise fail(op, "expects three operands and one result")
    a, b, c = op.operand_types[:3]
    common = {"result": op.result_types[0], "location": op.location}
    if op.name == verifier.MMA_SYNC:
        _wrap(op, lambda: verifier.verify_mma_sync(a, b, c, op.attributes.get("mmaShape"),
                                                   op.attributes.get("tf32Enabled"), **common))
    else:
        _wrap(op, lambda: verifier.verify_mma_sp_sync(a, b, c, op.attributes.get("mmaShape"),
                                                      op.attributes.get("sparsitySelector"),
                                                      op.attributes.get("tf32Enabled"),
                                                      sparse_metadata=op.operand_types[3], **common))


def _lower_mma(op: Operation, lw: Any) -> Any:
    shape = [int(v) for v in op.attributes["mmaShape"]]  # type: ignore[union-attr]
    tf32 = bool(op.attributes.get("tf32Enabled", False))
    selector = int(op.attributes.get("sparsitySelector", 0) or 0)  # type: ignore[call-overload]
    sparse = op.name == verifier.MMA_SP_SYNC

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        a, b, c = (np.ascontiguousarray(lanes_shaped(machine, v)) for v in args[:3])
        if sparse:
            metadata = np.ascontiguousarray(lanes_shaped(machine, args[3]))
            return (mma_sp_sync(a, b, c, metadata, shape, selector, tf32),)
        return (mma_sync(a, b, c, shape, tf32),)
    return kernel


def _verify_ldmatrix(op: Operation) -> None:
    if not op.operand_types or len(op.result_types) != 1:
        raise fail(op, "expects a memref, its indices and one result")
    _wrap(op, lambda: verifier.verify_ldmatrix(op.operand_types[0], op.result_types[0],
                                               op.attributes.get("transpose"), op.attributes.get("numTiles"),
                                               indices=op.operand_types[1:], location=op.location))


def _lower_ldmatrix(op: Operation, lw: Any) -> Any:
    transpose = bool(op.attributes.get("transpose", False))
    tiles = int(op.attributes["numTiles"])  # type: ignore[call-overload]
    result = op.result_types[0]
    assert isinstance(result, VectorType)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        row = 16 // memref.dtype.itemsize
        offsets = _supplying_offsets(machine, memref, list(args[1:]), op, tiles, row)
        values = ldmatrix(memref.flat_view(), (offsets,), transpose, tiles)
        return (values.reshape((machine.lanes,) + result.shape),)
    return kernel


def _supplying_offsets(machine: Any, memref: MemRef, indices: list, op: Operation, tiles: int,
                       row: int) -> np.ndarray:
    """Element offsets of the rows the supplying lanes (8 per tile) name, checked against the memref's shape for
    those lanes only (the others' addresses are not read)."""
    ctx = machine.ctx
    supplying = ctx.active & ((np.arange(machine.lanes) % 32) < 8 * tiles)
    ctx.push_mask(supplying)
    try:
        return memref.element_offsets(machine, indices, op.location, op.name, reach=row)
    finally:
        ctx.pop_mask()


def _verify_copy(op: Operation) -> None:
    segments = op.attributes.get("operandSegmentSizes")
    if not isinstance(segments, list) or len(segments) != 5 or sum(segments) != len(op.operands):
        raise fail(op, f"operandSegmentSizes {segments!r} must give dst, dstIndices, src, srcIndices, srcElements")
    types = op.operand_types
    d, s = 1 + segments[1], 2 + segments[1] + segments[3]
    _wrap(op, lambda: verifier.verify_device_async_copy(
        types[0], types[1:d], types[d], types[d + 1:s], op.attributes.get("dstElements"),
        types[s] if segments[4] else None, op.attributes.get("bypassL1"), location=op.location))


def _source_offsets(machine: Any, src: MemRef, indices: list, source_elements: np.ndarray | None,
                    op: Operation) -> np.ndarray:
    """Element offsets of the source, checked against the source memref's shape only for the lanes that read
    something: with srcElements = 0, PTX cp.async's src-size 0 reads no source byte and zero-fills the
    destination, so its source address may point anywhere (the same rule as dxlinalg.nvgpu's
    device_async_copy, which checks the flat allocation; the destination's bounds always apply)."""
    ctx = machine.ctx
    reading = ctx.active if source_elements is None else ctx.active & (source_elements > 0)
    ctx.push_mask(reading)
    try:
        return src.element_offsets(machine, indices, op.location, op.name)
    finally:
        ctx.pop_mask()


def _lower_copy(op: Operation, lw: Any) -> Any:
    segments = [int(v) for v in op.attributes["operandSegmentSizes"]]  # type: ignore[union-attr]
    count = int(op.attributes["dstElements"])  # type: ignore[call-overload]
    bypass = bool(op.attributes.get("bypassL1", False))
    d, s = 1 + segments[1], 2 + segments[1] + segments[3]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        dst, src = args[0], args[d]
        dst_offsets = dst.element_offsets(machine, list(args[1:d]), op.location, op.name, reach=count)
        source_elements = None if not segments[4] else np.broadcast_to(
            np.asarray(args[s]).reshape(-1), (machine.lanes,))
        src_offsets = _source_offsets(machine, src, list(args[d + 1:s]), source_elements, op)
        token = device_async_copy(dst.flat_view(), (dst_offsets,), src.flat_view(), (src_offsets,), count,
                                  source_elements, bypass)
        return (token,)
    return kernel


def _verify_group(op: Operation) -> None:
    _wrap(op, lambda: verifier.verify_device_async_create_group(op.operand_types, location=op.location))


def _lower_group(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (device_async_create_group(list(args)),)
    return kernel


def _verify_wait(op: Operation) -> None:
    _wrap(op, lambda: verifier.verify_device_async_wait(op.operand_types[0] if op.operand_types else None,
                                                        op.attributes.get("numGroups"), location=op.location))


def _lower_wait(op: Operation, lw: Any) -> Any:
    groups = op.attributes.get("numGroups")

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        device_async_wait(args[0] if args else None, None if groups is None else int(groups))  # type: ignore[call-overload]
        return ()
    return kernel


def _register() -> None:
    define(verifier.MMA_SYNC, parse=_parse_mma, verify=_verify_mma, lower=_lower_mma)
    define(verifier.MMA_SP_SYNC, parse=_parse_mma, verify=_verify_mma, lower=_lower_mma)
    define(verifier.LDMATRIX, parse=_parse_ldmatrix, verify=_verify_ldmatrix, lower=_lower_ldmatrix)
    define(verifier.DEVICE_ASYNC_COPY, parse=_parse_copy, verify=_verify_copy, lower=_lower_copy)
    define(verifier.DEVICE_ASYNC_CREATE_GROUP, parse=_parse_create_group, verify=_verify_group, lower=_lower_group)
    define(verifier.DEVICE_ASYNC_WAIT, parse=_parse_wait, verify=_verify_wait, lower=_lower_wait)


_register()
