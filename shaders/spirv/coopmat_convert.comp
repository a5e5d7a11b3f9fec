#version 450
// OpCooperativeMatrixConvertNV (Accumulator -> A, Accumulator -> B, same component type) and
// OpCooperativeMatrixTransposeNV (a 16x8 Accumulator -> an 8x16 MatrixB) from GL_NV_cooperative_matrix2, and an
// OpFConvert that changes the component type and the Use at once (allowed with CooperativeMatrixConversionsNV).
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float16_t src[]; };
layout(set = 0, binding = 1) buffer Dst { float16_t dst[]; };
layout(set = 0, binding = 2) buffer Wide { float wide[]; };
const uint REGION = 1024;

void main() {
    uint base = gl_SubgroupID * REGION;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> square;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> tall;
    coopMatLoad(square, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(tall, src, 256, 8, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> widened = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(square);
    coopMatStore(widened, wide, gl_SubgroupID * 256, 16, gl_CooperativeMatrixLayoutRowMajor);

    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> a = coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(square);
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> b = coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB>(square);
    coopmat<float16_t, gl_ScopeSubgroup, 8, 16, gl_MatrixUseB> transposed;
    coopMatTransposeNV(transposed, tall);

    coopMatStore(a, dst, base, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(b, dst, base + 256, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(transposed, dst, base + 512, 16, gl_CooperativeMatrixLayoutRowMajor);
}
