#version 450
// Misuse for the rejection tests: a Reduce reached by half of a subgroup (not in uniform control flow of its
// scope), undefined behaviour by SPV_NV_cooperative_matrix2 revision 2's tangled-instruction rule.
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1) buffer Dst { float dst[]; };

float add(const in float a, const in float b) { return a + b; }

void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> m, r;
    coopMatLoad(m, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    r = m;
    if (gl_SubgroupInvocationID * 2 < gl_SubgroupSize) {
        coopMatReduceNV(r, m, gl_CooperativeMatrixReduceRowNV, add);
    }
    coopMatStore(r, dst, gl_SubgroupID * 256, 16, gl_CooperativeMatrixLayoutRowMajor);
}
