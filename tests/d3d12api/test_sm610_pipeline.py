"""RT "Runtime Validation": CreateComputePipelineState fails when a shader's SM 6.10 linear-algebra operation is
not one the device reports. The records are built by hand (the shader side lists them in
`ComputeShader.linalg_operations`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d3d12api import *  # noqa: F403
from d3d12api.sm610 import *  # noqa: F403
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.hlsl import RWByteAddressBuffer, SV_DispatchThreadID, compute_shader
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.profile.linalg_operations import unsupported_reason
from dxlinalg.profile.registry import load_profile

K = LinalgOperationKind
S = MatrixScope


def _shader(uses: tuple):
    @compute_shader(numthreads=(32, 1, 1))
    def linalg_user(dst=RWByteAddressBuffer("u0")):
        dst.Store(SV_DispatchThreadID()[:, 0] * 4, 1)

    object.__setattr__(linalg_user, "linalg_operations", uses)   # what the 6.10 shader side fills in
    return linalg_user


def _create(profile: str, uses: tuple, *, shader_model=D3D_SHADER_MODEL_6_10, debug=True):
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug, shader_model=shader_model)
    param = CD3DX12_ROOT_PARAMETER()
    param.InitAsUnorderedAccessView(0)
    root_signature = device.CreateRootSignature(0, CD3DX12_ROOT_SIGNATURE_DESC(1, [param]))
    desc = D3D12_COMPUTE_PIPELINE_STATE_DESC(pRootSignature=root_signature, CS=CD3DX12_SHADER_BYTECODE(_shader(uses)))
    return device, desc


def wave_mma(a, b, c, m, n, k, scope=S.Wave, kind=K.WAVE_MATRIX_MULTIPLY, **extra):
    return LinalgOperationUse(kind, scope, "MultiplyAccumulate", a_type=a, b_type=b, accumulator_type=c, m=m, n=n,
                              k=k, **extra)


def vector_mul(v, m, bias, r, transposed=False):
    return LinalgOperationUse(K.THREAD_VECTOR_MATRIX_MULTIPLY, S.Thread, "MultiplyAdd", vector_type=v, matrix_type=m,
                              bias_type=bias, result_type=r, transposed=transposed)


def construction(t, m, n, use, scope=S.Wave):
    return LinalgOperationUse(K.MATRIX_CONSTRUCTION, scope, "Matrix::Load", component_type=t, m=m, n=n, use=use)


SUPPORTED = {
    "minimal": [wave_mma(T.U8, T.U8, T.I32, 32, 48, 16), wave_mma(T.I8, T.I8, T.I32, 16, 16, 64),
                vector_mul(T.F32, T.I8, None, T.I32), vector_mul(T.F16, T.F16, T.F16, T.F16),
                construction(T.I8, 16, 32, MatrixUse.A)],
    "nvidia-h100": [wave_mma(T.F16, T.F16, T.F32, 16, 8, 8), wave_mma(T.F16, T.F16, T.F32, 64, 64, 64),
                    wave_mma(T.F16, T.F16, T.F32, 32, 32, 16, S.ThreadGroup, K.THREADGROUP_MATRIX_MULTIPLY,
                             thread_group_size=128),
                    vector_mul(T.F16, T.F16, None, T.F16, transposed=True),
                    LinalgOperationUse(K.THREAD_OUTER_PRODUCT, S.Thread, "OuterProduct", input_type=T.F16,
                                       result_type=T.F32),
                    LinalgOperationUse(K.ATOMIC_ACCUMULATE_STORE, S.Thread, "InterlockedAccumulate",
                                       component_type=T.F32, accumulate_destination=AccumulateDestination.BUFFER)],
}

UNSUPPORTED = [
    ("minimal", wave_mma(T.F16, T.F16, T.F16, 16, 16, 16), "SupportFlags = NONE, NumShapes = 0"),
    ("minimal", wave_mma(T.U8, T.U8, T.I32, 16, 16, 8), "16x8x16 is not a multiple of a native shape"),
    ("adversarial", wave_mma(T.U8, T.U8, T.I32, 16, 16, 16), "native shape the device lists (32x16x8, 8x32x32"),
    ("minimal", wave_mma(T.U8, T.U8, T.I32, 16, 16, 16, S.ThreadGroup, K.THREADGROUP_MATRIX_MULTIPLY),
     "THREADGROUP_MATRIX_MULTIPLY answers SupportFlags = NONE"),
    ("nvidia-h100", wave_mma(T.F16, T.F16, T.F32, 16, 16, 16, S.ThreadGroup, K.THREADGROUP_MATRIX_MULTIPLY,
                             thread_group_size=128),
     "not a multiple of MinThreadGroupSize 32 up to MaxThreadGroupSize 64"),
    ("minimal", vector_mul(T.F16, T.F8_E4M3, None, T.F16), "THREAD_VECTOR_MATRIX_MULTIPLY answers SupportFlags = NONE"),
    ("minimal", vector_mul(T.F16, T.F16, T.F32, T.F16), "SupportFlags = NONE"),
    ("minimal", vector_mul(T.F16, T.F16, None, T.F16, transposed=True), "lacks SupportFlags TRANSPOSE"),
    ("minimal", LinalgOperationUse(K.THREAD_OUTER_PRODUCT, S.Thread, "OuterProduct", input_type=T.F16,
                                   result_type=T.F16), "Supported = FALSE"),
    ("nvidia-h100", LinalgOperationUse(K.ATOMIC_ACCUMULATE_STORE, S.Wave, "Matrix::InterlockedAccumulate",
                                       component_type=T.F32, accumulate_destination="groupshared"),
     "GroupSharedSupported = FALSE"),
    ("minimal", LinalgOperationUse(K.ATOMIC_ACCUMULATE_STORE, S.Thread, "InterlockedAccumulate",
                                   component_type=T.F16), "FALSE for both"),
    ("minimal", construction(T.F16, 16, 16, MatrixUse.A), "MinM = MinK = MinN = 0"),
    ("minimal", construction(T.I8, 8, 16, MatrixUse.B), "below the device's minimum 16 x 16"),
]


@pytest.mark.parametrize("profile", sorted(SUPPORTED))
def test_a_shader_using_only_reported_operations_gets_its_pipeline(profile):
    device, desc = _create(profile, tuple(SUPPORTED[profile]))
    assert isinstance(device.CreateComputePipelineState(desc), ID3D12PipelineState)


@pytest.mark.parametrize("profile, use, words", UNSUPPORTED, ids=[f"{p}-{u.operation}-{i}"
                                                                  for i, (p, u, _) in enumerate(UNSUPPORTED)])
@pytest.mark.parametrize("debug", [True, False])
def test_an_unreported_operation_fails_pipeline_creation_naming_it(profile, use, words, debug):
    device, desc = _create(profile, (use,), debug=debug)
    with pytest.raises(D3D12Error) as caught:
        device.CreateComputePipelineState(desc)
    assert caught.value.hr == E_INVALIDARG
    assert isinstance(caught.value, D3D12DebugLayerError) == debug
    message = device.debug_layer.messages[-1]
    assert f"[{LINALG_PIPELINE_RULE}]" in message and use.operation in message and words in message


def test_the_first_unreported_operation_is_the_one_named():
    uses = (SUPPORTED["minimal"][0], construction(T.F32, 16, 16, MatrixUse.Accumulator), UNSUPPORTED[0][1])
    device, desc = _create("minimal", uses)
    with pytest.raises(D3D12DebugLayerError, match="Matrix::Load .*FLOAT32"):
        device.CreateComputePipelineState(desc)


def test_a_6_9_device_refuses_6_10_operations():
    device, desc = _create("reference", (SUPPORTED["minimal"][0],), shader_model=D3D_SHADER_MODEL_6_9)
    with pytest.raises(D3D12DebugLayerError, match="created for SHADER_MODEL_6_9"):
        device.CreateComputePipelineState(desc)


def test_a_profile_without_linear_algebra_refuses_every_operation():
    profile = load_profile("reference").model_copy(update={"linalg_support": None})
    device, desc = _create(profile, (vector_mul(T.F16, T.F16, None, T.F16),))
    with pytest.raises(D3D12DebugLayerError, match="TIER_NOT_SUPPORTED"):
        device.CreateComputePipelineState(desc)


@pytest.mark.parametrize("uses, words", [((1,), "not a LinalgOperationUse"), (7, "not an iterable")])
def test_malformed_operation_lists_are_reported(uses, words):
    device, desc = _create("reference", uses)
    with pytest.raises(D3D12DebugLayerError, match=words):
        device.CreateComputePipelineState(desc)


def test_shaders_without_linear_algebra_are_unaffected_on_both_runtimes():
    for shader_model in (D3D_SHADER_MODEL_6_9, D3D_SHADER_MODEL_6_10):
        device, desc = _create("minimal", (), shader_model=shader_model)
        device.CreateComputePipelineState(desc)


@pytest.mark.parametrize("build, words", [
    (lambda: LinalgOperationUse(K.WAVE_MATRIX_MULTIPLY, S.Thread, "Multiply", a_type=T.F16, b_type=T.F16,
                                accumulator_type=T.F16, m=16, n=16, k=16), "scope Thread is not a scope"),
    (lambda: LinalgOperationUse(K.WAVE_MATRIX_MULTIPLY, S.Wave, "Multiply", a_type=T.F16, b_type=T.F16, m=16, n=16,
                                k=16), "needs accumulator_type"),
    (lambda: LinalgOperationUse(K.THREAD_OUTER_PRODUCT, S.Thread, "OuterProduct", input_type=T.F16,
                                result_type=T.F16, a_type=T.F16), "a_type is not a field"),
    (lambda: LinalgOperationUse(K.WAVE_MATRIX_MULTIPLY, S.Wave, "Multiply", a_type=T.F16, b_type=T.F16,
                                accumulator_type=T.F16, m=16, n=16), "needs k >= 1"),
    (lambda: LinalgOperationUse(K.THREAD_OUTER_PRODUCT, S.Thread, "OuterProduct", input_type=T.F64,
                                result_type=T.F16), "not a 6.10 linear-algebra ComponentType"),
    (lambda: LinalgOperationUse(K.THREAD_OUTER_PRODUCT, S.Thread, "OuterProduct", input_type=10,
                                result_type=T.F16), "not a 6.10 linear-algebra ComponentType"),
    (lambda: LinalgOperationUse(9, S.Thread, "X"), "not a LinalgOperationKind"),
    (lambda: LinalgOperationUse(K.THREAD_OUTER_PRODUCT, 3, "X"), "not a MatrixScope"),
    (lambda: LinalgOperationUse(K.MATRIX_CONSTRUCTION, S.Wave, "Load", component_type=T.F16, m=16, n=16),
     "needs the matrix's use"),
    (lambda: LinalgOperationUse(K.MATRIX_CONSTRUCTION, S.Wave, "Load", component_type=T.F16, m=16, n=16, use=5),
     "not a MatrixUse"),
    (lambda: LinalgOperationUse(K.ATOMIC_ACCUMULATE_STORE, S.Wave, "Acc", component_type=T.F16,
                                accumulate_destination="lds"), "accumulate_destination"),
    (lambda: LinalgOperationUse(K.MATRIX_CONSTRUCTION, S.Wave, "Load", component_type=T.F16, m=16.0, n=16,
                                use=MatrixUse.A), "m = 16.0"),
    (lambda: LinalgOperationUse(K.MATRIX_CONSTRUCTION, S.Wave, "", component_type=T.F16, m=16, n=16,
                                use=MatrixUse.A), "must name the 0035 operation"),
])
def test_a_malformed_record_is_rejected_when_built(build, words):
    with pytest.raises(InvalidArgumentError, match=words):
        build()


def test_unsupported_reason_agrees_with_the_d3d12_query_answer():
    """The pipeline check and CheckFeatureSupport read the same answers: a wave multiply is accepted exactly
    when one of the queried native shapes divides its M x K x N."""
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile="adversarial", shader_model=D3D_SHADER_MODEL_6_10)
    support, data = device.profile.linalg_support, D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(
        OperationType=D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_WAVE_MATRIX_MULTIPLY)
    data.WaveMatrixMultiply.Inputs = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(
        0, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8,
        D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32)
    assert device.CheckFeatureSupport(78, data, 56) == S_OK
    data.WaveMatrixMultiply.Shapes = [D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE()] * data.WaveMatrixMultiply.NumShapes
    assert device.CheckFeatureSupport(78, data, 56) == S_OK
    native = [(s.M, s.K, s.N) for s in data.WaveMatrixMultiply.Shapes]
    for m in (8, 16, 32, 64):
        for k in (8, 16, 32, 48):
            for n in (8, 16, 32, 64):
                use = wave_mma(T.I8, T.I8, T.I32, m, n, k)
                expected = any(m % a == 0 and k % b == 0 and n % c == 0 for a, b, c in native)
                assert (unsupported_reason(support, 4, use) == "") == expected, (m, k, n)


TG_DEVICE = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile="nvidia-h100", shader_model=D3D_SHADER_MODEL_6_10)
TG_TYPES = [(T.F16, T.F16, T.F32), (T.I8, T.I8, T.I32), (T.U8, T.U8, T.I32), (T.F16, T.F16, T.I32)]


@settings(max_examples=150, deadline=None)
@given(types=st.sampled_from(TG_TYPES), m=st.sampled_from([8, 16, 32, 48, 64, 96]),
       k=st.sampled_from([8, 16, 32, 64]), n=st.sampled_from([8, 16, 32, 48, 64]),
       size=st.sampled_from([0, 16, 32, 64, 96, 128, 192, 256, 512]))
def test_the_pipeline_check_and_the_threadgroup_query_agree(types, m, k, n, size):
    """Two public paths, one answer: a thread-group multiply passes pipeline creation exactly when
    CheckFeatureSupport reports its shape SUPPORTED and the group size fits Min/Max (multiples of Min)."""
    sdk = sdk_datatype
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(
        OperationType=D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_THREADGROUP_MATRIX_MULTIPLY)
    data.ThreadGroupMatrixMultiply = D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
        WaveInputs=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, *(sdk(t) for t in types)),
        Shape=D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(m, k, n))
    assert TG_DEVICE.CheckFeatureSupport(78, data, 56) == S_OK
    answer = data.ThreadGroupMatrixMultiply
    low, high = answer.MinThreadGroupSize, answer.MaxThreadGroupSize
    expected = bool(answer.SupportFlags & 1) and (size == 0 or (low <= size <= high and size % low == 0))
    use = wave_mma(*types, m, n, k, S.ThreadGroup, K.THREADGROUP_MATRIX_MULTIPLY, thread_group_size=size)
    assert (unsupported_reason(TG_DEVICE.profile.linalg_support, 32, use) == "") == expected
