"""Every committed SPIR-V sample (dxlinalg/samples/spirv, its manifest) through the Vulkan calls gives the bytes
`dxlinalg.spirv.run` gives, on every shipped profile: the same module, buffers, push constants and
specialization, once as a Vulkan application dispatches it (shader module, layouts, pipeline with
VkSpecializationInfo, descriptor set, push constants, vkCmdDispatch, submit, fence; `dxlinalg.samples.vulkan_helpers`)
and once through the one-call entry point. The inference modules take the buffers the D3D12 sample prepares;
the device-conversion path of the Vulkan inference sample is compared in its own tests below."""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from dxlinalg.coopmat.listed_muladd import listed_muladd
from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse, Scope
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.profile.vulkan import vulkan_answers
from dxlinalg.spirv import run
from dxlinalg.vulkan import (
    VK_COMPONENT_TYPE_FLOAT_E4M3_NV,
    VkDeviceOrHostAddressConstKHR,
    VkDeviceOrHostAddressKHR,
    VulkanHazardWarning,
    vkConvertCooperativeVectorMatrixNV,
)
from dxlinalg.samples import mlp_inference_vulkan, mlp_training
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import prepare_variant
from dxlinalg.samples.mlp_inference_spirv import FOLDER, MODULES, weight_variant
from dxlinalg.samples.mlp_model import random_weights
from dxlinalg.samples.vulkan_helpers import VulkanContext, run_module

PROFILES = builtin_profile_names()
MANIFEST = json.loads((FOLDER / "manifest.json").read_text())["modules"]
pytestmark = pytest.mark.filterwarnings("error::dxlinalg.vulkan.VulkanHazardWarning")


@dataclass
class Case:
    """One dispatch of a module: what both paths get."""

    groups: tuple[int, int, int]
    buffers: dict[tuple[int, ...], np.ndarray]       # (set, binding), or (set, binding, element) in an array
    push_constants: bytes = b""
    spec_constants: dict[int, Any] = field(default_factory=dict)
    strict: bool = True
    uniform: frozenset[tuple[int, int]] = frozenset()   # (set, binding) bound as uniform buffers


def rng(name: str, profile: str) -> np.random.Generator:
    return np.random.default_rng([sum(map(ord, name)), sum(map(ord, profile))])


def counted(name: str, profile: str) -> Case:
    """Modules taking uint values[count] and a uint count (control flow, specialization)."""
    count = 100
    values = rng(name, profile).integers(0, 2000, count).astype(np.uint32)
    values[::13] = 0
    outputs = {"control_flow.spv": np.zeros(5 * count, np.uint32), "spec_constants.spv": np.zeros(count, np.float32)}
    spec = {0: 7, 1: np.float32(-0.75), 2: True} if name == "spec_constants.spv" else {}
    return Case((2, 1, 1), {(0, 0): values, (0, 1): outputs[name]}, struct.pack("<I", count), spec)


def atomics(name: str, profile: str) -> Case:
    count = 150
    counters = np.zeros(27, np.uint32)
    counters[17], counters[18], counters[20] = 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF  # minimum, maximum, mask
    values = rng(name, profile).integers(0, 5000, count).astype(np.uint32)
    return Case((3, 1, 1), {(0, 0): values, (0, 1): counters}, struct.pack("<I", count))


def workgroup_reduce(name: str, profile: str) -> Case:
    count = 150
    values = rng(name, profile).standard_normal(count).astype(np.float32)
    return Case((3, 1, 1), {(0, 0): values, (0, 1): np.zeros(6, np.uint32)}, struct.pack("<I", count))


def slang_loops(name: str, profile: str) -> Case:
    count = 100
    values = (rng(name, profile).standard_normal(count) * 20).astype(np.float32)
    return Case((2, 1, 1), {(0, 0): values, (0, 1): np.zeros(3 * count, np.float32)}, struct.pack("<If", count, 1.5))


def subgroup_ops(name: str, profile: str) -> Case:
    values = rng(name, profile).integers(0, 200, 128).astype(np.uint32)
    # slot 15 of the subgroup's last lane reads an undefined value (a shuffle from past the subgroup): permissive
    return Case((2, 1, 1), {(0, 0): values, (0, 1): np.zeros(16 * 128, np.uint32)}, strict=False)


def types_16_64(name: str, profile: str) -> Case:
    count = 32
    generator = rng(name, profile)
    inputs = generator.integers(0, 256, (count, 40)).astype(np.uint8)
    inputs[:, 0:4] = generator.uniform(-4, 4, (count, 2)).astype(np.float16).view(np.uint8).reshape(count, 4)
    inputs[:, 32:40] = (generator.standard_normal((count, 1)) * 1e3).view(np.uint8)
    # `a.s64 % 5` of negative values is undefined on a device without VK_KHR_maintenance8's OpSMod
    strict = load_profile(profile).shader.signed_remainder == "spirv"
    return Case((1, 1, 1), {(0, 0): inputs, (0, 1): np.zeros((count, 56), np.uint8)}, struct.pack("<I", count),
                strict=strict)


def coopvec_ops(name: str, profile: str) -> Case:
    count = 32
    generator = rng(name, profile)
    inputs = np.zeros((count, 64), np.uint8)
    inputs[:, 0:32] = generator.uniform(-0.9, 0.9, (count, 16)).astype(np.float16).view(np.uint8)
    inputs[:, 32:64] = generator.integers(0, 1 << 20, (count, 8)).astype(np.uint32).view(np.uint8)
    return Case((1, 1, 1), {(0, 0): inputs, (0, 1): np.zeros((count, 768), np.uint8)}, struct.pack("<I", count))


def mlp_widen(name: str, profile: str) -> Case:
    params = rng(name, profile).standard_normal(100).astype(np.float16)
    return Case((2, 1, 1), {(0, 0): params, (0, 1): np.zeros(100, np.float32)}, struct.pack("<I", 100))


def mlp_adam(name: str, profile: str) -> Case:
    count, generator = 100, rng(name, profile)
    buffers = {(0, 0): generator.standard_normal(count).astype(np.float16),
               (0, 1): generator.standard_normal(count).astype(np.float16),
               (0, 2): generator.standard_normal(count).astype(np.float32),
               (0, 3): np.abs(generator.standard_normal(2 * count)).astype(np.float32)}
    return Case((2, 1, 1), buffers, struct.pack("<Iffff", count, 1e-2, 0.9 ** 3, 0.999 ** 3, 1 / 128))


def inference(name: str, profile: str) -> Case | None:
    """The D3D12 sample's prepared frame (MUL_OPTIMAL weights, biases, root constants) for the module's variant."""
    compiler = "slang" if "slang" in name else "glslang"
    variant = next(v for v, module in MODULES[compiler].items() if module == name)
    gpu = GpuContext(profile)
    frame = prepare_variant(gpu, variant, random_weights(3), 70, 2)
    if weight_variant(frame) != variant:
        return None                      # the profile lacks the combination: the sample falls back to FP16
    buffers = {(0, 0): frame.weights.buffer.data.copy(), (0, 1): frame.biases.buffer.data.copy(),
               (0, 2): np.zeros(frame.pixels * 3, np.float32)}
    return Case((2, 2, 1), buffers, frame.constants.tobytes())


def training(name: str, profile: str) -> Case | None:
    gpu = GpuContext(profile)
    if mlp_training.missing_support(gpu.device):
        return None
    trainer = mlp_training.Trainer(gpu, mlp_training.training_network(), 50)
    layout = trainer.layout
    spec = dict(enumerate([*layout.matrix_offsets, *layout.bias_offsets]))
    buffers = {(0, 0): gpu.read_back(trainer.params, layout.size), (0, 1): gpu.read_back(trainer.grads, layout.size),
               (0, 2): np.zeros(50, np.float32)}
    return Case((1, 1, 1), buffers, struct.pack("<II", 50, 3), spec)


SUBGROUP = 32   # the cooperative-matrix modules' local size: one full subgroup on a 32-wide device


def coopmat_basic(name: str, profile: str) -> Case | None:
    if load_profile(profile).wave_size != SUBGROUP:
        return None                      # a 32-invocation group is not a full subgroup there
    generator = rng(name, profile)
    a, b = (generator.uniform(-2, 2, 256).astype(np.float16) for _ in range(2))
    return Case((1, 1, 1), {(0, 0): a, (0, 1): b, (0, 2): np.zeros(256, np.float32)})


def coopmat_gemm(name: str, profile: str) -> Case | None:
    """Ragged sizes: the tensor layouts' Constant clamp covers the edge tiles."""
    if load_profile(profile).wave_size != SUBGROUP:
        return None
    m, n, k = 40, 24, 36
    generator = rng(name, profile)
    a = generator.uniform(-2, 2, m * k).astype(np.float16)
    b = generator.uniform(-2, 2, k * n).astype(np.float16)
    return Case((-(-n // 16), -(-m // 16), 1), {(0, 0): a, (0, 1): b, (0, 2): np.zeros(m * n, np.float32)},
                struct.pack("<3I", m, n, k))


def descriptor_arrays(name: str, profile: str) -> Case:
    """descriptor_arrays.spv: three input blocks, two uniform blocks and two outputs, each an array element."""
    generator = rng(name, profile)
    count = 70
    buffers: dict[tuple[int, ...], np.ndarray] = {
        (0, 0, k): generator.standard_normal(count).astype(np.float32) for k in range(3)}
    buffers.update({(0, 1, k): generator.standard_normal(4).astype(np.float32) for k in range(2)})
    buffers.update({(0, 2, k): np.zeros(count, np.float32) for k in range(2)})
    return Case((3, 1, 1), buffers, np.array([count, 2], np.uint32).tobytes(), uniform=frozenset({(0, 1)}))


CASES: dict[str, Callable[[str, str], Case | None]] = {
    "atomics.spv": atomics, "descriptor_arrays.spv": descriptor_arrays, "control_flow.spv": counted, "spec_constants.spv": counted,
    "workgroup_reduce.spv": workgroup_reduce, "slang_loops.spv": slang_loops, "subgroup_ops.spv": subgroup_ops,
    "types_16_64.spv": types_16_64, "coopvec_ops.spv": coopvec_ops, "mlp_widen.spv": mlp_widen,
    "mlp_adam.spv": mlp_adam, "mlp_training.spv": training,
    "coopmat_basic.spv": coopmat_basic, "coopmat_gemm.spv": coopmat_gemm,
    **{module: inference for modules in MODULES.values() for module in modules.values()},
}
#: modules that reach memory through device addresses in push constants, run by their own tests:
#: buffer_reference below, coopmat_workgroup in tests/spirv/test_coopmat_workgroup_spirv.py
DEVICE_ADDRESS_MODULES = {"buffer_reference.spv", "coopmat_workgroup.spv"}
DESCRIPTOR_MODULES = sorted(set(MANIFEST) - DEVICE_ADDRESS_MODULES)


def coopmat2_case(name: str, profile: str) -> Case | None:
    """The SPV_NV_cooperative_matrix2 modules: one 32-invocation group, whole subgroups on 4- and 32-wide devices."""
    if 32 % load_profile(profile).wave_size:
        return None                      # a 32-invocation group is not whole subgroups there
    generator = rng(name, profile)
    # coopmat_convert's float32 MatrixA and coopmat_reduce's 4x16, 2x8, 8x8 and 16x1 results are matrices no
    # MulAdd of a profile that lists them has (VUID-RuntimeSpirv-OpTypeCooperativeMatrixKHR-08974): undefined
    # there, so those profiles run them permissive
    strict = not load_profile(profile).coopmat.muladd_properties
    if name == "coopmat_convert.spv":
        return Case((1, 1, 1), {(0, 0): generator.integers(-64, 64, 384).astype(np.float16),
                                (0, 1): np.zeros(8 * 1024, np.float16), (0, 2): np.zeros(8 * 256, np.float32)},
                    strict=strict)
    source = generator.integers(-4, 4, 256).astype(np.float32)
    if name == "coopmat_reduce.spv":
        return Case((1, 1, 1), {(0, 0): source, (0, 1): np.zeros(8 * 512, np.float32)}, strict=strict)
    return Case((1, 1, 1), {(0, 0): source, (0, 1): source[::-1].copy(), (0, 2): np.zeros(8 * 512, np.float32),
                            (0, 3): np.zeros(1, np.uint32)}, np.float32(2).tobytes())


CASES.update(dict.fromkeys(("coopmat_reduce.spv", "coopmat_per_element.spv", "coopmat_convert.spv"), coopmat2_case))


def coopmat_gemm_8x8(name: str, profile: str) -> Case | None:
    """Benchmark L3's module: 8 x 8 x 8 tiles shared among a 32-invocation group's subgroups (where the profile
    lists that MulAdd: the nvidia-h100 profile lists 16 x 16 and larger only)."""
    device = load_profile(profile)
    a, b, c = (CoopMatType(dtype, Scope.Subgroup, 8, 8, use) for dtype, use in (
        (np.float16, MatrixUse.MatrixAKHR), (np.float16, MatrixUse.MatrixBKHR),
        (np.float32, MatrixUse.MatrixAccumulatorKHR)))
    if 32 % device.wave_size or not listed_muladd(device.coopmat, a, b, c, c, False):
        return None
    m, n, k = 16, 32, 24
    generator = rng(name, profile)
    a = generator.uniform(-2, 2, m * k).astype(np.float16)
    b = generator.uniform(-2, 2, k * n).astype(np.float16)
    return Case((n // 32, m // 8, 1), {(0, 0): a, (0, 1): b, (0, 2): np.zeros(m * n, np.float32)},
                struct.pack("<3I", m, n, k))


CASES["coopmat_gemm_8x8.spv"] = coopmat_gemm_8x8


def test_every_committed_module_is_run():
    assert set(CASES) | DEVICE_ADDRESS_MODULES == set(MANIFEST)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", DESCRIPTOR_MODULES)
def test_the_vulkan_calls_give_spirv_runs_bytes(name: str, profile: str) -> None:
    case = CASES[name](name, profile)
    if case is None:
        pytest.skip(f"{profile} lacks what {name} needs (a real application skips it too)")
    expected = run(FOLDER / name, groups=case.groups, buffers=case.buffers, push_constants=case.push_constants,
                   spec_constants=case.spec_constants, profile=profile, strict=case.strict)
    got = run_module((FOLDER / name).read_bytes(), case.groups, case.buffers, case.push_constants,
                     case.spec_constants, profile=profile, validation=case.strict, uniform=case.uniform)
    assert set(got) == set(expected)
    for key in expected:
        assert got[key].tobytes() == expected[key].tobytes(), key
    assert any(np.any(array) for key, array in got.items() if not np.array_equal(array, case.buffers[key])), \
        "the dispatch wrote nothing"


@pytest.mark.parametrize("profile", PROFILES)
def test_buffer_device_addresses_in_push_constants_reach_the_same_memory(profile: str) -> None:
    """buffer_reference.spv: PhysicalStorageBuffer pointers from vkGetBufferDeviceAddress, no descriptors."""
    count = 70
    source = rng("buffer_reference", profile).standard_normal(count).astype(np.float32)
    vk = VulkanContext(profile)
    src, dst = vk.upload(source), vk.buffer(8 * count)
    code = (FOLDER / "buffer_reference.spv").read_bytes()
    pipeline = vk.compute_pipeline(code, {}, 20)
    with vk.one_time_commands() as command_buffer:
        vk.record_dispatch(command_buffer, pipeline, {}, struct.pack("<QQI", src.address, dst.address, count),
                           (2, 1, 1))
    space = AddressSpace()
    expected_src, expected_dst = space.allocate(4 * count), space.allocate(8 * count)
    expected_src.data[:] = source.view(np.uint8)
    run(FOLDER / "buffer_reference.spv", groups=(2, 1, 1), profile=profile, address_space=space,
        push_constants=struct.pack("<QQI", expected_src.address, expected_dst.address, count))
    assert dst.mapped[: 8 * count].tobytes() == expected_dst.data.tobytes()
    assert np.array_equal(dst.mapped[: 4 * count].view(np.float32), source * np.float32(2) + np.float32(1))


# --- the Vulkan inference sample: weights converted on the device --------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("variant", ["fp16", "e4m3", "int8"])
def test_the_vulkan_inference_sample_renders_spirv_runs_and_the_python_shaders_bits(variant: str,
                                                                                    profile: str) -> None:
    result = mlp_inference_vulkan.compare(profile, variant, random_weights(5), 67, 3)
    assert result.same_bits
    assert np.isfinite(result.vulkan).all() and result.vulkan.std() > 0


def test_the_vulkan_inference_sample_converts_on_the_device_behind_a_barrier() -> None:
    vk = VulkanContext("nvidia-h100")
    frame = mlp_inference_vulkan.render(vk, "fp16", random_weights(5), 8, 1)
    assert frame.network.module == "mlp_inference_fp16.spv" and not frame.network.note
    assert not [m for m in vk.messages if "WARNING" in m or "ERROR" in m]


def test_the_vulkan_inference_sample_falls_back_to_fp16_where_fp8_is_not_reported() -> None:
    profile = load_profile("minimal")
    answers = vulkan_answers(profile)
    no_fp8 = [row for row in answers.cooperative_vector_properties
              if row.matrix_interpretation != VK_COMPONENT_TYPE_FLOAT_E4M3_NV]
    device = profile.model_copy(update={"vulkan": answers.model_copy(update={"cooperative_vector_properties": no_fp8})})
    frame = mlp_inference_vulkan.render(VulkanContext(device), "e4m3", random_weights(5), 8, 1)
    assert frame.network.module == "mlp_inference_fp16.spv" and "fell back to FP16" in frame.network.note


def test_the_vulkan_inference_sample_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert mlp_inference_vulkan.main(["--size", "5", "--variant", "e5m2", "--profile", "nvidia-h100"]) == 0
    assert "e5m2  the same bits as dxlinalg.spirv.run and the Python shader" in capsys.readouterr().out


def test_without_the_barrier_the_dispatch_is_a_read_after_write_hazard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conversion writes the weights the shader reads: with no barrier between them the layer warns."""
    monkeypatch.setattr(mlp_inference_vulkan, "vkCmdPipelineBarrier2", lambda *args: None)
    with pytest.warns(VulkanHazardWarning, match="SYNC-HAZARD-READ-AFTER-WRITE"):
        mlp_inference_vulkan.render(VulkanContext("reference"), "fp16", random_weights(5), 8, 1)


def test_weights_packed_at_the_sizes_vulkan_reports_are_enough_for_the_shader() -> None:
    """On `adversarial` the last layer's InferencingOptimal matrix (3 x 64 FP16) takes 446 bytes, as the size query
    says; a weight buffer ending there is valid Vulkan. The shader's load must stay inside it."""
    vk = VulkanContext("adversarial")
    network = mlp_inference_vulkan.network_for("fp16", random_weights(5), 8, 1,
                                               mlp_inference_vulkan.query_properties(vk.physical_device))
    parts, offsets, total = [], [], 0
    for matrix in network.matrices:
        info = mlp_inference_vulkan._conversion(network, matrix, [0])
        info.srcData = VkDeviceOrHostAddressConstKHR(hostAddress=matrix)
        vkConvertCooperativeVectorMatrixNV(vk.device, info)                 # the size query
        out = np.zeros(info.pDstSize[0], np.uint8)
        info.dstData = VkDeviceOrHostAddressKHR(hostAddress=out)
        vkConvertCooperativeVectorMatrixNV(vk.device, info)
        total = -(-total // 64) * 64
        offsets.append(total)
        parts.append(out)
        total += out.size
    assert parts[-1].size % 16                                               # the case this test is about
    weights = np.zeros(total, np.uint8)
    for offset, part in zip(offsets, parts):
        weights[offset: offset + part.size] = part
    biases, bias_offsets = mlp_inference_vulkan._packed(network.biases, 16)
    constants = np.array([8, 1, 0, 0, *offsets, *bias_offsets], np.uint32)
    outputs = [run(FOLDER / network.module, groups=(1, 1, 1), profile="adversarial", push_constants=constants.tobytes(),
                   buffers={(0, 0): buffer, (0, 1): biases, (0, 2): np.zeros(24, np.float32)})[(0, 2)]
               for buffer in (weights, np.concatenate([weights, np.zeros(64, np.uint8)]))]
    assert np.array_equal(outputs[0], outputs[1]) and outputs[0].any()    # the same bytes read, no more


# --- the cooperative-matrix tensor-addressing and Workgroup-scope modules ------------------------------------------

def coopmat_tensor_view(name: str, profile: str) -> Case | None:
    """Every layout and view instruction, a DecodeFunc (its block pointers are the bound buffer's addresses)."""
    if load_profile(profile).wave_size != 32:
        return None                      # its 32-invocation group is one full subgroup only on a 32-wide device
    source = ((np.arange(1024) * 7) % 61 - 30).astype(np.float16)
    params = struct.pack("<2I2i6I", 20, 24, -3, 13, 40, 0x3C00, 1, 8, 2, 100)
    return Case((1, 1, 1), {(0, 0): source, (0, 1): np.zeros(9 * 256, np.float16), (0, 2): np.zeros(1024, np.float16)},
                params)


CASES.update({"coopmat_tensor_view.spv": coopmat_tensor_view})
