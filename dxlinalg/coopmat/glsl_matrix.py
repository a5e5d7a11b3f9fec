"""GLSL's `coopmat` type in the Python shader DSL (GL_KHR_cooperative_matrix, GL_NV_cooperative_matrix2).

    AType = coopmat[float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA]
    a = AType()                       # coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> a;
    c = CType(0.0)                    # filled with a scalar
    h = HalfAccType(c)                # a conversion (Op{F,S,U}Convert, or ConvertNV for a Use change)
    n = a.length(); x = a[i]; a[i] = x * 2     # per invocation, through the profile's ownership map

A shader runs once per chunk of lanes, so a `CoopMatValue` holds one matrix per scope instance of
the chunk (a `CoopMatrix`: every wave for gl_ScopeSubgroup, every thread group for
gl_ScopeWorkgroup), and every operation runs once over all of them. Like plain arithmetic, a
value is computed for every instance; memory operations act on the active instances only. Every
cooperative-matrix operation must be reached in uniform control flow of its scope: strict mode
reports an instance only some of whose invocations execute it (`coopmat.scope.active_instances`).
The arithmetic, conversions and element maps are the core's (`elementwise`, `conversions`,
`transpose`, `ownership`); this module only gives them GLSL's spelling.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from dxlinalg.coopmat import conversions, elementwise
from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.ownership import (
    cooperative_matrix_length,
    element_at,
    ownership_map,
    with_elements,
)
from dxlinalg.coopmat.scope import (
    ScopeInstances,
    active_instances,
    scope_instances,
    uniform_per_instance,
)
from dxlinalg.coopmat.transpose import convert_matrix
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu import masking
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.types import ScalarType

GLSL_KHR = "GL_KHR_cooperative_matrix"

gl_ScopeWorkgroup = int(Scope.Workgroup)
gl_ScopeSubgroup = int(Scope.Subgroup)
gl_MatrixUseA = int(MatrixUse.MatrixAKHR)
gl_MatrixUseB = int(MatrixUse.MatrixBKHR)
gl_MatrixUseAccumulator = int(MatrixUse.MatrixAccumulatorKHR)

# component types GLSL names that HLSL's scalar types lack (GL_EXT_shader_explicit_arithmetic_types,
# GL_EXT_bfloat16, GL_EXT_float_e4m3 / _e5m2)
int8_t = ScalarType("int8_t", np.dtype(np.int8))
uint8_t = ScalarType("uint8_t", np.dtype(np.uint8))
bfloat16_t = ScalarType("bfloat16_t", np.dtype(ml_dtypes.bfloat16))
floate4m3_t = ScalarType("floate4m3_t", np.dtype(ml_dtypes.float8_e4m3fn))
floate5m2_t = ScalarType("floate5m2_t", np.dtype(ml_dtypes.float8_e5m2))


def component_dtype(component: object, what: str) -> np.dtype:
    """A ScalarType (float16_t, int8_t, ...) or anything numpy reads as a dtype."""
    try:
        return np.dtype(component.dtype if isinstance(component, ScalarType) else component)  # type: ignore[arg-type]
    except TypeError as error:
        raise InvalidArgumentError(f"{what}: component type {component!r} is not a scalar type") from error


def _int_operand(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(f"coopmat: {name} {value!r} must be a constant integer (a type parameter)")
    return int(value)


@dataclass(frozen=True)
class CoopMatTypeHandle:
    """`coopmat<T, scope, rows, cols, use>`: call it to make a value (see the module docstring)."""

    type: CoopMatType

    def __call__(self, value: object = None) -> CoopMatValue:
        """coopmat<...>() (undefined: zeros here), coopmat<...>(scalar) (every element) or coopmat<...>(m)."""
        ctx = require_context(f"{self.type} constructor")
        instances = scope_instances(ctx, self.type.scope, str(self.type))
        if isinstance(value, CoopMatValue):
            return CoopMatValue(convert(value.matrix, self.type, ctx), instances)
        shape = (instances.count, self.type.rows, self.type.cols)
        if value is None:
            return CoopMatValue(CoopMatrix(self.type, np.zeros(shape, self.type.component)), instances)
        fill = np.asarray(value)
        if fill.ndim != 0:
            fill = uniform_operand(ctx, fill, instances, "fill value", f"{self.type} constructor")[:, None, None]
        return CoopMatValue(CoopMatrix(self.type, np.broadcast_to(_to_component(fill, self.type.component),
                                                                   shape).copy()), instances)

    def __repr__(self) -> str:
        return str(self.type)


class _CoopMatFactory:
    """`coopmat[T, scope, rows, cols, use]`, as GLSL writes coopmat<T, scope, rows, cols, use>."""

    def __getitem__(self, parameters: tuple[object, ...]) -> CoopMatTypeHandle:
        if not isinstance(parameters, tuple) or len(parameters) != 5:
            raise InvalidArgumentError(
                f"coopmat[...] takes five parameters (component type, scope, rows, columns, use), got {parameters!r}")
        component, scope, rows, cols, use = parameters
        scope_number, use_number = _int_operand(scope, "scope"), _int_operand(use, "use")
        if scope_number not in (gl_ScopeSubgroup, gl_ScopeWorkgroup):
            raise InvalidArgumentError(f"coopmat: scope {scope_number} must be gl_ScopeSubgroup ({gl_ScopeSubgroup}) "
                                       f"or gl_ScopeWorkgroup ({gl_ScopeWorkgroup}) ({GLSL_KHR})")
        if use_number not in (gl_MatrixUseA, gl_MatrixUseB, gl_MatrixUseAccumulator):
            raise InvalidArgumentError(f"coopmat: use {use_number} must be gl_MatrixUseA, gl_MatrixUseB or "
                                       f"gl_MatrixUseAccumulator (0, 1, 2) ({GLSL_KHR})")
        return CoopMatTypeHandle(CoopMatType(component_dtype(component, "coopmat"), Scope(scope_number),
                                             _int_operand(rows, "rows"), _int_operand(cols, "cols"),
                                             MatrixUse(use_number)))


coopmat = _CoopMatFactory()


# -- helpers shared with the builtins ---------------------------------------------------------------------------
def uniform_operand(ctx: ExecutionContext, value: object, instances: ScopeInstances, operand: str,
                    what: str) -> np.ndarray:
    """(instances, ...) a scalar or per-lane operand, which must be uniform in each scope instance."""
    return np.asarray(uniform_per_instance(ctx, value, instances, operand, what))


def require_uniform(ctx: ExecutionContext, instances: ScopeInstances, what: str) -> np.ndarray:
    """(instances,) bool: instances executing `what`; strict mode reports one only partly active (tangled)."""
    return active_instances(ctx, instances, what)


def _to_component(values: np.ndarray, component: np.dtype) -> np.ndarray:
    """A scalar given to a constructor or an element store, converted as GLSL's constructors convert."""
    values = np.asarray(values)
    if component.kind in "iu" and values.dtype.kind == "f":
        return np.trunc(values).astype(component)
    return values.astype(component)


def is_float(dtype: np.dtype) -> bool:
    return rules.is_float(dtype)


def convert(matrix: CoopMatrix, result: CoopMatType, ctx: ExecutionContext) -> CoopMatrix:
    """GLSL's coopmat constructor from another coopmat: the conversion the two component types call for.

    Same component type: a copy, or OpCooperativeMatrixConvertNV when only the Use changes
    (Accumulator to A or B); float to float OpFConvert; integer to float OpConvertSToF/UToF and float
    to integer OpConvertFToS/FToU by the signedness of the integer type; integer to integer
    OpSConvert/OpUConvert by the source's signedness. The core checks every Use change."""
    source = matrix.type
    if source.component == result.component:
        if source.use == result.use:
            rules.check_conversion_shape(source, result, "coopmat constructor")
            return CoopMatrix(result, matrix.values.copy())
        return convert_matrix(matrix, result)
    source_float, result_float = is_float(source.component), is_float(result.component)
    if source_float and result_float:
        return conversions.f_convert(matrix, result, profile=ctx.profile)
    if result_float:
        op = conversions.convert_s_to_f if source.component.kind == "i" else conversions.convert_u_to_f
        return op(matrix, result, profile=ctx.profile)
    if source_float:
        op = conversions.convert_f_to_s if result.component.kind == "i" else conversions.convert_f_to_u
        return op(matrix, result, strict=ctx.strict)
    return (conversions.s_convert if source.component.kind == "i" else conversions.u_convert)(matrix, result)


# -- the value --------------------------------------------------------------------------------------------------
class CoopMatValue:
    """A coopmat variable of a running shader: one matrix per scope instance of the chunk.

    Builtins with an `out` parameter (coopMatLoad, coopMatReduceNV, ...) replace `.matrix`, as GLSL
    writes through the variable."""

    def __init__(self, matrix: CoopMatrix, instances: ScopeInstances) -> None:
        self.matrix = matrix
        self.instances = instances

    @property
    def type(self) -> CoopMatType:
        return self.matrix.type

    def __repr__(self) -> str:
        return f"<{self.type}: {self.matrix.instances} instances>"

    def length(self) -> int:
        """OpCooperativeMatrixLengthKHR: the components each invocation of the scope holds."""
        return cooperative_matrix_length(self.type, self.instances.size, require_context("length").profile.coopmat)

    # -- elements, per invocation ----------------------------------------------------------------------------
    def _slots(self, index: object, what: str) -> tuple[ExecutionContext, np.ndarray, object]:
        ctx = require_context(what)
        index_array = np.asarray(index)
        if index_array.dtype.kind not in "iub" or index_array.ndim > 1:
            raise InvalidArgumentError(f"{what}: the index must be an integer, or one per lane, got "
                                       f"{index_array.dtype} {index_array.shape}")
        active = ctx.active
        lane_index = index_array if index_array.ndim == 0 else ctx.lane_ints(index_array, f"{what} index")[active]
        return ctx, active, lane_index

    def __getitem__(self, index: object) -> np.ndarray:
        """(lanes,) each invocation's component `index` (the ownership map decides which element it is)."""
        what = f"{self.type}[index]"
        ctx, active, lane_index = self._slots(index, what)
        owners = ownership_map(self.type, self.instances.size, ctx.profile.coopmat)
        out = np.zeros(ctx.lanes, self.type.component)
        out[active] = element_at(self.matrix, owners, self.instances.instance_of_lane[active],
                                 self.instances.invocation_of_lane[active], lane_index, strict=ctx.strict, what=what)
        return out

    def __setitem__(self, index: object, value: object) -> None:
        """Each active invocation writes its component `index` (converted to the component type)."""
        what = f"{self.type}[index] = value"
        ctx, active, lane_index = self._slots(index, what)
        values = np.broadcast_to(_to_component(np.asarray(value), self.type.component), (ctx.lanes,))
        owners = ownership_map(self.type, self.instances.size, ctx.profile.coopmat)
        self.matrix = with_elements(self.matrix, owners, self.instances.instance_of_lane[active],
                                    self.instances.invocation_of_lane[active], lane_index,
                                    np.ascontiguousarray(values[active]), strict=ctx.strict, what=what)

    # -- arithmetic (elementwise; * by a scalar is OpMatrixTimesScalar) --------------------------------------
    def _result(self, matrix: CoopMatrix) -> CoopMatValue:
        return CoopMatValue(matrix, self.instances)

    def _other(self, other: object) -> CoopMatrix:
        if not isinstance(other, CoopMatValue):
            raise InvalidArgumentError(f"{self.type}: arithmetic takes another coopmat of the same type (a scalar "
                                       f"only with *), got {type(other).__name__}")
        return other.matrix

    def __add__(self, other: object) -> CoopMatValue:
        op = elementwise.f_add if is_float(self.type.component) else elementwise.i_add
        return self._result(op(self.matrix, self._other(other)))

    def __sub__(self, other: object) -> CoopMatValue:
        op = elementwise.f_sub if is_float(self.type.component) else elementwise.i_sub
        return self._result(op(self.matrix, self._other(other)))

    def __mul__(self, other: object) -> CoopMatValue:
        if not isinstance(other, CoopMatValue):
            ctx = require_context(f"{self.type} * scalar")
            scalar = np.asarray(other)
            if scalar.ndim:
                scalar = uniform_operand(ctx, scalar, self.instances, "Scalar", "OpMatrixTimesScalar")
            scalar = _to_component(scalar, self.type.component)
            return self._result(elementwise.matrix_times_scalar(self.matrix, np.asarray(scalar)))
        op = elementwise.f_mul if is_float(self.type.component) else elementwise.i_mul
        return self._result(op(self.matrix, self._other(other)))

    __rmul__ = __mul__

    def __truediv__(self, other: object) -> CoopMatValue:
        if is_float(self.type.component):
            return self._result(elementwise.f_div(self.matrix, self._other(other)))
        strict = require_context(f"{self.type} / {self.type}").strict
        op = elementwise.s_div if self.type.component.kind == "i" else elementwise.u_div
        return self._result(op(self.matrix, self._other(other), strict=strict))

    def __neg__(self) -> CoopMatValue:
        if is_float(self.type.component):
            return self._result(elementwise.f_negate(self.matrix))
        return self._result(elementwise.s_negate(self.matrix))


def assign(old: object, new: object) -> object:
    """`old = new` under the current mask, for lane values and coopmat values alike.

    A coopmat assigned inside `with if_(...)` (GLSL: `if (c) m = x;`, c uniform in the scope) must
    keep its value in the scope instances that do not take the branch: instances whose invocations
    are active take `new`, the others keep `old` (strict mode reports a partly active instance).
    Anything else is `dxlinalg.gpu.assign`."""
    if not isinstance(old, CoopMatValue) and not isinstance(new, CoopMatValue):
        return masking.assign(old, new)
    if not (isinstance(old, CoopMatValue) and isinstance(new, CoopMatValue)) or old.type != new.type:
        raise InvalidArgumentError(
            f"assign: a coopmat takes a coopmat of its own type; got {getattr(old, 'type', type(old).__name__)} "
            f"= {getattr(new, 'type', type(new).__name__)}")
    ctx = require_context("assign")
    active = require_uniform(ctx, old.instances, "assign (a coopmat assignment)")
    values = np.where(active[:, None, None], new.matrix.values, old.matrix.values)
    return CoopMatValue(CoopMatrix(old.type, values), old.instances)
