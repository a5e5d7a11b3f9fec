"""The suite's own reference: what hlsl-specs 0029 says each operation computes, in float64 / int64.

Independent of dxlinalg's fast path (no dxlinalg.dxil, no matrix storage, no numeric core): the
matrix comes from the row-major data the suite wrote on the host, never from the device's layout
bytes. Rounding to FP16 / FP8 uses numpy and ml_dtypes casts *from float32*, which are single
round-to-nearest-even roundings with gradual underflow; the only values rounded that way are
exactly representable in float32, which `round_float` checks.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.datatypes import DT


# -- scalar conversions (0029 "Conversion Rules") -------------------------------------------------------
def round_float(values: np.ndarray, datatype: int) -> np.ndarray:
    """Round float32-exact values to a float type, nearest even, as float64.

    Overflow follows the cast (FP16 -> Inf, E4M3 -> NaN, E5M2 -> Inf); callers that care use
    `conversion_matches`, which treats the overflow range as implementation-defined.
    """
    values = np.asarray(values, np.float64)
    single = values.astype(np.float32)
    if not np.array_equal(single.astype(np.float64), values, equal_nan=True):
        raise ValueError("the oracle rounds only float32-exact values (one rounding, no double rounding)")
    if datatype == dt.FLOAT32:
        return single.astype(np.float64)
    return single.astype(dt.NUMPY[DT(datatype)]).astype(np.float64)


def round_result(values: np.ndarray, datatype: int) -> np.ndarray:
    """A float64 sum converted once to the result type: RNE for floats (numpy's float64 -> float16 and
    -> float32 casts round once), RNE and saturation for integers."""
    values = np.asarray(values, np.float64)
    if datatype in (dt.FLOAT16, dt.FLOAT32):
        return values.astype(dt.NUMPY[DT(datatype)]).astype(np.float64)
    return saturate(np.rint(values), datatype)


def saturate(values: np.ndarray, datatype: int) -> np.ndarray:
    low, high = dt.INTEGER_RANGE[DT(datatype)]
    return np.clip(values, low, high)


def interpret_input(physical: np.ndarray, input_type: int, interpretation: int, k: int) -> np.ndarray:
    """The K logical values of each thread's input vector (0029 §"Conversion Rules", packed rules).

    Packed: a bitcast, lowest byte first, bytes past K ignored. Integer -> integer saturates;
    float -> integer rounds to nearest even and saturates; anything -> float rounds to nearest even.
    A type interpreted as itself is unchanged.
    """
    physical = np.asarray(physical)
    if interpretation in dt.PACKED:
        raw = physical.astype("<u4").view(np.uint8).reshape(physical.shape[0], -1)[:, :k]
        return (raw.view(np.int8) if interpretation == dt.SINT8_PACKED else raw).astype(np.int64)
    if dt.is_float(input_type):
        values = physical.astype(np.float64)
        if dt.is_float(interpretation):
            return round_float(values, interpretation)
        return saturate(np.rint(values), interpretation).astype(np.int64)
    values = physical.astype(np.int64)
    if dt.is_float(interpretation):
        return round_float(values.astype(np.float64), interpretation)
    return saturate(values, interpretation).astype(np.int64)


def _wrap(values: np.ndarray, datatype: int) -> np.ndarray:
    """An exact integer sum as the 32-bit accumulator holds it (SPIR-V: exact at the result width, wraps)."""
    wrapped = np.mod(values, 1 << 32)
    return wrapped - (1 << 32) * (wrapped >= (1 << 31)) if datatype != dt.UINT32 else wrapped


# -- the four operations -------------------------------------------------------------------------------
def matvec(matrix: np.ndarray, x: np.ndarray, bias: np.ndarray | None, input_interpretation: int,
           matrix_interpretation: int, output_type: int) -> np.ndarray:
    """`Mul`/`MulAdd` for every thread: (threads, K) logical inputs, an M x K matrix of exact values.

    Integer path (both interpretations integer): exact int64 sum with an integer bias, wrapped to 32
    bits for 32-bit results and saturated for narrower ones; a float bias is added to that sum in
    float64. Float path: the exact sum in float64 (every case's data keeps it exact or the case uses a
    relative tolerance), then one rounding to the result type.
    """
    integer_path = dt.is_integer(input_interpretation) and dt.is_integer(matrix_interpretation)
    if integer_path:
        total = x.astype(np.int64) @ matrix.astype(np.int64).T
        if bias is not None and np.issubdtype(bias.dtype, np.integer):
            total = total + bias.astype(np.int64)
        if output_type in (dt.SINT32, dt.UINT32):
            total = _wrap(total, output_type)
        if bias is not None and not np.issubdtype(bias.dtype, np.integer):
            return round_result(total.astype(np.float64) + bias, output_type)
        if dt.is_float(output_type):
            return round_result(total.astype(np.float64), output_type)
        return saturate(total, output_type).astype(np.float64)
    total = x.astype(np.float64) @ matrix.astype(np.float64).T
    if bias is not None:
        total = total + bias.astype(np.float64)
    return round_result(total, output_type)


def outer_product_accumulate(initial: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`Matrix += a * transpose(b)` for every thread (0029), in float64."""
    return initial.astype(np.float64) + np.einsum("ti,tj->ij", a.astype(np.float64), b.astype(np.float64))


def vector_accumulate(initial: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """`array[i] += vector[i]` for every thread (0029), in float64."""
    return initial.astype(np.float64) + vectors.astype(np.float64).sum(axis=0)


# -- conversions (ConvertLinearAlgebraMatrix type changes) ------------------------------------------------
def conversion_matches(source: np.ndarray, datatype: int, got: np.ndarray) -> np.ndarray:
    """Per element: is `got` an acceptable conversion of `source` (float32-exact values) to `datatype`?

    0029 makes float -> float "implementation dependent, as accurate as possible" and says nothing on
    overflow, NaN bits or the sign of zero; the Vulkan CTS typeconvert test compares with a host RNE
    encoder, NaN matching any NaN. So:
    - NaN in: any NaN out;
    - in range: exactly the RNE value, subnormals kept (values compared, so +0 and -0 are equal);
    - past the largest finite value after rounding, or +-Inf in: the saturated +-max of the same sign,
      or what IEEE gives (+-Inf for types with infinities, NaN for E4M3, which has none). FP16 and
      FP32 have Inf, and saturating them would not be "as accurate as possible": only +-Inf.
    """
    source = np.asarray(source, np.float64)
    got = np.asarray(got, np.float64)
    threshold, inclusive = dt.overflow_threshold(datatype)
    magnitude = np.abs(source)
    overflow = (magnitude >= threshold) if inclusive else (magnitude > threshold)
    nan = np.isnan(source)
    overflow &= ~nan
    in_range = ~(nan | overflow)
    expected = np.zeros_like(source)
    expected[in_range] = round_float(source[in_range], datatype)
    ok = np.where(nan, np.isnan(got), False)
    ok |= in_range & (got == expected)
    infinity = np.copysign(np.inf, source)
    saturated = np.copysign(dt.MAX_FINITE[DT(datatype)], source)
    if datatype in (dt.FLOAT16, dt.FLOAT32):
        allowed = got == infinity
    elif datatype == dt.E4M3:
        allowed = np.isnan(got) | (got == saturated)
    else:
        allowed = (got == infinity) | (got == saturated)
    ok |= overflow & allowed
    return ok


def as_float64(values: np.ndarray) -> np.ndarray:
    """Any numeric array as float64 values (FP8 NaNs included, without numpy's cast warning)."""
    with np.errstate(invalid="ignore"):
        return np.asarray(values).astype(np.float64)


def values_match(expected: np.ndarray, got: np.ndarray) -> np.ndarray:
    """Equal values, NaN matching NaN (+0 equals -0): what a layout-only conversion must preserve."""
    expected, got = np.asarray(expected, np.float64), np.asarray(got, np.float64)
    return (expected == got) | (np.isnan(expected) & np.isnan(got))


# -- tolerances ------------------------------------------------------------------------------------------
def cts_relative_error(expected: np.ndarray, got: np.ndarray) -> np.ndarray:
    """The Vulkan CTS matmul error: |got - ref| / d, d = 5 where |ref| < 0.5, else |ref| (NaN: inf)."""
    expected, got = np.asarray(expected, np.float64), np.asarray(got, np.float64)
    error = np.abs(got - expected) / np.where(np.abs(expected) < 0.5, 5.0, np.abs(expected))
    return np.where(np.isnan(error), np.inf, error)


def cts_relative_limit(m: int, k: int) -> float:
    """The Vulkan CTS limit for that error: 0.06 when N*K > 200, else 0.01."""
    return 0.06 if m * k > 200 else 0.01


def absolute_error(expected: np.ndarray, got: np.ndarray) -> np.ndarray:
    expected, got = np.asarray(expected, np.float64), np.asarray(got, np.float64)
    error = np.abs(got - expected)
    both_nan = np.isnan(expected) & np.isnan(got)
    return np.where(both_nan, 0.0, np.where(np.isnan(error), np.inf, error))
