#version 460
#extension GL_EXT_nonuniform_qualifier : require
// Descriptor arrays: three storage blocks at one binding, two uniform blocks at another and two
// output blocks at a third, indexed by constants, by a push-constant index (uniform across the
// dispatch) and per invocation with nonuniformEXT (NonUniform-decorated; Vulkan needs the
// shaderStorageBufferArrayNonUniformIndexing feature for it).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpTypeArray OpTypeRuntimeArray
// @local_size 32 1 1
// @binding 0 0 inputs    readonly float[count] in each of 3 blocks (a descriptor array)
// @binding 0 1 scales    vec4 in each of 2 uniform blocks (a descriptor array)
// @binding 0 2 outputs   float[count] in each of 2 blocks (a descriptor array)
// @push_constant 8       uint count, uint pick (pick < 3)
// Dispatch ceil(count / 32) x 1 x 1.
//
// For every i < count (and i < the length of inputs[i % 3]):
//   outputs[0].v[i] = inputs[0].v[i] * scales[0].s.x + inputs[2].v[i] * scales[1].s.y
//   outputs[1].v[i] = inputs[pick].v[i] + inputs[i % 3].v[i] * scales[pick % 2].s.z
layout(local_size_x = 32) in;

layout(set = 0, binding = 0) readonly buffer Inputs { float v[]; } inputs[3];
layout(set = 0, binding = 1) uniform Scales { vec4 s; } scales[2];
layout(set = 0, binding = 2) buffer Outputs { float v[]; } outputs[2];
layout(push_constant) uniform Constants { uint count; uint pick; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint own = i % 3u;
    if (i >= pc.count || i >= uint(inputs[nonuniformEXT(own)].v.length())) {
        return;
    }
    outputs[0].v[i] = inputs[0].v[i] * scales[0].s.x + inputs[2].v[i] * scales[1].s.y;
    outputs[1].v[i] = inputs[pc.pick].v[i] + inputs[nonuniformEXT(own)].v[i] * scales[pc.pick % 2u].s.z;
}
