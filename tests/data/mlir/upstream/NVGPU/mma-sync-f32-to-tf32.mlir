// Copied unchanged (below this header) from llvm/llvm-project mlir/test/Dialect/NVGPU/mma-sync-f32-to-tf32.mlir at
// commit 93e71df877e7e64b1d960c7f1a0848341bfaf47c. Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions; see https://llvm.org/LICENSE.txt and tests/data/mlir/upstream/README.md.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: mlir-opt %s -test-nvgpu-mmasync-f32-to-tf32-patterns="precision=tf32" -split-input-file | FileCheck %s

// CHECK-LABEL: m16n8k4_tf32
func.func @m16n8k4_tf32(%arg0: vector<2x1xf32>, %arg1: vector<1x1xf32>, %arg2: vector<2x2xf32>) -> vector<2x2xf32> {  
  // CHECK: nvgpu.mma.sync
  // CHECK-SAME: tf32Enabled
  %d = nvgpu.mma.sync (%arg0, %arg1, %arg2) {mmaShape = [16, 8, 4]} : (vector<2x1xf32>, vector<1x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>  
  return %d : vector<2x2xf32>
}

// -----

// CHECK-LABEL: m16n8k8_tf32
func.func @m16n8k8_tf32(%arg0: vector<4x1xf32>, %arg1: vector<2x1xf32>, %arg2: vector<2x2xf32>) -> vector<2x2xf32> {
  // CHECK: nvgpu.mma.sync
  // CHECK-SAME: tf32Enabled
  %d = nvgpu.mma.sync (%arg0, %arg1, %arg2) {mmaShape = [16, 8, 8]} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>    
  return %d : vector<2x2xf32>
}
// -----
