"""The minimum support set every implementation must report (hlsl-specs 0029, DXC exec test).

The seed text lists the packed row as "PackedS8x32 I8 I8 I32 I32"; the DXC execution test
(which drivers had to pass) requires two packed rows, with InputType SINT8_T4_PACKED and UINT32,
both with the packed interpretation. We require the DXC form; docs/semantics.md explains.
"""

from __future__ import annotations

from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.profile.model import AccumulateProperty, MulProperty


def _mul(i: T, ii: T, m: T, b: T, o: T) -> MulProperty:
    return MulProperty(input_type=i, input_interpretation=ii, matrix_interpretation=m,
                       bias_interpretation=b, output_type=o)


MINIMUM_MUL: tuple[MulProperty, ...] = (
    _mul(T.F16, T.F16, T.F16, T.F16, T.F16),
    _mul(T.F16, T.F8_E4M3, T.F8_E4M3, T.F16, T.F16),
    _mul(T.F16, T.F8_E5M2, T.F8_E5M2, T.F16, T.F16),
    _mul(T.PackedS8x32, T.PackedS8x32, T.I8, T.I32, T.I32),
    _mul(T.U32, T.PackedS8x32, T.I8, T.I32, T.I32),
    _mul(T.F32, T.I8, T.I8, T.I32, T.I32),
)

MINIMUM_OUTER_PRODUCT: tuple[AccumulateProperty, ...] = (
    AccumulateProperty(input_type=T.F16, accumulation_type=T.F16),
    AccumulateProperty(input_type=T.F16, accumulation_type=T.F32),
)

MINIMUM_VECTOR_ACCUMULATE: tuple[AccumulateProperty, ...] = (
    AccumulateProperty(input_type=T.F16, accumulation_type=T.F16),
)
