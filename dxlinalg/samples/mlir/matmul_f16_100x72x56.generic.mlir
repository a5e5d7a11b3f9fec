// matmul_f16_100x72x56: C[100x72 f32] = A[100x56 f16] x B[56x72 f16], f32 accumulation; partial tiles: masked loads (vector.create_mask, vector.maskedload) and a vector.scatter store.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f16_100x72x56.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_f16_100x72x56_dispatch_0_matmul_100x72x56_f16xf16xf32"}> ({
    %0 = "arith.constant"() <{value = 72 : index}> : () -> index
    %1 = "arith.constant"() <{value = 8 : index}> : () -> index
    %2 = "arith.constant"() <{value = 16 : index}> : () -> index
    %3 = "arith.constant"() <{value = -32 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = -64 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 57 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 49 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 41 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 33 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 25 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 17 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 40 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 24 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 100 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 56 : i32}> : () -> i32
    %20 = "arith.constant"() <{value = 72 : i32}> : () -> i32
    %21 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %22 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %23 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %24 = "arith.constant"() <{value = 384 : i32}> : () -> i32
    %25 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %26 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %27 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %28 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %29 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %30 = "arith.constant"() <{value = dense<0.000000e+00> : vector<8xf16>}> : () -> vector<8xf16>
    %31 = "ub.poison"() <{value = #ub.poison}> : () -> vector<16xf32>
    %32 = "ub.poison"() <{value = #ub.poison}> : () -> vector<16xi1>
    %33 = "ub.poison"() <{value = #ub.poison}> : () -> vector<16xindex>
    %34 = "arith.constant"() <{value = dense<false> : vector<8xi1>}> : () -> vector<8xi1>
    %35 = "arith.constant"() <{value = 0 : index}> : () -> index
    %36 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %37:2 = "vector.to_elements"(%36) : (vector<2xf32>) -> (f32, f32)
    %38 = "vector.from_elements"(%37#0, %37#1, %37#0, %37#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %39 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64x36xf16, #gpu.address_space<workgroup>>
    %40 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64x68xf16, #gpu.address_space<workgroup>>
    %41 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 128 : index}> : () -> index
    %42 = "hal.interface.binding.subspan"(%35) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<100x56xf16, #gpu.address_space<global>>
    %43 = "memref.assume_alignment"(%42) <{alignment = 64 : i32}> : (memref<100x56xf16, #gpu.address_space<global>>) -> memref<100x56xf16, #gpu.address_space<global>>
    %44 = "hal.interface.binding.subspan"(%35) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<56x72xf16, #gpu.address_space<global>>
    %45 = "memref.assume_alignment"(%44) <{alignment = 64 : i32}> : (memref<56x72xf16, #gpu.address_space<global>>) -> memref<56x72xf16, #gpu.address_space<global>>
    %46 = "hal.interface.binding.subspan"(%35) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<7200xf32, #gpu.address_space<global>>
    %47 = "arith.index_castui"(%41) : (index) -> i32
    %48 = "arith.divui"(%47, %29) : (i32, i32) -> i32
    %49 = "arith.remui"(%47, %29) : (i32, i32) -> i32
    %50 = "arith.divui"(%49, %28) : (i32, i32) -> i32
    %51 = "arith.remui"(%47, %28) : (i32, i32) -> i32
    %52 = "arith.divui"(%47, %27) : (i32, i32) -> i32
    %53 = "arith.index_castui"(%52) : (i32) -> index
    %54 = "arith.remui"(%47, %27) : (i32, i32) -> i32
    %55 = "arith.muli"(%54, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %56 = "arith.minui"(%55, %19) : (i32, i32) -> i32
    %57 = "arith.index_castui"(%56) : (i32) -> index
    %58 = "arith.subi"(%19, %56) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %59 = "arith.minui"(%58, %27) : (i32, i32) -> i32
    %60 = "arith.index_castui"(%59) : (i32) -> index
    %61 = "arith.index_castui"(%55) : (i32) -> index
    %62 = "arith.addi"(%47, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %63 = "arith.divui"(%62, %27) : (i32, i32) -> i32
    %64 = "arith.index_castui"(%63) : (i32) -> index
    %65 = "arith.remui"(%62, %27) : (i32, i32) -> i32
    %66 = "arith.muli"(%65, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %67 = "arith.minui"(%66, %19) : (i32, i32) -> i32
    %68 = "arith.index_castui"(%67) : (i32) -> index
    %69 = "arith.subi"(%19, %67) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %70 = "arith.minui"(%69, %27) : (i32, i32) -> i32
    %71 = "arith.index_castui"(%70) : (i32) -> index
    %72 = "arith.index_castui"(%66) : (i32) -> index
    %73 = "arith.addi"(%47, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %74 = "arith.divui"(%73, %27) : (i32, i32) -> i32
    %75 = "arith.index_castui"(%74) : (i32) -> index
    %76 = "arith.remui"(%73, %27) : (i32, i32) -> i32
    %77 = "arith.muli"(%76, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %78 = "arith.minui"(%77, %19) : (i32, i32) -> i32
    %79 = "arith.index_castui"(%78) : (i32) -> index
    %80 = "arith.subi"(%19, %78) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %81 = "arith.minui"(%80, %27) : (i32, i32) -> i32
    %82 = "arith.index_castui"(%81) : (i32) -> index
    %83 = "arith.index_castui"(%77) : (i32) -> index
    %84 = "arith.addi"(%47, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %85 = "arith.divui"(%84, %27) : (i32, i32) -> i32
    %86 = "arith.index_castui"(%85) : (i32) -> index
    %87 = "arith.remui"(%84, %27) : (i32, i32) -> i32
    %88 = "arith.muli"(%87, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %89 = "arith.minui"(%88, %19) : (i32, i32) -> i32
    %90 = "arith.index_castui"(%89) : (i32) -> index
    %91 = "arith.subi"(%19, %89) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %92 = "arith.minui"(%91, %27) : (i32, i32) -> i32
    %93 = "arith.index_castui"(%92) : (i32) -> index
    %94 = "arith.index_castui"(%88) : (i32) -> index
    %95 = "arith.divui"(%47, %23) : (i32, i32) -> i32
    %96 = "arith.index_castui"(%95) : (i32) -> index
    %97 = "arith.remui"(%47, %23) : (i32, i32) -> i32
    %98 = "arith.minui"(%95, %19) : (i32, i32) -> i32
    %99 = "arith.index_castui"(%98) : (i32) -> index
    %100 = "arith.muli"(%97, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %101 = "arith.index_castui"(%100) : (i32) -> index
    %102 = "arith.divui"(%62, %23) : (i32, i32) -> i32
    %103 = "arith.index_castui"(%102) : (i32) -> index
    %104 = "arith.remui"(%62, %23) : (i32, i32) -> i32
    %105 = "arith.minui"(%102, %19) : (i32, i32) -> i32
    %106 = "arith.index_castui"(%105) : (i32) -> index
    %107 = "arith.subi"(%19, %105) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %108 = "arith.minui"(%107, %18) : (i32, i32) -> i32
    %109 = "arith.muli"(%104, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %110 = "arith.index_castui"(%109) : (i32) -> index
    %111 = "arith.divui"(%51, %23) : (i32, i32) -> i32
    %112 = "arith.remui"(%51, %23) : (i32, i32) -> i32
    %113 = "arith.muli"(%112, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %114 = "arith.index_castui"(%113) : (i32) -> index
    %115 = "memref.reinterpret_cast"(%46) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 7200>, static_strides = array<i64: 1>}> : (memref<7200xf32, #gpu.address_space<global>>) -> memref<7200xf32, strided<[1]>, #gpu.address_space<global>>
    %116 = "memref.cast"(%115) : (memref<7200xf32, strided<[1]>, #gpu.address_space<global>>) -> memref<7200xf32, #gpu.address_space<global>>
    %117 = "vector.step"() : () -> vector<2xindex>
    %118:2 = "vector.to_elements"(%117) : (vector<2xindex>) -> (index, index)
    %119 = "arith.muli"(%48, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %120 = "arith.index_castui"(%119) : (i32) -> index
    %121 = "arith.addi"(%118#0, %120) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %122 = "arith.addi"(%118#1, %120) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %123 = "arith.index_castui"(%111) : (i32) -> index
    %124 = "arith.muli"(%50, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %125 = "arith.index_castui"(%124) : (i32) -> index
    %126 = "arith.addi"(%118#0, %125) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %127 = "arith.addi"(%118#1, %125) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %128 = "vector.broadcast"(%113) : (i32) -> vector<2xi32>
    %129 = "arith.index_castui"(%117) : (vector<2xindex>) -> vector<2xi32>
    %130 = "arith.addi"(%129, %128) <{overflowFlags = #arith.overflow<none>}> : (vector<2xi32>, vector<2xi32>) -> vector<2xi32>
    %131 = "arith.index_castui"(%130) : (vector<2xi32>) -> vector<2xindex>
    %132 = "arith.muli"(%121, %2) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %133 = "arith.muli"(%122, %2) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %134 = "arith.muli"(%118#0, %1) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %135 = "arith.muli"(%118#1, %1) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %136 = "arith.addi"(%132, %134) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %137 = "arith.addi"(%132, %135) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %138 = "arith.addi"(%133, %134) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %139 = "arith.addi"(%133, %135) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %140 = "arith.addi"(%136, %123) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %141 = "arith.addi"(%137, %123) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %142 = "arith.addi"(%138, %123) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %143 = "arith.addi"(%139, %123) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %144 = "arith.muli"(%126, %1) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %145 = "vector.broadcast"(%144) : (index) -> vector<2xindex>
    %146 = "arith.muli"(%127, %1) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %147 = "vector.broadcast"(%146) : (index) -> vector<2xindex>
    %148 = "arith.addi"(%145, %131) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %149 = "arith.addi"(%147, %131) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %150 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 6 : index}> : () -> index
    %151 = "arith.index_castui"(%150) : (index) -> i32
    %152 = "arith.divui"(%151, %21) : (i32, i32) -> i32
    %153 = "arith.remui"(%151, %21) : (i32, i32) -> i32
    %154 = "arith.muli"(%153, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %155 = "arith.muli"(%152, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %156 = "arith.muli"(%152, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %157 = "arith.addi"(%156, %17) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %158 = "arith.minui"(%157, %29) : (i32, i32) -> i32
    %159 = "arith.muli"(%153, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %160 = "arith.addi"(%159, %20) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %161 = "arith.minui"(%160, %28) : (i32, i32) -> i32
    %162 = "arith.minui"(%158, %29) : (i32, i32) -> i32
    %163 = "arith.minui"(%161, %28) : (i32, i32) -> i32
    %164 = "arith.minui"(%162, %52) : (i32, i32) -> i32
    %165 = "vector.create_mask"(%60) : (index) -> vector<8xi1>
    %166 = "arith.addi"(%164, %155) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %167 = "arith.index_castui"(%166) : (i32) -> index
    %168 = "vector.maskedload"(%43, %167, %57, %165, %30) : (memref<100x56xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%168, %40, %53, %61) : (vector<8xf16>, memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %169 = "arith.minui"(%162, %63) : (i32, i32) -> i32
    %170 = "vector.create_mask"(%71) : (index) -> vector<8xi1>
    %171 = "arith.addi"(%169, %155) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %172 = "arith.index_castui"(%171) : (i32) -> index
    %173 = "vector.maskedload"(%43, %172, %68, %170, %30) : (memref<100x56xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%173, %40, %64, %72) : (vector<8xf16>, memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %174 = "arith.minui"(%162, %74) : (i32, i32) -> i32
    %175 = "arith.subi"(%162, %174) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %176 = "arith.minsi"(%175, %18) : (i32, i32) -> i32
    %177 = "vector.create_mask"(%82) : (index) -> vector<8xi1>
    %178 = "arith.cmpi"(%176, %16) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %179 = "arith.select"(%178, %177, %34) : (i1, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
    %180 = "arith.addi"(%174, %155) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %181 = "arith.index_castui"(%180) : (i32) -> index
    %182 = "vector.maskedload"(%43, %181, %79, %179, %30) : (memref<100x56xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%182, %40, %75, %83) : (vector<8xf16>, memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %183 = "arith.minui"(%162, %85) : (i32, i32) -> i32
    %184 = "arith.subi"(%162, %183) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %185 = "arith.minsi"(%184, %18) : (i32, i32) -> i32
    %186 = "vector.create_mask"(%93) : (index) -> vector<8xi1>
    %187 = "arith.cmpi"(%185, %16) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %188 = "arith.select"(%187, %186, %34) : (i1, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
    %189 = "arith.addi"(%183, %155) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %190 = "arith.index_castui"(%189) : (i32) -> index
    %191 = "vector.maskedload"(%43, %190, %90, %188, %30) : (memref<100x56xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%191, %40, %86, %94) : (vector<8xf16>, memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %192 = "arith.minui"(%163, %100) : (i32, i32) -> i32
    %193 = "arith.subi"(%163, %192) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %194 = "arith.minsi"(%193, %27) : (i32, i32) -> i32
    %195 = "arith.index_cast"(%194) : (i32) -> index
    %196 = "vector.create_mask"(%195) : (index) -> vector<8xi1>
    %197 = "arith.addi"(%192, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %198 = "arith.index_castui"(%197) : (i32) -> index
    %199 = "vector.maskedload"(%45, %99, %198, %196, %30) : (memref<56x72xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%199, %39, %96, %101) : (vector<8xf16>, memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %200 = "arith.minui"(%163, %109) : (i32, i32) -> i32
    %201 = "arith.subi"(%163, %200) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %202 = "arith.minsi"(%201, %27) : (i32, i32) -> i32
    %203 = "arith.index_cast"(%202) : (i32) -> index
    %204 = "vector.create_mask"(%203) : (index) -> vector<8xi1>
    %205 = "arith.cmpi"(%108, %16) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %206 = "arith.select"(%205, %204, %34) : (i1, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
    %207 = "arith.addi"(%200, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %208 = "arith.index_castui"(%207) : (i32) -> index
    %209 = "vector.maskedload"(%45, %106, %208, %206, %30) : (memref<56x72xf16, #gpu.address_space<global>>, index, index, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
    "vector.store"(%209, %39, %103, %110) : (vector<8xf16>, memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %210 = "arith.muli"(%48, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %211 = "arith.addi"(%210, %111) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %212 = "arith.index_castui"(%211) : (i32) -> index
    %213 = "vector.load"(%40, %212, %114) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %214 = "arith.addi"(%113, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %215 = "arith.index_castui"(%214) : (i32) -> index
    %216 = "vector.load"(%40, %212, %215) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %217 = "arith.addi"(%113, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %218 = "arith.index_castui"(%217) : (i32) -> index
    %219 = "vector.load"(%40, %212, %218) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %220 = "arith.addi"(%113, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %221 = "arith.index_castui"(%220) : (i32) -> index
    %222 = "vector.load"(%40, %212, %221) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %223 = "arith.addi"(%113, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %224 = "arith.index_castui"(%223) : (i32) -> index
    %225 = "vector.load"(%40, %212, %224) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %226 = "arith.addi"(%113, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %227 = "arith.index_castui"(%226) : (i32) -> index
    %228 = "vector.load"(%40, %212, %227) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %229 = "arith.addi"(%113, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %230 = "arith.index_castui"(%229) : (i32) -> index
    %231 = "vector.load"(%40, %212, %230) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %232 = "arith.addi"(%113, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %233 = "arith.index_castui"(%232) : (i32) -> index
    %234 = "vector.load"(%40, %212, %233) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %235 = "arith.addi"(%211, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %236 = "arith.index_castui"(%235) : (i32) -> index
    %237 = "vector.load"(%40, %236, %114) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %238 = "vector.load"(%40, %236, %215) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %239:2 = "vector.to_elements"(%213) : (vector<2xf16>) -> (f16, f16)
    %240:2 = "vector.to_elements"(%237) : (vector<2xf16>) -> (f16, f16)
    %241:2 = "vector.to_elements"(%216) : (vector<2xf16>) -> (f16, f16)
    %242:2 = "vector.to_elements"(%238) : (vector<2xf16>) -> (f16, f16)
    %243 = "vector.from_elements"(%239#0, %239#1, %240#0, %240#1, %241#0, %241#1, %242#0, %242#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %244 = "vector.load"(%40, %236, %218) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %245 = "vector.load"(%40, %236, %221) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %246:2 = "vector.to_elements"(%219) : (vector<2xf16>) -> (f16, f16)
    %247:2 = "vector.to_elements"(%244) : (vector<2xf16>) -> (f16, f16)
    %248:2 = "vector.to_elements"(%222) : (vector<2xf16>) -> (f16, f16)
    %249:2 = "vector.to_elements"(%245) : (vector<2xf16>) -> (f16, f16)
    %250 = "vector.from_elements"(%246#0, %246#1, %247#0, %247#1, %248#0, %248#1, %249#0, %249#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %251 = "vector.load"(%40, %236, %224) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %252 = "vector.load"(%40, %236, %227) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %253:2 = "vector.to_elements"(%225) : (vector<2xf16>) -> (f16, f16)
    %254:2 = "vector.to_elements"(%251) : (vector<2xf16>) -> (f16, f16)
    %255:2 = "vector.to_elements"(%228) : (vector<2xf16>) -> (f16, f16)
    %256:2 = "vector.to_elements"(%252) : (vector<2xf16>) -> (f16, f16)
    %257 = "vector.from_elements"(%253#0, %253#1, %254#0, %254#1, %255#0, %255#1, %256#0, %256#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %258 = "vector.load"(%40, %236, %230) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %259 = "vector.load"(%40, %236, %233) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %260:2 = "vector.to_elements"(%231) : (vector<2xf16>) -> (f16, f16)
    %261:2 = "vector.to_elements"(%258) : (vector<2xf16>) -> (f16, f16)
    %262:2 = "vector.to_elements"(%234) : (vector<2xf16>) -> (f16, f16)
    %263:2 = "vector.to_elements"(%259) : (vector<2xf16>) -> (f16, f16)
    %264 = "vector.from_elements"(%260#0, %260#1, %261#0, %261#1, %262#0, %262#1, %263#0, %263#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %265 = "arith.addi"(%211, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %266 = "arith.index_castui"(%265) : (i32) -> index
    %267 = "vector.load"(%40, %266, %114) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %268 = "vector.load"(%40, %266, %215) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %269 = "vector.load"(%40, %266, %218) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %270 = "vector.load"(%40, %266, %221) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %271 = "vector.load"(%40, %266, %224) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %272 = "vector.load"(%40, %266, %227) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %273 = "vector.load"(%40, %266, %230) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %274 = "vector.load"(%40, %266, %233) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %275 = "arith.addi"(%211, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %276 = "arith.index_castui"(%275) : (i32) -> index
    %277 = "vector.load"(%40, %276, %114) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %278 = "vector.load"(%40, %276, %215) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %279:2 = "vector.to_elements"(%267) : (vector<2xf16>) -> (f16, f16)
    %280:2 = "vector.to_elements"(%277) : (vector<2xf16>) -> (f16, f16)
    %281:2 = "vector.to_elements"(%268) : (vector<2xf16>) -> (f16, f16)
    %282:2 = "vector.to_elements"(%278) : (vector<2xf16>) -> (f16, f16)
    %283 = "vector.from_elements"(%279#0, %279#1, %280#0, %280#1, %281#0, %281#1, %282#0, %282#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %284 = "vector.load"(%40, %276, %218) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %285 = "vector.load"(%40, %276, %221) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %286:2 = "vector.to_elements"(%269) : (vector<2xf16>) -> (f16, f16)
    %287:2 = "vector.to_elements"(%284) : (vector<2xf16>) -> (f16, f16)
    %288:2 = "vector.to_elements"(%270) : (vector<2xf16>) -> (f16, f16)
    %289:2 = "vector.to_elements"(%285) : (vector<2xf16>) -> (f16, f16)
    %290 = "vector.from_elements"(%286#0, %286#1, %287#0, %287#1, %288#0, %288#1, %289#0, %289#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %291 = "vector.load"(%40, %276, %224) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %292 = "vector.load"(%40, %276, %227) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %293:2 = "vector.to_elements"(%271) : (vector<2xf16>) -> (f16, f16)
    %294:2 = "vector.to_elements"(%291) : (vector<2xf16>) -> (f16, f16)
    %295:2 = "vector.to_elements"(%272) : (vector<2xf16>) -> (f16, f16)
    %296:2 = "vector.to_elements"(%292) : (vector<2xf16>) -> (f16, f16)
    %297 = "vector.from_elements"(%293#0, %293#1, %294#0, %294#1, %295#0, %295#1, %296#0, %296#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %298 = "vector.load"(%40, %276, %230) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %299 = "vector.load"(%40, %276, %233) : (memref<64x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %300:2 = "vector.to_elements"(%273) : (vector<2xf16>) -> (f16, f16)
    %301:2 = "vector.to_elements"(%298) : (vector<2xf16>) -> (f16, f16)
    %302:2 = "vector.to_elements"(%274) : (vector<2xf16>) -> (f16, f16)
    %303:2 = "vector.to_elements"(%299) : (vector<2xf16>) -> (f16, f16)
    %304 = "vector.from_elements"(%300#0, %300#1, %301#0, %301#1, %302#0, %302#1, %303#0, %303#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %305 = "arith.muli"(%50, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %306 = "arith.addi"(%305, %111) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %307 = "arith.index_castui"(%306) : (i32) -> index
    %308 = "vector.load"(%39, %114, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %309 = "arith.addi"(%306, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %310 = "arith.index_castui"(%309) : (i32) -> index
    %311 = "vector.load"(%39, %114, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %312 = "arith.addi"(%113, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %313 = "arith.index_castui"(%312) : (i32) -> index
    %314 = "vector.load"(%39, %313, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %315 = "vector.load"(%39, %313, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %316 = "vector.load"(%39, %215, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %317 = "vector.load"(%39, %215, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %318 = "arith.addi"(%113, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %319 = "arith.index_castui"(%318) : (i32) -> index
    %320 = "vector.load"(%39, %319, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %321 = "vector.load"(%39, %319, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %322 = "vector.load"(%39, %218, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %323 = "vector.load"(%39, %218, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %324 = "arith.addi"(%113, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %325 = "arith.index_castui"(%324) : (i32) -> index
    %326 = "vector.load"(%39, %325, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %327 = "vector.load"(%39, %325, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %328 = "vector.load"(%39, %221, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %329 = "vector.load"(%39, %221, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %330 = "arith.addi"(%113, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %331 = "arith.index_castui"(%330) : (i32) -> index
    %332 = "vector.load"(%39, %331, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %333 = "vector.load"(%39, %331, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %334 = "vector.load"(%39, %224, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %335 = "vector.load"(%39, %224, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %336 = "arith.addi"(%113, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %337 = "arith.index_castui"(%336) : (i32) -> index
    %338 = "vector.load"(%39, %337, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %339 = "vector.load"(%39, %337, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %340 = "vector.load"(%39, %227, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %341 = "vector.load"(%39, %227, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %342 = "arith.addi"(%113, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %343 = "arith.index_castui"(%342) : (i32) -> index
    %344 = "vector.load"(%39, %343, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %345 = "vector.load"(%39, %343, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %346 = "vector.load"(%39, %230, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %347 = "vector.load"(%39, %230, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %348 = "arith.addi"(%113, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %349 = "arith.index_castui"(%348) : (i32) -> index
    %350 = "vector.load"(%39, %349, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %351 = "vector.load"(%39, %349, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %352 = "vector.load"(%39, %233, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %353 = "vector.load"(%39, %233, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %354 = "arith.addi"(%113, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %355 = "arith.index_castui"(%354) : (i32) -> index
    %356 = "vector.load"(%39, %355, %307) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %357 = "vector.load"(%39, %355, %310) : (memref<64x36xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %358 = "vector.to_elements"(%308) : (vector<1xf16>) -> f16
    %359 = "vector.to_elements"(%311) : (vector<1xf16>) -> f16
    %360 = "vector.to_elements"(%314) : (vector<1xf16>) -> f16
    %361 = "vector.to_elements"(%315) : (vector<1xf16>) -> f16
    %362 = "vector.to_elements"(%316) : (vector<1xf16>) -> f16
    %363 = "vector.to_elements"(%317) : (vector<1xf16>) -> f16
    %364 = "vector.to_elements"(%320) : (vector<1xf16>) -> f16
    %365 = "vector.to_elements"(%321) : (vector<1xf16>) -> f16
    %366 = "vector.to_elements"(%322) : (vector<1xf16>) -> f16
    %367 = "vector.to_elements"(%323) : (vector<1xf16>) -> f16
    %368 = "vector.to_elements"(%326) : (vector<1xf16>) -> f16
    %369 = "vector.to_elements"(%327) : (vector<1xf16>) -> f16
    %370 = "vector.to_elements"(%328) : (vector<1xf16>) -> f16
    %371 = "vector.to_elements"(%329) : (vector<1xf16>) -> f16
    %372 = "vector.to_elements"(%332) : (vector<1xf16>) -> f16
    %373 = "vector.to_elements"(%333) : (vector<1xf16>) -> f16
    %374 = "vector.to_elements"(%334) : (vector<1xf16>) -> f16
    %375 = "vector.to_elements"(%335) : (vector<1xf16>) -> f16
    %376 = "vector.to_elements"(%338) : (vector<1xf16>) -> f16
    %377 = "vector.to_elements"(%339) : (vector<1xf16>) -> f16
    %378 = "vector.to_elements"(%340) : (vector<1xf16>) -> f16
    %379 = "vector.to_elements"(%341) : (vector<1xf16>) -> f16
    %380 = "vector.to_elements"(%344) : (vector<1xf16>) -> f16
    %381 = "vector.to_elements"(%345) : (vector<1xf16>) -> f16
    %382 = "vector.to_elements"(%346) : (vector<1xf16>) -> f16
    %383 = "vector.to_elements"(%347) : (vector<1xf16>) -> f16
    %384 = "vector.to_elements"(%350) : (vector<1xf16>) -> f16
    %385 = "vector.to_elements"(%351) : (vector<1xf16>) -> f16
    %386 = "vector.to_elements"(%352) : (vector<1xf16>) -> f16
    %387 = "vector.to_elements"(%353) : (vector<1xf16>) -> f16
    %388 = "vector.to_elements"(%356) : (vector<1xf16>) -> f16
    %389 = "vector.to_elements"(%357) : (vector<1xf16>) -> f16
    %390 = "vector.from_elements"(%358, %360, %362, %364) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %391 = "vector.from_elements"(%359, %361, %363, %365) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %392 = "vector.from_elements"(%366, %368, %370, %372) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %393 = "vector.from_elements"(%367, %369, %371, %373) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %394 = "vector.from_elements"(%374, %376, %378, %380) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %395 = "vector.from_elements"(%375, %377, %379, %381) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %396 = "vector.from_elements"(%382, %384, %386, %388) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %397 = "vector.from_elements"(%383, %385, %387, %389) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %398 = "nvgpu.mma.sync"(%243, %390, %38) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %399 = "nvgpu.mma.sync"(%243, %391, %38) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %400 = "nvgpu.mma.sync"(%283, %390, %38) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %401 = "nvgpu.mma.sync"(%283, %391, %38) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %402 = "nvgpu.mma.sync"(%250, %392, %398) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %403 = "nvgpu.mma.sync"(%250, %393, %399) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %404 = "nvgpu.mma.sync"(%290, %392, %400) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %405 = "nvgpu.mma.sync"(%290, %393, %401) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %406 = "nvgpu.mma.sync"(%257, %394, %402) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %407 = "nvgpu.mma.sync"(%257, %395, %403) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %408 = "nvgpu.mma.sync"(%297, %394, %404) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %409 = "nvgpu.mma.sync"(%297, %395, %405) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %410 = "nvgpu.mma.sync"(%264, %396, %406) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %411 = "vector.extract"(%410) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %412 = "vector.extract"(%410) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %413 = "nvgpu.mma.sync"(%264, %397, %407) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %414 = "vector.extract"(%413) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %415 = "vector.extract"(%413) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %416 = "nvgpu.mma.sync"(%304, %396, %408) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %417 = "vector.extract"(%416) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %418 = "vector.extract"(%416) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %419 = "nvgpu.mma.sync"(%304, %397, %409) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %420 = "vector.extract"(%419) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %421 = "vector.extract"(%419) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %422 = "arith.index_castui"(%158) : (i32) -> index
    %423 = "arith.cmpi"(%140, %422) <{predicate = 6 : i64}> : (index, index) -> i1
    %424 = "vector.broadcast"(%423) : (i1) -> vector<2xi1>
    %425 = "arith.cmpi"(%141, %422) <{predicate = 6 : i64}> : (index, index) -> i1
    %426 = "vector.broadcast"(%425) : (i1) -> vector<2xi1>
    %427 = "arith.cmpi"(%142, %422) <{predicate = 6 : i64}> : (index, index) -> i1
    %428 = "vector.broadcast"(%427) : (i1) -> vector<2xi1>
    %429 = "arith.cmpi"(%143, %422) <{predicate = 6 : i64}> : (index, index) -> i1
    %430 = "vector.broadcast"(%429) : (i1) -> vector<2xi1>
    %431 = "arith.index_castui"(%161) : (i32) -> index
    %432 = "vector.broadcast"(%431) : (index) -> vector<2xindex>
    %433 = "arith.cmpi"(%148, %432) <{predicate = 6 : i64}> : (vector<2xindex>, vector<2xindex>) -> vector<2xi1>
    %434 = "arith.cmpi"(%149, %432) <{predicate = 6 : i64}> : (vector<2xindex>, vector<2xindex>) -> vector<2xi1>
    %435 = "arith.andi"(%424, %433) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %436 = "arith.andi"(%424, %434) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %437 = "arith.andi"(%426, %433) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %438 = "arith.andi"(%426, %434) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %439 = "arith.andi"(%428, %433) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %440 = "arith.andi"(%428, %434) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %441 = "arith.andi"(%430, %433) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %442 = "arith.andi"(%430, %434) : (vector<2xi1>, vector<2xi1>) -> vector<2xi1>
    %443 = "arith.index_castui"(%155) : (i32) -> index
    %444 = "arith.addi"(%443, %140) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %445 = "arith.addi"(%443, %141) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %446 = "arith.addi"(%443, %142) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %447 = "arith.addi"(%443, %143) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %448 = "arith.index_castui"(%154) : (i32) -> index
    %449 = "vector.broadcast"(%448) : (index) -> vector<2xindex>
    %450 = "arith.addi"(%449, %148) <{overflowFlags = #arith.overflow<none>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %451 = "arith.addi"(%449, %149) <{overflowFlags = #arith.overflow<none>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %452 = "arith.muli"(%444, %0) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %453 = "vector.broadcast"(%452) : (index) -> vector<2xindex>
    %454 = "arith.muli"(%445, %0) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %455 = "vector.broadcast"(%454) : (index) -> vector<2xindex>
    %456 = "arith.muli"(%446, %0) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %457 = "vector.broadcast"(%456) : (index) -> vector<2xindex>
    %458 = "arith.muli"(%447, %0) <{overflowFlags = #arith.overflow<nsw>}> : (index, index) -> index
    %459 = "vector.broadcast"(%458) : (index) -> vector<2xindex>
    %460 = "arith.addi"(%453, %450) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %461 = "arith.addi"(%453, %451) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %462 = "arith.addi"(%455, %450) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %463 = "arith.addi"(%455, %451) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %464 = "arith.addi"(%457, %450) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %465 = "arith.addi"(%457, %451) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %466 = "arith.addi"(%459, %450) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %467 = "arith.addi"(%459, %451) <{overflowFlags = #arith.overflow<nsw>}> : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>
    %468 = "vector.insert_strided_slice"(%460, %33) <{offsets = [0], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %469 = "vector.insert_strided_slice"(%461, %468) <{offsets = [2], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %470 = "vector.insert_strided_slice"(%462, %469) <{offsets = [4], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %471 = "vector.insert_strided_slice"(%463, %470) <{offsets = [6], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %472 = "vector.insert_strided_slice"(%464, %471) <{offsets = [8], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %473 = "vector.insert_strided_slice"(%465, %472) <{offsets = [10], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %474 = "vector.insert_strided_slice"(%466, %473) <{offsets = [12], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %475 = "vector.insert_strided_slice"(%467, %474) <{offsets = [14], strides = [1]}> : (vector<2xindex>, vector<16xindex>) -> vector<16xindex>
    %476 = "vector.insert_strided_slice"(%435, %32) <{offsets = [0], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %477 = "vector.insert_strided_slice"(%436, %476) <{offsets = [2], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %478 = "vector.insert_strided_slice"(%437, %477) <{offsets = [4], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %479 = "vector.insert_strided_slice"(%438, %478) <{offsets = [6], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %480 = "vector.insert_strided_slice"(%439, %479) <{offsets = [8], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %481 = "vector.insert_strided_slice"(%440, %480) <{offsets = [10], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %482 = "vector.insert_strided_slice"(%441, %481) <{offsets = [12], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %483 = "vector.insert_strided_slice"(%442, %482) <{offsets = [14], strides = [1]}> : (vector<2xi1>, vector<16xi1>) -> vector<16xi1>
    %484 = "vector.insert_strided_slice"(%411, %31) <{offsets = [0], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %485 = "vector.insert_strided_slice"(%414, %484) <{offsets = [2], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %486 = "vector.insert_strided_slice"(%412, %485) <{offsets = [4], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %487 = "vector.insert_strided_slice"(%415, %486) <{offsets = [6], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %488 = "vector.insert_strided_slice"(%417, %487) <{offsets = [8], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %489 = "vector.insert_strided_slice"(%420, %488) <{offsets = [10], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %490 = "vector.insert_strided_slice"(%418, %489) <{offsets = [12], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    %491 = "vector.insert_strided_slice"(%421, %490) <{offsets = [14], strides = [1]}> : (vector<2xf32>, vector<16xf32>) -> vector<16xf32>
    "vector.scatter"(%116, %35, %475, %483, %491) : (memref<7200xf32, #gpu.address_space<global>>, index, vector<16xindex>, vector<16xi1>, vector<16xf32>) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    "memref.dealloc"(%40) : (memref<64x68xf16, #gpu.address_space<workgroup>>) -> ()
    "memref.dealloc"(%39) : (memref<64x36xf16, #gpu.address_space<workgroup>>) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 128, 1, 1>} : () -> ()
}) : () -> ()

