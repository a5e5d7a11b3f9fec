// tiled_matmul_f16.mlir printed by iree-opt 3.13 --mlir-print-op-generic (dev-only).
"builtin.module"() ({
  "func.func"() <{function_type = (memref<32x32xf16>, memref<32x16xf16>, memref<32x16xf32>) -> (), sym_name = "matmul"}> ({
  ^bb0(%arg0: memref<32x32xf16>, %arg1: memref<32x16xf16>, %arg2: memref<32x16xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 2 : index}> : () -> index
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index
    %3 = "arith.constant"() <{value = 8 : index}> : () -> index
    %4 = "arith.constant"() <{value = 16 : index}> : () -> index
    %5 = "arith.constant"() <{value = 32 : index}> : () -> index
    %6 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2x2xf32>}> : () -> vector<2x2xf32>
    %7 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %8 = "gpu.block_id"() <{dimension = #gpu.dim<x>}> : () -> index
    %9 = "gpu.block_id"() <{dimension = #gpu.dim<y>}> : () -> index
    %10 = "arith.muli"(%8, %4) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %11 = "arith.muli"(%9, %3) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %12 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
    %13 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x8xf16, #gpu.address_space<workgroup>>
    %14 = "arith.divui"(%7, %1) : (index, index) -> index
    %15 = "arith.remui"(%7, %1) : (index, index) -> index
    %16 = "arith.muli"(%15, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %17 = "arith.remui"(%7, %4) : (index, index) -> index
    %18 = "arith.cmpi"(%7, %4) <{predicate = 6 : i64}> : (index, index) -> i1
    %19 = "arith.divui"(%7, %4) : (index, index) -> index
    %20 = "arith.muli"(%19, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %21 = "scf.for"(%0, %5, %4, %6) ({
    ^bb0(%arg3: index, %arg4: vector<2x2xf32>):
      %30 = "arith.addi"(%10, %14) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %31 = "arith.addi"(%arg3, %16) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %32 = "vector.load"(%arg0, %30, %31) : (memref<32x32xf16>, index, index) -> vector<8xf16>
      "vector.store"(%32, %12, %14, %16) : (vector<8xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "scf.if"(%18) ({
        %36 = "arith.addi"(%arg3, %17) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %37 = "vector.load"(%arg1, %36, %11) : (memref<32x16xf16>, index, index) -> vector<8xf16>
        "vector.store"(%37, %13, %17, %0) : (vector<8xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>, index, index) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
      %33 = "nvgpu.ldmatrix"(%12, %17, %20) <{numTiles = 4 : i32, transpose = false}> : (memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> vector<4x2xf16>
      %34 = "nvgpu.ldmatrix"(%13, %17, %0) <{numTiles = 2 : i32, transpose = true}> : (memref<16x8xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2x2xf16>
      %35 = "nvgpu.mma.sync"(%33, %34, %arg4) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
      "scf.yield"(%35) : (vector<2x2xf32>) -> ()
    }) : (index, index, index, vector<2x2xf32>) -> vector<2x2xf32>
    %22 = "arith.divui"(%7, %2) : (index, index) -> index
    %23 = "arith.remui"(%7, %2) : (index, index) -> index
    %24 = "arith.muli"(%23, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %25 = "arith.addi"(%10, %22) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %26 = "arith.addi"(%25, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %27 = "arith.addi"(%11, %24) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %28 = "vector.extract"(%21) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %29 = "vector.extract"(%21) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    "vector.store"(%28, %arg2, %25, %27) : (vector<2xf32>, memref<32x16xf32>, index, index) -> ()
    "vector.store"(%29, %arg2, %26, %27) : (vector<2xf32>, memref<32x16xf32>, index, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 1, 1>} : () -> ()
}) : () -> ()

