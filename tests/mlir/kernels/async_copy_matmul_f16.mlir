// Hand-written, upstream form (gpu.module / gpu.func kernel, buffers by argument position): the tiled f16 matmul of
// tiled_matmul_f16.mlir with A's tile brought into a workgroup attribution by nvgpu.device_async_copy (cp.async,
// 16 bytes per thread), committed with device_async_create_group and waited for with device_async_wait; B's tile
// is copied by vector.transfer_read/transfer_write. Grid (2, 2, 1), 32 threads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>)
        workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>, %sb: memref<16x8xf16, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %pad = arith.constant 0.0 : f16
      %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %tid = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %bx, %c16 : index
      %n0 = arith.muli %by, %c8 : index
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
        %token = nvgpu.device_async_copy %A[%gr, %gc], %sa[%arow, %acol], 8 : memref<32x32xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
        %group = nvgpu.device_async_create_group %token
        scf.if %copies_b {
          %gk = arith.addi %k, %lrow : index
          %vb = vector.transfer_read %B[%gk, %n0], %pad {in_bounds = [true]} : memref<32x16xf16>, vector<8xf16>
          vector.transfer_write %vb, %sb[%lrow, %c0] {in_bounds = [true]} : vector<8xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>
        }
        nvgpu.device_async_wait %group numGroups = 0
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
      gpu.return
    }
  }
}
