"""OpExtInst: instructions of imported extended sets, dispatched by set name and number.

Non-semantic sets (`NonSemantic.*`, such as debug information and debug printf) have no effect
on execution and are skipped, as the SPIR-V specification allows.
"""

from __future__ import annotations

from dxlinalg.spirv.compiler import EXTENDED_HANDLERS, Compute, InstructionContext, register_opcode
from dxlinalg.spirv.errors import Location
from dxlinalg.spirv.grammar_tables import GLSL_STD_450


def instruction_name(set_name: str, number: int) -> str:
    if set_name == "GLSL.std.450":
        return GLSL_STD_450.get(number, f"<unknown {number}>")
    return str(number)


@register_opcode("OpExtInst")
def _extended(c: InstructionContext) -> Compute | None:
    set_id, number = c.arg(0), c.arg(1)
    set_name = c.program.module.ext_imports.get(set_id)
    if set_name is None:
        raise c.fail(f"Set %{set_id} is not an OpExtInstImport")
    if set_name.startswith("NonSemantic."):
        return None
    name = instruction_name(set_name, number)
    factory = EXTENDED_HANDLERS.get((set_name, number))
    c.loc = Location(f"OpExtInst {set_name} {name}", c.loc.index, c.loc.word)
    c.opname = name
    if factory is None:
        raise c.unsupported(f"extended instruction {set_name} {name} is not supported by this executor")
    c.args = c.args[2:]
    return factory(c)
