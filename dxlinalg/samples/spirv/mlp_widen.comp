#version 460
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
// The FP32 master copy of dxlinalg/samples/mlp_training.py (`widen_to_master`): every FP16 element of the
// parameter buffer widened to float32, in the same (opaque) arrangement.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @local_size 64 1 1
// @binding 0 0 params   readonly  float16[count]
// @binding 0 1 master   writeonly float32[count]: master[i] = float(params[i]) (exact)
// @push_constant 4      uint count
// Dispatch ceil(count / 64) x 1 x 1.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Params { float16_t params[]; };
layout(set = 0, binding = 1) writeonly buffer Master { float master[]; };
layout(push_constant) uniform Constants { uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) {
        master[i] = float(params[i]);
    }
}
