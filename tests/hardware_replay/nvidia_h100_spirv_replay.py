"""The recorded H100 matrix-vector runs (tests/data/nvidia_h100_spirv) and their replay on the emulator.

Each run is one module variant of hardware/nvidia-h100/spirv/matvec_probe.comp: workgroups of 32
invocations (one H100 wave) sharing a matrix and a bias, every invocation its own input vector.
`emulate` replays a run through dxlinalg.spirv.coopvec.matrix_mul on profile nvidia-h100 (or a
variant of it) with the matrix bytes the GPU was given (the profile's InferencingOptimal encoding,
checked by its sha256).

`SPEC_SUMS` is nvidia-h100 with the spec's float path (matvec_sum float_accumulator: a float32
BLAS, whose summation order may differ between machines; FP8 input interpretations converted),
as the profile was when the runs were recorded. `order_robust` marks the results that no float32
summation order can change (the interval that any order's rounding errors allow rounds to one FP16
value), so its differences from the H100 can be asserted exactly anywhere and the rest to within
that interval. `documented_model` is the accumulation the H100 was measured to do
(docs/hardware-nvidia-h100-spirv.md), stated literally, independently of dxlinalg.linalg.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from dxlinalg.gpu import standalone_lanes
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.numerics.component_types import MatrixLayout, type_info
from dxlinalg.numerics.interpretation import interpret_physical
from dxlinalg.numerics.vulkan_types import component_type_from_vulkan
from dxlinalg.profile.matrix_storage import (
    MatrixDescription,
    encode_matrix,
    stored_size,
)
from dxlinalg.profile.model import DeviceProfile, Fp8VectorInput, MatvecSum
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import coopvec
from dxlinalg.spirv.coopvec import ArrayPointer, Bias, physical_component_type
from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands, StorageClass

DATA = Path(__file__).parents[1] / "data" / "nvidia_h100_spirv"
PROFILE = load_profile("nvidia-h100")
SPEC_SUMS = PROFILE.model_copy(update={"name": "nvidia-h100, spec sums", "accumulation": PROFILE.accumulation.model_copy(
    update={"matvec_sum": MatvecSum.FLOAT_ACCUMULATOR, "matvec_fp8_input": Fp8VectorInput.CONVERT})})
LANES = 32
FILL = {np.dtype(np.uint16): 0xA5A5, np.dtype(np.uint32): 0xA5A5A5A5}   # results nobody wrote
FP8_INTERPRETATIONS = (1000491002, 1000491003)


@dataclass(frozen=True)
class Run:
    """One recorded dispatch: `matrix` (cases, M, K), `bias` (cases, M) or None, `inputs`
    (cases, 32, components), `observed` (cases, 32, M) result bits, `labels` (cases,)."""

    name: str
    meta: dict
    labels: np.ndarray
    matrix: np.ndarray
    bias: np.ndarray | None
    inputs: np.ndarray
    observed: np.ndarray

    @property
    def families(self) -> np.ndarray:
        return np.array([label.split(":")[0] for label in self.labels])

    @property
    def is_float(self) -> bool:
        return self.matrix.dtype == np.float16

    @property
    def fp8(self) -> bool:
        return self.meta["matrix_interpretation"] in FP8_INTERPRETATIONS


@cache
def load_runs() -> dict[str, Run]:
    meta = json.loads((DATA / "matvec_runs.json").read_text())
    with np.load(DATA / "matvec.npz") as data:
        arrays = {key: data[key] for key in data.files}
    runs = {}
    for name, info in meta.items():
        source = info["inputs_from"]
        runs[name] = Run(name, info, arrays[f"{source}.labels"], arrays[f"{source}.matrix"],
                         arrays.get(f"{source}.bias"), arrays[f"{source}.inputs"], arrays[f"{name}.observed"])
    return runs


# ---- the emulator ----------------------------------------------------------------------------------------
def matrix_description(run: Run) -> MatrixDescription:
    component = component_type_from_vulkan(run.meta["matrix_interpretation"], "MatrixInterpretation")
    m, k = run.meta["m"], run.meta["k"]
    rows, cols = (k, m) if run.meta["transpose"] else (m, k)
    return MatrixDescription(rows, cols, component, MatrixLayout.MulOptimal)


def matrix_bytes(run: Run) -> np.ndarray:
    """Every case's matrix in the profile's InferencingOptimal bytes, case c at c * matrix_stride."""
    desc = matrix_description(run)
    stride = run.meta["matrix_stride"]
    out = np.zeros(len(run.labels) * stride, np.uint8)
    dtype = type_info(desc.component_type).dtype
    for case, matrix in enumerate(run.matrix):
        stored = matrix.T if run.meta["transpose"] else matrix
        encode_matrix(np.ascontiguousarray(stored).astype(dtype), out[case * stride: case * stride + stored_size(desc, PROFILE)],
                      desc, PROFILE)
    return out


def matrix_sha256(run: Run) -> str:
    return hashlib.sha256(matrix_bytes(run).tobytes()).hexdigest()


def _bias_bytes(run: Run) -> np.ndarray:
    stride = run.meta["bias_stride"]
    out = np.zeros(len(run.labels) * stride, np.uint8)
    for case, bias in enumerate(run.bias):
        raw = np.ascontiguousarray(bias).view(np.uint8)
        out[case * stride: case * stride + raw.size] = raw
    return out


def _pointer(data: np.ndarray) -> ArrayPointer:
    return ArrayPointer(resolve_handle(data, "recorded buffer"), StorageClass.StorageBuffer)


def lane_cases(run: Run) -> np.ndarray:
    """(cases, 32): whose matrix and bias each lane reads: its own case's, or in a paired run
    (odd lanes read the neighbouring case's, c ^ 1) that case's."""
    cases = np.repeat(np.arange(len(run.labels))[:, None], LANES, axis=1)
    if run.meta.get("paired"):
        cases ^= np.arange(LANES)[None, :] & 1
    return cases


def lane_matrices(run: Run) -> np.ndarray:
    """(cases, 32, M, K) float64: the matrix each lane multiplies by."""
    return run.matrix.astype(np.float64)[lane_cases(run)]


def lane_biases(run: Run) -> np.ndarray:
    """(cases, 32, M) float64: the bias each lane adds (zeros without one)."""
    if run.bias is None:
        return np.zeros(run.observed.shape)
    return run.bias.astype(np.float64)[lane_cases(run)]


def emulate(run: Run, strict: bool = True, profile: DeviceProfile = PROFILE) -> np.ndarray:
    """(cases, 32, M) result bits of MatrixMul(Add) on `profile` (nvidia-h100 or a variant with its
    layouts), all cases in one call (each lane's MatrixOffset and BiasOffset point at its case's)."""
    meta = run.meta
    lanes = len(run.labels) * LANES
    case_of_lane = lane_cases(run).reshape(-1)
    inputs = run.inputs.reshape(lanes, -1)
    operands = CooperativeMatrixOperands.MatrixBSignedComponents if inputs.dtype.kind == "i" else 0
    if meta["output"] == "int32":
        operands |= CooperativeMatrixOperands.MatrixResultSignedComponents
    result_type = component_type_from_vulkan({"float16": 0, "float32": 1, "int32": 5}[meta["output"]], "ResultType")
    bias = None
    if run.bias is not None:
        bias = Bias(_pointer(_bias_bytes(run)), case_of_lane * meta["bias_stride"], meta["bias_interpretation"])
    with standalone_lanes(lanes, profile=profile, strict=strict) as ctx, np.errstate(all="ignore"):
        result = coopvec.matrix_mul(ctx, inputs, meta["input_interpretation"], _pointer(matrix_bytes(run)),
                                    case_of_lane * meta["matrix_stride"], meta["matrix_interpretation"], meta["m"],
                                    meta["k"], int(MatrixLayout.MulOptimal), meta["transpose"], 0, operands,
                                    result_type, meta["m"], bias)
    bits = np.ascontiguousarray(result).view(np.uint32 if result.dtype.itemsize == 4 else np.uint16)
    return bits.reshape(run.observed.shape)


def emulator_inputs(run: Run) -> np.ndarray:
    """(cases, 32, K) float64: the input vectors as the spec interprets them (FP8 rounding included)."""
    physical = run.inputs.reshape(-1, run.inputs.shape[-1])
    component = physical_component_type(physical, physical.dtype.kind == "i")
    interpretation = component_type_from_vulkan(run.meta["input_interpretation"], "InputInterpretation")
    with np.errstate(all="ignore"):
        logical = interpret_physical(physical, component, interpretation, run.meta["k"], PROFILE.float_conversion)
    return logical.values.astype(np.float64).reshape(run.inputs.shape[0], LANES, -1)


# ---- which emulator bits no float32 summation order can change ----------------------------------------------
def _terms(run: Run, inputs: np.ndarray) -> np.ndarray:
    """(cases, 32, M, K + 1) exact float64 terms: the K products and the bias (0 without one)."""
    with np.errstate(invalid="ignore"):
        products = inputs[:, :, None, :] * lane_matrices(run)
    return np.concatenate([products, lane_biases(run)[..., None]], axis=3)


def float32_interval(run: Run) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) float64 bounds on what float32 accumulation of the emulator's terms gives in any
    order: |error| <= gamma_n * sum |terms|, gamma_n = n u / (1 - n u), u = 2^-24, n terms (the
    float64 sum here adds at most n 2^-53 sum |terms|, covered by the factor 2 on that part)."""
    terms = _terms(run, emulator_inputs(run))
    n = terms.shape[-1]
    u = 2.0 ** -24
    with np.errstate(invalid="ignore", over="ignore"):
        total = terms.sum(axis=-1)
        magnitude = np.abs(terms).sum(axis=-1)
        error = (n * u / (1 - n * u)) * magnitude + 2 * n * 2.0 ** -53 * magnitude
        return total - error, total + error


def order_robust(run: Run) -> np.ndarray:
    """(cases, 32, M) bool: under SPEC_SUMS, every float32 summation order gives the same FP16 result (always true for
    integer runs; true for non-finite sums, which any order reaches)."""
    if not run.is_float:
        return np.ones(run.observed.shape, bool)
    lo, hi = float32_interval(run)
    with np.errstate(invalid="ignore", over="ignore"):
        same = lo.astype(np.float16).view(np.uint16) == hi.astype(np.float16).view(np.uint16)
    return same | ~np.isfinite(lo) | ~np.isfinite(hi)


def possible_fp16(run: Run) -> tuple[np.ndarray, np.ndarray]:
    """The FP16 bits at both ends of the float32 interval (what some summation order rounds to)."""
    lo, hi = float32_interval(run)
    with np.errstate(invalid="ignore", over="ignore"):
        return lo.astype(np.float16).view(np.uint16), hi.astype(np.float16).view(np.uint16)


# ---- differences -----------------------------------------------------------------------------------------
def _ordered(bits: np.ndarray) -> np.ndarray:
    magnitude = (bits & 0x7FFF).astype(np.int64)
    return np.where(bits & 0x8000, -magnitude, magnitude)


def _is_nan16(bits: np.ndarray) -> np.ndarray:
    return (bits & 0x7C00 == 0x7C00) & (bits & 0x03FF != 0)


def difference_category(observed: np.ndarray, emulated: np.ndarray) -> np.ndarray:
    """A label for each pair of FP16 bit patterns that differ: "nan vs number", "nan payload",
    "zero sign", or the distance in units in the last place ("1 ulp", "2 ulp", "3-4 ulp", "5-8 ulp",
    ... in powers of two); "" where the bits are equal."""
    out = np.full(observed.shape, "", dtype=object)
    differ = observed != emulated
    nan_o, nan_e = _is_nan16(observed), _is_nan16(emulated)
    distance = np.abs(_ordered(observed) - _ordered(emulated))
    for index in zip(*np.nonzero(differ)):
        if nan_o[index] and nan_e[index]:
            out[index] = "nan payload"
        elif nan_o[index] or nan_e[index]:
            out[index] = "nan vs number"
        elif distance[index] == 0:
            out[index] = "zero sign"
        elif distance[index] <= 2:
            out[index] = f"{distance[index]} ulp"
        else:
            high = 1 << int(np.ceil(np.log2(distance[index])))
            out[index] = f"{high // 2 + 1}-{high} ulp"
    return out


def residual(run: Run, emulated: np.ndarray, robust: np.ndarray) -> Counter:
    """(family, category) -> number of order-robust results where the emulator differs from the H100,
    plus ("*", "order-robust") and ("*", "matching") totals."""
    counts: Counter = Counter()
    families = np.broadcast_to(run.families[:, None, None], run.observed.shape)
    counts[("*", "order-robust")] = int(robust.sum())
    counts[("*", "matching")] = int((robust & (run.observed == emulated)).sum())
    chosen = robust & (run.observed != emulated)
    if run.is_float:
        categories = difference_category(run.observed[chosen], emulated[chosen])
    else:
        categories = np.full(int(chosen.sum()), "integer", dtype=object)
    for family, category in zip(families[chosen], categories):
        counts[(str(family), str(category))] += 1
    return counts


# ---- the measured model, literally -------------------------------------------------------------------------
CHUNK = 16          # consecutive k per tensor-core step, k = 0..15 first
KEPT_BELOW = 25     # a term keeps its bits down to 2^(E - 25)


def fp16_exponent(values: np.ndarray) -> np.ndarray:
    """floor(log2 |v|) of normal FP16 values, -14 for subnormals; zeros get -1000 (never the largest)."""
    magnitude = np.abs(values)
    exponent = np.frexp(magnitude)[1] - 1
    return np.where(magnitude == 0, -1000, np.where(magnitude < 2.0 ** -14, -14, exponent))


def documented_model(run: Run) -> np.ndarray:
    """(cases, 32, M) FP16 bits the H100 gives for a float run, by `model_sums`."""
    return model_sums(run.inputs.astype(np.float64), lane_matrices(run), lane_biases(run))


def model_sums(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """(C, L, M) FP16 bits of the H100's MatrixMul(Add) of the FP16 inputs x (C, L, K) with the
    matrices w (C, L, M, K) and biases (C, L, M), each lane its own (broadcast views are fine), as
    docs/hardware-nvidia-h100-spirv.md states it: the
    FP16 input is used as it is (also under FP8 interpretations); the accumulator is FP16 and
    starts at the bias (+0 without one); for each chunk of 16 consecutive k (k = 0..15 first), E is
    the largest of e(x_k) + e(W_ik) over the chunk's nonzero products and e(accumulator) if it is
    nonzero, e being the FP16 exponent (floor(log2 |v|), -14 for subnormals); the products and the accumulator are truncated toward zero to multiples of
    2^(E - 25), added exactly, and the sum rounded to FP16 (nearest even; a zero is +0). A NaN
    term or +Inf with -Inf gives 0x7FFF; Infs of one sign give that Inf."""
    with np.errstate(invalid="ignore"):
        products = x[:, :, None, :] * w
    exponents = fp16_exponent(x)[:, :, None, :] + fp16_exponent(w)
    accumulator = np.broadcast_to(bias, products.shape[:3]).astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        special = products.sum(axis=-1) + accumulator
    finite_products = np.where(np.isfinite(products), products, 0.0)
    accumulator = np.where(np.isfinite(accumulator), accumulator, 0.0)
    for first in range(0, products.shape[-1], CHUNK):
        chunk = finite_products[..., first: first + CHUNK]
        top = np.maximum(fp16_exponent(accumulator), exponents[..., first: first + CHUNK].max(axis=-1))
        unit = np.ldexp(1.0, np.where(top < -900, 0, top) - KEPT_BELOW)[..., None]
        terms = np.concatenate([accumulator[..., None], chunk], axis=-1)
        truncated = np.trunc(terms / unit) * unit                        # exact: powers of two, < 2^27 units
        with np.errstate(over="ignore"):
            accumulator = truncated.sum(axis=-1).astype(np.float16).astype(np.float64) + 0.0
    value = np.where(np.isfinite(special), accumulator, special)
    bits = value.astype(np.float16).view(np.uint16)
    return np.where(np.isnan(value), np.uint16(0x7FFF), bits)
