"""round_to_float against the first-principles oracle, and NVIDIA H100's driver dumps bit for bit.

Exhaustive over every 8- and 16-bit source pattern; seeded samples biased to the hard cases
(ties at each destination's half-ulp, subnormals, the overflow edge, specials) for FP32, FP64
and 32-bit integer sources. Each settings variant flips the implementation-dependent fields.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import type_info
from dxlinalg.numerics.float_conversion import (
    NVIDIA_H100_FLOAT_SETTINGS,
    E4m3OverflowNan,
    FloatConversionSettings,
    Fp8Overflow,
    NanPayload,
    ZeroSign,
    _round_by_casts,
    _round_nearest_even,
    round_to_float,
    store_fp8_as_f16,
    widen_fp8,
)
from tests.oracle import float_formats as oracle

DATA = Path(__file__).resolve().parents[1] / "data" / "nvidia_h100_conversions" / "conversions.npz"
E4M3, E5M2 = np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2)
FLOATS = [T.F16, T.F32, T.F8_E4M3, T.F8_E5M2]
FP8 = [T.F8_E4M3, T.F8_E5M2]
WORD = {T.F16: np.uint16, T.F32: np.uint32, T.F64: np.uint64, T.F8_E4M3: np.uint8, T.F8_E5M2: np.uint8}
DUMP_NAME = {T.F16: "f16", T.F32: "f32", T.F8_E4M3: "e4m3", T.F8_E5M2: "e5m2"}

VARIANTS = {
    "ieee_saturate": FloatConversionSettings(),
    "nan_or_inf": FloatConversionSettings(fp8_overflow=Fp8Overflow.NAN_OR_INF),
    "all_flipped": FloatConversionSettings(
        fp8_overflow=Fp8Overflow.NAN_OR_INF,
        e4m3_overflow_nan=E4m3OverflowNan.POSITIVE,
        nan_payload=NanPayload.ALL_ONES,
        nan_sign_cleared_in=frozenset(FLOATS),
        negative_zero_to_positive_from=frozenset(FLOATS + [T.F64]),
        negative_underflow=ZeroSign.POSITIVE,
    ),
    "saturate_flipped": FloatConversionSettings(
        nan_payload=NanPayload.ALL_ONES, negative_underflow=ZeroSign.POSITIVE,
        negative_zero_to_positive_from=frozenset(FLOATS + [T.F64])),
    "nvidia_h100": NVIDIA_H100_FLOAT_SETTINGS,
}
#: Integers have no NaN or -0: only the FP8 overflow fields act on them.
INTEGER_VARIANTS = ["ieee_saturate", "nan_or_inf", "all_flipped", "nvidia_h100"]


def oracle_bits(patterns: np.ndarray, source: T, destination: T,
                settings: FloatConversionSettings) -> np.ndarray:
    """The oracle, element by element, on source bit patterns."""
    return np.array([oracle.convert(int(b), source, destination, settings) for b in patterns],
                    dtype=WORD[destination])


def oracle_integers(values: np.ndarray, destination: T, settings: FloatConversionSettings) -> np.ndarray:
    return np.array([oracle.convert_integer(int(v), destination, settings) for v in values],
                    dtype=WORD[destination])


def fast_bits(values: np.ndarray, source: T, destination: T, settings: FloatConversionSettings) -> np.ndarray:
    out = round_to_float(values, destination, settings, source=source)
    assert out.dtype == type_info(destination).dtype and out.shape == np.shape(values)
    return out.view(WORD[destination])


def assert_same_bits(got: np.ndarray, want: np.ndarray, sources: np.ndarray) -> None:
    bad = np.flatnonzero(got != want)
    shown = [(hex(int(sources.flat[i])), hex(int(got[i])), hex(int(want[i]))) for i in bad[:8]]
    assert bad.size == 0, f"{bad.size} mismatches (source bits, got, want): {shown}"


def all_patterns(source: T) -> np.ndarray:
    bits = 16 if source == T.F16 else 8
    return np.arange(1 << bits, dtype=np.uint32).astype(WORD[source])


@lru_cache(maxsize=None)
def oracle_table(source: T, destination: T, variant: str) -> np.ndarray:
    """Oracle result for every 8/16-bit pattern of `source`, built once and indexed by pattern."""
    return oracle_bits(all_patterns(source), source, destination, VARIANTS[variant])


# --- exhaustive: every FP16 and FP8 pattern ---------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
@pytest.mark.parametrize("source", [T.F16, T.F8_E4M3, T.F8_E5M2], ids=lambda t: t.name)
def test_every_fp16_and_fp8_pattern_matches_oracle(source: T, destination: T, variant: str) -> None:
    patterns = all_patterns(source)
    got = fast_bits(patterns.view(type_info(source).dtype), source, destination, VARIANTS[variant])
    assert_same_bits(got, oracle_table(source, destination, variant), patterns)


@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
@pytest.mark.parametrize("source", [T.I8, T.U8, T.I16, T.U16], ids=lambda t: t.name)
def test_every_8_and_16_bit_integer_matches_oracle(source: T, destination: T) -> None:
    limits = np.iinfo(type_info(source).dtype)
    values = np.arange(limits.min, limits.max + 1).astype(type_info(source).dtype)
    for variant in INTEGER_VARIANTS if destination in FP8 else INTEGER_VARIANTS[:1]:
        settings = VARIANTS[variant]
        want = oracle_integers(values, destination, settings)
        assert_same_bits(fast_bits(values, source, destination, settings), want, values)
        assert_same_bits(fast_bits(values.astype(np.float64), source, destination, settings), want, values)


# --- sampled: FP32, FP64 and 32-bit integer sources --------------------------------------------

def _positive_values(destination: T) -> np.ndarray:
    """Every positive finite value of an FP8 destination; for FP16 its subnormals, the values around
    1.0 and max, and a seeded sample of the rest; ascending."""
    if destination in FP8:
        bits = np.arange(1, 0x80, dtype=np.uint8)
        values = bits.view(type_info(destination).dtype).astype(np.float64)
    else:
        chosen = [np.arange(1, 0x400), np.arange(0x3BF0, 0x3C10), np.arange(0x7BC0, 0x7C00),
                  np.random.default_rng(16).integers(1, 0x7C00, 5_000)]
        bits = np.unique(np.concatenate(chosen)).astype(np.uint16)
        values = bits.view(np.float16).astype(np.float64)
    return values[np.isfinite(values)]


def _edge_points(destination: T) -> np.ndarray:
    """Values whose rounding is decided at a tie: half-ulp midpoints, and the grid past max finite."""
    values = _positive_values(destination)
    info = ml_dtypes.finfo(type_info(destination).dtype)
    top = float(info.max)
    ulp_at_top = float(info.eps) * 2.0 ** np.floor(np.log2(top))
    past_max = top + ulp_at_top * np.arange(1, 8) / 2          # overflow midpoint and beyond
    ties = (values[:-1] + values[1:]) / 2
    smallest = float(info.smallest_subnormal)
    low = np.array([smallest / 2, smallest / 4, smallest * 1.5, smallest * 2.5])
    return np.concatenate([values, ties, past_max, 2 * past_max, low, [0.0]])


def _with_neighbours_and_signs(points: np.ndarray, dtype: type) -> np.ndarray:
    x = points.astype(dtype)
    x = np.concatenate([x, np.nextafter(x, dtype(np.inf)), np.nextafter(x, dtype(0))])
    return np.concatenate([x, -x])


def hard_float32_samples(seed: int = 2029) -> np.ndarray:
    """~200k float32 values biased to every destination's rounding decisions and to specials."""
    rng = np.random.default_rng(seed)
    edges = [_with_neighbours_and_signs(_edge_points(d), np.float32) for d in (T.F16, *FP8)]
    exponent = rng.integers(127 - 30, 127 + 20, 40_000, dtype=np.uint32)
    log_uniform = ((exponent << 23) | rng.integers(0, 1 << 23, 40_000, dtype=np.uint32)).view(np.float32)
    random_bits = rng.integers(0, 1 << 32, 60_000, dtype=np.uint32).view(np.float32)
    subnormals = rng.integers(1, 1 << 23, 5_000, dtype=np.uint32).view(np.float32)
    nans = (np.uint32(0x7F80_0000) | rng.integers(1, 1 << 23, 2_000, dtype=np.uint32)).view(np.float32)
    specials = np.array([np.inf, 0.0, np.finfo(np.float32).max, np.finfo(np.float32).tiny], np.float32)
    positive = np.concatenate([log_uniform, subnormals, nans, specials])
    return np.concatenate([*edges, positive, -positive, random_bits])


def hard_float64_samples(seed: int = 2064) -> np.ndarray:
    """float64 values with ties nudged by far less than a float32 ulp (double-rounding witnesses)."""
    rng = np.random.default_rng(seed)
    points = np.concatenate([_edge_points(d) for d in (T.F16, *FP8)])
    nudge = points * 2.0 ** -40
    nudged = np.concatenate([points, points + nudge, points - nudge, np.nextafter(points, np.inf),
                             np.nextafter(points, 0)])
    f32_ties = (rng.integers(0, 1 << 23, 5_000) * 2.0 + 1) * 2.0 ** rng.integers(-170, 100, 5_000)
    log_uniform = rng.uniform(1, 2, 10_000) * 2.0 ** rng.integers(-30, 20, 10_000)
    random_bits = rng.integers(0, 1 << 63, 10_000, dtype=np.uint64).view(np.float64)
    positive = np.concatenate([nudged, f32_ties, log_uniform, [np.inf, np.nan, 2.0 ** -1074]])
    return np.concatenate([positive, -positive, random_bits, -random_bits])


def hard_integer_samples(source: T, seed: int = 32) -> np.ndarray:
    """32-bit integers at the ties of every destination, its neighbours, extremes and random ones."""
    rng = np.random.default_rng(seed + int(source))
    ties = [np.unique(np.floor(_edge_points(d))) for d in (T.F16, *FP8)]
    exponent = rng.integers(25, 32, 5_000)                   # FP32 spacing >= 4: its ties are integers
    f32_ties = (rng.integers(1 << 23, 1 << 24, 5_000) * 2 + 1) << (exponent - 24)
    points = np.concatenate([*[t.astype(np.int64) for t in ties], f32_ties, [2**24 + 1, 2**24 + 3, 2**31 - 1]])
    near = np.concatenate([points, points + 1, points - 1])
    lo, hi = (np.iinfo(np.int32).min, np.iinfo(np.int32).max) if source == T.I32 else (0, 2**32 - 1)
    values = np.concatenate([near, -near, rng.integers(lo, hi, 5_000, endpoint=True), [lo, hi, 0]])
    return values[(values >= lo) & (values <= hi)]


@lru_cache(maxsize=None)
def float32_samples() -> np.ndarray:
    return hard_float32_samples()


def test_float32_samples_cover_the_hard_cases() -> None:
    with np.errstate(invalid="ignore"):                       # signalling NaNs among the samples
        x = float32_samples().astype(np.float64)
    assert 150_000 <= x.size <= 250_000
    for tie in (1.0 + 2.0 ** -11, 1.0 + 2.0 ** -4, 1.0 + 2.0 ** -3, 464.0, 496.0, 61440.0, 65520.0, 2.0 ** -10):
        assert tie in x and -tie in x
    assert np.isnan(x).sum() > 1000 and np.isinf(x).sum() >= 2 and (np.signbit(x) & (x == 0)).any()
    assert ((np.abs(x) < np.finfo(np.float32).tiny) & (x != 0)).sum() > 5000


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
def test_float32_samples_match_oracle(destination: T, variant: str) -> None:
    x = float32_samples()
    settings = VARIANTS[variant]
    patterns = x.view(np.uint32)
    assert_same_bits(fast_bits(x, T.F32, destination, settings),
                     oracle_bits(patterns, T.F32, destination, settings), patterns)


@pytest.mark.parametrize("variant", ["ieee_saturate", "all_flipped", "nvidia_h100"])
@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
def test_float64_values_round_once(destination: T, variant: str) -> None:
    x = hard_float64_samples()
    settings = VARIANTS[variant]
    patterns = x.view(np.uint64)
    assert_same_bits(fast_bits(x, T.F64, destination, settings),
                     oracle_bits(patterns, T.F64, destination, settings), patterns)


@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
@pytest.mark.parametrize("source", [T.I32, T.U32], ids=lambda t: t.name)
def test_32_bit_integers_round_to_nearest_even(source: T, destination: T) -> None:
    values = hard_integer_samples(source)
    for variant in INTEGER_VARIANTS if destination in FP8 else INTEGER_VARIANTS[:1]:
        settings = VARIANTS[variant]
        want = oracle_integers(values, destination, settings)
        assert_same_bits(fast_bits(values.astype(np.float64), source, destination, settings), want, values)
        assert_same_bits(fast_bits(values.astype(type_info(source).dtype), source, destination, settings),
                         want, values)


# --- what the fast path relies on ---------------------------------------------------------------

def test_casts_the_fast_path_relies_on_round_once() -> None:
    """numpy/ml_dtypes casts from float16 and float32 (to FP8, FP16) and float64 (to FP16, FP32) are
    correct single RNE roundings wherever no setting applies (finite in, finite out).

    ml_dtypes' float64 -> FP8 cast is not (it goes through float32: 1.0625 + 2**-30 -> 0x38,
    not 0x39), which is why round_to_float rounds float64 to odd in float32 first.
    """
    plain = FloatConversionSettings(fp8_overflow=Fp8Overflow.NAN_OR_INF)
    cases = [(all_patterns(T.F16).view(np.float16), T.F16, d) for d in FP8]
    cases += [(float32_samples()[::4], T.F32, d) for d in (T.F16, *FP8)]
    cases += [(hard_float64_samples()[::4], T.F64, d) for d in (T.F16, T.F32)]
    for x, source, destination in cases:
        with np.errstate(over="ignore", invalid="ignore"):
            cast = x.astype(type_info(destination).dtype)
        keep = np.isfinite(x) & np.isfinite(cast.astype(np.float64))
        patterns = x.view(WORD[source])[keep]
        assert_same_bits(cast.view(WORD[destination])[keep], oracle_bits(patterns, source, destination, plain),
                         patterns)


# --- NVIDIA H100: the driver's dumps, bit for bit -----------------------------------------------

@lru_cache(maxsize=None)
def nvidia_dumps() -> dict[str, np.ndarray]:
    with np.load(DATA, allow_pickle=False) as data:
        return {name: data[name] for name in data.files}


NVIDIA_SOURCES = {
    "f16": (T.F16, lambda: all_patterns(T.F16).view(np.float16)),
    "f32grid": (T.F32, lambda: (np.arange(1 << 19, dtype=np.uint32) << 13).view(np.float32)),
    "e4m3": (T.F8_E4M3, lambda: np.arange(256, dtype=np.uint8).view(E4M3)),
    "e5m2": (T.F8_E5M2, lambda: np.arange(256, dtype=np.uint8).view(E5M2)),
}


@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
@pytest.mark.parametrize("source_name", NVIDIA_SOURCES)
def test_nvidia_settings_reproduce_driver_conversions(source_name: str, destination: T) -> None:
    source, make = NVIDIA_SOURCES[source_name]
    x = make()
    dump = nvidia_dumps()[f"from_{source_name}_to_{DUMP_NAME[destination]}"]
    assert_same_bits(fast_bits(x, source, destination, NVIDIA_H100_FLOAT_SETTINGS), dump, x.view(WORD[source]))


def opt8_source(pattern: str) -> np.ndarray:
    """vkopt8.c's 256 x 256 FP32 matrix, row-major."""
    if pattern == "f16pat":
        return all_patterns(T.F16).view(np.float16).astype(np.float32)
    return (np.arange(1 << 16, dtype=np.uint32) << 15).view(np.float32)


@pytest.mark.parametrize("fp8", FP8, ids=lambda t: t.name)
@pytest.mark.parametrize("pattern", ["f16pat", "grid"])
def test_nvidia_fp32_to_fp8_matrix_conversion_in_all_layouts(pattern: str, fp8: T) -> None:
    """Row/column-major hold the FP8 bytes; optimal layouts hold store_fp8_as_f16 of them (a multiset
    here: where each element goes is the layout's business), plus zero padding."""
    x = opt8_source(pattern)
    dumps = nvidia_dumps()
    stem = f"opt8_{pattern}_f32to{DUMP_NAME[fp8]}_L"
    rounded = round_to_float(x, fp8, NVIDIA_H100_FLOAT_SETTINGS, source=T.F32)
    assert_same_bits(rounded.view(np.uint8), dumps[stem + "0"], x.view(np.uint32))
    assert np.array_equal(dumps[stem + "1"], rounded.view(np.uint8).reshape(256, 256).T.ravel())
    stored = Counter(store_fp8_as_f16(rounded, NVIDIA_H100_FLOAT_SETTINGS).view(np.uint16).tolist())
    for layout in (2, 3):
        words = dumps[stem + str(layout)]
        padding = Counter({0: words.size - x.size})
        assert Counter(words.tolist()) == stored + padding


def test_nvidia_optimal_storage_has_no_negative_zero_and_one_nan() -> None:
    fp8 = np.array([0x80, 0x00, 0x7F, 0xFF, 0x81, 0xFE], np.uint8).view(E4M3)
    got = store_fp8_as_f16(fp8, NVIDIA_H100_FLOAT_SETTINGS).view(np.uint16)
    assert got.tolist() == [0x0000, 0x0000, 0x7FFF, 0x7FFF, 0x9800, 0xDF00]


def test_nvidia_driver_wrote_only_zeros_for_integer_sources() -> None:
    """Not a rounding result: the driver silently skipped these (D3D12 rejects the type change)."""
    dumps = nvidia_dumps()
    for source in ("s8", "s32"):
        for destination in DUMP_NAME.values():
            assert not dumps[f"from_{source}_to_{destination}"].any()


@pytest.mark.parametrize(("value", "byte"), [
    (448.0, 0x7E), (464.0, 0x7E), (464.25, 0x7F), (495.5, 0x7F), (496.0, 0x7F), (1e9, 0x7F),
    (-448.0, 0xFE), (-464.0, 0xFE), (-464.25, 0xFF), (-495.5, 0xFF), (-496.0, 0x7F), (-1e9, 0x7F),
    (np.inf, 0x7F), (-np.inf, 0x7F), (np.nan, 0x7F), (-np.nan, 0x7F),
    (0.0, 0x00), (-0.0, 0x80), (-2.0 ** -11, 0x80), (2.0 ** -10, 0x00), (-2.0 ** -10 * 1.5, 0x81),
])
def test_nvidia_fp32_to_e4m3_edges(value: float, byte: int) -> None:
    """Magnitudes rounding to 480 land on S.1111.111 (a NaN that keeps its sign); rounding to 512+ and
    ±Inf give 0x7F; FP32 -0 and negative underflow stay -0."""
    got = round_to_float(np.array([value], np.float32), T.F8_E4M3, NVIDIA_H100_FLOAT_SETTINGS, source=T.F32)
    assert got.view(np.uint8)[0] == byte


def test_nvidia_negative_zero_survives_only_from_fp32_and_identity() -> None:
    s = NVIDIA_H100_FLOAT_SETTINGS
    h, f = np.array([-0.0], np.float16), np.array([-0.0], np.float32)
    assert round_to_float(f, T.F16, s, source=T.F32).view(np.uint16)[0] == 0x8000
    assert round_to_float(f, T.F8_E5M2, s, source=T.F32).view(np.uint8)[0] == 0x80
    assert round_to_float(h, T.F32, s, source=T.F16).view(np.uint32)[0] == 0
    assert round_to_float(h, T.F8_E4M3, s, source=T.F16).view(np.uint8)[0] == 0
    assert round_to_float(h, T.F16, s, source=T.F16).view(np.uint16)[0] == 0x8000


def test_nvidia_nan_keeps_sign_only_into_fp32() -> None:
    s = NVIDIA_H100_FLOAT_SETTINGS
    h = np.array([0xFC01, 0x7E00], np.uint16).view(np.float16)
    assert round_to_float(h, T.F32, s, source=T.F16).view(np.uint32).tolist() == [0xFFFF_FFFF, 0x7FFF_FFFF]
    f = np.array([0xFFC0_0000, 0x7F80_0001], np.uint32).view(np.float32)
    assert round_to_float(f, T.F16, s, source=T.F32).view(np.uint16).tolist() == [0x7FFF, 0x7FFF]
    assert round_to_float(f, T.F8_E5M2, s, source=T.F32).view(np.uint8).tolist() == [0x7F, 0x7F]


# --- settings semantics and API contract ---------------------------------------------------------

def test_saturate_clamps_overflow_and_infinities_but_keeps_nan() -> None:
    x = np.array([1e6, -1e6, np.inf, -np.inf, 464.0, 464.5, 61439.0, 61440.0, np.nan], np.float32)
    s = FloatConversionSettings()
    e4 = round_to_float(x, T.F8_E4M3, s, source=T.F32).astype(np.float64)
    e5 = round_to_float(x, T.F8_E5M2, s, source=T.F32).astype(np.float64)
    assert e4[:8].tolist() == [448, -448, 448, -448, 448, 448, 448, 448] and np.isnan(e4[8])
    assert e5[:8].tolist() == [57344, -57344, 57344, -57344, 448, 448, 57344, 57344] and np.isnan(e5[8])


def test_nan_or_inf_gives_nan_for_e4m3_and_infinity_for_e5m2() -> None:
    x = np.array([1e6, -1e6, 61440.0], np.float32)
    s = FloatConversionSettings(fp8_overflow=Fp8Overflow.NAN_OR_INF)
    assert round_to_float(x, T.F8_E4M3, s, source=T.F32).view(np.uint8).tolist() == [0x7F, 0xFF, 0x7F]
    assert round_to_float(x, T.F8_E5M2, s, source=T.F32).view(np.uint8).tolist() == [0x7C, 0xFC, 0x7C]


def test_default_nans_are_quiet_and_keep_sign() -> None:
    f = np.array([0xFF80_0001, 0x7FFF_FFFF], np.uint32).view(np.float32)
    s = FloatConversionSettings()
    assert round_to_float(f, T.F16, s, source=T.F32).view(np.uint16).tolist() == [0xFE00, 0x7E00]
    assert round_to_float(f, T.F8_E5M2, s, source=T.F32).view(np.uint8).tolist() == [0xFE, 0x7E]
    assert round_to_float(f, T.F8_E4M3, s, source=T.F32).view(np.uint8).tolist() == [0xFF, 0x7F]
    with np.errstate(invalid="ignore"):                       # 0xFF800001 is a signalling NaN
        d = f.astype(np.float64)
    assert round_to_float(d, T.F32, s, source=T.F64).view(np.uint32).tolist() == [0xFFC0_0000, 0x7FC0_0000]


SPECIAL_PATTERNS = {
    T.F32: np.array([0x8000_0000, 0xFFC0_0001, 0x7F80_0001, 0x0000_0001], np.uint32),
    T.F16: np.array([0x8000, 0xFC01, 0x7FFF, 0x0001], np.uint16),
    T.F8_E4M3: np.arange(256, dtype=np.uint32).astype(np.uint8),
    T.F8_E5M2: np.arange(256, dtype=np.uint32).astype(np.uint8),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("source", FLOATS, ids=lambda t: t.name)
def test_same_type_is_a_bit_copy(source: T, variant: str) -> None:
    """-0, NaN payloads and NaN signs survive, as in the driver's F16->F16, F32->F32, FP8->FP8 dumps."""
    patterns = SPECIAL_PATTERNS[source]
    x = patterns.view(type_info(source).dtype)
    assert np.array_equal(fast_bits(x, source, source, VARIANTS[variant]), patterns)


def test_same_type_held_in_a_wider_dtype_is_not_a_conversion() -> None:
    h = np.array([-0.0, -2.0 ** -24], np.float32)
    got = round_to_float(h, T.F16, NVIDIA_H100_FLOAT_SETTINGS, source=T.F16)
    assert got.view(np.uint16).tolist() == [0x8000, 0x8001]


def test_shape_is_kept_and_zero_dimensional_arrays_work() -> None:
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 12
    out = round_to_float(x, T.F8_E5M2, FloatConversionSettings(), source=T.F32)
    assert out.shape == (2, 3, 4) and out.dtype == E5M2
    scalar = round_to_float(np.float32(-500.0), T.F8_E4M3, NVIDIA_H100_FLOAT_SETTINGS, source=T.F32)
    assert scalar.shape == () and int(scalar.view(np.uint8)) == 0x7F


@pytest.mark.parametrize(("values", "destination", "source", "message"), [
    (np.zeros(2, np.float32), T.I32, T.F32, "not a float type"),
    (np.zeros(2, np.float32), T.F64, T.F32, "not a float type"),
    (np.zeros(2, np.uint32), T.F16, T.PackedS8x32, "bitcasts"),
    (np.array([0.1], np.float64), T.F16, T.F32, "not all exactly F32"),
    (np.array([1000.0], np.float32), T.F16, T.F8_E4M3, "not all exactly F8_E4M3"),
    (np.array([128.0]), T.F16, T.I8, "integers in"),
    (np.array([1.5]), T.F16, T.I32, "integers in"),
    (np.zeros(2, np.int64), T.F16, T.I32, "at most 32 bits"),
    (np.zeros(2, np.int32), T.F16, T.F32, "must be a float array"),
])
def test_rejects_types_and_values_it_cannot_round(values: np.ndarray, destination: T, source: T,
                                                  message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        round_to_float(values, destination, FloatConversionSettings(), source=source)


def test_store_fp8_as_f16_needs_fp8_values() -> None:
    with pytest.raises(InvalidArgumentError, match="float8"):
        store_fp8_as_f16(np.zeros(2, np.float16), FloatConversionSettings())


@pytest.mark.parametrize("fp8", FP8, ids=lambda t: t.name)
def test_fp8_cast_tables_are_ml_dtypes_casts_of_every_pattern(fp8: T) -> None:
    """The lookup tables that replace ml_dtypes' scalar casts hold exactly what those casts give."""
    dtype = type_info(fp8).dtype
    codes = np.arange(256, dtype=np.uint16).astype(np.uint8).view(dtype)
    assert np.array_equal(widen_fp8(codes).view(np.uint32), codes.astype(np.float32).view(np.uint32))
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).reshape(256, 256)
    with np.errstate(over="ignore", invalid="ignore"):
        expected = halves.astype(dtype)
    got = _round_nearest_even(halves, fp8)
    assert got.dtype == dtype and got.shape == halves.shape
    assert np.array_equal(got.view(np.uint8), expected.view(np.uint8))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("destination", FLOATS, ids=lambda t: t.name)
@pytest.mark.parametrize("fp8", FP8, ids=lambda t: t.name)
def test_fp8_sources_convert_by_a_table_of_the_general_paths_results(fp8: T, destination: T, variant: str) -> None:
    """One lookup per element (no float32 widening), same bits and shape, non-contiguous input too."""
    x = all_patterns(fp8).view(type_info(fp8).dtype).reshape(16, 16).T
    got = round_to_float(x, destination, VARIANTS[variant], source=fp8)
    with np.errstate(over="ignore", invalid="ignore"):
        want = _round_by_casts(x, destination, VARIANTS[variant], fp8)
    assert got.shape == x.shape and got.dtype == want.dtype
    assert np.array_equal(got.view(WORD[destination]), want.view(WORD[destination]))
