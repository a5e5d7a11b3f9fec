// The HLSL that dxlinalg/samples/mlp_training.py stands for (not executed; SM 6.9 preview, DXC 1.8.2505,
// -T cs_6_9 -enable-16bit-types -HV 2021). Parameters are FP16 in OUTER_PRODUCT_OPTIMAL; the
// offsets are compile-time constants here (the Python closes over the same values).
#include "dx/linalg.h"
using namespace dx::linalg;

#define LOSS_SCALE 128.0
static const uint W_OFFSET[3] = { W0_OFFSET, W1_OFFSET, W2_OFFSET };   // from the host's plan
static const uint B_OFFSET[3] = { B0_OFFSET, B1_OFFSET, B2_OFFSET };

ByteAddressBuffer params : register(t0);
RWByteAddressBuffer grads : register(u0);
RWByteAddressBuffer losses : register(u1);
cbuffer Constants : register(b0) { uint batch; uint step; };

float2 SampleUV(uint thread, uint step);          // PCG hash, as sample_uv in the Python
float3 Target(float2 uv);                         // the procedural image, as target_image
vector<float, 16> EncodeUV(float2 uv);            // as mlp_inference's Encode

[numthreads(64, 1, 1)]
void train(uint3 id : SV_DispatchThreadID) {
    uint thread = id.x;
    if (thread >= batch) return;
    float2 uv = SampleUV(thread, step);
    float3 target = Target(uv);

    // forward: MulAdd on the training (outer-product-optimal) layout
    vector<half, 16> a0 = (vector<half, 16>)EncodeUV(uv);
    MatrixRef<DATA_TYPE_FLOAT16, 32, 16, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> W0 = {params, W_OFFSET[0], 0};
    MatrixRef<DATA_TYPE_FLOAT16, 32, 32, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> W1 = {params, W_OFFSET[1], 0};
    MatrixRef<DATA_TYPE_FLOAT16, 3, 32, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> W2 = {params, W_OFFSET[2], 0};
    VectorRef<DATA_TYPE_FLOAT16> b0 = {params, B_OFFSET[0]}, b1 = {params, B_OFFSET[1]}, b2 = {params, B_OFFSET[2]};
    vector<half, 32> z1 = MulAdd<half>(W0, MakeInterpretedVector<DATA_TYPE_FLOAT16>(a0), b0);
    vector<half, 32> a1 = max(z1, (half)0);
    vector<half, 32> z2 = MulAdd<half>(W1, MakeInterpretedVector<DATA_TYPE_FLOAT16>(a1), b1);
    vector<half, 32> a2 = max(z2, (half)0);
    vector<half, 3> z3 = MulAdd<half>(W2, MakeInterpretedVector<DATA_TYPE_FLOAT16>(a2), b2);
    float3 y = 1.0 / (1.0 + exp(-(float3)z3));
    float3 error = y - target;
    losses.Store<float>(thread * 4, dot(error, error) / 3.0);

    // backward: dLoss/dz through the sigmoid, scaled so FP16 gradients do not underflow
    vector<half, 3> d3 = (vector<half, 3>)(error * y * (1.0 - y) * (2.0 * LOSS_SCALE / 3.0) / batch);
    RWMatrixRef<DATA_TYPE_FLOAT16, 3, 32, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> G2 = {grads, W_OFFSET[2], 0};
    OuterProductAccumulate(d3, a2, G2);
    VectorAccumulate(d3, grads, B_OFFSET[2]);
    // W2^T d3 with the transposed load of the same matrix (needs TransposeSupported)
    MatrixRef<DATA_TYPE_FLOAT16, 32, 3, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, true> W2t = {params, W_OFFSET[2], 0};
    vector<half, 32> d2 = Mul<half>(W2t, MakeInterpretedVector<DATA_TYPE_FLOAT16>(d3));
    d2 = select(z2 > 0, d2, (half)0);
    RWMatrixRef<DATA_TYPE_FLOAT16, 32, 32, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> G1 = {grads, W_OFFSET[1], 0};
    OuterProductAccumulate(d2, a1, G1);
    VectorAccumulate(d2, grads, B_OFFSET[1]);
    MatrixRef<DATA_TYPE_FLOAT16, 32, 32, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, true> W1t = {params, W_OFFSET[1], 0};
    vector<half, 32> d1 = Mul<half>(W1t, MakeInterpretedVector<DATA_TYPE_FLOAT16>(d2));
    d1 = select(z1 > 0, d1, (half)0);
    RWMatrixRef<DATA_TYPE_FLOAT16, 32, 16, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> G0 = {grads, W_OFFSET[0], 0};
    OuterProductAccumulate(d1, a0, G0);
    VectorAccumulate(d1, grads, B_OFFSET[0]);
}

// Adam over the raw parameter buffer, one FP16 element per thread (the spec allows element-wise
// updates of OUTER_PRODUCT_OPTIMAL data); clears each gradient after reading it.
RWByteAddressBuffer paramsRW : register(u0);
RWByteAddressBuffer gradsRW : register(u1);
RWByteAddressBuffer master : register(u2);
RWByteAddressBuffer moments : register(u3);
cbuffer AdamConstants : register(b0) { uint count; float learningRate, beta1Power, beta2Power, inverseLossScale; };

[numthreads(64, 1, 1)]
void adam(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    if (i >= count) return;
    float g = (float)gradsRW.Load<half>(i * 2) * inverseLossScale;
    gradsRW.Store<half>(i * 2, (half)0);
    float2 mv = moments.Load<float2>(i * 8);
    mv.x = 0.9 * mv.x + 0.1 * g;
    mv.y = 0.999 * mv.y + 0.001 * g * g;
    moments.Store<float2>(i * 8, mv);
    float w = master.Load<float>(i * 4)
            - learningRate * (mv.x / (1.0 - beta1Power)) / (sqrt(mv.y / (1.0 - beta2Power)) + 1e-8);
    master.Store<float>(i * 4, w);
    paramsRW.Store<half>(i * 2, (half)w);
}
