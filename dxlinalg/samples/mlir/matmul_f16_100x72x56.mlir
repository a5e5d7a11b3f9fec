// matmul_f16_100x72x56: C[100x72 f32] = A[100x56 f16] x B[56x72 f16], f32 accumulation; partial tiles: masked loads (vector.create_mask, vector.maskedload) and a vector.scatter store.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f16_100x72x56.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @matmul_f16_100x72x56_dispatch_0_matmul_100x72x56_f16xf16xf32() attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    %c72 = arith.constant 72 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c-32_i32 = arith.constant -32 : i32
    %c-64_i32 = arith.constant -64 : i32
    %c57_i32 = arith.constant 57 : i32
    %c49_i32 = arith.constant 49 : i32
    %c41_i32 = arith.constant 41 : i32
    %c33_i32 = arith.constant 33 : i32
    %c25_i32 = arith.constant 25 : i32
    %c17_i32 = arith.constant 17 : i32
    %c9_i32 = arith.constant 9 : i32
    %c48_i32 = arith.constant 48 : i32
    %c40_i32 = arith.constant 40 : i32
    %c24_i32 = arith.constant 24 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %c100_i32 = arith.constant 100 : i32
    %c1_i32 = arith.constant 1 : i32
    %c56_i32 = arith.constant 56 : i32
    %c72_i32 = arith.constant 72 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c384_i32 = arith.constant 384 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : vector<8xf16>
    %0 = ub.poison : vector<16xf32>
    %1 = ub.poison : vector<16xi1>
    %2 = ub.poison : vector<16xindex>
    %cst_0 = arith.constant dense<false> : vector<8xi1>
    %c0 = arith.constant 0 : index
    %cst_1 = arith.constant dense<0.000000e+00> : vector<2xf32>
    %3:2 = vector.to_elements %cst_1 : vector<2xf32>
    %4 = vector.from_elements %3#0, %3#1, %3#0, %3#1 : vector<2x2xf32>
    %alloc = memref.alloc() : memref<64x36xf16, #gpu.address_space<workgroup>>
    %alloc_2 = memref.alloc() : memref<64x68xf16, #gpu.address_space<workgroup>>
    %thread_id_x = gpu.thread_id x upper_bound 128
    %5 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<100x56xf16, #gpu.address_space<global>>
    %assume_align = memref.assume_alignment %5, 64 : memref<100x56xf16, #gpu.address_space<global>>
    %6 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<56x72xf16, #gpu.address_space<global>>
    %assume_align_3 = memref.assume_alignment %6, 64 : memref<56x72xf16, #gpu.address_space<global>>
    %7 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<7200xf32, #gpu.address_space<global>>
    %8 = arith.index_castui %thread_id_x : index to i32
    %9 = arith.divui %8, %c64_i32 : i32
    %10 = arith.remui %8, %c64_i32 : i32
    %11 = arith.divui %10, %c32_i32 : i32
    %12 = arith.remui %8, %c32_i32 : i32
    %13 = arith.divui %8, %c8_i32 : i32
    %14 = arith.index_castui %13 : i32 to index
    %15 = arith.remui %8, %c8_i32 : i32
    %16 = arith.muli %15, %c8_i32 overflow<nsw> : i32
    %17 = arith.minui %16, %c56_i32 : i32
    %18 = arith.index_castui %17 : i32 to index
    %19 = arith.subi %c56_i32, %17 : i32
    %20 = arith.minui %19, %c8_i32 : i32
    %21 = arith.index_castui %20 : i32 to index
    %22 = arith.index_castui %16 : i32 to index
    %23 = arith.addi %8, %c128_i32 overflow<nsw> : i32
    %24 = arith.divui %23, %c8_i32 : i32
    %25 = arith.index_castui %24 : i32 to index
    %26 = arith.remui %23, %c8_i32 : i32
    %27 = arith.muli %26, %c8_i32 overflow<nsw> : i32
    %28 = arith.minui %27, %c56_i32 : i32
    %29 = arith.index_castui %28 : i32 to index
    %30 = arith.subi %c56_i32, %28 : i32
    %31 = arith.minui %30, %c8_i32 : i32
    %32 = arith.index_castui %31 : i32 to index
    %33 = arith.index_castui %27 : i32 to index
    %34 = arith.addi %8, %c256_i32 overflow<nsw> : i32
    %35 = arith.divui %34, %c8_i32 : i32
    %36 = arith.index_castui %35 : i32 to index
    %37 = arith.remui %34, %c8_i32 : i32
    %38 = arith.muli %37, %c8_i32 overflow<nsw> : i32
    %39 = arith.minui %38, %c56_i32 : i32
    %40 = arith.index_castui %39 : i32 to index
    %41 = arith.subi %c56_i32, %39 : i32
    %42 = arith.minui %41, %c8_i32 : i32
    %43 = arith.index_castui %42 : i32 to index
    %44 = arith.index_castui %38 : i32 to index
    %45 = arith.addi %8, %c384_i32 overflow<nsw> : i32
    %46 = arith.divui %45, %c8_i32 : i32
    %47 = arith.index_castui %46 : i32 to index
    %48 = arith.remui %45, %c8_i32 : i32
    %49 = arith.muli %48, %c8_i32 overflow<nsw> : i32
    %50 = arith.minui %49, %c56_i32 : i32
    %51 = arith.index_castui %50 : i32 to index
    %52 = arith.subi %c56_i32, %50 : i32
    %53 = arith.minui %52, %c8_i32 : i32
    %54 = arith.index_castui %53 : i32 to index
    %55 = arith.index_castui %49 : i32 to index
    %56 = arith.divui %8, %c4_i32 : i32
    %57 = arith.index_castui %56 : i32 to index
    %58 = arith.remui %8, %c4_i32 : i32
    %59 = arith.minui %56, %c56_i32 : i32
    %60 = arith.index_castui %59 : i32 to index
    %61 = arith.muli %58, %c8_i32 overflow<nsw> : i32
    %62 = arith.index_castui %61 : i32 to index
    %63 = arith.divui %23, %c4_i32 : i32
    %64 = arith.index_castui %63 : i32 to index
    %65 = arith.remui %23, %c4_i32 : i32
    %66 = arith.minui %63, %c56_i32 : i32
    %67 = arith.index_castui %66 : i32 to index
    %68 = arith.subi %c56_i32, %66 : i32
    %69 = arith.minui %68, %c1_i32 : i32
    %70 = arith.muli %65, %c8_i32 overflow<nsw> : i32
    %71 = arith.index_castui %70 : i32 to index
    %72 = arith.divui %12, %c4_i32 : i32
    %73 = arith.remui %12, %c4_i32 : i32
    %74 = arith.muli %73, %c2_i32 overflow<nsw> : i32
    %75 = arith.index_castui %74 : i32 to index
    %reinterpret_cast = memref.reinterpret_cast %7 to offset: [0], sizes: [7200], strides: [1] : memref<7200xf32, #gpu.address_space<global>> to memref<7200xf32, strided<[1]>, #gpu.address_space<global>>
    %cast = memref.cast %reinterpret_cast : memref<7200xf32, strided<[1]>, #gpu.address_space<global>> to memref<7200xf32, #gpu.address_space<global>>
    %76 = vector.step : vector<2xindex>
    %77:2 = vector.to_elements %76 : vector<2xindex>
    %78 = arith.muli %9, %c2_i32 overflow<nsw> : i32
    %79 = arith.index_castui %78 : i32 to index
    %80 = arith.addi %77#0, %79 : index
    %81 = arith.addi %77#1, %79 : index
    %82 = arith.index_castui %72 : i32 to index
    %83 = arith.muli %11, %c2_i32 overflow<nsw> : i32
    %84 = arith.index_castui %83 : i32 to index
    %85 = arith.addi %77#0, %84 : index
    %86 = arith.addi %77#1, %84 : index
    %87 = vector.broadcast %74 : i32 to vector<2xi32>
    %88 = arith.index_castui %76 : vector<2xindex> to vector<2xi32>
    %89 = arith.addi %88, %87 : vector<2xi32>
    %90 = arith.index_castui %89 : vector<2xi32> to vector<2xindex>
    %91 = arith.muli %80, %c16 overflow<nsw> : index
    %92 = arith.muli %81, %c16 overflow<nsw> : index
    %93 = arith.muli %77#0, %c8 overflow<nsw> : index
    %94 = arith.muli %77#1, %c8 overflow<nsw> : index
    %95 = arith.addi %91, %93 overflow<nsw> : index
    %96 = arith.addi %91, %94 overflow<nsw> : index
    %97 = arith.addi %92, %93 overflow<nsw> : index
    %98 = arith.addi %92, %94 overflow<nsw> : index
    %99 = arith.addi %95, %82 overflow<nsw> : index
    %100 = arith.addi %96, %82 overflow<nsw> : index
    %101 = arith.addi %97, %82 overflow<nsw> : index
    %102 = arith.addi %98, %82 overflow<nsw> : index
    %103 = arith.muli %85, %c8 overflow<nsw> : index
    %104 = vector.broadcast %103 : index to vector<2xindex>
    %105 = arith.muli %86, %c8 overflow<nsw> : index
    %106 = vector.broadcast %105 : index to vector<2xindex>
    %107 = arith.addi %104, %90 overflow<nsw> : vector<2xindex>
    %108 = arith.addi %106, %90 overflow<nsw> : vector<2xindex>
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 6 : index
    %109 = arith.index_castui %workgroup_id_x : index to i32
    %110 = arith.divui %109, %c3_i32 : i32
    %111 = arith.remui %109, %c3_i32 : i32
    %112 = arith.muli %111, %c32_i32 overflow<nsw> : i32
    %113 = arith.muli %110, %c64_i32 overflow<nsw> : i32
    %114 = arith.muli %110, %c-64_i32 overflow<nsw> : i32
    %115 = arith.addi %114, %c100_i32 : i32
    %116 = arith.minui %115, %c64_i32 : i32
    %117 = arith.muli %111, %c-32_i32 overflow<nsw> : i32
    %118 = arith.addi %117, %c72_i32 : i32
    %119 = arith.minui %118, %c32_i32 : i32
    %120 = arith.minui %116, %c64_i32 : i32
    %121 = arith.minui %119, %c32_i32 : i32
    %122 = arith.minui %120, %13 : i32
    %123 = vector.create_mask %21 : vector<8xi1>
    %124 = arith.addi %122, %113 : i32
    %125 = arith.index_castui %124 : i32 to index
    %126 = vector.maskedload %assume_align[%125, %18], %123, %cst : memref<100x56xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %126, %alloc_2[%14, %22] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %127 = arith.minui %120, %24 : i32
    %128 = vector.create_mask %32 : vector<8xi1>
    %129 = arith.addi %127, %113 : i32
    %130 = arith.index_castui %129 : i32 to index
    %131 = vector.maskedload %assume_align[%130, %29], %128, %cst : memref<100x56xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %131, %alloc_2[%25, %33] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %132 = arith.minui %120, %35 : i32
    %133 = arith.subi %120, %132 : i32
    %134 = arith.minsi %133, %c1_i32 : i32
    %135 = vector.create_mask %43 : vector<8xi1>
    %136 = arith.cmpi sgt, %134, %c0_i32 : i32
    %137 = arith.select %136, %135, %cst_0 : vector<8xi1>
    %138 = arith.addi %132, %113 : i32
    %139 = arith.index_castui %138 : i32 to index
    %140 = vector.maskedload %assume_align[%139, %40], %137, %cst : memref<100x56xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %140, %alloc_2[%36, %44] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %141 = arith.minui %120, %46 : i32
    %142 = arith.subi %120, %141 : i32
    %143 = arith.minsi %142, %c1_i32 : i32
    %144 = vector.create_mask %54 : vector<8xi1>
    %145 = arith.cmpi sgt, %143, %c0_i32 : i32
    %146 = arith.select %145, %144, %cst_0 : vector<8xi1>
    %147 = arith.addi %141, %113 : i32
    %148 = arith.index_castui %147 : i32 to index
    %149 = vector.maskedload %assume_align[%148, %51], %146, %cst : memref<100x56xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %149, %alloc_2[%47, %55] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %150 = arith.minui %121, %61 : i32
    %151 = arith.subi %121, %150 : i32
    %152 = arith.minsi %151, %c8_i32 : i32
    %153 = arith.index_cast %152 : i32 to index
    %154 = vector.create_mask %153 : vector<8xi1>
    %155 = arith.addi %150, %112 : i32
    %156 = arith.index_castui %155 : i32 to index
    %157 = vector.maskedload %assume_align_3[%60, %156], %154, %cst : memref<56x72xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %157, %alloc[%57, %62] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %158 = arith.minui %121, %70 : i32
    %159 = arith.subi %121, %158 : i32
    %160 = arith.minsi %159, %c8_i32 : i32
    %161 = arith.index_cast %160 : i32 to index
    %162 = vector.create_mask %161 : vector<8xi1>
    %163 = arith.cmpi sgt, %69, %c0_i32 : i32
    %164 = arith.select %163, %162, %cst_0 : vector<8xi1>
    %165 = arith.addi %158, %112 : i32
    %166 = arith.index_castui %165 : i32 to index
    %167 = vector.maskedload %assume_align_3[%67, %166], %164, %cst : memref<56x72xf16, #gpu.address_space<global>>, vector<8xi1>, vector<8xf16> into vector<8xf16>
    vector.store %167, %alloc[%64, %71] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %168 = arith.muli %9, %c32_i32 overflow<nsw> : i32
    %169 = arith.addi %168, %72 overflow<nsw> : i32
    %170 = arith.index_castui %169 : i32 to index
    %171 = vector.load %alloc_2[%170, %75] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %172 = arith.addi %74, %c8_i32 overflow<nsw> : i32
    %173 = arith.index_castui %172 : i32 to index
    %174 = vector.load %alloc_2[%170, %173] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %175 = arith.addi %74, %c16_i32 overflow<nsw> : i32
    %176 = arith.index_castui %175 : i32 to index
    %177 = vector.load %alloc_2[%170, %176] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %178 = arith.addi %74, %c24_i32 overflow<nsw> : i32
    %179 = arith.index_castui %178 : i32 to index
    %180 = vector.load %alloc_2[%170, %179] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %181 = arith.addi %74, %c32_i32 overflow<nsw> : i32
    %182 = arith.index_castui %181 : i32 to index
    %183 = vector.load %alloc_2[%170, %182] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %184 = arith.addi %74, %c40_i32 overflow<nsw> : i32
    %185 = arith.index_castui %184 : i32 to index
    %186 = vector.load %alloc_2[%170, %185] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %187 = arith.addi %74, %c48_i32 overflow<nsw> : i32
    %188 = arith.index_castui %187 : i32 to index
    %189 = vector.load %alloc_2[%170, %188] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %190 = arith.addi %74, %c56_i32 overflow<nsw> : i32
    %191 = arith.index_castui %190 : i32 to index
    %192 = vector.load %alloc_2[%170, %191] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %193 = arith.addi %169, %c8_i32 overflow<nsw> : i32
    %194 = arith.index_castui %193 : i32 to index
    %195 = vector.load %alloc_2[%194, %75] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %196 = vector.load %alloc_2[%194, %173] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %197:2 = vector.to_elements %171 : vector<2xf16>
    %198:2 = vector.to_elements %195 : vector<2xf16>
    %199:2 = vector.to_elements %174 : vector<2xf16>
    %200:2 = vector.to_elements %196 : vector<2xf16>
    %201 = vector.from_elements %197#0, %197#1, %198#0, %198#1, %199#0, %199#1, %200#0, %200#1 : vector<4x2xf16>
    %202 = vector.load %alloc_2[%194, %176] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %203 = vector.load %alloc_2[%194, %179] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %204:2 = vector.to_elements %177 : vector<2xf16>
    %205:2 = vector.to_elements %202 : vector<2xf16>
    %206:2 = vector.to_elements %180 : vector<2xf16>
    %207:2 = vector.to_elements %203 : vector<2xf16>
    %208 = vector.from_elements %204#0, %204#1, %205#0, %205#1, %206#0, %206#1, %207#0, %207#1 : vector<4x2xf16>
    %209 = vector.load %alloc_2[%194, %182] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %210 = vector.load %alloc_2[%194, %185] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %211:2 = vector.to_elements %183 : vector<2xf16>
    %212:2 = vector.to_elements %209 : vector<2xf16>
    %213:2 = vector.to_elements %186 : vector<2xf16>
    %214:2 = vector.to_elements %210 : vector<2xf16>
    %215 = vector.from_elements %211#0, %211#1, %212#0, %212#1, %213#0, %213#1, %214#0, %214#1 : vector<4x2xf16>
    %216 = vector.load %alloc_2[%194, %188] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %217 = vector.load %alloc_2[%194, %191] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %218:2 = vector.to_elements %189 : vector<2xf16>
    %219:2 = vector.to_elements %216 : vector<2xf16>
    %220:2 = vector.to_elements %192 : vector<2xf16>
    %221:2 = vector.to_elements %217 : vector<2xf16>
    %222 = vector.from_elements %218#0, %218#1, %219#0, %219#1, %220#0, %220#1, %221#0, %221#1 : vector<4x2xf16>
    %223 = arith.addi %169, %c16_i32 overflow<nsw> : i32
    %224 = arith.index_castui %223 : i32 to index
    %225 = vector.load %alloc_2[%224, %75] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %226 = vector.load %alloc_2[%224, %173] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %227 = vector.load %alloc_2[%224, %176] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %228 = vector.load %alloc_2[%224, %179] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %229 = vector.load %alloc_2[%224, %182] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %230 = vector.load %alloc_2[%224, %185] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %231 = vector.load %alloc_2[%224, %188] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %232 = vector.load %alloc_2[%224, %191] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %233 = arith.addi %169, %c24_i32 overflow<nsw> : i32
    %234 = arith.index_castui %233 : i32 to index
    %235 = vector.load %alloc_2[%234, %75] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %236 = vector.load %alloc_2[%234, %173] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %237:2 = vector.to_elements %225 : vector<2xf16>
    %238:2 = vector.to_elements %235 : vector<2xf16>
    %239:2 = vector.to_elements %226 : vector<2xf16>
    %240:2 = vector.to_elements %236 : vector<2xf16>
    %241 = vector.from_elements %237#0, %237#1, %238#0, %238#1, %239#0, %239#1, %240#0, %240#1 : vector<4x2xf16>
    %242 = vector.load %alloc_2[%234, %176] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %243 = vector.load %alloc_2[%234, %179] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %244:2 = vector.to_elements %227 : vector<2xf16>
    %245:2 = vector.to_elements %242 : vector<2xf16>
    %246:2 = vector.to_elements %228 : vector<2xf16>
    %247:2 = vector.to_elements %243 : vector<2xf16>
    %248 = vector.from_elements %244#0, %244#1, %245#0, %245#1, %246#0, %246#1, %247#0, %247#1 : vector<4x2xf16>
    %249 = vector.load %alloc_2[%234, %182] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %250 = vector.load %alloc_2[%234, %185] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %251:2 = vector.to_elements %229 : vector<2xf16>
    %252:2 = vector.to_elements %249 : vector<2xf16>
    %253:2 = vector.to_elements %230 : vector<2xf16>
    %254:2 = vector.to_elements %250 : vector<2xf16>
    %255 = vector.from_elements %251#0, %251#1, %252#0, %252#1, %253#0, %253#1, %254#0, %254#1 : vector<4x2xf16>
    %256 = vector.load %alloc_2[%234, %188] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %257 = vector.load %alloc_2[%234, %191] : memref<64x68xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %258:2 = vector.to_elements %231 : vector<2xf16>
    %259:2 = vector.to_elements %256 : vector<2xf16>
    %260:2 = vector.to_elements %232 : vector<2xf16>
    %261:2 = vector.to_elements %257 : vector<2xf16>
    %262 = vector.from_elements %258#0, %258#1, %259#0, %259#1, %260#0, %260#1, %261#0, %261#1 : vector<4x2xf16>
    %263 = arith.muli %11, %c16_i32 overflow<nsw> : i32
    %264 = arith.addi %263, %72 overflow<nsw> : i32
    %265 = arith.index_castui %264 : i32 to index
    %266 = vector.load %alloc[%75, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %267 = arith.addi %264, %c8_i32 overflow<nsw> : i32
    %268 = arith.index_castui %267 : i32 to index
    %269 = vector.load %alloc[%75, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %270 = arith.addi %74, %c1_i32 overflow<nsw> : i32
    %271 = arith.index_castui %270 : i32 to index
    %272 = vector.load %alloc[%271, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %273 = vector.load %alloc[%271, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %274 = vector.load %alloc[%173, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %275 = vector.load %alloc[%173, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %276 = arith.addi %74, %c9_i32 overflow<nsw> : i32
    %277 = arith.index_castui %276 : i32 to index
    %278 = vector.load %alloc[%277, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %279 = vector.load %alloc[%277, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %280 = vector.load %alloc[%176, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %281 = vector.load %alloc[%176, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %282 = arith.addi %74, %c17_i32 overflow<nsw> : i32
    %283 = arith.index_castui %282 : i32 to index
    %284 = vector.load %alloc[%283, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %285 = vector.load %alloc[%283, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %286 = vector.load %alloc[%179, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %287 = vector.load %alloc[%179, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %288 = arith.addi %74, %c25_i32 overflow<nsw> : i32
    %289 = arith.index_castui %288 : i32 to index
    %290 = vector.load %alloc[%289, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %291 = vector.load %alloc[%289, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %292 = vector.load %alloc[%182, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %293 = vector.load %alloc[%182, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %294 = arith.addi %74, %c33_i32 overflow<nsw> : i32
    %295 = arith.index_castui %294 : i32 to index
    %296 = vector.load %alloc[%295, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %297 = vector.load %alloc[%295, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %298 = vector.load %alloc[%185, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %299 = vector.load %alloc[%185, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %300 = arith.addi %74, %c41_i32 overflow<nsw> : i32
    %301 = arith.index_castui %300 : i32 to index
    %302 = vector.load %alloc[%301, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %303 = vector.load %alloc[%301, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %304 = vector.load %alloc[%188, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %305 = vector.load %alloc[%188, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %306 = arith.addi %74, %c49_i32 overflow<nsw> : i32
    %307 = arith.index_castui %306 : i32 to index
    %308 = vector.load %alloc[%307, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %309 = vector.load %alloc[%307, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %310 = vector.load %alloc[%191, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %311 = vector.load %alloc[%191, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %312 = arith.addi %74, %c57_i32 overflow<nsw> : i32
    %313 = arith.index_castui %312 : i32 to index
    %314 = vector.load %alloc[%313, %265] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %315 = vector.load %alloc[%313, %268] : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %316 = vector.to_elements %266 : vector<1xf16>
    %317 = vector.to_elements %269 : vector<1xf16>
    %318 = vector.to_elements %272 : vector<1xf16>
    %319 = vector.to_elements %273 : vector<1xf16>
    %320 = vector.to_elements %274 : vector<1xf16>
    %321 = vector.to_elements %275 : vector<1xf16>
    %322 = vector.to_elements %278 : vector<1xf16>
    %323 = vector.to_elements %279 : vector<1xf16>
    %324 = vector.to_elements %280 : vector<1xf16>
    %325 = vector.to_elements %281 : vector<1xf16>
    %326 = vector.to_elements %284 : vector<1xf16>
    %327 = vector.to_elements %285 : vector<1xf16>
    %328 = vector.to_elements %286 : vector<1xf16>
    %329 = vector.to_elements %287 : vector<1xf16>
    %330 = vector.to_elements %290 : vector<1xf16>
    %331 = vector.to_elements %291 : vector<1xf16>
    %332 = vector.to_elements %292 : vector<1xf16>
    %333 = vector.to_elements %293 : vector<1xf16>
    %334 = vector.to_elements %296 : vector<1xf16>
    %335 = vector.to_elements %297 : vector<1xf16>
    %336 = vector.to_elements %298 : vector<1xf16>
    %337 = vector.to_elements %299 : vector<1xf16>
    %338 = vector.to_elements %302 : vector<1xf16>
    %339 = vector.to_elements %303 : vector<1xf16>
    %340 = vector.to_elements %304 : vector<1xf16>
    %341 = vector.to_elements %305 : vector<1xf16>
    %342 = vector.to_elements %308 : vector<1xf16>
    %343 = vector.to_elements %309 : vector<1xf16>
    %344 = vector.to_elements %310 : vector<1xf16>
    %345 = vector.to_elements %311 : vector<1xf16>
    %346 = vector.to_elements %314 : vector<1xf16>
    %347 = vector.to_elements %315 : vector<1xf16>
    %348 = vector.from_elements %316, %318, %320, %322 : vector<2x2xf16>
    %349 = vector.from_elements %317, %319, %321, %323 : vector<2x2xf16>
    %350 = vector.from_elements %324, %326, %328, %330 : vector<2x2xf16>
    %351 = vector.from_elements %325, %327, %329, %331 : vector<2x2xf16>
    %352 = vector.from_elements %332, %334, %336, %338 : vector<2x2xf16>
    %353 = vector.from_elements %333, %335, %337, %339 : vector<2x2xf16>
    %354 = vector.from_elements %340, %342, %344, %346 : vector<2x2xf16>
    %355 = vector.from_elements %341, %343, %345, %347 : vector<2x2xf16>
    %356 = nvgpu.mma.sync(%201, %348, %4) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %357 = nvgpu.mma.sync(%201, %349, %4) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %358 = nvgpu.mma.sync(%241, %348, %4) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %359 = nvgpu.mma.sync(%241, %349, %4) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %360 = nvgpu.mma.sync(%208, %350, %356) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %361 = nvgpu.mma.sync(%208, %351, %357) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %362 = nvgpu.mma.sync(%248, %350, %358) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %363 = nvgpu.mma.sync(%248, %351, %359) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %364 = nvgpu.mma.sync(%215, %352, %360) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %365 = nvgpu.mma.sync(%215, %353, %361) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %366 = nvgpu.mma.sync(%255, %352, %362) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %367 = nvgpu.mma.sync(%255, %353, %363) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %368 = nvgpu.mma.sync(%222, %354, %364) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %369 = vector.extract %368[0] : vector<2xf32> from vector<2x2xf32>
    %370 = vector.extract %368[1] : vector<2xf32> from vector<2x2xf32>
    %371 = nvgpu.mma.sync(%222, %355, %365) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %372 = vector.extract %371[0] : vector<2xf32> from vector<2x2xf32>
    %373 = vector.extract %371[1] : vector<2xf32> from vector<2x2xf32>
    %374 = nvgpu.mma.sync(%262, %354, %366) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %375 = vector.extract %374[0] : vector<2xf32> from vector<2x2xf32>
    %376 = vector.extract %374[1] : vector<2xf32> from vector<2x2xf32>
    %377 = nvgpu.mma.sync(%262, %355, %367) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %378 = vector.extract %377[0] : vector<2xf32> from vector<2x2xf32>
    %379 = vector.extract %377[1] : vector<2xf32> from vector<2x2xf32>
    %380 = arith.index_castui %116 : i32 to index
    %381 = arith.cmpi ult, %99, %380 : index
    %382 = vector.broadcast %381 : i1 to vector<2xi1>
    %383 = arith.cmpi ult, %100, %380 : index
    %384 = vector.broadcast %383 : i1 to vector<2xi1>
    %385 = arith.cmpi ult, %101, %380 : index
    %386 = vector.broadcast %385 : i1 to vector<2xi1>
    %387 = arith.cmpi ult, %102, %380 : index
    %388 = vector.broadcast %387 : i1 to vector<2xi1>
    %389 = arith.index_castui %119 : i32 to index
    %390 = vector.broadcast %389 : index to vector<2xindex>
    %391 = arith.cmpi ult, %107, %390 : vector<2xindex>
    %392 = arith.cmpi ult, %108, %390 : vector<2xindex>
    %393 = arith.andi %382, %391 : vector<2xi1>
    %394 = arith.andi %382, %392 : vector<2xi1>
    %395 = arith.andi %384, %391 : vector<2xi1>
    %396 = arith.andi %384, %392 : vector<2xi1>
    %397 = arith.andi %386, %391 : vector<2xi1>
    %398 = arith.andi %386, %392 : vector<2xi1>
    %399 = arith.andi %388, %391 : vector<2xi1>
    %400 = arith.andi %388, %392 : vector<2xi1>
    %401 = arith.index_castui %113 : i32 to index
    %402 = arith.addi %401, %99 : index
    %403 = arith.addi %401, %100 : index
    %404 = arith.addi %401, %101 : index
    %405 = arith.addi %401, %102 : index
    %406 = arith.index_castui %112 : i32 to index
    %407 = vector.broadcast %406 : index to vector<2xindex>
    %408 = arith.addi %407, %107 : vector<2xindex>
    %409 = arith.addi %407, %108 : vector<2xindex>
    %410 = arith.muli %402, %c72 overflow<nsw> : index
    %411 = vector.broadcast %410 : index to vector<2xindex>
    %412 = arith.muli %403, %c72 overflow<nsw> : index
    %413 = vector.broadcast %412 : index to vector<2xindex>
    %414 = arith.muli %404, %c72 overflow<nsw> : index
    %415 = vector.broadcast %414 : index to vector<2xindex>
    %416 = arith.muli %405, %c72 overflow<nsw> : index
    %417 = vector.broadcast %416 : index to vector<2xindex>
    %418 = arith.addi %411, %408 overflow<nsw> : vector<2xindex>
    %419 = arith.addi %411, %409 overflow<nsw> : vector<2xindex>
    %420 = arith.addi %413, %408 overflow<nsw> : vector<2xindex>
    %421 = arith.addi %413, %409 overflow<nsw> : vector<2xindex>
    %422 = arith.addi %415, %408 overflow<nsw> : vector<2xindex>
    %423 = arith.addi %415, %409 overflow<nsw> : vector<2xindex>
    %424 = arith.addi %417, %408 overflow<nsw> : vector<2xindex>
    %425 = arith.addi %417, %409 overflow<nsw> : vector<2xindex>
    %426 = vector.insert_strided_slice %418, %2 offsets = [0], strides = [1] : vector<2xindex> into vector<16xindex>
    %427 = vector.insert_strided_slice %419, %426 offsets = [2], strides = [1] : vector<2xindex> into vector<16xindex>
    %428 = vector.insert_strided_slice %420, %427 offsets = [4], strides = [1] : vector<2xindex> into vector<16xindex>
    %429 = vector.insert_strided_slice %421, %428 offsets = [6], strides = [1] : vector<2xindex> into vector<16xindex>
    %430 = vector.insert_strided_slice %422, %429 offsets = [8], strides = [1] : vector<2xindex> into vector<16xindex>
    %431 = vector.insert_strided_slice %423, %430 offsets = [10], strides = [1] : vector<2xindex> into vector<16xindex>
    %432 = vector.insert_strided_slice %424, %431 offsets = [12], strides = [1] : vector<2xindex> into vector<16xindex>
    %433 = vector.insert_strided_slice %425, %432 offsets = [14], strides = [1] : vector<2xindex> into vector<16xindex>
    %434 = vector.insert_strided_slice %393, %1 offsets = [0], strides = [1] : vector<2xi1> into vector<16xi1>
    %435 = vector.insert_strided_slice %394, %434 offsets = [2], strides = [1] : vector<2xi1> into vector<16xi1>
    %436 = vector.insert_strided_slice %395, %435 offsets = [4], strides = [1] : vector<2xi1> into vector<16xi1>
    %437 = vector.insert_strided_slice %396, %436 offsets = [6], strides = [1] : vector<2xi1> into vector<16xi1>
    %438 = vector.insert_strided_slice %397, %437 offsets = [8], strides = [1] : vector<2xi1> into vector<16xi1>
    %439 = vector.insert_strided_slice %398, %438 offsets = [10], strides = [1] : vector<2xi1> into vector<16xi1>
    %440 = vector.insert_strided_slice %399, %439 offsets = [12], strides = [1] : vector<2xi1> into vector<16xi1>
    %441 = vector.insert_strided_slice %400, %440 offsets = [14], strides = [1] : vector<2xi1> into vector<16xi1>
    %442 = vector.insert_strided_slice %369, %0 offsets = [0], strides = [1] : vector<2xf32> into vector<16xf32>
    %443 = vector.insert_strided_slice %372, %442 offsets = [2], strides = [1] : vector<2xf32> into vector<16xf32>
    %444 = vector.insert_strided_slice %370, %443 offsets = [4], strides = [1] : vector<2xf32> into vector<16xf32>
    %445 = vector.insert_strided_slice %373, %444 offsets = [6], strides = [1] : vector<2xf32> into vector<16xf32>
    %446 = vector.insert_strided_slice %375, %445 offsets = [8], strides = [1] : vector<2xf32> into vector<16xf32>
    %447 = vector.insert_strided_slice %378, %446 offsets = [10], strides = [1] : vector<2xf32> into vector<16xf32>
    %448 = vector.insert_strided_slice %376, %447 offsets = [12], strides = [1] : vector<2xf32> into vector<16xf32>
    %449 = vector.insert_strided_slice %379, %448 offsets = [14], strides = [1] : vector<2xf32> into vector<16xf32>
    vector.scatter %cast[%c0] [%433], %441, %449 : memref<7200xf32, #gpu.address_space<global>>, vector<16xindex>, vector<16xi1>, vector<16xf32>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    memref.dealloc %alloc_2 : memref<64x68xf16, #gpu.address_space<workgroup>>
    memref.dealloc %alloc : memref<64x36xf16, #gpu.address_space<workgroup>>
    return
  }
}
