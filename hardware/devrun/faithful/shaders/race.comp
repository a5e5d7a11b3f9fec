#version 450
// Several invocations store to one buffer word without atomics. T[i] is the word invocation i
// stores to (0xFFFFFFFF: no store); the value is i + 1. MODE 1 stores from two branch arms
// (even i: i + 1; odd i: (i + 1) | 0x80000000), MODE 2 stores twice (i + 1, then i + 1 | 0x40000000).
layout(local_size_x = 128) in;
layout(constant_id = 0) const int MODE = 0;
layout(set = 0, binding = 0) readonly buffer T { uint t[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint slot = t[i];
    if (slot == 0xFFFFFFFFu) return;
    if (MODE == 0) {
        o[slot] = i + 1u;
    } else if (MODE == 1) {
        if ((i & 1u) == 0u) o[slot] = i + 1u; else o[slot] = (i + 1u) | 0x80000000u;
    } else {
        o[slot] = i + 1u;
        o[slot] = (i + 1u) | 0x40000000u;
    }
}
