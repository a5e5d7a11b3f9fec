#version 450
// bfloat16 conversions (SPV_KHR_bfloat16 OpFConvert): for invocation i,
// R[4i+0] = bits of bfloat16_t(float32 X[i]), R[4i+1] = bits of float(bfloat16 bits i & 0xFFFF),
// R[4i+2] = bits of float16_t(bfloat16 bits i & 0xFFFF), R[4i+3] = bits of bfloat16_t(float16 bits i & 0xFFFF).
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_bfloat16 : require
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { uint x[]; };
layout(set = 0, binding = 1) writeonly buffer R { uint r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint16_t low = uint16_t(i & 0xFFFFu);
    bfloat16_t fromFloat = bfloat16_t(uintBitsToFloat(x[i]));
    bfloat16_t bf = uintBitsToBFloat16EXT(low);
    float16_t h = uint16BitsToHalf(low);
    r[4 * i + 0] = uint(bfloat16BitsToUintEXT(fromFloat));
    r[4 * i + 1] = floatBitsToUint(float(bf));
    r[4 * i + 2] = uint(halfBitsToUint16(float16_t(bf)));
    r[4 * i + 3] = uint(bfloat16BitsToUintEXT(bfloat16_t(h)));
}
