"""The values each case writes: grids on which every correct implementation is exact, plus probes of
the conversion rules, all seeded by the case name so a failure reproduces.

Float data (matrices, float inputs, biases, accumulate vectors) lies on the DXC/CTS grid
{-0.5, 0, 0.5, 1}: exact in E4M3, E5M2 and FP16, and every product and partial sum of up to 128
terms is a multiple of 0.25 below 2^9, exact in FP16, so accumulation order and precision cannot
change a result. `random=True` cases leave the grid on purpose (uniform in [-1, 1]) and are judged
by the CTS relative rule.
"""

from __future__ import annotations

import zlib

import numpy as np

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.datatypes import overflow_threshold
from dxlinalg.conformance.oracle import as_float64, round_float

GRID = np.array([-0.5, 0.0, 0.5, 1.0])
SMALL_INTEGERS = np.arange(-3, 5)  # DXC: float inputs for integer matrices in [-3, 4]


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def float_values(shape: tuple[int, ...], rng: np.random.Generator, datatype: int, random: bool = False) -> np.ndarray:
    """Grid values, or uniform [-1, 1] values rounded to `datatype` (exact there), as float64."""
    if not random:
        return rng.choice(GRID, shape)
    return round_float(rng.uniform(-1.0, 1.0, shape).astype(np.float32).astype(np.float64), datatype)


def integer_values(shape: tuple[int, ...], rng: np.random.Generator, datatype: int) -> np.ndarray:
    """8-bit types over their whole range (as the CTS); wider types in a range whose sums stay exact."""
    low, high = dt.INTEGER_RANGE[dt.DT(datatype)]
    low, high = max(low, -1000), min(high, 1000)
    return rng.integers(low, high + 1, shape).astype(np.int64)


def matrix_values(datatype: int, rows: int, cols: int, rng: np.random.Generator, random: bool = False) -> np.ndarray:
    if dt.is_float(datatype):
        return float_values((rows, cols), rng, datatype, random)
    return integer_values((rows, cols), rng, datatype)


def host_matrix(datatype: int, values: np.ndarray) -> tuple[int, np.ndarray]:
    """The row-major source the host writes (DXC exec test): FLOAT32 for float interpretations, the
    type itself for integer ones (0029 allows no integer type change), e.g. SINT8 for SINT8."""
    if dt.is_float(datatype):
        return int(dt.FLOAT32), values.astype(np.float32)
    return int(datatype), values.astype(dt.NUMPY[dt.DT(datatype)])


def bias_values(datatype: int, m: int, rng: np.random.Generator, random: bool = False) -> np.ndarray:
    if dt.is_float(datatype):
        return float_values((m,), rng, datatype, random)
    return integer_values((m,), rng, datatype)


def _probes(interpretation: int) -> np.ndarray:
    """Inputs that exercise 0029's conversion rules into an integer interpretation: ties (round to
    nearest even) and values past either end (saturation)."""
    low, high = dt.INTEGER_RANGE[dt.DT(interpretation)]
    return np.array([0.5, 1.5, 2.5, -2.5, -0.5, high + 0.5, high + 100.0, low - 0.5, low - 100.0])


def input_vectors(input_type: int, interpretation: int, k: int, threads: int, rng: np.random.Generator,
                  random: bool = False) -> np.ndarray:
    """Each thread's physical input vector, (threads, NUMi), in the input type's numpy dtype."""
    physical = dt.NUMPY[dt.DT(input_type)]
    if interpretation in dt.PACKED:
        words = -(-k // 4)  # bytes past K in the last word are random: they must be ignored
        return rng.integers(0, 1 << 32, (threads, words), dtype=np.uint64).astype(np.uint32)
    if dt.is_float(interpretation):
        if dt.is_float(input_type):
            return float_values((threads, k), rng, input_type, random).astype(physical)
        return rng.choice(SMALL_INTEGERS, (threads, k)).astype(physical)
    if dt.is_float(input_type):
        values = rng.choice(SMALL_INTEGERS, (threads, k)).astype(np.float64)
        flat = values.reshape(-1)
        flat[1::7] = np.resize(_probes(interpretation), flat[1::7].size)
        with np.errstate(over="ignore"):  # a probe past FP16's range becomes Inf, which saturates too
            return values.astype(physical)
    values = integer_values((threads, k), rng, interpretation)
    low, high = dt.INTEGER_RANGE[dt.DT(interpretation)]
    physical_low, physical_high = dt.INTEGER_RANGE[dt.DT(input_type)]
    probes = np.array([p for p in (low - 5, high + 5, low - 1000, high + 1000) if physical_low <= p <= physical_high],
                      np.int64)
    if probes.size:
        flat = values.reshape(-1)
        flat[3::11] = np.resize(probes, flat[3::11].size)
    return values.astype(physical)


def accumulate_vectors(datatype: int, threads: int, length: int, rng: np.random.Generator) -> np.ndarray:
    if dt.is_float(datatype):
        return float_values((threads, length), rng, datatype).astype(dt.NUMPY[dt.DT(datatype)])
    return rng.integers(-8, 8, (threads, length)).astype(dt.NUMPY[dt.DT(datatype)])


def random_encodings(datatype: int, count: int, rng: np.random.Generator) -> np.ndarray:
    """Random bit patterns of a type (specials included), as that type."""
    bits = dt.BITS.get(dt.DT(datatype), dt.NUMPY[dt.DT(datatype)])
    raw = rng.integers(0, 1 << (8 * bits.itemsize), count, dtype=np.uint64).astype(bits)
    return raw.view(dt.NUMPY[dt.DT(datatype)])


def conversion_sweep(source: int, dest: int, rng: np.random.Generator, quick: bool = False) -> np.ndarray:
    """Source values for a type-conversion case, as the source type (CTS typeconvert).

    FP16 and FP8 sources: every encoding. FP32 sources: every `i << 16` word (all signs, exponents,
    specials), as many random words, and every tie between two neighbouring destination values with
    its float32 neighbours (the RNE decisions) — thinned to every 16th value in quick runs.
    """
    if source != dt.FLOAT32:
        bits = dt.BITS[dt.DT(source)]
        return np.arange(1 << (8 * bits.itemsize), dtype=np.uint64).astype(bits).view(dt.NUMPY[dt.DT(source)])
    words = [np.arange(1 << 16, dtype=np.uint32) << 16,
             rng.integers(0, 1 << 32, 1 << 16, dtype=np.uint64).astype(np.uint32)]
    finite = np.arange(1 << (8 * dt.BITS[dt.DT(dest)].itemsize), dtype=np.uint64).astype(dt.BITS[dt.DT(dest)])
    grid = as_float64(finite.view(dt.NUMPY[dt.DT(dest)]))
    grid = np.unique(grid[np.isfinite(grid)])
    ties = ((grid[:-1] + grid[1:]) / 2).astype(np.float32)  # exact: one bit more than the destination has
    threshold = overflow_threshold(dest)[0]  # the first tie past the largest finite value
    ties = np.concatenate([ties, np.array([threshold, -threshold], np.float32)])
    words.append(ties.view(np.uint32))
    words.append(ties.view(np.uint32) + np.uint32(1))
    words.append(ties.view(np.uint32) - np.uint32(1))
    values = np.concatenate(words)
    if quick:
        values = values[::16]
    return values.view(np.float32)
