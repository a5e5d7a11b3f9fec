"""How MLIR values live on the simulated GPU: numpy dtypes of element types, and integer wrap-around.

Every SSA value is a numpy array with a leading lane axis: a scalar is (lanes,), a `vector<4x2xf16>` is
(lanes, 4, 2); a value the same on every lane may keep a lane axis of 1 (numpy broadcasts it). Signless integers
live in numpy's signed types of their width (i1 is bool) and the operations that read them as unsigned view the
bits so; `index` lives in int64 and wraps at the profile's `mlir.index_bits`.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from dxlinalg.errors import UnsupportedError
from dxlinalg.nvgpu.types import ScalarType

_FLOATS = {
    "f16": np.dtype(np.float16), "bf16": np.dtype(ml_dtypes.bfloat16), "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64), "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": np.dtype(ml_dtypes.float8_e5m2), "f8E4M3FNUZ": np.dtype(ml_dtypes.float8_e4m3fnuz),
    "f8E5M2FNUZ": np.dtype(ml_dtypes.float8_e5m2fnuz), "f8E4M3B11FNUZ": np.dtype(ml_dtypes.float8_e4m3b11fnuz),
}
_INTEGER_WIDTHS = (1, 8, 16, 32, 64)


def numpy_dtype(type_: ScalarType) -> np.dtype:
    """The dtype holding `type_`'s values (unsigned `uiN` in uintN, signless and signed in intN)."""
    if type_.is_index:
        return np.dtype(np.int64)
    if type_.is_float:
        dtype = _FLOATS.get(type_.name)
        if dtype is None:
            raise UnsupportedError(f"element type {type_} has no numpy representation here (supported floats: "
                                   f"{', '.join(_FLOATS)})")
        return dtype
    width = type_.bit_width
    if width not in _INTEGER_WIDTHS:
        raise UnsupportedError(f"integer type {type_}: widths {', '.join(map(str, _INTEGER_WIDTHS))} are supported")
    if width == 1:
        return np.dtype(bool)
    return np.dtype(f"{'u' if type_.name.startswith('ui') else 'i'}{width // 8}")


def is_supported_element(type_: ScalarType) -> bool:
    try:
        numpy_dtype(type_)
    except UnsupportedError:
        return False
    return True


def unsigned_dtype(dtype: np.dtype) -> np.dtype:
    """The unsigned integer dtype of the same width (bool stays bool)."""
    return dtype if dtype.kind == "b" else np.dtype(f"u{dtype.itemsize}")


def signed_dtype(dtype: np.dtype) -> np.dtype:
    return dtype if dtype.kind == "b" else np.dtype(f"i{dtype.itemsize}")


def wrap_integers(values: np.ndarray, type_: ScalarType) -> np.ndarray:
    """Python or numpy integers, kept modulo 2^width, as `type_`'s dtype (an object array is allowed)."""
    dtype = numpy_dtype(type_)
    if dtype.kind == "b":
        return (np.asarray(values).astype(object) % 2).astype(bool) if np.asarray(values).dtype == object else \
            (np.asarray(values) % 2).astype(bool)
    bits = dtype.itemsize * 8
    array = np.asarray(values)
    if array.dtype == object:
        masked = np.vectorize(lambda v: int(v) & ((1 << bits) - 1), otypes=[object])(array) if array.size else array
        return np.asarray(masked.astype(np.uint64) if array.size else np.zeros(array.shape, np.uint64)).astype(
            unsigned_dtype(dtype)).view(dtype)
    return array.astype(unsigned_dtype(dtype)).view(dtype) if array.dtype.kind in "iu" else array.astype(dtype)


def wrap_index(values: np.ndarray, index_bits: int) -> np.ndarray:
    """int64 index values wrapped to `index_bits` (two's complement), still int64."""
    if index_bits == 64:
        return values
    return values.astype(np.int32).astype(np.int64)
