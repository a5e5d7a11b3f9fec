#version 460
// Workgroup (groupshared) memory and control barriers: a tree reduction per workgroup.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpControlBarrier OpLoopMerge
// @local_size 64 1 1
// @binding 0 0 values  readonly  float[count]
// @binding 0 1 sums    writeonly uint[2 * groups]: sums[2g] = the bits of group g's float sum,
//                                sums[2g + 1] = the number of values group g read
// @push_constant 4     uint count
// Dispatch ceil(count / 64) x 1 x 1.
//
// Each invocation stores its value (0.0 past count) in shared memory; then for s = 32, 16, ..., 1
// invocations l < s add partial[l + s] into partial[l], with a barrier after every step, so the
// float sum has a fixed order: partial[l] = ((v[l] + v[l+32]) + (v[l+16] + v[l+48])) + ...
// Invocation 0 writes the group's sum. The count of values read goes through a second shared
// array reduced the same way, as uint.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Values { float values[]; };
layout(set = 0, binding = 1) writeonly buffer Sums { uint sums[]; };
layout(push_constant) uniform Constants { uint count; } pc;

shared float partial[64];
shared uint present[64];

void main() {
    uint l = gl_LocalInvocationIndex;
    uint i = gl_GlobalInvocationID.x;
    bool inside = i < pc.count;
    partial[l] = inside ? values[i] : 0.0;
    present[l] = inside ? 1u : 0u;
    barrier();
    for (uint s = gl_WorkGroupSize.x / 2u; s > 0u; s >>= 1u) {
        if (l < s) {
            partial[l] += partial[l + s];
            present[l] += present[l + s];
        }
        barrier();
    }
    if (l == 0u) {
        sums[2u * gl_WorkGroupID.x] = floatBitsToUint(partial[0]);
        sums[2u * gl_WorkGroupID.x + 1u] = present[0];
    }
}
