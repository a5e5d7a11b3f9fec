#version 450
// OpCooperativeMatrixReduceNV from GL_NV_cooperative_matrix2: Row, Column, Row|Column and 2x2 reductions of
// one 16x16 fp32 matrix, with commutative combines (sum, max) and a non-commutative one (2a + b), into results
// of the same and of other sizes. Each subgroup writes its own 512-float region (gl_SubgroupID).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixReduceNV OpCooperativeMatrixStoreKHR
// @local_size 32 1 1
// @binding 0 0 src readonly float[256]: the 16 x 16 matrix, row-major
// @binding 0 1 dst          float[512 per subgroup]: row sums 16x16 at 0, column maxima 4x16 at 256, the total
//                           2x8 at 320, 2x2 maxima 8x8 at 336, the 2a + b row fold 16x1 at 400 (all row-major)
// Dispatch 1 x 1 x 1 (tests/spirv/test_coopmat_nv2.py compares each result with dxlinalg.coopmat.reduce).
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1) buffer Dst { float dst[]; };
const uint REGION = 512;

float add(const in float a, const in float b) { return a + b; }
float maximum(const in float a, const in float b) { return max(a, b); }
float twicePlus(const in float a, const in float b) { return a * 2.0 + b; }   // not commutative: shows the combine order

void main() {
    uint base = gl_SubgroupID * REGION;
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> rowSum;
    coopMatReduceNV(rowSum, m, gl_CooperativeMatrixReduceRowNV, add);
    coopMatStore(rowSum, dst, base, 16, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 4, 16, gl_MatrixUseAccumulator> columnMax;
    coopMatReduceNV(columnMax, m, gl_CooperativeMatrixReduceColumnNV, maximum);
    coopMatStore(columnMax, dst, base + 256, 16, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 2, 8, gl_MatrixUseAccumulator> total;
    coopMatReduceNV(total, m, gl_CooperativeMatrixReduceRowAndColumnNV, add);
    coopMatStore(total, dst, base + 320, 8, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseAccumulator> pooled;
    coopMatReduceNV(pooled, m, gl_CooperativeMatrixReduce2x2NV, maximum);
    coopMatStore(pooled, dst, base + 336, 8, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 16, 1, gl_MatrixUseAccumulator> ordered;
    coopMatReduceNV(ordered, m, gl_CooperativeMatrixReduceRowNV, twicePlus);
    coopMatStore(ordered, dst, base + 400, 1, gl_CooperativeMatrixLayoutRowMajor);
}
