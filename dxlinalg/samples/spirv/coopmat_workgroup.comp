#version 450
// Workgroup-scope cooperative matrices (GL_NV_cooperative_matrix2): the whole workgroup of 64 invocations
// shares each 32x32 matrix. The inputs are staged through shared memory by plain stores and a barrier,
// loaded from it with coopMatLoad, multiplied, stored to the output buffer, and stored to shared memory
// too, from where every invocation reads its elements back (doubled) after a barrier. B comes through a
// buffer reference (PhysicalStorageBuffer) whose address is a push constant, once by coopMatLoad and once by
// coopMatLoadTensorNV through a transposing view; the second product, of A loaded by coopMatLoadTensorNV from
// shared memory, goes out through coopMatStoreTensorNV to the buffer and to shared memory (read back as F).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixStoreKHR OpCooperativeMatrixMulAddKHR OpCooperativeMatrixLengthKHR
// @uses OpCooperativeMatrixLoadTensorNV OpCooperativeMatrixStoreTensorNV
// @local_size 64 1 1
// @binding 0 0 a readonly float16_t[groups * 32 * 32]
// @binding 0 1 c          float[groups * 32 * 32]
// @binding 0 2 d          float[groups * 32 * 32]
// @binding 0 3 e          float[groups * 32 * 32]
// @binding 0 4 f          float[groups * 32 * 32]
// @push_constant 8        Halves b (the device address of B, column-major, groups * 32 * 32 float16_t)
// Dispatch groups x 1 x 1: group g computes C[g] = A[g] x B[g] + 1, D[g] = 2 C[g] + Length,
// E[g] = F[g] = A[g] x B[g].
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
const uint N = 32;
layout(set = 0, binding = 0) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1) buffer C { float c[]; };
layout(set = 0, binding = 2) buffer D { float d[]; };
layout(set = 0, binding = 3) buffer E { float e[]; };
layout(set = 0, binding = 4) buffer F { float f[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Halves { float16_t v[]; };
layout(push_constant) uniform Params { Halves b; };
shared float16_t tileA[N * N];
shared float tileC[N * N];

void main() {
    uint base = gl_WorkGroupID.x * N * N;
    for (uint i = gl_LocalInvocationIndex; i < N * N; i += gl_WorkGroupSize.x) {
        tileA[i] = a[base + i];
    }
    barrier();
    coopmat<float16_t, gl_ScopeWorkgroup, N, N, gl_MatrixUseA> ma;
    coopMatLoad(ma, tileA, 0, N, gl_CooperativeMatrixLayoutRowMajor);
    coopmat<float16_t, gl_ScopeWorkgroup, N, N, gl_MatrixUseB> mb;
    coopMatLoad(mb, b.v, base, N, gl_CooperativeMatrixLayoutColumnMajor);
    coopmat<float, gl_ScopeWorkgroup, N, N, gl_MatrixUseAccumulator> acc =
        coopmat<float, gl_ScopeWorkgroup, N, N, gl_MatrixUseAccumulator>(1.0);
    acc = coopMatMulAdd(ma, mb, acc);
    coopMatStore(acc, c, base, N, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(acc, tileC, 0, N, gl_CooperativeMatrixLayoutRowMajor);
    barrier();
    for (uint i = gl_LocalInvocationIndex; i < N * N; i += gl_WorkGroupSize.x) {
        d[base + i] = 2.0 * tileC[i] + float(acc.length());
    }
    // B again, through tensor addressing: the column-major bytes are B^T row-major; the view swaps them back
    tensorLayoutNV<2> square = createTensorLayoutNV(2);
    square = setTensorLayoutDimensionNV(square, N, N);
    tensorViewNV<2, false, 1, 0> transposed = createTensorViewNV(2, false, 1, 0);
    coopmat<float16_t, gl_ScopeWorkgroup, N, N, gl_MatrixUseB> mt;
    coopMatLoadTensorNV(mt, b.v, base, square, transposed);
    coopmat<float, gl_ScopeWorkgroup, N, N, gl_MatrixUseAccumulator> plain =
        coopmat<float, gl_ScopeWorkgroup, N, N, gl_MatrixUseAccumulator>(0.0);
    coopmat<float16_t, gl_ScopeWorkgroup, N, N, gl_MatrixUseA> ta;
    coopMatLoadTensorNV(ta, tileA, 0, square);
    plain = coopMatMulAdd(ta, mt, plain);
    coopMatStoreTensorNV(plain, e, base, square);
    barrier();                                  // tileC was read above: the tensor store must come after
    coopMatStoreTensorNV(plain, tileC, 0, square);
    barrier();
    for (uint i = gl_LocalInvocationIndex; i < N * N; i += gl_WorkGroupSize.x) {
        f[base + i] = tileC[i];
    }
}
