#version 450
// The float16 twin of transc32.comp: operands are the low 16 bits of X and Y as float16_t, the
// function runs on float16_t, the result's bits go to the low 16 bits of R.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 256) in;
layout(constant_id = 0) const int FN = 0;
layout(set = 0, binding = 0) readonly buffer X { uint x[]; };
layout(set = 0, binding = 1) readonly buffer Y { uint y[]; };
layout(set = 0, binding = 2) writeonly buffer R { uint r[]; };
float16_t f(float16_t a, float16_t b) {
    switch (FN) {
    case 0: return exp(a);
    case 1: return exp2(a);
    case 2: return log(a);
    case 3: return log2(a);
    case 4: return sin(a);
    case 5: return cos(a);
    case 6: return tan(a);
    case 7: return asin(a);
    case 8: return acos(a);
    case 9: return atan(a);
    case 10: return sinh(a);
    case 11: return cosh(a);
    case 12: return tanh(a);
    case 13: return asinh(a);
    case 14: return acosh(a);
    case 15: return atanh(a);
    case 16: return sqrt(a);
    case 17: return inversesqrt(a);
    case 18: return float16_t(1.0) / a;
    case 19: return pow(a, b);
    case 20: return atan(a, b);
    case 21: return a / b;
    default: return a;
    }
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    float16_t a = uint16BitsToHalf(uint16_t(x[i] & 0xFFFFu));
    float16_t b = uint16BitsToHalf(uint16_t(y[i] & 0xFFFFu));
    r[i] = uint(halfBitsToUint16(f(a, b)));
}
