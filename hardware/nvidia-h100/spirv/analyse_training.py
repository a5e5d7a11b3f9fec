"""The training modules on the H100 against the emulator (dxlinalg.spirv, profile nvidia-h100).

Every step is compared on the GPU's own inputs to it (the trace), so each difference has one cause:
  uv, target     the PCG hash (integers: exact) and target_image (the GPU's cos / length vs numpy's)
  a0             the encoding (the GPU's sin / cos, rounded to FP16)
  z1, z2, z3     MatMulAdd on TrainingOptimal FP16 matrices (emulator's coopvec.matrix_mul)
  d3             the loss gradient through the sigmoid (the GPU's exp vs numpy's float32)
  back2, back1   the transposed MatMul (emulator, transpose = true)
  d2, d1         the ReLU derivative (exact)
  gradients      OuterProductAccumulate / ReduceSumAccumulate: the emulator's per-wave FP16 sums of
                 the GPU's d and a vectors, then every order of the waves' FP16 atomic adds; each
                 GPU repeat must be one of those outcomes, element by element
and end to end (the emulator runs mlp_training.spv / mlp_adam.spv / mlp_widen.spv on the same
buffers). Writes DATA_DIR/training.npz (inputs the replay needs and everything the GPU wrote) and
DATA_DIR/training.tsv (the comparisons).
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import numpy as np
import training as T

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from tests.hardware_replay.nvidia_h100_training_replay import (
    emulated_layers,
    gradient_status,
    partial_probe_check,
)


def load(dump: Path, followup: Path | None = None) -> dict[str, np.ndarray]:
    """Everything the GPU wrote, as arrays keyed like training.npz (followup: the second run's dump,
    training_probe with one wave of PARTIAL_ACTIVE invocations)."""
    state = T.initial_state()
    out: dict[str, np.ndarray] = {}
    out["widen.master"] = np.fromfile(dump / "widen.s0b1.bin", np.float32)
    for batch in T.BATCHES:
        grads = T.dump_repeats(dump, f"train_b{batch}", 1, T.REPEATS)
        out[f"train_b{batch}.grads"] = np.stack([np.frombuffer(g, np.uint16) for g in grads])
        out[f"train_b{batch}.losses"] = np.frombuffer((dump / f"train_b{batch}.s0b2.bin").read_bytes(), np.float32)
        out[f"trace_b{batch}.grads"] = np.fromfile(dump / f"trace_b{batch}.s0b1.bin", np.uint16)
        out[f"trace_b{batch}.losses"] = np.fromfile(dump / f"trace_b{batch}.s0b2.bin", np.float32)
        for name, values in T.read_trace((dump / f"trace_b{batch}.s0b3.bin").read_bytes(), batch).items():
            out[f"trace_b{batch}.{name}"] = values
    for binding, name in ((0, "params"), (1, "grads"), (2, "master"), (3, "moments")):
        out[f"adam.{name}"] = np.fromfile(dump / f"adam.s0b{binding}.bin", np.uint8)
    for m, n in T.PROBE_SHAPES:
        for waves in T.PROBE_WAVES:
            name = f"probe_{m}x{n}_w{waves}"
            repeats = T.REPEATS if waves > 1 else 2
            for binding, key in ((1, "grads16"), (2, "grads32"), (4, "back")):
                out[f"{name}.{key}"] = np.stack([np.frombuffer(b, np.uint8) for b in T.dump_repeats(dump, name, binding,
                                                                                                 repeats)])
    if followup is not None:
        for m, n in T.PROBE_SHAPES:
            name = f"probe_{m}x{n}_w1_a{T.PARTIAL_ACTIVE}"
            for binding, key in ((1, "grads16"), (2, "grads32"), (4, "back")):
                out[f"{name}.{key}"] = np.stack([np.frombuffer(b, np.uint8) for b in T.dump_repeats(followup, name, binding, 16)])
    out["state.params"] = state.params
    out["state.master"] = state.master
    out["state.moments"] = state.moments
    out["state.offsets"] = np.array([*state.matrix_offsets, *state.bias_offsets], np.int64)
    out["adam.input_grads"] = T.emulated_gradients(150)
    return out


def ulps16(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def ordered(x):
        bits = x.view(np.uint16).astype(np.int64)
        return np.where(bits & 0x8000, 0x8000 - bits, bits)
    return np.abs(ordered(np.asarray(a, np.float16)) - ordered(np.asarray(b, np.float16)))


def ulps32(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def ordered(x):
        bits = x.view(np.uint32).astype(np.int64)
        return np.where(bits & 0x80000000, 0x80000000 - bits, bits)
    return np.abs(ordered(np.asarray(a, np.float32)) - ordered(np.asarray(b, np.float32)))


def compare(rows: list[list], what: str, gpu: np.ndarray, other: np.ndarray, note: str = "") -> None:
    gpu, other = np.asarray(gpu), np.asarray(other)
    same = np.array_equal(gpu.view(np.uint8), other.astype(gpu.dtype).view(np.uint8)) if gpu.shape == other.shape else False
    if gpu.dtype == np.float16:
        distance = ulps16(gpu, other)
    elif gpu.dtype == np.float32:
        distance = ulps32(gpu, other)
    else:
        distance = (gpu.astype(np.int64) != other.astype(np.int64)).astype(np.int64)
    rows.append([what, gpu.size, int(np.sum(distance == 0)), int(distance.max()) if distance.size else 0,
                 "identical" if same else "", note])



def analyse(dump_dir: Path, data_dir: Path, followup: Path | None = None) -> None:
    from dxlinalg.spirv import run
    from dxlinalg.samples import mlp_inference, mlp_training
    from dxlinalg.samples.mlp_inference_spirv import compiled_module

    data = load(dump_dir, followup)
    state = T.initial_state()
    rows: list[list] = []
    # widen
    widened = run(compiled_module("mlp_widen.spv"), groups=(-(-state.elements // 64), 1, 1),
                  buffers={(0, 0): state.params, (0, 1): np.zeros(state.elements, np.float32)},
                  push_constants=struct.pack("<I", state.elements), profile=T.PROFILE)[(0, 1)]
    compare(rows, "widen master", data["widen.master"], np.asarray(widened).view(np.float32))
    for batch in T.BATCHES:
        key = f"trace_b{batch}"
        tr = {name: data[f"{key}.{name}"] for name in T.TRACE_FIELDS}
        compare(rows, f"b{batch} losses: train run vs trace run", data[f"train_b{batch}.losses"], data[f"{key}.losses"])
        uv = mlp_training.sample_uv(np.arange(batch, dtype=np.uint32), np.uint32(T.STEP))
        compare(rows, f"b{batch} uv vs numpy", tr["uv"], uv.astype(np.float32))
        target = mlp_training.target_image(tr["uv"].astype(np.float32)).astype(np.float32)
        compare(rows, f"b{batch} target vs numpy", tr["target"], target)
        encoded = mlp_inference.encode_uv(tr["uv"][:, 0], tr["uv"][:, 1]).astype(np.float16)
        compare(rows, f"b{batch} a0 vs numpy encoding", tr["a0"], encoded)
        layers = emulated_layers(tr, data["state.params"], [int(v) for v in data["state.offsets"]], batch)
        for name in ("z1", "z2", "z3", "back2", "back1"):
            compare(rows, f"b{batch} {name} vs emulator on the GPU's inputs", tr[name], layers[name])
        for name in ("d2", "d1"):
            compare(rows, f"b{batch} {name} vs ReLU derivative of the GPU's values", tr[name], layers[name])
        compare(rows, f"b{batch} d3 vs numpy float32 on the GPU's z3", tr["d3"], layers["d3"])
        for repeat, grads in enumerate(data[f"train_b{batch}.grads"]):
            status = gradient_status(tr, data["state.params"].size, [int(v) for v in data["state.offsets"]], batch, grads)
            rows.append([f"b{batch} gradients repeat {repeat}: an order of the waves' FP16 sums", grads.size,
                         int(status["order"].sum()), "", "all" if status["order"].all() else "",
                         f"{int(status['bound'].sum())} more within the bound of the partial wave's single-lane atomics"])
        # end to end
        emulated = run(compiled_module("mlp_training.spv"), groups=(-(-batch // 64), 1, 1),
                       buffers={(0, 0): state.params, (0, 1): np.zeros_like(state.params),
                                (0, 2): np.zeros(batch, np.float32)},
                       push_constants=T.training_push(batch), spec_constants=T.spec_constants(state), profile=T.PROFILE)
        compare(rows, f"b{batch} losses vs emulator end to end", data[f"train_b{batch}.losses"],
                np.asarray(emulated[(0, 2)]).view(np.float32))
        compare(rows, f"b{batch} gradients (repeat 0) vs emulator end to end", data[f"train_b{batch}.grads"][0].view(np.float16),
                np.asarray(emulated[(0, 1)]).view(np.float16))
    # adam
    adam = run(compiled_module("mlp_adam.spv"), groups=(-(-state.elements // 64), 1, 1),
               buffers={(0, 0): state.params.copy(), (0, 1): data["adam.input_grads"].copy(), (0, 2): state.master.copy(),
                        (0, 3): state.moments.copy()}, push_constants=T.adam_push(state), profile=T.PROFILE)
    for binding, name, dtype in ((0, "params", np.float16), (1, "grads", np.float16), (2, "master", np.float32),
                                 (3, "moments", np.float32)):
        compare(rows, f"adam {name} vs emulator", data[f"adam.{name}"].view(dtype), np.asarray(adam[(0, binding)]).view(dtype))
    # training_probe
    from tests.hardware_replay.nvidia_h100_training_replay import probe_expectations

    for m, n in T.PROBE_SHAPES:
        for waves in T.PROBE_WAVES:
            name = f"probe_{m}x{n}_w{waves}"
            expected = probe_expectations(m, n, waves)
            for key in ("grads16", "grads32", "back"):
                observed = data[f"{name}.{key}"]
                options = expected[key]
                inside = np.mean([np.any(np.all(options == rep[None, :], axis=1)) for rep in observed])
                rows.append([f"{name} {key}: repeats equal to one of {len(options)} expected buffers", len(observed),
                             round(inside * len(observed)), "", "", expected.get(f"{key}_note", "")])
    for m, n in T.PROBE_SHAPES:
        name = f"probe_{m}x{n}_w1_a{T.PARTIAL_ACTIVE}"
        if f"{name}.grads16" in data:
            for key, value in partial_probe_check(m, n, {k: data[f"{name}.{k}"] for k in ("grads16", "grads32", "back")}).items():
                rows.append([f"{name} {key}", "", "", "", "", value])
    data_dir.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(data_dir / "training.npz", **data)
    lines = ["comparison\tvalues\tsame\tmax_ulp\tidentical\tnote"] + ["\t".join(str(x) for x in row) for row in rows]
    (data_dir / "training.tsv").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))

