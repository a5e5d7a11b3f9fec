"""A cooperative matrix's type and value, shared by every surface (SPIR-V, the GLSL-named DSL).

SPV_KHR_cooperative_matrix: OpTypeCooperativeMatrixKHR has a component type, a scope, rows, columns
and a use. The value is held *logically*, one whole matrix per scope instance in a chunk, because
the operations (load, MulAdd, reduce, ...) are defined on whole matrices; which invocation holds
which element is a separate, profile-chosen ownership map (dxlinalg.coopmat.ownership) applied only
where a surface exposes elements per invocation (Length, element access by index).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError


class MatrixUse(IntEnum):
    """SPIR-V CooperativeMatrixUse (SPV_KHR_cooperative_matrix)."""

    MatrixAKHR = 0
    MatrixBKHR = 1
    MatrixAccumulatorKHR = 2


class Scope(IntEnum):
    """The SPIR-V Scope values a cooperative matrix may have."""

    Workgroup = 2
    Subgroup = 3


COMPONENT_DTYPES: tuple[np.dtype, ...] = tuple(np.dtype(t) for t in (
    np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
    np.float16, np.float32, np.float64,
    ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2,
))
"""Component types a cooperative matrix may have: SPIR-V's integer and float widths, plus the NV
extensions' bfloat16 and FP8 (E4M3, E5M2)."""


@dataclass(frozen=True)
class CoopMatType:
    """OpTypeCooperativeMatrixKHR's operands: Component Type, Scope, Rows, Columns, Use."""

    component: np.dtype
    scope: Scope
    rows: int
    cols: int
    use: MatrixUse

    def __post_init__(self) -> None:
        object.__setattr__(self, "component", np.dtype(self.component))
        object.__setattr__(self, "scope", Scope(self.scope))
        object.__setattr__(self, "use", MatrixUse(self.use))
        if self.component not in COMPONENT_DTYPES:
            raise InvalidArgumentError(
                f"cooperative matrix component type {self.component} is not a numerical type "
                f"(OpTypeCooperativeMatrixKHR: Component Type); expected one of "
                f"{', '.join(str(d) for d in COMPONENT_DTYPES)}")
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise InvalidArgumentError(
                    f"cooperative matrix {name} is {value!r}; it must be a positive integer "
                    f"(OpTypeCooperativeMatrixKHR: {name.capitalize()})")
            object.__setattr__(self, name, int(value))

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def with_use(self, use: MatrixUse) -> CoopMatType:
        return CoopMatType(self.component, self.scope, self.rows, self.cols, use)

    def __str__(self) -> str:
        return f"coopmat<{self.component}, {self.scope.name}, {self.rows}, {self.cols}, {self.use.name}>"


@dataclass(frozen=True)
class CoopMatrix:
    """One cooperative matrix per scope instance: values[instance, row, col] in the component type."""

    type: CoopMatType
    values: np.ndarray

    def __post_init__(self) -> None:
        values = np.asarray(self.values)
        if values.ndim != 3 or values.shape[1:] != self.type.shape:
            raise InvalidArgumentError(
                f"cooperative matrix values have shape {values.shape}; {self.type} needs "
                f"(instances, {self.type.rows}, {self.type.cols})")
        if values.dtype != self.type.component:
            raise InvalidArgumentError(
                f"cooperative matrix values have dtype {values.dtype}; {self.type} holds {self.type.component}")
        object.__setattr__(self, "values", values)

    @property
    def instances(self) -> int:
        return int(self.values.shape[0])
