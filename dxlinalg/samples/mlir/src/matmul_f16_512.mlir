// matmul_f16_512: C = A x B with linalg.matmul, A 512x512xf16, B 512x512xf16, C 512x512xf32 (C starts at zero).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @matmul_f16_512(%a: tensor<512x512xf16>, %b: tensor<512x512xf16>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<512x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<512x512xf32>) -> tensor<512x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<512x512xf16>, tensor<512x512xf16>) outs(%acc : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}
