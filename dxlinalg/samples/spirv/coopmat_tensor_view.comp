#version 450
// Tensor layouts and views through GL_NV_cooperative_matrix2, one 16x16 fp16 matrix per case: every clamp mode,
// SetStride, SetClampValue, a 3-D layout, views with a permutation, dimensions, strides and a clip, a block-size
// layout read through a DecodeFunc, and tensor stores through a clipped view and a clamping layout.
// Each loaded matrix is stored row-major (coopMatStoreKHR-style, stride 16) at out[case * 256].
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpCooperativeMatrixLoadTensorNV OpCooperativeMatrixStoreTensorNV OpCooperativeMatrixStoreKHR
// @local_size 32 1 1
// @binding 0 0 src readonly float16_t[1024]
// @binding 0 1 outv         float16_t[9 * 256]
// @binding 0 2 stored       float16_t[1024]
// @push_constant 40         uint H, W; int row0, col0; uint pitch, clampBits, clipRow, clipRowSpan, clipCol, clipColSpan
// Dispatch 1 x 1 x 1 (tests/spirv/test_coopmat_tensor_spirv.py runs it against dxlinalg.coopmat).
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { float16_t src[]; };
layout(set = 0, binding = 1) buffer Out { float16_t outv[]; };
layout(set = 0, binding = 2) buffer Stored { float16_t stored[]; };
layout(push_constant) uniform Params {
    uint H; uint W;            // the 2-D tensor in src (row-major, H x W)
    int row0; int col0;        // the slice's offsets (may be negative)
    uint pitch;                // SetStride's row stride (elements)
    uint clampBits;            // SetClampValue's value
    uint clipRow; uint clipRowSpan; uint clipCol; uint clipColSpan;
};
layout(buffer_reference, std430, buffer_reference_align = 2) buffer Pair { uint16_t half2[2]; };

const uint T = 16;
#define MAT coopmat<float16_t, gl_ScopeSubgroup, T, T, gl_MatrixUseAccumulator>
#define MODE(m) tensorLayoutNV<2, gl_CooperativeMatrixClampMode##m##NV>

// One element per call: its block's second half-word if coordInBlock is 1, the first otherwise, plus blockCoord[0] & 3.
float16_t decodePair(const in Pair block, const in uint32_t blockCoord[2], const in uint32_t coordInBlock[2]) {
    return uint16BitsToFloat16(block.half2[coordInBlock[1]]) + float16_t(blockCoord[0] & 3u);
}

void emit(MAT m, uint slot) {
    coopMatStore(m, outv, slot * T * T, T, gl_CooperativeMatrixLayoutRowMajor);
}

void main() {
    MAT zero = MAT(0.0);
    MAT m;
    // 0-3: the clamp modes on a slice that may cross the tensor's edges
    MODE(ClampToEdge) edge = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeClampToEdgeNV);
    edge = setTensorLayoutDimensionNV(edge, H, W);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(edge, row0, T, col0, T)); emit(m, 0);
    MODE(Repeat) rep = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeRepeatNV);
    rep = setTensorLayoutDimensionNV(rep, H, W);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(rep, row0, T, col0, T)); emit(m, 1);
    MODE(MirrorRepeat) mir = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeMirrorRepeatNV);
    mir = setTensorLayoutDimensionNV(mir, H, W);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(mir, row0, T, col0, T)); emit(m, 2);
    MODE(Constant) con = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV);
    con = setTensorLayoutDimensionNV(con, H, W);
    con = setTensorLayoutClampValueNV(con, clampBits);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(con, row0, T, col0, T)); emit(m, 3);
    // 4: SetStride: rows `pitch` elements apart (a sub-tensor of the same memory)
    MODE(Constant) pitched = setTensorLayoutStrideNV(con, pitch, 1);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(pitched, row0, T, col0, T)); emit(m, 4);
    // 5: a view that swaps the two dimensions (a transposed load), clipped; clipped elements keep Object's (7.0)
    tensorViewNV<2, false, 1, 0> swapped = createTensorViewNV(2, false, 1, 0);
    swapped = setTensorViewClipNV(swapped, clipRow, clipRowSpan, clipCol, clipColSpan);
    m = MAT(7.0); coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(con, 0, T, 0, T), swapped); emit(m, 5);
    // 6: a 3-D layout (2 x 8 x 16) read through a 3-D view with its own dimensions and strides (space-to-depth)
    tensorLayoutNV<3, gl_CooperativeMatrixClampModeConstantNV> cube = createTensorLayoutNV(3, gl_CooperativeMatrixClampModeConstantNV);
    cube = setTensorLayoutDimensionNV(cube, 2, 8, 16);
    tensorViewNV<3, true, 1, 0, 2> depth = createTensorViewNV(3, true, 1, 0, 2);
    depth = setTensorViewDimensionsNV(depth, 2, 8, 16);
    depth = setTensorViewStrideNV(depth, 128, 16, 1);
    m = zero; coopMatLoadTensorNV(m, src, 0, cube, depth); emit(m, 6);
    // 7: block size 1 x 2 and a DecodeFunc: each element decoded from its block of two half-words
    MODE(ClampToEdge) blocks = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeClampToEdgeNV);
    blocks = setTensorLayoutBlockSizeNV(blocks, 1, 2);
    blocks = setTensorLayoutDimensionNV(blocks, H, W);
    m = zero; coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(blocks, row0, T, col0, T), decodePair); emit(m, 7);
    // 8: a DecodeFunc through a view (the swapped, clipped one)
    m = MAT(7.0); coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(blocks, 0, T, 0, T), swapped, decodePair); emit(m, 8);
    // stores: the slot-0 matrix through the clipped view, then through the clamping layout (out-of-bounds discarded)
    MAT loaded = zero;
    coopMatLoadTensorNV(loaded, src, 0, sliceTensorLayoutNV(con, 0, T, 0, T));
    MODE(Constant) target = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV);
    target = setTensorLayoutDimensionNV(target, T, T);
    coopMatStoreTensorNV(loaded, stored, 0, target, swapped);
    MODE(ClampToEdge) edgeOut = createTensorLayoutNV(2, gl_CooperativeMatrixClampModeClampToEdgeNV);
    edgeOut = setTensorLayoutDimensionNV(edgeOut, H, W);
    coopMatStoreTensorNV(loaded, stored, T * T, sliceTensorLayoutNV(edgeOut, row0, T, col0, T));
}
