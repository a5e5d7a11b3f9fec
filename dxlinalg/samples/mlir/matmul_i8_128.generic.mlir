// matmul_i8_128: C[128x128 i32] = A[128x128 i8] x B[128x128 i8], sign-extended, i32 sums.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_i8_128.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_i8_128_dispatch_0_matmul_128x128x128_i8xi8xi32"}> ({
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
    %31 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %32 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %33 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %34 = "arith.constant"() <{value = 0 : index}> : () -> index
    %35 = "arith.constant"() <{value = dense<0> : vector<16xi32>}> : () -> vector<16xi32>
    %36 = "gpu.thread_id"() <{dimension = #gpu.dim<y>, upper_bound = 8 : index}> : () -> index
    %37 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 32 : index}> : () -> index
    %38 = "arith.index_castui"(%36) : (index) -> i32
    %39 = "arith.muli"(%38, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %40 = "arith.index_castui"(%37) : (index) -> i32
    %41 = "arith.addi"(%39, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %42 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<128x128xi8, #gpu.address_space<global>>
    %43 = "memref.assume_alignment"(%42) <{alignment = 64 : i32}> : (memref<128x128xi8, #gpu.address_space<global>>) -> memref<128x128xi8, #gpu.address_space<global>>
    %44 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<128x128xi8, #gpu.address_space<global>>
    %45 = "memref.assume_alignment"(%44) <{alignment = 64 : i32}> : (memref<128x128xi8, #gpu.address_space<global>>) -> memref<128x128xi8, #gpu.address_space<global>>
    %46 = "hal.interface.binding.subspan"(%34) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<128x128xi32, #gpu.address_space<global>>
    %47 = "memref.assume_alignment"(%46) <{alignment = 64 : i32}> : (memref<128x128xi32, #gpu.address_space<global>>) -> memref<128x128xi32, #gpu.address_space<global>>
    %48 = "arith.divui"(%41, %23) : (i32, i32) -> i32
    %49 = "arith.remui"(%41, %23) : (i32, i32) -> i32
    %50 = "arith.muli"(%49, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %51 = "arith.index_castui"(%50) : (i32) -> index
    %52 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 4 : index}> : () -> index
    %53 = "arith.index_castui"(%52) : (index) -> i32
    %54 = "arith.muli"(%53, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %55 = "arith.addi"(%48, %54) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %56 = "arith.index_castui"(%55) : (i32) -> index
    "cf.br"(%32, %35)[^bb1] : (i32, vector<16xi32>) -> ()
  ^bb1(%57: i32, %58: vector<16xi32>):  // 2 preds: ^bb0, ^bb2
    %59 = "arith.cmpi"(%57, %31) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%59)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %60 = "arith.index_castui"(%57) : (i32) -> index
    %61 = "vector.load"(%43, %56, %60) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<32xi8>
    %62 = "vector.load"(%45, %60, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %63 = "arith.addi"(%57, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %64 = "arith.index_castui"(%63) : (i32) -> index
    %65 = "vector.load"(%45, %64, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %66 = "arith.addi"(%57, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %67 = "arith.index_castui"(%66) : (i32) -> index
    %68 = "vector.load"(%45, %67, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %69 = "arith.addi"(%57, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %70 = "arith.index_castui"(%69) : (i32) -> index
    %71 = "vector.load"(%45, %70, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %72 = "arith.addi"(%57, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %73 = "arith.index_castui"(%72) : (i32) -> index
    %74 = "vector.load"(%45, %73, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %75 = "arith.addi"(%57, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %76 = "arith.index_castui"(%75) : (i32) -> index
    %77 = "vector.load"(%45, %76, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %78 = "arith.addi"(%57, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %79 = "arith.index_castui"(%78) : (i32) -> index
    %80 = "vector.load"(%45, %79, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %81 = "arith.addi"(%57, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %82 = "arith.index_castui"(%81) : (i32) -> index
    %83 = "vector.load"(%45, %82, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %84 = "arith.addi"(%57, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %85 = "arith.index_castui"(%84) : (i32) -> index
    %86 = "vector.load"(%45, %85, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %87 = "arith.addi"(%57, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %88 = "arith.index_castui"(%87) : (i32) -> index
    %89 = "vector.load"(%45, %88, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %90 = "arith.addi"(%57, %21) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %91 = "arith.index_castui"(%90) : (i32) -> index
    %92 = "vector.load"(%45, %91, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %93 = "arith.addi"(%57, %20) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %94 = "arith.index_castui"(%93) : (i32) -> index
    %95 = "vector.load"(%45, %94, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %96 = "arith.addi"(%57, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %97 = "arith.index_castui"(%96) : (i32) -> index
    %98 = "vector.load"(%45, %97, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %99 = "arith.addi"(%57, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %100 = "arith.index_castui"(%99) : (i32) -> index
    %101 = "vector.load"(%45, %100, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %102 = "arith.addi"(%57, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %103 = "arith.index_castui"(%102) : (i32) -> index
    %104 = "vector.load"(%45, %103, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %105 = "arith.addi"(%57, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %106 = "arith.index_castui"(%105) : (i32) -> index
    %107 = "vector.load"(%45, %106, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %108 = "arith.addi"(%57, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %109 = "arith.index_castui"(%108) : (i32) -> index
    %110 = "vector.load"(%45, %109, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %111 = "arith.addi"(%57, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %112 = "arith.index_castui"(%111) : (i32) -> index
    %113 = "vector.load"(%45, %112, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %114 = "arith.addi"(%57, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %115 = "arith.index_castui"(%114) : (i32) -> index
    %116 = "vector.load"(%45, %115, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %117 = "arith.addi"(%57, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %118 = "arith.index_castui"(%117) : (i32) -> index
    %119 = "vector.load"(%45, %118, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %120 = "arith.addi"(%57, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %121 = "arith.index_castui"(%120) : (i32) -> index
    %122 = "vector.load"(%45, %121, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %123 = "arith.addi"(%57, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %124 = "arith.index_castui"(%123) : (i32) -> index
    %125 = "vector.load"(%45, %124, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %126 = "arith.addi"(%57, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %127 = "arith.index_castui"(%126) : (i32) -> index
    %128 = "vector.load"(%45, %127, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %129 = "arith.addi"(%57, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %130 = "arith.index_castui"(%129) : (i32) -> index
    %131 = "vector.load"(%45, %130, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %132 = "arith.addi"(%57, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %133 = "arith.index_castui"(%132) : (i32) -> index
    %134 = "vector.load"(%45, %133, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %135 = "arith.addi"(%57, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %136 = "arith.index_castui"(%135) : (i32) -> index
    %137 = "vector.load"(%45, %136, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %138 = "arith.addi"(%57, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %139 = "arith.index_castui"(%138) : (i32) -> index
    %140 = "vector.load"(%45, %139, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %141 = "arith.addi"(%57, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %142 = "arith.index_castui"(%141) : (i32) -> index
    %143 = "vector.load"(%45, %142, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %144 = "arith.addi"(%57, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %145 = "arith.index_castui"(%144) : (i32) -> index
    %146 = "vector.load"(%45, %145, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %147 = "arith.addi"(%57, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %148 = "arith.index_castui"(%147) : (i32) -> index
    %149 = "vector.load"(%45, %148, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %150 = "arith.addi"(%57, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %151 = "arith.index_castui"(%150) : (i32) -> index
    %152 = "vector.load"(%45, %151, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %153 = "arith.addi"(%57, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %154 = "arith.index_castui"(%153) : (i32) -> index
    %155 = "vector.load"(%45, %154, %51) : (memref<128x128xi8, #gpu.address_space<global>>, index, index) -> vector<16xi8>
    %156 = "vector.extract"(%61) <{static_position = array<i64: 0>}> : (vector<32xi8>) -> i8
    %157 = "arith.extsi"(%62) : (vector<16xi8>) -> vector<16xi32>
    %158 = "arith.extsi"(%156) : (i8) -> i32
    %159 = "vector.broadcast"(%158) : (i32) -> vector<16xi32>
    %160 = "arith.muli"(%157, %159) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %161 = "arith.addi"(%160, %58) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %162 = "vector.extract"(%61) <{static_position = array<i64: 1>}> : (vector<32xi8>) -> i8
    %163 = "arith.extsi"(%65) : (vector<16xi8>) -> vector<16xi32>
    %164 = "arith.extsi"(%162) : (i8) -> i32
    %165 = "vector.broadcast"(%164) : (i32) -> vector<16xi32>
    %166 = "arith.muli"(%163, %165) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %167 = "arith.addi"(%166, %161) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %168 = "vector.extract"(%61) <{static_position = array<i64: 2>}> : (vector<32xi8>) -> i8
    %169 = "arith.extsi"(%68) : (vector<16xi8>) -> vector<16xi32>
    %170 = "arith.extsi"(%168) : (i8) -> i32
    %171 = "vector.broadcast"(%170) : (i32) -> vector<16xi32>
    %172 = "arith.muli"(%169, %171) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %173 = "arith.addi"(%172, %167) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %174 = "vector.extract"(%61) <{static_position = array<i64: 3>}> : (vector<32xi8>) -> i8
    %175 = "arith.extsi"(%71) : (vector<16xi8>) -> vector<16xi32>
    %176 = "arith.extsi"(%174) : (i8) -> i32
    %177 = "vector.broadcast"(%176) : (i32) -> vector<16xi32>
    %178 = "arith.muli"(%175, %177) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %179 = "arith.addi"(%178, %173) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %180 = "vector.extract"(%61) <{static_position = array<i64: 4>}> : (vector<32xi8>) -> i8
    %181 = "arith.extsi"(%74) : (vector<16xi8>) -> vector<16xi32>
    %182 = "arith.extsi"(%180) : (i8) -> i32
    %183 = "vector.broadcast"(%182) : (i32) -> vector<16xi32>
    %184 = "arith.muli"(%181, %183) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %185 = "arith.addi"(%184, %179) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %186 = "vector.extract"(%61) <{static_position = array<i64: 5>}> : (vector<32xi8>) -> i8
    %187 = "arith.extsi"(%77) : (vector<16xi8>) -> vector<16xi32>
    %188 = "arith.extsi"(%186) : (i8) -> i32
    %189 = "vector.broadcast"(%188) : (i32) -> vector<16xi32>
    %190 = "arith.muli"(%187, %189) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %191 = "arith.addi"(%190, %185) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %192 = "vector.extract"(%61) <{static_position = array<i64: 6>}> : (vector<32xi8>) -> i8
    %193 = "arith.extsi"(%80) : (vector<16xi8>) -> vector<16xi32>
    %194 = "arith.extsi"(%192) : (i8) -> i32
    %195 = "vector.broadcast"(%194) : (i32) -> vector<16xi32>
    %196 = "arith.muli"(%193, %195) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %197 = "arith.addi"(%196, %191) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %198 = "vector.extract"(%61) <{static_position = array<i64: 7>}> : (vector<32xi8>) -> i8
    %199 = "arith.extsi"(%83) : (vector<16xi8>) -> vector<16xi32>
    %200 = "arith.extsi"(%198) : (i8) -> i32
    %201 = "vector.broadcast"(%200) : (i32) -> vector<16xi32>
    %202 = "arith.muli"(%199, %201) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %203 = "arith.addi"(%202, %197) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %204 = "vector.extract"(%61) <{static_position = array<i64: 8>}> : (vector<32xi8>) -> i8
    %205 = "arith.extsi"(%86) : (vector<16xi8>) -> vector<16xi32>
    %206 = "arith.extsi"(%204) : (i8) -> i32
    %207 = "vector.broadcast"(%206) : (i32) -> vector<16xi32>
    %208 = "arith.muli"(%205, %207) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %209 = "arith.addi"(%208, %203) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %210 = "vector.extract"(%61) <{static_position = array<i64: 9>}> : (vector<32xi8>) -> i8
    %211 = "arith.extsi"(%89) : (vector<16xi8>) -> vector<16xi32>
    %212 = "arith.extsi"(%210) : (i8) -> i32
    %213 = "vector.broadcast"(%212) : (i32) -> vector<16xi32>
    %214 = "arith.muli"(%211, %213) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %215 = "arith.addi"(%214, %209) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %216 = "vector.extract"(%61) <{static_position = array<i64: 10>}> : (vector<32xi8>) -> i8
    %217 = "arith.extsi"(%92) : (vector<16xi8>) -> vector<16xi32>
    %218 = "arith.extsi"(%216) : (i8) -> i32
    %219 = "vector.broadcast"(%218) : (i32) -> vector<16xi32>
    %220 = "arith.muli"(%217, %219) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %221 = "arith.addi"(%220, %215) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %222 = "vector.extract"(%61) <{static_position = array<i64: 11>}> : (vector<32xi8>) -> i8
    %223 = "arith.extsi"(%95) : (vector<16xi8>) -> vector<16xi32>
    %224 = "arith.extsi"(%222) : (i8) -> i32
    %225 = "vector.broadcast"(%224) : (i32) -> vector<16xi32>
    %226 = "arith.muli"(%223, %225) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %227 = "arith.addi"(%226, %221) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %228 = "vector.extract"(%61) <{static_position = array<i64: 12>}> : (vector<32xi8>) -> i8
    %229 = "arith.extsi"(%98) : (vector<16xi8>) -> vector<16xi32>
    %230 = "arith.extsi"(%228) : (i8) -> i32
    %231 = "vector.broadcast"(%230) : (i32) -> vector<16xi32>
    %232 = "arith.muli"(%229, %231) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %233 = "arith.addi"(%232, %227) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %234 = "vector.extract"(%61) <{static_position = array<i64: 13>}> : (vector<32xi8>) -> i8
    %235 = "arith.extsi"(%101) : (vector<16xi8>) -> vector<16xi32>
    %236 = "arith.extsi"(%234) : (i8) -> i32
    %237 = "vector.broadcast"(%236) : (i32) -> vector<16xi32>
    %238 = "arith.muli"(%235, %237) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %239 = "arith.addi"(%238, %233) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %240 = "vector.extract"(%61) <{static_position = array<i64: 14>}> : (vector<32xi8>) -> i8
    %241 = "arith.extsi"(%104) : (vector<16xi8>) -> vector<16xi32>
    %242 = "arith.extsi"(%240) : (i8) -> i32
    %243 = "vector.broadcast"(%242) : (i32) -> vector<16xi32>
    %244 = "arith.muli"(%241, %243) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %245 = "arith.addi"(%244, %239) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %246 = "vector.extract"(%61) <{static_position = array<i64: 15>}> : (vector<32xi8>) -> i8
    %247 = "arith.extsi"(%107) : (vector<16xi8>) -> vector<16xi32>
    %248 = "arith.extsi"(%246) : (i8) -> i32
    %249 = "vector.broadcast"(%248) : (i32) -> vector<16xi32>
    %250 = "arith.muli"(%247, %249) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %251 = "arith.addi"(%250, %245) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %252 = "vector.extract"(%61) <{static_position = array<i64: 16>}> : (vector<32xi8>) -> i8
    %253 = "arith.extsi"(%110) : (vector<16xi8>) -> vector<16xi32>
    %254 = "arith.extsi"(%252) : (i8) -> i32
    %255 = "vector.broadcast"(%254) : (i32) -> vector<16xi32>
    %256 = "arith.muli"(%253, %255) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %257 = "arith.addi"(%256, %251) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %258 = "vector.extract"(%61) <{static_position = array<i64: 17>}> : (vector<32xi8>) -> i8
    %259 = "arith.extsi"(%113) : (vector<16xi8>) -> vector<16xi32>
    %260 = "arith.extsi"(%258) : (i8) -> i32
    %261 = "vector.broadcast"(%260) : (i32) -> vector<16xi32>
    %262 = "arith.muli"(%259, %261) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %263 = "arith.addi"(%262, %257) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %264 = "vector.extract"(%61) <{static_position = array<i64: 18>}> : (vector<32xi8>) -> i8
    %265 = "arith.extsi"(%116) : (vector<16xi8>) -> vector<16xi32>
    %266 = "arith.extsi"(%264) : (i8) -> i32
    %267 = "vector.broadcast"(%266) : (i32) -> vector<16xi32>
    %268 = "arith.muli"(%265, %267) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %269 = "arith.addi"(%268, %263) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %270 = "vector.extract"(%61) <{static_position = array<i64: 19>}> : (vector<32xi8>) -> i8
    %271 = "arith.extsi"(%119) : (vector<16xi8>) -> vector<16xi32>
    %272 = "arith.extsi"(%270) : (i8) -> i32
    %273 = "vector.broadcast"(%272) : (i32) -> vector<16xi32>
    %274 = "arith.muli"(%271, %273) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %275 = "arith.addi"(%274, %269) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %276 = "vector.extract"(%61) <{static_position = array<i64: 20>}> : (vector<32xi8>) -> i8
    %277 = "arith.extsi"(%122) : (vector<16xi8>) -> vector<16xi32>
    %278 = "arith.extsi"(%276) : (i8) -> i32
    %279 = "vector.broadcast"(%278) : (i32) -> vector<16xi32>
    %280 = "arith.muli"(%277, %279) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %281 = "arith.addi"(%280, %275) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %282 = "vector.extract"(%61) <{static_position = array<i64: 21>}> : (vector<32xi8>) -> i8
    %283 = "arith.extsi"(%125) : (vector<16xi8>) -> vector<16xi32>
    %284 = "arith.extsi"(%282) : (i8) -> i32
    %285 = "vector.broadcast"(%284) : (i32) -> vector<16xi32>
    %286 = "arith.muli"(%283, %285) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %287 = "arith.addi"(%286, %281) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %288 = "vector.extract"(%61) <{static_position = array<i64: 22>}> : (vector<32xi8>) -> i8
    %289 = "arith.extsi"(%128) : (vector<16xi8>) -> vector<16xi32>
    %290 = "arith.extsi"(%288) : (i8) -> i32
    %291 = "vector.broadcast"(%290) : (i32) -> vector<16xi32>
    %292 = "arith.muli"(%289, %291) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %293 = "arith.addi"(%292, %287) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %294 = "vector.extract"(%61) <{static_position = array<i64: 23>}> : (vector<32xi8>) -> i8
    %295 = "arith.extsi"(%131) : (vector<16xi8>) -> vector<16xi32>
    %296 = "arith.extsi"(%294) : (i8) -> i32
    %297 = "vector.broadcast"(%296) : (i32) -> vector<16xi32>
    %298 = "arith.muli"(%295, %297) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %299 = "arith.addi"(%298, %293) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %300 = "vector.extract"(%61) <{static_position = array<i64: 24>}> : (vector<32xi8>) -> i8
    %301 = "arith.extsi"(%134) : (vector<16xi8>) -> vector<16xi32>
    %302 = "arith.extsi"(%300) : (i8) -> i32
    %303 = "vector.broadcast"(%302) : (i32) -> vector<16xi32>
    %304 = "arith.muli"(%301, %303) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %305 = "arith.addi"(%304, %299) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %306 = "vector.extract"(%61) <{static_position = array<i64: 25>}> : (vector<32xi8>) -> i8
    %307 = "arith.extsi"(%137) : (vector<16xi8>) -> vector<16xi32>
    %308 = "arith.extsi"(%306) : (i8) -> i32
    %309 = "vector.broadcast"(%308) : (i32) -> vector<16xi32>
    %310 = "arith.muli"(%307, %309) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %311 = "arith.addi"(%310, %305) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %312 = "vector.extract"(%61) <{static_position = array<i64: 26>}> : (vector<32xi8>) -> i8
    %313 = "arith.extsi"(%140) : (vector<16xi8>) -> vector<16xi32>
    %314 = "arith.extsi"(%312) : (i8) -> i32
    %315 = "vector.broadcast"(%314) : (i32) -> vector<16xi32>
    %316 = "arith.muli"(%313, %315) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %317 = "arith.addi"(%316, %311) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %318 = "vector.extract"(%61) <{static_position = array<i64: 27>}> : (vector<32xi8>) -> i8
    %319 = "arith.extsi"(%143) : (vector<16xi8>) -> vector<16xi32>
    %320 = "arith.extsi"(%318) : (i8) -> i32
    %321 = "vector.broadcast"(%320) : (i32) -> vector<16xi32>
    %322 = "arith.muli"(%319, %321) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %323 = "arith.addi"(%322, %317) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %324 = "vector.extract"(%61) <{static_position = array<i64: 28>}> : (vector<32xi8>) -> i8
    %325 = "arith.extsi"(%146) : (vector<16xi8>) -> vector<16xi32>
    %326 = "arith.extsi"(%324) : (i8) -> i32
    %327 = "vector.broadcast"(%326) : (i32) -> vector<16xi32>
    %328 = "arith.muli"(%325, %327) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %329 = "arith.addi"(%328, %323) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %330 = "vector.extract"(%61) <{static_position = array<i64: 29>}> : (vector<32xi8>) -> i8
    %331 = "arith.extsi"(%149) : (vector<16xi8>) -> vector<16xi32>
    %332 = "arith.extsi"(%330) : (i8) -> i32
    %333 = "vector.broadcast"(%332) : (i32) -> vector<16xi32>
    %334 = "arith.muli"(%331, %333) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %335 = "arith.addi"(%334, %329) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %336 = "vector.extract"(%61) <{static_position = array<i64: 30>}> : (vector<32xi8>) -> i8
    %337 = "arith.extsi"(%152) : (vector<16xi8>) -> vector<16xi32>
    %338 = "arith.extsi"(%336) : (i8) -> i32
    %339 = "vector.broadcast"(%338) : (i32) -> vector<16xi32>
    %340 = "arith.muli"(%337, %339) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %341 = "arith.addi"(%340, %335) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %342 = "vector.extract"(%61) <{static_position = array<i64: 31>}> : (vector<32xi8>) -> i8
    %343 = "arith.extsi"(%155) : (vector<16xi8>) -> vector<16xi32>
    %344 = "arith.extsi"(%342) : (i8) -> i32
    %345 = "vector.broadcast"(%344) : (i32) -> vector<16xi32>
    %346 = "arith.muli"(%343, %345) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %347 = "arith.addi"(%346, %341) <{overflowFlags = #arith.overflow<none>}> : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>
    %348 = "arith.addi"(%57, %33) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%348, %347)[^bb1] : (i32, vector<16xi32>) -> ()
  ^bb3:  // pred: ^bb1
    "vector.store"(%58, %47, %56, %51) : (vector<16xi32>, memref<128x128xi32, #gpu.address_space<global>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 8, 1>} : () -> ()
}) : () -> ()

