"""Building matrix-vector test cases: values, buffers, the fast-path call and the oracle's answer.

Values follow the Vulkan CTS (peers_and_tests.md section 1): floats on the grid ((r & 0xf) - 4) / 2,
so one layer is exact in float32 and the comparison is bit-exact; integers over their full range.
Axes are covered pairwise (`pairwise`), a greedy covering array: every pair of values of any two
axes appears in some case, instead of the full cross product.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dxlinalg import dxil
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.memory.address_space import AddressSpace, Buffer
from dxlinalg.numerics.codecs import encode_elements
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.packing import packed_word_count
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size
from dxlinalg.profile.model import DeviceProfile, MulProperty
from dxlinalg.profile.registry import load_profile
from tests.oracle.linalg_oracle import oracle_matvec

T = ComponentType
SIZES = (1, 3, 16, 17, 63, 64, 128)
PHYSICAL_DTYPES = {T.F16: np.float16, T.F32: np.float32, T.I16: np.int16, T.U16: np.uint16, T.I32: np.int32,
                   T.U32: np.uint32, T.PackedS8x32: np.uint32, T.PackedU8x32: np.uint32}
OUTPUT_DTYPES = {T.F16: np.float16, T.F32: np.float32, T.I32: np.int32, T.U32: np.uint32, T.I16: np.int16,
                 T.U16: np.uint16}


def pairwise(factors: dict[str, tuple], valid: Callable[[dict], bool], seed: int = 0) -> list[dict]:
    """A small set of rows covering every feasible pair of factor values (greedy, deterministic)."""
    names = list(factors)
    uncovered = {((a, x), (b, y)) for a, b in itertools.combinations(names, 2)
                 for x in factors[a] for y in factors[b] if valid({a: x, b: y})}
    rng = random.Random(seed)
    rows: list[dict] = []
    while uncovered:
        (a, x), (b, y) = min(uncovered, key=repr)
        best, best_score = None, -1
        for _ in range(40):
            row = {name: rng.choice(factors[name]) for name in names}
            row[a], row[b] = x, y
            if not valid(row):
                continue
            score = sum(((p, row[p]), (q, row[q])) in uncovered for p, q in itertools.combinations(names, 2))
            if score > best_score:
                best, best_score = row, score
        assert best is not None, f"no valid row holds {a}={x}, {b}={y}"
        rows.append(best)
        uncovered -= {((p, best[p]), (q, best[q])) for p, q in itertools.combinations(names, 2)}
    return rows


def grid_floats(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """CTS values ((r & 0xf) - 4) / 2: multiples of 0.5 in [-2, 5.5]."""
    return ((rng.integers(0, 16, shape) - 4) / 2).astype(np.float64)


def values_of(component_type: ComponentType, rng: np.random.Generator, shape: tuple[int, ...],
              grid: bool = True) -> np.ndarray:
    """Matrix or bias elements of `component_type` (its storage dtype)."""
    info = type_info(component_type)
    if info.is_float:
        floats = grid_floats(rng, shape) if grid else rng.standard_normal(shape) * 2
        return floats.astype(np.float32).astype(info.dtype)
    if component_type in (T.I32, T.U32):
        return rng.integers(-(1 << 20) if info.is_signed else 0, 1 << 20, shape).astype(info.dtype)
    limits = np.iinfo(info.dtype)
    return rng.integers(limits.min, int(limits.max) + 1, shape).astype(info.dtype)


def input_vectors(prop: MulProperty, k: int, lanes: int, rng: np.random.Generator, grid: bool = True) -> np.ndarray:
    """(lanes, NUMi) physical input vectors for one combination."""
    dtype = np.dtype(PHYSICAL_DTYPES[prop.input_type])
    interpretation = type_info(prop.input_interpretation)
    if interpretation.is_packed:
        return rng.integers(0, 1 << 32, (lanes, packed_word_count(k)), dtype=np.uint64).astype(np.uint32)
    if dtype.kind == "f":
        if interpretation.is_float:
            values = grid_floats(rng, (lanes, k)) if grid else rng.standard_normal((lanes, k))
        else:  # float -> int8: ties and values past the range exercise RNE and saturation
            values = rng.integers(-600, 601, (lanes, k)) / 2
        return values.astype(dtype)
    low = 0 if dtype.kind == "u" else -300
    return rng.integers(low, 301 + (300 if dtype.kind == "u" else 0), (lanes, k)).astype(dtype)


@dataclass(frozen=True)
class MulCase:
    """One matrix-vector call: combination, layout, transpose, M x K, bias, offsets, mask."""

    profile: str
    prop: MulProperty
    layout: MatrixLayout
    transpose: bool
    m: int
    k: int
    bias: bool
    per_lane_offsets: bool
    divergent: bool
    lanes: int = 8
    grid: bool = True

    def __str__(self) -> str:
        p = self.prop
        return (f"{self.profile}:{p.input_type.name}/{p.input_interpretation.name}/{p.matrix_interpretation.name}/"
                f"{p.bias_interpretation.name}/{p.output_type.name}:{self.layout.name}{'^T' if self.transpose else ''}:"
                f"{self.m}x{self.k}:{'bias' if self.bias else 'nobias'}:"
                f"{'perlane' if self.per_lane_offsets else 'uniform'}:{'divergent' if self.divergent else 'full'}")


def strided_stride(desc_rows: int, desc_cols: int, component_type: ComponentType, layout: MatrixLayout,
                   extra: bool) -> int:
    if layout.is_optimal:
        return 0
    length = desc_cols if layout == MatrixLayout.RowMajor else desc_rows
    tight = length * type_info(component_type).size_bytes
    return -(-tight // 16) * 16 + (16 if extra else 0)


@dataclass
class Placed:
    """Matrices (and biases) written into buffers, with the per-lane choice of which one each lane uses."""

    matrix_buffer: Buffer
    matrix_offsets: np.ndarray
    sources: list[np.ndarray]
    bias_buffer: Buffer | None
    bias_offsets: np.ndarray | None
    biases: list[np.ndarray]
    choice: np.ndarray
    stride: int


def place(case: MulCase, profile: DeviceProfile, rng: np.random.Generator, space: AddressSpace) -> Placed:
    """Write 3 matrices / 2 biases; lanes use one (uniform) or pick per lane."""
    prop = case.prop
    rows, cols = (case.k, case.m) if case.transpose else (case.m, case.k)
    stride = strided_stride(rows, cols, prop.matrix_interpretation, case.layout, extra=(case.m + case.k) % 2 == 1)
    desc = MatrixDescription(rows, cols, prop.matrix_interpretation, case.layout, stride)
    span = -(-stored_size(desc, profile) // 128) * 128
    matrix_buffer = space.allocate(3 * span, "matrices")
    sources = []
    for index in range(3):
        source = values_of(prop.matrix_interpretation, rng, (rows, cols), case.grid)
        encode_matrix(source, matrix_buffer.data[index * span: (index + 1) * span], desc, profile)
        sources.append(source)
    matrix_buffer.mark_written()
    choice = rng.integers(0, 3, case.lanes) if case.per_lane_offsets else np.ones(case.lanes, np.int64)
    bias_buffer, bias_offsets, biases = None, None, []
    if case.bias:
        size = type_info(prop.bias_interpretation).size_bytes * case.m
        bias_span = -(-size // 64) * 64
        bias_buffer = space.allocate(2 * bias_span, "biases")
        for index in range(2):
            values = values_of(prop.bias_interpretation, rng, (case.m,), case.grid)
            start = index * bias_span
            bias_buffer.data[start: start + size] = encode_elements(values, prop.bias_interpretation)
            biases.append(values)
        bias_offsets = (choice % 2) * bias_span
    return Placed(matrix_buffer, choice * span, sources, bias_buffer, bias_offsets, biases, choice, stride)


def run_case(case: MulCase, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(fast-path result, oracle result, active mask) for one case."""
    profile = load_profile(case.profile)
    rng = np.random.default_rng(seed)
    space = AddressSpace()
    placed = place(case, profile, rng, space)
    prop = case.prop
    vectors = input_vectors(prop, case.k, case.lanes, rng, case.grid)
    output_dtype = np.dtype(OUTPUT_DTYPES[prop.output_type])
    if case.divergent:
        active = rng.random(case.lanes) < 0.6
        active[0], active[-1] = True, False
    else:
        active = np.ones(case.lanes, bool)
    # Inactive lanes point at garbage: misaligned and far out of bounds, which must not matter.
    matrix_offsets = np.where(active, placed.matrix_offsets, 10**9 + 3)
    bias_offsets = None if placed.bias_offsets is None else np.where(active, placed.bias_offsets, 10**9 + 5)
    args = (vectors, vectors.dtype.kind == "u", prop.input_interpretation, placed.matrix_buffer,
            matrix_offsets if case.per_lane_offsets or case.divergent else int(placed.matrix_offsets[0]),
            prop.matrix_interpretation, case.m, case.k, case.layout, case.transpose, placed.stride)

    def call(**profile_keyword: object) -> np.ndarray:
        if case.bias:
            bias_offset = bias_offsets if case.per_lane_offsets or case.divergent else int(bias_offsets[0])
            return dxil.matvecmuladd(*args, placed.bias_buffer, bias_offset, prop.bias_interpretation,
                                     output_dtype.kind == "u", result_type=output_dtype, **profile_keyword)
        return dxil.matvecmul(*args, output_dtype.kind == "u", result_type=output_dtype, **profile_keyword)

    if case.divergent:
        with standalone_lanes(case.lanes, profile=profile):
            with if_(active):
                result = call()
    else:
        result = call(profile=profile)
    sources = [placed.sources[c] for c in placed.choice]
    biases = [placed.biases[c % 2] for c in placed.choice] if case.bias else None
    expected = oracle_matvec(vectors, prop.input_interpretation, sources, prop.matrix_interpretation, case.m, case.k,
                             case.transpose, [None if b is None else [_py(v) for v in b] for b in biases]
                             if biases is not None else None, output_dtype, active, profile.float_conversion,
                             profile.accumulation)
    expected_array = np.zeros((case.lanes, case.m), output_dtype)
    for lane, row in enumerate(expected):
        if row is not None:
            expected_array[lane] = np.array(row, dtype=np.float64 if output_dtype.kind == "f" else np.int64)
    return result, expected_array, active


def _py(value: np.generic) -> int | float:
    return float(value) if np.asarray(value).dtype.kind == "f" else int(value)
