#version 460
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
// The Adam step of dxlinalg/samples/mlp_training.py (`adam`): one FP16 element of the raw parameter buffer
// per invocation (the training layout may be updated element-wise), FP32 master weights and
// moments; reads and clears the FP16 gradient.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @local_size 64 1 1
// @binding 0 0 params   read-write float16[count], the parameter buffer of mlp_training.comp
// @binding 0 1 grads    read-write float16[count], its gradients (cleared here)
// @binding 0 2 master   read-write float32[count], the FP32 master copy (mlp_widen.comp fills it)
// @binding 0 3 moments  read-write float32[2 * count]: m at 2i, v at 2i + 1
// @push_constant 20     uint count, float learningRate, beta1Power, beta2Power, inverseLossScale
// Dispatch ceil(count / 64) x 1 x 1.
//
// Per invocation i < count (float32, no fused operations, as the Python):
//   g = float(grads[i]) * inverseLossScale; grads[i] = 0;
//   m = 0.9 * m + 0.1 * g; v = 0.999 * v + 0.001 * g * g; stored;
//   w = master[i] - learningRate * (m / (1 - beta1Power)) / (sqrt(v / (1 - beta2Power)) + 1e-8);
//   master[i] = w; params[i] = float16(w) (round to nearest even).
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) buffer Params { float16_t params[]; };
layout(set = 0, binding = 1) buffer Grads { float16_t grads[]; };
layout(set = 0, binding = 2) buffer Master { float master[]; };
layout(set = 0, binding = 3) buffer Moments { float moments[]; };
layout(push_constant) uniform Constants {
    uint count;
    float learningRate;
    float beta1Power;
    float beta2Power;
    float inverseLossScale;
} pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) {
        return;
    }
    float g = float(grads[i]) * pc.inverseLossScale;
    grads[i] = float16_t(0.0);
    float m = 0.9 * moments[2u * i] + 0.1 * g;
    float v = 0.999 * moments[2u * i + 1u] + 0.001 * g * g;
    moments[2u * i] = m;
    moments[2u * i + 1u] = v;
    float m_hat = m / (1.0 - pc.beta1Power);
    float v_hat = v / (1.0 - pc.beta2Power);
    float w = master[i] - pc.learningRate * m_hat / (sqrt(v_hat) + 1e-8);
    master[i] = w;
    params[i] = float16_t(w);
}
