#version 460
#extension GL_NV_cooperative_vector : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
// The neural-shading inference MLP of dxlinalg/samples/mlp_inference.py in GLSL (GL_NV_cooperative_vector):
// 16 frequency-encoded features -> 64 -> 64 -> 64 (ReLU) -> 3 (sigmoid), one invocation per pixel.
// Same network, buffer contents and arithmetic as the Python shaders `mlp_float` and `mlp_int8`,
// so the two surfaces can be compared bit for bit. build.py compiles four variants:
//   mlp_inference_fp16.spv  -DDT=gl_ComponentTypeFloat16NV    FP16 weights
//   mlp_inference_e4m3.spv  -DDT=gl_ComponentTypeFloatE4M3NV  FP8 E4M3 weights, FP16 activations
//   mlp_inference_e5m2.spv  -DDT=gl_ComponentTypeFloatE5M2NV  FP8 E5M2 weights, FP16 activations
//   mlp_inference_int8.spv  -DINT8=1                          int8 weights, packed int8 activations
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpTypeCooperativeVectorNV OpCooperativeVectorMatrixMulAddNV
// @local_size 64 1 1
// @binding 0 0 weights  readonly  the four matrices, InferencingOptimal (the Python's MUL_OPTIMAL bytes),
//                                 each at weightOffset[layer] (64-byte aligned; the Python aligns to 128)
// @binding 0 1 biases   readonly  the four bias vectors at biasOffset[layer]: FP16 (float variants) or
//                                 int32 (int8 variant), 16-byte aligned (the Python aligns to 64)
// @binding 0 2 image    writeonly float32 RGB, 12 bytes per pixel, pixel = y * width + x
// @push_constant[!INT8] 48   the float variants: width, height, pads, weightOffset, biasOffset
// @push_constant[INT8] 80    the int8 variant: also dequant and quant
// No specialization constants. Dispatch ceil(width / 64) x height x 1, as the Python does.
//
// Push constants: the Python's root constants word for word (a cbuffer's 16-byte rows):
//   0  uint width, height, pad, pad    16 uvec4 weightOffset    32 uvec4 biasOffset
//   48 vec4 dequant (int8 only: accumulator -> float, per layer)
//   64 vec4 quant   (int8 only: float -> int8, of each layer's input)
//
// Arithmetic, as the Python shader's (float32 unless said; no fused operations):
//   u = (float(x) + 0.5) / float(width), v likewise with y and height;
//   features[i, 4+i, 8+i, 12+i] = sin(u*s), cos(u*s), sin(v*s), cos(v*s), s = 2^i * float32(pi), i < 4;
//   float: x0 = float16(features) (round to nearest even); per layer
//     x = MatMulAdd(W, x as DT, bias FP16) with FP16 result, ReLU = max(x, +0) on the hidden layers;
//   int8: q = int(roundEven(features * quant[0])), clamped to [-128, 127] and packed four to a
//     uint, component 0 in the low byte; per layer a = MatMulAdd(W int8, q as SignedInt8Packed,
//     bias int32) with int32 result (MatrixResultSignedComponents), y = float(a) * dequant[layer],
//     ReLU and requantise with quant[layer + 1] on the hidden layers;
//   rgb = 1.0 / (1.0 + exp(-float(output))), stored as three floats.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Weights { uint weights[]; };
layout(set = 0, binding = 1) readonly buffer Biases { uint biases[]; };
layout(set = 0, binding = 2) writeonly buffer Image { float image[]; };
layout(push_constant) uniform Constants {
    uint width;
    uint height;
    uint pad0;
    uint pad1;
    uvec4 weightOffset;
    uvec4 biasOffset;
#ifdef INT8
    vec4 dequant;
    vec4 quant;
#endif
} pc;

const float PI = 3.14159265;   // rounds to float32(pi), 0x40490FDB, as np.float32(np.pi)
const int OPTIMAL = gl_CooperativeVectorMatrixLayoutInferencingOptimalNV;

coopvecNV<float, 16> encode(uvec2 xy) {
    float u = (float(xy.x) + 0.5) / float(pc.width);
    float v = (float(xy.y) + 0.5) / float(pc.height);
    coopvecNV<float, 16> features;
    for (uint i = 0u; i < 4u; ++i) {
        float s = float(1u << i) * PI;
        features[i] = sin(u * s);
        features[4u + i] = cos(u * s);
        features[8u + i] = sin(v * s);
        features[12u + i] = cos(v * s);
    }
    return features;
}

void store_rgb(uint pixel, coopvecNV<float, 3> y) {
    coopvecNV<float, 3> one = coopvecNV<float, 3>(1.0);
    coopvecNV<float, 3> rgb = one / (one + exp(-y));
    for (uint c = 0u; c < 3u; ++c) {
        image[3u * pixel + c] = rgb[c];
    }
}

#ifdef INT8
uint pack_clamp_s8(ivec4 q) {
    uvec4 bytes = uvec4(clamp(q, ivec4(-128), ivec4(127))) & 0xFFu;
    return bytes.x | (bytes.y << 8) | (bytes.z << 16) | (bytes.w << 24);
}

uint quantise_four(float a, float b, float c, float d, float scale) {
    return pack_clamp_s8(ivec4(roundEven(vec4(a, b, c, d) * scale)));
}

coopvecNV<uint32_t, 16> requantise(coopvecNV<float, 64> y, float scale) {
    coopvecNV<uint32_t, 16> packed;
    for (uint w = 0u; w < 16u; ++w) {
        packed[w] = quantise_four(y[4u * w], y[4u * w + 1u], y[4u * w + 2u], y[4u * w + 3u], scale);
    }
    return packed;
}

coopvecNV<float, 64> relu(coopvecNV<float, 64> y) {
    return max(y, coopvecNV<float, 64>(0.0));
}
#endif

void main() {
    uvec2 xy = gl_GlobalInvocationID.xy;
    if (xy.x >= pc.width) {
        return;
    }
    uint pixel = xy.y * pc.width + xy.x;
    coopvecNV<float, 16> features = encode(xy);
#ifdef INT8
    const int PACKED = gl_ComponentTypeSignedInt8PackedNV;
    const int S8 = gl_ComponentTypeSignedInt8NV;
    const int S32 = gl_ComponentTypeSignedInt32NV;
    coopvecNV<uint32_t, 4> p0;
    for (uint w = 0u; w < 4u; ++w) {
        p0[w] = quantise_four(features[4u * w], features[4u * w + 1u], features[4u * w + 2u], features[4u * w + 3u],
                              pc.quant[0]);
    }
    coopvecNV<int32_t, 64> a1;
    coopVecMatMulAddNV(a1, p0, PACKED, weights, pc.weightOffset[0], S8, biases, pc.biasOffset[0], S32,
                       64, 16, OPTIMAL, false, 0);
    coopvecNV<uint32_t, 16> p1 = requantise(relu(coopvecNV<float, 64>(a1) * pc.dequant[0]), pc.quant[1]);
    coopvecNV<int32_t, 64> a2;
    coopVecMatMulAddNV(a2, p1, PACKED, weights, pc.weightOffset[1], S8, biases, pc.biasOffset[1], S32,
                       64, 64, OPTIMAL, false, 0);
    coopvecNV<uint32_t, 16> p2 = requantise(relu(coopvecNV<float, 64>(a2) * pc.dequant[1]), pc.quant[2]);
    coopvecNV<int32_t, 64> a3;
    coopVecMatMulAddNV(a3, p2, PACKED, weights, pc.weightOffset[2], S8, biases, pc.biasOffset[2], S32,
                       64, 64, OPTIMAL, false, 0);
    coopvecNV<uint32_t, 16> p3 = requantise(relu(coopvecNV<float, 64>(a3) * pc.dequant[2]), pc.quant[3]);
    coopvecNV<int32_t, 3> a4;
    coopVecMatMulAddNV(a4, p3, PACKED, weights, pc.weightOffset[3], S8, biases, pc.biasOffset[3], S32,
                       3, 64, OPTIMAL, false, 0);
    store_rgb(pixel, coopvecNV<float, 3>(a4) * pc.dequant[3]);
#else
    const int F16 = gl_ComponentTypeFloat16NV;
    coopvecNV<float16_t, 64> zero = coopvecNV<float16_t, 64>(float16_t(0.0));
    coopvecNV<float16_t, 16> x0 = coopvecNV<float16_t, 16>(features);
    coopvecNV<float16_t, 64> x1;
    coopVecMatMulAddNV(x1, x0, DT, weights, pc.weightOffset[0], DT, biases, pc.biasOffset[0], F16,
                       64, 16, OPTIMAL, false, 0);
    x1 = max(x1, zero);
    coopvecNV<float16_t, 64> x2;
    coopVecMatMulAddNV(x2, x1, DT, weights, pc.weightOffset[1], DT, biases, pc.biasOffset[1], F16,
                       64, 64, OPTIMAL, false, 0);
    x2 = max(x2, zero);
    coopvecNV<float16_t, 64> x3;
    coopVecMatMulAddNV(x3, x2, DT, weights, pc.weightOffset[2], DT, biases, pc.biasOffset[2], F16,
                       64, 64, OPTIMAL, false, 0);
    x3 = max(x3, zero);
    coopvecNV<float16_t, 3> y;
    coopVecMatMulAddNV(y, x3, DT, weights, pc.weightOffset[3], DT, biases, pc.biasOffset[3], F16,
                       3, 64, OPTIMAL, false, 0);
    store_rgb(pixel, coopvecNV<float, 3>(y));
#endif
}
