// ldmatrix_async_pipelined_matmul_f16_64: C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; double-buffered workgroup tiles, nvgpu.device_async_copy pipelined with depth 2 (device_async_wait numGroups = 1, predicated last copies), read by nvgpu.ldmatrix.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma_pipelined.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "ldmatrix_async_pipelined_matmul_f16_64"}> ({
    %0 = "arith.constant"() <{value = -8 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = -16 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 8 : index}> : () -> index
    %10 = "arith.constant"() <{value = 0 : index}> : () -> index
    %11 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %12 = "hal.interface.binding.subspan"(%10) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 1 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf16, #gpu.address_space<global>>
    %13 = "hal.interface.binding.subspan"(%10) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 1 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf16, #gpu.address_space<global>>
    %14 = "hal.interface.binding.subspan"(%10) <{alignment = 64 : index, binding = 2 : index, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<64x64xf32, #gpu.address_space<global>>
    %15 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %16 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %17 = "memref.reinterpret_cast"(%16) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %18 = "memref.cast"(%17) : (memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %19 = "memref.reinterpret_cast"(%15) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %20 = "memref.cast"(%19) : (memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %21 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 4 : index}> : () -> index
    %22 = "hal.interface.workgroup.id"() <{dimension = 1 : index, upper_bound = 4 : index}> : () -> index
    %23 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %24 = "arith.index_castui"(%23) : (index) -> i32
    %25 = "arith.divui"(%24, %3) : (i32, i32) -> i32
    %26 = "arith.index_castui"(%25) : (i32) -> index
    %27 = "arith.muli"(%25, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %28 = "arith.muli"(%24, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %29 = "arith.addi"(%27, %28) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %30 = "arith.index_cast"(%29) : (i32) -> index
    %31 = "arith.index_castui"(%22) : (index) -> i32
    %32 = "arith.muli"(%31, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %33 = "arith.addi"(%32, %25) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %34 = "arith.index_castui"(%33) : (i32) -> index
    %35 = "nvgpu.device_async_copy"(%20, %26, %30, %12, %34, %30) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> {__pipelining_first_stage__} : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %36 = "arith.index_castui"(%21) : (index) -> i32
    %37 = "arith.muli"(%36, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %38 = "arith.addi"(%37, %27) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %39 = "arith.addi"(%38, %28) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %40 = "arith.index_cast"(%39) : (i32) -> index
    %41 = "nvgpu.device_async_copy"(%18, %26, %30, %13, %26, %40) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> {__pipelining_first_stage__} : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %42 = "nvgpu.device_async_create_group"(%35, %41) {__pipelining_first_stage__} : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
    %43 = "memref.reinterpret_cast"(%16) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 256>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>
    %44 = "memref.cast"(%43) : (memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %45 = "memref.reinterpret_cast"(%15) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 256>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>
    %46 = "memref.cast"(%45) : (memref<16x16xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %47 = "arith.addi"(%29, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %48 = "arith.index_cast"(%47) : (i32) -> index
    %49 = "nvgpu.device_async_copy"(%46, %26, %30, %12, %34, %48) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> {__pipelining_first_stage__} : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %50 = "arith.addi"(%25, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %51 = "arith.index_castui"(%50) : (i32) -> index
    %52 = "nvgpu.device_async_copy"(%44, %26, %30, %13, %51, %40) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> {__pipelining_first_stage__} : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
    %53 = "nvgpu.device_async_create_group"(%49, %52) {__pipelining_first_stage__} : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
    %54 = "gpu.lane_id"() <{upper_bound = 32 : index}> : () -> index
    %55 = "arith.index_castui"(%54) : (index) -> i32
    %56 = "arith.remui"(%55, %7) : (i32, i32) -> i32
    %57 = "arith.index_castui"(%56) : (i32) -> index
    %58 = "arith.divui"(%55, %7) : (i32, i32) -> i32
    %59 = "arith.muli"(%58, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %60 = "arith.index_castui"(%59) : (i32) -> index
    "cf.br"(%8, %11, %11, %11, %11, %42, %53, %20, %46, %18, %44)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
  ^bb1(%61: i32, %62: vector<2xf32>, %63: vector<2xf32>, %64: vector<2xf32>, %65: vector<2xf32>, %66: !nvgpu.device.async.token, %67: !nvgpu.device.async.token, %68: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %69: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %70: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, %71: memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>):  // 2 preds: ^bb0, ^bb2
    %72 = "arith.cmpi"(%61, %6) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%72)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %73:2 = "vector.to_elements"(%64) : (vector<2xf32>) -> (f32, f32)
    %74:2 = "vector.to_elements"(%65) : (vector<2xf32>) -> (f32, f32)
    %75 = "vector.from_elements"(%73#0, %73#1, %74#0, %74#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %76:2 = "vector.to_elements"(%62) : (vector<2xf32>) -> (f32, f32)
    %77:2 = "vector.to_elements"(%63) : (vector<2xf32>) -> (f32, f32)
    %78 = "vector.from_elements"(%76#0, %76#1, %77#0, %77#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %79 = "arith.cmpi"(%61, %5) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "nvgpu.device_async_wait"(%66) <{numGroups = 1 : i32}> : (!nvgpu.device.async.token) -> ()
    "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %80 = "nvgpu.ldmatrix"(%68, %57, %60) <{numTiles = 4 : i32, transpose = false}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
    %81 = "nvgpu.ldmatrix"(%70, %57, %60) <{numTiles = 4 : i32, transpose = true}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
    %82 = "vector.extract"(%81) <{static_position = array<i64: 0>}> : (vector<4x2xf16>) -> vector<2xf16>
    %83 = "vector.extract"(%81) <{static_position = array<i64: 1>}> : (vector<4x2xf16>) -> vector<2xf16>
    %84 = "vector.extract"(%81) <{static_position = array<i64: 2>}> : (vector<4x2xf16>) -> vector<2xf16>
    %85 = "vector.extract"(%81) <{static_position = array<i64: 3>}> : (vector<4x2xf16>) -> vector<2xf16>
    %86:2 = "vector.to_elements"(%84) : (vector<2xf16>) -> (f16, f16)
    %87:2 = "vector.to_elements"(%85) : (vector<2xf16>) -> (f16, f16)
    %88 = "vector.from_elements"(%86#0, %86#1, %87#0, %87#1) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %89:2 = "vector.to_elements"(%82) : (vector<2xf16>) -> (f16, f16)
    %90:2 = "vector.to_elements"(%83) : (vector<2xf16>) -> (f16, f16)
    %91 = "vector.from_elements"(%89#0, %89#1, %90#0, %90#1) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %92 = "nvgpu.mma.sync"(%80, %91, %78) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %93 = "vector.extract"(%92) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %94 = "vector.extract"(%92) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %95 = "nvgpu.mma.sync"(%80, %88, %75) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %96 = "vector.extract"(%95) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %97 = "vector.extract"(%95) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %98 = "arith.addi"(%61, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %99 = "arith.divui"(%98, %7) : (i32, i32) -> i32
    %100 = "arith.remui"(%99, %3) : (i32, i32) -> i32
    %101 = "arith.index_castui"(%100) : (i32) -> index
    %102 = "arith.constant"() <{value = 256 : index}> : () -> index
    %103 = "arith.muli"(%101, %102) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %104 = "memref.reinterpret_cast"(%16, %103) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>, index) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %105 = "arith.constant"() <{value = 256 : index}> : () -> index
    %106 = "arith.muli"(%101, %105) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %107 = "memref.reinterpret_cast"(%15, %106) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<2x16x16xf16, #gpu.address_space<workgroup>>, index) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
    %108 = "arith.addi"(%29, %98) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %109 = "arith.index_cast"(%108) : (i32) -> index
    %110 = "arith.select"(%79, %9, %10) : (i1, index, index) -> index
    %111 = "nvgpu.device_async_copy"(%107, %26, %30, %12, %34, %109, %110) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 1>}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index, index) -> !nvgpu.device.async.token
    %112 = "arith.addi"(%25, %98) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %113 = "arith.index_castui"(%112) : (i32) -> index
    %114 = "nvgpu.device_async_copy"(%104, %26, %30, %13, %113, %40, %110) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 1>}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index, index) -> !nvgpu.device.async.token
    %115 = "nvgpu.device_async_create_group"(%111, %114) {__pipelining_first_stage__} : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
    %116 = "arith.addi"(%61, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%116, %93, %94, %96, %97, %67, %115, %69, %107, %71, %104)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
  ^bb3:  // pred: ^bb1
    %117 = "arith.divui"(%55, %2) : (i32, i32) -> i32
    %118 = "arith.addi"(%32, %117) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %119 = "arith.index_castui"(%118) : (i32) -> index
    %120 = "arith.muli"(%117, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %121 = "arith.addi"(%37, %120) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %122 = "arith.muli"(%55, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %123 = "arith.addi"(%121, %122) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %124 = "arith.index_cast"(%123) : (i32) -> index
    "vector.store"(%62, %14, %119, %124) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    %125 = "arith.addi"(%118, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %126 = "arith.index_castui"(%125) : (i32) -> index
    "vector.store"(%63, %14, %126, %124) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    %127 = "arith.addi"(%123, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %128 = "arith.index_cast"(%127) : (i32) -> index
    "vector.store"(%64, %14, %119, %128) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%65, %14, %126, %128) : (vector<2xf32>, memref<64x64xf32, #gpu.address_space<global>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 1, 1>} : () -> ()
}) : () -> ()

