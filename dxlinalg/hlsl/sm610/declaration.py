"""A shader's SM 6.10 operation list (PSV0's linear-algebra uses), made by the shader itself.

DXC lists the linear-algebra operations a shader uses, with their types, dimensions and scopes, in the
shader's PSV0 part, and the runtime checks the list against the device's feature-78 answers when a pipeline is
created (RT "Runtime Validation"). A Python shader has no compiler, so its list is made the way a tracing
compiler makes one: `linalg_operations_of` runs the shader once, for one thread group on scratch resources, and
every `dx::linalg` call records the `LinalgOperationUse` records its types imply (`record`, called by the
members and free functions of `dxlinalg.hlsl.sm610`). Types and shapes are template arguments, fixed when the
shader is built, so one run sees them all, with one limit: Python control flow that depends on root constants
or buffer contents (all zero in the trace) takes the path zeros take. A shader with an operation only reached
otherwise declares its list by hand: `compute_shader(..., linalg_operations=[...])` replaces the trace.

Only shaders that name the SM 6.10 API (this package, `dxlinalg.dxil.linalg_matrix`, or a value they define)
are traced; an SM 6.9 shader has no list and is never run at pipeline creation.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from dxlinalg.dxil.linalg_matrix.types import ComponentType, MatrixLayout, MatrixScope, MatrixType
from dxlinalg.dxil.linalg_matrix.types import to_numerics_type
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.resources import ByteAddressBuffer, RootConstants, RWByteAddressBuffer
from dxlinalg.gpu.shader import ComputeShader
from dxlinalg.profile.linalg_operations import AccumulateDestination, LinalgOperationKind, LinalgOperationUse
from dxlinalg.profile.linalg_operations import MatrixScope as UseScope
from dxlinalg.profile.linalg_operations import MatrixUse as UseMatrixUse
from dxlinalg.profile.linalg_support import LINALG_TYPES
from dxlinalg.profile.model import DeviceProfile

#: Modules whose names make a shader an SM 6.10 one.
SM610_MODULES = ("dxlinalg.hlsl.sm610", "dxlinalg.dxil.linalg_matrix")
#: Bytes of each scratch buffer the trace binds (zeros; 0035's out-of-bounds rules cover larger offsets).
TRACE_BUFFER_BYTES = 1 << 16
_TRANSPOSED_LAYOUTS = (MatrixLayout.MulOptimalTranspose, MatrixLayout.OuterProductOptimalTranspose)

_recording: ContextVar[list[LinalgOperationUse] | None] = ContextVar("linalg_operation_recording", default=None)


# -- recording (called by the dx::linalg members and free functions) -----------------------------------------------
def recording() -> bool:
    """Whether a trace is collecting uses (the hooks do nothing otherwise)."""
    return _recording.get() is not None


def record(*uses: LinalgOperationUse) -> None:
    found = _recording.get()
    if found is not None:
        found.extend(uses)


def _d3d12_type(component: ComponentType, operation: str) -> object:
    """The numerics ComponentType a record carries; a type D3D12 has no datatype for cannot be reported."""
    core = to_numerics_type(component) if component != ComponentType.BFloat16 else None
    if core is None or core not in LINALG_TYPES:
        raise InvalidArgumentError(
            f"{operation} uses {component.name}, which has no D3D12_LINEAR_ALGEBRA_DATATYPE, so no device can report "
            f"it and no pipeline can be created with it (RT Runtime Validation)")
    return core


def construction(matrix: MatrixType, operation: str) -> None:
    """A Wave/ThreadGroup matrix of `matrix`'s type exists in the shader (MATRIX_CONSTRUCTION)."""
    if not recording() or matrix.scope == MatrixScope.Thread:
        return
    record(LinalgOperationUse(LinalgOperationKind.MATRIX_CONSTRUCTION, UseScope(int(matrix.scope)), operation,
                              component_type=_d3d12_type(matrix.component, operation), m=matrix.m, n=matrix.n,
                              use=UseMatrixUse(int(matrix.use))))


def matrix_multiply(a: MatrixType, b: MatrixType, result: MatrixType, operation: str) -> None:
    """A Wave or ThreadGroup A x B (+ C): its multiply category (the matrices recorded their construction)."""
    if not recording():
        return
    kind = (LinalgOperationKind.WAVE_MATRIX_MULTIPLY if a.scope == MatrixScope.Wave
            else LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY)
    record(LinalgOperationUse(kind, UseScope(int(a.scope)), operation, a_type=_d3d12_type(a.component, operation),
                              b_type=_d3d12_type(b.component, operation),
                              accumulator_type=_d3d12_type(result.component, operation), m=a.m, n=b.n, k=a.n))


def vector_multiply(matrix: MatrixType, layout: object, vector_type: ComponentType, bias: bool,
                    result_type: ComponentType, operation: str) -> None:
    """A Thread-scope matrix x vector (THREAD_VECTOR_MATRIX_MULTIPLY); the bias, if any, is of the result type
    (the header converts it before the DXIL op)."""
    if not recording():
        return
    result = _d3d12_type(result_type, operation)
    record(LinalgOperationUse(LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY, UseScope.Thread, operation,
                              vector_type=_d3d12_type(vector_type, operation),
                              matrix_type=_d3d12_type(matrix.component, operation),
                              bias_type=result if bias else None, result_type=result,
                              transposed=layout in _TRANSPOSED_LAYOUTS))


def outer_product(input_type: ComponentType, result: MatrixType, operation: str) -> None:
    if recording():
        record(LinalgOperationUse(LinalgOperationKind.THREAD_OUTER_PRODUCT, UseScope.Thread, operation,
                                  input_type=_d3d12_type(input_type, operation),
                                  result_type=_d3d12_type(result.component, operation)))


def accumulate_store(component: ComponentType, scope: MatrixScope, groupshared: bool, operation: str) -> None:
    """An InterlockedAccumulate of `component` elements into a buffer or groupshared (ATOMIC_ACCUMULATE_STORE)."""
    if recording():
        place = AccumulateDestination.GROUPSHARED if groupshared else AccumulateDestination.BUFFER
        record(LinalgOperationUse(LinalgOperationKind.ATOMIC_ACCUMULATE_STORE, UseScope(int(scope)), operation,
                                  component_type=_d3d12_type(component, operation), accumulate_destination=place))


# -- which shaders are SM 6.10 ---------------------------------------------------------------------------------------
def _is_sm610_value(value: object) -> bool:
    if isinstance(value, types.ModuleType):
        return value.__name__.startswith(SM610_MODULES)
    module = getattr(value, "__module__", None) if isinstance(value, (type, types.FunctionType)) else \
        type(value).__module__
    return isinstance(module, str) and module.startswith(SM610_MODULES)


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _code_objects(constant)


def names_sm610(function: object, depth: int = 3) -> bool:
    """Whether `function` (or a Python function it calls by name, `depth` levels down) names the SM 6.10 API:
    the emulator's counterpart of compiling for a cs_6_10 target."""
    seen: set[int] = set()

    def visit(fn: object, level: int) -> bool:
        if not isinstance(fn, types.FunctionType) or id(fn) in seen or level < 0:
            return False
        seen.add(id(fn))
        cells = {name: cell.cell_contents for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ())
                 if _filled(cell)}
        for code in _code_objects(fn.__code__):
            for name in (*code.co_names, *code.co_freevars):
                value = cells[name] if name in cells else fn.__globals__.get(name)
                if value is None:
                    continue
                if _is_sm610_value(value) or visit(value, level - 1):
                    return True
        return False

    return visit(function, depth)


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


# -- the trace -----------------------------------------------------------------------------------------------------
@contextmanager
def recording_uses() -> Iterator[list[LinalgOperationUse]]:
    """Collect the uses the `dx::linalg` calls inside the block record."""
    found: list[LinalgOperationUse] = []
    token = _recording.set(found)
    try:
        yield found
    finally:
        _recording.reset(token)


def trace_linalg_operations(shader: ComputeShader, profile: DeviceProfile) -> tuple[LinalgOperationUse, ...]:
    """Run one thread group of `shader` on zeroed scratch buffers and zero root constants (permissive, serial) and
    return the uses its `dx::linalg` calls recorded, each once, in first-use order."""
    from dxlinalg.gpu.dispatch import run_dispatch
    bindings: dict[str, object] = {}
    for name, declaration in shader.bindings.items():
        if isinstance(declaration, RootConstants):
            bindings[name] = np.zeros(declaration.num_values, np.uint32)
        elif isinstance(declaration, (ByteAddressBuffer, RWByteAddressBuffer)):
            bindings[name] = np.zeros(TRACE_BUFFER_BYTES, np.uint8)
    with recording_uses() as found, np.errstate(all="ignore"):
        run_dispatch(shader, bindings, (1, 1, 1), profile, strict=False, jobs=1)
    threads = shader.threads_per_group
    unique: dict[LinalgOperationUse, None] = {}
    for use in found:
        if use.kind == LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY:
            use = dataclasses.replace(use, thread_group_size=threads)
        unique.setdefault(use, None)
    return tuple(unique)


def linalg_operations_of(shader: ComputeShader, profile: DeviceProfile) -> object:
    """The shader's operation list: the hand-written `linalg_operations` when it has one (as given: the caller
    checks it), else the trace's for an SM 6.10 shader (once per profile, kept on the shader), else none."""
    declared = getattr(shader, "linalg_operations", None)
    if declared is not None:
        return declared
    if not names_sm610(shader.function):
        return ()
    traces: dict[str, tuple[LinalgOperationUse, ...]] = shader.__dict__.setdefault("_linalg_traces", {})
    if profile.name not in traces:
        traces[profile.name] = trace_linalg_operations(shader, profile)
    return traces[profile.name]


__all__ = ["linalg_operations_of", "names_sm610", "record", "recording", "recording_uses",
           "trace_linalg_operations"]
