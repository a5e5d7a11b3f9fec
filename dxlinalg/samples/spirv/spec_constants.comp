#version 460
// Specialization constants: scalar ones of three types, and an operation on them
// (OpSpecConstantOp) that the pipeline folds when it specialises the module.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpSpecConstantOp
// @local_size 64 1 1
// @binding 0 0 values   readonly  uint[count]
// @binding 0 1 results  writeonly float[count]
// @push_constant 4      uint count
// @spec 0 MULTIPLIER    uint, default 3
// @spec 1 BIAS          float, default 0.5
// @spec 2 NEGATE        bool, default false
// Dispatch ceil(count / 64) x 1 x 1.
//
// Per invocation i < count: r = float(values[i] * MULTIPLIER + 2 * MULTIPLIER) + BIAS;
// results[i] = NEGATE ? -r : r.
layout(local_size_x = 64) in;

layout(constant_id = 0) const uint MULTIPLIER = 3u;
layout(constant_id = 1) const float BIAS = 0.5;
layout(constant_id = 2) const bool NEGATE = false;
const uint TWICE = 2u * MULTIPLIER;   // an OpSpecConstantOp

layout(set = 0, binding = 0) readonly buffer Values { uint values[]; };
layout(set = 0, binding = 1) writeonly buffer Results { float results[]; };
layout(push_constant) uniform Constants { uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) {
        return;
    }
    float r = float(values[i] * MULTIPLIER + TWICE) + BIAS;
    results[i] = NEGATE ? -r : r;
}
