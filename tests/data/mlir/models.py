"""numpy models of what the kernels in dxlinalg/samples/mlir/ compute, and their seeded inputs.

Why: the GPU results in tests/data/mlir/gpu/ and the emulator's results must be checked against something that does
not share code with either: these models see only the manifest (shapes, types) and the input arrays.

Inputs (`python tests/data/mlir/models.py` rewrites tests/data/mlir/inputs/; the same seeds give the same bytes):
- `exact`: small integers (|x| <= 8) in the kernel's type: every product and every partial sum is exact in float32
  and int32, so any summation order gives the same bits and every correct kernel must equal `exact_product`.
- `random`: floats uniform in [-1, 1) rounded to the input type, or int8 over its whole range: here a float sum's
  bits depend on the order and rounding of the additions; the models below say which rule reproduces the GPU.
- `special` (elementwise kernels only): every pair (x, y) of 128 float32 values: signed zeros, subnormals, the
  smallest normal, 1, 0.5, values around exp's overflow and underflow limits, the largest finite, infinities, NaN
  and random values of every magnitude.

Models, each (inputs) -> output array of the output binding's type:
- `exact_product`: the exact sum of exact products (integers in int64, floats in float64, which holds every f16 and
  f32 product exactly and, for these sizes and ranges, every partial sum to far below float32's last bit), rounded once
  to the output type (int32 wraps, as `arith.addi` does).
- `sequential_fma_f32`: c = fma(a[k], b[k], c) for k = 0, 1, ... in float32, rounded at every step (what the SIMT
  f32 kernel's chain of `math.fma` over k does, per output element).
- `elementwise_math`: x < y ? fma(sqrt(|x|), exp(y), x) : sqrt(|x|) with every operation correctly rounded to
  float32 (exp from float64), for `elementwise_math_f32`.
- `iree_exp_polynomial`: the same with exp computed as the dumped kernel computes it (IREE's expansion of math.exp:
  clamp, 2^n by exponent bits, a degree-5 polynomial, all in float32 fma/mul/add), IEEE float32 with subnormals;
  `iree_exp_polynomial_ftz` the same with subnormal operands and results flushed to zero (what IREE's CPU backend
  does, and what a GPU compiled with .ftz would do).
- `reversed_chunk32_fma_f32`: the same fma chain in the order the SIMT f32 kernel's unrolled loop runs it: chunks
  of 32 k in increasing order, each chunk from k + 31 down to k + 0.
- `sequential_mul_add_f32`: c = c + a[k] * b[k] in increasing k, product and sum rounded separately (the unaligned
  f32 kernel's mulf + ordered vector.reduction).
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
MANIFEST = ROOT / "dxlinalg" / "samples" / "mlir" / "manifest.json"
DATA = Path(__file__).resolve().parent
INPUTS = DATA / "inputs"
GPU = DATA / "gpu"
SEED = 21          # issue 21
NUMPY_TYPES = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32}
INPUT_SETS = ("exact", "random", "special")


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


def special_values() -> np.ndarray:
    """128 float32 values for the `special` set (deterministic)."""
    f32 = np.finfo(np.float32)
    fixed = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-45, -1e-45, 1e-40, -1e-40, float(f32.smallest_normal),
             -float(f32.smallest_normal), float(f32.max), -float(f32.max), np.inf, -np.inf, np.nan, 88.7, 88.8, 88.9,
             89.0, -87.3, -87.8, -88.0, -103.0, -104.0, 126.0, -126.0, 1e30, -1e30, 0.6931472, -0.6931472, 3.0, 4.0]
    rng = np.random.default_rng([SEED, 7])
    magnitudes = 10.0 ** rng.uniform(-44, 38, size=128 - len(fixed))
    signs = rng.choice([-1.0, 1.0], size=magnitudes.size)
    return np.concatenate([np.array(fixed, np.float64), signs * magnitudes]).astype(np.float32)


def make_inputs(entry: dict, input_set: str) -> dict[int, np.ndarray]:
    """Seeded inputs of one kernel, keyed by binding; the seed depends on the kernel, the set and the binding."""
    if input_set not in INPUT_SETS:
        raise ValueError(f"input_set {input_set!r}: one of {INPUT_SETS}")
    if input_set == "special":
        if entry["model"] != "elementwise_math":
            raise ValueError(f"input_set 'special' is for elementwise kernels, not {entry['name']}")
        x_binding, y_binding = (b["binding"] for b in input_bindings(entry))
        shape = tuple(input_bindings(entry)[0]["shape"])
        values = special_values()
        x, y = np.meshgrid(values, values, indexing="ij")
        return {x_binding: x.reshape(shape).copy(), y_binding: y.reshape(shape).copy()}
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
    if entry["model"] == "elementwise_math":
        raise ValueError(f"{entry['name']}: an elementwise kernel has no matrix product model")
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


def sequential_mul_add_f32(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    """c = c + a[k] * b[k] for k = 0, 1, ... in float32, the product and the sum each rounded (no fusion): what
    matmul_f32_100x72x56 does (arith.mulf, then vector.reduction <add> with the accumulator, which LLVM lowers to
    an ordered chain: the PTX is add.rn.f32 from the accumulator through products 0..7)."""
    a, b = _operands(entry, inputs)
    a, b = a.astype(np.float32), b.astype(np.float32)
    c = np.zeros((a.shape[0], a.shape[1], b.shape[2]), np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        for k in range(a.shape[2]):
            c = (c + (a[:, :, k, None] * b[:, None, k, :]).astype(np.float32)).astype(np.float32)
    return _shaped(entry, c)


def reversed_chunk32_fma_f32(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    """c = fma(a[k], b[k], c) over k in chunks of 32 taken in increasing order, each chunk from its last k down to
    its first: the order of the 32 `math.fma` of one iteration of matmul_f32_128x128x256's k loop (the chain starts
    at k + 31 and ends at k + 0)."""
    from dxlinalg.numerics.fma import fma

    a, b = _operands(entry, inputs)
    a, b = a.astype(np.float32), b.astype(np.float32)
    c = np.zeros((a.shape[0], a.shape[1], b.shape[2]), np.float32)
    for start in range(0, a.shape[2], 32):
        for k in reversed(range(start, min(start + 32, a.shape[2]))):
            c = fma(a[:, :, k, None], b[:, None, k, :], c)
    return _shaped(entry, c)


def mma_chain(entry: dict, inputs: dict[int, np.ndarray], profile: str = "nvidia-h100") -> np.ndarray:
    from dxlinalg.linalg.mma_sums import FloatMma, float_mma
    from dxlinalg.profile.registry import load_profile

    loaded = load_profile(profile)
    model = FloatMma(loaded.nvgpu, loaded.float_conversion)
    a, b = _operands(entry, inputs)
    rows, cols = a.shape[1], b.shape[2]
    # zero padding to whole m16 x n8 x k16 steps: zero products leave every sum as it is (what the unaligned kernel's
    # masked loads feed its mma steps)
    a = np.pad(a, ((0, 0), (0, -rows % 16), (0, -a.shape[2] % 16)))
    b = np.pad(b, ((0, 0), (0, -b.shape[1] % 16), (0, -cols % 8)))
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
    return _shaped(entry, d[:, :rows, :cols])


def _elementwise_operands(entry: dict, inputs: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    if entry["model"] != "elementwise_math":
        raise ValueError(f"{entry['name']}: not an elementwise_math kernel")
    x, y = (inputs[b["binding"]].astype(np.float32) for b in input_bindings(entry))
    return x, y


def _combine(entry: dict, x: np.ndarray, root: np.ndarray, exp_y: np.ndarray, y: np.ndarray) -> np.ndarray:
    from dxlinalg.numerics.fma import fma

    with np.errstate(invalid="ignore"):
        result = np.where(x < y, fma(root, exp_y, x), root)
    return _shaped(entry, result.astype(np.float32))


def elementwise_math(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    x, y = _elementwise_operands(entry, inputs)
    with np.errstate(all="ignore"):
        root = np.sqrt(np.abs(x))                               # float32 sqrt: correctly rounded
        exp_y = np.exp(y.astype(np.float64)).astype(np.float32)
    return _combine(entry, x, root, exp_y, y)


def _flush(values: np.ndarray) -> np.ndarray:
    """Subnormal float32 values replaced by a zero of their sign (flush-to-zero / denormals-are-zero)."""
    tiny = np.abs(values) < np.finfo(np.float32).smallest_normal
    return np.where(tiny, np.copysign(np.float32(0.0), values), values).astype(np.float32)


def _float32_ops(flush: bool):  # type: ignore[no-untyped-def]
    """fma, mul, add, sqrt in float32, IEEE (subnormals kept) or with subnormal operands and results flushed."""
    from dxlinalg.numerics.fma import fma as ieee_fma

    f = _flush if flush else (lambda v: np.asarray(v, np.float32))

    def fma(a, b, c):  # type: ignore[no-untyped-def]
        return f(ieee_fma(f(np.asarray(a, np.float32)), f(np.asarray(b, np.float32)), f(np.asarray(c, np.float32))))

    def mul(a, b):  # type: ignore[no-untyped-def]
        return f((f(a) * f(b)).astype(np.float32))

    def add(a, b):  # type: ignore[no-untyped-def]
        return f((f(a) + f(b)).astype(np.float32))

    def sqrt(a):  # type: ignore[no-untyped-def]
        return f(np.sqrt(f(a)))

    return f, fma, mul, add, sqrt


def iree_exp(y: np.ndarray, flush: bool = False) -> np.ndarray:
    """exp(y) as IREE 3.13 expands math.exp in dxlinalg/samples/mlir/elementwise_math_f32.mlir (constants from there)."""
    f = np.float32
    ftz, fma, mul, _add, _sqrt = _float32_ops(flush)
    with np.errstate(all="ignore"):
        y = ftz(y)
        clamped = np.where(y >= f(-87.8), y, f(-87.8))          # cmpf uge + select: NaN keeps y
        clamped = np.where(clamped <= f(88.8), clamped, f(88.8)).astype(f)
        n = np.floor(fma(clamped, f(1.44269502), f(0.5)))
        n = np.where(n >= f(-127.0), n, f(-127.0))
        n = np.where(n <= f(127.0), n, f(127.0)).astype(f)
        r = fma(f(-0.693359375), n, clamped)
        r = fma(f(2.12194442e-4), n, r)
        p = fma(r, f(1.98756912e-4), f(0.00139819994))
        p = fma(p, r, f(0.00833345205))
        p = fma(p, r, f(0.0416657962))
        p = fma(p, r, f(0.166666657))
        p = fma(p, r, f(0.5))
        p = fma(p, mul(r, r), r)
        p = _add(p, f(1.0))
        exponent = np.where(np.isnan(n), 0, n).astype(np.int64).astype(np.int32)   # fptosi; NaN lanes give NaN anyway
        scale = ((exponent + 127) << 23).astype(np.int32).view(np.float32)
        return mul(p, scale)


def _elementwise(entry: dict, inputs: dict[int, np.ndarray], flush: bool) -> np.ndarray:
    x, y = _elementwise_operands(entry, inputs)
    ftz, fma, _mul, _add, sqrt = _float32_ops(flush)
    with np.errstate(all="ignore"):
        x = ftz(x)
        root = sqrt(np.abs(x))
        result = np.where(x < ftz(y), fma(root, iree_exp(y, flush), x), root)
    return _shaped(entry, result.astype(np.float32))


def iree_exp_polynomial(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    return _elementwise(entry, inputs, flush=False)


def iree_exp_polynomial_ftz(entry: dict, inputs: dict[int, np.ndarray]) -> np.ndarray:
    """iree_exp_polynomial with every float32 operand and result flushed to zero where subnormal."""
    return _elementwise(entry, inputs, flush=True)


def unexplained_by_approximate_sqrt(entry: dict, inputs: dict[int, np.ndarray], output: np.ndarray,
                                    ulps: int = 1) -> int:
    """Lanes of an elementwise_math_f32 output that no sqrt within `ulps` of the correctly rounded one explains:
    each lane must be (bit for bit, any NaN for NaN) x < y ? fma(s, exp(y), x) : s for some s within `ulps` ulp of
    sqrt(|x|), exp as IREE expands it, everything else IEEE float32 with subnormals. That is the H200's behaviour with
    IREE's `sqrt.approx.f32` (docs/hardware-nvidia-h100-mlir.md)."""
    from dxlinalg.numerics.fma import fma

    x, y = _elementwise_operands(entry, inputs)
    x, y, got = x.reshape(-1), y.reshape(-1), np.asarray(output, np.float32).reshape(-1)
    with np.errstate(all="ignore"):
        root = np.sqrt(np.abs(x))
        exp_y = iree_exp(y)
        movable = np.isfinite(root) & (root > 0)
        explained = np.zeros(x.size, bool)
        for step in range(-ulps, ulps + 1):
            candidate_root = np.where(movable, root.view(np.int32) + step, root.view(np.int32)).view(np.float32)
            candidate = np.where(x < y, fma(candidate_root, exp_y, x), candidate_root).astype(np.float32)
            explained |= (candidate.view(np.uint32) == got.view(np.uint32)) | (np.isnan(candidate) & np.isnan(got))
    return int((~explained).sum())


MODELS = {"exact_product": exact_product, "sequential_fma_f32": sequential_fma_f32,
          "reversed_chunk32_fma_f32": reversed_chunk32_fma_f32, "sequential_mul_add_f32": sequential_mul_add_f32,
          "mma_chain": mma_chain,
          "elementwise_math": elementwise_math, "iree_exp_polynomial": iree_exp_polynomial,
          "iree_exp_polynomial_ftz": iree_exp_polynomial_ftz}


def compare(model: np.ndarray, gpu: np.ndarray) -> dict[str, int]:
    """How an output differs from a model: elements whose bits differ, those of them that are NaN in both (NaN bits
    only), and the largest distance in units in the last place among the others (NaN against a number: 2^32)."""
    if model.dtype != gpu.dtype or model.shape != gpu.shape:
        raise ValueError(f"model {model.dtype}{model.shape} and output {gpu.dtype}{gpu.shape} differ in type or shape")
    differ = model.view(np.uint32) != gpu.view(np.uint32)
    if model.dtype.kind == "i":
        distance = np.abs(model.astype(np.int64) - gpu.astype(np.int64))
        return {"differ": int(differ.sum()), "nan_bits_only": 0, "max_ulp": int(distance.max(initial=0))}
    both_nan = np.isnan(model) & np.isnan(gpu)
    one_nan = np.isnan(model) ^ np.isnan(gpu)

    def ordered(x: np.ndarray) -> np.ndarray:
        bits = x.view(np.int32).astype(np.int64)
        return np.where(bits < 0, -(bits & 0x7FFFFFFF), bits)

    distance = np.where(both_nan, 0, np.where(one_nan, 2**32, np.abs(ordered(model) - ordered(gpu))))
    return {"differ": int(differ.sum()), "nan_bits_only": int((differ & both_nan).sum()),
            "max_ulp": int(distance.max(initial=0))}


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
        if entry["name"] == "matmul_f16_512":
            sets: tuple[str, ...] = ("random",)
        elif entry["model"] == "elementwise_math":
            sets = INPUT_SETS
        else:
            sets = ("exact", "random")
        for input_set in sets:
            for binding, values in make_inputs(entry, input_set).items():
                path = input_path(entry["name"], input_set, binding)
                path.parent.mkdir(parents=True, exist_ok=True)
                np.save(path, values)


if __name__ == "__main__":
    write_inputs(sys.argv[1:] or None)
