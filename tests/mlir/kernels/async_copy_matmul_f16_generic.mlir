// async_copy_matmul_f16.mlir printed by iree-opt 3.13 --mlir-print-op-generic (dev-only).
#map = affine_map<(d0, d1) -> (d1)>
"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (memref<32x32xf16>, memref<32x16xf16>, memref<32x16xf32>) -> (), kernel, known_block_size = array<i32: 32, 1, 1>, sym_name = "matmul", workgroup_attributions = 2 : i64}> ({
    ^bb0(%arg0: memref<32x32xf16>, %arg1: memref<32x16xf16>, %arg2: memref<32x16xf32>, %arg3: memref<16x16xf16, #gpu.address_space<workgroup>>, %arg4: memref<16x8xf16, #gpu.address_space<workgroup>>):
      %0 = "arith.constant"() <{value = 0 : index}> : () -> index
      %1 = "arith.constant"() <{value = 2 : index}> : () -> index
      %2 = "arith.constant"() <{value = 4 : index}> : () -> index
      %3 = "arith.constant"() <{value = 8 : index}> : () -> index
      %4 = "arith.constant"() <{value = 16 : index}> : () -> index
      %5 = "arith.constant"() <{value = 32 : index}> : () -> index
      %6 = "arith.constant"() <{value = 0.000000e+00 : f16}> : () -> f16
      %7 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2x2xf32>}> : () -> vector<2x2xf32>
      %8 = "gpu.thread_id"() <{dimension = #gpu.dim<x>}> : () -> index
      %9 = "gpu.block_id"() <{dimension = #gpu.dim<x>}> : () -> index
      %10 = "gpu.block_id"() <{dimension = #gpu.dim<y>}> : () -> index
      %11 = "arith.muli"(%9, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %12 = "arith.muli"(%10, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %13 = "arith.divui"(%8, %1) : (index, index) -> index
      %14 = "arith.remui"(%8, %1) : (index, index) -> index
      %15 = "arith.muli"(%14, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %16 = "arith.remui"(%8, %4) : (index, index) -> index
      %17 = "arith.cmpi"(%8, %4) <{predicate = 6 : i64}> : (index, index) -> i1
      %18 = "arith.divui"(%8, %4) : (index, index) -> index
      %19 = "arith.muli"(%18, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %20 = "scf.for"(%0, %5, %4, %7) ({
      ^bb0(%arg5: index, %arg6: vector<2x2xf32>):
        %29 = "arith.addi"(%11, %13) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %30 = "arith.addi"(%arg5, %15) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %31 = "nvgpu.device_async_copy"(%arg3, %13, %15, %arg0, %29, %30) <{dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index, memref<32x32xf16>, index, index) -> !nvgpu.device.async.token
        %32 = "nvgpu.device_async_create_group"(%31) : (!nvgpu.device.async.token) -> !nvgpu.device.async.token
        "scf.if"(%17) ({
          %36 = "arith.addi"(%arg5, %16) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
          %37 = "vector.transfer_read"(%arg1, %36, %12, %6) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (memref<32x16xf16>, index, index, f16) -> vector<8xf16>
          "vector.transfer_write"(%37, %arg4, %16, %0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map}> : (vector<8xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>, index, index) -> ()
          "scf.yield"() : () -> ()
        }, {
        }) : (i1) -> ()
        "nvgpu.device_async_wait"(%32) <{numGroups = 0 : i32}> : (!nvgpu.device.async.token) -> ()
        "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
        %33 = "nvgpu.ldmatrix"(%arg3, %16, %19) <{numTiles = 4 : i32, transpose = false}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
        %34 = "nvgpu.ldmatrix"(%arg4, %16, %0) <{numTiles = 2 : i32, transpose = true}> : (memref<16x8xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2x2xf16>
        %35 = "nvgpu.mma.sync"(%33, %34, %arg6) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
        "scf.yield"(%35) : (vector<2x2xf32>) -> ()
      }) : (index, index, index, vector<2x2xf32>) -> vector<2x2xf32>
      %21 = "arith.divui"(%8, %2) : (index, index) -> index
      %22 = "arith.remui"(%8, %2) : (index, index) -> index
      %23 = "arith.muli"(%22, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %24 = "arith.addi"(%11, %21) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %25 = "arith.addi"(%24, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %26 = "arith.addi"(%12, %23) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %27 = "vector.extract"(%20) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
      %28 = "vector.extract"(%20) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
      "vector.store"(%27, %arg2, %24, %26) : (vector<2xf32>, memref<32x16xf32>, index, index) -> ()
      "vector.store"(%28, %arg2, %25, %26) : (vector<2xf32>, memref<32x16xf32>, index, index) -> ()
      "gpu.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

