"""dxlinalg.mlir: whole kernels against numpy models, per-op semantics from MLIR's dialect docs, and the rejections."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dxlinalg import mlir
from dxlinalg.mlir import (
    MlirArgumentError,
    MlirUndefinedBehaviorError,
    MlirUnsupportedError,
    MlirVerifyError,
    ParseError,
)
from tests.commands.cli_helpers import cli

KERNELS = Path(__file__).parent / "kernels"
CORPUS = Path(__file__).parents[2] / "dxlinalg" / "samples" / "mlir"       # the IREE kernels (tests/data/mlir/models.py)
IREE_KERNEL = CORPUS / "matmul_f16_256.mlir"
IREE_GENERIC = CORPUS / "matmul_f16_256.generic.mlir"
IREE_ENTRY = "matmul_f16_256_dispatch_0_matmul_256x256x256_f16xf16xf32"


def mma_model(a: np.ndarray, b: np.ndarray, k_step: int = 16) -> np.ndarray:
    """The reference profile's mma.sync chain: each m16n8k16 adds an exact 16-term product to the f32 accumulator
    and rounds once."""
    c = np.zeros((a.shape[0], b.shape[1]), np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    for k in range(0, a.shape[1], k_step):
        c = (c + a64[:, k:k + k_step] @ b64[k:k + k_step]).astype(np.float32)
    return c


@pytest.fixture(scope="module")
def matrices() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    return (rng.standard_normal((256, 256)).astype(np.float16), rng.standard_normal((256, 256)).astype(np.float16))


@pytest.mark.parametrize("path", [IREE_KERNEL, IREE_GENERIC], ids=["custom", "generic"])
def test_iree_matmul_dispatch_equals_the_mma_chain_model(path: Path, matrices: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = matrices
    out = mlir.run(path.read_text(), IREE_ENTRY, (16, 1, 1),
                   {0: a, 1: b, 2: np.zeros((256, 256), np.float32)})
    assert np.array_equal(out[2], mma_model(a, b))
    assert np.array_equal(out[0], a) and np.array_equal(out[1], b)


@pytest.mark.parametrize("profile", ["nvidia-h100", "minimal", "adversarial"])
def test_iree_matmul_on_every_profile_is_the_product_within_the_profiles_mma_model(
        profile: str, matrices: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = matrices
    out = mlir.run(IREE_KERNEL.read_text(), IREE_ENTRY, (16, 1, 1),
                   {0: a, 1: b, 2: np.zeros((256, 256), np.float32)}, profile=profile)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(out[2], exact, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("name", ["tiled_matmul_f16.mlir", "tiled_matmul_f16_generic.mlir",
                                  "async_copy_matmul_f16_generic.mlir"])
def test_hand_written_ldmatrix_mma_kernel_equals_the_model(name: str) -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 16)).astype(np.float16)
    text = (KERNELS / name).read_text()
    for profile in ("reference", "nvidia-h100"):
        out = mlir.run(text, "matmul", (2, 2, 1), {0: a, 1: b, 2: np.zeros((32, 16), np.float32)}, profile=profile)
        assert np.allclose(out[2], a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-5)
    out = mlir.run(text, "matmul", (2, 2, 1), {0: a, 1: b, 2: np.zeros((32, 16), np.float32)})
    assert np.array_equal(out[2], mma_model(a, b))


# -- per-op semantics on one warp -----------------------------------------------------------------------------------------
def lanes_kernel(body: str, result: str, lanes: int = 32) -> str:
    """A kernel computing %r per thread from %tid (index) and storing it to out[tid]."""
    return f"""
func.func @k(%out: memref<{lanes}x{result}>) attributes {{gpu.known_block_size = array<i32: {lanes}, 1, 1>}} {{
  %tid = gpu.thread_id x
{body}
  memref.store %r, %out[%tid] : memref<{lanes}x{result}>
  return
}}"""


def run_lanes(body: str, result: str, dtype: object, lanes: int = 32, strict: bool = True, **kw: object) -> np.ndarray:
    out = np.zeros(lanes, dtype)
    return mlir.run(lanes_kernel(body, result, lanes), "k", buffers={0: out}, strict=strict, **kw)[0]


def test_addi_wraps_modulo_2_to_the_width() -> None:
    body = """  %i = arith.index_cast %tid : index to i8
  %c = arith.constant 120 : i8
  %r = arith.addi %i, %c : i8"""
    got = run_lanes(body, "i8", np.int8)
    assert np.array_equal(got, (np.arange(32) + 120).astype(np.int64).astype(np.uint8).view(np.int8))


@pytest.mark.parametrize("op, expected", [
    ("divsi", lambda x, y: np.trunc(x / y)), ("remsi", lambda x, y: np.fmod(x, y)),
    ("floordivsi", lambda x, y: np.floor(x / y)), ("ceildivsi", lambda x, y: np.ceil(x / y)),
])
def test_signed_division_rounding(op: str, expected: object) -> None:
    body = f"""  %i = arith.index_cast %tid : index to i32
  %c16 = arith.constant 16 : i32
  %x = arith.subi %i, %c16 : i32
  %y = arith.constant -3 : i32
  %r = arith.{op} %x, %y : i32"""
    x = np.arange(32) - 16
    assert np.array_equal(run_lanes(body, "i32", np.int32), expected(x, -3).astype(np.int32))  # type: ignore[operator]


def test_unsigned_ops_read_the_bits_as_unsigned() -> None:
    body = """  %x = arith.constant -1 : i32
  %i = arith.index_cast %tid : index to i32
  %one = arith.constant 1 : i32
  %y = arith.addi %i, %one : i32
  %q = arith.divui %x, %y : i32
  %lt = arith.cmpi ult, %y, %x : i32
  %z = arith.constant 0 : i32
  %r = arith.select %lt, %q, %z : i32"""
    got = run_lanes(body, "i32", np.int32)
    assert np.array_equal(got.view(np.uint32), (0xFFFFFFFF // (np.arange(32) + 1)).astype(np.uint32))


def test_shifts_and_extensions() -> None:
    body = """  %i = arith.index_cast %tid : index to i8
  %m = arith.constant -128 : i8
  %x = arith.ori %i, %m : i8
  %s = arith.extsi %x : i8 to i32
  %u = arith.extui %x : i8 to i32
  %two = arith.constant 2 : i32
  %a = arith.shrsi %s, %two : i32
  %b = arith.shrui %u, %two : i32
  %r = arith.addi %a, %b : i32"""
    x = (np.arange(32) | 0x80).astype(np.uint8)
    expected = (x.view(np.int8).astype(np.int32) >> 2) + (x.astype(np.int32) >> 2)
    assert np.array_equal(run_lanes(body, "i32", np.int32), expected)


def test_float_to_int_saturates_in_permissive_mode_and_is_poison_in_strict() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %big = arith.constant 1.0e+01 : f32
  %x = arith.mulf %f, %big : f32
  %r = arith.fptosi %x : f32 to i8"""
    expected = np.clip(np.arange(32) * 10, -128, 127).astype(np.int8)
    assert np.array_equal(run_lanes(body, "i8", np.int8, strict=False), expected)
    with pytest.raises(MlirUndefinedBehaviorError, match="poison"):
        run_lanes(body, "i8", np.int8)


def test_maximumf_propagates_nan_and_orders_zeros_maxnumf_ignores_nan() -> None:
    body = """  %nan = arith.constant 0x7FC00000 : f32
  %nz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %a = arith.maximumf %nan, %z : f32
  %b = arith.maxnumf %nan, %z : f32
  %c = arith.maximumf %nz, %z : f32
  %d = arith.minimumf %nz, %z : f32
  %ab = arith.addf %a, %b : f32
  %r0 = vector.from_elements %ab, %b, %c, %d : vector<4xf32>
  %r = vector.extract %r0[%tid] : f32 from vector<4xf32>"""
    got = run_lanes(body, "f32", np.float32, lanes=4, block_size=None)
    assert np.isnan(got[0]) and got[1] == 0 and not np.signbit(got[2]) and np.signbit(got[3])


def test_cmpf_unordered_predicates() -> None:
    body = """  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %u = arith.cmpf ult, %nan, %one : f32
  %o = arith.cmpf olt, %nan, %one : f32
  %x = arith.xori %u, %o : i1
  %r = arith.extui %x : i1 to i32"""
    assert np.array_equal(run_lanes(body, "i32", np.int32), np.ones(32, np.int32))


def test_index_castui_zero_extends_and_index_cast_sign_extends() -> None:
    body = """  %m = arith.constant -1 : i32
  %a = arith.index_castui %m : i32 to index
  %b = arith.index_cast %m : i32 to index
  %r = arith.subi %a, %b : index"""
    assert np.array_equal(run_lanes(body, "index", np.int64), np.full(32, 2**32, np.int64))


def test_index_wraps_at_the_profiles_index_bits(tmp_path: Path) -> None:
    from dxlinalg.profile.registry import load_profile

    narrow = load_profile("reference").model_copy(update={"mlir": load_profile("reference").mlir.model_copy(
        update={"index_bits": 32})})
    body = """  %big = arith.constant 2147483647 : index
  %r = arith.addi %big, %tid : index"""
    got = run_lanes(body, "index", np.int64, profile=narrow)
    assert np.array_equal(got, (2147483647 + np.arange(32)).astype(np.int32).astype(np.int64))


def test_mulsi_extended_gives_both_halves() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %m = arith.constant -1000000 : i32
  %x = arith.muli %i, %m : i32
  %lo, %hi = arith.mulsi_extended %x, %x : i32
  %r = arith.xori %lo, %hi : i32"""
    x = np.arange(32, dtype=np.int64) * -1000000
    product = x * x
    expected = ((product & 0xFFFFFFFF) ^ ((product >> 32) & 0xFFFFFFFF)).astype(np.uint32).view(np.int32)
    assert np.array_equal(run_lanes(body, "i32", np.int32), expected)


# -- control flow and divergence -------------------------------------------------------------------------------------------
def test_divergent_scf_if_merges_per_lane() -> None:
    body = """  %c3 = arith.constant 3 : index
  %odd = arith.remui %tid, %c3 : index
  %c0 = arith.constant 0 : index
  %is = arith.cmpi eq, %odd, %c0 : index
  %r = scf.if %is -> (index) {
    %a = arith.muli %tid, %tid : index
    scf.yield %a : index
  } else {
    scf.yield %c3 : index
  }"""
    t = np.arange(32)
    assert np.array_equal(run_lanes(body, "index", np.int64), np.where(t % 3 == 0, t * t, 3))


def test_scf_for_with_per_lane_bounds_and_iter_args() -> None:
    body = """  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %tid step %c1 iter_args(%s = %c0) -> (index) {
    %n = arith.addi %s, %i : index
    scf.yield %n : index
  }"""
    t = np.arange(32)
    assert np.array_equal(run_lanes(body, "index", np.int64), t * (t - 1) // 2)


def test_scf_while_collatz_steps() -> None:
    body = """  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %start = arith.addi %tid, %c1 : index
  %r:2 = scf.while (%x = %start, %n = %c0) : (index, index) -> (index, index) {
    %more = arith.cmpi ne, %x, %c1 : index
    scf.condition(%more) %x, %n : index, index
  } do {
  ^bb0(%y: index, %m: index):
    %rem = arith.remui %y, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %half = arith.divui %y, %c2 : index
    %t3 = arith.muli %y, %c3 : index
    %odd = arith.addi %t3, %c1 : index
    %next = arith.select %even, %half, %odd : index
    %m1 = arith.addi %m, %c1 : index
    scf.yield %next, %m1 : index, index
  }
  %r = arith.addi %r#1, %c0 : index"""

    def steps(x: int) -> int:
        n = 0
        while x != 1:
            x, n = (x // 2 if x % 2 == 0 else 3 * x + 1), n + 1
        return n
    assert list(run_lanes(body, "index", np.int64)) == [steps(t + 1) for t in range(32)]


def test_cf_loop_with_divergent_exit_and_block_arguments() -> None:
    text = """
func.func @k(%out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %n = arith.index_cast %tid : index to i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %c0 : i32, i32)
^loop(%i: i32, %acc: i32):
  %go = arith.cmpi slt, %i, %n : i32
  cf.cond_br %go, ^body, ^done(%acc : i32)
^body:
  %a = arith.addi %acc, %i : i32
  %j = arith.addi %i, %c1 : i32
  cf.br ^loop(%j, %a : i32, i32)
^done(%r: i32):
  memref.store %r, %out[%tid] : memref<32xi32>
  return
}"""
    got = mlir.run(text, "k", buffers={0: np.zeros(32, np.int32)})[0]
    t = np.arange(32)
    assert np.array_equal(got, t * (t - 1) // 2)


def test_func_call_returns_values() -> None:
    text = """
func.func private @square(%x: i32) -> i32 {
  %y = arith.muli %x, %x : i32
  return %y : i32
}
func.func @k(%out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %n = arith.index_cast %tid : index to i32
  %r = func.call @square(%n) : (i32) -> i32
  memref.store %r, %out[%tid] : memref<32xi32>
  return
}"""
    assert np.array_equal(mlir.run(text, "k", buffers={0: np.zeros(32, np.int32)})[0], np.arange(32) ** 2)


# -- memory -------------------------------------------------------------------------------------------------------------------
def test_subview_expand_collapse_and_reinterpret_cast() -> None:
    text = """
func.func @k(%in: memref<8x8xf32>, %out: memref<32xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %sv = memref.subview %in[2, 1] [4, 4] [1, 2] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 2], offset: 17>>
  %row = arith.divui %tid, %c4 : index
  %col = arith.remui %tid, %c4 : index
  %r4 = arith.remui %row, %c4 : index
  %v = memref.load %sv[%r4, %col] : memref<4x4xf32, strided<[8, 2], offset: 17>>
  %flat = memref.collapse_shape %in [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %w = memref.load %flat[%tid] : memref<64xf32>
  %e = memref.expand_shape %out [[0, 1]] output_shape [8, 4] : memref<32xf32> into memref<8x4xf32>
  %s = arith.addf %v, %w : f32
  memref.store %s, %e[%row, %col] : memref<8x4xf32>
  return
}"""
    data = np.arange(64, dtype=np.float32).reshape(8, 8)
    got = mlir.run(text, "k", buffers={0: data, 1: np.zeros(32, np.float32)})[1]
    t = np.arange(32)
    sub = data[2:6, 1:8:2]
    assert np.array_equal(got, sub[(t // 4) % 4, t % 4] + data.reshape(-1)[t])


def test_alloca_is_private_per_lane() -> None:
    body = """  %p = memref.alloca() : memref<2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %tid, %p[%c0] : memref<2xindex>
  %t2 = arith.muli %tid, %tid : index
  memref.store %t2, %p[%c1] : memref<2xindex>
  %a = memref.load %p[%c0] : memref<2xindex>
  %b = memref.load %p[%c1] : memref<2xindex>
  %r = arith.addi %a, %b : index"""
    t = np.arange(32)
    assert np.array_equal(run_lanes(body, "index", np.int64), t + t * t)


def test_transfer_read_pads_out_of_bounds_and_masked_elements() -> None:
    text = """
func.func @k(%in: memref<10xf32>, %out: memref<32x4xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %pad = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %c8 = arith.constant 8 : index
  %start = arith.remui %tid, %c8 : index
  %v = vector.transfer_read %in[%start], %pad, %mask {in_bounds = [false]} : memref<10xf32>, vector<4xf32>
  vector.transfer_write %v, %out[%tid, %c0] {in_bounds = [true]} : vector<4xf32>, memref<32x4xf32>
  return
}"""
    data = np.arange(10, dtype=np.float32)
    got = mlir.run(text, "k", buffers={0: data, 1: np.zeros((32, 4), np.float32)})[1]
    for t in range(32):
        for j in range(4):
            index = t % 8 + j
            expected = -1.0 if j == 2 or index >= 10 else data[index]
            assert got[t, j] == expected


def test_vector_register_ops() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %b = vector.broadcast %f : f32 to vector<2x4xf32>
  %one = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %row = vector.insert %one, %b [1] : vector<4xf32> into vector<2x4xf32>
  %sl = vector.extract_strided_slice %row {offsets = [1, 1], sizes = [1, 2], strides = [1, 1]} : vector<2x4xf32> to vector<1x2xf32>
  %flat = vector.shape_cast %row : vector<2x4xf32> to vector<8xf32>
  %ins = vector.insert_strided_slice %sl, %row {offsets = [0, 0], strides = [1, 1]} : vector<1x2xf32> into vector<2x4xf32>
  %sum = vector.reduction <add>, %flat : vector<8xf32> into f32
  %fl2 = vector.shape_cast %ins : vector<2x4xf32> to vector<8xf32>
  %mx = vector.reduction <maxnumf>, %fl2, %f : vector<8xf32> into f32
  %fm = vector.fma %one, %one, %one : vector<4xf32>
  %e:4 = vector.to_elements %fm : vector<4xf32>
  %s1 = arith.addf %sum, %mx : f32
  %r = arith.addf %s1, %e#3 : f32"""
    t = np.arange(32, dtype=np.float32)
    expected = (4 * t + 10) + np.maximum(t, 4) + 20
    assert np.array_equal(run_lanes(body, "f32", np.float32), expected)


def test_vector_bitcast_reinterprets_the_last_dimension() -> None:
    body = """  %h = arith.constant dense<[1.0, 2.0]> : vector<2xf16>
  %w = vector.bitcast %h : vector<2xf16> to vector<1xi32>
  %r = vector.extract %w[0] : i32 from vector<1xi32>"""
    assert run_lanes(body, "i32", np.int32)[0] == np.array([1.0, 2.0], np.float16).view(np.int32)[0]


def test_math_ops() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %s = math.sqrt %f : f32
  %e = math.exp %s : f32
  %a = math.absf %e : f32
  %r = math.fma %a, %s, %f : f32"""
    t = np.arange(32, dtype=np.float32)
    s = np.sqrt(t)
    e = np.exp(s.astype(np.float64)).astype(np.float32)
    expected = (e.astype(np.float64) * s + t).astype(np.float32)
    assert np.array_equal(run_lanes(body, "f32", np.float32), expected)


# -- undefined behaviour in strict mode ------------------------------------------------------------------------------------
def test_strict_mode_reports_out_of_bounds_load() -> None:
    body = """  %c1 = arith.constant 1 : index
  %j = arith.addi %tid, %c1 : index
  %r = memref.load %out[%j] : memref<32xi32>"""
    with pytest.raises(MlirUndefinedBehaviorError, match="outside"):
        run_lanes(body, "i32", np.int32)


def test_strict_mode_reports_division_by_zero_and_nsw_overflow() -> None:
    with pytest.raises(MlirUndefinedBehaviorError, match="division by zero"):
        run_lanes("""  %i = arith.index_cast %tid : index to i32
  %r = arith.divsi %i, %i : i32""", "i32", np.int32)
    with pytest.raises(MlirUndefinedBehaviorError, match="nsw"):
        run_lanes("""  %i = arith.index_cast %tid : index to i8
  %c = arith.constant 120 : i8
  %r = arith.addi %i, %c overflow<nsw> : i8""", "i8", np.int8)


def test_strict_mode_reports_workgroup_races_and_divergent_barriers() -> None:
    race = """
func.func @k(%out: memref<32xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %s = memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
  %f = arith.constant 1.0 : f32
  memref.store %f, %s[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
  %c31 = arith.constant 31 : index
  %o = arith.subi %c31, %tid : index
  %v = memref.load %s[%o] : memref<32xf32, #gpu.address_space<workgroup>>
  memref.store %v, %out[%tid] : memref<32xf32>
  return
}"""
    with pytest.raises(MlirUndefinedBehaviorError, match="race|written by"):
        mlir.run(race, "k", buffers={0: np.zeros(32, np.float32)})
    fixed = race.replace("  %c31 =", "  gpu.barrier\n  %c31 =")
    assert np.array_equal(mlir.run(fixed, "k", buffers={0: np.zeros(32, np.float32)})[0], np.ones(32, np.float32))
    divergent = """
func.func @k(%out: memref<32xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %c4 = arith.constant 4 : index
  %lo = arith.cmpi ult, %tid, %c4 : index
  scf.if %lo {
    gpu.barrier
  }
  return
}"""
    with pytest.raises(MlirUndefinedBehaviorError, match="divergent"):
        mlir.run(divergent, "k", buffers={0: np.zeros(32, np.float32)})


# -- rejections before anything runs ---------------------------------------------------------------------------------------
def test_unsupported_operation_is_named_with_its_location() -> None:
    text = lanes_kernel('  %r = "foo.bar"(%tid) : (index) -> index', "index")
    with pytest.raises(MlirUnsupportedError, match=r"4:\d+: operation 'foo.bar' is not supported"):
        run_lanes('  %r = "foo.bar"(%tid) : (index) -> index', "index", np.int64)
    assert mlir.parse(text)  # the generic form of any operation parses


def test_an_unknown_custom_form_parses_and_is_rejected_before_running() -> None:
    body = "  %r = affine.for %tid\n  %s = foo.bar %tid {a = \"}\"} : index"
    module = mlir.parse(lanes_kernel(body, "index"))
    assert [op.name for op in module.walk()][2:4] == ["affine.for", "foo.bar"]
    out = np.full(32, 7, np.int64)
    with pytest.raises(MlirUnsupportedError, match=r"^4:\d+: operation 'affine.for' is not supported"):
        mlir.run(lanes_kernel(body, "index"), "k", buffers={0: out})
    with pytest.raises(ParseError, match=r"^4:\d+: unknown operation 'frobnicate'"):
        mlir.parse(lanes_kernel("  %r = frobnicate %tid : index", "index"))
    with pytest.raises(ParseError, match=r"unbalanced '}' in the operation 'foo.bar'"):
        mlir.parse(lanes_kernel("  %r = foo.bar (%tid : index", "index"))


def test_parse_errors_say_what_was_expected() -> None:
    with pytest.raises(ParseError, match=r"4:\d+: expected ',' between the operands"):
        mlir.parse(lanes_kernel("  %r = arith.addi %tid %tid : index", "index"))


def test_verifier_rejects_mismatched_types_and_undefined_values() -> None:
    with pytest.raises(MlirVerifyError, match="same type"):
        run_lanes('  %r = "arith.addi"(%tid, %tid) : (index, index) -> i32', "i32", np.int32)
    with pytest.raises(MlirVerifyError, match="undeclared SSA value name '%nope'"):
        run_lanes("  %r = arith.addi %tid, %nope : index", "index", np.int64)
    with pytest.raises(MlirVerifyError, match="expects different type"):
        run_lanes("  %r = arith.addi %tid, %tid : i32", "i32", np.int32)


def test_nvgpu_verifier_runs_on_kernel_operations() -> None:
    text = (KERNELS / "tiled_matmul_f16.mlir").read_text().replace("mmaShape = [16, 8, 16]", "mmaShape = [16, 8, 8]")
    with pytest.raises(MlirVerifyError, match="nvgpu.mma.sync"):
        mlir.run(text, "matmul", (2, 2, 1), {0: np.zeros((32, 32), np.float16), 1: np.zeros((32, 16), np.float16),
                                             2: np.zeros((32, 16), np.float32)})


def test_argument_rules() -> None:
    text = (KERNELS / "tiled_matmul_f16.mlir").read_text()
    with pytest.raises(MlirArgumentError, match="no function @nope"):
        mlir.run(text, "nope")
    with pytest.raises(MlirArgumentError, match="positions"):
        mlir.run(text, "matmul", buffers={0: np.zeros((32, 32), np.float16)})
    with pytest.raises(MlirArgumentError, match="differs"):
        mlir.run(text, "matmul", block_size=(64, 1, 1))
    with pytest.raises(MlirArgumentError, match="workgroups"):
        mlir.run(text, "matmul", workgroups=(0, 1, 1))
    with pytest.raises(MlirArgumentError, match="binding 0"):
        mlir.run(IREE_KERNEL.read_text(), IREE_ENTRY, (16, 1, 1), {})


def test_generic_and_custom_forms_parse_to_the_same_operations() -> None:
    custom = mlir.parse(IREE_KERNEL.read_text())
    generic = mlir.parse(IREE_GENERIC.read_text())
    names = [op.name.replace("module", "builtin.module") if op.name == "module" else op.name for op in custom.walk()]
    assert names == [op.name for op in generic.walk()]
    mma = next(op for op in custom.walk() if op.name == "nvgpu.mma.sync")
    assert mma.attributes["mmaShape"] == [16, 8, 16] and type(mma.attributes["mmaShape"]) is list


def test_older_attribute_dictionaries_read_the_same() -> None:
    text = (KERNELS / "async_copy_matmul_f16.mlir").read_text()
    older = text.replace("mmaShape = [16, 8, 16] :", "{mmaShape = [16, 8, 16]} :").replace(
        "numTiles = 4 transpose = false", "{numTiles = 4 : i32, transpose = false}").replace(
        "numGroups = 0", "{numGroups = 0 : i32}")
    assert older != text
    generic = (KERNELS / "async_copy_matmul_f16_generic.mlir").read_text()
    ops = [[(op.name, op.attributes) for op in mlir.parse(t).walk() if op.name.startswith("nvgpu.")]
           for t in (text, older, generic)]
    assert ops[0] == ops[1] == ops[2] and len(ops[0]) == 6


def test_cli_runs_a_kernel_and_reports_errors_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`dxlinalg mlir ...`, through the console script's entry point in this process (tests/test_package.py
    holds `python -m dxlinalg` to that entry point)."""
    rng = np.random.default_rng(2)
    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 16)).astype(np.float16)
    for name, value in (("a", a), ("b", b), ("c", np.zeros((32, 16), np.float32))):
        np.save(tmp_path / f"{name}.npy", value)
    command = ["mlir", str(KERNELS / "tiled_matmul_f16.mlir"), "--entry", "matmul",
               "--buffer", f"0={tmp_path / 'a.npy'}", "--buffer", f"1={tmp_path / 'b.npy'}",
               "--buffer", f"2={tmp_path / 'c.npy'}", "--workgroups", "2", "2", "1"]
    code, _, err = cli(capsys, *command, "--out", tmp_path / "out")
    assert code == 0, err
    assert np.array_equal(np.load(tmp_path / "out" / "buffer2.npy"), mma_model(a, b))
    code, _, err = cli(capsys, *command[:3], "nope", *command[4:], "--out", tmp_path / "bad")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "bad").exists()


def test_upstream_gpu_func_with_async_copies_and_attributions() -> None:
    rng = np.random.default_rng(4)
    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 16)).astype(np.float16)
    text = (KERNELS / "async_copy_matmul_f16.mlir").read_text()
    for profile in ("reference", "nvidia-h100", "adversarial"):
        out = mlir.run(text, "matmul", (2, 2, 1), {0: a, 1: b, 2: np.zeros((32, 16), np.float32)}, profile=profile)
        if profile == "reference":
            assert np.array_equal(out[2], mma_model(a, b))
        assert np.allclose(out[2], a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-5)


def test_reading_async_copy_bytes_before_the_wait_is_reported() -> None:
    text = (KERNELS / "async_copy_matmul_f16.mlir").read_text().replace(
        "nvgpu.device_async_wait %group numGroups = 0", "")
    buffers = {0: np.ones((32, 32), np.float16), 1: np.ones((32, 16), np.float16), 2: np.zeros((32, 16), np.float32)}
    with pytest.raises(MlirUndefinedBehaviorError, match=r"^\d+:\d+: 'nvgpu.ldmatrix'.*async copy"):
        mlir.run(text, "matmul", (2, 2, 1), buffers)


def test_inline_properties_and_poison_as_current_mlir_prints_them() -> None:
    body = """  %p = ub.poison : vector<8xf32>
  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %b = vector.broadcast %f : f32 to vector<4xf32>
  %v = vector.insert_strided_slice %b, %p offsets = [4], strides = [1] : vector<4xf32> into vector<8xf32>
  %s = vector.extract_strided_slice %v offsets = [3], sizes = [2], strides = [1] : vector<8xf32> to vector<2xf32>
  %r = vector.reduction <add>, %s : vector<2xf32> into f32"""
    assert np.array_equal(run_lanes(body, "f32", np.float32), np.arange(32, dtype=np.float32))


@pytest.mark.parametrize("spelling", ["mmaShape = [16, 8, 16]", "{mmaShape = [16, 8, 16]}", "<{mmaShape = [16, 8, 16]}>"])
def test_nvgpu_parse_reads_every_spelling_and_its_attributes_feed_mma_sync(spelling: str) -> None:
    from dxlinalg.nvgpu import mma_sync, parse

    op = parse(f"%d = nvgpu.mma.sync(%a, %b, %c) {spelling} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) "
               f"-> vector<2x2xf32>")[0]
    assert op.values == {"mmaShape": [16, 8, 16]}
    rng = np.random.default_rng(5)
    a = rng.standard_normal((32, 4, 2)).astype(np.float16)
    b = rng.standard_normal((32, 2, 2)).astype(np.float16)
    c = np.zeros((32, 2, 2), np.float32)
    assert np.array_equal(mma_sync(a, b, c, **op.values), mma_sync(a, b, c, **op.attributes))
    assert np.array_equal(mma_sync(a, b, c, **op.values), mma_sync(a, b, c, [16, 8, 16]))


def test_nvgpu_parse_rejects_an_attribute_given_twice() -> None:
    from dxlinalg.nvgpu import parse

    with pytest.raises(ParseError, match="given twice"):
        parse("%d = nvgpu.mma.sync(%a, %b, %c) mmaShape = [16, 8, 16] {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, "
              "vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>")


def test_every_supported_operation_is_listed_in_the_docs() -> None:
    from dxlinalg.mlir.ops.all import DEFINITIONS

    doc = (Path(__file__).parents[2] / "docs" / "mlir.md").read_text()
    missing = [name for name in DEFINITIONS if f"`{name}`" not in doc]
    assert not missing, f"docs/mlir.md does not list {missing}"


def test_nvgpu_parse_reads_what_iree_opt_prints() -> None:
    """The lines below are `iree-opt` 3.13's print of the generic ops (properties inline, integers untyped)."""
    from dxlinalg.nvgpu import parse

    ops = parse("""
    %0 = nvgpu.ldmatrix %arg0[%arg1, %arg1] numTiles = 4 transpose = false : memref<16x16xf16, 3> -> vector<4x2xf16>
    %1 = nvgpu.device_async_copy %arg2[%arg1], %arg0[%arg1, %arg1], 8 bypassL1 : memref<16xf16> to memref<16x16xf16, 3>
    %2 = nvgpu.device_async_create_group %1
    nvgpu.device_async_wait %2 numGroups = 1
    %3 = nvgpu.mma.sync(%0, %b, %c) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    """)
    assert [op.values for op in ops] == [{"numTiles": 4, "transpose": False}, {"bypassL1": True, "dstElements": 8},
                                         {}, {"numGroups": 1}, {"mmaShape": [16, 8, 16]}]
    assert str(ops[0].attributes["numTiles"].type) == "i32" and str(ops[3].attributes["numGroups"].type) == "i32"


@pytest.mark.parametrize("mode, source", [("xor", lambda k: k ^ 5), ("up", lambda k: k - 3), ("down", lambda k: k + 3),
                                          ("idx", lambda k: np.full_like(k, 7))])
def test_gpu_shuffle_reads_the_source_lane_and_flags_validity(mode: str, source: object) -> None:
    offset = {"xor": 5, "up": 3, "down": 3, "idx": 7}[mode]
    body = f"""  %i = arith.index_cast %tid : index to i32
  %off = arith.constant {offset} : i32
  %w = arith.constant 16 : i32
  %v, %ok = gpu.shuffle {mode} %i, %off, %w : i32
  %okw = arith.extui %ok : i1 to i32
  %hundred = arith.constant 100 : i32
  %flag = arith.muli %okw, %hundred : i32
  %r = arith.addi %v, %flag : i32"""
    got = run_lanes(body, "i32", np.int32, strict=False)
    k = np.arange(32)
    src = source(k)  # type: ignore[operator]
    valid = (k < 16) & (src >= 0) & (src < 16)
    assert np.array_equal(got, np.where(valid, src + 100, k))


def test_gpu_shuffle_with_an_inactive_lane_is_reported() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %c1 = arith.constant 1 : i32
  %w = arith.constant 32 : i32
  %c3 = arith.constant 3 : index
  %lo = arith.cmpi ult, %tid, %c3 : index
  %r = scf.if %lo -> (i32) {
    %v, %ok = gpu.shuffle xor %i, %c1, %w : i32
    scf.yield %v : i32
  } else {
    scf.yield %i : i32
  }"""
    with pytest.raises(MlirUndefinedBehaviorError, match="must all execute gpu.shuffle"):
        run_lanes(body, "i32", np.int32)


REJECTED = [  # (body computing %r of the result type, the result type, error class, message fragment)
    ('  %r = "arith.cmpi"(%tid, %tid) <{predicate = 12 : i64}> : (index, index) -> i1', "i1", MlirVerifyError,
     "predicate"),
    ("  %r = arith.cmpi slt, %tid, %tid : index\n  %x = arith.addf %r, %r : i1", "i1", MlirVerifyError,
     "floating-point"),
    ("  %i = arith.index_cast %tid : index to i32\n  %r = arith.extsi %i : i32 to i16", "i16", MlirVerifyError,
     "wider"),
    ("  %i = arith.index_cast %tid : index to i32\n  %r = arith.trunci %i : i32 to i64", "i64", MlirVerifyError,
     "narrower"),
    ("  %i = arith.index_cast %tid : index to i32\n  %r = arith.bitcast %i : i32 to f16", "f16", MlirVerifyError,
     "bit width"),
    ('  %c = arith.constant 1 : i32\n  %r = "arith.select"(%c, %tid, %tid) : (i32, index, index) -> index', "index",
     MlirVerifyError, "condition"),
    ("  %i = arith.index_cast %tid : index to i4\n  %r = arith.extsi %i : i4 to i8", "i8", MlirUnsupportedError,
     "element type i4"),
    ("  %m = memref.alloc() : memref<4xf32>\n  %r = memref.load %m[%tid] : memref<4xf32>", "f32", MlirUnsupportedError,
     "global memory"),
    ('  %m = memref.alloca() : memref<4xf32>\n  %r = "memref.load"(%m) : (memref<4xf32>) -> f32', "f32",
     MlirVerifyError, "indices"),
    ("  %v = arith.constant dense<1.0> : vector<4xf32>\n  %r = vector.extract %v[5] : f32 from vector<4xf32>", "f32",
     MlirVerifyError, "out of bounds"),
    ("  %v = arith.constant dense<1.0> : vector<4xf32>\n  %r = vector.extract %v[0] : f16 from vector<4xf32>", "f16",
     MlirVerifyError, "does not match"),
    (("  %v = arith.constant dense<1.0> : vector<4xf32>\n  %s = vector.shape_cast %v : vector<4xf32> to vector<3xf32>\n"
     "  %r = vector.extract %s[0] : f32 from vector<3xf32>"), "f32", MlirVerifyError, "same element type and count"),
    (("  %a = arith.constant 1.0 : f32\n  %v = vector.from_elements %a, %a : vector<4xf32>\n"
     "  %r = vector.extract %v[0] : f32 from vector<4xf32>"), "f32", MlirVerifyError, "requires 4 elements"),
    ("  %v = arith.constant dense<1.0> : vector<4xf32>\n  %r = vector.reduction <frob>, %v : vector<4xf32> into f32",
     "f32", MlirVerifyError, "combining kind"),
    (("  %c0 = arith.constant 0 : index\n  %r = scf.for %i = %c0 to %tid step %tid iter_args(%a = %c0) -> (index) {\n"
     "    %f = arith.constant 1.0 : f32\n    scf.yield %f : f32\n  }"), "index", MlirVerifyError, "do not match"),
    ("  %r = arith.addi %tid, %tid : index\n  cf.br ^bb1(%r : index)\n^bb1:\n  return\n^bb2:", "index",
     MlirVerifyError, "operands for successor"),
    ("  %r = func.call @missing(%tid) : (index) -> index", "index", MlirVerifyError, "valid function"),
    ("  %r = gpu.lane_id\n  %r = gpu.lane_id", "index", MlirVerifyError, "redefinition"),
]


@pytest.mark.parametrize("body, result, error, fragment", REJECTED, ids=[r[3] for r in REJECTED])
def test_each_rule_is_rejected_before_running(body: str, result: str, error: type, fragment: str) -> None:
    text = lanes_kernel(body, result)
    with pytest.raises(error, match=fragment):
        mlir.prepare(text, "k")


def test_affine_maps_round_floordiv_down_ceildiv_up_and_mod_non_negative() -> None:
    body = """  %c16 = arith.constant 16 : index
  %x = arith.subi %tid, %c16 : index
  %a = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%x)
  %b = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%x)[%c16]
  %c = affine.apply affine_map<(d0) -> (d0 mod 5)>(%x)
  %d = affine.min affine_map<(d0) -> (d0 * 2 + 1, 7)>(%x)
  %e = affine.max affine_map<(d0) -> (d0, 0)>(%x)
  %ab = arith.muli %a, %c16 : index
  %abc = arith.addi %ab, %b : index
  %m = arith.muli %abc, %c16 : index
  %mc = arith.addi %m, %c : index
  %md = arith.muli %mc, %c16 : index
  %mde = arith.addi %md, %d : index
  %r = arith.addi %mde, %e : index"""
    x = np.arange(32) - 16
    a, b, c = np.floor_divide(x, 3), -np.floor_divide(-x, 16), np.mod(x, 5)
    d, e = np.minimum(2 * x + 1, 7), np.maximum(x, 0)
    assert np.array_equal(run_lanes(body, "index", np.int64), (((a * 16 + b) * 16 + c) * 16 + d) + e)


def test_util_assume_int_passes_values_and_reports_a_broken_assumption() -> None:
    body = """  %a, %b = util.assume.int %tid<umin = 0, umax = 31>, %tid[<udiv = 1>, <umin = 0>] : index, index
  %r = arith.addi %a, %b : index"""
    assert np.array_equal(run_lanes(body, "index", np.int64), 2 * np.arange(32))
    with pytest.raises(MlirUndefinedBehaviorError, match="assumption"):
        run_lanes("  %r = util.assume.int %tid<umin = 0, umax = 30> : index", "index", np.int64)


def test_push_constants_are_read_by_ordinal() -> None:
    text = """
func.func @k() attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %n = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(1) : i32
  %f = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(0) : f32
  %out = hal.interface.binding.subspan layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) alignment(64) offset(%c0) flags(Indirect) : memref<32xf32, #hal.descriptor_type<storage_buffer>>
  %tid = gpu.thread_id x
  %i = arith.index_cast %tid : index to i32
  %s = arith.addi %i, %n : i32
  %sf = arith.sitofp %s : i32 to f32
  %r = arith.mulf %sf, %f : f32
  memref.store %r, %out[%tid] : memref<32xf32, #hal.descriptor_type<storage_buffer>>
  return
}"""
    words = np.array([2.5, 0], np.float32).view(np.uint32)
    words[1] = 10
    out = mlir.run(text, "k", buffers={0: np.zeros(32, np.float32)}, constants=words)[0]
    assert np.array_equal(out, (np.arange(32) + 10) * np.float32(2.5))
    with pytest.raises(MlirArgumentError, match="push constant 1"):
        mlir.run(text, "k", buffers={0: np.zeros(32, np.float32)}, constants=[1])


def test_float_casts_and_unsigned_conversions() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %c = arith.constant 1999 : i32
  %u = arith.muli %i, %c : i32
  %fu = arith.uitofp %u : i32 to f64
  %h = arith.truncf %fu : f64 to f16
  %e = arith.extf %h : f16 to f32
  %seven = arith.constant 7.0 : f32
  %m = arith.remf %e, %seven : f32
  %n = arith.negf %m : f32
  %s = arith.addf %e, %n : f32
  %r = arith.fptoui %s : f32 to i32"""
    e = (np.arange(32) * 1999).astype(np.float64).astype(np.float16).astype(np.float32)
    expected = (e - np.fmod(e, np.float32(7))).astype(np.uint32)
    assert np.array_equal(run_lanes(body, "i32", np.int32).view(np.uint32), expected)


def test_addui_extended_and_vector_select() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %m = arith.constant -16 : i32
  %sum, %carry = arith.addui_extended %i, %m : i32, i1
  %cv = vector.broadcast %carry : i1 to vector<2xi1>
  %a = vector.broadcast %sum : i32 to vector<2xi32>
  %z = arith.constant dense<[7, 9]> : vector<2xi32>
  %v = arith.select %cv, %a, %z : vector<2xi1>, vector<2xi32>
  %r = vector.reduction <add>, %v : vector<2xi32> into i32"""
    t = np.arange(32)
    carry = t >= 16
    assert np.array_equal(run_lanes(body, "i32", np.int32), np.where(carry, 2 * (t - 16), 16))


def test_ids_and_dimensions_of_the_grid() -> None:
    text = """
func.func @k(%out: memref<2x3x64xindex>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %tid = gpu.thread_id x
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %gid = gpu.global_id x
  %bd = gpu.block_dim x
  %gd = gpu.grid_dim y
  %lane = gpu.lane_id
  %sg = gpu.subgroup_id
  %sgs = gpu.subgroup_size
  %nsg = gpu.num_subgroups
  %wc = hal.interface.workgroup.count[0] : index
  %ws = hal.interface.workgroup.size[0] : index
  %a = arith.muli %sg, %sgs : index
  %b = arith.addi %a, %lane : index
  %c = arith.subi %b, %tid : index
  %d = arith.muli %bx, %bd : index
  %e = arith.addi %d, %tid : index
  %f = arith.subi %gid, %e : index
  %g = arith.addi %c, %f : index
  %h = arith.muli %nsg, %sgs : index
  %i = arith.subi %h, %ws : index
  %j = arith.addi %g, %i : index
  %k = arith.addi %j, %gd : index
  %l = arith.addi %k, %wc : index
  memref.store %l, %out[%bx, %by, %tid] : memref<2x3x64xindex>
  return
}"""
    out = mlir.run(text, "k", (2, 3, 1), {0: np.zeros((2, 3, 64), np.int64)})[0]
    assert np.array_equal(out, np.full((2, 3, 64), 3 + 2))
    minimal = mlir.run(text, "k", (2, 3, 1), {0: np.zeros((2, 3, 64), np.int64)}, profile="minimal")[0]
    assert np.array_equal(minimal, out)


def test_dynamic_insert_splat_permutation_broadcast_and_memref_casts() -> None:
    text = """
func.func @k(%in: memref<4x8xf32>, %out: memref<32x4xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %row = arith.remui %tid, %c4 : index
  %dyn = memref.cast %in : memref<4x8xf32> to memref<?x8xf32>
  %flat = memref.reinterpret_cast %in to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
  %col = vector.transfer_read %dyn[%c0, %row], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x8xf32>, vector<4xf32>
  %bc = vector.transfer_read %dyn[%row, %c0], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x8xf32>, vector<4xf32>
  %x = memref.load %flat[%tid] : memref<32xf32>
  %s = vector.splat %x : vector<4xf32>
  %v = vector.insert %x, %col[%row] : f32 into vector<4xf32>
  %w = arith.addf %v, %bc : vector<4xf32>
  %y = arith.addf %w, %s : vector<4xf32>
  vector.store %y, %out[%tid, %c0] : memref<32x4xf32>, vector<4xf32>
  return
}"""
    data = np.arange(32, dtype=np.float32).reshape(4, 8)
    got = mlir.run(text, "k", buffers={0: data, 1: np.zeros((32, 4), np.float32)})[1]
    for t in range(32):
        row = t % 4
        col = data[:, row].copy()
        col[row] = data.reshape(-1)[t]
        assert np.array_equal(got[t], col + data[row, 0] + data.reshape(-1)[t])


def test_unsigned_scf_for_and_functions_returning_several_values() -> None:
    text = """
func.func private @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divui %a, %b : i32
  %r = arith.remui %a, %b : i32
  return %q, %r : i32, i32
}
func.func @k(%out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %i = arith.index_cast %tid : index to i32
  %lo = arith.constant 4294967290 : i32
  %hi = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %n = scf.for unsigned %k = %lo to %hi step %one iter_args(%acc = %zero) -> (i32) : i32 {
    %a = arith.addi %acc, %one : i32
    scf.yield %a : i32
  }
  %three = arith.constant 3 : i32
  %q, %r = func.call @divmod(%i, %three) : (i32, i32) -> (i32, i32)
  %s = arith.addi %q, %r : i32
  %t = arith.addi %s, %n : i32
  memref.store %t, %out[%tid] : memref<32xi32>
  return
}"""
    t = np.arange(32)
    got = mlir.run(text, "k", buffers={0: np.zeros(32, np.int32)})[0]
    assert np.array_equal(got, t // 3 + t % 3 + 5)


def test_a_block_rerun_by_other_lanes_keeps_the_values_of_lanes_waiting_elsewhere() -> None:
    """Lanes 1..31 leave the loop at once, having loaded counter = 10; lane 0 loops three times, incrementing
    the counter. The header's load runs again for lane 0 only: the others keep what they loaded."""
    text = """
func.func @k(%counter: memref<1xi32>, %out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : index
  %is0 = arith.cmpi eq, %tid, %zero : index
  %one = arith.constant 1 : i32
  %three = arith.constant 13 : i32
  cf.br ^header
^header:
  %x = memref.load %counter[%c0] : memref<1xi32>
  %more = arith.cmpi slt, %x, %three : i32
  %go = arith.andi %more, %is0 : i1
  cf.cond_br %go, ^body, ^exit
^body:
  %y = arith.addi %x, %one : i32
  memref.store %y, %counter[%c0] : memref<1xi32>
  cf.br ^header
^exit:
  memref.store %x, %out[%tid] : memref<32xi32>
  return
}"""
    out = mlir.run(text, "k", buffers={0: np.full(1, 10, np.int32), 1: np.full(32, -1, np.int32)})
    assert out[0][0] == 13 and out[1][0] == 13 and np.array_equal(out[1][1:], np.full(31, 10, np.int32))


def test_lanes_leaving_a_data_dependent_loop_early_meet_the_others_at_the_barrier_after_it() -> None:
    text = """
func.func @k(%out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %n = arith.index_cast %tid : index to i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %shared = memref.alloc() : memref<32xi32, #gpu.address_space<workgroup>>
  cf.br ^loop(%c0 : i32)
^loop(%i: i32):
  %go = arith.cmpi slt, %i, %n : i32
  cf.cond_br %go, ^body, ^done
^body:
  %j = arith.addi %i, %c1 : i32
  cf.br ^loop(%j : i32)
^done:
  memref.store %i, %shared[%tid] : memref<32xi32, #gpu.address_space<workgroup>>
  gpu.barrier
  %c31 = arith.constant 31 : index
  %other = arith.subi %c31, %tid : index
  %v = memref.load %shared[%other] : memref<32xi32, #gpu.address_space<workgroup>>
  memref.store %v, %out[%tid] : memref<32xi32>
  return
}"""
    out = mlir.run(text, "k", buffers={0: np.zeros(32, np.int32)})[0]
    assert np.array_equal(out, 31 - np.arange(32))


def test_threads_that_returned_are_not_waited_for_at_a_barrier() -> None:
    text = """
func.func @k(%out: memref<32xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %tid = gpu.thread_id x
  %c8 = arith.constant 8 : index
  %early = arith.cmpi ult, %tid, %c8 : index
  cf.cond_br %early, ^leave, ^stay
^leave:
  return
^stay:
  gpu.barrier
  %one = arith.constant 1 : i32
  memref.store %one, %out[%tid] : memref<32xi32>
  return
}"""
    out = mlir.run(text, "k", buffers={0: np.zeros(32, np.int32)})[0]
    assert np.array_equal(out, (np.arange(32) >= 8).astype(np.int32))


def test_memref_globals_in_workgroup_and_device_memory() -> None:
    text = """
module {
  memref.global "private" @tile : memref<32xf32, #gpu.address_space<workgroup>>
  memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 4.0, 8.0]>
  func.func @k(%out: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %bx = gpu.block_id x
    %c4 = arith.constant 4 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %tile = memref.get_global @tile : memref<32xf32, #gpu.address_space<workgroup>>
    %table = memref.get_global @table : memref<4xf32>
    %k = arith.remui %tid, %c4 : index
    %v = memref.load %table[%k] : memref<4xf32>
    memref.store %v, %tile[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %o = arith.subi %c31, %tid : index
    %w = memref.load %tile[%o] : memref<32xf32, #gpu.address_space<workgroup>>
    %base = arith.muli %bx, %c32 : index
    %i = arith.addi %base, %tid : index
    memref.store %w, %out[%i] : memref<64xf32>
    return
  }
}"""
    out = mlir.run(text, "k", (2, 1, 1), {0: np.zeros(64, np.float32)})[0]
    t = np.arange(32)
    assert np.array_equal(out, np.tile(np.array([1.0, 2.0, 4.0, 8.0], np.float32)[(31 - t) % 4], 2))


def test_an_iree_kernel_runs_over_its_own_static_workgroup_count(matrices: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = matrices
    # IREE's dump follows the function with its iree_codegen.dispatch_config (tools/build_mlir_kernels.py moves the
    # count into the manifest): put it back, as IREE 3.13 prints it, inside the module
    config = f"""  iree_codegen.dispatch_config @{IREE_ENTRY} workgroup_size = [128, 1, 1] subgroup_size = 32 {{
  ^bb0(%arg0: !hal.device):
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    iree_codegen.yield %c16, %c1, %c1 : index, index, index
  }}
}}
"""
    kernel = IREE_KERNEL.read_text().rstrip()
    assert kernel.endswith("}")
    text = kernel[:-1] + config
    out = mlir.run(text, IREE_ENTRY, buffers={0: a, 1: b, 2: np.zeros((256, 256), np.float32)})
    assert np.array_equal(out[2], mma_model(a, b))


def test_vector_contract_is_a_matrix_product_per_lane() -> None:
    body = """  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %a0 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %b = vector.broadcast %f : f32 to vector<2x3xf32>
  %acc = arith.constant dense<0.5> : vector<2x3xf32>
  %c = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>,
                                         affine_map<(m, n, k) -> (m, n)>],
                        iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
       %a0, %b, %acc : vector<2x2xf32>, vector<2x3xf32> into vector<2x3xf32>
  %flat = vector.shape_cast %c : vector<2x3xf32> to vector<6xf32>
  %r = vector.reduction <add>, %flat : vector<6xf32> into f32"""
    t = np.arange(32, dtype=np.float64)
    expected = np.array([(np.array([[1, 2], [3, 4]]) @ np.full((2, 3), x) + 0.5).sum() for x in t], np.float32)
    assert np.array_equal(run_lanes(body, "f32", np.float32), expected)
