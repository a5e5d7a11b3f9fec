// matmul_f32_128x128x256: C = A x B with linalg.matmul, A 128x256xf32, B 256x128xf32, C 128x128xf32 (C starts at zero).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @matmul_f32_128x128x256(%a: tensor<128x256xf32>, %b: tensor<256x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x128xf32>) outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}
