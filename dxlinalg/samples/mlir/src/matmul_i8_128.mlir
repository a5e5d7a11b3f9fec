// matmul_i8_128: C = A x B with linalg.matmul, A 128x128xi8, B 128x128xi8, C 128x128xi32 (C starts at zero).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/.
func.func @matmul_i8_128(%a: tensor<128x128xi8>, %b: tensor<128x128xi8>) -> tensor<128x128xi32> {
  %zero = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<128x128xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%empty : tensor<128x128xi32>) -> tensor<128x128xi32>
  %c = linalg.matmul ins(%a, %b : tensor<128x128xi8>, tensor<128x128xi8>) outs(%acc : tensor<128x128xi32>) -> tensor<128x128xi32>
  return %c : tensor<128x128xi32>
}
