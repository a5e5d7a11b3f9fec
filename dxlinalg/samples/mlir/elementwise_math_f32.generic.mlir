// elementwise_math_f32: R[64x256 f32] = x < y ? fma(sqrt(|x|), exp(y), x) : sqrt(|x|) for x = A, y = B elementwise; exp as IREE's polynomial.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/elementwise_math_f32.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "elementwise_math_f32_dispatch_0_elementwise_16384_f32"}> ({
    %0 = "arith.constant"() <{value = dense<127> : vector<4xi32>}> : () -> vector<4xi32>
    %1 = "arith.constant"() <{value = dense<23> : vector<4xi32>}> : () -> vector<4xi32>
    %2 = "arith.constant"() <{value = dense<1.270000e+02> : vector<4xf32>}> : () -> vector<4xf32>
    %3 = "arith.constant"() <{value = dense<-1.270000e+02> : vector<4xf32>}> : () -> vector<4xf32>
    %4 = "arith.constant"() <{value = dense<8.880000e+01> : vector<4xf32>}> : () -> vector<4xf32>
    %5 = "arith.constant"() <{value = dense<-8.780000e+01> : vector<4xf32>}> : () -> vector<4xf32>
    %6 = "arith.constant"() <{value = dense<0.166666657> : vector<4xf32>}> : () -> vector<4xf32>
    %7 = "arith.constant"() <{value = dense<0.0416657962> : vector<4xf32>}> : () -> vector<4xf32>
    %8 = "arith.constant"() <{value = dense<0.00833345205> : vector<4xf32>}> : () -> vector<4xf32>
    %9 = "arith.constant"() <{value = dense<0.00139819994> : vector<4xf32>}> : () -> vector<4xf32>
    %10 = "arith.constant"() <{value = dense<1.98756912E-4> : vector<4xf32>}> : () -> vector<4xf32>
    %11 = "arith.constant"() <{value = dense<2.12194442E-4> : vector<4xf32>}> : () -> vector<4xf32>
    %12 = "arith.constant"() <{value = dense<-0.693359375> : vector<4xf32>}> : () -> vector<4xf32>
    %13 = "arith.constant"() <{value = dense<1.44269502> : vector<4xf32>}> : () -> vector<4xf32>
    %14 = "arith.constant"() <{value = dense<1.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
    %15 = "arith.constant"() <{value = dense<5.000000e-01> : vector<4xf32>}> : () -> vector<4xf32>
    %16 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 0 : index}> : () -> index
    %19 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %20 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<16384xf32, #gpu.address_space<global>>
    %21 = "memref.assume_alignment"(%20) <{alignment = 64 : i32}> : (memref<16384xf32, #gpu.address_space<global>>) -> memref<16384xf32, #gpu.address_space<global>>
    %22 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<16384xf32, #gpu.address_space<global>>
    %23 = "memref.assume_alignment"(%22) <{alignment = 64 : i32}> : (memref<16384xf32, #gpu.address_space<global>>) -> memref<16384xf32, #gpu.address_space<global>>
    %24 = "hal.interface.binding.subspan"(%18) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<16384xf32, #gpu.address_space<global>>
    %25 = "memref.assume_alignment"(%24) <{alignment = 64 : i32}> : (memref<16384xf32, #gpu.address_space<global>>) -> memref<16384xf32, #gpu.address_space<global>>
    %26 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 128 : index}> : () -> index
    %27 = "arith.index_castui"(%19) : (index) -> i32
    %28 = "arith.muli"(%27, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %29 = "arith.index_castui"(%26) : (index) -> i32
    %30 = "arith.muli"(%29, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %31 = "arith.addi"(%28, %30) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %32 = "arith.index_castui"(%31) : (i32) -> index
    %33 = "vector.load"(%21, %32) : (memref<16384xf32, #gpu.address_space<global>>, index) -> vector<4xf32>
    %34 = "vector.load"(%23, %32) : (memref<16384xf32, #gpu.address_space<global>>, index) -> vector<4xf32>
    %35 = "math.absf"(%33) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
    %36 = "math.sqrt"(%35) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
    %37 = "arith.cmpf"(%34, %5) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %38 = "arith.select"(%37, %34, %5) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %39 = "arith.cmpf"(%38, %4) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %40 = "arith.select"(%39, %38, %4) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %41 = "math.fma"(%40, %13, %15) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %42 = "math.floor"(%41) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
    %43 = "arith.cmpf"(%42, %3) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %44 = "arith.select"(%43, %42, %3) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %45 = "arith.cmpf"(%44, %2) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %46 = "arith.select"(%45, %44, %2) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %47 = "math.fma"(%12, %46, %40) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %48 = "math.fma"(%11, %46, %47) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %49 = "math.fma"(%48, %10, %9) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %50 = "math.fma"(%49, %48, %8) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %51 = "math.fma"(%50, %48, %7) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %52 = "math.fma"(%51, %48, %6) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %53 = "math.fma"(%52, %48, %15) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %54 = "arith.mulf"(%48, %48) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %55 = "math.fma"(%53, %54, %48) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %56 = "arith.addf"(%55, %14) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %57 = "arith.fptosi"(%46) : (vector<4xf32>) -> vector<4xi32>
    %58 = "arith.addi"(%57, %0) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %59 = "arith.shli"(%58, %1) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %60 = "arith.bitcast"(%59) : (vector<4xi32>) -> vector<4xf32>
    %61 = "arith.mulf"(%56, %60) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %62 = "math.fma"(%36, %61, %33) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %63 = "arith.cmpf"(%33, %34) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %64 = "arith.select"(%63, %62, %36) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    "vector.store"(%64, %25, %32) : (vector<4xf32>, memref<16384xf32, #gpu.address_space<global>>, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 1, 1>} : () -> ()
}) : () -> ()

