"""Cooperative matrices (SPV_KHR_cooperative_matrix + SPV_NV_cooperative_matrix2), surface-neutral.

First piece: tensor addressing (SPV_NV_tensor_addressing). Tensor layouts and views are immutable
values (`tensor_layout`, `tensor_view`); the SPIR-V instructions (`tensor_instructions`) and the
GLSL builtins (`glsl_tensor`) are thin layers over them. `tensor_addressing` computes where every
matrix element of a LoadTensor/StoreTensor goes, vectorised; `tensor_memory` does the loads and
stores against memory bytes. See docs/coopmat-tensor-addressing.md.
"""

from dxlinalg.coopmat.glsl_tensor import (
    createTensorLayoutNV,
    createTensorViewNV,
    gl_CooperativeMatrixClampModeClampToEdgeNV,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_CooperativeMatrixClampModeMirrorRepeatNV,
    gl_CooperativeMatrixClampModeRepeatNV,
    gl_CooperativeMatrixClampModeUndefinedNV,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    setTensorViewStrideNV,
    sliceTensorLayoutNV,
)
from dxlinalg.coopmat.tensor_addressing import (
    ElementAddresses,
    ElementStatus,
    tensor_element_addresses,
)
from dxlinalg.coopmat.tensor_enums import ClampMode, Opcode, TensorAddressingOperands
from dxlinalg.coopmat.tensor_layout import TensorLayout, TensorLayoutType
from dxlinalg.coopmat.tensor_memory import (
    DecodeBlocks,
    DecodeFunc,
    load_tensor,
    store_tensor,
)
from dxlinalg.coopmat.tensor_view import TensorView, TensorViewType

__all__ = [
    "ClampMode",
    "DecodeBlocks",
    "DecodeFunc",
    "ElementAddresses",
    "ElementStatus",
    "Opcode",
    "TensorAddressingOperands",
    "TensorLayout",
    "TensorLayoutType",
    "TensorView",
    "TensorViewType",
    "createTensorLayoutNV",
    "createTensorViewNV",
    "gl_CooperativeMatrixClampModeClampToEdgeNV",
    "gl_CooperativeMatrixClampModeConstantNV",
    "gl_CooperativeMatrixClampModeMirrorRepeatNV",
    "gl_CooperativeMatrixClampModeRepeatNV",
    "gl_CooperativeMatrixClampModeUndefinedNV",
    "load_tensor",
    "setTensorLayoutBlockSizeNV",
    "setTensorLayoutClampValueNV",
    "setTensorLayoutDimensionNV",
    "setTensorLayoutStrideNV",
    "setTensorViewClipNV",
    "setTensorViewDimensionsNV",
    "setTensorViewStrideNV",
    "sliceTensorLayoutNV",
    "store_tensor",
    "tensor_element_addresses",
]
