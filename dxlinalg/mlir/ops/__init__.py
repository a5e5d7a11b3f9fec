"""The operation definitions, one module per dialect; `dxlinalg.mlir.ops.all` imports (registers) them all."""
