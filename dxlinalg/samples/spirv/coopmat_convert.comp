#version 450
// OpCooperativeMatrixConvertNV (Accumulator -> A, Accumulator -> B, same component type) and
// OpCooperativeMatrixTransposeNV (a 16x8 Accumulator -> an 8x16 MatrixB) from GL_NV_cooperative_matrix2, and an
// OpFConvert that changes the component type and the Use at once (allowed with CooperativeMatrixConversionsNV).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixConvertNV OpCooperativeMatrixTransposeNV OpCooperativeMatrixStoreKHR
// @local_size 32 1 1
// @binding 0 0 src  readonly float16_t[384]: a 16 x 16 matrix at 0, a 16 x 8 matrix at 256 (row-major)
// @binding 0 1 dst           float16_t[1024 per subgroup]: A at 0, B at 256 (16 x 16), the transpose 8 x 16 at 512
// @binding 0 2 wide          float[256 per subgroup]: the 16 x 16 matrix as a float MatrixA (OpFConvert)
// Dispatch 1 x 1 x 1 (tests/spirv/test_coopmat_nv2.py compares with dxlinalg.coopmat.transpose).
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float16_t src[]; };
layout(set = 0, binding = 1) buffer Dst { float16_t dst[]; };
layout(set = 0, binding = 2) buffer Wide { float wide[]; };
const uint REGION = 1024;

void main() {
    uint base = gl_SubgroupID * REGION;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> square;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> tall;
    coopMatLoad(square, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(tall, src, 256, 8, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> widened = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(square);
    coopMatStore(widened, wide, gl_SubgroupID * 256, 16, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> a = coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(square);
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> b = coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB>(square);
    coopmat<float16_t, gl_ScopeSubgroup, 8, 16, gl_MatrixUseB> transposed;
    coopMatTransposeNV(transposed, tall);

    coopMatStore(a, dst, base, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(b, dst, base + 256, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(transposed, dst, base + 512, 16, gl_CooperativeMatrixLayoutRowMajor);
}
