"""SPIR-V: read a binary module and run its GLCompute entry point on the simulated GPU.

`run(module, entry_point, groups, buffers, push_constants, spec_constants, profile, strict)` is the
one-call entry point; `load_module` reads a module; `register_opcode` lets another module add an
instruction to the executor. See docs/spirv.md for what is supported.
"""

from dxlinalg.spirv.compiler import DEFAULT_WORK_LIMIT, register_extended, register_opcode
from dxlinalg.spirv.errors import (
    SpirvArgumentError,
    SpirvBinaryError,
    SpirvError,
    SpirvStepLimitError,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
)
from dxlinalg.spirv.module import Module, load_module
from dxlinalg.spirv.run import DEFAULT_STEP_LIMIT, prepare, run

__all__ = [
    "DEFAULT_STEP_LIMIT", "DEFAULT_WORK_LIMIT", "Module", "SpirvArgumentError", "SpirvBinaryError", "SpirvError",
    "SpirvStepLimitError", "SpirvUndefinedBehaviorError", "SpirvUnsupportedError", "SpirvValidationError", "load_module", "prepare",
    "register_extended", "register_opcode", "run",
]
