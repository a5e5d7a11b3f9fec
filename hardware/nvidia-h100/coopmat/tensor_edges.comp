#version 450 core
#extension GL_NV_cooperative_matrix2 : enable
// Tensor-addressed loads and stores at their edges: clamp modes hanging past the layout, a layout
// dimension of 1, clip rectangles (the default span 0xFFFFFFFF with a nonzero offset wraps in
// uint32), out-of-bounds stores, a slice applied twice. One 16 x 16 matrix (use USE) per run.
//
// Defines: RANK (1 or 2), STORE (store through the layout; else load through it), VIEW (with a
// clipping view), SLICE_TWICE (a second slice by OFF2, OFF3 with the same spans).
//   load:  m = T(-0.5) everywhere; coopMatLoadTensorNV(m, src, BASE, layout[, view]); m is stored
//          row-major to dump (so clipped elements show -0.5).
//   store: m = the plain row-major load of src at BASE (element (r, c) = src[BASE + 16 r + c]);
//          coopMatStoreTensorNV(m, dst, BASE, layout[, view]); dst shows what was written.
// The host fills src[BASE + k] = k (negative below BASE) and dst with a sentinel.
//
// @binding 0 0 src   T[]
// @binding 0 1 dst   T[]
// @binding 0 2 dump  T[256]
// @spec 0 local size x, 1 CLAMP, 2 DIM0, 3 DIM1, 4 OFF0, 5 SPAN0, 6 OFF1, 7 SPAN1, 8 CLAMP_VALUE,
//       9 CLIP_ROW, 10 CLIP_ROW_SPAN, 11 CLIP_COL, 12 CLIP_COL_SPAN, 13 OFF2, 14 OFF3, 15 BASE, 16 USE
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint CLAMP = 0;
layout(constant_id = 2) const uint DIM0 = 16;
layout(constant_id = 3) const uint DIM1 = 16;
layout(constant_id = 4) const uint OFF0 = 0;
layout(constant_id = 5) const uint SPAN0 = 16;
layout(constant_id = 6) const uint OFF1 = 0;
layout(constant_id = 7) const uint SPAN1 = 16;
layout(constant_id = 8) const uint CLAMP_VALUE = 0;
layout(constant_id = 9) const uint CLIP_ROW = 0;
layout(constant_id = 10) const uint CLIP_ROW_SPAN = 0xFFFFFFFFu;
layout(constant_id = 11) const uint CLIP_COL = 0;
layout(constant_id = 12) const uint CLIP_COL_SPAN = 0xFFFFFFFFu;
layout(constant_id = 13) const uint OFF2 = 0;
layout(constant_id = 14) const uint OFF3 = 0;
layout(constant_id = 15) const uint BASE = 1024;
layout(constant_id = 16) const int USE = 2;

layout(set = 0, binding = 0) buffer Src { T src[]; };
layout(set = 0, binding = 1) buffer Dst { T dst[]; };
layout(set = 0, binding = 2) writeonly buffer Dump { T dump[]; };

void main() {
    coopmat<T, SCOPE, 16, 16, USE> m;
#if RANK == 1
    tensorLayoutNV<1, CLAMP> t = createTensorLayoutNV(1, CLAMP);
    t = setTensorLayoutDimensionNV(t, DIM0);
    t = setTensorLayoutClampValueNV(t, CLAMP_VALUE);
    t = sliceTensorLayoutNV(t, OFF0, SPAN0);
#ifdef SLICE_TWICE
    t = sliceTensorLayoutNV(t, OFF2, SPAN0);
#endif
#else
    tensorLayoutNV<2, CLAMP> t = createTensorLayoutNV(2, CLAMP);
    t = setTensorLayoutDimensionNV(t, DIM0, DIM1);
    t = setTensorLayoutClampValueNV(t, CLAMP_VALUE);
    t = sliceTensorLayoutNV(t, OFF0, SPAN0, OFF1, SPAN1);
#ifdef SLICE_TWICE
    t = sliceTensorLayoutNV(t, OFF2, SPAN0, OFF3, SPAN1);
#endif
#endif
#ifdef VIEW
    tensorViewNV<RANK> v = createTensorViewNV(RANK);
    v = setTensorViewClipNV(v, CLIP_ROW, CLIP_ROW_SPAN, CLIP_COL, CLIP_COL_SPAN);
#endif
#ifdef STORE
    coopMatLoad(m, src, BASE, 16, gl_CooperativeMatrixLayoutRowMajor);
#ifdef VIEW
    coopMatStoreTensorNV(m, dst, BASE, t, v);
#else
    coopMatStoreTensorNV(m, dst, BASE, t);
#endif
#else
    m = coopmat<T, SCOPE, 16, 16, USE>(T(-0.5));
#ifdef VIEW
    coopMatLoadTensorNV(m, src, BASE, t, v);
#else
    coopMatLoadTensorNV(m, src, BASE, t);
#endif
#endif
    coopMatStore(m, dump, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
}
