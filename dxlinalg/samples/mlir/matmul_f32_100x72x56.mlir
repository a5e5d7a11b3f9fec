// matmul_f32_100x72x56: C[100x72 f32] = A[100x56 f32] x B[56x72 f32]; partial tiles: masked loads and stores, products summed by vector.reduction.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f32_100x72x56.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @matmul_f32_100x72x56_dispatch_0_matmul_100x72x56_f32() attributes {gpu.known_block_size = array<i32: 32, 8, 1>} {
    %c-16_i32 = arith.constant -16 : i32
    %c72_i32 = arith.constant 72 : i32
    %c7_i32 = arith.constant 7 : i32
    %c6_i32 = arith.constant 6 : i32
    %c4_i32 = arith.constant 4 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c16_i32 = arith.constant 16 : i32
    %c5_i32 = arith.constant 5 : i32
    %c100_i32 = arith.constant 100 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c56_i32 = arith.constant 56 : i32
    %c0_i32 = arith.constant 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %c-32_i32 = arith.constant -32 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
    %c0 = arith.constant 0 : index
    %thread_id_y = gpu.thread_id y upper_bound 8
    %thread_id_x = gpu.thread_id x upper_bound 32
    %0 = arith.index_castui %thread_id_y : index to i32
    %1 = arith.muli %0, %c32_i32 overflow<nsw> : i32
    %2 = arith.index_castui %thread_id_x : index to i32
    %3 = arith.addi %1, %2 overflow<nsw> : i32
    %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<100x56xf32, #gpu.address_space<global>>
    %assume_align = memref.assume_alignment %4, 64 : memref<100x56xf32, #gpu.address_space<global>>
    %5 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<56x72xf32, #gpu.address_space<global>>
    %assume_align_0 = memref.assume_alignment %5, 64 : memref<56x72xf32, #gpu.address_space<global>>
    %6 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<100x72xf32, #gpu.address_space<global>>
    %assume_align_1 = memref.assume_alignment %6, 64 : memref<100x72xf32, #gpu.address_space<global>>
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 4 : index
    %7 = arith.index_castui %workgroup_id_x : index to i32
    %8 = arith.muli %7, %c-32_i32 overflow<nsw> : i32
    %9 = arith.addi %8, %c100_i32 : i32
    %10 = arith.minui %9, %c32_i32 : i32
    %11 = arith.muli %10, %c5_i32 overflow<nsw> : i32
    cf.br ^bb1(%3 : i32)
  ^bb1(%12: i32):  // 2 preds: ^bb0, ^bb8
    %13 = arith.cmpi slt, %12, %11 : i32
    cf.cond_br %13, ^bb2, ^bb9
  ^bb2:  // pred: ^bb1
    %14 = arith.divui %12, %c5_i32 : i32
    %15 = arith.remui %12, %c5_i32 : i32
    %16 = arith.muli %15, %c16_i32 overflow<nsw> : i32
    %17 = arith.index_castui %16 : i32 to index
    %18 = arith.muli %15, %c-16_i32 overflow<nsw> : i32
    %19 = arith.addi %18, %c72_i32 : i32
    %20 = arith.minui %19, %c16_i32 : i32
    %21 = arith.index_castui %20 : i32 to index
    %22 = arith.muli %7, %c32_i32 overflow<nsw> : i32
    %23 = arith.addi %22, %14 : i32
    %24 = arith.index_castui %23 : i32 to index
    %25 = vector.create_mask %21 : vector<16xi1>
    vector.maskedstore %assume_align_1[%24, %17], %25, %cst : memref<100x72xf32, #gpu.address_space<global>>, vector<16xi1>, vector<16xf32>
    cf.br ^bb3(%c0_i32 : i32)
  ^bb3(%26: i32):  // 2 preds: ^bb2, ^bb7
    %27 = arith.cmpi slt, %26, %c56_i32 : i32
    cf.cond_br %27, ^bb4, ^bb8
  ^bb4:  // pred: ^bb3
    %28 = arith.index_castui %26 : i32 to index
    cf.br ^bb5(%c0_i32 : i32)
  ^bb5(%29: i32):  // 2 preds: ^bb4, ^bb6
    %30 = arith.cmpi slt, %29, %20 : i32
    cf.cond_br %30, ^bb6, ^bb7
  ^bb6:  // pred: ^bb5
    %31 = vector.load %assume_align[%24, %28] : memref<100x56xf32, #gpu.address_space<global>>, vector<8xf32>
    %32 = arith.addi %29, %16 : i32
    %33 = arith.index_castui %32 : i32 to index
    %34 = vector.load %assume_align_0[%28, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %35 = arith.addi %26, %c1_i32 overflow<nsw> : i32
    %36 = arith.index_castui %35 : i32 to index
    %37 = vector.load %assume_align_0[%36, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %38 = arith.addi %26, %c2_i32 overflow<nsw> : i32
    %39 = arith.index_castui %38 : i32 to index
    %40 = vector.load %assume_align_0[%39, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %41 = arith.addi %26, %c3_i32 overflow<nsw> : i32
    %42 = arith.index_castui %41 : i32 to index
    %43 = vector.load %assume_align_0[%42, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %44 = arith.addi %26, %c4_i32 overflow<nsw> : i32
    %45 = arith.index_castui %44 : i32 to index
    %46 = vector.load %assume_align_0[%45, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %47 = arith.addi %26, %c5_i32 overflow<nsw> : i32
    %48 = arith.index_castui %47 : i32 to index
    %49 = vector.load %assume_align_0[%48, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %50 = arith.addi %26, %c6_i32 overflow<nsw> : i32
    %51 = arith.index_castui %50 : i32 to index
    %52 = vector.load %assume_align_0[%51, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %53 = arith.addi %26, %c7_i32 overflow<nsw> : i32
    %54 = arith.index_castui %53 : i32 to index
    %55 = vector.load %assume_align_0[%54, %33] : memref<56x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %56 = vector.load %assume_align_1[%24, %33] : memref<100x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %57 = vector.extract %34[0] : f32 from vector<1xf32>
    %58 = vector.extract %37[0] : f32 from vector<1xf32>
    %59 = vector.extract %40[0] : f32 from vector<1xf32>
    %60 = vector.extract %43[0] : f32 from vector<1xf32>
    %61 = vector.extract %46[0] : f32 from vector<1xf32>
    %62 = vector.extract %49[0] : f32 from vector<1xf32>
    %63 = vector.extract %52[0] : f32 from vector<1xf32>
    %64 = vector.extract %55[0] : f32 from vector<1xf32>
    %65 = vector.from_elements %57, %58, %59, %60, %61, %62, %63, %64 : vector<8xf32>
    %66 = vector.extract %56[0] : f32 from vector<1xf32>
    %67 = arith.mulf %31, %65 : vector<8xf32>
    %68 = vector.reduction <add>, %67, %66 : vector<8xf32> into f32
    %69 = vector.broadcast %68 : f32 to vector<1xf32>
    vector.store %69, %assume_align_1[%24, %33] : memref<100x72xf32, #gpu.address_space<global>>, vector<1xf32>
    %70 = arith.addi %29, %c1_i32 : i32
    cf.br ^bb5(%70 : i32)
  ^bb7:  // pred: ^bb5
    %71 = arith.addi %26, %c8_i32 : i32
    cf.br ^bb3(%71 : i32)
  ^bb8:  // pred: ^bb3
    %72 = arith.addi %12, %c256_i32 : i32
    cf.br ^bb1(%72 : i32)
  ^bb9:  // pred: ^bb1
    return
  }
}
