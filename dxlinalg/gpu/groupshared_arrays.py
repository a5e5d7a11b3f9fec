"""HLSL `groupshared` arrays in Python shaders, with element access and the Interlocked* atomics.

    @compute_shader(numthreads=(256, 1, 1))
    def reduce(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"),
               partial=groupshared(float32_t, 256)):      # groupshared float partial[256];
        i = SV_GroupIndex()
        partial[i] = src.Load[float32_t](SV_DispatchThreadID()[:, 0] * 4)
        GroupMemoryBarrierWithGroupSync()
        ...

A declaration is a shader parameter default, like a binding; the dispatch gives the shader a
`GroupSharedArray` over its group's memory. `a[i]` loads and `a[i] = v` stores, with `i` uniform or
one index per lane (`a[y, x]` for `groupshared T a[H][W]`); the element is a scalar or a vector type.
Atomics take a reference, `InterlockedAdd(a.at[i], v)`, and return the original value (HLSL's
`out original`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import require_context
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.serial_atomics import AtomicOp
from dxlinalg.gpu.typed_view import TypedView
from dxlinalg.gpu.types import HlslType, ScalarType, VectorType


@dataclass(frozen=True)
class GroupSharedDeclaration:
    """`groupshared T name[d0][d1]...`: what a shader parameter default declares."""

    element: HlslType
    shape: tuple[int, ...]

    @property
    def scalar(self) -> ScalarType:
        return self.element if isinstance(self.element, ScalarType) else self.element.scalar

    @property
    def size_bytes(self) -> int:
        return self.element.size * math.prod(self.shape)


def groupshared(element: HlslType, shape: int | tuple[int, ...]) -> GroupSharedDeclaration:
    """`groupshared T a[N]` is `a=groupshared(T, N)`; `groupshared T a[H][W]` is `groupshared(T, (H, W))`."""
    if not isinstance(element, (ScalarType, VectorType)) or element.dtype == np.bool_:
        raise InvalidArgumentError(
            f"groupshared element type {element!r} must be an HLSL numeric scalar or vector type "
            f"(float16_t, float32_t, int32_t, uint4, vector[float16_t, 8], ...)")
    dims = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    if not dims or any(isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1 for n in dims):
        raise InvalidArgumentError(
            f"groupshared array shape {shape!r} must be one or more positive sizes (a single variable is "
            f"an array of 1)")
    return GroupSharedDeclaration(element, tuple(int(n) for n in dims))


def layout_groupshared(declarations: dict[str, GroupSharedDeclaration]) -> tuple[dict[str, int], int]:
    """Byte offset of each declaration (in order, each aligned to its scalar size) and the total size."""
    offsets: dict[str, int] = {}
    end = 0
    for name, declaration in declarations.items():
        align = declaration.scalar.size
        offsets[name] = -(-end // align) * align
        end = offsets[name] + declaration.size_bytes
    return offsets, end


class GroupSharedArray:
    """What a `groupshared` declaration is inside the shader: typed, per-lane element access."""

    def __init__(self, memory: GroupSharedMemory, declaration: GroupSharedDeclaration, offset: int,
                 name: str) -> None:
        self.declaration = declaration
        self.name = name
        components = declaration.element.length or 1
        self.view = TypedView(memory, declaration.scalar.dtype, declaration.shape, base=offset,
                              components=components, name=name)
        memory.name_region(name, offset, declaration.size_bytes)

    def __repr__(self) -> str:
        dims = "".join(f"[{n}]" for n in self.declaration.shape)
        return f"<groupshared {self.declaration.element.name} {self.name}{dims}>"

    @property
    def shape(self) -> tuple[int, ...]:
        return self.declaration.shape

    def __len__(self) -> int:
        return self.declaration.shape[0]

    def __getitem__(self, index: object) -> np.ndarray:
        values = self.view.load(index, what=f"{self.name}[...] load")
        return values[:, 0] if isinstance(self.declaration.element, ScalarType) else values

    def __setitem__(self, index: object, value: object) -> None:
        what = f"{self.name}[...] store"
        ctx = require_context(what)
        converted = np.asarray(self.declaration.element(value))      # HLSL converts on assignment
        components = self.view.components
        if isinstance(self.declaration.element, ScalarType):
            converted = converted.reshape(-1, 1) if converted.ndim == 1 else converted
        if converted.ndim <= 1:
            converted = np.broadcast_to(converted.reshape(1, -1), (ctx.lanes, components))
        if converted.shape != (ctx.lanes, components):
            raise InvalidArgumentError(
                f"{what}: a value of shape {np.shape(value)} does not fit {self.declaration.element.name} "
                f"elements; give one per lane or a uniform value")
        self.view.store(index, converted, what=what)

    @property
    def at(self) -> "_References":
        """`a.at[i]`: a reference to element i, for the Interlocked* functions."""
        return _References(self)


@dataclass(frozen=True)
class GroupSharedRef:
    """A reference to one element per lane (HLSL passes `a[i]` to Interlocked* by reference)."""

    array: GroupSharedArray
    index: object


@dataclass(frozen=True)
class _References:
    array: GroupSharedArray

    def __getitem__(self, index: object) -> GroupSharedRef:
        return GroupSharedRef(self.array, index)


def _interlocked(name: str, op: AtomicOp, dest: object, value: object, comparand: object = None, *,
                 floats: bool = False) -> np.ndarray:
    if not isinstance(dest, GroupSharedRef):
        raise InvalidArgumentError(
            f"{name}: dest must be a groupshared element reference such as `counts.at[i]`, got "
            f"{type(dest).__name__}")
    element = dest.array.declaration.element
    kind = element.dtype.kind
    if not isinstance(element, ScalarType) or element.size not in (4, 8) or (kind == "f") != floats:
        want = "a float (the *FloatBitwise forms)" if floats else "a 32- or 64-bit int or uint"
        raise InvalidArgumentError(f"{name}: dest {dest.array.name!r} holds {element.name}; {name} takes {want}")
    converted = element(value)
    compare = None if comparand is None else element(comparand)
    return dest.array.view.atomic(op, dest.index, converted, compare, what=name)


def InterlockedAdd(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802 (HLSL names)
    """`InterlockedAdd(dest, value, original)`: returns `original`. Integer adds wrap."""
    return _interlocked("InterlockedAdd", AtomicOp.ADD, dest, value)


def InterlockedMin(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    """Signed or unsigned by the destination's type."""
    return _interlocked("InterlockedMin", AtomicOp.MIN, dest, value)


def InterlockedMax(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    return _interlocked("InterlockedMax", AtomicOp.MAX, dest, value)


def InterlockedAnd(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    return _interlocked("InterlockedAnd", AtomicOp.AND, dest, value)


def InterlockedOr(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    return _interlocked("InterlockedOr", AtomicOp.OR, dest, value)


def InterlockedXor(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    return _interlocked("InterlockedXor", AtomicOp.XOR, dest, value)


def InterlockedExchange(dest: GroupSharedRef, value: object) -> np.ndarray:  # noqa: N802
    """Integer or float destination (SM 6.6 allows float exchange)."""
    element = dest.array.declaration.element if isinstance(dest, GroupSharedRef) else None
    floats = element is not None and element.dtype.kind == "f"
    return _interlocked("InterlockedExchange", AtomicOp.EXCHANGE, dest, value, floats=floats)


def InterlockedCompareExchange(dest: GroupSharedRef, compare_value: object, value: object) -> np.ndarray:  # noqa: N802
    """Stores `value` where the element equals `compare_value`; returns the original."""
    return _interlocked("InterlockedCompareExchange", AtomicOp.COMPARE_EXCHANGE, dest, value, compare_value)


def InterlockedCompareStore(dest: GroupSharedRef, compare_value: object, value: object) -> None:  # noqa: N802
    """InterlockedCompareExchange without the original value."""
    _interlocked("InterlockedCompareStore", AtomicOp.COMPARE_EXCHANGE, dest, value, compare_value)


def InterlockedCompareExchangeFloatBitwise(dest: GroupSharedRef, compare_value: object,  # noqa: N802
                                           value: object) -> np.ndarray:
    """Float compare-exchange on bit patterns (so -0 != +0 and a NaN can match itself)."""
    return _interlocked("InterlockedCompareExchangeFloatBitwise", AtomicOp.COMPARE_EXCHANGE, dest, value,
                        compare_value, floats=True)


def InterlockedCompareStoreFloatBitwise(dest: GroupSharedRef, compare_value: object,  # noqa: N802
                                        value: object) -> None:
    _interlocked("InterlockedCompareStoreFloatBitwise", AtomicOp.COMPARE_EXCHANGE, dest, value, compare_value,
                 floats=True)
