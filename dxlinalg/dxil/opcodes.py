"""DXIL opcodes of the SM 6.9 preview linear-algebra operations (DxilConstants.h, staging-sm6.9)."""

from __future__ import annotations

from enum import IntEnum


class OpCode(IntEnum):
    """`dx.op.*` opcode values; the Python functions take the operands after the opcode."""

    MatVecMul = 305
    MatVecMulAdd = 306
    OuterProductAccumulate = 307
    VectorAccumulate = 308
