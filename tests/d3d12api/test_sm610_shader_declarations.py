"""RT "Runtime Validation" with the operation list a shader derives itself (dxlinalg.hlsl.sm610.declaration): the
SM 6.10 samples' pipelines are refused on `minimal`, which lacks their optional operations, with the operation
named, and created on `reference`; a hand-written list replaces the derived one; SM 6.9 shaders are not traced."""

from __future__ import annotations

import numpy as np
import pytest

from d3d12api import *  # noqa: F403
from d3d12api.sm610 import *  # noqa: F403
from dxlinalg.hlsl import ByteAddressBuffer, RWByteAddressBuffer, compute_shader, float16_t
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.hlsl.sm610.declaration import names_sm610, recording_uses, trace_linalg_operations
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples import gemm_sm610, mlp_inference, mlp_inference_sm610, mlp_training, mlp_training_sm610
from dxlinalg.samples.coopmat_gemm import F16, INT8
from dxlinalg.samples.mlp_model import random_weights

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
K = LinalgOperationKind
SHAPES = random_weights().layer_shapes


def training_shader(w: int = 32):
    """The training sample's shader over the padded network (offsets are the shader's constants; any will do)."""
    shapes = list(mlp_training_sm610.padded(mlp_training.training_network()).layer_shapes)
    layout = mlp_training.ParameterLayout(shapes, [0] * len(shapes), [0] * len(shapes), [0] * len(shapes))
    return mlp_training_sm610.make_training_shader(layout)


def create(profile: str, shader, shader_model=D3D_SHADER_MODEL_6_10):
    """CreateComputePipelineState for `shader` with a root signature binding each of its registers."""
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, shader_model=shader_model)
    parameters = []
    for declaration in shader.bindings.values():
        parameter = CD3DX12_ROOT_PARAMETER()
        number = int(declaration.register[1:])
        {"t": lambda: parameter.InitAsShaderResourceView(number),
         "u": lambda: parameter.InitAsUnorderedAccessView(number),
         "b": lambda: parameter.InitAsConstants(declaration.num_values, number)}[declaration.register[0]]()
        parameters.append(parameter)
    signature = device.CreateRootSignature(0, CD3DX12_ROOT_SIGNATURE_DESC(len(parameters), parameters))
    return device.CreateComputePipelineState(D3D12_COMPUTE_PIPELINE_STATE_DESC(
        pRootSignature=signature, CS=CD3DX12_SHADER_BYTECODE(shader)))


SAMPLES = {
    "gemm f16 wave": (lambda w: gemm_sm610.gemm_shader(F16, w), "MATRIX_CONSTRUCTION: component_type FLOAT32"),
    "gemm int8 group": (lambda w: gemm_sm610.gemm_shader(INT8, w, S.ThreadGroup),
                        "THREADGROUP_MATRIX_MULTIPLY: a_type SINT8, b_type SINT8, accumulator_type SINT32, "
                        "M x K x N = 64x128x128"),
    "inference e4m3": (lambda w: mlp_inference_sm610.make_float_shader(C.F8_E4M3FN, SHAPES),
                       "matrix_type FLOAT8_E4M3FN"),
    "training": (training_shader, "OuterProduct (Thread scope, THREAD_OUTER_PRODUCT"),
}


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_sample_the_minimal_profile_does_not_cover_is_refused_naming_the_operation(sample):
    make, operation = SAMPLES[sample]
    with pytest.raises(D3D12DebugLayerError) as refused:
        create("minimal", make(64))
    assert refused.value.hr == E_INVALIDARG and refused.value.rule == LINALG_PIPELINE_RULE
    assert operation in refused.value.message and "which the device does not report" in refused.value.message


@pytest.mark.parametrize("sample", [*SAMPLES, "inference fp16", "inference int8", "gemm int8 wave"])
def test_the_samples_pipelines_are_created_on_reference(sample):
    make = {"inference fp16": lambda w: mlp_inference_sm610.make_float_shader(C.F16, SHAPES),
            "inference int8": lambda w: mlp_inference_sm610.make_int8_shader(SHAPES),
            "gemm int8 wave": lambda w: gemm_sm610.gemm_shader(INT8, w)}.get(sample) or SAMPLES[sample][0]
    assert isinstance(create("reference", make(32)), ID3D12PipelineState)


@pytest.mark.parametrize("make", [lambda w: mlp_inference_sm610.make_float_shader(C.F16, SHAPES),
                                  lambda w: mlp_inference_sm610.make_int8_shader(SHAPES),
                                  lambda w: gemm_sm610.gemm_shader(INT8, w)], ids=["fp16", "int8", "gemm-int8"])
def test_tier1_samples_are_created_on_minimal(make):
    """FP16 and int8 thread multiplies and the U8/S8 wave multiply at multiples of 16x16x16 are Tier 1."""
    assert isinstance(create("minimal", make(64)), ID3D12PipelineState)


def test_the_training_trace_lists_each_operation_as_the_queries_ask():
    uses = {(u.kind, u.operation): u for u in trace_linalg_operations(training_shader(), load_profile("reference"))}
    assert uses[(K.THREAD_VECTOR_MATRIX_MULTIPLY, "MultiplyAdd")].bias_type == T.F16
    backward = uses[(K.THREAD_VECTOR_MATRIX_MULTIPLY, "Multiply")]
    assert backward.transposed and backward.bias_type is None and backward.vector_type == T.F16
    outer = uses[(K.THREAD_OUTER_PRODUCT, "OuterProduct")]
    assert (outer.input_type, outer.result_type) == (T.F16, T.F16)
    for name in ("Matrix::InterlockedAccumulate", "InterlockedAccumulate(vector)"):
        store = uses[(K.ATOMIC_ACCUMULATE_STORE, name)]
        assert store.component_type == T.F16 and store.accumulate_destination == AccumulateDestination.BUFFER


def test_wave_and_group_traces_list_construction_and_the_multiply_shape():
    uses = trace_linalg_operations(gemm_sm610.gemm_shader(INT8, 32, S.ThreadGroup), load_profile("reference"))
    multiply = [u for u in uses if u.kind == K.THREADGROUP_MATRIX_MULTIPLY]
    assert [(u.shape, u.thread_group_size) for u in multiply] == [((64, 128, 128), 64)]
    built = {(u.component_type, u.m, u.n, u.use) for u in uses if u.kind == K.MATRIX_CONSTRUCTION}
    assert built == {(T.I8, 64, 128, MatrixUse.A), (T.I8, 128, 128, MatrixUse.B),
                     (T.I32, 64, 128, MatrixUse.Accumulator)}


def test_packed_and_converted_vectors_are_listed_by_the_type_the_device_multiplies():
    """MakeInterpretedVector<I8>(packed uint) multiplies SINT8 (RT's S8 . S8); Convert<E4M3, F16>(half) multiplies
    the FP16 vector (RT's F16 . FP8)."""
    profile = load_profile("reference")
    int8 = trace_linalg_operations(mlp_inference_sm610.make_int8_shader(SHAPES), profile)
    assert {(u.vector_type, u.matrix_type, u.bias_type, u.result_type) for u in int8} == {(T.I8, T.I8, T.I32, T.I32)}
    fp8 = trace_linalg_operations(mlp_inference_sm610.make_float_shader(C.F8_E5M2, SHAPES), profile)
    assert {(u.vector_type, u.matrix_type) for u in fp8} == {(T.F16, T.F8_E5M2)}


def test_a_hand_written_list_replaces_the_trace_and_is_checked():
    hand = LinalgOperationUse(K.THREAD_OUTER_PRODUCT, MatrixScope.Thread, "OuterProduct", input_type=T.F16,
                              result_type=T.F16)

    @compute_shader(numthreads=(32, 1, 1), linalg_operations=[hand])
    def declared(weights=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        matrix = linalg.Matrix[C.F16, 16, 16, U.A, S.Thread].Load[L.RowMajor](weights, 0, 32)
        out.Store[float16_t](0, linalg.Multiply[float16_t](matrix, float16_t([1.0] * 16))[:, 0])

    assert declared.linalg_operations == (hand,)
    with pytest.raises(D3D12DebugLayerError, match="THREAD_OUTER_PRODUCT answers Supported = FALSE"):
        create("minimal", declared)
    assert isinstance(create("reference", declared), ID3D12PipelineState)

    @compute_shader(numthreads=(32, 1, 1), linalg_operations=["MultiplyAdd"])
    def malformed(out=RWByteAddressBuffer("u0")):
        out.Store(0, 1)

    with pytest.raises(D3D12DebugLayerError, match=r"linalg_operations\[0\] is a str, not a LinalgOperationUse"):
        create("reference", malformed)


def test_sm69_shaders_are_not_traced_and_sm610_ones_need_a_610_device():
    sm69 = mlp_inference.make_float_shader(int(D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16), SHAPES)
    assert not names_sm610(sm69.function)
    w = load_profile("minimal").wave_size
    with recording_uses() as found:
        assert isinstance(create("minimal", sm69), ID3D12PipelineState)
    assert found == []
    assert names_sm610(gemm_sm610.gemm_shader(F16, w).function)
    with pytest.raises(D3D12DebugLayerError, match="device was created for SHADER_MODEL_6_9; create it with "
                                                   "shader_model=D3D_SHADER_MODEL_6_10"):
        create("reference", gemm_sm610.gemm_shader(F16, 32), D3D_SHADER_MODEL_6_9)


def test_a_shader_the_trace_cannot_run_is_refused_with_the_reason():
    @compute_shader(numthreads=(32, 1, 1))
    def broken(out=RWByteAddressBuffer("u0")):
        linalg.Matrix[C.F16, 16, 16, U.A, S.Thread].Splat(1)

    with pytest.raises(D3D12DebugLayerError, match="Splat is not available for a Thread-scope matrix") as refused:
        create("reference", broken)
    assert "compute_shader(linalg_operations=" in refused.value.message


def test_bfloat16_cannot_be_listed():
    @compute_shader(numthreads=(32, 1, 1))
    def bf16(out=RWByteAddressBuffer("u0")):
        linalg.Matrix[C.BFloat16, 16, 16, U.A, S.Wave].Splat(0).Store(out, 0, 32, L.RowMajor)

    with pytest.raises(D3D12DebugLayerError, match="BFloat16, which has no D3D12_LINEAR_ALGEBRA_DATATYPE"):
        create("reference", bf16)


def test_sm610_detection_follows_closures_globals_and_called_helpers():
    def layout_helper():
        return linalg.AccumulatorLayout()

    def calls_helper():
        return layout_helper()

    matrix_type = linalg.Matrix[C.I8, 16, 16, U.A, S.Wave]

    def names_a_matrix_type():
        return matrix_type

    def plain():
        return np.zeros(3)

    assert names_sm610(calls_helper) and names_sm610(names_a_matrix_type)
    assert not names_sm610(plain)
