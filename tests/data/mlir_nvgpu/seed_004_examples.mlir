// The examples of seed 004 (MLIR's 'nvgpu' dialect documentation, generated from llvm-project
// mlir/include/mlir/Dialect/NVGPU/IR/NVGPUOps.td), one per chunk, as the seed writes them. All are valid except
// the mma.sp.sync example: its B operand, vector<2x2xf16>, holds 2*2*32 = 128 warp-wide elements, and mmaShape
// [16, 8, 32] needs k*n = 256 (upstream's own roundtrip test uses vector<4x2xf16>), so MLIR's verifier rejects it.

// copy, create_group, wait: the combination the device_async_copy description shows.
// copy 1.
%cp1 = nvgpu.device_async_copy %A[%c0], %B[%c0], 4 :memref<16xf32> to memref<16xf32, 3>
// copy 2.
%cp2 = nvgpu.device_async_copy %C[%c0], %D[%c0], 4 : memref<16xf32> to memref<16xf32, 3>
// group 1 contains copy 1 and copy 2.
%token1 = nvgpu.device_async_create_group %cp1, %cp2
// copy 3.
%cp3 = nvgpu.device_async_copy %E[%c0], %F[%c0], 4 : memref<16xf32> to memref<16xf32, 3>
// group 2 contains copy 3.
%token2 = nvgpu.device_async_create_group %cp3
// after the wait copy 1 and copy 2 are complete.
nvgpu.device_async_wait %token1
// after the wait copy 3 is complete.
nvgpu.device_async_wait %token2

// -----

%0 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c0, %c0, %c0], 4 :
  memref<4x5xf32> to memref<2x7x5xf32, 3>

// -----

%0 = nvgpu.device_async_create_group

// -----

nvgpu.device_async_wait %0

// -----

%0 = nvgpu.ldmatrix %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} :
  memref<?x?xf16, 3> -> vector<4x2xf16>

// -----

// expected-error @+1 {{'nvgpu.mma.sp.sync' op expected 256 warp-wide matrix B elements}}
nvgpu.mma.sp.sync (%a, %b, %c) metadata (%meta) {mmaShape = [16, 8, 32]} :
  (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>

// -----

%res = nvgpu.mma.sync (%matrixA, %matrixB, %matrixC) {mmaShape = [16, 8, 16]} :
    (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
