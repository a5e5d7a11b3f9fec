"""Write a self-contained run folder for vkrun: the job file, every input file, the modules and
vkrun's source with the Vulkan headers, so the folder alone travels to the GPU machine.

Matrix bytes are the emulator's `encode_matrix` on profile nvidia-h100 (InferencingOptimal is the
driver's layout byte for byte, docs/nvidia-h100-layout.md), so nothing is converted on the device.
The MLP inputs are what dxlinalg/samples/mlp_inference.py writes on nvidia-h100: its MUL_OPTIMAL weights,
biases and root constants (= push constants), read back from the mock D3D12 device.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from cases import PROBE_RUNS, Case, ProbeRun, variant_cases
from variants import LANES, TRACE_LAYOUT, VARIANT_BY_NAME, Variant

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
PROFILE = "nvidia-h100"
RESULT_FILL = 0xA5          # result buffers start as 0xA5 bytes: a slot nobody wrote shows it
MLP_VARIANTS = ("fp16", "e4m3", "e5m2", "int8")
MLP_SLANG = ("fp16", "e4m3")
MLP_SIZE = (64, 16)         # width, height: 16 workgroups of 64
MATRIX_ALIGN = 128


def _round(n: int, to: int) -> int:
    return -(-n // to) * to


@dataclass(frozen=True)
class Layout:
    """Where each case's data sits in the run's buffers."""

    matrix_stride: int
    bias_stride: int


def matrix_description(variant: Variant):
    from dxlinalg.numerics.component_types import MatrixLayout
    from dxlinalg.numerics.vulkan_types import component_type_from_vulkan
    from dxlinalg.profile.matrix_storage import MatrixDescription

    component = component_type_from_vulkan(variant.matrix.vulkan, "MatrixInterpretation")
    rows, cols = (variant.k, variant.m) if variant.transpose else (variant.m, variant.k)
    return MatrixDescription(rows, cols, component, MatrixLayout.MulOptimal)


def layout_of(variant: Variant) -> Layout:
    from dxlinalg.profile.matrix_storage import stored_size
    from dxlinalg.profile.registry import load_profile

    size = stored_size(matrix_description(variant), load_profile(PROFILE))
    bias_size = variant.m * (variant.bias.size if variant.bias else 2)
    return Layout(_round(size, MATRIX_ALIGN), _round(bias_size, 16))


def encode_case_matrix(variant: Variant, case: Case) -> np.ndarray:
    """The case's matrix as InferencingOptimal bytes (stored K x M when transposed)."""
    from dxlinalg.numerics.component_types import type_info
    from dxlinalg.profile.matrix_storage import encode_matrix, stored_size
    from dxlinalg.profile.registry import load_profile

    profile = load_profile(PROFILE)
    desc = matrix_description(variant)
    stored = case.matrix.T if variant.transpose else case.matrix
    out = np.zeros(stored_size(desc, profile), np.uint8)
    encode_matrix(np.ascontiguousarray(stored).astype(type_info(desc.component_type).dtype), out, desc, profile)
    return out


def run_buffers(variant: Variant, cases: list[Case]) -> dict[str, bytes]:
    """inputs, matrices, biases and the results' initial bytes of one variant's run."""
    layout = layout_of(variant)
    n = len(cases)
    inputs = np.zeros((n * LANES, variant.input_stride), np.uint8)
    matrices = np.zeros(n * layout.matrix_stride, np.uint8)
    biases = np.zeros(n * layout.bias_stride, np.uint8)
    for c, case in enumerate(cases):
        raw = np.ascontiguousarray(case.inputs.astype(np.dtype(variant.input.numpy))).view(np.uint8)
        inputs[c * LANES: (c + 1) * LANES, : raw.shape[1]] = raw
        encoded = encode_case_matrix(variant, case)
        matrices[c * layout.matrix_stride: c * layout.matrix_stride + encoded.size] = encoded
        if case.bias is not None:
            bias = np.ascontiguousarray(case.bias).view(np.uint8)
            biases[c * layout.bias_stride: c * layout.bias_stride + bias.size] = bias
    results = np.full(n * LANES * variant.output_stride, RESULT_FILL, np.uint8)
    return {"inputs": inputs.tobytes(), "matrices": matrices.tobytes(), "biases": biases.tobytes(),
            "results": results.tobytes()}


def push_constants(variant: Variant, lane_mask: int = 0xFFFFFFFF) -> bytes:
    layout = layout_of(variant)
    return np.array([layout.matrix_stride, layout.bias_stride, lane_mask, 0], np.uint32).tobytes()


def mlp_inputs(variant: str) -> dict[str, bytes]:
    """weights, biases and push constants exactly as dxlinalg/samples/mlp_inference.py prepares them."""
    from dxlinalg.samples.host_helpers import GpuContext
    from dxlinalg.samples.mlp_inference import prepare_variant
    from dxlinalg.samples.mlp_model import random_weights

    gpu = GpuContext(PROFILE)
    frame = prepare_variant(gpu, variant, random_weights(), *MLP_SIZE)
    weights = gpu.read_back(frame.weights, frame.weights.GetDesc().Width)
    biases = gpu.read_back(frame.biases, frame.biases.GetDesc().Width)
    return {"weights": weights.tobytes(), "biases": biases.tobytes(), "push": frame.constants.astype(np.uint32).tobytes()}


class JobWriter:
    """Collects runs and their files under one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "in").mkdir(parents=True, exist_ok=True)
        self.lines = ["# written by hardware/nvidia-h100/spirv/jobs.py; run: vkrun jobs.txt OUT_DIR"]

    def file(self, name: str, data: bytes) -> str:
        (self.folder / "in" / name).write_bytes(data)
        return f"in/{name}"

    def run(self, name: str, module: str, buffers: list[tuple[int, int, int, str]], push: str | None,
            groups: tuple[int, int, int], repeats: int) -> None:
        self.lines += [f"run {name}", f"module {module}"]
        self.lines += [f"buffer {s} {b} {size} {path}" for s, b, size, path in buffers]
        if push:
            self.lines.append(f"push {push}")
        self.lines += [f"dispatch {groups[0]} {groups[1]} {groups[2]}", f"repeats {repeats}", "end"]

    def write(self) -> None:
        (self.folder / "jobs.txt").write_text("\n".join(self.lines) + "\n")


def write_matvec_run(writer: JobWriter, run: ProbeRun, repeats: int = 3, limit: int | None = None) -> int:
    variant, name = run.variant, run.name
    cases = run.make()[:limit]
    files = {key: writer.file(f"{name}.{key}.bin", data) for key, data in run_buffers(variant, cases).items()}
    push = writer.file(f"{name}.push.bin", push_constants(variant, run.lane_mask))
    writer.run(name, f"spv/{variant.name}.spv",
               [(0, 0, 0, files["inputs"]), (0, 1, 0, files["matrices"]), (0, 2, 0, files["biases"]),
                (0, 3, 0, files["results"])], push, (len(cases), 1, 1), repeats)
    return len(cases)


def write_mlp_runs(writer: JobWriter, variants=MLP_VARIANTS, slang=MLP_SLANG, repeats: int = 3) -> None:
    width, height = MLP_SIZE
    groups = (-(-width // 64), height, 1)
    image = width * height * 12
    for variant in variants:
        data = mlp_inputs(variant)
        weights = writer.file(f"mlp_{variant}.weights.bin", data["weights"])
        biases = writer.file(f"mlp_{variant}.biases.bin", data["biases"])
        push = writer.file(f"mlp_{variant}.push.bin", data["push"])
        common = [(0, 0, 0, weights), (0, 1, 0, biases), (0, 2, image, "-")]
        modules = [(f"mlp_{variant}", f"spv/mlp_inference_{variant}.spv")]
        if variant in slang:
            modules.append((f"mlp_slang_{variant}", f"spv/mlp_inference_slang_{variant}.spv"))
        for name, module in modules:
            writer.run(name, module, common, push, groups, repeats)
        trace = TRACE_LAYOUT["int8" if variant == "int8" else "float"]["stride"] * width * height
        writer.run(f"mlp_trace_{variant}", f"spv/mlp_trace_{variant}.spv", common + [(0, 3, trace, "-")], push,
                   groups, repeats)


def copy_programs(folder: Path, spv_build: Path) -> None:
    """vkrun.c, the Vulkan headers and every module the job file names."""
    shutil.copy(HERE / "vkrun.c", folder / "vkrun.c")
    for sub in ("vulkan", "vk_video"):           # the C headers only (the C++ ones are large)
        target = folder / "include" / sub
        target.mkdir(parents=True, exist_ok=True)
        for header in (HERE / "build" / sub).glob("*.h"):
            shutil.copy(header, target / header.name)
    spv = folder / "spv"
    spv.mkdir(exist_ok=True)
    for module in spv_build.glob("*.spv"):
        shutil.copy(module, spv / module.name)
    shutil.copy(spv_build / "modules.json", spv / "modules.json")
    for module in (REPO / "dxlinalg" / "samples" / "spirv").glob("mlp_inference*.spv"):
        shutil.copy(module, spv / module.name)


def write_all(folder: Path, batch: int = 1, smoke: bool = False) -> None:
    """One device run's folder: batch 1 is the matrix-vector probe and the MLP runs, batch 2 the
    follow-up runs (cases.PROBE_RUNS); `smoke` is one small matrix-vector run and the FP16 MLP."""
    if folder.exists():
        shutil.rmtree(folder)
    writer = JobWriter(folder)
    copy_programs(folder, HERE / "build" / "spv")
    if smoke:
        variant = VARIANT_BY_NAME["mv_f16_m16_k16_b"]
        write_matvec_run(writer, ProbeRun(variant.name, variant, lambda: variant_cases(variant)), limit=4, repeats=2)
        write_mlp_runs(writer, variants=("fp16",), slang=(), repeats=2)
    else:
        runs = [run for run in PROBE_RUNS if run.batch == batch]
        total = sum(write_matvec_run(writer, run) for run in runs)
        if batch == 1:
            write_mlp_runs(writer)
        print(f"{total} matvec cases in {len(runs)} runs")
    writer.write()
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"wrote {folder} ({size / 1e6:.1f} MB)")
