"""Fuzzing the four DXIL linear-algebra ops through a real D3D12 Dispatch, strict (debug layer on) and
permissive (off).

Each case builds a compute shader around one op whose static operands (M, K, interpretations, layout,
transpose, stride, result type, the IsUnsigned flags) and dynamic ones (vectors, packed words, uniform or
per-lane offsets, divergent lanes) are taken from one of the profile's reported combinations, with
usually none, sometimes one or two of them broken. The matrix and bias bytes are random (NaNs, infinities
and every integer), read from an SRV; results are stored, or accumulated, into a sentinel-filled UAV.

Properties (tests/fuzz/fuzz_harness.py): only D3D12Error or DxLinalgError escapes any call; no byte of the
UAV changes outside the op's destination (each thread's result slot; the accumulated matrix or array at
each lane's offset), the SRV never changes; both runs on fresh devices give the same outcomes and bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from d3d12api import *  # noqa: F403
from dxlinalg import dxil
from dxlinalg.gpu import ByteAddressBuffer, RWByteAddressBuffer, SV_DispatchThreadID, compute_shader, if_
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.packing import packed_word_count
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from fuzz_harness import Outcome, call_documented, changed_outside, fuzz_settings, mask_of, sentinel

T = ComponentType
PROFILES = builtin_profile_names()
OPS = ["matvecmul", "matvecmuladd", "outerproductaccumulate", "vectoraccumulate"]
PHYSICAL = {T.F16: np.float16, T.F32: np.float32, T.I16: np.int16, T.U16: np.uint16, T.I32: np.int32,
            T.U32: np.uint32, T.PackedS8x32: np.uint32, T.PackedU8x32: np.uint32}
WEIGHTS_BYTES = 1 << 15
MATVEC_FIELDS = ("M", "K", "layout", "transpose", "stride", "matrix_offset", "bias_offset", "input_unsigned",
                 "output_unsigned", "result_type", "numi", "input_dtype", "interpretation", "matrix_type")
ACCUMULATE_FIELDS = ("M", "K", "layout", "stride", "matrix_offset", "matrix_type", "input_dtype", "vector2")


@dataclass(frozen=True)
class DispatchCase:
    profile: str
    debug: bool
    op: str
    row: int                  # which reported combination (modulo the list's length)
    m: int
    k: int
    layout: int
    transpose: bool
    stride_extra: int
    matrix_slot: int          # matrix_offset = 128 * slot
    bias_slot: int            # bias_offset = 64 * slot
    per_lane_offsets: bool
    divergent: bool
    threads: int
    groups: int
    short_output: bool        # the UAV ends inside the last thread's slot
    special_values: bool      # NaN / Inf / huge values in float vectors
    broken: dict = field(default_factory=dict)   # field -> the wrong value's choice
    seed: int = 0


BROKEN_CHOICES: dict[str, list[Any]] = {
    "M": [0, 1025, -1, 2.5],
    "K": [0, 1025, 4097, -3],
    "layout": [4, -1, 255, MatrixLayout.RowMajor, MatrixLayout.MulOptimal],
    "transpose": [True],
    "stride": [8, 24, 0, 17, -16, 1 << 20],
    "matrix_offset": [64, 1, WEIGHTS_BYTES - 128, WEIGHTS_BYTES + 128, -128, 1 << 40],
    "bias_offset": [32, 2, WEIGHTS_BYTES - 64, WEIGHTS_BYTES, -64],
    "input_unsigned": ["flip"],
    "output_unsigned": ["flip"],
    "result_type": [np.float64, np.int8, np.uint64, "float16", None, object],
    "numi": [-1, 1, 4],
    "input_dtype": [np.int8, np.float64, np.uint64, np.bool_, np.float16, np.int32],
    "interpretation": [0, 1, 7, 99, T.F64, T.PackedS8x32, T.PackedU8x32, T.F8_E4M3, T.I8, T.U8, T.F32],
    "matrix_type": [T.PackedS8x32, T.F64, 99, T.F8_E5M2, T.I32, T.U16, T.F16],
    "vector2": [np.float32, np.float16, np.int32],
}


@st.composite
def dispatch_case(draw: st.DrawFn) -> DispatchCase:
    op = draw(st.sampled_from(OPS))
    names = MATVEC_FIELDS if op.startswith("matvec") else ACCUMULATE_FIELDS
    broken_names = draw(st.lists(st.sampled_from(names), max_size=draw(st.sampled_from([0] * 5 + [1] * 3 + [2])),
                                 unique=True))
    lengths = {"M": [0, 1025], "K": [0, 1025]} if not op.startswith("matvec") else {}   # vector lengths there
    broken = {name: draw(st.sampled_from(lengths.get(name, BROKEN_CHOICES[name]))) for name in broken_names}
    return DispatchCase(
        profile=draw(st.sampled_from(PROFILES)), debug=draw(st.booleans()), op=op, row=draw(st.integers(0, 63)),
        m=draw(st.integers(1, 40)), k=draw(st.integers(1, 40)), layout=draw(st.integers(0, 3)),
        transpose=draw(st.booleans()), stride_extra=draw(st.integers(0, 2)), matrix_slot=draw(st.integers(0, 16)),
        bias_slot=draw(st.integers(0, 64)), per_lane_offsets=draw(st.integers(0, 3)) == 0,
        divergent=draw(st.integers(0, 3)) == 0, threads=draw(st.sampled_from([1, 7, 32, 64])),
        groups=draw(st.integers(1, 3)), short_output=draw(st.integers(0, 9)) == 0,
        special_values=draw(st.booleans()), broken=broken, seed=draw(st.integers(0, 2**32 - 1)))


# --- the op's operands, from the case --------------------------------------------------------------

def vectors_of(dtype: Any, lanes: int, count: int, rng: np.random.Generator, special: bool) -> np.ndarray:
    """(lanes, count) vector elements of `dtype`: every integer; floats spread over magnitudes, with NaN,
    infinities and values past FP16's range when `special`."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        values = rng.standard_normal((lanes, count)) * 2.0 ** rng.integers(-8, 8, (lanes, count))
        if special:
            values[rng.random((lanes, count)) < 0.1] = rng.choice([np.nan, np.inf, -np.inf, 7e4, -1e6])
        with np.errstate(over="ignore"):
            return values.astype(dtype)
    if dtype.kind in "iu":
        return rng.integers(0, 256, (lanes, count * dtype.itemsize), dtype=np.uint8).view(dtype)
    return rng.integers(0, 2, (lanes, count)).astype(dtype)


def broken_or(case: DispatchCase, name: str, good: Any) -> Any:
    """The operand's wrong value when the case breaks it, else the right one."""
    return case.broken.get(name, good)


@dataclass
class Operands:
    """Everything the shader passes to the op, and the bytes of the UAV the op may write per thread/lane."""

    args: tuple
    keywords: dict
    vector_tables: tuple          # per-thread tables the shader indexes with SV_DispatchThreadID
    matrix_offsets: np.ndarray    # per thread
    bias_offsets: np.ndarray | None
    slot: int = 0                 # bytes per thread's result (matvec)
    result_bytes: int = 0
    accumulated_bytes: int = 0    # bytes each lane's accumulate may touch from its offset


def lane_offsets(case: DispatchCase, good: int, unit: int, lanes: int, rng: np.random.Generator,
                 name: str) -> np.ndarray:
    """Each thread's offset: the same for all, or one of three aligned ones per lane."""
    base = broken_or(case, name, good)
    offsets = np.full(lanes, base, np.int64)
    if case.per_lane_offsets:
        offsets = offsets + unit * rng.integers(0, 3, lanes)
    return offsets


def matvec_operands(case: DispatchCase, profile: Any, lanes: int, rng: np.random.Generator) -> Operands:
    """matvecmul(add) on the case's reported combination; strided layouts get a 16-byte aligned stride."""
    rows = profile.mul_properties
    prop = rows[case.row % len(rows)] if rows else None
    input_type = prop.input_type if prop else T.F16
    interpretation = broken_or(case, "interpretation", prop.input_interpretation if prop else T.F16)
    matrix_type = broken_or(case, "matrix_type", prop.matrix_interpretation if prop else T.F16)
    bias_type = prop.bias_interpretation if prop else T.F16
    output_type = prop.output_type if prop else T.F16
    m, k = broken_or(case, "M", case.m), broken_or(case, "K", case.k)
    layout = MatrixLayout(case.layout)
    if prop and type_info(prop.matrix_interpretation).is_fp8 and not layout.is_optimal:
        layout = MatrixLayout.MulOptimal                       # FP8 matrices are optimal (keep the case valid)
    transpose = case.transpose and layout.is_optimal and bool(prop and prop.transpose_supported)
    layout = broken_or(case, "layout", layout)
    transpose = broken_or(case, "transpose", transpose)
    stride = 0
    if isinstance(layout, (int, MatrixLayout)) and layout in (0, 1) and isinstance(m, int) and isinstance(k, int):
        rows_, cols_ = (k, m) if transpose else (m, k)
        length = cols_ if layout == 0 else rows_
        element = type_info(matrix_type).size_bytes if matrix_type in (T.F16, T.F32, T.I8, T.U8, T.I32) else 2
        stride = -(-length * element // 16) * 16 + 16 * case.stride_extra
    stride = broken_or(case, "stride", stride)
    dtype = broken_or(case, "input_dtype", PHYSICAL[input_type])
    packed = interpretation in (T.PackedS8x32, T.PackedU8x32)
    k_count = k if isinstance(k, int) and k > 0 else 1
    numi = packed_word_count(k_count) if packed else k_count
    numi = max(1, numi + case.broken.get("numi", 0)) if "numi" in case.broken else numi
    vectors = vectors_of(dtype, lanes, min(numi, 4200), rng, case.special_values)
    input_unsigned = np.dtype(dtype).kind == "u"
    if "input_unsigned" in case.broken:
        input_unsigned = not input_unsigned
    result_type = broken_or(case, "result_type", PHYSICAL[output_type])
    output_unsigned = np.dtype(PHYSICAL[output_type]).kind == "u"
    if "output_unsigned" in case.broken:
        output_unsigned = not output_unsigned
    matrix_offsets = lane_offsets(case, 128 * case.matrix_slot, 128, lanes, rng, "matrix_offset")
    bias_offsets = lane_offsets(case, 64 * case.bias_slot, 64, lanes, rng, "bias_offset")
    try:
        result_bytes = int(m) * np.dtype(result_type).itemsize
    except (TypeError, ValueError):
        result_bytes = 0
    slot = -(-max(result_bytes, 1) // 16) * 16 + 16
    args = (input_unsigned, interpretation, "weights", "matrix_offset", matrix_type, m, k, layout, transpose, stride)
    if case.op == "matvecmuladd":
        args = args + ("weights", "bias_offset", bias_type, output_unsigned)
    else:
        args = args + (output_unsigned,)
    return Operands(args, {"result_type": result_type}, (vectors,), matrix_offsets, bias_offsets, slot,
                    max(result_bytes, 0))


def accumulate_operands(case: DispatchCase, profile: Any, lanes: int, rng: np.random.Generator) -> Operands:
    """outerproductaccumulate (M x N, OuterProductOptimal) or vectoraccumulate (N elements) on the case's
    reported combination."""
    if case.op == "outerproductaccumulate":
        rows = profile.outer_product_properties
        prop = rows[case.row % len(rows)] if rows else None
        input_type = prop.input_type if prop else T.F16
        matrix_type = broken_or(case, "matrix_type", prop.accumulation_type if prop else T.F16)
        m, n = broken_or(case, "M", case.m), broken_or(case, "K", case.k)
        dtype = broken_or(case, "input_dtype", PHYSICAL[input_type])
        v1 = vectors_of(dtype, lanes, max(min(m, 1100), 0), rng, case.special_values)
        v2 = vectors_of(broken_or(case, "vector2", dtype), lanes, max(min(n, 1100), 0), rng, case.special_values)
        layout = broken_or(case, "layout", MatrixLayout.OuterProductOptimal)
        stride = broken_or(case, "stride", 0)
        offsets = lane_offsets(case, 128 * case.matrix_slot, 128, lanes, rng, "matrix_offset")
        try:
            extent = stored_size(MatrixDescription(m, n, T(int(matrix_type)), MatrixLayout(int(layout))), profile)
        except Exception:  # noqa: BLE001  (a broken operand the op must reject: nothing may be written)
            extent = 0
        return Operands(("matrix_offset", matrix_type, layout, stride), {}, (v1, v2), offsets, None,
                        accumulated_bytes=extent)
    rows = profile.vector_accumulate_properties
    prop = rows[case.row % len(rows)] if rows else None
    dtype = broken_or(case, "input_dtype", PHYSICAL[prop.input_type if prop else T.F16])
    n = broken_or(case, "K", case.k)
    vector = vectors_of(dtype, lanes, max(min(n, 1100), 0), rng, case.special_values)
    offsets = lane_offsets(case, 64 * case.matrix_slot, 64, lanes, rng, "matrix_offset")
    return Operands(("matrix_offset",), {}, (vector,), offsets, None,
                    accumulated_bytes=vector.shape[1] * vector.dtype.itemsize)


def make_shader(case: DispatchCase, operands: Operands) -> Any:
    """A compute shader calling the op once per thread, its operands indexed by SV_DispatchThreadID."""
    op = getattr(dxil, case.op)
    tables, matrix_offsets, bias_offsets = operands.vector_tables, operands.matrix_offsets, operands.bias_offsets

    def body(weights: Any, out: Any, tid: np.ndarray) -> None:
        named = {"weights": weights, "matrix_offset": matrix_offsets[tid],
                 "bias_offset": None if bias_offsets is None else bias_offsets[tid]}
        args = tuple(named.get(a, a) if isinstance(a, str) else a for a in operands.args)
        if case.op.startswith("matvec"):
            result = op(tables[0][tid], *args, **operands.keywords)
            out.Store(tid.astype(np.uint32) * np.uint32(operands.slot), result)
        else:
            args = tuple(out if a is weights else a for a in args)
            op(*(t[tid] for t in tables), out, *args)

    @compute_shader(numthreads=(case.threads, 1, 1))
    def fuzz_op(weights=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0].astype(np.int64)
        if case.divergent:
            with if_(tid % 3 != 1):
                body(weights, out, tid)
        else:
            body(weights, out, tid)

    return fuzz_op


# --- running a case ---------------------------------------------------------------------------------

def allowed_writes(case: DispatchCase, operands: Operands, lanes: int, size: int) -> np.ndarray:
    """The UAV bytes the op may change: each thread's result slot, or the target at each lane's offset."""
    if case.op.startswith("matvec"):
        return mask_of(size, ((t * operands.slot, t * operands.slot + operands.result_bytes) for t in range(lanes)))
    return mask_of(size, ((int(o), int(o) + operands.accumulated_bytes) for o in set(operands.matrix_offsets)))


def run_case(case: DispatchCase) -> tuple:
    """One run on a fresh device; asserts the byte properties; returns the outcomes and the UAV's bytes."""
    outcomes: list[tuple[str, Outcome]] = []

    def call(what: str, function: Any, *args: Any) -> tuple[Any, bool]:
        result, outcome = call_documented(function, *args)
        outcomes.append((what, outcome))
        return result, outcome.raised is None

    rng = np.random.default_rng(case.seed)
    lanes = case.threads * case.groups
    profile = load_profile(case.profile)
    operands = (matvec_operands if case.op.startswith("matvec") else accumulate_operands)(case, profile, lanes, rng)
    output_bytes = (lanes * operands.slot if case.op.startswith("matvec") else 1 << 15) + 256
    if case.short_output:
        output_bytes -= max(operands.slot, 256) // 2 + 8
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=case.profile, debug=case.debug)
    weights = device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD), D3D12_HEAP_FLAG_NONE,
                                             CD3DX12_RESOURCE_DESC.Buffer(WEIGHTS_BYTES),
                                             D3D12_RESOURCE_STATE_GENERIC_READ)
    weights.Map(0, CD3DX12_RANGE(0, 0))[:] = sentinel(WEIGHTS_BYTES, case.seed)   # random matrix and bias bytes
    output = device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT), D3D12_HEAP_FLAG_NONE,
                                            CD3DX12_RESOURCE_DESC.Buffer(output_bytes,
                                                                         D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
                                            D3D12_RESOURCE_STATE_COMMON)
    output.buffer.data[:] = sentinel(output_bytes, case.seed + 1)
    output.buffer.mark_written()
    before = (weights.buffer.data.copy(), output.buffer.data.copy())

    params = [CD3DX12_ROOT_PARAMETER(), CD3DX12_ROOT_PARAMETER()]
    params[0].InitAsShaderResourceView(0)
    params[1].InitAsUnorderedAccessView(0)
    _, blob = D3D12SerializeRootSignature(CD3DX12_ROOT_SIGNATURE_DESC(2, params), D3D_ROOT_SIGNATURE_VERSION_1)
    root_signature = device.CreateRootSignature(0, blob.GetBufferPointer(), blob.GetBufferSize())
    pso, ok = call("pipeline", device.CreateComputePipelineState, D3D12_COMPUTE_PIPELINE_STATE_DESC(
        pRootSignature=root_signature, CS=CD3DX12_SHADER_BYTECODE(make_shader(case, operands))))
    queue = device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
    allocator = device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    if ok:
        command_list.SetPipelineState(pso)
        command_list.SetComputeRootSignature(root_signature)
        command_list.SetComputeRootShaderResourceView(0, weights.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, output.GetGPUVirtualAddress())
        _, ok = call("dispatch", command_list.Dispatch, case.groups, 1, 1)
    closed, _ = call("close", command_list.Close)
    if ok and closed == S_OK:
        call("execute", queue.ExecuteCommandLists, 1, [command_list])

    assert np.array_equal(weights.buffer.data, before[0]), "the SRV changed"
    outside = changed_outside(before[1], output.buffer.data, allowed_writes(case, operands, lanes, output_bytes))
    assert not outside, f"UAV bytes at offsets {outside} changed outside the op's destination ({outcomes})"
    return tuple(outcomes), bytes(output.buffer.data)


@fuzz_settings(300, slow_examples=True)
@given(case=dispatch_case())
def test_dxil_ops_in_a_dispatch_raise_only_documented_errors_write_only_their_destination_and_repeat(case):
    assert run_case(case) == run_case(case)
