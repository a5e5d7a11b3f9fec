"""VkSpecializationInfo to the values of a module's specialization constants.

Each map entry copies `size` bytes at `offset` of pData into the constant `constantID`, read as the constant's
own type (little-endian; a boolean is a VkBool32, non-zero meaning true). An entry for a SpecId the module
does not declare is ignored, as Vulkan allows. A size that differs from the constant's (VUID-...-00776) is
copied as a driver's memcpy into the zeroed constant would: truncated, or zero-extended. Of two entries with
one constantID (-04911) the later wins.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.program import Program
from dxlinalg.spirv.types import BoolType, FloatType, IntType, SpvType
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import UINT32_MAX, c_integer, struct_argument
from dxlinalg.vulkan.compute_structs import (
    VkSpecializationInfo,
    VkSpecializationMapEntry,
)
from dxlinalg.vulkan.pointers import array_pointer, host_bytes
from dxlinalg.vulkan.validation import ValidationLayer, Violation

VK_BOOL32_SIZE = 4


def constant_types(program: Program) -> dict[int, SpvType]:
    """SpecId -> the scalar type of its specialization constant."""
    spec = program.spec
    return {spec_id: spec.value_types[result] for spec_id, result in spec.spec_ids.items()}


def _byte_size(spv_type: SpvType) -> int:
    if isinstance(spv_type, (IntType, FloatType)):
        return spv_type.width // 8
    return VK_BOOL32_SIZE


def _value(spv_type: SpvType, raw: bytes) -> Any:
    """The constant's value from its bytes (already truncated or zero-extended to its size)."""
    if isinstance(spv_type, BoolType):
        return int.from_bytes(raw, "little") != 0
    if isinstance(spv_type, IntType):
        return int.from_bytes(raw, "little", signed=spv_type.signed)
    return np.frombuffer(raw, dtype=spv_type.dtype.newbyteorder("<"))[0]  # type: ignore[attr-defined]


def specialization_values(layer: ValidationLayer, call: str, field: str, info: Any,
                          types: dict[int, SpvType]) -> dict[int, Any]:
    """SpecId -> value for the constants `info` sets (`info` None: none)."""
    if info is None:
        return {}
    info = struct_argument(layer, call, field, info, VkSpecializationInfo)
    count = c_integer(info.mapEntryCount, f"{call}: {field}->mapEntryCount", UINT32_MAX, "uint32_t")
    size = c_integer(info.dataSize, f"{call}: {field}->dataSize", 0xFFFFFFFFFFFFFFFF, "size_t")
    try:
        entries = array_pointer(info.pMapEntries, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.SPEC_ENTRIES, call, f"{field}->pMapEntries {problem}"))
    try:
        data = host_bytes(info.pData, writable=False)
    except TypeError as problem:
        layer.unsafe(Violation(vu.SPEC_DATA, call, f"{field}->pData {problem}"))
    if size and (data is None or data.size < size):
        layer.unsafe(Violation(vu.SPEC_DATA, call, f"{field}->pData holds {0 if data is None else data.size} bytes, "
                                                   f"fewer than dataSize = {size}"))
    values: dict[int, Any] = {}
    seen: set[int] = set()
    for index, entry in enumerate(entries):
        where = f"{field}->pMapEntries[{index}]"
        entry = struct_argument(layer, call, where, entry, VkSpecializationMapEntry)
        constant = c_integer(entry.constantID, f"{call}: {where}.constantID", UINT32_MAX, "uint32_t")
        offset = c_integer(entry.offset, f"{call}: {where}.offset", UINT32_MAX, "uint32_t")
        length = c_integer(entry.size, f"{call}: {where}.size", 0xFFFFFFFFFFFFFFFF, "size_t")
        if offset >= size:
            layer.unsafe(Violation(vu.SPEC_OFFSET, call, f"{where}.offset = {offset}, dataSize = {size}"))
        if length > size - offset:
            layer.unsafe(Violation(vu.SPEC_SIZE, call, f"{where}.size = {length} runs past dataSize = {size} from "
                                                       f"offset {offset}"))
        if constant in seen:
            layer.report(Violation(vu.SPEC_ID_UNIQUE, call, f"{where}.constantID = {constant} appears in an earlier "
                                                            f"entry too (the later one is used)"))
        seen.add(constant)
        spv_type = types.get(constant)
        if spv_type is None:
            continue
        width = _byte_size(spv_type)
        if length != width:
            layer.report(Violation(vu.SPEC_ENTRY_SIZE, call, f"{where}.size = {length}, but SpecId {constant} is a "
                                                             f"{spv_type.describe()} of {width} bytes"))
        assert data is not None
        raw = data[offset: offset + min(length, width)].tobytes()
        values[constant] = _value(spv_type, raw + bytes(width - len(raw)))
    return values
