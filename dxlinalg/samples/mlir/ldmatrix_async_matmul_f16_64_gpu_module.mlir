// ldmatrix_async_matmul_f16_64_gpu_module: C[64x64 f32] = A[64x64 f16] x B[64x64 f16] as ldmatrix_async_matmul_f16_64, in a gpu.module / gpu.func kernel with memref arguments.
// Upstream MLIR kernel form at the nvgpu level, written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.gpu.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma_gpu.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ldmatrix_async_matmul_f16_64_gpu(%arg0: memref<64x64xf16, #gpu.address_space<global>>, %arg1: memref<64x64xf16, #gpu.address_space<global>>, %arg2: memref<64x64xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c-8 = arith.constant -8 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c-1 = arith.constant -1 : index
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %alloc = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
      %alloc_0 = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
      %0:2 = scf.for %arg3 = %c0 to %c64 step %c16 iter_args(%arg4 = %cst, %arg5 = %cst) -> (vector<2x2xf32>, vector<2x2xf32>) {
        %block_id_x_1 = gpu.block_id x
        %block_id_y_2 = gpu.block_id y
        %thread_id_x = gpu.thread_id x
        %19 = arith.cmpi slt, %thread_id_x, %c0 : index
        %20 = arith.subi %c-1, %thread_id_x : index
        %21 = arith.select %19, %20, %thread_id_x : index
        %22 = arith.divsi %21, %c2 : index
        %23 = arith.subi %c-1, %22 : index
        %24 = arith.select %19, %23, %22 : index
        %25 = arith.remsi %thread_id_x, %c2 : index
        %26 = arith.cmpi slt, %25, %c0 : index
        %27 = arith.addi %25, %c2 : index
        %28 = arith.select %26, %27, %25 : index
        %29 = arith.muli %28, %c8 overflow<nsw> : index
        %30 = arith.muli %block_id_y_2, %c16 overflow<nsw> : index
        %31 = arith.addi %30, %24 : index
        %32 = arith.addi %arg3, %29 : index
        %33 = nvgpu.device_async_copy %arg0[%31, %32], %alloc[%24, %29], 8 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, #gpu.address_space<workgroup>>
        %34 = arith.addi %arg3, %24 : index
        %35 = arith.muli %block_id_x_1, %c16 overflow<nsw> : index
        %36 = arith.addi %35, %29 : index
        %37 = nvgpu.device_async_copy %arg1[%34, %36], %alloc_0[%24, %29], 8 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, #gpu.address_space<workgroup>>
        %38 = nvgpu.device_async_create_group %33, %37
        nvgpu.device_async_wait %38
        gpu.barrier
        %39 = gpu.lane_id
        %40 = arith.remsi %39, %c16 : index
        %41 = arith.cmpi slt, %40, %c0 : index
        %42 = arith.addi %40, %c16 : index
        %43 = arith.select %41, %42, %40 : index
        %44 = arith.cmpi slt, %39, %c0 : index
        %45 = arith.subi %c-1, %39 : index
        %46 = arith.select %44, %45, %39 : index
        %47 = arith.divsi %46, %c16 : index
        %48 = arith.subi %c-1, %47 : index
        %49 = arith.select %44, %48, %47 : index
        %50 = arith.muli %49, %c8 overflow<nsw> : index
        %51 = nvgpu.ldmatrix %alloc[%43, %50] numTiles = 4 transpose = false : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %52 = nvgpu.ldmatrix %alloc_0[%43, %50] numTiles = 4 transpose = true : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %53 = vector.extract_strided_slice %52 offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : vector<4x2xf16> to vector<2x2xf16>
        %54 = vector.extract_strided_slice %52 offsets = [2, 0], sizes = [2, 2], strides = [1, 1] : vector<4x2xf16> to vector<2x2xf16>
        %55 = nvgpu.mma.sync(%51, %53, %arg4) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %56 = nvgpu.mma.sync(%51, %54, %arg5) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        gpu.barrier
        scf.yield %55, %56 : vector<2x2xf32>, vector<2x2xf32>
      }
      %block_id_x = gpu.block_id x
      %block_id_y = gpu.block_id y
      %1 = arith.muli %block_id_x, %c16 overflow<nsw> : index
      %2 = arith.muli %block_id_y, %c16 overflow<nsw> : index
      %subview = memref.subview %arg2[%2, %1] [16, 16] [1, 1] : memref<64x64xf32, #gpu.address_space<global>> to memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>
      %3 = gpu.lane_id
      %4 = vector.extract %0#0[0] : vector<2xf32> from vector<2x2xf32>
      %5 = arith.cmpi slt, %3, %c0 : index
      %6 = arith.subi %c-1, %3 : index
      %7 = arith.select %5, %6, %3 : index
      %8 = arith.divsi %7, %c4 : index
      %9 = arith.subi %c-1, %8 : index
      %10 = arith.select %5, %9, %8 : index
      %11 = arith.muli %3, %c2 overflow<nsw> : index
      %12 = arith.muli %10, %c-8 overflow<nsw> : index
      %13 = arith.addi %11, %12 : index
      vector.store %4, %subview[%10, %13] : memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, vector<2xf32>
      %14 = vector.extract %0#0[1] : vector<2xf32> from vector<2x2xf32>
      %15 = arith.addi %10, %c8 : index
      vector.store %14, %subview[%15, %13] : memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, vector<2xf32>
      %16 = vector.extract %0#1[0] : vector<2xf32> from vector<2x2xf32>
      %17 = arith.addi %13, %c8 : index
      vector.store %16, %subview[%10, %17] : memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, vector<2xf32>
      %18 = vector.extract %0#1[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %18, %subview[%15, %17] : memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, vector<2xf32>
      gpu.return
    }
  }
}

