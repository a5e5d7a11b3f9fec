"""MLIR GPU kernels as text on the simulated GPU (docs/mlir.md).

`run(source, entry, workgroups, buffers, ...)` parses a kernel (generic or custom form), verifies and lowers its
entry function, and runs it one invocation per GPU thread, vectorised over lanes, with nvgpu's operations executed
by `dxlinalg.nvgpu`. `parse(text)` gives the operations.
"""

from dxlinalg.mlir.errors import (
    MlirArgumentError,
    MlirError,
    MlirUndefinedBehaviorError,
    MlirUnsupportedError,
    MlirVerifyError,
    ParseError,
)
from dxlinalg.mlir.parser import parse
from dxlinalg.mlir.run import prepare, run

__all__ = ["MlirArgumentError", "MlirError", "MlirUndefinedBehaviorError", "MlirUnsupportedError", "MlirVerifyError",
           "ParseError", "parse", "prepare", "run"]
