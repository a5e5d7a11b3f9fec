#version 450 core
#extension GL_NV_cooperative_matrix2 : enable
// coopMatPerElementNV: how often, by whom and in which order the function runs. Workgroup w loads
// matrix w (ROWS x COLS, use USE, element (r, c) = r * COLS + c + 1) and applies `visit` (or, with
// EXTRA, `visit_extra` with a second matrix and a scalar). Every call takes a ticket from
// counters[0] (atomicAdd), counts itself in counters[1 + (w * ROWS + row) * COLS + col] and logs
// 4 uint32 at calls[4 * ticket]: subgroup invocation | subgroup id << 8 | workgroup << 16,
// row, col, the element's float bits. It returns 2 * element + 1 (EXTRA: element * scalar + other).
//
// @binding 0 0 inputs    T[workgroups * ROWS * COLS]
// @binding 0 1 others    T[workgroups * ROWS * COLS]   (EXTRA)
// @binding 0 2 results   T[workgroups * ROWS * COLS]
// @binding 0 3 counters  uint32[1 + workgroups * ROWS * COLS]
// @binding 0 4 calls     uint32[4 * LOG_CALLS]
// @spec 0 local size x, 1 ROWS, 2 COLS, 3 USE, 4 LOG_CALLS
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ROWS = 16;
layout(constant_id = 2) const uint COLS = 16;
layout(constant_id = 3) const int USE = 2;
layout(constant_id = 4) const uint LOG_CALLS = 4096;

layout(set = 0, binding = 0) readonly buffer Inputs { T inputs[]; };
layout(set = 0, binding = 1) readonly buffer Others { T others[]; };
layout(set = 0, binding = 2) writeonly buffer Results { T results[]; };
layout(set = 0, binding = 3) buffer Counters { uint counters[]; };
layout(set = 0, binding = 4) writeonly buffer Calls { uint calls[]; };

void log_call(uint32_t row, uint32_t col, float element) {
    uint ticket = atomicAdd(counters[0], 1u);
    atomicAdd(counters[1u + (gl_WorkGroupID.x * ROWS + row) * COLS + col], 1u);
    if (ticket < LOG_CALLS) {
        calls[4u * ticket] = gl_SubgroupInvocationID | (gl_SubgroupID << 8) | (gl_WorkGroupID.x << 16);
        calls[4u * ticket + 1u] = row;
        calls[4u * ticket + 2u] = col;
        calls[4u * ticket + 3u] = floatBitsToUint(element);
    }
}

T visit(const in uint32_t row, const in uint32_t col, const in T element) {
    log_call(row, col, float(element));
    return T(2) * element + T(1);
}

T visit_extra(const in uint32_t row, const in uint32_t col, const in T element, const in T other, const in T scalar) {
    log_call(row, col, float(element));
    return element * scalar + other;
}

void main() {
    uint w = gl_WorkGroupID.x;
    coopmat<T, SCOPE, ROWS, COLS, USE> m;
    coopmat<T, SCOPE, ROWS, COLS, USE> r;
    coopMatLoad(m, inputs, w * ROWS * COLS, COLS, gl_CooperativeMatrixLayoutRowMajor);
#ifdef EXTRA
    coopmat<T, SCOPE, ROWS, COLS, USE> other;
    coopMatLoad(other, others, w * ROWS * COLS, COLS, gl_CooperativeMatrixLayoutRowMajor);
    coopMatPerElementNV(r, m, visit_extra, other, T(3));
#else
    coopMatPerElementNV(r, m, visit);
#endif
    coopMatStore(r, results, w * ROWS * COLS, COLS, gl_CooperativeMatrixLayoutRowMajor);
}
