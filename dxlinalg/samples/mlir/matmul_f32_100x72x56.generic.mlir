// matmul_f32_100x72x56: C[100x72 f32] = A[100x56 f32] x B[56x72 f32]; partial tiles: masked loads and stores, products summed by vector.reduction.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f32_100x72x56.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_f32_100x72x56_dispatch_0_matmul_100x72x56_f32"}> ({
    %0 = "arith.constant"() <{value = -16 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 72 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 6 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 100 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 56 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = -32 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = dense<0.000000e+00> : vector<16xf32>}> : () -> vector<16xf32>
    %18 = "arith.constant"() <{value = 0 : index}> : () -> index
    %19 = "gpu.thread_id"() <{dimension = #gpu.dim<y>, upper_bound = 8 : index}> : () -> index
    %20 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %21 = "arith.index_castui"(%19) : (index) -> i32
    %22 = "arith.muli"(%21, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %23 = "arith.index_castui"(%20) : (index) -> i32
    %24 = "arith.addi"(%22, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %25 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<100x56xf32, #gpu.address_space<global>>
    %26 = "memref.assume_alignment"(%25) <{alignment = 64 : i32}> : (memref<100x56xf32, #gpu.address_space<global>>) -> memref<100x56xf32, #gpu.address_space<global>>
    %27 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<56x72xf32, #gpu.address_space<global>>
    %28 = "memref.assume_alignment"(%27) <{alignment = 64 : i32}> : (memref<56x72xf32, #gpu.address_space<global>>) -> memref<56x72xf32, #gpu.address_space<global>>
    %29 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<100x72xf32, #gpu.address_space<global>>
    %30 = "memref.assume_alignment"(%29) <{alignment = 64 : i32}> : (memref<100x72xf32, #gpu.address_space<global>>) -> memref<100x72xf32, #gpu.address_space<global>>
    %31 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 4 : index}> : () -> index
    %32 = "arith.index_castui"(%31) : (index) -> i32
    %33 = "arith.muli"(%32, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %34 = "arith.addi"(%33, %9) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %35 = "arith.minui"(%34, %16) : (i32, i32) -> i32
    %36 = "arith.muli"(%35, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    "cf.br"(%24)[^bb1] : (i32) -> ()
  ^bb1(%37: i32):  // 2 preds: ^bb0, ^bb8
    %38 = "arith.cmpi"(%37, %36) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%38)[^bb2, ^bb9] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %39 = "arith.divui"(%37, %8) : (i32, i32) -> i32
    %40 = "arith.remui"(%37, %8) : (i32, i32) -> i32
    %41 = "arith.muli"(%40, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %42 = "arith.index_castui"(%41) : (i32) -> index
    %43 = "arith.muli"(%40, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %44 = "arith.addi"(%43, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %45 = "arith.minui"(%44, %7) : (i32, i32) -> i32
    %46 = "arith.index_castui"(%45) : (i32) -> index
    %47 = "arith.muli"(%32, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %48 = "arith.addi"(%47, %39) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %49 = "arith.index_castui"(%48) : (i32) -> index
    %50 = "vector.create_mask"(%46) : (index) -> vector<16xi1>
    "vector.maskedstore"(%30, %49, %42, %50, %17) : (memref<100x72xf32, #gpu.address_space<global>>, index, index, vector<16xi1>, vector<16xf32>) -> ()
    "cf.br"(%13)[^bb3] : (i32) -> ()
  ^bb3(%51: i32):  // 2 preds: ^bb2, ^bb7
    %52 = "arith.cmpi"(%51, %12) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%52)[^bb4, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb4:  // pred: ^bb3
    %53 = "arith.index_castui"(%51) : (i32) -> index
    "cf.br"(%13)[^bb5] : (i32) -> ()
  ^bb5(%54: i32):  // 2 preds: ^bb4, ^bb6
    %55 = "arith.cmpi"(%54, %45) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%55)[^bb6, ^bb7] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb6:  // pred: ^bb5
    %56 = "vector.load"(%26, %49, %53) : (memref<100x56xf32, #gpu.address_space<global>>, index, index) -> vector<8xf32>
    %57 = "arith.addi"(%54, %41) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %58 = "arith.index_castui"(%57) : (i32) -> index
    %59 = "vector.load"(%28, %53, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %60 = "arith.addi"(%51, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %61 = "arith.index_castui"(%60) : (i32) -> index
    %62 = "vector.load"(%28, %61, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %63 = "arith.addi"(%51, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %64 = "arith.index_castui"(%63) : (i32) -> index
    %65 = "vector.load"(%28, %64, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %66 = "arith.addi"(%51, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %67 = "arith.index_castui"(%66) : (i32) -> index
    %68 = "vector.load"(%28, %67, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %69 = "arith.addi"(%51, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %70 = "arith.index_castui"(%69) : (i32) -> index
    %71 = "vector.load"(%28, %70, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %72 = "arith.addi"(%51, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %73 = "arith.index_castui"(%72) : (i32) -> index
    %74 = "vector.load"(%28, %73, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %75 = "arith.addi"(%51, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %76 = "arith.index_castui"(%75) : (i32) -> index
    %77 = "vector.load"(%28, %76, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %78 = "arith.addi"(%51, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %79 = "arith.index_castui"(%78) : (i32) -> index
    %80 = "vector.load"(%28, %79, %58) : (memref<56x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %81 = "vector.load"(%30, %49, %58) : (memref<100x72xf32, #gpu.address_space<global>>, index, index) -> vector<1xf32>
    %82 = "vector.extract"(%59) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %83 = "vector.extract"(%62) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %84 = "vector.extract"(%65) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %85 = "vector.extract"(%68) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %86 = "vector.extract"(%71) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %87 = "vector.extract"(%74) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %88 = "vector.extract"(%77) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %89 = "vector.extract"(%80) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %90 = "vector.from_elements"(%82, %83, %84, %85, %86, %87, %88, %89) : (f32, f32, f32, f32, f32, f32, f32, f32) -> vector<8xf32>
    %91 = "vector.extract"(%81) <{static_position = array<i64: 0>}> : (vector<1xf32>) -> f32
    %92 = "arith.mulf"(%56, %90) <{fastmath = #arith.fastmath<none>}> : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
    %93 = "vector.reduction"(%92, %91) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<8xf32>, f32) -> f32
    %94 = "vector.broadcast"(%93) : (f32) -> vector<1xf32>
    "vector.store"(%94, %30, %49, %58) : (vector<1xf32>, memref<100x72xf32, #gpu.address_space<global>>, index, index) -> ()
    %95 = "arith.addi"(%54, %10) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%95)[^bb5] : (i32) -> ()
  ^bb7:  // pred: ^bb5
    %96 = "arith.addi"(%51, %11) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%96)[^bb3] : (i32) -> ()
  ^bb8:  // pred: ^bb3
    %97 = "arith.addi"(%37, %14) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%97)[^bb1] : (i32) -> ()
  ^bb9:  // pred: ^bb1
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 8, 1>} : () -> ()
}) : () -> ()

