#version 450
// The 64-bit twin of intdiv32.comp.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { int64_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { int64_t b[]; };
layout(set = 0, binding = 2) writeonly buffer R { int64_t r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int64_t x = a[i];
    int64_t y = b[i];
    r[5 * i + 0] = x / y;
    r[5 * i + 1] = int64_t(uint64_t(x) / uint64_t(y));
    r[5 * i + 2] = x % y;
    r[5 * i + 3] = x % y;
    r[5 * i + 4] = int64_t(uint64_t(x) % uint64_t(y));
}
