"""What test_spirv_coverage.py does not reach: the structural opcodes (control flow) are each named in a test, and
every opcode OpSpecConstantOp accepts gives, on specialization constants, the bits the same instruction gives at run
time (whose own per-instruction tests check it against numpy)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.spirv import program, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.grammar import opcode_of, opname
from dxlinalg.spirv.specialize import SPEC_CONSTANT_OPS

HERE = Path(__file__).parent
BUILDER_EMITTED = {"OpLabel"}      # FunctionBuilder.label/block write it for every block


def test_every_control_flow_opcode_is_named_in_a_test() -> None:
    sources = "".join(path.read_text() for path in HERE.glob("test_*.py"))
    untested = [opname(opcode) for opcode in program.OP.values()
                if opname(opcode) not in BUILDER_EMITTED and not re.search(rf'"{opname(opcode)}"', sources)]
    assert untested == []


# -- OpSpecConstantOp ---------------------------------------------------------------------------------------------
#: type keys -> builder calls
TYPES = {"i32": lambda b: b.int(), "u32": lambda b: b.uint(), "i64": lambda b: b.int(64), "u64": lambda b: b.uint(64),
         "f32": lambda b: b.float(32), "f16": lambda b: b.float(16), "bool": lambda b: b.bool(),
         "uvec2": lambda b: b.vector(b.uint(), 2)}
#: value sets for the operands of each type: the constants' defaults, then two sets of overrides
VALUES = {"i32": ((-7, 3), (123456, -5), (4, 4)), "u32": ((0xFFFFFFF0, 7), (0x80000001, 5), (3, 6)),
          "bool": ((True, False), (False, True), (True, True)), "f32": ((1.0009765625, -3.5), (65504.5, 1e-8), (0, 0)),
          "uvec2": (((9, 4), (1, 2)), ((0xFFFFFFFF, 0), (3, 8)), ((5, 6), (7, 8)))}
INT_BINARY = ["OpIAdd", "OpISub", "OpIMul", "OpSDiv", "OpSRem", "OpSMod", "OpIEqual", "OpINotEqual", "OpSLessThan",
              "OpSGreaterThan", "OpSLessThanEqual", "OpSGreaterThanEqual"]
UINT_BINARY = ["OpUDiv", "OpUMod", "OpShiftRightLogical", "OpShiftRightArithmetic", "OpShiftLeftLogical",
               "OpBitwiseOr", "OpBitwiseXor", "OpBitwiseAnd", "OpULessThan", "OpUGreaterThan", "OpULessThanEqual",
               "OpUGreaterThanEqual"]
BOOL_RESULT = {"OpIEqual", "OpINotEqual", "OpSLessThan", "OpSGreaterThan", "OpSLessThanEqual", "OpSGreaterThanEqual",
               "OpULessThan", "OpUGreaterThan", "OpULessThanEqual", "OpUGreaterThanEqual", "OpLogicalOr",
               "OpLogicalAnd", "OpLogicalNot", "OpLogicalEqual", "OpLogicalNotEqual"}
#: opcode -> (result type, operand types, literal operands)
CASES: dict[str, tuple[str, tuple[str, ...], tuple[int, ...]]] = {
    **{name: ("bool" if name in BOOL_RESULT else "i32", ("i32", "i32"), ()) for name in INT_BINARY},
    **{name: ("bool" if name in BOOL_RESULT else "u32", ("u32", "u32"), ()) for name in UINT_BINARY},
    **{name: ("bool", ("bool", "bool"), ()) for name in ("OpLogicalOr", "OpLogicalAnd", "OpLogicalEqual",
                                                        "OpLogicalNotEqual")},
    "OpLogicalNot": ("bool", ("bool",), ()),
    "OpSConvert": ("i64", ("i32",), ()),
    "OpUConvert": ("u64", ("u32",), ()),
    "OpFConvert": ("f16", ("f32",), ()),
    "OpQuantizeToF16": ("f32", ("f32",), ()),
    "OpSNegate": ("i32", ("i32",), ()),
    "OpNot": ("u32", ("u32",), ()),
    "OpSelect": ("u32", ("bool", "u32", "u32"), ()),
    "OpVectorShuffle": ("uvec2", ("uvec2", "uvec2"), (3, 0)),
    "OpCompositeExtract": ("u32", ("uvec2",), (1,)),
    "OpCompositeInsert": ("uvec2", ("u32", "uvec2"), (0,)),
}


def test_every_spec_constant_op_has_a_case() -> None:
    assert {opname(op) for op in SPEC_CONSTANT_OPS} == set(CASES)


def spec_op_kernel(name: str) -> tuple[np.ndarray, list[dict[int, object]], np.dtype]:
    """(module, two sets of override values, the stored dtype): out[0] = the OpSpecConstantOp result, out[1] = the
    same instruction at run time on the same constants (bools stored as 0/1 uint32)."""
    result_key, operand_keys, literals = CASES[name]
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b, fn = kernel.module, kernel.fn
    overrides: list[dict[int, object]] = [{}, {}]
    operands = []
    counts = {key: 0 for key in operand_keys}
    for key in operand_keys:
        default, *changed = (values[counts[key]] for values in VALUES[key])
        counts[key] += 1
        if key == "uvec2":
            parts = []
            for component, default_part in enumerate(default):
                spec_id = len(overrides[0])
                parts.append(b.spec_constant(b.uint(), default_part, spec_id=spec_id))
                for override, values in zip(overrides, changed):
                    override[spec_id] = values[component]
            operands.append(b.global_op("OpSpecConstantComposite", TYPES[key](b), *parts))
        else:
            spec_id = len(overrides[0])
            operands.append(b.spec_constant(TYPES[key](b), default, spec_id=spec_id))
            for override, value in zip(overrides, changed):
                override[spec_id] = value
    result_type = TYPES[result_key](b)
    at_specialization = b.global_op("OpSpecConstantOp", result_type, opcode_of(name), *operands, *literals)
    at_run_time = fn.op(name, result_type, *operands, *literals)
    u32 = b.uint()
    if result_key == "bool":
        stored_type, dtype = u32, np.dtype(np.uint32)
        values = [fn.op("OpSelect", u32, v, b.constant(u32, 1), b.constant(u32, 0)) for v in (at_specialization,
                                                                                             at_run_time)]
    else:
        stored_type = result_type
        dtype = {"i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64, "f32": np.float32,
                 "f16": np.float16, "uvec2": np.uint32}[result_key]
        values = [at_specialization, at_run_time]
    out = kernel.buffer(0, 0, stored_type)
    for index, value in enumerate(values):
        kernel.store(out, b.constant(u32, index), stored_type, value)
    return kernel.finish(), overrides, np.dtype(dtype)


@pytest.mark.parametrize("name", sorted(CASES))
def test_spec_constant_op_gives_the_run_time_instructions_bits(name: str) -> None:
    module, overrides, dtype = spec_op_kernel(name)
    width = 2 if CASES[name][0] == "uvec2" else 1
    rows = []
    for values in (None, *overrides):
        out = run(module, spec_constants=values, buffers={(0, 0): np.zeros(2 * width, dtype)})[(0, 0)]
        at_specialization, at_run_time = out.reshape(2, width)
        assert at_specialization.tobytes() == at_run_time.tobytes(), values
        rows.append(at_run_time)
    assert any(row.any() for row in rows)            # the dispatch stored something


def test_terminate_invocation_ends_only_the_lanes_that_reach_it() -> None:
    """out[i] = 5; if i is odd, OpTerminateInvocation; out[i] = 7."""
    kernel = ComputeKernel(local_size=(16, 1, 1))
    b, fn = kernel.module, kernel.fn
    b.extension("SPV_KHR_terminate_invocation")
    u32 = b.uint()
    out = kernel.buffer(0, 0, u32)
    i = kernel.global_id_x()
    kernel.store(out, i, u32, b.constant(u32, 5))
    odd = fn.op("OpIEqual", b.bool(), fn.op("OpBitwiseAnd", u32, i, b.constant(u32, 1)), b.constant(u32, 1))
    stop, go_on = fn.label(), fn.label()
    fn.do("OpSelectionMerge", go_on, 0)
    fn.do("OpBranchConditional", odd, stop, go_on)
    fn.block(stop)
    fn.do("OpTerminateInvocation")
    fn.block(go_on)
    kernel.store(out, i, u32, b.constant(u32, 7))
    result = run(kernel.finish(), buffers={(0, 0): np.zeros(16, np.uint32)})[(0, 0)]
    assert result.tolist() == [5 if k % 2 else 7 for k in range(16)]
