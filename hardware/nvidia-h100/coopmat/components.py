"""The component types the probes use: GLSL spelling, VkComponentTypeKHR value, numpy dtype.

`to_u32` is the GLSL expression that turns an element holding a small integer into a uint32
(the ownership probe's index matrices).
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np


@dataclass(frozen=True)
class Component:
    name: str            # short name used in run names and data files
    glsl: str
    vulkan: int          # VkComponentTypeKHR
    dtype: np.dtype
    is_float: bool
    extension: str = ""  # a GLSL extension the type needs beyond common.glsl

    @property
    def to_u32(self) -> str:
        return "uint(float(x))" if self.is_float else "uint(int(x))"

    @property
    def size(self) -> int:
        return np.dtype(self.dtype).itemsize

    def encode(self, values) -> bytes:
        """Values (exactly representable) as this type's little-endian bytes."""
        array = np.asarray(values)
        converted = array.astype(self.dtype)
        if self.is_float:
            back = converted.astype(np.float64)
            same = (back == array.astype(np.float64)) | (np.isnan(back) & np.isnan(array.astype(np.float64)))
        else:
            same = converted.astype(np.int64) == array.astype(np.int64)
        if not np.all(same):
            raise ValueError(f"values not exactly representable as {self.name}")
        return np.ascontiguousarray(converted).tobytes()

    def decode(self, raw: bytes | np.ndarray) -> np.ndarray:
        return np.frombuffer(bytes(raw), self.dtype)


COMPONENTS = {c.name: c for c in [
    Component("f16", "float16_t", 0, np.dtype(np.float16), True),
    Component("f32", "float", 1, np.dtype(np.float32), True),
    Component("f64", "double", 2, np.dtype(np.float64), True),
    Component("s8", "int8_t", 3, np.dtype(np.int8), False),
    Component("s32", "int32_t", 5, np.dtype(np.int32), False),
    Component("u8", "uint8_t", 7, np.dtype(np.uint8), False),
    Component("u32", "uint32_t", 9, np.dtype(np.uint32), False),
    Component("bf16", "bfloat16_t", 1000141000, np.dtype(ml_dtypes.bfloat16), True, "GL_EXT_bfloat16"),
]}

SCOPES = {"sg": ("gl_ScopeSubgroup", 3), "wg": ("gl_ScopeWorkgroup", 2)}
USES = {0: "A", 1: "B", 2: "C"}
