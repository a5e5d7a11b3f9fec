"""GLSL's cooperative-matrix builtins in the Python shader DSL, each once per chunk over all scope instances.

GL_KHR_cooperative_matrix: coopMatLoad, coopMatStore, coopMatMulAdd. GL_NV_cooperative_matrix2:
coopMatLoadTensorNV, coopMatStoreTensorNV, coopMatReduceNV, coopMatPerElementNV,
coopMatTransposeNV, and the tensor layout/view builtins (`glsl_tensor`), whose
`sliceTensorLayoutNV` here also takes per-lane offsets (a tile index computed from the
subgroup's id): the layout then holds one offset per lane, which must be uniform in each scope
instance when a load or store uses it.

Buffers are the DSL's: a ByteAddressBuffer / RWByteAddressBuffer binding (GLSL's `buffer` block
holding an array) or a `groupshared` array. GLSL's `element` and `stride` count elements of the
buffer's array type: for a groupshared array its declared type, for a byte-address buffer the
matrix's component type unless `element_type=` names another (a `uint` buffer read as float16_t).
Builtins with GLSL `out`/`inout` matrix parameters write the given `CoopMatValue`. Memory
operations act on the active scope instances only; every builtin checks uniform control flow of
the scope first (tangled instructions; strict mode reports a partly active instance).
"""

from __future__ import annotations

import dataclasses
import itertools
import numbers
import weakref
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dxlinalg.coopmat import glsl_tensor
from dxlinalg.coopmat.glsl_matrix import (
    CoopMatValue,
    component_dtype,
    require_uniform,
    uniform_operand,
)
from dxlinalg.coopmat.matrix_enums import (
    CooperativeMatrixLayout,
    CooperativeMatrixOperands,
    StorageClass,
)
from dxlinalg.coopmat.matrix_memory import (
    MatrixMemory,
    buffer_memory,
    element_offsets,
    load_matrix,
    store_matrix,
    track_groupshared,
)
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.muladd import cooperative_matrix_muladd
from dxlinalg.coopmat.ownership import ownership_map, store_write_order
from dxlinalg.coopmat.per_element import per_element_op
from dxlinalg.coopmat.reduce import reduce_matrix
from dxlinalg.coopmat.tensor_batch import load_tensor_instances, store_tensor_instances
from dxlinalg.coopmat.tensor_enums import UINT32_MASK
from dxlinalg.coopmat.tensor_layout import (
    TensorLayout,
    tensor_layout_set_block_size,
    tensor_layout_set_clamp_value,
    tensor_layout_set_stride,
    tensor_layout_slice,
)
from dxlinalg.coopmat.tensor_memory import DecodeFunc, load_tensor, store_tensor
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.coopmat.transpose import transpose_matrix
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.groupshared_arrays import GroupSharedArray
from dxlinalg.gpu.resources import ByteAddressBufferView

gl_CooperativeMatrixLayoutRowMajor = int(CooperativeMatrixLayout.RowMajorKHR)
gl_CooperativeMatrixLayoutColumnMajor = int(CooperativeMatrixLayout.ColumnMajorKHR)
gl_MatrixOperandsSaturatingAccumulation = int(CooperativeMatrixOperands.SaturatingAccumulationKHR)
REDUCE_COMPONENTS = tuple(np.dtype(t) for t in (np.float16, np.float32, np.float64))


def _matrix(value: object, operand: str, op: str) -> CoopMatValue:
    if not isinstance(value, CoopMatValue):
        raise InvalidArgumentError(f"{op}: '{operand}' must be a coopmat variable (made by coopmat[...](...)), got "
                                   f"{type(value).__name__}")
    return value


# -- buffers ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Buffer:
    """A DSL buffer as the core's memory: bytes, each instance's origin, and the array's element type."""

    memory: MatrixMemory
    element: np.dtype          # the array element's scalar type
    components: int            # 1, or a vector's length
    handles: tuple[object, ...] | None = None    # groupshared: one byte row per instance (tensor loads)

    @property
    def element_bytes(self) -> int:
        return self.element.itemsize * self.components


def _buffer(buf: object, m: CoopMatValue, element_type: object, op: str) -> _Buffer:
    instances = m.instances
    if isinstance(buf, ByteAddressBufferView):
        element = m.type.component if element_type is None else component_dtype(element_type, op)
        return _Buffer(buffer_memory(buf, instances.count), element, 1)
    if isinstance(buf, GroupSharedArray):
        if element_type is not None:
            raise InvalidArgumentError(f"{op}: element_type is for byte-address buffers; a groupshared array has "
                                       f"its declared type")
        view = buf.view
        shared = view.memory
        size = int(buf.declaration.size_bytes)
        origin = instances.group_of_instance * shared.stride + view.base
        memory = MatrixMemory(shared.data.reshape(-1), origin.astype(np.int64), size, int(view.base), buf.name,
                              StorageClass.Workgroup)
        rows = tuple(shared.data[g, view.base:view.base + size] for g in instances.group_of_instance)
        return _Buffer(memory, np.dtype(view.dtype), int(view.components), rows)
    raise InvalidArgumentError(f"{op}: buf must be a ByteAddressBuffer/RWByteAddressBuffer binding or a groupshared "
                               f"array, got {type(buf).__name__}")


def _active_memory(buffer: _Buffer, active: np.ndarray) -> MatrixMemory:
    return dataclasses.replace(buffer.memory, origin=buffer.memory.origin[active])


def _track_shared(ctx: ExecutionContext, buf: object, m: CoopMatValue, active: np.ndarray, positions: np.ndarray,
                  accessed: np.ndarray, is_store: bool, op: str) -> None:
    """Tell a groupshared array's race tracker which invocation reads or writes which bytes.

    `positions` (active instances, rows, cols) are byte positions in the groupshared rows, `accessed`
    which elements touch memory; each element is accessed by the invocation that owns it (the
    profile's ownership map), so the tracker's barrier and race rules apply as to any other access."""
    if not isinstance(buf, GroupSharedArray):
        return
    track_groupshared(buf.view.memory.tracker, m.type, m.instances.size, m.instances.first_lane[active], positions,
                      accessed, ctx.profile.coopmat, is_store, f"{op} of {buf.name}")


def _track_matrix_access(ctx: ExecutionContext, buf: object, buffer: _Buffer, m: CoopMatValue, active: np.ndarray,
                         layout: object, strides: np.ndarray, elements: np.ndarray, is_store: bool, op: str) -> None:
    if not isinstance(buf, GroupSharedArray):
        return
    memory = _active_memory(buffer, active)
    access = element_offsets(memory, m.type, layout, strides[active], elements[active], buffer.element,
                              buffer.components, is_store, ctx.strict, op)
    _track_shared(ctx, buf, m, active, memory.origin[:, None, None] + access.offsets, access.inside, is_store, op)


# -- GL_KHR_cooperative_matrix -----------------------------------------------------------------------------------
def coopMatLoad(m: CoopMatValue, buf: object, element: object, stride: object, matrixLayout: object, *,
                element_type: object = None) -> CoopMatValue:
    """coopMatLoad(out m, buf, element, stride, layout): each active instance loads its matrix."""
    op = "coopMatLoad"
    m = _matrix(m, "m", op)
    ctx = require_context(op)
    active = require_uniform(ctx, m.instances, op)
    elements = uniform_operand(ctx, element, m.instances, "element", op)
    strides = uniform_operand(ctx, stride, m.instances, "stride", op)
    buffer = _buffer(buf, m, element_type, op)
    if active.any():
        _track_matrix_access(ctx, buf, buffer, m, active, matrixLayout, strides, elements, False, op)
        loaded = load_matrix(_active_memory(buffer, active), m.type, layout=matrixLayout, stride=strides[active],
                             element_offset=elements[active], pointee=buffer.element,
                             pointee_components=buffer.components, strict=ctx.strict, op=op)
        values = m.matrix.values.copy()
        values[active] = loaded.values
        m.matrix = CoopMatrix(m.type, values)
    return m


def coopMatStore(m: CoopMatValue, buf: object, element: object, stride: object, matrixLayout: object, *,
                 element_type: object = None) -> None:
    """coopMatStore(m, buf, element, stride, layout): each active instance stores its matrix."""
    op = "coopMatStore"
    m = _matrix(m, "m", op)
    ctx = require_context(op)
    active = require_uniform(ctx, m.instances, op)
    elements = uniform_operand(ctx, element, m.instances, "element", op)
    strides = uniform_operand(ctx, stride, m.instances, "stride", op)
    buffer = _buffer(buf, m, element_type, op)
    if active.any():
        _track_matrix_access(ctx, buf, buffer, m, active, matrixLayout, strides, elements, True, op)
        store_matrix(_active_memory(buffer, active), CoopMatrix(m.type, m.matrix.values[active]),
                     layout=matrixLayout, stride=strides[active], element_offset=elements[active],
                     pointee=buffer.element, pointee_components=buffer.components, strict=ctx.strict, op=op)


def signedness_operands(*matrices: CoopMatValue) -> int:
    """The Matrix{A,B,C,Result}SignedComponents bits glslang sets from the GLSL component types."""
    bits = (CooperativeMatrixOperands.MatrixASignedComponentsKHR, CooperativeMatrixOperands.MatrixBSignedComponentsKHR,
            CooperativeMatrixOperands.MatrixCSignedComponentsKHR,
            CooperativeMatrixOperands.MatrixResultSignedComponentsKHR)
    return sum(int(bit) for bit, m in zip(bits, matrices) if m.type.component.kind == "i")


def coopMatMulAdd(A: CoopMatValue, B: CoopMatValue, C: CoopMatValue, matrixOperands: int = 0) -> CoopMatValue:
    """A x B + C, a new Accumulator of C's type; integer signedness from the component types, as GLSL.

    `matrixOperands` may add gl_MatrixOperandsSaturatingAccumulation (GLSL has no other bits)."""
    op = "coopMatMulAdd"
    a, b, c = (_matrix(v, name, op) for v, name in ((A, "A"), (B, "B"), (C, "C")))
    if isinstance(matrixOperands, bool) or not isinstance(matrixOperands, numbers.Integral) or \
            int(matrixOperands) & ~gl_MatrixOperandsSaturatingAccumulation:
        raise InvalidArgumentError(f"{op}: matrixOperands {matrixOperands!r} may only be 0 or "
                                   f"gl_MatrixOperandsSaturatingAccumulation (0x10) (GL_KHR_cooperative_matrix: "
                                   f"signedness comes from the component types)")
    ctx = require_context(op)
    require_uniform(ctx, c.instances, op)
    operands = int(matrixOperands) | signedness_operands(a, b, c, c)
    result = cooperative_matrix_muladd(a.matrix, b.matrix, c.matrix, c.type, operands, profile=ctx.profile,
                                       strict=ctx.strict, scope_size=c.instances.size)
    return CoopMatValue(result, c.instances)


# -- per-lane tensor layouts -------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class LaneTensorLayout:
    """A tensor layout whose slice offsets differ per lane: `base` (offsets as sliced uniformly) plus
    `offsets` (lanes, Dim), added to base's offsets as OpTensorLayoutSliceNV adds them."""

    base: TensorLayout
    offsets: np.ndarray

    @property
    def dim(self) -> int:
        return self.base.dim


def _wrap_int32(values: np.ndarray) -> np.ndarray:
    wrapped = values & UINT32_MASK
    return np.where(wrapped >= 1 << 31, wrapped - (1 << 32), wrapped)


def sliceTensorLayoutNV(t: TensorLayout | LaneTensorLayout, *offsetsAndSpans: object) -> TensorLayout | LaneTensorLayout:
    """sliceTensorLayoutNV(t, offset0, span0, ...): offsets add, spans replace; offsets may be per lane."""
    op = "sliceTensorLayoutNV"
    per_lane = isinstance(t, LaneTensorLayout) or any(np.ndim(v) for v in offsetsAndSpans[0::2])
    if not per_lane:
        return glsl_tensor.sliceTensorLayoutNV(t, *offsetsAndSpans)  # type: ignore[arg-type]
    base = t.base if isinstance(t, LaneTensorLayout) else t
    if not isinstance(base, TensorLayout):
        raise InvalidArgumentError(f"{op}: t {t!r} must be a tensor layout (a TensorLayout)")
    if len(offsetsAndSpans) != 2 * base.dim:
        raise InvalidArgumentError(f"{op}: {len(offsetsAndSpans)} offset/span arguments given, tensorLayoutNV<"
                                   f"{base.dim}> takes {2 * base.dim} (an offset and a span per dimension)")
    if any(np.ndim(v) for v in offsetsAndSpans[1::2]):
        raise InvalidArgumentError(f"{op}: spans must be uniform (one integer each); only offsets may be per lane")
    ctx = require_context(op)
    added = np.stack([ctx.lane_ints(v, f"{op} offset{i}") for i, v in enumerate(offsetsAndSpans[0::2])], axis=1)
    spans = offsetsAndSpans[1::2]
    sliced = tensor_layout_slice(base, (0,) * base.dim, spans, op)
    previous = t.offsets if isinstance(t, LaneTensorLayout) else 0
    return LaneTensorLayout(sliced, _wrap_int32(previous + added))


def _on_base(function: Callable[..., TensorLayout], t: object, *arguments: object) -> TensorLayout | LaneTensorLayout:
    if isinstance(t, LaneTensorLayout):
        return LaneTensorLayout(function(t.base, *arguments), t.offsets)
    return function(t, *arguments)


def setTensorLayoutStrideNV(t: TensorLayout | LaneTensorLayout, *s: int) -> TensorLayout | LaneTensorLayout:
    """Set the strides (per-lane offsets are kept)."""
    return _on_base(lambda base: tensor_layout_set_stride(base, s, "setTensorLayoutStrideNV"), t)


def setTensorLayoutBlockSizeNV(t: TensorLayout | LaneTensorLayout, *blockSize: int) -> TensorLayout | LaneTensorLayout:
    """Set the block size (per-lane offsets are kept)."""
    return _on_base(lambda base: tensor_layout_set_block_size(base, blockSize, "setTensorLayoutBlockSizeNV"), t)


def setTensorLayoutClampValueNV(t: TensorLayout | LaneTensorLayout, value: int) -> TensorLayout | LaneTensorLayout:
    """Set the clamp value (per-lane offsets are kept)."""
    return _on_base(lambda base: tensor_layout_set_clamp_value(base, value, "setTensorLayoutClampValueNV"), t)


def setTensorLayoutDimensionNV(t: TensorLayout | LaneTensorLayout, *dim: int) -> TensorLayout:
    """Dimensions, spans = dim, offsets 0 (per-lane offsets too), strides derived."""
    return glsl_tensor.setTensorLayoutDimensionNV(t.base if isinstance(t, LaneTensorLayout) else t, *dim)


# -- GL_NV_cooperative_matrix2: tensor loads and stores --------------------------------------------------------------
def _tensor_operands(ctx: ExecutionContext, m: CoopMatValue, element: object, layout: object,
                     op: str) -> tuple[TensorLayout, np.ndarray, np.ndarray]:
    """The layout, (instances, Dim) slice offsets and (instances,) element offsets, uniform per instance."""
    if isinstance(layout, LaneTensorLayout):
        base = layout.base
        offsets = uniform_operand(ctx, layout.offsets, m.instances, "tensorLayout offsets", op).astype(np.int64)
    elif isinstance(layout, TensorLayout):
        base, offsets = layout, np.zeros((m.instances.count, layout.dim), np.int64)
    else:
        raise InvalidArgumentError(f"{op}: tensorLayout {layout!r} must be a tensor layout (createTensorLayoutNV)")
    elements = uniform_operand(ctx, element, m.instances, "element", op)
    if elements.dtype.kind not in "iu":
        raise InvalidArgumentError(f"{op}: element must be an integer (or one per lane), got {elements.dtype}")
    return base, offsets, elements.astype(np.int64)


def _view_and_decode(extra: tuple[object, ...], op: str) -> tuple[TensorView | None, DecodeFunc | None]:
    view = decode = None
    for argument in extra:
        if isinstance(argument, TensorView) and view is None and decode is None:
            view = argument
        elif callable(argument) and decode is None:
            decode = argument
        else:
            raise InvalidArgumentError(f"{op}: after the tensor layout come an optional tensor view, then an optional "
                                       f"decode function; got {argument!r}")
    return view, decode


def coopMatLoadTensorNV(m: CoopMatValue, buf: object, element: object, tensorLayout: object, *viewAndDecode: object,
                        element_type: object = None, block_bytes: int | None = None) -> CoopMatValue:
    """coopMatLoadTensorNV(inout m, buf, element, tensorLayout[, tensorView][, decodeFunc]).

    Elements the view clips keep m's value. A decodeFunc(blocks, blockCoord, coordInBlock) (the core's
    DecodeFunc, vectorised) needs `block_bytes`, the size of GLSL's buffer_reference block type."""
    op = "coopMatLoadTensorNV"
    m = _matrix(m, "m", op)
    ctx = require_context(op)
    active = require_uniform(ctx, m.instances, op)
    base, offsets, elements = _tensor_operands(ctx, m, element, tensorLayout, op)
    view, decode = _view_and_decode(viewAndDecode, op)
    buffer = _buffer(buf, m, element_type, op)
    pointers = elements * buffer.element_bytes
    if not active.any():
        return m
    if decode is None and buffer.handles is None:
        everyone = bool(active.all())
        subset = slice(None) if everyone else active                  # views, not copies, when all are active
        kept = None if view is None else m.matrix.values[subset]      # only a view clips: those keep m's values
        loaded = load_tensor_instances(buf, m.type.shape, base, m.type.component, offsets[subset], pointers[subset],
                                       view=view, obj=kept, strict=ctx.strict, op=op,
                                       settings=ctx.profile.coopmat)
        if everyone:
            values = loaded
        else:
            values = m.matrix.values.copy()
            values[active] = loaded
    else:
        values = m.matrix.values.copy()
        for i in np.flatnonzero(active):
            handle = buf if buffer.handles is None else buffer.handles[i]
            layout = tensor_layout_slice(base, [int(v) for v in offsets[i]], base.span, op)
            values[i] = load_tensor(handle, m.type.shape, layout, m.type.component, view=view,
                                    pointer_offset=int(pointers[i]), obj=values[i], decode=decode,
                                    block_bytes=block_bytes, strict=ctx.strict, op=op,
                                    settings=ctx.profile.coopmat)
    m.matrix = CoopMatrix(m.type, values)
    return m


def coopMatStoreTensorNV(m: CoopMatValue, buf: object, element: object, tensorLayout: object,
                         tensorView: TensorView | None = None, *, element_type: object = None) -> None:
    """coopMatStoreTensorNV(m, buf, element, tensorLayout[, tensorView]): stores never clamp."""
    op = "coopMatStoreTensorNV"
    m = _matrix(m, "m", op)
    ctx = require_context(op)
    active = require_uniform(ctx, m.instances, op)
    base, offsets, elements = _tensor_operands(ctx, m, element, tensorLayout, op)
    if tensorView is not None and not isinstance(tensorView, TensorView):
        raise InvalidArgumentError(f"{op}: tensorView {tensorView!r} must be a tensor view (createTensorViewNV)")
    buffer = _buffer(buf, m, element_type, op)
    pointers = elements * buffer.element_bytes
    if not active.any():
        return
    settings = ctx.profile.coopmat
    write_order = store_write_order(ownership_map(m.type, m.instances.size, settings), settings,
                                    any(b > 1 for b in base.block_size))
    if buffer.handles is None:
        store_tensor_instances(buf, m.matrix.values[active], base, offsets[active], pointers[active], view=tensorView,
                               strict=ctx.strict, op=op, settings=settings, write_order=write_order)
        return
    for i in np.flatnonzero(active):
        layout = tensor_layout_slice(base, [int(v) for v in offsets[i]], base.span, op)
        addresses = store_tensor(buffer.handles[i], m.matrix.values[i], layout, view=tensorView,
                                 pointer_offset=int(pointers[i]), strict=ctx.strict, op=op,
                                 settings=settings, write_order=write_order)
        origin = buffer.memory.origin[i] + int(pointers[i])
        alone = np.arange(m.instances.count) == i
        _track_shared(ctx, buf, m, alone, (origin + addresses.index * m.type.component.itemsize)[None],
                      addresses.accessed[None], True, op)


# -- GL_NV_cooperative_matrix2: whole-matrix operations ----------------------------------------------------------
_calls: dict[int, itertools.count] = {}     # id(DispatchState) -> its counter, dropped with the state


def _call_index(ctx: ExecutionContext) -> int:
    """This dispatch's running number of Reduce/PerElement calls (seeds the adversarial orders)."""
    key = id(ctx.state)
    if key not in _calls:
        _calls[key] = itertools.count()
        weakref.finalize(ctx.state, _calls.pop, key, None)
    return next(_calls[key])


def coopMatReduceNV(o: CoopMatValue, m: CoopMatValue, reduceMask: int, combineOp: Callable[..., object]) -> None:
    """coopMatReduceNV(out o, m, reduceMask, combineOp): combineOp(a, b) is called on arrays, like a ufunc."""
    op = "coopMatReduceNV"
    o, m = _matrix(o, "o", op), _matrix(m, "m", op)
    if m.type.component not in REDUCE_COMPONENTS:
        raise InvalidArgumentError(
            f"{op}: m is {m.type}; GL_NV_cooperative_matrix2 declares coopMatReduceNV for float16_t, float32_t and "
            f"float64_t components only (its combineOp overloads), though SPIR-V's OpCooperativeMatrixReduceNV "
            f"takes any")
    ctx = require_context(op)
    require_uniform(ctx, m.instances, op)
    o.matrix = reduce_matrix(m.matrix, o.type, reduceMask, combineOp, ctx.profile.coopmat,  # type: ignore[arg-type]
                             call_index=_call_index(ctx), scope_size=m.instances.size)
    o.instances = m.instances


def coopMatPerElementNV(o: CoopMatValue, m: CoopMatValue, elemOp: Callable[..., object], *args: object) -> None:
    """coopMatPerElementNV(out o, m, elemOp, ...): o = elemOp(row, col, m[row][col], args...) per element.

    elemOp is called on arrays, like a ufunc; a coopmat argument passes its element at (row, col)."""
    op = "coopMatPerElementNV"
    o, m = _matrix(o, "o", op), _matrix(m, "m", op)
    if o.type != m.type:
        raise InvalidArgumentError(f"{op}: o is {o.type} and m is {m.type}; the result has the type of m "
                                   f"(GL_NV_cooperative_matrix2: coopMatPerElementNV)")
    ctx = require_context(op)
    require_uniform(ctx, m.instances, op)
    extra = [a.matrix if isinstance(a, CoopMatValue) else a for a in args]
    o.matrix = per_element_op(m.matrix, elemOp, *extra, settings=ctx.profile.coopmat,  # type: ignore[arg-type]
                              call_index=_call_index(ctx), scope_size=m.instances.size)
    o.instances = m.instances


def coopMatTransposeNV(o: CoopMatValue, m: CoopMatValue) -> None:
    """coopMatTransposeNV(out o, m): an Accumulator MxN to a MatrixB NxM."""
    op = "coopMatTransposeNV"
    o, m = _matrix(o, "o", op), _matrix(m, "m", op)
    ctx = require_context(op)
    require_uniform(ctx, m.instances, op)
    o.matrix = transpose_matrix(m.matrix, o.type)
    o.instances = m.instances
