"""The SM 6.10 linear-algebra Tier 1 cases that the host API answers, for any device created for SM 6.10.

Only public calls (CheckFeatureSupport 77/78, GetLinearAlgebraMatrixConversionDestinationInfo, resources,
ConvertLinearAlgebraMatrix) and the names of `d3d12api` / `d3d12api.sm610`, so any object with that API can
be tested. What is checked (DirectX-Specs D3D12LinearAlgebraRuntimeFeatureSupport.md, "RT"):

* the tier is TIER_1_0;
* "Tier 1 Support": U8 x U8 -> S32 and S8 x S8 -> S32 wave multiplies with a native shape within the
  "Wave-Scope Matrix Dimensions" rule (F16 x F16 -> F16 optional); the required vector x matrix
  combinations with a bias of the result type and with none (F16 x FP8 -> F16 optional);
* every answer is well formed (the flags RT allows per category, SUPPORTED whenever any flag is set, the
  thread-group sizes as DXC's LinAlgTests check them, MinM/MinK/MinN all zero or all non-zero, outer-product
  results accumulate-storable) and the query protocol of the shape list;
* conversions: each type the device multiplies converts ROW_MAJOR -> layout -> ROW_MAJOR for every layout
  with its bytes unchanged, and a conversion that changes the type is refused ("SrcComponentType and
  DestComponentType must be identical").
The cases that execute shaders (0035's operations through root signature, pipeline and Dispatch) are
`sm610_shader_cases`', run after these on the same device.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable, Iterator

import numpy as np

from d3d12api import (
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_COLUMN_MAJOR,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,
    E_INVALIDARG,
    FAILED,
    S_OK,
    sizeof,
)
from d3d12api import sm610 as sdk610  # the 6.10 SDK names (its datatype numbers differ from the 6.9 ones)
from dxlinalg.conformance.host import Session
from dxlinalg.conformance.results import FAIL, PASS, SKIP, CaseResult, DeviceReport
from dxlinalg.conformance.runner import describe, failed_by_exception

D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT = \
    sdk610.D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT
D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT = sdk610.D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT
D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT = sdk610.D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT
D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT = sdk610.D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT
D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT = sdk610.D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT
D3D12_LINEAR_ALGEBRA_DATATYPE = sdk610.D3D12_LINEAR_ALGEBRA_DATATYPE
D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT = sdk610.D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT
D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE = sdk610.D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE
D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS = sdk610.D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS
D3D12_LINEAR_ALGEBRA_OPERATION_TYPE = sdk610.D3D12_LINEAR_ALGEBRA_OPERATION_TYPE
D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT = sdk610.D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT
D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT = \
    sdk610.D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT
D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT = \
    sdk610.D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT
D3D12_LINEAR_ALGEBRA_TIER_1_0 = sdk610.D3D12_LINEAR_ALGEBRA_TIER_1_0
D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS = sdk610.D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS
D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT = sdk610.D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT

DT = D3D12_LINEAR_ALGEBRA_DATATYPE
OP = D3D12_LINEAR_ALGEBRA_OPERATION_TYPE
FLAG = D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS
TYPES = [d for d in DT if d != DT.NONE]
BITS = {DT.SINT16: 16, DT.UINT16: 16, DT.SINT32: 32, DT.UINT32: 32, DT.FLOAT16: 16, DT.FLOAT32: 32, DT.SINT8: 8,
        DT.UINT8: 8, DT.FLOAT8_E4M3FN: 8, DT.FLOAT8_E5M2: 8}
FP8 = (DT.FLOAT8_E4M3FN, DT.FLOAT8_E5M2)
GROUP_FEATURES, GROUP_CONVERSION = "sm610-features", "sm610-conversion"

#: RT "Tier 1 Support", Matrix-Matrix Operations: (A, B, accumulator, required)
TIER1_WAVE = [(DT.UINT8, DT.UINT8, DT.SINT32, True), (DT.SINT8, DT.SINT8, DT.SINT32, True),
              (DT.FLOAT16, DT.FLOAT16, DT.FLOAT16, False)]
#: RT "Tier 1 Support", Vector-Matrix Operations: (vector, matrix, result, required)
TIER1_VECTOR = [(DT.SINT8, DT.SINT8, DT.SINT32, True), (DT.UINT8, DT.UINT8, DT.SINT32, True),
                (DT.FLOAT32, DT.SINT8, DT.SINT32, True), (DT.FLOAT16, DT.FLOAT16, DT.FLOAT16, True),
                (DT.FLOAT16, DT.FLOAT8_E4M3FN, DT.FLOAT16, False), (DT.FLOAT16, DT.FLOAT8_E5M2, DT.FLOAT16, False)]
LAYOUTS = {"MUL_OPTIMAL": D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL,
           "OUTER_PRODUCT_OPTIMAL": D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL,
           "COLUMN_MAJOR": D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_COLUMN_MAJOR}
ROW = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR
ROUND_TRIP_SHAPE = (24, 40)


def _hr(value: int) -> str:
    return f"{int(value) & 0xFFFFFFFF:#x}"


def _result(name: str, group: str, ok: bool, detail: str, tolerance: str = "required") -> CaseResult:
    return CaseResult(name, group, PASS if ok else FAIL, tolerance=tolerance, detail=detail)


def _label(*types: DT) -> str:
    return f"{'x'.join(t.name for t in types[:-1])}->{types[-1].name}"


def within_wave_shape_rule(shape: tuple[int, int, int], a_type: DT) -> bool:
    """RT Wave-Scope Matrix Dimensions: largest dimension <= 16 (16-bit or wider), else <= 256 bits."""
    bits = BITS[a_type]
    return max(shape) <= 16 if bits >= 16 else max(shape) * bits <= 256


class Queries:
    """The per-operation query (78) as an application asks it."""

    def __init__(self, device: object) -> None:
        self.device = device
        self.data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT()   # one struct, reused as C would

    def ask(self, operation: int, member: str, value: object) -> tuple[int, object]:
        data = self.data
        data.OperationType = operation
        setattr(data, member, value)
        hr = self.device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, data, sizeof(data))
        return int(hr), getattr(data, member)

    def wave(self, a: DT, b: DT, c: DT) -> tuple[int, int, list[tuple[int, int, int]], str]:
        """(hr, flags, shapes, protocol problem) by the two-call pattern."""
        member = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(
            Inputs=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, a, b, c), NumShapes=0, Shapes=None)
        hr, answer = self.ask(OP.WAVE_MATRIX_MULTIPLY, "WaveMatrixMultiply", member)
        if FAILED(hr) or answer.NumShapes == 0:
            return hr, int(answer.SupportFlags), [], ""
        count = int(answer.NumShapes)
        filled = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(
            Inputs=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, a, b, c), NumShapes=count,
            Shapes=[D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE() for _ in range(count)])
        fill_hr, filled = self.ask(OP.WAVE_MATRIX_MULTIPLY, "WaveMatrixMultiply", filled)
        problem = ""
        if FAILED(fill_hr) or filled.NumShapes != count:
            problem = f"the fill call gave {_hr(fill_hr)} and NumShapes {filled.NumShapes}, the count call {count}"
        shapes = [(int(s.M), int(s.K), int(s.N)) for s in filled.Shapes[: filled.NumShapes]]
        return fill_hr, int(filled.SupportFlags), shapes, problem

    def vector(self, v: DT, m: DT, bias: DT, r: DT) -> tuple[int, int]:
        member = D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(v, m, bias, r)
        hr, answer = self.ask(OP.THREAD_VECTOR_MATRIX_MULTIPLY, "ThreadVectorMatrixMultiply", member)
        return hr, int(answer.SupportFlags)


# -- feature cases --------------------------------------------------------------------------------------

def tier_case(device: object, queries: Queries) -> Iterator[CaseResult]:
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    hr = device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, data, sizeof(data))
    yield _result("sm610/features/tier", GROUP_FEATURES,
                  hr == S_OK and data.LinearAlgebraTier == D3D12_LINEAR_ALGEBRA_TIER_1_0,
                  f"LinearAlgebraTier = {int(data.LinearAlgebraTier):#x} (HRESULT {_hr(hr)}); Tier 1 is 0x10")


def wave_cases(device: object, queries: Queries) -> Iterator[CaseResult]:
    for a, b, c, required in TIER1_WAVE:
        name = f"sm610/features/tier1/wave/{_label(a, b, c)}"
        hr, flags, shapes, problem = queries.wave(a, b, c)
        if not flags & FLAG.SUPPORTED and not required:
            yield CaseResult(name, GROUP_FEATURES, SKIP, tolerance="optional", detail="not reported (optional)")
            continue
        small = [s for s in shapes if within_wave_shape_rule(s, a)]
        problems = [problem] if problem else []
        if hr != S_OK or not flags & FLAG.SUPPORTED or not shapes:
            problems.append(f"HRESULT {_hr(hr)}, SupportFlags {flags:#x}, {len(shapes)} shapes: "
                            f"RT Tier 1 requires it")
        elif not small:
            problems.append(f"no native shape within the Wave-Scope Matrix Dimensions rule among "
                            f"{', '.join('x'.join(map(str, s)) for s in shapes)}")
        yield _result(name, GROUP_FEATURES, not problems, "; ".join(problems) or
                      f"shapes {', '.join('x'.join(map(str, s)) for s in shapes)}",
                      "required" if required else "optional")


def vector_cases(device: object, queries: Queries) -> Iterator[CaseResult]:
    for v, m, r, required in TIER1_VECTOR:
        for bias in (DT.NONE, r):
            name = f"sm610/features/tier1/vector/{_label(v, m, r)}/bias-{bias.name}"
            hr, flags = queries.vector(v, m, bias, r)
            supported = hr == S_OK and bool(flags & FLAG.SUPPORTED)
            if not supported and not required:
                yield CaseResult(name, GROUP_FEATURES, SKIP, tolerance="optional", detail="not reported (optional)")
                continue
            yield _result(name, GROUP_FEATURES, supported,
                          f"SupportFlags {flags:#x} (HRESULT {_hr(hr)})" + ("" if supported else
                                                                             ": RT Tier 1 requires it"),
                          "required" if required else "optional")


def answers_case(device: object, queries: Queries) -> Iterator[CaseResult]:
    """Every answer well formed, across all type combinations."""
    problems: list[str] = []
    wave_supported = []
    for a, b, c in itertools.product(TYPES, repeat=3):
        hr, flags, shapes, problem = queries.wave(a, b, c)
        label = f"wave {_label(a, b, c)}"
        if FAILED(hr) or problem:
            problems.append(f"{label}: {problem or _hr(hr)}")
        elif flags & ~(FLAG.SUPPORTED | FLAG.EMULATED_OUTPUTS) or bool(flags) != bool(flags & FLAG.SUPPORTED):
            problems.append(f"{label}: SupportFlags {flags:#x} (only SUPPORTED and EMULATED_OUTPUTS, SUPPORTED set)")
        elif bool(flags & FLAG.SUPPORTED) != bool(shapes) or any(min(s) < 1 for s in shapes):
            problems.append(f"{label}: SupportFlags {flags:#x} with shapes {shapes}")
        elif shapes:
            wave_supported.append((a, b, c))
    for v, m, r in itertools.product(TYPES, repeat=3):
        for bias in (DT.NONE, r):
            hr, flags = queries.vector(v, m, bias, r)
            label = f"vector {_label(v, m, r)} bias {bias.name}"
            if FAILED(hr) or flags & ~0xF or bool(flags) != bool(flags & FLAG.SUPPORTED):
                problems.append(f"{label}: HRESULT {_hr(hr)}, SupportFlags {flags:#x}")
            elif flags & FLAG.EMULATED_INPUTS and m not in FP8:
                problems.append(f"{label}: EMULATED_INPUTS with a {m.name} matrix (RT: FP8 matrices only)")
    storable = set()
    for t in TYPES:
        hr, built = queries.ask(OP.MATRIX_CONSTRUCTION, "MatrixConstruction",
                                D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(t, 0))
        mins = (built.MinM, built.MinK, built.MinN)
        if FAILED(hr) or (any(mins) and not all(mins)):
            problems.append(f"construction {t.name}: HRESULT {_hr(hr)}, MinM/MinK/MinN {mins} (RT: all zero or all "
                            f"non-zero)")
        hr, store = queries.ask(OP.ATOMIC_ACCUMULATE_STORE, "AccumulateStore",
                                D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(t))
        if FAILED(hr):
            problems.append(f"accumulate-store {t.name}: HRESULT {_hr(hr)}")
        elif store.RWByteAddressBufferSupported or store.GroupSharedSupported:
            storable.add(t)
    for t, r in itertools.product(TYPES, repeat=2):
        hr, outer = queries.ask(OP.THREAD_OUTER_PRODUCT, "ThreadOuterProductSupport",
                                D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(t, r))
        if FAILED(hr):
            problems.append(f"outer product {_label(t, r)}: HRESULT {_hr(hr)}")
        elif outer.Supported and r not in storable:
            problems.append(f"outer product {_label(t, r)} is supported but {r.name} is not accumulate-storable (RT)")
    for a, b, c in wave_supported:
        for shape in ((16, 16, 16), (32, 32, 32), (64, 64, 64)):
            member = D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
                WaveInputs=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, a, b, c),
                Shape=D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(*shape))
            hr, group = queries.ask(OP.THREADGROUP_MATRIX_MULTIPLY, "ThreadGroupMatrixMultiply", member)
            low, high, preferred = group.MinThreadGroupSize, group.MaxThreadGroupSize, group.PreferredThreadGroupSize
            flags = int(group.SupportFlags)
            bad_sizes = flags & FLAG.SUPPORTED and (low == 0 or high < low or high % low or (
                preferred and (preferred < low or preferred > high or preferred % low)))
            if FAILED(hr) or flags & ~(FLAG.SUPPORTED | FLAG.EMULATED_OUTPUTS) or bad_sizes:
                problems.append(f"thread-group {_label(a, b, c)} at {shape}: HRESULT {_hr(hr)}, SupportFlags "
                                f"{flags:#x}, sizes {low}/{high}/{preferred} (DXC LinAlgTests validity rules)")
    yield _result("sm610/features/answers-valid", GROUP_FEATURES, not problems,
                  "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")
                  or f"{len(TYPES) ** 3} wave, {2 * len(TYPES) ** 3} vector, {len(TYPES)} construction and "
                     f"accumulate-store, {len(TYPES) ** 2} outer-product answers")


def protocol_case(device: object, queries: Queries) -> Iterator[CaseResult]:
    """The shape list's two-call protocol and E_INVALIDARG for what C could not pass."""
    problems = []
    hr, _, shapes, _ = queries.wave(DT.UINT8, DT.UINT8, DT.SINT32)
    inputs = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, DT.UINT8, DT.UINT8, DT.SINT32)
    checks = [("NumShapes = 1 with Shapes null",
               D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(Inputs=inputs, NumShapes=1, Shapes=None))]
    if shapes:
        short = len(shapes) - 1
        checks.append((f"NumShapes = {short} below the {len(shapes)} native shapes",
                       D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(
                           Inputs=inputs, NumShapes=short,
                           Shapes=[D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE() for _ in range(short)])))
    for what, member in checks:
        got, _ = queries.ask(OP.WAVE_MATRIX_MULTIPLY, "WaveMatrixMultiply", member)
        if got != E_INVALIDARG:
            problems.append(f"{what} gave {_hr(got)}, not E_INVALIDARG")
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=len(OP))
    got = device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, data, sizeof(data))
    if got != E_INVALIDARG:
        problems.append(f"OperationType = {len(OP)} gave {_hr(got)}, not E_INVALIDARG")
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    got = device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, data, sizeof(data) + 4)
    if got != E_INVALIDARG:
        problems.append(f"a FeatureSupportDataSize 4 bytes too large gave {_hr(got)}, not E_INVALIDARG")
    yield _result("sm610/features/query-protocol", GROUP_FEATURES, not problems,
                  "; ".join(problems) or "count/fill calls, short list, bad OperationType and size")


# -- conversion cases -------------------------------------------------------------------------------------

def _conversion_plan(queries: Queries) -> dict[DT, list[int]]:
    """Each type "valid for vector-matrix or matrix-matrix multiplication" (RT valid usage) among the Tier 1
    combinations the device reports, with the layouts it is converted through: COLUMN_MAJOR for all,
    MUL_OPTIMAL for multiply operands (wave A/B, vector-matrix matrices), OUTER_PRODUCT_OPTIMAL for
    outer-product results (the matrices that layout holds)."""
    plan: dict[DT, set[int]] = {}

    def add(datatype: DT, *layouts: int) -> None:
        plan.setdefault(datatype, {LAYOUTS["COLUMN_MAJOR"]}).update(layouts)

    for a, b, c, _ in TIER1_WAVE:
        if queries.wave(a, b, c)[1] & FLAG.SUPPORTED:
            add(a, LAYOUTS["MUL_OPTIMAL"])
            add(b, LAYOUTS["MUL_OPTIMAL"])
            add(c)
    for v, m, r, _ in TIER1_VECTOR:
        if queries.vector(v, m, DT.NONE, r)[1] & FLAG.SUPPORTED:
            add(m, LAYOUTS["MUL_OPTIMAL"])
    for t, r in itertools.product(TYPES, repeat=2):
        hr, outer = queries.ask(OP.THREAD_OUTER_PRODUCT, "ThreadOuterProductSupport",
                                D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(t, r))
        if not FAILED(hr) and outer.Supported:
            add(r, LAYOUTS["OUTER_PRODUCT_OPTIMAL"])
    return {t: sorted(layouts) for t, layouts in sorted(plan.items())}


def _zero_mask(raw: np.ndarray, element: int, datatype: DT) -> np.ndarray:
    """Per byte: whether its element is a float zero of either sign (+0 = -0, as the 6.9 suite compares)."""
    if datatype not in (DT.FLOAT16, DT.FLOAT32, *FP8):
        return np.zeros(raw.shape, bool)
    words = raw.reshape(raw.shape[0], -1, element).copy()
    words[..., -1] &= 0x7F  # little-endian: the sign bit is in the last byte
    return np.repeat((words == 0).all(axis=-1), element, axis=-1)


def _dest_size(device: object, rows: int, cols: int, datatype: DT, layout: int, stride: int) -> int:
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, layout, stride, rows, cols, datatype)
    device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
    return int(info.DestSize)


def _round_trip_name(datatype: DT, layout: int) -> str:
    return f"sm610/conversion/{datatype.name}/{next(k for k, v in LAYOUTS.items() if v == layout)}"


def round_trip(session: Session, datatype: DT, layout: int) -> CaseResult:
    """ROW_MAJOR -> layout -> ROW_MAJOR on the GPU: the bytes must come back (a layout-only conversion)."""
    name = _round_trip_name(datatype, layout)
    rows, cols = ROUND_TRIP_SHAPE
    element = BITS[datatype] // 8
    rng = np.random.default_rng(int(datatype) * 7 + int(layout))
    values = rng.integers(0, 256, rows * cols * element, dtype=np.uint8)
    if datatype == DT.FLOAT16:   # finite halves: no NaN payloads a conversion may legally canonicalise
        values = rng.uniform(-4, 4, rows * cols).astype(np.float16).view(np.uint8)
    if datatype == DT.FLOAT32:
        values = rng.uniform(-4, 4, rows * cols).astype(np.float32).view(np.uint8)
    if datatype in FP8:          # no NaN encodings either (E4M3FN: S.1111.111; E5M2: S.11111.xx)
        values = np.where((values & 0x7F) >= (0x7C if datatype == DT.FLOAT8_E5M2 else 0x7F), 0, values).astype(
            np.uint8)
    row_stride = -(-cols * element // 16) * 16
    source = np.zeros((rows, row_stride), np.uint8)
    source[:, : cols * element] = values.reshape(rows, cols * element)
    upload = session.upload([(0, source)], source.nbytes)
    middle_stride = 0 if layout != LAYOUTS["COLUMN_MAJOR"] else -(-rows * element // 16) * 16
    middle_size = _dest_size(session.device, rows, cols, datatype, layout, middle_stride)
    final_size = _dest_size(session.device, rows, cols, datatype, ROW, row_stride)
    if middle_size % 16 or final_size % 16 or final_size < source.nbytes:
        return _result(name, GROUP_CONVERSION, False, f"DestSize {middle_size} / {final_size} (multiples of 16, "
                                                      f"at least {source.nbytes} for row-major)")
    middle, final = session.buffer(middle_size), session.buffer(final_size)
    session.list.ConvertLinearAlgebraMatrix(session.conversion(
        (middle_size, layout, middle_stride, rows, cols, datatype), (source.nbytes, datatype, ROW, row_stride),
        middle.GetGPUVirtualAddress(), upload.GetGPUVirtualAddress()), 1)
    session.uav_to_srv(middle)
    session.list.ConvertLinearAlgebraMatrix(session.conversion(
        (final_size, ROW, row_stride, rows, cols, datatype), (middle_size, datatype, layout, middle_stride),
        final.GetGPUVirtualAddress(), middle.GetGPUVirtualAddress()), 1)
    readback = session.copy_to_readback(final, 0, source.nbytes)
    session.execute()
    got = session.read(readback, source.nbytes).reshape(rows, row_stride)[:, : cols * element]
    sent = source[:, : cols * element]
    changed = (got != sent) & ~(_zero_mask(got, element, datatype) & _zero_mask(sent, element, datatype))
    if not changed.any():
        return _result(name, GROUP_CONVERSION, True, f"{rows} x {cols}, bytes unchanged", "exact (+0 = -0)")
    row, byte = np.unravel_index(int(np.argmax(changed)), changed.shape)
    return _result(name, GROUP_CONVERSION, False, f"{int(changed.sum())} bytes changed; first at row {row}, byte "
                                                  f"{byte}: {int(sent[row, byte]):#04x} -> {int(got[row, byte]):#04x}",
                   "exact (+0 = -0)")


def type_change_refused(session: Session) -> CaseResult:
    """SINT8 -> UINT8 (both Tier 1 matrix types, one byte each) changes only the type: the debug layer
    raises, or the list's Close() fails."""
    name = "sm610/conversion/type-change-refused"
    rows, cols = 16, 16
    upload = session.upload([(0, np.zeros(rows * cols, np.int8))], rows * cols)
    size = _dest_size(session.device, rows, cols, DT.UINT8, ROW, cols)
    dest = session.buffer(size)
    info = session.conversion((size, ROW, cols, rows, cols, DT.UINT8), (rows * cols, DT.SINT8, ROW, cols),
                              dest.GetGPUVirtualAddress(), upload.GetGPUVirtualAddress())
    refused_by = ""
    try:
        session.list.ConvertLinearAlgebraMatrix(info, 1)
    except Exception as error:  # noqa: BLE001  (a debug layer's report is the refusal)
        refused_by = f"the call raised {describe(error)}"
    hr = session.list.Close() if not refused_by else None
    if hr is not None and FAILED(hr):
        refused_by = f"Close() returned {_hr(hr)}"
    session.recover()
    return _result(name, GROUP_CONVERSION, bool(refused_by),
                   refused_by or "SINT8 -> UINT8 was accepted (RT: SrcComponentType and DestComponentType must "
                                 "be identical)")


def conversion_cases(device: object, queries: Queries, session: Session) -> Iterator[CaseResult]:
    for datatype, layouts in _conversion_plan(queries).items():
        for layout in layouts:
            yield _guarded(lambda: round_trip(session, datatype, layout), session,
                           _round_trip_name(datatype, layout))
    yield _guarded(lambda: type_change_refused(session), session, "sm610/conversion/type-change-refused")


def _guarded(run: Callable[[], CaseResult], session: Session, name: str) -> CaseResult:
    start = time.perf_counter()
    try:
        result = run()
    except Exception as error:  # noqa: BLE001  (the device's error is the case's result)
        result = failed_by_exception(name, GROUP_CONVERSION, error)
        with contextlib.suppress(Exception):
            session.recover()
    with contextlib.suppress(Exception):
        session.release_case_resources()
    result.seconds = time.perf_counter() - start
    return result


FEATURE_CASES = (tier_case, wave_cases, vector_cases, answers_case, protocol_case)


def run_sm610_conformance(device: object, name: str = "device") -> DeviceReport:
    """The SM 6.10 Tier 1 cases on one device created for SM 6.10: the host-API ones, then the shader ones."""
    start = time.perf_counter()
    report = DeviceReport(name)
    queries = Queries(device)
    for check in FEATURE_CASES:
        try:
            report.results += list(check(device, queries))
        except Exception as error:  # noqa: BLE001  (a device too broken for one check fails that check)
            report.results.append(failed_by_exception(f"sm610/features/{check.__name__}", GROUP_FEATURES, error))
    try:
        session = Session(device)
        report.results += list(conversion_cases(device, queries, session))
    except Exception as error:  # noqa: BLE001
        report.results.append(failed_by_exception("sm610/conversion/setup", GROUP_CONVERSION, error))
    from dxlinalg.conformance.sm610_shader_cases import GROUP, shader_cases   # it builds on this module's queries
    try:
        report.results += list(shader_cases(device, queries))
    except Exception as error:  # noqa: BLE001
        report.results.append(failed_by_exception("sm610/shader/setup", GROUP, error))
    report.seconds = time.perf_counter() - start
    return report


__all__ = ["run_sm610_conformance", "within_wave_shape_rule"]
