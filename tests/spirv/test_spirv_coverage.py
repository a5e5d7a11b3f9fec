"""Every instruction the executor supports has a per-instruction test in this folder."""

import re
from pathlib import Path

import dxlinalg.spirv.program  # noqa: F401  (registers every handler)
from dxlinalg.spirv.compiler import EXTENDED_HANDLERS, HANDLERS
from dxlinalg.spirv.grammar import opname
from dxlinalg.spirv.grammar_tables import GLSL_STD_450

HERE = Path(__file__).parent
BUILDER_EMITTED = {"OpVariable"}      # FunctionBuilder.variable writes it (test_ops_memory uses it throughout)


def test_every_supported_opcode_is_named_in_a_test():
    sources = "".join(path.read_text() for path in HERE.glob("test_*.py"))
    untested = [opname(opcode) for opcode in HANDLERS
                if not re.search(rf'"{opname(opcode)}"', sources) and opname(opcode) not in BUILDER_EMITTED]
    assert untested == []


def test_every_supported_glsl_std_450_instruction_is_named_in_a_test():
    sources = "".join(path.read_text() for path in HERE.glob("test_*.py"))
    untested = [GLSL_STD_450[number] for (set_name, number) in EXTENDED_HANDLERS
                if set_name == "GLSL.std.450" and not re.search(rf'"{GLSL_STD_450[number]}"', sources)]
    assert untested == []
