#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// PhysicalStorageBuffer pointers (buffer device addresses) passed in push constants.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpConvertUToPtr
// @local_size 64 1 1
// @push_constant 20  uint64 source address, uint64 destination address, uint count (offsets 0, 8, 16)
// No descriptor bindings. Dispatch ceil(count / 64) x 1 x 1.
//
// Per invocation i < count: destination[i] = source[i] * 2.0 + 1.0 (float32), and
// destination[count + i] = the source element read through a pointer advanced by i elements
// (Floats(source_address + 4 * i).values[0]), which equals source[i].
layout(local_size_x = 64) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats {
    float values[];
};

layout(push_constant) uniform Constants {
    Floats source;
    Floats destination;
    uint count;
} pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) {
        return;
    }
    pc.destination.values[i] = pc.source.values[i] * 2.0 + 1.0;
    Floats advanced = Floats(uint64_t(pc.source) + 4ul * uint64_t(i));
    pc.destination.values[pc.count + i] = advanced.values[0];
}
