"""Every rule of SPV_NV_cooperative_matrix2 (seeds 000 and 001) for Reduce, PerElementOp, ConvertNV and
TransposeNV, broken in a hand-edited copy of the glslang modules and rejected with a message naming it;
the tangled-instruction rules on the misuse modules of tests/spirv/data/coopmat_nv2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.spirv import run
from dxlinalg.spirv.compiler import PROGRAM_CHECKS
from dxlinalg.spirv.errors import (
    SpirvError,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
)
from dxlinalg.spirv.ops.cooperative_matrix_nv2 import check_no_tangled_in_user_functions

SHADERS = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
MISUSE = Path(__file__).resolve().parent / "data" / "coopmat_nv2"
OP_CAPABILITY, OP_EXTENSION, OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_POINTER = 17, 10, 21, 22, 32
OP_TYPE_FUNCTION, OP_CONSTANT, OP_VARIABLE, OP_LOAD, OP_STORE = 33, 43, 59, 61, 62
OP_FUNCTION, OP_FCONVERT, TYPE_COOPMAT, LOAD_KHR = 54, 115, 4456, 4457
REDUCE, PER_ELEMENT, CONVERT, TRANSPOSE = 5366, 5369, 5293, 5390


class Words:
    """A module as a list of instructions (lists of words: the opcode word, then the operands) to edit."""

    def __init__(self, path: Path) -> None:
        words = np.frombuffer(path.read_bytes(), np.uint32).tolist()
        self.header = words[:5]
        self.insts: list[list[int]] = []
        at = 5
        while at < len(words):
            self.insts.append(words[at:at + (words[at] >> 16)])
            at += words[at] >> 16

    def all(self, opcode: int) -> list[list[int]]:
        return [inst for inst in self.insts if inst[0] & 0xFFFF == opcode]

    def nth(self, opcode: int, n: int = 0) -> list[int]:
        return self.all(opcode)[n]

    def defining(self, value_id: int) -> list[int]:
        """The instruction whose result is `value_id` (a type's result is its first operand, a value's its second)."""
        return next(inst for inst in self.insts if (inst[0] & 0xFFFF) in (OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_POINTER,
                                                                             OP_TYPE_FUNCTION, TYPE_COOPMAT)
                    and inst[1] == value_id or (inst[0] & 0xFFFF) not in (OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_POINTER,
                                                                          OP_TYPE_FUNCTION, TYPE_COOPMAT)
                    and len(inst) > 2 and inst[2] == value_id)

    def uint(self, value: int) -> int:
        uint = next(inst[1] for inst in self.all(OP_TYPE_INT) if inst[2:] == [32, 0])
        return next(inst[2] for inst in self.all(OP_CONSTANT) if inst[1] == uint and inst[3] == value)

    def scalar(self, opcode: int, *operands: int) -> int:
        return next(inst[1] for inst in self.all(opcode) if inst[2:] == list(operands))

    def coopmat(self, component: int, rows: int, cols: int, use: int) -> int:
        wanted = [component, self.uint(3), self.uint(rows), self.uint(cols), self.uint(use)]
        return next(inst[1] for inst in self.all(TYPE_COOPMAT) if inst[2:] == wanted)

    def new_id(self) -> int:
        self.header[3] += 1
        return self.header[3] - 1

    def insert_after(self, anchor: list[int], opcode: int, *operands: int) -> list[int]:
        inst = [((len(operands) + 1) << 16) | opcode, *operands]
        self.insts.insert(next(k for k, i in enumerate(self.insts) if i is anchor) + 1, inst)
        return inst

    def remove(self, inst: list[int]) -> None:
        del self.insts[next(k for k, i in enumerate(self.insts) if i is inst)]

    @staticmethod
    def drop_operand(inst: list[int], k: int) -> None:
        del inst[1 + k]
        inst[0] = (len(inst) << 16) | (inst[0] & 0xFFFF)

    def without_capability(self, capability: int) -> Words:
        self.remove(next(inst for inst in self.all(OP_CAPABILITY) if inst[1] == capability))
        return self

    def binary(self) -> np.ndarray:
        return np.array(self.header + [w for inst in self.insts for w in inst], np.uint32)


def rejected(words: Words, buffers: int, match: str, error: type[SpirvError] = SpirvValidationError) -> None:
    with pytest.raises(error, match=match):
        run(words.binary(), buffers={(0, b): np.zeros(8192, np.float32) for b in range(buffers)},
            push_constants=bytes(4))


# -- Reduce ---------------------------------------------------------------------------------------------
def reduce_module() -> Words:
    return Words(SHADERS / "coopmat_reduce.spv")


def _float(w: Words) -> int:
    return w.scalar(OP_TYPE_FLOAT, 32)


def _set_type_operand(w: Words, type_id: int, k: int, value: int) -> Words:
    """Operand `k` of a type (1 component, 3 rows, 4 columns, 5 use) set to the id `value`."""
    w.defining(type_id)[1 + k] = value
    return w


def _set_type_constant(w: Words, type_id: int, k: int, value: int) -> Words:
    """Operand `k` of a type set to a new 32-bit unsigned constant `value`, declared just before the type."""
    definition = w.defining(type_id)
    uint = w.scalar(OP_TYPE_INT, 32, 0)
    constant = w.new_id()
    w.insts.insert(next(n for n, inst in enumerate(w.insts) if inst is definition),
                   [(4 << 16) | OP_CONSTANT, uint, constant, value])
    definition[1 + k] = constant
    return w


def _float_constant(w: Words) -> int:
    return next(inst[2] for inst in w.all(OP_CONSTANT) if inst[1] == _float(w))


def _uint(w: Words) -> int:
    return w.scalar(OP_TYPE_INT, 32, 0)


def _function_typed(w: Words, n: int, returns: int, *parameters: int) -> None:
    """The `n`-th OpFunction given a new function type (declared after every scalar type it names)."""
    function_type = w.new_id()
    last_type = max((k for k, inst in enumerate(w.insts) if inst[0] & 0xFFFF in (OP_TYPE_INT, OP_TYPE_FLOAT)))
    w.insts.insert(last_type + 1, [((3 + len(parameters)) << 16) | OP_TYPE_FUNCTION, function_type, returns,
                                   *parameters])
    w.nth(OP_FUNCTION, n)[4] = function_type


def _reduce_case(edit: Callable[[Words], object]) -> Words:
    w = reduce_module()
    edit(w)
    return w


REDUCE_RULES = {
    "capability": (lambda w: w.without_capability(5430),
                   "needs the CooperativeMatrixReductionsNV capability \\(5430\\)"),
    "extension": (lambda w: w.remove(w.all(OP_EXTENSION)[1]), 'needs OpExtension "SPV_NV_cooperative_matrix2"'),
    "Matrix a cooperative matrix": (lambda w: w.nth(REDUCE).__setitem__(3, _float_constant(w)),
                                    "Matrix has type .*float32.*it must be a cooperative matrix"),
    "mask 0": (lambda w: w.nth(REDUCE).__setitem__(4, 0), "Reduce 0x0 must combine Row 0x1, Column 0x2 and 2x2"),
    "2x2 with Row": (lambda w: w.nth(REDUCE).__setitem__(4, 5), "it is invalid to combine 2x2 with Row or Column"),
    "Matrix Use": (lambda w: _set_type_constant(w, w.coopmat(_float(w), 16, 16, 2), 5, 0),
                   "'Matrix' is .*MatrixAKHR.*its Use must be MatrixAccumulatorKHR"),
    "Result Use": (lambda w: _set_type_constant(w, w.coopmat(_float(w), 2, 8, 2), 5, 1),
                   "'Result Type' is .*MatrixBKHR.*its Use must be MatrixAccumulatorKHR"),
    "component": (lambda w: _set_type_operand(w, w.coopmat(_float(w), 2, 8, 2), 1, w.scalar(OP_TYPE_INT, 32, 0)),
                  "they must have the same Component Type"),
    "Row rows": (lambda w: _set_type_constant(w, w.coopmat(_float(w), 16, 1, 2), 3, 8),
                 "if Reduce equals Row, Result Type must have the same number of rows as Matrix"),
    "Column columns": (lambda w: _set_type_constant(w, w.coopmat(_float(w), 4, 16, 2), 4, 8),
                       "if Reduce equals Column, Result Type must have the same number of columns as Matrix"),
    "2x2 half": (lambda w: _set_type_constant(w, w.coopmat(_float(w), 8, 8, 2), 3, 16),
                 "the dimensions of Result Type must be half of the dimensions of Matrix"),
    "CombineFunc an OpFunction": (lambda w: w.nth(REDUCE).__setitem__(5, w.nth(REDUCE)[3]),
                                  "CombineFunc must be an OpFunction"),
    "CombineFunc result": (lambda w: _function_typed(w, 1, _uint(w), _float(w), _float(w)),
                           ("CombineFunc %add.*\\(float32, float32\\) -> uint32; CombineFunc must be an OpFunction with "
                           "two parameters whose types and result type all match the component type of Matrix")),
    "CombineFunc parameter": (lambda w: _function_typed(w, 1, _float(w), _float(w), _uint(w)),
                              "\\(float32, uint32\\) -> float32; CombineFunc must be an OpFunction with two parameters"),
    "CombineFunc three parameters": (lambda w: _function_typed(w, 1, _float(w), _float(w), _float(w), _float(w)),
                                     ("\\(float32, float32, float32\\) -> float32; CombineFunc must be an OpFunction "
                                     "with two parameters")),
}


@pytest.mark.parametrize("rule", REDUCE_RULES)
def test_reduce_rules(rule: str) -> None:
    edit, match = REDUCE_RULES[rule]
    rejected(_reduce_case(edit), 2, match)


def test_a_reduce_mask_bit_beyond_2x2_is_rejected_when_the_module_is_read() -> None:
    w = reduce_module()
    w.nth(REDUCE)[4] = 0x8
    rejected(w, 2, "mask 0x8 sets bits 0x8 that CooperativeMatrixReduce does not define", SpirvError)


def test_reduce_has_six_words_not_the_five_of_seed_000() -> None:
    w = reduce_module()
    Words.drop_operand(w.nth(REDUCE), 4)
    with pytest.raises(SpirvError, match="word"):
        run(w.binary(), buffers={(0, 0): np.zeros(256, np.float32), (0, 1): np.zeros(4096, np.float32)})


# -- PerElementOp ---------------------------------------------------------------------------------------
def per_element_module() -> Words:
    return Words(SHADERS / "coopmat_per_element.spv")


def _with_a_type(w: Words) -> int:
    """A new `coopmat<float, Subgroup, 16, 16, MatrixAKHR>` type after the accumulator type; its id."""
    accumulator = w.coopmat(_float(w), 16, 16, 2)
    new = w.new_id()
    w.insert_after(w.defining(accumulator), TYPE_COOPMAT, new, _float(w), w.uint(3), w.uint(16), w.uint(16),
                   w.uint(0))
    return new


def _extra_matrix_of_another_type(w: Words) -> None:
    """The 'other' matrix (second load, its Function variable and the load feeding PerElementOp) as MatrixA."""
    a_type = _with_a_type(w)
    pointer = w.new_id()
    w.insert_after(w.defining(a_type), OP_TYPE_POINTER, pointer, 7, a_type)
    load = w.nth(LOAD_KHR, 1)
    load[1] = a_type
    variable_id = next(inst[1] for inst in w.all(OP_STORE) if inst[2] == load[2])
    w.defining(variable_id)[1] = pointer
    next(inst for inst in w.all(OP_LOAD) if inst[3] == variable_id)[1] = a_type


PER_ELEMENT_RULES = {
    "capability": (lambda w: w.without_capability(5432),
                   "needs the CooperativeMatrixPerElementOperationsNV capability \\(5432\\)"),
    "Result Type": (lambda w: w.nth(PER_ELEMENT).__setitem__(1, _with_a_type(w)),
                    "Result Type must match the type of Matrix"),
    "Func an OpFunction": (lambda w: w.nth(PER_ELEMENT).__setitem__(4, w.nth(PER_ELEMENT)[3]),
                           "Func must be an OpFunction"),
    "Func result": (lambda w: _function_typed(w, 1, _uint(w), _uint(w), _uint(w), _float(w)),
                    "Func must be an OpFunction whose return type matches the component type of Matrix"),
    "Func row": (lambda w: _function_typed(w, 1, _float(w), _float(w), _uint(w), _float(w)),
                 "parameter 0 is float32; .*first two parameters are 32-bit integer types"),
    "Func element": (lambda w: _function_typed(w, 1, _float(w), _uint(w), _uint(w), _uint(w)),
                     "third parameter's type matches the component type of Matrix"),
    "operand count": (lambda w: Words.drop_operand(w.nth(PER_ELEMENT, 1), 5),
                      "the optional operands are passed in order as the remaining parameters"),
    "extra scalar type": (lambda w: _function_typed(w, 2, _float(w), _uint(w), _uint(w), _float(w), _float(w), _uint(w)),
                          "parameter 4 is uint32, extra operand 1 is float32"),
    "extra matrix type": (_extra_matrix_of_another_type,
                          "additional cooperative matrix operands must have the same type as 'Matrix'"),
}


@pytest.mark.parametrize("rule", PER_ELEMENT_RULES)
def test_per_element_rules(rule: str) -> None:
    edit, match = PER_ELEMENT_RULES[rule]
    w = per_element_module()
    edit(w)
    rejected(w, 4, match)


# -- ConvertNV / TransposeNV ---------------------------------------------------------------------------------
def convert_module() -> Words:
    return Words(SHADERS / "coopmat_convert.spv")


def _half(w: Words) -> int:
    return w.scalar(OP_TYPE_FLOAT, 16)


def _fconvert_keeps_use(w: Words) -> Words:
    """The float MatrixA type of the widening OpFConvert made an Accumulator: no Use change left there."""
    _set_type_constant(w, w.coopmat(_float(w), 16, 16, 0), 5, 2)
    return w


CONVERT_RULES = {
    "FConvert Use change needs the capability": (
        lambda w: w.without_capability(5431),
        "OpFConvert changes Use from MatrixAccumulatorKHR to MatrixAKHR; that needs the CooperativeMatrixConversionsNV"),
    "ConvertNV capability": (lambda w: _fconvert_keeps_use(w).without_capability(5431),
                             "OpCooperativeMatrixConvertNV needs the CooperativeMatrixConversionsNV capability"),
    "Convert Matrix a cooperative matrix": (lambda w: w.nth(CONVERT, 0).__setitem__(3, w.uint(256)),
                                            "Matrix has type .*uint32.*it must be a cooperative matrix"),
    "Convert Matrix Use": (lambda w: w.nth(CONVERT, 1).__setitem__(3, w.nth(CONVERT, 0)[2]),
                           "'Matrix' is .*MatrixAKHR.*its Use must be MatrixAccumulatorKHR"),
    "Convert Result Use": (lambda w: w.nth(CONVERT, 0).__setitem__(1, w.coopmat(_half(w), 16, 16, 2)),
                           "'Result Type' is .*MatrixAccumulatorKHR.*its Use must be MatrixAKHR or MatrixBKHR"),
    "Convert Rows": (lambda w: w.nth(CONVERT, 1).__setitem__(1, w.coopmat(_half(w), 8, 16, 1)),
                     "'Matrix' has Rows 16 and 'Result Type' 8.*they must have the same Rows"),
    "Convert component": (lambda w: w.nth(CONVERT, 0).__setitem__(1, w.coopmat(_float(w), 16, 16, 0)),
                          "they must have the same Component Type"),
    "Transpose Result Use": (lambda w: _set_type_constant(w, w.coopmat(_half(w), 8, 16, 1), 5, 0),
                             "'Result Type' is .*MatrixAKHR.*its Use must be MatrixBKHR"),
    "Transpose shape": (lambda w: w.nth(TRANSPOSE).__setitem__(1, w.coopmat(_half(w), 16, 16, 1)),
                        "Rows and Columns swapped relative to Result Type"),
    "Transpose component": (lambda w: _set_type_operand(w, w.coopmat(_half(w), 8, 16, 1), 1, _float(w)),
                            "they must have the same Component Type"),
}


@pytest.mark.parametrize("rule", CONVERT_RULES)
def test_convert_and_transpose_rules(rule: str) -> None:
    edit, match = CONVERT_RULES[rule]
    w = convert_module()
    edit(w)
    rejected(w, 3, match)


@pytest.mark.parametrize("opcode", [CONVERT, TRANSPOSE])
def test_convert_and_transpose_have_four_words_not_the_three_of_seed_000(opcode: int) -> None:
    w = convert_module()
    Words.drop_operand(w.nth(opcode), 2)
    with pytest.raises(SpirvError, match="word"):
        run(w.binary(), buffers={(0, b): np.zeros(8192, np.float32) for b in range(3)})


# -- tangled instructions -------------------------------------------------------------------------------------
def _run_misuse(name: str, strict: bool = True) -> np.ndarray:
    source = np.arange(256, dtype=np.float32) % 7
    out = run(MISUSE / f"{name}.spv", buffers={(0, 0): source, (0, 1): np.zeros(2048, np.float32)}, strict=strict)
    return out[(0, 1)]


def test_a_tangled_instruction_called_from_a_combine_func_is_rejected_statically() -> None:
    with pytest.raises(SpirvValidationError, match="OpCooperativeMatrixTransposeNV is a tangled instruction in "
                                                   "%sneaky.*the CombineFunc of OpCooperativeMatrixReduceNV.*not allowed "
                                                   "in a function used as a DecodeFunc, Func or CombineFunc"):
        _run_misuse("tangled_combine")


def test_a_tangled_instruction_reached_inside_a_combine_func_is_rejected_at_run_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the static check, the call itself is refused (coopmat.tangled.require_not_in_callback)."""
    monkeypatch.setattr("dxlinalg.spirv.compiler.PROGRAM_CHECKS",
                        [check for check in PROGRAM_CHECKS if check is not check_no_tangled_in_user_functions])
    monkeypatch.setattr("dxlinalg.spirv.program.PROGRAM_CHECKS",
                        [check for check in PROGRAM_CHECKS if check is not check_no_tangled_in_user_functions])
    with pytest.raises(SpirvValidationError, match="OpCooperativeMatrixTransposeNV is a tangled instruction and was "
                                                   "reached inside the CombineFunc of OpCooperativeMatrixReduceNV"):
        _run_misuse("tangled_combine")


def test_a_function_operand_that_is_the_entry_point_is_rejected_as_tangled() -> None:
    w = reduce_module()
    main = w.nth(OP_FUNCTION, 0)[2]
    w.nth(REDUCE)[5] = main
    rejected(w, 2, "OpCooperativeMatrixReduceNV is a tangled instruction in %main")


def test_a_reduce_in_divergent_control_flow_is_undefined_behaviour() -> None:
    with pytest.raises(SpirvUndefinedBehaviorError, match="16 of the 32 invocations of Subgroup instance 0 execute "
                                                          "it; a tangled instruction must be executed in uniform "
                                                          "control flow"):
        _run_misuse("divergent_reduce")


def test_permissive_mode_runs_a_partly_active_reduce_for_the_whole_subgroup() -> None:
    out = _run_misuse("divergent_reduce", strict=False)[:256].reshape(16, 16)
    source = (np.arange(256, dtype=np.float32) % 7).reshape(16, 16)
    lane_holds = np.arange(256).reshape(16, 16) // 8        # reference: invocation i holds elements 8i .. 8i+7
    expected = np.where(lane_holds < 16, source.sum(axis=1, keepdims=True), source)
    assert np.array_equal(out, expected)


def test_a_combine_func_reading_a_built_in_input_is_unsupported() -> None:
    with pytest.raises(SpirvUnsupportedError, match="uses the Input variable %gl_SubgroupInvocationID; this executor "
                                                    "runs a CombineFunc over its calls, not over invocations"):
        _run_misuse("input_in_combine")
