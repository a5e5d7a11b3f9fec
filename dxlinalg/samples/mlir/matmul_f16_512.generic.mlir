// matmul_f16_512: C[512x512 f32] = A[512x512 f16] x B[512x512 f16], f32 accumulation.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f16_512.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_f16_512_dispatch_0_matmul_512x512x512_f16xf16xf32"}> ({
    %0 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 121 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 113 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 105 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 97 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 89 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 81 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 73 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 65 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 57 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 49 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 41 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 33 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 25 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 17 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 120 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 112 : i32}> : () -> i32
    %20 = "arith.constant"() <{value = 104 : i32}> : () -> i32
    %21 = "arith.constant"() <{value = 96 : i32}> : () -> i32
    %22 = "arith.constant"() <{value = 88 : i32}> : () -> i32
    %23 = "arith.constant"() <{value = 80 : i32}> : () -> i32
    %24 = "arith.constant"() <{value = 72 : i32}> : () -> i32
    %25 = "arith.constant"() <{value = 56 : i32}> : () -> i32
    %26 = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %27 = "arith.constant"() <{value = 40 : i32}> : () -> i32
    %28 = "arith.constant"() <{value = 24 : i32}> : () -> i32
    %29 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %30 = "arith.constant"() <{value = 896 : i32}> : () -> i32
    %31 = "arith.constant"() <{value = 768 : i32}> : () -> i32
    %32 = "arith.constant"() <{value = 640 : i32}> : () -> i32
    %33 = "arith.constant"() <{value = 512 : i32}> : () -> i32
    %34 = "arith.constant"() <{value = 384 : i32}> : () -> i32
    %35 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %36 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %37 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %38 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %39 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %40 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %41 = "arith.constant"() <{value = 0 : index}> : () -> index
    %42 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %43 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<128x68xf16, #gpu.address_space<workgroup>>
    %44 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64x132xf16, #gpu.address_space<workgroup>>
    %45 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 128 : index}> : () -> index
    %46 = "hal.interface.binding.subspan"(%41) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<512x512xf16, #gpu.address_space<global>>
    %47 = "memref.assume_alignment"(%46) <{alignment = 64 : i32}> : (memref<512x512xf16, #gpu.address_space<global>>) -> memref<512x512xf16, #gpu.address_space<global>>
    %48 = "hal.interface.binding.subspan"(%41) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<512x512xf16, #gpu.address_space<global>>
    %49 = "memref.assume_alignment"(%48) <{alignment = 64 : i32}> : (memref<512x512xf16, #gpu.address_space<global>>) -> memref<512x512xf16, #gpu.address_space<global>>
    %50 = "hal.interface.binding.subspan"(%41) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<512x512xf32, #gpu.address_space<global>>
    %51 = "memref.assume_alignment"(%50) <{alignment = 64 : i32}> : (memref<512x512xf32, #gpu.address_space<global>>) -> memref<512x512xf32, #gpu.address_space<global>>
    %52 = "arith.index_castui"(%45) : (index) -> i32
    %53 = "arith.divui"(%52, %40) : (i32, i32) -> i32
    %54 = "arith.remui"(%52, %40) : (i32, i32) -> i32
    %55 = "arith.divui"(%54, %38) : (i32, i32) -> i32
    %56 = "arith.remui"(%52, %38) : (i32, i32) -> i32
    %57 = "arith.divui"(%56, %1) : (i32, i32) -> i32
    %58 = "arith.remui"(%56, %1) : (i32, i32) -> i32
    %59 = "arith.muli"(%58, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %60 = "arith.index_castui"(%59) : (i32) -> index
    %61 = "arith.divui"(%52, %37) : (i32, i32) -> i32
    %62 = "arith.index_castui"(%61) : (i32) -> index
    %63 = "arith.remui"(%52, %37) : (i32, i32) -> i32
    %64 = "arith.addi"(%52, %36) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %65 = "arith.divui"(%64, %37) : (i32, i32) -> i32
    %66 = "arith.index_castui"(%65) : (i32) -> index
    %67 = "arith.remui"(%64, %37) : (i32, i32) -> i32
    %68 = "arith.addi"(%52, %35) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %69 = "arith.divui"(%68, %37) : (i32, i32) -> i32
    %70 = "arith.index_castui"(%69) : (i32) -> index
    %71 = "arith.remui"(%68, %37) : (i32, i32) -> i32
    %72 = "arith.addi"(%52, %34) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %73 = "arith.divui"(%72, %37) : (i32, i32) -> i32
    %74 = "arith.index_castui"(%73) : (i32) -> index
    %75 = "arith.remui"(%72, %37) : (i32, i32) -> i32
    %76 = "arith.addi"(%52, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %77 = "arith.divui"(%76, %37) : (i32, i32) -> i32
    %78 = "arith.index_castui"(%77) : (i32) -> index
    %79 = "arith.remui"(%76, %37) : (i32, i32) -> i32
    %80 = "arith.addi"(%52, %32) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %81 = "arith.divui"(%80, %37) : (i32, i32) -> i32
    %82 = "arith.index_castui"(%81) : (i32) -> index
    %83 = "arith.remui"(%80, %37) : (i32, i32) -> i32
    %84 = "arith.addi"(%52, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %85 = "arith.divui"(%84, %37) : (i32, i32) -> i32
    %86 = "arith.index_castui"(%85) : (i32) -> index
    %87 = "arith.remui"(%84, %37) : (i32, i32) -> i32
    %88 = "arith.addi"(%52, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %89 = "arith.divui"(%88, %37) : (i32, i32) -> i32
    %90 = "arith.index_castui"(%89) : (i32) -> index
    %91 = "arith.remui"(%88, %37) : (i32, i32) -> i32
    %92 = "arith.divui"(%52, %29) : (i32, i32) -> i32
    %93 = "arith.index_castui"(%92) : (i32) -> index
    %94 = "arith.remui"(%52, %29) : (i32, i32) -> i32
    %95 = "arith.divui"(%64, %29) : (i32, i32) -> i32
    %96 = "arith.index_castui"(%95) : (i32) -> index
    %97 = "arith.remui"(%64, %29) : (i32, i32) -> i32
    %98 = "arith.divui"(%68, %29) : (i32, i32) -> i32
    %99 = "arith.index_castui"(%98) : (i32) -> index
    %100 = "arith.remui"(%68, %29) : (i32, i32) -> i32
    %101 = "arith.divui"(%72, %29) : (i32, i32) -> i32
    %102 = "arith.index_castui"(%101) : (i32) -> index
    %103 = "arith.remui"(%72, %29) : (i32, i32) -> i32
    %104 = "arith.divui"(%76, %29) : (i32, i32) -> i32
    %105 = "arith.index_castui"(%104) : (i32) -> index
    %106 = "arith.remui"(%76, %29) : (i32, i32) -> i32
    %107 = "arith.divui"(%80, %29) : (i32, i32) -> i32
    %108 = "arith.index_castui"(%107) : (i32) -> index
    %109 = "arith.remui"(%80, %29) : (i32, i32) -> i32
    %110 = "arith.divui"(%84, %29) : (i32, i32) -> i32
    %111 = "arith.index_castui"(%110) : (i32) -> index
    %112 = "arith.remui"(%84, %29) : (i32, i32) -> i32
    %113 = "arith.divui"(%88, %29) : (i32, i32) -> i32
    %114 = "arith.index_castui"(%113) : (i32) -> index
    %115 = "arith.remui"(%88, %29) : (i32, i32) -> i32
    %116 = "arith.muli"(%63, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %117 = "arith.index_castui"(%116) : (i32) -> index
    %118 = "arith.muli"(%67, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %119 = "arith.index_castui"(%118) : (i32) -> index
    %120 = "arith.muli"(%71, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %121 = "arith.index_castui"(%120) : (i32) -> index
    %122 = "arith.muli"(%75, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %123 = "arith.index_castui"(%122) : (i32) -> index
    %124 = "arith.muli"(%79, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %125 = "arith.index_castui"(%124) : (i32) -> index
    %126 = "arith.muli"(%83, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %127 = "arith.index_castui"(%126) : (i32) -> index
    %128 = "arith.muli"(%87, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %129 = "arith.index_castui"(%128) : (i32) -> index
    %130 = "arith.muli"(%91, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %131 = "arith.index_castui"(%130) : (i32) -> index
    %132 = "arith.muli"(%94, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %133 = "arith.index_castui"(%132) : (i32) -> index
    %134 = "arith.muli"(%97, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %135 = "arith.index_castui"(%134) : (i32) -> index
    %136 = "arith.muli"(%100, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %137 = "arith.index_castui"(%136) : (i32) -> index
    %138 = "arith.muli"(%103, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %139 = "arith.index_castui"(%138) : (i32) -> index
    %140 = "arith.muli"(%106, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %141 = "arith.index_castui"(%140) : (i32) -> index
    %142 = "arith.muli"(%109, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %143 = "arith.index_castui"(%142) : (i32) -> index
    %144 = "arith.muli"(%112, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %145 = "arith.index_castui"(%144) : (i32) -> index
    %146 = "arith.muli"(%115, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %147 = "arith.index_castui"(%146) : (i32) -> index
    %148 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 64 : index}> : () -> index
    %149 = "arith.index_castui"(%148) : (index) -> i32
    %150 = "arith.divui"(%149, %29) : (i32, i32) -> i32
    %151 = "arith.remui"(%149, %29) : (i32, i32) -> i32
    %152 = "arith.muli"(%150, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %153 = "arith.addi"(%61, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %154 = "arith.index_castui"(%153) : (i32) -> index
    %155 = "arith.addi"(%65, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %156 = "arith.index_castui"(%155) : (i32) -> index
    %157 = "arith.addi"(%69, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %158 = "arith.index_castui"(%157) : (i32) -> index
    %159 = "arith.addi"(%73, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %160 = "arith.index_castui"(%159) : (i32) -> index
    %161 = "arith.addi"(%77, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %162 = "arith.index_castui"(%161) : (i32) -> index
    %163 = "arith.addi"(%81, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %164 = "arith.index_castui"(%163) : (i32) -> index
    %165 = "arith.addi"(%85, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %166 = "arith.index_castui"(%165) : (i32) -> index
    %167 = "arith.addi"(%89, %152) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %168 = "arith.index_castui"(%167) : (i32) -> index
    %169 = "arith.muli"(%151, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %170 = "arith.addi"(%132, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %171 = "arith.index_castui"(%170) : (i32) -> index
    %172 = "arith.addi"(%134, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %173 = "arith.index_castui"(%172) : (i32) -> index
    %174 = "arith.addi"(%136, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %175 = "arith.index_castui"(%174) : (i32) -> index
    %176 = "arith.addi"(%138, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %177 = "arith.index_castui"(%176) : (i32) -> index
    %178 = "arith.addi"(%140, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %179 = "arith.index_castui"(%178) : (i32) -> index
    %180 = "arith.addi"(%142, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %181 = "arith.index_castui"(%180) : (i32) -> index
    %182 = "arith.addi"(%144, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %183 = "arith.index_castui"(%182) : (i32) -> index
    %184 = "arith.addi"(%146, %169) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %185 = "arith.index_castui"(%184) : (i32) -> index
    %186 = "arith.muli"(%53, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %187 = "arith.muli"(%53, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %188 = "arith.addi"(%187, %57) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %189 = "arith.index_castui"(%188) : (i32) -> index
    %190 = "arith.addi"(%59, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %191 = "arith.index_castui"(%190) : (i32) -> index
    %192 = "arith.addi"(%59, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %193 = "arith.index_castui"(%192) : (i32) -> index
    %194 = "arith.addi"(%59, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %195 = "arith.index_castui"(%194) : (i32) -> index
    %196 = "arith.addi"(%59, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %197 = "arith.index_castui"(%196) : (i32) -> index
    %198 = "arith.addi"(%59, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %199 = "arith.index_castui"(%198) : (i32) -> index
    %200 = "arith.addi"(%59, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %201 = "arith.index_castui"(%200) : (i32) -> index
    %202 = "arith.addi"(%59, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %203 = "arith.index_castui"(%202) : (i32) -> index
    %204 = "arith.addi"(%59, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %205 = "arith.index_castui"(%204) : (i32) -> index
    %206 = "arith.addi"(%59, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %207 = "arith.index_castui"(%206) : (i32) -> index
    %208 = "arith.addi"(%59, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %209 = "arith.index_castui"(%208) : (i32) -> index
    %210 = "arith.addi"(%59, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %211 = "arith.index_castui"(%210) : (i32) -> index
    %212 = "arith.addi"(%59, %21) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %213 = "arith.index_castui"(%212) : (i32) -> index
    %214 = "arith.addi"(%59, %20) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %215 = "arith.index_castui"(%214) : (i32) -> index
    %216 = "arith.addi"(%59, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %217 = "arith.index_castui"(%216) : (i32) -> index
    %218 = "arith.addi"(%59, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %219 = "arith.index_castui"(%218) : (i32) -> index
    %220 = "arith.addi"(%188, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %221 = "arith.index_castui"(%220) : (i32) -> index
    %222 = "arith.addi"(%188, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %223 = "arith.index_castui"(%222) : (i32) -> index
    %224 = "arith.addi"(%188, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %225 = "arith.index_castui"(%224) : (i32) -> index
    %226 = "arith.muli"(%55, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %227 = "arith.muli"(%55, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %228 = "arith.addi"(%227, %57) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %229 = "arith.index_castui"(%228) : (i32) -> index
    %230 = "arith.addi"(%228, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %231 = "arith.index_castui"(%230) : (i32) -> index
    %232 = "arith.addi"(%228, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %233 = "arith.index_castui"(%232) : (i32) -> index
    %234 = "arith.addi"(%228, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %235 = "arith.index_castui"(%234) : (i32) -> index
    %236 = "arith.addi"(%59, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %237 = "arith.index_castui"(%236) : (i32) -> index
    %238 = "arith.addi"(%59, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %239 = "arith.index_castui"(%238) : (i32) -> index
    %240 = "arith.addi"(%59, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %241 = "arith.index_castui"(%240) : (i32) -> index
    %242 = "arith.addi"(%59, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %243 = "arith.index_castui"(%242) : (i32) -> index
    %244 = "arith.addi"(%59, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %245 = "arith.index_castui"(%244) : (i32) -> index
    %246 = "arith.addi"(%59, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %247 = "arith.index_castui"(%246) : (i32) -> index
    %248 = "arith.addi"(%59, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %249 = "arith.index_castui"(%248) : (i32) -> index
    %250 = "arith.addi"(%59, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %251 = "arith.index_castui"(%250) : (i32) -> index
    %252 = "arith.addi"(%59, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %253 = "arith.index_castui"(%252) : (i32) -> index
    %254 = "arith.addi"(%59, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %255 = "arith.index_castui"(%254) : (i32) -> index
    %256 = "arith.addi"(%59, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %257 = "arith.index_castui"(%256) : (i32) -> index
    %258 = "arith.addi"(%59, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %259 = "arith.index_castui"(%258) : (i32) -> index
    %260 = "arith.addi"(%59, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %261 = "arith.index_castui"(%260) : (i32) -> index
    %262 = "arith.addi"(%59, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %263 = "arith.index_castui"(%262) : (i32) -> index
    %264 = "arith.addi"(%59, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %265 = "arith.index_castui"(%264) : (i32) -> index
    %266 = "arith.addi"(%59, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %267 = "arith.index_castui"(%266) : (i32) -> index
    "cf.br"(%39, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42, %42)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb1(%268: i32, %269: vector<2xf32>, %270: vector<2xf32>, %271: vector<2xf32>, %272: vector<2xf32>, %273: vector<2xf32>, %274: vector<2xf32>, %275: vector<2xf32>, %276: vector<2xf32>, %277: vector<2xf32>, %278: vector<2xf32>, %279: vector<2xf32>, %280: vector<2xf32>, %281: vector<2xf32>, %282: vector<2xf32>, %283: vector<2xf32>, %284: vector<2xf32>):  // 2 preds: ^bb0, ^bb2
    %285 = "arith.cmpi"(%268, %38) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%285)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %286:2 = "vector.to_elements"(%283) : (vector<2xf32>) -> (f32, f32)
    %287:2 = "vector.to_elements"(%284) : (vector<2xf32>) -> (f32, f32)
    %288 = "vector.from_elements"(%286#0, %286#1, %287#0, %287#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %289:2 = "vector.to_elements"(%281) : (vector<2xf32>) -> (f32, f32)
    %290:2 = "vector.to_elements"(%282) : (vector<2xf32>) -> (f32, f32)
    %291 = "vector.from_elements"(%289#0, %289#1, %290#0, %290#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %292:2 = "vector.to_elements"(%279) : (vector<2xf32>) -> (f32, f32)
    %293:2 = "vector.to_elements"(%280) : (vector<2xf32>) -> (f32, f32)
    %294 = "vector.from_elements"(%292#0, %292#1, %293#0, %293#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %295:2 = "vector.to_elements"(%277) : (vector<2xf32>) -> (f32, f32)
    %296:2 = "vector.to_elements"(%278) : (vector<2xf32>) -> (f32, f32)
    %297 = "vector.from_elements"(%295#0, %295#1, %296#0, %296#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %298:2 = "vector.to_elements"(%275) : (vector<2xf32>) -> (f32, f32)
    %299:2 = "vector.to_elements"(%276) : (vector<2xf32>) -> (f32, f32)
    %300 = "vector.from_elements"(%298#0, %298#1, %299#0, %299#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %301:2 = "vector.to_elements"(%273) : (vector<2xf32>) -> (f32, f32)
    %302:2 = "vector.to_elements"(%274) : (vector<2xf32>) -> (f32, f32)
    %303 = "vector.from_elements"(%301#0, %301#1, %302#0, %302#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %304:2 = "vector.to_elements"(%271) : (vector<2xf32>) -> (f32, f32)
    %305:2 = "vector.to_elements"(%272) : (vector<2xf32>) -> (f32, f32)
    %306 = "vector.from_elements"(%304#0, %304#1, %305#0, %305#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %307:2 = "vector.to_elements"(%269) : (vector<2xf32>) -> (f32, f32)
    %308:2 = "vector.to_elements"(%270) : (vector<2xf32>) -> (f32, f32)
    %309 = "vector.from_elements"(%307#0, %307#1, %308#0, %308#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %310 = "arith.muli"(%268, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %311 = "arith.addi"(%116, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %312 = "arith.index_castui"(%311) : (i32) -> index
    %313 = "vector.load"(%47, %154, %312) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%313, %44, %62, %117) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %314 = "arith.addi"(%118, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %315 = "arith.index_castui"(%314) : (i32) -> index
    %316 = "vector.load"(%47, %156, %315) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%316, %44, %66, %119) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %317 = "arith.addi"(%120, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %318 = "arith.index_castui"(%317) : (i32) -> index
    %319 = "vector.load"(%47, %158, %318) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%319, %44, %70, %121) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %320 = "arith.addi"(%122, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %321 = "arith.index_castui"(%320) : (i32) -> index
    %322 = "vector.load"(%47, %160, %321) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%322, %44, %74, %123) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %323 = "arith.addi"(%124, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %324 = "arith.index_castui"(%323) : (i32) -> index
    %325 = "vector.load"(%47, %162, %324) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%325, %44, %78, %125) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %326 = "arith.addi"(%126, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %327 = "arith.index_castui"(%326) : (i32) -> index
    %328 = "vector.load"(%47, %164, %327) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%328, %44, %82, %127) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %329 = "arith.addi"(%128, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %330 = "arith.index_castui"(%329) : (i32) -> index
    %331 = "vector.load"(%47, %166, %330) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%331, %44, %86, %129) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %332 = "arith.addi"(%130, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %333 = "arith.index_castui"(%332) : (i32) -> index
    %334 = "vector.load"(%47, %168, %333) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%334, %44, %90, %131) : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %335 = "arith.addi"(%92, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %336 = "arith.index_castui"(%335) : (i32) -> index
    %337 = "vector.load"(%49, %336, %171) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%337, %43, %93, %133) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %338 = "arith.addi"(%95, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %339 = "arith.index_castui"(%338) : (i32) -> index
    %340 = "vector.load"(%49, %339, %173) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%340, %43, %96, %135) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %341 = "arith.addi"(%98, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %342 = "arith.index_castui"(%341) : (i32) -> index
    %343 = "vector.load"(%49, %342, %175) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%343, %43, %99, %137) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %344 = "arith.addi"(%101, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %345 = "arith.index_castui"(%344) : (i32) -> index
    %346 = "vector.load"(%49, %345, %177) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%346, %43, %102, %139) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %347 = "arith.addi"(%104, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %348 = "arith.index_castui"(%347) : (i32) -> index
    %349 = "vector.load"(%49, %348, %179) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%349, %43, %105, %141) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %350 = "arith.addi"(%107, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %351 = "arith.index_castui"(%350) : (i32) -> index
    %352 = "vector.load"(%49, %351, %181) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%352, %43, %108, %143) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %353 = "arith.addi"(%110, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %354 = "arith.index_castui"(%353) : (i32) -> index
    %355 = "vector.load"(%49, %354, %183) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%355, %43, %111, %145) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %356 = "arith.addi"(%113, %310) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %357 = "arith.index_castui"(%356) : (i32) -> index
    %358 = "vector.load"(%49, %357, %185) : (memref<512x512xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%358, %43, %114, %147) : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %359 = "vector.load"(%44, %189, %60) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %360 = "vector.load"(%44, %189, %191) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %361 = "vector.load"(%44, %189, %193) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %362 = "vector.load"(%44, %189, %195) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %363 = "vector.load"(%44, %189, %197) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %364 = "vector.load"(%44, %189, %199) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %365 = "vector.load"(%44, %189, %201) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %366 = "vector.load"(%44, %189, %203) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %367 = "vector.load"(%44, %189, %205) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %368 = "vector.load"(%44, %189, %207) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %369 = "vector.load"(%44, %189, %209) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %370 = "vector.load"(%44, %189, %211) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %371 = "vector.load"(%44, %189, %213) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %372 = "vector.load"(%44, %189, %215) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %373 = "vector.load"(%44, %189, %217) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %374 = "vector.load"(%44, %189, %219) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %375 = "vector.load"(%44, %221, %60) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %376 = "vector.load"(%44, %221, %191) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %377:2 = "vector.to_elements"(%359) : (vector<2xf16>) -> (f16, f16)
    %378:2 = "vector.to_elements"(%375) : (vector<2xf16>) -> (f16, f16)
    %379:2 = "vector.to_elements"(%360) : (vector<2xf16>) -> (f16, f16)
    %380:2 = "vector.to_elements"(%376) : (vector<2xf16>) -> (f16, f16)
    %381 = "vector.from_elements"(%377#0, %377#1, %378#0, %378#1, %379#0, %379#1, %380#0, %380#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %382 = "vector.load"(%44, %221, %193) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %383 = "vector.load"(%44, %221, %195) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %384:2 = "vector.to_elements"(%361) : (vector<2xf16>) -> (f16, f16)
    %385:2 = "vector.to_elements"(%382) : (vector<2xf16>) -> (f16, f16)
    %386:2 = "vector.to_elements"(%362) : (vector<2xf16>) -> (f16, f16)
    %387:2 = "vector.to_elements"(%383) : (vector<2xf16>) -> (f16, f16)
    %388 = "vector.from_elements"(%384#0, %384#1, %385#0, %385#1, %386#0, %386#1, %387#0, %387#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %389 = "vector.load"(%44, %221, %197) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %390 = "vector.load"(%44, %221, %199) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %391:2 = "vector.to_elements"(%363) : (vector<2xf16>) -> (f16, f16)
    %392:2 = "vector.to_elements"(%389) : (vector<2xf16>) -> (f16, f16)
    %393:2 = "vector.to_elements"(%364) : (vector<2xf16>) -> (f16, f16)
    %394:2 = "vector.to_elements"(%390) : (vector<2xf16>) -> (f16, f16)
    %395 = "vector.from_elements"(%391#0, %391#1, %392#0, %392#1, %393#0, %393#1, %394#0, %394#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %396 = "vector.load"(%44, %221, %201) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %397 = "vector.load"(%44, %221, %203) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %398:2 = "vector.to_elements"(%365) : (vector<2xf16>) -> (f16, f16)
    %399:2 = "vector.to_elements"(%396) : (vector<2xf16>) -> (f16, f16)
    %400:2 = "vector.to_elements"(%366) : (vector<2xf16>) -> (f16, f16)
    %401:2 = "vector.to_elements"(%397) : (vector<2xf16>) -> (f16, f16)
    %402 = "vector.from_elements"(%398#0, %398#1, %399#0, %399#1, %400#0, %400#1, %401#0, %401#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %403 = "vector.load"(%44, %221, %205) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %404 = "vector.load"(%44, %221, %207) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %405:2 = "vector.to_elements"(%367) : (vector<2xf16>) -> (f16, f16)
    %406:2 = "vector.to_elements"(%403) : (vector<2xf16>) -> (f16, f16)
    %407:2 = "vector.to_elements"(%368) : (vector<2xf16>) -> (f16, f16)
    %408:2 = "vector.to_elements"(%404) : (vector<2xf16>) -> (f16, f16)
    %409 = "vector.from_elements"(%405#0, %405#1, %406#0, %406#1, %407#0, %407#1, %408#0, %408#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %410 = "vector.load"(%44, %221, %209) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %411 = "vector.load"(%44, %221, %211) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %412:2 = "vector.to_elements"(%369) : (vector<2xf16>) -> (f16, f16)
    %413:2 = "vector.to_elements"(%410) : (vector<2xf16>) -> (f16, f16)
    %414:2 = "vector.to_elements"(%370) : (vector<2xf16>) -> (f16, f16)
    %415:2 = "vector.to_elements"(%411) : (vector<2xf16>) -> (f16, f16)
    %416 = "vector.from_elements"(%412#0, %412#1, %413#0, %413#1, %414#0, %414#1, %415#0, %415#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %417 = "vector.load"(%44, %221, %213) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %418 = "vector.load"(%44, %221, %215) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %419:2 = "vector.to_elements"(%371) : (vector<2xf16>) -> (f16, f16)
    %420:2 = "vector.to_elements"(%417) : (vector<2xf16>) -> (f16, f16)
    %421:2 = "vector.to_elements"(%372) : (vector<2xf16>) -> (f16, f16)
    %422:2 = "vector.to_elements"(%418) : (vector<2xf16>) -> (f16, f16)
    %423 = "vector.from_elements"(%419#0, %419#1, %420#0, %420#1, %421#0, %421#1, %422#0, %422#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %424 = "vector.load"(%44, %221, %217) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %425 = "vector.load"(%44, %221, %219) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %426:2 = "vector.to_elements"(%373) : (vector<2xf16>) -> (f16, f16)
    %427:2 = "vector.to_elements"(%424) : (vector<2xf16>) -> (f16, f16)
    %428:2 = "vector.to_elements"(%374) : (vector<2xf16>) -> (f16, f16)
    %429:2 = "vector.to_elements"(%425) : (vector<2xf16>) -> (f16, f16)
    %430 = "vector.from_elements"(%426#0, %426#1, %427#0, %427#1, %428#0, %428#1, %429#0, %429#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %431 = "vector.load"(%44, %223, %60) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %432 = "vector.load"(%44, %223, %191) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %433 = "vector.load"(%44, %223, %193) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %434 = "vector.load"(%44, %223, %195) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %435 = "vector.load"(%44, %223, %197) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %436 = "vector.load"(%44, %223, %199) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %437 = "vector.load"(%44, %223, %201) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %438 = "vector.load"(%44, %223, %203) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %439 = "vector.load"(%44, %223, %205) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %440 = "vector.load"(%44, %223, %207) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %441 = "vector.load"(%44, %223, %209) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %442 = "vector.load"(%44, %223, %211) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %443 = "vector.load"(%44, %223, %213) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %444 = "vector.load"(%44, %223, %215) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %445 = "vector.load"(%44, %223, %217) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %446 = "vector.load"(%44, %223, %219) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %447 = "vector.load"(%44, %225, %60) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %448 = "vector.load"(%44, %225, %191) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %449:2 = "vector.to_elements"(%431) : (vector<2xf16>) -> (f16, f16)
    %450:2 = "vector.to_elements"(%447) : (vector<2xf16>) -> (f16, f16)
    %451:2 = "vector.to_elements"(%432) : (vector<2xf16>) -> (f16, f16)
    %452:2 = "vector.to_elements"(%448) : (vector<2xf16>) -> (f16, f16)
    %453 = "vector.from_elements"(%449#0, %449#1, %450#0, %450#1, %451#0, %451#1, %452#0, %452#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %454 = "vector.load"(%44, %225, %193) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %455 = "vector.load"(%44, %225, %195) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %456:2 = "vector.to_elements"(%433) : (vector<2xf16>) -> (f16, f16)
    %457:2 = "vector.to_elements"(%454) : (vector<2xf16>) -> (f16, f16)
    %458:2 = "vector.to_elements"(%434) : (vector<2xf16>) -> (f16, f16)
    %459:2 = "vector.to_elements"(%455) : (vector<2xf16>) -> (f16, f16)
    %460 = "vector.from_elements"(%456#0, %456#1, %457#0, %457#1, %458#0, %458#1, %459#0, %459#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %461 = "vector.load"(%44, %225, %197) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %462 = "vector.load"(%44, %225, %199) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %463:2 = "vector.to_elements"(%435) : (vector<2xf16>) -> (f16, f16)
    %464:2 = "vector.to_elements"(%461) : (vector<2xf16>) -> (f16, f16)
    %465:2 = "vector.to_elements"(%436) : (vector<2xf16>) -> (f16, f16)
    %466:2 = "vector.to_elements"(%462) : (vector<2xf16>) -> (f16, f16)
    %467 = "vector.from_elements"(%463#0, %463#1, %464#0, %464#1, %465#0, %465#1, %466#0, %466#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %468 = "vector.load"(%44, %225, %201) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %469 = "vector.load"(%44, %225, %203) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %470:2 = "vector.to_elements"(%437) : (vector<2xf16>) -> (f16, f16)
    %471:2 = "vector.to_elements"(%468) : (vector<2xf16>) -> (f16, f16)
    %472:2 = "vector.to_elements"(%438) : (vector<2xf16>) -> (f16, f16)
    %473:2 = "vector.to_elements"(%469) : (vector<2xf16>) -> (f16, f16)
    %474 = "vector.from_elements"(%470#0, %470#1, %471#0, %471#1, %472#0, %472#1, %473#0, %473#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %475 = "vector.load"(%44, %225, %205) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %476 = "vector.load"(%44, %225, %207) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %477:2 = "vector.to_elements"(%439) : (vector<2xf16>) -> (f16, f16)
    %478:2 = "vector.to_elements"(%475) : (vector<2xf16>) -> (f16, f16)
    %479:2 = "vector.to_elements"(%440) : (vector<2xf16>) -> (f16, f16)
    %480:2 = "vector.to_elements"(%476) : (vector<2xf16>) -> (f16, f16)
    %481 = "vector.from_elements"(%477#0, %477#1, %478#0, %478#1, %479#0, %479#1, %480#0, %480#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %482 = "vector.load"(%44, %225, %209) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %483 = "vector.load"(%44, %225, %211) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %484:2 = "vector.to_elements"(%441) : (vector<2xf16>) -> (f16, f16)
    %485:2 = "vector.to_elements"(%482) : (vector<2xf16>) -> (f16, f16)
    %486:2 = "vector.to_elements"(%442) : (vector<2xf16>) -> (f16, f16)
    %487:2 = "vector.to_elements"(%483) : (vector<2xf16>) -> (f16, f16)
    %488 = "vector.from_elements"(%484#0, %484#1, %485#0, %485#1, %486#0, %486#1, %487#0, %487#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %489 = "vector.load"(%44, %225, %213) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %490 = "vector.load"(%44, %225, %215) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %491:2 = "vector.to_elements"(%443) : (vector<2xf16>) -> (f16, f16)
    %492:2 = "vector.to_elements"(%489) : (vector<2xf16>) -> (f16, f16)
    %493:2 = "vector.to_elements"(%444) : (vector<2xf16>) -> (f16, f16)
    %494:2 = "vector.to_elements"(%490) : (vector<2xf16>) -> (f16, f16)
    %495 = "vector.from_elements"(%491#0, %491#1, %492#0, %492#1, %493#0, %493#1, %494#0, %494#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %496 = "vector.load"(%44, %225, %217) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %497 = "vector.load"(%44, %225, %219) : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %498:2 = "vector.to_elements"(%445) : (vector<2xf16>) -> (f16, f16)
    %499:2 = "vector.to_elements"(%496) : (vector<2xf16>) -> (f16, f16)
    %500:2 = "vector.to_elements"(%446) : (vector<2xf16>) -> (f16, f16)
    %501:2 = "vector.to_elements"(%497) : (vector<2xf16>) -> (f16, f16)
    %502 = "vector.from_elements"(%498#0, %498#1, %499#0, %499#1, %500#0, %500#1, %501#0, %501#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %503 = "vector.load"(%43, %60, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %504 = "vector.load"(%43, %60, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %505 = "vector.load"(%43, %60, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %506 = "vector.load"(%43, %60, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %507 = "vector.load"(%43, %237, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %508 = "vector.load"(%43, %237, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %509 = "vector.load"(%43, %237, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %510 = "vector.load"(%43, %237, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %511 = "vector.load"(%43, %191, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %512 = "vector.load"(%43, %191, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %513 = "vector.load"(%43, %191, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %514 = "vector.load"(%43, %191, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %515 = "vector.load"(%43, %239, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %516 = "vector.load"(%43, %239, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %517 = "vector.load"(%43, %239, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %518 = "vector.load"(%43, %239, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %519 = "vector.load"(%43, %193, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %520 = "vector.load"(%43, %193, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %521 = "vector.load"(%43, %193, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %522 = "vector.load"(%43, %193, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %523 = "vector.load"(%43, %241, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %524 = "vector.load"(%43, %241, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %525 = "vector.load"(%43, %241, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %526 = "vector.load"(%43, %241, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %527 = "vector.load"(%43, %195, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %528 = "vector.load"(%43, %195, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %529 = "vector.load"(%43, %195, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %530 = "vector.load"(%43, %195, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %531 = "vector.load"(%43, %243, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %532 = "vector.load"(%43, %243, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %533 = "vector.load"(%43, %243, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %534 = "vector.load"(%43, %243, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %535 = "vector.load"(%43, %197, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %536 = "vector.load"(%43, %197, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %537 = "vector.load"(%43, %197, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %538 = "vector.load"(%43, %197, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %539 = "vector.load"(%43, %245, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %540 = "vector.load"(%43, %245, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %541 = "vector.load"(%43, %245, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %542 = "vector.load"(%43, %245, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %543 = "vector.load"(%43, %199, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %544 = "vector.load"(%43, %199, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %545 = "vector.load"(%43, %199, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %546 = "vector.load"(%43, %199, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %547 = "vector.load"(%43, %247, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %548 = "vector.load"(%43, %247, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %549 = "vector.load"(%43, %247, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %550 = "vector.load"(%43, %247, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %551 = "vector.load"(%43, %201, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %552 = "vector.load"(%43, %201, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %553 = "vector.load"(%43, %201, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %554 = "vector.load"(%43, %201, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %555 = "vector.load"(%43, %249, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %556 = "vector.load"(%43, %249, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %557 = "vector.load"(%43, %249, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %558 = "vector.load"(%43, %249, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %559 = "vector.load"(%43, %203, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %560 = "vector.load"(%43, %203, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %561 = "vector.load"(%43, %203, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %562 = "vector.load"(%43, %203, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %563 = "vector.load"(%43, %251, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %564 = "vector.load"(%43, %251, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %565 = "vector.load"(%43, %251, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %566 = "vector.load"(%43, %251, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %567 = "vector.load"(%43, %205, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %568 = "vector.load"(%43, %205, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %569 = "vector.load"(%43, %205, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %570 = "vector.load"(%43, %205, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %571 = "vector.load"(%43, %253, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %572 = "vector.load"(%43, %253, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %573 = "vector.load"(%43, %253, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %574 = "vector.load"(%43, %253, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %575 = "vector.load"(%43, %207, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %576 = "vector.load"(%43, %207, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %577 = "vector.load"(%43, %207, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %578 = "vector.load"(%43, %207, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %579 = "vector.load"(%43, %255, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %580 = "vector.load"(%43, %255, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %581 = "vector.load"(%43, %255, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %582 = "vector.load"(%43, %255, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %583 = "vector.load"(%43, %209, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %584 = "vector.load"(%43, %209, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %585 = "vector.load"(%43, %209, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %586 = "vector.load"(%43, %209, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %587 = "vector.load"(%43, %257, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %588 = "vector.load"(%43, %257, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %589 = "vector.load"(%43, %257, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %590 = "vector.load"(%43, %257, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %591 = "vector.load"(%43, %211, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %592 = "vector.load"(%43, %211, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %593 = "vector.load"(%43, %211, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %594 = "vector.load"(%43, %211, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %595 = "vector.load"(%43, %259, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %596 = "vector.load"(%43, %259, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %597 = "vector.load"(%43, %259, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %598 = "vector.load"(%43, %259, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %599 = "vector.load"(%43, %213, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %600 = "vector.load"(%43, %213, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %601 = "vector.load"(%43, %213, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %602 = "vector.load"(%43, %213, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %603 = "vector.load"(%43, %261, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %604 = "vector.load"(%43, %261, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %605 = "vector.load"(%43, %261, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %606 = "vector.load"(%43, %261, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %607 = "vector.load"(%43, %215, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %608 = "vector.load"(%43, %215, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %609 = "vector.load"(%43, %215, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %610 = "vector.load"(%43, %215, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %611 = "vector.load"(%43, %263, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %612 = "vector.load"(%43, %263, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %613 = "vector.load"(%43, %263, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %614 = "vector.load"(%43, %263, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %615 = "vector.load"(%43, %217, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %616 = "vector.load"(%43, %217, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %617 = "vector.load"(%43, %217, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %618 = "vector.load"(%43, %217, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %619 = "vector.load"(%43, %265, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %620 = "vector.load"(%43, %265, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %621 = "vector.load"(%43, %265, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %622 = "vector.load"(%43, %265, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %623 = "vector.load"(%43, %219, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %624 = "vector.load"(%43, %219, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %625 = "vector.load"(%43, %219, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %626 = "vector.load"(%43, %219, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %627 = "vector.load"(%43, %267, %229) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %628 = "vector.load"(%43, %267, %231) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %629 = "vector.load"(%43, %267, %233) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %630 = "vector.load"(%43, %267, %235) : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %631 = "vector.to_elements"(%503) : (vector<1xf16>) -> f16
    %632 = "vector.to_elements"(%504) : (vector<1xf16>) -> f16
    %633 = "vector.to_elements"(%505) : (vector<1xf16>) -> f16
    %634 = "vector.to_elements"(%506) : (vector<1xf16>) -> f16
    %635 = "vector.to_elements"(%507) : (vector<1xf16>) -> f16
    %636 = "vector.to_elements"(%508) : (vector<1xf16>) -> f16
    %637 = "vector.to_elements"(%509) : (vector<1xf16>) -> f16
    %638 = "vector.to_elements"(%510) : (vector<1xf16>) -> f16
    %639 = "vector.to_elements"(%511) : (vector<1xf16>) -> f16
    %640 = "vector.to_elements"(%512) : (vector<1xf16>) -> f16
    %641 = "vector.to_elements"(%513) : (vector<1xf16>) -> f16
    %642 = "vector.to_elements"(%514) : (vector<1xf16>) -> f16
    %643 = "vector.to_elements"(%515) : (vector<1xf16>) -> f16
    %644 = "vector.to_elements"(%516) : (vector<1xf16>) -> f16
    %645 = "vector.to_elements"(%517) : (vector<1xf16>) -> f16
    %646 = "vector.to_elements"(%518) : (vector<1xf16>) -> f16
    %647 = "vector.to_elements"(%519) : (vector<1xf16>) -> f16
    %648 = "vector.to_elements"(%520) : (vector<1xf16>) -> f16
    %649 = "vector.to_elements"(%521) : (vector<1xf16>) -> f16
    %650 = "vector.to_elements"(%522) : (vector<1xf16>) -> f16
    %651 = "vector.to_elements"(%523) : (vector<1xf16>) -> f16
    %652 = "vector.to_elements"(%524) : (vector<1xf16>) -> f16
    %653 = "vector.to_elements"(%525) : (vector<1xf16>) -> f16
    %654 = "vector.to_elements"(%526) : (vector<1xf16>) -> f16
    %655 = "vector.to_elements"(%527) : (vector<1xf16>) -> f16
    %656 = "vector.to_elements"(%528) : (vector<1xf16>) -> f16
    %657 = "vector.to_elements"(%529) : (vector<1xf16>) -> f16
    %658 = "vector.to_elements"(%530) : (vector<1xf16>) -> f16
    %659 = "vector.to_elements"(%531) : (vector<1xf16>) -> f16
    %660 = "vector.to_elements"(%532) : (vector<1xf16>) -> f16
    %661 = "vector.to_elements"(%533) : (vector<1xf16>) -> f16
    %662 = "vector.to_elements"(%534) : (vector<1xf16>) -> f16
    %663 = "vector.to_elements"(%535) : (vector<1xf16>) -> f16
    %664 = "vector.to_elements"(%536) : (vector<1xf16>) -> f16
    %665 = "vector.to_elements"(%537) : (vector<1xf16>) -> f16
    %666 = "vector.to_elements"(%538) : (vector<1xf16>) -> f16
    %667 = "vector.to_elements"(%539) : (vector<1xf16>) -> f16
    %668 = "vector.to_elements"(%540) : (vector<1xf16>) -> f16
    %669 = "vector.to_elements"(%541) : (vector<1xf16>) -> f16
    %670 = "vector.to_elements"(%542) : (vector<1xf16>) -> f16
    %671 = "vector.to_elements"(%543) : (vector<1xf16>) -> f16
    %672 = "vector.to_elements"(%544) : (vector<1xf16>) -> f16
    %673 = "vector.to_elements"(%545) : (vector<1xf16>) -> f16
    %674 = "vector.to_elements"(%546) : (vector<1xf16>) -> f16
    %675 = "vector.to_elements"(%547) : (vector<1xf16>) -> f16
    %676 = "vector.to_elements"(%548) : (vector<1xf16>) -> f16
    %677 = "vector.to_elements"(%549) : (vector<1xf16>) -> f16
    %678 = "vector.to_elements"(%550) : (vector<1xf16>) -> f16
    %679 = "vector.to_elements"(%551) : (vector<1xf16>) -> f16
    %680 = "vector.to_elements"(%552) : (vector<1xf16>) -> f16
    %681 = "vector.to_elements"(%553) : (vector<1xf16>) -> f16
    %682 = "vector.to_elements"(%554) : (vector<1xf16>) -> f16
    %683 = "vector.to_elements"(%555) : (vector<1xf16>) -> f16
    %684 = "vector.to_elements"(%556) : (vector<1xf16>) -> f16
    %685 = "vector.to_elements"(%557) : (vector<1xf16>) -> f16
    %686 = "vector.to_elements"(%558) : (vector<1xf16>) -> f16
    %687 = "vector.to_elements"(%559) : (vector<1xf16>) -> f16
    %688 = "vector.to_elements"(%560) : (vector<1xf16>) -> f16
    %689 = "vector.to_elements"(%561) : (vector<1xf16>) -> f16
    %690 = "vector.to_elements"(%562) : (vector<1xf16>) -> f16
    %691 = "vector.to_elements"(%563) : (vector<1xf16>) -> f16
    %692 = "vector.to_elements"(%564) : (vector<1xf16>) -> f16
    %693 = "vector.to_elements"(%565) : (vector<1xf16>) -> f16
    %694 = "vector.to_elements"(%566) : (vector<1xf16>) -> f16
    %695 = "vector.to_elements"(%567) : (vector<1xf16>) -> f16
    %696 = "vector.to_elements"(%568) : (vector<1xf16>) -> f16
    %697 = "vector.to_elements"(%569) : (vector<1xf16>) -> f16
    %698 = "vector.to_elements"(%570) : (vector<1xf16>) -> f16
    %699 = "vector.to_elements"(%571) : (vector<1xf16>) -> f16
    %700 = "vector.to_elements"(%572) : (vector<1xf16>) -> f16
    %701 = "vector.to_elements"(%573) : (vector<1xf16>) -> f16
    %702 = "vector.to_elements"(%574) : (vector<1xf16>) -> f16
    %703 = "vector.to_elements"(%575) : (vector<1xf16>) -> f16
    %704 = "vector.to_elements"(%576) : (vector<1xf16>) -> f16
    %705 = "vector.to_elements"(%577) : (vector<1xf16>) -> f16
    %706 = "vector.to_elements"(%578) : (vector<1xf16>) -> f16
    %707 = "vector.to_elements"(%579) : (vector<1xf16>) -> f16
    %708 = "vector.to_elements"(%580) : (vector<1xf16>) -> f16
    %709 = "vector.to_elements"(%581) : (vector<1xf16>) -> f16
    %710 = "vector.to_elements"(%582) : (vector<1xf16>) -> f16
    %711 = "vector.to_elements"(%583) : (vector<1xf16>) -> f16
    %712 = "vector.to_elements"(%584) : (vector<1xf16>) -> f16
    %713 = "vector.to_elements"(%585) : (vector<1xf16>) -> f16
    %714 = "vector.to_elements"(%586) : (vector<1xf16>) -> f16
    %715 = "vector.to_elements"(%587) : (vector<1xf16>) -> f16
    %716 = "vector.to_elements"(%588) : (vector<1xf16>) -> f16
    %717 = "vector.to_elements"(%589) : (vector<1xf16>) -> f16
    %718 = "vector.to_elements"(%590) : (vector<1xf16>) -> f16
    %719 = "vector.to_elements"(%591) : (vector<1xf16>) -> f16
    %720 = "vector.to_elements"(%592) : (vector<1xf16>) -> f16
    %721 = "vector.to_elements"(%593) : (vector<1xf16>) -> f16
    %722 = "vector.to_elements"(%594) : (vector<1xf16>) -> f16
    %723 = "vector.to_elements"(%595) : (vector<1xf16>) -> f16
    %724 = "vector.to_elements"(%596) : (vector<1xf16>) -> f16
    %725 = "vector.to_elements"(%597) : (vector<1xf16>) -> f16
    %726 = "vector.to_elements"(%598) : (vector<1xf16>) -> f16
    %727 = "vector.to_elements"(%599) : (vector<1xf16>) -> f16
    %728 = "vector.to_elements"(%600) : (vector<1xf16>) -> f16
    %729 = "vector.to_elements"(%601) : (vector<1xf16>) -> f16
    %730 = "vector.to_elements"(%602) : (vector<1xf16>) -> f16
    %731 = "vector.to_elements"(%603) : (vector<1xf16>) -> f16
    %732 = "vector.to_elements"(%604) : (vector<1xf16>) -> f16
    %733 = "vector.to_elements"(%605) : (vector<1xf16>) -> f16
    %734 = "vector.to_elements"(%606) : (vector<1xf16>) -> f16
    %735 = "vector.to_elements"(%607) : (vector<1xf16>) -> f16
    %736 = "vector.to_elements"(%608) : (vector<1xf16>) -> f16
    %737 = "vector.to_elements"(%609) : (vector<1xf16>) -> f16
    %738 = "vector.to_elements"(%610) : (vector<1xf16>) -> f16
    %739 = "vector.to_elements"(%611) : (vector<1xf16>) -> f16
    %740 = "vector.to_elements"(%612) : (vector<1xf16>) -> f16
    %741 = "vector.to_elements"(%613) : (vector<1xf16>) -> f16
    %742 = "vector.to_elements"(%614) : (vector<1xf16>) -> f16
    %743 = "vector.to_elements"(%615) : (vector<1xf16>) -> f16
    %744 = "vector.to_elements"(%616) : (vector<1xf16>) -> f16
    %745 = "vector.to_elements"(%617) : (vector<1xf16>) -> f16
    %746 = "vector.to_elements"(%618) : (vector<1xf16>) -> f16
    %747 = "vector.to_elements"(%619) : (vector<1xf16>) -> f16
    %748 = "vector.to_elements"(%620) : (vector<1xf16>) -> f16
    %749 = "vector.to_elements"(%621) : (vector<1xf16>) -> f16
    %750 = "vector.to_elements"(%622) : (vector<1xf16>) -> f16
    %751 = "vector.to_elements"(%623) : (vector<1xf16>) -> f16
    %752 = "vector.to_elements"(%624) : (vector<1xf16>) -> f16
    %753 = "vector.to_elements"(%625) : (vector<1xf16>) -> f16
    %754 = "vector.to_elements"(%626) : (vector<1xf16>) -> f16
    %755 = "vector.to_elements"(%627) : (vector<1xf16>) -> f16
    %756 = "vector.to_elements"(%628) : (vector<1xf16>) -> f16
    %757 = "vector.to_elements"(%629) : (vector<1xf16>) -> f16
    %758 = "vector.to_elements"(%630) : (vector<1xf16>) -> f16
    %759 = "vector.from_elements"(%631, %635, %639, %643) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %760 = "vector.from_elements"(%632, %636, %640, %644) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %761 = "vector.from_elements"(%633, %637, %641, %645) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %762 = "vector.from_elements"(%634, %638, %642, %646) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %763 = "vector.from_elements"(%647, %651, %655, %659) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %764 = "vector.from_elements"(%648, %652, %656, %660) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %765 = "vector.from_elements"(%649, %653, %657, %661) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %766 = "vector.from_elements"(%650, %654, %658, %662) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %767 = "vector.from_elements"(%663, %667, %671, %675) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %768 = "vector.from_elements"(%664, %668, %672, %676) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %769 = "vector.from_elements"(%665, %669, %673, %677) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %770 = "vector.from_elements"(%666, %670, %674, %678) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %771 = "vector.from_elements"(%679, %683, %687, %691) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %772 = "vector.from_elements"(%680, %684, %688, %692) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %773 = "vector.from_elements"(%681, %685, %689, %693) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %774 = "vector.from_elements"(%682, %686, %690, %694) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %775 = "vector.from_elements"(%695, %699, %703, %707) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %776 = "vector.from_elements"(%696, %700, %704, %708) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %777 = "vector.from_elements"(%697, %701, %705, %709) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %778 = "vector.from_elements"(%698, %702, %706, %710) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %779 = "vector.from_elements"(%711, %715, %719, %723) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %780 = "vector.from_elements"(%712, %716, %720, %724) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %781 = "vector.from_elements"(%713, %717, %721, %725) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %782 = "vector.from_elements"(%714, %718, %722, %726) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %783 = "vector.from_elements"(%727, %731, %735, %739) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %784 = "vector.from_elements"(%728, %732, %736, %740) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %785 = "vector.from_elements"(%729, %733, %737, %741) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %786 = "vector.from_elements"(%730, %734, %738, %742) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %787 = "vector.from_elements"(%743, %747, %751, %755) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %788 = "vector.from_elements"(%744, %748, %752, %756) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %789 = "vector.from_elements"(%745, %749, %753, %757) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %790 = "vector.from_elements"(%746, %750, %754, %758) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %791 = "nvgpu.mma.sync"(%381, %759, %288) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %792 = "nvgpu.mma.sync"(%381, %760, %291) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %793 = "nvgpu.mma.sync"(%381, %761, %294) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %794 = "nvgpu.mma.sync"(%381, %762, %297) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %795 = "nvgpu.mma.sync"(%453, %759, %300) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %796 = "nvgpu.mma.sync"(%453, %760, %303) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %797 = "nvgpu.mma.sync"(%453, %761, %306) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %798 = "nvgpu.mma.sync"(%453, %762, %309) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %799 = "nvgpu.mma.sync"(%388, %763, %791) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %800 = "nvgpu.mma.sync"(%388, %764, %792) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %801 = "nvgpu.mma.sync"(%388, %765, %793) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %802 = "nvgpu.mma.sync"(%388, %766, %794) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %803 = "nvgpu.mma.sync"(%460, %763, %795) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %804 = "nvgpu.mma.sync"(%460, %764, %796) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %805 = "nvgpu.mma.sync"(%460, %765, %797) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %806 = "nvgpu.mma.sync"(%460, %766, %798) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %807 = "nvgpu.mma.sync"(%395, %767, %799) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %808 = "nvgpu.mma.sync"(%395, %768, %800) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %809 = "nvgpu.mma.sync"(%395, %769, %801) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %810 = "nvgpu.mma.sync"(%395, %770, %802) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %811 = "nvgpu.mma.sync"(%467, %767, %803) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %812 = "nvgpu.mma.sync"(%467, %768, %804) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %813 = "nvgpu.mma.sync"(%467, %769, %805) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %814 = "nvgpu.mma.sync"(%467, %770, %806) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %815 = "nvgpu.mma.sync"(%402, %771, %807) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %816 = "nvgpu.mma.sync"(%402, %772, %808) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %817 = "nvgpu.mma.sync"(%402, %773, %809) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %818 = "nvgpu.mma.sync"(%402, %774, %810) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %819 = "nvgpu.mma.sync"(%474, %771, %811) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %820 = "nvgpu.mma.sync"(%474, %772, %812) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %821 = "nvgpu.mma.sync"(%474, %773, %813) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %822 = "nvgpu.mma.sync"(%474, %774, %814) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %823 = "nvgpu.mma.sync"(%409, %775, %815) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %824 = "nvgpu.mma.sync"(%409, %776, %816) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %825 = "nvgpu.mma.sync"(%409, %777, %817) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %826 = "nvgpu.mma.sync"(%409, %778, %818) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %827 = "nvgpu.mma.sync"(%481, %775, %819) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %828 = "nvgpu.mma.sync"(%481, %776, %820) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %829 = "nvgpu.mma.sync"(%481, %777, %821) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %830 = "nvgpu.mma.sync"(%481, %778, %822) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %831 = "nvgpu.mma.sync"(%416, %779, %823) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %832 = "nvgpu.mma.sync"(%416, %780, %824) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %833 = "nvgpu.mma.sync"(%416, %781, %825) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %834 = "nvgpu.mma.sync"(%416, %782, %826) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %835 = "nvgpu.mma.sync"(%488, %779, %827) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %836 = "nvgpu.mma.sync"(%488, %780, %828) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %837 = "nvgpu.mma.sync"(%488, %781, %829) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %838 = "nvgpu.mma.sync"(%488, %782, %830) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %839 = "nvgpu.mma.sync"(%423, %783, %831) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %840 = "nvgpu.mma.sync"(%423, %784, %832) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %841 = "nvgpu.mma.sync"(%423, %785, %833) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %842 = "nvgpu.mma.sync"(%423, %786, %834) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %843 = "nvgpu.mma.sync"(%495, %783, %835) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %844 = "nvgpu.mma.sync"(%495, %784, %836) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %845 = "nvgpu.mma.sync"(%495, %785, %837) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %846 = "nvgpu.mma.sync"(%495, %786, %838) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %847 = "nvgpu.mma.sync"(%430, %787, %839) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %848 = "vector.extract"(%847) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %849 = "vector.extract"(%847) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %850 = "nvgpu.mma.sync"(%430, %788, %840) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %851 = "vector.extract"(%850) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %852 = "vector.extract"(%850) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %853 = "nvgpu.mma.sync"(%430, %789, %841) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %854 = "vector.extract"(%853) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %855 = "vector.extract"(%853) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %856 = "nvgpu.mma.sync"(%430, %790, %842) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %857 = "vector.extract"(%856) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %858 = "vector.extract"(%856) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %859 = "nvgpu.mma.sync"(%502, %787, %843) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %860 = "vector.extract"(%859) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %861 = "vector.extract"(%859) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %862 = "nvgpu.mma.sync"(%502, %788, %844) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %863 = "vector.extract"(%862) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %864 = "vector.extract"(%862) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %865 = "nvgpu.mma.sync"(%502, %789, %845) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %866 = "vector.extract"(%865) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %867 = "vector.extract"(%865) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %868 = "nvgpu.mma.sync"(%502, %790, %846) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %869 = "vector.extract"(%868) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %870 = "vector.extract"(%868) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %871 = "arith.addi"(%268, %29) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%871, %869, %870, %866, %867, %863, %864, %860, %861, %857, %858, %854, %855, %851, %852, %848, %849)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb3:  // pred: ^bb1
    %872 = "arith.muli"(%150, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %873 = "arith.addi"(%186, %872) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %874 = "arith.muli"(%151, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %875 = "arith.addi"(%226, %874) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %876 = "arith.muli"(%873, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %877 = "arith.addi"(%876, %57) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %878 = "arith.index_castui"(%877) : (i32) -> index
    %879 = "arith.muli"(%875, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %880 = "arith.addi"(%879, %59) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %881 = "arith.index_castui"(%880) : (i32) -> index
    "vector.store"(%283, %51, %878, %881) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %882 = "arith.addi"(%880, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %883 = "arith.index_castui"(%882) : (i32) -> index
    "vector.store"(%281, %51, %878, %883) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %884 = "arith.addi"(%880, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %885 = "arith.index_castui"(%884) : (i32) -> index
    "vector.store"(%279, %51, %878, %885) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %886 = "arith.addi"(%880, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %887 = "arith.index_castui"(%886) : (i32) -> index
    "vector.store"(%277, %51, %878, %887) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %888 = "arith.addi"(%877, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %889 = "arith.index_castui"(%888) : (i32) -> index
    "vector.store"(%284, %51, %889, %881) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%282, %51, %889, %883) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%280, %51, %889, %885) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%278, %51, %889, %887) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %890 = "arith.addi"(%877, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %891 = "arith.index_castui"(%890) : (i32) -> index
    "vector.store"(%275, %51, %891, %881) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%273, %51, %891, %883) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%271, %51, %891, %885) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%269, %51, %891, %887) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    %892 = "arith.addi"(%877, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %893 = "arith.index_castui"(%892) : (i32) -> index
    "vector.store"(%276, %51, %893, %881) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%274, %51, %893, %883) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%272, %51, %893, %885) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%270, %51, %893, %887) : (vector<2xf32>, memref<512x512xf32, #gpu.address_space<global>>, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    "memref.dealloc"(%44) : (memref<64x132xf16, #gpu.address_space<workgroup>>) -> ()
    "memref.dealloc"(%43) : (memref<128x68xf16, #gpu.address_space<workgroup>>) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 128, 1, 1>} : () -> ()
}) : () -> ()

