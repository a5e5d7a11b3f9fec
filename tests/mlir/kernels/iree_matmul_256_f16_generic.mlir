// The same kernel printed with --mlir-print-op-generic.
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "matmul_dispatch_0_matmul_256x256x256_f16xf16xf32"}> ({
    %2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 121 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 113 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 105 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 97 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 89 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 81 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 73 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 65 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 57 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 49 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 41 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 33 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 25 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 17 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 120 : i32}> : () -> i32
    %20 = "arith.constant"() <{value = 112 : i32}> : () -> i32
    %21 = "arith.constant"() <{value = 104 : i32}> : () -> i32
    %22 = "arith.constant"() <{value = 96 : i32}> : () -> i32
    %23 = "arith.constant"() <{value = 88 : i32}> : () -> i32
    %24 = "arith.constant"() <{value = 80 : i32}> : () -> i32
    %25 = "arith.constant"() <{value = 72 : i32}> : () -> i32
    %26 = "arith.constant"() <{value = 56 : i32}> : () -> i32
    %27 = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %28 = "arith.constant"() <{value = 40 : i32}> : () -> i32
    %29 = "arith.constant"() <{value = 24 : i32}> : () -> i32
    %30 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %31 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %32 = "arith.constant"() <{value = 896 : i32}> : () -> i32
    %33 = "arith.constant"() <{value = 768 : i32}> : () -> i32
    %34 = "arith.constant"() <{value = 640 : i32}> : () -> i32
    %35 = "arith.constant"() <{value = 512 : i32}> : () -> i32
    %36 = "arith.constant"() <{value = 384 : i32}> : () -> i32
    %37 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %38 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %39 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %40 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %41 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %42 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %43 = "arith.constant"() <{value = 0 : index}> : () -> index
    %44 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %45 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<128x68xf16, #gpu.address_space<workgroup>>
    %46 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64x132xf16, #gpu.address_space<workgroup>>
    %47 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 128 : index}> : () -> index
    %48 = "hal.interface.binding.subspan"(%43) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<256x256xf16, #gpu.address_space<global>>
    %49 = "memref.assume_alignment"(%48) <{alignment = 64 : i32}> : (memref<256x256xf16, #gpu.address_space<global>>) -> memref<256x256xf16, #gpu.address_space<global>>
    %50 = "hal.interface.binding.subspan"(%43) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<256x256xf16, #gpu.address_space<global>>
    %51 = "memref.assume_alignment"(%50) <{alignment = 64 : i32}> : (memref<256x256xf16, #gpu.address_space<global>>) -> memref<256x256xf16, #gpu.address_space<global>>
    %52 = "hal.interface.binding.subspan"(%43) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<256x256xf32, #gpu.address_space<global>>
    %53 = "memref.assume_alignment"(%52) <{alignment = 64 : i32}> : (memref<256x256xf32, #gpu.address_space<global>>) -> memref<256x256xf32, #gpu.address_space<global>>
    %54 = "arith.index_castui"(%47) : (index) -> i32
    %55 = "arith.divui"(%54, %42) : (i32, i32) -> i32
    %56 = "arith.remui"(%54, %42) : (i32, i32) -> i32
    %57 = "arith.divui"(%56, %40) : (i32, i32) -> i32
    %58 = "arith.remui"(%54, %40) : (i32, i32) -> i32
    %59 = "arith.divui"(%58, %30) : (i32, i32) -> i32
    %60 = "arith.remui"(%58, %30) : (i32, i32) -> i32
    %61 = "arith.muli"(%60, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %62 = "arith.index_castui"(%61) : (i32) -> index
    %63 = "arith.divui"(%54, %39) : (i32, i32) -> i32
    %64 = "arith.index_castui"(%63) : (i32) -> index
    %65 = "arith.remui"(%54, %39) : (i32, i32) -> i32
    %66 = "arith.addi"(%54, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %67 = "arith.divui"(%66, %39) : (i32, i32) -> i32
    %68 = "arith.index_castui"(%67) : (i32) -> index
    %69 = "arith.remui"(%66, %39) : (i32, i32) -> i32
    %70 = "arith.addi"(%54, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %71 = "arith.divui"(%70, %39) : (i32, i32) -> i32
    %72 = "arith.index_castui"(%71) : (i32) -> index
    %73 = "arith.remui"(%70, %39) : (i32, i32) -> i32
    %74 = "arith.addi"(%54, %36) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %75 = "arith.divui"(%74, %39) : (i32, i32) -> i32
    %76 = "arith.index_castui"(%75) : (i32) -> index
    %77 = "arith.remui"(%74, %39) : (i32, i32) -> i32
    %78 = "arith.addi"(%54, %35) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %79 = "arith.divui"(%78, %39) : (i32, i32) -> i32
    %80 = "arith.index_castui"(%79) : (i32) -> index
    %81 = "arith.remui"(%78, %39) : (i32, i32) -> i32
    %82 = "arith.addi"(%54, %34) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %83 = "arith.divui"(%82, %39) : (i32, i32) -> i32
    %84 = "arith.index_castui"(%83) : (i32) -> index
    %85 = "arith.remui"(%82, %39) : (i32, i32) -> i32
    %86 = "arith.addi"(%54, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %87 = "arith.divui"(%86, %39) : (i32, i32) -> i32
    %88 = "arith.index_castui"(%87) : (i32) -> index
    %89 = "arith.remui"(%86, %39) : (i32, i32) -> i32
    %90 = "arith.addi"(%54, %32) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %91 = "arith.divui"(%90, %39) : (i32, i32) -> i32
    %92 = "arith.index_castui"(%91) : (i32) -> index
    %93 = "arith.remui"(%90, %39) : (i32, i32) -> i32
    %94 = "arith.divui"(%54, %31) : (i32, i32) -> i32
    %95 = "arith.index_castui"(%94) : (i32) -> index
    %96 = "arith.remui"(%54, %31) : (i32, i32) -> i32
    %97 = "arith.divui"(%66, %31) : (i32, i32) -> i32
    %98 = "arith.index_castui"(%97) : (i32) -> index
    %99 = "arith.remui"(%66, %31) : (i32, i32) -> i32
    %100 = "arith.divui"(%70, %31) : (i32, i32) -> i32
    %101 = "arith.index_castui"(%100) : (i32) -> index
    %102 = "arith.remui"(%70, %31) : (i32, i32) -> i32
    %103 = "arith.divui"(%74, %31) : (i32, i32) -> i32
    %104 = "arith.index_castui"(%103) : (i32) -> index
    %105 = "arith.remui"(%74, %31) : (i32, i32) -> i32
    %106 = "arith.divui"(%78, %31) : (i32, i32) -> i32
    %107 = "arith.index_castui"(%106) : (i32) -> index
    %108 = "arith.remui"(%78, %31) : (i32, i32) -> i32
    %109 = "arith.divui"(%82, %31) : (i32, i32) -> i32
    %110 = "arith.index_castui"(%109) : (i32) -> index
    %111 = "arith.remui"(%82, %31) : (i32, i32) -> i32
    %112 = "arith.divui"(%86, %31) : (i32, i32) -> i32
    %113 = "arith.index_castui"(%112) : (i32) -> index
    %114 = "arith.remui"(%86, %31) : (i32, i32) -> i32
    %115 = "arith.divui"(%90, %31) : (i32, i32) -> i32
    %116 = "arith.index_castui"(%115) : (i32) -> index
    %117 = "arith.remui"(%90, %31) : (i32, i32) -> i32
    %118 = "arith.muli"(%65, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %119 = "arith.index_castui"(%118) : (i32) -> index
    %120 = "arith.muli"(%69, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %121 = "arith.index_castui"(%120) : (i32) -> index
    %122 = "arith.muli"(%73, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %123 = "arith.index_castui"(%122) : (i32) -> index
    %124 = "arith.muli"(%77, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %125 = "arith.index_castui"(%124) : (i32) -> index
    %126 = "arith.muli"(%81, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %127 = "arith.index_castui"(%126) : (i32) -> index
    %128 = "arith.muli"(%85, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %129 = "arith.index_castui"(%128) : (i32) -> index
    %130 = "arith.muli"(%89, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %131 = "arith.index_castui"(%130) : (i32) -> index
    %132 = "arith.muli"(%93, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %133 = "arith.index_castui"(%132) : (i32) -> index
    %134 = "arith.muli"(%96, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %135 = "arith.index_castui"(%134) : (i32) -> index
    %136 = "arith.muli"(%99, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %137 = "arith.index_castui"(%136) : (i32) -> index
    %138 = "arith.muli"(%102, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %139 = "arith.index_castui"(%138) : (i32) -> index
    %140 = "arith.muli"(%105, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %141 = "arith.index_castui"(%140) : (i32) -> index
    %142 = "arith.muli"(%108, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %143 = "arith.index_castui"(%142) : (i32) -> index
    %144 = "arith.muli"(%111, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %145 = "arith.index_castui"(%144) : (i32) -> index
    %146 = "arith.muli"(%114, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %147 = "arith.index_castui"(%146) : (i32) -> index
    %148 = "arith.muli"(%117, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %149 = "arith.index_castui"(%148) : (i32) -> index
    %150 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 16 : index}> : () -> index
    %151 = "arith.index_castui"(%150) : (index) -> i32
    %152 = "arith.divui"(%151, %30) : (i32, i32) -> i32
    %153 = "arith.remui"(%151, %30) : (i32, i32) -> i32
    %154 = "arith.muli"(%152, %42) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %155 = "arith.addi"(%63, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %156 = "arith.index_castui"(%155) : (i32) -> index
    %157 = "arith.addi"(%67, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %158 = "arith.index_castui"(%157) : (i32) -> index
    %159 = "arith.addi"(%71, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %160 = "arith.index_castui"(%159) : (i32) -> index
    %161 = "arith.addi"(%75, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %162 = "arith.index_castui"(%161) : (i32) -> index
    %163 = "arith.addi"(%79, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %164 = "arith.index_castui"(%163) : (i32) -> index
    %165 = "arith.addi"(%83, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %166 = "arith.index_castui"(%165) : (i32) -> index
    %167 = "arith.addi"(%87, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %168 = "arith.index_castui"(%167) : (i32) -> index
    %169 = "arith.addi"(%91, %154) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %170 = "arith.index_castui"(%169) : (i32) -> index
    %171 = "arith.muli"(%153, %42) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %172 = "arith.addi"(%134, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %173 = "arith.index_castui"(%172) : (i32) -> index
    %174 = "arith.addi"(%136, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %175 = "arith.index_castui"(%174) : (i32) -> index
    %176 = "arith.addi"(%138, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %177 = "arith.index_castui"(%176) : (i32) -> index
    %178 = "arith.addi"(%140, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %179 = "arith.index_castui"(%178) : (i32) -> index
    %180 = "arith.addi"(%142, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %181 = "arith.index_castui"(%180) : (i32) -> index
    %182 = "arith.addi"(%144, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %183 = "arith.index_castui"(%182) : (i32) -> index
    %184 = "arith.addi"(%146, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %185 = "arith.index_castui"(%184) : (i32) -> index
    %186 = "arith.addi"(%148, %171) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %187 = "arith.index_castui"(%186) : (i32) -> index
    %188 = "arith.muli"(%55, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %189 = "arith.muli"(%55, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %190 = "arith.addi"(%189, %59) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %191 = "arith.index_castui"(%190) : (i32) -> index
    %192 = "arith.addi"(%61, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %193 = "arith.index_castui"(%192) : (i32) -> index
    %194 = "arith.addi"(%61, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %195 = "arith.index_castui"(%194) : (i32) -> index
    %196 = "arith.addi"(%61, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %197 = "arith.index_castui"(%196) : (i32) -> index
    %198 = "arith.addi"(%61, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %199 = "arith.index_castui"(%198) : (i32) -> index
    %200 = "arith.addi"(%61, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %201 = "arith.index_castui"(%200) : (i32) -> index
    %202 = "arith.addi"(%61, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %203 = "arith.index_castui"(%202) : (i32) -> index
    %204 = "arith.addi"(%61, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %205 = "arith.index_castui"(%204) : (i32) -> index
    %206 = "arith.addi"(%61, %42) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %207 = "arith.index_castui"(%206) : (i32) -> index
    %208 = "arith.addi"(%61, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %209 = "arith.index_castui"(%208) : (i32) -> index
    %210 = "arith.addi"(%61, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %211 = "arith.index_castui"(%210) : (i32) -> index
    %212 = "arith.addi"(%61, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %213 = "arith.index_castui"(%212) : (i32) -> index
    %214 = "arith.addi"(%61, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %215 = "arith.index_castui"(%214) : (i32) -> index
    %216 = "arith.addi"(%61, %21) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %217 = "arith.index_castui"(%216) : (i32) -> index
    %218 = "arith.addi"(%61, %20) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %219 = "arith.index_castui"(%218) : (i32) -> index
    %220 = "arith.addi"(%61, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %221 = "arith.index_castui"(%220) : (i32) -> index
    %222 = "arith.addi"(%190, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %223 = "arith.index_castui"(%222) : (i32) -> index
    %224 = "arith.addi"(%190, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %225 = "arith.index_castui"(%224) : (i32) -> index
    %226 = "arith.addi"(%190, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %227 = "arith.index_castui"(%226) : (i32) -> index
    %228 = "arith.muli"(%57, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %229 = "arith.muli"(%57, %40) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %230 = "arith.addi"(%229, %59) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %231 = "arith.index_castui"(%230) : (i32) -> index
    %232 = "arith.addi"(%230, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %233 = "arith.index_castui"(%232) : (i32) -> index
    %234 = "arith.addi"(%230, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %235 = "arith.index_castui"(%234) : (i32) -> index
    %236 = "arith.addi"(%230, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %237 = "arith.index_castui"(%236) : (i32) -> index
    %238 = "arith.addi"(%61, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %239 = "arith.index_castui"(%238) : (i32) -> index
    %240 = "arith.addi"(%61, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %241 = "arith.index_castui"(%240) : (i32) -> index
    %242 = "arith.addi"(%61, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %243 = "arith.index_castui"(%242) : (i32) -> index
    %244 = "arith.addi"(%61, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %245 = "arith.index_castui"(%244) : (i32) -> index
    %246 = "arith.addi"(%61, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %247 = "arith.index_castui"(%246) : (i32) -> index
    %248 = "arith.addi"(%61, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %249 = "arith.index_castui"(%248) : (i32) -> index
    %250 = "arith.addi"(%61, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %251 = "arith.index_castui"(%250) : (i32) -> index
    %252 = "arith.addi"(%61, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %253 = "arith.index_castui"(%252) : (i32) -> index
    %254 = "arith.addi"(%61, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %255 = "arith.index_castui"(%254) : (i32) -> index
    %256 = "arith.addi"(%61, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %257 = "arith.index_castui"(%256) : (i32) -> index
    %258 = "arith.addi"(%61, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %259 = "arith.index_castui"(%258) : (i32) -> index
    %260 = "arith.addi"(%61, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %261 = "arith.index_castui"(%260) : (i32) -> index
    %262 = "arith.addi"(%61, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %263 = "arith.index_castui"(%262) : (i32) -> index
    %264 = "arith.addi"(%61, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %265 = "arith.index_castui"(%264) : (i32) -> index
    %266 = "arith.addi"(%61, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %267 = "arith.index_castui"(%266) : (i32) -> index
    %268 = "arith.addi"(%61, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %269 = "arith.index_castui"(%268) : (i32) -> index
    "cf.br"(%41, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44, %44)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb1(%270: i32, %271: vector<2xf32>, %272: vector<2xf32>, %273: vector<2xf32>, %274: vector<2xf32>, %275: vector<2xf32>, %276: vector<2xf32>, %277: vector<2xf32>, %278: vector<2xf32>, %279: vector<2xf32>, %280: vector<2xf32>, %281: vector<2xf32>, %282: vector<2xf32>, %283: vector<2xf32>, %284: vector<2xf32>, %285: vector<2xf32>, %286: vector<2xf32>):  // 2 preds: ^bb0, ^bb2
    %287 = "arith.cmpi"(%270, %39) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%287)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %288:2 = "vector.to_elements"(%285) : (vector<2xf32>) -> (f32, f32)
    %289:2 = "vector.to_elements"(%286) : (vector<2xf32>) -> (f32, f32)
    %290 = "vector.from_elements"(%288#0, %288#1, %289#0, %289#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %291:2 = "vector.to_elements"(%283) : (vector<2xf32>) -> (f32, f32)
    %292:2 = "vector.to_elements"(%284) : (vector<2xf32>) -> (f32, f32)
    %293 = "vector.from_elements"(%291#0, %291#1, %292#0, %292#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %294:2 = "vector.to_elements"(%281) : (vector<2xf32>) -> (f32, f32)
    %295:2 = "vector.to_elements"(%282) : (vector<2xf32>) -> (f32, f32)
    %296 = "vector.from_elements"(%294#0, %294#1, %295#0, %295#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %297:2 = "vector.to_elements"(%279) : (vector<2xf32>) -> (f32, f32)
    %298:2 = "vector.to_elements"(%280) : (vector<2xf32>) -> (f32, f32)
    %299 = "vector.from_elements"(%297#0, %297#1, %298#0, %298#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %300:2 = "vector.to_elements"(%277) : (vector<2xf32>) -> (f32, f32)
    %301:2 = "vector.to_elements"(%278) : (vector<2xf32>) -> (f32, f32)
    %302 = "vector.from_elements"(%300#0, %300#1, %301#0, %301#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %303:2 = "vector.to_elements"(%275) : (vector<2xf32>) -> (f32, f32)
    %304:2 = "vector.to_elements"(%276) : (vector<2xf32>) -> (f32, f32)
    %305 = "vector.from_elements"(%303#0, %303#1, %304#0, %304#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %306:2 = "vector.to_elements"(%273) : (vector<2xf32>) -> (f32, f32)
    %307:2 = "vector.to_elements"(%274) : (vector<2xf32>) -> (f32, f32)
    %308 = "vector.from_elements"(%306#0, %306#1, %307#0, %307#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %309:2 = "vector.to_elements"(%271) : (vector<2xf32>) -> (f32, f32)
    %310:2 = "vector.to_elements"(%272) : (vector<2xf32>) -> (f32, f32)
    %311 = "vector.from_elements"(%309#0, %309#1, %310#0, %310#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %312 = "arith.muli"(%270, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %313 = "arith.addi"(%118, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %314 = "arith.index_castui"(%313) : (i32) -> index
    %315 = "vector.load"(%49, %156, %314) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%315, %46, %64, %119) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %316 = "arith.addi"(%120, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %317 = "arith.index_castui"(%316) : (i32) -> index
    %318 = "vector.load"(%49, %158, %317) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%318, %46, %68, %121) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %319 = "arith.addi"(%122, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %320 = "arith.index_castui"(%319) : (i32) -> index
    %321 = "vector.load"(%49, %160, %320) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%321, %46, %72, %123) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %322 = "arith.addi"(%124, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %323 = "arith.index_castui"(%322) : (i32) -> index
    %324 = "vector.load"(%49, %162, %323) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%324, %46, %76, %125) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %325 = "arith.addi"(%126, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %326 = "arith.index_castui"(%325) : (i32) -> index
    %327 = "vector.load"(%49, %164, %326) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%327, %46, %80, %127) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %328 = "arith.addi"(%128, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %329 = "arith.index_castui"(%328) : (i32) -> index
    %330 = "vector.load"(%49, %166, %329) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%330, %46, %84, %129) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %331 = "arith.addi"(%130, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %332 = "arith.index_castui"(%331) : (i32) -> index
    %333 = "vector.load"(%49, %168, %332) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%333, %46, %88, %131) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %334 = "arith.addi"(%132, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %335 = "arith.index_castui"(%334) : (i32) -> index
    %336 = "vector.load"(%49, %170, %335) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%336, %46, %92, %133) <{nontemporal = false}> : (vector<8xf16>, memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %337 = "arith.addi"(%94, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %338 = "arith.index_castui"(%337) : (i32) -> index
    %339 = "vector.load"(%51, %338, %173) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%339, %45, %95, %135) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %340 = "arith.addi"(%97, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %341 = "arith.index_castui"(%340) : (i32) -> index
    %342 = "vector.load"(%51, %341, %175) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%342, %45, %98, %137) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %343 = "arith.addi"(%100, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %344 = "arith.index_castui"(%343) : (i32) -> index
    %345 = "vector.load"(%51, %344, %177) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%345, %45, %101, %139) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %346 = "arith.addi"(%103, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %347 = "arith.index_castui"(%346) : (i32) -> index
    %348 = "vector.load"(%51, %347, %179) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%348, %45, %104, %141) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %349 = "arith.addi"(%106, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %350 = "arith.index_castui"(%349) : (i32) -> index
    %351 = "vector.load"(%51, %350, %181) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%351, %45, %107, %143) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %352 = "arith.addi"(%109, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %353 = "arith.index_castui"(%352) : (i32) -> index
    %354 = "vector.load"(%51, %353, %183) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%354, %45, %110, %145) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %355 = "arith.addi"(%112, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %356 = "arith.index_castui"(%355) : (i32) -> index
    %357 = "vector.load"(%51, %356, %185) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%357, %45, %113, %147) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %358 = "arith.addi"(%115, %312) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %359 = "arith.index_castui"(%358) : (i32) -> index
    %360 = "vector.load"(%51, %359, %187) <{nontemporal = false}> : (memref<256x256xf16, #gpu.address_space<global>>, index, index) -> vector<8xf16>
    "vector.store"(%360, %45, %116, %149) <{nontemporal = false}> : (vector<8xf16>, memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %361 = "vector.load"(%46, %191, %62) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %362 = "vector.load"(%46, %191, %193) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %363 = "vector.load"(%46, %191, %195) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %364 = "vector.load"(%46, %191, %197) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %365 = "vector.load"(%46, %191, %199) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %366 = "vector.load"(%46, %191, %201) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %367 = "vector.load"(%46, %191, %203) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %368 = "vector.load"(%46, %191, %205) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %369 = "vector.load"(%46, %191, %207) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %370 = "vector.load"(%46, %191, %209) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %371 = "vector.load"(%46, %191, %211) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %372 = "vector.load"(%46, %191, %213) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %373 = "vector.load"(%46, %191, %215) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %374 = "vector.load"(%46, %191, %217) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %375 = "vector.load"(%46, %191, %219) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %376 = "vector.load"(%46, %191, %221) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %377 = "vector.load"(%46, %223, %62) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %378 = "vector.load"(%46, %223, %193) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %379:2 = "vector.to_elements"(%361) : (vector<2xf16>) -> (f16, f16)
    %380:2 = "vector.to_elements"(%377) : (vector<2xf16>) -> (f16, f16)
    %381:2 = "vector.to_elements"(%362) : (vector<2xf16>) -> (f16, f16)
    %382:2 = "vector.to_elements"(%378) : (vector<2xf16>) -> (f16, f16)
    %383 = "vector.from_elements"(%379#0, %379#1, %380#0, %380#1, %381#0, %381#1, %382#0, %382#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %384 = "vector.load"(%46, %223, %195) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %385 = "vector.load"(%46, %223, %197) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %386:2 = "vector.to_elements"(%363) : (vector<2xf16>) -> (f16, f16)
    %387:2 = "vector.to_elements"(%384) : (vector<2xf16>) -> (f16, f16)
    %388:2 = "vector.to_elements"(%364) : (vector<2xf16>) -> (f16, f16)
    %389:2 = "vector.to_elements"(%385) : (vector<2xf16>) -> (f16, f16)
    %390 = "vector.from_elements"(%386#0, %386#1, %387#0, %387#1, %388#0, %388#1, %389#0, %389#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %391 = "vector.load"(%46, %223, %199) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %392 = "vector.load"(%46, %223, %201) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %393:2 = "vector.to_elements"(%365) : (vector<2xf16>) -> (f16, f16)
    %394:2 = "vector.to_elements"(%391) : (vector<2xf16>) -> (f16, f16)
    %395:2 = "vector.to_elements"(%366) : (vector<2xf16>) -> (f16, f16)
    %396:2 = "vector.to_elements"(%392) : (vector<2xf16>) -> (f16, f16)
    %397 = "vector.from_elements"(%393#0, %393#1, %394#0, %394#1, %395#0, %395#1, %396#0, %396#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %398 = "vector.load"(%46, %223, %203) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %399 = "vector.load"(%46, %223, %205) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %400:2 = "vector.to_elements"(%367) : (vector<2xf16>) -> (f16, f16)
    %401:2 = "vector.to_elements"(%398) : (vector<2xf16>) -> (f16, f16)
    %402:2 = "vector.to_elements"(%368) : (vector<2xf16>) -> (f16, f16)
    %403:2 = "vector.to_elements"(%399) : (vector<2xf16>) -> (f16, f16)
    %404 = "vector.from_elements"(%400#0, %400#1, %401#0, %401#1, %402#0, %402#1, %403#0, %403#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %405 = "vector.load"(%46, %223, %207) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %406 = "vector.load"(%46, %223, %209) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %407:2 = "vector.to_elements"(%369) : (vector<2xf16>) -> (f16, f16)
    %408:2 = "vector.to_elements"(%405) : (vector<2xf16>) -> (f16, f16)
    %409:2 = "vector.to_elements"(%370) : (vector<2xf16>) -> (f16, f16)
    %410:2 = "vector.to_elements"(%406) : (vector<2xf16>) -> (f16, f16)
    %411 = "vector.from_elements"(%407#0, %407#1, %408#0, %408#1, %409#0, %409#1, %410#0, %410#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %412 = "vector.load"(%46, %223, %211) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %413 = "vector.load"(%46, %223, %213) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %414:2 = "vector.to_elements"(%371) : (vector<2xf16>) -> (f16, f16)
    %415:2 = "vector.to_elements"(%412) : (vector<2xf16>) -> (f16, f16)
    %416:2 = "vector.to_elements"(%372) : (vector<2xf16>) -> (f16, f16)
    %417:2 = "vector.to_elements"(%413) : (vector<2xf16>) -> (f16, f16)
    %418 = "vector.from_elements"(%414#0, %414#1, %415#0, %415#1, %416#0, %416#1, %417#0, %417#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %419 = "vector.load"(%46, %223, %215) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %420 = "vector.load"(%46, %223, %217) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %421:2 = "vector.to_elements"(%373) : (vector<2xf16>) -> (f16, f16)
    %422:2 = "vector.to_elements"(%419) : (vector<2xf16>) -> (f16, f16)
    %423:2 = "vector.to_elements"(%374) : (vector<2xf16>) -> (f16, f16)
    %424:2 = "vector.to_elements"(%420) : (vector<2xf16>) -> (f16, f16)
    %425 = "vector.from_elements"(%421#0, %421#1, %422#0, %422#1, %423#0, %423#1, %424#0, %424#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %426 = "vector.load"(%46, %223, %219) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %427 = "vector.load"(%46, %223, %221) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %428:2 = "vector.to_elements"(%375) : (vector<2xf16>) -> (f16, f16)
    %429:2 = "vector.to_elements"(%426) : (vector<2xf16>) -> (f16, f16)
    %430:2 = "vector.to_elements"(%376) : (vector<2xf16>) -> (f16, f16)
    %431:2 = "vector.to_elements"(%427) : (vector<2xf16>) -> (f16, f16)
    %432 = "vector.from_elements"(%428#0, %428#1, %429#0, %429#1, %430#0, %430#1, %431#0, %431#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %433 = "vector.load"(%46, %225, %62) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %434 = "vector.load"(%46, %225, %193) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %435 = "vector.load"(%46, %225, %195) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %436 = "vector.load"(%46, %225, %197) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %437 = "vector.load"(%46, %225, %199) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %438 = "vector.load"(%46, %225, %201) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %439 = "vector.load"(%46, %225, %203) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %440 = "vector.load"(%46, %225, %205) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %441 = "vector.load"(%46, %225, %207) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %442 = "vector.load"(%46, %225, %209) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %443 = "vector.load"(%46, %225, %211) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %444 = "vector.load"(%46, %225, %213) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %445 = "vector.load"(%46, %225, %215) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %446 = "vector.load"(%46, %225, %217) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %447 = "vector.load"(%46, %225, %219) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %448 = "vector.load"(%46, %225, %221) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %449 = "vector.load"(%46, %227, %62) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %450 = "vector.load"(%46, %227, %193) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %451:2 = "vector.to_elements"(%433) : (vector<2xf16>) -> (f16, f16)
    %452:2 = "vector.to_elements"(%449) : (vector<2xf16>) -> (f16, f16)
    %453:2 = "vector.to_elements"(%434) : (vector<2xf16>) -> (f16, f16)
    %454:2 = "vector.to_elements"(%450) : (vector<2xf16>) -> (f16, f16)
    %455 = "vector.from_elements"(%451#0, %451#1, %452#0, %452#1, %453#0, %453#1, %454#0, %454#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %456 = "vector.load"(%46, %227, %195) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %457 = "vector.load"(%46, %227, %197) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %458:2 = "vector.to_elements"(%435) : (vector<2xf16>) -> (f16, f16)
    %459:2 = "vector.to_elements"(%456) : (vector<2xf16>) -> (f16, f16)
    %460:2 = "vector.to_elements"(%436) : (vector<2xf16>) -> (f16, f16)
    %461:2 = "vector.to_elements"(%457) : (vector<2xf16>) -> (f16, f16)
    %462 = "vector.from_elements"(%458#0, %458#1, %459#0, %459#1, %460#0, %460#1, %461#0, %461#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %463 = "vector.load"(%46, %227, %199) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %464 = "vector.load"(%46, %227, %201) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %465:2 = "vector.to_elements"(%437) : (vector<2xf16>) -> (f16, f16)
    %466:2 = "vector.to_elements"(%463) : (vector<2xf16>) -> (f16, f16)
    %467:2 = "vector.to_elements"(%438) : (vector<2xf16>) -> (f16, f16)
    %468:2 = "vector.to_elements"(%464) : (vector<2xf16>) -> (f16, f16)
    %469 = "vector.from_elements"(%465#0, %465#1, %466#0, %466#1, %467#0, %467#1, %468#0, %468#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %470 = "vector.load"(%46, %227, %203) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %471 = "vector.load"(%46, %227, %205) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %472:2 = "vector.to_elements"(%439) : (vector<2xf16>) -> (f16, f16)
    %473:2 = "vector.to_elements"(%470) : (vector<2xf16>) -> (f16, f16)
    %474:2 = "vector.to_elements"(%440) : (vector<2xf16>) -> (f16, f16)
    %475:2 = "vector.to_elements"(%471) : (vector<2xf16>) -> (f16, f16)
    %476 = "vector.from_elements"(%472#0, %472#1, %473#0, %473#1, %474#0, %474#1, %475#0, %475#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %477 = "vector.load"(%46, %227, %207) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %478 = "vector.load"(%46, %227, %209) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %479:2 = "vector.to_elements"(%441) : (vector<2xf16>) -> (f16, f16)
    %480:2 = "vector.to_elements"(%477) : (vector<2xf16>) -> (f16, f16)
    %481:2 = "vector.to_elements"(%442) : (vector<2xf16>) -> (f16, f16)
    %482:2 = "vector.to_elements"(%478) : (vector<2xf16>) -> (f16, f16)
    %483 = "vector.from_elements"(%479#0, %479#1, %480#0, %480#1, %481#0, %481#1, %482#0, %482#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %484 = "vector.load"(%46, %227, %211) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %485 = "vector.load"(%46, %227, %213) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %486:2 = "vector.to_elements"(%443) : (vector<2xf16>) -> (f16, f16)
    %487:2 = "vector.to_elements"(%484) : (vector<2xf16>) -> (f16, f16)
    %488:2 = "vector.to_elements"(%444) : (vector<2xf16>) -> (f16, f16)
    %489:2 = "vector.to_elements"(%485) : (vector<2xf16>) -> (f16, f16)
    %490 = "vector.from_elements"(%486#0, %486#1, %487#0, %487#1, %488#0, %488#1, %489#0, %489#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %491 = "vector.load"(%46, %227, %215) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %492 = "vector.load"(%46, %227, %217) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %493:2 = "vector.to_elements"(%445) : (vector<2xf16>) -> (f16, f16)
    %494:2 = "vector.to_elements"(%491) : (vector<2xf16>) -> (f16, f16)
    %495:2 = "vector.to_elements"(%446) : (vector<2xf16>) -> (f16, f16)
    %496:2 = "vector.to_elements"(%492) : (vector<2xf16>) -> (f16, f16)
    %497 = "vector.from_elements"(%493#0, %493#1, %494#0, %494#1, %495#0, %495#1, %496#0, %496#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %498 = "vector.load"(%46, %227, %219) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %499 = "vector.load"(%46, %227, %221) <{nontemporal = false}> : (memref<64x132xf16, #gpu.address_space<workgroup>>, index, index) -> vector<2xf16>
    %500:2 = "vector.to_elements"(%447) : (vector<2xf16>) -> (f16, f16)
    %501:2 = "vector.to_elements"(%498) : (vector<2xf16>) -> (f16, f16)
    %502:2 = "vector.to_elements"(%448) : (vector<2xf16>) -> (f16, f16)
    %503:2 = "vector.to_elements"(%499) : (vector<2xf16>) -> (f16, f16)
    %504 = "vector.from_elements"(%500#0, %500#1, %501#0, %501#1, %502#0, %502#1, %503#0, %503#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %505 = "vector.load"(%45, %62, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %506 = "vector.load"(%45, %62, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %507 = "vector.load"(%45, %62, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %508 = "vector.load"(%45, %62, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %509 = "vector.load"(%45, %239, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %510 = "vector.load"(%45, %239, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %511 = "vector.load"(%45, %239, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %512 = "vector.load"(%45, %239, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %513 = "vector.load"(%45, %193, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %514 = "vector.load"(%45, %193, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %515 = "vector.load"(%45, %193, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %516 = "vector.load"(%45, %193, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %517 = "vector.load"(%45, %241, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %518 = "vector.load"(%45, %241, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %519 = "vector.load"(%45, %241, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %520 = "vector.load"(%45, %241, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %521 = "vector.load"(%45, %195, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %522 = "vector.load"(%45, %195, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %523 = "vector.load"(%45, %195, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %524 = "vector.load"(%45, %195, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %525 = "vector.load"(%45, %243, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %526 = "vector.load"(%45, %243, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %527 = "vector.load"(%45, %243, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %528 = "vector.load"(%45, %243, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %529 = "vector.load"(%45, %197, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %530 = "vector.load"(%45, %197, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %531 = "vector.load"(%45, %197, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %532 = "vector.load"(%45, %197, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %533 = "vector.load"(%45, %245, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %534 = "vector.load"(%45, %245, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %535 = "vector.load"(%45, %245, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %536 = "vector.load"(%45, %245, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %537 = "vector.load"(%45, %199, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %538 = "vector.load"(%45, %199, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %539 = "vector.load"(%45, %199, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %540 = "vector.load"(%45, %199, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %541 = "vector.load"(%45, %247, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %542 = "vector.load"(%45, %247, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %543 = "vector.load"(%45, %247, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %544 = "vector.load"(%45, %247, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %545 = "vector.load"(%45, %201, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %546 = "vector.load"(%45, %201, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %547 = "vector.load"(%45, %201, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %548 = "vector.load"(%45, %201, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %549 = "vector.load"(%45, %249, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %550 = "vector.load"(%45, %249, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %551 = "vector.load"(%45, %249, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %552 = "vector.load"(%45, %249, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %553 = "vector.load"(%45, %203, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %554 = "vector.load"(%45, %203, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %555 = "vector.load"(%45, %203, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %556 = "vector.load"(%45, %203, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %557 = "vector.load"(%45, %251, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %558 = "vector.load"(%45, %251, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %559 = "vector.load"(%45, %251, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %560 = "vector.load"(%45, %251, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %561 = "vector.load"(%45, %205, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %562 = "vector.load"(%45, %205, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %563 = "vector.load"(%45, %205, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %564 = "vector.load"(%45, %205, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %565 = "vector.load"(%45, %253, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %566 = "vector.load"(%45, %253, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %567 = "vector.load"(%45, %253, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %568 = "vector.load"(%45, %253, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %569 = "vector.load"(%45, %207, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %570 = "vector.load"(%45, %207, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %571 = "vector.load"(%45, %207, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %572 = "vector.load"(%45, %207, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %573 = "vector.load"(%45, %255, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %574 = "vector.load"(%45, %255, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %575 = "vector.load"(%45, %255, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %576 = "vector.load"(%45, %255, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %577 = "vector.load"(%45, %209, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %578 = "vector.load"(%45, %209, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %579 = "vector.load"(%45, %209, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %580 = "vector.load"(%45, %209, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %581 = "vector.load"(%45, %257, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %582 = "vector.load"(%45, %257, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %583 = "vector.load"(%45, %257, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %584 = "vector.load"(%45, %257, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %585 = "vector.load"(%45, %211, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %586 = "vector.load"(%45, %211, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %587 = "vector.load"(%45, %211, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %588 = "vector.load"(%45, %211, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %589 = "vector.load"(%45, %259, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %590 = "vector.load"(%45, %259, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %591 = "vector.load"(%45, %259, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %592 = "vector.load"(%45, %259, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %593 = "vector.load"(%45, %213, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %594 = "vector.load"(%45, %213, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %595 = "vector.load"(%45, %213, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %596 = "vector.load"(%45, %213, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %597 = "vector.load"(%45, %261, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %598 = "vector.load"(%45, %261, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %599 = "vector.load"(%45, %261, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %600 = "vector.load"(%45, %261, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %601 = "vector.load"(%45, %215, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %602 = "vector.load"(%45, %215, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %603 = "vector.load"(%45, %215, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %604 = "vector.load"(%45, %215, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %605 = "vector.load"(%45, %263, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %606 = "vector.load"(%45, %263, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %607 = "vector.load"(%45, %263, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %608 = "vector.load"(%45, %263, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %609 = "vector.load"(%45, %217, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %610 = "vector.load"(%45, %217, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %611 = "vector.load"(%45, %217, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %612 = "vector.load"(%45, %217, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %613 = "vector.load"(%45, %265, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %614 = "vector.load"(%45, %265, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %615 = "vector.load"(%45, %265, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %616 = "vector.load"(%45, %265, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %617 = "vector.load"(%45, %219, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %618 = "vector.load"(%45, %219, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %619 = "vector.load"(%45, %219, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %620 = "vector.load"(%45, %219, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %621 = "vector.load"(%45, %267, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %622 = "vector.load"(%45, %267, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %623 = "vector.load"(%45, %267, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %624 = "vector.load"(%45, %267, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %625 = "vector.load"(%45, %221, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %626 = "vector.load"(%45, %221, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %627 = "vector.load"(%45, %221, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %628 = "vector.load"(%45, %221, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %629 = "vector.load"(%45, %269, %231) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %630 = "vector.load"(%45, %269, %233) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %631 = "vector.load"(%45, %269, %235) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
    %632 = "vector.load"(%45, %269, %237) <{nontemporal = false}> : (memref<128x68xf16, #gpu.address_space<workgroup>>, index, index) -> vector<1xf16>
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
    %759 = "vector.to_elements"(%631) : (vector<1xf16>) -> f16
    %760 = "vector.to_elements"(%632) : (vector<1xf16>) -> f16
    %761 = "vector.from_elements"(%633, %637, %641, %645) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %762 = "vector.from_elements"(%634, %638, %642, %646) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %763 = "vector.from_elements"(%635, %639, %643, %647) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %764 = "vector.from_elements"(%636, %640, %644, %648) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %765 = "vector.from_elements"(%649, %653, %657, %661) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %766 = "vector.from_elements"(%650, %654, %658, %662) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %767 = "vector.from_elements"(%651, %655, %659, %663) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %768 = "vector.from_elements"(%652, %656, %660, %664) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %769 = "vector.from_elements"(%665, %669, %673, %677) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %770 = "vector.from_elements"(%666, %670, %674, %678) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %771 = "vector.from_elements"(%667, %671, %675, %679) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %772 = "vector.from_elements"(%668, %672, %676, %680) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %773 = "vector.from_elements"(%681, %685, %689, %693) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %774 = "vector.from_elements"(%682, %686, %690, %694) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %775 = "vector.from_elements"(%683, %687, %691, %695) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %776 = "vector.from_elements"(%684, %688, %692, %696) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %777 = "vector.from_elements"(%697, %701, %705, %709) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %778 = "vector.from_elements"(%698, %702, %706, %710) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %779 = "vector.from_elements"(%699, %703, %707, %711) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %780 = "vector.from_elements"(%700, %704, %708, %712) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %781 = "vector.from_elements"(%713, %717, %721, %725) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %782 = "vector.from_elements"(%714, %718, %722, %726) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %783 = "vector.from_elements"(%715, %719, %723, %727) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %784 = "vector.from_elements"(%716, %720, %724, %728) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %785 = "vector.from_elements"(%729, %733, %737, %741) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %786 = "vector.from_elements"(%730, %734, %738, %742) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %787 = "vector.from_elements"(%731, %735, %739, %743) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %788 = "vector.from_elements"(%732, %736, %740, %744) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %789 = "vector.from_elements"(%745, %749, %753, %757) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %790 = "vector.from_elements"(%746, %750, %754, %758) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %791 = "vector.from_elements"(%747, %751, %755, %759) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %792 = "vector.from_elements"(%748, %752, %756, %760) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %793 = "nvgpu.mma.sync"(%383, %761, %290) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %794 = "nvgpu.mma.sync"(%383, %762, %293) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %795 = "nvgpu.mma.sync"(%383, %763, %296) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %796 = "nvgpu.mma.sync"(%383, %764, %299) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %797 = "nvgpu.mma.sync"(%455, %761, %302) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %798 = "nvgpu.mma.sync"(%455, %762, %305) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %799 = "nvgpu.mma.sync"(%455, %763, %308) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %800 = "nvgpu.mma.sync"(%455, %764, %311) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %801 = "nvgpu.mma.sync"(%390, %765, %793) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %802 = "nvgpu.mma.sync"(%390, %766, %794) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %803 = "nvgpu.mma.sync"(%390, %767, %795) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %804 = "nvgpu.mma.sync"(%390, %768, %796) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %805 = "nvgpu.mma.sync"(%462, %765, %797) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %806 = "nvgpu.mma.sync"(%462, %766, %798) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %807 = "nvgpu.mma.sync"(%462, %767, %799) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %808 = "nvgpu.mma.sync"(%462, %768, %800) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %809 = "nvgpu.mma.sync"(%397, %769, %801) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %810 = "nvgpu.mma.sync"(%397, %770, %802) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %811 = "nvgpu.mma.sync"(%397, %771, %803) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %812 = "nvgpu.mma.sync"(%397, %772, %804) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %813 = "nvgpu.mma.sync"(%469, %769, %805) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %814 = "nvgpu.mma.sync"(%469, %770, %806) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %815 = "nvgpu.mma.sync"(%469, %771, %807) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %816 = "nvgpu.mma.sync"(%469, %772, %808) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %817 = "nvgpu.mma.sync"(%404, %773, %809) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %818 = "nvgpu.mma.sync"(%404, %774, %810) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %819 = "nvgpu.mma.sync"(%404, %775, %811) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %820 = "nvgpu.mma.sync"(%404, %776, %812) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %821 = "nvgpu.mma.sync"(%476, %773, %813) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %822 = "nvgpu.mma.sync"(%476, %774, %814) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %823 = "nvgpu.mma.sync"(%476, %775, %815) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %824 = "nvgpu.mma.sync"(%476, %776, %816) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %825 = "nvgpu.mma.sync"(%411, %777, %817) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %826 = "nvgpu.mma.sync"(%411, %778, %818) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %827 = "nvgpu.mma.sync"(%411, %779, %819) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %828 = "nvgpu.mma.sync"(%411, %780, %820) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %829 = "nvgpu.mma.sync"(%483, %777, %821) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %830 = "nvgpu.mma.sync"(%483, %778, %822) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %831 = "nvgpu.mma.sync"(%483, %779, %823) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %832 = "nvgpu.mma.sync"(%483, %780, %824) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %833 = "nvgpu.mma.sync"(%418, %781, %825) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %834 = "nvgpu.mma.sync"(%418, %782, %826) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %835 = "nvgpu.mma.sync"(%418, %783, %827) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %836 = "nvgpu.mma.sync"(%418, %784, %828) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %837 = "nvgpu.mma.sync"(%490, %781, %829) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %838 = "nvgpu.mma.sync"(%490, %782, %830) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %839 = "nvgpu.mma.sync"(%490, %783, %831) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %840 = "nvgpu.mma.sync"(%490, %784, %832) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %841 = "nvgpu.mma.sync"(%425, %785, %833) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %842 = "nvgpu.mma.sync"(%425, %786, %834) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %843 = "nvgpu.mma.sync"(%425, %787, %835) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %844 = "nvgpu.mma.sync"(%425, %788, %836) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %845 = "nvgpu.mma.sync"(%497, %785, %837) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %846 = "nvgpu.mma.sync"(%497, %786, %838) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %847 = "nvgpu.mma.sync"(%497, %787, %839) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %848 = "nvgpu.mma.sync"(%497, %788, %840) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %849 = "nvgpu.mma.sync"(%432, %789, %841) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %850 = "vector.extract"(%849) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %851 = "vector.extract"(%849) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %852 = "nvgpu.mma.sync"(%432, %790, %842) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %853 = "vector.extract"(%852) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %854 = "vector.extract"(%852) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %855 = "nvgpu.mma.sync"(%432, %791, %843) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %856 = "vector.extract"(%855) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %857 = "vector.extract"(%855) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %858 = "nvgpu.mma.sync"(%432, %792, %844) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %859 = "vector.extract"(%858) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %860 = "vector.extract"(%858) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %861 = "nvgpu.mma.sync"(%504, %789, %845) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %862 = "vector.extract"(%861) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %863 = "vector.extract"(%861) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %864 = "nvgpu.mma.sync"(%504, %790, %846) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %865 = "vector.extract"(%864) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %866 = "vector.extract"(%864) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %867 = "nvgpu.mma.sync"(%504, %791, %847) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %868 = "vector.extract"(%867) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %869 = "vector.extract"(%867) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %870 = "nvgpu.mma.sync"(%504, %792, %848) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %871 = "vector.extract"(%870) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %872 = "vector.extract"(%870) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %873 = "arith.addi"(%270, %31) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%873, %871, %872, %868, %869, %865, %866, %862, %863, %859, %860, %856, %857, %853, %854, %850, %851)[^bb1] : (i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) -> ()
  ^bb3:  // pred: ^bb1
    %874 = "arith.muli"(%152, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %875 = "arith.addi"(%188, %874) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %876 = "arith.muli"(%153, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %877 = "arith.addi"(%228, %876) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %878 = "arith.muli"(%875, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %879 = "arith.addi"(%878, %59) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %880 = "arith.index_castui"(%879) : (i32) -> index
    %881 = "arith.muli"(%877, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %882 = "arith.addi"(%881, %61) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %883 = "arith.index_castui"(%882) : (i32) -> index
    "vector.store"(%285, %53, %880, %883) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %884 = "arith.addi"(%882, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %885 = "arith.index_castui"(%884) : (i32) -> index
    "vector.store"(%283, %53, %880, %885) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %886 = "arith.addi"(%882, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %887 = "arith.index_castui"(%886) : (i32) -> index
    "vector.store"(%281, %53, %880, %887) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %888 = "arith.addi"(%882, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %889 = "arith.index_castui"(%888) : (i32) -> index
    "vector.store"(%279, %53, %880, %889) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %890 = "arith.addi"(%879, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %891 = "arith.index_castui"(%890) : (i32) -> index
    "vector.store"(%286, %53, %891, %883) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%284, %53, %891, %885) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%282, %53, %891, %887) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%280, %53, %891, %889) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %892 = "arith.addi"(%879, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %893 = "arith.index_castui"(%892) : (i32) -> index
    "vector.store"(%277, %53, %893, %883) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%275, %53, %893, %885) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%273, %53, %893, %887) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%271, %53, %893, %889) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    %894 = "arith.addi"(%879, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %895 = "arith.index_castui"(%894) : (i32) -> index
    "vector.store"(%278, %53, %895, %883) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%276, %53, %895, %885) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%274, %53, %895, %887) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "vector.store"(%272, %53, %895, %889) <{nontemporal = false}> : (vector<2xf32>, memref<256x256xf32, #gpu.address_space<global>>, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    "memref.dealloc"(%46) : (memref<64x132xf16, #gpu.address_space<workgroup>>) -> ()
    "memref.dealloc"(%45) : (memref<128x68xf16, #gpu.address_space<workgroup>>) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 128, 1, 1>} : () -> ()
  "iree_codegen.dispatch_config"() <{function_ref = @matmul_dispatch_0_matmul_256x256x256_f16xf16xf32, subgroup_size = 32 : i64, workgroup_size = array<i64: 128, 1, 1>}> ({
  ^bb0(%arg0: !hal.device):
    %0 = "arith.constant"() <{value = 16 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "iree_codegen.yield"(%0, %1, %1) : (index, index, index) -> ()
  }) : () -> ()
}) : () -> ()

