"""`run`: an MLIR GPU kernel over a grid of workgroups on the simulated GPU, in one call.

Two kernel forms: an IREE dispatch function (a `func.func` without arguments that reads its buffers with
`hal.interface.binding.subspan`; `buffers` keyed by binding number) and an upstream kernel (`gpu.func ... kernel`
or a `func.func` whose arguments are memrefs and scalars; `buffers` keyed by argument position). The block size
comes from `gpu.known_block_size` / `known_block_size` on the function, or `block_size`. The stages are separate:
parse (ParseError), verify and lower the entry function and what it calls (MlirVerifyError, MlirUnsupportedError:
nothing has run yet), bind the arguments (MlirArgumentError), run (MlirUndefinedBehaviorError in strict mode).
`dxlinalg.gpu.run_dispatch` runs the kernel a chunk of whole workgroups at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import current_context
from dxlinalg.gpu.dispatch import MAX_GROUPS_PER_DIMENSION, run_dispatch
from dxlinalg.gpu.shader import compute_shader
from dxlinalg.gpu.typed_view import BufferMemory
from dxlinalg.memory.address_space import AddressSpace, Buffer
from dxlinalg.mlir.errors import MlirArgumentError, MlirUnsupportedError, at
from dxlinalg.mlir.executor import Machine
from dxlinalg.mlir.ir import Module
from dxlinalg.mlir.memref import MemRef
from dxlinalg.mlir.ops.memref import layout_of, memory_space_of
from dxlinalg.mlir.parser import parse
from dxlinalg.mlir.program import CompiledFunction, Lowering, entry_function
from dxlinalg.mlir.values import numpy_dtype
from dxlinalg.nvgpu.types import MemRefType, ScalarType
from dxlinalg.nvgpu.warps import WARP_SIZE
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile

DEFAULT_STEP_LIMIT = 1_000_000
DEFAULT_MAX_LANES_PER_CHUNK = 16384


@dataclass(eq=False)
class Prepared:
    """A parsed kernel's entry function, verified and lowered (reusable across runs)."""

    module: Module
    lowering: Lowering
    function: CompiledFunction
    block_size: tuple[int, int, int] | None
    dispatch_form: bool
    arguments: int                       # the kernel's arguments (without gpu.func attributions)
    attributions: list[tuple[str, MemRefType]]  # ("workgroup" | "private", type) per attribution


_CACHE: dict[tuple[str, str], Prepared] = {}


def prepare(source: str | Path, entry: str) -> Prepared:
    """Parse, verify and lower `entry` (cached on the text): every error that needs no buffers shows here."""
    text = _text(source)
    if not isinstance(entry, str) or not entry:
        raise MlirArgumentError(f"entry must be a function name, got {entry!r}")
    key = (text, entry)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    module = parse(text)
    lowering, function = entry_function(module, entry)
    attributes = function.operation.attributes
    size = attributes.get("gpu.known_block_size", attributes.get("known_block_size"))
    block = tuple(int(v) for v in size) if isinstance(size, list) and len(size) == 3 else None  # type: ignore[union-attr]
    attributions = int(attributes.get("workgroup_attributions", 0) or 0) + int(  # type: ignore[call-overload]
        attributes.get("private_attributions", 0) or 0)  # type: ignore[call-overload]
    arguments = len(function.parameter_types) - attributions
    prepared = Prepared(module, lowering, function, block, arguments == 0, arguments,  # type: ignore[arg-type]
                        _attribution_kinds(attributes, function, arguments))
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[key] = prepared
    return prepared


def _attribution_kinds(attributes: dict, function: CompiledFunction, arguments: int) -> list[tuple[str, MemRefType]]:
    """gpu.func's workgroup(...) and private(...) attributions: memory each workgroup (lane) gets at the start."""
    types = function.parameter_types[arguments:]
    workgroup = int(attributes.get("workgroup_attributions", 0) or 0)  # type: ignore[call-overload]
    kinds = []
    for position, type_ in enumerate(types):
        if not isinstance(type_, MemRefType) or any(size is None for size in type_.shape):
            raise MlirUnsupportedError(at(function.operation.location, f"attribution {type_}: a static memref is "
                                                                        f"needed"))
        kinds.append(("workgroup" if position < workgroup else "private", type_))
    return kinds


def _text(source: str | Path) -> str:
    if isinstance(source, Path):
        if not source.is_file():
            raise MlirArgumentError(f"source: file {str(source)!r} does not exist")
        return source.read_text()
    if not isinstance(source, str):
        raise MlirArgumentError(f"source must be MLIR text (str) or a Path, not {type(source).__name__}")
    return source


def _triple(value: object, name: str, limit: int) -> tuple[int, int, int]:
    try:
        values = tuple(int(v) for v in value)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise MlirArgumentError(f"{name} must be three counts (x, y, z), not {value!r}") from None
    if len(values) != 3 or any(v < 1 or v > limit for v in values):
        raise MlirArgumentError(f"{name} {value!r} must be three counts in [1, {limit}]")
    return values  # type: ignore[return-value]


def run(source: str | Path, entry: str, workgroups: tuple[int, int, int] | None = None,
        buffers: Mapping[int, Any] | None = None, block_size: tuple[int, int, int] | None = None,
        profile: str | DeviceProfile = "reference", strict: bool = True, *, constants: Any = None,
        step_limit: int = DEFAULT_STEP_LIMIT, max_lanes_per_chunk: int = DEFAULT_MAX_LANES_PER_CHUNK) -> dict[int, Any]:
    """Run `entry` over `workgroups` and return every buffer afterwards (arrays keep their dtype and shape).

    `workgroups` None: the count an IREE kernel's `iree_codegen.dispatch_config` yields as constants (a static
    dispatch), else (1, 1, 1).

    `buffers` maps a binding number (IREE dispatch functions) or an argument position (kernels with arguments) to
    a numpy array (copied into a device buffer) or a `dxlinalg.memory` Buffer (used in place; its bytes come
    back); a scalar argument is a number. `strict` reports undefined behaviour (out of bounds, races, poison that
    MLIR's docs define, divergent barriers); `constants` are the push constants IREE dispatches read with
    `hal.interface.constant.load` (32-bit words: ints, or an array whose bytes are taken); `step_limit` bounds
    the block executions of one chunk.
    """
    # The gpu dialect's subgroup (gpu.lane_id, subgroup_id/size, num_subgroups, gpu.shuffle) is the warp of 32
    # lanes on every profile: NVVM lowers them to %laneid and WARP_SZ, and nvgpu's warp operations lay their
    # fragments and ldmatrix rows over that same warp (dxlinalg.nvgpu.warps). The profile's wave_size is the
    # subgroup size D3D12 and Vulkan report; applied here (4 lanes on adversarial, 64 on minimal) it would make
    # gpu.lane_id disagree with the warp the nvgpu operations use, which no NVIDIA target can do.
    device = subgroups_of_a_warp(load_profile(profile))
    prepared = prepare(source, entry)
    grid = _triple(_default_workgroups(prepared) if workgroups is None else workgroups, "workgroups",
                   MAX_GROUPS_PER_DIMENSION)
    block = _block_size(prepared, block_size)
    if not isinstance(strict, bool):
        raise MlirArgumentError(f"strict must be a bool, got {strict!r}")
    if step_limit < 1 or max_lanes_per_chunk < 1:
        raise MlirArgumentError("step_limit and max_lanes_per_chunk must be positive")
    space = AddressSpace()
    given = dict(buffers or {})
    for key in given:
        if not isinstance(key, (int, np.integer)) or isinstance(key, bool) or key < 0:
            raise MlirArgumentError(f"buffers keys are binding numbers or argument positions (ints >= 0), not "
                                    f"{key!r}")
    bound, arguments = _bind(prepared, given, space)
    words = _constant_words(constants)
    device_globals: dict[str, Any] = {}            # memref.global in device memory: one copy for the whole run
    threads = block[0] * block[1] * block[2]
    lanes = max(threads, (max_lanes_per_chunk // threads) * threads)

    def mlir_kernel() -> None:
        ctx = current_context()
        assert ctx is not None
        machine = Machine(ctx, device, strict, device.mlir.index_bits, bound, grid, block, step_limit,
                          prepared.lowering, extras={"constants": words, "globals": device_globals}, kernel_body=prepared.function.body)
        with np.errstate(all="ignore"):
            machine.call(prepared.function, _chunk_arguments(machine, prepared, arguments))

    try:
        shader = compute_shader(numthreads=block)(mlir_kernel)
    except InvalidArgumentError as error:
        raise MlirArgumentError(f"block size {block}: {error}") from None
    run_dispatch(shader, {}, grid, device, strict=strict, max_lanes_per_chunk=lanes)
    results: dict[int, Any] = {}
    for key, value in given.items():
        buffer = bound.get(key)
        if buffer is None:
            results[key] = value
            continue
        if isinstance(value, Buffer):
            results[key] = value.data.copy()
        else:
            array = np.asarray(value)
            data = buffer.range.data[:array.nbytes]
            results[key] = data.copy().view(array.dtype).reshape(array.shape)
    return results


def subgroups_of_a_warp(device: DeviceProfile) -> DeviceProfile:
    """`device` with waves of a PTX warp's 32 lanes (an MLIR kernel's subgroup; see `run`)."""
    return device if device.wave_size == WARP_SIZE else device.model_copy(update={"wave_size": WARP_SIZE})


def _default_workgroups(prepared: Prepared) -> tuple[int, int, int]:
    """The workgroup count of IREE's dispatch_config for the entry when its region yields constants only."""
    from dxlinalg.mlir.syntax import SymbolRef, TypedInt

    for operation in prepared.module.walk():
        reference = operation.attributes.get("function_ref")
        if operation.name != "iree_codegen.dispatch_config" or not isinstance(reference, SymbolRef) or \
                reference.name != prepared.function.name or not operation.regions or \
                len(operation.regions[0].blocks) != 1:
            continue
        body = operation.regions[0].blocks[0].operations
        constants = {op.results[0]: op.attributes.get("value") for op in body
                     if op.name == "arith.constant" and len(op.results) == 1}
        counts = [constants.get(name) for name in body[-1].operands] if body and body[-1].name == \
            "iree_codegen.yield" else []
        if len(counts) == 3 and all(isinstance(c, TypedInt) for c in counts):
            return tuple(int(c) for c in counts)  # type: ignore[return-value, arg-type]
        raise MlirArgumentError(f"@{prepared.function.name}'s workgroup count depends on the workload; pass "
                                f"workgroups=(x, y, z)")
    return (1, 1, 1)


def _constant_words(constants: Any) -> np.ndarray | None:
    """Push constants as uint32 words: a numpy array's bytes, or a sequence of ints (each in [-2^31, 2^32))."""
    if constants is None:
        return None
    if isinstance(constants, np.ndarray):
        data = np.ascontiguousarray(constants).reshape(-1).view(np.uint8)
        if data.size % 4:
            raise MlirArgumentError(f"constants: {data.size} bytes is not a whole number of 32-bit words")
        return data.view(np.uint32)
    try:
        values = [int(v) for v in constants]
    except (TypeError, ValueError):
        raise MlirArgumentError(f"constants must be 32-bit words (ints) or an array, not {constants!r}") from None
    if any(not -(1 << 31) <= v < 1 << 32 for v in values):
        raise MlirArgumentError(f"constants {values}: each must fit 32 bits")
    return np.array([v & 0xFFFFFFFF for v in values], np.uint32)


def _block_size(prepared: Prepared, block_size: object) -> tuple[int, int, int]:
    if block_size is None:
        if prepared.block_size is None:
            raise MlirArgumentError(f"@{prepared.function.name} declares no block size (gpu.known_block_size or "
                                    f"known_block_size); pass block_size=(x, y, z)")
        return prepared.block_size
    block = _triple(block_size, "block_size", 1024)
    if prepared.block_size is not None and block != prepared.block_size:
        raise MlirArgumentError(f"block_size {block} differs from the kernel's known block size "
                                f"{prepared.block_size}")
    return block


def _device_buffer(key: int, value: Any, space: AddressSpace) -> BufferMemory:
    if isinstance(value, Buffer):
        return BufferMemory(value, f"buffer {key}")
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = np.frombuffer(bytes(value), np.uint8)
    if not isinstance(value, np.ndarray) or value.dtype.hasobject or value.dtype.kind not in "biuf":
        raise MlirArgumentError(f"buffers[{key}] must be a numpy array, bytes or a dxlinalg Buffer, not "
                                f"{type(value).__name__}")
    data = np.ascontiguousarray(value).reshape(-1).view(np.uint8)
    buffer = space.allocate(max(data.size, 1), name=f"buffer {key}")
    buffer.data[:data.size] = data
    return BufferMemory(buffer, f"buffer {key}")


def _bind(prepared: Prepared, given: dict[int, Any], space: AddressSpace) -> tuple[dict[int, Any], list[Any]]:
    """Device buffers for the bindings (dispatch form) or the arguments (by position)."""
    function = prepared.function
    if prepared.dispatch_form:
        return {key: _device_buffer(key, value, space) for key, value in given.items()}, []
    types = function.parameter_types[:prepared.arguments]
    missing = [position for position in range(len(types)) if position not in given]
    if missing:
        raise MlirArgumentError(f"@{function.name} takes {len(types)} arguments; pass buffers for positions "
                                f"{missing} ({', '.join(str(types[i]) for i in missing)})")
    extra = [key for key in given if key >= len(types)]
    if extra:
        raise MlirArgumentError(f"buffers keys {extra}: @{function.name} has {len(types)} arguments")
    bound: dict[int, Any] = {}
    arguments: list[Any] = []
    for position, type_ in enumerate(types):
        value = given[position]
        if isinstance(type_, MemRefType):
            memory = _device_buffer(position, value, space)
            bound[position] = memory
            arguments.append(_argument_memref(function, position, type_, memory, value))
        elif isinstance(type_, ScalarType):
            if isinstance(value, np.ndarray) and value.size != 1:
                raise MlirArgumentError(f"buffers[{position}]: argument {position} is a scalar {type_}; give one "
                                        f"number")
            try:
                arguments.append(np.array([np.asarray(value).reshape(-1)[0]]).astype(numpy_dtype(type_)))
            except (TypeError, ValueError):
                raise MlirArgumentError(f"buffers[{position}]: {value!r} is not a {type_}") from None
        else:
            raise MlirUnsupportedError(at(function.operation.location, f"argument {position} of type {type_} "
                                                                        f"is not supported (memrefs and scalars are)"))
    return bound, arguments


def _argument_memref(function: CompiledFunction, position: int, type_: MemRefType, memory: BufferMemory,
                     value: Any) -> MemRef:
    dtype = numpy_dtype(type_.element)
    array_shape = np.asarray(value).shape if isinstance(value, np.ndarray) else None
    shape: list[int] = []
    for axis, size in enumerate(type_.shape):
        if size is None:
            if array_shape is None or len(array_shape) != len(type_.shape):
                raise MlirArgumentError(f"buffers[{position}]: the memref {type_} has dynamic sizes; give an array "
                                        f"of rank {len(type_.shape)} to take them from")
            size = array_shape[axis]
        shape.append(int(size))
    strides, offset = layout_of(type_)
    if any(s is None for s in strides) or offset is None:
        from dxlinalg.mlir.ops.gpu import _row_major

        strides, offset = _row_major(tuple(shape)), 0
    total = memory.range.size // dtype.itemsize
    return MemRef(memory, dtype, tuple(shape), tuple(int(s) for s in strides), int(offset), 0,  # type: ignore[arg-type]
                  f"argument {position}", memory_space_of(type_), total)


def _chunk_arguments(machine: Machine, prepared: Prepared, arguments: list[Any]) -> list[Any]:
    """The kernel's arguments, then fresh memory for each attribution (this chunk's workgroups or lanes)."""
    from dxlinalg.gpu.groupshared import GroupSharedMemory
    from dxlinalg.mlir.memref import PrivateMemory

    values = list(arguments)
    for position, (kind, type_) in enumerate(prepared.attributions):
        dtype = numpy_dtype(type_.element)
        shape = tuple(int(n) for n in type_.shape)  # type: ignore[arg-type]
        elements = int(np.prod(shape, dtype=np.int64)) if shape else 1
        name = f"attribution {position}"
        memory: Any = (GroupSharedMemory(machine.ctx, elements * dtype.itemsize, name=name) if kind == "workgroup"
                       else PrivateMemory(machine.ctx, elements * dtype.itemsize, name))
        from dxlinalg.mlir.ops.gpu import _row_major

        values.append(MemRef(memory, dtype, shape, _row_major(shape), 0, 0, name, kind, elements))
    return values
