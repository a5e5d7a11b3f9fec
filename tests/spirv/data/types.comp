#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
// 8-, 16- and 64-bit integers, 16- and 64-bit floats, in buffers and in arithmetic.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Halves { float16_t halves[]; };
layout(set = 0, binding = 1) readonly buffer Bytes { int8_t bytes[]; };
layout(set = 0, binding = 2) readonly buffer Shorts { uint16_t shorts[]; };
layout(set = 0, binding = 3) readonly buffer Longs { int64_t longs[]; };
layout(set = 0, binding = 4) readonly buffer Doubles { double doubles[]; };
layout(set = 0, binding = 5) buffer HalfOut { f16vec2 half_out[]; };
layout(set = 0, binding = 6) buffer LongOut { uint64_t long_out[]; };
layout(set = 0, binding = 7) buffer DoubleOut { double double_out[]; };
layout(set = 0, binding = 8) buffer SmallOut { i16vec2 small_out[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    float16_t h = halves[i];
    f16vec2 hv = f16vec2(h * h + float16_t(1.5), h / (h + float16_t(3.0)));
    half_out[i] = fma(hv, f16vec2(float16_t(0.25)), hv.yx);
    int64_t big = longs[i] * int64_t(bytes[i]) + int64_t(shorts[i]) * 65537l;
    long_out[i] = uint64_t(big) >> 3 ^ (uint64_t(big) << 61);
    double d = doubles[i];
    double_out[i] = d * d / 3.0lf + double(big) + sqrt(abs(d));
    small_out[i] = i16vec2(int16_t(bytes[i]) * int16_t(300), int16_t(shorts[i]) - int16_t(bytes[i]));
}
