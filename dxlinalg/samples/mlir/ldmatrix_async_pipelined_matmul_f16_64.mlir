// ldmatrix_async_pipelined_matmul_f16_64: C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; double-buffered workgroup tiles, nvgpu.device_async_copy pipelined with depth 2 (device_async_wait numGroups = 1, predicated last copies), read by nvgpu.ldmatrix.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma_pipelined.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @ldmatrix_async_pipelined_matmul_f16_64() attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %c-8_i32 = arith.constant -8 : i32
    %c-16_i32 = arith.constant -16 : i32
    %c4_i32 = arith.constant 4 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
    %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<64x64xf16, #gpu.address_space<global>>
    %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : memref<64x64xf16, #gpu.address_space<global>>
    %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(2) alignment(64) offset(%c0) : memref<64x64xf32, #gpu.address_space<global>>
    %alloc = memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %reinterpret_cast = memref.reinterpret_cast %alloc_0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %cast = memref.cast %reinterpret_cast : memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %reinterpret_cast_1 = memref.reinterpret_cast %alloc to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %cast_2 = memref.cast %reinterpret_cast_1 : memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 4 : index
    %workgroup_id_y = hal.interface.workgroup.id[1] upper_bound 4 : index
    %thread_id_x = gpu.thread_id x upper_bound 32
    %3 = arith.index_castui %thread_id_x : index to i32
    %4 = arith.divui %3, %c2_i32 : i32
    %5 = arith.index_castui %4 : i32 to index
    %6 = arith.muli %4, %c-16_i32 overflow<nsw> : i32
    %7 = arith.muli %3, %c8_i32 overflow<nsw> : i32
    %8 = arith.addi %6, %7 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = arith.index_castui %workgroup_id_y : index to i32
    %11 = arith.muli %10, %c16_i32 overflow<nsw> : i32
    %12 = arith.addi %11, %4 : i32
    %13 = arith.index_castui %12 : i32 to index
    %14 = nvgpu.device_async_copy %0[%13, %9], %cast_2[%5, %9], 8 bypassL1 {__pipelining_first_stage__} : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %15 = arith.index_castui %workgroup_id_x : index to i32
    %16 = arith.muli %15, %c16_i32 overflow<nsw> : i32
    %17 = arith.addi %16, %6 : i32
    %18 = arith.addi %17, %7 : i32
    %19 = arith.index_cast %18 : i32 to index
    %20 = nvgpu.device_async_copy %1[%5, %19], %cast[%5, %9], 8 bypassL1 {__pipelining_first_stage__} : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %21 = nvgpu.device_async_create_group %14, %20 {__pipelining_first_stage__}
    %reinterpret_cast_3 = memref.reinterpret_cast %alloc_0 to offset: [256], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>
    %cast_4 = memref.cast %reinterpret_cast_3 : memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %reinterpret_cast_5 = memref.reinterpret_cast %alloc to offset: [256], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>
    %cast_6 = memref.cast %reinterpret_cast_5 : memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %22 = arith.addi %8, %c16_i32 overflow<nsw> : i32
    %23 = arith.index_cast %22 : i32 to index
    %24 = nvgpu.device_async_copy %0[%13, %23], %cast_6[%5, %9], 8 bypassL1 {__pipelining_first_stage__} : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %25 = arith.addi %4, %c16_i32 overflow<nsw> : i32
    %26 = arith.index_castui %25 : i32 to index
    %27 = nvgpu.device_async_copy %1[%26, %19], %cast_4[%5, %9], 8 bypassL1 {__pipelining_first_stage__} : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %28 = nvgpu.device_async_create_group %24, %27 {__pipelining_first_stage__}
    %29 = gpu.lane_id upper_bound 32
    %30 = arith.index_castui %29 : index to i32
    %31 = arith.remui %30, %c16_i32 : i32
    %32 = arith.index_castui %31 : i32 to index
    %33 = arith.divui %30, %c16_i32 : i32
    %34 = arith.muli %33, %c8_i32 overflow<nsw> : i32
    %35 = arith.index_castui %34 : i32 to index
    cf.br ^bb1(%c0_i32, %cst, %cst, %cst, %cst, %21, %28, %cast_2, %cast_6, %cast, %cast_4 : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
  ^bb1(%36: i32, %37: vector<2xf32>, %38: vector<2xf32>, %39: vector<2xf32>, %40: vector<2xf32>, %41: !nvgpu.device.async.token, %42: !nvgpu.device.async.token, %43: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %44: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %45: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %46: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>):  // 2 preds: ^bb0, ^bb2
    %47 = arith.cmpi slt, %36, %c64_i32 : i32
    cf.cond_br %47, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %48:2 = vector.to_elements %39 : vector<2xf32>
    %49:2 = vector.to_elements %40 : vector<2xf32>
    %50 = vector.from_elements %48#0, %48#1, %49#0, %49#1 : vector<2x2xf32>
    %51:2 = vector.to_elements %37 : vector<2xf32>
    %52:2 = vector.to_elements %38 : vector<2xf32>
    %53 = vector.from_elements %51#0, %51#1, %52#0, %52#1 : vector<2x2xf32>
    %54 = arith.cmpi slt, %36, %c32_i32 : i32
    nvgpu.device_async_wait %41 numGroups = 1
    gpu.barrier
    %55 = nvgpu.ldmatrix %43[%32, %35] numTiles = 4 transpose = false : memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %56 = nvgpu.ldmatrix %45[%32, %35] numTiles = 4 transpose = true : memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %57 = vector.extract %56[0] : vector<2xf16> from vector<4x2xf16>
    %58 = vector.extract %56[1] : vector<2xf16> from vector<4x2xf16>
    %59 = vector.extract %56[2] : vector<2xf16> from vector<4x2xf16>
    %60 = vector.extract %56[3] : vector<2xf16> from vector<4x2xf16>
    %61:2 = vector.to_elements %59 : vector<2xf16>
    %62:2 = vector.to_elements %60 : vector<2xf16>
    %63 = vector.from_elements %61#0, %61#1, %62#0, %62#1 : vector<2x2xf16>
    %64:2 = vector.to_elements %57 : vector<2xf16>
    %65:2 = vector.to_elements %58 : vector<2xf16>
    %66 = vector.from_elements %64#0, %64#1, %65#0, %65#1 : vector<2x2xf16>
    %67 = nvgpu.mma.sync(%55, %66, %53) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %68 = vector.extract %67[0] : vector<2xf32> from vector<2x2xf32>
    %69 = vector.extract %67[1] : vector<2xf32> from vector<2x2xf32>
    %70 = nvgpu.mma.sync(%55, %63, %50) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %71 = vector.extract %70[0] : vector<2xf32> from vector<2x2xf32>
    %72 = vector.extract %70[1] : vector<2xf32> from vector<2x2xf32>
    gpu.barrier
    %73 = arith.addi %36, %c32_i32 : i32
    %74 = arith.divui %73, %c16_i32 : i32
    %75 = arith.remui %74, %c2_i32 : i32
    %76 = arith.index_castui %75 : i32 to index
    %c256 = arith.constant 256 : index
    %77 = arith.muli %76, %c256 overflow<nsw> : index
    %reinterpret_cast_7 = memref.reinterpret_cast %alloc_0 to offset: [%77], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %c256_8 = arith.constant 256 : index
    %78 = arith.muli %76, %c256_8 overflow<nsw> : index
    %reinterpret_cast_9 = memref.reinterpret_cast %alloc to offset: [%78], sizes: [16, 16], strides: [16, 1] : memref<2x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %79 = arith.addi %8, %73 : i32
    %80 = arith.index_cast %79 : i32 to index
    %81 = arith.select %54, %c8, %c0 : index
    %82 = nvgpu.device_async_copy %0[%13, %80], %reinterpret_cast_9[%5, %9], 8, %81 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %83 = arith.addi %4, %73 : i32
    %84 = arith.index_castui %83 : i32 to index
    %85 = nvgpu.device_async_copy %1[%84, %19], %reinterpret_cast_7[%5, %9], 8, %81 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %86 = nvgpu.device_async_create_group %82, %85 {__pipelining_first_stage__}
    %87 = arith.addi %36, %c16_i32 : i32
    cf.br ^bb1(%87, %68, %69, %71, %72, %42, %86, %44, %reinterpret_cast_9, %46, %reinterpret_cast_7 : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
  ^bb3:  // pred: ^bb1
    %88 = arith.divui %30, %c4_i32 : i32
    %89 = arith.addi %11, %88 : i32
    %90 = arith.index_castui %89 : i32 to index
    %91 = arith.muli %88, %c-8_i32 overflow<nsw> : i32
    %92 = arith.addi %16, %91 : i32
    %93 = arith.muli %30, %c2_i32 overflow<nsw> : i32
    %94 = arith.addi %92, %93 : i32
    %95 = arith.index_cast %94 : i32 to index
    vector.store %37, %2[%90, %95] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    %96 = arith.addi %89, %c8_i32 overflow<nsw> : i32
    %97 = arith.index_castui %96 : i32 to index
    vector.store %38, %2[%97, %95] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    %98 = arith.addi %94, %c8_i32 overflow<nsw> : i32
    %99 = arith.index_cast %98 : i32 to index
    vector.store %39, %2[%90, %99] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %40, %2[%97, %99] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    return
  }
}
