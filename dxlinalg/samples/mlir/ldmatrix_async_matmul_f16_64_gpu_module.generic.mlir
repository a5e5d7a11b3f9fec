// ldmatrix_async_matmul_f16_64_gpu_module: C[64x64 f32] = A[64x64 f16] x B[64x64 f16] as ldmatrix_async_matmul_f16_64, in a gpu.module / gpu.func kernel with memref arguments.
// Upstream MLIR kernel form at the nvgpu level, written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/ldmatrix_async_matmul_f16_64.gpu.vector.mlir lowered by dxlinalg/samples/mlir/src/lower_async_mma_gpu.transform.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (memref<64x64xf16, #gpu.address_space<global>>, memref<64x64xf16, #gpu.address_space<global>>, memref<64x64xf32, #gpu.address_space<global>>) -> (), kernel, known_block_size = array<i32: 32, 1, 1>, sym_name = "ldmatrix_async_matmul_f16_64_gpu"}> ({
    ^bb0(%arg0: memref<64x64xf16, #gpu.address_space<global>>, %arg1: memref<64x64xf16, #gpu.address_space<global>>, %arg2: memref<64x64xf32, #gpu.address_space<global>>):
      %0 = "arith.constant"() <{value = -8 : index}> : () -> index
      %1 = "arith.constant"() <{value = 4 : index}> : () -> index
      %2 = "arith.constant"() <{value = 8 : index}> : () -> index
      %3 = "arith.constant"() <{value = -1 : index}> : () -> index
      %4 = "arith.constant"() <{value = 2 : index}> : () -> index
      %5 = "arith.constant"() <{value = 0 : index}> : () -> index
      %6 = "arith.constant"() <{value = 16 : index}> : () -> index
      %7 = "arith.constant"() <{value = 64 : index}> : () -> index
      %8 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2x2xf32>}> : () -> vector<2x2xf32>
      %9 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
      %10 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
      %11:2 = "scf.for"(%5, %7, %6, %8, %8) ({
      ^bb0(%arg3: index, %arg4: vector<2x2xf32>, %arg5: vector<2x2xf32>):
        %33 = "gpu.block_id"() <{dimension = #gpu.dim<x>}> : () -> index
        %34 = "gpu.block_id"() <{dimension = #gpu.dim<y>}> : () -> index
        %35 = "gpu.thread_id"() <{dimension = #gpu.dim<x>}> : () -> index
        %36 = "arith.cmpi"(%35, %5) <{predicate = 2 : i64}> : (index, index) -> i1
        %37 = "arith.subi"(%3, %35) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %38 = "arith.select"(%36, %37, %35) : (i1, index, index) -> index
        %39 = "arith.divsi"(%38, %4) : (index, index) -> index
        %40 = "arith.subi"(%3, %39) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %41 = "arith.select"(%36, %40, %39) : (i1, index, index) -> index
        %42 = "arith.remsi"(%35, %4) : (index, index) -> index
        %43 = "arith.cmpi"(%42, %5) <{predicate = 2 : i64}> : (index, index) -> i1
        %44 = "arith.addi"(%42, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %45 = "arith.select"(%43, %44, %42) : (i1, index, index) -> index
        %46 = "arith.muli"(%45, %2) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
        %47 = "arith.muli"(%34, %6) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
        %48 = "arith.addi"(%47, %41) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %49 = "arith.addi"(%arg3, %46) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %50 = "nvgpu.device_async_copy"(%9, %41, %46, %arg0, %48, %49) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
        %51 = "arith.addi"(%arg3, %41) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %52 = "arith.muli"(%33, %6) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
        %53 = "arith.addi"(%52, %46) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %54 = "nvgpu.device_async_copy"(%10, %41, %46, %arg1, %51, %53) <{bypassL1, dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index, memref<64x64xf16, #gpu.address_space<global>>, index, index) -> !nvgpu.device.async.token
        %55 = "nvgpu.device_async_create_group"(%50, %54) : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
        "nvgpu.device_async_wait"(%55) : (!nvgpu.device.async.token) -> ()
        "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
        %56 = "gpu.lane_id"() : () -> index
        %57 = "arith.remsi"(%56, %6) : (index, index) -> index
        %58 = "arith.cmpi"(%57, %5) <{predicate = 2 : i64}> : (index, index) -> i1
        %59 = "arith.addi"(%57, %6) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %60 = "arith.select"(%58, %59, %57) : (i1, index, index) -> index
        %61 = "arith.cmpi"(%56, %5) <{predicate = 2 : i64}> : (index, index) -> i1
        %62 = "arith.subi"(%3, %56) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %63 = "arith.select"(%61, %62, %56) : (i1, index, index) -> index
        %64 = "arith.divsi"(%63, %6) : (index, index) -> index
        %65 = "arith.subi"(%3, %64) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %66 = "arith.select"(%61, %65, %64) : (i1, index, index) -> index
        %67 = "arith.muli"(%66, %2) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
        %68 = "nvgpu.ldmatrix"(%9, %60, %67) <{numTiles = 4 : i32, transpose = false}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
        %69 = "nvgpu.ldmatrix"(%10, %60, %67) <{numTiles = 4 : i32, transpose = true}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
        %70 = "vector.extract_strided_slice"(%69) <{offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}> : (vector<4x2xf16>) -> vector<2x2xf16>
        %71 = "vector.extract_strided_slice"(%69) <{offsets = [2, 0], sizes = [2, 2], strides = [1, 1]}> : (vector<4x2xf16>) -> vector<2x2xf16>
        %72 = "nvgpu.mma.sync"(%68, %70, %arg4) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %73 = "nvgpu.mma.sync"(%68, %71, %arg5) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
        "scf.yield"(%72, %73) : (vector<2x2xf32>, vector<2x2xf32>) -> ()
      }) : (index, index, index, vector<2x2xf32>, vector<2x2xf32>) -> (vector<2x2xf32>, vector<2x2xf32>)
      %12 = "gpu.block_id"() <{dimension = #gpu.dim<x>}> : () -> index
      %13 = "gpu.block_id"() <{dimension = #gpu.dim<y>}> : () -> index
      %14 = "arith.muli"(%12, %6) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
      %15 = "arith.muli"(%13, %6) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
      %16 = "memref.subview"(%arg2, %15, %14) <{operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 1, 1>}> : (memref<64x64xf32, #gpu.address_space<global>>, index, index) -> memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>
      %17 = "gpu.lane_id"() : () -> index
      %18 = "vector.extract"(%11#0) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
      %19 = "arith.cmpi"(%17, %5) <{predicate = 2 : i64}> : (index, index) -> i1
      %20 = "arith.subi"(%3, %17) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %21 = "arith.select"(%19, %20, %17) : (i1, index, index) -> index
      %22 = "arith.divsi"(%21, %1) : (index, index) -> index
      %23 = "arith.subi"(%3, %22) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %24 = "arith.select"(%19, %23, %22) : (i1, index, index) -> index
      %25 = "arith.muli"(%17, %4) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
      %26 = "arith.muli"(%24, %0) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
      %27 = "arith.addi"(%25, %26) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "vector.store"(%18, %16, %24, %27) : (vector<2xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, index, index) -> ()
      %28 = "vector.extract"(%11#0) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
      %29 = "arith.addi"(%24, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "vector.store"(%28, %16, %29, %27) : (vector<2xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, index, index) -> ()
      %30 = "vector.extract"(%11#1) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
      %31 = "arith.addi"(%27, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "vector.store"(%30, %16, %24, %31) : (vector<2xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, index, index) -> ()
      %32 = "vector.extract"(%11#1) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
      "vector.store"(%32, %16, %29, %31) : (vector<2xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>, #gpu.address_space<global>>, index, index) -> ()
      "gpu.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

