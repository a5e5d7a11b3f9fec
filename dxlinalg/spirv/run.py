"""`run`: dispatch a GLCompute entry point of a SPIR-V module over the simulated GPU, in one call.

The module is read, specialized and compiled once (cached per entry point and specialization
values), its descriptor-bound buffers and push constants are bound from the arguments, and
`dxlinalg.gpu.run_dispatch` runs it over the grid a chunk of whole workgroups at a time: each
chunk gets its own Workgroup memory, Private variables and built-in inputs, and runs the entry
function once for all of its lanes.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import current_context
from dxlinalg.gpu.dispatch import DEFAULT_MAX_LANES_PER_CHUNK as GPU_LANES_PER_CHUNK
from dxlinalg.gpu.dispatch import MAX_GROUPS_PER_DIMENSION, run_dispatch
from dxlinalg.gpu.shader import compute_shader
from dxlinalg.memory.address_space import AddressSpace, Buffer
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv.builtins import builtin_value
from dxlinalg.spirv.compiler import DEFAULT_WORK_LIMIT, Invocation
from dxlinalg.spirv.coopmat_type import check_cooperative_matrix_types
from dxlinalg.spirv.enums import AddressingModel, Decoration, StorageClass, enum_label
from dxlinalg.spirv.errors import (
    SpirvArgumentError,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.executor import run_function
from dxlinalg.spirv.grammar import location
from dxlinalg.spirv.layout import ArrayLayout, Layout, LayoutError, StructLayout
from dxlinalg.spirv.memory_access import PhysicalMemory, Region
from dxlinalg.spirv.module import Module, load_module
from dxlinalg.spirv.pointers import Cell, DescriptorArray, LogicalPointer, MemoryPointer
from dxlinalg.spirv.program import Program
from dxlinalg.spirv.reader import ModuleSource
from dxlinalg.spirv.specialize import GlobalVariable, Specialization
from dxlinalg.spirv.types import (
    MAX_VARIABLE_ELEMENTS,
    ArrayType,
    RuntimeArrayType,
    StructType,
    element_count,
    zero_value,
)
from dxlinalg.spirv.workgroup import WorkgroupVariables

#: Block executions one chunk may run before the run is stopped as a runaway loop.
DEFAULT_STEP_LIMIT = 200_000
UINT32_MAX = 2**32 - 1
#: Lanes per chunk, four times the Python shaders' (dxlinalg.gpu.dispatch): a compiled shader runs many
#: small instructions, each one numpy call per chunk, so the fixed cost per call matters more; beyond
#: this the chunk's arrays outgrow the cache (benchmark W5, docs/performance.md).
DEFAULT_MAX_LANES_PER_CHUNK = 4 * GPU_LANES_PER_CHUNK
#: Lanes per chunk for an entry point with loops that run compacted (`Program.compacts`) and few values per lane
#: (`Program.lane_components` at most SMALL_LANE_STATE): each chunk pays the loops' longest trip in block runs
#: over the few lanes still looping, whatever its size, so fewer, larger chunks pay it fewer times (benchmark
#: L2, 2^20 invocations: 6.5 CPU seconds at 32,768 lanes per chunk, 3.8 at 262,144, 4.4 at 2^20, where the
#: dense first iterations outgrow the cache; docs/performance.md). Shaders with wide per-lane values (the
#: inference modules' 64-component vectors: 1,100-2,800 components) keep the default, which W5 measured.
COMPACTING_MAX_LANES_PER_CHUNK = 8 * DEFAULT_MAX_LANES_PER_CHUNK
SMALL_LANE_STATE = 256


@dataclass(frozen=True)
class BufferSlice:
    """`size` bytes of a device Buffer from byte `offset`, bound in place: what a host API's descriptor
    names (Vulkan's VkDescriptorBufferInfo offset and range). The shader's accesses are bounds-checked
    against the slice; its bytes are the Buffer's, so writes land there and bump its write version."""

    buffer: Buffer
    offset: int
    size: int


BufferValue = np.ndarray | bytes | bytearray | memoryview | Buffer | BufferSlice
#: (set, binding) for a plain binding, (set, binding, element) for an element of a descriptor array.
BufferKey = tuple[int, int] | tuple[int, int, int]


def prepare(module: ModuleSource | Module, entry_point: str = "main",
            spec_constants: Mapping[int, object] | None = None, subgroup_size: int = 32) -> Program:
    """Read, specialize and compile an entry point (cached on the module object)."""
    parsed = load_module(module)
    spec_values = dict(spec_constants or {})
    for key in spec_values:
        if not isinstance(key, (int, np.integer)) or isinstance(key, bool):
            raise SpirvArgumentError(f"spec_constants keys are SpecIds (integers), not {key!r}")
    key = (entry_point, tuple(sorted((int(k), repr(v)) for k, v in spec_values.items())), subgroup_size)
    cache: dict[Any, Program] = parsed.__dict__.setdefault("_programs", {})
    program = cache.get(key)
    if program is None:
        entry = parsed.entry_point(entry_point)
        program = Program(parsed, Specialization(parsed, spec_values, subgroup_size), entry)
        cache[key] = program
    return program


@dataclass
class _Binding:
    key: BufferKey
    buffer: Buffer
    dtype: np.dtype
    shape: tuple[int, ...]
    offset: int = 0          # of the bound bytes in `buffer` (a BufferSlice's)
    size: int | None = None  # bytes bound (None: the whole buffer)

    @property
    def bound_bytes(self) -> np.ndarray:
        """The bound bytes of the buffer, from `offset` (a view)."""
        return self.buffer.data[self.offset: self.offset + (self.buffer.size if self.size is None else self.size)]


def used_variables(program: Program) -> list[GlobalVariable]:
    """The global variables the entry point's functions use (a host API checks their interface)."""
    variables = program.spec.variables
    used: dict[int, GlobalVariable] = {}
    for function_id in program.functions:
        for block in program.module.functions[function_id].blocks:
            for inst in [*block.phis, *block.body, *(x for x in (block.terminator,) if x)]:
                for value_id in program.module.operands_by_index[inst.index].ids:
                    if value_id in variables:
                        used[value_id] = variables[value_id]
    return list(used.values())


def _descriptor(program: Program, variable: GlobalVariable) -> tuple[int, int]:
    module = program.module
    set_entry = module.decoration(variable.id, Decoration.DescriptorSet)
    binding_entry = module.decoration(variable.id, Decoration.Binding)
    if set_entry is None or binding_entry is None or not set_entry.operands or not binding_entry.operands:
        raise SpirvValidationError(at(location(variable.inst), f"{variable.name} needs DescriptorSet and Binding "
                                                               f"decorations"))
    return set_entry.operands[0], binding_entry.operands[0]


def _fixed_size(layout: Layout) -> int:
    """Bytes a buffer must hold for this layout (up to the start of a trailing runtime array)."""
    if layout.size is not None:
        return layout.size
    assert isinstance(layout, StructLayout)
    offset, last = layout.members[-1]
    if isinstance(last, ArrayLayout) and last.length is None:
        return offset
    return offset + _fixed_size(last)


def _descriptor_array_length(variable: GlobalVariable) -> int | None:
    """How many blocks a descriptor-array variable declares (None: a runtime array); 0 for a plain block."""
    pointee = variable.pointee
    if isinstance(pointee, ArrayType) and isinstance(pointee.element, StructType):
        return pointee.length
    if isinstance(pointee, RuntimeArrayType) and isinstance(pointee.element, StructType):
        return None
    return 0


def _as_buffer(key: BufferKey, value: object, space: AddressSpace) -> _Binding:
    if isinstance(value, Buffer):
        return _Binding(key, value, np.dtype(np.uint8), (value.size,))
    if isinstance(value, BufferSlice):
        if not (0 <= value.offset and 0 <= value.size and value.offset + value.size <= value.buffer.size):
            raise SpirvArgumentError(f"buffers[{key}]: bytes [{value.offset}, {value.offset + value.size}) are not "
                                     f"inside {value.buffer.name} of {value.buffer.size} bytes")
        return _Binding(key, value.buffer, np.dtype(np.uint8), (value.size,), value.offset, value.size)
    if isinstance(value, (bytes, bytearray, memoryview)):
        array = np.frombuffer(bytes(value), np.uint8)
    elif isinstance(value, np.ndarray):
        if value.dtype.hasobject or value.dtype.kind not in "biufc":
            raise SpirvArgumentError(f"buffers[{key}]: an array of {value.dtype} has no byte representation")
        array = value
    else:
        raise SpirvArgumentError(f"buffers[{key}] must be a numpy array, bytes or a dxlinalg Buffer, not "
                                 f"{type(value).__name__}")
    data = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    name = f"set {key[0]} binding {key[1]}" + (f" element {key[2]}" if len(key) == 3 else "")
    buffer = space.allocate(max(data.size, 1), name=name)
    buffer.data[:data.size] = data
    return _Binding(key, buffer, array.dtype, array.shape)


class _Dispatch:
    """Everything a chunk needs that does not change between chunks."""

    def __init__(self, program: Program, groups: tuple[int, int, int], buffers: Mapping[BufferKey, object],
                 push_constants: bytes | None, space: AddressSpace, step_limit: int,
                 base_group: tuple[int, int, int] = (0, 0, 0), work_limit: int = DEFAULT_WORK_LIMIT) -> None:
        self.program = program
        self.groups = groups
        self.base_group = base_group
        self.step_limit = step_limit
        self.work_limit = work_limit
        self.physical = PhysicalMemory(space)
        self.template: list[Any] = [None] * program.module.bound
        for value_id, value in program.spec.constants.items():
            self.template[value_id] = value
        self.bindings: dict[BufferKey, _Binding] = {}
        self.workgroup = WorkgroupVariables()
        self.private: list[GlobalVariable] = []
        self.inputs: list[tuple[GlobalVariable, int]] = []
        declared = self._declared_descriptors()
        for key in buffers:
            _check_key(key, declared)
        for key, value in buffers.items():
            self.bindings[key] = _as_buffer(key, value, space)
        for variable in used_variables(program):
            self._bind(variable, push_constants)

    def _declared_descriptors(self) -> dict[tuple[int, int], int | None]:
        """(set, binding) -> 0 for a plain block, else the descriptor array's length (None: runtime array)."""
        found: dict[tuple[int, int], int | None] = {}
        for variable in self.program.spec.variables.values():
            if variable.storage in (StorageClass.StorageBuffer, StorageClass.Uniform):
                try:
                    found[_descriptor(self.program, variable)] = _descriptor_array_length(variable)
                except SpirvValidationError:
                    continue
        return found

    def _layout(self, variable: GlobalVariable, explicit: bool) -> Layout:
        builder = self.program.spec.explicit_layouts if explicit else self.program.spec.natural_layouts
        try:
            return builder.layout(variable.pointee)
        except LayoutError as error:
            raise SpirvValidationError(at(location(variable.inst), f"{variable.name}: {error}")) from None

    def _bind(self, variable: GlobalVariable, push_constants: bytes | None) -> None:
        storage = variable.storage
        where = location(variable.inst)
        if storage in (StorageClass.StorageBuffer, StorageClass.Uniform):
            key = _descriptor(self.program, variable)
            if _descriptor_array_length(variable) != 0:
                self._bind_descriptor_array(variable, key)
                return
            if not isinstance(variable.pointee, StructType):
                raise SpirvValidationError(at(where, f"{variable.name}: a buffer variable points to a Block struct "
                                                     f"or an array of them, not {variable.pointee!r}"))
            binding = self.bindings.get(key)
            if binding is None:
                raise SpirvArgumentError(f"the shader uses {enum_label(StorageClass, storage)} {variable.name} at "
                                         f"(set, binding) {key}; pass it in buffers={{{key}: ...}}")
            layout = self._layout(variable, explicit=True)
            label = f"{enum_label(StorageClass, storage)} {_label(variable)} (set {key[0]}, binding {key[1]})"
            region = self._region(variable, variable.pointee, binding, layout, label)
            self.template[variable.id] = MemoryPointer(region, np.zeros(1, np.int64), layout)
        elif storage == StorageClass.PushConstant:
            layout = self._layout(variable, explicit=True)
            data = np.frombuffer(bytes(push_constants or b""), np.uint8).copy()
            need = _fixed_size(layout)
            if data.size < need:
                raise SpirvArgumentError(f"push_constants has {data.size} bytes; the push-constant block "
                                         f"{variable.name} needs {need}")
            region = Region(f"push constants {variable.name}", data, 0, data.size, False, constant=True)
            self.template[variable.id] = MemoryPointer(region, np.zeros(1, np.int64), layout)
        elif storage == StorageClass.Workgroup:
            layout = self._layout(variable, explicit=False)
            if layout.size is None:
                raise SpirvValidationError(at(where, f"Workgroup variable {variable.name} has no fixed size"))
            initial = None if variable.initializer is None else self.program.spec.constants[variable.initializer]
            self.workgroup.add(variable.id, variable.name, layout, initial, where)
        elif storage == StorageClass.Private:
            if element_count(variable.pointee) > MAX_VARIABLE_ELEMENTS:
                raise SpirvUnsupportedError(at(where, f"Private variable {variable.name} has "
                                                      f"{element_count(variable.pointee)} components; this executor "
                                                      f"allows {MAX_VARIABLE_ELEMENTS} per invocation"))
            self.private.append(variable)
        elif storage == StorageClass.Input:
            entry = self.program.module.decoration(variable.id, Decoration.BuiltIn)
            if entry is None or not entry.operands:
                raise SpirvUnsupportedError(at(where, f"Input variable {variable.name} is not a built-in; compute "
                                                      f"shaders have no other inputs"))
            self.inputs.append((variable, entry.operands[0]))
        else:
            raise SpirvUnsupportedError(at(where, f"variables in storage class {enum_label(StorageClass, storage)} "
                                                  f"({variable.name}) are not supported"))

    def _region(self, variable: GlobalVariable, block: StructType, binding: _Binding, layout: Layout,
                label: str) -> Region:
        """The bound bytes of one block, checked to hold its fixed part."""
        need = _fixed_size(layout)
        size = binding.bound_bytes.size
        if size < need:
            raise SpirvArgumentError(f"buffers[{binding.key}] has {size} bytes; {variable.name} needs at least {need}")
        writable = variable.storage == StorageClass.StorageBuffer or block.buffer_block
        return Region(label, binding.buffer.data[: binding.offset + size], binding.offset, size, writable,
                      binding.buffer, binding.buffer.address + binding.offset)

    def _bind_descriptor_array(self, variable: GlobalVariable, key: tuple[int, int]) -> None:
        """A descriptor array: a region per element given as (set, binding, element); elements not given
        stay unbound (an access to one is undefined, see ops.memory)."""
        array = variable.pointee
        assert isinstance(array, (ArrayType, RuntimeArrayType)) and isinstance(array.element, StructType)
        block = array.element
        try:
            layout = self.program.spec.explicit_layouts.layout(block)
        except LayoutError as error:
            raise SpirvValidationError(at(location(variable.inst), f"{variable.name}: {error}")) from None
        elements = {k[2]: b for k, b in self.bindings.items() if len(k) == 3 and k[:2] == key}
        length = array.length if isinstance(array, ArrayType) else None
        if not elements:
            count = "" if length is None else f" of {length}"
            raise SpirvArgumentError(f"the shader uses the descriptor array {_label(variable)}{count} blocks at "
                                     f"(set, binding) {key}; pass each element it accesses in buffers={{"
                                     f"{(*key, 0)}: ...}} (set, binding, element)")
        storage = enum_label(StorageClass, variable.storage)
        regions: list[Region | None] = [None] * (max(elements) + 1 if length is None else length)
        for element, binding in elements.items():
            label = f"{storage} {_label(variable)}[{element}] (set {key[0]}, binding {key[1]}, element {element})"
            regions[element] = self._region(variable, block, binding, layout, label)
        whole = f"{storage} {_label(variable)} (set {key[0]}, binding {key[1]})"
        self.template[variable.id] = DescriptorArray(whole, regions, layout, length)

    def reachable_buffers(self, space: AddressSpace) -> list[Buffer]:
        """The device buffers the shader may touch: the bound ones, and with PhysicalStorageBuffer64 addressing
        every live buffer of the address space (a parallel dispatch copies and compares these)."""
        model = self.program.module.memory_model
        if model is not None and model.operands[0] == AddressingModel.PhysicalStorageBuffer64:
            return [buffer for buffer in space.buffers() if buffer.alive]
        return list({id(b.buffer): b.buffer for b in self.bindings.values()}.values())

    def run_chunk(self) -> None:
        ctx = current_context()
        assert ctx is not None
        template = list(self.template)
        lanes = ctx.lanes
        size = self.program.local_size
        threads = size[0] * size[1] * size[2]
        for variable_id, pointer in self.workgroup.chunk_pointers(ctx).items():
            template[variable_id] = pointer
        for variable in self.private:
            initial = (self.program.spec.constants[variable.initializer] if variable.initializer is not None
                       else zero_value(variable.pointee))
            template[variable.id] = LogicalPointer(Cell(initial, variable.name), (), variable.pointee)
        for variable, builtin in self.inputs:
            try:
                value = builtin_value(builtin, variable.pointee, ctx, self.groups, size, self.base_group)
            except ValueError as error:
                raise SpirvUnsupportedError(at(location(variable.inst), str(error))) from None
            template[variable.id] = LogicalPointer(Cell(value, variable.name), (), variable.pointee)
        inv = Invocation(ctx, template, self.step_limit, self.physical,
                         {"threads_per_group": threads, "local_size": size}, self.work_limit)
        run_function(self.program.entry, inv, np.ones(lanes, bool), [])


def _label(variable: GlobalVariable) -> str:
    return variable.name or f"%{variable.id}"         # an anonymous block instance has no OpName


def _check_key(key: BufferKey, declared: Mapping[tuple[int, int], int | None]) -> None:
    """A buffers key names a declared binding: (set, binding) for a plain block, (set, binding, element)
    for an element of a descriptor array (inside the array when its length is fixed)."""
    where = key[:2]
    if where not in declared:
        known = ", ".join(f"{k}" for k in sorted(declared)) or "none"
        raise SpirvArgumentError(f"buffers[{key}]: the module declares no buffer at (set, binding) {where} "
                                 f"(it declares {known})")
    length = declared[where]
    if length == 0 and len(key) == 3:
        raise SpirvArgumentError(f"buffers[{key}]: (set, binding) {where} is a single block, not a descriptor "
                                 f"array; key it as {where}")
    if length != 0 and len(key) == 2:
        size = "a runtime-sized descriptor array" if length is None else f"a descriptor array of {length} blocks"
        raise SpirvArgumentError(f"buffers[{key}]: (set, binding) {where} is {size}; key each element as (set, "
                                 f"binding, element), e.g. {(*where, 0)}")
    if len(key) == 3 and (key[2] < 0 or (length is not None and key[2] >= length)):
        raise SpirvArgumentError(f"buffers[{key}]: element {key[2]} is outside the descriptor array at {where} "
                                 f"({'runtime-sized' if length is None else f'{length} blocks'})")


def _groups(groups: object, name: str = "groups", limit: int = MAX_GROUPS_PER_DIMENSION) -> tuple[int, int, int]:
    try:
        values = tuple(int(g) for g in groups)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise SpirvArgumentError(f"{name} must be three counts (x, y, z), not {groups!r}") from None
    if len(values) != 3 or any(g < 0 or g > limit for g in values):
        raise SpirvArgumentError(f"{name} {groups!r} must be three counts in [0, {limit}]")
    return values  # type: ignore[return-value]


def run(module: ModuleSource | Module, entry_point: str = "main", groups: tuple[int, int, int] = (1, 1, 1),
        buffers: Mapping[BufferKey, BufferValue] | None = None, push_constants: bytes | None = None,
        spec_constants: Mapping[int, object] | None = None, profile: str | DeviceProfile = "reference",
        strict: bool = True, *, address_space: AddressSpace | None = None, step_limit: int = DEFAULT_STEP_LIMIT,
        work_limit: int = DEFAULT_WORK_LIMIT, max_lanes_per_chunk: int | None = None,
        base_group: tuple[int, int, int] = (0, 0, 0), jobs: int | None = None,
        executor: Executor | None = None) -> dict[BufferKey, np.ndarray]:
    """Run `entry_point` over `groups` workgroups and return every buffer's contents afterwards.

    `buffers` maps (set, binding) (an element of a descriptor array: (set, binding, element); an element
    the shader never accesses may be left out) to a numpy array or bytes (copied into a new device buffer; the
    result has the same dtype and shape), a `dxlinalg.memory` Buffer (used in place; the result is
    its bytes) or a `BufferSlice` of one (used in place; the result is the slice's bytes).
    PhysicalStorageBuffer pointers are resolved in `address_space` (the buffers given as arrays are
    allocated there too). `strict` reports undefined behaviour; `step_limit` bounds the block
    executions of one chunk and `work_limit` their cost (each block run weighs its instructions times the
    chunk's lanes plus a fixed cost, `program.block_weight`), so a loop that never ends stops within seconds;
    `max_lanes_per_chunk` bounds the lanes (whole workgroups) that run
    together, and with them the memory a chunk's values take (default DEFAULT_MAX_LANES_PER_CHUNK, or
    COMPACTING_MAX_LANES_PER_CHUNK for an entry point with few values per lane whose loops run compacted). `base_group` is the first WorkgroupId
    (vkCmdDispatchBase's baseGroupX/Y/Z): groups run from it to base_group + groups - 1. `jobs` worker processes
    (default $DXLINALG_JOBS, else every core; 1: serial) or `executor` (any concurrent.futures.Executor) share the
    workgroups; the results are the serial run's bytes (`dxlinalg.gpu.parallel`).
    """
    device = load_profile(profile)
    program = prepare(module, entry_point, spec_constants, device.wave_size)
    grid = _groups(groups)
    base = _groups(base_group, "base_group", UINT32_MAX)
    if step_limit < 1:
        raise SpirvArgumentError(f"step_limit = {step_limit} must be positive")
    if work_limit < 1:
        raise SpirvArgumentError(f"work_limit = {work_limit} must be positive")
    if max_lanes_per_chunk is None:
        max_lanes_per_chunk = (COMPACTING_MAX_LANES_PER_CHUNK if program.compacts and
                               program.lane_components <= SMALL_LANE_STATE else DEFAULT_MAX_LANES_PER_CHUNK)
    if max_lanes_per_chunk < 1:
        raise SpirvArgumentError(f"max_lanes_per_chunk = {max_lanes_per_chunk} must be positive")
    buffer_map = dict(buffers or {})
    for key in buffer_map:
        if not (isinstance(key, tuple) and len(key) in (2, 3) and
                all(isinstance(k, (int, np.integer)) and not isinstance(k, bool) for k in key)):
            raise SpirvArgumentError(f"buffers keys are (set, binding) or, for an element of a descriptor array, "
                                     f"(set, binding, element) integers, not {key!r}")
    if push_constants is not None and not isinstance(push_constants, (bytes, bytearray, memoryview)):
        raise SpirvArgumentError(f"push_constants must be bytes, not {type(push_constants).__name__}")
    space = address_space or AddressSpace()
    dispatch = _Dispatch(program, grid, buffer_map, None if push_constants is None else bytes(push_constants),
                         space, step_limit, base, work_limit)
    try:
        shader = compute_shader(numthreads=program.local_size)(_EntryPoint(dispatch))
    except InvalidArgumentError as error:
        raise SpirvUnsupportedError(f"workgroup size {program.local_size}: {error}") from None
    dispatch.workgroup.check_fits(device, entry_point)
    check_cooperative_matrix_types(program, device, strict)
    size = program.local_size
    max_lanes_per_chunk = dispatch.workgroup.lanes_per_chunk(size[0] * size[1] * size[2], max_lanes_per_chunk)
    run_dispatch(shader, {}, grid, device, strict=strict, max_lanes_per_chunk=max_lanes_per_chunk, jobs=jobs,
                 executor=executor, memory=dispatch.reachable_buffers(space),
                 shared=[program, program.module, program.spec])
    results = {}
    for key, binding in dispatch.bindings.items():
        if isinstance(buffer_map[key], (Buffer, BufferSlice)):
            results[key] = binding.bound_bytes.copy()
        else:
            nbytes = int(np.prod(binding.shape, dtype=np.int64)) * binding.dtype.itemsize
            results[key] = binding.buffer.data[:nbytes].copy().view(binding.dtype).reshape(binding.shape)
    return results


class _EntryPoint:
    """The compiled entry point as the dispatch's shader function: runs the running chunk's lanes. An object, not
    a closure, so a parallel dispatch's private copy (`dxlinalg.gpu.parallel`) copies the bound memory with it."""

    __name__ = "spirv_entry_point"

    def __init__(self, dispatch: _Dispatch) -> None:
        self.dispatch = dispatch

    def __call__(self) -> None:
        self.dispatch.run_chunk()

    @property
    def cost_key(self) -> object:
        """What names this dispatch's work for the parallel size threshold: the compiled program (one per module,
        entry point and specialization), the same object from one `run` of it to the next."""
        return self.dispatch.program
