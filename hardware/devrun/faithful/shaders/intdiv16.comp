#version 450
// The 16-bit twin of intdiv32.comp: operands are the low 16 bits of A and B; results are
// sign-extended (signed ops) or zero-extended (unsigned ops) to 32 bits.
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { int a[]; };
layout(set = 0, binding = 1) readonly buffer B { int b[]; };
layout(set = 0, binding = 2) writeonly buffer R { int r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int16_t x = int16_t(a[i]);
    int16_t y = int16_t(b[i]);
    uint16_t ux = uint16_t(x);
    uint16_t uy = uint16_t(y);
    r[5 * i + 0] = int(x / y);
    r[5 * i + 1] = int(uint(ux / uy));
    r[5 * i + 2] = int(x % y);
    r[5 * i + 3] = int(x % y);
    r[5 * i + 4] = int(uint(ux % uy));
}
