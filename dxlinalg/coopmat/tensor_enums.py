"""The numbers of SPV_NV_tensor_addressing and the tensor parts of SPV_NV_cooperative_matrix2.

Opcodes, capabilities and enumerants exactly as the SPIR-V grammar lists them, so an executor can
dispatch on them and the GLSL builtins can name them. GLSL's `gl_CooperativeMatrixClampMode*NV`
constants are the same values as `ClampMode` (SPIR-V calls 4 "RepeatMirrored").
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

MAX_DIMENSIONS = 5          # tensor layouts and views have 1..5 dimensions
UINT32_MASK = 0xFFFF_FFFF
CLIP_SPAN_ALL = 0xFFFF_FFFF  # OpCreateTensorViewNV: clip spans start at 0xFFFFFFFF (everything)
POINTER_ALIGNMENT = 16       # the load/store Pointer must be a multiple of 16 bytes


class ClampMode(IntEnum):
    """Tensor Clamp Mode: what an out-of-bounds coordinate does (part of the layout's type)."""

    Undefined = 0
    Constant = 1
    ClampToEdge = 2
    Repeat = 3
    MirrorRepeat = 4   # SPIR-V: RepeatMirrored


class TensorAddressingOperands(IntFlag):
    """The Tensor Addressing Operands mask of LoadTensor/StoreTensor (SPV_NV_cooperative_matrix2)."""

    NONE = 0x0
    TensorView = 0x1
    DecodeFunc = 0x2


class Opcode(IntEnum):
    """SPIR-V opcodes of the tensor layout/view instructions and the tensor load/store."""

    OpTypeTensorLayoutNV = 5370
    OpTypeTensorViewNV = 5371
    OpCreateTensorLayoutNV = 5372
    OpTensorLayoutSetDimensionNV = 5373
    OpTensorLayoutSetStrideNV = 5374
    OpTensorLayoutSliceNV = 5375
    OpTensorLayoutSetClampValueNV = 5376
    OpCreateTensorViewNV = 5377
    OpTensorViewSetDimensionNV = 5378
    OpTensorViewSetStrideNV = 5379
    OpTensorViewSetClipNV = 5382
    OpTensorLayoutSetBlockSizeNV = 5384
    OpCooperativeMatrixLoadTensorNV = 5367
    OpCooperativeMatrixStoreTensorNV = 5368


class Capability(IntEnum):
    """Capabilities the tensor instructions declare."""

    CooperativeMatrixTensorAddressingNV = 5433
    CooperativeMatrixBlockLoadsNV = 5434
    TensorAddressingNV = 5439
