#version 450 core
// coopMatMulAdd arithmetic: workgroup w computes D_w = A_w x B_w + C_w (all row-major in their
// buffers) and stores D_w. Types by define: AT (A and B), CT (C and the result); SAT adds
// gl_MatrixOperandsSaturatingAccumulation.
//
// @binding 0 0 a  AT[workgroups * M * K]
// @binding 0 1 b  AT[workgroups * K * N]
// @binding 0 2 c  CT[workgroups * M * N]
// @binding 0 3 d  CT[workgroups * M * N]
// @spec 0 local size x, 1 M, 2 N, 3 K
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint M = 16;
layout(constant_id = 2) const uint N = 16;
layout(constant_id = 3) const uint K = 16;

layout(set = 0, binding = 0) readonly buffer A { AT a[]; };
layout(set = 0, binding = 1) readonly buffer B { AT b[]; };
layout(set = 0, binding = 2) readonly buffer C { CT c[]; };
layout(set = 0, binding = 3) writeonly buffer D { CT d[]; };

void main() {
    uint w = gl_WorkGroupID.x;
    coopmat<AT, SCOPE, M, K, gl_MatrixUseA> ma;
    coopmat<AT, SCOPE, K, N, gl_MatrixUseB> mb;
    coopmat<CT, SCOPE, M, N, gl_MatrixUseAccumulator> mc;
    coopMatLoad(ma, a, w * M * K, K, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mb, b, w * K * N, N, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mc, c, w * M * N, N, gl_CooperativeMatrixLayoutRowMajor);
#ifdef SAT
    coopmat<CT, SCOPE, M, N, gl_MatrixUseAccumulator> md = coopMatMulAdd(ma, mb, mc, gl_MatrixOperandsSaturatingAccumulation);
#else
    coopmat<CT, SCOPE, M, N, gl_MatrixUseAccumulator> md = coopMatMulAdd(ma, mb, mc);
#endif
    coopMatStore(md, d, w * M * N, N, gl_CooperativeMatrixLayoutRowMajor);
}
