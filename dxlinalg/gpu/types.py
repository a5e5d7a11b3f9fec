"""HLSL scalar and vector types as Python objects: for templated loads/stores, casts and `Mul<OutT>`.

`float16_t`, `float32_t`, `int32_t`, ... are callables that cast like HLSL (float -> int
truncates toward zero; float -> half rounds to nearest even); `vector[float16_t, 16]` and the
short names `float16_t4`, `uint4`, ... are vector types. A value of a type is a numpy array:
per-lane scalars have shape (lanes,), per-lane vectors (lanes, N).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.half import narrow_to_half, widen_half

#: Elements from which the fast half conversions beat numpy's casts (their fixed cost is ~15 us;
#: numpy's float32 -> float16 loop takes 2.5 ns per element, 60 ns per subnormal result).
FAST_HALF_CAST_FROM = 1024


@dataclass(frozen=True)
class ScalarType:
    """An HLSL scalar type backed by a numpy dtype."""

    name: str
    dtype: np.dtype

    @property
    def size(self) -> int:
        return self.dtype.itemsize

    @property
    def length(self) -> int | None:
        return None

    @property
    def is_unsigned(self) -> bool:
        return self.dtype.kind == "u"

    def __call__(self, value: object) -> np.ndarray:
        return cast(value, self.dtype)

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class VectorType:
    """`vector<scalar, length>`."""

    scalar: ScalarType
    length: int

    @property
    def dtype(self) -> np.dtype:
        return self.scalar.dtype

    @property
    def size(self) -> int:
        return self.scalar.size * self.length

    @property
    def name(self) -> str:
        return f"vector<{self.scalar.name}, {self.length}>"

    def __call__(self, value: object) -> np.ndarray:
        """Convert a (lanes, length) or (length,) value; a scalar is splatted to all components."""
        array = cast(value, self.dtype)
        if array.ndim == 0:
            return np.full(self.length, array, self.dtype)
        if array.shape[-1] != self.length:
            raise InvalidArgumentError(
                f"cannot make a {self.name} from a value of shape {array.shape}: the last axis must be "
                f"{self.length} long")
        return array

    def __repr__(self) -> str:
        return self.name


def cast(value: object, dtype: np.dtype) -> np.ndarray:
    """HLSL conversion to `dtype`: float -> int truncates toward zero, float -> float rounds to nearest even.

    Float -> int past the destination range is undefined in HLSL/DXIL; we saturate (NaN -> 0).
    """
    array = np.asarray(value)
    dtype = np.dtype(dtype)
    if dtype.kind in "iu" and array.dtype.kind == "f":
        info = np.iinfo(dtype)
        with np.errstate(invalid="ignore"):
            low, high = (float(array.min()), float(array.max())) if array.size else (0.0, 0.0)
        if info.min - 1 < low and high < info.max + 1:   # no NaN, every value truncates into range
            return array.astype(dtype)                   # numpy's float -> int cast truncates toward zero
        with np.errstate(invalid="ignore"):
            clipped = np.clip(np.trunc(array.astype(np.float64)), info.min, info.max)
        return np.where(np.isnan(clipped), 0, clipped).astype(dtype)
    if dtype == np.bool_:
        return array != 0
    if array.size >= FAST_HALF_CAST_FROM:
        if array.dtype == np.float32 and dtype == np.float16:
            narrowed = narrow_to_half(array)
            if narrowed is not None:              # NaNs: numpy's cast keeps their payloads
                return narrowed
        elif array.dtype == np.float16 and dtype == np.float32:
            return widen_half(array)
    return array.astype(dtype)


class _VectorFactory:
    """`vector[float16_t, 16]`, like HLSL's `vector<float16_t, 16>`."""

    def __getitem__(self, key: tuple[ScalarType, int]) -> VectorType:
        scalar, length = key
        if not isinstance(scalar, ScalarType) or not 1 <= int(length) <= 1024:
            raise InvalidArgumentError(
                f"vector[{key}]: need a scalar type and a length in 1..1024 (SM 6.9 long vectors)")
        return VectorType(scalar, int(length))


vector = _VectorFactory()

float16_t = ScalarType("float16_t", np.dtype(np.float16))
float32_t = ScalarType("float", np.dtype(np.float32))
float64_t = ScalarType("double", np.dtype(np.float64))
int16_t = ScalarType("int16_t", np.dtype(np.int16))
uint16_t = ScalarType("uint16_t", np.dtype(np.uint16))
int32_t = ScalarType("int", np.dtype(np.int32))
uint32_t = ScalarType("uint", np.dtype(np.uint32))
int64_t = ScalarType("int64_t", np.dtype(np.int64))
uint64_t = ScalarType("uint64_t", np.dtype(np.uint64))
bool_t = ScalarType("bool", np.dtype(np.bool_))
half = float16_t
float_ = float32_t
uint = uint32_t
int_ = int32_t
#: HLSL's packed 8-bit types are 32-bit unsigned integers (dx::linalg IsUnsigned is true for them).
uint8_t4_packed = ScalarType("uint8_t4_packed", np.dtype(np.uint32))
int8_t4_packed = ScalarType("int8_t4_packed", np.dtype(np.uint32))

float16_t2, float16_t3, float16_t4 = (VectorType(float16_t, n) for n in (2, 3, 4))
float2, float3, float4 = (VectorType(float32_t, n) for n in (2, 3, 4))
int2, int3, int4 = (VectorType(int32_t, n) for n in (2, 3, 4))
uint2, uint3, uint4 = (VectorType(uint32_t, n) for n in (2, 3, 4))

HlslType = ScalarType | VectorType

_BY_DTYPE = {t.dtype: t for t in (float16_t, float32_t, float64_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                   uint64_t)}


def scalar_type_of(dtype: np.dtype) -> ScalarType:
    """The HLSL scalar type of a numpy dtype (for stores whose type is deduced from the value)."""
    try:
        return _BY_DTYPE[np.dtype(dtype)]
    except KeyError:
        raise InvalidArgumentError(
            f"dtype {np.dtype(dtype)} has no HLSL buffer type; use float16, float32, float64, int16, "
            f"uint16, int32, uint32, int64 or uint64") from None
