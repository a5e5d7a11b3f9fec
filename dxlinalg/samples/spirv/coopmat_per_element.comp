#version 450
// OpCooperativeMatrixPerElementOpNV from GL_NV_cooperative_matrix2: a function of (row, column, element) and
// one with an extra matrix operand and an extra scalar operand. Each subgroup writes its own 512-float region.
// `placed` also counts its calls, so a run shows how often the implementation calls Func.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadKHR OpCooperativeMatrixPerElementOpNV OpCooperativeMatrixStoreKHR OpAtomicIAdd
// @local_size 32 1 1
// @binding 0 0 src   readonly float[256]: the 16 x 16 matrix, row-major
// @binding 0 1 other readonly float[256]: the extra matrix operand, row-major
// @binding 0 2 dst            float[512 per subgroup]: placed at 0, scaleAdd at 256 (16 x 16, row-major)
// @binding 0 3 calls          uint: how many times `placed` was called
// @push_constant 4            float factor: scaleAdd's extra scalar operand is factor + gl_SubgroupID
// Dispatch 1 x 1 x 1 (tests/spirv/test_coopmat_nv2.py compares with dxlinalg.coopmat.per_element).
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1) readonly buffer Other { float other[]; };
layout(set = 0, binding = 2) buffer Dst { float dst[]; };
layout(set = 0, binding = 3) buffer Calls { uint calls; };
layout(push_constant) uniform Factor { float factor; };
const uint REGION = 512;

float placed(const in uint row, const in uint col, const in float element) {
    atomicAdd(calls, 1u);
    return element + float(row * 100u + col);
}
float scaleAdd(const in uint row, const in uint col, const in float element, const in float o, const in float f) { return element * f + o - float(row); }

void main() {
    uint base = gl_SubgroupID * REGION;
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> m, o, r1, r2;
    coopMatLoad(m, src, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(o, other, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatPerElementNV(r1, m, placed);
    coopMatStore(r1, dst, base, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatPerElementNV(r2, m, scaleAdd, o, factor + float(gl_SubgroupID));   // an operand uniform per subgroup
    coopMatStore(r2, dst, base + 256, 16, gl_CooperativeMatrixLayoutRowMajor);
}
