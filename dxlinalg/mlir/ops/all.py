"""Importing this registers every supported operation's definition."""

from dxlinalg.mlir.ops import arith, control, gpu, math, memref, nvgpu, ub, vector  # noqa: F401
from dxlinalg.mlir.ops.registry import DEFINITIONS, OpDefinition

__all__ = ["DEFINITIONS", "OpDefinition"]
