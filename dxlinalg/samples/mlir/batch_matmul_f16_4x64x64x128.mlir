// batch_matmul_f16_4x64x64x128: C[b, 64x64 f32] = A[b, 64x128 f16] x B[b, 128x64 f16] for b < 4, f32 accumulation.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/batch_matmul_f16_4x64x64x128.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @batch_matmul_f16_4x64x64x128_dispatch_0_batch_matmul_4x64x64x128_f16xf16xf32() attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    %c121_i32 = arith.constant 121 : i32
    %c113_i32 = arith.constant 113 : i32
    %c105_i32 = arith.constant 105 : i32
    %c97_i32 = arith.constant 97 : i32
    %c89_i32 = arith.constant 89 : i32
    %c81_i32 = arith.constant 81 : i32
    %c73_i32 = arith.constant 73 : i32
    %c65_i32 = arith.constant 65 : i32
    %c57_i32 = arith.constant 57 : i32
    %c49_i32 = arith.constant 49 : i32
    %c41_i32 = arith.constant 41 : i32
    %c33_i32 = arith.constant 33 : i32
    %c25_i32 = arith.constant 25 : i32
    %c17_i32 = arith.constant 17 : i32
    %c9_i32 = arith.constant 9 : i32
    %c1_i32 = arith.constant 1 : i32
    %c120_i32 = arith.constant 120 : i32
    %c112_i32 = arith.constant 112 : i32
    %c104_i32 = arith.constant 104 : i32
    %c96_i32 = arith.constant 96 : i32
    %c88_i32 = arith.constant 88 : i32
    %c80_i32 = arith.constant 80 : i32
    %c72_i32 = arith.constant 72 : i32
    %c56_i32 = arith.constant 56 : i32
    %c48_i32 = arith.constant 48 : i32
    %c40_i32 = arith.constant 40 : i32
    %c24_i32 = arith.constant 24 : i32
    %c8_i32 = arith.constant 8 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c896_i32 = arith.constant 896 : i32
    %c768_i32 = arith.constant 768 : i32
    %c640_i32 = arith.constant 640 : i32
    %c512_i32 = arith.constant 512 : i32
    %c384_i32 = arith.constant 384 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
    %0:2 = vector.to_elements %cst : vector<2xf32>
    %1 = vector.from_elements %0#0, %0#1, %0#0, %0#1 : vector<2x2xf32>
    %alloc = memref.alloc() : memref<1x128x36xf16, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<1x64x132xf16, #gpu.address_space<workgroup>>
    %thread_id_x = gpu.thread_id x upper_bound 128
    %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<4x64x128xf16, #gpu.address_space<global>>
    %assume_align = memref.assume_alignment %2, 64 : memref<4x64x128xf16, #gpu.address_space<global>>
    %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<4x128x64xf16, #gpu.address_space<global>>
    %assume_align_1 = memref.assume_alignment %3, 64 : memref<4x128x64xf16, #gpu.address_space<global>>
    %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<4x64x64xf32, #gpu.address_space<global>>
    %assume_align_2 = memref.assume_alignment %4, 64 : memref<4x64x64xf32, #gpu.address_space<global>>
    %5 = arith.index_castui %thread_id_x : index to i32
    %6 = arith.divui %5, %c64_i32 : i32
    %7 = arith.remui %5, %c64_i32 : i32
    %8 = arith.divui %7, %c32_i32 : i32
    %9 = arith.remui %5, %c32_i32 : i32
    %10 = arith.divui %5, %c16_i32 : i32
    %11 = arith.index_castui %10 : i32 to index
    %12 = arith.remui %5, %c16_i32 : i32
    %13 = arith.muli %12, %c8_i32 overflow<nsw> : i32
    %14 = arith.index_castui %13 : i32 to index
    %15 = arith.addi %5, %c128_i32 overflow<nsw> : i32
    %16 = arith.divui %15, %c16_i32 : i32
    %17 = arith.index_castui %16 : i32 to index
    %18 = arith.remui %15, %c16_i32 : i32
    %19 = arith.muli %18, %c8_i32 overflow<nsw> : i32
    %20 = arith.index_castui %19 : i32 to index
    %21 = arith.addi %5, %c256_i32 overflow<nsw> : i32
    %22 = arith.divui %21, %c16_i32 : i32
    %23 = arith.index_castui %22 : i32 to index
    %24 = arith.remui %21, %c16_i32 : i32
    %25 = arith.muli %24, %c8_i32 overflow<nsw> : i32
    %26 = arith.index_castui %25 : i32 to index
    %27 = arith.addi %5, %c384_i32 overflow<nsw> : i32
    %28 = arith.divui %27, %c16_i32 : i32
    %29 = arith.index_castui %28 : i32 to index
    %30 = arith.remui %27, %c16_i32 : i32
    %31 = arith.muli %30, %c8_i32 overflow<nsw> : i32
    %32 = arith.index_castui %31 : i32 to index
    %33 = arith.addi %5, %c512_i32 overflow<nsw> : i32
    %34 = arith.divui %33, %c16_i32 : i32
    %35 = arith.index_castui %34 : i32 to index
    %36 = arith.remui %33, %c16_i32 : i32
    %37 = arith.muli %36, %c8_i32 overflow<nsw> : i32
    %38 = arith.index_castui %37 : i32 to index
    %39 = arith.addi %5, %c640_i32 overflow<nsw> : i32
    %40 = arith.divui %39, %c16_i32 : i32
    %41 = arith.index_castui %40 : i32 to index
    %42 = arith.remui %39, %c16_i32 : i32
    %43 = arith.muli %42, %c8_i32 overflow<nsw> : i32
    %44 = arith.index_castui %43 : i32 to index
    %45 = arith.addi %5, %c768_i32 overflow<nsw> : i32
    %46 = arith.divui %45, %c16_i32 : i32
    %47 = arith.index_castui %46 : i32 to index
    %48 = arith.remui %45, %c16_i32 : i32
    %49 = arith.muli %48, %c8_i32 overflow<nsw> : i32
    %50 = arith.index_castui %49 : i32 to index
    %51 = arith.addi %5, %c896_i32 overflow<nsw> : i32
    %52 = arith.divui %51, %c16_i32 : i32
    %53 = arith.index_castui %52 : i32 to index
    %54 = arith.remui %51, %c16_i32 : i32
    %55 = arith.muli %54, %c8_i32 overflow<nsw> : i32
    %56 = arith.index_castui %55 : i32 to index
    %57 = arith.divui %5, %c4_i32 : i32
    %58 = arith.index_castui %57 : i32 to index
    %59 = arith.remui %5, %c4_i32 : i32
    %60 = arith.muli %59, %c8_i32 overflow<nsw> : i32
    %61 = arith.index_castui %60 : i32 to index
    %62 = arith.divui %15, %c4_i32 : i32
    %63 = arith.index_castui %62 : i32 to index
    %64 = arith.remui %15, %c4_i32 : i32
    %65 = arith.muli %64, %c8_i32 overflow<nsw> : i32
    %66 = arith.index_castui %65 : i32 to index
    %67 = arith.divui %21, %c4_i32 : i32
    %68 = arith.index_castui %67 : i32 to index
    %69 = arith.remui %21, %c4_i32 : i32
    %70 = arith.muli %69, %c8_i32 overflow<nsw> : i32
    %71 = arith.index_castui %70 : i32 to index
    %72 = arith.divui %27, %c4_i32 : i32
    %73 = arith.index_castui %72 : i32 to index
    %74 = arith.remui %27, %c4_i32 : i32
    %75 = arith.muli %74, %c8_i32 overflow<nsw> : i32
    %76 = arith.index_castui %75 : i32 to index
    %77 = arith.divui %9, %c4_i32 : i32
    %78 = arith.remui %9, %c4_i32 : i32
    %79 = arith.muli %78, %c2_i32 overflow<nsw> : i32
    %80 = arith.index_castui %79 : i32 to index
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 8 : index
    %81 = arith.index_castui %workgroup_id_x : index to i32
    %82 = arith.divui %81, %c2_i32 : i32
    %83 = arith.index_castui %82 : i32 to index
    %84 = arith.remui %81, %c2_i32 : i32
    %85 = vector.load %assume_align[%83, %11, %14] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %85, %alloc_0[%c0, %11, %14] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %86 = vector.load %assume_align[%83, %17, %20] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %86, %alloc_0[%c0, %17, %20] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %87 = vector.load %assume_align[%83, %23, %26] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %87, %alloc_0[%c0, %23, %26] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %88 = vector.load %assume_align[%83, %29, %32] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %88, %alloc_0[%c0, %29, %32] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %89 = vector.load %assume_align[%83, %35, %38] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %89, %alloc_0[%c0, %35, %38] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %90 = vector.load %assume_align[%83, %41, %44] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %90, %alloc_0[%c0, %41, %44] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %91 = vector.load %assume_align[%83, %47, %50] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %91, %alloc_0[%c0, %47, %50] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %92 = vector.load %assume_align[%83, %53, %56] : memref<4x64x128xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %92, %alloc_0[%c0, %53, %56] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %93 = arith.muli %84, %c32_i32 overflow<nsw> : i32
    %94 = arith.addi %60, %93 : i32
    %95 = arith.index_castui %94 : i32 to index
    %96 = vector.load %assume_align_1[%83, %58, %95] : memref<4x128x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %96, %alloc[%c0, %58, %61] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %97 = arith.addi %65, %93 : i32
    %98 = arith.index_castui %97 : i32 to index
    %99 = vector.load %assume_align_1[%83, %63, %98] : memref<4x128x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %99, %alloc[%c0, %63, %66] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %100 = arith.addi %70, %93 : i32
    %101 = arith.index_castui %100 : i32 to index
    %102 = vector.load %assume_align_1[%83, %68, %101] : memref<4x128x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %102, %alloc[%c0, %68, %71] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %103 = arith.addi %75, %93 : i32
    %104 = arith.index_castui %103 : i32 to index
    %105 = vector.load %assume_align_1[%83, %73, %104] : memref<4x128x64xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %105, %alloc[%c0, %73, %76] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %106 = arith.muli %6, %c32_i32 overflow<nsw> : i32
    %107 = arith.addi %106, %77 overflow<nsw> : i32
    %108 = arith.index_castui %107 : i32 to index
    %109 = vector.load %alloc_0[%c0, %108, %80] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %110 = arith.addi %79, %c8_i32 overflow<nsw> : i32
    %111 = arith.index_castui %110 : i32 to index
    %112 = vector.load %alloc_0[%c0, %108, %111] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %113 = arith.addi %79, %c16_i32 overflow<nsw> : i32
    %114 = arith.index_castui %113 : i32 to index
    %115 = vector.load %alloc_0[%c0, %108, %114] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %116 = arith.addi %79, %c24_i32 overflow<nsw> : i32
    %117 = arith.index_castui %116 : i32 to index
    %118 = vector.load %alloc_0[%c0, %108, %117] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %119 = arith.addi %79, %c32_i32 overflow<nsw> : i32
    %120 = arith.index_castui %119 : i32 to index
    %121 = vector.load %alloc_0[%c0, %108, %120] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %122 = arith.addi %79, %c40_i32 overflow<nsw> : i32
    %123 = arith.index_castui %122 : i32 to index
    %124 = vector.load %alloc_0[%c0, %108, %123] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %125 = arith.addi %79, %c48_i32 overflow<nsw> : i32
    %126 = arith.index_castui %125 : i32 to index
    %127 = vector.load %alloc_0[%c0, %108, %126] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %128 = arith.addi %79, %c56_i32 overflow<nsw> : i32
    %129 = arith.index_castui %128 : i32 to index
    %130 = vector.load %alloc_0[%c0, %108, %129] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %131 = arith.addi %79, %c64_i32 overflow<nsw> : i32
    %132 = arith.index_castui %131 : i32 to index
    %133 = vector.load %alloc_0[%c0, %108, %132] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %134 = arith.addi %79, %c72_i32 overflow<nsw> : i32
    %135 = arith.index_castui %134 : i32 to index
    %136 = vector.load %alloc_0[%c0, %108, %135] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %137 = arith.addi %79, %c80_i32 overflow<nsw> : i32
    %138 = arith.index_castui %137 : i32 to index
    %139 = vector.load %alloc_0[%c0, %108, %138] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %140 = arith.addi %79, %c88_i32 overflow<nsw> : i32
    %141 = arith.index_castui %140 : i32 to index
    %142 = vector.load %alloc_0[%c0, %108, %141] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %143 = arith.addi %79, %c96_i32 overflow<nsw> : i32
    %144 = arith.index_castui %143 : i32 to index
    %145 = vector.load %alloc_0[%c0, %108, %144] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %146 = arith.addi %79, %c104_i32 overflow<nsw> : i32
    %147 = arith.index_castui %146 : i32 to index
    %148 = vector.load %alloc_0[%c0, %108, %147] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %149 = arith.addi %79, %c112_i32 overflow<nsw> : i32
    %150 = arith.index_castui %149 : i32 to index
    %151 = vector.load %alloc_0[%c0, %108, %150] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %152 = arith.addi %79, %c120_i32 overflow<nsw> : i32
    %153 = arith.index_castui %152 : i32 to index
    %154 = vector.load %alloc_0[%c0, %108, %153] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %155 = arith.addi %107, %c8_i32 overflow<nsw> : i32
    %156 = arith.index_castui %155 : i32 to index
    %157 = vector.load %alloc_0[%c0, %156, %80] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %158 = vector.load %alloc_0[%c0, %156, %111] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %159:2 = vector.to_elements %109 : vector<2xf16>
    %160:2 = vector.to_elements %157 : vector<2xf16>
    %161:2 = vector.to_elements %112 : vector<2xf16>
    %162:2 = vector.to_elements %158 : vector<2xf16>
    %163 = vector.from_elements %159#0, %159#1, %160#0, %160#1, %161#0, %161#1, %162#0, %162#1 : vector<4x2xf16>
    %164 = vector.load %alloc_0[%c0, %156, %114] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %165 = vector.load %alloc_0[%c0, %156, %117] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %166:2 = vector.to_elements %115 : vector<2xf16>
    %167:2 = vector.to_elements %164 : vector<2xf16>
    %168:2 = vector.to_elements %118 : vector<2xf16>
    %169:2 = vector.to_elements %165 : vector<2xf16>
    %170 = vector.from_elements %166#0, %166#1, %167#0, %167#1, %168#0, %168#1, %169#0, %169#1 : vector<4x2xf16>
    %171 = vector.load %alloc_0[%c0, %156, %120] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %172 = vector.load %alloc_0[%c0, %156, %123] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %173:2 = vector.to_elements %121 : vector<2xf16>
    %174:2 = vector.to_elements %171 : vector<2xf16>
    %175:2 = vector.to_elements %124 : vector<2xf16>
    %176:2 = vector.to_elements %172 : vector<2xf16>
    %177 = vector.from_elements %173#0, %173#1, %174#0, %174#1, %175#0, %175#1, %176#0, %176#1 : vector<4x2xf16>
    %178 = vector.load %alloc_0[%c0, %156, %126] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %179 = vector.load %alloc_0[%c0, %156, %129] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %180:2 = vector.to_elements %127 : vector<2xf16>
    %181:2 = vector.to_elements %178 : vector<2xf16>
    %182:2 = vector.to_elements %130 : vector<2xf16>
    %183:2 = vector.to_elements %179 : vector<2xf16>
    %184 = vector.from_elements %180#0, %180#1, %181#0, %181#1, %182#0, %182#1, %183#0, %183#1 : vector<4x2xf16>
    %185 = vector.load %alloc_0[%c0, %156, %132] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %186 = vector.load %alloc_0[%c0, %156, %135] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %187:2 = vector.to_elements %133 : vector<2xf16>
    %188:2 = vector.to_elements %185 : vector<2xf16>
    %189:2 = vector.to_elements %136 : vector<2xf16>
    %190:2 = vector.to_elements %186 : vector<2xf16>
    %191 = vector.from_elements %187#0, %187#1, %188#0, %188#1, %189#0, %189#1, %190#0, %190#1 : vector<4x2xf16>
    %192 = vector.load %alloc_0[%c0, %156, %138] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %193 = vector.load %alloc_0[%c0, %156, %141] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %194:2 = vector.to_elements %139 : vector<2xf16>
    %195:2 = vector.to_elements %192 : vector<2xf16>
    %196:2 = vector.to_elements %142 : vector<2xf16>
    %197:2 = vector.to_elements %193 : vector<2xf16>
    %198 = vector.from_elements %194#0, %194#1, %195#0, %195#1, %196#0, %196#1, %197#0, %197#1 : vector<4x2xf16>
    %199 = vector.load %alloc_0[%c0, %156, %144] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %200 = vector.load %alloc_0[%c0, %156, %147] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %201:2 = vector.to_elements %145 : vector<2xf16>
    %202:2 = vector.to_elements %199 : vector<2xf16>
    %203:2 = vector.to_elements %148 : vector<2xf16>
    %204:2 = vector.to_elements %200 : vector<2xf16>
    %205 = vector.from_elements %201#0, %201#1, %202#0, %202#1, %203#0, %203#1, %204#0, %204#1 : vector<4x2xf16>
    %206 = vector.load %alloc_0[%c0, %156, %150] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %207 = vector.load %alloc_0[%c0, %156, %153] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %208:2 = vector.to_elements %151 : vector<2xf16>
    %209:2 = vector.to_elements %206 : vector<2xf16>
    %210:2 = vector.to_elements %154 : vector<2xf16>
    %211:2 = vector.to_elements %207 : vector<2xf16>
    %212 = vector.from_elements %208#0, %208#1, %209#0, %209#1, %210#0, %210#1, %211#0, %211#1 : vector<4x2xf16>
    %213 = arith.addi %107, %c16_i32 overflow<nsw> : i32
    %214 = arith.index_castui %213 : i32 to index
    %215 = vector.load %alloc_0[%c0, %214, %80] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %216 = vector.load %alloc_0[%c0, %214, %111] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %217 = vector.load %alloc_0[%c0, %214, %114] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %218 = vector.load %alloc_0[%c0, %214, %117] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %219 = vector.load %alloc_0[%c0, %214, %120] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %220 = vector.load %alloc_0[%c0, %214, %123] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %221 = vector.load %alloc_0[%c0, %214, %126] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %222 = vector.load %alloc_0[%c0, %214, %129] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %223 = vector.load %alloc_0[%c0, %214, %132] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %224 = vector.load %alloc_0[%c0, %214, %135] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %225 = vector.load %alloc_0[%c0, %214, %138] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %226 = vector.load %alloc_0[%c0, %214, %141] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %227 = vector.load %alloc_0[%c0, %214, %144] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %228 = vector.load %alloc_0[%c0, %214, %147] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %229 = vector.load %alloc_0[%c0, %214, %150] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %230 = vector.load %alloc_0[%c0, %214, %153] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %231 = arith.addi %107, %c24_i32 overflow<nsw> : i32
    %232 = arith.index_castui %231 : i32 to index
    %233 = vector.load %alloc_0[%c0, %232, %80] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %234 = vector.load %alloc_0[%c0, %232, %111] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %235:2 = vector.to_elements %215 : vector<2xf16>
    %236:2 = vector.to_elements %233 : vector<2xf16>
    %237:2 = vector.to_elements %216 : vector<2xf16>
    %238:2 = vector.to_elements %234 : vector<2xf16>
    %239 = vector.from_elements %235#0, %235#1, %236#0, %236#1, %237#0, %237#1, %238#0, %238#1 : vector<4x2xf16>
    %240 = vector.load %alloc_0[%c0, %232, %114] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %241 = vector.load %alloc_0[%c0, %232, %117] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %242:2 = vector.to_elements %217 : vector<2xf16>
    %243:2 = vector.to_elements %240 : vector<2xf16>
    %244:2 = vector.to_elements %218 : vector<2xf16>
    %245:2 = vector.to_elements %241 : vector<2xf16>
    %246 = vector.from_elements %242#0, %242#1, %243#0, %243#1, %244#0, %244#1, %245#0, %245#1 : vector<4x2xf16>
    %247 = vector.load %alloc_0[%c0, %232, %120] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %248 = vector.load %alloc_0[%c0, %232, %123] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %249:2 = vector.to_elements %219 : vector<2xf16>
    %250:2 = vector.to_elements %247 : vector<2xf16>
    %251:2 = vector.to_elements %220 : vector<2xf16>
    %252:2 = vector.to_elements %248 : vector<2xf16>
    %253 = vector.from_elements %249#0, %249#1, %250#0, %250#1, %251#0, %251#1, %252#0, %252#1 : vector<4x2xf16>
    %254 = vector.load %alloc_0[%c0, %232, %126] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %255 = vector.load %alloc_0[%c0, %232, %129] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %256:2 = vector.to_elements %221 : vector<2xf16>
    %257:2 = vector.to_elements %254 : vector<2xf16>
    %258:2 = vector.to_elements %222 : vector<2xf16>
    %259:2 = vector.to_elements %255 : vector<2xf16>
    %260 = vector.from_elements %256#0, %256#1, %257#0, %257#1, %258#0, %258#1, %259#0, %259#1 : vector<4x2xf16>
    %261 = vector.load %alloc_0[%c0, %232, %132] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %262 = vector.load %alloc_0[%c0, %232, %135] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %263:2 = vector.to_elements %223 : vector<2xf16>
    %264:2 = vector.to_elements %261 : vector<2xf16>
    %265:2 = vector.to_elements %224 : vector<2xf16>
    %266:2 = vector.to_elements %262 : vector<2xf16>
    %267 = vector.from_elements %263#0, %263#1, %264#0, %264#1, %265#0, %265#1, %266#0, %266#1 : vector<4x2xf16>
    %268 = vector.load %alloc_0[%c0, %232, %138] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %269 = vector.load %alloc_0[%c0, %232, %141] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %270:2 = vector.to_elements %225 : vector<2xf16>
    %271:2 = vector.to_elements %268 : vector<2xf16>
    %272:2 = vector.to_elements %226 : vector<2xf16>
    %273:2 = vector.to_elements %269 : vector<2xf16>
    %274 = vector.from_elements %270#0, %270#1, %271#0, %271#1, %272#0, %272#1, %273#0, %273#1 : vector<4x2xf16>
    %275 = vector.load %alloc_0[%c0, %232, %144] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %276 = vector.load %alloc_0[%c0, %232, %147] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %277:2 = vector.to_elements %227 : vector<2xf16>
    %278:2 = vector.to_elements %275 : vector<2xf16>
    %279:2 = vector.to_elements %228 : vector<2xf16>
    %280:2 = vector.to_elements %276 : vector<2xf16>
    %281 = vector.from_elements %277#0, %277#1, %278#0, %278#1, %279#0, %279#1, %280#0, %280#1 : vector<4x2xf16>
    %282 = vector.load %alloc_0[%c0, %232, %150] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %283 = vector.load %alloc_0[%c0, %232, %153] : memref<1x64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %284:2 = vector.to_elements %229 : vector<2xf16>
    %285:2 = vector.to_elements %282 : vector<2xf16>
    %286:2 = vector.to_elements %230 : vector<2xf16>
    %287:2 = vector.to_elements %283 : vector<2xf16>
    %288 = vector.from_elements %284#0, %284#1, %285#0, %285#1, %286#0, %286#1, %287#0, %287#1 : vector<4x2xf16>
    %289 = arith.muli %8, %c2_i32 overflow<nsw> : i32
    %290 = arith.muli %8, %c16_i32 overflow<nsw> : i32
    %291 = arith.addi %290, %77 overflow<nsw> : i32
    %292 = arith.index_castui %291 : i32 to index
    %293 = vector.load %alloc[%c0, %80, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %294 = arith.addi %291, %c8_i32 overflow<nsw> : i32
    %295 = arith.index_castui %294 : i32 to index
    %296 = vector.load %alloc[%c0, %80, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %297 = arith.addi %79, %c1_i32 overflow<nsw> : i32
    %298 = arith.index_castui %297 : i32 to index
    %299 = vector.load %alloc[%c0, %298, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %300 = vector.load %alloc[%c0, %298, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %301 = vector.load %alloc[%c0, %111, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %302 = vector.load %alloc[%c0, %111, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %303 = arith.addi %79, %c9_i32 overflow<nsw> : i32
    %304 = arith.index_castui %303 : i32 to index
    %305 = vector.load %alloc[%c0, %304, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %306 = vector.load %alloc[%c0, %304, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %307 = vector.load %alloc[%c0, %114, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %308 = vector.load %alloc[%c0, %114, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %309 = arith.addi %79, %c17_i32 overflow<nsw> : i32
    %310 = arith.index_castui %309 : i32 to index
    %311 = vector.load %alloc[%c0, %310, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %312 = vector.load %alloc[%c0, %310, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %313 = vector.load %alloc[%c0, %117, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %314 = vector.load %alloc[%c0, %117, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %315 = arith.addi %79, %c25_i32 overflow<nsw> : i32
    %316 = arith.index_castui %315 : i32 to index
    %317 = vector.load %alloc[%c0, %316, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %318 = vector.load %alloc[%c0, %316, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %319 = vector.load %alloc[%c0, %120, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %320 = vector.load %alloc[%c0, %120, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %321 = arith.addi %79, %c33_i32 overflow<nsw> : i32
    %322 = arith.index_castui %321 : i32 to index
    %323 = vector.load %alloc[%c0, %322, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %324 = vector.load %alloc[%c0, %322, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %325 = vector.load %alloc[%c0, %123, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %326 = vector.load %alloc[%c0, %123, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %327 = arith.addi %79, %c41_i32 overflow<nsw> : i32
    %328 = arith.index_castui %327 : i32 to index
    %329 = vector.load %alloc[%c0, %328, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %330 = vector.load %alloc[%c0, %328, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %331 = vector.load %alloc[%c0, %126, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %332 = vector.load %alloc[%c0, %126, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %333 = arith.addi %79, %c49_i32 overflow<nsw> : i32
    %334 = arith.index_castui %333 : i32 to index
    %335 = vector.load %alloc[%c0, %334, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %336 = vector.load %alloc[%c0, %334, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %337 = vector.load %alloc[%c0, %129, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %338 = vector.load %alloc[%c0, %129, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %339 = arith.addi %79, %c57_i32 overflow<nsw> : i32
    %340 = arith.index_castui %339 : i32 to index
    %341 = vector.load %alloc[%c0, %340, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %342 = vector.load %alloc[%c0, %340, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %343 = vector.load %alloc[%c0, %132, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %344 = vector.load %alloc[%c0, %132, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %345 = arith.addi %79, %c65_i32 overflow<nsw> : i32
    %346 = arith.index_castui %345 : i32 to index
    %347 = vector.load %alloc[%c0, %346, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %348 = vector.load %alloc[%c0, %346, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %349 = vector.load %alloc[%c0, %135, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %350 = vector.load %alloc[%c0, %135, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %351 = arith.addi %79, %c73_i32 overflow<nsw> : i32
    %352 = arith.index_castui %351 : i32 to index
    %353 = vector.load %alloc[%c0, %352, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %354 = vector.load %alloc[%c0, %352, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %355 = vector.load %alloc[%c0, %138, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %356 = vector.load %alloc[%c0, %138, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %357 = arith.addi %79, %c81_i32 overflow<nsw> : i32
    %358 = arith.index_castui %357 : i32 to index
    %359 = vector.load %alloc[%c0, %358, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %360 = vector.load %alloc[%c0, %358, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %361 = vector.load %alloc[%c0, %141, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %362 = vector.load %alloc[%c0, %141, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %363 = arith.addi %79, %c89_i32 overflow<nsw> : i32
    %364 = arith.index_castui %363 : i32 to index
    %365 = vector.load %alloc[%c0, %364, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %366 = vector.load %alloc[%c0, %364, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %367 = vector.load %alloc[%c0, %144, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %368 = vector.load %alloc[%c0, %144, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %369 = arith.addi %79, %c97_i32 overflow<nsw> : i32
    %370 = arith.index_castui %369 : i32 to index
    %371 = vector.load %alloc[%c0, %370, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %372 = vector.load %alloc[%c0, %370, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %373 = vector.load %alloc[%c0, %147, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %374 = vector.load %alloc[%c0, %147, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %375 = arith.addi %79, %c105_i32 overflow<nsw> : i32
    %376 = arith.index_castui %375 : i32 to index
    %377 = vector.load %alloc[%c0, %376, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %378 = vector.load %alloc[%c0, %376, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %379 = vector.load %alloc[%c0, %150, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %380 = vector.load %alloc[%c0, %150, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %381 = arith.addi %79, %c113_i32 overflow<nsw> : i32
    %382 = arith.index_castui %381 : i32 to index
    %383 = vector.load %alloc[%c0, %382, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %384 = vector.load %alloc[%c0, %382, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %385 = vector.load %alloc[%c0, %153, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %386 = vector.load %alloc[%c0, %153, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %387 = arith.addi %79, %c121_i32 overflow<nsw> : i32
    %388 = arith.index_castui %387 : i32 to index
    %389 = vector.load %alloc[%c0, %388, %292] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %390 = vector.load %alloc[%c0, %388, %295] : memref<1x128x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %391 = vector.to_elements %293 : vector<1xf16>
    %392 = vector.to_elements %296 : vector<1xf16>
    %393 = vector.to_elements %299 : vector<1xf16>
    %394 = vector.to_elements %300 : vector<1xf16>
    %395 = vector.to_elements %301 : vector<1xf16>
    %396 = vector.to_elements %302 : vector<1xf16>
    %397 = vector.to_elements %305 : vector<1xf16>
    %398 = vector.to_elements %306 : vector<1xf16>
    %399 = vector.to_elements %307 : vector<1xf16>
    %400 = vector.to_elements %308 : vector<1xf16>
    %401 = vector.to_elements %311 : vector<1xf16>
    %402 = vector.to_elements %312 : vector<1xf16>
    %403 = vector.to_elements %313 : vector<1xf16>
    %404 = vector.to_elements %314 : vector<1xf16>
    %405 = vector.to_elements %317 : vector<1xf16>
    %406 = vector.to_elements %318 : vector<1xf16>
    %407 = vector.to_elements %319 : vector<1xf16>
    %408 = vector.to_elements %320 : vector<1xf16>
    %409 = vector.to_elements %323 : vector<1xf16>
    %410 = vector.to_elements %324 : vector<1xf16>
    %411 = vector.to_elements %325 : vector<1xf16>
    %412 = vector.to_elements %326 : vector<1xf16>
    %413 = vector.to_elements %329 : vector<1xf16>
    %414 = vector.to_elements %330 : vector<1xf16>
    %415 = vector.to_elements %331 : vector<1xf16>
    %416 = vector.to_elements %332 : vector<1xf16>
    %417 = vector.to_elements %335 : vector<1xf16>
    %418 = vector.to_elements %336 : vector<1xf16>
    %419 = vector.to_elements %337 : vector<1xf16>
    %420 = vector.to_elements %338 : vector<1xf16>
    %421 = vector.to_elements %341 : vector<1xf16>
    %422 = vector.to_elements %342 : vector<1xf16>
    %423 = vector.to_elements %343 : vector<1xf16>
    %424 = vector.to_elements %344 : vector<1xf16>
    %425 = vector.to_elements %347 : vector<1xf16>
    %426 = vector.to_elements %348 : vector<1xf16>
    %427 = vector.to_elements %349 : vector<1xf16>
    %428 = vector.to_elements %350 : vector<1xf16>
    %429 = vector.to_elements %353 : vector<1xf16>
    %430 = vector.to_elements %354 : vector<1xf16>
    %431 = vector.to_elements %355 : vector<1xf16>
    %432 = vector.to_elements %356 : vector<1xf16>
    %433 = vector.to_elements %359 : vector<1xf16>
    %434 = vector.to_elements %360 : vector<1xf16>
    %435 = vector.to_elements %361 : vector<1xf16>
    %436 = vector.to_elements %362 : vector<1xf16>
    %437 = vector.to_elements %365 : vector<1xf16>
    %438 = vector.to_elements %366 : vector<1xf16>
    %439 = vector.to_elements %367 : vector<1xf16>
    %440 = vector.to_elements %368 : vector<1xf16>
    %441 = vector.to_elements %371 : vector<1xf16>
    %442 = vector.to_elements %372 : vector<1xf16>
    %443 = vector.to_elements %373 : vector<1xf16>
    %444 = vector.to_elements %374 : vector<1xf16>
    %445 = vector.to_elements %377 : vector<1xf16>
    %446 = vector.to_elements %378 : vector<1xf16>
    %447 = vector.to_elements %379 : vector<1xf16>
    %448 = vector.to_elements %380 : vector<1xf16>
    %449 = vector.to_elements %383 : vector<1xf16>
    %450 = vector.to_elements %384 : vector<1xf16>
    %451 = vector.to_elements %385 : vector<1xf16>
    %452 = vector.to_elements %386 : vector<1xf16>
    %453 = vector.to_elements %389 : vector<1xf16>
    %454 = vector.to_elements %390 : vector<1xf16>
    %455 = vector.from_elements %391, %393, %395, %397 : vector<2x2xf16>
    %456 = vector.from_elements %392, %394, %396, %398 : vector<2x2xf16>
    %457 = vector.from_elements %399, %401, %403, %405 : vector<2x2xf16>
    %458 = vector.from_elements %400, %402, %404, %406 : vector<2x2xf16>
    %459 = vector.from_elements %407, %409, %411, %413 : vector<2x2xf16>
    %460 = vector.from_elements %408, %410, %412, %414 : vector<2x2xf16>
    %461 = vector.from_elements %415, %417, %419, %421 : vector<2x2xf16>
    %462 = vector.from_elements %416, %418, %420, %422 : vector<2x2xf16>
    %463 = vector.from_elements %423, %425, %427, %429 : vector<2x2xf16>
    %464 = vector.from_elements %424, %426, %428, %430 : vector<2x2xf16>
    %465 = vector.from_elements %431, %433, %435, %437 : vector<2x2xf16>
    %466 = vector.from_elements %432, %434, %436, %438 : vector<2x2xf16>
    %467 = vector.from_elements %439, %441, %443, %445 : vector<2x2xf16>
    %468 = vector.from_elements %440, %442, %444, %446 : vector<2x2xf16>
    %469 = vector.from_elements %447, %449, %451, %453 : vector<2x2xf16>
    %470 = vector.from_elements %448, %450, %452, %454 : vector<2x2xf16>
    %471 = nvgpu.mma.sync(%163, %455, %1) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %472 = nvgpu.mma.sync(%163, %456, %1) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %473 = nvgpu.mma.sync(%239, %455, %1) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %474 = nvgpu.mma.sync(%239, %456, %1) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %475 = nvgpu.mma.sync(%170, %457, %471) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %476 = nvgpu.mma.sync(%170, %458, %472) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %477 = nvgpu.mma.sync(%246, %457, %473) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %478 = nvgpu.mma.sync(%246, %458, %474) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %479 = nvgpu.mma.sync(%177, %459, %475) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %480 = nvgpu.mma.sync(%177, %460, %476) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %481 = nvgpu.mma.sync(%253, %459, %477) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %482 = nvgpu.mma.sync(%253, %460, %478) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %483 = nvgpu.mma.sync(%184, %461, %479) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %484 = nvgpu.mma.sync(%184, %462, %480) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %485 = nvgpu.mma.sync(%260, %461, %481) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %486 = nvgpu.mma.sync(%260, %462, %482) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %487 = nvgpu.mma.sync(%191, %463, %483) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %488 = nvgpu.mma.sync(%191, %464, %484) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %489 = nvgpu.mma.sync(%267, %463, %485) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %490 = nvgpu.mma.sync(%267, %464, %486) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %491 = nvgpu.mma.sync(%198, %465, %487) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %492 = nvgpu.mma.sync(%198, %466, %488) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %493 = nvgpu.mma.sync(%274, %465, %489) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %494 = nvgpu.mma.sync(%274, %466, %490) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %495 = nvgpu.mma.sync(%205, %467, %491) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %496 = nvgpu.mma.sync(%205, %468, %492) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %497 = nvgpu.mma.sync(%281, %467, %493) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %498 = nvgpu.mma.sync(%281, %468, %494) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %499 = nvgpu.mma.sync(%212, %469, %495) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %500 = vector.extract %499[0] : vector<2xf32> from vector<2x2xf32>
    %501 = vector.extract %499[1] : vector<2xf32> from vector<2x2xf32>
    %502 = nvgpu.mma.sync(%212, %470, %496) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %503 = vector.extract %502[0] : vector<2xf32> from vector<2x2xf32>
    %504 = vector.extract %502[1] : vector<2xf32> from vector<2x2xf32>
    %505 = nvgpu.mma.sync(%288, %469, %497) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %506 = vector.extract %505[0] : vector<2xf32> from vector<2x2xf32>
    %507 = vector.extract %505[1] : vector<2xf32> from vector<2x2xf32>
    %508 = nvgpu.mma.sync(%288, %470, %498) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %509 = vector.extract %508[0] : vector<2xf32> from vector<2x2xf32>
    %510 = vector.extract %508[1] : vector<2xf32> from vector<2x2xf32>
    %511 = arith.muli %84, %c4_i32 overflow<nsw> : i32
    %512 = arith.addi %289, %511 : i32
    %513 = arith.muli %512, %c8_i32 overflow<nsw> : i32
    %514 = arith.addi %513, %79 overflow<nsw> : i32
    %515 = arith.index_castui %514 : i32 to index
    vector.store %500, %assume_align_2[%83, %108, %515] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    %516 = arith.addi %514, %c8_i32 overflow<nsw> : i32
    %517 = arith.index_castui %516 : i32 to index
    vector.store %503, %assume_align_2[%83, %108, %517] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %501, %assume_align_2[%83, %156, %515] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %504, %assume_align_2[%83, %156, %517] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %506, %assume_align_2[%83, %214, %515] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %509, %assume_align_2[%83, %214, %517] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %507, %assume_align_2[%83, %232, %515] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %510, %assume_align_2[%83, %232, %517] : memref<4x64x64xf32, #gpu.address_space<global>>, vector<2xf32>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    memref.dealloc %alloc_0 : memref<1x64x132xf16, #gpu.address_space<workgroup>>
    memref.dealloc %alloc : memref<1x128x36xf16, #gpu.address_space<workgroup>>
    return
  }
}
