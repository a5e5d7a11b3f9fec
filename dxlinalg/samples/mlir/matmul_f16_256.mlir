// matmul_f16_256: C[256x256 f32] = A[256x256 f16] x B[256x256 f16], f32 accumulation.
// IREE dispatch at the nvgpu level (IR before iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/matmul_f16_256.mlir; see dxlinalg/samples/mlir/COMMANDS.txt.
module {
  func.func @matmul_f16_256_dispatch_0_matmul_256x256x256_f16xf16xf32() attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    %c2_i32 = arith.constant 2 : i32
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
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %c896_i32 = arith.constant 896 : i32
    %c768_i32 = arith.constant 768 : i32
    %c640_i32 = arith.constant 640 : i32
    %c512_i32 = arith.constant 512 : i32
    %c384_i32 = arith.constant 384 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
    %alloc = memref.alloc() : memref<128x68xf16, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<64x132xf16, #gpu.address_space<workgroup>>
    %thread_id_x = gpu.thread_id x upper_bound 128
    %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<256x256xf16, #gpu.address_space<global>>
    %assume_align = memref.assume_alignment %0, 64 : memref<256x256xf16, #gpu.address_space<global>>
    %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<256x256xf16, #gpu.address_space<global>>
    %assume_align_1 = memref.assume_alignment %1, 64 : memref<256x256xf16, #gpu.address_space<global>>
    %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<256x256xf32, #gpu.address_space<global>>
    %assume_align_2 = memref.assume_alignment %2, 64 : memref<256x256xf32, #gpu.address_space<global>>
    %3 = arith.index_castui %thread_id_x : index to i32
    %4 = arith.divui %3, %c64_i32 : i32
    %5 = arith.remui %3, %c64_i32 : i32
    %6 = arith.divui %5, %c32_i32 : i32
    %7 = arith.remui %3, %c32_i32 : i32
    %8 = arith.divui %7, %c4_i32 : i32
    %9 = arith.remui %7, %c4_i32 : i32
    %10 = arith.muli %9, %c2_i32 overflow<nsw> : i32
    %11 = arith.index_castui %10 : i32 to index
    %12 = arith.divui %3, %c16_i32 : i32
    %13 = arith.index_castui %12 : i32 to index
    %14 = arith.remui %3, %c16_i32 : i32
    %15 = arith.addi %3, %c128_i32 overflow<nsw> : i32
    %16 = arith.divui %15, %c16_i32 : i32
    %17 = arith.index_castui %16 : i32 to index
    %18 = arith.remui %15, %c16_i32 : i32
    %19 = arith.addi %3, %c256_i32 overflow<nsw> : i32
    %20 = arith.divui %19, %c16_i32 : i32
    %21 = arith.index_castui %20 : i32 to index
    %22 = arith.remui %19, %c16_i32 : i32
    %23 = arith.addi %3, %c384_i32 overflow<nsw> : i32
    %24 = arith.divui %23, %c16_i32 : i32
    %25 = arith.index_castui %24 : i32 to index
    %26 = arith.remui %23, %c16_i32 : i32
    %27 = arith.addi %3, %c512_i32 overflow<nsw> : i32
    %28 = arith.divui %27, %c16_i32 : i32
    %29 = arith.index_castui %28 : i32 to index
    %30 = arith.remui %27, %c16_i32 : i32
    %31 = arith.addi %3, %c640_i32 overflow<nsw> : i32
    %32 = arith.divui %31, %c16_i32 : i32
    %33 = arith.index_castui %32 : i32 to index
    %34 = arith.remui %31, %c16_i32 : i32
    %35 = arith.addi %3, %c768_i32 overflow<nsw> : i32
    %36 = arith.divui %35, %c16_i32 : i32
    %37 = arith.index_castui %36 : i32 to index
    %38 = arith.remui %35, %c16_i32 : i32
    %39 = arith.addi %3, %c896_i32 overflow<nsw> : i32
    %40 = arith.divui %39, %c16_i32 : i32
    %41 = arith.index_castui %40 : i32 to index
    %42 = arith.remui %39, %c16_i32 : i32
    %43 = arith.divui %3, %c8_i32 : i32
    %44 = arith.index_castui %43 : i32 to index
    %45 = arith.remui %3, %c8_i32 : i32
    %46 = arith.divui %15, %c8_i32 : i32
    %47 = arith.index_castui %46 : i32 to index
    %48 = arith.remui %15, %c8_i32 : i32
    %49 = arith.divui %19, %c8_i32 : i32
    %50 = arith.index_castui %49 : i32 to index
    %51 = arith.remui %19, %c8_i32 : i32
    %52 = arith.divui %23, %c8_i32 : i32
    %53 = arith.index_castui %52 : i32 to index
    %54 = arith.remui %23, %c8_i32 : i32
    %55 = arith.divui %27, %c8_i32 : i32
    %56 = arith.index_castui %55 : i32 to index
    %57 = arith.remui %27, %c8_i32 : i32
    %58 = arith.divui %31, %c8_i32 : i32
    %59 = arith.index_castui %58 : i32 to index
    %60 = arith.remui %31, %c8_i32 : i32
    %61 = arith.divui %35, %c8_i32 : i32
    %62 = arith.index_castui %61 : i32 to index
    %63 = arith.remui %35, %c8_i32 : i32
    %64 = arith.divui %39, %c8_i32 : i32
    %65 = arith.index_castui %64 : i32 to index
    %66 = arith.remui %39, %c8_i32 : i32
    %67 = arith.muli %14, %c8_i32 overflow<nsw> : i32
    %68 = arith.index_castui %67 : i32 to index
    %69 = arith.muli %18, %c8_i32 overflow<nsw> : i32
    %70 = arith.index_castui %69 : i32 to index
    %71 = arith.muli %22, %c8_i32 overflow<nsw> : i32
    %72 = arith.index_castui %71 : i32 to index
    %73 = arith.muli %26, %c8_i32 overflow<nsw> : i32
    %74 = arith.index_castui %73 : i32 to index
    %75 = arith.muli %30, %c8_i32 overflow<nsw> : i32
    %76 = arith.index_castui %75 : i32 to index
    %77 = arith.muli %34, %c8_i32 overflow<nsw> : i32
    %78 = arith.index_castui %77 : i32 to index
    %79 = arith.muli %38, %c8_i32 overflow<nsw> : i32
    %80 = arith.index_castui %79 : i32 to index
    %81 = arith.muli %42, %c8_i32 overflow<nsw> : i32
    %82 = arith.index_castui %81 : i32 to index
    %83 = arith.muli %45, %c8_i32 overflow<nsw> : i32
    %84 = arith.index_castui %83 : i32 to index
    %85 = arith.muli %48, %c8_i32 overflow<nsw> : i32
    %86 = arith.index_castui %85 : i32 to index
    %87 = arith.muli %51, %c8_i32 overflow<nsw> : i32
    %88 = arith.index_castui %87 : i32 to index
    %89 = arith.muli %54, %c8_i32 overflow<nsw> : i32
    %90 = arith.index_castui %89 : i32 to index
    %91 = arith.muli %57, %c8_i32 overflow<nsw> : i32
    %92 = arith.index_castui %91 : i32 to index
    %93 = arith.muli %60, %c8_i32 overflow<nsw> : i32
    %94 = arith.index_castui %93 : i32 to index
    %95 = arith.muli %63, %c8_i32 overflow<nsw> : i32
    %96 = arith.index_castui %95 : i32 to index
    %97 = arith.muli %66, %c8_i32 overflow<nsw> : i32
    %98 = arith.index_castui %97 : i32 to index
    %workgroup_id_x = hal.interface.workgroup.id[0] upper_bound 16 : index
    %99 = arith.index_castui %workgroup_id_x : index to i32
    %100 = arith.divui %99, %c4_i32 : i32
    %101 = arith.remui %99, %c4_i32 : i32
    %102 = arith.muli %100, %c64_i32 overflow<nsw> : i32
    %103 = arith.addi %12, %102 : i32
    %104 = arith.index_castui %103 : i32 to index
    %105 = arith.addi %16, %102 : i32
    %106 = arith.index_castui %105 : i32 to index
    %107 = arith.addi %20, %102 : i32
    %108 = arith.index_castui %107 : i32 to index
    %109 = arith.addi %24, %102 : i32
    %110 = arith.index_castui %109 : i32 to index
    %111 = arith.addi %28, %102 : i32
    %112 = arith.index_castui %111 : i32 to index
    %113 = arith.addi %32, %102 : i32
    %114 = arith.index_castui %113 : i32 to index
    %115 = arith.addi %36, %102 : i32
    %116 = arith.index_castui %115 : i32 to index
    %117 = arith.addi %40, %102 : i32
    %118 = arith.index_castui %117 : i32 to index
    %119 = arith.muli %101, %c64_i32 overflow<nsw> : i32
    %120 = arith.addi %83, %119 : i32
    %121 = arith.index_castui %120 : i32 to index
    %122 = arith.addi %85, %119 : i32
    %123 = arith.index_castui %122 : i32 to index
    %124 = arith.addi %87, %119 : i32
    %125 = arith.index_castui %124 : i32 to index
    %126 = arith.addi %89, %119 : i32
    %127 = arith.index_castui %126 : i32 to index
    %128 = arith.addi %91, %119 : i32
    %129 = arith.index_castui %128 : i32 to index
    %130 = arith.addi %93, %119 : i32
    %131 = arith.index_castui %130 : i32 to index
    %132 = arith.addi %95, %119 : i32
    %133 = arith.index_castui %132 : i32 to index
    %134 = arith.addi %97, %119 : i32
    %135 = arith.index_castui %134 : i32 to index
    %136 = arith.muli %4, %c2_i32 overflow<nsw> : i32
    %137 = arith.muli %4, %c32_i32 overflow<nsw> : i32
    %138 = arith.addi %137, %8 overflow<nsw> : i32
    %139 = arith.index_castui %138 : i32 to index
    %140 = arith.addi %10, %c8_i32 overflow<nsw> : i32
    %141 = arith.index_castui %140 : i32 to index
    %142 = arith.addi %10, %c16_i32 overflow<nsw> : i32
    %143 = arith.index_castui %142 : i32 to index
    %144 = arith.addi %10, %c24_i32 overflow<nsw> : i32
    %145 = arith.index_castui %144 : i32 to index
    %146 = arith.addi %10, %c32_i32 overflow<nsw> : i32
    %147 = arith.index_castui %146 : i32 to index
    %148 = arith.addi %10, %c40_i32 overflow<nsw> : i32
    %149 = arith.index_castui %148 : i32 to index
    %150 = arith.addi %10, %c48_i32 overflow<nsw> : i32
    %151 = arith.index_castui %150 : i32 to index
    %152 = arith.addi %10, %c56_i32 overflow<nsw> : i32
    %153 = arith.index_castui %152 : i32 to index
    %154 = arith.addi %10, %c64_i32 overflow<nsw> : i32
    %155 = arith.index_castui %154 : i32 to index
    %156 = arith.addi %10, %c72_i32 overflow<nsw> : i32
    %157 = arith.index_castui %156 : i32 to index
    %158 = arith.addi %10, %c80_i32 overflow<nsw> : i32
    %159 = arith.index_castui %158 : i32 to index
    %160 = arith.addi %10, %c88_i32 overflow<nsw> : i32
    %161 = arith.index_castui %160 : i32 to index
    %162 = arith.addi %10, %c96_i32 overflow<nsw> : i32
    %163 = arith.index_castui %162 : i32 to index
    %164 = arith.addi %10, %c104_i32 overflow<nsw> : i32
    %165 = arith.index_castui %164 : i32 to index
    %166 = arith.addi %10, %c112_i32 overflow<nsw> : i32
    %167 = arith.index_castui %166 : i32 to index
    %168 = arith.addi %10, %c120_i32 overflow<nsw> : i32
    %169 = arith.index_castui %168 : i32 to index
    %170 = arith.addi %138, %c8_i32 overflow<nsw> : i32
    %171 = arith.index_castui %170 : i32 to index
    %172 = arith.addi %138, %c16_i32 overflow<nsw> : i32
    %173 = arith.index_castui %172 : i32 to index
    %174 = arith.addi %138, %c24_i32 overflow<nsw> : i32
    %175 = arith.index_castui %174 : i32 to index
    %176 = arith.muli %6, %c4_i32 overflow<nsw> : i32
    %177 = arith.muli %6, %c32_i32 overflow<nsw> : i32
    %178 = arith.addi %177, %8 overflow<nsw> : i32
    %179 = arith.index_castui %178 : i32 to index
    %180 = arith.addi %178, %c8_i32 overflow<nsw> : i32
    %181 = arith.index_castui %180 : i32 to index
    %182 = arith.addi %178, %c16_i32 overflow<nsw> : i32
    %183 = arith.index_castui %182 : i32 to index
    %184 = arith.addi %178, %c24_i32 overflow<nsw> : i32
    %185 = arith.index_castui %184 : i32 to index
    %186 = arith.addi %10, %c1_i32 overflow<nsw> : i32
    %187 = arith.index_castui %186 : i32 to index
    %188 = arith.addi %10, %c9_i32 overflow<nsw> : i32
    %189 = arith.index_castui %188 : i32 to index
    %190 = arith.addi %10, %c17_i32 overflow<nsw> : i32
    %191 = arith.index_castui %190 : i32 to index
    %192 = arith.addi %10, %c25_i32 overflow<nsw> : i32
    %193 = arith.index_castui %192 : i32 to index
    %194 = arith.addi %10, %c33_i32 overflow<nsw> : i32
    %195 = arith.index_castui %194 : i32 to index
    %196 = arith.addi %10, %c41_i32 overflow<nsw> : i32
    %197 = arith.index_castui %196 : i32 to index
    %198 = arith.addi %10, %c49_i32 overflow<nsw> : i32
    %199 = arith.index_castui %198 : i32 to index
    %200 = arith.addi %10, %c57_i32 overflow<nsw> : i32
    %201 = arith.index_castui %200 : i32 to index
    %202 = arith.addi %10, %c65_i32 overflow<nsw> : i32
    %203 = arith.index_castui %202 : i32 to index
    %204 = arith.addi %10, %c73_i32 overflow<nsw> : i32
    %205 = arith.index_castui %204 : i32 to index
    %206 = arith.addi %10, %c81_i32 overflow<nsw> : i32
    %207 = arith.index_castui %206 : i32 to index
    %208 = arith.addi %10, %c89_i32 overflow<nsw> : i32
    %209 = arith.index_castui %208 : i32 to index
    %210 = arith.addi %10, %c97_i32 overflow<nsw> : i32
    %211 = arith.index_castui %210 : i32 to index
    %212 = arith.addi %10, %c105_i32 overflow<nsw> : i32
    %213 = arith.index_castui %212 : i32 to index
    %214 = arith.addi %10, %c113_i32 overflow<nsw> : i32
    %215 = arith.index_castui %214 : i32 to index
    %216 = arith.addi %10, %c121_i32 overflow<nsw> : i32
    %217 = arith.index_castui %216 : i32 to index
    cf.br ^bb1(%c0_i32, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst, %cst : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>)
  ^bb1(%218: i32, %219: vector<2xf32>, %220: vector<2xf32>, %221: vector<2xf32>, %222: vector<2xf32>, %223: vector<2xf32>, %224: vector<2xf32>, %225: vector<2xf32>, %226: vector<2xf32>, %227: vector<2xf32>, %228: vector<2xf32>, %229: vector<2xf32>, %230: vector<2xf32>, %231: vector<2xf32>, %232: vector<2xf32>, %233: vector<2xf32>, %234: vector<2xf32>):  // 2 preds: ^bb0, ^bb2
    %235 = arith.cmpi slt, %218, %c16_i32 : i32
    cf.cond_br %235, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %236:2 = vector.to_elements %233 : vector<2xf32>
    %237:2 = vector.to_elements %234 : vector<2xf32>
    %238 = vector.from_elements %236#0, %236#1, %237#0, %237#1 : vector<2x2xf32>
    %239:2 = vector.to_elements %231 : vector<2xf32>
    %240:2 = vector.to_elements %232 : vector<2xf32>
    %241 = vector.from_elements %239#0, %239#1, %240#0, %240#1 : vector<2x2xf32>
    %242:2 = vector.to_elements %229 : vector<2xf32>
    %243:2 = vector.to_elements %230 : vector<2xf32>
    %244 = vector.from_elements %242#0, %242#1, %243#0, %243#1 : vector<2x2xf32>
    %245:2 = vector.to_elements %227 : vector<2xf32>
    %246:2 = vector.to_elements %228 : vector<2xf32>
    %247 = vector.from_elements %245#0, %245#1, %246#0, %246#1 : vector<2x2xf32>
    %248:2 = vector.to_elements %225 : vector<2xf32>
    %249:2 = vector.to_elements %226 : vector<2xf32>
    %250 = vector.from_elements %248#0, %248#1, %249#0, %249#1 : vector<2x2xf32>
    %251:2 = vector.to_elements %223 : vector<2xf32>
    %252:2 = vector.to_elements %224 : vector<2xf32>
    %253 = vector.from_elements %251#0, %251#1, %252#0, %252#1 : vector<2x2xf32>
    %254:2 = vector.to_elements %221 : vector<2xf32>
    %255:2 = vector.to_elements %222 : vector<2xf32>
    %256 = vector.from_elements %254#0, %254#1, %255#0, %255#1 : vector<2x2xf32>
    %257:2 = vector.to_elements %219 : vector<2xf32>
    %258:2 = vector.to_elements %220 : vector<2xf32>
    %259 = vector.from_elements %257#0, %257#1, %258#0, %258#1 : vector<2x2xf32>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %260 = arith.muli %218, %c16_i32 overflow<nsw> : i32
    %261 = arith.addi %67, %260 : i32
    %262 = arith.index_castui %261 : i32 to index
    %263 = vector.load %assume_align[%104, %262] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %263, %alloc_0[%13, %68] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %264 = arith.addi %69, %260 : i32
    %265 = arith.index_castui %264 : i32 to index
    %266 = vector.load %assume_align[%106, %265] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %266, %alloc_0[%17, %70] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %267 = arith.addi %71, %260 : i32
    %268 = arith.index_castui %267 : i32 to index
    %269 = vector.load %assume_align[%108, %268] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %269, %alloc_0[%21, %72] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %270 = arith.addi %73, %260 : i32
    %271 = arith.index_castui %270 : i32 to index
    %272 = vector.load %assume_align[%110, %271] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %272, %alloc_0[%25, %74] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %273 = arith.addi %75, %260 : i32
    %274 = arith.index_castui %273 : i32 to index
    %275 = vector.load %assume_align[%112, %274] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %275, %alloc_0[%29, %76] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %276 = arith.addi %77, %260 : i32
    %277 = arith.index_castui %276 : i32 to index
    %278 = vector.load %assume_align[%114, %277] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %278, %alloc_0[%33, %78] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %279 = arith.addi %79, %260 : i32
    %280 = arith.index_castui %279 : i32 to index
    %281 = vector.load %assume_align[%116, %280] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %281, %alloc_0[%37, %80] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %282 = arith.addi %81, %260 : i32
    %283 = arith.index_castui %282 : i32 to index
    %284 = vector.load %assume_align[%118, %283] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %284, %alloc_0[%41, %82] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %285 = arith.addi %43, %260 : i32
    %286 = arith.index_castui %285 : i32 to index
    %287 = vector.load %assume_align_1[%286, %121] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %287, %alloc[%44, %84] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %288 = arith.addi %46, %260 : i32
    %289 = arith.index_castui %288 : i32 to index
    %290 = vector.load %assume_align_1[%289, %123] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %290, %alloc[%47, %86] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %291 = arith.addi %49, %260 : i32
    %292 = arith.index_castui %291 : i32 to index
    %293 = vector.load %assume_align_1[%292, %125] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %293, %alloc[%50, %88] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %294 = arith.addi %52, %260 : i32
    %295 = arith.index_castui %294 : i32 to index
    %296 = vector.load %assume_align_1[%295, %127] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %296, %alloc[%53, %90] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %297 = arith.addi %55, %260 : i32
    %298 = arith.index_castui %297 : i32 to index
    %299 = vector.load %assume_align_1[%298, %129] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %299, %alloc[%56, %92] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %300 = arith.addi %58, %260 : i32
    %301 = arith.index_castui %300 : i32 to index
    %302 = vector.load %assume_align_1[%301, %131] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %302, %alloc[%59, %94] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %303 = arith.addi %61, %260 : i32
    %304 = arith.index_castui %303 : i32 to index
    %305 = vector.load %assume_align_1[%304, %133] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %305, %alloc[%62, %96] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %306 = arith.addi %64, %260 : i32
    %307 = arith.index_castui %306 : i32 to index
    %308 = vector.load %assume_align_1[%307, %135] : memref<256x256xf16, #gpu.address_space<global>>, vector<8xf16>
    vector.store %308, %alloc[%65, %98] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %309 = vector.load %alloc_0[%139, %11] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %310 = vector.load %alloc_0[%139, %141] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %311 = vector.load %alloc_0[%139, %143] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %312 = vector.load %alloc_0[%139, %145] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %313 = vector.load %alloc_0[%139, %147] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %314 = vector.load %alloc_0[%139, %149] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %315 = vector.load %alloc_0[%139, %151] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %316 = vector.load %alloc_0[%139, %153] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %317 = vector.load %alloc_0[%139, %155] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %318 = vector.load %alloc_0[%139, %157] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %319 = vector.load %alloc_0[%139, %159] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %320 = vector.load %alloc_0[%139, %161] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %321 = vector.load %alloc_0[%139, %163] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %322 = vector.load %alloc_0[%139, %165] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %323 = vector.load %alloc_0[%139, %167] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %324 = vector.load %alloc_0[%139, %169] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %325 = vector.load %alloc_0[%171, %11] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %326 = vector.load %alloc_0[%171, %141] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %327:2 = vector.to_elements %309 : vector<2xf16>
    %328:2 = vector.to_elements %325 : vector<2xf16>
    %329:2 = vector.to_elements %310 : vector<2xf16>
    %330:2 = vector.to_elements %326 : vector<2xf16>
    %331 = vector.from_elements %327#0, %327#1, %328#0, %328#1, %329#0, %329#1, %330#0, %330#1 : vector<4x2xf16>
    %332 = vector.load %alloc_0[%171, %143] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %333 = vector.load %alloc_0[%171, %145] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %334:2 = vector.to_elements %311 : vector<2xf16>
    %335:2 = vector.to_elements %332 : vector<2xf16>
    %336:2 = vector.to_elements %312 : vector<2xf16>
    %337:2 = vector.to_elements %333 : vector<2xf16>
    %338 = vector.from_elements %334#0, %334#1, %335#0, %335#1, %336#0, %336#1, %337#0, %337#1 : vector<4x2xf16>
    %339 = vector.load %alloc_0[%171, %147] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %340 = vector.load %alloc_0[%171, %149] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %341:2 = vector.to_elements %313 : vector<2xf16>
    %342:2 = vector.to_elements %339 : vector<2xf16>
    %343:2 = vector.to_elements %314 : vector<2xf16>
    %344:2 = vector.to_elements %340 : vector<2xf16>
    %345 = vector.from_elements %341#0, %341#1, %342#0, %342#1, %343#0, %343#1, %344#0, %344#1 : vector<4x2xf16>
    %346 = vector.load %alloc_0[%171, %151] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %347 = vector.load %alloc_0[%171, %153] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %348:2 = vector.to_elements %315 : vector<2xf16>
    %349:2 = vector.to_elements %346 : vector<2xf16>
    %350:2 = vector.to_elements %316 : vector<2xf16>
    %351:2 = vector.to_elements %347 : vector<2xf16>
    %352 = vector.from_elements %348#0, %348#1, %349#0, %349#1, %350#0, %350#1, %351#0, %351#1 : vector<4x2xf16>
    %353 = vector.load %alloc_0[%171, %155] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %354 = vector.load %alloc_0[%171, %157] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %355:2 = vector.to_elements %317 : vector<2xf16>
    %356:2 = vector.to_elements %353 : vector<2xf16>
    %357:2 = vector.to_elements %318 : vector<2xf16>
    %358:2 = vector.to_elements %354 : vector<2xf16>
    %359 = vector.from_elements %355#0, %355#1, %356#0, %356#1, %357#0, %357#1, %358#0, %358#1 : vector<4x2xf16>
    %360 = vector.load %alloc_0[%171, %159] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %361 = vector.load %alloc_0[%171, %161] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %362:2 = vector.to_elements %319 : vector<2xf16>
    %363:2 = vector.to_elements %360 : vector<2xf16>
    %364:2 = vector.to_elements %320 : vector<2xf16>
    %365:2 = vector.to_elements %361 : vector<2xf16>
    %366 = vector.from_elements %362#0, %362#1, %363#0, %363#1, %364#0, %364#1, %365#0, %365#1 : vector<4x2xf16>
    %367 = vector.load %alloc_0[%171, %163] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %368 = vector.load %alloc_0[%171, %165] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %369:2 = vector.to_elements %321 : vector<2xf16>
    %370:2 = vector.to_elements %367 : vector<2xf16>
    %371:2 = vector.to_elements %322 : vector<2xf16>
    %372:2 = vector.to_elements %368 : vector<2xf16>
    %373 = vector.from_elements %369#0, %369#1, %370#0, %370#1, %371#0, %371#1, %372#0, %372#1 : vector<4x2xf16>
    %374 = vector.load %alloc_0[%171, %167] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %375 = vector.load %alloc_0[%171, %169] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %376:2 = vector.to_elements %323 : vector<2xf16>
    %377:2 = vector.to_elements %374 : vector<2xf16>
    %378:2 = vector.to_elements %324 : vector<2xf16>
    %379:2 = vector.to_elements %375 : vector<2xf16>
    %380 = vector.from_elements %376#0, %376#1, %377#0, %377#1, %378#0, %378#1, %379#0, %379#1 : vector<4x2xf16>
    %381 = vector.load %alloc_0[%173, %11] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %382 = vector.load %alloc_0[%173, %141] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %383 = vector.load %alloc_0[%173, %143] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %384 = vector.load %alloc_0[%173, %145] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %385 = vector.load %alloc_0[%173, %147] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %386 = vector.load %alloc_0[%173, %149] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %387 = vector.load %alloc_0[%173, %151] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %388 = vector.load %alloc_0[%173, %153] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %389 = vector.load %alloc_0[%173, %155] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %390 = vector.load %alloc_0[%173, %157] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %391 = vector.load %alloc_0[%173, %159] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %392 = vector.load %alloc_0[%173, %161] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %393 = vector.load %alloc_0[%173, %163] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %394 = vector.load %alloc_0[%173, %165] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %395 = vector.load %alloc_0[%173, %167] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %396 = vector.load %alloc_0[%173, %169] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %397 = vector.load %alloc_0[%175, %11] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %398 = vector.load %alloc_0[%175, %141] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %399:2 = vector.to_elements %381 : vector<2xf16>
    %400:2 = vector.to_elements %397 : vector<2xf16>
    %401:2 = vector.to_elements %382 : vector<2xf16>
    %402:2 = vector.to_elements %398 : vector<2xf16>
    %403 = vector.from_elements %399#0, %399#1, %400#0, %400#1, %401#0, %401#1, %402#0, %402#1 : vector<4x2xf16>
    %404 = vector.load %alloc_0[%175, %143] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %405 = vector.load %alloc_0[%175, %145] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %406:2 = vector.to_elements %383 : vector<2xf16>
    %407:2 = vector.to_elements %404 : vector<2xf16>
    %408:2 = vector.to_elements %384 : vector<2xf16>
    %409:2 = vector.to_elements %405 : vector<2xf16>
    %410 = vector.from_elements %406#0, %406#1, %407#0, %407#1, %408#0, %408#1, %409#0, %409#1 : vector<4x2xf16>
    %411 = vector.load %alloc_0[%175, %147] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %412 = vector.load %alloc_0[%175, %149] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %413:2 = vector.to_elements %385 : vector<2xf16>
    %414:2 = vector.to_elements %411 : vector<2xf16>
    %415:2 = vector.to_elements %386 : vector<2xf16>
    %416:2 = vector.to_elements %412 : vector<2xf16>
    %417 = vector.from_elements %413#0, %413#1, %414#0, %414#1, %415#0, %415#1, %416#0, %416#1 : vector<4x2xf16>
    %418 = vector.load %alloc_0[%175, %151] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %419 = vector.load %alloc_0[%175, %153] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %420:2 = vector.to_elements %387 : vector<2xf16>
    %421:2 = vector.to_elements %418 : vector<2xf16>
    %422:2 = vector.to_elements %388 : vector<2xf16>
    %423:2 = vector.to_elements %419 : vector<2xf16>
    %424 = vector.from_elements %420#0, %420#1, %421#0, %421#1, %422#0, %422#1, %423#0, %423#1 : vector<4x2xf16>
    %425 = vector.load %alloc_0[%175, %155] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %426 = vector.load %alloc_0[%175, %157] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %427:2 = vector.to_elements %389 : vector<2xf16>
    %428:2 = vector.to_elements %425 : vector<2xf16>
    %429:2 = vector.to_elements %390 : vector<2xf16>
    %430:2 = vector.to_elements %426 : vector<2xf16>
    %431 = vector.from_elements %427#0, %427#1, %428#0, %428#1, %429#0, %429#1, %430#0, %430#1 : vector<4x2xf16>
    %432 = vector.load %alloc_0[%175, %159] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %433 = vector.load %alloc_0[%175, %161] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %434:2 = vector.to_elements %391 : vector<2xf16>
    %435:2 = vector.to_elements %432 : vector<2xf16>
    %436:2 = vector.to_elements %392 : vector<2xf16>
    %437:2 = vector.to_elements %433 : vector<2xf16>
    %438 = vector.from_elements %434#0, %434#1, %435#0, %435#1, %436#0, %436#1, %437#0, %437#1 : vector<4x2xf16>
    %439 = vector.load %alloc_0[%175, %163] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %440 = vector.load %alloc_0[%175, %165] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %441:2 = vector.to_elements %393 : vector<2xf16>
    %442:2 = vector.to_elements %439 : vector<2xf16>
    %443:2 = vector.to_elements %394 : vector<2xf16>
    %444:2 = vector.to_elements %440 : vector<2xf16>
    %445 = vector.from_elements %441#0, %441#1, %442#0, %442#1, %443#0, %443#1, %444#0, %444#1 : vector<4x2xf16>
    %446 = vector.load %alloc_0[%175, %167] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %447 = vector.load %alloc_0[%175, %169] : memref<64x132xf16, #gpu.address_space<workgroup>>, vector<2xf16>
    %448:2 = vector.to_elements %395 : vector<2xf16>
    %449:2 = vector.to_elements %446 : vector<2xf16>
    %450:2 = vector.to_elements %396 : vector<2xf16>
    %451:2 = vector.to_elements %447 : vector<2xf16>
    %452 = vector.from_elements %448#0, %448#1, %449#0, %449#1, %450#0, %450#1, %451#0, %451#1 : vector<4x2xf16>
    %453 = vector.load %alloc[%11, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %454 = vector.load %alloc[%11, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %455 = vector.load %alloc[%11, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %456 = vector.load %alloc[%11, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %457 = vector.load %alloc[%187, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %458 = vector.load %alloc[%187, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %459 = vector.load %alloc[%187, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %460 = vector.load %alloc[%187, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %461 = vector.load %alloc[%141, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %462 = vector.load %alloc[%141, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %463 = vector.load %alloc[%141, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %464 = vector.load %alloc[%141, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %465 = vector.load %alloc[%189, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %466 = vector.load %alloc[%189, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %467 = vector.load %alloc[%189, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %468 = vector.load %alloc[%189, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %469 = vector.load %alloc[%143, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %470 = vector.load %alloc[%143, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %471 = vector.load %alloc[%143, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %472 = vector.load %alloc[%143, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %473 = vector.load %alloc[%191, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %474 = vector.load %alloc[%191, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %475 = vector.load %alloc[%191, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %476 = vector.load %alloc[%191, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %477 = vector.load %alloc[%145, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %478 = vector.load %alloc[%145, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %479 = vector.load %alloc[%145, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %480 = vector.load %alloc[%145, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %481 = vector.load %alloc[%193, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %482 = vector.load %alloc[%193, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %483 = vector.load %alloc[%193, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %484 = vector.load %alloc[%193, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %485 = vector.load %alloc[%147, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %486 = vector.load %alloc[%147, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %487 = vector.load %alloc[%147, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %488 = vector.load %alloc[%147, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %489 = vector.load %alloc[%195, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %490 = vector.load %alloc[%195, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %491 = vector.load %alloc[%195, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %492 = vector.load %alloc[%195, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %493 = vector.load %alloc[%149, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %494 = vector.load %alloc[%149, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %495 = vector.load %alloc[%149, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %496 = vector.load %alloc[%149, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %497 = vector.load %alloc[%197, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %498 = vector.load %alloc[%197, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %499 = vector.load %alloc[%197, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %500 = vector.load %alloc[%197, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %501 = vector.load %alloc[%151, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %502 = vector.load %alloc[%151, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %503 = vector.load %alloc[%151, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %504 = vector.load %alloc[%151, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %505 = vector.load %alloc[%199, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %506 = vector.load %alloc[%199, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %507 = vector.load %alloc[%199, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %508 = vector.load %alloc[%199, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %509 = vector.load %alloc[%153, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %510 = vector.load %alloc[%153, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %511 = vector.load %alloc[%153, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %512 = vector.load %alloc[%153, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %513 = vector.load %alloc[%201, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %514 = vector.load %alloc[%201, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %515 = vector.load %alloc[%201, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %516 = vector.load %alloc[%201, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %517 = vector.load %alloc[%155, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %518 = vector.load %alloc[%155, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %519 = vector.load %alloc[%155, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %520 = vector.load %alloc[%155, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %521 = vector.load %alloc[%203, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %522 = vector.load %alloc[%203, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %523 = vector.load %alloc[%203, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %524 = vector.load %alloc[%203, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %525 = vector.load %alloc[%157, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %526 = vector.load %alloc[%157, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %527 = vector.load %alloc[%157, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %528 = vector.load %alloc[%157, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %529 = vector.load %alloc[%205, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %530 = vector.load %alloc[%205, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %531 = vector.load %alloc[%205, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %532 = vector.load %alloc[%205, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %533 = vector.load %alloc[%159, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %534 = vector.load %alloc[%159, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %535 = vector.load %alloc[%159, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %536 = vector.load %alloc[%159, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %537 = vector.load %alloc[%207, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %538 = vector.load %alloc[%207, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %539 = vector.load %alloc[%207, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %540 = vector.load %alloc[%207, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %541 = vector.load %alloc[%161, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %542 = vector.load %alloc[%161, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %543 = vector.load %alloc[%161, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %544 = vector.load %alloc[%161, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %545 = vector.load %alloc[%209, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %546 = vector.load %alloc[%209, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %547 = vector.load %alloc[%209, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %548 = vector.load %alloc[%209, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %549 = vector.load %alloc[%163, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %550 = vector.load %alloc[%163, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %551 = vector.load %alloc[%163, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %552 = vector.load %alloc[%163, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %553 = vector.load %alloc[%211, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %554 = vector.load %alloc[%211, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %555 = vector.load %alloc[%211, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %556 = vector.load %alloc[%211, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %557 = vector.load %alloc[%165, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %558 = vector.load %alloc[%165, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %559 = vector.load %alloc[%165, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %560 = vector.load %alloc[%165, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %561 = vector.load %alloc[%213, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %562 = vector.load %alloc[%213, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %563 = vector.load %alloc[%213, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %564 = vector.load %alloc[%213, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %565 = vector.load %alloc[%167, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %566 = vector.load %alloc[%167, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %567 = vector.load %alloc[%167, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %568 = vector.load %alloc[%167, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %569 = vector.load %alloc[%215, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %570 = vector.load %alloc[%215, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %571 = vector.load %alloc[%215, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %572 = vector.load %alloc[%215, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %573 = vector.load %alloc[%169, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %574 = vector.load %alloc[%169, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %575 = vector.load %alloc[%169, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %576 = vector.load %alloc[%169, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %577 = vector.load %alloc[%217, %179] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %578 = vector.load %alloc[%217, %181] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %579 = vector.load %alloc[%217, %183] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %580 = vector.load %alloc[%217, %185] : memref<128x68xf16, #gpu.address_space<workgroup>>, vector<1xf16>
    %581 = vector.to_elements %453 : vector<1xf16>
    %582 = vector.to_elements %454 : vector<1xf16>
    %583 = vector.to_elements %455 : vector<1xf16>
    %584 = vector.to_elements %456 : vector<1xf16>
    %585 = vector.to_elements %457 : vector<1xf16>
    %586 = vector.to_elements %458 : vector<1xf16>
    %587 = vector.to_elements %459 : vector<1xf16>
    %588 = vector.to_elements %460 : vector<1xf16>
    %589 = vector.to_elements %461 : vector<1xf16>
    %590 = vector.to_elements %462 : vector<1xf16>
    %591 = vector.to_elements %463 : vector<1xf16>
    %592 = vector.to_elements %464 : vector<1xf16>
    %593 = vector.to_elements %465 : vector<1xf16>
    %594 = vector.to_elements %466 : vector<1xf16>
    %595 = vector.to_elements %467 : vector<1xf16>
    %596 = vector.to_elements %468 : vector<1xf16>
    %597 = vector.to_elements %469 : vector<1xf16>
    %598 = vector.to_elements %470 : vector<1xf16>
    %599 = vector.to_elements %471 : vector<1xf16>
    %600 = vector.to_elements %472 : vector<1xf16>
    %601 = vector.to_elements %473 : vector<1xf16>
    %602 = vector.to_elements %474 : vector<1xf16>
    %603 = vector.to_elements %475 : vector<1xf16>
    %604 = vector.to_elements %476 : vector<1xf16>
    %605 = vector.to_elements %477 : vector<1xf16>
    %606 = vector.to_elements %478 : vector<1xf16>
    %607 = vector.to_elements %479 : vector<1xf16>
    %608 = vector.to_elements %480 : vector<1xf16>
    %609 = vector.to_elements %481 : vector<1xf16>
    %610 = vector.to_elements %482 : vector<1xf16>
    %611 = vector.to_elements %483 : vector<1xf16>
    %612 = vector.to_elements %484 : vector<1xf16>
    %613 = vector.to_elements %485 : vector<1xf16>
    %614 = vector.to_elements %486 : vector<1xf16>
    %615 = vector.to_elements %487 : vector<1xf16>
    %616 = vector.to_elements %488 : vector<1xf16>
    %617 = vector.to_elements %489 : vector<1xf16>
    %618 = vector.to_elements %490 : vector<1xf16>
    %619 = vector.to_elements %491 : vector<1xf16>
    %620 = vector.to_elements %492 : vector<1xf16>
    %621 = vector.to_elements %493 : vector<1xf16>
    %622 = vector.to_elements %494 : vector<1xf16>
    %623 = vector.to_elements %495 : vector<1xf16>
    %624 = vector.to_elements %496 : vector<1xf16>
    %625 = vector.to_elements %497 : vector<1xf16>
    %626 = vector.to_elements %498 : vector<1xf16>
    %627 = vector.to_elements %499 : vector<1xf16>
    %628 = vector.to_elements %500 : vector<1xf16>
    %629 = vector.to_elements %501 : vector<1xf16>
    %630 = vector.to_elements %502 : vector<1xf16>
    %631 = vector.to_elements %503 : vector<1xf16>
    %632 = vector.to_elements %504 : vector<1xf16>
    %633 = vector.to_elements %505 : vector<1xf16>
    %634 = vector.to_elements %506 : vector<1xf16>
    %635 = vector.to_elements %507 : vector<1xf16>
    %636 = vector.to_elements %508 : vector<1xf16>
    %637 = vector.to_elements %509 : vector<1xf16>
    %638 = vector.to_elements %510 : vector<1xf16>
    %639 = vector.to_elements %511 : vector<1xf16>
    %640 = vector.to_elements %512 : vector<1xf16>
    %641 = vector.to_elements %513 : vector<1xf16>
    %642 = vector.to_elements %514 : vector<1xf16>
    %643 = vector.to_elements %515 : vector<1xf16>
    %644 = vector.to_elements %516 : vector<1xf16>
    %645 = vector.to_elements %517 : vector<1xf16>
    %646 = vector.to_elements %518 : vector<1xf16>
    %647 = vector.to_elements %519 : vector<1xf16>
    %648 = vector.to_elements %520 : vector<1xf16>
    %649 = vector.to_elements %521 : vector<1xf16>
    %650 = vector.to_elements %522 : vector<1xf16>
    %651 = vector.to_elements %523 : vector<1xf16>
    %652 = vector.to_elements %524 : vector<1xf16>
    %653 = vector.to_elements %525 : vector<1xf16>
    %654 = vector.to_elements %526 : vector<1xf16>
    %655 = vector.to_elements %527 : vector<1xf16>
    %656 = vector.to_elements %528 : vector<1xf16>
    %657 = vector.to_elements %529 : vector<1xf16>
    %658 = vector.to_elements %530 : vector<1xf16>
    %659 = vector.to_elements %531 : vector<1xf16>
    %660 = vector.to_elements %532 : vector<1xf16>
    %661 = vector.to_elements %533 : vector<1xf16>
    %662 = vector.to_elements %534 : vector<1xf16>
    %663 = vector.to_elements %535 : vector<1xf16>
    %664 = vector.to_elements %536 : vector<1xf16>
    %665 = vector.to_elements %537 : vector<1xf16>
    %666 = vector.to_elements %538 : vector<1xf16>
    %667 = vector.to_elements %539 : vector<1xf16>
    %668 = vector.to_elements %540 : vector<1xf16>
    %669 = vector.to_elements %541 : vector<1xf16>
    %670 = vector.to_elements %542 : vector<1xf16>
    %671 = vector.to_elements %543 : vector<1xf16>
    %672 = vector.to_elements %544 : vector<1xf16>
    %673 = vector.to_elements %545 : vector<1xf16>
    %674 = vector.to_elements %546 : vector<1xf16>
    %675 = vector.to_elements %547 : vector<1xf16>
    %676 = vector.to_elements %548 : vector<1xf16>
    %677 = vector.to_elements %549 : vector<1xf16>
    %678 = vector.to_elements %550 : vector<1xf16>
    %679 = vector.to_elements %551 : vector<1xf16>
    %680 = vector.to_elements %552 : vector<1xf16>
    %681 = vector.to_elements %553 : vector<1xf16>
    %682 = vector.to_elements %554 : vector<1xf16>
    %683 = vector.to_elements %555 : vector<1xf16>
    %684 = vector.to_elements %556 : vector<1xf16>
    %685 = vector.to_elements %557 : vector<1xf16>
    %686 = vector.to_elements %558 : vector<1xf16>
    %687 = vector.to_elements %559 : vector<1xf16>
    %688 = vector.to_elements %560 : vector<1xf16>
    %689 = vector.to_elements %561 : vector<1xf16>
    %690 = vector.to_elements %562 : vector<1xf16>
    %691 = vector.to_elements %563 : vector<1xf16>
    %692 = vector.to_elements %564 : vector<1xf16>
    %693 = vector.to_elements %565 : vector<1xf16>
    %694 = vector.to_elements %566 : vector<1xf16>
    %695 = vector.to_elements %567 : vector<1xf16>
    %696 = vector.to_elements %568 : vector<1xf16>
    %697 = vector.to_elements %569 : vector<1xf16>
    %698 = vector.to_elements %570 : vector<1xf16>
    %699 = vector.to_elements %571 : vector<1xf16>
    %700 = vector.to_elements %572 : vector<1xf16>
    %701 = vector.to_elements %573 : vector<1xf16>
    %702 = vector.to_elements %574 : vector<1xf16>
    %703 = vector.to_elements %575 : vector<1xf16>
    %704 = vector.to_elements %576 : vector<1xf16>
    %705 = vector.to_elements %577 : vector<1xf16>
    %706 = vector.to_elements %578 : vector<1xf16>
    %707 = vector.to_elements %579 : vector<1xf16>
    %708 = vector.to_elements %580 : vector<1xf16>
    %709 = vector.from_elements %581, %585, %589, %593 : vector<2x2xf16>
    %710 = vector.from_elements %582, %586, %590, %594 : vector<2x2xf16>
    %711 = vector.from_elements %583, %587, %591, %595 : vector<2x2xf16>
    %712 = vector.from_elements %584, %588, %592, %596 : vector<2x2xf16>
    %713 = vector.from_elements %597, %601, %605, %609 : vector<2x2xf16>
    %714 = vector.from_elements %598, %602, %606, %610 : vector<2x2xf16>
    %715 = vector.from_elements %599, %603, %607, %611 : vector<2x2xf16>
    %716 = vector.from_elements %600, %604, %608, %612 : vector<2x2xf16>
    %717 = vector.from_elements %613, %617, %621, %625 : vector<2x2xf16>
    %718 = vector.from_elements %614, %618, %622, %626 : vector<2x2xf16>
    %719 = vector.from_elements %615, %619, %623, %627 : vector<2x2xf16>
    %720 = vector.from_elements %616, %620, %624, %628 : vector<2x2xf16>
    %721 = vector.from_elements %629, %633, %637, %641 : vector<2x2xf16>
    %722 = vector.from_elements %630, %634, %638, %642 : vector<2x2xf16>
    %723 = vector.from_elements %631, %635, %639, %643 : vector<2x2xf16>
    %724 = vector.from_elements %632, %636, %640, %644 : vector<2x2xf16>
    %725 = vector.from_elements %645, %649, %653, %657 : vector<2x2xf16>
    %726 = vector.from_elements %646, %650, %654, %658 : vector<2x2xf16>
    %727 = vector.from_elements %647, %651, %655, %659 : vector<2x2xf16>
    %728 = vector.from_elements %648, %652, %656, %660 : vector<2x2xf16>
    %729 = vector.from_elements %661, %665, %669, %673 : vector<2x2xf16>
    %730 = vector.from_elements %662, %666, %670, %674 : vector<2x2xf16>
    %731 = vector.from_elements %663, %667, %671, %675 : vector<2x2xf16>
    %732 = vector.from_elements %664, %668, %672, %676 : vector<2x2xf16>
    %733 = vector.from_elements %677, %681, %685, %689 : vector<2x2xf16>
    %734 = vector.from_elements %678, %682, %686, %690 : vector<2x2xf16>
    %735 = vector.from_elements %679, %683, %687, %691 : vector<2x2xf16>
    %736 = vector.from_elements %680, %684, %688, %692 : vector<2x2xf16>
    %737 = vector.from_elements %693, %697, %701, %705 : vector<2x2xf16>
    %738 = vector.from_elements %694, %698, %702, %706 : vector<2x2xf16>
    %739 = vector.from_elements %695, %699, %703, %707 : vector<2x2xf16>
    %740 = vector.from_elements %696, %700, %704, %708 : vector<2x2xf16>
    %741 = nvgpu.mma.sync(%331, %709, %238) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %742 = nvgpu.mma.sync(%331, %710, %241) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %743 = nvgpu.mma.sync(%331, %711, %244) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %744 = nvgpu.mma.sync(%331, %712, %247) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %745 = nvgpu.mma.sync(%403, %709, %250) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %746 = nvgpu.mma.sync(%403, %710, %253) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %747 = nvgpu.mma.sync(%403, %711, %256) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %748 = nvgpu.mma.sync(%403, %712, %259) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %749 = nvgpu.mma.sync(%338, %713, %741) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %750 = nvgpu.mma.sync(%338, %714, %742) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %751 = nvgpu.mma.sync(%338, %715, %743) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %752 = nvgpu.mma.sync(%338, %716, %744) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %753 = nvgpu.mma.sync(%410, %713, %745) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %754 = nvgpu.mma.sync(%410, %714, %746) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %755 = nvgpu.mma.sync(%410, %715, %747) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %756 = nvgpu.mma.sync(%410, %716, %748) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %757 = nvgpu.mma.sync(%345, %717, %749) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %758 = nvgpu.mma.sync(%345, %718, %750) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %759 = nvgpu.mma.sync(%345, %719, %751) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %760 = nvgpu.mma.sync(%345, %720, %752) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %761 = nvgpu.mma.sync(%417, %717, %753) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %762 = nvgpu.mma.sync(%417, %718, %754) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %763 = nvgpu.mma.sync(%417, %719, %755) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %764 = nvgpu.mma.sync(%417, %720, %756) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %765 = nvgpu.mma.sync(%352, %721, %757) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %766 = nvgpu.mma.sync(%352, %722, %758) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %767 = nvgpu.mma.sync(%352, %723, %759) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %768 = nvgpu.mma.sync(%352, %724, %760) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %769 = nvgpu.mma.sync(%424, %721, %761) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %770 = nvgpu.mma.sync(%424, %722, %762) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %771 = nvgpu.mma.sync(%424, %723, %763) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %772 = nvgpu.mma.sync(%424, %724, %764) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %773 = nvgpu.mma.sync(%359, %725, %765) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %774 = nvgpu.mma.sync(%359, %726, %766) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %775 = nvgpu.mma.sync(%359, %727, %767) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %776 = nvgpu.mma.sync(%359, %728, %768) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %777 = nvgpu.mma.sync(%431, %725, %769) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %778 = nvgpu.mma.sync(%431, %726, %770) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %779 = nvgpu.mma.sync(%431, %727, %771) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %780 = nvgpu.mma.sync(%431, %728, %772) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %781 = nvgpu.mma.sync(%366, %729, %773) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %782 = nvgpu.mma.sync(%366, %730, %774) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %783 = nvgpu.mma.sync(%366, %731, %775) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %784 = nvgpu.mma.sync(%366, %732, %776) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %785 = nvgpu.mma.sync(%438, %729, %777) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %786 = nvgpu.mma.sync(%438, %730, %778) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %787 = nvgpu.mma.sync(%438, %731, %779) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %788 = nvgpu.mma.sync(%438, %732, %780) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %789 = nvgpu.mma.sync(%373, %733, %781) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %790 = nvgpu.mma.sync(%373, %734, %782) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %791 = nvgpu.mma.sync(%373, %735, %783) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %792 = nvgpu.mma.sync(%373, %736, %784) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %793 = nvgpu.mma.sync(%445, %733, %785) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %794 = nvgpu.mma.sync(%445, %734, %786) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %795 = nvgpu.mma.sync(%445, %735, %787) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %796 = nvgpu.mma.sync(%445, %736, %788) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %797 = nvgpu.mma.sync(%380, %737, %789) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %798 = vector.extract %797[0] : vector<2xf32> from vector<2x2xf32>
    %799 = vector.extract %797[1] : vector<2xf32> from vector<2x2xf32>
    %800 = nvgpu.mma.sync(%380, %738, %790) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %801 = vector.extract %800[0] : vector<2xf32> from vector<2x2xf32>
    %802 = vector.extract %800[1] : vector<2xf32> from vector<2x2xf32>
    %803 = nvgpu.mma.sync(%380, %739, %791) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %804 = vector.extract %803[0] : vector<2xf32> from vector<2x2xf32>
    %805 = vector.extract %803[1] : vector<2xf32> from vector<2x2xf32>
    %806 = nvgpu.mma.sync(%380, %740, %792) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %807 = vector.extract %806[0] : vector<2xf32> from vector<2x2xf32>
    %808 = vector.extract %806[1] : vector<2xf32> from vector<2x2xf32>
    %809 = nvgpu.mma.sync(%452, %737, %793) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %810 = vector.extract %809[0] : vector<2xf32> from vector<2x2xf32>
    %811 = vector.extract %809[1] : vector<2xf32> from vector<2x2xf32>
    %812 = nvgpu.mma.sync(%452, %738, %794) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %813 = vector.extract %812[0] : vector<2xf32> from vector<2x2xf32>
    %814 = vector.extract %812[1] : vector<2xf32> from vector<2x2xf32>
    %815 = nvgpu.mma.sync(%452, %739, %795) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %816 = vector.extract %815[0] : vector<2xf32> from vector<2x2xf32>
    %817 = vector.extract %815[1] : vector<2xf32> from vector<2x2xf32>
    %818 = nvgpu.mma.sync(%452, %740, %796) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %819 = vector.extract %818[0] : vector<2xf32> from vector<2x2xf32>
    %820 = vector.extract %818[1] : vector<2xf32> from vector<2x2xf32>
    %821 = arith.addi %218, %c8_i32 : i32
    cf.br ^bb1(%821, %819, %820, %816, %817, %813, %814, %810, %811, %807, %808, %804, %805, %801, %802, %798, %799 : i32, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>)
  ^bb3:  // pred: ^bb1
    %822 = arith.muli %100, %c4_i32 overflow<nsw> : i32
    %823 = arith.addi %136, %822 : i32
    %824 = arith.muli %101, %c8_i32 overflow<nsw> : i32
    %825 = arith.addi %176, %824 : i32
    %826 = arith.muli %823, %c16_i32 overflow<nsw> : i32
    %827 = arith.addi %826, %8 overflow<nsw> : i32
    %828 = arith.index_castui %827 : i32 to index
    %829 = arith.muli %825, %c8_i32 overflow<nsw> : i32
    %830 = arith.addi %829, %10 overflow<nsw> : i32
    %831 = arith.index_castui %830 : i32 to index
    vector.store %233, %assume_align_2[%828, %831] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %832 = arith.addi %830, %c8_i32 overflow<nsw> : i32
    %833 = arith.index_castui %832 : i32 to index
    vector.store %231, %assume_align_2[%828, %833] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %834 = arith.addi %830, %c16_i32 overflow<nsw> : i32
    %835 = arith.index_castui %834 : i32 to index
    vector.store %229, %assume_align_2[%828, %835] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %836 = arith.addi %830, %c24_i32 overflow<nsw> : i32
    %837 = arith.index_castui %836 : i32 to index
    vector.store %227, %assume_align_2[%828, %837] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %838 = arith.addi %827, %c8_i32 overflow<nsw> : i32
    %839 = arith.index_castui %838 : i32 to index
    vector.store %234, %assume_align_2[%839, %831] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %232, %assume_align_2[%839, %833] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %230, %assume_align_2[%839, %835] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %228, %assume_align_2[%839, %837] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %840 = arith.addi %827, %c16_i32 overflow<nsw> : i32
    %841 = arith.index_castui %840 : i32 to index
    vector.store %225, %assume_align_2[%841, %831] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %223, %assume_align_2[%841, %833] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %221, %assume_align_2[%841, %835] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %219, %assume_align_2[%841, %837] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    %842 = arith.addi %827, %c24_i32 overflow<nsw> : i32
    %843 = arith.index_castui %842 : i32 to index
    vector.store %226, %assume_align_2[%843, %831] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %224, %assume_align_2[%843, %833] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %222, %assume_align_2[%843, %835] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    vector.store %220, %assume_align_2[%843, %837] : memref<256x256xf32, #gpu.address_space<global>>, vector<2xf32>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    memref.dealloc %alloc_0 : memref<64x132xf16, #gpu.address_space<workgroup>>
    memref.dealloc %alloc : memref<128x68xf16, #gpu.address_space<workgroup>>
    return
  }
}
