"""Tensor-addressed loads and stores for every scope instance of a chunk at once.

A tiled kernel loads one tile per scope instance (a subgroup or a workgroup) through one tensor
layout that each instance slices at its own offsets, from its own Pointer. `load_tensor` and
`store_tensor` (tensor_memory) define what each instance gets; this is the same, done for all
instances in a few numpy passes: the cached span plan of `tensor_addressing` does not depend on the
offsets, and its per-dimension tables are computed for every instance's offsets as one 2-D array.

The fast path covers what tiled kernels do (no DecodeFunc, nonzero block sizes, every element
inside the memory, aligned Pointers and element-aligned memory, Undefined mode only when in
bounds, stores to distinct addresses). Anything else goes through `load_tensor`/`store_tensor`
instance by instance, in instance order, so errors and permissive results are theirs exactly.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import DTypeLike

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.element_bytes import bits_dtype
from dxlinalg.coopmat.tensor_addressing import (
    _ACCESSED_BY_STATUS,
    _STATUS_BY_FLAGS,
    DEFAULT_SETTINGS,
    LOAD_OP,
    STORE_OP,
    ElementStatus,
    _dimension_table,
    _effective_mode,
    _span_plan,
    tensor_element_addresses,
)
from dxlinalg.coopmat.tensor_enums import UINT32_MASK, ClampMode
from dxlinalg.coopmat.tensor_layout import TensorLayout, tensor_layout_slice
from dxlinalg.coopmat.tensor_memory import (
    clamp_value_element,
    load_tensor,
    store_layout,
    store_tensor,
)
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.resources import BufferRange, resolve_handle
from dxlinalg.profile.model import CooperativeMatrixSettings

POINTER_ALIGNMENT = 16


def instance_layout(layout: TensorLayout, offsets: np.ndarray, instance: int) -> TensorLayout:
    """The layout instance `instance` uses: `layout` sliced by its offsets, spans kept."""
    return tensor_layout_slice(layout, [int(v) for v in offsets[instance]], layout.span)


def _check_batch(layout: object, offsets: object, pointer_offsets: object, op: str) -> tuple[np.ndarray, np.ndarray]:
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op}: TensorLayout {layout!r} must be a TensorLayout")
    offs = np.asarray(offsets)
    pointers = np.asarray(pointer_offsets)
    if offs.dtype.kind not in "iu" or offs.ndim != 2 or offs.shape[1] != layout.dim:
        raise InvalidArgumentError(f"{op}: slice offsets must be (instances, {layout.dim}) integers, got "
                                   f"{offs.dtype} {offs.shape}")
    if pointers.dtype.kind not in "iu" or pointers.shape != (offs.shape[0],):
        raise InvalidArgumentError(f"{op}: pointer offsets must be ({offs.shape[0]},) integers, got "
                                   f"{pointers.dtype} {pointers.shape}")
    return offs.astype(np.int64), pointers.astype(np.int64)


def _batch_addresses(shape: tuple[int, int], layout: TensorLayout, view: TensorView | None, offsets: np.ndarray,
                     store: bool, settings: CooperativeMatrixSettings | None
                     ) -> tuple[np.ndarray, np.ndarray | None] | None:
    """(index (I, K), status (I, K) or None when all in bounds), or None where the fast path does not apply.

    The caller has run `tensor_element_addresses` for one instance, so the offset-independent checks passed.
    When every element of every instance is in bounds and blocks are single elements, each index is
    (sum_d (spanCoord_d + offset_d) * stride_d) mod 2^32: one pattern for all instances plus a constant each."""
    m, n = shape
    settings = settings if settings is not None else DEFAULT_SETTINGS
    mode = _effective_mode(layout, store)
    if 0 in layout.block_size or 0 in layout.span or (
            mode == ClampMode.MirrorRepeat and settings.mirror_repeat_unit_innermost != "per_dimension"):
        return None
    plan = _span_plan(m, n, layout.span, view, settings.clip_span_sum == "unbounded")
    full_offsets = offsets + np.array(layout.offset, np.int64)
    tables = [_dimension_table(values[None, :], full_offsets[:, d:d + 1], layout.dimension[d], mode)
              for d, values in enumerate(plan.values)]
    if any(table.flags is not None for table in tables):
        if mode == ClampMode.Undefined:
            return None                   # out of bounds in Undefined mode: load_tensor reports or decides
    elif plan.clip_flags is None and all(size == 1 for size in layout.block_size):
        strides = np.array(layout.stride, np.int64)
        pattern = np.zeros(m * n, np.int64)
        for d, (values, positions) in enumerate(zip(plan.values, plan.positions)):
            pattern += values[positions] * strides[d]
        return (pattern[None, :] + (full_offsets * strides).sum(axis=1)[:, None]) & UINT32_MASK, None
    flags = None if plan.clip_flags is None else np.broadcast_to(plan.clip_flags, (offsets.shape[0], m * n))
    index = np.zeros((offsets.shape[0], m * n), np.int64)
    for d, (table, positions) in enumerate(zip(tables, plan.positions)):
        if table.flags is not None:
            gathered = table.flags[:, positions]
            flags = gathered if flags is None else flags | gathered
        block = table.coord // layout.block_size[d]
        contribution = ((block.astype(np.uint64) * np.uint64(layout.stride[d])) & np.uint64(UINT32_MASK))
        index += contribution.astype(np.int64)[:, positions]
    if layout.dim > 1:
        index &= UINT32_MASK
    if flags is None:
        return index, None
    status = _STATUS_BY_FLAGS[flags]
    index[~_ACCESSED_BY_STATUS[status]] = 0
    return index, status


def _unit_positions(rng: BufferRange, pointers: np.ndarray, index: np.ndarray, accessed: np.ndarray | None,
                    unit: int, strict: bool) -> np.ndarray | None:
    """(I, K) positions in the memory's `unit`-byte view, or None where the fast path does not apply."""
    if strict and ((rng.base_address + pointers) % POINTER_ALIGNMENT).any():
        return None
    if rng.base_offset % unit or (pointers % unit).any() or (pointers < 0).any() or (pointers > rng.size).any():
        return None
    limits = (rng.size - pointers) // unit
    if index.shape[1]:
        reach = index.max(axis=1) if accessed is None else np.where(accessed, index, -1).max(axis=1)
        if not (reach < limits).all():
            return None
    index += (pointers // unit)[:, None]
    return index


def _units(rng: BufferRange, unit: int) -> np.ndarray | None:
    raw = rng.data[rng.base_offset:rng.base_offset + (rng.size // unit) * unit]
    return raw.view(bits_dtype(unit)) if raw.flags.c_contiguous else None


def load_tensor_instances(memory: object, shape: tuple[int, int], layout: TensorLayout, dtype: DTypeLike,
                          offsets: np.ndarray, pointer_offsets: np.ndarray, *, view: TensorView | None = None,
                          obj: np.ndarray | None = None, strict: bool = True, op: str = LOAD_OP,
                          settings: CooperativeMatrixSettings | None = None) -> np.ndarray:
    """(instances, M, N): instance i's `load_tensor` through `layout` sliced by offsets[i], at pointer_offsets[i].

    `obj` (instances, M, N) gives each instance's Object (the elements a view clips keep it)."""
    offs, pointers = _check_batch(layout, offsets, pointer_offsets, op)
    dtype = rules.check_element_type(dtype, op)
    m, n = rules.check_matrix_shape(shape, op)
    count = offs.shape[0]
    if obj is not None and np.shape(obj) != (count, m, n):
        raise InvalidArgumentError(f"{op}: Object must be ({count}, {m}, {n}), one matrix per instance, got "
                                   f"{np.shape(obj)}")
    rng = resolve_handle(memory, f"{op} memory")
    fast = None
    if count:
        tensor_element_addresses((m, n), instance_layout(layout, offs, 0), view, store=False, strict=strict, op=op,
                                 settings=settings)
        fast = _batch_addresses((m, n), layout, view, offs, store=False, settings=settings)
    if fast is not None:
        index, status = fast
        accessed = None if status is None else _ACCESSED_BY_STATUS[status]
        positions = _unit_positions(rng, pointers, index, accessed, dtype.itemsize, strict)
        units = _units(rng, dtype.itemsize) if positions is not None else None
        if units is not None:
            if accessed is None:
                return units[positions].view(dtype).reshape(count, m, n)
            result = (np.zeros((count, m * n), dtype) if obj is None
                      else np.array(obj, dtype, copy=True).reshape(count, m * n))
            result[status == ElementStatus.OUT_OF_BOUNDS] = clamp_value_element(layout.clamp_value, dtype)
            result[accessed] = units[positions[accessed]].view(dtype)
            return result.reshape(count, m, n)
    result = np.zeros((count, m, n), dtype)
    for i in range(count):
        result[i] = load_tensor(rng, (m, n), instance_layout(layout, offs, i), dtype, view=view,
                                pointer_offset=int(pointers[i]), obj=None if obj is None else obj[i],
                                strict=strict, op=op, settings=settings)
    return result


def store_tensor_instances(memory: object, values: np.ndarray, layout: TensorLayout, offsets: np.ndarray,
                           pointer_offsets: np.ndarray, *, view: TensorView | None = None, strict: bool = True,
                           op: str = STORE_OP, settings: CooperativeMatrixSettings | None = None,
                           write_order: np.ndarray | None = None) -> None:
    """Instance i's `store_tensor` of values[i] through `layout` sliced by offsets[i], at pointer_offsets[i]
    (`write_order`: store_tensor's, for every instance)."""
    offs, pointers = _check_batch(layout, offsets, pointer_offsets, op)
    values = np.asarray(values)
    if values.ndim != 3 or values.shape[0] != offs.shape[0]:
        raise InvalidArgumentError(f"{op}: Object must be ({offs.shape[0]}, rows, columns), one matrix per "
                                   f"instance, got {values.shape}")
    count, m, n = values.shape
    dtype = rules.check_element_type(values.dtype, op)
    rng = resolve_handle(memory, f"{op} memory", writable=True)
    fast = None
    if count:
        layout = store_layout(layout, strict, settings, op)
        tensor_element_addresses((m, n), instance_layout(layout, offs, 0), view, store=True, strict=strict, op=op,
                                 settings=settings)
        fast = _batch_addresses((m, n), layout, view, offs, store=True, settings=settings)
    if fast is not None:
        index, status = fast
        accessed = None if status is None else _ACCESSED_BY_STATUS[status]
        positions = _unit_positions(rng, pointers, index, accessed, dtype.itemsize, strict)
        units = _units(rng, dtype.itemsize) if positions is not None else None
        if units is not None:
            bits = np.ascontiguousarray(values).view(bits_dtype(dtype.itemsize)).reshape(count, m * n)
            targets = positions if accessed is None else positions[accessed]
            written = bits if accessed is None else bits[accessed]
            targets, written = targets.reshape(-1), written.reshape(-1)
            ordered = np.sort(targets)
            if not (ordered[1:] == ordered[:-1]).any():        # distinct addresses: one scatter
                if targets.size:
                    units[targets] = written
                    rng.mark_written()
                return
    for i in range(count):
        store_tensor(rng, values[i], instance_layout(layout, offs, i), view=view, pointer_offset=int(pointers[i]),
                     strict=strict, op=op, settings=settings, write_order=write_order)
