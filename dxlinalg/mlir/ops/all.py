"""Importing this registers every supported operation's definition."""

from dxlinalg.mlir.ops import (  # noqa: F401
    affine,
    arith,
    control,
    gpu,
    math,
    memref,
    nvgpu,
    ub,
    vector,
    vector_masked,
)
from dxlinalg.mlir.ops.registry import DEFINITIONS, OpDefinition

__all__ = ["DEFINITIONS", "OpDefinition"]
