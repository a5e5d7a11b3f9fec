"""Whether a MulAdd is one the implementation lists (the profile's coopmat.muladd_properties and
coopmat.flexible_properties, the driver's vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR and
...FlexibleDimensionsPropertiesNV lists).

VK_KHR_cooperative_matrix: an OpCooperativeMatrixMulAddKHR's M, N, K, component types, scope and
SaturatingAccumulation operand must match an entry of the first list (VK_NV_cooperative_matrix2:
or of the flexible list, where M, N and K are multiples of the entry's granularities up to
cooperativeMatrixFlexibleDimensionsMaxDimension, and a workgroup-scope entry names its workgroup
size). A profile that lists nothing accepts every MulAdd; with lists, `coopmat.unlisted_muladd`
says whether strict mode reports an unlisted one (`report`) or runs it (`run`).
"""

from __future__ import annotations

from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse, Scope
from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.profile.model import (
    CooperativeMatrixSettings,
    CoopMatFlexibleProperty,
    CoopMatMulAddProperty,
)

TYPE_RULE = ("VUID-RuntimeSpirv-OpTypeCooperativeMatrixKHR-10163 / cooperativeMatrixFlexibleDimensions-10165: a "
             "cooperative matrix type's component type, scope, rows and columns must match the matrix of its Use in a "
             "VkCooperativeMatrixPropertiesKHR entry, or be multiples of a "
             "VkCooperativeMatrixFlexibleDimensionsPropertiesNV entry's granularities")
LISTED_RULE = ("VK_KHR_cooperative_matrix / VK_NV_cooperative_matrix2: the MulAdd's sizes, component types, scope "
               "and saturation must match a VkCooperativeMatrixPropertiesKHR or "
               "VkCooperativeMatrixFlexibleDimensionsPropertiesNV entry")


def _types_match(entry: CoopMatMulAddProperty | CoopMatFlexibleProperty, a: CoopMatType, b: CoopMatType,
                 c: CoopMatType, result: CoopMatType, saturating: bool) -> bool:
    scope = "subgroup" if a.scope == Scope.Subgroup else "workgroup"
    return ((entry.a_type, entry.b_type, entry.c_type, entry.result_type, entry.saturating, entry.scope)
            == (a.component.name, b.component.name, c.component.name, result.component.name, saturating, scope))


def listed_muladd(settings: CooperativeMatrixSettings, a: CoopMatType, b: CoopMatType, c: CoopMatType,
                  result: CoopMatType, saturating: bool, scope_size: int | None = None) -> bool:
    """True when an entry lists this MulAdd, or the profile lists none. `scope_size` (a workgroup's
    invocations; None: any) must equal a workgroup-scope flexible entry's workgroup size."""
    if not settings.muladd_properties and not settings.flexible_properties:
        return True
    m, n, k = a.rows, b.cols, a.cols
    if any(_types_match(e, a, b, c, result, saturating) and (e.m, e.n, e.k) == (m, n, k)
           for e in settings.muladd_properties):
        return True
    largest = settings.flexible_max_dimension
    return any(_types_match(e, a, b, c, result, saturating)
               and m % e.m_granularity == 0 and n % e.n_granularity == 0 and k % e.k_granularity == 0
               and max(m, n, k) <= largest
               and (e.scope == "subgroup" or scope_size is None or e.workgroup_invocations == scope_size)
               for e in settings.flexible_properties)


def check_listed_muladd(strict: bool, settings: CooperativeMatrixSettings, a: CoopMatType, b: CoopMatType,
                        c: CoopMatType, result: CoopMatType, saturating: bool, scope_size: int | None,
                        op: str) -> None:
    """Strict mode with unlisted_muladd = report: an unlisted MulAdd is reported (otherwise it runs with
    the profile's model)."""
    if strict and settings.unlisted_muladd == "report" and not listed_muladd(settings, a, b, c, result, saturating, scope_size):
        size = "" if scope_size is None or a.scope == Scope.Subgroup else f" of {scope_size} invocations"
        raise UndefinedBehaviorError(
            f"{op}: {a.component.name} x {b.component.name} + {c.component.name} -> {result.component.name}, "
            f"M {a.rows} N {b.cols} K {a.cols}, {a.scope.name} scope{size}, saturating {saturating}, is not "
            f"among the profile's {len(settings.muladd_properties)} listed and "
            f"{len(settings.flexible_properties)} flexible MulAdds ({LISTED_RULE})")


def _shape_for_use(entry: CoopMatMulAddProperty | CoopMatFlexibleProperty, use: MatrixUse
                   ) -> list[tuple[str, int, int]]:
    """(component, rows, columns) the entry allows for a matrix of `use`: A is M x K, B is K x N, the
    accumulator M x N of C's or Result's type (granularities for a flexible entry)."""
    if isinstance(entry, CoopMatFlexibleProperty):
        m, n, k = entry.m_granularity, entry.n_granularity, entry.k_granularity
    else:
        m, n, k = entry.m, entry.n, entry.k
    if use == MatrixUse.MatrixAKHR:
        return [(entry.a_type, m, k)]
    if use == MatrixUse.MatrixBKHR:
        return [(entry.b_type, k, n)]
    return [(entry.c_type, m, n), (entry.result_type, m, n)]


def listed_matrix_type(settings: CooperativeMatrixSettings, matrix: CoopMatType, scope_size: int | None = None) -> bool:
    """True when a listed MulAdd has a matrix of this use, component type, scope and size (a flexible entry:
    sizes that are multiples of its granularities, up to flexible_max_dimension, and for workgroup scope the
    workgroup size `scope_size`, None: any), or the profile lists none."""
    if not settings.muladd_properties and not settings.flexible_properties:
        return True
    scope = "subgroup" if matrix.scope == Scope.Subgroup else "workgroup"
    name = matrix.component.name
    if any(e.scope == scope and (name, matrix.rows, matrix.cols) in _shape_for_use(e, matrix.use)
           for e in settings.muladd_properties):
        return True
    if max(matrix.rows, matrix.cols) > settings.flexible_max_dimension:
        return False
    return any(e.scope == scope and (scope == "subgroup" or scope_size is None or e.workgroup_invocations == scope_size)
               and any(component == name and matrix.rows % rows == 0 and matrix.cols % cols == 0
                       for component, rows, cols in _shape_for_use(e, matrix.use))
               for e in settings.flexible_properties)


def check_listed_matrix_type(strict: bool, settings: CooperativeMatrixSettings, matrix: CoopMatType,
                             scope_size: int | None, what: str) -> None:
    """Strict mode with unlisted_muladd = report: a matrix type no listed MulAdd has is reported."""
    if strict and settings.unlisted_muladd == "report" and not listed_matrix_type(settings, matrix, scope_size):
        raise UndefinedBehaviorError(
            f"{what}: a {matrix.use.name} {matrix.component.name} {matrix.rows} x {matrix.cols} with "
            f"{matrix.scope.name} scope is not a matrix of the profile's {len(settings.muladd_properties)} listed "
            f"MulAdds, nor a multiple of the granularities of its {len(settings.flexible_properties)} flexible ones "
            f"({TYPE_RULE})")
