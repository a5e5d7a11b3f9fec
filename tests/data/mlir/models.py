"""numpy models of what the kernels in shaders/mlir/ compute, and their seeded inputs.

Why: the GPU results in tests/data/mlir/gpu/ and the emulator's results must be checked against something that does
not share code with either: these models see only the manifest (shapes, types) and the input arrays.

Inputs (`python tests/data/mlir/models.py` rewrites tests/data/mlir/inputs/; the same seeds give the same bytes):
- `exact`: small integers (|x| <= 8) in the kernel's type: every product and every partial sum is exact in float32
  and int32, so any summation order gives the same bits and every correct kernel must equal `exact_product`.
- `random`: floats uniform in [-1, 1) rounded to the input type, or int8 over its whole range: here a float sum's
  bits depend on the order and rounding of the additions; the models below say which rule reproduces the GPU.

Models, each (inputs) -> output array of the output binding's type:
- `exact_product`: the exact sum of exact products (integers in int64, floats in float64, which holds every f16 and
  f32 product exactly and, for these sizes and ranges, every partial sum to far below float32's last bit), rounded once
  to the output type (int32 wraps, as `arith.addi` does).
- `sequential_fma_f32`: c = fma(a[k], b[k], c) for k = 0, 1, ... in float32, rounded at every step (what the SIMT
  f32 kernel's chain of `math.fma` over k does, per output element).
- `mma_chain`: for every 16x8 tile of C, c = mma(A[:, k:k+16], B[k:k+16, :], c) for k = 0, 16, 32, ... with the mma
  sum of a dxlinalg profile (`dxlinalg.linalg.mma_sums.float_mma`; default nvidia-h100): what a kernel made of
  `nvgpu.mma.sync` m16n8k16 steps in increasing k computes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = ROOT / "shaders" / "mlir" / "manifest.json"
DATA = Path(__file__).resolve().parent
INPUTS = DATA / "inputs"
GPU = DATA / "gpu"
SEED = 21          # issue 21
NUMPY_TYPES = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32}
INPUT_SETS = ("exact", "random")


def kernels() -> list[dict]:
    return json.loads(MANIFEST.read_text())["kernels"]


def kernel(name: str) -> dict:
    for entry in kernels():
        if entry["name"] == name:
            return entry
    raise KeyError(f"no kernel {name!r} in {MANIFEST}")


def data_name(entry: dict) -> str:
    """Whose inputs and GPU outputs a kernel uses: an upstream-form kernel (`same_as`) shares those of the IREE
    kernel that computes the same thing."""
    return entry.get("same_as") or entry["name"]


def input_bindings(entry: dict) -> list[dict]:
    return [b for b in entry["bindings"] if b["access"] == "read"]


def output_binding(entry: dict) -> dict:
    (out,) = [b for b in entry["bindings"] if b["access"] == "write"]
    return out


def make_inputs(entry: dict, input_set: str) -> dict[int, np.ndarray]:
    """Seeded inputs of one kernel, keyed by binding; the seed depends on the kernel, the set and the binding."""
    if input_set not in INPUT_SETS:
        raise ValueError(f"input_set {input_set!r}: one of {INPUT_SETS}")
    arrays = {}
    for binding in input_bindings(entry):
        key = f"{data_name(entry)}/{input_set}/{binding['binding']}"
        rng = np.random.default_rng([SEED, *key.encode()])
        dtype = np.dtype(NUMPY_TYPES[binding["element_type"]])
        shape = tuple(binding["shape"])
        if input_set == "exact":
            values = rng.integers(-8, 9, size=shape).astype(dtype)
        elif dtype.kind == "i":
            info = np.iinfo(dtype)
            values = rng.integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)
        else:
            values = rng.uniform(-1.0, 1.0, size=shape).astype(dtype)
        arrays[binding["binding"]] = values
    return arrays


def _operands(entry: dict, inputs: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """A and B as (batch, M, K) and (batch, K, N): the plain matmuls get a batch of one."""
    a, b = (inputs[binding["binding"]] for binding in input_bindings(entry))
    if entry["model"] == "matmul":
        a, b = a[None], b[None]
    elif entry["model"] != "batch_matmul":
        raise ValueError(f"{entry['name']}: unknown model {entry['model']!r}")
    return a, b


def _shaped(entry: dict, batched: np.ndarray) -> np.ndarray:
    out = output_binding(entry)
    return batched.reshape(out["shape"]).astype(NUMPY_TYPES[out["element_type"]])


def exact_product(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    a, b = _operands(entry, inputs)
    if a.dtype.kind == "i":
        wide = np.matmul(a.astype(np.int64), b.astype(np.int64))
        return _shaped(entry, ((wide + 2**31) % 2**32 - 2**31))
    return _shaped(entry, np.matmul(a.astype(np.float64), b.astype(np.float64)))


def sequential_fma_f32(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    from dxlinalg.numerics.fma import fma

    a, b = _operands(entry, inputs)
    a, b = a.astype(np.float32), b.astype(np.float32)
    c = np.zeros((a.shape[0], a.shape[1], b.shape[2]), np.float32)
    for k in range(a.shape[2]):
        c = fma(a[:, :, k, None], b[:, None, k, :], c)
    return _shaped(entry, c)


def mma_chain(entry: dict, inputs: dict[int, np.ndarray], profile: str = "nvidia-h100") -> np.ndarray:
    from dxlinalg.linalg.mma_sums import FloatMma, float_mma
    from dxlinalg.profile.registry import load_profile

    loaded = load_profile(profile)
    model = FloatMma(loaded.nvgpu, loaded.float_conversion)
    a, b = _operands(entry, inputs)
    batch, m, k_size = a.shape
    n = b.shape[2]
    # tiles: (batch, m/16, n/8) -> W; A rows of the tile's m16 block, B columns of its n8 block
    a_tiles = a.reshape(batch, m // 16, 1, 16, k_size)
    b_tiles = b.reshape(batch, 1, k_size, n // 8, 8).transpose(0, 1, 3, 2, 4)
    a_w = np.broadcast_to(a_tiles, (batch, m // 16, n // 8, 16, k_size)).reshape(-1, 16, k_size)
    b_w = np.broadcast_to(b_tiles, (batch, m // 16, n // 8, k_size, 8)).reshape(-1, k_size, 8)
    c = np.zeros((a_w.shape[0], 16, 8), np.float32)
    for k in range(0, k_size, 16):
        c = float_mma(a_w[:, :, k:k + 16], b_w[:, k:k + 16, :], c, model)
    d = c.reshape(batch, m // 16, n // 8, 16, 8).transpose(0, 1, 3, 2, 4).reshape(batch, m, n)
    return _shaped(entry, d)


MODELS = {"exact_product": exact_product, "sequential_fma_f32": sequential_fma_f32, "mma_chain": mma_chain}


def input_path(name: str, input_set: str, binding: int) -> Path:
    return INPUTS / name / input_set / f"binding{binding}.npy"


def gpu_output_path(name: str, input_set: str, binding: int) -> Path:
    """Where the GPU's output of a kernel (by name, or `data_name(entry)` for a `same_as` kernel) is recorded."""
    return GPU / name / input_set / f"binding{binding}.npy"


def load_inputs(entry: dict, input_set: str) -> dict[int, np.ndarray]:
    return {b["binding"]: np.load(input_path(data_name(entry), input_set, b["binding"])) for b in input_bindings(entry)}


def input_sets(entry: dict) -> list[str]:
    """The sets committed for a kernel: the 512^3 kernel keeps `random` only (its inputs are 1 MiB a set)."""
    return [s for s in INPUT_SETS if input_path(data_name(entry), s, input_bindings(entry)[0]["binding"]).exists()]


def write_inputs(names: list[str] | None = None) -> None:
    for entry in kernels():
        if (names and entry["name"] not in names) or entry.get("same_as"):
            continue
        sets = ("random",) if entry["name"] == "matmul_f16_512" else INPUT_SETS
        for input_set in sets:
            for binding, values in make_inputs(entry, input_set).items():
                path = input_path(entry["name"], input_set, binding)
                path.parent.mkdir(parents=True, exist_ok=True)
                np.save(path, values)


if __name__ == "__main__":
    write_inputs(sys.argv[1:] or None)
