"""Shader resources: binding declarations, what a handle resolves to, and raw-buffer loads/stores.

A shader declares its bindings as parameter defaults (`weights=ByteAddressBuffer("t0")`); a
dispatch binds each to device memory and passes the shader a view with HLSL's methods (`Load`,
`Load4`, `Load[float16_t4]`, `Store`, ...). Every access is per lane (offsets are scalars or
(lanes,) arrays), honours the active mask, and checks what root descriptors leave undefined:
alignment and bounds (strict mode raises; permissive loads read 0 and drops stores, as a
bounds-checked descriptor would).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.types import HlslType, ScalarType, VectorType, scalar_type_of, uint32_t
from dxlinalg.memory.address_space import Buffer


# -- binding declarations (what a shader asks for) -------------------------------------------------
@dataclass(frozen=True)
class ByteAddressBuffer:
    """`ByteAddressBuffer name : register(t#)`: a read-only raw buffer (root SRV)."""

    register: str
    writable = False
    register_class = "t"


@dataclass(frozen=True)
class RWByteAddressBuffer:
    """`RWByteAddressBuffer name : register(u#)`: a read-write raw buffer (root UAV)."""

    register: str
    writable = True
    register_class = "u"


@dataclass(frozen=True)
class RootConstants:
    """`num_values` root 32-bit constants at `register(b#)` (SetComputeRoot32BitConstants)."""

    register: str
    num_values: int = 1
    register_class = "b"


BindingDeclaration = ByteAddressBuffer | RWByteAddressBuffer | RootConstants


# -- what a handle resolves to ------------------------------------------------------------------
@dataclass(frozen=True)
class BufferBinding:
    """A buffer bound at a byte offset, as a root SRV/UAV GPU virtual address points into one."""

    buffer: Buffer
    offset: int = 0


@dataclass(frozen=True)
class BufferRange:
    """Bytes a handle names: from `base_offset` of `data` to its end, at GPU address `base_address`."""

    data: np.ndarray          # uint8, the whole backing store
    base_offset: int
    base_address: int
    writable: bool
    name: str
    buffer: Buffer | None = None

    @property
    def size(self) -> int:
        return int(self.data.shape[0]) - self.base_offset

    def cache_key(self) -> tuple[int, int] | None:
        """(buffer id, write version) for caches of decoded contents; None for bare arrays."""
        return None if self.buffer is None else (self.buffer.id, self.buffer.version)

    def mark_written(self) -> None:
        if self.buffer is not None:
            self.buffer.mark_written()


def resolve_handle(handle: object, what: str, *, writable: bool = False) -> BufferRange:
    """A shader view, BufferBinding, Buffer, object with a `.buffer` Buffer, or uint8 array -> BufferRange.

    Bare numpy arrays have GPU address 0 (so alignment is judged on offsets alone) and no write
    version (contents decoded from them are never cached).
    """
    if isinstance(handle, ByteAddressBufferView):
        resolved = handle.range
    elif isinstance(handle, BufferRange):
        resolved = handle
    elif isinstance(handle, BufferBinding):
        resolved = _range_of_buffer(handle.buffer, handle.offset, what)
    elif isinstance(handle, Buffer):
        resolved = _range_of_buffer(handle, 0, what)
    elif isinstance(getattr(handle, "buffer", None), Buffer):
        resolved = _range_of_buffer(handle.buffer, 0, what)  # type: ignore[attr-defined]
    elif isinstance(handle, np.ndarray):
        if handle.dtype != np.uint8 or handle.ndim != 1:
            raise InvalidArgumentError(
                f"{what}: a numpy handle must be a 1-D uint8 array of bytes, got {handle.dtype} {handle.shape}")
        resolved = BufferRange(handle, 0, 0, True, "numpy array")
    else:
        raise InvalidArgumentError(
            f"{what} = {type(handle).__name__} is not a raw buffer handle (a shader's ByteAddressBuffer "
            f"binding, a dxlinalg Buffer, a resource with .buffer, or a uint8 numpy array)")
    if writable and not resolved.writable:
        raise InvalidArgumentError(
            f"{what}: {resolved.name} is bound as a read-only ByteAddressBuffer (SRV); this operation "
            f"writes memory and needs an RWByteAddressBuffer (UAV)")
    return resolved


def _range_of_buffer(buffer: Buffer, offset: int, what: str) -> BufferRange:
    if not buffer.alive:
        raise UndefinedBehaviorError(f"{what}: {buffer.name} has been released")
    if not 0 <= offset <= buffer.size:
        raise InvalidArgumentError(f"{what}: binding offset {offset} is outside {buffer.name} of {buffer.size} bytes")
    return BufferRange(buffer.data, offset, buffer.address + offset, True, buffer.name, buffer)


# -- per-lane byte access -------------------------------------------------------------------------
def _lanes_to_access(ctx: ExecutionContext, rng: BufferRange, offsets: np.ndarray, nbytes: int,
                     alignment: int, method: str) -> np.ndarray:
    """Active lanes whose access is defined; raises for the others in strict mode."""
    active = ctx.active
    if ctx.strict:
        misaligned = active & ((rng.base_address + offsets) % alignment != 0)
        if misaligned.any():
            lane = int(np.flatnonzero(misaligned)[0])
            raise UndefinedBehaviorError(
                f"{method}: address {rng.name} base 0x{rng.base_address:x} + offset {int(offsets[lane])} "
                f"(lane {lane}) must be {alignment}-byte aligned (HLSL raw buffer access alignment)")
    inside = (offsets >= 0) & (offsets + nbytes <= rng.size)
    outside = active & ~inside
    if outside.any() and ctx.strict:
        lane = int(np.flatnonzero(outside)[0])
        raise UndefinedBehaviorError(
            f"{method}: bytes [{int(offsets[lane])}, {int(offsets[lane]) + nbytes}) (lane {lane}) are outside "
            f"{rng.name} of {rng.size} bytes (root descriptors are not bounds-checked: undefined behaviour)")
    return active & inside


def _element_indices(rng: BufferRange, offsets: np.ndarray, lanes: np.ndarray, itemsize: int,
                     count: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(element view of the backing store, (n, count) indices), when every access is element-aligned."""
    positions = rng.base_offset + offsets[lanes]
    if positions.size and np.any(positions % itemsize):
        return None
    usable = rng.data.shape[0] - rng.data.shape[0] % itemsize
    elements = rng.data[:usable].view(np.dtype(f"u{itemsize}"))
    return elements, (positions // itemsize)[:, None] + np.arange(count)


def _packed_run(rng: BufferRange, offsets: np.ndarray, lanes: np.ndarray, nbytes: int) -> slice | None:
    """The byte slice, when every lane accesses and lane i's bytes directly follow lane i-1's
    (offsets = base + i * size, as in `buf.Load(tid * size)`): one copy instead of a gather."""
    if not lanes.all():
        return None
    first = int(offsets[0])
    if offsets.size > 1 and not (offsets[-1] - first == (offsets.size - 1) * nbytes
                                 and np.all(np.diff(offsets) == nbytes)):
        return None
    start = rng.base_offset + first
    return slice(start, start + offsets.size * nbytes)


def load_elements(rng: BufferRange, offset: object, dtype: np.dtype, count: int, alignment: int,
                  method: str) -> np.ndarray:
    """(lanes, count) elements of `dtype` at per-lane byte offsets; zeros for lanes not loading."""
    ctx = require_context(method)
    ctx.settle_memory(rng.data, precise=True)
    dtype = np.dtype(dtype)
    offsets = ctx.lane_ints(offset, f"{method} offset")
    lanes = _lanes_to_access(ctx, rng, offsets, dtype.itemsize * count, alignment, method)
    if ctx.state.accesses is not None:
        ctx.state.accesses.note_load(rng.data, rng.base_offset + offsets[lanes], dtype.itemsize * count)
    run = _packed_run(rng, offsets, lanes, dtype.itemsize * count)
    if run is not None:
        return rng.data[run].view(dtype).reshape(ctx.lanes, count).copy()
    out = np.zeros((ctx.lanes, count), dtype)
    if not lanes.any():
        return out
    aligned = _element_indices(rng, offsets, lanes, dtype.itemsize, count)
    if aligned is not None:
        elements, index = aligned
        out[lanes] = elements[index].view(dtype)
    else:
        index = (rng.base_offset + offsets[lanes])[:, None] + np.arange(dtype.itemsize * count)
        out[lanes] = rng.data[index].view(dtype)
    return out


def store_elements(rng: BufferRange, offset: object, values: np.ndarray, alignment: int, method: str) -> None:
    """Write (lanes, count) elements at per-lane byte offsets, active lanes only.

    Lanes writing the same bytes race, as on a GPU: strict mode reports it (`gpu.buffer_accesses`), permissive
    mode lets the highest such lane win.
    """
    ctx = require_context(method)
    if not rng.writable:
        raise InvalidArgumentError(f"{method}: {rng.name} is a read-only ByteAddressBuffer (SRV)")
    ctx.settle_memory(rng.data, precise=True)
    values = np.ascontiguousarray(values)
    count = values.shape[1]
    offsets = ctx.lane_ints(offset, f"{method} offset")
    lanes = _lanes_to_access(ctx, rng, offsets, values.dtype.itemsize * count, alignment, method)
    if ctx.state.accesses is not None:
        chosen = np.flatnonzero(lanes)
        ctx.state.accesses.note_store(ctx, rng.data, rng.base_offset + offsets[chosen], values.dtype.itemsize * count,
                                      chosen, rng.name, method)
    run = _packed_run(rng, offsets, lanes, values.dtype.itemsize * count)
    if run is not None:
        rng.data[run] = values.view(np.uint8).reshape(-1)
        rng.mark_written()
        return
    if not lanes.any():
        return
    aligned = _element_indices(rng, offsets, lanes, values.dtype.itemsize, count)
    if aligned is not None:
        elements, index = aligned
        elements[index] = values[lanes].view(elements.dtype)
    else:
        index = (rng.base_offset + offsets[lanes])[:, None] + np.arange(values.dtype.itemsize * count)
        rng.data[index] = values[lanes].view(np.uint8).reshape(index.shape)
    rng.mark_written()


# -- the views a shader's bindings receive ----------------------------------------------------------
class _TemplatedLoad:
    """`buf.Load(offset)` (one uint) and `buf.Load[T](offset)` (HLSL `buf.Load<T>(offset)`)."""

    def __init__(self, view: "ByteAddressBufferView") -> None:
        self._view = view

    def __call__(self, offset: object) -> np.ndarray:
        return self._view._load(uint32_t, offset, "Load")

    def __getitem__(self, hlsl_type: HlslType) -> "_BoundLoad":
        return _BoundLoad(self._view, hlsl_type)


@dataclass(frozen=True)
class _BoundLoad:
    view: "ByteAddressBufferView"
    hlsl_type: HlslType

    def __call__(self, offset: object) -> np.ndarray:
        return self.view._load(self.hlsl_type, offset, f"Load<{self.hlsl_type.name}>")


class ByteAddressBufferView:
    """What a `ByteAddressBuffer` binding is inside the shader: HLSL's raw-buffer load methods."""

    def __init__(self, rng: BufferRange) -> None:
        self.range = rng

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.range.name} +{self.range.base_offset}>"

    @property
    def Load(self) -> _TemplatedLoad:  # noqa: N802 (HLSL name)
        return _TemplatedLoad(self)

    def Load2(self, offset: object) -> np.ndarray:  # noqa: N802
        return self._load(VectorType(uint32_t, 2), offset, "Load2")

    def Load3(self, offset: object) -> np.ndarray:  # noqa: N802
        return self._load(VectorType(uint32_t, 3), offset, "Load3")

    def Load4(self, offset: object) -> np.ndarray:  # noqa: N802
        return self._load(VectorType(uint32_t, 4), offset, "Load4")

    def GetDimensions(self) -> int:  # noqa: N802
        """Size in bytes from the binding's start."""
        return self.range.size

    def _load(self, hlsl_type: HlslType, offset: object, method: str) -> np.ndarray:
        scalar = hlsl_type if isinstance(hlsl_type, ScalarType) else hlsl_type.scalar
        count = 1 if isinstance(hlsl_type, ScalarType) else hlsl_type.length
        # Load/Load2..4 need 4-byte addresses; templated loads the element size (at least 2 bytes).
        alignment = max(scalar.size, 4) if method[-1].isdigit() or method == "Load" else scalar.size
        out = load_elements(self.range, offset, scalar.dtype, count, alignment, method)
        return out[:, 0] if isinstance(hlsl_type, ScalarType) else out


class _TemplatedStore:
    """`buf.Store(offset, value)` (type from the value) and `buf.Store[T](offset, value)`."""

    def __init__(self, view: "RWByteAddressBufferView") -> None:
        self._view = view

    def __call__(self, offset: object, value: object) -> None:
        array = np.asarray(value)
        if array.dtype.kind in "iub" and array.dtype not in (np.int16, np.uint16, np.int32):
            array = array.astype(np.uint32)  # Store(uint, uint); Python ints are uints here
        self._view._store(scalar_type_of(array.dtype), offset, array, "Store")

    def __getitem__(self, hlsl_type: HlslType) -> "_BoundStore":
        return _BoundStore(self._view, hlsl_type)


@dataclass(frozen=True)
class _BoundStore:
    view: "RWByteAddressBufferView"
    hlsl_type: HlslType

    def __call__(self, offset: object, value: object) -> None:
        scalar = self.hlsl_type if isinstance(self.hlsl_type, ScalarType) else self.hlsl_type.scalar
        self.view._store(scalar, offset, scalar(value), f"Store<{self.hlsl_type.name}>",
                         length=getattr(self.hlsl_type, "length", None))


class RWByteAddressBufferView(ByteAddressBufferView):
    """What an `RWByteAddressBuffer` binding is inside the shader: loads plus stores."""

    @property
    def Store(self) -> _TemplatedStore:  # noqa: N802
        return _TemplatedStore(self)

    def Store2(self, offset: object, value: object) -> None:  # noqa: N802
        self._store(uint32_t, offset, uint32_t(value), "Store2", length=2)

    def Store3(self, offset: object, value: object) -> None:  # noqa: N802
        self._store(uint32_t, offset, uint32_t(value), "Store3", length=3)

    def Store4(self, offset: object, value: object) -> None:  # noqa: N802
        self._store(uint32_t, offset, uint32_t(value), "Store4", length=4)

    def _store(self, scalar: ScalarType, offset: object, value: np.ndarray, method: str,
               length: int | None = None) -> None:
        ctx = require_context(method)
        array = np.asarray(value).astype(scalar.dtype, copy=False)
        if array.ndim == 0 or (array.ndim == 1 and array.shape[0] == ctx.lanes and length is None):
            array = np.broadcast_to(array.reshape(-1, 1) if array.ndim else array, (ctx.lanes, 1))
        elif array.ndim == 1:
            array = np.broadcast_to(array, (ctx.lanes, array.shape[0]))
        if array.ndim != 2 or array.shape[0] != ctx.lanes or (length is not None and array.shape[1] != length):
            want = f"({ctx.lanes}, {length})" if length else f"({ctx.lanes},) or ({ctx.lanes}, N)"
            raise InvalidArgumentError(f"{method}: value of shape {np.shape(value)} does not fit; expected {want}")
        alignment = 4 if method[-1].isdigit() or (method == "Store" and scalar.size >= 4) else scalar.size
        store_elements(self.range, offset, array, alignment, method)


class RootConstantsView:
    """Root 32-bit constants inside the shader: `params[i]` is uint, `asfloat(i)`/`asint(i)` reinterpret."""

    def __init__(self, values: np.ndarray) -> None:
        self.values = values

    def __getitem__(self, index: int) -> np.uint32:
        return self.values[index]

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def asfloat(self, index: int) -> np.float32:
        return self.values[index: index + 1].view(np.float32)[0]

    def asint(self, index: int) -> np.int32:
        return self.values[index: index + 1].view(np.int32)[0]


def root_constant_values(value: object, declaration: RootConstants, name: str) -> np.ndarray:
    """Root constants as given to a dispatch (ints, floats bitcast, or a uint32 array) -> uint32 words."""
    if isinstance(value, np.ndarray) and value.dtype in (np.uint32, np.int32, np.float32):
        words = value.reshape(-1).view(np.uint32)
    else:
        items = list(value) if isinstance(value, (list, tuple)) else [value]
        words = np.array([np.float32(v).view(np.uint32) if isinstance(v, float) else np.uint32(int(v) & 0xFFFFFFFF)
                          for v in items], np.uint32)
    if words.shape[0] < declaration.num_values:
        raise InvalidArgumentError(
            f"root constants {name!r} at {declaration.register} take {declaration.num_values} 32-bit values, "
            f"got {words.shape[0]} (the root signature must cover the shader's constants)")
    return words.copy()
