#version 460
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
// 8-, 16- and 64-bit types: storage, arithmetic (with wrapping) and conversions.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @local_size 32 1 1
// @binding 0 0 inputs   readonly  Inputs[count]  (std430 struct of 40 bytes, offsets below)
// @binding 0 1 outputs  writeonly Outputs[count] (std430 struct of 56 bytes, offsets below)
// @push_constant 4      uint count
// Dispatch ceil(count / 32) x 1 x 1.
//
// Per invocation i < count, with a = inputs[i]:
//   h       = a.h0 * a.h1 + a.h0               float16 math, each operation rounded to half
//   s16     = a.s16 * 3 - 7                    wraps in 16 bits
//   u16     = a.u16 + 65000                    wraps in 16 bits
//   s8      = int8(a.s16) + a.s8               int16 -> int8 keeps the low 8 bits; the sum wraps
//   u8      = (a.u8 >> 1) | 0x80
//   h_wide  = float(a.h0) * float(a.h1)        float32 product of two halves (exact)
//   d_to_h  = float16_t(a.d)                   float64 -> float16, one rounding
//   u64     = a.u64 * 6364136223846793005 + 1442695040888963407, wrapping in 64 bits
//   s64     = a.s64 / -3 + a.s64 % 5           OpSDiv (truncates) and OpSMod (sign of the divisor)
//   shifted = (a.u64 >> (a.u8 & 63)) ^ (a.u64 << 7)
//   d       = sqrt(abs(a.d)) + a.d * 0.5       float64
//   h_to_d  = double(a.h0)
layout(local_size_x = 32) in;

struct Inputs {
    float16_t h0;   // 0
    float16_t h1;   // 2
    int16_t s16;    // 4
    uint16_t u16;   // 6
    int8_t s8;      // 8
    uint8_t u8;     // 9
    uint64_t u64;   // 16
    int64_t s64;    // 24
    double d;       // 32
};

struct Outputs {
    float16_t h;        // 0
    int16_t s16;        // 2
    uint16_t u16;       // 4
    int8_t s8;          // 6
    uint8_t u8;         // 7
    float h_wide;       // 8
    float16_t d_to_h;   // 12
    uint64_t u64;       // 16
    int64_t s64;        // 24
    uint64_t shifted;   // 32
    double d;           // 40
    double h_to_d;      // 48
};

layout(set = 0, binding = 0, std430) readonly buffer In { Inputs inputs[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { Outputs outputs[]; };
layout(push_constant) uniform Constants { uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) {
        return;
    }
    Inputs a = inputs[i];
    Outputs o;
    o.h = a.h0 * a.h1 + a.h0;
    o.s16 = a.s16 * int16_t(3) - int16_t(7);
    o.u16 = a.u16 + uint16_t(65000);
    o.s8 = int8_t(a.s16) + a.s8;
    o.u8 = (a.u8 >> uint8_t(1)) | uint8_t(0x80);
    o.h_wide = float(a.h0) * float(a.h1);
    o.d_to_h = float16_t(a.d);
    o.u64 = a.u64 * 6364136223846793005ul + 1442695040888963407ul;
    o.s64 = a.s64 / -3l + a.s64 % 5l;
    o.shifted = (a.u64 >> (uint(a.u8) & 63u)) ^ (a.u64 << 7u);
    o.d = sqrt(abs(a.d)) + a.d * 0.5lf;
    o.h_to_d = double(a.h0);
    outputs[i] = o;
}
