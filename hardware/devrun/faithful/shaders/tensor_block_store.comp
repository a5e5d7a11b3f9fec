#version 450 core
// A store through a tensor layout whose block size is > 1 (SPV_NV_tensor_addressing: a layout
// with a block size must not be used for a store; the probe records what the H200 does anyway).
// One 16 x 16 float32 accumulator, element (r, c) = 16 r + c + 1, stored through a 2-D layout
// of dimension (DIM0, DIM1) and block size (BS0, BS1) at element offset 0 of dst; dst is filled
// with a sentinel by the host. Spec constants: 0 BS0, 1 BS1, 2 DIM0, 3 DIM1.
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 32) in;
layout(constant_id = 0) const uint BS0 = 1;
layout(constant_id = 1) const uint BS1 = 1;
layout(constant_id = 2) const uint DIM0 = 16;
layout(constant_id = 3) const uint DIM1 = 16;
layout(set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1) buffer Dst { float dst[]; };
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    tensorLayoutNV<2> t = createTensorLayoutNV(2);
    t = setTensorLayoutDimensionNV(t, DIM0, DIM1);
    t = setTensorLayoutBlockSizeNV(t, BS0, BS1);
    coopMatStoreTensorNV(m, dst, 0, t);
}
