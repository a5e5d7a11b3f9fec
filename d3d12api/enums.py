"""D3D12 enums, as IntEnum / IntFlag classes plus every member as a module constant.

Members have short names (`D3D12_HEAP_TYPE.UPLOAD`); the module constants have the C names
(`D3D12_HEAP_TYPE_UPLOAD`), written by `export_constants` from each class and its C prefix, so C++ code
ports line by line. Values are the d3d12.h ones; the linear-algebra ones follow the seed
(= DXIL ComponentType), not the shipped preview header (see `preview_header` and
docs/preview-header-differences.md).
"""

from __future__ import annotations

import operator
from enum import IntEnum, IntFlag
from typing import TypeVar

from d3d12api.hresult import HRESULT


class D3D_FEATURE_LEVEL(IntEnum):
    LEVEL_1_0_GENERIC = 0x100
    LEVEL_1_0_CORE = 0x1000
    LEVEL_9_1 = 0x9100
    LEVEL_9_2 = 0x9200
    LEVEL_9_3 = 0x9300
    LEVEL_10_0 = 0xA000
    LEVEL_10_1 = 0xA100
    LEVEL_11_0 = 0xB000
    LEVEL_11_1 = 0xB100
    LEVEL_12_0 = 0xC000
    LEVEL_12_1 = 0xC100
    LEVEL_12_2 = 0xC200


class D3D_SHADER_MODEL(IntEnum):
    SHADER_MODEL_5_1 = 0x51
    SHADER_MODEL_6_0 = 0x60
    SHADER_MODEL_6_1 = 0x61
    SHADER_MODEL_6_2 = 0x62
    SHADER_MODEL_6_3 = 0x63
    SHADER_MODEL_6_4 = 0x64
    SHADER_MODEL_6_5 = 0x65
    SHADER_MODEL_6_6 = 0x66
    SHADER_MODEL_6_7 = 0x67
    SHADER_MODEL_6_8 = 0x68
    SHADER_MODEL_6_9 = 0x69
    SHADER_MODEL_6_10 = 0x6A


class D3D12_FEATURE(IntEnum):
    """The CheckFeatureSupport features this emulator answers (others give E_INVALIDARG).

    9 and 11 are the SM 6.9 runtime's (preview headers 717-719), 77 and 78 the SM 6.10 runtime's
    (preview 1.721.1, whose idl doubles the prefix of 78; DXC's test copy and the runtime spec spell it
    without, both kept as aliases); a device answers its own runtime's (docs/sm610-d3d12.md)."""

    SHADER_MODEL = 7
    D3D12_OPTIONS_EXPERIMENTAL = 9
    COOPERATIVE_VECTOR = 11
    LINEAR_ALGEBRA_SUPPORT = 77
    LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT = 78
    LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT = 78
    MATRIX_OPERATION_SUPPORT = 78


class D3D12_COOPERATIVE_VECTOR_TIER(IntEnum):
    TIER_NOT_SUPPORTED = 0x00
    TIER_1_0 = 0x10
    TIER_1_1 = 0x11


class D3D12_LINEAR_ALGEBRA_DATATYPE(IntEnum):
    """Seed values (= DXIL ComponentType); FLOAT_E4M3/FLOAT_E5M2 are the shipped header's names."""

    SINT16 = 2
    UINT16 = 3
    SINT32 = 4
    UINT32 = 5
    FLOAT16 = 8
    FLOAT32 = 9
    SINT8_T4_PACKED = 17
    UINT8_T4_PACKED = 18
    UINT8 = 19
    SINT8 = 20
    E4M3 = 21
    E5M2 = 22
    FLOAT_E4M3 = 21
    FLOAT_E5M2 = 22


class D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(IntEnum):
    ROW_MAJOR = 0
    COLUMN_MAJOR = 1
    MUL_OPTIMAL = 2
    OUTER_PRODUCT_OPTIMAL = 3


class D3D12_HEAP_TYPE(IntEnum):
    DEFAULT = 1
    UPLOAD = 2
    READBACK = 3
    CUSTOM = 4
    GPU_UPLOAD = 5


class D3D12_CPU_PAGE_PROPERTY(IntEnum):
    UNKNOWN = 0
    NOT_AVAILABLE = 1
    WRITE_COMBINE = 2
    WRITE_BACK = 3


class D3D12_MEMORY_POOL(IntEnum):
    UNKNOWN = 0
    L0 = 1
    L1 = 2


class D3D12_HEAP_FLAGS(IntFlag):
    NONE = 0
    SHARED = 0x1
    DENY_BUFFERS = 0x4
    ALLOW_DISPLAY = 0x8
    SHARED_CROSS_ADAPTER = 0x20
    DENY_RT_DS_TEXTURES = 0x40
    DENY_NON_RT_DS_TEXTURES = 0x80
    HARDWARE_PROTECTED = 0x100
    ALLOW_WRITE_WATCH = 0x200
    ALLOW_SHADER_ATOMICS = 0x400
    CREATE_NOT_RESIDENT = 0x800
    CREATE_NOT_ZEROED = 0x1000
    ALLOW_ALL_BUFFERS_AND_TEXTURES = 0
    ALLOW_ONLY_BUFFERS = 0xC0
    ALLOW_ONLY_NON_RT_DS_TEXTURES = 0x44
    ALLOW_ONLY_RT_DS_TEXTURES = 0x84


class D3D12_RESOURCE_DIMENSION(IntEnum):
    UNKNOWN = 0
    BUFFER = 1
    TEXTURE1D = 2
    TEXTURE2D = 3
    TEXTURE3D = 4


class D3D12_TEXTURE_LAYOUT(IntEnum):
    UNKNOWN = 0
    ROW_MAJOR = 1
    _64KB_UNDEFINED_SWIZZLE = 2
    _64KB_STANDARD_SWIZZLE = 3


class D3D12_RESOURCE_FLAGS(IntFlag):
    NONE = 0
    ALLOW_RENDER_TARGET = 0x1
    ALLOW_DEPTH_STENCIL = 0x2
    ALLOW_UNORDERED_ACCESS = 0x4
    DENY_SHADER_RESOURCE = 0x8
    ALLOW_CROSS_ADAPTER = 0x10
    ALLOW_SIMULTANEOUS_ACCESS = 0x20
    VIDEO_DECODE_REFERENCE_ONLY = 0x40
    VIDEO_ENCODE_REFERENCE_ONLY = 0x80
    RAYTRACING_ACCELERATION_STRUCTURE = 0x100


class D3D12_RESOURCE_STATES(IntFlag):
    COMMON = 0
    VERTEX_AND_CONSTANT_BUFFER = 0x1
    INDEX_BUFFER = 0x2
    RENDER_TARGET = 0x4
    UNORDERED_ACCESS = 0x8
    DEPTH_WRITE = 0x10
    DEPTH_READ = 0x20
    NON_PIXEL_SHADER_RESOURCE = 0x40
    PIXEL_SHADER_RESOURCE = 0x80
    STREAM_OUT = 0x100
    INDIRECT_ARGUMENT = 0x200
    COPY_DEST = 0x400
    COPY_SOURCE = 0x800
    RESOLVE_DEST = 0x1000
    RESOLVE_SOURCE = 0x2000
    RAYTRACING_ACCELERATION_STRUCTURE = 0x400000
    SHADING_RATE_SOURCE = 0x1000000
    GENERIC_READ = 0xAC3
    ALL_SHADER_RESOURCE = 0xC0
    PRESENT = 0
    PREDICATION = 0x200


class DXGI_FORMAT(IntEnum):
    """Buffers use UNKNOWN; the few others exist so texture descriptions can be written (E_NOTIMPL)."""

    UNKNOWN = 0
    R32G32B32A32_FLOAT = 2
    R16G16B16A16_FLOAT = 10
    R8G8B8A8_UNORM = 28
    R32_FLOAT = 41
    R16_FLOAT = 54


class D3D12_COMMAND_LIST_TYPE(IntEnum):
    NONE = -1
    DIRECT = 0
    BUNDLE = 1
    COMPUTE = 2
    COPY = 3
    VIDEO_DECODE = 4
    VIDEO_PROCESS = 5
    VIDEO_ENCODE = 6


class D3D12_COMMAND_LIST_FLAGS(IntFlag):
    NONE = 0


class D3D12_COMMAND_QUEUE_FLAGS(IntFlag):
    NONE = 0
    DISABLE_GPU_TIMEOUT = 0x1


class D3D12_COMMAND_QUEUE_PRIORITY(IntEnum):
    NORMAL = 0
    HIGH = 100
    GLOBAL_REALTIME = 10000


class D3D12_FENCE_FLAGS(IntFlag):
    NONE = 0
    SHARED = 0x1
    SHARED_CROSS_ADAPTER = 0x2
    NON_MONITORED = 0x4


class D3D12_RESOURCE_BARRIER_TYPE(IntEnum):
    TRANSITION = 0
    ALIASING = 1
    UAV = 2


class D3D12_RESOURCE_BARRIER_FLAGS(IntFlag):
    NONE = 0
    BEGIN_ONLY = 0x1
    END_ONLY = 0x2


D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES = 0xFFFFFFFF
D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT = 65536
#: The alignment ConvertLinearAlgebraMatrix needs of DestVA, and the granule of DestSize/DestStride.
D3D12_LINEAR_ALGEBRA_MATRIX_DEST_VA_ALIGNMENT = 128
D3D12_LINEAR_ALGEBRA_MATRIX_SIZE_GRANULE = 16

E = TypeVar("E", bound=IntEnum | IntFlag)


def enum_member(enum_class: type[E], value: object) -> E | None:
    """`value` as a member of `enum_class` (flags: a combination of its bits), or None. Only integers
    (ints, numpy integers) are members: 8.0 is not UNORDERED_ACCESS."""
    try:
        number = operator.index(value)  # type: ignore[arg-type]
        member = enum_class(number)
    except (TypeError, ValueError):
        return None
    if issubclass(enum_class, IntFlag):
        known = 0
        for flag in enum_class.__members__.values():
            known |= int(flag)
        if number & ~known:
            return None
    return member


#: (class, C prefix of its constants); a member's constant is prefix + member name.
EXPORTED_ENUMS: tuple[tuple[type, str], ...] = (
    (HRESULT, ""),
    (D3D_FEATURE_LEVEL, "D3D_FEATURE_"),
    (D3D_SHADER_MODEL, "D3D_"),
    (D3D12_FEATURE, "D3D12_FEATURE_"),
    (D3D12_COOPERATIVE_VECTOR_TIER, "D3D12_COOPERATIVE_VECTOR_"),
    (D3D12_LINEAR_ALGEBRA_DATATYPE, "D3D12_LINEAR_ALGEBRA_DATATYPE_"),
    (D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT, "D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_"),
    (D3D12_HEAP_TYPE, "D3D12_HEAP_TYPE_"),
    (D3D12_CPU_PAGE_PROPERTY, "D3D12_CPU_PAGE_PROPERTY_"),
    (D3D12_MEMORY_POOL, "D3D12_MEMORY_POOL_"),
    (D3D12_HEAP_FLAGS, "D3D12_HEAP_FLAG_"),
    (D3D12_RESOURCE_DIMENSION, "D3D12_RESOURCE_DIMENSION_"),
    (D3D12_TEXTURE_LAYOUT, "D3D12_TEXTURE_LAYOUT_"),
    (D3D12_RESOURCE_FLAGS, "D3D12_RESOURCE_FLAG_"),
    (D3D12_RESOURCE_STATES, "D3D12_RESOURCE_STATE_"),
    (DXGI_FORMAT, "DXGI_FORMAT_"),
    (D3D12_COMMAND_LIST_TYPE, "D3D12_COMMAND_LIST_TYPE_"),
    (D3D12_COMMAND_LIST_FLAGS, "D3D12_COMMAND_LIST_FLAG_"),
    (D3D12_COMMAND_QUEUE_FLAGS, "D3D12_COMMAND_QUEUE_FLAG_"),
    (D3D12_COMMAND_QUEUE_PRIORITY, "D3D12_COMMAND_QUEUE_PRIORITY_"),
    (D3D12_FENCE_FLAGS, "D3D12_FENCE_FLAG_"),
    (D3D12_RESOURCE_BARRIER_TYPE, "D3D12_RESOURCE_BARRIER_TYPE_"),
    (D3D12_RESOURCE_BARRIER_FLAGS, "D3D12_RESOURCE_BARRIER_FLAG_"),
)


def export_constants(namespace: dict[str, object], table: tuple[tuple[type, str], ...]) -> list[str]:
    """Write every member of each (class, C prefix) into `namespace` under its C name; return the names."""
    names = []
    for enum_class, prefix in table:
        for name, member in enum_class.__members__.items():  # type: ignore[attr-defined]  (aliases included)
            constant = prefix + name.lstrip("_")  # _64KB_... members: no leading digit in Python
            namespace[constant] = member
            names.append(constant)
    return names


ENUM_CONSTANTS: list[str] = export_constants(globals(), EXPORTED_ENUMS)

__all__ = [enum_class.__name__ for enum_class, _ in EXPORTED_ENUMS] + ENUM_CONSTANTS + [
    "D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES",
    "D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT",
    "D3D12_LINEAR_ALGEBRA_MATRIX_DEST_VA_ALIGNMENT",
    "D3D12_LINEAR_ALGEBRA_MATRIX_SIZE_GRANULE",
]
