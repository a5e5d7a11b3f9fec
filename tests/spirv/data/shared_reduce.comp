#version 450
// A workgroup tree reduction in shared memory with barriers, and a shared 2-D array.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer Inputs { float values[]; };
layout(set = 0, binding = 1) buffer Sums { float sums[]; };
layout(set = 0, binding = 2) buffer Rotated { float rotated[]; };
shared float partial[128];
shared float tile[8][16];

void main() {
    uint local = gl_LocalInvocationID.x;
    uint global = gl_GlobalInvocationID.x;
    partial[local] = values[global];
    tile[local / 16][local % 16] = values[global] * 2.0;
    barrier();
    for (uint stride = 64; stride > 0; stride >>= 1) {
        if (local < stride) partial[local] += partial[local + stride];
        barrier();
    }
    if (local == 0) sums[gl_WorkGroupID.x] = partial[0];
    rotated[global] = tile[(local / 16 + 1) % 8][local % 16];
}
