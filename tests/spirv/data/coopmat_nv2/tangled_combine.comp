#version 450
// Misuse for the rejection tests: the CombineFunc calls a function that executes a tangled instruction
// (OpCooperativeMatrixTransposeNV), which SPV_NV_cooperative_matrix2 revision 2 forbids.
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1) buffer Dst { float dst[]; };

float sneaky(float a) {
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> t = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(a);
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> u;
    coopMatTransposeNV(u, t);
    return u[0];
}
float add(const in float a, const in float b) { return sneaky(a) + b; }

void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> m, r;
    coopMatLoad(m, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatReduceNV(r, m, gl_CooperativeMatrixReduceRowNV, add);
    coopMatStore(r, dst, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
}
