#version 450
#extension GL_EXT_shader_atomic_float : require
// Atomics in buffer and shared memory; return values depend on the lane order.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Inputs { uint values[]; };
layout(set = 0, binding = 1) buffer Counters {
    uint histogram[16];
    uint minimum; uint maximum; uint bits_and; uint bits_or; uint bits_xor; uint exchanged; uint swapped;
    int signed_min; int signed_max;
    float float_sum;
} counters;
layout(set = 0, binding = 2) buffer Returned { uint returned[]; };
shared uint local_histogram[16];

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    if (gl_LocalInvocationID.x < 16) local_histogram[gl_LocalInvocationID.x] = 0;
    barrier();
    uint before = atomicAdd(counters.histogram[v % 16], 1u);
    atomicAdd(local_histogram[v % 16], v);
    atomicMin(counters.minimum, v);
    atomicMax(counters.maximum, v);
    atomicAnd(counters.bits_and, v | 0xF0000000u);
    atomicOr(counters.bits_or, v & 0xFFu);
    atomicXor(counters.bits_xor, v);
    uint previous = atomicExchange(counters.exchanged, i);
    uint seen = atomicCompSwap(counters.swapped, i, i + 1u);   // succeeds lane after lane
    atomicMin(counters.signed_min, int(v) - 500);
    atomicMax(counters.signed_max, int(v) - 500);
    atomicAdd(counters.float_sum, float(v) * 0.1);
    barrier();
    returned[i] = before ^ (previous << 8) ^ (seen << 16);
    if (gl_LocalInvocationID.x < 16)
        atomicAdd(counters.histogram[gl_LocalInvocationID.x], local_histogram[gl_LocalInvocationID.x] & 1u);
}
