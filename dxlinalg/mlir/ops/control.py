"""Functions and control flow: func (func, call, return), cf (br, cond_br), scf (for, if, while, yield, condition),
and the containers a kernel sits in (builtin.module, gpu.module, gpu.func, gpu.return).

Dialect docs: llvm-project `mlir/docs/Dialects/{Func,ControlFlow,SCF}Dialect.md`. Divergence is per lane: an
scf.if whose condition differs between active lanes runs each region for its lanes (the active mask) and merges the
yielded values per lane; an scf.for or scf.while whose bounds differ runs while any lane still iterates, each lane's
iteration values kept from its last iteration. cf branches are the executor's per-lane program counters.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.executor import Branch, Exit, merge_lanes
from dxlinalg.mlir.ir import Block, Operation
from dxlinalg.mlir.ops.common import element_of, index_result, uniform
from dxlinalg.mlir.ops.registry import define, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.program import check_exits
from dxlinalg.mlir.syntax import FunctionType, SymbolRef, skip_balanced
from dxlinalg.nvgpu.types import I1, INDEX, Type


# -- containers ----------------------------------------------------------------------------------------------------
def _parse_module(p: OpParser) -> None:
    """`module [@name] [attributes {...}] { ... }` (also gpu.module's `[targets]`)."""
    if p.peek("@"):
        p.attributes["sym_name"] = p.symbol_name()
    if p.peek("<"):
        p.attributes["offloadingHandler"] = _skip_angle(p)
    if p.peek("["):
        p.attributes["targets"] = p.attribute()
    p.attr_dict(keyword="attributes")
    p.regions.append(p.region())


def _skip_angle(p: OpParser) -> str:
    return skip_balanced(p.scanner, "<")


def _skip_parenthesised(p: OpParser) -> str:
    return skip_balanced(p.scanner, "(")


def _parse_dispatch_config(p: OpParser) -> None:
    """IREE's `iree_codegen.dispatch_config @f workgroup_size = [...] subgroup_size = 32 { count region }`."""
    p.attributes["function_ref"] = SymbolRef(p.symbol_name())
    while not p.peek("{"):
        key = p.keyword()
        if key is None:
            raise p.error(f"expected a 'key = value' or the region, found {p.scanner.found()}")
        p.expect("=", f"after {key}")
        p.attributes[key] = p.attribute()
    p.regions.append(p.region())


def _parse_function(p: OpParser) -> None:
    """`func.func [visibility] @name(%a: T {attrs}, ...) [-> R] [attributes {...}] [{ body }]`; gpu.func also
    takes `workgroup(...)`, `private(...)` attributions and `kernel`."""
    scanner = p.scanner
    for visibility in ("private", "public", "nested"):
        if p.accept_keyword(visibility):
            p.attributes["sym_visibility"] = visibility
    p.attributes["sym_name"] = p.symbol_name()
    arguments, inputs = _signature_arguments(p)
    results: list[Type] = []
    if p.accept("->"):
        if p.accept("("):
            if not p.accept(")"):
                while True:
                    results.append(p.type())
                    if p.peek("{"):
                        p.attribute()
                    if p.accept(")"):
                        break
                    p.expect(",", "between result types")
        else:
            results.append(p.type())
    extra: list[tuple[str, Type]] = []
    if p.name == "gpu.func":
        for keyword in ("workgroup", "private"):
            if p.accept_keyword(keyword):
                attributions, _ = _signature_arguments(p)
                p.attributes[f"{keyword}_attributions"] = len(attributions)
                extra.extend(attributions)
        if p.accept_keyword("kernel"):
            p.attributes["gpu.kernel"] = True
    p.attr_dict(keyword="attributes")
    p.attributes["function_type"] = FunctionType(tuple(inputs), tuple(results))
    if scanner.peek("{"):
        start = scanner.location()
        region = p.region()
        if not region.blocks:
            region.blocks.append(Block(None, [], [], start))
        if region.blocks[0].label is not None:
            raise p.error("a function body's entry block takes its arguments from the signature")
        region.blocks[0].arguments = arguments + extra
        p.regions.append(region)


def _signature_arguments(p: OpParser) -> tuple[list[tuple[str, Type]], list[Type]]:
    p.expect("(", "to open the arguments")
    arguments: list[tuple[str, Type]] = []
    types: list[Type] = []
    if p.accept(")"):
        return arguments, types
    while True:
        if p.peek("%"):
            name = p.value_name()
            p.expect(":", f"after the argument {name}")
            type_ = p.type()
            arguments.append((name, type_))
        else:
            type_ = p.type()
        types.append(type_)
        if p.peek("{"):
            p.attribute()
        if p.accept_keyword("loc"):
            _skip_parenthesised(p)
        if p.accept(")"):
            return arguments, types
        p.expect(",", "between arguments")


def _verify_nothing(op: Operation) -> None:
    return None


def _lower_container(op: Operation, lw: Any) -> Any:
    raise fail(op, "is a container, not an operation that runs inside a function")


def _verify_function(op: Operation) -> None:
    function_type = op.attributes.get("function_type")
    if not isinstance(function_type, FunctionType):
        raise fail(op, "requires attribute 'function_type'")
    if op.regions and op.regions[0].blocks:
        entry = op.regions[0].blocks[0]
        declared = [t for _, t in entry.arguments][:len(function_type.inputs)]
        if declared != list(function_type.inputs):
            raise fail(op, f"entry block arguments {declared} do not match the function type {function_type}")


# -- func ----------------------------------------------------------------------------------------------------------
def _parse_return(p: OpParser) -> None:
    """`return [%a, %b : T, U]`."""
    names = p.operand_list()
    p.attr_dict()
    p.typed_operands(names)


def _verify_return(op: Operation) -> None:
    return None


def _lower_return(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> Exit:
        return Exit(list(args))
    return kernel


def _parse_call(p: OpParser) -> None:
    """`%r = call @f(%a, %b) : (T, U) -> R`."""
    p.attributes["callee"] = SymbolRef(p.symbol_name())
    p.expect("(", "to open the call's operands")
    names = p.operand_list(")")
    p.attr_dict()
    p.expect(":", "before the call's function type")
    function_type = p.type()
    if not isinstance(function_type, FunctionType) or len(function_type.inputs) != len(names):
        raise p.error(f"expected a function type with {len(names)} inputs, got '{function_type}'")
    p.operand_types.extend(function_type.inputs)
    p.result_types.extend(function_type.results)


def _verify_call(op: Operation) -> None:
    if not isinstance(op.attributes.get("callee"), SymbolRef):
        raise fail(op, "requires a 'callee' symbol reference attribute")


def _lower_call(op: Operation, lw: Any) -> Any:
    callee = op.attributes["callee"].name  # type: ignore[union-attr]
    if callee not in lw.symbols:
        raise fail(op, f"'{callee}' does not reference a valid function")
    target = lw.symbols[callee]
    function_type = target.attributes.get("function_type")
    if not isinstance(function_type, FunctionType) or list(function_type.inputs) != op.operand_types or \
            list(function_type.results) != op.result_types:
        raise fail(op, f"operand and result types do not match the callee @{callee} ({function_type})")
    compiled = lw.function(callee)

    def kernel(machine: Any, frame: list, args: list) -> list:
        return machine.call(compiled, list(args))
    return kernel


# -- cf --------------------------------------------------------------------------------------------------------------
def _parse_br(p: OpParser) -> None:
    p.successor()
    p.attr_dict()


def _parse_cond_br(p: OpParser) -> None:
    """`cf.cond_br %c, ^bb1(%a : T), ^bb2` (with an optional `weights([..])`)."""
    p.operand(I1)
    p.expect(",", "after the condition")
    if p.accept_keyword("weights"):
        p.expect("(", "after weights")
        p.attributes["branch_weights"] = p.attribute()
        p.expect(")", "to close weights")
        p.expect(",", "after the weights")
    _, true_count = p.successor()
    p.expect(",", "between the successors")
    _, false_count = p.successor()
    p.attr_dict()
    p.attributes["operandSegmentSizes"] = [1, true_count, false_count]


def _verify_br(op: Operation) -> None:
    if len(op.successors) != 1:
        raise fail(op, f"requires 1 successor, found {len(op.successors)}")


def _verify_cond_br(op: Operation) -> None:
    if len(op.successors) != 2:
        raise fail(op, f"requires 2 successors, found {len(op.successors)}")
    segments = op.attributes.get("operandSegmentSizes")
    if not isinstance(segments, list) or len(segments) != 3 or segments[0] != 1 or sum(segments) != len(op.operands):
        raise fail(op, f"operandSegmentSizes {segments!r} must be [1, true operands, false operands] summing to "
                       f"{len(op.operands)}")
    if op.operand_types[0] != I1:
        raise fail(op, f"condition must be i1, got '{op.operand_types[0]}'")


def _lower_br(op: Operation, lw: Any) -> Any:
    target = op.successors[0]

    def kernel(machine: Any, frame: list, args: list) -> Branch:
        return Branch([(target, None, list(args))])
    return kernel


def _lower_cond_br(op: Operation, lw: Any) -> Any:
    _, true_count, _ = op.attributes["operandSegmentSizes"]  # type: ignore[misc]
    true_target, false_target = op.successors

    def kernel(machine: Any, frame: list, args: list) -> Branch:
        condition = np.broadcast_to(np.asarray(args[0]).reshape(-1), (machine.lanes,))
        return Branch([(true_target, condition, list(args[1:1 + true_count])),
                       (false_target, ~condition, list(args[1 + true_count:]))])
    return kernel


# -- scf ---------------------------------------------------------------------------------------------------------------
def _implicit_yield(p: OpParser, region: Any) -> None:
    """scf.for and scf.if print no scf.yield when they yield nothing: add it back."""
    if not region.blocks:
        region.blocks.append(Block(None, [], [], p.location()))
    block = region.blocks[-1]
    if not block.operations or block.operations[-1].name != "scf.yield":
        block.operations.append(Operation("scf.yield", [], [], [], [], {}, [], [], p.location()))


def _parse_for(p: OpParser) -> None:
    """`scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(%a = %init, ...) -> (T, ...)] [: T] { body }`."""
    if p.accept_keyword("unsigned"):
        p.attributes["unsignedCmp"] = True
    iv = p.value_name()
    p.expect("=", "after the induction variable")
    p.operand()
    p.expect_keyword("to", "between the bounds")
    p.operand()
    p.expect_keyword("step", "before the step")
    p.operand()
    arguments: list[str] = []
    inits: list[str] = []
    types: list[Type] = []
    if p.accept_keyword("iter_args"):
        p.expect("(", "after iter_args")
        while True:
            arguments.append(p.value_name())
            p.expect("=", "in iter_args")
            inits.append(p.operand())
            if p.accept(")"):
                break
            p.expect(",", "between iter_args")
        p.expect("->", "before the result types")
        types = p.result_types_after_arrow()
    iv_type: Type = INDEX
    if p.accept(":"):
        iv_type = p.type()
    p.operand_types[:0] = [iv_type] * 3
    p.operand_types.extend(types)
    p.result_types.extend(types)
    region = p.region()
    if region.blocks and region.blocks[0].label is None:
        region.blocks[0].arguments = [(iv, iv_type)] + list(zip(arguments, types))
    _implicit_yield(p, region)
    p.regions.append(region)
    p.attr_dict()


def _verify_for(op: Operation) -> None:
    if len(op.regions) != 1 or len(op.operands) < 3:
        raise fail(op, "requires lower bound, upper bound, step and one region")
    iv_type = op.operand_types[0]
    if iv_type != op.operand_types[1] or iv_type != op.operand_types[2] or element_of(iv_type) is None or \
            element_of(iv_type).is_float:  # type: ignore[union-attr]
        raise fail(op, f"lower bound, upper bound and step must have the same integer or index type, got "
                       f"{', '.join(map(str, op.operand_types[:3]))}")
    inits = op.operand_types[3:]
    if list(inits) != list(op.result_types):
        raise fail(op, f"mismatch in number or types of iter_args and results: {inits} vs {op.result_types}")
    entry = op.regions[0].blocks[0]
    if [t for _, t in entry.arguments] != [iv_type, *inits]:
        raise fail(op, "region arguments must be the induction variable and the iter_args")


def _lower_for(op: Operation, lw: Any) -> Any:
    body = lw.region(op.regions[0])
    check_exits(op, op.regions[0], op.result_types, ("scf.yield",))
    unsigned = bool(op.attributes.get("unsignedCmp"))
    index = element_of(op.operand_types[0]).is_index  # type: ignore[union-attr]

    def kernel(machine: Any, frame: list, args: list) -> list:
        lower, upper, step = args[0], args[1], args[2]
        values = list(args[3:])
        bounds = [uniform(machine, v) for v in (lower, upper, step)]
        if unsigned:
            lower, upper = lower.view(np.dtype(f"u{lower.dtype.itemsize}")), upper.view(
                np.dtype(f"u{upper.dtype.itemsize}"))
            bounds = [uniform(machine, v) for v in (lower, upper, step)]
        if None not in bounds:
            first, last, stride = bounds
            if stride <= 0:
                from dxlinalg.mlir.ops.common import report
                report(machine, op, np.ones(1, bool), f"step {stride} must be positive (undefined behaviour)")
                return values
            dtype = args[0].dtype
            for iv in range(first, last, stride):
                induction = np.array([iv], dtype=np.int64 if index else dtype) if not unsigned else np.array(
                    [iv], dtype=np.uint64).astype(np.dtype(f"u{dtype.itemsize}")).view(dtype)
                values = machine.run_region(body, frame, [induction, *values])
            return values
        return _divergent_for(machine, op, body, frame, lower, upper, step, values, index)
    return kernel


def _divergent_for(machine: Any, op: Operation, body: Any, frame: list, lower: np.ndarray, upper: np.ndarray,
                   step: np.ndarray, values: list, index: bool) -> list:
    ctx = machine.ctx
    from dxlinalg.mlir.ops.common import report

    report(machine, op, np.broadcast_to(step, (machine.lanes,)) <= 0, "the step must be positive (undefined "
                                                                        "behaviour)")
    iv = np.broadcast_to(lower, (machine.lanes,)).copy()
    upper = np.broadcast_to(upper, (machine.lanes,))
    step = np.broadcast_to(step, (machine.lanes,))
    start = ctx.active.copy()
    values = [np.broadcast_to(v, (machine.lanes,) + v.shape[1:]).copy() if isinstance(v, np.ndarray) else v
              for v in values]
    while True:
        running = start & (iv < upper)
        if not running.any():
            return values
        ctx.push_mask(running)
        try:
            results = machine.run_region(body, frame, [index_result(machine, iv) if index else iv, *values])
        finally:
            ctx.pop_mask()
        values = [merge_lanes(running, new, old) for new, old in zip(results, values)]
        iv = np.where(running, iv + step, iv).astype(iv.dtype)


def _parse_if(p: OpParser) -> None:
    """`scf.if %c [-> (T, ...)] { then } [else { else }]`."""
    p.operand(I1)
    if p.accept("->"):
        p.result_types.extend(p.result_types_after_arrow())
    then = p.region()
    _implicit_yield(p, then)
    p.regions.append(then)
    from dxlinalg.mlir.ir import Region

    if p.accept_keyword("else"):
        otherwise = p.region()
    else:
        otherwise = Region([])
    if otherwise.blocks or not p.result_types:
        _implicit_yield(p, otherwise)
    p.regions.append(otherwise)
    p.attr_dict()


def _verify_if(op: Operation) -> None:
    if len(op.operands) != 1 or op.operand_types[0] != I1:
        raise fail(op, "requires one i1 condition")
    if len(op.regions) != 2:
        raise fail(op, "requires a then region and an else region")
    if op.result_types and not op.regions[1].blocks:
        raise fail(op, "must have an else block if defining values")


def _lower_if(op: Operation, lw: Any) -> Any:
    then = lw.region(op.regions[0])
    otherwise = lw.region(op.regions[1]) if op.regions[1].blocks else None
    for region in op.regions:
        check_exits(op, region, op.result_types, ("scf.yield",))

    def kernel(machine: Any, frame: list, args: list) -> list:
        ctx = machine.ctx
        condition = np.broadcast_to(np.asarray(args[0]).reshape(-1), (machine.lanes,))
        active = ctx.active
        taken = condition & active
        if not taken.any() or bool(taken.sum() == active.sum()):
            branch = then if taken.any() else otherwise
            if branch is None:
                return []
            return machine.run_region(branch, frame, [])
        ctx.push_mask(taken)
        try:
            then_values = machine.run_region(then, frame, [])
        finally:
            ctx.pop_mask()
        if otherwise is None:
            return []
        ctx.push_mask(active & ~condition)
        try:
            else_values = machine.run_region(otherwise, frame, [])
        finally:
            ctx.pop_mask()
        return [merge_lanes(condition, a, b) for a, b in zip(then_values, else_values)]
    return kernel


def _parse_yield(p: OpParser) -> None:
    names = p.operand_list()
    p.attr_dict()
    p.typed_operands(names)


def _parse_while(p: OpParser) -> None:
    """`scf.while (%a = %init, ...) : (T, ...) -> (R, ...) { before } do { after }`."""
    names: list[str] = []
    p.expect("(", "to open the while's initial values")
    if not p.accept(")"):
        while True:
            names.append(p.value_name())
            p.expect("=", "in the initial values")
            p.operand()
            if p.accept(")"):
                break
            p.expect(",", "between the initial values")
    p.expect(":", "before the while's type")
    function_type = p.type()
    if not isinstance(function_type, FunctionType) or len(function_type.inputs) != len(names):
        raise p.error(f"expected a function type with {len(names)} inputs, got '{function_type}'")
    p.operand_types.extend(function_type.inputs)
    p.result_types.extend(function_type.results)
    before = p.region()
    if before.blocks and before.blocks[0].label is None:
        before.blocks[0].arguments = list(zip(names, function_type.inputs))
    p.expect_keyword("do", "before the after region")
    after = p.region()
    p.regions.extend([before, after])
    p.attr_dict(keyword="attributes")


def _verify_while(op: Operation) -> None:
    if len(op.regions) != 2:
        raise fail(op, "requires a before and an after region")


def _lower_while(op: Operation, lw: Any) -> Any:
    before = lw.region(op.regions[0])
    after = lw.region(op.regions[1])
    check_exits(op, op.regions[0], op.result_types, ("scf.condition",), skip=1)
    check_exits(op, op.regions[1], op.operand_types, ("scf.yield",))

    def kernel(machine: Any, frame: list, args: list) -> list:
        ctx = machine.ctx
        start = ctx.active.copy()
        running = start
        values = list(args)
        results: list[Any] | None = None
        while True:
            pushed = not bool(running.all())
            if pushed:
                ctx.push_mask(running)
            try:
                condition, *forwarded = machine.run_region(before, frame, values)
            finally:
                if pushed:
                    ctx.pop_mask()
            condition = np.broadcast_to(np.asarray(condition).reshape(-1), (machine.lanes,))
            leaving = running & ~condition
            if leaving.any():
                results = forwarded if results is None else [merge_lanes(leaving, new, old)
                                                             for new, old in zip(forwarded, results)]
            running = running & condition
            machine.count_step(op.location)
            if not running.any():
                return results if results is not None else forwarded
            pushed = not bool(running.all())
            if pushed:
                ctx.push_mask(running)
            try:
                values = machine.run_region(after, frame, forwarded)
            finally:
                if pushed:
                    ctx.pop_mask()
    return kernel


def _parse_condition(p: OpParser) -> None:
    """`scf.condition(%c) %a, %b : T, U`."""
    p.expect("(", "after scf.condition")
    p.operand(I1)
    p.expect(")", "after the condition")
    names = p.operand_list()
    p.attr_dict()
    p.typed_operands(names)


def _register() -> None:
    for name in ("builtin.module", "module", "gpu.module"):
        define(name, parse=_parse_module, verify=_verify_nothing, lower=_lower_container)
    define("iree_codegen.dispatch_config", parse=_parse_dispatch_config, verify=_verify_nothing,
           lower=_lower_container)
    for name in ("func.func", "gpu.func"):
        define(name, parse=_parse_function, verify=_verify_function, lower=_lower_container)
    for name in ("func.return", "gpu.return", "scf.yield", "iree_codegen.yield"):
        define(name, parse=_parse_return if name != "scf.yield" else _parse_yield, verify=_verify_return,
               lower=_lower_return, terminator=True)
    define("scf.condition", parse=_parse_condition, verify=_verify_return, lower=_lower_return, terminator=True)
    define("func.call", parse=_parse_call, verify=_verify_call, lower=_lower_call)
    define("cf.br", parse=_parse_br, verify=_verify_br, lower=_lower_br, terminator=True)
    define("cf.cond_br", parse=_parse_cond_br, verify=_verify_cond_br, lower=_lower_cond_br, terminator=True)
    define("scf.for", parse=_parse_for, verify=_verify_for, lower=_lower_for)
    define("scf.if", parse=_parse_if, verify=_verify_if, lower=_lower_if)
    define("scf.while", parse=_parse_while, verify=_verify_while, lower=_lower_while)


_register()
