"""Cooperative matrices (SPV_KHR_cooperative_matrix + SPV_NV_cooperative_matrix2), surface-neutral.

The values and basic operations (docs/coopmat.md): a matrix type and value held whole, one per
scope instance (`matrix_type`); which invocation holds which element, by the profile
(`ownership`), and which lanes form a scope instance (`scope`); OpCooperativeMatrixLoadKHR /
StoreKHR (`matrix_memory`), OpCooperativeMatrixMulAddKHR (`muladd`), the arithmetic
(`elementwise`) and conversion (`conversions`) instructions. Their rules live in `matrix_rules`.

Tensor addressing (SPV_NV_tensor_addressing). Tensor layouts and views are immutable
values (`tensor_layout`, `tensor_view`); the SPIR-V instructions (`tensor_instructions`) and the
GLSL builtins (`glsl_tensor`) are thin layers over them. `tensor_addressing` computes where every
matrix element of a LoadTensor/StoreTensor goes, vectorised; `tensor_memory` does the loads and
stores against memory bytes. See docs/coopmat-tensor-addressing.md.

SPV_NV_cooperative_matrix2's whole-matrix operations (docs/coopmat-reduce.md): Reduce (`reduce`),
PerElementOp (`per_element`), ConvertNV and TransposeNV (`transpose`), and the rules of tangled
instructions (`tangled`: uniform control flow of the scope, never inside a user function).
"""

from dxlinalg.coopmat.conversions import (
    CONVERSIONS,
    bitcast,
    convert_f_to_s,
    convert_f_to_u,
    convert_s_to_f,
    convert_u_to_f,
    f_convert,
    s_convert,
    u_convert,
)
from dxlinalg.coopmat.elementwise import (
    ARITHMETIC,
    f_add,
    f_div,
    f_mul,
    f_negate,
    f_sub,
    i_add,
    i_mul,
    i_sub,
    matrix_times_scalar,
    s_div,
    s_negate,
    u_div,
)
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
from dxlinalg.coopmat.matrix_enums import (
    CooperativeMatrixLayout,
    CooperativeMatrixOperands,
    KhrOpcode,
    StorageClass,
)
from dxlinalg.coopmat.matrix_memory import (
    MatrixMemory,
    buffer_memory,
    load_matrix,
    store_matrix,
    workgroup_memory,
)
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.muladd import cooperative_matrix_muladd
from dxlinalg.coopmat.ownership import (
    OwnershipMap,
    cooperative_matrix_length,
    element_at,
    from_fragments,
    ownership_map,
    to_fragments,
    with_elements,
)
from dxlinalg.coopmat.per_element import per_element_op
from dxlinalg.coopmat.reduce import ReduceMask, reduce_matrix
from dxlinalg.coopmat.scope import (
    ScopeInstances,
    active_instances,
    require_uniform_scope,
    scope_instances,
    uniform_per_instance,
)
from dxlinalg.coopmat.tangled import (
    UserFunction,
    calling_user_function,
    check_uniform_control_flow,
    require_not_in_callback,
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
from dxlinalg.coopmat.transpose import convert_matrix, transpose_matrix

__all__ = [
    "ARITHMETIC",
    "CONVERSIONS",
    "ClampMode",
    "CoopMatType",
    "CoopMatrix",
    "CooperativeMatrixLayout",
    "CooperativeMatrixOperands",
    "DecodeBlocks",
    "DecodeFunc",
    "ElementAddresses",
    "ElementStatus",
    "KhrOpcode",
    "MatrixMemory",
    "MatrixUse",
    "Opcode",
    "OwnershipMap",
    "ReduceMask",
    "Scope",
    "ScopeInstances",
    "StorageClass",
    "TensorAddressingOperands",
    "TensorLayout",
    "TensorLayoutType",
    "TensorView",
    "TensorViewType",
    "UserFunction",
    "active_instances",
    "bitcast",
    "buffer_memory",
    "calling_user_function",
    "check_uniform_control_flow",
    "convert_f_to_s",
    "convert_f_to_u",
    "convert_matrix",
    "convert_s_to_f",
    "convert_u_to_f",
    "cooperative_matrix_length",
    "cooperative_matrix_muladd",
    "createTensorLayoutNV",
    "createTensorViewNV",
    "element_at",
    "f_add",
    "f_convert",
    "f_div",
    "f_mul",
    "f_negate",
    "f_sub",
    "from_fragments",
    "gl_CooperativeMatrixClampModeClampToEdgeNV",
    "gl_CooperativeMatrixClampModeConstantNV",
    "gl_CooperativeMatrixClampModeMirrorRepeatNV",
    "gl_CooperativeMatrixClampModeRepeatNV",
    "gl_CooperativeMatrixClampModeUndefinedNV",
    "i_add",
    "i_mul",
    "i_sub",
    "load_matrix",
    "load_tensor",
    "matrix_times_scalar",
    "ownership_map",
    "per_element_op",
    "reduce_matrix",
    "require_not_in_callback",
    "require_uniform_scope",
    "s_convert",
    "s_div",
    "s_negate",
    "scope_instances",
    "setTensorLayoutBlockSizeNV",
    "setTensorLayoutClampValueNV",
    "setTensorLayoutDimensionNV",
    "setTensorLayoutStrideNV",
    "setTensorViewClipNV",
    "setTensorViewDimensionsNV",
    "setTensorViewStrideNV",
    "sliceTensorLayoutNV",
    "store_matrix",
    "store_tensor",
    "tensor_element_addresses",
    "to_fragments",
    "transpose_matrix",
    "u_convert",
    "u_div",
    "uniform_per_instance",
    "with_elements",
    "workgroup_memory",
]
