// elementwise_math_f32: R = x < y ? fma(sqrt(|x|), exp(y), x) : sqrt(|x|), elementwise over 64x256 f32 (linalg.generic).
// Built by tools/build_mlir_kernels.py; the kernels it produced are in dxlinalg/samples/mlir/. IREE expands math.exp into a
// polynomial (math.fma, math.floor, arith.fptosi, arith.shli, arith.bitcast) before the kernel is dumped.
func.func @elementwise_math_f32(%a: tensor<64x256xf32>, %b: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %empty = tensor.empty() : tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<64x256xf32>, tensor<64x256xf32>) outs(%empty : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %abs = math.absf %x : f32
    %root = math.sqrt %abs : f32
    %ey = math.exp %y : f32
    %fused = math.fma %root, %ey, %x : f32
    %less = arith.cmpf olt, %x, %y : f32
    %result = arith.select %less, %fused, %root : f32
    linalg.yield %result : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
