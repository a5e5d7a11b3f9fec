#version 460
#extension GL_NV_cooperative_vector : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
// The training step of dxlinalg/samples/mlp_training.py (`train`) in GLSL: forward pass with MatMulAdd on
// TrainingOptimal FP16 parameters, the loss, and the backward pass with transposed MatMul,
// OuterProductAccumulate and ReduceSumAccumulate into the gradient buffer. Network 16 -> 32 -> 32
// -> 3, the same buffers and arithmetic as the Python shader, operation for operation and in the
// same order per invocation (the Adam update is mlp_adam.comp, the FP32 master copy mlp_widen.comp).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeVectorMatrixMulAddNV OpCooperativeVectorMatrixMulNV
// @uses OpCooperativeVectorOuterProductAccumulateNV OpCooperativeVectorReduceSumAccumulateNV
// @local_size 64 1 1
// @binding 0 0 params   readonly  FP16 parameters: matrices W0 (32x16), W1 (32x32), W2 (3x32) in the
//                                 TrainingOptimal layout (the Python's OUTER_PRODUCT_OPTIMAL bytes) at
//                                 W*_OFFSET, FP16 biases b0 (32), b1 (32), b2 (3) at B*_OFFSET
// @binding 0 1 grads    read-write FP16 gradients, the same arrangement as params (the host zeroes it)
// @binding 0 2 losses   writeonly float32 loss per sample: losses[thread]
// @push_constant 8      uint batch, uint step
// @spec 0 W0_OFFSET     byte offsets of the three matrices (ParameterLayout.matrix_offsets; the
// @spec 1 W1_OFFSET     Python shader closes over the same values; 64-byte aligned, the Python
// @spec 2 W2_OFFSET     aligns to 128)
// @spec 3 B0_OFFSET     byte offsets of the three biases (ParameterLayout.bias_offsets; 16-byte
// @spec 4 B1_OFFSET     aligned, the Python aligns to 64)
// @spec 5 B2_OFFSET
// The defaults are the 'reference' profile's layout (0, 1024, 3072; 3584, 3648, 3712); other profiles'
// optimal layouts have other sizes, so a host specialises all six.
// Dispatch ceil(batch / 64) x 1 x 1; invocations thread >= batch return at once.
//
// Per invocation (float32 unless said, no fused operations):
//   uv = sample_uv(thread, step), a PCG hash (mlp_training.sample_uv); target = target_image(uv);
//   a0 = float16(encoding of uv) (mlp_inference's encoding);
//   z1 = MatMulAdd(W0, a0, b0), a1 = max(z1, +0); z2 = MatMulAdd(W1, a1, b1), a2 = max(z2, +0);
//   z3 = MatMulAdd(W2, a2, b2); all FP16 with FP16 interpretations, transpose false;
//   y = 1 / (1 + exp(-float(z3))); e = y - target; losses[thread] = ((e.x*e.x + e.y*e.y) + e.z*e.z) / 3;
//   d3 = float16(((e * y) * (1 - y)) * (float32(2 * 128 / 3) / float(batch)))   (loss scale 128);
//   then for layer 2, 1, 0: OuterProductAccumulate(d, a_layer) into the gradient matrix (TrainingOptimal,
//   FP16), ReduceSumAccumulate(d) into the gradient bias, and for layers 2 and 1
//   back = MatMul(W_layer transposed, d) (M = K of the layer, K = its M), d = z_layer > 0 ? back : 0.
//   target_image's radius is length(vec2(u - 0.5, v - 0.5)) where the Python calls np.hypot: an
//   executor matches the Python bit for bit only if its GLSL.std.450 Length rounds the exact norm once.
layout(local_size_x = 64) in;

layout(constant_id = 0) const uint W0_OFFSET = 0u;
layout(constant_id = 1) const uint W1_OFFSET = 1024u;
layout(constant_id = 2) const uint W2_OFFSET = 3072u;
layout(constant_id = 3) const uint B0_OFFSET = 3584u;
layout(constant_id = 4) const uint B1_OFFSET = 3648u;
layout(constant_id = 5) const uint B2_OFFSET = 3712u;

layout(set = 0, binding = 0) readonly buffer Params { uint params[]; };
layout(set = 0, binding = 1) buffer Grads { uint grads[]; };
layout(set = 0, binding = 2) writeonly buffer Losses { float losses[]; };
layout(push_constant) uniform Constants { uint batch; uint step; } pc;

const float PI = 3.14159265;                    // rounds to float32(pi)
const float SCALED_TWO_THIRDS = 85.333333333333329;  // float32(2.0 * 128 / 3.0), the loss scale folded in
const int F16 = gl_ComponentTypeFloat16NV;
const int TRAINING = gl_CooperativeVectorMatrixLayoutTrainingOptimalNV;

vec2 sample_uv(uint thread, uint step) {
    uint state = thread * 747796405u + step * 2891336453u + 1u;
    vec2 uv;
    for (uint k = 0u; k < 2u; ++k) {
        state = state * 747796405u + 2891336453u;
        uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
        word = (word >> 22u) ^ word;
        uv[k] = float(word & 0xFFFFFFu) / 16777216.0;
    }
    return uv;
}

vec3 target_image(vec2 uv) {
    float radius = length(vec2(uv.x - 0.5, uv.y - 0.5));
    float rings = 0.5 + 0.5 * cos(radius * 18.0);
    return vec3(0.15 + 0.7 * uv.x * rings, 0.2 + 0.6 * uv.y, 0.9 - 0.7 * rings * (1.0 - uv.x));
}

coopvecNV<float16_t, 16> encode(vec2 uv) {
    coopvecNV<float, 16> features;
    for (uint i = 0u; i < 4u; ++i) {
        float s = float(1u << i) * PI;
        features[i] = sin(uv.x * s);
        features[4u + i] = cos(uv.x * s);
        features[8u + i] = sin(uv.y * s);
        features[12u + i] = cos(uv.y * s);
    }
    return coopvecNV<float16_t, 16>(features);
}

coopvecNV<float16_t, 32> relu_derivative(coopvecNV<float16_t, 32> z, coopvecNV<float16_t, 32> back) {
    coopvecNV<float16_t, 32> d;
    for (uint k = 0u; k < 32u; ++k) {
        d[k] = z[k] > float16_t(0.0) ? back[k] : float16_t(0.0);
    }
    return d;
}

void main() {
    uint thread = gl_GlobalInvocationID.x;
    if (thread >= pc.batch) {
        return;
    }
    vec2 uv = sample_uv(thread, pc.step);
    vec3 target = target_image(uv);

    // forward
    coopvecNV<float16_t, 32> zero = coopvecNV<float16_t, 32>(float16_t(0.0));
    coopvecNV<float16_t, 16> a0 = encode(uv);
    coopvecNV<float16_t, 32> z1;
    coopVecMatMulAddNV(z1, a0, F16, params, W0_OFFSET, F16, params, B0_OFFSET, F16, 32, 16, TRAINING, false, 0);
    coopvecNV<float16_t, 32> a1 = max(z1, zero);
    coopvecNV<float16_t, 32> z2;
    coopVecMatMulAddNV(z2, a1, F16, params, W1_OFFSET, F16, params, B1_OFFSET, F16, 32, 32, TRAINING, false, 0);
    coopvecNV<float16_t, 32> a2 = max(z2, zero);
    coopvecNV<float16_t, 3> z3;
    coopVecMatMulAddNV(z3, a2, F16, params, W2_OFFSET, F16, params, B2_OFFSET, F16, 3, 32, TRAINING, false, 0);

    // loss
    vec3 y = 1.0 / (1.0 + exp(-vec3(float(z3[0]), float(z3[1]), float(z3[2]))));
    vec3 error = y - target;
    losses[thread] = (error.x * error.x + error.y * error.y + error.z * error.z) / 3.0;

    // backward, scaled so FP16 gradients do not underflow
    vec3 scaled = error * y * (1.0 - y) * (SCALED_TWO_THIRDS / float(pc.batch));
    coopvecNV<float16_t, 3> d3;
    for (uint c = 0u; c < 3u; ++c) {
        d3[c] = float16_t(scaled[c]);
    }
    coopVecOuterProductAccumulateNV(d3, a2, grads, W2_OFFSET, 0u, TRAINING, F16);
    coopVecReduceSumAccumulateNV(d3, grads, B2_OFFSET);
    coopvecNV<float16_t, 32> back2;
    coopVecMatMulNV(back2, d3, F16, params, W2_OFFSET, F16, 32, 3, TRAINING, true, 0);
    coopvecNV<float16_t, 32> d2 = relu_derivative(z2, back2);

    coopVecOuterProductAccumulateNV(d2, a1, grads, W1_OFFSET, 0u, TRAINING, F16);
    coopVecReduceSumAccumulateNV(d2, grads, B1_OFFSET);
    coopvecNV<float16_t, 32> back1;
    coopVecMatMulNV(back1, d2, F16, params, W1_OFFSET, F16, 32, 32, TRAINING, true, 0);
    coopvecNV<float16_t, 32> d1 = relu_derivative(z1, back1);

    coopVecOuterProductAccumulateNV(d1, a0, grads, W0_OFFSET, 0u, TRAINING, F16);
    coopVecReduceSumAccumulateNV(d1, grads, B0_OFFSET);
}
