// batch_matmul_f16_4x64x64x128: C[b] = A[b] x B[b] with linalg.batch_matmul, A 4x64x128xf16, B 4x128x64xf16, C 4x64x64xf32.
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @batch_matmul_f16_4x64x64x128(%a: tensor<4x64x128xf16>, %b: tensor<4x128x64xf16>) -> tensor<4x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<4x64x128xf16>, tensor<4x128x64xf16>) outs(%acc : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  return %c : tensor<4x64x64xf32>
}
