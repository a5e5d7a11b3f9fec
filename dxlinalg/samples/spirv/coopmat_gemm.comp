#version 450
// C (M x N, fp32) = A (M x K, fp16, row-major) x B (K x N, fp16, row-major), one 16x16 tile per subgroup.
// The loads go through tensor layouts whose Constant clamp mode handles the ragged edges: no padding.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadTensorNV OpCooperativeMatrixMulAddKHR OpCooperativeMatrixStoreTensorNV
// @local_size 32 1 1
// @binding 0 0 a readonly  float16_t[M * K]
// @binding 0 1 b readonly  float16_t[K * N]
// @binding 0 2 c           float[M * N]
// @push_constant 12        uint M, N, K
// Dispatch ceil(N / 16) x ceil(M / 16) x 1.
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { float16_t b[]; };
layout(set = 0, binding = 2) buffer C { float c[]; };
layout(push_constant) uniform Sizes { uint M; uint N; uint K; };
const uint T = 16;
void main() {
    uint tileRow = gl_WorkGroupID.y * T, tileCol = gl_WorkGroupID.x * T;
    tensorLayoutNV<2, gl_CooperativeMatrixClampModeConstantNV> layoutA = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV);
    tensorLayoutNV<2, gl_CooperativeMatrixClampModeConstantNV> layoutB = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV);
    tensorLayoutNV<2, gl_CooperativeMatrixClampModeConstantNV> layoutC = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV);
    layoutA = setTensorLayoutDimensionNV(layoutA, M, K);
    layoutB = setTensorLayoutDimensionNV(layoutB, K, N);
    layoutC = setTensorLayoutDimensionNV(layoutC, M, N);
    coopmat<float, gl_ScopeSubgroup, T, T, gl_MatrixUseAccumulator> acc = coopmat<float, gl_ScopeSubgroup, T, T, gl_MatrixUseAccumulator>(0.0);
    for (uint k = 0; k < K; k += T) {
        coopmat<float16_t, gl_ScopeSubgroup, T, T, gl_MatrixUseA> ma;
        coopmat<float16_t, gl_ScopeSubgroup, T, T, gl_MatrixUseB> mb;
        coopMatLoadTensorNV(ma, a, 0, sliceTensorLayoutNV(layoutA, tileRow, T, k, T));
        coopMatLoadTensorNV(mb, b, 0, sliceTensorLayoutNV(layoutB, k, T, tileCol, T));
        acc = coopMatMulAdd(ma, mb, acc);
    }
    coopMatStoreTensorNV(acc, c, 0, sliceTensorLayoutNV(layoutC, tileRow, T, tileCol, T));
}
