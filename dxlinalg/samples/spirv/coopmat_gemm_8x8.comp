#version 450
// C (M x N, fp32) = A (M x K, fp16, row-major) x B (K x N, fp16, row-major) with KHR cooperative
// matrices of 8 x 8 x 8: the fp16 x fp16 + fp32 MulAdd that Mesa's lavapipe lists (and every profile
// that takes flexible sizes). Benchmark L3 runs it at 512^3 on dxlinalg and on lavapipe.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixMulAddKHR OpCooperativeMatrixStoreKHR
// @local_size 32 1 1
// @binding 0 0 a readonly  float16_t[M * K]
// @binding 0 1 b readonly  float16_t[K * N]
// @binding 0 2 c           float[M * N]
// @push_constant 12        uint M, N, K
// Dispatch N / 32 x M / 8 x 1; M, N, K multiples of 8 and N of 32.
//
// A workgroup computes one 8 x 32 block of C, four 8 x 8 tiles side by side. Its subgroups share the
// tiles out, so any subgroup size works: subgroup s takes tiles s, s + gl_NumSubgroups, ... (a
// 32-wide subgroup all four, lavapipe's 8-wide subgroups one each). Each tile's sum runs over K in
// steps of 8, one MulAdd a step, from a zero accumulator.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { float16_t b[]; };
layout(set = 0, binding = 2) buffer C { float c[]; };
layout(push_constant) uniform Sizes { uint M; uint N; uint K; };
const uint T = 8;
const uint TILES_PER_GROUP = 4;
void main() {
    uint tileRow = gl_WorkGroupID.y * T;
    for (uint t = gl_SubgroupID; t < TILES_PER_GROUP; t += gl_NumSubgroups) {
        uint tileCol = (gl_WorkGroupID.x * TILES_PER_GROUP + t) * T;
        coopmat<float, gl_ScopeSubgroup, T, T, gl_MatrixUseAccumulator> acc =
            coopmat<float, gl_ScopeSubgroup, T, T, gl_MatrixUseAccumulator>(0.0);
        for (uint k = 0; k < K; k += T) {
            coopmat<float16_t, gl_ScopeSubgroup, T, T, gl_MatrixUseA> ma;
            coopmat<float16_t, gl_ScopeSubgroup, T, T, gl_MatrixUseB> mb;
            coopMatLoad(ma, a, tileRow * K + k, K, gl_CooperativeMatrixLayoutRowMajor);
            coopMatLoad(mb, b, k * N + tileCol, N, gl_CooperativeMatrixLayoutRowMajor);
            acc = coopMatMulAdd(ma, mb, acc);
        }
        coopMatStore(acc, c, tileRow * N + tileCol, N, gl_CooperativeMatrixLayoutRowMajor);
    }
}
