#version 450
// A 16x16x16 cooperative-matrix MulAdd with bfloat16 A and B and float32 C/result (the H200 lists
// this combination), one case per workgroup of 32. A, B: bfloat16 bits, row-major, 256 a case
// (carried in uint words: two elements a word); C and R: float32 row-major, 256 a case.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { uint a[]; };
layout(set = 0, binding = 1) readonly buffer B { uint b[]; };
layout(set = 0, binding = 2) readonly buffer C { float c[]; };
layout(set = 0, binding = 3) writeonly buffer R { float r[]; };
void main() {
    uint k = gl_WorkGroupID.x;
    coopmat<bfloat16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> ma;
    coopmat<bfloat16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> mb;
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> mc;
    coopMatLoad(ma, a, 128 * k, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mb, b, 128 * k, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mc, c, 256 * k, 16, gl_CooperativeMatrixLayoutRowMajor);
    mc = coopMatMulAdd(ma, mb, mc);
    coopMatStore(mc, r, 256 * k, 16, gl_CooperativeMatrixLayoutRowMajor);
}
