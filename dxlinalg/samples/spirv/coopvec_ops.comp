#version 460
#extension GL_NV_cooperative_vector : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
// The element-wise instructions SPV_NV_cooperative_vector allows on cooperative vectors, with
// loads and stores from storage-buffer and workgroup memory: one result per 32-byte slot.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpTypeCooperativeVectorNV OpCooperativeVectorLoadNV OpCooperativeVectorStoreNV OpControlBarrier
// @local_size 32 1 1
// @binding 0 0 inputs   readonly  64 bytes per invocation i at 64i: a = 8 float16 (offset 0),
//                                 b = 8 float16 (offset 16), c = 8 uint32 (offset 32)
// @binding 0 1 outputs  writeonly 24 slots of 32 bytes per invocation: slot k at 768i + 32k
//                                 (16-bit results fill the first 16 bytes of their slot)
// @push_constant 4      uint count (invocations i >= count return; the workgroup slot 22 then
//                                 reads an undefined neighbour: dispatch whole groups of 32)
// Dispatch ceil(count / 32) x 1 x 1.
//
// Slots (f16 = coopvecNV<float16_t, 8>, f32 = <float, 8>, u32 = <uint32_t, 8>, s32 = <int32_t, 8>):
//   0 a + b   1 a - b   2 a * b   3 a / b   4 -a   5 a * 3.0 (OpVectorTimesScalar)
//   6 min(a, b)   7 max(a, b)   8 clamp(a, -1, 1)   9 step(b, a)   10 exp(a)   11 log(b)
//   12 tanh(a)   13 atan(a)   14 fma(a, b, a)                                  (all f16)
//   15 f32(a)                           16 s32(f32(a) * 100.0) (OpConvertFToS)
//   17 f32(c) (OpConvertUToF)           18 ((c >> 3) ^ (c << 2)) & ~c | (c & 0xF0)        (u32)
//   19 c * 3 + c / 7 (u32)              20 s = s32(c): (s >> 1) + s / -3 - (-s)           (s32)
//   21 a with component (i & 7) set to 42, then component ((i + 1) & 7) set to a's component (i & 7)
//   22 a of invocation (l + 1) % 32 of the same workgroup, through workgroup memory
//   23 {a, b}[i & 1] (a cooperative-vector array in Function storage)
// Slot 16 is undefined where a is not finite (OpConvertFToS out of range is undefined behaviour).
layout(local_size_x = 32) in;

layout(set = 0, binding = 0) readonly buffer Inputs { uint inputs[]; };
layout(set = 0, binding = 1) writeonly buffer Outputs { uint outputs[]; };
layout(push_constant) uniform Constants { uint count; } pc;

shared uint neighbours[32 * 4];

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint l = gl_LocalInvocationIndex;
    if (i >= pc.count) {
        return;
    }
    coopvecNV<float16_t, 8> a, b;
    coopvecNV<uint32_t, 8> c;
    coopVecLoadNV(a, inputs, 64u * i);
    coopVecLoadNV(b, inputs, 64u * i + 16u);
    coopVecLoadNV(c, inputs, 64u * i + 32u);
    uint base = 768u * i;

    coopVecStoreNV(a + b, outputs, base + 32u * 0u);
    coopVecStoreNV(a - b, outputs, base + 32u * 1u);
    coopVecStoreNV(a * b, outputs, base + 32u * 2u);
    coopVecStoreNV(a / b, outputs, base + 32u * 3u);
    coopVecStoreNV(-a, outputs, base + 32u * 4u);
    coopVecStoreNV(a * float16_t(3.0), outputs, base + 32u * 5u);
    coopVecStoreNV(min(a, b), outputs, base + 32u * 6u);
    coopVecStoreNV(max(a, b), outputs, base + 32u * 7u);
    coopvecNV<float16_t, 8> lo = coopvecNV<float16_t, 8>(float16_t(-1.0));
    coopvecNV<float16_t, 8> hi = coopvecNV<float16_t, 8>(float16_t(1.0));
    coopVecStoreNV(clamp(a, lo, hi), outputs, base + 32u * 8u);
    coopVecStoreNV(step(b, a), outputs, base + 32u * 9u);
    coopVecStoreNV(exp(a), outputs, base + 32u * 10u);
    coopVecStoreNV(log(b), outputs, base + 32u * 11u);
    coopVecStoreNV(tanh(a), outputs, base + 32u * 12u);
    coopVecStoreNV(atan(a), outputs, base + 32u * 13u);
    coopVecStoreNV(fma(a, b, a), outputs, base + 32u * 14u);

    coopvecNV<float, 8> wide = coopvecNV<float, 8>(a);
    coopVecStoreNV(wide, outputs, base + 32u * 15u);
    coopVecStoreNV(coopvecNV<int32_t, 8>(wide * 100.0), outputs, base + 32u * 16u);
    coopVecStoreNV(coopvecNV<float, 8>(c), outputs, base + 32u * 17u);
    coopvecNV<uint32_t, 8> three = coopvecNV<uint32_t, 8>(3u);
    coopvecNV<uint32_t, 8> two = coopvecNV<uint32_t, 8>(2u);
    coopvecNV<uint32_t, 8> bits = ((c >> three) ^ (c << two)) & ~c | (c & coopvecNV<uint32_t, 8>(0xF0u));
    coopVecStoreNV(bits, outputs, base + 32u * 18u);
    coopVecStoreNV(c * three + c / coopvecNV<uint32_t, 8>(7u), outputs, base + 32u * 19u);
    coopvecNV<int32_t, 8> s = coopvecNV<int32_t, 8>(c);
    coopVecStoreNV((s >> coopvecNV<int32_t, 8>(1)) + s / coopvecNV<int32_t, 8>(-3) - (-s), outputs, base + 32u * 20u);

    coopvecNV<float16_t, 8> edited = a;
    edited[i & 7u] = float16_t(42.0);
    edited[(i + 1u) & 7u] = a[i & 7u];
    coopVecStoreNV(edited, outputs, base + 32u * 21u);

    coopVecStoreNV(a, neighbours, 16u * l);
    barrier();
    coopvecNV<float16_t, 8> neighbour;
    coopVecLoadNV(neighbour, neighbours, 16u * ((l + 1u) % 32u));
    coopVecStoreNV(neighbour, outputs, base + 32u * 22u);

    coopvecNV<float16_t, 8> pair[2] = {a, b};
    coopVecStoreNV(pair[i & 1u], outputs, base + 32u * 23u);
}
