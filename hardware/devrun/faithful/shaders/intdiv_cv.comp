#version 450
// Integer division of cooperative vectors (as Slang's CoopVec div/mod tests do): 8 components a
// lane, 32-bit. Writes SDiv then UDiv (each 8 words) per invocation (SPV_NV_cooperative_vector
// allows no remainder instruction on cooperative vectors).
#extension GL_NV_cooperative_vector : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { int a[]; };
layout(set = 0, binding = 1) readonly buffer B { int b[]; };
layout(set = 0, binding = 2) writeonly buffer R { int r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    coopvecNV<int32_t, 8> x;
    coopvecNV<int32_t, 8> y;
    coopVecLoadNV(x, a, 32 * i);
    coopVecLoadNV(y, b, 32 * i);
    coopvecNV<uint32_t, 8> ux = coopvecNV<uint32_t, 8>(x);
    coopvecNV<uint32_t, 8> uy = coopvecNV<uint32_t, 8>(y);
    coopVecStoreNV(x / y, r, 64 * i);
    coopVecStoreNV(ux / uy, r, 64 * i + 32);
}
