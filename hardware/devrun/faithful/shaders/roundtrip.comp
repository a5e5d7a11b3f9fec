#version 450
// float -> float16 -> float (OpFConvert twice) and float -> bfloat16 -> float: does the driver keep
// the narrowing? R0[i] = float(float16_t(x)), R1[i] = float(bfloat16_t(x)), R2 = the float16 bits
// of float16_t(x) computed on its own (a reference the driver cannot fold away).
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_bfloat16 : require
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { uint x[]; };
layout(set = 0, binding = 1) writeonly buffer R { uint r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float a = uintBitsToFloat(x[i]);
    r[3 * i + 0] = floatBitsToUint(float(float16_t(a)));
    r[3 * i + 1] = floatBitsToUint(float(bfloat16_t(a)));
    r[3 * i + 2] = uint(halfBitsToUint16(float16_t(a)));
}
