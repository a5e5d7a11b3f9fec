"""The D3D12 enums, constants and structs of compute work: root signatures and compute pipelines.

Names, values and field orders are d3d12.h's (see `enums` and `structs` for the conventions:
short enum members, C-named module constants, pydantic structs with aggregate initialisation).
One emulator reading: `D3D12_SHADER_BYTECODE.pShaderBytecode` holds the Python shader object
(a `dxlinalg.gpu.ComputeShader` made with `@compute_shader`), not DXIL bytes; `BytecodeLength`
is ignored.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from typing import Any, ClassVar

from pydantic import Field

from d3d12api.enums import export_constants
from d3d12api.structs import UINT, D3D12Struct
from dxlinalg.c_struct import enum_field


class D3D12_ROOT_PARAMETER_TYPE(IntEnum):
    DESCRIPTOR_TABLE = 0
    _32BIT_CONSTANTS = 1  # D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS (no leading digit in Python)
    CBV = 2
    SRV = 3
    UAV = 4


class D3D12_SHADER_VISIBILITY(IntEnum):
    ALL = 0
    VERTEX = 1
    HULL = 2
    DOMAIN = 3
    GEOMETRY = 4
    PIXEL = 5
    AMPLIFICATION = 6
    MESH = 7


class D3D12_ROOT_SIGNATURE_FLAGS(IntFlag):
    NONE = 0
    ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT = 0x1
    DENY_VERTEX_SHADER_ROOT_ACCESS = 0x2
    DENY_HULL_SHADER_ROOT_ACCESS = 0x4
    DENY_DOMAIN_SHADER_ROOT_ACCESS = 0x8
    DENY_GEOMETRY_SHADER_ROOT_ACCESS = 0x10
    DENY_PIXEL_SHADER_ROOT_ACCESS = 0x20
    ALLOW_STREAM_OUTPUT = 0x40
    LOCAL_ROOT_SIGNATURE = 0x80
    DENY_AMPLIFICATION_SHADER_ROOT_ACCESS = 0x100
    DENY_MESH_SHADER_ROOT_ACCESS = 0x200
    CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED = 0x400
    SAMPLER_HEAP_DIRECTLY_INDEXED = 0x800


class D3D_ROOT_SIGNATURE_VERSION(IntEnum):
    VERSION_1 = 0x1
    VERSION_1_0 = 0x1
    VERSION_1_1 = 0x2
    VERSION_1_2 = 0x3


class D3D12_PIPELINE_STATE_FLAGS(IntFlag):
    NONE = 0
    TOOL_DEBUG = 0x1
    DYNAMIC_DEPTH_BIAS = 0x4
    DYNAMIC_INDEX_BUFFER_STRIP_CUT = 0x8


#: A root signature holds at most 64 DWORDs: 1 per root constant, 2 per root descriptor, 1 per table.
D3D12_MAX_ROOT_COST = 64
D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION = 65535
#: Constant-buffer data placement alignment; root CBV addresses must be multiples of it here.
D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT = 256

#: (class, C prefix of its constants), as `enums.EXPORTED_ENUMS`.
COMPUTE_ENUMS: tuple[tuple[type, str], ...] = (
    (D3D12_ROOT_PARAMETER_TYPE, "D3D12_ROOT_PARAMETER_TYPE_"),
    (D3D12_SHADER_VISIBILITY, "D3D12_SHADER_VISIBILITY_"),
    (D3D12_ROOT_SIGNATURE_FLAGS, "D3D12_ROOT_SIGNATURE_FLAG_"),
    (D3D_ROOT_SIGNATURE_VERSION, "D3D_ROOT_SIGNATURE_"),
    (D3D12_PIPELINE_STATE_FLAGS, "D3D12_PIPELINE_STATE_FLAG_"),
)


COMPUTE_ENUM_CONSTANTS: list[str] = export_constants(globals(), COMPUTE_ENUMS)


# --- root signatures ------------------------------------------------------------------------

class D3D12_ROOT_DESCRIPTOR(D3D12Struct):
    """A root CBV/SRV/UAV: the register the shader declares (`register(t0, space0)`)."""

    c_sizeof: ClassVar[int] = 8
    ShaderRegister: UINT = 0
    RegisterSpace: UINT = 0


class D3D12_ROOT_CONSTANTS(D3D12Struct):
    c_sizeof: ClassVar[int] = 12
    ShaderRegister: UINT = 0
    RegisterSpace: UINT = 0
    Num32BitValues: UINT = 0


class D3D12_ROOT_DESCRIPTOR_TABLE(D3D12Struct):
    """Declared so C code ports; descriptor tables are not emulated (serialising one is E_NOTIMPL)."""

    c_sizeof: ClassVar[int] = 16
    NumDescriptorRanges: UINT = 0
    pDescriptorRanges: Any = None


class D3D12_ROOT_PARAMETER(D3D12Struct):
    """C has a union of DescriptorTable / Constants / Descriptor; `ParameterType` says which is read."""

    c_sizeof: ClassVar[int] = 32
    ParameterType: enum_field(D3D12_ROOT_PARAMETER_TYPE) = 0
    DescriptorTable: D3D12_ROOT_DESCRIPTOR_TABLE = Field(default_factory=D3D12_ROOT_DESCRIPTOR_TABLE)
    Constants: D3D12_ROOT_CONSTANTS = Field(default_factory=D3D12_ROOT_CONSTANTS)
    Descriptor: D3D12_ROOT_DESCRIPTOR = Field(default_factory=D3D12_ROOT_DESCRIPTOR)
    ShaderVisibility: enum_field(D3D12_SHADER_VISIBILITY) = 0


class D3D12_ROOT_SIGNATURE_DESC(D3D12Struct):
    """`pParameters`: a list of D3D12_ROOT_PARAMETER (or one struct); static samplers are not emulated."""

    c_sizeof: ClassVar[int] = 40
    NumParameters: UINT = 0
    pParameters: Any = None
    NumStaticSamplers: UINT = 0
    pStaticSamplers: Any = None
    Flags: enum_field(D3D12_ROOT_SIGNATURE_FLAGS) = 0


# --- compute pipelines ------------------------------------------------------------------------

class D3D12_SHADER_BYTECODE(D3D12Struct):
    """`pShaderBytecode` is the Python shader (a `ComputeShader`), standing in for DXIL bytes."""

    c_sizeof: ClassVar[int] = 16
    pShaderBytecode: Any = None
    BytecodeLength: UINT = 0


class D3D12_CACHED_PIPELINE_STATE(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    pCachedBlob: Any = None
    CachedBlobSizeInBytes: UINT = 0


class D3D12_COMPUTE_PIPELINE_STATE_DESC(D3D12Struct):
    c_sizeof: ClassVar[int] = 56
    pRootSignature: Any = None
    CS: D3D12_SHADER_BYTECODE = Field(default_factory=D3D12_SHADER_BYTECODE)
    NodeMask: UINT = 0
    CachedPSO: D3D12_CACHED_PIPELINE_STATE = Field(default_factory=D3D12_CACHED_PIPELINE_STATE)
    Flags: enum_field(D3D12_PIPELINE_STATE_FLAGS) = 0


COMPUTE_STRUCTS: tuple[type[D3D12Struct], ...] = (
    D3D12_ROOT_DESCRIPTOR,
    D3D12_ROOT_CONSTANTS,
    D3D12_ROOT_DESCRIPTOR_TABLE,
    D3D12_ROOT_PARAMETER,
    D3D12_ROOT_SIGNATURE_DESC,
    D3D12_SHADER_BYTECODE,
    D3D12_CACHED_PIPELINE_STATE,
    D3D12_COMPUTE_PIPELINE_STATE_DESC,
)

__all__ = ([enum_class.__name__ for enum_class, _ in COMPUTE_ENUMS] + COMPUTE_ENUM_CONSTANTS
           + [struct.__name__ for struct in COMPUTE_STRUCTS]
           + ["D3D12_MAX_ROOT_COST", "D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION",
              "D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT"])
