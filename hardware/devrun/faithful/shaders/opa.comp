#version 450
// One OuterProductAccumulate (OpCooperativeVectorOuterProductAccumulateNV) of a[i] = i + 1 (M
// components) and b[j] = j + 1 (N components), float16, into the matrix at byte OFFSET of binding 1,
// whose size the job file chooses (smaller than the layout's footprint for the probe). One
// invocation. LAYOUT: gl_CooperativeVectorMatrixLayout*NV; STRIDE for the row/column-major layouts.
#extension GL_NV_cooperative_vector : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint OFFSET = 0;
layout(set = 0, binding = 1) buffer Mat { uint m[]; };
void main() {
    coopvecNV<float16_t, M> a;
    coopvecNV<float16_t, N> b;
    for (int i = 0; i < M; i++) a[i] = float16_t(i + 1);
    for (int j = 0; j < N; j++) b[j] = float16_t(j + 1);
    coopVecOuterProductAccumulateNV(a, b, m, OFFSET, STRIDE, LAYOUT, gl_ComponentTypeFloat16NV);
}
