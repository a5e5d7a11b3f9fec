#version 460
#extension GL_NV_cooperative_vector : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
// The training accumulates on given vectors, into FP16 and into FP32 memory, and the transposed
// matrix-vector product of the backward pass. Invocation i reads d (M x FP16) at byte
// VEC_STRIDE * i and a (N x FP16) at VEC_STRIDE * i + A_OFFSET from `vectors`, then:
//   OuterProductAccumulate(d, a) into grads16 at 0 (TrainingOptimal, MatrixInterpretation FP16)
//   ReduceSumAccumulate(d) into grads16 at BIAS16 (FP16 array)
//   OuterProductAccumulate(d, a) into grads32 at 0 (TrainingOptimal, MatrixInterpretation FP32:
//     the H100 reports cooperativeVectorTrainingFloat32Accumulation = 0)
//   ReduceSumAccumulate(float32(d)) into grads32 at BIAS32 (FP32 array)
//   back = MatMul(W transposed, d) (W: M x N FP16 TrainingOptimal in params, so back has N
//     components) stored at byte BACK_STRIDE * i of `back`.
// Defines: M, N, A_OFFSET, VEC_STRIDE, BIAS16, BIAS32, BACK_STRIDE (bytes, 16-byte aligned); ACTIVE
// (optional): invocations i >= ACTIVE return at once, so a wave runs the accumulates partly filled.
//
// @binding 0 0 vectors  readonly
// @binding 0 1 grads16  read-write (the host zeroes it)
// @binding 0 2 grads32  read-write (the host zeroes it)
// @binding 0 3 params   readonly
// @binding 0 4 back     writeonly
layout(local_size_x = 32) in;

layout(set = 0, binding = 0) readonly buffer Vectors { uint vectors[]; };
layout(set = 0, binding = 1) buffer Grads16 { uint grads16[]; };
layout(set = 0, binding = 2) buffer Grads32 { uint grads32[]; };
layout(set = 0, binding = 3) readonly buffer Params { uint params[]; };
layout(set = 0, binding = 4) writeonly buffer Back { uint back[]; };

const int F16 = gl_ComponentTypeFloat16NV;
const int F32 = gl_ComponentTypeFloat32NV;
const int TRAINING = gl_CooperativeVectorMatrixLayoutTrainingOptimalNV;

void main() {
    uint i = gl_GlobalInvocationID.x;
#ifdef ACTIVE
    if (i >= ACTIVE) {
        return;
    }
#endif
    coopvecNV<float16_t, M> d;
    coopvecNV<float16_t, N> a;
    coopVecLoadNV(d, vectors, VEC_STRIDE * i);
    coopVecLoadNV(a, vectors, VEC_STRIDE * i + A_OFFSET);
    coopVecOuterProductAccumulateNV(d, a, grads16, 0u, 0u, TRAINING, F16);
    coopVecReduceSumAccumulateNV(d, grads16, BIAS16);
    coopVecOuterProductAccumulateNV(d, a, grads32, 0u, 0u, TRAINING, F32);
    coopvecNV<float, M> d32 = coopvecNV<float, M>(d);
    coopVecReduceSumAccumulateNV(d32, grads32, BIAS32);
    coopvecNV<float16_t, N> b;
    coopVecMatMulNV(b, d, F16, params, 0u, F16, N, M, TRAINING, true, 0);
    coopVecStoreNV(b, back, BACK_STRIDE * i);
}
