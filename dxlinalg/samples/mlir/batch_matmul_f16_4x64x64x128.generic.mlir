// batch_matmul_f16_4x64x64x128: C[b, 64x64 f32] = A[b, 64x128 f16] x B[b, 128x64 f16] for b < 4, f32 accumulation.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/batch_matmul_f16_4x64x64x128.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "batch_matmul_f16_4x64x64x128_dispatch_0_batch_matmul_4x64x64x128_f16xf16xf32"}> ({
    %0 = "arith.constant"() <{value = 121 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 113 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 105 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 97 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 89 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 81 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 73 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 65 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 57 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 49 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 41 : i32}> : () -> i32
    %11 = "arith.constant"() <{value = 33 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 25 : i32}> : () -> i32
    %13 = "arith.constant"() <{value = 17 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %16 = "arith.constant"() <{value = 120 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 112 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 104 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 96 : i32}> : () -> i32
    %20 = "arith.constant"() <{value = 88 : i32}> : () -> i32
    %21 = "arith.constant"() <{value = 80 : i32}> : () -> i32
    %22 = "arith.constant"() <{value = 72 : i32}> : () -> i32
    %23 = "arith.constant"() <{value = 56 : i32}> : () -> i32
    %24 = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %25 = "arith.constant"() <{value = 40 : i32}> : () -> i32
    %26 = "arith.constant"() <{value = 24 : i32}> : () -> i32
    %27 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %28 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %29 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %30 = "arith.constant"() <{value = 896 : i32}> : () -> i32
    %31 = "arith.constant"() <{value = 768 : i32}> : () -> i32
    %32 = "arith.constant"() <{value = 640 : i32}> : () -> i32
    %33 = "arith.constant"() <{value = 512 : i32}> : () -> i32
    %34 = "arith.constant"() <{value = 384 : i32}> : () -> i32
    %35 = "arith.constant"() <{value = 256 : i32}> : () -> i32
    %36 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %37 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %38 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %39 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %40 = "arith.constant"() <{value = 0 : index}> : () -> index
    %41 = "arith.constant"() <{value = dense<0.000000e+00> : vector<2xf32>}> : () -> vector<2xf32>
    %42:2 = "vector.to_elements"(%41) : (vector<2xf32>) -> (f32, f32)
    %43 = "vector.from_elements"(%42#0, %42#1, %42#0, %42#1) : (f32, f32, f32, f32) -> vector<2x2xf32>
    %44 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1x128x36xf16, #gpu.address_space<workgroup>>
    %45 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1x64x132xf16, #gpu.address_space<workgroup>>
    %46 = "gpu.thread_id"() <{dimension = #gpu.dim<x>, upper_bound = 128 : index}> : () -> index
    %47 = "hal.interface.binding.subspan"(%40) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x64x128xf16, #gpu.address_space<global>>
    %48 = "memref.assume_alignment"(%47) <{alignment = 64 : i32}> : (memref<4x64x128xf16, #gpu.address_space<global>>) -> memref<4x64x128xf16, #gpu.address_space<global>>
    %49 = "hal.interface.binding.subspan"(%40) <{alignment = 64 : index, binding = 1 : index, descriptor_flags = 3 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x128x64xf16, #gpu.address_space<global>>
    %50 = "memref.assume_alignment"(%49) <{alignment = 64 : i32}> : (memref<4x128x64xf16, #gpu.address_space<global>>) -> memref<4x128x64xf16, #gpu.address_space<global>>
    %51 = "hal.interface.binding.subspan"(%40) <{alignment = 64 : index, binding = 2 : index, descriptor_flags = 2 : i32, layout = #pipeline_layout, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x64x64xf32, #gpu.address_space<global>>
    %52 = "memref.assume_alignment"(%51) <{alignment = 64 : i32}> : (memref<4x64x64xf32, #gpu.address_space<global>>) -> memref<4x64x64xf32, #gpu.address_space<global>>
    %53 = "arith.index_castui"(%46) : (index) -> i32
    %54 = "arith.divui"(%53, %39) : (i32, i32) -> i32
    %55 = "arith.remui"(%53, %39) : (i32, i32) -> i32
    %56 = "arith.divui"(%55, %38) : (i32, i32) -> i32
    %57 = "arith.remui"(%53, %38) : (i32, i32) -> i32
    %58 = "arith.divui"(%53, %37) : (i32, i32) -> i32
    %59 = "arith.index_castui"(%58) : (i32) -> index
    %60 = "arith.remui"(%53, %37) : (i32, i32) -> i32
    %61 = "arith.muli"(%60, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %62 = "arith.index_castui"(%61) : (i32) -> index
    %63 = "arith.addi"(%53, %36) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %64 = "arith.divui"(%63, %37) : (i32, i32) -> i32
    %65 = "arith.index_castui"(%64) : (i32) -> index
    %66 = "arith.remui"(%63, %37) : (i32, i32) -> i32
    %67 = "arith.muli"(%66, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %68 = "arith.index_castui"(%67) : (i32) -> index
    %69 = "arith.addi"(%53, %35) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %70 = "arith.divui"(%69, %37) : (i32, i32) -> i32
    %71 = "arith.index_castui"(%70) : (i32) -> index
    %72 = "arith.remui"(%69, %37) : (i32, i32) -> i32
    %73 = "arith.muli"(%72, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %74 = "arith.index_castui"(%73) : (i32) -> index
    %75 = "arith.addi"(%53, %34) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %76 = "arith.divui"(%75, %37) : (i32, i32) -> i32
    %77 = "arith.index_castui"(%76) : (i32) -> index
    %78 = "arith.remui"(%75, %37) : (i32, i32) -> i32
    %79 = "arith.muli"(%78, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %80 = "arith.index_castui"(%79) : (i32) -> index
    %81 = "arith.addi"(%53, %33) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %82 = "arith.divui"(%81, %37) : (i32, i32) -> i32
    %83 = "arith.index_castui"(%82) : (i32) -> index
    %84 = "arith.remui"(%81, %37) : (i32, i32) -> i32
    %85 = "arith.muli"(%84, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %86 = "arith.index_castui"(%85) : (i32) -> index
    %87 = "arith.addi"(%53, %32) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %88 = "arith.divui"(%87, %37) : (i32, i32) -> i32
    %89 = "arith.index_castui"(%88) : (i32) -> index
    %90 = "arith.remui"(%87, %37) : (i32, i32) -> i32
    %91 = "arith.muli"(%90, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %92 = "arith.index_castui"(%91) : (i32) -> index
    %93 = "arith.addi"(%53, %31) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %94 = "arith.divui"(%93, %37) : (i32, i32) -> i32
    %95 = "arith.index_castui"(%94) : (i32) -> index
    %96 = "arith.remui"(%93, %37) : (i32, i32) -> i32
    %97 = "arith.muli"(%96, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %98 = "arith.index_castui"(%97) : (i32) -> index
    %99 = "arith.addi"(%53, %30) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %100 = "arith.divui"(%99, %37) : (i32, i32) -> i32
    %101 = "arith.index_castui"(%100) : (i32) -> index
    %102 = "arith.remui"(%99, %37) : (i32, i32) -> i32
    %103 = "arith.muli"(%102, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %104 = "arith.index_castui"(%103) : (i32) -> index
    %105 = "arith.divui"(%53, %29) : (i32, i32) -> i32
    %106 = "arith.index_castui"(%105) : (i32) -> index
    %107 = "arith.remui"(%53, %29) : (i32, i32) -> i32
    %108 = "arith.muli"(%107, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %109 = "arith.index_castui"(%108) : (i32) -> index
    %110 = "arith.divui"(%63, %29) : (i32, i32) -> i32
    %111 = "arith.index_castui"(%110) : (i32) -> index
    %112 = "arith.remui"(%63, %29) : (i32, i32) -> i32
    %113 = "arith.muli"(%112, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %114 = "arith.index_castui"(%113) : (i32) -> index
    %115 = "arith.divui"(%69, %29) : (i32, i32) -> i32
    %116 = "arith.index_castui"(%115) : (i32) -> index
    %117 = "arith.remui"(%69, %29) : (i32, i32) -> i32
    %118 = "arith.muli"(%117, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %119 = "arith.index_castui"(%118) : (i32) -> index
    %120 = "arith.divui"(%75, %29) : (i32, i32) -> i32
    %121 = "arith.index_castui"(%120) : (i32) -> index
    %122 = "arith.remui"(%75, %29) : (i32, i32) -> i32
    %123 = "arith.muli"(%122, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %124 = "arith.index_castui"(%123) : (i32) -> index
    %125 = "arith.divui"(%57, %29) : (i32, i32) -> i32
    %126 = "arith.remui"(%57, %29) : (i32, i32) -> i32
    %127 = "arith.muli"(%126, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %128 = "arith.index_castui"(%127) : (i32) -> index
    %129 = "hal.interface.workgroup.id"() <{dimension = 0 : index, upper_bound = 8 : index}> : () -> index
    %130 = "arith.index_castui"(%129) : (index) -> i32
    %131 = "arith.divui"(%130, %28) : (i32, i32) -> i32
    %132 = "arith.index_castui"(%131) : (i32) -> index
    %133 = "arith.remui"(%130, %28) : (i32, i32) -> i32
    %134 = "vector.load"(%48, %132, %59, %62) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%134, %45, %40, %59, %62) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %135 = "vector.load"(%48, %132, %65, %68) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%135, %45, %40, %65, %68) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %136 = "vector.load"(%48, %132, %71, %74) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%136, %45, %40, %71, %74) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %137 = "vector.load"(%48, %132, %77, %80) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%137, %45, %40, %77, %80) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %138 = "vector.load"(%48, %132, %83, %86) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%138, %45, %40, %83, %86) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %139 = "vector.load"(%48, %132, %89, %92) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%139, %45, %40, %89, %92) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %140 = "vector.load"(%48, %132, %95, %98) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%140, %45, %40, %95, %98) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %141 = "vector.load"(%48, %132, %101, %104) : (memref<4x64x128xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%141, %45, %40, %101, %104) : (vector<8xf16>, memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %142 = "arith.muli"(%133, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %143 = "arith.addi"(%108, %142) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %144 = "arith.index_castui"(%143) : (i32) -> index
    %145 = "vector.load"(%50, %132, %106, %144) : (memref<4x128x64xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%145, %44, %40, %106, %109) : (vector<8xf16>, memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %146 = "arith.addi"(%113, %142) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %147 = "arith.index_castui"(%146) : (i32) -> index
    %148 = "vector.load"(%50, %132, %111, %147) : (memref<4x128x64xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%148, %44, %40, %111, %114) : (vector<8xf16>, memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %149 = "arith.addi"(%118, %142) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %150 = "arith.index_castui"(%149) : (i32) -> index
    %151 = "vector.load"(%50, %132, %116, %150) : (memref<4x128x64xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%151, %44, %40, %116, %119) : (vector<8xf16>, memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    %152 = "arith.addi"(%123, %142) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %153 = "arith.index_castui"(%152) : (i32) -> index
    %154 = "vector.load"(%50, %132, %121, %153) : (memref<4x128x64xf16, #gpu.address_space<global>>, index, index, index) -> vector<8xf16>
    "vector.store"(%154, %44, %40, %121, %124) : (vector<8xf16>, memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %155 = "arith.muli"(%54, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %156 = "arith.addi"(%155, %125) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %157 = "arith.index_castui"(%156) : (i32) -> index
    %158 = "vector.load"(%45, %40, %157, %128) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %159 = "arith.addi"(%127, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %160 = "arith.index_castui"(%159) : (i32) -> index
    %161 = "vector.load"(%45, %40, %157, %160) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %162 = "arith.addi"(%127, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %163 = "arith.index_castui"(%162) : (i32) -> index
    %164 = "vector.load"(%45, %40, %157, %163) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %165 = "arith.addi"(%127, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %166 = "arith.index_castui"(%165) : (i32) -> index
    %167 = "vector.load"(%45, %40, %157, %166) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %168 = "arith.addi"(%127, %38) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %169 = "arith.index_castui"(%168) : (i32) -> index
    %170 = "vector.load"(%45, %40, %157, %169) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %171 = "arith.addi"(%127, %25) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %172 = "arith.index_castui"(%171) : (i32) -> index
    %173 = "vector.load"(%45, %40, %157, %172) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %174 = "arith.addi"(%127, %24) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %175 = "arith.index_castui"(%174) : (i32) -> index
    %176 = "vector.load"(%45, %40, %157, %175) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %177 = "arith.addi"(%127, %23) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %178 = "arith.index_castui"(%177) : (i32) -> index
    %179 = "vector.load"(%45, %40, %157, %178) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %180 = "arith.addi"(%127, %39) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %181 = "arith.index_castui"(%180) : (i32) -> index
    %182 = "vector.load"(%45, %40, %157, %181) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %183 = "arith.addi"(%127, %22) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %184 = "arith.index_castui"(%183) : (i32) -> index
    %185 = "vector.load"(%45, %40, %157, %184) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %186 = "arith.addi"(%127, %21) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %187 = "arith.index_castui"(%186) : (i32) -> index
    %188 = "vector.load"(%45, %40, %157, %187) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %189 = "arith.addi"(%127, %20) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %190 = "arith.index_castui"(%189) : (i32) -> index
    %191 = "vector.load"(%45, %40, %157, %190) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %192 = "arith.addi"(%127, %19) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %193 = "arith.index_castui"(%192) : (i32) -> index
    %194 = "vector.load"(%45, %40, %157, %193) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %195 = "arith.addi"(%127, %18) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %196 = "arith.index_castui"(%195) : (i32) -> index
    %197 = "vector.load"(%45, %40, %157, %196) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %198 = "arith.addi"(%127, %17) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %199 = "arith.index_castui"(%198) : (i32) -> index
    %200 = "vector.load"(%45, %40, %157, %199) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %201 = "arith.addi"(%127, %16) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %202 = "arith.index_castui"(%201) : (i32) -> index
    %203 = "vector.load"(%45, %40, %157, %202) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %204 = "arith.addi"(%156, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %205 = "arith.index_castui"(%204) : (i32) -> index
    %206 = "vector.load"(%45, %40, %205, %128) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %207 = "vector.load"(%45, %40, %205, %160) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %208:2 = "vector.to_elements"(%158) : (vector<2xf16>) -> (f16, f16)
    %209:2 = "vector.to_elements"(%206) : (vector<2xf16>) -> (f16, f16)
    %210:2 = "vector.to_elements"(%161) : (vector<2xf16>) -> (f16, f16)
    %211:2 = "vector.to_elements"(%207) : (vector<2xf16>) -> (f16, f16)
    %212 = "vector.from_elements"(%208#0, %208#1, %209#0, %209#1, %210#0, %210#1, %211#0, %211#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %213 = "vector.load"(%45, %40, %205, %163) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %214 = "vector.load"(%45, %40, %205, %166) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %215:2 = "vector.to_elements"(%164) : (vector<2xf16>) -> (f16, f16)
    %216:2 = "vector.to_elements"(%213) : (vector<2xf16>) -> (f16, f16)
    %217:2 = "vector.to_elements"(%167) : (vector<2xf16>) -> (f16, f16)
    %218:2 = "vector.to_elements"(%214) : (vector<2xf16>) -> (f16, f16)
    %219 = "vector.from_elements"(%215#0, %215#1, %216#0, %216#1, %217#0, %217#1, %218#0, %218#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %220 = "vector.load"(%45, %40, %205, %169) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %221 = "vector.load"(%45, %40, %205, %172) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %222:2 = "vector.to_elements"(%170) : (vector<2xf16>) -> (f16, f16)
    %223:2 = "vector.to_elements"(%220) : (vector<2xf16>) -> (f16, f16)
    %224:2 = "vector.to_elements"(%173) : (vector<2xf16>) -> (f16, f16)
    %225:2 = "vector.to_elements"(%221) : (vector<2xf16>) -> (f16, f16)
    %226 = "vector.from_elements"(%222#0, %222#1, %223#0, %223#1, %224#0, %224#1, %225#0, %225#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %227 = "vector.load"(%45, %40, %205, %175) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %228 = "vector.load"(%45, %40, %205, %178) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %229:2 = "vector.to_elements"(%176) : (vector<2xf16>) -> (f16, f16)
    %230:2 = "vector.to_elements"(%227) : (vector<2xf16>) -> (f16, f16)
    %231:2 = "vector.to_elements"(%179) : (vector<2xf16>) -> (f16, f16)
    %232:2 = "vector.to_elements"(%228) : (vector<2xf16>) -> (f16, f16)
    %233 = "vector.from_elements"(%229#0, %229#1, %230#0, %230#1, %231#0, %231#1, %232#0, %232#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %234 = "vector.load"(%45, %40, %205, %181) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %235 = "vector.load"(%45, %40, %205, %184) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %236:2 = "vector.to_elements"(%182) : (vector<2xf16>) -> (f16, f16)
    %237:2 = "vector.to_elements"(%234) : (vector<2xf16>) -> (f16, f16)
    %238:2 = "vector.to_elements"(%185) : (vector<2xf16>) -> (f16, f16)
    %239:2 = "vector.to_elements"(%235) : (vector<2xf16>) -> (f16, f16)
    %240 = "vector.from_elements"(%236#0, %236#1, %237#0, %237#1, %238#0, %238#1, %239#0, %239#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %241 = "vector.load"(%45, %40, %205, %187) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %242 = "vector.load"(%45, %40, %205, %190) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %243:2 = "vector.to_elements"(%188) : (vector<2xf16>) -> (f16, f16)
    %244:2 = "vector.to_elements"(%241) : (vector<2xf16>) -> (f16, f16)
    %245:2 = "vector.to_elements"(%191) : (vector<2xf16>) -> (f16, f16)
    %246:2 = "vector.to_elements"(%242) : (vector<2xf16>) -> (f16, f16)
    %247 = "vector.from_elements"(%243#0, %243#1, %244#0, %244#1, %245#0, %245#1, %246#0, %246#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %248 = "vector.load"(%45, %40, %205, %193) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %249 = "vector.load"(%45, %40, %205, %196) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %250:2 = "vector.to_elements"(%194) : (vector<2xf16>) -> (f16, f16)
    %251:2 = "vector.to_elements"(%248) : (vector<2xf16>) -> (f16, f16)
    %252:2 = "vector.to_elements"(%197) : (vector<2xf16>) -> (f16, f16)
    %253:2 = "vector.to_elements"(%249) : (vector<2xf16>) -> (f16, f16)
    %254 = "vector.from_elements"(%250#0, %250#1, %251#0, %251#1, %252#0, %252#1, %253#0, %253#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %255 = "vector.load"(%45, %40, %205, %199) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %256 = "vector.load"(%45, %40, %205, %202) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %257:2 = "vector.to_elements"(%200) : (vector<2xf16>) -> (f16, f16)
    %258:2 = "vector.to_elements"(%255) : (vector<2xf16>) -> (f16, f16)
    %259:2 = "vector.to_elements"(%203) : (vector<2xf16>) -> (f16, f16)
    %260:2 = "vector.to_elements"(%256) : (vector<2xf16>) -> (f16, f16)
    %261 = "vector.from_elements"(%257#0, %257#1, %258#0, %258#1, %259#0, %259#1, %260#0, %260#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %262 = "arith.addi"(%156, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %263 = "arith.index_castui"(%262) : (i32) -> index
    %264 = "vector.load"(%45, %40, %263, %128) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %265 = "vector.load"(%45, %40, %263, %160) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %266 = "vector.load"(%45, %40, %263, %163) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %267 = "vector.load"(%45, %40, %263, %166) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %268 = "vector.load"(%45, %40, %263, %169) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %269 = "vector.load"(%45, %40, %263, %172) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %270 = "vector.load"(%45, %40, %263, %175) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %271 = "vector.load"(%45, %40, %263, %178) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %272 = "vector.load"(%45, %40, %263, %181) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %273 = "vector.load"(%45, %40, %263, %184) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %274 = "vector.load"(%45, %40, %263, %187) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %275 = "vector.load"(%45, %40, %263, %190) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %276 = "vector.load"(%45, %40, %263, %193) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %277 = "vector.load"(%45, %40, %263, %196) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %278 = "vector.load"(%45, %40, %263, %199) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %279 = "vector.load"(%45, %40, %263, %202) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %280 = "arith.addi"(%156, %26) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %281 = "arith.index_castui"(%280) : (i32) -> index
    %282 = "vector.load"(%45, %40, %281, %128) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %283 = "vector.load"(%45, %40, %281, %160) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %284:2 = "vector.to_elements"(%264) : (vector<2xf16>) -> (f16, f16)
    %285:2 = "vector.to_elements"(%282) : (vector<2xf16>) -> (f16, f16)
    %286:2 = "vector.to_elements"(%265) : (vector<2xf16>) -> (f16, f16)
    %287:2 = "vector.to_elements"(%283) : (vector<2xf16>) -> (f16, f16)
    %288 = "vector.from_elements"(%284#0, %284#1, %285#0, %285#1, %286#0, %286#1, %287#0, %287#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %289 = "vector.load"(%45, %40, %281, %163) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %290 = "vector.load"(%45, %40, %281, %166) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %291:2 = "vector.to_elements"(%266) : (vector<2xf16>) -> (f16, f16)
    %292:2 = "vector.to_elements"(%289) : (vector<2xf16>) -> (f16, f16)
    %293:2 = "vector.to_elements"(%267) : (vector<2xf16>) -> (f16, f16)
    %294:2 = "vector.to_elements"(%290) : (vector<2xf16>) -> (f16, f16)
    %295 = "vector.from_elements"(%291#0, %291#1, %292#0, %292#1, %293#0, %293#1, %294#0, %294#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %296 = "vector.load"(%45, %40, %281, %169) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %297 = "vector.load"(%45, %40, %281, %172) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %298:2 = "vector.to_elements"(%268) : (vector<2xf16>) -> (f16, f16)
    %299:2 = "vector.to_elements"(%296) : (vector<2xf16>) -> (f16, f16)
    %300:2 = "vector.to_elements"(%269) : (vector<2xf16>) -> (f16, f16)
    %301:2 = "vector.to_elements"(%297) : (vector<2xf16>) -> (f16, f16)
    %302 = "vector.from_elements"(%298#0, %298#1, %299#0, %299#1, %300#0, %300#1, %301#0, %301#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %303 = "vector.load"(%45, %40, %281, %175) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %304 = "vector.load"(%45, %40, %281, %178) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %305:2 = "vector.to_elements"(%270) : (vector<2xf16>) -> (f16, f16)
    %306:2 = "vector.to_elements"(%303) : (vector<2xf16>) -> (f16, f16)
    %307:2 = "vector.to_elements"(%271) : (vector<2xf16>) -> (f16, f16)
    %308:2 = "vector.to_elements"(%304) : (vector<2xf16>) -> (f16, f16)
    %309 = "vector.from_elements"(%305#0, %305#1, %306#0, %306#1, %307#0, %307#1, %308#0, %308#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %310 = "vector.load"(%45, %40, %281, %181) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %311 = "vector.load"(%45, %40, %281, %184) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %312:2 = "vector.to_elements"(%272) : (vector<2xf16>) -> (f16, f16)
    %313:2 = "vector.to_elements"(%310) : (vector<2xf16>) -> (f16, f16)
    %314:2 = "vector.to_elements"(%273) : (vector<2xf16>) -> (f16, f16)
    %315:2 = "vector.to_elements"(%311) : (vector<2xf16>) -> (f16, f16)
    %316 = "vector.from_elements"(%312#0, %312#1, %313#0, %313#1, %314#0, %314#1, %315#0, %315#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %317 = "vector.load"(%45, %40, %281, %187) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %318 = "vector.load"(%45, %40, %281, %190) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %319:2 = "vector.to_elements"(%274) : (vector<2xf16>) -> (f16, f16)
    %320:2 = "vector.to_elements"(%317) : (vector<2xf16>) -> (f16, f16)
    %321:2 = "vector.to_elements"(%275) : (vector<2xf16>) -> (f16, f16)
    %322:2 = "vector.to_elements"(%318) : (vector<2xf16>) -> (f16, f16)
    %323 = "vector.from_elements"(%319#0, %319#1, %320#0, %320#1, %321#0, %321#1, %322#0, %322#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %324 = "vector.load"(%45, %40, %281, %193) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %325 = "vector.load"(%45, %40, %281, %196) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %326:2 = "vector.to_elements"(%276) : (vector<2xf16>) -> (f16, f16)
    %327:2 = "vector.to_elements"(%324) : (vector<2xf16>) -> (f16, f16)
    %328:2 = "vector.to_elements"(%277) : (vector<2xf16>) -> (f16, f16)
    %329:2 = "vector.to_elements"(%325) : (vector<2xf16>) -> (f16, f16)
    %330 = "vector.from_elements"(%326#0, %326#1, %327#0, %327#1, %328#0, %328#1, %329#0, %329#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %331 = "vector.load"(%45, %40, %281, %199) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %332 = "vector.load"(%45, %40, %281, %202) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<2xf16>
    %333:2 = "vector.to_elements"(%278) : (vector<2xf16>) -> (f16, f16)
    %334:2 = "vector.to_elements"(%331) : (vector<2xf16>) -> (f16, f16)
    %335:2 = "vector.to_elements"(%279) : (vector<2xf16>) -> (f16, f16)
    %336:2 = "vector.to_elements"(%332) : (vector<2xf16>) -> (f16, f16)
    %337 = "vector.from_elements"(%333#0, %333#1, %334#0, %334#1, %335#0, %335#1, %336#0, %336#1) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<4x2xf16>
    %338 = "arith.muli"(%56, %28) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %339 = "arith.muli"(%56, %37) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %340 = "arith.addi"(%339, %125) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %341 = "arith.index_castui"(%340) : (i32) -> index
    %342 = "vector.load"(%44, %40, %128, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %343 = "arith.addi"(%340, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %344 = "arith.index_castui"(%343) : (i32) -> index
    %345 = "vector.load"(%44, %40, %128, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %346 = "arith.addi"(%127, %15) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %347 = "arith.index_castui"(%346) : (i32) -> index
    %348 = "vector.load"(%44, %40, %347, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %349 = "vector.load"(%44, %40, %347, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %350 = "vector.load"(%44, %40, %160, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %351 = "vector.load"(%44, %40, %160, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %352 = "arith.addi"(%127, %14) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %353 = "arith.index_castui"(%352) : (i32) -> index
    %354 = "vector.load"(%44, %40, %353, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %355 = "vector.load"(%44, %40, %353, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %356 = "vector.load"(%44, %40, %163, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %357 = "vector.load"(%44, %40, %163, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %358 = "arith.addi"(%127, %13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %359 = "arith.index_castui"(%358) : (i32) -> index
    %360 = "vector.load"(%44, %40, %359, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %361 = "vector.load"(%44, %40, %359, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %362 = "vector.load"(%44, %40, %166, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %363 = "vector.load"(%44, %40, %166, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %364 = "arith.addi"(%127, %12) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %365 = "arith.index_castui"(%364) : (i32) -> index
    %366 = "vector.load"(%44, %40, %365, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %367 = "vector.load"(%44, %40, %365, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %368 = "vector.load"(%44, %40, %169, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %369 = "vector.load"(%44, %40, %169, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %370 = "arith.addi"(%127, %11) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %371 = "arith.index_castui"(%370) : (i32) -> index
    %372 = "vector.load"(%44, %40, %371, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %373 = "vector.load"(%44, %40, %371, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %374 = "vector.load"(%44, %40, %172, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %375 = "vector.load"(%44, %40, %172, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %376 = "arith.addi"(%127, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %377 = "arith.index_castui"(%376) : (i32) -> index
    %378 = "vector.load"(%44, %40, %377, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %379 = "vector.load"(%44, %40, %377, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %380 = "vector.load"(%44, %40, %175, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %381 = "vector.load"(%44, %40, %175, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %382 = "arith.addi"(%127, %9) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %383 = "arith.index_castui"(%382) : (i32) -> index
    %384 = "vector.load"(%44, %40, %383, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %385 = "vector.load"(%44, %40, %383, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %386 = "vector.load"(%44, %40, %178, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %387 = "vector.load"(%44, %40, %178, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %388 = "arith.addi"(%127, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %389 = "arith.index_castui"(%388) : (i32) -> index
    %390 = "vector.load"(%44, %40, %389, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %391 = "vector.load"(%44, %40, %389, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %392 = "vector.load"(%44, %40, %181, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %393 = "vector.load"(%44, %40, %181, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %394 = "arith.addi"(%127, %7) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %395 = "arith.index_castui"(%394) : (i32) -> index
    %396 = "vector.load"(%44, %40, %395, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %397 = "vector.load"(%44, %40, %395, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %398 = "vector.load"(%44, %40, %184, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %399 = "vector.load"(%44, %40, %184, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %400 = "arith.addi"(%127, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %401 = "arith.index_castui"(%400) : (i32) -> index
    %402 = "vector.load"(%44, %40, %401, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %403 = "vector.load"(%44, %40, %401, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %404 = "vector.load"(%44, %40, %187, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %405 = "vector.load"(%44, %40, %187, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %406 = "arith.addi"(%127, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %407 = "arith.index_castui"(%406) : (i32) -> index
    %408 = "vector.load"(%44, %40, %407, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %409 = "vector.load"(%44, %40, %407, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %410 = "vector.load"(%44, %40, %190, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %411 = "vector.load"(%44, %40, %190, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %412 = "arith.addi"(%127, %4) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %413 = "arith.index_castui"(%412) : (i32) -> index
    %414 = "vector.load"(%44, %40, %413, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %415 = "vector.load"(%44, %40, %413, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %416 = "vector.load"(%44, %40, %193, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %417 = "vector.load"(%44, %40, %193, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %418 = "arith.addi"(%127, %3) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %419 = "arith.index_castui"(%418) : (i32) -> index
    %420 = "vector.load"(%44, %40, %419, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %421 = "vector.load"(%44, %40, %419, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %422 = "vector.load"(%44, %40, %196, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %423 = "vector.load"(%44, %40, %196, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %424 = "arith.addi"(%127, %2) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %425 = "arith.index_castui"(%424) : (i32) -> index
    %426 = "vector.load"(%44, %40, %425, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %427 = "vector.load"(%44, %40, %425, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %428 = "vector.load"(%44, %40, %199, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %429 = "vector.load"(%44, %40, %199, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %430 = "arith.addi"(%127, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %431 = "arith.index_castui"(%430) : (i32) -> index
    %432 = "vector.load"(%44, %40, %431, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %433 = "vector.load"(%44, %40, %431, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %434 = "vector.load"(%44, %40, %202, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %435 = "vector.load"(%44, %40, %202, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %436 = "arith.addi"(%127, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %437 = "arith.index_castui"(%436) : (i32) -> index
    %438 = "vector.load"(%44, %40, %437, %341) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %439 = "vector.load"(%44, %40, %437, %344) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>, index, index, index) -> vector<1xf16>
    %440 = "vector.to_elements"(%342) : (vector<1xf16>) -> f16
    %441 = "vector.to_elements"(%345) : (vector<1xf16>) -> f16
    %442 = "vector.to_elements"(%348) : (vector<1xf16>) -> f16
    %443 = "vector.to_elements"(%349) : (vector<1xf16>) -> f16
    %444 = "vector.to_elements"(%350) : (vector<1xf16>) -> f16
    %445 = "vector.to_elements"(%351) : (vector<1xf16>) -> f16
    %446 = "vector.to_elements"(%354) : (vector<1xf16>) -> f16
    %447 = "vector.to_elements"(%355) : (vector<1xf16>) -> f16
    %448 = "vector.to_elements"(%356) : (vector<1xf16>) -> f16
    %449 = "vector.to_elements"(%357) : (vector<1xf16>) -> f16
    %450 = "vector.to_elements"(%360) : (vector<1xf16>) -> f16
    %451 = "vector.to_elements"(%361) : (vector<1xf16>) -> f16
    %452 = "vector.to_elements"(%362) : (vector<1xf16>) -> f16
    %453 = "vector.to_elements"(%363) : (vector<1xf16>) -> f16
    %454 = "vector.to_elements"(%366) : (vector<1xf16>) -> f16
    %455 = "vector.to_elements"(%367) : (vector<1xf16>) -> f16
    %456 = "vector.to_elements"(%368) : (vector<1xf16>) -> f16
    %457 = "vector.to_elements"(%369) : (vector<1xf16>) -> f16
    %458 = "vector.to_elements"(%372) : (vector<1xf16>) -> f16
    %459 = "vector.to_elements"(%373) : (vector<1xf16>) -> f16
    %460 = "vector.to_elements"(%374) : (vector<1xf16>) -> f16
    %461 = "vector.to_elements"(%375) : (vector<1xf16>) -> f16
    %462 = "vector.to_elements"(%378) : (vector<1xf16>) -> f16
    %463 = "vector.to_elements"(%379) : (vector<1xf16>) -> f16
    %464 = "vector.to_elements"(%380) : (vector<1xf16>) -> f16
    %465 = "vector.to_elements"(%381) : (vector<1xf16>) -> f16
    %466 = "vector.to_elements"(%384) : (vector<1xf16>) -> f16
    %467 = "vector.to_elements"(%385) : (vector<1xf16>) -> f16
    %468 = "vector.to_elements"(%386) : (vector<1xf16>) -> f16
    %469 = "vector.to_elements"(%387) : (vector<1xf16>) -> f16
    %470 = "vector.to_elements"(%390) : (vector<1xf16>) -> f16
    %471 = "vector.to_elements"(%391) : (vector<1xf16>) -> f16
    %472 = "vector.to_elements"(%392) : (vector<1xf16>) -> f16
    %473 = "vector.to_elements"(%393) : (vector<1xf16>) -> f16
    %474 = "vector.to_elements"(%396) : (vector<1xf16>) -> f16
    %475 = "vector.to_elements"(%397) : (vector<1xf16>) -> f16
    %476 = "vector.to_elements"(%398) : (vector<1xf16>) -> f16
    %477 = "vector.to_elements"(%399) : (vector<1xf16>) -> f16
    %478 = "vector.to_elements"(%402) : (vector<1xf16>) -> f16
    %479 = "vector.to_elements"(%403) : (vector<1xf16>) -> f16
    %480 = "vector.to_elements"(%404) : (vector<1xf16>) -> f16
    %481 = "vector.to_elements"(%405) : (vector<1xf16>) -> f16
    %482 = "vector.to_elements"(%408) : (vector<1xf16>) -> f16
    %483 = "vector.to_elements"(%409) : (vector<1xf16>) -> f16
    %484 = "vector.to_elements"(%410) : (vector<1xf16>) -> f16
    %485 = "vector.to_elements"(%411) : (vector<1xf16>) -> f16
    %486 = "vector.to_elements"(%414) : (vector<1xf16>) -> f16
    %487 = "vector.to_elements"(%415) : (vector<1xf16>) -> f16
    %488 = "vector.to_elements"(%416) : (vector<1xf16>) -> f16
    %489 = "vector.to_elements"(%417) : (vector<1xf16>) -> f16
    %490 = "vector.to_elements"(%420) : (vector<1xf16>) -> f16
    %491 = "vector.to_elements"(%421) : (vector<1xf16>) -> f16
    %492 = "vector.to_elements"(%422) : (vector<1xf16>) -> f16
    %493 = "vector.to_elements"(%423) : (vector<1xf16>) -> f16
    %494 = "vector.to_elements"(%426) : (vector<1xf16>) -> f16
    %495 = "vector.to_elements"(%427) : (vector<1xf16>) -> f16
    %496 = "vector.to_elements"(%428) : (vector<1xf16>) -> f16
    %497 = "vector.to_elements"(%429) : (vector<1xf16>) -> f16
    %498 = "vector.to_elements"(%432) : (vector<1xf16>) -> f16
    %499 = "vector.to_elements"(%433) : (vector<1xf16>) -> f16
    %500 = "vector.to_elements"(%434) : (vector<1xf16>) -> f16
    %501 = "vector.to_elements"(%435) : (vector<1xf16>) -> f16
    %502 = "vector.to_elements"(%438) : (vector<1xf16>) -> f16
    %503 = "vector.to_elements"(%439) : (vector<1xf16>) -> f16
    %504 = "vector.from_elements"(%440, %442, %444, %446) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %505 = "vector.from_elements"(%441, %443, %445, %447) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %506 = "vector.from_elements"(%448, %450, %452, %454) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %507 = "vector.from_elements"(%449, %451, %453, %455) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %508 = "vector.from_elements"(%456, %458, %460, %462) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %509 = "vector.from_elements"(%457, %459, %461, %463) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %510 = "vector.from_elements"(%464, %466, %468, %470) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %511 = "vector.from_elements"(%465, %467, %469, %471) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %512 = "vector.from_elements"(%472, %474, %476, %478) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %513 = "vector.from_elements"(%473, %475, %477, %479) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %514 = "vector.from_elements"(%480, %482, %484, %486) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %515 = "vector.from_elements"(%481, %483, %485, %487) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %516 = "vector.from_elements"(%488, %490, %492, %494) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %517 = "vector.from_elements"(%489, %491, %493, %495) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %518 = "vector.from_elements"(%496, %498, %500, %502) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %519 = "vector.from_elements"(%497, %499, %501, %503) : (f16, f16, f16, f16) -> vector<2x2xf16>
    %520 = "nvgpu.mma.sync"(%212, %504, %43) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %521 = "nvgpu.mma.sync"(%212, %505, %43) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %522 = "nvgpu.mma.sync"(%288, %504, %43) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %523 = "nvgpu.mma.sync"(%288, %505, %43) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %524 = "nvgpu.mma.sync"(%219, %506, %520) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %525 = "nvgpu.mma.sync"(%219, %507, %521) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %526 = "nvgpu.mma.sync"(%295, %506, %522) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %527 = "nvgpu.mma.sync"(%295, %507, %523) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %528 = "nvgpu.mma.sync"(%226, %508, %524) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %529 = "nvgpu.mma.sync"(%226, %509, %525) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %530 = "nvgpu.mma.sync"(%302, %508, %526) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %531 = "nvgpu.mma.sync"(%302, %509, %527) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %532 = "nvgpu.mma.sync"(%233, %510, %528) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %533 = "nvgpu.mma.sync"(%233, %511, %529) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %534 = "nvgpu.mma.sync"(%309, %510, %530) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %535 = "nvgpu.mma.sync"(%309, %511, %531) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %536 = "nvgpu.mma.sync"(%240, %512, %532) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %537 = "nvgpu.mma.sync"(%240, %513, %533) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %538 = "nvgpu.mma.sync"(%316, %512, %534) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %539 = "nvgpu.mma.sync"(%316, %513, %535) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %540 = "nvgpu.mma.sync"(%247, %514, %536) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %541 = "nvgpu.mma.sync"(%247, %515, %537) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %542 = "nvgpu.mma.sync"(%323, %514, %538) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %543 = "nvgpu.mma.sync"(%323, %515, %539) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %544 = "nvgpu.mma.sync"(%254, %516, %540) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %545 = "nvgpu.mma.sync"(%254, %517, %541) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %546 = "nvgpu.mma.sync"(%330, %516, %542) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %547 = "nvgpu.mma.sync"(%330, %517, %543) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %548 = "nvgpu.mma.sync"(%261, %518, %544) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %549 = "vector.extract"(%548) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %550 = "vector.extract"(%548) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %551 = "nvgpu.mma.sync"(%261, %519, %545) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %552 = "vector.extract"(%551) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %553 = "vector.extract"(%551) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %554 = "nvgpu.mma.sync"(%337, %518, %546) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %555 = "vector.extract"(%554) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %556 = "vector.extract"(%554) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %557 = "nvgpu.mma.sync"(%337, %519, %547) <{mmaShape = [16, 8, 16]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %558 = "vector.extract"(%557) <{static_position = array<i64: 0>}> : (vector<2x2xf32>) -> vector<2xf32>
    %559 = "vector.extract"(%557) <{static_position = array<i64: 1>}> : (vector<2x2xf32>) -> vector<2xf32>
    %560 = "arith.muli"(%133, %29) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %561 = "arith.addi"(%338, %560) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %562 = "arith.muli"(%561, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %563 = "arith.addi"(%562, %127) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %564 = "arith.index_castui"(%563) : (i32) -> index
    "vector.store"(%549, %52, %132, %157, %564) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    %565 = "arith.addi"(%563, %27) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %566 = "arith.index_castui"(%565) : (i32) -> index
    "vector.store"(%552, %52, %132, %157, %566) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%550, %52, %132, %205, %564) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%553, %52, %132, %205, %566) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%555, %52, %132, %263, %564) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%558, %52, %132, %263, %566) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%556, %52, %132, %281, %564) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "vector.store"(%559, %52, %132, %281, %566) : (vector<2xf32>, memref<4x64x64xf32, #gpu.address_space<global>>, index, index, index) -> ()
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>], scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    "memref.dealloc"(%45) : (memref<1x64x132xf16, #gpu.address_space<workgroup>>) -> ()
    "memref.dealloc"(%44) : (memref<1x128x36xf16, #gpu.address_space<workgroup>>) -> ()
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 128, 1, 1>} : () -> ()
}) : () -> ()

