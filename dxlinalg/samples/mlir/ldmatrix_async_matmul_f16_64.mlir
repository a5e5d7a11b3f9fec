// ldmatrix_async_matmul_f16_64: C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; tiles staged in workgroup memory by nvgpu.device_async_copy, read by nvgpu.ldmatrix.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @ldmatrix_async_matmul_f16_64() attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %c-8_i32 = arith.constant -8 : i32
    %c-16_i32 = arith.constant -16 : i32
    %c4_i32 = arith.constant 4 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
    %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<64x64xf16, #gpu.address_space<global>>
    %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : memref<64x64xf16, #gpu.address_space<global>>
    %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) binding(2) alignment(64) offset(%c0) : memref<64x64xf32, #gpu.address_space<global>>
    %alloc = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
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
    %14 = arith.index_castui %workgroup_id_x : index to i32
    %15 = arith.muli %14, %c16_i32 overflow<nsw> : i32
    %16 = arith.addi %15, %6 : i32
    %17 = arith.addi %16, %7 : i32
    %18 = arith.index_cast %17 : i32 to index
    %19 = gpu.lane_id upper_bound 32
    %20 = arith.index_castui %19 : index to i32
    %21 = arith.remui %20, %c16_i32 : i32
    %22 = arith.index_castui %21 : i32 to index
    %23 = arith.divui %20, %c16_i32 : i32
    %24 = arith.muli %23, %c8_i32 overflow<nsw> : i32
    %25 = arith.index_castui %24 : i32 to index
    cf.br ^bb1(%c0_i32, %cst, %cst, %cst, %cst : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>)
  ^bb1(%26: i32, %27: vector<2xf32>, %28: vector<2xf32>, %29: vector<2xf32>, %30: vector<2xf32>):  // 2 preds: ^bb0, ^bb2
    %31 = arith.cmpi slt, %26, %c64_i32 : i32
    cf.cond_br %31, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %32:2 = vector.to_elements %29 : vector<2xf32>
    %33:2 = vector.to_elements %30 : vector<2xf32>
    %34 = vector.from_elements %32#0, %32#1, %33#0, %33#1 : vector<2x2xf32>
    %35:2 = vector.to_elements %27 : vector<2xf32>
    %36:2 = vector.to_elements %28 : vector<2xf32>
    %37 = vector.from_elements %35#0, %35#1, %36#0, %36#1 : vector<2x2xf32>
    %38 = arith.addi %8, %26 : i32
    %39 = arith.index_cast %38 : i32 to index
    %40 = nvgpu.device_async_copy %0[%13, %39], %alloc[%5, %9], 8 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, #gpu.address_space<workgroup>>
    %41 = arith.addi %4, %26 : i32
    %42 = arith.index_castui %41 : i32 to index
    %43 = nvgpu.device_async_copy %1[%42, %18], %alloc_0[%5, %9], 8 bypassL1 : memref<64x64xf16, #gpu.address_space<global>> to memref<16x16xf16, #gpu.address_space<workgroup>>
    %44 = nvgpu.device_async_create_group %40, %43
    nvgpu.device_async_wait %44
    gpu.barrier
    %45 = nvgpu.ldmatrix %alloc[%22, %25] numTiles = 4 transpose = false : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %46 = nvgpu.ldmatrix %alloc_0[%22, %25] numTiles = 4 transpose = true : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %47 = vector.extract %46[0] : vector<2xf16> from vector<4x2xf16>
    %48 = vector.extract %46[1] : vector<2xf16> from vector<4x2xf16>
    %49 = vector.extract %46[2] : vector<2xf16> from vector<4x2xf16>
    %50 = vector.extract %46[3] : vector<2xf16> from vector<4x2xf16>
    %51:2 = vector.to_elements %49 : vector<2xf16>
    %52:2 = vector.to_elements %50 : vector<2xf16>
    %53 = vector.from_elements %51#0, %51#1, %52#0, %52#1 : vector<2x2xf16>
    %54:2 = vector.to_elements %47 : vector<2xf16>
    %55:2 = vector.to_elements %48 : vector<2xf16>
    %56 = vector.from_elements %54#0, %54#1, %55#0, %55#1 : vector<2x2xf16>
    %57 = nvgpu.mma.sync(%45, %56, %37) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %58 = vector.extract %57[0] : vector<2xf32> from vector<2x2xf32>
    %59 = vector.extract %57[1] : vector<2xf32> from vector<2x2xf32>
    %60 = nvgpu.mma.sync(%45, %53, %34) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %61 = vector.extract %60[0] : vector<2xf32> from vector<2x2xf32>
    %62 = vector.extract %60[1] : vector<2xf32> from vector<2x2xf32>
    gpu.barrier
    %63 = arith.addi %26, %c16_i32 : i32
    cf.br ^bb1(%63, %58, %59, %61, %62 : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>)
  ^bb3:  // pred: ^bb1
    %64 = arith.divui %20, %c4_i32 : i32
    %65 = arith.addi %11, %64 : i32
    %66 = arith.index_castui %65 : i32 to index
    %67 = arith.muli %64, %c-8_i32 overflow<nsw> : i32
    %68 = arith.addi %15, %67 : i32
    %69 = arith.muli %20, %c2_i32 overflow<nsw> : i32
    %70 = arith.addi %68, %69 : i32
    %71 = arith.index_cast %70 : i32 to index
    vector.store %27, %2[%66, %71] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    %72 = arith.addi %65, %c8_i32 overflow<nsw> : i32
    %73 = arith.index_castui %72 : i32 to index
    vector.store %28, %2[%73, %71] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    %74 = arith.addi %70, %c8_i32 overflow<nsw> : i32
    %75 = arith.index_cast %74 : i32 to index
    vector.store %29, %2[%66, %75] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %30, %2[%73, %75] : memref<64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    return
  }
}
