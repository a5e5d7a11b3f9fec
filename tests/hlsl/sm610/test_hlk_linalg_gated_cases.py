"""DXC's SM 6.10 LinAlg HLK cases (`LinAlgTests.cpp`, class DxilConf_SM610_LinAlg, DXC 9a3e225d) that
test_hlk_linalg_tests.py does not hold, transcribed with their inputs and expected values and gated by the
capability queries as the HLK gates each one (`hlk_gates`). docs/sm610.md lists every HLK case and where it lives.

Where a gate refuses a case on every shipped profile (F32 matrix x vector, I16 -> I32 Convert: no Tier 1 table
lists them), the case also runs on a profile that reports the combination (`hlk_gates.with_vector_multiply`), so
its arithmetic is checked somewhere."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    RWByteAddressBuffer,
    SV_GroupIndex,
    compute_shader,
    float16_t,
    float32_t,
    groupshared,
    if_,
    int32_t,
    uint32_t,
    vector,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile
from tests.hlsl.sm610 import hlk_gates as gate

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]
POISON = 0xCD                       # cpu_oracle::fillPoison and OOBSentinelByte
NUMTHREADS = 128
FAR_OOB_OFFSET = 64                 # LinAlgTests.cpp FarOOBOffset
OOB_GET_POISON = 999                # OOBGetPoisonValue
HLSL = {C.F16: float16_t, C.F32: float32_t, C.I32: int32_t}


def dtype_of(component: C) -> np.dtype:
    return np.dtype(HLSL[component].dtype)


def wave_size(profile: str | DeviceProfile) -> int:
    return gate.profile_of(profile).wave_size


def first_wave(profile: str | DeviceProfile):
    """`if (GetGroupWaveIndex() == 0)`: the threads of the group's first wave."""
    return if_(SV_GroupIndex() < wave_size(profile))


def element_positions(m: int, n: int, layout: L, offset: int, stride: int, size: int) -> np.ndarray:
    """(M, N) byte positions: cpu_oracle::writeMatrixBuffer's addressing."""
    rows, cols = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
    return offset + (rows * stride + cols * size if layout == L.RowMajor else cols * stride + rows * size)


def buffer_size(m: int, n: int, layout: L, offset: int, stride: int, size: int) -> int:
    """cpu_oracle::getMatrixBufferSize: offset + the last row's (column's) start + its packed length."""
    lines, length = (m, n) if layout == L.RowMajor else (n, m)
    return offset + (lines - 1) * stride + length * size


def write(buffer: np.ndarray, matrix: np.ndarray, layout: L, offset: int, stride: int) -> None:
    size = matrix.dtype.itemsize
    positions = element_positions(*matrix.shape, layout, offset, stride, size)
    for (r, c), at in np.ndenumerate(positions):
        buffer[at:at + size] = matrix[r:r + 1, c].view(np.uint8)


def sequential(component: C, m: int, n: int, start: int = 1) -> np.ndarray:
    return (np.arange(m * n) + start).astype(dtype_of(component)).reshape(m, n)


def arithmetic_pattern(m: int, n: int, row_scale: int, column_scale: int, modulus: int, center: int) -> np.ndarray:
    """makeMatrixArithmeticPattern: (row * RowScale + col * ColumnScale) % Modulus - Center."""
    rows, cols = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
    return (rows * row_scale + cols * column_scale) % modulus - center


# -- descriptors out of bounds --------------------------------------------------------------------------------
def run_load_descriptor_oob(profile: str, m: int, n: int, layout: tuple[L, int, int], view_bytes: int) -> None:
    """runLoadDescriptorOutOfBounds: the source viewed short of its matrix; the destination, in full, must hold the
    per-element or the whole-matrix candidate (the profile's bounds_check says which) and keep its poison
    elsewhere."""
    gate.require(gate.construction_supported(profile, C.F16, m, n, (U.A,)), f"F16 {m}x{n} A construction")
    matrix = sequential(C.F16, m, n)
    size = buffer_size(m, n, *layout, 2)
    source = np.full(size, POISON, np.uint8)
    write(source, matrix, *layout)
    output = np.full(size, POISON, np.uint8)
    Mat = linalg.Matrix[C.F16, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        with first_wave(profile):
            Mat.Load(inp, layout[1], layout[2], layout[0]).Store(out, layout[1], layout[2], layout[0])

    run_dispatch(shader, {"u0": source[:view_bytes], "u1": output}, (1, 1, 1), profile)
    positions = element_positions(m, n, *layout, 2)
    in_view = positions + 2 <= view_bytes
    assert in_view.any() and not in_view.all(), "the case needs elements on both sides of the view's end"
    per_element = np.where(in_view, matrix, np.float16(0))
    expected = {"per_element": per_element, "all_or_nothing": np.zeros_like(matrix)}
    expected_bytes = np.full(size, POISON, np.uint8)
    write(expected_bytes, expected[load_profile(profile).linalg_matrix.bounds_check], *layout)
    assert np.array_equal(output, expected_bytes)


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadDescriptorOOB_Wave_4x8_F16_OffsetPaddedPartialView(profile):  # noqa: N802
    """Elements at 128 + 32 r + 2 c; a 172-byte view holds row 0 and columns 0..5 of row 1."""
    run_load_descriptor_oob(profile, 4, 8, (L.RowMajor, 128, 32), 172)


def run_store_descriptor_oob(profile: str, m: int, n: int, layout: tuple[L, int, int], view_bytes: int) -> None:
    """runStoreDescriptorOutOfBounds: the destination viewed short; bytes past the view keep their poison, and
    inside it the elements wholly in view are stored (per element) or none is (all-or-nothing)."""
    gate.require(gate.construction_supported(profile, C.F16, m, n, (U.A,)), f"F16 {m}x{n} A construction")
    matrix = sequential(C.F16, m, n)
    size = buffer_size(m, n, *layout, 2)
    source = np.full(size, POISON, np.uint8)
    write(source, matrix, *layout)
    output = np.full(size, POISON, np.uint8)
    Mat = linalg.Matrix[C.F16, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        with first_wave(profile):
            Mat.Load(inp, layout[1], layout[2], layout[0]).Store(out, layout[1], layout[2], layout[0])

    run_dispatch(shader, {"u0": source, "u1": output[:view_bytes]}, (1, 1, 1), profile)   # a view of `output`
    expected = np.full(size, POISON, np.uint8)
    if load_profile(profile).linalg_matrix.bounds_check == "per_element":       # storeBufferBoundedByView
        positions = element_positions(m, n, *layout, 2)
        for (r, c), at in np.ndenumerate(positions):
            if at + 2 <= view_bytes:
                expected[at:at + 2] = matrix[r:r + 1, c].view(np.uint8)
    assert np.array_equal(output, expected)


@pytest.mark.parametrize("profile", PROFILES)
def test_StoreDescriptorOOB_Wave_16x16_F16_PartialView(profile):  # noqa: N802
    """Packed 16 x 16: a 260-byte view admits the first 130 elements (rows 0..7 and two of row 8)."""
    run_store_descriptor_oob(profile, 16, 16, (L.RowMajor, 0, 32), 260)


@pytest.mark.parametrize("profile", PROFILES)
def test_StoreDescriptorOOB_Wave_4x8_F16_OffsetPaddedPartialView(profile):  # noqa: N802
    run_store_descriptor_oob(profile, 4, 8, (L.RowMajor, 128, 32), 172)


# -- groupshared memory ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_LoadMemory_Wave_16x16_F16(profile):  # noqa: N802
    """Every thread copies the input into groupshared; the first wave loads the matrix from it and stores it."""
    gate.require(gate.construction_supported(profile, C.F16, 16, 16, (U.A,)), "F16 16x16 A construction")
    matrix = sequential(C.F16, 16, 16)
    output = np.zeros(512, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1"), data=groupshared(float16_t, 256)):
        tid = SV_GroupIndex()
        for first in range(0, 256, NUMTHREADS):
            data[tid + first] = inp.Load[float16_t]((tid + first) * 2)
        GroupMemoryBarrierWithGroupSync()
        with first_wave(profile):
            Mat.Load(data, 0, 16, L.RowMajor).Store(out, 0, 32, L.RowMajor)

    run_dispatch(shader, {"u0": matrix.view(np.uint8).ravel().copy(), "u1": output}, (1, 1, 1), profile)
    assert np.array_equal(output.view(np.float16).reshape(16, 16), matrix)


@pytest.mark.parametrize("profile", PROFILES)
def test_StoreMemory_Wave_16x16_F16(profile):  # noqa: N802
    """Groupshared zeroed, a Splat(7) stored into it by the first wave, copied out by every thread: all 7."""
    gate.require(gate.construction_supported(profile, C.F16, 16, 16, (U.A,)), "F16 16x16 A construction")
    output = np.zeros(512, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0"), data=groupshared(float16_t, 256)):
        tid = SV_GroupIndex()
        for first in range(0, 256, NUMTHREADS):
            data[tid + first] = np.float16(0)
        GroupMemoryBarrierWithGroupSync()
        with first_wave(profile):
            Mat.Splat(np.float32(7.0)).Store(data, 0, 16, L.RowMajor)
        GroupMemoryBarrierWithGroupSync()
        for first in range(0, 256, NUMTHREADS):
            out.Store[float16_t]((tid + first) * 2, data[tid + first])

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert (output.view(np.float16) == 7).all()


@pytest.mark.parametrize("profile", PROFILES)
def test_AccumulateMemory_Wave_16x16_F16(profile):  # noqa: N802
    """Groupshared filled with 7, a Splat(7) accumulated into it: 14 everywhere; then runPaddedGroupShared-
    AccumulateCase: a 4 x 8 accumulator whose element (r, c) is set to 1 + 8 r + c through GetCoordinate, added
    to 12 in a row-major array at element 4 with a 12-element stride; every other element (90) unchanged."""
    gate.require(gate.construction_supported(profile, C.F16, 16, 16, (U.Accumulator,)),
                 "F16 16x16 Accumulator construction")
    gate.require(gate.accumulate_store_supported(profile, C.F16, groupshared=True), "F16 groupshared accumulation")
    output = np.zeros(512, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0"), data=groupshared(float16_t, 256)):
        tid = SV_GroupIndex()
        for first in range(0, 256, NUMTHREADS):
            data[tid + first] = np.float16(7)
        GroupMemoryBarrierWithGroupSync()
        with first_wave(profile):
            Mat.Splat(np.float32(7.0)).InterlockedAccumulate(data, 0, 16, L.RowMajor)
        GroupMemoryBarrierWithGroupSync()
        for first in range(0, 256, NUMTHREADS):
            out.Store[float16_t]((tid + first) * 2, data[tid + first])

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert (output.view(np.float16) == 14).all()
    run_padded_groupshared_accumulate(profile)


def run_padded_groupshared_accumulate(profile: str) -> None:
    m, n, offset, stride = 4, 8, 4, 12                    # elements: OffsetBytes 8, StrideBytes 24 of F16
    if not gate.construction_supported(profile, C.F16, m, n, (U.Accumulator,)):
        return                                            # the HLK logs "not applicable" and moves on
    elements = buffer_size(m, n, L.RowMajor, offset, stride, 1) + 4   # + GroupSharedTrailingGuardElements
    initial = np.full(elements, 90, np.float16)
    positions = element_positions(m, n, L.RowMajor, offset, stride, 1)
    initial[positions] = 12
    expected = initial.copy()
    expected[positions] = 12 + sequential(C.F16, m, n)
    output = np.zeros(elements * 2, np.uint8)
    Mat = linalg.Matrix[C.F16, m, n, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(64, 1, 1))
    def shader(init=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u1"), data=groupshared(float16_t, elements)):
        tid = SV_GroupIndex()
        for first in range(0, elements, 64):
            with if_(tid + first < elements):
                data[tid + first] = init.Load[float16_t]((tid + first) * 2)
        GroupMemoryBarrierWithGroupSync()
        with first_wave(profile):
            mat = Mat.Splat(0)
            length = mat.Length()
            for i in range(int(np.max(length))):
                coord = mat.GetCoordinate(i).astype(np.int64)     # UINT32_MAX.xx past a thread's Length (and in
                held = (i < length) & (coord[:, 0] < m)             # threads outside the wave): Set ignores those
                mat.Set(i, np.where(held, 1 + coord[:, 0] * n + coord[:, 1], 0).astype(np.float16))
            mat.InterlockedAccumulate(data, offset, stride, L.RowMajor)
        GroupMemoryBarrierWithGroupSync()
        for first in range(0, elements, 64):
            with if_(tid + first < elements):
                out.Store[float16_t]((tid + first) * 2, data[tid + first])

    run_dispatch(shader, {"t0": initial.view(np.uint8).copy(), "u1": output}, (1, 1, 1), profile)
    assert np.array_equal(output.view(np.float16), expected)


def run_groupshared_transfer(profile: str, component: C, scope: S, source: tuple[L, int, int],
                             destination: tuple[L, int, int]) -> None:
    """runGroupSharedTransfer: a 4 x 8 matrix loaded from one groupshared array (filled with 91 around the
    matrix) and stored into another (filled with 90); the destination must hold the matrix in its layout and 90
    everywhere else, four guard elements past the end included. Offsets and strides are in elements."""
    m, n = 4, 8
    matrix = sequential(component, m, n)
    dtype = dtype_of(component)

    def described(layout: tuple[L, int, int]) -> tuple[int, np.ndarray]:
        count = buffer_size(m, n, *layout, 1) + 4
        return count, element_positions(m, n, *layout, 1)

    src_count, src_positions = described(source)
    dst_count, dst_positions = described(destination)
    src = np.full(src_count, 91, dtype)
    src[src_positions] = matrix
    dst = np.full(dst_count, 90, dtype)
    expected = dst.copy()
    expected[dst_positions] = matrix
    output = np.zeros(dst.nbytes, np.uint8)
    element = HLSL[component]
    Mat = linalg.Matrix[component, m, n, U.A, scope]

    @compute_shader(numthreads=(64, 1, 1))
    def shader(src_init=ByteAddressBuffer("t0"), dst_init=ByteAddressBuffer("t1"), out=RWByteAddressBuffer("u2"),
               src_data=groupshared(element, src_count), dst_data=groupshared(element, dst_count)):
        tid = SV_GroupIndex()
        for first in range(0, src_count, 64):
            with if_(tid + first < src_count):
                src_data[tid + first] = src_init.Load[element]((tid + first) * dtype.itemsize)
        for first in range(0, dst_count, 64):
            with if_(tid + first < dst_count):
                dst_data[tid + first] = dst_init.Load[element]((tid + first) * dtype.itemsize)
        GroupMemoryBarrierWithGroupSync()
        with if_(SV_GroupIndex() < (wave_size(profile) if scope == S.Wave else 64)):
            mat = Mat.Load(src_data, source[1], source[2], source[0])
            mat.Store(dst_data, destination[1], destination[2], destination[0])
        GroupMemoryBarrierWithGroupSync()
        for first in range(0, dst_count, 64):
            with if_(tid + first < dst_count):
                out.Store[element]((tid + first) * dtype.itemsize, dst_data[tid + first])

    run_dispatch(shader, {"t0": src.view(np.uint8).copy(), "t1": dst.view(np.uint8).copy(), "u2": output},
                 (1, 1, 1), profile)
    assert np.array_equal(output.view(dtype), expected)


def run_bidirectional_transfer(profile: str, component: C, scope: S, target: tuple[L, int, int],
                               canonical: tuple[L, int, int]) -> None:
    gate.require(gate.construction_supported(profile, component, 4, 8, (U.A,)), f"{component.name} 4x8 A "
                                                                                  f"construction")
    run_groupshared_transfer(profile, component, scope, target, canonical)
    run_groupshared_transfer(profile, component, scope, canonical, target)


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreMemory_Wave_4x8_F16_RowMajorOffsetPadded(profile):  # noqa: N802
    """Target RowMajor at byte 8 with a 24-byte stride, canonical ColumnMajor packed (8 bytes)."""
    run_bidirectional_transfer(profile, C.F16, S.Wave, (L.RowMajor, 4, 12), (L.ColMajor, 0, 4))


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreMemory_Wave_4x8_F32_ColumnMajorOffsetPadded(profile):  # noqa: N802
    """Target ColumnMajor at byte 16 with a 24-byte stride, canonical RowMajor packed (32 bytes)."""
    run_bidirectional_transfer(profile, C.F32, S.Wave, (L.ColMajor, 4, 6), (L.RowMajor, 0, 8))


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreMemory_ThreadGroup_4x8_F16_ColumnMajorOffsetPadded(profile):  # noqa: N802
    """LoadStoreMemory_ThreadGroup_4x8_F16 as DXC runs it: target ColumnMajor at byte 8 with a 12-byte stride,
    canonical RowMajor packed (16 bytes), both directions, every thread of the group taking part."""
    run_bidirectional_transfer(profile, C.F16, S.ThreadGroup, (L.ColMajor, 4, 6), (L.RowMajor, 0, 8))


# -- element access -------------------------------------------------------------------------------------------
def run_element_access(profile: str, component: C, m: int, n: int) -> None:
    """runElementAccess: each thread writes Get(i) at the row-major place of GetCoordinate(i) for i < Length(),
    then its Length() after the matrix: the matrix comes out whole, and the lengths add up to at least M x N."""
    gate.require(gate.construction_supported(profile, component, m, n, (U.Accumulator,)),
                 f"{component.name} {m}x{n} Accumulator construction")
    dtype = dtype_of(component)
    matrix = sequential(component, m, n)
    output = np.zeros(m * n * dtype.itemsize + NUMTHREADS * 4, np.uint8)
    Mat = linalg.Matrix[component, m, n, U.Accumulator, S.Wave]
    element = HLSL[component]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        tid = SV_GroupIndex()
        with first_wave(profile):
            mat = Mat.Load(inp, 0, n * dtype.itemsize, L.RowMajor)
            length = mat.Length()
            for i in range(int(np.max(length))):
                with if_(i < length):
                    coord = mat.GetCoordinate(i)
                    out.Store[element]((coord[:, 0] * n + coord[:, 1]) * dtype.itemsize, mat.Get(i))
            out.Store[uint32_t](m * n * dtype.itemsize + tid * 4, length)

    # a held-twice element is stored twice with one value: a write race only in strict mode's sense
    run_dispatch(shader, {"u0": matrix.view(np.uint8).ravel().copy(), "u1": output}, (1, 1, 1), profile,
                 strict=not shared_elements(profile))
    assert np.array_equal(output[: matrix.nbytes].view(dtype).reshape(m, n), matrix)
    assert int(output[matrix.nbytes:].view(np.uint32).sum()) >= m * n


def shared_elements(profile: str) -> bool:
    """Whether the profile's thread-to-element map gives some Wave element two holders (0035 allows it)."""
    return load_profile(profile).linalg_matrix.ownership == "scrambled_shared"


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementAccess_Wave_16x16_F16(profile):  # noqa: N802
    run_element_access(profile, C.F16, 16, 16)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementAccess_Wave_4x8_F32(profile):  # noqa: N802
    run_element_access(profile, C.F32, 4, 8)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementSet_Wave_16x16_F16(profile):  # noqa: N802
    """Every thread adds 5 to each element it holds (Get, + 5, Set) and the matrix is stored: sequential from 6.
    0035: "several threads may map to the same element, so take care with side effects": where the profile gives
    an element two holders each adds 5 (the second sees the first's Set), which the HLK does not allow for; the
    oracle counts the holders from GetCoordinate."""
    gate.require(gate.construction_supported(profile, C.F16, 16, 16, (U.Accumulator,)),
                 "F16 16x16 Accumulator construction")
    matrix = sequential(C.F16, 16, 16)
    records_per_thread = 512                                  # more than any thread holds (M x N = 256)
    output = np.full(512 + NUMTHREADS * records_per_thread * 4, 0xFF, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        tid = SV_GroupIndex()
        with first_wave(profile):
            mat = Mat.Load(inp, 0, 32, L.RowMajor)
            length = mat.Length()
            for i in range(int(np.max(length))):
                mat.Set(i, mat.Get(i) + np.float16(5))
                coord = mat.GetCoordinate(i)                  # the oracle's record: which element index i is
                element = np.where(i < length, coord[:, 0] * 16 + coord[:, 1], 0xFFFFFFFF).astype(np.uint32)
                out.Store[uint32_t](512 + (tid * records_per_thread + i) * 4, element)
            mat.Store(out, 0, 32, L.RowMajor)

    run_dispatch(shader, {"u0": matrix.view(np.uint8).ravel().copy(), "u1": output}, (1, 1, 1), profile)
    records = output[512:].view(np.uint32)
    holders = np.bincount(records[records != 0xFFFFFFFF], minlength=256).reshape(16, 16)
    assert (holders >= 1).all()
    expected = matrix.astype(np.float64) + 5 * holders
    assert np.array_equal(output[:512].view(np.float16).reshape(16, 16).astype(np.float64), expected)
    if not shared_elements(profile):
        assert (holders == 1).all()


def run_element_get_oob(profile: str, component: C, m: int, n: int) -> None:
    """runElementGetOOB: Get(Length()) and Get(Length() + 64) read 0, not the 999 the locals were seeded with."""
    gate.require(gate.construction_supported(profile, component, m, n, (U.Accumulator,)),
                 f"{component.name} {m}x{n} Accumulator construction")
    dtype = dtype_of(component)
    output = np.full(NUMTHREADS * 16, POISON, np.uint8)
    Mat = linalg.Matrix[component, m, n, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        tid = SV_GroupIndex()
        with first_wave(profile):
            mat = Mat.Load(inp, 0, n * dtype.itemsize, L.RowMajor)
            length = mat.Length()
            just = mat.Get(length)
            far = mat.Get(length + FAR_OOB_OFFSET)
            out.Store[uint32_t](tid * 16, length)
            out.Store[uint32_t](tid * 16 + 4, np.uint32(1))
            out.Store[float32_t](tid * 16 + 8, just.astype(np.float32))
            out.Store[float32_t](tid * 16 + 12, far.astype(np.float32))

    run_dispatch(shader, {"u0": sequential(component, m, n).view(np.uint8).ravel().copy(), "u1": output},
                 (1, 1, 1), profile)
    records = output.view(np.uint32).reshape(NUMTHREADS, 4)
    executed = records[:, 1] == 1
    assert executed.sum() == wave_size(profile), "every lane of the selected wave executes, no other"
    assert int(records[executed, 0].sum()) >= m * n
    values = output.view(np.float32).reshape(NUMTHREADS, 4)[executed, 2:]
    assert (values == 0).all() and OOB_GET_POISON not in values


def run_element_set_oob(profile: str, component: C, m: int, n: int) -> None:
    """runElementSetOOB: Set(Length(), 999) and Set(Length() + 64, 999) are no-ops; the stored matrix is the
    loaded one."""
    gate.require(gate.construction_supported(profile, component, m, n, (U.Accumulator,)),
                 f"{component.name} {m}x{n} Accumulator construction")
    dtype = dtype_of(component)
    matrix = sequential(component, m, n)
    output = np.full(matrix.nbytes + NUMTHREADS * 16, POISON, np.uint8)
    Mat = linalg.Matrix[component, m, n, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=RWByteAddressBuffer("u0"), out=RWByteAddressBuffer("u1")):
        tid = SV_GroupIndex()
        with first_wave(profile):
            mat = Mat.Load(inp, 0, n * dtype.itemsize, L.RowMajor)
            length = mat.Length()
            mat.Set(length, dtype.type(OOB_GET_POISON))
            mat.Set(length + FAR_OOB_OFFSET, dtype.type(OOB_GET_POISON))
            mat.Store(out, 0, n * dtype.itemsize, L.RowMajor)
            out.Store[uint32_t](matrix.nbytes + tid * 16, length)
            out.Store[uint32_t](matrix.nbytes + tid * 16 + 4, np.uint32(1))

    run_dispatch(shader, {"u0": matrix.view(np.uint8).ravel().copy(), "u1": output}, (1, 1, 1), profile)
    records = output[matrix.nbytes:].view(np.uint32).reshape(NUMTHREADS, 4)
    assert (records[:, 1] == 1).sum() == wave_size(profile)
    assert int(records[records[:, 1] == 1, 0].sum()) >= m * n
    assert np.array_equal(output[: matrix.nbytes].view(dtype).reshape(m, n), matrix)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementGetOOB_Wave_4x8_F32(profile):  # noqa: N802
    run_element_get_oob(profile, C.F32, 4, 8)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementGetOOB_Wave_16x16_F16(profile):  # noqa: N802
    run_element_get_oob(profile, C.F16, 16, 16)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementSetOOB_Wave_4x8_F32(profile):  # noqa: N802
    run_element_set_oob(profile, C.F32, 4, 8)


@pytest.mark.parametrize("profile", PROFILES)
def test_ElementSetOOB_Wave_16x16_F16(profile):  # noqa: N802
    run_element_set_oob(profile, C.F16, 16, 16)


# -- matrix arithmetic ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_MatMatMulAccum_Wave_16x16x16_F16(profile):  # noqa: N802
    """Fills A = 2, B = 3, C = 4: every element 2 * 3 * 16 + 4 = 100."""
    gate.require(gate.matmul_supported(profile, C.F16, C.F16, 16, 16, 16, S.Wave), "F16 x F16 -> F16 16x16x16")
    output = np.zeros(512, np.uint8)
    A, B = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave], linalg.Matrix[C.F16, 16, 16, U.B, S.Wave]
    Acc = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        with first_wave(profile):
            c = Acc.Splat(np.float32(4.0))
            c.MultiplyAccumulate(A.Splat(np.float32(2.0)), B.Splat(np.float32(3.0)))
            c.Store(out, 0, 32, L.RowMajor)

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert (output.view(np.float16) == 100).all()


@pytest.mark.parametrize("name", [pytest.param(p, id=p) for p in PROFILES] + [
    pytest.param("reference+8x8x8", id="reference-with-8x8x8-thread-groups")])
def test_MatMatMulAccum_ThreadGroup_8x16x8_F16_ToF32_NonUniform(name):  # noqa: N802
    """makeRectangularF16ThreadGroupMultiplyCase(F32, MultiplyAccumulate): A (3,2,5,2), B (1,3,7,3) and an
    independent C (2,1,5,2) patterns; the exact A x B + C. The shipped profiles answer thread-group multiplies in
    16 x 16 x 16 steps (not applicable); a device with 8 x 8 x 8 steps runs it."""
    profile = gate.with_threadgroup_granularity("reference", (8, 8, 8)) if name == "reference+8x8x8" else name
    m, k, n = 8, 16, 8
    gate.require(gate.matmul_supported(profile, C.F16, C.F32, m, k, n, S.ThreadGroup), "F16 -> F32 8x16x8 group")
    a, b, c = arithmetic_pattern(m, k, 3, 2, 5, 2), arithmetic_pattern(k, n, 1, 3, 7, 3), \
        arithmetic_pattern(m, n, 2, 1, 5, 2)
    blob = np.zeros(768, np.uint8)
    blob[:256] = a.astype(np.float16).view(np.uint8).ravel()
    blob[256:512] = b.astype(np.float16).view(np.uint8).ravel()
    blob[512:768] = c.astype(np.float32).view(np.uint8).ravel()
    output = np.zeros(m * n * 4, np.uint8)
    MA, MB = linalg.Matrix[C.F16, m, k, U.A, S.ThreadGroup], linalg.Matrix[C.F16, k, n, U.B, S.ThreadGroup]
    MC = linalg.Matrix[C.F32, m, n, U.Accumulator, S.ThreadGroup]

    @compute_shader(numthreads=(2 * wave_size(profile), 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        acc = MC.Load(inp, 512, n * 4, L.RowMajor)
        acc.MultiplyAccumulate(MA.Load(inp, 0, k * 2, L.RowMajor), MB.Load(inp, 256, n * 2, L.RowMajor))
        acc.Store(out, 0, n * 4, L.RowMajor)

    run_dispatch(shader, {"t0": blob, "u0": output}, (1, 1, 1), profile)
    assert np.array_equal(output.view(np.float32).reshape(m, n), (a @ b + c).astype(np.float32))


@pytest.mark.parametrize("profile", PROFILES)
def test_MatAccum_Wave_16x16_F16(profile):  # noqa: N802
    """An accumulator filled with 2 plus an A matrix filled with 3: 5 everywhere."""
    gate.require(gate.construction_supported(profile, C.F16, 16, 16, (U.Accumulator, U.A)),
                 "F16 16x16 Accumulator and A construction")
    output = np.zeros(512, np.uint8)
    Acc, A = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave], linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        with first_wave(profile):
            lhs = Acc.Splat(np.float32(2.0))
            lhs.Accumulate(A.Splat(np.float32(3.0)))
            lhs.Store(out, 0, 32, L.RowMajor)

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert (output.view(np.float16) == 5).all()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatAccum_Wave_8x32_F16_BUse_NonUniform(profile):  # noqa: N802
    """An 8 x 32 accumulator (pattern 2,1,7,3) plus a B-use matrix (pattern 1,3,5,2), one wave of threads."""
    m, n = 8, 32
    gate.require(gate.construction_supported(profile, C.F16, m, n, (U.Accumulator, U.B)),
                 "F16 8x32 Accumulator and B construction")
    acc, rhs = arithmetic_pattern(m, n, 2, 1, 7, 3), arithmetic_pattern(m, n, 1, 3, 5, 2)
    output = np.zeros(m * n * 2, np.uint8)
    Acc, B = linalg.Matrix[C.F16, m, n, U.Accumulator, S.Wave], linalg.Matrix[C.F16, m, n, U.B, S.Wave]

    @compute_shader(numthreads=(wave_size(profile), 1, 1))
    def shader(acc_in=ByteAddressBuffer("t0"), rhs_in=ByteAddressBuffer("t1"), out=RWByteAddressBuffer("u2")):
        result = Acc.Load(acc_in, 0, n * 2, L.RowMajor)
        result.Accumulate(B.Load(rhs_in, 0, n * 2, L.RowMajor))
        result.Store(out, 0, n * 2, L.RowMajor)

    run_dispatch(shader, {"t0": acc.astype(np.float16).view(np.uint8).ravel().copy(),
                          "t1": rhs.astype(np.float16).view(np.uint8).ravel().copy(), "u2": output},
                 (1, 1, 1), profile)
    assert np.array_equal(output.view(np.float16).reshape(m, n), (acc + rhs).astype(np.float16))


# -- thread scope ---------------------------------------------------------------------------------------------
def run_fill_matvec(profile: str | DeviceProfile, component: C, m: int, n: int, bias: bool) -> np.ndarray:
    """MatVecMulShader / MatVecMulAddShader: one buffer filled with 2 is the matrix, the first N elements the
    vector and the first M the bias; results M values of the matrix type."""
    dtype = dtype_of(component)
    source = np.full(m * n, 2, dtype)
    output = np.zeros(m * n * dtype.itemsize, np.uint8)
    element = HLSL[component]
    Mat = linalg.Matrix[component, m, n, U.A, S.Thread]

    @compute_shader(numthreads=(1, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u1")):
        mat = Mat.Load[L.RowMajor](inp, 0, n * dtype.itemsize)
        vec = inp.Load[vector[element, n]](0)
        if bias:
            result = linalg.MultiplyAdd[element](mat, vec, inp.Load[vector[element, m]](0))
        else:
            result = linalg.Multiply[element](mat, vec)
        out.Store[vector[element, m]](0, result)

    run_dispatch(shader, {"t0": source.view(np.uint8).copy(), "u1": output}, (1, 1, 1), profile)
    return output.view(dtype)[:m]


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMulAdd_Thread_16x16_F16(profile):  # noqa: N802
    """Mandatory at Tier 1 (F16 throughout, bias of the result type): 2 * 2 * 16 + 2 = 66."""
    assert gate.matvec_supported(profile, C.F16, C.F16, bias=True), "a Tier 1 device must report F16 x F16 + F16"
    assert (run_fill_matvec(profile, C.F16, 16, 16, bias=True) == 66).all()


F32_GATED = [pytest.param(p, id=p) for p in PROFILES] + [
    pytest.param("reference+F32", id="reference-reporting-F32xF32")]


def f32_profile(name: str) -> str | DeviceProfile:
    return gate.with_vector_multiply("reference", C.F32, C.F32) if name == "reference+F32" else name


@pytest.mark.parametrize("name", F32_GATED)
def test_MatVecMul_Thread_4x8_F32(name):  # noqa: N802
    """Optional (no Tier 1 row lists F32 x F32 -> F32): 2 * 2 * 8 = 32 where the device reports it."""
    profile = f32_profile(name)
    gate.require(gate.matvec_supported(profile, C.F32, C.F32, bias=False), "F32 x F32 -> F32")
    assert (run_fill_matvec(profile, C.F32, 4, 8, bias=False) == 32).all()


@pytest.mark.parametrize("name", F32_GATED)
def test_MatVecMulAdd_Thread_4x8_F32(name):  # noqa: N802
    """Optional: 2 * 2 * 8 + 2 = 34 where the device reports F32 x F32 + F32 -> F32."""
    profile = f32_profile(name)
    gate.require(gate.matvec_supported(profile, C.F32, C.F32, bias=True), "F32 x F32 + F32 -> F32")
    assert (run_fill_matvec(profile, C.F32, 4, 8, bias=True) == 34).all()


def run_vector_accumulate(profile: str, values: np.ndarray, initial: np.ndarray, offset: int) -> np.ndarray:
    """runVectorAccumulateDescriptor: one thread accumulates `values` at `offset` of an output holding `initial`."""
    output = np.zeros(max(offset + values.nbytes, initial.nbytes), np.uint8)
    output[: initial.nbytes] = initial.view(np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u1")):
        linalg.InterlockedAccumulate(out, offset, values)

    run_dispatch(shader, {"u1": output}, (1, 1, 1), profile)
    return output[: initial.nbytes].view(initial.dtype)


@pytest.mark.parametrize("profile", PROFILES)
def test_VectorAccumulateDescriptor_Thread_F16(profile):  # noqa: N802
    gate.require(gate.accumulate_store_supported(profile, C.F16, groupshared=False), "F16 buffer accumulation")
    got = run_vector_accumulate(profile, np.array([1, 2, 3, 4], np.float16), np.zeros(4, np.float16), 0)
    assert got.tolist() == [1, 2, 3, 4]


@pytest.mark.parametrize("profile", PROFILES)
def test_VectorAccumulateDescriptor_Thread_F16_Length8_NonZero(profile):  # noqa: N802
    """At byte 64 of an F16 array (10 elements from there, the last two guards): 8 added, 2 untouched."""
    gate.require(gate.accumulate_store_supported(profile, C.F16, groupshared=False), "F16 buffer accumulation")
    initial = np.zeros(32 + 10, np.float16)
    initial[32:] = [10, 11, 12, 13, 14, 15, 16, 17, 123, -321]
    got = run_vector_accumulate(profile, np.array([-3, 2, 5, -1, 4, 1, -2, 6], np.float16), initial, 64)
    assert got[32:].tolist() == [7, 13, 17, 12, 18, 16, 14, 23, 123, -321]
    assert (got[:32] == 0).all()


# -- Convert --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_Convert(profile):  # noqa: N802
    """half {1, 2, 3, 4} converted F16 -> F32 (tier-gated only)."""
    gate.require(gate.tier_supported(profile), "D3D12_LINEAR_ALGEBRA_TIER_1_0")
    output = np.zeros(16, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        converted = linalg.Convert[C.F32, C.F16](np.array([1, 2, 3, 4], np.float16)).Data
        out.Store[vector[float32_t, 4]](0, converted)

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert output.view(np.float32).tolist() == [1, 2, 3, 4]


CONVERT_GATED = [pytest.param(p, id=p) for p in PROFILES] + [
    pytest.param("reference+I32", id="reference-reporting-SINT32-vectors")]


@pytest.mark.parametrize("name", CONVERT_GATED)
def test_Convert_I16_ToI32_Exact(name):  # noqa: N802
    """Integer widening keeps every value; gated on a vector multiply that takes SINT32 input vectors."""
    profile = gate.with_vector_multiply("reference", C.I32, C.I32) if name == "reference+I32" else name
    gate.require(gate.convert_supported(profile, C.I16, C.I32), "a vector multiply with SINT32 input vectors")
    values = [-32768, -12345, -1024, -1, 0, 1, 12345, 32767]
    output = np.zeros(32, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        out.Store[vector[int32_t, 8]](0, linalg.Convert[C.I32, C.I16](np.array(values, np.int16)).Data)

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert output.view(np.int32).tolist() == values
