"""MLIR's nvgpu dialect: the verifier and the text parser of the six warp-level operations (docs/nvgpu-verifier.md)."""

from dxlinalg.nvgpu.parser import parse
from dxlinalg.nvgpu.verifier import (
    NvgpuVerifierError,
    verify_device_async_copy,
    verify_device_async_create_group,
    verify_device_async_wait,
    verify_ldmatrix,
    verify_mma_sp_sync,
    verify_mma_sync,
)

__all__ = [
    "NvgpuVerifierError",
    "parse",
    "verify_device_async_copy",
    "verify_device_async_create_group",
    "verify_device_async_wait",
    "verify_ldmatrix",
    "verify_mma_sp_sync",
    "verify_mma_sync",
]
