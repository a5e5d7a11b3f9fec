// matmul_f32_128x128x256: C[128x128 f32] = A[128x256 f32] x B[256x128 f32].
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f32_128x128x256.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_f32_128x128x256_dispatch_0_matmul_128x128x256_f32"}> ({
    %0 = "arith.constant"() <{value = 31 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 30 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 29 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 28 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 27 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 26 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 25 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 24 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 23 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 22 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 21 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 20 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 19 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 18 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 17 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 15 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 14 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 13 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 12 : i32}> : () -> i32
    %20 = "arith.constant"() <{value = 11 : i32}> : () -> i32
    %21 = "arith.constant"() <{value = 10 : i32}> : () -> i32
    %22 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %23 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %24 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %25 = "arith.constant"() <{value = 6 : i32}> : () -> i32
    %26 = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %27 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %28 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %29 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %30 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %31 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %32 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %33 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %34 = "arith.constant"() <{value = 0 : index}> : () -> index
    %35 = "arith.constant"() <{value = dense<0.000000e+00> : vector<16xf32>}> : () -> vector<16xf32>
    %36 = "gpu.thread_id"() <{dimension = #gpu.dim<y>, upper_bound = 8 : index}> : () -> index
    %37 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %38 = "arith.index_castui"(%36) : (index) -> i32
    %39 = "arith.muli"(%38, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %40 = "arith.index_castui"(%37) : (index) -> i32
    %41 = "arith.addi"(%39, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %42 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<128x256xf32, #gpu.address_space<global>>
    %43 = "memref.assume_alignment"(%42) <{alignment = 64 : i32}> : (memref<128x256xf32, #gpu.address_space<global>>) -> memref<128x256xf32, #gpu.address_space<global>>
    %44 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<256x128xf32, #gpu.address_space<global>>
    %45 = "memref.assume_alignment"(%44) <{alignment = 64 : i32}> : (memref<256x128xf32, #gpu.address_space<global>>) -> memref<256x128xf32, #gpu.address_space<global>>
    %46 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<128x128xf32, #gpu.address_space<global>>
    %47 = "memref.assume_alignment"(%46) <{alignment = 64 : i32}> : (memref<128x128xf32, #gpu.address_space<global>>) -> memref<128x128xf32, #gpu.address_space<global>>
    %48 = "arith.divui"(%41, %23) : (i32, i32) -> i32
    %49 = "arith.remui"(%41, %23) : (i32, i32) -> i32
    %50 = "arith.muli"(%49, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %51 = "arith.index_castui"(%50) : (i32) -> index
    %52 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 4 : index}> : () -> index
    %53 = "arith.index_castui"(%52) : (index) -> i32
    %54 = "arith.muli"(%53, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %55 = "arith.addi"(%48, %54) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %56 = "arith.index_castui"(%55) : (i32) -> index
    "cf.br"(%32, %35)[^bb1] : (i32, vector<16xf32>) -> ()
  ^bb1(%57: i32, %58: vector<16xf32>):  // 2 preds: ^bb0, ^bb2
    %59 = "arith.cmpi"(%57, %31) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%59)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %60 = "arith.index_castui"(%57) : (i32) -> index
    %61 = "vector.load"(%43, %56, %60) : (memref<128x256xf32, #gpu.address_space<global>>, index, index) -> vector<32xf32>
    %62 = "vector.load"(%45, %60, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %63 = "arith.addi"(%57, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %64 = "arith.index_castui"(%63) : (i32) -> index
    %65 = "vector.load"(%45, %64, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %66 = "arith.addi"(%57, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %67 = "arith.index_castui"(%66) : (i32) -> index
    %68 = "vector.load"(%45, %67, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %69 = "arith.addi"(%57, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %70 = "arith.index_castui"(%69) : (i32) -> index
    %71 = "vector.load"(%45, %70, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %72 = "arith.addi"(%57, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %73 = "arith.index_castui"(%72) : (i32) -> index
    %74 = "vector.load"(%45, %73, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %75 = "arith.addi"(%57, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %76 = "arith.index_castui"(%75) : (i32) -> index
    %77 = "vector.load"(%45, %76, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %78 = "arith.addi"(%57, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %79 = "arith.index_castui"(%78) : (i32) -> index
    %80 = "vector.load"(%45, %79, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %81 = "arith.addi"(%57, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %82 = "arith.index_castui"(%81) : (i32) -> index
    %83 = "vector.load"(%45, %82, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %84 = "arith.addi"(%57, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %85 = "arith.index_castui"(%84) : (i32) -> index
    %86 = "vector.load"(%45, %85, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %87 = "arith.addi"(%57, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %88 = "arith.index_castui"(%87) : (i32) -> index
    %89 = "vector.load"(%45, %88, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %90 = "arith.addi"(%57, %21) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %91 = "arith.index_castui"(%90) : (i32) -> index
    %92 = "vector.load"(%45, %91, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %93 = "arith.addi"(%57, %20) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %94 = "arith.index_castui"(%93) : (i32) -> index
    %95 = "vector.load"(%45, %94, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %96 = "arith.addi"(%57, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %97 = "arith.index_castui"(%96) : (i32) -> index
    %98 = "vector.load"(%45, %97, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %99 = "arith.addi"(%57, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %100 = "arith.index_castui"(%99) : (i32) -> index
    %101 = "vector.load"(%45, %100, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %102 = "arith.addi"(%57, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %103 = "arith.index_castui"(%102) : (i32) -> index
    %104 = "vector.load"(%45, %103, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %105 = "arith.addi"(%57, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %106 = "arith.index_castui"(%105) : (i32) -> index
    %107 = "vector.load"(%45, %106, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %108 = "arith.addi"(%57, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %109 = "arith.index_castui"(%108) : (i32) -> index
    %110 = "vector.load"(%45, %109, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %111 = "arith.addi"(%57, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %112 = "arith.index_castui"(%111) : (i32) -> index
    %113 = "vector.load"(%45, %112, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %114 = "arith.addi"(%57, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %115 = "arith.index_castui"(%114) : (i32) -> index
    %116 = "vector.load"(%45, %115, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %117 = "arith.addi"(%57, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %118 = "arith.index_castui"(%117) : (i32) -> index
    %119 = "vector.load"(%45, %118, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %120 = "arith.addi"(%57, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %121 = "arith.index_castui"(%120) : (i32) -> index
    %122 = "vector.load"(%45, %121, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %123 = "arith.addi"(%57, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %124 = "arith.index_castui"(%123) : (i32) -> index
    %125 = "vector.load"(%45, %124, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %126 = "arith.addi"(%57, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %127 = "arith.index_castui"(%126) : (i32) -> index
    %128 = "vector.load"(%45, %127, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %129 = "arith.addi"(%57, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %130 = "arith.index_castui"(%129) : (i32) -> index
    %131 = "vector.load"(%45, %130, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %132 = "arith.addi"(%57, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %133 = "arith.index_castui"(%132) : (i32) -> index
    %134 = "vector.load"(%45, %133, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %135 = "arith.addi"(%57, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %136 = "arith.index_castui"(%135) : (i32) -> index
    %137 = "vector.load"(%45, %136, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %138 = "arith.addi"(%57, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %139 = "arith.index_castui"(%138) : (i32) -> index
    %140 = "vector.load"(%45, %139, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %141 = "arith.addi"(%57, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %142 = "arith.index_castui"(%141) : (i32) -> index
    %143 = "vector.load"(%45, %142, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %144 = "arith.addi"(%57, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %145 = "arith.index_castui"(%144) : (i32) -> index
    %146 = "vector.load"(%45, %145, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %147 = "arith.addi"(%57, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %148 = "arith.index_castui"(%147) : (i32) -> index
    %149 = "vector.load"(%45, %148, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %150 = "arith.addi"(%57, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %151 = "arith.index_castui"(%150) : (i32) -> index
    %152 = "vector.load"(%45, %151, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %153 = "arith.addi"(%57, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %154 = "arith.index_castui"(%153) : (i32) -> index
    %155 = "vector.load"(%45, %154, %51) : (memref<256x128xf32, #gpu.address_space<global>>, index, index) -> vector<16xf32>
    %156:32 = "vector.to_elements"(%61) : (vector<32xf32>) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
    %157 = "vector.broadcast"(%156#0) : (f32) -> vector<16xf32>
    %158 = "vector.broadcast"(%156#1) : (f32) -> vector<16xf32>
    %159 = "vector.broadcast"(%156#2) : (f32) -> vector<16xf32>
    %160 = "vector.broadcast"(%156#3) : (f32) -> vector<16xf32>
    %161 = "vector.broadcast"(%156#4) : (f32) -> vector<16xf32>
    %162 = "vector.broadcast"(%156#5) : (f32) -> vector<16xf32>
    %163 = "vector.broadcast"(%156#6) : (f32) -> vector<16xf32>
    %164 = "vector.broadcast"(%156#7) : (f32) -> vector<16xf32>
    %165 = "vector.broadcast"(%156#8) : (f32) -> vector<16xf32>
    %166 = "vector.broadcast"(%156#9) : (f32) -> vector<16xf32>
    %167 = "vector.broadcast"(%156#10) : (f32) -> vector<16xf32>
    %168 = "vector.broadcast"(%156#11) : (f32) -> vector<16xf32>
    %169 = "vector.broadcast"(%156#12) : (f32) -> vector<16xf32>
    %170 = "vector.broadcast"(%156#13) : (f32) -> vector<16xf32>
    %171 = "vector.broadcast"(%156#14) : (f32) -> vector<16xf32>
    %172 = "vector.broadcast"(%156#15) : (f32) -> vector<16xf32>
    %173 = "vector.broadcast"(%156#16) : (f32) -> vector<16xf32>
    %174 = "vector.broadcast"(%156#17) : (f32) -> vector<16xf32>
    %175 = "vector.broadcast"(%156#18) : (f32) -> vector<16xf32>
    %176 = "vector.broadcast"(%156#19) : (f32) -> vector<16xf32>
    %177 = "vector.broadcast"(%156#20) : (f32) -> vector<16xf32>
    %178 = "vector.broadcast"(%156#21) : (f32) -> vector<16xf32>
    %179 = "vector.broadcast"(%156#22) : (f32) -> vector<16xf32>
    %180 = "vector.broadcast"(%156#23) : (f32) -> vector<16xf32>
    %181 = "vector.broadcast"(%156#24) : (f32) -> vector<16xf32>
    %182 = "vector.broadcast"(%156#25) : (f32) -> vector<16xf32>
    %183 = "vector.broadcast"(%156#26) : (f32) -> vector<16xf32>
    %184 = "vector.broadcast"(%156#27) : (f32) -> vector<16xf32>
    %185 = "vector.broadcast"(%156#28) : (f32) -> vector<16xf32>
    %186 = "vector.broadcast"(%156#29) : (f32) -> vector<16xf32>
    %187 = "vector.broadcast"(%156#30) : (f32) -> vector<16xf32>
    %188 = "vector.broadcast"(%156#31) : (f32) -> vector<16xf32>
    %189 = "math.fma"(%188, %155, %58) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %190 = "math.fma"(%187, %152, %189) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %191 = "math.fma"(%186, %149, %190) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %192 = "math.fma"(%185, %146, %191) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %193 = "math.fma"(%184, %143, %192) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %194 = "math.fma"(%183, %140, %193) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %195 = "math.fma"(%182, %137, %194) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %196 = "math.fma"(%181, %134, %195) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %197 = "math.fma"(%180, %131, %196) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %198 = "math.fma"(%179, %128, %197) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %199 = "math.fma"(%178, %125, %198) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %200 = "math.fma"(%177, %122, %199) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %201 = "math.fma"(%176, %119, %200) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %202 = "math.fma"(%175, %116, %201) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %203 = "math.fma"(%174, %113, %202) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %204 = "math.fma"(%173, %110, %203) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %205 = "math.fma"(%172, %107, %204) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %206 = "math.fma"(%171, %104, %205) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %207 = "math.fma"(%170, %101, %206) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %208 = "math.fma"(%169, %98, %207) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %209 = "math.fma"(%168, %95, %208) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %210 = "math.fma"(%167, %92, %209) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %211 = "math.fma"(%166, %89, %210) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %212 = "math.fma"(%165, %86, %211) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %213 = "math.fma"(%164, %83, %212) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %214 = "math.fma"(%163, %80, %213) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %215 = "math.fma"(%162, %77, %214) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %216 = "math.fma"(%161, %74, %215) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %217 = "math.fma"(%160, %71, %216) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %218 = "math.fma"(%159, %68, %217) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %219 = "math.fma"(%158, %65, %218) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %220 = "math.fma"(%157, %62, %219) <{fastmath = #arith.fastmath<none>}> : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
    %221 = "arith.addi"(%57, %33) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%221, %220)[^bb1] : (i32, vector<16xf32>) -> ()
  ^bb3:  // pred: ^bb1
    "vector.store"(%58, %47, %56, %51) : (vector<16xf32>, memref<128x128xf32, #gpu.address_space<global>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 8, 1>} : () -> ()
}) : () -> ()

