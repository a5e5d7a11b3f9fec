"""The four SM 6.9 DXIL linear-algebra operations, with DXIL's operand order (opcode omitted).

    matvecmul(input_vector, input_unsigned, input_interpretation, matrix, matrix_offset,
              matrix_interpretation, M, K, layout, transpose, stride, output_unsigned, *, result_type)
    matvecmuladd(..., stride, bias, bias_offset, bias_interpretation, output_unsigned, *, result_type)
    outerproductaccumulate(vector1, vector2, matrix, matrix_offset, matrix_interpretation, layout, stride)
    vectoraccumulate(vector, array, array_offset)

Vectors have one row per lane. Inside a dispatch, handles are the shader's bound buffers and
the dispatch's lanes, mask, profile and mode apply; outside one, a handle may be a `Buffer`, a
resource with `.buffer`, or a uint8 numpy array, and `profile=`/`strict=` choose the device
(the lanes form waves of its wave size). Every rule is a named check in `rules`.
"""

from dxlinalg.dxil.accumulate import outerproductaccumulate, vectoraccumulate
from dxlinalg.dxil.matvec import matvecmul, matvecmuladd
from dxlinalg.dxil.opcodes import OpCode
from dxlinalg.linalg.fast.matrix_cache import MATRIX_CACHE

__all__ = ["MATRIX_CACHE", "OpCode", "matvecmul", "matvecmuladd", "outerproductaccumulate", "vectoraccumulate"]
