"""The arith dialect (llvm-project `mlir/include/mlir/Dialect/Arith/IR/ArithOps.td`, `mlir/docs/Dialects/ArithOps.md`).

Integers are signless and wrap modulo 2^width; `overflow<nsw>`/`<nuw>` make a wrapping result poison, which strict
mode reports where it becomes observable (dxlinalg.mlir.poison carries it per element through a block's elementwise
operations; elsewhere it is reported where it is made, for active lanes).
Division by zero and signed `MIN / -1` are undefined behaviour (strict: reported; permissive: the result is 0, what
the profile-independent reference chooses). Shifts by the bit width or more are poison (permissive: 0, or the sign
for shrsi). Floats are IEEE with round-to-nearest-even per operation; fastmath flags are read and ignored (every
result is the exactly rounded one, which any fastmath choice allows). `index` is an integer of the profile's
`mlir.index_bits` (default 64). fptosi/fptoui of a value out of range (or NaN) are poison (permissive: saturated,
NaN to 0, as PTX cvt.rzi.sat does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.ops.common import (
    dtype_of,
    element_of,
    index_result,
    make_poison,
    report,
    require_element,
    shape_of,
)
from dxlinalg.mlir.ops.registry import define, expect_counts, fail, same_types
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.syntax import DenseAttr, DialectAttr, TypedFloat, TypedInt
from dxlinalg.mlir.values import numpy_dtype, signed_dtype, unsigned_dtype
from dxlinalg.nvgpu.types import I1, ScalarType, Type, VectorType

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
                   "une", "uno", "true")


# -- custom forms --------------------------------------------------------------------------------------------------
def _parse_binary(p: OpParser) -> None:
    """`%r = arith.addi %a, %b [overflow<...>] [fastmath<...>] {attrs} : T`."""
    p.operand()
    p.expect(",", "between the operands")
    p.operand()
    p.optional_enum_property("overflow", "overflowFlags")
    p.optional_enum_property("fastmath", "fastmath")
    p.properties()
    p.attr_dict()
    p.expect(":", "before the type")
    type_ = p.type()
    p.operand_types.extend([type_, type_])
    p.result_types.append(type_)


def _parse_unary(p: OpParser) -> None:
    p.operand()
    p.optional_enum_property("fastmath", "fastmath")
    p.attr_dict()
    p.expect(":", "before the type")
    type_ = p.type()
    p.operand_types.append(type_)
    p.result_types.append(type_)


def _parse_extended(p: OpParser) -> None:
    """`%lo, %hi = arith.mulsi_extended %a, %b : T` / `%sum, %o = arith.addui_extended %a, %b : T, i1`."""
    p.operand()
    p.expect(",", "between the operands")
    p.operand()
    p.attr_dict()
    p.expect(":", "before the types")
    types = p.type_list()
    p.operand_types.extend([types[0], types[0]])
    if p.name == "arith.addui_extended":
        if len(types) != 2:
            raise p.error("arith.addui_extended needs two types: the sum's and the overflow's")
        p.result_types.extend(types)
    else:
        p.result_types.extend([types[0], types[0]])


def _parse_compare(p: OpParser) -> None:
    """`%r = arith.cmpi slt, %a, %b : T`."""
    table = CMPI_PREDICATES if p.name == "arith.cmpi" else CMPF_PREDICATES
    word = p.keyword()
    if word not in table:
        raise p.error(f"expected a predicate ({', '.join(table)}), got {word!r}")
    p.attributes["predicate"] = TypedInt(table.index(word))
    p.expect(",", "after the predicate")
    p.operand()
    p.expect(",", "between the operands")
    p.operand()
    p.optional_enum_property("fastmath", "fastmath")
    p.attr_dict()
    p.expect(":", "before the type")
    type_ = p.type()
    p.operand_types.extend([type_, type_])
    p.result_types.append(_i1_like(type_))


def _i1_like(type_: Type) -> Type:
    return VectorType(type_.shape, I1) if isinstance(type_, VectorType) else I1


def _parse_cast(p: OpParser) -> None:
    """`%r = arith.extsi %a {attrs} : i8 to i32`."""
    p.operand()
    p.optional_enum_property("fastmath", "fastmath")
    p.attr_dict()
    p.expect(":", "before the types")
    source = p.type()
    p.expect_keyword("to", "between the source and result types")
    p.operand_types.append(source)
    p.result_types.append(p.type())


def _parse_select(p: OpParser) -> None:
    """`%r = arith.select %c, %a, %b : T` or `: vector<4xi1>, vector<4xf32>`."""
    for position in range(3):
        if position:
            p.expect(",", "between the operands")
        p.operand()
    p.attr_dict()
    p.expect(":", "before the type")
    types = p.type_list()
    condition, value = (I1, types[0]) if len(types) == 1 else (types[0], types[1])
    p.operand_types.extend([condition, value, value])
    p.result_types.append(value)


def _parse_constant(p: OpParser) -> None:
    """`%c = arith.constant {attrs} 4 : i32` (also `true`, `dense<...> : vector<...>`)."""
    p.attr_dict()
    value = p.attribute()
    if isinstance(value, bool):
        value = TypedInt(int(value), I1)
    if not isinstance(value, (TypedInt, TypedFloat, DenseAttr)):
        raise p.error(f"arith.constant needs an integer, float or dense<...> value, got {value!r}")
    p.attributes["value"] = value
    p.result_types.append(value.type)


# -- verifiers -----------------------------------------------------------------------------------------------------
def _verify_binary(kinds: str) -> Callable[[Operation], None]:
    def verify(op: Operation) -> None:
        expect_counts(op, 2, None)
        if op.name in ("arith.mulsi_extended", "arith.mului_extended", "arith.addui_extended"):
            if len(op.result_types) != 2:
                raise fail(op, "requires 2 results")
        elif len(op.result_types) != 1:
            raise fail(op, f"requires 1 result, but found {len(op.result_types)}")
        same_types(op, [*op.operand_types, op.result_types[0]], "operands and result")
        require_element(op, op.operand_types[0], kinds, "operand")
    return verify


def _verify_compare(op: Operation) -> None:
    expect_counts(op, 2, 1)
    same_types(op, op.operand_types, "operands")
    require_element(op, op.operand_types[0], "ix" if op.name == "arith.cmpi" else "f", "operand")
    table = CMPI_PREDICATES if op.name == "arith.cmpi" else CMPF_PREDICATES
    predicate = op.attributes.get("predicate")
    if not isinstance(predicate, int) or isinstance(predicate, bool) or not 0 <= predicate < len(table):
        raise fail(op, f"requires attribute 'predicate' (0 to {len(table) - 1}), got {predicate!r}")
    if op.result_types[0] != _i1_like(op.operand_types[0]):
        raise fail(op, f"result must be i1 (of the operands' vector shape), got '{op.result_types[0]}'")


def _verify_cast(source_kinds: str, result_kinds: str, rule: str | None) -> Callable[[Operation], None]:
    def verify(op: Operation) -> None:
        expect_counts(op, 1, 1)
        source, result = op.operand_types[0], op.result_types[0]
        require_element(op, source, source_kinds, "operand")
        require_element(op, result, result_kinds, "result")
        if shape_of(source) != shape_of(result) or type(source) is not type(result):
            raise fail(op, f"operand and result must have the same shape: '{source}' vs '{result}'")
        if rule is not None:
            a, b = element_of(source), element_of(result)
            width = {"index": 64}
            wa = width.get(a.name, a.bit_width)  # type: ignore[union-attr]
            wb = width.get(b.name, b.bit_width)  # type: ignore[union-attr]
            if (rule == "wider" and not wb > wa) or (rule == "narrower" and not wb < wa) or \
                    (rule == "same" and wa != wb):
                raise fail(op, f"result type '{result}' must be {rule} than (as wide as) operand type '{source}'"
                           if rule != "same" else f"operand and result must have the same bit width: "
                                                  f"'{source}' vs '{result}'")
    return verify


def _verify_select(op: Operation) -> None:
    expect_counts(op, 3, 1)
    condition, a, b = op.operand_types
    same_types(op, [a, b, op.result_types[0]], "true value, false value and result")
    if condition != I1 and condition != _i1_like(a):
        raise fail(op, f"condition must be i1 or a vector of i1 of the result's shape, got '{condition}'")


def _verify_constant(op: Operation) -> None:
    expect_counts(op, 0, 1)
    value = op.attributes.get("value")
    result = op.result_types[0]
    if isinstance(value, bool):
        value = TypedInt(int(value), I1)
    if not isinstance(value, (TypedInt, TypedFloat, DenseAttr)):
        raise fail(op, f"value must be an integer, float or dense elements attribute, got {value!r}")
    if value.type != result:
        raise fail(op, f"value type '{value.type}' must match the result type '{result}'")
    require_element(op, result, "ixf", "result")


# -- semantics -----------------------------------------------------------------------------------------------------
def _flags(op: Operation) -> tuple[str, ...]:
    flags = op.attributes.get("overflowFlags")
    if isinstance(flags, DialectAttr):
        return flags.words
    return ()


def _integer_kernel(op: Operation, body: Callable[[Any, np.ndarray, np.ndarray], np.ndarray]) -> Any:
    type_ = op.result_types[0]
    element = element_of(type_)
    index = element.is_index  # type: ignore[union-attr]
    flags = _flags(op)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        a, b = args
        result = body(machine, a, b)
        if flags:
            _check_overflow(machine, op, flags, a, b, result)
        return (index_result(machine, result) if index else result,)
    return kernel


def _check_overflow(machine: Any, op: Operation, flags: tuple[str, ...], a: np.ndarray, b: np.ndarray,
                    result: np.ndarray) -> None:
    if not machine.strict:
        return
    kind = op.name.split(".")[1][:3]
    bits = 64 if a.dtype == np.int64 and element_of(op.result_types[0]).is_index else a.dtype.itemsize * 8  # type: ignore[union-attr]
    if machine.index_bits == 32 and element_of(op.result_types[0]).is_index:  # type: ignore[union-attr]
        bits = 32
    if bits > 32:
        if kind in ("add", "sub") and "nsw" in flags:
            r = np.subtract(a, b) if kind == "sub" else np.add(a, b)
            sb = b if kind == "add" else ~b
            make_poison(machine, op, ((a ^ r) & (sb ^ r)) < 0, "signed overflow with overflow<nsw> makes the result poison")
        return
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    exact = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "shl": None}[kind] if kind != "shl" else None
    if kind == "shl":
        exact_value = wide_a << np.minimum(wide_b & ((1 << bits) - 1), 63)
    else:
        exact_value = exact(wide_a, wide_b)  # type: ignore[misc]
    if "nsw" in flags:
        low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        make_poison(machine, op, (exact_value < low) | (exact_value > high),
               "signed overflow with overflow<nsw> makes the result poison")
    if "nuw" in flags:
        mask = (1 << bits) - 1
        ua, ub = wide_a & mask, wide_b & mask
        if kind == "shl":
            uexact = ua << np.minimum(ub, 63)
        else:
            uexact = exact(ua, ub)  # type: ignore[misc]
        make_poison(machine, op, (uexact < 0) | (uexact > mask), "unsigned overflow with overflow<nuw> makes the result "
                                                           "poison")


def _u(values: np.ndarray) -> np.ndarray:
    return values.view(unsigned_dtype(values.dtype)) if values.dtype.kind == "i" else values


def _s(values: np.ndarray) -> np.ndarray:
    return values.view(signed_dtype(values.dtype)) if values.dtype.kind == "u" else values


def _bits(op: Operation, machine: Any, values: np.ndarray) -> int:
    if element_of(op.result_types[0]).is_index:  # type: ignore[union-attr]
        return machine.index_bits
    return 1 if values.dtype == bool else values.dtype.itemsize * 8


def _division(op: Operation, signed: bool, kind: str) -> Any:
    def body(machine: Any, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        zero = b == 0
        report(machine, op, zero, "division by zero is undefined behaviour")
        x, y = (_s(a), _s(b)) if signed else (_u(a), _u(b))
        if signed:
            bits = _bits(op, machine, a)
            minimum = -(1 << (bits - 1))
            overflow = (x == minimum) & (y == -1)
            report(machine, op, overflow, f"signed division of {minimum} by -1 overflows (undefined behaviour)")
            y = np.where(zero | overflow, 1, y).astype(y.dtype)
        else:
            y = np.where(zero, 1, y).astype(y.dtype)
        if kind == "div":
            result = _truncating_divide(x, y) if signed else x // y
        elif kind == "rem":
            result = np.fmod(x, y) if signed else x % y
        elif kind == "floordiv":
            result = np.floor_divide(x, y)
        else:
            result = _ceil_signed(x, y) if signed else _ceil_unsigned(x, y)
        result = np.where(zero, 0, result).astype(a.dtype if signed else x.dtype)
        return result.view(a.dtype) if result.dtype != a.dtype else result
    return body


def _truncating_divide(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    q = np.floor_divide(x, y)
    adjust = (q < 0) & (q * y != x)
    return (q + adjust).astype(x.dtype)


def _ceil_signed(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    q = np.floor_divide(x, y)
    return (q + (q * y != x)).astype(x.dtype)


def _ceil_unsigned(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    q = x // y
    return (q + (q * y != x)).astype(x.dtype)


def _shift(op: Operation, kind: str) -> Any:
    def body(machine: Any, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        bits = _bits(op, machine, a)
        amount = _u(b).astype(np.uint64)
        large = amount >= bits
        make_poison(machine, op, large, f"a shift by {bits} or more bits makes the result poison")
        safe = np.where(large, 0, amount).astype(np.uint64)
        if kind == "shl":
            result = (_u(a).astype(np.uint64) << safe).astype(_u(a).dtype).view(a.dtype)
            return np.where(large, 0, result).astype(a.dtype)
        if kind == "shrui":
            result = (_u(a).astype(np.uint64) >> safe).astype(_u(a).dtype).view(a.dtype)
            return np.where(large, 0, result).astype(a.dtype)
        signed = _s(a).astype(np.int64)
        result = (signed >> np.minimum(safe, 63).astype(np.int64)).astype(_s(a).dtype).view(a.dtype)
        return np.where(large, (signed >> 63).astype(a.dtype), result).astype(a.dtype)
    return body


def _wrap(function: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Any:
    def body(machine: Any, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        if a.dtype == bool:
            return (function(a.astype(np.uint8), b.astype(np.uint8)) & 1).astype(bool)
        return function(a, b).astype(a.dtype, copy=False)
    return body


def _minmax(signed: bool, maximum: bool) -> Any:
    def body(machine: Any, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        x, y = (_s(a), _s(b)) if signed else (_u(a), _u(b))
        result = np.maximum(x, y) if maximum else np.minimum(x, y)
        return result.view(a.dtype) if result.dtype != a.dtype else result
    return body


INTEGER_BINARY: dict[str, Any] = {
    "addi": _wrap(np.add), "subi": _wrap(np.subtract), "muli": _wrap(np.multiply),
    "andi": _wrap(np.bitwise_and), "ori": _wrap(np.bitwise_or), "xori": _wrap(np.bitwise_xor),
    "maxsi": _minmax(True, True), "maxui": _minmax(False, True), "minsi": _minmax(True, False),
    "minui": _minmax(False, False),
}


def _float_kernel(function: Callable[..., np.ndarray]) -> Any:
    def lower(op: Operation, lw: Any) -> Any:
        dtype = dtype_of(op.result_types[0])

        def kernel(machine: Any, frame: list, args: list) -> tuple:
            return (np.asarray(function(*args)).astype(dtype, copy=False),)
        return kernel
    return lower


def _maximumf(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IEEE maximum: NaN if either is NaN; +0 > -0."""
    result = np.maximum(a, b)
    zeros = (a == b) & (a == 0)
    return np.where(zeros, np.where(np.signbit(a), b, a), result)


def _minimumf(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    result = np.minimum(a, b)
    zeros = (a == b) & (a == 0)
    return np.where(zeros, np.where(np.signbit(a), a, b), result)


def _maxnumf(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IEEE maxNum: the other operand when one is NaN."""
    return np.where(np.isnan(a), b, np.where(np.isnan(b), a, _maximumf(a, b)))


def _minnumf(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(np.isnan(a), b, np.where(np.isnan(b), a, _minimumf(a, b)))


FLOAT_BINARY: dict[str, Callable[..., np.ndarray]] = {
    "addf": np.add, "subf": np.subtract, "mulf": np.multiply, "divf": np.divide, "remf": np.fmod,
    "maximumf": _maximumf, "minimumf": _minimumf, "maxnumf": _maxnumf, "minnumf": _minnumf,
}


def _lower_integer(name: str) -> Any:
    def lower(op: Operation, lw: Any) -> Any:
        kind = name
        if kind in INTEGER_BINARY:
            return _integer_kernel(op, INTEGER_BINARY[kind])
        if kind in ("divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"):
            signed = kind.endswith("si")
            return _integer_kernel(op, _division(op, signed, kind[:-2]))
        if kind in ("shli", "shrsi", "shrui"):
            return _integer_kernel(op, _shift(op, {"shli": "shl", "shrsi": "shrsi", "shrui": "shrui"}[kind]))
        raise AssertionError(kind)
    return lower


def _lower_extended(op: Operation, lw: Any) -> Any:
    kind = op.name.split(".")[1]
    dtype = dtype_of(op.operand_types[0])
    bits = dtype.itemsize * 8

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        a, b = args
        if kind == "addui_extended":
            total = (_u(a) + _u(b)).astype(_u(a).dtype)
            return (total.view(dtype), total < _u(a))
        signed = kind == "mulsi_extended"
        x = (_s(a) if signed else _u(a)).astype(object if bits == 64 else np.int64)
        y = (_s(b) if signed else _u(b)).astype(object if bits == 64 else np.int64)
        product = x * y
        mask = (1 << bits) - 1
        low = np.vectorize(lambda v: int(v) & mask, otypes=[object])(product) if bits == 64 else product & mask
        high = np.vectorize(lambda v: (int(v) >> bits) & mask, otypes=[object])(product) if bits == 64 else \
            (product >> bits) & mask
        return (np.asarray(low).astype(np.uint64).astype(_u(a).dtype).view(dtype),
                np.asarray(high).astype(np.uint64).astype(_u(a).dtype).view(dtype))
    return kernel


def _lower_compare(op: Operation, lw: Any) -> Any:
    predicate = CMPI_PREDICATES[op.attributes["predicate"]] if op.name == "arith.cmpi" else \
        CMPF_PREDICATES[op.attributes["predicate"]]  # type: ignore[index]

    if op.name == "arith.cmpi":
        function = {"eq": np.equal, "ne": np.not_equal, "slt": np.less, "sle": np.less_equal, "sgt": np.greater,
                    "sge": np.greater_equal, "ult": np.less, "ule": np.less_equal, "ugt": np.greater,
                    "uge": np.greater_equal}[predicate]
        unsigned = predicate[0] == "u"

        def integer_kernel(machine: Any, frame: list, args: list) -> tuple:
            a, b = args
            if a.dtype == bool:
                a, b = a.astype(np.uint8), b.astype(np.uint8)
                if not unsigned:
                    a, b = -a.astype(np.int8), -b.astype(np.int8)   # i1 signed: true is -1
                return (function(a, b),)
            if machine.index_bits == 32 and a.dtype == np.int64 and unsigned:
                return (function(a.astype(np.uint32), b.astype(np.uint32)),)
            return (function(_u(a), _u(b)) if unsigned else function(_s(a), _s(b)),)
        return integer_kernel

    def float_kernel(machine: Any, frame: list, args: list) -> tuple:
        a, b = args
        unordered = np.isnan(a) | np.isnan(b)
        if predicate in ("false", "true"):
            return (np.full(np.broadcast(a, b).shape, predicate == "true"),)
        if predicate == "ord":
            return (~unordered,)
        if predicate == "uno":
            return (unordered,)
        base = {"eq": np.equal, "gt": np.greater, "ge": np.greater_equal, "lt": np.less, "le": np.less_equal,
                "ne": np.not_equal}[predicate[1:]]
        with np.errstate(invalid="ignore"):
            value = base(a, b)
        if predicate[0] == "o":
            return (value & ~unordered,)
        return (value | unordered,)
    return float_kernel


def _lower_select(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        condition, a, b = args
        if condition.ndim < a.ndim:
            condition = condition.reshape(condition.shape + (1,) * (a.ndim - condition.ndim))
        return (np.where(condition, a, b).astype(a.dtype, copy=False),)
    return kernel


def _lower_constant(op: Operation, lw: Any) -> Any:
    value = op.attributes["value"]
    type_ = op.result_types[0]
    if isinstance(value, bool):
        value = TypedInt(int(value), I1)
    if isinstance(value, DenseAttr):
        array = np.asarray(value.values)[None]
    else:
        element = element_of(type_)
        if element.is_float:  # type: ignore[union-attr]
            array = np.array([float(value)], dtype=numpy_dtype(element))  # type: ignore[arg-type]
        else:
            from dxlinalg.mlir.values import wrap_integers

            array = wrap_integers(np.array([int(value)], dtype=object), element)  # type: ignore[arg-type]
    constant = (array,)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        if element_of(type_).is_index and machine.index_bits == 32:  # type: ignore[union-attr]
            return (index_result(machine, array),)
        return constant
    return kernel


# -- casts -------------------------------------------------------------------------------------------------------------
def _lower_cast(op: Operation, lw: Any) -> Any:
    kind = op.name.split(".")[1]
    source, result = element_of(op.operand_types[0]), element_of(op.result_types[0])
    target = numpy_dtype(result)  # type: ignore[arg-type]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        (a,) = args
        if kind in ("extsi", "trunci") or (kind == "index_cast"):
            if a.dtype == bool:
                wide = -a.astype(np.int64) if kind != "trunci" else a.astype(np.int64)
            else:
                wide = _s(a).astype(np.int64)
            if result.is_index:  # type: ignore[union-attr]
                return (index_result(machine, wide),)
            if target == bool:
                return ((wide & 1).astype(bool),)
            return (wide.astype(unsigned_dtype(target)).view(target) if target.itemsize < 8 else wide.astype(target),)
        if kind in ("extui", "index_castui"):
            if a.dtype == bool:
                wide = a.astype(np.int64)
            elif source.is_index and machine.index_bits == 32:  # type: ignore[union-attr]
                wide = a.astype(np.uint32).astype(np.int64)
            else:
                wide = _u(a).astype(np.uint64).view(np.int64)
            if result.is_index:  # type: ignore[union-attr]
                return (index_result(machine, wide),)
            if target == bool:
                return ((wide & 1).astype(bool),)
            return (wide.astype(unsigned_dtype(target)).view(target),)
        if kind in ("sitofp", "uitofp"):
            values = (_s(a) if kind == "sitofp" else _u(a)) if a.dtype != bool else (
                -a.astype(np.int8) if kind == "sitofp" else a.astype(np.uint8))
            return (_round_to(values, target),)
        if kind in ("fptosi", "fptoui"):
            return (_float_to_int(machine, op, a, target, kind == "fptosi", result),)
        if kind in ("extf", "truncf"):
            return (_round_to(a, target),)
        if kind == "bitcast":
            return (np.ascontiguousarray(a).view(target),)
        raise AssertionError(kind)
    return kernel


def _round_to(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Round-to-nearest-even conversion to a float dtype (numpy's and ml_dtypes' casts)."""
    return values.astype(dtype)


def _float_to_int(machine: Any, op: Operation, values: np.ndarray, target: np.dtype, signed: bool,
                  result: ScalarType) -> np.ndarray:
    if result.is_index:
        bits = machine.index_bits
        low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    else:
        bits = 1 if target == bool else target.itemsize * 8
        low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    wide = values.astype(np.float64)
    truncated = np.trunc(wide)
    outside = np.isnan(wide) | (truncated < low) | (truncated > high)
    make_poison(machine, op, outside, f"a value outside [{low}, {high}] (or NaN) makes the result poison")
    clipped = np.where(np.isnan(wide), 0, np.clip(truncated, low, high))
    if result.is_index:
        return index_result(machine, np.where(clipped >= 2.0**63, -(2**63), clipped).astype(np.int64))
    if target == bool:
        return clipped.astype(np.int64).astype(bool)
    if not signed and bits == 64:
        return np.where(clipped >= 2.0**63, (clipped - 2.0**64), clipped).astype(np.int64).view(target)
    if bits == 64:
        return np.where(clipped >= 2.0**63, -(2.0**63), clipped).astype(np.int64).view(target)
    return clipped.astype(np.int64).astype(unsigned_dtype(target)).view(target)


CASTS = {  # name: (source kinds, result kinds, width rule)
    "extsi": ("i", "i", "wider"), "extui": ("i", "i", "wider"), "trunci": ("i", "i", "narrower"),
    "index_cast": ("ix", "ix", None), "index_castui": ("ix", "ix", None),
    "sitofp": ("i", "f", None), "uitofp": ("i", "f", None), "fptosi": ("f", "i", None), "fptoui": ("f", "i", None),
    "extf": ("f", "f", "wider"), "truncf": ("f", "f", "narrower"), "bitcast": ("ixf", "ixf", "same"),
}


def _lower_negf(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (np.negative(args[0]),)
    return kernel


def _register() -> None:
    for name in [*INTEGER_BINARY, "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi",
                 "shli", "shrsi", "shrui"]:
        define(f"arith.{name}", parse=_parse_binary, verify=_verify_binary("ix"), lower=_lower_integer(name),
               summary="integer binary operation")
    for name, function in FLOAT_BINARY.items():
        define(f"arith.{name}", parse=_parse_binary, verify=_verify_binary("f"), lower=_float_kernel(function),
               summary="float binary operation")
    for name in ("mulsi_extended", "mului_extended", "addui_extended"):
        define(f"arith.{name}", parse=_parse_extended, verify=_verify_extended, lower=_lower_extended)
    define("arith.negf", parse=_parse_unary, verify=_verify_negf, lower=_lower_negf)
    define("arith.cmpi", parse=_parse_compare, verify=_verify_compare, lower=_lower_compare)
    define("arith.cmpf", parse=_parse_compare, verify=_verify_compare, lower=_lower_compare)
    define("arith.select", parse=_parse_select, verify=_verify_select, lower=_lower_select)
    define("arith.constant", parse=_parse_constant, verify=_verify_constant, lower=_lower_constant)
    for name, (source, result, rule) in CASTS.items():
        define(f"arith.{name}", parse=_parse_cast, verify=_verify_cast(source, result, rule), lower=_lower_cast)


def _verify_extended(op: Operation) -> None:
    expect_counts(op, 2, 2)
    same_types(op, op.operand_types, "operands")
    require_element(op, op.operand_types[0], "i", "operand")


def _verify_negf(op: Operation) -> None:
    expect_counts(op, 1, 1)
    same_types(op, [op.operand_types[0], op.result_types[0]], "operand and result")
    require_element(op, op.operand_types[0], "f", "operand")


_register()
