// elementwise_math_f32: R[64x256 f32] = x < y ? fma(sqrt(|x|), exp(y), x) : sqrt(|x|) for x = A, y = B elementwise; exp as IREE's polynomial.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/elementwise_math_f32.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @elementwise_math_f32_dispatch_0_elementwise_16384_f32() attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
    %cst = arith.constant dense<127> : vector<4xi32>
    %cst_0 = arith.constant dense<23> : vector<4xi32>
    %cst_1 = arith.constant dense<1.270000e+02> : vector<4xf32>
    %cst_2 = arith.constant dense<-1.270000e+02> : vector<4xf32>
    %cst_3 = arith.constant dense<8.880000e+01> : vector<4xf32>
    %cst_4 = arith.constant dense<-8.780000e+01> : vector<4xf32>
    %cst_5 = arith.constant dense<0.166666657> : vector<4xf32>
    %cst_6 = arith.constant dense<0.0416657962> : vector<4xf32>
    %cst_7 = arith.constant dense<0.00833345205> : vector<4xf32>
    %cst_8 = arith.constant dense<0.00139819994> : vector<4xf32>
    %cst_9 = arith.constant dense<1.98756912E-4> : vector<4xf32>
    %cst_10 = arith.constant dense<2.12194442E-4> : vector<4xf32>
    %cst_11 = arith.constant dense<-0.693359375> : vector<4xf32>
    %cst_12 = arith.constant dense<1.44269502> : vector<4xf32>
    %cst_13 = arith.constant dense<1.000000e+00> : vector<4xf32>
    %cst_14 = arith.constant dense<5.000000e-01> : vector<4xf32>
    %c128_i32 = arith.constant 128 : i32
    %c4_i32 = arith.constant 4 : i32
    %c0 = arith.constant 0 : index
    %thread_id_x = gpu.thread_id x upper_bound 32
    %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<16384xf32, #gpu.address_space<global>>
    %assume_align = memref.assume_alignment %0, 64 : memref<16384xf32, #gpu.address_space<global>>
    %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<16384xf32, #gpu.address_space<global>>
    %assume_align_15 = memref.assume_alignment %1, 64 : memref<16384xf32, #gpu.address_space<global>>
    %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<16384xf32, #gpu.address_space<global>>
    %assume_align_16 = memref.assume_alignment %2, 64 : memref<16384xf32, #gpu.address_space<global>>
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 128 : index
    %3 = arith.index_castui %thread_id_x : index to i32
    %4 = arith.muli %3, %c4_i32 overflow<nsw> : i32
    %5 = arith.index_castui %workgroup_id_x : index to i32
    %6 = arith.muli %5, %c128_i32 overflow<nsw> : i32
    %7 = arith.addi %4, %6 : i32
    %8 = arith.index_castui %7 : i32 to index
    %9 = vector.load %assume_align[%8] : memref<16384xf32, #gpu.address_space<global>>, vector<4xf32>
    %10 = vector.load %assume_align_15[%8] : memref<16384xf32, #gpu.address_space<global>>, vector<4xf32>
    %11 = math.absf %9 : vector<4xf32>
    %12 = math.sqrt %11 : vector<4xf32>
    %13 = arith.cmpf uge, %10, %cst_4 : vector<4xf32>
    %14 = arith.select %13, %10, %cst_4 : vector<4xi1>, vector<4xf32>
    %15 = arith.cmpf ule, %14, %cst_3 : vector<4xf32>
    %16 = arith.select %15, %14, %cst_3 : vector<4xi1>, vector<4xf32>
    %17 = math.fma %16, %cst_12, %cst_14 : vector<4xf32>
    %18 = math.floor %17 : vector<4xf32>
    %19 = arith.cmpf uge, %18, %cst_2 : vector<4xf32>
    %20 = arith.select %19, %18, %cst_2 : vector<4xi1>, vector<4xf32>
    %21 = arith.cmpf ule, %20, %cst_1 : vector<4xf32>
    %22 = arith.select %21, %20, %cst_1 : vector<4xi1>, vector<4xf32>
    %23 = math.fma %cst_11, %22, %16 : vector<4xf32>
    %24 = math.fma %cst_10, %22, %23 : vector<4xf32>
    %25 = math.fma %24, %cst_9, %cst_8 : vector<4xf32>
    %26 = math.fma %25, %24, %cst_7 : vector<4xf32>
    %27 = math.fma %26, %24, %cst_6 : vector<4xf32>
    %28 = math.fma %27, %24, %cst_5 : vector<4xf32>
    %29 = math.fma %28, %24, %cst_14 : vector<4xf32>
    %30 = arith.mulf %24, %24 : vector<4xf32>
    %31 = math.fma %29, %30, %24 : vector<4xf32>
    %32 = arith.addf %31, %cst_13 : vector<4xf32>
    %33 = arith.fptosi %22 : vector<4xf32> to vector<4xi32>
    %34 = arith.addi %33, %cst : vector<4xi32>
    %35 = arith.shli %34, %cst_0 : vector<4xi32>
    %36 = arith.bitcast %35 : vector<4xi32> to vector<4xf32>
    %37 = arith.mulf %32, %36 : vector<4xf32>
    %38 = math.fma %12, %37, %9 : vector<4xf32>
    %39 = arith.cmpf olt, %9, %10 : vector<4xf32>
    %40 = arith.select %39, %38, %12 : vector<4xi1>, vector<4xf32>
    vector.store %40, %assume_align_16[%8] : memref<16384xf32, #gpu.address_space<global>>, vector<4xf32>
    return
  }
}
