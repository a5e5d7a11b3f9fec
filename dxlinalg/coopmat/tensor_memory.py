"""Tensor-addressed loads and stores of a whole cooperative matrix against memory bytes.

OpCooperativeMatrixLoadTensorNV / StoreTensorNV once the addresses are known
(`tensor_addressing`): the final index times the element size (or the DecodeFunc's block size) is
a byte offset from Pointer, which must be 16-byte aligned. A load returns, per element, the
memory element, the clamp value's low bits (Constant mode out of bounds) or Object's element
(clipped by the view); with a DecodeFunc, the function's value for the element's block. A store
writes only the elements in bounds. Memory is a uint8 numpy array or anything
`dxlinalg.gpu.resources.resolve_handle` accepts (a Buffer, BufferBinding or BufferRange).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import DTypeLike

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.element_bytes import bits_dtype, last_writer_per_address
from dxlinalg.coopmat.tangled import (
    UserFunction,
    calling_user_function,
    require_not_in_callback,
)
from dxlinalg.coopmat.tensor_addressing import (
    DEFAULT_SETTINGS,
    LOAD_OP,
    STORE_OP,
    ElementAddresses,
    ElementStatus,
    tensor_element_addresses,
)
from dxlinalg.coopmat.tensor_layout import TensorLayout
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import current_context
from dxlinalg.gpu.resources import BufferRange, resolve_handle
from dxlinalg.profile.model import CooperativeMatrixSettings


@dataclass(frozen=True)
class DecodeBlocks:
    """A DecodeFunc's first parameter for every element at once: where each element's block lies.

    `offsets[k]` is the byte offset of element k's block in `data` (the memory from its start, not
    from Pointer); `raw()` gathers the blocks' bytes. In permissive mode a block outside the memory
    reads as zeros.
    """

    data: np.ndarray        # read-only uint8 view of the memory
    offsets: np.ndarray     # (n,) int64
    block_bytes: int

    def raw(self) -> np.ndarray:
        """(n, block_bytes) uint8: each element's block."""
        positions = self.offsets[:, None] + np.arange(self.block_bytes)
        inside = (positions >= 0) & (positions < self.data.shape[0])
        raw = np.zeros(positions.shape, np.uint8)
        raw[inside] = self.data[positions[inside]]
        return raw

    def view(self, dtype: DTypeLike) -> np.ndarray:
        """(n, block_bytes // itemsize): each block's bytes as an array of `dtype` (a struct's fields)."""
        dtype = np.dtype(dtype)
        if self.block_bytes % dtype.itemsize:
            raise InvalidArgumentError(
                f"DecodeBlocks.view: a block of {self.block_bytes} bytes is not a whole number of {dtype}")
        return np.ascontiguousarray(self.raw()).view(dtype)


#: decode(blocks, block_coord (n, D), coord_in_block (n, D)) -> (n,) values of the matrix's type.
DecodeFunc = Callable[[DecodeBlocks, np.ndarray, np.ndarray], np.ndarray]


def _pointer_offset(rng: BufferRange, pointer_offset: object, op: str) -> int:
    offset = pointer_offset if isinstance(pointer_offset, (int, np.integer)) else None
    if offset is None or isinstance(offset, bool) or not 0 <= offset <= rng.size:
        raise InvalidArgumentError(
            f"{op}: pointer_offset {pointer_offset!r} must be a byte offset inside {rng.name} of {rng.size} bytes "
            f"(Pointer must point into an array)")
    return int(offset)


def clamp_value_element(clamp_value: int, dtype: np.dtype) -> np.ndarray:
    """The element a Constant-mode out-of-bounds load returns: the low bits of the clamp value.

    A 64-bit element gets the 32-bit clamp value zero-extended.
    """
    bits = clamp_value & ((1 << (8 * dtype.itemsize)) - 1)
    return np.array(bits, bits_dtype(dtype.itemsize)).view(dtype)


def _whole_units(rng: BufferRange, offset: int, unit: int) -> int:
    """How many whole elements (or blocks) of `unit` bytes lie between Pointer and the end of the memory."""
    return (rng.size - offset) // unit


def _outside_memory(rng: BufferRange, addresses: ElementAddresses, offset: int, unit: int, strict: bool,
                    op: str) -> np.ndarray | None:
    """(M, N) bool: accessed elements whose bytes lie outside the memory (None: there are none).

    Strict mode reports the row-major first. An index is never negative, so an element is inside
    exactly when its index is below the number of whole units after Pointer.
    """
    units = _whole_units(rng, offset, unit)
    if units > 0 and int(addresses.index.max()) < units:
        return None
    outside = addresses.accessed & (addresses.index >= units)
    if not outside.any():
        return None
    flat = int(np.flatnonzero(outside)[0])
    row, col = divmod(flat, addresses.shape[1])
    start = offset + int(addresses.index.flat[flat]) * unit
    rules.report_outside_memory(strict, row, col, start, unit, rng.size, rng.name, op)
    return outside


def _unit_view(rng: BufferRange, offset: int, unit: int) -> np.ndarray | None:
    """The whole units after Pointer as unsigned integers of `unit` bytes, a view of the memory.

    None when the backing bytes are not contiguous (a strided numpy handle); callers then move bytes.
    """
    start = rng.base_offset + offset
    raw = rng.data[start:start + _whole_units(rng, offset, unit) * unit]
    if not raw.flags.c_contiguous:
        return None
    return raw.view(bits_dtype(unit))


def _gather_units(rng: BufferRange, offset: int, unit: int, index: np.ndarray) -> np.ndarray:
    """The `unit`-byte elements at `index` (all inside the memory) as unsigned integers."""
    units = _unit_view(rng, offset, unit)
    if units is not None:
        return units[index]
    starts = rng.base_offset + offset + index.astype(np.int64) * unit
    raw = rng.data[starts[..., None] + np.arange(unit)]
    return np.ascontiguousarray(raw).view(bits_dtype(unit))[..., 0]


def _note_read(rng: BufferRange) -> None:
    """A parallel range reads this buffer (`gpu.buffer_accesses`); which bytes is not logged here."""
    ctx = current_context()
    if ctx is not None and ctx.state.accesses is not None:
        ctx.state.accesses.note_read(rng.data)


def _scatter_units(rng: BufferRange, offset: int, unit: int, index: np.ndarray, bits: np.ndarray) -> None:
    """Write `bits` (unsigned integers of `unit` bytes) to the distinct element indices `index`."""
    units = _unit_view(rng, offset, unit)
    if units is not None:
        units[index] = bits
        return
    starts = rng.base_offset + offset + index.astype(np.int64) * unit
    rng.data[starts[:, None] + np.arange(unit)] = bits.view(np.uint8).reshape(-1, unit)


def load_tensor(memory: object, shape: tuple[int, int], layout: TensorLayout, dtype: DTypeLike, *,
                view: TensorView | None = None, pointer_offset: int = 0, obj: np.ndarray | None = None,
                decode: DecodeFunc | None = None, block_bytes: int | None = None, strict: bool = True,
                op: str = LOAD_OP, settings: CooperativeMatrixSettings | None = None) -> np.ndarray:
    """The `shape` matrix of `dtype` loaded from `memory` at byte `pointer_offset` through `layout` and `view`.

    `obj` (the Object operand; zeros when None) supplies the elements the view clips. With
    `decode`, each accessed element's value is decode(blocks, block_coord, coord_in_block), called
    once for all of them, and the index counts blocks of `block_bytes` bytes. `settings` (a
    profile's coopmat; None: the defaults) decide the edge cases `tensor_element_addresses` names.
    """
    require_not_in_callback(op)
    dtype = rules.check_element_type(dtype, op)
    m, n = rules.check_matrix_shape(shape, op)
    if obj is not None:
        rules.check_object_type(np.asarray(obj), (m, n), dtype, op)
    if decode is not None:
        if not callable(decode):
            raise InvalidArgumentError(f"{op}: DecodeFunc {decode!r} must be callable")
        unit = rules.check_block_bytes(block_bytes, op)
    elif block_bytes is not None:
        raise InvalidArgumentError(f"{op}: block_bytes is the DecodeFunc's block size; give it only with decode")
    else:
        unit = dtype.itemsize
    rng = resolve_handle(memory, f"{op} memory")
    _note_read(rng)
    offset = _pointer_offset(rng, pointer_offset, op)
    rules.check_pointer_aligned(strict, rng.base_address + offset, f"({rng.name} + {offset})", op)
    addresses = tensor_element_addresses((m, n), layout, view, store=False, strict=strict, op=op, settings=settings)
    outside = _outside_memory(rng, addresses, offset, unit, strict, op)
    accessed = addresses.accessed
    if decode is None and outside is None and accessed.all():      # every element read from memory
        return _gather_units(rng, offset, unit, addresses.index).view(dtype)
    result = np.zeros((m, n), dtype) if obj is None else np.array(obj, dtype, copy=True)
    result[addresses.status == ElementStatus.OUT_OF_BOUNDS] = clamp_value_element(layout.clamp_value, dtype)
    if decode is not None:
        data = rng.data[rng.base_offset:]
        _decode_into(result, decode, data, addresses, offset + addresses.byte_offsets(unit), accessed, unit, op)
        return result
    readable = accessed if outside is None else accessed & ~outside
    if outside is not None:
        result[outside] = np.zeros((), dtype)
    result[readable] = _gather_units(rng, offset, unit, addresses.index[readable]).view(dtype)
    return result


def _decode_into(result: np.ndarray, decode: DecodeFunc, data: np.ndarray, addresses: ElementAddresses,
                 positions: np.ndarray, accessed: np.ndarray, block_bytes: int, op: str) -> None:
    """Call the DecodeFunc once for every accessed element and store its values."""
    count = int(accessed.sum())
    if count == 0:
        return
    readonly = data.view()
    readonly.flags.writeable = False
    blocks = DecodeBlocks(readonly, positions[accessed].astype(np.int64), block_bytes)
    with calling_user_function(UserFunction.DecodeFunc, op):
        values = np.asarray(decode(blocks, addresses.block_coord[accessed].copy(),
                                   addresses.coord_in_block[accessed].copy()))
    rules.check_decode_result(values, count, op)
    result[accessed] = values.astype(result.dtype)


def store_layout(layout: TensorLayout, strict: bool, settings: CooperativeMatrixSettings | None, op: str
                 ) -> TensorLayout:
    """The layout a store addresses through. A block size larger than 1 is undefined for stores (strict
    mode reports it); permissive mode does what the profile's `store_block_size` says: "blocks" and
    "blocks_lowest_lane" address by block as loads do (the elements of a block write one address; the
    caller's write order picks the one that lands), "ignored" addresses every element as with block size 1."""
    if not rules.check_store_block_size(layout.block_size, strict, op):
        return layout
    mode = (settings if settings is not None else DEFAULT_SETTINGS).store_block_size
    return replace(layout, block_size=(1,) * len(layout.block_size)) if mode == "ignored" else layout


def store_tensor(memory: object, values: np.ndarray, layout: TensorLayout, *, view: TensorView | None = None,
                 pointer_offset: int = 0, strict: bool = True, op: str = STORE_OP,
                 settings: CooperativeMatrixSettings | None = None,
                 write_order: np.ndarray | None = None) -> ElementAddresses:
    """Store the matrix `values` to `memory` at byte `pointer_offset` through `layout` and `view`.

    Stores never clamp: out-of-bounds elements (any clamp mode but Undefined) and clipped ones are
    not written. Returns the addresses, whose status says which elements were written. Where
    several elements write one address (permissive mode), the last in `write_order` lands ((M * N,)
    integers, one per row-major element; None: row-major order).
    """
    require_not_in_callback(op)
    values = np.asarray(values)
    if values.ndim != 2:
        raise InvalidArgumentError(f"{op}: Object must be a matrix (rows, columns), got shape {values.shape}")
    dtype = rules.check_element_type(values.dtype, op)
    m, n = rules.check_matrix_shape(values.shape, op)
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op}: TensorLayout {layout!r} must be a TensorLayout")
    layout = store_layout(layout, strict, settings, op)
    if write_order is not None:
        write_order = np.asarray(write_order)
        if write_order.dtype.kind not in "iu" or write_order.shape != (m * n,):
            raise InvalidArgumentError(f"{op}: write_order must be ({m * n},) integers, one per row-major element, "
                                       f"got {write_order.dtype} {write_order.shape}")
    rng = resolve_handle(memory, f"{op} memory", writable=True)
    offset = _pointer_offset(rng, pointer_offset, op)
    rules.check_pointer_aligned(strict, rng.base_address + offset, f"({rng.name} + {offset})", op)
    addresses = tensor_element_addresses((m, n), layout, view, store=True, strict=strict, op=op, settings=settings)
    unit = dtype.itemsize
    outside = _outside_memory(rng, addresses, offset, unit, strict, op)
    writable = addresses.accessed if outside is None else addresses.accessed & ~outside
    bits = np.ascontiguousarray(values).view(bits_dtype(unit)).ravel()
    targets = addresses.index.ravel()
    if not writable.all():
        elements = np.flatnonzero(writable)            # row-major element numbers
        bits, targets = bits[elements], targets[elements]
    else:
        elements = None
    if targets.size == 0:
        return addresses
    ordered = np.sort(targets)
    if (ordered[1:] == ordered[:-1]).any():          # several elements to one address: keep one writer each
        numbers = np.arange(targets.size) if elements is None else elements
        if write_order is not None:                  # the writes in the order they land
            landing = np.argsort(write_order[numbers], kind="stable")
            numbers, bits, targets = numbers[landing], bits[landing], targets[landing]
        keep = _last_writer_per_address(numbers, offset + targets * unit, bits, strict, n, op)
        bits, targets = bits[keep], targets[keep]
    _scatter_units(rng, offset, unit, targets, bits)
    rng.mark_written()
    return addresses


def _last_writer_per_address(elements: np.ndarray, targets: np.ndarray, bits: np.ndarray, strict: bool, n: int,
                             op: str) -> np.ndarray:
    """Positions (into `targets`, the writes in landing order) of the last write to each address.

    Strict mode reports two elements writing different values to one address (which lands is not
    defined); permissive mode keeps the last (row-major, or the caller's write order).
    """
    last, conflict = last_writer_per_address(targets, bits)
    if conflict is not None:
        first, second = (divmod(int(elements[j]), n) for j in conflict)
        rules.report_conflicting_store(strict, first, second, int(targets[conflict[0]]), op)
    return last
