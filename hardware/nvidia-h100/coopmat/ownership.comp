#version 450 core
// Element ownership: which invocation holds which element, and at which index.
// Two matrices are loaded row-major: ROW_VALUES holds r at (r, c), COL_VALUES holds c (both exact
// in every type for the sizes run). Invocation i writes RECORD uint32 at out[i * RECORD]:
//   length(), gl_SubgroupID, gl_SubgroupInvocationID, then (row, col) of element 0, 1, ...
//
// @binding 0 0 rowValues  T[ROWS * COLS]
// @binding 0 1 colValues  T[ROWS * COLS]
// @binding 0 2 records    uint32[invocations * RECORD]
// @spec 0 local size x, 1 ROWS, 2 COLS, 3 USE (0 A, 1 B, 2 accumulator), 4 RECORD
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ROWS = 16;
layout(constant_id = 2) const uint COLS = 16;
layout(constant_id = 3) const int USE = 0;
layout(constant_id = 4) const uint RECORD = 64;

layout(set = 0, binding = 0) readonly buffer RowValues { T rowValues[]; };
layout(set = 0, binding = 1) readonly buffer ColValues { T colValues[]; };
layout(set = 0, binding = 2) writeonly buffer Records { uint records[]; };

void main() {
    coopmat<T, SCOPE, ROWS, COLS, USE> rows;
    coopmat<T, SCOPE, ROWS, COLS, USE> cols;
    coopMatLoad(rows, rowValues, 0, COLS, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(cols, colValues, 0, COLS, gl_CooperativeMatrixLayoutRowMajor);
    uint base = gl_LocalInvocationIndex * RECORD;
    records[base] = uint(rows.length());
    records[base + 1u] = gl_SubgroupID;
    records[base + 2u] = gl_SubgroupInvocationID;
    for (int i = 0; i < rows.length(); ++i) {
        if (3u + 2u * uint(i) + 1u < RECORD) {
            records[base + 3u + 2u * uint(i)] = TO_U32(rows[i]);
            records[base + 4u + 2u * uint(i)] = TO_U32(cols[i]);
        }
    }
}
