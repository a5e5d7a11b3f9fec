"""What IREE's dynamic-shape dispatches use beyond the core dialects: `affine.apply`, `affine.min`, `affine.max`
(llvm-project `mlir/docs/Dialects/Affine.md`), IREE's `util.assume.int` and `hal.interface.constant.load`.

Affine expressions are evaluated per lane on index values: `floordiv`, `ceildiv` round toward -inf / +inf and `mod`
is never negative (Affine.md "Affine Expressions"); a zero divisor is undefined (strict: reported).
`util.assume.int` passes its operands through; strict mode reports a value that breaks the assumption (umin,
umax, udiv), which IREE's compiler relies on. `hal.interface.constant.load` reads the dispatch's push constants,
`run(..., constants=[...])`, 32-bit words by ordinal.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirArgumentError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.ops.common import dtype_of, index_result, report, require_element
from dxlinalg.mlir.ops.registry import define, expect_counts, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.syntax import TypedInt, skip_balanced
from dxlinalg.nvgpu.types import INDEX, AffineMapLayout


# -- affine.apply / min / max --------------------------------------------------------------------------------------------
def _parse_affine(p: OpParser) -> None:
    """`%r = affine.min affine_map<(d0)[s0] -> (...)>(%d)[%s]` (or `#map(%d)[%s]`)."""
    p.attributes["map"] = p.attribute()
    dims = p.operand_list(")", INDEX) if p.accept("(") else []
    symbols = p.operand_list("]", INDEX) if p.accept("[") else []
    del dims, symbols
    p.attr_dict()
    p.result_types.append(INDEX)


def _verify_affine(op: Operation) -> None:
    expect_counts(op, None, 1)
    map_ = op.attributes.get("map")
    if not isinstance(map_, AffineMapLayout):
        raise fail(op, f"requires an affine_map attribute 'map', got {map_!r}")
    if len(op.operands) != map_.num_dims + map_.num_symbols:
        raise fail(op, f"operand count {len(op.operands)} does not match the map's {map_.num_dims} dimensions and "
                       f"{map_.num_symbols} symbols")
    if op.name == "affine.apply" and len(map_.results) != 1:
        raise fail(op, "mapping must produce one value")
    if not map_.results:
        raise fail(op, "the map has no results")
    if any(t != INDEX for t in op.operand_types) or op.result_types != [INDEX]:
        raise fail(op, "operands and result must be index")


def evaluate(expr: tuple, dims: list[np.ndarray], symbols: list[np.ndarray], bad: list[np.ndarray]) -> np.ndarray:
    """An affine expression tree on int64 lane arrays (`bad` collects lanes dividing by zero)."""
    kind = expr[0]
    if kind == "const":
        return np.array([expr[1]], np.int64)
    if kind == "dim":
        return dims[expr[1]]
    if kind == "sym":
        return symbols[expr[1]]
    lhs, rhs = evaluate(expr[1], dims, symbols, bad), evaluate(expr[2], dims, symbols, bad)
    if kind == "add":
        return lhs + rhs
    if kind == "mul":
        return lhs * rhs
    zero = rhs == 0
    bad.append(zero)
    safe = np.where(zero, 1, rhs)
    if kind == "floordiv":
        return np.floor_divide(lhs, safe)
    if kind == "ceildiv":
        return -np.floor_divide(-lhs, safe)
    return np.mod(lhs, np.abs(safe))


def _lower_affine(op: Operation, lw: Any) -> Any:
    map_ = op.attributes["map"]
    assert isinstance(map_, AffineMapLayout)
    combine = {"affine.apply": None, "affine.min": np.minimum, "affine.max": np.maximum}[op.name]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        values = [np.asarray(a, np.int64).reshape(-1) for a in args]
        dims, symbols = values[:map_.num_dims], values[map_.num_dims:]
        bad: list[np.ndarray] = []
        results = [evaluate(expr, dims, symbols, bad) for expr in map_.results]
        for zero in bad:
            report(machine, op, zero, "division by zero in an affine expression (undefined behaviour)")
        result = results[0]
        for other in results[1:]:
            result = combine(result, other)  # type: ignore[misc]
        return (index_result(machine, result),)
    return kernel


# -- util.assume.int --------------------------------------------------------------------------------------------------------
def _parse_assume(p: OpParser) -> None:
    """`%a:2 = util.assume.int %x<umin = 0, umax = 9>, %y[<udiv = 16>, <umin = 1>] : index, index`."""
    assumptions: list[list[str]] = []
    while True:
        p.operand()
        bodies: list[str] = []
        if p.peek("<"):
            bodies.append(skip_balanced(p.scanner, "<"))
        elif p.accept("["):
            while not p.accept("]"):
                bodies.append(skip_balanced(p.scanner, "<"))
                p.accept(",")
        assumptions.append(bodies)
        if not p.accept(","):
            break
    p.attributes["assumptions"] = assumptions
    p.attr_dict()
    p.expect(":", "before the types")
    types = p.type_list()
    if len(types) != len(assumptions):
        raise p.error(f"{len(assumptions)} operands but {len(types)} types")
    p.operand_types.extend(types)
    p.result_types.extend(types)


def _verify_assume(op: Operation) -> None:
    if op.result_types != op.operand_types or not op.operands:
        raise fail(op, "results must have the operands' types")
    for type_ in op.operand_types:
        require_element(op, type_, "ix", "operand")


_BOUND = re.compile(r"(umin|umax|udiv)\s*=\s*(-?[0-9]+)")


def _lower_assume(op: Operation, lw: Any) -> Any:
    assumptions = op.attributes.get("assumptions") or [[] for _ in op.operands]
    per_operand = [[{k: int(v) for k, v in _BOUND.findall(body)} for body in bodies]  # type: ignore[union-attr]
                   for bodies in assumptions]  # type: ignore[union-attr]

    def kernel(machine: Any, frame: list, args: list) -> list:
        if machine.strict:
            for value, options in zip(args, per_operand):
                if not options:
                    continue
                unsigned = np.asarray(value).astype(np.int64)
                holds = np.zeros(unsigned.shape, bool)
                for bounds in options:
                    ok = np.ones(unsigned.shape, bool)
                    if "umin" in bounds:
                        ok &= unsigned >= bounds["umin"]
                    if "umax" in bounds:
                        ok &= unsigned <= bounds["umax"]
                    if bounds.get("udiv"):
                        ok &= unsigned % bounds["udiv"] == 0
                    holds |= ok
                report(machine, op, ~holds, f"a value breaks its assumption {options} (undefined behaviour)")
        return list(args)
    return kernel


# -- hal.interface.constant.load ----------------------------------------------------------------------------------------------
def _parse_constant_load(p: OpParser) -> None:
    """`%c = hal.interface.constant.load layout(...) ordinal(0) [alignment(..)] [values(..)] : i32`."""
    while not p.peek(":"):
        word = p.keyword()
        if word == "ordinal":
            p.expect("(", "after ordinal")
            value = p.scanner.integer()
            if value is None:
                raise p.error("expected the ordinal (an integer)")
            p.attributes["ordinal"] = TypedInt(value, INDEX)
            p.expect(")", "after the ordinal")
        elif word in ("layout", "alignment", "values"):
            p.attributes[word] = skip_balanced(p.scanner, "(")
        else:
            raise p.error(f"expected layout(...), ordinal(...), alignment(...) or values(...), found {word!r}")
    p.expect(":", "before the result type")
    p.result_types.append(p.type())
    p.attr_dict()


def _verify_constant_load(op: Operation) -> None:
    expect_counts(op, 0, 1)
    if not isinstance(op.attributes.get("ordinal"), int):
        raise fail(op, "requires attribute 'ordinal'")
    require_element(op, op.result_types[0], "ixf", "result")
    if dtype_of(op.result_types[0]).itemsize != 4:
        raise fail(op, f"a push constant is a 32-bit value, got '{op.result_types[0]}'")


def _lower_constant_load(op: Operation, lw: Any) -> Any:
    ordinal = int(op.attributes["ordinal"])  # type: ignore[call-overload]
    dtype = dtype_of(op.result_types[0])

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        words = machine.extras.get("constants")
        if words is None or ordinal >= len(words):
            count = 0 if words is None else len(words)
            raise MlirArgumentError(at(op.location, f"the kernel reads push constant {ordinal}; pass at least "
                                                    f"{ordinal + 1} 32-bit words in constants= (got {count})"))
        return (np.array([words[ordinal]], np.uint32).view(dtype),)
    return kernel


def _register() -> None:
    for name in ("affine.apply", "affine.min", "affine.max"):
        define(name, parse=_parse_affine, verify=_verify_affine, lower=_lower_affine)
    define("util.assume.int", parse=_parse_assume, verify=_verify_assume, lower=_lower_assume)
    define("hal.interface.constant.load", parse=_parse_constant_load, verify=_verify_constant_load,
           lower=_lower_constant_load)


_register()
