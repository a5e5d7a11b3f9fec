#version 450 core
#extension GL_NV_cooperative_matrix2 : enable
// coopMatReduceNV: workgroup w loads probe matrix w (ROWS x COLS accumulator, row-major), reduces
// it with MODE and the combine function COMBINE, and stores the RROWS x RCOLS result row-major.
// The combine functions are chosen so that the result names how the implementation combined:
//   combine_path   a >= b ? 2a : 2b + 1. With one leaf 1 and the rest 0, the result, in binary, is 1
//                  followed by the leaf's path from its deepest combine to the root (0 = it came in
//                  as the first operand, 1 = as the second): the whole tree, leaf by leaf.
//   combine_depth  max(a, b) + 1: with one leaf BIG and the rest 0, BIG + the leaf's depth.
//   combine_left   a >= b ? a + 1 : b: BIG + how often the BIG leaf was the first operand.
//   combine_calls  a + b + 1: with all leaves 0, how many combines made the result.
//   combine_first  a: the leaf that ends up leftmost (leaves hold their indices).
//   combine_sum, combine_min, combine_max: the ordinary reductions.
//
// @binding 0 0 probes   T[workgroups * ROWS * COLS]
// @binding 0 1 results  T[workgroups * RROWS * RCOLS]
// @spec 0 local size x, 1 ROWS, 2 COLS, 3 RROWS, 4 RCOLS
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ROWS = 16;
layout(constant_id = 2) const uint COLS = 16;
layout(constant_id = 3) const uint RROWS = 16;
layout(constant_id = 4) const uint RCOLS = 16;

layout(set = 0, binding = 0) readonly buffer Probes { T probes[]; };
layout(set = 0, binding = 1) writeonly buffer Results { T results[]; };

T combine_path(const in T a, const in T b) { return a >= b ? T(2) * a : T(2) * b + T(1); }
T combine_depth(const in T a, const in T b) { return max(a, b) + T(1); }
T combine_left(const in T a, const in T b) { return a >= b ? a + T(1) : b; }
T combine_calls(const in T a, const in T b) { return a + b + T(1); }
T combine_first(const in T a, const in T b) { return a; }
T combine_sum(const in T a, const in T b) { return a + b; }
T combine_min(const in T a, const in T b) { return min(a, b); }
T combine_max(const in T a, const in T b) { return max(a, b); }

void main() {
    uint probe = gl_WorkGroupID.x;
    coopmat<T, SCOPE, ROWS, COLS, gl_MatrixUseAccumulator> m;
    coopmat<T, SCOPE, RROWS, RCOLS, gl_MatrixUseAccumulator> r;
    coopMatLoad(m, probes, probe * ROWS * COLS, COLS, gl_CooperativeMatrixLayoutRowMajor);
    coopMatReduceNV(r, m, MODE, COMBINE);
    coopMatStore(r, results, probe * RROWS * RCOLS, RCOLS, gl_CooperativeMatrixLayoutRowMajor);
}
