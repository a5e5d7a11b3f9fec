"""The MLIR types of a Python nvgpu op's arguments, and MLIR's verifier run on them once per signature.

The Python ops take numpy arrays and typed views where MLIR has SSA values, so their types follow from the
arguments (docs/nvgpu-verifier.md, "The Python operations"):
- a per-lane array shaped (lanes, *shape) of dtype d is `vector<shape x d>` (`element_type_of(d)`); a (lanes,)
  array, a numpy scalar or a Python number is a scalar: its element type, `index` for a Python int;
- per-lane integers given as indices or element counts are `index`, as MLIR's indices are;
- a `TypedView` is `memref<shape x d, strided<strides, offset: offset>, 3>`: the layout is left out when it is
  row-major from offset 0, memory space 3 (shared) when it views groupshared memory, none (global) otherwise;
- an `AsyncToken` is `!nvgpu.device.async.token`; ldmatrix's result is what the op returns,
  `vector<numTiles x (32 / bits) x d>`, and mma's result is C's type, as MLIR's builders make them.
Attribute values become the attributes ODS declares (None: absent, so a required one is reported).

Each `verify_*_call` derives those types and calls the matching function of verifier.py, the one place the
rules live, so a Python op and the parsed op fail with the same message. Verification depends only on the
types and attribute values, not on the lane data, so it is cached per signature: after an op's first call
with a signature, a call costs a few tuple builds and one dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.typed_view import TypedView, row_major_strides
from dxlinalg.nvgpu import verifier
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    F64,
    I1,
    I16,
    INDEX,
    Attribute,
    IntegerMemorySpace,
    MemRefType,
    ScalarType,
    StridedLayout,
    Type,
    VectorType,
    element_type_of,
    python_value,
)

SHARED_MEMORY = IntegerMemorySpace(verifier.SHARED_MEMORY_ADDRESS_SPACE)
METADATA_DTYPES = (np.dtype(np.int16), np.dtype(np.uint16))   # both are views of MLIR's signless i16
CACHED_SIGNATURES = 4096

#: What a value's type depends on, hashable and cheap to build: ("array", dtype, per-lane shape),
#: ("scalar", ScalarType), ("memref", in shared memory, dtype, shape, strides, offset, components, name),
#: ("token",) or ("index",).
Signature = tuple


@cache
def _token_class() -> type:
    """AsyncToken, imported at first use: async_copy imports this module."""
    from dxlinalg.nvgpu.async_copy import AsyncToken

    return AsyncToken


def signature_of(value: object, argument: str, op: str) -> Signature:
    """The signature of a value passed as an operand (see the module docstring for the types)."""
    if isinstance(value, np.ndarray):
        return "array", value.dtype, value.shape[1:]
    if isinstance(value, np.generic):
        return "array", value.dtype, ()
    if isinstance(value, bool):
        return "scalar", I1
    if isinstance(value, int):
        return "scalar", INDEX
    if isinstance(value, float):
        return "scalar", F64
    if isinstance(value, TypedView):
        return ("memref", isinstance(value.memory, GroupSharedMemory), value.dtype, value.shape, value.strides,
                value.offset, value.components, value.name)
    if isinstance(value, _token_class()):
        return ("token",)
    if isinstance(value, (list, tuple)):
        return signature_of(np.asarray(value), argument, op)
    raise InvalidArgumentError(f"{op}: {argument} is a {type(value).__name__}, which has no MLIR type here; give "
                               f"per-lane numpy arrays, TypedViews (memrefs), ints (index) or AsyncTokens")


def index_signature(value: object, argument: str, op: str) -> Signature:
    """An index operand: per-lane integers (a (lanes,) array, a numpy or Python int) are `index`."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return ("index",)
    if isinstance(value, np.ndarray) and value.ndim <= 1 and value.dtype.kind in "iu":
        return ("index",)
    return signature_of(value, argument, op)


def type_of(signature: Signature, argument: str, op: str) -> Type:
    """The MLIR type of a signature."""
    kind = signature[0]
    if kind == "index":
        return INDEX
    if kind == "scalar":
        return signature[1]
    if kind == "token":
        return DEVICE_ASYNC_TOKEN
    if kind == "array":
        _, dtype, shape = signature
        element = _element(dtype, argument, op)
        return VectorType(shape, element) if shape else element
    return _memref_type(signature, argument, op)


def _element(dtype: np.dtype, argument: str, op: str) -> ScalarType:
    try:
        return element_type_of(dtype)
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"{op}: {argument} has dtype {dtype}, which has no MLIR element type here "
                                   f"({error})") from None


def _memref_type(signature: Signature, argument: str, op: str) -> MemRefType:
    _, shared, dtype, shape, strides, offset, components, name = signature
    if components != 1:
        raise InvalidArgumentError(f"{op}: {argument} {name!r} has elements of {components} {dtype} components; "
                                   f"an nvgpu memref here has scalar elements")
    if dtype.itemsize * 8 != _element(dtype, argument, op).bit_width:
        raise InvalidArgumentError(f"{op}: {argument} {name!r} holds {dtype} one per byte, where an MLIR memref "
                                   f"packs them; view the bytes as int8 or uint8")
    row_major = strides == row_major_strides(shape) and offset == 0
    layout = None if row_major else StridedLayout(strides, offset)
    return MemRefType(shape, _element(dtype, argument, op), layout, SHARED_MEMORY if shared else None)


# -- attribute values -------------------------------------------------------------------------------------


def _integer(value: object, argument: str, op: str) -> int | None:
    value = _plain(value)
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError(f"{op}: {argument} must be an integer, got {value!r}")
    return int(value)


def _flag(value: object, argument: str, op: str) -> bool | None:
    value = _plain(value)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    raise InvalidArgumentError(f"{op}: {argument} must be a bool, got {value!r}")


def _plain(value: object) -> object:
    """An attribute from `dxlinalg.nvgpu.parse` (ArrayAttr, IntegerAttr, UnitAttr) as its Python value."""
    return python_value(value) if isinstance(value, Attribute) else value


def _shape(value: object, op: str) -> tuple[int, ...] | None:
    value = _plain(value)
    if value is None:
        return None
    if type(value) in (list, tuple) and all(type(item) is int for item in value):  # type: ignore[union-attr]
        return tuple(value)  # type: ignore[arg-type]
    if isinstance(value, (Sequence, np.ndarray)) and not isinstance(value, str) and all(
            isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_)) for item in value):
        return tuple(int(item) for item in value)
    raise InvalidArgumentError(f"{op}: mmaShape must be a sequence of integers [m, n, k], got {value!r}")


def _index_list(indices: object, argument: str, op: str) -> tuple[Signature, ...]:
    """Indices as the Python ops take them: a tuple, one per dimension, or a single index."""
    parts = indices if isinstance(indices, tuple) else (indices,)
    return tuple(index_signature(part, f"{argument}[{position}]", op) for position, part in enumerate(parts))


def _types(signatures: tuple[Signature, ...], argument: str, op: str) -> list[Type]:
    return [type_of(signature, f"{argument}[{position}]", op) for position, signature in enumerate(signatures)]


# -- the six operations ---------------------------------------------------------------------------------


def verify_mma_sync_call(matrixA: object, matrixB: object, matrixC: object, mmaShape: object,
                         tf32Enabled: object) -> None:
    """MLIR's verifier on a Python `mma_sync` call's types and attributes."""
    op = verifier.MMA_SYNC
    _mma_sync(signature_of(matrixA, "matrixA", op), signature_of(matrixB, "matrixB", op),
              signature_of(matrixC, "matrixC", op), _shape(mmaShape, op), _flag(tf32Enabled, "tf32Enabled", op))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _mma_sync(a: Signature, b: Signature, c: Signature, shape: tuple[int, ...] | None, tf32: bool | None) -> None:
    op = verifier.MMA_SYNC
    verifier.verify_mma_sync(type_of(a, "matrixA", op), type_of(b, "matrixB", op), type_of(c, "matrixC", op),
                             shape, tf32)


def verify_mma_sp_sync_call(matrixA: object, matrixB: object, matrixC: object,
                            sparseMetadata: object, mmaShape: object, sparsitySelector: object,
                            tf32Enabled: object) -> None:
    """MLIR's verifier on a Python `mma_sp_sync` call, with PTX's selectors 2 and 3 let through."""
    op = verifier.MMA_SP_SYNC
    _mma_sp_sync(signature_of(matrixA, "matrixA", op), signature_of(matrixB, "matrixB", op),
                 signature_of(matrixC, "matrixC", op), signature_of(sparseMetadata, "sparseMetadata", op),
                 _shape(mmaShape, op), _integer(sparsitySelector, "sparsitySelector", op),
                 _flag(tf32Enabled, "tf32Enabled", op))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _mma_sp_sync(a: Signature, b: Signature, c: Signature, metadata: Signature, shape: tuple[int, ...] | None,
                 selector: int | None, tf32: bool | None) -> None:
    op = verifier.MMA_SP_SYNC
    verifier.verify_mma_sp_sync(type_of(a, "matrixA", op), type_of(b, "matrixB", op), type_of(c, "matrixC", op),
                                shape, selector, tf32, sparse_metadata=_metadata_type(metadata, op),
                                ptx_selectors=True)


def _metadata_type(signature: Signature, op: str) -> Type:
    """vector<2xi16> from int16 or uint16 lanes (the metadata is a bit pattern: numpy's sign is no MLIR type)."""
    if signature[0] == "array" and signature[1] in METADATA_DTYPES:
        return VectorType(signature[2], I16) if signature[2] else I16
    return type_of(signature, "sparseMetadata", op)


def verify_ldmatrix_call(srcMemref: object, indices: object, transpose: object, numTiles: object) -> None:
    """MLIR's verifier on a Python `ldmatrix` call; the result type is the one the op returns."""
    op = verifier.LDMATRIX
    _ldmatrix(signature_of(srcMemref, "srcMemref", op), _index_list(indices, "indices", op),
              _flag(transpose, "transpose", op), _integer(numTiles, "numTiles", op))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _ldmatrix(memref: Signature, indices: tuple[Signature, ...], transpose: bool | None,
              tiles: int | None) -> None:
    op = verifier.LDMATRIX
    source = type_of(memref, "srcMemref", op)
    verifier.verify_ldmatrix(source, _ldmatrix_result(source, tiles, op), transpose, tiles,
                             indices=_types(indices, "indices", op))


def _ldmatrix_result(source: Type, tiles: int | None, op: str) -> Type:
    """vector<numTiles x (32 / bits) x element>, the op's result (for a source that is no memref, any vector:
    the verifier reports the operand first)."""
    element = source.element if isinstance(source, MemRefType) else I1
    bits = element.bit_width or 32
    if tiles is not None and tiles < 1:
        raise InvalidArgumentError(f"{op}: numTiles = {tiles}; the result vector<numTiles x {max(32 // bits, 1)} x "
                                   f"{element}> needs numTiles >= 1")
    return VectorType((tiles or 1, max(32 // bits, 1)), element)


def verify_device_async_copy_call(dst: object, dstIndices: object, src: object, srcIndices: object,
                                  dstElements: object, srcElements: object, bypassL1: object) -> None:
    """MLIR's verifier on a Python `device_async_copy` call."""
    op = verifier.DEVICE_ASYNC_COPY
    source_elements = None if srcElements is None else index_signature(srcElements, "srcElements", op)
    _device_async_copy(signature_of(dst, "dst", op), _index_list(dstIndices, "dstIndices", op),
                       signature_of(src, "src", op), _index_list(srcIndices, "srcIndices", op),
                       _integer(dstElements, "dstElements", op), source_elements, _flag(bypassL1, "bypassL1", op))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _device_async_copy(dst: Signature, dst_indices: tuple[Signature, ...], src: Signature,
                       src_indices: tuple[Signature, ...], dst_elements: int | None, src_elements: Signature | None,
                       bypass_l1: bool | None) -> None:
    op = verifier.DEVICE_ASYNC_COPY
    verifier.verify_device_async_copy(
        type_of(dst, "dst", op), _types(dst_indices, "dstIndices", op), type_of(src, "src", op),
        _types(src_indices, "srcIndices", op), dst_elements,
        None if src_elements is None else type_of(src_elements, "srcElements", op), bypass_l1)


def verify_device_async_create_group_call(inputTokens: object) -> None:
    """MLIR's verifier on a Python `device_async_create_group` call (one token or a list of them)."""
    op = verifier.DEVICE_ASYNC_CREATE_GROUP
    tokens = list(inputTokens) if isinstance(inputTokens, (list, tuple)) else [inputTokens]
    _device_async_create_group(tuple(signature_of(token, f"inputTokens[{position}]", op)
                                     for position, token in enumerate(tokens)))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _device_async_create_group(tokens: tuple[Signature, ...]) -> None:
    op = verifier.DEVICE_ASYNC_CREATE_GROUP
    verifier.verify_device_async_create_group(_types(tokens, "inputTokens", op))


def verify_device_async_wait_call(asyncDependencies: object, numGroups: object) -> None:
    """MLIR's verifier on a Python `device_async_wait` call (None: the form without a token)."""
    op = verifier.DEVICE_ASYNC_WAIT
    dependency = None if asyncDependencies is None else signature_of(asyncDependencies, "asyncDependencies", op)
    _device_async_wait(dependency, _integer(numGroups, "numGroups", op))


@lru_cache(maxsize=CACHED_SIGNATURES)
def _device_async_wait(dependency: Signature | None, groups: int | None) -> None:
    op = verifier.DEVICE_ASYNC_WAIT
    verifier.verify_device_async_wait(None if dependency is None else type_of(dependency, "asyncDependencies", op),
                                      groups)


CACHES = (_mma_sync, _mma_sp_sync, _ldmatrix, _device_async_copy, _device_async_create_group, _device_async_wait)
