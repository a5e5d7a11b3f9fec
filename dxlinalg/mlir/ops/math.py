"""The math dialect (llvm-project `mlir/docs/Dialects/MathOps.md`): float functions on scalars and vectors.

MLIR does not fix their accuracy. Here `fma`, `sqrt`, `absf`, rounding and `copysign` are exact (one IEEE rounding);
the transcendental functions are computed in float64 and rounded once to the result type, which is within an ulp
of the exact result (the documented choice, docs/mlir.md). fastmath flags are read and ignored.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.ops.common import dtype_of, require_element
from dxlinalg.mlir.ops.registry import define, expect_counts, same_types
from dxlinalg.mlir.parser import OpParser
from dxlinalg.numerics.fma import fma as exact_fma

UNARY_FLOAT = {
    "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1, "log": np.log, "log2": np.log2, "log10": np.log10,
    "log1p": np.log1p, "sin": np.sin, "cos": np.cos, "tan": np.tan, "tanh": np.tanh, "atan": np.arctan,
    "sinh": np.sinh, "cosh": np.cosh, "asin": np.arcsin, "acos": np.arccos,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
}
EXACT_UNARY = {"sqrt": np.sqrt, "absf": np.abs, "ceil": np.ceil, "floor": np.floor, "trunc": np.trunc,
               "roundeven": np.rint, "round": lambda x: np.where(x >= 0, np.floor(x + 0.5), np.ceil(x - 0.5))}
BINARY_FLOAT = {"powf": np.power, "atan2": np.arctan2, "copysign": np.copysign}


def _parse(count: int) -> Any:
    def parse(p: OpParser) -> None:
        for position in range(count):
            if position:
                p.expect(",", "between the operands")
            p.operand()
        p.optional_enum_property("fastmath", "fastmath")
        p.attr_dict()
        p.expect(":", "before the type")
        type_ = p.type()
        p.operand_types.extend([type_] * count)
        p.result_types.append(type_)
    return parse


def _verify(count: int, kinds: str = "f") -> Any:
    def verify(op: Operation) -> None:
        expect_counts(op, count, 1)
        same_types(op, [*op.operand_types, op.result_types[0]], "operands and result")
        require_element(op, op.result_types[0], kinds, "operand")
    return verify


def _lower(function: Any, wide: bool) -> Any:
    def lower(op: Operation, lw: Any) -> Any:
        dtype = dtype_of(op.result_types[0])

        def kernel(machine: Any, frame: list, args: list) -> tuple:
            values = [np.asarray(a, np.float64) for a in args] if wide else args
            return (np.asarray(function(*values)).astype(dtype),)
        return kernel
    return lower


def _lower_fma(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (exact_fma(*np.broadcast_arrays(*args)),)
    return kernel


def _lower_absi(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (np.abs(args[0]).astype(args[0].dtype),)
    return kernel


def _register() -> None:
    for name, function in UNARY_FLOAT.items():
        define(f"math.{name}", parse=_parse(1), verify=_verify(1), lower=_lower(function, True))
    for name, function in EXACT_UNARY.items():
        define(f"math.{name}", parse=_parse(1), verify=_verify(1), lower=_lower(function, False))
    for name, function in BINARY_FLOAT.items():
        define(f"math.{name}", parse=_parse(2), verify=_verify(2), lower=_lower(function, True))
    define("math.fma", parse=_parse(3), verify=_verify(3), lower=_lower_fma)
    define("math.absi", parse=_parse(1), verify=_verify(1, "ix"), lower=_lower_absi)


_register()
