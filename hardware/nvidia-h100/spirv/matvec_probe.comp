#version 460
#extension GL_NV_cooperative_vector : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
// Probe of OpCooperativeVectorMatrixMulNV / MatrixMulAddNV: one case per workgroup of 32 (one
// wave on an H100), every invocation its own input vector, the case's matrix and bias shared.
// build_shaders.py compiles one module per variant with these #defines:
//   IN_T         GLSL type of the input components (float16_t, float, int32_t, uint32_t, int8_t, uint8_t)
//   IN_N         number of input components (K, or K / 4 for packed int8)
//   IN_STRIDE    bytes between two invocations' inputs (a multiple of 16)
//   IN_INTERP    InputInterpretation (gl_ComponentType...NV)
//   MAT_INTERP   MatrixInterpretation
//   BIAS_INTERP  BiasInterpretation; when defined the module uses MatrixMulAddNV, else MatrixMulNV
//   OUT_T        GLSL type of the result components (float16_t, float, int32_t)
//   OUT_STRIDE   bytes between two invocations' results (a multiple of 16)
//   M, K         the matrix's rows and columns after the transpose
//   TRANSPOSE    true or false
//   PAIRED       when defined, odd invocations use the neighbouring case's matrix and bias (case c ^ 1),
//                so the lanes of one wave read two matrices (the cases come in pairs)
// The matrix layout is InferencingOptimal; MatrixStride is 0 (ignored for optimal layouts).
//
// Interface:
// @local_size 32 1 1
// @binding 0 0 inputs   readonly  invocation g's input at IN_STRIDE * g
// @binding 0 1 matrices readonly  case c's matrix at pc.matrixStride * c (InferencingOptimal bytes)
// @binding 0 2 biases   readonly  case c's M bias elements at pc.biasStride * c
// @binding 0 3 results  writeonly invocation g's M results at OUT_STRIDE * g
// @push_constant 16     uint matrixStride, biasStride, laneMask, pad
// Dispatch (number of cases) x 1 x 1; case c = WorkgroupId.x. An invocation whose bit
// (laneMask >> LocalInvocationId.x) & 1 is clear returns at once (its results stay as they were).
layout(local_size_x = 32) in;

layout(set = 0, binding = 0) readonly buffer Inputs { uint inputs[]; };
layout(set = 0, binding = 1) readonly buffer Matrices { uint matrices[]; };
layout(set = 0, binding = 2) readonly buffer Biases { uint biases[]; };
layout(set = 0, binding = 3) writeonly buffer Results { uint results[]; };
layout(push_constant) uniform Constants { uint matrixStride; uint biasStride; uint laneMask; uint pad; } pc;

void main() {
    if (((pc.laneMask >> gl_LocalInvocationID.x) & 1u) == 0u) {
        return;
    }
    uint g = gl_GlobalInvocationID.x;
    uint c = gl_WorkGroupID.x;
#ifdef PAIRED
    c ^= gl_LocalInvocationID.x & 1u;
#endif
    coopvecNV<IN_T, IN_N> x;
    coopVecLoadNV(x, inputs, IN_STRIDE * g);
    coopvecNV<OUT_T, M> y;
#ifdef BIAS_INTERP
    coopVecMatMulAddNV(y, x, IN_INTERP, matrices, pc.matrixStride * c, MAT_INTERP, biases, pc.biasStride * c,
                       BIAS_INTERP, M, K, gl_CooperativeVectorMatrixLayoutInferencingOptimalNV, TRANSPOSE, 0);
#else
    coopVecMatMulNV(y, x, IN_INTERP, matrices, pc.matrixStride * c, MAT_INTERP, M, K,
                    gl_CooperativeVectorMatrixLayoutInferencingOptimalNV, TRANSPOSE, 0);
#endif
    coopVecStoreNV(y, results, OUT_STRIDE * g);
}
