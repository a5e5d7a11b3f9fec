// ldmatrix_async_matmul_f16_64: C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; tiles staged in workgroup memory by nvgpu.device_async_copy, read by nvgpu.ldmatrix.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "ldmatrix_async_matmul_f16_64"}> ({
    %0 = "arith.constant"() <{value = -8 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = -16 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 0 : index}> : () -> index
    %9 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %10 = "hal.interface.binding.subspan"(%8) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 1 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf16, #gpu.address_space<global>>
    %11 = "hal.interface.binding.subspan"(%8) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 1 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf16, #gpu.address_space<global>>
    %12 = "hal.interface.binding.subspan"(%8) <{alignment = 64 : index, binding = 2 : index, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf32, #gpu.address_space<global>>
    %13 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
    %14 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
    %15 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 4 : index}> : () -> index
    %16 = "hal.interface.workgroup.id"() <{dimension = 1 : index, upper_bound = 4 : index}> : () -> index
    %17 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %18 = "arith.index_castui"(%17) : (index) -> i32
    %19 = "arith.divui"(%18, %3) : (i32, i32) -> i32
    %20 = "arith.index_castui"(%19) : (i32) -> index
    %21 = "arith.muli"(%19, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %22 = "arith.muli"(%18, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %23 = "arith.addi"(%21, %22) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %24 = "arith.index_cast"(%23) : (i32) -> index
    %25 = "arith.index_castui"(%16) : (index) -> i32
    %26 = "arith.muli"(%25, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %27 = "arith.addi"(%26, %19) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %28 = "arith.index_castui"(%27) : (i32) -> index
    %29 = "arith.index_castui"(%15) : (index) -> i32
    %30 = "arith.muli"(%29, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %31 = "arith.addi"(%30, %21) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %32 = "arith.addi"(%31, %22) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %33 = "arith.index_cast"(%32) : (i32) -> index
    %34 = "gpu.lane_id"() <{upper_bound = 32 : index}> : () -> index
    %35 = "arith.index_castui"(%34) : (index) -> i32
    %36 = "arith.remui"(%35, %5) : (i32, i32) -> i32
    %37 = "arith.index_castui"(%36) : (i32) -> index
    %38 = "arith.divui"(%35, %5) : (i32, i32) -> i32
    %39 = "arith.muli"(%38, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %40 = "arith.index_castui"(%39) : (i32) -> index
    "cf.br"(%7, %9, %9, %9, %9)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb1(%41: i32, %42: vector<2xf32>, %43: vector<2xf32>, %44: vector<2xf32>, %45: vector<2xf32>):  // 2 preds: ^bb0, ^bb2
    %46 = "arith.cmpi"(%41, %6) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%46)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %47:2 = "vector.to_elements"(%44) : (vector<2xf32>) -> (f32, f32)
    %48:2 = "vector.to_elements"(%45) : (vector<2xf32>) -> (f32, f32)
    %49 = "vector.from_elements"(%47#0, %47#1, %48#0, %48#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %50:2 = "vector.to_elements"(%42) : (vector<2xf32>) -> (f32, f32)
    %51:2 = "vector.to_elements"(%43) : (vector<2xf32>) -> (f32, f32)
    %52 = "vector.from_elements"(%50#0, %50#1, %51#0, %51#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %53 = "arith.addi"(%23, %41) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %54 = "arith.index_cast"(%53) : (i32) -> index
    %55 = "nvgpu.device_async_copy"(%13, %20, %24, %10, %28, %54) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %56 = "arith.addi"(%19, %41) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %57 = "arith.index_castui"(%56) : (i32) -> index
    %58 = "nvgpu.device_async_copy"(%14, %20, %24, %11, %57, %33) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %59 = "nvgpu.device_async_create_group"(%55, %58) : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
    "nvgpu.device_async_wait"(%59) : (!nvgpu.device.async.token) -> ()
    "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %60 = "nvgpu.ldmatrix"(%13, %37, %40) <{numTiles = 4 : i32, transpose = false}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
    %61 = "nvgpu.ldmatrix"(%14, %37, %40) <{numTiles = 4 : i32, transpose = true}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
    %62 = "vector.extract"(%61) <{static_position = array<i64: 0>}> : (vector<4x2xf16>) -> vector<2xf16>
    %63 = "vector.extract"(%61) <{static_position = array<i64: 1>}> : (vector<4x2xf16>) -> vector<2xf16>
    %64 = "vector.extract"(%61) <{static_position = array<i64: 2>}> : (vector<4x2xf16>) -> vector<2xf16>
    %65 = "vector.extract"(%61) <{static_position = array<i64: 3>}> : (vector<4x2xf16>) -> vector<2xf16>
    %66:2 = "vector.to_elements"(%64) : (vector<2xf16>) -> (f16, f16)
    %67:2 = "vector.to_elements"(%65) : (vector<2xf16>) -> (f16, f16)
    %68 = "vector.from_elements"(%66#0, %66#1, %67#0, %67#1) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %69:2 = "vector.to_elements"(%62) : (vector<2xf16>) -> (f16, f16)
    %70:2 = "vector.to_elements"(%63) : (vector<2xf16>) -> (f16, f16)
    %71 = "vector.from_elements"(%69#0, %69#1, %70#0, %70#1) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %72 = "nvgpu.mma.sync"(%60, %71, %52) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %73 = "vector.extract"(%72) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %74 = "vector.extract"(%72) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %75 = "nvgpu.mma.sync"(%60, %68, %49) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %76 = "vector.extract"(%75) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %77 = "vector.extract"(%75) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %78 = "arith.addi"(%41, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%78, %73, %74, %76, %77)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb3:  // pred: ^bb1
    %79 = "arith.divui"(%35, %2) : (i32, i32) -> i32
    %80 = "arith.addi"(%26, %79) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %81 = "arith.index_castui"(%80) : (i32) -> index
    %82 = "arith.muli"(%79, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %83 = "arith.addi"(%30, %82) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %84 = "arith.muli"(%35, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %85 = "arith.addi"(%83, %84) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %86 = "arith.index_cast"(%85) : (i32) -> index
    "vector.store"(%42, %12, %81, %86) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    %87 = "arith.addi"(%80, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %88 = "arith.index_castui"(%87) : (i32) -> index
    "vector.store"(%43, %12, %88, %86) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    %89 = "arith.addi"(%85, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %90 = "arith.index_cast"(%89) : (i32) -> index
    "vector.store"(%44, %12, %81, %90) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%45, %12, %88, %90) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 1, 1>} : () -> ()
}) : () -> ()

