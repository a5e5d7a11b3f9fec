"""The SM 6.10 Tier 1 cases that execute shaders, through the public API of a device created for SM 6.10.

Each case uploads its inputs, creates the root signature and the pipeline (which runs 0035's runtime validation
of the shader's operations), dispatches, reads the result back and compares it with an oracle written here in
plain numpy (exact integer arithmetic; small integers in float types, so float results are exact too). Cases are
gated by the capability queries (features 77/78) as DXC's `DxilConf_SM610_LinAlg` gates its own: an optional
combination the device does not report is skipped with the reason; a Tier 1 one is run whatever the answer says,
so a device that refuses it fails the case with the refusal. RT "Tier 1 Support" lists what is required:

* wave multiplies U8 x U8 -> S32 and S8 x S8 -> S32 at a native shape (F16 x F16 -> F16 optional), Multiply and
  MultiplyAccumulate;
* the thread-scope vector combinations S8.S8, U8.U8, F32.S8 -> S32 and F16.F16 -> F16, without a bias
  (Multiply) and with one of the result type (MultiplyAdd); F16.FP8 -> F16 optional;
* the matrices those multiplies build (S8, U8, S32): Load, Store, Splat and CopyConvert (Cast), and
  AccumulatorLayout;
* optional: InterlockedAccumulate of a wave matrix and of a vector, and OuterProduct, for the types the device
  reports accumulate-storable (read back through ConvertLinearAlgebraMatrix from OUTER_PRODUCT_OPTIMAL).

The shaders are `dxlinalg.conformance.sm610_shaders`' (DXC's HLK shaders); the inputs are the HLK's where the
HLK has the combination, else patterns of the same kind spanning each 8-bit type's range.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from d3d12api import D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR
from dxlinalg.conformance import sm610_shaders as sh
from dxlinalg.conformance.host import Session
from dxlinalg.conformance.results import FAIL, PASS, SKIP, CaseResult
from dxlinalg.conformance.runner import failed_by_exception
from dxlinalg.conformance.sm610 import (
    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT,
    DT,
    FLAG,
    LAYOUTS,
    OP,
    TIER1_VECTOR,
    TIER1_WAVE,
    Queries,
    within_wave_shape_rule,
)

C, U, S, L = sh.C, sh.U, sh.S, sh.L
GROUP = "sm610-shaders"
POISON = 0xCD          # cpu_oracle::fillPoison: output bytes a shader must not touch keep it
ALIGN = 128            # 0035: descriptor addresses 128-byte aligned
COMPONENT = {DT.SINT8: C.I8, DT.UINT8: C.U8, DT.SINT32: C.I32, DT.UINT32: C.U32, DT.FLOAT16: C.F16,
             DT.FLOAT32: C.F32, DT.SINT16: C.I16, DT.UINT16: C.U16, DT.FLOAT8_E4M3FN: C.F8_E4M3FN,
             DT.FLOAT8_E5M2: C.F8_E5M2}


def _align(value: int, to: int) -> int:
    return -(-value // to) * to


@dataclass
class Dispatch:
    """One case's work: a shader, its SRV inputs (register -> bytes), its one UAV's initial bytes, and the
    readback size."""

    shader: Callable[[], object]
    key: tuple
    inputs: dict[str, np.ndarray]
    output: np.ndarray
    registers: tuple[str, ...] = field(default=())


def dispatch(session: Session, work: Dispatch) -> np.ndarray:
    """Root signature, pipeline, bindings, Dispatch(1, 1, 1), read-back of the UAV: the public API only."""
    shader = work.shader()
    registers = tuple(declaration.register for declaration in shader.bindings.values())
    signature = session.root_signature(*registers)
    pipeline = session.pipeline(work.key, signature, lambda: shader)
    arguments = []
    output = session.buffer(work.output.size)
    staging = session.upload([(0, work.output)], work.output.size)
    session.copy_from_upload(output, 0, staging, 0, work.output.size)
    for register in registers:
        if register.startswith("t"):
            data = work.inputs.get(register, np.zeros(16, np.uint8))
            arguments.append(("srv", session.upload([(0, data)], data.size).GetGPUVirtualAddress()))
        else:
            arguments.append(("uav", output.GetGPUVirtualAddress()))
    session.bind(pipeline, signature, arguments)
    session.list.Dispatch(1, 1, 1)
    readback = session.copy_to_readback(output, 0, work.output.size)
    session.execute()
    return session.read(readback, work.output.size)


def _skip(name: str, reason: str) -> CaseResult:
    return CaseResult(name, GROUP, SKIP, tolerance="optional", detail=reason)


def _compare(name: str, got: np.ndarray, expected: np.ndarray, what: str, required: bool) -> CaseResult:
    wrong = np.flatnonzero(np.asarray(got).reshape(-1) != np.asarray(expected).reshape(-1))
    detail = what if not wrong.size else (
        f"{what}: {wrong.size} of {np.asarray(expected).size} values differ, first at {int(wrong[0])}: got "
        f"{np.asarray(got).reshape(-1)[wrong[0]]}, expected {np.asarray(expected).reshape(-1)[wrong[0]]}")
    return CaseResult(name, GROUP, PASS if not wrong.size else FAIL,
                      tolerance="required" if required else "optional", detail=detail)


# -- capability answers --------------------------------------------------------------------------------------------
@dataclass
class Answers:
    """The answers the cases are gated by, asked once."""

    construction: dict[DT, tuple[int, int, int]]
    buffer_storable: list[DT]
    outer: list[tuple[DT, DT]]

    @classmethod
    def ask(cls, queries: Queries) -> Answers:
        construction, storable = {}, []
        for t in COMPONENT:
            hr, built = queries.ask(OP.MATRIX_CONSTRUCTION, "MatrixConstruction",
                                    D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(t, 0))
            construction[t] = (int(built.MinM), int(built.MinK), int(built.MinN)) if hr == 0 else (0, 0, 0)
            hr, store = queries.ask(OP.ATOMIC_ACCUMULATE_STORE, "AccumulateStore",
                                    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(t))
            if hr == 0 and store.RWByteAddressBufferSupported and t in (DT.FLOAT16, DT.FLOAT32):
                storable.append(t)
        outer = []
        for t in (DT.FLOAT16, DT.FLOAT32):
            for r in (DT.FLOAT16, DT.FLOAT32):
                hr, answer = queries.ask(OP.THREAD_OUTER_PRODUCT, "ThreadOuterProductSupport",
                                         D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(t, r))
                if hr == 0 and answer.Supported and r in storable:
                    outer.append((t, r))
        return cls(construction, storable, outer)

    def square(self, t: DT) -> int:
        """The side of a square matrix of `t` every use can build: 16, or more where MinM/MinK/MinN say so."""
        return _align(max(16, *self.construction[t]), 16)


# -- the cases -------------------------------------------------------------------------------------------------
def _eight_bit(t: DT, m: int, n: int, row: int, col: int) -> np.ndarray:
    """A pattern spanning the 8-bit type's range."""
    pattern = sh.arithmetic_pattern(m, n, row, col, 256, 0)
    return pattern - 128 if t == DT.SINT8 else pattern


def _multiply_inputs(a_type: DT, acc_type: DT, m: int, k: int, n: int) -> tuple[np.ndarray, ...]:
    if a_type in (DT.SINT8, DT.UINT8):
        return _eight_bit(a_type, m, k, 37, 11), _eight_bit(a_type, k, n, 13, 29), \
            sh.arithmetic_pattern(m, n, 2, 1, 5, 2)
    return (sh.arithmetic_pattern(m, k, 3, 2, 5, 2), sh.arithmetic_pattern(k, n, 1, 3, 7, 3),    # the HLK's
            sh.arithmetic_pattern(m, n, 2, 1, 5, 2))


Run = tuple[str, Callable[[], CaseResult]]


def wave_multiply_cases(session: Session, queries: Queries) -> Iterator[Run]:
    for a_type, b_type, acc_type, required in TIER1_WAVE:
        label = f"{a_type.name}x{b_type.name}->{acc_type.name}"
        _, flags, shapes, _ = queries.wave(a_type, b_type, acc_type)
        for accumulate in (False, True):
            name = f"sm610/shader/wave/{label}/{'multiply-accumulate' if accumulate else 'multiply'}"
            if not flags & FLAG.SUPPORTED and not required:
                yield name, lambda name=name: _skip(name, f"WAVE_MATRIX_MULTIPLY {label} not reported (optional)")
                continue
            ruled = [s for s in shapes if within_wave_shape_rule(s, a_type)] or shapes or [(16, 16, 16)]
            yield name, lambda name=name, a=a_type, c=acc_type, shape=ruled[0], acc=accumulate, req=required: \
                _wave_multiply(session, name, a, c, shape, acc, req)


def _wave_multiply(session: Session, name: str, a_type: DT, acc_type: DT,
                   shape: tuple[int, int, int], accumulate: bool, required: bool) -> CaseResult:
    m, k, n = shape
    a_dtype, acc_dtype = sh.DTYPES[COMPONENT[a_type]], sh.DTYPES[COMPONENT[acc_type]]
    a_values, b_values, c_values = _multiply_inputs(a_type, acc_type, m, k, n)
    strides = (_align(k * a_dtype.itemsize, 16), _align(n * a_dtype.itemsize, 16), _align(n * acc_dtype.itemsize, 16))
    sizes = (m * strides[0], k * strides[1], m * strides[2])
    offsets = (0, _align(sizes[0], ALIGN), _align(sizes[0], ALIGN) + _align(sizes[1], ALIGN))
    source = np.zeros(offsets[2] + sizes[2], np.uint8)
    sh.write_matrix(source, a_values.astype(a_dtype), L.RowMajor, offsets[0], strides[0])
    sh.write_matrix(source, b_values.astype(a_dtype), L.RowMajor, offsets[1], strides[1])
    sh.write_matrix(source, c_values.astype(acc_dtype), L.RowMajor, offsets[2], strides[2])
    args = (S.Wave, COMPONENT[a_type], COMPONENT[acc_type], m, k, n, offsets, strides, accumulate)
    got = dispatch(session, Dispatch(lambda: sh.multiply_shader(*args), ("multiply", *args), {"t0": source},
                                     np.full(sizes[2], POISON, np.uint8)))
    expected = a_values.astype(np.int64) @ b_values.astype(np.int64) + (c_values if accumulate else 0)
    result = sh.read_matrix(got, acc_dtype, m, n, L.RowMajor, 0, strides[2])
    return _compare(name, result.astype(np.float64), expected.astype(np.float64),
                    f"{m}x{k}x{n} (M x K x N), exact", required)


def matrix_cases(session: Session, answers: Answers) -> Iterator[Run]:
    """Load/Store, Splat, CopyConvert and InterlockedAccumulate of Wave matrices of the Tier 1 multiplies' types."""
    for t in (DT.SINT8, DT.UINT8):
        name = f"sm610/shader/wave/{t.name}/load-store"
        yield name, lambda name=name, t=t: _load_store(session, answers, name, t)
    name = "sm610/shader/wave/SINT32/splat-store"
    yield name, lambda name=name: _splat(session, answers, name, DT.SINT32)
    for source, destination, use, transpose in ((DT.SINT8, DT.SINT32, U.Accumulator, False),
                                                (DT.UINT8, DT.UINT8, U.B, True)):
        name = f"sm610/shader/wave/{source.name}-to-{destination.name}/copy-convert" + \
            ("-transpose" if transpose else "")
        yield name, lambda name=name, args=(source, destination, use, transpose): \
            _copy_convert(session, answers, name, *args)
    for t in (DT.FLOAT16, DT.FLOAT32):
        name = f"sm610/shader/wave/{t.name}/interlocked-accumulate"
        yield name, lambda name=name, t=t: _matrix_accumulate(session, answers, name, t)


def _unbuildable(answers: Answers, name: str, *types: DT) -> CaseResult | None:
    missing = [t.name for t in types if not any(answers.construction[t])]
    if missing:
        return CaseResult(name, GROUP, FAIL, tolerance="required",
                          detail=f"MATRIX_CONSTRUCTION of {', '.join(missing)} answers 0: the Tier 1 multiplies "
                                 f"need these matrices")
    return None


def _load_store(session: Session, answers: Answers, name: str, t: DT) -> CaseResult:
    """runLoadStoreDescriptor: row-major at offset 128 in, column-major at offset 128 out, poison elsewhere."""
    refused = _unbuildable(answers, name, t)
    if refused:
        return refused
    side = answers.square(t)
    dtype = sh.DTYPES[COMPONENT[t]]
    matrix = _eight_bit(t, side, side, 1, side)
    load, store = (L.RowMajor, ALIGN, side), (L.ColMajor, ALIGN, side)
    source = np.full(sh.buffer_size(dtype, side, side, *load), POISON, np.uint8)
    sh.write_matrix(source, matrix.astype(dtype), *load)
    args = (COMPONENT[t], side, side, load, store)
    got = dispatch(session, Dispatch(lambda: sh.load_store_shader(*args), ("load-store", *args), {"t0": source},
                                     np.full(sh.buffer_size(dtype, side, side, *store), POISON, np.uint8)))
    expected = np.full(got.size, POISON, np.uint8)
    sh.write_matrix(expected, matrix.astype(dtype), *store)
    return _compare(name, got, expected, f"{side}x{side}, every byte (poison outside the matrix)", True)


def _splat(session: Session, answers: Answers, name: str, t: DT) -> CaseResult:
    refused = _unbuildable(answers, name, t)
    if refused:
        return refused
    side = answers.square(t)
    dtype = sh.DTYPES[COMPONENT[t]]
    args = (COMPONENT[t], side, side, 42.0, side * dtype.itemsize)
    got = dispatch(session, Dispatch(lambda: sh.splat_store_shader(*args), ("splat", *args), {},
                                     np.full(side * side * dtype.itemsize, POISON, np.uint8)))
    return _compare(name, got.view(dtype), np.full(side * side, 42, dtype), f"{side}x{side} Splat(42.0)", True)


def _copy_convert(session: Session, answers: Answers, name: str, source_type: DT, destination_type: DT, use: U,
                  transpose: bool) -> CaseResult:
    refused = _unbuildable(answers, name, source_type, destination_type)
    if refused:
        return refused
    side = max(answers.square(source_type), answers.square(destination_type))
    src_dtype, dst_dtype = sh.DTYPES[COMPONENT[source_type]], sh.DTYPES[COMPONENT[destination_type]]
    matrix = _eight_bit(source_type, side, side, 3, side + 1)
    source = np.zeros(side * side * src_dtype.itemsize, np.uint8)
    sh.write_matrix(source, matrix.astype(src_dtype), L.RowMajor, 0, side * src_dtype.itemsize)
    args = (COMPONENT[source_type], COMPONENT[destination_type], use, side, side, transpose,
            (side * src_dtype.itemsize, side * dst_dtype.itemsize))
    got = dispatch(session, Dispatch(lambda: sh.copy_convert_shader(*args), ("copy-convert", *args),
                                     {"t0": source}, np.full(side * side * dst_dtype.itemsize, POISON, np.uint8)))
    expected = matrix.T if transpose else matrix           # the values fit the destination type: exact
    return _compare(name, got.view(dst_dtype).reshape(side, side).astype(np.int64), expected,
                    f"{side}x{side} Cast<{COMPONENT[destination_type].name}, {use.name}, {transpose}>", True)


def _matrix_accumulate(session: Session, answers: Answers, name: str, t: DT) -> CaseResult:
    """AccumulateDescriptor: an Accumulator filled with 12, InterlockedAccumulate'd twice into zeros: 24."""
    if t not in answers.buffer_storable or not any(answers.construction[t]):
        return _skip(name, f"{t.name} is not reported accumulate-storable to a buffer and constructible (optional)")
    side = answers.square(t)
    dtype = sh.DTYPES[COMPONENT[t]]
    stride = side * dtype.itemsize
    args = (COMPONENT[t], side, stride)
    got = dispatch(session, Dispatch(lambda: sh.interlocked_accumulate_shader(*args), ("accumulate", *args),
                                     {"t0": np.full(side * side, 12, dtype).view(np.uint8)},
                                     np.zeros(side * stride, np.uint8)))
    return _compare(name, got.view(dtype), np.full(side * side, 24, dtype), f"{side}x{side}, 12 + 12", False)


def accumulator_layout_case(session: Session, name: str) -> CaseResult:
    got = dispatch(session, Dispatch(sh.accumulator_layout_shader, ("accumulator-layout",), {},
                                     np.full(4, POISON, np.uint8)))
    value = int(got.view(np.uint32)[0])
    return CaseResult(name, GROUP, PASS if value in (0, 1) else FAIL, tolerance="required",
                      detail=f"AccumulatorLayout() = {value} (MatrixUse A = 0 or B = 1)")


# -- thread scope -------------------------------------------------------------------------------------------------
#: DXC LinAlgTests' matvec inputs (matvec_interpretation cases): (matrix 4 x 8, vector of 8).
MATVEC_INPUTS = {
    DT.SINT8: (np.array([1, -2, 3, -4, 5, -6, 7, -8, -1, 2, -3, 4, -5, 6, -7, 8,
                         1, 1, 1, 1, 1, 1, 1, 1, -8, -7, -6, -5, -4, -3, -2, -1]).reshape(4, 8),
               np.array([1, -1, 2, -2, 3, -3, 4, -4])),
    DT.UINT8: (np.array([255, 1, 2, 3, 4, 5, 6, 7, 128, 127, 1, 1, 1, 1, 1, 1,
                         200, 0, 200, 0, 200, 0, 200, 0, 0, 200, 0, 200, 0, 200, 0, 200]).reshape(4, 8),
               np.array([1, 255, 2, 254, 3, 253, 4, 252])),
    DT.FLOAT16: (np.array([1, 0, -1, 2, -2, 3, -3, 1, 0, 1, 2, -1, 3, -2, 1, -3,
                           -1, 2, 0, 1, -2, 1, 3, -1, 2, -1, 1, 0, 1, -3, -2, 3]).reshape(4, 8),
                 np.array([1, -2, 3, -1, 2, -3, 1, 2])),
}
MATVEC_BIAS = np.array([-5, 7, 3, -9])       # MatVecMulAdd_Thread_4x8_F16_IndependentBias


def vector_cases(session: Session, queries: Queries) -> Iterator[Run]:
    for v, m, r, required in TIER1_VECTOR:
        for bias in (DT.NONE, r):
            name = f"sm610/shader/thread/{v.name}x{m.name}->{r.name}/{'multiply-add' if bias != DT.NONE else 'multiply'}"
            hr, flags = queries.vector(v, m, bias, r)
            if not (hr == 0 and flags & FLAG.SUPPORTED) and not required:
                yield name, lambda name=name: _skip(name, "THREAD_VECTOR_MATRIX_MULTIPLY not reported (optional)")
                continue
            yield name, lambda name=name, v=v, m=m, r=r, bias=bias != DT.NONE, req=required: \
                _matvec(session, name, v, m, r, bias, req)


def _matvec(session: Session, name: str, v: DT, m: DT, r: DT, bias: bool, required: bool) -> CaseResult:
    """One thread: W (4 x 8, row-major) x v (+ bias), as the HLK's matvec cases; the oracle in int64/float64."""
    matrix, vec = MATVEC_INPUTS.get(m, MATVEC_INPUTS[DT.SINT8 if v == DT.FLOAT32 else DT.FLOAT16])
    if m in (DT.FLOAT8_E4M3FN, DT.FLOAT8_E5M2):
        import ml_dtypes
        stored = matrix.astype({DT.FLOAT8_E4M3FN: ml_dtypes.float8_e4m3fn, DT.FLOAT8_E5M2: ml_dtypes.float8_e5m2}[m])
    else:
        stored = matrix.astype(sh.DTYPES[COMPONENT[m]])
    rows, k = matrix.shape
    stride = k * stored.dtype.itemsize
    source = np.zeros(ALIGN, np.uint8)
    sh.write_matrix(source, stored, L.RowMajor, 0, stride)
    if v in (DT.SINT8, DT.UINT8):                       # packed words, MakeInterpretedVector<I8/U8>
        words, storage, interpretation = vec.astype(sh.DTYPES[COMPONENT[v]]).view(np.uint32), np.uint32, COMPONENT[v]
    else:
        words, storage, interpretation = vec.astype(sh.DTYPES[COMPONENT[v]]), sh.DTYPES[COMPONENT[v]], None
    result = sh.DTYPES[COMPONENT[r]]
    bias_bytes = np.zeros(64, np.uint8)
    bias_bytes[: rows * result.itemsize] = MATVEC_BIAS.astype(result).view(np.uint8)
    args = (COMPONENT[m], rows, k, L.RowMajor, stride, np.dtype(storage), words.size, interpretation, result, bias)
    got = dispatch(session, Dispatch(lambda: sh.matvec_shader(*args), ("matvec", *args),
                                     {"t0": source, "t1": words.view(np.uint8), "t2": bias_bytes},
                                     np.full(rows * result.itemsize, POISON, np.uint8)))
    expected = matrix.astype(np.int64) @ vec.astype(np.int64) + (MATVEC_BIAS if bias else 0)
    return _compare(name, got.view(result).astype(np.float64), expected.astype(np.float64),
                    f"4x8 x 8{' + bias' if bias else ''}, exact", required)


def accumulate_cases(session: Session, answers: Answers) -> Iterator[Run]:
    for t in (DT.FLOAT16, DT.FLOAT32):
        name = f"sm610/shader/thread/{t.name}/vector-accumulate"
        yield name, lambda name=name, t=t: _vector_accumulate(session, answers, name, t)
    for t, r in ((DT.FLOAT16, DT.FLOAT16), (DT.FLOAT16, DT.FLOAT32), (DT.FLOAT32, DT.FLOAT32)):
        name = f"sm610/shader/thread/{t.name}->{r.name}/outer-product"
        yield name, lambda name=name, t=t, r=r: _outer_product(session, answers, name, t, r)


def _vector_accumulate(session: Session, answers: Answers, name: str, t: DT) -> CaseResult:
    """VectorAccumulateDescriptor_Thread_F32_Length8_NonZero: 8 values added at offset 64 to 8 of 10 non-zero ones."""
    if t not in answers.buffer_storable:
        return _skip(name, f"ATOMIC_ACCUMULATE_STORE of {t.name} to a buffer not reported (optional)")
    dtype = sh.DTYPES[COMPONENT[t]]
    initial = np.array([20, 21, 22, 23, 24, 25, 26, 27, 12345, -6543], dtype)
    added = (6.0, -2.0, 2.0, 3.0, -5.0, 4.0, 1.0, -1.0)
    start = np.zeros(64 + initial.nbytes, np.uint8)
    start[64:] = initial.view(np.uint8)
    args = (added, dtype, 64)
    got = dispatch(session, Dispatch(lambda: sh.vector_accumulate_shader(*args), ("vector-accumulate", *args), {},
                                     start))
    expected = initial.copy()
    expected[:8] += np.array(added, dtype)
    return _compare(name, got[64:].view(dtype), expected, "8 elements at offset 64, the two after untouched", False)


def _outer_product(session: Session, answers: Answers, name: str, t: DT, r: DT) -> CaseResult:
    """OuterProduct_Thread_16x16: a and b filled with 2, accumulated into zeros (OUTER_PRODUCT_OPTIMAL), converted
    to ROW_MAJOR by ConvertLinearAlgebraMatrix: 4 everywhere."""
    if (t, r) not in answers.outer:
        return _skip(name, f"THREAD_OUTER_PRODUCT {t.name} -> {r.name} with {r.name} accumulate-storable to a "
                           f"buffer not reported (optional)")
    side, dtype, result = 16, sh.DTYPES[COMPONENT[t]], sh.DTYPES[COMPONENT[r]]
    optimal = session.destination_size(side, side, r, LAYOUTS["OUTER_PRODUCT_OPTIMAL"])
    row_stride = side * result.itemsize
    row_size = session.destination_size(side, side, r, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, row_stride)
    shader_args = (dtype, COMPONENT[r], side, side)
    shader = sh.outer_product_shader(*shader_args)
    registers = tuple(declaration.register for declaration in shader.bindings.values())
    signature = session.root_signature(*registers)
    pipeline = session.pipeline(("outer-product", *shader_args), signature, lambda: shader)
    accumulated = session.buffer(optimal)
    zeros = session.upload([(0, np.zeros(optimal, np.uint8))], optimal)
    session.copy_from_upload(accumulated, 0, zeros, 0, optimal)
    inputs = session.upload([(0, np.full(2 * side, 2, dtype))], 2 * side * dtype.itemsize)
    session.bind(pipeline, signature, [("srv", inputs.GetGPUVirtualAddress()),
                                       ("uav", accumulated.GetGPUVirtualAddress())])
    session.list.Dispatch(1, 1, 1)
    session.uav_to_srv(accumulated)
    converted = session.buffer(row_size)
    session.list.ConvertLinearAlgebraMatrix(session.conversion(
        (row_size, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, row_stride, side, side, r),
        (optimal, r, LAYOUTS["OUTER_PRODUCT_OPTIMAL"], 0), converted.GetGPUVirtualAddress(),
        accumulated.GetGPUVirtualAddress()), 1)
    readback = session.copy_to_readback(converted, 0, row_size)
    session.execute()
    got = session.read(readback, row_size).view(result)
    return _compare(name, got, np.full(side * side, 4, result), "16x16, 2 x 2 accumulated into zeros", False)


# -- the runner ----------------------------------------------------------------------------------------------------
def _guarded(name: str, run: Callable[[], CaseResult], session: Session) -> CaseResult:
    start = time.perf_counter()
    try:
        result = run()
    except Exception as error:  # noqa: BLE001  (the device's error, a refused pipeline included, is the result)
        result = failed_by_exception(name, GROUP, error)
        session.recover()
    try:
        session.release_case_resources()
    except Exception as error:  # noqa: BLE001  (a device whose Release fails fails the case)
        if result.status != FAIL:
            result = failed_by_exception(name, GROUP, error)
    result.seconds = time.perf_counter() - start
    return result


def shader_cases(device: object, queries: Queries) -> Iterator[CaseResult]:
    """Every shader case on `device` (created for SM 6.10), each guarded: one failing case fails alone."""
    session = Session(device)
    answers = Answers.ask(queries)
    runs: list[Run] = [("sm610/shader/accumulator-layout",
                        lambda: accumulator_layout_case(session, "sm610/shader/accumulator-layout"))]
    runs += wave_multiply_cases(session, queries)
    runs += matrix_cases(session, answers)
    runs += vector_cases(session, queries)
    runs += accumulate_cases(session, answers)
    for name, run in runs:
        yield _guarded(name, run, session)


__all__ = ["GROUP", "shader_cases"]
