"""vector.step, create_mask, maskedload, maskedstore and scatter (IREE's partial tiles) against MLIR's Vector.md
semantics, one rejection per verifier rule; async copies that read no source element; the 32-lane subgroup.

The oracles are plain Python loops over lanes and elements, written from the documents' informal semantics
(`result[i] := if mask[i] then base[i0 + i] else pass_thru[i]`, `base[o + index[i]] := value[i]`).
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import mlir
from dxlinalg.mlir import MlirUndefinedBehaviorError, MlirUnsupportedError, MlirVerifyError

LANES = 32


def kernel(body: str, args: str) -> str:
    return f"""
func.func @k({args}) attributes {{gpu.known_block_size = array<i32: {LANES}, 1, 1>}} {{
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
{body}
  return
}}"""


def test_step_gives_the_positions_and_create_mask_sets_the_leading_box() -> None:
    body = """  %s = vector.step : vector<4xindex>
  %k = arith.remui %tid, %c8 : index
  %n = arith.subi %k, %c1 : index
  %m = vector.create_mask %k, %n : vector<4x3xi1>
  %z = arith.constant dense<0> : vector<4x3xi8>
  %o = arith.constant dense<1> : vector<4x3xi8>
  %b = arith.select %m, %o, %z : vector<4x3xi1>, vector<4x3xi8>
  vector.store %s, %steps[%tid, %c0] : memref<32x4xindex>, vector<4xindex>
  vector.store %b, %masks[%tid, %c0, %c0] : memref<32x4x3xi8>, vector<4x3xi8>"""
    out = mlir.run(kernel(body, "%steps: memref<32x4xindex>, %masks: memref<32x4x3xi8>"), "k",
                   buffers={0: np.zeros((32, 4), np.int64), 1: np.zeros((32, 4, 3), np.int8)})
    assert np.array_equal(out[0], np.tile(np.arange(4), (32, 1)))
    expected = np.zeros((32, 4, 3), np.int8)
    for lane in range(32):
        rows, columns = lane % 8, lane % 8 - 1        # -1 (lane 0) sets nothing, past the dimension sets it all
        for i in range(4):
            for j in range(3):
                expected[lane, i, j] = int(i < rows and j < columns)
    assert np.array_equal(out[1], expected)


MASKED_LOAD = """  %row = arith.remui %tid, %c4 : index
  %k = arith.remui %tid, %c8 : index
  %m = vector.create_mask %k : vector<8xi1>
  %pass = arith.constant dense<-1.0> : vector<8xf32>
  %col = arith.constant {column} : index
  %v = vector.maskedload %src[%row, %col], %m, %pass : memref<4x10xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.store %v, %out[%tid, %c0] : memref<32x8xf32>, vector<8xf32>"""


def masked_load_oracle(src: np.ndarray, column: int) -> np.ndarray:
    out = np.full((32, 8), -1.0, np.float32)
    for lane in range(32):
        for i in range(lane % 8):
            out[lane, i] = src[lane % 4, column + i]
    return out


@pytest.mark.parametrize("column", [0, 2, 3])
def test_maskedload_reads_the_masked_on_elements_and_passes_the_others(column: int) -> None:
    # column 3: the masked-off elements of the 8-wide lanes reach past the row's 10 elements, which is allowed
    src = np.arange(40, dtype=np.float32).reshape(4, 10)
    text = kernel(MASKED_LOAD.format(column=column), "%src: memref<4x10xf32>, %out: memref<32x8xf32>")
    out = mlir.run(text, "k", buffers={0: src, 1: np.zeros((32, 8), np.float32)})
    assert np.array_equal(out[1], masked_load_oracle(src, column))


def test_maskedload_of_a_masked_on_element_outside_the_memref_is_reported() -> None:
    text = kernel(MASKED_LOAD.format(column=4), "%src: memref<4x10xf32>, %out: memref<32x8xf32>")
    buffers = {0: np.zeros((4, 10), np.float32), 1: np.zeros((32, 8), np.float32)}
    with pytest.raises(MlirUndefinedBehaviorError, match="vector.maskedload.*index 10.*outside \\[0, 10\\)"):
        mlir.run(text, "k", buffers=buffers)


MASKED_STORE = """  %k = arith.remui %tid, %c4 : index
  %m = vector.create_mask %k : vector<4xi1>
  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %v = vector.broadcast %f : f32 to vector<4xf32>
  %base = arith.muli %tid, %c4 : index
  %at = arith.addi %base, %c{shift} : index
  vector.maskedstore %out[%at], %m, %v : memref<128xf32>, vector<4xi1>, vector<4xf32>"""


def test_maskedstore_writes_only_the_masked_on_elements() -> None:
    out = mlir.run(kernel(MASKED_STORE.format(shift=1), "%out: memref<128xf32>"), "k",
                   buffers={0: np.full(128, 7.0, np.float32)})[0]
    expected = np.full(128, 7.0, np.float32)
    for lane in range(32):
        for i in range(lane % 4):
            expected[4 * lane + 1 + i] = lane
    assert np.array_equal(out, expected)   # lane 31's masked-off element 3 would be element 128: not touched


def test_maskedstore_of_a_masked_on_element_outside_the_memref_is_reported() -> None:
    text = kernel(MASKED_STORE.format(shift=4), "%out: memref<128xf32>")
    with pytest.raises(MlirUndefinedBehaviorError, match="vector.maskedstore.*outside \\[0, 128\\)"):
        mlir.run(text, "k", buffers={0: np.zeros(128, np.float32)})


SCATTER = """  %s = vector.step : vector<4xindex>
  %four = arith.constant dense<{stride}> : vector<4xindex>
  %idx = arith.muli %s, %four : vector<4xindex>
  %k = arith.remui %tid, %c4 : index
  %n = arith.addi %k, %c1 : index
  %m = vector.create_mask %n : vector<4xi1>
  %i = arith.index_cast %tid : index to i32
  %f = arith.sitofp %i : i32 to f32
  %b = vector.broadcast %f : f32 to vector<4xf32>
  %steps = arith.index_cast %s : vector<4xindex> to vector<4xi32>
  %sf = arith.sitofp %steps : vector<4xi32> to vector<4xf32>
  %hundred = arith.constant dense<100.0> : vector<4xf32>
  %t = arith.mulf %sf, %hundred : vector<4xf32>
  %v = arith.addf %b, %t : vector<4xf32>
  %base = arith.muli %tid, %c8 : index
  vector.scatter %out[%c0, %base] [%idx], %m, %v : memref<1x256xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>"""


def test_scatter_stores_each_masked_on_element_at_its_offset_from_the_base() -> None:
    out = mlir.run(kernel(SCATTER.format(stride=2), "%out: memref<1x256xf32>"), "k",
                   buffers={0: np.zeros((1, 256), np.float32)})[0]
    expected = np.zeros((1, 256), np.float32)
    for lane in range(32):
        for i in range(lane % 4 + 1):
            expected[0, 8 * lane + 2 * i] = lane + 100 * i
    assert np.array_equal(out, expected)


def test_scatter_with_two_masked_on_elements_at_one_index_is_reported_and_the_last_wins_when_permissive() -> None:
    text = kernel(SCATTER.format(stride=0), "%out: memref<1x256xf32>")
    with pytest.raises(MlirUndefinedBehaviorError, match="vector.scatter.*same index"):
        mlir.run(text, "k", buffers={0: np.zeros((1, 256), np.float32)})
    out = mlir.run(text, "k", buffers={0: np.zeros((1, 256), np.float32)}, strict=False)[0]
    expected = np.zeros((1, 256), np.float32)
    for lane in range(32):
        expected[0, 8 * lane] = lane + 100 * (lane % 4)
    assert np.array_equal(out, expected)


def test_the_generic_forms_read_the_same() -> None:
    custom = """  %m = vector.create_mask %c4 : vector<8xi1>
  %s = vector.step : vector<8xindex>
  %pass = arith.constant dense<0.0> : vector<8xf32>
  %v = vector.maskedload %src[%c0], %m, %pass : memref<8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %o = arith.muli %tid, %c8 : index
  vector.maskedstore %dst[%o], %m, %v : memref<256xf32>, vector<8xi1>, vector<8xf32>"""
    generic = """  %m = "vector.create_mask"(%c4) : (index) -> vector<8xi1>
  %s = "vector.step"() : () -> vector<8xindex>
  %pass = arith.constant dense<0.0> : vector<8xf32>
  %v = "vector.maskedload"(%src, %c0, %m, %pass) : (memref<8xf32>, index, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  %o = "arith.muli"(%tid, %c8) : (index, index) -> index
  "vector.maskedstore"(%dst, %o, %m, %v) : (memref<256xf32>, index, vector<8xi1>, vector<8xf32>) -> ()"""
    src = np.arange(1, 9, dtype=np.float32)
    results = [mlir.run(kernel(body, "%src: memref<8xf32>, %dst: memref<256xf32>"), "k",   # a row per lane:
                        buffers={0: src, 1: np.zeros(256, np.float32)})[1] for body in (custom, generic)]  # no race
    assert np.array_equal(results[0].reshape(LANES, 8), np.tile([1, 2, 3, 4, 0, 0, 0, 0], (LANES, 1)))
    assert np.array_equal(results[0], results[1])


@pytest.mark.parametrize("body, error, match", [
    ("  %s = vector.step : vector<4xi32>", MlirVerifyError, "1-D vector of index"),
    ("  %s = vector.step : vector<2x2xindex>", MlirVerifyError, "1-D vector of index"),
    ('  %s = "vector.step"(%c4) : (index) -> vector<4xindex>', MlirVerifyError, "expected 0 operands"),
    ("  %m = vector.create_mask %c4 : vector<4xi8>", MlirVerifyError, "vector of i1"),
    (("  %i = arith.index_cast %c4 : index to i32\n"
     '  %m = "vector.create_mask"(%i) : (i32) -> vector<4xi1>'), MlirVerifyError, "operands must be of index type"),
    ('  %m = "vector.create_mask"(%c4) : (index) -> vector<4x4xi1>', MlirVerifyError, "an operand for each"),
    (("  %m = vector.create_mask %c4 : vector<8xi1>\n  %p = arith.constant dense<0.0> : vector<4xf32>\n"
     '  %v = "vector.maskedload"(%src, %c0, %m, %p) : (memref<8xf32>, index, vector<8xi1>, vector<4xf32>) '
     "-> vector<8xf32>"), MlirVerifyError, "pass_thru of same type"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %p = arith.constant dense<0.0> : vector<8xf32>\n"
     "  %v = vector.maskedload %src[%c0], %m, %p : memref<8xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>"),
     MlirVerifyError, "mask .* i1 vector of the value's shape"),
    (("  %m = vector.create_mask %c4 : vector<8xi1>\n  %p = arith.constant dense<0> : vector<8xi32>\n"
     "  %v = vector.maskedload %src[%c0], %m, %p : memref<8xf32>, vector<8xi1>, vector<8xi32> into vector<8xi32>"),
     MlirVerifyError, "element type should match"),
    (("  %m = vector.create_mask %c4 : vector<8xi1>\n  %p = arith.constant dense<0.0> : vector<8xf32>\n"
     '  %v = "vector.maskedload"(%src, %c0, %c0, %m, %p) : (memref<8xf32>, index, index, vector<8xi1>, '
     "vector<8xf32>) -> vector<8xf32>"), MlirVerifyError, "requires 1 indices"),
    (("  %m = vector.create_mask %c4, %c4 : vector<2x4xi1>\n  %p = arith.constant dense<0.0> : vector<2x4xf32>\n"
     "  vector.maskedstore %src[%c0], %m, %p : memref<8xf32>, vector<2x4xi1>, vector<2x4xf32>"),
     MlirUnsupportedError, "not 1-D"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %i = vector.step : vector<8xindex>\n"
     "  %p = arith.constant dense<0.0> : vector<4xf32>\n"
     "  vector.scatter %src[%c0] [%i], %m, %p : memref<8xf32>, vector<8xindex>, vector<4xi1>, vector<4xf32>"),
     MlirVerifyError, "index vector 'vector<8xindex>' in the value's shape"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %i = arith.constant dense<0.0> : vector<4xf32>\n"
     "  %p = arith.constant dense<0.0> : vector<4xf32>\n"
     "  vector.scatter %src[%c0] [%i], %m, %p : memref<8xf32>, vector<4xf32>, vector<4xi1>, vector<4xf32>"),
     MlirVerifyError, "index vector 'vector<4xf32>' of integer or index elements"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %p = arith.constant dense<0> : vector<4xi32>\n"
     "  vector.maskedstore %src[%c0], %m, %p : memref<8xf32>, vector<4xi1>, vector<4xi32>"),
     MlirVerifyError, "valueToStore element type should match"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %p = arith.constant dense<0.0> : vector<4xf32>\n"
     '  "vector.maskedstore"(%c4, %m, %p) : (index, vector<4xi1>, vector<4xf32>) -> ()'),
     MlirVerifyError, "base must be a ranked memref"),
    (("  %m = vector.create_mask %c4 : vector<4xi1>\n  %i = vector.step : vector<4xindex>\n"
     "  %p = arith.constant dense<0.0> : vector<4xf32>\n  %z = memref.alloca() : memref<f32>\n"
     "  vector.scatter %z[] [%i], %m, %p : memref<f32>, vector<4xindex>, vector<4xi1>, vector<4xf32>"),
     MlirVerifyError, "base of rank 1 or more"),
])
def test_each_verifier_rule_rejects_before_running(body: str, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        mlir.run(kernel(body, "%src: memref<8xf32>"), "k", buffers={0: np.zeros(8, np.float32)})


# -- nvgpu.device_async_copy: a copy that reads no source element -----------------------------------------------
ASYNC = """func.func @k(%src: memref<64xf16>, %out: memref<32x8xf16>) attributes {{gpu.known_block_size = array<i32: 32, 1, 1>}} {{
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant {count} : index
  %at = arith.constant {source} : index
  %row = {row}
  %sh = memref.alloc() : memref<32x8xf16, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_copy %src[%at], %sh[%row, %c0], 8, %n : memref<64xf16> to memref<32x8xf16, #gpu.address_space<workgroup>>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g numGroups = 0
  %v = vector.load %sh[%tid, %c0] : memref<32x8xf16, #gpu.address_space<workgroup>>, vector<8xf16>
  vector.store %v, %out[%tid, %c0] : memref<32x8xf16>, vector<8xf16>
  return
}}"""
THREAD_ROW = "arith.addi %tid, %c0 : index"


def test_an_async_copy_of_no_source_element_may_point_past_the_source_and_zero_fills() -> None:
    text = ASYNC.format(count=0, source=64, row=THREAD_ROW)
    out = mlir.run(text, "k", buffers={0: np.ones(64, np.float16), 1: np.full((32, 8), 5, np.float16)})[1]
    assert np.array_equal(out, np.zeros((32, 8), np.float16))


def test_an_async_copy_that_reads_past_the_source_is_still_reported() -> None:
    text = ASYNC.format(count=8, source=64, row=THREAD_ROW)
    with pytest.raises(MlirUndefinedBehaviorError, match="device_async_copy.*index 64.*outside \\[0, 64\\)"):
        mlir.run(text, "k", buffers={0: np.ones(64, np.float16), 1: np.zeros((32, 8), np.float16)})


def test_an_async_copy_of_no_source_element_still_checks_its_destination() -> None:
    text = ASYNC.format(count=0, source=0, row="arith.constant 32 : index")
    with pytest.raises(MlirUndefinedBehaviorError, match="device_async_copy.*index 32.*outside \\[0, 32\\)"):
        mlir.run(text, "k", buffers={0: np.ones(64, np.float16), 1: np.zeros((32, 8), np.float16)})


# -- the subgroup is the 32-lane warp on every profile ------------------------------------------------------------
@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial"])
def test_lane_id_and_subgroup_size_follow_the_warp_on_every_profile(profile: str) -> None:
    text = """func.func @k(%out: memref<128x3xindex>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lane = gpu.lane_id
  %sg = gpu.subgroup_id
  %size = gpu.subgroup_size
  memref.store %lane, %out[%tid, %c0] : memref<128x3xindex>
  memref.store %sg, %out[%tid, %c1] : memref<128x3xindex>
  memref.store %size, %out[%tid, %c2] : memref<128x3xindex>
  return
}"""
    out = mlir.run(text, "k", buffers={0: np.zeros((128, 3), np.int64)}, profile=profile)[0]
    tid = np.arange(128)
    assert np.array_equal(out, np.stack([tid % 32, tid // 32, np.full(128, 32)], axis=1))
