"""Compute dispatch through d3d12api: root signatures, compute pipelines, SetComputeRoot*, Dispatch.

Host code goes only through the public D3D12 API, as a C++ port would; shaders are Python shaders
of `dxlinalg.hlsl`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from d3d12_harness import PROFILES, buffer
from d3d12api import *  # noqa: F403
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.hlsl import (
    DATA_TYPE_FLOAT16,
    MATRIX_LAYOUT_MUL_OPTIMAL,
    ByteAddressBuffer,
    MakeInterpretedVector,
    MatrixRef,
    Mul,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupIndex,
    compute_shader,
    float16_t,
    float32_t,
    groupshared,
    half,
    if_,
    uint32_t,
    vector,
)

SIZE = 1 << 14
THREADS = 64


@compute_shader(numthreads=(THREADS, 1, 1))
def scale_bias(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), params=RootConstants("b0", 3)):
    """dst[i] = src[i] * scale + bias for i < count; params = (count, asuint(scale), asuint(bias))."""
    tid = SV_DispatchThreadID()[:, 0]
    with if_(tid < params[0]):
        x = src.Load[float32_t](tid * 4)
        dst.Store[float32_t](tid * 4, x * params.asfloat(1) + params.asfloat(2))


@compute_shader(numthreads=(THREADS, 1, 1))
def overrun(dst=RWByteAddressBuffer("u0")):
    """Every thread stores one word, with no bounds check: more threads than words runs off the end."""
    tid = SV_DispatchThreadID()[:, 0]
    dst.Store(tid * 4, tid)


def root_parameters(*specs: tuple[str, int] | tuple[str, int, int]) -> list[CD3DX12_ROOT_PARAMETER]:
    """("srv", register[, space]), ("uav", ...), ("cbv", ...), ("constants", register, count) -> d3dx12 root
    parameters."""
    params = []
    for spec in specs:
        param = CD3DX12_ROOT_PARAMETER()
        if spec[0] == "constants":
            param.InitAsConstants(spec[2], spec[1])
        else:
            {"srv": param.InitAsShaderResourceView, "uav": param.InitAsUnorderedAccessView,
             "cbv": param.InitAsConstantBufferView}[spec[0]](*spec[1:])
        params.append(param)
    return params


def floats(*values: float) -> list[int]:
    """asuint() of each value, as C++ passes floats to SetComputeRoot32BitConstants."""
    return [int(v) for v in np.array(values, np.float32).view(np.uint32)]


class Compute:
    """A device, one DIRECT queue and list, and the buffers of the scale_bias dispatch."""

    def __init__(self, profile: str = "reference", debug: bool = True) -> None:
        self.device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug)
        self.queue = self.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
        self.allocator = self.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
        self.list = self.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, self.allocator, None)
        self.fence = self.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
        self.upload = buffer(self.device, D3D12_HEAP_TYPE_UPLOAD, SIZE)
        self.readback = buffer(self.device, D3D12_HEAP_TYPE_READBACK, SIZE)
        self.src = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, SIZE)
        self.dst = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, SIZE, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        self.root_signature = self.create_root_signature(("srv", 0), ("uav", 0), ("constants", 0, 3))
        self.pso = self.create_pipeline(scale_bias, self.root_signature)

    def create_root_signature(self, *specs: tuple) -> ID3D12RootSignature:
        params = root_parameters(*specs)
        hr, blob = D3D12SerializeRootSignature(CD3DX12_ROOT_SIGNATURE_DESC(len(params), params),
                                               D3D_ROOT_SIGNATURE_VERSION_1)
        ThrowIfFailed(hr)
        return self.device.CreateRootSignature(0, blob.GetBufferPointer(), blob.GetBufferSize())

    def create_pipeline(self, shader, root_signature) -> ID3D12PipelineState:
        return self.device.CreateComputePipelineState(D3D12_COMPUTE_PIPELINE_STATE_DESC(
            pRootSignature=root_signature, CS=CD3DX12_SHADER_BYTECODE(shader)))

    def open(self) -> ID3D12GraphicsCommandList:
        if self.list.state.value == "recording":
            self.list.Close()
        assert self.allocator.Reset() == S_OK and self.list.Reset(self.allocator, None) == S_OK
        return self.list

    def execute(self, command_list: ID3D12GraphicsCommandList) -> None:
        ThrowIfFailed(command_list.Close())
        self.queue.ExecuteCommandLists(1, [command_list])
        value = self.fence.GetCompletedValue() + 1
        ThrowIfFailed(self.queue.Signal(self.fence, value))

    def upload_to(self, resource: ID3D12Resource, data: np.ndarray) -> None:
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        self.upload.Map(0, CD3DX12_RANGE(0, 0))[: raw.size] = raw
        self.upload.Unmap(0, None)
        command_list = self.open()
        command_list.CopyBufferRegion(resource, 0, self.upload, 0, raw.size)
        self.execute(command_list)

    def download(self, resource: ID3D12Resource, size: int, offset: int = 0) -> np.ndarray:
        command_list = self.open()
        command_list.CopyBufferRegion(self.readback, 0, resource, offset, size)
        self.execute(command_list)
        data = self.readback.Map(0, CD3DX12_RANGE(0, size))[:size].copy()
        self.readback.Unmap(0, CD3DX12_RANGE(0, 0))
        return data

    def bind_scale_bias(self, command_list: ID3D12GraphicsCommandList, count: int = 100, scale: float = 2.0,
                        bias: float = 0.5, dst_offset: int = 0) -> None:
        command_list.SetPipelineState(self.pso)
        command_list.SetComputeRootSignature(self.root_signature)
        command_list.SetComputeRootShaderResourceView(0, self.src.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, self.dst.GetGPUVirtualAddress() + dst_offset)
        command_list.SetComputeRoot32BitConstants(2, 3, [count, *floats(scale, bias)], 0)


# --- end to end ------------------------------------------------------------------------------------

def test_scale_bias_runs_end_to_end_through_the_d3d12_flow():
    gpu = Compute()
    x = np.linspace(-4, 4, 256, dtype=np.float32)
    gpu.upload_to(gpu.src, x)
    command_list = gpu.open()
    gpu.bind_scale_bias(command_list, count=200, scale=1.5, bias=-0.25)
    command_list.Dispatch(4, 1, 1)  # 256 threads, 200 of them write
    gpu.execute(command_list)
    out = gpu.download(gpu.dst, 256 * 4).view(np.float32)
    assert np.array_equal(out[:200], x[:200] * np.float32(1.5) + np.float32(-0.25))
    assert not out[200:].any(), "threads past `count` are masked off"
    assert gpu.fence.GetCompletedValue() == 3  # upload, dispatch, readback


M, K, LANES = 24, 32, 96


@compute_shader(numthreads=(32, 1, 1))
def mul_optimal(inputs=ByteAddressBuffer("t0"), weights=ByteAddressBuffer("t1"), outputs=RWByteAddressBuffer("u0"),
                layout=RootConstants("b0", 1)):
    """y = W x with W an FP16 MUL_OPTIMAL matrix at byte `layout[0]` of `weights` (dx::linalg Mul)."""
    tid = SV_DispatchThreadID()[:, 0]
    x = inputs.Load[vector[float16_t, K]](tid * (2 * K))
    matrix = MatrixRef[DATA_TYPE_FLOAT16, M, K, MATRIX_LAYOUT_MUL_OPTIMAL](weights, layout[0], 0)
    y = Mul[half](matrix, MakeInterpretedVector[DATA_TYPE_FLOAT16](x))
    outputs.Store(tid * (2 * M), y)


@pytest.mark.parametrize("profile", PROFILES)
def test_mul_on_a_matrix_converted_to_mul_optimal_matches_numpy(profile):
    gpu = Compute(profile)
    rng = np.random.default_rng(7)
    w = rng.uniform(-1, 1, (M, K)).astype(np.float32)
    x = rng.uniform(-1, 1, (LANES, K)).astype(np.float16)
    source = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 1 << 16)
    weights = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 1 << 16, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    gpu.upload_to(source, w)
    gpu.upload_to(gpu.src, x)
    optimal_offset = 1 << 14  # 128-byte aligned; anything else before it may live there
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
        (0, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, 0, M, K, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16),
        (w.nbytes, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, K * 4),
        (weights.GetGPUVirtualAddress() + optimal_offset, source.GetGPUVirtualAddress()))
    gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)

    root_signature = gpu.create_root_signature(("srv", 0), ("srv", 1), ("uav", 0), ("constants", 0, 1))
    pso = gpu.create_pipeline(mul_optimal, root_signature)
    command_list = gpu.open()
    command_list.ConvertLinearAlgebraMatrix(info, 1)  # source promoted to NON_PIXEL_SHADER_RESOURCE, weights to UAV
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(   # written, then read as an SRV
        weights, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])
    command_list.SetPipelineState(pso)
    command_list.SetComputeRootSignature(root_signature)
    command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRootShaderResourceView(1, weights.GetGPUVirtualAddress())
    command_list.SetComputeRootUnorderedAccessView(2, gpu.dst.GetGPUVirtualAddress())
    command_list.SetComputeRoot32BitConstant(3, optimal_offset, 0)
    command_list.Dispatch(LANES // 32, 1, 1)
    gpu.execute(command_list)

    y = gpu.download(gpu.dst, LANES * M * 2).view(np.float16).reshape(LANES, M)
    expected = x.astype(np.float64) @ w.astype(np.float16).astype(np.float64).T
    np.testing.assert_allclose(y.astype(np.float64), expected, rtol=2e-3, atol=2e-3)


def test_root_cbv_feeds_the_shaders_root_constants_from_memory():
    gpu = Compute()
    gpu.upload_to(gpu.src, np.arange(64, dtype=np.float32))
    constants = buffer(gpu.device, D3D12_HEAP_TYPE_UPLOAD, 256)
    constants.Map(0, CD3DX12_RANGE(0, 0))[:12] = np.array([10, *floats(3.0, 1.0)], np.uint32).view(np.uint8)
    root_signature = gpu.create_root_signature(("srv", 0), ("uav", 0), ("cbv", 0))
    command_list = gpu.open()
    command_list.SetPipelineState(gpu.create_pipeline(scale_bias, root_signature))
    command_list.SetComputeRootSignature(root_signature)
    command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
    command_list.SetComputeRootConstantBufferView(2, constants.GetGPUVirtualAddress())
    command_list.Dispatch(1, 1, 1)
    gpu.execute(command_list)  # the persistently mapped constants are visible at submission
    out = gpu.download(gpu.dst, 64 * 4).view(np.float32)
    assert np.array_equal(out[:10], np.arange(10) * 3.0 + 1.0) and not out[10:].any()


def test_pipeline_given_as_the_initial_state_of_create_and_reset():
    gpu = Compute()
    gpu.upload_to(gpu.src, np.ones(64, np.float32))
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator, gpu.pso)
    queue = gpu.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_COMPUTE))
    for scale in (2.0, 5.0):
        command_list.SetComputeRootSignature(gpu.root_signature)
        command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
        command_list.SetComputeRoot32BitConstants(2, 3, [64, *floats(scale, 0.0)], 0)
        command_list.Dispatch(1, 1, 1)
        ThrowIfFailed(command_list.Close())
        queue.ExecuteCommandLists(1, [command_list])
        assert set(gpu.download(gpu.dst, 256).view(np.float32)) == {scale}
        assert allocator.Reset() == S_OK and command_list.Reset(allocator, gpu.pso) == S_OK


# --- root arguments are captured when Dispatch is recorded -------------------------------------------

def test_later_set_calls_do_not_change_an_earlier_dispatch():
    gpu = Compute()
    gpu.upload_to(gpu.src, np.arange(64, dtype=np.float32))
    command_list = gpu.open()
    gpu.bind_scale_bias(command_list, count=64, scale=2.0, bias=0.0)
    command_list.Dispatch(1, 1, 1)
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.UAV(gpu.dst)])  # both Dispatches write dst
    command_list.SetComputeRoot32BitConstant(2, 3.0, 1)                    # scale 3 ...
    command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress() + 1024)  # ... elsewhere
    command_list.Dispatch(1, 1, 1)
    command_list.SetComputeRoot32BitConstant(2, 0, 0)                      # count 0 after the last Dispatch
    gpu.execute(command_list)
    out = gpu.download(gpu.dst, 2048).view(np.float32)
    assert np.array_equal(out[:64], np.arange(64) * 2.0)
    assert np.array_equal(out[256:320], np.arange(64) * 3.0)


def test_a_different_root_signature_unsets_the_arguments_and_an_equal_one_keeps_them():
    gpu = Compute(debug=False)
    gpu.upload_to(gpu.src, np.ones(64, np.float32))
    same_layout = gpu.create_root_signature(("srv", 0), ("uav", 0), ("constants", 0, 3))
    other = gpu.create_root_signature(("srv", 0), ("uav", 0), ("constants", 0, 4))
    command_list = gpu.open()
    gpu.bind_scale_bias(command_list, count=64, scale=4.0, bias=0.0)
    command_list.SetComputeRootSignature(same_layout)
    command_list.Dispatch(1, 1, 1)
    gpu.execute(command_list)
    assert set(gpu.download(gpu.dst, 256).view(np.float32)) == {4.0}

    command_list = gpu.open()
    gpu.bind_scale_bias(command_list)
    command_list.SetComputeRootSignature(other)
    command_list.SetComputeRootSignature(gpu.root_signature)  # back: the arguments were unset by `other`
    command_list.Dispatch(1, 1, 1)
    assert any(ComputeRule.ROOT_ARGUMENT_UNSET in m for m in gpu.device.debug_layer.messages)


def test_writes_bump_the_uav_buffers_version_and_leave_the_srvs():
    gpu = Compute()
    src_version, dst_version = gpu.src.buffer.version, gpu.dst.buffer.version
    command_list = gpu.open()
    gpu.bind_scale_bias(command_list)
    command_list.Dispatch(2, 1, 1)
    gpu.execute(command_list)
    assert gpu.src.buffer.version == src_version and gpu.dst.buffer.version > dst_version


# --- root signatures and pipelines -------------------------------------------------------------------

def test_serialized_root_signature_round_trips_through_blob_bytes_or_the_desc():
    gpu = Compute()
    params = root_parameters(("srv", 0), ("uav", 0), ("constants", 0, 3))
    desc = CD3DX12_ROOT_SIGNATURE_DESC()
    desc.Init(3, params, 0, None, D3D12_ROOT_SIGNATURE_FLAG_NONE)
    hr, blob = D3D12SerializeRootSignature(desc, D3D_ROOT_SIGNATURE_VERSION_1_0)
    assert hr == S_OK and blob.GetBufferSize() == len(blob.GetBufferPointer())
    layouts = {gpu.device.CreateRootSignature(0, blob).layout,
               gpu.device.CreateRootSignature(1, np.frombuffer(blob.GetBufferPointer(), np.uint8)).layout,
               gpu.device.CreateRootSignature(0, desc).layout, gpu.root_signature.layout}
    assert len(layouts) == 1
    assert sizeof(D3D12_ROOT_PARAMETER) == 32 and sizeof(D3D12_ROOT_SIGNATURE_DESC) == 40
    assert sizeof(D3D12_COMPUTE_PIPELINE_STATE_DESC) == 56 and D3D12_ROOT_PARAMETER_TYPE_CBV == 2


def desc_of(*specs: tuple, flags: int = D3D12_ROOT_SIGNATURE_FLAG_NONE) -> D3D12_ROOT_SIGNATURE_DESC:
    params = root_parameters(*specs)
    return CD3DX12_ROOT_SIGNATURE_DESC(len(params), params, 0, None, flags)


def pixel_only(desc: D3D12_ROOT_SIGNATURE_DESC, index: int) -> D3D12_ROOT_SIGNATURE_DESC:
    desc.pParameters[index].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL
    return desc


table = D3D12_ROOT_PARAMETER(ParameterType=D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
SERIALIZE_FAILURES = [
    ("version 1.1", lambda: (desc_of(("srv", 0)), D3D_ROOT_SIGNATURE_VERSION_1_1), E_INVALIDARG, "Version"),
    ("descriptor table", lambda: (CD3DX12_ROOT_SIGNATURE_DESC(1, [table]), 1), E_NOTIMPL, "descriptor table"),
    ("static samplers", lambda: (CD3DX12_ROOT_SIGNATURE_DESC(0, None, 1, [object()]), 1), E_NOTIMPL, "static"),
    ("local root signature", lambda: (desc_of(flags=D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE), 1), E_NOTIMPL,
     "local"),
    ("count past the array", lambda: (CD3DX12_ROOT_SIGNATURE_DESC(2, root_parameters(("srv", 0))), 1), E_INVALIDARG,
     "NumParameters = 2"),
    ("bad type", lambda: (CD3DX12_ROOT_SIGNATURE_DESC(1, [D3D12_ROOT_PARAMETER(ParameterType=9)]), 1), E_INVALIDARG,
     "ParameterType = 9"),
    ("over 64 DWORDs", lambda: (desc_of(("constants", 0, 60), ("srv", 0), ("uav", 0), ("uav", 1)), 1), E_INVALIDARG,
     "66 DWORDs"),
    ("register twice", lambda: (desc_of(("uav", 0), ("srv", 1), ("uav", 0)), 1), E_INVALIDARG,
     "[0] (UAV u0) and [2] (UAV u0)"),
    ("root CBV and constants on one b register", lambda: (desc_of(("cbv", 2), ("constants", 2, 1)), 1), E_INVALIDARG,
     "register b2"),
]


@pytest.mark.parametrize("case", SERIALIZE_FAILURES, ids=[case[0] for case in SERIALIZE_FAILURES])
def test_serialize_rejects_what_d3d12_rejects_with_an_error_blob(case):
    _, arguments, hr, text = case
    errors: list[ID3DBlob] = []
    result, blob = D3D12SerializeRootSignature(*arguments(), errors)
    assert (result, blob) == (hr, None)
    assert text in errors[0].GetBufferPointer().decode()


def test_same_register_for_different_stages_is_not_an_overlap():
    desc = pixel_only(desc_of(("srv", 0), ("srv", 0)), 1)
    desc.pParameters[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_VERTEX
    assert D3D12SerializeRootSignature(desc, 1)[0] == S_OK


@pytest.mark.parametrize("debug", [True, False])
def test_create_root_signature_rejects_damaged_or_short_blobs(debug):
    gpu = Compute(debug=debug)
    _, blob = D3D12SerializeRootSignature(desc_of(("srv", 0)), 1)
    data = blob.GetBufferPointer()
    for bad, length in ((data[:-3], None), (b"DXBC" + data[4:], None), (data, len(data) + 1), ("text", None)):
        with pytest.raises(D3D12Error) as caught:
            gpu.device.CreateRootSignature(0, bad, length)
        assert caught.value.hr == E_INVALIDARG
        assert isinstance(caught.value, D3D12DebugLayerError) == debug
        assert caught.value.rule if debug else True


def pso_desc(shader, root_signature, **fields) -> D3D12_COMPUTE_PIPELINE_STATE_DESC:
    return D3D12_COMPUTE_PIPELINE_STATE_DESC(pRootSignature=root_signature, CS=CD3DX12_SHADER_BYTECODE(shader),
                                             **fields)


@compute_shader(numthreads=(8, 1, 1), wave_size=16)
def wave16(dst=RWByteAddressBuffer("u0")):
    dst.Store(SV_DispatchThreadID()[:, 0] * 4, 1)


@compute_shader(numthreads=(8, 1, 1))
def too_much_groupshared(dst=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, 8193)):
    tile[SV_GroupIndex()] = 1


PSO_FAILURES = [
    ("t0 missing", (("uav", 0), ("constants", 0, 3)), scale_bias, "ByteAddressBuffer 'src' at register(t0, space0), "
                                                                  "which no root parameter binds"),
    ("t0 bound as a UAV", (("uav", 0), ("constants", 0, 3), ("uav", 1)), scale_bias, "is UAV u0, not a t register"),
    ("u0 in another space", (("srv", 0), ("uav", 0, 1), ("constants", 0, 3)), scale_bias,
     "'dst' at register(u0, space0), which no root parameter binds"),
    ("too few constants", (("srv", 0), ("uav", 0), ("constants", 0, 2)), scale_bias,
     "reading 3 32-bit values, but root parameter [2] holds Num32BitValues = 2"),
    ("pixel-only SRV", (("srv", 0), ("uav", 0), ("constants", 0, 3)), scale_bias, "not visible to compute shaders"),
    ("WaveSize", (("uav", 0),), wave16, "[WaveSize(16)] but the device runs waves of 32 lanes"),
    ("groupshared over 32 KiB", (("uav", 0),), too_much_groupshared,
     "Total Thread Group Shared Memory storage is 32772, exceeded 32768"),
    ("not a shader", (("uav", 0),), "cs_main.dxil", "must be a Python compute shader"),
]


@pytest.mark.parametrize("case", PSO_FAILURES, ids=[case[0] for case in PSO_FAILURES])
@pytest.mark.parametrize("debug", [True, False])
def test_create_compute_pipeline_state_checks_the_shader_against_the_root_signature(case, debug):
    name, specs, shader, text = case
    gpu = Compute(debug=debug)
    desc = desc_of(*specs)
    if name == "pixel-only SRV":
        pixel_only(desc, 0)
    root_signature = gpu.device.CreateRootSignature(0, desc)
    with pytest.raises(D3D12Error) as caught:
        gpu.device.CreateComputePipelineState(pso_desc(shader, root_signature))
    assert caught.value.hr == E_INVALIDARG and text in caught.value.message
    assert isinstance(caught.value, D3D12DebugLayerError) == debug
    assert text in gpu.device.debug_layer.messages[-1]


def test_pipeline_description_rules():
    gpu = Compute()
    for desc, text in ((pso_desc(scale_bias, None), "no embedded [RootSignature]"),
                       (pso_desc(scale_bias, gpu.root_signature, NodeMask=2), "NodeMask = 2"),
                       (pso_desc(scale_bias, gpu.root_signature, Flags=D3D12_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS),
                        "Flags"),
                       (D3D12_ROOT_SIGNATURE_DESC(), "not a D3D12_COMPUTE_PIPELINE_STATE_DESC")):
        with pytest.raises(D3D12DebugLayerError, match=text.replace("[", r"\[")):
            gpu.device.CreateComputePipelineState(desc)
    with pytest.raises(D3D12Error) as caught:
        gpu.device.CreateComputePipelineState(pso_desc(scale_bias, gpu.root_signature, CachedPSO=(b"blob", 4)))
    assert caught.value.hr == D3D12_ERROR_DRIVER_VERSION_MISMATCH
    adversarial = Compute("adversarial")
    assert adversarial.device.profile.wave_size == 4
    with pytest.raises(D3D12DebugLayerError, match="waves of 4 lanes"):
        adversarial.create_pipeline(wave16, adversarial.create_root_signature(("uav", 0)))


# --- record-time rules: the debug layer raises; without it Close() returns E_INVALIDARG ---------------

def copy_list(gpu: Compute) -> ID3D12GraphicsCommandList:
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COPY)
    return gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, allocator, None)


def other_root_signature(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
    gpu.bind_scale_bias(command_list)
    command_list.SetComputeRootSignature(gpu.create_root_signature(("srv", 0), ("uav", 0), ("constants", 0, 8)))
    command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
    command_list.SetComputeRoot32BitConstants(2, 8, np.zeros(8, np.uint32), 0)
    command_list.Dispatch(1, 1, 1)


def without(call: str) -> Callable[[Compute, ID3D12GraphicsCommandList], None]:
    """Bind everything except `call`, then Dispatch."""

    def record(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
        if call != "SetPipelineState":
            command_list.SetPipelineState(gpu.pso)
        if call != "SetComputeRootSignature":
            command_list.SetComputeRootSignature(gpu.root_signature)
            command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
            command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
            command_list.SetComputeRoot32BitConstants(2, 3, [1, 2, 3], 0)
        command_list.Dispatch(1, 1, 1)

    return record


def bound(record: Callable[[ID3D12GraphicsCommandList, Compute], None]):
    """Bind the scale_bias pipeline and root signature, then record `record`."""

    def run(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
        command_list.SetPipelineState(gpu.pso)
        command_list.SetComputeRootSignature(gpu.root_signature)
        record(command_list, gpu)

    return run


def root_cbv_at(heap: str, offset: int) -> Callable[[Compute, ID3D12GraphicsCommandList], None]:
    def record(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
        command_list.SetComputeRootSignature(gpu.create_root_signature(("cbv", 0)))
        command_list.SetComputeRootConstantBufferView(0, getattr(gpu, heap).GetGPUVirtualAddress() + offset)

    return record


def unbound_root_signature(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
    gpu.bind_scale_bias(command_list)
    command_list.SetComputeRootSignature(None)
    command_list.Dispatch(1, 1, 1)


R = ComputeRule
RECORD_RULES = [
    ("not a pipeline", R.PIPELINE_ARGUMENT, "not an ID3D12PipelineState",
     lambda gpu, cl: cl.SetPipelineState(gpu.root_signature)),
    ("not a root signature", R.ROOT_SIGNATURE_ARGUMENT, "not an ID3D12RootSignature",
     lambda gpu, cl: cl.SetComputeRootSignature(gpu.pso)),
    ("set before a root signature", R.NO_ROOT_SIGNATURE, "SetComputeRootSignature first",
     lambda gpu, cl: cl.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())),
    ("index out of range", R.ROOT_PARAMETER_INDEX, "RootParameterIndex = 3 is out of range",
     bound(lambda cl, gpu: cl.SetComputeRootUnorderedAccessView(3, gpu.dst.GetGPUVirtualAddress()))),
    ("SRV call on a UAV", R.ROOT_PARAMETER_TYPE, "root parameter [1] is UAV u0; this call sets SRV",
     bound(lambda cl, gpu: cl.SetComputeRootShaderResourceView(1, gpu.dst.GetGPUVirtualAddress()))),
    ("CBV call on constants", R.ROOT_PARAMETER_TYPE, "this call sets CBV",
     bound(lambda cl, gpu: cl.SetComputeRootConstantBufferView(2, gpu.src.GetGPUVirtualAddress()))),
    ("constants call on an SRV", R.ROOT_PARAMETER_TYPE, "this call sets 32BIT_CONSTANTS",
     bound(lambda cl, gpu: cl.SetComputeRoot32BitConstant(0, 1, 0))),
    ("constants past the end", R.ROOT_CONSTANTS_RANGE, "DestOffsetIn32BitValues = 2 + Num32BitValuesToSet = 2",
     bound(lambda cl, gpu: cl.SetComputeRoot32BitConstants(2, 2, [1, 2], 2))),
    ("one constant past the end", R.ROOT_CONSTANTS_RANGE, "DestOffsetIn32BitValues = 3",
     bound(lambda cl, gpu: cl.SetComputeRoot32BitConstant(2, 1, 3))),
    ("too little data", R.ROOT_CONSTANTS_DATA, "holds 2 value(s)",
     bound(lambda cl, gpu: cl.SetComputeRoot32BitConstants(2, 3, [1, 2], 0))),
    ("64-bit array", R.ROOT_CONSTANTS_DATA, "int64 array",
     bound(lambda cl, gpu: cl.SetComputeRoot32BitConstants(2, 3, np.zeros(3, np.int64), 0))),
    ("negative VA", R.ROOT_DESCRIPTOR_ADDRESS, "not a D3D12_GPU_VIRTUAL_ADDRESS",
     bound(lambda cl, gpu: cl.SetComputeRootShaderResourceView(0, -8))),
    ("UAV without ALLOW_UNORDERED_ACCESS", R.UAV_RESOURCE, "D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS",
     bound(lambda cl, gpu: cl.SetComputeRootUnorderedAccessView(1, gpu.src.GetGPUVirtualAddress()))),
    ("UAV in an UPLOAD heap", R.UAV_RESOURCE, "UPLOAD heap",
     bound(lambda cl, gpu: cl.SetComputeRootUnorderedAccessView(1, gpu.upload.GetGPUVirtualAddress()))),
    ("SRV in a READBACK heap", R.SRV_RESOURCE, "READBACK heap",
     bound(lambda cl, gpu: cl.SetComputeRootShaderResourceView(0, gpu.readback.GetGPUVirtualAddress() + 64))),
    ("misaligned CBV", R.CBV_ALIGNMENT, "is not a multiple of 256", root_cbv_at("src", 64)),
    ("CBV in a READBACK heap", R.SRV_RESOURCE, "READBACK heap", root_cbv_at("readback", 256)),
    ("Dispatch without a pipeline", R.NO_PIPELINE, "no pipeline state is set", without("SetPipelineState")),
    ("Dispatch without a root signature", R.NO_ROOT_SIGNATURE, "no compute root signature is set",
     without("SetComputeRootSignature")),
    ("Dispatch after unbinding the root signature", R.NO_ROOT_SIGNATURE, "no compute root signature is set",
     unbound_root_signature),
    ("Dispatch with another root signature", R.ROOT_SIGNATURE_MISMATCH, "is not the one pipeline",
     other_root_signature),
    ("65536 groups", R.THREAD_GROUP_COUNT, "ThreadGroupCountY = 65536",
     bound(lambda cl, gpu: cl.Dispatch(1, 65536, 1))),
    ("negative groups", R.THREAD_GROUP_COUNT, "ThreadGroupCountZ = -1", bound(lambda cl, gpu: cl.Dispatch(1, 1, -1))),
]


@pytest.mark.parametrize("case", RECORD_RULES, ids=[case[0] for case in RECORD_RULES])
def test_record_time_rule_raises_with_the_debug_layer(case):
    _, rule, text, record = case
    gpu = Compute()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, gpu.open())
    assert caught.value.rule == rule and text in caught.value.message


@pytest.mark.parametrize("case", RECORD_RULES, ids=[case[0] for case in RECORD_RULES])
def test_record_time_rule_fails_close_without_the_debug_layer(case):
    _, rule, text, record = case
    gpu = Compute(debug=False)
    command_list = gpu.open()
    record(gpu, command_list)
    assert command_list.Close() == E_INVALIDARG and command_list.error.rule == rule
    assert text in gpu.device.debug_layer.messages[-1]
    gpu.queue.ExecuteCommandLists(1, [command_list])
    assert not gpu.dst.buffer.data.any(), "a list that failed Close never runs"


def test_a_copy_list_rejects_compute_calls():
    gpu = Compute()
    with pytest.raises(D3D12DebugLayerError, match="COPY command list") as caught:
        copy_list(gpu).SetPipelineState(gpu.pso)
    assert caught.value.rule == R.COMMAND_LIST_TYPE
    gpu = Compute(debug=False)
    command_list = copy_list(gpu)
    command_list.Dispatch(1, 1, 1)
    assert command_list.Close() == E_INVALIDARG and command_list.error.rule == R.COMMAND_LIST_TYPE


def test_objects_of_another_device_are_rejected():
    gpu, other = Compute(), Compute()
    command_list = gpu.open()
    with pytest.raises(D3D12DebugLayerError, match="of this device"):
        command_list.SetComputeRootSignature(other.root_signature)
    with pytest.raises(D3D12DebugLayerError, match="of this device"):
        command_list.SetPipelineState(other.pso)
    with pytest.raises(D3D12DebugLayerError, match="of this device"):
        gpu.device.CreateComputePipelineState(pso_desc(scale_bias, other.root_signature))


# --- undefined behaviour: the debug layer raises; without it the dispatch runs as documented ---------

def stray_uav(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
    gpu.bind_scale_bias(command_list)
    command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress() + SIZE + 4096)  # in the gap
    command_list.Dispatch(1, 1, 1)


def unset_uav(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
    command_list.SetPipelineState(gpu.pso)
    command_list.SetComputeRootSignature(gpu.root_signature)
    command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRoot32BitConstants(2, 3, [64, *floats(1.0, 1.0)], 0)
    command_list.Dispatch(1, 1, 1)


@pytest.mark.parametrize("record, rule", [(stray_uav, R.ROOT_DESCRIPTOR_MEMORY), (unset_uav, R.ROOT_ARGUMENT_UNSET)])
def test_stray_or_unset_root_descriptors_raise_or_skip_the_dispatch(record, rule):
    gpu = Compute()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, gpu.open())
    assert caught.value.rule == rule

    gpu = Compute(debug=False)
    gpu.upload_to(gpu.src, np.ones(64, np.float32))
    before = {r.name: r.buffer.data.copy() for r in (gpu.src, gpu.dst, gpu.upload, gpu.readback)}
    command_list = gpu.open()
    record(gpu, command_list)
    assert command_list.Close() == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    assert all(np.array_equal(r.buffer.data, before[r.name]) for r in (gpu.src, gpu.dst, gpu.upload, gpu.readback))
    assert "the dispatch is skipped" in gpu.device.debug_layer.messages[-1]


def test_unset_root_constants_raise_or_read_as_zero():
    def record(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
        command_list.SetPipelineState(gpu.pso)
        command_list.SetComputeRootSignature(gpu.root_signature)
        command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
        command_list.SetComputeRoot32BitConstants(2, 2, [64, *floats(2.0)], 0)  # bias (value 2) never set
        command_list.Dispatch(1, 1, 1)

    gpu = Compute()
    with pytest.raises(D3D12DebugLayerError, match=r"value\(s\) \[2\] are not set"):
        record(gpu, gpu.open())
    gpu = Compute(debug=False)
    gpu.upload_to(gpu.src, np.full(64, 3, np.float32))
    command_list = gpu.open()
    record(gpu, command_list)
    gpu.execute(command_list)
    assert set(gpu.download(gpu.dst, 256).view(np.float32)) == {6.0}


def test_a_root_cbv_running_past_its_resource_raises_or_reads_zeros():
    def record(gpu: Compute, command_list: ID3D12GraphicsCommandList) -> None:
        constants = buffer(gpu.device, D3D12_HEAP_TYPE_UPLOAD, 260)
        constants.Map(0, None)[256:260] = np.array([10], np.uint32).view(np.uint8)  # count; scale, bias past the end
        root_signature = gpu.create_root_signature(("srv", 0), ("uav", 0), ("cbv", 0))
        command_list.SetPipelineState(gpu.create_pipeline(scale_bias, root_signature))
        command_list.SetComputeRootSignature(root_signature)
        command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, gpu.dst.GetGPUVirtualAddress())
        command_list.SetComputeRootConstantBufferView(2, constants.GetGPUVirtualAddress() + 256)
        command_list.Dispatch(1, 1, 1)

    gpu = Compute()
    with pytest.raises(D3D12DebugLayerError, match="runs past the end") as caught:
        record(gpu, gpu.open())
    assert caught.value.rule == R.ROOT_DESCRIPTOR_MEMORY
    gpu = Compute(debug=False)
    gpu.upload_to(gpu.src, np.ones(64, np.float32))
    gpu.upload_to(gpu.dst, np.ones(64, np.float32))
    command_list = gpu.open()
    record(gpu, command_list)
    gpu.execute(command_list)
    out = gpu.download(gpu.dst, 256).view(np.float32)
    assert not out[:10].any() and set(out[10:]) == {1.0}, "scale and bias read as 0 past the end"
    assert "missing values read as 0" in gpu.device.debug_layer.messages[-1]


@pytest.mark.parametrize("debug", [True, False])
def test_a_resource_released_after_recording_is_caught_at_execution(debug):
    gpu = Compute(debug=debug)
    command_list = gpu.open()
    gpu.bind_scale_bias(command_list)
    command_list.Dispatch(1, 1, 1)
    ThrowIfFailed(command_list.Close())
    gpu.dst.Release()
    if debug:
        with pytest.raises(D3D12DebugLayerError, match="released") as caught:
            gpu.queue.ExecuteCommandLists(1, [command_list])
        assert caught.value.rule == f"GPU-based validation: {R.ROOT_DESCRIPTOR_MEMORY}"
    else:
        gpu.queue.ExecuteCommandLists(1, [command_list])
        assert "the dispatch is skipped" in gpu.device.debug_layer.messages[-1]


@pytest.mark.parametrize("debug", [True, False])
def test_shader_undefined_behaviour_is_strict_exactly_with_the_debug_layer(debug):
    gpu = Compute(debug=debug)
    root_signature = gpu.create_root_signature(("uav", 0))
    small = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 100 * 4, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    command_list = gpu.open()
    command_list.SetPipelineState(gpu.create_pipeline(overrun, root_signature))
    command_list.SetComputeRootSignature(root_signature)
    command_list.SetComputeRootUnorderedAccessView(0, small.GetGPUVirtualAddress())
    command_list.Dispatch(2, 1, 1)  # 128 threads, 100 words
    ThrowIfFailed(command_list.Close())
    if debug:
        with pytest.raises(D3D12DebugLayerError, match="outside") as caught:
            gpu.queue.ExecuteCommandLists(1, [command_list])
        assert caught.value.rule == f"GPU-based validation: {R.SHADER_EXECUTION}"
    else:
        gpu.queue.ExecuteCommandLists(1, [command_list])  # stores past the end are dropped
        assert np.array_equal(gpu.download(small, 400).view(np.uint32), np.arange(100))



@compute_shader(numthreads=(32, 1, 1))
def k_mismatch(inputs=ByteAddressBuffer("t0"), weights=ByteAddressBuffer("t1"), outputs=RWByteAddressBuffer("u0"),
               layout=RootConstants("b0", 1)):
    """A K-element vector times an M x (K + 1) matrix: DXC would reject it (NUMi vs K)."""
    x = inputs.Load[vector[float16_t, K]](SV_DispatchThreadID()[:, 0] * (2 * K))
    matrix = MatrixRef[DATA_TYPE_FLOAT16, M, K + 1, MATRIX_LAYOUT_MUL_OPTIMAL](weights, layout[0], 0)
    outputs.Store(0, Mul[half](matrix, MakeInterpretedVector[DATA_TYPE_FLOAT16](x)))


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("shader, offset, always", [(k_mismatch, 0, True), (mul_optimal, 64, False)],
                         ids=["compile-time rule", "undefined matrix alignment"])
def test_shader_rules_raise_from_execute_as_the_kind_of_rule_says(shader, offset, always, debug):
    """A rule DXC enforces raises in both modes; undefined behaviour only with the debug layer."""
    gpu = Compute(debug=debug)
    root_signature = gpu.create_root_signature(("srv", 0), ("srv", 1), ("uav", 0), ("constants", 0, 1))
    command_list = gpu.open()
    command_list.SetPipelineState(gpu.create_pipeline(shader, root_signature))
    command_list.SetComputeRootSignature(root_signature)
    command_list.SetComputeRootShaderResourceView(0, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRootShaderResourceView(1, gpu.src.GetGPUVirtualAddress())
    command_list.SetComputeRootUnorderedAccessView(2, gpu.dst.GetGPUVirtualAddress())
    command_list.SetComputeRoot32BitConstant(3, offset, 0)
    command_list.Dispatch(1, 1, 1)
    ThrowIfFailed(command_list.Close())
    if debug:
        with pytest.raises(D3D12DebugLayerError, match=f"shader '{shader.name}'") as caught:
            gpu.queue.ExecuteCommandLists(1, [command_list])
        assert caught.value.rule == f"GPU-based validation: {R.SHADER_EXECUTION}"
    elif always:
        with pytest.raises(InvalidArgumentError):
            gpu.queue.ExecuteCommandLists(1, [command_list])
        assert R.SHADER_EXECUTION in gpu.device.debug_layer.messages[-1]
    else:
        gpu.queue.ExecuteCommandLists(1, [command_list])
