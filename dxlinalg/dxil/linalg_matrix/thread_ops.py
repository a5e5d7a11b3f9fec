"""Thread-scope LinAlg operations on the cooperative-vector core (opcodes 14 and 27 at Thread scope, 25, 26, 29..31).

0035's "Cooperative Vector Replacement API": a Thread-scope A matrix is read-only and lives in memory
(`ThreadMatrix`: where each thread reads it, as the SM 6.9 ops' matrix operand); an OuterProduct result is
held as its two factors (`ThreadOuterProduct`) until it is accumulated. Matrix x vector, outer-product and
vector accumulation are the shared core's (`dxlinalg.linalg.matvec`, `dxlinalg.linalg.accumulate`), so the
SM 6.10 and SM 6.9 surfaces compute the same bits for the same arithmetic. SM 6.10 adds types 0029 lacks: 64-bit
matrices, vectors and results (the core's 64-bit accumulator, `matvec.is_wide`) and BFloat16 matrices and packed
BFloat16 inputs (laid out as 16-bit float slots, `MatrixDescription.bfloat16`; values exact in float32); a native
vector of a type 0029's register interpretations do not cover is converted by 0035's rules.

Layouts map onto the core's: MulOptimal / OuterProductOptimal are the profile's optimal formats, and the
`*Transpose` layouts read the stored N x M matrix transposed (0029's transpose flag). Out of bounds (0035
"Bounds Checking Behavior"): reads give 0 and accumulates are dropped, for a thread's whole matrix or vector
(`linalg_matrix.bounds_check = all_or_nothing`) or only for its elements outside the buffer (`per_element`: the
thread reads a copy of the buffer cut at the last whole element and zero-filled past it, and accumulates only
the elements inside); a misaligned address is undefined behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.dxil.linalg_matrix import rules
from dxlinalg.dxil.linalg_matrix.conversion import convert
from dxlinalg.dxil.linalg_matrix.types import (
    ComponentType,
    DstN,
    ElementsPerScalar,
    IsNativeScalar,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
    element_dtype,
    is_float,
    to_numerics_type,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError, UnsupportedError
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.half import widen_half
from dxlinalg.gpu.resources import BufferRange, resolve_handle
from dxlinalg.gpu.scratch import scratch
from dxlinalg.gpu.types import ScalarType, VectorType
from dxlinalg.linalg.accumulate import accumulate_lanes, element_slots
from dxlinalg.linalg.atomics import LaneFactors
from dxlinalg.linalg.matvec import WIDE_TYPES, BiasOperand, MatrixOperand, matrix_vector_product
from dxlinalg.numerics.component_types import ComponentType as NT
from dxlinalg.numerics.component_types import MatrixLayout as CoreLayout
from dxlinalg.numerics.component_types import MEMORY_INTERPRETATIONS, type_info
from dxlinalg.numerics.float_conversion import widen_fp8
from dxlinalg.numerics.interpretation import LogicalVector, interpret_physical, physical_type_of
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.model import DeviceProfile

THREAD_ALIGNMENT = 128
_CORE_LAYOUTS = {
    MatrixLayout.RowMajor: (CoreLayout.RowMajor, False), MatrixLayout.ColMajor: (CoreLayout.ColumnMajor, False),
    MatrixLayout.MulOptimal: (CoreLayout.MulOptimal, False), MatrixLayout.MulOptimalTranspose: (CoreLayout.MulOptimal,
                                                                                                True),
    MatrixLayout.OuterProductOptimal: (CoreLayout.OuterProductOptimal, False),
    MatrixLayout.OuterProductOptimalTranspose: (CoreLayout.OuterProductOptimal, True)}


@dataclass(frozen=True)
class ThreadMatrix:
    """A Thread-scope A matrix in memory: each thread's offset, and whether its read lies inside the buffer."""

    type: MatrixType
    layout: MatrixLayout
    operand: MatrixOperand


@dataclass(frozen=True)
class ThreadOuterProduct:
    """A Thread-scope Accumulator from OuterProduct: element (i, j) of a thread is left[i] * right[j]."""

    type: MatrixType
    left: np.ndarray      # (lanes, M)
    right: np.ndarray     # (lanes, N)


#: Thread-scope matrix types the core reads: 0029's memory interpretations and SM 6.10's 64-bit types.
THREAD_MATRIX_TYPES = MEMORY_INTERPRETATIONS | WIDE_TYPES


def core_type(component: ComponentType, what: str) -> NT:
    """The cooperative-vector core's name of a thread-scope matrix type (BFloat16: its F16 carrier)."""
    if component == ComponentType.BFloat16:
        return NT.F16
    core = to_numerics_type(component)
    if core not in THREAD_MATRIX_TYPES:
        raise UnsupportedError(f"{what}: {component.name} thread-scope matrices are not modelled (the "
                               f"cooperative-vector core reads I8/U8/I16/U16/I32/U32/I64/U64/F16/F32/F64/F8 and "
                               f"BFloat16 matrices)")
    return core


def matrix_description(rows: int, cols: int, component: ComponentType, layout: CoreLayout, stride: int,
                       what: str) -> MatrixDescription:
    """The core's description of a Thread-scope matrix: a BFloat16 one is laid out as F16 elements and read as
    BFloat16 bits (`MatrixDescription.bfloat16`)."""
    return MatrixDescription(rows, cols, core_type(component, what), layout, stride,
                             bfloat16=component == ComponentType.BFloat16)


def _lane_vectors(ctx: ExecutionContext, vector: object, argument: str, op: str) -> np.ndarray:
    array = np.asarray(vector)
    if array.ndim == 1:
        array = np.broadcast_to(array, (ctx.lanes, array.shape[0]))
    if array.ndim != 2 or array.shape[0] != ctx.lanes:
        raise InvalidArgumentError(f"{op}: {argument} must be a vector per thread (lanes, N), got {array.shape}")
    return array


def _aligned(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, alignment: int, op: str,
             citation: str) -> None:
    if not ctx.strict:
        return
    bad = ctx.active & ((rng.base_address + np.asarray(offsets)) % alignment != 0)
    if bad.any():
        lane = int(np.flatnonzero(bad)[0])
        offset = int(np.broadcast_to(offsets, (ctx.lanes,))[lane])
        raise UndefinedBehaviorError(f"{op}: base address {rng.base_address} + offset {offset} (thread {lane}) is "
                                     f"not {alignment}-byte aligned ({citation})")


def _inside(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, extent: int) -> np.ndarray:
    starts = np.broadcast_to(np.asarray(offsets, np.int64), (ctx.lanes,))
    return ctx.active & (starts >= 0) & (starts + extent <= rng.size)


def _per_element(ctx: ExecutionContext) -> bool:
    return ctx.profile.linalg_matrix.bounds_check == "per_element"


def _crossing(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, extent: int) -> np.ndarray:
    """Active lanes whose access starts in the address range but does not end inside the buffer."""
    starts = np.broadcast_to(np.asarray(offsets, np.int64), (ctx.lanes,))
    return ctx.active & (starts >= 0) & (starts + extent > rng.size)


def _zero_filled_copy(rng: BufferRange, end: int, element_size: int) -> BufferRange:
    """The buffer's bytes up to its last whole element (of `element_size`, counted from the start), zeros from
    there to `end`: per-element bounds checking for reads that the core makes of a thread's whole matrix. An
    element that would straddle the end reads 0 (it is out of bounds); a read-only copy, never cached."""
    kept = rng.size - rng.size % element_size
    data = np.zeros(max(end, rng.size), np.uint8)
    data[:kept] = rng.data[rng.base_offset: rng.base_offset + kept]
    return BufferRange(data, 0, rng.base_address, False, f"{rng.name} (elements inside, zeros past its end)")


def _elements_inside(rng: BufferRange, offset: int, positions: np.ndarray, element_size: int) -> np.ndarray:
    """Which of a thread's elements (relative byte `positions` from `offset`) lie wholly inside the buffer."""
    return offset + positions + element_size <= rng.size


def _accumulate_per_element(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, writing: np.ndarray,
                            slots: np.ndarray, element_index: np.ndarray, component: NT, factors: LaneFactors) -> None:
    """accumulate_lanes with 0035's per-element bounds: lanes wholly inside add every element; a lane that
    crosses the end adds only its elements inside (one call per such offset, in ascending order)."""
    size = type_info(component).size_bytes
    accumulate_lanes(ctx, rng, offsets, writing, slots, element_index, component, factors)
    starts = np.broadcast_to(np.asarray(offsets, np.int64), (ctx.lanes,))
    crossing = ctx.active & (starts >= 0) & ~writing
    for offset in np.unique(starts[crossing]):
        inside = _elements_inside(rng, int(offset), slots * size, size)
        if inside.any():
            accumulate_lanes(ctx, rng, int(offset), crossing & (starts == offset), slots[inside],
                             element_index[inside], component, factors)


# -- 14 at Thread scope, 27 at Thread scope ------------------------------------------------------------------------
def load_thread_matrix(handle: object, offset: object, stride: object, layout: MatrixLayout, align: int,
                       result_type: MatrixType) -> ThreadMatrix:
    op = "linAlgMatrixLoadFromDescriptor"
    ctx = require_context(op)
    core_layout, transpose = _CORE_LAYOUTS[layout]
    rows, cols = (result_type.n, result_type.m) if transpose else (result_type.m, result_type.n)
    desc = matrix_description(rows, cols, result_type.component, core_layout, int(stride), op)
    rng = resolve_handle(handle, f"{op}: handle")
    ctx.settle_memory(rng.data)
    offsets = ctx.lane_offsets(offset, "offset")
    _aligned(ctx, rng, offsets, max(int(align), THREAD_ALIGNMENT), op, "0035 Matrix Load: 128-byte aligned address")
    extent = stored_size(desc, ctx.profile)
    loading = _inside(ctx, rng, offsets, extent)
    crossing = _crossing(ctx, rng, offsets, extent) if _per_element(ctx) else None
    if crossing is not None and crossing.any():
        end = int(np.broadcast_to(np.asarray(offsets, np.int64), (ctx.lanes,))[crossing].max()) + extent
        rng, loading = _zero_filled_copy(rng, end, _stored_element_size(desc, ctx.profile)), loading | crossing
    return ThreadMatrix(result_type, layout, MatrixOperand(rng, offsets, loading, desc, transpose))


def _stored_element_size(desc: MatrixDescription, profile: DeviceProfile) -> int:
    """Bytes of one stored element: the type's, or the optimal format's storage type's."""
    stored = optimal_format(profile, desc.layout).storage_type(desc.component_type) if desc.layout.is_optimal \
        else desc.component_type
    return type_info(stored).size_bytes


def accumulate_thread_matrix(matrix: object, handle: object, offset: object, layout: MatrixLayout,
                             align: int) -> None:
    """memory (OuterProductOptimal) += each thread's outer product, atomically (the core's accumulate)."""
    op = "linAlgMatrixAccumulateToDescriptor"
    if not isinstance(matrix, ThreadOuterProduct):
        raise InvalidArgumentError(f"{op}: a Thread-scope Accumulator comes from OuterProduct, got "
                                   f"{type(matrix).__name__}")
    ctx = require_context(op)
    left, right = matrix.left, matrix.right
    m, n = matrix.type.m, matrix.type.n
    if layout == MatrixLayout.OuterProductOptimalTranspose:
        left, right, m, n = right, left, n, m
    if matrix.type.component == ComponentType.BFloat16:
        raise UnsupportedError(f"{op}: BFloat16 accumulation is not modelled (the core's atomics add in the SM 6.9 "
                               f"component types; D3D12's accumulate-store query has no BFloat16 either)")
    component = core_type(matrix.type.component, op)
    desc = MatrixDescription(m, n, component, CoreLayout.OuterProductOptimal)
    rng = resolve_handle(handle, f"{op}: handle", writable=True)
    offsets = ctx.lane_offsets(offset, "offset")
    _aligned(ctx, rng, offsets, max(int(align), THREAD_ALIGNMENT), op,
             "0035 DXIL linAlgMatrixAccumulateToDescriptor: 128-byte alignment")
    writing = _inside(ctx, rng, offsets, stored_size(desc, ctx.profile))
    slots, element_index = element_slots(ctx.profile, desc)
    if _per_element(ctx):
        _accumulate_per_element(ctx, rng, offsets, writing, slots, element_index, component, LaneFactors(left, right))
    else:
        accumulate_lanes(ctx, rng, offsets, writing, slots, element_index, component, LaneFactors(left, right))


# -- 25 MatVecMul, 26 MatVecMulAdd ------------------------------------------------------------------------------
_PACKED_CORE = {ComponentType.I8: NT.I8, ComponentType.U8: NT.U8, ComponentType.F8_E4M3FN: NT.F8_E4M3,
                ComponentType.F8_E5M2: NT.F8_E5M2}
#: HLSL vector element types (DXIL overloads h, f, d, w, i, l) and the core's names of them.
_RESULT_TYPES = {np.dtype(np.float16): NT.F16, np.dtype(np.float32): NT.F32, np.dtype(np.float64): NT.F64,
                 np.dtype(np.int16): NT.I16, np.dtype(np.uint16): NT.U16, np.dtype(np.int32): NT.I32,
                 np.dtype(np.uint32): NT.U32, np.dtype(np.int64): NT.I64, np.dtype(np.uint64): NT.U64}
_VECTOR_COMPONENTS = {np.dtype(np.float16): ComponentType.F16, np.dtype(np.float32): ComponentType.F32,
                      np.dtype(np.float64): ComponentType.F64, np.dtype(np.int16): ComponentType.I16,
                      np.dtype(np.uint16): ComponentType.U16, np.dtype(np.int32): ComponentType.I32,
                      np.dtype(np.uint32): ComponentType.U32, np.dtype(np.int64): ComponentType.I64,
                      np.dtype(np.uint64): ComponentType.U64}


def vector_component(vector: np.ndarray, argument: str, op: str) -> ComponentType:
    """The ComponentType of an HLSL vector's elements (half, float, double, 16/32/64-bit integers)."""
    try:
        return _VECTOR_COMPONENTS[vector.dtype]
    except KeyError:
        raise InvalidArgumentError(f"{op}: {argument} has dtype {vector.dtype}; an HLSL vector element is one of "
                                   f"{', '.join(str(d) for d in _VECTOR_COMPONENTS)} (DXIL overloads h, f, d, w, i, "
                                   f"l)") from None


def is_packed_vector(vector: np.ndarray, interpretation: ComponentType) -> bool:
    """A uint32 vector under a non-native interpretation holds packed elements (lower index, lower bits)."""
    return vector.dtype == np.uint32 and not IsNativeScalar(interpretation)


def unpack(words: np.ndarray, component: ComponentType, count: int) -> np.ndarray:
    """(lanes, count) elements of `component` packed in uint32 words, the first in the lowest bits."""
    raw = np.ascontiguousarray(words.astype(np.uint32)).view(np.uint8).reshape(words.shape[0], -1)
    size = element_dtype(component).itemsize
    return np.ascontiguousarray(raw[:, : count * size]).view(element_dtype(component))


def pack(values: np.ndarray) -> np.ndarray:
    """(lanes, n) 8- or 16-bit elements packed into (lanes, ceil(n * size / 4)) uint32, zero padded."""
    raw = np.ascontiguousarray(values).view(np.uint8).reshape(values.shape[0], -1)
    words = -(-raw.shape[1] // 4)
    padded = np.zeros((values.shape[0], words * 4), np.uint8)
    padded[:, : raw.shape[1]] = raw
    return padded.view(np.uint32)


def _logical(ctx: ExecutionContext, vector: np.ndarray, interpretation: ComponentType, k: int,
             op: str) -> LogicalVector:
    if is_packed_vector(vector, interpretation):
        elements = unpack(vector, interpretation, k)
        if interpretation == ComponentType.BFloat16:
            return _bfloat16_logical(elements)
        values = widen_fp8(elements) if is_float(interpretation) else elements
        return LogicalVector(values, _PACKED_CORE[interpretation])
    source = vector_component(vector, "inputVector", op)
    if interpretation == ComponentType.BFloat16:
        with np.errstate(all="ignore"):   # inactive lanes may hold anything
            return _bfloat16_logical(convert(np.ascontiguousarray(vector), source, interpretation,
                                             ctx.profile.float_conversion, ctx.profile.linalg_matrix.float_rounding))
    if to_numerics_type(source) in WIDE_TYPES or to_numerics_type(interpretation) in WIDE_TYPES:
        return _converted_logical(ctx, vector, source, interpretation)
    if vector.dtype == np.float16 and interpretation == ComponentType.F16:
        # the identity conversion is a bit copy: widen (the SM 6.9 op's fast path, the same values)
        return LogicalVector(widen_half(vector, out=scratch("linalg_matrix.input", vector.shape, np.float32)), NT.F16)
    physical = physical_type_of(vector, "inputVector")
    with np.errstate(all="ignore"):   # inactive lanes may hold anything
        return interpret_physical(vector, physical, to_numerics_type(interpretation), k, ctx.profile.float_conversion)


def _bfloat16_logical(elements: np.ndarray) -> LogicalVector:
    """BFloat16 inputs held in float32, which holds every BFloat16 value exactly (the upper half of its bits)."""
    return LogicalVector(elements.astype(np.float32), NT.F32)


def _converted_logical(ctx: ExecutionContext, vector: np.ndarray, source: ComponentType,
                       interpretation: ComponentType) -> LogicalVector:
    """A native vector under an interpretation that 0029's register rules do not cover (a 64-bit vector or
    interpretation): converted by 0035's rules, held exactly (floats in float64, integers in their own
    64-bit or int64 dtype)."""
    with np.errstate(all="ignore"):   # inactive lanes may hold anything
        values = convert(np.ascontiguousarray(vector), source, interpretation, ctx.profile.float_conversion,
                         ctx.profile.linalg_matrix.float_rounding)
    if is_float(interpretation):
        held = values.astype(np.float64)
    else:
        held = values if values.dtype == np.uint64 else values.astype(np.int64)
    return LogicalVector(held, to_numerics_type(interpretation))


def linAlgMatVecMul(matrix: ThreadMatrix, isOutputSigned: object, inputVector: object,  # noqa: N802, N803
                    interpretation: object, *, result_type: object) -> np.ndarray:
    """(lanes, M) = matrix (M x K, Thread scope, A) x interpreted input vector, in `result_type`."""
    return _matvec("linAlgMatVecMul", matrix, isOutputSigned, inputVector, interpretation, None, result_type)


def linAlgMatVecMulAdd(matrix: ThreadMatrix, isOutputSigned: object, inputVector: object,  # noqa: N802, N803
                       inputInterpretation: object, biasVector: object, *, result_type: object) -> np.ndarray:
    """(lanes, M) = matrix x interpreted input vector + bias (a register vector of the result type)."""
    return _matvec("linAlgMatVecMulAdd", matrix, isOutputSigned, inputVector, inputInterpretation, biasVector,
                   result_type)


def _matvec(op: str, matrix: ThreadMatrix, output_signed: object, input_vector: object, interpretation: object,
            bias: object, result_type: object) -> np.ndarray:
    mtype = getattr(matrix, "type", None)
    if not isinstance(mtype, MatrixType):
        raise InvalidArgumentError(f"{op}: matrix must be a LinAlg matrix value, got {type(matrix).__name__}")
    ctx = require_context(op)
    vector = _lane_vectors(ctx, input_vector, "inputVector", op)
    dtype = _result_dtype(result_type, op)
    output_vector = rules.Vector(mtype.m, rules.vector_of(np.zeros((1, 1), dtype)).element)
    input_described = rules.vector_of(vector)
    native_input = isinstance(interpretation, (int, np.integer)) and int(interpretation) in set(ComponentType) and \
        not is_packed_vector(vector, ComponentType(int(interpretation)))
    if native_input:
        # 0035's header passes a vector of K elements that the interpretation converts (InterpretedVector::Size == K);
        # DXC's validator counts ceil(K / ElementsPerScalar): the two agree for packed vectors only (docs/sm610.md).
        if vector.shape[1] != mtype.n:
            raise InvalidArgumentError(f"{op}: inputVector has {vector.shape[1]} elements; a {mtype} takes K = "
                                       f"{mtype.n} (0035: InterpretedVector::Size == K)")
        input_described = rules.Vector(-(-mtype.n // ElementsPerScalar(ComponentType(int(interpretation)))),
                                       input_described.element)
    if bias is None:
        found = rules.validate_matvecmul(output_vector, mtype, output_signed, input_described, interpretation)
    else:
        bias_vector = _lane_vectors(ctx, bias, "biasVector", op)
        found = rules.validate_matvecmuladd(output_vector, mtype, output_signed, input_described, interpretation,
                                            rules.vector_of(bias_vector))
    rules.raise_if(op, found)
    if not isinstance(matrix, ThreadMatrix):
        raise InvalidArgumentError(f"{op}: matrix must be a Thread-scope A matrix loaded from a ByteAddressBuffer")
    if dtype not in _RESULT_TYPES:
        raise InvalidArgumentError(f"{op}: result element type {dtype} is not a matrix-vector result type "
                                   f"(half, float, double, int16, uint16, int, uint, int64, uint64)")
    if bool(output_signed) != (dtype.kind != "u"):
        raise InvalidArgumentError(f"{op}: isOutputSigned = {output_signed} but the result is {dtype} (DXC: "
                                   f"isOutputSigned is is_signed<OutputElTy>)")
    interp = ComponentType(int(interpretation))
    logical = _logical(ctx, vector, interp, matrix.type.n, op)
    output = _RESULT_TYPES[dtype]
    bias_operand = None
    if bias is not None:
        if bias_vector.dtype != dtype:
            raise InvalidArgumentError(f"{op}: bias is {bias_vector.dtype}, the result {dtype} (DXIL: same types)")
        uniform = bias_vector.strides[0] == 0                       # one vector for every thread (a broadcast)
        registers = bias_vector[:1] if uniform else np.ascontiguousarray(bias_vector)
        bias_operand = BiasOperand(None, 0, ctx.active, output, registers=registers)
    operand = matrix.operand
    result = matrix_vector_product(ctx, logical, operand, matrix.type.m, bias_operand, output, dtype.kind == "u",
                                   ctx.profile.float_conversion)
    return result


def _result_dtype(result_type: object, op: str) -> np.dtype:
    """An HLSL scalar type (float16_t, ...) or anything numpy reads as a dtype."""
    if isinstance(result_type, (ScalarType, VectorType)):
        return np.dtype(result_type.dtype)
    try:
        return np.dtype(result_type)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidArgumentError(f"{op}: result_type {result_type!r} is not an element type") from None


# -- 29 OuterProduct, 30 Convert, 31 VectorAccumulateToDescriptor -----------------------------------------------------
def linAlgMatrixOuterProduct(vectorA: object, vectorB: object, *,  # noqa: N802, N803
                             result_type: MatrixType) -> ThreadOuterProduct:
    """A Thread-scope M x N Accumulator: a * b^T per thread (kept as its factors until accumulated)."""
    op = "linAlgMatrixOuterProduct"
    ctx = require_context(op)
    a, b = _lane_vectors(ctx, vectorA, "vectorA", op), _lane_vectors(ctx, vectorB, "vectorB", op)
    rules.raise_if(op, rules.validate_outer_product(result_type, rules.vector_of(a), rules.vector_of(b)))
    if result_type.scope != MatrixScope.Thread or result_type.use != MatrixUse.Accumulator:
        raise InvalidArgumentError(f"{op}: the result is a {result_type}; OuterProduct makes a Thread-scope "
                                   f"Accumulator (0035: OuterProduct)")
    if a.dtype != b.dtype:
        raise InvalidArgumentError(f"{op}: vector A is {a.dtype} and vector B {b.dtype}; both vectors have the same "
                                   f"type (0035: OuterProduct)")
    if (result_type.m, result_type.n) != (a.shape[1], b.shape[1]):
        raise InvalidArgumentError(f"{op}: a {result_type} from vectors of {a.shape[1]} and {b.shape[1]} elements; M "
                                   f"and N are the vector lengths (0035: OuterProduct)")
    vector_component(a, "vectorA", op)
    return ThreadOuterProduct(result_type, a, b)


def linAlgConvert(inputVector: object, inputInterpretation: object,  # noqa: N802, N803
                  outputInterpretation: object) -> np.ndarray:
    """0035's conversion of a vector: (lanes, DstN) scalars of the output interpretation (packed in uint
    for 8-bit and BFloat16 outputs)."""
    op = "linAlgConvert"
    ctx = require_context(op)
    vector = _lane_vectors(ctx, inputVector, "inputVector", op)
    rules.raise_if(op, rules.validate_generic(rules.vector_of(vector), inputInterpretation, outputInterpretation))
    source = rules.require_component_type(inputInterpretation, "inputInterpretation", op)
    destination = rules.require_component_type(outputInterpretation, "outputInterpretation", op)
    if IsNativeScalar(source):
        if vector.dtype != element_dtype(source):
            raise InvalidArgumentError(f"{op}: the input vector is {vector.dtype} but interpretation {source.name} is "
                                       f"{element_dtype(source)} (DXIL: the vector type matches the interpretation)")
        elements = np.ascontiguousarray(vector)
    else:
        if vector.dtype != np.uint32:
            raise InvalidArgumentError(f"{op}: interpretation {source.name} is packed; the input vector must be "
                                       f"uint (i32), got {vector.dtype}")
        elements = unpack(vector, source, vector.shape[1] * ElementsPerScalar(source))
    converted = convert(elements, source, destination, ctx.profile.float_conversion,
                        ctx.profile.linalg_matrix.float_rounding)
    result = converted if IsNativeScalar(destination) else pack(converted)
    expected = DstN(destination, source, vector.shape[1])
    if result.shape[1] != expected:
        raise AssertionError(f"{op}: {result.shape[1]} scalars, DstN = {expected}")
    result = result.copy()
    result[~ctx.active] = 0
    return result


def linAlgVectorAccumulateToDescriptor(handle: object, offset: object, align: object,  # noqa: N802
                                       vector: object) -> None:
    """buffer[offset + i * size] += vector[i] per thread, atomically, in the vector's type."""
    op = "linAlgVectorAccumulateToDescriptor"
    ctx = require_context(op)
    values = _lane_vectors(ctx, vector, "vector", op)
    rules.raise_if(op, rules.validate_generic(handle, offset, align, rules.vector_of(values)))
    if align is None or isinstance(align, np.ndarray) or not isinstance(align, (int, np.integer)) or int(align) <= 0:
        raise InvalidArgumentError(f"{op}: Align = {align!r} must be a positive immediate (0035: InterlockedAccumulate "
                                   f"Align template argument)")
    alignment = int(align)
    component = to_numerics_type(vector_component(values, "vector", op))
    rng = resolve_handle(handle, f"{op}: handle", writable=True)
    offsets = ctx.lane_offsets(offset, "offset")
    _aligned(ctx, rng, offsets, max(alignment, 4), op, "0035 InterlockedAccumulate(vector): Align")
    count = values.shape[1]
    writing = _inside(ctx, rng, offsets, count * values.dtype.itemsize)
    accumulate = _accumulate_per_element if _per_element(ctx) else accumulate_lanes
    accumulate(ctx, rng, offsets, writing, np.arange(count), np.arange(count), component, LaneFactors(values))


