"""SPV_NV_cooperative_matrix2's Reduce, PerElementOp, ConvertNV and TransposeNV in the executor.

A thin surface over `dxlinalg.coopmat` (`reduce`, `per_element`, `transpose`, `tangled`): this module
reads the operands, states the SPIR-V-only rules (capabilities, the function operands' signatures,
the tangled rule on the module's call graph) and hands whole matrices to the core, which owns every
semantic rule, the combine order and the per-element call pattern.

CombineFunc and Func are SPIR-V functions. The core calls its callables vectorised (one call per
combine step, or one for all elements); `spirv_callable` turns a compiled function into such a
callable by running it once over a *synthetic lane set*: one lane per pair (or element) of that
call, its parameters the arrays the core passes. No Python loop per element.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from dxlinalg.coopmat import per_element as pe
from dxlinalg.coopmat import reduce as rd
from dxlinalg.coopmat import transpose as tr
from dxlinalg.coopmat.glsl_matrix_ops import _call_index as next_call_index
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.tangled import COOPMAT2, TANGLED_RULE, require_not_in_callback
from dxlinalg.errors import DxLinalgError
from dxlinalg.gpu.context import ExecutionContext, LaneGeometry, activate
from dxlinalg.spirv.compiler import (
    INSTRUCTION_CHECKS,
    PROGRAM_CHECKS,
    Compute,
    Frame,
    InstructionContext,
    Invocation,
    ProgramInfo,
    register_opcode,
)
from dxlinalg.spirv.coopmat_type import CooperativeMatrixType
from dxlinalg.spirv.errors import SpirvUnsupportedError, SpirvValidationError, at
from dxlinalg.spirv.grammar import location
from dxlinalg.spirv.module import Module
from dxlinalg.spirv.ops.cooperative_matrix import (
    Scoped,
    guarded,
    matrix_operand,
    result_matrix,
)
from dxlinalg.spirv.types import (
    BoolType,
    FloatType,
    FunctionType,
    IntType,
    SpvType,
    VectorType,
)

if TYPE_CHECKING:
    from dxlinalg.spirv.program import CompiledFunction

EXTENSION = COOPMAT2
REDUCE, PER_ELEMENT, CONVERT, TRANSPOSE = rd.OPCODE, pe.OPCODE, tr.CONVERT_OPCODE, tr.TRANSPOSE_OPCODE
LOAD_TENSOR, STORE_TENSOR = 5367, 5368
#: SPIR-V 2.2.5's tangled instructions that SPV_NV_cooperative_matrix2 revision 2 adds (coopmat.tangled's list).
TANGLED_OPCODES = {LOAD_TENSOR: "OpCooperativeMatrixLoadTensorNV", STORE_TENSOR: "OpCooperativeMatrixStoreTensorNV",
                   REDUCE: rd.OP, CONVERT: tr.CONVERT_OP, TRANSPOSE: tr.TRANSPOSE_OP, PER_ELEMENT: pe.OP}
#: The instructions with a function operand, and the operand's name.
FUNCTION_OPERANDS = {REDUCE: "CombineFunc", PER_ELEMENT: "Func", LOAD_TENSOR: "DecodeFunc"}
CAPABILITIES = {rd.CAPABILITY: "CooperativeMatrixReductionsNV", tr.CAPABILITY: "CooperativeMatrixConversionsNV",
                pe.CAPABILITY: "CooperativeMatrixPerElementOperationsNV"}
_FUNCTION_CALL, _VARIABLE = 57, 59
#: Storage classes whose variables hold one value per invocation: a callback's synthetic lanes have none.
_PER_INVOCATION_STORAGE = {1: "Input", 4: "Workgroup", 6: "Private"}


# -- declarations -------------------------------------------------------------------------------------
def require_capability(c: InstructionContext, capability: int, op: str) -> None:
    """`op` needs its capability and the SPV_NV_cooperative_matrix2 extension declared by the module."""
    module = c.program.module
    name = CAPABILITIES[capability]
    if capability not in {declared for declared, _ in module.capabilities}:
        raise c.fail(f"{op} needs the {name} capability ({capability}), which the module does not declare "
                     f"(OpCapability {name}; {EXTENSION}: {op} Capability)")
    if EXTENSION not in {extension for extension, _ in module.extensions}:
        raise c.fail(f"{op} needs OpExtension \"{EXTENSION}\", which the module does not declare ({EXTENSION}: "
                     f"Extension Name)")


def _check_use_changing_conversion(c: InstructionContext) -> None:
    """Op{F,S,U}Convert from an Accumulator to an A or B matrix needs CooperativeMatrixConversionsNV."""
    if c.opname not in ("OpFConvert", "OpSConvert", "OpUConvert", "OpConvertFToS", "OpConvertFToU",
                        "OpConvertSToF", "OpConvertUToF") or not c.args:
        return
    source = c.program.type_of(c.args[0])
    result = c.result_type
    if (isinstance(source, CooperativeMatrixType) and isinstance(result, CooperativeMatrixType)
            and source.matrix.use != result.matrix.use
            and tr.CAPABILITY not in {declared for declared, _ in c.program.module.capabilities}):
        raise c.fail(f"{c.opname} changes Use from {source.matrix.use.name} to {result.matrix.use.name}; that "
                     f"needs the CooperativeMatrixConversionsNV capability ({tr.CAPABILITY}), which the module "
                     f"does not declare ({EXTENSION}: Conversion Instructions: Use may mismatch if "
                     f"CooperativeMatrixConversionsNV is enabled)")


INSTRUCTION_CHECKS.append(_check_use_changing_conversion)


@contextmanager
def rule_checks(c: InstructionContext) -> Iterator[None]:
    """A core rule broken by the module's types: a validation error at this instruction."""
    try:
        yield
    except DxLinalgError as error:
        raise c.fail(str(error)) from None


# -- the function operands ------------------------------------------------------------------------------
def function_operand(c: InstructionContext, k: int, role: str, op: str) -> tuple[int, FunctionType]:
    """Operand `k`: the id of an OpFunction, and its function type."""
    function_id = c.arg(k)
    module = c.program.module
    function = module.functions.get(function_id)
    if function is None:
        raise c.fail(f"{role} %{function_id} is {c.describe(function_id)}; {role} must be an OpFunction "
                     f"({EXTENSION}: {op})")
    function_type = c.program.type_by_id(function.inst.operands[3])
    if not isinstance(function_type, FunctionType):
        raise c.fail(f"{role} {module.describe_id(function_id)} has no function type")
    return function_id, function_type


def _signature(c: InstructionContext, function_id: int, function_type: FunctionType) -> str:
    parameters = ", ".join(_name(p) for p in function_type.parameters)
    return f"{c.program.module.describe_id(function_id)}({parameters}) -> {_name(function_type.return_type)}"


def _name(spv_type: SpvType) -> str:
    describe = getattr(spv_type, "describe", None)
    return describe() if callable(describe) else repr(spv_type)


def check_combine_signature(c: InstructionContext, function_id: int, function_type: FunctionType,
                            matrix: CooperativeMatrixType) -> None:
    """CombineFunc: two parameters and a result, all of the component type of Matrix."""
    component = matrix.component.id
    if (len(function_type.parameters) != 2 or function_type.return_type.id != component
            or any(p.id != component for p in function_type.parameters)):
        raise c.fail(f"CombineFunc {_signature(c, function_id, function_type)}; CombineFunc must be an OpFunction "
                     f"with two parameters whose types and result type all match the component type of Matrix "
                     f"({matrix.component.describe()}) ({EXTENSION}: {rd.OP})")


def check_func_signature(c: InstructionContext, function_id: int, function_type: FunctionType,
                         matrix: CooperativeMatrixType, extra_types: list[SpvType]) -> None:
    """Func(row, col, element, extra...): 32-bit integers, the component type, then one per extra operand."""
    signature = _signature(c, function_id, function_type)
    component = matrix.component
    parameters = function_type.parameters
    rule = (f"Func must be an OpFunction whose return type matches the component type of Matrix "
            f"({component.describe()}), whose first two parameters are 32-bit integer types and whose third "
            f"parameter's type matches the component type of Matrix ({EXTENSION}: {pe.OP})")
    if function_type.return_type.id != component.id or len(parameters) < 3 or parameters[2].id != component.id:
        raise c.fail(f"Func {signature}; {rule}")
    for position in (0, 1):
        found = parameters[position]
        if not isinstance(found, IntType) or found.width != 32:
            raise c.fail(f"Func {signature}: parameter {position} is {_name(found)}; {rule}")
    if len(parameters) != 3 + len(extra_types):
        raise c.fail(f"Func {signature} has {len(parameters) - 3} parameters after the element, and the instruction "
                     f"passes {len(extra_types)} further operands; the optional operands are passed in order as the "
                     f"remaining parameters ({EXTENSION}: {pe.OP})")
    for position, (operand, parameter) in enumerate(zip(extra_types, parameters[3:])):
        if isinstance(operand, CooperativeMatrixType):
            with rule_checks(c):
                pe.check_extra_operand_type(matrix.matrix, operand.matrix, position)
            if parameter.id != operand.component.id:
                raise c.fail(f"Func {signature}: parameter {position + 3} is {_name(parameter)}, extra operand "
                             f"{position} is {operand.describe()}; the component type of an extra cooperative matrix "
                             f"must match the type of the corresponding parameter of Func ({EXTENSION} revision 2: "
                             f"{pe.OP})")
        elif parameter.id != operand.id:
            raise c.fail(f"Func {signature}: parameter {position + 3} is {_name(parameter)}, extra operand {position} "
                         f"is {_name(operand)}; each optional operand is passed as the corresponding parameter, so "
                         f"their types must match ({EXTENSION}: {pe.OP})")


def callback_function(c: InstructionContext, function_id: int, role: str, op: str) -> CompiledFunction:
    """The compiled user function, after checking it reads no per-invocation variable (its lanes are calls)."""
    module = c.program.module
    per_invocation = {inst.operands[1]: _PER_INVOCATION_STORAGE[inst.operands[2]] for inst in module.globals
                      if inst.opcode == _VARIABLE and inst.operands[2] in _PER_INVOCATION_STORAGE}
    for function in _call_graph(module, function_id):
        for inst in _instructions(module, function):
            used = set(module.operands_by_index[inst.index].ids) & per_invocation.keys()
            if used:
                variable = min(used)
                raise SpirvUnsupportedError(at(location(inst), (
                    f"{module.describe_id(function)} (reached from the {role} of {op}) uses the "
                    f"{per_invocation[variable]} variable {module.describe_id(variable)}; this executor runs a "
                    f"{role} over its calls, not over invocations, so it cannot read per-invocation variables")))
    return c.program.function(function_id)  # type: ignore[no-any-return]


# -- the tangled rule, statically --------------------------------------------------------------------------
def _instructions(module: Module, function_id: int) -> Iterator[Any]:
    for block in module.functions[function_id].blocks:
        yield from block.body


def _call_graph(module: Module, root: int) -> list[int]:
    """`root` and every function it calls, directly or not."""
    seen, pending = [root], [root]
    while pending:
        for inst in _instructions(module, pending.pop()):
            if inst.opcode == _FUNCTION_CALL and inst.operands[2] not in seen and inst.operands[2] in module.functions:
                seen.append(inst.operands[2])
                pending.append(inst.operands[2])
    return seen


def check_no_tangled_in_user_functions(program: ProgramInfo) -> None:
    """No tangled instruction in a DecodeFunc, Func or CombineFunc, nor in a function they call (revision 2)."""
    module = program.module
    for function in list(module.functions.values()):
        for inst in _instructions(module, function.id):
            role = FUNCTION_OPERANDS.get(inst.opcode)
            if role is None:
                continue
            for root in (i for i in module.operands_by_index[inst.index].ids if i in module.functions):
                for callee in _call_graph(module, root):
                    for inner in _instructions(module, callee):
                        if inner.opcode in TANGLED_OPCODES:
                            raise SpirvValidationError(at(location(inner), (
                                f"{TANGLED_OPCODES[inner.opcode]} is a tangled instruction in "
                                f"{module.describe_id(callee)}, which {module.describe_id(root)} is or calls, the "
                                f"{role} of {TANGLED_OPCODES[inst.opcode]} at instruction {inst.index}; tangled "
                                f"instructions are not allowed in a function used as a DecodeFunc, Func or "
                                f"CombineFunc, nor in any function it calls ({EXTENSION}: validation rules; "
                                f"{TANGLED_RULE})")))


PROGRAM_CHECKS.append(check_no_tangled_in_user_functions)


# -- running a SPIR-V function as a vectorised callable -------------------------------------------------------
def run_on_synthetic_lanes(function: CompiledFunction, inv: Invocation, arguments: list[np.ndarray],
                           count: int) -> np.ndarray:
    """`function` called once over `count` synthetic lanes (arguments: one row per lane, or one for all)."""
    # imported here: the executor imports the program, which imports the ops
    from dxlinalg.spirv.executor import run_function

    if count == 0:
        return np.zeros(0)
    ctx = inv.ctx
    lanes = ExecutionContext(LaneGeometry.flat(count, ctx.wave_size), ctx.profile, ctx.strict, ctx.state)
    calls = Invocation(lanes, inv.template, inv.step_limit, inv.physical, inv.extras)
    with activate(lanes):
        returned = run_function(function, calls, np.ones(count, bool), arguments)
    return np.array(np.broadcast_to(returned, (count, *np.shape(returned)[1:])))


def combine_callable(function: CompiledFunction, inv: Invocation) -> rd.CombineFunc:
    """CombineFunc as coopmat.reduce calls it: combine(a, b) on arrays of any shape, elementwise."""
    def combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        returned = run_on_synthetic_lanes(function, inv, [a.reshape(-1), b.reshape(-1)], a.size)
        return returned.reshape(a.shape)
    return combine


def element_callable(function: CompiledFunction, inv: Invocation, index_types: tuple[IntType, IntType]
                     ) -> pe.ElementFunc:
    """Func as coopmat.per_element calls it: func(row, col, element, *extra), one entry per call."""
    def func(row: np.ndarray, col: np.ndarray, element: np.ndarray, *extra: np.ndarray) -> np.ndarray:
        arguments = [row.astype(index_types[0].dtype), col.astype(index_types[1].dtype), element, *extra]
        return run_on_synthetic_lanes(function, inv, arguments, element.shape[0])
    return func


# -- the instructions -------------------------------------------------------------------------------------
@register_opcode(REDUCE)
def _reduce(c: InstructionContext) -> Compute:
    require_capability(c, rd.CAPABILITY, rd.OP)
    result = result_matrix(c)
    matrix_type = matrix_operand(c, 0, "Matrix")
    mask = c.literal(1)
    with rule_checks(c):
        reduce = rd.check_reduce_mask(mask)
        rd.check_reduce_types(matrix_type.matrix, result.matrix)
        rd.check_reduce_result_shape(reduce, matrix_type.matrix, result.matrix)
    function_id, function_type = function_operand(c, 2, "CombineFunc", rd.OP)
    check_combine_signature(c, function_id, function_type, matrix_type)
    function = callback_function(c, function_id, "CombineFunc", rd.OP)
    matrix_id = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        require_not_in_callback(rd.OP)
        ctx = f.inv.ctx
        source, out = Scoped(ctx, matrix_type, rd.OP), Scoped(ctx, result, rd.OP)
        active = source.active(f.mask, rd.OP)
        matrix = source.gather(f.values[matrix_id])
        reduced = rd.reduce_matrix(CoopMatrix(matrix.type, matrix.values[active]), result.matrix, reduce,
                                   combine_callable(function, f.inv), ctx.profile.coopmat,
                                   call_index=next_call_index(ctx))
        values = np.zeros((matrix.instances, *result.matrix.shape), result.matrix.component)
        values[active] = reduced.values
        return out.scatter(CoopMatrix(result.matrix, values))
    return guarded(c, compute)


@register_opcode(PER_ELEMENT)
def _per_element(c: InstructionContext) -> Compute:
    require_capability(c, pe.CAPABILITY, pe.OP)
    result = result_matrix(c)
    matrix_type = matrix_operand(c, 0, "Matrix")
    if result.id != matrix_type.id:
        raise c.fail(f"Result Type is {result.describe()} and Matrix {matrix_type.describe()}; Result Type must "
                     f"match the type of Matrix ({EXTENSION}: {pe.OP})")
    function_id, function_type = function_operand(c, 1, "Func", pe.OP)
    extra_ids = [c.value(k) for k in range(2, len(c.args))]
    extra_types = [c.type_of(i) for i in extra_ids]
    check_func_signature(c, function_id, function_type, matrix_type, extra_types)
    for position, value_type in enumerate(extra_types):
        if not isinstance(value_type, (IntType, FloatType, BoolType, VectorType)):
            raise c.unsupported(f"{pe.OP}: extra operand {position} is {_name(value_type)}; this executor passes "
                                f"cooperative matrices, scalars and vectors to Func, not composites or pointers")
    function = callback_function(c, function_id, "Func", pe.OP)
    index_types: tuple[IntType, IntType] = tuple(function_type.parameters[:2])  # type: ignore[assignment]
    matrix_id = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        require_not_in_callback(pe.OP)
        ctx = f.inv.ctx
        scoped = Scoped(ctx, matrix_type, pe.OP)
        active = np.flatnonzero(scoped.active(f.mask, pe.OP))
        matrix = scoped.gather(f.values[matrix_id])
        extras: list[CoopMatrix | np.ndarray] = []
        for position, (value_id, value_type) in enumerate(zip(extra_ids, extra_types)):
            if isinstance(value_type, CooperativeMatrixType):
                extras.append(Scoped(ctx, value_type, pe.OP).gather(f.values[value_id]))
            else:
                extras.append(np.asarray(scoped.uniform(f.mask, f.values[value_id], f"operand {position + 2}",
                                                        pe.OP)))
        values = matrix.values.copy()
        func = element_callable(function, f.inv, index_types)
        for instances, plain in _instances_by_plain_operands(active, extras):
            operands = [CoopMatrix(e.type, e.values[instances]) if isinstance(e, CoopMatrix) else value
                        for e, value in zip(extras, plain)]
            done = pe.per_element_op(CoopMatrix(matrix.type, matrix.values[instances]), func, *operands,
                                     settings=ctx.profile.coopmat, call_index=next_call_index(ctx))
            values[instances] = done.values
        return scoped.scatter(CoopMatrix(matrix.type, values))
    return guarded(c, compute)


def _instances_by_plain_operands(active: np.ndarray, extras: list[CoopMatrix | np.ndarray]
                                 ) -> list[tuple[np.ndarray, list[np.ndarray | None]]]:
    """The active instances grouped by their values of the non-matrix operands, each group with those
    values (one row, as a lane-uniform argument): one core call per distinct set of values, not per instance."""
    plain = [(k, e) for k, e in enumerate(extras) if not isinstance(e, CoopMatrix)]
    if not plain or active.size == 0:
        return [(active, [None] * len(extras))] if active.size else []
    table = np.concatenate([e[active].reshape(active.size, -1).view(np.uint8).reshape(active.size, -1)
                            for _, e in plain], axis=1)
    rows, first, inverse = np.unique(table, axis=0, return_index=True, return_inverse=True)
    groups = []
    for r in range(rows.shape[0]):
        instances = active[inverse.reshape(-1) == r]
        arguments: list[np.ndarray | None] = [None] * len(extras)
        for k, e in plain:
            arguments[k] = e[active[first[r]]][None]
        groups.append((instances, arguments))
    return groups


def _use_change(c: InstructionContext, op: str, check: Callable[..., None]) -> tuple[CooperativeMatrixType, ...]:
    require_capability(c, tr.CAPABILITY, op)
    result = result_matrix(c)
    matrix_type = matrix_operand(c, 0, "Matrix")
    with rule_checks(c):
        check(matrix_type.matrix, result.matrix)
    return result, matrix_type


def _whole_matrix(c: InstructionContext, op: str, result: CooperativeMatrixType, matrix_type: CooperativeMatrixType,
                  function: Callable[..., CoopMatrix]) -> Compute:
    matrix_id = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        require_not_in_callback(op)
        ctx = f.inv.ctx
        source = Scoped(ctx, matrix_type, op)
        source.active(f.mask, op)
        return Scoped(ctx, result, op).scatter(function(source.gather(f.values[matrix_id]), result.matrix))
    return guarded(c, compute)


@register_opcode(CONVERT)
def _convert(c: InstructionContext) -> Compute:
    result, matrix_type = _use_change(c, tr.CONVERT_OP, tr.check_convert_types)
    return _whole_matrix(c, tr.CONVERT_OP, result, matrix_type, tr.convert_matrix)


@register_opcode(TRANSPOSE)
def _transpose(c: InstructionContext) -> Compute:
    result, matrix_type = _use_change(c, tr.TRANSPOSE_OP, tr.check_transpose_types)
    return _whole_matrix(c, tr.TRANSPOSE_OP, result, matrix_type, tr.transpose_matrix)


__all__ = ["combine_callable", "element_callable", "run_on_synthetic_lanes"]
