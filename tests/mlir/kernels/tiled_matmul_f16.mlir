// Hand-written: C (32x16, f32) = A (32x32, f16) x B (32x16, f16). One warp per workgroup computes a 16x8 tile of C:
// for each 16-wide K step it stages A's 16x16 and B's 16x8 tiles in workgroup memory, loads the mma fragments with
// nvgpu.ldmatrix (A x4, B x2 transposed) and accumulates with nvgpu.mma.sync m16n8k16. Grid (2, 2, 1).
module {
  func.func @matmul(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %tid = gpu.thread_id x upper_bound 32
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m0 = arith.muli %bx, %c16 overflow<nsw> : index
    %n0 = arith.muli %by, %c8 overflow<nsw> : index
    %sa = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x8xf16, #gpu.address_space<workgroup>>
    %arow = arith.divui %tid, %c2 : index
    %ahalf = arith.remui %tid, %c2 : index
    %acol = arith.muli %ahalf, %c8 : index
    %lrow = arith.remui %tid, %c16 : index
    %copies_b = arith.cmpi ult, %tid, %c16 : index
    %lq = arith.divui %tid, %c16 : index
    %lcol = arith.muli %lq, %c8 : index
    %res = scf.for %k = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      %gr = arith.addi %m0, %arow : index
      %gc = arith.addi %k, %acol : index
      %va = vector.load %A[%gr, %gc] : memref<32x32xf16>, vector<8xf16>
      vector.store %va, %sa[%arow, %acol] : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      scf.if %copies_b {
        %gk = arith.addi %k, %lrow : index
        %vb = vector.load %B[%gk, %n0] : memref<32x16xf16>, vector<8xf16>
        vector.store %vb, %sb[%lrow, %c0] : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      }
      gpu.barrier
      %fa = nvgpu.ldmatrix %sa[%lrow, %lcol] numTiles = 4 transpose = false : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %fb = nvgpu.ldmatrix %sb[%lrow, %c0] numTiles = 2 transpose = true : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %d = nvgpu.mma.sync(%fa, %fb, %acc) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %d : vector<2x2xf32>
    }
    %g = arith.divui %tid, %c4 : index
    %t = arith.remui %tid, %c4 : index
    %t2 = arith.muli %t, %c2 : index
    %r0 = arith.addi %m0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %cc = arith.addi %n0, %t2 : index
    %row0 = vector.extract %res[0] : vector<2xf32> from vector<2x2xf32>
    %row1 = vector.extract %res[1] : vector<2xf32> from vector<2x2xf32>
    vector.store %row0, %C[%r0, %cc] : memref<32x16xf32>, vector<2xf32>
    vector.store %row1, %C[%r1, %cc] : memref<32x16xf32>, vector<2xf32>
    return
  }
}
