// matmul_f16_256: C = A x B with linalg.matmul, A 256x256xf16, B 256x256xf16, C 256x256xf32 (C starts at zero).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @matmul_f16_256(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
