#version 450
// GL_KHR_cooperative_matrix in one subgroup: C = 0.5 * (2 * (A x B + 1) + i) per held element i.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixMulAddKHR OpCooperativeMatrixLengthKHR OpCooperativeMatrixStoreKHR
// @local_size 32 1 1
// @binding 0 0 a readonly  float16_t[256]: A, 16 x 16, row-major
// @binding 0 1 b readonly  float16_t[256]: B, 16 x 16, column-major
// @binding 0 2 c           float[256]: C, 16 x 16, row-major
// Dispatch 1 x 1 x 1. The "+ i" term depends on which element an invocation holds (the profile's
// ownership map), so C is predictable only with the map (tests/spirv/test_coopmat_modules.py).
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { float16_t b[]; };
layout(set = 0, binding = 2) buffer C { float c[]; };
void main() {
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> ma;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> mb;
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> acc = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(1.0);
    coopMatLoad(ma, a, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mb, b, 0, 16, gl_CooperativeMatrixLayoutColumnMajor);
    acc = coopMatMulAdd(ma, mb, acc);
    for (int i = 0; i < acc.length(); ++i) acc[i] = acc[i] * 2.0 + float(i);
    acc = acc * 0.5;
    coopMatStore(acc, c, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
}
