// ldmatrix_async_matmul_f16_64 as a plain func.func with memref arguments (vector level): the kernel of
// ldmatrix_async_matmul_f16_64.gpu.vector.mlir outside a gpu.module, for a runner given the block size (32, 1, 1)
// and the grid (4, 4, 1). tools/build_mlir_kernels.py lowers it with lower_async_mma.transform.mlir, then
// lower-affine, canonicalize, cse. It computes what ldmatrix_async_matmul_f16_64 computes.
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (n, k)>
#mC = affine_map<(m, n, k) -> (m, n)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @ldmatrix_async_matmul_f16_64_func(%a: memref<64x64xf16, #gpu.address_space<global>>, %b: memref<64x64xf16, #gpu.address_space<global>>, %c: memref<64x64xf32, #gpu.address_space<global>>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %sa = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
  %sb = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
  %res:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc0 = %zero, %acc1 = %zero) -> (vector<16x8xf32>, vector<16x8xf32>) {
    %i0 = arith.constant 0 : index
    %i2 = arith.constant 2 : index
    %i8 = arith.constant 8 : index
    %i16 = arith.constant 16 : index
    %f0 = arith.constant 0.0 : f16
    %wx = gpu.block_id x
    %wy = gpu.block_id y
    %tid = gpu.thread_id x
    %row = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%tid]
    %col = affine.apply affine_map<()[s0] -> ((s0 mod 2) * 8)>()[%tid]
    %ar = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 2)>()[%wy, %tid]
    %ac = affine.apply affine_map<()[s0, s1] -> (s0 + (s1 mod 2) * 8)>()[%k, %tid]
    %va = vector.transfer_read %a[%ar, %ac], %f0 {in_bounds = [true]} : memref<64x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.transfer_write %va, %sa[%row, %col] {in_bounds = [true]} : vector<8xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
    %br = affine.apply affine_map<()[s0, s1] -> (s0 + s1 floordiv 2)>()[%k, %tid]
    %bc = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + (s1 mod 2) * 8)>()[%wx, %tid]
    %vb = vector.transfer_read %b[%br, %bc], %f0 {in_bounds = [true]} : memref<64x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.transfer_write %vb, %sb[%row, %col] {in_bounds = [true]} : vector<8xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %A = vector.transfer_read %sa[%i0, %i0], %f0 {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %sb[%i0, %i0], %f0 {permutation_map = #tr, in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B0 = "vector.extract_strided_slice"(%B) <{offsets = [0, 0], sizes = [8, 16], strides = [1, 1]}> : (vector<16x16xf16>) -> vector<8x16xf16>
    %B1 = "vector.extract_strided_slice"(%B) <{offsets = [8, 0], sizes = [8, 16], strides = [1, 1]}> : (vector<16x16xf16>) -> vector<8x16xf16>
    %D0 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B0, %acc0 : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
    %D1 = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B1, %acc1 : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
    gpu.barrier
    scf.yield %D0, %D1 : vector<16x8xf32>, vector<16x8xf32>
  }
  %wx = gpu.block_id x
  %wy = gpu.block_id y
  %n0 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%wx]
  %m0 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%wy]
  %ct = memref.subview %c[%m0, %n0] [16, 16] [1, 1] : memref<64x64xf32, #gpu.address_space<global>> to memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>
  %o0 = arith.constant 0 : index
  %o8 = arith.constant 8 : index
  vector.transfer_write %res#0, %ct[%o0, %o0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>
  vector.transfer_write %res#1, %ct[%o0, %o8] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>
  return
}
