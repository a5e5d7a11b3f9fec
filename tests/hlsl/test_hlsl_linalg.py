"""dx::linalg in Python: constants, lowering to the DXIL ops, and shaders written with it."""

from __future__ import annotations

import numpy as np
import pytest

import dxlinalg.hlsl as hlsl
from dxlinalg import dxil
from dxlinalg.errors import InvalidArgumentError, UnsupportedError
from dxlinalg.hlsl import (
    DATA_TYPE_FLOAT16,
    DATA_TYPE_FLOAT32,
    DATA_TYPE_SINT8,
    DATA_TYPE_SINT8_T4_PACKED,
    MATRIX_LAYOUT_MUL_OPTIMAL,
    MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL,
    MATRIX_LAYOUT_ROW_MAJOR,
    ByteAddressBuffer,
    MakeInterpretedVector,
    MatrixRef,
    Mul,
    MulAdd,
    OuterProductAccumulate,
    RootConstants,
    RWByteAddressBuffer,
    RWMatrixRef,
    SV_DispatchThreadID,
    VectorAccumulate,
    VectorRef,
    assign,
    compute_shader,
    else_,
    float16_t,
    float32_t,
    if_,
    int32_t,
    lane_zeros,
    max,
    run_dispatch,
    vector,
)
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.codecs import encode_elements
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.packing import pack_components
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.registry import load_profile


def test_enums_have_the_sm_6_9_preview_header_values():
    values = {name: int(getattr(hlsl, name)) for name in dir(hlsl) if name.startswith(("DATA_TYPE_", "MATRIX_LAYOUT_"))}
    assert values == {
        "DATA_TYPE_SINT16": 2, "DATA_TYPE_UINT16": 3, "DATA_TYPE_SINT32": 4, "DATA_TYPE_UINT32": 5,
        "DATA_TYPE_FLOAT16": 8, "DATA_TYPE_FLOAT32": 9, "DATA_TYPE_SINT8_T4_PACKED": 17,
        "DATA_TYPE_UINT8_T4_PACKED": 18, "DATA_TYPE_UINT8": 19, "DATA_TYPE_SINT8": 20, "DATA_TYPE_FLOAT8_E4M3": 21,
        "DATA_TYPE_FLOAT8_E5M2": 22, "MATRIX_LAYOUT_ROW_MAJOR": 0, "MATRIX_LAYOUT_COLUMN_MAJOR": 1,
        "MATRIX_LAYOUT_MUL_OPTIMAL": 2, "MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL": 3}


def layer_blob(matrices, biases, profile, layout=L.MulOptimal, component_type=T.F16, bias_type=T.F16):
    """Matrices (128-aligned) then biases (64-aligned) in one byte blob; returns (bytes, offsets)."""
    blob, offsets = bytearray(), []
    for matrix in matrices:
        blob.extend(bytes(-len(blob) % 128))
        stride = 0 if layout.is_optimal else -(-matrix.shape[1] * matrix.itemsize // 16) * 16
        desc = MatrixDescription(*matrix.shape, component_type, layout, stride)
        encoded = np.zeros(stored_size(desc, profile), np.uint8)
        encode_matrix(matrix, encoded, desc, profile)
        offsets.append(len(blob))
        blob.extend(encoded.tobytes())
    for bias in biases:
        blob.extend(bytes(-len(blob) % 64))
        offsets.append(len(blob))
        blob.extend(encode_elements(bias, bias_type).tobytes())
    blob.extend(bytes(-len(blob) % 16 + 16))
    return np.frombuffer(bytes(blob), np.uint8).copy(), offsets


SHAPES = ((32, 8), (32, 32), (4, 32))


@compute_shader(numthreads=(32, 1, 1))
def small_mlp(inputs=ByteAddressBuffer("t0"), network=ByteAddressBuffer("t1"), outputs=RWByteAddressBuffer("u0"),
              offsets=RootConstants("b0", 6)):
    tid = SV_DispatchThreadID()[:, 0]
    h = inputs.Load[vector[float16_t, 8]](tid * 16)
    for layer, (m, k) in enumerate(SHAPES):
        weights = MatrixRef[DATA_TYPE_FLOAT16, m, k, MATRIX_LAYOUT_MUL_OPTIMAL](network, offsets[layer])
        bias = VectorRef[DATA_TYPE_FLOAT16](network, offsets[3 + layer])
        h = MulAdd[float16_t](weights, MakeInterpretedVector[DATA_TYPE_FLOAT16](h), bias)
        if layer < 2:
            h = max(h, 0)
    outputs.Store(tid * 8, h)


@pytest.mark.parametrize("profile_name", ["reference", "minimal", "adversarial", "nvidia-h100"])
def test_an_fp16_mlp_shader_matches_float64_within_the_cts_multi_layer_tolerance(profile_name):
    profile = load_profile(profile_name)
    rng = np.random.default_rng(4)
    matrices = [((rng.integers(0, 4, (m, k)) - 1) / 2).astype(np.float16) for m, k in SHAPES]
    biases = [((rng.integers(0, 4, m) - 1) / 2).astype(np.float16) for m, _ in SHAPES]
    blob, offsets = layer_blob(matrices, biases, profile)
    x = ((rng.integers(0, 4, (96, 8)) - 1) / 2).astype(np.float16)
    space = AddressSpace()
    inputs, network, outputs = space.allocate(x.nbytes), space.allocate(blob.size), space.allocate(96 * 8)
    inputs.data[:] = x.view(np.uint8).ravel()
    network.data[:] = blob
    run_dispatch(small_mlp, {"t0": inputs, "t1": network, "u0": outputs, "b0": offsets}, (3, 1, 1), profile)
    h = x.astype(np.float64)
    for layer, (w, b) in enumerate(zip(matrices, biases)):
        h = h @ w.astype(np.float64).T + b
        h = np.maximum(h, 0) if layer < 2 else h
    got = outputs.data.view(np.float16).reshape(96, 4).astype(np.float64)
    denominator = np.where(np.abs(h) < 0.5, 5.0, np.abs(h))
    assert np.all(np.abs(got - h) / denominator <= 0.06)


def test_mul_add_lowers_to_matvecmuladd():
    profile = load_profile("reference")
    rng = np.random.default_rng(2)
    matrix = rng.integers(-3, 4, (5, 12)).astype(np.float16)
    blob, (matrix_offset, bias_offset) = layer_blob([matrix], [np.arange(5, dtype=np.float32)], profile,
                                                    bias_type=T.F32)
    buffer = AddressSpace().allocate(blob.size)
    buffer.data[:] = blob
    x = rng.integers(-3, 4, (7, 12)).astype(np.float16)
    matrix_ref = MatrixRef[DATA_TYPE_FLOAT16, 5, 12, MATRIX_LAYOUT_MUL_OPTIMAL](buffer, matrix_offset)
    via_hlsl = MulAdd[float32_t](matrix_ref, MakeInterpretedVector[DATA_TYPE_FLOAT16](x),
                                 VectorRef[DATA_TYPE_FLOAT32](buffer, bias_offset))
    via_dxil = dxil.matvecmuladd(x, False, T.F16, buffer, matrix_offset, T.F16, 5, 12, L.MulOptimal, False, 0, buffer,
                                 bias_offset, T.F32, False, result_type=np.float32)
    assert via_hlsl.dtype == np.float32 and np.array_equal(via_hlsl, via_dxil)
    assert np.array_equal(via_hlsl, x.astype(np.float32) @ matrix.astype(np.float32).T + np.arange(5))


@compute_shader(numthreads=(16, 1, 1))
def int8_layer(inputs=ByteAddressBuffer("t0"), weights=ByteAddressBuffer("t1"), outputs=RWByteAddressBuffer("u0")):
    """Packed int8 input (4 words = 16 values) times a 16x16 int8 row-major matrix, int32 out."""
    tid = SV_DispatchThreadID()[:, 0]
    words = inputs.Load4(tid * 16)
    matrix = MatrixRef[DATA_TYPE_SINT8, 16, 16, MATRIX_LAYOUT_ROW_MAJOR](weights, 0, 16)
    outputs.Store(tid * 64, Mul[int32_t](matrix, MakeInterpretedVector[DATA_TYPE_SINT8_T4_PACKED](words)))


def test_packed_int8_shader_is_exact():
    rng = np.random.default_rng(8)
    matrix = rng.integers(-128, 128, (16, 16)).astype(np.int8)
    x = rng.integers(-128, 128, (32, 16)).astype(np.int8)
    space = AddressSpace()
    inputs, weights, outputs = space.allocate(32 * 16), space.allocate(256), space.allocate(32 * 64)
    inputs.data[:] = pack_components(x).view(np.uint8).ravel()
    weights.data[:] = matrix.view(np.uint8).ravel()
    run_dispatch(int8_layer, {"t0": inputs, "t1": weights, "u0": outputs}, (2, 1, 1))
    expected = x.astype(np.int64) @ matrix.T.astype(np.int64)
    assert np.array_equal(outputs.data.view(np.int32).reshape(32, 16), expected)


@compute_shader(numthreads=(32, 1, 1))
def training_step(activations=ByteAddressBuffer("t0"), gradients=RWByteAddressBuffer("u0")):
    """Backward pass of one layer: dW += grad x act^T, db += grad (per lane, accumulated atomically)."""
    tid = SV_DispatchThreadID()[:, 0]
    act = activations.Load[vector[float16_t, 8]](tid * 32)
    grad = activations.Load[vector[float16_t, 8]](tid * 32 + 16)
    weight_gradients = RWMatrixRef[DATA_TYPE_FLOAT16, 8, 8, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL](gradients, 0)
    OuterProductAccumulate(grad, act, weight_gradients)
    VectorAccumulate(grad, gradients, 1024)


@pytest.mark.parametrize("profile_name", ["reference", "adversarial", "nvidia-h100"])
def test_training_accumulates_are_exact_on_the_cts_grid(profile_name):
    profile = load_profile(profile_name)
    rng = np.random.default_rng(6)
    values = ((rng.integers(0, 4, (64, 16)) - 1) / 2).astype(np.float16)
    space = AddressSpace()
    activations, gradients = space.allocate(values.nbytes), space.allocate(2048)
    activations.data[:] = values.view(np.uint8).ravel()
    run_dispatch(training_step, {"t0": activations, "u0": gradients}, (2, 1, 1), profile)
    act, grad = values[:, :8].astype(np.float64), values[:, 8:].astype(np.float64)
    weights = decode_matrix(gradients.data, MatrixDescription(8, 8, T.F16, L.OuterProductOptimal), profile)
    assert np.array_equal(weights.astype(np.float64), grad.T @ act)
    assert np.array_equal(gradients.data[1024:1040].view(np.float16).astype(np.float64), grad.sum(axis=0))


def test_transposed_matrix_ref_multiplies_by_the_transpose_where_reported():
    profile = load_profile("reference")
    stored = np.arange(12).reshape(3, 4).astype(np.float16)   # 3 x 4 as stored; used as its 4 x 3 transpose
    blob, (offset,) = layer_blob([stored], [], profile)
    buffer = AddressSpace().allocate(blob.size)
    buffer.data[:] = blob
    matrix = MatrixRef[DATA_TYPE_FLOAT16, 4, 3, MATRIX_LAYOUT_MUL_OPTIMAL, True](buffer, offset)
    x = np.array([[1, 0, 2]], np.float16)
    result = Mul[float32_t](matrix, MakeInterpretedVector[DATA_TYPE_FLOAT16](x))
    assert result.tolist() == [(stored.astype(np.float32).T @ x[0].astype(np.float32)).tolist()]
    with pytest.raises(UnsupportedError, match="TransposeSupported = FALSE"):
        dxil.matvecmul(x, False, T.F16, buffer, offset, T.F16, 4, 3, L.MulOptimal, True, 0, False,
                       result_type=np.float16, profile="minimal")


@compute_shader(numthreads=(8, 1, 1))
def branchy(weights=ByteAddressBuffer("t0"), outputs=RWByteAddressBuffer("u0")):
    """Odd lanes multiply, even lanes write a marker: linalg ops inside a divergent branch."""
    tid = SV_DispatchThreadID()[:, 0]
    x = np.stack([tid.astype(np.float16)] * 4, axis=1)
    result = lane_zeros((2,), np.float16)
    with if_(tid % 2 == 1):
        matrix = MatrixRef[DATA_TYPE_FLOAT16, 2, 4, MATRIX_LAYOUT_ROW_MAJOR](weights, 0, 16)
        result = assign(result, Mul[float16_t](matrix, MakeInterpretedVector[DATA_TYPE_FLOAT16](x)))
    with else_():
        result = assign(result, -1.0)
    outputs.Store(tid * 4, result)


def test_linalg_inside_a_divergent_branch():
    weights = np.zeros(32, np.uint8)
    weights[:8] = np.array([1, 1, 1, 1], np.float16).view(np.uint8)
    weights[16:24] = np.array([0, 0, 0, 2], np.float16).view(np.uint8)
    outputs = np.zeros(32, np.uint8)
    run_dispatch(branchy, {"t0": weights, "u0": outputs})
    got = outputs.view(np.float16).reshape(8, 2)
    for lane in range(8):
        assert got[lane].tolist() == ([4.0 * lane, 2.0 * lane] if lane % 2 else [-1.0, -1.0])


def test_references_check_their_buffers_and_shapes():
    space = AddressSpace()
    buffer = space.allocate(256)

    @compute_shader(numthreads=(4, 1, 1))
    def bad(weights=ByteAddressBuffer("t0")):
        RWMatrixRef[DATA_TYPE_FLOAT16, 4, 4, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL](weights, 0)

    with pytest.raises(InvalidArgumentError, match="read-only ByteAddressBuffer"):
        run_dispatch(bad, {"t0": buffer})
    with pytest.raises(InvalidArgumentError, match=r"RWMatrixRef<DT, 4, 3, \.\.\.>, got M = 4, N = 4"):
        OuterProductAccumulate(np.ones((2, 4), np.float16), np.ones((2, 3), np.float16),
                               RWMatrixRef[DATA_TYPE_FLOAT16, 4, 4, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL](buffer, 0))
    with pytest.raises(InvalidArgumentError, match="Transpose = false"):
        transposed = RWMatrixRef[DATA_TYPE_FLOAT32, 4, 4, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, True](buffer, 0)
        OuterProductAccumulate(np.ones((2, 4), np.float16), np.ones((2, 4), np.float16), transposed)
    with pytest.raises(InvalidArgumentError, match="four or five template arguments"):
        MatrixRef[DATA_TYPE_FLOAT16, 4]


def test_is_unsigned_comes_from_the_element_type():
    """Packed uint8x4 vectors are uint, so Mul passes IsUnsigned = true and the call validates."""
    buffer = AddressSpace().allocate(256)
    buffer.data[:8] = 2
    buffer.data[16:24] = 3
    words = pack_components(np.full((3, 8), 200, np.uint8))
    result = Mul[int32_t](MatrixRef[hlsl.DATA_TYPE_UINT8, 2, 8, MATRIX_LAYOUT_ROW_MAJOR](buffer, 0, 16),
                          MakeInterpretedVector[hlsl.DATA_TYPE_UINT8_T4_PACKED](words))
    assert result.tolist() == [[2 * 200 * 8, 3 * 200 * 8]] * 3
    with pytest.raises(InvalidArgumentError, match="needs a 32-bit unsigned physical vector, got I32"):
        Mul[int32_t](MatrixRef[hlsl.DATA_TYPE_UINT8, 2, 8, MATRIX_LAYOUT_ROW_MAJOR](buffer, 0, 16),
                     MakeInterpretedVector[hlsl.DATA_TYPE_UINT8_T4_PACKED](words.view(np.int32)))
