"""The training modules on the H100 (issue 12): the run folder, and the run's dumps read back.

Runs (one vkrun job file, `training/jobs.txt`):
  widen          dxlinalg/samples/spirv/mlp_widen.spv on the parameter buffer
  train_bB       dxlinalg/samples/spirv/mlp_training.spv, batch B (32: one wave; 64; 150: five waves, the
                 last partial), STEP, every repeat dumped (the FP16 atomics' order varies)
  trace_bB       mlp_training_trace.spv: the same source plus a store of every intermediate per
                 invocation into a fourth buffer (TRACE_FIELDS), so each step can be replayed on
                 the GPU's own inputs
  adam           dxlinalg/samples/spirv/mlp_adam.spv on the emulator's step (its gradients of batch 150)
  probe_MxN_wW   training_probe.comp: OuterProductAccumulate and ReduceSumAccumulate of given
                 vectors into FP16 and into FP32 memory, and the transposed MatMul, W waves

The inputs are the state of dxlinalg/samples/mlp_training.py's Trainer on profile nvidia-h100 after
PRIOR_STEPS steps (so biases and Adam moments are nonzero), read back from the mock device.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
PROFILE = "nvidia-h100"
BATCHES = (32, 64, 150)
STEP = 5
PRIOR_STEPS = 2
LEARNING_RATE = 1e-2
REPEATS = 8
LOSS_FILL = 0xA5

# the trace record of one invocation (bytes; every vector at a 16-byte aligned offset)
TRACE_FIELDS = {"uv": (0, np.float32, 2), "target": (8, np.float32, 3), "a0": (32, np.float16, 16),
                "z1": (64, np.float16, 32), "z2": (128, np.float16, 32), "z3": (192, np.float16, 3),
                "d3": (208, np.float16, 3), "back2": (224, np.float16, 32), "d2": (288, np.float16, 32),
                "back1": (352, np.float16, 32), "d1": (416, np.float16, 32)}
TRACE_STRIDE = 480

# training_probe.comp variants: (M, N) and the byte layout of its buffers
PROBE_SHAPES = ((32, 16), (3, 32))
PROBE_WAVES = (1, 4)
PARTIAL_ACTIVE = 22           # the follow-up run: one wave with 22 active invocations (as batch 150's last wave)
VEC_STRIDE = 128
A_OFFSET = 64
BACK_STRIDE = 64


# ---- the state the runs start from ----------------------------------------------------------------
@dataclass
class State:
    params: np.ndarray          # uint8, the FP16 parameter buffer (TrainingOptimal matrices, biases)
    master: np.ndarray          # float32
    moments: np.ndarray         # float32, m and v interleaved
    matrix_offsets: list[int]
    bias_offsets: list[int]
    shapes: list[tuple[int, int]]
    elements: int
    extra: dict = field(default_factory=dict)


@cache
def initial_state() -> State:
    from dxlinalg.samples import mlp_training
    from dxlinalg.samples.host_helpers import GpuContext

    gpu = GpuContext(PROFILE)
    trainer = mlp_training.Trainer(gpu, mlp_training.training_network(), 64)
    for step in range(PRIOR_STEPS):
        trainer.step(step, LEARNING_RATE)
    layout = trainer.layout
    return State(gpu.read_back(trainer.params, layout.size).copy(),
                 gpu.read_back(trainer.master, trainer.elements * 4).view(np.float32).copy(),
                 gpu.read_back(trainer.moments, trainer.elements * 8).view(np.float32).copy(),
                 list(layout.matrix_offsets), list(layout.bias_offsets), list(layout.shapes), trainer.elements)


def spec_constants(state: State) -> dict[int, int]:
    return dict(enumerate([*state.matrix_offsets, *state.bias_offsets]))


def training_push(batch: int, step: int = STEP) -> bytes:
    return struct.pack("<II", batch, step)


def adam_push(state: State, step: int = STEP) -> bytes:
    from dxlinalg.samples import mlp_training

    return struct.pack("<Iffff", state.elements, LEARNING_RATE, 0.9 ** (step + 1), 0.999 ** (step + 1),
                       1.0 / mlp_training.LOSS_SCALE)


@cache
def emulated_gradients(batch: int) -> np.ndarray:
    """The emulator's gradient buffer after mlp_training.spv (nvidia-h100) from the initial state."""
    from dxlinalg.spirv import run
    from dxlinalg.samples.mlp_inference_spirv import compiled_module

    state = initial_state()
    result = run(compiled_module("mlp_training.spv"), groups=(-(-batch // 64), 1, 1),
                 buffers={(0, 0): state.params, (0, 1): np.zeros_like(state.params),
                          (0, 2): np.zeros(batch, np.float32)},
                 push_constants=training_push(batch), spec_constants=spec_constants(state), profile=PROFILE)
    return np.asarray(result[(0, 1)]).view(np.uint8).copy()


# ---- training_probe inputs -----------------------------------------------------------------------
def probe_layout(m: int, n: int) -> dict[str, int]:
    from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
    from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
    from dxlinalg.profile.registry import load_profile

    profile = load_profile(PROFILE)
    size16 = stored_size(MatrixDescription(m, n, ComponentType.F16, MatrixLayout.OuterProductOptimal), profile)
    bias16 = -(-size16 // 64) * 64
    bias32 = -(-2 * size16 // 64) * 64
    return {"size16": size16, "bias16": bias16, "grads16": bias16 + 64 * -(-2 * m // 64),
            "bias32": bias32, "grads32": bias32 + 64 * -(-4 * m // 64)}


def probe_inputs(m: int, n: int, waves: int) -> dict[str, np.ndarray]:
    """d (invocations, M), a (invocations, N) FP16; the FP16 M x N matrix W and its TrainingOptimal bytes."""
    from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
    from dxlinalg.profile.matrix_storage import (
        MatrixDescription,
        encode_matrix,
        stored_size,
    )
    from dxlinalg.profile.registry import load_profile

    rng = np.random.default_rng(1000 * m + n)
    invocations = 32 * waves
    d = (rng.standard_normal((invocations, m)) * 2.0 ** rng.integers(-6, 0, (invocations, 1))).astype(np.float16)
    a = np.maximum(rng.standard_normal((invocations, n)), 0).astype(np.float16)
    w = (rng.standard_normal((m, n)) * 0.3).astype(np.float16)
    profile = load_profile(PROFILE)
    desc = MatrixDescription(m, n, ComponentType.F16, MatrixLayout.OuterProductOptimal)
    encoded = np.zeros(stored_size(desc, profile), np.uint8)
    encode_matrix(w, encoded, desc, profile)
    vectors = np.zeros((invocations, VEC_STRIDE), np.uint8)
    vectors[:, : 2 * m] = d.view(np.uint8)
    vectors[:, A_OFFSET: A_OFFSET + 2 * n] = a.view(np.uint8)
    return {"d": d, "a": a, "w": w, "w_bytes": encoded, "vectors": vectors.reshape(-1)}


def probe_defines(m: int, n: int) -> dict[str, str]:
    layout = probe_layout(m, n)
    return {"M": str(m), "N": str(n), "A_OFFSET": f"{A_OFFSET}u", "VEC_STRIDE": f"{VEC_STRIDE}u",
            "BIAS16": f"{layout['bias16']}u", "BIAS32": f"{layout['bias32']}u", "BACK_STRIDE": f"{BACK_STRIDE}u"}


# ---- the trace module ----------------------------------------------------------------------------
def _insert(text: str, anchor: str, addition: str, before: bool = False) -> str:
    line = anchor + "\n"
    if text.count(line) != 1:
        raise SystemExit(f"anchor {anchor!r} occurs {text.count(line)} times in mlp_training.comp")
    return text.replace(line, addition + line if before else line + addition)


def trace_source(original: str) -> str:
    """mlp_training.comp with a trace buffer at binding 3 and a store of each intermediate."""
    def store(name: str) -> str:
        return f"    coopVecStoreNV({name}, trace, traceBase + {TRACE_FIELDS[name][0]}u);\n"

    text = _insert(original, "layout(set = 0, binding = 2) writeonly buffer Losses { float losses[]; };",
                   "layout(set = 0, binding = 3) writeonly buffer Trace { uint trace[]; };\n")
    scalars = "".join(f"    trace[traceBase / 4u + {word}u] = floatBitsToUint({value});\n"
                      for word, value in enumerate(["uv.x", "uv.y", "target.x", "target.y", "target.z"]))
    text = _insert(text, "    vec3 target = target_image(uv);",
                   f"    uint traceBase = {TRACE_STRIDE}u * thread;\n" + scalars)
    text = _insert(text, "    coopvecNV<float16_t, 16> a0 = encode(uv);", store("a0"))
    for layer, name in ((1, "z1"), (2, "z2"), (3, "z3")):
        anchor = next(line for line in text.splitlines() if line.startswith(f"    coopVecMatMulAddNV({name},"))
        text = _insert(text, anchor, store(name))
    text = _insert(text, "    coopVecOuterProductAccumulateNV(d3, a2, grads, W2_OFFSET, 0u, TRAINING, F16);", store("d3"),
                   before=True)
    for name, follows in (("back2", "    coopVecMatMulNV(back2,"), ("back1", "    coopVecMatMulNV(back1,")):
        anchor = next(line for line in text.splitlines() if line.startswith(follows))
        text = _insert(text, anchor, store(name))
    text = _insert(text, "    coopvecNV<float16_t, 32> d2 = relu_derivative(z2, back2);", store("d2"))
    text = _insert(text, "    coopvecNV<float16_t, 32> d1 = relu_derivative(z1, back1);", store("d1"))
    return text


def build_modules(out: Path) -> dict[str, str]:
    """mlp_training_trace.spv and training_probe_MxN.spv into OUT (glslang, spirv-val); sha256s."""
    from build_shaders import _shader_build

    build = _shader_build()
    out.mkdir(parents=True, exist_ok=True)
    (out / "src").mkdir(exist_ok=True)
    hashes = {}

    def compile_one(name: str, source: Path, defines: dict[str, str]) -> None:
        binary = build.compile_glslang(build.Module(f"{name}.spv", source.name, "glslang", defines), source)
        target = out / f"{name}.spv"
        target.write_bytes(binary)
        build.validate(target)
        hashes[target.name] = hashlib.sha256(binary).hexdigest()

    trace = out / "src" / "mlp_training_trace.comp"
    trace.write_text(trace_source((REPO / "dxlinalg" / "samples" / "spirv" / "mlp_training.comp").read_text()))
    compile_one("mlp_training_trace", trace, {})
    for m, n in PROBE_SHAPES:
        compile_one(f"training_probe_{m}x{n}", HERE / "training_probe.comp", probe_defines(m, n))
        compile_one(f"training_probe_{m}x{n}_a{PARTIAL_ACTIVE}", HERE / "training_probe.comp",
                    {**probe_defines(m, n), "ACTIVE": f"{PARTIAL_ACTIVE}u"})
    for name in ("mlp_training.spv", "mlp_adam.spv", "mlp_widen.spv"):
        shutil.copy(REPO / "dxlinalg" / "samples" / "spirv" / name, out / name)
        hashes[name] = hashlib.sha256((out / name).read_bytes()).hexdigest()
    (out / "modules.json").write_text(json.dumps({"compilers": build.compiler_versions(), "sha256": hashes},
                                                 indent=2, sort_keys=True) + "\n")
    return hashes


# ---- the run folder ------------------------------------------------------------------------------
def input_files() -> dict[str, bytes]:
    """Every input file of the runs, by name (deterministic)."""
    state = initial_state()
    files = {"params.bin": state.params.tobytes(), "master.bin": state.master.tobytes(),
             "moments.bin": state.moments.tobytes(), "widen.push.bin": struct.pack("<I", state.elements),
             "adam.push.bin": adam_push(state), "adam.grads.bin": emulated_gradients(150).tobytes()}
    for batch in BATCHES:
        files[f"train_b{batch}.push.bin"] = training_push(batch)
        files[f"losses_b{batch}.bin"] = bytes([LOSS_FILL]) * (4 * batch)
    for m, n in PROBE_SHAPES:
        for waves in PROBE_WAVES:
            inputs = probe_inputs(m, n, waves)
            files[f"probe_{m}x{n}_w{waves}.vectors.bin"] = inputs["vectors"].tobytes()
            files[f"probe_{m}x{n}_w{waves}.params.bin"] = inputs["w_bytes"].tobytes()
    return files


def partial_job_lines() -> list[str]:
    """The follow-up run: training_probe with one wave of PARTIAL_ACTIVE invocations, many repeats."""
    lines = ["# written by hardware/nvidia-h100/spirv/training.py (follow-up); run: vkrun jobs_2.txt OUT_DIR"]
    for m, n in PROBE_SHAPES:
        layout = probe_layout(m, n)
        name = f"probe_{m}x{n}_w1"
        lines += [f"run {name}_a{PARTIAL_ACTIVE}", f"module spv/training_probe_{m}x{n}_a{PARTIAL_ACTIVE}.spv",
                  f"buffer 0 0 0 in/{name}.vectors.bin", f"buffer 0 1 {layout['grads16']} -",
                  f"buffer 0 2 {layout['grads32']} -", f"buffer 0 3 0 in/{name}.params.bin",
                  f"buffer 0 4 {BACK_STRIDE * 32} -", "dispatch 1 1 1", "repeats 16", "dumprepeats", "end"]
    return lines


def job_lines() -> list[str]:
    state = initial_state()
    size = state.params.size
    lines = ["# written by hardware/nvidia-h100/spirv/training.py; run: vkrun jobs.txt OUT_DIR"]
    groups = -(-state.elements // 64)
    lines += ["run widen", "module spv/mlp_widen.spv", "buffer 0 0 0 in/params.bin",
              f"buffer 0 1 {4 * state.elements} -", "push in/widen.push.bin", f"dispatch {groups} 1 1", "repeats 2", "end"]
    spec = [f"spec {key} {value}" for key, value in spec_constants(state).items()]
    for batch in BATCHES:
        for kind in ("train", "trace"):
            lines += [f"run {kind}_b{batch}", f"module spv/{'mlp_training' if kind == 'train' else 'mlp_training_trace'}.spv",
                      "buffer 0 0 0 in/params.bin", f"buffer 0 1 {size} -", f"buffer 0 2 0 in/losses_b{batch}.bin"]
            if kind == "trace":
                lines.append(f"buffer 0 3 {TRACE_STRIDE * batch} -")
            lines += spec + [f"push in/train_b{batch}.push.bin", f"dispatch {-(-batch // 64)} 1 1"]
            lines += [f"repeats {REPEATS}", "dumprepeats", "end"] if kind == "train" else ["repeats 2", "end"]
    lines += ["run adam", "module spv/mlp_adam.spv", "buffer 0 0 0 in/params.bin", "buffer 0 1 0 in/adam.grads.bin",
              "buffer 0 2 0 in/master.bin", "buffer 0 3 0 in/moments.bin", "push in/adam.push.bin",
              f"dispatch {groups} 1 1", "repeats 2", "end"]
    for m, n in PROBE_SHAPES:
        layout = probe_layout(m, n)
        for waves in PROBE_WAVES:
            name = f"probe_{m}x{n}_w{waves}"
            lines += [f"run {name}", f"module spv/training_probe_{m}x{n}.spv", f"buffer 0 0 0 in/{name}.vectors.bin",
                      f"buffer 0 1 {layout['grads16']} -", f"buffer 0 2 {layout['grads32']} -",
                      f"buffer 0 3 0 in/{name}.params.bin", f"buffer 0 4 {BACK_STRIDE * 32 * waves} -",
                      f"dispatch {waves} 1 1", f"repeats {REPEATS if waves > 1 else 2}", "dumprepeats", "end"]
    return lines


def write_folder(folder: Path, spv: Path) -> None:
    """The training run folder: jobs.txt, in/, spv/ (the modules build_modules wrote)."""
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "in").mkdir(parents=True)
    for name, data in input_files().items():
        (folder / "in" / name).write_bytes(data)
    shutil.copytree(spv, folder / "spv", ignore=shutil.ignore_patterns("src"))
    (folder / "jobs.txt").write_text("\n".join(job_lines()) + "\n")
    (folder / "jobs_2.txt").write_text("\n".join(partial_job_lines()) + "\n")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"wrote {folder} ({size / 1e6:.2f} MB)")


# ---- reading the dumps back ----------------------------------------------------------------------
def read_trace(raw: bytes, batch: int) -> dict[str, np.ndarray]:
    records = np.frombuffer(raw, np.uint8).reshape(-1, TRACE_STRIDE)[:batch]
    out = {}
    for name, (offset, dtype, count) in TRACE_FIELDS.items():
        width = count * np.dtype(dtype).itemsize
        out[name] = np.ascontiguousarray(records[:, offset: offset + width]).view(dtype)
    return out


def dump_repeats(dump: Path, run: str, binding: int, repeats: int) -> list[bytes]:
    """The buffer after every repeat: the first as NAME.s0bN.bin, the rest as NAME.rK.s0bN.bin."""
    files = [dump / f"{run}.s0b{binding}.bin"] + [dump / f"{run}.r{k}.s0b{binding}.bin" for k in range(1, repeats)]
    return [path.read_bytes() for path in files]
