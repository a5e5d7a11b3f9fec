// matmul_f32_100x72x56: C = A x B with linalg.matmul, A 100x56xf32, B 56x72xf32, C 100x72xf32 (C starts at zero). The sizes are
// not multiples of IREE's tiles: the kernel masks its loads and stores (vector.create_mask, vector.maskedload/store).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @matmul_f32_100x72x56(%a: tensor<100x56xf32>, %b: tensor<56x72xf32>) -> tensor<100x72xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<100x72xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<100x72xf32>) -> tensor<100x72xf32>
  %c = linalg.matmul ins(%a, %b : tensor<100x56xf32>, tensor<56x72xf32>) outs(%acc : tensor<100x72xf32>) -> tensor<100x72xf32>
  return %c : tensor<100x72xf32>
}
