// The HLSL that dxlinalg/samples/mlp_inference.py stands for (not executed; SM 6.9 preview, DXC 1.8.2505,
// -T cs_6_9 -enable-16bit-types -HV 2021). Each Python line maps to the line here.
#include "dx/linalg.h"
using namespace dx::linalg;

#ifndef DT
#define DT DATA_TYPE_FLOAT16   // DATA_TYPE_FLOAT8_E4M3 / DATA_TYPE_FLOAT8_E5M2 for the FP8 variants
#endif
#define LAYERS 4

ByteAddressBuffer weights : register(t0);
ByteAddressBuffer biases : register(t1);
RWByteAddressBuffer image : register(u0);
cbuffer Constants : register(b0) {      // 32-bit root constants, 16-byte rows as in any cbuffer
    uint width, height, pad0, pad1;
    uint4 weightOffset;
    uint4 biasOffset;
    float4 dequant;                     // int8 variant only: accumulator -> float, per layer
    float4 quant;                       // int8 variant only: float -> int8 of each layer's input
};

vector<float, 16> Encode(uint2 xy) {
    float u = (float(xy.x) + 0.5) / float(width);
    float v = (float(xy.y) + 0.5) / float(height);
    vector<float, 16> f;
    [unroll] for (uint i = 0; i < 4; ++i) {
        float s = exp2(float(i)) * 3.14159265;
        f[i] = sin(u * s); f[4 + i] = cos(u * s); f[8 + i] = sin(v * s); f[12 + i] = cos(v * s);
    }
    return f;
}

[numthreads(64, 1, 1)]
void mlp_float(uint3 id : SV_DispatchThreadID) {      // Dispatch((width + 63) / 64, height, 1)
    if (id.x < width) {
        uint pixel = id.y * width + id.x;
        vector<half, 16> x0 = (vector<half, 16>)Encode(id.xy);
        MatrixRef<DT, 64, 16, MATRIX_LAYOUT_MUL_OPTIMAL> W0 = {weights, weightOffset[0], 0};
        VectorRef<DATA_TYPE_FLOAT16> b0 = {biases, biasOffset[0]};
        vector<half, 64> x1 = max(MulAdd<half>(W0, MakeInterpretedVector<DT>(x0), b0), (half)0);
        MatrixRef<DT, 64, 64, MATRIX_LAYOUT_MUL_OPTIMAL> W1 = {weights, weightOffset[1], 0};
        VectorRef<DATA_TYPE_FLOAT16> b1 = {biases, biasOffset[1]};
        vector<half, 64> x2 = max(MulAdd<half>(W1, MakeInterpretedVector<DT>(x1), b1), (half)0);
        MatrixRef<DT, 64, 64, MATRIX_LAYOUT_MUL_OPTIMAL> W2 = {weights, weightOffset[2], 0};
        VectorRef<DATA_TYPE_FLOAT16> b2 = {biases, biasOffset[2]};
        vector<half, 64> x3 = max(MulAdd<half>(W2, MakeInterpretedVector<DT>(x2), b2), (half)0);
        MatrixRef<DT, 3, 64, MATRIX_LAYOUT_MUL_OPTIMAL> W3 = {weights, weightOffset[3], 0};
        VectorRef<DATA_TYPE_FLOAT16> b3 = {biases, biasOffset[3]};
        vector<half, 3> y = MulAdd<half>(W3, MakeInterpretedVector<DT>(x3), b3);
        float3 rgb = 1.0 / (1.0 + exp(-(float3)y));
        image.Store<float3>(pixel * 12, rgb);
    }
}

// The int8 variant: quantised activations packed four to a uint (int8_t4_packed), int8 weights,
// int32 bias and accumulator.

[numthreads(64, 1, 1)]
void mlp_int8(uint3 id : SV_DispatchThreadID) {
    if (id.x < width) {
        uint pixel = id.y * width + id.x;
        vector<float, 16> f = Encode(id.xy);
        vector<uint, 4> p0;
        [unroll] for (uint i = 0; i < 4; ++i)                                 // 4 features per word
            p0[i] = pack_clamp_s8((int4)round(float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]) * quant[0]));
        MatrixRef<DATA_TYPE_SINT8, 64, 16, MATRIX_LAYOUT_MUL_OPTIMAL> W0 = {weights, weightOffset[0], 0};
        VectorRef<DATA_TYPE_SINT32> b0 = {biases, biasOffset[0]};
        vector<int, 64> a1 = MulAdd<int>(W0, MakeInterpretedVector<DATA_TYPE_SINT8_T4_PACKED>(p0), b0);
        vector<float, 64> y1 = max((vector<float, 64>)a1 * dequant[0], 0);
        // ... requantise y1 with quant[1], pack 16 words, and repeat for layers 1..3 ...
    }
}
